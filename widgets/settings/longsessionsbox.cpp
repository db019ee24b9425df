// SPDX-License-Identifier: GPL-3.0-or-later
#include "settings/longsessionsbox.h"

#include "base/workspacesettings.h"
#include "common/inlinemessage.h"
#include "common/retranslate.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

LongSessionsBox::LongSessionsBox(const QString &workspaceDir, QWidget *parent)
    : QGroupBox(parent)
    , m_dir(workspaceDir)
{
    setObjectName(u"LongSessionsBox"_s);
    retranslate(this, [this] { setTitle(tr("Long sessions")); });
    m_enabled = new QCheckBox(this);
    m_enabled->setObjectName(u"LongSessionsCheck"_s);
    retranslate(m_enabled, [this] {
        m_enabled->setText(tr("Lift the hosted limits for this workspace's conversations"));
        m_enabled->setToolTip(tr("Commands may run longer than 300 seconds, idle containers sleep later or "
                                 "never, and long output keeps its end."));
    });
    m_commandMinutes = new QSpinBox(this);
    m_commandMinutes->setObjectName(u"LongCommandMinutes"_s);
    m_commandMinutes->setRange(1, WorkspaceSettings::MaxLongCommandTimeoutSeconds / 60);
    m_idleMinutes = new QSpinBox(this);
    m_idleMinutes->setObjectName(u"IdleSleepMinutes"_s);
    m_idleMinutes->setRange(0, WorkspaceSettings::MaxIdleSleepMinutes);
    m_api = new QCheckBox(this);
    m_api->setObjectName(u"LongSessionsApiCheck"_s);
    retranslate(m_api, [this] {
        m_api->setText(tr("Also for API requests made with this workspace's keys"));
        m_api->setToolTip(tr("Off: programs using the local API keep the hosted limits (300 s per command, "
                             "sleep after 5 idle minutes)."));
        m_commandMinutes->setSuffix(tr(" min"));
        m_idleMinutes->setSuffix(tr(" min"));
        m_idleMinutes->setSpecialValueText(tr("never"));
    });
    m_save = new QPushButton(this);
    m_save->setObjectName(u"LongSessionsSave"_s);
    retranslate(m_save, [this] { m_save->setText(tr("Save")); });
    connect(m_save, &QPushButton::clicked, this, &LongSessionsBox::save);
    connect(m_enabled, &QCheckBox::toggled, this, &LongSessionsBox::updateEnabled);
    m_message = new InlineMessage(this);
    m_message->setObjectName(u"LongSessionsMessage"_s);
    m_message->hide();

    auto *form = new QFormLayout;
    auto *commandLabel = new QLabel(this);
    auto *idleLabel = new QLabel(this);
    retranslate(commandLabel, [commandLabel, idleLabel] {
        commandLabel->setText(tr("Longest command:"));
        idleLabel->setText(tr("Sleep after idle:"));
    });
    commandLabel->setBuddy(m_commandMinutes);
    idleLabel->setBuddy(m_idleMinutes);
    form->addRow(commandLabel, m_commandMinutes);
    form->addRow(idleLabel, m_idleMinutes);
    auto *buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(m_save);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_enabled);
    layout->addLayout(form);
    layout->addWidget(m_api);
    layout->addLayout(buttons);
    layout->addWidget(m_message);
    reload();
}

void LongSessionsBox::reload()
{
    WorkspaceSettings settings(m_dir);
    QString error;
    if (!settings.load(&error))
        m_message->showMessage(error, InlineMessage::Type::Error);
    m_enabled->setChecked(settings.longSessions());
    m_api->setChecked(settings.longSessionsForApi());
    m_commandMinutes->setValue(std::max(1, settings.longCommandTimeoutSeconds() / 60));
    m_idleMinutes->setValue(settings.idleSleepMinutes());
    updateEnabled();
}

bool LongSessionsBox::save()
{
    WorkspaceSettings settings(m_dir);
    QString error;
    if (!settings.load(&error)) {
        m_message->showMessage([=, this]() -> QString { return tr("Not saved: %1").arg(error); },
                               InlineMessage::Type::Error);
        return false;
    }
    settings.setLongSessions(m_enabled->isChecked());
    settings.setLongSessionsForApi(m_api->isChecked());
    settings.setLongCommandTimeoutSeconds(m_commandMinutes->value() * 60);
    settings.setIdleSleepMinutes(m_idleMinutes->value());
    if (!settings.save(&error)) {
        m_message->showMessage([=, this]() -> QString { return tr("Not saved: %1").arg(error); },
                               InlineMessage::Type::Error);
        return false;
    }
    const bool on = m_enabled->isChecked();
    m_message->showMessage(
        [=, this]() -> QString {
            return on ? tr("Saved. The next question of a conversation uses these limits.")
                      : tr("Saved. Conversations keep the hosted limits.");
        },
        InlineMessage::Type::Positive);
    return true;
}

void LongSessionsBox::updateEnabled()
{
    // The API switch only extends the window's lift (WorkspaceSettings::sessionLimits): without it, it
    // keeps its state but has no effect, and shows so.
    const bool lifted = m_enabled->isChecked();
    m_commandMinutes->setEnabled(lifted);
    m_idleMinutes->setEnabled(lifted);
    m_api->setEnabled(lifted);
}
