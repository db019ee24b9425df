// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/modelclient.h"

#include <QJsonArray>

#include <memory>

class ScriptedNetworkAccess;

// A stand-in model for demos, training and tests: it plays a script file (steps of tool calls and final
// text) through the normal ModelClient/ModelTurn machinery, without any network. It is always shown as
// "Scripted" so nobody mistakes it for a model.
//
// Script JSON: {"name": "...", "steps": [{"text": "..."} | {"tool_calls": [{"name": "shell", "arguments":
// {...}}], "text": "..."}], "chunks": N, "chunk_delay_ms": N} or just the steps array. The step played is
// the number of assistant messages already in the conversation; "{{last_tool_result}}" in a text is
// replaced by the content of the conversation's last tool result, "{{last_tool_stdout}}" by the stdout of
// its commands, "{{last_command_stdout}}" by the stdout of its last command.
// A script never answers past a failure: when a command of the shell call it is answering failed (non-zero
// exit or timeout), "on_tool_failure" (top level) is played instead of the step, with "{{failed_command}}"
// (its first line), "{{failed_outcome}}" and "{{failed_stderr}}" filled in.
// "sample": {"resource": ":/samples/x.csv", "name": "x.csv"} names the file the script is written for; the
// window attaches it when the user has attached none.
class ScriptedClient final : public ModelClient
{
    Q_OBJECT
public:
    // The loaded script, shared with the access manager that plays it.
    struct Script;

    explicit ScriptedClient(QObject *parent = nullptr);
    ~ScriptedClient() override;

    // The provider name used in model ids ("scripted/<script name>").
    static QString providerId();
    // The label shown wherever the client appears.
    static QString displayLabel();

    bool loadScript(const QByteArray &json, QString *error = nullptr);
    bool loadScriptFile(const QString &path, QString *error = nullptr);
    QString scriptName() const;
    // The file the script is written for (a Qt resource path and the name it has in the sandbox); empty
    // when it needs none.
    QString sampleResource() const;
    QString sampleName() const;
    int stepCount() const;

    QJsonObject requestBody(const TurnRequest &request) const override;

protected:
    QString endpointPath() const override;
    std::unique_ptr<TurnDecoder> createDecoder(TurnAssembler *assembler) const override;

private:
    ScriptedClient(const std::shared_ptr<Script> &script, QObject *parent);
    ScriptedClient(const std::shared_ptr<Script> &script, ScriptedNetworkAccess *nam, QObject *parent);

    std::shared_ptr<Script> m_script;
    std::unique_ptr<ModelClient> m_format;
};
