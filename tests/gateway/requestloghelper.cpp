// SPDX-License-Identifier: GPL-3.0-or-later
// Appends requests to a RequestLog forever and prints the running committed total, so a test can SIGKILL it
// mid-write and check what survived.
#include "gateway/requestlog.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QTimer>

#include <cstdio>

using namespace Qt::StringLiterals;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (argc < 2)
        return 2;
    RequestLog log;
    QString error;
    if (!log.open(QString::fromLocal8Bit(argv[1]), &error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    qint64 committed = 0;
    QObject::connect(&log, &RequestLog::committed, &app, [&committed](int n) {
        committed += n;
        std::printf("%lld\n", static_cast<long long>(committed));
        std::fflush(stdout);
    });
    qint64 next = 0;
    QTimer timer;
    QObject::connect(&timer, &QTimer::timeout, &app, [&] {
        for (int i = 0; i < 25; ++i) {
            RequestRecord r;
            r.id = u"req_%1"_s.arg(next++);
            r.timeMs = QDateTime::currentMSecsSinceEpoch();
            r.model = u"m"_s;
            r.requestBody = QByteArray(2000, 'x');
            ShellCallRecord call{u"call"_s, u"openrouter:shell"_s, u"ctr"_s, r.timeMs, 1, {}};
            call.commands.append({u"echo a"_s, QString(500, u'a'), {}, u"exit"_s, 0, r.timeMs, 1});
            call.commands.append({u"echo b"_s, QString(500, u'b'), {}, u"exit"_s, 0, r.timeMs, 1});
            r.shellCalls.append(call);
            log.append(r);
        }
    });
    timer.start(0);
    return app.exec();
}
