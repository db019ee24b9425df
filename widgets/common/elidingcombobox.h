// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QComboBox>

// A combo box whose closed box ends a text too long for it in "…" instead of cutting it mid-letter
// ("Host system — Debian GNU/Linu:"); the list shows whole texts and the tooltip is the caller's.
class ElidingComboBox final : public QComboBox
{
    Q_OBJECT
public:
    using QComboBox::QComboBox;

    // The text the closed box shows: the current text, elided to the room it has.
    QString shownText() const;

protected:
    void paintEvent(QPaintEvent *event) override;
};
