// SPDX-License-Identifier: GPL-3.0-or-later
#include "textnormalizer.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstring>

namespace {

bool isInvisible(char32_t c)
{
    switch (c) {
    case 0x00AD: // soft hyphen
    case 0x034F: // combining grapheme joiner
    case 0x061C:
    case 0x115F:
    case 0x1160:
    case 0x17B4:
    case 0x17B5:
    case 0x180E:
    case 0x3164:
    case 0xFEFF:
    case 0xFFA0:
        return true;
    default:
        return (c >= 0x200B && c <= 0x200F) || (c >= 0x2060 && c <= 0x2064) || (c >= 0xFE00 && c <= 0xFE0F);
    }
}

// Cyrillic and Greek letters that render like Latin ones; folded only inside words that also hold Latin
// letters, so genuine Russian or Greek text keeps its script (and its own patterns still match).
char16_t latinLookAlike(char32_t c)
{
    switch (c) {
    case 0x0430:
        return u'a';
    case 0x0410:
        return u'A';
    case 0x0435:
        return u'e';
    case 0x0415:
        return u'E';
    case 0x043E:
        return u'o';
    case 0x041E:
        return u'O';
    case 0x0440:
        return u'p';
    case 0x0420:
        return u'P';
    case 0x0441:
        return u'c';
    case 0x0421:
        return u'C';
    case 0x0443:
        return u'y';
    case 0x0423:
        return u'Y';
    case 0x0445:
        return u'x';
    case 0x0425:
        return u'X';
    case 0x0456:
        return u'i';
    case 0x0406:
        return u'I';
    case 0x0458:
        return u'j';
    case 0x0408:
        return u'J';
    case 0x0455:
        return u's';
    case 0x0405:
        return u'S';
    case 0x0501:
        return u'd';
    case 0x04BB:
        return u'h';
    case 0x0412:
        return u'B';
    case 0x041D:
        return u'H';
    case 0x041A:
        return u'K';
    case 0x041C:
        return u'M';
    case 0x0422:
        return u'T';
    case 0x043A:
        return u'k';
    case 0x0433:
        return u'r';
    case 0x043F:
        return u'n';
    case 0x03BF:
        return u'o';
    case 0x039F:
        return u'O';
    case 0x03B1:
        return u'a';
    case 0x0391:
        return u'A';
    case 0x03B5:
        return u'e';
    case 0x0395:
        return u'E';
    case 0x03B9:
        return u'i';
    case 0x0399:
        return u'I';
    case 0x03BD:
        return u'v';
    case 0x03C1:
        return u'p';
    case 0x03A1:
        return u'P';
    case 0x03C4:
        return u't';
    case 0x03A4:
        return u'T';
    case 0x039A:
        return u'K';
    case 0x039C:
        return u'M';
    case 0x039D:
        return u'N';
    case 0x0396:
        return u'Z';
    case 0x0397:
        return u'H';
    case 0x03A7:
        return u'X';
    case 0x03C5:
        return u'u';
    default:
        return 0;
    }
}

bool isAsciiLetter(char16_t c)
{
    return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z');
}

// Whether the word around position i of s (letters, marks and invisible characters) contains ASCII letters.
bool wordHasLatin(const QString &s, qsizetype i)
{
    auto inWord = [&](qsizetype k) {
        const QChar ch = s.at(k);
        return ch.isLetterOrNumber() || ch.isMark() || isInvisible(ch.unicode()) || ch.isSurrogate();
    };
    for (qsizetype k = i - 1; k >= 0 && inWord(k); --k) {
        if (isAsciiLetter(s.at(k).unicode()))
            return true;
    }
    for (qsizetype k = i + 1; k < s.size() && inWord(k); ++k) {
        if (isAsciiLetter(s.at(k).unicode()))
            return true;
    }
    return false;
}

// Index of the first unit >= 0x80, or n. Four units per 64-bit word so the compiler can vectorise it; clean
// ASCII, the common case, then costs a fraction of a pass over the text.
qsizetype firstNonAsciiUnit(const char16_t *data, qsizetype n)
{
    constexpr quint64 kHighBits = 0xFF80FF80FF80FF80ULL;
    qsizetype i = 0;
    for (; i + 16 <= n; i += 16) {
        quint64 w[4];
        std::memcpy(w, data + i, sizeof w);
        if ((w[0] | w[1] | w[2] | w[3]) & kHighBits)
            break;
    }
    while (i < n && data[i] < 0x80)
        ++i;
    return i;
}

// NFKC of a BMP code point, cached: most code points have no decomposition and most that have one (é, ü)
// are already composed, so QString::normalized() runs once per distinct changing character per process.
bool nfkcIsIdentity(char32_t cp)
{
    if (QChar::decompositionTag(cp) == QChar::NoDecomposition)
        return true;
    if (cp > 0xFFFF)
        return false;
    // 0 unknown, 1 identity, 2 changes; racing threads compute the same value.
    static std::array<std::atomic<quint8>, 0x10000> cache{};
    quint8 state = cache[cp].load(std::memory_order_relaxed);
    if (state == 0) {
        const QString piece = QChar(char16_t(cp));
        state = piece.normalized(QString::NormalizationForm_KC) == piece ? 1 : 2;
        cache[cp].store(state, std::memory_order_relaxed);
    }
    return state == 1;
}

} // namespace

NormalizedText NormalizedText::from(const QString &original)
{
    NormalizedText result;
    const qsizetype n = original.size();
    const QChar *data = original.constData();
    const qsizetype firstNonAscii = firstNonAsciiUnit(reinterpret_cast<const char16_t *>(data), n);
    if (firstNonAscii == n) {
        result.m_text = original; // implicit sharing: no copy for the common all-ASCII case
        return result;
    }

    result.m_text.reserve(n);
    result.m_text.append(data, firstNonAscii);
    for (qsizetype i = firstNonAscii; i < n;) {
        const char16_t u = data[i].unicode();
        if (u < 0x80) {
            qsizetype end = i + 1;
            while (end < n && data[end].unicode() < 0x80)
                ++end;
            result.m_text.append(data + i, end - i);
            i = end;
            continue;
        }
        char32_t cp = u;
        qsizetype cpLength = 1;
        if (QChar::isHighSurrogate(u) && i + 1 < n && QChar::isLowSurrogate(data[i + 1].unicode())) {
            cp = QChar::surrogateToUcs4(u, data[i + 1].unicode());
            cpLength = 2;
        } else if (QChar::isSurrogate(u)) {
            // A lone surrogate becomes U+FFFD so the text is valid UTF-16, which the matcher relies on.
            result.m_text.append(QChar(QChar::ReplacementCharacter));
            ++i;
            continue;
        }
        const qsizetype normStart = result.m_text.size();
        if (isInvisible(cp)) {
            result.m_segments.append({normStart, 0, i, cpLength});
            i += cpLength;
            continue;
        }
        if (const char16_t latin = latinLookAlike(cp); latin && wordHasLatin(original, i)) {
            result.m_text.append(QChar(latin));
            result.m_segments.append({normStart, 1, i, cpLength});
            i += cpLength;
            continue;
        }
        if (nfkcIsIdentity(cp)) {
            result.m_text.append(data + i, cpLength);
            i += cpLength;
            continue;
        }
        const QString piece(data + i, cpLength);
        const QString folded = piece.normalized(QString::NormalizationForm_KC);
        result.m_text.append(folded);
        if (folded != piece)
            result.m_segments.append({normStart, folded.size(), i, cpLength});
        i += cpLength;
    }
    return result;
}

qsizetype NormalizedText::mapStart(qsizetype pos) const
{
    // Last segment starting at or before pos.
    auto it = std::upper_bound(m_segments.cbegin(), m_segments.cend(), pos,
                               [](qsizetype p, const Segment &s) { return p < s.normStart; });
    if (it == m_segments.cbegin())
        return pos;
    const Segment &s = *std::prev(it);
    // Zero-length segments (removed characters) sitting exactly at pos are skipped over, which is what a
    // match start wants; a start inside a replacement maps to the start of what it replaced.
    if (pos < s.normStart + s.normLength)
        return s.origStart;
    return s.origStart + s.origLength + (pos - s.normStart - s.normLength);
}

qsizetype NormalizedText::mapEnd(qsizetype pos) const
{
    // Last segment starting strictly before pos, so a removed character right at the end stays outside.
    auto it = std::lower_bound(m_segments.cbegin(), m_segments.cend(), pos,
                               [](const Segment &s, qsizetype p) { return s.normStart < p; });
    if (it == m_segments.cbegin())
        return pos;
    const Segment &s = *std::prev(it);
    if (pos <= s.normStart + s.normLength)
        return s.origStart + s.origLength;
    return s.origStart + s.origLength + (pos - s.normStart - s.normLength);
}

void NormalizedText::mapSpan(qsizetype start, qsizetype length, qsizetype *origStart,
                             qsizetype *origLength) const
{
    const qsizetype b = mapStart(start);
    const qsizetype e = std::max(b, mapEnd(start + length));
    *origStart = b;
    *origLength = e - b;
}
