// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/conversation.h"

#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <optional>

class QThreadPool;

// One item of a conversation as the window shows it.
struct TranscriptEntry
{
    enum class Kind { User, Assistant, Note, Attachment, Image, ShellCall };
    Kind kind = Kind::Note;
    QString text;           // the message or note; Attachment and Image: the host path
    QString sandboxPath;    // Attachment: where the model finds the file
    QString tag;            // Note: what kind of note (e.g. "ToolNote", "StoppedNote", "GuardrailNote");
                            // ShellCall: "trace" for a call read from an opened trace
    QJsonObject item;       // ShellCall: the finished Responses output item (SPEC 1.2); Note: what its
                            // text is made of
    double cost = -1;       // ShellCall: sandbox cost in dollars; negative when unknown
    qint64 durationMs = -1; // ShellCall: how long its commands ran; negative when unknown
    bool includesMinimum = false; // ShellCall: cost is raised to the cold-start minimum (SPEC 1.7)

    QJsonObject toJson() const;
    static std::optional<TranscriptEntry> fromJson(const QJsonObject &obj);
    bool operator==(const TranscriptEntry &other) const = default;
};

// A conversation as saved: its title, the container it runs in, what the window showed and what the model
// has seen so far.
struct StoredConversation
{
    QString id; // "conv_" + 16 characters of [A-Za-z0-9]
    QString title;
    bool titlePending = false; // named after its first question once it is asked
    QString containerId;
    QString toolContract; // ChatSession::toolContractKey(); empty: the shell
    QString model;        // the model it last asked (the model picker's id); empty: none yet
    QString image;        // the image its container runs on (ImageStore name); empty: the host's /usr
    QString approvalMode; // ApprovalPolicy::modeName(); empty: the workspace's
    qint64 createdMs = 0;
    qint64 updatedMs = 0;
    double totalCost = 0; // dollars of sandbox time over every request
    QList<TranscriptEntry> entries;
    QList<TranscriptEntry> shellCalls;
    QStringList pendingAttachments; // sandbox paths not yet mentioned to the model
    QList<Message> messages;

    QJsonObject toJson() const;
    static std::optional<StoredConversation> fromJson(const QJsonObject &obj, QString *error);

    static QJsonObject messageToJson(const Message &message);
    static std::optional<Message> messageFromJson(const QJsonObject &obj);
};

// The workspace's saved conversations: DATA/workspaces/<ws>/conversations/index.json (their order and the
// counter that numbers new titles) plus one <id>.json per conversation. Writes are atomic and run one after
// another on a worker thread, so the GUI never waits for the disk; load() reads synchronously at start-up.
class ConversationStore : public QObject
{
    Q_OBJECT
public:
    ConversationStore(const QString &dataDir, const QString &workspace, QObject *parent = nullptr);
    ~ConversationStore() override;

    QString directory() const { return m_dir; }
    QString filePath(const QString &id) const;
    static QString newId();
    static bool isValidId(const QString &id);

    // The saved conversations in their saved order. Files that cannot be read are skipped and named in
    // *errors; conversations missing from the index come last, oldest first.
    QList<StoredConversation> load(QStringList *errors = nullptr);
    // The number the last new conversation's title used (0 when none was saved).
    int counter() const { return m_counter; }

    void save(const StoredConversation &conversation);
    void saveIndex(const QStringList &order, int counter);
    // Deletes the conversation's file. With imageDir (the chat's kept image copies, named by content:
    // 32 hex digits and an extension), the copies that no saved conversation names any more go too; queue
    // pending saves first, so that every conversation still in use is on disk when the check runs.
    void remove(const QString &id, const QString &imageDir = {});
    // Waits until every queued write is on disk.
    void flush();

Q_SIGNALS:
    // A write failed; error names the file and the reason. Emitted on the store's thread.
    void writeFailed(const QString &error);

private:
    void write(const QString &path, const QJsonObject &obj);

    QString m_dir;
    int m_counter = 0;
    QThreadPool *m_pool = nullptr;
};
