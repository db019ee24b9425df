// SPDX-License-Identifier: GPL-3.0-or-later
#include "uploadreceiver.h"

#include <cerrno>
#include <cstring>
#include <sys/mman.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

UploadReceiver::UploadReceiver(const UploadStore &store, Mode mode, const QByteArray &boundary,
                               const QByteArray &fileField, qint64 maxFileBytes)
    : m_store(store)
    , m_mode(mode)
    , m_fileField(fileField)
    , m_maxFileBytes(maxFileBytes)
{
    if (mode == Mode::Multipart)
        m_parser = std::make_unique<MultipartParser>(boundary);
}

UploadReceiver::~UploadReceiver() = default;

bool UploadReceiver::fail(int status, const QString &message, const QString &code)
{
    if (m_status == 0) {
        m_status = status;
        m_message = message;
        m_code = code;
    }
    m_spool.reset(); // deletes what was written
    m_appending = false;
    if (m_parser && m_parser->status() == MultipartParser::Status::NeedMore)
        m_parser->fail(message);
    return false;
}

bool UploadReceiver::start()
{
    QString error;
    if (m_mode == Mode::Raw) {
        m_spool = m_store.beginSpool(&error);
        if (!m_spool)
            return fail(500, error);
        m_hasFile = true;
        return true;
    }
    m_parser->onPartBegin = [this](const MultipartPart &part) {
        if (part.name == m_fileField && part.hasFilename) {
            if (m_hasFile)
                return fail(400, u"the form has more than one \"%1\" file; upload one file per request"_s.arg(
                                     QString::fromUtf8(m_fileField)));
            QString error;
            m_spool = m_store.beginSpool(&error);
            if (!m_spool)
                return fail(500, error);
            m_hasFile = true;
            m_inFile = true;
            m_filename = QString::fromUtf8(part.filename);
            m_contentType = part.contentType;
            return true;
        }
        m_inFile = false;
        m_fieldName = part.name;
        m_fieldValue.clear();
        return true;
    };
    m_parser->onPartData = [this](QByteArrayView bytes) {
        if (m_inFile)
            return writeFile(bytes);
        m_fieldBytes += bytes.size();
        if (m_fieldBytes > MaxFieldBytes)
            return fail(413, u"the form's text fields are over %1 bytes together"_s.arg(MaxFieldBytes),
                        u"request_too_large"_s);
        m_fieldValue.append(bytes);
        return true;
    };
    m_parser->onPartEnd = [this] {
        if (!m_inFile)
            m_fields.insert(m_fieldName, m_fieldValue);
        m_inFile = false;
        return true;
    };
    return true;
}

bool UploadReceiver::writeFile(QByteArrayView bytes)
{
    if (m_spool->size() + bytes.size() > m_maxFileBytes)
        return fail(413,
                    u"the file is over %1 bytes (%2 MiB), the most one upload may have"_s.arg(m_maxFileBytes)
                        .arg(m_maxFileBytes / (1024 * 1024)),
                    u"request_too_large"_s);
    QString error;
    if (!m_spool->write(bytes, &error))
        return fail(500, error);
    return true;
}

bool UploadReceiver::feed(QByteArrayView bytes)
{
    if (m_status != 0)
        return false;
    if (m_appending && !endAppending())
        return false;
    if (m_mode == Mode::Raw)
        return writeFile(bytes);
    if (m_parser->feed(bytes) == MultipartParser::Status::Error)
        return fail(400, u"malformed multipart/form-data body: "_s + m_parser->error());
    return m_status == 0;
}

bool UploadReceiver::finish()
{
    if (m_status != 0)
        return false;
    if (m_appending && !endAppending())
        return false;
    if (m_mode == Mode::Multipart && m_parser->finish() != MultipartParser::Status::Done)
        return fail(400, u"malformed multipart/form-data body: "_s + m_parser->error());
    return true;
}

bool UploadReceiver::startAppending()
{
    if (m_status != 0 || !m_spool)
        return false;
    if (m_appending)
        return true;
    if (m_mode == Mode::Raw) {
        m_appending = true;
        return true;
    }
    if (!m_inFile || !m_parser->inPartData())
        return false;
    // What the parser held back might be the start of the delimiter: it goes in front, unconfirmed.
    m_unconfirmed = m_spool->size();
    const QByteArray held = m_parser->takeHeldBack();
    QString error;
    if (!held.isEmpty() && !m_spool->write(held, &error))
        return fail(500, error);
    m_appending = true;
    return true;
}

void UploadReceiver::failWrite(int err)
{
    fail(err == ENOSPC || err == EDQUOT ? 507 : 500,
         u"cannot store the upload: %1"_s.arg(QString::fromLocal8Bit(strerror(err))));
}

bool UploadReceiver::readSpool(qint64 from, qint64 to, QByteArray *out)
{
    out->resize(to - from);
    qint64 done = 0;
    while (done < out->size()) {
        const ssize_t n =
            ::pread(m_spool->fd(), out->data() + done, size_t(out->size() - done), off_t(from + done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return fail(500, u"cannot read the upload's spool back: %1"_s.arg(
                                 QString::fromLocal8Bit(strerror(n < 0 ? errno : EIO))));
        done += n;
    }
    return true;
}

bool UploadReceiver::appended(qint64 n)
{
    if (m_status != 0 || !m_appending)
        return fail(500, u"the upload's bytes arrived out of order"_s);
    m_spool->appended(n);
    const auto tooLarge = [this] {
        return fail(413,
                    u"the file is over %1 bytes (%2 MiB), the most one upload may have"_s.arg(m_maxFileBytes)
                        .arg(m_maxFileBytes / (1024 * 1024)),
                    u"request_too_large"_s);
    };
    if (m_mode == Mode::Raw)
        return m_spool->size() <= m_maxFileBytes || tooLarge();
    // The delimiter in what is unconfirmed, once 1 MiB is: a splice step is often a few dozen KiB, and one
    // search per step cost a map and an unmap each. What is left at the body's end goes through the parser
    // (endAppending()). The bytes were just written, so they are in the page cache: they are mapped and
    // searched there (no copy back into this process), in one window (under 2 MiB: the 1 MiB and a splice
    // step), or read into m_scan a window at a time where the spool cannot be mapped (windows overlap by
    // less than a delimiter).
    static constexpr qint64 SearchAfter = 1024 * 1024;
    static constexpr qint64 Window = 4 * 1024 * 1024;
    static const qint64 page = ::sysconf(_SC_PAGESIZE) > 0 ? ::sysconf(_SC_PAGESIZE) : 4096;
    const QByteArrayView delimiter = m_parser->delimiter();
    const qint64 end = m_spool->size();
    if (end - m_unconfirmed < SearchAfter)
        return m_unconfirmed <= m_maxFileBytes || tooLarge();
    qint64 from = m_unconfirmed;
    qint64 found = -1;
    while (found < 0 && end - from >= delimiter.size()) {
        const qint64 to = qMin(end, from + Window);
        const qint64 mapFrom = from - from % page;
        void *mapped = m_mapSearch ? ::mmap(nullptr, size_t(to - mapFrom), PROT_READ,
                                            MAP_SHARED | MAP_POPULATE, m_spool->fd(), off_t(mapFrom))
                                   : MAP_FAILED;
        const char *window = nullptr;
        if (mapped != MAP_FAILED) {
            window = static_cast<const char *>(mapped) + (from - mapFrom);
        } else {
            m_mapSearch = false;
            if (!readSpool(from, to, &m_scan))
                return false;
            window = m_scan.constData();
        }
        const void *at = ::memmem(window, size_t(to - from), delimiter.data(), size_t(delimiter.size()));
        if (at)
            found = from + (static_cast<const char *>(at) - window);
        if (mapped != MAP_FAILED)
            ::munmap(mapped, size_t(to - mapFrom));
        if (found >= 0)
            break;
        from = to == end ? end - (delimiter.size() - 1) : to - (delimiter.size() - 1);
    }
    if (found < 0) {
        m_unconfirmed = qMax(m_unconfirmed, from);
        return m_unconfirmed <= m_maxFileBytes || tooLarge();
    }
    // The file ends at the delimiter; from it on, the parser reads the rest of the form.
    if (found > m_maxFileBytes)
        return tooLarge();
    QByteArray rest;
    if (!readSpool(found, end, &rest))
        return false;
    QString error;
    if (!m_spool->truncate(found, &error))
        return fail(500, error);
    m_appending = false;
    m_scan = QByteArray();
    return feed(rest);
}

bool UploadReceiver::endAppending()
{
    if (!m_appending)
        return m_status == 0;
    m_appending = false;
    if (m_mode == Mode::Raw)
        return m_status == 0;
    // The unconfirmed tail (less than a search window and a splice step) goes back to the parser, which finds
    // out what it is.
    QByteArray tail;
    if (!readSpool(m_unconfirmed, m_spool->size(), &tail))
        return false;
    QString error;
    if (!m_spool->truncate(m_unconfirmed, &error))
        return fail(500, error);
    m_scan = QByteArray();
    return tail.isEmpty() || feed(tail);
}
