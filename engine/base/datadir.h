// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <sys/types.h>

// The data directory holds what containers and models saw (history, documents, logs, keys): it is private to
// the user running Sandbench, every file 0600 and every directory 0700 (a container's home keeps whatever
// modes the container gives its files, unreachable below its 0700 parents).
namespace DataDir {
constexpr mode_t FileMode = 0600;
constexpr mode_t DirectoryMode = 0700;

// Call before anything is written under dataDir. Sets the process umask to 077, the one mechanism every
// writer honours (QSaveFile, QDir::mkpath, libgit2, SQLite); creates dataDir 0700 when missing; and tightens
// a data dir made before this rule: its top-level areas (workspaces/ and the files beside it) lose every
// group and other permission, so nothing below them is reachable by other users. The data dir itself keeps
// its mode, as it may be a directory the user chose (--data-dir ~ must not lock up a home). Once per
// directory and process; returns false and an error when dataDir cannot be made.
bool open(const QString &dataDir, QString *error = nullptr);
} // namespace DataDir
