// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the egress proxy's relay header, HTTP request head and authority parsers, fed what a
// hostile container could send its proxy. Besides crashes it checks what the proxy relies on.
#include "sandbox/net/proxyparsers.h"

#include <cstddef>
#include <cstdint>

using namespace ProxyParsers;

namespace {

void check(bool condition)
{
    if (!condition)
        __builtin_trap();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArrayView input(reinterpret_cast<const char *>(data), qsizetype(size));

    const RelayHeader header = parseRelayHeader(input);
    check(header.consumed >= 0 && header.consumed <= input.size());
    const QByteArrayView rest = input.sliced(header.consumed);

    const qsizetype end = findHeadEnd(rest);
    const QByteArrayView head = end >= 0 ? rest.first(end) : rest.first(std::min(rest.size(), MaxHeadSize));
    const HttpRequestHead parsed = parseHttpRequestHead(head);
    if (parsed.status == HttpRequestHead::Status::Ok) {
        check(!parsed.host.isEmpty());
        check(parsed.port >= 1 && parsed.port <= 65535);
        check(parsed.bodyLength >= 0);
        if (!parsed.isConnect) {
            // One request head, ending once, with no bare control characters a server could read differently.
            check(parsed.forwardHead.endsWith("\r\n\r\n"));
            check(parsed.forwardHead.indexOf("\r\n\r\n") == parsed.forwardHead.size() - 4);
            for (qsizetype i = 0; i < parsed.forwardHead.size(); ++i) {
                const char c = parsed.forwardHead.at(i);
                check(c != '\0' && (c != '\r' || parsed.forwardHead.at(i + 1) == '\n'));
                check(c != '\n' || (i > 0 && parsed.forwardHead.at(i - 1) == '\r'));
            }
        }
    }

    for (const int defaultPort : {80, -1}) {
        const auto authority =
            parseAuthority(input.first(std::min<qsizetype>(input.size(), 300)), defaultPort);
        if (authority)
            check(!authority->host.isEmpty() && authority->port >= 1 && authority->port <= 65535);
    }
    return 0;
}
