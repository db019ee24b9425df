// SPDX-License-Identifier: GPL-3.0-or-later
#include "datadir.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMutex>
#include <QSet>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

// What the engine keeps directly in a data dir; everything else lives below workspaces/.
const char *const kTopLevelAreas[] = {"workspaces", "issued-container-ids", "gui.json"};

// Drops group and other bits of a directory or regular file, without following a symlink.
void tighten(const QByteArray &path)
{
    const int fd = ::open(path.constData(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return;
    struct stat st;
    if (::fstat(fd, &st) == 0 && (S_ISDIR(st.st_mode) || S_ISREG(st.st_mode)) && (st.st_mode & 077) != 0)
        (void)::fchmod(fd, st.st_mode & 0700);
    ::close(fd);
}

} // namespace

bool DataDir::open(const QString &dataDir, QString *error)
{
    static QMutex mutex;
    static QSet<QString> opened;
    const QString dir = QDir::cleanPath(QDir(dataDir).absolutePath());
    QMutexLocker lock(&mutex);
    if (opened.isEmpty())
        ::umask(077);
    if (opened.contains(dir))
        return true;
    const QByteArray path = QFile::encodeName(dir);
    if (!QFileInfo::exists(dir)) {
        QDir().mkpath(QFileInfo(dir).absolutePath());
        if (::mkdir(path.constData(), DirectoryMode) != 0 && errno != EEXIST) {
            if (error)
                *error = u"cannot create the data directory %1: %2"_s.arg(
                    dir, QString::fromLocal8Bit(strerror(errno)));
            return false;
        }
    }
    for (const char *area : kTopLevelAreas)
        tighten(path + '/' + area);
    opened.insert(dir);
    return true;
}
