// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QObject>
#include <QStringList>
#include <QUrl>

#include <optional>

class QTcpServer;
class QTcpSocket;

// One tool call a scripted model makes; arguments is the exact text sent, so it may be malformed on purpose.
struct FakeToolCall
{
    QString name;
    QString arguments;
    QString id; // empty: generated (call_N, toolu_N) unless the step omits ids
};

// What the scripted model does for one request (or for several, see times).
struct FakeStep
{
    enum class Kind { Reply, HttpError, Hang };
    Kind kind = Kind::Reply;
    // Reply text; "{{last_tool_result}}" is replaced by the content of the request's last tool result.
    QString text;
    QList<FakeToolCall> toolCalls;
    int chunks = 1;       // streamed pieces per text and per tool-call arguments
    bool omitIds = false; // send tool calls without ids, as some local servers do
    int httpStatus = 0;
    QByteArray errorBody; // empty: the API's own error shape with a message naming the status
    int retryAfterSeconds = -1;
    int times = 1;             // how many requests this step answers; -1 = forever
    int stallAfterEvents = -1; // stop writing (connection stays open) after this many SSE events
    // Responses only: output items the provider's own hosted tools produced (a code_interpreter_call, a
    // shell_call), sent before the text as OpenAI's API sends them.
    QJsonArray hostedItems;
    qint64 inputTokens = 11;
    qint64 outputTokens = 7;

    static FakeStep answer(const QString &text);
    static FakeStep toolCall(const QString &name, const QJsonObject &arguments);
    static FakeStep rawToolCall(const QString &name, const QString &rawArguments);
    static FakeStep withToolCalls(const QList<FakeToolCall> &calls, const QString &text = {});
    static FakeStep httpError(int status, int times = 1, int retryAfterSeconds = -1);
    static FakeStep hang();

    FakeStep &inChunks(int n);
    FakeStep &withoutIds();
    FakeStep &repeated(int n); // -1 = forever
    FakeStep &stallingAfter(int events);

    // JSON form: {"text"}, {"tool_calls":[{"name","arguments":obj|"raw"}]}, {"status":429,"retry_after":0},
    // {"hang":true}, plus "times" (number or "forever"), "chunks", "omit_ids", "stall_after_events".
    static std::optional<FakeStep> fromJson(const QJsonObject &obj, QString *error);
};

// A request the fake received, as it arrived.
struct RecordedRequest
{
    QByteArray method;
    QString path;
    QHash<QByteArray, QByteArray> headers; // lower-case names
    QByteArray body;

    QJsonObject json() const;
    QByteArray header(const QByteArray &name) const { return headers.value(name.toLower()); }
    // "responses", "messages", "chat", "models" or empty.
    QString api() const;
};

// A scripted stand-in for a cloud model on 127.0.0.1 speaking the Responses, Messages and Chat Completions
// wire formats (streaming or not, decided by the request's "stream"), plus GET /models. Each POST consumes
// script steps.
class FakeUpstream : public QObject
{
    Q_OBJECT
public:
    explicit FakeUpstream(QObject *parent = nullptr);
    ~FakeUpstream() override;

    bool listen(quint16 port = 0);
    quint16 port() const;
    // http://127.0.0.1:PORT/v1 — the base URL to configure a provider with.
    QUrl baseUrl() const;
    // Saves this server as the workspace's default provider `name` speaking `api` ("responses",
    // "messages" or "chat"), as a user would in the provider settings; false with the reason.
    bool addAsProvider(const QString &dataDir, const QString &workspace, const QString &api,
                       const QString &name = QStringLiteral("fake"), QString *error = nullptr) const;

    // The script for requests whose "model" has no script of its own.
    void setScript(const QList<FakeStep> &steps);
    void setScriptForModel(const QString &model, const QList<FakeStep> &steps);
    // A JSON array of steps, or {"default":[...], "models":{"name":[...]}}.
    bool loadScript(const QByteArray &json, QString *error = nullptr);
    // Steps not yet used (a forever step counts as one).
    int remainingSteps(const QString &model = {}) const;

    // Ids GET /models lists; defaults to the scripted model names plus "fake-model".
    void setModels(const QStringList &ids);
    void setModelsStatus(int httpStatus) { m_modelsStatus = httpStatus; }
    // Write every SSE event in two halves, in separate writes, to exercise partial reads.
    void setSplitWrites(bool split) { m_splitWrites = split; }
    void setCrlf(bool crlf) { m_crlf = crlf; }

    QList<RecordedRequest> requests() const { return m_requests; }
    // Only the POSTs to a model endpoint.
    QList<RecordedRequest> modelRequests() const;
    void clearRequests() { m_requests.clear(); }

Q_SIGNALS:
    void requestReceived(const RecordedRequest &request);

private:
    struct Script
    {
        QList<FakeStep> steps;
        QList<int> used;
    };
    void onNewConnection();
    void onReadyRead(QTcpSocket *socket);
    void handle(QTcpSocket *socket, const RecordedRequest &request);
    std::optional<FakeStep> nextStep(const QString &model);
    void writeSimple(QTcpSocket *socket, int status, const QByteArray &contentType, const QByteArray &body,
                     const QList<QByteArray> &extraHeaders = {});
    void writeStream(QTcpSocket *socket, const QList<QByteArray> &events, int stallAfter);
    QByteArray sseEvent(const QByteArray &name, const QJsonObject &data) const;

    QTcpServer *m_server = nullptr;
    Script m_default;
    QMap<QString, Script> m_byModel;
    QStringList m_models;
    int m_modelsStatus = 200;
    bool m_splitWrites = false;
    bool m_crlf = false;
    QList<RecordedRequest> m_requests;
    int m_counter = 0;
};
