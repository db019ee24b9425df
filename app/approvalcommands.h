// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QObject>
#include <QPointer>
#include <QStringList>

class ApprovalBroker;
class QSocketNotifier;
struct ApprovalAnswer;
struct ApprovalRequest;

// `sandbench approvals`: shows and changes a workspace's approval mode, wait limit and rules.
int runApprovalsCommand(const QStringList &args);

// `serve --approvals ask` in a terminal: each ask is printed on stderr and answered from a line on stdin
// (y: allow once, a: allow for this conversation, n [note]: deny). Asks answered elsewhere (a live viewer,
// the limit) are noted and the next one shown.
class TerminalApprover : public QObject
{
    Q_OBJECT
public:
    explicit TerminalApprover(QObject *parent = nullptr);
    ~TerminalApprover() override;
    void attach(ApprovalBroker *broker);

private:
    void onRequested(const ApprovalRequest &request);
    void onClosed(const QString &id, const QString &how);
    void onInput();
    void showNext();

    struct Entry
    {
        QPointer<ApprovalBroker> broker;
        QString id;
    };
    QList<Entry> m_queue; // the first one is shown
    QString m_shown;
    QSocketNotifier *m_stdin = nullptr;
    QByteArray m_line;
};
