// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArrayView>
#include <QHash>
#include <QHostAddress>
#include <QList>
#include <QMutex>
#include <QString>

#include <memory>

// The host's hosts file (/etc/hosts): the addresses the resolver gives a name from it before it asks DNS.
// The egress proxy uses it to tell whether allowing a refused name could let a connection through without
// asking DNS about that name (EgressProxy::allowingWouldHelp). Read when first asked and again whenever the
// file changes (its device, inode, size or modification time); a file that is not a regular file, is larger
// than MaxBytes or cannot be read counts as empty. One serves every proxy of the process (processWide()).
// Thread-safe.
class HostsFile
{
public:
    static constexpr qint64 MaxBytes = 4 * 1024 * 1024;
    // Names kept at most; the rest of a longer file is not read.
    static constexpr int MaxNames = 200000;

    explicit HostsFile(const QString &path = QStringLiteral("/etc/hosts"));
    HostsFile(const HostsFile &) = delete;
    HostsFile &operator=(const HostsFile &) = delete;

    static std::shared_ptr<HostsFile> processWide();

    // The addresses the file gives name, normalised as NetworkPolicy::normalizeHost() does ("Example.COM."
    // is "example.com"); empty when the file does not name it.
    QList<QHostAddress> addresses(const QString &name);

    // The file's lines: an address, then its names, separated by blanks; "#" starts a comment. Lines whose
    // address does not parse, and names that are not valid host names, are skipped; each name keeps every
    // address given to it, in the file's order, without repeats. At most MaxNames names.
    static QHash<QString, QList<QHostAddress>> parse(QByteArrayView text);

private:
    void reloadLocked();

    QMutex m_mutex;
    const QString m_path;
    QHash<QString, QList<QHostAddress>> m_names;
    // What the last read saw: st_dev, st_ino, st_size, st_mtim; all zero when the file was missing.
    quint64 m_seen[5] = {};
    bool m_read = false;
};
