// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

#include <functional>

class QObject;
class QWidget;

// The workbench's file choosers. Each opens window-modal with open(), so no nested event loop runs while the
// user chooses, and calls `chosen` with the path (never with an empty one). Tests either answer through
// setNextFileName() (as in KeePassXC) or find the dialog by its object name and emit fileSelected().
class FileDialog
{
public:
    struct Options
    {
        QString objectName; // how tests find the dialog
        QString caption;
        QString suggestedPath;   // directory or file to start at
        QStringList nameFilters; // e.g. "CSV files (*.csv)"
        QString defaultSuffix;   // saving: added when the user typed no suffix
    };

    // `context` guards the callback: if it is destroyed before the user chooses, nothing is called.
    static void chooseFileToOpen(QWidget *parent, const Options &options, QObject *context,
                                 std::function<void(const QString &path)> chosen);
    static void chooseFileToSave(QWidget *parent, const Options &options, QObject *context,
                                 std::function<void(const QString &path)> chosen);

    // The answer of the next chooser instead of a dialog; an empty string means "cancelled".
    static void setNextFileName(const QString &fileName);

private:
    static void choose(bool save, QWidget *parent, const Options &options, QObject *context,
                       std::function<void(const QString &path)> chosen);

    static QString s_next;
    static bool s_hasNext;
};
