// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: an MCP client's arbitrary bytes as one JSON-RPC message (JsonRpcMessage), and its params
// as a tool call's arguments (McpTools::check) and a path (McpTools::homeRelativePath). Nothing may crash, a
// message is exactly one kind, and a path that passes never climbs out of home. The same bytes as a stdio or
// relay stream (McpLineReader, with a small limit): lines are bounded, hold no newline, and come out the same
// however the stream is cut into reads — also the id read off the edges of a line past the limit, which is
// undefined, a number or a short string.
#include "mcp/jsonrpc.h"
#include "mcp/mcplinereader.h"
#include "mcp/mcptools.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QList>

#include <algorithm>
#include <cstdint>
#include <cstdlib>

namespace {

// The lines (and "!" for each refusal) of bytes read in pieces cut at every cut-th byte.
QList<QByteArray> frame(const QByteArray &bytes, qsizetype cut)
{
    constexpr qint64 Limit = 64;
    McpLineReader reader(Limit);
    QList<QByteArray> out;
    const auto refused = [&](const QJsonValue &id) {
        if (!id.isUndefined() && !id.isString() && !id.isDouble())
            abort();
        if (id.isString() && (id.toString().isEmpty() || id.toString().size() > 128))
            abort();
        out.append(QByteArrayLiteral("!") + QJsonDocument(QJsonArray{id}).toJson(QJsonDocument::Compact));
    };
    for (qsizetype at = 0; at < bytes.size(); at += cut)
        reader.feed(
            QByteArrayView(bytes).sliced(at, std::min(cut, bytes.size() - at)),
            [&](const QByteArray &line) {
                if (line.size() > Limit || line.contains('\n') || line.trimmed().isEmpty())
                    abort();
                out.append(line);
            },
            refused);
    if (const QByteArray last = reader.finish(refused); !last.isEmpty())
        out.append(last);
    return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    if (!bytes.isEmpty() && frame(bytes, bytes.size()) != frame(bytes, 1 + qsizetype(data[0] % 7)))
        abort();
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
