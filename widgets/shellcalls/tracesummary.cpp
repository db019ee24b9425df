// SPDX-License-Identifier: GPL-3.0-or-later
#include "shellcalls/tracesummary.h"

#include "common/retranslate.h"
#include "shellcalls/shellcallview.h"

#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {
QLabel *fact(QWidget *parent, const QString &objectName, const QString &text)
{
    auto *label = new QLabel(text, parent);
    label->setObjectName(objectName);
    label->setTextFormat(Qt::PlainText); // every value comes from the trace file
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

QString oneLine(const QString &text, int max = 160)
{
    QString line = text.simplified();
    if (line.size() > max)
        line = line.left(max - 1) + u'…';
    return line;
}
} // namespace

QString TraceSummaryView::usageText(const Trace &t)
{
    if (t.inputTokens < 0 && t.outputTokens < 0)
        return tr("not in the trace");
    const QLocale locale;
    QStringList parts;
    if (t.inputTokens >= 0)
        parts.append(t.cachedTokens > 0
                         ? tr("%1 input (%2 cached)")
                               .arg(locale.toString(t.inputTokens), locale.toString(t.cachedTokens))
                         : tr("%1 input").arg(locale.toString(t.inputTokens)));
    if (t.outputTokens >= 0)
        parts.append(t.reasoningTokens > 0
                         ? tr("%1 output (%2 reasoning)")
                               .arg(locale.toString(t.outputTokens), locale.toString(t.reasoningTokens))
                         : tr("%1 output").arg(locale.toString(t.outputTokens)));
    if (t.totalTokens >= 0)
        parts.append(tr("%1 total").arg(locale.toString(t.totalTokens)));
    return parts.join(u" · "_s);
}

QString TraceSummaryView::costText(const Trace &t)
{
    if (t.serverToolCost < 0)
        return tr("not in the trace");
    return tr("$%1 (server_tool_cost)").arg(QLocale().toString(t.serverToolCost, 'f', 4));
}

QString TraceSummaryView::itemLine(const Trace &t, int index)
{
    const TraceItem &item = t.items.at(index);
    QString line;
    switch (item.kind) {
    case TraceItem::Kind::Text:
        line = tr("Text: %1").arg(oneLine(item.text));
        break;
    case TraceItem::Kind::Reasoning:
        line = item.text.isEmpty() ? tr("Reasoning (not readable in the trace)")
                                   : tr("Reasoning: %1").arg(oneLine(item.text));
        break;
    case TraceItem::Kind::ShellCall: {
        const TraceCall &call = t.calls.at(item.call);
        if (call.isPython()) {
            line = tr("Python cell %1 (%2): %3")
                       .arg(item.call + 1)
                       .arg(ShellCallView::contractTitle(call.tool), oneLine(call.action.commands.value(0)));
            break;
        }
        line = tr("Shell call %1 (%2): %3")
                   .arg(item.call + 1)
                   .arg(call.tool, oneLine(call.action.commands.join(u" ; "_s)));
        break;
    }
    case TraceItem::Kind::ToolCall:
        line = tr("Tool call %1: %2").arg(item.name, oneLine(item.text));
        break;
    case TraceItem::Kind::Other:
        line = tr("Item of type %1").arg(item.type.isEmpty() ? tr("(none)") : item.type);
        break;
    }
    return tr("%1. %2").arg(index + 1).arg(line);
}

TraceSummaryView::TraceSummaryView(const Trace &trace, QWidget *parent)
    : QFrame(parent)
{
    setObjectName(u"TraceSummary"_s);
    setFrameShape(QFrame::StyledPanel);
    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    const QString unknown = tr("not in the trace");
    const QString format = trace.format == u"messages"    ? tr("Messages")
                           : trace.format == u"responses" ? tr("Responses")
                                                          : tr("a list of items");
    form->addRow(tr("Format:"), fact(this, u"TraceFormat"_s, format));
    form->addRow(tr("Model:"), fact(this, u"TraceModel"_s, trace.model.isEmpty() ? unknown : trace.model));
    form->addRow(tr("Id:"), fact(this, u"TraceId"_s, trace.id.isEmpty() ? unknown : trace.id));
    form->addRow(trace.format == u"messages" ? tr("Stop reason:") : tr("Status:"),
                 fact(this, u"TraceStatus"_s, trace.status.isEmpty() ? unknown : trace.status));
    form->addRow(tr("Container:"),
                 fact(this, u"TraceContainer"_s, trace.containerId.isEmpty() ? unknown : trace.containerId));
    form->addRow(tr("Tokens:"), fact(this, u"TraceUsage"_s, usageText(trace)));
    form->addRow(tr("Sandbox cost:"), fact(this, u"TraceCost"_s, costText(trace)));

    auto *itemsTitle = translatedLabel(
        [=, this]() -> QString { return tr("Items in order (%1)").arg(trace.items.size()); }, this);
    QFont bold = itemsTitle->font();
    bold.setBold(true);
    itemsTitle->setFont(bold);
    for (int i = 0; i < trace.items.size(); ++i)
        m_itemLines.append(itemLine(trace, i));
    auto *items = fact(this, u"TraceItems"_s, m_itemLines.join(u'\n'));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 6);
    layout->addLayout(form);
    layout->addWidget(itemsTitle);
    layout->addWidget(items);
    const QString text = trace.text();
    if (!text.isEmpty()) {
        auto *textTitle =
            translatedLabel([=, this]() -> QString { return tr("The assistant's text"); }, this);
        textTitle->setFont(bold);
        auto *answer = new QPlainTextEdit(this);
        answer->setObjectName(u"TraceText"_s);
        answer->setReadOnly(true);
        answer->setPlainText(text);
        answer->setMaximumHeight(answer->fontMetrics().lineSpacing() * 8);
        layout->addWidget(textTitle);
        layout->addWidget(answer);
    }
}

QString TraceSummaryView::factText(const QString &objectName) const
{
    const auto *label = findChild<QLabel *>(objectName);
    return label ? label->text() : QString();
}
