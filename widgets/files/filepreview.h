// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QImage>
#include <QWidget>

#include <memory>

class CsvPreview;
class InlineMessage;
class QLabel;
class QScrollArea;
class QStackedWidget;
class QTemporaryDir;
class QTextBrowser;
class QToolButton;

// Previews one file of a container's home: text and code highlighted by SyntaxHighlighter, images inline,
// CSV in the virtualised CsvPreview table, Markdown formatted (no raw HTML, nothing loaded: remote images
// show as their address; Show source toggles), and a short description for binary files. Reading goes through
// FileStore (so nothing outside home is reached) on a worker thread; large texts are capped and say so. A CSV
// is shown from a private copy taken through FileStore, so the agent rewriting the file cannot pull it away
// from under the table's memory map.
class FilePreview : public QWidget
{
    Q_OBJECT
public:
    enum class Kind { None, Text, Image, Csv, Binary, Error, TooLarge };
    Q_ENUM(Kind)

    // The part of a text file that is read and shown.
    static constexpr qint64 MaxTextBytes = 512 * 1024;
    // Larger Markdown files are shown as source: formatting is laid out on the GUI thread.
    static constexpr qint64 MaxMarkdownBytes = 256 * 1024;
    // Markdown nesting quotes or lists deeper (markers and indentation) is shown as source, for the same
    // reason.
    static constexpr int MaxMarkdownDepth = 64;
    // Larger images are described, not decoded.
    static constexpr qint64 MaxImageBytes = 16 * 1024 * 1024;
    // Larger CSV files are not copied for the table (Kind::TooLarge): Save As is offered instead.
    static constexpr qint64 MaxCsvBytes = qint64(512) * 1024 * 1024;

    // What a worker read about a file (defined in the .cpp).
    struct Result;

    explicit FilePreview(QWidget *parent = nullptr);

    // Shows relativePath below homeDir; the result arrives asynchronously (loaded()). fileId is FileStore's
    // id of the file (FileTreeModel::FileIdRole; it keeps names that are not UTF-8); empty: derived from
    // relativePath.
    void showFile(const QString &homeDir, const QString &relativePath, const QString &fileId = QString());
    void clear();
    QString path() const { return m_path; }
    Kind kind() const { return m_kind; }
    // The highlighted HTML once the highlighter answered (empty before and for non-text kinds).
    QString highlightedHtml() const { return m_highlightedHtml; }
    QImage image() const { return m_image; }
    QString errorText() const;
    QString noteText() const;
    // Whether the file is Markdown (.md, .markdown) and shown formatted (not its source).
    bool isMarkdown() const { return m_markdown; }
    bool showsFormatted() const;
    // Markdown: formatted (true) or its source (false); remembered for the next Markdown file.
    void setShowFormatted(bool formatted);
    // The private copy the CSV table shows (empty when none).
    QString csvSnapshotPath() const;

Q_SIGNALS:
    // The file was read (or failed); kind() tells what is shown.
    void loaded();
    // Highlighted HTML replaced the plain text.
    void highlighted();
    // The file is gone (deleted or renamed since the listing).
    void fileMissing(const QString &relativePath);

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void apply(const Result &result);
    void showImage();
    void showError(const QString &text);
    void highlightText();
    void showMarkdown();
    // Drops the CSV table's model, memory map and private copy.
    void releaseCsv();

    QLabel *m_title = nullptr;
    QLabel *m_note = nullptr;
    InlineMessage *m_message = nullptr;
    QStackedWidget *m_stack = nullptr;
    QLabel *m_placeholder = nullptr;
    QTextBrowser *m_text = nullptr;
    QTextBrowser *m_formatted = nullptr;
    QToolButton *m_sourceToggle = nullptr;
    QScrollArea *m_imageArea = nullptr;
    QLabel *m_imageLabel = nullptr;
    CsvPreview *m_csv = nullptr;
    QString m_homeDir;
    QString m_path;
    Kind m_kind = Kind::None;
    bool m_markdown = false;
    bool m_formattedWanted = true;
    QString m_highlightedHtml;
    QString m_plainText;      // what highlightText() highlights
    QString m_highlightTheme; // the theme m_highlightedHtml was made with
    std::shared_ptr<QTemporaryDir> m_csvSnapshot;
    QImage m_image;
    quint64 m_generation = 0;
};
