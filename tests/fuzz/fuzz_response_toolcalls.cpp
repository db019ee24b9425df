// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the tool calls the Logs read from a logged response body (ResponseToolCalls::read).
// Whatever the bytes: at most MaxCalls calls, every field one bounded line with no control or invisible
// format character left raw.
#include "gateway/responsetoolcalls.h"

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray body = QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size));
    const QList<LoggedToolCall> calls = ResponseToolCalls::read(body);
    if (calls.size() > ResponseToolCalls::MaxCalls)
        abort();
    for (const LoggedToolCall &c : calls) {
        for (const QString &field : {c.type, c.name, c.callId, c.input, c.outcome}) {
            if (field.size() > ResponseToolCalls::MaxFieldChars * 12 + 1)
                abort();
            for (const QChar ch : field)
                if (ch.category() == QChar::Other_Control || ch.unicode() == 0x202e || ch.unicode() == 0x2028)
                    abort();
        }
    }
    return 0;
}
