// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandbox/history/fileimport.h"

#include "sandbox/history/filecopy.h"

#include "sandbox/sandboxsettings.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLocale>

#include <QScopeGuard>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {
constexpr int MaxNameTries = 1000;

QString tr(const char *text)
{
    return QCoreApplication::translate("FileImport", text);
}

// The name to try after name when it is taken: NAME-2.csv, NAME-3.csv, …
QString numberedName(const QString &name, int n)
{
    if (n < 2)
        return name;
    const QFileInfo info(name);
    const QString suffix = info.suffix().isEmpty() ? QString() : u"."_s + info.suffix();
    return info.completeBaseName() + u'-' + QString::number(n) + suffix;
}

QString errnoText(int error)
{
    return QString::fromLocal8Bit(strerror(error));
}

qint64 nanoseconds(const struct timespec &t)
{
    return qint64(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
}
} // namespace

ImportOrigin::~ImportOrigin()
{
    if (fd >= 0)
        ::close(fd);
}

bool ImportOrigin::stillAsCopied(qint64 racyWindowNs) const
{
    struct stat now;
    if (fd < 0 || ::fstat(fd, &now) != 0 || !S_ISREG(now.st_mode))
        return false;
    return now.st_dev == source.st_dev && now.st_ino == source.st_ino && now.st_size == source.st_size &&
           now.st_size >= size && nanoseconds(now.st_mtim) == nanoseconds(source.st_mtim) &&
           nanoseconds(now.st_ctim) == nanoseconds(source.st_ctim) &&
           (settled || nanoseconds(source.st_ctim) < copyStartNs - racyWindowNs);
}

QString FileImport::check(const QString &source, qint64 maxBytes)
{
    const QFileInfo info(source);
    if (!info.exists())
        return tr("%1 does not exist.").arg(source);
    if (info.isDir())
        return tr("%1 is a folder; attach files one by one.").arg(info.fileName());
    if (!info.isFile())
        return tr("%1 is not a regular file.").arg(info.fileName());
    if (!info.isReadable())
        return tr("%1 cannot be read.").arg(info.fileName());
    if (maxBytes > 0 && info.size() > maxBytes)
        return tr("%1 is %2, more than the %3 an upload may have.")
            .arg(info.fileName(), QLocale().formattedDataSize(info.size()),
                 QLocale().formattedDataSize(maxBytes));
    return {};
}

ImportResult FileImport::run(const QString &source, const QString &homeDir, qint64 maxBytes,
                             const QString &targetName, ImportSource kind)
{
    ImportResult result;
    result.error = check(source, maxBytes);
    if (!result.error.isEmpty())
        return result;
    QFile in(source);
    if (!in.open(QIODevice::ReadOnly)) {
        result.error = tr("%1 cannot be read: %2").arg(QFileInfo(source).fileName(), in.errorString());
        return result;
    }
    QDir home(homeDir);
    if (!home.exists() && !QDir().mkpath(homeDir)) {
        result.error = tr("Cannot create the container's home folder %1.").arg(homeDir);
        return result;
    }
    // Everything below goes through the home folder's descriptor and never follows a symlink: the sandbox
    // owns the folder and may plant links in it to make this (root) process write or chown host files.
    const int dirFd =
        ::open(QFile::encodeName(homeDir).constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (dirFd < 0) {
        result.error = tr("Cannot open the container's home folder %1: %2").arg(homeDir, errnoText(errno));
        return result;
    }
    const auto closeDir = qScopeGuard([dirFd] { ::close(dirFd); });
    const QString sourceName = targetName.isEmpty() ? QFileInfo(source).fileName() : targetName;
    if (sourceName.isEmpty() || sourceName == u"."_s || sourceName == u".."_s || sourceName.contains(u'/')) {
        result.error = tr("%1 is not a file name.").arg(sourceName);
        return result;
    }

    // Copies in into outFd (named shown in errors) after handing it to the sandbox user; empty when fine.
    const auto copy = [&](int outFd, const QString &shown) -> QString {
        if (::geteuid() == 0) {
            // The sandbox user maps to this host id; without the chown commands could not modify the file.
            // fchown changes the file just created, whatever happens to its name meanwhile.
            if (::fchown(outFd, SandboxSettings::sandboxHostUid(), SandboxSettings::sandboxHostGid()) != 0)
                return tr("Cannot hand %1 to the sandbox user: %2").arg(shown, errnoText(errno));
        }
        struct stat st;
        struct timespec start;
        ::clock_gettime(CLOCK_REALTIME, &start);
        // Files that say they are empty (procfs, sysfs: their size is 0 however much they hold) are read
        // below instead: the kernel copies nothing from those.
        if (::fstat(in.handle(), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
            // A reflink or an in-kernel copy of the size the file has now (see FileCopy).
            if (maxBytes > 0 && st.st_size > maxBytes)
                return tr("%1 grew beyond the upload limit while it was copied.").arg(shown);
            const FileCopy::Result r = FileCopy::copy(in.handle(), outFd, st.st_size);
            if (!r.ok)
                return tr("Copying %1 failed: %2").arg(shown, errnoText(r.error));
            result.size = st.st_size;
            // The source stays open for the history (see ImportOrigin); without a descriptor to spare the
            // history stores the upload from home's copy instead.
            struct stat copied;
            auto origin = std::make_shared<ImportOrigin>();
            origin->fd = ::fcntl(in.handle(), F_DUPFD_CLOEXEC, 0);
            if (origin->fd >= 0 && ::fstat(outFd, &copied) == 0) {
                origin->source = st;
                origin->copyStartNs = nanoseconds(start);
                origin->size = st.st_size;
                origin->homeDev = copied.st_dev;
                origin->homeIno = copied.st_ino;
                origin->homeMtime = copied.st_mtim;
                origin->settled = kind != ImportSource::PersonsFile;
                result.origin = std::move(origin);
            }
            return {};
        }
        QFile out;
        if (!out.open(outFd, QIODevice::WriteOnly, QFileDevice::DontCloseHandle))
            return tr("Cannot write %1: %2").arg(shown, out.errorString());
        QByteArray buffer;
        buffer.resize(1 << 20);
        qint64 total = 0;
        for (;;) {
            const qint64 n = in.read(buffer.data(), buffer.size());
            if (n < 0 || (n > 0 && out.write(buffer.constData(), n) != n))
                return tr("Copying %1 failed: %2").arg(shown, n < 0 ? in.errorString() : out.errorString());
            if (n == 0)
                break;
            total += n;
            // The source may have grown since check().
            if (maxBytes > 0 && total > maxBytes)
                return tr("%1 grew beyond the upload limit while it was copied.").arg(shown);
        }
        if (!out.flush())
            return tr("Copying %1 failed: %2").arg(shown, out.errorString());
        result.size = total;
        return {};
    };
    const auto finish = [&](const QString &name) {
        result.fileName = name;
        result.hostPath = home.filePath(name);
        result.sandboxPath = QString::fromLatin1(SandboxHome) + u'/' + name;
        result.ok = true;
        return result;
    };

    // Links fd under the first free name (NAME, NAME-2.csv, …); 0 when it did, else errno (EEXIST: all
    // taken).
    const auto linkIn = [&](int fd) -> int {
        const QByteArray self = "/proc/self/fd/" + QByteArray::number(fd);
        for (int n = 1; n <= MaxNameTries; ++n) {
            const QString name = numberedName(sourceName, n);
            const QByteArray encoded = QFile::encodeName(name);
            // linkat never replaces an existing name (a symlink included): the next free name is taken.
            if (::linkat(fd, "", dirFd, encoded.constData(), AT_EMPTY_PATH) == 0 ||
                (errno != EEXIST &&
                 ::linkat(AT_FDCWD, self.constData(), dirFd, encoded.constData(), AT_SYMLINK_FOLLOW) == 0)) {
                finish(name);
                return 0;
            }
            if (errno != EEXIST)
                return errno;
        }
        return EEXIST;
    };
    const auto allTaken = [&] {
        result.error = tr("Cannot write %1 into the container: %2 names are taken already.")
                           .arg(sourceName)
                           .arg(MaxNameTries);
        return result;
    };

    // A spool is complete and nothing writes it any more: on home's file system it becomes home's file
    // itself (one more name of it, then the spool's name goes), which costs no copy whatever its size.
    struct stat homeSt;
    struct stat spoolSt;
    if (kind == ImportSource::Spool && ::fstat(dirFd, &homeSt) == 0 && ::fstat(in.handle(), &spoolSt) == 0 &&
        S_ISREG(spoolSt.st_mode) && spoolSt.st_dev == homeSt.st_dev && spoolSt.st_nlink == 1 &&
        (maxBytes <= 0 || spoolSt.st_size <= maxBytes)) {
        const int fd = in.handle();
        bool handed = ::fchmod(fd, 0644) == 0;
        if (handed && ::geteuid() == 0)
            handed = ::fchown(fd, SandboxSettings::sandboxHostUid(), SandboxSettings::sandboxHostGid()) == 0;
        const int linkError = handed ? linkIn(fd) : errno;
        if (linkError == EEXIST && handed)
            return allTaken();
        if (linkError == 0) {
            // No origin: the file in home is the only one, and commands may change it once they run, so the
            // history captures it before they do (ContainerHistory::importFile). The spool's own name goes
            // now (its owner's later unlink finds nothing): the file's link count, and with it its ctime, is
            // final before its identity is recorded as an upload (FileOrigins).
            ::unlink(QFile::encodeName(source).constData());
            result.size = spoolSt.st_size;
            result.moved = true;
            return result;
        }
        // Not linkable here (another mount, hard links refused): copied below instead.
    }

    // An unnamed file in home, named only once it is complete: a command running meanwhile never sees half
    // of it, and the history sees one new file appear.
    const int tmpFd = ::openat(dirFd, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644);
    if (tmpFd >= 0) {
        const auto closeTmp = qScopeGuard([tmpFd] { ::close(tmpFd); });
        result.error = copy(tmpFd, sourceName);
        if (!result.error.isEmpty())
            return result; // the unnamed file goes with its descriptor
        const int linkError = linkIn(tmpFd);
        if (linkError == 0)
            return result;
        if (linkError == EEXIST)
            return allTaken();
        result.error = tr("Cannot write %1: %2").arg(home.filePath(sourceName), errnoText(linkError));
        return result;
    }

    // A file system without unnamed files: the copy is made under its final name.
    int outFd = -1;
    QString name;
    for (int n = 1; n <= MaxNameTries && outFd < 0; ++n) {
        name = numberedName(sourceName, n);
        // O_EXCL: an existing name, a symlink included, is never opened; the next free name is taken.
        outFd = ::openat(dirFd, QFile::encodeName(name).constData(),
                         O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (outFd < 0 && errno != EEXIST) {
            result.error = tr("Cannot write %1: %2").arg(home.filePath(name), errnoText(errno));
            return result;
        }
    }
    if (outFd < 0) {
        result.error = tr("Cannot write %1 into the container: %2 names are taken already.")
                           .arg(sourceName)
                           .arg(MaxNameTries);
        return result;
    }
    result.error = copy(outFd, name);
    ::close(outFd);
    if (!result.error.isEmpty()) {
        // unlinkat removes the name itself, never what a link swapped in would point to.
        ::unlinkat(dirFd, QFile::encodeName(name).constData(), 0);
        return result;
    }
    return finish(name);
}
