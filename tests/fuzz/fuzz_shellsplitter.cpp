// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the approval splitter on arbitrary text (what a model writes as a shell call). It must
// not crash, must stay within the fuzzer's time and memory limits, and must fail closed: a call it cannot
// account for is never allowed, and a complete call followed by an unbalanced quote is never accounted for.
#include "base/approvalpolicy.h"
#include "base/shellsplitter.h"

#include <cstdint>
#include <cstdlib>

using namespace Qt::StringLiterals;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString call = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    const ShellSplit split = ShellSplitter::split(call);
    if (ShellSplitter::split(call).commands != split.commands)
        abort(); // not deterministic

    static const ApprovalPolicy policy = [] {
        ApprovalPolicy p;
        p.mode = ApprovalMode::Rules;
        QString error;
        p.rules = {*ApprovalRule::make(u"deny"_s, u"touch *"_s, &error),
                   *ApprovalRule::make(u"allow"_s, u"*"_s, &error)};
        return p;
    }();
    const ApprovalPolicy::Evaluation e = policy.evaluate({call});
    if (!split.accounted() && e.verdict == ApprovalVerdict::Allow)
        abort(); // fail closed
    for (const ShellCommand &c : split.commands) {
        if (c.text.isEmpty())
            abort();
        if (c.name == u"touch"_s && e.verdict != ApprovalVerdict::Deny)
            abort(); // a deny rule wins where it matches
    }
    if (split.accounted()) {
        // A complete call, then a quote bash would leave open: the splitter must notice.
        for (const QString &quote : {u"\n'"_s, u"\n\""_s, u"\n`"_s, u"\necho $'"_s})
            if (ShellSplitter::split(call + quote).accounted())
                abort();
    }
    return 0;
}
