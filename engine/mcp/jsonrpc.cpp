// SPDX-License-Identifier: GPL-3.0-or-later
#include "jsonrpc.h"

#include <cmath>

using namespace Qt::StringLiterals;

namespace {

// JSON-RPC ids are strings or numbers; MCP narrows numbers to integers, and null is not an id.
bool validId(const QJsonValue &id)
{
    if (id.isString())
        return true;
    if (!id.isDouble())
        return false;
    const double d = id.toDouble();
    return std::isfinite(d) && d == std::floor(d) && std::fabs(d) <= 9007199254740991.0;
}

} // namespace

JsonRpcMessage JsonRpcMessage::fromJson(const QJsonValue &value)
{
    JsonRpcMessage m;
    if (!value.isObject()) {
        m.problem = u"a JSON-RPC message must be a JSON object"_s;
        return m;
    }
    const QJsonObject o = value.toObject();
    const QJsonValue id = o.value(u"id"_s);
    if (!id.isUndefined() && validId(id))
        m.id = id;
    if (o.value(u"jsonrpc"_s) != u"2.0"_s) {
        m.problem = u"\"jsonrpc\" must be \"2.0\""_s;
        return m;
    }
    const bool hasMethod = o.contains(u"method"_s);
    const bool hasResult = o.contains(u"result"_s);
    const bool hasError = o.contains(u"error"_s);
    if (!id.isUndefined() && !validId(id)) {
        m.problem = u"\"id\" must be a string or an integer"_s;
        return m;
    }
    if (hasMethod) {
        if (hasResult || hasError) {
            m.problem = u"a message has either \"method\" or \"result\"/\"error\", not both"_s;
            return m;
        }
        const QJsonValue method = o.value(u"method"_s);
        if (!method.isString() || method.toString().isEmpty()) {
            m.problem = u"\"method\" must be a non-empty string"_s;
            return m;
        }
        const QJsonValue params = o.value(u"params"_s);
        if (!params.isUndefined() && !params.isObject()) {
            m.problem = u"\"params\" must be an object when present"_s;
            m.kind = Kind::Invalid;
            return m;
        }
        m.method = method.toString();
        m.params = params.toObject();
        m.kind = id.isUndefined() ? Kind::Notification : Kind::Request;
        return m;
    }
    if (hasResult == hasError) {
        m.problem =
            u"a message needs \"method\" (a request or notification) or exactly one of \"result\" and "
            "\"error\" (a response)"_s;
        return m;
    }
    if (id.isUndefined()) {
        m.problem = u"a response needs the \"id\" of its request"_s;
        return m;
    }
    if (hasResult) {
        if (!o.value(u"result"_s).isObject()) {
            m.problem = u"\"result\" must be an object"_s;
            return m;
        }
        m.result = o.value(u"result"_s);
    } else {
        const QJsonObject error = o.value(u"error"_s).toObject();
        if (!o.value(u"error"_s).isObject() || !error.value(u"code"_s).isDouble() ||
            !error.value(u"message"_s).isString()) {
            m.problem = u"\"error\" must be an object with an integer \"code\" and a string \"message\""_s;
            return m;
        }
        m.error = error;
    }
    m.kind = Kind::Response;
    return m;
}

QString JsonRpcMessage::idKey(const QJsonValue &id)
{
    if (id.isString())
        return u"s:"_s + id.toString();
    if (id.isDouble())
        return u"n:"_s + QString::number(qint64(id.toDouble()));
    return {};
}

QJsonObject JsonRpcMessage::resultMessage(const QJsonValue &id, const QJsonObject &result)
{
    return {{u"jsonrpc"_s, u"2.0"_s}, {u"id"_s, id}, {u"result"_s, result}};
}

QJsonObject JsonRpcMessage::errorMessage(const QJsonValue &id, int code, const QString &message,
                                         const QJsonValue &data)
{
    QJsonObject error{{u"code"_s, code}, {u"message"_s, message}};
    if (!data.isUndefined())
        error.insert(u"data"_s, data);
    // An error about a message whose id could not be read answers with id null, as JSON-RPC says.
    return {{u"jsonrpc"_s, u"2.0"_s},
            {u"id"_s, id.isUndefined() ? QJsonValue(QJsonValue::Null) : id},
            {u"error"_s, error}};
}

QJsonObject JsonRpcMessage::notificationMessage(const QString &method, const QJsonObject &params)
{
    return {{u"jsonrpc"_s, u"2.0"_s}, {u"method"_s, method}, {u"params"_s, params}};
}

QJsonObject JsonRpcMessage::requestMessage(const QJsonValue &id, const QString &method,
                                           const QJsonObject &params)
{
    return {{u"jsonrpc"_s, u"2.0"_s}, {u"id"_s, id}, {u"method"_s, method}, {u"params"_s, params}};
}
