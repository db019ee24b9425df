// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

// One dispatched server-sent event.
struct SseEvent
{
    QString event; // empty means the default "message"
    QByteArray data;
    QString id;
    int retryMs = -1;

    bool operator==(const SseEvent &other) const = default;
};

// Incremental parser of a text/event-stream body, fed with bytes exactly as they arrive from the network.
class SseParser
{
public:
    // Parses what can be parsed and keeps the rest (a partial line, an event without its blank line).
    QList<SseEvent> feed(const QByteArray &bytes);
    // At end of stream: dispatches a last event whose blank line never came (servers that just close).
    QList<SseEvent> finish();
    void reset();

private:
    void processLine(QByteArrayView line, QList<SseEvent> *out);
    void dispatch(QList<SseEvent> *out);

    QByteArray m_buffer;
    bool m_skipLeadingLf = false; // the previous chunk ended in CR; an LF starting the next one ends no line
    bool m_sawFirstBytes = false;
    SseEvent m_pending;
    bool m_hasData = false;
};
