// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QVariantMap>

class QDockWidget;
class QMainWindow;
class QTimer;

// Keeps a main window's side columns (its left and right dock areas) at a share of the window's width: a
// window made larger (maximised, or opened on a bigger screen than the widths were saved on) gives each
// column its share of the new room instead of all of it to the centre. Only a person changes the shares,
// by dragging a separator (or the window, through setFromLayout()); a column that a layout pass widened or
// narrowed by itself (a longer label, an inline prompt, new content) is put back, so widths do not jump.
class DockShares : public QObject
{
    Q_OBJECT
public:
    explicit DockShares(QMainWindow *window);

    // The shares and the width they were measured at, for the settings; fromVariant() takes them back and
    // applies them, scaled to the window's width, when the window is shown.
    QVariantMap toVariant() const;
    void fromVariant(const QVariantMap &saved);
    // The columns as they are laid out now become the shares (after the window sized them on purpose).
    void setFromLayout();
    // A column's share of the window's width; 0 when it has none.
    double share(Qt::DockWidgetArea area) const { return m_shares.value(area); }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QList<QDockWidget *> docksIn(Qt::DockWidgetArea area) const;
    int columnWidth(Qt::DockWidgetArea area) const;
    void watchDocks();
    void measure();
    void apply();

    QMainWindow *m_window;
    QHash<Qt::DockWidgetArea, double> m_shares;
    int m_width = 0; // the window width the columns last had their shares at
    bool m_applying = false;
    int m_restores = 0; // layout-driven changes put back since a person last sized anything
    QTimer *m_applyTimer;
    QTimer *m_measureTimer;
    QList<QPointer<QDockWidget>> m_watched;
};
