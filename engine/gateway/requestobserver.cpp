// SPDX-License-Identifier: GPL-3.0-or-later
#include "requestobserver.h"

#include "broadcastconfig.h"
#include "guardrailconfig.h"
#include "logsettings.h"
#include "otlpexporter.h"
#include "requestlog.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace {

void warn(const QString &message)
{
    std::fprintf(stderr, "sandbench: %s\n", message.toLocal8Bit().constData());
}

} // namespace

RequestObserver::RequestObserver(const QString &dataDir, const QString &workspace, QObject *parent)
    : QObject(parent)
    , m_dataDir(dataDir)
    , m_workspace(workspace)
    , m_dir(QDir(dataDir).filePath(u"workspaces/"_s + workspace))
{}

RequestObserver::~RequestObserver() = default;

bool RequestObserver::changed(const QString &path, std::optional<QByteArray> *cache)
{
    QFile file(path);
    // A missing file reads as empty: the loaders treat both as "not configured".
    const QByteArray bytes = file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    if (*cache && **cache == bytes)
        return false;
    *cache = bytes;
    return true;
}

bool RequestObserver::refresh(QString *error)
{
    GuardrailConfig guardrailConfig(m_dir);
    if (changed(guardrailConfig.filePath(), &m_guardrailBytes)) {
        QString message;
        if (!guardrailConfig.load(&message)) {
            // Forget the bytes so the next request re-reads (and re-reports) the file.
            m_guardrailBytes.reset();
            m_guardrails.reset();
            if (error)
                *error = u"the workspace's guardrail configuration is invalid: %1"_s.arg(message);
            return false;
        }
        const QList<Guardrail> list = guardrailConfig.guardrails();
        m_guardrails = list.isEmpty() ? nullptr : std::make_shared<const GuardrailEngine>(list);
        m_scanToolOutput = guardrailConfig.scanToolOutput();
    }
    if (changed(LogSettings(m_dir).filePath(), &m_settingsBytes))
        applyLogSettings();
    if (changed(BroadcastConfig(m_dir).filePath(), &m_broadcastBytes))
        applyBroadcast();
    return true;
}

void RequestObserver::applyLogSettings()
{
    LogSettings settings(m_dir);
    QString message;
    if (!settings.load(&message)) {
        warn(message);
        return;
    }
    m_ioLogging = settings.ioLogging();
    m_retentionDays = settings.retentionDays();
    if (m_log) {
        m_log->setIoLogging(m_ioLogging);
        m_log->setRetention({qint64(m_retentionDays) * 24 * 3600 * 1000, 0});
    }
}

void RequestObserver::applyBroadcast()
{
    BroadcastConfig config(m_dir);
    QString message;
    if (!config.load(&message)) {
        warn(message);
        return;
    }
    if (!m_exporter) {
        if (config.destinations().isEmpty())
            return;
        m_exporter = new OtlpExporter(this);
        connect(m_exporter, &OtlpExporter::spansDropped, this, [this](qint64 count) {
            if (RequestLog *l = log())
                l->addDroppedSpans(count);
        });
    }
    m_exporter->setOptions(config.options());
    m_exporter->setDestinations(config.destinations());
}

RequestLog *RequestObserver::log()
{
    if (m_log || m_logFailed)
        return m_log;
    auto *log = new RequestLog(this);
    QString message;
    const QString path = RequestLog::databasePath(m_dataDir, m_workspace);
    QDir().mkpath(QFileInfo(path).absolutePath());
    if (!log->open(path, &message)) {
        warn(u"request log of workspace %1 is off: %2"_s.arg(m_workspace, message));
        delete log;
        m_logFailed = true;
        return nullptr;
    }
    log->setIoLogging(m_ioLogging);
    log->setRetention({qint64(m_retentionDays) * 24 * 3600 * 1000, 0});
    connect(log, &RequestLog::writeFailed, this,
            [](const QString &error) { warn(u"request log write failed: %1"_s.arg(error)); });
    m_log = log;
    return m_log;
}

void RequestObserver::record(const RequestRecord &record)
{
    if (RequestLog *l = log())
        l->append(record);
    if (!m_exporter || m_exporter->destinations().isEmpty())
        return;
    if (m_ioLogging) {
        m_exporter->enqueue(record);
        return;
    }
    // With input & output logging off, traces carry metadata only, like the log.
    RequestRecord metadata = record;
    metadata.requestBody.clear();
    metadata.responseBody.clear();
    for (ShellCallRecord &call : metadata.shellCalls)
        for (CommandRecord &command : call.commands) {
            command.command.clear();
            command.stdoutText.clear();
            command.stderrText.clear();
        }
    m_exporter->enqueue(metadata);
}
