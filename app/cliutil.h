// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

// Exit codes and output helpers shared by every headless subcommand.
enum ExitCode { ExitOk = 0, ExitFailure = 1, ExitUsage = 2 };

// printErr adds a newline when the text has none; printOut writes as given.
void printErr(const QString &text);
void printOut(const QByteArray &bytes);
inline void printOut(const QString &text)
{
    printOut(text.toUtf8());
}
