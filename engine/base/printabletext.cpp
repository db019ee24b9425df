// SPDX-License-Identifier: GPL-3.0-or-later
#include "printabletext.h"

#include <QList>

using namespace Qt::StringLiterals;

namespace {

// Characters a terminal acts on or that make text read differently from what it is: C0 and C1 controls,
// DEL, and Unicode's invisible format characters (bidirectional overrides, zero-width, line separators).
bool needsEscape(char32_t c)
{
    if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0))
        return true;
    return c == 0x061c || (c >= 0x200b && c <= 0x200f) || (c >= 0x2028 && c <= 0x202e) || c == 0x2060 ||
           (c >= 0x2066 && c <= 0x2069) || c == 0xfeff;
}

} // namespace

QString printableText(const QString &name, bool quoted)
{
    bool plain = true;
    for (const char32_t c : name.toUcs4()) {
        if (needsEscape(c) || c == U'"' || c == U'\\') {
            plain = false;
            break;
        }
    }
    if (plain)
        return quoted ? u'"' + name + u'"' : name;
    QString out = u"\""_s;
    for (const char32_t c : name.toUcs4()) {
        switch (c) {
        case U'"':
            out += u"\\\""_s;
            continue;
        case U'\\':
            out += u"\\\\"_s;
            continue;
        case U'\a':
            out += u"\\a"_s;
            continue;
        case U'\b':
            out += u"\\b"_s;
            continue;
        case U'\t':
            out += u"\\t"_s;
            continue;
        case U'\n':
            out += u"\\n"_s;
            continue;
        case U'\v':
            out += u"\\v"_s;
            continue;
        case U'\f':
            out += u"\\f"_s;
            continue;
        case U'\r':
            out += u"\\r"_s;
            continue;
        default:
            break;
        }
        if (c < 0x80 && needsEscape(c))
            out += u"\\x%1"_s.arg(uint(c), 2, 16, QChar(u'0'));
        else if (needsEscape(c))
            out += u"\\u{%1}"_s.arg(uint(c), 4, 16, QChar(u'0'));
        else
            out += QString::fromUcs4(&c, 1);
    }
    return out + u'"';
}
