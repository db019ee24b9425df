// SPDX-License-Identifier: GPL-3.0-or-later
#include "filecopy.h"

#include <QByteArray>

#include <cerrno>
#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace FileCopy {

namespace {

constexpr qint64 kStep = 8 * 1024 * 1024; // per copy_file_range call: bounds the time to notice a cancel
constexpr qint64 kBuffer = 1024 * 1024;

bool cancelledNow(const std::atomic<bool> *cancel)
{
    return cancel && cancel->load(std::memory_order_relaxed);
}

// Copies [off, end) of src into dst at the same offsets with method (CopyRange or ReadWrite). *err is set on
// failure; *done counts what was copied, so a fallback goes on from there.
bool copyRange(int src, int dst, qint64 off, qint64 end, Method method, const std::atomic<bool> *cancel,
               qint64 *done, int *err)
{
    QByteArray buffer;
    while (off < end) {
        if (cancelledNow(cancel)) {
            *err = ECANCELED;
            return false;
        }
        const qint64 want = qMin(end - off, method == Method::CopyRange ? kStep : kBuffer);
        ssize_t n = 0;
        if (method == Method::CopyRange) {
            loff_t in = loff_t(off), out = loff_t(off);
            n = ::copy_file_range(src, &in, dst, &out, size_t(want), 0);
        } else {
            if (buffer.isEmpty())
                buffer.resize(kBuffer);
            n = ::pread(src, buffer.data(), size_t(want), off_t(off));
            if (n > 0) {
                for (ssize_t w = 0; w < n;) {
                    const ssize_t k = ::pwrite(dst, buffer.constData() + w, size_t(n - w), off_t(off + w));
                    if (k < 0 && errno == EINTR)
                        continue;
                    if (k <= 0) {
                        *err = k < 0 ? errno : EIO;
                        return false;
                    }
                    w += k;
                }
            }
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            *err = errno;
            return false;
        }
        if (n == 0) {
            *err = ESTALE; // shorter than it was when it was opened
            return false;
        }
        off += n;
        *done += n;
    }
    return true;
}

} // namespace

std::optional<Method> fallbackAfter(Method method, int err)
{
    switch (method) {
    case Method::Clone:
        // No reflinks here (ext4, tmpfs), not across these two file systems, or not for this file: any
        // refusal is worth a real copy (a clone never half-happens).
        if (err == EOPNOTSUPP || err == ENOTTY || err == EXDEV || err == EINVAL || err == EPERM ||
            err == ETXTBSY || err == EBADF || err == ENOSYS || err == EISDIR)
            return Method::CopyRange;
        return std::nullopt;
    case Method::CopyRange:
        // Old kernels, file systems without it, or across file systems before 5.19.
        if (err == ENOSYS || err == EXDEV || err == EOPNOTSUPP || err == EINVAL || err == EBADF ||
            err == ETXTBSY || err == EPERM)
            return Method::ReadWrite;
        return std::nullopt;
    case Method::ReadWrite:
        return std::nullopt;
    }
    return std::nullopt;
}

Result copy(int src, int dst, qint64 size, Method first, const std::atomic<bool> *cancel)
{
    Result r;
    r.used = first;
    if (size < 0) {
        r.error = EINVAL;
        return r;
    }
    if (first == Method::Clone) {
        if (::ioctl(dst, FICLONE, src) == 0) {
            // The clone is of the file as it is now, which may have grown since size was taken: cut it to
            // the size decided at open (a shorter file is not what was asked for).
            struct stat st;
            if (::fstat(dst, &st) != 0 || st.st_size < size) {
                r.error = ESTALE;
                return r;
            }
            if (st.st_size > size && ::ftruncate(dst, off_t(size)) != 0) {
                r.error = errno;
                return r;
            }
            r.ok = true;
            return r;
        }
        const std::optional<Method> next = fallbackAfter(Method::Clone, errno);
        if (!next) {
            r.error = errno;
            return r;
        }
        r.used = *next;
    }
    // Holes stay holes: the size first, then only the data extents.
    if (::ftruncate(dst, off_t(size)) != 0) {
        r.error = errno;
        return r;
    }
    qint64 off = 0;
    bool firstCall = true;
    while (off < size) {
        off_t dataAt = ::lseek(src, off_t(off), SEEK_DATA);
        if (dataAt < 0) {
            if (errno != ENXIO) {
                r.error = errno;
                return r;
            }
            // Only a hole is left up to the end of the file as it is now; a file that shrank below size is
            // not the file that was opened.
            struct stat st;
            if (::fstat(src, &st) != 0 || st.st_size < size) {
                r.error = ESTALE;
                return r;
            }
            break;
        }
        if (dataAt >= size)
            break;
        off = qMax<qint64>(off, dataAt);
        off_t holeAt = ::lseek(src, off_t(off), SEEK_HOLE);
        const qint64 end = holeAt < 0 || holeAt <= off ? size : qMin<qint64>(holeAt, size);
        // The extent's blocks up front: ext4 then writes into one allocation instead of reserving block by
        // block as the copy dirties pages (a 150 MB copy goes 15-20% faster). Best effort: a file system
        // without fallocate() copies as before, and a full disk fails the copy itself.
        (void)::fallocate(dst, 0, off_t(off), off_t(end - off));
        for (;;) {
            int err = 0;
            qint64 done = 0;
            const bool ok = copyRange(src, dst, off, end, r.used, cancel, &done, &err);
            r.bytesRead += done;
            off += done;
            if (ok)
                break;
            // A method that is not available fails on its first call, before anything was copied.
            const std::optional<Method> next =
                firstCall && done == 0 ? fallbackAfter(r.used, err) : std::nullopt;
            if (!next) {
                r.error = err;
                return r;
            }
            r.used = *next;
        }
        firstCall = false;
    }
    r.ok = true;
    return r;
}

} // namespace FileCopy
