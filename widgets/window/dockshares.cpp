// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/dockshares.h"

#include <QDockWidget>
#include <QEvent>
#include <QGuiApplication>
#include <QMainWindow>
#include <QResizeEvent>
#include <QTimer>

#include <cmath>

using namespace Qt::StringLiterals;

namespace {
const QList<Qt::DockWidgetArea> Columns{Qt::LeftDockWidgetArea, Qt::RightDockWidgetArea};

QString areaKey(Qt::DockWidgetArea area)
{
    return area == Qt::LeftDockWidgetArea ? u"left"_s : u"right"_s;
}
} // namespace

DockShares::DockShares(QMainWindow *window)
    : QObject(window)
    , m_window(window)
    , m_applyTimer(new QTimer(this))
    , m_measureTimer(new QTimer(this))
{
    // After the layout pass that caused it, once.
    m_applyTimer->setSingleShot(true);
    m_applyTimer->setInterval(0);
    connect(m_applyTimer, &QTimer::timeout, this, &DockShares::apply);
    m_measureTimer->setSingleShot(true);
    m_measureTimer->setInterval(0);
    connect(m_measureTimer, &QTimer::timeout, this, &DockShares::measure);
    window->installEventFilter(this);
}

QVariantMap DockShares::toVariant() const
{
    QVariantMap map{{u"width"_s, m_width}};
    for (auto it = m_shares.cbegin(); it != m_shares.cend(); ++it)
        map.insert(areaKey(it.key()), it.value());
    return map;
}

void DockShares::fromVariant(const QVariantMap &saved)
{
    m_shares.clear();
    for (const Qt::DockWidgetArea area : Columns) {
        bool ok = false;
        const double share = saved.value(areaKey(area)).toDouble(&ok);
        // The chat keeps some room: anything else is not a share this class saved.
        if (ok && std::isfinite(share) && share > 0 && share < 0.9)
            m_shares.insert(area, share);
    }
    // Applied at the window's next size, whatever width it was saved at.
    m_width = -1;
    if (m_window->isVisible())
        m_applyTimer->start();
}

void DockShares::setFromLayout()
{
    m_restores = 0;
    m_measureTimer->start();
}

QList<QDockWidget *> DockShares::docksIn(Qt::DockWidgetArea area) const
{
    QList<QDockWidget *> docks;
    for (QDockWidget *dock : m_window->findChildren<QDockWidget *>(Qt::FindDirectChildrenOnly)) {
        // A dock tabbed behind another is "visible" but parked out of sight: its width says nothing.
        if (dock->isVisible() && !dock->isFloating() && m_window->dockWidgetArea(dock) == area &&
            !dock->visibleRegion().isEmpty())
            docks.append(dock);
    }
    return docks;
}

int DockShares::columnWidth(Qt::DockWidgetArea area) const
{
    int width = 0;
    for (const QDockWidget *dock : docksIn(area))
        width = std::max(width, dock->width());
    return width;
}

void DockShares::watchDocks()
{
    for (QDockWidget *dock : m_window->findChildren<QDockWidget *>(Qt::FindDirectChildrenOnly)) {
        if (m_watched.contains(dock))
            continue;
        m_watched.append(dock);
        dock->installEventFilter(this);
    }
}

void DockShares::measure()
{
    if (!m_window->isVisible() || m_window->width() <= 0)
        return;
    for (const Qt::DockWidgetArea area : Columns) {
        const int width = columnWidth(area);
        if (width > 0)
            m_shares.insert(area, double(width) / m_window->width());
    }
    m_width = m_window->width();
}

void DockShares::apply()
{
    if (!m_window->isVisible())
        return;
    watchDocks();
    m_applying = true;
    for (const Qt::DockWidgetArea area : Columns) {
        const QList<QDockWidget *> docks = docksIn(area);
        if (docks.isEmpty())
            continue;
        if (!m_shares.contains(area)) {
            // A column that appeared since: its share is what it has.
            m_shares.insert(area, double(columnWidth(area)) / m_window->width());
            continue;
        }
        const int target = int(std::lround(m_shares.value(area) * m_window->width()));
        if (std::abs(columnWidth(area) - target) > 1)
            m_window->resizeDocks({docks.constFirst()}, {target}, Qt::Horizontal);
    }
    m_width = m_window->width();
    m_applying = false;
}

bool DockShares::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window) {
        if (event->type() == QEvent::Show) {
            watchDocks();
            if (m_shares.isEmpty())
                m_measureTimer->start();
            else
                m_applyTimer->start();
        } else if (event->type() == QEvent::Resize && m_window->isVisible() && m_width != 0 &&
                   static_cast<QResizeEvent *>(event)->size().width() != m_width) {
            // The window changed width: each column keeps its share of it.
            m_restores = 0;
            m_applyTimer->start();
        }
        return false;
    }
    if (event->type() != QEvent::Resize || m_applying || m_width <= 0 || m_window->width() != m_width)
        return false;
    const auto *resize = static_cast<QResizeEvent *>(event);
    if (resize->size().width() == resize->oldSize().width())
        return false;
    if (QGuiApplication::mouseButtons() != Qt::NoButton) {
        // A person drags a separator: the columns they leave are the new shares.
        m_restores = 0;
        m_measureTimer->start();
    } else if (m_restores < 3) {
        // Laid out anew by itself (content changed): the column goes back to its share. A layout that keeps
        // insisting (a centre that cannot be narrower) wins after a few tries instead of a loop.
        if (m_restores++ == 0)
            QTimer::singleShot(250, this, [this] { m_restores = 0; });
        m_applyTimer->start();
    }
    return false;
}
