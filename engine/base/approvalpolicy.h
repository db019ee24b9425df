// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

#include <optional>

// Whether a shell or code call runs, asks a person first, or is refused.
enum class ApprovalVerdict { Allow, Ask, Deny };
// How a workspace or a conversation treats the model's calls: run everything, ask before each call, or the
// rules decide.
enum class ApprovalMode { RunAll, Ask, Rules };

// One rule: a verdict and a glob over one simple command ("python3 *": `*` any text, `?` one character,
// nothing else is special). "X *" also matches the bare "X".
struct ApprovalRule
{
    ApprovalVerdict verdict = ApprovalVerdict::Ask;
    QString pattern;

    // nullopt with *error for an unknown verdict or a pattern that is empty, too long, spans several
    // commands (|, ;, & or a newline outside quotes) or holds a command substitution.
    static std::optional<ApprovalRule> make(const QString &verdict, const QString &pattern, QString *error);
    bool matches(const QString &simpleCommand) const;
    // "allow python3 *"
    QString text() const;
    bool operator==(const ApprovalRule &other) const = default;
};

// A workspace's (or a conversation's) approval settings and the matching rule (README "Approvals"): a call is
// split into the simple commands bash would run (ShellSplitter: quotes, comments, here-documents, compound
// commands, and the commands inside $(…), `…`, <(…) and >(…)); each command gets the verdict of the FIRST
// rule that matches it (rules are kept in order), or `ask` when none does. The call's verdict is the
// strictest of its commands' (deny > ask > allow), and a call the splitter cannot fully account for is at
// least `ask`: a rule never allows it (fail closed), though a deny rule that matches one of its commands
// still denies it.
struct ApprovalPolicy
{
    static constexpr int DefaultTimeoutSeconds = 300;
    static constexpr int MaxTimeoutSeconds = 24 * 3600;
    static constexpr int MaxPatternLength = 1000;
    static constexpr int MaxRules = 500;

    ApprovalMode mode = ApprovalMode::RunAll;
    QList<ApprovalRule> rules;
    // How long an ask waits for an answer before the model gets a tool error.
    int timeoutSeconds = DefaultTimeoutSeconds;

    struct Evaluation
    {
        ApprovalVerdict verdict = ApprovalVerdict::Allow;
        // Why, in one line for the log and the model: "rule \"deny curl *\" matched \"curl x\"".
        QString reason;
        QString rule; // the deciding rule's text, empty when none decided
    };
    // The verdict for a call's commands. allowed: simple commands a person allowed for the conversation;
    // they run without asking (never past a deny rule).
    Evaluation evaluate(const QStringList &commands, const QSet<QString> &allowed = {}) const;

    // The simple commands of one command line as rules see them (ShellCommand::text: canonical words,
    // leading assignments and wrappers dropped).
    static QStringList simpleCommands(const QString &commandLine, bool *hasSubstitution = nullptr);
    // The first rule that matches a simple command, or nullptr.
    const ApprovalRule *firstMatch(const QString &simpleCommand) const;

    static QString modeName(ApprovalMode mode); // "run-all", "ask", "rules"
    static std::optional<ApprovalMode> parseMode(const QString &name);
    static QStringList modeNames();
    static QString verdictName(ApprovalVerdict verdict); // "allow", "ask", "deny"
    static std::optional<ApprovalVerdict> parseVerdict(const QString &name);

    // {"mode": "rules", "rules": [{"verdict": "allow", "pattern": "python3 *"}], "timeout_seconds": 300}
    QJsonObject toJson() const;
    // Unknown or bad entries are an error naming them.
    static std::optional<ApprovalPolicy> fromJson(const QJsonObject &json, QString *error);
};
