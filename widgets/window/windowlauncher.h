// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

class MainWindow;

// Opens the workbench's main windows and re-creates one in the same process, which is how a new language
// takes effect ("Restart now"): every text is created again under the newly installed translators, without
// the cost and risks of executing the program again (arguments, environment, a second instance).
class WindowLauncher
{
public:
    // A new, shown main window for the workspace that deletes itself when it is closed; when a window of
    // this process shows the workspace already, that one is raised and returned instead.
    static MainWindow *open(const QString &dataDir, const QString &workspace);
    // The visible main window showing this workspace of this data dir, if any.
    static MainWindow *find(const QString &dataDir, const QString &workspace);

    // Closes the window and, on the next turn of the event loop, installs the translators of the stored
    // Language setting and opens a new window for the same data dir and workspace at the same place. The
    // old window is deleted if it deletes itself on close (as open() sets up); the application does not
    // quit in between.
    static void restart(MainWindow *window);
};
