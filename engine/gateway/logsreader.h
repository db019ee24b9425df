// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "gateway/requestlog.h"

#include <QFuture>
#include <QMutex>
#include <QObject>
#include <QString>
#include <QThreadPool>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>
#include <functional>
#include <optional>

// Reads a workspace's request log off the GUI thread. A SQLite connection belongs to the thread that opened
// it, so every query runs on one pool thread that never expires and owns the reader's RequestLog; the log is
// opened only once the database exists (reading never creates one), as a viewer: no migrations, no writer
// thread. While watching, a cheap probe (PRAGMA data_version) tells when anything was committed, by this
// process or another one. Closing drops the queries not started yet and stops a running export.
class LogsReader : public QObject
{
    Q_OBJECT
public:
    LogsReader(const QString &dataDir, const QString &workspace, QObject *parent = nullptr);
    ~LogsReader() override; // drops queued queries, waits for the one in progress, closes the log

    QString databasePath() const { return m_path; }

    // Runs fn(log) on the reader's thread; log is null while the workspace has no request log yet.
    template<typename Fn>
    auto run(Fn fn) -> QFuture<std::invoke_result_t<Fn, RequestLog *>>
    {
        return QtConcurrent::run(&m_pool, [this, fn = std::move(fn)]() { return fn(openLog()); });
    }

    // Why the log could not be opened (a schema this Sandbench does not read, a damaged file); empty when it
    // is open or does not exist yet. Safe from any thread.
    QString lastError() const;
    // Set once the reader is closing: long tasks (an export) check it and stop.
    const std::atomic_bool *cancelFlag() const { return &m_closing; }

    // Probes for changes every intervalMs while on (the panels turn it on while they are shown).
    void setWatching(bool on);
    bool isWatching() const { return m_timer.isActive(); }
    void setInterval(int intervalMs) { m_timer.setInterval(intervalMs); }

Q_SIGNALS:
    // The log was created or something was committed since the last probe.
    void changed();

private:
    RequestLog *openLog(); // on the reader's thread only
    void probe();

    QString m_path;
    QThreadPool m_pool;
    RequestLog *m_log = nullptr; // lives on the pool thread
    QTimer m_timer;
    bool m_probing = false;
    std::optional<qint64> m_lastVersion; // nullopt: no database yet
    bool m_probedOnce = false;
    std::atomic_bool m_closing = false;
    mutable QMutex m_errorMutex;
    QString m_error;
};
