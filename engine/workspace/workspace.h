// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "base/approvalpolicy.h"

#include <QObject>
#include <QString>

class ApprovalBroker;
class ContainerManager;
class ConversationStore;
class ProviderRegistry;
class RequestObserver;

// One workspace's services in one object: its containers, its providers, its guardrails and request log
// (the observer), and its saved conversations. The window and `sandbench serve` each make one per workspace
// and pass it to whoever needs them, so a workspace has one container set and one request-log connection
// per process.
class Workspace : public QObject
{
    Q_OBJECT
public:
    Workspace(const QString &dataDir, const QString &name, QObject *parent = nullptr);

    QString dataDir() const { return m_dataDir; }
    QString name() const { return m_name; }
    ContainerManager *containers() const { return m_containers; }
    ProviderRegistry *providers() const { return m_providers; }
    RequestObserver *observer() const { return m_observer; }
    ConversationStore *conversations() const { return m_conversations; }
    // The workspace's open approval asks, shared by its window conversations and its API requests.
    ApprovalBroker *approvals() const { return m_approvals; }
    // The workspace's approval mode, rules and wait limit as settings.json says now (README "Approvals");
    // a bad entry asks before each call and says why in *error.
    ApprovalPolicy approvalPolicy(QString *error = nullptr) const;
    // `serve --approvals MODE` and `--approvals-timeout S`: set for this process, over settings.json.
    void overrideApprovals(std::optional<ApprovalMode> mode, int timeoutSeconds = 0)
    {
        m_modeOverride = mode;
        m_timeoutOverride = timeoutSeconds;
    }

private:
    QString m_dataDir;
    QString m_name;
    ContainerManager *m_containers = nullptr;
    ProviderRegistry *m_providers = nullptr;
    RequestObserver *m_observer = nullptr;
    ConversationStore *m_conversations = nullptr;
    ApprovalBroker *m_approvals = nullptr;
    std::optional<ApprovalMode> m_modeOverride;
    int m_timeoutOverride = 0;
};
