// SPDX-License-Identifier: GPL-3.0-or-later
#include "requestlog.h"

#include "base/printabletext.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutexLocker>
#include <QSaveFile>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>
#include <QTimer>
#include <QUuid>
#include <QVariant>

#include <algorithm>
#include <limits>

using namespace Qt::StringLiterals;

namespace {

// Each entry moves the schema from version i to i + 1; never edit a shipped step, append a new one.
const QList<QStringList> &migrations()
{
    static const QList<QStringList> steps = [] {
        QStringList v1{
            u"CREATE TABLE requests (id INTEGER PRIMARY KEY, request_id TEXT NOT NULL, time_ms INTEGER NOT "
            u"NULL,"
            " latency_ms INTEGER, workspace TEXT, api TEXT, model TEXT, provider TEXT, status INTEGER,"
            " input_tokens INTEGER, output_tokens INTEGER, server_tool_cost REAL, container_ids TEXT,"
            " request_body BLOB, response_body BLOB, io_logged INTEGER NOT NULL DEFAULT 0)"_s,
            u"CREATE INDEX requests_time ON requests(time_ms)"_s,
            u"CREATE INDEX requests_model_time ON requests(model, time_ms)"_s,
            u"CREATE INDEX requests_status_time ON requests(status, time_ms)"_s,
            u"CREATE INDEX requests_request_id ON requests(request_id)"_s,
            u"CREATE TABLE shell_calls (id INTEGER PRIMARY KEY,"
            " request_id INTEGER NOT NULL REFERENCES requests(id) ON DELETE CASCADE, call_id TEXT, tool TEXT,"
            " container_id TEXT, start_ms INTEGER, duration_ms INTEGER)"_s,
            u"CREATE INDEX shell_calls_request ON shell_calls(request_id)"_s,
            u"CREATE TABLE commands (id INTEGER PRIMARY KEY,"
            " shell_call_id INTEGER NOT NULL REFERENCES shell_calls(id) ON DELETE CASCADE, idx INTEGER,"
            " command TEXT, stdout TEXT, stderr TEXT, outcome TEXT, exit_code INTEGER, start_ms INTEGER,"
            " duration_ms INTEGER)"_s,
            u"CREATE INDEX commands_call ON commands(shell_call_id)"_s,
            u"CREATE TABLE detections (id INTEGER PRIMARY KEY,"
            " request_id INTEGER NOT NULL REFERENCES requests(id) ON DELETE CASCADE, guardrail TEXT NOT NULL,"
            " action TEXT NOT NULL, scope TEXT NOT NULL, message_index INTEGER, span_start INTEGER,"
            " span_length INTEGER, family TEXT, pattern_id TEXT)"_s,
            u"CREATE INDEX detections_request ON detections(request_id)"_s,
            u"CREATE INDEX detections_guardrail ON detections(guardrail)"_s,
            u"CREATE TABLE false_positives (id INTEGER PRIMARY KEY,"
            " detection_id INTEGER NOT NULL REFERENCES detections(id) ON DELETE CASCADE, time_ms INTEGER,"
            " note TEXT)"_s,
            u"CREATE INDEX false_positives_detection ON false_positives(detection_id)"_s,
            u"CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL)"_s,
        };
        // v2: the whole size of each body, so a body cut at MaxBodyBytes says so.
        QStringList v2{
            u"ALTER TABLE requests ADD COLUMN request_body_bytes INTEGER"_s,
            u"ALTER TABLE requests ADD COLUMN response_body_bytes INTEGER"_s,
        };
        // v3: every approval decision on a shell or code call (README "Approvals").
        QStringList v3{
            u"CREATE TABLE approvals (id INTEGER PRIMARY KEY,"
            " request_id INTEGER NOT NULL REFERENCES requests(id) ON DELETE CASCADE, call_id TEXT,"
            " commands TEXT, verdict TEXT, decision TEXT, decided_by TEXT, reason TEXT, note TEXT,"
            " time_ms INTEGER, waited_ms INTEGER)"_s,
            u"CREATE INDEX approvals_request ON approvals(request_id)"_s,
        };
        // v4: the full-text index no longer keeps its own copy of every body (it doubled the file). The
        // searchable text of a request is a view over what the log stores anyway; the index (request_fts,
        // contentless, created by ensureFullTextIndex() where SQLite has FTS5) is fed from that view on
        // insert and told what to forget from it before a request is deleted.
        QStringList v4{
            u"DROP TRIGGER IF EXISTS requests_fts_delete"_s,
            u"DROP TABLE IF EXISTS request_text"_s,
            u"CREATE VIEW request_text_source AS SELECT r.id AS id,"
            " coalesce(CAST(r.request_body AS TEXT), '') || char(10) ||"
            " coalesce(CAST(r.response_body AS TEXT), '') || coalesce((SELECT group_concat(t, '') FROM"
            " (SELECT char(10) || coalesce(c.command, '') || char(10) || coalesce(c.stdout, '') || char(10) "
            "||"
            " coalesce(c.stderr, '') AS t FROM shell_calls s JOIN commands c ON c.shell_call_id = s.id"
            " WHERE s.request_id = r.id ORDER BY s.id, c.idx, c.id)), '') AS body"
            " FROM requests r WHERE r.io_logged = 1"_s,
        };
        // v5: each shell call's share of the request's sandbox cost, so a call's card and the request agree.
        QStringList v5{
            u"ALTER TABLE shell_calls ADD COLUMN cost REAL"_s,
            u"ALTER TABLE shell_calls ADD COLUMN includes_minimum INTEGER"_s,
        };
        // v6: who asked — the API client, or the window's conversation and question.
        QStringList v6{
            u"ALTER TABLE requests ADD COLUMN client TEXT"_s,
            u"ALTER TABLE requests ADD COLUMN conversation TEXT"_s,
            u"ALTER TABLE requests ADD COLUMN question TEXT"_s,
        };
        return QList<QStringList>{v1, v2, v3, v4, v5, v6};
    }();
    return steps;
}

// The full-text index (rowid = requests.id), created where this SQLite has FTS5. Contentless: it holds only
// the index, the text is request_text_source. The trigger runs before the delete (and before the cascade to
// the request's commands) so the view still yields exactly the text that was indexed.
const QStringList kFtsSchema{
    u"CREATE VIRTUAL TABLE request_fts USING fts5(body, content = '', columnsize = 0,"
    " tokenize = 'unicode61')"_s,
    u"CREATE TRIGGER requests_fts_delete BEFORE DELETE ON requests WHEN old.io_logged = 1 BEGIN"
    " INSERT INTO request_fts (request_fts, rowid, body) SELECT 'delete', id, body FROM"
    " request_text_source WHERE id = old.id; END"_s,
    u"INSERT INTO request_fts (rowid, body) SELECT id, body FROM request_text_source"_s,
};

bool exec(QSqlDatabase &db, const QString &sql, QString *error)
{
    QSqlQuery q(db);
    if (!q.exec(sql)) {
        if (error)
            *error = u"%1: %2"_s.arg(sql.left(60), q.lastError().text());
        return false;
    }
    return true;
}

QVariant scalar(QSqlDatabase &db, const QString &sql)
{
    QSqlQuery q(db);
    if (q.exec(sql) && q.next())
        return q.value(0);
    return {};
}

// A term the unicode61 tokenizer turns into at least one token.
bool hasToken(QStringView term)
{
    return std::any_of(term.begin(), term.end(), [](QChar c) { return c.isLetterOrNumber(); });
}

} // namespace

QString RequestLog::ftsQuery(const QString &text)
{
    // The search box's syntax, never FTS5's: words (each must occur), "quoted phrases" (these words in this
    // order) and a * right after a word or phrase (its last word is a prefix). Every term reaches FTS5
    // quoted, so AND, NEAR, column names, parentheses or stray quotes in user text are only text.
    QStringList terms;
    const auto add = [&terms](QString term, bool prefix) {
        if (hasToken(term))
            terms.append(u'"' % term.replace(u'"', u"\"\""_s) % u'"' % (prefix ? u"*"_s : QString()));
    };
    const qsizetype n = text.size();
    qsizetype i = 0;
    while (i < n) {
        const QChar c = text.at(i);
        if (c.isSpace()) {
            ++i;
            continue;
        }
        if (c == u'"') {
            const qsizetype close = text.indexOf(u'"', i + 1);
            if (close < 0) { // an unmatched quote is only text
                ++i;
                continue;
            }
            qsizetype end = close + 1;
            const bool prefix = end < n && text.at(end) == u'*';
            while (end < n && text.at(end) == u'*')
                ++end;
            add(text.mid(i + 1, close - i - 1), prefix);
            i = end;
            continue;
        }
        qsizetype end = i;
        while (end < n && !text.at(end).isSpace() && text.at(end) != u'"')
            ++end;
        QString word = text.mid(i, end - i);
        const bool prefix = word.endsWith(u'*');
        while (word.endsWith(u'*'))
            word.chop(1);
        add(word, prefix);
        i = end;
    }
    return terms.join(u' ');
}

namespace {

QJsonObject detectionToJson(const Detection &d)
{
    return {{u"guardrail"_s, d.guardrail},
            {u"action"_s, guardrailActionName(d.action)},
            {u"scope"_s, guardrailScopeName(d.scope)},
            {u"message_index"_s, d.messageIndex},
            {u"start"_s, qint64(d.start)},
            {u"length"_s, qint64(d.length)},
            {u"family"_s, d.family},
            {u"pattern_id"_s, d.patternId}};
}

// The first max bytes of body, never ending inside a UTF-8 sequence.
QByteArray cutBody(const QByteArray &body, qint64 max)
{
    if (body.size() <= max)
        return body;
    qsizetype end = qsizetype(max);
    while (end > 0 && (uchar(body.at(end)) & 0xC0) == 0x80)
        --end;
    return body.left(end);
}

QJsonObject recordJsonOf(const RequestRecord &r)
{
    QJsonArray calls;
    for (const ShellCallRecord &c : r.shellCalls) {
        QJsonArray commands;
        for (const CommandRecord &cmd : c.commands) {
            QJsonObject o{{u"outcome"_s, cmd.outcome},
                          {u"exit_code"_s, cmd.exitCode},
                          {u"start_ms"_s, cmd.startMs},
                          {u"duration_ms"_s, cmd.durationMs}};
            if (r.ioLogged) {
                o.insert(u"command"_s, cmd.command);
                o.insert(u"stdout"_s, cmd.stdoutText);
                o.insert(u"stderr"_s, cmd.stderrText);
            }
            commands.append(o);
        }
        QJsonObject call{{u"call_id"_s, c.callId},           {u"tool"_s, c.tool},
                         {u"container_id"_s, c.containerId}, {u"start_ms"_s, c.startMs},
                         {u"duration_ms"_s, c.durationMs},   {u"commands"_s, commands}};
        if (c.cost >= 0) {
            call.insert(u"cost"_s, c.cost);
            call.insert(u"includes_minimum"_s, c.includesMinimum);
        }
        calls.append(call);
    }
    QJsonArray detections;
    for (const Detection &d : r.detections)
        detections.append(detectionToJson(d));
    QJsonArray approvals;
    for (const ApprovalRecord &a : r.approvals) {
        QJsonObject o{{u"call_id"_s, a.callId}, {u"verdict"_s, a.verdict},   {u"decision"_s, a.decision},
                      {u"by"_s, a.by},          {u"reason"_s, a.reason},     {u"note"_s, a.note},
                      {u"time_ms"_s, a.timeMs}, {u"waited_ms"_s, a.waitedMs}};
        if (r.ioLogged)
            o.insert(u"commands"_s, a.commands);
        approvals.append(o);
    }
    QJsonObject o = RequestLog::summaryJson(r);
    o.insert(u"shell_calls"_s, calls);
    if (!approvals.isEmpty())
        o.insert(u"approvals"_s, approvals);
    o.insert(u"detections"_s, detections);
    if (r.ioLogged) {
        o.insert(u"request_body"_s, QString::fromUtf8(r.requestBody));
        o.insert(u"response_body"_s, QString::fromUtf8(r.responseBody));
        // A body the log cut at its limit says how big it was.
        if (r.requestBodyBytes > r.requestBody.size())
            o.insert(u"request_body_bytes"_s, r.requestBodyBytes);
        if (r.responseBodyBytes > r.responseBody.size())
            o.insert(u"response_body_bytes"_s, r.responseBodyBytes);
    }
    return o;
}

} // namespace

QJsonObject RequestLog::recordJson(const RequestRecord &record)
{
    return recordJsonOf(record);
}

QString RequestRecord::oneLine(const QString &text, int maxChars)
{
    QString line = text.trimmed();
    const qsizetype end = line.indexOf(u'\n');
    const bool more = end >= 0;
    if (more)
        line.truncate(end);
    line = line.trimmed();
    // Escaped before it is cut, so the cut never splits an escape; an escape counts as its characters.
    const QString printable = printableText(line.left(maxChars * 2));
    if (printable.size() > maxChars)
        return printable.left(maxChars - 1) + u'…';
    return more || line.size() > maxChars * 2 ? printable + u'…' : printable;
}

QJsonObject RequestLog::summaryJson(const RequestRecord &r)
{
    QJsonObject o{{u"id"_s, r.id},
                  {u"time"_s, QDateTime::fromMSecsSinceEpoch(r.timeMs, Qt::UTC).toString(Qt::ISODateWithMs)},
                  {u"latency_ms"_s, r.latencyMs},
                  {u"workspace"_s, r.workspace},
                  {u"api"_s, r.api},
                  {u"model"_s, r.model},
                  {u"provider"_s, r.provider},
                  {u"status"_s, r.status},
                  {u"input_tokens"_s, r.inputTokens},
                  {u"output_tokens"_s, r.outputTokens},
                  {u"server_tool_cost"_s, r.serverToolCost},
                  {u"container_ids"_s, QJsonArray::fromStringList(r.containerIds)},
                  {u"io_logged"_s, r.ioLogged}};
    if (!r.client.isEmpty())
        o.insert(u"client"_s, r.client);
    if (!r.conversation.isEmpty())
        o.insert(u"conversation"_s, r.conversation);
    if (!r.question.isEmpty())
        o.insert(u"question"_s, r.question);
    return o;
}

// Owns the write connection; lives in RequestLog's writer thread.
class RequestLogWriter : public QObject
{
public:
    static constexpr qsizetype MaxBatch = 256;

    RequestLogWriter(RequestLog *log, const QString &path, bool fts)
        : m_log(log)
        , m_path(path)
        , m_fts(fts)
    {}

    ~RequestLogWriter() override
    {
        // Every handle on the connection must be gone before it is removed.
        for (QSqlQuery *q :
             {&m_insertRequest, &m_insertCall, &m_insertCommand, &m_insertDetection, &m_insertText})
            *q = QSqlQuery();
        m_db.close();
        m_db = QSqlDatabase();
        if (!m_connection.isEmpty())
            QSqlDatabase::removeDatabase(m_connection);
    }

    // Producer side, any thread. True when it is the first record pending: the caller has the writer
    // drain() DrainDelayMs from now (see RequestLog::append).
    bool post(RequestRecord record)
    {
        QMutexLocker lock(&m_mutex);
        const bool wasIdle = m_pending.isEmpty();
        m_pending.append(std::move(record));
        return wasIdle;
    }

    void setRetention(const RetentionPolicy &policy)
    {
        QMutexLocker lock(&m_mutex);
        m_retention = policy;
    }

    // Writer thread from here on.
    // Writes what is pending, a bounded batch per transaction, yielding to the thread's other work between
    // batches.
    void drain()
    {
        if (drainBatch())
            QMetaObject::invokeMethod(this, &RequestLogWriter::drain, Qt::QueuedConnection);
    }

    // Everything pending, now (flush, reads that must see it, the end).
    void drainAll()
    {
        while (drainBatch()) {
        }
    }

    // One transaction of at most MaxBatch records; true when more are pending.
    bool drainBatch()
    {
        QList<RequestRecord> batch;
        bool more = false;
        {
            QMutexLocker lock(&m_mutex);
            if (m_pending.size() <= MaxBatch) {
                batch.swap(m_pending);
            } else {
                batch = m_pending.first(MaxBatch);
                m_pending.remove(0, MaxBatch);
                more = true;
            }
        }
        writeBatch(batch);
        return more;
    }

    void writeBatch(const QList<RequestRecord> &batch)
    {
        if (batch.isEmpty() || !ensureOpen())
            return;
        QString error;
        if (!m_db.transaction()) {
            Q_EMIT m_log->writeFailed(m_db.lastError().text());
            return;
        }
        for (const RequestRecord &r : std::as_const(batch)) {
            if (!insert(r, &error))
                break;
        }
        if (!error.isEmpty() || !m_db.commit()) {
            m_db.rollback();
            Q_EMIT m_log->writeFailed(error.isEmpty() ? m_db.lastError().text() : error);
            return;
        }
        Q_EMIT m_log->committed(int(batch.size()));
        RetentionPolicy policy;
        {
            QMutexLocker lock(&m_mutex);
            policy = m_retention;
        }
        // Retention is measured in days: pruning after every batch only recompiled the DELETE (with its
        // cascades and FTS triggers), the bigger part of a record's cost. Once a minute is plenty.
        if ((policy.maxAgeMs > 0 || policy.maxRows > 0) &&
            (!m_lastPrune.isValid() || m_lastPrune.elapsed() >= RequestLog::AutoPruneIntervalMs)) {
            prune(policy);
            m_lastPrune.start();
        }
    }

    int prune(const RetentionPolicy &policy)
    {
        if (!ensureOpen())
            return 0;
        int removed = 0;
        QSqlQuery q(m_db);
        if (policy.maxAgeMs > 0) {
            q.prepare(u"DELETE FROM requests WHERE time_ms < ?"_s);
            q.addBindValue(QDateTime::currentMSecsSinceEpoch() - policy.maxAgeMs);
            if (q.exec())
                removed += q.numRowsAffected();
        }
        if (policy.maxRows > 0) {
            q.prepare(
                u"DELETE FROM requests WHERE id <= (SELECT id FROM requests ORDER BY id DESC LIMIT 1 OFFSET ?)"_s);
            q.addBindValue(policy.maxRows);
            if (q.exec())
                removed += q.numRowsAffected();
        }
        return removed;
    }

    // Deletes the requests logged before cutoffMs (with their calls, commands and detections) and gives the
    // space back to the file system: SQLite keeps freed pages for reuse until VACUUM.
    int deleteBefore(qint64 cutoffMs)
    {
        drain();
        if (!ensureOpen())
            return 0;
        QSqlQuery q(m_db);
        q.prepare(u"DELETE FROM requests WHERE time_ms < ?"_s);
        q.addBindValue(cutoffMs);
        if (!q.exec()) {
            Q_EMIT m_log->writeFailed(q.lastError().text());
            return 0;
        }
        const int removed = q.numRowsAffected();
        q.finish();
        QString error;
        if (!exec(m_db, u"PRAGMA wal_checkpoint(TRUNCATE)"_s, &error) || !exec(m_db, u"VACUUM"_s, &error) ||
            !exec(m_db, u"PRAGMA wal_checkpoint(TRUNCATE)"_s, &error))
            Q_EMIT m_log->writeFailed(error);
        return removed;
    }

    int pruneNow()
    {
        drainAll();
        QMutexLocker lock(&m_mutex);
        const RetentionPolicy policy = m_retention;
        lock.unlock();
        return prune(policy);
    }

    void reportFalsePositive(qint64 detectionId, const QString &note)
    {
        drainAll();
        if (!ensureOpen())
            return;
        QSqlQuery q(m_db);
        q.prepare(u"INSERT INTO false_positives (detection_id, time_ms, note) VALUES (?, ?, ?)"_s);
        q.addBindValue(detectionId);
        q.addBindValue(QDateTime::currentMSecsSinceEpoch());
        q.addBindValue(note);
        if (!q.exec())
            Q_EMIT m_log->writeFailed(q.lastError().text());
    }

    void addDroppedSpans(qint64 count)
    {
        if (!ensureOpen())
            return;
        QSqlQuery q(m_db);
        q.prepare(u"INSERT INTO counters (name, value) VALUES ('dropped_spans', ?)"
                  " ON CONFLICT(name) DO UPDATE SET value = value + excluded.value"_s);
        q.addBindValue(count);
        if (!q.exec())
            Q_EMIT m_log->writeFailed(q.lastError().text());
    }

private:
    bool ensureOpen()
    {
        if (m_db.isOpen())
            return true;
        m_connection = u"sandbench-log-writer-"_s % QUuid::createUuid().toString(QUuid::WithoutBraces);
        m_db = QSqlDatabase::addDatabase(u"QSQLITE"_s, m_connection);
        m_db.setDatabaseName(m_path);
        m_db.setConnectOptions(u"QSQLITE_BUSY_TIMEOUT=5000"_s);
        QString error;
        if (!m_db.open() || !exec(m_db, u"PRAGMA journal_mode=WAL"_s, &error) ||
            !exec(m_db, u"PRAGMA synchronous=NORMAL"_s, &error) ||
            !exec(m_db, u"PRAGMA foreign_keys=ON"_s, &error)) {
            Q_EMIT m_log->writeFailed(error.isEmpty() ? m_db.lastError().text() : error);
            return false;
        }
        m_insertRequest = QSqlQuery(m_db);
        m_insertRequest.prepare(
            u"INSERT INTO requests (request_id, time_ms, latency_ms, workspace, api, model, provider, status,"
            " input_tokens, output_tokens, server_tool_cost, container_ids, request_body, response_body, "
            "io_logged, request_body_bytes, response_body_bytes, client, conversation, question)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s);
        m_insertCall = QSqlQuery(m_db);
        m_insertCall.prepare(u"INSERT INTO shell_calls (request_id, call_id, tool, container_id, start_ms,"
                             " duration_ms, cost, includes_minimum) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"_s);
        m_insertCommand = QSqlQuery(m_db);
        m_insertCommand.prepare(u"INSERT INTO commands (shell_call_id, idx, command, stdout, stderr, outcome,"
                                " exit_code, start_ms, duration_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"_s);
        m_insertDetection = QSqlQuery(m_db);
        m_insertDetection.prepare(
            u"INSERT INTO detections (request_id, guardrail, action, scope, message_index,"
            " span_start, span_length, family, pattern_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"_s);
        m_insertApproval = QSqlQuery(m_db);
        m_insertApproval.prepare(u"INSERT INTO approvals (request_id, call_id, commands, verdict, decision, "
                                 u"decided_by, reason, note,"
                                 " time_ms, waited_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s);
        if (m_fts) {
            m_insertText = QSqlQuery(m_db);
            m_insertText.prepare(
                u"INSERT INTO request_fts (rowid, body) SELECT id, body FROM request_text_source WHERE id = ?"_s);
        }
        return true;
    }

    bool run(QSqlQuery &q, QString *error)
    {
        if (q.exec())
            return true;
        *error = q.lastError().text();
        return false;
    }

    bool insert(const RequestRecord &r, QString *error)
    {
        QSqlQuery &q = m_insertRequest;
        q.addBindValue(r.id);
        q.addBindValue(r.timeMs);
        q.addBindValue(r.latencyMs);
        q.addBindValue(r.workspace);
        q.addBindValue(r.api);
        q.addBindValue(r.model);
        q.addBindValue(r.provider);
        q.addBindValue(r.status);
        q.addBindValue(r.inputTokens);
        q.addBindValue(r.outputTokens);
        q.addBindValue(r.serverToolCost);
        q.addBindValue(r.containerIds.join(u','));
        q.addBindValue(r.ioLogged ? QVariant(r.requestBody) : QVariant());
        q.addBindValue(r.ioLogged ? QVariant(r.responseBody) : QVariant());
        q.addBindValue(r.ioLogged ? 1 : 0);
        q.addBindValue(r.ioLogged ? QVariant(r.requestBodyBytes) : QVariant());
        q.addBindValue(r.ioLogged ? QVariant(r.responseBodyBytes) : QVariant());
        q.addBindValue(r.client.isEmpty() ? QVariant() : QVariant(r.client));
        q.addBindValue(r.ioLogged && !r.conversation.isEmpty() ? QVariant(r.conversation) : QVariant());
        q.addBindValue(r.ioLogged && !r.question.isEmpty() ? QVariant(r.question) : QVariant());
        if (!run(q, error))
            return false;
        const qint64 requestRow = q.lastInsertId().toLongLong();
        for (const ShellCallRecord &c : r.shellCalls) {
            m_insertCall.addBindValue(requestRow);
            m_insertCall.addBindValue(c.callId);
            m_insertCall.addBindValue(c.tool);
            m_insertCall.addBindValue(c.containerId);
            m_insertCall.addBindValue(c.startMs);
            m_insertCall.addBindValue(c.durationMs);
            m_insertCall.addBindValue(c.cost >= 0 ? QVariant(c.cost) : QVariant());
            m_insertCall.addBindValue(c.includesMinimum ? 1 : 0);
            if (!run(m_insertCall, error))
                return false;
            const qint64 callRow = m_insertCall.lastInsertId().toLongLong();
            for (int i = 0; i < c.commands.size(); ++i) {
                const CommandRecord &cmd = c.commands.at(i);
                m_insertCommand.addBindValue(callRow);
                m_insertCommand.addBindValue(i);
                m_insertCommand.addBindValue(r.ioLogged ? QVariant(cmd.command) : QVariant());
                m_insertCommand.addBindValue(r.ioLogged ? QVariant(cmd.stdoutText) : QVariant());
                m_insertCommand.addBindValue(r.ioLogged ? QVariant(cmd.stderrText) : QVariant());
                m_insertCommand.addBindValue(cmd.outcome);
                m_insertCommand.addBindValue(cmd.exitCode);
                m_insertCommand.addBindValue(cmd.startMs);
                m_insertCommand.addBindValue(cmd.durationMs);
                if (!run(m_insertCommand, error))
                    return false;
            }
        }
        for (const Detection &d : r.detections) {
            m_insertDetection.addBindValue(requestRow);
            m_insertDetection.addBindValue(d.guardrail);
            m_insertDetection.addBindValue(guardrailActionName(d.action));
            m_insertDetection.addBindValue(guardrailScopeName(d.scope));
            m_insertDetection.addBindValue(d.messageIndex);
            m_insertDetection.addBindValue(qint64(d.start));
            m_insertDetection.addBindValue(qint64(d.length));
            m_insertDetection.addBindValue(d.family);
            m_insertDetection.addBindValue(d.patternId);
            if (!run(m_insertDetection, error))
                return false;
        }
        for (const ApprovalRecord &a : r.approvals) {
            m_insertApproval.addBindValue(requestRow);
            m_insertApproval.addBindValue(a.callId);
            m_insertApproval.addBindValue(r.ioLogged ? QVariant(a.commands) : QVariant());
            m_insertApproval.addBindValue(a.verdict);
            m_insertApproval.addBindValue(a.decision);
            m_insertApproval.addBindValue(a.by);
            m_insertApproval.addBindValue(a.reason);
            m_insertApproval.addBindValue(a.note);
            m_insertApproval.addBindValue(a.timeMs);
            m_insertApproval.addBindValue(a.waitedMs);
            if (!run(m_insertApproval, error))
                return false;
        }
        // After the commands: the view reads them back, exactly as the delete trigger will.
        if (m_fts && r.ioLogged) {
            m_insertText.addBindValue(requestRow);
            if (!run(m_insertText, error))
                return false;
        }
        return true;
    }

    RequestLog *m_log;
    QString m_path;
    bool m_fts;
    QString m_connection;
    QSqlDatabase m_db;
    QSqlQuery m_insertRequest;
    QSqlQuery m_insertCall;
    QSqlQuery m_insertCommand;
    QSqlQuery m_insertDetection;
    QSqlQuery m_insertApproval;
    QSqlQuery m_insertText;
    QMutex m_mutex;
    QList<RequestRecord> m_pending;
    RetentionPolicy m_retention;
    QElapsedTimer m_lastPrune; // writer thread
};

RequestLog::RequestLog(QObject *parent)
    : QObject(parent)
{}

RequestLog::~RequestLog()
{
    if (m_writer) {
        flush();
        // Destroy the writer in its own thread: its QSqlDatabase belongs there.
        QMetaObject::invokeMethod(
            m_writer, [w = m_writer] { delete w; }, Qt::BlockingQueuedConnection);
        m_thread->quit();
        m_thread->wait();
        delete m_thread;
    }
    if (!m_readConnection.isEmpty()) {
        {
            QSqlDatabase db = QSqlDatabase::database(m_readConnection, false);
            if (db.isOpen())
                db.close();
        }
        QSqlDatabase::removeDatabase(m_readConnection);
    }
}

QString RequestLog::databasePath(const QString &dataDir, const QString &workspace)
{
    return QDir(dataDir).filePath(u"workspaces/%1/logs.sqlite"_s.arg(workspace));
}

int RequestLog::schemaVersion()
{
    return int(migrations().size());
}

bool RequestLog::open(const QString &path, QString *error)
{
    if (m_writer) {
        if (error)
            *error = u"request log already open"_s;
        return false;
    }
    QDir().mkpath(QFileInfo(path).absolutePath());
    m_path = path;
    m_readConnection = u"sandbench-log-read-"_s % QUuid::createUuid().toString(QUuid::WithoutBraces);
    QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, m_readConnection);
    db.setDatabaseName(path);
    db.setConnectOptions(u"QSQLITE_BUSY_TIMEOUT=5000"_s);
    if (!db.open()) {
        if (error)
            *error = u"cannot open %1: %2"_s.arg(path, db.lastError().text());
        return false;
    }
    if (!exec(db, u"PRAGMA journal_mode=WAL"_s, error) || !exec(db, u"PRAGMA synchronous=NORMAL"_s, error))
        return false;

    bool ftsAvailable = false;
    {
        QSqlQuery q(db);
        q.exec(u"PRAGMA compile_options"_s);
        while (q.next())
            ftsAvailable |= q.value(0).toString() == u"ENABLE_FTS5"_s;
    }
    const int current = scalar(db, u"PRAGMA user_version"_s).toInt();
    const auto &steps = migrations();
    if (current > steps.size()) {
        if (error)
            *error = u"%1 has schema version %2, newer than this Sandbench (%3)"_s.arg(
                path, QString::number(current), QString::number(steps.size()));
        return false;
    }
    for (int v = current; v < steps.size(); ++v) {
        if (!db.transaction()) {
            if (error)
                *error = db.lastError().text();
            return false;
        }
        for (const QString &sql : steps.at(v)) {
            if (!exec(db, sql, error)) {
                db.rollback();
                return false;
            }
        }
        if (!exec(db, u"PRAGMA user_version = %1"_s.arg(v + 1), error) || !db.commit()) {
            db.rollback();
            return false;
        }
    }
    // The index is not a numbered step: a log written where SQLite had no FTS5 gets it (from everything
    // already logged) the first time a Sandbench with FTS5 opens it.
    const auto hasIndex = [&db] {
        return scalar(db, u"SELECT count(*) FROM sqlite_master WHERE name = 'request_fts'"_s).toInt() == 1;
    };
    if (ftsAvailable && !hasIndex()) {
        if (!db.transaction()) {
            if (error)
                *error = db.lastError().text();
            return false;
        }
        for (const QString &sql : kFtsSchema) {
            if (!exec(db, sql, error)) {
                db.rollback();
                return false;
            }
        }
        if (!db.commit()) {
            db.rollback();
            return false;
        }
    }
    m_fts = hasIndex();

    m_thread = new QThread;
    m_thread->setObjectName(u"RequestLogWriter"_s);
    m_writer = new RequestLogWriter(this, path, m_fts);
    m_writer->moveToThread(m_thread);
    m_thread->start();
    return true;
}

bool RequestLog::openExisting(const QString &path, QString *error)
{
    const auto fail = [error](const QString &text) {
        if (error)
            *error = text;
        return false;
    };
    if (m_writer || !m_readConnection.isEmpty())
        return fail(u"request log already open"_s);
    if (!QFileInfo(path).isFile())
        return fail(u"%1 does not exist"_s.arg(path));
    m_path = path;
    m_readConnection = u"sandbench-log-view-"_s % QUuid::createUuid().toString(QUuid::WithoutBraces);
    QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, m_readConnection);
    db.setDatabaseName(path);
    db.setConnectOptions(u"QSQLITE_BUSY_TIMEOUT=5000"_s);
    if (!db.open())
        return fail(u"cannot open %1: %2"_s.arg(path, db.lastError().text()));
    QSqlQuery q(db);
    if (!q.exec(u"PRAGMA user_version"_s) || !q.next())
        return fail(u"cannot read %1: %2"_s.arg(path, q.lastError().text()));
    const int version = q.value(0).toInt();
    if (version != schemaVersion())
        return fail(u"%1 has schema version %2; this Sandbench reads version %3"_s.arg(
            path, QString::number(version), QString::number(schemaVersion())));
    m_fts = scalar(db, u"SELECT count(*) FROM sqlite_master WHERE name = 'request_fts'"_s).toInt() == 1;
    return true;
}

bool RequestLog::reportFalsePositiveNow(qint64 detectionId, const QString &note, QString *error)
{
    QSqlDatabase db = QSqlDatabase::database(m_readConnection, false);
    if (!db.isOpen()) {
        if (error)
            *error = u"the request log is not open"_s;
        return false;
    }
    QSqlQuery q(db);
    // Only for a detection that is still there (retention may have removed it meanwhile).
    q.prepare(u"INSERT INTO false_positives (detection_id, time_ms, note) SELECT id, ?, ? FROM detections"
              " WHERE id = ?"_s);
    q.addBindValue(QDateTime::currentMSecsSinceEpoch());
    q.addBindValue(note);
    q.addBindValue(detectionId);
    if (!q.exec()) {
        if (error)
            *error = q.lastError().text();
        return false;
    }
    if (q.numRowsAffected() != 1) {
        if (error)
            *error = u"detection %1 is no longer in the log"_s.arg(detectionId);
        return false;
    }
    return true;
}

void RequestLog::setIoLogging(bool on)
{
    QMutexLocker lock(&m_mutex);
    m_ioLogging = on;
}

bool RequestLog::ioLogging() const
{
    QMutexLocker lock(&m_mutex);
    return m_ioLogging;
}

void RequestLog::setRetention(const RetentionPolicy &policy)
{
    if (m_writer)
        m_writer->setRetention(policy);
}

void RequestLog::append(const RequestRecord &record)
{
    if (!m_writer)
        return;
    RequestRecord copy = record;
    copy.ioLogged = ioLogging();
    if (copy.ioLogged) {
        copy.requestBodyBytes = copy.requestBody.size();
        copy.responseBodyBytes = copy.responseBody.size();
        copy.requestBody = cutBody(copy.requestBody, m_maxBodyBytes);
        copy.responseBody = cutBody(copy.responseBody, m_maxBodyBytes);
    } else {
        copy.requestBody.clear();
        copy.responseBody.clear();
        for (ShellCallRecord &c : copy.shellCalls) {
            for (CommandRecord &cmd : c.commands) {
                cmd.command.clear();
                cmd.stdoutText.clear();
                cmd.stderrText.clear();
            }
        }
    }
    if (!m_writer->post(std::move(copy)))
        return;
    // The first record waits DrainDelayMs for company: the answer it describes is still on its way to the
    // client (a writer busy with SQLite would take a core from it), and the records of a burst share one
    // transaction. The wait runs on this thread's timer, so the writer thread is not woken until then
    // either (woken now, it would be scheduled in just as the answer goes out). flush() and the log's end
    // write at once.
    const auto drain = [w = m_writer] {
        QMetaObject::invokeMethod(w, &RequestLogWriter::drain, Qt::QueuedConnection);
    };
    if (QThread::currentThread() == thread())
        QTimer::singleShot(DrainDelayMs, this, drain);
    else
        QMetaObject::invokeMethod(
            m_writer,
            [w = m_writer] { QTimer::singleShot(RequestLog::DrainDelayMs, w, &RequestLogWriter::drain); },
            Qt::QueuedConnection);
}

void RequestLog::reportFalsePositive(qint64 detectionId, const QString &note)
{
    if (m_writer)
        QMetaObject::invokeMethod(
            m_writer, [w = m_writer, detectionId, note] { w->reportFalsePositive(detectionId, note); },
            Qt::QueuedConnection);
}

void RequestLog::addDroppedSpans(qint64 count)
{
    if (m_writer && count > 0)
        QMetaObject::invokeMethod(
            m_writer, [w = m_writer, count] { w->addDroppedSpans(count); }, Qt::QueuedConnection);
}

void RequestLog::flush()
{
    if (m_writer)
        QMetaObject::invokeMethod(
            m_writer, [w = m_writer] { w->drainAll(); }, Qt::BlockingQueuedConnection);
}

int RequestLog::deleteBefore(qint64 cutoffMs)
{
    int removed = 0;
    if (m_writer)
        QMetaObject::invokeMethod(
            m_writer, [w = m_writer, &removed, cutoffMs] { removed = w->deleteBefore(cutoffMs); },
            Qt::BlockingQueuedConnection);
    return removed;
}

int RequestLog::pruneNow()
{
    int removed = 0;
    if (m_writer)
        QMetaObject::invokeMethod(
            m_writer, [w = m_writer, &removed] { removed = w->pruneNow(); }, Qt::BlockingQueuedConnection);
    return removed;
}

// The WHERE clause (with its bind values) of a filter, shared by search(), count() and exportJsonl(). With
// ftsDriven, a text the index answers is a MATCH on request_fts, which the query then joins first (*ftsDriven
// says so): the index hands out the matching rows newest first, so a page of a word in every request costs
// what a page of a rare one does.
QString RequestLog::whereClause(const LogFilter &filter, QVariantList *binds, bool *ftsDriven) const
{
    QStringList where;
    if (ftsDriven)
        *ftsDriven = false;
    if (!filter.text.trimmed().isEmpty()) {
        const QString match = m_fts ? ftsQuery(filter.text) : QString();
        if (!match.isEmpty() && ftsDriven) {
            where << u"request_fts MATCH ?"_s;
            *binds << match;
            *ftsDriven = true;
        } else if (!match.isEmpty()) {
            where << u"r.id IN (SELECT rowid FROM request_fts WHERE request_fts MATCH ?)"_s;
            *binds << match;
        } else {
            // No FTS5, or text without a word the index knows ("->", "%"): the text as a substring.
            QString pattern = filter.text.trimmed();
            pattern.replace(u'\\', u"\\\\"_s).replace(u'%', u"\\%"_s).replace(u'_', u"\\_"_s);
            where << u"(CAST(r.request_body AS TEXT) LIKE ? ESCAPE '\\' OR CAST(r.response_body AS TEXT) LIKE"
                     " ? ESCAPE '\\' OR EXISTS (SELECT 1 FROM shell_calls s JOIN commands c ON"
                     " c.shell_call_id = s.id WHERE s.request_id = r.id AND (c.command LIKE ? ESCAPE '\\' OR"
                     " c.stdout LIKE ? ESCAPE '\\' OR c.stderr LIKE ? ESCAPE '\\')))"_s;
            for (int i = 0; i < 5; ++i)
                *binds << QString(u'%' % pattern % u'%');
        }
    }
    if (!filter.model.isEmpty()) {
        where << u"r.model = ?"_s;
        *binds << filter.model;
    }
    if (filter.status) {
        where << u"r.status = ?"_s;
        *binds << *filter.status;
    }
    if (filter.from.isValid()) {
        where << u"r.time_ms >= ?"_s;
        *binds << filter.from.toMSecsSinceEpoch();
    }
    if (filter.to.isValid()) {
        where << u"r.time_ms < ?"_s;
        *binds << filter.to.toMSecsSinceEpoch();
    }
    if (filter.rowId) {
        where << u"r.id = ?"_s;
        *binds << *filter.rowId;
    }
    return where.isEmpty() ? QString() : u" WHERE "_s % where.join(u" AND "_s);
}

QList<RequestRecord> RequestLog::search(const LogFilter &filter) const
{
    QList<RequestRecord> out;
    QSqlDatabase db = QSqlDatabase::database(m_readConnection, false);
    if (!db.isOpen())
        return out;
    QVariantList binds;
    bool ftsDriven = false;
    const QString where = whereClause(filter, &binds, &ftsDriven);
    QString sql =
        u"SELECT r.id, r.request_id, r.time_ms, r.latency_ms, r.workspace, r.api, r.model, r.provider,"
        " r.status, r.input_tokens, r.output_tokens, r.server_tool_cost, r.container_ids, r.io_logged,"
        " r.client, r.conversation, r.question FROM "_s %
        (ftsDriven ? u"request_fts CROSS JOIN requests r ON r.id = request_fts.rowid"_s : u"requests r"_s) %
        where;
    // A text search lists the most recently logged first, in the index's own order (it stops after the page).
    sql += ftsDriven ? u" ORDER BY request_fts.rowid DESC LIMIT ? OFFSET ?"_s
                     : u" ORDER BY r.time_ms DESC, r.id DESC LIMIT ? OFFSET ?"_s;
    binds << filter.limit << filter.offset;
    QSqlQuery q(db);
    q.prepare(sql);
    for (const QVariant &b : std::as_const(binds))
        q.addBindValue(b);
    if (!q.exec()) {
        qWarning("Request log search failed: %s", qUtf8Printable(q.lastError().text()));
        return out;
    }
    while (q.next()) {
        RequestRecord r;
        r.rowId = q.value(0).toLongLong();
        r.id = q.value(1).toString();
        r.timeMs = q.value(2).toLongLong();
        r.latencyMs = q.value(3).toLongLong();
        r.workspace = q.value(4).toString();
        r.api = q.value(5).toString();
        r.model = q.value(6).toString();
        r.provider = q.value(7).toString();
        r.status = q.value(8).toInt();
        r.inputTokens = q.value(9).toLongLong();
        r.outputTokens = q.value(10).toLongLong();
        r.serverToolCost = q.value(11).toDouble();
        r.containerIds = q.value(12).toString().split(u',', Qt::SkipEmptyParts);
        r.ioLogged = q.value(13).toBool();
        r.client = q.value(14).toString();
        r.conversation = q.value(15).toString();
        r.question = q.value(16).toString();
        out.append(r);
    }
    return out;
}

std::optional<RequestRecord> RequestLog::request(qint64 rowId) const
{
    QSqlDatabase db = QSqlDatabase::database(m_readConnection, false);
    QSqlQuery q(db);
    q.prepare(
        u"SELECT request_id, time_ms, latency_ms, workspace, api, model, provider, status, input_tokens,"
        " output_tokens, server_tool_cost, container_ids, request_body, response_body, io_logged,"
        " request_body_bytes, response_body_bytes, client, conversation, question FROM requests WHERE id = ?"_s);
    q.addBindValue(rowId);
    if (!q.exec() || !q.next())
        return std::nullopt;
    RequestRecord r;
    r.rowId = rowId;
    r.id = q.value(0).toString();
    r.timeMs = q.value(1).toLongLong();
    r.latencyMs = q.value(2).toLongLong();
    r.workspace = q.value(3).toString();
    r.api = q.value(4).toString();
    r.model = q.value(5).toString();
    r.provider = q.value(6).toString();
    r.status = q.value(7).toInt();
    r.inputTokens = q.value(8).toLongLong();
    r.outputTokens = q.value(9).toLongLong();
    r.serverToolCost = q.value(10).toDouble();
    r.containerIds = q.value(11).toString().split(u',', Qt::SkipEmptyParts);
    r.requestBody = q.value(12).toByteArray();
    r.responseBody = q.value(13).toByteArray();
    r.ioLogged = q.value(14).toBool();
    r.requestBodyBytes = q.value(15).toLongLong();
    r.responseBodyBytes = q.value(16).toLongLong();
    r.client = q.value(17).toString();
    r.conversation = q.value(18).toString();
    r.question = q.value(19).toString();

    QSqlQuery calls(db);
    calls.prepare(u"SELECT id, call_id, tool, container_id, start_ms, duration_ms, cost, includes_minimum"
                  " FROM shell_calls WHERE request_id = ? ORDER BY id"_s);
    calls.addBindValue(rowId);
    calls.exec();
    QSqlQuery commands(db);
    commands.prepare(
        u"SELECT command, stdout, stderr, outcome, exit_code, start_ms, duration_ms FROM commands"
        " WHERE shell_call_id = ? ORDER BY idx"_s);
    while (calls.next()) {
        ShellCallRecord c{calls.value(1).toString(),   calls.value(2).toString(),   calls.value(3).toString(),
                          calls.value(4).toLongLong(), calls.value(5).toLongLong(), {}};
        c.cost = calls.value(6).isNull() ? -1.0 : calls.value(6).toDouble();
        c.includesMinimum = calls.value(7).toInt() != 0;
        commands.addBindValue(calls.value(0).toLongLong());
        commands.exec();
        while (commands.next()) {
            c.commands.append({commands.value(0).toString(), commands.value(1).toString(),
                               commands.value(2).toString(), commands.value(3).toString(),
                               commands.value(4).toInt(), commands.value(5).toLongLong(),
                               commands.value(6).toLongLong()});
        }
        r.shellCalls.append(c);
    }
    QSqlQuery det(db);
    det.prepare(u"SELECT guardrail, action, scope, message_index, span_start, span_length, family, pattern_id"
                " FROM detections WHERE request_id = ? ORDER BY id"_s);
    det.addBindValue(rowId);
    det.exec();
    while (det.next()) {
        Detection d;
        d.guardrail = det.value(0).toString();
        d.action = parseGuardrailAction(det.value(1).toString()).value_or(GuardrailAction::Flag);
        d.scope = parseGuardrailScope(det.value(2).toString()).value_or(GuardrailScope::UserOnly);
        d.messageIndex = det.value(3).toInt();
        d.start = det.value(4).toLongLong();
        d.length = det.value(5).toLongLong();
        d.family = det.value(6).toString();
        d.patternId = det.value(7).toString();
        r.detections.append(d);
    }
    QSqlQuery ap(db);
    ap.prepare(u"SELECT call_id, commands, verdict, decision, decided_by, reason, note, time_ms, waited_ms"
               " FROM approvals WHERE request_id = ? ORDER BY id"_s);
    ap.addBindValue(rowId);
    ap.exec();
    while (ap.next()) {
        r.approvals.append({ap.value(0).toString(), ap.value(1).toString(), ap.value(2).toString(),
                            ap.value(3).toString(), ap.value(4).toString(), ap.value(5).toString(),
                            ap.value(6).toString(), ap.value(7).toLongLong(), ap.value(8).toLongLong()});
    }
    return r;
}

QList<qint64> RequestLog::detectionIds(qint64 requestRowId) const
{
    QList<qint64> out;
    QSqlQuery q(QSqlDatabase::database(m_readConnection, false));
    q.prepare(u"SELECT id FROM detections WHERE request_id = ? ORDER BY id"_s);
    q.addBindValue(requestRowId);
    q.exec();
    while (q.next())
        out.append(q.value(0).toLongLong());
    return out;
}

std::optional<qint64> RequestLog::rowIdOf(const QString &requestId) const
{
    QSqlQuery q(QSqlDatabase::database(m_readConnection, false));
    q.prepare(u"SELECT id FROM requests WHERE request_id = ? ORDER BY id DESC LIMIT 1"_s);
    q.addBindValue(requestId);
    if (!q.exec() || !q.next())
        return std::nullopt;
    return q.value(0).toLongLong();
}

QHash<qint64, QList<GuardrailActionCount>>
RequestLog::guardrailActions(const QList<qint64> &requestRowIds) const
{
    QHash<qint64, QList<GuardrailActionCount>> out;
    if (requestRowIds.isEmpty())
        return out;
    // One range scan of the request index instead of a query per row; rows in the range that were not
    // asked for are dropped below.
    const auto [lo, hi] = std::minmax_element(requestRowIds.cbegin(), requestRowIds.cend());
    const QSet<qint64> wanted(requestRowIds.cbegin(), requestRowIds.cend());
    QSqlQuery q(QSqlDatabase::database(m_readConnection, false));
    q.prepare(
        u"SELECT request_id, guardrail, action, count(*) FROM detections WHERE request_id BETWEEN ? AND ?"
        " GROUP BY request_id, guardrail, action ORDER BY request_id, guardrail, action"_s);
    q.addBindValue(*lo);
    q.addBindValue(*hi);
    q.exec();
    while (q.next()) {
        const qint64 row = q.value(0).toLongLong();
        if (!wanted.contains(row))
            continue;
        GuardrailActionCount c;
        c.guardrail = q.value(1).toString();
        c.action = parseGuardrailAction(q.value(2).toString()).value_or(GuardrailAction::Flag);
        c.count = q.value(3).toInt();
        out[row].append(c);
    }
    return out;
}

qint64 RequestLog::falsePositiveCount() const
{
    QSqlDatabase db = QSqlDatabase::database(m_readConnection, false);
    return scalar(db, u"SELECT count(*) FROM false_positives"_s).toLongLong();
}

qint64 RequestLog::droppedSpans() const
{
    QSqlDatabase db = QSqlDatabase::database(m_readConnection, false);
    return scalar(db, u"SELECT value FROM counters WHERE name = 'dropped_spans'"_s).toLongLong();
}

QList<GuardrailReportRow> RequestLog::flagReport(const QDateTime &from, const QDateTime &to) const
{
    QList<GuardrailReportRow> out;
    QSqlDatabase db = QSqlDatabase::database(m_readConnection, false);
    const qint64 fromMs = from.isValid() ? from.toMSecsSinceEpoch() : std::numeric_limits<qint64>::min();
    const qint64 toMs = to.isValid() ? to.toMSecsSinceEpoch() : std::numeric_limits<qint64>::max();
    QSqlQuery total(db);
    total.prepare(u"SELECT count(*) FROM requests WHERE time_ms >= ? AND time_ms < ?"_s);
    total.addBindValue(fromMs);
    total.addBindValue(toMs);
    if (!total.exec() || !total.next())
        return out;
    const qint64 requests = total.value(0).toLongLong();
    QSqlQuery q(db);
    q.prepare(u"SELECT d.guardrail, count(DISTINCT d.request_id) FROM detections d JOIN requests r"
              " ON r.id = d.request_id WHERE r.time_ms >= ? AND r.time_ms < ? GROUP BY d.guardrail"
              " ORDER BY d.guardrail"_s);
    q.addBindValue(fromMs);
    q.addBindValue(toMs);
    q.exec();
    while (q.next()) {
        GuardrailReportRow row{q.value(0).toString(), requests, q.value(1).toLongLong(), 0};
        row.share = requests > 0 ? double(row.matchedRequests) / double(requests) : 0;
        out.append(row);
    }
    return out;
}

qint64 RequestLog::detectedRequestCount(const QDateTime &from, const QDateTime &to) const
{
    QSqlDatabase db = QSqlDatabase::database(m_readConnection, false);
    QSqlQuery q(db);
    q.prepare(u"SELECT count(DISTINCT d.request_id) FROM detections d JOIN requests r ON r.id = d.request_id"
              " WHERE r.time_ms >= ? AND r.time_ms < ?"_s);
    q.addBindValue(from.isValid() ? from.toMSecsSinceEpoch() : std::numeric_limits<qint64>::min());
    q.addBindValue(to.isValid() ? to.toMSecsSinceEpoch() : std::numeric_limits<qint64>::max());
    if (!q.exec() || !q.next())
        return 0;
    return q.value(0).toLongLong();
}

bool RequestLog::exportJsonl(const QString &path, const LogFilter &filter, QString *error, qint64 *written,
                             const std::atomic_bool *cancel) const
{
    const auto fail = [error](const QString &text) {
        if (error)
            *error = text;
        return false;
    };
    if (written)
        *written = 0;
    QSqlDatabase db = QSqlDatabase::database(m_readConnection, false);
    if (!db.isOpen())
        return fail(u"the request log is not open"_s);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return fail(file.errorString());
    // One read transaction: every page comes from the same snapshot (WAL keeps it while the writer commits).
    if (!db.transaction())
        return fail(db.lastError().text());
    const auto finish = [&db](bool ok) {
        db.rollback(); // read only: nothing to commit
        return ok;
    };
    QVariantList filterBinds;
    const QString where = whereClause(filter, &filterBinds);
    qint64 remaining = filter.limit > 0 ? filter.limit : std::numeric_limits<qint64>::max();
    qint64 count = 0;
    // The first page skips filter.offset rows; the next ones start below the last row written (time, id).
    std::optional<std::pair<qint64, qint64>> last;
    while (remaining > 0) {
        if (cancel && cancel->load()) {
            file.cancelWriting();
            return finish(fail(u"cancelled"_s));
        }
        const int pageSize = int(std::min<qint64>(500, remaining));
        QVariantList binds = filterBinds;
        QString sql = u"SELECT r.id, r.time_ms FROM requests r"_s % where;
        if (last) {
            sql += (where.isEmpty() ? u" WHERE "_s : u" AND "_s) %
                   u"(r.time_ms < ? OR (r.time_ms = ? AND r.id < ?))"_s;
            binds << last->first << last->first << last->second;
        }
        sql += u" ORDER BY r.time_ms DESC, r.id DESC LIMIT ? OFFSET ?"_s;
        binds << pageSize << (last ? 0 : filter.offset);
        QSqlQuery q(db);
        q.prepare(sql);
        for (const QVariant &b : std::as_const(binds))
            q.addBindValue(b);
        if (!q.exec()) {
            file.cancelWriting();
            return finish(fail(q.lastError().text()));
        }
        int rows = 0;
        while (q.next()) {
            ++rows;
            last = std::make_pair(q.value(1).toLongLong(), q.value(0).toLongLong());
            if (const auto full = request(last->second)) {
                const QByteArray line =
                    QJsonDocument(RequestLog::recordJson(*full)).toJson(QJsonDocument::Compact) + '\n';
                if (file.write(line) != line.size()) {
                    file.cancelWriting();
                    return finish(fail(file.errorString()));
                }
                ++count;
            }
        }
        if (rows < pageSize)
            break;
        remaining -= rows;
    }
    finish(true);
    if (!file.commit())
        return fail(file.errorString());
    if (written)
        *written = count;
    return true;
}

qint64 RequestLog::count(const LogFilter &filter) const
{
    QSqlDatabase db = QSqlDatabase::database(m_readConnection, false);
    if (!db.isOpen())
        return 0;
    QVariantList binds;
    bool ftsDriven = false;
    const QString where = whereClause(filter, &binds, &ftsDriven);
    QSqlQuery q(db);
    // Only a text: the index counts its own rows, without a look at the requests table.
    if (ftsDriven && binds.size() == 1)
        q.prepare(u"SELECT count(*) FROM request_fts WHERE request_fts MATCH ?"_s);
    else if (ftsDriven)
        q.prepare(u"SELECT count(*) FROM request_fts CROSS JOIN requests r ON r.id = request_fts.rowid"_s %
                  where);
    else
        q.prepare(u"SELECT count(*) FROM requests r"_s % where);
    for (const QVariant &b : std::as_const(binds))
        q.addBindValue(b);
    if (!q.exec() || !q.next())
        return 0;
    return q.value(0).toLongLong();
}

QStringList RequestLog::models() const
{
    QStringList out;
    QSqlQuery q(QSqlDatabase::database(m_readConnection, false));
    // One index seek per distinct model (SELECT DISTINCT would read the whole index: 130 ms at 500,000).
    if (q.exec(u"WITH RECURSIVE m(v) AS (SELECT min(model) FROM requests WHERE model > '' UNION ALL"
               " SELECT (SELECT min(model) FROM requests WHERE model > m.v) FROM m WHERE m.v IS NOT NULL)"
               " SELECT v FROM m WHERE v IS NOT NULL"_s)) {
        while (q.next())
            out.append(q.value(0).toString());
    }
    return out;
}

QList<int> RequestLog::statuses() const
{
    QList<int> out;
    QSqlQuery q(QSqlDatabase::database(m_readConnection, false));
    if (q.exec(u"WITH RECURSIVE s(v) AS (SELECT min(status) FROM requests WHERE status IS NOT NULL UNION ALL"
               " SELECT (SELECT min(status) FROM requests WHERE status > s.v) FROM s WHERE s.v IS NOT NULL)"
               " SELECT v FROM s WHERE v IS NOT NULL"_s)) {
        while (q.next())
            out.append(q.value(0).toInt());
    }
    return out;
}

QList<qint64> RequestLog::falsePositiveDetections(qint64 requestRowId) const
{
    QList<qint64> out;
    QSqlQuery q(QSqlDatabase::database(m_readConnection, false));
    q.prepare(
        u"SELECT DISTINCT f.detection_id FROM false_positives f JOIN detections d ON d.id = f.detection_id"
        " WHERE d.request_id = ? ORDER BY f.detection_id"_s);
    q.addBindValue(requestRowId);
    if (q.exec()) {
        while (q.next())
            out.append(q.value(0).toLongLong());
    }
    return out;
}

qint64 RequestLog::dataVersion() const
{
    QSqlDatabase db = QSqlDatabase::database(m_readConnection, false);
    return scalar(db, u"PRAGMA data_version"_s).toLongLong();
}
