// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/scriptedclient.h"

#include "models/turnassembler.h"

#include <QFile>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPointer>
#include <QTimer>

using namespace Qt::StringLiterals;

struct ScriptedClient::Script
{
    QString name = u"demo"_s;
    QJsonArray steps;
    int chunks = 4;
    int chunkDelayMs = 15;
    // Played instead of the next step when a command of the last shell call failed (see the header).
    QString onToolFailure;
    QString sampleResource;
    QString sampleName;
};

namespace {
ProviderConfig scriptedConfig()
{
    ProviderConfig config;
    config.name = ScriptedClient::providerId();
    config.api = ProviderApi::Chat;
    // Never contacted: ScriptedNetworkAccess answers every request itself.
    config.baseUrl = QUrl(u"http://scripted.invalid/v1"_s);
    return config;
}

QByteArray sse(const QJsonObject &data)
{
    return "data: " + QJsonDocument(data).toJson(QJsonDocument::Compact) + "\n\n";
}

QJsonObject deltaChunk(const QJsonObject &delta, const QString &finishReason = {})
{
    QJsonObject choice{{u"index"_s, 0}, {u"delta"_s, delta}};
    choice.insert(u"finish_reason"_s, finishReason.isEmpty() ? QJsonValue() : QJsonValue(finishReason));
    return QJsonObject{
        {u"id"_s, u"scripted"_s}, {u"model"_s, u"scripted"_s}, {u"choices"_s, QJsonArray{choice}}};
}

QStringList split(const QString &text, int pieces)
{
    QStringList out;
    if (text.isEmpty())
        return out;
    const qsizetype size = std::max<qsizetype>(1, (text.size() + pieces - 1) / std::max(1, pieces));
    for (qsizetype i = 0; i < text.size(); i += size)
        out.append(text.mid(i, size));
    return out;
}

// A reply that plays prepared SSE events with a small delay between them, like a streaming server.
class ScriptedReply final : public QNetworkReply
{
public:
    ScriptedReply(const QNetworkRequest &request, QNetworkAccessManager::Operation op,
                  QList<QByteArray> events, int delayMs, QObject *parent)
        : QNetworkReply(parent)
        , m_events(std::move(events))
    {
        setRequest(request);
        setUrl(request.url());
        setOperation(op);
        open(QIODevice::ReadOnly | QIODevice::Unbuffered);
        m_timer.setInterval(delayMs);
        connect(&m_timer, &QTimer::timeout, this, &ScriptedReply::step);
        QTimer::singleShot(0, this, [this] {
            setAttribute(QNetworkRequest::HttpStatusCodeAttribute, 200);
            setAttribute(QNetworkRequest::HttpReasonPhraseAttribute, QByteArrayLiteral("OK"));
            setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("text/event-stream"));
            Q_EMIT metaDataChanged();
            m_timer.start();
        });
    }

    void abort() override
    {
        if (m_ended)
            return;
        m_timer.stop();
        m_ended = true;
        setError(OperationCanceledError, u"Operation canceled"_s);
        Q_EMIT errorOccurred(OperationCanceledError);
        setFinished(true);
        Q_EMIT finished();
    }
    bool isSequential() const override { return true; }
    qint64 bytesAvailable() const override { return m_buffer.size() + QIODevice::bytesAvailable(); }

protected:
    qint64 readData(char *data, qint64 maxSize) override
    {
        const qint64 n = std::min<qint64>(maxSize, m_buffer.size());
        std::memcpy(data, m_buffer.constData(), size_t(n));
        m_buffer.remove(0, n);
        return n;
    }

private:
    void step()
    {
        if (m_ended)
            return;
        if (m_next < m_events.size()) {
            m_buffer += m_events.at(m_next++);
            Q_EMIT readyRead();
            return;
        }
        m_timer.stop();
        m_ended = true;
        setFinished(true);
        Q_EMIT finished();
    }

    QList<QByteArray> m_events;
    QByteArray m_buffer;
    QTimer m_timer;
    int m_next = 0;
    bool m_ended = false;
};
} // namespace

// Answers the client's POSTs from the script instead of the network.
class ScriptedNetworkAccess final : public QNetworkAccessManager
{
public:
    explicit ScriptedNetworkAccess(std::shared_ptr<ScriptedClient::Script> script)
        : m_script(std::move(script))
    {}

protected:
    QNetworkReply *createRequest(Operation op, const QNetworkRequest &request,
                                 QIODevice *outgoingData) override
    {
        const QJsonObject body =
            QJsonDocument::fromJson(outgoingData ? outgoingData->readAll() : QByteArray()).object();
        return new ScriptedReply(request, op, events(body), m_script->chunkDelayMs, this);
    }

private:
    QList<QByteArray> events(const QJsonObject &body) const
    {
        const QJsonArray messages = body.value(u"messages"_s).toArray();
        int assistantTurns = 0;
        QString lastToolResult;
        QJsonArray lastCommands;  // the commands of the last shell call the script made
        bool answersTool = false; // the newest message is a tool result
        for (const QJsonValue &m : messages) {
            const QJsonObject message = m.toObject();
            const QString role = message.value(u"role"_s).toString();
            answersTool = role == u"tool";
            if (role == u"assistant") {
                ++assistantTurns;
                const QJsonArray calls = message.value(u"tool_calls"_s).toArray();
                if (!calls.isEmpty()) {
                    const QString args = calls.last()
                                             .toObject()
                                             .value(u"function"_s)
                                             .toObject()
                                             .value(u"arguments"_s)
                                             .toString();
                    lastCommands =
                        QJsonDocument::fromJson(args.toUtf8()).object().value(u"commands"_s).toArray();
                }
            } else if (answersTool) {
                lastToolResult = message.value(u"content"_s).toString();
            }
        }
        const QJsonArray results = QJsonDocument::fromJson(lastToolResult.toUtf8()).array();
        // The first command of the last shell call that did not succeed, if the script is answering it.
        int failed = -1;
        for (int i = 0; answersTool && failed < 0 && i < results.size(); ++i) {
            const QJsonObject outcome = results.at(i).toObject().value(u"outcome"_s).toObject();
            if (outcome.value(u"type"_s).toString() != u"exit"_s ||
                outcome.value(u"exit_code"_s).toInt() != 0)
                failed = i;
        }
        QJsonObject step =
            assistantTurns < m_script->steps.size()
                ? m_script->steps.at(assistantTurns).toObject()
                : QJsonObject{{u"text"_s, ScriptedClient::tr("(The script has no more steps.)")}};
        if (failed >= 0 && !m_script->onToolFailure.isEmpty())
            step = QJsonObject{{u"text"_s, m_script->onToolFailure}};
        const int chunks = step.value(u"chunks"_s).toInt(m_script->chunks);

        QList<QByteArray> out;
        out.append(sse(deltaChunk({{u"role"_s, u"assistant"_s}})));
        QString text = step.value(u"text"_s).toString();
        text.replace(u"{{last_tool_result}}"_s, lastToolResult);
        if (text.contains(u"{{last_tool_stdout}}"_s)) {
            // The stdout of every command of the last shell result, for answers that quote it.
            QStringList out;
            for (const QJsonValue &r : results)
                out.append(r.toObject().value(u"stdout"_s).toString().trimmed());
            out.removeAll(QString());
            text.replace(u"{{last_tool_stdout}}"_s, out.join(u"\n"_s));
        }
        text.replace(u"{{last_command_stdout}}"_s,
                     results.isEmpty() ? QString()
                                       : results.last().toObject().value(u"stdout"_s).toString().trimmed());
        if (failed >= 0) {
            const QJsonObject result = results.at(failed).toObject();
            const QJsonObject outcome = result.value(u"outcome"_s).toObject();
            const QString stderrText = result.value(u"stderr"_s).toString().trimmed();
            text.replace(u"{{failed_command}}"_s, lastCommands.at(failed).toString().section(u'\n', 0, 0));
            text.replace(u"{{failed_outcome}}"_s,
                         outcome.value(u"type"_s).toString() == u"exit"_s
                             ? ScriptedClient::tr("exit code %1").arg(outcome.value(u"exit_code"_s).toInt())
                             : ScriptedClient::tr("timed out"));
            text.replace(u"{{failed_stderr}}"_s, stderrText.isEmpty()
                                                     ? ScriptedClient::tr("(no error output)")
                                                     : stderrText.left(600));
        }
        for (const QString &piece : split(text, chunks))
            out.append(sse(deltaChunk({{u"content"_s, piece}})));
        const QJsonArray calls = step.value(u"tool_calls"_s).toArray();
        for (int i = 0; i < calls.size(); ++i) {
            const QJsonObject call = calls.at(i).toObject();
            const QJsonValue args = call.value(u"arguments"_s);
            const QString argsText =
                args.isString()
                    ? args.toString()
                    : QString::fromUtf8(QJsonDocument(args.toObject()).toJson(QJsonDocument::Compact));
            const QString id = u"call_scripted_%1_%2"_s.arg(assistantTurns).arg(i);
            out.append(sse(deltaChunk(
                {{u"tool_calls"_s,
                  QJsonArray{QJsonObject{
                      {u"index"_s, i},
                      {u"id"_s, id},
                      {u"type"_s, u"function"_s},
                      {u"function"_s, QJsonObject{{u"name"_s, call.value(u"name"_s).toString(u"shell"_s)},
                                                  {u"arguments"_s, QString()}}}}}}})));
            for (const QString &piece : split(argsText, chunks)) {
                out.append(sse(deltaChunk(
                    {{u"tool_calls"_s,
                      QJsonArray{QJsonObject{{u"index"_s, i},
                                             {u"function"_s, QJsonObject{{u"arguments"_s, piece}}}}}}})));
            }
        }
        out.append(sse(deltaChunk({}, calls.isEmpty() ? u"stop"_s : u"tool_calls"_s)));
        out.append(QByteArrayLiteral("data: [DONE]\n\n"));
        return out;
    }

    std::shared_ptr<ScriptedClient::Script> m_script;
};

ScriptedClient::ScriptedClient(QObject *parent)
    : ScriptedClient(std::make_shared<Script>(), parent)
{}

ScriptedClient::ScriptedClient(const std::shared_ptr<Script> &script, QObject *parent)
    : ScriptedClient(script, new ScriptedNetworkAccess(script), parent)
{}

ScriptedClient::ScriptedClient(const std::shared_ptr<Script> &script, ScriptedNetworkAccess *nam,
                               QObject *parent)
    : ModelClient(scriptedConfig(), QString(), nam, parent)
    , m_script(script)
    , m_format(std::make_unique<ChatCompletionsClient>(scriptedConfig(), QString(), nullptr))
{
    // The base class only borrows the access manager; the client owns it.
    nam->setParent(this);
}

ScriptedClient::~ScriptedClient() = default;

QString ScriptedClient::providerId()
{
    return u"scripted"_s;
}

QString ScriptedClient::displayLabel()
{
    return tr("Scripted");
}

bool ScriptedClient::loadScript(const QByteArray &json, QString *error)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        if (error)
            *error = tr("The script is not valid JSON: %1 at offset %2")
                         .arg(parseError.errorString())
                         .arg(parseError.offset);
        return false;
    }
    QJsonArray steps;
    if (doc.isArray()) {
        steps = doc.array();
    } else {
        const QJsonObject root = doc.object();
        steps = root.value(u"steps"_s).toArray();
        m_script->name = root.value(u"name"_s).toString(m_script->name);
        m_script->chunks = std::max(1, root.value(u"chunks"_s).toInt(m_script->chunks));
        m_script->chunkDelayMs = std::max(0, root.value(u"chunk_delay_ms"_s).toInt(m_script->chunkDelayMs));
        m_script->onToolFailure = root.value(u"on_tool_failure"_s).toString();
        const QJsonObject sample = root.value(u"sample"_s).toObject();
        m_script->sampleResource = sample.value(u"resource"_s).toString();
        m_script->sampleName = sample.value(u"name"_s).toString();
    }
    if (steps.isEmpty()) {
        if (error)
            *error = tr("The script has no steps.");
        return false;
    }
    for (int i = 0; i < steps.size(); ++i) {
        const QJsonObject step = steps.at(i).toObject();
        if (!step.contains(u"text"_s) && !step.contains(u"tool_calls"_s)) {
            if (error)
                *error = tr("Step %1 of the script has neither \"text\" nor \"tool_calls\".").arg(i + 1);
            return false;
        }
    }
    m_script->steps = steps;
    return true;
}

bool ScriptedClient::loadScriptFile(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = tr("Cannot open the script %1: %2").arg(path, file.errorString());
        return false;
    }
    return loadScript(file.readAll(), error);
}

QString ScriptedClient::sampleResource() const
{
    return m_script->sampleResource;
}

QString ScriptedClient::sampleName() const
{
    return m_script->sampleName;
}

QString ScriptedClient::scriptName() const
{
    return m_script->name;
}

int ScriptedClient::stepCount() const
{
    return int(m_script->steps.size());
}

QJsonObject ScriptedClient::requestBody(const TurnRequest &request) const
{
    return m_format->requestBody(request);
}

QString ScriptedClient::endpointPath() const
{
    return u"/chat/completions"_s;
}

std::unique_ptr<TurnDecoder> ScriptedClient::createDecoder(TurnAssembler *assembler) const
{
    return makeChatDecoder(assembler);
}
