// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/providerconfig.h"

#include <QList>
#include <QMap>
#include <QObject>
#include <QPointer>

#include <optional>

class ModelClient;
class QNetworkAccessManager;

// Supplies a provider's API key; the GUI replaces the environment lookup with its keychain.
class SecretProvider
{
public:
    virtual ~SecretProvider() = default;
    // The key, or an empty string when none is configured (keyless local servers).
    virtual QString apiKey(const ProviderConfig &provider) const = 0;
    // When apiKey() is empty although the provider needs a key: why (for example the keychain cannot be
    // reached, or is still being read). Empty when there is nothing to add.
    virtual QString missingKeyReason(const ProviderConfig &provider) const
    {
        Q_UNUSED(provider);
        return {};
    }
};

// Reads the key from the environment variable named by ProviderConfig::keyEnv.
class EnvSecretProvider final : public SecretProvider
{
public:
    QString apiKey(const ProviderConfig &provider) const override;
};

// Where a model name goes: which provider, and the model name that provider is sent.
struct ModelRoute
{
    ProviderConfig provider;
    QString model;
};

// One model of the merged list, named provider/model.
struct ModelInfo
{
    QString id; // provider/model
    QString provider;
    QString model;
    bool operator==(const ModelInfo &other) const = default;
};

// One listModels() run across all providers.
class ModelListing : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

Q_SIGNALS:
    // models sorted by id; errors maps a provider name to what went wrong with it.
    void finished(const QList<ModelInfo> &models, const QMap<QString, QString> &errors);

private:
    friend class ProviderRegistry;
    void providerDone(const QString &provider, const QList<ModelInfo> &models, const QString &error);

    int m_pending = 0;
    QList<ModelInfo> m_models;
    QMap<QString, QString> m_errors;
};

// The workspace's configured model providers (DATA/workspaces/<ws>/providers.json), name routing and keys.
class ProviderRegistry : public QObject
{
    Q_OBJECT
public:
    // Uses dataDir/workspaces/<workspace>/providers.json; call load() before use.
    ProviderRegistry(const QString &dataDir, const QString &workspace, QObject *parent = nullptr);
    ~ProviderRegistry() override;

    static QString filePath(const QString &dataDir, const QString &workspace);
    QString filePath() const { return m_path; }

    // A missing file is an empty registry; a damaged one is an error naming the file and the problem.
    bool load(QString *error = nullptr);
    // Validates, rejects duplicate names, makes it the only default if isDefault, and saves atomically.
    bool add(const ProviderConfig &provider, QString *error = nullptr);
    bool remove(const QString &name, QString *error = nullptr);
    bool setDefault(const QString &name, QString *error = nullptr);

    QList<ProviderConfig> providers() const { return m_providers; }
    std::optional<ProviderConfig> provider(const QString &name) const;
    std::optional<ProviderConfig> defaultProvider() const;

    // SPEC §8: "name/model" goes to provider name when it is configured; anything else goes whole to the
    // default.
    std::optional<ModelRoute> route(const QString &model, QString *error = nullptr) const;

    // Not owned; null restores the environment lookup.
    void setSecretProvider(SecretProvider *secrets);
    // The provider's key; empty with an error when keyEnv names a variable that is not set.
    QString apiKey(const ProviderConfig &provider, QString *error = nullptr) const;

    // Not owned; null makes the registry use its own.
    void setNetworkAccessManager(QNetworkAccessManager *nam);
    QNetworkAccessManager *networkAccessManager();

    // A client for the provider of model (its route's model is in *route when given).
    ModelClient *createClient(const QString &model, ModelRoute *route, QString *error,
                              QObject *parent = nullptr);
    ModelClient *createClientFor(const ProviderConfig &provider, QString *error, QObject *parent = nullptr);

    // GETs every provider's /models at once; the listing emits finished() once and deletes itself later.
    ModelListing *listModels(int timeoutMs = 15000);
    // GETs one provider's /models (saved or not) to see whether it answers; key, when given, is used instead
    // of the provider's own. The models it lists, or why it failed, come with the listing's finished().
    ModelListing *testProvider(const ProviderConfig &provider, const QString &key = {},
                               int timeoutMs = 10000);

Q_SIGNALS:
    void changed();

private:
    bool save(const QList<ProviderConfig> &providers, QString *error);
    void requestModels(ModelListing *listing, const ProviderConfig &provider, const QString &keyOverride,
                       int timeoutMs);

    QString m_path;
    QList<ProviderConfig> m_providers;
    EnvSecretProvider m_envSecrets;
    SecretProvider *m_secrets = nullptr;
    QPointer<QNetworkAccessManager> m_nam;
    QNetworkAccessManager *m_ownNam = nullptr;
};
