// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QLabel;

// The first page a user sees: what Sandbench is for and where it keeps its data.
class WelcomePage : public QWidget
{
    Q_OBJECT

public:
    WelcomePage(const QString &dataDir, const QString &workspace, QWidget *parent = nullptr);

private:
    QLabel *m_title = nullptr;
    QLabel *m_summary = nullptr;
    QLabel *m_dataDir = nullptr;
    QLabel *m_workspace = nullptr;
    QLabel *m_doctorHint = nullptr;
};
