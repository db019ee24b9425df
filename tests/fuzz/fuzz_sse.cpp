// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the SSE parser on an upstream's arbitrary bytes. The first byte picks chunk sizes; the
// events must not depend on how the network split the stream.
#include "models/sseparser.h"

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    const unsigned seed = data[0];
    const QByteArray stream(reinterpret_cast<const char *>(data + 1), qsizetype(size - 1));

    SseParser whole;
    QList<SseEvent> expected = whole.feed(stream);
    expected += whole.finish();

    SseParser chunked;
    QList<SseEvent> got;
    qsizetype pos = 0;
    unsigned step = seed;
    while (pos < stream.size()) {
        step = step * 1103515245u + 12345u;
        const qsizetype n = qMin<qsizetype>(stream.size() - pos, 1 + (step >> 16) % 17);
        got += chunked.feed(stream.mid(pos, n));
        pos += n;
    }
    got += chunked.finish();
    if (got != expected)
        abort();
    return 0;
}
