// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QElapsedTimer>
#include <QFrame>
#include <QHash>
#include <QJsonObject>
#include <QTimer>

class ElidedLabel;
class QLabel;
class QVBoxLayout;
class ShellCallView;

// One request another program sent to the local API, rebuilt from its live events: the API, the model, the
// status, when it started and how long it ran, its tokens and sandbox cost, and its shell calls, each in the
// same ShellCallView the conversations use. Keeps at most MaxCalls calls (the oldest go first).
class ApiRequestView : public QFrame
{
    Q_OBJECT
public:
    static constexpr int MaxCalls = 30;

    ApiRequestView(const QString &requestId, int maxBlocks, QWidget *parent = nullptr);

    QString requestId() const { return m_requestId; }
    // Applies one event of this request (request.started, shell_call.started, command.started,
    // output.chunk, command.finished, files.changed, request.finished).
    void handleEvent(const QJsonObject &event);

    // The event stream ended before the request did: its outcome is unknown, so the view stops saying
    // "Running" and stops counting; a later event of the request (after a reconnect) resumes it.
    void markDisconnected();

    bool isFinished() const { return m_finished; }
    bool isDisconnected() const { return m_disconnected; }
    QString apiText() const;
    QString modelText() const;
    QString statusText() const;
    QString usageText() const;
    // "File received: NAME (SIZE)" of each file that came in with this request (file.received events).
    QStringList receivedFilesText() const;
    QList<ShellCallView *> callViews() const { return m_calls; }
    ShellCallView *callView(const QString &callId) const { return m_byCallId.value(callId); }
    // Whether a refused host (egress.refused) gets "Allow HOST": only when the watched server is this app's
    // own, whose containers the window can widen (ContainerManager::allowHost).
    void setCanAllowHosts(bool can) { m_canAllowHosts = can; }

Q_SIGNALS:
    // "Allow HOST" under one of this request's calls; view shows what became of it.
    void allowHostRequested(ShellCallView *view, const QString &containerId, const QString &host);

private:
    void onStarted(const QJsonObject &event);
    void onShellCallStarted(const QJsonObject &event);
    void onFinished(const QJsonObject &event);
    void onEgressRefused(const QJsonObject &event);
    void onFileReceived(const QJsonObject &event);
    void updateElapsed(qint64 ms);
    void updateUsage();

    QString m_requestId;
    int m_maxBlocks;
    QLabel *m_api = nullptr;
    ElidedLabel *m_model = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_time = nullptr;
    QLabel *m_usage = nullptr;
    QLabel *m_error = nullptr;
    QLabel *m_dropped = nullptr;
    QLabel *m_noCalls = nullptr;
    QList<QLabel *> m_files;
    QVBoxLayout *m_callsLayout = nullptr;
    QList<ShellCallView *> m_calls;
    QHash<QString, ShellCallView *> m_byCallId;
    int m_droppedCalls = 0;
    int m_totalCalls = 0;
    qint64 m_startMs = 0;
    qint64 m_elapsedMs = -1;
    QJsonObject m_usageJson;
    QElapsedTimer m_clock;
    QTimer m_ticker;
    bool m_finished = false;
    bool m_disconnected = false;
    bool m_canAllowHosts = false;
};
