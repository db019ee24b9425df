// SPDX-License-Identifier: GPL-3.0-or-later
#include "addressrules.h"

#include <QCoreApplication>

#include <array>

using namespace Qt::StringLiterals;

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("EgressProxy", text);
}

struct Range4
{
    quint32 network;
    int bits;
    const char *kind;
};

// IANA IPv4 Special-Purpose Address Registry entries that are not globally reachable, plus multicast and
// the 6to4 relay anycast range RFC 7526 deprecated. The first match names the reason, so the narrower
// range comes first where two overlap.
constexpr Range4 Ipv4Ranges[] = {
    {0x00000000, 8, QT_TRANSLATE_NOOP("EgressProxy", "unspecified (\"this network\") range")},
    {0x0a000000, 8, QT_TRANSLATE_NOOP("EgressProxy", "private range")},
    {0x64400000, 10, QT_TRANSLATE_NOOP("EgressProxy", "private (shared address space) range")},
    {0x7f000000, 8, QT_TRANSLATE_NOOP("EgressProxy", "loopback range")},
    {0xa9fe0000, 16, QT_TRANSLATE_NOOP("EgressProxy", "link-local range")},
    {0xac100000, 12, QT_TRANSLATE_NOOP("EgressProxy", "private range")},
    {0xc0000000, 24, QT_TRANSLATE_NOOP("EgressProxy", "IETF protocol assignments range")},
    {0xc0000200, 24, QT_TRANSLATE_NOOP("EgressProxy", "documentation range")},
    {0xc0586300, 24, QT_TRANSLATE_NOOP("EgressProxy", "deprecated 6to4 relay anycast range")},
    {0xc0a80000, 16, QT_TRANSLATE_NOOP("EgressProxy", "private range")},
    {0xc6120000, 15, QT_TRANSLATE_NOOP("EgressProxy", "benchmarking range")},
    {0xc6336400, 24, QT_TRANSLATE_NOOP("EgressProxy", "documentation range")},
    {0xcb007100, 24, QT_TRANSLATE_NOOP("EgressProxy", "documentation range")},
    {0xe0000000, 4, QT_TRANSLATE_NOOP("EgressProxy", "multicast range")},
    {0xffffffff, 32, QT_TRANSLATE_NOOP("EgressProxy", "reserved limited broadcast address")},
    {0xf0000000, 4, QT_TRANSLATE_NOOP("EgressProxy", "reserved range")},
};

struct Range6
{
    const char *prefix;
    int bits;
    const char *kind;
};

// The IPv6 registry's entries that are not globally reachable, multicast, and the deprecated site-local
// range. 2001::/23 is refused whole: its globally reachable assignments (AMT, AS112, ORCHIDv2, drone remote
// ID, PCP/TURN anycast) serve no web content. Everything outside 2000::/3 is refused after these.
constexpr Range6 Ipv6Ranges[] = {
    {"64:ff9b:1::", 48, QT_TRANSLATE_NOOP("EgressProxy", "local-use IPv4/IPv6 translation range")},
    {"::", 8, QT_TRANSLATE_NOOP("EgressProxy", "reserved range")}, // with the IPv4-compatible ::/96
    {"100::", 64, QT_TRANSLATE_NOOP("EgressProxy", "discard-only range")},
    {"100:0:0:1::", 64, QT_TRANSLATE_NOOP("EgressProxy", "dummy prefix range")},
    {"2001::", 32, QT_TRANSLATE_NOOP("EgressProxy", "Teredo range")},
    {"2001:2::", 48, QT_TRANSLATE_NOOP("EgressProxy", "benchmarking range")},
    {"2001:10::", 28, QT_TRANSLATE_NOOP("EgressProxy", "deprecated ORCHID range")},
    {"2001::", 23, QT_TRANSLATE_NOOP("EgressProxy", "IETF protocol assignments range")},
    {"2001:db8::", 32, QT_TRANSLATE_NOOP("EgressProxy", "documentation range")},
    {"3fff::", 20, QT_TRANSLATE_NOOP("EgressProxy", "documentation range")},
    {"5f00::", 16, QT_TRANSLATE_NOOP("EgressProxy", "SRv6 segment identifier range")},
    {"fc00::", 7, QT_TRANSLATE_NOOP("EgressProxy", "unique local (private) range")},
    {"fe80::", 10, QT_TRANSLATE_NOOP("EgressProxy", "link-local range")},
    {"fec0::", 10, QT_TRANSLATE_NOOP("EgressProxy", "deprecated site-local range")},
    {"ff00::", 8, QT_TRANSLATE_NOOP("EgressProxy", "multicast range")},
};

QString describe(const char *kind, const QString &network, int bits, int fullBits)
{
    return bits == fullBits ? tr("%1 %2").arg(tr(kind), network)
                            : tr("%1 %2/%3").arg(tr(kind), network).arg(bits);
}

QString ipv4Reason(quint32 v4)
{
    for (const Range4 &range : Ipv4Ranges) {
        const quint32 mask = range.bits == 0 ? 0 : ~quint32(0) << (32 - range.bits);
        if ((v4 & mask) == range.network)
            return describe(range.kind, QHostAddress(range.network).toString(), range.bits, 32);
    }
    return {};
}

bool inPrefix(const Q_IPV6ADDR &a, const Q_IPV6ADDR &prefix, int bits)
{
    for (int i = 0; i < 16 && bits > 0; ++i, bits -= 8) {
        const quint8 mask = bits >= 8 ? 0xff : quint8(0xff << (8 - bits));
        if ((a[i] & mask) != (prefix[i] & mask))
            return false;
    }
    return true;
}

struct ParsedRange6
{
    Q_IPV6ADDR prefix;
    int bits;
    const char *kind;
};

const std::array<ParsedRange6, std::size(Ipv6Ranges)> &parsedIpv6Ranges()
{
    static const auto parsed = [] {
        std::array<ParsedRange6, std::size(Ipv6Ranges)> out{};
        for (size_t i = 0; i < std::size(Ipv6Ranges); ++i)
            out[i] = {QHostAddress(QString::fromLatin1(Ipv6Ranges[i].prefix)).toIPv6Address(),
                      Ipv6Ranges[i].bits, Ipv6Ranges[i].kind};
        return out;
    }();
    return parsed;
}

enum class Embedding { None, Mapped, Nat64, SixToFour };

Embedding embeddingOf(const Q_IPV6ADDR &a, quint32 *v4)
{
    auto zero = [&a](int from, int to) {
        for (int i = from; i < to; ++i)
            if (a[i])
                return false;
        return true;
    };
    auto v4At = [&a](int i) { return quint32((a[i] << 24) | (a[i + 1] << 16) | (a[i + 2] << 8) | a[i + 3]); };
    if (zero(0, 10) && a[10] == 0xff && a[11] == 0xff) {
        *v4 = v4At(12);
        return Embedding::Mapped;
    }
    if (a[0] == 0x00 && a[1] == 0x64 && a[2] == 0xff && a[3] == 0x9b && zero(4, 12)) {
        *v4 = v4At(12);
        return Embedding::Nat64;
    }
    if (a[0] == 0x20 && a[1] == 0x02) {
        *v4 = v4At(2);
        return Embedding::SixToFour;
    }
    return Embedding::None;
}

} // namespace

namespace AddressRules {

std::optional<QHostAddress> embeddedIpv4(const QHostAddress &address)
{
    if (address.protocol() != QAbstractSocket::IPv6Protocol)
        return std::nullopt;
    quint32 v4 = 0;
    if (embeddingOf(address.toIPv6Address(), &v4) == Embedding::None)
        return std::nullopt;
    return QHostAddress(v4);
}

QString specialRangeReason(const QHostAddress &address)
{
    if (address.protocol() == QAbstractSocket::IPv4Protocol)
        return ipv4Reason(address.toIPv4Address());
    if (address.protocol() != QAbstractSocket::IPv6Protocol)
        return tr("unspecified address");
    const Q_IPV6ADDR a = address.toIPv6Address();
    const Q_IPV6ADDR none{};
    if (inPrefix(a, none, 128))
        return tr("unspecified address ::");
    Q_IPV6ADDR one{};
    one[15] = 1;
    if (inPrefix(a, one, 128))
        return tr("loopback address ::1");

    quint32 v4 = 0;
    switch (embeddingOf(a, &v4)) {
    case Embedding::Mapped:
        if (const QString inner = ipv4Reason(v4); !inner.isEmpty())
            return tr("%1 (as an IPv4-mapped address)").arg(inner);
        return {};
    case Embedding::Nat64:
        if (const QString inner = ipv4Reason(v4); !inner.isEmpty())
            return tr("%1 (through NAT64)").arg(inner);
        return {};
    case Embedding::SixToFour:
        if (const QString inner = ipv4Reason(v4); !inner.isEmpty())
            return tr("%1 (through 6to4)").arg(inner);
        return {};
    case Embedding::None:
        break;
    }
    for (const ParsedRange6 &range : parsedIpv6Ranges())
        if (inPrefix(a, range.prefix, range.bits))
            return describe(range.kind, QHostAddress(range.prefix).toString(), range.bits, 128);
    if ((a[0] & 0xe0) != 0x20)
        return tr("reserved range (outside the global unicast space 2000::/3)");
    return {};
}

} // namespace AddressRules
