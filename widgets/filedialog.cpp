// SPDX-License-Identifier: GPL-3.0-or-later
#include "filedialog.h"

#include <QFileDialog>

QString FileDialog::s_next;
bool FileDialog::s_hasNext = false;

QString FileDialog::getOpenFileName(QWidget *parent, const QString &caption, const QString &filter)
{
    if (s_hasNext) {
        s_hasNext = false;
        return std::exchange(s_next, QString());
    }
    return QFileDialog::getOpenFileName(parent, caption, QString(), filter);
}

void FileDialog::setNextFileName(const QString &fileName)
{
    s_next = fileName;
    s_hasNext = true;
}
