// SPDX-License-Identifier: GPL-3.0-or-later
#include "modelclient.h"

#include "models/plainhttp.h"
#include "models/turnassembler.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QRandomGenerator>

#include <cmath>

using namespace Qt::StringLiterals;

namespace {

// Upstream error bodies: OpenAI {"error":{"message"}}, Anthropic {"type":"error","error":{"message"}}, or
// text.
QString errorMessageFromBody(const QByteArray &body)
{
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    if (doc.isObject()) {
        const QJsonValue error = doc.object().value(u"error"_s);
        if (error.isObject()) {
            const QString message = error.toObject().value(u"message"_s).toString();
            if (!message.isEmpty())
                return message;
        }
        if (error.isString())
            return error.toString();
        const QString message = doc.object().value(u"message"_s).toString();
        if (!message.isEmpty())
            return message;
    }
    return QString::fromUtf8(body.left(500)).trimmed();
}

// Retry-After in seconds or as an HTTP date, or OpenAI's retry-after-ms; -1 when absent.
int retryAfterMs(QNetworkReply *reply)
{
    bool ok = false;
    const QByteArray ms = reply->rawHeader("retry-after-ms");
    if (!ms.isEmpty()) {
        const double v = ms.toDouble(&ok);
        if (ok && v >= 0)
            return int(qMin(v, 3600000.0));
    }
    const QByteArray value = reply->rawHeader("retry-after").trimmed();
    if (value.isEmpty())
        return -1;
    const double seconds = value.toDouble(&ok);
    if (ok && seconds >= 0)
        return int(qMin(seconds * 1000.0, 3600000.0));
    const QDateTime when = QDateTime::fromString(QString::fromLatin1(value), Qt::RFC2822Date);
    if (when.isValid())
        return int(qBound(qint64(0), QDateTime::currentDateTimeUtc().msecsTo(when), qint64(3600000)));
    return -1;
}

} // namespace

ModelTurn::ModelTurn(QNetworkAccessManager *nam, const QString &provider, const QNetworkRequest &request,
                     const QByteArray &body, bool stream, const QStringList &knownTools,
                     DecoderFactory factory, const RetryPolicy &retry, const TimeoutPolicy &timeouts,
                     QObject *parent)
    : QObject(parent)
    , m_nam(nam)
    , m_provider(provider)
    , m_request(request)
    , m_body(body)
    , m_stream(stream)
    , m_knownTools(knownTools)
    , m_factory(std::move(factory))
    , m_retry(retry)
    , m_timeouts(timeouts)
{
    m_firstByteTimer.setSingleShot(true);
    m_idleTimer.setSingleShot(true);
    m_retryTimer.setSingleShot(true);
    connect(&m_firstByteTimer, &QTimer::timeout, this, &ModelTurn::onTimeout);
    connect(&m_idleTimer, &QTimer::timeout, this, &ModelTurn::onTimeout);
    connect(&m_retryTimer, &QTimer::timeout, this, &ModelTurn::startAttempt);
    // Start from the event loop so callers can connect to the signals first.
    QTimer::singleShot(0, this, &ModelTurn::startAttempt);
}

ModelTurn::~ModelTurn()
{
    dropReply();
}

void ModelTurn::dropReply()
{
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
    }
    m_reply = nullptr;
    m_firstByteTimer.stop();
    m_idleTimer.stop();
}

void ModelTurn::cancel()
{
    if (m_done)
        return;
    m_done = true;
    m_retryTimer.stop();
    dropReply();
    ModelError error;
    error.kind = ModelError::Kind::Cancelled;
    error.provider = m_provider;
    error.message = u"the request was cancelled"_s;
    error.attempts = m_attempts;
    Q_EMIT failed(error);
    deleteLater();
}

void ModelTurn::startAttempt()
{
    if (m_done)
        return;
    ++m_attempts;
    m_assembler = std::make_unique<TurnAssembler>(this, m_knownTools);
    m_decoder = m_factory(m_assembler.get());
    m_sse.reset();
    m_mode = BodyMode::Unknown;
    m_buffer.clear();
    m_timedOut = false;
    // Plain http:// upstreams go through the own client (see plainhttp.h); the rest through the manager.
    m_reply = PlainHttp::post(m_nam, m_request, m_body);
    connect(m_reply, &QNetworkReply::readyRead, this, &ModelTurn::onReadyRead);
    connect(m_reply, &QNetworkReply::finished, this, &ModelTurn::onReplyFinished);
    connect(m_reply, &QNetworkReply::metaDataChanged, this, [this] {
        m_firstByteTimer.stop();
        m_idleTimer.start(m_timeouts.idleTimeoutMs);
    });
    m_firstByteTimer.start(m_timeouts.firstByteTimeoutMs);
}

void ModelTurn::onTimeout()
{
    if (!m_reply || m_done)
        return;
    const bool firstByte = sender() == &m_firstByteTimer;
    m_timedOut = true;
    dropReply();
    ModelError error;
    error.kind = ModelError::Kind::Timeout;
    error.provider = m_provider;
    error.retryable = true;
    error.message = firstByte
                        ? u"no response within %1 ms"_s.arg(m_timeouts.firstByteTimeoutMs)
                        : u"no data for %1 ms while reading the response"_s.arg(m_timeouts.idleTimeoutMs);
    handleFailure(error, -1);
}

void ModelTurn::onReadyRead()
{
    if (!m_reply || m_done)
        return;
    m_firstByteTimer.stop();
    m_idleTimer.start(m_timeouts.idleTimeoutMs);
    processBytes(m_reply->readAll());
}

void ModelTurn::processBytes(const QByteArray &bytes)
{
    if (bytes.isEmpty())
        return;
    if (m_mode == BodyMode::Unknown) {
        const int status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        const QByteArray type = m_reply->header(QNetworkRequest::ContentTypeHeader).toByteArray().toLower();
        if (status >= 400)
            m_mode = BodyMode::Error;
        else if (type.contains("event-stream"))
            m_mode = BodyMode::Sse;
        else if (type.contains("json"))
            m_mode = BodyMode::Json;
        else {
            // Servers without a content type: sniff the first byte.
            const QByteArray head = bytes.trimmed();
            m_mode = (head.startsWith('{') || head.startsWith('[')) ? BodyMode::Json
                     : m_stream                                     ? BodyMode::Sse
                                                                    : BodyMode::Json;
        }
    }
    if (m_mode == BodyMode::Error) {
        if (m_buffer.size() < 1024 * 1024)
            m_buffer += bytes;
        return;
    }
    Q_EMIT rawChunk(bytes);
    if (m_mode == BodyMode::Json) {
        m_buffer += bytes;
        return;
    }
    const QList<SseEvent> events = m_sse.feed(bytes);
    for (const SseEvent &event : events) {
        m_decoder->onEvent(event);
        if (m_assembler->isComplete() || m_assembler->hasFailed())
            break;
    }
    checkDecoderState();
}

void ModelTurn::checkDecoderState()
{
    if (m_done)
        return;
    if (m_assembler->hasFailed()) {
        dropReply();
        ModelError error;
        error.kind = ModelError::Kind::Upstream;
        error.provider = m_provider;
        error.message = m_assembler->failureMessage();
        error.retryable = m_assembler->failureRetryable();
        handleFailure(error, -1);
    } else if (m_assembler->isComplete()) {
        // Done at the provider's end marker, even if the server keeps the connection open.
        succeed();
    }
}

void ModelTurn::onReplyFinished()
{
    if (!m_reply || m_done)
        return;
    QNetworkReply *reply = m_reply;
    processBytes(reply->readAll());
    if (m_done || !m_reply)
        return;
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const int retryAfter = retryAfterMs(reply);
    const QNetworkReply::NetworkError netError = reply->error();
    const QString netErrorText = reply->errorString();
    dropReply();

    ModelError error;
    error.provider = m_provider;
    if (status >= 400 || (status == 0 && m_mode == BodyMode::Error)) {
        error.kind = ModelError::Kind::Http;
        error.httpStatus = status;
        error.body = m_buffer;
        error.message = errorMessageFromBody(m_buffer);
        error.retryable = status == 408 || status == 429 || status >= 500;
        handleFailure(error, retryAfter);
        return;
    }
    if (status == 0) {
        error.kind = ModelError::Kind::Network;
        error.message = netErrorText;
        error.retryable = netError != QNetworkReply::OperationCanceledError &&
                          netError != QNetworkReply::HostNotFoundError &&
                          netError != QNetworkReply::ProtocolUnknownError;
        handleFailure(error, -1);
        return;
    }
    if (m_mode == BodyMode::Sse || (m_mode == BodyMode::Unknown && m_stream)) {
        for (const SseEvent &event : m_sse.finish()) {
            if (m_assembler->isComplete() || m_assembler->hasFailed())
                break;
            m_decoder->onEvent(event);
        }
        if (!m_assembler->isComplete() && !m_assembler->hasFailed())
            m_decoder->onStreamEnd();
    } else {
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(m_buffer, &parseError);
        if (!doc.isObject()) {
            error.kind = ModelError::Kind::Protocol;
            error.httpStatus = status;
            error.message = u"the response is not a JSON object: "_s % parseError.errorString();
            error.body = m_buffer;
            handleFailure(error, -1);
            return;
        }
        m_decoder->onBody(doc.object());
        if (!m_assembler->isComplete() && !m_assembler->hasFailed())
            m_assembler->complete();
    }
    if (m_assembler->hasFailed() || m_assembler->isComplete()) {
        checkDecoderState();
        return;
    }
    error.kind = ModelError::Kind::Protocol;
    error.httpStatus = status;
    error.message = u"the stream ended before the response was complete"_s;
    error.retryable = true;
    handleFailure(error, -1);
}

int ModelTurn::retryDelayMs(int retryAfter) const
{
    if (retryAfter >= 0)
        return qMin(retryAfter, m_retry.maxDelayMs);
    const double base = double(m_retry.baseDelayMs) * std::pow(2.0, double(qMax(0, m_attempts - 1)));
    const double factor = 1.0 + m_retry.jitter * QRandomGenerator::global()->generateDouble();
    return int(qMin(base * factor, double(m_retry.maxDelayMs)));
}

void ModelTurn::handleFailure(ModelError error, int retryAfter)
{
    if (m_done)
        return;
    error.attempts = m_attempts;
    if (error.retryable && !m_assembler->hasEmitted() && m_attempts <= m_retry.maxRetries) {
        const int delay = retryDelayMs(retryAfter);
        Q_EMIT retrying(m_attempts, delay, error);
        m_retryTimer.start(delay);
        return;
    }
    m_done = true;
    dropReply();
    Q_EMIT failed(error);
    deleteLater();
}

void ModelTurn::succeed()
{
    m_done = true;
    dropReply();
    const TurnResult result = m_assembler->finalize();
    Q_EMIT finished(result);
    deleteLater();
}

ModelClient::ModelClient(const ProviderConfig &config, const QString &apiKey, QNetworkAccessManager *nam,
                         QObject *parent)
    : QObject(parent)
    , m_config(config)
    , m_apiKey(apiKey)
    , m_nam(nam ? nam : new QNetworkAccessManager(this))
{}

ModelClient::~ModelClient() = default;

ModelClient *ModelClient::create(const ProviderConfig &config, const QString &apiKey,
                                 QNetworkAccessManager *nam, QObject *parent)
{
    switch (config.api) {
    case ProviderApi::Responses:
        return new ResponsesClient(config, apiKey, nam, parent);
    case ProviderApi::Messages:
        return new MessagesClient(config, apiKey, nam, parent);
    case ProviderApi::Chat:
        break;
    }
    return new ChatCompletionsClient(config, apiKey, nam, parent);
}

void ModelClient::addAuthHeaders(QNetworkRequest *request) const
{
    if (!m_apiKey.isEmpty())
        request->setRawHeader("Authorization", "Bearer " + m_apiKey.toUtf8());
}

ModelTurn *ModelClient::send(const TurnRequest &request)
{
    QNetworkRequest http(m_config.endpoint(endpointPath()));
    http.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    http.setHeader(QNetworkRequest::UserAgentHeader, QByteArrayLiteral("Sandbench/" SANDBENCH_VERSION));
    http.setRawHeader("Accept", request.stream ? "text/event-stream" : "application/json");
    http.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
    addAuthHeaders(&http);
    QStringList knownTools;
    for (const ToolDefinition &tool : request.tools)
        knownTools.append(tool.name);
    const QByteArray body = QJsonDocument(requestBody(request)).toJson(QJsonDocument::Compact);
    auto factory = [this](TurnAssembler *assembler) { return createDecoder(assembler); };
    return new ModelTurn(m_nam, m_config.name, http, body, request.stream, knownTools, factory, m_retry,
                         m_timeouts, this);
}
