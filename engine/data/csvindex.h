// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QFuture>
#include <QList>
#include <QObject>
#include <QStringList>
#include <QTimer>

#include <memory>

// Opens a CSV file of any size: the header and first rows are parsed at once, the remaining row offsets
// are indexed on a worker thread into sparse checkpoints so any row can be read back later (RFC 4180
// quoting, CRLF and a UTF-8 byte-order mark are handled).
//
// The file may live in a container's workspace, where sandboxed code can rewrite or truncate it while it
// is shown, so it is read with pread() into buffers, never mapped (touching a mapping past a truncated end
// kills the process with SIGBUS), and a symlink or anything but a regular file is refused. A file that
// shrinks simply ends early; one that grows is read up to its size at open().
class CsvIndex : public QObject
{
    Q_OBJECT
public:
    // One checkpoint (byte offset of a data row) every this many rows bounds memory to ~8 bytes per 1024
    // rows.
    static constexpr qint64 CheckpointInterval = 1024;
    // How much of the file open() parses before it returns.
    static constexpr qint64 HeadBytes = 64 * 1024;
    // The most of one record rows() reads; longer records are cut (the rest is skipped, not buffered).
    static constexpr qint64 MaxRecordBytes = 1024 * 1024;

    explicit CsvIndex(QObject *parent = nullptr);
    ~CsvIndex() override;

    // Opens the file, parses the header and the first rows, and starts indexing the rest in the background.
    bool open(const QString &path, QString *error = nullptr);
    // Stops the background indexing (the rows indexed so far stay readable).
    void cancel();
    // While held, open() parses the head as always but the background indexing of the rest starts only once
    // the hold is released (e.g. while the same file is copied, which the index would slow down on a busy
    // machine). A worker already running is not paused.
    void setHeld(bool held);
    bool isHeld() const { return m_held; }

    QString path() const { return m_path; }
    qint64 fileSize() const { return m_size; }
    QStringList header() const { return m_header; }
    int columnCount() const { return m_columns; }
    // Data rows found so far (the header row is not counted).
    qint64 rowCount() const;
    qint64 bytesIndexed() const;
    bool isIndexing() const;
    bool isComplete() const;

    // Data rows [first, first + count) that are indexed; fewer at the end. A record longer than
    // MaxRecordBytes is shown cut at that length.
    QList<QStringList> rows(qint64 first, int count) const;
    QStringList row(qint64 index) const;

    // Splits one record (without its line ending) into fields; exposed for tests.
    static QStringList parseRecord(const char *data, qint64 length);

Q_SIGNALS:
    void progress(qint64 bytesIndexed, qint64 totalBytes, qint64 rowCount);
    void finished(qint64 rowCount);

private:
    struct State;
    void pollProgress();
    void startWorker();

    QString m_path;
    qint64 m_size = 0;
    QStringList m_header;
    int m_columns = 0;
    std::shared_ptr<State> m_state;
    QFuture<void> m_future;
    QTimer m_poll;
    bool m_finishedEmitted = false;
    bool m_held = false;
    bool m_startPending = false; // open() left the worker for setHeld(false)
    qint64 m_startPos = 0;
    qint64 m_startRows = 0;
};
