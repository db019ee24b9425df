// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/traceloader.h"
#include "gateway/requestlog.h"
#include "gateway/responsetoolcalls.h"

#include <QHash>
#include <QList>
#include <QPersistentModelIndex>
#include <QSet>
#include <QStringList>
#include <QTimer>
#include <QWidget>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

class InlineMessage;
class LogsModel;
class LogsReader;
class QComboBox;
class QDateTimeEdit;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QTabWidget;
class QTableView;
class QTextBrowser;
class QTreeWidget;
class ShellCallPanel;

// What the detail view shows of one logged request, read in one go off the GUI thread.
struct LogsDetail
{
    bool found = false;
    RequestRecord record;
    QList<qint64> detectionIds; // in the order of record.detections
    QSet<qint64> falsePositives;
    QString requestText; // pretty-printed JSON when the body is JSON
    QString responseText;
    QList<LoggedToolCall> toolCalls; // read from the response body (ResponseToolCalls)
    // The Python calls the response body carries with outputs (an API request's code_interpreter_call with
    // its logs and images, Anthropic's code_execution results), in order (TraceLoader).
    QList<TraceCall> codeCells;
};

// The Logs panel: the workspace's request log as a searchable, filterable table (text, model, status, time
// range) that pages through any number of rows, a detail view of the selected request (request and response
// JSON highlighted, its shell calls with a way to run them again, its guardrail detections with "report
// false positive"), export of the current filter to JSON Lines, and a note when only metadata is logged.
// Everything re-reads when the log changes.
class LogsPanel : public QWidget
{
    Q_OBJECT
public:
    LogsPanel(const QString &dataDir, const QString &workspace, QWidget *parent = nullptr);
    ~LogsPanel() override;

    LogsModel *model() const { return m_model; }
    LogsReader *reader() const { return m_reader; }
    // The filter the controls describe now; nullopt (and an inline error) when they are contradictory.
    std::optional<LogFilter> currentFilter();
    // The request the detail view shows (the log's row id), 0 for none.
    qint64 shownRequest() const { return m_detail.record.rowId; }
    // The request asked for last (by a click or showRequest()); it differs from shownRequest() while it
    // loads.
    qint64 requestedRequest() const { return m_requestedRowId; }
    const LogsDetail &detail() const { return m_detail; }
    // Reads everything again: table, filter choices, logging note and the open detail.
    void reload();

    // "Run again" hands a logged call's commands to this handler (the window runs them in the current
    // conversation's container and shows the live call); it returns an error to show, or an empty string.
    using ReplayHandler = std::function<QString(const QStringList &commands)>;
    void setReplayHandler(ReplayHandler handler) { m_replayHandler = std::move(handler); }
    // The window's saved item of a request's index-th shell call (empty when it keeps none): a Python
    // cell's card then shows the notebook it showed (CellRecord), its images in storeDir.
    using CellLookup = std::function<QJsonObject(const QString &requestId, int index)>;
    void setCellLookup(const QString &storeDir, CellLookup lookup);

public Q_SLOTS:
    void showRequest(qint64 rowId);

Q_SIGNALS:
    void replayed(const QStringList &commands);
    void detailShown(qint64 rowId);
    void exported(const QString &path, qint64 requests);

public:
    // The detail's share of the height it shares with the request list, by default and once dragged (kept in
    // Settings::Key::LogsDetailShare).
    static constexpr double DefaultDetailShare = 0.72;
    double detailShare() const { return m_detailShare; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void buildUi();
    void applyFilter();
    // Shows a filter: re-reads in place when it is the one shown, else resets the table to it.
    void showFilter(const LogFilter &filter);
    void updateTimeRangeControls();
    void reloadFacets();
    void reloadLoggingNote();
    void updateCountLabel();
    void onCurrentRowChanged();
    void selectShownRequest();
    // The shown request left the table (the filter hides it, or it was pruned): the detail says so.
    void dropHiddenDetail();
    void clearDetail(const QString &message);
    void resolvePendingRow();
    void setDetail(const LogsDetail &detail);
    void highlightInto(QTextBrowser *view, const QString &text, const QString &fileName);
    void reportFalsePositive();
    void exportFiltered();
    void exportTo(const QString &path);
    void replaySelectedCall();
    void updateDetectionButtons();
    // Fits the table's columns up to API into its width (see the .cpp); not once a column was dragged.
    void fitColumns();

    QString m_dataDir;
    QString m_workspace;
    LogsReader *m_reader = nullptr;
    LogsModel *m_model = nullptr;
    QTimer m_searchDebounce;
    quint64 m_detailGeneration = 0;
    LogsDetail m_detail;
    std::shared_ptr<std::atomic<quint64>> m_liveDetailGeneration = std::make_shared<std::atomic<quint64>>(0);
    qint64 m_requestedRowId = 0; // what showRequest() was asked for last
    // A row the user chose whose page was not loaded yet: shown when the page arrives.
    QPersistentModelIndex m_pendingRow;
    QHash<QObject *, quint64> m_highlightGeneration; // per view: changes whenever its text is reset
    bool m_filterValid = true;
    ReplayHandler m_replayHandler;
    CellLookup m_cellLookup;

    InlineMessage *m_message = nullptr;
    QLabel *m_loggingNote = nullptr;
    QLineEdit *m_search = nullptr;
    QComboBox *m_modelFilter = nullptr;
    QComboBox *m_statusFilter = nullptr;
    QComboBox *m_timeRange = nullptr;
    QDateTimeEdit *m_from = nullptr;
    QDateTimeEdit *m_to = nullptr;
    QWidget *m_customRange = nullptr;
    QPushButton *m_exportButton = nullptr;
    QLabel *m_countLabel = nullptr;
    QTableView *m_table = nullptr;
    QList<int> m_columnWidths;   // each column's width when there is room
    QList<int> m_columnMinimums; // and the least a column that gives way is narrowed to
    bool m_fittingColumns = false;
    bool m_columnsSizedByHand = false;
    QWidget *m_detailBox = nullptr;
    QLabel *m_detailHeader = nullptr;
    class QScrollArea *m_detailHeaderScroll = nullptr;
    class QSplitter *m_splitter = nullptr;
    double m_detailShare = DefaultDetailShare;
    QTabWidget *m_detailTabs = nullptr;
    QTextBrowser *m_requestView = nullptr;
    QTextBrowser *m_responseView = nullptr;
    QTreeWidget *m_responseCalls = nullptr; // the response's tool calls, above its body
    void showToolCalls(const QList<LoggedToolCall> &calls);
    QLabel *m_bodiesNote = nullptr;
    QListWidget *m_callList = nullptr;
    QPushButton *m_replayButton = nullptr;
    ShellCallPanel *m_callPanel = nullptr;
    QTreeWidget *m_detections = nullptr;
    QLineEdit *m_falsePositiveNote = nullptr;
    QPushButton *m_falsePositiveButton = nullptr;
};
