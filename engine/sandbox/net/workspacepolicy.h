// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "networkpolicy.h"

#include <QString>

// The network policy a workspace gives its new conversations' containers, kept in
// <workspace dir>/network-policy.json ({"network_policy": {...}} in NetworkPolicy's JSON shape). Containers
// that already started keep the policy they started with (SPEC 1.5); this only seeds new ones.
class WorkspacePolicy
{
public:
    explicit WorkspacePolicy(const QString &workspaceDir);

    static QString fileName() { return QStringLiteral("network-policy.json"); }
    QString filePath() const;

    // A missing file means no network (the SPEC 1.5 default), not an error. A damaged file also leaves no
    // network, so a broken file can never widen egress, and returns false with *error.
    bool load(QString *error = nullptr);
    // Atomic write (QSaveFile); keys this class does not know are preserved.
    bool save(QString *error = nullptr) const;

    NetworkPolicy policy() const { return m_policy; }
    void setPolicy(const NetworkPolicy &policy) { m_policy = policy; }

private:
    QString m_dir;
    NetworkPolicy m_policy = NetworkPolicy::disabled();
};
