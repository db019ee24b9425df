// SPDX-License-Identifier: GPL-3.0-or-later
#include "broadcastconfig.h"

#include "base/jsonfile.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace {

bool validEndpoint(const QUrl &url)
{
    return url.isValid() && (url.scheme() == u"http" || url.scheme() == u"https") && !url.host().isEmpty();
}

// The option keys of the file, with the member each one sets.
const QList<QPair<QString, int OtlpExporter::Options::*>> &optionKeys()
{
    static const QList<QPair<QString, int OtlpExporter::Options::*>> keys{
        {u"max_queued_spans"_s, &OtlpExporter::Options::maxQueuedSpans},
        {u"max_batch_spans"_s, &OtlpExporter::Options::maxBatchSpans},
        {u"flush_interval_ms"_s, &OtlpExporter::Options::flushIntervalMs},
        {u"max_retries"_s, &OtlpExporter::Options::maxRetries},
        {u"initial_backoff_ms"_s, &OtlpExporter::Options::initialBackoffMs},
        {u"request_timeout_ms"_s, &OtlpExporter::Options::requestTimeoutMs},
    };
    return keys;
}

} // namespace

BroadcastConfig::BroadcastConfig(const QString &workspaceDir)
    : m_dir(workspaceDir)
{}

QString BroadcastConfig::filePath() const
{
    return QDir(m_dir).filePath(fileName());
}

bool BroadcastConfig::load(QString *error)
{
    m_destinations.clear();
    m_options = {};
    const std::optional<QJsonDocument> doc = JsonFile::read(filePath(), error);
    if (!doc)
        return false;
    if (doc->isNull())
        return true;
    if (!doc->isArray() && !doc->isObject()) {
        if (error)
            *error = u"%1 must hold a JSON array or object"_s.arg(filePath());
        return false;
    }
    QJsonArray list = doc->array();
    if (doc->isObject()) {
        const QJsonObject root = doc->object();
        list = root.value(u"destinations"_s).toArray();
        for (const auto &[key, member] : optionKeys()) {
            const int value = root.value(key).toInt(-1);
            if (value >= 0)
                m_options.*member = value;
        }
    }
    for (const QJsonValue &value : std::as_const(list)) {
        const QJsonObject o = value.toObject();
        const QUrl endpoint(o.value(u"endpoint"_s).toString());
        if (!validEndpoint(endpoint)) {
            if (error)
                *error = u"%1: invalid endpoint \"%2\" (use an http:// or https:// URL)"_s.arg(
                    filePath(), o.value(u"endpoint"_s).toString());
            m_destinations.clear();
            return false;
        }
        OtlpDestination d{endpoint, {}};
        const QJsonObject headers = o.value(u"headers"_s).toObject();
        for (auto it = headers.begin(); it != headers.end(); ++it)
            d.headers.append({it.key().toUtf8(), it.value().toString().toUtf8()});
        m_destinations.append(d);
    }
    return true;
}

bool BroadcastConfig::save(QString *error) const
{
    QJsonArray list;
    for (const OtlpDestination &d : m_destinations) {
        QJsonObject headers;
        for (const auto &[name, value] : d.headers)
            headers.insert(QString::fromUtf8(name), QString::fromUtf8(value));
        list.append(QJsonObject{{u"endpoint"_s, d.endpoint.toString()}, {u"headers"_s, headers}});
    }
    QJsonObject root{{u"destinations"_s, list}};
    const OtlpExporter::Options defaults;
    for (const auto &[key, member] : optionKeys())
        if (m_options.*member != defaults.*member)
            root.insert(key, m_options.*member);
    return JsonFile::write(filePath(), QJsonDocument(root), error);
}

bool BroadcastConfig::add(const QUrl &endpoint, const QList<QPair<QByteArray, QByteArray>> &headers,
                          QString *error)
{
    if (!validEndpoint(endpoint)) {
        if (error)
            *error = u"invalid endpoint \"%1\": use an http:// or https:// URL"_s.arg(endpoint.toString());
        return false;
    }
    for (OtlpDestination &d : m_destinations) {
        if (d.endpoint == endpoint) {
            d.headers = headers;
            return true;
        }
    }
    m_destinations.append({endpoint, headers});
    return true;
}

bool BroadcastConfig::remove(const QUrl &endpoint)
{
    return m_destinations.removeIf([&](const OtlpDestination &d) { return d.endpoint == endpoint; }) > 0;
}
