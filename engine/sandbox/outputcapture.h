// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringDecoder>

// Keeps the first N code points of one output stream and only counts the rest, so huge output costs
// neither memory nor decoding time.
class OutputCapture
{
public:
    explicit OutputCapture(int maxCharacters = 16384);

    // Feeds raw bytes; returns the newly kept text (empty once the cap is reached).
    QString feed(const char *data, qsizetype size);
    // Ends the stream; returns the text appended at the end (the truncation marker, if any).
    QString finish();

    const QString &text() const { return m_text; }
    qint64 droppedCharacters() const { return m_dropped; }
    qint64 totalBytes() const { return m_bytes; }
    bool isCapped() const { return m_capped; }

    // Number of UTF-8 code points in bytes, counted as non-continuation bytes.
    static qint64 countCodePoints(const char *data, qsizetype size);

private:
    QStringDecoder m_decoder;
    QString m_text;
    qint64 m_max;
    qint64 m_kept = 0;
    qint64 m_dropped = 0;
    qint64 m_bytes = 0;
    bool m_capped = false;
    bool m_finished = false;
};
