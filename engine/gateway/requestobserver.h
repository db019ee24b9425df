// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "guardrail.h"
#include "logsettings.h"
#include "requestrecord.h"

#include <QByteArray>
#include <QObject>
#include <QString>

#include <memory>
#include <optional>

class OtlpExporter;
class RequestLog;

// A workspace's view of its own traffic: the guardrails its requests run through, and where each finished
// request goes (the SQLite request log and the OTLP broadcast). The workspace's guardrails.json,
// settings.json and broadcast.json are re-read when their content changes, so edits made with the CLI
// apply to the next request without a restart.
class RequestObserver : public QObject
{
    Q_OBJECT
public:
    RequestObserver(const QString &dataDir, const QString &workspace, QObject *parent = nullptr);
    ~RequestObserver() override;

    QString workspace() const { return m_workspace; }

    // Re-reads the configuration files that changed. Fails only on a broken guardrails.json, since running
    // requests unguarded would be worse than refusing them; broken log or broadcast settings keep the
    // previous ones and are reported once on stderr.
    bool refresh(QString *error);

    // Null when the workspace has no guardrails. Shared so a run keeps its engine across a reload.
    std::shared_ptr<const GuardrailEngine> guardrails() const { return m_guardrails; }
    bool scanToolOutput() const { return m_scanToolOutput; }
    bool ioLogging() const { return m_ioLogging; }

    // Appends to the request log and hands the trace to the broadcast exporter; neither waits on I/O.
    void record(const RequestRecord &record);

    // Opened on first use; null when the database cannot be opened (requests still run).
    RequestLog *log();
    // Null until a destination is configured.
    OtlpExporter *exporter() const { return m_exporter; }

private:
    // Reads a file when its content differs from the cached copy; false when unchanged.
    static bool changed(const QString &path, std::optional<QByteArray> *cache);
    void applyLogSettings();
    void applyBroadcast();

    QString m_dataDir;
    QString m_workspace;
    QString m_dir;
    std::optional<QByteArray> m_guardrailBytes;
    std::optional<QByteArray> m_settingsBytes;
    std::optional<QByteArray> m_broadcastBytes;
    std::shared_ptr<const GuardrailEngine> m_guardrails;
    bool m_scanToolOutput = false;
    bool m_ioLogging = true;
    int m_retentionDays = LogSettings::DefaultRetentionDays;
    RequestLog *m_log = nullptr;
    bool m_logFailed = false;
    OtlpExporter *m_exporter = nullptr;
};
