// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

class QWidget;

// File choosers with a hook for tests (as in KeePassXC): when a next answer is set, it is returned instead of
// opening a dialog.
class FileDialog
{
public:
    static QString getOpenFileName(QWidget *parent, const QString &caption, const QString &filter = {});
    // The answer of the next getOpenFileName() call; an empty string means "cancelled".
    static void setNextFileName(const QString &fileName);

private:
    static QString s_next;
    static bool s_hasNext;
};
