// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QPointer>
#include <QStringList>

class MainWindow;

// Plays a conversation in the real window without a user (for the screenshot script and start-up benchmarks):
// picks a model, attaches files, asks questions one after another and saves window captures.
class DemoDriver : public QObject
{
    Q_OBJECT
public:
    struct Plan
    {
        QString model; // picker text or data to select, e.g. "Scripted: sales-demo"
        QStringList attachments;
        QStringList questions;
        QString trace;         // opened after the questions
        QString screenshotDir; // empty: no captures
        bool quitWhenDone = false;
    };

    DemoDriver(MainWindow *window, const Plan &plan, QObject *parent = nullptr);
    void start();

private:
    void onModelsReady();
    void askNext();
    void capture(const QString &name);
    void finish();

    QPointer<MainWindow> m_window;
    Plan m_plan;
    int m_next = 0;
    int m_shot = 0;
    bool m_started = false;
};
