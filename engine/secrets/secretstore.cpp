// SPDX-License-Identifier: GPL-3.0-or-later
#include "secretstore.h"

#include <QTimer>

#include <qt6keychain/keychain.h>

using namespace Qt::StringLiterals;

namespace {
constexpr auto Service = "sandbench"_L1;
QHash<QString, QString> *s_memoryBackend = nullptr;

bool isUnavailable(int error)
{
    return error == QKeychain::NoBackendAvailable || error == QKeychain::NotImplemented ||
           error == QKeychain::OtherError;
}

QString explain(int error, const QString &detail)
{
    switch (error) {
    case QKeychain::NoBackendAvailable:
    case QKeychain::NotImplemented:
    case QKeychain::OtherError: {
        const QString text = SecretStore::tr(
            "No keychain service is running (for example GNOME Keyring or KWallet), so keys cannot be "
            "saved or read. Sandbench never stores keys in plain text; start a keychain service, or name an "
            "environment variable that holds the key in the provider settings.");
        // QtKeychain's "Unknown error" says nothing the sentence above does not.
        if (detail.isEmpty() || detail.compare(u"Unknown error"_s, Qt::CaseInsensitive) == 0)
            return text;
        return text + u' ' + SecretStore::tr("The keychain said: %1").arg(detail);
    }
    case QKeychain::AccessDenied:
    case QKeychain::AccessDeniedByUser:
        return SecretStore::tr("The keychain refused access: %1").arg(detail);
    case QKeychain::EntryNotFound:
        return SecretStore::tr("No key is stored for this provider.");
    default:
        return SecretStore::tr("The keychain failed: %1").arg(detail);
    }
}
} // namespace

SecretStore::SecretStore(const QString &workspace, QObject *parent)
    : QObject(parent)
    , m_workspace(workspace)
    , m_memory(s_memoryBackend)
{}

void SecretStore::setMemoryBackendForTests(QHash<QString, QString> *keys)
{
    s_memoryBackend = keys;
}

QString SecretStore::entryName(const QString &provider) const
{
    return m_workspace + u'/' + provider;
}

void SecretStore::writeKey(const QString &provider, const QString &key)
{
    run(Op::Write, provider, key);
}

void SecretStore::readKey(const QString &provider)
{
    // An unreachable keychain stays reported as such while it is asked again.
    const KeyState state = keyState(provider);
    if (state != KeyState::Reading && state != KeyState::Unavailable) {
        m_states.insert(provider, KeyState::Reading);
        Q_EMIT keysChanged();
    }
    run(Op::Read, provider, QString());
}

void SecretStore::removeKey(const QString &provider)
{
    run(Op::Remove, provider, QString());
}

void SecretStore::prefetch(const QStringList &providers)
{
    for (const QString &provider : providers) {
        const KeyState state = keyState(provider);
        if (state == KeyState::Unknown || state == KeyState::Unavailable)
            readKey(provider);
    }
}

void SecretStore::forget(const QString &provider)
{
    m_keys.remove(provider);
    if (m_states.remove(provider) > 0)
        Q_EMIT keysChanged();
}

SecretStore::KeyState SecretStore::keyState(const QString &provider) const
{
    return m_states.value(provider, KeyState::Unknown);
}

QString SecretStore::cachedKey(const QString &provider) const
{
    return m_keys.value(provider);
}

void SecretStore::run(Op op, const QString &provider, const QString &key)
{
    if (m_memory) {
        // Answer later, as the keychain does, so callers cannot come to rely on a synchronous reply.
        QTimer::singleShot(0, this, [this, op, provider, key] {
            const QString entry = entryName(provider);
            int error = QKeychain::NoError;
            QString value = key;
            if (op == Op::Write) {
                m_memory->insert(entry, key);
            } else if (op == Op::Remove) {
                if (m_memory->remove(entry) == 0)
                    error = QKeychain::EntryNotFound;
            } else if (m_memory->contains(entry)) {
                value = m_memory->value(entry);
            } else {
                error = QKeychain::EntryNotFound;
            }
            finish(op, provider, value, error, QString());
        });
        return;
    }
    QKeychain::Job *job = nullptr;
    if (op == Op::Write) {
        auto *write = new QKeychain::WritePasswordJob(QString(Service), this);
        write->setTextData(key);
        job = write;
    } else if (op == Op::Remove) {
        job = new QKeychain::DeletePasswordJob(QString(Service), this);
    } else {
        job = new QKeychain::ReadPasswordJob(QString(Service), this);
    }
    job->setAutoDelete(true);
    job->setInsecureFallback(false);
    job->setKey(entryName(provider));
    connect(job, &QKeychain::Job::finished, this, [this, op, provider, key](QKeychain::Job *done) {
        QString value = key;
        if (op == Op::Read && done->error() == QKeychain::NoError)
            value = static_cast<QKeychain::ReadPasswordJob *>(done)->textData();
        finish(op, provider, value, done->error(), done->errorString());
    });
    job->start();
}

void SecretStore::finish(Op op, const QString &provider, const QString &key, int error, const QString &detail)
{
    if (isUnavailable(error)) {
        m_unavailable = explain(error, detail);
        if (op == Op::Read)
            m_states.insert(provider, KeyState::Unavailable);
        Q_EMIT keysChanged();
        if (op == Op::Write)
            Q_EMIT writeFailed(provider, m_unavailable);
        Q_EMIT failed(provider, m_unavailable);
        return;
    }
    if (error == QKeychain::NoError)
        m_unavailable.clear();

    switch (op) {
    case Op::Read:
        if (error == QKeychain::NoError) {
            m_keys.insert(provider, key);
            m_states.insert(provider, KeyState::Stored);
        } else if (error == QKeychain::EntryNotFound) {
            m_keys.remove(provider);
            m_states.insert(provider, KeyState::NotStored);
        } else {
            m_states.insert(provider, KeyState::Unknown);
        }
        Q_EMIT keysChanged();
        if (error == QKeychain::NoError)
            Q_EMIT keyRead(provider, key);
        else if (error != QKeychain::EntryNotFound) // no key is a normal answer
            Q_EMIT failed(provider, explain(error, detail));
        return;
    case Op::Write:
        if (error != QKeychain::NoError) {
            Q_EMIT writeFailed(provider, explain(error, detail));
            Q_EMIT failed(provider, explain(error, detail));
            return;
        }
        m_keys.insert(provider, key);
        m_states.insert(provider, KeyState::Stored);
        Q_EMIT keysChanged();
        Q_EMIT keyWritten(provider);
        return;
    case Op::Remove:
        // A key that was never stored is removed as well as one can be.
        if (error != QKeychain::NoError && error != QKeychain::EntryNotFound) {
            Q_EMIT failed(provider, explain(error, detail));
            return;
        }
        m_keys.remove(provider);
        m_states.insert(provider, KeyState::NotStored);
        Q_EMIT keysChanged();
        Q_EMIT keyRemoved(provider);
        return;
    }
}
