// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "patternset.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

// Ordered by strictness: a larger value wins when several guardrails fire.
enum class GuardrailAction { Flag = 0, Redact = 1, Block = 2 };
enum class GuardrailScope { UserOnly, AllMessages };

QString guardrailActionName(GuardrailAction action);
QString guardrailScopeName(GuardrailScope scope);
std::optional<GuardrailAction> parseGuardrailAction(QStringView name);
std::optional<GuardrailScope> parseGuardrailScope(QStringView name);

// One configured detector: which built-in runs, what happens on a match and which messages it reads.
struct Guardrail
{
    QString slug; // one of GuardrailEngine::builtinSlugs()
    GuardrailAction action = GuardrailAction::Flag;
    GuardrailScope scope = GuardrailScope::UserOnly;

    friend bool operator==(const Guardrail &, const Guardrail &) = default;
};

// A message as the guardrails see it: the role decides whether user_only guardrails read it.
struct GuardrailMessage
{
    QString role; // "user", "system", "developer", "assistant", "tool"
    QString content;
};

struct Detection
{
    QString guardrail; // slug
    GuardrailAction action = GuardrailAction::Flag;
    GuardrailScope scope = GuardrailScope::UserOnly;
    int messageIndex = -1; // -1 for tool output
    qsizetype start = 0;   // UTF-16 offset into the message content
    qsizetype length = 0;
    QString family;    // pattern family, or the PII kind ("email", ...)
    QString patternId; // pattern id, or the PII kind
};

struct GuardrailOutcome
{
    // Strictest action among the detections; empty when nothing matched.
    std::optional<GuardrailAction> verdict;
    QList<Detection> detections;
    // The messages to forward: redact-action spans replaced by their labels; others unchanged.
    QList<GuardrailMessage> messages;
    QString blockedBy;   // slug of the first blocking guardrail
    QString blockReason; // user-visible reason naming the guardrail, for the API's 403 error

    bool blocked() const { return verdict == GuardrailAction::Block; }
};

struct ToolOutputOutcome
{
    std::optional<GuardrailAction> verdict;
    QList<Detection> detections;
    QString text; // redacted when a redact-action guardrail matched
    QString blockedBy;
    QString blockReason;

    bool blocked() const { return verdict == GuardrailAction::Block; }
};

// Runs the configured guardrails over a request's messages (and, optionally, over sandbox output) and decides
// what to forward. Stateless after construction and safe to share between threads.
class GuardrailEngine
{
public:
    explicit GuardrailEngine(const QList<Guardrail> &guardrails = {},
                             const PatternSet &patterns = PatternSet::builtin());

    static QStringList builtinSlugs(); // regex-prompt-injection, email, phone, credit-card, ip-address
    static QString redactionLabel(const QString &slug); // "[PROMPT_INJECTION]", "[EMAIL]", ...

    const QList<Guardrail> &guardrails() const { return m_guardrails; }

    // Every match of every guardrail over the messages its scope covers, ordered by message and offset.
    QList<Detection> scan(const QList<GuardrailMessage> &messages) const;
    GuardrailOutcome apply(const QList<GuardrailMessage> &messages) const;
    // Sandbox output is not user-supplied, so every configured guardrail reads it regardless of scope.
    ToolOutputOutcome scanToolOutput(const QString &text) const;

    // The raw detectors, exposed for tests and benchmarks: spans of one built-in in one text.
    struct Span
    {
        qsizetype start;
        qsizetype length;
        QString family;
        QString patternId;
    };
    QList<Span> detect(const QString &slug, const QString &text) const;

private:
    QList<Detection> scanText(const Guardrail &g, const QString &text, int messageIndex) const;
    static QString redact(const QString &text, QList<Detection> spans);

    QList<Guardrail> m_guardrails;
    PatternSet m_patterns;
};
