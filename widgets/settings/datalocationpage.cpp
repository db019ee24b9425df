// SPDX-License-Identifier: GPL-3.0-or-later
#include "settings/datalocationpage.h"

#include "common/retranslate.h"
#include "workspace/diskusage.h"

#include <QApplication>
#include <QClipboard>
#include <QDateTime>
#include <QDesktopServices>
#include <QDir>
#include <QFutureWatcher>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QUrl>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {
enum Row { Containers, Snapshots, Documents, RequestLogs, Total, RowCount };
} // namespace

DataLocationPage::DataLocationPage(const QString &dataDir, const QString &workspace, QWidget *parent)
    : QWidget(parent)
    , m_dataDir(dataDir)
    , m_workspace(workspace)
{
    setObjectName(u"DataLocationPage"_s);

    auto *whereBox = new QGroupBox(this);
    retranslate(whereBox, [whereBox] { whereBox->setTitle(tr("Data folder")); });
    m_path = new QLabel(QDir::toNativeSeparators(m_dataDir), whereBox);
    m_path->setObjectName(u"DataDirPath"_s);
    m_path->setTextFormat(Qt::PlainText);
    m_path->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_path->setWordWrap(true);
    auto *hint = translatedLabel(
        [=, this]() -> QString {
            return tr("Containers, documents, request logs and snapshots of every workspace live here. "
                      "Start Sandbench with --data-dir or SANDBENCH_DATA_DIR to use another folder.");
        },
        whereBox);
    hint->setWordWrap(true);
    hint->setForegroundRole(QPalette::PlaceholderText);
    auto *open = new QPushButton(whereBox);
    retranslate(open, [open] { open->setText(tr("&Open in File Manager")); });
    open->setObjectName(u"OpenDataDirButton"_s);
    connect(open, &QPushButton::clicked, this,
            [this] { QDesktopServices::openUrl(QUrl::fromLocalFile(m_dataDir)); });
    auto *copy = new QPushButton(whereBox);
    retranslate(copy, [copy] { copy->setText(tr("&Copy Path")); });
    copy->setObjectName(u"CopyDataDirButton"_s);
    connect(copy, &QPushButton::clicked, this,
            [this] { QApplication::clipboard()->setText(QDir::toNativeSeparators(m_dataDir)); });
    auto *whereButtons = new QHBoxLayout;
    whereButtons->addWidget(open);
    whereButtons->addWidget(copy);
    whereButtons->addStretch(1);
    auto *whereLayout = new QVBoxLayout(whereBox);
    whereLayout->addWidget(m_path);
    whereLayout->addLayout(whereButtons);
    whereLayout->addWidget(hint);

    auto *useBox = new QGroupBox(this);
    retranslate(useBox, [useBox] { useBox->setTitle(tr("Disk use")); });
    m_table = new QTreeWidget(useBox);
    m_table->setObjectName(u"DiskUseTable"_s);
    m_table->setRootIsDecorated(false);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setFocusPolicy(Qt::NoFocus);
    m_table->setHeaderLabels(
        {tr("Area"), tr("Workspace \u201c%1\u201d").arg(m_workspace), tr("All workspaces")});
    const QString areaNames[RowCount] = {tr("Containers"), tr("Snapshots (file history)"), tr("Documents"),
                                         tr("Request logs"), tr("Total")};
    const QString areaHints[RowCount] = {
        tr("Files in the containers' home folders"),
        tr("The per-command history of each container's files"),
        tr("Files promoted from containers"),
        tr("The local API's request and shell-call log"),
        QString(),
    };
    for (int row = 0; row < RowCount; ++row) {
        auto *item = new QTreeWidgetItem(m_table, {areaNames[row], u"—"_s, u"—"_s});
        item->setToolTip(0, areaHints[row]);
        for (int column = 1; column < 3; ++column)
            item->setTextAlignment(column, Qt::AlignRight | Qt::AlignVCenter);
        if (row == Total) {
            QFont bold = item->font(0);
            bold.setBold(true);
            for (int column = 0; column < 3; ++column)
                item->setFont(column, bold);
        }
    }
    m_table->header()->setStretchLastSection(false);
    m_table->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_table->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_table->header()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    // Five rows and a header: no scrolling needed.
    m_table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->setFixedHeight(m_table->sizeHintForRow(0) * (RowCount + 1) +
                            m_table->header()->sizeHint().height() + 2 * m_table->frameWidth());

    m_status = new QLabel(useBox);
    setTranslatedText(m_status, [=, this]() -> QString { return tr("Not measured yet."); });
    m_status->setObjectName(u"DiskUseStatus"_s);
    m_status->setWordWrap(true);
    m_refresh = new QPushButton(useBox);
    retranslate(m_refresh, [this] { m_refresh->setText(tr("&Refresh")); });
    m_refresh->setObjectName(u"RefreshDiskUseButton"_s);
    connect(m_refresh, &QPushButton::clicked, this, &DataLocationPage::refresh);
    auto *statusRow = new QHBoxLayout;
    statusRow->addWidget(m_status, 1);
    statusRow->addWidget(m_refresh);
    auto *useLayout = new QVBoxLayout(useBox);
    useLayout->addWidget(m_table);
    useLayout->addLayout(statusRow);

    m_watcher = new QFutureWatcher<DiskUsage>(this);
    connect(m_watcher, &QFutureWatcher<DiskUsage>::finished, this, [this] {
        m_refresh->setEnabled(true);
        if (m_watcher->future().resultCount() > 0)
            showUsage(m_watcher->result());
    });

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(whereBox);
    layout->addWidget(useBox);
    layout->addStretch(1);
}

bool DataLocationPage::isMeasuring() const
{
    return m_watcher->isRunning();
}

void DataLocationPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (!m_everMeasured && !isMeasuring())
        refresh();
}

void DataLocationPage::refresh()
{
    if (isMeasuring())
        return;
    m_everMeasured = true;
    m_refresh->setEnabled(false);
    setTranslatedText(m_status, [=, this]() -> QString { return tr("Measuring…"); });
    m_watcher->setFuture(DiskUsage::start(m_dataDir, m_workspace));
}

void DataLocationPage::showUsage(const DiskUsage &usage)
{
    const QLocale locale;
    const auto format = [&locale](qint64 bytes) { return locale.formattedDataSize(bytes); };
    const DiskUsage::Areas *columns[] = {&usage.workspace, &usage.all};
    for (int column = 0; column < 2; ++column) {
        const DiskUsage::Areas &a = *columns[column];
        const qint64 values[RowCount] = {a.containers, a.snapshots, a.documents, a.requestLogs, a.total()};
        for (int row = 0; row < RowCount; ++row)
            m_table->topLevelItem(row)->setText(column + 1, format(values[row]));
    }
    setTranslatedText(m_status, [when = QDateTime::currentDateTime(), count = usage.workspaceCount,
                                 total = usage.dataDirTotal] {
        return tr("Measured at %1. Workspaces: %2. The whole data folder uses %3.")
            .arg(LocaleFormat::time(when))
            .arg(count)
            .arg(QLocale().formattedDataSize(total));
    });
    Q_EMIT measured();
}
