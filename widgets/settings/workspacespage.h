// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class ApprovalRulesBox;
class InlineMessage;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;

// The Workspaces page of the Settings dialog: the workspaces of the data dir, which one this window shows
// and which one opens at the next start; creates a workspace and opens one in a new window; the approvals of
// the selected workspace (ApprovalRulesBox).
class WorkspacesPage : public QWidget
{
    Q_OBJECT
public:
    WorkspacesPage(const QString &dataDir, const QString &currentWorkspace, QWidget *parent = nullptr);

    QString selectedWorkspace() const;
    ApprovalRulesBox *approvalRules() const { return m_rules; }
    // Selects this window's workspace and brings its approval rules into view, with the keyboard focus.
    void showApprovalRules();
    // Adds a box of this window's workspace's settings below Long sessions (the dialog adds those that need
    // the running workspace, such as PythonAheadBox).
    void addWorkspaceBox(QWidget *box);

public Q_SLOTS:
    void reload();

Q_SIGNALS:
    // The user asked to open the workspace in a window of its own.
    void openRequested(const QString &workspace);

private:
    void createWorkspace();
    void makeStartWorkspace();
    void updateButtons();

    QString m_dataDir;
    QString m_current;
    QLabel *m_currentLabel = nullptr;
    QListWidget *m_list = nullptr;
    QPushButton *m_open = nullptr;
    QPushButton *m_makeStart = nullptr;
    QLineEdit *m_newName = nullptr;
    QPushButton *m_create = nullptr;
    InlineMessage *m_message = nullptr;
    ApprovalRulesBox *m_rules = nullptr;
    QWidget *m_longSessions = nullptr;
};
