// SPDX-License-Identifier: GPL-3.0-or-later
#include "agentrequest.h"

#include "sandbox/containermanager.h"
#include "sandbox/images/imagestore.h"
#include "tools/shellaction.h"

#include <cmath>

using namespace Qt::StringLiterals;

namespace {

bool readLimit(const QJsonObject &obj, const QString &key, const QString &path, qint64 max,
               std::optional<int> *out, QString *error)
{
    const QJsonValue v = obj.value(key);
    if (v.isUndefined() || v.isNull())
        return true;
    const double d = v.toDouble(-1);
    if (!v.isDouble() || d != std::floor(d) || d < 1 || d > double(max)) {
        *error = u"%1.%2 must be an integer from 1 to %3"_s.arg(path, key).arg(max);
        if (v.isDouble())
            *error += u" (got %1)"_s.arg(v.toDouble());
        return false;
    }
    *out = int(d);
    return true;
}

} // namespace

QString ServerToolConfig::typeName() const
{
    switch (kind) {
    case Kind::Shell:
        return u"openrouter:shell"_s;
    case Kind::NativeShell:
        return u"shell"_s;
    case Kind::Bash:
        return u"openrouter:bash"_s;
    case Kind::CodeExecution:
    case Kind::Python:
        return contractName;
    }
    return {};
}

std::optional<ServerToolConfig> ServerToolConfig::fromJson(const QJsonObject &tool, Kind kind,
                                                           const QString &path, QString *error)
{
    ServerToolConfig config;
    config.kind = kind;
    // openrouter:* keep their options under "parameters"; OpenAI's native shell has them at the top level.
    const QJsonValue paramsValue = tool.value(u"parameters"_s);
    if (!paramsValue.isUndefined() && !paramsValue.isNull() && !paramsValue.isObject()) {
        *error = u"%1.parameters must be an object"_s.arg(path);
        return std::nullopt;
    }
    QJsonObject params = paramsValue.toObject();
    for (const QString &key :
         {u"engine"_s, u"timeout_ms"_s, u"max_output_length"_s, u"environment"_s, u"network_policy"_s}) {
        if (!params.contains(key) && tool.contains(key))
            params.insert(key, tool.value(key));
    }
    // OpenAI's native shell has its options at the top level; errors name the field where it was sent.
    const QString ppath = kind == Kind::NativeShell ? path : path + u".parameters"_s;
    const QJsonValue engine = params.value(u"engine"_s);
    if (!engine.isUndefined() && !engine.isNull()) {
        const QString e = engine.toString();
        if (e == u"auto")
            config.engine = ServerToolConfig::Engine::Auto;
        else if (e == u"openrouter")
            config.engine = ServerToolConfig::Engine::OpenRouter;
        else if (e == u"native" && kind == ServerToolConfig::Kind::Bash)
            config.engine = ServerToolConfig::Engine::Native;
        else {
            *error = kind == ServerToolConfig::Kind::Bash
                         ? u"%1.engine must be \"auto\", \"native\" or \"openrouter\""_s.arg(ppath)
                         : u"%1.engine must be \"auto\" or \"openrouter\""_s.arg(ppath);
            return std::nullopt;
        }
    }
    if (!readLimit(params, u"timeout_ms"_s, ppath, ShellAction::MaxTimeoutMs, &config.timeoutMs, error) ||
        !readLimit(params, u"max_output_length"_s, ppath, ShellAction::MaxMaxOutputLength,
                   &config.maxOutputLength, error))
        return std::nullopt;

    const QJsonValue envValue = params.value(u"environment"_s);
    QJsonValue policyValue = params.value(u"network_policy"_s);
    if (!envValue.isUndefined() && !envValue.isNull()) {
        if (!envValue.isObject()) {
            *error = u"%1.environment must be an object"_s.arg(ppath);
            return std::nullopt;
        }
        const QJsonObject env = envValue.toObject();
        const QString type = env.value(u"type"_s).toString();
        if (type == u"container_reference") {
            const QString id = env.value(u"container_id"_s).toString();
            if (!ContainerManager::isValidId(id)) {
                *error =
                    u"%1.environment.container_id must be 1 to 40 characters of A-Z, a-z, 0-9, _ and -"_s.arg(
                        ppath);
                return std::nullopt;
            }
            config.containerReference = id;
        } else if (type != u"container_auto") {
            *error =
                u"%1.environment.type must be \"container_auto\" or \"container_reference\""_s.arg(ppath);
            return std::nullopt;
        }
        const QJsonValue image = env.value(u"image"_s);
        if (!image.isUndefined() && !image.isNull()) {
            if (!image.isString() || !ImageStore::isValidName(image.toString())) {
                *error =
                    u"%1.environment.image must be the name of an image (sandbench images list): 1 to 64 "
                    u"characters of A-Z, a-z, 0-9, ., _, : and -"_s.arg(ppath);
                return std::nullopt;
            }
            config.image = image.toString();
        }
        if ((policyValue.isUndefined() || policyValue.isNull()) && env.contains(u"network_policy"_s))
            policyValue = env.value(u"network_policy"_s);
    }
    if (!policyValue.isUndefined() && !policyValue.isNull()) {
        QString policyError;
        std::optional<NetworkPolicy> policy = NetworkPolicy::fromJson(policyValue, &policyError);
        if (!policy) {
            *error = u"%1.network_policy: %2"_s.arg(ppath, policyError);
            return std::nullopt;
        }
        config.networkPolicy = *policy;
    }
    return config;
}

void AgentRequest::avoidNameClashes()
{
    for (const ToolDefinition &def : std::as_const(callerTools)) {
        if (def.name == shellFunctionName)
            shellFunctionName = u"openrouter_shell"_s;
        if (def.name == bashFunctionName)
            bashFunctionName = u"openrouter_bash"_s;
        for (QString *name : {&pythonFunctionName, &codeBashFunctionName, &editorFunctionName})
            if (def.name == *name)
                *name = u"sandbench_"_s + *name;
    }
}
