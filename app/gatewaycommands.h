// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

// `guardrails set SLUG --action flag|redact|block [--scope user_only|all_messages]` and `guardrails list
// [--json]`; args[0] is the program, args[1] the action. Returns the exit code (2 on bad input).
int runGuardrailsCommand(const QStringList &args);
// `logs list [--json] [--limit N]` and `logs export FILE [--limit N]` (JSON Lines); args as above.
int runLogsCommand(const QStringList &args);
