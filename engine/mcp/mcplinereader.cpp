// SPDX-License-Identifier: GPL-3.0-or-later
#include "mcplinereader.h"

#include <QRegularExpression>

#include <utility>

using namespace Qt::StringLiterals;

void McpLineReader::keepEdges(QByteArrayView part)
{
    if (m_head.size() < EdgeBytes)
        m_head.append(part.first(std::min(part.size(), EdgeBytes - m_head.size())));
    if (part.size() >= EdgeBytes) {
        m_tail = part.last(EdgeBytes).toByteArray();
        return;
    }
    m_tail.append(part);
    if (m_tail.size() > EdgeBytes)
        m_tail.remove(0, m_tail.size() - EdgeBytes);
}

void McpLineReader::feed(QByteArrayView data, const std::function<void(const QByteArray &)> &line,
                         const TooLong &tooLong)
{
    qsizetype start = 0;
    for (;;) {
        const qsizetype newline = data.indexOf('\n', start);
        const QByteArrayView part = data.sliced(start, (newline < 0 ? data.size() : newline) - start);
        if (!m_skipping && m_buffer.size() + part.size() > m_limit) {
            // From here on only the line's edges are kept, wherever the reads cut it.
            m_skipping = true;
            m_head.clear();
            m_tail.clear();
            keepEdges(std::exchange(m_buffer, {}));
        }
        if (m_skipping)
            keepEdges(part);
        else
            m_buffer.append(part);
        if (newline < 0)
            return;
        if (m_skipping)
            tooLong(idOfEdges(std::exchange(m_head, {}), std::exchange(m_tail, {})));
        else if (!m_buffer.trimmed().isEmpty())
            line(std::exchange(m_buffer, {}));
        m_buffer.clear();
        m_skipping = false;
        start = newline + 1;
    }
}

QByteArray McpLineReader::finish(const TooLong &tooLong)
{
    if (std::exchange(m_skipping, false)) {
        tooLong(idOfEdges(std::exchange(m_head, {}), std::exchange(m_tail, {})));
        return {};
    }
    QByteArray rest = std::exchange(m_buffer, {});
    return rest.trimmed().isEmpty() ? QByteArray() : rest;
}

QJsonValue McpLineReader::idOfEdges(QByteArrayView head, QByteArrayView tail)
{
    // Only a top-level member can sit right after the opening or right before the closing brace; inside a
    // string a quote would be escaped, so string content cannot pose as one.
    static const QString value = uR"((-?\d{1,15}|"[A-Za-z0-9_.:\-]{1,128}"))"_s;
    // Only a request is answered by id: its "method" comes among the first members (after "jsonrpc" and
    // "id" at most). A response's id is the server's own request's, not one the client waits on.
    static const QString member = uR"re("(?:jsonrpc|id)"\s*:\s*(?:"[^"\\]*"|-?\d+)\s*,\s*)re"_s;
    static const QRegularExpression request(uR"(^\s*\{\s*(?:)"_s + member + uR"()?(?:)"_s + member +
                                            uR"()?"method"\s*:)"_s);
    static const QRegularExpression first(uR"(^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*)"_s +
                                          value + uR"(\s*[,}])"_s);
    static const QRegularExpression last(uR"([{,]\s*"id"\s*:\s*)"_s + value + uR"(\s*\}\s*$)"_s);
    const QString start = QString::fromLatin1(head);
    if (!request.match(start).hasMatch())
        return QJsonValue::Undefined;
    for (const auto &[text, re] : {std::pair{start, &first}, std::pair{QString::fromLatin1(tail), &last}}) {
        const QRegularExpressionMatch m = re->match(text);
        if (!m.hasMatch())
            continue;
        const QString id = m.captured(1);
        if (id.startsWith(u'"'))
            return id.mid(1, id.size() - 2);
        return QJsonValue(id.toLongLong());
    }
    return QJsonValue::Undefined;
}
