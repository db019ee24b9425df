// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>
#include <QPointer>

class MainWindow;
class QListWidget;
class QStackedWidget;
class SecretStore;

// The Settings window of a main window: a list of pages on the left (providers and keys, the local API,
// workspaces, language, theme, data location) and the chosen page on the right. It does not block the
// main window; changes apply as they are made, so there is only a Close button.
class SettingsDialog : public QDialog
{
    Q_OBJECT
public:
    SettingsDialog(MainWindow *window, SecretStore *secrets);

    // The ids showPage() accepts, in the order of the list.
    QStringList pageIds() const;
    // Shows the page with that id; an unknown or empty id keeps the page shown now.
    void showPage(const QString &id);
    QString currentPage() const;
    QWidget *page(const QString &id) const;

private:
    void addPage(const QString &id, const QString &title, const QIcon &icon, QWidget *page);

    QPointer<MainWindow> m_window;
    QListWidget *m_pageList = nullptr;
    QStackedWidget *m_pages = nullptr;
};
