// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QAbstractTableModel>
#include <QList>
#include <QString>
#include <QStringList>

// One promoted document as its meta.json describes it.
struct DocumentEntry
{
    QString id;          // "doc_..."
    QString filename;    // the promoted file's name
    QString dir;         // documentsDir/<id>
    QString containerId; // where it was promoted from (empty when unknown)
    QString sourcePath;  // its path below /workspace/home in that container
    QString sha256;
    qint64 size = 0;
    qint64 createdMs = 0;

    QString contentPath() const { return dir + QStringLiteral("/content"); }
};

// What a scan of the documents directory found: complete documents, and directories still without a
// meta.json (a promote in progress, which writes meta.json last).
struct DocumentScan
{
    QList<DocumentEntry> documents;
    QStringList pendingDirs;
};

// The workspace's documents (SPEC 1.4 promote), newest first: name, size, source container, date. Updates
// keep rows that stay, so selection and scrolling survive a refresh.
class DocumentsPanelModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { NameColumn, SizeColumn, SourceColumn, DateColumn, ColumnCount };
    enum Role { IdRole = Qt::UserRole + 1, ContentPathRole };

    explicit DocumentsPanelModel(QObject *parent = nullptr);

    // Reads every <dir>/<id>/meta.json; runs on a worker thread (no model access).
    static DocumentScan scan(const QString &documentsDir);
    // Whether id has the shape promote gives ("doc_" + letters and digits): nothing else is ever deleted.
    static bool isValidId(const QString &id);

    void setDocuments(QList<DocumentEntry> documents);
    const QList<DocumentEntry> &documents() const { return m_documents; }
    const DocumentEntry *document(int row) const;
    int rowOf(const QString &id) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<DocumentEntry> m_documents;
};
