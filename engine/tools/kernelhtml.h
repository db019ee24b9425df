// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

// The text/html a Python kernel sent with an output (a pandas DataFrame's table, IPython.display.HTML),
// reduced to what the window shows as rich text: paragraphs and tables of plain text with bold, italic and
// line breaks. libxml2's HTML parser (no network, no external entities) builds the tree; everything else is
// dropped — scripts, styles, links' targets, images, forms, attributes — so nothing the kernel sent is ever
// interpreted, loaded or followed. Every dimension is bounded.
struct KernelHtml
{
    // Bytes of HTML looked at (the bridge sends at most 12,000 characters per cell); the rest is ignored.
    static constexpr qsizetype MaxInputBytes = 256 * 1024;
    static constexpr int MaxBlocks = 64;
    static constexpr int MaxRows = 200;
    static constexpr int MaxColumns = 50;
    static constexpr int MaxCellChars = 2000;
    // Characters of text kept over all blocks.
    static constexpr int MaxTextChars = 100000;
    // Elements nested deeper than this are left out.
    static constexpr int MaxDepth = 128;

    struct Span
    {
        QString text; // plain text; '\n' for a line break
        bool bold = false;
        bool italic = false;
    };
    struct Cell
    {
        QList<Span> spans;
        bool header = false; // th
    };
    struct Block
    {
        enum class Kind { Paragraph, Table };
        Kind kind = Kind::Paragraph;
        QList<Span> spans;       // Paragraph
        QList<QList<Cell>> rows; // Table: rows of cells (rows may have fewer cells than columns)
        int columns = 0;         // Table: the widest row
    };

    QList<Block> blocks;
    // Some text, rows, columns, blocks or nesting were left out to keep within the bounds.
    bool truncated = false;

    static KernelHtml parse(const QByteArray &html);
    bool isEmpty() const { return blocks.isEmpty(); }
    bool hasTable() const;
    // Paragraphs as lines, a table's rows as lines of tab-separated cells.
    QString plainText() const;
    static QString textOf(const QList<Span> &spans);
};
