// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "tools/shellaction.h"

#include <QJsonObject>
#include <QList>
#include <QString>

// One shell call found in a saved trace.
struct TraceCall
{
    QString id;
    QString callId;
    QString containerId;
    QString tool; // "openrouter:shell", "openrouter:bash" or "shell"
    ShellAction action;
    QList<CommandResult> results;
    bool completed = true;

    // The call as a Responses output item (SPEC §1.2), whatever format it came from.
    QJsonObject toOutputItem() const;
};

// Reads the shell calls out of a saved Responses JSON (output items of type openrouter:shell, or native
// shell_call/shell_call_output pairs) or Messages JSON (server_tool_use followed by
// openrouter_shell_tool_result / openrouter_bash_tool_result).
class TraceLoader
{
public:
    static QList<TraceCall> parse(const QByteArray &json, QString *error);
    static QList<TraceCall> load(const QString &path, QString *error);
};
