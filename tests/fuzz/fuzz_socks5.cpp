// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the egress proxy's SOCKS5 greeting and request parsers, in the order a client's bytes
// meet them.
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
    const SocksGreeting greeting = parseSocksGreeting(input);
    check(greeting.consumed >= 0 && greeting.consumed <= input.size());
    check(greeting.status == SocksGreeting::Status::Ok || greeting.consumed == 0);

    // The request right after the greeting, and on its own (a fuzzer finds more that way).
    for (const QByteArrayView bytes : {input.sliced(greeting.consumed), input}) {
        const SocksRequest request = parseSocksRequest(bytes);
        check(request.consumed >= 0 && request.consumed <= bytes.size());
        if (request.status == SocksRequest::Status::Ok) {
            check(request.consumed >= 7); // an empty domain is the shortest
            check(request.port >= 0 && request.port <= 65535);
        } else {
            check(request.consumed == 0);
        }
    }
    return 0;
}
