// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "tools/kernelcell.h"

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QString>

#include <optional>

// A Python cell's outputs as the window keeps them, so a saved card (a restored conversation, the Logs)
// shows the same notebook as the live one: the kernel's outputs in order (text, the HTML of a table as the
// kernel sent it, at most KernelCellResult::MaxHtmlChars) and its images as PNG files in a store folder,
// named by their content (32 hex digits of SHA-256 + ".png"). The JSON is read back as hostile input:
// bounded in items and characters, an image only by such a name, read from the store folder alone without
// following a link, at most CodeImages::MaxImageBytes.
//
//   {"outputs": [{"kind": "stream"|"result"|"display"|"error"|"note", "stderr": bool, "text": "…",
//                 "html": "…", "image": "<32 hex>.png"}, …],
//    "dropped_chars": N, "command_stderr": "…"}
struct CellRecord
{
    // Text kept over all outputs when read back; the rest is left out. A live cell holds less: the engine
    // keeps 65,536 characters of the bridge's answer.
    static constexpr qsizetype MaxTextChars = 64 * 1024;
    // Distinct images read back per cell (the bridge sends at most 8).
    static constexpr int MaxImages = 8;

    KernelCellResult cell;
    QHash<QString, QByteArray> images; // KernelOutput::imagePath (the stored name) -> PNG bytes
    QString commandStderr;

    // The cell's outputs as JSON; its images (as CellOutputView::readImages read them, by container path)
    // are written into storeDir. An image that could not be kept is left out of its output.
    static QJsonObject save(const KernelCellResult &cell, const QHash<QString, QByteArray> &images,
                            const QString &commandStderr, const QString &storeDir);
    // What save() wrote, read back; nullopt when json is not a cell with outputs. Images that are missing,
    // too large or not named as save() names them are left out.
    static std::optional<CellRecord> load(const QJsonObject &json, const QString &storeDir);
    // Whether name is what save() names an image.
    static bool isImageName(const QString &name);
};
