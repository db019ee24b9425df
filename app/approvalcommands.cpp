// SPDX-License-Identifier: GPL-3.0-or-later
#include "approvalcommands.h"

#include "base/datadir.h"
#include "base/workspacesettings.h"
#include "cliutil.h"
#include "gateway/approvalbroker.h"
#include "sandbox/containermanager.h"
#include "sandbox/history/containerregistry.h"
#include "sandbox/sandboxsettings.h"

#include <QCommandLineParser>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSocketNotifier>

#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

const QString kUsage =
    u"usage: sandbench approvals [show] | mode run-all|ask|rules | timeout SECONDS | rules list | "
    "rules add allow|ask|deny PATTERN [--position N] | rules rm N | rules clear "
    "[--workspace NAME] [--data-dir DIR] [--json]"_s;

void printPolicy(const ApprovalPolicy &p, bool json)
{
    if (json) {
        printOut(QJsonDocument(p.toJson()).toJson(QJsonDocument::Indented));
        return;
    }
    QString text = u"mode: %1\ntimeout_seconds: %2\nrules (first match decides; unmatched commands ask):\n"_s
                       .arg(ApprovalPolicy::modeName(p.mode))
                       .arg(p.timeoutSeconds);
    if (p.rules.isEmpty())
        text += u"  (none)\n"_s;
    for (qsizetype i = 0; i < p.rules.size(); ++i)
        text += u"  %1. %2\n"_s.arg(i + 1).arg(displayName(p.rules.at(i).text()));
    printOut(text);
}

// Control characters a model could use to rewrite the terminal are shown, not sent.
QString printable(const QString &text)
{
    QString out;
    for (const QString &line : text.split(u'\n'))
        out += u"    $ "_s + displayName(line) + u'\n';
    return out;
}

} // namespace

int runApprovalsCommand(const QStringList &args)
{
    QStringList rest = args;
    QString action;
    rest = withoutAction(rest, &action);
    QString sub;
    if (action == u"rules"_s)
        rest = withoutAction(rest, &sub);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        u"approvals [show]: the workspace's approval mode, wait limit and rules.\n"
        "approvals mode run-all|ask|rules: run every shell/code call, ask before each, or let the rules "
        "decide (the window's conversations may choose their own mode).\n"
        "approvals timeout SECONDS: how long an ask waits (1 to 86400) before the model gets a tool error.\n"
        "approvals rules list | add VERDICT PATTERN [--position N] | rm N | clear: VERDICT is allow, ask or "
        "deny; PATTERN is a glob over one command ('python3 *': * any text, ? one character). A call's "
        "commands are split at |, ||, &&, ;, & and newlines; each gets the first matching rule's verdict "
        "(ask when none matches) and the strictest one wins: deny > ask > allow."_s);
    const WorkspaceOptions common;
    common.addTo(parser);
    const QCommandLineOption jsonOption(u"json"_s, u"Print the settings as JSON."_s);
    const QCommandLineOption positionOption(
        u"position"_s, u"rules add: insert as rule N (1 is first); default: last."_s, u"n"_s);
    parser.addOptions({jsonOption, positionOption});
    parser.addPositionalArgument(u"args"_s, u"The action's arguments."_s);
    if (const std::optional<int> exit = parseCommandLine(parser, rest, common))
        return *exit;
    const SandboxSettings where = common.settings(parser);
    const QString dir = ContainerRegistry(where.dataDir).workspaceDir(where.workspace);
    const QStringList positional = parser.positionalArguments();
    const bool json = parser.isSet(jsonOption);
    QString error;
    WorkspaceSettings settings(dir);
    if (!settings.load(&error)) {
        printErr(error);
        return ExitFailure;
    }
    QString policyError;
    ApprovalPolicy policy = settings.approvalPolicy(&policyError);
    if (!policyError.isEmpty())
        printErr(u"sandbench: %1 in %2; until it is fixed every call asks"_s.arg(policyError,
                                                                                 settings.filePath()));
    const auto save = [&]() -> int {
        settings.setApprovalPolicy(policy);
        if (!DataDir::open(where.dataDir, &error) || !settings.save(&error)) {
            printErr(error);
            return ExitFailure;
        }
        printPolicy(policy, json);
        return ExitOk;
    };
    if ((action.isEmpty() || action == u"show"_s) && positional.isEmpty()) {
        printPolicy(policy, json);
        return ExitOk;
    }
    if (action == u"mode"_s && positional.size() == 1) {
        const std::optional<ApprovalMode> mode = ApprovalPolicy::parseMode(positional.first());
        if (!mode) {
            printErr(u"unknown mode \"%1\" (%2)"_s.arg(positional.first(),
                                                       ApprovalPolicy::modeNames().join(u", "_s)));
            return ExitUsage;
        }
        policy.mode = *mode;
        return save();
    }
    if (action == u"timeout"_s && positional.size() == 1) {
        bool ok = false;
        const int seconds = positional.first().toInt(&ok);
        if (!ok || seconds < 1 || seconds > ApprovalPolicy::MaxTimeoutSeconds) {
            printErr(u"the timeout is a whole number of seconds from 1 to %1"_s.arg(
                ApprovalPolicy::MaxTimeoutSeconds));
            return ExitUsage;
        }
        policy.timeoutSeconds = seconds;
        return save();
    }
    if (action == u"rules"_s && (sub == u"list"_s || sub.isEmpty()) && positional.isEmpty()) {
        if (json) {
            printOut(
                QJsonDocument(policy.toJson().value(u"rules"_s).toArray()).toJson(QJsonDocument::Indented));
            return ExitOk;
        }
        printPolicy(policy, false);
        return ExitOk;
    }
    if (action == u"rules"_s && sub == u"add"_s && positional.size() == 2) {
        const std::optional<ApprovalRule> rule =
            ApprovalRule::make(positional.at(0), positional.at(1), &error);
        if (!rule) {
            printErr(error);
            return ExitUsage;
        }
        if (policy.rules.contains(*rule)) {
            printErr(u"the rule \"%1\" exists already"_s.arg(rule->text()));
            return ExitUsage;
        }
        if (policy.rules.size() >= ApprovalPolicy::MaxRules) {
            printErr(u"a workspace holds at most %1 rules"_s.arg(ApprovalPolicy::MaxRules));
            return ExitUsage;
        }
        qsizetype at = policy.rules.size();
        if (parser.isSet(positionOption)) {
            bool ok = false;
            const int n = parser.value(positionOption).toInt(&ok);
            if (!ok || n < 1 || n > policy.rules.size() + 1) {
                printErr(u"--position must be from 1 to %1"_s.arg(policy.rules.size() + 1));
                return ExitUsage;
            }
            at = n - 1;
        }
        policy.rules.insert(at, *rule);
        return save();
    }
    if (action == u"rules"_s && sub == u"rm"_s && positional.size() == 1) {
        bool ok = false;
        const int n = positional.first().toInt(&ok);
        if (!ok || n < 1 || n > policy.rules.size()) {
            printErr(policy.rules.isEmpty()
                         ? u"there are no rules to remove"_s
                         : u"the rule number must be from 1 to %1 (see: sandbench approvals "
                           "rules list)"_s.arg(policy.rules.size()));
            return ExitUsage;
        }
        policy.rules.removeAt(n - 1);
        return save();
    }
    if (action == u"rules"_s && sub == u"clear"_s && positional.isEmpty()) {
        policy.rules.clear();
        return save();
    }
    printErr(kUsage);
    return ExitUsage;
}

TerminalApprover::TerminalApprover(QObject *parent)
    : QObject(parent)
    , m_stdin(new QSocketNotifier(STDIN_FILENO, QSocketNotifier::Read, this))
{
    connect(m_stdin, &QSocketNotifier::activated, this, &TerminalApprover::onInput);
}

TerminalApprover::~TerminalApprover() = default;

void TerminalApprover::attach(ApprovalBroker *broker)
{
    broker->addAnswerer();
    const QPointer<ApprovalBroker> b(broker);
    connect(broker, &ApprovalBroker::requested, this, [this, b](const ApprovalRequest &r) {
        m_queue.append({b, r.id});
        onRequested(r);
    });
    connect(broker, &ApprovalBroker::resolved, this,
            [this](const ApprovalRequest &r, const ApprovalAnswer &a) {
                onClosed(r.id, a.by == u"terminal"_s
                                   ? QString()
                                   : u"%1 (%2)"_s.arg(ApprovalAnswer::decisionName(a.decision), a.by));
            });
    connect(broker, &ApprovalBroker::withdrawn, this,
            [this](const QString &id) { onClosed(id, u"withdrawn: the request ended"_s); });
}

void TerminalApprover::onRequested(const ApprovalRequest &)
{
    if (m_shown.isEmpty())
        showNext();
}

void TerminalApprover::onClosed(const QString &id, const QString &how)
{
    m_queue.removeIf([&id](const Entry &e) { return e.id == id; });
    if (m_shown != id)
        return;
    m_shown.clear();
    if (!how.isEmpty())
        printErr(u"sandbench: approval %1 was answered elsewhere: %2"_s.arg(id, how));
    showNext();
}

void TerminalApprover::showNext()
{
    while (!m_queue.isEmpty()) {
        const Entry e = m_queue.first();
        const std::optional<ApprovalRequest> r = e.broker ? e.broker->find(e.id) : std::nullopt;
        if (!r) {
            m_queue.removeFirst();
            continue;
        }
        m_shown = r->id;
        const qint64 left = std::max<qint64>(0, (r->deadlineMs - QDateTime::currentMSecsSinceEpoch()) / 1000);
        printErr(
            u"\nsandbench: approval needed (%1) for request %2 in workspace %3, tool %4:\n%5    why: %6\n"
            "Allow? y = once, a = for this conversation, n [note] = deny (the note goes to the model); "
            "%7 s left: "_s
                .arg(r->id, r->requestId, r->workspace, r->tool, printable(r->commands.join(u'\n')),
                     displayName(r->reason))
                .arg(left));
        return;
    }
}

void TerminalApprover::onInput()
{
    char buffer[4096];
    const ssize_t n = ::read(STDIN_FILENO, buffer, sizeof buffer);
    if (n <= 0) {
        // End of input: the terminal can no longer answer.
        m_stdin->setEnabled(false);
        return;
    }
    m_line.append(buffer, n);
    qsizetype end;
    while ((end = m_line.indexOf('\n')) >= 0) {
        const QString line = QString::fromUtf8(m_line.left(end)).trimmed();
        m_line.remove(0, end + 1);
        if (m_shown.isEmpty() || m_queue.isEmpty())
            continue;
        const Entry e = m_queue.first();
        const QString word = line.section(u' ', 0, 0).toLower();
        const QString note = line.section(u' ', 1).trimmed();
        std::optional<ApprovalDecision> decision;
        if (word == u"y"_s || word == u"yes"_s)
            decision = ApprovalDecision::AllowOnce;
        else if (word == u"a"_s || word == u"always"_s)
            decision = ApprovalDecision::AllowConversation;
        else if (word == u"n"_s || word == u"no"_s || word == u"d"_s || word == u"deny"_s)
            decision = ApprovalDecision::Deny;
        if (!decision) {
            printErr(u"answer y, a or n [note]: "_s);
            continue;
        }
        QString error;
        if (!e.broker || !e.broker->answer(e.id, *decision, note, u"terminal"_s, &error))
            printErr(u"sandbench: %1"_s.arg(error));
        else
            printErr(u"sandbench: %1 %2"_s.arg(e.id, ApprovalAnswer::decisionName(*decision)));
    }
}
