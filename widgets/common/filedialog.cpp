// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/filedialog.h"

#include <QFileDialog>

QString FileDialog::s_next;
bool FileDialog::s_hasNext = false;

void FileDialog::chooseFileToOpen(QWidget *parent, const Options &options, QObject *context,
                                  std::function<void(const QString &)> chosen)
{
    choose(false, parent, options, context, std::move(chosen));
}

void FileDialog::chooseFileToSave(QWidget *parent, const Options &options, QObject *context,
                                  std::function<void(const QString &)> chosen)
{
    choose(true, parent, options, context, std::move(chosen));
}

void FileDialog::setNextFileName(const QString &fileName)
{
    s_next = fileName;
    s_hasNext = true;
}

void FileDialog::choose(bool save, QWidget *parent, const Options &options, QObject *context,
                        std::function<void(const QString &)> chosen)
{
    if (s_hasNext) {
        s_hasNext = false;
        const QString answer = std::exchange(s_next, QString());
        if (!answer.isEmpty())
            chosen(answer);
        return;
    }
    // One chooser of a kind at a time: a second click raises the open one.
    if (parent && !options.objectName.isEmpty()) {
        if (auto *open = parent->findChild<QFileDialog *>(options.objectName, Qt::FindDirectChildrenOnly)) {
            open->raise();
            open->activateWindow();
            return;
        }
    }
    auto *dialog = new QFileDialog(parent, options.caption, options.suggestedPath);
    dialog->setObjectName(options.objectName);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setAcceptMode(save ? QFileDialog::AcceptSave : QFileDialog::AcceptOpen);
    dialog->setFileMode(save ? QFileDialog::AnyFile : QFileDialog::ExistingFile);
    if (!options.nameFilters.isEmpty())
        dialog->setNameFilters(options.nameFilters);
    if (!options.defaultSuffix.isEmpty())
        dialog->setDefaultSuffix(options.defaultSuffix);
    QObject::connect(dialog, &QFileDialog::fileSelected, context ? context : dialog,
                     [chosen = std::move(chosen)](const QString &path) {
                         if (!path.isEmpty())
                             chosen(path);
                     });
    dialog->open();
}
