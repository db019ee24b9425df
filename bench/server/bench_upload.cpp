// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 32: a 1 GiB CSV uploaded to a real `sandbench serve` by curl, as a user would (`curl -F
// file=@sales.csv`: multipart/form-data streamed from the file), against `cp` of the same file on the same
// disk in the same run: (1) through OpenAI's Files API and then into a new container by file_id (two copies
// on a file system without reflinks), (2) straight into a container (the Containers API's multipart upload).
// Each time is a ratio to the median cp (target: (2) and (1)'s upload <= 1.3x); the server's memory growth
// is VmHWM at the end - VmRSS before the first upload (target: < 64 MiB).
//
// A noisy, shared 2-core machine: the steps are interleaved in rounds (cp, floor, cp, Files API, file_ids,
// cp, direct, ...) so a burst of load falls on both sides, and medians are reported. Every step starts
// alike: nothing dirty in the page cache (sync), the server idle (the history stores each container upload
// again in the background after the answer: waited for), nothing the earlier steps wrote in the page cache
// (POSIX_FADV_DONTNEED on every file of the run's folder), the source file in the page cache (warm; --cold
// evicts it too), and likewise the stored upload that the file_ids step copies. Nothing is fsynced on either
// side: cp does not fsync and neither does the server (an upload is as durable as a cp'd file: in the page
// cache, written back by the kernel). Each round's files and containers are deleted before the next. The
// floor line is the same curl command into a bare receiver that only splices the body to a file: what curl
// and loopback TCP cost here whatever the server does; a second floor line gives that receiver the server's
// low-water mark (SO_RCVLOWAT: woken for half a MiB, not for each 64 KiB write), which is what makes curl's
// side cheap when the receiver runs on the other core of this VM. Each upload is also made by a second
// client, written here: the same request with the file's bytes sent by sendfile(2), no copy through user
// space (curl reads each block and writes it to the socket), so that the server's own cost shows against cp;
// it has a floor of its own too. curl is what a user runs; the sendfile client shows what the server itself
// costs. CPU seconds (user + system) of each side are printed too: on a loaded machine they say more than
// wall times. Usage: bench_upload [MiB] [rounds] [--cold] (defaults 1024, 5); runs in the current directory's
// file system.
#include "sandbox/history/uploadstore.h"
#include "server/apikeys.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QThread>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <thread>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/resource.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
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

// CPU seconds of this process's waited-for children so far (user + system).
double childrenCpu()
{
    struct rusage ru;
    ::getrusage(RUSAGE_CHILDREN, &ru);
    return double(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
           double(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

struct Timed
{
    double seconds = 0;
    double cpu = 0; // of the program run
};

Timed run(const QString &program, const QStringList &args, QByteArray *out = nullptr)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    const double cpuBefore = childrenCpu();
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
    return {seconds, childrenCpu() - cpuBefore};
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
    for (int i = 0; i < 600 && quiet < 5; ++i) {
        QThread::msleep(200);
        const qint64 now = cpuTicks(pid);
        const qint64 written = writtenBytes(pid);
        quiet = now == last && written == lastWritten ? quiet + 1 : 0;
        last = now;
        lastWritten = written;
    }
}

// The floor of any HTTP upload on this machine: a bare receiver that reads the head, answers
// "100 Continue" when asked (as the server does: curl -F asks for a large body) and splices the body
// socket -> pipe -> file, nothing else (no parsing, no limits, no Qt). Returns its port; serves one request.
// *cpu: the receiver's CPU seconds, once the thread is joined. lowWater: as the server's upload pump does
// (engine/server/uploadpump.cpp), once 4 MiB were read the socket wakes the receiver for half a MiB at a time
// (SO_RCVLOWAT), which costs curl much less CPU here; a read that waits 100 ms for it drops it.
int bareSpliceReceiver(const QString &path, std::thread *thread, double *cpu, bool lowWater = false)
{
    const int listener = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof addr;
    if (listener < 0 || ::bind(listener, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0 ||
        ::listen(listener, 1) != 0 || ::getsockname(listener, reinterpret_cast<sockaddr *>(&addr), &len) != 0)
        return -1;
    *thread = std::thread([listener, cpu, lowWater, file = QFile::encodeName(path)] {
        const int c = ::accept(listener, nullptr, nullptr);
        ::close(listener);
        QByteArray head;
        char ch = 0;
        while (!head.endsWith("\r\n\r\n") && ::recv(c, &ch, 1, 0) == 1)
            head.append(ch);
        const QByteArray lower = head.toLower();
        if (lower.contains("\r\nexpect: 100-continue")) {
            const char go[] = "HTTP/1.1 100 Continue\r\n\r\n";
            (void)!::send(c, go, sizeof go - 1, MSG_NOSIGNAL);
        }
        const qsizetype at = lower.indexOf("content-length:");
        qint64 left = at < 0 ? 0 : head.mid(at + 15, head.indexOf('\r', at) - at - 15).trimmed().toLongLong();
        const int out = ::open(file.constData(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
        int p[2];
        if (::pipe2(p, O_CLOEXEC) == 0) {
            ::fcntl(p[1], F_SETPIPE_SZ, 1 << 20);
            const qint64 length = left;
            int mark = 1;
            const auto setMark = [c, &mark](int bytes) {
                if (bytes != mark && ::setsockopt(c, SOL_SOCKET, SO_RCVLOWAT, &bytes, sizeof bytes) == 0)
                    mark = bytes;
            };
            bool useMark = lowWater;
            if (useMark) {
                const timeval wait{0, 100000};
                ::setsockopt(c, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait);
            }
            while (left > 0) {
                setMark(useMark && length - left >= (4 << 20) ? int(std::min<qint64>(left, 512 * 1024)) : 1);
                const ssize_t n =
                    ::splice(c, nullptr, p[1], nullptr, size_t(std::min<qint64>(left, 1 << 20)), 0);
                if (n < 0 && errno == EAGAIN && useMark) {
                    useMark = mark == 1; // waited for the mark in vain: any byte from now on
                    continue;
                }
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
        struct rusage ru;
        ::getrusage(RUSAGE_THREAD, &ru);
        *cpu = double(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
               double(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
    });
    return ntohs(addr.sin_port);
}

// CPU seconds this thread has used so far (user + system).
double threadCpu()
{
    struct rusage ru;
    ::getrusage(RUSAGE_THREAD, &ru);
    return double(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
           double(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

bool sendAll(int fd, const QByteArray &bytes)
{
    for (qsizetype sent = 0; sent < bytes.size();) {
        const ssize_t n = ::send(fd, bytes.constData() + sent, size_t(bytes.size() - sent), MSG_NOSIGNAL);
        if (n <= 0)
            return false;
        sent += n;
    }
    return true;
}

// Reads one HTTP response (head, then a Content-Length body or up to the close); false when the peer went
// away first. A "100 Continue" is a response of its own.
bool readResponse(int fd, int *status, QByteArray *body)
{
    QByteArray head;
    char ch = 0;
    while (!head.endsWith("\r\n\r\n")) {
        if (::recv(fd, &ch, 1, 0) != 1 || head.size() > 65536)
            return false;
        head.append(ch);
    }
    *status = head.mid(9, 3).toInt();
    const QByteArray lower = head.toLower();
    const qsizetype at = lower.indexOf("\r\ncontent-length:");
    qint64 left = at < 0 ? (*status < 200 ? 0 : -1)
                         : head.mid(at + 17, head.indexOf('\r', at + 2) - at - 17).trimmed().toLongLong();
    body->clear();
    char buffer[65536];
    while (left != 0) {
        const ssize_t n =
            ::recv(fd, buffer, left < 0 ? sizeof buffer : size_t(std::min<qint64>(left, sizeof buffer)), 0);
        if (n <= 0)
            return left < 0;
        body->append(buffer, n);
        if (left > 0)
            left -= n;
    }
    return true;
}

// The bench's own HTTP client: the same multipart/form-data request as `curl -F NAME=VALUE... -F
// file=@PATH`, but the file part's bytes go file -> socket with sendfile(2), inside the kernel, with no copy
// through user space (curl reads each block and writes it). The head and the form's text around the file are
// written with send(). As curl does for a large body, it sends "Expect: 100-continue" and sends the body
// only after "100 Continue" (a final answer instead ends the request). No keep-alive: one request per
// connection, as the curl command makes it. Returns the answer's status (0: the connection failed) and body;
// *cpu: this thread's CPU seconds for it.
int sendfileUpload(int port, const QByteArray &target, const QByteArray &authorization,
                   const QList<QPair<QByteArray, QByteArray>> &fields, const QString &path,
                   QByteArray *answer, double *cpu)
{
    const double cpuBefore = threadCpu();
    const auto done = [&](int status) {
        *cpu = threadCpu() - cpuBefore;
        return status;
    };
    const int file = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (file < 0 || ::fstat(file, &st) != 0)
        return done(0);
    const QByteArray boundary = "------------------------sandbenchbench";
    QByteArray before;
    for (const auto &[name, value] : fields)
        before += "--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + name + "\"\r\n\r\n" +
                  value + "\r\n";
    before += "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" +
              QFileInfo(path).fileName().toUtf8() + "\"\r\nContent-Type: text/csv\r\n\r\n";
    const QByteArray after = "\r\n--" + boundary + "--\r\n";
    const qint64 length = before.size() + qint64(st.st_size) + after.size();
    QByteArray head = "POST " + target + " HTTP/1.1\r\nHost: 127.0.0.1:" + QByteArray::number(port) +
                      "\r\nUser-Agent: bench_upload-sendfile\r\nAccept: */*\r\n";
    if (!authorization.isEmpty())
        head += "Authorization: " + authorization + "\r\n";
    head += "Content-Length: " + QByteArray::number(length) +
            "\r\nContent-Type: multipart/form-data; boundary=" + boundary +
            "\r\nExpect: 100-continue\r\n\r\n";

    const int s = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = htons(quint16(port));
    int status = 0;
    if (s >= 0 && ::connect(s, reinterpret_cast<sockaddr *>(&addr), sizeof addr) == 0 && sendAll(s, head) &&
        readResponse(s, &status, answer) && status == 100 && sendAll(s, before)) {
        status = 0;
        off_t offset = 0;
        while (offset < st.st_size) {
            const ssize_t n =
                ::sendfile(s, file, &offset, size_t(std::min<qint64>(st.st_size - offset, 1 << 30)));
            if (n <= 0)
                break;
        }
        if (offset == st.st_size && sendAll(s, after) && !readResponse(s, &status, answer))
            status = 0;
    }
    if (s >= 0)
        ::close(s);
    ::close(file);
    return done(status);
}

// Drops one file's pages from the page cache (written back first): the next read comes from the disk.
void evict(const QString &path)
{
    const int fd =
        ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return;
    struct stat st;
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
        ::fdatasync(fd);
        ::posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
    }
    ::close(fd);
}

// Evicts every file under dir but keep (links not followed): what earlier steps wrote (copies, uploads, the
// containers' homes and histories) no longer fills the page cache, so no step pays for reclaiming it. Without
// this the step after the two GiB of a file_ids copy ran on a machine short of free memory.
void evictAllBut(const QString &dir, const QStringList &keep)
{
    QDirIterator it(dir, QDir::Files | QDir::Hidden | QDir::System | QDir::NoSymLinks,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        if (!keep.contains(path))
            evict(path);
    }
}

double median(QList<double> v)
{
    std::sort(v.begin(), v.end());
    return v.isEmpty()    ? 0
           : v.size() % 2 ? v.at(v.size() / 2)
                          : (v.at(v.size() / 2 - 1) + v.at(v.size() / 2)) / 2;
}

QByteArray list(const QList<double> &v)
{
    QByteArray out;
    for (const double x : v)
        out += QByteArray::number(x, 'f', 3) + ' ';
    return out.trimmed();
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    const bool cold = args.removeAll(u"--cold"_s) > 0;
    const qint64 mib = args.size() > 0 ? args.at(0).toLongLong() : 1024;
    const int rounds = args.size() > 1 ? args.at(1).toInt() : 5;
    if (mib < 1 || rounds < 1) {
        std::fprintf(stderr, "usage: bench_upload [MiB] [rounds] [--cold]\n");
        return 2;
    }
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
    const int serverPort = m.captured(1).toInt();
    const QString base = u"http://127.0.0.1:%1/api/v1"_s.arg(serverPort);
    const QString auth = u"Authorization: Bearer "_s + *key;
    const qint64 pid = server.processId();
    const double tick = double(::sysconf(_SC_CLK_TCK));
    struct Step
    {
        double seconds = 0;
        double clientCpu = 0; // curl's
        double serverCpu = 0; // the server's, from the request to its answer
    };
    const auto curl = [&](const QStringList &args, QJsonObject *json) {
        QByteArray out;
        const qint64 before = cpuTicks(pid);
        const Timed t =
            run(u"curl"_s, QStringList{u"-sS"_s, u"--fail-with-body"_s, u"-H"_s, auth} + args, &out);
        *json = QJsonDocument::fromJson(out).object();
        return Step{t.seconds, t.cpu, double(cpuTicks(pid) - before) / tick};
    };
    // Every timed step starts alike (see the top of the file). source: what the step reads besides csv.
    const auto settle = [&](const QString &source = {}) {
        waitIdle(pid);
        run(u"sync"_s, {});
        evictAllBut(dir.path(), cold ? QStringList() : QStringList{csv, source});
    };
    // The same upload by the bench's sendfile client (the server's own cost, without curl's copies).
    const auto sendfileStep = [&](const QString &target, const QList<QPair<QByteArray, QByteArray>> &fields,
                                  QJsonObject *json) {
        const qint64 before = cpuTicks(pid);
        QElapsedTimer timer;
        timer.start();
        QByteArray answer;
        double cpu = 0;
        const int status = sendfileUpload(serverPort, QByteArray("/api/v1") + target.toUtf8(),
                                          "Bearer " + key->toUtf8(), fields, csv, &answer, &cpu);
        const double seconds = double(timer.nsecsElapsed()) / 1e9;
        if (status != 200) {
            std::fprintf(stderr, "the sendfile client's upload to %s got %d: %s\n", qPrintable(target),
                         status, answer.left(300).constData());
            std::exit(1);
        }
        *json = QJsonDocument::fromJson(answer).object();
        return Step{seconds, cpu, double(cpuTicks(pid) - before) / tick};
    };
    QJsonObject reply;
    curl({base + u"/files"_s}, &reply); // warm up (a list)
    const qint64 rssBefore = statusKiB(pid, "VmRSS:");

    QList<double> cps, cpCpus;
    QList<Step> floors, markFloors, sfFloors, filesApi, sfFilesApi, intoContainer, direct, sfDirect;
    for (int round = 0; round < rounds; ++round) {
        const QString copy = dir.filePath(u"copy.csv"_s);
        const auto timeCp = [&] {
            settle();
            const Timed t = run(u"cp"_s, {csv, copy});
            cps.append(t.seconds);
            cpCpus.append(t.cpu);
            QFile::remove(copy);
        };
        timeCp();
        // The same curl command into a bare splicing receiver: what no server can beat here.
        settle();
        std::thread receiver;
        double receiverCpu = 0;
        const int port = bareSpliceReceiver(dir.filePath(u"floor.csv"_s), &receiver, &receiverCpu);
        if (port < 0)
            return 1;
        const Timed floor =
            run(u"curl"_s, {u"-sS"_s, u"-o"_s, u"/dev/null"_s, u"-F"_s, u"purpose=user_data"_s, u"-F"_s,
                            u"file=@"_s + csv, u"http://127.0.0.1:%1/up"_s.arg(port)});
        receiver.join();
        floors.append(Step{floor.seconds, floor.cpu, receiverCpu});
        QFile::remove(dir.filePath(u"floor.csv"_s));
        // The same with the server's low-water mark on the receiving socket.
        settle();
        const int markPort = bareSpliceReceiver(dir.filePath(u"floor.csv"_s), &receiver, &receiverCpu, true);
        if (markPort < 0)
            return 1;
        const Timed markFloor =
            run(u"curl"_s, {u"-sS"_s, u"-o"_s, u"/dev/null"_s, u"-F"_s, u"purpose=user_data"_s, u"-F"_s,
                            u"file=@"_s + csv, u"http://127.0.0.1:%1/up"_s.arg(markPort)});
        receiver.join();
        markFloors.append(Step{markFloor.seconds, markFloor.cpu, receiverCpu});
        QFile::remove(dir.filePath(u"floor.csv"_s));
        // The same receiver with the sendfile client: what no server can beat with it.
        settle();
        const int sfPort = bareSpliceReceiver(dir.filePath(u"floor.csv"_s), &receiver, &receiverCpu);
        if (sfPort < 0)
            return 1;
        {
            QElapsedTimer timer;
            timer.start();
            QByteArray answer;
            double cpu = 0;
            const int status =
                sendfileUpload(sfPort, "/up", {}, {{"purpose", "user_data"}}, csv, &answer, &cpu);
            const double seconds = double(timer.nsecsElapsed()) / 1e9;
            receiver.join();
            if (status != 200 || QFileInfo(dir.filePath(u"floor.csv"_s)).size() <= bytes) {
                std::fprintf(stderr, "the sendfile client's floor upload failed (%d)\n", status);
                return 1;
            }
            sfFloors.append(Step{seconds, cpu, receiverCpu});
        }
        QFile::remove(dir.filePath(u"floor.csv"_s));

        timeCp();
        settle();
        filesApi.append(
            curl({u"-F"_s, u"purpose=user_data"_s, u"-F"_s, u"file=@"_s + csv, base + u"/files"_s}, &reply));
        const QString fileId = reply.value(u"id"_s).toString();
        if (reply.value(u"bytes"_s).toInteger() != bytes) {
            std::fprintf(stderr, "the Files API stored %lld bytes of %lld\n",
                         reply.value(u"bytes"_s).toInteger(), bytes);
            return 1;
        }
        // The copy reads the stored upload, as warm as cp's source (as it is right after the upload).
        settle(data + u"/workspaces/default/files/"_s + UploadStore::tokenOf(fileId) + u"/content"_s);
        intoContainer.append(
            curl({u"-H"_s, u"Content-Type: application/json"_s, u"-d"_s,
                  u"{\"name\":\"bench\",\"file_ids\":[\"%1\"]}"_s.arg(fileId), base + u"/containers"_s},
                 &reply));
        const QString viaFileId = reply.value(u"id"_s).toString();
        settle();
        sfFilesApi.append(sendfileStep(u"/files"_s, {{"purpose", "user_data"}}, &reply));
        const QString sfFileId = reply.value(u"id"_s).toString();
        if (reply.value(u"bytes"_s).toInteger() != bytes) {
            std::fprintf(stderr, "the Files API stored %lld bytes of %lld (sendfile client)\n",
                         reply.value(u"bytes"_s).toInteger(), bytes);
            return 1;
        }

        timeCp();
        // Another container for the direct upload (untimed): the first one's history may still be storing its
        // copy, one history operation at a time per container; settle() waits for that anyway.
        curl({u"-H"_s, u"Content-Type: application/json"_s, u"-d"_s, u"{\"name\":\"direct\"}"_s,
              base + u"/containers"_s},
             &reply);
        const QString container = reply.value(u"id"_s).toString();
        settle();
        direct.append(
            curl({u"-F"_s, u"file=@"_s + csv, base + u"/containers/%1/files"_s.arg(container)}, &reply));
        if (reply.value(u"bytes"_s).toInteger() != bytes) {
            std::fprintf(stderr, "the container upload stored %lld bytes\n",
                         reply.value(u"bytes"_s).toInteger());
            return 1;
        }
        settle();
        sfDirect.append(sendfileStep(u"/containers/%1/files"_s.arg(container), {}, &reply));
        if (reply.value(u"bytes"_s).toInteger() != bytes) {
            std::fprintf(stderr, "the container upload stored %lld bytes (sendfile client)\n",
                         reply.value(u"bytes"_s).toInteger());
            return 1;
        }
        // The round's files go: each round starts with the same disk use.
        waitIdle(pid);
        for (const QString &id : {fileId, sfFileId})
            curl({u"-X"_s, u"DELETE"_s, base + u"/files/"_s + id}, &reply);
        for (const QString &id : {viaFileId, container})
            curl({u"-X"_s, u"DELETE"_s, base + u"/containers/"_s + id}, &reply);
        std::fprintf(stderr, "round %d of %d done\n", round + 1, rounds);
    }
    const qint64 hwm = statusKiB(pid, "VmHWM:");
    server.terminate();
    server.waitForFinished(30000);

    const auto seconds = [](const QList<Step> &steps, double Step::*field) {
        QList<double> v;
        for (const Step &s : steps)
            v.append(s.*field);
        return v;
    };
    const double cp = median(cps);
    QProcess version;
    version.start(u"curl"_s, {u"--version"_s});
    version.waitForFinished();
    std::printf(
        "upload of a %lld MiB CSV (%lld bytes) into sandbench serve, same disk as cp; %d rounds, medians\n",
        mib, bytes, rounds);
    std::printf("  two clients send the same multipart/form-data request (Expect: 100-continue):\n");
    std::printf(
        "    curl     = %s -F file=@sales.csv, what a user runs (reads the file, writes the socket)\n",
        version.readAllStandardOutput().split('\n').first().left(12).constData());
    std::printf(
        "    sendfile = this bench's client, the file's bytes sent with sendfile(2) (no user-space copy):"
        " the server's own speed\n");
    std::printf("  source file: %s; no fsync on either side (cp does not, the server does not); before each "
                "step: sync, server idle, earlier steps' files evicted\n",
                cold ? "evicted from the page cache before each step (cold)" : "in the page cache (warm)");
    QFile loadavg(u"/proc/loadavg"_s);
    if (loadavg.open(QIODevice::ReadOnly))
        std::printf("  load average at the end: %s", loadavg.readAll().constData());
    // Each step is also compared with the cp just before it in its round (a burst of load is then more
    // likely on both sides): "paired" is the median of those ratios.
    const auto paired = [&](const QList<double> &times, int cpOfRound) {
        QList<double> ratios;
        for (qsizetype r = 0; r < times.size(); ++r)
            ratios.append(times.at(r) / cps.at(3 * r + cpOfRound));
        return median(ratios);
    };
    std::printf(
        "                                                  wall (median)  / cp   paired  / floor  CPU: "
        "client  server\n");
    std::printf(
        "  cp (baseline)                                      %7.3f s  1.00x                    %6.3f s\n",
        cp, median(cpCpus));
    // floor: the same client's floor (a bare receiver that only splices the body to a file).
    const auto line = [&](const char *what, const QList<Step> &steps, int cpOfRound, const QList<Step> &floor,
                          const char *note) {
        const QList<double> times = seconds(steps, &Step::seconds);
        const double t = median(times);
        std::printf("  %-50s %7.3f s  %.2fx   %.2fx   %.2fx    %6.3f  %6.3f s%s\n", what, t, t / cp,
                    paired(times, cpOfRound), t / median(seconds(floor, &Step::seconds)),
                    median(seconds(steps, &Step::clientCpu)), median(seconds(steps, &Step::serverCpu)), note);
    };
    line("curl -> bare splice receiver (floor, curl)", floors, 0, floors, "");
    line("curl -> bare receiver + low-water mark (as server)", markFloors, 0, floors, "");
    line("sendfile -> bare splice receiver (floor, sendfile)", sfFloors, 0, sfFloors, "");
    line("Files API upload, curl", filesApi, 1, floors, "  (target <= 1.30x cp)");
    line("Files API upload, sendfile", sfFilesApi, 1, sfFloors, "  (target <= 1.30x cp)");
    line("+ new container with it (file_ids, curl's upload)", intoContainer, 1, floors, "");
    line("upload straight into a container, curl", direct, 2, floors, "  (target <= 1.30x cp)");
    line("upload straight into a container, sendfile", sfDirect, 2, sfFloors, "  (target <= 1.30x cp)");
    std::printf("  (/ floor: against the floor of the same client; file_ids is against curl's floor)\n");
    std::printf(
        "  each round (s): cp %s\n                 floor, curl %s\n                 floor + mark, curl %s\n"
        "                 floor, sendfile %s\n"
        "                 Files API, curl %s\n                 Files API, sendfile %s\n"
        "                 file_ids %s\n                 direct, curl %s\n"
        "                 direct, sendfile %s\n",
        list(cps).constData(), list(seconds(floors, &Step::seconds)).constData(),
        list(seconds(markFloors, &Step::seconds)).constData(),
        list(seconds(sfFloors, &Step::seconds)).constData(),
        list(seconds(filesApi, &Step::seconds)).constData(),
        list(seconds(sfFilesApi, &Step::seconds)).constData(),
        list(seconds(intoContainer, &Step::seconds)).constData(),
        list(seconds(direct, &Step::seconds)).constData(),
        list(seconds(sfDirect, &Step::seconds)).constData());
    std::printf(
        "  (CPU: from the start of the step until the client finished; a container step's server CPU "
        "includes "
        "the start of the history's copy made after the answer; a floor's server is the bare receiver)\n");
    std::printf(
        "  server memory: VmRSS before %lld KiB, VmHWM after %lld KiB: growth %.1f MiB (target < 64)\n",
        rssBefore, hwm, double(hwm - rssBefore) / 1024.0);
    return 0;
}
