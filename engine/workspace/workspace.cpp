// SPDX-License-Identifier: GPL-3.0-or-later
#include "workspace/workspace.h"

#include "base/workspacesettings.h"
#include "gateway/approvalbroker.h"
#include "gateway/requestobserver.h"
#include "models/providerregistry.h"
#include "sandbox/containermanager.h"
#include "sandbox/history/containerregistry.h"
#include "sandbox/sandboxsettings.h"
#include "workspace/conversationstore.h"

Workspace::Workspace(const QString &dataDir, const QString &name, QObject *parent)
    : QObject(parent)
    , m_dataDir(dataDir)
    , m_name(name)
    , m_containers(new ContainerManager(SandboxSettings::forDataDir(dataDir, name), this))
    , m_providers(new ProviderRegistry(dataDir, name, this))
    , m_observer(new RequestObserver(dataDir, name, this))
    , m_conversations(new ConversationStore(dataDir, name, this))
    , m_approvals(new ApprovalBroker(name, this))
{}

ApprovalPolicy Workspace::approvalPolicy(QString *error) const
{
    WorkspaceSettings settings(ContainerRegistry(m_dataDir).workspaceDir(m_name));
    ApprovalPolicy policy;
    if (!settings.load(error)) {
        policy.mode = ApprovalMode::Ask; // unreadable: ask rather than run
    } else {
        policy = settings.approvalPolicy(error);
    }
    if (m_modeOverride)
        policy.mode = *m_modeOverride;
    if (m_timeoutOverride > 0)
        policy.timeoutSeconds = m_timeoutOverride;
    return policy;
}
