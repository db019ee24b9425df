// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sandbox/sandboxsettings.h"

#include <QByteArray>
#include <QCommandLineOption>
#include <QString>
#include <QStringList>

#include <optional>

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

// --help, --data-dir DIR and --workspace NAME: what every command that works on a workspace takes.
struct WorkspaceOptions
{
    QCommandLineOption dataDir{QStringLiteral("data-dir"),
                               QStringLiteral("Data directory (default: $SANDBENCH_DATA_DIR or the XDG data "
                                              "location)."),
                               QStringLiteral("dir")};
    QCommandLineOption workspace{QStringLiteral("workspace"),
                                 QStringLiteral("Workspace name (default: default)."),
                                 QStringLiteral("name")};

    WorkspaceOptions() = default;
    explicit WorkspaceOptions(const QString &workspaceHelp) { workspace.setDescription(workspaceHelp); }
    // --help, then the two options (in that order, before the command's own).
    void addTo(QCommandLineParser &parser) const;
    SandboxSettings settings(const QCommandLineParser &parser) const;
};

// How a command's --help and a usage error read: its own usage text above the parser's option list (the
// example at the end unless the usage shows examples), or, with no text, the parser's help text.
struct CommandUsage
{
    QString text;
    bool exampleInOptions = true;
};

// Parses args and does what every command does alike: a parse error prints the error and the usage (exit 2),
// --help prints the help (exit 0), a --workspace name outside 1 to 40 characters of A-Z, a-z, 0-9, _ and -
// is refused (exit 2). std::nullopt: the command carries on.
std::optional<int> parseCommandLine(QCommandLineParser &parser, const QStringList &args,
                                    const WorkspaceOptions &options, const CommandUsage &usage = {});
