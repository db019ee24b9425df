// SPDX-License-Identifier: GPL-3.0-or-later
#include "providerregistry.h"

#include "models/modelclient.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSaveFile>
#include <QTimer>

#include <algorithm>

using namespace Qt::StringLiterals;

QString EnvSecretProvider::apiKey(const ProviderConfig &provider) const
{
    if (provider.keyEnv.isEmpty())
        return {};
    return qEnvironmentVariable(provider.keyEnv.toLocal8Bit().constData());
}

void ModelListing::providerDone(const QString &provider, const QList<ModelInfo> &models, const QString &error)
{
    m_models += models;
    if (!error.isEmpty())
        m_errors.insert(provider, error);
    if (--m_pending > 0)
        return;
    std::sort(m_models.begin(), m_models.end(),
              [](const ModelInfo &a, const ModelInfo &b) { return a.id < b.id; });
    Q_EMIT finished(m_models, m_errors);
    deleteLater();
}

ProviderRegistry::ProviderRegistry(const QString &dataDir, const QString &workspace, QObject *parent)
    : QObject(parent)
    , m_path(filePath(dataDir, workspace))
    , m_secrets(&m_envSecrets)
{}

ProviderRegistry::~ProviderRegistry() = default;

QString ProviderRegistry::filePath(const QString &dataDir, const QString &workspace)
{
    return QDir(dataDir).filePath(u"workspaces/"_s % workspace % u"/providers.json"_s);
}

bool ProviderRegistry::load(QString *error)
{
    QFile file(m_path);
    if (!file.exists()) {
        m_providers.clear();
        return true;
    }
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = u"cannot read %1: %2"_s.arg(m_path, file.errorString());
        return false;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (!doc.isObject()) {
        if (error)
            *error = u"%1 is not valid JSON: %2"_s.arg(m_path, parseError.errorString());
        return false;
    }
    QList<ProviderConfig> providers;
    for (const QJsonValue &value : doc.object().value(u"providers"_s).toArray()) {
        QString problem;
        const std::optional<ProviderConfig> provider = ProviderConfig::fromJson(value.toObject(), &problem);
        if (!provider) {
            if (error)
                *error = u"%1: %2"_s.arg(m_path, problem);
            return false;
        }
        providers.append(*provider);
    }
    m_providers = providers;
    return true;
}

bool ProviderRegistry::save(const QList<ProviderConfig> &providers, QString *error)
{
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    QJsonArray array;
    for (const ProviderConfig &provider : providers)
        array.append(provider.toJson());
    QSaveFile file(m_path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = u"cannot write %1: %2"_s.arg(m_path, file.errorString());
        return false;
    }
    file.write(QJsonDocument(QJsonObject{{u"providers"_s, array}}).toJson(QJsonDocument::Indented));
    if (!file.commit()) {
        if (error)
            *error = u"cannot write %1: %2"_s.arg(m_path, file.errorString());
        return false;
    }
    m_providers = providers;
    Q_EMIT changed();
    return true;
}

bool ProviderRegistry::add(const ProviderConfig &provider, QString *error)
{
    const QString problem = provider.validate();
    if (!problem.isEmpty()) {
        if (error)
            *error = problem;
        return false;
    }
    if (this->provider(provider.name)) {
        if (error)
            *error = u"a provider named \"%1\" already exists"_s.arg(provider.name);
        return false;
    }
    QList<ProviderConfig> providers = m_providers;
    if (provider.isDefault) {
        for (ProviderConfig &p : providers)
            p.isDefault = false;
    }
    providers.append(provider);
    return save(providers, error);
}

bool ProviderRegistry::remove(const QString &name, QString *error)
{
    QList<ProviderConfig> providers = m_providers;
    const qsizetype removed = providers.removeIf([&name](const ProviderConfig &p) { return p.name == name; });
    if (removed == 0) {
        if (error)
            *error = u"no provider named \"%1\""_s.arg(name);
        return false;
    }
    return save(providers, error);
}

bool ProviderRegistry::setDefault(const QString &name, QString *error)
{
    if (!provider(name)) {
        if (error)
            *error = u"no provider named \"%1\""_s.arg(name);
        return false;
    }
    QList<ProviderConfig> providers = m_providers;
    for (ProviderConfig &p : providers)
        p.isDefault = p.name == name;
    return save(providers, error);
}

std::optional<ProviderConfig> ProviderRegistry::provider(const QString &name) const
{
    for (const ProviderConfig &p : m_providers) {
        if (p.name == name)
            return p;
    }
    return std::nullopt;
}

std::optional<ProviderConfig> ProviderRegistry::defaultProvider() const
{
    for (const ProviderConfig &p : m_providers) {
        if (p.isDefault)
            return p;
    }
    return std::nullopt;
}

std::optional<ModelRoute> ProviderRegistry::route(const QString &model, QString *error) const
{
    if (model.trimmed().isEmpty()) {
        if (error)
            *error = u"no model given"_s;
        return std::nullopt;
    }
    const qsizetype slash = model.indexOf(u'/');
    if (slash > 0) {
        if (const std::optional<ProviderConfig> p = provider(model.left(slash))) {
            const QString rest = model.mid(slash + 1);
            if (rest.isEmpty()) {
                if (error)
                    *error = u"model \"%1\" names provider \"%2\" but no model"_s.arg(model, p->name);
                return std::nullopt;
            }
            return ModelRoute{*p, rest};
        }
    }
    if (const std::optional<ProviderConfig> p = defaultProvider())
        return ModelRoute{*p, model};
    if (error) {
        *error =
            m_providers.isEmpty()
                ? u"model \"%1\": no providers are configured (sandbench providers add ...)"_s.arg(model)
                : u"model \"%1\" names no configured provider and there is no default provider"_s.arg(model);
    }
    return std::nullopt;
}

void ProviderRegistry::setSecretProvider(SecretProvider *secrets)
{
    m_secrets = secrets ? secrets : &m_envSecrets;
}

QString ProviderRegistry::apiKey(const ProviderConfig &provider, QString *error) const
{
    const QString key = m_secrets->apiKey(provider);
    if (key.isEmpty() && error) {
        const QString reason = m_secrets->missingKeyReason(provider);
        if (!reason.isEmpty()) {
            *error = reason;
            return key;
        }
    }
    if (key.isEmpty() && !provider.keyEnv.isEmpty() && error)
        *error = u"the API key of provider \"%1\" is missing: environment variable %2 is not set"_s.arg(
            provider.name, provider.keyEnv);
    return key;
}

void ProviderRegistry::setNetworkAccessManager(QNetworkAccessManager *nam)
{
    m_nam = nam;
}

QNetworkAccessManager *ProviderRegistry::networkAccessManager()
{
    if (m_nam)
        return m_nam;
    if (!m_ownNam)
        m_ownNam = new QNetworkAccessManager(this);
    return m_ownNam;
}

ModelClient *ProviderRegistry::createClient(const QString &model, ModelRoute *route, QString *error,
                                            QObject *parent)
{
    const std::optional<ModelRoute> r = this->route(model, error);
    if (!r)
        return nullptr;
    if (route)
        *route = *r;
    return createClientFor(r->provider, error, parent);
}

ModelClient *ProviderRegistry::createClientFor(const ProviderConfig &provider, QString *error,
                                               QObject *parent)
{
    QString problem;
    const QString key = apiKey(provider, &problem);
    if (!problem.isEmpty()) {
        if (error)
            *error = problem;
        return nullptr;
    }
    return ModelClient::create(provider, key, networkAccessManager(), parent);
}

ModelListing *ProviderRegistry::listModels(int timeoutMs)
{
    auto *listing = new ModelListing(this);
    listing->m_pending = int(m_providers.size());
    if (m_providers.isEmpty()) {
        listing->m_pending = 1;
        QTimer::singleShot(0, listing, [listing] { listing->providerDone({}, {}, {}); });
        return listing;
    }
    for (const ProviderConfig &provider : std::as_const(m_providers))
        requestModels(listing, provider, QString(), timeoutMs);
    return listing;
}

ModelListing *ProviderRegistry::testProvider(const ProviderConfig &provider, const QString &key,
                                             int timeoutMs)
{
    auto *listing = new ModelListing(this);
    listing->m_pending = 1;
    requestModels(listing, provider, key, timeoutMs);
    return listing;
}

void ProviderRegistry::requestModels(ModelListing *listing, const ProviderConfig &provider,
                                     const QString &keyOverride, int timeoutMs)
{
    QString problem;
    const QString key = keyOverride.isEmpty() ? apiKey(provider, &problem) : keyOverride;
    if (!problem.isEmpty()) {
        QTimer::singleShot(0, listing, [listing, name = provider.name, problem] {
            listing->providerDone(name, {}, problem);
        });
        return;
    }
    QNetworkRequest request(provider.endpoint(u"/models"_s));
    request.setRawHeader("Accept", "application/json");
    request.setTransferTimeout(timeoutMs);
    if (provider.api == ProviderApi::Messages) {
        if (!key.isEmpty())
            request.setRawHeader("x-api-key", key.toUtf8());
        request.setRawHeader("anthropic-version", "2023-06-01");
    } else if (!key.isEmpty()) {
        request.setRawHeader("Authorization", "Bearer " + key.toUtf8());
    }
    QNetworkReply *reply = networkAccessManager()->get(request);
    connect(reply, &QNetworkReply::finished, listing, [listing, reply, name = provider.name] {
        reply->deleteLater();
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        const QByteArray body = reply->readAll();
        if (status == 0) {
            listing->providerDone(name, {}, reply->errorString());
            return;
        }
        if (status >= 400) {
            listing->providerDone(name, {},
                                  u"HTTP %1: %2"_s.arg(status).arg(QString::fromUtf8(body.left(300))));
            return;
        }
        const QJsonObject obj = QJsonDocument::fromJson(body).object();
        QList<ModelInfo> models;
        // OpenAI and Anthropic: {"data":[{"id"}]}; Ollama's native /api/tags: {"models":[{"name"}]}.
        for (const QJsonValue &v : obj.value(u"data"_s).toArray()) {
            const QString id = v.toObject().value(u"id"_s).toString();
            if (!id.isEmpty())
                models.append({name % u'/' % id, name, id});
        }
        for (const QJsonValue &v : obj.value(u"models"_s).toArray()) {
            const QString id = v.toObject().value(u"name"_s).toString();
            if (!id.isEmpty())
                models.append({name % u'/' % id, name, id});
        }
        if (models.isEmpty() && !obj.contains(u"data"_s) && !obj.contains(u"models"_s))
            listing->providerDone(name, {}, u"the /models answer has no \"data\" list"_s);
        else
            listing->providerDone(name, models, {});
    });
}
