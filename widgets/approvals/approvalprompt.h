// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "gateway/approvalbroker.h"

#include <QFrame>
#include <QPointer>

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;

// The window's answer to an approval ask (README "Approvals"): the oldest call waiting in the workspace —
// a conversation's or an API request's — with its commands, Allow once, Allow for this conversation and Deny
// with an optional note the model receives. Hidden while nothing waits. While it exists the window counts
// as someone who can answer.
class ApprovalPrompt : public QFrame
{
    Q_OBJECT
public:
    // conversationTitle names the window's conversation an ask belongs to (empty: not one of the window's).
    ApprovalPrompt(ApprovalBroker *broker,
                   std::function<QString(const QString &conversation)> conversationTitle,
                   QWidget *parent = nullptr);
    ~ApprovalPrompt() override;

    QString shownId() const { return m_shown; }

private:
    void showNext();
    void decide(ApprovalDecision decision);
    void updateCountdown();

    QPointer<ApprovalBroker> m_broker;
    std::function<QString(const QString &)> m_conversationTitle;
    QString m_shown;
    QLabel *m_title = nullptr;
    QLabel *m_source = nullptr;
    QPlainTextEdit *m_commands = nullptr;
    QLabel *m_reason = nullptr;
    QLineEdit *m_note = nullptr;
    QPushButton *m_allowOnce = nullptr;
    QPushButton *m_allowConversation = nullptr;
    QPushButton *m_deny = nullptr;
    QLabel *m_left = nullptr;
    QTimer *m_tick = nullptr;
    class QAction *m_allowAction = nullptr;
    class QAction *m_denyAction = nullptr;
};
