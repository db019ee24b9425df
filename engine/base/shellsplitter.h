// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

// One simple command bash would run, as the approval rules see it.
struct ShellCommand
{
    // What a rule matches: the judged program and its arguments in canonical form (quote removal done, a word
    // re-quoted with '…' only where it needs it, expansions as written): `python3 -c 'print(1)'`. Leading
    // NAME=value words and wrappers (env, command, builtin, exec, nohup, nice, timeout, stdbuf, setsid, time)
    // are dropped; redirections follow the words (`cat x >out 2>&1`).
    QString text;
    // The judged program's name after quote removal ("python3", "/usr/bin/touch").
    QString name;
    // The first word bash runs (a wrapper's name when there is one): what bash's own trace shows.
    QString invoked;
    // Runs inside $(…), `…`, <(…) or >(…).
    bool inSubstitution = false;
    bool operator==(const ShellCommand &other) const = default;
};

// A command line split the way bash parses it.
struct ShellSplit
{
    QList<ShellCommand> commands;
    // Some command runs inside a command or process substitution.
    bool substitution = false;
    // Empty when the splitter accounted for everything bash will run; otherwise why it could not (the first
    // reason): an unbalanced quote, a here-document without its end, eval, a command name that is only known
    // when the call runs, … A call the splitter cannot account for is never allowed by a rule.
    QString unaccounted;
    bool accounted() const { return unaccounted.isEmpty(); }
};

// Splits a shell command line into the simple commands bash would run, following bash's quoting and lexing
// (single, double, $'…' and $"…" quotes, comments, here-documents, line continuations, separators, compound
// commands, substitutions, arithmetic, assignments, redirections and keywords). It fails closed: whatever
// it cannot fully account for is reported in ShellSplit::unaccounted, never silently skipped. Work is linear
// in the input; nesting deeper than MaxDepth and inputs longer than MaxInputLength are not accounted for.
class ShellSplitter
{
public:
    static constexpr qsizetype MaxInputLength = 4 * 1024 * 1024;
    static constexpr int MaxDepth = 64;
    static constexpr int MaxCommands = 20000;

    static ShellSplit split(const QString &commandLine);
    // A word quoted the canonical way: as is when it holds only safe characters, else in '…'.
    static QString quote(const QString &word);
};
