// SPDX-License-Identifier: GPL-3.0-or-later
#include "mcplinereader.h"

#include <utility>

void McpLineReader::feed(QByteArrayView data, const std::function<void(const QByteArray &)> &line,
                         const std::function<void()> &tooLong)
{
    qsizetype start = 0;
    for (;;) {
        const qsizetype newline = data.indexOf('\n', start);
        const QByteArrayView part = data.sliced(start, (newline < 0 ? data.size() : newline) - start);
        if (!m_skipping) {
            if (m_buffer.size() + part.size() > m_limit) {
                m_skipping = true;
                m_buffer.clear();
                tooLong();
            } else {
                m_buffer.append(part);
            }
        }
        if (newline < 0)
            return;
        if (!m_skipping && !m_buffer.trimmed().isEmpty())
            line(std::exchange(m_buffer, {}));
        m_buffer.clear();
        m_skipping = false;
        start = newline + 1;
    }
}

QByteArray McpLineReader::finish()
{
    const bool skipped = std::exchange(m_skipping, false);
    QByteArray rest = std::exchange(m_buffer, {});
    return skipped || rest.trimmed().isEmpty() ? QByteArray() : rest;
}
