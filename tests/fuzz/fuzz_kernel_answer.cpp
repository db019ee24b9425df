// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: a Python cell's answer as the engine reads it from the cell command's stdout
// (KernelCellResult::parse). Whatever the bytes, the result stays inside its bounds: at most MaxItems
// outputs and MaxHtmlChars of HTML, images only under the bridge's figures folder, a known status, and a
// pause only with one well-formed tool call.
#include "tools/kernelcell.h"

#include <QRegularExpression>

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString answer = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    const KernelCellResult r = KernelCellResult::parse(answer, QStringLiteral("NONCE"));
    if (r.outputs.size() > KernelCellResult::MaxItems + 1) // + the "ended early" note
        abort();
    qsizetype html = 0;
    for (const KernelOutput &o : r.outputs) {
        html += o.html.size();
        if (!o.imagePath.isEmpty() &&
            !o.imagePath.startsWith(QStringLiteral("/workspace/home/.sandbench/figures/display-")))
            abort();
        if (o.ename.size() > 200)
            abort();
    }
    if (html > KernelCellResult::MaxHtmlChars)
        abort();
    if (r.mode == KernelCellResult::Mode::Kernel) {
        static const QStringList known{
            QStringLiteral("ok"),          QStringLiteral("exit"),      QStringLiteral("error"),
            QStringLiteral("interrupted"), QStringLiteral("restarted"), QStringLiteral("died"),
            QStringLiteral("failed"),      QStringLiteral("pending"),   QStringLiteral("lost")};
        if (!known.contains(r.status))
            abort();
        if (r.exitCode < -255 || r.exitCode > 255 || r.droppedChars < 0)
            abort();
    }
    if (r.status == QStringLiteral("pending") && !r.toolCall)
        abort();
    if (r.toolCall) {
        static const QRegularExpression id(QStringLiteral("^[0-9a-f]{32}$"));
        if (!id.match(r.toolCall->id).hasMatch() || r.toolCall->name.size() > 64)
            abort();
    }
    r.stdoutText();
    r.stderrText();
    r.logs();
    return 0;
}
