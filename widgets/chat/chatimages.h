// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QString>
#include <QStringList>

// The images a conversation shows inline: PNG files a shell call created or changed in its container's
// home, found by comparing a listing taken before the call with one taken after. Window-only, so it lives
// beside the chat.
namespace ChatImages {
// Regular PNG files in dir and its direct subfolders with their modification times (ns), as
// CodeImages::listing() finds them: symlinks (files or folders) are never followed, so a container cannot
// point the GUI at files of the host, and at most CodeImages::MaxScannedEntries entries are looked at.
QHash<QString, qint64> pngFiles(const QString &dir);
// The PNG files of dir that are new or changed since before (a pngFiles() listing), sorted.
QStringList changedSince(const QHash<QString, qint64> &before, const QString &dir);
// Whether path is a regular file (not a symlink) that really lies inside dir.
bool isImageInside(const QString &path, const QString &dir);
} // namespace ChatImages
