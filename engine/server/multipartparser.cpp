// SPDX-License-Identifier: GPL-3.0-or-later
#include "multipartparser.h"

#include <QList>
#include <QPair>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

bool isBoundaryChar(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           QByteArrayView("'()+_,-./:=? ").contains(c);
}

QByteArrayView trimmed(QByteArrayView v)
{
    while (!v.isEmpty() && (v.front() == ' ' || v.front() == '\t'))
        v = v.sliced(1);
    while (!v.isEmpty() && (v.back() == ' ' || v.back() == '\t'))
        v.chop(1);
    return v;
}

bool isTokenChar(char c)
{
    return c > 0x20 && c < 0x7f && !QByteArrayView("()<>@,;:\\\"/[]?={}").contains(c);
}

// Splits `type; a=b; c="d"` into its parameters; false on a malformed one. Quoted strings end at the next
// quote (as browsers write them: a quote in a file name is sent as %22, never backslash-escaped).
bool parseParameters(QByteArrayView value, QByteArray *type, QList<QPair<QByteArray, QByteArray>> *params)
{
    qsizetype i = value.indexOf(';');
    *type = trimmed(i < 0 ? value : value.first(i)).toByteArray().toLower();
    if (i < 0)
        return true;
    ++i;
    while (i < value.size()) {
        while (i < value.size() && (value[i] == ' ' || value[i] == '\t'))
            ++i;
        if (i == value.size())
            break;
        const qsizetype nameStart = i;
        while (i < value.size() && isTokenChar(value[i]))
            ++i;
        const QByteArray name = value.sliced(nameStart, i - nameStart).toByteArray().toLower();
        while (i < value.size() && (value[i] == ' ' || value[i] == '\t'))
            ++i;
        if (name.isEmpty() || i == value.size() || value[i] != '=')
            return false;
        ++i;
        while (i < value.size() && (value[i] == ' ' || value[i] == '\t'))
            ++i;
        QByteArray v;
        if (i < value.size() && value[i] == '"') {
            const qsizetype close = value.indexOf('"', i + 1);
            if (close < 0)
                return false;
            v = value.sliced(i + 1, close - i - 1).toByteArray();
            i = close + 1;
        } else {
            const qsizetype start = i;
            while (i < value.size() && isTokenChar(value[i]))
                ++i;
            v = value.sliced(start, i - start).toByteArray();
            if (v.isEmpty())
                return false;
        }
        for (const auto &p : std::as_const(*params)) {
            if (p.first == name)
                return false; // a parameter given twice: which one counts is a guess
        }
        params->append({name, v});
        while (i < value.size() && (value[i] == ' ' || value[i] == '\t'))
            ++i;
        if (i < value.size()) {
            if (value[i] != ';')
                return false;
            ++i;
        }
    }
    return true;
}

} // namespace

std::optional<QByteArray> MultipartParser::boundaryOf(QByteArrayView contentType, QString *error)
{
    QByteArray type;
    QList<QPair<QByteArray, QByteArray>> params;
    if (!parseParameters(contentType, &type, &params)) {
        *error = u"the Content-Type header is malformed"_s;
        return std::nullopt;
    }
    if (type != "multipart/form-data") {
        *error = u"the body must be multipart/form-data"_s;
        return std::nullopt;
    }
    for (const auto &[name, value] : std::as_const(params)) {
        if (name != "boundary")
            continue;
        if (value.isEmpty() || value.size() > MaxBoundaryLength || value.endsWith(' ') ||
            !std::all_of(value.begin(), value.end(), isBoundaryChar)) {
            *error = u"the multipart boundary must be 1 to 70 letters, digits or '()+_,-./:=? "_s;
            return std::nullopt;
        }
        return value;
    }
    *error = u"the multipart/form-data Content-Type has no boundary"_s;
    return std::nullopt;
}

MultipartParser::MultipartParser(const QByteArray &boundary)
    : m_delimiter("\r\n--" + boundary)
    // The first delimiter has no line break before it: with one in front, every delimiter looks alike.
    , m_buffer("\r\n")
{}

bool MultipartParser::setError(const QString &error)
{
    if (m_status != Status::Error) {
        m_status = Status::Error;
        m_error = error;
    }
    m_buffer.clear();
    return false;
}

void MultipartParser::fail(const QString &error)
{
    setError(error);
}

bool MultipartParser::parseHead(QByteArrayView head, MultipartPart *part)
{
    bool disposition = false;
    bool type = false;
    if (head.startsWith(' ') || head.startsWith('\t') || head.contains("\r\n ") || head.contains("\r\n\t"))
        return setError(u"a part has a folded header line"_s);
    qsizetype start = 0;
    while (start < head.size()) {
        qsizetype end = head.indexOf("\r\n", start);
        if (end < 0)
            end = head.size();
        const QByteArrayView line = head.sliced(start, end - start);
        start = end + 2;
        if (line.contains('\n') || line.contains('\r'))
            return setError(u"a part's header lines must end with CRLF"_s);
        if (line.startsWith(' ') || line.startsWith('\t'))
            return setError(u"a part has a folded header line"_s);
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0)
            return setError(u"a part has a header line without a name"_s);
        const QByteArray name = line.first(colon).toByteArray().toLower();
        const QByteArrayView value = trimmed(line.sliced(colon + 1));
        if (name == "content-disposition") {
            if (disposition)
                return setError(u"a part has two Content-Disposition headers"_s);
            disposition = true;
            QByteArray kind;
            QList<QPair<QByteArray, QByteArray>> params;
            if (!parseParameters(value, &kind, &params) || kind != "form-data")
                return setError(u"a part's Content-Disposition must be form-data with a name"_s);
            bool named = false;
            for (const auto &[key, v] : std::as_const(params)) {
                if (key == "name") {
                    part->name = v;
                    named = true;
                } else if (key == "filename") {
                    part->filename = v;
                    part->hasFilename = true;
                }
            }
            if (!named)
                return setError(u"a part's Content-Disposition has no name"_s);
        } else if (name == "content-type") {
            if (type)
                return setError(u"a part has two Content-Type headers"_s);
            type = true;
            part->contentType = value.toByteArray();
        }
    }
    if (!disposition)
        return setError(u"a part has no Content-Disposition header"_s);
    return true;
}

// Consumes what it can of the buffer in the current state; false when it needs more bytes (or failed).
bool MultipartParser::step()
{
    switch (m_state) {
    case State::Preamble: {
        // A preamble is legal but nobody sends a long one: what is skipped is bounded (the same way however
        // the body was split).
        const qsizetype at = m_buffer.indexOf(m_delimiter);
        if (at > MaxHeadBytes)
            return setError(u"the body does not start with the multipart boundary"_s);
        if (at < 0) {
            if (m_buffer.size() > MaxHeadBytes + m_delimiter.size())
                return setError(u"the body does not start with the multipart boundary"_s);
            return false;
        }
        m_buffer.remove(0, at + m_delimiter.size());
        m_state = State::AfterDelimiter;
        return true;
    }
    case State::AfterDelimiter:
        if (m_buffer.size() < 2)
            return false;
        if (m_inPart) {
            m_inPart = false;
            if (onPartEnd && !onPartEnd())
                return setError(m_error.isEmpty() ? u"the upload was stopped"_s : m_error);
        }
        if (m_buffer.startsWith("--")) {
            m_state = State::Epilogue;
            m_status = Status::Done;
            m_buffer.clear();
            return false;
        }
        if (!m_buffer.startsWith("\r\n"))
            return setError(u"a multipart boundary line must end with CRLF"_s);
        m_buffer.remove(0, 2);
        if (++m_parts > MaxParts)
            return setError(u"the form has more than %1 parts"_s.arg(MaxParts));
        m_state = State::Head;
        return true;
    case State::Head: {
        if (m_buffer.startsWith("\r\n"))
            return setError(u"a part has no Content-Disposition header"_s);
        const qsizetype end = m_buffer.indexOf("\r\n\r\n");
        if (end < 0 || end > MaxHeadBytes) {
            if (end > MaxHeadBytes || m_buffer.size() > MaxHeadBytes + 4)
                return setError(u"a part's headers are over %1 bytes"_s.arg(MaxHeadBytes));
            return false;
        }
        MultipartPart part;
        if (!parseHead(QByteArrayView(m_buffer).first(end), &part))
            return false;
        // The data starts with the head's blank line: a delimiter right after it ("\r\n--B") is found.
        m_buffer.remove(0, end + 2);
        m_skip = 2;
        m_inPart = true;
        m_state = State::Data;
        if (onPartBegin && !onPartBegin(part))
            return setError(m_error.isEmpty() ? u"the upload was stopped"_s : m_error);
        return true;
    }
    case State::Data: {
        // m_skip: the head's blank line still in front (a delimiter right after it ends an empty part).
        const qsizetype at = m_buffer.indexOf(m_delimiter);
        const qsizetype dataEnd = at >= 0 ? at : m_buffer.size() - (m_delimiter.size() - 1);
        if (dataEnd > m_skip && onPartData &&
            !onPartData(QByteArrayView(m_buffer).sliced(m_skip, dataEnd - m_skip)))
            return setError(m_error.isEmpty() ? u"the upload was stopped"_s : m_error);
        if (at >= 0) {
            m_buffer.remove(0, at + m_delimiter.size());
            m_state = State::AfterDelimiter;
            return true;
        }
        if (dataEnd > m_skip) {
            // Only the bytes that could start the delimiter stay.
            m_buffer.remove(0, dataEnd);
            m_skip = 0;
        }
        return false;
    }
    case State::Epilogue:
        m_buffer.clear();
        return false;
    }
    return false;
}

MultipartParser::Status MultipartParser::feed(QByteArrayView data)
{
    if (m_status != Status::NeedMore)
        return m_status;
    m_buffer.append(data);
    while (m_status == Status::NeedMore && step()) {
    }
    return m_status;
}

QByteArray MultipartParser::takeHeldBack()
{
    if (!inPartData())
        return {};
    QByteArray held = std::move(m_buffer);
    m_buffer = QByteArray();
    return held;
}

MultipartParser::Status MultipartParser::finish()
{
    if (m_status == Status::NeedMore)
        setError(m_state == State::Data || m_inPart
                     ? u"the body ended in the middle of a part (no closing multipart boundary)"_s
                     : u"the body ended before the closing multipart boundary"_s);
    return m_status;
}
