// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QHash>
#include <QString>
#include <QUrlQuery>

#include <memory>

class UploadReceiver;

// One HTTP/1.1 request as the server received it.
struct HttpRequest
{
    QByteArray method;
    QString path; // decoded path without the query
    QUrlQuery query;
    QHash<QByteArray, QByteArray> headers; // lower-case names
    QByteArray body;
    bool bodyTooLarge = false; // Content-Length above the limit; the body was not read
    qint64 declaredLength = 0;
    QString workspace; // set by the server once the head's key was checked
    // An upload whose body was streamed to disk instead of into body (FilesApi::acceptHead).
    std::shared_ptr<UploadReceiver> upload;

    QByteArray header(const QByteArray &name) const { return headers.value(name.toLower()); }
};

// What parseHttpRequestHead() made of the bytes received so far.
struct HttpHeadResult
{
    enum class Status { Incomplete, Complete, Invalid };
    Status status = Status::Incomplete;
    qsizetype headBytes = 0; // Complete: the head's length including its blank line
    int httpStatus = 0;      // Invalid: the status to answer with (400, 411, 431)
    QByteArray message;      // Invalid: what was wrong, for the error body (plain ASCII)
};

// Parses the head (request line and headers) at the start of data, which holds bytes exactly as a client
// sent them. A pure function, so that it can be fuzzed: it reads at most maxHeadBytes + 4 bytes of data and
// fills request only when the head is complete and valid. Refuses what a proxy or a second parser could
// read differently: bare LF line ends, folded or nameless header lines, a Content-Length that is not a plain
// number or that is given twice with different values, any Transfer-Encoding, more than one Host.
HttpHeadResult parseHttpRequestHead(QByteArrayView data, qsizetype maxHeadBytes, HttpRequest *request);
