// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "config-sandbench-tests.h"
#include "sandbox/container.h"
#include "sandbox/containermanager.h"
#include "sandbox/sandboxsettings.h"
#include "sandbox/shellcall.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QTest>

#include <algorithm>
#include <unistd.h>

// Settings for a test data dir with small limits, using the freshly built sandbench-init.
inline SandboxSettings sandboxTestSettings(const QString &dataDir)
{
    SandboxSettings s = SandboxSettings::forDataDir(dataDir, QStringLiteral("test"));
    s.initPath = QStringLiteral(SANDBENCH_BIN_DIR "/sandbench-init");
    s.limits.cpus = 1;
    s.limits.memoryBytes = 1024LL * 1024 * 1024;
    s.limits.storageBytes = 512LL * 1024 * 1024;
    s.limits.maxProcesses = 256;
    s.limits.tmpBytes = 64LL * 1024 * 1024;
    return s;
}

inline ShellAction shellAction(const QStringList &commands, int timeoutMs = 30000, int maxOutput = 16384)
{
    ShellAction a;
    a.commands = commands;
    a.timeoutMs = timeoutMs;
    a.maxOutputLength = maxOutput;
    return a;
}

inline bool waitForCall(ShellCall *call, int timeoutMs = 60000)
{
    return QTest::qWaitFor([call] { return call->isFinished(); }, timeoutMs);
}

// The host processes (our own excluded) for which test(pid, "/proc/PID") holds.
template<typename Test>
QList<int> hostProcesses(Test test)
{
    QList<int> pids;
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &entry : entries) {
        bool ok = false;
        const int pid = entry.toInt(&ok);
        if (ok && pid != getpid() && test(QStringLiteral("/proc/") + entry))
            pids << pid;
    }
    return pids;
}

// Host processes whose command line contains marker.
inline QList<int> processesMatching(const QByteArray &marker)
{
    return hostProcesses([&](const QString &proc) {
        QFile f(proc + QStringLiteral("/cmdline"));
        return f.open(QIODevice::ReadOnly) && f.readAll().replace('\0', ' ').contains(marker);
    });
}

// Host processes whose name (argv[0]) starts with prefix: the processes a command named with `exec -a`, not
// the ones that merely carry the name in their arguments (the CLI that runs the command, or a child it forked
// that has not exec()ed yet).
inline QList<int> processesRunningAs(const QByteArray &prefix)
{
    return hostProcesses([&](const QString &proc) {
        QFile f(proc + QStringLiteral("/cmdline"));
        return f.open(QIODevice::ReadOnly) && f.read(4096).startsWith(prefix);
    });
}

// Host processes holding an open file under dir: what a container or launcher left running with its files.
inline QList<int> processesWithFilesIn(const QString &dir)
{
    return hostProcesses([&](const QString &proc) {
        const QString fdDir = proc + QStringLiteral("/fd");
        const QStringList fds = QDir(fdDir).entryList(QDir::Files | QDir::System);
        return std::any_of(fds.cbegin(), fds.cend(), [&](const QString &fd) {
            return QFile::symLinkTarget(fdDir + u'/' + fd).startsWith(dir + u'/');
        });
    });
}

// Places a file in a container's home as the sandbox user would own it.
inline bool placeFile(Container *c, const QString &name, const QByteArray &content)
{
    QDir().mkpath(c->homeDir());
    QFile f(c->homeDir() + QLatin1Char('/') + name);
    if (!f.open(QIODevice::WriteOnly) || f.write(content) != content.size())
        return false;
    f.close();
    if (geteuid() == 0) {
        const QByteArray path = QFile::encodeName(f.fileName());
        if (::chown(path.constData(), SandboxSettings::sandboxHostUid(), SandboxSettings::sandboxHostGid()) !=
            0)
            return false;
    }
    return true;
}

#define SANDBOX_REQUIRE_INIT()                                                                               \
    QVERIFY2(QFileInfo(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench-init")).isExecutable(),                  \
             "sandbench-init is not built (ninja sandbench-init)")

// Runs one call to the end and checks it finished; result in `var`.
#define RUN_CALL(var, container, action)                                                                     \
    ShellCall *var = (container)->run(action);                                                               \
    QVERIFY2(waitForCall(var), "the shell call did not finish");                                             \
    QVERIFY2(!var->results().isEmpty(), qPrintable(u"no command ran: "_s + var->errorString()))
