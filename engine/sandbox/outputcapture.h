// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringDecoder>

// Keeps the first N code points of one output stream and only counts the rest, so huge output costs
// neither memory nor decoding time. In Tail mode (long sessions) it keeps the last N instead, in a buffer of
// at most 2N characters, so a command streaming for hours holds the same memory as one streaming seconds.
class OutputCapture
{
public:
    enum class Keep { Head, Tail };

    explicit OutputCapture(int maxCharacters = 16384, Keep keep = Keep::Head);

    // Feeds raw bytes; returns the newly kept text (Head: empty once the cap is reached; Tail: all of it,
    // for live viewers, though only the last N characters stay).
    QString feed(const char *data, qsizetype size);
    // Ends the stream; returns the text appended at the end (the truncation marker, if any; in Tail mode the
    // marker goes before the kept text and nothing is returned).
    QString finish();

    const QString &text() const { return m_text; }
    qint64 droppedCharacters() const { return m_dropped; }
    qint64 totalBytes() const { return m_bytes; }
    bool isCapped() const { return m_capped; }
    Keep keep() const { return m_keep; }
    // Characters (UTF-16 units) held right now: at most 2N in Tail mode, N (+ marker) in Head mode.
    qsizetype bufferedSize() const { return m_text.size(); }

    // Number of UTF-8 code points in bytes, counted as non-continuation bytes.
    static qint64 countCodePoints(const char *data, qsizetype size);

private:
    QString feedTail(const char *data, qsizetype size);
    // Tail mode: drops all but the last keep code points from the front.
    void trimTail(qint64 keep);

    QStringDecoder m_decoder;
    Keep m_keep = Keep::Head;
    QString m_text;
    qint64 m_max;
    qint64 m_kept = 0;
    qint64 m_dropped = 0;
    qint64 m_bytes = 0;
    bool m_capped = false;
    bool m_finished = false;
};
