// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "workspace/chatsession.h"
#include "workspace/conversationstore.h"

#include <QDateTime>
#include <QFrame>
#include <QHash>
#include <QPointer>
#include <QSet>
#include <QTimer>
#include <QWidget>

#include <functional>

class InlineMessage;
class QAction;
class QHBoxLayout;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QScrollArea;
class QTextBrowser;
class QVBoxLayout;

// One chat message: role, text (Markdown for the assistant), a copy button.
class MessageBubble : public QFrame
{
    Q_OBJECT
public:
    enum class Role { User, Assistant, Note };
    // An empty title names the role ("You", "Assistant") in the current language.
    MessageBubble(Role role, const QString &title, QWidget *parent = nullptr);

    Role role() const { return m_role; }
    void setText(const QString &text);
    void appendText(const QString &text);
    QString text() const { return m_text; }
    QString renderedText() const;

protected:
    void resizeEvent(QResizeEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void render();
    void fitHeight();

    Role m_role;
    QString m_text;
    QTextBrowser *m_body = nullptr;
    QTimer m_renderTimer;
};

// The centre of the window: the conversation's messages, attachment chips and the input line.
class ChatWidget : public QWidget
{
    Q_OBJECT
public:
    ChatWidget(ChatSession *session, QWidget *parent = nullptr);

    ChatSession *session() const { return m_session; }
    // The model label shown above the messages ("Scripted" for scripts).
    void setModelLabel(const QString &label, bool scripted);
    void addAttachment(const QString &hostPath, const QString &sandboxPath);
    QStringList pendingAttachments() const { return m_pendingSandboxPaths; }
    void showError(const QString &message);
    void showInfo(const QString &message);
    // A line in the conversation from the workbench itself (not the model), kept with the transcript.
    void addNotice(const QString &tag, const QString &text) { addNote(tag, text); }
    QList<MessageBubble *> bubbles() const { return m_bubbles; }
    // What the chat shows, in order, for saving; restoreTranscript() shows a saved one again.
    QList<TranscriptEntry> transcript() const { return m_transcript; }
    void restoreTranscript(const QList<TranscriptEntry> &entries, const QStringList &pendingAttachments);
    // Shows entries after what the conversation holds and keeps them in its transcript (an opened trace).
    void appendEntries(const QList<TranscriptEntry> &entries);
    // The conversation's sandbox cost so far, shown in the header; negative hides it.
    void setTotalCost(double dollars);
    // The container the conversation runs in, shown whole in the header.
    void setContainerId(const QString &id);
    // Called before a question goes to the session so the window can pick the model; false stops the
    // sending (the preparer has shown why).
    void setPreparer(std::function<bool()> preparer) { m_preparer = std::move(preparer); }
    // Where the chat keeps a copy of each image it showed from the kernel's figures folder, whose files the
    // next cell replaces: a restored conversation shows the chart it showed (the window's data, not the
    // container's).
    void setImageStore(const QString &dir) { m_imageStore = dir; }

public Q_SLOTS:
    void sendCurrentText();

Q_SIGNALS:
    void attachRequested();
    void attachmentClicked(const QString &hostPath);
    // Something was added to transcript() or removed from it.
    void transcriptChanged();
    // A question went to the model; text is what it received (a guardrail may have redacted it).
    void questionSent(const QString &text);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    MessageBubble *addBubble(MessageBubble::Role role, const QString &title, const QString &text);
    MessageBubble *addNote(const QString &tag, const QString &text);
    // A note the workbench writes from data (kept with the transcript), in the language of the moment.
    MessageBubble *addNote(const QString &tag, const QJsonObject &data);
    static QString noteText(const QString &tag, const QJsonObject &data);
    void addChip(const QString &hostPath, const QString &sandboxPath);
    void removeAttachment(QWidget *chip, const QString &hostPath, const QString &sandboxPath);
    void showEntry(const TranscriptEntry &entry);
    // Shows the image at path (inside the home or the image store); with shown, not when its bytes are among
    // those shown. Returns the path to remember (a kept copy for a figure), empty when nothing was shown.
    QString addImage(const QString &path, QSet<QByteArray> *shown = nullptr);
    QString keepCopy(const QString &path, const QByteArray &bytes, const QByteArray &digest) const;
    QString homeDir() const; // the conversation's container home, where its images are
    void remember(const TranscriptEntry &entry);
    void scrollToEnd();
    void onBusyChanged(bool busy);

    QPointer<ChatSession> m_session;
    QHash<QString, qint64> m_pngsBefore; // PNG files of the home when the running call started
    QString m_imageStore;
    QLabel *m_modelLabel = nullptr;
    QLabel *m_containerLabel = nullptr;
    QLabel *m_costLabel = nullptr;
    QScrollArea *m_scroll = nullptr;
    QVBoxLayout *m_messages = nullptr;
    QLabel *m_empty = nullptr;
    InlineMessage *m_error = nullptr;
    QWidget *m_chips = nullptr;
    QHBoxLayout *m_chipsLayout = nullptr;
    QPlainTextEdit *m_input = nullptr;
    QPushButton *m_attach = nullptr;
    QPushButton *m_send = nullptr;
    QPushButton *m_stop = nullptr;
    QWidget *m_lastTabStop = nullptr;
    QAction *m_sendAction = nullptr;
    QAction *m_stopAction = nullptr;
    QAction *m_insertTabAction = nullptr;
    QString m_modelText;
    bool m_scripted = false;
    QString m_containerId;
    double m_totalCost = -1;
    QList<MessageBubble *> m_bubbles;
    MessageBubble *m_current = nullptr;
    QStringList m_pendingSandboxPaths;
    QList<TranscriptEntry> m_transcript;
    std::function<bool()> m_preparer;
    bool m_followEnd = true;
};
