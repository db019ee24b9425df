// SPDX-License-Identifier: GPL-3.0-or-later
#include "documents/documentspanelmodel.h"

#include "common/plaintooltip.h"
#include "common/retranslate.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {
bool newerFirst(const DocumentEntry &a, const DocumentEntry &b)
{
    if (a.createdMs != b.createdMs)
        return a.createdMs > b.createdMs;
    return a.id < b.id;
}
} // namespace

DocumentsPanelModel::DocumentsPanelModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

bool DocumentsPanelModel::isValidId(const QString &id)
{
    static const QRegularExpression re(u"^doc_[A-Za-z0-9]{1,64}$"_s);
    return re.match(id).hasMatch();
}

DocumentScan DocumentsPanelModel::scan(const QString &documentsDir)
{
    DocumentScan result;
    const QDir dir(documentsDir);
    const QStringList ids = dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    for (const QString &id : ids) {
        if (!isValidId(id))
            continue;
        const QString docDir = dir.filePath(id);
        QFile meta(docDir + u"/meta.json"_s);
        if (!meta.open(QIODevice::ReadOnly)) {
            result.pendingDirs.append(docDir);
            continue;
        }
        const QJsonObject json = QJsonDocument::fromJson(meta.readAll()).object();
        if (json.isEmpty())
            continue;
        DocumentEntry doc;
        doc.id = id;
        doc.dir = docDir;
        doc.filename = json.value(u"filename"_s).toString(id);
        doc.size = json.value(u"size"_s).toInteger();
        doc.sha256 = json.value(u"sha256"_s).toString();
        doc.createdMs = json.value(u"created_ms"_s).toInteger();
        const QJsonObject source = json.value(u"source"_s).toObject();
        doc.containerId = source.value(u"container_id"_s).toString();
        doc.sourcePath = source.value(u"path"_s).toString();
        result.documents.append(doc);
    }
    std::sort(result.documents.begin(), result.documents.end(), newerFirst);
    return result;
}

void DocumentsPanelModel::setDocuments(QList<DocumentEntry> documents)
{
    std::sort(documents.begin(), documents.end(), newerFirst);
    QSet<QString> wanted;
    for (const DocumentEntry &d : std::as_const(documents))
        wanted.insert(d.id);
    for (int row = int(m_documents.size()) - 1; row >= 0; --row) {
        if (!wanted.contains(m_documents[row].id)) {
            beginRemoveRows({}, row, row);
            m_documents.removeAt(row);
            endRemoveRows();
        }
    }
    // Both lists are in the same order now, so walking them together finds where each new row belongs.
    for (int row = 0; row < int(documents.size()); ++row) {
        if (row < int(m_documents.size()) && m_documents[row].id == documents[row].id)
            continue;
        beginInsertRows({}, row, row);
        m_documents.insert(row, documents[row]);
        endInsertRows();
    }
}

const DocumentEntry *DocumentsPanelModel::document(int row) const
{
    return row >= 0 && row < int(m_documents.size()) ? &m_documents[row] : nullptr;
}

int DocumentsPanelModel::rowOf(const QString &id) const
{
    for (int row = 0; row < int(m_documents.size()); ++row) {
        if (m_documents[row].id == id)
            return row;
    }
    return -1;
}

int DocumentsPanelModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_documents.size());
}

int DocumentsPanelModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DocumentsPanelModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const DocumentEntry &doc = m_documents[index.row()];
    switch (role) {
    case IdRole:
        return doc.id;
    case ContentPathRole:
        return doc.contentPath();
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn:
            return doc.filename;
        case SizeColumn:
            return QLocale().formattedDataSize(doc.size, 1, QLocale::DataSizeTraditionalFormat);
        case SourceColumn:
            return doc.containerId.isEmpty() ? tr("unknown") : doc.containerId;
        case DateColumn: {
            if (doc.createdMs <= 0)
                return QString();
            // Today's documents by time, older ones by date (as file managers do); the tooltip has both.
            return LocaleFormat::when(QDateTime::fromMSecsSinceEpoch(doc.createdMs));
        }
        }
        break;
    case Qt::ToolTipRole:
        switch (index.column()) {
        case NameColumn:
            return plainToolTip(tr("%1\nDocument %2\nSHA-256 %3").arg(doc.filename, doc.id, doc.sha256));
        case SizeColumn:
            return tr("%1 bytes").arg(QLocale().toString(doc.size));
        case SourceColumn:
            return doc.containerId.isEmpty()
                       ? QString()
                       : plainToolTip(tr("Promoted from /workspace/home/%1 in container %2")
                                          .arg(doc.sourcePath, doc.containerId));
        case DateColumn:
            return doc.createdMs > 0 ? LocaleFormat::detailed(QDateTime::fromMSecsSinceEpoch(doc.createdMs))
                                     : QString();
        }
        break;
    case Qt::TextAlignmentRole:
        if (index.column() == SizeColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    default:
        break;
    }
    return {};
}

QVariant DocumentsPanelModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case NameColumn:
        return tr("Name");
    case SizeColumn:
        return tr("Size");
    case SourceColumn:
        return tr("Source");
    case DateColumn:
        return tr("Promoted");
    }
    return {};
}
