// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLabel>

// A one-line label that keeps its whole text (text() and the tooltip hold it) but paints it elided to the
// width it gets, so a long id never widens a panel and is never silently cut at the end.
class ElidedLabel : public QLabel
{
    Q_OBJECT
public:
    explicit ElidedLabel(QWidget *parent = nullptr);

    void setElideMode(Qt::TextElideMode mode);
    // The text as painted now (elided or whole).
    QString displayedText() const;
    bool isElided() const { return displayedText() != text(); }

    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    Qt::TextElideMode m_mode = Qt::ElideMiddle;
};
