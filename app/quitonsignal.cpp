// SPDX-License-Identifier: GPL-3.0-or-later
#include "quitonsignal.h"

#include <QCoreApplication>
#include <QSocketNotifier>

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <unistd.h>

namespace {

int g_pipe[2] = {-1, -1};

void onSignal(int sig)
{
    const int saved = errno;
    const unsigned char byte = static_cast<unsigned char>(sig);
    // Async-signal-safe; a full pipe means a quit is already pending.
    (void)!::write(g_pipe[1], &byte, 1);
    errno = saved;
}

void setHandler(void (*handler)(int), int flags)
{
    struct sigaction sa = {};
    sa.sa_handler = handler;
    sa.sa_flags = flags;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTERM, &sa, nullptr);
    sigaction(SIGINT, &sa, nullptr);
}

} // namespace

QuitOnSignal::QuitOnSignal(QObject *parent)
    : QObject(parent)
{
    if (g_pipe[0] >= 0 || ::pipe2(g_pipe, O_CLOEXEC | O_NONBLOCK) != 0)
        return;
    m_notifier = new QSocketNotifier(g_pipe[0], QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &QuitOnSignal::onReadable);
    setHandler(onSignal, SA_RESTART);
}

QuitOnSignal::~QuitOnSignal()
{
    if (!m_notifier)
        return;
    setHandler(SIG_DFL, 0);
    delete m_notifier;
    ::close(g_pipe[0]);
    ::close(g_pipe[1]);
    g_pipe[0] = g_pipe[1] = -1;
}

void QuitOnSignal::onReadable()
{
    unsigned char byte = 0;
    while (::read(g_pipe[0], &byte, 1) == 1)
        m_signal = byte;
    if (m_signal == 0)
        return;
    // The quit path runs from here (destructors after exec() returns); another signal meanwhile is final.
    setHandler(SIG_DFL, 0);
    m_notifier->setEnabled(false);
    QCoreApplication::exit(0);
}
