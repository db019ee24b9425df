// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

template<typename T>
class QFutureWatcher;
struct DiskUsage;
class InlineConfirm;
class InlineMessage;
class QLabel;
class QPushButton;
class QSpinBox;
class QTreeWidget;
class Workspace;

// The Data page of the Settings dialog: where Sandbench keeps its data (open it, copy the path) and how
// much disk each area uses, measured off the GUI thread when the page is first shown and on Refresh; with a
// workspace, clean-up actions (DiskCleanup) that say what they delete and free, ask, and measure again.
class DataLocationPage : public QWidget
{
    Q_OBJECT
public:
    DataLocationPage(const QString &dataDir, const QString &workspace, QWidget *parent = nullptr);

    bool isMeasuring() const;
    // Offers the clean-up actions for this workspace (the window's: its request log and containers).
    void setWorkspace(Workspace *workspace);
    // A clean-up is being planned or run.
    bool isCleaning() const { return m_cleaning; }

public Q_SLOTS:
    void refresh();

Q_SIGNALS:
    // The figures in the table are new.
    void measured();
    // A clean-up's question is on the page (its plan is ready).
    void cleanupAsked();
    // A clean-up ended (deleted, cancelled or nothing to do); its message is on the page.
    void cleanupFinished();

protected:
    void showEvent(QShowEvent *event) override;

private:
    void showUsage(const DiskUsage &usage);
    void startCleanup(int action);
    void setCleaning(bool cleaning);

    QString m_dataDir;
    QString m_workspace;
    QLabel *m_path = nullptr;
    QTreeWidget *m_table = nullptr;
    QLabel *m_status = nullptr;
    QPushButton *m_refresh = nullptr;
    QFutureWatcher<DiskUsage> *m_watcher = nullptr;
    bool m_everMeasured = false;
    Workspace *m_ws = nullptr;
    QWidget *m_cleanupBox = nullptr;
    QSpinBox *m_logDays = nullptr;
    QList<QPushButton *> m_cleanupButtons;
    InlineConfirm *m_confirm = nullptr;
    InlineMessage *m_cleanupMessage = nullptr;
    bool m_cleaning = false;
};
