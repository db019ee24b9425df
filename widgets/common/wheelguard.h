// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>

// The mouse wheel scrolls the page under the pointer; it changes a combo box or spin box only once the person
// has clicked into it (it has the keyboard focus). Without this, scrolling a settings page or a panel flips
// whichever choice passes under the pointer ("Default mode" from Run everything to Rules) and a later Save
// keeps it. One filter on the application covers every window, page and panel, including ones made later.
class WheelGuard final : public QObject
{
    Q_OBJECT
public:
    // Installs the filter on the application once; later calls do nothing.
    static void install();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    using QObject::QObject;
};
