// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/elidingcombobox.h"

#include <QStyleOptionComboBox>
#include <QStylePainter>

QString ElidingComboBox::shownText() const
{
    QStyleOptionComboBox option;
    initStyleOption(&option);
    const QRect field =
        style()->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, this);
    int room = field.width();
    if (!option.currentIcon.isNull())
        room -= option.iconSize.width() + 4;
    return fontMetrics().elidedText(option.currentText, Qt::ElideRight, qMax(0, room));
}

void ElidingComboBox::paintEvent(QPaintEvent *)
{
    QStylePainter painter(this);
    QStyleOptionComboBox option;
    initStyleOption(&option);
    painter.drawComplexControl(QStyle::CC_ComboBox, option);
    option.currentText = shownText();
    painter.drawControl(QStyle::CE_ComboBoxLabel, option);
}
