// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>

class LocalApiController;
class QListWidget;
class QStackedWidget;
class SecretStore;
class Settings;
class Workspace;

// The Settings window of a main window: a list of pages on the left (providers and keys, the local API,
// workspaces, language, theme, data location) and the chosen page on the right. It does not block the
// main window; changes apply as they are made, so there is only a Close button. What the window has to do
// about a change (list the models again, open another workspace, restart) it learns from the signals.
class SettingsDialog : public QDialog
{
    Q_OBJECT
public:
    // The pages work on the window's workspace, settings, keychain and local API; parent is the window.
    SettingsDialog(Workspace *workspace, Settings *settings, SecretStore *secrets,
                   LocalApiController *localApi, QWidget *parent);

    // The ids showPage() accepts, in the order of the list.
    QStringList pageIds() const;
    // Shows the page with that id; an unknown or empty id keeps the page shown now.
    void showPage(const QString &id);
    QString currentPage() const;
    QWidget *page(const QString &id) const;

Q_SIGNALS:
    // A provider was added, changed or removed: the models to pick from may have changed.
    void providersChanged();
    // The user asked for the window of another workspace of the same data dir.
    void openWorkspaceRequested(const QString &workspace);

private:
    // title: untranslated (QT_TR_NOOP), so the list and the heading follow a language switch.
    void addPage(const QString &id, const char *title, const QIcon &icon, QWidget *page);

    QListWidget *m_pageList = nullptr;
    QStackedWidget *m_pages = nullptr;
};
