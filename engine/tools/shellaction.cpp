// SPDX-License-Identifier: GPL-3.0-or-later
#include "shellaction.h"

#include <QJsonArray>
#include <QJsonValue>

#include <algorithm>
#include <cmath>
#include <sys/wait.h>

using namespace Qt::StringLiterals;

namespace {

// Reads an optional integer field; JSON null counts as absent because models often send it.
bool readInt(const QJsonObject &args, const QString &key, int *out, qint64 min, qint64 max, QString *error)
{
    const QJsonValue v = args.value(key);
    if (v.isUndefined() || v.isNull())
        return true;
    const QString range = u"an integer from %1 to %2"_s.arg(min).arg(max);
    if (!v.isDouble()) {
        *error = u"\"%1\" must be %2"_s.arg(key, range);
        return false;
    }
    const double d = v.toDouble();
    if (!std::isfinite(d) || d != std::floor(d)) {
        *error = u"\"%1\" must be %2"_s.arg(key, range);
        return false;
    }
    if (d < double(min) || d > double(max)) {
        *error = u"\"%1\" must be %2 (got %3)"_s.arg(key, range, QString::number(qint64(d)));
        return false;
    }
    *out = int(d);
    return true;
}

} // namespace

std::optional<ShellAction> ShellAction::fromJson(const QJsonObject &args, QString *error,
                                                 const SessionLimits &limits)
{
    QString dummy;
    if (!error)
        error = &dummy;
    ShellAction action;
    const QJsonValue commands = args.value(u"commands"_s);
    const QJsonValue command = args.value(u"command"_s);
    const bool hasCommands = !commands.isUndefined() && !commands.isNull();
    const bool hasCommand = !command.isUndefined() && !command.isNull();
    if (hasCommands && hasCommand) {
        *error = u"give either \"commands\" or \"command\", not both"_s;
        return std::nullopt;
    }
    if (hasCommands) {
        if (!commands.isArray()) {
            *error = u"\"commands\" must be an array of strings"_s;
            return std::nullopt;
        }
        const QJsonArray array = commands.toArray();
        if (array.size() > MaxCommands) {
            *error = u"\"commands\" has %1 entries; at most %2 commands are allowed in one call"_s
                         .arg(array.size())
                         .arg(MaxCommands);
            return std::nullopt;
        }
        for (qsizetype i = 0; i < array.size(); ++i) {
            if (!array.at(i).isString()) {
                *error = u"\"commands[%1]\" must be a string"_s.arg(i);
                return std::nullopt;
            }
            action.commands.append(array.at(i).toString());
        }
    } else if (hasCommand) {
        if (!command.isString()) {
            *error = u"\"command\" must be a string"_s;
            return std::nullopt;
        }
        action.commands.append(command.toString());
    } else {
        *error = u"\"commands\" is required: an array of 1 to %1 strings"_s.arg(MaxCommands);
        return std::nullopt;
    }
    action.maxTimeoutMs = std::clamp(limits.maxTimeoutMs, 1, AbsoluteMaxTimeoutMs);
    action.timeoutMs = std::clamp(limits.defaultTimeoutMs, 1, action.maxTimeoutMs);
    action.keepOutputTail = limits.keepOutputTail;
    if (!readInt(args, u"timeout_ms"_s, &action.timeoutMs, 1, action.maxTimeoutMs, error))
        return std::nullopt;
    if (!readInt(args, u"max_output_length"_s, &action.maxOutputLength, 1, MaxMaxOutputLength, error))
        return std::nullopt;
    const QString problem = action.validate();
    if (!problem.isEmpty()) {
        *error = problem;
        return std::nullopt;
    }
    return action;
}

QString ShellAction::validate() const
{
    if (commands.isEmpty())
        return u"\"commands\" must contain 1 to %1 commands (got none)"_s.arg(MaxCommands);
    if (commands.size() > MaxCommands)
        return u"\"commands\" has %1 entries; at most %2 commands are allowed in one call"_s
            .arg(commands.size())
            .arg(MaxCommands);
    for (qsizetype i = 0; i < commands.size(); ++i) {
        // The sandbox protocol separates commands and environment entries with NUL.
        if (commands.at(i).contains(QChar(0)))
            return u"\"commands[%1]\" must not contain a NUL character"_s.arg(i);
    }
    const int cap = std::clamp(maxTimeoutMs, 1, AbsoluteMaxTimeoutMs);
    if (timeoutMs <= 0 || timeoutMs > cap)
        return u"\"timeout_ms\" must be an integer from 1 to %1 (got %2)"_s.arg(cap).arg(timeoutMs);
    if (maxOutputLength <= 0 || maxOutputLength > MaxMaxOutputLength)
        return u"\"max_output_length\" must be an integer from 1 to %1 (got %2)"_s.arg(MaxMaxOutputLength)
            .arg(maxOutputLength);
    return {};
}

QJsonObject ShellAction::toJson() const
{
    return QJsonObject{{u"commands"_s, QJsonArray::fromStringList(commands)},
                       {u"timeout_ms"_s, timeoutMs},
                       {u"max_output_length"_s, maxOutputLength}};
}

CommandOutcome CommandOutcome::fromWaitStatus(int status)
{
    if (WIFEXITED(status))
        return exit(WEXITSTATUS(status));
    if (WIFSIGNALED(status))
        return exit(128 + WTERMSIG(status));
    return exit(255);
}

QJsonObject CommandOutcome::toJson() const
{
    if (type == Type::Timeout)
        return QJsonObject{{u"type"_s, u"timeout"_s}};
    return QJsonObject{{u"type"_s, u"exit"_s}, {u"exit_code"_s, exitCode}};
}

QJsonObject CommandResult::toJson() const
{
    return QJsonObject{
        {u"stdout"_s, stdoutText}, {u"stderr"_s, stderrText}, {u"outcome"_s, outcome.toJson()}};
}

QJsonObject shellOutputItem(const QString &id, const QString &callId, const QString &containerId,
                            const ShellAction &action, const QList<CommandResult> &results, bool completed)
{
    QJsonArray output;
    for (const CommandResult &r : results)
        output.append(r.toJson());
    return QJsonObject{{u"type"_s, u"openrouter:shell"_s},
                       {u"id"_s, id},
                       {u"call_id"_s, callId},
                       {u"status"_s, completed ? u"completed"_s : u"incomplete"_s},
                       {u"container_id"_s, containerId},
                       {u"action"_s, action.toJson()},
                       {u"output"_s, output}};
}

QString truncationMarker(qint64 droppedCharacters)
{
    return u"\n[... %1 characters truncated ...]"_s.arg(droppedCharacters);
}

QString leadingTruncationMarker(qint64 droppedCharacters)
{
    return u"[... %1 earlier characters truncated ...]\n"_s.arg(droppedCharacters);
}
