// SPDX-License-Identifier: GPL-3.0-or-later
#include "shellcalls/tracecomparison.h"
#include "common/retranslate.h"

#include <QEvent>
#include <QFontDatabase>
#include <QGridLayout>
#include <QJsonArray>
#include <QLabel>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QTextBlock>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {
bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Base).lightness() < 128;
}

QColor sameColour(const QPalette &p)
{
    return isDark(p) ? QColor(0x56, 0xd3, 0x64) : QColor(0x1e, 0x84, 0x49);
}

QColor differsColour(const QPalette &p)
{
    return isDark(p) ? QColor(0xff, 0xa6, 0x57) : QColor(0xb3, 0x54, 0x00);
}

// A running command: not the palette's highlight, which reads at about 3:1 as a badge's small text.
QColor busyColour(const QPalette &p)
{
    return isDark(p) ? QColor(0x6c, 0xb6, 0xff) : QColor(0x1f, 0x5f, 0xa8);
}

// The background of a differing line: the differs colour, faint enough to read the text on.
QColor lineTint(const QPalette &p)
{
    QColor c = differsColour(p);
    c.setAlpha(isDark(p) ? 70 : 45);
    return c;
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

QPlainTextEdit *streamView(QWidget *parent, const QString &objectName)
{
    auto *view = new QPlainTextEdit(parent);
    view->setObjectName(objectName);
    view->setReadOnly(true);
    view->setUndoRedoEnabled(false);
    view->setLineWrapMode(QPlainTextEdit::NoWrap);
    view->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    view->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    view->setMinimumWidth(60);
    return view;
}

// Shows text (bounded) and sizes the view to at most eight of its lines.
void showText(QPlainTextEdit *view, const QString &text)
{
    QString shown = text.left(TraceComparisonView::MaxShownChars);
    if (shown.size() < text.size())
        shown += TraceComparisonView::tr("\n[… %n more character(s) not shown …]", nullptr,
                                         int(std::min<qsizetype>(text.size() - shown.size(), INT_MAX)));
    if (shown.isEmpty())
        setTranslatedPlaceholder(view, [] { return TraceComparisonView::tr("(empty)"); });
    view->setPlainText(shown);
    constexpr int MaxLines = 8;
    const int all = int(shown.count(u'\n')) + (shown.endsWith(u'\n') ? 0 : 1);
    const int lines = std::clamp(all, 1, MaxLines);
    // Every line fits without a vertical scroll bar up to MaxLines; room is kept for the horizontal one.
    view->setVerticalScrollBarPolicy(all > MaxLines ? Qt::ScrollBarAsNeeded : Qt::ScrollBarAlwaysOff);
    view->setFixedHeight(lines * view->fontMetrics().lineSpacing() + 2 * view->frameWidth() +
                         int(2 * view->document()->documentMargin()) +
                         view->horizontalScrollBar()->sizeHint().height() + 4);
}

// Highlights the lines of a that differ from the same line of b.
void markLines(QPlainTextEdit *view, const QString &a, const QString &b)
{
    const QStringList ours = a.split(u'\n');
    const QStringList theirs = b.split(u'\n');
    QList<QTextEdit::ExtraSelection> marks;
    QTextBlock block = view->document()->firstBlock();
    for (int i = 0; block.isValid() && i < ours.size(); ++i, block = block.next()) {
        if (i < theirs.size() && ours.at(i) == theirs.at(i))
            continue;
        QTextEdit::ExtraSelection mark;
        mark.cursor = QTextCursor(block);
        mark.format.setBackground(lineTint(view->palette()));
        mark.format.setProperty(QTextFormat::FullWidthSelection, true);
        marks.append(mark);
    }
    view->setExtraSelections(marks);
}
} // namespace

TraceComparisonView::TraceComparisonView(const QJsonObject &traceItem, ShellCall *local, QWidget *parent)
    : QFrame(parent)
    , m_call(local)
{
    setObjectName(u"TraceComparison"_s);
    setFrameShape(QFrame::StyledPanel);
    const QString traceContainer = traceItem.value(u"container_id"_s).toString();
    m_title = new QLabel(this);
    m_title->setObjectName(u"ComparisonTitle"_s);
    m_title->setTextFormat(Qt::PlainText); // container ids come from the trace file
    m_title->setWordWrap(true);
    setTranslatedText(m_title, [=, this]() -> QString {
        return tr("Trace (container %1) beside the local run (container %2)")
            .arg(traceContainer.isEmpty() ? tr("unknown") : traceContainer,
                 local ? local->containerId() : tr("unknown"));
    });
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_summary = new QLabel(this);
    m_summary->setObjectName(u"ComparisonSummary"_s);
    m_summary->setTextFormat(Qt::PlainText);

    m_layout = new QVBoxLayout(this);
    m_layout->setContentsMargins(8, 6, 8, 6);
    m_layout->addWidget(m_title);
    m_layout->addWidget(m_summary);

    const QJsonArray commands = traceItem.value(u"action"_s).toObject().value(u"commands"_s).toArray();
    const QJsonArray output = traceItem.value(u"output"_s).toArray();
    for (int i = 0; i < commands.size(); ++i) {
        Command c;
        c.text = commands.at(i).toString();
        c.inTrace = i < output.size();
        if (c.inTrace)
            c.trace = resultFromJson(output.at(i).toObject());
        m_commands.append(c);
        buildCommand(i);
    }
    if (local) {
        connect(local, &ShellCall::commandStarted, this, &TraceComparisonView::onStarted);
        connect(local, &ShellCall::commandFinished, this, &TraceComparisonView::onFinished);
        connect(local, &ShellCall::finished, this, &TraceComparisonView::onCallFinished);
        const QList<CommandResult> done = local->results();
        for (int i = 0; i < done.size(); ++i)
            onFinished(i, done.at(i));
        if (local->isFinished())
            onCallFinished();
    } else {
        onCallFinished();
    }
    updateSummary();
}

void TraceComparisonView::buildCommand(int index)
{
    Command &c = m_commands[index];
    auto *frame = new QFrame(this);
    frame->setObjectName(u"CompareCommand"_s);
    frame->setProperty("commandIndex", index);
    auto *grid = new QGridLayout(frame);
    grid->setContentsMargins(0, 4, 0, 4);
    grid->setHorizontalSpacing(6);
    grid->setVerticalSpacing(2);

    auto *command = new QLabel(u"$ "_s + c.text, frame);
    command->setObjectName(u"CompareCommandText"_s);
    command->setTextFormat(Qt::PlainText);
    command->setWordWrap(true);
    command->setTextInteractionFlags(Qt::TextSelectableByMouse);
    command->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    command->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    c.badge = new QLabel(frame);
    c.badge->setObjectName(u"CompareBadge"_s);
    c.badge->setTextFormat(Qt::PlainText);
    c.badge->setAlignment(Qt::AlignCenter);
    setBadge(c.badge, tr("waiting"), palette().color(QPalette::PlaceholderText));
    grid->addWidget(command, 0, 0, 1, 2);
    grid->addWidget(c.badge, 0, 2, Qt::AlignTop | Qt::AlignRight);

    auto *traceHeader = translatedLabel([=, this]() -> QString { return tr("Trace"); }, frame);
    auto *localHeader = translatedLabel([=, this]() -> QString { return tr("Local run"); }, frame);
    for (QLabel *header : {traceHeader, localHeader})
        header->setForegroundRole(QPalette::PlaceholderText);
    grid->addWidget(traceHeader, 1, 1);
    grid->addWidget(localHeader, 1, 2);

    const auto rowLabel = [frame](const QString &text, const QString &name) {
        auto *label = new QLabel(text, frame);
        label->setObjectName(name);
        label->setAlignment(Qt::AlignRight | Qt::AlignTop);
        return label;
    };
    c.outcomeLabel = rowLabel(tr("outcome"), u"CompareOutcomeLabel"_s);
    c.outLabel = rowLabel(tr("stdout"), u"CompareStdoutLabel"_s);
    c.errLabel = rowLabel(tr("stderr"), u"CompareStderrLabel"_s);
    grid->addWidget(c.outcomeLabel, 2, 0);
    grid->addWidget(c.outLabel, 3, 0);
    grid->addWidget(c.errLabel, 4, 0);
    for (Side *side : {&c.traceSide, &c.localSide}) {
        const bool trace = side == &c.traceSide;
        const int column = trace ? 1 : 2;
        side->outcome = new QLabel(frame);
        side->outcome->setObjectName(trace ? u"TraceOutcome"_s : u"LocalOutcome"_s);
        side->outcome->setTextFormat(Qt::PlainText);
        side->out = streamView(frame, trace ? u"TraceStdout"_s : u"LocalStdout"_s);
        side->err = streamView(frame, trace ? u"TraceStderr"_s : u"LocalStderr"_s);
        grid->addWidget(side->outcome, 2, column);
        grid->addWidget(side->out, 3, column);
        grid->addWidget(side->err, 4, column);
    }
    grid->setColumnStretch(1, 1);
    grid->setColumnStretch(2, 1);
    if (c.inTrace) {
        c.traceSide.outcome->setText(outcomeText(c.trace));
        showText(c.traceSide.out, c.trace.stdoutText);
        showText(c.traceSide.err, c.trace.stderrText);
    } else {
        setTranslatedText(c.traceSide.outcome, [=, this]() -> QString { return tr("not in the trace"); });
        showText(c.traceSide.out, {});
        showText(c.traceSide.err, {});
    }
    setTranslatedText(c.localSide.outcome, [=, this]() -> QString { return tr("waiting"); });
    showText(c.localSide.out, {});
    showText(c.localSide.err, {});
    m_layout->addWidget(frame);
}

QString TraceComparisonView::outcomeText(const CommandResult &result)
{
    return result.outcome.type == CommandOutcome::Type::Timeout ? tr("timeout")
                                                                : tr("exit %1").arg(result.outcome.exitCode);
}

void TraceComparisonView::setBadge(QLabel *badge, const QString &text, const QColor &colour)
{
    badge->setText(text);
    badge->setStyleSheet(
        u"QLabel { color: %1; border: 1px solid %1; border-radius: 8px; padding: 1px 8px; }"_s.arg(
            colour.name()));
}

void TraceComparisonView::onStarted(int index)
{
    if (index < 0 || index >= m_commands.size())
        return;
    m_commands[index].started = true;
    recolour(index);
    m_commands[index].localSide.outcome->setText(tr("running"));
}

void TraceComparisonView::onFinished(int index, const CommandResult &result)
{
    if (index < 0 || index >= m_commands.size())
        return;
    Command &c = m_commands[index];
    c.ran = true;
    c.local = result;
    c.localSide.outcome->setText(outcomeText(result));
    showText(c.localSide.out, result.stdoutText);
    showText(c.localSide.err, result.stderrText);
    compare(index);
    updateSummary();
}

void TraceComparisonView::onCallFinished()
{
    if (m_finished)
        return;
    m_finished = true;
    for (int i = 0; i < m_commands.size(); ++i) {
        Command &c = m_commands[i];
        if (c.ran)
            continue;
        // The trace ran it and this run did not (the call was cancelled or a command before it timed out).
        setTranslatedText(c.localSide.outcome, [=, this]() -> QString { return tr("not run"); });
        c.verdict = Verdict::Differs;
        c.differences = {u"outcome"_s};
        recolour(i);
    }
    updateSummary();
    Q_EMIT finished();
}

void TraceComparisonView::changeEvent(QEvent *event)
{
    QFrame::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        for (int i = 0; i < m_commands.size(); ++i)
            recolour(i);
}

void TraceComparisonView::recolour(int index)
{
    Command &c = m_commands[index];
    if (c.ran) {
        compare(index);
    } else if (m_finished) {
        setBadge(c.badge, tr("not run"), differsColour(palette()));
        c.localSide.outcome->setStyleSheet(u"QLabel { color: %1; }"_s.arg(differsColour(palette()).name()));
    } else if (c.started) {
        setBadge(c.badge, tr("running"), busyColour(palette()));
    } else {
        setBadge(c.badge, tr("waiting"), palette().color(QPalette::PlaceholderText));
    }
}

void TraceComparisonView::compare(int index)
{
    Command &c = m_commands[index];
    c.differences.clear();
    if (!c.inTrace || c.trace.outcome != c.local.outcome)
        c.differences.append(u"outcome"_s);
    if (!c.inTrace || c.trace.stdoutText != c.local.stdoutText)
        c.differences.append(u"stdout"_s);
    if (!c.inTrace || c.trace.stderrText != c.local.stderrText)
        c.differences.append(u"stderr"_s);
    c.verdict = c.differences.isEmpty() ? Verdict::Same : Verdict::Differs;
    const QColor differs = differsColour(palette());
    setBadge(c.badge, c.verdict == Verdict::Same ? tr("same") : tr("differs"),
             c.verdict == Verdict::Same ? sameColour(palette()) : differs);
    setTranslatedToolTip(c.badge, [=, this]() -> QString {
        return c.verdict == Verdict::Same
                   ? tr("stdout, stderr and outcome are the same as in the trace")
                   : tr("Differs from the trace in: %1").arg(c.differences.join(u", "_s));
    });
    // A differing row's name is marked and its differing lines are highlighted on both sides.
    const QString marked = u"QLabel { color: %1; font-weight: bold; }"_s.arg(differs.name());
    c.outcomeLabel->setStyleSheet(c.differences.contains(u"outcome"_s) ? marked : QString());
    c.outLabel->setStyleSheet(c.differences.contains(u"stdout"_s) ? marked : QString());
    c.errLabel->setStyleSheet(c.differences.contains(u"stderr"_s) ? marked : QString());
    for (QLabel *outcome : {c.traceSide.outcome, c.localSide.outcome})
        outcome->setStyleSheet(c.differences.contains(u"outcome"_s)
                                   ? u"QLabel { color: %1; }"_s.arg(differs.name())
                                   : QString());
    markLines(c.traceSide.out, c.trace.stdoutText, c.local.stdoutText);
    markLines(c.localSide.out, c.local.stdoutText, c.trace.stdoutText);
    markLines(c.traceSide.err, c.trace.stderrText, c.local.stderrText);
    markLines(c.localSide.err, c.local.stderrText, c.trace.stderrText);
}

void TraceComparisonView::updateSummary()
{
    int same = 0;
    int differs = 0;
    for (const Command &c : std::as_const(m_commands)) {
        same += c.verdict == Verdict::Same;
        differs += c.verdict == Verdict::Differs;
    }
    const int total = int(m_commands.size());
    if (!m_finished)
        setTranslatedText(m_summary, [=, this]() -> QString {
            return tr("Running: %1 of %n command(s) compared", nullptr, total).arg(same + differs);
        });
    else if (differs == 0)
        setTranslatedText(m_summary, [=, this]() -> QString {
            return tr("All %n command(s) the same as in the trace", nullptr, total);
        });
    else
        setTranslatedText(m_summary, [=, this]() -> QString {
            return tr("%1 of %n command(s) differ from the trace", nullptr, total).arg(differs);
        });
    m_summary->setStyleSheet(m_finished && differs > 0
                                 ? u"QLabel { color: %1; }"_s.arg(differsColour(palette()).name())
                                 : QString());
}

TraceComparisonView::Verdict TraceComparisonView::verdict(int command) const
{
    return command >= 0 && command < m_commands.size() ? m_commands.at(command).verdict : Verdict::Pending;
}

QString TraceComparisonView::badgeText(int command) const
{
    return command >= 0 && command < m_commands.size() ? m_commands.at(command).badge->text() : QString();
}

QStringList TraceComparisonView::differences(int command) const
{
    return command >= 0 && command < m_commands.size() ? m_commands.at(command).differences : QStringList();
}

QString TraceComparisonView::summaryText() const
{
    return m_summary->text();
}
