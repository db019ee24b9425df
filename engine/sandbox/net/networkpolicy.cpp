// SPDX-License-Identifier: GPL-3.0-or-later
#include "networkpolicy.h"

#include <QCoreApplication>
#include <QHostAddress>
#include <QJsonArray>
#include <QRegularExpression>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace {

// What the API says goes to programs in English. The reasons an entry is invalid are also offered in the
// user's language for forms (NetworkPolicy::entryProblem), so they are marked for translation.
using Say = QString (*)(const char *);

QString english(const char *text)
{
    return QString::fromUtf8(text);
}

QString localized(const char *text)
{
    return QCoreApplication::translate("NetworkPolicy", text);
}

// Only the dotted-quad form: QHostAddress also takes "1.2.3" and "0x7f.1", which no allowlist means.
bool isStrictIpv4(const QString &text)
{
    static const QRegularExpression re(u"^\\d{1,3}(\\.\\d{1,3}){3}$"_s);
    return re.match(text).hasMatch() && !QHostAddress(text).isNull();
}

// The canonical text of an IP literal ("[::1]" and "::1" both give "::1"), or empty.
QString canonicalIp(const QString &text)
{
    QString inner = text;
    if (inner.startsWith(u'[') && inner.endsWith(u']'))
        inner = inner.mid(1, inner.size() - 2);
    if (inner.contains(u':')) {
        if (inner.contains(u'%'))
            return {};
        QHostAddress address;
        if (address.setAddress(inner) && address.protocol() == QAbstractSocket::IPv6Protocol)
            return address.toString();
        return {};
    }
    return isStrictIpv4(inner) ? QHostAddress(inner).toString() : QString();
}

// Checks ASCII (already punycoded) host labels; returns a reason or empty.
QString checkLabels(const QString &host, Say say)
{
    if (host.size() > 253)
        return say(QT_TRANSLATE_NOOP("NetworkPolicy", "the name is longer than 253 characters"));
    const QStringList labels = host.split(u'.');
    for (const QString &label : labels) {
        if (label.isEmpty())
            return say(QT_TRANSLATE_NOOP("NetworkPolicy", "it has an empty label (\"..\" or a leading dot)"));
        if (label.size() > 63)
            return say(QT_TRANSLATE_NOOP("NetworkPolicy", "the label \"%1\" is longer than 63 characters"))
                .arg(label);
        if (label.startsWith(u'-') || label.endsWith(u'-'))
            return say(QT_TRANSLATE_NOOP("NetworkPolicy", "the label \"%1\" starts or ends with a hyphen"))
                .arg(label);
        for (QChar c : label) {
            const bool ok = (c >= u'a' && c <= u'z') || (c >= u'0' && c <= u'9') || c == u'-' || c == u'_';
            if (!ok)
                return say(QT_TRANSLATE_NOOP("NetworkPolicy", "the label \"%1\" contains \"%2\""))
                    .arg(label, QString(c));
        }
    }
    static const QRegularExpression numeric(u"^\\d+$"_s);
    if (numeric.match(labels.constLast()).hasMatch())
        return say(QT_TRANSLATE_NOOP("NetworkPolicy", "it looks like an IP address but is not a valid one"));
    return {};
}

// Lower case, one trailing dot dropped, IDN to punycode, labels checked; reason on failure.
QString normalizeName(const QString &name, QString *reason, Say say = english)
{
    QString host = name.toLower();
    if (host.endsWith(u'.'))
        host.chop(1);
    if (host.isEmpty()) {
        *reason = say(QT_TRANSLATE_NOOP("NetworkPolicy", "the host name is empty"));
        return {};
    }
    bool ascii = true;
    for (QChar c : host)
        ascii = ascii && c.unicode() < 0x80;
    if (!ascii) {
        host = QString::fromLatin1(QUrl::toAce(host)).toLower();
        if (host.isEmpty()) {
            *reason = say(QT_TRANSLATE_NOOP("NetworkPolicy", "it is not a valid international domain name"));
            return {};
        }
    }
    *reason = checkLabels(host, say);
    return reason->isEmpty() ? host : QString();
}

// Returns the normalised entry, or empty with *reason set.
QString normalizeEntry(const QString &entry, QString *reason, Say say = english)
{
    if (entry.isEmpty()) {
        *reason = say(QT_TRANSLATE_NOOP("NetworkPolicy", "empty entries are not allowed"));
        return {};
    }
    for (QChar c : entry) {
        if (c.isSpace() || c.category() == QChar::Other_Control) {
            *reason = say(QT_TRANSLATE_NOOP("NetworkPolicy", "it contains spaces or control characters"));
            return {};
        }
    }
    if (entry == u"*")
        return entry;
    if (entry.contains(u"://")) {
        *reason = say(QT_TRANSLATE_NOOP("NetworkPolicy",
                                        "it has a scheme; give only the host name, such as example.com"));
        return {};
    }
    if (entry.contains(u'/') || entry.contains(u'?') || entry.contains(u'#')) {
        *reason = say(QT_TRANSLATE_NOOP("NetworkPolicy",
                                        "it has a path; give only the host name, such as example.com"));
        return {};
    }
    if (entry.contains(u'@')) {
        *reason = say(QT_TRANSLATE_NOOP("NetworkPolicy", "it has user information; give only the host name"));
        return {};
    }
    const QString ip = canonicalIp(entry);
    if (!ip.isEmpty())
        return ip;
    if (entry.contains(u':') || entry.contains(u'[')) {
        *reason = say(QT_TRANSLATE_NOOP(
            "NetworkPolicy", "it has a port or is a malformed IPv6 address; ports are not part of the policy "
                             "(only 80 and 443 are reachable)"));
        return {};
    }
    QString name = entry;
    const bool glob = name.startsWith(u"*.");
    if (glob)
        name = name.mid(2);
    if (name.contains(u'*')) {
        *reason = say(QT_TRANSLATE_NOOP(
            "NetworkPolicy", "\"*\" may only stand alone or as the whole first label (*.example.com)"));
        return {};
    }
    if (glob && (name.isEmpty() || name == u"."))
        *reason = say(QT_TRANSLATE_NOOP("NetworkPolicy", "the pattern has nothing after \"*.\""));
    else if (!glob && name.endsWith(u'.') && isStrictIpv4(name.chopped(1)))
        return QHostAddress(name.chopped(1)).toString();
    const QString host = reason->isEmpty() ? normalizeName(name, reason, say) : QString();
    if (host.isEmpty())
        return {};
    return glob ? u"*."_s + host : host;
}

const char StarAloneReason[] =
    QT_TRANSLATE_NOOP("NetworkPolicy", "\"*\" (unrestricted egress) must be the only entry");

QString entryError(const QString &entry, const QString &reason)
{
    return english(
               "network_policy entry \"%1\" is not valid: %2. Each entry must be a host name (example.com), "
               "an IP address (203.0.113.7), a subdomain pattern (*.example.com), or \"*\" alone for "
               "unrestricted egress.")
        .arg(entry, reason);
}

} // namespace

bool NetworkPolicy::validateEntry(const QString &entry, QString *error)
{
    QString reason;
    const bool ok = !normalizeEntry(entry, &reason).isEmpty();
    if (!ok && error)
        *error = entryError(entry, reason);
    return ok;
}

QString NetworkPolicy::entryProblem(const QString &entry)
{
    QString reason;
    if (!normalizeEntry(entry, &reason, localized).isEmpty())
        return {};
    return QCoreApplication::translate(
               "NetworkPolicy", "\"%1\" is not valid: %2. Use a host name (example.com), an IP address "
                                "(203.0.113.7) or a subdomain pattern (*.example.com).")
        .arg(entry, reason);
}

QString NetworkPolicy::normalizeHost(const QString &host)
{
    const QString ip = canonicalIp(host);
    if (!ip.isEmpty())
        return ip;
    if (host.contains(u':') || host.contains(u'[') || host.contains(u'*'))
        return {};
    QString reason;
    return normalizeName(host, &reason);
}

std::optional<NetworkPolicy> NetworkPolicy::fromEntries(const QStringList &entries, QString *error)
{
    auto fail = [error](const QString &text) -> std::optional<NetworkPolicy> {
        if (error)
            *error = text;
        return std::nullopt;
    };
    if (entries.size() > MaxEntries)
        return fail(english("network_policy has %1 entries; at most %2 are allowed.")
                        .arg(entries.size())
                        .arg(MaxEntries));
    NetworkPolicy policy;
    policy.m_mode = Mode::Allowlist;
    for (const QString &entry : entries) {
        QString reason;
        const QString normalized = normalizeEntry(entry, &reason);
        if (normalized.isEmpty())
            return fail(entryError(entry, reason));
        if (normalized == u"*") {
            if (entries.size() != 1)
                return fail(entryError(entry, english(StarAloneReason)));
            policy.m_mode = Mode::Unrestricted;
            return policy;
        }
        policy.m_entries.append(normalized);
    }
    policy.m_entries.sort();
    policy.m_entries.removeDuplicates();
    return policy;
}

std::optional<NetworkPolicy> NetworkPolicy::fromJson(const QJsonValue &value, QString *error)
{
    auto fail = [error](const QString &text) -> std::optional<NetworkPolicy> {
        if (error)
            *error = text;
        return std::nullopt;
    };
    if (value.isNull() || value.isUndefined())
        return disabled();
    if (!value.isObject())
        return fail(
            english("network_policy must be an object such as {\"allowed_domains\": [\"example.com\"]} or "
                    "{\"type\": \"disabled\"}."));
    const QJsonObject object = value.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (it.key() != u"type" && it.key() != u"allowed_domains")
            return fail(
                english(
                    "network_policy has an unknown field \"%1\"; expected \"type\" and \"allowed_domains\".")
                    .arg(it.key()));
    }
    const QJsonValue type = object.value(u"type");
    const QJsonValue domains = object.value(u"allowed_domains");
    if (!type.isUndefined()) {
        if (type.toString() == u"disabled") {
            if (!domains.isUndefined())
                return fail(english("network_policy of type \"disabled\" cannot have allowed_domains."));
            return disabled();
        }
        if (type.toString() != u"allowlist")
            return fail(english("network_policy type must be \"disabled\" or \"allowlist\"."));
        if (domains.isUndefined())
            return fail(english("network_policy of type \"allowlist\" needs allowed_domains."));
    }
    if (!domains.isArray())
        return fail(english("network_policy allowed_domains must be an array of strings."));
    QStringList entries;
    const QJsonArray array = domains.toArray();
    for (const QJsonValue &entry : array) {
        if (!entry.isString())
            return fail(english("network_policy allowed_domains must contain only strings."));
        entries.append(entry.toString());
    }
    return fromEntries(entries, error);
}

bool NetworkPolicy::allows(const QString &host) const
{
    if (m_mode == Mode::Disabled)
        return false;
    const QString normalized = normalizeHost(host);
    if (normalized.isEmpty())
        return false;
    if (m_mode == Mode::Unrestricted)
        return true;
    const bool isIp = !canonicalIp(normalized).isEmpty();
    for (const QString &entry : m_entries) {
        if (entry == normalized)
            return true;
        // "*.example.com" matches "a.example.com" and "a.b.example.com", never the apex.
        if (!isIp && entry.startsWith(u"*.") && normalized.size() > entry.size() - 1 &&
            normalized.endsWith(QStringView(entry).mid(1)))
            return true;
    }
    return false;
}

NetworkPolicy NetworkPolicy::fromSaved(QJsonObject saved)
{
    saved.remove(u"image"_s);
    if (saved.isEmpty())
        return disabled();
    return fromJson(saved).value_or(disabled());
}

QJsonObject NetworkPolicy::savedInto(const QJsonObject &saved) const
{
    QJsonObject out = toJson();
    if (saved.contains(u"image"_s))
        out.insert(u"image"_s, saved.value(u"image"_s));
    return out;
}

QJsonObject NetworkPolicy::toJson() const
{
    switch (m_mode) {
    case Mode::Disabled:
        return {{u"type"_s, u"disabled"_s}};
    case Mode::Unrestricted:
        return {{u"type"_s, u"allowlist"_s}, {u"allowed_domains"_s, QJsonArray{u"*"_s}}};
    case Mode::Allowlist:
        break;
    }
    return {{u"type"_s, u"allowlist"_s}, {u"allowed_domains"_s, QJsonArray::fromStringList(m_entries)}};
}

std::optional<NetworkPolicy> NetworkPolicy::withHost(const QString &host, QString *error) const
{
    const QString entry = host.trimmed();
    if (entry == u"*") {
        if (error)
            *error =
                english("allow one host at a time; \"*\" (unrestricted egress) is set in the network policy "
                        "itself");
        return std::nullopt;
    }
    if (!validateEntry(entry, error))
        return std::nullopt;
    if (m_mode != Mode::Disabled && allows(entry))
        return *this;
    QStringList entries = m_mode == Mode::Allowlist ? m_entries : QStringList();
    entries.append(entry);
    return fromEntries(entries, error);
}

QString NetworkPolicy::describe() const
{
    switch (m_mode) {
    case Mode::Disabled:
        return english("disabled (no network)");
    case Mode::Unrestricted:
        return english("unrestricted (\"*\")");
    case Mode::Allowlist:
        break;
    }
    return english("allowlist [%1]").arg(m_entries.join(u", "));
}

QString NetworkPolicy::mismatchError(const QString &containerId, const NetworkPolicy &running,
                                     const NetworkPolicy &requested)
{
    return english("Container %1 was started with network policy %2; this request asks for %3. The network "
                   "policy "
                   "is fixed when a container starts, so a different policy needs a new container.")
        .arg(containerId, running.describe(), requested.describe());
}
