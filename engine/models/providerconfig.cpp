// SPDX-License-Identifier: GPL-3.0-or-later
#include "providerconfig.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

QString providerApiName(ProviderApi api)
{
    switch (api) {
    case ProviderApi::Responses:
        return u"responses"_s;
    case ProviderApi::Messages:
        return u"messages"_s;
    case ProviderApi::Chat:
        break;
    }
    return u"chat"_s;
}

std::optional<ProviderApi> providerApiFromName(const QString &name)
{
    if (name == u"responses")
        return ProviderApi::Responses;
    if (name == u"messages")
        return ProviderApi::Messages;
    if (name == u"chat")
        return ProviderApi::Chat;
    return std::nullopt;
}

QString ProviderConfig::validate() const
{
    static const QRegularExpression nameRe(u"^[a-z0-9_-]+$"_s);
    if (name.isEmpty())
        return u"provider name is empty"_s;
    if (name.size() > 64 || !nameRe.match(name).hasMatch())
        return u"provider name \"%1\" is invalid: use 1-64 characters of a-z, 0-9, _ and -"_s.arg(name);
    if (!baseUrl.isValid() || baseUrl.host().isEmpty())
        return u"base URL \"%1\" of provider \"%2\" is not a valid URL"_s.arg(baseUrl.toString(), name);
    const QString scheme = baseUrl.scheme().toLower();
    if (scheme != u"http" && scheme != u"https")
        return u"base URL \"%1\" of provider \"%2\" must start with http:// or https://"_s.arg(
            baseUrl.toString(), name);
    static const QRegularExpression envRe(u"^[A-Za-z_][A-Za-z0-9_]*$"_s);
    if (!keyEnv.isEmpty() && !envRe.match(keyEnv).hasMatch())
        return u"key environment variable \"%1\" of provider \"%2\" is not a valid variable name"_s.arg(
            keyEnv, name);
    return {};
}

QJsonObject ProviderConfig::toJson() const
{
    QJsonObject obj{{u"name"_s, name},
                    {u"api"_s, providerApiName(api)},
                    {u"base_url"_s, baseUrl.toString()},
                    {u"default"_s, isDefault}};
    if (!keyEnv.isEmpty())
        obj.insert(u"key_env"_s, keyEnv);
    return obj;
}

std::optional<ProviderConfig> ProviderConfig::fromJson(const QJsonObject &obj, QString *error)
{
    ProviderConfig config;
    config.name = obj.value(u"name"_s).toString();
    const QString apiName = obj.value(u"api"_s).toString();
    const std::optional<ProviderApi> api = providerApiFromName(apiName);
    if (!api) {
        if (error)
            *error = u"api \"%1\" of provider \"%2\" is not one of responses, messages, chat"_s.arg(
                apiName, config.name);
        return std::nullopt;
    }
    config.api = *api;
    config.baseUrl = QUrl(obj.value(u"base_url"_s).toString(), QUrl::StrictMode);
    config.keyEnv = obj.value(u"key_env"_s).toString();
    config.isDefault = obj.value(u"default"_s).toBool();
    const QString problem = config.validate();
    if (!problem.isEmpty()) {
        if (error)
            *error = problem;
        return std::nullopt;
    }
    return config;
}

QUrl ProviderConfig::endpoint(const QString &path) const
{
    QUrl url = baseUrl;
    QString base = url.path();
    while (base.endsWith(u'/'))
        base.chop(1);
    url.setPath(base % path);
    return url;
}
