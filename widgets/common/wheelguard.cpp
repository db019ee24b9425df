// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/wheelguard.h"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QEvent>
#include <QPointer>

namespace {
QPointer<WheelGuard> s_guard;

// A field whose value the wheel would change.
bool isGuarded(QObject *object)
{
    return qobject_cast<QComboBox *>(object) || qobject_cast<QAbstractSpinBox *>(object);
}
} // namespace

void WheelGuard::install()
{
    if (s_guard || !qApp)
        return;
    s_guard = new WheelGuard(qApp);
    qApp->installEventFilter(s_guard);
}

bool WheelGuard::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Polish && isGuarded(watched)) {
        // The wheel must not give the focus either (Qt::WheelFocus), or the next turn would change it.
        auto *widget = static_cast<QWidget *>(watched);
        if (widget->focusPolicy() == Qt::WheelFocus)
            widget->setFocusPolicy(Qt::StrongFocus);
    } else if (event->type() == QEvent::Wheel && isGuarded(watched) &&
               !static_cast<QWidget *>(watched)->hasFocus()) {
        // Ignored, the application passes the turn on to the parents: the page's scroll area scrolls.
        event->ignore();
        return true;
    }
    return QObject::eventFilter(watched, event);
}
