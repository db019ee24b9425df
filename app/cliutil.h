// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

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

// Global options (--data-dir DIR, --workspace NAME, also as --option=VALUE) may stand anywhere on the line,
// before or after the command and its action, as in git. The index of the first word of args at or after
// from that is neither an option nor a global option's value; -1 when there is none before "--".
int firstWord(const QStringList &args, int from = 1);

// Removes a command's action word (the first word after the program name, wherever the options are) so
// its parser sees "program [options] [positional]".
QStringList withoutAction(const QStringList &args, QString *action);

class QCommandLineParser;
// The command being run ("containers") and an example of it, for every command's --help (set by main()).
void setCommandHelp(const QString &command, const QString &example);
// parser.helpText() naming the command ("Usage: sandbench containers …", not the binary's path) and
// ending with the command's example.
QString commandHelpText(const QCommandLineParser &parser);
// For a command that prints its own usage text first: only the parser's option list (no second "Usage:"
// line of Qt's, no description, no --help-all), then the command's example unless usage shows examples.
QString commandOptionsText(const QCommandLineParser &parser, bool withExample = true);
