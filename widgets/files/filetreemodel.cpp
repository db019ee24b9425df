// SPDX-License-Identifier: GPL-3.0-or-later
#include "files/filetreemodel.h"

#include "common/plaintooltip.h"
#include "common/retranslate.h"

#include <QApplication>
#include <QDateTime>
#include <QLocale>
#include <QStyle>

#include <algorithm>

using namespace Qt::StringLiterals;

struct FileTreeModel::Node
{
    QString name;
    QString path;
    ContainerFile file; // files only
    bool folder = false;
    qint64 size = 0;
    qint64 mtimeMs = 0;
    Node *parent = nullptr;
    int row = 0;
    std::vector<std::unique_ptr<Node>> children;

    Node *child(const QString &childName)
    {
        for (const auto &c : children) {
            if (c->folder && c->name == childName)
                return c.get();
        }
        auto node = std::make_unique<Node>();
        node->name = childName;
        node->path = path.isEmpty() ? childName : path + u'/' + childName;
        node->folder = true;
        node->parent = this;
        children.push_back(std::move(node));
        return children.back().get();
    }

    // Folders first, then by name; totals and newest times bubble up.
    void finish()
    {
        std::sort(children.begin(), children.end(), [](const auto &a, const auto &b) {
            if (a->folder != b->folder)
                return a->folder;
            return QString::localeAwareCompare(a->name, b->name) < 0;
        });
        if (folder) {
            size = 0;
            mtimeMs = 0;
        }
        for (size_t i = 0; i < children.size(); ++i) {
            Node *c = children[i].get();
            c->row = int(i);
            if (c->folder)
                c->finish();
            size += c->size;
            mtimeMs = std::max(mtimeMs, c->mtimeMs);
        }
    }
};

FileTreeModel::FileTreeModel(QObject *parent)
    : QAbstractItemModel(parent)
    , m_root(std::make_unique<Node>())
{
    m_root->folder = true;
}

FileTreeModel::~FileTreeModel() = default;

void FileTreeModel::setFiles(const QList<ContainerFile> &files)
{
    beginResetModel();
    m_root = std::make_unique<Node>();
    m_root->folder = true;
    for (const ContainerFile &f : files) {
        const QStringList parts = f.path.split(u'/', Qt::SkipEmptyParts);
        if (parts.isEmpty())
            continue;
        Node *dir = m_root.get();
        for (qsizetype i = 0; i + 1 < parts.size(); ++i)
            dir = dir->child(parts.at(i));
        auto node = std::make_unique<Node>();
        node->name = parts.last();
        node->path = f.path;
        node->file = f;
        node->size = f.size;
        node->mtimeMs = f.mtimeMs;
        node->parent = dir;
        dir->children.push_back(std::move(node));
    }
    m_root->finish();
    m_fileCount = int(files.size());
    endResetModel();
}

QModelIndex FileTreeModel::indexForPath(const QString &path) const
{
    const QStringList parts = path.split(u'/', Qt::SkipEmptyParts);
    const Node *node = m_root.get();
    for (const QString &part : parts) {
        const auto it = std::find_if(node->children.cbegin(), node->children.cend(),
                                     [&part](const auto &c) { return c->name == part; });
        if (it == node->children.cend())
            return {};
        node = it->get();
    }
    return node == m_root.get() ? QModelIndex() : createIndex(node->row, 0, const_cast<Node *>(node));
}

FileTreeModel::Node *FileTreeModel::nodeFor(const QModelIndex &index) const
{
    return index.isValid() ? static_cast<Node *>(index.internalPointer()) : m_root.get();
}

QModelIndex FileTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    if (column < 0 || column >= ColumnCount || row < 0 || (parent.isValid() && parent.column() != 0))
        return {};
    const Node *p = nodeFor(parent);
    if (row >= int(p->children.size()))
        return {};
    return createIndex(row, column, p->children[size_t(row)].get());
}

QModelIndex FileTreeModel::parent(const QModelIndex &child) const
{
    if (!child.isValid())
        return {};
    const Node *p = nodeFor(child)->parent;
    if (!p || p == m_root.get())
        return {};
    return createIndex(p->row, 0, const_cast<Node *>(p));
}

int FileTreeModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() && parent.column() != 0)
        return 0;
    return int(nodeFor(parent)->children.size());
}

int FileTreeModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant FileTreeModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    const Node *n = nodeFor(index);
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn:
            return n->name;
        case SizeColumn:
            return QLocale().formattedDataSize(n->size, 1, QLocale::DataSizeTraditionalFormat);
        case ModifiedColumn:
            return n->mtimeMs > 0 ? LocaleFormat::fromMSecs(n->mtimeMs) : QString();
        }
        break;
    case Qt::ToolTipRole:
        if (index.column() == NameColumn)
            return plainToolTip(n->folder ? n->path
                                          : tr("%1 — %2 bytes").arg(n->path, QLocale().toString(n->size)));
        break;
    case Qt::DecorationRole:
        if (index.column() == NameColumn && qApp)
            return QApplication::style()->standardIcon(n->folder ? QStyle::SP_DirIcon : QStyle::SP_FileIcon);
        break;
    case Qt::TextAlignmentRole:
        if (index.column() == SizeColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case PathRole:
        return n->path;
    case FileIdRole:
        return n->folder ? QString() : n->file.id;
    case IsFolderRole:
        return n->folder;
    case SizeRole:
        return n->size;
    case MtimeRole:
        return n->mtimeMs;
    }
    return {};
}

QVariant FileTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Name");
    case SizeColumn:
        return tr("Size");
    case ModifiedColumn:
        return tr("Modified");
    }
    return {};
}
