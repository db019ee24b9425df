// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "multipartparser.h"
#include "sandbox/history/uploadstore.h"

#include <QByteArray>
#include <QHash>
#include <QString>

#include <memory>
#include <optional>

// Takes one upload request's body as it arrives (HttpConnection::streamBody) and writes the file in it to a
// spool of the workspace's UploadStore: a multipart/form-data body (its one file part; the other parts are
// small text fields) or a raw body (the whole body is the file). Nothing of the file is held in memory.
// The per-file limit is enforced as bytes arrive (the server refuses a Content-Length over it before the
// body is read); a failure leaves no file behind and says what was wrong (status(), message()).
class UploadReceiver
{
public:
    // All text fields of a form together may have this many bytes.
    static constexpr qsizetype MaxFieldBytes = 64 * 1024;

    enum class Mode { Multipart, Raw };

    // fileField: the form field that carries the file ("file"); maxFileBytes: the most one file may have.
    UploadReceiver(const UploadStore &store, Mode mode, const QByteArray &boundary,
                   const QByteArray &fileField, qint64 maxFileBytes);
    ~UploadReceiver();

    // Opens the spool; false (status() and message() set) when it cannot.
    bool start();
    // The next bytes of the body; false once the upload failed (status() and message() say why).
    bool feed(QByteArrayView bytes);
    // The body is complete: false when it was not a complete form.
    bool finish();

    // Appending straight to the spool (UploadPump splices the socket into spoolFd(), no copy through user
    // space): true when the next body bytes may be appended there now, which a raw body always may and a
    // form while its file part's data is read. In a form the appended bytes are unconfirmed until
    // appended() has looked for the closing delimiter in them (once 1 MiB is unconfirmed; the last bytes
    // at endAppending()): the spool is cut there and the rest (the delimiter and what follows) goes through
    // the parser. Between startAppending() and the next feed() or finish(), endAppending() must be called.
    bool startAppending();
    int spoolFd() const { return m_spool ? m_spool->fd() : -1; }
    // n more bytes were appended through spoolFd(); false once the upload failed.
    bool appended(qint64 n);
    // Back to feed(): bytes at the spool's end that might start a delimiter go back to the parser.
    bool endAppending();
    bool isAppending() const { return m_appending; }
    // Writing through spoolFd() failed with errno err: the upload fails (and its spool goes).
    void failWrite(int err);
    // appended() searches the spool's new bytes where the page cache has them (mmap) unless this is false
    // (tests run the read-back path alone; it is also what happens when the spool cannot be mapped).
    void setMapSearch(bool map) { m_mapSearch = map; }

    int status() const { return m_status; }
    QString message() const { return m_message; }
    // "request_too_large" for a file over the limit, else empty.
    QString code() const { return m_code; }

    bool hasFile() const { return m_hasFile; }
    QString filename() const { return m_filename; }
    QByteArray contentType() const { return m_contentType; }
    qint64 fileBytes() const { return m_spool ? m_spool->size() : 0; }
    qint64 maxFileBytes() const { return m_maxFileBytes; }
    // The form's text fields (multipart), by name; a field given twice keeps its last value.
    QHash<QByteArray, QByteArray> fields() const { return m_fields; }
    // The file's spool, for UploadStore::commit (or to copy from its fd); null without a file.
    std::unique_ptr<UploadStore::Spool> takeSpool() { return std::move(m_spool); }
    const UploadStore::Spool *spool() const { return m_spool.get(); }
    const UploadStore &store() const { return m_store; }

private:
    bool fail(int status, const QString &message, const QString &code = {});
    bool writeFile(QByteArrayView bytes);
    bool readSpool(qint64 from, qint64 to, QByteArray *out);

    UploadStore m_store;
    Mode m_mode;
    QByteArray m_fileField;
    qint64 m_maxFileBytes;
    std::unique_ptr<MultipartParser> m_parser;
    std::unique_ptr<UploadStore::Spool> m_spool;
    bool m_hasFile = false;
    bool m_inFile = false;
    QByteArray m_fieldName; // the text part being read
    QByteArray m_fieldValue;
    qsizetype m_fieldBytes = 0;
    QHash<QByteArray, QByteArray> m_fields;
    QString m_filename;
    QByteArray m_contentType;
    bool m_appending = false;
    qint64 m_unconfirmed = 0; // appending to a form's file: bytes from here on may be a delimiter's
    QByteArray m_scan;        // appended(): the window being searched when the spool cannot be mapped
    bool m_mapSearch = true;  // appended() maps the spool (until an mmap fails)
    int m_status = 0;
    QString m_message;
    QString m_code;
};
