// SPDX-License-Identifier: GPL-3.0-or-later
#include "shellcalls/celloutputview.h"

#include "common/inlineimage.h"
#include "gateway/codeimages.h"
#include "tools/kernelhtml.h"

#include <QAbstractTextDocumentLayout>
#include <QEvent>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFutureWatcher>
#include <QLabel>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QTextCursor>
#include <QTextEdit>
#include <QTextTable>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <cmath>

using namespace Qt::StringLiterals;

namespace {

bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Base).lightness() < 128;
}

QColor toneColour(int tone, const QPalette &palette)
{
    if (tone == 1) // an error: red that reads on either theme
        return isDark(palette) ? QColor(255, 128, 128) : QColor(176, 0, 32);
    if (tone == 2)
        return palette.color(QPalette::PlaceholderText);
    return palette.color(QPalette::Text);
}

void insertSpans(QTextCursor &cursor, const QList<KernelHtml::Span> &spans, bool header)
{
    for (const KernelHtml::Span &span : spans) {
        QTextCharFormat format;
        format.setFontWeight(span.bold || header ? QFont::Bold : QFont::Normal);
        format.setFontItalic(span.italic);
        // A line break inside a cell or paragraph, not a new block.
        QString text = span.text;
        text.replace(u'\n', QChar::LineSeparator);
        cursor.insertText(text, format);
    }
}

std::optional<KernelHtml> richHtml(const KernelOutput &o)
{
    if (o.html.isEmpty() || (o.kind != KernelOutput::Kind::Result && o.kind != KernelOutput::Kind::Display))
        return std::nullopt;
    KernelHtml html = KernelHtml::parse(o.html.toUtf8());
    if (html.isEmpty())
        return std::nullopt;
    return html;
}

} // namespace

CellOutputView::CellOutputView(const KernelCellResult &cell, const QHash<QString, QByteArray> &images,
                               const QString &commandStderr, QWidget *parent)
    : QWidget(parent)
{
    setObjectName(u"CellOutputView"_s);
    m_layout = new QVBoxLayout(this);
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->setSpacing(4);

    QList<Piece> text;
    const auto flushText = [&] {
        if (!text.isEmpty())
            addText(std::exchange(text, {}));
    };
    for (const KernelOutput &o : cell.outputs) {
        switch (o.kind) {
        case KernelOutput::Kind::Stream:
            text.append({o.stderrStream ? Piece::Tone::Error : Piece::Tone::Normal, o.text});
            continue;
        case KernelOutput::Kind::Error:
        case KernelOutput::Kind::Exit: // "SystemExit: 3", as Jupyter shows it
            text.append({Piece::Tone::Error, o.text});
            continue;
        case KernelOutput::Kind::Note:
            text.append({Piece::Tone::Note, o.text});
            continue;
        case KernelOutput::Kind::Result:
        case KernelOutput::Kind::Display:
            break;
        }
        // As Jupyter shows a rich output: its image, else its HTML, else its text/plain.
        if (!o.imagePath.isEmpty() && images.contains(o.imagePath)) {
            flushText();
            addImage(images.value(o.imagePath), QFileInfo(o.imagePath).fileName());
        } else if (const std::optional<KernelHtml> html = richHtml(o)) {
            flushText();
            addTable(*html);
        } else if (!o.text.isEmpty()) {
            text.append({Piece::Tone::Normal, o.text});
        }
    }
    if (cell.droppedChars > 0)
        text.append(
            {Piece::Tone::Note, tr("[… %n character(s) of this cell's output dropped: max_output_length]",
                                   nullptr, int(std::min<qint64>(cell.droppedChars, INT_MAX))) +
                                    u'\n'});
    if (!commandStderr.isEmpty())
        text.append({Piece::Tone::Error, commandStderr});
    flushText();
}

bool CellOutputView::isRich(const KernelCellResult &cell)
{
    for (const KernelOutput &o : cell.outputs)
        if (!o.imagePath.isEmpty() || richHtml(o))
            return true;
    return false;
}

QHash<QString, QByteArray> CellOutputView::readImages(const KernelCellResult &cell, const QString &homeDir)
{
    QHash<QString, QByteArray> images;
    for (const KernelOutput &o : cell.outputs) {
        if (o.imagePath.isEmpty() || images.contains(o.imagePath))
            continue;
        const CodeImage image = CodeImages::read(homeDir, o.imagePath);
        if (image.mimeType == u"image/png")
            images.insert(o.imagePath, image.data);
    }
    return images;
}

QString CellOutputView::text() const
{
    QString s;
    for (const auto &[view, pieces] : m_texts)
        for (const Piece &p : pieces)
            s += p.text;
    return s;
}

void CellOutputView::addText(const QList<Piece> &pieces)
{
    auto *view = new QPlainTextEdit(this);
    view->setObjectName(u"CellText"_s);
    view->setReadOnly(true);
    view->setUndoRedoEnabled(false);
    view->setFrameShape(QFrame::NoFrame);
    view->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    view->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    view->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    view->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    view->setMinimumWidth(80);
    fill(view, pieces, palette());
    // As tall as its lines as laid out at its width (wrapped rows count), up to MaxVisibleLines.
    const auto fit = [view] {
        const qreal lines = view->document()->documentLayout()->documentSize().height();
        const int shown = std::clamp(int(std::ceil(lines)), 1, MaxVisibleLines);
        const int height = shown * view->fontMetrics().lineSpacing() + 2 * view->frameWidth() +
                           int(std::ceil(2 * view->document()->documentMargin())) + 2;
        if (height != view->height())
            view->setFixedHeight(height);
    };
    connect(view->document()->documentLayout(), &QAbstractTextDocumentLayout::documentSizeChanged, view, fit);
    // Narrowed after its first layout, its text wraps into more rows without a new document size: the
    // scroll bar's range says so.
    connect(view->verticalScrollBar(), &QScrollBar::rangeChanged, view, fit);
    fit();
    m_layout->addWidget(view);
    m_texts.append({view, pieces});
}

void CellOutputView::fill(QPlainTextEdit *view, const QList<Piece> &pieces, const QPalette &palette)
{
    view->clear();
    QTextCursor cursor(view->document());
    QString all;
    for (const Piece &p : pieces)
        all += p.text;
    // One trailing newline ends the last line; it is not an empty line of its own.
    qsizetype end = all.size();
    if (end > 0 && all.at(end - 1) == u'\n')
        --end;
    qsizetype at = 0;
    for (const Piece &p : pieces) {
        if (at >= end)
            break;
        const QString part = p.text.left(end - at);
        at += p.text.size();
        QTextCharFormat format;
        format.setForeground(toneColour(int(p.tone), palette));
        cursor.insertText(part, format);
    }
}

void CellOutputView::addTable(const KernelHtml &html)
{
    auto *view = new QTextEdit(this);
    view->setObjectName(u"CellTable"_s);
    view->setReadOnly(true);
    view->setUndoRedoEnabled(false);
    view->setAcceptRichText(false);
    view->setFrameShape(QFrame::NoFrame);
    // Wide tables scroll sideways rather than squeezing every column.
    view->setLineWrapMode(QTextEdit::NoWrap);
    view->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    view->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    view->setMinimumWidth(80);
    QTextDocument *doc = view->document();
    QTextCursor cursor(doc);
    bool first = true;
    for (const KernelHtml::Block &block : html.blocks) {
        if (!first)
            cursor.insertBlock();
        first = false;
        if (block.kind == KernelHtml::Block::Kind::Paragraph) {
            insertSpans(cursor, block.spans, false);
            continue;
        }
        QTextTableFormat format;
        format.setBorder(1);
        format.setBorderStyle(QTextFrameFormat::BorderStyle_Solid);
        format.setBorderCollapse(true);
        format.setCellSpacing(0);
        format.setCellPadding(3);
        QTextTable *table = cursor.insertTable(int(block.rows.size()), std::max(1, block.columns), format);
        for (int r = 0; r < block.rows.size(); ++r)
            for (int c = 0; c < block.rows[r].size(); ++c) {
                QTextCursor cellCursor = table->cellAt(r, c).firstCursorPosition();
                insertSpans(cellCursor, block.rows[r][c].spans, block.rows[r][c].header);
            }
        cursor.movePosition(QTextCursor::End);
    }
    if (html.truncated) {
        cursor.insertBlock();
        QTextCharFormat note;
        note.setForeground(palette().color(QPalette::PlaceholderText));
        cursor.insertText(tr("[… more of this output was left out: the window shows at most %1 rows and %2 "
                             "columns of a table]")
                              .arg(KernelHtml::MaxRows)
                              .arg(KernelHtml::MaxColumns),
                          note);
    }
    const auto fit = [view] {
        const int scrollBar =
            view->horizontalScrollBar()->maximum() > 0 ? view->horizontalScrollBar()->sizeHint().height() : 0;
        const int height = std::min(int(std::ceil(view->document()->size().height())) +
                                        2 * view->frameWidth() + scrollBar + 2,
                                    MaxTableHeight);
        if (height != view->height())
            view->setFixedHeight(height);
    };
    connect(doc->documentLayout(), &QAbstractTextDocumentLayout::documentSizeChanged, view, fit);
    connect(view->horizontalScrollBar(), &QScrollBar::rangeChanged, view, fit);
    fit();
    m_layout->addWidget(view);
    m_tables.append(view);
}

void CellOutputView::addImage(const QByteArray &bytes, const QString &name)
{
    // Decoded on the pool: a small PNG can hold a large canvas. A placeholder keeps the image's place.
    auto *placeholder = new QLabel(tr("Loading image…"), this);
    placeholder->setObjectName(u"CellImageLoading"_s);
    placeholder->setForegroundRole(QPalette::PlaceholderText);
    m_layout->addWidget(placeholder);
    ++m_pending;
    auto *watcher = new QFutureWatcher<QImage>(this);
    connect(watcher, &QFutureWatcher<QImage>::finished, this, [=, this] {
        const QImage image = watcher->result();
        watcher->deleteLater();
        --m_pending;
        if (image.isNull()) {
            placeholder->setText(tr("%1 could not be shown: it is not a PNG image the window can read, or it "
                                    "is larger than %2 megapixels.")
                                     .arg(name)
                                     .arg(InlineImage::MaxPixels / 1000000));
            return;
        }
        auto *shown = new InlineImage(image, bytes, name, this);
        shown->setObjectName(u"CellImage"_s);
        m_layout->replaceWidget(placeholder, shown);
        placeholder->deleteLater();
        m_images.append(shown);
    });
    watcher->setFuture(QtConcurrent::run(&InlineImage::decode, bytes));
}

void CellOutputView::recolour()
{
    for (const auto &[view, pieces] : std::as_const(m_texts))
        fill(view, pieces, palette());
}

void CellOutputView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        recolour();
}
