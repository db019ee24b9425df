// SPDX-License-Identifier: GPL-3.0-or-later
#include "settings/datalocationpage.h"

#include "common/inlineconfirm.h"
#include "common/inlinemessage.h"
#include "common/retranslate.h"
#include "gateway/requestobserver.h"
#include "sandbox/container.h"
#include "sandbox/containermanager.h"
#include "sandbox/history/containerregistry.h"
#include "workspace/diskcleanup.h"
#include "workspace/diskusage.h"
#include "workspace/workspace.h"

#include <QApplication>
#include <QClipboard>
#include <QDateTime>
#include <QDesktopServices>
#include <QDir>
#include <QFutureWatcher>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTreeWidget>
#include <QUrl>
#include <QVBoxLayout>
#include <QtConcurrent>

using namespace Qt::StringLiterals;

namespace {
enum Row { Containers, Snapshots, Documents, RequestLogs, Uploads, Total, RowCount };
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
    const QString areaNames[RowCount] = {tr("Containers"),   tr("Snapshots (file history)"), tr("Documents"),
                                         tr("Request logs"), tr("Uploaded files"),           tr("Total")};
    const QString areaHints[RowCount] = {
        tr("Files in the containers' home folders"),
        tr("The per-command history of each container's files"),
        tr("Files promoted from containers"),
        tr("The local API's request and shell-call log"),
        tr("Files that came in through the Files APIs of the local API"),
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

    // Clean-up: each action says what it would delete and free, asks, deletes on a worker, measures again.
    auto *cleanBox = new QGroupBox(this);
    cleanBox->setObjectName(u"CleanupBox"_s);
    retranslate(cleanBox, [cleanBox] { cleanBox->setTitle(tr("Clean up")); });
    m_cleanupBox = cleanBox;
    auto *grid = new QGridLayout;
    m_logDays = new QSpinBox(cleanBox);
    m_logDays->setObjectName(u"CleanupLogDays"_s);
    m_logDays->setRange(0, 3650);
    m_logDays->setValue(7);                     // the log keeps 30 days by itself (Logs → retention)
    m_logDays->setFocusPolicy(Qt::StrongFocus); // the page scrolls under the wheel, the number does not
    retranslate(m_logDays, [this] {
        m_logDays->setSuffix(tr(" days"));
        m_logDays->setSpecialValueText(tr("any age"));
    });
    auto *logsLabel =
        translatedLabel([]() -> QString { return tr("Requests in the log older than"); }, cleanBox);
    auto *containersLabel = translatedLabel(
        []() -> QString {
            return tr("Containers no conversation uses (made by the local API or left behind)");
        },
        cleanBox);
    auto *uploadsLabel =
        translatedLabel([]() -> QString { return tr("Files uploaded through the Files APIs"); }, cleanBox);
    for (QLabel *label : {logsLabel, containersLabel, uploadsLabel})
        label->setWordWrap(true);
    const char *names[] = {"CleanupLogsButton", "CleanupContainersButton", "CleanupUploadsButton"};
    for (int action = 0; action < 3; ++action) {
        auto *button = new QPushButton(cleanBox);
        button->setObjectName(QString::fromLatin1(names[action]));
        retranslate(button, [button] { button->setText(tr("Delete…")); });
        connect(button, &QPushButton::clicked, this, [this, action] { startCleanup(action); });
        m_cleanupButtons.append(button);
    }
    grid->addWidget(logsLabel, 0, 0);
    grid->addWidget(m_logDays, 0, 1);
    grid->addWidget(m_cleanupButtons.at(0), 0, 2);
    grid->addWidget(containersLabel, 1, 0, 1, 2);
    grid->addWidget(m_cleanupButtons.at(1), 1, 2);
    grid->addWidget(uploadsLabel, 2, 0, 1, 2);
    grid->addWidget(m_cleanupButtons.at(2), 2, 2);
    grid->setColumnStretch(0, 1);
    m_confirm = new InlineConfirm(cleanBox);
    m_confirm->setObjectName(u"CleanupConfirm"_s);
    m_confirm->hide();
    m_cleanupMessage = new InlineMessage(cleanBox);
    m_cleanupMessage->setObjectName(u"CleanupMessage"_s);
    auto *cleanLayout = new QVBoxLayout(cleanBox);
    cleanLayout->addLayout(grid);
    cleanLayout->addWidget(m_confirm);
    cleanLayout->addWidget(m_cleanupMessage);
    cleanBox->hide(); // setWorkspace()

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(whereBox);
    layout->addWidget(useBox);
    layout->addWidget(cleanBox);
    layout->addStretch(1);
}

void DataLocationPage::setWorkspace(Workspace *workspace)
{
    m_ws = workspace;
    m_cleanupBox->setVisible(workspace != nullptr);
}

void DataLocationPage::setCleaning(bool cleaning)
{
    m_cleaning = cleaning;
    for (QPushButton *button : std::as_const(m_cleanupButtons))
        button->setEnabled(!cleaning);
    m_logDays->setEnabled(!cleaning);
}

void DataLocationPage::startCleanup(int which)
{
    if (!m_ws || m_cleaning)
        return;
    using Plan = DiskCleanup::Plan;
    const auto action = DiskCleanup::Action(which);
    const QString dataDir = m_dataDir;
    const QString workspace = m_workspace;
    const QString workspaceDir = ContainerRegistry(dataDir).workspaceDir(workspace);
    const int days = m_logDays->value();
    // The containers this window holds (its conversations', awake ones) are never offered.
    QSet<QString> loaded;
    for (Container *container : m_ws->containers()->loaded())
        loaded.insert(container->id());
    setCleaning(true);
    m_confirm->hide();
    m_cleanupMessage->showMessage([] { return tr("Looking at what can be deleted…"); },
                                  InlineMessage::Type::Information);
    auto *planWatcher = new QFutureWatcher<Plan>(this);
    connect(planWatcher, &QFutureWatcher<Plan>::finished, this, [=, this] {
        planWatcher->deleteLater();
        const Plan plan = planWatcher->result();
        const QLocale locale;
        const QString size = locale.formattedDataSize(plan.bytes);
        const auto finish = [this](std::function<QString()> text, InlineMessage::Type type) {
            m_cleanupMessage->showMessage(std::move(text), type);
            setCleaning(false);
            Q_EMIT cleanupFinished();
        };
        if (!plan.error.isEmpty()) {
            finish([error = plan.error] { return tr("Cannot clean up: %1").arg(error); },
                   InlineMessage::Type::Error);
            return;
        }
        if (plan.items == 0) {
            finish(
                [action, days]() -> QString {
                    switch (action) {
                    case DiskCleanup::Action::OldRequests:
                        return days > 0
                                   ? tr("Nothing to delete: no request in the log is older than %1 days.")
                                         .arg(days)
                                   : tr("Nothing to delete: the request log is empty.");
                    case DiskCleanup::Action::UnusedContainers:
                        return tr("Nothing to delete: every container belongs to a conversation.");
                    case DiskCleanup::Action::Uploads:
                        return tr("Nothing to delete: no file was uploaded through the Files APIs.");
                    }
                    return QString();
                },
                InlineMessage::Type::Information);
            return;
        }
        m_cleanupMessage->hide();
        QString question;
        switch (action) {
        case DiskCleanup::Action::OldRequests:
            question = days > 0
                           ? tr("Delete %n request(s) logged more than %1 days ago from the request log, "
                                "with their shell calls and outputs? This frees about %2.",
                                nullptr, plan.items)
                                 .arg(days)
                                 .arg(size)
                           : tr("Delete all %n request(s) from the request log, with their shell calls and "
                                "outputs? This frees about %1.",
                                nullptr, plan.items)
                                 .arg(size);
            break;
        case DiskCleanup::Action::UnusedContainers:
            question = tr("Delete %n container(s) that no conversation uses, with their files and history? "
                          "This frees %1.",
                          nullptr, plan.items)
                           .arg(size);
            break;
        case DiskCleanup::Action::Uploads:
            question =
                tr("Delete %n file(s) uploaded through the Files APIs? Programs that still name them get "
                   "an error. This frees %1.",
                   nullptr, plan.items)
                    .arg(size);
            break;
        }
        m_confirm->disconnect(this);
        connect(m_confirm, &InlineConfirm::answered, this, [=, this](const QString &answer) {
            m_confirm->disconnect(this);
            m_confirm->hide();
            if (answer != u"delete") {
                m_cleanupMessage->showMessage([] { return tr("Nothing was deleted."); },
                                              InlineMessage::Type::Information);
                setCleaning(false);
                Q_EMIT cleanupFinished();
                return;
            }
            QFuture<DiskCleanup::Outcome> run;
            if (action == DiskCleanup::Action::OldRequests) {
                RequestLog *log = m_ws->observer() ? m_ws->observer()->log() : nullptr;
                run = QtConcurrent::run(&DiskCleanup::runOldRequests, workspaceDir, log, plan);
            } else if (action == DiskCleanup::Action::Uploads) {
                run = QtConcurrent::run(&DiskCleanup::runUploads, workspaceDir, plan);
            } else {
                // Moved aside at once by the manager (no request can find them any more), deleted on its
                // deletion thread; a worker waits for that here.
                QList<QFuture<QString>> removals;
                for (const QString &id : plan.ids)
                    removals.append(m_ws->containers()->removeInBackground(id));
                run = QtConcurrent::run([removals, plan] {
                    DiskCleanup::Outcome outcome;
                    for (qsizetype i = 0; i < removals.size(); ++i) {
                        QFuture<QString> removal = removals.at(i);
                        removal.waitForFinished();
                        const QString error = removal.resultCount() > 0 ? removal.result() : QString();
                        if (error.isEmpty()) {
                            ++outcome.removed;
                            outcome.freedBytes += plan.sizes.value(i);
                        } else if (outcome.error.isEmpty()) {
                            outcome.error = error;
                        }
                    }
                    return outcome;
                });
            }
            auto *runWatcher = new QFutureWatcher<DiskCleanup::Outcome>(this);
            connect(runWatcher, &QFutureWatcher<DiskCleanup::Outcome>::finished, this, [=, this] {
                runWatcher->deleteLater();
                const DiskCleanup::Outcome outcome = runWatcher->result();
                const QString freed = QLocale().formattedDataSize(outcome.freedBytes);
                m_cleanupMessage->showMessage(
                    [action, outcome, freed]() -> QString {
                        QString text;
                        switch (action) {
                        case DiskCleanup::Action::OldRequests:
                            text =
                                tr("Deleted %n request(s); the log is %1 smaller.", nullptr, outcome.removed)
                                    .arg(freed);
                            break;
                        case DiskCleanup::Action::UnusedContainers:
                            text = tr("Deleted %n container(s), freeing %1.", nullptr, outcome.removed)
                                       .arg(freed);
                            break;
                        case DiskCleanup::Action::Uploads:
                            text = tr("Deleted %n file(s), freeing %1.", nullptr, outcome.removed).arg(freed);
                            break;
                        }
                        return outcome.error.isEmpty() ? text
                                                       : tr("%1 Not everything: %2").arg(text, outcome.error);
                    },
                    outcome.error.isEmpty() ? InlineMessage::Type::Positive : InlineMessage::Type::Warning);
                setCleaning(false);
                refresh();
                Q_EMIT cleanupFinished();
            });
            runWatcher->setFuture(run);
        });
        m_confirm->ask(question, {{u"delete"_s, tr("Delete")}});
        Q_EMIT cleanupAsked();
    });
    planWatcher->setFuture(QtConcurrent::run([=]() -> Plan {
        switch (action) {
        case DiskCleanup::Action::OldRequests:
            return DiskCleanup::planOldRequests(workspaceDir, QDateTime::currentMSecsSinceEpoch() -
                                                                  qint64(days) * 24 * 60 * 60 * 1000);
        case DiskCleanup::Action::UnusedContainers:
            return DiskCleanup::planUnusedContainers(
                dataDir, workspace, loaded | DiskCleanup::conversationContainers(dataDir, workspace));
        case DiskCleanup::Action::Uploads:
            return DiskCleanup::planUploads(workspaceDir);
        }
        return Plan();
    }));
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
        const qint64 values[RowCount] = {a.containers,  a.snapshots, a.documents,
                                         a.requestLogs, a.uploads,   a.total()};
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
