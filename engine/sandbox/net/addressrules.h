// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHostAddress>
#include <QString>

#include <optional>

// The ranges a container may never reach through its proxy, whatever its policy (SPEC 1.5): everything in
// IANA's IPv4 and IPv6 Special-Purpose Address Registries that is not globally reachable (RFC 6890 and its
// updates: loopback, private, shared, link-local, documentation, benchmarking, reserved, ...), multicast,
// and every IPv6 address outside the global unicast space 2000::/3. The host's own addresses are the other
// half of the rule (HostAddresses).
namespace AddressRules {

// Why address is no valid destination, naming its range ("documentation range 192.0.2.0/24"), or empty for
// a globally reachable unicast address. IPv4-mapped, NAT64 and 6to4 addresses are judged by the IPv4 address
// they lead to, and the reason says so.
QString specialRangeReason(const QHostAddress &address);

// The IPv4 address that an IPv4-mapped (::ffff:0:0/96), NAT64 (64:ff9b::/96) or 6to4 (2002::/16) address
// leads to; nullopt for any other address.
std::optional<QHostAddress> embeddedIpv4(const QHostAddress &address);

} // namespace AddressRules
