// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

class MainWindow;

// Opens the workbench's main windows, one per workspace of a data dir.
class WindowLauncher
{
public:
    // A new, shown main window for the workspace that deletes itself when it is closed; when a window of
    // this process shows the workspace already, that one is raised and returned instead.
    static MainWindow *open(const QString &dataDir, const QString &workspace);
    // The visible main window showing this workspace of this data dir, if any.
    static MainWindow *find(const QString &dataDir, const QString &workspace);
};
