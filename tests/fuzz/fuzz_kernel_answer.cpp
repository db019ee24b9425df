// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: a Python cell's answer as the engine reads it (KernelCellResult::parse): from the
// kernel's channel, cut into lines (KernelCell::LineSplitter, fed in chunks whose size the input's first
// byte picks) behind the engine's head line when that byte is even; as a script fallback command's stdout
// when it is odd. Whatever the bytes, every line and the splitter's buffer
// stay within MaxLineBytes, and the result stays inside its bounds: at most MaxItems outputs and
// MaxHtmlChars of HTML, images only under the bridge's figures folder, a known status, and a pause only
// with one well-formed tool call.
#include "tools/kernelcell.h"

#include <QRegularExpression>

#include <algorithm>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const bool channelled = size > 0 && data[0] % 2 == 0;
    const size_t chunk = size > 0 ? size_t(data[0] / 2) * 97 + 1 : 1;
    KernelCell::LineSplitter splitter;
    QByteArray channel = channelled ? KernelCell::headLine(QStringLiteral("NONCE")) : QByteArray();
    for (size_t at = size > 0 ? 1 : 0; at < size; at += chunk) {
        const size_t n = std::min(chunk, size - at);
        for (const QByteArray &line :
             splitter.feed(reinterpret_cast<const char *>(data) + at, qsizetype(n))) {
            if (line.size() > KernelCell::MaxLineBytes || line.contains('\n'))
                abort();
            channel += line + '\n';
        }
        if (splitter.buffered() > KernelCell::MaxLineBytes)
            abort();
    }
    const QString answer =
        channelled ? QString::fromUtf8(channel)
                   : QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size)).mid(1);
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
