// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/conversation.h"
#include "models/providerconfig.h"
#include "models/sseparser.h"

#include <QNetworkRequest>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <functional>
#include <memory>

class QNetworkAccessManager;
class QNetworkReply;
class ModelTurn;
class TurnAssembler;
class TurnDecoder;

// How often and how patiently a turn retries 429 and 5xx answers (and network errors) before failing.
struct RetryPolicy
{
    int maxRetries = 3;     // retries after the first attempt
    int baseDelayMs = 1000; // first backoff; doubles each retry
    int maxDelayMs = 30000; // cap on any delay, Retry-After included
    double jitter = 0.25;   // each delay is scaled by a random factor in [1, 1 + jitter]
};

// Timeouts of one HTTP attempt; a timeout counts as a retryable failure while nothing has been emitted.
struct TimeoutPolicy
{
    int firstByteTimeoutMs = 120000; // from sending the request to the response headers
    int idleTimeoutMs = 60000;       // between two network reads of the body
};

// One model turn in flight: streams deltas, then emits exactly one of finished() or failed() and deletes
// itself later (deleteLater), like a fire-and-forget reply. Retries happen inside, before anything is
// emitted.
class ModelTurn : public QObject
{
    Q_OBJECT
public:
    ~ModelTurn() override;

    // Aborts the request; emits failed() with Kind::Cancelled unless the turn already ended.
    void cancel();
    bool isDone() const { return m_done; }
    int attempts() const { return m_attempts; }
    QString providerName() const { return m_provider; }
    // The JSON body that was sent upstream (for logs and the raw view).
    QByteArray requestBody() const { return m_body; }

Q_SIGNALS:
    void textDelta(const QString &text);
    // index counts the calls of this turn from 0; id is never empty (generated when the provider sent none).
    void toolCallStarted(int index, const QString &id, const QString &name);
    void toolCallDelta(int index, const QString &argumentsFragment);
    void toolCallFinished(int index, const ToolCall &call);
    // Body bytes exactly as they arrived, for a raw-chunk debug view.
    void rawChunk(const QByteArray &bytes);
    // A retryable failure; the next attempt starts after delayMs.
    void retrying(int attempt, int delayMs, const ModelError &error);
    void finished(const TurnResult &result);
    void failed(const ModelError &error);

private:
    friend class ModelClient;
    friend class TurnAssembler;
    using DecoderFactory = std::function<std::unique_ptr<TurnDecoder>(TurnAssembler *)>;
    ModelTurn(QNetworkAccessManager *nam, const QString &provider, const QNetworkRequest &request,
              const QByteArray &body, bool stream, const QStringList &knownTools, DecoderFactory factory,
              const RetryPolicy &retry, const TimeoutPolicy &timeouts, QObject *parent);

    void startAttempt();
    void onReadyRead();
    void onReplyFinished();
    void onTimeout();
    void processBytes(const QByteArray &bytes);
    void checkDecoderState();
    void handleFailure(ModelError error, int retryAfterMs);
    void succeed();
    void dropReply();
    int retryDelayMs(int retryAfterMs) const;

    enum class BodyMode { Unknown, Sse, Json, Error };

    QNetworkAccessManager *m_nam = nullptr;
    QString m_provider;
    QNetworkRequest m_request;
    QByteArray m_body;
    bool m_stream = true;
    QStringList m_knownTools;
    DecoderFactory m_factory;
    RetryPolicy m_retry;
    TimeoutPolicy m_timeouts;

    QPointer<QNetworkReply> m_reply;
    std::unique_ptr<TurnAssembler> m_assembler;
    std::unique_ptr<TurnDecoder> m_decoder;
    SseParser m_sse;
    BodyMode m_mode = BodyMode::Unknown;
    QByteArray m_buffer; // JSON or error body
    QTimer m_firstByteTimer;
    QTimer m_idleTimer;
    QTimer m_retryTimer;
    bool m_timedOut = false;
    bool m_done = false;
    int m_attempts = 0;
};

// A client of one provider's API. send() starts a turn; the client must outlive its turns (they are its
// children).
class ModelClient : public QObject
{
    Q_OBJECT
public:
    // nam may be null: the client then makes its own.
    ModelClient(const ProviderConfig &config, const QString &apiKey, QNetworkAccessManager *nam,
                QObject *parent = nullptr);
    ~ModelClient() override;

    // The client of config.api.
    static ModelClient *create(const ProviderConfig &config, const QString &apiKey,
                               QNetworkAccessManager *nam, QObject *parent = nullptr);

    const ProviderConfig &config() const { return m_config; }
    ProviderApi api() const { return m_config.api; }
    QString providerName() const { return m_config.name; }
    void setRetryPolicy(const RetryPolicy &policy) { m_retry = policy; }
    RetryPolicy retryPolicy() const { return m_retry; }
    void setTimeouts(const TimeoutPolicy &timeouts) { m_timeouts = timeouts; }
    TimeoutPolicy timeouts() const { return m_timeouts; }

    ModelTurn *send(const TurnRequest &request);
    // The wire-format body send() would post for this request.
    virtual QJsonObject requestBody(const TurnRequest &request) const = 0;

protected:
    virtual QString endpointPath() const = 0;
    virtual void addAuthHeaders(QNetworkRequest *request) const;
    virtual std::unique_ptr<TurnDecoder> createDecoder(TurnAssembler *assembler) const = 0;
    QString apiKey() const { return m_apiKey; }

private:
    ProviderConfig m_config;
    QString m_apiKey;
    QNetworkAccessManager *m_nam = nullptr;
    RetryPolicy m_retry;
    TimeoutPolicy m_timeouts;
};

// OpenAI Responses API (POST {base}/responses).
class ResponsesClient final : public ModelClient
{
    Q_OBJECT
public:
    using ModelClient::ModelClient;
    QJsonObject requestBody(const TurnRequest &request) const override;

protected:
    QString endpointPath() const override;
    std::unique_ptr<TurnDecoder> createDecoder(TurnAssembler *assembler) const override;
};

// Anthropic Messages API (POST {base}/messages, x-api-key and anthropic-version headers).
class MessagesClient final : public ModelClient
{
    Q_OBJECT
public:
    using ModelClient::ModelClient;
    QJsonObject requestBody(const TurnRequest &request) const override;

protected:
    QString endpointPath() const override;
    void addAuthHeaders(QNetworkRequest *request) const override;
    std::unique_ptr<TurnDecoder> createDecoder(TurnAssembler *assembler) const override;
};

// OpenAI Chat Completions (POST {base}/chat/completions): OpenRouter, Gemini, Ollama, llama.cpp, vLLM, LM
// Studio.
class ChatCompletionsClient final : public ModelClient
{
    Q_OBJECT
public:
    using ModelClient::ModelClient;
    QJsonObject requestBody(const TurnRequest &request) const override;

protected:
    QString endpointPath() const override;
    std::unique_ptr<TurnDecoder> createDecoder(TurnAssembler *assembler) const override;
};
