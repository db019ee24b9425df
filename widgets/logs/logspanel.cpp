// SPDX-License-Identifier: GPL-3.0-or-later
#include "logs/logspanel.h"

#include "base/settings.h"
#include "common/elidedlabel.h"
#include "common/elidingcombobox.h"
#include "common/filedialog.h"
#include "common/inlinemessage.h"
#include "common/plaintooltip.h"
#include "common/retranslate.h"
#include "common/safetextbrowser.h"
#include "common/syntaxhighlighter.h"
#include "gateway/logsettings.h"
#include "gateway/logsreader.h"
#include "logs/logsmodel.h"
#include "sandbox/sandboxsettings.h"
#include "shellcalls/shellcallview.h"
#include "tools/shellaction.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDateTimeEdit>
#include <QDir>
#include <QEvent>
#include <QFontDatabase>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSet>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <functional>

using namespace Qt::StringLiterals;

namespace {

enum TimeRange { AnyTime, LastHour, LastDay, LastWeek, LastMonth, CustomRange };

QString prettyJson(const QByteArray &bytes)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
    if (error.error == QJsonParseError::NoError && !doc.isNull())
        return QString::fromUtf8(doc.toJson(QJsonDocument::Indented));
    return QString::fromUtf8(bytes);
}

// The Responses output item (SPEC 1.2) of a logged shell call, as the live view shows finished calls.
QJsonObject outputItemOf(const ShellCallRecord &call)
{
    ShellAction action;
    QList<CommandResult> results;
    for (const CommandRecord &c : call.commands) {
        action.commands.append(c.command);
        CommandResult result;
        result.stdoutText = c.stdoutText;
        result.stderrText = c.stderrText;
        result.outcome =
            c.outcome == u"timeout"_s ? CommandOutcome::timeout() : CommandOutcome::exit(c.exitCode);
        result.durationMs = c.durationMs;
        results.append(result);
    }
    QJsonObject item = shellOutputItem(call.callId, call.callId, call.containerId, action, results, true);
    // The card names a code tool's contract, as the conversation's own card does.
    if (!call.tool.isEmpty())
        item.insert(u"tool"_s, call.tool);
    return item;
}

// The logged item with the cells of the window's saved item of the same call: a command's cell only when
// the saved command is the logged one.
QJsonObject withCells(QJsonObject logged, const QJsonObject &saved)
{
    const QJsonArray savedCommands = saved.value(u"action"_s).toObject().value(u"commands"_s).toArray();
    const QJsonArray savedOutput = saved.value(u"output"_s).toArray();
    const QJsonArray commands = logged.value(u"action"_s).toObject().value(u"commands"_s).toArray();
    QJsonArray output = logged.value(u"output"_s).toArray();
    for (qsizetype i = 0; i < output.size() && i < savedOutput.size() && i < commands.size(); ++i) {
        const QJsonValue cell = savedOutput.at(i).toObject().value(u"cell"_s);
        if (!cell.isObject() || savedCommands.at(i) != commands.at(i))
            continue;
        QJsonObject result = output.at(i).toObject();
        result.insert(u"cell"_s, cell);
        output.replace(i, result);
    }
    logged.insert(u"output"_s, output);
    return logged;
}

// Whether a command of the item carries a saved cell (CellRecord).
bool hasCell(const QJsonObject &item)
{
    for (const QJsonValue &result : item.value(u"output"_s).toArray())
        if (result.toObject().value(u"cell"_s).isObject())
            return true;
    return false;
}

// A call the approval gate kept from running, as a not-run item (ShellCallView shows why); nullopt for a
// decision that let it run.
// stopped: the request was cancelled (the window's Stop), so a call that waited was stopped.
std::optional<QJsonObject> notRunItemOf(const ApprovalRecord &approval, bool ioLogged, bool stopped)
{
    QString code;
    if (approval.decision == u"denied" || approval.decision == u"deny")
        code = u"approval_denied"_s;
    else if (approval.decision == u"expired")
        code = u"approval_timeout"_s;
    else if (approval.decision == u"unavailable")
        code = u"approval_unavailable"_s;
    else if (approval.decision == u"withdrawn")
        code = stopped ? u"stopped"_s : u"approval_withdrawn"_s;
    else
        return std::nullopt;
    QJsonObject notRun{{u"code"_s, code}, {u"decision"_s, approval.decision}, {u"reason"_s, approval.reason}};
    if (!approval.by.isEmpty())
        notRun.insert(u"by"_s, approval.by);
    if (!approval.note.isEmpty())
        notRun.insert(u"note"_s, approval.note);
    // The commands are kept only with input and output logging; one text, as the person read it.
    const QString commands =
        ioLogged ? approval.commands : QCoreApplication::translate("LogsPanel", "(commands not logged)");
    return QJsonObject{
        {u"type"_s, u"openrouter:shell"_s}, {u"call_id"_s, approval.callId},
        {u"status"_s, u"incomplete"_s},     {u"action"_s, QJsonObject{{u"commands"_s, QJsonArray{commands}}}},
        {u"output"_s, QJsonArray()},        {u"not_run"_s, notRun}};
}

} // namespace

void LogsPanel::setCellLookup(const QString &storeDir, CellLookup lookup)
{
    m_callPanel->setCellStore(storeDir);
    m_cellLookup = std::move(lookup);
}

LogsPanel::LogsPanel(const QString &dataDir, const QString &workspace, QWidget *parent)
    : QWidget(parent)
    , m_dataDir(dataDir)
    , m_workspace(workspace)
{
    setObjectName(u"LogsPanel"_s);
    m_reader = new LogsReader(dataDir, workspace, this);
    m_model = new LogsModel(m_reader, this);
    buildUi();

    m_searchDebounce.setSingleShot(true);
    m_searchDebounce.setInterval(250);
    connect(&m_searchDebounce, &QTimer::timeout, this, &LogsPanel::applyFilter);
    connect(m_reader, &LogsReader::changed, this, &LogsPanel::reload);
    connect(m_model, &LogsModel::refreshed, this, [this] {
        updateCountLabel();
        resolvePendingRow();
        selectShownRequest();
        dropHiddenDetail();
    });
    // The rows in view decide what From, Model and API need (fitColumns).
    connect(m_model, &LogsModel::pageLoaded, this, &LogsPanel::fitColumns);
    connect(m_model, &LogsModel::refreshed, this, &LogsPanel::fitColumns);
    connect(m_model, &LogsModel::pageLoaded, this, [this] {
        resolvePendingRow();
        selectShownRequest();
    });
    reload();
}

LogsPanel::~LogsPanel() = default;

void LogsPanel::buildUi()
{
    m_message = new InlineMessage(this);
    m_message->setObjectName(u"LogsMessage"_s);
    m_message->hide();

    m_loggingNote = new QLabel(this);
    m_loggingNote->setObjectName(u"LogsLoggingNote"_s);
    m_loggingNote->setWordWrap(true);
    setTranslatedText(m_loggingNote, [=, this]() -> QString {
        return tr("Input and output logging is off for this workspace: only metadata (time, model, "
                  "status, tokens, cost, detections) is kept; request and response bodies, commands "
                  "and their output are not stored.");
    });
    m_loggingNote->hide();

    m_search = new QLineEdit(this);
    m_search->setObjectName(u"LogsSearchEdit"_s);
    retranslate(m_search, [this] {
        m_search->setPlaceholderText(tr("Search requests, responses, commands and output"));
        m_search->setToolTip(
            tr("Finds requests holding every word; \"words in quotes\" in this order, word* for "
               "words that start so. Text without letters or digits is found as it is."));
    });
    m_search->setClearButtonEnabled(true);
    connect(m_search, &QLineEdit::textChanged, this, [this] { m_searchDebounce.start(); });
    connect(m_search, &QLineEdit::returnPressed, this, [this] {
        m_searchDebounce.stop();
        applyFilter();
    });

    // The filters share the panel's width and give way in the side column at 1366 pixels (their boxes
    // elide, their lists and tooltips show whole texts), so the panel is never wider than its dock.
    const auto filterBox = [this] {
        auto *box = new ElidingComboBox(this);
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(3);
        connect(box, &QComboBox::currentTextChanged, box,
                [box](const QString &text) { box->setToolTip(plainToolTip(text)); });
        return box;
    };
    m_modelFilter = filterBox();
    m_modelFilter->setObjectName(u"LogsModelFilter"_s);
    m_modelFilter->addItem(tr("All models"), QString());
    m_statusFilter = filterBox();
    m_statusFilter->setObjectName(u"LogsStatusFilter"_s);
    m_statusFilter->addItem(tr("All statuses"), QVariant());
    m_timeRange = filterBox();
    m_timeRange->setObjectName(u"LogsTimeRange"_s);
    m_timeRange->addItem(QString(), AnyTime);
    retranslate(m_timeRange,
                [this, item = m_timeRange->count() - 1] { m_timeRange->setItemText(item, tr("Any time")); });
    m_timeRange->addItem(QString(), LastHour);
    retranslate(m_timeRange,
                [this, item = m_timeRange->count() - 1] { m_timeRange->setItemText(item, tr("Last hour")); });
    m_timeRange->addItem(QString(), LastDay);
    retranslate(m_timeRange, [this, item = m_timeRange->count() - 1] {
        m_timeRange->setItemText(item, tr("Last 24 hours"));
    });
    m_timeRange->addItem(QString(), LastWeek);
    retranslate(m_timeRange, [this, item = m_timeRange->count() - 1] {
        m_timeRange->setItemText(item, tr("Last 7 days"));
    });
    m_timeRange->addItem(QString(), LastMonth);
    retranslate(m_timeRange, [this, item = m_timeRange->count() - 1] {
        m_timeRange->setItemText(item, tr("Last 30 days"));
    });
    m_timeRange->addItem(QString(), CustomRange);
    retranslate(m_timeRange, [this, item = m_timeRange->count() - 1] {
        m_timeRange->setItemText(item, tr("Custom range"));
    });
    for (QComboBox *combo : {m_modelFilter, m_statusFilter, m_timeRange})
        connect(combo, &QComboBox::activated, this, &LogsPanel::applyFilter);
    connect(m_timeRange, &QComboBox::currentIndexChanged, this, &LogsPanel::updateTimeRangeControls);

    m_from = new QDateTimeEdit(QDateTime::currentDateTime().addDays(-1), this);
    m_from->setObjectName(u"LogsFromEdit"_s);
    m_to = new QDateTimeEdit(QDateTime::currentDateTime().addSecs(3600), this);
    m_to->setObjectName(u"LogsToEdit"_s);
    for (QDateTimeEdit *edit : {m_from, m_to}) {
        edit->setCalendarPopup(true);
        retranslate(edit, [edit] { edit->setDisplayFormat(QLocale().dateTimeFormat(QLocale::ShortFormat)); });
        connect(edit, &QDateTimeEdit::editingFinished, this, &LogsPanel::applyFilter);
        connect(edit, &QDateTimeEdit::dateTimeChanged, this, [this] { m_searchDebounce.start(); });
    }
    m_customRange = new QWidget(this);
    auto *rangeLayout = new QHBoxLayout(m_customRange);
    rangeLayout->setContentsMargins(0, 0, 0, 0);
    rangeLayout->addWidget(translatedLabel([=, this]() -> QString { return tr("From"); }, m_customRange));
    rangeLayout->addWidget(m_from, 1);
    rangeLayout->addWidget(translatedLabel([=, this]() -> QString { return tr("to"); }, m_customRange));
    rangeLayout->addWidget(m_to, 1);
    m_customRange->hide();

    m_exportButton = new QPushButton(this);
    retranslate(m_exportButton, [this] { m_exportButton->setText(tr("Export…")); });
    m_exportButton->setObjectName(u"LogsExportButton"_s);
    retranslate(m_exportButton, [this] {
        m_exportButton->setToolTip(tr("Write every request that matches the filter to a JSON Lines file"));
    });
    connect(m_exportButton, &QPushButton::clicked, this, &LogsPanel::exportFiltered);

    // One line, elided (the tooltip has it whole): a wrapping label would make the whole panel's height
    // depend on its width, and the dock's scroll area would then make the panel as tall as it would like
    // (the detail pushed below the dock's edge at 1366×768) instead of fitting it to the dock.
    auto *count = new ElidedLabel(this);
    count->setElideMode(Qt::ElideRight);
    m_countLabel = count;
    m_countLabel->setObjectName(u"LogsCountLabel"_s);
    m_countLabel->setTextFormat(Qt::PlainText); // names the workspace and quotes errors

    auto *filters = new QHBoxLayout;
    filters->addWidget(m_modelFilter, 2);
    filters->addWidget(m_statusFilter, 1);
    filters->addWidget(m_timeRange, 1);
    auto *countRow = new QHBoxLayout;
    countRow->addWidget(m_countLabel, 1);
    countRow->addWidget(m_exportButton);

    m_table = new QTableView(this);
    m_table->setObjectName(u"LogsTable"_s);
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    // Request ids are long: keep both ends readable in a narrow panel (the detail shows the whole id).
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->verticalHeader()->hide();
    // Fixed row heights keep scrolling through 100,000 rows free of per-row measuring.
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    // However short the dock, the list keeps its header and three rows beside the detail.
    m_table->setMinimumHeight(m_table->horizontalHeader()->sizeHint().height() +
                              3 * m_table->verticalHeader()->defaultSectionSize() +
                              m_table->horizontalScrollBar()->sizeHint().height() +
                              2 * m_table->frameWidth());
    m_table->horizontalHeader()->setStretchLastSection(true);
    const int digit = fontMetrics().horizontalAdvance(u'0');
    // As wide as the time the column shows, in the locale's format.
    m_table->setColumnWidth(LogsModel::TimeColumn, fontMetrics().horizontalAdvance(LocaleFormat::dateTime(
                                                       QDateTime(QDate(2026, 12, 28), QTime(23, 58, 58)))) +
                                                       16);
    m_table->setColumnWidth(LogsModel::StatusColumn, digit * 7);
    m_table->setColumnWidth(LogsModel::FromColumn, digit * 28);
    m_table->setColumnWidth(LogsModel::ModelColumn, digit * 15);
    // Wide enough for the longest API name shown ("Anthropic Messages").
    m_table->setColumnWidth(LogsModel::ApiColumn,
                            fontMetrics().horizontalAdvance(LogsModel::apiTitle(u"messages"_s)) + 16);
    m_table->setColumnWidth(LogsModel::RequestColumn, digit * 20);
    m_table->setColumnWidth(LogsModel::LatencyColumn, digit * 9);
    m_table->setColumnWidth(LogsModel::TokensColumn, digit * 12);
    // Never narrower than the column's title (titles such as "Tokens in → out" were cut off).
    for (int column = 0; column < LogsModel::ColumnCount; ++column) {
        const int title =
            fontMetrics().horizontalAdvance(m_model->headerData(column, Qt::Horizontal).toString()) + 24;
        m_table->setColumnWidth(column, std::max(m_table->columnWidth(column), title));
        m_columnWidths.append(m_table->columnWidth(column));
        // Giving way, a column keeps its title whole (the room a sort arrow takes is given up), the time
        // its first and last characters.
        m_columnMinimums.append(column == LogsModel::TimeColumn ? digit * 7 : title - 12);
    }
    // The widths follow the list's width (fitColumns) until the person drags a column's edge; the last
    // column's stretch is the header's own doing.
    m_table->viewport()->installEventFilter(this);
    connect(m_table->horizontalHeader(), &QHeaderView::sectionResized, this, [this](int column) {
        if (!m_fittingColumns && column != LogsModel::ColumnCount - 1)
            m_columnsSizedByHand = true;
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &LogsPanel::onCurrentRowChanged);

    // The detail of the selected request.
    m_detailBox = new QWidget(this);
    m_detailBox->setObjectName(u"LogsDetail"_s);
    m_detailHeader = new QLabel(m_detailBox);
    setTranslatedText(m_detailHeader,
                      [=, this]() -> QString { return tr("Select a request to see its detail."); });
    m_detailHeader->setObjectName(u"LogsDetailHeader"_s);
    m_detailHeader->setWordWrap(true);
    m_detailHeader->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_detailHeader->setTextFormat(Qt::RichText); // every logged value in it is escaped in setDetail()
    m_bodiesNote = new QLabel(m_detailBox);
    m_bodiesNote->setObjectName(u"LogsBodiesNote"_s);
    m_bodiesNote->setWordWrap(true);
    m_bodiesNote->hide();

    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    m_requestView = new SafeTextBrowser(m_detailBox);
    m_requestView->setObjectName(u"LogsRequestView"_s);
    m_responseView = new SafeTextBrowser(m_detailBox);
    m_responseView->setObjectName(u"LogsResponseView"_s);
    for (QTextBrowser *view : {m_requestView, m_responseView}) {
        view->setFont(mono);
        view->setLineWrapMode(QTextEdit::NoWrap);
        view->setOpenLinks(false);
    }

    // The Response tab: the tool calls the response holds (what a developer debugging a trace looks for),
    // each on one line, over the body itself.
    auto *responsePage = new QSplitter(Qt::Vertical, m_detailBox);
    responsePage->setObjectName(u"LogsResponseSplitter"_s);
    responsePage->setChildrenCollapsible(false);
    m_responseCalls = new QTreeWidget(responsePage);
    m_responseCalls->setObjectName(u"LogsResponseToolCalls"_s);
    m_responseCalls->setRootIsDecorated(false);
    m_responseCalls->setUniformRowHeights(true);
    m_responseCalls->setAlternatingRowColors(true);
    m_responseCalls->setTextElideMode(Qt::ElideRight);
    m_responseCalls->setHeaderLabels(
        {tr("Tool call"), tr("Call id"), tr("Arguments or code"), tr("Outcome")});
    m_responseCalls->hide();
    responsePage->addWidget(m_responseCalls);
    responsePage->addWidget(m_responseView);
    responsePage->setStretchFactor(0, 1);
    responsePage->setStretchFactor(1, 2);

    auto *callsPage = new QWidget(m_detailBox);
    m_callList = new QListWidget(callsPage);
    m_callList->setObjectName(u"LogsShellCallList"_s);
    m_callList->setMaximumHeight(fontMetrics().height() * 5);
    m_callList->setMinimumHeight(fontMetrics().height() * 2 + 6);
    m_replayButton = new QPushButton(callsPage);
    retranslate(m_replayButton,
                [this] { m_replayButton->setText(tr("Run again in the current conversation")); });
    m_replayButton->setObjectName(u"LogsReplayButton"_s);
    setTranslatedToolTip(m_replayButton, [=, this]() -> QString {
        return tr("Runs the selected call's commands in the container of the conversation shown "
                  "now; the live output appears in the Shell calls view.");
    });
    m_replayButton->setEnabled(false);
    connect(m_replayButton, &QPushButton::clicked, this, &LogsPanel::replaySelectedCall);
    connect(m_callList, &QListWidget::currentRowChanged, this, [this](int row) {
        const bool logged = row >= 0 && row < m_detail.record.shellCalls.size() && m_detail.record.ioLogged;
        m_replayButton->setEnabled(logged);
    });
    m_callPanel = new ShellCallPanel(callsPage);
    m_callPanel->setObjectName(u"LogsShellCallPanel"_s);
    auto *callsLayout = new QVBoxLayout(callsPage);
    callsLayout->setContentsMargins(0, 4, 0, 0);
    m_callList->setTextElideMode(Qt::ElideRight);
    m_callList->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto *replayRow = new QHBoxLayout;
    replayRow->addStretch(1);
    replayRow->addWidget(m_replayButton);
    callsLayout->addWidget(m_callList);
    callsLayout->addLayout(replayRow);
    callsLayout->addWidget(m_callPanel, 1);

    auto *detectionsPage = new QWidget(m_detailBox);
    m_detections = new QTreeWidget(detectionsPage);
    m_detections->setObjectName(u"LogsDetectionList"_s);
    m_detections->setRootIsDecorated(false);
    m_detections->setHeaderLabels(
        {tr("Guardrail"), tr("Action"), tr("Pattern"), tr("Where"), tr("Reported")});
    connect(m_detections, &QTreeWidget::currentItemChanged, this, &LogsPanel::updateDetectionButtons);
    m_falsePositiveNote = new QLineEdit(detectionsPage);
    m_falsePositiveNote->setObjectName(u"LogsFalsePositiveNote"_s);
    retranslate(m_falsePositiveNote, [this] {
        m_falsePositiveNote->setPlaceholderText(tr("Why this is not a real detection (optional)"));
    });
    m_falsePositiveButton = new QPushButton(detectionsPage);
    setTranslatedText(m_falsePositiveButton, [=, this]() -> QString { return tr("Report false positive"); });
    m_falsePositiveButton->setObjectName(u"LogsReportFalsePositiveButton"_s);
    m_falsePositiveButton->setEnabled(false);
    connect(m_falsePositiveButton, &QPushButton::clicked, this, &LogsPanel::reportFalsePositive);
    auto *detectionsLayout = new QVBoxLayout(detectionsPage);
    detectionsLayout->setContentsMargins(0, 4, 0, 0);
    detectionsLayout->addWidget(m_detections, 1);
    auto *reportRow = new QHBoxLayout;
    reportRow->addWidget(m_falsePositiveNote, 1);
    reportRow->addWidget(m_falsePositiveButton);
    detectionsLayout->addLayout(reportRow);

    m_detailTabs = new QTabWidget(m_detailBox);
    m_detailTabs->setObjectName(u"LogsDetailTabs"_s);
    m_detailTabs->setDocumentMode(true);
    m_detailTabs->addTab(m_requestView, tr("Request"));
    m_detailTabs->addTab(responsePage, tr("Response"));
    m_detailTabs->addTab(callsPage, tr("Shell calls"));
    m_detailTabs->addTab(detectionsPage, tr("Detections"));
    // The request's facts run to seven lines: they scroll past five, so the tabs below keep their room.
    m_detailHeaderScroll = new QScrollArea(m_detailBox);
    m_detailHeaderScroll->setObjectName(u"LogsDetailHeaderScroll"_s);
    m_detailHeaderScroll->setFrameShape(QFrame::NoFrame);
    m_detailHeaderScroll->setWidgetResizable(true);
    m_detailHeaderScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_detailHeaderScroll->setFocusPolicy(Qt::NoFocus);
    m_detailHeaderScroll->setWidget(m_detailHeader);
    m_detailHeaderScroll->setMinimumHeight(2 * fontMetrics().lineSpacing());
    m_detailHeaderScroll->setMaximumHeight(5 * fontMetrics().lineSpacing() + 4);
    auto *detailLayout = new QVBoxLayout(m_detailBox);
    detailLayout->setContentsMargins(0, 0, 0, 0);
    detailLayout->addWidget(m_detailHeaderScroll);
    detailLayout->addWidget(m_bodiesNote);
    detailLayout->addWidget(m_detailTabs, 1);
    m_detailTabs->setEnabled(false);

    // Most of the height goes to the detail (the request, its response, its calls' cards); the list keeps a
    // few rows. A share the user drags is kept, also for the next start.
    m_splitter = new QSplitter(Qt::Vertical, this);
    auto *splitter = m_splitter;
    splitter->setObjectName(u"LogsSplitter"_s);
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(m_table);
    splitter->addWidget(m_detailBox);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 3);
    if (const double saved = Settings().value(Settings::Key::LogsDetailShare).toDouble();
        saved >= 0.1 && saved <= 0.95)
        m_detailShare = saved;
    splitter->installEventFilter(this);
    connect(splitter, &QSplitter::splitterMoved, this, [this] {
        const QList<int> sizes = m_splitter->sizes();
        if (sizes.size() != 2 || sizes.at(0) + sizes.at(1) <= 0)
            return;
        m_detailShare = double(sizes.at(1)) / (sizes.at(0) + sizes.at(1));
        Settings().setValue(Settings::Key::LogsDetailShare, m_detailShare);
    });

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_message);
    layout->addWidget(m_loggingNote);
    layout->addWidget(m_search);
    layout->addLayout(filters);
    layout->addWidget(m_customRange);
    layout->addLayout(countRow);
    layout->addWidget(splitter, 1);

    // Texts that also change with the log's content: written again from what is shown.
    retranslate(m_detailTabs, [this] {
        m_modelFilter->setItemText(0, tr("All models"));
        m_statusFilter->setItemText(0, tr("All statuses"));
        m_detections->setHeaderLabels(
            {tr("Guardrail"), tr("Action"), tr("Pattern"), tr("Where"), tr("Reported")});
        m_detailTabs->setTabText(0, tr("Request"));
        m_detailTabs->setTabText(
            1, m_detail.found && !m_detail.toolCalls.isEmpty()
                   ? tr("Response (%n tool call(s))", nullptr, int(m_detail.toolCalls.size()))
                   : tr("Response"));
        m_responseCalls->setHeaderLabels(
            {tr("Tool call"), tr("Call id"), tr("Arguments or code"), tr("Outcome")});
        if (m_detail.found) {
            m_detailTabs->setTabText(2, tr("Shell calls (%1)").arg(m_detail.record.shellCalls.size()));
            m_detailTabs->setTabText(3, tr("Detections (%1)").arg(m_detail.record.detections.size()));
        } else {
            m_detailTabs->setTabText(2, tr("Shell calls"));
            m_detailTabs->setTabText(3, tr("Detections"));
            if (m_requestedRowId == 0)
                setTranslatedText(m_detailHeader, [=, this]() -> QString {
                    return tr("Select a request to see its detail.");
                });
        }
        updateDetectionButtons();
        updateCountLabel();
    });
}

void LogsPanel::fitColumns()
{
    // At 1366 pixels the Logs share the side column: the columns up to API fit the list's width when they
    // can. From, Model and API first narrow to what the rows in view need, then From and Model give way (to
    // a few characters), then API, Time and Status, then From, Model and API to their titles, elided (the
    // tooltips say them whole); the columns after API keep their widths
    // and scroll into view. Once the person drags a column's edge, the widths are theirs.
    if (m_columnsSizedByHand || m_columnWidths.size() != LogsModel::ColumnCount)
        return;
    QList<int> widths = m_columnWidths;
    int excess = -m_table->viewport()->width();
    for (int column = 0; column <= LogsModel::ApiColumn; ++column)
        excess += widths.at(column);
    // A group gives way by its columns' shares of the room they can give, each down to least(column).
    const auto giveAlike = [&](const QList<int> &group, const std::function<int(int)> &least) {
        const auto room = [&](int column) { return std::max(0, widths.at(column) - least(column)); };
        int slack = 0;
        for (const int column : group)
            slack += room(column);
        const int total = excess;
        for (int pass = 0; pass < 2 && excess > 0 && slack > 0; ++pass) // the second: what rounding left
            for (const int column : group) {
                const int cut = std::min(
                    {room(column), excess, pass == 0 ? int(qint64(total) * room(column) / slack) : excess});
                widths[column] -= cut;
                excess -= cut;
            }
    };
    const int readable = fontMetrics().horizontalAdvance(u'0') * 7; // a few characters and the "…"
    const auto least = [this](int column) { return m_columnMinimums.at(column); };
    const auto legible = [&](int column) { return std::max(readable, least(column)); };
    // What the rows in view need first: nothing is elided for it.
    const QList<int> texts{LogsModel::FromColumn, LogsModel::ModelColumn, LogsModel::ApiColumn};
    giveAlike(texts, [&](int column) {
        // Public in QAbstractItemView; QTableView measures the rows in view.
        const int needed = static_cast<QAbstractItemView *>(m_table)->sizeHintForColumn(column);
        return needed < 0 ? widths.at(column) : std::max(least(column), needed);
    });
    giveAlike({LogsModel::FromColumn, LogsModel::ModelColumn}, legible);
    giveAlike({LogsModel::ApiColumn, LogsModel::TimeColumn, LogsModel::StatusColumn},
              [&](int column) { return column == LogsModel::ApiColumn ? legible(column) : least(column); });
    giveAlike(texts, least);
    m_fittingColumns = true;
    for (int column = 0; column <= LogsModel::ApiColumn; ++column)
        if (m_table->columnWidth(column) != widths.at(column))
            m_table->setColumnWidth(column, widths.at(column));
    m_fittingColumns = false;
}

bool LogsPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (m_table && watched == m_table->viewport() && event->type() == QEvent::Resize)
        fitColumns();
    if (watched == m_splitter && event->type() == QEvent::Resize) {
        // The share holds whatever height the dock gives: the sizes follow it at every resize.
        const int total = m_splitter->height() - m_splitter->handleWidth();
        if (total > 0) {
            const int detail = int(total * m_detailShare);
            const QSignalBlocker blocker(m_splitter);
            m_splitter->setSizes({total - detail, detail});
        }
    }
    return QWidget::eventFilter(watched, event);
}

void LogsPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    m_reader->setWatching(true);
}

void LogsPanel::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    m_reader->setWatching(false);
}

void LogsPanel::reload()
{
    reloadFacets();
    reloadLoggingNote();
    if (const std::optional<LogFilter> filter = currentFilter())
        showFilter(*filter);
    // The open detail is read again, unless the user already asked for another request (its answer is on the
    // way, or its row's page is): re-reading the old one then would undo that choice.
    if (m_detail.record.rowId > 0 && m_requestedRowId == m_detail.record.rowId && !m_pendingRow.isValid())
        showRequest(m_detail.record.rowId);
}

std::optional<LogFilter> LogsPanel::currentFilter()
{
    LogFilter filter;
    filter.text = m_search->text().trimmed();
    filter.model = m_modelFilter->currentData().toString();
    if (const QVariant status = m_statusFilter->currentData(); status.isValid())
        filter.status = status.toInt();
    const QDateTime now = QDateTime::currentDateTime();
    switch (m_timeRange->currentData().toInt()) {
    case LastHour:
        filter.from = now.addSecs(-3600);
        break;
    case LastDay:
        filter.from = now.addDays(-1);
        break;
    case LastWeek:
        filter.from = now.addDays(-7);
        break;
    case LastMonth:
        filter.from = now.addDays(-30);
        break;
    case CustomRange:
        filter.from = m_from->dateTime();
        filter.to = m_to->dateTime();
        if (filter.from >= filter.to) {
            m_message->showMessage(
                [=, this]() -> QString {
                    return tr("The time range is empty: \"From\" (%1) must be before \"to\" (%2).")
                        .arg(m_from->text(), m_to->text());
                },
                InlineMessage::Type::Error);
            m_filterValid = false;
            return std::nullopt;
        }
        break;
    default:
        break;
    }
    if (!m_filterValid) {
        m_filterValid = true;
        m_message->hide();
    }
    return filter;
}

void LogsPanel::applyFilter()
{
    m_searchDebounce.stop();
    if (const std::optional<LogFilter> filter = currentFilter())
        showFilter(*filter);
}

void LogsPanel::showFilter(const LogFilter &filter)
{
    // The filter the table shows already (the search debounce firing after a reload applied the same text,
    // Return pressed twice, a sliding range that moved): re-read in place. Resetting the table would drop
    // the user's selection and a click still waiting for its row's page.
    const LogFilter &shown = m_model->filter();
    const int range = m_timeRange->currentData().toInt();
    const bool sliding = range != AnyTime && range != CustomRange;
    const bool same = filter.text == shown.text && filter.model == shown.model &&
                      filter.status == shown.status &&
                      (sliding || (filter.from == shown.from && filter.to == shown.to));
    if (same)
        m_model->refresh(filter);
    else
        m_model->setFilter(filter);
}

void LogsPanel::updateTimeRangeControls()
{
    m_customRange->setVisible(m_timeRange->currentData().toInt() == CustomRange);
}

void LogsPanel::reloadFacets()
{
    struct Facets
    {
        QStringList models;
        QList<int> statuses;
    };
    auto *watcher = new QFutureWatcher<Facets>(this);
    connect(watcher, &QFutureWatcher<Facets>::finished, this, [this, watcher] {
        watcher->deleteLater();
        const Facets facets = watcher->result();
        const QString model = m_modelFilter->currentData().toString();
        const QVariant status = m_statusFilter->currentData();
        {
            const QSignalBlocker blockModels(m_modelFilter);
            while (m_modelFilter->count() > 1)
                m_modelFilter->removeItem(1);
            QStringList models = facets.models;
            // Keep a chosen model listed even when the log no longer holds it.
            if (!model.isEmpty() && !models.contains(model))
                models.append(model);
            for (const QString &m : std::as_const(models))
                m_modelFilter->addItem(m, m);
            m_modelFilter->setCurrentIndex(std::max(0, m_modelFilter->findData(model)));
        }
        {
            const QSignalBlocker blockStatuses(m_statusFilter);
            while (m_statusFilter->count() > 1)
                m_statusFilter->removeItem(1);
            QList<int> statuses = facets.statuses;
            if (status.isValid() && !statuses.contains(status.toInt()))
                statuses.append(status.toInt());
            for (int s : std::as_const(statuses))
                m_statusFilter->addItem(QString::number(s), s);
            m_statusFilter->setCurrentIndex(status.isValid() ? std::max(0, m_statusFilter->findData(status))
                                                             : 0);
        }
    });
    watcher->setFuture(m_reader->run([](RequestLog *log) {
        Facets facets;
        if (log) {
            facets.models = log->models();
            facets.statuses = log->statuses();
        }
        return facets;
    }));
}

void LogsPanel::reloadLoggingNote()
{
    const QString dir = SandboxSettings::forDataDir(m_dataDir, m_workspace).workspaceDir();
    auto *watcher = new QFutureWatcher<bool>(this);
    connect(watcher, &QFutureWatcher<bool>::finished, this, [this, watcher] {
        watcher->deleteLater();
        m_loggingNote->setVisible(!watcher->result());
    });
    watcher->setFuture(QtConcurrent::run([dir] {
        LogSettings settings(dir);
        // A broken settings file is the gateway's to report; here it reads as the default (logging on).
        return !settings.load() || settings.ioLogging();
    }));
}

void LogsPanel::updateCountLabel()
{
    const qint64 count = m_model->totalCount();
    const LogFilter filter = m_model->filter();
    const bool filtered = !filter.text.isEmpty() || !filter.model.isEmpty() || filter.status ||
                          filter.from.isValid() || filter.to.isValid();
    if (const QString error = m_model->error(); !error.isEmpty()) {
        setTranslatedText(m_countLabel, [=, this]() -> QString {
            return tr("The request log cannot be read: %1").arg(error);
        });
    } else if (count == 0) {
        setTranslatedText(m_countLabel, [=, this]() -> QString {
            return filtered ? tr("No request matches the filter.")
                            : tr("No requests logged yet. Requests sent to the local API of workspace "
                                 "\"%1\" appear here.")
                                  .arg(m_workspace);
        });
    } else {
        setTranslatedText(m_countLabel, [=, this]() -> QString {
            return filtered ? tr("%n request(s) match the filter.", nullptr, int(count))
                            : tr("%n request(s) logged.", nullptr, int(count));
        });
    }
    m_exportButton->setEnabled(count > 0);
}

void LogsPanel::onCurrentRowChanged()
{
    const QModelIndex current = m_table->selectionModel()->currentIndex();
    if (!current.isValid())
        return;
    const qint64 rowId = m_model->rowIdAt(current.row());
    if (rowId <= 0) {
        // Its page is still loading: show it when the page arrives (resolvePendingRow()).
        m_pendingRow = QPersistentModelIndex(current);
        return;
    }
    m_pendingRow = QPersistentModelIndex();
    if (rowId != m_requestedRowId)
        showRequest(rowId);
}

void LogsPanel::resolvePendingRow()
{
    if (!m_pendingRow.isValid())
        return;
    const qint64 rowId = m_model->rowIdAt(m_pendingRow.row());
    if (rowId <= 0)
        return; // not this page
    m_pendingRow = QPersistentModelIndex();
    if (rowId != m_requestedRowId)
        showRequest(rowId);
}

void LogsPanel::selectShownRequest()
{
    // Never move the selection while the user's choice is still on its way.
    if (m_pendingRow.isValid() || m_requestedRowId != m_detail.record.rowId)
        return;
    const qint64 rowId = m_detail.record.rowId;
    if (rowId <= 0)
        return;
    const int row = m_model->rowOfRequest(rowId);
    if (row < 0 || m_table->selectionModel()->currentIndex().row() == row)
        return;
    const QSignalBlocker block(m_table->selectionModel());
    m_table->selectionModel()->setCurrentIndex(m_model->index(row, 0), QItemSelectionModel::ClearAndSelect |
                                                                           QItemSelectionModel::Rows);
    m_table->viewport()->update();
}

void LogsPanel::showRequest(qint64 rowId)
{
    m_requestedRowId = rowId;
    const quint64 generation = ++m_detailGeneration;
    m_liveDetailGeneration->store(generation);
    auto *watcher = new QFutureWatcher<LogsDetail>(this);
    connect(watcher, &QFutureWatcher<LogsDetail>::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation == m_detailGeneration)
            setDetail(watcher->result());
    });
    watcher->setFuture(m_reader->run([rowId, generation, live = m_liveDetailGeneration](RequestLog *log) {
        LogsDetail detail;
        detail.record.rowId = rowId;
        if (!log || generation != live->load())
            return detail; // another request was asked for meanwhile: this answer is never shown
        const std::optional<RequestRecord> record = log->request(rowId);
        if (!record)
            return detail;
        detail.found = true;
        detail.record = *record;
        detail.detectionIds = log->detectionIds(rowId);
        const QList<qint64> reported = log->falsePositiveDetections(rowId);
        detail.falsePositives = QSet<qint64>(reported.cbegin(), reported.cend());
        detail.requestText = prettyJson(record->requestBody);
        detail.responseText = prettyJson(record->responseBody);
        detail.toolCalls = ResponseToolCalls::read(record->responseBody);
        if (record->ioLogged && !record->responseBody.isEmpty()) {
            const Trace trace = TraceLoader::read(record->responseBody, nullptr);
            for (const TraceCall &call : trace.calls)
                if (call.isPython() && !call.cell.outputs.isEmpty())
                    detail.codeCells.append(call);
        }
        return detail;
    }));
}

void LogsPanel::clearDetail(const QString &message)
{
    m_detailTabs->setEnabled(false);
    m_detailHeader->setText(message.toHtmlEscaped());
    m_requestView->clear();
    m_responseView->clear();
    showToolCalls({});
    ++m_highlightGeneration[m_requestView];
    ++m_highlightGeneration[m_responseView];
    m_callList->clear();
    m_callPanel->clear();
    m_detections->clear();
    m_bodiesNote->hide();
    updateDetectionButtons();
    Q_EMIT detailShown(m_detail.record.rowId);
}

void LogsPanel::dropHiddenDetail()
{
    if (!m_detail.found || m_detail.record.rowId <= 0 || m_pendingRow.isValid() ||
        m_requestedRowId != m_detail.record.rowId)
        return;
    LogFilter filter = m_model->filter();
    filter.rowId = m_detail.record.rowId;
    const qint64 rowId = m_detail.record.rowId;
    auto *watcher = new QFutureWatcher<qint64>(this);
    connect(watcher, &QFutureWatcher<qint64>::finished, this, [this, watcher, rowId] {
        watcher->deleteLater();
        // Still the request shown, and the table's filter leaves it out: the detail goes with it.
        if (watcher->result() == 0 && m_detail.found && m_detail.record.rowId == rowId &&
            m_requestedRowId == rowId && !m_pendingRow.isValid()) {
            m_detail = LogsDetail();
            m_requestedRowId = 0;
            m_table->selectionModel()->clearCurrentIndex();
            clearDetail(tr("The filter hides the request shown here. Select a request to see its detail."));
        }
    });
    watcher->setFuture(
        m_reader->run([filter](RequestLog *log) -> qint64 { return log ? log->count(filter) : 0; }));
}

void LogsPanel::setDetail(const LogsDetail &detail)
{
    const bool sameRequest = detail.record.rowId == m_detail.record.rowId && m_detail.found;
    m_detail = detail;
    const RequestRecord &r = detail.record;
    m_detailTabs->setEnabled(detail.found);
    if (!detail.found) {
        clearDetail(tr("This request is no longer in the log."));
        return;
    }

    const QString when = LocaleFormat::detailed(QDateTime::fromMSecsSinceEpoch(r.timeMs));
    QStringList facts{
        tr("<b>%1</b>").arg(r.id.toHtmlEscaped()),
        tr("%1 · HTTP %2 · %3 via %4")
            .arg(when)
            .arg(r.status)
            .arg(r.model.toHtmlEscaped(), LogsModel::apiTitle(r.api).toHtmlEscaped()),
        tr("%1 ms · %2 input / %3 output tokens").arg(r.latencyMs).arg(r.inputTokens).arg(r.outputTokens)};
    // Who asked: the window's conversation and question, or the API client.
    if (r.client == u"window" && (!r.conversation.isEmpty() || !r.question.isEmpty()))
        facts.insert(1, tr("from the window's conversation “%1”, question “%2”")
                            .arg(r.conversation.toHtmlEscaped(), r.question.toHtmlEscaped()));
    else if (const QString from = LogsModel::fromText(r); !from.isEmpty())
        facts.insert(1, tr("from %1").arg(from.toHtmlEscaped()));
    if (r.serverToolCost > 0)
        facts.append(tr("sandbox cost $%1").arg(QLocale().toString(r.serverToolCost, 'f', 4)));
    if (!r.containerIds.isEmpty())
        facts.append(tr("containers: %1").arg(r.containerIds.join(u", "_s).toHtmlEscaped()));
    m_detailHeader->setText(facts.join(u"<br>"_s));
    // Off: only metadata. On: a body longer than the log's limit was kept only in part, and says so.
    QStringList cut;
    const QLocale locale;
    if (r.ioLogged && r.requestBodyBytes > r.requestBody.size())
        cut.append(tr("The log kept the first %1 of the request body (%2 in all).")
                       .arg(locale.formattedDataSize(r.requestBody.size()),
                            locale.formattedDataSize(r.requestBodyBytes)));
    if (r.ioLogged && r.responseBodyBytes > r.responseBody.size())
        cut.append(tr("The log kept the first %1 of the response body (%2 in all).")
                       .arg(locale.formattedDataSize(r.responseBody.size()),
                            locale.formattedDataSize(r.responseBodyBytes)));
    setTranslatedText(m_bodiesNote, [logged = r.ioLogged, cut] {
        return !logged ? tr("This request was logged while input and output logging was off: "
                            "only its metadata was kept.")
                       : cut.join(u' ');
    });
    m_bodiesNote->setVisible(!r.ioLogged || !cut.isEmpty());

    if (!sameRequest || m_requestView->toPlainText().isEmpty()) {
        showToolCalls(detail.toolCalls);
        if (r.ioLogged) {
            highlightInto(m_requestView, detail.requestText, u"request.json"_s);
            highlightInto(m_responseView, detail.responseText, u"response.json"_s);
        } else {
            m_requestView->setPlainText(tr("(not logged)"));
            m_responseView->setPlainText(tr("(not logged)"));
            ++m_highlightGeneration[m_requestView];
            ++m_highlightGeneration[m_responseView];
        }
    }

    if (!sameRequest) {
        m_callList->clear();
        m_callPanel->clear();
        QList<bool> cellTaken(detail.codeCells.size(), false);
        for (int i = 0; i < r.shellCalls.size(); ++i) {
            const ShellCallRecord &call = r.shellCalls.at(i);
            QStringList commands;
            for (const CommandRecord &c : call.commands)
                commands.append(c.command);
            const QString summary = r.ioLogged ? commands.join(u" ; "_s)
                                               : tr("%n command(s)", nullptr, int(call.commands.size()));
            auto *item = new QListWidgetItem(tr("%1. %2").arg(i + 1).arg(summary), m_callList);
            item->setToolTip(
                plainToolTip(tr("%1 in %2").arg(call.tool, call.containerId) + u'\n' + commands.join(u'\n')));
            QJsonObject shown = outputItemOf(call);
            if (m_cellLookup && r.ioLogged)
                shown = withCells(shown, m_cellLookup(r.id, i));
            ShellCallView *view = m_callPanel->addItem(shown, ShellCallView::Origin::Saved);
            // A Python cell the window keeps nothing of (another program's request): its outputs as the
            // logged response carries them, in the same notebook view; the first unused cell of its code.
            if (r.ioLogged && commands.size() == 1 && !hasCell(shown)) {
                for (qsizetype k = 0; k < detail.codeCells.size(); ++k) {
                    const TraceCall &code = detail.codeCells.at(k);
                    if (cellTaken.at(k) || code.action.commands != commands)
                        continue;
                    cellTaken[k] = true;
                    view->showCell(0, code.cell, code.images);
                    break;
                }
            }
            view->setElapsed(call.durationMs);
            // The call's share of the request's cost as the record keeps it (the cards of the conversation
            // show the same); a request logged before calls were costed shows only the whole.
            if (call.cost >= 0) {
                view->setCost(call.cost, call.includesMinimum);
            } else if (r.shellCalls.size() == 1) {
                view->setCost(r.serverToolCost);
            } else if (r.serverToolCost > 0) {
                view->setCostPartOf(r.serverToolCost);
            }
        }
        // The calls that never ran (denied, unanswered, stopped while they waited) after those that ran,
        // each with a card saying why, as the conversation shows them.
        QSet<QString> ran;
        for (const ShellCallRecord &call : r.shellCalls)
            ran.insert(call.callId);
        for (const ApprovalRecord &approval : r.approvals) {
            const std::optional<QJsonObject> item = notRunItemOf(approval, r.ioLogged, r.status == 499);
            if (!item || ran.contains(approval.callId))
                continue;
            const QString summary =
                r.ioLogged ? RequestRecord::oneLine(approval.commands, 200) : tr("1 command");
            auto *entry =
                new QListWidgetItem(tr("%1. %2").arg(m_callList->count() + 1).arg(summary), m_callList);
            entry->setToolTip(plainToolTip(approval.commands));
            m_callPanel->addItem(*item, ShellCallView::Origin::Saved);
        }
        if (m_callList->count() > 0)
            m_callList->setCurrentRow(0);
        m_replayButton->setEnabled(!r.shellCalls.isEmpty() && r.ioLogged);
    }
    m_detailTabs->setTabText(2, tr("Shell calls (%1)").arg(m_callList->count()));

    const int currentDetection = m_detections->currentIndex().row();
    m_detections->clear();
    for (int i = 0; i < r.detections.size(); ++i) {
        const Detection &d = r.detections.at(i);
        const qint64 id = i < detail.detectionIds.size() ? detail.detectionIds.at(i) : 0;
        const QString where = d.messageIndex < 0 ? tr("tool output") : tr("message %1").arg(d.messageIndex);
        const QString pattern = d.family == d.patternId ? d.family : d.family + u" / "_s + d.patternId;
        auto *item = new QTreeWidgetItem(
            m_detections, {d.guardrail, guardrailActionName(d.action), pattern,
                           tr("%1, characters %2–%3").arg(where).arg(d.start).arg(d.start + d.length),
                           detail.falsePositives.contains(id) ? tr("false positive") : QString()});
        item->setData(0, Qt::UserRole, id);
    }
    for (int c = 0; c < m_detections->columnCount(); ++c)
        m_detections->resizeColumnToContents(c);
    if (sameRequest && currentDetection >= 0 && currentDetection < m_detections->topLevelItemCount())
        m_detections->setCurrentItem(m_detections->topLevelItem(currentDetection));
    else if (m_detections->topLevelItemCount() > 0)
        m_detections->setCurrentItem(m_detections->topLevelItem(0));
    m_detailTabs->setTabText(3, tr("Detections (%1)").arg(r.detections.size()));
    updateDetectionButtons();
    selectShownRequest();
    Q_EMIT detailShown(r.rowId);
}

void LogsPanel::showToolCalls(const QList<LoggedToolCall> &calls)
{
    m_responseCalls->clear();
    for (const LoggedToolCall &call : calls) {
        // The API's own words for the kind of call, the tool's name beside it.
        const QString tool = call.name.isEmpty() || call.name == call.type
                                 ? call.type
                                 : tr("%1 (%2)").arg(call.name, call.type);
        auto *item = new QTreeWidgetItem(
            m_responseCalls, {tool, call.callId, call.input,
                              call.outcome.isEmpty() ? tr("for the caller to run") : call.outcome});
        for (int column = 0; column < 4; ++column)
            item->setToolTip(column, plainToolTip(item->text(column)));
    }
    m_responseCalls->setVisible(!calls.isEmpty());
    // The name and id whole; the arguments at most 60 characters wide (elided, the tooltip has them).
    for (int column = 0; column < 3; ++column)
        m_responseCalls->resizeColumnToContents(column);
    m_responseCalls->setColumnWidth(
        2, std::min(m_responseCalls->columnWidth(2), m_responseCalls->fontMetrics().averageCharWidth() * 60));
    m_detailTabs->setTabText(
        1, calls.isEmpty() ? tr("Response") : tr("Response (%n tool call(s))", nullptr, int(calls.size())));
}

void LogsPanel::highlightInto(QTextBrowser *view, const QString &text, const QString &fileName)
{
    // Plain at once, highlighted when the highlighter answers, if the view still shows this text (a re-read
    // of the same request that leaves the text alone must not drop the highlighting).
    view->setPlainText(text);
    const quint64 generation = ++m_highlightGeneration[view];
    const qint64 rowId = m_detail.record.rowId;
    SyntaxHighlighter::instance()->highlight(
        text, fileName, view, [this, view, generation, rowId](const QString &html) {
            if (generation == m_highlightGeneration.value(view) && rowId == m_detail.record.rowId)
                view->setHtml(html);
        });
}

void LogsPanel::updateDetectionButtons()
{
    QTreeWidgetItem *item = m_detections->currentItem();
    const qint64 id = item ? item->data(0, Qt::UserRole).toLongLong() : 0;
    const bool reported = id > 0 && m_detail.falsePositives.contains(id);
    m_falsePositiveButton->setEnabled(id > 0 && !reported);
    setTranslatedText(m_falsePositiveButton, [=, this]() -> QString {
        return reported ? tr("Reported as false positive") : tr("Report false positive");
    });
}

void LogsPanel::reportFalsePositive()
{
    QTreeWidgetItem *item = m_detections->currentItem();
    const qint64 id = item ? item->data(0, Qt::UserRole).toLongLong() : 0;
    if (id <= 0)
        return;
    const QString note = m_falsePositiveNote->text().trimmed();
    const qint64 rowId = m_detail.record.rowId;
    m_falsePositiveButton->setEnabled(false);
    struct Reported
    {
        bool ok = false;
        QString error;
    };
    auto *watcher = new QFutureWatcher<Reported>(this);
    connect(watcher, &QFutureWatcher<Reported>::finished, this, [this, watcher, rowId] {
        watcher->deleteLater();
        const Reported result = watcher->result();
        if (!result.ok) {
            m_message->showMessage(
                [=, this]() -> QString {
                    return tr("The report could not be recorded: %1.").arg(result.error);
                },
                InlineMessage::Type::Error);
            updateDetectionButtons();
            return;
        }
        m_falsePositiveNote->clear();
        m_message->showMessage([=, this]() -> QString { return tr("Recorded as a false positive."); },
                               InlineMessage::Type::Positive);
        if (rowId == m_detail.record.rowId)
            showRequest(rowId);
    });
    watcher->setFuture(m_reader->run([id, note](RequestLog *log) {
        Reported result;
        if (!log) {
            result.error = LogsPanel::tr("the workspace has no request log");
            return result;
        }
        // Committed (or refused) before the answer: the message says what really happened.
        result.ok = log->reportFalsePositiveNow(id, note, &result.error);
        return result;
    }));
}

void LogsPanel::exportFiltered()
{
    if (!currentFilter())
        return;
    FileDialog::Options options;
    options.objectName = u"LogsExportDialog"_s;
    options.caption = tr("Export requests");
    options.suggestedPath = QDir::home().filePath(u"%1-requests.jsonl"_s.arg(m_workspace));
    options.nameFilters = {tr("JSON Lines (*.jsonl)"), tr("All files (*)")};
    options.defaultSuffix = u"jsonl"_s;
    FileDialog::chooseFileToSave(this, options, this, [this](const QString &path) { exportTo(path); });
}

void LogsPanel::exportTo(const QString &path)
{
    std::optional<LogFilter> filter = currentFilter();
    if (!filter || path.isEmpty())
        return;
    filter->limit = 0; // everything that matches
    filter->offset = 0;
    struct Result
    {
        bool ok = false;
        bool noLog = false;
        QString error;
        qint64 count = 0; // lines written
    };
    m_exportButton->setEnabled(false);
    auto *watcher = new QFutureWatcher<Result>(this);
    connect(watcher, &QFutureWatcher<Result>::finished, this, [this, watcher, path] {
        watcher->deleteLater();
        m_exportButton->setEnabled(m_model->totalCount() > 0);
        const Result result = watcher->result();
        if (result.noLog) {
            m_message->showMessage(
                [=, this]() -> QString {
                    return tr("Nothing was exported: the workspace has no request log yet.");
                },
                InlineMessage::Type::Warning);
            return;
        }
        if (!result.ok) {
            m_message->showMessage(
                [=, this]() -> QString {
                    return tr("Could not export to %1: %2. Choose a folder you can write to.")
                        .arg(path, result.error);
                },
                InlineMessage::Type::Error);
            return;
        }
        m_message->showMessage(
            [=, this]() -> QString {
                return tr("Exported %n request(s) to %1.", nullptr, int(result.count)).arg(path);
            },
            InlineMessage::Type::Positive);
        Q_EMIT exported(path, result.count);
    });
    watcher->setFuture(
        m_reader->run([path, filter = *filter, cancel = m_reader->cancelFlag()](RequestLog *log) {
            Result result;
            if (!log) {
                result.noLog = true;
                return result;
            }
            // One snapshot of the log, and the count is what was written.
            result.ok = log->exportJsonl(path, filter, &result.error, &result.count, cancel);
            return result;
        }));
}

void LogsPanel::replaySelectedCall()
{
    const int row = m_callList->currentRow();
    if (row < 0 || row >= m_detail.record.shellCalls.size() || !m_detail.record.ioLogged)
        return;
    QStringList commands;
    for (const CommandRecord &c : m_detail.record.shellCalls.at(row).commands)
        commands.append(c.command);
    const QString error =
        m_replayHandler ? m_replayHandler(commands) : tr("nothing can run shell calls here");
    if (!error.isEmpty()) {
        m_message->showMessage(
            [=, this]() -> QString { return tr("The call could not be run again: %1").arg(error); },
            InlineMessage::Type::Error);
        return;
    }
    m_message->showMessage(
        [=, this]() -> QString {
            return tr("Running the call again in the current conversation; see the Shell calls view.");
        },
        InlineMessage::Type::Information);
    Q_EMIT replayed(commands);
}
