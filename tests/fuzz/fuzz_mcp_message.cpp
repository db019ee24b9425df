// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: an MCP client's arbitrary bytes as one JSON-RPC message (JsonRpcMessage), and its params
// as a tool call's arguments (McpTools::check) and a path (McpTools::homeRelativePath). Nothing may crash, a
// message is exactly one kind, and a path that passes never climbs out of home.
#include "mcp/jsonrpc.h"
#include "mcp/mcptools.h"

#include <QJsonDocument>

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    const QJsonDocument doc = QJsonDocument::fromJson(bytes);
    const QJsonValue value = doc.isArray() ? QJsonValue(doc.array()) : QJsonValue(doc.object());
    const JsonRpcMessage m = JsonRpcMessage::fromJson(value);
    if (m.kind == JsonRpcMessage::Kind::Invalid && m.problem.isEmpty())
        abort();
    if ((m.kind == JsonRpcMessage::Kind::Request || m.kind == JsonRpcMessage::Kind::Notification) &&
        m.method.isEmpty())
        abort();
    const QJsonObject args = m.params.value(QStringLiteral("arguments")).toObject();
    for (const QString &tool : McpTools::names())
        (void)McpTools::check(tool, args, SessionLimits::hosted());
    QString error;
    const QString path = McpTools::homeRelativePath(QString::fromUtf8(bytes), true, &error);
    if (path.isEmpty() == error.isEmpty())
        abort();
    for (const QString &part : path.split(QLatin1Char('/')))
        if (part == QLatin1String(".."))
            abort();
    if (path.startsWith(QLatin1Char('/')))
        abort();
    return 0;
}
