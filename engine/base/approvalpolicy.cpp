// SPDX-License-Identifier: GPL-3.0-or-later
#include "approvalpolicy.h"

#include <QJsonArray>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace {

bool isAssignment(const QString &word)
{
    static const QRegularExpression re(u"^[A-Za-z_][A-Za-z0-9_]*=.*$"_s);
    return re.match(word).hasMatch();
}

// Drops what does not change which program runs: leading NAME=value words and simple wrappers.
QString normalised(const QString &command)
{
    QStringList words = command.simplified().split(u' ', Qt::SkipEmptyParts);
    static const QSet<QString> wrappers{u"env"_s, u"command"_s, u"exec"_s, u"nohup"_s, u"time"_s, u"nice"_s};
    while (words.size() > 1 && (isAssignment(words.first()) || wrappers.contains(words.first())))
        words.removeFirst();
    if (words.size() == 1 && isAssignment(words.first()))
        return {};
    return words.join(u' ');
}

int strictness(ApprovalVerdict v)
{
    return v == ApprovalVerdict::Deny ? 2 : v == ApprovalVerdict::Ask ? 1 : 0;
}

} // namespace

std::optional<ApprovalRule> ApprovalRule::make(const QString &verdict, const QString &pattern, QString *error)
{
    const std::optional<ApprovalVerdict> v = ApprovalPolicy::parseVerdict(verdict);
    if (!v) {
        *error = u"unknown verdict \"%1\" (allow, ask or deny)"_s.arg(verdict);
        return std::nullopt;
    }
    const QString p = pattern.simplified();
    if (p.isEmpty()) {
        *error = u"the pattern is empty; write the command it matches, e.g. 'python3 *'"_s;
        return std::nullopt;
    }
    if (p.size() > ApprovalPolicy::MaxPatternLength) {
        *error = u"the pattern is longer than %1 characters"_s.arg(ApprovalPolicy::MaxPatternLength);
        return std::nullopt;
    }
    bool substitution = false;
    const QStringList parts = ApprovalPolicy::simpleCommands(pattern, &substitution);
    if (parts.size() != 1 || pattern.contains(u'\n') || pattern.contains(u';') || pattern.contains(u"&&"_s) ||
        pattern.contains(u"||"_s)) {
        *error = u"the pattern \"%1\" spans several commands; a rule matches one command, so write one rule "
                 "for each (a call's commands are matched one by one)"_s.arg(p);
        return std::nullopt;
    }
    if (substitution) {
        *error = u"the pattern \"%1\" contains a command substitution, which no rule can match"_s.arg(p);
        return std::nullopt;
    }
    return ApprovalRule{*v, p};
}

bool ApprovalRule::matches(const QString &simpleCommand) const
{
    QString re;
    re.reserve(pattern.size() * 2 + 4);
    for (const QChar c : pattern) {
        if (c == u'*')
            re += u".*"_s;
        else if (c == u'?')
            re += u'.';
        else
            re += QRegularExpression::escape(QString(c));
    }
    const QRegularExpression anchored(QRegularExpression::anchoredPattern(re),
                                      QRegularExpression::DotMatchesEverythingOption);
    if (anchored.match(simpleCommand).hasMatch())
        return true;
    // "python3 *" also covers a bare "python3".
    return pattern.endsWith(u" *"_s) && simpleCommand == pattern.chopped(2);
}

QString ApprovalRule::text() const
{
    return ApprovalPolicy::verdictName(verdict) + u' ' + pattern;
}

QStringList ApprovalPolicy::simpleCommands(const QString &commandLine, bool *hasSubstitution)
{
    QStringList out;
    QString current;
    bool single = false;
    bool dbl = false;
    bool substitution = false;
    const auto flush = [&] {
        const QString n = normalised(current);
        if (!n.isEmpty())
            out.append(n);
        current.clear();
    };
    for (qsizetype i = 0; i < commandLine.size(); ++i) {
        const QChar c = commandLine.at(i);
        const QChar next = i + 1 < commandLine.size() ? commandLine.at(i + 1) : QChar();
        if (single) {
            current += c;
            if (c == u'\'')
                single = false;
            continue;
        }
        if (c == u'\\' && i + 1 < commandLine.size()) {
            current += c;
            current += next;
            ++i;
            continue;
        }
        if (c == u'`' || (c == u'$' && next == u'(') || ((c == u'<' || c == u'>') && next == u'('))
            substitution = true;
        if (dbl) {
            current += c;
            if (c == u'"')
                dbl = false;
            continue;
        }
        if (c == u'\'') {
            single = true;
            current += c;
        } else if (c == u'"') {
            dbl = true;
            current += c;
        } else if (c == u'|' || c == u';' || c == u'\n' || c == u'(' || c == u')' ||
                   (c == u'&' &&
                    !(i > 0 && (commandLine.at(i - 1) == u'>' || commandLine.at(i - 1) == u'<')) &&
                    next != u'>')) {
            // `2>&1` and `&>` are redirections, not separators; `$(` was noted above.
            if (c == u'(' && i > 0 &&
                (commandLine.at(i - 1) == u'$' || commandLine.at(i - 1) == u'<' ||
                 commandLine.at(i - 1) == u'>'))
                current.chop(1);
            flush();
        } else {
            current += c;
        }
    }
    flush();
    if (hasSubstitution)
        *hasSubstitution = substitution;
    return out;
}

ApprovalPolicy::Evaluation ApprovalPolicy::evaluate(const QStringList &commands,
                                                    const QSet<QString> &allowed) const
{
    Evaluation result;
    if (mode == ApprovalMode::RunAll) {
        result.reason = u"approvals: run everything"_s;
        return result;
    }
    const auto raise = [&result](ApprovalVerdict v, const QString &reason, const QString &rule) {
        if (strictness(v) > strictness(result.verdict) || result.reason.isEmpty()) {
            result.verdict = v;
            result.reason = reason;
            result.rule = rule;
        }
    };
    bool any = false;
    for (const QString &line : commands) {
        bool substitution = false;
        const QStringList parts = simpleCommands(line, &substitution);
        for (const QString &part : parts) {
            any = true;
            const ApprovalRule *rule = nullptr;
            if (mode == ApprovalMode::Rules) {
                for (const ApprovalRule &r : rules) {
                    if (r.matches(part)) {
                        rule = &r;
                        break;
                    }
                }
            }
            if (rule && rule->verdict == ApprovalVerdict::Deny) {
                raise(ApprovalVerdict::Deny, u"rule \"%1\" matched \"%2\""_s.arg(rule->text(), part),
                      rule->text());
            } else if (allowed.contains(part) && !substitution) {
                raise(ApprovalVerdict::Allow, u"\"%1\" was allowed for this conversation"_s.arg(part), {});
            } else if (mode == ApprovalMode::Ask) {
                raise(ApprovalVerdict::Ask, u"approvals: ask before each call"_s, {});
            } else if (!rule) {
                raise(ApprovalVerdict::Ask, u"no rule matched \"%1\""_s.arg(part), {});
            } else if (rule->verdict == ApprovalVerdict::Allow && substitution) {
                raise(ApprovalVerdict::Ask,
                      u"\"%1\" runs a command substitution, which a rule never allows"_s.arg(part), {});
            } else {
                raise(rule->verdict, u"rule \"%1\" matched \"%2\""_s.arg(rule->text(), part), rule->text());
            }
        }
    }
    if (!any) {
        // Nothing to match (an empty command): ask mode still asks; rules have nothing to refuse.
        result.verdict = mode == ApprovalMode::Ask ? ApprovalVerdict::Ask : ApprovalVerdict::Allow;
        result.reason = mode == ApprovalMode::Ask ? u"approvals: ask before each call"_s : u"no command"_s;
    }
    return result;
}

QString ApprovalPolicy::modeName(ApprovalMode mode)
{
    switch (mode) {
    case ApprovalMode::RunAll:
        return u"run-all"_s;
    case ApprovalMode::Ask:
        return u"ask"_s;
    case ApprovalMode::Rules:
        return u"rules"_s;
    }
    return u"run-all"_s;
}

std::optional<ApprovalMode> ApprovalPolicy::parseMode(const QString &name)
{
    for (ApprovalMode m : {ApprovalMode::RunAll, ApprovalMode::Ask, ApprovalMode::Rules})
        if (modeName(m) == name)
            return m;
    return std::nullopt;
}

QStringList ApprovalPolicy::modeNames()
{
    return {u"run-all"_s, u"ask"_s, u"rules"_s};
}

QString ApprovalPolicy::verdictName(ApprovalVerdict verdict)
{
    switch (verdict) {
    case ApprovalVerdict::Allow:
        return u"allow"_s;
    case ApprovalVerdict::Ask:
        return u"ask"_s;
    case ApprovalVerdict::Deny:
        return u"deny"_s;
    }
    return u"ask"_s;
}

std::optional<ApprovalVerdict> ApprovalPolicy::parseVerdict(const QString &name)
{
    for (ApprovalVerdict v : {ApprovalVerdict::Allow, ApprovalVerdict::Ask, ApprovalVerdict::Deny})
        if (verdictName(v) == name)
            return v;
    return std::nullopt;
}

QJsonObject ApprovalPolicy::toJson() const
{
    QJsonArray list;
    for (const ApprovalRule &r : rules)
        list.append(QJsonObject{{u"verdict"_s, verdictName(r.verdict)}, {u"pattern"_s, r.pattern}});
    return {{u"mode"_s, modeName(mode)}, {u"rules"_s, list}, {u"timeout_seconds"_s, timeoutSeconds}};
}

std::optional<ApprovalPolicy> ApprovalPolicy::fromJson(const QJsonObject &json, QString *error)
{
    ApprovalPolicy p;
    if (json.contains(u"mode"_s)) {
        const std::optional<ApprovalMode> m = parseMode(json.value(u"mode"_s).toString());
        if (!m) {
            *error = u"approvals.mode must be one of %1"_s.arg(modeNames().join(u", "_s));
            return std::nullopt;
        }
        p.mode = *m;
    }
    if (json.contains(u"timeout_seconds"_s)) {
        const double t = json.value(u"timeout_seconds"_s).toDouble(-1);
        if (t < 1 || t > MaxTimeoutSeconds || t != int(t)) {
            *error =
                u"approvals.timeout_seconds must be a whole number from 1 to %1"_s.arg(MaxTimeoutSeconds);
            return std::nullopt;
        }
        p.timeoutSeconds = int(t);
    }
    const QJsonArray list = json.value(u"rules"_s).toArray();
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QJsonObject o = list.at(i).toObject();
        QString why;
        const std::optional<ApprovalRule> r =
            ApprovalRule::make(o.value(u"verdict"_s).toString(), o.value(u"pattern"_s).toString(), &why);
        if (!r) {
            *error = u"approvals.rules[%1]: %2"_s.arg(i).arg(why);
            return std::nullopt;
        }
        p.rules.append(*r);
    }
    return p;
}
