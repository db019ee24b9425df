// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/conversation.h"

#include <QStringList>
#include <QStringView>

// Tolerant repair of the tool calls local models produce: sloppy arguments, missing ids, calls written as
// text.
namespace ToolCallParser {

// A fresh id of the form call_<24 alphanumerics>.
QString generateCallId();

// Finds the first complete JSON object or array in text (strings and escapes respected); returns its
// [start, end) span or {-1, -1} when none closes.
std::pair<qsizetype, qsizetype> firstJsonValueSpan(QStringView text);

// Normalises call.argumentsJson to one compact JSON object: empty becomes {}, trailing text is dropped,
// a JSON string holding an object is unwrapped. Otherwise sets call.parseError. Fills a missing id.
void normalize(ToolCall &call);

// Extracts calls written into the text: <tool_call>{...}</tool_call> blocks, and ```json (or bare ```) fenced
// blocks or a whole-text JSON object naming a known tool as {"name":..,"arguments"|"parameters":..}.
// Removes the extracted spans from *text. Calls naming unknown tools inside <tool_call> are still returned.
QList<ToolCall> extractEmbedded(QString *text, const QStringList &knownTools);

} // namespace ToolCallParser
