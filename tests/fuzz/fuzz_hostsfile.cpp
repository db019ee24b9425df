// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the hosts-file parser the egress proxy reads /etc/hosts with (HostsFile::parse).
#include "sandbox/net/hostsfile.h"
#include "sandbox/net/networkpolicy.h"

#include <cstddef>
#include <cstdint>

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
    const QHash<QString, QList<QHostAddress>> names = HostsFile::parse(input);
    check(names.size() <= HostsFile::MaxNames);
    for (auto it = names.begin(); it != names.end(); ++it) {
        // Every name is a valid host name in its normal form, never an address, and has an address.
        check(!it.key().isEmpty() && NetworkPolicy::normalizeHost(it.key()) == it.key());
        check(QHostAddress(it.key()).isNull());
        check(!it.value().isEmpty());
        for (qsizetype i = 0; i < it.value().size(); ++i) {
            check(!it.value().at(i).isNull() && it.value().at(i).scopeId().isEmpty());
            check(it.value().indexOf(it.value().at(i)) == i); // no repeats
        }
    }
    return 0;
}
