// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/windowlauncher.h"

#include "base/settings.h"
#include "settings/translatorloader.h"
#include "window/mainwindow.h"
#include "workspace/workspace.h"

#include <QApplication>
#include <QDir>
#include <QEventLoopLocker>
#include <QPointer>
#include <QTimer>

#include <memory>

MainWindow *WindowLauncher::find(const QString &dataDir, const QString &workspace)
{
    const QString wanted =
        QDir(dataDir).canonicalPath().isEmpty() ? QDir::cleanPath(dataDir) : QDir(dataDir).canonicalPath();
    for (QWidget *widget : QApplication::topLevelWidgets()) {
        auto *window = qobject_cast<MainWindow *>(widget);
        // A hidden window is closing (or being replaced by restart()).
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

void WindowLauncher::restart(MainWindow *window)
{
    const QString dataDir = window->workspace()->dataDir();
    const QString workspace = window->workspace()->name();
    const QString language = window->settings()->value(Settings::Key::Language).toString();
    const QByteArray geometry = window->saveGeometry();
    const QByteArray state = window->saveState();
    const bool ownsItself = window->testAttribute(Qt::WA_DeleteOnClose);

    // Keeps the application running while no window is visible.
    auto keepRunning = std::make_shared<QEventLoopLocker>();
    // The old window must be gone before the new one starts: both would hold the same local API port.
    // Closing saves its window state; deleting it stops its containers.
    window->setAttribute(Qt::WA_DeleteOnClose, false);
    window->close();
    QPointer<MainWindow> old(window);
    // The caller is usually a button inside the old window, so the rest waits for the event loop.
    QTimer::singleShot(0, qApp,
                       [old, ownsItself, dataDir, workspace, language, geometry, state, keepRunning] {
                           if (old && ownsItself)
                               delete old.data();
                           TranslatorLoader::apply(QCoreApplication::instance(), language);
                           auto *fresh = new MainWindow(dataDir, workspace);
                           fresh->setAttribute(Qt::WA_DeleteOnClose);
                           fresh->restoreGeometry(geometry);
                           fresh->restoreState(state);
                           fresh->show();
                       });
}
