// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonDocument>
#include <QString>

#include <optional>

// Small per-workspace JSON configuration files: read (a missing file is an empty document) and written
// atomically (QSaveFile), with errors that name the file.
namespace JsonFile {
std::optional<QJsonDocument> read(const QString &path, QString *error);
bool write(const QString &path, const QJsonDocument &doc, QString *error);
} // namespace JsonFile
