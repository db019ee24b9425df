// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "gateway/format/wireformat.h"
#include "models/providerregistry.h"

#include <QHash>
#include <QJsonArray>

// Google's Gemini API as @google/genai types it: POST /v1beta/models/{model}:generateContent and
// :streamGenerateContent?alt=sse (also below /api, so a base URL of the server's root or of /api both work).
// The request's contents, systemInstruction, generationConfig, toolConfig and tools — {codeExecution: {}}
// runs Python in the request's container (ServerToolConfig::Kind::Python, contractName "codeExecution") and
// functionDeclarations are the caller's functions, answered as functionCall parts. The answer is a
// GenerateContentResponse whose parts are, in order, text, executableCode {language: PYTHON, code},
// codeExecutionResult {outcome, output}, inlineData for each image the code made, and the model's final text;
// streamed, each event is one "data: GenerateContentResponse" chunk and an error is a chunk {"error": {...}}.
// Errors have Google's shape {error: {code, message, status, details}}.
//
// As Google documents, the tool runs Python only and each run may take 30 s; the workspace setting
// code_execution_timeout_seconds (1 to 300) changes that limit locally. Gemini has no container field: the
// x-session-id header picks the container (SPEC 1.4) and the server names it in the response header
// x-sandbench-container-id, a Sandbench extension, so a program can reach it with the shell tools.
// REST field names are read in both spellings proto3 JSON accepts (codeExecution and code_execution).
class GeminiFormat final : public WireFormat
{
    Q_OBJECT
public:
    static constexpr int DefaultCodeExecutionTimeoutSeconds = 30;

    // What a Gemini URL asks for: the model (without "models/") and whether the answer streams.
    struct Route
    {
        QString model;
        bool stream = false;
    };
    // True for the paths this format answers (also the ones it answers with 404 NOT_FOUND): anything below
    // /v1beta/ or /api/v1beta/, and …/v1/models/{model}:generateContent and :streamGenerateContent.
    static bool claimsPath(const QString &path);
    // The route of a request's path and query ("alt"); nullopt and a 404 (unknown method) or 400 (a stream
    // without alt=sse) otherwise.
    static std::optional<Route> route(const QString &path, const QString &alt, AgentError *error);

    // GET …/v1beta/models (models.list()): Google's ListModelsResponse of the workspace's models, each named
    // "models/{provider/model}" as generateContent takes it.
    static bool isModelList(const QString &path);
    static QJsonObject modelList(const QList<ModelInfo> &models);

    GeminiFormat() = default;

    QString apiName() const override { return QStringLiteral("gemini"); }
    std::optional<AgentRequest> parse(const QJsonObject &body, const FormatRequestContext &context,
                                      AgentError *error) override;
    QJsonObject errorBody(const AgentError &error) const override;
    // Google's status word for an HTTP status ("INVALID_ARGUMENT", "UNAUTHENTICATED", "NOT_FOUND", …).
    static QString statusName(int httpStatus);

protected:
    void textDelta(const QString &delta) override;
    void textDone(const QString &text) override;
    void toolCallStarted(const AgentToolCall &call) override;
    void toolCallFinished(const AgentToolCall &call, const AgentToolResult &result) override;
    QJsonObject finished(const AgentOutcome &outcome) override;
    void failed(const AgentError &error) override;

private:
    bool parseTools(const QJsonObject &body, const FormatRequestContext &context, AgentRequest *req,
                    AgentError *error);
    bool parseContents(const QJsonObject &body, AgentRequest &req, ConversationBuilder *b, AgentError *error);
    bool parseGenerationConfig(const QJsonObject &body, AgentRequest *req, AgentError *error);
    // One GenerateContentResponse with these parts (a stream chunk, or the whole answer).
    QJsonObject response(const QJsonArray &parts, const AgentOutcome *outcome) const;
    void addPart(const QJsonObject &part);
    void sendChunk(const QJsonObject &chunk);

    QString m_model;
    QString m_responseId;
    int m_timeoutSeconds = DefaultCodeExecutionTimeoutSeconds;
    QJsonArray m_parts;
    QHash<int, QString> m_partIds; // loop call index -> executableCode id
};
