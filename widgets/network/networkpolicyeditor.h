// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sandbox/net/networkpolicy.h"
#include "sandbox/net/workspacepolicy.h"

#include <QHash>
#include <QPointer>
#include <QWidget>

#include <optional>

class Container;
class InlineMessage;
class NetworkConnectionsModel;
class NetworkPolicyEntryRow;
class QButtonGroup;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;
class QTableView;
class QVBoxLayout;

// The Network panel (SPEC 1.5, 6): edits the workspace's default egress allowlist, which new conversations'
// containers start with, and the current conversation's own policy until its container starts (then it is
// fixed and shown read-only). Entries are checked by the engine's NetworkPolicy as they are typed, presets
// add the hosts common tools need, "*" gets a warning and the engine's 50-entry limit is enforced. Below the
// form, the current container's connections through its egress proxy appear live.
class NetworkPolicyEditor : public QWidget
{
    Q_OBJECT
public:
    enum class Scope { Workspace, Container };
    Q_ENUM(Scope)

    struct Preset
    {
        QString id;
        QString name;
        QStringList hosts;
    };
    // The policy in the user's language (NetworkPolicy::describe() is the engine's English for the API).
    static QString describe(const NetworkPolicy &policy);
    static QList<Preset> presets();

    explicit NetworkPolicyEditor(const QString &workspaceDir, QWidget *parent = nullptr);
    ~NetworkPolicyEditor() override;

    NetworkPolicy workspacePolicy() const { return m_workspace.policy(); }
    Container *container() const { return m_container; }
    Scope scope() const { return m_scope; }
    // The entries as the form shows them now (trimmed, possibly invalid).
    QStringList entries() const;
    // True when the form shows a policy that can no longer change (a started container's).
    bool isReadOnly() const { return m_readOnly; }
    // The connections of the current container; null when there is none.
    NetworkConnectionsModel *connectionsModel() const;

public Q_SLOTS:
    // The conversation shown now. A container seen for the first time that has not started gets the
    // workspace default before its first command.
    void setContainer(Container *container);
    void setScope(Scope scope);
    // Adds one entry as typed in the add field; false (with the reason shown) when refused.
    bool addEntry(const QString &text);
    bool addPreset(const QString &id);
    bool save();
    void revert();

Q_SIGNALS:
    void workspacePolicySaved(const NetworkPolicy &policy);
    void containerPolicySaved(Container *container, const NetworkPolicy &policy);

private:
    NetworkPolicy sourcePolicy() const;
    void loadForm();
    void setRows(const QStringList &entries);
    NetworkPolicyEntryRow *appendRow(const QString &text);
    void removeRow(NetworkPolicyEntryRow *row);
    bool isAllowlistMode() const;
    // The policy the form describes, or nullopt with the engine's error (empty when a row shows its own).
    std::optional<NetworkPolicy> formPolicy(QString *error) const;
    // Why a list of valid entries is still not a policy (too many, "*" among others); empty if it is one.
    static QString listProblem(const QStringList &entries);
    // More entries than the engine allows; empty if not.
    static QString tooManyProblem(const QStringList &entries);
    void updateState();
    void updateNewEntryError();
    void updateScopeItems();
    void updateConnectionsHeader();
    void seed(Container *container);
    // After the workspace default changed: containers that have not started and still hold the old
    // default get the new one (they are as new as a container made now).
    void reseedUnstarted(const NetworkPolicy &previous);
    NetworkConnectionsModel *modelFor(Container *container);
    void setConnectionsModel(NetworkConnectionsModel *model); // deletes the table's previous selection model

    WorkspacePolicy m_workspace;
    QPointer<Container> m_container;
    Scope m_scope = Scope::Workspace;
    bool m_readOnly = false;
    bool m_loading = false;
    // Containers given the workspace default by this panel, with what they were given.
    QHash<QString, std::pair<QPointer<Container>, NetworkPolicy>> m_seeded;
    QHash<Container *, NetworkConnectionsModel *> m_connections;
    QList<NetworkPolicyEntryRow *> m_rows;

    QComboBox *m_scopeBox = nullptr;
    QLabel *m_note = nullptr;
    QRadioButton *m_modeOff = nullptr;
    QRadioButton *m_modeAllow = nullptr;
    QButtonGroup *m_modeGroup = nullptr;
    QLineEdit *m_newEntry = nullptr;
    QPushButton *m_addButton = nullptr;
    QPushButton *m_presetButton = nullptr;
    QLabel *m_newEntryError = nullptr;
    QWidget *m_rowsWidget = nullptr;
    QVBoxLayout *m_rowsLayout = nullptr;
    QLabel *m_emptyRows = nullptr;
    QLabel *m_count = nullptr;
    InlineMessage *m_wildcardWarning = nullptr;
    InlineMessage *m_formError = nullptr;
    InlineMessage *m_message = nullptr;
    QPushButton *m_saveButton = nullptr;
    QPushButton *m_revertButton = nullptr;
    QLabel *m_connectionsTitle = nullptr;
    QLabel *m_connectionsHint = nullptr;
    QPushButton *m_clearConnections = nullptr;
    QTableView *m_connectionsTable = nullptr;
};
