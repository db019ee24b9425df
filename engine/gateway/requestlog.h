// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "requestrecord.h"

#include <QDateTime>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QMutex>
#include <QObject>
#include <QString>
#include <QVariantList>

#include <atomic>
#include <optional>

class QThread;
class RequestLogWriter;

struct LogFilter
{
    QString text;  // full-text search over bodies, commands and outputs
    QString model; // exact model name
    std::optional<int> status;
    QDateTime from;              // inclusive; invalid = open
    QDateTime to;                // exclusive; invalid = open
    std::optional<qint64> rowId; // only this request (does it match the rest of the filter?)
    int limit = 100;
    int offset = 0;
};

struct GuardrailReportRow
{
    QString guardrail;
    qint64 requests = 0;        // requests in the period
    qint64 matchedRequests = 0; // requests with at least one detection of this guardrail
    double share = 0;           // matchedRequests / requests: what redact or block would have touched
};

struct GuardrailActionCount
{
    QString guardrail;
    GuardrailAction action = GuardrailAction::Flag;
    int count = 0;
};

struct RetentionPolicy
{
    qint64 maxAgeMs = 0; // 0 = keep forever
    qint64 maxRows = 0;  // 0 = unlimited
};

// A workspace's request log (DATA/workspaces/<ws>/logs.sqlite): requests, shell calls, commands, guardrail
// detections and false-positive reports. Writes go to a writer thread and are batched into transactions,
// so append() costs the caller a copy and a queue push; reads run on the caller's own connection (WAL lets
// them proceed while the writer commits).
class RequestLog : public QObject
{
    Q_OBJECT

public:
    explicit RequestLog(QObject *parent = nullptr);
    ~RequestLog() override; // writes everything still queued, then closes

    // The log keeps at most this many bytes of each body (the local API's own limit on a request body,
    // ApiServer::DefaultMaxBodyBytes); a longer one keeps its start, and its whole size says it was cut.
    static constexpr qint64 MaxBodyBytes = 32LL * 1024 * 1024;
    // How long the writer waits after a record arrives on an idle log before writing (with any that came
    // meanwhile, in one transaction). The wait runs on the appending thread's timer when that is the log's
    // own thread: the writer thread is not woken before it.
    static constexpr int DrainDelayMs = 10;
    // Retention is applied after the first write and then at most this often (pruneNow(): at once).
    static constexpr qint64 AutoPruneIntervalMs = 60 * 1000;

    static QString databasePath(const QString &dataDir, const QString &workspace);
    static int schemaVersion();
    // The FTS5 query for a search box's text: words, "phrases" and prefix* only, every term quoted (never
    // FTS5 syntax); empty when the text holds no word the index knows (then search() matches it as a
    // substring instead).
    static QString ftsQuery(const QString &text);
    // A request's metadata as JSON (the CLI's listing); exported lines add shell calls, detections, bodies.
    static QJsonObject summaryJson(const RequestRecord &record);
    // Everything logged about a request (an exported line, `logs show --json`).
    static QJsonObject recordJson(const RequestRecord &record);

    // Creates or migrates the database and starts the writer. Call once.
    bool open(const QString &path, QString *error = nullptr);
    // Opens an existing log for a viewer (the GUI's panels): one connection on the caller's thread, no
    // migrations, no journal-mode change and no writer thread, so append() and flush() do nothing. Fails,
    // with a message, when the file is missing or holds a schema version other than schemaVersion().
    bool openExisting(const QString &path, QString *error = nullptr);
    bool isOpen() const { return m_writer != nullptr; }
    QString path() const { return m_path; }
    bool hasFullTextSearch() const { return m_fts; }

    // Input & output logging (default on). Off: bodies, command lines and outputs are not stored.
    void setIoLogging(bool on);
    bool ioLogging() const;
    void setRetention(const RetentionPolicy &policy);
    // Bodies longer than this are cut (default MaxBodyBytes; tests use less).
    void setMaxBodyBytes(qint64 bytes) { m_maxBodyBytes = bytes; }

    // Never blocks on the database. The record's rowId and detection ids are assigned by the writer.
    void append(const RequestRecord &record);
    void reportFalsePositive(qint64 detectionId, const QString &note = {});
    void addDroppedSpans(qint64 count);
    // Waits until everything queued so far is committed (for the CLI, shutdown and tests).
    void flush();
    // Applies the retention policy now; returns the number of requests removed. Waits for the writer.
    int pruneNow();
    // Deletes every request logged before cutoffMs and shrinks the file (VACUUM); returns how many were
    // deleted. Waits for the writer: call it from a worker thread, never the GUI's.
    int deleteBefore(qint64 cutoffMs);

    // Metadata only, newest first; a text search the full-text index answers lists the most recently logged
    // first (the same but for requests that overlapped).
    QList<RequestRecord> search(const LogFilter &filter) const;
    std::optional<RequestRecord> request(qint64 rowId) const; // with shell calls and detections
    QList<qint64> detectionIds(qint64 requestRowId) const;
    // The row of the request with this id ("resp_...", "msg_...", "chatcmpl-..."), if it is logged.
    std::optional<qint64> rowIdOf(const QString &requestId) const;
    // For each of these rows: its detections counted by guardrail and action, one query for all of them.
    QHash<qint64, QList<GuardrailActionCount>> guardrailActions(const QList<qint64> &requestRowIds) const;
    qint64 falsePositiveCount() const;
    qint64 droppedSpans() const;
    QList<GuardrailReportRow> flagReport(const QDateTime &from, const QDateTime &to) const;
    // Requests in [from, to) (invalid = open) with a detection of any guardrail, each counted once.
    qint64 detectedRequestCount(const QDateTime &from, const QDateTime &to) const;
    // Writes the requests the filter matches, newest first, one JSON object a line. All rows are read from
    // one snapshot of the log, paged by key, so requests committed meanwhile neither repeat nor push others
    // out. *written: the lines written. Setting *cancel stops early (the target file is then left alone).
    bool exportJsonl(const QString &path, const LogFilter &filter, QString *error = nullptr,
                     qint64 *written = nullptr, const std::atomic_bool *cancel = nullptr) const;
    // Records a false-positive report at once on the caller's connection (unlike reportFalsePositive(),
    // which queues it); false, with the reason, when it was not stored.
    bool reportFalsePositiveNow(qint64 detectionId, const QString &note, QString *error = nullptr);

    // For viewers that page through the log (the GUI's Logs panel); all read on the caller's connection.
    qint64 count(const LogFilter &filter) const; // rows search() would find without limit and offset
    QStringList models() const;                  // distinct model names, sorted
    QList<int> statuses() const;                 // distinct HTTP statuses, ascending
    QList<qint64> falsePositiveDetections(qint64 requestRowId) const; // detection ids with a report
    // Changes whenever another connection (the writer, another process) commits: a cheap change probe.
    qint64 dataVersion() const;

Q_SIGNALS:
    void committed(int requests); // emitted after each batch transaction
    void writeFailed(const QString &error);

private:
    QString whereClause(const LogFilter &filter, QVariantList *binds, bool *ftsDriven = nullptr) const;

    QString m_path;
    QString m_readConnection;
    bool m_fts = false;
    QThread *m_thread = nullptr;
    RequestLogWriter *m_writer = nullptr;
    mutable QMutex m_mutex;
    bool m_ioLogging = true;
    std::atomic<qint64> m_maxBodyBytes = MaxBodyBytes;
};
