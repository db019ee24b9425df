// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QScrollArea>

// A scroll area that asks for no more height than its widget needs at its width. In a box layout what
// follows it (a page's Revert and Save) then sits right under the content when the page has room, and stays
// in view while the content scrolls when it has not; the room left over goes below, not into a gap.
class FittingScrollArea : public QScrollArea
{
    Q_OBJECT
public:
    explicit FittingScrollArea(QWidget *parent = nullptr);

    QSize sizeHint() const override;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
};
