// SPDX-License-Identifier: GPL-3.0-or-later
#include "settings/pythonaheadbox.h"

#include "base/workspacesettings.h"
#include "common/inlinemessage.h"
#include "common/retranslate.h"
#include "sandbox/containermanager.h"

#include <QCheckBox>
#include <QSignalBlocker>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

PythonAheadBox::PythonAheadBox(ContainerManager *manager, QWidget *parent)
    : QGroupBox(parent)
    , m_manager(manager)
    , m_dir(manager->settings().workspaceDir())
{
    setObjectName(u"PythonAheadBox"_s);
    retranslate(this, [this] { setTitle(tr("Python")); });
    m_check = new QCheckBox(this);
    m_check->setObjectName(u"PythonAheadCheck"_s);
    retranslate(m_check, [this] {
        m_check->setText(tr("Keep Python started ahead for new conversations"));
        m_check->setToolTip(tr("Once this workspace has run Python, one hidden container waits with its "
                               "kernel running, so a new conversation's first cell needs no start. It holds "
                               "about 95 MiB of memory while the workspace is open."));
    });
    connect(m_check, &QCheckBox::toggled, this, &PythonAheadBox::save);
    m_message = new InlineMessage(this);
    m_message->setObjectName(u"PythonAheadMessage"_s);
    m_message->hide();
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_check);
    layout->addWidget(m_message);
    reload();
}

void PythonAheadBox::reload()
{
    WorkspaceSettings settings(m_dir);
    QString error;
    if (!settings.load(&error))
        m_message->showMessage(error, InlineMessage::Type::Error);
    const QSignalBlocker blocker(m_check);
    m_check->setChecked(settings.pythonAhead());
}

void PythonAheadBox::save(bool on)
{
    WorkspaceSettings settings(m_dir);
    QString error;
    if (!settings.load(&error) || (settings.setPythonAhead(on), !settings.save(&error))) {
        reload(); // the switch shows what is in force
        m_message->showMessage([=, this]() -> QString { return tr("Not saved: %1").arg(error); },
                               InlineMessage::Type::Error);
        return;
    }
    if (m_manager)
        m_manager->reloadPythonAheadSetting();
    m_message->showMessage(
        [=, this]() -> QString {
            return on ? tr("Saved. After this workspace's next Python cell, new conversations find Python "
                           "started.")
                      : tr("Saved. No container is kept ahead; a new conversation's first cell starts "
                           "Python.");
        },
        InlineMessage::Type::Positive);
}
