// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "config-sandbench-tests.h"

#include <QByteArray>
#include <QProcess>
#include <QStringList>

// Runs the built `sandbench` with args on dataDir; its exit code (-1 when it did not end within a minute),
// with its stdout in *out when given.
inline int runSandbench(const QString &dataDir, const QStringList &args, QByteArray *out = nullptr)
{
    QProcess p;
    p.start(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench"),
            args + QStringList{QStringLiteral("--data-dir"), dataDir});
    if (!p.waitForFinished(60000))
        return -1;
    if (out)
        *out = p.readAllStandardOutput();
    return p.exitCode();
}
