// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// libarchive is loaded on first use (dlopen), not at process start: only images need it, and its eight
// libraries (libxml2, liblzma, libzstd, ...) cost every command-line start ~2 ms of loading. The functions
// ImageStore uses, with libarchive's own types and constants. When the library cannot be loaded, readNew()
// returns nullptr, every call on a null archive fails (ARCHIVE_FATAL, nullptr, 0) and errorString() says why.
#include <archive.h>
#include <archive_entry.h>

namespace LazyArchive {
archive *readNew();
int readFree(archive *a);
const char *errorString(archive *a);
// The compressions an image layer may have (gzip, bzip2, xz, zstd), each decoded in the library itself;
// never libarchive's "all", whose lrzip, lzop, grzip, lz4 and uudecode filters may run an external program.
int supportImageFilters(archive *a);
int supportFormatTar(archive *a);
int supportFormatGnutar(archive *a);
int supportFormatRaw(archive *a);
int openFd(archive *a, int fd, size_t blockSize);
int open(archive *a, void *client, archive_read_callback *read);
int nextHeader(archive *a, archive_entry **entry);
la_ssize_t data(archive *a, void *buf, size_t len);
la_ssize_t dataBlock(archive *a, const void **buf, size_t *len, la_int64_t *offset);
const char *entryPathname(archive_entry *e);
const char *entryHardlink(archive_entry *e);
const char *entrySymlink(archive_entry *e);
mode_t entryFiletype(archive_entry *e);
mode_t entryPerm(archive_entry *e);
la_int64_t entrySize(archive_entry *e);
} // namespace LazyArchive
