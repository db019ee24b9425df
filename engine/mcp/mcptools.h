// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "base/sessionlimits.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

// Sandbench's MCP tools (SPEC 11): shell, python, read_file, write_file and list_files, their input and
// output schemas and annotations as tools/list shows them, and the check of a call's arguments against the
// input schema (made from the same table, so the two never disagree).
class McpTools
{
public:
    // What write_file's content may hold: the text travels inside one container command (CodeAction).
    static constexpr int MaxWriteBytes = 90 * 1024;
    // What read_file returns at most; larger files are refused with a hint.
    static constexpr qint64 MaxReadBytes = 4 * 1024 * 1024;
    // Entries list_files returns at most.
    static constexpr int MaxListEntries = 1000;

    static QStringList names();
    static bool exists(const QString &name);
    // The tools/list entries; the shell's timeout_ms maximum is the one limits allow.
    static QJsonArray definitions(const SessionLimits &limits);
    // Empty when args fit tool's input schema; otherwise a message naming the field and what it allows.
    static QString check(const QString &tool, const QJsonObject &args, const SessionLimits &limits);
    // A path of a container's home as a caller wrote it ("data/x.csv", "/workspace/home/data/x.csv", "."
    // for home itself when allowHome): the relative path inside home, or empty and *error. ".." parts, NUL,
    // and absolute paths outside /workspace/home are refused.
    static QString homeRelativePath(const QString &path, bool allowHome, QString *error);
};
