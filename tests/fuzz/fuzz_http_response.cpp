// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the HTTP/1.1 response parser of PlainHttp on an upstream's arbitrary bytes. The first
// byte picks chunk sizes; the outcome (status, headers, body, done or error) must not depend on how the
// network split the stream, and the body never passes its limit.
#include "models/plainhttpparser.h"

#include <cstdint>
#include <cstdlib>

namespace {

struct Outcome
{
    PlainHttp::ResponseParser::Step last = PlainHttp::ResponseParser::Step::NeedMore;
    int heads = 0;
    int status = 0;
    QList<std::pair<QByteArray, QByteArray>> headers;
    QByteArray body;
};

// Feeds the pieces, then ends the connection; stops at Done or Error.
Outcome run(const QList<QByteArray> &pieces, const PlainHttp::Limits &limits)
{
    using Step = PlainHttp::ResponseParser::Step;
    PlainHttp::ResponseParser parser(limits);
    Outcome out;
    auto drain = [&] {
        for (;;) {
            QByteArray body;
            const Step step = parser.next(&body);
            if (step == Step::Head) {
                ++out.heads;
                out.status = parser.status();
                out.headers = parser.headers();
                continue;
            }
            if (step == Step::Body) {
                if (body.isEmpty())
                    abort();
                out.body += body;
                if (out.body.size() > limits.maxBodyBytes)
                    abort();
                continue;
            }
            out.last = step;
            return;
        }
    };
    for (const QByteArray &piece : pieces) {
        parser.append(piece);
        drain();
        if (out.last != Step::NeedMore)
            return out;
    }
    out.last = parser.closed();
    return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    const unsigned seed = data[0];
    const QByteArray stream(reinterpret_cast<const char *>(data + 1), qsizetype(size - 1));
    PlainHttp::Limits limits;
    limits.maxHeaderBytes = 2048;
    limits.maxHeaderCount = 32;
    limits.maxBodyBytes = 4096;
    limits.maxChunkLineBytes = 64;

    const Outcome whole = run({stream}, limits);
    QList<QByteArray> pieces;
    unsigned step = seed;
    for (qsizetype pos = 0; pos < stream.size();) {
        step = step * 1103515245u + 12345u;
        const qsizetype n = qMin<qsizetype>(stream.size() - pos, 1 + (step >> 16) % 17);
        pieces.append(stream.mid(pos, n));
        pos += n;
    }
    const Outcome split = run(pieces, limits);
    using Step = PlainHttp::ResponseParser::Step;
    if (whole.last != split.last || whole.heads != split.heads || whole.status != split.status ||
        whole.headers != split.headers)
        abort();
    // After an error, how much body came before it depends on the split.
    if (whole.last != Step::Error && whole.body != split.body)
        abort();
    return 0;
}
