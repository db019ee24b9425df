// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/fittingscrollarea.h"

#include <QEvent>
#include <QResizeEvent>
#include <QScrollBar>

#include <algorithm>

FittingScrollArea::FittingScrollArea(QWidget *parent)
    : QScrollArea(parent)
{
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);
    // Up to the height its widget needs (sizeHint()); less when the page is short, then it scrolls.
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
}

QSize FittingScrollArea::sizeHint() const
{
    const QSize base = QScrollArea::sizeHint();
    QWidget *content = widget();
    if (!content)
        return base;
    // The width the content is laid out at: the view's, or its own least when the view is narrower (then it
    // scrolls sideways too, and the bar takes a line).
    const int view = viewport()->width() > 0 ? viewport()->width() : content->sizeHint().width();
    const int width = std::max(view, content->minimumSizeHint().width());
    int height = content->hasHeightForWidth() ? content->heightForWidth(width) : -1;
    if (height < 0)
        height = content->sizeHint().height();
    height = std::max(height, content->minimumSizeHint().height());
    if (width > view)
        height += horizontalScrollBar()->sizeHint().height();
    return {base.width(), height + 2 * frameWidth()};
}

bool FittingScrollArea::eventFilter(QObject *watched, QEvent *event)
{
    // The content grew or shrank (a line wrapped, a row was added): the height asked for changes with it.
    if (watched == widget() && event->type() == QEvent::LayoutRequest)
        updateGeometry();
    return QScrollArea::eventFilter(watched, event);
}

void FittingScrollArea::resizeEvent(QResizeEvent *event)
{
    QScrollArea::resizeEvent(event);
    // Wrapped text needs another height at another width.
    if (event->size().width() != event->oldSize().width())
        updateGeometry();
}
