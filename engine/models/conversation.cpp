// SPDX-License-Identifier: GPL-3.0-or-later
#include "conversation.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

ContentPart ContentPart::fromText(const QString &text)
{
    ContentPart part;
    part.text = text;
    return part;
}

ContentPart ContentPart::fromImageUrl(const QString &url)
{
    ContentPart part;
    part.type = Type::Image;
    part.imageUrl = url;
    return part;
}

ContentPart ContentPart::fromImageData(const QByteArray &bytes, const QString &mimeType)
{
    ContentPart part;
    part.type = Type::Image;
    part.imageData = bytes;
    part.imageMimeType = mimeType;
    return part;
}

QString ContentPart::imageAsUrl() const
{
    if (!imageData.isEmpty())
        return u"data:"_s % imageMimeType % u";base64,"_s % QString::fromLatin1(imageData.toBase64());
    return imageUrl;
}

QJsonObject ToolCall::arguments() const
{
    if (!parseError.isEmpty())
        return {};
    return QJsonDocument::fromJson(argumentsJson.toUtf8()).object();
}

Message Message::system(const QString &text)
{
    Message m;
    m.role = Role::System;
    m.content.append(ContentPart::fromText(text));
    return m;
}

Message Message::user(const QString &text)
{
    Message m;
    m.role = Role::User;
    m.content.append(ContentPart::fromText(text));
    return m;
}

Message Message::assistant(const QString &text, const QList<ToolCall> &calls)
{
    Message m;
    m.role = Role::Assistant;
    if (!text.isEmpty())
        m.content.append(ContentPart::fromText(text));
    m.toolCalls = calls;
    return m;
}

Message Message::tool(const QString &callId, const QString &content, bool isError)
{
    Message m;
    m.role = Role::Tool;
    m.toolResult = {callId, content, isError};
    return m;
}

QString Message::text() const
{
    QString out;
    for (const ContentPart &part : content) {
        if (part.type == ContentPart::Type::Text)
            out += part.text;
    }
    return out;
}

QString ModelError::toString() const
{
    QString out = u"provider "_s % provider % u": "_s;
    if (httpStatus > 0)
        out += u"HTTP "_s % QString::number(httpStatus);
    else
        out += kind == Kind::Timeout     ? u"timeout"_s
               : kind == Kind::Cancelled ? u"cancelled"_s
               : kind == Kind::Network   ? u"network error"_s
               : kind == Kind::Config    ? u"configuration error"_s
                                         : u"protocol error"_s;
    if (attempts > 1)
        out += u" after "_s % QString::number(attempts) % u" attempts"_s;
    if (!message.isEmpty())
        out += u": "_s % message;
    return out;
}

QString stopReasonName(StopReason reason)
{
    switch (reason) {
    case StopReason::EndTurn:
        return u"end_turn"_s;
    case StopReason::ToolCalls:
        return u"tool_calls"_s;
    case StopReason::MaxTokens:
        return u"max_tokens"_s;
    case StopReason::ContentFilter:
        return u"content_filter"_s;
    case StopReason::Other:
        break;
    }
    return u"other"_s;
}
