// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QGroupBox>
#include <QPointer>

class ContainerManager;
class InlineMessage;
class QCheckBox;

// "Python" of the Settings dialog's Workspaces page: whether the workspace keeps a hidden container with
// its Python kernel started ahead, so that a new conversation's first cell finds Python ready
// (ContainerManager::keepPythonAhead). Saved at once in the workspace's settings.json (python_ahead) and
// applied to the running manager: off frees the container's memory now.
class PythonAheadBox : public QGroupBox
{
    Q_OBJECT
public:
    explicit PythonAheadBox(ContainerManager *manager, QWidget *parent = nullptr);

    // Reads settings.json again (another process may have changed it).
    void reload();

private:
    void save(bool on);

    QPointer<ContainerManager> m_manager;
    QString m_dir;
    QCheckBox *m_check = nullptr;
    InlineMessage *m_message = nullptr;
};
