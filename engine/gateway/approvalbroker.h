// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "base/approvalpolicy.h"

#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QSet>
#include <QStringList>

class QTimer;

// One call waiting for a person's answer.
struct ApprovalRequest
{
    QString id; // "apr_…"
    QString workspace;
    QString requestId;    // the loop's request id (resp_…, run_…)
    QString conversation; // the key "Allow for this conversation" remembers under
    QString callId;
    QString tool;         // "openrouter:shell", "openrouter:bash", or the code contract's name
    QStringList commands; // as a person reads them
    QString reason;       // why it asks: "no rule matched \"rm -rf x\""
    qint64 createdMs = 0;
    qint64 deadlineMs = 0; // when it expires

    // The WebSocket's approval.pending event body (without "type").
    QJsonObject toJson() const;
};

enum class ApprovalDecision { AllowOnce, AllowConversation, Deny, Expired, Unavailable };

struct ApprovalAnswer
{
    ApprovalDecision decision = ApprovalDecision::Deny;
    QString note; // the person's note for the model (may be empty)
    QString by;   // "window", "terminal", "websocket", "timeout", "nobody"
    bool allows() const
    {
        return decision == ApprovalDecision::AllowOnce || decision == ApprovalDecision::AllowConversation;
    }
    // "allow_once", "allow_conversation", "deny", "expired", "unavailable"
    static QString decisionName(ApprovalDecision decision);
    static std::optional<ApprovalDecision> parseDecision(const QString &name);
};

// A workspace's open asks: the agent loop puts a call here and waits for resolved(); whoever can answer (the
// window, a terminal prompt, a WebSocket viewer) sees requested() and calls answer(). A request nobody
// answers within its limit resolves as Expired. It also keeps what "Allow for this conversation" allowed.
class ApprovalBroker : public QObject
{
    Q_OBJECT
public:
    explicit ApprovalBroker(const QString &workspace, QObject *parent = nullptr);
    ~ApprovalBroker() override;

    QString workspace() const { return m_workspace; }

    // Something that can answer is present (the window, a terminal, a connected viewer); counted.
    void addAnswerer() { ++m_answerers; }
    void removeAnswerer() { m_answerers = std::max(0, m_answerers - 1); }
    bool canAsk() const { return m_answerers > 0; }

    // Opens an ask (its id is set here) that expires after timeoutMs; requested() follows at once.
    QString ask(ApprovalRequest request, int timeoutMs);
    // false with *error for an unknown or already answered id, or a decision a person cannot give.
    bool answer(const QString &id, ApprovalDecision decision, const QString &note, const QString &by,
                QString *error = nullptr);
    // The caller went away: the ask closes without an answer (no resolved()), withdrawn() follows.
    void withdraw(const QString &id);
    QList<ApprovalRequest> pending() const;
    std::optional<ApprovalRequest> find(const QString &id) const;

    // What "Allow for this conversation" allowed: simple commands (ApprovalPolicy::simpleCommands).
    QSet<QString> allowedFor(const QString &conversation) const { return m_allowed.value(conversation); }
    void allowFor(const QString &conversation, const QStringList &commands);
    void forgetConversation(const QString &conversation) { m_allowed.remove(conversation); }

Q_SIGNALS:
    void requested(const ApprovalRequest &request);
    void resolved(const ApprovalRequest &request, const ApprovalAnswer &answer);
    void withdrawn(const QString &id);

private:
    struct Open
    {
        ApprovalRequest request;
        QTimer *timer = nullptr;
    };
    void close(const QString &id, const ApprovalAnswer &answer);

    QString m_workspace;
    int m_answerers = 0;
    QList<Open> m_open; // oldest first
    QHash<QString, QSet<QString>> m_allowed;
};
