// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>

class QTreeWidget;

// Help › Keyboard Shortcuts: every key the window defines, read from its QActions when the list is shown,
// so a new or changed shortcut appears without anyone editing a list.
class ShortcutsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ShortcutsDialog(QWidget *window);

    // (what it does, keys, where it works) for each action of window that has a shortcut, menus first.
    struct Row
    {
        QString action;
        QString keys;
        QString where;
    };
    static QList<Row> rows(const QWidget *window);

    // Reads the window's actions again.
    void refresh();

protected:
    void showEvent(QShowEvent *event) override;

private:
    QWidget *m_window;
    QTreeWidget *m_table = nullptr;
};
