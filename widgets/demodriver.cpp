// SPDX-License-Identifier: GPL-3.0-or-later
#include "demodriver.h"

#include "chatwidget.h"
#include "core/chatsession.h"
#include "mainwindow.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QPlainTextEdit>
#include <QTimer>
#include <QToolButton>

using namespace Qt::StringLiterals;

DemoDriver::DemoDriver(MainWindow *window, const Plan &plan, QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_plan(plan)
{}

void DemoDriver::start()
{
    connect(m_window, &MainWindow::modelsRefreshed, this, &DemoDriver::onModelsReady);
    // The first listing may already be done.
    QTimer::singleShot(1500, this, &DemoDriver::onModelsReady);
}

void DemoDriver::onModelsReady()
{
    if (m_started || !m_window)
        return;
    m_started = true;
    auto *picker = m_window->findChild<QComboBox *>(u"ModelPicker"_s);
    int index = picker->findText(m_plan.model);
    if (index < 0)
        index = picker->findData(m_plan.model);
    if (index >= 0)
        picker->setCurrentIndex(index);
    for (const QString &file : std::as_const(m_plan.attachments))
        m_window->attachFile(file);
    QTimer::singleShot(800, this, [this] {
        capture(u"attached"_s);
        askNext();
    });
}

void DemoDriver::askNext()
{
    ChatWidget *chat = m_window ? m_window->currentChat() : nullptr;
    if (!chat)
        return;
    if (m_next >= m_plan.questions.size()) {
        finish();
        return;
    }
    auto *input = chat->findChild<QPlainTextEdit *>(u"MessageInput"_s);
    input->setPlainText(m_plan.questions.at(m_next++));
    ChatSession *session = chat->session();
    auto *conn = new QMetaObject::Connection;
    *conn = connect(session, &ChatSession::busyChanged, this, [this, conn](bool busy) {
        if (busy)
            return;
        disconnect(*conn);
        delete conn;
        // Let the last tokens render before the capture.
        QTimer::singleShot(600, this, [this] {
            capture(u"answer-%1"_s.arg(m_next));
            askNext();
        });
    });
    chat->sendCurrentText();
}

void DemoDriver::finish()
{
    ChatWidget *chat = m_window->currentChat();
    if (auto *chip = chat->findChild<QToolButton *>(u"AttachmentChip"_s)) {
        chip->click();
        QTimer::singleShot(800, this, [this] {
            capture(u"csv-preview"_s);
            if (!m_plan.trace.isEmpty()) {
                m_window->openTrace(m_plan.trace);
                QTimer::singleShot(600, this, [this] {
                    capture(u"trace"_s);
                    if (m_plan.quitWhenDone)
                        m_window->close();
                });
            } else if (m_plan.quitWhenDone) {
                m_window->close();
            }
        });
        return;
    }
    if (m_plan.quitWhenDone)
        m_window->close();
}

void DemoDriver::capture(const QString &name)
{
    if (m_plan.screenshotDir.isEmpty() || !m_window)
        return;
    QDir().mkpath(m_plan.screenshotDir);
    const QString path =
        QDir(m_plan.screenshotDir).filePath(u"%1-%2.png"_s.arg(++m_shot, 2, 10, QLatin1Char('0')).arg(name));
    m_window->grab().save(path);
}
