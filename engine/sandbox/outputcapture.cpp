// SPDX-License-Identifier: GPL-3.0-or-later
#include "outputcapture.h"

#include "tools/shellaction.h"

#include <cstring>

OutputCapture::OutputCapture(int maxCharacters, Keep keep)
    : m_decoder(QStringConverter::Utf8)
    , m_keep(keep)
    , m_max(maxCharacters)
{}

qint64 OutputCapture::countCodePoints(const char *data, qsizetype size)
{
    // Eight bytes at a time: a continuation byte is 10xxxxxx, i.e. bit 7 set and bit 6 clear.
    constexpr quint64 high = 0x8080808080808080ULL;
    qint64 continuation = 0;
    qsizetype i = 0;
    for (; i + 8 <= size; i += 8) {
        quint64 w;
        std::memcpy(&w, data + i, 8);
        const quint64 c = (w & ~(w << 1) & high) >> 7;
        continuation += qint64((c * 0x0101010101010101ULL) >> 56);
    }
    for (; i < size; ++i)
        continuation += (uchar(data[i]) & 0xC0) == 0x80;
    return size - continuation;
}

namespace {

qsizetype codePointsIn(const QString &s)
{
    qsizetype n = s.size();
    for (QChar c : s)
        n -= c.isLowSurrogate();
    return n;
}

// Cuts s after n code points.
QString leftCodePoints(const QString &s, qsizetype n)
{
    qsizetype i = 0;
    while (n > 0 && i < s.size()) {
        i += (s.at(i).isHighSurrogate() && i + 1 < s.size() && s.at(i + 1).isLowSurrogate()) ? 2 : 1;
        --n;
    }
    return s.left(i);
}

} // namespace

QString OutputCapture::feed(const char *data, qsizetype size)
{
    if (size <= 0 || m_finished)
        return {};
    m_bytes += size;
    if (m_keep == Keep::Tail)
        return feedTail(data, size);
    if (m_capped) {
        m_dropped += countCodePoints(data, size);
        return {};
    }
    // Cut right before the first lead byte that would exceed the cap, so the decoder only sees whole
    // characters that we keep; continuation bytes of the last kept character stay on the kept side.
    const qint64 remaining = m_max - m_kept;
    qsizetype cut = size;
    qint64 leads = 0;
    for (qsizetype i = 0; i < size; ++i) {
        if ((uchar(data[i]) & 0xC0) != 0x80) {
            if (leads == remaining) {
                cut = i;
                break;
            }
            ++leads;
        }
    }
    QString chunk = m_decoder.decode(QByteArrayView(data, cut));
    qint64 count = codePointsIn(chunk);
    if (count > remaining) {
        // Invalid bytes decode to one replacement character each and can overshoot the byte-based count.
        chunk = leftCodePoints(chunk, remaining);
        m_dropped += count - remaining;
        count = remaining;
        m_capped = true;
    }
    m_kept += count;
    m_text += chunk;
    if (cut < size) {
        m_capped = true;
        m_dropped += countCodePoints(data + cut, size - cut);
    }
    return chunk;
}

QString OutputCapture::feedTail(const char *data, qsizetype size)
{
    QString chunk = m_decoder.decode(QByteArrayView(data, size));
    m_kept += codePointsIn(chunk);
    m_text += chunk;
    // Trimming only past 2N keeps the cost per character constant.
    if (m_text.size() > 2 * m_max)
        trimTail(m_max);
    return chunk;
}

void OutputCapture::trimTail(qint64 keep)
{
    if (m_kept <= keep)
        return;
    // Walk back keep code points from the end; a surrogate pair counts once and is never split.
    qsizetype i = m_text.size();
    for (qint64 n = 0; n < keep && i > 0; ++n)
        i -= (i >= 2 && m_text.at(i - 1).isLowSurrogate() && m_text.at(i - 2).isHighSurrogate()) ? 2 : 1;
    const qint64 dropped = m_kept - keep;
    m_text.remove(0, i);
    m_text.squeeze();
    m_dropped += dropped;
    m_kept = keep;
    m_capped = true;
}

QString OutputCapture::finish()
{
    if (m_finished)
        return {};
    m_finished = true;
    if (m_keep == Keep::Tail) {
        m_text += m_decoder.decode(QByteArrayView());
        trimTail(m_max);
        if (m_dropped > 0)
            m_text.prepend(leadingTruncationMarker(m_dropped));
        return {};
    }
    if (m_dropped <= 0)
        return {};
    const QString marker = truncationMarker(m_dropped);
    m_text += marker;
    return marker;
}
