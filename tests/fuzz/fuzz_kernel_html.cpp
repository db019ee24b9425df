// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: a Python kernel's text/html as the notebook view reads it (KernelHtml::parse). Whatever
// the bytes, the result stays inside its bounds: blocks, rows, columns, characters per cell and in all, and
// no control or bidirectional-override character in the text.
#include "tools/kernelhtml.h"

#include <cstdint>
#include <cstdlib>

namespace {
void check(const QList<KernelHtml::Span> &spans, int limit, qsizetype *total)
{
    qsizetype chars = 0;
    for (const KernelHtml::Span &s : spans) {
        if (s.text.isEmpty())
            abort();
        for (const char32_t c : QStringView(s.text).toUcs4())
            if ((c < 0x20 && c != u'\n') || (c >= 0x7f && c <= 0x9f) || (c >= 0x202a && c <= 0x202e) ||
                (c >= 0x2066 && c <= 0x2069))
                abort();
        chars += s.text.size();
    }
    if (chars > limit)
        abort();
    *total += chars;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const KernelHtml html =
        KernelHtml::parse(QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size)));
    if (html.blocks.size() > KernelHtml::MaxBlocks)
        abort();
    qsizetype total = 0;
    for (const KernelHtml::Block &b : html.blocks) {
        if (b.kind == KernelHtml::Block::Kind::Paragraph) {
            if (b.spans.isEmpty() || !b.rows.isEmpty())
                abort();
            check(b.spans, KernelHtml::MaxTextChars, &total);
            continue;
        }
        if (b.rows.isEmpty() || b.rows.size() > KernelHtml::MaxRows || b.columns > KernelHtml::MaxColumns)
            abort();
        for (const QList<KernelHtml::Cell> &row : b.rows) {
            if (row.size() > b.columns)
                abort();
            for (const KernelHtml::Cell &c : row)
                check(c.spans, KernelHtml::MaxCellChars, &total);
        }
    }
    if (total > KernelHtml::MaxTextChars)
        abort();
    html.plainText();
    return 0;
}
