// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QList>
#include <QRegularExpression>
#include <QString>

#include <array>

class NormalizedText;

// A versioned set of prompt-injection regular expressions grouped into families. Scanning is two-stage so a
// megabyte costs about one pass: a tokenizer finds each pattern's trigger words, then the pattern's
// JIT-compiled regex runs only in a window around them (patterns without triggers scan the whole text), or,
// for patterns whose matches start with a trigger word, as one anchored attempt at each trigger.
class PatternSet
{
public:
    struct Pattern
    {
        QString id;       // unique within the set, e.g. "ignore_previous"
        QString family;   // e.g. "instruction_override"
        QString language; // ISO 639-1 code of the language the pattern is written for
        QString regex;
        QStringList triggers; // lower-case words, "#cjk" or "#tags"; every match contains one
        // Every match starts at the start of a trigger word (or inside a #cjk run): JSON "starts_at_trigger".
        bool startsAtTrigger = false;
        // Upper bound on a match's length in UTF-16 units (JSON "max_length"); 0 = up to the default reach.
        qsizetype maxLength = 0;
    };
    struct Match
    {
        qsizetype start = 0; // in the text given to match(), i.e. the original text
        qsizetype length = 0;
        QString family;
        QString patternId;
    };

    // The built-in set embedded in the engine (":/guardrails/prompt-injection-v1.json"), loaded once.
    static const PatternSet &builtin();
    static QString builtinResourcePath();

    bool loadFromFile(const QString &path, QString *error = nullptr);
    // Validates the document (version, unique ids, every regex compiles and has no capturing groups).
    bool loadFromJson(const QByteArray &json, QString *error = nullptr);

    bool isValid() const { return !m_patterns.isEmpty(); }
    QString version() const { return m_version; }
    QStringList families() const;
    const QList<Pattern> &patterns() const { return m_patterns; }

    // Non-overlapping matches, left to right, with offsets in the original text. Thread-safe.
    QList<Match> match(const QString &text) const;
    QList<Match> match(const NormalizedText &text) const;
    // Every regex over the whole text, ignoring triggers: the reference the trigger windows must agree with.
    QList<Match> matchFullScan(const QString &text) const;

private:
    // Where a pattern's matches may start ([lo, hi]) and how far they may reach (end).
    struct Window
    {
        qsizetype lo;
        qsizetype hi;
        qsizetype end;
        bool anchored; // lo == hi: one anchored attempt instead of a search
    };
    void collectMatches(const QRegularExpression &re, int pattern, const NormalizedText &text,
                        const QList<Window> &windows, QList<Match> *out) const;
    static QList<Match> resolveOverlaps(QList<Match> matches);

    QString m_version;
    QList<Pattern> m_patterns;
    QList<QRegularExpression> m_regexes;
    // What match() runs: the same regexes, except that those starting inside a CJK run first check for a CJK
    // character, which spares PCRE trying every alternative at each position after the run.
    QList<QRegularExpression> m_windowRegexes;
    // The cheap filter on the word's length and shape, inlined into the scan loop.
    bool mayBeTrigger(const char16_t *data, qsizetype start, qsizetype end) const
    {
        const qsizetype length = end - start;
        if (length < m_minTriggerLength || length > m_maxTriggerLength)
            return false;
        const quint32 shape = wordShape(data[start], data[end - 1], length);
        return (m_shapeFilter[shape >> 6] >> (shape & 63)) & 1;
    }
    // 12 bits from a word's first and last unit (in lower case) and its length.
    static quint32 wordShape(char16_t first, char16_t last, qsizetype length)
    {
        const auto lower = [](char16_t c) -> quint32 {
            if (c < 0x80)
                return c >= u'A' && c <= u'Z' ? c + 32u : c;
            return QChar(c).toLower().unicode();
        };
        const quint32 key = (lower(first) * 0x10001u) ^ (lower(last) << 7) ^ quint32(length);
        return (key * 2654435761u) >> 20;
    }
    // The patterns the word data[start, end) triggers, or nullptr.
    const QList<int> *triggeredBy(const char16_t *data, qsizetype start, qsizetype end) const;

    // Trigger word (as a 64-bit FNV-1a hash of its lower-case UTF-16) -> patterns. In front of it a 4096-bit
    // filter on the word's shape (first and last unit in lower case, length), so most words of a text are
    // never hashed, and a 4096-bit filter on the hash. A collision only widens the search, never narrows it.
    QHash<quint64, QList<int>> m_triggerIndex;
    std::array<quint64, 64> m_triggerFilter{};
    std::array<quint64, 64> m_shapeFilter{};
    qsizetype m_minTriggerLength = 0;
    QList<int> m_cjkPatterns;
    QList<int> m_tagPatterns;
    QList<int> m_untriggered;
    qsizetype m_maxTriggerLength = 0;
};
