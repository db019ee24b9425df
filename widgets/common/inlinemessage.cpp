// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/inlinemessage.h"

#include "common/retranslate.h"
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QToolButton>

using namespace Qt::StringLiterals;

InlineMessage::InlineMessage(QWidget *parent)
    : QFrame(parent)
{
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    m_label = new QLabel(this);
    m_label->setObjectName(u"InlineMessageText"_s);
    m_label->setWordWrap(true);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Messages quote file names, hosts and errors that may come from a container: never read as HTML.
    m_label->setTextFormat(Qt::PlainText);
    m_close = new QToolButton(this);
    m_close->setObjectName(u"InlineMessageClose"_s);
    m_close->setAutoRaise(true);
    m_close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    retranslate(m_close, [this] { m_close->setToolTip(tr("Close")); });
    connect(m_close, &QToolButton::clicked, this, &QWidget::hide);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 4, 4);
    layout->addWidget(m_label, 1);
    layout->addWidget(m_close, 0, Qt::AlignTop);
    hide();
}

void InlineMessage::showMessage(const QString &text, Type type)
{
    m_type = type;
    m_label->setText(text);
    applyColours();
    show();
}

void InlineMessage::showMessage(std::function<QString()> text, Type type)
{
    m_type = type;
    setTranslatedText(m_label, std::move(text));
    applyColours();
    show();
}

QString InlineMessage::text() const
{
    return m_label->text();
}

void InlineMessage::changeEvent(QEvent *event)
{
    QFrame::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyColours();
}

void InlineMessage::applyColours()
{
    // A tint of the message colour over the palette's base keeps the text readable in light and dark themes.
    QColor accent;
    switch (m_type) {
    case Type::Information:
        accent = palette().color(QPalette::Highlight);
        break;
    case Type::Positive:
        accent = QColor(0x27, 0xae, 0x60);
        break;
    case Type::Warning:
        accent = QColor(0xf6, 0x74, 0x00);
        break;
    case Type::Error:
        accent = QColor(0xda, 0x44, 0x53);
        break;
    }
    const QColor base = palette().color(QPalette::Base);
    const auto mix = [](const QColor &a, const QColor &b, double t) {
        return QColor::fromRgbF(float(a.redF() * (1 - t) + b.redF() * t),
                                float(a.greenF() * (1 - t) + b.greenF() * t),
                                float(a.blueF() * (1 - t) + b.blueF() * t));
    };
    QPalette pal = palette();
    pal.setColor(QPalette::Window, mix(base, accent, 0.2));
    pal.setColor(QPalette::WindowText, palette().color(QPalette::Text));
    setPalette(pal);
    setStyleSheet(u"InlineMessage { border: 1px solid %1; border-radius: 4px; }"_s.arg(accent.name()));
}
