// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QFrame>
#include <QList>
#include <QPair>

class QLabel;
class QBoxLayout;

// A question asked inside the page instead of a modal box: a sentence, one button per answer and Cancel.
// Used to confirm destructive actions (deleting a conversation and, if wanted, its container's files).
class InlineConfirm : public QFrame
{
    Q_OBJECT
public:
    explicit InlineConfirm(QWidget *parent = nullptr);

    // choices: (answer id, button text); each button's objectName is its answer id. Cancel answers "".
    void ask(const QString &question, const QList<QPair<QString, QString>> &choices);
    QString question() const;

Q_SIGNALS:
    void answered(const QString &answer);

private:
    QLabel *m_label = nullptr;
    QBoxLayout *m_buttons = nullptr;
};
