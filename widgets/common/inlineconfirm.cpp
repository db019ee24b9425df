// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/inlineconfirm.h"
#include "common/retranslate.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLayoutItem>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

InlineConfirm::InlineConfirm(QWidget *parent)
    : QFrame(parent)
{
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::AlternateBase);
    m_label = new QLabel(this);
    m_label->setObjectName(u"InlineConfirmText"_s);
    m_label->setWordWrap(true);
    m_label->setTextFormat(Qt::PlainText); // questions quote names that may come from a container
    // Stacked: the conversations dock is narrow, and each answer is a sentence.
    m_buttons = new QVBoxLayout;
    m_buttons->setContentsMargins(0, 0, 0, 0);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_label);
    layout->addLayout(m_buttons);
    hide();
}

QString InlineConfirm::question() const
{
    return m_label->text();
}

void InlineConfirm::ask(const QString &question, const QList<QPair<QString, QString>> &choices)
{
    while (QLayoutItem *item = m_buttons->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    m_label->setText(question);
    for (const auto &[answer, text] : choices) {
        auto *button = new QPushButton(text, this);
        button->setObjectName(answer);
        connect(button, &QPushButton::clicked, this, [this, answer] {
            hide();
            Q_EMIT answered(answer);
        });
        m_buttons->addWidget(button);
    }
    auto *cancel = new QPushButton(this);
    setTranslatedText(cancel, [] { return tr("Cancel"); });
    cancel->setObjectName(u"InlineConfirmCancel"_s);
    connect(cancel, &QPushButton::clicked, this, [this] {
        hide();
        Q_EMIT answered(QString());
    });
    m_buttons->addWidget(cancel);
    show();
    if (QWidget *first = m_buttons->itemAt(m_buttons->count() - 1)->widget())
        first->setFocus();
}
