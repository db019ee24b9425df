// SPDX-License-Identifier: GPL-3.0-or-later
#include "workspace/conversationstore.h"

#include "base/jsonfile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QPointer>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QThreadPool>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {
constexpr int FormatVersion = 1;

QString kindName(TranscriptEntry::Kind kind)
{
    switch (kind) {
    case TranscriptEntry::Kind::User:
        return u"user"_s;
    case TranscriptEntry::Kind::Assistant:
        return u"assistant"_s;
    case TranscriptEntry::Kind::Note:
        return u"note"_s;
    case TranscriptEntry::Kind::Attachment:
        return u"attachment"_s;
    case TranscriptEntry::Kind::Image:
        return u"image"_s;
    case TranscriptEntry::Kind::ShellCall:
        return u"shell_call"_s;
    }
    return u"note"_s;
}

std::optional<TranscriptEntry::Kind> kindFromName(const QString &name)
{
    for (auto kind : {TranscriptEntry::Kind::User, TranscriptEntry::Kind::Assistant,
                      TranscriptEntry::Kind::Note, TranscriptEntry::Kind::Attachment,
                      TranscriptEntry::Kind::Image, TranscriptEntry::Kind::ShellCall}) {
        if (kindName(kind) == name)
            return kind;
    }
    return std::nullopt;
}

const QStringList roleNames = {u"system"_s, u"user"_s, u"assistant"_s, u"tool"_s};

QJsonArray entriesJson(const QList<TranscriptEntry> &entries)
{
    QJsonArray out;
    for (const TranscriptEntry &e : entries)
        out.append(e.toJson());
    return out;
}

QList<TranscriptEntry> entriesFromJson(const QJsonArray &array)
{
    QList<TranscriptEntry> out;
    for (const QJsonValue &v : array) {
        // An entry of a kind this version does not know is left out rather than failing the conversation.
        if (const std::optional<TranscriptEntry> e = TranscriptEntry::fromJson(v.toObject()))
            out.append(*e);
    }
    return out;
}
} // namespace

QJsonObject TranscriptEntry::toJson() const
{
    QJsonObject obj{{u"kind"_s, kindName(kind)}};
    if (!text.isEmpty())
        obj.insert(u"text"_s, text);
    if (!sandboxPath.isEmpty())
        obj.insert(u"sandbox_path"_s, sandboxPath);
    if (!tag.isEmpty())
        obj.insert(u"tag"_s, tag);
    if (!item.isEmpty())
        obj.insert(u"item"_s, item);
    if (cost >= 0)
        obj.insert(u"cost"_s, cost);
    if (includesMinimum)
        obj.insert(u"cost_includes_minimum"_s, true);
    if (durationMs >= 0)
        obj.insert(u"duration_ms"_s, durationMs);
    return obj;
}

std::optional<TranscriptEntry> TranscriptEntry::fromJson(const QJsonObject &obj)
{
    const std::optional<Kind> kind = kindFromName(obj.value(u"kind"_s).toString());
    if (!kind)
        return std::nullopt;
    TranscriptEntry e;
    e.kind = *kind;
    e.text = obj.value(u"text"_s).toString();
    e.sandboxPath = obj.value(u"sandbox_path"_s).toString();
    e.tag = obj.value(u"tag"_s).toString();
    e.item = obj.value(u"item"_s).toObject();
    e.cost = obj.value(u"cost"_s).toDouble(-1);
    e.includesMinimum = obj.value(u"cost_includes_minimum"_s).toBool();
    e.durationMs = obj.value(u"duration_ms"_s).toInteger(-1);
    return e;
}

QJsonObject StoredConversation::messageToJson(const Message &message)
{
    QJsonObject obj{{u"role"_s, roleNames.value(int(message.role))}};
    QJsonArray parts;
    for (const ContentPart &part : message.content) {
        // Images are not saved; the model saw them once and the files stay in the container.
        if (part.type == ContentPart::Type::Text)
            parts.append(part.text);
    }
    if (!parts.isEmpty())
        obj.insert(u"text"_s, parts);
    QJsonArray calls;
    for (const ToolCall &call : message.toolCalls)
        calls.append(QJsonObject{{u"id"_s, call.id},
                                 {u"name"_s, call.name},
                                 {u"arguments"_s, call.argumentsJson},
                                 {u"parse_error"_s, call.parseError}});
    if (!calls.isEmpty())
        obj.insert(u"tool_calls"_s, calls);
    if (message.role == Message::Role::Tool)
        obj.insert(u"tool_result"_s, QJsonObject{{u"call_id"_s, message.toolResult.callId},
                                                 {u"content"_s, message.toolResult.content},
                                                 {u"is_error"_s, message.toolResult.isError}});
    if (!message.nativeItems.isEmpty()) {
        obj.insert(u"native_items"_s, message.nativeItems);
        obj.insert(u"native_api"_s, message.nativeApi);
    }
    return obj;
}

std::optional<Message> StoredConversation::messageFromJson(const QJsonObject &obj)
{
    const qsizetype role = roleNames.indexOf(obj.value(u"role"_s).toString());
    if (role < 0)
        return std::nullopt;
    Message m;
    m.role = Message::Role(role);
    for (const QJsonValue &part : obj.value(u"text"_s).toArray())
        m.content.append(ContentPart::fromText(part.toString()));
    for (const QJsonValue &v : obj.value(u"tool_calls"_s).toArray()) {
        const QJsonObject c = v.toObject();
        m.toolCalls.append({c.value(u"id"_s).toString(), c.value(u"name"_s).toString(),
                            c.value(u"arguments"_s).toString(), c.value(u"parse_error"_s).toString()});
    }
    const QJsonObject result = obj.value(u"tool_result"_s).toObject();
    m.toolResult = {result.value(u"call_id"_s).toString(), result.value(u"content"_s).toString(),
                    result.value(u"is_error"_s).toBool()};
    m.nativeItems = obj.value(u"native_items"_s).toArray();
    m.nativeApi = obj.value(u"native_api"_s).toString();
    return m;
}

QJsonObject StoredConversation::toJson() const
{
    QJsonArray messageArray;
    for (const Message &m : messages)
        messageArray.append(messageToJson(m));
    return {{u"version"_s, FormatVersion},
            {u"id"_s, id},
            {u"title"_s, title},
            {u"title_pending"_s, titlePending},
            {u"container_id"_s, containerId},
            {u"tool_contract"_s, toolContract},
            {u"model"_s, model},
            {u"image"_s, image},
            {u"approvals"_s, approvalMode},
            {u"created_ms"_s, createdMs},
            {u"updated_ms"_s, updatedMs},
            {u"total_cost"_s, totalCost},
            {u"entries"_s, entriesJson(entries)},
            {u"shell_calls"_s, entriesJson(shellCalls)},
            {u"pending_attachments"_s, QJsonArray::fromStringList(pendingAttachments)},
            {u"messages"_s, messageArray}};
}

std::optional<StoredConversation> StoredConversation::fromJson(const QJsonObject &obj, QString *error)
{
    StoredConversation c;
    c.id = obj.value(u"id"_s).toString();
    if (!ConversationStore::isValidId(c.id)) {
        if (error)
            *error = u"\"id\" must be conv_ followed by letters and digits, not \"%1\""_s.arg(c.id);
        return std::nullopt;
    }
    if (obj.value(u"version"_s).toInt() > FormatVersion) {
        if (error)
            *error = u"saved by a newer Sandbench (format %1)"_s.arg(obj.value(u"version"_s).toInt());
        return std::nullopt;
    }
    c.title = obj.value(u"title"_s).toString();
    c.titlePending = obj.value(u"title_pending"_s).toBool();
    c.containerId = obj.value(u"container_id"_s).toString();
    c.toolContract = obj.value(u"tool_contract"_s).toString();
    c.model = obj.value(u"model"_s).toString();
    c.image = obj.value(u"image"_s).toString();
    c.approvalMode = obj.value(u"approvals"_s).toString();
    c.createdMs = qint64(obj.value(u"created_ms"_s).toDouble());
    c.updatedMs = qint64(obj.value(u"updated_ms"_s).toDouble());
    c.totalCost = std::max(0.0, obj.value(u"total_cost"_s).toDouble());
    c.entries = entriesFromJson(obj.value(u"entries"_s).toArray());
    c.shellCalls = entriesFromJson(obj.value(u"shell_calls"_s).toArray());
    for (const QJsonValue &v : obj.value(u"pending_attachments"_s).toArray())
        c.pendingAttachments.append(v.toString());
    for (const QJsonValue &v : obj.value(u"messages"_s).toArray()) {
        if (const std::optional<Message> m = messageFromJson(v.toObject()))
            c.messages.append(*m);
    }
    return c;
}

ConversationStore::ConversationStore(const QString &dataDir, const QString &workspace, QObject *parent)
    : QObject(parent)
    , m_dir(QDir(dataDir).filePath(u"workspaces/"_s % workspace % u"/conversations"_s))
    , m_pool(new QThreadPool(this))
{
    // One writer keeps the writes of one file in the order they were asked for.
    m_pool->setMaxThreadCount(1);
}

ConversationStore::~ConversationStore()
{
    flush();
}

QString ConversationStore::filePath(const QString &id) const
{
    return m_dir + u'/' + id + u".json"_s;
}

QString ConversationStore::newId()
{
    static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    QString id = u"conv_"_s;
    for (int i = 0; i < 16; ++i)
        id.append(QLatin1Char(alphabet[QRandomGenerator::global()->bounded(36)]));
    return id;
}

bool ConversationStore::isValidId(const QString &id)
{
    static const QRegularExpression pattern(u"^conv_[A-Za-z0-9]{1,40}$"_s);
    return pattern.match(id).hasMatch();
}

QList<StoredConversation> ConversationStore::load(QStringList *errors)
{
    flush();
    QString error;
    QStringList order;
    const std::optional<QJsonDocument> index = JsonFile::read(m_dir + u"/index.json"_s, &error);
    if (index) {
        for (const QJsonValue &v : index->object().value(u"order"_s).toArray())
            order.append(v.toString());
        m_counter = index->object().value(u"counter"_s).toInt();
    } else if (errors) {
        errors->append(error);
    }

    QList<StoredConversation> found;
    const QFileInfoList files = QDir(m_dir).entryInfoList({u"conv_*.json"_s}, QDir::Files, QDir::Name);
    for (const QFileInfo &file : files) {
        error.clear();
        const std::optional<QJsonDocument> doc = JsonFile::read(file.filePath(), &error);
        std::optional<StoredConversation> c;
        if (doc)
            c = StoredConversation::fromJson(doc->object(), &error);
        if (!c || c->id != file.completeBaseName()) {
            if (errors)
                errors->append(c ? u"%1: its id does not match the file name"_s.arg(file.filePath())
                                 : (doc ? u"%1: %2"_s.arg(file.filePath(), error) : error));
            continue;
        }
        found.append(*c);
    }
    std::stable_sort(found.begin(), found.end(),
                     [&order](const StoredConversation &a, const StoredConversation &b) {
                         const qsizetype ia = order.indexOf(a.id);
                         const qsizetype ib = order.indexOf(b.id);
                         if (ia >= 0 && ib >= 0)
                             return ia < ib;
                         if ((ia >= 0) != (ib >= 0))
                             return ia >= 0;
                         return a.createdMs < b.createdMs;
                     });
    return found;
}

void ConversationStore::save(const StoredConversation &conversation)
{
    if (!isValidId(conversation.id))
        return;
    write(filePath(conversation.id), conversation.toJson());
}

void ConversationStore::saveIndex(const QStringList &order, int counter)
{
    m_counter = counter;
    write(m_dir + u"/index.json"_s, QJsonObject{{u"version"_s, FormatVersion},
                                                {u"order"_s, QJsonArray::fromStringList(order)},
                                                {u"counter"_s, counter}});
}

void ConversationStore::remove(const QString &id, const QString &imageDir)
{
    if (!isValidId(id))
        return;
    const QString path = filePath(id);
    const QString dir = m_dir;
    QPointer<ConversationStore> self(this);
    m_pool->start([self, path, dir, imageDir] {
        QFile file(path);
        if (file.exists() && !file.remove()) {
            if (self)
                Q_EMIT self->writeFailed(u"cannot delete %1: %2"_s.arg(path, file.errorString()));
            return;
        }
        if (imageDir.isEmpty())
            return;
        // Runs after every write queued before it (one worker thread), so the saved files are current.
        static const QRegularExpression copyName(u"^[0-9a-f]{32}\\.[a-z0-9]{1,8}$"_s);
        QStringList unused;
        const QFileInfoList copies = QDir(imageDir).entryInfoList(QDir::Files | QDir::NoSymLinks);
        for (const QFileInfo &copy : copies) {
            if (copyName.match(copy.fileName()).hasMatch())
                unused.append(copy.fileName());
        }
        if (unused.isEmpty())
            return;
        const QFileInfoList saved = QDir(dir).entryInfoList({u"*.json"_s}, QDir::Files);
        for (const QFileInfo &info : saved) {
            QFile conversation(info.filePath());
            if (!conversation.open(QIODevice::ReadOnly))
                return; // unsure what is still used: keep them all
            const QByteArray bytes = conversation.readAll();
            unused.removeIf([&bytes](const QString &name) { return bytes.contains(name.toLatin1()); });
            if (unused.isEmpty())
                return;
        }
        for (const QString &name : std::as_const(unused))
            QFile::remove(imageDir + u'/' + name);
    });
}

void ConversationStore::flush()
{
    m_pool->waitForDone();
}

void ConversationStore::write(const QString &path, const QJsonObject &obj)
{
    // The document is built here, on the caller's thread; only the disk work moves.
    const QJsonDocument doc(obj);
    QPointer<ConversationStore> self(this);
    m_pool->start([self, path, doc] {
        QString error;
        if (!JsonFile::write(path, doc, &error) && self)
            Q_EMIT self->writeFailed(error);
    });
}
