// SPDX-License-Identifier: GPL-3.0-or-later
#include "keychainsecrets.h"

#include "base/jsonfile.h"
#include "secretstore.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonObject>

using namespace Qt::StringLiterals;

KeychainSecrets::KeychainSecrets(SecretStore *store, ProviderRegistry *registry, const QString &dataDir,
                                 const QString &workspace, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_registry(registry)
    , m_indexPath(QDir(dataDir).filePath(u"workspaces/"_s % workspace % u"/keychain-keys.json"_s))
{
    QString error;
    if (const std::optional<QJsonDocument> doc = JsonFile::read(m_indexPath, &error)) {
        for (const QJsonValue &name : doc->object().value(u"providers"_s).toArray())
            m_withKey.insert(name.toString());
    } else {
        qWarning("%s", qPrintable(error));
    }
    registry->setSecretProvider(this);
    connect(registry, &ProviderRegistry::changed, this, &KeychainSecrets::prefetch);
    connect(store, &SecretStore::keyWritten, this,
            [this](const QString &provider) { remember(provider, true); });
    connect(store, &SecretStore::keyRemoved, this, [this](const QString &provider) {
        remember(provider, false);
        settle(provider);
    });
    connect(store, &SecretStore::keyRead, this, [this](const QString &provider) {
        // Keys saved before this index existed are learnt when they are first read.
        remember(provider, true);
        settle(provider);
    });
    connect(store, &SecretStore::failed, this, [this](const QString &provider) {
        if (m_store && m_store->keyState(provider) == SecretStore::KeyState::NotStored)
            remember(provider, false);
        settle(provider);
    });
}

KeychainSecrets::~KeychainSecrets()
{
    if (m_registry)
        m_registry->setSecretProvider(nullptr);
}

bool KeychainSecrets::prefetch()
{
    if (!m_store || !m_registry)
        return false;
    QStringList names;
    for (const ProviderConfig &p : m_registry->providers()) {
        const SecretStore::KeyState state = m_store->keyState(p.name);
        if (state == SecretStore::KeyState::Unknown || state == SecretStore::KeyState::Unavailable) {
            names.append(p.name);
            m_reading.insert(p.name);
        }
    }
    m_store->prefetch(names);
    for (const QString &name : std::as_const(names)) {
        if (m_withKey.contains(name))
            return true;
    }
    return false;
}

QStringList KeychainSecrets::providersWithKeychainKey() const
{
    QStringList names(m_withKey.cbegin(), m_withKey.cend());
    names.sort();
    return names;
}

QString KeychainSecrets::apiKey(const ProviderConfig &provider) const
{
    if (m_store && m_store->keyState(provider.name) == SecretStore::KeyState::Stored)
        return m_store->cachedKey(provider.name);
    return EnvSecretProvider().apiKey(provider);
}

QString KeychainSecrets::missingKeyReason(const ProviderConfig &provider) const
{
    if (!m_store || !m_withKey.contains(provider.name))
        return {};
    switch (m_store->keyState(provider.name)) {
    case SecretStore::KeyState::Unknown:
    case SecretStore::KeyState::Reading:
        return tr("The API key of provider \"%1\" is still being read from the system keychain; send again "
                  "in a moment.")
            .arg(provider.name);
    case SecretStore::KeyState::Unavailable:
        return tr("The API key of provider \"%1\" is kept in the system keychain, which cannot be reached. "
                  "%2")
            .arg(provider.name, m_store->unavailableReason());
    case SecretStore::KeyState::NotStored:
        return tr("The API key of provider \"%1\" is no longer in the system keychain; enter it again in "
                  "File "
                  "› Model Providers.")
            .arg(provider.name);
    case SecretStore::KeyState::Stored:
        break;
    }
    return {};
}

void KeychainSecrets::remember(const QString &provider, bool hasKey)
{
    if (m_withKey.contains(provider) == hasKey)
        return;
    if (hasKey)
        m_withKey.insert(provider);
    else
        m_withKey.remove(provider);
    QJsonArray names;
    for (const QString &name : providersWithKeychainKey())
        names.append(name);
    QString error;
    // Names only: the keys themselves never leave the keychain.
    if (!JsonFile::write(m_indexPath, QJsonDocument(QJsonObject{{u"providers"_s, names}}), &error))
        qWarning("%s", qPrintable(error));
}

void KeychainSecrets::settle(const QString &provider)
{
    if (m_reading.remove(provider) && m_reading.isEmpty())
        Q_EMIT keysLoaded();
}
