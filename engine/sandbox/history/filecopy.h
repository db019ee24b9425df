// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtGlobal>

#include <atomic>
#include <optional>

// Copying a file's content between two descriptors at the speed the file system offers, keeping holes:
// a reflink (FICLONE: btrfs, XFS) shares the extents and costs milliseconds whatever the size; otherwise
// copy_file_range() copies each data extent inside the kernel (no user-space buffer); otherwise pread/pwrite.
namespace FileCopy {

enum class Method { Clone, CopyRange, ReadWrite };

// The method to try after method failed with errno err on its first use, or nullopt when err is a real
// failure (I/O error, no space, the source shrank) that no other method would get past. Pure: tests check it.
std::optional<Method> fallbackAfter(Method method, int err);

struct Result
{
    bool ok = false;
    Method used = Method::ReadWrite; // the method that did the copy (the last one tried when it failed)
    qint64 bytesRead = 0;            // data bytes copied through a copy (0 for a clone): holes are not read
    int error = 0;                   // errno when !ok; ESTALE when the source no longer holds size bytes
};

// Copies exactly the first size bytes of src (a regular file, read at most size bytes whatever it grows to
// meanwhile) into dst, an empty regular file opened for writing; dst ends up size bytes long with src's holes
// as holes. Starts with first (tests force a method) and falls back as fallbackAfter() says. A source that
// holds fewer than size bytes by the time it is read fails with ESTALE. While *cancel is true the copy stops
// (ECANCELED) at its next MiB.
Result copy(int src, int dst, qint64 size, Method first = Method::Clone,
            const std::atomic<bool> *cancel = nullptr);

} // namespace FileCopy
