// SPDX-License-Identifier: GPL-3.0-or-later
#include "logsreader.h"

#include <QFileInfo>
#include <QFutureWatcher>

using namespace Qt::StringLiterals;

LogsReader::LogsReader(const QString &dataDir, const QString &workspace, QObject *parent)
    : QObject(parent)
    , m_path(RequestLog::databasePath(dataDir, workspace))
{
    m_pool.setMaxThreadCount(1);
    m_pool.setExpiryTimeout(-1); // the one thread keeps the connection for the reader's whole life
    m_pool.setObjectName(u"LogsReader"_s);
    m_timer.setInterval(1500);
    connect(&m_timer, &QTimer::timeout, this, &LogsReader::probe);
}

LogsReader::~LogsReader()
{
    m_timer.stop();
    // Queries nobody will read (stale pages, details) are dropped rather than waited for; a running export
    // sees the flag and stops.
    m_closing = true;
    m_pool.clear();
    // The connection must be closed on the thread that opened it.
    (void)QtConcurrent::run(&m_pool, [this] {
        delete m_log;
        m_log = nullptr;
    });
    m_pool.waitForDone();
}

RequestLog *LogsReader::openLog()
{
    if (m_log)
        return m_log;
    if (m_closing || !QFileInfo::exists(m_path))
        return nullptr;
    auto *log = new RequestLog;
    QString error;
    if (!log->openExisting(m_path, &error)) {
        delete log;
        const QMutexLocker lock(&m_errorMutex);
        if (error != m_error)
            qWarning("Cannot read the request log %s: %s", qUtf8Printable(m_path), qUtf8Printable(error));
        m_error = error;
        return nullptr; // tried again on the next query: the gateway may be creating or upgrading it
    }
    {
        const QMutexLocker lock(&m_errorMutex);
        m_error.clear();
    }
    m_log = log;
    return m_log;
}

QString LogsReader::lastError() const
{
    const QMutexLocker lock(&m_errorMutex);
    return m_error;
}

void LogsReader::setWatching(bool on)
{
    if (on == m_timer.isActive())
        return;
    if (on) {
        m_timer.start();
        probe();
    } else {
        m_timer.stop();
    }
}

void LogsReader::probe()
{
    if (m_probing)
        return;
    m_probing = true;
    auto *watcher = new QFutureWatcher<std::optional<qint64>>(this);
    connect(watcher, &QFutureWatcher<std::optional<qint64>>::finished, this, [this, watcher] {
        watcher->deleteLater();
        m_probing = false;
        const std::optional<qint64> version = watcher->result();
        // The first probe has nothing to compare with, and a viewer may have read the log before it (a panel
        // reads when it is made and starts watching when it is shown): a log that exists counts as changed.
        const bool first = !m_probedOnce;
        m_probedOnce = true;
        if (version != m_lastVersion || (first && version)) {
            m_lastVersion = version;
            Q_EMIT changed();
        }
    });
    watcher->setFuture(run([](RequestLog *log) -> std::optional<qint64> {
        if (!log)
            return std::nullopt;
        return log->dataVersion();
    }));
}
