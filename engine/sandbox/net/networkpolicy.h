// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <optional>

// A container's egress allowlist: which hostnames its commands may reach through the proxy.
class NetworkPolicy
{
public:
    enum class Mode {
        Disabled,     // no network at all: no relay, no proxy variables
        Allowlist,    // only the listed hosts (an empty list refuses everything)
        Unrestricted, // "*": every public host on ports 80 and 443
    };

    static constexpr int MaxEntries = 50;

    NetworkPolicy() = default;

    // Accepts null/undefined (disabled), {"allowed_domains":[...]}, {"type":"disabled"} and
    // {"type":"allowlist","allowed_domains":[...]}. On failure returns nullopt and sets *error.
    static std::optional<NetworkPolicy> fromJson(const QJsonValue &value, QString *error = nullptr);
    static std::optional<NetworkPolicy> fromEntries(const QStringList &entries, QString *error = nullptr);
    static NetworkPolicy disabled() { return {}; }

    // Checks one entry; *error names the entry and says what is allowed, in English (the API's wording).
    static bool validateEntry(const QString &entry, QString *error = nullptr);
    // The same check for a form: empty when the entry is valid, else why not in the user's language.
    static QString entryProblem(const QString &entry);
    // Lower case, no trailing dot, IDN as punycode, IP literals in canonical form; empty if invalid.
    static QString normalizeHost(const QString &host);

    Mode mode() const { return m_mode; }
    bool isEnabled() const { return m_mode != Mode::Disabled; }
    bool isUnrestricted() const { return m_mode == Mode::Unrestricted; }
    // Normalised, sorted and de-duplicated; empty for Disabled and Unrestricted.
    QStringList entries() const { return m_entries; }

    bool allows(const QString &host) const;
    // This policy with host added to its allowlist (a disabled policy becomes an allowlist of host alone);
    // itself when it already allows host. nullopt and *error (English) when host is not a valid entry, is
    // "*" or the list is full.
    std::optional<NetworkPolicy> withHost(const QString &host, QString *error = nullptr) const;

    QJsonObject toJson() const;
    // A container's meta.json keeps its policy with its image beside it ("image", Container::fixImage).
    // fromSaved() reads the policy out of that (none or a damaged one: disabled, so egress never widens);
    // savedInto() is that object with this policy in it and the image kept.
    static NetworkPolicy fromSaved(QJsonObject saved);
    QJsonObject savedInto(const QJsonObject &saved) const;
    // Short human form for logs and errors: "disabled", "unrestricted", "allowlist [a, b]".
    QString describe() const;

    // The refusal text when a request asks a running container for a different policy.
    static QString mismatchError(const QString &containerId, const NetworkPolicy &running,
                                 const NetworkPolicy &requested);

    friend bool operator==(const NetworkPolicy &a, const NetworkPolicy &b) = default;

private:
    Mode m_mode = Mode::Disabled;
    QStringList m_entries;
};
