// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/conversation.h"
#include "models/modelclient.h"
#include "sandbox/container.h"

#include <QDateTime>
#include <QHash>
#include <QObject>
#include <QPointer>

class ShellCall;

// One conversation driven directly from the GUI: sends the messages to a model, runs its "shell" tool calls
// in the conversation's container, feeds the results back and repeats until the model answers.
class ChatSession : public QObject
{
    Q_OBJECT
public:
    static constexpr int MaxToolSteps = 30;

    // container is not owned; it is where every shell call of this conversation runs.
    explicit ChatSession(Container *container, QObject *parent = nullptr);
    ~ChatSession() override;

    Container *container() const { return m_container; }
    // client is not owned; model is the name sent upstream.
    void setClient(ModelClient *client, const QString &model);
    ModelClient *client() const { return m_client; }
    QString model() const { return m_model; }
    void setSystemPrompt(const QString &prompt) { m_systemPrompt = prompt; }

    QList<Message> messages() const { return m_messages; }
    bool isBusy() const { return m_busy; }
    // Tool steps taken by the current (or last) request.
    int toolSteps() const { return m_steps; }

    // Adds a user message and runs the loop; false (and failed()) when busy or no client is set.
    bool send(const QString &text);
    // Cancels the model turn and the running shell call; stopped() follows.
    void stop();

    // The function tool offered to the model, shaped like openrouter:shell's arguments.
    static ToolDefinition shellTool();
    // PNG files under dir (two levels deep) with their modification times.
    static QHash<QString, QDateTime> pngFiles(const QString &dir);

Q_SIGNALS:
    void busyChanged(bool busy);
    void assistantStarted();
    void textDelta(const QString &text);
    // The assistant's message is complete (text may be empty when it only called tools).
    void assistantFinished(const QString &text);
    void shellCallStarted(ShellCall *call);
    void shellCallFinished(ShellCall *call);
    // Host paths of PNG images a shell call created or changed in the workspace.
    void imagesCreated(const QStringList &paths);
    void failed(const QString &message);
    void stopped();
    // The model answered without further tool calls.
    void finished();

private:
    void startTurn();
    void onTurnFinished(const TurnResult &result);
    void runNextCall();
    void onCallFinished();
    void finishWith(bool ok);

    QPointer<Container> m_container;
    QPointer<ModelClient> m_client;
    QString m_model;
    QString m_systemPrompt;
    QList<Message> m_messages;
    QPointer<ModelTurn> m_turn;
    QPointer<ShellCall> m_call;
    QList<ToolCall> m_pendingCalls;
    QHash<QString, QDateTime> m_pngsBefore;
    bool m_busy = false;
    bool m_stopping = false;
    int m_steps = 0;
};
