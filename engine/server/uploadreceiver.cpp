// SPDX-License-Identifier: GPL-3.0-or-later
#include "uploadreceiver.h"

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
    if (m_mode == Mode::Multipart && m_parser->finish() != MultipartParser::Status::Done)
        return fail(400, u"malformed multipart/form-data body: "_s + m_parser->error());
    return true;
}
