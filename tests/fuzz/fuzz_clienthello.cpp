// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the egress proxy's TLS ClientHello reader, which finds the server name it checks
// against the requested host.
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
    QByteArray sni;
    const SniResult result = parseClientHelloSni(input, &sni);
    if (result == SniResult::Found) {
        check(sni.size() <= input.size());
        check(input.indexOf(QByteArrayView(sni)) >= 0); // taken from the record, nothing made up
    } else {
        check(sni.isEmpty());
    }
    // Whatever follows the first record never changes the verdict on a complete one.
    if (result != SniResult::Incomplete) {
        QByteArray longer = input.toByteArray() + QByteArray(64, '\x16');
        QByteArray again;
        check(parseClientHelloSni(longer, &again) == result && again == sni);
    }
    return 0;
}
