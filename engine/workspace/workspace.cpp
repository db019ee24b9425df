// SPDX-License-Identifier: GPL-3.0-or-later
#include "workspace/workspace.h"

#include "gateway/requestobserver.h"
#include "models/providerregistry.h"
#include "sandbox/containermanager.h"
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
{}
