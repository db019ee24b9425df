// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

// One JSON-RPC 2.0 message as MCP uses it (a request, a notification or a response), read from a JSON value
// without trusting any of it: every field is checked for its type, and what is wrong is said in problem.
struct JsonRpcMessage
{
    // The error codes of JSON-RPC 2.0 that MCP uses.
    static constexpr int ParseError = -32700;
    static constexpr int InvalidRequest = -32600;
    static constexpr int MethodNotFound = -32601;
    static constexpr int InvalidParams = -32602;
    static constexpr int InternalError = -32603;

    enum class Kind { Request, Notification, Response, Invalid };
    Kind kind = Kind::Invalid;
    QJsonValue id;  // Request and Response: a string or an integer; Invalid: the id when one could be read
    QString method; // Request and Notification
    QJsonObject params; // Request and Notification (empty when absent)
    QJsonValue result;  // Response: the result, or undefined for an error
    QJsonObject error;  // Response: the error object, or empty
    QString problem;    // Invalid: what is wrong, for the error's message

    static JsonRpcMessage fromJson(const QJsonValue &value);
    // A stable text for an id (a string and a number with the same digits differ), for maps.
    static QString idKey(const QJsonValue &id);

    static QJsonObject resultMessage(const QJsonValue &id, const QJsonObject &result);
    static QJsonObject errorMessage(const QJsonValue &id, int code, const QString &message,
                                    const QJsonValue &data = QJsonValue::Undefined);
    static QJsonObject notificationMessage(const QString &method, const QJsonObject &params);
    static QJsonObject requestMessage(const QJsonValue &id, const QString &method, const QJsonObject &params);
};
