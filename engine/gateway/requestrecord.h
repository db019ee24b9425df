// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "guardrail.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

// One command of a shell call, as logged and traced.
struct CommandRecord
{
    QString command;
    QString stdoutText;
    QString stderrText;
    QString outcome; // "exit" or "timeout", as in the tool results
    int exitCode = 0;
    qint64 startMs = 0; // unix ms
    qint64 durationMs = 0;
};

struct ShellCallRecord
{
    QString callId;
    QString tool; // "openrouter:shell" or "openrouter:bash"
    QString containerId;
    qint64 startMs = 0;
    qint64 durationMs = 0;
    QList<CommandRecord> commands;
    // This call's share of the request's sandbox cost (the meter runs from the first command to the end of
    // the response): what the request's charge grew by while it ran, the last call also the rest of the
    // request; the calls of a request add up to its serverToolCost. Negative: not known (logged before
    // calls were costed, or no meter).
    double cost = -1;
    bool includesMinimum = false; // the cost was raised to the cold-start minimum (SPEC 1.7)
};

// One approval decision on a shell or code call (README "Approvals").
struct ApprovalRecord
{
    QString callId;
    QString commands; // the call's commands, one a line (stored only with input & output logging)
    QString verdict;  // what the policy said: "allow", "ask" or "deny"
    // "allowed" or "denied" (by a rule or the conversation's allowances, no one asked), or a person's
    // answer: "allow_once", "allow_conversation", "deny", "expired", "unavailable" (nothing could ask),
    // "withdrawn" (the request ended while it waited).
    QString decision;
    QString by;     // "rule", "conversation", "window", "terminal", "websocket", "timeout", "nobody"
    QString reason; // why the policy said so
    QString note;   // the person's note to the model
    qint64 timeMs = 0;
    qint64 waitedMs = 0;
};

// One model round trip inside a request; turns are traced, not stored.
struct ModelTurnRecord
{
    QString model;
    qint64 startMs = 0;
    qint64 durationMs = 0;
    qint64 inputTokens = 0;
    qint64 outputTokens = 0;
    QString finishReason;
};

// Everything known about one gateway request once it has finished.
struct RequestRecord
{
    qint64 rowId = 0;  // assigned by RequestLog; 0 before logging
    QString id;        // request id (e.g. "resp_..."), unique per workspace
    qint64 timeMs = 0; // start, unix ms
    qint64 latencyMs = 0;
    QString workspace;
    QString api; // "responses", "messages", "chat_completions", "gemini"
    // Who asked: "window" for the workbench's own conversations, else the API client as its User-Agent says
    // (printable, at most MaxClientChars); empty when unknown.
    QString client;
    // The window's requests: the conversation's title and the first line of the question (printable, at
    // most MaxQuestionChars). Stored only with input & output logging, like the bodies.
    QString conversation;
    QString question;
    static constexpr int MaxClientChars = 120;
    static constexpr int MaxQuestionChars = 160;
    // text's first line, control and invisible characters escaped (printableText()), cut at maxChars with
    // an ellipsis.
    static QString oneLine(const QString &text, int maxChars);
    QString model;
    QString provider;
    int status = 200;
    qint64 inputTokens = 0;
    qint64 outputTokens = 0;
    double serverToolCost = 0;
    QStringList containerIds;
    QByteArray requestBody;  // dropped unless input & output logging is on
    QByteArray responseBody; // dropped unless input & output logging is on
    // The bodies' whole sizes in bytes, set by RequestLog: more than the body's size when the log kept only
    // its first RequestLog::MaxBodyBytes; 0 when unknown (not logged, or logged before sizes were kept).
    qint64 requestBodyBytes = 0;
    qint64 responseBodyBytes = 0;
    bool ioLogged = false; // whether bodies and command text were stored
    QList<ShellCallRecord> shellCalls;
    QList<Detection> detections;
    QList<ModelTurnRecord> turns;
    QList<ApprovalRecord> approvals;
};
