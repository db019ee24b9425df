// SPDX-License-Identifier: GPL-3.0-or-later
#include "localapi/localapicontroller.h"

#include "base/settings.h"
#include "sandbox/containermanager.h"
#include "server/apikeys.h"
#include "server/apiserver.h"
#include "workspace/workspace.h"

#include <QCryptographicHash>
#include <QHostAddress>

using namespace Qt::StringLiterals;

namespace {
// Every controller of this process, so a port held by another window can be named as such.
QList<LocalApiController *> &controllers()
{
    static QList<LocalApiController *> all;
    return all;
}
} // namespace

LocalApiController::LocalApiController(Settings *settings, Workspace *workspace, QObject *parent)
    : QObject(parent)
    , m_settings(settings)
    , m_dataDir(workspace->dataDir())
    , m_workspaceName(workspace->name())
    , m_workspace(workspace)
    , m_keys(std::make_unique<ApiKeys>(workspace->dataDir()))
{
    controllers().append(this);
    // The window deletes its workspace before its other children: end the server's runs first.
    connect(workspace, &QObject::destroyed, this, [this] {
        m_workspace = nullptr;
        shutDown();
    });
    // Another page (the Settings dialog) may flip the switch or change the port through Settings.
    connect(settings, &Settings::changed, this, [this](Settings::Key key) {
        if (m_applying)
            return;
        if (key == Settings::Key::LocalApiEnabled) {
            if (isEnabled() && !isRunning())
                start(m_settings->value(Settings::Key::LocalApiPort).toInt());
            else if (!isEnabled() && isRunning())
                stop();
        } else if (key == Settings::Key::LocalApiPort && isRunning()) {
            const int wanted = m_settings->value(Settings::Key::LocalApiPort).toInt();
            if (wanted != port())
                start(wanted);
        }
    });
}

LocalApiController::~LocalApiController()
{
    controllers().removeAll(this);
    shutDown();
}

std::optional<int> LocalApiController::parsePort(const QString &text, QString *error)
{
    bool ok = false;
    const int port = text.trimmed().toInt(&ok);
    if (!ok || port < MinPort || port > MaxPort) {
        *error = tr("The port must be a whole number from %1 to %2 (got \"%3\"); ports below %1 are "
                    "reserved for system services.")
                     .arg(MinPort)
                     .arg(MaxPort)
                     .arg(text.trimmed());
        return std::nullopt;
    }
    return port;
}

void LocalApiController::startFromSettings()
{
    if (!isEnabled() || isRunning())
        return;
    QString error;
    const int port = m_settings->value(Settings::Key::LocalApiPort).toInt();
    if (parsePort(QString::number(port), &error))
        listen(port, &error);
    else
        m_lastError = error;
    Q_EMIT stateChanged();
}

bool LocalApiController::start(int port, QString *error)
{
    QString problem;
    const std::optional<int> valid = parsePort(QString::number(port), &problem);
    bool ok = false;
    if (valid) {
        m_applying = true;
        m_settings->setValue(Settings::Key::LocalApiEnabled, true);
        m_settings->setValue(Settings::Key::LocalApiPort, port);
        m_applying = false;
        ok = isRunning() && this->port() == port ? true : listen(port, &problem);
    } else {
        m_lastError = problem;
    }
    if (error && !ok)
        *error = problem;
    Q_EMIT stateChanged();
    return ok;
}

bool LocalApiController::setPort(int port, QString *error)
{
    if (isRunning() || isEnabled())
        return start(port, error);
    QString problem;
    if (!parsePort(QString::number(port), &problem)) {
        if (error)
            *error = problem;
        return false;
    }
    m_applying = true;
    m_settings->setValue(Settings::Key::LocalApiPort, port);
    m_applying = false;
    Q_EMIT stateChanged();
    return true;
}

void LocalApiController::stop()
{
    m_applying = true;
    m_settings->setValue(Settings::Key::LocalApiEnabled, false);
    m_applying = false;
    shutDown();
    m_lastError.clear();
    Q_EMIT stateChanged();
}

bool LocalApiController::listen(int port, QString *error)
{
    if (!m_workspace) {
        shutDown();
        *error = m_lastError = tr("The window is closing.");
        return false;
    }
    // The new port is tried first: when it cannot be had, a running server stays where it is.
    auto *server = new ApiServer(m_dataDir, this);
    server->useWorkspace(m_workspace);
    server->setAllowedHosts(m_settings->localApiAllowedHosts());
    server->setAllowedOrigins(m_settings->localApiAllowedOrigins());
    QString detail;
    if (!server->listen(QHostAddress::LocalHost, quint16(port), &detail)) {
        const LocalApiController *holder = nullptr;
        for (const LocalApiController *other : std::as_const(controllers())) {
            if (other != this && other->isRunning() && other->port() == port)
                holder = other;
        }
        if (holder)
            *error = tr("Port %1 is already in use by the local API of another Sandbench window (workspace "
                        "\u201c%2\u201d). Choose another port, or turn the local API off in that window.")
                         .arg(port)
                         .arg(holder->workspace());
        else if (server->listenError() == QAbstractSocket::AddressInUseError)
            *error = tr("Port %1 is already in use by another program (perhaps `sandbench serve` in a "
                        "terminal). Choose another port, or stop that program and turn the API on again.")
                         .arg(port);
        else
            *error = tr("Cannot listen on 127.0.0.1:%1: %2").arg(port).arg(detail);
        m_lastError = *error;
        delete server;
        if (m_server) {
            // Still running on the old port: the settings say so too.
            m_applying = true;
            m_settings->setValue(Settings::Key::LocalApiPort, int(m_server->port()));
            m_applying = false;
        }
        return false;
    }
    shutDown();
    m_server = server;
    m_viewerKey = server->createViewerKey(m_workspaceName);
    m_lastError.clear();
    return true;
}

void LocalApiController::shutDown()
{
    if (!m_server)
        return;
    // Deleting the server closes its port and its connections and ends its runs; the window's containers
    // stay.
    delete std::exchange(m_server, nullptr);
    m_viewerKey.clear();
}

bool LocalApiController::isEnabled() const
{
    return m_settings->value(Settings::Key::LocalApiEnabled).toBool();
}

quint16 LocalApiController::port() const
{
    if (m_server)
        return m_server->port();
    return quint16(m_settings->value(Settings::Key::LocalApiPort).toInt());
}

QUrl LocalApiController::url() const
{
    return QUrl(u"http://127.0.0.1:%1"_s.arg(port()));
}

ApiKeys *LocalApiController::apiKeys() const
{
    // The running server's instance, so its cache learns of new and revoked keys at once.
    return m_server ? m_server->keys() : m_keys.get();
}

std::optional<QList<LocalApiController::KeyInfo>> LocalApiController::keys(QString *error) const
{
    const std::optional<QList<ApiKeys::Info>> stored = apiKeys()->list(m_workspaceName, error);
    if (!stored)
        return std::nullopt;
    QList<KeyInfo> result;
    for (const ApiKeys::Info &k : *stored)
        result.append(
            {k.sha256, k.prefix, QDateTime::fromMSecsSinceEpoch(k.createdMs), m_secrets.value(k.sha256)});
    return result;
}

std::optional<QString> LocalApiController::createKey(QString *error)
{
    const std::optional<QString> key = apiKeys()->create(m_workspaceName, error);
    if (!key)
        return std::nullopt;
    m_secrets.insert(
        QString::fromLatin1(QCryptographicHash::hash(key->toUtf8(), QCryptographicHash::Sha256).toHex()),
        *key);
    Q_EMIT keysChanged();
    return key;
}

bool LocalApiController::revokeKey(const QString &id, QString *error)
{
    if (!apiKeys()->revoke(m_workspaceName, id, error))
        return false;
    m_secrets.remove(id);
    Q_EMIT keysChanged();
    return true;
}
