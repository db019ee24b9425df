// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

template<typename T>
class QFutureWatcher;
struct DiskUsage;
class QLabel;
class QPushButton;
class QTreeWidget;

// The Data page of the Settings dialog: where Sandbench keeps its data (open it, copy the path) and how
// much disk each area uses, measured off the GUI thread when the page is first shown and on Refresh.
class DataLocationPage : public QWidget
{
    Q_OBJECT
public:
    DataLocationPage(const QString &dataDir, const QString &workspace, QWidget *parent = nullptr);

    bool isMeasuring() const;

public Q_SLOTS:
    void refresh();

Q_SIGNALS:
    // The figures in the table are new.
    void measured();

protected:
    void showEvent(QShowEvent *event) override;

private:
    void showUsage(const DiskUsage &usage);

    QString m_dataDir;
    QString m_workspace;
    QLabel *m_path = nullptr;
    QTreeWidget *m_table = nullptr;
    QLabel *m_status = nullptr;
    QPushButton *m_refresh = nullptr;
    QFutureWatcher<DiskUsage> *m_watcher = nullptr;
    bool m_everMeasured = false;
};
