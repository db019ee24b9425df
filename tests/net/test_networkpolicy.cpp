// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandbox/net/egressproxy.h"
#include "sandbox/net/networkpolicy.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

QJsonValue json(const char *text)
{
    return QJsonDocument::fromJson(text).object();
}

} // namespace

class TestNetworkPolicy final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void shapes_data();
    void shapes();
    void badPolicies_data();
    void badPolicies();
    void badEntriesNamed_data();
    void badEntriesNamed();
    void entryLimit();
    void allows_data();
    void allows();
    void normalisation();
    void equalityAndJson();
    void mismatchError();
    void blockedAddresses_data();
    void blockedAddresses();
};

void TestNetworkPolicy::shapes_data()
{
    QTest::addColumn<QJsonValue>("input");
    QTest::addColumn<NetworkPolicy::Mode>("mode");
    QTest::addColumn<QStringList>("entries");
    QTest::newRow("absent") << QJsonValue() << NetworkPolicy::Mode::Disabled << QStringList();
    QTest::newRow("disabled") << json(R"({"type":"disabled"})") << NetworkPolicy::Mode::Disabled
                              << QStringList();
    QTest::newRow("bare list") << json(R"({"allowed_domains":["pypi.org","files.pythonhosted.org"]})")
                               << NetworkPolicy::Mode::Allowlist
                               << QStringList{u"files.pythonhosted.org"_s, u"pypi.org"_s};
    QTest::newRow("openai allowlist") << json(R"({"type":"allowlist","allowed_domains":["*.Example.COM."]})")
                                      << NetworkPolicy::Mode::Allowlist << QStringList{u"*.example.com"_s};
    QTest::newRow("star") << json(R"({"allowed_domains":["*"]})") << NetworkPolicy::Mode::Unrestricted
                          << QStringList();
    QTest::newRow("empty list") << json(R"({"allowed_domains":[]})") << NetworkPolicy::Mode::Allowlist
                                << QStringList();
    QTest::newRow("ip literals")
        << json(R"({"allowed_domains":["203.0.113.7","[2001:DB8::1]","2001:db8::2"]})")
        << NetworkPolicy::Mode::Allowlist
        << QStringList{u"2001:db8::1"_s, u"2001:db8::2"_s, u"203.0.113.7"_s};
    QTest::newRow("idn") << json(R"({"allowed_domains":["bücher.de"]})") << NetworkPolicy::Mode::Allowlist
                         << QStringList{u"xn--bcher-kva.de"_s};
}

void TestNetworkPolicy::shapes()
{
    QFETCH(QJsonValue, input);
    QFETCH(NetworkPolicy::Mode, mode);
    QFETCH(QStringList, entries);
    QString error;
    const auto policy = NetworkPolicy::fromJson(input, &error);
    QVERIFY2(policy, qPrintable(error));
    QCOMPARE(policy->mode(), mode);
    QCOMPARE(policy->entries(), entries);
}

void TestNetworkPolicy::badPolicies_data()
{
    QTest::addColumn<QJsonValue>("input");
    QTest::addColumn<QString>("expected");
    QTest::newRow("not object") << QJsonValue(u"pypi.org"_s) << u"must be an object"_s;
    QTest::newRow("unknown type") << json(R"({"type":"open"})") << u"\"disabled\" or \"allowlist\""_s;
    QTest::newRow("allowlist without list") << json(R"({"type":"allowlist"})") << u"needs allowed_domains"_s;
    QTest::newRow("disabled with list")
        << json(R"({"type":"disabled","allowed_domains":["a.com"]})") << u"cannot have allowed_domains"_s;
    QTest::newRow("unknown field") << json(R"({"allowed_domains":[],"ports":[22]})") << u"\"ports\""_s;
    QTest::newRow("non-string") << json(R"({"allowed_domains":[1]})") << u"only strings"_s;
    QTest::newRow("star with others") << json(R"({"allowed_domains":["*","a.com"]})") << u"only entry"_s;
}

void TestNetworkPolicy::badPolicies()
{
    QFETCH(QJsonValue, input);
    QFETCH(QString, expected);
    QString error;
    QVERIFY(!NetworkPolicy::fromJson(input, &error));
    QVERIFY2(error.contains(expected), qPrintable(error));
}

void TestNetworkPolicy::badEntriesNamed_data()
{
    QTest::addColumn<QString>("entry");
    QTest::addColumn<QString>("reason");
    QTest::newRow("empty") << QString() << u"empty"_s;
    QTest::newRow("scheme") << u"https://pypi.org"_s << u"scheme"_s;
    QTest::newRow("path") << u"pypi.org/simple"_s << u"path"_s;
    QTest::newRow("port") << u"pypi.org:443"_s << u"port"_s;
    QTest::newRow("inner star") << u"a*b.com"_s << u"\"*\" may only"_s;
    QTest::newRow("star suffix") << u"example.*"_s << u"\"*\" may only"_s;
    QTest::newRow("star dot") << u"*."_s << u"nothing after"_s;
    QTest::newRow("double dot") << u"a..com"_s << u"empty label"_s;
    QTest::newRow("dots only") << u".."_s << u"empty label"_s;
    QTest::newRow("space") << u"py pi.org"_s << u"spaces"_s;
    QTest::newRow("leading space") << u" pypi.org"_s << u"spaces"_s;
    QTest::newRow("hyphen label") << u"-bad.com"_s << u"hyphen"_s;
    QTest::newRow("bad char") << u"a!b.com"_s << u"contains \"!\""_s;
    QTest::newRow("long label") << QString(64, u'a') + u".com"_s << u"longer than 63"_s;
    QTest::newRow("short ip") << u"1.2.3"_s << u"IP address"_s;
    QTest::newRow("user info") << u"me@pypi.org"_s << u"user information"_s;
    QTest::newRow("glob over ip") << u"*.1.2.3"_s << u"IP address"_s;
}

void TestNetworkPolicy::badEntriesNamed()
{
    QFETCH(QString, entry);
    QFETCH(QString, reason);
    QString error;
    QVERIFY(!NetworkPolicy::validateEntry(entry, &error));
    QVERIFY2(error.contains(u"\"%1\""_s.arg(entry)), qPrintable(error));
    QVERIFY2(error.contains(reason), qPrintable(error));
    QVERIFY2(error.contains(u"*.example.com"), qPrintable(error)); // says what is allowed

    QString policyError;
    QVERIFY(!NetworkPolicy::fromEntries({u"pypi.org"_s, entry}, &policyError));
    QCOMPARE(policyError, error);
}

void TestNetworkPolicy::entryLimit()
{
    QStringList entries;
    for (int i = 0; i < 50; ++i)
        entries << u"host%1.example.com"_s.arg(i);
    QString error;
    const auto fifty = NetworkPolicy::fromEntries(entries, &error);
    QVERIFY2(fifty, qPrintable(error));
    QCOMPARE(fifty->entries().size(), 50);

    entries << u"one-more.example.com"_s;
    QVERIFY(!NetworkPolicy::fromEntries(entries, &error));
    QVERIFY2(error.contains(u"51 entries") && error.contains(u"at most 50"), qPrintable(error));
    QJsonObject object{{u"allowed_domains"_s, QJsonArray::fromStringList(entries)}};
    QVERIFY(!NetworkPolicy::fromJson(object, &error));
}

void TestNetworkPolicy::allows_data()
{
    QTest::addColumn<QStringList>("entries");
    QTest::addColumn<QString>("host");
    QTest::addColumn<bool>("allowed");
    const QStringList list{u"pypi.org"_s, u"*.example.com"_s, u"203.0.113.7"_s, u"bücher.de"_s};
    QTest::newRow("exact") << list << u"pypi.org"_s << true;
    QTest::newRow("case") << list << u"PyPI.Org"_s << true;
    QTest::newRow("trailing dot") << list << u"pypi.org."_s << true;
    QTest::newRow("subdomain of exact is not allowed") << list << u"evil.pypi.org"_s << false;
    QTest::newRow("suffix trick") << list << u"notpypi.org"_s << false;
    QTest::newRow("glob subdomain") << list << u"a.example.com"_s << true;
    QTest::newRow("glob deep subdomain") << list << u"a.b.example.com"_s << true;
    QTest::newRow("glob apex") << list << u"example.com"_s << false;
    QTest::newRow("glob lookalike") << list << u"badexample.com"_s << false;
    QTest::newRow("ip literal") << list << u"203.0.113.7"_s << true;
    QTest::newRow("other ip") << list << u"203.0.113.8"_s << false;
    QTest::newRow("idn unicode") << list << u"BÜCHER.de"_s << true;
    QTest::newRow("idn punycode") << list << u"xn--bcher-kva.de"_s << true;
    QTest::newRow("garbage") << list << u"pypi.org/evil"_s << false;
    QTest::newRow("empty") << list << QString() << false;
    QTest::newRow("star allows any") << QStringList{u"*"_s} << u"anything.net"_s << true;
    QTest::newRow("star refuses garbage") << QStringList{u"*"_s} << u"a..b"_s << false;
    QTest::newRow("empty list") << QStringList() << u"pypi.org"_s << false;
}

void TestNetworkPolicy::allows()
{
    QFETCH(QStringList, entries);
    QFETCH(QString, host);
    QFETCH(bool, allowed);
    QString error;
    const auto policy = NetworkPolicy::fromEntries(entries, &error);
    QVERIFY2(policy, qPrintable(error));
    QCOMPARE(policy->allows(host), allowed);
}

void TestNetworkPolicy::normalisation()
{
    QVERIFY(!NetworkPolicy::disabled().allows(u"pypi.org"_s));
    QVERIFY(!NetworkPolicy::disabled().isEnabled());
    QCOMPARE(NetworkPolicy::normalizeHost(u"[::1]"_s), u"::1"_s);
    QCOMPARE(NetworkPolicy::normalizeHost(u"WWW.Example.Com."_s), u"www.example.com"_s);
    QCOMPARE(NetworkPolicy::normalizeHost(u"0x7f.1"_s), QString());
}

void TestNetworkPolicy::equalityAndJson()
{
    const auto a = NetworkPolicy::fromEntries({u"b.com"_s, u"A.com"_s, u"a.com."_s});
    const auto b =
        NetworkPolicy::fromJson(json(R"({"type":"allowlist","allowed_domains":["a.com","b.com"]})"));
    QVERIFY(a && b);
    QVERIFY(*a == *b);
    QCOMPARE(a->toJson(), json(R"({"type":"allowlist","allowed_domains":["a.com","b.com"]})").toObject());
    QVERIFY(*NetworkPolicy::fromJson(a->toJson()) == *a);
    const auto star = NetworkPolicy::fromEntries({u"*"_s});
    QVERIFY(*NetworkPolicy::fromJson(star->toJson()) == *star);
    QCOMPARE(NetworkPolicy::disabled().toJson(), json(R"({"type":"disabled"})").toObject());
    QVERIFY(*NetworkPolicy::fromJson(json(R"({"type":"disabled"})")) == NetworkPolicy::disabled());
    QVERIFY(!(*a == *star));
    QVERIFY(!(*a == NetworkPolicy::disabled()));
    QVERIFY(!(*a == *NetworkPolicy::fromEntries({u"a.com"_s})));
    QVERIFY(!(*NetworkPolicy::fromEntries({}) == NetworkPolicy::disabled()));
}

void TestNetworkPolicy::mismatchError()
{
    const auto running = NetworkPolicy::fromEntries({u"pypi.org"_s});
    const QString text = NetworkPolicy::mismatchError(u"cntr_1"_s, *running, NetworkPolicy::disabled());
    QVERIFY2(text.contains(u"cntr_1") && text.contains(u"pypi.org") && text.contains(u"disabled") &&
                 text.contains(u"new container"),
             qPrintable(text));
}

void TestNetworkPolicy::blockedAddresses_data()
{
    QTest::addColumn<QString>("address");
    QTest::addColumn<QString>("reason");
    QTest::newRow("public v4") << u"93.184.216.34"_s << QString();
    QTest::newRow("public v6") << u"2606:2800:220:1::1"_s << QString();
    QTest::newRow("10/8") << u"10.1.2.3"_s << u"private"_s;
    QTest::newRow("172.16/12") << u"172.31.255.1"_s << u"private"_s;
    QTest::newRow("172.32 is public") << u"172.32.0.1"_s << QString();
    QTest::newRow("192.168/16") << u"192.168.1.1"_s << u"private"_s;
    QTest::newRow("cgnat") << u"100.64.0.1"_s << u"private"_s;
    QTest::newRow("loopback") << u"127.0.0.53"_s << u"loopback"_s;
    QTest::newRow("link-local") << u"169.254.169.254"_s << u"link-local"_s;
    QTest::newRow("multicast") << u"224.0.0.1"_s << u"multicast"_s;
    QTest::newRow("this network") << u"0.1.2.3"_s << u"unspecified"_s;
    QTest::newRow("broadcast") << u"255.255.255.255"_s << u"reserved"_s;
    QTest::newRow("v6 unspecified") << u"::"_s << u"unspecified"_s;
    QTest::newRow("v6 loopback") << u"::1"_s << u"loopback"_s;
    QTest::newRow("v6 link-local") << u"fe80::1"_s << u"link-local"_s;
    QTest::newRow("v6 ula") << u"fd00::1"_s << u"unique local"_s;
    QTest::newRow("v6 multicast") << u"ff02::1"_s << u"multicast"_s;
    QTest::newRow("v4-mapped loopback") << u"::ffff:127.0.0.1"_s << u"loopback"_s;
    QTest::newRow("v4-mapped private") << u"::ffff:10.0.0.1"_s << u"private"_s;
    QTest::newRow("v4-mapped public") << u"::ffff:93.184.216.34"_s << QString();
    QTest::newRow("nat64 private") << u"64:ff9b::192.168.0.1"_s << u"private"_s;
    QTest::newRow("6to4 loopback") << u"2002:7f00:1::"_s << u"loopback"_s;
    // IANA special-purpose ranges beyond private, loopback, link-local and multicast; each names its range.
    QTest::newRow("IETF protocol assignments")
        << u"192.0.0.8"_s << u"IETF protocol assignments range 192.0.0.0/24"_s;
    QTest::newRow("TEST-NET-1") << u"192.0.2.55"_s << u"documentation range 192.0.2.0/24"_s;
    QTest::newRow("after TEST-NET-1") << u"192.0.3.1"_s << QString();
    QTest::newRow("6to4 relay anycast") << u"192.88.99.1"_s << u"6to4 relay anycast range 192.88.99.0/24"_s;
    QTest::newRow("benchmarking") << u"198.19.255.1"_s << u"benchmarking range 198.18.0.0/15"_s;
    QTest::newRow("after benchmarking") << u"198.20.0.1"_s << QString();
    QTest::newRow("TEST-NET-2") << u"198.51.100.7"_s << u"documentation range 198.51.100.0/24"_s;
    QTest::newRow("TEST-NET-3") << u"203.0.113.200"_s << u"documentation range 203.0.113.0/24"_s;
    QTest::newRow("after TEST-NET-3") << u"203.0.114.1"_s << QString();
    QTest::newRow("class E") << u"250.1.2.3"_s << u"reserved range 240.0.0.0/4"_s;
    QTest::newRow("limited broadcast") << u"255.255.255.255"_s << u"broadcast address 255.255.255.255"_s;
    QTest::newRow("v6 documentation") << u"2001:db8::1"_s << u"documentation range 2001:db8::/32"_s;
    QTest::newRow("v6 documentation 3fff") << u"3fff:0fff::1"_s << u"documentation range 3fff::/20"_s;
    QTest::newRow("v6 discard-only") << u"100::1"_s << u"discard-only range 100::/64"_s;
    QTest::newRow("teredo") << u"2001::1"_s << u"Teredo range 2001::/32"_s;
    QTest::newRow("v6 benchmarking") << u"2001:2::1"_s << u"benchmarking range 2001:2::/48"_s;
    QTest::newRow("v6 IETF assignments") << u"2001:1::1"_s << u"IETF protocol assignments range 2001::/23"_s;
    QTest::newRow("after 2001::/23") << u"2001:200::1"_s << QString();
    QTest::newRow("local-use NAT64") << u"64:ff9b:1::1"_s << u"translation range 64:ff9b:1::/48"_s;
    QTest::newRow("SRv6") << u"5f00::1"_s << u"5f00::/16"_s;
    QTest::newRow("outside 2000::/3") << u"4000::1"_s << u"reserved"_s;
    QTest::newRow("v4-compatible") << u"::93.184.216.34"_s << u"reserved range ::/8"_s;
    QTest::newRow("v6 site-local") << u"fec0::1"_s << u"site-local"_s;
    QTest::newRow("v4-mapped documentation")
        << u"::ffff:192.0.2.1"_s << u"documentation range 192.0.2.0/24 (as an IPv4-mapped address)"_s;
    QTest::newRow("nat64 documentation")
        << u"64:ff9b::198.51.100.1"_s << u"documentation range 198.51.100.0/24 (through NAT64)"_s;
    QTest::newRow("nat64 benchmarking") << u"64:ff9b::c612:1"_s << u"benchmarking range"_s;
    QTest::newRow("nat64 public") << u"64:ff9b::93.184.216.34"_s << QString();
    QTest::newRow("6to4 documentation") << u"2002:cb00:7101::1"_s << u"documentation range 203.0.113.0/24"_s;
}

void TestNetworkPolicy::blockedAddresses()
{
    QFETCH(QString, address);
    QFETCH(QString, reason);
    const QString got = EgressProxy::blockedAddressReason(QHostAddress(address));
    if (reason.isEmpty())
        QVERIFY2(got.isEmpty(), qPrintable(got));
    else
        QVERIFY2(got.contains(reason), qPrintable(got));
}

QTEST_GUILESS_MAIN(TestNetworkPolicy)
#include "test_networkpolicy.moc"
