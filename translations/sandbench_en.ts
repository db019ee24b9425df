<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>ApiRequestView</name>
    <message numerus="yes">
        <location filename="../widgets/localapi/apirequestview.cpp" line="+199"/>
        <source>%n earlier shell call(s) of this request not shown</source>
        <translation>
            <numerusform>%n earlier shell call of this request not shown</numerusform>
            <numerusform>%n earlier shell calls of this request not shown</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+108"/>
        <source>%n shell call(s)</source>
        <translation>
            <numerusform>%n shell call</numerusform>
            <numerusform>%n shell calls</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ApprovalPrompt</name>
    <message numerus="yes">
        <location filename="../widgets/approvals/approvalprompt.cpp" line="+161"/>
        <source>%n more waiting</source>
        <translation>
            <numerusform>%n more waiting</numerusform>
            <numerusform>%n more waiting</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+35"/>
        <source>%n s left</source>
        <translation>
            <numerusform>%n s left</numerusform>
            <numerusform>%n s left</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CellOutputView</name>
    <message numerus="yes">
        <location filename="../widgets/shellcalls/celloutputview.cpp" line="+109"/>
        <source>[… %n character(s) of this cell&apos;s output dropped: max_output_length]</source>
        <translation>
            <numerusform>[… %n character of this cell&apos;s output dropped: max_output_length]</numerusform>
            <numerusform>[… %n characters of this cell&apos;s output dropped: max_output_length]</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChatSession</name>
    <message numerus="yes">
        <location filename="../engine/workspace/chatsession.cpp" line="+296"/>
        <source>Stopped after %n tool call(s): the limit for one question.</source>
        <translation>
            <numerusform>Stopped after %n tool call: the limit for one question.</numerusform>
            <numerusform>Stopped after %n tool calls: the limit for one question.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChatWidget</name>
    <message numerus="yes">
        <location filename="../widgets/chat/chatwidget.cpp" line="+408"/>
        <source>Running %n command(s) in the sandbox: %1</source>
        <translation>
            <numerusform>Running %n command in the sandbox: %1</numerusform>
            <numerusform>Running %n commands in the sandbox: %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CommandOutputView</name>
    <message numerus="yes">
        <location filename="../widgets/shellcalls/shellcallview.cpp" line="+214"/>
        <source>[… %n character(s) of output not shown here …]</source>
        <translation>
            <numerusform>[… %n character of output not shown here …]</numerusform>
            <numerusform>[… %n characters of output not shown here …]</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DataLocationPage</name>
    <message numerus="yes">
        <location filename="../widgets/settings/datalocationpage.cpp" line="+275"/>
        <source>Delete %n request(s) logged more than %1 days ago from the request log, with their shell calls and outputs? This frees about %2.</source>
        <translation>
            <numerusform>Delete %n request logged more than %1 days ago from the request log, with its shell calls and outputs? This frees about %2.</numerusform>
            <numerusform>Delete %n requests logged more than %1 days ago from the request log, with their shell calls and outputs? This frees about %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>Delete all %n request(s) from the request log, with their shell calls and outputs? This frees about %1.</source>
        <translation>
            <numerusform>Delete the %n request from the request log, with its shell calls and outputs? This frees about %1.</numerusform>
            <numerusform>Delete all %n requests from the request log, with their shell calls and outputs? This frees about %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>Delete %n container(s) that no conversation uses, with their files and history? This frees %1.</source>
        <translation>
            <numerusform>Delete %n container that no conversation uses, with its files and history? This frees %1.</numerusform>
            <numerusform>Delete %n containers that no conversation uses, with their files and history? This frees %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>Delete %n file(s) uploaded through the Files APIs? Programs that still name them get an error. This frees %1.</source>
        <translation>
            <numerusform>Delete %n file uploaded through the Files APIs? Programs that still name it get an error. This frees %1.</numerusform>
            <numerusform>Delete %n files uploaded through the Files APIs? Programs that still name them get an error. This frees %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+56"/>
        <source>Deleted %n request(s); the log is %1 smaller.</source>
        <translation>
            <numerusform>Deleted %n request; the log is %1 smaller.</numerusform>
            <numerusform>Deleted %n requests; the log is %1 smaller.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Deleted %n container(s), freeing %1.</source>
        <translation>
            <numerusform>Deleted %n container, freeing %1.</numerusform>
            <numerusform>Deleted %n containers, freeing %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Deleted %n file(s), freeing %1.</source>
        <translation>
            <numerusform>Deleted %n file, freeing %1.</numerusform>
            <numerusform>Deleted %n files, freeing %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DiffView</name>
    <message numerus="yes">
        <location filename="../widgets/files/diffview.cpp" line="+233"/>
        <source>%n line(s) added</source>
        <translation>
            <numerusform>%n line added</numerusform>
            <numerusform>%n lines added</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n line(s) removed</source>
        <translation>
            <numerusform>%n line removed</numerusform>
            <numerusform>%n lines removed</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FilesPanel</name>
    <message numerus="yes">
        <location filename="../widgets/files/filespanel.cpp" line="+567"/>
        <source>%1 — %n file(s), %2</source>
        <translation>
            <numerusform>%1 — %n file, %2</numerusform>
            <numerusform>%1 — %n files, %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>(%n hidden)</source>
        <translation>
            <numerusform>(%n hidden)</numerusform>
            <numerusform>(%n hidden)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>GuardrailsPanel</name>
    <message numerus="yes">
        <location filename="../widgets/guardrails/guardrailspanel.cpp" line="+138"/>
        <source>Pattern set version %1: %n pattern(s) in %2 families (languages: %3). The gateway uses the set built into this Sandbench.</source>
        <translation>
            <numerusform>Pattern set version %1: %n pattern in %2 families (languages: %3). The gateway uses the set built into this Sandbench.</numerusform>
            <numerusform>Pattern set version %1: %n patterns in %2 families (languages: %3). The gateway uses the set built into this Sandbench.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+356"/>
        <source>%n guardrail(s) on; saved in %1.</source>
        <translation>
            <numerusform>%n guardrail on; saved in %1.</numerusform>
            <numerusform>%n guardrails on; saved in %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+177"/>
        <source>&lt;b&gt;Forwarded redacted&lt;/b&gt;: %n match(es) found.</source>
        <translation>
            <numerusform>&lt;b&gt;Forwarded redacted&lt;/b&gt;: %n match found.</numerusform>
            <numerusform>&lt;b&gt;Forwarded redacted&lt;/b&gt;: %n matches found.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>&lt;b&gt;Forwarded unchanged and flagged&lt;/b&gt;: %n detection(s) would be recorded.</source>
        <translation>
            <numerusform>&lt;b&gt;Forwarded unchanged and flagged&lt;/b&gt;: %n detection would be recorded.</numerusform>
            <numerusform>&lt;b&gt;Forwarded unchanged and flagged&lt;/b&gt;: %n detections would be recorded.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+101"/>
        <source>%n request(s) logged in this period.</source>
        <translation>
            <numerusform>%n request logged in this period.</numerusform>
            <numerusform>%n requests logged in this period.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+9"/>
        <source>%n detection(s) were reported as false positives.</source>
        <translation>
            <numerusform>%n detection was reported as a false positive.</numerusform>
            <numerusform>%n detections were reported as false positives.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HistoryView</name>
    <message numerus="yes">
        <location filename="../widgets/files/historyview.cpp" line="+516"/>
        <source>Restored the workspace: %n file(s) changed.</source>
        <translation>
            <numerusform>Restored the workspace: %n file changed.</numerusform>
            <numerusform>Restored the workspace: %n files changed.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LogsPanel</name>
    <message numerus="yes">
        <location filename="../widgets/logs/logspanel.cpp" line="+780"/>
        <source>%n request(s) match the filter.</source>
        <translation>
            <numerusform>%n request match the filter.</numerusform>
            <numerusform>%n requests match the filter.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n request(s) logged.</source>
        <translation>
            <numerusform>%n request logged.</numerusform>
            <numerusform>%n requests logged.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+200"/>
        <source>%n command(s)</source>
        <translation>
            <numerusform>%n command</numerusform>
            <numerusform>%n commands</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+224"/>
        <source>Exported %n request(s) to %1.</source>
        <translation>
            <numerusform>Exported %n request to %1.</numerusform>
            <numerusform>Exported %n requests to %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-682"/>
        <location line="+557"/>
        <source>Response (%n tool call(s))</source>
        <translation>
            <numerusform>Response (%n tool call)</numerusform>
            <numerusform>Response (%n tool calls)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message numerus="yes">
        <location filename="../widgets/window/mainwindow.cpp" line="+1903"/>
        <source>%1 — %n call(s)</source>
        <translation>
            <numerusform>%1 — %n call</numerusform>
            <numerusform>%1 — %n calls</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%1 — %n shell call(s)</source>
        <translation>
            <numerusform>%1 — %n shell call</numerusform>
            <numerusform>%1 — %n shell calls</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+75"/>
        <source>Shell call %1 ran %n command(s) in container %2: %3</source>
        <translation>
            <numerusform>Shell call %1 ran %n command in container %2: %3</numerusform>
            <numerusform>Shell call %1 ran %n commands in container %2: %3</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>NetworkPolicyEditor</name>
    <message numerus="yes">
        <location filename="../widgets/network/networkpolicyeditor.cpp" line="+695"/>
        <source>%n of %1 entries</source>
        <translation>
            <numerusform>%n of %1 entries</numerusform>
            <numerusform>%n of %1 entries</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ProviderSettingsPage</name>
    <message numerus="yes">
        <location filename="../widgets/settings/providersettings.cpp" line="+157"/>
        <source>%1 at %2 — %n model(s)</source>
        <translation>
            <numerusform>%1 at %2 — %n model</numerusform>
            <numerusform>%1 at %2 — %n models</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TraceComparisonView</name>
    <message numerus="yes">
        <location filename="../widgets/shellcalls/tracecomparison.cpp" line="+79"/>
        <source>
[… %n more character(s) not shown …]</source>
        <translation>
            <numerusform>
[… %n more character not shown …]</numerusform>
            <numerusform>
[… %n more characters not shown …]</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+287"/>
        <source>Running: %1 of %n command(s) compared</source>
        <translation>
            <numerusform>Running: %1 of %n command compared</numerusform>
            <numerusform>Running: %1 of %n commands compared</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>All %n command(s) the same as in the trace</source>
        <translation>
            <numerusform>All %n command the same as in the trace</numerusform>
            <numerusform>All %n commands the same as in the trace</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%1 of %n command(s) differ from the trace</source>
        <translation>
            <numerusform>%1 of %n command differ from the trace</numerusform>
            <numerusform>%1 of %n commands differ from the trace</numerusform>
        </translation>
    </message>
</context>
</TS>
