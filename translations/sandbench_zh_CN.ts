<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ApiActivityPanel</name>
    <message>
        <location filename="../widgets/localapi/apiactivitypanel.cpp" line="+38"/>
        <source>This app&apos;s local API</source>
        <translation>本应用的本地 API</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Another server…</source>
        <translation>其他服务器…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Local API settings…</source>
        <translation>本地 API 设置…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Remove the requests shown here (nothing is deleted from the logs)</source>
        <translation>移除此处显示的请求（不会从日志中删除任何内容）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>API key (sbk_…)</source>
        <translation>API 密钥（sbk_…）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Watch</source>
        <translation>监视</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Requests that other programs send to Sandbench&apos;s local API appear here while they run, with their shell calls and live output.</source>
        <translation>其他程序发送到 Sandbench 本地 API 的请求会在运行时显示在这里，包括其 shell 调用和实时输出。</translation>
    </message>
    <message>
        <location line="+113"/>
        <source>&quot;%1&quot; is not a server address: use one like http://127.0.0.1:8642, as `sandbench serve` prints it.</source>
        <translation>“%1”不是服务器地址：请使用 `sandbench serve` 输出的地址格式，例如 http://127.0.0.1:8642。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Enter an API key of the server&apos;s workspace (`sandbench keys create` prints one).</source>
        <translation>请输入该服务器所属工作区的 API 密钥（可用 `sandbench keys create` 生成）。</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Watching this app&apos;s local API at %1 (workspace %2).</source>
        <translation>正在监视本应用位于 %1 的本地 API（工作区 %2）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Watching %1 (workspace %2).</source>
        <translation>正在监视 %1（工作区 %2）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Connecting to %1…</source>
        <translation>正在连接到 %1…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Lost the connection to %1 (%2); trying again…</source>
        <translation>与 %1 的连接已断开（%2）；正在重试…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Enter the address of a `sandbench serve` and a key of its workspace, then Watch.</source>
        <translation>请输入 `sandbench serve` 的地址及其工作区的密钥，然后点击“监视”。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The local API is not running: %1</source>
        <translation>本地 API 未运行：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The local API is off, so other programs cannot reach Sandbench. Turn it on in Local API settings.</source>
        <translation>本地 API 已关闭，其他程序无法访问 Sandbench。请在“本地 API 设置”中开启。</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Asking %1 to allow %2…</source>
        <translation>正在请求 %1 允许 %2…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 was not allowed: %2</source>
        <translation>未允许 %1：%2</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Local API</source>
        <translation>本地 API</translation>
    </message>
</context>
<context>
    <name>ApiRequestView</name>
    <message>
        <location filename="../widgets/localapi/apirequestview.cpp" line="+39"/>
        <source>(joined while running)</source>
        <translation>（运行中途加入）</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+89"/>
        <source>Running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location line="-70"/>
        <source>No shell calls.</source>
        <translation>没有 shell 调用。</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>Disconnected</source>
        <translation>连接已断开</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The connection to the server was lost while this request ran; how it ended is in the server&apos;s request log.</source>
        <translation>此请求运行期间与服务器的连接中断；其结果请查看服务器的请求日志。</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Messages</source>
        <translation>Messages</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Responses</source>
        <translation>Responses</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MCP</source>
        <translation>MCP</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Model %1</source>
        <translation>模型 %1</translation>
    </message>
    <message numerus="yes">
        <location line="+28"/>
        <source>%n earlier shell call(s) of this request not shown</source>
        <translation>
            <numerusform>此请求中较早的 %n 个 shell 调用未显示</numerusform>
        </translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancelled by the program</source>
        <translation>已被程序取消</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Failed (HTTP %1)</source>
        <translation>失败（HTTP %1）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The sandbox is metered per request: see the request&apos;s total above</source>
        <translation>沙箱按请求计费：请查看上方该请求的总费用</translation>
    </message>
    <message numerus="yes">
        <location line="+52"/>
        <source>%n shell call(s)</source>
        <translation>
            <numerusform>%n 个 shell 调用</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 in / %2 out tokens</source>
        <translation>输入 %1 / 输出 %2 token</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>sandbox $%1</source>
        <translation>沙箱 $%1</translation>
    </message>
    <message>
        <location line="-38"/>
        <source>File received: %1 (%2)</source>
        <translation>已收到文件：%1（%2）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Copied into container %1</source>
        <translation>已复制到容器 %1</translation>
    </message>
</context>
<context>
    <name>ApprovalPrompt</name>
    <message>
        <location filename="../widgets/approvals/approvalprompt.cpp" line="+108"/>
        <source>The model wants to run a command</source>
        <translation>模型想要运行一条命令</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Note for the model (optional)</source>
        <translation>给模型的备注（可选）</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+5"/>
        <source>Allow once</source>
        <translation>允许一次</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>Allow for this conversation</source>
        <translation>在此对话中允许</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>These commands run without asking again in this conversation; deny rules still apply.</source>
        <translation>在此对话中这些命令将不再询问直接运行；拒绝规则仍然有效。</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+2"/>
        <source>Deny</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>API request %1 (%2)</source>
        <translation>API 请求 %1（%2）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Conversation &quot;%1&quot; (%2)</source>
        <translation>对话“%1”（%2）</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n more waiting</source>
        <translation>
            <numerusform>还有 %n 个在等待</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Why it asks: %1</source>
        <translation>询问原因：%1</translation>
    </message>
    <message numerus="yes">
        <location line="+32"/>
        <source>%n s left</source>
        <translation>
            <numerusform>剩余 %n 秒</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ApprovalRulesBox</name>
    <message>
        <location filename="../widgets/settings/approvalrulesbox.cpp" line="+35"/>
        <source>Allow</source>
        <translation>允许</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ask</source>
        <translation>询问</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Deny</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Run everything</source>
        <translation>全部运行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ask before each call</source>
        <translation>每次调用前询问</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rules</source>
        <translation>规则</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>Under “Rules” each command of a call gets the verdict of the first rule that matches it, and a command no rule matches asks; the strictest verdict decides the call (deny, then ask, then allow). A pattern is one command: * is any text, ? one character, so “python3 *” matches “python3 run.py” and a bare “python3”.</source>
        <translation>在“规则”模式下，调用中的每条命令采用第一条与之匹配的规则的裁决；没有规则匹配的命令会询问；整个调用由最严格的裁决决定（拒绝，其次询问，再次允许）。模式是一条命令：* 表示任意文本，? 表示一个字符，因此“python3 *”匹配“python3 run.py”，也匹配单独的“python3”。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Default &amp;mode:</source>
        <translation>默认模式(&amp;M)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Wait for an answer:</source>
        <translation>等待回答(&amp;W)：</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>Approvals</source>
        <translation>审批</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+67"/>
        <source>Approvals of “%1”</source>
        <translation>“%1”的审批</translation>
    </message>
    <message>
        <location line="-64"/>
        <source>What a conversation that keeps the workspace default does, and what API requests made with this workspace&apos;s keys do.</source>
        <translation>保留工作区默认设置的对话如何处理，以及使用此工作区密钥的 API 请求如何处理。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How long a call waits for Allow or Deny (1 to %1 seconds); then the model gets a tool error.</source>
        <translation>调用等待“允许”或“拒绝”的时长（1 到 %1 秒）；超时后模型会收到工具错误。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Verdict</source>
        <translation>裁决</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Pattern</source>
        <translation>模式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Double-click a verdict or a pattern to change it. The first rule that matches a command decides.</source>
        <translation>双击裁决或模式即可修改。第一条匹配命令的规则起决定作用。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>New rule&apos;s pattern, e.g. python3 *</source>
        <translation>新规则的模式，例如 python3 *</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Add</source>
        <translation>添加(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Remove</source>
        <translation>移除(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move &amp;Up</source>
        <translation>上移(&amp;U)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move &amp;Down</source>
        <translation>下移(&amp;D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Test a command:</source>
        <translation>测试命令(&amp;T)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>e.g. python3 run.py | tee out.txt &amp;&amp; rm -rf build</source>
        <translation>例如 python3 run.py | tee out.txt &amp;&amp; rm -rf build</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save Appro&amp;vals</source>
        <translation>保存审批(&amp;V)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>R&amp;evert</source>
        <translation>还原(&amp;E)</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>The unsaved changes to the approvals of “%1” were dropped.</source>
        <translation>“%1”审批中未保存的更改已被丢弃。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The workspace&apos;s settings cannot be read: %1</source>
        <translation>无法读取工作区设置：%1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The saved approvals are not valid (%1), so every call asks until they are saved again.</source>
        <translation>已保存的审批无效（%1），因此在重新保存之前每次调用都会询问。</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Rule %1: </source>
        <translation>规则 %1：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the pattern is empty. Write the one command it matches, e.g. “python3 *”.</source>
        <translation>模式为空。请写出它匹配的那一条命令，例如“python3 *”。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the pattern has %1 characters; at most %2 are allowed.</source>
        <translation>模式有 %1 个字符；最多允许 %2 个。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>“%1” contains a command substitution ($(…), `…`, &lt;(…)), which no rule can match. Write the command without it.</source>
        <translation>“%1”包含命令替换（$(…)、`…`、&lt;(…)），任何规则都无法匹配。请写出不含它的命令。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>“%1” is more than one command. A rule matches one command (| ; &amp; &amp;&amp; || and new lines separate commands), so write one rule for each.</source>
        <translation>“%1”不止一条命令。一条规则只匹配一条命令（| ; &amp; &amp;&amp; || 和换行会分隔命令），请为每条命令各写一条规则。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>A workspace holds at most %1 rules; remove %2.</source>
        <translation>一个工作区最多有 %1 条规则；请移除 %2 条。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Rule %1 repeats rule %2 (“%3”); remove one of them.</source>
        <translation>规则 %1 与规则 %2 重复（“%3”）；请移除其中一条。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>A workspace holds at most %1 rules; remove one before adding another.</source>
        <translation>一个工作区最多有 %1 条规则；请先移除一条再添加。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Rule %1 is this rule already.</source>
        <translation>规则 %1 已经是这条规则。</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>Not saved. %1</source>
        <translation>未保存。%1</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+10"/>
        <source>Not saved: %1</source>
        <translation>未保存：%1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Saved. The next shell or code call of the workspace follows these approvals; “sandbench approvals rules list” shows them.</source>
        <translation>已保存。工作区的下一次 shell 或代码调用将遵循这些审批；“sandbench approvals rules list”可以显示它们。</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Type a call to see which rule decides each of its commands.</source>
        <translation>输入一个调用，查看哪条规则决定其每条命令。</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>“%1” → no rule matches: %2</source>
        <translation>“%1” → 没有匹配的规则：%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>“%1” → rule %2, “%3”: %4</source>
        <translation>“%1” → 规则 %2，“%3”：%4</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No command to match.</source>
        <translation>没有可匹配的命令。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The call: %1</source>
        <translation>该调用：%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Left out, not valid: rule %1.</source>
        <translation>已略过（无效）：规则 %1。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The rules decide only in conversations set to “Rules”; the default mode is “%1”.</source>
        <translation>规则仅在设为“规则”的对话中起作用；默认模式为“%1”。</translation>
    </message>
    <message>
        <location line="-9"/>
        <source>The rules cannot account for all of it (%1), so no rule allows it: it asks unless a rule denies one of its commands.</source>
        <translation>规则无法完整解析该调用（%1），因此没有规则能允许它：除非有规则拒绝其中某条命令，否则会询问。</translation>
    </message>
</context>
<context>
    <name>CellOutputView</name>
    <message numerus="yes">
        <location filename="../widgets/shellcalls/celloutputview.cpp" line="+109"/>
        <source>[… %n character(s) of this cell&apos;s output dropped: max_output_length]</source>
        <translation>
            <numerusform>[… 已丢弃此单元格输出的 %n 个字符：max_output_length]</numerusform>
        </translation>
    </message>
    <message>
        <location line="+134"/>
        <source>[… more of this output was left out: the window shows at most %1 rows and %2 columns of a table]</source>
        <translation>[… 此输出的其余部分已省略：窗口最多显示表格的 %1 行和 %2 列]</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Loading image…</source>
        <translation>正在加载图像…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 could not be shown: it is not a PNG image the window can read, or it is larger than %2 megapixels.</source>
        <translation>无法显示 %1：它不是窗口可以读取的 PNG 图像，或大于 %2 百万像素。</translation>
    </message>
</context>
<context>
    <name>ChangeListModel</name>
    <message>
        <location filename="../widgets/files/changelistmodel.cpp" line="+25"/>
        <source>added</source>
        <translation>已添加</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>changed</source>
        <translation>已更改</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>deleted</source>
        <translation>已删除</translation>
    </message>
    <message>
        <location line="+32"/>
        <source> (not kept)</source>
        <translation>（未保留）</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 (%2). Not kept: storage budget: the content of this version was not kept (only its name and size), so it has no diff and cannot be restored.</source>
        <translation>%1（%2）。未保留：存储预算——此版本的内容未被保留（仅保留名称和大小），因此没有差异可显示，也无法恢复。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Change</source>
        <translation>更改</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Size</source>
        <translation>大小</translation>
    </message>
</context>
<context>
    <name>ChatSession</name>
    <message>
        <location filename="../engine/workspace/chatsession.cpp" line="+355"/>
        <source>Redacted by %1 before the model read it; the model received: “%2”</source>
        <translation>在模型读取前已由 %1 遮盖；模型收到的是：“%2”</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Flagged by %1; sent unchanged, and the detection is in the request log.</source>
        <translation>已由 %1 标记；内容原样发送，检测结果记录在请求日志中。</translation>
    </message>
    <message>
        <location line="+91"/>
        <source>Prompt-injection patterns</source>
        <translation>提示词注入模式</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Email addresses</source>
        <translation>电子邮件地址</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Phone numbers</source>
        <translation>电话号码</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Credit card numbers</source>
        <translation>信用卡号</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>IP addresses</source>
        <translation>IP 地址</translation>
    </message>
    <message>
        <location line="-324"/>
        <source>Wait for the current answer or press Stop.</source>
        <translation>请等待当前回答完成，或点击“停止”。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Choose a model first.</source>
        <translation>请先选择一个模型。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This conversation has no container.</source>
        <translation>此对话没有容器。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The question was not sent: the workspace&apos;s guardrail settings cannot be read (%1).</source>
        <translation>问题未发送：无法读取工作区的护栏设置（%1）。</translation>
    </message>
    <message>
        <location line="+163"/>
        <source>Blocked by the guardrail &quot;%1&quot; (%2 detected); the question was not sent to the model. Rephrase it, or change the guardrail&apos;s action in the Guardrails panel.</source>
        <translation>已被护栏“%1”拦截（检测到 %2）；问题未发送给模型。请换一种说法，或在“护栏”面板中更改该护栏的操作。</translation>
    </message>
    <message numerus="yes">
        <location line="-17"/>
        <source>Stopped after %n tool call(s): the limit for one question.</source>
        <translation>
            <numerusform>已在 %n 次工具调用后停止：这是单个问题的上限。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChatWidget</name>
    <message>
        <location filename="../widgets/chat/chatwidget.cpp" line="+269"/>
        <source>Sandbox time of this conversation: $0.0001 a second; a question that starts a new or sleeping container pays at least 30 seconds.</source>
        <translation>此对话的沙箱用时按每秒 $0.0001 计费；启动新容器或唤醒休眠容器的问题至少按 30 秒计费。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Drop a file here or use Attach, then ask a question about it. The model&apos;s shell commands run in this conversation&apos;s sandbox and appear in the Shell calls panel.</source>
        <translation>将文件拖放到此处或使用“附加”，然后就它提问。模型的 shell 命令在此对话的沙箱中运行，并显示在“Shell 调用”面板中。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ask about your data… (Ctrl+Enter to send)</source>
        <translation>就您的数据提问…（Ctrl+Enter 发送）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Attach…</source>
        <translation>附加…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Send</source>
        <translation>发送</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop the answer and end its running commands (Esc)</source>
        <translation>停止回答并结束其正在运行的命令（Esc）</translation>
    </message>
    <message>
        <location line="-215"/>
        <source>Assistant</source>
        <translation>助手</translation>
    </message>
    <message numerus="yes">
        <location line="+344"/>
        <source>Running %n command(s) in the sandbox: %1</source>
        <translation>
            <numerusform>正在沙箱中运行 %n 条命令：%1</numerusform>
        </translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Stopped.</source>
        <translation>已停止。</translation>
    </message>
    <message>
        <location line="-130"/>
        <source>Message box</source>
        <translation>消息框</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Send the message</source>
        <translation>发送消息</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop the answer</source>
        <translation>停止回答</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Type a tab in the message</source>
        <translation>在消息中输入制表符</translation>
    </message>
    <message>
        <location line="+79"/>
        <source>%1 — a script plays the answers, no model is asked</source>
        <translation>%1 — 由脚本给出回答，不询问任何模型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model: %1</source>
        <translation>模型：%1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Container %1</source>
        <translation>容器 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Every shell command of this conversation runs in container %1; its files stay between questions and restarts.</source>
        <translation>此对话的每条 shell 命令都在容器 %1 中运行；其中的文件在多次提问和重启之间保留。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Sandbox cost: $%1</source>
        <translation>沙箱费用：$%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No sandbox cost yet</source>
        <translation>尚无沙箱费用</translation>
    </message>
    <message>
        <location line="+107"/>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1
In the sandbox: %2</source>
        <translation>%1
沙箱中：%2</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Remove this attachment</source>
        <translation>移除此附件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove %1</source>
        <translation>移除 %1</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>Choose a model first.</source>
        <translation>请先选择一个模型。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Attached files (in the sandbox): %1</source>
        <translation>已附加的文件（沙箱中）：%1</translation>
    </message>
    <message>
        <location line="-511"/>
        <source>You</source>
        <translation>你</translation>
    </message>
</context>
<context>
    <name>CommandOutputView</name>
    <message>
        <location filename="../widgets/shellcalls/shellcallview.cpp" line="+169"/>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message numerus="yes">
        <location line="+45"/>
        <source>[… %n character(s) of output not shown here …]</source>
        <translation>
            <numerusform>[… 此处未显示 %n 个输出字符 …]</numerusform>
        </translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Earlier output not shown here: %1 characters</source>
        <translation>此处未显示较早的输出：%1 个字符</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>timeout</source>
        <translation>超时</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>exit 0</source>
        <translation>退出码 0</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>exit %1</source>
        <translation>退出码 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Ran for %1</source>
        <translation>运行了 %1</translation>
    </message>
</context>
<context>
    <name>CsvIndex</name>
    <message>
        <location filename="../engine/data/csvindex.cpp" line="+418"/>
        <source>Cannot open %1: it is a symbolic link; only regular files can be previewed.</source>
        <translation>无法打开 %1：它是符号链接；只能预览普通文件。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot open %1: only regular files can be previewed.</source>
        <translation>无法打开 %1：只能预览普通文件。</translation>
    </message>
</context>
<context>
    <name>CsvPreview</name>
    <message>
        <location filename="../widgets/common/csvpreview.cpp" line="+77"/>
        <source>%1 is empty (0 bytes): there are no rows to show.</source>
        <translation>%1 为空（0 字节）：没有可显示的行。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 is not a text table: it holds binary data (%2). Save it and open it with the program that made it.</source>
        <translation>%1 不是文本表格：它包含二进制数据（%2）。请保存该文件，并用创建它的程序打开。</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>%1 rows so far…</source>
        <translation>已读取 %1 行…</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+7"/>
        <source>%1 rows</source>
        <translation>%1 行</translation>
    </message>
</context>
<context>
    <name>DataLocationPage</name>
    <message>
        <location filename="../widgets/settings/datalocationpage.cpp" line="+47"/>
        <source>Data folder</source>
        <translation>数据文件夹</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Containers, documents, request logs and snapshots of every workspace live here. Start Sandbench with --data-dir or SANDBENCH_DATA_DIR to use another folder.</source>
        <translation>所有工作区的容器、文档、请求日志和快照都存放在这里。要使用其他文件夹，请使用 --data-dir 或 SANDBENCH_DATA_DIR 启动 Sandbench。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Open in File Manager</source>
        <translation>在文件管理器中打开(&amp;O)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Copy Path</source>
        <translation>复制路径(&amp;C)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Disk use</source>
        <translation>磁盘占用</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Area</source>
        <translation>区域</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Workspace “%1”</source>
        <translation>工作区“%1”</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>All workspaces</source>
        <translation>所有工作区</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Containers</source>
        <translation>容器</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Snapshots (file history)</source>
        <translation>快照（文件历史）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Documents</source>
        <translation>文档</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Request logs</source>
        <translation>请求日志</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Total</source>
        <translation>合计</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Files in the containers&apos; home folders</source>
        <translation>容器主目录中的文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The per-command history of each container&apos;s files</source>
        <translation>每个容器中文件的逐命令历史</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Files promoted from containers</source>
        <translation>从容器存为文档的文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The local API&apos;s request and shell-call log</source>
        <translation>本地 API 的请求和 shell 调用日志</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Not measured yet.</source>
        <translation>尚未统计。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Refresh</source>
        <translation>刷新(&amp;R)</translation>
    </message>
    <message>
        <location line="+281"/>
        <source>Measuring…</source>
        <translation>正在统计…</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Measured at %1. Workspaces: %2. The whole data folder uses %3.</source>
        <translation>统计于 %1。工作区：%2。整个数据文件夹占用 %3。</translation>
    </message>
    <message>
        <location line="-279"/>
        <source>Clean up</source>
        <translation>清理</translation>
    </message>
    <message>
        <location line="+9"/>
        <source> days</source>
        <translation> 天</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>any age</source>
        <translation>任意时间</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Requests in the log older than</source>
        <translation>日志中早于以下时间的请求</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Containers no conversation uses (made by the local API or left behind)</source>
        <translation>没有对话使用的容器（由本地 API 创建或遗留）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Files uploaded through the Files APIs</source>
        <translation>通过 Files API 上传的文件</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Delete…</source>
        <translation>删除…</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>Looking at what can be deleted…</source>
        <translation>正在查看可以删除的内容…</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Cannot clean up: %1</source>
        <translation>无法清理：%1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Nothing to delete: no request in the log is older than %1 days.</source>
        <translation>没有可删除的内容：日志中没有早于 %1 天的请求。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nothing to delete: the request log is empty.</source>
        <translation>没有可删除的内容：请求日志为空。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nothing to delete: every container belongs to a conversation.</source>
        <translation>没有可删除的内容：每个容器都属于某个对话。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nothing to delete: no file was uploaded through the Files APIs.</source>
        <translation>没有可删除的内容：没有通过 Files API 上传的文件。</translation>
    </message>
    <message numerus="yes">
        <location line="+12"/>
        <source>Delete %n request(s) logged more than %1 days ago from the request log, with their shell calls and outputs? This frees about %2.</source>
        <translation>
            <numerusform>从请求日志中删除 %n 个记录于 %1 天前的请求及其 shell 调用和输出？这将释放约 %2。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>Delete all %n request(s) from the request log, with their shell calls and outputs? This frees about %1.</source>
        <translation>
            <numerusform>从请求日志中删除全部 %n 个请求及其 shell 调用和输出？这将释放约 %1。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>Delete %n container(s) that no conversation uses, with their files and history? This frees %1.</source>
        <translation>
            <numerusform>删除 %n 个没有对话使用的容器及其文件和历史？这将释放 %1。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>Delete %n file(s) uploaded through the Files APIs? Programs that still name them get an error. This frees %1.</source>
        <translation>
            <numerusform>删除 %n 个通过 Files API 上传的文件？仍引用它们的程序将收到错误。这将释放 %1。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Nothing was deleted.</source>
        <translation>未删除任何内容。</translation>
    </message>
    <message numerus="yes">
        <location line="+45"/>
        <source>Deleted %n request(s); the log is %1 smaller.</source>
        <translation>
            <numerusform>已删除 %n 个请求；日志减小了 %1。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Deleted %n container(s), freeing %1.</source>
        <translation>
            <numerusform>已删除 %n 个容器，释放了 %1。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Deleted %n file(s), freeing %1.</source>
        <translation>
            <numerusform>已删除 %n 个文件，释放了 %1。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 Not everything: %2</source>
        <translation>%1 未全部完成：%2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location line="-280"/>
        <source>Uploaded files</source>
        <translation>上传的文件</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Files that came in through the Files APIs of the local API</source>
        <translation>通过本地 API 的 Files API 传入的文件</translation>
    </message>
</context>
<context>
    <name>DiffView</name>
    <message>
        <location filename="../widgets/files/diffview.cpp" line="+231"/>
        <source>Lines: %1</source>
        <translation>行：%1</translation>
    </message>
    <message>
        <location line="-123"/>
        <source>Unified</source>
        <translation>统一视图</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Side by side</source>
        <translation>并排视图</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>Select a changed file to see its diff.</source>
        <translation>选择一个已更改的文件以查看其差异。</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Not kept: %1. The history records that this version existed and its size, but its content was dropped to keep the container within its storage limit, so there is no diff to show and it cannot be restored.</source>
        <translation>未保留：%1。历史记录了此版本曾经存在及其大小，但为使容器不超出存储上限，其内容已被丢弃，因此没有差异可显示，也无法恢复。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Binary file: the two versions differ, no line diff to show.</source>
        <translation>二进制文件：两个版本不同，无法显示逐行差异。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No differences: the file is the same in both versions.</source>
        <translation>没有差异：该文件在两个版本中完全相同。</translation>
    </message>
    <message numerus="yes">
        <location line="+10"/>
        <source>%n line(s) added</source>
        <translation>
            <numerusform>新增 %n 行</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n line(s) removed</source>
        <translation>
            <numerusform>删除 %n 行</numerusform>
        </translation>
    </message>
    <message>
        <location line="+111"/>
        <source>Diff truncated: it is larger than %1, the rest is not shown.</source>
        <translation>差异已截断：超过 %1，其余部分未显示。</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Only the first %1 lines of the diff are shown.</source>
        <translation>仅显示差异的前 %1 行。</translation>
    </message>
</context>
<context>
    <name>DocumentsPanel</name>
    <message>
        <location filename="../widgets/documents/documentspanel.cpp" line="+177"/>
        <source>Files promoted from a container. Documents belong to the workspace and never expire.</source>
        <translation>从容器存为文档的文件。文档属于工作区，永不过期。</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>No documents yet. Promote a file from a container (the Files panel, &lt;tt&gt;sandbench containers promote ID PATH&lt;/tt&gt; or the local API) to keep a copy here.</source>
        <translation>还没有文档。将容器中的文件存为文档（通过“文件”面板、&lt;tt&gt;sandbench containers promote ID PATH&lt;/tt&gt; 或本地 API），即可在此保留一份副本。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open a copy in the desktop&apos;s application for this kind of file</source>
        <translation>用桌面上处理此类文件的应用程序打开副本</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save As…</source>
        <translation>另存为…</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+23"/>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Keep</source>
        <translation>保留</translation>
    </message>
    <message>
        <location line="+41"/>
        <location line="+177"/>
        <source>Select a document to see it here.</source>
        <translation>选择一个文档以在此查看。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>%1 · from /workspace/home/%2 in %3</source>
        <translation>%1 · 来自 %3 中的 /workspace/home/%2</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Loading…</source>
        <translation>正在加载…</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 × %2 pixels</source>
        <translation>%1 × %2 像素</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>[The preview shows the first %1; use Open or Save As for the whole file.]</source>
        <translation>[预览仅显示前 %1；要查看完整文件，请使用“打开”或“另存为”。]</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>No preview for this kind of file. Use Open to view it in another application, or Save As to keep a copy.</source>
        <translation>无法预览此类文件。请使用“打开”在其他应用程序中查看，或使用“另存为”保存一份副本。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>No application on this computer opens %1. Use Save As to keep a copy and open it yourself.</source>
        <translation>本机没有可打开 %1 的应用程序。请使用“另存为”保存一份副本后自行打开。</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Save a copy of %1</source>
        <translation>保存 %1 的副本</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Cannot save %1 to %2: %3</source>
        <translation>无法将 %1 保存到 %2：%3</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Saved %1 to %2.</source>
        <translation>已将 %1 保存到 %2。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Delete %1 from the workspace&apos;s documents? This cannot be undone.</source>
        <translation>要从工作区文档中删除 %1 吗？此操作无法撤消。</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Cannot delete %1 completely; some of its files remain in %2.</source>
        <translation>无法完全删除 %1；其部分文件仍留在 %2 中。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Deleted %1.</source>
        <translation>已删除 %1。</translation>
    </message>
</context>
<context>
    <name>DocumentsPanelModel</name>
    <message>
        <location filename="../widgets/documents/documentspanelmodel.cpp" line="+136"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1
Document %2
SHA-256 %3</source>
        <translation>%1
文档 %2
SHA-256 %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 bytes</source>
        <translation>%1 字节</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Promoted from /workspace/home/%1 in container %2</source>
        <translation>存自容器 %2 中的 /workspace/home/%1</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Promoted</source>
        <translation>存入时间</translation>
    </message>
</context>
<context>
    <name>EventStreamClient</name>
    <message>
        <location filename="../engine/server/eventstreamclient.cpp" line="+64"/>
        <source>&quot;%1&quot; is not a server address; use one like http://127.0.0.1:8642</source>
        <translation>“%1”不是服务器地址；请使用类似 http://127.0.0.1:8642 的地址</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>The server refused the key: use a key of the server&apos;s workspace (Local API settings or `sandbench keys create`).</source>
        <translation>服务器拒绝了该密钥：请使用该服务器所属工作区的密钥（见“本地 API 设置”或 `sandbench keys create`）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The server closed the connection.</source>
        <translation>服务器关闭了连接。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Not watching a server.</source>
        <translation>未在观察任何服务器。</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>The server&apos;s answer is over %1 KiB.</source>
        <translation>服务器的响应超过 %1 KiB。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The server answered HTTP %1.</source>
        <translation>服务器返回 HTTP %1。</translation>
    </message>
</context>
<context>
    <name>FileImport</name>
    <message>
        <location filename="../engine/sandbox/history/fileimport.cpp" line="+76"/>
        <source>%1 does not exist.</source>
        <translation>%1 不存在。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is a folder; attach files one by one.</source>
        <translation>%1 是文件夹；请逐个附加文件。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is not a regular file.</source>
        <translation>%1 不是普通文件。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 cannot be read.</source>
        <translation>无法读取 %1。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is %2, more than the %3 an upload may have.</source>
        <translation>%1 大小为 %2，超过了上传允许的 %3。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 cannot be read: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot create the container&apos;s home folder %1.</source>
        <translation>无法创建容器的主目录 %1。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot open the container&apos;s home folder %1: %2</source>
        <translation>无法打开容器的主目录 %1：%2</translation>
    </message>
    <message>
        <location line="+50"/>
        <location line="+94"/>
        <location line="+13"/>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location line="-59"/>
        <location line="+64"/>
        <source>Cannot write %1 into the container: %2 names are taken already.</source>
        <translation>无法将 %1 写入容器：已有 %2 个名称被占用。</translation>
    </message>
    <message>
        <location line="-133"/>
        <location line="+28"/>
        <location line="+9"/>
        <source>Copying %1 failed: %2</source>
        <translation>复制 %1 失败：%2</translation>
    </message>
    <message>
        <location line="-40"/>
        <location line="+37"/>
        <source>%1 grew beyond the upload limit while it was copied.</source>
        <translation>%1 在复制过程中超过了上传上限。</translation>
    </message>
    <message>
        <location line="-47"/>
        <source>Cannot hand %1 to the sandbox user: %2</source>
        <translation>无法将 %1 交给沙箱用户：%2</translation>
    </message>
    <message>
        <location line="-10"/>
        <source>%1 is not a file name.</source>
        <translation>%1 不是文件名。</translation>
    </message>
</context>
<context>
    <name>FilePreview</name>
    <message>
        <location filename="../widgets/files/filepreview.cpp" line="+314"/>
        <source>Select a file to preview it.</source>
        <translation>选择一个文件以预览。</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 — %2, %3</source>
        <translation>%1 — %2，%3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 no longer exists in the container: it was deleted or renamed after the list was read.</source>
        <translation>容器中已不存在 %1：读取列表后它已被删除或重命名。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cannot show %1: %2</source>
        <translation>无法显示 %1：%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Binary file (%1, %2): no preview. Use Save to copy it to this computer.</source>
        <translation>二进制文件（%1，%2）：无法预览。请使用“另存为”将其复制到本机。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 × %2 pixels</source>
        <translation>%1 × %2 像素</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 is %2, larger than the %3 a table preview is made for. Use Save As… to copy it to this computer.</source>
        <translation>%1 大小为 %2，超过表格预览支持的 %3。请用“另存为…”将其复制到本机。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Cannot open %1 as a table.</source>
        <translation>无法以表格形式打开 %1。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Showing the first %1 of %2.</source>
        <translation>仅显示了 %2 中的前 %1。</translation>
    </message>
    <message>
        <location line="-184"/>
        <source>Show source</source>
        <translation>显示源代码</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show the Markdown file as its source text instead of formatted</source>
        <translation>以源文本而不是格式化形式显示 Markdown 文件</translation>
    </message>
    <message>
        <location line="+196"/>
        <source>%1 is %2: Markdown larger than %3 is shown as source, not formatted.</source>
        <translation>%1 大小为 %2：大于 %3 的 Markdown 以源代码显示，不进行格式化。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 nests quotes or lists %2 deep: Markdown deeper than %3 is shown as source, not formatted.</source>
        <translation>%1 的引用或列表嵌套深度为 %2：嵌套超过 %3 的 Markdown 以源代码显示，不进行格式化。</translation>
    </message>
    <message>
        <location line="+79"/>
        <source>[image not loaded: %1]</source>
        <translation>[未加载图片：%1]</translation>
    </message>
</context>
<context>
    <name>FileTreeModel</name>
    <message>
        <location filename="../widgets/files/filetreemodel.cpp" line="+171"/>
        <source>%1 — %2 bytes</source>
        <translation>%1 — %2 字节</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Modified</source>
        <translation>修改时间</translation>
    </message>
</context>
<context>
    <name>FilesPanel</name>
    <message>
        <location filename="../widgets/files/filespanel.cpp" line="+95"/>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read the files and history again</source>
        <translation>重新读取文件和历史</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save As…</source>
        <translation>另存为…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the selected file on this computer</source>
        <translation>将所选文件保存到本机</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Promote</source>
        <translation>存为文档</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy the selected file to the workspace&apos;s documents, which never expire</source>
        <translation>将所选文件复制到工作区的文档中，文档永不过期</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Hidden files</source>
        <translation>隐藏文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Also list files and folders whose name starts with a dot (.cache, .config, .sandbench)</source>
        <translation>同时列出名称以点开头的文件和文件夹（.cache、.config、.sandbench）</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Files</source>
        <translation>文件</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>History</source>
        <translation>历史</translation>
    </message>
    <message>
        <location line="+153"/>
        <source>Cannot list the container&apos;s files: %1</source>
        <translation>无法列出容器中的文件：%1</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>%1 was deleted.</source>
        <translation>%1 已被删除。</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Cannot open &quot;%1&quot;: %2. Paths are relative to /workspace/home and may not contain &quot;..&quot; or start with &quot;/&quot;.</source>
        <translation>无法打开“%1”：%2。路径相对于 /workspace/home，不能包含 &quot;..&quot;，也不能以 &quot;/&quot; 开头。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>There is no file &quot;%1&quot; in the container.</source>
        <translation>容器中没有文件“%1”。</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Save %1</source>
        <translation>保存 %1</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Cannot save %1: it no longer exists in the container (deleted or renamed).</source>
        <translation>无法保存 %1：它已不在容器中（已删除或重命名）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot save %1: %2</source>
        <translation>无法保存 %1：%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Saved %1 to %2.</source>
        <translation>已将 %1 保存到 %2。</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>This workspace has no documents folder.</source>
        <translation>此工作区没有文档文件夹。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Cannot promote %1: %2</source>
        <translation>无法将 %1 存为文档：%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Promoted %1 to Documents (%2).</source>
        <translation>已将 %1 存为文档（%2）。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>No container</source>
        <translation>无容器</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%1 — %n file(s), %2</source>
        <translation>
            <numerusform>%1 — %n 个文件，%2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>(%n hidden)</source>
        <translation>
            <numerusform>（%n 个隐藏）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(only the first %1 files are listed)</source>
        <translation>（仅列出前 %1 个文件）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>/workspace/home of container %1</source>
        <translation>容器 %1 的 /workspace/home</translation>
    </message>
</context>
<context>
    <name>GuardrailsPanel</name>
    <message>
        <location filename="../widgets/guardrails/guardrailspanel.cpp" line="+42"/>
        <source>Flag</source>
        <translation>标记</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Redact</source>
        <translation>脱敏</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Block</source>
        <translation>拦截</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Guardrails</source>
        <translation>护栏</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Test</source>
        <translation>测试</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Flag report</source>
        <translation>标记报告</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Prompt injection</source>
        <translation>提示词注入</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Prompt-injection patterns</source>
        <translation>提示词注入模式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Regular expressions for attempts to override the model&apos;s instructions</source>
        <translation>用于识别企图覆盖模型指令的正则表达式</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>Pattern set version %1: %n pattern(s) in %2 families (languages: %3). The gateway uses the set built into this Sandbench.</source>
        <translation>
            <numerusform>模式集版本 %1：%n 个模式，分为 %2 个类别（语言：%3）。网关使用此 Sandbench 内置的模式集。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Personal data</source>
        <translation>个人数据</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Email addresses</source>
        <translation>电子邮件地址</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Phone numbers</source>
        <translation>电话号码</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Credit card numbers</source>
        <translation>信用卡号</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>13 to 19 digits that pass the Luhn check</source>
        <translation>通过 Luhn 校验的 13 到 19 位数字</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>IP addresses</source>
        <translation>IP 地址</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>IPv4 and IPv6</source>
        <translation>IPv4 和 IPv6</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Also scan sandbox output before the model reads it</source>
        <translation>在模型读取前也扫描沙箱输出</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Every guardrail that is on reads the output of shell calls, whatever its scope: redact hides the matches, block withholds the output.</source>
        <translation>所有已开启的护栏都会读取 shell 调用的输出，无论其范围如何：脱敏会隐藏匹配内容，拦截会扣下整个输出。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Flag records a detection and forwards the request unchanged. Redact replaces each match with a label such as [EMAIL]. Block refuses the request with HTTP 403 before it reaches the model. When several fire, the strictest wins. &quot;User messages&quot; reads only what users wrote; &quot;All messages&quot; also reads system, developer and assistant text.</source>
        <translation>标记：记录检测结果并原样转发请求。脱敏：将每处匹配替换为 [EMAIL] 之类的标签。拦截：在请求到达模型之前以 HTTP 403 拒绝。多个护栏同时触发时，以最严格的为准。“用户消息”只读取用户所写的内容；“所有消息”还会读取系统、开发者和助手文本。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Revert</source>
        <translation>还原</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>User messages</source>
        <translation>用户消息</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>All messages</source>
        <translation>所有消息</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>User message</source>
        <translation>用户消息</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>System message</source>
        <translation>系统消息</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Assistant message</source>
        <translation>助手消息</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sandbox output</source>
        <translation>沙箱输出</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Type or paste a sample message; matches are highlighted here.</source>
        <translation>输入或粘贴一条示例消息；匹配内容会在此高亮显示。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>What the model would read:</source>
        <translation>模型将读到的内容：</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Match</source>
        <translation>匹配</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+49"/>
        <source>Guardrail</source>
        <translation>护栏</translation>
    </message>
    <message>
        <location line="-49"/>
        <source>Pattern</source>
        <translation>模式</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Test as:</source>
        <translation>按此类型测试：</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Last 24 hours</source>
        <translation>过去 24 小时</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Last 7 days</source>
        <translation>过去 7 天</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Last 30 days</source>
        <translation>过去 30 天</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>All logged requests</source>
        <translation>所有已记录的请求</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Requests matched</source>
        <translation>匹配的请求</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Set to now</source>
        <translation>当前设置</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Every detection is recorded whatever the action, so running a guardrail with Flag first shows how much of the real traffic Redact would change or Block would refuse.</source>
        <translation>无论采取何种操作，每次检测都会被记录。因此先以“标记”方式运行护栏，就能看出“脱敏”会改动多少真实流量、“拦截”会拒绝多少。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Period:</source>
        <translation>时间段：</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>The workspace&apos;s guardrail settings cannot be read: %1. Requests are refused until the file is fixed; Save replaces it with the settings shown here.</source>
        <translation>无法读取工作区的护栏设置：%1。在修复该文件之前，所有请求都会被拒绝；点击“保存”将用此处显示的设置替换它。</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>Unsaved changes: the test box already uses them; requests use them once saved.</source>
        <translation>有未保存的更改：测试框已在使用这些更改；保存后请求才会使用它们。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No guardrail is on for this workspace.</source>
        <translation>此工作区未开启任何护栏。</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n guardrail(s) on; saved in %1.</source>
        <translation>
            <numerusform>已开启 %n 个护栏；保存在 %1 中。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+37"/>
        <source>The guardrails could not be saved: %1</source>
        <translation>无法保存护栏：%1</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>%1 was changed outside this panel. Revert loads that version; Save keeps yours.</source>
        <translation>%1 已在此面板之外被更改。“还原”会载入该版本；“保存”会保留您的版本。</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>Type a sample above to see what the guardrails that are on would do with it.</source>
        <translation>在上方输入示例，即可查看已开启的护栏会如何处理它。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No guardrail is on: every request is forwarded unchanged. Turn one on in the Guardrails tab to test it here.</source>
        <translation>未开启任何护栏：所有请求都将原样转发。请在“护栏”选项卡中开启一个，以便在此测试。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sandbox output is not scanned: the model reads it unchanged. Turn on &quot;Also scan sandbox output&quot; to guard it.</source>
        <translation>沙箱输出未被扫描：模型会原样读取。开启“在模型读取前也扫描沙箱输出”即可对其进行防护。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No guardrail is on: forwarded unchanged.</source>
        <translation>未开启任何护栏：原样转发。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;Forwarded unchanged&lt;/b&gt;: nothing matched.</source>
        <translation>&lt;b&gt;原样转发&lt;/b&gt;：没有任何匹配。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>the guardrail &quot;%1&quot; found %2.</source>
        <translation>护栏“%1”发现了 %2。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;b&gt;Withheld&lt;/b&gt;: the model gets a tool error instead of this output: %1</source>
        <translation>&lt;b&gt;已扣下&lt;/b&gt;：模型将收到一个工具错误，而不是此输出：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;Blocked with HTTP 403&lt;/b&gt; before the model: %1</source>
        <translation>&lt;b&gt;已以 HTTP 403 拦截&lt;/b&gt;，未到达模型：%1</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>&lt;b&gt;Forwarded redacted&lt;/b&gt;: %n match(es) found.</source>
        <translation>
            <numerusform>&lt;b&gt;脱敏后转发&lt;/b&gt;：找到 %n 处匹配。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>&lt;b&gt;Forwarded unchanged and flagged&lt;/b&gt;: %n detection(s) would be recorded.</source>
        <translation>
            <numerusform>&lt;b&gt;原样转发并标记&lt;/b&gt;：将记录 %n 条检测结果。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+34"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>off</source>
        <translation>未开启</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>No logged requests in this period yet. Turn guardrails on with Flag and send traffic through the local API to see what Redact or Block would do.</source>
        <translation>此时间段内还没有已记录的请求。请以“标记”方式开启护栏，并通过本地 API 发送流量，以查看“脱敏”或“拦截”会产生什么效果。</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%n request(s) logged in this period.</source>
        <translation>
            <numerusform>此时间段内记录了 %n 个请求。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 of them (%2 %) had at least one detection: with Redact or Block, those would have been changed or refused.</source>
        <translation>其中 %1 个（%2%）至少有一次检测：若设为脱敏或拦截，它们会被修改或拒绝。</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>%n detection(s) were reported as false positives.</source>
        <translation>
            <numerusform>有 %n 条检测结果被报告为误报。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HistoryModel</name>
    <message>
        <location filename="../widgets/files/historymodel.cpp" line="+163"/>
        <source>Files</source>
        <translation>文件</translation>
    </message>
    <message>
        <location line="-103"/>
        <source>Restore: %1</source>
        <translation>恢复：%1</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>%1 (timed out)</source>
        <translation>%1（超时）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (exit %2)</source>
        <translation>%1（退出码 %2）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 — attached by you</source>
        <translation>%1 — 由您附加</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Saved after an interruption (during: %1)</source>
        <translation>中断后保存（期间：%1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Saved after an interruption</source>
        <translation>中断后保存</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 (%2 not kept: storage budget)</source>
        <translation>%1（%2 个未保留：存储预算）</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>You attached %1: it was copied into /workspace/home.</source>
        <translation>您附加了 %1：它已复制到 /workspace/home。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A restore from this history: %1</source>
        <translation>从此历史记录恢复：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Files changed while Sandbench was interrupted (a crash or a kill), saved when the container woke up: %1</source>
        <translation>Sandbench 被中断（崩溃或被终止）期间更改的文件，在容器唤醒时保存：%1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 added, %2 changed, %3 deleted; the content of %4 of these versions was not kept (storage budget)</source>
        <translation>新增 %1，修改 %2，删除 %3；其中 %4 个版本的内容未保留（存储预算）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 added, %2 changed, %3 deleted</source>
        <translation>添加 %1 个，更改 %2 个，删除 %3 个</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1, took %2 ms</source>
        <translation>%1，耗时 %2 毫秒</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Made by</source>
        <translation>来源</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
</context>
<context>
    <name>HistoryView</name>
    <message>
        <location filename="../widgets/files/historyview.cpp" line="+74"/>
        <source>No commands have changed files in this container yet.</source>
        <translation>此容器中还没有命令更改过文件。</translation>
    </message>
    <message>
        <location line="+297"/>
        <source>Restore This Version</source>
        <translation>恢复此版本</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Restore Version Before</source>
        <translation>恢复之前的版本</translation>
    </message>
    <message>
        <location line="-320"/>
        <source>Restore Workspace…</source>
        <translation>恢复工作区…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Put every file under /workspace/home back as it was after the selected command</source>
        <translation>将 /workspace/home 下的所有文件恢复到所选命令执行后的状态</translation>
    </message>
    <message>
        <location line="+143"/>
        <source>Cannot read the file history: %1</source>
        <translation>无法读取文件历史：%1</translation>
    </message>
    <message>
        <location line="+70"/>
        <source>Cannot read what the command changed: %1</source>
        <translation>无法读取该命令所做的更改：%1</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Loading the diff of %1…</source>
        <translation>正在加载 %1 的差异…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cannot show the diff of %1: %2</source>
        <translation>无法显示 %1 的差异：%2</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>The restore is recorded in the history, so it can be undone.</source>
        <translation>恢复操作会记录在历史中，因此可以撤销。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not kept: storage budget. This version&apos;s content was not kept, so it cannot be restored.</source>
        <translation>未保留：存储预算。此版本的内容未被保留，因此无法恢复。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Select a file to put it back as the selected entry left it</source>
        <translation>选择一个文件，将其恢复为所选条目留下的样子</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The selected entry deleted %1: there is no version of it after this entry.</source>
        <translation>所选条目删除了 %1：此条目之后没有它的版本。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Put %1 back as the selected entry left it. %2</source>
        <translation>将 %1 恢复为所选条目留下的样子。%2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Delete, as Before</source>
        <translation>删除，恢复原状</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 did not exist before the selected entry: delete it from /workspace/home. %2</source>
        <translation>所选条目之前不存在 %1：将其从 /workspace/home 删除。%2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Restore Deleted File</source>
        <translation>恢复已删除的文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Put %1 back as it was before the selected entry deleted it. %2</source>
        <translation>将 %1 恢复为所选条目删除它之前的样子。%2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Put %1 back as it was before the selected entry. %2</source>
        <translation>将 %1 恢复为所选条目之前的样子。%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select a file to put it back as it was before the selected entry</source>
        <translation>选择一个文件，将其恢复为所选条目之前的样子</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Nothing was saved before this entry: it is the first one.</source>
        <translation>此条目之前没有保存任何内容：这是第一个条目。</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>%1 is already as this entry left it: nothing was restored.</source>
        <translation>%1 已是此条目留下的样子：未恢复任何内容。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is already as it was before this entry: nothing was restored.</source>
        <translation>%1 已是此条目之前的样子：未恢复任何内容。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Restored %1 as this entry left it.</source>
        <translation>已将 %1 恢复为此条目留下的样子。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Restored %1 as it was before this entry.</source>
        <translation>已将 %1 恢复为此条目之前的样子。</translation>
    </message>
    <message>
        <location line="-29"/>
        <source>Cannot restore %1: no earlier version of it was saved.</source>
        <translation>无法恢复 %1：没有保存过它的早期版本。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Cannot restore %1: %2</source>
        <translation>无法恢复 %1：%2</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Restore Workspace</source>
        <translation>恢复工作区</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Put every file under /workspace/home back as it was after this command?</source>
        <translation>要将 /workspace/home 下的所有文件恢复到此命令执行后的状态吗？</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Files created later are deleted. The restore itself is recorded in the history, so it can be undone.</source>
        <translation>之后创建的文件将被删除。恢复操作本身会记录在历史中，因此可以撤消。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Restore</source>
        <translation>恢复</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Cannot restore the workspace: %1</source>
        <translation>无法恢复工作区：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The workspace is already as it was after this command: nothing was restored.</source>
        <translation>文件已与该命令执行后的状态一致：未恢复任何内容。</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Restored the workspace: %n file(s) changed.</source>
        <translation>
            <numerusform>已恢复工作区：更改了 %n 个文件。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ImageViewer</name>
    <message>
        <location filename="../widgets/common/imageviewer.cpp" line="+45"/>
        <source>%1 — Image</source>
        <translation>%1 — 图像</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Fit</source>
        <translation>适应窗口</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Fit the image to the window</source>
        <translation>使图像适应窗口</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>100%</source>
        <translation>100%</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Show the image&apos;s own pixels</source>
        <translation>按图像的原始像素显示</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Zoom in</source>
        <translation>放大</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Zoom in (Ctrl++ or Ctrl+wheel)</source>
        <translation>放大（Ctrl++ 或 Ctrl+滚轮）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Zoom out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Zoom out (Ctrl+- or Ctrl+wheel)</source>
        <translation>缩小（Ctrl+- 或 Ctrl+滚轮）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Copy the image</source>
        <translation>复制图像</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save as…</source>
        <translation>另存为…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Save the image to a file</source>
        <translation>将图像保存到文件</translation>
    </message>
    <message>
        <location line="+99"/>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Image copied.</source>
        <translation>图像已复制。</translation>
    </message>
</context>
<context>
    <name>InlineConfirm</name>
    <message>
        <location filename="../widgets/common/inlineconfirm.cpp" line="+55"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>InlineImage</name>
    <message>
        <location filename="../widgets/common/inlineimage.cpp" line="+82"/>
        <source>%1 — click to enlarge, right-click to copy or save</source>
        <translation>%1 — 单击放大，右键单击可复制或保存</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Copy image</source>
        <translation>复制图像</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save image as…</source>
        <translation>图像另存为…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open at full size</source>
        <translation>以原始大小打开</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Image copied.</source>
        <translation>图像已复制。</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Save image as</source>
        <translation>图像另存为</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Saved to %1.</source>
        <translation>已保存到 %1。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Could not save the image to %1: %2. Choose a folder you can write to.</source>
        <translation>无法将图像保存到 %1：%2。请选择您可以写入的文件夹。</translation>
    </message>
</context>
<context>
    <name>InlineMessage</name>
    <message>
        <location filename="../widgets/common/inlinemessage.cpp" line="+28"/>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
</context>
<context>
    <name>KeychainSecrets</name>
    <message>
        <location filename="../engine/secrets/keychainsecrets.cpp" line="+94"/>
        <source>The API key of provider &quot;%1&quot; is still being read from the system keychain; send again in a moment.</source>
        <translation>仍在从系统钥匙串读取提供方“%1”的 API 密钥；请稍后再发送。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The API key of provider &quot;%1&quot; is kept in the system keychain, which cannot be reached. %2</source>
        <translation>提供方“%1”的 API 密钥保存在系统钥匙串中，但无法访问钥匙串。%2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The API key of provider &quot;%1&quot; is no longer in the system keychain; enter it again in File › Model Providers.</source>
        <translation>系统钥匙串中已没有提供方“%1”的 API 密钥；请在“文件 › 模型提供方”中重新输入。</translation>
    </message>
</context>
<context>
    <name>LanguagePage</name>
    <message>
        <location filename="../widgets/settings/languagepage.cpp" line="+22"/>
        <source>System default (%1)</source>
        <translation>系统默认（%1）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>System default</source>
        <translation>系统默认</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>The language of menus, dialogs, messages, dates and times. It applies at once to every window; Qt&apos;s standard dialogs and buttons follow it too.</source>
        <translation>菜单、对话框、消息以及日期和时间所用的语言。更改立即应用到所有窗口；Qt 的标准对话框和按钮也随之改变。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
</context>
<context>
    <name>LocalApiController</name>
    <message>
        <location filename="../widgets/localapi/localapicontroller.cpp" line="+66"/>
        <source>The port must be a whole number from %1 to %2 (got &quot;%3&quot;); ports below %1 are reserved for system services.</source>
        <translation>端口必须是 %1 到 %2 之间的整数（输入的是“%3”）；低于 %1 的端口保留给系统服务。</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>The window is closing.</source>
        <translation>窗口正在关闭。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Port %1 is already in use by the local API of another Sandbench window (workspace “%2”). Choose another port, or turn the local API off in that window.</source>
        <translation>端口 %1 已被另一个 Sandbench 窗口（工作区“%2”）的本地 API 占用。请选择其他端口，或在那个窗口中关闭本地 API。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Port %1 is already in use by another program (perhaps `sandbench serve` in a terminal). Choose another port, or stop that program and turn the API on again.</source>
        <translation>端口 %1 已被其他程序占用（可能是终端中的 `sandbench serve`）。请选择其他端口，或停止该程序后重新开启 API。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cannot listen on 127.0.0.1:%1: %2</source>
        <translation>无法在 127.0.0.1:%1 上监听：%2</translation>
    </message>
</context>
<context>
    <name>LocalApiIndicator</name>
    <message>
        <location filename="../widgets/localapi/localapiindicator.cpp" line="+23"/>
        <source>Local API: %1</source>
        <translation>本地 API：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Other programs can send requests to %1/api/v1. Click for the local API settings.</source>
        <translation>其他程序可以向 %1/api/v1 发送请求。点击打开本地 API 设置。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Local API: not running</source>
        <translation>本地 API：未运行</translation>
    </message>
</context>
<context>
    <name>LocalApiPage</name>
    <message>
        <location filename="../widgets/localapi/localapipage.cpp" line="+37"/>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Other programs on this computer can send Responses and Messages requests with the openrouter:shell tool to Sandbench. Their shell calls run in this workspace&apos;s sandboxes and appear live in the Other programs panel. The API listens on 127.0.0.1 only and needs one of the keys below.</source>
        <translation>本机上的其他程序可以使用 openrouter:shell 工具向 Sandbench 发送 Responses 和 Messages 请求。它们的 shell 调用在此工作区的沙箱中运行，并实时显示在“其他程序”面板中。API 仅监听 127.0.0.1，且需要使用下列密钥之一。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Run the local API while Sandbench is open</source>
        <translation>在 Sandbench 打开时运行本地 API</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>A port from %1 to %2</source>
        <translation>%1 到 %2 之间的端口</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Copy the API&apos;s base URL</source>
        <translation>复制 API 的基础 URL</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Port:</source>
        <translation>端口：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Status:</source>
        <translation>状态：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Base URL:</source>
        <translation>基础 URL：</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>API keys of workspace %1</source>
        <translation>工作区 %1 的 API 密钥</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Key</source>
        <translation>密钥</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Created</source>
        <translation>创建时间</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Create key</source>
        <translation>创建密钥</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+183"/>
        <source>Copy the selected key</source>
        <translation>复制所选密钥</translation>
    </message>
    <message>
        <location line="-181"/>
        <source>Revoke…</source>
        <translation>撤销…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Programs using the selected key are refused from their next request on</source>
        <translation>使用所选密钥的程序将从下一个请求起被拒绝</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Copy the new key now and give it to your program. Sandbench keeps only a hash of it on disk, so after you quit Sandbench it cannot show the key again.</source>
        <translation>请立即复制新密钥并将其提供给您的程序。Sandbench 在磁盘上只保存其哈希值，因此退出 Sandbench 后将无法再次显示该密钥。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Try it</source>
        <translation>试一试</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Copy the example command</source>
        <translation>复制示例命令</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Replace MODEL with a model of your providers (provider/model).</source>
        <translation>请将 MODEL 替换为您的提供方中的某个模型（提供方/模型）。</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>The base URL</source>
        <translation>基础 URL</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The example</source>
        <translation>示例命令</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Running at %1</source>
        <translation>运行于 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Not running: %1</source>
        <translation>未运行：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Cannot read the API keys: %1</source>
        <translation>无法读取 API 密钥：%1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Only the start of this key is known; Sandbench stores a hash</source>
        <translation>仅知道此密钥的开头部分；Sandbench 只保存其哈希值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Created while Sandbench is open: it can still be copied</source>
        <translation>在 Sandbench 本次打开期间创建：仍可复制</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Only keys created while Sandbench is open can be copied; create a new one to hand to a program</source>
        <translation>只有在 Sandbench 本次打开期间创建的密钥才能复制；请新建一个密钥交给程序</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Cannot create a key: %1</source>
        <translation>无法创建密钥：%1</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>The key</source>
        <translation>密钥</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Revoke key</source>
        <translation>撤销密钥</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Revoke the key %1? Programs that use it are refused from their next request on. This cannot be undone.</source>
        <translation>要撤销密钥 %1 吗？使用它的程序将从下一个请求起被拒绝。此操作无法撤消。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Revoke</source>
        <translation>撤销</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot revoke the key: %1</source>
        <translation>无法撤销密钥：%1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The key is revoked.</source>
        <translation>密钥已撤销。</translation>
    </message>
    <message>
        <location line="-187"/>
        <location line="+216"/>
        <source>%1 is on the clipboard.</source>
        <translation>已复制到剪贴板：%1</translation>
    </message>
</context>
<context>
    <name>LogsModel</name>
    <message>
        <location filename="../widgets/logs/logsmodel.cpp" line="+212"/>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Loading…</source>
        <translation>正在加载…</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 via provider %2</source>
        <translation>%1（通过提供方 %2）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 input tokens, %2 output tokens</source>
        <translation>输入 %1 token，输出 %2 token</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>OpenAI Responses</source>
        <translation>OpenAI Responses</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Anthropic Messages</source>
        <translation>Anthropic Messages</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Chat Completions</source>
        <translation>Chat Completions</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Gemini</source>
        <translation>Gemini</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>this window</source>
        <comment>the API of a request the window&apos;s own conversation made</comment>
        <translation>本窗口</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>MCP</source>
        <translation>MCP</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>API</source>
        <translation>API</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Request</source>
        <translation>请求</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tokens in → out</source>
        <translation>token 输入 → 输出</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sandbox cost</source>
        <translation>沙箱费用</translation>
    </message>
    <message>
        <location line="-34"/>
        <source>Window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Window: %1</source>
        <translation>窗口：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>MCP client</source>
        <translation>MCP 客户端</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>API: %1</source>
        <translation>API：%1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>From</source>
        <translation>来源</translation>
    </message>
    <message>
        <location line="-78"/>
        <source>Asked in the window&apos;s conversation “%1”: %2</source>
        <translation>在窗口中的对话“%1”中提问：%2</translation>
    </message>
</context>
<context>
    <name>LogsPanel</name>
    <message>
        <location filename="../widgets/logs/logspanel.cpp" line="+194"/>
        <source>Input and output logging is off for this workspace: only metadata (time, model, status, tokens, cost, detections) is kept; request and response bodies, commands and their output are not stored.</source>
        <translation>此工作区已关闭输入和输出日志记录：仅保留元数据（时间、模型、状态、token、费用、检测结果）；不会保存请求和响应正文、命令及其输出。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Search requests, responses, commands and output</source>
        <translation>搜索请求、响应、命令和输出</translation>
    </message>
    <message>
        <location line="+24"/>
        <location line="+289"/>
        <source>All models</source>
        <translation>所有模型</translation>
    </message>
    <message>
        <location line="-286"/>
        <location line="+287"/>
        <source>All statuses</source>
        <translation>所有状态</translation>
    </message>
    <message>
        <location line="-282"/>
        <source>Any time</source>
        <translation>任意时间</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Last hour</source>
        <translation>过去 1 小时</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Last 24 hours</source>
        <translation>过去 24 小时</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Last 7 days</source>
        <translation>过去 7 天</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Last 30 days</source>
        <translation>过去 30 天</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Custom range</source>
        <translation>自定义范围</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>From</source>
        <translation>从</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>to</source>
        <translation>到</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Write every request that matches the filter to a JSON Lines file</source>
        <translation>将所有符合筛选条件的请求写入 JSON Lines 文件</translation>
    </message>
    <message>
        <location line="+79"/>
        <location line="+174"/>
        <source>Select a request to see its detail.</source>
        <translation>选择一个请求以查看其详情。</translation>
    </message>
    <message>
        <location line="+417"/>
        <source>This request was logged while input and output logging was off: only its metadata was kept.</source>
        <translation>此请求记录时输入和输出日志记录处于关闭状态：仅保留了其元数据。</translation>
    </message>
    <message>
        <location line="-544"/>
        <source>Run again in the current conversation</source>
        <translation>在当前对话中再次运行</translation>
    </message>
    <message>
        <location line="-268"/>
        <source>(commands not logged)</source>
        <translation>（命令未记录）</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>Finds requests holding every word; &quot;words in quotes&quot; in this order, word* for words that start so. Text without letters or digits is found as it is.</source>
        <translation>查找包含每个词的请求；&quot;引号中的词&quot;按此顺序出现，词* 表示以此开头的词。不含字母或数字的文本按原样查找。</translation>
    </message>
    <message>
        <location line="+206"/>
        <source>Runs the selected call&apos;s commands in the container of the conversation shown now; the live output appears in the Shell calls view.</source>
        <translation>在当前显示的对话的容器中运行所选调用的命令；实时输出显示在“Shell 调用”视图中。</translation>
    </message>
    <message>
        <location line="+27"/>
        <location line="+81"/>
        <source>Guardrail</source>
        <translation>护栏</translation>
    </message>
    <message>
        <location line="-81"/>
        <location line="+81"/>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <location line="-81"/>
        <location line="+81"/>
        <source>Pattern</source>
        <translation>模式</translation>
    </message>
    <message>
        <location line="-81"/>
        <location line="+81"/>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <location line="-81"/>
        <location line="+81"/>
        <source>Reported</source>
        <translation>已报告</translation>
    </message>
    <message>
        <location line="-76"/>
        <source>Why this is not a real detection (optional)</source>
        <translation>为什么这不是真正的检测结果（可选）</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+658"/>
        <source>Report false positive</source>
        <translation>报告误报</translation>
    </message>
    <message>
        <location line="-643"/>
        <location line="+59"/>
        <source>Request</source>
        <translation>请求</translation>
    </message>
    <message>
        <location line="-58"/>
        <location line="+62"/>
        <location line="+556"/>
        <source>Response</source>
        <translation>响应</translation>
    </message>
    <message>
        <location line="-617"/>
        <location line="+68"/>
        <source>Shell calls</source>
        <translation>Shell 调用</translation>
    </message>
    <message>
        <location line="-67"/>
        <location line="+68"/>
        <source>Detections</source>
        <translation>检测结果</translation>
    </message>
    <message>
        <location line="+119"/>
        <source>The time range is empty: &quot;From&quot; (%1) must be before &quot;to&quot; (%2).</source>
        <translation>时间范围为空：“从”（%1）必须早于“到”（%2）。</translation>
    </message>
    <message>
        <location line="+118"/>
        <source>The request log cannot be read: %1</source>
        <translation>无法读取请求日志：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No request matches the filter.</source>
        <translation>没有符合筛选条件的请求。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No requests logged yet. Requests sent to the local API of workspace &quot;%1&quot; appear here.</source>
        <translation>尚未记录任何请求。发送到工作区“%1”本地 API 的请求会显示在这里。</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%n request(s) match the filter.</source>
        <translation>
            <numerusform>有 %n 个请求符合筛选条件。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n request(s) logged.</source>
        <translation>
            <numerusform>已记录 %n 个请求。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+122"/>
        <source>The filter hides the request shown here. Select a request to see its detail.</source>
        <translation>筛选条件隐藏了此处显示的请求。请选择一个请求以查看其详情。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>This request is no longer in the log.</source>
        <translation>此请求已不在日志中。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&lt;b&gt;%1&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 · HTTP %2 · %3 via %4</source>
        <translation>%1 · HTTP %2 · %3（通过 %4）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 ms · %2 input / %3 output tokens</source>
        <translation>%1 毫秒 · 输入 %2 / 输出 %3 token</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>sandbox cost $%1</source>
        <translation>沙箱费用 $%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>containers: %1</source>
        <translation>容器：%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The log kept the first %1 of the request body (%2 in all).</source>
        <translation>日志保留了请求正文的前 %1（共 %2）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The log kept the first %1 of the response body (%2 in all).</source>
        <translation>日志保留了响应正文的前 %1（共 %2）。</translation>
    </message>
    <message>
        <location line="+16"/>
        <location line="+1"/>
        <source>(not logged)</source>
        <translation>（未记录）</translation>
    </message>
    <message numerus="yes">
        <location line="+16"/>
        <source>%n command(s)</source>
        <translation>
            <numerusform>%n 条命令</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+42"/>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <location line="-40"/>
        <source>%1 in %2</source>
        <translation>%2 中的 %1</translation>
    </message>
    <message>
        <location line="-456"/>
        <location line="+504"/>
        <source>Shell calls (%1)</source>
        <translation>Shell 调用（%1）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>tool output</source>
        <translation>工具输出</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>message %1</source>
        <translation>消息 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1, characters %2–%3</source>
        <translation>%1，第 %2–%3 个字符</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>false positive</source>
        <translation>误报</translation>
    </message>
    <message>
        <location line="-515"/>
        <location line="+524"/>
        <source>Detections (%1)</source>
        <translation>检测结果（%1）</translation>
    </message>
    <message>
        <location line="-31"/>
        <source>1 command</source>
        <translation>1 条命令</translation>
    </message>
    <message>
        <location line="+82"/>
        <source>Reported as false positive</source>
        <translation>已报告为误报</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>The report could not be recorded: %1.</source>
        <translation>无法记录该报告：%1。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Recorded as a false positive.</source>
        <translation>已记录为误报。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the workspace has no request log</source>
        <translation>该工作区没有请求日志</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Export requests</source>
        <translation>导出请求</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>JSON Lines (*.jsonl)</source>
        <translation>JSON Lines (*.jsonl)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Nothing was exported: the workspace has no request log yet.</source>
        <translation>未导出任何内容：该工作区还没有请求日志。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Could not export to %1: %2. Choose a folder you can write to.</source>
        <translation>无法导出到 %1：%2。请选择一个您有写入权限的文件夹。</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>Exported %n request(s) to %1.</source>
        <translation>
            <numerusform>已将 %n 个请求导出到 %1。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+27"/>
        <source>nothing can run shell calls here</source>
        <translation>此处无法运行 shell 调用</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The call could not be run again: %1</source>
        <translation>无法再次运行该调用：%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Running the call again in the current conversation; see the Shell calls view.</source>
        <translation>正在当前对话中再次运行该调用；请查看“Shell 调用”视图。</translation>
    </message>
    <message>
        <location line="-847"/>
        <location line="+132"/>
        <source>Tool call</source>
        <translation>工具调用</translation>
    </message>
    <message>
        <location line="-132"/>
        <location line="+132"/>
        <source>Call id</source>
        <translation>调用 ID</translation>
    </message>
    <message>
        <location line="-132"/>
        <location line="+132"/>
        <source>Arguments or code</source>
        <translation>参数或代码</translation>
    </message>
    <message>
        <location line="-132"/>
        <location line="+132"/>
        <source>Outcome</source>
        <translation>结果</translation>
    </message>
    <message>
        <location line="+543"/>
        <source>for the caller to run</source>
        <translation>由调用方运行</translation>
    </message>
    <message numerus="yes">
        <location line="-546"/>
        <location line="+557"/>
        <source>Response (%n tool call(s))</source>
        <translation>
            <numerusform>响应（%n 个工具调用）</numerusform>
        </translation>
    </message>
    <message>
        <location line="-14"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location line="-135"/>
        <source>from the window&apos;s conversation “%1”, question “%2”</source>
        <translation>来自窗口中的对话“%1”，问题“%2”</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>from %1</source>
        <translation>来自 %1</translation>
    </message>
</context>
<context>
    <name>LongSessionsBox</name>
    <message>
        <location filename="../widgets/settings/longsessionsbox.cpp" line="+23"/>
        <source>Long sessions</source>
        <translation>长时会话</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Lift the hosted limits for this workspace&apos;s conversations</source>
        <translation>为此工作区的对话解除托管限制</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Commands may run longer than 300 seconds, idle containers sleep later or never, and long output keeps its end.</source>
        <translation>命令可运行超过 300 秒，空闲容器更晚休眠或从不休眠，长输出保留其结尾。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Also for API requests made with this workspace&apos;s keys</source>
        <translation>也适用于使用此工作区密钥发出的 API 请求</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Off: programs using the local API keep the hosted limits (300 s per command, sleep after 5 idle minutes).</source>
        <translation>关闭：使用本地 API 的程序保留托管限制（每条命令 300 秒，空闲 5 分钟后休眠）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+1"/>
        <source> min</source>
        <translation> 分钟</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>never</source>
        <translation>从不</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Longest command:</source>
        <translation>最长命令：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sleep after idle:</source>
        <translation>空闲后休眠：</translation>
    </message>
    <message>
        <location line="+36"/>
        <location line="+9"/>
        <source>Not saved: %1</source>
        <translation>未保存：%1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Saved. The next question of a conversation uses these limits.</source>
        <translation>已保存。对话的下一个问题将使用这些限制。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Saved. Conversations keep the hosted limits.</source>
        <translation>已保存。对话保留托管限制。</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../widgets/window/mainwindow.cpp" line="+414"/>
        <location line="+1"/>
        <source>Search conversations</source>
        <translation>搜索对话</translation>
    </message>
    <message>
        <location line="+711"/>
        <source>%1
Started %2
Container %3</source>
        <translation>%1
开始于 %2
容器 %3</translation>
    </message>
    <message>
        <location line="-873"/>
        <source>The conversation could not be saved: %1</source>
        <translation>无法保存对话：%1</translation>
    </message>
    <message>
        <location line="+160"/>
        <location line="+518"/>
        <location line="+235"/>
        <location line="+237"/>
        <source>New conversation</source>
        <translation>新对话</translation>
    </message>
    <message>
        <location line="-985"/>
        <source>&amp;Rename</source>
        <translation>重命名(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Delete…</source>
        <translation>删除(&amp;D)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Conversations</source>
        <translation>对话</translation>
    </message>
    <message>
        <location line="+956"/>
        <source>Shell calls</source>
        <translation>Shell 调用</translation>
    </message>
    <message>
        <location line="-893"/>
        <source>Table preview</source>
        <translation>表格预览</translation>
    </message>
    <message>
        <location line="-64"/>
        <source>Conversation list</source>
        <translation>对话列表</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Files</source>
        <translation>文件</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Documents</source>
        <translation>文档</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Network</source>
        <translation>网络</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Guardrails</source>
        <translation>护栏</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>open a conversation first; its container runs the call</source>
        <translation>请先打开一个对话；该调用将在其容器中运行</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Logs</source>
        <translation>日志</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Other programs</source>
        <translation>其他程序</translation>
    </message>
    <message>
        <location line="+85"/>
        <source>The workspace&apos;s approval mode could not be saved: %1</source>
        <translation>无法保存工作区的审批模式：%1</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Refresh models</source>
        <translation>刷新模型</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Tools:</source>
        <translation>工具：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Image:</source>
        <translation>镜像：</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Approvals:</source>
        <translation>审批：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Use for workspace</source>
        <translation>用于工作区</translation>
    </message>
    <message>
        <location line="-38"/>
        <source>Python: idle</source>
        <translation>Python：空闲</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Python: busy</source>
        <translation>Python：忙碌</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Python: starting</source>
        <translation>Python：启动中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Python: none</source>
        <translation>Python：无</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Restart Python</source>
        <translation>重启 Python</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Start this conversation&apos;s Python kernel afresh: its variables, imports and loaded data are lost; files stay</source>
        <translation>重新启动此对话的 Python 内核：变量、导入和已加载的数据会丢失；文件保留</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Make this conversation&apos;s approval mode the workspace&apos;s default, which API requests follow too</source>
        <translation>将此对话的审批模式设为工作区默认值，API 请求也将遵循</translation>
    </message>
    <message>
        <location line="+218"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;New Conversation</source>
        <translation>新建对话(&amp;N)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Attach File…</source>
        <translation>附加文件(&amp;A)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open &amp;Trace…</source>
        <translation>打开跟踪(&amp;T)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model &amp;Providers…</source>
        <translation>模型提供方(&amp;P)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <location line="-24"/>
        <source>&amp;Next Conversation</source>
        <translation>下一个对话(&amp;N)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Previous Conversation</source>
        <translation>上一个对话(&amp;P)</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>&amp;About Sandbench</source>
        <translation>关于 Sandbench(&amp;A)</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>About Sandbench</source>
        <translation>关于 Sandbench</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A desktop workbench for AI agents that run shell commands: every command runs in a sandbox on this computer, and you see each call as it happens.</source>
        <translation>面向执行 shell 命令的 AI 智能体的桌面工作台：每条命令都在本机的沙箱中运行，每一次调用都实时呈现在您眼前。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Licensed under the GNU General Public License, version 3 or later.</source>
        <translation>依据 GNU 通用公共许可证第 3 版或更高版本授权。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Cannot create a container: %1</source>
        <translation>无法创建容器：%1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>This conversation runs on the host&apos;s system: %1</source>
        <translation>此对话在主机系统上运行：%1</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>The files of this conversation&apos;s container %1 are gone (saved files are kept 30 days after last use); its commands now run in the new container %2.</source>
        <translation>此对话的容器 %1 中的文件已不存在（已保存的文件在最后一次使用后保留 30 天）；其命令现在在新容器 %2 中运行。</translation>
    </message>
    <message>
        <location line="+199"/>
        <source>Some saved conversations could not be read and are not shown: %1</source>
        <translation>部分已保存的对话无法读取，因此未显示：%1</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>Delete the conversation “%1”? Its container %2 keeps its files unless you delete them too.</source>
        <translation>要删除对话“%1”吗？除非您同时删除文件，否则其容器 %2 会保留其中的文件。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete the conversation, keep the files</source>
        <translation>删除对话，保留文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the conversation and its files</source>
        <translation>删除对话及其文件</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Deleted the files of container %1.</source>
        <translation>已删除容器 %1 的文件。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The conversation was deleted, but not the files of container %1: %2</source>
        <translation>对话已删除，但容器 %1 的文件未删除：%2</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>A conversation needs a name; it keeps “%1”.</source>
        <translation>对话必须有名称；仍使用“%1”。</translation>
    </message>
    <message>
        <location line="+89"/>
        <source>Conversation %1</source>
        <translation>对话 %1</translation>
    </message>
    <message>
        <location line="+99"/>
        <location line="+184"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="-105"/>
        <source>Edit Rules…</source>
        <translation>编辑规则…</translation>
    </message>
    <message>
        <location line="+428"/>
        <source>%1 was not allowed: %2</source>
        <translation>未允许 %1：%2</translation>
    </message>
    <message>
        <location line="-1402"/>
        <location line="+879"/>
        <source>Plays a script; no model is asked</source>
        <translation>按脚本回放回答；不询问任何模型</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Some providers did not list their models. %1</source>
        <translation>部分提供方未列出其模型。%1</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Run everything</source>
        <translation>全部运行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ask before each call</source>
        <translation>每次调用前询问</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rules</source>
        <translation>规则</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Workspace default (%1)</source>
        <translation>工作区默认（%1）</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Whether this conversation&apos;s shell and code calls run at once, ask you first, or follow the workspace&apos;s rules (sandbench approvals rules).</source>
        <translation>此对话的 shell 和代码调用是立即运行、先询问你，还是遵循工作区的规则（sandbench approvals rules）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Choose “Edit Rules…” in this list to see, change and test the rules.</source>
        <translation>在此列表中选择“编辑规则…”即可查看、修改和测试规则。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The demo scripts use the shell tool.</source>
        <translation>演示脚本使用 shell 工具。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The tools the model gets in this conversation, as each vendor&apos;s hosted tool defines them; all run in its container.</source>
        <translation>模型在此对话中获得的工具，按各厂商托管工具的定义；全部在其容器中运行。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Host system — %1</source>
        <translation>主机系统 — %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The host&apos;s /usr, read-only (the default)</source>
        <translation>主机的 /usr，只读（默认）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Image %1 (sha256:%2)</source>
        <translation>镜像 %1（sha256:%2）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Image %1 (sha256:%2) has no python3: Python code calls and the text editor cannot run on it</source>
        <translation>镜像 %1（sha256:%2）没有 python3：Python 代码调用和文本编辑器无法在其上运行</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 (removed)</source>
        <translation>%1（已删除）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>This conversation&apos;s container has run on this image; its image stays. Start a new conversation to use another.</source>
        <translation>此对话的容器已在该镜像上运行过；其镜像保持不变。要使用其他镜像，请开始新对话。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The system this conversation&apos;s commands run on; new conversations start on the last one chosen. Import images with sandbench images import or build them with sandbench images build.</source>
        <translation>此对话的命令运行所在的系统；新对话从最后选择的系统开始。使用 sandbench images import 导入镜像，或使用 sandbench images build 构建镜像。</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>none — add a provider in File › Model Providers</source>
        <translation>无 — 请在“文件 › 模型提供方”中添加提供方</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Choose a model first.</source>
        <translation>请先选择一个模型。</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>The demo&apos;s sample %1 could not be prepared.</source>
        <translation>无法准备演示的示例文件 %1。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>No file was attached, so the demo attached its own sample, %1 (%2).</source>
        <translation>未附加文件，因此演示附加了自带的示例文件 %1（%2）。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Attach a file</source>
        <translation>附加文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+84"/>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
    <message>
        <location line="-84"/>
        <source>CSV files (*.csv *.tsv)</source>
        <translation>CSV 文件 (*.csv *.tsv)</translation>
    </message>
    <message>
        <location line="+84"/>
        <source>JSON files (*.json)</source>
        <translation>JSON 文件 (*.json)</translation>
    </message>
    <message numerus="yes">
        <location line="+15"/>
        <source>%1 — %n call(s)</source>
        <translation>
            <numerusform>%1 — %n 个调用</numerusform>
        </translation>
    </message>
    <message>
        <location line="+43"/>
        <source>part of %1</source>
        <translation>%1 的一部分</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The trace records the sandbox cost of the whole request, not of each call.</source>
        <translation>该追踪记录的是整个请求的沙箱费用，而不是每次调用的费用。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Trace %1: model %2, %3, tokens %4, sandbox cost %5, container %6.</source>
        <translation>追踪 %1：模型 %2，%3，令牌 %4，沙箱费用 %5，容器 %6。</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+2"/>
        <source>not named</source>
        <translation>未注明</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>no status</source>
        <translation>无状态</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Python cell %1 (%2) in container %3: %4</source>
        <translation>Python 单元格 %1（%2），位于容器 %3：%4</translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>Shell call %1 ran %n command(s) in container %2: %3</source>
        <translation>
            <numerusform>Shell 调用 %1 在容器 %2 中运行了 %n 条命令：%3</numerusform>
        </translation>
    </message>
    <message>
        <location line="-4"/>
        <location line="+7"/>
        <source>(not named)</source>
        <translation>（未注明）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Opened the trace %1. Its shell calls are in the Shell calls panel; Re-run locally runs them again in this conversation&apos;s container and compares each command.</source>
        <translation>已打开追踪 %1。其 shell 调用显示在“Shell 调用”面板中；“本地重新运行”会在此对话的容器中再次运行它们，并逐条比较命令。</translation>
    </message>
    <message>
        <location line="-107"/>
        <source>Open a trace</source>
        <translation>打开跟踪</translation>
    </message>
    <message>
        <location line="-506"/>
        <source>Shell calls of container %1</source>
        <translation>容器 %1 的 Shell 调用</translation>
    </message>
    <message>
        <location line="+34"/>
        <location line="+502"/>
        <source>Trace: %1</source>
        <translation>跟踪：%1</translation>
    </message>
    <message numerus="yes">
        <location line="-13"/>
        <source>%1 — %n shell call(s)</source>
        <translation>
            <numerusform>%1 — %n 个 shell 调用</numerusform>
        </translation>
    </message>
    <message>
        <location line="-875"/>
        <source>This call&apos;s share of the question&apos;s sandbox time (metered from its first command to the end of the answer) at $%1 a second; a call that starts a new or sleeping container pays at least 30 seconds.</source>
        <translation>此调用在该问题沙箱时间中所占的份额（从第一条命令计到回答结束），每秒 $%1；启动新容器或休眠容器的调用至少按 30 秒计费。</translation>
    </message>
</context>
<context>
    <name>McpConfigBox</name>
    <message>
        <location filename="../widgets/localapi/mcpconfigbox.cpp" line="+60"/>
        <source>Use Sandbench from an agent host (MCP)</source>
        <translation>从智能体宿主使用 Sandbench（MCP）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Claude Desktop, Claude Code, Cursor, VS Code and Goose can use this workspace&apos;s sandboxes as MCP tools (shell, python, read_file, write_file, list_files). Over stdio the host starts Sandbench itself; over HTTP it uses this local API with a key.</source>
        <translation>Claude Desktop、Claude Code、Cursor、VS Code 和 Goose 可以将此工作区的沙箱用作 MCP 工具（shell、python、read_file、write_file、list_files）。通过 stdio 时由宿主自行启动 Sandbench；通过 HTTP 时使用此本地 API 和密钥。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>stdio (the host starts sandbench mcp)</source>
        <translation>stdio（宿主启动 sandbench mcp）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>HTTP (this local API)</source>
        <translation>HTTP（此本地 API）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy this configuration</source>
        <translation>复制此配置</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The %1 configuration</source>
        <translation>%1 的配置</translation>
    </message>
</context>
<context>
    <name>MessageBubble</name>
    <message>
        <location filename="../widgets/chat/chatwidget.cpp" line="+12"/>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy this message</source>
        <translation>复制此消息</translation>
    </message>
</context>
<context>
    <name>NetworkConnectionsModel</name>
    <message>
        <location filename="../widgets/network/networkpolicyeditorconnections.cpp" line="+70"/>
        <source>allowed</source>
        <translation>已允许</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>refused</source>
        <translation>已拒绝</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>↑ %1  ↓ %2</source>
        <translation>↑ %1  ↓ %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 %2:%3 — %4</source>
        <translation>%1 %2:%3 — %4</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Address: %1</source>
        <translation>地址：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sent %1 bytes, received %2 bytes</source>
        <translation>已发送 %1 字节，已接收 %2 字节</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Port</source>
        <translation>端口</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Bytes</source>
        <translation>字节</translation>
    </message>
</context>
<context>
    <name>NetworkPolicy</name>
    <message>
        <location filename="../engine/sandbox/net/networkpolicy.cpp" line="+56"/>
        <source>the name is longer than 253 characters</source>
        <translation>名称超过 253 个字符</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>it has an empty label (&quot;..&quot; or a leading dot)</source>
        <translation>其中有空标签（“..”或开头的点）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the label &quot;%1&quot; is longer than 63 characters</source>
        <translation>标签“%1”超过 63 个字符</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the label &quot;%1&quot; starts or ends with a hyphen</source>
        <translation>标签“%1”以连字符开头或结尾</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the label &quot;%1&quot; contains &quot;%2&quot;</source>
        <translation>标签“%1”包含“%2”</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>it looks like an IP address but is not a valid one</source>
        <translation>看起来像 IP 地址，但不是有效的地址</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>the host name is empty</source>
        <translation>主机名为空</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>it is not a valid international domain name</source>
        <translation>不是有效的国际化域名</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>empty entries are not allowed</source>
        <translation>不允许空条目</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>it contains spaces or control characters</source>
        <translation>其中包含空格或控制字符</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>it has a scheme; give only the host name, such as example.com</source>
        <translation>其中包含协议前缀；只需填写主机名，例如 example.com</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>it has a path; give only the host name, such as example.com</source>
        <translation>其中包含路径；只需填写主机名，例如 example.com</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>it has user information; give only the host name</source>
        <translation>其中包含用户信息；只需填写主机名</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>it has a port or is a malformed IPv6 address; ports are not part of the policy (only 80 and 443 are reachable)</source>
        <translation>其中包含端口或是格式错误的 IPv6 地址；端口不属于策略内容（只能访问 80 和 443）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&quot;*&quot; may only stand alone or as the whole first label (*.example.com)</source>
        <translation>“*”只能单独使用，或作为完整的第一个标签（*.example.com）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the pattern has nothing after &quot;*.&quot;</source>
        <translation>模式中“*.”之后没有内容</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&quot;*&quot; (unrestricted egress) must be the only entry</source>
        <translation>“*”（不受限制的出站访问）必须是唯一的条目</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>&quot;%1&quot; is not valid: %2. Use a host name (example.com), an IP address (203.0.113.7) or a subdomain pattern (*.example.com).</source>
        <translation>“%1”无效：%2。请使用主机名（example.com）、IP 地址（203.0.113.7）或子域名模式（*.example.com）。</translation>
    </message>
</context>
<context>
    <name>NetworkPolicyEditor</name>
    <message>
        <location filename="../widgets/network/networkpolicyeditor.cpp" line="+55"/>
        <source>no network access</source>
        <translation>无网络访问</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>access to every host (&quot;*&quot;)</source>
        <translation>可访问所有主机（“*”）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>access to %1 only</source>
        <translation>仅可访问 %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Python packages (pip)</source>
        <translation>Python 软件包（pip）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>npm packages</source>
        <translation>npm 软件包</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GitHub (clone, API, raw files, releases)</source>
        <translation>GitHub（克隆、API、原始文件、发布版本）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Conda packages</source>
        <translation>Conda 软件包</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rust crates (cargo)</source>
        <translation>Rust crate（cargo）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Go modules</source>
        <translation>Go 模块</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Hugging Face models and datasets</source>
        <translation>Hugging Face 模型和数据集</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Workspace default (new conversations)</source>
        <translation>工作区默认值（新对话）</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+378"/>
        <source>This conversation</source>
        <translation>此对话</translation>
    </message>
    <message>
        <location line="-373"/>
        <source>Policy of:</source>
        <translation>策略适用于：</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>No network access</source>
        <translation>无网络访问</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Commands reach nothing outside the container (the default)</source>
        <translation>命令无法访问容器外的任何内容（默认）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Only these hosts, on ports 80 and 443:</source>
        <translation>仅允许以下主机，端口 80 和 443：</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Host or pattern, e.g. example.com or *.example.com</source>
        <translation>主机或模式，例如 example.com 或 *.example.com</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Presets</source>
        <translation>预设</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Add the hosts a common tool needs</source>
        <translation>添加常用工具所需的主机</translation>
    </message>
    <message>
        <location line="+38"/>
        <location line="+514"/>
        <source>No hosts yet: add one above or pick a preset.</source>
        <translation>还没有主机：请在上方添加，或选择一个预设。</translation>
    </message>
    <message>
        <location line="-486"/>
        <source>Revert</source>
        <translation>还原</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <location line="+67"/>
        <source>The workspace&apos;s network policy could not be read, so new conversations get no network until it is saved again: %1</source>
        <translation>无法读取工作区的网络策略，因此在重新保存之前，新对话将没有网络访问：%1</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>Port</source>
        <translation>端口</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>allowed</source>
        <translation>已允许</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>refused</source>
        <translation>已拒绝</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <location line="+83"/>
        <source>This conversation (%1)</source>
        <translation>此对话（%1）</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>New conversations start their container with this policy. A container&apos;s policy is fixed once it has started, so a change here applies to new containers only; start a new conversation to use it.</source>
        <translation>新对话会以此策略启动其容器。容器启动后其策略即固定，因此此处的更改只对新容器生效；请新建对话以使用它。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>This conversation&apos;s container has started with this policy, and it stays fixed while the container exists. To use another one, change the workspace default and start a new conversation.</source>
        <translation>此对话的容器已以此策略启动，且在容器存在期间保持不变。要使用其他策略，请更改工作区默认值并新建对话。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>This conversation&apos;s container has not started yet: it starts with the policy saved here. After its first command the policy can no longer change.</source>
        <translation>此对话的容器尚未启动：它将以此处保存的策略启动。执行第一条命令后，策略将无法再更改。</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>%1 is already in the list.</source>
        <translation>%1 已在列表中。</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>The preset &quot;%1&quot; was not added: %2</source>
        <translation>未添加预设“%1”：%2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Every host of &quot;%1&quot; is in the list already.</source>
        <translation>“%1”的所有主机都已在列表中。</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>A network policy holds at most %1 entries; this one would have %2.</source>
        <translation>网络策略最多包含 %1 个条目；此策略将有 %2 个。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&quot;*&quot; (unrestricted egress) must be the only entry: remove the other hosts, or remove &quot;*&quot;.</source>
        <translation>“*”（不受限制的出站访问）必须是唯一的条目：请删除其他主机，或删除“*”。</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>No hosts.</source>
        <translation>没有主机。</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n of %1 entries</source>
        <translation>
            <numerusform>%n / %1 个条目</numerusform>
        </translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&quot;*&quot; allows unrestricted egress: commands may reach every public host on ports 80 and 443, and whatever they upload or download goes unchecked. Use it only for code and data you trust.</source>
        <translation>&quot;*&quot; 允许不受限制的出站访问：命令可以访问端口 80 和 443 上的任何公共主机，其上传或下载的内容均不受检查。请仅对您信任的代码和数据使用它。</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Correct the entries marked in red first.</source>
        <translation>请先更正标为红色的条目。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The policy was not saved: %1</source>
        <translation>策略未保存：%1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Saved. New conversations start with %1; containers that have already started keep their own policy.</source>
        <translation>已保存。新对话将以策略 %1 启动；已启动的容器保留各自的策略。</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Saved. This conversation&apos;s container starts with %1.</source>
        <translation>已保存。此对话的容器将以策略 %1 启动。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Connections</source>
        <translation>连接</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No conversation is open.</source>
        <translation>没有打开的对话。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Connections of %1</source>
        <translation>%1 的连接</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>This container has no network access, so its commands make no connections to list.</source>
        <translation>此容器没有网络访问，因此其命令不会产生可列出的连接。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Policy: %1. Each connection a command makes or tries appears here.</source>
        <translation>策略：%1。命令发起或尝试的每个连接都会显示在这里。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Policy: %1.</source>
        <translation>策略：%1。</translation>
    </message>
</context>
<context>
    <name>NetworkPolicyEntryRow</name>
    <message>
        <location filename="../widgets/network/networkpolicyeditorrow.cpp" line="+28"/>
        <source>Remove this entry</source>
        <translation>移除此条目</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove %1</source>
        <translation>移除 %1</translation>
    </message>
</context>
<context>
    <name>ProviderHint</name>
    <message>
        <location filename="../widgets/chat/providerhint.cpp" line="+30"/>
        <source>Add Provider…</source>
        <translation>添加提供商…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open Settings → Providers with a new provider&apos;s form</source>
        <translation>打开“设置 → 提供商”并显示新提供商表单</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>No model provider is set up: the model list offers only the scripted demos.</source>
        <translation>尚未设置模型提供商：模型列表只提供脚本演示。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The scripted demos play recorded answers. Add a provider (OpenAI, Anthropic, OpenRouter, Gemini or a model server on this computer) to ask a real model.</source>
        <translation>脚本演示播放预先录制的回答。添加一个提供商（OpenAI、Anthropic、OpenRouter、Gemini 或本机上的模型服务器）即可向真实模型提问。</translation>
    </message>
</context>
<context>
    <name>ProviderSettingsDialog</name>
    <message>
        <location filename="../widgets/settings/providersettings.cpp" line="+406"/>
        <source>Model providers</source>
        <translation>模型提供方</translation>
    </message>
</context>
<context>
    <name>ProviderSettingsPage</name>
    <message>
        <location line="-316"/>
        <source>Add provider</source>
        <translation>添加提供方</translation>
    </message>
    <message>
        <location line="-46"/>
        <source>Chat Completions (OpenRouter, Ollama, llama.cpp, vLLM, LM Studio)</source>
        <translation>Chat Completions（OpenRouter、Ollama、llama.cpp、vLLM、LM Studio）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>OpenAI Responses</source>
        <translation>OpenAI Responses</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Anthropic Messages</source>
        <translation>Anthropic Messages</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Stored in the system keychain</source>
        <translation>保存在系统钥匙串中</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>or the name of an environment variable, e.g. OPENROUTER_API_KEY</source>
        <translation>或环境变量的名称，例如 OPENROUTER_API_KEY</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Name:</source>
        <translation>名称(&amp;N)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;API format:</source>
        <translation>API 格式(&amp;A)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Base URL:</source>
        <translation>基础 URL(&amp;B)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>API &amp;key:</source>
        <translation>API 密钥(&amp;K)：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Key &amp;variable:</source>
        <translation>密钥变量(&amp;V)：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save provider</source>
        <translation>保存提供方</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Test connection</source>
        <translation>测试连接</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Ask the provider at this base URL for its models, with the key typed here or the one stored</source>
        <translation>使用此处输入的密钥或已存储的密钥，向此基础 URL 的提供方请求其模型列表</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Detect local servers</source>
        <translation>检测本地服务器</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Model servers on this computer</source>
        <translation>本机上的模型服务器</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Ollama (11434), llama.cpp (8080), LM Studio (1234) and vLLM (8000) are looked for. Double-click one to fill in the form.</source>
        <translation>将查找 Ollama（11434）、llama.cpp（8080）、LM Studio（1234）和 vLLM（8000）。双击其中一个即可填入表单。</translation>
    </message>
    <message numerus="yes">
        <location line="+38"/>
        <source>%1 at %2 — %n model(s)</source>
        <translation>
            <numerusform>%1（%2）— %n 个模型</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No local model server answered.</source>
        <translation>没有本地模型服务器响应。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Saved %1; its key is in the system keychain.</source>
        <translation>已保存 %1；其密钥保存在系统钥匙串中。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 was saved without its key. %2</source>
        <translation>%1 已保存，但未保存其密钥。%2</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>The default provider: a model name without a provider&apos;s name goes here</source>
        <translation>默认提供方：不带提供方名称的模型名会发送到这里</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Looking for a key in the system keychain…</source>
        <translation>正在系统钥匙串中查找密钥…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A key is stored in the system keychain. Type a new one to replace it.</source>
        <translation>系统钥匙串中已保存一个密钥。输入新密钥即可替换。</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+15"/>
        <source>No key is stored; requests are sent without one (fine for local servers).</source>
        <translation>未保存密钥；发送请求时不带密钥（适用于本地服务器）。</translation>
    </message>
    <message>
        <location line="-14"/>
        <location line="+12"/>
        <source>No key is stored in the keychain; the environment variable is used.</source>
        <translation>钥匙串中未保存密钥；将使用环境变量。</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>This key cannot be saved. %1</source>
        <translation>无法保存此密钥。%1</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Saved %1.</source>
        <translation>已保存 %1。</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Asking %1 for its models…</source>
        <translation>正在向 %1 请求模型列表…</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1 did not answer as a model server: %2</source>
        <translation>%1 未像模型服务器那样应答：%2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 answered, but lists no models.</source>
        <translation>%1 已应答，但没有列出任何模型。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connected. Models listed: %1 (%2 in all).</source>
        <translation>已连接。列出的模型：%1（共 %2 个）。</translation>
    </message>
</context>
<context>
    <name>PythonAheadBox</name>
    <message>
        <location filename="../widgets/settings/pythonaheadbox.cpp" line="+21"/>
        <source>Python</source>
        <translation>Python</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Keep Python started ahead for new conversations</source>
        <translation>为新对话预先启动 Python</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Once this workspace has run Python, one hidden container waits with its kernel running, so a new conversation&apos;s first cell needs no start. It holds about 95 MiB of memory while the workspace is open.</source>
        <translation>此工作区运行过 Python 后，会有一个隐藏容器带着运行中的内核等待，新对话的第一个单元格无需等待启动。工作区打开期间它约占用 95 MiB 内存。</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Not saved: %1</source>
        <translation>未保存：%1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Saved. After this workspace&apos;s next Python cell, new conversations find Python started.</source>
        <translation>已保存。此工作区下一个 Python 单元格之后，新对话会发现 Python 已启动。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Saved. No container is kept ahead; a new conversation&apos;s first cell starts Python.</source>
        <translation>已保存。不再预先保留容器；新对话的第一个单元格会启动 Python。</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../widgets/documents/documentspanel.cpp" line="-555"/>
        <source>%1 is not a private directory of this user</source>
        <translation>%1 不是此用户的私有目录</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>cannot create %1</source>
        <translation>无法创建 %1</translation>
    </message>
</context>
<context>
    <name>ScriptedClient</name>
    <message>
        <location filename="../engine/models/scriptedclient.cpp" line="+191"/>
        <source>(The script has no more steps.)</source>
        <translation>（脚本已没有更多步骤。）</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>exit code %1</source>
        <translation>退出码 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>timed out</source>
        <translation>超时</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(no error output)</source>
        <translation>（无错误输出）</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>Scripted</source>
        <translation>脚本</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The script is not valid JSON: %1 at offset %2</source>
        <translation>脚本不是有效的 JSON：%1，位于偏移 %2</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>The script has no steps.</source>
        <translation>脚本没有任何步骤。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Step %1 of the script has neither &quot;text&quot; nor &quot;tool_calls&quot;.</source>
        <translation>脚本第 %1 步既没有“text”也没有“tool_calls”。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Cannot open the script %1: %2</source>
        <translation>无法打开脚本 %1：%2</translation>
    </message>
</context>
<context>
    <name>SecretStore</name>
    <message>
        <location filename="../engine/secrets/secretstore.cpp" line="+26"/>
        <source>No keychain service is running (for example GNOME Keyring or KWallet), so keys cannot be saved or read. Sandbench never stores keys in plain text; start a keychain service, or name an environment variable that holds the key in the provider settings.</source>
        <translation>没有正在运行的钥匙串服务（例如 GNOME Keyring 或 KWallet），因此无法保存或读取密钥。Sandbench 从不以明文存储密钥；请启动钥匙串服务，或在提供方设置中指定保存密钥的环境变量。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The keychain said: %1</source>
        <translation>钥匙串返回：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The keychain refused access: %1</source>
        <translation>钥匙串拒绝访问：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No key is stored for this provider.</source>
        <translation>此提供方没有已保存的密钥。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The keychain failed: %1</source>
        <translation>钥匙串出错：%1</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../widgets/settings/settingsdialog.cpp" line="+33"/>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Providers &amp; Keys</source>
        <translation>提供方和密钥</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Local API</source>
        <translation>本地 API</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Workspaces</source>
        <translation>工作区</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Theme</source>
        <translation>主题</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Data &amp; Disk Use</source>
        <translation>数据和磁盘占用</translation>
    </message>
</context>
<context>
    <name>ShellCallPanel</name>
    <message>
        <location filename="../widgets/shellcalls/shellcallview.cpp" line="+712"/>
        <source>Re-run locally</source>
        <translation>在本地重新运行</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run the trace&apos;s commands again in a new local container</source>
        <translation>在新的本地容器中再次运行跟踪中的命令</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Wrap lines</source>
        <translation>自动换行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Wrap long output lines at the panel&apos;s width, or scroll them sideways</source>
        <translation>按面板宽度自动换行长输出行，或横向滚动查看</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Shell calls the model makes appear here while they run.</source>
        <translation>模型发起的 shell 调用会在运行时显示在这里。</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>Container %1</source>
        <translation>容器 %1</translation>
    </message>
    <message>
        <location line="-51"/>
        <source>Open Sample Trace</source>
        <translation>打开示例跟踪</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open a saved Responses trace of the sales demo in the trace viewer: its shell call, its output and the answer, ready to re-run locally</source>
        <translation>在跟踪查看器中打开销售演示的已保存 Responses 跟踪：其 shell 调用、输出和回答，可在本地重新运行</translation>
    </message>
</context>
<context>
    <name>ShellCallView</name>
    <message>
        <location line="-989"/>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1:%2</source>
        <translation>%1:%2</translation>
    </message>
    <message>
        <location line="+386"/>
        <location line="+60"/>
        <source>Running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location line="-34"/>
        <location line="+86"/>
        <location line="+418"/>
        <source>Completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location line="-504"/>
        <location line="+90"/>
        <location line="+418"/>
        <source>Incomplete</source>
        <translation>未完成</translation>
    </message>
    <message>
        <location line="-503"/>
        <source>from trace</source>
        <translation>来自跟踪</translation>
    </message>
    <message>
        <location line="+109"/>
        <source>Stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Stopped before it ran: Stop was pressed while it waited for approval.</source>
        <translation>运行前已停止：等待批准时按下了“停止”。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>It did not run: the question ended while it waited for approval.</source>
        <translation>未运行：等待批准时问题已结束。</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Shell</source>
        <translation>Shell</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Bash session</source>
        <translation>Bash 会话</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Anthropic code execution</source>
        <translation>Anthropic 代码执行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Anthropic code execution (Python)</source>
        <translation>Anthropic 代码执行（Python）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Gemini code execution</source>
        <translation>Gemini 代码执行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>OpenAI code interpreter</source>
        <translation>OpenAI 代码解释器</translation>
    </message>
    <message>
        <location line="+19"/>
        <location line="+4"/>
        <source>Container %1</source>
        <translation>容器 %1</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>(unknown)</source>
        <translation>（未知）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Copy the container id</source>
        <translation>复制容器 ID</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Copy container id</source>
        <translation>复制容器 ID</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Sandbox cost of this call</source>
        <translation>此调用的沙箱费用</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>Refused: %1</source>
        <translation>已拒绝：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Allow %1</source>
        <translation>允许 %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Add %1 to this container&apos;s network policy; it restarts with its files and the new policy</source>
        <translation>将 %1 添加到此容器的网络策略；容器将带着其文件和新策略重新启动</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>every host</source>
        <translation>所有主机</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is already allowed (%2).</source>
        <translation>%1 已被允许（%2）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Allowed %1. The container restarts with its files and the new policy (%2) when this call ends.</source>
        <translation>已允许 %1。此调用结束后，容器将带着其文件和新策略（%2）重新启动。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Allowed %1. The container restarted with its files and the new policy (%2).</source>
        <translation>已允许 %1。容器已带着其文件和新策略（%2）重新启动。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Allowed %1. The container starts with its files and the new policy (%2).</source>
        <translation>已允许 %1。容器将带着其文件和新策略（%2）启动。</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>cost —</source>
        <translation>费用 —</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>$%1 · includes the 30 s minimum</source>
        <translation>$%1 · 含 30 秒最低计费</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>$%1</source>
        <translation>$%1</translation>
    </message>
    <message>
        <location line="-316"/>
        <location line="+418"/>
        <source>Completed (timeout)</source>
        <translation>已完成（超时）</translation>
    </message>
    <message>
        <location line="-416"/>
        <location line="+418"/>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location line="-645"/>
        <source>not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <location line="+253"/>
        <source>Denied</source>
        <translation>已拒绝</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Denied by the approval rules (%1); it did not run.</source>
        <translation>被审批规则拒绝（%1）；未运行。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Denied by you in this window; it did not run.</source>
        <translation>已由您在此窗口中拒绝；未运行。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Denied at the terminal; it did not run.</source>
        <translation>已在终端中拒绝；未运行。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Denied by a live viewer; it did not run.</source>
        <translation>已被实时查看者拒绝；未运行。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Denied; it did not run.</source>
        <translation>已拒绝；未运行。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No one answered the approval request in time; it did not run.</source>
        <translation>无人及时回应审批请求；未运行。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>It needs a person&apos;s approval (%1), but nothing could ask; it did not run.</source>
        <translation>需要人工审批（%1），但无处可询问；未运行。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>It did not run: %1</source>
        <translation>未运行：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Note to the model: “%1”</source>
        <translation>给模型的备注：“%1”</translation>
    </message>
    <message>
        <location line="+273"/>
        <source>part of $%1</source>
        <translation>$%1 的一部分</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <location filename="../widgets/window/shortcutsdialog.cpp" line="+43"/>
        <source>Window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Where</source>
        <translation>位置</translation>
    </message>
</context>
<context>
    <name>SyntaxHighlighter</name>
    <message>
        <location filename="../widgets/common/syntaxhighlighter.cpp" line="+334"/>
        <source>Only the first %1 are highlighted; the rest is shown as plain text.</source>
        <translation>仅高亮显示前 %1；其余部分以纯文本显示。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Syntax highlighting is not available: the program kate-syntax-highlighter (Debian package libkf5syntaxhighlighting-tools) was not found. Shown as plain text.</source>
        <translation>语法高亮不可用：未找到程序 kate-syntax-highlighter（Debian 软件包 libkf5syntaxhighlighting-tools）。以纯文本显示。</translation>
    </message>
</context>
<context>
    <name>ThemePage</name>
    <message>
        <location filename="../widgets/settings/themepage.cpp" line="+64"/>
        <source>How Sandbench looks. The change applies at once to every window.</source>
        <translation>Sandbench 的外观。更改会立即应用到所有窗口。</translation>
    </message>
    <message>
        <location line="-33"/>
        <source>&amp;Follow the system</source>
        <translation>跟随系统(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The desktop&apos;s own style and colours.</source>
        <translation>桌面自身的样式和颜色。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Dark text on light backgrounds.</source>
        <translation>浅色背景上的深色文字。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Light text on dark backgrounds, easier on the eyes at night.</source>
        <translation>深色背景上的浅色文字，夜间使用更护眼。</translation>
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
[… 另有 %n 个字符未显示 …]</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>(empty)</source>
        <translation>（空）</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Trace (container %1) beside the local run (container %2)</source>
        <translation>追踪（容器 %1）与本地运行（容器 %2）对照</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+1"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location line="+62"/>
        <location line="+46"/>
        <location line="+81"/>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <location line="-123"/>
        <source>Trace</source>
        <translation>追踪</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Local run</source>
        <translation>本地运行</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>outcome</source>
        <translation>结果</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stdout</source>
        <translation>stdout</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stderr</source>
        <translation>stderr</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>not in the trace</source>
        <translation>追踪中没有</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>timeout</source>
        <translation>超时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>exit %1</source>
        <translation>退出码 %1</translation>
    </message>
    <message>
        <location line="+17"/>
        <location line="+53"/>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location line="-26"/>
        <location line="+23"/>
        <source>not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>same</source>
        <translation>相同</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>differs</source>
        <translation>不同</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>stdout, stderr and outcome are the same as in the trace</source>
        <translation>stdout、stderr 和结果与追踪中相同</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Differs from the trace in: %1</source>
        <translation>与追踪不同之处：%1</translation>
    </message>
    <message numerus="yes">
        <location line="+28"/>
        <source>Running: %1 of %n command(s) compared</source>
        <translation>
            <numerusform>运行中：已比较 %1/%n 条命令</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>All %n command(s) the same as in the trace</source>
        <translation>
            <numerusform>全部 %n 条命令与追踪相同</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%1 of %n command(s) differ from the trace</source>
        <translation>
            <numerusform>%n 条命令中有 %1 条与追踪不同</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TraceLoader</name>
    <message>
        <location filename="../engine/data/traceloader.cpp" line="+136"/>
        <source>An image output without a URL is not shown.</source>
        <translation>没有 URL 的图像输出不予显示。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>An image at %1 is not shown: only its address is here, and Sandbench does not fetch it.</source>
        <translation>位于 %1 的图像未显示：这里只有它的地址，Sandbench 不会获取它。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>An image (%1) is not shown: only PNG images in base64 data: URLs are.</source>
        <translation>图像（%1）未显示：只显示 base64 data: URL 中的 PNG 图像。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>More images than %1 in one cell: this one is not shown.</source>
        <translation>一个单元格中的图像超过 %1 张：此图像未显示。</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+7"/>
        <source>An image larger than %1 bytes is not shown.</source>
        <translation>大于 %1 字节的图像不予显示。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>An image is not shown: its data: URL does not hold a PNG image.</source>
        <translation>图像未显示：其 data: URL 不包含 PNG 图像。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>[… %1 more characters of output not shown …]</source>
        <translation>[… 另有 %1 个输出字符未显示 …]</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>An output of type %1 is not shown.</source>
        <translation>类型为 %1 的输出不予显示。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>The code did not run: %1</source>
        <translation>代码未运行：%1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The code made the file %1; only its id is here.</source>
        <translation>代码生成了文件 %1；这里只有它的 ID。</translation>
    </message>
    <message>
        <location line="+175"/>
        <source>The trace is not valid JSON: %1 at offset %2</source>
        <translation>跟踪不是有效的 JSON：%1，位于偏移 %2</translation>
    </message>
    <message>
        <location line="+110"/>
        <source>The command did not run: %1</source>
        <translation>命令未运行：%1</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>The file holds no shell or code calls (openrouter:shell, shell_call or code_interpreter_call items, server_tool_use blocks).</source>
        <translation>该文件不包含 shell 或代码调用（openrouter:shell、shell_call 或 code_interpreter_call 项，server_tool_use 块）。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The trace %1 is larger than %2 MiB: it is not opened.</source>
        <translation>跟踪文件 %1 大于 %2 MiB：不予打开。</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
</context>
<context>
    <name>TraceSummaryView</name>
    <message>
        <location filename="../widgets/shellcalls/tracesummary.cpp" line="+38"/>
        <location line="+21"/>
        <location line="+46"/>
        <source>not in the trace</source>
        <translation>追踪中没有</translation>
    </message>
    <message>
        <location line="-62"/>
        <source>%1 input (%2 cached)</source>
        <translation>输入 %1（缓存 %2）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 input</source>
        <translation>输入 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 output (%2 reasoning)</source>
        <translation>输出 %1（推理 %2）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 output</source>
        <translation>输出 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 total</source>
        <translation>共 %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>$%1 (server_tool_cost)</source>
        <translation>$%1（server_tool_cost）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Text: %1</source>
        <translation>文本：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Reasoning (not readable in the trace)</source>
        <translation>推理（追踪中不可读）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reasoning: %1</source>
        <translation>推理：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Python cell %1 (%2): %3</source>
        <translation>Python 单元格 %1（%2）：%3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Shell call %1 (%2): %3</source>
        <translation>Shell 调用 %1（%2）：%3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Tool call %1: %2</source>
        <translation>工具调用 %1：%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Item of type %1</source>
        <translation>类型为 %1 的项</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Messages</source>
        <translation>Messages</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Responses</source>
        <translation>Responses</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a list of items</source>
        <translation>项目列表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Format:</source>
        <translation>格式：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Id:</source>
        <translation>ID：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop reason:</source>
        <translation>停止原因：</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Status:</source>
        <translation>状态：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Container:</source>
        <translation>容器：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tokens:</source>
        <translation>令牌：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sandbox cost:</source>
        <translation>沙箱费用：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Items in order (%1)</source>
        <translation>按顺序排列的项（%1）</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>The assistant&apos;s text</source>
        <translation>助手的文本</translation>
    </message>
</context>
<context>
    <name>WelcomePage</name>
    <message>
        <location filename="../widgets/window/welcomepage.cpp" line="+59"/>
        <source>Welcome to Sandbench</source>
        <translation>欢迎使用 Sandbench</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sandbench runs the shell commands of AI agents in a sandbox on this computer and shows you every call as it happens.</source>
        <translation>Sandbench 在本机的沙箱中运行 AI 智能体的 shell 命令，并实时向您展示每一次调用。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Data folder: %1</source>
        <translation>数据文件夹：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Workspace: %1</source>
        <translation>工作区：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>To see which isolation and limits this machine enforces, run “sandbench doctor” in a terminal.</source>
        <translation>要查看本机实施了哪些隔离和限制，请在终端中运行“sandbench doctor”。</translation>
    </message>
</context>
<context>
    <name>WorkspaceCatalog</name>
    <message>
        <location filename="../engine/workspace/workspacecatalog.cpp" line="+30"/>
        <source>Use 1 to 40 characters: letters A–Z and a–z, digits 0–9, underscore (_) and hyphen (-).</source>
        <translation>使用 1 到 40 个字符：字母 A–Z 和 a–z、数字 0–9、下划线（_）和连字符（-）。</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Enter a name for the new workspace. %1</source>
        <translation>请输入新工作区的名称。%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>“%1” cannot be a workspace name. %2</source>
        <translation>“%1”不能用作工作区名称。%2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A workspace named “%1” already exists.</source>
        <translation>名为“%1”的工作区已存在。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cannot create the folder %1.</source>
        <translation>无法创建文件夹 %1。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>There is no workspace named “%1”.</source>
        <translation>没有名为“%1”的工作区。</translation>
    </message>
</context>
<context>
    <name>WorkspacesPage</name>
    <message>
        <location filename="../widgets/settings/workspacespage.cpp" line="+32"/>
        <source>Each workspace keeps its own containers, documents, request logs, model providers and API keys.</source>
        <translation>每个工作区都有各自的容器、文档、请求日志、模型提供方和 API 密钥。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>This window shows the workspace “%1”.</source>
        <translation>此窗口显示的是工作区“%1”。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&amp;Open in New Window</source>
        <translation>在新窗口中打开(&amp;O)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Open at &amp;Start</source>
        <translation>启动时打开(&amp;S)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Sandbench opens this workspace when it is started without --workspace.</source>
        <translation>启动 Sandbench 时若未指定 --workspace，将打开此工作区。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>New workspace</source>
        <translation>新建工作区</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Name, e.g. data-cleaning</source>
        <translation>名称，例如 data-cleaning</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Create</source>
        <translation>创建(&amp;C)</translation>
    </message>
    <message>
        <location line="+77"/>
        <source>this window</source>
        <translation>此窗口</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>opens at start</source>
        <translation>启动时打开</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>This window shows this workspace already.</source>
        <translation>此窗口已在显示该工作区。</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Created the workspace “%1”. Open it in a new window, or choose it to open at the next start.</source>
        <translation>已创建工作区“%1”。可在新窗口中打开它，或将其设为下次启动时打开。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Sandbench opens “%1” at the next start.</source>
        <translation>Sandbench 将在下次启动时打开“%1”。</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../widgets/window/guistartup.cpp" line="+39"/>
        <source>The Sandbench desktop workbench.</source>
        <translation>Sandbench 桌面工作台。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Keep containers, logs and settings in &lt;dir&gt;.</source>
        <translation>将容器、日志和设置保存在 &lt;目录&gt; 中。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dir</source>
        <translation>目录</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open the workspace &lt;name&gt; (default: the one chosen in Settings, else &quot;default&quot;).</source>
        <translation>打开工作区 &lt;名称&gt;（默认：在“设置”中选择的工作区，否则为 &quot;default&quot;）。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>invalid --workspace name: %1</source>
        <translation>无效的 --workspace 名称：%1</translation>
    </message>
    <message>
        <location line="-15"/>
        <source>name</source>
        <translation>名称</translation>
    </message>
</context>
</TS>
