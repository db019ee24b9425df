// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/modelclient.h"
#include "models/plainhttp.h"

#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QTimer>

#include <functional>

using namespace Qt::StringLiterals;

namespace {

// A loopback HTTP server whose answers are written by the test: handler(socket, request) is called for
// each complete request (head and Content-Length body) and writes whatever bytes it likes.
class RawServer : public QObject
{
public:
    using Handler = std::function<void(QTcpSocket *, const QByteArray &)>;
    RawServer()
    {
        QVERIFY(m_server.listen(QHostAddress::LocalHost, 0));
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection()) {
                ++connections;
                auto *buffer = new QByteArray;
                connect(socket, &QObject::destroyed, this, [buffer] { delete buffer; });
                connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
                connect(socket, &QTcpSocket::readyRead, this, [this, socket, buffer] {
                    *buffer += socket->readAll();
                    for (;;) {
                        const qsizetype end = buffer->indexOf("\r\n\r\n");
                        if (end < 0)
                            return;
                        qsizetype length = 0;
                        for (const QByteArray &line : buffer->left(end).split('\n'))
                            if (line.toLower().startsWith("content-length:"))
                                length = line.mid(15).trimmed().toLongLong();
                        if (buffer->size() < end + 4 + length)
                            return;
                        const QByteArray request = buffer->left(end + 4 + length);
                        buffer->remove(0, end + 4 + length);
                        requests.append(request);
                        handler(socket, request);
                    }
                });
            }
        });
    }
    QUrl url(const QString &path = u"/v1/chat/completions"_s) const
    {
        return QUrl(u"http://127.0.0.1:%1%2"_s.arg(m_server.serverPort()).arg(path));
    }

    Handler handler;
    QList<QByteArray> requests;
    int connections = 0;

private:
    QTcpServer m_server;
};

struct Result
{
    QNetworkReply::NetworkError error = QNetworkReply::NoError;
    QString errorString;
    int status = 0;
    QByteArray body;
    QByteArray contentType;
    int readyReads = 0;
};

Result run(QNetworkAccessManager *nam, const QNetworkRequest &request, const QByteArray &body = "{}")
{
    Result result;
    QNetworkReply *reply = PlainHttp::post(nam, request, body);
    bool done = false;
    QObject::connect(reply, &QNetworkReply::readyRead, reply, [&] {
        ++result.readyReads;
        result.body += reply->readAll();
    });
    QObject::connect(reply, &QNetworkReply::finished, reply, [&] {
        result.body += reply->readAll();
        result.error = reply->error();
        result.errorString = reply->errorString();
        result.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        result.contentType = reply->rawHeader("Content-Type");
        done = true;
    });
    if (!QTest::qWaitFor([&] { return done; }, 20000))
        reply->abort();
    reply->deleteLater();
    return result;
}

QNetworkRequest jsonRequest(const QUrl &url)
{
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("Authorization", "Bearer sk-test");
    return request;
}

} // namespace

// The own HTTP/1.1 client for http:// upstreams against a real loopback server: framing, keep-alive, and
// hostile or broken answers.
class TestPlainHttp : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void cleanup() { PlainHttp::setLimits(PlainHttp::Limits()); }

    void appliesOnlyToPlainHttpWithoutProxy()
    {
        QNetworkAccessManager nam;
        QVERIFY(PlainHttp::applies(&nam, QUrl(u"http://127.0.0.1:1/v1"_s)));
        QVERIFY(!PlainHttp::applies(&nam, QUrl(u"https://api.openai.com/v1"_s)));
        nam.setProxy(QNetworkProxy(QNetworkProxy::HttpProxy, u"127.0.0.1"_s, 3128));
        QVERIFY(!PlainHttp::applies(&nam, QUrl(u"http://127.0.0.1:1/v1"_s)));
        nam.setProxy(QNetworkProxy(QNetworkProxy::NoProxy));
        QVERIFY(PlainHttp::applies(&nam, QUrl(u"http://127.0.0.1:1/v1"_s)));
        PlainHttp::setEnabled(false);
        QVERIFY(!PlainHttp::applies(&nam, QUrl(u"http://127.0.0.1:1/v1"_s)));
        PlainHttp::setEnabled(true);
        // The application's proxy factory decides for a manager left on the default proxy.
        class Factory : public QNetworkProxyFactory
        {
        public:
            QList<QNetworkProxy> queryProxy(const QNetworkProxyQuery &query) override
            {
                if (query.peerHostName() == u"10.0.0.1")
                    return {QNetworkProxy(QNetworkProxy::HttpProxy, u"127.0.0.1"_s, 3128)};
                return {QNetworkProxy(QNetworkProxy::NoProxy)};
            }
        };
        QNetworkAccessManager viaFactory;
        QNetworkProxyFactory::setApplicationProxyFactory(new Factory);
        const bool proxied = PlainHttp::applies(&viaFactory, QUrl(u"http://10.0.0.1:8000/v1"_s));
        const bool direct = PlainHttp::applies(&viaFactory, QUrl(u"http://127.0.0.1:8000/v1"_s));
        QNetworkProxyFactory::setApplicationProxyFactory(nullptr);
        QVERIFY(!proxied);
        QVERIFY(direct);
    }

    void requestBytesAndKeepAlive()
    {
        RawServer server;
        server.handler = [](QTcpSocket *s, const QByteArray &) {
            s->write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                     "11\r\n\r\n{\"ok\":true}");
        };
        QNetworkAccessManager nam;
        QUrl url = server.url();
        url.setQuery(u"a=1"_s);
        const Result first = run(&nam, jsonRequest(url), "{\"x\":1}");
        QCOMPARE(first.error, QNetworkReply::NoError);
        QCOMPARE(first.status, 200);
        QCOMPARE(first.body, QByteArray("{\"ok\":true}"));
        QCOMPARE(first.contentType, QByteArray("application/json"));
        const QByteArray sent = server.requests.value(0);
        QVERIFY2(sent.startsWith("POST /v1/chat/completions?a=1 HTTP/1.1\r\n"), sent.constData());
        QVERIFY(sent.contains(QByteArray("\r\nHost: 127.0.0.1:" + QByteArray::number(url.port()) + "\r\n")));
        QVERIFY(sent.contains("\r\nContent-Type: application/json\r\n"));
        QVERIFY(sent.contains("\r\nAuthorization: Bearer sk-test\r\n"));
        QVERIFY(sent.contains("\r\nContent-Length: 7\r\n"));
        QVERIFY(sent.endsWith("\r\n\r\n{\"x\":1}"));
        const Result second = run(&nam, jsonRequest(server.url()));
        QCOMPARE(second.body, QByteArray("{\"ok\":true}"));
        QCOMPARE(server.requests.size(), 2);
        QCOMPARE(server.connections, 1); // the idle connection was reused
    }

    void chunkedInPiecesWithExtensionsAndTrailer()
    {
        RawServer server;
        server.handler = [](QTcpSocket *s, const QByteArray &) {
            const QByteArray all = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                                   "Transfer-Encoding: chunked\r\n\r\n"
                                   "6;ext=1\r\ndata: \r\nB\r\n{\"a\":\"b\"}\n\n\r\n"
                                   "0\r\nX-Trailer: t\r\n\r\n";
            // One byte per write: every parser state must resume mid-token.
            for (char c : all) {
                s->write(&c, 1);
                s->flush();
            }
        };
        QNetworkAccessManager nam;
        const Result r = run(&nam, jsonRequest(server.url()));
        QCOMPARE(r.error, QNetworkReply::NoError);
        QCOMPARE(r.body, QByteArray("data: {\"a\":\"b\"}\n\n"));
        QCOMPARE(r.contentType, QByteArray("text/event-stream"));
        const Result again = run(&nam, jsonRequest(server.url()));
        QCOMPARE(again.body, r.body);
        QCOMPARE(server.connections, 1);
    }

    void bodyUntilCloseAndErrorStatus()
    {
        RawServer server;
        server.handler = [](QTcpSocket *s, const QByteArray &) {
            s->write("HTTP/1.0 503 Busy\r\nRetry-After: 2\r\n\r\n{\"error\":{\"message\":\"busy\"}}");
            s->disconnectFromHost();
        };
        QNetworkAccessManager nam;
        const Result r = run(&nam, jsonRequest(server.url()));
        QCOMPARE(r.status, 503);
        QCOMPARE(r.error, QNetworkReply::ServiceUnavailableError);
        QCOMPARE(r.body, QByteArray("{\"error\":{\"message\":\"busy\"}}"));
    }

    void idleConnectionClosedByServerIsNotReused()
    {
        RawServer server;
        server.handler = [](QTcpSocket *s, const QByteArray &) {
            s->write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
            s->flush();
            // The server drops the connection right after answering, without saying Connection: close.
            QTimer::singleShot(20, s, [s] { s->disconnectFromHost(); });
        };
        QNetworkAccessManager nam;
        QCOMPARE(run(&nam, jsonRequest(server.url())).body, QByteArray("ok"));
        QTest::qWait(100);
        const Result second = run(&nam, jsonRequest(server.url()));
        QCOMPARE(second.error, QNetworkReply::NoError);
        QCOMPARE(second.body, QByteArray("ok"));
        QCOMPARE(server.connections, 2);
    }

    void reusedConnectionClosedAtSendIsRetriedOnce()
    {
        RawServer server;
        // The second request on a connection is met with a close and no answer, as when a server's
        // keep-alive timeout races the request; the client sends it again on a new connection.
        server.handler = [](QTcpSocket *s, const QByteArray &) {
            const int n = s->property("requests").toInt() + 1;
            s->setProperty("requests", n);
            if (n > 1) {
                s->disconnectFromHost();
                return;
            }
            s->write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
        };
        QNetworkAccessManager nam;
        QCOMPARE(run(&nam, jsonRequest(server.url())).body, QByteArray("ok"));
        const Result second = run(&nam, jsonRequest(server.url()));
        QCOMPARE(second.error, QNetworkReply::NoError);
        QCOMPARE(second.body, QByteArray("ok"));
        QCOMPARE(server.connections, 2);
        QCOMPARE(server.requests.size(), 3);
        // A connection that closes before answering a first request is not retried.
        server.handler = [](QTcpSocket *s, const QByteArray &) { s->disconnectFromHost(); };
        QNetworkAccessManager fresh;
        QCOMPARE(run(&fresh, jsonRequest(server.url())).error, QNetworkReply::RemoteHostClosedError);
        QCOMPARE(server.requests.size(), 4);
    }

    // ModelTurn goes through the client for http://, and sends what QNetworkAccessManager sends but for
    // the manager's own Accept-Encoding, Accept-Language and Connection headers; both turns read the same.
    void modelTurnSendsTheSameRequestEitherWay()
    {
        RawServer server;
        server.handler = [](QTcpSocket *s, const QByteArray &) {
            const QByteArray body =
                R"({"id":"c1","object":"chat.completion","model":"m","choices":[{"index":0,)"
                R"("message":{"role":"assistant","content":"hi there"},"finish_reason":"stop"}]})";
            s->write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " +
                     QByteArray::number(body.size()) + "\r\n\r\n" + body);
        };
        QNetworkAccessManager nam;
        ProviderConfig config;
        config.name = u"local"_s;
        config.api = ProviderApi::Chat;
        config.baseUrl = server.url(u"/v1"_s).toString();
        std::unique_ptr<ModelClient> client(ModelClient::create(config, u"sk-test"_s, &nam));
        TurnRequest request;
        request.sampling.model = u"m"_s;
        request.stream = false;
        request.messages = {Message::user(u"hello"_s)};
        auto turnText = [&] {
            QString text;
            bool done = false;
            ModelTurn *turn = client->send(request);
            connect(turn, &ModelTurn::finished, this, [&](const TurnResult &result) {
                text = result.message.text();
                done = true;
            });
            connect(turn, &ModelTurn::failed, this, [&](const ModelError &error) {
                text = u"failed: "_s + error.message;
                done = true;
            });
            [&] { QVERIFY(QTest::qWaitFor([&] { return done; }, 20000)); }();
            return text;
        };
        QCOMPARE(turnText(), u"hi there"_s);
        PlainHttp::setEnabled(false);
        const QString viaManager = turnText();
        PlainHttp::setEnabled(true);
        QCOMPARE(viaManager, u"hi there"_s);
        QCOMPARE(server.requests.size(), 2);
        auto shape = [](const QByteArray &raw, bool *managerHeaders) -> QByteArray {
            const qsizetype end = raw.indexOf("\r\n\r\n");
            QList<QByteArray> lines = raw.left(end).split('\n');
            *managerHeaders = false;
            QList<QByteArray> kept;
            for (QByteArray line : lines) {
                line = line.trimmed();
                const QByteArray lower = line.toLower();
                if (lower.startsWith("accept-encoding:") || lower.startsWith("accept-language:")) {
                    *managerHeaders = true;
                    continue;
                }
                if (lower.startsWith("connection:"))
                    continue;
                kept.append(line);
            }
            std::sort(kept.begin() + 1, kept.end());
            return kept.join('\n') + "\n\n" + raw.mid(end + 4);
        };
        bool ownHasManagerHeaders = true, managerHasThem = false;
        const QByteArray own = shape(server.requests.at(0), &ownHasManagerHeaders);
        const QByteArray manager = shape(server.requests.at(1), &managerHasThem);
        QCOMPARE(own, manager);
        QVERIFY(own.contains("Authorization: Bearer sk-test"));
        QVERIFY(!ownHasManagerHeaders); // the first turn did go through the own client
        QVERIFY(managerHasThem);
    }

    void oversizedHeaders()
    {
        PlainHttp::Limits limits;
        limits.maxHeaderBytes = 4096;
        PlainHttp::setLimits(limits);
        RawServer server;
        server.handler = [](QTcpSocket *s, const QByteArray &) {
            s->write("HTTP/1.1 200 OK\r\nX-Big: " + QByteArray(100000, 'a') +
                     "\r\nContent-Length: 0\r\n\r\n");
        };
        QNetworkAccessManager nam;
        const Result r = run(&nam, jsonRequest(server.url()));
        QCOMPARE(r.error, QNetworkReply::ProtocolFailure);
        QVERIFY2(r.errorString.contains(u"exceeds 4096 bytes"_s), qPrintable(r.errorString));
        QVERIFY(r.body.isEmpty());
    }

    void tooManyHeaderLines()
    {
        RawServer server;
        server.handler = [](QTcpSocket *s, const QByteArray &) {
            QByteArray head = "HTTP/1.1 200 OK\r\n";
            for (int i = 0; i < 300; ++i)
                head += "X-H" + QByteArray::number(i) + ": v\r\n";
            s->write(head + "Content-Length: 0\r\n\r\n");
        };
        QNetworkAccessManager nam;
        const Result r = run(&nam, jsonRequest(server.url()));
        QCOMPARE(r.error, QNetworkReply::ProtocolFailure);
        QVERIFY2(r.errorString.contains(u"256 header lines"_s), qPrintable(r.errorString));
    }

    void brokenChunkedEncoding_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("message");
        QTest::newRow("not hex") << QByteArray("zz\r\nabc\r\n0\r\n\r\n") << u"invalid chunk size"_s;
        QTest::newRow("negative") << QByteArray("-5\r\nabc\r\n0\r\n\r\n") << u"invalid chunk size"_s;
        QTest::newRow("huge size") << QByteArray("ffffffffffffffffff\r\nabc\r\n") << u"invalid chunk size"_s;
        QTest::newRow("longer than size")
            << QByteArray("2\r\nabcdef\r\n0\r\n\r\n") << u"longer than its size"_s;
        QTest::newRow("endless size line") << QByteArray(5000, '1') << u"chunk-size line exceeds"_s;
    }
    void brokenChunkedEncoding()
    {
        QFETCH(QByteArray, body);
        QFETCH(QString, message);
        RawServer server;
        server.handler = [body](QTcpSocket *s, const QByteArray &) {
            s->write("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + body);
        };
        QNetworkAccessManager nam;
        const Result r = run(&nam, jsonRequest(server.url()));
        QCOMPARE(r.error, QNetworkReply::ProtocolFailure);
        QVERIFY2(r.errorString.contains(message), qPrintable(r.errorString));
    }

    void invalidStatusLineAndLength_data()
    {
        QTest::addColumn<QByteArray>("response");
        QTest::newRow("not http") << QByteArray("SSH-2.0-OpenSSH\r\n\r\n");
        QTest::newRow("bad status") << QByteArray("HTTP/1.1 2x0 OK\r\n\r\n");
        QTest::newRow("bad length") << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: -3\r\n\r\n");
        QTest::newRow("two lengths") << QByteArray(
            "HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\n");
        QTest::newRow("no colon") << QByteArray("HTTP/1.1 200 OK\r\nnonsense\r\n\r\n");
    }
    void invalidStatusLineAndLength()
    {
        QFETCH(QByteArray, response);
        RawServer server;
        server.handler = [response](QTcpSocket *s, const QByteArray &) { s->write(response); };
        QNetworkAccessManager nam;
        QCOMPARE(run(&nam, jsonRequest(server.url())).error, QNetworkReply::ProtocolFailure);
    }

    void bodyLimit()
    {
        PlainHttp::Limits limits;
        limits.maxBodyBytes = 1000;
        PlainHttp::setLimits(limits);
        RawServer server;
        server.handler = [](QTcpSocket *s, const QByteArray &request) {
            if (request.contains("/declared"))
                s->write("HTTP/1.1 200 OK\r\nContent-Length: 5000\r\n\r\n");
            else
                s->write("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n300\r\n" +
                         QByteArray(0x300, 'a') + "\r\n300\r\n" + QByteArray(0x300, 'b') + "\r\n0\r\n\r\n");
        };
        QNetworkAccessManager nam;
        const Result declared = run(&nam, jsonRequest(server.url(u"/declared"_s)));
        QCOMPARE(declared.error, QNetworkReply::ProtocolFailure);
        QVERIFY(declared.errorString.contains(u"exceeds 1000 bytes"_s));
        const Result chunked = run(&nam, jsonRequest(server.url(u"/chunked"_s)));
        QCOMPARE(chunked.error, QNetworkReply::ProtocolFailure);
        QVERIFY(chunked.body.size() <= 1000);
    }

    void earlyClose()
    {
        RawServer server;
        server.handler = [](QTcpSocket *s, const QByteArray &) {
            s->write("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\npartial");
            s->flush();
            s->disconnectFromHost();
        };
        QNetworkAccessManager nam;
        const Result r = run(&nam, jsonRequest(server.url()));
        QCOMPARE(r.error, QNetworkReply::RemoteHostClosedError);
        QCOMPARE(r.status, 200);
        QCOMPARE(r.body, QByteArray("partial"));
    }

    void closedBeforeAnyAnswer()
    {
        RawServer server;
        server.handler = [](QTcpSocket *s, const QByteArray &) { s->disconnectFromHost(); };
        QNetworkAccessManager nam;
        const Result r = run(&nam, jsonRequest(server.url()));
        QCOMPARE(r.error, QNetworkReply::RemoteHostClosedError);
        QCOMPARE(r.status, 0);
    }

    void connectionRefused()
    {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        const quint16 port = probe.serverPort();
        probe.close();
        QNetworkAccessManager nam;
        const Result r = run(&nam, jsonRequest(QUrl(u"http://127.0.0.1:%1/v1"_s.arg(port))));
        QCOMPARE(r.error, QNetworkReply::ConnectionRefusedError);
    }

    void slowUpstreamTimesOut()
    {
        RawServer server;
        // Headers at once, then the body never comes.
        server.handler = [](QTcpSocket *s, const QByteArray &) {
            s->write("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc");
        };
        QNetworkAccessManager nam;
        QNetworkRequest request = jsonRequest(server.url());
        request.setTransferTimeout(300);
        const Result r = run(&nam, request);
        QCOMPARE(r.error, QNetworkReply::TimeoutError);
        QCOMPARE(r.body, QByteArray("abc"));
    }

    void abortMidBody()
    {
        RawServer server;
        server.handler = [](QTcpSocket *s, const QByteArray &) {
            s->write("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc");
        };
        QNetworkAccessManager nam;
        QNetworkReply *reply = PlainHttp::post(&nam, jsonRequest(server.url()), "{}");
        QSignalSpy finished(reply, &QNetworkReply::finished);
        connect(reply, &QNetworkReply::readyRead, reply, [reply] { reply->abort(); });
        QVERIFY(finished.wait(5000));
        QCOMPARE(reply->error(), QNetworkReply::OperationCanceledError);
        QCOMPARE(finished.size(), 1);
        delete reply;
    }
};

QTEST_GUILESS_MAIN(TestPlainHttp)
#include "test_plainhttp.moc"
