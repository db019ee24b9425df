// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "base/approvalpolicy.h"
#include "httpconnection.h"

#include <QAbstractSocket>
#include <QHash>
#include <QHostAddress>
#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <map>
#include <memory>

class AgentLoop;
class WireFormat;
class ApiKeys;
class Workspace;
class ContainerManager;
class EventHub;
class McpEndpoint;
class McpSocketServer;
class FilesApi;
class Meter;
class ProviderRegistry;
class QTcpServer;
class QTcpSocket;
class QThreadPool;
class RequestObserver;
struct RequestRecord;

// The local HTTP API of `sandbench serve` (SPEC 5): the Responses, Messages, Chat Completions and Gemini
// generateContent endpoints with the server-side tools, models, container files and documents, and the
// WebSocket event stream, all on one port. The API key of a request decides its workspace.
class ApiServer : public QObject
{
    Q_OBJECT
public:
    static constexpr quint16 DefaultPort = 8642;
    static constexpr qint64 DefaultMaxBodyBytes = 32LL * 1024 * 1024;
    // POST /api/v1/containers/{id}/network/allow: the most hosts one request may add, and its body limit.
    static constexpr int MaxAllowHosts = 50;
    static constexpr qint64 MaxNetworkBodyBytes = 64 * 1024;

    explicit ApiServer(const QString &dataDir, QObject *parent = nullptr);
    ~ApiServer() override;

    bool listen(const QHostAddress &address, quint16 port, QString *error);
    quint16 port() const;
    // Why the last listen() failed (AddressInUseError when another program has the port).
    QAbstractSocket::SocketError listenError() const;
    void setMaxBodyBytes(qint64 bytes) { m_limits.maxBodyBytes = bytes; }
    // The most one uploaded file may have (the Files and Containers APIs); 0: each vendor's own limit.
    void setMaxUploadBytes(qint64 bytes);
    // The request-head deadline and the keep-alive/body idle timeout of every new connection.
    void setTimeouts(int headTimeoutMs, int idleTimeoutMs);
    // Connections that have not presented a valid key yet; past this the oldest idle one is closed for a new
    // one (or the new one gets 503), so they can never use up the descriptors authenticated clients need.
    // Default: a quarter of the descriptor limit, 16 to 512.
    void setMaxUnauthenticatedConnections(int count) { m_maxUnauthenticated = count; }
    int unauthenticatedConnections() const { return int(m_unauthenticated.size()); }
    // Host header values accepted besides the loopback names (localhost, 127.0.0.1, [::1], with this
    // server's port or none): "NAME" (any port), "NAME:PORT" or "*" (any). For a non-loopback bind.
    void setAllowedHosts(const QStringList &hosts) { m_allowedHosts = hosts; }
    // Origin header values that may open the WebSocket event stream ("*": any). By default none: no web page
    // can subscribe; clients that are not browsers send no Origin.
    void setAllowedOrigins(const QStringList &origins) { m_allowedOrigins = origins; }
    // Long-lived servers keep a sandbox launcher warm (ContainerManager::setPrewarm).
    void setPrewarm(bool enabled) { m_prewarm = enabled; }
    EventHub *events() const { return m_events; }
    // `serve --approvals MODE --approvals-timeout S`: over every workspace's own settings.json.
    void setApprovalOverride(std::optional<ApprovalMode> mode, int timeoutSeconds);
    // Whether live viewers may answer asks (approval.decide) and count as someone who can; default true.
    void setViewersAnswerApprovals(bool allowed) { m_viewersAnswer = allowed; }
    int activeRuns() const { return m_activeRuns; }
    // Request logging and broadcast are always on in `serve`; benchmarks turn them off to measure their cost.
    void setLoggingEnabled(bool enabled);
    // The workspace's guardrails, request log and broadcast (created on first use); null when the workspace
    // cannot be set up.
    RequestObserver *observer(const QString &workspace);
    // Serves a workspace its owner made (the window, `serve`): requests from other programs then share its
    // session map, container set, guardrails and request-log connection (one of each per workspace and
    // process). The server never stops or deletes it; it must outlive the server. Call before the first
    // request of that workspace; any other workspace is made here on its first request.
    void useWorkspace(Workspace *workspace);
    // A key that opens only the event stream (/api/v1/events) of workspace; it lives in memory until the
    // server is deleted and is never written to disk (the desktop's own activity viewer uses it).
    QString createViewerKey(const QString &workspace);
    ApiKeys *keys() const { return m_keys.get(); }
    // While listening, `sandbench mcp` for a served workspace relays its stdio to this engine (McpRelay).
    McpSocketServer *mcpSockets() const { return m_mcpSockets; }

Q_SIGNALS:
    // A workspace is served from now on (made on its first request, or lent with useWorkspace()).
    void workspaceReady(Workspace *workspace);

private:
    enum class ErrorShape { OpenAi, Anthropic };

    void onNewConnection();
    void onAcceptError();
    // Closes the oldest idle unauthenticated connection; false when there is none.
    bool shedUnauthenticated();
    void refuseBusy(QTcpSocket *socket);
    // Decides on a request from its head alone (Host, route, key, size) before any body byte is read.
    bool acceptHead(HttpConnection *connection, HttpRequest &request, quint64 serial);
    bool hostAllowed(const QByteArray &host) const;
    bool originAllowed(const QByteArray &origin) const;
    void handle(HttpConnection *connection, const HttpRequest &request);
    void handleUpgrade(HttpConnection *connection, const HttpRequest &request);
    QString authenticate(const HttpRequest &request);
    // The workspace whose events key may watch: a workspace key or a viewer key.
    QString eventsWorkspace(const QString &key);
    Workspace *workspace(const QString &name);
    // Mirrors the workspace's approval asks to its WebSocket viewers.
    void watchApprovals(Workspace *workspace);

    // A request to a model endpoint: the format parses it and renders the loop's answer.
    void handleModelRequest(HttpConnection *connection, const HttpRequest &request, const QString &workspace,
                            std::unique_ptr<WireFormat> format);
    // GET /api/v1/models, or Google's GET /v1beta/models (google: a ListModelsResponse).
    void handleModels(HttpConnection *connection, const QString &workspace, bool google = false);
    void handleFiles(HttpConnection *connection, const HttpRequest &request, const QString &workspace,
                     const QStringList &parts);
    void handleDocuments(HttpConnection *connection, const QString &workspace);
    // Sandbench extension (README "Allowing a host while it runs"): GET …/containers/{id}/network shows the
    // container's policy, POST …/network/allow {"host"} or {"hosts": [...]} widens it.
    void handleNetwork(HttpConnection *connection, const HttpRequest &request, const QString &workspace,
                       const QStringList &parts);
    // Publishes the workspace's egress refusals (egress.refused) and policy replacements to its viewers.
    void watchEgress(Workspace *workspace);
    // Remembers which of the loop's calls runs in which container while its commands run (egress.refused
    // names the request and call that tried a host): API requests and MCP calls alike.
    void trackCalls(AgentLoop *loop, const QString &workspace);
    // Takes `sandbench mcp` relays for the workspace (while listening).
    void publishMcpSocket(const QString &workspace);
    // Runs work on the file pool and answers with its result on this thread; work's cancel check turns true
    // when the client goes away, the container's home disappears or the server stops.
    void
    runFileTask(HttpConnection *connection, const QString &home,
                std::function<std::function<void(HttpConnection *)>(const std::function<bool()> &)> work);

    void sendJson(HttpConnection *connection, int status, const QJsonObject &body);
    static QJsonObject errorBody(ErrorShape shape, int status, const QString &type, const QString &message,
                                 const QString &code = {});
    void sendError(HttpConnection *connection, ErrorShape shape, int status, const QString &type,
                   const QString &message, bool close = false, const QString &code = {});
    // Logs a request the handler answered before any run started (bad JSON, bad fields, bad model).
    void logRejected(const QString &workspace, const QString &api, const HttpRequest &request, qint64 startMs,
                     int status, const QJsonObject &errorBody);
    // Completes a record with what only the server knows and hands it to the workspace's observer.
    void logRecord(const QString &workspace, RequestRecord record, int status, const QByteArray &requestBody,
                   const QByteArray &responseBody, const QString &client);
    // The request's client as the log names it: its User-Agent, printable and bounded.
    static QString clientOf(const HttpRequest &request);

    QString m_dataDir;
    QTcpServer *m_tcp = nullptr;
    std::unique_ptr<ApiKeys> m_keys;
    std::unique_ptr<Meter> m_meter;
    EventHub *m_events = nullptr;
    McpEndpoint *m_mcp = nullptr;            // /mcp
    McpSocketServer *m_mcpSockets = nullptr; // `sandbench mcp` relays (DATA/workspaces/<ws>/mcp.sock)
    FilesApi *m_files = nullptr;
    QHash<QString, Workspace *> m_workspaces;
    QHash<QString, QString> m_viewerKeys; // key -> workspace
    HttpLimits m_limits;
    std::optional<ApprovalMode> m_approvalMode;
    int m_approvalTimeout = 0;
    bool m_viewersAnswer = true;
    int m_maxUnauthenticated = 0;
    quint64 m_nextSerial = 0;
    std::map<quint64, HttpConnection *> m_unauthenticated; // by accept order, oldest first
    QStringList m_allowedHosts;
    QStringList m_allowedOrigins;
    QThreadPool *m_filePool = nullptr;
    std::shared_ptr<std::atomic_bool> m_stopping = std::make_shared<std::atomic_bool>(false);
    bool m_prewarm = false;
    int m_activeRuns = 0;
    // "workspace/container id" -> the request and call whose command runs there now (egress.refused).
    QHash<QString, QPair<QString, QString>> m_runningCalls;
    bool m_logging = true;
};
