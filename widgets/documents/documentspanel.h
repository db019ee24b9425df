// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QImage>
#include <QSet>
#include <QThreadPool>
#include <QWidget>

class CsvPreview;
class DocumentsPanelModel;
class InlineMessage;
class QFileSystemWatcher;
class QLabel;
class QPushButton;
class QScrollArea;
class QStackedWidget;
class QTableView;
class QTextBrowser;
class QTimer;
struct DocumentEntry;
struct DocumentScan;

// The Documents panel (SPEC 1.4, 6): the workspace's promoted files with their size, source container and
// date; a preview of the selected one (text, image or CSV table), opening it in the desktop's application,
// saving a copy and deleting it after an inline confirmation. It watches the documents directory, so files
// promoted from the Files panel, the CLI or the local API appear on their own. Disk work runs off the GUI
// thread.
class DocumentsPanel : public QWidget
{
    Q_OBJECT
public:
    // Text previews read at most this much of a file.
    static constexpr qint64 MaxTextPreviewBytes = 1024 * 1024;
    // Larger images are not decoded for the preview.
    static constexpr qint64 MaxImagePreviewBytes = 64 * 1024 * 1024;

    explicit DocumentsPanel(const QString &documentsDir, QWidget *parent = nullptr);
    ~DocumentsPanel() override;

    QString documentsDir() const { return m_documentsDir; }
    // The private directory (per user) of copies handed to other applications by Open, and a document's
    // own directory in it (empty for an invalid id). Removed when the document is deleted and at exit.
    static QString externalCopyBase();
    static QString externalCopyDirOf(const QString &id);
    DocumentsPanelModel *model() const { return m_model; }
    QString currentDocumentId() const;
    // What the preview shows now: "none", "text", "image", "csv", "binary" or "error".
    QString previewKind() const { return m_previewKind; }

public Q_SLOTS:
    // Scans the directory again (the watcher does this on its own after every change).
    void refresh();
    bool selectDocument(const QString &id);
    void openExternally();
    // Asks where to save with a file dialog opened with open(); the copy is written off the GUI thread.
    void saveAs();
    void saveDocumentTo(const QString &id, const QString &path);
    // Shows the inline confirmation; confirmDelete() does it.
    void requestDelete();
    void confirmDelete();

Q_SIGNALS:
    // A scan reached the model.
    void refreshed();
    // The preview finished loading (kind as previewKind()).
    void previewReady(const QString &kind);
    void documentSaved(const QString &path);
    void documentDeleted(const QString &id);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    // Shows m_previewImage scaled down to the preview area (small images keep their pixels).
    void fitImage();
    void scheduleScan();
    void applyScan(const DocumentScan &scan);
    void onCurrentChanged();
    void showPreview(const DocumentEntry &doc);
    void setPreviewKind(const QString &kind);
    void updateActions();
    const DocumentEntry *current() const;

    QString m_documentsDir;
    DocumentsPanelModel *m_model = nullptr;
    QFileSystemWatcher *m_watcher = nullptr;
    QTimer *m_scanTimer = nullptr;
    bool m_scanning = false;
    bool m_rescan = false;
    quint64 m_previewGeneration = 0;
    QString m_previewKind = QStringLiteral("none");
    QString m_pendingDelete;
    QSet<QString> m_openedCopies; // ids with a copy in externalCopyDirOf() made by this panel
    // Copies (for other applications and Save As) and deletions run here one after another, in the order
    // asked: a delete never runs beside a copy of the same document.
    QThreadPool m_copiesAndDeletes;
    QImage m_previewImage; // the full-size image the preview shows scaled

    QStackedWidget *m_listStack = nullptr;
    QLabel *m_emptyLabel = nullptr;
    QTableView *m_table = nullptr;
    QPushButton *m_openButton = nullptr;
    QPushButton *m_saveButton = nullptr;
    QPushButton *m_deleteButton = nullptr;
    QWidget *m_deleteBar = nullptr;
    QLabel *m_deleteText = nullptr;
    InlineMessage *m_message = nullptr;
    QLabel *m_previewTitle = nullptr;
    QLabel *m_previewDetails = nullptr;
    QStackedWidget *m_previewStack = nullptr;
    QLabel *m_placeholder = nullptr;
    QTextBrowser *m_text = nullptr;
    QScrollArea *m_imageArea = nullptr;
    QLabel *m_image = nullptr;
    CsvPreview *m_csv = nullptr;
};
