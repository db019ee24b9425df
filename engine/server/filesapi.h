// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "httphead.h"

#include <QJsonObject>
#include <QMutex>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QThreadPool>

#include "sandbox/history/uploadstore.h"

#include <deque>
#include <functional>
#include <list>
#include <map>
#include <memory>

class BodyCancel;
class EventHub;
class HttpConnection;
class UploadReceiver;
class Workspace;

// Files in, as the hosted APIs take them (SPEC 9): OpenAI's Files API (/api/v1/files) and Containers API
// (/api/v1/containers, and uploads/deletes of /api/v1/containers/{id}/files, which is also Sandbench's own
// upload), Anthropic's Files API (/v1/files with its beta header). The files of a workspace are one
// UploadStore; each API shows them in its own shapes and ids and answers errors in its own error shape.
// Upload bodies are streamed to disk (HttpConnection::streamBody + UploadReceiver) and refused before they
// are read when their Content-Length is over the limit.
class FilesApi : public QObject
{
    Q_OBJECT
public:
    // The most one file may have, as each vendor documents it.
    static constexpr qint64 OpenAiMaxFileBytes = 512LL * 1024 * 1024;
    static constexpr qint64 AnthropicMaxFileBytes = 500LL * 1000 * 1000;
    static constexpr qint64 GeminiMaxFileBytes = 2LL * 1024 * 1024 * 1024;
    static constexpr qint64 MaxJsonBodyBytes = 64 * 1024;
    // Gemini's resumable upload sessions that have not finished are dropped after this idle time.
    static constexpr qint64 SessionIdleMs = 60LL * 60 * 1000;
    // How long Gemini keeps an uploaded file (Google: 48 hours).
    static constexpr qint64 GeminiFileLifetimeMs = 48LL * 3600 * 1000;

    // GeminiFiles: (/api)/v1beta/files[/NAME]; GeminiUpload: (/api)/upload/v1beta/files (the resumable
    // protocol: a start request, then the bytes in one or more chunks, the last one finalizing).
    enum class Api {
        None,
        OpenAiFiles,
        AnthropicFiles,
        Containers,
        ContainerFiles,
        GeminiFiles,
        GeminiUpload
    };

    FilesApi(const QString &dataDir, EventHub *events,
             std::function<Workspace *(const QString &)> workspaceOf, QObject *parent = nullptr);
    ~FilesApi() override;

    // Which of these APIs a request is for (None: not one of them). GET of a container's files stays with
    // the server's own files API.
    static Api apiOf(const HttpRequest &request);
    // Whether the request's path is one of these APIs' paths outside /api/v1/ (Anthropic's /v1/files).
    static bool claimsPath(const QString &path);
    // Google's Files API paths, where Google's clients send their key as x-goog-api-key or ?key=.
    static bool isGooglePath(const QString &path);
    // Below the whole-server limit for everyone's tests: 0 keeps the vendors' limits.
    void setMaxFileBytes(qint64 bytes) { m_maxFileBytes = bytes; }
    // How much of an upload body may wait for its writer before the socket is paused, and how little lets it
    // resume (tests pause and resume often with small values).
    void setUploadQueueBytes(qint64 pauseAbove, qint64 resumeAt)
    {
        m_pauseAbove = pauseAbove;
        m_resumeAt = resumeAt;
    }

    // Upload bodies of at least minBytes are read straight from the socket on a thread of their own
    // (UploadPump), at most maxAtOnce at a time; others go through the event loop to the pool (UploadFeed).
    // splice false: the direct reader reads blocks instead; mapSearch false: a form's spliced file is read
    // back to be searched for its delimiter instead of mapped (tests).
    void setDirectUploads(int maxAtOnce, qint64 minBytes, bool splice = true, bool mapSearch = true)
    {
        m_directMax = maxAtOnce;
        m_directMinBytes = minBytes;
        m_directSplice = splice;
        m_directMapSearch = mapSearch;
        m_directPool.setMaxThreadCount(qMax(1, maxAtOnce));
    }

    // Tests: called on the thread that stores a received upload (OpenAI's and Anthropic's Files APIs, a
    // Gemini upload's finalize), just before UploadStore::commit.
    void setBeforeStore(std::function<void()> hook) { m_beforeStore = std::move(hook); }

    // From the server's head filter, once the key was checked: decides on an upload from its head (route,
    // method, size, quota) and streams its body to a spool. Returns false when it answered (refused).
    bool acceptHead(HttpConnection *connection, HttpRequest &request);
    void handle(HttpConnection *connection, const HttpRequest &request);

    // The error body of api's own shape.
    static QJsonObject errorBody(Api api, int status, const QString &type, const QString &message,
                                 const QString &code = {});

private:
    void sendError(HttpConnection *connection, Api api, int status, const QString &type,
                   const QString &message, const QString &code = {}, bool close = false);
    void sendJson(HttpConnection *connection, int status, const QJsonObject &body);
    qint64 maxFileBytes(Api api) const;
    void handleFiles(HttpConnection *connection, const HttpRequest &request, Api api,
                     const QStringList &parts);
    void handleContainers(HttpConnection *connection, const HttpRequest &request, const QStringList &parts);
    void handleContainerFiles(HttpConnection *connection, const HttpRequest &request,
                              const QStringList &parts);
    // Copies stored files (file ids of any Files API) into a container as upload entries, then calls done
    // with an empty error or what failed.
    void copyIntoContainer(const QString &workspace, const QString &containerId, const QStringList &fileIds,
                           std::function<void(const QString &error, const QJsonArray &files)> done);
    void publishReceived(const QString &workspace, const QString &name, qint64 bytes,
                         const QString &containerId);
    // Stores a received upload's spool as a new file of the workspace (UploadStore::commit: the rename into
    // place, meta.json written and synced, the quota checked) on m_storePool, off the event loop, then calls
    // done on the event loop with the file, or with what failed; not at all once this FilesApi is gone.
    using StoreDone =
        std::function<void(const std::optional<StoredFile> &stored, const QString &error, UploadError kind)>;
    void storeInBackground(const QString &workspace, std::unique_ptr<UploadStore::Spool> spool,
                           StoredFile meta, StoreDone done);
    QJsonObject containerJson(const QString &workspace, const QString &id) const;
    void handleGeminiFiles(HttpConnection *connection, const HttpRequest &request);
    void handleGeminiUpload(HttpConnection *connection, const HttpRequest &request);
    bool acceptGeminiChunk(HttpConnection *connection, HttpRequest &request);
    void dropIdleSessions();

    struct GeminiSession
    {
        QString workspace;
        std::unique_ptr<UploadStore::Spool> spool;
        qint64 totalBytes = -1; // X-Goog-Upload-Header-Content-Length; -1: not said
        QString displayName;
        QString mimeType;
        qint64 touchedMs = 0;
        bool busy = false; // a chunk is arriving
    };
    std::map<QString, std::shared_ptr<GeminiSession>> m_sessions; // by upload id

    // One upload body on its way from the event loop to the pool (acceptHead): the pieces not parsed and
    // written yet, in order, and whether the socket is paused because of them.
    struct UploadFeed
    {
        QMutex mutex;
        std::deque<QByteArray> queue;
        qint64 queued = 0;
        bool running = false; // a pool task is draining the queue
        bool paused = false;  // the connection was paused and waits for the task to resume it
        bool last = false;    // the body's last piece is queued
        bool failed = false;  // the receiver failed: the answer is (being) sent
    };
    // Parsing and writing upload bodies, off the event loop; not the global pool (other work waits there).
    QThreadPool m_pool;
    // Direct uploads (UploadPump): each holds a thread while its body arrives.
    QThreadPool m_directPool;
    int m_directMax = 8;
    qint64 m_directMinBytes = 1024 * 1024;
    bool m_directSplice = true;
    bool m_directMapSearch = true;
    int m_directActive = 0;
    std::list<std::weak_ptr<BodyCancel>> m_directCancels; // ended ones expire; cancelled when this goes
    bool startDirect(HttpConnection *connection, Api api, std::shared_ptr<UploadReceiver> receiver);
    qint64 m_pauseAbove = 8 * 1024 * 1024;
    qint64 m_resumeAt = 2 * 1024 * 1024;

    std::function<void()> m_beforeStore;
    // Storing received uploads (storeInBackground); waited for when this goes.
    QThreadPool m_storePool;

    QString m_dataDir;
    EventHub *m_events = nullptr;
    std::function<Workspace *(const QString &)> m_workspaceOf;
    qint64 m_maxFileBytes = 0;
};
