// SPDX-License-Identifier: GPL-3.0-or-later
#include "gateway/requestlog.h"

#include "config-sandbench-tests.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <csignal>
#include <limits>

using namespace Qt::StringLiterals;

class TestRequestLog final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void schemaAndPragmas();
    void roundTrip();
    void writtenWithoutFlushFromAnyThread();
    void ioLoggingOff();
    void bodiesCutAtTheLimit();
    void search_data();
    void search();
    void paging();
    void flagReportAndFalsePositives();
    void retention();
    void exportJsonl();
    void exportPagesOneSnapshot();
    void viewerOpensExistingOnly();
    void reportFalsePositiveNowSaysWhatHappened();
    void droppedSpans();
    void survivesKill();
    void ftsQuery_data();
    void ftsQuery();
    void fullTextSearch_data();
    void fullTextSearch();
    void fullTextMigratesOldLog();
    void fullTextFollowsRetention();
    void fullTextPagesInLogOrder();
    void facets();

private:
    static RequestRecord sample(const QString &id, qint64 timeMs, const QString &model, int status,
                                const QString &body);
    QTemporaryDir m_dir;
};

RequestRecord TestRequestLog::sample(const QString &id, qint64 timeMs, const QString &model, int status,
                                     const QString &body)
{
    RequestRecord r;
    r.id = id;
    r.timeMs = timeMs;
    r.latencyMs = 1200;
    r.workspace = u"default"_s;
    r.api = u"responses"_s;
    r.model = model;
    r.provider = u"openrouter"_s;
    r.status = status;
    r.inputTokens = 100;
    r.outputTokens = 20;
    r.serverToolCost = 0.0025;
    r.containerIds = {u"ctr_1"_s};
    r.requestBody = body.toUtf8();
    r.responseBody = R"({"output":"done"})";
    ShellCallRecord call{u"call_1"_s, u"openrouter:shell"_s, u"ctr_1"_s, timeMs + 10, 300, {}};
    call.commands.append(
        {u"wc -l sales.csv"_s, u"1042 sales.csv\n"_s, QString(), u"exit"_s, 0, timeMs + 10, 40});
    call.commands.append({u"sleep 100"_s, QString(), u"timed out"_s, u"timeout"_s, -1, timeMs + 50, 250});
    r.shellCalls.append(call);
    return r;
}

void TestRequestLog::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QCOMPARE(RequestLog::databasePath(u"/data"_s, u"ws1"_s), u"/data/workspaces/ws1/logs.sqlite"_s);
}

void TestRequestLog::schemaAndPragmas()
{
    const QString path = m_dir.filePath(u"schema/logs.sqlite"_s);
    {
        RequestLog log;
        QString error;
        QVERIFY2(log.open(path, &error), qPrintable(error));
        QVERIFY(!log.open(path, &error));
    }
    QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"check"_s);
    db.setDatabaseName(path);
    QVERIFY(db.open());
    QSqlQuery q(db);
    QVERIFY(q.exec(u"PRAGMA journal_mode"_s) && q.next());
    QCOMPARE(q.value(0).toString(), u"wal"_s);
    QVERIFY(q.exec(u"PRAGMA user_version"_s) && q.next());
    QCOMPARE(q.value(0).toInt(), RequestLog::schemaVersion());
    QStringList tables;
    QVERIFY(q.exec(u"SELECT name FROM sqlite_master WHERE type IN ('table', 'index')"_s));
    while (q.next())
        tables << q.value(0).toString();
    for (const QString &t :
         {u"requests"_s, u"shell_calls"_s, u"commands"_s, u"detections"_s, u"false_positives"_s,
          u"counters"_s, u"requests_time"_s, u"requests_model_time"_s, u"requests_status_time"_s})
        QVERIFY2(tables.contains(t), qPrintable(t));
    q.finish();
    db.close();
    db = QSqlDatabase();
    QSqlDatabase::removeDatabase(u"check"_s);
    // Reopening an up-to-date database runs no migration and keeps working.
    RequestLog again;
    QVERIFY(again.open(path));
}

void TestRequestLog::bodiesCutAtTheLimit()
{
    RequestLog log;
    QVERIFY(log.open(m_dir.filePath(u"cut.sqlite"_s)));
    QCOMPARE(RequestLog::MaxBodyBytes, 32LL * 1024 * 1024);
    log.setMaxBodyBytes(11);
    // Exactly at the limit: kept whole, byte for byte.
    RequestRecord whole = sample(u"resp_whole"_s, 1'700'000'000'000, u"m"_s, 200, u"0123456789A"_s);
    whole.responseBody = "{ \"a\" :1}";
    log.append(whole);
    // Beyond it: the start is kept, never half a UTF-8 character, and the whole size is recorded.
    RequestRecord cut = sample(u"resp_cut"_s, 1'700'000'000'001, u"m"_s, 200, u"ééééééééé"_s); // 18 bytes
    cut.responseBody = QByteArray(40, 'r');
    log.append(cut);
    log.flush();
    const auto w = log.request(*log.rowIdOf(u"resp_whole"_s));
    QVERIFY(w);
    QCOMPARE(w->requestBody, "0123456789A"_ba);
    QCOMPARE(w->responseBody, "{ \"a\" :1}"_ba);
    QCOMPARE(w->requestBodyBytes, 11);
    QVERIFY(!RequestLog::recordJson(*w).contains(u"request_body_bytes"_s));
    const auto c = log.request(*log.rowIdOf(u"resp_cut"_s));
    QVERIFY(c);
    QCOMPARE(c->requestBody, u"ééééé"_s.toUtf8()); // 10 bytes: the 11th would split a character
    QCOMPARE(c->requestBodyBytes, 18);
    QCOMPARE(c->responseBody, QByteArray(11, 'r'));
    QCOMPARE(c->responseBodyBytes, 40);
    const QJsonObject json = RequestLog::recordJson(*c);
    QCOMPARE(json.value(u"request_body_bytes"_s).toInteger(), 18);
    QCOMPARE(json.value(u"response_body_bytes"_s).toInteger(), 40);
}

void TestRequestLog::writtenWithoutFlushFromAnyThread()
{
    // The first record of a burst waits DrainDelayMs on the appending thread's timer when that is the log's
    // own thread, and on the writer's otherwise (a thread with no event loop of its own): either way it is
    // written with no flush(), and a burst shares one transaction.
    RequestLog log;
    QVERIFY(log.open(m_dir.filePath(u"threads.sqlite"_s)));
    QSignalSpy committed(&log, &RequestLog::committed);
    log.append(sample(u"resp_own_1"_s, 1'700'000'000'000, u"m"_s, 200, u"a"_s));
    log.append(sample(u"resp_own_2"_s, 1'700'000'000'001, u"m"_s, 200, u"b"_s));
    QTRY_COMPARE(log.search({}).size(), 2);
    QCOMPARE(committed.size(), 1);
    QCOMPARE(committed.first().first().toInt(), 2);
    std::unique_ptr<QThread> other(QThread::create(
        [&log] { log.append(sample(u"resp_other"_s, 1'700'000'000'002, u"m"_s, 200, u"c"_s)); }));
    other->start();
    QVERIFY(other->wait(10000));
    QTRY_COMPARE(log.search({}).size(), 3);
    QCOMPARE(committed.size(), 2);
}

void TestRequestLog::roundTrip()
{
    RequestLog log;
    QVERIFY(log.open(m_dir.filePath(u"roundtrip.sqlite"_s)));
    QSignalSpy committed(&log, &RequestLog::committed);
    RequestRecord r = sample(u"resp_1"_s, 1'700'000'000'000, u"gpt-x"_s, 200, u"how many rows?"_s);
    r.detections.append(
        {u"email"_s, GuardrailAction::Redact, GuardrailScope::AllMessages, 1, 5, 10, u"email"_s, u"email"_s});
    log.append(r);
    QTRY_VERIFY(!committed.isEmpty());
    const QList<RequestRecord> found = log.search({});
    QCOMPARE(found.size(), 1);
    const auto full = log.request(found.first().rowId);
    QVERIFY(full);
    QCOMPARE(full->id, u"resp_1"_s);
    QCOMPARE(full->model, u"gpt-x"_s);
    QCOMPARE(full->provider, u"openrouter"_s);
    QCOMPARE(full->latencyMs, 1200);
    QCOMPARE(full->serverToolCost, 0.0025);
    QCOMPARE(full->containerIds, QStringList{u"ctr_1"_s});
    QCOMPARE(full->requestBody, "how many rows?"_ba);
    QVERIFY(full->ioLogged);
    QCOMPARE(full->shellCalls.size(), 1);
    QCOMPARE(full->shellCalls.first().commands.size(), 2);
    QCOMPARE(full->shellCalls.first().commands.at(0).stdoutText, u"1042 sales.csv\n"_s);
    QCOMPARE(full->shellCalls.first().commands.at(1).outcome, u"timeout"_s);
    QCOMPARE(full->detections.size(), 1);
    QCOMPARE(full->detections.first().scope, GuardrailScope::AllMessages);
    QCOMPARE(full->detections.first().start, 5);
    QCOMPARE(full->detections.first().length, 10);
}

void TestRequestLog::ioLoggingOff()
{
    RequestLog log;
    QVERIFY(log.open(m_dir.filePath(u"iooff.sqlite"_s)));
    QVERIFY(log.ioLogging());
    log.setIoLogging(false);
    RequestRecord secret = sample(u"resp_secret"_s, 1'700'000'000'000, u"m"_s, 200, u"my secret body"_s);
    // Who asked: the client is metadata; the conversation's title and the question are input.
    secret.client = u"window"_s;
    secret.conversation = u"my secret title"_s;
    secret.question = u"my secret question"_s;
    log.append(secret);
    log.flush();
    const auto full = log.request(log.search({}).value(0).rowId);
    QVERIFY(full);
    QVERIFY(!full->ioLogged);
    QCOMPARE(full->client, u"window"_s);
    QVERIFY(full->conversation.isEmpty());
    QVERIFY(full->question.isEmpty());
    QCOMPARE(log.search({}).value(0).client, u"window"_s);
    QVERIFY(full->requestBody.isEmpty());
    QVERIFY(full->responseBody.isEmpty());
    QCOMPARE(full->inputTokens, 100); // metadata kept
    QCOMPARE(full->shellCalls.first().commands.size(), 2);
    QVERIFY(full->shellCalls.first().commands.first().command.isEmpty());
    QVERIFY(full->shellCalls.first().commands.first().stdoutText.isEmpty());
    QCOMPARE(full->shellCalls.first().commands.at(1).outcome, u"timeout"_s);
    LogFilter f;
    f.text = u"secret"_s;
    QVERIFY(log.search(f).isEmpty());
    QFile raw(log.path());
    QVERIFY(raw.open(QIODevice::ReadOnly));
    const QByteArray bytes = raw.readAll();
    QVERIFY(!bytes.contains("my secret body"));
    QVERIFY(!bytes.contains("my secret title"));
    QVERIFY(!bytes.contains("my secret question"));
}

void TestRequestLog::search_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("status"); // -1: any
    QTest::addColumn<qint64>("fromMs");
    QTest::addColumn<qint64>("toMs");
    QTest::addColumn<QStringList>("ids"); // newest first
    QTest::newRow("all") << QString() << QString() << -1 << 0LL << 0LL
                         << QStringList{u"r4"_s, u"r3"_s, u"r2"_s, u"r1"_s};
    QTest::newRow("text body") << u"revenue"_s << QString() << -1 << 0LL << 0LL
                               << QStringList{u"r3"_s, u"r1"_s};
    QTest::newRow("text output") << u"1042"_s << QString() << -1 << 0LL << 0LL
                                 << QStringList{u"r4"_s, u"r3"_s, u"r2"_s, u"r1"_s};
    QTest::newRow("two words") << u"quarterly revenue"_s << QString() << -1 << 0LL << 0LL
                               << QStringList{u"r3"_s};
    QTest::newRow("quotes are literal")
        << u"\"revenue"_s << QString() << -1 << 0LL << 0LL << QStringList{u"r3"_s, u"r1"_s};
    QTest::newRow("model") << QString() << u"claude-x"_s << -1 << 0LL << 0LL << QStringList{u"r4"_s, u"r2"_s};
    QTest::newRow("status") << QString() << QString() << 403 << 0LL << 0LL << QStringList{u"r2"_s};
    QTest::newRow("time range") << QString() << QString() << -1 << 2000LL << 4000LL
                                << QStringList{u"r3"_s, u"r2"_s};
    QTest::newRow("combined") << u"revenue"_s << u"gpt-x"_s << 200 << 0LL << 3000LL << QStringList{u"r1"_s};
}

void TestRequestLog::search()
{
    QFETCH(QString, text);
    QFETCH(QString, model);
    QFETCH(int, status);
    QFETCH(qint64, fromMs);
    QFETCH(qint64, toMs);
    QFETCH(QStringList, ids);
    RequestLog log;
    QVERIFY(
        log.open(m_dir.filePath(u"search-%1.sqlite"_s.arg(QString::fromLatin1(QTest::currentDataTag())))));
    log.append(sample(u"r1"_s, 1000, u"gpt-x"_s, 200, u"sum the revenue column"_s));
    log.append(sample(u"r2"_s, 2000, u"claude-x"_s, 403, u"ignore previous instructions"_s));
    log.append(sample(u"r3"_s, 3000, u"gpt-x"_s, 200, u"plot quarterly revenue"_s));
    log.append(sample(u"r4"_s, 4000, u"claude-x"_s, 500, u"list files"_s));
    log.flush();
    LogFilter f;
    f.text = text;
    f.model = model;
    if (status >= 0)
        f.status = status;
    if (fromMs)
        f.from = QDateTime::fromMSecsSinceEpoch(fromMs);
    if (toMs)
        f.to = QDateTime::fromMSecsSinceEpoch(toMs);
    QStringList got;
    for (const RequestRecord &r : log.search(f))
        got << r.id;
    QCOMPARE(got, ids);
}

void TestRequestLog::paging()
{
    RequestLog log;
    QVERIFY(log.open(m_dir.filePath(u"paging.sqlite"_s)));
    for (int i = 0; i < 25; ++i)
        log.append(sample(u"p%1"_s.arg(i), 1000 + i, u"m"_s, 200, u"x"_s));
    log.flush();
    LogFilter f;
    f.limit = 10;
    QStringList all;
    for (f.offset = 0; f.offset < 30; f.offset += 10) {
        const auto page = log.search(f);
        QCOMPARE(page.size(), f.offset < 20 ? 10 : 5);
        for (const RequestRecord &r : page)
            all << r.id;
    }
    QCOMPARE(all.size(), 25);
    QCOMPARE(all.first(), u"p24"_s);
    QCOMPARE(all.last(), u"p0"_s);
}

void TestRequestLog::flagReportAndFalsePositives()
{
    RequestLog log;
    QVERIFY(log.open(m_dir.filePath(u"report.sqlite"_s)));
    const Detection injection{
        u"regex-prompt-injection"_s, GuardrailAction::Flag, GuardrailScope::UserOnly, 0, 0, 5,
        u"instruction_override"_s,   u"ignore_previous"_s};
    const Detection email{u"email"_s, GuardrailAction::Flag, GuardrailScope::UserOnly, 0, 9, 5, u"email"_s,
                          u"email"_s};
    for (int i = 0; i < 10; ++i) {
        RequestRecord r = sample(u"f%1"_s.arg(i), 10'000 + i * 1000, u"m"_s, 200, u"x"_s);
        if (i < 3)
            r.detections = {injection, injection}; // two matches, still one request
        if (i % 2 == 0)
            r.detections.append(email);
        log.append(r);
    }
    log.append(sample(u"outside"_s, 100'000, u"m"_s, 200, u"x"_s));
    log.flush();
    const auto rows =
        log.flagReport(QDateTime::fromMSecsSinceEpoch(10'000), QDateTime::fromMSecsSinceEpoch(20'000));
    QCOMPARE(rows.size(), 2);
    QCOMPARE(rows.at(0).guardrail, u"email"_s);
    QCOMPARE(rows.at(0).requests, 10);
    QCOMPARE(rows.at(0).matchedRequests, 5);
    QCOMPARE(rows.at(0).share, 0.5);
    QCOMPARE(rows.at(1).guardrail, u"regex-prompt-injection"_s);
    QCOMPARE(rows.at(1).matchedRequests, 3);
    QCOMPARE(rows.at(1).share, 0.3);

    const RequestRecord first = log.search({}).last();
    const QList<qint64> ids = log.detectionIds(first.rowId);
    QCOMPARE(ids.size(), 3);
    QCOMPARE(log.falsePositiveCount(), 0);
    log.reportFalsePositive(ids.first(), u"quoted in a question"_s);
    log.flush();
    QCOMPARE(log.falsePositiveCount(), 1);
}

void TestRequestLog::retention()
{
    RequestLog log;
    QVERIFY(log.open(m_dir.filePath(u"retention.sqlite"_s)));
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    for (int i = 0; i < 10; ++i)
        log.append(sample(u"old%1"_s.arg(i), now - 10 * 86'400'000LL - i, u"m"_s, 200, u"old"_s));
    for (int i = 0; i < 10; ++i)
        log.append(sample(u"new%1"_s.arg(i), now - i, u"m"_s, 200, u"new"_s));
    log.flush();
    log.setRetention({7 * 86'400'000LL, 0});
    QCOMPARE(log.pruneNow(), 10);
    LogFilter all;
    all.limit = 100;
    QCOMPARE(log.search(all).size(), 10);
    LogFilter text;
    text.text = u"old"_s;
    QVERIFY(log.search(text).isEmpty());
    log.setRetention({0, 4});
    QCOMPARE(log.pruneNow(), 6);
    QCOMPARE(log.search(all).size(), 4);
    // Applied automatically after each batch too.
    for (int i = 0; i < 5; ++i)
        log.append(sample(u"more%1"_s.arg(i), now, u"m"_s, 200, u"x"_s));
    log.flush();
    QCOMPARE(log.search(all).size(), 4);
    QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"retention-check"_s);
    db.setDatabaseName(log.path());
    QVERIFY(db.open());
    QSqlQuery q(db);
    QVERIFY(q.exec(u"SELECT count(*) FROM commands"_s) && q.next());
    QCOMPARE(q.value(0).toInt(), 8); // cascaded: two commands per remaining request
    q.finish();
    db.close();
    db = QSqlDatabase();
    QSqlDatabase::removeDatabase(u"retention-check"_s);
}

void TestRequestLog::exportJsonl()
{
    RequestLog log;
    QVERIFY(log.open(m_dir.filePath(u"export.sqlite"_s)));
    for (int i = 0; i < 3; ++i)
        log.append(sample(u"e%1"_s.arg(i), 1000 + i, i == 1 ? u"a"_s : u"b"_s, 200, u"body %1"_s.arg(i)));
    log.flush();
    const QString out = m_dir.filePath(u"export.jsonl"_s);
    LogFilter f;
    f.model = u"b"_s;
    QString error;
    QVERIFY2(log.exportJsonl(out, f, &error), qPrintable(error));
    QFile file(out);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = file.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), 2);
    const QJsonObject o = QJsonDocument::fromJson(lines.first()).object();
    QCOMPARE(o.value(u"id"_s).toString(), u"e2"_s);
    QCOMPARE(o.value(u"request_body"_s).toString(), u"body 2"_s);
    QCOMPARE(o.value(u"shell_calls"_s).toArray().first().toObject().value(u"commands"_s).toArray().size(), 2);
    QCOMPARE(o.value(u"time"_s).toString(), u"1970-01-01T00:00:01.002Z"_s);
}

// More than one page, while the writer keeps adding newer rows: every matching row once, newest first, and
// the count is the number of lines written.
void TestRequestLog::exportPagesOneSnapshot()
{
    RequestLog log;
    QVERIFY(log.open(m_dir.filePath(u"export-live.sqlite"_s)));
    for (int i = 0; i < 1200; ++i)
        log.append(
            sample(u"p%1"_s.arg(i), 10'000 + i / 3, u"m"_s, 200, u"page %1"_s.arg(i))); // equal times too
    log.flush();
    for (int i = 0; i < 600; ++i) // still being written while the export reads
        log.append(sample(u"live%1"_s.arg(i), 50'000 + i, u"m"_s, 200, u"live"_s));
    const QString out = m_dir.filePath(u"export-live.jsonl"_s);
    QString error;
    qint64 written = -1;
    LogFilter everything;
    everything.limit = 0; // no limit
    QVERIFY2(log.exportJsonl(out, everything, &error, &written), qPrintable(error));
    QFile file(out);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = file.readAll().trimmed().split('\n');
    QCOMPARE(written, qint64(lines.size()));
    QSet<QString> ids;
    qint64 previous = std::numeric_limits<qint64>::max();
    for (const QByteArray &line : lines) {
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        QVERIFY2(!ids.contains(o.value(u"id"_s).toString()), qPrintable(o.value(u"id"_s).toString()));
        ids.insert(o.value(u"id"_s).toString());
        const qint64 time =
            QDateTime::fromString(o.value(u"time"_s).toString(), Qt::ISODateWithMs).toMSecsSinceEpoch();
        QVERIFY(time <= previous);
        previous = time;
    }
    for (int i = 0; i < 1200; ++i)
        QVERIFY(ids.contains(u"p%1"_s.arg(i)));
    log.flush();

    // limit and offset still apply: rows 10..709 of the newest-first order.
    LogFilter window;
    window.model = u"m"_s;
    window.limit = 700;
    window.offset = 10;
    QVERIFY2(log.exportJsonl(out, window, &error, &written), qPrintable(error));
    QCOMPARE(written, 700);
    QFile again(out);
    QVERIFY(again.open(QIODevice::ReadOnly));
    const QList<QByteArray> windowLines = again.readAll().trimmed().split('\n');
    QCOMPARE(windowLines.size(), 700);
    QCOMPARE(QJsonDocument::fromJson(windowLines.first()).object().value(u"id"_s).toString(), u"live589"_s);

    // A cancelled export leaves the target alone.
    const std::atomic_bool cancel = true;
    QVERIFY(!log.exportJsonl(m_dir.filePath(u"cancelled.jsonl"_s), {}, &error, &written, &cancel));
    QVERIFY(!QFile::exists(m_dir.filePath(u"cancelled.jsonl"_s)));
}

void TestRequestLog::viewerOpensExistingOnly()
{
    const QString path = m_dir.filePath(u"viewer/logs.sqlite"_s);
    QString error;
    {
        RequestLog viewer;
        QVERIFY(!viewer.openExisting(path, &error));
        QVERIFY2(error.contains(u"does not exist"_s), qPrintable(error));
        QVERIFY(!QFile::exists(path));
    }
    {
        RequestLog writer;
        QVERIFY(writer.open(path));
        writer.append(sample(u"v1"_s, 1000, u"m"_s, 200, u"viewed"_s));
        writer.flush();
        RequestLog viewer;
        QVERIFY2(viewer.openExisting(path, &error), qPrintable(error));
        QCOMPARE(viewer.count({}), 1);
        QCOMPARE(viewer.search({}).constFirst().id, u"v1"_s);
        QCOMPARE(viewer.hasFullTextSearch(), writer.hasFullTextSearch());
        viewer.append(sample(u"v2"_s, 2000, u"m"_s, 200, u"ignored"_s)); // a viewer has no writer
        viewer.flush();
        QCOMPARE(viewer.count({}), 1);
        QCOMPARE(viewer.detectedRequestCount({}, {}), 0);
    }
    // A schema from a newer Sandbench is refused with a message, never migrated.
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"viewer-bump"_s);
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery(db).exec(u"PRAGMA user_version = 99"_s);
        db.close();
    }
    QSqlDatabase::removeDatabase(u"viewer-bump"_s);
    RequestLog viewer;
    QVERIFY(!viewer.openExisting(path, &error));
    QVERIFY2(error.contains(u"schema version 99"_s), qPrintable(error));
    // Not a database at all.
    const QString garbage = m_dir.filePath(u"viewer/garbage.sqlite"_s);
    QFile file(garbage);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray(4096, 'x'));
    file.close();
    RequestLog broken;
    QVERIFY(!broken.openExisting(garbage, &error));
    QVERIFY(!error.isEmpty());
}

void TestRequestLog::reportFalsePositiveNowSaysWhatHappened()
{
    const QString path = m_dir.filePath(u"fpnow.sqlite"_s);
    RequestLog writer;
    QVERIFY(writer.open(path));
    RequestRecord r = sample(u"f1"_s, 1000, u"m"_s, 200, u"mail a@example.com"_s);
    Detection d;
    d.guardrail = u"email"_s;
    d.family = u"email"_s;
    d.patternId = u"email"_s;
    r.detections = {d, d};
    writer.append(r);
    writer.append(sample(u"f2"_s, 2000, u"m"_s, 200, u"clean"_s));
    writer.flush();
    RequestLog viewer;
    QString error;
    QVERIFY2(viewer.openExisting(path, &error), qPrintable(error));
    const qint64 rowId = viewer.search({}).constLast().rowId;
    const QList<qint64> ids = viewer.detectionIds(rowId);
    QCOMPARE(ids.size(), 2);
    QVERIFY2(viewer.reportFalsePositiveNow(ids.first(), u"ours"_s, &error), qPrintable(error));
    QCOMPARE(viewer.falsePositiveCount(), 1);
    QCOMPARE(writer.falsePositiveCount(), 1);
    QVERIFY(!viewer.reportFalsePositiveNow(ids.last() + 1000, {}, &error));
    QVERIFY2(error.contains(u"no longer in the log"_s), qPrintable(error));
    QCOMPARE(viewer.falsePositiveCount(), 1);
    // Requests with any detection, each once.
    QCOMPARE(viewer.detectedRequestCount({}, {}), 1);
    QCOMPARE(viewer.detectedRequestCount(QDateTime::fromMSecsSinceEpoch(1500), {}), 0);
}

void TestRequestLog::droppedSpans()
{
    RequestLog log;
    QVERIFY(log.open(m_dir.filePath(u"dropped.sqlite"_s)));
    QCOMPARE(log.droppedSpans(), 0);
    log.addDroppedSpans(5);
    log.addDroppedSpans(7);
    log.flush();
    QCOMPARE(log.droppedSpans(), 12);
}

void TestRequestLog::survivesKill()
{
    const QString path = m_dir.filePath(u"killed/logs.sqlite"_s);
    QProcess child;
    child.setProgram(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench-requestlog-helper"));
    child.setArguments({path});
    child.start();
    QVERIFY2(child.waitForStarted(), qPrintable(child.errorString()));
    qint64 lastCommitted = 0;
    QByteArray buffer;
    while (lastCommitted < 2000) {
        QVERIFY2(child.waitForReadyRead(30'000), child.readAllStandardError().constData());
        buffer += child.readAllStandardOutput();
        const qsizetype end = buffer.lastIndexOf('\n');
        if (end < 0)
            continue;
        const QList<QByteArray> lines = buffer.left(end).split('\n');
        lastCommitted = lines.last().toLongLong();
        buffer = buffer.mid(end + 1);
    }
    ::kill(pid_t(child.processId()), SIGKILL);
    QVERIFY(child.waitForFinished());
    QCOMPARE(child.exitStatus(), QProcess::CrashExit);

    RequestLog log;
    QString error;
    QVERIFY2(log.open(path, &error), qPrintable(error));
    QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"kill-check"_s);
    db.setDatabaseName(path);
    QVERIFY(db.open());
    QSqlQuery q(db);
    QVERIFY(q.exec(u"PRAGMA integrity_check"_s) && q.next());
    QCOMPARE(q.value(0).toString(), u"ok"_s);
    QVERIFY(q.exec(u"SELECT count(*) FROM requests"_s) && q.next());
    const qint64 rows = q.value(0).toLongLong();
    QVERIFY2(rows >= lastCommitted,
             qPrintable(u"%1 rows, %2 reported committed"_s.arg(rows).arg(lastCommitted)));
    // Each request went in with its shell call and both commands, or not at all.
    QVERIFY(q.exec(u"SELECT count(*) FROM commands"_s) && q.next());
    QCOMPARE(q.value(0).toLongLong(), rows * 2);
    QVERIFY(q.exec(u"SELECT count(*) FROM requests WHERE request_id = 'req_' || (id - 1)"_s) && q.next());
    QCOMPARE(q.value(0).toLongLong(), rows);
    q.finish();
    db.close();
    db = QSqlDatabase();
    QSqlDatabase::removeDatabase(u"kill-check"_s);
    // The log keeps working after the crash.
    log.append(sample(u"after"_s, 1, u"m"_s, 200, u"x"_s));
    log.flush();
    LogFilter f;
    f.limit = 1;
    f.to = QDateTime::fromMSecsSinceEpoch(2);
    QCOMPARE(log.search(f).value(0).id, u"after"_s);
}

void TestRequestLog::ftsQuery_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("query");
    QTest::newRow("words") << u"quarterly  revenue"_s << u"\"quarterly\" \"revenue\""_s;
    QTest::newRow("phrase") << u"\"quarterly revenue\" sum"_s << u"\"quarterly revenue\" \"sum\""_s;
    QTest::newRow("prefix") << u"rev*"_s << u"\"rev\"*"_s;
    QTest::newRow("phrase prefix") << u"\"plot quar\"*"_s << u"\"plot quar\"*"_s;
    QTest::newRow("operators are words")
        << u"NOT revenue OR NEAR(a b)"_s << u"\"NOT\" \"revenue\" \"OR\" \"NEAR(a\" \"b)\""_s;
    QTest::newRow("column filter is text") << u"body:secret ^start"_s << u"\"body:secret\" \"^start\""_s;
    QTest::newRow("unmatched quote") << u"\"revenue"_s << u"\"revenue\""_s;
    QTest::newRow("quote inside a word") << u"it\"s"_s << u"\"it\" \"s\""_s;
    QTest::newRow("punctuation only") << u"-> * %"_s << QString();
    QTest::newRow("lone star") << u"*"_s << QString();
    QTest::newRow("empty") << QString() << QString();
    QTest::newRow("unicode") << u"Umsätze 売上"_s << u"\"Umsätze\" \"売上\""_s;
}

void TestRequestLog::ftsQuery()
{
    QFETCH(QString, text);
    QFETCH(QString, query);
    QCOMPARE(RequestLog::ftsQuery(text), query);
}

void TestRequestLog::fullTextSearch_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("ids"); // newest first
    QTest::newRow("word in a body") << u"revenue"_s << QStringList{u"t3"_s, u"t1"_s};
    QTest::newRow("any case") << u"REVENUE"_s << QStringList{u"t3"_s, u"t1"_s};
    QTest::newRow("word in stdout") << u"1042"_s << QStringList{u"t4"_s, u"t3"_s, u"t2"_s, u"t1"_s};
    QTest::newRow("word in a command") << u"wc"_s << QStringList{u"t4"_s, u"t3"_s, u"t2"_s, u"t1"_s};
    QTest::newRow("word in stderr") << u"timed"_s << QStringList{u"t4"_s, u"t3"_s, u"t2"_s, u"t1"_s};
    QTest::newRow("all words, any order") << u"revenue quarterly"_s << QStringList{u"t3"_s};
    QTest::newRow("phrase in order") << u"\"quarterly revenue\""_s << QStringList{u"t3"_s};
    QTest::newRow("phrase out of order") << u"\"revenue quarterly\""_s << QStringList{};
    QTest::newRow("prefix") << u"rev*"_s << QStringList{u"t3"_s, u"t1"_s};
    QTest::newRow("no prefix without star") << u"rev"_s << QStringList{};
    QTest::newRow("FTS syntax is text") << u"revenue NOT quarterly"_s << QStringList{};
    QTest::newRow("NEAR( is text") << u"NEAR(revenue"_s << QStringList{};
    QTest::newRow("stray quotes") << u"\"\"\"revenue"_s << QStringList{u"t3"_s, u"t1"_s};
    QTest::newRow("column name") << u"body:revenue"_s << QStringList{};
    QTest::newRow("punctuation only is a substring") << u"->"_s << QStringList{u"t2"_s};
    QTest::newRow("percent is literal") << u"%"_s << QStringList{u"t4"_s};
    QTest::newRow("underscore is literal") << u"_"_s << QStringList{};
    QTest::newRow("unknown word") << u"nothing"_s << QStringList{};
}

void TestRequestLog::fullTextSearch()
{
    QFETCH(QString, text);
    QFETCH(QStringList, ids);
    RequestLog log;
    QVERIFY(log.open(m_dir.filePath(u"fts-%1.sqlite"_s.arg(QString::fromLatin1(QTest::currentDataTag())))));
    QVERIFY(log.hasFullTextSearch());
    log.append(sample(u"t1"_s, 1000, u"m"_s, 200, u"sum the revenue column"_s));
    log.append(sample(u"t2"_s, 2000, u"m"_s, 200, u"a -> b"_s));
    log.append(sample(u"t3"_s, 3000, u"m"_s, 200, u"plot quarterly revenue"_s));
    log.append(sample(u"t4"_s, 4000, u"m"_s, 200, u"grew 5% NOT"_s));
    log.flush();
    LogFilter f;
    f.text = text;
    QStringList got;
    for (const RequestRecord &r : log.search(f))
        got << r.id;
    QCOMPARE(got, ids);
    QCOMPARE(log.count(f), qint64(ids.size()));
    // A viewer's connection answers the same.
    RequestLog viewer;
    QVERIFY(viewer.openExisting(log.path()));
    QCOMPARE(viewer.count(f), qint64(ids.size()));
}

// A log from before v3 kept a second copy of every body in its FTS table; opening it moves it to the
// contentless index, built from what is already logged, and drops the copy.
void TestRequestLog::fullTextMigratesOldLog()
{
    const QString path = m_dir.filePath(u"fts-migrate.sqlite"_s);
    {
        RequestLog log;
        QVERIFY(log.open(path));
        log.append(sample(u"old1"_s, 1000, u"m"_s, 200, u"sum the revenue column"_s));
        log.append(sample(u"old2"_s, 2000, u"m"_s, 200, u"list files"_s));
        log.flush();
    }
    {
        // Turn it back into a v2 log as Sandbench wrote it.
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"fts-v2"_s);
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        for (const QString &sql :
             {u"DROP TRIGGER requests_fts_delete"_s, u"DROP TABLE request_fts"_s,
              u"DROP VIEW request_text_source"_s,
              u"CREATE VIRTUAL TABLE request_text USING fts5(body, tokenize = 'unicode61')"_s,
              u"CREATE TRIGGER requests_fts_delete AFTER DELETE ON requests BEGIN"
              " DELETE FROM request_text WHERE rowid = old.id; END"_s,
              u"INSERT INTO request_text (rowid, body) SELECT id, CAST(request_body AS TEXT) FROM requests"_s,
              u"DROP TABLE approvals"_s, u"ALTER TABLE requests DROP COLUMN client"_s,
              u"ALTER TABLE requests DROP COLUMN conversation"_s,
              u"ALTER TABLE requests DROP COLUMN question"_s, u"ALTER TABLE shell_calls DROP COLUMN cost"_s,
              u"ALTER TABLE shell_calls DROP COLUMN includes_minimum"_s, u"PRAGMA user_version = 2"_s})
            QVERIFY2(q.exec(sql), qPrintable(sql));
        q.finish();
        db.close();
    }
    QSqlDatabase::removeDatabase(u"fts-v2"_s);

    RequestLog log;
    QString error;
    QVERIFY2(log.open(path, &error), qPrintable(error));
    QVERIFY(log.hasFullTextSearch());
    LogFilter f;
    f.text = u"revenue"_s;
    QCOMPARE(log.count(f), 1);
    f.text = u"1042"_s; // a command's output: the old index never had it
    QCOMPARE(log.count(f), 2);
    log.append(sample(u"new1"_s, 3000, u"m"_s, 200, u"more revenue"_s));
    log.flush();
    f.text = u"revenue"_s;
    QCOMPARE(log.count(f), 2);
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"fts-v3"_s);
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(u"PRAGMA user_version"_s) && q.next());
        QCOMPARE(q.value(0).toInt(), RequestLog::schemaVersion());
        QVERIFY(q.exec(u"SELECT count(*) FROM sqlite_master WHERE name = 'request_text'"_s) && q.next());
        QCOMPARE(q.value(0).toInt(), 0);
        q.finish();
        db.close();
    }
    QSqlDatabase::removeDatabase(u"fts-v3"_s);
    // A log whose index went missing (written where SQLite had no FTS5) gets it back from its rows.
    RequestLog reopened;
    QVERIFY(reopened.open(path));
    QCOMPARE(reopened.count(f), 2);
}

// Retention deletes forget exactly the deleted requests' words; the index stays consistent.
void TestRequestLog::fullTextFollowsRetention()
{
    RequestLog log;
    QVERIFY(log.open(m_dir.filePath(u"fts-retention.sqlite"_s)));
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    for (int i = 0; i < 20; ++i)
        log.append(sample(u"o%1"_s.arg(i), now - 10 * 86'400'000LL - i, u"m"_s, 200, u"ancient shared"_s));
    for (int i = 0; i < 5; ++i)
        log.append(sample(u"n%1"_s.arg(i), now - i, u"m"_s, 200, u"recent shared"_s));
    RequestRecord unlogged = sample(u"quiet"_s, now, u"m"_s, 200, u"ancient"_s);
    log.setIoLogging(false);
    log.append(unlogged);
    log.flush();
    log.setIoLogging(true);
    log.setRetention({7 * 86'400'000LL, 0});
    QCOMPARE(log.pruneNow(), 20);
    LogFilter f;
    f.text = u"ancient"_s;
    QCOMPARE(log.count(f), 0);
    f.text = u"shared"_s;
    QCOMPARE(log.count(f), 5);
    f.text = u"1042"_s;
    QCOMPARE(log.count(f), 5); // not the unlogged one
    log.setRetention({0, 2});
    QCOMPARE(log.pruneNow(), 4);
    f.text = u"recent"_s;
    QCOMPARE(log.count(f), 1); // n4; the other row left is the unlogged one
    QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"fts-integrity"_s);
    db.setDatabaseName(log.path());
    QVERIFY(db.open());
    {
        QSqlQuery q(db);
        // The index itself still lists the deleted rows' words when a delete was given other text.
        QVERIFY(q.exec(
            u"SELECT count(*) FROM request_fts WHERE request_fts MATCH '\"ancient\" OR \"shared\"'"_s));
        QVERIFY(q.next());
        QCOMPARE(q.value(0).toInt(), 1);
        QVERIFY2(q.exec(u"INSERT INTO request_fts (request_fts) VALUES ('integrity-check')"_s),
                 qPrintable(q.lastError().text()));
    }
    db.close();
    db = QSqlDatabase();
    QSqlDatabase::removeDatabase(u"fts-integrity"_s);
}

// The index hands out matches most recently logged first, page by page, with the other filters applied.
void TestRequestLog::fullTextPagesInLogOrder()
{
    RequestLog log;
    QVERIFY(log.open(m_dir.filePath(u"fts-pages.sqlite"_s)));
    // Logged in this order; "slow" started first but finished (was logged) after "quick".
    log.append(sample(u"quick"_s, 2000, u"a"_s, 200, u"needle"_s));
    log.append(sample(u"slow"_s, 1000, u"a"_s, 200, u"needle"_s));
    for (int i = 0; i < 25; ++i)
        log.append(sample(u"p%1"_s.arg(i), 3000 + i, i % 2 ? u"a"_s : u"b"_s, 200, u"needle hay"_s));
    log.flush();
    LogFilter f;
    f.text = u"needle"_s;
    f.limit = 10;
    QStringList all;
    for (f.offset = 0; f.offset < 40; f.offset += 10) {
        for (const RequestRecord &r : log.search(f))
            all << r.id;
    }
    QCOMPARE(all.size(), 27);
    QCOMPARE(all.first(), u"p24"_s);
    QCOMPARE(all.mid(25), (QStringList{u"slow"_s, u"quick"_s}));
    QCOMPARE(log.count(f), 27);
    f.model = u"b"_s;
    f.offset = 0;
    f.limit = 100;
    QCOMPARE(log.search(f).size(), 13);
    QCOMPARE(log.count(f), 13);
    QCOMPARE(log.search(f).constFirst().id, u"p24"_s);
    // Without a text the order is by time.
    LogFilter byTime;
    byTime.model = u"a"_s;
    const QList<RequestRecord> timed = log.search(byTime);
    QCOMPARE(timed.constLast().id, u"slow"_s);
}

// The model and status lists of the Logs panel's filters: each value once, sorted, no empty model.
void TestRequestLog::facets()
{
    RequestLog log;
    QVERIFY(log.open(m_dir.filePath(u"facets.sqlite"_s)));
    QVERIFY(log.models().isEmpty());
    QVERIFY(log.statuses().isEmpty());
    int i = 0;
    for (const auto &[model, status] : QList<QPair<QString, int>>{{u"b"_s, 500},
                                                                  {u"a"_s, 200},
                                                                  {QString(), 200},
                                                                  {u"A-upper"_s, 403},
                                                                  {u"a"_s, 0},
                                                                  {u"b"_s, 200}}) {
        ++i; // not inside the call: its arguments are evaluated in no set order
        log.append(sample(u"f%1"_s.arg(i), 1000 + i, model, status, u"x"_s));
    }
    log.flush();
    QCOMPARE(log.models(), (QStringList{u"A-upper"_s, u"a"_s, u"b"_s}));
    QCOMPARE(log.statuses(), (QList<int>{0, 200, 403, 500}));
}

QTEST_GUILESS_MAIN(TestRequestLog)
#include "test_requestlog.moc"
