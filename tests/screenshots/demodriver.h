// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QSize>
#include <QStringList>
#include <QTimer>

#include <functional>

class MainWindow;
class QDockWidget;
class QWidget;

// Plays a conversation in the real window without a user (for the screenshot script and start-up benchmarks):
// picks a model, attaches files, asks questions one after another and saves window captures; with a
// screenshot directory it then puts every workbench panel into a telling state and captures each one. Every
// step waits for what it started (a turn, a listing, a highlighter) by polling with a time limit, never for
// a fixed time.
class DemoDriver : public QObject
{
    Q_OBJECT
public:
    struct Plan
    {
        QString model; // picker text or data to select, e.g. "Scripted: sales-demo"
        QStringList attachments;
        QStringList questions;
        QString trace;          // opened after the questions
        QStringList followUps;  // asked in the first conversation after the trace, without captures
        QString screenshotDir;  // empty: no captures
        bool panelTour = false; // capture the workbench panels after the conversation
        QSize windowSize;       // invalid: 1600x960 when capturing
        bool quitWhenDone = false;
    };

    // How long one step may wait for what it started before the capture is taken anyway.
    static constexpr int StepTimeoutMs = 60000;

    DemoDriver(MainWindow *window, const Plan &plan, QObject *parent = nullptr);
    void start();

private:
    struct Step
    {
        QString shot; // capture name; empty: none
        std::function<void()> act;
        std::function<bool()> ready;
        std::function<QWidget *()> target; // what to grab; null: the window
        int timeoutMs = StepTimeoutMs;
    };

    void addStep(const QString &shot, std::function<void()> act, std::function<bool()> ready,
                 std::function<QWidget *()> target = {});
    void addConversationSteps();
    void addQuestion(const QString &question, const QString &shot);
    void addPanelSteps();
    void runNext();
    void poll();
    void finishStep();
    void capture(const QString &name, QWidget *target);
    void finish();
    QDockWidget *showDock(const QString &objectName, int width);
    // Copies a file of the first conversation's container home to the documents (FileStore::promote).
    void promote(const QString &relativePath);

    QPointer<MainWindow> m_window;
    Plan m_plan;
    QList<Step> m_steps;
    Step m_current;
    QTimer m_poll;
    QElapsedTimer m_elapsed;
    int m_shot = 0;
    int m_stepNumber = 0;              // of the step running now, from 1
    QPointer<QDockWidget> m_panelDock; // the panel shown now beside the shell calls
    QString m_commit;
    QString m_chartDocument;
    int m_promoted = 0;
};
