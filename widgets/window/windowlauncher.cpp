// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/windowlauncher.h"

#include "window/mainwindow.h"
#include "workspace/workspace.h"

#include <QApplication>
#include <QDir>

MainWindow *WindowLauncher::find(const QString &dataDir, const QString &workspace)
{
    const QString wanted =
        QDir(dataDir).canonicalPath().isEmpty() ? QDir::cleanPath(dataDir) : QDir(dataDir).canonicalPath();
    for (QWidget *widget : QApplication::topLevelWidgets()) {
        auto *window = qobject_cast<MainWindow *>(widget);
        // A hidden window is closing.
        if (!window || !window->isVisible() || window->workspace()->name() != workspace)
            continue;
        const QString shown = window->workspace()->dataDir();
        const QString dir =
            QDir(shown).canonicalPath().isEmpty() ? QDir::cleanPath(shown) : QDir(shown).canonicalPath();
        if (dir == wanted)
            return window;
    }
    return nullptr;
}

MainWindow *WindowLauncher::open(const QString &dataDir, const QString &workspace)
{
    // Two windows on one workspace would overwrite each other's conversations: show the one there is.
    if (MainWindow *existing = find(dataDir, workspace)) {
        if (existing->isMinimized())
            existing->showNormal();
        existing->raise();
        existing->activateWindow();
        return existing;
    }
    auto *window = new MainWindow(dataDir, workspace);
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->show();
    return window;
}
