// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "base/sessionlimits.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

// The arguments of one openrouter:shell call: which commands to run and the per-command limits (SPEC §1.1,
// §1.3).
struct ShellAction
{
    static constexpr int DefaultTimeoutMs = 120000;
    static constexpr int MaxTimeoutMs = SessionLimits::HostedMaxTimeoutMs;
    // What a workspace's lifted limits may allow at most (WorkspaceSettings): seven days.
    static constexpr int AbsoluteMaxTimeoutMs = 7 * 24 * 3600 * 1000;
    static constexpr int DefaultMaxOutputLength = 16384;
    static constexpr int MaxMaxOutputLength = 65536;
    static constexpr int MaxCommands = 100;

    QStringList commands;
    int timeoutMs = DefaultTimeoutMs;
    int maxOutputLength = DefaultMaxOutputLength;
    // The longest timeoutMs the caller's limits allow (SessionLimits::maxTimeoutMs; not part of the JSON).
    int maxTimeoutMs = MaxTimeoutMs;
    // Past maxOutputLength keep the last characters rather than the first (SessionLimits::keepOutputTail).
    bool keepOutputTail = false;
    // A Python cell (CodeAction::shellAction; not part of the JSON): its request line for the container's
    // kernel bridge and the nonce of its answer (KernelCell). When the container's PythonKernel has its
    // channel, the one command is not run: the request goes over the channel and the bridge's answer is the
    // command's stdout; commands[0] is what runs without a channel (the script fallback).
    QByteArray kernelRequest;
    QString kernelNonce;

    // Parses the model's arguments {"commands":[...],"timeout_ms":N,"max_output_length":N} (or "command":"x")
    // and validates them against limits (the hosted ones by default: timeout_ms up to 300,000, 120,000 when
    // absent); on failure returns nullopt and a message naming the field.
    static std::optional<ShellAction> fromJson(const QJsonObject &args, QString *error,
                                               const SessionLimits &limits = SessionLimits::hosted());
    // Empty when the action is valid, otherwise a message naming the field and its allowed range.
    QString validate() const;
    // The "action" object of the output item.
    QJsonObject toJson() const;
};

// How one command ended: its exit code, or killed by its timeout.
struct CommandOutcome
{
    enum class Type { Exit, Timeout };
    Type type = Type::Exit;
    int exitCode = 0;

    static CommandOutcome exit(int code) { return {Type::Exit, code}; }
    static CommandOutcome timeout() { return {Type::Timeout, 0}; }
    // Maps a raw waitpid status: normal exit -> its code, killed by signal N -> 128 + N.
    static CommandOutcome fromWaitStatus(int status);
    QJsonObject toJson() const;
    bool operator==(const CommandOutcome &other) const = default;
};

// What one command produced, as kept after truncation.
struct CommandResult
{
    QString stdoutText;
    QString stderrText;
    CommandOutcome outcome;
    qint64 durationMs = 0;
    qint64 stdoutDropped = 0; // characters dropped by the max_output_length cap
    qint64 stderrDropped = 0;

    // Exactly {"stdout":..,"stderr":..,"outcome":{..}}.
    QJsonObject toJson() const;
};

// Builds the Responses API output item of SPEC §1.2.
QJsonObject shellOutputItem(const QString &id, const QString &callId, const QString &containerId,
                            const ShellAction &action, const QList<CommandResult> &results, bool completed);

// The marker ending a stream's kept text when characters were dropped.
QString truncationMarker(qint64 droppedCharacters);
// The marker starting a stream's kept tail when its first characters were dropped (long sessions).
QString leadingTruncationMarker(qint64 droppedCharacters);
