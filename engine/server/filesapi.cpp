// SPDX-License-Identifier: GPL-3.0-or-later
#include "filesapi.h"

#include "base/jsonfile.h"
#include "base/randomtoken.h"
#include "eventhub.h"
#include "httpconnection.h"
#include "sandbox/container.h"
#include "sandbox/containermanager.h"
#include "sandbox/history/containerregistry.h"
#include "sandbox/history/fileimport.h"
#include "sandbox/history/filestore.h"
#include "sandbox/history/safefs.h"
#include "sandbox/history/uploadstore.h"
#include "uploadpump.h"
#include "uploadreceiver.h"
#include "workspace/workspace.h"

#include <QDateTime>
#include <QFile>
#include <QFutureWatcher>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMimeDatabase>
#include <QMutexLocker>
#include <QPointer>
#include <QTimeZone>
#include <QUuid>
#include <QtConcurrent/QtConcurrentRun>

#include <fcntl.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

const QStringList kPurposes{u"assistants"_s, u"batch"_s,     u"fine-tune"_s,
                            u"vision"_s,     u"user_data"_s, u"evals"_s};

QByteArray toJson(const QJsonObject &obj)
{
    return QJsonDocument(obj).toJson(QJsonDocument::Compact);
}

QString isoTime(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODateWithMs);
}

bool isAnthropicRequest(const HttpRequest &request)
{
    return !request.header("anthropic-beta").isEmpty() || !request.header("anthropic-version").isEmpty();
}

// The path below the API's root: /api/v1/files/x -> [files, x]; /v1/files/x -> [files, x].
QStringList partsOf(const QString &path)
{
    if (path.startsWith(u"/api/v1/"_s))
        return path.mid(8).split(u'/', Qt::SkipEmptyParts);
    if (path.startsWith(u"/v1/"_s))
        return path.mid(4).split(u'/', Qt::SkipEmptyParts);
    return {};
}

QJsonObject openAiFile(const StoredFile &f)
{
    QJsonObject o{{u"id"_s, QString(u"file-"_s + f.token)},
                  {u"object"_s, u"file"_s},
                  {u"bytes"_s, f.bytes},
                  {u"created_at"_s, f.createdMs / 1000},
                  {u"filename"_s, f.filename},
                  {u"purpose"_s, f.purpose.isEmpty() ? u"user_data"_s : f.purpose},
                  {u"status"_s, u"processed"_s}};
    if (f.expiresMs > 0)
        o.insert(u"expires_at"_s, f.expiresMs / 1000);
    return o;
}

QJsonObject anthropicFile(const StoredFile &f)
{
    QJsonObject o{
        {u"id"_s, QString(u"file_"_s + f.token)},
        {u"type"_s, u"file"_s},
        {u"created_at"_s, isoTime(f.createdMs)},
        {u"filename"_s, f.filename},
        {u"mime_type"_s, f.mimeType.isEmpty() ? u"application/octet-stream"_s : f.mimeType},
        {u"size_bytes"_s, f.bytes},
        // Anthropic lets only files its tools made be downloaded; here every file is the user's own.
        {u"downloadable"_s, true}};
    if (f.expiresMs > 0)
        o.insert(u"expires_at"_s, isoTime(f.expiresMs));
    return o;
}

QString mimeTypeOf(const QString &filename, const QByteArray &declared)
{
    const QString type = QString::fromLatin1(declared).trimmed();
    if (!type.isEmpty() && type != u"application/octet-stream"_s && !type.contains(u'\n'))
        return type.left(255);
    return QMimeDatabase().mimeTypeForFile(filename, QMimeDatabase::MatchExtension).name();
}

QString containerApiPath(const ContainerRegistry &registry, const QString &workspace, const QString &id)
{
    const QString dir = registry.containerDir(workspace, id);
    return dir.isEmpty() ? QString() : dir + u"/api.json"_s;
}

} // namespace

FilesApi::FilesApi(const QString &dataDir, EventHub *events,
                   std::function<Workspace *(const QString &)> workspaceOf, QObject *parent)
    : QObject(parent)
    , m_dataDir(dataDir)
    , m_events(events)
    , m_workspaceOf(std::move(workspaceOf))
{
    m_pool.setMaxThreadCount(2);
    m_storePool.setMaxThreadCount(2);
    m_directPool.setMaxThreadCount(m_directMax);
}

FilesApi::~FilesApi()
{
    // Readers waiting on their sockets stop now rather than after their idle timeout.
    for (const std::weak_ptr<BodyCancel> &weak : m_directCancels) {
        if (const std::shared_ptr<BodyCancel> cancel = weak.lock())
            cancel->cancel();
    }
    m_directPool.waitForDone();
}

bool FilesApi::startDirect(HttpConnection *connection, Api api, std::shared_ptr<UploadReceiver> receiver)
{
    const QPointer<HttpConnection> conn(connection);
    const QPointer<FilesApi> self(this);
    connection->readBodyDirect([self, conn, api, receiver](DirectBody body) {
        if (!self)
            return;
        ++self->m_directActive;
        self->m_directCancels.remove_if([](const std::weak_ptr<BodyCancel> &w) { return w.expired(); });
        self->m_directCancels.push_back(body.cancel);
        const bool splice = self->m_directSplice;
        receiver->setMapSearch(self->m_directMapSearch);
        self->m_directPool.start([self, conn, api, receiver, splice, body = std::move(body)]() mutable {
            const UploadPump::Result r = UploadPump::run(std::move(body), *receiver, splice);
            QMetaObject::invokeMethod(
                self.data(),
                [self, conn, api, receiver, r] {
                    if (!self)
                        return;
                    --self->m_directActive;
                    if (!conn)
                        return; // the receiver's spool goes with it
                    conn->finishDirectBody(r.fromFd, r.outcome == UploadPump::Outcome::Complete);
                    switch (r.outcome) {
                    case UploadPump::Outcome::Complete:
                        return; // requestReady: handle() stores the file
                    case UploadPump::Outcome::Failed:
                        conn->setDrainLimit(HttpConnection::MaxDrainBytes);
                        self->sendError(conn, api, receiver->status(), u"invalid_request_error"_s,
                                        receiver->message(), receiver->code(), true);
                        return;
                    case UploadPump::Outcome::TimedOut:
                        self->sendError(conn, api, 408, u"invalid_request_error"_s,
                                        u"the request body stopped arriving"_s, {}, true);
                        return;
                    case UploadPump::Outcome::ClientGone:
                    case UploadPump::Outcome::Cancelled:
                        conn->abort();
                        return;
                    }
                },
                Qt::QueuedConnection);
        });
    });
    return true;
}

bool FilesApi::claimsPath(const QString &path)
{
    return path == u"/v1/files"_s || path.startsWith(u"/v1/files/"_s) || isGooglePath(path);
}

namespace {
// The path below Google's API root ("" or "/api"): "/v1beta/files/x", "/upload/v1beta/files".
QString googlePath(const QString &path)
{
    return path.startsWith(u"/api/"_s) ? path.mid(4) : path;
}
} // namespace

bool FilesApi::isGooglePath(const QString &path)
{
    const QString p = googlePath(path);
    return p == u"/v1beta/files"_s || p.startsWith(u"/v1beta/files/"_s) || p == u"/upload/v1beta/files"_s;
}

FilesApi::Api FilesApi::apiOf(const HttpRequest &request)
{
    if (isGooglePath(request.path))
        return googlePath(request.path).startsWith(u"/upload/"_s) ? Api::GeminiUpload : Api::GeminiFiles;
    const QStringList parts = partsOf(request.path);
    if (parts.isEmpty())
        return Api::None;
    if (parts.first() == u"files"_s && (request.path.startsWith(u"/api/v1/"_s) || claimsPath(request.path)))
        return isAnthropicRequest(request) ? Api::AnthropicFiles : Api::OpenAiFiles;
    if (!request.path.startsWith(u"/api/v1/"_s) || parts.first() != u"containers"_s)
        return Api::None;
    if (parts.size() <= 2)
        return Api::Containers;
    if (parts.at(2) == u"files"_s && ((parts.size() == 3 && request.method == "POST") ||
                                      (parts.size() == 4 && request.method == "DELETE")))
        return Api::ContainerFiles;
    return Api::None;
}

QJsonObject FilesApi::errorBody(Api api, int status, const QString &type, const QString &message,
                                const QString &code)
{
    if (api == Api::AnthropicFiles)
        return {{u"type"_s, u"error"_s},
                {u"error"_s, QJsonObject{{u"type"_s, type}, {u"message"_s, message}}}};
    if (api == Api::GeminiFiles || api == Api::GeminiUpload) {
        const QString statusName = status == 404   ? u"NOT_FOUND"_s
                                   : status == 401 ? u"UNAUTHENTICATED"_s
                                   : status == 403 ? u"PERMISSION_DENIED"_s
                                   : status == 413 ? u"RESOURCE_EXHAUSTED"_s
                                   : status >= 500 ? u"INTERNAL"_s
                                                   : u"INVALID_ARGUMENT"_s;
        return {{u"error"_s,
                 QJsonObject{{u"code"_s, status}, {u"message"_s, message}, {u"status"_s, statusName}}}};
    }
    return {{u"error"_s, QJsonObject{{u"message"_s, message},
                                     {u"type"_s, type},
                                     {u"param"_s, QJsonValue::Null},
                                     {u"code"_s, code.isEmpty() ? QJsonValue(QJsonValue::Null) : code}}}};
    Q_UNUSED(status)
}

void FilesApi::sendError(HttpConnection *connection, Api api, int status, const QString &type,
                         const QString &message, const QString &code, bool close)
{
    // Anthropic names a too large request by its own type.
    const QString t = api == Api::AnthropicFiles && status == 413 ? u"request_too_large"_s : type;
    connection->sendResponse(status, "application/json", toJson(errorBody(api, status, t, message, code)), {},
                             close);
}

void FilesApi::sendJson(HttpConnection *connection, int status, const QJsonObject &body)
{
    connection->sendResponse(status, "application/json", toJson(body));
}

qint64 FilesApi::maxFileBytes(Api api) const
{
    if (m_maxFileBytes > 0)
        return m_maxFileBytes;
    if (api == Api::GeminiUpload)
        return GeminiMaxFileBytes;
    return api == Api::AnthropicFiles ? AnthropicMaxFileBytes : OpenAiMaxFileBytes;
}

bool FilesApi::acceptHead(HttpConnection *connection, HttpRequest &request)
{
    const Api api = apiOf(request);
    if (api == Api::GeminiUpload && request.method == "POST" &&
        !request.header("x-goog-upload-command").toLower().contains("start"))
        return acceptGeminiChunk(connection, request);
    const QStringList parts = partsOf(request.path);
    const bool upload = request.method == "POST" && ((api == Api::OpenAiFiles || api == Api::AnthropicFiles)
                                                         ? parts.size() == 1
                                                         : api == Api::ContainerFiles);
    const QByteArray contentType = request.header("content-type").trimmed();
    if (!upload || contentType.toLower().startsWith("application/json")) {
        // A JSON body (a file_id, a container's settings) is small.
        if (api != Api::None && request.declaredLength > MaxJsonBodyBytes) {
            connection->setDrainLimit(8 * MaxJsonBodyBytes);
            sendError(connection, api, 413, u"invalid_request_error"_s,
                      u"the request body is %1 bytes; a JSON body here may have at most %2"_s
                          .arg(request.declaredLength)
                          .arg(MaxJsonBodyBytes),
                      u"request_too_large"_s, true);
            return false;
        }
        return true;
    }
    const qint64 limit = maxFileBytes(api);
    const bool multipart = contentType.toLower().startsWith("multipart/");
    const auto refuse = [&](int status, const QString &message, const QString &code = {}) {
        // The key's owner reads the answer rather than a reset: some of the body is read away.
        connection->setDrainLimit(HttpConnection::MaxDrainBytes);
        sendError(connection, api, status, u"invalid_request_error"_s, message, code, true);
        return false;
    };
    QByteArray boundary;
    if (multipart) {
        QString error;
        const std::optional<QByteArray> b = MultipartParser::boundaryOf(contentType, &error);
        if (!b)
            return refuse(400, error);
        boundary = *b;
    } else if (api != Api::ContainerFiles) {
        return refuse(400, u"the upload must be multipart/form-data with a \"file\" part"_s);
    } else {
        // Sandbench's raw upload: the body is the file, ?path= its name.
        const QString path = request.query.queryItemValue(u"path"_s, QUrl::FullyDecoded);
        if (path.isEmpty())
            return refuse(400, u"give the file as multipart/form-data (a \"file\" part), as JSON "
                               "{\"file_id\": ...}, or as the raw body with ?path=NAME"_s);
    }
    // The form's own bytes (boundaries, part heads, small fields) on top of the file.
    const qint64 overhead = multipart ? UploadReceiver::MaxFieldBytes + 16 * 1024 : 0;
    if (request.declaredLength > limit + overhead)
        return refuse(413,
                      u"the request body is %1 bytes; one file may have at most %2 bytes (%3 MiB)"_s
                          .arg(request.declaredLength)
                          .arg(limit)
                          .arg(limit / (1024 * 1024)),
                      u"request_too_large"_s);
    const UploadStore store(ContainerRegistry(m_dataDir).workspaceDir(request.workspace));
    QString quotaMessage;
    // A form's file is at least its length less what the rest of a form may take.
    if (!store.fitsQuota(qMax<qint64>(0, request.declaredLength - overhead), &quotaMessage, multipart))
        return refuse(413, quotaMessage, u"quota_exceeded"_s);
    auto receiver = std::make_shared<UploadReceiver>(
        store, multipart ? UploadReceiver::Mode::Multipart : UploadReceiver::Mode::Raw, boundary, "file",
        limit);
    if (!receiver->start())
        return refuse(receiver->status(), receiver->message());
    request.upload = receiver;
    if (request.declaredLength >= m_directMinBytes && m_directActive < m_directMax)
        return startDirect(connection, api, receiver);
    const QPointer<HttpConnection> conn(connection);
    const QPointer<FilesApi> self(this);
    qint64 left = request.declaredLength;
    // The body is parsed and written on the pool, in order, one piece after the other (UploadFeed); the
    // socket is not read while more than m_pauseAbove bytes wait, and the request is handed on once all of it
    // was written.
    auto feed = std::make_shared<UploadFeed>();
    const auto onLoop = [self, conn, receiver, api, feed](bool failed) {
        if (!self || !conn)
            return;
        if (!failed) {
            // Paused again since the task asked (more arrived, or the last piece): the task resumes later.
            // Not under the lock: resuming reads on, and the sink takes the lock.
            bool pausedAgain = false;
            {
                const QMutexLocker lock(&feed->mutex);
                pausedAgain = feed->paused;
            }
            if (!pausedAgain)
                conn->resumeBody();
            return;
        }
        conn->abandonBody();
        conn->setDrainLimit(HttpConnection::MaxDrainBytes);
        self->sendError(conn, api, receiver->status(), u"invalid_request_error"_s, receiver->message(),
                        receiver->code(), true);
    };
    const auto drain = [self, receiver, feed, onLoop, resumeAt = m_resumeAt] {
        for (;;) {
            QByteArray chunk;
            {
                const QMutexLocker lock(&feed->mutex);
                if (feed->queue.empty()) {
                    feed->running = false;
                    return;
                }
                chunk = std::move(feed->queue.front());
                feed->queue.pop_front();
            }
            bool ok = receiver->feed(chunk);
            bool resume = false;
            {
                const QMutexLocker lock(&feed->mutex);
                feed->queued -= chunk.size();
                const bool complete = feed->last && feed->queue.empty();
                if (ok && complete)
                    ok = receiver->finish();
                if (!ok) {
                    feed->failed = true;
                    feed->queue.clear();
                    feed->running = false;
                } else if (feed->paused && (feed->last ? complete : feed->queued <= resumeAt)) {
                    // Once the last piece is queued only all of it written resumes: the request is complete.
                    feed->paused = false;
                    resume = true;
                }
            }
            if (!ok || resume)
                QMetaObject::invokeMethod(
                    self.data(), [onLoop, ok] { onLoop(!ok); }, Qt::QueuedConnection);
            if (!ok)
                return;
        }
    };
    connection->streamBody(
        [this, conn, feed, drain, left, pauseAbove = m_pauseAbove](const QByteArray &bytes) mutable {
            left -= bytes.size();
            bool start = false;
            bool pause = false;
            {
                const QMutexLocker lock(&feed->mutex);
                if (feed->failed)
                    return false;             // answered already
                feed->queue.push_back(bytes); // shared, not copied
                feed->queued += bytes.size();
                feed->last = left <= 0;
                // The last piece waits for the worker too: the request is complete once all of it is written.
                pause = feed->queued > pauseAbove || feed->last;
                feed->paused = feed->paused || pause;
                start = !feed->running;
                feed->running = true;
            }
            if (pause && conn)
                conn->pauseBody();
            if (start)
                m_pool.start(drain);
            return true;
        });
    // An empty body never reaches the sink.
    if (request.declaredLength == 0 && !receiver->finish()) {
        refuse(receiver->status(), receiver->message(), receiver->code());
        return false;
    }
    return true;
}

void FilesApi::handle(HttpConnection *connection, const HttpRequest &request)
{
    const Api api = apiOf(request);
    const QStringList parts = partsOf(request.path);
    switch (api) {
    case Api::OpenAiFiles:
    case Api::AnthropicFiles:
        handleFiles(connection, request, api, parts);
        return;
    case Api::Containers:
        handleContainers(connection, request, parts);
        return;
    case Api::ContainerFiles:
        handleContainerFiles(connection, request, parts);
        return;
    case Api::GeminiFiles:
        handleGeminiFiles(connection, request);
        return;
    case Api::GeminiUpload:
        handleGeminiUpload(connection, request);
        return;
    case Api::None:
        break;
    }
    sendError(connection, Api::OpenAiFiles, 404, u"not_found_error"_s,
              u"no endpoint at %1"_s.arg(request.path));
}

void FilesApi::publishReceived(const QString &workspace, const QString &name, qint64 bytes,
                               const QString &containerId)
{
    if (!m_events || m_events->clientCount() == 0)
        return;
    // An upload is a request of its own for the live views: started, the file, finished.
    const QString requestId = randomToken(u"upload_"_s, 24);
    m_events->publish(workspace, {{u"type"_s, u"request.started"_s},
                                  {u"request_id"_s, requestId},
                                  {u"api"_s, u"files"_s},
                                  {u"model"_s, QString()},
                                  {u"stream"_s, false}});
    QJsonObject event{{u"type"_s, u"file.received"_s},
                      {u"request_id"_s, requestId},
                      {u"name"_s, name},
                      {u"bytes"_s, bytes}};
    if (!containerId.isEmpty())
        event.insert(u"container_id"_s, containerId);
    m_events->publish(workspace, event);
    m_events->publish(workspace, {{u"type"_s, u"request.finished"_s},
                                  {u"request_id"_s, requestId},
                                  {u"status"_s, u"completed"_s},
                                  {u"http_status"_s, 200}});
}

void FilesApi::handleFiles(HttpConnection *connection, const HttpRequest &request, Api api,
                           const QStringList &parts)
{
    UploadStore store(ContainerRegistry(m_dataDir).workspaceDir(request.workspace));
    const bool anthropic = api == Api::AnthropicFiles;
    const auto render = [anthropic](const StoredFile &f) {
        return anthropic ? anthropicFile(f) : openAiFile(f);
    };
    const auto bad = [&](const QString &message, const QString &code = {}) {
        sendError(connection, api, 400, u"invalid_request_error"_s, message, code);
    };
    const auto methodNotAllowed = [&](const char *allowed) {
        sendError(connection, api, 405, u"invalid_request_error"_s,
                  u"%1 is not allowed on %2: use %3"_s.arg(QString::fromLatin1(request.method), request.path,
                                                           QLatin1StringView(allowed)));
    };
    if (parts.size() == 1) {
        if (request.method == "GET") {
            QJsonArray data;
            const QList<StoredFile> files = store.list();
            const QString after = request.query.queryItemValue(anthropic ? u"after_id"_s : u"after"_s);
            const QString purpose = request.query.queryItemValue(u"purpose"_s);
            bool ok = true;
            const QString limitText = request.query.queryItemValue(u"limit"_s);
            const int limit = limitText.isEmpty() ? (anthropic ? 20 : 10000) : limitText.toInt(&ok);
            if (!ok || limit < 1 || limit > 10000)
                return bad(u"limit must be an integer from 1 to 10000"_s);
            const bool ascending = request.query.queryItemValue(u"order"_s) == u"asc"_s;
            QList<StoredFile> ordered = files;
            if (ascending)
                std::reverse(ordered.begin(), ordered.end());
            bool started = after.isEmpty();
            bool hasMore = false;
            for (const StoredFile &f : std::as_const(ordered)) {
                if (!started) {
                    started = UploadStore::tokenOf(after) == f.token;
                    continue;
                }
                if (!purpose.isEmpty() && f.purpose != purpose)
                    continue;
                if (data.size() == limit) {
                    hasMore = true;
                    break;
                }
                data.append(render(f));
            }
            const auto edge = [&](bool first) -> QJsonValue {
                if (data.isEmpty())
                    return QJsonValue::Null;
                return (first ? data.first() : data.last()).toObject().value(u"id"_s);
            };
            QJsonObject body{{u"data"_s, data},
                             {u"has_more"_s, hasMore},
                             {u"first_id"_s, edge(true)},
                             {u"last_id"_s, edge(false)}};
            if (!anthropic)
                body.insert(u"object"_s, u"list"_s);
            return sendJson(connection, 200, body);
        }
        if (request.method != "POST")
            return methodNotAllowed("GET or POST");
        const std::shared_ptr<UploadReceiver> upload = request.upload;
        if (!upload)
            return bad(u"the upload must be multipart/form-data with a \"file\" part"_s);
        const QHash<QByteArray, QByteArray> fields = upload->fields();
        StoredFile meta;
        meta.api = anthropic ? u"anthropic"_s : u"openai"_s;
        if (!anthropic) {
            const QString purpose = QString::fromUtf8(fields.value("purpose"));
            if (purpose.isEmpty())
                return bad(u"purpose is required: one of %1"_s.arg(kPurposes.join(u", "_s)));
            if (!kPurposes.contains(purpose))
                return bad(
                    u"purpose \"%1\" is not one of %2"_s.arg(purpose.left(64), kPurposes.join(u", "_s)),
                    u"invalid_purpose"_s);
            meta.purpose = purpose;
        }
        if (!upload->hasFile())
            return bad(u"the form has no \"file\" part with a filename"_s);
        // expires_after[anchor]/[seconds] (OpenAI) or expires_in_seconds (Anthropic).
        const QByteArray seconds =
            anthropic ? fields.value("expires_in_seconds") : fields.value("expires_after[seconds]");
        if (!seconds.isEmpty()) {
            bool ok = false;
            const qint64 s = seconds.toLongLong(&ok);
            if (!ok || s < 3600 || s > 30LL * 24 * 3600)
                return bad(u"the expiry must be 3600 to 2592000 seconds"_s);
            meta.expiresMs = QDateTime::currentMSecsSinceEpoch() + s * 1000;
        }
        meta.filename = UploadStore::sanitizeName(upload->filename());
        meta.mimeType = mimeTypeOf(meta.filename, upload->contentType());
        // Stored off the event loop; the answer only once the file is in place and listed.
        const QPointer<HttpConnection> conn(connection);
        storeInBackground(
            request.workspace, upload->takeSpool(), meta,
            [this, conn, api, anthropic, render, workspace = request.workspace](
                const std::optional<StoredFile> &stored, const QString &error, UploadError kind) {
                if (stored)
                    publishReceived(workspace, stored->filename, stored->bytes, {});
                if (!conn)
                    return;
                if (!stored && kind == UploadError::QuotaExceeded)
                    return sendError(conn, api, 413, u"invalid_request_error"_s, error, u"quota_exceeded"_s);
                if (!stored)
                    return sendError(conn, api, 500, anthropic ? u"api_error"_s : u"server_error"_s, error);
                sendJson(conn, 200, render(*stored));
            });
        return;
    }
    const QString id = parts.at(1);
    const QString token = UploadStore::tokenOf(id);
    const std::optional<StoredFile> file = store.find(token);
    if (!file) {
        // Another workspace's id is unknown here alike: its files are in another folder.
        return sendError(connection, api, 404, u"not_found_error"_s,
                         u"No such File object: %1"_s.arg(id.left(100)));
    }
    if (parts.size() == 3 && parts.at(2) == u"content"_s) {
        if (request.method != "GET")
            return methodNotAllowed("GET");
        auto content = std::make_unique<QFile>(store.contentPath(token));
        if (!content->open(QIODevice::ReadOnly))
            return sendError(connection, api, 500, u"api_error"_s, content->errorString());
        const QByteArray type =
            file->mimeType.isEmpty() ? QByteArray("application/octet-stream") : file->mimeType.toLatin1();
        QByteArray disposition = "attachment; filename=\"";
        for (const QChar c : file->filename)
            disposition += (c.unicode() >= 0x20 && c.unicode() < 0x7f && c != u'"' && c != u'\\')
                               ? char(c.unicode())
                               : '_';
        disposition += '"';
        connection->sendFile(200, type, std::move(content), {{"Content-Disposition", disposition}});
        return;
    }
    if (parts.size() != 2)
        return sendError(connection, api, 404, u"not_found_error"_s,
                         u"no endpoint at %1"_s.arg(request.path));
    if (request.method == "GET")
        return sendJson(connection, 200, render(*file));
    if (request.method != "DELETE")
        return methodNotAllowed("GET or DELETE");
    QString error;
    if (!store.remove(token, &error))
        return sendError(connection, api, 500, u"api_error"_s, error);
    if (anthropic)
        return sendJson(connection, 200, {{u"id"_s, id}, {u"type"_s, u"file_deleted"_s}});
    sendJson(connection, 200, {{u"id"_s, id}, {u"object"_s, u"file"_s}, {u"deleted"_s, true}});
}

QJsonObject FilesApi::containerJson(const QString &workspace, const QString &id) const
{
    const ContainerRegistry registry(m_dataDir);
    QString error;
    const std::optional<ContainerMeta> meta = registry.load(workspace, id, &error);
    if (!meta)
        return {};
    QJsonObject api;
    if (std::optional<QJsonDocument> doc = JsonFile::read(containerApiPath(registry, workspace, id), &error))
        api = doc->object();
    QJsonObject o{
        {u"id"_s, id},
        {u"object"_s, u"container"_s},
        {u"created_at"_s, meta->createdMs / 1000},
        {u"name"_s, api.value(u"name"_s).toString(id)},
        {u"status"_s, u"running"_s},
        {u"last_active_at"_s, qMax(meta->lastUsedMs, meta->createdMs) / 1000},
        {u"expires_after"_s, QJsonObject{{u"anchor"_s, u"last_active_at"_s},
                                         {u"minutes"_s, api.value(u"expires_after_minutes"_s).toInt(20)}}}};
    if (api.contains(u"memory_limit"_s))
        o.insert(u"memory_limit"_s, api.value(u"memory_limit"_s));
    return o;
}

void FilesApi::handleContainers(HttpConnection *connection, const HttpRequest &request,
                                const QStringList &parts)
{
    const Api api = Api::Containers;
    const QString workspaceName = request.workspace;
    const ContainerRegistry registry(m_dataDir);
    const auto bad = [&](const QString &message, const QString &code = {}) {
        sendError(connection, api, 400, u"invalid_request_error"_s, message, code);
    };
    if (parts.size() == 1) {
        if (request.method == "GET") {
            QJsonArray data;
            const QString name = request.query.queryItemValue(u"name"_s);
            QList<ContainerMeta> all = registry.list(workspaceName);
            std::sort(all.begin(), all.end(), [](const ContainerMeta &a, const ContainerMeta &b) {
                return a.createdMs > b.createdMs;
            });
            if (request.query.queryItemValue(u"order"_s) == u"asc"_s)
                std::reverse(all.begin(), all.end());
            const QString after = request.query.queryItemValue(u"after"_s);
            bool ok = true;
            const QString limitText = request.query.queryItemValue(u"limit"_s);
            const int limit = limitText.isEmpty() ? 20 : limitText.toInt(&ok);
            if (!ok || limit < 1 || limit > 100)
                return bad(u"limit must be an integer from 1 to 100"_s);
            bool started = after.isEmpty();
            bool hasMore = false;
            for (const ContainerMeta &m : std::as_const(all)) {
                if (!started) {
                    started = m.id == after;
                    continue;
                }
                const QJsonObject c = containerJson(workspaceName, m.id);
                if (c.isEmpty() || (!name.isEmpty() && c.value(u"name"_s).toString() != name))
                    continue;
                if (data.size() == limit) {
                    hasMore = true;
                    break;
                }
                data.append(c);
            }
            return sendJson(connection, 200,
                            {{u"object"_s, u"list"_s},
                             {u"data"_s, data},
                             {u"has_more"_s, hasMore},
                             {u"first_id"_s, data.isEmpty() ? QJsonValue() : data.first()[u"id"_s]},
                             {u"last_id"_s, data.isEmpty() ? QJsonValue() : data.last()[u"id"_s]}});
        }
        if (request.method != "POST")
            return sendError(connection, api, 405, u"invalid_request_error"_s, u"use GET or POST"_s);
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(request.body, &parseError);
        if (parseError.error != QJsonParseError::NoError || !doc.isObject())
            return bad(u"the body must be a JSON object such as {\"name\": \"analysis\"}"_s);
        const QJsonObject body = doc.object();
        if (!body.value(u"name"_s).isString() || body.value(u"name"_s).toString().isEmpty())
            return bad(u"name is required: a string"_s);
        QJsonObject saved{{u"name"_s, body.value(u"name"_s).toString().left(256)}};
        const QJsonValue expires = body.value(u"expires_after"_s);
        if (!expires.isUndefined() && !expires.isNull()) {
            const QJsonObject e = expires.toObject();
            const int minutes = e.value(u"minutes"_s).toInt(-1);
            if (e.value(u"anchor"_s).toString() != u"last_active_at"_s || minutes < 1 || minutes > 20)
                return bad(u"expires_after must be {\"anchor\": \"last_active_at\", \"minutes\": 1 to 20}"_s);
            saved.insert(u"expires_after_minutes"_s, minutes);
        }
        const QJsonValue memory = body.value(u"memory_limit"_s);
        if (!memory.isUndefined() && !memory.isNull()) {
            if (!QStringList{u"1g"_s, u"4g"_s, u"16g"_s, u"64g"_s}.contains(memory.toString()))
                return bad(u"memory_limit must be \"1g\", \"4g\", \"16g\" or \"64g\""_s);
            saved.insert(u"memory_limit"_s, memory.toString());
        }
        QStringList fileIds;
        const UploadStore store(registry.workspaceDir(workspaceName));
        const QJsonValue ids = body.value(u"file_ids"_s);
        if (!ids.isUndefined() && !ids.isNull()) {
            if (!ids.isArray())
                return bad(u"file_ids must be an array of file ids"_s);
            for (const QJsonValue &v : ids.toArray()) {
                if (!store.find(UploadStore::tokenOf(v.toString())))
                    return sendError(connection, api, 404, u"invalid_request_error"_s,
                                     u"No such File object: %1"_s.arg(v.toString().left(100)),
                                     u"file_not_found"_s);
                fileIds.append(v.toString());
            }
        }
        Workspace *ws = m_workspaceOf(workspaceName);
        QString error;
        Container *container = ws->containers()->create(&error);
        if (!container)
            return sendError(connection, api, 500, u"server_error"_s, error);
        const QString id = container->id();
        if (!JsonFile::write(containerApiPath(registry, workspaceName, id), QJsonDocument(saved), &error))
            return sendError(connection, api, 500, u"server_error"_s, error);
        const QPointer<HttpConnection> conn(connection);
        copyIntoContainer(workspaceName, id, fileIds,
                          [this, conn, workspaceName, id](const QString &error, const QJsonArray &) {
                              if (!conn)
                                  return;
                              if (!error.isEmpty())
                                  return sendError(conn, Api::Containers, 500, u"server_error"_s, error);
                              sendJson(conn, 200, containerJson(workspaceName, id));
                          });
        return;
    }
    const QString id = parts.at(1);
    if (!ContainerRegistry::isValidContainerId(id) || !registry.exists(workspaceName, id))
        return sendError(connection, api, 404, u"not_found_error"_s,
                         u"No such container: %1"_s.arg(id.left(64)));
    if (request.method == "GET")
        return sendJson(connection, 200, containerJson(workspaceName, id));
    if (request.method != "DELETE")
        return sendError(connection, api, 405, u"invalid_request_error"_s, u"use GET or DELETE"_s);
    Workspace *ws = m_workspaceOf(workspaceName);
    ws->containers()->removeInBackground(id);
    sendJson(connection, 200, {{u"id"_s, id}, {u"object"_s, u"container.deleted"_s}, {u"deleted"_s, true}});
}

void FilesApi::copyIntoContainer(const QString &workspace, const QString &containerId,
                                 const QStringList &fileIds,
                                 std::function<void(const QString &, const QJsonArray &)> done)
{
    auto files = std::make_shared<QJsonArray>();
    auto next = std::make_shared<std::function<void(int)>>();
    const UploadStore store(ContainerRegistry(m_dataDir).workspaceDir(workspace));
    QPointer<FilesApi> self(this);
    *next = [self, store, workspace, containerId, fileIds, files, done, next](int i) {
        if (!self)
            return;
        if (i == fileIds.size()) {
            done({}, *files);
            *next = nullptr; // breaks the cycle
            return;
        }
        const QString token = UploadStore::tokenOf(fileIds.at(i));
        const std::optional<StoredFile> f = store.find(token);
        Container *container = self->m_workspaceOf(workspace)->containers()->find(containerId);
        if (!f || !container) {
            done(f ? u"the container is gone"_s : u"No such File object: %1"_s.arg(fileIds.at(i)), *files);
            *next = nullptr;
            return;
        }
        auto *watcher = new QFutureWatcher<ImportResult>(self);
        QObject::connect(watcher, &QFutureWatcher<ImportResult>::finished, self,
                         [self, watcher, workspace, containerId, files, next, done, i] {
                             watcher->deleteLater();
                             const ImportResult r = watcher->result();
                             if (!r.ok) {
                                 done(r.error, *files);
                                 *next = nullptr;
                                 return;
                             }
                             files->append(QJsonObject{{u"name"_s, r.fileName}, {u"bytes"_s, r.size}});
                             self->publishReceived(workspace, r.fileName, r.size, containerId);
                             (*next)(i + 1);
                         });
        watcher->setFuture(
            container->importFile(store.contentPath(token), 0, f->filename, ImportSource::StoredFile));
    };
    (*next)(0);
}

void FilesApi::handleContainerFiles(HttpConnection *connection, const HttpRequest &request,
                                    const QStringList &parts)
{
    const Api api = Api::ContainerFiles;
    const QString workspaceName = request.workspace;
    const QString containerId = parts.at(1);
    const ContainerRegistry registry(m_dataDir);
    if (!ContainerRegistry::isValidContainerId(containerId) || !registry.exists(workspaceName, containerId))
        return sendError(connection, api, 404, u"not_found_error"_s,
                         u"no container %1 in this workspace"_s.arg(containerId.left(64)));
    Container *container = m_workspaceOf(workspaceName)->containers()->find(containerId);
    if (!container)
        return sendError(connection, api, 404, u"not_found_error"_s,
                         u"no container %1 in this workspace"_s.arg(containerId));
    const QString home = registry.homeDir(workspaceName, containerId);
    if (request.method == "DELETE") {
        QString error;
        const std::optional<QByteArray> path = FileStore::pathForFileId(parts.at(3), &error);
        if (!path)
            return sendError(connection, api, 400, u"invalid_request_error"_s,
                             u"invalid file id \"%1\": %2"_s.arg(parts.at(3).left(100), error));
        QByteArrayList elements;
        UniqueFd root = SafeFs::openDirectory(home, &error);
        UniqueFd parent;
        if (root.isValid() && SafeFs::splitRelativePath(*path, &elements, &error))
            parent = SafeFs::openParent(root.get(), elements, false, 0, 0, &error);
        // unlinkat removes the name itself, never what a link would point to; a folder is not a file here.
        if (!parent.isValid() || ::unlinkat(parent.get(), elements.last().constData(), 0) != 0)
            return sendError(connection, api, 404, u"not_found_error"_s,
                             u"no file %1 in container %2"_s.arg(parts.at(3).left(100), containerId));
        return sendJson(
            connection, 200,
            {{u"id"_s, parts.at(3)}, {u"object"_s, u"container.file.deleted"_s}, {u"deleted"_s, true}});
    }
    const QPointer<HttpConnection> conn(connection);
    const auto answer = [this, conn, containerId, workspaceName](const ImportResult &r) {
        if (!conn)
            return;
        if (!r.ok)
            return sendError(conn, Api::ContainerFiles, 400, u"invalid_request_error"_s, r.error);
        publishReceived(workspaceName, r.fileName, r.size, containerId);
        sendJson(conn, 200,
                 {{u"id"_s, FileStore::fileIdForPath(QFile::encodeName(r.fileName))},
                  {u"object"_s, u"container.file"_s},
                  {u"container_id"_s, containerId},
                  // Where OpenAI documents files for its code tools: the same folder as /workspace/home.
                  {u"path"_s, QString(u"/mnt/data/"_s + r.fileName)},
                  {u"bytes"_s, r.size},
                  {u"created_at"_s, QDateTime::currentSecsSinceEpoch()},
                  {u"source"_s, u"user"_s}});
    };
    QString fileId;
    QString source;
    QString name;
    std::shared_ptr<UploadReceiver> upload = request.upload;
    const UploadStore store(registry.workspaceDir(workspaceName));
    if (upload && upload->hasFile()) {
        name = UploadStore::sanitizeName(upload->filename().isEmpty()
                                             ? request.query.queryItemValue(u"path"_s, QUrl::FullyDecoded)
                                             : upload->filename());
    } else {
        if (upload)
            fileId = QString::fromUtf8(upload->fields().value("file_id"));
        else {
            const QJsonObject body = QJsonDocument::fromJson(request.body).object();
            fileId = body.value(u"file_id"_s).toString();
        }
        if (fileId.isEmpty())
            return sendError(connection, api, 400, u"invalid_request_error"_s,
                             u"give a \"file\" (multipart) or a \"file_id\" of an uploaded file"_s);
        const std::optional<StoredFile> f = store.find(UploadStore::tokenOf(fileId));
        if (!f)
            return sendError(connection, api, 404, u"not_found_error"_s,
                             u"No such File object: %1"_s.arg(fileId.left(100)));
        source = store.contentPath(f->token);
        name = f->filename;
    }
    auto *watcher = new QFutureWatcher<ImportResult>(this);
    // The spool stays alive (and named) until the copy is made; then it goes with the receiver.
    connect(watcher, &QFutureWatcher<ImportResult>::finished, this, [watcher, answer, upload] {
        watcher->deleteLater();
        answer(watcher->result());
    });
    // A spool becomes the container's file itself (no copy); a stored file is copied.
    const bool spooled = upload && upload->hasFile();
    if (spooled)
        source = upload->spool()->path();
    watcher->setFuture(
        container->importFile(source, 0, name, spooled ? ImportSource::Spool : ImportSource::StoredFile));
}

namespace {

QJsonObject geminiFile(const StoredFile &f, const QString &root)
{
    const QString name = u"files/"_s + f.token;
    QJsonObject o{{u"name"_s, name},
                  {u"displayName"_s, f.displayName.isEmpty() ? f.filename : f.displayName},
                  {u"mimeType"_s, f.mimeType.isEmpty() ? u"application/octet-stream"_s : f.mimeType},
                  {u"sizeBytes"_s, QString::number(f.bytes)},
                  {u"createTime"_s, isoTime(f.createdMs)},
                  {u"updateTime"_s, isoTime(f.createdMs)},
                  {u"uri"_s, QString(root + u"/v1beta/"_s + name)},
                  {u"state"_s, u"ACTIVE"_s},
                  {u"source"_s, u"UPLOADED"_s}};
    if (f.expiresMs > 0)
        o.insert(u"expirationTime"_s, isoTime(f.expiresMs));
    return o;
}

// http://HOST[/api]: where this server's Google API root is for the request's own client.
QString googleRoot(const HttpRequest &request)
{
    const QString host = QString::fromLatin1(request.header("host"));
    return u"http://"_s + (host.isEmpty() ? u"127.0.0.1"_s : host) +
           (request.path.startsWith(u"/api/"_s) ? u"/api"_s : QString());
}

} // namespace

void FilesApi::dropIdleSessions()
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    for (auto it = m_sessions.begin(); it != m_sessions.end();) {
        if (now - it->second->touchedMs > SessionIdleMs)
            it = m_sessions.erase(it); // the spool goes with it
        else
            ++it;
    }
}

void FilesApi::handleGeminiFiles(HttpConnection *connection, const HttpRequest &request)
{
    const Api api = Api::GeminiFiles;
    UploadStore store(ContainerRegistry(m_dataDir).workspaceDir(request.workspace));
    const QString root = googleRoot(request);
    QStringList parts = googlePath(request.path).split(u'/', Qt::SkipEmptyParts); // v1beta, files[, x]
    // @google/genai reads a file's uri as its name only when it starts with https://; it passes this server's
    // http:// uri whole (files.get({name: file.uri}), files.download({file})): files/http:/HOST[/api]/v1beta/
    // files/NAME[:download] is read as the NAME that uri ends with.
    if (parts.size() > 3 && (parts.at(2) == u"http:"_s || parts.at(2) == u"https:"_s)) {
        const qsizetype n = parts.size();
        if (n < 6 || parts.at(n - 2) != u"files"_s || parts.at(n - 3) != u"v1beta"_s)
            return sendError(connection, api, 404, {},
                             u"%1 is not the uri of a file of this server (.../v1beta/files/NAME)"_s.arg(
                                 parts.mid(2).join(u'/').left(200)));
        parts = QStringList{parts.at(0), parts.at(1), parts.at(n - 1)};
    }
    if (parts.size() > 3)
        return sendError(connection, api, 404, {},
                         u"no route %1: files are files/NAME"_s.arg(googlePath(request.path).left(200)));
    if (parts.size() == 2) {
        if (request.method != "GET")
            return sendError(connection, api, 405, {},
                             u"use GET to list files, or upload to /upload/v1beta/files"_s);
        bool ok = true;
        const QString sizeText = request.query.queryItemValue(u"pageSize"_s);
        const int pageSize = sizeText.isEmpty() ? 10 : sizeText.toInt(&ok);
        if (!ok || pageSize < 1 || pageSize > 100)
            return sendError(connection, api, 400, {}, u"pageSize must be an integer from 1 to 100"_s);
        const QString token = request.query.queryItemValue(u"pageToken"_s);
        const QList<StoredFile> all = store.list();
        QJsonArray files;
        bool started = token.isEmpty();
        QString next;
        for (const StoredFile &f : all) {
            if (!started) {
                started = f.token == token;
                continue;
            }
            if (files.size() == pageSize) {
                next = files.last().toObject().value(u"name"_s).toString().mid(6);
                break;
            }
            files.append(geminiFile(f, root));
        }
        QJsonObject body{{u"files"_s, files}};
        if (!next.isEmpty())
            body.insert(u"nextPageToken"_s, next);
        return sendJson(connection, 200, body);
    }
    // files/NAME, or a method on it: files/NAME:download (Google's route for a generated file's bytes).
    const qsizetype colon = parts.at(2).indexOf(u':');
    const QString token = colon < 0 ? parts.at(2) : parts.at(2).left(colon);
    const QString method = colon < 0 ? QString() : parts.at(2).mid(colon + 1);
    if (!method.isEmpty() && method != u"download"_s)
        return sendError(
            connection, api, 404, {},
            u"files/%1 has no method :%2 (a file has :download)"_s.arg(token.left(64), method.left(64)));
    const std::optional<StoredFile> file = store.find(token);
    if (!file)
        return sendError(connection, api, 404, {},
                         u"File files/%1 does not exist in this workspace"_s.arg(token.left(64)));
    if (method == u"download"_s) {
        if (request.method != "GET")
            return sendError(connection, api, 405, {}, u"use GET to download"_s);
        // As Google's API: only a file the service generated (source GENERATED, with a downloadUri) can be
        // downloaded; an upload's bytes are the caller's own.
        return sendError(
            connection, api, 400, {},
            u"File files/%1 was uploaded (its source is UPLOADED) and cannot be downloaded: only "
            "generated files can be, as on Google's API (they have a downloadUri)"_s.arg(token));
    }
    if (request.method == "GET")
        return sendJson(connection, 200, geminiFile(*file, root));
    if (request.method != "DELETE")
        return sendError(connection, api, 405, {}, u"use GET or DELETE"_s);
    QString error;
    if (!store.remove(token, &error))
        return sendError(connection, api, 500, {}, error);
    sendJson(connection, 200, {});
}

void FilesApi::handleGeminiUpload(HttpConnection *connection, const HttpRequest &request)
{
    const Api api = Api::GeminiUpload;
    if (request.method != "POST")
        return sendError(connection, api, 405, {}, u"use POST"_s);
    const QString uploadId = request.query.queryItemValue(u"upload_id"_s);
    if (uploadId.isEmpty()) {
        // The start of a resumable upload: the metadata now, the bytes to the URL this answer names.
        if (request.header("x-goog-upload-protocol").toLower() != "resumable")
            return sendError(
                connection, api, 400, {},
                u"only the resumable upload protocol is served (X-Goog-Upload-Protocol: resumable, "
                "X-Goog-Upload-Command: start)"_s);
        dropIdleSessions();
        const QJsonObject meta = QJsonDocument::fromJson(request.body).object().value(u"file"_s).toObject();
        auto session = std::make_shared<GeminiSession>();
        session->workspace = request.workspace;
        session->displayName = meta.value(u"displayName"_s).toString().left(512);
        session->mimeType = meta.value(u"mimeType"_s).toString();
        if (session->mimeType.isEmpty())
            session->mimeType = QString::fromLatin1(request.header("x-goog-upload-header-content-type"));
        const QByteArray total = request.header("x-goog-upload-header-content-length");
        if (!total.isEmpty()) {
            bool ok = false;
            session->totalBytes = total.toLongLong(&ok);
            if (!ok || session->totalBytes < 0)
                return sendError(connection, api, 400, {},
                                 u"X-Goog-Upload-Header-Content-Length must be a size"_s);
            if (session->totalBytes > maxFileBytes(api))
                return sendError(
                    connection, api, 413, {},
                    u"the file is %1 bytes; one file may have at most %2 bytes"_s.arg(session->totalBytes)
                        .arg(maxFileBytes(api)));
        }
        const UploadStore store(ContainerRegistry(m_dataDir).workspaceDir(request.workspace));
        QString error;
        if (!store.fitsQuota(qMax<qint64>(0, session->totalBytes), &error))
            return sendError(connection, api, 413, {}, error);
        session->spool = UploadStore(store).beginSpool(&error);
        if (!session->spool)
            return sendError(connection, api, 500, {}, error);
        session->touchedMs = QDateTime::currentMSecsSinceEpoch();
        const QString id =
            QUuid::createUuid().toString(QUuid::Id128) + QUuid::createUuid().toString(QUuid::Id128);
        m_sessions[id] = session;
        const QByteArray url = (googleRoot(request) + u"/upload/v1beta/files?upload_id="_s + id +
                                u"&upload_protocol=resumable"_s)
                                   .toLatin1();
        connection->sendResponse(200, "application/json", "{}",
                                 {{"x-goog-upload-url", url}, {"x-goog-upload-status", "active"}});
        return;
    }
    const auto it = m_sessions.find(uploadId);
    if (it == m_sessions.end() || it->second->workspace != request.workspace)
        return sendError(connection, api, 404, {}, u"no upload session %1"_s.arg(uploadId.left(64)));
    std::shared_ptr<GeminiSession> session = it->second;
    session->busy = false;
    session->touchedMs = QDateTime::currentMSecsSinceEpoch();
    if (!request.header("x-goog-upload-command").toLower().contains("finalize")) {
        connection->sendResponse(200, "application/json", "{}", {{"x-goog-upload-status", "active"}});
        return;
    }
    m_sessions.erase(it);
    if (session->totalBytes >= 0 && session->spool->size() != session->totalBytes)
        return sendError(connection, api, 400, {},
                         u"the upload ended with %1 bytes of the %2 announced"_s.arg(session->spool->size())
                             .arg(session->totalBytes));
    StoredFile meta;
    meta.api = u"gemini"_s;
    meta.displayName = session->displayName;
    meta.filename =
        UploadStore::sanitizeName(session->displayName.isEmpty() ? u"upload"_s : session->displayName);
    meta.mimeType = session->mimeType.isEmpty() ? mimeTypeOf(meta.filename, {}) : session->mimeType.left(255);
    meta.expiresMs = QDateTime::currentMSecsSinceEpoch() + GeminiFileLifetimeMs;
    const QPointer<HttpConnection> conn(connection);
    storeInBackground(
        request.workspace, std::move(session->spool), meta,
        [this, conn, api, root = googleRoot(request), workspace = request.workspace](
            const std::optional<StoredFile> &stored, const QString &error, UploadError kind) {
            if (stored)
                publishReceived(workspace, stored->filename, stored->bytes, {});
            if (!conn)
                return;
            if (!stored)
                return sendError(conn, api, kind == UploadError::QuotaExceeded ? 413 : 500, {}, error);
            conn->sendResponse(200, "application/json", toJson({{u"file"_s, geminiFile(*stored, root)}}),
                               {{"x-goog-upload-status", "final"}});
        });
}

void FilesApi::storeInBackground(const QString &workspace, std::unique_ptr<UploadStore::Spool> spool,
                                 StoredFile meta, StoreDone done)
{
    struct Outcome
    {
        std::optional<StoredFile> stored;
        QString error;
        UploadError kind = UploadError::None;
    };
    // A task is copied: the spool (one owner) travels in a shared holder.
    auto held = std::make_shared<std::unique_ptr<UploadStore::Spool>>(std::move(spool));
    auto *watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcher<Outcome>::finished, this, [watcher, done = std::move(done)] {
        watcher->deleteLater();
        const Outcome o = watcher->result();
        done(o.stored, o.error, o.kind);
    });
    watcher->setFuture(QtConcurrent::run(
        &m_storePool, [store = UploadStore(ContainerRegistry(m_dataDir).workspaceDir(workspace)), held,
                       meta = std::move(meta), hook = m_beforeStore]() mutable {
            if (hook)
                hook();
            Outcome o;
            o.stored = store.commit(std::move(*held), std::move(meta), &o.error, &o.kind);
            return o;
        }));
}

bool FilesApi::acceptGeminiChunk(HttpConnection *connection, HttpRequest &request)
{
    const Api api = Api::GeminiUpload;
    const auto refuse = [&](int status, const QString &message) {
        connection->setDrainLimit(HttpConnection::MaxDrainBytes);
        sendError(connection, api, status, {}, message, {}, true);
        return false;
    };
    const auto it = m_sessions.find(request.query.queryItemValue(u"upload_id"_s));
    if (it == m_sessions.end() || it->second->workspace != request.workspace || !it->second->spool)
        return refuse(404,
                      u"no upload session %1"_s.arg(request.query.queryItemValue(u"upload_id"_s).left(64)));
    std::shared_ptr<GeminiSession> session = it->second;
    if (session->busy)
        return refuse(409, u"another chunk of this upload is arriving"_s);
    bool ok = false;
    const qint64 offset = request.header("x-goog-upload-offset").toLongLong(&ok);
    if (!ok || offset != session->spool->size())
        return refuse(
            400, u"X-Goog-Upload-Offset must be %1, the bytes received so far"_s.arg(session->spool->size()));
    const qint64 limit = session->totalBytes >= 0 ? session->totalBytes : maxFileBytes(api);
    if (offset + request.declaredLength > limit)
        return refuse(session->totalBytes >= 0 ? 400 : 413,
                      u"the chunk would bring the file to %1 bytes; it may have %2"_s
                          .arg(offset + request.declaredLength)
                          .arg(limit));
    session->busy = true;
    session->touchedMs = QDateTime::currentMSecsSinceEpoch();
    // A chunk cut short frees the session for the client's retry (which names the offset it has).
    connect(connection, &HttpConnection::closed, this, [session] { session->busy = false; });
    const QPointer<HttpConnection> conn(connection);
    connection->streamBody([this, session, conn](QByteArrayView bytes) {
        QString error;
        if (session->spool && session->spool->write(bytes, &error))
            return true;
        session->busy = false;
        if (conn)
            sendError(conn, Api::GeminiUpload, 500, {}, error, {}, true);
        return false;
    });
    return true;
}
