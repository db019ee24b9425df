// SPDX-License-Identifier: GPL-3.0-or-later
#include "shellcalls/shellcallview.h"

#include "shellcalls/celloutputview.h"
#include "shellcalls/cellrecord.h"
#include "shellcalls/tracecomparison.h"

#include "common/elidedlabel.h"
#include "common/flowlayout.h"
#include "common/plaintooltip.h"
#include "common/retranslate.h"
#include "sandbox/container.h"
#include "tools/kernelcell.h"

#include <QAbstractTextDocumentLayout>
#include <QAction>
#include <QClipboard>
#include <QCoreApplication>
#include <QEvent>
#include <QFontDatabase>
#include <QGridLayout>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QResizeEvent>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextEdit>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace {
bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Base).lightness() < 128;
}

// Status colours chosen per palette lightness so they read on light and dark themes alike.
QColor okColour(const QPalette &p)
{
    return isDark(p) ? QColor(0x56, 0xd3, 0x64) : QColor(0x1e, 0x84, 0x49);
}
QColor badColour(const QPalette &p)
{
    return isDark(p) ? QColor(0xff, 0x7b, 0x72) : QColor(0xc0, 0x39, 0x2b);
}
QColor busyColour(const QPalette &p)
{
    // Not the palette's highlight: Fusion's blue reads at about 3:1 on either theme's window, under the
    // 4.5:1 a badge's small text needs.
    return isDark(p) ? QColor(0x6c, 0xb6, 0xff) : QColor(0x1f, 0x5f, 0xa8);
}

QString formatElapsed(qint64 ms)
{
    if (ms < 10000)
        return QCoreApplication::translate("ShellCallView", "%1 s")
            .arg(QLocale().toString(ms / 1000.0, 'f', 1));
    return QCoreApplication::translate("ShellCallView", "%1:%2")
        .arg(ms / 60000)
        .arg((ms / 1000) % 60, 2, 10, QLatin1Char('0'));
}

CommandResult resultFromJson(const QJsonObject &obj)
{
    CommandResult r;
    r.stdoutText = obj.value(u"stdout"_s).toString();
    r.stderrText = obj.value(u"stderr"_s).toString();
    const QJsonObject outcome = obj.value(u"outcome"_s).toObject();
    r.outcome = outcome.value(u"type"_s).toString() == u"timeout"
                    ? CommandOutcome::timeout()
                    : CommandOutcome::exit(outcome.value(u"exit_code"_s).toInt());
    return r;
}
} // namespace

CommandOutputView::CommandOutputView(int index, const QString &command, int maxBlocks, QWidget *parent)
    : QFrame(parent)
    , m_commandText(command)
{
    setObjectName(u"CommandView"_s);
    setProperty("commandIndex", index);
    setFrameShape(QFrame::NoFrame);

    // A read-only text view rather than a label: a label wraps only between words, so a long quoted
    // python -c argument ran past the edge; this wraps anywhere when it must, and copying gives the exact
    // command. Its height follows its text at its real width (see eventFilter).
    m_command = new QTextEdit(this);
    m_command->setObjectName(u"CommandText"_s);
    m_command->setReadOnly(true);
    m_command->setAcceptRichText(false);
    m_command->setFrameShape(QFrame::NoFrame);
    m_command->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_command->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_command->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    m_command->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_command->viewport()->setAutoFillBackground(false);
    m_command->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_command->document()->setDocumentMargin(0);
    m_command->setPlainText(u"$ "_s + command);
    m_command->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_command->setMinimumWidth(80);
    m_command->setFixedHeight(m_command->fontMetrics().lineSpacing());
    m_command->installEventFilter(this);

    m_badge = new QLabel(this);
    m_badge->setObjectName(u"OutcomeBadge"_s);
    m_badge->setAlignment(Qt::AlignCenter);
    m_badge->setTextFormat(Qt::PlainText);

    m_output = new QPlainTextEdit(this);
    m_output->setObjectName(u"CommandOutput"_s);
    m_output->setReadOnly(true);
    m_output->setMaximumBlockCount(maxBlocks);
    m_output->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_output->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    m_output->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_output->setUndoRedoEnabled(false);
    // Wrapped lines change with the width, and the horizontal scroll bar comes and goes with the longest
    // line: both refit the height so no line is ever behind a scroll bar or cut off.
    connect(m_output->document()->documentLayout(), &QAbstractTextDocumentLayout::documentSizeChanged, this,
            &CommandOutputView::fitOutputHeight);
    connect(m_output->horizontalScrollBar(), &QScrollBar::rangeChanged, this,
            &CommandOutputView::fitOutputHeight);
    fitOutputHeight();
    // The newest output stays in view, also when the view's height or wrapping changes after a flush, until
    // the person scrolls up to read; scrolling back to the end follows again.
    QScrollBar *outputBar = m_output->verticalScrollBar();
    connect(outputBar, &QScrollBar::rangeChanged, this, [this, outputBar](int, int max) {
        if (m_followOutput)
            outputBar->setValue(max);
    });
    connect(outputBar, &QScrollBar::actionTriggered, this, [this, outputBar] {
        // The action is applied after this signal: compare where it lands.
        QTimer::singleShot(
            0, this, [this, outputBar] { m_followOutput = outputBar->value() >= outputBar->maximum(); });
    });
    m_output->hide();
    // Long output shows its newest part; this says how much came before it.
    m_omittedLabel = new QLabel(this);
    m_omittedLabel->setObjectName(u"OutputOmitted"_s);
    m_omittedLabel->setForegroundRole(QPalette::PlaceholderText);
    m_omittedLabel->hide();

    auto *top = new QHBoxLayout;
    top->addWidget(m_command, 1);
    top->addWidget(m_badge, 0, Qt::AlignTop);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 2, 0, 2);
    layout->addLayout(top);
    layout->addWidget(m_omittedLabel);
    layout->addWidget(m_output);

    m_flushTimer.setSingleShot(true);
    m_flushTimer.setInterval(FlushIntervalMs);
    connect(&m_flushTimer, &QTimer::timeout, this, &CommandOutputView::flush);
    setBadge([] { return tr("waiting"); }, Badge::Waiting);
}

void CommandOutputView::appendOutput(ShellCall::Stream stream, const QString &text)
{
    if (text.isEmpty())
        return;
    m_pending.append({stream, text});
    m_pendingChars += text.size();
    // Only the newest MaxFlushChars can be shown; drop whole older pieces now so the queue stays small.
    while (m_pendingChars - m_pending.first().second.size() >= MaxFlushChars) {
        m_pendingChars -= m_pending.first().second.size();
        m_skipped += m_pending.first().second.size();
        m_pending.removeFirst();
    }
    if (!m_flushTimer.isActive())
        m_flushTimer.start();
}

void CommandOutputView::flush()
{
    m_flushTimer.stop();
    if (m_pending.isEmpty())
        return;
    if (!m_hasOutput) {
        m_hasOutput = true;
        m_output->setVisible(!m_cellView);
    }
    QTextDocument *doc = m_output->document();
    const qint64 before = doc->isEmpty() ? 0 : doc->characterCount();
    qint64 inserted = 0;
    m_omitted += m_skipped;
    QTextCursor cursor(doc);
    cursor.movePosition(QTextCursor::End);
    cursor.beginEditBlock();
    QTextCharFormat out;
    out.setProperty(StreamProperty, StdoutStream);
    out.setForeground(colourOf(StdoutStream));
    QTextCharFormat err;
    err.setProperty(StreamProperty, StderrStream);
    err.setForeground(colourOf(StderrStream));
    if (m_skipped > 0) {
        QTextCharFormat note;
        note.setProperty(StreamProperty, NoteStream);
        note.setForeground(colourOf(NoteStream));
        const QString text = tr("[… %n character(s) of output not shown here …]", nullptr,
                                int(std::min<qint64>(m_skipped, INT_MAX))) +
                             u'\n';
        cursor.insertText(text, note);
        inserted += text.size();
        m_skipped = 0;
    }
    // The newest MaxFlushChars are written: what goes is the oldest pending text, never the end.
    qsizetype toSkip = std::max<qsizetype>(0, m_pendingChars - MaxFlushChars);
    for (const auto &[stream, text] : std::as_const(m_pending)) {
        const qsizetype skip = std::min(toSkip, text.size());
        toSkip -= skip;
        m_omitted += skip;
        if (skip == text.size())
            continue;
        const QString piece = skip > 0 ? text.mid(skip) : text;
        cursor.insertText(piece, stream == ShellCall::Stream::Stderr ? err : out);
        inserted += piece.size();
    }
    cursor.endEditBlock();
    m_pending.clear();
    m_pendingChars = 0;
    // maximumBlockCount bounds lines; an endless single line is cut from the front here.
    if (doc->characterCount() > MaxDocumentChars) {
        QTextCursor trim(doc);
        trim.setPosition(0);
        trim.setPosition(doc->characterCount() - MaxDocumentChars / 2, QTextCursor::KeepAnchor);
        trim.removeSelectedText();
    }
    // What the line bound and the cut above removed from the front is counted, so the label says it.
    m_omitted += std::max<qint64>(0, before + inserted - doc->characterCount());
    if (m_omitted > 0) {
        setTranslatedText(m_omittedLabel, [=, this]() -> QString {
            return tr("Earlier output not shown here: %1 characters").arg(QLocale().toString(m_omitted));
        });
        m_omittedLabel->show();
    }
    fitOutputHeight();
    m_output->verticalScrollBar()->setValue(m_output->verticalScrollBar()->maximum());
}

void CommandOutputView::setWrapLines(bool wrap)
{
    m_output->setLineWrapMode(wrap ? QPlainTextEdit::WidgetWidth : QPlainTextEdit::NoWrap);
    m_output->setHorizontalScrollBarPolicy(wrap ? Qt::ScrollBarAlwaysOff : Qt::ScrollBarAsNeeded);
    fitOutputHeight();
}

bool CommandOutputView::wrapsLines() const
{
    return m_output->lineWrapMode() != QPlainTextEdit::NoWrap;
}

void CommandOutputView::fitOutputHeight()
{
    // As tall as the output's first MaxVisibleLines lines as laid out (a wrapped line counts each of its
    // rows), measured in pixels the way the view scrolls; longer output scrolls inside. Room for the
    // horizontal scroll bar only while it shows, so it never covers the last line. At most
    // MaxVisibleLines lines are measured, however long the output is.
    QTextDocument *doc = m_output->document();
    QAbstractTextDocumentLayout *layout = doc->documentLayout();
    qreal pixels = 0;
    int lines = 0;
    for (QTextBlock block = doc->firstBlock(); block.isValid() && lines < MaxVisibleLines;
         block = block.next()) {
        const qreal height = layout->blockBoundingRect(block).height(); // lays the block out
        const int rows = block.layout() ? std::max(block.layout()->lineCount(), 1) : 1;
        const int taken = std::min(rows, MaxVisibleLines - lines);
        pixels += height * taken / rows;
        lines += taken;
    }
    if (lines == 0)
        pixels = m_output->fontMetrics().lineSpacing();
    const int frame = 2 * m_output->frameWidth() + int(std::ceil(doc->documentMargin() * 2));
    const bool sideways = !wrapsLines() && m_output->horizontalScrollBar()->maximum() > 0;
    const int scrollBar = sideways ? m_output->horizontalScrollBar()->sizeHint().height() : 0;
    // QPlainTextEdit counts a line as visible when it ends a pixel above the viewport's bottom margin.
    const int height = int(std::ceil(pixels)) + frame + 1 + scrollBar;
    if (height != m_output->height())
        m_output->setFixedHeight(height);
}

void CommandOutputView::setRunning()
{
    setBadge([] { return tr("running"); }, Badge::Busy);
}

void CommandOutputView::setResult(const CommandResult &result)
{
    flush();
    if (result.outcome.type == CommandOutcome::Type::Timeout)
        setBadge([] { return tr("timeout"); }, Badge::Bad);
    else if (result.outcome.exitCode == 0)
        setBadge([] { return tr("exit 0"); }, Badge::Good);
    else
        setBadge([code = result.outcome.exitCode] { return tr("exit %1").arg(code); }, Badge::Bad);
    if (result.durationMs > 0)
        setTranslatedToolTip(m_badge, [=, this]() -> QString {
            return tr("Ran for %1").arg(formatElapsed(result.durationMs));
        });
}

QString CommandOutputView::outputText() const
{
    return m_cellView ? m_cellView->text() : m_output->toPlainText();
}

void CommandOutputView::setCell(const KernelCellResult &cell, const QHash<QString, QByteArray> &images,
                                const QString &commandStderr)
{
    delete m_cellView;
    m_cellView = new CellOutputView(cell, images, commandStderr, this);
    m_output->hide();
    static_cast<QVBoxLayout *>(layout())->insertWidget(layout()->indexOf(m_output) + 1, m_cellView);
}

QString CommandOutputView::badgeText() const
{
    return m_badge->text();
}

void CommandOutputView::setBadge(std::function<QString()> text, Badge kind)
{
    setTranslatedText(m_badge, std::move(text));
    m_badgeKind = kind;
    updateColours();
}

void CommandOutputView::setNotRun()
{
    setBadge([] { return ShellCallView::tr("not run"); }, Badge::Waiting);
}

QColor CommandOutputView::badgeColour() const
{
    const QPalette p = palette();
    switch (m_badgeKind) {
    case Badge::Good:
        return okColour(p);
    case Badge::Bad:
        return badColour(p);
    case Badge::Busy:
        return busyColour(p);
    case Badge::Waiting:
        break;
    }
    return p.color(QPalette::PlaceholderText);
}

void CommandOutputView::updateColours()
{
    // From the palette in use now, so a theme switch recolours cards made before it.
    m_badge->setStyleSheet(
        u"QLabel { color: %1; border: 1px solid %1; border-radius: 8px; padding: 1px 8px; }"_s.arg(
            badgeColour().name()));
}

void CommandOutputView::recolourOutput()
{
    // Output keeps its stream in each piece's format; its colours follow the palette too.
    QTextDocument *doc = m_output->document();
    for (QTextBlock block = doc->begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            const int stream = fragment.charFormat().intProperty(StreamProperty);
            QTextCharFormat format;
            format.setForeground(colourOf(stream));
            QTextCursor cursor(doc);
            cursor.setPosition(fragment.position());
            cursor.setPosition(fragment.position() + fragment.length(), QTextCursor::KeepAnchor);
            cursor.mergeCharFormat(format);
        }
    }
}

QColor CommandOutputView::colourOf(int stream) const
{
    if (stream == StderrStream)
        return badColour(palette());
    if (stream == NoteStream)
        return palette().color(QPalette::PlaceholderText);
    return palette().color(QPalette::Text);
}

void CommandOutputView::changeEvent(QEvent *event)
{
    QFrame::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        updateColours();
        recolourOutput();
    }
}

bool CommandOutputView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_command && event->type() == QEvent::Resize) {
        // The document laid out at the view's new width says how tall the command is. The filter runs before
        // the view resizes its viewport, so the width comes from the event, not from viewport().
        QTextDocument *document = m_command->document();
        const QMargins frame = m_command->contentsMargins();
        const int width = static_cast<QResizeEvent *>(event)->size().width() - frame.left() - frame.right();
        document->setTextWidth(std::max(width, 1));
        const QMargins margins = m_command->contentsMargins();
        const int height = int(std::ceil(document->size().height())) + margins.top() + margins.bottom();
        if (height != m_command->height())
            m_command->setFixedHeight(height);
    }
    return QFrame::eventFilter(watched, event);
}

ShellCallView::ShellCallView(ShellCall *call, int maxBlocks, QWidget *parent)
    : QFrame(parent)
    , m_call(call)
    , m_maxBlocks(maxBlocks)
{
    build(call->containerId(), call->displayCommands(), call->toolLabel());
    connect(call, &ShellCall::commandStarted, this, &ShellCallView::onCommandStarted);
    connect(call, &ShellCall::outputChunk, this, &ShellCallView::onOutput);
    connect(call, &ShellCall::commandFinished, this, &ShellCallView::onCommandFinished);
    connect(call, &ShellCall::finished, this, &ShellCallView::onFinished);
    m_ticker.setInterval(100);
    connect(&m_ticker, &QTimer::timeout, this, &ShellCallView::tick);
    m_clock.start();
    if (auto *container = qobject_cast<Container *>(call->parent())) {
        // A connection the policy refused while this call runs gets "Allow HOST" here, where it happened.
        connect(container, &Container::egressEvent, this, [this, container](const EgressEvent &event) {
            if (m_finished || event.decision != EgressEvent::Decision::Refused || event.host.isEmpty())
                return;
            const QString host = NetworkPolicy::normalizeHost(event.host);
            const bool allowable = event.allowable && !host.isEmpty() && NetworkPolicy::validateEntry(host) &&
                                   !container->nextNetworkPolicy().allows(host);
            addRefusedHost(host.isEmpty() ? event.host : host, event.reason, allowable);
        });
    }
    if (call->isFinished()) {
        const QList<CommandResult> results = call->results();
        for (int i = 0; i < results.size() && i < m_commands.size(); ++i) {
            m_commands[i]->appendOutput(ShellCall::Stream::Stdout, results[i].stdoutText);
            m_commands[i]->appendOutput(ShellCall::Stream::Stderr, results[i].stderrText);
            m_commands[i]->setResult(results[i]);
        }
        onFinished();
    } else {
        setStatus([] { return tr("Running"); });
        m_ticker.start();
    }
}

ShellCallView::ShellCallView(const QJsonObject &outputItem, Origin origin, int maxBlocks, QWidget *parent)
    : QFrame(parent)
    , m_item(outputItem)
    , m_maxBlocks(maxBlocks)
    , m_fromTrace(origin == Origin::Trace)
{
    QStringList commands;
    const QJsonObject action = outputItem.value(u"action"_s).toObject();
    for (const QJsonValue &c : action.value(u"commands"_s).toArray())
        commands.append(c.toString());
    build(outputItem.value(u"container_id"_s).toString(), commands, outputItem.value(u"tool"_s).toString());
    const QJsonArray output = outputItem.value(u"output"_s).toArray();
    for (int i = 0; i < m_commands.size(); ++i) {
        if (i >= output.size())
            continue;
        const CommandResult r = resultFromJson(output.at(i).toObject());
        m_commands[i]->appendOutput(ShellCall::Stream::Stdout, r.stdoutText);
        m_commands[i]->appendOutput(ShellCall::Stream::Stderr, r.stderrText);
        m_commands[i]->setResult(r);
    }
    const QString status = outputItem.value(u"status"_s).toString(u"completed"_s);
    setStatus([=, this]() -> QString { return status == u"completed" ? tr("Completed") : tr("Incomplete"); });
    if (outputItem.value(u"not_run"_s).isObject())
        showNotRun(outputItem.value(u"not_run"_s).toObject());
    // A saved call of this workbench is not from a trace: it shows its time when it was saved with one.
    if (m_fromTrace)
        setTranslatedText(m_elapsed, [=, this]() -> QString { return tr("from trace"); });
    m_finished = true;
}

ShellCallView *ShellCallView::fromStartedEvent(const QJsonObject &event, int maxBlocks, QWidget *parent)
{
    return new ShellCallView(EventsTag(), event, maxBlocks, parent);
}

ShellCallView::ShellCallView(EventsTag, const QJsonObject &event, int maxBlocks, QWidget *parent)
    : QFrame(parent)
    , m_callId(event.value(u"call_id"_s).toString())
    , m_maxBlocks(maxBlocks)
    , m_startMs(event.value(u"time_ms"_s).toInteger())
    , m_fromEvents(true)
{
    QStringList commands;
    const QJsonObject action = event.value(u"action"_s).toObject();
    for (const QJsonValue &c : action.value(u"commands"_s).toArray())
        commands.append(c.toString());
    build(event.value(u"container_id"_s).toString(), commands, event.value(u"tool"_s).toString());
    m_sawOutput = QList<bool>(commands.size(), false);
    m_commandDone = QList<bool>(commands.size(), false);
    m_item = QJsonObject{
        {u"type"_s, u"openrouter:shell"_s}, {u"call_id"_s, m_callId}, {u"status"_s, u"in_progress"_s},
        {u"container_id"_s, m_containerId}, {u"action"_s, action},    {u"output"_s, QJsonArray()}};
    m_ticker.setInterval(100);
    connect(&m_ticker, &QTimer::timeout, this, &ShellCallView::tick);
    m_clock.start();
    setStatus([] { return tr("Running"); });
    m_ticker.start();
}

void ShellCallView::handleEvent(const QJsonObject &event)
{
    if (m_finished || !m_fromEvents)
        return;
    const QString type = event.value(u"type"_s).toString();
    const int index = event.value(u"command_index"_s).toInt(-1);
    if (index < 0 || index >= m_commands.size())
        return;
    if (type == u"command.started") {
        m_commands[index]->setRunning();
    } else if (type == u"output.chunk") {
        m_sawOutput[index] = true;
        m_commands[index]->appendOutput(event.value(u"stream"_s).toString() == u"stderr"
                                            ? ShellCall::Stream::Stderr
                                            : ShellCall::Stream::Stdout,
                                        event.value(u"text"_s).toString());
    } else if (type == u"command.finished") {
        const QJsonObject resultJson = event.value(u"result"_s).toObject();
        const CommandResult result = resultFromJson(resultJson);
        // A viewer that joined mid-command saw no chunks; the result carries the output.
        if (!m_sawOutput.at(index)) {
            m_commands[index]->appendOutput(ShellCall::Stream::Stdout, result.stdoutText);
            m_commands[index]->appendOutput(ShellCall::Stream::Stderr, result.stderrText);
        }
        m_commands[index]->setResult(result);
        m_commandDone[index] = true;
        m_sawTimeout = m_sawTimeout || result.outcome.type == CommandOutcome::Type::Timeout;
        QJsonArray output = m_item.value(u"output"_s).toArray();
        while (output.size() <= index)
            output.append(QJsonObject());
        output.replace(index, resultJson);
        m_item.insert(u"output"_s, output);
    }
}

void ShellCallView::finishFromEvents(qint64 timeMs, bool cancelled, const QString &reason)
{
    if (m_finished || !m_fromEvents)
        return;
    m_finished = true;
    m_ticker.stop();
    for (CommandOutputView *view : std::as_const(m_commands))
        view->flush();
    m_elapsed->setText(
        formatElapsed(m_startMs > 0 && timeMs >= m_startMs ? timeMs - m_startMs : m_clock.elapsed()));
    const bool allRan = !m_commandDone.contains(false);
    if (allRan)
        setStatus(
            [=, this]() -> QString { return m_sawTimeout ? tr("Completed (timeout)") : tr("Completed"); });
    else if (cancelled)
        setStatus([] { return tr("Cancelled"); });
    else
        setStatus([] { return tr("Incomplete"); });
    if (!reason.isEmpty())
        m_status->setToolTip(plainToolTip(reason));
    m_item.insert(u"status"_s, allRan ? u"completed"_s : u"incomplete"_s);
    for (int i = 0; i < m_commands.size(); ++i) {
        if (m_commandDone.at(i))
            continue;
        m_commands[i]->setResult(CommandResult());
        m_commands[i]->setNotRun();
    }
}

void ShellCallView::showNotRun(const QJsonObject &notRun)
{
    const QString code = notRun.value(u"code"_s).toString();
    const QString by = notRun.value(u"by"_s).toString();
    const QString reason = notRun.value(u"reason"_s).toString();
    const QString note = notRun.value(u"note"_s).toString();
    const QString message = notRun.value(u"message"_s).toString();
    const bool denied = code == u"approval_denied";
    m_notRunCode = code;
    for (CommandOutputView *view : std::as_const(m_commands))
        view->setNotRun();
    const bool stopped = code == u"stopped";
    setStatus([=]() -> QString { return denied ? tr("Denied") : stopped ? tr("Stopped") : tr("Not run"); });
    m_cost->hide(); // nothing ran, nothing was metered
    m_notRun = new QLabel(this);
    m_notRun->setObjectName(u"NotRunReason"_s);
    m_notRun->setTextFormat(Qt::PlainText); // the reason and the note are others' text
    m_notRun->setWordWrap(true);
    m_notRun->setTextInteractionFlags(Qt::TextSelectableByMouse);
    setTranslatedText(m_notRun, [=]() -> QString {
        QString text;
        if (denied && by == u"rule")
            text = tr("Denied by the approval rules (%1); it did not run.").arg(reason);
        else if (denied && by == u"window")
            text = tr("Denied by you in this window; it did not run.");
        else if (denied && by == u"terminal")
            text = tr("Denied at the terminal; it did not run.");
        else if (denied && by == u"websocket")
            text = tr("Denied by a live viewer; it did not run.");
        else if (denied)
            text = tr("Denied; it did not run.");
        else if (stopped)
            text = tr("Stopped before it ran: Stop was pressed while it waited for approval.");
        else if (code == u"approval_withdrawn")
            text = tr("It did not run: the question ended while it waited for approval.");
        else if (code == u"approval_timeout")
            text = tr("No one answered the approval request in time; it did not run.");
        else if (code == u"approval_unavailable")
            text =
                tr("It needs a person's approval (%1), but nothing could ask; it did not run.").arg(reason);
        else
            text = tr("It did not run: %1").arg(message);
        if (!note.isEmpty())
            text += u'\n' + tr("Note to the model: \u201c%1\u201d").arg(note);
        return text;
    });
    static_cast<QVBoxLayout *>(layout())->insertWidget(2, m_notRun);
}

void ShellCallView::showCells(const QString &storeDir)
{
    const QJsonArray output = m_item.value(u"output"_s).toArray();
    for (int i = 0; i < m_commands.size() && i < output.size(); ++i) {
        const QJsonValue cell = output.at(i).toObject().value(u"cell"_s);
        if (!cell.isObject())
            continue;
        const std::optional<CellRecord> record = CellRecord::load(cell.toObject(), storeDir);
        if (record && CellOutputView::isRich(record->cell))
            m_commands[i]->setCell(record->cell, record->images, record->commandStderr);
    }
}

void ShellCallView::showCell(int command, const KernelCellResult &cell,
                             const QHash<QString, QByteArray> &images)
{
    if (command >= 0 && command < m_commands.size() && CellOutputView::isRich(cell))
        m_commands[command]->setCell(cell, images, {});
}

QString ShellCallView::notRunText() const
{
    return m_notRun ? m_notRun->text() : QString();
}

QString ShellCallView::contractTitle(const QString &key)
{
    if (key == u"openrouter:shell" || key == u"shell")
        return tr("Shell");
    if (key == u"openrouter:bash")
        return tr("Bash session");
    if (key == u"code_execution_20250825")
        return tr("Anthropic code execution");
    if (key == u"code_execution_20250522")
        return tr("Anthropic code execution (Python)");
    if (key == u"codeExecution")
        return tr("Gemini code execution");
    if (key == u"code_interpreter")
        return tr("OpenAI code interpreter");
    return key;
}

QString ShellCallView::toolText() const
{
    return m_tool ? m_tool->text() : QString();
}

void ShellCallView::build(const QString &containerId, const QStringList &commands, const QString &tool)
{
    setObjectName(u"ShellCallView"_s);
    setFrameShape(QFrame::StyledPanel);
    m_containerId = containerId;

    // Ids run to 40 characters: the header elides the middle, the tooltip and the copy button give it whole.
    m_title = new ElidedLabel(this);
    m_title->setObjectName(u"CallContainer"_s);
    setTranslatedText(m_title, [=, this]() -> QString {
        return tr("Container %1").arg(containerId.isEmpty() ? tr("(unknown)") : containerId);
    });
    if (!containerId.isEmpty())
        setTranslatedToolTip(m_title, [=, this]() -> QString {
            return plainToolTip(tr("Container %1").arg(containerId));
        }); // a trace names any id
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_copyId = new QToolButton(this);
    m_copyId->setObjectName(u"CopyContainerId"_s);
    m_copyId->setIcon(QIcon::fromTheme(u"edit-copy"_s));
    setTranslatedText(m_copyId, [=, this]() -> QString { return tr("Copy"); });
    m_copyId->setToolButtonStyle(m_copyId->icon().isNull() ? Qt::ToolButtonTextOnly : Qt::ToolButtonIconOnly);
    m_copyId->setAutoRaise(true);
    setTranslatedToolTip(m_copyId, [=, this]() -> QString { return tr("Copy the container id"); });
    m_copyId->setEnabled(!containerId.isEmpty());
    connect(m_copyId, &QToolButton::clicked, this, &ShellCallView::copyContainerId);
    auto *copyAction = new QAction(tr("Copy container id"), m_title);
    copyAction->setObjectName(u"CopyContainerIdAction"_s);
    copyAction->setEnabled(!containerId.isEmpty());
    connect(copyAction, &QAction::triggered, this, &ShellCallView::copyContainerId);
    m_title->addAction(copyAction);
    m_title->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_status = new QLabel(this);
    m_status->setObjectName(u"CallStatus"_s);
    m_status->setTextFormat(Qt::PlainText);
    m_elapsed = new QLabel(this);
    m_elapsed->setObjectName(u"ElapsedLabel"_s);
    m_cost = new QLabel(this);
    m_cost->setObjectName(u"CostLabel"_s);
    setTranslatedToolTip(m_cost, [=, this]() -> QString { return tr("Sandbox cost of this call"); });
    m_cost->setForegroundRole(QPalette::PlaceholderText);
    setCost(-1);
    // A plain shell call needs no label; the other contracts say whose tool ran the code.
    if (!tool.isEmpty() && tool != u"openrouter:shell" && tool != u"shell") {
        m_tool = new QLabel(contractTitle(tool), this);
        m_tool->setObjectName(u"CallTool"_s);
        m_tool->setTextFormat(Qt::PlainText);
        m_tool->setToolTip(plainToolTip(tool));
    }

    // The id gets a line of its own so it is elided only in a very narrow panel.
    auto *header = new QHBoxLayout;
    header->setSpacing(4);
    header->addWidget(m_title, 1);
    header->addWidget(m_copyId);
    // The facts wrap onto a second line in a narrow panel rather than push the card past its edge.
    auto *facts = new FlowLayout;
    if (m_tool)
        facts->addWidget(m_tool);
    facts->addWidget(m_status);
    facts->addWidget(m_elapsed);
    facts->addWidget(m_cost);

    m_commandsLayout = new QVBoxLayout;
    m_commandsLayout->setSpacing(4);
    for (int i = 0; i < commands.size(); ++i) {
        auto *view = new CommandOutputView(i, commands.at(i), m_maxBlocks, this);
        view->setWrapLines(m_wrap);
        m_commands.append(view);
        m_commandsLayout->addWidget(view);
    }
    m_refusedBox = new QWidget(this);
    m_refusedBox->setObjectName(u"RefusedHosts"_s);
    auto *refused = new QVBoxLayout(m_refusedBox);
    refused->setContentsMargins(0, 0, 0, 0);
    m_refusedLayout = new QGridLayout;
    m_refusedLayout->setColumnStretch(0, 1);
    refused->addLayout(m_refusedLayout);
    m_networkMessage = new InlineMessage(m_refusedBox);
    m_networkMessage->setObjectName(u"NetworkAllowMessage"_s);
    m_networkMessage->hide();
    refused->addWidget(m_networkMessage);
    m_refusedBox->hide();

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 6);
    layout->addLayout(header);
    layout->addLayout(facts);
    layout->addLayout(m_commandsLayout);
    layout->addWidget(m_refusedBox);
}

void ShellCallView::addRefusedHost(const QString &host, const QString &reason, bool allowable)
{
    // One row per host, and a handful at most: a command retrying in a loop must not grow the view.
    constexpr int MaxRows = 5;
    if (m_refused.contains(host) || m_refused.size() >= MaxRows)
        return;
    m_refused.append(host);
    m_refusedBox->show();
    const int row = int(m_refused.size()) - 1;
    auto *label = new ElidedLabel(m_refusedBox);
    label->setObjectName(u"RefusedHost"_s);
    setTranslatedText(label, [=, this]() -> QString { return tr("Refused: %1").arg(host); });
    setTranslatedToolTip(label, [=, this]() -> QString {
        return plainToolTip(reason.isEmpty() ? host : tr("%1: %2").arg(host, reason));
    });
    m_refusedLayout->addWidget(label, row, 0);
    if (!allowable)
        return;
    // A long name is elided in the button (the tooltip has it whole) so the view never outgrows its panel.
    const QString text = tr("Allow %1").arg(host);
    auto *allow = new QPushButton(m_refusedBox);
    allow->setText(allow->fontMetrics().elidedText(text, Qt::ElideMiddle,
                                                   allow->fontMetrics().horizontalAdvance(u'x') * 24));
    allow->setAccessibleName(text);
    allow->setObjectName(u"AllowHostButton"_s);
    allow->setProperty("host", host);
    setTranslatedToolTip(allow, [=, this]() -> QString {
        return tr("Add %1 to this container's network policy; it restarts with its "
                  "files and the new policy")
            .arg(host);
    });
    connect(allow, &QPushButton::clicked, this, [this, allow, host] {
        allow->setEnabled(false);
        Q_EMIT allowHostRequested(m_containerId, host);
    });
    m_refusedLayout->addWidget(allow, row, 1);
}

void ShellCallView::showNetworkMessage(const QString &text, InlineMessage::Type type)
{
    m_refusedBox->show();
    m_networkMessage->showMessage(text, type);
    if (type != InlineMessage::Type::Error)
        return;
    for (QPushButton *allow : m_refusedBox->findChildren<QPushButton *>(u"AllowHostButton"_s)) {
        if (!m_allowed.contains(allow->property("host").toString()))
            allow->setEnabled(true);
    }
}

QString ShellCallView::networkMessage() const
{
    return m_networkMessage->isHidden() ? QString() : m_networkMessage->text();
}

void ShellCallView::showHostAllowed(const QString &host, const QStringList &entries, bool unrestricted,
                                    const QString &restart)
{
    if (!m_allowed.contains(host))
        m_allowed.append(host);
    const QString list = unrestricted ? tr("every host") : entries.join(u", "_s);
    if (restart == u"none")
        showNetworkMessage(tr("%1 is already allowed (%2).").arg(host, list),
                           InlineMessage::Type::Information);
    else if (restart == u"after_running_call")
        showNetworkMessage(tr("Allowed %1. The container restarts with its files and the new policy (%2) "
                              "when this call ends.")
                               .arg(host, list),
                           InlineMessage::Type::Positive);
    else if (restart == u"restarted")
        showNetworkMessage(
            tr("Allowed %1. The container restarted with its files and the new policy (%2).").arg(host, list),
            InlineMessage::Type::Positive);
    else
        showNetworkMessage(
            tr("Allowed %1. The container starts with its files and the new policy (%2).").arg(host, list),
            InlineMessage::Type::Positive);
}

void ShellCallView::setWrapLines(bool wrap)
{
    m_wrap = wrap;
    for (CommandOutputView *view : std::as_const(m_commands))
        view->setWrapLines(wrap);
}

void ShellCallView::copyContainerId()
{
    if (!m_containerId.isEmpty())
        QGuiApplication::clipboard()->setText(m_containerId);
}

QJsonObject ShellCallView::outputItem() const
{
    if (m_call)
        return m_call->outputItem();
    return m_item;
}

QString ShellCallView::statusText() const
{
    return m_status->text();
}

void ShellCallView::setCost(double dollars, bool includesMinimum)
{
    setTranslatedText(m_cost, [=] {
        const QString amount = QLocale().toString(dollars, 'f', 4);
        return dollars < 0       ? tr("cost —")
               : includesMinimum ? tr("$%1 · includes the 30 s minimum").arg(amount)
                                 : tr("$%1").arg(amount);
    });
}

QString ShellCallView::formatElapsed(qint64 ms)
{
    return ::formatElapsed(ms);
}

void ShellCallView::setCostText(const QString &text)
{
    m_cost->setText(text);
}

void ShellCallView::setCostPartOf(double dollars)
{
    setTranslatedText(m_cost, [=] { return tr("part of $%1").arg(QLocale().toString(dollars, 'f', 4)); });
}

QString ShellCallView::costText() const
{
    return m_cost->text();
}

QString ShellCallView::elapsedText() const
{
    return m_elapsed->text();
}

void ShellCallView::setElapsed(qint64 ms)
{
    m_elapsed->setText(ms >= 0 ? formatElapsed(ms) : QString());
}

void ShellCallView::setCostToolTip(const QString &text)
{
    m_cost->setToolTip(plainToolTip(text));
}

void ShellCallView::setStatus(std::function<QString()> text)
{
    setTranslatedText(m_status, std::move(text));
}

void ShellCallView::onCommandStarted(int index)
{
    if (index >= 0 && index < m_commands.size())
        m_commands[index]->setRunning();
}

void ShellCallView::onOutput(int index, ShellCall::Stream stream, const QString &text)
{
    // A Python cell's stdout is the kernel bridge's JSON: its outputs show once the cell ends.
    if (m_call && !m_call->kernelNonce().isEmpty())
        return;
    if (index >= 0 && index < m_commands.size())
        m_commands[index]->appendOutput(stream, text);
}

void ShellCallView::onCommandFinished(int index, const CommandResult &result)
{
    if (index >= 0 && index < m_commands.size() && m_call && !m_call->kernelNonce().isEmpty()) {
        // What the notebook shows: the cell's outputs in the kernel's order, then what the command itself
        // said on stderr.
        const KernelCellResult cell = KernelCellResult::parse(result.stdoutText, m_call->kernelNonce());
        if (CellOutputView::isRich(cell)) {
            // Tables and images: the images are read now, before the next cell replaces them.
            const QString home = m_call->container() ? m_call->container()->homeDir() : QString();
            m_commands[index]->setCell(cell, CellOutputView::readImages(cell, home), result.stderrText);
        } else {
            m_commands[index]->appendOutput(ShellCall::Stream::Stdout, cell.logs());
            m_commands[index]->appendOutput(ShellCall::Stream::Stderr, result.stderrText);
        }
    }
    if (index >= 0 && index < m_commands.size())
        m_commands[index]->setResult(result);
}

void ShellCallView::onFinished()
{
    m_finished = true;
    m_ticker.stop();
    for (CommandOutputView *view : std::as_const(m_commands))
        view->flush();
    if (!m_call)
        return;
    m_item = m_call->outputItem();
    const QList<CommandResult> results = m_call->results();
    qint64 total = 0;
    for (const CommandResult &r : results)
        total += r.durationMs;
    m_elapsed->setText(formatElapsed(m_clock.isValid() && total == 0 ? m_clock.elapsed() : total));
    bool timedOut = false;
    for (const CommandResult &r : results) {
        timedOut = timedOut || r.outcome.type == CommandOutcome::Type::Timeout;
        // A Python cell's time limit is the kernel's: interrupted, or restarted when it would not stop.
        if (!m_call->kernelNonce().isEmpty()) {
            const QString status = KernelCellResult::parse(r.stdoutText, m_call->kernelNonce()).status;
            timedOut = timedOut || status == u"interrupted" || status == u"restarted";
        }
    }
    if (m_call->isCompleted())
        setStatus([=, this]() -> QString { return timedOut ? tr("Completed (timeout)") : tr("Completed"); });
    else if (!m_call->errorString().isEmpty())
        setStatus([] { return tr("Cancelled"); });
    else
        setStatus([] { return tr("Incomplete"); });
    if (!m_call->errorString().isEmpty())
        m_status->setToolTip(plainToolTip(m_call->errorString()));
    for (int i = int(results.size()); i < m_commands.size(); ++i) {
        CommandResult notRun;
        m_commands[i]->setResult(notRun);
        m_commands[i]->setNotRun();
    }
}

void ShellCallView::tick()
{
    m_elapsed->setText(formatElapsed(m_clock.elapsed()));
}

ShellCallPanel::ShellCallPanel(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(u"ShellCallPanel"_s);
    m_traceTitle = new QLabel(this);
    m_traceTitle->setObjectName(u"TraceTitle"_s);
    m_traceTitle->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_traceTitle->setTextFormat(Qt::PlainText); // names a trace file
    m_traceTitle->hide();
    // Elided in the middle when the panel is narrow (the tooltip holds the whole id), so the id never
    // sets the window's minimum width.
    m_container = new ElidedLabel(this);
    m_container->setObjectName(u"ShellCallsContainer"_s);
    m_container->setForegroundRole(QPalette::PlaceholderText);
    m_container->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_container->setTextFormat(Qt::PlainText);
    m_container->hide();
    m_rerun = new QPushButton(this);
    retranslate(m_rerun, [this] { m_rerun->setText(tr("Re-run locally")); });
    m_rerun->setObjectName(u"RerunButton"_s);
    retranslate(m_rerun, [this] {
        m_rerun->setToolTip(tr("Run the trace's commands again in a new local container"));
    });
    m_rerun->hide();
    connect(m_rerun, &QPushButton::clicked, this, &ShellCallPanel::rerunRequested);
    m_wrapButton = new QToolButton(this);
    m_wrapButton->setObjectName(u"WrapLinesButton"_s);
    retranslate(m_wrapButton, [this] { m_wrapButton->setText(tr("Wrap lines")); });
    retranslate(m_wrapButton, [this] {
        m_wrapButton->setToolTip(tr("Wrap long output lines at the panel's width, or scroll them sideways"));
    });
    m_wrapButton->setCheckable(true);
    m_wrapButton->setChecked(m_wrap);
    m_wrapButton->setAutoRaise(true);
    connect(m_wrapButton, &QToolButton::toggled, this, [this](bool wrap) {
        setWrapLines(wrap);
        Q_EMIT wrapLinesToggled(wrap);
    });

    m_empty = new QLabel(this);
    retranslate(m_empty,
                [this] { m_empty->setText(tr("Shell calls the model makes appear here while they run.")); });
    m_empty->setObjectName(u"ShellCallsEmpty"_s);
    m_empty->setWordWrap(true);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setForegroundRole(QPalette::PlaceholderText);
    // The trace viewer without a trace: a sample made by Sandbench (resources/traces) to try it on.
    m_sampleTrace = new QPushButton(this);
    m_sampleTrace->setObjectName(u"OpenSampleTraceButton"_s);
    retranslate(m_sampleTrace, [this] {
        m_sampleTrace->setText(tr("Open Sample Trace"));
        m_sampleTrace->setToolTip(
            tr("Open a saved Responses trace of the sales demo in the trace viewer: its "
               "shell call, its output and the answer, ready to re-run locally"));
    });
    connect(m_sampleTrace, &QPushButton::clicked, this, &ShellCallPanel::sampleTraceRequested);
    m_sampleTrace->hide(); // setOffersSampleTrace()
    m_emptyBox = new QWidget(this);
    m_emptyBox->setObjectName(u"ShellCallsEmptyState"_s);
    auto *emptyLayout = new QVBoxLayout(m_emptyBox);
    emptyLayout->setContentsMargins(0, 12, 0, 0);
    emptyLayout->addWidget(m_empty);
    emptyLayout->addWidget(m_sampleTrace, 0, Qt::AlignHCenter);

    auto *content = new QWidget;
    m_list = new QVBoxLayout(content);
    m_list->setContentsMargins(4, 4, 4, 4);
    m_list->addWidget(m_emptyBox);
    m_list->addStretch(1);
    m_scroll = new QScrollArea(this);
    m_scroll->setObjectName(u"ShellCallScroll"_s);
    m_scroll->setWidgetResizable(true);
    m_scroll->setWidget(content);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // The panel follows the newest call as it streams and grows, until the person scrolls up to an earlier
    // one; back at the end, or when a new call starts, it follows again.
    QScrollBar *bar = m_scroll->verticalScrollBar();
    connect(bar, &QScrollBar::rangeChanged, this, [this, bar](int, int max) {
        if (m_follow)
            bar->setValue(max);
    });
    connect(bar, &QScrollBar::actionTriggered, this, [this, bar] {
        QTimer::singleShot(0, this, [this, bar] { m_follow = bar->value() >= bar->maximum(); });
    });

    auto *top = new QHBoxLayout;
    top->addWidget(m_container, 1);
    top->addWidget(m_wrapButton, 0, Qt::AlignRight);
    auto *trace = new QHBoxLayout;
    trace->addWidget(m_traceTitle, 1);
    trace->addWidget(m_rerun);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addLayout(trace);
    layout->addWidget(m_scroll, 1);
}

void ShellCallPanel::setContainerId(const QString &id)
{
    setTranslatedText(m_container, [=, this]() -> QString { return tr("Container %1").arg(id); });
    m_container->setVisible(!id.isEmpty());
}

ShellCallView *ShellCallPanel::addCall(ShellCall *call)
{
    return append(new ShellCallView(call, m_maxBlocks));
}

ShellCallView *ShellCallPanel::addItem(const QJsonObject &outputItem, ShellCallView::Origin origin)
{
    auto *view = new ShellCallView(outputItem, origin, m_maxBlocks);
    if (!m_cellStore.isEmpty())
        view->showCells(m_cellStore);
    return append(view);
}

TraceComparisonView *ShellCallPanel::addComparison(const QJsonObject &traceItem, ShellCall *local)
{
    auto *view = new TraceComparisonView(traceItem, local);
    appendWidget(view);
    m_comparisons.append(view);
    return view;
}

void ShellCallPanel::setTraceSummary(QWidget *summary)
{
    delete m_summary;
    m_summary = summary;
    if (summary) {
        m_emptyBox->hide();
        m_list->insertWidget(0, summary);
    }
}

void ShellCallPanel::setWrapLines(bool wrap)
{
    m_wrap = wrap;
    {
        const QSignalBlocker blocker(m_wrapButton);
        m_wrapButton->setChecked(wrap);
    }
    for (ShellCallView *view : std::as_const(m_views))
        view->setWrapLines(wrap);
}

ShellCallView *ShellCallPanel::append(ShellCallView *view)
{
    connect(view, &ShellCallView::allowHostRequested, this,
            [this, view](const QString &containerId, const QString &host) {
                Q_EMIT allowHostRequested(view, containerId, host);
            });
    view->setWrapLines(m_wrap);
    appendWidget(view);
    m_views.append(view);
    return view;
}

void ShellCallPanel::appendWidget(QWidget *widget)
{
    m_emptyBox->hide();
    m_list->insertWidget(m_list->count() - 1, widget);
    // A call that did not run has no output to follow: its top, where it says why, comes into view (the
    // next call follows again).
    const auto *view = qobject_cast<ShellCallView *>(widget);
    const bool notRun = view && !view->notRunCode().isEmpty();
    m_follow = !notRun;
    QTimer::singleShot(0, this, [this, notRun, card = QPointer<QWidget>(widget)] {
        QScrollBar *bar = m_scroll->verticalScrollBar();
        bar->setValue(notRun && card ? std::min(bar->maximum(), card->y()) : bar->maximum());
    });
}

void ShellCallPanel::clear()
{
    qDeleteAll(m_views);
    m_views.clear();
    qDeleteAll(m_comparisons);
    m_comparisons.clear();
    m_emptyBox->setVisible(!m_summary);
}

void ShellCallPanel::setOffersSampleTrace(bool offer)
{
    m_sampleTrace->setVisible(offer);
}

void ShellCallPanel::setTraceTitle(const QString &title)
{
    m_traceTitle->setText(title);
    m_traceTitle->setVisible(!title.isEmpty());
    m_rerun->setVisible(!title.isEmpty());
}
