// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QTextDocument>

// Tooltips are shown as rich text whenever Qt::mightBeRichText() thinks so, and text from a container or a
// client (file names, hosts, request ids, command lines) may look like HTML: an <img src=/dev/zero> in it
// would make Qt read /dev/zero forever. plainToolTip() returns text that is always shown as the characters
// given: unchanged when Qt would show it as plain text anyway, else escaped into an equivalent rich text.
inline QString plainToolTip(const QString &text)
{
    return Qt::mightBeRichText(text) ? Qt::convertFromPlainText(text) : text;
}
