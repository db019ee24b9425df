// SPDX-License-Identifier: GPL-3.0-or-later
#include "geminiformat.h"

#include "base/workspacesettings.h"

#include <QJsonDocument>
#include <QMimeDatabase>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

static_assert(WorkspaceSettings::MaxCodeExecutionTimeoutSeconds * 1000 == ShellAction::MaxTimeoutMs,
              "the workspace's code-execution limit goes up to the shell's own maximum");

namespace {

// Google's REST API reads proto3 JSON: each field may come as lowerCamelCase or as its proto name.
QString snakeCase(const QString &camel)
{
    QString out;
    for (const QChar c : camel) {
        if (c.isUpper()) {
            out += u'_';
            out += c.toLower();
        } else {
            out += c;
        }
    }
    return out;
}

QString camelCase(const QString &name)
{
    QString out;
    bool upper = false;
    for (const QChar c : name) {
        if (c == u'_') {
            upper = true;
            continue;
        }
        out += upper ? c.toUpper() : c;
        upper = false;
    }
    return out;
}

QJsonValue field(const QJsonObject &object, const QString &camel)
{
    const QJsonValue v = object.value(camel);
    if (!v.isUndefined())
        return v;
    return object.value(snakeCase(camel));
}

bool present(const QJsonValue &v)
{
    return !v.isUndefined() && !v.isNull();
}

QString compact(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

// A Gemini Schema (OpenAPI 3.0 subset: upper-case type names, nullable, propertyOrdering) as the JSON Schema
// the upstream providers read.
QJsonValue jsonSchema(const QJsonValue &value)
{
    if (value.isArray()) {
        QJsonArray out;
        for (const QJsonValue &v : value.toArray())
            out.append(jsonSchema(v));
        return out;
    }
    if (!value.isObject())
        return value;
    const QJsonObject in = value.toObject();
    QJsonObject out;
    for (auto it = in.constBegin(); it != in.constEnd(); ++it) {
        const QString key = camelCase(it.key());
        if (key == u"propertyOrdering" || key == u"nullable")
            continue;
        if (key == u"type" && it.value().isString())
            out.insert(key, it.value().toString().toLower());
        else if (key == u"properties" && it.value().isObject()) {
            QJsonObject props;
            const QJsonObject p = it.value().toObject();
            for (auto pit = p.constBegin(); pit != p.constEnd(); ++pit)
                props.insert(pit.key(), jsonSchema(pit.value()));
            out.insert(key, props);
        } else if (key == u"items" || key == u"anyOf")
            out.insert(key, jsonSchema(it.value()));
        else
            out.insert(key, it.value());
    }
    if (in.value(u"nullable"_s).toBool() && out.value(u"type"_s).isString())
        out.insert(u"type"_s, QJsonArray{out.value(u"type"_s), u"null"_s});
    return out;
}

QString finishReason(const AgentOutcome &outcome)
{
    switch (outcome.stop) {
    case AgentOutcome::Stop::MaxTokens:
        return u"MAX_TOKENS"_s;
    case AgentOutcome::Stop::MaxToolCalls:
        return u"TOO_MANY_TOOL_CALLS"_s;
    case AgentOutcome::Stop::EndTurn:
    case AgentOutcome::Stop::CallerTools: // Gemini ends a turn with functionCall parts with STOP
        break;
    }
    return u"STOP"_s;
}

QJsonObject usageMetadata(const AgentOutcome &outcome)
{
    const qint64 in = outcome.usage.inputTokens;
    const qint64 out = outcome.usage.outputTokens;
    return {{u"promptTokenCount"_s, in},
            {u"candidatesTokenCount"_s, out},
            {u"totalTokenCount"_s, in + out},
            {u"promptTokensDetails"_s,
             QJsonArray{QJsonObject{{u"modality"_s, u"TEXT"_s}, {u"tokenCount"_s, in}}}}};
}

QString joined(const QString &a, const QString &b)
{
    if (a.isEmpty())
        return b;
    if (b.isEmpty())
        return a;
    return a.endsWith(u'\n') ? QString(a + b) : QString(a + u'\n' + b);
}

// codeExecutionResult {outcome, output} of a finished call: output holds stdout when the run succeeded,
// stderr (after any stdout) or a description otherwise, as Google documents it.
QJsonObject codeExecutionResult(const AgentToolResult &result, int timeoutSeconds)
{
    QString outcome = u"OUTCOME_FAILED"_s;
    QString output;
    if (result.code) {
        const CodeOutput &code = *result.code;
        if (code.timedOut) {
            outcome = u"OUTCOME_DEADLINE_EXCEEDED"_s;
            output =
                joined(joined(code.stdoutText, code.stderrText),
                       u"Code execution exceeded its %1-second limit and was stopped."_s.arg(timeoutSeconds));
        } else if (code.isError()) {
            output = code.errorMessage;
        } else if (code.returnCode == 0) {
            outcome = u"OUTCOME_OK"_s;
            output = code.stdoutText;
        } else {
            output = joined(code.stdoutText, code.stderrText);
            if (code.stderrText.isEmpty())
                output = joined(output, u"The program exited with code %1."_s.arg(code.returnCode));
        }
    } else {
        output = result.error.isEmpty() ? u"the code did not run"_s : result.error;
    }
    return {{u"outcome"_s, outcome}, {u"output"_s, output}};
}

const QStringList kDataFields{
    u"text"_s,           u"inlineData"_s,         u"fileData"_s, u"functionCall"_s, u"functionResponse"_s,
    u"executableCode"_s, u"codeExecutionResult"_s};
// Fields that may come beside (or, for a thought signature, instead of) the data and change nothing here.
const QStringList kMetadataFields{u"thought"_s, u"thoughtSignature"_s, u"videoMetadata"_s, u"partMetadata"_s,
                                  u"mediaResolution"_s};

} // namespace

bool GeminiFormat::claimsPath(const QString &path)
{
    if (path.startsWith(u"/v1beta/"_s) || path.startsWith(u"/api/v1beta/"_s))
        return true;
    static const QRegularExpression v1(u"^(/api)?/v1/models/.+:(generateContent|streamGenerateContent)$"_s);
    return v1.match(path).hasMatch();
}

std::optional<GeminiFormat::Route> GeminiFormat::route(const QString &path, const QString &alt,
                                                       AgentError *error)
{
    // The model may hold slashes ("provider/model" becomes models/provider/model:generateContent).
    static const QRegularExpression re(
        u"^(?:/api)?/v1(?:beta)?/models/([^:]+):(generateContent|streamGenerateContent)$"_s);
    const QRegularExpressionMatch m = re.match(path);
    if (!m.hasMatch()) {
        *error = {404,
                  u"not_found_error"_s,
                  u"no method at %1: Sandbench serves POST /v1beta/models/{model}:generateContent and "
                  ":streamGenerateContent?alt=sse"_s.arg(path),
                  {},
                  {}};
        return std::nullopt;
    }
    Route r;
    r.model = m.captured(1);
    r.stream = m.captured(2) == u"streamGenerateContent";
    if (r.stream && alt != u"sse") {
        *error = AgentError::invalidRequest(
            u"streamGenerateContent is served as server-sent events only: add ?alt=sse to the URL"_s,
            u"alt"_s);
        return std::nullopt;
    }
    return r;
}

bool GeminiFormat::isModelList(const QString &path)
{
    static const QRegularExpression re(u"^(?:/api)?/v1(?:beta)?/models/?$"_s);
    return re.match(path).hasMatch();
}

QJsonObject GeminiFormat::modelList(const QList<ModelInfo> &models)
{
    QJsonArray list;
    for (const ModelInfo &m : models)
        list.append(QJsonObject{
            {u"name"_s, QString(u"models/"_s + m.id)},
            {u"baseModelId"_s, m.id},
            {u"version"_s, u"001"_s},
            {u"displayName"_s, m.id},
            {u"description"_s, u"%1 through Sandbench (provider %2)"_s.arg(m.model, m.provider)},
            {u"supportedGenerationMethods"_s, QJsonArray{u"generateContent"_s, u"streamGenerateContent"_s}}});
    return {{u"models"_s, list}};
}

QString GeminiFormat::statusName(int httpStatus)
{
    switch (httpStatus) {
    case 400:
    case 413:
        return u"INVALID_ARGUMENT"_s;
    case 401:
        return u"UNAUTHENTICATED"_s;
    case 403:
        return u"PERMISSION_DENIED"_s;
    case 404:
    case 405:
        return u"NOT_FOUND"_s;
    case 409:
        return u"ABORTED"_s;
    case 429:
        return u"RESOURCE_EXHAUSTED"_s;
    case 499:
        return u"CANCELLED"_s;
    case 501:
        return u"UNIMPLEMENTED"_s;
    case 502:
    case 503:
        return u"UNAVAILABLE"_s;
    case 504:
        return u"DEADLINE_EXCEEDED"_s;
    default:
        break;
    }
    return httpStatus >= 500 ? u"INTERNAL"_s : u"FAILED_PRECONDITION"_s;
}

QJsonObject GeminiFormat::errorBody(const AgentError &error) const
{
    // google.rpc.Status as Google's REST APIs send it; the field at fault and Sandbench's own reason code in
    // the standard detail types.
    QJsonObject status{{u"code"_s, error.httpStatus},
                       {u"message"_s, error.message},
                       {u"status"_s, statusName(error.httpStatus)}};
    QJsonArray details;
    if (!error.param.isEmpty())
        details.append(QJsonObject{
            {u"@type"_s, u"type.googleapis.com/google.rpc.BadRequest"_s},
            {u"fieldViolations"_s,
             QJsonArray{QJsonObject{{u"field"_s, error.param}, {u"description"_s, error.message}}}}});
    if (!error.code.isEmpty())
        details.append(QJsonObject{{u"@type"_s, u"type.googleapis.com/google.rpc.ErrorInfo"_s},
                                   {u"reason"_s, error.code.toUpper()},
                                   {u"domain"_s, u"sandbench"_s}});
    if (!details.isEmpty())
        status.insert(u"details"_s, details);
    return {{u"error"_s, status}};
}

std::optional<AgentRequest> GeminiFormat::parse(const QJsonObject &body, const FormatRequestContext &context,
                                                AgentError *error)
{
    AgentRequest req;
    req.apiName = apiName();
    if (context.pathModel.isEmpty()) {
        *error = AgentError::invalidRequest(
            u"the model is named in the URL: POST /v1beta/models/{model}:generateContent"_s, u"model"_s);
        return std::nullopt;
    }
    m_model = context.pathModel;
    req.model = m_model;
    req.sampling.model = m_model;
    req.stream = context.pathStream;
    req.sessionId = context.sessionIdHeader;
    // Google's tool runs until the model answers; past max_tool_calls the model answers once more, tools off.
    req.finalTurnAfterLimit = true;
    if (!parseTools(body, context, &req, error))
        return std::nullopt;
    req.avoidNameClashes();
    ConversationBuilder b;
    if (!parseContents(body, req, &b, error))
        return std::nullopt;
    req.messages = b.messages;
    if (!parseGenerationConfig(body, &req, error))
        return std::nullopt;
    m_responseId = randomId(QString(), 24);
    req.id = m_responseId;
    return req;
}

bool GeminiFormat::parseTools(const QJsonObject &body, const FormatRequestContext &context, AgentRequest *req,
                              AgentError *error)
{
    const QJsonValue toolsValue = field(body, u"tools"_s);
    if (!present(toolsValue))
        return true;
    if (!toolsValue.isArray()) {
        *error = AgentError::invalidRequest(u"tools must be an array of Tool objects"_s, u"tools"_s);
        return false;
    }
    const int limit = context.codeExecutionTimeoutSeconds > 0
                          ? std::min(context.codeExecutionTimeoutSeconds,
                                     int(WorkspaceSettings::MaxCodeExecutionTimeoutSeconds))
                          : DefaultCodeExecutionTimeoutSeconds;
    const QJsonArray tools = toolsValue.toArray();
    for (qsizetype i = 0; i < tools.size(); ++i) {
        const QString path = u"tools[%1]"_s.arg(i);
        if (!tools.at(i).isObject()) {
            *error = AgentError::invalidRequest(path + u" must be a Tool object"_s, path);
            return false;
        }
        const QJsonObject tool = tools.at(i).toObject();
        for (auto it = tool.constBegin(); it != tool.constEnd(); ++it) {
            const QString key = camelCase(it.key());
            const QString fieldPath = path + u'.' + key;
            if (key == u"codeExecution") {
                if (!it.value().isObject()) {
                    *error = AgentError::invalidRequest(
                        fieldPath + u" must be an object: {\"codeExecution\": {}}"_s, fieldPath);
                    return false;
                }
                ServerToolConfig config;
                config.kind = ServerToolConfig::Kind::Python;
                config.contractName = u"codeExecution"_s;
                config.timeoutMs = limit * 1000;
                if (!addCodeTool(config, fieldPath, req, error))
                    return false;
                m_timeoutSeconds = limit;
            } else if (key == u"functionDeclarations") {
                if (!it.value().isArray()) {
                    *error = AgentError::invalidRequest(
                        fieldPath + u" must be an array of FunctionDeclaration"_s, fieldPath);
                    return false;
                }
                const QJsonArray decls = it.value().toArray();
                for (qsizetype j = 0; j < decls.size(); ++j) {
                    const QString declPath = fieldPath + u"[%1]"_s.arg(j);
                    const QJsonObject decl = decls.at(j).toObject();
                    if (!decls.at(j).isObject() || !decl.value(u"name"_s).isString()) {
                        *error = AgentError::invalidRequest(declPath + u".name is required: a string"_s,
                                                            declPath + u".name"_s);
                        return false;
                    }
                    QJsonValue schema = field(decl, u"parametersJsonSchema"_s);
                    if (!present(schema))
                        schema = jsonSchema(decl.value(u"parameters"_s));
                    if (!schema.isObject())
                        schema = QJsonObject{{u"type"_s, u"object"_s}, {u"properties"_s, QJsonObject()}};
                    const QJsonObject spec{{u"name"_s, decl.value(u"name"_s)},
                                           {u"description"_s, decl.value(u"description"_s)},
                                           {u"parameters"_s, schema}};
                    if (!addFunctionTool(spec, u"parameters"_s, declPath, req, error))
                        return false;
                }
            } else {
                *error = AgentError::invalidRequest(
                    u"%1 is not supported here: Sandbench runs the codeExecution tool and the caller's "
                    "functionDeclarations"_s.arg(fieldPath),
                    fieldPath);
                return false;
            }
        }
    }
    return true;
}

bool GeminiFormat::parseContents(const QJsonObject &body, AgentRequest &req, ConversationBuilder *b,
                                 AgentError *error)
{
    const auto fail = [error](const QString &message, const QString &param) {
        *error = AgentError::invalidRequest(message, param);
        return false;
    };
    const QJsonValue system = field(body, u"systemInstruction"_s);
    if (system.isString()) {
        b->system(system.toString());
    } else if (system.isObject()) {
        QStringList texts;
        for (const QJsonValue &p : field(system.toObject(), u"parts"_s).toArray())
            if (p.toObject().value(u"text"_s).isString())
                texts.append(p.toObject().value(u"text"_s).toString());
        b->system(texts.join(u'\n'));
    } else if (present(system)) {
        return fail(u"systemInstruction must be a Content object {\"parts\": [{\"text\": …}]}"_s,
                    u"systemInstruction"_s);
    }

    const QJsonValue contentsValue = field(body, u"contents"_s);
    if (!contentsValue.isArray() || contentsValue.toArray().isEmpty())
        return fail(u"contents is required: a non-empty array of Content {\"role\", \"parts\"}"_s,
                    u"contents"_s);
    const QJsonArray contents = contentsValue.toArray();
    // functionCall ids not answered yet, by function name, oldest first: Google's clients may leave ids out.
    QHash<QString, QStringList> openCalls;
    QString openCode; // the replayed executableCode waiting for its codeExecutionResult
    int generated = 0;
    int inlineFiles = 0; // input_file_0.csv, input_file_1.txt, ... as the code sees them
    const auto newId = [&generated] { return u"call_gemini_%1"_s.arg(++generated); };
    for (qsizetype i = 0; i < contents.size(); ++i) {
        const QString path = u"contents[%1]"_s.arg(i);
        if (!contents.at(i).isObject())
            return fail(path + u" must be a Content object"_s, path);
        const QJsonObject content = contents.at(i).toObject();
        const QJsonValue roleValue = content.value(u"role"_s);
        const QString role =
            roleValue.isString() && !roleValue.toString().isEmpty() ? roleValue.toString() : u"user"_s;
        if (role != u"user" && role != u"model")
            return fail(path + u".role must be \"user\" or \"model\""_s, path + u".role"_s);
        const bool model = role == u"model";
        const QJsonValue partsValue = content.value(u"parts"_s);
        if (!partsValue.isArray() || partsValue.toArray().isEmpty())
            return fail(path + u".parts is required: a non-empty array of Part"_s, path + u".parts"_s);
        QList<ContentPart> pending;
        const auto flush = [&] {
            if (pending.isEmpty())
                return;
            // A streamed answer comes back from chats.sendMessageStream() as one model Content per chunk:
            // consecutive model turns are one message, and their consecutive texts one part.
            Message *last = b->messages.isEmpty() ? nullptr : &b->messages.last();
            if (model && last && last->role == Message::Role::Assistant && last->toolCalls.isEmpty()) {
                for (const ContentPart &p : std::as_const(pending)) {
                    if (p.type == ContentPart::Type::Text && !last->content.isEmpty() &&
                        last->content.last().type == ContentPart::Type::Text)
                        last->content.last().text += p.text;
                    else
                        last->content.append(p);
                }
            } else if (model) {
                b->assistantText(pending);
            } else {
                b->user(pending);
            }
            pending.clear();
        };
        const QJsonArray parts = partsValue.toArray();
        for (qsizetype j = 0; j < parts.size(); ++j) {
            const QString ppath = path + u".parts[%1]"_s.arg(j);
            if (!parts.at(j).isObject())
                return fail(ppath + u" must be a Part object"_s, ppath);
            const QJsonObject part = parts.at(j).toObject();
            QString kind;
            for (auto it = part.constBegin(); it != part.constEnd(); ++it) {
                const QString key = camelCase(it.key());
                if (kDataFields.contains(key)) {
                    kind = key;
                    break;
                }
                if (!kMetadataFields.contains(key))
                    return fail(
                        u"%1.%2 is not supported here (Sandbench reads text, inlineData, fileData, "
                        "functionCall, functionResponse, executableCode and codeExecutionResult)"_s.arg(ppath,
                                                                                                        key),
                        ppath + u'.' + key);
            }
            const QJsonValue data = field(part, kind);
            const QString dpath = ppath + u'.' + kind;
            const bool callSide =
                kind == u"functionCall" || kind == u"executableCode" || kind == u"codeExecutionResult";
            if (kind.isEmpty())
                continue; // a bare thought signature
            if (kind != u"text" && !data.isObject())
                return fail(dpath + u" must be an object"_s, dpath);
            if (callSide && !model)
                return fail(dpath + u" may only appear in a \"model\" turn"_s, dpath);
            if ((kind == u"functionResponse" || kind == u"inlineData" || kind == u"fileData") && model)
                return fail(dpath + u" may only appear in a \"user\" turn"_s, dpath);
            const QJsonObject obj = data.toObject();
            if (kind == u"text") {
                if (!data.isString())
                    return fail(dpath + u" must be a string"_s, dpath);
                // Thoughts are not replayed, nor the empty text of a stream's last chunk.
                if (!data.toString().isEmpty() && !(model && part.value(u"thought"_s).toBool()))
                    pending.append(ContentPart::fromText(data.toString()));
            } else if (kind == u"inlineData" || kind == u"fileData") {
                const QString mime = field(obj, u"mimeType"_s).toString();
                if (!mime.startsWith(u"image/") && req.code) {
                    // A file for the code (CSV, text, JSON, PDF ...): copied into the container, where the
                    // code reads it as input_file_N (inline) or by its uploaded name (Files API).
                    const bool earlier = i != contents.size() - 1;
                    if (kind == u"fileData") {
                        const QString uri = field(obj, u"fileUri"_s).toString();
                        const qsizetype at = uri.lastIndexOf(u"files/"_s);
                        if (uri.isEmpty() || at < 0)
                            return fail(dpath + u".fileUri must name a file of this server's Files API "
                                                "(files/NAME or its uri)"_s,
                                        dpath + u".fileUri"_s);
                        req.inputFiles.append({uri.mid(at), {}, {}, dpath + u".fileUri"_s, earlier});
                    } else {
                        const auto decoded =
                            QByteArray::fromBase64Encoding(obj.value(u"data"_s).toString().toLatin1(),
                                                           QByteArray::AbortOnBase64DecodingErrors);
                        if (!decoded)
                            return fail(dpath + u".data must be base64-encoded bytes"_s, dpath + u".data"_s);
                        QString suffix = QMimeDatabase().mimeTypeForName(mime).preferredSuffix();
                        if (suffix.isEmpty() || suffix.contains(u'/'))
                            suffix = u"bin"_s;
                        const QString name = field(obj, u"displayName"_s).toString();
                        req.inputFiles.append(
                            {{},
                             name.isEmpty() ? u"input_file_%1.%2"_s.arg(inlineFiles).arg(suffix) : name,
                             decoded.decoded,
                             dpath,
                             earlier});
                        ++inlineFiles;
                    }
                    continue;
                }
                if (!mime.startsWith(u"image/"))
                    return fail(
                        u"%1.mimeType \"%2\" is not supported here: only images (image/*) are passed to "
                        "the model; other files are files for the code, with the codeExecution tool"_s.arg(
                            dpath, mime),
                        dpath + u".mimeType"_s);
                if (kind == u"fileData") {
                    const QString uri = field(obj, u"fileUri"_s).toString();
                    if (uri.isEmpty())
                        return fail(dpath + u".fileUri is required"_s, dpath + u".fileUri"_s);
                    pending.append(ContentPart::fromImageUrl(uri));
                } else {
                    const auto decoded = QByteArray::fromBase64Encoding(
                        obj.value(u"data"_s).toString().toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
                    if (!decoded || decoded.decoded.isEmpty())
                        return fail(dpath + u".data must be base64-encoded bytes"_s, dpath + u".data"_s);
                    pending.append(ContentPart::fromImageData(decoded.decoded, mime));
                }
            } else if (kind == u"functionCall") {
                const QString name = obj.value(u"name"_s).toString();
                if (name.isEmpty())
                    return fail(dpath + u".name is required"_s, dpath + u".name"_s);
                const QString id =
                    obj.value(u"id"_s).toString().isEmpty() ? newId() : obj.value(u"id"_s).toString();
                flush();
                b->assistantCall(id, name, compact(obj.value(u"args"_s).toObject()));
                openCalls[name].append(id);
            } else if (kind == u"functionResponse") {
                const QString name = obj.value(u"name"_s).toString();
                QString id = obj.value(u"id"_s).toString();
                QStringList &open = openCalls[name];
                if (!id.isEmpty())
                    open.removeOne(id);
                else if (!open.isEmpty())
                    id = open.takeFirst();
                else
                    return fail(u"%1 answers no earlier functionCall named \"%2\""_s.arg(dpath, name),
                                dpath + u".name"_s);
                flush();
                b->toolResult(id, compact(field(obj, u"response"_s).toObject()));
            } else if (kind == u"executableCode") {
                const QString code = obj.value(u"code"_s).toString();
                if (!req.code) {
                    // No code tool in this request: the upstream gets no function to match the call.
                    pending.append(ContentPart::fromText(u"```python\n%1\n```"_s.arg(code)));
                    continue;
                }
                openCode = obj.value(u"id"_s).toString().isEmpty() ? newId() : obj.value(u"id"_s).toString();
                flush();
                b->assistantCall(openCode, req.pythonFunctionName, compact({{u"code"_s, code}}));
            } else { // codeExecutionResult
                const QString outcome = obj.value(u"outcome"_s).toString();
                const QString output = obj.value(u"output"_s).toString();
                if (openCode.isEmpty()) {
                    pending.append(ContentPart::fromText(u"Output (%1):\n%2"_s.arg(outcome, output)));
                    continue;
                }
                flush();
                b->toolResult(openCode, compact({{u"outcome"_s, outcome}, {u"output"_s, output}}),
                              outcome != u"OUTCOME_OK");
                openCode.clear();
            }
        }
        flush();
    }
    if (!b->hasInput())
        return fail(u"contents has nothing for the model to answer"_s, u"contents"_s);
    return true;
}

bool GeminiFormat::parseGenerationConfig(const QJsonObject &body, AgentRequest *req, AgentError *error)
{
    const auto fail = [error](const QString &message, const QString &param) {
        *error = AgentError::invalidRequest(message, param);
        return false;
    };
    const QJsonValue configValue = field(body, u"generationConfig"_s);
    if (present(configValue) && !configValue.isObject())
        return fail(u"generationConfig must be an object"_s, u"generationConfig"_s);
    const QJsonObject config = configValue.toObject();
    SamplingOptions &s = req->sampling;
    for (const QString &key : {u"temperature"_s, u"topP"_s}) {
        const QJsonValue v = field(config, key);
        if (!present(v))
            continue;
        if (!v.isDouble())
            return fail(u"generationConfig.%1 must be a number"_s.arg(key), u"generationConfig."_s + key);
        (key == u"temperature" ? s.temperature : s.topP) = v.toDouble();
    }
    const QJsonValue maxTokens = field(config, u"maxOutputTokens"_s);
    if (present(maxTokens)) {
        const double d = maxTokens.toDouble(-1);
        if (!maxTokens.isDouble() || d < 1 || d != std::floor(d) || d > 1e9)
            return fail(u"generationConfig.maxOutputTokens must be a positive integer"_s,
                        u"generationConfig.maxOutputTokens"_s);
        s.maxTokens = int(d);
    }
    const QJsonValue stop = field(config, u"stopSequences"_s);
    if (present(stop)) {
        const QJsonArray list = stop.toArray();
        const bool allStrings =
            std::all_of(list.begin(), list.end(), [](const QJsonValue &v) { return v.isString(); });
        if (!stop.isArray() || !allStrings || list.size() > 5)
            return fail(u"generationConfig.stopSequences must be an array of at most 5 strings"_s,
                        u"generationConfig.stopSequences"_s);
        for (const QJsonValue &v : list)
            s.stop.append(v.toString());
    }
    const QJsonValue candidates = field(config, u"candidateCount"_s);
    if (present(candidates) && candidates.toDouble() != 1)
        return fail(u"generationConfig.candidateCount must be 1: Sandbench answers with one candidate"_s,
                    u"generationConfig.candidateCount"_s);

    const QJsonObject calling =
        field(field(body, u"toolConfig"_s).toObject(), u"functionCallingConfig"_s).toObject();
    const QJsonValue mode = calling.value(u"mode"_s);
    if (present(mode)) {
        const QString m = mode.toString();
        const QJsonArray allowed = field(calling, u"allowedFunctionNames"_s).toArray();
        if (m == u"AUTO" || m == u"VALIDATED" || m == u"MODE_UNSPECIFIED")
            s.toolChoice = u"auto"_s;
        else if (m == u"NONE")
            s.toolChoice = u"none"_s;
        else if (m == u"ANY")
            s.toolChoice = allowed.size() == 1 ? allowed.first().toString() : u"required"_s;
        else
            return fail(u"toolConfig.functionCallingConfig.mode must be AUTO, ANY, NONE or VALIDATED"_s,
                        u"toolConfig.functionCallingConfig.mode"_s);
    }
    return true;
}

QJsonObject GeminiFormat::response(const QJsonArray &parts, const AgentOutcome *outcome) const
{
    QJsonObject candidate{{u"content"_s, QJsonObject{{u"parts"_s, parts}, {u"role"_s, u"model"_s}}},
                          {u"index"_s, 0}};
    if (outcome)
        candidate.insert(u"finishReason"_s, finishReason(*outcome));
    QJsonObject body{{u"candidates"_s, QJsonArray{candidate}},
                     {u"modelVersion"_s, m_model},
                     {u"responseId"_s, m_responseId}};
    if (outcome)
        body.insert(u"usageMetadata"_s, usageMetadata(*outcome));
    return body;
}

void GeminiFormat::sendChunk(const QJsonObject &chunk)
{
    // Google separates its events with CRLF CRLF; the SDK splits on either.
    write("data: " + QJsonDocument(chunk).toJson(QJsonDocument::Compact) + "\r\n\r\n");
}

void GeminiFormat::addPart(const QJsonObject &part)
{
    m_parts.append(part);
    if (isStreaming())
        sendChunk(response({part}, nullptr));
}

void GeminiFormat::textDelta(const QString &delta)
{
    if (!delta.isEmpty())
        sendChunk(response({QJsonObject{{u"text"_s, delta}}}, nullptr));
}

void GeminiFormat::textDone(const QString &text)
{
    // Streamed, the text went out as deltas; the whole answer keeps it as one part.
    if (!text.isEmpty())
        m_parts.append(QJsonObject{{u"text"_s, text}});
}

void GeminiFormat::toolCallStarted(const AgentToolCall &call)
{
    if (!call.isCode())
        return;
    const QString id = call.callId.isEmpty() ? randomId(u"code_"_s) : call.callId;
    m_partIds.insert(call.index, id);
    const QString code = call.code ? call.code->code : call.arguments.value(u"code"_s).toString();
    addPart(
        {{u"executableCode"_s, QJsonObject{{u"language"_s, u"PYTHON"_s}, {u"code"_s, code}, {u"id"_s, id}}}});
}

void GeminiFormat::toolCallFinished(const AgentToolCall &call, const AgentToolResult &result)
{
    if (!call.isCode())
        return;
    QJsonObject r = codeExecutionResult(result, m_timeoutSeconds);
    r.insert(u"id"_s, m_partIds.value(call.index));
    addPart({{u"codeExecutionResult"_s, r}});
    // The images the code saved or left open in matplotlib follow as inlineData parts, as Google returns
    // the graphs its code execution draws.
    for (const CodeImage &image : result.images)
        addPart({{u"inlineData"_s, QJsonObject{{u"mimeType"_s, image.mimeType},
                                               {u"data"_s, QString::fromLatin1(image.data.toBase64())}}}});
}

QJsonObject GeminiFormat::finished(const AgentOutcome &outcome)
{
    QJsonArray last;
    for (const ToolCall &call : outcome.callerCalls)
        last.append(QJsonObject{
            {u"functionCall"_s,
             QJsonObject{{u"id"_s, call.id}, {u"name"_s, call.name}, {u"args"_s, call.arguments()}}}});
    for (const QJsonValue &part : last)
        m_parts.append(part);
    if (isStreaming())
        sendChunk(
            response(last.isEmpty() ? QJsonArray{QJsonObject{{u"text"_s, QString()}}} : last, &outcome));
    return response(m_parts, &outcome);
}

void GeminiFormat::failed(const AgentError &error)
{
    if (!isStreaming() || error.httpStatus == 499)
        return;
    sendChunk(errorBody(error));
}
