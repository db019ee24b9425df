// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 32: a 1 GiB CSV uploaded to a real `sandbench serve` by curl (a client that streams from disk),
// against `cp` of the same file on the same disk in the same run: (1) through OpenAI's Files API and then
// into a new container by file_id (two copies on a file system without reflinks), (2) straight into a
// container (the Containers API's multipart upload). Prints each time as a ratio to cp (target: (2) and (1)'s
// upload
// <= 1.3x) and the server's memory growth (VmHWM after - VmRSS before; target: < 64 MiB).
// The floor line is curl into a bare receiver that only splices the body to a file: what loopback TCP and
// curl cost on this machine whatever the server does. Usage: bench_upload [MiB] (default 1024); runs in the
// current directory's file system.
#include "server/apikeys.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QThread>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <thread>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

qint64 statusKiB(qint64 pid, const char *field)
{
    QFile f(u"/proc/%1/status"_s.arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n')) {
        if (line.startsWith(field))
            return line.mid(qsizetype(strlen(field))).trimmed().split(' ').first().toLongLong();
    }
    return -1;
}

double run(const QString &program, const QStringList &args, QByteArray *out = nullptr)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    QElapsedTimer timer;
    timer.start();
    p.start(program, args);
    if (!p.waitForFinished(600000) || p.exitCode() != 0) {
        std::fprintf(stderr, "%s failed: %s\n", qPrintable(program), p.readAllStandardOutput().constData());
        std::exit(1);
    }
    const double seconds = double(timer.nsecsElapsed()) / 1e9;
    if (out)
        *out = p.readAllStandardOutput();
    return seconds;
}

// The process's CPU time so far (utime + stime, in clock ticks), -1 when it cannot be read.
qint64 cpuTicks(qint64 pid)
{
    QFile f(u"/proc/%1/stat"_s.arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray stat = f.readAll();
    // The fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const QList<QByteArray> fields = stat.mid(stat.lastIndexOf(')') + 2).split(' ');
    return fields.size() > 12 ? fields.at(11).toLongLong() + fields.at(12).toLongLong() : -1;
}

// Bytes the process has written (or had written back for it) so far: /proc/PID/io's write_bytes.
qint64 writtenBytes(qint64 pid)
{
    QFile f(u"/proc/%1/io"_s.arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n')) {
        if (line.startsWith("write_bytes:"))
            return line.mid(12).trimmed().toLongLong();
    }
    return -1;
}

// Waits until the server has used no CPU and written nothing for a second (at most two minutes): the history
// stores each upload again in the background after the answer, which is not what the next step measures.
// Its writer can sleep in the kernel's dirty-page throttling for over a second, so CPU alone is not enough.
void waitIdle(qint64 pid)
{
    qint64 last = cpuTicks(pid);
    qint64 lastWritten = writtenBytes(pid);
    int quiet = 0;
    for (int i = 0; i < 1200 && quiet < 5; ++i) {
        QThread::msleep(200);
        const qint64 now = cpuTicks(pid);
        const qint64 written = writtenBytes(pid);
        quiet = now == last && written == lastWritten ? quiet + 1 : 0;
        last = now;
        lastWritten = written;
    }
}

// The floor of any HTTP upload on this machine: a bare receiver that reads the head and splices the body
// socket -> pipe -> file, nothing else (no parsing, no limits, no Qt). Returns its port; serves one request.
int bareSpliceReceiver(const QString &path, std::thread *thread)
{
    const int listener = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof addr;
    if (listener < 0 || ::bind(listener, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0 ||
        ::listen(listener, 1) != 0 || ::getsockname(listener, reinterpret_cast<sockaddr *>(&addr), &len) != 0)
        return -1;
    *thread = std::thread([listener, file = QFile::encodeName(path)] {
        const int c = ::accept(listener, nullptr, nullptr);
        ::close(listener);
        QByteArray head;
        char ch = 0;
        while (!head.endsWith("\r\n\r\n") && ::recv(c, &ch, 1, 0) == 1)
            head.append(ch);
        const qsizetype at = head.toLower().indexOf("content-length:");
        qint64 left = at < 0 ? 0 : head.mid(at + 15, head.indexOf('\r', at) - at - 15).trimmed().toLongLong();
        const int out = ::open(file.constData(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
        int p[2];
        if (::pipe2(p, O_CLOEXEC) == 0) {
            ::fcntl(p[1], F_SETPIPE_SZ, 1 << 20);
            while (left > 0) {
                const ssize_t n =
                    ::splice(c, nullptr, p[1], nullptr, size_t(std::min<qint64>(left, 1 << 20)), 0);
                if (n <= 0)
                    break;
                left -= n;
                for (ssize_t moved = 0; moved < n;) {
                    const ssize_t m = ::splice(p[0], nullptr, out, nullptr, size_t(n - moved), 0);
                    if (m <= 0)
                        break;
                    moved += m;
                }
            }
            ::close(p[0]);
            ::close(p[1]);
        }
        ::close(out);
        const char answer[] = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}";
        (void)!::send(c, answer, sizeof answer - 1, MSG_NOSIGNAL);
        ::close(c);
    });
    return ntohs(addr.sin_port);
}

double median(QList<double> v)
{
    std::sort(v.begin(), v.end());
    return v.at(v.size() / 2);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const qint64 mib = argc > 1 ? QByteArray(argv[1]).toLongLong() : 1024;
    QTemporaryDir dir(QDir::currentPath() + u"/bench-upload-XXXXXX"_s);
    if (!dir.isValid())
        return 1;
    const QString csv = dir.filePath(u"sales.csv"_s);
    {
        QFile f(csv);
        if (!f.open(QIODevice::WriteOnly))
            return 1;
        QByteArray block;
        for (int i = 0; block.size() < (1 << 20); ++i)
            block += "row" + QByteArray::number(i) + ",north," + QByteArray::number(i % 997) + "\n";
        block.truncate(1 << 20);
        block.back() = '\n';
        f.write("id,region,amount\n");
        for (qint64 i = 0; i < mib; ++i)
            f.write(block);
    }
    const qint64 bytes = QFileInfo(csv).size();

    // The baseline: cp of the same file on the same disk (warm page cache, as for the uploads).
    // Each step starts with nothing dirty in the page cache (sync), so none pays for the previous step's
    // writeback (the history stores each upload again, in the background).
    const auto settle = [] { run(u"sync"_s, {}); };
    QList<double> cps;
    for (int i = 0; i < 3; ++i) {
        settle();
        cps.append(run(u"cp"_s, {csv, dir.filePath(u"copy.csv"_s)}));
        QFile::remove(dir.filePath(u"copy.csv"_s));
    }
    const double cp = median(cps);
    // The same bytes through loopback TCP by curl into a bare splicing receiver: what no server can beat
    // here.
    QList<double> floors;
    for (int i = 0; i < 3; ++i) {
        settle();
        std::thread receiver;
        const int port = bareSpliceReceiver(dir.filePath(u"floor.csv"_s), &receiver);
        if (port < 0)
            return 1;
        floors.append(run(u"curl"_s, {u"-sS"_s, u"-o"_s, u"/dev/null"_s, u"-H"_s, u"Expect:"_s, u"-T"_s, csv,
                                      u"http://127.0.0.1:%1/up"_s.arg(port)}));
        receiver.join();
        QFile::remove(dir.filePath(u"floor.csv"_s));
    }
    const double floor = median(floors);

    const QString data = dir.filePath(u"data"_s);
    QString error;
    const std::optional<QString> key = ApiKeys(data).create(u"default"_s, &error);
    if (!key) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    QProcess server;
    server.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    server.start(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench"),
                 {u"serve"_s, u"--port"_s, u"0"_s, u"--data-dir"_s, data, u"--max-upload-mib"_s,
                  QString::number(std::max<qint64>(mib + 1, 512))});
    if (!server.waitForStarted() || !server.waitForReadyRead(30000))
        return 1;
    const QRegularExpressionMatch m =
        QRegularExpression(u":(\\d+)/api/v1"_s).match(QString::fromUtf8(server.readLine()));
    if (!m.hasMatch())
        return 1;
    const QString base = u"http://127.0.0.1:%1/api/v1"_s.arg(m.captured(1));
    const QString auth = u"Authorization: Bearer "_s + *key;
    const qint64 pid = server.processId();
    const auto curl = [&](const QStringList &args, QJsonObject *json) {
        QByteArray out;
        const double t =
            run(u"curl"_s, QStringList{u"-sS"_s, u"--fail-with-body"_s, u"-H"_s, auth} + args, &out);
        *json = QJsonDocument::fromJson(out).object();
        return t;
    };
    QJsonObject reply;
    curl({base + u"/files"_s}, &reply); // warm up (a list)
    const qint64 rssBefore = statusKiB(pid, "VmRSS:");
    settle();

    const double filesApi =
        curl({u"-F"_s, u"purpose=user_data"_s, u"-F"_s, u"file=@"_s + csv, base + u"/files"_s}, &reply);
    const QString fileId = reply.value(u"id"_s).toString();
    if (reply.value(u"bytes"_s).toInteger() != bytes) {
        std::fprintf(stderr, "the Files API stored %lld bytes of %lld\n", reply.value(u"bytes"_s).toInteger(),
                     bytes);
        return 1;
    }
    waitIdle(pid);
    settle();
    double intoContainer =
        curl({u"-H"_s, u"Content-Type: application/json"_s, u"-d"_s,
              u"{\"name\":\"bench\",\"file_ids\":[\"%1\"]}"_s.arg(fileId), base + u"/containers"_s},
             &reply);
    // Another container for the direct upload: the first one's history is still storing its copy (one
    // history operation at a time per container), which is not what this measures.
    curl({u"-H"_s, u"Content-Type: application/json"_s, u"-d"_s, u"{\"name\":\"direct\"}"_s,
          base + u"/containers"_s},
         &reply);
    const QString container = reply.value(u"id"_s).toString();
    waitIdle(pid);
    settle();
    const double direct =
        curl({u"-F"_s, u"file=@"_s + csv, base + u"/containers/%1/files"_s.arg(container)}, &reply);
    if (reply.value(u"bytes"_s).toInteger() != bytes) {
        std::fprintf(stderr, "the container upload stored %lld bytes\n", reply.value(u"bytes"_s).toInteger());
        return 1;
    }
    const qint64 hwm = statusKiB(pid, "VmHWM:");
    server.terminate();
    server.waitForFinished(30000);

    std::printf("upload of a %lld MiB CSV (%lld bytes), curl -> sandbench serve, same disk as cp\n", mib,
                bytes);
    QFile loadavg(u"/proc/loadavg"_s);
    if (loadavg.open(QIODevice::ReadOnly))
        std::printf("  load average: %s", loadavg.readAll().constData());
    std::printf("  cp (baseline, median of 3)                 %7.3f s\n", cp);
    std::printf("  curl -> bare splice receiver (floor, med.) %7.3f s  %.2fx cp\n", floor, floor / cp);
    std::printf("  Files API upload                           %7.3f s  %.2fx cp\n", filesApi, filesApi / cp);
    std::printf("  + new container with it (file_ids)         %7.3f s  %.2fx cp (both: %.2fx)\n",
                intoContainer, intoContainer / cp, (filesApi + intoContainer) / cp);
    std::printf("  upload straight into a container           %7.3f s  %.2fx cp  (target <= 1.30x)\n", direct,
                direct / cp);
    std::printf(
        "  server memory: VmRSS before %lld KiB, VmHWM after %lld KiB: growth %.1f MiB (target < 64)\n",
        rssBefore, hwm, double(hwm - rssBefore) / 1024.0);
    return 0;
}
