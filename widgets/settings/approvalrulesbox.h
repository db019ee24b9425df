// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "base/approvalpolicy.h"

#include <QGroupBox>

#include <optional>

class InlineMessage;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;

// "Approvals" of the Settings dialog's Workspaces page: a workspace's default approval mode, how long an
// ask waits, and its rules in order (verdict + pattern; add, remove, move, edit in place), saved in its
// settings.json the way `sandbench approvals` saves them. Rules are checked by ApprovalRule::make and the
// CLI's limits before anything is saved; "Test a command" shows which rule ApprovalPolicy itself picks for
// each simple command of a typed call.
class ApprovalRulesBox : public QGroupBox
{
    Q_OBJECT
public:
    explicit ApprovalRulesBox(QWidget *parent = nullptr);

    // Shows (and reads again) that workspace's approvals; unsaved edits of the one shown before are dropped
    // with a warning.
    void setWorkspace(const QString &workspaceDir, const QString &name);
    QString workspaceName() const { return m_name; }
    void reload();
    // False, with the inline message saying why, when a rule or the file is bad; then nothing is written.
    bool save();
    bool hasUnsavedChanges() const { return m_dirty; }

Q_SIGNALS:
    // The workspace's approvals were written to its settings.json.
    void saved(const QString &workspaceName);

private:
    void addRule();
    void removeRule();
    void moveRule(int by);
    void appendRow(int row, const ApprovalRule &rule);
    // The rules of the table, or nullopt with *error saying what is wrong and what is allowed and *row the
    // first bad row.
    std::optional<QList<ApprovalRule>> tableRules(QString *error, int *row) const;
    // Why ApprovalRule::make refused pattern, in the user's language.
    static QString patternError(const QString &pattern, int ruleNumber);
    void markDirty();
    void updateButtons();
    void updateTest();
    void retranslateRows();

    QString m_dir;
    QString m_name;
    bool m_dirty = false;
    bool m_loading = false;
    QComboBox *m_mode = nullptr;
    QSpinBox *m_timeout = nullptr;
    QTableWidget *m_table = nullptr;
    QComboBox *m_newVerdict = nullptr;
    QLineEdit *m_newPattern = nullptr;
    QPushButton *m_add = nullptr;
    QPushButton *m_remove = nullptr;
    QPushButton *m_up = nullptr;
    QPushButton *m_down = nullptr;
    QLineEdit *m_test = nullptr;
    QLabel *m_testResult = nullptr;
    QPushButton *m_save = nullptr;
    QPushButton *m_revert = nullptr;
    InlineMessage *m_message = nullptr;
};
