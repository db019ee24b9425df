// SPDX-License-Identifier: GPL-3.0-or-later
#include "chat/providerhint.h"

#include "common/retranslate.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

using namespace Qt::StringLiterals;

ProviderHint::ProviderHint(QWidget *parent)
    : QFrame(parent)
{
    setObjectName(u"ProviderHint"_s);
    setFrameShape(QFrame::StyledPanel);
    // The palette's own colours, so a theme switch reaches it as it reaches every panel.
    setBackgroundRole(QPalette::AlternateBase);
    setAutoFillBackground(true);
    m_text = new QLabel(this);
    m_text->setObjectName(u"ProviderHintText"_s);
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::PlainText);
    m_add = new QPushButton(this);
    m_add->setObjectName(u"ProviderHintAddButton"_s);
    retranslate(this, [this] {
        m_text->setText(tr("No model provider is set up: the model list offers only the scripted demos."));
        m_text->setToolTip(tr("The scripted demos play recorded answers. Add a provider (OpenAI, Anthropic, "
                              "OpenRouter, Gemini or a model server on this computer) to ask a real model."));
        m_add->setText(tr("Add Provider…"));
        m_add->setToolTip(tr("Open Settings → Providers with a new provider's form"));
    });
    connect(m_add, &QPushButton::clicked, this, &ProviderHint::addRequested);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 6, 10, 6);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_add, 0, Qt::AlignVCenter);
}

QString ProviderHint::text() const
{
    return m_text->text();
}
