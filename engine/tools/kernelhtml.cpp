// SPDX-License-Identifier: GPL-3.0-or-later
#include "kernelhtml.h"

#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include <cstring>
#include <memory>
#include <mutex>

using namespace Qt::StringLiterals;

namespace {

bool named(const xmlNode *node, std::initializer_list<const char *> names)
{
    const char *name = reinterpret_cast<const char *>(node->name);
    if (!name)
        return false;
    for (const char *n : names)
        if (std::strcmp(name, n) == 0)
            return true;
    return false;
}

// Elements whose content is never text a reader should see (code, styles, embedded or remote content, form
// values): left out whole. Void elements (img, embed, source, ...) have no content of their own and are
// never read either (attributes never are); libxml2 nests what follows an HTML5-only one inside it, and
// that text is kept.
bool skipped(const xmlNode *node)
{
    return named(node, {"script", "style",     "head",    "title",   "template", "noscript", "iframe",
                        "frame",  "frameset",  "object",  "applet",  "svg",      "math",     "picture",
                        "video",  "audio",     "canvas",  "map",     "select",   "textarea", "button",
                        "xmp",    "plaintext", "noembed", "noframes"});
}

bool blockLevel(const xmlNode *node)
{
    return named(node, {"p",       "div",        "h1",         "h2",       "h3",     "h4",     "h5",
                        "h6",      "li",         "ul",         "ol",       "dl",     "dt",     "dd",
                        "pre",     "blockquote", "section",    "article",  "header", "footer", "caption",
                        "hr",      "figure",     "figcaption", "address",  "main",   "nav",    "aside",
                        "details", "summary",    "center",     "fieldset", "legend", "form"});
}

// Characters that would change how text around them reads without being text: C0/C1 controls and the
// bidirectional overrides and isolates.
bool invisibleControl(char32_t c)
{
    return (c < 0x20 && c != u'\n') || (c >= 0x7f && c <= 0x9f) || (c >= 0x202a && c <= 0x202e) ||
           (c >= 0x2066 && c <= 0x2069) || c == 0x200e || c == 0x200f || c == 0x061c;
}

class Walker
{
public:
    explicit Walker(KernelHtml *out)
        : m_out(out)
    {}

    void walk(const xmlNode *node, int depth)
    {
        for (const xmlNode *child = node; child; child = child->next)
            visit(child, depth);
    }

    void finish() { closeParagraph(); }

private:
    void visit(const xmlNode *node, int depth)
    {
        if (node->type == XML_TEXT_NODE || node->type == XML_CDATA_SECTION_NODE) {
            if (node->content)
                text(QString::fromUtf8(reinterpret_cast<const char *>(node->content)));
            return;
        }
        if (node->type != XML_ELEMENT_NODE)
            return;
        if (depth >= KernelHtml::MaxDepth) {
            m_out->truncated = true;
            return;
        }
        if (skipped(node))
            return;
        if (named(node, {"br"})) {
            lineBreak();
            return;
        }
        if (named(node, {"table"})) {
            table(node, depth);
            return;
        }
        // Rows and cells make the open table's grid, except inside a cell: there they are its text.
        const bool inCell = m_table >= 0 && m_target;
        if (m_table >= 0 && !inCell && named(node, {"tr"})) {
            row(node, depth);
            return;
        }
        if (m_table >= 0 && !inCell && named(node, {"td", "th"})) {
            cell(node, depth);
            return;
        }
        if (inCell && named(node, {"tr"})) {
            lineBreak();
            walk(node->children, depth + 1);
            lineBreak();
            return;
        }
        if (inCell && named(node, {"td", "th"})) {
            m_space = true;
            walk(node->children, depth + 1);
            m_space = true;
            return;
        }
        const bool bold = named(node, {"b", "strong"});
        const bool italic = named(node, {"i", "em"});
        const bool block = blockLevel(node);
        if (block)
            blockBoundary();
        m_bold += bold;
        m_italic += italic;
        walk(node->children, depth + 1);
        m_bold -= bold;
        m_italic -= italic;
        if (block)
            blockBoundary();
    }

    void table(const xmlNode *node, int depth)
    {
        if (m_table >= 0) {
            // A table inside a table: its text joins the cell it is in, row by row.
            if (!m_target)
                return;
            lineBreak();
            walk(node->children, depth + 1);
            lineBreak();
            return;
        }
        closeParagraph();
        if (m_out->blocks.size() >= KernelHtml::MaxBlocks) {
            m_out->truncated = true;
            return;
        }
        KernelHtml::Block block;
        block.kind = KernelHtml::Block::Kind::Table;
        m_out->blocks.append(block);
        m_table = int(m_out->blocks.size()) - 1;
        walk(node->children, depth + 1);
        KernelHtml::Block &made = m_out->blocks[m_table];
        for (const QList<KernelHtml::Cell> &r : std::as_const(made.rows))
            made.columns = std::max(made.columns, int(r.size()));
        if (made.rows.isEmpty())
            m_out->blocks.removeLast();
        m_table = -1;
        m_inRow = false;
    }

    void row(const xmlNode *node, int depth)
    {
        KernelHtml::Block &t = m_out->blocks[m_table];
        if (t.rows.size() >= KernelHtml::MaxRows) {
            m_out->truncated = true;
            return;
        }
        t.rows.append(QList<KernelHtml::Cell>());
        m_inRow = true;
        walk(node->children, depth + 1);
        m_inRow = false;
    }

    void cell(const xmlNode *node, int depth)
    {
        KernelHtml::Block &t = m_out->blocks[m_table];
        if (!m_inRow) {
            // A cell straight in the table (no tr): a row of its own starts.
            if (t.rows.size() >= KernelHtml::MaxRows) {
                m_out->truncated = true;
                return;
            }
            t.rows.append(QList<KernelHtml::Cell>());
            m_inRow = true;
        }
        QList<KernelHtml::Cell> &r = t.rows.last();
        if (r.size() >= KernelHtml::MaxColumns) {
            m_out->truncated = true;
            return;
        }
        r.append({{}, named(node, {"th"})});
        m_target = &r.last().spans;
        m_targetChars = 0;
        m_targetMax = KernelHtml::MaxCellChars;
        m_space = false;
        walk(node->children, depth + 1);
        trim(m_target);
        m_target = nullptr;
    }

    void blockBoundary()
    {
        if (m_target && m_table >= 0)
            lineBreak();
        else if (m_table < 0)
            closeParagraph();
    }

    // The target text goes to: a cell of the open table, or a paragraph at the top (made on first text).
    bool ensureTarget()
    {
        if (m_target)
            return true;
        if (m_table >= 0)
            return false; // text between a table's cells
        if (m_out->blocks.size() >= KernelHtml::MaxBlocks) {
            m_out->truncated = true;
            return false;
        }
        m_out->blocks.append(KernelHtml::Block());
        m_paragraph = int(m_out->blocks.size()) - 1;
        m_target = &m_out->blocks[m_paragraph].spans;
        m_targetChars = 0;
        m_targetMax = KernelHtml::MaxTextChars;
        m_space = false;
        return true;
    }

    void closeParagraph()
    {
        if (m_paragraph < 0)
            return;
        trim(m_target);
        if (m_target->isEmpty())
            m_out->blocks.removeAt(m_paragraph);
        m_paragraph = -1;
        m_target = nullptr;
    }

    static void trim(QList<KernelHtml::Span> *spans)
    {
        while (!spans->isEmpty()) {
            QString &t = spans->last().text;
            while (!t.isEmpty() && (t.back() == u' ' || t.back() == u'\n'))
                t.chop(1);
            if (!t.isEmpty())
                break;
            spans->removeLast();
        }
    }

    QChar lastChar() const
    {
        return m_target && !m_target->isEmpty() && !m_target->last().text.isEmpty()
                   ? m_target->last().text.back()
                   : QChar();
    }

    bool put(const QString &piece)
    {
        if (m_total + piece.size() > KernelHtml::MaxTextChars || m_targetChars + piece.size() > m_targetMax) {
            m_out->truncated = true;
            return false;
        }
        const bool bold = m_bold > 0, italic = m_italic > 0;
        if (m_target->isEmpty() || m_target->last().bold != bold || m_target->last().italic != italic)
            m_target->append({{}, bold, italic});
        m_target->last().text += piece;
        m_total += piece.size();
        m_targetChars += piece.size();
        return true;
    }

    void text(const QString &raw)
    {
        if (raw.isEmpty())
            return;
        QString piece;
        for (const char32_t c : QStringView(raw).toUcs4()) {
            if (c == u' ' || c == u'\t' || c == u'\n' || c == u'\r' || c == u'\f') {
                m_space = true;
                continue;
            }
            if (invisibleControl(c))
                continue;
            if (!ensureTarget())
                return;
            if (m_space) {
                const QChar last = piece.isEmpty() ? lastChar() : piece.back();
                if (!last.isNull() && last != u'\n')
                    piece += u' ';
                m_space = false;
            }
            piece += QString::fromUcs4(&c, 1);
            if (piece.size() >= 256) {
                if (!put(piece))
                    return;
                piece.clear();
            }
        }
        if (!piece.isEmpty())
            put(piece);
    }

    void lineBreak()
    {
        m_space = false;
        if (!m_target || lastChar().isNull() || lastChar() == u'\n')
            return;
        put(u"\n"_s);
    }

    KernelHtml *m_out;
    int m_table = -1;     // index of the table being built
    int m_paragraph = -1; // index of the open paragraph
    bool m_inRow = false;
    QList<KernelHtml::Span> *m_target = nullptr;
    int m_targetChars = 0;
    int m_targetMax = 0;
    int m_total = 0;
    int m_bold = 0;
    int m_italic = 0;
    bool m_space = false; // whitespace seen since the last character
};

} // namespace

KernelHtml KernelHtml::parse(const QByteArray &html)
{
    KernelHtml result;
    if (html.isEmpty())
        return result;
    static std::once_flag init;
    std::call_once(init, [] { xmlInitParser(); });
    const QByteArray input = html.left(MaxInputBytes);
    result.truncated = input.size() < html.size();
    // NONET: nothing is fetched; NOERROR/NOWARNING: the kernel's HTML says nothing on our stderr.
    const int options = HTML_PARSE_RECOVER | HTML_PARSE_NONET | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING;
    std::unique_ptr<xmlDoc, void (*)(xmlDoc *)> doc(
        htmlReadMemory(input.constData(), int(input.size()), nullptr, "UTF-8", options), xmlFreeDoc);
    if (!doc)
        return result;
    Walker walker(&result);
    walker.walk(xmlDocGetRootElement(doc.get()), 0);
    walker.finish();
    return result;
}

bool KernelHtml::hasTable() const
{
    for (const Block &b : blocks)
        if (b.kind == Block::Kind::Table)
            return true;
    return false;
}

QString KernelHtml::textOf(const QList<Span> &spans)
{
    QString s;
    for (const Span &span : spans)
        s += span.text;
    return s;
}

QString KernelHtml::plainText() const
{
    QStringList lines;
    for (const Block &b : blocks) {
        if (b.kind == Block::Kind::Paragraph) {
            lines.append(textOf(b.spans));
            continue;
        }
        for (const QList<Cell> &row : b.rows) {
            QStringList cells;
            for (const Cell &c : row)
                cells.append(textOf(c.spans).replace(u'\n', u' '));
            lines.append(cells.join(u'\t'));
        }
    }
    return lines.join(u'\n');
}
