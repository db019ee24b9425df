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

// A name that came from a container or a model (a file path, a command) made safe to print on one line, the
// way git quotes paths: unchanged when it is plain, otherwise in double quotes with C-style escapes for
// control characters (\n, \x1b), \u{202e} for invisible Unicode format characters, and \" and \\.
// quoted: in double quotes even when plain (for names inside a sentence).
QString displayName(const QString &name, bool quoted = false);
