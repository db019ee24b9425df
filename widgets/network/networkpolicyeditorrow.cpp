// SPDX-License-Identifier: GPL-3.0-or-later
#include "network/networkpolicyeditorrow.h"
#include "common/retranslate.h"

#include "common/plaintooltip.h"
#include "sandbox/net/networkpolicy.h"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QStyle>
#include <QToolButton>

using namespace Qt::StringLiterals;

NetworkPolicyEntryRow::NetworkPolicyEntryRow(const QString &text, QWidget *parent)
    : QWidget(parent)
{
    setObjectName(u"NetworkPolicyEntryRow"_s);
    m_edit = new QLineEdit(text, this);
    m_edit->setObjectName(u"NetworkPolicyEntryEdit"_s);
    m_edit->setClearButtonEnabled(false);
    m_remove = new QToolButton(this);
    m_remove->setObjectName(u"NetworkPolicyEntryRemove"_s);
    m_remove->setAutoRaise(true);
    m_remove->setIcon(style()->standardIcon(QStyle::SP_LineEditClearButton));
    setTranslatedToolTip(m_remove, [=, this]() -> QString { return tr("Remove this entry"); });
    m_remove->setAccessibleName(tr("Remove %1").arg(text));
    m_errorLabel = new QLabel(this);
    m_errorLabel->setObjectName(u"NetworkPolicyEntryError"_s);
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_errorLabel->setTextFormat(Qt::PlainText); // quotes the entry
    m_errorLabel->hide();
    auto *layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setVerticalSpacing(2);
    layout->addWidget(m_edit, 0, 0);
    layout->addWidget(m_remove, 0, 1);
    layout->addWidget(m_errorLabel, 1, 0, 1, 2);
    connect(m_edit, &QLineEdit::textChanged, this, [this] {
        validate();
        Q_EMIT edited();
    });
    connect(m_remove, &QToolButton::clicked, this, &NetworkPolicyEntryRow::removeRequested);
    applyColours();
    validate();
}

QString NetworkPolicyEntryRow::text() const
{
    return m_edit->text().trimmed();
}

void NetworkPolicyEntryRow::setReadOnly(bool readOnly)
{
    m_edit->setReadOnly(readOnly);
    m_remove->setVisible(!readOnly);
}

void NetworkPolicyEntryRow::validate()
{
    // The engine's own rules: the GUI never has its own idea of a valid entry.
    m_error = NetworkPolicy::entryProblem(text());
    m_errorLabel->setText(m_error);
    m_errorLabel->setVisible(!m_error.isEmpty());
    m_edit->setToolTip(m_error.isEmpty() ? QString() : plainToolTip(m_error));
}

void NetworkPolicyEntryRow::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyColours();
}

void NetworkPolicyEntryRow::applyColours()
{
    // Red pulled toward the palette's text colour stays readable on light and dark backgrounds.
    const QColor text = palette().color(QPalette::Text);
    const QColor red(0xda, 0x44, 0x53);
    const QColor mixed = QColor::fromRgbF(float(red.redF() * 0.75 + text.redF() * 0.25),
                                          float(red.greenF() * 0.75 + text.greenF() * 0.25),
                                          float(red.blueF() * 0.75 + text.blueF() * 0.25));
    QPalette pal = m_errorLabel->palette();
    pal.setColor(QPalette::WindowText, mixed);
    m_errorLabel->setPalette(pal);
}
