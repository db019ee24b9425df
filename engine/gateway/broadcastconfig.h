// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "otlpexporter.h"

#include <QList>
#include <QString>
#include <QUrl>

// A workspace's trace destinations, kept in <workspace dir>/broadcast.json: either a plain array
// [{"endpoint":URL,"headers":{..}}] or {"destinations":[...]} with optional exporter tuning
// ("max_retries", "initial_backoff_ms", "request_timeout_ms", "flush_interval_ms", "max_queued_spans").
class BroadcastConfig
{
public:
    explicit BroadcastConfig(const QString &workspaceDir);

    static QString fileName() { return QStringLiteral("broadcast.json"); }
    QString filePath() const;

    // A missing file means no destinations, not an error.
    bool load(QString *error = nullptr);
    bool save(QString *error = nullptr) const;

    QList<OtlpDestination> destinations() const { return m_destinations; }
    // Adds a destination or replaces the headers of an existing one; the URL must be http(s).
    bool add(const QUrl &endpoint, const QList<QPair<QByteArray, QByteArray>> &headers,
             QString *error = nullptr);
    bool remove(const QUrl &endpoint);

    OtlpExporter::Options options() const { return m_options; }
    void setOptions(const OtlpExporter::Options &options) { m_options = options; }

private:
    QString m_dir;
    QList<OtlpDestination> m_destinations;
    OtlpExporter::Options m_options;
};
