// SPDX-License-Identifier: GPL-3.0-or-later
// Long sessions (issue 17): one window conversation (ChatSession → AgentLoop → ShellCall) runs a command
// that streams output for 400 seconds under the workspace's lifted limits, while this program counts every
// streamed character as a live viewer would. It prints the peak resident memory of that run against the
// named baseline "short run": the same command for 10 seconds, measured first in the same process. Flat
// memory means the ratio stays near 1 however long the command streams. Not run in CI.
//
//   bench_longsession [--seconds 400] [--baseline-seconds 10] [--kib-per-second 512]
#include "base/workspacesettings.h"
#include "models/scriptedclient.h"
#include "sandbox/container.h"
#include "sandbox/containermanager.h"
#include "sandbox/shellcall.h"
#include "workspace/chatsession.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace {

qint64 statusKiB(const QByteArray &field)
{
    QFile f(u"/proc/self/status"_s);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith(field))
            return line.mid(field.size()).trimmed().split(' ').value(0).toLongLong();
    return -1;
}

struct Run
{
    qint64 peakRssKiB = 0;
    qint64 streamedChars = 0;
    qint64 keptChars = 0;
    qint64 droppedChars = 0;
    QString outcome;
    double seconds = 0;
};

Run runFor(ContainerManager *manager, int seconds, int kibPerSecond)
{
    Run run;
    Container *container = manager->create();
    ChatSession session(container);
    ScriptedClient client;
    // A line of 1 KiB kibPerSecond times a second, for `seconds` seconds, then the total.
    const QString command = u"line=$(head -c 1023 /dev/zero | tr '\\0' x); end=$((SECONDS + %1)); n=0; "
                            "while [ $SECONDS -lt $end ]; do i=0; while [ $i -lt %2 ]; do echo \"$n $line\"; "
                            "i=$((i + 1)); done; n=$((n + 1)); sleep 1; done; echo done $n"_s.arg(seconds)
                                .arg(kibPerSecond);
    const QJsonObject script{
        {u"steps"_s,
         QJsonArray{QJsonObject{{u"tool_calls"_s,
                                 QJsonArray{QJsonObject{
                                     {u"name"_s, u"shell"_s},
                                     {u"arguments"_s, QJsonObject{{u"commands"_s, QJsonArray{command}}}}}}}},
                    QJsonObject{{u"text"_s, u"{{last_command_stdout}}"_s}}}}};
    client.loadScript(QJsonDocument(script).toJson());
    session.setClient(&client, u"scripted"_s);
    QObject::connect(&session, &ChatSession::shellCallStarted, &session, [&run](ShellCall *call) {
        QObject::connect(
            call, &ShellCall::outputChunk, call,
            [&run](int, ShellCall::Stream, const QString &text) { run.streamedChars += text.size(); });
        QObject::connect(call, &ShellCall::finished, call, [&run, call] {
            const CommandResult r = call->results().value(0);
            run.keptChars = r.stdoutText.size();
            run.droppedChars = r.stdoutDropped;
            run.outcome = r.outcome.type == CommandOutcome::Type::Timeout
                              ? u"timeout"_s
                              : u"exit %1"_s.arg(r.outcome.exitCode);
        });
    });
    QEventLoop loop;
    QTimer sampler;
    sampler.setInterval(250);
    QObject::connect(&sampler, &QTimer::timeout, &loop,
                     [&run] { run.peakRssKiB = std::max(run.peakRssKiB, statusKiB("VmRSS:")); });
    QObject::connect(&session, &ChatSession::busyChanged, &loop, [&loop](bool busy) {
        if (!busy)
            loop.quit();
    });
    QElapsedTimer clock;
    clock.start();
    sampler.start();
    if (!session.send(u"stream"_s))
        return run;
    loop.exec();
    run.seconds = clock.elapsed() / 1000.0;
    container->stop();
    return run;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    int seconds = 400;
    int baselineSeconds = 10;
    int kibPerSecond = 512;
    const QStringList args = app.arguments();
    for (qsizetype i = 1; i + 1 < args.size(); i += 2) {
        if (args.at(i) == u"--seconds")
            seconds = args.at(i + 1).toInt();
        else if (args.at(i) == u"--baseline-seconds")
            baselineSeconds = args.at(i + 1).toInt();
        else if (args.at(i) == u"--kib-per-second")
            kibPerSecond = args.at(i + 1).toInt();
    }
    QTemporaryDir dir;
    SandboxSettings settings = SandboxSettings::forDataDir(dir.path(), u"bench"_s);
    QDir().mkpath(settings.workspaceDir());
    WorkspaceSettings workspace(settings.workspaceDir());
    workspace.setLongSessions(true);
    workspace.setLongCommandTimeoutSeconds(std::max(seconds, baselineSeconds) + 120);
    workspace.setIdleSleepMinutes(0);
    workspace.save();
    ContainerManager manager(settings);

    const Run base = runFor(&manager, baselineSeconds, kibPerSecond);
    const Run longRun = runFor(&manager, seconds, kibPerSecond);
    const auto print = [](const char *name, const Run &r) {
        std::printf(
            "%-22s %7.1f s  %-8s streamed %8.1f MiB  kept %6lld chars  dropped %11lld  peak RSS %7.1f MiB\n",
            name, r.seconds, qPrintable(r.outcome), r.streamedChars / 1048576.0,
            static_cast<long long>(r.keptChars), static_cast<long long>(r.droppedChars),
            r.peakRssKiB / 1024.0);
    };
    std::printf("long session: one command streaming %d KiB/s under lifted limits (hosted limit: 300 s)\n",
                kibPerSecond);
    print("baseline: short run", base);
    print("long run", longRun);
    std::printf("peak RSS long / short run: %.2f (streamed %.0fx as much)\n",
                base.peakRssKiB > 0 ? double(longRun.peakRssKiB) / double(base.peakRssKiB) : 0.0,
                base.streamedChars > 0 ? double(longRun.streamedChars) / double(base.streamedChars) : 0.0);
    return longRun.outcome == u"exit 0" ? 0 : 1;
}
