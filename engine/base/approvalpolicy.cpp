// SPDX-License-Identifier: GPL-3.0-or-later
#include "approvalpolicy.h"
#include "shellsplitter.h"

#include <QJsonArray>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace {

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
    const ShellSplit split = ShellSplitter::split(pattern);
    if (split.substitution) {
        *error = u"the pattern \"%1\" contains a command substitution, which no rule can match"_s.arg(p);
        return std::nullopt;
    }
    if (split.commands.size() > 1 || pattern.contains(u'\n') || pattern.contains(u';') ||
        pattern.contains(u"&&"_s) || pattern.contains(u"||"_s)) {
        *error = u"the pattern \"%1\" spans several commands; a rule matches one command, so write one rule "
                 "for each (a call's commands are matched one by one)"_s.arg(p);
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
    const ShellSplit split = ShellSplitter::split(commandLine);
    QStringList out;
    for (const ShellCommand &c : split.commands)
        out.append(c.text);
    if (hasSubstitution)
        *hasSubstitution = split.substitution;
    return out;
}

const ApprovalRule *ApprovalPolicy::firstMatch(const QString &simpleCommand) const
{
    for (const ApprovalRule &r : rules)
        if (r.matches(simpleCommand))
            return &r;
    return nullptr;
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
        const ShellSplit split = ShellSplitter::split(line);
        for (const ShellCommand &command : split.commands) {
            any = true;
            QString part = command.text;
            const ApprovalRule *rule = mode == ApprovalMode::Rules ? firstMatch(part) : nullptr;
            // A program named by its path is matched as written, and a deny rule for its base name denies it
            // too: "deny touch *" refuses /usr/bin/touch; "allow echo *" does not allow ./echo.
            const qsizetype slash = command.name.lastIndexOf(u'/');
            if (mode == ApprovalMode::Rules && slash >= 0 &&
                !(rule && rule->verdict == ApprovalVerdict::Deny)) {
                const QString base = ShellSplitter::quote(command.name.mid(slash + 1)) +
                                     part.mid(ShellSplitter::quote(command.name).size());
                const ApprovalRule *baseRule = firstMatch(base);
                if (baseRule && baseRule->verdict == ApprovalVerdict::Deny) {
                    rule = baseRule;
                    part = base;
                }
            }
            if (rule && rule->verdict == ApprovalVerdict::Deny) {
                raise(ApprovalVerdict::Deny, u"rule \"%1\" matched \"%2\""_s.arg(rule->text(), part),
                      rule->text());
            } else if (allowed.contains(command.text)) {
                raise(ApprovalVerdict::Allow, u"\"%1\" was allowed for this conversation"_s.arg(part), {});
            } else if (mode == ApprovalMode::Ask) {
                raise(ApprovalVerdict::Ask, u"approvals: ask before each call"_s, {});
            } else if (!rule) {
                raise(ApprovalVerdict::Ask, u"no rule matched \"%1\""_s.arg(part), {});
            } else {
                raise(rule->verdict, u"rule \"%1\" matched \"%2\""_s.arg(rule->text(), part), rule->text());
            }
        }
        if (!split.accounted()) {
            // Fail closed: what the splitter cannot account for is never allowed, only asked (or denied by a
            // rule that matched one of the commands it did find).
            any = true;
            raise(ApprovalVerdict::Ask,
                  u"the rules cannot account for this call: %1; a person decides"_s.arg(split.unaccounted),
                  {});
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
