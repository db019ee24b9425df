// SPDX-License-Identifier: GPL-3.0-or-later
#include "config-sandbench-tests.h"
#include "support/clirun.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>
#include <QWebSocket>

#include <arpa/inet.h>
#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <memory>

using namespace Qt::StringLiterals;

// Issue 13: a real `sandbench serve` (limited to 1024 descriptors, as under the common default) attacked by a
// hostile local client: idle connections, uploads without a key, foreign Host and Origin headers, and files
// API requests on huge sparse files that a container wrote.
class TestHardening final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void idleConnectionsDoNotStarveAuthenticated();
    void connectionBurstWaitsInTheKernelQueue();
    void unauthenticatedUploadsAreNotBuffered();
    void hostHeaderChecked_data();
    void hostHeaderChecked();
    void webSocketOriginChecked();
    void pageOriginRefusedOnHttpRoutes();
    void sparseFileHashAndPromoteSkipHoles();
    void otherWorkspaceAnsweredDuringBigFileWork();
    void promotePastQuotaIsRefused();

private:
    int runCli(const QStringList &args, QByteArray *out = nullptr);
    // A blocking raw exchange on a fresh connection: sends request, returns all that came back before the
    // server closed (or 30 s passed).
    QByteArray exchange(const QByteArray &request);
    QByteArray getRequest(const QByteArray &path, const QByteArray &key, const QByteArray &host = {});
    int openSocket(bool blocking);
    qint64 serverStatus(const QByteArray &field) const; // a /proc/PID/status value in kB
    qint64 serverReadBytes() const;                     // rchar of /proc/PID/io
    int serverDescriptors() const;
    QString homeDir(const QString &container) const;
    static QString fileId(const QByteArray &path);
    QString url(const QString &path) const { return u"http://127.0.0.1:%1%2"_s.arg(m_port).arg(path); }
    QNetworkReply *get(const QString &path, const QString &key);
    QNetworkReply *post(const QString &path, const QString &key);

    QTemporaryDir m_dir;
    QProcess m_server;
    quint16 m_port = 0;
    QString m_key;
    QString m_otherKey;
    QNetworkAccessManager m_nam;
};

int TestHardening::runCli(const QStringList &args, QByteArray *out)
{
    return runSandbench(m_dir.path(), args, out);
}

void TestHardening::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // This process holds 1,100 idle connections at once; the server keeps the common default of 1024.
    struct rlimit files
    {
        4096, 4096
    };
    QVERIFY2(::setrlimit(RLIMIT_NOFILE, &files) == 0, "cannot raise this test's descriptor limit");
    QByteArray out;
    QCOMPARE(runCli({u"keys"_s, u"create"_s}, &out), 0);
    m_key = QString::fromUtf8(out.trimmed());
    QCOMPARE(runCli({u"keys"_s, u"create"_s, u"--workspace"_s, u"other"_s}, &out), 0);
    m_otherKey = QString::fromUtf8(out.trimmed());
    QVERIFY(m_key.startsWith(u"sbk_"_s) && m_otherKey.startsWith(u"sbk_"_s));

    m_server.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_server.setChildProcessModifier([] {
        struct rlimit limit
        {
            1024, 1024
        };
        ::setrlimit(RLIMIT_NOFILE, &limit);
    });
    // Short deadlines so the test sees idle connections closed.
    m_server.start(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench"),
                   {u"serve"_s, u"--port"_s, u"0"_s, u"--data-dir"_s, m_dir.path(), u"--header-timeout-ms"_s,
                    u"2000"_s, u"--idle-timeout-ms"_s, u"2000"_s});
    QVERIFY(m_server.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(m_server.canReadLine(), 30000);
    const QString line = QString::fromUtf8(m_server.readLine());
    const QRegularExpressionMatch m = QRegularExpression(u":(\\d+)/api/v1"_s).match(line);
    QVERIFY2(m.hasMatch(), qPrintable(line));
    m_port = quint16(m.captured(1).toUInt());
    QFile limits(u"/proc/%1/limits"_s.arg(m_server.processId()));
    QVERIFY(limits.open(QIODevice::ReadOnly));
    QVERIFY(QRegularExpression(u"Max open files\\s+1024\\s+1024"_s)
                .match(QString::fromLatin1(limits.readAll()))
                .hasMatch());
}

void TestHardening::cleanupTestCase()
{
    if (m_server.state() != QProcess::NotRunning) {
        m_server.terminate();
        if (!m_server.waitForFinished(10000))
            m_server.kill();
    }
}

int TestHardening::openSocket(bool blocking)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | (blocking ? 0 : SOCK_NONBLOCK), 0);
    if (fd < 0)
        return -1;
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(m_port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0 && errno != EINPROGRESS) {
        ::close(fd);
        return -1;
    }
    return fd;
}

QByteArray TestHardening::exchange(const QByteArray &request)
{
    const int fd = openSocket(true);
    if (fd < 0)
        return {};
    struct timeval tv
    {
        30, 0
    };
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    ::send(fd, request.constData(), size_t(request.size()), MSG_NOSIGNAL);
    QByteArray reply;
    char buf[4096];
    for (;;) {
        const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
        if (n <= 0)
            break;
        reply.append(buf, n);
    }
    ::close(fd);
    return reply;
}

QByteArray TestHardening::getRequest(const QByteArray &path, const QByteArray &key, const QByteArray &host)
{
    return "GET " + path +
           " HTTP/1.1\r\nHost: " + (host.isEmpty() ? "127.0.0.1:" + QByteArray::number(m_port) : host) +
           "\r\nAuthorization: Bearer " + key + "\r\nConnection: close\r\n\r\n";
}

qint64 TestHardening::serverStatus(const QByteArray &field) const
{
    QFile f(u"/proc/%1/status"_s.arg(m_server.processId()));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n')) {
        if (line.startsWith(QByteArray(field + ':')))
            return line.mid(field.size() + 1).trimmed().split(' ').value(0).toLongLong();
    }
    return -1;
}

qint64 TestHardening::serverReadBytes() const
{
    QFile f(u"/proc/%1/io"_s.arg(m_server.processId()));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n')) {
        if (line.startsWith("rchar:"))
            return line.mid(6).trimmed().toLongLong();
    }
    return -1;
}

int TestHardening::serverDescriptors() const
{
    return int(QDir(u"/proc/%1/fd"_s.arg(m_server.processId()))
                   .entryList(QDir::NoDotAndDotDot | QDir::System)
                   .size());
}

QString TestHardening::homeDir(const QString &container) const
{
    const QString home = m_dir.filePath(u"workspaces/default/containers/"_s + container + u"/home"_s);
    QDir().mkpath(home);
    return home;
}

QString TestHardening::fileId(const QByteArray &path)
{
    return u"cfile_"_s +
           QString::fromLatin1(path.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

QNetworkReply *TestHardening::get(const QString &path, const QString &key)
{
    QNetworkRequest request{QUrl(url(path))};
    request.setRawHeader("Authorization", "Bearer " + key.toUtf8());
    return m_nam.get(request);
}

QNetworkReply *TestHardening::post(const QString &path, const QString &key)
{
    QNetworkRequest request{QUrl(url(path))};
    request.setRawHeader("Authorization", "Bearer " + key.toUtf8());
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    return m_nam.post(request, QByteArray());
}

void TestHardening::idleConnectionsDoNotStarveAuthenticated()
{
    // More idle connections than the server has descriptors. Each sends the start of a head and then nothing
    // (a connection that never sends a byte may never leave the kernel's accept queue, and so costs the
    // server nothing).
    struct Idle
    {
        int fd = -1;
        bool sent = false;
    };
    QList<Idle> idle(1100);
    for (Idle &i : idle) {
        i.fd = openSocket(false);
        QVERIFY(i.fd >= 0);
    }
    const QByteArray partial = "GET /api/v1/documents HTTP/1.1\r\n";
    const auto sendPartial = [&] {
        for (Idle &i : idle) {
            if (!i.sent)
                i.sent = ::send(i.fd, partial.constData(), size_t(partial.size()), MSG_NOSIGNAL) > 0;
        }
    };
    sendPartial();

    // An authenticated request is still accepted and answered.
    const QByteArray reply = exchange(getRequest("/api/v1/documents", m_key.toUtf8()));
    QVERIFY2(reply.startsWith("HTTP/1.1 200"), reply.left(200).constData());

    // Every idle connection is closed by the server: shed for newer ones or at the head deadline.
    const auto openCount = [&] {
        sendPartial();
        int open = 0;
        for (const Idle &i : std::as_const(idle)) {
            char c;
            const ssize_t n = ::recv(i.fd, &c, 1, MSG_PEEK | MSG_DONTWAIT);
            if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
                ++open;
        }
        return open;
    };
    QTRY_COMPARE_WITH_TIMEOUT(openCount(), 0, 45000);
    for (const Idle &i : std::as_const(idle))
        ::close(i.fd);
    // And the server holds no descriptor for them any more.
    QTRY_VERIFY_WITH_TIMEOUT(serverDescriptors() < 64, 10000);
}

void TestHardening::connectionBurstWaitsInTheKernelQueue()
{
    // While the server's loop is busy (here: stopped), a burst of connects completes its handshakes in the
    // kernel's accept queue. With a shallow queue (Qt's default is 50) the kernel drops the surplus
    // handshakes and those clients retry only after 1, 3, 7... s.
    QFile somaxconn(u"/proc/sys/net/core/somaxconn"_s);
    QVERIFY(somaxconn.open(QIODevice::ReadOnly));
    const int burst = std::min(300, somaxconn.readAll().trimmed().toInt() - 1);
    QVERIFY2(burst > 60, "net.core.somaxconn is too small for this test");

    {
        // Stopped for this block only; its connections are closed as it ends.
        QVERIFY(::kill(pid_t(m_server.processId()), SIGSTOP) == 0);
        auto resume = qScopeGuard([this] { ::kill(pid_t(m_server.processId()), SIGCONT); });
        QList<int> fds;
        auto closeAll = qScopeGuard([&fds] {
            for (int fd : std::as_const(fds))
                ::close(fd);
        });
        for (int i = 0; i < burst; ++i) {
            const int fd = openSocket(false);
            QVERIFY(fd >= 0);
            fds.append(fd);
        }
        const auto established = [&fds] {
            int count = 0;
            for (int fd : std::as_const(fds)) {
                pollfd p{fd, POLLOUT, 0};
                int error = 0;
                socklen_t length = sizeof error;
                if (::poll(&p, 1, 0) == 1 && ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0 &&
                    error == 0)
                    ++count;
            }
            return count;
        };
        QTRY_COMPARE_WITH_TIMEOUT(established(), burst, 5000);
    }
    // The server takes the queue and still answers a client with a key.
    const QByteArray reply = exchange(getRequest("/api/v1/documents", m_key.toUtf8()));
    QVERIFY2(reply.startsWith("HTTP/1.1 200"), reply.left(200).constData());
}

void TestHardening::unauthenticatedUploadsAreNotBuffered()
{
    const qint64 rssBefore = serverStatus("VmRSS");
    QVERIFY(rssBefore > 0);
    constexpr int kUploads = 20;
    constexpr qint64 kBody = 31LL * 1024 * 1024;
    struct Upload
    {
        int fd = -1;
        qint64 sent = 0;
        QByteArray reply;
        bool done = false;
    };
    QList<Upload> uploads(kUploads);
    const QByteArray head =
        "POST /api/v1/responses HTTP/1.1\r\nHost: 127.0.0.1:" + QByteArray::number(m_port) +
        "\r\nAuthorization: Bearer sbk_not_a_key\r\nContent-Type: application/json\r\n"
        "Content-Length: " +
        QByteArray::number(kBody) + "\r\n\r\n";
    for (Upload &u : uploads) {
        u.fd = openSocket(true);
        QVERIFY(u.fd >= 0);
        QCOMPARE(::send(u.fd, head.constData(), size_t(head.size()), MSG_NOSIGNAL), ssize_t(head.size()));
        ::fcntl(u.fd, F_SETFL, ::fcntl(u.fd, F_GETFL) | O_NONBLOCK);
    }
    // Each upload sends all but the last byte of its body, as fast as the server takes it, and never ends.
    const QByteArray chunk(256 * 1024, '{');
    int stalledRounds = 0;
    qint64 maxRss = rssBefore;
    while (stalledRounds < 40) {
        bool progress = false;
        for (Upload &u : uploads) {
            char buf[4096];
            for (ssize_t n; (n = ::recv(u.fd, buf, sizeof buf, MSG_DONTWAIT)) > 0;)
                u.reply.append(buf, n);
            if (u.done)
                continue;
            const qint64 want = qMin<qint64>(chunk.size(), kBody - 1 - u.sent);
            const ssize_t n = ::send(u.fd, chunk.constData(), size_t(want), MSG_NOSIGNAL | MSG_DONTWAIT);
            if (n > 0) {
                u.sent += n;
                progress = true;
            } else if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
                u.done = true; // the server closed it
            }
            if (u.sent >= kBody - 1)
                u.done = true;
        }
        maxRss = qMax(maxRss, serverStatus("VmRSS"));
        stalledRounds = progress ? 0 : stalledRounds + 1;
        if (!progress)
            QTest::qWait(50);
    }
    maxRss = qMax(maxRss, serverStatus("VmRSS"));
    int refused = 0;
    for (Upload &u : uploads) {
        refused += u.reply.startsWith("HTTP/1.1 401") && u.reply.contains("keys create") ? 1 : 0;
        ::close(u.fd);
    }
    // Every upload got its 401 right after its head, in the Responses error shape.
    QCOMPARE(refused, kUploads);
    // Buffering the bodies would cost 20 x 31 MiB = 620 MiB. Refused before its body, an upload costs one
    // head buffer (64 KiB) and a 16 KiB drain buffer; 48 MiB leaves room for the allocator and Qt's own.
    const qint64 grownKiB = maxRss - rssBefore;
    QVERIFY2(grownKiB < 48 * 1024, qPrintable(u"the server's RSS grew by %1 KiB"_s.arg(grownKiB)));
}

void TestHardening::hostHeaderChecked_data()
{
    QTest::addColumn<QByteArray>("host");
    QTest::addColumn<bool>("allowed");
    const QByteArray port = ':' + QByteArray::number(m_port);
    QTest::newRow("evil") << QByteArray("evil.example") << false;
    QTest::newRow("evil with port") << QByteArray("evil.example" + port) << false;
    QTest::newRow("loopback, other port") << QByteArray("localhost:1") << false;
    QTest::newRow("localhost") << QByteArray("localhost" + port) << true;
    QTest::newRow("127.0.0.1") << QByteArray("127.0.0.1" + port) << true;
    QTest::newRow("[::1]") << QByteArray("[::1]" + port) << true;
    QTest::newRow("localhost, no port") << QByteArray("localhost") << true;
}

void TestHardening::hostHeaderChecked()
{
    QFETCH(QByteArray, host);
    QFETCH(bool, allowed);
    const QByteArray reply = exchange(getRequest("/api/v1/documents", m_key.toUtf8(), host));
    if (allowed) {
        QVERIFY2(reply.startsWith("HTTP/1.1 200"), reply.left(200).constData());
        return;
    }
    QVERIFY2(reply.startsWith("HTTP/1.1 421"), reply.left(200).constData());
    const QJsonObject error = QJsonDocument::fromJson(reply.mid(reply.indexOf("\r\n\r\n") + 4))
                                  .object()
                                  .value(u"error"_s)
                                  .toObject();
    QVERIFY(error.value(u"message"_s).toString().contains(u"--allow-host"_s));
}

void TestHardening::webSocketOriginChecked()
{
    const QByteArray upgrade = "GET /api/v1/events?key=" + m_key.toUtf8() +
                               " HTTP/1.1\r\nHost: 127.0.0.1:" + QByteArray::number(m_port) +
                               "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                               "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n";
    const QByteArray refused = exchange(upgrade + "Origin: https://evil.example\r\n\r\n");
    QVERIFY2(refused.startsWith("HTTP/1.1 403"), refused.left(200).constData());
    QVERIFY(refused.contains("--allow-origin"));

    // A browser-made socket from that page gets no event; a program's socket (no Origin) does.
    QWebSocket page(u"https://evil.example"_s);
    QStringList pageMessages;
    connect(&page, &QWebSocket::textMessageReceived, this, [&](const QString &m) { pageMessages.append(m); });
    page.open(QUrl(u"ws://127.0.0.1:%1/api/v1/events?key=%2"_s.arg(m_port).arg(m_key)));
    QWebSocket program;
    QStringList programMessages;
    connect(&program, &QWebSocket::textMessageReceived, this,
            [&](const QString &m) { programMessages.append(m); });
    program.open(QUrl(u"ws://127.0.0.1:%1/api/v1/events?key=%2"_s.arg(m_port).arg(m_key)));
    QTRY_COMPARE_WITH_TIMEOUT(programMessages.size(), 1, 15000);
    QVERIFY(programMessages.first().contains(u"hello"_s));
    QTRY_VERIFY_WITH_TIMEOUT(page.state() == QAbstractSocket::UnconnectedState, 15000);
    QVERIFY(pageMessages.isEmpty());
}

void TestHardening::pageOriginRefusedOnHttpRoutes()
{
    // A page that learned a key cannot use it: not in the header, not as Gemini's ?key= (which a browser
    // sends without a preflight). A program's request (no Origin) is served.
    const QByteArray host = "127.0.0.1:" + QByteArray::number(m_port);
    const QByteArray body = R"({"contents":[{"role":"user","parts":[{"text":"hi"}]}]})";
    const QByteArray gemini =
        "POST /v1beta/models/m:generateContent?key=" + m_key.toUtf8() + " HTTP/1.1\r\nHost: " + host +
        "\r\nContent-Type: text/plain\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n";
    QByteArray reply = exchange(gemini + "Origin: https://evil.example\r\n\r\n" + body);
    QVERIFY2(reply.startsWith("HTTP/1.1 403"), reply.left(300).constData());
    QVERIFY(reply.contains("--allow-origin"));
    QVERIFY2(reply.contains("PERMISSION_DENIED"), reply.constData()); // Google's own error shape
    QByteArray get = getRequest("/api/v1/documents", m_key.toUtf8());
    get.insert(get.indexOf("\r\n\r\n") + 2, "Origin: https://evil.example\r\n");
    reply = exchange(get);
    QVERIFY2(reply.startsWith("HTTP/1.1 403"), reply.left(300).constData());
    reply = exchange(getRequest("/api/v1/documents", m_key.toUtf8()));
    QVERIFY2(reply.startsWith("HTTP/1.1 200"), reply.left(200).constData());
}

void TestHardening::sparseFileHashAndPromoteSkipHoles()
{
    // 128 MiB apparent, three small data extents, the rest holes.
    constexpr qint64 kApparent = 128LL * 1024 * 1024;
    const QString path = homeDir(u"sparse1"_s) + u"/sparse.bin"_s;
    QByteArray expectedSha;
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QVERIFY(f.resize(kApparent));
        for (const qint64 offset : {qint64(0), 70LL * 1024 * 1024, kApparent - 4096}) {
            QVERIFY(f.seek(offset));
            f.write(QByteArray(4096, char('a' + offset % 7)));
        }
        f.close();
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCryptographicHash hash(QCryptographicHash::Sha256);
        QVERIFY(hash.addData(&f));
        expectedSha = hash.result().toHex();
    }
    const QString base = u"/api/v1/containers/sparse1/files/"_s + fileId("sparse.bin");

    const qint64 readBefore = serverReadBytes();
    std::unique_ptr<QNetworkReply> meta(get(base, m_key));
    QTRY_VERIFY_WITH_TIMEOUT(meta->isFinished(), 60000);
    QCOMPARE(meta->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
    const QJsonObject json = QJsonDocument::fromJson(meta->readAll()).object();
    QCOMPARE(json.value(u"sha256"_s).toString().toLatin1(), expectedSha);
    QCOMPARE(json.value(u"bytes"_s).toInteger(), kApparent);
    // The holes were hashed as zeros, not read: the server read far less than the file's 128 MiB.
    QVERIFY2(serverReadBytes() - readBefore < 16LL * 1024 * 1024,
             qPrintable(u"read %1 bytes"_s.arg(serverReadBytes() - readBefore)));

    std::unique_ptr<QNetworkReply> promoted(post(base + u"/promote"_s, m_key));
    QTRY_VERIFY_WITH_TIMEOUT(promoted->isFinished(), 60000);
    QCOMPARE(promoted->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
    const QJsonObject doc = QJsonDocument::fromJson(promoted->readAll()).object();
    QCOMPARE(doc.value(u"sha256"_s).toString().toLatin1(), expectedSha);
    QCOMPARE(doc.value(u"bytes"_s).toInteger(), kApparent);
    const QString content =
        m_dir.filePath(u"workspaces/default/documents/"_s + doc.value(u"id"_s).toString() + u"/content"_s);
    struct stat st;
    QCOMPARE(::stat(QFile::encodeName(content).constData(), &st), 0);
    QCOMPARE(qint64(st.st_size), kApparent);
    // The copy's holes stayed holes: its allocated blocks hold the three extents, not 128 MiB.
    QVERIFY2(qint64(st.st_blocks) * 512 < 8LL * 1024 * 1024,
             qPrintable(u"%1 bytes allocated"_s.arg(qint64(st.st_blocks) * 512)));
    QFile copy(content);
    QVERIFY(copy.open(QIODevice::ReadOnly));
    QCryptographicHash hash(QCryptographicHash::Sha256);
    QVERIFY(hash.addData(&copy));
    QCOMPARE(hash.result().toHex(), expectedSha);
}

void TestHardening::otherWorkspaceAnsweredDuringBigFileWork()
{
    // 6 GiB apparent: hashing it (zeros included) takes the server many seconds of CPU.
    const QString path = homeDir(u"huge1"_s) + u"/huge.bin"_s;
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QVERIFY(f.resize(6LL * 1024 * 1024 * 1024));
        f.write("start");
    }
    const QString documents = m_dir.filePath(u"workspaces/default/documents"_s);
    const auto documentCount = [&] {
        return QDir(documents).entryList(QDir::Dirs | QDir::NoDotAndDotDot).size();
    };
    const qsizetype documentsBefore = documentCount();
    const QString base = u"/api/v1/containers/huge1/files/"_s + fileId("huge.bin");
    for (const QString &what : QStringList{base, base + u"/promote"_s}) {
        std::unique_ptr<QNetworkReply> big(what.endsWith(u"promote"_s) ? post(what, m_key)
                                                                       : get(what, m_key));
        QTest::qWait(300); // the big request reaches the server first
        std::unique_ptr<QNetworkReply> other(get(u"/api/v1/documents"_s, m_otherKey));
        QTRY_VERIFY_WITH_TIMEOUT(other->isFinished(), 60000);
        QCOMPARE(other->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
        // The other workspace was answered while the big file's work was still going on.
        QVERIFY2(!big->isFinished(), qPrintable(what));
        // The client gives up: the work is cancelled and leaves no half document.
        big->abort();
    }
    QTRY_COMPARE_WITH_TIMEOUT(documentCount(), documentsBefore, 30000);
    // The server answers its own workspace again at once (its workers are free).
    std::unique_ptr<QNetworkReply> again(get(u"/api/v1/containers/huge1/files"_s, m_key));
    QTRY_VERIFY_WITH_TIMEOUT(again->isFinished(), 30000);
    QCOMPARE(again->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
}

void TestHardening::promotePastQuotaIsRefused()
{
    const QString settingsPath = m_dir.filePath(u"workspaces/default/settings.json"_s);
    const QString documents = m_dir.filePath(u"workspaces/default/documents"_s);
    qint64 used = 0;
    for (const QString &id : QDir(documents).entryList(QDir::Dirs | QDir::NoDotAndDotDot))
        used += QFileInfo(documents + u'/' + id + u"/content"_s).size();
    const qint64 limit = used + 4 * 1024 * 1024;
    {
        QFile settings(settingsPath);
        QVERIFY(settings.open(QIODevice::WriteOnly));
        settings.write(QJsonDocument(QJsonObject{{u"documents_quota_bytes"_s, double(limit)}}).toJson());
    }
    const QString home = homeDir(u"quota1"_s);
    {
        QFile f(home + u"/eight.bin"_s);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(8 * 1024 * 1024, 'x'));
    }
    const qsizetype before = QDir(documents).entryList(QDir::Dirs | QDir::NoDotAndDotDot).size();
    std::unique_ptr<QNetworkReply> reply(
        post(u"/api/v1/containers/quota1/files/"_s + fileId("eight.bin") + u"/promote"_s, m_key));
    QTRY_VERIFY_WITH_TIMEOUT(reply->isFinished(), 30000);
    QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 507);
    const QJsonObject error = QJsonDocument::fromJson(reply->readAll()).object().value(u"error"_s).toObject();
    QCOMPARE(error.value(u"code"_s).toString(), u"documents_quota_exceeded"_s);
    const QString message = error.value(u"message"_s).toString();
    // The message names what is used, what was asked for and the limit.
    QVERIFY2(message.contains(QString::number(used)) && message.contains(QString::number(8 * 1024 * 1024)) &&
                 message.contains(QString::number(limit)) && message.contains(u"documents_quota_bytes"_s),
             qPrintable(message));
    // No document, not even a half one.
    QCOMPARE(QDir(documents).entryList(QDir::Dirs | QDir::NoDotAndDotDot).size(), before);

    // Within the quota the same file is promoted.
    QVERIFY(QFile::remove(settingsPath));
    std::unique_ptr<QNetworkReply> ok(
        post(u"/api/v1/containers/quota1/files/"_s + fileId("eight.bin") + u"/promote"_s, m_key));
    QTRY_VERIFY_WITH_TIMEOUT(ok->isFinished(), 30000);
    QCOMPARE(ok->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
}

QTEST_GUILESS_MAIN(TestHardening)
#include "test_hardening.moc"
