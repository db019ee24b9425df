<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
<context>
    <name>ChatSession</name>
    <message>
        <location filename="../engine/core/chatsession.cpp" line="+79"/>
        <source>Wait for the current answer or press Stop.</source>
        <translation>Дождитесь текущего ответа или нажмите «Стоп».</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Choose a model first.</source>
        <translation>Сначала выберите модель.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This conversation has no container.</source>
        <translation>У этого разговора нет контейнера.</translation>
    </message>
    <message numerus="yes">
        <location line="+80"/>
        <source>Stopped after %n tool call(s): the limit for one question.</source>
        <translation>
            <numerusform>Остановлено после %n вызова инструмента: это предел для одного вопроса.</numerusform>
            <numerusform>Остановлено после %n вызовов инструмента: это предел для одного вопроса.</numerusform>
            <numerusform>Остановлено после %n вызовов инструмента: это предел для одного вопроса.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChatWidget</name>
    <message>
        <location filename="../widgets/chatwidget.cpp" line="+173"/>
        <source>Drop a file here or use Attach, then ask a question about it. The model&apos;s shell commands run in this conversation&apos;s sandbox and appear in the Shell calls panel.</source>
        <translation>Перетащите сюда файл или нажмите «Прикрепить», затем задайте вопрос о нём. Команды модели выполняются в песочнице этого разговора и отображаются на панели «Вызовы оболочки».</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Ask about your data… (Ctrl+Enter to send)</source>
        <translation>Спросите о своих данных… (Ctrl+Enter — отправить)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Attach…</source>
        <translation>Прикрепить…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Send</source>
        <translation>Отправить</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stop</source>
        <translation>Стоп</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stop the answer and end its running commands (Esc)</source>
        <translation>Остановить ответ и завершить его выполняющиеся команды (Esc)</translation>
    </message>
    <message>
        <location line="+28"/>
        <location line="+8"/>
        <source>Assistant</source>
        <translation>Ассистент</translation>
    </message>
    <message numerus="yes">
        <location line="+12"/>
        <source>Running %n command(s) in the sandbox: %1</source>
        <translation>
            <numerusform>В песочнице выполняется %n команда: %1</numerusform>
            <numerusform>В песочнице выполняются %n команды: %1</numerusform>
            <numerusform>В песочнице выполняется %n команд: %1</numerusform>
        </translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Stopped.</source>
        <translation>Остановлено.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 — a script plays the answers, no model is asked</source>
        <translation>%1 — ответы воспроизводит сценарий, модель не используется</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model: %1</source>
        <translation>Модель: %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 (in the sandbox: %2)</source>
        <translation>%1 (в песочнице: %2)</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Choose a model first.</source>
        <translation>Сначала выберите модель.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Attached files (in the sandbox): %1</source>
        <translation>Прикреплённые файлы (в песочнице): %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>You</source>
        <translation>Вы</translation>
    </message>
</context>
<context>
    <name>CommandOutputView</name>
    <message>
        <location filename="../widgets/shellcallview.cpp" line="+83"/>
        <location line="+25"/>
        <source>waiting</source>
        <translation>ожидает</translation>
    </message>
    <message numerus="yes">
        <location line="+38"/>
        <source>[… %n character(s) of output not shown here …]</source>
        <translation>
            <numerusform>[… %n символ вывода здесь не показан …]</numerusform>
            <numerusform>[… %n символа вывода здесь не показаны …]</numerusform>
            <numerusform>[… %n символов вывода здесь не показаны …]</numerusform>
        </translation>
    </message>
    <message>
        <location line="+41"/>
        <source>running</source>
        <translation>выполняется</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>timeout</source>
        <translation>тайм-аут</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>exit 0</source>
        <translation>код 0</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>exit %1</source>
        <translation>код %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ran for %1</source>
        <translation>Выполнялась %1</translation>
    </message>
</context>
<context>
    <name>CsvIndex</name>
    <message>
        <location filename="../engine/core/csvindex.cpp" line="+103"/>
        <source>Cannot open %1: %2</source>
        <translation>Не удаётся открыть %1: %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cannot read %1: %2</source>
        <translation>Не удаётся прочитать %1: %2</translation>
    </message>
</context>
<context>
    <name>CsvPreview</name>
    <message>
        <location filename="../widgets/csvpreview.cpp" line="+91"/>
        <source>%1 rows so far…</source>
        <translation>пока %1 строк…</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+6"/>
        <source>%1 rows</source>
        <translation>строк: %1</translation>
    </message>
</context>
<context>
    <name>FileImport</name>
    <message>
        <location filename="../engine/core/fileimport.cpp" line="+42"/>
        <source>%1 does not exist.</source>
        <translation>%1 не существует.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is a folder; attach files one by one.</source>
        <translation>%1 — это папка; прикрепляйте файлы по одному.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is not a regular file.</source>
        <translation>%1 не является обычным файлом.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 cannot be read.</source>
        <translation>Файл %1 нельзя прочитать.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is %2, more than the %3 an upload may have.</source>
        <translation>Размер %1 — %2, больше допустимых для загрузки %3.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1 cannot be read: %2</source>
        <translation>Файл %1 нельзя прочитать: %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot create the container&apos;s home folder %1.</source>
        <translation>Не удаётся создать домашнюю папку контейнера %1.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot write %1: %2</source>
        <translation>Не удаётся записать %1: %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Copying %1 failed: %2</source>
        <translation>Не удалось скопировать %1: %2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 grew beyond the upload limit while it was copied.</source>
        <translation>Во время копирования %1 превысил предел размера загрузки.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Cannot hand %1 to the sandbox user: %2</source>
        <translation>Не удаётся передать %1 пользователю песочницы: %2</translation>
    </message>
</context>
<context>
    <name>InlineMessage</name>
    <message>
        <location filename="../widgets/inlinemessage.cpp" line="+25"/>
        <source>Close</source>
        <translation>Закрыть</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="+127"/>
        <source>New conversation</source>
        <translation>Новый разговор</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Conversations</source>
        <translation>Разговоры</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Shell calls</source>
        <translation>Вызовы оболочки</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Table preview</source>
        <translation>Просмотр таблицы</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Model</source>
        <translation>Модель</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Model:</source>
        <translation>Модель:</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Refresh models</source>
        <translation>Обновить модели</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;New Conversation</source>
        <translation>&amp;Новый разговор</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Attach File…</source>
        <translation>&amp;Прикрепить файл…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open &amp;Trace…</source>
        <translation>Открыть &amp;трассу…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Model &amp;Providers…</source>
        <translation>&amp;Поставщики моделей…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Quit</source>
        <translation>&amp;Выход</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;View</source>
        <translation>&amp;Вид</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Help</source>
        <translation>&amp;Справка</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;About Sandbench</source>
        <translation>&amp;О программе Sandbench</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>About Sandbench</source>
        <translation>О программе Sandbench</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A desktop workbench for AI agents that run shell commands: every command runs in a sandbox on this computer, and you see each call as it happens.</source>
        <translation>Настольный верстак для ИИ-агентов, выполняющих команды оболочки: каждая команда запускается в песочнице на этом компьютере, а вы видите каждый вызов в момент выполнения.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Licensed under the GNU General Public License, version 3 or later.</source>
        <translation>Распространяется на условиях GNU General Public License версии 3 или более поздней.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Cannot create a container: %1</source>
        <translation>Не удаётся создать контейнер: %1</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Container %1</source>
        <translation>Контейнер %1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Conversation %1</source>
        <translation>Разговор %1</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Shell calls — %1</source>
        <translation>Вызовы оболочки — %1</translation>
    </message>
    <message>
        <location line="+47"/>
        <location line="+14"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>Plays a script; no model is asked</source>
        <translation>Воспроизводит сценарий; модель не используется</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Some providers did not list their models. %1</source>
        <translation>Некоторые поставщики не вернули список моделей. %1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>none — add a provider in File › Model Providers</source>
        <translation>нет — добавьте поставщика в меню Файл › Поставщики моделей</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Attach a file</source>
        <translation>Прикрепить файл</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>All files (*);;CSV files (*.csv *.tsv)</source>
        <translation>Все файлы (*);;Файлы CSV (*.csv *.tsv)</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>Open a trace</source>
        <translation>Открыть трассу</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>Файлы JSON (*.json);;Все файлы (*)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Trace: %1</source>
        <translation>Трасса: %1</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%1 — %n shell call(s)</source>
        <translation>
            <numerusform>%1 — %n вызов оболочки</numerusform>
            <numerusform>%1 — %n вызова оболочки</numerusform>
            <numerusform>%1 — %n вызовов оболочки</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Opened the trace %1. Its shell calls are in the Shell calls panel; Re-run locally runs them again in this conversation&apos;s new container.</source>
        <translation>Трасса %1 открыта. Её вызовы оболочки — на панели «Вызовы оболочки»; «Повторить локально» снова выполнит их в новом контейнере этого разговора.</translation>
    </message>
</context>
<context>
    <name>MessageBubble</name>
    <message>
        <location filename="../widgets/chatwidget.cpp" line="-244"/>
        <source>Copy</source>
        <translation>Копировать</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy this message</source>
        <translation>Скопировать это сообщение</translation>
    </message>
</context>
<context>
    <name>ProviderSettingsDialog</name>
    <message>
        <location filename="../widgets/providersettings.cpp" line="+31"/>
        <source>Model providers</source>
        <translation>Поставщики моделей</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Chat Completions (OpenRouter, Ollama, llama.cpp, vLLM, LM Studio)</source>
        <translation>Chat Completions (OpenRouter, Ollama, llama.cpp, vLLM, LM Studio)</translation>
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
        <translation>Хранится в системной связке ключей</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>or the name of an environment variable, e.g. OPENROUTER_API_KEY</source>
        <translation>или имя переменной окружения, например OPENROUTER_API_KEY</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Name:</source>
        <translation>&amp;Имя:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;API format:</source>
        <translation>Формат &amp;API:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Base URL:</source>
        <translation>&amp;Базовый URL:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>API &amp;key:</source>
        <translation>&amp;Ключ API:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Key &amp;variable:</source>
        <translation>&amp;Переменная ключа:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save provider</source>
        <translation>Сохранить поставщика</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove</source>
        <translation>Удалить</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Detect local servers</source>
        <translation>Найти локальные серверы</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Model servers on this computer</source>
        <translation>Серверы моделей на этом компьютере</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Ollama (11434), llama.cpp (8080), LM Studio (1234) and vLLM (8000) are looked for. Double-click one to fill in the form.</source>
        <translation>Ищутся Ollama (11434), llama.cpp (8080), LM Studio (1234) и vLLM (8000). Дважды щёлкните по найденному, чтобы заполнить форму.</translation>
    </message>
    <message numerus="yes">
        <location line="+34"/>
        <source>%1 at %2 — %n model(s)</source>
        <translation>
            <numerusform>%1 по адресу %2 — %n модель</numerusform>
            <numerusform>%1 по адресу %2 — %n модели</numerusform>
            <numerusform>%1 по адресу %2 — %n моделей</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No local model server answered.</source>
        <translation>Ни один локальный сервер моделей не ответил.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Saved %1; its key is in the system keychain.</source>
        <translation>%1 сохранён; его ключ — в системной связке ключей.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 was saved without its key. %2</source>
        <translation>%1 сохранён без ключа. %2</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>Saved %1.</source>
        <translation>%1 сохранён.</translation>
    </message>
</context>
<context>
    <name>ScriptedClient</name>
    <message>
        <location filename="../engine/models/scriptedclient.cpp" line="+162"/>
        <source>(The script has no more steps.)</source>
        <translation>(В сценарии больше нет шагов.)</translation>
    </message>
    <message>
        <location line="+76"/>
        <source>Scripted</source>
        <translation>Сценарий</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The script is not valid JSON: %1 at offset %2</source>
        <translation>Сценарий не является корректным JSON: %1 в позиции %2</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The script has no steps.</source>
        <translation>В сценарии нет шагов.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Step %1 of the script has neither &quot;text&quot; nor &quot;tool_calls&quot;.</source>
        <translation>Шаг %1 сценария не содержит ни «text», ни «tool_calls».</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Cannot open the script %1: %2</source>
        <translation>Не удаётся открыть сценарий %1: %2</translation>
    </message>
</context>
<context>
    <name>SecretStore</name>
    <message>
        <location filename="../widgets/secretstore.cpp" line="+17"/>
        <source>No keychain service is running (for example GNOME Keyring or KWallet), so the key was not saved. Sandbench never stores keys in plain text; start a keychain service, or set the key in an environment variable named in the provider settings. (%1)</source>
        <translation>Служба связки ключей не запущена (например, GNOME Keyring или KWallet), поэтому ключ не сохранён. Sandbench никогда не хранит ключи в открытом виде; запустите службу связки ключей или задайте ключ в переменной окружения, указанной в настройках поставщика. (%1)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The keychain refused access: %1</source>
        <translation>Связка ключей отказала в доступе: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No key is stored for this provider.</source>
        <translation>Для этого поставщика ключ не сохранён.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The keychain failed: %1</source>
        <translation>Ошибка связки ключей: %1</translation>
    </message>
</context>
<context>
    <name>ShellCallPanel</name>
    <message>
        <location filename="../widgets/shellcallview.cpp" line="+212"/>
        <source>Re-run locally</source>
        <translation>Повторить локально</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run the trace&apos;s commands again in a new local container</source>
        <translation>Снова выполнить команды трассы в новом локальном контейнере</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Shell calls the model makes appear here while they run.</source>
        <translation>Вызовы оболочки, которые делает модель, появляются здесь во время выполнения.</translation>
    </message>
</context>
<context>
    <name>ShellCallView</name>
    <message>
        <location line="-374"/>
        <source>%1 s</source>
        <translation>%1 с</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1:%2</source>
        <translation>%1:%2</translation>
    </message>
    <message>
        <location line="+210"/>
        <source>Running</source>
        <translation>Выполняется</translation>
    </message>
    <message>
        <location line="+25"/>
        <location line="+104"/>
        <source>Completed</source>
        <translation>Завершено</translation>
    </message>
    <message>
        <location line="-104"/>
        <location line="+108"/>
        <source>Incomplete</source>
        <translation>Не завершено</translation>
    </message>
    <message>
        <location line="-107"/>
        <source>from trace</source>
        <translation>из трассы</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Container %1</source>
        <translation>Контейнер %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>(unknown)</source>
        <translation>(неизвестно)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Sandbox cost of this call</source>
        <translation>Стоимость песочницы для этого вызова</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>cost —</source>
        <translation>стоимость —</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>$%1</source>
        <translation>$%1</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Completed (timeout)</source>
        <translation>Завершено (тайм-аут)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancelled</source>
        <translation>Отменено</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>not run</source>
        <translation>не выполнена</translation>
    </message>
</context>
<context>
    <name>TraceLoader</name>
    <message>
        <location filename="../engine/core/traceloader.cpp" line="+127"/>
        <source>The trace is not valid JSON: %1 at offset %2</source>
        <translation>Трасса не является корректным JSON: %1 в позиции %2</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>The file holds no shell calls (openrouter:shell items or server_tool_use blocks).</source>
        <translation>В файле нет вызовов оболочки (элементов openrouter:shell или блоков server_tool_use).</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cannot open %1: %2</source>
        <translation>Не удаётся открыть %1: %2</translation>
    </message>
</context>
<context>
    <name>WelcomePage</name>
    <message>
        <location filename="../widgets/welcomepage.cpp" line="+23"/>
        <source>Welcome to Sandbench</source>
        <translation>Добро пожаловать в Sandbench</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Sandbench runs the shell commands of AI agents in a sandbox on this computer and shows you every call as it happens.</source>
        <translation>Sandbench выполняет команды оболочки ИИ-агентов в песочнице на этом компьютере и показывает вам каждый вызов в момент выполнения.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Data folder: %1</source>
        <translation>Папка данных: %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Workspace: %1</source>
        <translation>Рабочее пространство: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>To see which isolation and limits this machine enforces, run “sandbench doctor” in a terminal.</source>
        <translation>Чтобы узнать, какую изоляцию и какие ограничения обеспечивает эта машина, выполните «sandbench doctor» в терминале.</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../widgets/guientry.cpp" line="+69"/>
        <source>The Sandbench desktop workbench.</source>
        <translation>Настольный верстак Sandbench.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Keep containers, logs and settings in &lt;dir&gt;.</source>
        <translation>Хранить контейнеры, журналы и настройки в каталоге &lt;каталог&gt;.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dir</source>
        <translation>каталог</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open the workspace &lt;name&gt; (default: default).</source>
        <translation>Открыть рабочее пространство &lt;имя&gt; (по умолчанию: default).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>name</source>
        <translation>имя</translation>
    </message>
</context>
</TS>
