// SPDX-License-Identifier: GPL-3.0-or-later
#include "secretstore.h"

#include <qt6keychain/keychain.h>

using namespace Qt::StringLiterals;

namespace {
constexpr auto Service = "sandbench"_L1;

QString explain(QKeychain::Error error, const QString &detail)
{
    switch (error) {
    case QKeychain::NoBackendAvailable:
    case QKeychain::NotImplemented:
    case QKeychain::OtherError:
        return SecretStore::tr(
                   "No keychain service is running (for example GNOME Keyring or KWallet), so the key "
                   "was not saved. Sandbench never stores keys in plain text; start a keychain service, "
                   "or set the key in an environment variable named in the provider settings. (%1)")
            .arg(detail);
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
{}

QString SecretStore::entryName(const QString &provider) const
{
    return m_workspace + u'/' + provider;
}

void SecretStore::writeKey(const QString &provider, const QString &key)
{
    auto *job = new QKeychain::WritePasswordJob(QString(Service), this);
    job->setAutoDelete(true);
    job->setInsecureFallback(false);
    job->setKey(entryName(provider));
    job->setTextData(key);
    connect(job, &QKeychain::Job::finished, this, [this, provider](QKeychain::Job *done) {
        if (done->error() == QKeychain::NoError)
            Q_EMIT keyWritten(provider);
        else
            Q_EMIT failed(provider, explain(done->error(), done->errorString()));
    });
    job->start();
}

void SecretStore::readKey(const QString &provider)
{
    auto *job = new QKeychain::ReadPasswordJob(QString(Service), this);
    job->setAutoDelete(true);
    job->setInsecureFallback(false);
    job->setKey(entryName(provider));
    connect(job, &QKeychain::Job::finished, this, [this, provider](QKeychain::Job *done) {
        if (done->error() == QKeychain::NoError)
            Q_EMIT keyRead(provider, static_cast<QKeychain::ReadPasswordJob *>(done)->textData());
        else
            Q_EMIT failed(provider, explain(done->error(), done->errorString()));
    });
    job->start();
}
