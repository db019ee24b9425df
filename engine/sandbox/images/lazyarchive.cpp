// SPDX-License-Identifier: GPL-3.0-or-later
#include "lazyarchive.h"

#include <QByteArray>

#include <dlfcn.h>
#include <mutex>

namespace {

struct Library
{
    decltype(&archive_read_new) readNew = nullptr;
    decltype(&archive_read_free) readFree = nullptr;
    decltype(&archive_error_string) errorString = nullptr;
    decltype(&archive_read_support_filter_gzip) filterGzip = nullptr;
    decltype(&archive_read_support_filter_bzip2) filterBzip2 = nullptr;
    decltype(&archive_read_support_filter_xz) filterXz = nullptr;
    decltype(&archive_read_support_filter_zstd) filterZstd = nullptr;
    decltype(&archive_read_support_format_tar) formatTar = nullptr;
    decltype(&archive_read_support_format_gnutar) formatGnutar = nullptr;
    decltype(&archive_read_support_format_raw) formatRaw = nullptr;
    decltype(&archive_read_open_fd) openFd = nullptr;
    decltype(&archive_read_open) open = nullptr;
    decltype(&archive_read_next_header) nextHeader = nullptr;
    decltype(&archive_read_data) data = nullptr;
    decltype(&archive_read_data_block) dataBlock = nullptr;
    decltype(&archive_entry_pathname) pathname = nullptr;
    decltype(&archive_entry_hardlink) hardlink = nullptr;
    decltype(&archive_entry_symlink) symlink = nullptr;
    decltype(&archive_entry_filetype) filetype = nullptr;
    decltype(&archive_entry_perm) perm = nullptr;
    decltype(&archive_entry_size) size = nullptr;
    bool loaded = false;
    QByteArray why; // when not loaded
};

template<typename F>
bool resolve(void *handle, const char *name, F *out)
{
    *out = reinterpret_cast<F>(dlsym(handle, name));
    return *out != nullptr;
}

const Library &library()
{
    static Library lib;
    static std::once_flag once;
    std::call_once(once, [] {
        // Never closed: archives may be read on several threads for the process's life.
        void *h = dlopen(SANDBENCH_LIBARCHIVE_SONAME, RTLD_NOW | RTLD_LOCAL);
        if (!h) {
            const char *e = dlerror();
            lib.why = QByteArray("libarchive cannot be loaded: ").append(e ? e : SANDBENCH_LIBARCHIVE_SONAME);
            return;
        }
        const bool all =
            resolve(h, "archive_read_new", &lib.readNew) && resolve(h, "archive_read_free", &lib.readFree) &&
            resolve(h, "archive_error_string", &lib.errorString) &&
            resolve(h, "archive_read_support_filter_gzip", &lib.filterGzip) &&
            resolve(h, "archive_read_support_filter_bzip2", &lib.filterBzip2) &&
            resolve(h, "archive_read_support_filter_xz", &lib.filterXz) &&
            resolve(h, "archive_read_support_filter_zstd", &lib.filterZstd) &&
            resolve(h, "archive_read_support_format_tar", &lib.formatTar) &&
            resolve(h, "archive_read_support_format_gnutar", &lib.formatGnutar) &&
            resolve(h, "archive_read_support_format_raw", &lib.formatRaw) &&
            resolve(h, "archive_read_open_fd", &lib.openFd) && resolve(h, "archive_read_open", &lib.open) &&
            resolve(h, "archive_read_next_header", &lib.nextHeader) &&
            resolve(h, "archive_read_data", &lib.data) &&
            resolve(h, "archive_read_data_block", &lib.dataBlock) &&
            resolve(h, "archive_entry_pathname", &lib.pathname) &&
            resolve(h, "archive_entry_hardlink", &lib.hardlink) &&
            resolve(h, "archive_entry_symlink", &lib.symlink) &&
            resolve(h, "archive_entry_filetype", &lib.filetype) &&
            resolve(h, "archive_entry_perm", &lib.perm) && resolve(h, "archive_entry_size", &lib.size);
        if (all)
            lib.loaded = true;
        else
            lib.why = QByteArray(SANDBENCH_LIBARCHIVE_SONAME " lacks a function Sandbench needs");
    });
    return lib;
}

} // namespace

namespace LazyArchive {

archive *readNew()
{
    const Library &l = library();
    return l.loaded ? l.readNew() : nullptr;
}

int readFree(archive *a)
{
    return a ? library().readFree(a) : ARCHIVE_OK;
}

const char *errorString(archive *a)
{
    return a ? library().errorString(a) : library().why.constData();
}

int supportImageFilters(archive *a)
{
    if (!a)
        return ARCHIVE_FATAL;
    const Library &l = library();
    // ARCHIVE_WARN would mean "only through an external program": refused, none is ever run.
    for (auto add : {l.filterGzip, l.filterBzip2, l.filterXz, l.filterZstd}) {
        if (add(a) != ARCHIVE_OK)
            return ARCHIVE_FATAL;
    }
    return ARCHIVE_OK;
}

int supportFormatTar(archive *a)
{
    return a ? library().formatTar(a) : ARCHIVE_FATAL;
}

int supportFormatGnutar(archive *a)
{
    return a ? library().formatGnutar(a) : ARCHIVE_FATAL;
}

int supportFormatRaw(archive *a)
{
    return a ? library().formatRaw(a) : ARCHIVE_FATAL;
}

int openFd(archive *a, int fd, size_t blockSize)
{
    return a ? library().openFd(a, fd, blockSize) : ARCHIVE_FATAL;
}

int open(archive *a, void *client, archive_read_callback *read)
{
    return a ? library().open(a, client, nullptr, read, nullptr) : ARCHIVE_FATAL;
}

la_ssize_t data(archive *a, void *buf, size_t len)
{
    return a ? library().data(a, buf, len) : ARCHIVE_FATAL;
}

int nextHeader(archive *a, archive_entry **entry)
{
    return a ? library().nextHeader(a, entry) : ARCHIVE_FATAL;
}

la_ssize_t dataBlock(archive *a, const void **buf, size_t *len, la_int64_t *offset)
{
    return a ? library().dataBlock(a, buf, len, offset) : ARCHIVE_FATAL;
}

// An entry only exists once an archive was read, so the library is loaded.
const char *entryPathname(archive_entry *e)
{
    return library().pathname(e);
}

const char *entryHardlink(archive_entry *e)
{
    return library().hardlink(e);
}

const char *entrySymlink(archive_entry *e)
{
    return library().symlink(e);
}

mode_t entryFiletype(archive_entry *e)
{
    return library().filetype(e);
}

mode_t entryPerm(archive_entry *e)
{
    return library().perm(e);
}

la_int64_t entrySize(archive_entry *e)
{
    return library().size(e);
}

} // namespace LazyArchive
