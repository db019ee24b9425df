// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>

// The images a Python code call made: image files it created or changed in the container's home (found by
// comparing a listing taken before the call with one taken after) and the matplotlib figures it left open,
// which CodeAction's Python wrapper saves under FiguresDir. Read on the host, never through a symlink.
struct CodeImage
{
    QString path;     // inside the container, e.g. /workspace/home/plot.png
    QString mimeType; // image/png, image/jpeg, image/gif or image/webp (from the file's first bytes)
    QByteArray data;

    // "data:image/png;base64,...".
    QString dataUrl() const;
};

namespace CodeImages {
// Where the Python wrapper saves open figures, relative to home (figure-1.png, ...; emptied at each run).
inline constexpr char FiguresDir[] = ".sandbench/figures";
// Limits: entries looked at per listing (home and its direct subfolders, plus FiguresDir), images returned
// per call, and the size of one image file (a larger one is left out).
constexpr int MaxScannedEntries = 2000;
constexpr int MaxImages = 8;
constexpr qint64 MaxImageBytes = 2 * 1024 * 1024;
// What one request may return in images over all its calls (the rest are named by path only).
constexpr qint64 MaxRequestImageBytes = 16 * 1024 * 1024;

// Image files (by extension: png, jpg, jpeg, gif, webp) under homeDir with their modification times (ns).
QHash<QString, qint64> listing(const QString &homeDir);
// homeDir's FiguresDir when it and its parent are real directories (not links to one); empty otherwise.
QString realFiguresDir(const QString &homeDir);
// The paths in after that are new or changed since before: the home's files by path, then the figures
// under FiguresDir in the order the code made them (figure-2 before figure-10). Shared with CodeFiles.
QStringList changedPaths(const QHash<QString, qint64> &before, const QHash<QString, qint64> &after,
                         const QString &homeDir);
// The images new or changed since before, sorted by path with the figures last, read within the limits
// and, when budgetBytes is given, within what is left of it (which is lowered by what was read); files whose
// first bytes are not an image of those formats are left out.
QList<CodeImage> changedSince(const QHash<QString, qint64> &before, const QString &homeDir,
                              qint64 *budgetBytes = nullptr);
// One image by its path inside the container (/workspace/home/...), read beneath homeDir without following
// links and within maxBytes; data is empty when it is not there, not a regular file or not an image.
CodeImage read(const QString &homeDir, const QString &containerPath, qint64 maxBytes = MaxImageBytes);
// Leaves out each image whose bytes equal an earlier one's (a chart saved with savefig and captured again
// as a figure of the same pixels is one chart).
QList<CodeImage> withoutDuplicates(const QList<CodeImage> &images);
} // namespace CodeImages
