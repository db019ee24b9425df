// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "tools/kernelcell.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QWidget>

class InlineImage;
class QPlainTextEdit;
class QTextEdit;
class QVBoxLayout;
struct KernelHtml;

// A Python cell's outputs as a notebook shows them, in the kernel's order: text (what the code printed,
// results' text/plain, tracebacks, Sandbench's notes), tables from a result's text/html (KernelHtml: plain
// rich text built with QTextCursor, so no HTML is ever interpreted, loaded or followed) and image/png
// display data inline (InlineImage, decoded off the event-loop thread).
class CellOutputView : public QWidget
{
    Q_OBJECT
public:
    // A text part grows with its text up to this many lines, a table up to this height, then they scroll.
    static constexpr int MaxVisibleLines = 20;
    static constexpr int MaxTableHeight = 360;

    // images: the cell's display images as readImages() read them (path inside the container -> bytes);
    // commandStderr: what the cell's command itself wrote on stderr, shown last.
    CellOutputView(const KernelCellResult &cell, const QHash<QString, QByteArray> &images,
                   const QString &commandStderr, QWidget *parent = nullptr);

    // Whether the cell has outputs plain text cannot show: a table (HTML with one) or an image.
    static bool isRich(const KernelCellResult &cell);
    // Reads the cell's display images beneath the container's home now: the bridge replaces them at the next
    // cell. Bounded by the bridge's own limits (8 images of 2 MiB) and CodeImages::MaxImageBytes.
    static QHash<QString, QByteArray> readImages(const KernelCellResult &cell, const QString &homeDir);

    QList<QTextEdit *> tables() const { return m_tables; }
    QList<InlineImage *> images() const { return m_images; }
    // Images still being decoded.
    int pendingImages() const { return m_pending; }
    // The text parts' text, in order.
    QString text() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    struct Piece
    {
        enum class Tone { Normal, Error, Note };
        Tone tone = Tone::Normal;
        QString text;
    };
    void addText(const QList<Piece> &pieces);
    void addTable(const KernelHtml &html);
    void addImage(const QByteArray &bytes, const QString &name);
    void recolour();
    static void fill(QPlainTextEdit *view, const QList<Piece> &pieces, const QPalette &palette);

    QVBoxLayout *m_layout = nullptr;
    QList<QPair<QPlainTextEdit *, QList<Piece>>> m_texts;
    QList<QTextEdit *> m_tables;
    QList<InlineImage *> m_images;
    int m_pending = 0;
};
