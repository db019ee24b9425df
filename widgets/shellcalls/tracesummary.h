// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/traceloader.h"

#include <QFrame>

class QLabel;

// What an opened trace says besides its shell calls: model, response id, status, container, tokens, the
// sandbox cost, and every output item in order with the assistant's text. Text from the file is shown as
// plain text only.
class TraceSummaryView : public QFrame
{
    Q_OBJECT
public:
    explicit TraceSummaryView(const Trace &trace, QWidget *parent = nullptr);

    // One line per item, as listed ("1. Text: …").
    QStringList itemLines() const { return m_itemLines; }
    QString factText(const QString &objectName) const;

    static QString usageText(const Trace &trace);
    static QString costText(const Trace &trace);
    static QString itemLine(const Trace &trace, int index);

private:
    QStringList m_itemLines;
};
