// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 32: files in through the APIs. The streaming multipart parser, file names, the workspace's upload
// store, and a real ApiServer on loopback taking uploads (OpenAI's and Anthropic's Files APIs, the Containers
// API's and Sandbench's own container uploads) with their limits and errors in each API's own shape.
#include "gateway/codefiles.h"
#include "sandbox/history/uploadstore.h"
#include "server/apikeys.h"
#include "server/apiserver.h"
#include "server/filesapi.h"
#include "server/multipartparser.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSemaphore>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QtConcurrent/QtConcurrentRun>

using namespace Qt::StringLiterals;

namespace {

struct Parsed
{
    QList<MultipartPart> parts;
    QList<QByteArray> data;
    MultipartParser::Status status = MultipartParser::Status::NeedMore;
    QString error;
};

Parsed parse(const QByteArray &body, qsizetype chunk, const QByteArray &boundary = "BOUND")
{
    Parsed out;
    MultipartParser parser(boundary);
    parser.onPartBegin = [&](const MultipartPart &p) {
        out.parts.append(p);
        out.data.append(QByteArray());
        return true;
    };
    parser.onPartData = [&](QByteArrayView d) {
        out.data.last() += d.toByteArray();
        return true;
    };
    for (qsizetype i = 0; i < body.size(); i += chunk)
        parser.feed(QByteArrayView(body).sliced(i, qMin(chunk, body.size() - i)));
    out.status = parser.finish();
    out.error = parser.error();
    return out;
}

QByteArray form(const QList<std::tuple<QByteArray, QByteArray, QByteArray>> &parts,
                const QByteArray &boundary = "BOUND")
{
    QByteArray body;
    for (const auto &[name, filename, data] : parts) {
        body += "--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + name + "\"";
        if (!filename.isNull())
            body += "; filename=\"" + filename + "\"\r\nContent-Type: text/csv";
        body += "\r\n\r\n" + data + "\r\n";
    }
    return body + "--" + boundary + "--\r\n";
}

} // namespace

class TestUploads : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void multipartWholeAndSplit_data();
    void multipartWholeAndSplit();
    void multipartRefusesMalformed_data();
    void multipartRefusesMalformed();
    void multipartBoundary();
    void sanitizeNames_data();
    void sanitizeNames();
    void storeKeepsAndDeletes();
    void openAiFilesRoundTrip();
    void anthropicFilesRoundTrip();
    void errorsInEachShape();
    void tooLargeBeforeTheBody();
    void tooLargeWhileStreaming_data() { readPaths(); }
    void tooLargeWhileStreaming();
    void quotaRefusesUpload();
    void cutUploadLeavesNothing_data() { readPaths(); }
    void cutUploadLeavesNothing();
    void bigUploadArrivesWhole_data() { readPaths(); }
    void bigUploadArrivesWhole();
    void formSplitAnywhere_data() { readPaths(); }
    void formSplitAnywhere();
    void continueBeforeTheBody();
    void directBodyTimesOut();
    void directBodyTrickles();
    void nearDelimitersAreData_data() { readPaths(); }
    void nearDelimitersAreData();
    void codeOutputsGoWhenTheClientLeaves();
    void shownFiguresAreCodeFiles();
    void containerUploads();
    void storeRunsOffTheEventLoop();
    void storeFailureAnswersInShape();

private:
    // The ways a body is read: through the event loop to the pool, or straight from the socket on a thread
    // of its own, spliced (a form's file searched in the page cache, or read back) or in blocks.
    void readPaths();
    // Sets the path of the current data row for uploads of at least 1 KiB; restores the default when the
    // guard goes.
    [[nodiscard]] auto useReadPath();
    struct Reply
    {
        int status = 0;
        QByteArray body;
        QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
    };
    Reply request(const QByteArray &method, const QString &path, const QByteArray &body = {},
                  const QByteArray &contentType = {}, const QString &key = {}, bool anthropic = false);
    QString workspaceDir(const QString &ws) const { return m_dir.path() + u"/workspaces/"_s + ws; }

    QTemporaryDir m_dir;
    std::unique_ptr<ApiServer> m_server;
    QNetworkAccessManager m_nam;
    QString m_key;
    QString m_otherKey;
};

void TestUploads::readPaths()
{
    QTest::addColumn<QString>("path");
    QTest::newRow("event loop") << u"queue"_s;
    QTest::newRow("direct, spliced") << u"splice"_s;
    QTest::newRow("direct, blocks") << u"blocks"_s;
    QTest::newRow("direct, spliced, read back") << u"readback"_s;
}

auto TestUploads::useReadPath()
{
    QFETCH(QString, path);
    FilesApi *files = m_server->findChild<FilesApi *>();
    if (path == u"queue"_s)
        files->setDirectUploads(0, 1024);
    else
        files->setDirectUploads(4, 1024, path != u"blocks"_s, path != u"readback"_s);
    return qScopeGuard([files] { files->setDirectUploads(8, 1024 * 1024); });
}

void TestUploads::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QString error;
    const std::optional<QString> key = ApiKeys(m_dir.path()).create(u"main"_s, &error);
    QVERIFY2(key, qPrintable(error));
    m_key = *key;
    const std::optional<QString> other = ApiKeys(m_dir.path()).create(u"other"_s, &error);
    QVERIFY2(other, qPrintable(error));
    m_otherKey = *other;
    m_server = std::make_unique<ApiServer>(m_dir.path());
    QVERIFY2(m_server->listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
}

TestUploads::Reply TestUploads::request(const QByteArray &method, const QString &path, const QByteArray &body,
                                        const QByteArray &contentType, const QString &key, bool anthropic)
{
    QNetworkRequest r(QUrl(u"http://127.0.0.1:%1%2"_s.arg(m_server->port()).arg(path)));
    r.setRawHeader("Authorization", "Bearer " + (key.isEmpty() ? m_key : key).toUtf8());
    if (anthropic)
        r.setRawHeader("anthropic-beta", "files-api-2025-04-14");
    if (!contentType.isEmpty())
        r.setRawHeader("Content-Type", contentType);
    std::unique_ptr<QNetworkReply> reply(m_nam.sendCustomRequest(r, method, body));
    if (!QTest::qWaitFor([&] { return reply->isFinished(); }, 30000))
        return {};
    return {reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), reply->readAll()};
}

void TestUploads::multipartWholeAndSplit_data()
{
    QTest::addColumn<qsizetype>("chunk");
    for (qsizetype c : {1, 2, 3, 7, 13, 64, 100000})
        QTest::addRow("chunk %lld", qlonglong(c)) << c;
}

void TestUploads::multipartWholeAndSplit()
{
    QFETCH(qsizetype, chunk);
    // Data that almost holds the delimiter, CRLFs at the edges, an empty part and a preamble.
    const QByteArray tricky = "a\r\n--BOUN\r\n-BOUND\r\n\r\n\n--BOUND\r--BOUND\r\n";
    const QByteArray body = "preamble\r\n" +
                            form({{"purpose", QByteArray(), "user_data"},
                                  {"file", "sales.csv", tricky},
                                  {"empty", QByteArray(), ""}}) +
                            "epilogue";
    const Parsed p = parse(body, chunk);
    QCOMPARE(p.status, MultipartParser::Status::Done);
    QCOMPARE(p.parts.size(), 3);
    QCOMPARE(p.parts[0].name, "purpose");
    QVERIFY(!p.parts[0].hasFilename);
    QCOMPARE(p.data[0], "user_data");
    QCOMPARE(p.parts[1].filename, "sales.csv");
    QCOMPARE(p.parts[1].contentType, "text/csv");
    QCOMPARE(p.data[1], tricky);
    QCOMPARE(p.data[2], QByteArray());
}

void TestUploads::multipartRefusesMalformed_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("error");
    QTest::newRow("no closing boundary") << QByteArray("--BOUND\r\nContent-Disposition: form-data; "
                                                       "name=\"f\"\r\n\r\nabc")
                                         << u"ended in the middle"_s;
    QTest::newRow("bare LF head") << QByteArray(
                                         "--BOUND\r\nContent-Disposition: form-data; name=\"f\"\nX: y\r\n"
                                         "\r\nabc\r\n--BOUND--")
                                  << u"CRLF"_s;
    QTest::newRow("no disposition") << QByteArray(
                                           "--BOUND\r\nContent-Type: text/plain\r\n\r\nabc\r\n--BOUND--")
                                    << u"no Content-Disposition"_s;
    QTest::newRow("no name") << QByteArray(
                                    "--BOUND\r\nContent-Disposition: form-data\r\n\r\nabc\r\n--BOUND--")
                             << u"no name"_s;
    QTest::newRow("two names") << QByteArray(
                                      "--BOUND\r\nContent-Disposition: form-data; name=a; name=b\r\n\r\n"
                                      "x\r\n--BOUND--")
                               << u"form-data"_s;
    QTest::newRow("folded") << QByteArray("--BOUND\r\nContent-Disposition: form-data;\r\n name=a\r\n\r\nx\r\n"
                                          "--BOUND--")
                            << u"folded"_s;
    QTest::newRow("huge head") << QByteArray("--BOUND\r\nContent-Disposition: form-data; name=a\r\nX: " +
                                             QByteArray(9000, 'x') + "\r\n\r\nx\r\n--BOUND--")
                               << u"headers are over"_s;
    QTest::newRow("no boundary at all") << QByteArray(20000, 'z') << u"does not start"_s;
    QByteArray many;
    for (int i = 0; i < MultipartParser::MaxParts + 1; ++i)
        many += "--BOUND\r\nContent-Disposition: form-data; name=a\r\n\r\nx\r\n";
    QTest::newRow("too many parts") << QByteArray(many + "--BOUND--") << u"more than 64 parts"_s;
}

void TestUploads::multipartRefusesMalformed()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, error);
    for (qsizetype chunk : {1, 5, 1 << 20}) {
        const Parsed p = parse(body, chunk);
        QCOMPARE(p.status, MultipartParser::Status::Error);
        QVERIFY2(p.error.contains(error), qPrintable(p.error));
    }
}

void TestUploads::multipartBoundary()
{
    QString error;
    QCOMPARE(MultipartParser::boundaryOf("multipart/form-data; boundary=----formdata-undici-0123", &error),
             QByteArray("----formdata-undici-0123"));
    QCOMPARE(MultipartParser::boundaryOf("Multipart/Form-Data; charset=utf-8; boundary=\"a b:c\"", &error),
             QByteArray("a b:c"));
    QVERIFY(!MultipartParser::boundaryOf("multipart/form-data", &error));
    QVERIFY(error.contains(u"no boundary"_s));
    QVERIFY(!MultipartParser::boundaryOf("application/json; boundary=x", &error));
    QVERIFY(!MultipartParser::boundaryOf(QByteArray("multipart/form-data; boundary=" + QByteArray(71, 'a')),
                                         &error));
    QVERIFY(!MultipartParser::boundaryOf("multipart/form-data; boundary=a\"b", &error));
    QVERIFY(!MultipartParser::boundaryOf("multipart/form-data; boundary=a; boundary=b", &error));
}

void TestUploads::sanitizeNames_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("expected");
    QTest::newRow("plain") << u"sales.csv"_s << u"sales.csv"_s;
    QTest::newRow("path") << u"../../etc/passwd"_s << u"passwd"_s;
    QTest::newRow("windows path") << u"C:\\Users\\me\\sales.csv"_s << u"sales.csv"_s;
    QTest::newRow("dotdot") << u".."_s << u"upload"_s;
    QTest::newRow("dot") << u"."_s << u"upload"_s;
    QTest::newRow("trailing slash") << u"dir/"_s << u"upload"_s;
    QTest::newRow("control") << u"a\nb\tc\x1b[31m.csv"_s << u"abc[31m.csv"_s;
    QTest::newRow("bidi") << u"invoice\u202Efdp.exe"_s << u"invoicefdp.exe"_s;
    QTest::newRow("empty") << QString() << u"upload"_s;
    QTest::newRow("long") << QString(u"é"_s.repeated(200) + u".csv"_s)
                          << QString(u"é"_s.repeated(125) + u".csv"_s);
}

void TestUploads::sanitizeNames()
{
    QFETCH(QString, name);
    QFETCH(QString, expected);
    const QString clean = UploadStore::sanitizeName(name);
    QCOMPARE(clean, expected);
    QVERIFY(clean.toUtf8().size() <= UploadStore::MaxNameBytes);
}

void TestUploads::storeKeepsAndDeletes()
{
    QTemporaryDir dir;
    UploadStore store(dir.path());
    QString error;
    std::unique_ptr<UploadStore::Spool> spool = store.beginSpool(&error);
    QVERIFY2(spool, qPrintable(error));
    QVERIFY(spool->write("a,b\n1,2\n", &error));
    const QString spoolPath = spool->path();
    StoredFile meta;
    meta.filename = u"t.csv"_s;
    const std::optional<StoredFile> f = store.commit(std::move(spool), meta, &error);
    QVERIFY2(f, qPrintable(error));
    QVERIFY(!QFile::exists(spoolPath));
    QVERIFY(UploadStore::isValidToken(f->token));
    QCOMPARE(f->bytes, 8);
    QCOMPARE(UploadStore::tokenOf(u"file-"_s + f->token), f->token);
    QCOMPARE(UploadStore::tokenOf(u"file_"_s + f->token), f->token);
    QVERIFY(UploadStore::tokenOf(u"file-../../x"_s).isEmpty());
    QVERIFY(UploadStore::tokenOf(u"file-"_s + f->token.toUpper()).isEmpty());
    QCOMPARE(store.list().size(), 1);
    const QString content = store.contentPath(f->token);
    QVERIFY(QFile::exists(content));
    // Content shorter than its metadata says (a crash before the kernel wrote it back) is not handed out.
    QVERIFY(QFile::resize(content, 3));
    QVERIFY(!store.find(f->token));
    QVERIFY(store.list().isEmpty());
    QVERIFY(QFile::resize(content, 8));
    QVERIFY(store.find(f->token));
    QVERIFY(store.remove(f->token, &error));
    // Really gone: the bytes, the metadata and the folder.
    QVERIFY(!QFile::exists(content));
    QVERIFY(!QDir(store.dir() + u'/' + f->token).exists());
    QVERIFY(store.list().isEmpty());
    QVERIFY(QDir(store.dir() + u"/.incoming"_s).entryList(QDir::NoDotAndDotDot | QDir::AllEntries).isEmpty());
    QVERIFY(!store.remove(f->token, &error));
    // An abandoned spool leaves nothing.
    {
        std::unique_ptr<UploadStore::Spool> gone = store.beginSpool(&error);
        QVERIFY(gone->write("half", &error));
    }
    QVERIFY(QDir(store.dir() + u"/.incoming"_s).entryList(QDir::NoDotAndDotDot | QDir::AllEntries).isEmpty());
}

void TestUploads::openAiFilesRoundTrip()
{
    const QByteArray csv = "region,amount\nnorth,10\nsouth,20\n";
    const Reply created =
        request("POST", u"/api/v1/files"_s,
                form({{"purpose", QByteArray(), "user_data"}, {"file", "../sales.csv", csv}}),
                "multipart/form-data; boundary=BOUND");
    QCOMPARE(created.status, 200);
    const QJsonObject file = created.json();
    const QString id = file.value(u"id"_s).toString();
    QVERIFY2(id.startsWith(u"file-"_s), created.body.constData());
    QCOMPARE(file.value(u"object"_s).toString(), u"file"_s);
    QCOMPARE(file.value(u"filename"_s).toString(), u"sales.csv"_s);
    QCOMPARE(file.value(u"bytes"_s).toInteger(), csv.size());
    QCOMPARE(file.value(u"purpose"_s).toString(), u"user_data"_s);

    const Reply list = request("GET", u"/api/v1/files"_s);
    QCOMPARE(list.status, 200);
    QCOMPARE(list.json().value(u"object"_s).toString(), u"list"_s);
    QCOMPARE(list.json().value(u"data"_s).toArray().first().toObject().value(u"id"_s).toString(), id);
    QCOMPARE(request("GET", u"/api/v1/files/"_s + id).json().value(u"filename"_s).toString(), u"sales.csv"_s);
    const Reply content = request("GET", u"/api/v1/files/%1/content"_s.arg(id));
    QCOMPARE(content.status, 200);
    QCOMPARE(content.body, csv);

    // Another workspace's key does not see it at all.
    const Reply foreign = request("GET", u"/api/v1/files/"_s + id, {}, {}, m_otherKey);
    QCOMPARE(foreign.status, 404);
    QVERIFY(
        request("GET", u"/api/v1/files"_s, {}, {}, m_otherKey).json().value(u"data"_s).toArray().isEmpty());
    QCOMPARE(request("DELETE", u"/api/v1/files/"_s + id, {}, {}, m_otherKey).status, 404);

    const Reply deleted = request("DELETE", u"/api/v1/files/"_s + id);
    QCOMPARE(deleted.status, 200);
    QCOMPARE(deleted.json().value(u"deleted"_s).toBool(), true);
    QCOMPARE(request("GET", u"/api/v1/files/"_s + id).status, 404);
    QCOMPARE(request("GET", u"/api/v1/files/%1/content"_s.arg(id)).status, 404);
    QVERIFY(!QDir(workspaceDir(u"main"_s) + u"/files/"_s + id.mid(5)).exists());
}

void TestUploads::anthropicFilesRoundTrip()
{
    const Reply created = request("POST", u"/v1/files"_s, form({{"file", "notes.txt", "hello"}}),
                                  "multipart/form-data; boundary=BOUND", {}, true);
    QCOMPARE(created.status, 200);
    const QJsonObject meta = created.json();
    const QString id = meta.value(u"id"_s).toString();
    QVERIFY2(id.startsWith(u"file_"_s), created.body.constData());
    QCOMPARE(meta.value(u"type"_s).toString(), u"file"_s);
    QCOMPARE(meta.value(u"size_bytes"_s).toInteger(), 5);
    QCOMPARE(meta.value(u"mime_type"_s).toString(), u"text/csv"_s); // the part's declared type
    QCOMPARE(request("GET", u"/v1/files/%1/content"_s.arg(id), {}, {}, {}, true).body, "hello");
    const Reply gone = request("DELETE", u"/v1/files/"_s + id, {}, {}, {}, true);
    QCOMPARE(gone.json().value(u"type"_s).toString(), u"file_deleted"_s);
    const Reply missing = request("GET", u"/v1/files/"_s + id, {}, {}, {}, true);
    QCOMPARE(missing.status, 404);
    QCOMPARE(missing.json().value(u"type"_s).toString(), u"error"_s);
    QCOMPARE(missing.json().value(u"error"_s).toObject().value(u"type"_s).toString(), u"not_found_error"_s);
}

void TestUploads::errorsInEachShape()
{
    // OpenAI: a bad purpose, a missing one, no file, not multipart, an unknown id.
    const Reply badPurpose = request("POST", u"/api/v1/files"_s,
                                     form({{"purpose", QByteArray(), "homework"}, {"file", "a.csv", "x"}}),
                                     "multipart/form-data; boundary=BOUND");
    QCOMPARE(badPurpose.status, 400);
    const QJsonObject e = badPurpose.json().value(u"error"_s).toObject();
    QCOMPARE(e.value(u"type"_s).toString(), u"invalid_request_error"_s);
    QVERIFY(e.value(u"message"_s).toString().contains(u"user_data"_s));
    QCOMPARE(request("POST", u"/api/v1/files"_s, form({{"file", "a.csv", "x"}}),
                     "multipart/form-data; boundary=BOUND")
                 .status,
             400);
    QCOMPARE(request("POST", u"/api/v1/files"_s, form({{"purpose", QByteArray(), "user_data"}}),
                     "multipart/form-data; boundary=BOUND")
                 .status,
             400);
    const Reply notForm = request("POST", u"/api/v1/files"_s, "abc", "text/csv");
    QCOMPARE(notForm.status, 400);
    QVERIFY(
        notForm.json().value(u"error"_s).toObject().value(u"message"_s).toString().contains(u"multipart"_s));
    const Reply truncated = request("POST", u"/api/v1/files"_s,
                                    "--BOUND\r\nContent-Disposition: form-data; "
                                    "name=\"file\"; filename=\"a\"\r\n\r\nabc",
                                    "multipart/form-data; boundary=BOUND");
    QCOMPARE(truncated.status, 400);
    QVERIFY(truncated.body.contains("closing multipart boundary"));
    const Reply unknown = request("GET", u"/api/v1/files/file-aaaaaaaaaaaaaaaaaaaaaaaa"_s);
    QCOMPARE(unknown.status, 404);
    QVERIFY(unknown.json().value(u"error"_s).toObject().contains(u"param"_s));
    QCOMPARE(request("GET", u"/api/v1/files/file-..%2F..%2Fx"_s).status, 404);
    // Nothing half-written was left by the refused uploads.
    QVERIFY(QDir(workspaceDir(u"main"_s) + u"/files/.incoming"_s)
                .entryList(QDir::NoDotAndDotDot | QDir::AllEntries)
                .isEmpty());
    // Anthropic's shape for its own paths.
    const Reply anthropicBad = request("POST", u"/v1/files"_s, "x", "text/plain", {}, true);
    QCOMPARE(anthropicBad.status, 400);
    QCOMPARE(anthropicBad.json().value(u"type"_s).toString(), u"error"_s);
}

void TestUploads::tooLargeBeforeTheBody()
{
    // A declared body over 512 MiB is answered from the head: nothing of it needs to be sent.
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, m_server->port());
    QVERIFY(socket.waitForConnected(5000));
    socket.write("POST /api/v1/files HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + m_key.toUtf8() +
                 "\r\nContent-Type: multipart/form-data; boundary=BOUND\r\nContent-Length: " +
                 QByteArray::number(600LL * 1024 * 1024) + "\r\n\r\n");
    QByteArray answer;
    QVERIFY(QTest::qWaitFor(
        [&] {
            answer += socket.readAll();
            return answer.contains("\r\n\r\n{") && answer.endsWith("}}");
        },
        10000));
    QVERIFY2(answer.startsWith("HTTP/1.1 413"), answer.constData());
    QVERIFY(answer.contains("536870912"));
    QVERIFY(answer.contains("\"type\":\"invalid_request_error\""));
}

void TestUploads::tooLargeWhileStreaming()
{
    // Under a small limit, a form whose file passes it is stopped while it streams, and nothing stays.
    const auto path = useReadPath();
    m_server->setMaxUploadBytes(100 * 1024);
    const Reply big = request(
        "POST", u"/api/v1/files"_s,
        form({{"purpose", QByteArray(), "user_data"}, {"file", "big.csv", QByteArray(150 * 1024, 'x')}}),
        "multipart/form-data; boundary=BOUND");
    m_server->setMaxUploadBytes(0);
    QCOMPARE(big.status, 413);
    QVERIFY2(big.body.contains("102400"), big.body.constData());
    QVERIFY(QDir(workspaceDir(u"main"_s) + u"/files/.incoming"_s)
                .entryList(QDir::NoDotAndDotDot | QDir::AllEntries)
                .isEmpty());
    // A raw body over the limit too.
    const Reply created = request("POST", u"/api/v1/containers"_s, R"({"name":"limit"})", "application/json");
    const QString containerId = created.json().value(u"id"_s).toString();
    m_server->setMaxUploadBytes(100 * 1024);
    const Reply raw = request("POST", u"/api/v1/containers/%1/files?path=big.bin"_s.arg(containerId),
                              QByteArray(150 * 1024, 'r'), "application/octet-stream");
    m_server->setMaxUploadBytes(0);
    QCOMPARE(raw.status, 413);
    QVERIFY(!QFile::exists(workspaceDir(u"main"_s) + u"/containers/"_s + containerId + u"/home/big.bin"_s));
    QVERIFY(QDir(workspaceDir(u"main"_s) + u"/files/.incoming"_s)
                .entryList(QDir::NoDotAndDotDot | QDir::AllEntries)
                .isEmpty());
}

void TestUploads::quotaRefusesUpload()
{
    QDir().mkpath(workspaceDir(u"other"_s));
    QFile settings(workspaceDir(u"other"_s) + u"/settings.json"_s);
    QVERIFY(settings.open(QIODevice::WriteOnly));
    settings.write(R"({"documents_quota_bytes": 1000})");
    settings.close();
    const Reply refused =
        request("POST", u"/api/v1/files"_s,
                form({{"purpose", QByteArray(), "user_data"}, {"file", "q.csv", QByteArray(5000, 'q')}}),
                "multipart/form-data; boundary=BOUND", m_otherKey);
    QCOMPARE(refused.status, 413);
    QCOMPARE(refused.json().value(u"error"_s).toObject().value(u"code"_s).toString(), u"quota_exceeded"_s);
    // What was too large and what is allowed, in true figures: the file's own size (not what the form has
    // around it), nothing used yet (the file being received is not "used").
    const QString message = refused.json().value(u"error"_s).toObject().value(u"message"_s).toString();
    QVERIFY2(message.startsWith(u"storing 5000 bytes would pass this workspace's quota: 0 bytes used by its "
                                "files and documents + 4.88 KiB > the limit of 1000 bytes"_s),
             qPrintable(message));
    QVERIFY(
        request("GET", u"/api/v1/files"_s, {}, {}, m_otherKey).json().value(u"data"_s).toArray().isEmpty());
    // The same through Anthropic's path, in its shape.
    const Reply anthropic = request("POST", u"/v1/files"_s, form({{"file", "q.csv", QByteArray(5000, 'q')}}),
                                    "multipart/form-data; boundary=BOUND", m_otherKey, true);
    QCOMPARE(anthropic.status, 413);
    const QJsonObject anthropicError = anthropic.json().value(u"error"_s).toObject();
    QCOMPARE(anthropicError.value(u"type"_s).toString(), u"request_too_large"_s);
    QVERIFY2(anthropicError.value(u"message"_s)
                 .toString()
                 .startsWith(u"storing 5000 bytes would pass this "
                             "workspace's quota: 0 bytes used"_s),
             qPrintable(anthropicError.value(u"message"_s).toString()));
    // A file that fits, then one that does not: the first counts as used, the second as what was asked for.
    const Reply first =
        request("POST", u"/api/v1/files"_s,
                form({{"purpose", QByteArray(), "user_data"}, {"file", "a.csv", QByteArray(900, 'a')}}),
                "multipart/form-data; boundary=BOUND", m_otherKey);
    QCOMPARE(first.status, 200);
    const Reply second =
        request("POST", u"/api/v1/files"_s,
                form({{"purpose", QByteArray(), "user_data"}, {"file", "b.csv", QByteArray(900, 'b')}}),
                "multipart/form-data; boundary=BOUND", m_otherKey);
    QCOMPARE(second.status, 413);
    const QString secondMessage = second.json().value(u"error"_s).toObject().value(u"message"_s).toString();
    QVERIFY2(
        secondMessage.startsWith(u"storing 900 bytes would pass this workspace's quota: 900 bytes used by "
                                 "its files and documents + 900 bytes > the limit of 1000 bytes"_s),
        qPrintable(secondMessage));
    // A form far over the quota is refused from its length, before its body is read: its file is at least
    // the form's length less what the rest of a form may take, and the message says "at least".
    const Reply early =
        request("POST", u"/api/v1/files"_s,
                form({{"purpose", QByteArray(), "user_data"}, {"file", "c.csv", QByteArray(200000, 'c')}}),
                "multipart/form-data; boundary=BOUND", m_otherKey);
    QCOMPARE(early.status, 413);
    const QString earlyMessage = early.json().value(u"error"_s).toObject().value(u"message"_s).toString();
    const QRegularExpressionMatch atLeast =
        QRegularExpression(
            u"^storing at least (\\d+) bytes would pass this workspace's quota: 900 bytes used by "
            "its files and documents \\+ [0-9.]+ KiB > the limit of 1000 bytes"_s)
            .match(earlyMessage);
    QVERIFY2(atLeast.hasMatch(), qPrintable(earlyMessage));
    QVERIFY(atLeast.captured(1).toLongLong() > 100000 && atLeast.captured(1).toLongLong() <= 200000);
    QCOMPARE(
        request("DELETE", u"/api/v1/files/"_s + first.json().value(u"id"_s).toString(), {}, {}, m_otherKey)
            .status,
        200);
    QVERIFY(QDir(workspaceDir(u"other"_s) + u"/files/.incoming"_s)
                .entryList(QDir::NoDotAndDotDot | QDir::AllEntries)
                .isEmpty());
    QVERIFY(QFile::remove(settings.fileName()));
}

void TestUploads::cutUploadLeavesNothing()
{
    // A client that sends half its file and goes away leaves no spool and no file behind.
    const auto path = useReadPath();
    const QString incoming = workspaceDir(u"main"_s) + u"/files/.incoming"_s;
    const int filesBefore = int(request("GET", u"/api/v1/files"_s).json().value(u"data"_s).toArray().size());
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, m_server->port());
    QVERIFY(socket.waitForConnected(5000));
    const QByteArray head =
        "--BOUND\r\nContent-Disposition: form-data; name=\"file\"; filename=\"cut.csv\"\r\n\r\n";
    socket.write("POST /api/v1/files HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + m_key.toUtf8() +
                 "\r\nContent-Type: multipart/form-data; boundary=BOUND\r\nContent-Length: 1000000\r\n\r\n" +
                 head + QByteArray(200000, 'c'));
    QVERIFY(socket.waitForBytesWritten(5000));
    // The spool exists while the body arrives.
    QTRY_VERIFY(!QDir(incoming).entryList(QDir::Files | QDir::Hidden).isEmpty());
    socket.abort();
    QTRY_VERIFY_WITH_TIMEOUT(QDir(incoming).entryList(QDir::Files | QDir::Hidden).isEmpty(), 10000);
    QCOMPARE(int(request("GET", u"/api/v1/files"_s).json().value(u"data"_s).toArray().size()), filesBefore);
}

void TestUploads::bigUploadArrivesWhole()
{
    // A body several times what the server lets wait for its writer (it stops reading the socket meanwhile)
    // arrives whole, in order, through both kinds of upload; bytes that look like the start of a boundary
    // are data. curl sends it (a client that streams from disk, as the benchmark's).
    const qsizetype size = 40 * 1024 * 1024;
    QByteArray data;
    data.reserve(size);
    quint32 x = 12345;
    while (data.size() < size - 16) {
        x = x * 1664525u + 1013904223u;
        data.append(char(x >> 24));
        if ((x & 0xffff) == 7)
            data.append("\r\n--BOUN");
    }
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(u"big.bin"_s);
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QCOMPARE(file.write(data), data.size());
    file.close();
    const QString base = u"http://127.0.0.1:%1/api/v1"_s.arg(m_server->port());
    const auto curl = [&](const QStringList &args) {
        QProcess p;
        p.start(u"curl"_s, QStringList{u"-sS"_s, u"-H"_s, u"Authorization: Bearer "_s + m_key} + args);
        if (!QTest::qWaitFor([&] { return p.state() == QProcess::NotRunning; }, 60000))
            return QJsonObject();
        return QJsonDocument::fromJson(p.readAllStandardOutput()).object();
    };
    const auto readPath = useReadPath();
    // Paused and resumed all the time: at most 64 KiB wait for the writer.
    FilesApi *files = m_server->findChild<FilesApi *>();
    QVERIFY(files);
    files->setUploadQueueBytes(64 * 1024, 16 * 1024);
    const auto restore = qScopeGuard([files] { files->setUploadQueueBytes(8 << 20, 2 << 20); });
    const QJsonObject stored =
        curl({u"-F"_s, u"purpose=user_data"_s, u"-F"_s, u"file=@"_s + path, base + u"/files"_s});
    QCOMPARE(stored.value(u"bytes"_s).toInteger(), data.size());
    const Reply content = request("GET", u"/api/v1/files/%1/content"_s.arg(stored.value(u"id"_s).toString()));
    QCOMPARE(content.status, 200);
    QVERIFY(content.body == data);

    const Reply created = request("POST", u"/api/v1/containers"_s, R"({"name":"big"})", "application/json");
    const QString containerId = created.json().value(u"id"_s).toString();
    QVERIFY2(!containerId.isEmpty(), created.body.constData());
    const QJsonObject raw =
        curl({u"-H"_s, u"Content-Type: application/octet-stream"_s, u"--data-binary"_s, u"@"_s + path,
              base + u"/containers/%1/files?path=big.bin"_s.arg(containerId)});
    QCOMPARE(raw.value(u"bytes"_s).toInteger(), data.size());
    QFile inHome(workspaceDir(u"main"_s) + u"/containers/"_s + containerId + u"/home/big.bin"_s);
    QVERIFY(inHome.open(QIODevice::ReadOnly));
    QVERIFY(inHome.readAll() == data);
}

void TestUploads::containerUploads()
{
    // The Containers API: a container with a stored file copied in.
    const Reply uploaded =
        request("POST", u"/api/v1/files"_s,
                form({{"purpose", QByteArray(), "user_data"}, {"file", "data.csv", "a,b\n1,2\n"}}),
                "multipart/form-data; boundary=BOUND");
    const QString fileId = uploaded.json().value(u"id"_s).toString();
    const Reply created = request("POST", u"/api/v1/containers"_s,
                                  QJsonDocument(QJsonObject{{u"name"_s, u"analysis"_s},
                                                            {u"file_ids"_s, QJsonArray{fileId}},
                                                            {u"memory_limit"_s, u"4g"_s}})
                                      .toJson(),
                                  "application/json");
    QCOMPARE(created.status, 200);
    const QString containerId = created.json().value(u"id"_s).toString();
    QVERIFY2(!containerId.isEmpty(), created.body.constData());
    QCOMPARE(created.json().value(u"object"_s).toString(), u"container"_s);
    QCOMPARE(created.json().value(u"name"_s).toString(), u"analysis"_s);
    QCOMPARE(created.json().value(u"memory_limit"_s).toString(), u"4g"_s);
    const QString home = workspaceDir(u"main"_s) + u"/containers/"_s + containerId + u"/home"_s;
    QFile copied(home + u"/data.csv"_s);
    QVERIFY(copied.open(QIODevice::ReadOnly));
    QCOMPARE(copied.readAll(), "a,b\n1,2\n");
    QCOMPARE(request("GET", u"/api/v1/containers/"_s + containerId).json().value(u"name"_s).toString(),
             u"analysis"_s);
    bool listed = false;
    for (const QJsonValue &c : request("GET", u"/api/v1/containers"_s).json().value(u"data"_s).toArray())
        listed = listed || c.toObject().value(u"id"_s).toString() == containerId;
    QVERIFY(listed);
    QCOMPARE(request("GET", u"/api/v1/containers/"_s + containerId, {}, {}, m_otherKey).status, 404);

    // Container files: a multipart upload, a file_id, Sandbench's raw body; the same name twice is renamed.
    const QString files = u"/api/v1/containers/%1/files"_s.arg(containerId);
    const Reply multi =
        request("POST", files, form({{"file", "data.csv", "second"}}), "multipart/form-data; boundary=BOUND");
    QCOMPARE(multi.status, 200);
    QCOMPARE(multi.json().value(u"path"_s).toString(), u"/mnt/data/data-2.csv"_s);
    // The spool became the container's file (no copy): nothing is left in the workspace's incoming folder.
    QFile second(home + u"/data-2.csv"_s);
    QVERIFY(second.open(QIODevice::ReadOnly));
    QCOMPARE(second.readAll(), "second");
    QVERIFY(QTest::qWaitFor(
        [&] {
            return QDir(workspaceDir(u"main"_s) + u"/files/.incoming"_s)
                .entryList(QDir::Files | QDir::Hidden | QDir::System)
                .isEmpty();
        },
        10000));
    QCOMPARE(multi.json().value(u"object"_s).toString(), u"container.file"_s);
    const Reply byId = request("POST", files, QJsonDocument(QJsonObject{{u"file_id"_s, fileId}}).toJson(),
                               "application/json");
    QCOMPARE(byId.status, 200);
    QCOMPARE(byId.json().value(u"bytes"_s).toInteger(), 8);
    const Reply raw =
        request("POST", files + u"?path=..%2Fescape.txt"_s, "raw bytes", "application/octet-stream");
    QCOMPARE(raw.status, 200);
    QCOMPARE(raw.json().value(u"path"_s).toString(), u"/mnt/data/escape.txt"_s);
    QVERIFY(!QFile::exists(home + u"/../escape.txt"_s));
    QCOMPARE(request("POST", files, QJsonDocument(QJsonObject{{u"file_id"_s, u"file-nope"_s}}).toJson(),
                     "application/json")
                 .status,
             404);
    // The other workspace cannot put files into it.
    QCOMPARE(request("POST", files + u"?path=a.txt"_s, "x", "application/octet-stream", m_otherKey).status,
             404);

    // Delete a container file, then the container.
    const QString rawId = raw.json().value(u"id"_s).toString();
    QCOMPARE(request("DELETE", files + u'/' + rawId).status, 200);
    QVERIFY(!QFile::exists(home + u"/escape.txt"_s));
    QCOMPARE(request("DELETE", files + u'/' + rawId).status, 404);
    QCOMPARE(request("DELETE", u"/api/v1/containers/"_s + containerId).status, 200);
    QVERIFY(QTest::qWaitFor([&] { return !QDir(home).exists(); }, 10000));
    QCOMPARE(request("GET", u"/api/v1/containers/"_s + containerId).status, 404);
}

void TestUploads::formSplitAnywhere()
{
    // A form sent in pieces of any size, whose file is full of bytes that start like its delimiter (also
    // across the 1 MiB windows it is searched in), with the purpose after the file as the openai SDK sends
    // it: the file arrives byte for byte and the field after it is read.
    const auto path = useReadPath();
    QByteArray data;
    quint32 x = 777;
    while (data.size() < 3 * 1024 * 1024 + 5000) {
        x = x * 1664525u + 1013904223u;
        data.append(char(x >> 24));
        if ((x & 0x3ff) == 5)
            data.append(QByteArray("\r\n--BOUNDARY-").left(int(x >> 28)) + "x"); // never the whole
    }
    // About 2 MiB: searched in several windows and splice steps.
    data.resize(2 * 1024 * 1024 - 7);
    const QByteArray body =
        "--BOUNDARY-1\r\nContent-Disposition: form-data; name=\"file\"; filename=\"s.bin\"\r\n"
        "Content-Type: application/octet-stream\r\n\r\n" +
        data +
        "\r\n--BOUNDARY-1\r\nContent-Disposition: form-data; name=\"purpose\"\r\n\r\n"
        "user_data\r\n--BOUNDARY-1--\r\n";
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, m_server->port());
    QVERIFY(socket.waitForConnected(5000));
    socket.write("POST /api/v1/files HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + m_key.toUtf8() +
                 "\r\nContent-Type: multipart/form-data; boundary=BOUNDARY-1\r\nContent-Length: " +
                 QByteArray::number(body.size()) + "\r\n\r\n");
    QByteArray answer;
    // A pause in the middle of the file's closing delimiter: the server has read up to there (most likely)
    // and must not take the half it has for data.
    const qsizetype split = body.indexOf("\r\n--BOUNDARY-1\r\n", 100) + 7;
    for (qsizetype at = 0; at < body.size();) {
        x = x * 1664525u + 1013904223u;
        qsizetype n = qMin<qsizetype>(body.size() - at, 1 + (x >> 8) % (300 * 1024));
        if (at < split && at + n > split) {
            n = split - at;
            socket.write(body.mid(at, n));
            at += n;
            QVERIFY(socket.waitForBytesWritten(10000) || socket.bytesToWrite() == 0);
            QTest::qWait(300);
            continue;
        }
        socket.write(body.mid(at, n));
        at += n;
        QVERIFY(socket.waitForBytesWritten(10000) || socket.bytesToWrite() == 0);
        if ((x & 7) == 0)
            QTest::qWait(1);
    }
    QVERIFY(QTest::qWaitFor(
        [&] {
            answer += socket.readAll();
            return answer.contains("\r\n\r\n{") && answer.endsWith("}");
        },
        30000));
    QVERIFY2(answer.startsWith("HTTP/1.1 200"), answer.left(400).constData());
    const QJsonObject stored = QJsonDocument::fromJson(answer.mid(answer.indexOf("\r\n\r\n") + 4)).object();
    QCOMPARE(stored.value(u"purpose"_s).toString(), u"user_data"_s);
    QCOMPARE(stored.value(u"bytes"_s).toInteger(), data.size());
    const Reply content = request("GET", u"/api/v1/files/%1/content"_s.arg(stored.value(u"id"_s).toString()));
    QVERIFY(content.body == data);
    // The connection goes on: its next request is read (Qt reads the socket again after a direct body).
    answer.clear();
    socket.write("GET /api/v1/files/" + stored.value(u"id"_s).toString().toUtf8() +
                 " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + m_key.toUtf8() + "\r\n\r\n");
    QVERIFY(QTest::qWaitFor(
        [&] {
            answer += socket.readAll();
            return answer.contains("\r\n\r\n{") && answer.endsWith("}");
        },
        10000));
    QVERIFY2(answer.startsWith("HTTP/1.1 200"), answer.constData());
    QVERIFY(answer.contains("\"purpose\":\"user_data\""));
}

void TestUploads::continueBeforeTheBody()
{
    // A client that asks first (Expect: 100-continue, as curl does for large bodies) is told to go on before
    // it sends a byte of the body, and then gets its answer.
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, m_server->port());
    QVERIFY(socket.waitForConnected(5000));
    const QByteArray body = form({{"purpose", QByteArray(), "user_data"}, {"file", "ask.csv", "a,b\n"}});
    socket.write("POST /api/v1/files HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + m_key.toUtf8() +
                 "\r\nExpect: 100-continue\r\nContent-Type: multipart/form-data; boundary=BOUND\r\n"
                 "Content-Length: " +
                 QByteArray::number(body.size()) + "\r\n\r\n");
    QByteArray answer;
    QVERIFY(QTest::qWaitFor(
        [&] {
            answer += socket.readAll();
            return answer.contains("\r\n\r\n");
        },
        5000));
    QCOMPARE(answer, QByteArray("HTTP/1.1 100 Continue\r\n\r\n"));
    socket.write(body);
    QVERIFY(QTest::qWaitFor(
        [&] {
            answer += socket.readAll();
            return answer.endsWith("}");
        },
        10000));
    QVERIFY2(answer.contains("HTTP/1.1 200 OK"), answer.constData());
    QVERIFY(answer.contains("\"filename\":\"ask.csv\""));

    // Refused from the head: the final answer instead of 100 Continue.
    QTcpSocket refused;
    refused.connectToHost(QHostAddress::LocalHost, m_server->port());
    QVERIFY(refused.waitForConnected(5000));
    refused.write("POST /api/v1/files HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " +
                  m_key.toUtf8() +
                  "\r\nExpect: 100-continue\r\nContent-Type: multipart/form-data; boundary=BOUND\r\n"
                  "Content-Length: 900000000\r\n\r\n");
    QByteArray no;
    QVERIFY(QTest::qWaitFor(
        [&] {
            no += refused.readAll();
            return no.endsWith("}}");
        },
        5000));
    QVERIFY2(no.startsWith("HTTP/1.1 413"), no.constData());
}

void TestUploads::directBodyTimesOut()
{
    // A body read on its own thread that stops arriving is answered 408 after the idle timeout, and its
    // spool goes.
    m_server->setTimeouts(10'000, 700);
    const auto restore = qScopeGuard([this] { m_server->setTimeouts(10'000, 60'000); });
    const QString incoming = workspaceDir(u"main"_s) + u"/files/.incoming"_s;
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, m_server->port());
    QVERIFY(socket.waitForConnected(5000));
    socket.write("POST /api/v1/files HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + m_key.toUtf8() +
                 "\r\nContent-Type: multipart/form-data; boundary=BOUND\r\nContent-Length: 5000000\r\n\r\n"
                 "--BOUND\r\nContent-Disposition: form-data; name=\"file\"; filename=\"slow.csv\"\r\n\r\n" +
                 QByteArray(1500000, 's'));
    QByteArray answer;
    QVERIFY(QTest::qWaitFor(
        [&] {
            answer += socket.readAll();
            return answer.endsWith("}}");
        },
        10000));
    QVERIFY2(answer.startsWith("HTTP/1.1 408"), answer.constData());
    QTRY_VERIFY_WITH_TIMEOUT(QDir(incoming).entryList(QDir::Files | QDir::Hidden).isEmpty(), 10000);
}

void TestUploads::directBodyTrickles()
{
    // A body read on its own thread waits for half a MiB at a time once a few MiB came (a low-water mark, or
    // what is left of the body when less): a client that then sends its last 160 KiB in small pieces, which
    // together take longer than the idle timeout, still gets its file stored whole, and the same connection
    // then serves the next request (the mark is gone once the body is read). Each gap (300 ms) is far inside
    // the idle timeout (2 s), so a loaded machine's scheduling does not turn it into a 408; without the
    // fallback that drops the mark, the pump would wait ~3 s for the rest and answer 408.
    m_server->setTimeouts(10'000, 2000);
    const auto restore = qScopeGuard([this] { m_server->setTimeouts(10'000, 60'000); });
    QByteArray data;
    for (int i = 0; data.size() < 4800 * 1024; ++i)
        data += "row" + QByteArray::number(i) + ",trickle\n";
    const QByteArray body = form({{"purpose", QByteArray(), "user_data"}, {"file", "trickle.csv", data}});
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, m_server->port());
    QVERIFY(socket.waitForConnected(5000));
    socket.write("POST /api/v1/files HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + m_key.toUtf8() +
                 "\r\nContent-Type: multipart/form-data; boundary=BOUND\r\nContent-Length: " +
                 QByteArray::number(body.size()) + "\r\n\r\n");
    const qsizetype piece = 16 * 1024;
    const qsizetype fast = body.size() - 10 * piece; // at once (past the 4 MiB), then the rest in pieces
    QVERIFY(fast > 4608 * 1024);
    QByteArray answer;
    for (qsizetype at = 0; at < body.size(); at += at == 0 ? fast : piece) {
        answer += socket.readAll();
        QVERIFY2(answer.isEmpty(), answer.constData()); // no 408 between the pieces
        socket.write(body.mid(at, at == 0 ? fast : piece));
        // The server runs on this thread: the event loop runs while the piece goes out.
        QVERIFY(QTest::qWaitFor([&] { return socket.bytesToWrite() == 0; }, 10000));
        QTest::qWait(300);
    }
    QVERIFY(QTest::qWaitFor(
        [&] {
            answer += socket.readAll();
            return answer.endsWith("}");
        },
        10000));
    QVERIFY2(answer.startsWith("HTTP/1.1 200 OK"), answer.constData());
    const QJsonObject stored = QJsonDocument::fromJson(answer.mid(answer.indexOf("\r\n\r\n") + 4)).object();
    QCOMPARE(stored.value(u"bytes"_s).toInteger(), data.size());
    const QString id = stored.value(u"id"_s).toString();

    answer.clear();
    socket.write("GET /api/v1/files/" + id.toUtf8() +
                 "/content HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                 "Authorization: Bearer " +
                 m_key.toUtf8() + "\r\n\r\n");
    QVERIFY(QTest::qWaitFor(
        [&] {
            answer += socket.readAll();
            return answer.endsWith(data.right(32));
        },
        10000));
    QVERIFY2(answer.startsWith("HTTP/1.1 200 OK"), answer.left(300).constData());
    QVERIFY(answer.mid(answer.indexOf("\r\n\r\n") + 4) == data);
}

void TestUploads::nearDelimitersAreData()
{
    // Where the spool is searched for the closing delimiter (MiBs at a time), bytes that start and end as the
    // delimiter does ("\r\n--BOUxD" for "\r\n--BOUND"), in CRLF text and then packed together, are the
    // file's, and the delimiter after them ends it.
    QByteArray data;
    for (int i = 0; data.size() < 1536 * 1024; ++i)
        data += "row" + QByteArray::number(i) + (i % 7 == 0 ? ",x\r\n--BOUxD\r\n" : ",north,12\r\n");
    while (data.size() < 3 * 1024 * 1024 + 5)
        data += "\r\n--BOUxD\r\n--BOUN\r\n--XOUND";
    data += "tail,1\r\n-";
    const auto readPath = useReadPath();
    const Reply created = request("POST", u"/api/v1/files"_s,
                                  form({{"purpose", QByteArray(), "user_data"}, {"file", "near.csv", data}}),
                                  "multipart/form-data; boundary=BOUND");
    QCOMPARE(created.status, 200);
    QCOMPARE(created.json().value(u"bytes"_s).toInteger(), data.size());
    const Reply content =
        request("GET", u"/api/v1/files/%1/content"_s.arg(created.json().value(u"id"_s).toString()));
    QCOMPARE(content.status, 200);
    QVERIFY(content.body == data);
}

void TestUploads::codeOutputsGoWhenTheClientLeaves()
{
    // Anthropic code execution stores the files a call's code made (CodeFiles) for the answer to name by
    // file_id. A request whose client left while they were being copied (AgentLoop cancels the batch and
    // lets go of it) leaves none of them, whole or half-copied, in the workspace's files.
    QTemporaryDir home;
    QVERIFY(home.isValid());
    QFile big(home.filePath(u"big.bin"_s));
    QVERIFY(big.open(QIODevice::WriteOnly));
    const QByteArray block(1024 * 1024, 'b');
    for (int i = 0; i < 60; ++i)
        QCOMPARE(big.write(block), block.size());
    big.close();
    QFile small(home.filePath(u"summary.txt"_s));
    QVERIFY(small.open(QIODevice::WriteOnly));
    small.write("total 30\n");
    small.close();
    const QString ws = workspaceDir(u"codeout"_s);
    QVERIFY(QDir().mkpath(ws));
    UploadStore store(ws);
    const QString incoming = ws + u"/files/.incoming"_s;
    const auto nothingLeft = [&] {
        return store.list().isEmpty() && QDir(incoming).entryList(QDir::Files | QDir::Hidden).isEmpty();
    };
    const auto storeAll = [ws, dir = home.path()](const std::shared_ptr<CodeFiles::Batch> &batch) {
        qint64 budget = CodeFiles::MaxRequestBytes;
        batch->stored(CodeFiles::storeChangedSince({}, dir, ws, u"sess_t"_s, &budget, batch->cancelFlag()));
    };

    // Taken by the request: they stay, for the answer that names them.
    auto batch = std::make_shared<CodeFiles::Batch>(ws);
    storeAll(batch);
    const QList<CodeFile> taken = batch->take();
    QCOMPARE(taken.size(), 2);
    batch.reset();
    QCOMPARE(store.list().size(), 2);
    QString error;
    for (const CodeFile &f : taken)
        QVERIFY(store.remove(f.token, &error));

    // The client leaves while they are copied: the copy stops and nothing stays.
    batch = std::make_shared<CodeFiles::Batch>(ws);
    QFuture<void> copying = QtConcurrent::run([storeAll, b = batch]() mutable {
        storeAll(b);
        b.reset(); // the copying thread lets go before the future finishes
    });
    QVERIFY(QTest::qWaitFor(
        [&] {
            return !QDir(incoming).entryList(QDir::Files | QDir::Hidden).isEmpty() ||
                   !store.list().isEmpty() || copying.isFinished();
        },
        20000));
    batch->cancel();
    batch.reset();
    copying.waitForFinished();
    QVERIFY2(nothingLeft(), qPrintable(QDir(ws + u"/files"_s).entryList(QDir::AllEntries).join(u' ')));

    // Stored completely, but the request ended before it took them (the client left at that moment).
    batch = std::make_shared<CodeFiles::Batch>(ws);
    storeAll(batch);
    QCOMPARE(store.list().size(), 2);
    batch->cancel();
    batch.reset();
    QVERIFY(nothingLeft());

    // Cancelled before the copy started: nothing is stored at all.
    batch = std::make_shared<CodeFiles::Batch>(ws);
    batch->cancel();
    qint64 budget = CodeFiles::MaxRequestBytes;
    QVERIFY(CodeFiles::storeChangedSince({}, home.path(), ws, u"sess_t"_s, &budget, batch->cancelFlag())
                .isEmpty());
    QVERIFY(nothingLeft());
}

void TestUploads::shownFiguresAreCodeFiles()
{
    // A Python call's shown figures (the kernel's PNGs under .sandbench/figures) are files it made, after
    // the home's own; hidden files are not, nor anything but PNGs there, nor a figures folder that is a link.
    QTemporaryDir home;
    QTemporaryDir elsewhere;
    QVERIFY(home.isValid() && elsewhere.isValid());
    const QString figures = home.filePath(u".sandbench/figures"_s);
    QVERIFY(QDir().mkpath(figures));
    const auto write = [](const QString &path, const QByteArray &bytes) {
        QFile f(path);
        return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
    };
    const QHash<QString, qint64> before = CodeFiles::listing(home.path(), true);
    QVERIFY(write(figures + u"/display-10.png"_s, "\x89PNG ten"));
    QVERIFY(write(figures + u"/display-2.png"_s, "\x89PNG two"));
    QVERIFY(write(figures + u"/notes.txt"_s, "not a figure"));
    QVERIFY(write(home.filePath(u".hidden.png"_s), "\x89PNG hidden"));
    QVERIFY(write(home.filePath(u"table.csv"_s), "a,b\n"));
    // Saved and shown (the same bytes): one file, the saved one.
    QVERIFY(write(home.filePath(u"chart.png"_s), "\x89PNG two"));
    const QString ws = workspaceDir(u"figures"_s);
    QVERIFY(QDir().mkpath(ws));
    qint64 budget = CodeFiles::MaxRequestBytes;
    const QList<CodeFile> files =
        CodeFiles::storeChangedSince(before, home.path(), ws, u"sess_f"_s, &budget, nullptr, true);
    QStringList paths;
    for (const CodeFile &f : files)
        paths.append(f.path);
    QCOMPARE(paths, (QStringList{u"/workspace/home/chart.png"_s, u"/workspace/home/table.csv"_s,
                                 u"/workspace/home/.sandbench/figures/display-10.png"_s}));
    UploadStore store(ws);
    const std::optional<StoredFile> shown = store.find(files.at(2).token);
    QVERIFY(shown);
    QCOMPARE(shown->filename, u"display-10.png"_s);
    QCOMPARE(shown->mimeType, u"image/png"_s);
    // Without figures (bash, OpenAI), or with the folder swapped for a link: the home's files only.
    budget = CodeFiles::MaxRequestBytes;
    QCOMPARE(CodeFiles::storeChangedSince({}, home.path(), ws, u"sess_f"_s, &budget).size(), 2);
    QVERIFY(QDir(figures).removeRecursively());
    QVERIFY(write(elsewhere.filePath(u"display-1.png"_s), "\x89PNG outside"));
    QVERIFY(QFile::link(elsewhere.path(), figures));
    QVERIFY(!CodeFiles::listing(home.path(), true).contains(figures + u"/display-1.png"_s));
}

void TestUploads::storeRunsOffTheEventLoop()
{
    // Storing a received upload (the rename into place, meta.json written and fdatasynced) runs on a worker
    // thread: while it is held there the server still answers other requests, and the upload's own answer
    // waits until the file is stored and listed.
    FilesApi *files = m_server->findChild<FilesApi *>();
    // Shared with the hook: it may still run on the worker after a failed check returned from here.
    auto entered = std::make_shared<QSemaphore>();
    auto release = std::make_shared<QSemaphore>();
    auto onEventLoop = std::make_shared<std::atomic<bool>>(false);
    QThread *const eventLoop = QThread::currentThread();
    files->setBeforeStore([entered, release, onEventLoop, eventLoop] {
        *onEventLoop = QThread::currentThread() == eventLoop;
        entered->release();
        // Bounded, so that a store on the event loop (which nothing could release) fails the test instead
        // of hanging it.
        release->tryAcquire(1, 60000);
    });
    const auto unhook = qScopeGuard([files, release] {
        files->setBeforeStore({});
        release->release();
    });
    const QByteArray csv = "id,amount\n1,5\n2,7\n";
    QNetworkRequest r(QUrl(u"http://127.0.0.1:%1/api/v1/files"_s.arg(m_server->port())));
    r.setRawHeader("Authorization", "Bearer " + m_key.toUtf8());
    r.setRawHeader("Content-Type", "multipart/form-data; boundary=BOUND");
    std::unique_ptr<QNetworkReply> upload(
        m_nam.post(r, form({{"purpose", QByteArray(), "user_data"}, {"file", "held.csv", csv}})));
    QVERIFY(QTest::qWaitFor([&] { return entered->available() > 0; }, 70000));
    QVERIFY2(!*onEventLoop, "the upload was stored on the event-loop thread");
    // The server answers meanwhile; the held upload is not listed yet and not answered.
    const Reply list = request("GET", u"/api/v1/files"_s);
    QCOMPARE(list.status, 200);
    for (const QJsonValue &f : list.json().value(u"data"_s).toArray())
        QVERIFY(f.toObject().value(u"filename"_s).toString() != u"held.csv"_s);
    QVERIFY(!upload->isFinished());
    release->release();
    QVERIFY(QTest::qWaitFor([&] { return upload->isFinished(); }, 20000));
    QCOMPARE(upload->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
    const QJsonObject created = QJsonDocument::fromJson(upload->readAll()).object();
    const QString id = created.value(u"id"_s).toString();
    QCOMPARE(created.value(u"bytes"_s).toInteger(), csv.size());
    // Right after the answer: listed, retrievable, its content whole.
    const QJsonArray listed = request("GET", u"/api/v1/files"_s).json().value(u"data"_s).toArray();
    QVERIFY(std::any_of(listed.begin(), listed.end(),
                        [&](const QJsonValue &v) { return v.toObject().value(u"id"_s).toString() == id; }));
    QCOMPARE(request("GET", u"/api/v1/files/"_s + id).json().value(u"filename"_s).toString(), u"held.csv"_s);
    QCOMPARE(request("GET", u"/api/v1/files/%1/content"_s.arg(id)).body, csv);
    QCOMPARE(request("DELETE", u"/api/v1/files/"_s + id).status, 200);
}

void TestUploads::storeFailureAnswersInShape()
{
    // The store fails after the body arrived, on the worker: each API still answers in its own error shape,
    // and nothing is listed.
    FilesApi *files = m_server->findChild<FilesApi *>();
    const auto unhook = qScopeGuard([files] { files->setBeforeStore({}); });
    const QString ws = workspaceDir(u"other"_s);
    QDir().mkpath(ws);
    QFile settings(ws + u"/settings.json"_s);
    const auto noQuota = qScopeGuard([&] { QFile::remove(settings.fileName()); });
    // (1) The quota was lowered while the body arrived (the head's check passed): 413 quota_exceeded.
    files->setBeforeStore([path = settings.fileName()] {
        QFile lowered(path);
        if (lowered.open(QIODevice::WriteOnly))
            lowered.write(R"({"documents_quota_bytes": 100})");
    });
    const Reply overQuota =
        request("POST", u"/api/v1/files"_s,
                form({{"purpose", QByteArray(), "user_data"}, {"file", "q.csv", QByteArray(5000, 'q')}}),
                "multipart/form-data; boundary=BOUND", m_otherKey);
    QCOMPARE(overQuota.status, 413);
    QCOMPARE(overQuota.json().value(u"error"_s).toObject().value(u"code"_s).toString(), u"quota_exceeded"_s);
    QVERIFY(QFile::remove(settings.fileName()));
    QVERIFY(
        request("GET", u"/api/v1/files"_s, {}, {}, m_otherKey).json().value(u"data"_s).toArray().isEmpty());
    QVERIFY(QDir(ws + u"/files/.incoming"_s).entryList(QDir::NoDotAndDotDot | QDir::AllEntries).isEmpty());

    // (2) The files folder cannot take the file (a file stands where its folder was; as root a read-only
    // folder would not stop it): 500 in Anthropic's shape.
    const QString filesDir = ws + u"/files"_s;
    const QString away = ws + u"/files.away"_s;
    files->setBeforeStore([filesDir, away] {
        if (QDir().rename(filesDir, away)) {
            QFile blocker(filesDir);
            if (blocker.open(QIODevice::WriteOnly))
                blocker.close();
        }
    });
    const Reply failed = request("POST", u"/v1/files"_s, form({{"file", "n.txt", "hello"}}),
                                 "multipart/form-data; boundary=BOUND", m_otherKey, true);
    QVERIFY(QFile::remove(filesDir));
    QVERIFY(QDir().rename(away, filesDir));
    QDir(filesDir + u"/.incoming"_s).removeRecursively(); // the spool could not be unlinked by its old path
    QCOMPARE(failed.status, 500);
    QCOMPARE(failed.json().value(u"type"_s).toString(), u"error"_s);
    QCOMPARE(failed.json().value(u"error"_s).toObject().value(u"type"_s).toString(), u"api_error"_s);
    QVERIFY2(failed.json().value(u"error"_s).toObject().value(u"message"_s).toString().contains(u"cannot"_s),
             failed.body.constData());
    files->setBeforeStore({});
    QVERIFY(
        request("GET", u"/v1/files"_s, {}, {}, m_otherKey, true).json().value(u"data"_s).toArray().isEmpty());
}

QTEST_GUILESS_MAIN(TestUploads)
#include "test_uploads.moc"
