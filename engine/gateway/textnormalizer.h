// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>

// Text prepared for pattern matching (NFKC per code point, zero-width characters removed, Cyrillic and
// Greek look-alikes folded to Latin inside mixed-script words, always valid UTF-16) that maps match offsets
// back to the original.
class NormalizedText
{
public:
    static NormalizedText from(const QString &original);

    const QString &text() const { return m_text; }
    // True when the normalised text differs from the original (offsets then need mapping).
    bool isIdentity() const { return m_segments.isEmpty(); }
    // Maps a span [start, start + length) of text() to the span of the original that produced it.
    void mapSpan(qsizetype start, qsizetype length, qsizetype *origStart, qsizetype *origLength) const;

private:
    // One place where normalised and original text differ: norm [normStart, +normLength) came from
    // original [origStart, +origLength). Between segments both advance together.
    struct Segment
    {
        qsizetype normStart;
        qsizetype normLength;
        qsizetype origStart;
        qsizetype origLength;
    };
    qsizetype mapStart(qsizetype pos) const;
    qsizetype mapEnd(qsizetype pos) const;

    QString m_text;
    QList<Segment> m_segments;
};
