// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <functional>
#include <optional>

// One part's head of a multipart/form-data body (RFC 7578).
struct MultipartPart
{
    QByteArray name;     // form field name from Content-Disposition
    QByteArray filename; // as the client sent it (not sanitised); empty when hasFilename is false
    bool hasFilename = false;
    QByteArray contentType; // empty when the part has none
};

// A streaming multipart/form-data parser: bytes go in as they arrive (in chunks of any size), each part's
// head and data come out through the callbacks, and nothing but one part head and a delimiter's length of
// data is ever buffered, so a body of any size passes through in constant memory. A pure parser of bytes
// (fuzzed: tests/fuzz/fuzz_multipart.cpp): the output must not depend on how the body was split.
// Refuses what other parsers could read differently or what has no business in a form: heads over
// MaxHeadBytes, more than MaxParts parts, a part without a Content-Disposition form-data name, bare LF
// line ends in heads, a body that ends before the closing delimiter.
class MultipartParser
{
public:
    static constexpr qsizetype MaxHeadBytes = 8 * 1024;
    static constexpr int MaxParts = 64;
    static constexpr qsizetype MaxBoundaryLength = 70; // RFC 2046

    enum class Status { NeedMore, Done, Error };

    // The boundary of a Content-Type header value such as `multipart/form-data; boundary=XYZ`; nullopt
    // (error says why) when it is not multipart/form-data or the boundary is missing or malformed.
    static std::optional<QByteArray> boundaryOf(QByteArrayView contentType, QString *error);

    explicit MultipartParser(const QByteArray &boundary);

    // Each returns false to stop the parse (status Error with the error the callback set via fail()).
    std::function<bool(const MultipartPart &)> onPartBegin;
    std::function<bool(QByteArrayView)> onPartData;
    std::function<bool()> onPartEnd;

    // Parses the next bytes of the body. Once Done, further bytes (the epilogue) are ignored.
    Status feed(QByteArrayView data);
    // The body ended: Done when the closing delimiter was seen, else Error.
    Status finish();
    Status status() const { return m_status; }
    // What was wrong (Error), in words for an API error message.
    QString error() const { return m_error; }
    // A callback's reason to stop; the parse ends with this error.
    void fail(const QString &error);
    int partCount() const { return m_parts; }

    // For a caller that writes a large part's data itself (UploadReceiver's direct appends): true while the
    // parse is in a part's data past its first byte, where all the parser holds back (holdBack()) is data
    // that might start the next delimiter.
    bool inPartData() const { return m_status == Status::NeedMore && m_state == State::Data && m_skip == 0; }
    // Hands over the bytes held back (inPartData() only): the caller appends them to the part's data as
    // unconfirmed, finds the delimiter in what follows itself, and feeds the parser again from the
    // delimiter on (or, without one, the bytes that might still start one) with nothing lost or doubled.
    QByteArray takeHeldBack();
    QByteArrayView delimiter() const { return m_delimiter; }

private:
    enum class State { Preamble, AfterDelimiter, Head, Data, Epilogue };

    bool setError(const QString &error);
    bool parseHead(QByteArrayView head, MultipartPart *part);
    bool step();

    QByteArray m_delimiter; // "\r\n--" + boundary
    QByteArray m_buffer;
    State m_state = State::Preamble;
    Status m_status = Status::NeedMore;
    QString m_error;
    int m_parts = 0;
    qsizetype m_skip = 0;
    bool m_inPart = false;
};
