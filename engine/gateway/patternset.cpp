// SPDX-License-Identifier: GPL-3.0-or-later
#include "patternset.h"

#include "textnormalizer.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <algorithm>
#include <bit>
#include <limits>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

using namespace Qt::StringLiterals;

// Outside any namespace: Q_INIT_RESOURCE declares a global function.
static void initGuardrailResources()
{
    // The resource lives in the static engine library; make sure its initializer has run.
    Q_INIT_RESOURCE(guardrails);
}

namespace {

constexpr quint64 kFnvOffset = 14695981039346656037ULL;
constexpr quint64 kFnvPrime = 1099511628211ULL;

inline char16_t lowerUnit(char16_t c)
{
    if (c < 0x80)
        return c >= u'A' && c <= u'Z' ? char16_t(c + 32) : c;
    return QChar(c).toLower().unicode();
}

quint64 wordHash(QStringView word)
{
    quint64 h = kFnvOffset;
    for (QChar c : word)
        h = (h ^ lowerUnit(c.unicode())) * kFnvPrime;
    return h;
}

constexpr QRegularExpression::PatternOptions kOptions = QRegularExpression::CaseInsensitiveOption |
                                                        QRegularExpression::UseUnicodePropertiesOption |
                                                        QRegularExpression::MultilineOption;

} // namespace

QString PatternSet::builtinResourcePath()
{
    return u":/guardrails/prompt-injection-v1.json"_s;
}

const PatternSet &PatternSet::builtin()
{
    static const PatternSet set = [] {
        initGuardrailResources();
        PatternSet s;
        QString error;
        if (!s.loadFromFile(builtinResourcePath(), &error))
            qWarning("Built-in guardrail pattern set failed to load: %s", qUtf8Printable(error));
        return s;
    }();
    return set;
}

bool PatternSet::loadFromFile(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = u"cannot read %1: %2"_s.arg(path, file.errorString());
        return false;
    }
    return loadFromJson(file.readAll(), error);
}

bool PatternSet::loadFromJson(const QByteArray &json, QString *error)
{
    auto fail = [error](const QString &message) {
        if (error)
            *error = message;
        return false;
    };
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (!doc.isObject())
        return fail(u"pattern set is not a JSON object: %1"_s.arg(parseError.errorString()));
    const QJsonObject root = doc.object();
    const QString version = root.value(u"version"_s).toString();
    static const QRegularExpression semver(u"^\\d+\\.\\d+\\.\\d+$"_s);
    if (!semver.match(version).hasMatch())
        return fail(u"pattern set needs a \"version\" like \"1.0.0\""_s);

    QList<Pattern> patterns;
    QList<QRegularExpression> regexes;
    QSet<QString> ids;
    const QJsonArray families = root.value(u"families"_s).toArray();
    for (const QJsonValue &familyValue : families) {
        const QJsonObject family = familyValue.toObject();
        const QString familyId = family.value(u"id"_s).toString();
        if (familyId.isEmpty())
            return fail(u"a family has no \"id\""_s);
        for (const QJsonValue &patternValue : family.value(u"patterns"_s).toArray()) {
            const QJsonObject object = patternValue.toObject();
            Pattern p;
            p.id = object.value(u"id"_s).toString();
            p.family = familyId;
            p.language = object.value(u"lang"_s).toString(u"en"_s);
            p.regex = object.value(u"regex"_s).toString();
            p.startsAtTrigger = object.value(u"starts_at_trigger"_s).toBool();
            p.maxLength = qsizetype(object.value(u"max_length"_s).toInteger());
            for (const QJsonValue &t : object.value(u"triggers"_s).toArray())
                p.triggers.append(t.toString().toLower());
            if (p.maxLength < 0)
                return fail(u"pattern %1: \"max_length\" must be positive"_s.arg(p.id));
            if (p.startsAtTrigger && (p.triggers.isEmpty() || p.triggers.contains(u"#tags"_s)))
                return fail(u"pattern %1: \"starts_at_trigger\" needs word or #cjk triggers"_s.arg(p.id));
            if (p.id.isEmpty() || p.regex.isEmpty())
                return fail(u"a pattern in family %1 lacks \"id\" or \"regex\""_s.arg(familyId));
            if (ids.contains(p.id))
                return fail(u"duplicate pattern id %1"_s.arg(p.id));
            ids.insert(p.id);
            const QRegularExpression single(p.regex, kOptions);
            if (!single.isValid())
                return fail(u"pattern %1 does not compile at offset %2: %3"_s.arg(
                    p.id, QString::number(single.patternErrorOffset()), single.errorString()));
            // Captures would only cost time: a detection is the whole match.
            if (single.captureCount() != 0)
                return fail(u"pattern %1 uses capturing groups; use (?:...)"_s.arg(p.id));
            patterns.append(p);
            regexes.append(single);
        }
    }
    if (patterns.isEmpty())
        return fail(u"pattern set has no patterns"_s);

    m_version = version;
    m_patterns = patterns;
    m_regexes = regexes;
    m_triggerIndex.clear();
    m_triggerFilter.fill(0);
    m_shapeFilter.fill(0);
    m_minTriggerLength = std::numeric_limits<qsizetype>::max();
    m_cjkPatterns.clear();
    m_tagPatterns.clear();
    m_untriggered.clear();
    m_maxTriggerLength = 0;
    m_windowRegexes = m_regexes;
    for (int i = 0; i < m_patterns.size(); ++i) {
        m_regexes[i].optimize();
        const Pattern &p = m_patterns.at(i);
        if (p.startsAtTrigger && p.triggers == QStringList{u"#cjk"_s}) {
            m_windowRegexes[i] = QRegularExpression(
                u"(?=[\\x{3000}-\\x{30FF}\\x{3400}-\\x{4DBF}\\x{4E00}-\\x{9FFF}\\x{F900}-\\x{FAFF}\\x{FF00}-\\x{FF0F}])(?:"_s %
                    p.regex % u")"_s,
                kOptions);
        }
        m_windowRegexes[i].optimize();
        const QStringList &triggers = m_patterns.at(i).triggers;
        if (triggers.isEmpty())
            m_untriggered.append(i);
        for (const QString &t : triggers) {
            if (t == u"#cjk"_s) {
                m_cjkPatterns.append(i);
            } else if (t == u"#tags"_s) {
                m_tagPatterns.append(i);
            } else {
                const quint64 h = wordHash(t);
                m_triggerIndex[h].append(i);
                m_triggerFilter[(h >> 6) & 63] |= quint64(1) << (h & 63);
                m_maxTriggerLength = std::max(m_maxTriggerLength, t.size());
                m_minTriggerLength = std::min(m_minTriggerLength, t.size());
                const quint32 shape = wordShape(t.front().unicode(), t.back().unicode(), t.size());
                m_shapeFilter[shape >> 6] |= quint64(1) << (shape & 63);
            }
        }
    }
    return true;
}

QStringList PatternSet::families() const
{
    QStringList result;
    for (const Pattern &p : m_patterns) {
        if (!result.contains(p.family))
            result.append(p.family);
    }
    return result;
}

QList<PatternSet::Match> PatternSet::match(const QString &text) const
{
    return match(NormalizedText::from(text));
}

namespace {

// How far a match may reach before and after its trigger word; every pattern in the built-in set stays well
// inside (the longest, pipe-to-shell, spans about 330 characters after "curl").
constexpr qsizetype kWindowBefore = 400;
constexpr qsizetype kWindowAfter = 700;

inline bool isCjk(char16_t c)
{
    return (c >= 0x3040 && c <= 0x30FF) || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) ||
           (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFF00 && c <= 0xFF0F) || (c >= 0x3000 && c <= 0x303F);
}

constexpr std::array<bool, 128> kAsciiWord = [] {
    std::array<bool, 128> t{};
    for (int c = 0; c < 128; ++c)
        t[c] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    return t;
}();

inline bool isWordChar(char16_t c)
{
    if (c < 0x80)
        return kAsciiWord[c];
    return !isCjk(c) && QChar(c).isLetterOrNumber();
}

// Sets bit j of *words when p[j] is an ASCII letter or digit; false when the block holds a non-ASCII unit
// (*words is then meaningless).
inline bool classifyBlock(const char16_t *p, qsizetype len, quint64 *words)
{
#if defined(__SSE2__)
    if (len == 64) {
        const __m128i highBits = _mm_set1_epi16(short(0xFF80));
        const __m128i caseBit = _mm_set1_epi16(0x20);
        const __m128i beforeA = _mm_set1_epi16('a' - 1);
        const __m128i afterZ = _mm_set1_epi16('z' + 1);
        const __m128i before0 = _mm_set1_epi16('0' - 1);
        const __m128i after9 = _mm_set1_epi16('9' + 1);
        __m128i high = _mm_setzero_si128();
        quint64 mask = 0;
        for (int j = 0; j < 64; j += 16) {
            __m128i isWord[2];
            for (int k = 0; k < 2; ++k) {
                const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p + j + 8 * k));
                high = _mm_or_si128(high, v);
                // Units here are below 0x80 when it matters, so signed 16-bit compares are exact.
                const __m128i lower = _mm_or_si128(v, caseBit);
                const __m128i letter =
                    _mm_and_si128(_mm_cmpgt_epi16(lower, beforeA), _mm_cmplt_epi16(lower, afterZ));
                const __m128i digit = _mm_and_si128(_mm_cmpgt_epi16(v, before0), _mm_cmplt_epi16(v, after9));
                isWord[k] = _mm_or_si128(letter, digit);
            }
            mask |= quint64(quint16(_mm_movemask_epi8(_mm_packs_epi16(isWord[0], isWord[1])))) << j;
        }
        *words = mask;
        return _mm_movemask_epi8(_mm_cmpeq_epi16(_mm_and_si128(high, highBits), _mm_setzero_si128())) ==
               0xFFFF;
    }
#endif
    quint64 mask = 0;
    char16_t high = 0;
    for (qsizetype j = 0; j < len; ++j) {
        high |= p[j];
        mask |= quint64(kAsciiWord[p[j] & 0x7F]) << j;
    }
    *words = mask;
    return high < 0x80;
}

} // namespace

QList<PatternSet::Match> PatternSet::match(const NormalizedText &text) const
{
    QList<Match> result;
    if (!isValid())
        return result;
    const QString &s = text.text();
    const qsizetype n = s.size();
    const char16_t *data = reinterpret_cast<const char16_t *>(s.constData());
    std::vector<QList<Window>> windows(size_t(m_patterns.size()));
    // A trigger at [start, end): anchored patterns get one attempt at a word's start (or a search starting
    // inside a CJK run); the others a search for matches starting up to kWindowBefore before it.
    auto hit = [&](const QList<int> &patterns, qsizetype start, qsizetype end, bool word) {
        for (int p : patterns) {
            QList<Window> &list = windows[size_t(p)];
            const qsizetype maxLength = m_patterns.at(p).maxLength;
            const qsizetype reach = std::min(n, end + (maxLength > 0 ? maxLength : kWindowAfter));
            if (m_patterns.at(p).startsAtTrigger) {
                if (word) {
                    list.append({start, start, reach, true});
                    continue;
                }
                list.append({start, end - 1, reach, false});
                continue;
            }
            const Window w{std::max<qsizetype>(0, start - kWindowBefore), end - 1, reach, false};
            if (!list.isEmpty() && !list.last().anchored && w.lo <= list.last().end) {
                list.last().hi = std::max(list.last().hi, w.hi);
                list.last().end = std::max(list.last().end, w.end);
            } else {
                list.append(w);
            }
        }
    };

    // One pass over the words; CJK runs and tag characters count as their own triggers since CJK text has no
    // spaces between words. Blocks of 64 ASCII units are classified without branches into a bit mask whose
    // transitions are the word boundaries; blocks holding other units go character by character.
    qsizetype wordStart = -1;
    qsizetype cjkStart = -1;
    quint64 carry = 0; // whether the unit before the block is part of a word
    for (qsizetype block = 0; block < n; block += 64) {
        const qsizetype len = std::min<qsizetype>(64, n - block);
        const char16_t *p = data + block;
        quint64 words = 0;
        const bool ascii = classifyBlock(p, len, &words);
        if (ascii) {
            if (cjkStart >= 0) {
                hit(m_cjkPatterns, cjkStart, block, false);
                cjkStart = -1;
            }
            for (quint64 changes = words ^ ((words << 1) | carry); changes; changes &= changes - 1) {
                const qsizetype pos = block + std::countr_zero(changes);
                if (wordStart < 0) {
                    wordStart = pos;
                } else {
                    if (mayBeTrigger(data, wordStart, pos)) {
                        if (const QList<int> *patterns = triggeredBy(data, wordStart, pos))
                            hit(*patterns, wordStart, pos, true);
                    }
                    wordStart = -1;
                }
            }
            carry = words >> 63;
            continue;
        }
        for (qsizetype pos = block; pos < block + len; ++pos) {
            const char16_t c = data[pos];
            const bool word = isWordChar(c);
            if (word && wordStart < 0) {
                wordStart = pos;
            } else if (!word && wordStart >= 0) {
                if (const QList<int> *patterns = triggeredBy(data, wordStart, pos))
                    hit(*patterns, wordStart, pos, true);
                wordStart = -1;
            }
            const bool cjk = !word && c >= 0x3000 && isCjk(c);
            if (cjk && cjkStart < 0) {
                cjkStart = pos;
            } else if (!cjk && cjkStart >= 0) {
                hit(m_cjkPatterns, cjkStart, pos, false);
                cjkStart = -1;
            }
            if (c == 0xDB40) // high surrogate of the tag block U+E0000..U+E007F
                hit(m_tagPatterns, pos, std::min(n, pos + 2), false);
        }
        carry = wordStart >= 0 ? 1 : 0;
    }
    if (wordStart >= 0) {
        if (const QList<int> *patterns = triggeredBy(data, wordStart, n))
            hit(*patterns, wordStart, n, true);
    }
    if (cjkStart >= 0)
        hit(m_cjkPatterns, cjkStart, n, false);

    for (int p : m_untriggered)
        collectMatches(m_windowRegexes.at(p), p, text, {{0, n, n, false}}, &result);
    for (size_t p = 0; p < windows.size(); ++p) {
        if (!windows[p].isEmpty())
            collectMatches(m_windowRegexes.at(qsizetype(p)), int(p), text, windows[p], &result);
    }
    return resolveOverlaps(result);
}

const QList<int> *PatternSet::triggeredBy(const char16_t *data, qsizetype start, qsizetype end) const
{
    if (!mayBeTrigger(data, start, end))
        return nullptr;
    const qsizetype length = end - start;
    const quint64 h = wordHash(QStringView(data + start, length));
    if (!((m_triggerFilter[(h >> 6) & 63] >> (h & 63)) & 1))
        return nullptr;
    const auto it = m_triggerIndex.constFind(h);
    return it != m_triggerIndex.cend() ? &*it : nullptr;
}

QList<PatternSet::Match> PatternSet::matchFullScan(const QString &original) const
{
    const NormalizedText text = NormalizedText::from(original);
    const qsizetype n = text.text().size();
    QList<Match> result;
    for (int p = 0; p < m_patterns.size(); ++p)
        collectMatches(m_regexes.at(p), p, text, {{0, n, n, false}}, &result);
    return resolveOverlaps(result);
}

void PatternSet::collectMatches(const QRegularExpression &re, int pattern, const NormalizedText &text,
                                const QList<Window> &windows, QList<Match> *out) const
{
    const Pattern &p = m_patterns.at(pattern);
    const QString &s = text.text();
    // NormalizedText guarantees valid UTF-16, so PCRE2's per-call validity scan of the subject is skipped.
    constexpr auto kNoCheck = QRegularExpression::DontCheckSubjectStringMatchOption;
    auto record = [&](const QRegularExpressionMatch &m) {
        Match found;
        text.mapSpan(m.capturedStart(), m.capturedLength(), &found.start, &found.length);
        found.family = p.family;
        found.patternId = p.id;
        out->append(found);
    };
    // Windows come left to right; like a scan of the whole text, a match never starts inside the previous
    // one.
    qsizetype resume = 0;
    for (const Window &w : windows) {
        // The view ends at the window but starts at 0, so lookbehinds, \b and ^ still see what precedes it.
        const QStringView view = QStringView(s).first(w.end);
        if (w.anchored) {
            if (w.lo < resume)
                continue;
            const QRegularExpressionMatch m =
                re.match(view, w.lo, QRegularExpression::NormalMatch,
                         QRegularExpression::AnchorAtOffsetMatchOption | kNoCheck);
            if (m.hasMatch() && m.capturedLength() > 0) {
                record(m);
                resume = m.capturedEnd();
            }
            continue;
        }
        qsizetype offset = std::max(w.lo, resume);
        while (offset <= w.hi && offset < w.end) {
            const QRegularExpressionMatch m =
                re.match(view, offset, QRegularExpression::NormalMatch, kNoCheck);
            // A match starting after hi does not contain this window's trigger; another window finds it.
            if (!m.hasMatch() || m.capturedStart() > w.hi)
                break;
            if (m.capturedLength() == 0) {
                offset = m.capturedStart() + 1;
                continue;
            }
            record(m);
            offset = resume = m.capturedEnd();
        }
    }
}

QList<PatternSet::Match> PatternSet::resolveOverlaps(QList<Match> matches)
{
    // Left to right, the longest match at each position wins; later matches overlapping it are dropped.
    std::sort(matches.begin(), matches.end(), [](const Match &a, const Match &b) {
        return a.start != b.start ? a.start < b.start : a.length > b.length;
    });
    QList<Match> out;
    qsizetype end = -1;
    for (const Match &m : std::as_const(matches)) {
        if (m.start < end)
            continue;
        out.append(m);
        end = m.start + m.length;
    }
    return out;
}
