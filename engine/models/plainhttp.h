// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/plainhttpparser.h"

#include <QByteArray>

class QNetworkAccessManager;
class QNetworkReply;
class QNetworkRequest;
class QUrl;

// A small HTTP/1.1 client for plain http:// upstreams (local servers, the gateway's own loopback
// providers). QNetworkAccessManager reads plain-HTTP response headers one byte per recv() and hops threads
// several times per request; this client reads into a buffer on the caller's thread and keeps idle
// connections per host:port (owned by the manager). It returns an ordinary QNetworkReply: status and reason
// attributes, raw headers, the decoded body (Content-Length, chunked, or until close) as it arrives, and
// QNetworkReply errors. It is used only when it can stand in for the manager: the scheme is http, the
// manager is a plain QNetworkAccessManager (subclasses answer their own way), and its proxy settings
// resolve to no proxy. It sends no Accept-Encoding (bodies arrive as the server wrote them) and follows no
// redirects (a 3xx is the answer). Everything else, HTTPS included, goes to the manager.
namespace PlainHttp {

// True when post() would use this client rather than nam.
bool applies(QNetworkAccessManager *nam, const QUrl &url);
// POSTs body to request.url() (request's raw headers, Content-Length added); nam->post() when the client
// does not apply. The reply is a child of nam, as QNetworkAccessManager's are. Honours the request's
// transfer timeout (no bytes for that long: TimeoutError).
QNetworkReply *post(QNetworkAccessManager *nam, const QNetworkRequest &request, const QByteArray &body);

// Process-wide switch (on by default); benchmarks turn it off to compare against the manager alone.
void setEnabled(bool enabled);
bool isEnabled();
// Limits of replies started after the call (tests lower them).
void setLimits(const Limits &limits);
Limits limits();

} // namespace PlainHttp
