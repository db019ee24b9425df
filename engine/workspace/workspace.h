// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QString>

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

private:
    QString m_dataDir;
    QString m_name;
    ContainerManager *m_containers = nullptr;
    ProviderRegistry *m_providers = nullptr;
    RequestObserver *m_observer = nullptr;
    ConversationStore *m_conversations = nullptr;
};
