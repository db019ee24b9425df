// SPDX-License-Identifier: GPL-3.0-or-later
#include "approvalbroker.h"

#include "base/randomtoken.h"

#include <QDateTime>
#include <QJsonArray>
#include <QTimer>

using namespace Qt::StringLiterals;

QJsonObject ApprovalRequest::toJson() const
{
    return {{u"approval_id"_s, id},
            {u"request_id"_s, requestId},
            {u"call_id"_s, callId},
            {u"tool"_s, tool},
            {u"commands"_s, QJsonArray::fromStringList(commands)},
            {u"reason"_s, reason},
            {u"expires_at_ms"_s, deadlineMs}};
}

QString ApprovalAnswer::decisionName(ApprovalDecision decision)
{
    switch (decision) {
    case ApprovalDecision::AllowOnce:
        return u"allow_once"_s;
    case ApprovalDecision::AllowConversation:
        return u"allow_conversation"_s;
    case ApprovalDecision::Deny:
        return u"deny"_s;
    case ApprovalDecision::Expired:
        return u"expired"_s;
    case ApprovalDecision::Unavailable:
        return u"unavailable"_s;
    }
    return u"deny"_s;
}

std::optional<ApprovalDecision> ApprovalAnswer::parseDecision(const QString &name)
{
    for (ApprovalDecision d :
         {ApprovalDecision::AllowOnce, ApprovalDecision::AllowConversation, ApprovalDecision::Deny,
          ApprovalDecision::Expired, ApprovalDecision::Unavailable})
        if (decisionName(d) == name)
            return d;
    return std::nullopt;
}

ApprovalBroker::ApprovalBroker(const QString &workspace, QObject *parent)
    : QObject(parent)
    , m_workspace(workspace)
{}

ApprovalBroker::~ApprovalBroker() = default;

QString ApprovalBroker::ask(ApprovalRequest request, int timeoutMs)
{
    request.id = randomToken(u"apr_"_s, 16);
    request.workspace = m_workspace;
    request.createdMs = QDateTime::currentMSecsSinceEpoch();
    request.deadlineMs = request.createdMs + timeoutMs;
    auto *timer = new QTimer(this);
    timer->setSingleShot(true);
    const QString id = request.id;
    connect(timer, &QTimer::timeout, this, [this, id] {
        close(id, {ApprovalDecision::Expired, {}, u"timeout"_s});
    });
    timer->start(timeoutMs);
    m_open.append({request, timer});
    Q_EMIT requested(request);
    return id;
}

bool ApprovalBroker::answer(const QString &id, ApprovalDecision decision, const QString &note,
                            const QString &by, QString *error)
{
    if (decision != ApprovalDecision::AllowOnce && decision != ApprovalDecision::AllowConversation &&
        decision != ApprovalDecision::Deny) {
        if (error)
            *error = u"the decision must be allow_once, allow_conversation or deny"_s;
        return false;
    }
    if (!find(id)) {
        if (error)
            *error = u"no call is waiting for approval %1 (answered already, expired or withdrawn)"_s.arg(id);
        return false;
    }
    close(id, {decision, note.left(4000), by});
    return true;
}

void ApprovalBroker::withdraw(const QString &id)
{
    for (qsizetype i = 0; i < m_open.size(); ++i) {
        if (m_open.at(i).request.id == id) {
            delete m_open.at(i).timer;
            m_open.removeAt(i);
            Q_EMIT withdrawn(id);
            return;
        }
    }
}

QList<ApprovalRequest> ApprovalBroker::pending() const
{
    QList<ApprovalRequest> out;
    for (const Open &o : m_open)
        out.append(o.request);
    return out;
}

std::optional<ApprovalRequest> ApprovalBroker::find(const QString &id) const
{
    for (const Open &o : m_open)
        if (o.request.id == id)
            return o.request;
    return std::nullopt;
}

void ApprovalBroker::allowFor(const QString &conversation, const QStringList &commands)
{
    if (conversation.isEmpty())
        return;
    QSet<QString> &set = m_allowed[conversation];
    for (const QString &line : commands)
        for (const QString &part : ApprovalPolicy::simpleCommands(line))
            set.insert(part);
}

void ApprovalBroker::close(const QString &id, const ApprovalAnswer &answer)
{
    for (qsizetype i = 0; i < m_open.size(); ++i) {
        if (m_open.at(i).request.id != id)
            continue;
        const Open o = m_open.takeAt(i);
        delete o.timer;
        if (answer.decision == ApprovalDecision::AllowConversation)
            allowFor(o.request.conversation, o.request.commands);
        Q_EMIT resolved(o.request, answer);
        return;
    }
}
