// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QGroupBox>

class InlineMessage;
class QCheckBox;
class QPushButton;
class QSpinBox;

// "Long sessions" of the Settings dialog's Workspaces page: whether the workspace lifts the hosted limits
// (300 s per command, sleep after 5 idle minutes) for its own conversations and, separately, for API
// requests made with its keys; saved in the workspace's settings.json (WorkspaceSettings).
class LongSessionsBox : public QGroupBox
{
    Q_OBJECT
public:
    explicit LongSessionsBox(const QString &workspaceDir, QWidget *parent = nullptr);

    // Reads settings.json again (another process may have changed it).
    void reload();
    bool save();

private:
    void updateEnabled();

    QString m_dir;
    QCheckBox *m_enabled = nullptr;
    QCheckBox *m_api = nullptr;
    QSpinBox *m_commandMinutes = nullptr;
    QSpinBox *m_idleMinutes = nullptr;
    QPushButton *m_save = nullptr;
    InlineMessage *m_message = nullptr;
};
