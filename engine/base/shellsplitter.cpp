// SPDX-License-Identifier: GPL-3.0-or-later
#include "shellsplitter.h"

#include <QSet>
#include <QStringView>

#include <optional>
#include <utility>

using namespace Qt::StringLiterals;

namespace {

bool isAsciiLetter(QChar c)
{
    return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z');
}
bool isDigit(QChar c)
{
    return c >= u'0' && c <= u'9';
}
bool isNameStart(QChar c)
{
    return c == u'_' || isAsciiLetter(c);
}
bool isNameChar(QChar c)
{
    return isNameStart(c) || isDigit(c);
}
bool isBlank(QChar c)
{
    return c == u' ' || c == u'\t';
}
// Ends an unquoted word (bash's metacharacters).
bool isMeta(QChar c)
{
    return isBlank(c) || c == u'\n' || c == u';' || c == u'&' || c == u'|' || c == u'(' || c == u')' ||
           c == u'<' || c == u'>';
}
bool isSafeChar(QChar c)
{
    if (c.unicode() >= 128)
        return c.isLetterOrNumber();
    return isNameChar(c) || QStringView(u"@%+=:,./-[]").contains(c);
}
bool isIdentifier(QStringView s)
{
    if (s.isEmpty() || !isNameStart(s.front()))
        return false;
    for (const QChar c : s)
        if (!isNameChar(c))
            return false;
    return true;
}
bool isInteger(QStringView s)
{
    s = s.trimmed();
    if (s.startsWith(u'-') || s.startsWith(u'+'))
        s = s.mid(1);
    if (s.isEmpty())
        return false;
    for (const QChar c : s)
        if (!isDigit(c))
            return false;
    return true;
}
QString baseName(const QString &path)
{
    const qsizetype slash = path.lastIndexOf(u'/');
    return slash < 0 ? path : path.mid(slash + 1);
}

// Variables whose value changes which program a later word runs or makes bash run code by itself.
bool isDangerousVariable(QStringView name)
{
    static const QSet<QString> names{u"PATH"_s,
                                     u"BASH_ENV"_s,
                                     u"ENV"_s,
                                     u"PS0"_s,
                                     u"PS1"_s,
                                     u"PS2"_s,
                                     u"PS3"_s,
                                     u"PS4"_s,
                                     u"PROMPT_COMMAND"_s,
                                     u"SHELLOPTS"_s,
                                     u"BASHOPTS"_s,
                                     u"BASH_CMDS"_s,
                                     u"BASH_ALIASES"_s,
                                     u"BASH_LOADABLES_PATH"_s,
                                     u"EXECIGNORE"_s,
                                     u"LD_PRELOAD"_s,
                                     u"LD_LIBRARY_PATH"_s,
                                     u"LD_AUDIT"_s,
                                     u"POSIXLY_CORRECT"_s,
                                     u"HOME"_s,
                                     u"BASH_COMPAT"_s};
    return names.contains(name.toString()) || name.startsWith(u"BASH_FUNC_");
}

enum class Arith { Constant, Variable, Bad };
// What an arithmetic expression reads: only numbers and operators, a variable (whose value bash evaluates
// again, array indexes and their command substitutions included), or something not modelled.
Arith classifyArithmetic(QStringView s)
{
    Arith result = Arith::Constant;
    for (qsizetype i = 0; i < s.size(); ++i) {
        const QChar c = s.at(i);
        if (isBlank(c) || c == u'\n')
            continue;
        if (isDigit(c)) {
            while (i + 1 < s.size() &&
                   (isNameChar(s.at(i + 1)) || s.at(i + 1) == u'#' || s.at(i + 1) == u'@'))
                ++i;
            continue;
        }
        if (isNameStart(c) || c == u'$' || c == u'[' || c == u']') {
            result = Arith::Variable;
            continue;
        }
        if (QStringView(u"+-*/%<>=!&|^~?:,();").contains(c))
            continue;
        return Arith::Bad;
    }
    return result;
}

// $'…' as bash decodes it. plain is false when an escape makes a character the splitter does not model
// exactly (a control or non-ASCII character from a numeric escape, \c).
QString decodeAnsiC(QStringView s, bool *plain)
{
    QString out;
    out.reserve(s.size());
    const auto hexValue = [](QChar c) {
        if (isDigit(c))
            return int(c.unicode() - u'0');
        if (c >= u'a' && c <= u'f')
            return int(c.unicode() - u'a' + 10);
        if (c >= u'A' && c <= u'F')
            return int(c.unicode() - u'A' + 10);
        return -1;
    };
    for (qsizetype i = 0; i < s.size(); ++i) {
        const QChar c = s.at(i);
        if (c != u'\\' || i + 1 >= s.size()) {
            out += c;
            continue;
        }
        const QChar d = s.at(++i);
        switch (d.unicode()) {
        case 'a':
            out += QChar(7);
            break;
        case 'b':
            out += QChar(8);
            break;
        case 'e':
        case 'E':
            out += QChar(27);
            break;
        case 'f':
            out += QChar(12);
            break;
        case 'n':
            out += u'\n';
            break;
        case 'r':
            out += u'\r';
            break;
        case 't':
            out += u'\t';
            break;
        case 'v':
            out += QChar(11);
            break;
        case '\\':
        case '\'':
        case '"':
        case '?':
            out += d;
            break;
        case 'x':
        case 'u':
        case 'U': {
            const int maxDigits = d == u'x' ? 2 : d == u'u' ? 4 : 8;
            uint value = 0;
            int n = 0;
            while (n < maxDigits && i + 1 < s.size() && hexValue(s.at(i + 1)) >= 0) {
                value = value * 16 + uint(hexValue(s.at(++i)));
                ++n;
            }
            if (n == 0) {
                out += u'\\';
                out += d;
            } else if (value >= 0x20 && value < 0x7f) {
                out += QChar(char16_t(value));
            } else {
                *plain = false;
                out += QChar(0xfffd);
            }
            break;
        }
        case 'c':
            *plain = false;
            if (i + 1 < s.size())
                ++i;
            out += QChar(0xfffd);
            break;
        default:
            if (d >= u'0' && d <= u'7') {
                uint value = d.unicode() - u'0';
                int n = 1;
                while (n < 3 && i + 1 < s.size() && s.at(i + 1) >= u'0' && s.at(i + 1) <= u'7') {
                    value = value * 8 + (s.at(++i).unicode() - u'0');
                    ++n;
                }
                if (value >= 0x20 && value < 0x7f) {
                    out += QChar(char16_t(value));
                } else {
                    *plain = false;
                    out += QChar(0xfffd);
                }
            } else {
                out += u'\\';
                out += d;
            }
        }
    }
    return out;
}

// A word as the lexer read it.
struct Word
{
    QString raw;              // the source text
    QString value;            // after quote removal; expansions, globs and braces as written
    QString canonical;        // value re-quoted where needed (ShellCommand::text)
    QString pending;          // literal characters not yet in canonical
    bool literal = true;      // value is exactly the word bash will use
    bool quoted = false;      // some part was quoted or escaped
    bool locale = false;      // $"…"
    bool compound = false;    // NAME=(…)
    qsizetype braceOpen = -1; // where an unquoted { is in value

    void addLiteral(QChar c)
    {
        value += c;
        pending += c;
    }
    void addLiteral(QStringView s)
    {
        value += s;
        pending += s;
    }
    void addRaw(QStringView s)
    {
        flush();
        value += s;
        canonical += s;
        literal = false;
    }
    void flush()
    {
        if (!pending.isEmpty())
            canonical += ShellSplitter::quote(pending);
        pending.clear();
    }
    void finish()
    {
        flush();
        if (canonical.isEmpty())
            canonical = u"''"_s;
    }
    // "NAME", "NAME[index]" when the word is an assignment (NAME=…, NAME+=…, NAME[index]=…), else empty.
    QString assignmentName() const { return assignmentPrefix(raw, nullptr); }
    static QString assignmentPrefix(QStringView s, qsizetype *valueStart)
    {
        qsizetype i = 0;
        if (s.isEmpty() || !isNameStart(s.at(0)))
            return {};
        while (i < s.size() && isNameChar(s.at(i)))
            ++i;
        if (i < s.size() && s.at(i) == u'[') {
            int depth = 0;
            for (; i < s.size(); ++i) {
                if (s.at(i) == u'[')
                    ++depth;
                else if (s.at(i) == u']' && --depth == 0)
                    break;
            }
            if (i >= s.size())
                return {};
            ++i;
        }
        const qsizetype nameEnd = i;
        if (i < s.size() && s.at(i) == u'+')
            ++i;
        if (i >= s.size() || s.at(i) != u'=')
            return {};
        if (valueStart)
            *valueStart = i + 1;
        return s.left(nameEnd).toString();
    }
};

enum class Tk { Word, Op, Newline, End };
struct Token
{
    Tk type = Tk::End;
    QString op;
    QString text; // an operator as written, with its fd number or {name}
    Word word;
};

struct Heredoc
{
    QString delimiter;
    bool quoted = false;
    bool stripTabs = false;
};

struct Stop
{
    QStringList words;
    bool paren = false;
    bool caseEnd = false;
};

class Parser
{
public:
    Parser(QStringView s, ShellSplit &out, int depth, int substitution)
        : m_s(s)
        , m_out(out)
        , m_depth(depth)
        , m_subst(substitution)
    {}

    void program()
    {
        parseList({});
        if (!m_stop && peek().type != Tk::End)
            syntaxError();
        if (!m_pending.isEmpty())
            note(u"a here-document without its end line \u201c%1\u201d"_s.arg(m_pending.first().delimiter));
    }

    // A here-document's body: like double quotes, but quote characters are plain text.
    void heredocBody()
    {
        Word scratch;
        while (m_pos < m_s.size() && !m_stop) {
            const QChar c = m_s.at(m_pos);
            if (c == u'\\') {
                m_pos += 2;
            } else if (c == u'$') {
                readDollar(scratch, true);
            } else if (c == u'`') {
                readBacktick(scratch, false);
            } else {
                ++m_pos;
            }
        }
    }

private:
    QChar at(qsizetype i) const { return i < m_s.size() ? m_s.at(i) : QChar(); }

    void note(const QString &why)
    {
        if (m_out.unaccounted.isEmpty())
            m_out.unaccounted = why;
    }
    // Stops this parser: what follows cannot be read reliably.
    void fail(const QString &why)
    {
        note(why);
        m_stop = true;
    }
    void syntaxError()
    {
        const QStringView rest = m_s.mid(qMin(m_pos, m_s.size())).left(20);
        fail(u"bash would refuse it as a syntax error (near \u201c%1\u201d)"_s.arg(
            rest.toString().simplified()));
    }
    bool enter()
    {
        if (++m_depth > ShellSplitter::MaxDepth) {
            fail(u"it nests more than %1 levels"_s.arg(ShellSplitter::MaxDepth));
            return false;
        }
        return true;
    }
    void leave() { --m_depth; }

    // ---- lexer ----

    Token &peek()
    {
        if (!m_peek) {
            Token t = lex();
            m_peek = std::move(t);
        }
        return *m_peek;
    }
    Token next()
    {
        Token t = m_peek ? std::move(*m_peek) : lex();
        m_peek.reset();
        if (t.type == Tk::Newline)
            readHeredocs();
        return t;
    }
    void skipNewlines()
    {
        while (!m_stop && peek().type == Tk::Newline)
            next();
    }
    bool isWord(const Token &t, QStringView keyword) const
    {
        return t.type == Tk::Word && !t.word.quoted && t.word.value == keyword;
    }
    static bool isRedirect(const Token &t)
    {
        static const QSet<QString> ops{u"<"_s,  u">"_s,  u">>"_s, u"<<"_s, u"<<-"_s, u"<<<"_s,
                                       u"<>"_s, u"<&"_s, u">&"_s, u">|"_s, u"&>"_s,  u"&>>"_s};
        return t.type == Tk::Op && ops.contains(t.op);
    }

    Token lex()
    {
        Token t;
        for (;;) {
            while (m_pos < m_s.size()) {
                const QChar c = m_s.at(m_pos);
                if (isBlank(c))
                    ++m_pos;
                else if (c == u'\\' && at(m_pos + 1) == u'\n')
                    m_pos += 2;
                else
                    break;
            }
            if (m_pos < m_s.size() && m_s.at(m_pos) == u'#') {
                while (m_pos < m_s.size() && m_s.at(m_pos) != u'\n')
                    ++m_pos;
                continue;
            }
            break;
        }
        if (m_stop || m_pos >= m_s.size())
            return t;
        const QChar c = m_s.at(m_pos);
        if (c == u'\n') {
            ++m_pos;
            t.type = Tk::Newline;
            return t;
        }
        // An fd number or {name} right before a redirection belongs to it.
        qsizetype p = m_pos;
        const auto redirectsAt = [this](qsizetype q) {
            return (at(q) == u'<' || at(q) == u'>') && at(q + 1) != u'(';
        };
        if (isDigit(c)) {
            qsizetype q = m_pos;
            while (isDigit(at(q)))
                ++q;
            if (redirectsAt(q))
                p = q;
        } else if (c == u'{') {
            qsizetype q = m_pos + 1;
            while (q < m_s.size() && (isNameChar(m_s.at(q)) || m_s.at(q) == u'[' || m_s.at(q) == u']'))
                ++q;
            if (at(q) == u'}' && redirectsAt(q + 1)) {
                const QStringView name = m_s.mid(m_pos + 1, q - m_pos - 1);
                if (!isIdentifier(name))
                    note(u"a redirection names its file descriptor with \u201c%1\u201d"_s.arg(
                        name.toString()));
                p = q + 1;
            }
        }
        if (p > m_pos || !((c == u'<' || c == u'>') && at(m_pos + 1) == u'(')) {
            static const char16_t *const ops[] = {u";;&", u";;", u";&", u";",  u"&&", u"&>>", u"&>",  u"&",
                                                  u"||",  u"|&", u"|",  u"(",  u")",  u"<<<", u"<<-", u"<<",
                                                  u"<>",  u"<&", u"<",  u">>", u">&", u">|",  u">"};
            const QStringView rest = m_s.mid(p);
            for (const char16_t *op : ops) {
                const QStringView o(op);
                if (rest.startsWith(o)) {
                    t.text = m_s.mid(m_pos, p + o.size() - m_pos).toString();
                    m_pos = p + o.size();
                    t.type = Tk::Op;
                    t.op = o.toString();
                    return t;
                }
            }
        }
        t.type = Tk::Word;
        readWord(t.word);
        return t;
    }

    void readWord(Word &w)
    {
        const qsizetype start = m_pos;
        while (m_pos < m_s.size() && !m_stop) {
            const QChar c = m_s.at(m_pos);
            if ((c == u'<' || c == u'>') && at(m_pos + 1) == u'(') {
                readSubstitution(w, m_pos + 2);
                continue;
            }
            if (isMeta(c)) {
                if (c == u'(') {
                    qsizetype valueStart = 0;
                    const QStringView sofar = m_s.mid(start, m_pos - start);
                    if (!Word::assignmentPrefix(sofar, &valueStart).isEmpty() && valueStart == sofar.size()) {
                        readCompound(w);
                        continue;
                    }
                }
                break;
            }
            switch (c.unicode()) {
            case '\\':
                if (at(m_pos + 1) == u'\n') {
                    m_pos += 2;
                } else if (m_pos + 1 < m_s.size()) {
                    w.quoted = true;
                    w.addLiteral(m_s.at(m_pos + 1));
                    m_pos += 2;
                } else {
                    w.addLiteral(c);
                    ++m_pos;
                }
                break;
            case '\'': {
                const qsizetype end = m_s.indexOf(u'\'', m_pos + 1);
                if (end < 0) {
                    fail(u"an unbalanced ' quote"_s);
                    return;
                }
                w.quoted = true;
                w.addLiteral(m_s.mid(m_pos + 1, end - m_pos - 1));
                m_pos = end + 1;
                break;
            }
            case '"':
                readDouble(w);
                break;
            case '$':
                readDollar(w, false);
                break;
            case '`':
                readBacktick(w, false);
                break;
            case '*':
            case '?':
                w.addRaw(m_s.mid(m_pos, 1));
                ++m_pos;
                break;
            case '{':
                if (w.braceOpen < 0)
                    w.braceOpen = w.value.size();
                w.addLiteral(c);
                ++m_pos;
                break;
            case '}': {
                // Brace expansion: an unquoted {…,…} or {a..b}; a lone {} is text.
                if (w.braceOpen >= 0) {
                    const QStringView inside = QStringView(w.value).mid(w.braceOpen);
                    if (inside.contains(u',') || inside.contains(u".."))
                        w.literal = false;
                }
                w.addLiteral(c);
                ++m_pos;
                break;
            }
            case '[': {
                // A glob only when a ] follows in the same word; a lone [ is the test command.
                qsizetype q = m_pos + 1;
                while (q < m_s.size() && !isMeta(m_s.at(q)) && m_s.at(q) != u']')
                    ++q;
                if (at(q) == u']')
                    w.addRaw(u"[");
                else
                    w.addLiteral(c);
                ++m_pos;
                break;
            }
            case '~': {
                const QChar before = m_pos > start ? m_s.at(m_pos - 1) : QChar();
                if (m_pos == start || before == u'=' || before == u':')
                    w.addRaw(u"~");
                else
                    w.addLiteral(c);
                ++m_pos;
                break;
            }
            default:
                w.addLiteral(c);
                ++m_pos;
            }
        }
        w.raw = m_s.mid(start, m_pos - start).toString();
        w.finish();
    }

    void readDouble(Word &w)
    {
        w.quoted = true;
        ++m_pos;
        while (m_pos < m_s.size() && !m_stop) {
            const QChar c = m_s.at(m_pos);
            if (c == u'"') {
                ++m_pos;
                return;
            }
            if (c == u'\\') {
                const QChar d = at(m_pos + 1);
                if (d == u'\n') {
                    m_pos += 2;
                } else if (d == u'$' || d == u'`' || d == u'"' || d == u'\\') {
                    w.addLiteral(d);
                    m_pos += 2;
                } else {
                    w.addLiteral(c);
                    ++m_pos;
                }
            } else if (c == u'$') {
                readDollar(w, true);
            } else if (c == u'`') {
                readBacktick(w, true);
            } else {
                w.addLiteral(c);
                ++m_pos;
            }
        }
        if (!m_stop)
            fail(u"an unbalanced \" quote"_s);
    }

    // At a $: an expansion, a quote or a plain dollar sign.
    void readDollar(Word &w, bool inDouble)
    {
        const qsizetype start = m_pos;
        const QChar d = at(m_pos + 1);
        if (d == u'\'' && !inDouble) {
            qsizetype i = m_pos + 2;
            while (i < m_s.size() && m_s.at(i) != u'\'')
                i += m_s.at(i) == u'\\' ? 2 : 1;
            if (i >= m_s.size()) {
                fail(u"an unbalanced $' quote"_s);
                return;
            }
            bool plain = true;
            const QString decoded = decodeAnsiC(m_s.mid(m_pos + 2, i - m_pos - 2), &plain);
            w.quoted = true;
            if (plain)
                w.addLiteral(decoded);
            else
                w.addRaw(m_s.mid(m_pos, i + 1 - m_pos));
            m_pos = i + 1;
        } else if (d == u'"' && !inDouble) {
            ++m_pos;
            w.locale = true;
            readDouble(w);
        } else if (d == u'(') {
            if (at(m_pos + 2) == u'(' && readArithmetic(w, m_pos + 3, true))
                return;
            readSubstitution(w, m_pos + 2);
        } else if (d == u'[') {
            readArithmetic(w, m_pos + 2, false);
        } else if (d == u'{') {
            readParameter(w, inDouble);
        } else if (isNameStart(d)) {
            qsizetype i = m_pos + 1;
            while (i < m_s.size() && isNameChar(m_s.at(i)))
                ++i;
            m_pos = i;
            w.addRaw(m_s.mid(start, m_pos - start));
        } else if (isDigit(d) || QStringView(u"@*#?-$!").contains(d)) {
            m_pos += 2;
            w.addRaw(m_s.mid(start, 2));
        } else {
            w.addLiteral(u'$');
            ++m_pos;
        }
    }

    // $((…)) or $[…] (or a (( … )) command with dollar false and bracket false): true when it was
    // arithmetic; false for $( (…) …), which is a command substitution holding a subshell.
    bool readArithmetic(Word &w, qsizetype contentStart, bool doubleParen)
    {
        int depth = 0;
        qsizetype i = contentStart;
        qsizetype end = -1;
        for (; i < m_s.size(); ++i) {
            const QChar c = m_s.at(i);
            if (doubleParen) {
                if (c == u'(') {
                    ++depth;
                } else if (c == u')') {
                    if (depth == 0) {
                        if (at(i + 1) == u')')
                            end = i;
                        break;
                    }
                    --depth;
                }
            } else if (c == u'[') {
                ++depth;
            } else if (c == u']') {
                if (depth == 0) {
                    end = i;
                    break;
                }
                --depth;
            }
        }
        if (end < 0) {
            if (doubleParen)
                return false;
            fail(u"an unbalanced $["_s);
            return true;
        }
        const QStringView content = m_s.mid(contentStart, end - contentStart);
        const qsizetype start = m_pos;
        m_pos = end + (doubleParen ? 2 : 1);
        w.addRaw(m_s.mid(start, m_pos - start));
        checkArithmetic(content);
        return true;
    }

    void checkArithmetic(QStringView content)
    {
        switch (classifyArithmetic(content)) {
        case Arith::Constant:
            break;
        case Arith::Variable:
            note(
                u"arithmetic on a variable (bash evaluates its value again, and an array index in it can run "
                "a command)"_s);
            break;
        case Arith::Bad:
            note(u"arithmetic holding quotes, a substitution or characters it does not model"_s);
            break;
        }
    }

    // $(…), <(…) or >(…): the commands inside run too.
    void readSubstitution(Word &w, qsizetype contentStart)
    {
        const qsizetype start = m_pos;
        if (!enter())
            return;
        if (!m_pending.isEmpty())
            note(u"a command substitution on a line whose here-document has not been read yet"_s);
        const qsizetype pendingBefore = m_pending.size();
        m_pos = contentStart;
        ++m_subst;
        m_out.substitution = true;
        std::optional<Token> saved = std::move(m_peek);
        m_peek.reset();
        parseList({{}, true, false});
        if (!m_stop) {
            const Token close = next();
            if (close.type != Tk::Op || close.op != u")"_s)
                fail(u"an unbalanced $( or <( (no closing parenthesis)"_s);
        }
        m_peek = std::move(saved);
        if (m_pending.size() > pendingBefore) {
            note(u"a here-document inside a substitution that ends on the same line"_s);
            m_pending.resize(pendingBefore);
        }
        --m_subst;
        leave();
        w.addRaw(m_s.mid(start, qMin(m_pos, m_s.size()) - start));
    }

    void readBacktick(Word &w, bool inDouble)
    {
        const qsizetype start = m_pos;
        QString content;
        qsizetype i = m_pos + 1;
        for (; i < m_s.size(); ++i) {
            const QChar c = m_s.at(i);
            if (c == u'\\' && i + 1 < m_s.size()) {
                const QChar d = m_s.at(i + 1);
                if (d == u'$' || d == u'`' || d == u'\\' || (inDouble && d == u'"')) {
                    content += d;
                } else {
                    content += c;
                    content += d;
                }
                ++i;
            } else if (c == u'`') {
                break;
            } else {
                content += c;
            }
        }
        if (i >= m_s.size()) {
            fail(u"an unbalanced ` quote"_s);
            return;
        }
        m_pos = i + 1;
        w.addRaw(m_s.mid(start, m_pos - start));
        if (m_depth + 1 > ShellSplitter::MaxDepth) {
            fail(u"it nests more than %1 levels"_s.arg(ShellSplitter::MaxDepth));
            return;
        }
        m_out.substitution = true;
        Parser inner(content, m_out, m_depth + 1, m_subst + 1);
        inner.program();
    }

    // ${…}: nested quotes and substitutions are read (and their commands judged); forms whose meaning
    // depends on a value only known when the call runs are noted.
    void readParameter(Word &w, bool inDouble)
    {
        const qsizetype start = m_pos;
        if (!enter())
            return;
        m_pos += 2;
        const qsizetype contentStart = m_pos;
        Word scratch;
        int braces = 0;
        for (;;) {
            if (m_stop)
                return;
            if (m_pos >= m_s.size()) {
                fail(u"an unbalanced ${"_s);
                return;
            }
            const QChar c = m_s.at(m_pos);
            if (c == u'}') {
                if (braces == 0)
                    break;
                --braces;
                ++m_pos;
            } else if (c == u'{') {
                ++braces;
                ++m_pos;
            } else if (c == u'\\') {
                m_pos += 2;
            } else if (c == u'\'') {
                if (inDouble) {
                    fail(u"a ' quote inside ${\u2026} within double quotes"_s);
                    return;
                }
                const qsizetype end = m_s.indexOf(u'\'', m_pos + 1);
                if (end < 0) {
                    fail(u"an unbalanced ' quote"_s);
                    return;
                }
                m_pos = end + 1;
            } else if (c == u'"') {
                readDouble(scratch);
            } else if (c == u'$') {
                readDollar(scratch, inDouble);
            } else if (c == u'`') {
                readBacktick(scratch, inDouble);
            } else {
                ++m_pos;
            }
        }
        const QStringView content = m_s.mid(contentStart, m_pos - contentStart);
        ++m_pos;
        leave();
        w.addRaw(m_s.mid(start, m_pos - start));
        checkParameter(content);
    }

    void checkParameter(QStringView content)
    {
        if (content.isEmpty()) {
            note(u"an empty ${}"_s);
            return;
        }
        qsizetype i = 0;
        if (content.at(0) == u'!' && content.size() > 1) {
            // ${!prefix*}, ${!prefix@}, ${!name[@]}, ${!name[*]} list names or keys; any other ${!…} reads
            // a variable named by a value.
            const QStringView rest = content.mid(1);
            const bool names = (rest.endsWith(u'*') || rest.endsWith(u'@')) && isIdentifier(rest.chopped(1));
            const bool keys =
                (rest.endsWith(u"[@]") || rest.endsWith(u"[*]")) && isIdentifier(rest.chopped(3));
            if (!names && !keys)
                note(
                    u"an indirect expansion ${!\u2026} (the variable it reads is only known when it runs)"_s);
            return;
        }
        if (content.at(0) == u'#' && content.size() > 1)
            i = 1;
        const qsizetype nameStart = i;
        if (i < content.size() && isNameStart(content.at(i))) {
            while (i < content.size() && isNameChar(content.at(i)))
                ++i;
        } else if (i < content.size() && isDigit(content.at(i))) {
            while (i < content.size() && isDigit(content.at(i)))
                ++i;
        } else if (i < content.size() && QStringView(u"@*#?-$!").contains(content.at(i))) {
            ++i;
        } else {
            note(u"a ${\u2026} form the splitter does not model"_s);
            return;
        }
        const QStringView name = content.mid(nameStart, i - nameStart);
        if (i < content.size() && content.at(i) == u'[') {
            int depth = 0;
            const qsizetype open = i;
            for (; i < content.size(); ++i) {
                if (content.at(i) == u'[')
                    ++depth;
                else if (content.at(i) == u']' && --depth == 0)
                    break;
            }
            if (i >= content.size()) {
                note(u"an unbalanced [ in ${\u2026}"_s);
                return;
            }
            checkIndex(content.mid(open + 1, i - open - 1), true);
            ++i;
        }
        const QStringView op = content.mid(i);
        if (op.isEmpty())
            return;
        if (op.startsWith(u'@')) {
            if (op.size() != 2 || !QStringView(u"QEAKakuUL").contains(op.at(1)))
                note(u"${\u2026%1} (prompt expansion runs the command substitutions in a value)"_s.arg(
                    op.toString()));
            return;
        }
        if (op.startsWith(u'=') || op.startsWith(u":=")) {
            checkVariable(name, {});
            return;
        }
        if (op.startsWith(u':') && op.size() > 1 && !QStringView(u"-=?+").contains(op.at(1))) {
            // ${name:offset:length}: both are arithmetic.
            checkArithmetic(op.mid(1));
        }
    }

    // An array index: bash evaluates an indexed array's index as arithmetic.
    void checkIndex(QStringView index, bool readOnly)
    {
        const QStringView t = index.trimmed();
        if (isInteger(t) || (readOnly && (t == u"@" || t == u"*")))
            return;
        note(u"an array index that is only known when it runs ([%1]; bash evaluates it as arithmetic, which "
             "can run a command)"_s.arg(index.toString()));
    }

    // A variable the call sets: not one that changes how bash finds or runs commands, and no index that
    // is only known when it runs.
    void checkVariable(QStringView nameWithIndex, const QString &context)
    {
        const qsizetype open = nameWithIndex.indexOf(u'[');
        const QStringView name = open < 0 ? nameWithIndex : nameWithIndex.left(open);
        if (isDangerousVariable(name))
            note(u"it sets %1%2, which changes what later commands run"_s.arg(name.toString(), context));
        if (open >= 0) {
            if (!nameWithIndex.endsWith(u']'))
                note(u"a variable name the splitter does not model (%1)"_s.arg(nameWithIndex.toString()));
            else
                checkIndex(nameWithIndex.mid(open + 1, nameWithIndex.size() - open - 2), false);
        }
    }

    // NAME=(…) right after the = : the elements are words; [index]=value elements are checked.
    void readCompound(Word &w)
    {
        const qsizetype start = m_pos;
        if (!enter())
            return;
        ++m_pos;
        std::optional<Token> saved = std::move(m_peek);
        m_peek.reset();
        for (;;) {
            if (m_stop)
                return;
            Token t = lex();
            if (t.type == Tk::Newline) {
                if (!m_pending.isEmpty())
                    note(u"an array assignment across a here-document"_s);
                continue;
            }
            if (t.type == Tk::Op && t.op == u")"_s)
                break;
            if (t.type != Tk::Word) {
                fail(u"an unbalanced ( in an array assignment"_s);
                return;
            }
            if (t.word.raw.startsWith(u'[')) {
                const qsizetype close = t.word.raw.indexOf(u"]="_s);
                const qsizetype closeAppend = t.word.raw.indexOf(u"]+="_s);
                const qsizetype end = close >= 0 ? close : closeAppend;
                if (end > 0)
                    checkIndex(QStringView(t.word.raw).mid(1, end - 1), false);
            }
        }
        m_peek = std::move(saved);
        leave();
        w.addRaw(m_s.mid(start, m_pos - start));
        w.compound = true;
    }

    // Inside [[ … ]] after =~: a regular expression, where ( ) and | belong to the word.
    Word readRegex()
    {
        Word w;
        while (m_pos < m_s.size() && isBlank(m_s.at(m_pos)))
            ++m_pos;
        const qsizetype start = m_pos;
        int depth = 0;
        while (m_pos < m_s.size() && !m_stop) {
            const QChar c = m_s.at(m_pos);
            if ((isBlank(c) || c == u'\n') && depth == 0)
                break;
            if (c == u'(') {
                ++depth;
            } else if (c == u')') {
                if (depth == 0)
                    break;
                --depth;
            } else if (c == u'\\') {
                w.quoted = true;
                ++m_pos;
            } else if (c == u'\'') {
                const qsizetype end = m_s.indexOf(u'\'', m_pos + 1);
                if (end < 0) {
                    fail(u"an unbalanced ' quote"_s);
                    return w;
                }
                m_pos = end + 1;
                continue;
            } else if (c == u'"') {
                readDouble(w);
                continue;
            } else if (c == u'$') {
                readDollar(w, false);
                continue;
            } else if (c == u'`') {
                readBacktick(w, false);
                continue;
            }
            ++m_pos;
        }
        w.raw = m_s.mid(start, m_pos - start).toString();
        w.value = w.raw;
        w.finish();
        return w;
    }

    // After a newline: the bodies of the here-documents started on that line, in order.
    void readHeredocs()
    {
        const QList<Heredoc> docs = std::exchange(m_pending, {});
        for (const Heredoc &h : docs) {
            QString body;
            bool found = false;
            while (m_pos < m_s.size()) {
                QString line;
                for (;;) {
                    qsizetype eol = m_s.indexOf(u'\n', m_pos);
                    if (eol < 0)
                        eol = m_s.size();
                    line += m_s.mid(m_pos, eol - m_pos);
                    m_pos = qMin(eol + 1, m_s.size());
                    // Unquoted: a backslash before the newline joins the next line, delimiter included.
                    qsizetype slashes = 0;
                    while (slashes < line.size() && line.at(line.size() - 1 - slashes) == u'\\')
                        ++slashes;
                    if (h.quoted || slashes % 2 == 0 || eol >= m_s.size())
                        break;
                    line.chop(1);
                }
                if (h.stripTabs) {
                    qsizetype tabs = 0;
                    while (tabs < line.size() && line.at(tabs) == u'\t')
                        ++tabs;
                    line.remove(0, tabs);
                }
                if (line == h.delimiter) {
                    found = true;
                    break;
                }
                body += line;
                body += u'\n';
            }
            if (!found) {
                note(u"a here-document without its end line \u201c%1\u201d"_s.arg(h.delimiter));
                return;
            }
            if (!h.quoted) {
                if (m_depth + 1 > ShellSplitter::MaxDepth) {
                    fail(u"it nests more than %1 levels"_s.arg(ShellSplitter::MaxDepth));
                    return;
                }
                Parser inner(body, m_out, m_depth + 1, m_subst);
                inner.heredocBody();
            }
        }
    }

    // ---- parser ----

    bool isStop(const Token &t, const Stop &stop) const
    {
        if (t.type == Tk::Op)
            return (stop.paren && t.op == u")"_s) ||
                   (stop.caseEnd && (t.op == u";;"_s || t.op == u";&"_s || t.op == u";;&"_s));
        return t.type == Tk::Word && !t.word.quoted && stop.words.contains(t.word.value);
    }

    void parseList(const Stop &stop)
    {
        while (!m_stop) {
            const Token &t = peek();
            if (t.type == Tk::End || isStop(t, stop))
                return;
            if (t.type == Tk::Newline) {
                next();
                continue;
            }
            parseAndOr();
            if (m_stop)
                return;
            const Token &u = peek();
            if (u.type == Tk::Op && (u.op == u";"_s || u.op == u"&"_s)) {
                next();
                continue;
            }
            if (u.type == Tk::Newline || u.type == Tk::End || isStop(u, stop))
                continue;
            syntaxError();
        }
    }

    void parseAndOr()
    {
        parsePipeline();
        while (!m_stop) {
            const Token &t = peek();
            if (t.type != Tk::Op || (t.op != u"&&"_s && t.op != u"||"_s))
                return;
            next();
            skipNewlines();
            parsePipeline();
        }
    }

    void parsePipeline()
    {
        bool timed = false;
        if (isWord(peek(), u"time")) {
            next();
            timed = true;
            if (isWord(peek(), u"-p"))
                next();
            if (isWord(peek(), u"--"))
                next();
        }
        while (!m_stop && isWord(peek(), u"!"))
            next();
        if (m_stop)
            return;
        const Token &t = peek();
        if (timed && (t.type == Tk::End || t.type == Tk::Newline ||
                      (t.type == Tk::Op && (t.op == u";"_s || t.op == u"&"_s || t.op == u")"_s))))
            return;
        parseCommand();
        while (!m_stop) {
            const Token &u = peek();
            if (u.type != Tk::Op || (u.op != u"|"_s && u.op != u"|&"_s))
                return;
            next();
            skipNewlines();
            parseCommand();
        }
    }

    void expectWord(QStringView keyword)
    {
        if (m_stop)
            return;
        if (!isWord(peek(), keyword)) {
            syntaxError();
            return;
        }
        next();
    }
    void expectOp(QStringView op)
    {
        if (m_stop)
            return;
        const Token &t = peek();
        if (t.type != Tk::Op || t.op != op) {
            syntaxError();
            return;
        }
        next();
    }

    bool startsCompound(const Token &t) const
    {
        if (t.type == Tk::Op)
            return t.op == u"("_s;
        static const QStringList words{u"{"_s,   u"if"_s,     u"while"_s, u"until"_s,
                                       u"for"_s, u"select"_s, u"case"_s,  u"[["_s};
        return t.type == Tk::Word && !t.word.quoted && words.contains(t.word.value);
    }

    void parseCommand()
    {
        if (!enter())
            return;
        parseCommandInner();
        leave();
    }

    void parseCommandInner()
    {
        if (m_out.commands.size() > ShellSplitter::MaxCommands) {
            fail(u"it holds more than %1 commands"_s.arg(ShellSplitter::MaxCommands));
            return;
        }
        const Token &t = peek();
        if (t.type == Tk::Op) {
            if (t.op == u"("_s) {
                if (at(m_pos) == u'(') {
                    // (( … )): arithmetic, unless it is two subshells.
                    const qsizetype save = m_pos;
                    Word scratch;
                    m_pos = save - 1;
                    if (readArithmetic(scratch, save + 1, true)) {
                        m_peek.reset();
                        parseRedirects();
                        return;
                    }
                    m_pos = save;
                }
                next();
                parseList({{}, true, false});
                expectOp(u")");
                parseRedirects();
                return;
            }
            if (isRedirect(t)) {
                parseSimple({});
                return;
            }
            syntaxError();
            return;
        }
        if (t.type != Tk::Word) {
            syntaxError();
            return;
        }
        if (!t.word.quoted) {
            const QString &v = t.word.value;
            if (v == u"{"_s) {
                next();
                parseList({{u"}"_s}});
                expectWord(u"}");
                parseRedirects();
                return;
            }
            if (v == u"if"_s) {
                parseIf();
                return;
            }
            if (v == u"while"_s || v == u"until"_s) {
                next();
                parseList({{u"do"_s}});
                expectWord(u"do");
                parseList({{u"done"_s}});
                expectWord(u"done");
                parseRedirects();
                return;
            }
            if (v == u"for"_s || v == u"select"_s) {
                parseFor();
                return;
            }
            if (v == u"case"_s) {
                parseCase();
                return;
            }
            if (v == u"[["_s) {
                parseCondition();
                return;
            }
            if (v == u"function"_s) {
                next();
                const Token name = next();
                if (name.type != Tk::Word) {
                    syntaxError();
                    return;
                }
                if (peek().type == Tk::Op && peek().op == u"("_s) {
                    next();
                    expectOp(u")");
                }
                parseFunctionBody();
                return;
            }
            if (v == u"coproc"_s) {
                next();
                if (startsCompound(peek())) {
                    parseCommand();
                    return;
                }
                if (peek().type != Tk::Word) {
                    syntaxError();
                    return;
                }
                Word first = next().word;
                if (startsCompound(peek())) {
                    parseCommand();
                    return;
                }
                parseSimple(std::move(first));
                return;
            }
            static const QStringList misplaced{u"then"_s, u"else"_s, u"elif"_s, u"fi"_s,
                                               u"do"_s,   u"done"_s, u"esac"_s, u"}"_s};
            if (misplaced.contains(v)) {
                syntaxError();
                return;
            }
        }
        parseSimple({});
    }

    void parseFunctionBody()
    {
        skipNewlines();
        if (m_stop)
            return;
        if (!startsCompound(peek())) {
            syntaxError();
            return;
        }
        parseCommand();
    }

    void parseRedirects()
    {
        while (!m_stop && isRedirect(peek()))
            parseRedirect();
        // After a compound command only a separator, a redirection or a closing keyword may follow.
        static const QStringList closing{u"then"_s, u"else"_s, u"elif"_s, u"fi"_s,
                                         u"do"_s,   u"done"_s, u"esac"_s, u"}"_s};
        if (!m_stop && peek().type == Tk::Word &&
            (peek().word.quoted || !closing.contains(peek().word.value)))
            syntaxError();
    }

    // One redirection; returns it as the rules see it ("2>&1", ">out", "<<EOF").
    QString parseRedirect()
    {
        const Token op = next();
        const Token target = next();
        if (target.type != Tk::Word) {
            syntaxError();
            return {};
        }
        if (op.op == u"<<"_s || op.op == u"<<-"_s) {
            const Word &w = target.word;
            if (w.raw.contains(u"$("_s) || w.raw.contains(u'`') || w.value.contains(u'\n'))
                note(u"a here-document delimiter the splitter does not model (%1)"_s.arg(w.raw));
            m_pending.append({w.value, w.quoted, op.op == u"<<-"_s});
        }
        const bool heredoc = op.op == u"<<"_s || op.op == u"<<-"_s;
        return op.text + (heredoc ? target.word.raw : target.word.canonical);
    }

    void parseIf()
    {
        next();
        parseList({{u"then"_s}});
        expectWord(u"then");
        parseList({{u"elif"_s, u"else"_s, u"fi"_s}});
        while (!m_stop) {
            if (isWord(peek(), u"elif")) {
                next();
                parseList({{u"then"_s}});
                expectWord(u"then");
                parseList({{u"elif"_s, u"else"_s, u"fi"_s}});
            } else if (isWord(peek(), u"else")) {
                next();
                parseList({{u"fi"_s}});
                expectWord(u"fi");
                break;
            } else {
                expectWord(u"fi");
                break;
            }
        }
        parseRedirects();
    }

    void parseFor()
    {
        const bool isFor = next().word.value == u"for"_s;
        if (isFor && peek().type == Tk::Op && peek().op == u"("_s && at(m_pos) == u'(') {
            const qsizetype save = m_pos;
            Word scratch;
            m_pos = save - 1;
            if (!readArithmetic(scratch, save + 1, true)) {
                syntaxError();
                return;
            }
            m_peek.reset();
        } else {
            const Token name = next();
            if (name.type != Tk::Word || !isIdentifier(name.word.raw)) {
                syntaxError();
                return;
            }
            checkVariable(name.word.value, u" as a loop variable"_s);
            skipNewlines();
            if (isWord(peek(), u"in")) {
                next();
                while (!m_stop && peek().type == Tk::Word)
                    next();
            }
        }
        if (m_stop)
            return;
        if (peek().type == Tk::Op && peek().op == u";"_s)
            next();
        skipNewlines();
        if (isWord(peek(), u"do")) {
            next();
            parseList({{u"done"_s}});
            expectWord(u"done");
        } else if (isWord(peek(), u"{")) {
            next();
            parseList({{u"}"_s}});
            expectWord(u"}");
        } else {
            syntaxError();
            return;
        }
        parseRedirects();
    }

    void parseCase()
    {
        next();
        if (next().type != Tk::Word) {
            syntaxError();
            return;
        }
        skipNewlines();
        expectWord(u"in");
        skipNewlines();
        while (!m_stop) {
            if (isWord(peek(), u"esac")) {
                next();
                break;
            }
            if (peek().type == Tk::Op && peek().op == u"("_s)
                next();
            if (next().type != Tk::Word) {
                syntaxError();
                return;
            }
            while (!m_stop && peek().type == Tk::Op && peek().op == u"|"_s) {
                next();
                if (next().type != Tk::Word) {
                    syntaxError();
                    return;
                }
            }
            expectOp(u")");
            parseList({{u"esac"_s}, false, true});
            if (m_stop)
                return;
            const Token &t = peek();
            if (t.type == Tk::Op && (t.op == u";;"_s || t.op == u";&"_s || t.op == u";;&"_s)) {
                next();
                skipNewlines();
                continue;
            }
            expectWord(u"esac");
            break;
        }
        parseRedirects();
    }

    void parseCondition()
    {
        next();
        QList<Word> words;
        for (;;) {
            if (m_stop)
                return;
            Token t = next();
            if (t.type == Tk::End) {
                fail(u"a [[ without its ]]"_s);
                return;
            }
            if (t.type == Tk::Newline)
                continue;
            if (t.type == Tk::Op) {
                static const QStringList ops{u"("_s, u")"_s, u"&&"_s, u"||"_s, u"<"_s, u">"_s};
                if (!ops.contains(t.op)) {
                    syntaxError();
                    return;
                }
                continue;
            }
            if (!t.word.quoted && t.word.value == u"]]"_s)
                break;
            const bool regex = !t.word.quoted && t.word.value == u"=~"_s;
            words.append(std::move(t.word));
            if (regex)
                words.append(readRegex());
        }
        static const QStringList arithmetic{u"-eq"_s, u"-ne"_s, u"-lt"_s, u"-le"_s, u"-gt"_s, u"-ge"_s};
        for (qsizetype i = 0; i < words.size(); ++i) {
            const Word &w = words.at(i);
            if (w.quoted)
                continue;
            if (arithmetic.contains(w.value)) {
                for (const qsizetype k : {i - 1, i + 1}) {
                    if (k < 0 || k >= words.size() || !words.at(k).literal || !isInteger(words.at(k).value)) {
                        note(u"[[ \u2026 %1 \u2026 ]] on a value only known when it runs (bash evaluates it "
                             u"as "
                             "arithmetic, which can run a command)"_s.arg(w.value));
                        break;
                    }
                }
            } else if (w.value == u"-v" && i + 1 < words.size()) {
                checkNameArgument(words.at(i + 1));
            }
        }
        parseRedirects();
    }

    // A word naming a variable (read NAME, printf -v NAME, [[ -v NAME ]]).
    void checkNameArgument(const Word &w)
    {
        if (!w.literal || w.locale) {
            note(u"a variable name only known when it runs (%1)"_s.arg(w.canonical));
            return;
        }
        checkVariable(w.value, {});
    }

    void parseSimple(std::optional<Word> first)
    {
        QList<Word> words;
        QStringList redirections;
        bool prefix = false;
        if (first)
            words.append(std::move(*first));
        while (!m_stop) {
            const Token &t = peek();
            if (isRedirect(t)) {
                prefix = true;
                redirections.append(parseRedirect());
                continue;
            }
            if (t.type != Tk::Word)
                break;
            Word w = next().word;
            if (words.isEmpty()) {
                const QString name = w.assignmentName();
                if (!name.isEmpty()) {
                    prefix = true;
                    checkVariable(name, {});
                    continue;
                }
            }
            words.append(std::move(w));
            if (words.size() == 1 && !prefix && peek().type == Tk::Op && peek().op == u"("_s) {
                // NAME () compound-command: a function; its body is judged where it is defined.
                next();
                expectOp(u")");
                parseFunctionBody();
                return;
            }
        }
        if (!m_stop && !words.isEmpty())
            judge(words, redirections);
    }

    // ---- judging one simple command ----

    static bool nameLiteral(const Word &w) { return w.literal && !w.locale && !w.compound; }

    void judge(const QList<Word> &words, const QStringList &redirections)
    {
        ShellCommand command;
        command.inSubstitution = m_subst > 0;
        command.invoked = words.first().value;
        qsizetype i = 0;
        for (;;) {
            const Word &w = words.at(i);
            if (!nameLiteral(w)) {
                note(u"the command name %1 is only known when it runs"_s.arg(w.canonical));
                break;
            }
            const qsizetype inner = unwrap(words, i);
            if (inner < 0 || inner >= words.size())
                break;
            i = inner;
        }
        command.name = words.at(i).value;
        QStringList text;
        for (qsizetype k = i; k < words.size(); ++k)
            text.append(words.at(k).canonical);
        command.text = (text + redirections).join(u' ');
        m_out.commands.append(command);
        if (nameLiteral(words.at(i)))
            checkProgram(words, i);
    }

    // A literal option word of a wrapper, or nullopt (noted) when it is only known when it runs.
    std::optional<QString> literalAt(const QList<Word> &words, qsizetype k, const QString &program)
    {
        if (k >= words.size())
            return QString();
        if (!nameLiteral(words.at(k))) {
            note(u"an argument of %1 that is only known when it runs (%2)"_s.arg(program,
                                                                                 words.at(k).canonical));
            return std::nullopt;
        }
        return words.at(k).value;
    }

    // For a wrapper at words[i] (a program that runs the command in its arguments), the index of the
    // wrapped command's name (words.size() when there is none); -1 when words[i] is no wrapper or its
    // options are not understood (noted).
    qsizetype unwrap(const QList<Word> &words, qsizetype i)
    {
        const QString name = words.at(i).value;
        const QString base = baseName(name);
        const bool builtin = !name.contains(u'/');
        // options: letters that stand alone, letters that take the next word, long options (with "=" when
        // they take a value).
        const auto options = [&](QStringView flags, QStringView withValue, const QStringList &longFlags,
                                 const QStringList &longWithValue, bool numeric) -> qsizetype {
            qsizetype k = i + 1;
            while (k < words.size()) {
                const std::optional<QString> v = literalAt(words, k, name);
                if (!v)
                    return -1;
                if (*v == u"--"_s)
                    return k + 1;
                if (!v->startsWith(u'-') || *v == u"-"_s)
                    return k;
                if (v->startsWith(u"--"_s)) {
                    const QString key = v->section(u'=', 0, 0);
                    if (longFlags.contains(*v)) {
                        ++k;
                    } else if (longWithValue.contains(key)) {
                        k += v->contains(u'=') ? 1 : 2;
                    } else {
                        note(u"%1 with an option the splitter does not model (%2)"_s.arg(name, *v));
                        return -1;
                    }
                    continue;
                }
                if (numeric && isInteger(*v)) {
                    ++k;
                    continue;
                }
                qsizetype step = 1;
                for (qsizetype c = 1; c < v->size(); ++c) {
                    const QChar f = v->at(c);
                    if (withValue.contains(f)) {
                        if (c + 1 == v->size())
                            step = 2;
                        break;
                    }
                    if (!flags.contains(f)) {
                        note(u"%1 with an option the splitter does not model (%2)"_s.arg(name, *v));
                        return -1;
                    }
                }
                k += step;
            }
            return k;
        };
        if (builtin && name == u"command"_s) {
            for (qsizetype k = i + 1; k < words.size(); ++k) {
                const std::optional<QString> v = literalAt(words, k, name);
                if (!v)
                    return -1;
                if (*v == u"--"_s)
                    return k + 1;
                if (!v->startsWith(u'-') || *v == u"-"_s)
                    return k;
                if (v->contains(u'v') || v->contains(u'V'))
                    return -1; // command -v NAME only looks the name up
                if (v->mid(1).count(u'p') != v->size() - 1) {
                    note(u"command with an option the splitter does not model (%1)"_s.arg(*v));
                    return -1;
                }
            }
            return words.size();
        }
        if (builtin && name == u"builtin"_s) {
            const std::optional<QString> v = literalAt(words, i + 1, name);
            if (!v)
                return -1;
            return *v == u"--"_s ? i + 2 : i + 1;
        }
        if (builtin && name == u"exec"_s)
            return options(u"cl", u"a", {}, {}, false);
        if (base == u"time"_s)
            return options(u"pvqa", u"of", {u"--portability"_s, u"--verbose"_s, u"--quiet"_s, u"--append"_s},
                           {u"--output"_s, u"--format"_s}, false);
        if (base == u"nohup"_s)
            return options({}, {}, {}, {}, false);
        if (base == u"nice"_s)
            return options({}, u"n", {}, {u"--adjustment"_s}, true);
        if (base == u"stdbuf"_s)
            return options({}, u"ioe", {}, {u"--input"_s, u"--output"_s, u"--error"_s}, false);
        if (base == u"setsid"_s)
            return options(u"cfw", {}, {u"--ctty"_s, u"--fork"_s, u"--wait"_s}, {}, false);
        if (base == u"timeout"_s) {
            const qsizetype k =
                options(u"v", u"sk", {u"--preserve-status"_s, u"--foreground"_s, u"--verbose"_s},
                        {u"--signal"_s, u"--kill-after"_s}, false);
            return k < 0 ? k : k + 1; // the duration
        }
        if (base == u"env"_s) {
            qsizetype k = options(u"i0v", u"uC", {u"--ignore-environment"_s, u"--null"_s, u"--debug"_s},
                                  {u"--unset"_s, u"--chdir"_s}, false);
            if (k < 0)
                return k;
            if (k < words.size() && words.at(k).value == u"-"_s)
                ++k;
            for (; k < words.size(); ++k) {
                const Word &w = words.at(k);
                if (!w.literal) {
                    if (!w.assignmentName().isEmpty()) {
                        checkVariable(w.assignmentName(), u" for the command"_s);
                        continue;
                    }
                    note(u"an argument of env that is only known when it runs (%1)"_s.arg(w.canonical));
                    return -1;
                }
                const qsizetype eq = w.value.indexOf(u'=');
                if (eq < 0)
                    break;
                checkVariable(QStringView(w.value).left(eq), u" for the command"_s);
            }
            return k;
        }
        return -1;
    }

    // What a program does with its arguments, where that decides what else runs.
    void checkProgram(const QList<Word> &words, qsizetype i)
    {
        const QString name = words.at(i).value;
        const QString base = baseName(name);
        const bool builtin = !name.contains(u'/');
        const QList<Word> args = words.mid(i + 1);
        const auto literalArgs = [&](QStringList *out) {
            for (const Word &w : args) {
                if (!nameLiteral(w)) {
                    note(u"%1 with an argument only known when it runs (%2)"_s.arg(name, w.canonical));
                    return false;
                }
                out->append(w.value);
            }
            return true;
        };
        if (builtin) {
            static const QSet<QString> evaluators{u"eval"_s, u"source"_s, u"."_s};
            if (evaluators.contains(name)) {
                note(u"%1 runs text as commands, which the splitter cannot see"_s.arg(name));
                return;
            }
            static const QSet<QString> unmodelled{u"bind"_s, u"complete"_s, u"compgen"_s, u"fc"_s,
                                                  u"enable"_s};
            if (unmodelled.contains(name)) {
                note(u"%1 can run or change commands in ways the splitter does not model"_s.arg(name));
                return;
            }
            QStringList v;
            if (name == u"trap"_s) {
                if (!literalArgs(&v))
                    return;
                qsizetype k = 0;
                bool listing = false;
                while (k < v.size() && v.at(k).startsWith(u'-') && v.at(k).size() > 1 && v.at(k) != u"--"_s) {
                    listing = true;
                    ++k;
                }
                if (k < v.size() && v.at(k) == u"--"_s)
                    ++k;
                // trap ACTION SIGNAL…: an empty action ignores, "-" or a lone signal number resets.
                if (!listing && k < v.size() && !v.at(k).isEmpty() && v.at(k) != u"-"_s &&
                    !(isInteger(v.at(k)) && k + 1 == v.size()))
                    note(u"trap sets a command to run later, which the splitter cannot see"_s);
                return;
            }
            if (name == u"alias"_s) {
                if (!literalArgs(&v))
                    return;
                for (const QString &a : std::as_const(v))
                    if (a.contains(u'='))
                        note(u"alias defines a command, which the splitter cannot follow"_s);
                return;
            }
            if (name == u"hash"_s) {
                if (!literalArgs(&v))
                    return;
                for (const QString &a : std::as_const(v))
                    if (a.startsWith(u'-') && a.contains(u'p'))
                        note(u"hash -p maps a command name to another program"_s);
                return;
            }
            if (name == u"let"_s) {
                for (const Word &w : args)
                    if (!nameLiteral(w) || classifyArithmetic(w.value) != Arith::Constant)
                        note(
                            u"let on a value only known when it runs (bash evaluates it as arithmetic, which "
                            "can run a command)"_s);
                return;
            }
            static const QSet<QString> declarations{u"declare"_s, u"typeset"_s, u"local"_s, u"readonly"_s,
                                                    u"export"_s};
            if (declarations.contains(name)) {
                checkDeclaration(name, args);
                return;
            }
            if (name == u"read"_s) {
                checkNameOptions(name, args, u"dinNptu", u"a", true);
                return;
            }
            if (name == u"mapfile"_s || name == u"readarray"_s) {
                checkNameOptions(name, args, u"dnOsuc", {}, true);
                return;
            }
            if (name == u"unset"_s) {
                checkNameOptions(name, args, {}, {}, true);
                return;
            }
            if (name == u"wait"_s || name == u"printf"_s) {
                // wait -p NAME, printf -v NAME; their other arguments are data.
                checkNameOptions(name, args, {}, name == u"wait"_s ? u"p" : u"v", false);
                return;
            }
            if (name == u"getopts"_s) {
                if (args.size() >= 2)
                    checkNameArgument(args.at(1));
                return;
            }
            if (name == u"test"_s || name == u"["_s) {
                for (qsizetype k = 0; k + 1 < args.size(); ++k)
                    if (args.at(k).value == u"-v"_s)
                        checkNameArgument(args.at(k + 1));
                return;
            }
            if (name == u"set"_s || name == u"shopt"_s) {
                if (!literalArgs(&v))
                    return;
                for (const QString &a : std::as_const(v))
                    if (a == u"posix"_s || a == u"--posix"_s || a == u"expand_aliases"_s ||
                        a == u"extdebug"_s || a.startsWith(u"compat"_s))
                        note(u"%1 %2 changes how bash reads the commands that follow"_s.arg(name, a));
                return;
            }
        }
        static const QSet<QString> shells{u"bash"_s,  u"sh"_s,   u"dash"_s, u"zsh"_s,   u"ksh"_s,
                                          u"ksh93"_s, u"mksh"_s, u"ash"_s,  u"rbash"_s, u"yash"_s,
                                          u"posh"_s,  u"fish"_s, u"csh"_s,  u"tcsh"_s};
        if (shells.contains(base)) {
            checkShell(name, args);
            return;
        }
        static const QSet<QString> launchers{u"xargs"_s,
                                             u"parallel"_s,
                                             u"watch"_s,
                                             u"sudo"_s,
                                             u"doas"_s,
                                             u"su"_s,
                                             u"runuser"_s,
                                             u"pkexec"_s,
                                             u"chroot"_s,
                                             u"flock"_s,
                                             u"ionice"_s,
                                             u"taskset"_s,
                                             u"chrt"_s,
                                             u"strace"_s,
                                             u"ltrace"_s,
                                             u"unshare"_s,
                                             u"nsenter"_s,
                                             u"setpriv"_s,
                                             u"script"_s,
                                             u"busybox"_s,
                                             u"toybox"_s,
                                             u"fakeroot"_s,
                                             u"proot"_s,
                                             u"firejail"_s,
                                             u"systemd-run"_s,
                                             u"xvfb-run"_s,
                                             u"expect"_s,
                                             u"tmux"_s,
                                             u"screen"_s,
                                             u"at"_s,
                                             u"batch"_s,
                                             u"valgrind"_s,
                                             u"perf"_s,
                                             u"catchsegv"_s,
                                             u"dbus-run-session"_s,
                                             u"sg"_s,
                                             u"capsh"_s,
                                             u"prlimit"_s,
                                             u"numactl"_s,
                                             u"eatmydata"_s,
                                             u"faketime"_s,
                                             u"torsocks"_s,
                                             u"proxychains"_s,
                                             u"proxychains4"_s,
                                             u"unbuffer"_s,
                                             u"rlwrap"_s,
                                             u"entr"_s,
                                             u"ssh-agent"_s,
                                             u"chpst"_s,
                                             u"cgexec"_s,
                                             u"nocache"_s,
                                             u"run-parts"_s,
                                             u"start-stop-daemon"_s};
        if (launchers.contains(base)) {
            note(u"%1 runs a command the splitter cannot see"_s.arg(base));
            return;
        }
        if (base == u"find"_s) {
            static const QSet<QString> exec{u"-exec"_s, u"-execdir"_s, u"-ok"_s, u"-okdir"_s};
            for (const Word &w : args) {
                if (nameLiteral(w) && exec.contains(w.value)) {
                    note(u"find %1 runs a command the splitter cannot judge"_s.arg(w.value));
                    return;
                }
            }
            QStringList v;
            literalArgs(&v);
        }
    }

    // Options of a builtin that sets variables: withValue letters take a value (data), names letters take a
    // variable name; operands are names when operandsAreNames. An option word only known when it runs could
    // be any option.
    void checkNameOptions(const QString &name, const QList<Word> &args, QStringView withValue,
                          QStringView names, bool operandsAreNames)
    {
        qsizetype k = 0;
        for (; k < args.size(); ++k) {
            const Word &w = args.at(k);
            if (!nameLiteral(w)) {
                note(u"%1 with an argument only known when it runs (%2)"_s.arg(name, w.canonical));
                return;
            }
            if (w.value == u"--"_s) {
                ++k;
                break;
            }
            if (!w.value.startsWith(u'-') || w.value.size() < 2)
                break;
            for (qsizetype c = 1; c < w.value.size(); ++c) {
                const QChar f = w.value.at(c);
                if ((name == u"mapfile"_s || name == u"readarray"_s) && (f == u'C')) {
                    note(u"%1 -C runs a callback, which the splitter cannot see"_s.arg(name));
                    return;
                }
                if (withValue.contains(f) || names.contains(f)) {
                    const bool attached = c + 1 < w.value.size();
                    if (names.contains(f)) {
                        if (attached)
                            checkVariable(QStringView(w.value).mid(c + 1), {});
                        else if (k + 1 < args.size())
                            checkNameArgument(args.at(k + 1));
                    }
                    if (!attached)
                        ++k;
                    break;
                }
            }
        }
        if (!operandsAreNames)
            return;
        for (; k < args.size(); ++k)
            checkNameArgument(args.at(k));
    }

    void checkDeclaration(const QString &name, const QList<Word> &args)
    {
        for (const Word &w : args) {
            if (nameLiteral(w) && (w.value.startsWith(u'-') || w.value.startsWith(u'+'))) {
                if (name != u"export"_s && (w.value.contains(u'i') || w.value.contains(u'n')))
                    note(u"%1 %2 makes later values arithmetic or references, which can run commands"_s.arg(
                        name, w.value));
                continue;
            }
            const QString assigned = w.assignmentName();
            if (!assigned.isEmpty()) {
                checkVariable(assigned, {});
                if (w.compound)
                    continue;
                const QString value = w.value.mid(w.value.indexOf(u'=') + 1);
                if (!w.literal || w.locale)
                    note(u"%1 with a value only known when it runs (%2; bash may read it as an array "
                         "assignment and run what it holds)"_s.arg(name, w.canonical));
                else if (value.startsWith(u'('))
                    note(u"%1 with a quoted array assignment (%2), which bash reads again as code"_s.arg(
                        name, w.canonical));
                continue;
            }
            if (!nameLiteral(w)) {
                note(u"%1 with an argument only known when it runs (%2)"_s.arg(name, w.canonical));
                continue;
            }
            const qsizetype eq = w.value.indexOf(u'=');
            if (eq >= 0) {
                // A quoted name ("a"=1): bash reads the whole word again.
                note(u"%1 with an assignment the splitter does not model (%2)"_s.arg(name, w.canonical));
                continue;
            }
            checkVariable(w.value, {});
        }
    }

    void checkShell(const QString &name, const QList<Word> &args)
    {
        qsizetype k = 0;
        while (k < args.size()) {
            const Word &w = args.at(k);
            if (!nameLiteral(w)) {
                note(u"%1 with an argument only known when it runs (%2)"_s.arg(name, w.canonical));
                return;
            }
            const QString &v = w.value;
            if (v == u"--"_s || v == u"-"_s) {
                ++k;
                break;
            }
            if (v.startsWith(u"--"_s)) {
                k += (v == u"--rcfile"_s || v == u"--init-file"_s) ? 2 : 1;
                continue;
            }
            if ((v.startsWith(u'-') || v.startsWith(u'+')) && v.size() > 1) {
                const QString flags = v.mid(1);
                if (flags.contains(u'c') || flags.contains(u's') || flags.contains(u'i')) {
                    note(u"%1 %2 runs commands the splitter cannot see"_s.arg(baseName(name), v));
                    return;
                }
                k += (flags.contains(u'o') || flags.contains(u'O')) ? 2 : 1;
                continue;
            }
            break;
        }
        if (k >= args.size())
            note(u"%1 without a script reads commands from its input"_s.arg(baseName(name)));
    }

    QStringView m_s;
    qsizetype m_pos = 0;
    std::optional<Token> m_peek;
    ShellSplit &m_out;
    int m_depth = 0;
    int m_subst = 0;
    QList<Heredoc> m_pending;
    bool m_stop = false;
};

} // namespace

ShellSplit ShellSplitter::split(const QString &commandLine)
{
    ShellSplit out;
    if (commandLine.size() > MaxInputLength) {
        out.unaccounted = u"the call is longer than %1 characters"_s.arg(MaxInputLength);
        return out;
    }
    Parser parser(commandLine, out, 0, 0);
    parser.program();
    return out;
}

QString ShellSplitter::quote(const QString &word)
{
    if (word.isEmpty())
        return u"''"_s;
    bool safe = true;
    for (const QChar c : word) {
        if (!isSafeChar(c)) {
            safe = false;
            break;
        }
    }
    if (safe)
        return word;
    QString out = word;
    out.replace(u'\'', u"'\\''"_s);
    return u'\'' + out + u'\'';
}
