// SPDX-License-Identifier: GPL-3.0-or-later
#include "files/diffview.h"

#include "common/retranslate.h"
#include "common/safetextbrowser.h"

#include <QButtonGroup>
#include <QEvent>
#include <QFontDatabase>
#include <QFontMetrics>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QRegularExpression>
#include <QScrollBar>
#include <QTextBrowser>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {
QColor mix(const QColor &a, const QColor &b, qreal t)
{
    return QColor::fromRgbF(float(a.redF() * (1 - t) + b.redF() * t),
                            float(a.greenF() * (1 - t) + b.greenF() * t),
                            float(a.blueF() * (1 - t) + b.blueF() * t));
}

struct Line
{
    enum Kind { Context, Added, Removed, Hunk, Note } kind = Context;
    int oldNo = 0;
    int newNo = 0;
    QString text;
};

// Reads the diff line by line without splitting it; stops building lines at MaxLines but keeps counting the
// added and removed ones so the totals stay right.
QList<Line> parse(const QString &diff, int *added, int *removed, bool *truncated)
{
    static const QRegularExpression hunkRe(u"^@@ -(\\d+)(?:,\\d+)? \\+(\\d+)(?:,\\d+)? @@(.*)$"_s);
    QList<Line> lines;
    int oldNo = 0;
    int newNo = 0;
    bool inHunk = false;
    *added = *removed = 0;
    *truncated = false;
    const QStringView all(diff);
    qsizetype from = 0;
    while (from < all.size()) {
        qsizetype end = all.indexOf(u'\n', from);
        if (end < 0)
            end = all.size();
        const QStringView l = all.mid(from, end - from);
        from = end + 1;
        if (!inHunk && !l.startsWith(u"@@"))
            continue; // "diff --git", "index", "---", "+++" headers
        if (lines.size() >= DiffView::MaxLines) {
            *truncated = true;
            if (l.startsWith(u'+'))
                ++*added;
            else if (l.startsWith(u'-'))
                ++*removed;
            continue;
        }
        if (l.startsWith(u"@@")) {
            const QRegularExpressionMatch m = hunkRe.match(l.toString());
            if (m.hasMatch()) {
                oldNo = m.captured(1).toInt();
                newNo = m.captured(2).toInt();
                inHunk = true;
                lines.append({Line::Hunk, 0, 0, l.toString()});
            }
        } else if (l.startsWith(u'+')) {
            lines.append({Line::Added, 0, newNo++, l.mid(1).toString()});
            ++*added;
        } else if (l.startsWith(u'-')) {
            lines.append({Line::Removed, oldNo++, 0, l.mid(1).toString()});
            ++*removed;
        } else if (l.startsWith(u'\\')) {
            lines.append({Line::Note, 0, 0, l.mid(2).toString()});
        } else if (l.startsWith(u' ')) {
            lines.append({Line::Context, oldNo++, newNo++, l.mid(1).toString()});
        }
    }
    return lines;
}
} // namespace

DiffView::DiffView(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(u"DiffView"_s);
    m_title = new QLabel(this);
    m_title->setObjectName(u"DiffTitle"_s);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_title->setTextFormat(Qt::PlainText);
    m_stats = new QLabel(this);
    m_stats->setObjectName(u"DiffStats"_s);
    // A long path gives way, never the line counts.
    m_title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_stats->setSizePolicy(QSizePolicy::Minimum, QSizePolicy::Preferred);
    m_unifiedButton = new QToolButton(this);
    m_unifiedButton->setObjectName(u"DiffUnifiedButton"_s);
    retranslate(m_unifiedButton, [this] { m_unifiedButton->setText(tr("Unified")); });
    m_unifiedButton->setCheckable(true);
    m_unifiedButton->setChecked(true);
    m_unifiedButton->setAutoRaise(true);
    m_sideBySideButton = new QToolButton(this);
    m_sideBySideButton->setObjectName(u"DiffSideBySideButton"_s);
    retranslate(m_sideBySideButton, [this] { m_sideBySideButton->setText(tr("Side by side")); });
    m_sideBySideButton->setCheckable(true);
    m_sideBySideButton->setAutoRaise(true);
    auto *group = new QButtonGroup(this);
    group->setExclusive(true);
    group->addButton(m_unifiedButton);
    group->addButton(m_sideBySideButton);
    connect(m_unifiedButton, &QToolButton::toggled, this, [this](bool on) {
        if (on)
            setMode(Mode::Unified);
    });
    connect(m_sideBySideButton, &QToolButton::toggled, this, [this](bool on) {
        if (on)
            setMode(Mode::SideBySide);
    });

    m_text = new SafeTextBrowser(this);
    m_text->setObjectName(u"DiffText"_s);
    m_text->setOpenLinks(false);
    // Long lines wrap inside their cell, so both sides of a side-by-side diff stay in view.
    m_text->setLineWrapMode(QTextEdit::WidgetWidth);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));

    auto *top = new QHBoxLayout;
    top->setContentsMargins(0, 0, 0, 0);
    top->addWidget(m_title, 1);
    top->addWidget(m_stats);
    top->addWidget(m_unifiedButton);
    top->addWidget(m_sideBySideButton);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(m_text, 1);
    clear();
}

void DiffView::setDiff(const QString &title, const FileDiff &diff)
{
    m_diff = diff;
    m_hasDiff = true;
    m_message.clear();
    m_title->setText(title);
    render();
}

void DiffView::showText(const QString &message)
{
    m_hasDiff = false;
    m_message = message;
    m_title->clear();
    render();
}

void DiffView::clear()
{
    showText(tr("Select a changed file to see its diff."));
}

void DiffView::setMode(Mode mode)
{
    if (mode == m_mode)
        return;
    m_mode = mode;
    m_unifiedButton->setChecked(mode == Mode::Unified);
    m_sideBySideButton->setChecked(mode == Mode::SideBySide);
    render();
}

QString DiffView::html() const
{
    return m_text->toHtml();
}

void DiffView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        render();
}

void DiffView::render()
{
    m_added = m_removed = 0;
    if (!m_hasDiff) {
        m_stats->clear();
        m_stats->setToolTip(QString());
        m_text->setPlainText(m_message);
        return;
    }
    if (!m_diff.notKept.isEmpty()) {
        m_stats->clear();
        m_stats->setToolTip(QString());
        m_text->setPlainText(
            tr("Not kept: %1. The history records that this version existed and its size, but its content "
               "was dropped to keep the container within its storage limit, so there is no diff to show and "
               "it "
               "cannot be restored.")
                .arg(m_diff.notKept));
        return;
    }
    if (m_diff.binary) {
        m_stats->clear();
        m_stats->setToolTip(QString());
        m_text->setPlainText(tr("Binary file: the two versions differ, no line diff to show."));
        return;
    }
    if (m_diff.text.isEmpty()) {
        m_stats->clear();
        m_stats->setToolTip(QString());
        m_text->setPlainText(tr("No differences: the file is the same in both versions."));
        return;
    }
    bool truncated = false;
    const QList<Line> lines = parse(m_diff.text, &m_added, &m_removed, &truncated);
    // Lines, said so: the history list beside it counts files. The tooltip says it in words, with plural
    // forms.
    const QString counts = u"+%1 \u2212%2"_s.arg(QString::number(m_added), QString::number(m_removed));
    setTranslatedText(m_stats, [counts] { return tr("Lines: %1").arg(counts); });
    setTranslatedToolTip(m_stats, [=, this]() -> QString {
        return tr("%n line(s) added", nullptr, m_added) + u", "_s +
               tr("%n line(s) removed", nullptr, m_removed);
    });

    const QPalette pal = palette();
    const QColor base = pal.color(QPalette::Base);
    const QColor text = pal.color(QPalette::Text);
    // Tints blended into the palette's own base, so they stay readable in light and dark themes.
    const bool dark = base.lightness() < 128;
    const QString addBg = mix(base, QColor(0x2e, 0xa0, 0x43), dark ? 0.35 : 0.22).name();
    const QString delBg = mix(base, QColor(0xda, 0x36, 0x33), dark ? 0.35 : 0.20).name();
    const QString hunkBg = mix(base, pal.color(QPalette::Highlight), dark ? 0.25 : 0.12).name();
    const QString dim = mix(base, text, 0.5).name();

    auto esc = [](const QString &s) { return s.toHtmlEscaped(); };
    // Line-number columns get a fixed width: left to the table layout, they took space from the text
    // columns unevenly, so the two sides of a side-by-side diff had different widths.
    int maxNo = 99;
    for (const Line &l : lines)
        maxNo = std::max({maxNo, l.oldNo, l.newNo});
    const QFontMetrics metrics(m_text->font());
    const int numWidth = metrics.horizontalAdvance(QString(QString::number(maxNo).size(), u'0')) +
                         metrics.horizontalAdvance(u' ') + 4;
    auto num = [&dim, numWidth](int n) {
        return u"<td align=\"right\" width=\"%1\" style=\"color:%2\">%3&nbsp;</td>"_s.arg(
            QString::number(numWidth), dim, n > 0 ? QString::number(n) : QString());
    };
    const QString textWidth = m_mode == Mode::SideBySide ? u" width=\"50%\""_s : u" width=\"100%\""_s;
    auto cell = [&esc, &textWidth](const QString &bg, const QString &s, const QString &sign) {
        const QString style = bg.isEmpty() ? QString() : u" bgcolor=\"%1\""_s.arg(bg);
        return u"<td%1%2 style=\"white-space:pre-wrap\">%3%4</td>"_s.arg(style, textWidth, sign, esc(s));
    };

    QString html;
    qsizetype shown = 0;
    for (const Line &l : lines)
        shown += l.text.size();
    // Each row adds about 250 characters of markup to its text (escaping can triple the text).
    html.reserve(shown * 3 + lines.size() * 250 + 1024);
    html +=
        u"<table width=\"100%\" cellspacing=\"0\" cellpadding=\"1\" style=\"color:%1\">"_s.arg(text.name());
    if (m_mode == Mode::Unified) {
        for (const Line &l : lines) {
            html += u"<tr>"_s;
            switch (l.kind) {
            case Line::Hunk:
                html += u"<td colspan=\"3\" bgcolor=\"%1\" style=\"color:%2; white-space:pre\">%3</td>"_s.arg(
                    hunkBg, dim, esc(l.text));
                break;
            case Line::Note:
                html += num(0) + num(0) + u"<td style=\"color:%1\"><i>%2</i></td>"_s.arg(dim, esc(l.text));
                break;
            case Line::Added:
                html += num(0) + num(l.newNo) + cell(addBg, l.text, u"+"_s);
                break;
            case Line::Removed:
                html += num(l.oldNo) + num(0) + cell(delBg, l.text, u"\u2212"_s);
                break;
            case Line::Context:
                html += num(l.oldNo) + num(l.newNo) + cell({}, l.text, u" "_s);
                break;
            }
            html += u"</tr>"_s;
        }
    } else {
        // Runs of removed lines followed by added lines are paired row by row.
        qsizetype i = 0;
        while (i < lines.size()) {
            const Line &l = lines.at(i);
            if (l.kind == Line::Removed || l.kind == Line::Added) {
                QList<const Line *> olds, news;
                while (i < lines.size() && lines.at(i).kind == Line::Removed)
                    olds.append(&lines.at(i++));
                while (i < lines.size() && lines.at(i).kind == Line::Added)
                    news.append(&lines.at(i++));
                for (qsizetype k = 0; k < qMax(olds.size(), news.size()); ++k) {
                    html += u"<tr>"_s;
                    if (k < olds.size())
                        html += num(olds.at(k)->oldNo) + cell(delBg, olds.at(k)->text, {});
                    else
                        html += num(0) + u"<td></td>"_s;
                    if (k < news.size())
                        html += num(news.at(k)->newNo) + cell(addBg, news.at(k)->text, {});
                    else
                        html += num(0) + u"<td></td>"_s;
                    html += u"</tr>"_s;
                }
                continue;
            }
            html += u"<tr>"_s;
            switch (l.kind) {
            case Line::Hunk:
                html += u"<td colspan=\"4\" bgcolor=\"%1\" style=\"color:%2; white-space:pre\">%3</td>"_s.arg(
                    hunkBg, dim, esc(l.text));
                break;
            case Line::Note:
                html += u"<td colspan=\"4\" style=\"color:%1\"><i>%2</i></td>"_s.arg(dim, esc(l.text));
                break;
            default:
                html += num(l.oldNo) + cell({}, l.text, {}) + num(l.newNo) + cell({}, l.text, {});
                break;
            }
            html += u"</tr>"_s;
            ++i;
        }
    }
    html += u"</table>"_s;
    if (truncated)
        html += u"<p><i>%1</i></p>"_s.arg(
            esc(tr("Only the first %1 lines of the diff are shown.").arg(MaxLines)));
    if (m_diff.truncated)
        html += u"<p><i>%1</i></p>"_s.arg(
            esc(tr("Diff truncated: it is larger than %1, the rest is not shown.")
                    .arg(QLocale().formattedDataSize(SnapshotStore::kMaxDiffBytes))));
    const int scroll = m_text->verticalScrollBar() ? m_text->verticalScrollBar()->value() : 0;
    m_text->setHtml(html);
    m_text->verticalScrollBar()->setValue(scroll);
}
