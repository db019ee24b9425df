// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "gateway/requestobserver.h"

#include <QDateTime>
#include <QHash>
#include <QObject>
#include <QPointer>
#include <QUrl>

#include <memory>
#include <optional>

class ApiKeys;
class ApiServer;
class Settings;
class Workspace;

// The local API run inside the desktop app (`sandbench serve` without a terminal, SPEC 5/6): starts and
// stops an in-process ApiServer on 127.0.0.1, keeps the on/off switch and the port in Settings, and manages
// the workspace's API keys so a user can hand one to another program. The window's own workspace is served
// with the window's Workspace (one session map, one set of guardrails and one request log per workspace and
// process); keys of other workspaces get the server's own managers.
class LocalApiController : public QObject
{
    Q_OBJECT
public:
    static constexpr int MinPort = 1024;
    static constexpr int MaxPort = 65535;

    // A key as listed: what is stored (hash, prefix, creation time) plus the key itself when this run of the
    // app created it (kept in memory only, so the user can still copy it).
    struct KeyInfo
    {
        QString id; // the key's SHA-256, hex
        QString prefix;
        QDateTime created;
        QString secret;
    };

    // The workspace is the window's; its containers, providers and observer are shared with the server.
    LocalApiController(Settings *settings, Workspace *workspace, QObject *parent = nullptr);
    ~LocalApiController() override;

    // Checks a port the user typed: the port, or nullopt and a message saying what is allowed.
    static std::optional<int> parsePort(const QString &text, QString *error);

    // Starts when Settings say the API is on (at app start); a failure is kept in lastError(), never fatal.
    void startFromSettings();
    // Turns the API on at port (restarting it when it runs on another port) and remembers both in Settings.
    // False with an error (also in lastError()) when the port is invalid or taken; the switch stays on so
    // the next app start tries again.
    bool start(int port, QString *error = nullptr);
    // Remembers port; a running API moves to it (false with an error when it cannot).
    bool setPort(int port, QString *error = nullptr);
    // Turns the API off, closing the port and ending requests still running; remembers that it is off.
    void stop();

    bool isEnabled() const;
    bool isRunning() const { return m_server != nullptr; }
    // The port it listens on, or the configured port while stopped.
    quint16 port() const;
    // http://127.0.0.1:PORT (the API root is url() + "/api/v1").
    QUrl url() const;
    QString lastError() const { return m_lastError; }
    QString workspace() const { return m_workspaceName; }
    QString dataDir() const { return m_dataDir; }
    // A key that watches this workspace's event stream of the running server (in memory only); empty when
    // stopped. A new one after every start.
    QString viewerKey() const { return m_viewerKey; }
    ApiServer *server() const { return m_server; }

    // The workspace's API keys, oldest first; nullopt and an error when the key file cannot be read.
    std::optional<QList<KeyInfo>> keys(QString *error) const;
    // A new key for the workspace (shown in full; only its hash is stored on disk).
    std::optional<QString> createKey(QString *error);
    // Revokes the key with this id; the running server refuses it from the next request on.
    bool revokeKey(const QString &id, QString *error);

Q_SIGNALS:
    // Running, stopped, port or error changed.
    void stateChanged();
    void keysChanged();

private:
    bool listen(int port, QString *error);
    void shutDown();
    ApiKeys *apiKeys() const;

    Settings *m_settings;
    QString m_dataDir;
    QString m_workspaceName;
    // Null once the window deleted it (before its other children): the server stops first.
    Workspace *m_workspace;
    ApiServer *m_server = nullptr;
    QString m_viewerKey;
    QString m_lastError;
    std::unique_ptr<ApiKeys> m_keys;   // used while no server runs
    QHash<QString, QString> m_secrets; // id -> key made in this run
    bool m_applying = false;
};
