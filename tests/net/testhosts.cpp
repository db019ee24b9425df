// SPDX-License-Identifier: GPL-3.0-or-later
#include "testhosts.h"

#include <QCryptographicHash>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <QTcpSocket>
#include <QThread>

#include <csignal>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

const QString HostVeth = u"sbnet-h0"_s;
const QString NsVeth = u"sbnet-c0"_s;

const char ServerScript[] = R"PY(
import http.server, os, shutil, ssl, sys, threading

root, cert, key, address = sys.argv[1:5]
os.chdir(root)

class Handler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def copyfile(self, source, outputfile):
        # sendfile keeps the server from being the slowest part of the benchmark.
        try:
            self.connection.sendfile(source)
        except (AttributeError, ValueError, OSError):
            shutil.copyfileobj(source, outputfile, 1 << 20)

class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 256

servers = [Server((address, 80), Handler), Server((address, 8080), Handler)]
tls = Server((address, 443), Handler)
context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(cert, key)
tls.socket = context.wrap_socket(tls.socket, server_side=True)
servers.append(tls)
for s in servers[1:]:
    threading.Thread(target=s.serve_forever, daemon=True).start()
print("ready", flush=True)
servers[0].serve_forever()
)PY";

// A wheel is a zip with metadata; writing one by hand avoids needing the `wheel` package.
const char WheelScript[] = R"PY(
import base64, hashlib, sys, zipfile
out = sys.argv[1]
files = {
    "sbtestpkg/__init__.py": b"VALUE = 42\n",
    "sbtestpkg-0.1.dist-info/METADATA": b"Metadata-Version: 2.1\nName: sbtestpkg\nVersion: 0.1\n",
    "sbtestpkg-0.1.dist-info/WHEEL": b"Wheel-Version: 1.0\nGenerator: sandbench-test\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
}
record = ""
for name, data in files.items():
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    record += f"{name},sha256={digest},{len(data)}\n"
record += "sbtestpkg-0.1.dist-info/RECORD,,\n"
files["sbtestpkg-0.1.dist-info/RECORD"] = record.encode()
with zipfile.ZipFile(out, "w") as z:
    for name, data in files.items():
        z.writestr(name, data)
)PY";

} // namespace

QHash<QString, QHostAddress> TestHosts::hostMap()
{
    const QHostAddress server(serverAddress());
    QHash<QString, QHostAddress> map;
    for (const QString &name :
         {u"web.sandbench.test"_s, u"a.glob.sandbench.test"_s, u"deep.a.glob.sandbench.test"_s,
          u"glob.sandbench.test"_s, u"other.sandbench.test"_s, u"bench.sandbench.test"_s})
        map.insert(name, server);
    return map;
}

TestHosts::~TestHosts()
{
    tearDown();
}

QString TestHosts::unavailableReason()
{
    if (geteuid() != 0)
        return u"needs root to create network namespaces and veth pairs (CI runs these tests as root)"_s;
    for (const QString &tool : {u"ip"_s, u"openssl"_s, u"curl"_s})
        if (QStandardPaths::findExecutable(tool, {u"/usr/sbin"_s, u"/usr/bin"_s, u"/sbin"_s, u"/bin"_s})
                .isEmpty())
            return u"the tool \"%1\" is not installed"_s.arg(tool);
    if (!QFile::exists(u"/usr/bin/python3"_s))
        return u"/usr/bin/python3 is not installed"_s;
    return {};
}

bool TestHosts::runTool(const QString &program, const QStringList &args, QString *error)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(program, args);
    if (!process.waitForFinished(60000) || process.exitStatus() != QProcess::NormalExit ||
        process.exitCode() != 0) {
        if (error)
            *error = u"%1 %2 failed: %3"_s.arg(program, args.join(u' '),
                                               QString::fromLocal8Bit(process.readAll()));
        return false;
    }
    return true;
}

void TestHosts::removeLeftovers()
{
    // Servers still running in a leftover namespace would keep it alive; end them first.
    QProcess pids;
    pids.start(u"ip"_s, {u"netns"_s, u"pids"_s, QString::fromLatin1(Namespace)});
    pids.waitForFinished(10000);
    for (const QByteArray &pid : pids.readAllStandardOutput().split('\n'))
        if (!pid.trimmed().isEmpty())
            ::kill(pid.trimmed().toInt(), SIGKILL);
    QProcess quiet;
    quiet.start(u"ip"_s, {u"netns"_s, u"del"_s, QString::fromLatin1(Namespace)});
    quiet.waitForFinished(10000);
    quiet.start(u"ip"_s, {u"link"_s, u"del"_s, HostVeth});
    quiet.waitForFinished(10000);
}

bool TestHosts::makeContent(QString *error)
{
    QDir().mkpath(wwwDir() + u"/simple/sbtestpkg"_s);
    QDir().mkpath(wwwDir() + u"/files"_s);
    QFile hello(wwwDir() + u"/hello.txt"_s);
    if (!hello.open(QIODevice::WriteOnly) || hello.write("hello from the sandbench test host\n") < 0)
        return false;
    hello.close();
    // 20 MiB of varied bytes: proves the tunnel moves bulk data intact, not just a few packets.
    QFile large(wwwDir() + u"/large.bin"_s);
    if (!large.open(QIODevice::WriteOnly))
        return false;
    QByteArray block(1 << 20, Qt::Uninitialized);
    for (int i = 0; i < 20; ++i) {
        for (int j = 0; j < block.size(); ++j)
            block[j] = char((i * 131 + j * 7 + (j >> 9)) & 0xff);
        large.write(block);
    }
    large.close();

    if (!runTool(u"openssl"_s,
                 {u"req"_s, u"-x509"_s, u"-newkey"_s, u"rsa:2048"_s, u"-nodes"_s, u"-days"_s, u"2"_s,
                  u"-subj"_s, u"/CN=web.sandbench.test"_s, u"-addext"_s,
                  u"subjectAltName=DNS:web.sandbench.test,DNS:*.glob.sandbench.test,DNS:glob.sandbench.test,"
                  u"DNS:other.sandbench.test,DNS:deep.a.glob.sandbench.test,DNS:bench.sandbench.test"_s,
                  u"-keyout"_s, m_workDir + u"/key.pem"_s, u"-out"_s, certificatePath()},
                 error))
        return false;

    const QString wheelName = u"sbtestpkg-0.1-py3-none-any.whl"_s;
    const QString wheelPath = wwwDir() + u"/files/"_s + wheelName;
    if (!runTool(u"/usr/bin/python3"_s, {u"-c"_s, QString::fromLatin1(WheelScript), wheelPath}, error))
        return false;
    QFile wheel(wheelPath);
    if (!wheel.open(QIODevice::ReadOnly))
        return false;
    const QByteArray sha = QCryptographicHash::hash(wheel.readAll(), QCryptographicHash::Sha256).toHex();
    QFile index(wwwDir() + u"/simple/sbtestpkg/index.html"_s);
    if (!index.open(QIODevice::WriteOnly))
        return false;
    index.write("<!DOCTYPE html><html><body><a href=\"../../files/" + wheelName.toLatin1() +
                "#sha256=" + sha + "\">" + wheelName.toLatin1() + "</a></body></html>\n");
    QFile rootIndex(wwwDir() + u"/simple/index.html"_s);
    if (!rootIndex.open(QIODevice::WriteOnly))
        return false;
    rootIndex.write("<!DOCTYPE html><html><body><a href=\"sbtestpkg/\">sbtestpkg</a></body></html>\n");
    QFile script(m_workDir + u"/server.py"_s);
    if (!script.open(QIODevice::WriteOnly))
        return false;
    script.write(ServerScript);
    return true;
}

bool TestHosts::setUp(const QString &workDir, QString *error)
{
    m_workDir = workDir;
    removeLeftovers();
    if (!makeContent(error))
        return false;
    const QString ns = QString::fromLatin1(Namespace);
    const QList<QStringList> steps = {
        {u"netns"_s, u"add"_s, ns},
        {u"link"_s, u"add"_s, HostVeth, u"type"_s, u"veth"_s, u"peer"_s, u"name"_s, NsVeth},
        {u"link"_s, u"set"_s, NsVeth, u"netns"_s, ns},
        {u"addr"_s, u"add"_s, hostSideAddress() + u"/24"_s, u"dev"_s, HostVeth},
        {u"link"_s, u"set"_s, HostVeth, u"up"_s},
        {u"-n"_s, ns, u"addr"_s, u"add"_s, serverAddress() + u"/24"_s, u"dev"_s, NsVeth},
        {u"-n"_s, ns, u"link"_s, u"set"_s, NsVeth, u"up"_s},
        {u"-n"_s, ns, u"link"_s, u"set"_s, u"lo"_s, u"up"_s},
    };
    m_up = true;
    for (const QStringList &step : steps)
        if (!runTool(u"ip"_s, step, error))
            return false;

    m_server.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_server.start(u"ip"_s, {u"netns"_s, u"exec"_s, ns, u"/usr/bin/python3"_s, m_workDir + u"/server.py"_s,
                             wwwDir(), certificatePath(), m_workDir + u"/key.pem"_s, serverAddress()});
    if (!m_server.waitForReadyRead(30000) || !m_server.readLine().startsWith("ready")) {
        *error = u"the test web server did not start"_s;
        return false;
    }
    for (quint16 port : {80, 443, 8080}) {
        QTcpSocket probe;
        probe.connectToHost(QHostAddress(serverAddress()), port);
        if (!probe.waitForConnected(10000)) {
            *error =
                u"the test web server does not answer on port %1: %2"_s.arg(port).arg(probe.errorString());
            return false;
        }
    }
    return true;
}

void TestHosts::tearDown()
{
    if (!m_up)
        return;
    m_up = false;
    if (m_server.state() != QProcess::NotRunning) {
        m_server.kill();
        m_server.waitForFinished(5000);
    }
    removeLeftovers();
}
