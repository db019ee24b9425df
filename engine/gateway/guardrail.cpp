// SPDX-License-Identifier: GPL-3.0-or-later
#include "guardrail.h"

#include "textnormalizer.h"

#include <QHostAddress>
#include <QRegularExpression>
#include <QRegularExpressionMatchIterator>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

const QString kInjection = u"regex-prompt-injection"_s;
const QString kEmail = u"email"_s;
const QString kPhone = u"phone"_s;
const QString kCard = u"credit-card"_s;
const QString kIp = u"ip-address"_s;

QRegularExpression compiled(const QString &pattern)
{
    QRegularExpression re(pattern, QRegularExpression::UseUnicodePropertiesOption);
    re.optimize();
    return re;
}

const QRegularExpression &emailRe()
{
    static const QRegularExpression re = compiled(u"(?<![\\w.%+-])[A-Za-z0-9](?:[A-Za-z0-9._%+-]{0,63})@(?:["
                                                  u"A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+"
                                                  "[A-Za-z]{2,24}(?![\\w-])"_s);
    return re;
}

// International (+CC ...), bracketed area codes and the common 3-3-4 form; digit count is checked after.
const QRegularExpression &phoneRe()
{
    static const QRegularExpression re =
        compiled(u"(?<![\\w.+/-])(?:\\+\\d{1,3}(?:[ .-]?\\(\\d{1,4}\\))?(?:[ .-]?\\d{1,5}){2,5}"
                 "|\\(\\d{2,5}\\)[ .-]?\\d{2,5}(?:[ .-]?\\d{2,5}){1,3}"
                 "|\\d{3}[ .-]\\d{3}[ .-]\\d{4}"
                 "|0\\d{2,4}[ /-]\\d{3,8}(?:[ -]\\d{2,5})?)(?![\\w.-]?\\d)"_s);
    return re;
}

const QRegularExpression &cardRe()
{
    static const QRegularExpression re = compiled(u"(?<![\\d.-])\\d(?:[ -]?\\d){12,18}(?![\\d.-]?\\d)"_s);
    return re;
}

const QRegularExpression &ipv4Re()
{
    static const QRegularExpression re = compiled(u"(?<![\\w.])(?:\\d{1,3}\\.){3}\\d{1,3}(?![\\w]|\\.\\d)"_s);
    return re;
}

const QRegularExpression &ipv6Re()
{
    static const QRegularExpression re =
        compiled(u"(?<![\\w:.])(?:[0-9A-Fa-f]{0,4}:){2,7}(?:[0-9A-Fa-f]{0,4}|\\d{1,3}(?:\\.\\d{1,3}){3})"
                 "(?:%[\\w.]+)?(?![\\w:])"_s);
    return re;
}

bool luhnValid(const QString &digits)
{
    int sum = 0;
    bool doubleIt = false;
    for (qsizetype i = digits.size() - 1; i >= 0; --i) {
        int d = digits.at(i).unicode() - u'0';
        if (doubleIt) {
            d *= 2;
            if (d > 9)
                d -= 9;
        }
        sum += d;
        doubleIt = !doubleIt;
    }
    return sum % 10 == 0;
}

QString digitsOf(QStringView s)
{
    QString out;
    for (QChar c : s) {
        if (c.isDigit())
            out += c;
    }
    return out;
}

template<typename Accept>
QList<GuardrailEngine::Span> matchAll(const QRegularExpression &re, const QString &text, const QString &kind,
                                      Accept accept)
{
    QList<GuardrailEngine::Span> out;
    QRegularExpressionMatchIterator it = re.globalMatch(text);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        if (accept(m.capturedView()))
            out.append({m.capturedStart(), m.capturedLength(), kind, kind});
    }
    return out;
}

} // namespace

QString guardrailActionName(GuardrailAction action)
{
    switch (action) {
    case GuardrailAction::Flag:
        return u"flag"_s;
    case GuardrailAction::Redact:
        return u"redact"_s;
    case GuardrailAction::Block:
        return u"block"_s;
    }
    return {};
}

QString guardrailScopeName(GuardrailScope scope)
{
    return scope == GuardrailScope::UserOnly ? u"user_only"_s : u"all_messages"_s;
}

std::optional<GuardrailAction> parseGuardrailAction(QStringView name)
{
    for (GuardrailAction a : {GuardrailAction::Flag, GuardrailAction::Redact, GuardrailAction::Block}) {
        if (name == guardrailActionName(a))
            return a;
    }
    return std::nullopt;
}

std::optional<GuardrailScope> parseGuardrailScope(QStringView name)
{
    for (GuardrailScope s : {GuardrailScope::UserOnly, GuardrailScope::AllMessages}) {
        if (name == guardrailScopeName(s))
            return s;
    }
    return std::nullopt;
}

GuardrailEngine::GuardrailEngine(const QList<Guardrail> &guardrails, const PatternSet &patterns)
    : m_guardrails(guardrails)
    , m_patterns(patterns)
{}

QStringList GuardrailEngine::builtinSlugs()
{
    return {kInjection, kEmail, kPhone, kCard, kIp};
}

QString GuardrailEngine::redactionLabel(const QString &slug)
{
    if (slug == kInjection)
        return u"[PROMPT_INJECTION]"_s;
    if (slug == kEmail)
        return u"[EMAIL]"_s;
    if (slug == kPhone)
        return u"[PHONE]"_s;
    if (slug == kCard)
        return u"[CREDIT_CARD]"_s;
    if (slug == kIp)
        return u"[IP_ADDRESS]"_s;
    return u"[REDACTED]"_s;
}

QList<GuardrailEngine::Span> GuardrailEngine::detect(const QString &slug, const QString &text) const
{
    if (slug == kInjection) {
        QList<Span> out;
        for (const PatternSet::Match &m : m_patterns.match(text))
            out.append({m.start, m.length, m.family, m.patternId});
        return out;
    }
    if (slug == kEmail)
        return matchAll(emailRe(), text, kEmail, [](QStringView) { return true; });
    if (slug == kPhone) {
        return matchAll(phoneRe(), text, kPhone, [](QStringView s) {
            const qsizetype n = digitsOf(s).size();
            return n >= 7 && n <= 15;
        });
    }
    if (slug == kCard) {
        return matchAll(cardRe(), text, kCard, [](QStringView s) {
            const QString digits = digitsOf(s);
            // Mixed separators ("1234 5678-...") are rarely a card number; a run of one digit never is.
            const bool mixed = s.contains(u' ') && s.contains(u'-');
            return !mixed && digits.size() >= 13 && digits.size() <= 19 &&
                   digits.count(digits.front()) != digits.size() && luhnValid(digits);
        });
    }
    if (slug == kIp) {
        QList<Span> out = matchAll(ipv4Re(), text, kIp, [](QStringView s) {
            const auto parts = s.split(u'.');
            for (QStringView part : parts) {
                if (part.toInt() > 255 || (part.size() > 1 && part.front() == u'0'))
                    return false;
            }
            return true;
        });
        out += matchAll(ipv6Re(), text, kIp, [](QStringView s) {
            // Require a digit so C++ scopes ("a::b") and hex words ("dead::beef") do not count.
            if (s.count(u':') < 2 || std::none_of(s.begin(), s.end(), [](QChar c) { return c.isDigit(); }))
                return false;
            QHostAddress address;
            return address.setAddress(s.toString()) && address.protocol() == QAbstractSocket::IPv6Protocol;
        });
        std::sort(out.begin(), out.end(), [](const Span &a, const Span &b) { return a.start < b.start; });
        return out;
    }
    return {};
}

QList<Detection> GuardrailEngine::scanText(const Guardrail &g, const QString &text, int messageIndex) const
{
    QList<Detection> out;
    for (const Span &s : detect(g.slug, text))
        out.append({g.slug, g.action, g.scope, messageIndex, s.start, s.length, s.family, s.patternId});
    return out;
}

QList<Detection> GuardrailEngine::scan(const QList<GuardrailMessage> &messages) const
{
    QList<Detection> out;
    for (int i = 0; i < messages.size(); ++i) {
        const GuardrailMessage &message = messages.at(i);
        const bool userSupplied = message.role.compare(u"user"_s, Qt::CaseInsensitive) == 0;
        for (const Guardrail &g : m_guardrails) {
            if (g.scope == GuardrailScope::UserOnly && !userSupplied)
                continue;
            out += scanText(g, message.content, i);
        }
    }
    std::stable_sort(out.begin(), out.end(), [](const Detection &a, const Detection &b) {
        return a.messageIndex != b.messageIndex ? a.messageIndex < b.messageIndex : a.start < b.start;
    });
    return out;
}

QString GuardrailEngine::redact(const QString &text, QList<Detection> spans)
{
    std::sort(spans.begin(), spans.end(), [](const Detection &a, const Detection &b) {
        return a.start != b.start ? a.start < b.start : a.length > b.length;
    });
    QString out;
    qsizetype pos = 0;
    for (const Detection &d : std::as_const(spans)) {
        const qsizetype end = d.start + d.length;
        if (end <= pos)
            continue; // inside a span already replaced
        if (d.start >= pos) {
            out += QStringView(text).mid(pos, d.start - pos);
            out += redactionLabel(d.guardrail);
        }
        pos = end; // an overlapping span extends the one already replaced
    }
    out += QStringView(text).mid(pos);
    return out;
}

GuardrailOutcome GuardrailEngine::apply(const QList<GuardrailMessage> &messages) const
{
    GuardrailOutcome outcome;
    outcome.detections = scan(messages);
    outcome.messages = messages;
    for (const Detection &d : std::as_const(outcome.detections)) {
        if (!outcome.verdict || d.action > *outcome.verdict)
            outcome.verdict = d.action;
        if (d.action == GuardrailAction::Block && outcome.blockedBy.isEmpty()) {
            outcome.blockedBy = d.guardrail;
            outcome.blockReason = u"Request blocked by guardrail '%1' (%2 detected in message %3)."_s.arg(
                d.guardrail, d.family, QString::number(d.messageIndex));
        }
    }
    if (outcome.verdict == GuardrailAction::Redact) {
        for (int i = 0; i < outcome.messages.size(); ++i) {
            QList<Detection> spans;
            for (const Detection &d : std::as_const(outcome.detections)) {
                if (d.messageIndex == i && d.action == GuardrailAction::Redact)
                    spans.append(d);
            }
            if (!spans.isEmpty())
                outcome.messages[i].content = redact(outcome.messages.at(i).content, spans);
        }
    }
    return outcome;
}

ToolOutputOutcome GuardrailEngine::scanToolOutput(const QString &text) const
{
    ToolOutputOutcome outcome;
    outcome.text = text;
    for (const Guardrail &g : m_guardrails)
        outcome.detections += scanText(g, text, -1);
    std::stable_sort(outcome.detections.begin(), outcome.detections.end(),
                     [](const Detection &a, const Detection &b) { return a.start < b.start; });
    QList<Detection> redactions;
    for (const Detection &d : std::as_const(outcome.detections)) {
        if (!outcome.verdict || d.action > *outcome.verdict)
            outcome.verdict = d.action;
        if (d.action == GuardrailAction::Redact)
            redactions.append(d);
        if (d.action == GuardrailAction::Block && outcome.blockedBy.isEmpty()) {
            outcome.blockedBy = d.guardrail;
            outcome.blockReason =
                u"Tool output withheld by guardrail '%1' (%2 detected)."_s.arg(d.guardrail, d.family);
        }
    }
    if (outcome.verdict == GuardrailAction::Redact)
        outcome.text = redact(text, redactions);
    return outcome;
}
