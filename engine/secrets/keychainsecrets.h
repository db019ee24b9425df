// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/providerregistry.h"

#include <QObject>
#include <QPointer>
#include <QSet>

class SecretStore;

// Gives the provider registry the keys kept in the OS keychain. QtKeychain answers asynchronously, so keys
// are read ahead (at start, when providers change, when a key is saved) and requests only look them up;
// a key that is not there yet, or a keychain that cannot be reached, is explained instead of silently
// sending no key. Remembers which providers have a keychain key (names only) in the workspace's
// keychain-keys.json so that it can tell "no key needed" from "key unreachable".
class KeychainSecrets : public QObject, public SecretProvider
{
    Q_OBJECT
public:
    // Installs itself as registry's secret provider; neither is owned.
    KeychainSecrets(SecretStore *store, ProviderRegistry *registry, const QString &dataDir,
                    const QString &workspace, QObject *parent = nullptr);
    ~KeychainSecrets() override;

    // Starts reading the keys of every configured provider not read yet. True when some provider known to
    // have a keychain key is being read (keysLoaded() follows).
    bool prefetch();
    bool isReading() const { return !m_reading.isEmpty(); }
    QStringList providersWithKeychainKey() const;

    QString apiKey(const ProviderConfig &provider) const override;
    QString missingKeyReason(const ProviderConfig &provider) const override;

Q_SIGNALS:
    // Every key asked for by prefetch() has been read (or found unreachable).
    void keysLoaded();

private:
    void remember(const QString &provider, bool hasKey);
    void settle(const QString &provider);

    QPointer<SecretStore> m_store;
    QPointer<ProviderRegistry> m_registry;
    QString m_indexPath;
    QSet<QString> m_withKey;
    QSet<QString> m_reading;
};
