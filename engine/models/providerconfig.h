// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QString>
#include <QUrl>

#include <optional>

// The wire format a provider speaks.
enum class ProviderApi { Responses, Messages, Chat };

// "responses", "messages" or "chat".
QString providerApiName(ProviderApi api);
std::optional<ProviderApi> providerApiFromName(const QString &name);

// One configured upstream model provider of a workspace (SPEC §8 `sandbench providers add`).
struct ProviderConfig
{
    QString name; // [a-z0-9_-]+
    ProviderApi api = ProviderApi::Chat;
    QUrl baseUrl;   // e.g. https://api.openai.com/v1; endpoints are appended to it
    QString keyEnv; // environment variable holding the API key; empty for keyless local servers
    bool isDefault = false;

    // Empty when valid, otherwise a message naming the field and what it accepts.
    QString validate() const;
    QJsonObject toJson() const;
    // Parses and validates; on failure returns nullopt and the error.
    static std::optional<ProviderConfig> fromJson(const QJsonObject &obj, QString *error);
    // baseUrl with path appended ("/responses", "/models", ...), without a doubled slash.
    QUrl endpoint(const QString &path) const;
};
