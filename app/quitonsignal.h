// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>

class QSocketNotifier;

// Turns SIGTERM and SIGINT into QCoreApplication::exit(0) for a long-running command, so `kill` or Ctrl-C
// ends it the way a quit does: containers stop, their cgroups go, logs are flushed. The handler only writes
// the signal's number to a pipe; the event loop reads it. A second signal of either kind, while the first is
// still being handled, ends the process at once (the default action). One instance per process.
class QuitOnSignal final : public QObject
{
    Q_OBJECT
public:
    explicit QuitOnSignal(QObject *parent = nullptr);
    ~QuitOnSignal() override;

    // The signal that asked us to quit, 0 if none has.
    int receivedSignal() const { return m_signal; }

private:
    void onReadable();

    QSocketNotifier *m_notifier = nullptr;
    int m_signal = 0;
};
