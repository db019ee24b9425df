// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/inlinemessage.h"
#include "sandbox/shellcall.h"

#include <QElapsedTimer>
#include <QFrame>
#include <QJsonObject>
#include <QPointer>
#include <QTextFormat>
#include <QTimer>

#include <functional>

class CellOutputView;
class ElidedLabel;
struct KernelCellResult;
class QGridLayout;
class QLabel;
class QTextEdit;
class QPlainTextEdit;
class QPushButton;
class QToolButton;
class QVBoxLayout;

// One command of a shell call: the command line, its stdout/stderr as they stream and its outcome badge.
// Appends are coalesced on a short timer and the text is bounded, so megabytes of output keep the view
// smooth and its memory flat.
class CommandOutputView : public QFrame
{
    Q_OBJECT
public:
    static constexpr int FlushIntervalMs = 40;
    // At most this many characters reach the document per flush; older pending text is skipped.
    static constexpr qsizetype MaxFlushChars = 128 * 1024;
    // A single long line cannot grow the document beyond this either.
    static constexpr int MaxDocumentChars = 2 * 1024 * 1024;
    // The output view grows with its text up to this many lines (wrapped lines count), then scrolls.
    static constexpr int MaxVisibleLines = 12;

    CommandOutputView(int index, const QString &command, int maxBlocks, QWidget *parent = nullptr);

    void appendOutput(ShellCall::Stream stream, const QString &text);
    void setRunning();
    void setResult(const CommandResult &result);
    // The command never ran (an earlier one ended the call).
    void setNotRun();
    // A Python cell's outputs as a notebook shows them (tables, images) in place of the plain output view;
    // images: its display images, read already (CellOutputView::readImages).
    void setCell(const KernelCellResult &cell, const QHash<QString, QByteArray> &images,
                 const QString &commandStderr);
    CellOutputView *cellView() const { return m_cellView; }
    // Writes pending output at once (tests and finishing calls).
    void flush();
    // Long lines wrap at the view's width (default) or scroll sideways.
    void setWrapLines(bool wrap);
    bool wrapsLines() const;

    QString command() const { return m_commandText; }
    QString outputText() const;
    QString badgeText() const;
    qint64 skippedChars() const { return m_skipped; }
    // Characters that reached the view but are no longer shown (older ones give way to newer), and the
    // pending ones not yet written (at most MaxFlushChars and one piece).
    qint64 omittedChars() const { return m_omitted; }
    qsizetype pendingChars() const { return m_pendingChars; }

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    // What the outcome badge says, and so its colour in the palette of the moment.
    enum class Badge { Waiting, Busy, Good, Bad };
    // The stream of each piece of output, kept in its text format to recolour it after a theme switch.
    static constexpr int StreamProperty = QTextFormat::UserProperty + 1;
    enum { StdoutStream = 0, StderrStream = 1, NoteStream = 2 };

    void updateColours();
    void recolourOutput();
    void fitOutputHeight();
    void setBadge(std::function<QString()> text, Badge kind);
    QColor badgeColour() const;
    QColor colourOf(int stream) const;

    QString m_commandText;
    QTextEdit *m_command = nullptr;
    QLabel *m_badge = nullptr;
    QPlainTextEdit *m_output = nullptr;
    QList<QPair<ShellCall::Stream, QString>> m_pending;
    qsizetype m_pendingChars = 0;
    qint64 m_skipped = 0;
    qint64 m_omitted = 0;
    QLabel *m_omittedLabel = nullptr;
    CellOutputView *m_cellView = nullptr;
    QTimer m_flushTimer;
    Badge m_badgeKind = Badge::Waiting;
    bool m_followOutput = true;
    bool m_hasOutput = false;
};

// One shell call: container id, status, elapsed time, cost, and a CommandOutputView per command. Shows a
// live ShellCall, a finished Responses output item (trace viewer), or a call another program made through
// the local API, driven by the API's event stream (fromStartedEvent() and handleEvent()).
class ShellCallView : public QFrame
{
    Q_OBJECT
public:
    // Where a finished output item comes from: an opened trace, or a call this workbench ran earlier (a saved
    // conversation, the request log).
    enum class Origin { Trace, Saved };

    ShellCallView(ShellCall *call, int maxBlocks, QWidget *parent = nullptr);
    ShellCallView(const QJsonObject &outputItem, Origin origin, int maxBlocks, QWidget *parent = nullptr);
    // A call from a "shell_call.started" event of the local API (call_id, container_id, action, time_ms).
    static ShellCallView *fromStartedEvent(const QJsonObject &event, int maxBlocks,
                                           QWidget *parent = nullptr);

    ShellCall *call() const { return m_call; }
    QJsonObject outputItem() const;
    QList<CommandOutputView *> commandViews() const { return m_commands; }
    QString statusText() const;
    QString containerId() const { return m_containerId; }
    // The call id of an event-driven view (empty for the other two kinds).
    QString callId() const { return m_callId; }
    bool isFinished() const { return m_finished; }
    bool isFromTrace() const { return m_fromTrace; }
    // A call that did not run (its item's "not_run", ChatSession::callNotRun): why, as the card says it,
    // and the loop's code ("approval_denied", …); empty for a call that ran.
    QString notRunText() const;
    QString notRunCode() const { return m_notRunCode; }
    // A finished item's Python cells as the notebook showed them (tables, images): each command's result
    // that carries a "cell" (CellRecord, its images in storeDir) shows it in place of its plain text.
    void showCells(const QString &storeDir);
    // A command's Python cell read from elsewhere (a trace, a logged response) in the same notebook view;
    // images: PNG bytes by KernelOutput::imagePath. Shown only when plain text cannot show it (isRich).
    void showCell(int command, const KernelCellResult &cell, const QHash<QString, QByteArray> &images);
    QString elapsedText() const;
    QString costText() const;
    // A finished call's elapsed time (negative: unknown, shows nothing).
    void setElapsed(qint64 ms);
    // "4.2 s" below ten seconds, then "1:05": how every elapsed time in the workbench reads.
    static QString formatElapsed(qint64 ms);
    // A tool contract's name as a person reads it ("OpenAI code interpreter" for "code_interpreter"); the
    // key itself when unknown.
    static QString contractTitle(const QString &key);
    // The tool that made the call, in its contract's words; empty for a plain shell call.
    QString toolText() const;
    // Dollars; negative leaves the cost blank (not metered yet).
    // includesMinimum: the call started a new or sleeping container and pays the 30-second minimum.
    void setCost(double dollars, bool includesMinimum = false);
    void setWrapLines(bool wrap);
    void setCostToolTip(const QString &text);
    // Free text in the cost slot (a trace records one cost for all its calls).
    void setCostText(const QString &text);
    // The cost slot reads "part of $X": the call shares dollars with the other calls of its request.
    void setCostPartOf(double dollars);

    // A host the container's egress proxy refused while this call ran: a row with "Allow HOST" (for a live
    // call its container's refusals arrive by themselves). Hosts its policy cannot take are shown without.
    void addRefusedHost(const QString &host, const QString &reason, bool allowable);
    QStringList refusedHosts() const { return m_refused; }
    // What became of an Allow (the restart, or why not), under the refused hosts. After an error the Allow
    // buttons of hosts not allowed yet can be clicked again.
    void showNetworkMessage(const QString &text, InlineMessage::Type type);
    QString networkMessage() const;
    // Shows what an Allow of host did: restart is the API's word for it (none: already allowed, restarted,
    // after_running_call, next_start); entries is the policy's list as shown, or empty for every host.
    void showHostAllowed(const QString &host, const QStringList &entries, bool unrestricted,
                         const QString &restart);

    // Event-driven views: applies a command.started, output.chunk or command.finished event of this call.
    void handleEvent(const QJsonObject &event);
    // Event-driven views: the call is over (its files.changed or its request's end arrived at timeMs);
    // cancelled: the request failed or was cancelled before every command ran.
    void finishFromEvents(qint64 timeMs, bool cancelled, const QString &reason = {});

Q_SIGNALS:
    // The user clicked "Allow HOST" for a host this call's container was refused.
    void allowHostRequested(const QString &containerId, const QString &host);

private:
    struct EventsTag
    {
    };
    ShellCallView(EventsTag, const QJsonObject &event, int maxBlocks, QWidget *parent);

    void build(const QString &containerId, const QStringList &commands, const QString &tool = {});
    void copyContainerId();
    void onCommandStarted(int index);
    void onOutput(int index, ShellCall::Stream stream, const QString &text);
    void onCommandFinished(int index, const CommandResult &result);
    void onFinished();
    void tick();
    void setStatus(std::function<QString()> text);
    void showNotRun(const QJsonObject &notRun);

    QPointer<ShellCall> m_call;
    QJsonObject m_item;
    QString m_containerId;
    QString m_callId;
    int m_maxBlocks = 5000;
    bool m_wrap = true;
    ElidedLabel *m_title = nullptr;
    QToolButton *m_copyId = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_elapsed = nullptr;
    QLabel *m_cost = nullptr;
    QLabel *m_tool = nullptr;
    QLabel *m_notRun = nullptr;
    QString m_notRunCode;
    QVBoxLayout *m_commandsLayout = nullptr;
    QList<CommandOutputView *> m_commands;
    QWidget *m_refusedBox = nullptr;
    QGridLayout *m_refusedLayout = nullptr;
    QStringList m_refused;
    QStringList m_allowed; // hosts an Allow went through for; their buttons stay off
    InlineMessage *m_networkMessage = nullptr;
    QElapsedTimer m_clock;
    QTimer m_ticker;
    // Event-driven views only.
    qint64 m_startMs = 0;
    bool m_fromEvents = false;
    QList<bool> m_sawOutput;
    QList<bool> m_commandDone;
    bool m_sawTimeout = false;
    bool m_finished = false;
    bool m_fromTrace = false;
};

// The dock's content: every shell call of a conversation (or of an opened trace), newest last.
class ShellCallPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ShellCallPanel(QWidget *parent = nullptr);

    void setMaxBlocks(int blocks) { m_maxBlocks = blocks; }
    // Where the images of saved Python cells are kept (CellRecord): items added later show their cells.
    void setCellStore(const QString &dir) { m_cellStore = dir; }
    QString cellStore() const { return m_cellStore; }
    ShellCallView *addCall(ShellCall *call);
    ShellCallView *addItem(const QJsonObject &outputItem, ShellCallView::Origin origin);
    // A trace's call (its output item) beside the same commands run here now, command by command.
    class TraceComparisonView *addComparison(const QJsonObject &traceItem, ShellCall *local);
    QList<class TraceComparisonView *> comparisons() const { return m_comparisons; }
    // The trace's facts and items above its calls (null: none).
    void setTraceSummary(QWidget *summary);
    QWidget *traceSummary() const { return m_summary; }
    QList<ShellCallView *> views() const { return m_views; }
    void clear();
    // Whether the empty panel offers "Open Sample Trace" (sampleTraceRequested()); off by default.
    void setOffersSampleTrace(bool offer);
    // A trace's title and the Re-run button; empty hides them.
    void setTraceTitle(const QString &title);
    // The container these calls run in, shown whole at the top (SPEC 1.4).
    void setContainerId(const QString &id);
    // Whether long output lines wrap, in every call shown here (the panel's "Wrap lines" button).
    void setWrapLines(bool wrap);
    bool wrapsLines() const { return m_wrap; }

Q_SIGNALS:
    void rerunRequested();
    // The empty panel's "Open Sample Trace".
    void sampleTraceRequested();
    // A call's "Allow HOST" (ShellCallView::allowHostRequested); view shows what became of it.
    void allowHostRequested(ShellCallView *view, const QString &containerId, const QString &host);
    // The user toggled "Wrap lines".
    void wrapLinesToggled(bool wrap);

private:
    ShellCallView *append(ShellCallView *view);
    void appendWidget(QWidget *widget);

    QLabel *m_traceTitle = nullptr;
    QLabel *m_container = nullptr;
    QPushButton *m_rerun = nullptr;
    QToolButton *m_wrapButton = nullptr;
    QLabel *m_empty = nullptr;
    QWidget *m_emptyBox = nullptr; // m_empty and m_sampleTrace
    QPushButton *m_sampleTrace = nullptr;
    QVBoxLayout *m_list = nullptr;
    class QScrollArea *m_scroll = nullptr;
    QList<ShellCallView *> m_views;
    QList<class TraceComparisonView *> m_comparisons;
    QWidget *m_summary = nullptr;
    int m_maxBlocks = 5000;
    QString m_cellStore;
    bool m_wrap = true;
    bool m_follow = true;
};
