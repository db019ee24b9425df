// SPDX-License-Identifier: GPL-3.0-or-later
#include "hostsfile.h"

#include "networkpolicy.h"

#include <QFile>
#include <QMutexLocker>

#include <algorithm>
#include <cerrno>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

bool isBlank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

} // namespace

HostsFile::HostsFile(const QString &path)
    : m_path(path)
{}

std::shared_ptr<HostsFile> HostsFile::processWide()
{
    static const std::shared_ptr<HostsFile> file = std::make_shared<HostsFile>();
    return file;
}

QList<QHostAddress> HostsFile::addresses(const QString &name)
{
    const QString normalized = NetworkPolicy::normalizeHost(name);
    if (normalized.isEmpty())
        return {};
    QMutexLocker lock(&m_mutex);
    reloadLocked();
    return m_names.value(normalized);
}

void HostsFile::reloadLocked()
{
    struct stat st = {};
    const QByteArray path = QFile::encodeName(m_path);
    quint64 seen[5] = {};
    if (::stat(path.constData(), &st) == 0) {
        seen[0] = st.st_dev;
        seen[1] = st.st_ino;
        seen[2] = quint64(st.st_size);
        seen[3] = quint64(st.st_mtim.tv_sec);
        seen[4] = quint64(st.st_mtim.tv_nsec);
    }
    if (m_read && std::equal(std::begin(seen), std::end(seen), std::begin(m_seen)))
        return;
    m_read = true;
    std::copy(std::begin(seen), std::end(seen), std::begin(m_seen));
    m_names.clear();
    // The descriptor decides: a regular file, read no further than MaxBytes, whatever the name showed.
    const int fd = ::open(path.constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0)
        return;
    QByteArray text;
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size <= MaxBytes) {
        text.resize(qsizetype(MaxBytes) + 1);
        qsizetype got = 0;
        while (got < text.size()) {
            const ssize_t n = ::read(fd, text.data() + got, size_t(text.size() - got));
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                break;
            got += n;
        }
        text.truncate(got > MaxBytes ? 0 : got); // grew past the limit while being read: none of it
    }
    ::close(fd);
    m_names = parse(text);
}

QHash<QString, QList<QHostAddress>> HostsFile::parse(QByteArrayView text)
{
    QHash<QString, QList<QHostAddress>> names;
    qsizetype pos = 0;
    while (pos < text.size()) {
        qsizetype end = text.indexOf('\n', pos);
        if (end < 0)
            end = text.size();
        QByteArrayView line = text.sliced(pos, end - pos);
        pos = end + 1;
        if (const qsizetype hash = line.indexOf('#'); hash >= 0)
            line = line.first(hash);
        QHostAddress address;
        bool first = true;
        qsizetype i = 0;
        while (i < line.size()) {
            while (i < line.size() && isBlank(line.at(i)))
                ++i;
            qsizetype j = i;
            while (j < line.size() && !isBlank(line.at(j)))
                ++j;
            if (j == i)
                break;
            const QString token = QString::fromLatin1(line.sliced(i, j - i));
            i = j;
            if (first) {
                first = false;
                if (!address.setAddress(token))
                    break; // not an address: not a line the resolver uses
                address.setScopeId(QString());
                continue;
            }
            // Only a plain name: normalizeHost() also takes address literals, which the file never names.
            if (token.contains(u':') || !QHostAddress(token).isNull())
                continue;
            const QString name = NetworkPolicy::normalizeHost(token);
            if (name.isEmpty())
                continue;
            auto it = names.find(name);
            if (it == names.end()) {
                if (names.size() >= MaxNames)
                    continue;
                it = names.insert(name, {});
            }
            if (!it->contains(address))
                it->append(address);
        }
    }
    return names;
}
