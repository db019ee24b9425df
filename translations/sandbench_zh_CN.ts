<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ChatSession</name>
    <message>
        <location filename="../engine/core/chatsession.cpp" line="+79"/>
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
    <message numerus="yes">
        <location line="+80"/>
        <source>Stopped after %n tool call(s): the limit for one question.</source>
        <translation>
            <numerusform>已在 %n 次工具调用后停止：这是单个问题的上限。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChatWidget</name>
    <message>
        <location filename="../widgets/chatwidget.cpp" line="+173"/>
        <source>Drop a file here or use Attach, then ask a question about it. The model&apos;s shell commands run in this conversation&apos;s sandbox and appear in the Shell calls panel.</source>
        <translation>将文件拖放到此处或使用“附加”，然后就它提问。模型的 shell 命令在此对话的沙箱中运行，并显示在“Shell 调用”面板中。</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Ask about your data… (Ctrl+Enter to send)</source>
        <translation>询问关于数据的问题…（Ctrl+Enter 发送）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Attach…</source>
        <translation>附加…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Send</source>
        <translation>发送</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stop the answer and end its running commands (Esc)</source>
        <translation>停止回答并结束其正在运行的命令（Esc）</translation>
    </message>
    <message>
        <location line="+28"/>
        <location line="+8"/>
        <source>Assistant</source>
        <translation>助手</translation>
    </message>
    <message numerus="yes">
        <location line="+12"/>
        <source>Running %n command(s) in the sandbox: %1</source>
        <translation>
            <numerusform>正在沙箱中运行 %n 条命令：%1</numerusform>
        </translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Stopped.</source>
        <translation>已停止。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 — a script plays the answers, no model is asked</source>
        <translation>%1 — 由脚本播放回答，不会询问任何模型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model: %1</source>
        <translation>模型：%1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 (in the sandbox: %2)</source>
        <translation>%1（沙箱中：%2）</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Choose a model first.</source>
        <translation>请先选择一个模型。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Attached files (in the sandbox): %1</source>
        <translation>已附加的文件（沙箱中）：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>You</source>
        <translation>你</translation>
    </message>
</context>
<context>
    <name>CommandOutputView</name>
    <message>
        <location filename="../widgets/shellcallview.cpp" line="+83"/>
        <location line="+25"/>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message numerus="yes">
        <location line="+38"/>
        <source>[… %n character(s) of output not shown here …]</source>
        <translation>
            <numerusform>[… 此处未显示 %n 个输出字符 …]</numerusform>
        </translation>
    </message>
    <message>
        <location line="+41"/>
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
        <translation>退出 0</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>exit %1</source>
        <translation>退出 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ran for %1</source>
        <translation>运行了 %1</translation>
    </message>
</context>
<context>
    <name>CsvIndex</name>
    <message>
        <location filename="../engine/core/csvindex.cpp" line="+103"/>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
</context>
<context>
    <name>CsvPreview</name>
    <message>
        <location filename="../widgets/csvpreview.cpp" line="+91"/>
        <source>%1 rows so far…</source>
        <translation>目前 %1 行…</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+6"/>
        <source>%1 rows</source>
        <translation>%1 行</translation>
    </message>
</context>
<context>
    <name>FileImport</name>
    <message>
        <location filename="../engine/core/fileimport.cpp" line="+42"/>
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
        <location line="+14"/>
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
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Copying %1 failed: %2</source>
        <translation>复制 %1 失败：%2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 grew beyond the upload limit while it was copied.</source>
        <translation>%1 在复制过程中超过了上传上限。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Cannot hand %1 to the sandbox user: %2</source>
        <translation>无法将 %1 交给沙箱用户：%2</translation>
    </message>
</context>
<context>
    <name>InlineMessage</name>
    <message>
        <location filename="../widgets/inlinemessage.cpp" line="+25"/>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="+127"/>
        <source>New conversation</source>
        <translation>新对话</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Conversations</source>
        <translation>对话</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Shell calls</source>
        <translation>Shell 调用</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Table preview</source>
        <translation>表格预览</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Refresh models</source>
        <translation>刷新模型</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;New Conversation</source>
        <translation>新建对话(&amp;N)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Attach File…</source>
        <translation>附加文件(&amp;A)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open &amp;Trace…</source>
        <translation>打开跟踪(&amp;T)…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Model &amp;Providers…</source>
        <translation>模型提供方(&amp;P)…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;About Sandbench</source>
        <translation>关于 Sandbench(&amp;A)</translation>
    </message>
    <message>
        <location line="+17"/>
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
        <location line="+11"/>
        <source>Cannot create a container: %1</source>
        <translation>无法创建容器：%1</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Container %1</source>
        <translation>容器 %1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Conversation %1</source>
        <translation>对话 %1</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Shell calls — %1</source>
        <translation>Shell 调用 — %1</translation>
    </message>
    <message>
        <location line="+47"/>
        <location line="+14"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>Plays a script; no model is asked</source>
        <translation>播放脚本；不会询问任何模型</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Some providers did not list their models. %1</source>
        <translation>部分提供方未列出其模型。%1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>none — add a provider in File › Model Providers</source>
        <translation>无 — 请在“文件 › 模型提供方”中添加提供方</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Attach a file</source>
        <translation>附加文件</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>All files (*);;CSV files (*.csv *.tsv)</source>
        <translation>所有文件 (*);;CSV 文件 (*.csv *.tsv)</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>Open a trace</source>
        <translation>打开跟踪</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>JSON 文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Trace: %1</source>
        <translation>跟踪：%1</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%1 — %n shell call(s)</source>
        <translation>
            <numerusform>%1 — %n 个 shell 调用</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Opened the trace %1. Its shell calls are in the Shell calls panel; Re-run locally runs them again in this conversation&apos;s new container.</source>
        <translation>已打开跟踪 %1。其 shell 调用位于“Shell 调用”面板中；“在本地重新运行”会在此对话的新容器中再次运行它们。</translation>
    </message>
</context>
<context>
    <name>MessageBubble</name>
    <message>
        <location filename="../widgets/chatwidget.cpp" line="-244"/>
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
    <name>ProviderSettingsDialog</name>
    <message>
        <location filename="../widgets/providersettings.cpp" line="+31"/>
        <source>Model providers</source>
        <translation>模型提供方</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Chat Completions (OpenRouter, Ollama, llama.cpp, vLLM, LM Studio)</source>
        <translation>Chat Completions（OpenRouter、Ollama、llama.cpp、vLLM、LM Studio）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OpenAI Responses</source>
        <translation>OpenAI Responses</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Anthropic Messages</source>
        <translation>Anthropic Messages</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Stored in the system keychain</source>
        <translation>保存在系统钥匙串中</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>or the name of an environment variable, e.g. OPENROUTER_API_KEY</source>
        <translation>或环境变量名，例如 OPENROUTER_API_KEY</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Name:</source>
        <translation>名称(&amp;N)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;API format:</source>
        <translation>API 格式(&amp;A)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Base URL:</source>
        <translation>基础 URL(&amp;B)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>API &amp;key:</source>
        <translation>API 密钥(&amp;K)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Key &amp;variable:</source>
        <translation>密钥变量(&amp;V)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save provider</source>
        <translation>保存提供方</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Detect local servers</source>
        <translation>检测本地服务器</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Model servers on this computer</source>
        <translation>本机上的模型服务器</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Ollama (11434), llama.cpp (8080), LM Studio (1234) and vLLM (8000) are looked for. Double-click one to fill in the form.</source>
        <translation>将查找 Ollama (11434)、llama.cpp (8080)、LM Studio (1234) 和 vLLM (8000)。双击其中一项即可填写表单。</translation>
    </message>
    <message numerus="yes">
        <location line="+34"/>
        <source>%1 at %2 — %n model(s)</source>
        <translation>
            <numerusform>%1 位于 %2 — %n 个模型</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No local model server answered.</source>
        <translation>没有本地模型服务器响应。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Saved %1; its key is in the system keychain.</source>
        <translation>已保存 %1；其密钥位于系统钥匙串中。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 was saved without its key. %2</source>
        <translation>%1 已保存，但未保存其密钥。%2</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>Saved %1.</source>
        <translation>已保存 %1。</translation>
    </message>
</context>
<context>
    <name>ScriptedClient</name>
    <message>
        <location filename="../engine/models/scriptedclient.cpp" line="+162"/>
        <source>(The script has no more steps.)</source>
        <translation>（脚本已没有更多步骤。）</translation>
    </message>
    <message>
        <location line="+76"/>
        <source>Scripted</source>
        <translation>脚本</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The script is not valid JSON: %1 at offset %2</source>
        <translation>脚本不是有效的 JSON：%1，位于偏移 %2</translation>
    </message>
    <message>
        <location line="+17"/>
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
        <location filename="../widgets/secretstore.cpp" line="+17"/>
        <source>No keychain service is running (for example GNOME Keyring or KWallet), so the key was not saved. Sandbench never stores keys in plain text; start a keychain service, or set the key in an environment variable named in the provider settings. (%1)</source>
        <translation>没有正在运行的钥匙串服务（例如 GNOME Keyring 或 KWallet），因此未保存密钥。Sandbench 从不以明文保存密钥；请启动钥匙串服务，或在提供方设置中指定的环境变量里设置密钥。（%1）</translation>
    </message>
    <message>
        <location line="+7"/>
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
    <name>ShellCallPanel</name>
    <message>
        <location filename="../widgets/shellcallview.cpp" line="+212"/>
        <source>Re-run locally</source>
        <translation>在本地重新运行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run the trace&apos;s commands again in a new local container</source>
        <translation>在新的本地容器中再次运行跟踪中的命令</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Shell calls the model makes appear here while they run.</source>
        <translation>模型发起的 shell 调用会在运行时显示在这里。</translation>
    </message>
</context>
<context>
    <name>ShellCallView</name>
    <message>
        <location line="-374"/>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1:%2</source>
        <translation>%1:%2</translation>
    </message>
    <message>
        <location line="+210"/>
        <source>Running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location line="+25"/>
        <location line="+104"/>
        <source>Completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location line="-104"/>
        <location line="+108"/>
        <source>Incomplete</source>
        <translation>未完成</translation>
    </message>
    <message>
        <location line="-107"/>
        <source>from trace</source>
        <translation>来自跟踪</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Container %1</source>
        <translation>容器 %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>(unknown)</source>
        <translation>（未知）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Sandbox cost of this call</source>
        <translation>此调用的沙箱费用</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>cost —</source>
        <translation>费用 —</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>$%1</source>
        <translation>$%1</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Completed (timeout)</source>
        <translation>已完成（超时）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>not run</source>
        <translation>未运行</translation>
    </message>
</context>
<context>
    <name>TraceLoader</name>
    <message>
        <location filename="../engine/core/traceloader.cpp" line="+127"/>
        <source>The trace is not valid JSON: %1 at offset %2</source>
        <translation>跟踪不是有效的 JSON：%1，位于偏移 %2</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>The file holds no shell calls (openrouter:shell items or server_tool_use blocks).</source>
        <translation>该文件不包含 shell 调用（openrouter:shell 项或 server_tool_use 块）。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
</context>
<context>
    <name>WelcomePage</name>
    <message>
        <location filename="../widgets/welcomepage.cpp" line="+23"/>
        <source>Welcome to Sandbench</source>
        <translation>欢迎使用 Sandbench</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Sandbench runs the shell commands of AI agents in a sandbox on this computer and shows you every call as it happens.</source>
        <translation>Sandbench 在本机的沙箱中运行 AI 智能体的 shell 命令，并实时向您展示每一次调用。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Data folder: %1</source>
        <translation>数据文件夹：%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Workspace: %1</source>
        <translation>工作区：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>To see which isolation and limits this machine enforces, run “sandbench doctor” in a terminal.</source>
        <translation>要查看本机实施了哪些隔离和限制，请在终端中运行“sandbench doctor”。</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../widgets/guientry.cpp" line="+69"/>
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
        <location line="+2"/>
        <source>Open the workspace &lt;name&gt; (default: default).</source>
        <translation>打开工作区 &lt;名称&gt;（默认：default）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>name</source>
        <translation>名称</translation>
    </message>
</context>
</TS>
