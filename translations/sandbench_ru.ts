<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
<context>
    <name>ApiActivityPanel</name>
    <message>
        <location filename="../widgets/localapi/apiactivitypanel.cpp" line="+38"/>
        <source>This app&apos;s local API</source>
        <translation>Локальный API этого приложения</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Another server…</source>
        <translation>Другой сервер…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Local API settings…</source>
        <translation>Настройки локального API…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Clear</source>
        <translation>Очистить</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Remove the requests shown here (nothing is deleted from the logs)</source>
        <translation>Убрать показанные здесь запросы (из журналов ничего не удаляется)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>API key (sbk_…)</source>
        <translation>Ключ API (sbk_…)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Watch</source>
        <translation>Наблюдать</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Requests that other programs send to Sandbench&apos;s local API appear here while they run, with their shell calls and live output.</source>
        <translation>Запросы, которые другие программы отправляют в локальный API Sandbench, появляются здесь во время выполнения — вместе с их вызовами оболочки и выводом в реальном времени.</translation>
    </message>
    <message>
        <location line="+113"/>
        <source>&quot;%1&quot; is not a server address: use one like http://127.0.0.1:8642, as `sandbench serve` prints it.</source>
        <translation>«%1» — не адрес сервера: укажите адрес вида http://127.0.0.1:8642, как его выводит `sandbench serve`.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Enter an API key of the server&apos;s workspace (`sandbench keys create` prints one).</source>
        <translation>Введите ключ API рабочего пространства сервера (его выводит `sandbench keys create`).</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Watching this app&apos;s local API at %1 (workspace %2).</source>
        <translation>Наблюдение за локальным API этого приложения по адресу %1 (рабочее пространство %2).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Watching %1 (workspace %2).</source>
        <translation>Наблюдение за %1 (рабочее пространство %2).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Connecting to %1…</source>
        <translation>Подключение к %1…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Lost the connection to %1 (%2); trying again…</source>
        <translation>Соединение с %1 потеряно (%2); повторная попытка…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Enter the address of a `sandbench serve` and a key of its workspace, then Watch.</source>
        <translation>Введите адрес `sandbench serve` и ключ его рабочего пространства, затем нажмите «Наблюдать».</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The local API is not running: %1</source>
        <translation>Локальный API не запущен: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The local API is off, so other programs cannot reach Sandbench. Turn it on in Local API settings.</source>
        <translation>Локальный API выключен, поэтому другие программы не могут обращаться к Sandbench. Включите его в настройках локального API.</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Asking %1 to allow %2…</source>
        <translation>Запрос к %1 на разрешение %2…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 was not allowed: %2</source>
        <translation>%1 не разрешён: %2</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Local API</source>
        <translation>Локальный API</translation>
    </message>
</context>
<context>
    <name>ApiRequestView</name>
    <message>
        <location filename="../widgets/localapi/apirequestview.cpp" line="+39"/>
        <source>(joined while running)</source>
        <translation>(подключено во время выполнения)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+89"/>
        <source>Running</source>
        <translation>Выполняется</translation>
    </message>
    <message>
        <location line="-70"/>
        <source>No shell calls.</source>
        <translation>Вызовов оболочки нет.</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>Disconnected</source>
        <translation>Соединение потеряно</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The connection to the server was lost while this request ran; how it ended is in the server&apos;s request log.</source>
        <translation>Соединение с сервером прервалось во время выполнения запроса; чем он закончился, видно в журнале запросов сервера.</translation>
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
        <translation>Модель %1</translation>
    </message>
    <message numerus="yes">
        <location line="+28"/>
        <source>%n earlier shell call(s) of this request not shown</source>
        <translation>
            <numerusform>%n более ранний вызов оболочки этого запроса не показан</numerusform>
            <numerusform>%n более ранних вызова оболочки этого запроса не показаны</numerusform>
            <numerusform>%n более ранних вызовов оболочки этого запроса не показаны</numerusform>
        </translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Completed</source>
        <translation>Завершено</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancelled by the program</source>
        <translation>Отменено программой</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Failed (HTTP %1)</source>
        <translation>Ошибка (HTTP %1)</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The sandbox is metered per request: see the request&apos;s total above</source>
        <translation>Песочница тарифицируется за весь запрос: см. общую сумму запроса выше</translation>
    </message>
    <message numerus="yes">
        <location line="+52"/>
        <source>%n shell call(s)</source>
        <translation>
            <numerusform>%n вызов оболочки</numerusform>
            <numerusform>%n вызова оболочки</numerusform>
            <numerusform>%n вызовов оболочки</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 in / %2 out tokens</source>
        <translation>токены: %1 вх. / %2 вых.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>sandbox $%1</source>
        <translation>песочница $%1</translation>
    </message>
    <message>
        <location line="-38"/>
        <source>File received: %1 (%2)</source>
        <translation>Получен файл: %1 (%2)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Copied into container %1</source>
        <translation>Скопирован в контейнер %1</translation>
    </message>
</context>
<context>
    <name>ApprovalPrompt</name>
    <message>
        <location filename="../widgets/approvals/approvalprompt.cpp" line="+108"/>
        <source>The model wants to run a command</source>
        <translation>Модель хочет выполнить команду</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Note for the model (optional)</source>
        <translation>Заметка для модели (необязательно)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+5"/>
        <source>Allow once</source>
        <translation>Разрешить один раз</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>Allow for this conversation</source>
        <translation>Разрешить для этого разговора</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>These commands run without asking again in this conversation; deny rules still apply.</source>
        <translation>В этом разговоре эти команды выполняются без повторного вопроса; запрещающие правила по-прежнему действуют.</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+2"/>
        <source>Deny</source>
        <translation>Запретить</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>API request %1 (%2)</source>
        <translation>Запрос API %1 (%2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Conversation &quot;%1&quot; (%2)</source>
        <translation>Разговор «%1» (%2)</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n more waiting</source>
        <translation>
            <numerusform>ещё %n ожидает</numerusform>
            <numerusform>ещё %n ожидают</numerusform>
            <numerusform>ещё %n ожидают</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Why it asks: %1</source>
        <translation>Почему спрашивается: %1</translation>
    </message>
    <message numerus="yes">
        <location line="+32"/>
        <source>%n s left</source>
        <translation>
            <numerusform>осталась %n с</numerusform>
            <numerusform>осталось %n с</numerusform>
            <numerusform>осталось %n с</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ApprovalRulesBox</name>
    <message>
        <location filename="../widgets/settings/approvalrulesbox.cpp" line="+35"/>
        <source>Allow</source>
        <translation>Разрешить</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ask</source>
        <translation>Спросить</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Deny</source>
        <translation>Запретить</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Run everything</source>
        <translation>Выполнять всё</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ask before each call</source>
        <translation>Спрашивать перед каждым вызовом</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rules</source>
        <translation>Правила</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>Under “Rules” each command of a call gets the verdict of the first rule that matches it, and a command no rule matches asks; the strictest verdict decides the call (deny, then ask, then allow). A pattern is one command: * is any text, ? one character, so “python3 *” matches “python3 run.py” and a bare “python3”.</source>
        <translation>В режиме «Правила» каждая команда вызова получает решение первого подходящего правила, а для команды, которой не подходит ни одно правило, задаётся вопрос; вызов решает самое строгое решение (запретить, затем спросить, затем разрешить). Шаблон — это одна команда: * — любой текст, ? — один символ, так что «python3 *» подходит к «python3 run.py» и к просто «python3».</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Default &amp;mode:</source>
        <translation>&amp;Режим по умолчанию:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Wait for an answer:</source>
        <translation>&amp;Ждать ответа:</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>Approvals</source>
        <translation>Одобрения</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+67"/>
        <source>Approvals of “%1”</source>
        <translation>Одобрения «%1»</translation>
    </message>
    <message>
        <location line="-64"/>
        <source>What a conversation that keeps the workspace default does, and what API requests made with this workspace&apos;s keys do.</source>
        <translation>Что делает беседа, сохраняющая режим рабочего пространства по умолчанию, и что делают запросы API с ключами этого рабочего пространства.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> s</source>
        <translation> с</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How long a call waits for Allow or Deny (1 to %1 seconds); then the model gets a tool error.</source>
        <translation>Сколько вызов ждёт «Разрешить» или «Запретить» (от 1 до %1 секунд); затем модель получает ошибку инструмента.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Verdict</source>
        <translation>Решение</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Pattern</source>
        <translation>Шаблон</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Double-click a verdict or a pattern to change it. The first rule that matches a command decides.</source>
        <translation>Дважды щёлкните решение или шаблон, чтобы изменить его. Решает первое правило, подходящее к команде.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>New rule&apos;s pattern, e.g. python3 *</source>
        <translation>Шаблон нового правила, например python3 *</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Add</source>
        <translation>&amp;Добавить</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Remove</source>
        <translation>&amp;Удалить</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move &amp;Up</source>
        <translation>&amp;Вверх</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move &amp;Down</source>
        <translation>В&amp;низ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Test a command:</source>
        <translation>&amp;Проверить команду:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>e.g. python3 run.py | tee out.txt &amp;&amp; rm -rf build</source>
        <translation>например python3 run.py | tee out.txt &amp;&amp; rm -rf build</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save Appro&amp;vals</source>
        <translation>Со&amp;хранить одобрения</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>R&amp;evert</source>
        <translation>Отм&amp;енить изменения</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>The unsaved changes to the approvals of “%1” were dropped.</source>
        <translation>Несохранённые изменения одобрений «%1» отброшены.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The workspace&apos;s settings cannot be read: %1</source>
        <translation>Не удаётся прочитать настройки рабочего пространства: %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The saved approvals are not valid (%1), so every call asks until they are saved again.</source>
        <translation>Сохранённые одобрения недействительны (%1), поэтому каждый вызов спрашивает, пока они не будут сохранены заново.</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Rule %1: </source>
        <translation>Правило %1: </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the pattern is empty. Write the one command it matches, e.g. “python3 *”.</source>
        <translation>шаблон пуст. Напишите одну команду, к которой он подходит, например «python3 *».</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the pattern has %1 characters; at most %2 are allowed.</source>
        <translation>в шаблоне %1 символов; допускается не больше %2.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>“%1” contains a command substitution ($(…), `…`, &lt;(…)), which no rule can match. Write the command without it.</source>
        <translation>«%1» содержит подстановку команды ($(…), `…`, &lt;(…)), к которой не может подойти ни одно правило. Напишите команду без неё.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>“%1” is more than one command. A rule matches one command (| ; &amp; &amp;&amp; || and new lines separate commands), so write one rule for each.</source>
        <translation>«%1» — больше одной команды. Правило подходит к одной команде (| ; &amp; &amp;&amp; || и переводы строки разделяют команды), поэтому напишите по правилу на каждую.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>A workspace holds at most %1 rules; remove %2.</source>
        <translation>В рабочем пространстве не больше %1 правил; удалите %2.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Rule %1 repeats rule %2 (“%3”); remove one of them.</source>
        <translation>Правило %1 повторяет правило %2 («%3»); удалите одно из них.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>A workspace holds at most %1 rules; remove one before adding another.</source>
        <translation>В рабочем пространстве не больше %1 правил; удалите одно, прежде чем добавить новое.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Rule %1 is this rule already.</source>
        <translation>Правило %1 уже такое же.</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>Not saved. %1</source>
        <translation>Не сохранено. %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+10"/>
        <source>Not saved: %1</source>
        <translation>Не сохранено: %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Saved. The next shell or code call of the workspace follows these approvals; “sandbench approvals rules list” shows them.</source>
        <translation>Сохранено. Следующий вызов оболочки или кода в рабочем пространстве следует этим одобрениям; «sandbench approvals rules list» показывает их.</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Type a call to see which rule decides each of its commands.</source>
        <translation>Введите вызов, чтобы увидеть, какое правило решает каждую его команду.</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>“%1” → no rule matches: %2</source>
        <translation>«%1» → ни одно правило не подходит: %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>“%1” → rule %2, “%3”: %4</source>
        <translation>«%1» → правило %2, «%3»: %4</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No command to match.</source>
        <translation>Нет команды для сопоставления.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The call: %1</source>
        <translation>Вызов: %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Left out, not valid: rule %1.</source>
        <translation>Пропущено как недействительное: правило %1.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The rules decide only in conversations set to “Rules”; the default mode is “%1”.</source>
        <translation>Правила решают только в беседах с режимом «Правила»; режим по умолчанию — «%1».</translation>
    </message>
    <message>
        <location line="-9"/>
        <source>The rules cannot account for all of it (%1), so no rule allows it: it asks unless a rule denies one of its commands.</source>
        <translation>Правила не могут учесть всё в этом вызове (%1), поэтому ни одно правило его не разрешает: будет задан вопрос, если только правило не запрещает одну из его команд.</translation>
    </message>
</context>
<context>
    <name>CellOutputView</name>
    <message numerus="yes">
        <location filename="../widgets/shellcalls/celloutputview.cpp" line="+109"/>
        <source>[… %n character(s) of this cell&apos;s output dropped: max_output_length]</source>
        <translation>
            <numerusform>[… отброшен %n символ вывода этой ячейки: max_output_length]</numerusform>
            <numerusform>[… отброшено %n символа вывода этой ячейки: max_output_length]</numerusform>
            <numerusform>[… отброшено %n символов вывода этой ячейки: max_output_length]</numerusform>
        </translation>
    </message>
    <message>
        <location line="+134"/>
        <source>[… more of this output was left out: the window shows at most %1 rows and %2 columns of a table]</source>
        <translation>[… часть этого вывода опущена: окно показывает не более %1 строк и %2 столбцов таблицы]</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Loading image…</source>
        <translation>Загрузка изображения…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 could not be shown: it is not a PNG image the window can read, or it is larger than %2 megapixels.</source>
        <translation>%1 не удалось показать: это не изображение PNG, которое окно может прочитать, или оно больше %2 мегапикселей.</translation>
    </message>
</context>
<context>
    <name>ChangeListModel</name>
    <message>
        <location filename="../widgets/files/changelistmodel.cpp" line="+25"/>
        <source>added</source>
        <translation>добавлен</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>changed</source>
        <translation>изменён</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>deleted</source>
        <translation>удалён</translation>
    </message>
    <message>
        <location line="+32"/>
        <source> (not kept)</source>
        <translation> (не сохранено)</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 (%2). Not kept: storage budget: the content of this version was not kept (only its name and size), so it has no diff and cannot be restored.</source>
        <translation>%1 (%2). Не сохранено: лимит хранилища — содержимое этой версии не сохранено (только имя и размер), поэтому для неё нет сравнения и её нельзя восстановить.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Change</source>
        <translation>Изменение</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>File</source>
        <translation>Файл</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Size</source>
        <translation>Размер</translation>
    </message>
</context>
<context>
    <name>ChatSession</name>
    <message>
        <location filename="../engine/workspace/chatsession.cpp" line="+355"/>
        <source>Redacted by %1 before the model read it; the model received: “%2”</source>
        <translation>Скрыто правилом «%1» до того, как модель это прочла; модель получила: «%2»</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Flagged by %1; sent unchanged, and the detection is in the request log.</source>
        <translation>Отмечено правилом «%1»; отправлено без изменений, срабатывание записано в журнал запросов.</translation>
    </message>
    <message>
        <location line="+91"/>
        <source>Prompt-injection patterns</source>
        <translation>Шаблоны промпт-инъекций</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Email addresses</source>
        <translation>Адреса электронной почты</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Phone numbers</source>
        <translation>Номера телефонов</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Credit card numbers</source>
        <translation>Номера банковских карт</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>IP addresses</source>
        <translation>IP-адреса</translation>
    </message>
    <message>
        <location line="-324"/>
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
    <message>
        <location line="+9"/>
        <source>The question was not sent: the workspace&apos;s guardrail settings cannot be read (%1).</source>
        <translation>Вопрос не отправлен: не удаётся прочитать настройки защитных фильтров рабочего пространства (%1).</translation>
    </message>
    <message>
        <location line="+163"/>
        <source>Blocked by the guardrail &quot;%1&quot; (%2 detected); the question was not sent to the model. Rephrase it, or change the guardrail&apos;s action in the Guardrails panel.</source>
        <translation>Заблокировано защитным фильтром «%1» (обнаружено: %2); вопрос не отправлен модели. Переформулируйте его или измените действие фильтра на панели «Защитные фильтры».</translation>
    </message>
    <message numerus="yes">
        <location line="-17"/>
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
        <location filename="../widgets/chat/chatwidget.cpp" line="+269"/>
        <source>Sandbox time of this conversation: $0.0001 a second; a question that starts a new or sleeping container pays at least 30 seconds.</source>
        <translation>Время песочницы в этом разговоре: $0.0001 в секунду; вопрос, который запускает новый или спящий контейнер, оплачивается минимум за 30 секунд.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Drop a file here or use Attach, then ask a question about it. The model&apos;s shell commands run in this conversation&apos;s sandbox and appear in the Shell calls panel.</source>
        <translation>Перетащите сюда файл или нажмите «Прикрепить», затем задайте вопрос о нём. Команды модели выполняются в песочнице этого разговора и отображаются на панели «Вызовы оболочки».</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ask about your data… (Ctrl+Enter to send)</source>
        <translation>Спросите о своих данных… (Ctrl+Enter — отправить)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Attach…</source>
        <translation>Прикрепить…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Send</source>
        <translation>Отправить</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop</source>
        <translation>Стоп</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop the answer and end its running commands (Esc)</source>
        <translation>Остановить ответ и завершить его выполняющиеся команды (Esc)</translation>
    </message>
    <message>
        <location line="-215"/>
        <source>Assistant</source>
        <translation>Ассистент</translation>
    </message>
    <message numerus="yes">
        <location line="+344"/>
        <source>Running %n command(s) in the sandbox: %1</source>
        <translation>
            <numerusform>В песочнице выполняется %n команда: %1</numerusform>
            <numerusform>В песочнице выполняются %n команды: %1</numerusform>
            <numerusform>В песочнице выполняется %n команд: %1</numerusform>
        </translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Stopped.</source>
        <translation>Остановлено.</translation>
    </message>
    <message>
        <location line="-130"/>
        <source>Message box</source>
        <translation>Поле сообщения</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Send the message</source>
        <translation>Отправить сообщение</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop the answer</source>
        <translation>Остановить ответ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Type a tab in the message</source>
        <translation>Вставить табуляцию в сообщение</translation>
    </message>
    <message>
        <location line="+79"/>
        <source>%1 — a script plays the answers, no model is asked</source>
        <translation>%1 — ответы воспроизводит сценарий, модель не используется</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model: %1</source>
        <translation>Модель: %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Container %1</source>
        <translation>Контейнер %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Every shell command of this conversation runs in container %1; its files stay between questions and restarts.</source>
        <translation>Все команды оболочки этого разговора выполняются в контейнере %1; его файлы сохраняются между вопросами и перезапусками.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Sandbox cost: $%1</source>
        <translation>Стоимость песочницы: $%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No sandbox cost yet</source>
        <translation>Расходов песочницы пока нет</translation>
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
В песочнице: %2</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Remove this attachment</source>
        <translation>Удалить это вложение</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove %1</source>
        <translation>Удалить %1</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>Choose a model first.</source>
        <translation>Сначала выберите модель.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Attached files (in the sandbox): %1</source>
        <translation>Прикреплённые файлы (в песочнице): %1</translation>
    </message>
    <message>
        <location line="-511"/>
        <source>You</source>
        <translation>Вы</translation>
    </message>
</context>
<context>
    <name>CommandOutputView</name>
    <message>
        <location filename="../widgets/shellcalls/shellcallview.cpp" line="+169"/>
        <source>waiting</source>
        <translation>ожидает</translation>
    </message>
    <message numerus="yes">
        <location line="+45"/>
        <source>[… %n character(s) of output not shown here …]</source>
        <translation>
            <numerusform>[… %n символ вывода здесь не показан …]</numerusform>
            <numerusform>[… %n символа вывода здесь не показаны …]</numerusform>
            <numerusform>[… %n символов вывода здесь не показаны …]</numerusform>
        </translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Earlier output not shown here: %1 characters</source>
        <translation>Более ранний вывод здесь не показан: %1 символов</translation>
    </message>
    <message>
        <location line="+51"/>
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
        <location line="+3"/>
        <source>Ran for %1</source>
        <translation>Выполнялась %1</translation>
    </message>
</context>
<context>
    <name>CsvIndex</name>
    <message>
        <location filename="../engine/data/csvindex.cpp" line="+418"/>
        <source>Cannot open %1: it is a symbolic link; only regular files can be previewed.</source>
        <translation>Не удаётся открыть %1: это символическая ссылка; просматривать можно только обычные файлы.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cannot open %1: %2</source>
        <translation>Не удаётся открыть %1: %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot open %1: only regular files can be previewed.</source>
        <translation>Не удаётся открыть %1: просматривать можно только обычные файлы.</translation>
    </message>
</context>
<context>
    <name>CsvPreview</name>
    <message>
        <location filename="../widgets/common/csvpreview.cpp" line="+77"/>
        <source>%1 is empty (0 bytes): there are no rows to show.</source>
        <translation>%1 пуст (0 байт): строк для показа нет.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 is not a text table: it holds binary data (%2). Save it and open it with the program that made it.</source>
        <translation>%1 — не текстовая таблица: файл содержит двоичные данные (%2). Сохраните его и откройте программой, которая его создала.</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>%1 rows so far…</source>
        <translation>строк пока: %1…</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+7"/>
        <source>%1 rows</source>
        <translation>строк: %1</translation>
    </message>
</context>
<context>
    <name>DataLocationPage</name>
    <message>
        <location filename="../widgets/settings/datalocationpage.cpp" line="+47"/>
        <source>Data folder</source>
        <translation>Папка данных</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Containers, documents, request logs and snapshots of every workspace live here. Start Sandbench with --data-dir or SANDBENCH_DATA_DIR to use another folder.</source>
        <translation>Здесь хранятся контейнеры, документы, журналы запросов и снимки всех рабочих пространств. Чтобы использовать другую папку, запустите Sandbench с параметром --data-dir или с переменной окружения SANDBENCH_DATA_DIR.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Open in File Manager</source>
        <translation>&amp;Открыть в файловом менеджере</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Copy Path</source>
        <translation>&amp;Копировать путь</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Disk use</source>
        <translation>Использование диска</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Area</source>
        <translation>Область</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Workspace “%1”</source>
        <translation>Рабочее пространство «%1»</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>All workspaces</source>
        <translation>Все рабочие пространства</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Containers</source>
        <translation>Контейнеры</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Snapshots (file history)</source>
        <translation>Снимки (история файлов)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Documents</source>
        <translation>Документы</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Request logs</source>
        <translation>Журналы запросов</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Total</source>
        <translation>Всего</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Files in the containers&apos; home folders</source>
        <translation>Файлы в домашних папках контейнеров</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The per-command history of each container&apos;s files</source>
        <translation>История файлов каждого контейнера по командам</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Files promoted from containers</source>
        <translation>Файлы, добавленные в документы из контейнеров</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The local API&apos;s request and shell-call log</source>
        <translation>Журнал запросов и вызовов оболочки локального API</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Not measured yet.</source>
        <translation>Ещё не измерено.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Refresh</source>
        <translation>Об&amp;новить</translation>
    </message>
    <message>
        <location line="+281"/>
        <source>Measuring…</source>
        <translation>Измерение…</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Measured at %1. Workspaces: %2. The whole data folder uses %3.</source>
        <translation>Измерено в %1. Рабочих пространств: %2. Вся папка данных занимает %3.</translation>
    </message>
    <message>
        <location line="-279"/>
        <source>Clean up</source>
        <translation>Очистка</translation>
    </message>
    <message>
        <location line="+9"/>
        <source> days</source>
        <translation> дн.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>any age</source>
        <translation>любой давности</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Requests in the log older than</source>
        <translation>Запросы в журнале старше</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Containers no conversation uses (made by the local API or left behind)</source>
        <translation>Контейнеры, которые не использует ни один разговор (созданные локальным API или оставшиеся)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Files uploaded through the Files APIs</source>
        <translation>Файлы, загруженные через Files API</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Delete…</source>
        <translation>Удалить…</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>Looking at what can be deleted…</source>
        <translation>Поиск того, что можно удалить…</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Cannot clean up: %1</source>
        <translation>Не удалось очистить: %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Nothing to delete: no request in the log is older than %1 days.</source>
        <translation>Нечего удалять: в журнале нет запросов старше %1 дн.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nothing to delete: the request log is empty.</source>
        <translation>Нечего удалять: журнал запросов пуст.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nothing to delete: every container belongs to a conversation.</source>
        <translation>Нечего удалять: каждый контейнер принадлежит разговору.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nothing to delete: no file was uploaded through the Files APIs.</source>
        <translation>Нечего удалять: через Files API не загружено ни одного файла.</translation>
    </message>
    <message numerus="yes">
        <location line="+12"/>
        <source>Delete %n request(s) logged more than %1 days ago from the request log, with their shell calls and outputs? This frees about %2.</source>
        <translation>
            <numerusform>Удалить из журнала %n запрос старше %1 дн. вместе с вызовами оболочки и выводом? Это освободит около %2.</numerusform>
            <numerusform>Удалить из журнала %n запроса старше %1 дн. вместе с вызовами оболочки и выводом? Это освободит около %2.</numerusform>
            <numerusform>Удалить из журнала %n запросов старше %1 дн. вместе с вызовами оболочки и выводом? Это освободит около %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>Delete all %n request(s) from the request log, with their shell calls and outputs? This frees about %1.</source>
        <translation>
            <numerusform>Удалить из журнала весь %n запрос вместе с вызовами оболочки и выводом? Это освободит около %1.</numerusform>
            <numerusform>Удалить из журнала все %n запроса вместе с вызовами оболочки и выводом? Это освободит около %1.</numerusform>
            <numerusform>Удалить из журнала все %n запросов вместе с вызовами оболочки и выводом? Это освободит около %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>Delete %n container(s) that no conversation uses, with their files and history? This frees %1.</source>
        <translation>
            <numerusform>Удалить %n контейнер, который не использует ни один разговор, вместе с файлами и историей? Это освободит %1.</numerusform>
            <numerusform>Удалить %n контейнера, которые не использует ни один разговор, вместе с файлами и историей? Это освободит %1.</numerusform>
            <numerusform>Удалить %n контейнеров, которые не использует ни один разговор, вместе с файлами и историей? Это освободит %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>Delete %n file(s) uploaded through the Files APIs? Programs that still name them get an error. This frees %1.</source>
        <translation>
            <numerusform>Удалить %n файл, загруженный через Files API? Программы, которые на него ссылаются, получат ошибку. Это освободит %1.</numerusform>
            <numerusform>Удалить %n файла, загруженных через Files API? Программы, которые на них ссылаются, получат ошибку. Это освободит %1.</numerusform>
            <numerusform>Удалить %n файлов, загруженных через Files API? Программы, которые на них ссылаются, получат ошибку. Это освободит %1.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Nothing was deleted.</source>
        <translation>Ничего не удалено.</translation>
    </message>
    <message numerus="yes">
        <location line="+45"/>
        <source>Deleted %n request(s); the log is %1 smaller.</source>
        <translation>
            <numerusform>Удалён %n запрос; журнал уменьшился на %1.</numerusform>
            <numerusform>Удалено %n запроса; журнал уменьшился на %1.</numerusform>
            <numerusform>Удалено %n запросов; журнал уменьшился на %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Deleted %n container(s), freeing %1.</source>
        <translation>
            <numerusform>Удалён %n контейнер, освобождено %1.</numerusform>
            <numerusform>Удалено %n контейнера, освобождено %1.</numerusform>
            <numerusform>Удалено %n контейнеров, освобождено %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Deleted %n file(s), freeing %1.</source>
        <translation>
            <numerusform>Удалён %n файл, освобождено %1.</numerusform>
            <numerusform>Удалено %n файла, освобождено %1.</numerusform>
            <numerusform>Удалено %n файлов, освобождено %1.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 Not everything: %2</source>
        <translation>%1 Не всё: %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Delete</source>
        <translation>Удалить</translation>
    </message>
    <message>
        <location line="-280"/>
        <source>Uploaded files</source>
        <translation>Загруженные файлы</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Files that came in through the Files APIs of the local API</source>
        <translation>Файлы, пришедшие через Files API локального API</translation>
    </message>
</context>
<context>
    <name>DiffView</name>
    <message>
        <location filename="../widgets/files/diffview.cpp" line="+231"/>
        <source>Lines: %1</source>
        <translation>Строки: %1</translation>
    </message>
    <message>
        <location line="-123"/>
        <source>Unified</source>
        <translation>Объединённый</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Side by side</source>
        <translation>Рядом</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>Select a changed file to see its diff.</source>
        <translation>Выберите изменённый файл, чтобы увидеть различия.</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Not kept: %1. The history records that this version existed and its size, but its content was dropped to keep the container within its storage limit, so there is no diff to show and it cannot be restored.</source>
        <translation>Не сохранено: %1. История помнит, что эта версия существовала, и её размер, но содержимое удалено, чтобы контейнер не превысил лимит хранилища; поэтому сравнения нет и восстановить её нельзя.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Binary file: the two versions differ, no line diff to show.</source>
        <translation>Двоичный файл: версии различаются, построчное сравнение недоступно.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No differences: the file is the same in both versions.</source>
        <translation>Различий нет: файл одинаков в обеих версиях.</translation>
    </message>
    <message numerus="yes">
        <location line="+10"/>
        <source>%n line(s) added</source>
        <translation>
            <numerusform>добавлена %n строка</numerusform>
            <numerusform>добавлены %n строки</numerusform>
            <numerusform>добавлено %n строк</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n line(s) removed</source>
        <translation>
            <numerusform>удалена %n строка</numerusform>
            <numerusform>удалены %n строки</numerusform>
            <numerusform>удалено %n строк</numerusform>
        </translation>
    </message>
    <message>
        <location line="+111"/>
        <source>Diff truncated: it is larger than %1, the rest is not shown.</source>
        <translation>Различия обрезаны: они больше %1, остальное не показано.</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Only the first %1 lines of the diff are shown.</source>
        <translation>Показаны только первые %1 строк различий.</translation>
    </message>
</context>
<context>
    <name>DocumentsPanel</name>
    <message>
        <location filename="../widgets/documents/documentspanel.cpp" line="+177"/>
        <source>Files promoted from a container. Documents belong to the workspace and never expire.</source>
        <translation>Файлы, добавленные из контейнеров. Документы принадлежат рабочему пространству и хранятся бессрочно.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>No documents yet. Promote a file from a container (the Files panel, &lt;tt&gt;sandbench containers promote ID PATH&lt;/tt&gt; or the local API) to keep a copy here.</source>
        <translation>Документов пока нет. Добавьте файл из контейнера (на панели «Файлы», командой &lt;tt&gt;sandbench containers promote ID PATH&lt;/tt&gt; или через локальный API), чтобы хранить здесь его копию.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Open</source>
        <translation>Открыть</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open a copy in the desktop&apos;s application for this kind of file</source>
        <translation>Открыть копию в приложении, назначенном для файлов этого типа</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save As…</source>
        <translation>Сохранить как…</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+23"/>
        <source>Delete</source>
        <translation>Удалить</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Keep</source>
        <translation>Оставить</translation>
    </message>
    <message>
        <location line="+41"/>
        <location line="+177"/>
        <source>Select a document to see it here.</source>
        <translation>Выберите документ, чтобы просмотреть его здесь.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>%1 · from /workspace/home/%2 in %3</source>
        <translation>%1 · из /workspace/home/%2 в %3</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Loading…</source>
        <translation>Загрузка…</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 × %2 pixels</source>
        <translation>%1 × %2 пикс.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>[The preview shows the first %1; use Open or Save As for the whole file.]</source>
        <translation>[Показан только начальный фрагмент (%1); чтобы получить весь файл, используйте «Открыть» или «Сохранить как».]</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>No preview for this kind of file. Use Open to view it in another application, or Save As to keep a copy.</source>
        <translation>Для файлов этого типа просмотр недоступен. Нажмите «Открыть», чтобы посмотреть файл в другом приложении, или «Сохранить как», чтобы сохранить копию.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot read %1: %2</source>
        <translation>Не удаётся прочитать %1: %2</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Cannot open %1: %2</source>
        <translation>Не удаётся открыть %1: %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>No application on this computer opens %1. Use Save As to keep a copy and open it yourself.</source>
        <translation>На этом компьютере нет приложения, которое открывает %1. Сохраните копию с помощью «Сохранить как» и откройте её самостоятельно.</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Save a copy of %1</source>
        <translation>Сохранить копию %1</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Cannot save %1 to %2: %3</source>
        <translation>Не удаётся сохранить %1 в %2: %3</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Saved %1 to %2.</source>
        <translation>Файл %1 сохранён в %2.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Delete %1 from the workspace&apos;s documents? This cannot be undone.</source>
        <translation>Удалить %1 из документов рабочего пространства? Это действие нельзя отменить.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Cannot delete %1 completely; some of its files remain in %2.</source>
        <translation>Не удаётся полностью удалить %1; часть его файлов осталась в %2.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Deleted %1.</source>
        <translation>Документ %1 удалён.</translation>
    </message>
</context>
<context>
    <name>DocumentsPanelModel</name>
    <message>
        <location filename="../widgets/documents/documentspanelmodel.cpp" line="+136"/>
        <source>unknown</source>
        <translation>неизвестно</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1
Document %2
SHA-256 %3</source>
        <translation>%1
Документ %2
SHA-256 %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 bytes</source>
        <translation>%1 Б</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Promoted from /workspace/home/%1 in container %2</source>
        <translation>Добавлен из /workspace/home/%1 в контейнере %2</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Name</source>
        <translation>Имя</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Size</source>
        <translation>Размер</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Source</source>
        <translation>Источник</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Promoted</source>
        <translation>Добавлен</translation>
    </message>
</context>
<context>
    <name>EventStreamClient</name>
    <message>
        <location filename="../engine/server/eventstreamclient.cpp" line="+64"/>
        <source>&quot;%1&quot; is not a server address; use one like http://127.0.0.1:8642</source>
        <translation>«%1» — не адрес сервера; укажите адрес вида http://127.0.0.1:8642</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>The server refused the key: use a key of the server&apos;s workspace (Local API settings or `sandbench keys create`).</source>
        <translation>Сервер отклонил ключ: используйте ключ рабочего пространства сервера (см. настройки локального API или `sandbench keys create`).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The server closed the connection.</source>
        <translation>Сервер закрыл соединение.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Not watching a server.</source>
        <translation>Сервер не отслеживается.</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>The server&apos;s answer is over %1 KiB.</source>
        <translation>Ответ сервера больше %1 КиБ.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The server answered HTTP %1.</source>
        <translation>Сервер ответил HTTP %1.</translation>
    </message>
</context>
<context>
    <name>FileImport</name>
    <message>
        <location filename="../engine/sandbox/history/fileimport.cpp" line="+76"/>
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
        <location line="+15"/>
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
        <source>Cannot open the container&apos;s home folder %1: %2</source>
        <translation>Не удаётся открыть домашнюю папку контейнера %1: %2</translation>
    </message>
    <message>
        <location line="+50"/>
        <location line="+94"/>
        <location line="+13"/>
        <source>Cannot write %1: %2</source>
        <translation>Не удаётся записать %1: %2</translation>
    </message>
    <message>
        <location line="-59"/>
        <location line="+64"/>
        <source>Cannot write %1 into the container: %2 names are taken already.</source>
        <translation>Не удаётся записать %1 в контейнер: уже занято имён: %2.</translation>
    </message>
    <message>
        <location line="-133"/>
        <location line="+28"/>
        <location line="+9"/>
        <source>Copying %1 failed: %2</source>
        <translation>Не удалось скопировать %1: %2</translation>
    </message>
    <message>
        <location line="-40"/>
        <location line="+37"/>
        <source>%1 grew beyond the upload limit while it was copied.</source>
        <translation>Файл %1 во время копирования превысил ограничение на размер загрузки.</translation>
    </message>
    <message>
        <location line="-47"/>
        <source>Cannot hand %1 to the sandbox user: %2</source>
        <translation>Не удаётся передать %1 пользователю песочницы: %2</translation>
    </message>
    <message>
        <location line="-10"/>
        <source>%1 is not a file name.</source>
        <translation>%1 — не имя файла.</translation>
    </message>
</context>
<context>
    <name>FilePreview</name>
    <message>
        <location filename="../widgets/files/filepreview.cpp" line="+314"/>
        <source>Select a file to preview it.</source>
        <translation>Выберите файл для просмотра.</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Loading %1…</source>
        <translation>Загрузка %1…</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 — %2, %3</source>
        <translation>%1 — %2, %3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 no longer exists in the container: it was deleted or renamed after the list was read.</source>
        <translation>%1 больше нет в контейнере: файл удалён или переименован после чтения списка.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cannot show %1: %2</source>
        <translation>Не удаётся показать %1: %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Binary file (%1, %2): no preview. Use Save to copy it to this computer.</source>
        <translation>Двоичный файл (%1, %2): просмотр недоступен. Нажмите «Сохранить как», чтобы скопировать его на этот компьютер.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 × %2 pixels</source>
        <translation>%1 × %2 пикс.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 is %2, larger than the %3 a table preview is made for. Use Save As… to copy it to this computer.</source>
        <translation>Размер %1 — %2, больше %3, на которые рассчитан табличный просмотр. Скопируйте файл на этот компьютер через «Сохранить как…».</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Cannot open %1 as a table.</source>
        <translation>Не удаётся открыть %1 как таблицу.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Showing the first %1 of %2.</source>
        <translation>Показан начальный фрагмент: %1 из %2.</translation>
    </message>
    <message>
        <location line="-184"/>
        <source>Show source</source>
        <translation>Показать исходный текст</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show the Markdown file as its source text instead of formatted</source>
        <translation>Показать файл Markdown исходным текстом, а не отформатированным</translation>
    </message>
    <message>
        <location line="+196"/>
        <source>%1 is %2: Markdown larger than %3 is shown as source, not formatted.</source>
        <translation>%1 занимает %2: Markdown больше %3 показывается исходным текстом, без форматирования.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 nests quotes or lists %2 deep: Markdown deeper than %3 is shown as source, not formatted.</source>
        <translation>%1 вкладывает цитаты или списки на глубину %2: Markdown глубже %3 показывается исходным текстом, без форматирования.</translation>
    </message>
    <message>
        <location line="+79"/>
        <source>[image not loaded: %1]</source>
        <translation>[изображение не загружено: %1]</translation>
    </message>
</context>
<context>
    <name>FileTreeModel</name>
    <message>
        <location filename="../widgets/files/filetreemodel.cpp" line="+171"/>
        <source>%1 — %2 bytes</source>
        <translation>%1 — %2 Б</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Name</source>
        <translation>Имя</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Size</source>
        <translation>Размер</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Modified</source>
        <translation>Изменён</translation>
    </message>
</context>
<context>
    <name>FilesPanel</name>
    <message>
        <location filename="../widgets/files/filespanel.cpp" line="+95"/>
        <source>Refresh</source>
        <translation>Обновить</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read the files and history again</source>
        <translation>Заново прочитать файлы и историю</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save As…</source>
        <translation>Сохранить как…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the selected file on this computer</source>
        <translation>Сохранить выбранный файл на этом компьютере</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Promote</source>
        <translation>В документы</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy the selected file to the workspace&apos;s documents, which never expire</source>
        <translation>Скопировать выбранный файл в документы рабочего пространства, которые хранятся бессрочно</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Hidden files</source>
        <translation>Скрытые файлы</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Also list files and folders whose name starts with a dot (.cache, .config, .sandbench)</source>
        <translation>Показывать также файлы и папки, имя которых начинается с точки (.cache, .config, .sandbench)</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Files</source>
        <translation>Файлы</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>History</source>
        <translation>История</translation>
    </message>
    <message>
        <location line="+153"/>
        <source>Cannot list the container&apos;s files: %1</source>
        <translation>Не удаётся получить список файлов контейнера: %1</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>%1 was deleted.</source>
        <translation>Файл %1 удалён.</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Cannot open &quot;%1&quot;: %2. Paths are relative to /workspace/home and may not contain &quot;..&quot; or start with &quot;/&quot;.</source>
        <translation>Не удаётся открыть «%1»: %2. Пути указываются относительно /workspace/home, не могут содержать «..» и начинаться с «/».</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>There is no file &quot;%1&quot; in the container.</source>
        <translation>В контейнере нет файла «%1».</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Save %1</source>
        <translation>Сохранить %1</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Cannot save %1: it no longer exists in the container (deleted or renamed).</source>
        <translation>Не удаётся сохранить %1: файла больше нет в контейнере (удалён или переименован).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot save %1: %2</source>
        <translation>Не удаётся сохранить %1: %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Saved %1 to %2.</source>
        <translation>Файл %1 сохранён в %2.</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>This workspace has no documents folder.</source>
        <translation>У этого рабочего пространства нет папки документов.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Cannot promote %1: %2</source>
        <translation>Не удаётся добавить %1 в документы: %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Promoted %1 to Documents (%2).</source>
        <translation>Файл %1 добавлен в документы (%2).</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>No container</source>
        <translation>Нет контейнера</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%1 — %n file(s), %2</source>
        <translation>
            <numerusform>%1 — %n файл, %2</numerusform>
            <numerusform>%1 — %n файла, %2</numerusform>
            <numerusform>%1 — %n файлов, %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>(%n hidden)</source>
        <translation>
            <numerusform>(%n скрыт)</numerusform>
            <numerusform>(%n скрыто)</numerusform>
            <numerusform>(%n скрыто)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(only the first %1 files are listed)</source>
        <translation>(показаны только первые %1 файлов)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>/workspace/home of container %1</source>
        <translation>/workspace/home контейнера %1</translation>
    </message>
</context>
<context>
    <name>GuardrailsPanel</name>
    <message>
        <location filename="../widgets/guardrails/guardrailspanel.cpp" line="+42"/>
        <source>Flag</source>
        <translation>Отмечать</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Redact</source>
        <translation>Маскировать</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Block</source>
        <translation>Блокировать</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Guardrails</source>
        <translation>Защитные фильтры</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Test</source>
        <translation>Проверка</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Flag report</source>
        <translation>Отчёт о срабатываниях</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Prompt injection</source>
        <translation>Промпт-инъекции</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Prompt-injection patterns</source>
        <translation>Шаблоны промпт-инъекций</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Regular expressions for attempts to override the model&apos;s instructions</source>
        <translation>Регулярные выражения для попыток переопределить инструкции модели</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>Pattern set version %1: %n pattern(s) in %2 families (languages: %3). The gateway uses the set built into this Sandbench.</source>
        <translation>
            <numerusform>Набор шаблонов версии %1: %n шаблон, семейств: %2 (языки: %3). Шлюз использует набор, встроенный в эту сборку Sandbench.</numerusform>
            <numerusform>Набор шаблонов версии %1: %n шаблона, семейств: %2 (языки: %3). Шлюз использует набор, встроенный в эту сборку Sandbench.</numerusform>
            <numerusform>Набор шаблонов версии %1: %n шаблонов, семейств: %2 (языки: %3). Шлюз использует набор, встроенный в эту сборку Sandbench.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Personal data</source>
        <translation>Персональные данные</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Email addresses</source>
        <translation>Адреса электронной почты</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Phone numbers</source>
        <translation>Номера телефонов</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Credit card numbers</source>
        <translation>Номера банковских карт</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>13 to 19 digits that pass the Luhn check</source>
        <translation>От 13 до 19 цифр, проходящих проверку по алгоритму Луна</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>IP addresses</source>
        <translation>IP-адреса</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>IPv4 and IPv6</source>
        <translation>IPv4 и IPv6</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Also scan sandbox output before the model reads it</source>
        <translation>Также проверять вывод песочницы до того, как его прочитает модель</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Every guardrail that is on reads the output of shell calls, whatever its scope: redact hides the matches, block withholds the output.</source>
        <translation>Каждый включённый защитный фильтр проверяет вывод вызовов оболочки независимо от области действия: «Маскировать» скрывает совпадения, «Блокировать» не передаёт вывод модели.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Flag records a detection and forwards the request unchanged. Redact replaces each match with a label such as [EMAIL]. Block refuses the request with HTTP 403 before it reaches the model. When several fire, the strictest wins. &quot;User messages&quot; reads only what users wrote; &quot;All messages&quot; also reads system, developer and assistant text.</source>
        <translation>«Отмечать» записывает срабатывание и передаёт запрос без изменений. «Маскировать» заменяет каждое совпадение меткой, например [EMAIL]. «Блокировать» отклоняет запрос с кодом HTTP 403 до того, как он дойдёт до модели. Если срабатывает несколько фильтров, применяется самое строгое действие. «Сообщения пользователя» — проверяется только то, что написали пользователи; «Все сообщения» — также текст системы, разработчика и ассистента.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Save</source>
        <translation>Сохранить</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Revert</source>
        <translation>Вернуть</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>User messages</source>
        <translation>Сообщения пользователя</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>All messages</source>
        <translation>Все сообщения</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>User message</source>
        <translation>Сообщение пользователя</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>System message</source>
        <translation>Системное сообщение</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Assistant message</source>
        <translation>Сообщение ассистента</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sandbox output</source>
        <translation>Вывод песочницы</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Type or paste a sample message; matches are highlighted here.</source>
        <translation>Введите или вставьте пример сообщения; совпадения будут подсвечены здесь.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>What the model would read:</source>
        <translation>Что прочитает модель:</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Match</source>
        <translation>Совпадение</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+49"/>
        <source>Guardrail</source>
        <translation>Защитный фильтр</translation>
    </message>
    <message>
        <location line="-49"/>
        <source>Pattern</source>
        <translation>Шаблон</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Action</source>
        <translation>Действие</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Test as:</source>
        <translation>Проверить как:</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Last 24 hours</source>
        <translation>Последние 24 часа</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Last 7 days</source>
        <translation>Последние 7 дней</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Last 30 days</source>
        <translation>Последние 30 дней</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>All logged requests</source>
        <translation>Все записанные запросы</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Requests matched</source>
        <translation>Запросов с совпадениями</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Share</source>
        <translation>Доля</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Set to now</source>
        <translation>Текущее действие</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Every detection is recorded whatever the action, so running a guardrail with Flag first shows how much of the real traffic Redact would change or Block would refuse.</source>
        <translation>Каждое срабатывание записывается независимо от действия, поэтому, если сначала запустить фильтр с действием «Отмечать», будет видно, какую часть реального трафика изменило бы «Маскировать» или отклонило бы «Блокировать».</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Period:</source>
        <translation>Период:</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>The workspace&apos;s guardrail settings cannot be read: %1. Requests are refused until the file is fixed; Save replaces it with the settings shown here.</source>
        <translation>Не удаётся прочитать настройки защитных фильтров рабочего пространства: %1. Запросы отклоняются, пока файл не будет исправлен; «Сохранить» заменит его настройками, показанными здесь.</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>Unsaved changes: the test box already uses them; requests use them once saved.</source>
        <translation>Есть несохранённые изменения: поле проверки уже их учитывает, а запросы начнут учитывать после сохранения.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No guardrail is on for this workspace.</source>
        <translation>Для этого рабочего пространства не включён ни один защитный фильтр.</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n guardrail(s) on; saved in %1.</source>
        <translation>
            <numerusform>Включён %n защитный фильтр; сохранено в %1.</numerusform>
            <numerusform>Включено %n защитных фильтра; сохранено в %1.</numerusform>
            <numerusform>Включено %n защитных фильтров; сохранено в %1.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+37"/>
        <source>The guardrails could not be saved: %1</source>
        <translation>Не удалось сохранить защитные фильтры: %1</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>%1 was changed outside this panel. Revert loads that version; Save keeps yours.</source>
        <translation>Файл %1 изменён вне этой панели. «Вернуть» загрузит ту версию; «Сохранить» оставит вашу.</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>Type a sample above to see what the guardrails that are on would do with it.</source>
        <translation>Введите пример выше, чтобы увидеть, что с ним сделают включённые защитные фильтры.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No guardrail is on: every request is forwarded unchanged. Turn one on in the Guardrails tab to test it here.</source>
        <translation>Ни один защитный фильтр не включён: все запросы передаются без изменений. Включите фильтр на вкладке «Защитные фильтры», чтобы проверить его здесь.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sandbox output is not scanned: the model reads it unchanged. Turn on &quot;Also scan sandbox output&quot; to guard it.</source>
        <translation>Вывод песочницы не проверяется: модель читает его без изменений. Включите «Также проверять вывод песочницы», чтобы защитить его.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No guardrail is on: forwarded unchanged.</source>
        <translation>Ни один защитный фильтр не включён: передаётся без изменений.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;Forwarded unchanged&lt;/b&gt;: nothing matched.</source>
        <translation>&lt;b&gt;Передано без изменений&lt;/b&gt;: совпадений нет.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>the guardrail &quot;%1&quot; found %2.</source>
        <translation>защитный фильтр «%1» обнаружил %2.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;b&gt;Withheld&lt;/b&gt;: the model gets a tool error instead of this output: %1</source>
        <translation>&lt;b&gt;Не передано&lt;/b&gt;: вместо этого вывода модель получит ошибку инструмента: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;Blocked with HTTP 403&lt;/b&gt; before the model: %1</source>
        <translation>&lt;b&gt;Заблокировано с кодом HTTP 403&lt;/b&gt; до передачи модели: %1</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>&lt;b&gt;Forwarded redacted&lt;/b&gt;: %n match(es) found.</source>
        <translation>
            <numerusform>&lt;b&gt;Передано с маскированием&lt;/b&gt;: найдено %n совпадение.</numerusform>
            <numerusform>&lt;b&gt;Передано с маскированием&lt;/b&gt;: найдено %n совпадения.</numerusform>
            <numerusform>&lt;b&gt;Передано с маскированием&lt;/b&gt;: найдено %n совпадений.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>&lt;b&gt;Forwarded unchanged and flagged&lt;/b&gt;: %n detection(s) would be recorded.</source>
        <translation>
            <numerusform>&lt;b&gt;Передано без изменений и отмечено&lt;/b&gt;: будет записано %n срабатывание.</numerusform>
            <numerusform>&lt;b&gt;Передано без изменений и отмечено&lt;/b&gt;: будет записано %n срабатывания.</numerusform>
            <numerusform>&lt;b&gt;Передано без изменений и отмечено&lt;/b&gt;: будет записано %n срабатываний.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+34"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>%1 of %2</source>
        <translation>%1 из %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>off</source>
        <translation>выключен</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>No logged requests in this period yet. Turn guardrails on with Flag and send traffic through the local API to see what Redact or Block would do.</source>
        <translation>За этот период записанных запросов пока нет. Включите защитные фильтры с действием «Отмечать» и отправьте трафик через локальный API, чтобы увидеть, что сделали бы «Маскировать» или «Блокировать».</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%n request(s) logged in this period.</source>
        <translation>
            <numerusform>За этот период записан %n запрос.</numerusform>
            <numerusform>За этот период записано %n запроса.</numerusform>
            <numerusform>За этот период записано %n запросов.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 of them (%2 %) had at least one detection: with Redact or Block, those would have been changed or refused.</source>
        <translation>%1 из них (%2 %) имели хотя бы одно срабатывание: при маскировании или блокировке они были бы изменены или отклонены.</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>%n detection(s) were reported as false positives.</source>
        <translation>
            <numerusform>%n срабатывание помечено как ложное.</numerusform>
            <numerusform>%n срабатывания помечены как ложные.</numerusform>
            <numerusform>%n срабатываний помечены как ложные.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HistoryModel</name>
    <message>
        <location filename="../widgets/files/historymodel.cpp" line="+163"/>
        <source>Files</source>
        <translation>Файлы</translation>
    </message>
    <message>
        <location line="-103"/>
        <source>Restore: %1</source>
        <translation>Восстановление: %1</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>%1 (timed out)</source>
        <translation>%1 (тайм-аут)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (exit %2)</source>
        <translation>%1 (код %2)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 — attached by you</source>
        <translation>%1 — прикреплено вами</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Saved after an interruption (during: %1)</source>
        <translation>Сохранено после прерывания (во время: %1)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Saved after an interruption</source>
        <translation>Сохранено после прерывания</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 (%2 not kept: storage budget)</source>
        <translation>%1 (не сохранено: %2, лимит хранилища)</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>You attached %1: it was copied into /workspace/home.</source>
        <translation>Вы прикрепили %1: файл скопирован в /workspace/home.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A restore from this history: %1</source>
        <translation>Восстановление из этой истории: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Files changed while Sandbench was interrupted (a crash or a kill), saved when the container woke up: %1</source>
        <translation>Файлы, изменённые, пока Sandbench был прерван (сбой или принудительное завершение), сохранены при пробуждении контейнера: %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 added, %2 changed, %3 deleted; the content of %4 of these versions was not kept (storage budget)</source>
        <translation>добавлено: %1, изменено: %2, удалено: %3; содержимое %4 из этих версий не сохранено (лимит хранилища)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 added, %2 changed, %3 deleted</source>
        <translation>добавлено: %1, изменено: %2, удалено: %3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1, took %2 ms</source>
        <translation>%1, длительность %2 мс</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Made by</source>
        <translation>Источник</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Time</source>
        <translation>Время</translation>
    </message>
</context>
<context>
    <name>HistoryView</name>
    <message>
        <location filename="../widgets/files/historyview.cpp" line="+74"/>
        <source>No commands have changed files in this container yet.</source>
        <translation>В этом контейнере ещё ни одна команда не изменяла файлы.</translation>
    </message>
    <message>
        <location line="+297"/>
        <source>Restore This Version</source>
        <translation>Восстановить эту версию</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Restore Version Before</source>
        <translation>Восстановить предыдущую версию</translation>
    </message>
    <message>
        <location line="-320"/>
        <source>Restore Workspace…</source>
        <translation>Восстановить все файлы…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Put every file under /workspace/home back as it was after the selected command</source>
        <translation>Вернуть все файлы в /workspace/home в состояние после выбранной команды</translation>
    </message>
    <message>
        <location line="+143"/>
        <source>Cannot read the file history: %1</source>
        <translation>Не удаётся прочитать историю файлов: %1</translation>
    </message>
    <message>
        <location line="+70"/>
        <source>Cannot read what the command changed: %1</source>
        <translation>Не удаётся прочитать, что изменила команда: %1</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Loading the diff of %1…</source>
        <translation>Загрузка различий для %1…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cannot show the diff of %1: %2</source>
        <translation>Не удаётся показать различия для %1: %2</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>The restore is recorded in the history, so it can be undone.</source>
        <translation>Восстановление записывается в историю, поэтому его можно отменить.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not kept: storage budget. This version&apos;s content was not kept, so it cannot be restored.</source>
        <translation>Не сохранено: лимит хранилища. Содержимое этой версии не сохранено, поэтому её нельзя восстановить.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Select a file to put it back as the selected entry left it</source>
        <translation>Выберите файл, чтобы вернуть его в состояние после выбранной записи</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The selected entry deleted %1: there is no version of it after this entry.</source>
        <translation>Выбранная запись удалила %1: после неё версии этого файла нет.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Put %1 back as the selected entry left it. %2</source>
        <translation>Вернуть %1 в состояние после выбранной записи. %2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Delete, as Before</source>
        <translation>Удалить, как было</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 did not exist before the selected entry: delete it from /workspace/home. %2</source>
        <translation>%1 не существовал до выбранной записи: удалить его из /workspace/home. %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Restore Deleted File</source>
        <translation>Восстановить удалённый файл</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Put %1 back as it was before the selected entry deleted it. %2</source>
        <translation>Вернуть %1 в состояние до того, как выбранная запись его удалила. %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Put %1 back as it was before the selected entry. %2</source>
        <translation>Вернуть %1 в состояние до выбранной записи. %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select a file to put it back as it was before the selected entry</source>
        <translation>Выберите файл, чтобы вернуть его в состояние до выбранной записи</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Nothing was saved before this entry: it is the first one.</source>
        <translation>До этой записи ничего не сохранялось: она первая.</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>%1 is already as this entry left it: nothing was restored.</source>
        <translation>%1 уже в состоянии после этой записи: ничего не восстановлено.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is already as it was before this entry: nothing was restored.</source>
        <translation>%1 уже в состоянии до этой записи: ничего не восстановлено.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Restored %1 as this entry left it.</source>
        <translation>%1 восстановлен в состояние после этой записи.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Restored %1 as it was before this entry.</source>
        <translation>%1 восстановлен в состояние до этой записи.</translation>
    </message>
    <message>
        <location line="-29"/>
        <source>Cannot restore %1: no earlier version of it was saved.</source>
        <translation>Не удаётся восстановить %1: более ранняя версия не сохранена.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Cannot restore %1: %2</source>
        <translation>Не удаётся восстановить %1: %2</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Restore Workspace</source>
        <translation>Восстановить все файлы</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Put every file under /workspace/home back as it was after this command?</source>
        <translation>Вернуть все файлы в /workspace/home в состояние после этой команды?</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Files created later are deleted. The restore itself is recorded in the history, so it can be undone.</source>
        <translation>Файлы, созданные позже, будут удалены. Само восстановление записывается в историю, поэтому его можно отменить.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Restore</source>
        <translation>Восстановить</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Cannot restore the workspace: %1</source>
        <translation>Не удаётся восстановить файлы: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The workspace is already as it was after this command: nothing was restored.</source>
        <translation>Файлы уже в том состоянии, что и после этой команды: ничего не восстановлено.</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Restored the workspace: %n file(s) changed.</source>
        <translation>
            <numerusform>Файлы восстановлены: изменён %n файл.</numerusform>
            <numerusform>Файлы восстановлены: изменено %n файла.</numerusform>
            <numerusform>Файлы восстановлены: изменено %n файлов.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ImageViewer</name>
    <message>
        <location filename="../widgets/common/imageviewer.cpp" line="+45"/>
        <source>%1 — Image</source>
        <translation>%1 — изображение</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Fit</source>
        <translation>Вписать</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Fit the image to the window</source>
        <translation>Вписать изображение в окно</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>100%</source>
        <translation>100 %</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Show the image&apos;s own pixels</source>
        <translation>Показать изображение пиксель в пиксель</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Zoom in</source>
        <translation>Увеличить</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Zoom in (Ctrl++ or Ctrl+wheel)</source>
        <translation>Увеличить (Ctrl++ или Ctrl+колесо)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Zoom out</source>
        <translation>Уменьшить</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Zoom out (Ctrl+- or Ctrl+wheel)</source>
        <translation>Уменьшить (Ctrl+- или Ctrl+колесо)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Copy</source>
        <translation>Копировать</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Copy the image</source>
        <translation>Копировать изображение</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save as…</source>
        <translation>Сохранить как…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Save the image to a file</source>
        <translation>Сохранить изображение в файл</translation>
    </message>
    <message>
        <location line="+99"/>
        <source>%1%</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Image copied.</source>
        <translation>Изображение скопировано.</translation>
    </message>
</context>
<context>
    <name>InlineConfirm</name>
    <message>
        <location filename="../widgets/common/inlineconfirm.cpp" line="+55"/>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
</context>
<context>
    <name>InlineImage</name>
    <message>
        <location filename="../widgets/common/inlineimage.cpp" line="+82"/>
        <source>%1 — click to enlarge, right-click to copy or save</source>
        <translation>%1 — щёлкните, чтобы увеличить; правый щелчок — копировать или сохранить</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Copy image</source>
        <translation>Копировать изображение</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save image as…</source>
        <translation>Сохранить изображение как…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open at full size</source>
        <translation>Открыть в полном размере</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Image copied.</source>
        <translation>Изображение скопировано.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Save image as</source>
        <translation>Сохранить изображение как</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PNG images (*.png)</source>
        <translation>Изображения PNG (*.png)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>All files (*)</source>
        <translation>Все файлы (*)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Saved to %1.</source>
        <translation>Сохранено в %1.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Could not save the image to %1: %2. Choose a folder you can write to.</source>
        <translation>Не удалось сохранить изображение в %1: %2. Выберите папку, в которую можно записывать.</translation>
    </message>
</context>
<context>
    <name>InlineMessage</name>
    <message>
        <location filename="../widgets/common/inlinemessage.cpp" line="+28"/>
        <source>Close</source>
        <translation>Закрыть</translation>
    </message>
</context>
<context>
    <name>KeychainSecrets</name>
    <message>
        <location filename="../engine/secrets/keychainsecrets.cpp" line="+94"/>
        <source>The API key of provider &quot;%1&quot; is still being read from the system keychain; send again in a moment.</source>
        <translation>Ключ API поставщика «%1» ещё считывается из системной связки ключей; повторите отправку через несколько секунд.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The API key of provider &quot;%1&quot; is kept in the system keychain, which cannot be reached. %2</source>
        <translation>Ключ API поставщика «%1» хранится в системной связке ключей, которая недоступна. %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The API key of provider &quot;%1&quot; is no longer in the system keychain; enter it again in File › Model Providers.</source>
        <translation>Ключа API поставщика «%1» больше нет в системной связке ключей; введите его снова в меню Файл › Поставщики моделей.</translation>
    </message>
</context>
<context>
    <name>LanguagePage</name>
    <message>
        <location filename="../widgets/settings/languagepage.cpp" line="+22"/>
        <source>System default (%1)</source>
        <translation>Как в системе (%1)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>System default</source>
        <translation>Как в системе</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>The language of menus, dialogs, messages, dates and times. It applies at once to every window; Qt&apos;s standard dialogs and buttons follow it too.</source>
        <translation>Язык меню, диалогов, сообщений, дат и времени. Применяется сразу ко всем окнам; стандартные диалоги и кнопки Qt тоже следуют ему.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Language:</source>
        <translation>&amp;Язык:</translation>
    </message>
</context>
<context>
    <name>LocalApiController</name>
    <message>
        <location filename="../widgets/localapi/localapicontroller.cpp" line="+66"/>
        <source>The port must be a whole number from %1 to %2 (got &quot;%3&quot;); ports below %1 are reserved for system services.</source>
        <translation>Порт должен быть целым числом от %1 до %2 (получено «%3»); порты ниже %1 зарезервированы для системных служб.</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>The window is closing.</source>
        <translation>Окно закрывается.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Port %1 is already in use by the local API of another Sandbench window (workspace “%2”). Choose another port, or turn the local API off in that window.</source>
        <translation>Порт %1 уже занят локальным API другого окна Sandbench (рабочее пространство «%2»). Выберите другой порт или отключите локальный API в том окне.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Port %1 is already in use by another program (perhaps `sandbench serve` in a terminal). Choose another port, or stop that program and turn the API on again.</source>
        <translation>Порт %1 уже занят другой программой (возможно, `sandbench serve` в терминале). Выберите другой порт или остановите ту программу и снова включите API.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cannot listen on 127.0.0.1:%1: %2</source>
        <translation>Не удаётся прослушивать 127.0.0.1:%1: %2</translation>
    </message>
</context>
<context>
    <name>LocalApiIndicator</name>
    <message>
        <location filename="../widgets/localapi/localapiindicator.cpp" line="+23"/>
        <source>Local API: %1</source>
        <translation>Локальный API: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Other programs can send requests to %1/api/v1. Click for the local API settings.</source>
        <translation>Другие программы могут отправлять запросы на %1/api/v1. Щёлкните, чтобы открыть настройки локального API.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Local API: not running</source>
        <translation>Локальный API: не запущен</translation>
    </message>
</context>
<context>
    <name>LocalApiPage</name>
    <message>
        <location filename="../widgets/localapi/localapipage.cpp" line="+37"/>
        <source>Copy</source>
        <translation>Копировать</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Other programs on this computer can send Responses and Messages requests with the openrouter:shell tool to Sandbench. Their shell calls run in this workspace&apos;s sandboxes and appear live in the Other programs panel. The API listens on 127.0.0.1 only and needs one of the keys below.</source>
        <translation>Другие программы на этом компьютере могут отправлять в Sandbench запросы Responses и Messages с инструментом openrouter:shell. Их вызовы оболочки выполняются в песочницах этого рабочего пространства и в реальном времени отображаются на панели «Другие программы». API принимает подключения только на 127.0.0.1 и требует один из ключей ниже.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Run the local API while Sandbench is open</source>
        <translation>Запускать локальный API, пока открыт Sandbench</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>A port from %1 to %2</source>
        <translation>Порт от %1 до %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Apply</source>
        <translation>Применить</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Copy the API&apos;s base URL</source>
        <translation>Скопировать базовый URL API</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Port:</source>
        <translation>Порт:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Status:</source>
        <translation>Состояние:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Base URL:</source>
        <translation>Базовый URL:</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>API keys of workspace %1</source>
        <translation>Ключи API рабочего пространства %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Key</source>
        <translation>Ключ</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Created</source>
        <translation>Создан</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Create key</source>
        <translation>Создать ключ</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+183"/>
        <source>Copy the selected key</source>
        <translation>Скопировать выбранный ключ</translation>
    </message>
    <message>
        <location line="-181"/>
        <source>Revoke…</source>
        <translation>Отозвать…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Programs using the selected key are refused from their next request on</source>
        <translation>Программы, использующие выбранный ключ, будут получать отказ начиная со следующего запроса</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Copy the new key now and give it to your program. Sandbench keeps only a hash of it on disk, so after you quit Sandbench it cannot show the key again.</source>
        <translation>Скопируйте новый ключ сейчас и передайте его своей программе. Sandbench хранит на диске только его хеш, поэтому после выхода из Sandbench показать ключ снова будет невозможно.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Try it</source>
        <translation>Попробовать</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Copy the example command</source>
        <translation>Скопировать пример команды</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Replace MODEL with a model of your providers (provider/model).</source>
        <translation>Замените MODEL на модель одного из ваших поставщиков (поставщик/модель).</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>The base URL</source>
        <translation>Базовый URL</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The example</source>
        <translation>Пример</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Running at %1</source>
        <translation>Запущен: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Not running: %1</source>
        <translation>Не запущен: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stopped</source>
        <translation>Остановлен</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Cannot read the API keys: %1</source>
        <translation>Не удаётся прочитать ключи API: %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Only the start of this key is known; Sandbench stores a hash</source>
        <translation>Известно только начало этого ключа: Sandbench хранит лишь его хеш</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Created while Sandbench is open: it can still be copied</source>
        <translation>Создан в текущем сеансе Sandbench: его ещё можно скопировать</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Only keys created while Sandbench is open can be copied; create a new one to hand to a program</source>
        <translation>Копировать можно только ключи, созданные в текущем сеансе Sandbench; чтобы передать ключ программе, создайте новый</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Cannot create a key: %1</source>
        <translation>Не удаётся создать ключ: %1</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>The key</source>
        <translation>Ключ</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Revoke key</source>
        <translation>Отзыв ключа</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Revoke the key %1? Programs that use it are refused from their next request on. This cannot be undone.</source>
        <translation>Отозвать ключ %1? Программы, которые его используют, будут получать отказ начиная со следующего запроса. Это действие нельзя отменить.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Revoke</source>
        <translation>Отозвать</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot revoke the key: %1</source>
        <translation>Не удаётся отозвать ключ: %1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The key is revoked.</source>
        <translation>Ключ отозван.</translation>
    </message>
    <message>
        <location line="-187"/>
        <location line="+216"/>
        <source>%1 is on the clipboard.</source>
        <translation>%1 скопирован в буфер обмена.</translation>
    </message>
</context>
<context>
    <name>LogsModel</name>
    <message>
        <location filename="../widgets/logs/logsmodel.cpp" line="+212"/>
        <source>%1 ms</source>
        <translation>%1 мс</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 s</source>
        <translation>%1 с</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Loading…</source>
        <translation>Загрузка…</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 via provider %2</source>
        <translation>%1 через поставщика %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 input tokens, %2 output tokens</source>
        <translation>входных токенов: %1, выходных токенов: %2</translation>
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
        <translation>это окно</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>MCP</source>
        <translation>MCP</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Time</source>
        <translation>Время</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Status</source>
        <translation>Статус</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Model</source>
        <translation>Модель</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>API</source>
        <translation>API</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Request</source>
        <translation>Запрос</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Latency</source>
        <translation>Задержка</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tokens in → out</source>
        <translation>Токены вх. → вых.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sandbox cost</source>
        <translation>Стоимость песочницы</translation>
    </message>
    <message>
        <location line="-34"/>
        <source>Window</source>
        <translation>Окно</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Window: %1</source>
        <translation>Окно: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>MCP client</source>
        <translation>Клиент MCP</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>API: %1</source>
        <translation>API: %1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>From</source>
        <translation>Откуда</translation>
    </message>
    <message>
        <location line="-78"/>
        <source>Asked in the window&apos;s conversation “%1”: %2</source>
        <translation>Спрошено в разговоре «%1» в окне: %2</translation>
    </message>
</context>
<context>
    <name>LogsPanel</name>
    <message>
        <location filename="../widgets/logs/logspanel.cpp" line="+194"/>
        <source>Input and output logging is off for this workspace: only metadata (time, model, status, tokens, cost, detections) is kept; request and response bodies, commands and their output are not stored.</source>
        <translation>Запись ввода и вывода в журнал для этого рабочего пространства выключена: хранятся только метаданные (время, модель, статус, токены, стоимость, срабатывания); тела запросов и ответов, команды и их вывод не сохраняются.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Search requests, responses, commands and output</source>
        <translation>Поиск по запросам, ответам, командам и выводу</translation>
    </message>
    <message>
        <location line="+24"/>
        <location line="+289"/>
        <source>All models</source>
        <translation>Все модели</translation>
    </message>
    <message>
        <location line="-286"/>
        <location line="+287"/>
        <source>All statuses</source>
        <translation>Все статусы</translation>
    </message>
    <message>
        <location line="-282"/>
        <source>Any time</source>
        <translation>За всё время</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Last hour</source>
        <translation>Последний час</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Last 24 hours</source>
        <translation>Последние 24 часа</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Last 7 days</source>
        <translation>Последние 7 дней</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Last 30 days</source>
        <translation>Последние 30 дней</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Custom range</source>
        <translation>Произвольный период</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>From</source>
        <translation>С</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>to</source>
        <translation>по</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Export…</source>
        <translation>Экспорт…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Write every request that matches the filter to a JSON Lines file</source>
        <translation>Записать все запросы, соответствующие фильтру, в файл JSON Lines</translation>
    </message>
    <message>
        <location line="+79"/>
        <location line="+174"/>
        <source>Select a request to see its detail.</source>
        <translation>Выберите запрос, чтобы увидеть подробности.</translation>
    </message>
    <message>
        <location line="+417"/>
        <source>This request was logged while input and output logging was off: only its metadata was kept.</source>
        <translation>Этот запрос записан, когда запись ввода и вывода в журнал была выключена: сохранены только его метаданные.</translation>
    </message>
    <message>
        <location line="-544"/>
        <source>Run again in the current conversation</source>
        <translation>Повторить в текущем разговоре</translation>
    </message>
    <message>
        <location line="-268"/>
        <source>(commands not logged)</source>
        <translation>(команды не записаны в журнал)</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>Finds requests holding every word; &quot;words in quotes&quot; in this order, word* for words that start so. Text without letters or digits is found as it is.</source>
        <translation>Находит запросы, содержащие каждое слово; &quot;слова в кавычках&quot; — в этом порядке, слово* — слова, начинающиеся так. Текст без букв и цифр ищется как есть.</translation>
    </message>
    <message>
        <location line="+206"/>
        <source>Runs the selected call&apos;s commands in the container of the conversation shown now; the live output appears in the Shell calls view.</source>
        <translation>Выполняет команды выбранного вызова в контейнере открытого сейчас разговора; вывод в реальном времени появляется на панели «Вызовы оболочки».</translation>
    </message>
    <message>
        <location line="+27"/>
        <location line="+81"/>
        <source>Guardrail</source>
        <translation>Защитный фильтр</translation>
    </message>
    <message>
        <location line="-81"/>
        <location line="+81"/>
        <source>Action</source>
        <translation>Действие</translation>
    </message>
    <message>
        <location line="-81"/>
        <location line="+81"/>
        <source>Pattern</source>
        <translation>Шаблон</translation>
    </message>
    <message>
        <location line="-81"/>
        <location line="+81"/>
        <source>Where</source>
        <translation>Где</translation>
    </message>
    <message>
        <location line="-81"/>
        <location line="+81"/>
        <source>Reported</source>
        <translation>Пометка</translation>
    </message>
    <message>
        <location line="-76"/>
        <source>Why this is not a real detection (optional)</source>
        <translation>Почему это не настоящее срабатывание (необязательно)</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+658"/>
        <source>Report false positive</source>
        <translation>Сообщить о ложном срабатывании</translation>
    </message>
    <message>
        <location line="-643"/>
        <location line="+59"/>
        <source>Request</source>
        <translation>Запрос</translation>
    </message>
    <message>
        <location line="-58"/>
        <location line="+62"/>
        <location line="+556"/>
        <source>Response</source>
        <translation>Ответ</translation>
    </message>
    <message>
        <location line="-617"/>
        <location line="+68"/>
        <source>Shell calls</source>
        <translation>Вызовы оболочки</translation>
    </message>
    <message>
        <location line="-67"/>
        <location line="+68"/>
        <source>Detections</source>
        <translation>Срабатывания</translation>
    </message>
    <message>
        <location line="+119"/>
        <source>The time range is empty: &quot;From&quot; (%1) must be before &quot;to&quot; (%2).</source>
        <translation>Период пуст: дата «С» (%1) должна быть раньше даты «по» (%2).</translation>
    </message>
    <message>
        <location line="+118"/>
        <source>The request log cannot be read: %1</source>
        <translation>Не удаётся прочитать журнал запросов: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No request matches the filter.</source>
        <translation>Ни один запрос не соответствует фильтру.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No requests logged yet. Requests sent to the local API of workspace &quot;%1&quot; appear here.</source>
        <translation>Записанных запросов пока нет. Здесь появляются запросы, отправленные в локальный API рабочего пространства «%1».</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%n request(s) match the filter.</source>
        <translation>
            <numerusform>Фильтру соответствует %n запрос.</numerusform>
            <numerusform>Фильтру соответствуют %n запроса.</numerusform>
            <numerusform>Фильтру соответствует %n запросов.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n request(s) logged.</source>
        <translation>
            <numerusform>Записан %n запрос.</numerusform>
            <numerusform>Записано %n запроса.</numerusform>
            <numerusform>Записано %n запросов.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+122"/>
        <source>The filter hides the request shown here. Select a request to see its detail.</source>
        <translation>Фильтр скрывает показанный здесь запрос. Выберите запрос, чтобы увидеть подробности.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>This request is no longer in the log.</source>
        <translation>Этого запроса больше нет в журнале.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&lt;b&gt;%1&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 · HTTP %2 · %3 via %4</source>
        <translation>%1 · HTTP %2 · %3 через %4</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 ms · %2 input / %3 output tokens</source>
        <translation>%1 мс · токены: %2 вх. / %3 вых.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>sandbox cost $%1</source>
        <translation>стоимость песочницы $%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>containers: %1</source>
        <translation>контейнеры: %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The log kept the first %1 of the request body (%2 in all).</source>
        <translation>Журнал сохранил первые %1 тела запроса (всего %2).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The log kept the first %1 of the response body (%2 in all).</source>
        <translation>Журнал сохранил первые %1 тела ответа (всего %2).</translation>
    </message>
    <message>
        <location line="+16"/>
        <location line="+1"/>
        <source>(not logged)</source>
        <translation>(не записано)</translation>
    </message>
    <message numerus="yes">
        <location line="+16"/>
        <source>%n command(s)</source>
        <translation>
            <numerusform>%n команда</numerusform>
            <numerusform>%n команды</numerusform>
            <numerusform>%n команд</numerusform>
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
        <translation>%1 в %2</translation>
    </message>
    <message>
        <location line="-456"/>
        <location line="+504"/>
        <source>Shell calls (%1)</source>
        <translation>Вызовы оболочки (%1)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>tool output</source>
        <translation>вывод инструмента</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>message %1</source>
        <translation>сообщение %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1, characters %2–%3</source>
        <translation>%1, символы %2–%3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>false positive</source>
        <translation>ложное срабатывание</translation>
    </message>
    <message>
        <location line="-515"/>
        <location line="+524"/>
        <source>Detections (%1)</source>
        <translation>Срабатывания (%1)</translation>
    </message>
    <message>
        <location line="-31"/>
        <source>1 command</source>
        <translation>1 команда</translation>
    </message>
    <message>
        <location line="+82"/>
        <source>Reported as false positive</source>
        <translation>Помечено как ложное срабатывание</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>The report could not be recorded: %1.</source>
        <translation>Не удалось записать отметку: %1.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Recorded as a false positive.</source>
        <translation>Помечено как ложное срабатывание.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the workspace has no request log</source>
        <translation>у рабочего пространства нет журнала запросов</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Export requests</source>
        <translation>Экспорт запросов</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>JSON Lines (*.jsonl)</source>
        <translation>JSON Lines (*.jsonl)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>All files (*)</source>
        <translation>Все файлы (*)</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Nothing was exported: the workspace has no request log yet.</source>
        <translation>Ничего не экспортировано: у рабочего пространства ещё нет журнала запросов.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Could not export to %1: %2. Choose a folder you can write to.</source>
        <translation>Не удалось экспортировать в %1: %2. Выберите папку, в которую у вас есть право записи.</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>Exported %n request(s) to %1.</source>
        <translation>
            <numerusform>Экспортирован %n запрос в %1.</numerusform>
            <numerusform>Экспортировано %n запроса в %1.</numerusform>
            <numerusform>Экспортировано %n запросов в %1.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+27"/>
        <source>nothing can run shell calls here</source>
        <translation>здесь нечему выполнять вызовы оболочки</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The call could not be run again: %1</source>
        <translation>Не удалось повторить вызов: %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Running the call again in the current conversation; see the Shell calls view.</source>
        <translation>Вызов повторяется в текущем разговоре; см. панель «Вызовы оболочки».</translation>
    </message>
    <message>
        <location line="-847"/>
        <location line="+132"/>
        <source>Tool call</source>
        <translation>Вызов инструмента</translation>
    </message>
    <message>
        <location line="-132"/>
        <location line="+132"/>
        <source>Call id</source>
        <translation>ID вызова</translation>
    </message>
    <message>
        <location line="-132"/>
        <location line="+132"/>
        <source>Arguments or code</source>
        <translation>Аргументы или код</translation>
    </message>
    <message>
        <location line="-132"/>
        <location line="+132"/>
        <source>Outcome</source>
        <translation>Итог</translation>
    </message>
    <message>
        <location line="+543"/>
        <source>for the caller to run</source>
        <translation>выполняет вызывающая сторона</translation>
    </message>
    <message numerus="yes">
        <location line="-546"/>
        <location line="+557"/>
        <source>Response (%n tool call(s))</source>
        <translation>
            <numerusform>Ответ (%n вызов инструмента)</numerusform>
            <numerusform>Ответ (%n вызова инструментов)</numerusform>
            <numerusform>Ответ (%n вызовов инструментов)</numerusform>
        </translation>
    </message>
    <message>
        <location line="-14"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location line="-135"/>
        <source>from the window&apos;s conversation “%1”, question “%2”</source>
        <translation>из разговора «%1» в окне, вопрос «%2»</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>from %1</source>
        <translation>от %1</translation>
    </message>
</context>
<context>
    <name>LongSessionsBox</name>
    <message>
        <location filename="../widgets/settings/longsessionsbox.cpp" line="+23"/>
        <source>Long sessions</source>
        <translation>Долгие сеансы</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Lift the hosted limits for this workspace&apos;s conversations</source>
        <translation>Снять ограничения размещённого сервиса для бесед этого рабочего пространства</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Commands may run longer than 300 seconds, idle containers sleep later or never, and long output keeps its end.</source>
        <translation>Команды могут работать дольше 300 секунд, простаивающие контейнеры засыпают позже или никогда, а у длинного вывода сохраняется конец.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Also for API requests made with this workspace&apos;s keys</source>
        <translation>Также для API-запросов с ключами этого рабочего пространства</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Off: programs using the local API keep the hosted limits (300 s per command, sleep after 5 idle minutes).</source>
        <translation>Выключено: программы, использующие локальный API, сохраняют ограничения размещённого сервиса (300 с на команду, сон после 5 минут простоя).</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+1"/>
        <source> min</source>
        <translation> мин</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>never</source>
        <translation>никогда</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Save</source>
        <translation>Сохранить</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Longest command:</source>
        <translation>Самая долгая команда:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sleep after idle:</source>
        <translation>Сон после простоя:</translation>
    </message>
    <message>
        <location line="+36"/>
        <location line="+9"/>
        <source>Not saved: %1</source>
        <translation>Не сохранено: %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Saved. The next question of a conversation uses these limits.</source>
        <translation>Сохранено. Следующий вопрос беседы использует эти ограничения.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Saved. Conversations keep the hosted limits.</source>
        <translation>Сохранено. Беседы сохраняют ограничения размещённого сервиса.</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../widgets/window/mainwindow.cpp" line="+414"/>
        <location line="+1"/>
        <source>Search conversations</source>
        <translation>Поиск по беседам</translation>
    </message>
    <message>
        <location line="+711"/>
        <source>%1
Started %2
Container %3</source>
        <translation>%1
Начата %2
Контейнер %3</translation>
    </message>
    <message>
        <location line="-873"/>
        <source>The conversation could not be saved: %1</source>
        <translation>Не удалось сохранить разговор: %1</translation>
    </message>
    <message>
        <location line="+160"/>
        <location line="+518"/>
        <location line="+235"/>
        <location line="+237"/>
        <source>New conversation</source>
        <translation>Новый разговор</translation>
    </message>
    <message>
        <location line="-985"/>
        <source>&amp;Rename</source>
        <translation>&amp;Переименовать</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Delete…</source>
        <translation>&amp;Удалить…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Conversations</source>
        <translation>Разговоры</translation>
    </message>
    <message>
        <location line="+956"/>
        <source>Shell calls</source>
        <translation>Вызовы оболочки</translation>
    </message>
    <message>
        <location line="-893"/>
        <source>Table preview</source>
        <translation>Просмотр таблицы</translation>
    </message>
    <message>
        <location line="-64"/>
        <source>Conversation list</source>
        <translation>Список бесед</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Files</source>
        <translation>Файлы</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Documents</source>
        <translation>Документы</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Network</source>
        <translation>Сеть</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Guardrails</source>
        <translation>Защитные фильтры</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>open a conversation first; its container runs the call</source>
        <translation>сначала откройте разговор: вызов выполняется в его контейнере</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Logs</source>
        <translation>Журналы</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Other programs</source>
        <translation>Другие программы</translation>
    </message>
    <message>
        <location line="+85"/>
        <source>The workspace&apos;s approval mode could not be saved: %1</source>
        <translation>Не удалось сохранить режим одобрения рабочей области: %1</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>Model</source>
        <translation>Модель</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model:</source>
        <translation>Модель:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Refresh models</source>
        <translation>Обновить модели</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Tools:</source>
        <translation>Инструменты:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Image:</source>
        <translation>Образ:</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Approvals:</source>
        <translation>Одобрения:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Use for workspace</source>
        <translation>Для всей рабочей области</translation>
    </message>
    <message>
        <location line="-38"/>
        <source>Python: idle</source>
        <translation>Python: простаивает</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Python: busy</source>
        <translation>Python: занят</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Python: starting</source>
        <translation>Python: запускается</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Python: none</source>
        <translation>Python: нет</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Restart Python</source>
        <translation>Перезапустить Python</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Start this conversation&apos;s Python kernel afresh: its variables, imports and loaded data are lost; files stay</source>
        <translation>Перезапустить ядро Python этого разговора: переменные, импорты и загруженные данные будут потеряны; файлы останутся</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Make this conversation&apos;s approval mode the workspace&apos;s default, which API requests follow too</source>
        <translation>Сделать режим одобрения этого разговора режимом рабочей области по умолчанию, которому следуют и запросы API</translation>
    </message>
    <message>
        <location line="+218"/>
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;New Conversation</source>
        <translation>Новый &amp;разговор</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Attach File…</source>
        <translation>&amp;Прикрепить файл…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open &amp;Trace…</source>
        <translation>Открыть &amp;трассу…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model &amp;Providers…</source>
        <translation>Поставщики &amp;моделей…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Settings…</source>
        <translation>&amp;Настройки…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Quit</source>
        <translation>&amp;Выход</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;View</source>
        <translation>&amp;Вид</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Help</source>
        <translation>&amp;Справка</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Сочетания клавиш</translation>
    </message>
    <message>
        <location line="-24"/>
        <source>&amp;Next Conversation</source>
        <translation>&amp;Следующий разговор</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Previous Conversation</source>
        <translation>&amp;Предыдущий разговор</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>&amp;About Sandbench</source>
        <translation>&amp;О программе Sandbench</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>About Sandbench</source>
        <translation>О программе Sandbench</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A desktop workbench for AI agents that run shell commands: every command runs in a sandbox on this computer, and you see each call as it happens.</source>
        <translation>Настольная рабочая среда для ИИ-агентов, выполняющих команды оболочки: каждая команда запускается в песочнице на этом компьютере, а вы видите каждый вызов в момент выполнения.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Licensed under the GNU General Public License, version 3 or later.</source>
        <translation>Распространяется на условиях GNU General Public License версии 3 или более поздней.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Cannot create a container: %1</source>
        <translation>Не удаётся создать контейнер: %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>This conversation runs on the host&apos;s system: %1</source>
        <translation>Этот разговор выполняется в системе хоста: %1</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>The files of this conversation&apos;s container %1 are gone (saved files are kept 30 days after last use); its commands now run in the new container %2.</source>
        <translation>Файлы контейнера %1 этого разговора больше не существуют (сохранённые файлы хранятся 30 дней после последнего использования); теперь его команды выполняются в новом контейнере %2.</translation>
    </message>
    <message>
        <location line="+199"/>
        <source>Some saved conversations could not be read and are not shown: %1</source>
        <translation>Некоторые сохранённые разговоры не удалось прочитать, и они не показаны: %1</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>Delete the conversation “%1”? Its container %2 keeps its files unless you delete them too.</source>
        <translation>Удалить разговор «%1»? Его контейнер %2 сохранит свои файлы, если вы не удалите и их.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete the conversation, keep the files</source>
        <translation>Удалить разговор, оставить файлы</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the conversation and its files</source>
        <translation>Удалить разговор и его файлы</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Deleted the files of container %1.</source>
        <translation>Файлы контейнера %1 удалены.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The conversation was deleted, but not the files of container %1: %2</source>
        <translation>Разговор удалён, но файлы контейнера %1 — нет: %2</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>A conversation needs a name; it keeps “%1”.</source>
        <translation>У разговора должно быть название; оставлено прежнее: «%1».</translation>
    </message>
    <message>
        <location line="+89"/>
        <source>Conversation %1</source>
        <translation>Разговор %1</translation>
    </message>
    <message>
        <location line="+99"/>
        <location line="+184"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="-105"/>
        <source>Edit Rules…</source>
        <translation>Изменить правила…</translation>
    </message>
    <message>
        <location line="+428"/>
        <source>%1 was not allowed: %2</source>
        <translation>%1 не разрешён: %2</translation>
    </message>
    <message>
        <location line="-1402"/>
        <location line="+879"/>
        <source>Plays a script; no model is asked</source>
        <translation>Воспроизводит сценарий; модель не используется</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Some providers did not list their models. %1</source>
        <translation>Некоторые поставщики не вернули список моделей. %1</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Run everything</source>
        <translation>Выполнять всё</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ask before each call</source>
        <translation>Спрашивать перед каждым вызовом</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rules</source>
        <translation>Правила</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Workspace default (%1)</source>
        <translation>По умолчанию для рабочей области (%1)</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Whether this conversation&apos;s shell and code calls run at once, ask you first, or follow the workspace&apos;s rules (sandbench approvals rules).</source>
        <translation>Выполняются ли вызовы оболочки и кода этого разговора сразу, сначала спрашивают вас или следуют правилам рабочей области (sandbench approvals rules).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Choose “Edit Rules…” in this list to see, change and test the rules.</source>
        <translation>Выберите «Изменить правила…» в этом списке, чтобы посмотреть, изменить и проверить правила.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The demo scripts use the shell tool.</source>
        <translation>Демонстрационные сценарии используют инструмент оболочки.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The tools the model gets in this conversation, as each vendor&apos;s hosted tool defines them; all run in its container.</source>
        <translation>Инструменты, которые модель получает в этом разговоре, в том виде, как их определяет размещённый инструмент каждого поставщика; все они работают в его контейнере.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Host system — %1</source>
        <translation>Система хоста — %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The host&apos;s /usr, read-only (the default)</source>
        <translation>/usr хоста, только для чтения (по умолчанию)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Image %1 (sha256:%2)</source>
        <translation>Образ %1 (sha256:%2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Image %1 (sha256:%2) has no python3: Python code calls and the text editor cannot run on it</source>
        <translation>В образе %1 (sha256:%2) нет python3: вызовы кода Python и текстовый редактор в нём не работают</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 (removed)</source>
        <translation>%1 (удалён)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>This conversation&apos;s container has run on this image; its image stays. Start a new conversation to use another.</source>
        <translation>Контейнер этого разговора уже работал на этом образе; образ остаётся прежним. Начните новый разговор, чтобы использовать другой.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The system this conversation&apos;s commands run on; new conversations start on the last one chosen. Import images with sandbench images import or build them with sandbench images build.</source>
        <translation>Система, в которой выполняются команды этого разговора; новые разговоры начинаются с последней выбранной. Импортируйте образы командой sandbench images import или соберите их командой sandbench images build.</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>none — add a provider in File › Model Providers</source>
        <translation>нет — добавьте поставщика в меню Файл › Поставщики моделей</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Choose a model first.</source>
        <translation>Сначала выберите модель.</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>The demo&apos;s sample %1 could not be prepared.</source>
        <translation>Не удалось подготовить пример %1 для демонстрации.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>No file was attached, so the demo attached its own sample, %1 (%2).</source>
        <translation>Файл не был прикреплён, поэтому демонстрация прикрепила свой пример: %1 (%2).</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Attach a file</source>
        <translation>Прикрепить файл</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+84"/>
        <source>All files (*)</source>
        <translation>Все файлы (*)</translation>
    </message>
    <message>
        <location line="-84"/>
        <source>CSV files (*.csv *.tsv)</source>
        <translation>Файлы CSV (*.csv *.tsv)</translation>
    </message>
    <message>
        <location line="+84"/>
        <source>JSON files (*.json)</source>
        <translation>Файлы JSON (*.json)</translation>
    </message>
    <message numerus="yes">
        <location line="+15"/>
        <source>%1 — %n call(s)</source>
        <translation>
            <numerusform>%1 — %n вызов</numerusform>
            <numerusform>%1 — %n вызова</numerusform>
            <numerusform>%1 — %n вызовов</numerusform>
        </translation>
    </message>
    <message>
        <location line="+43"/>
        <source>part of %1</source>
        <translation>часть от %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The trace records the sandbox cost of the whole request, not of each call.</source>
        <translation>Трасса хранит стоимость песочницы для всего запроса, а не для каждого вызова.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Trace %1: model %2, %3, tokens %4, sandbox cost %5, container %6.</source>
        <translation>Трасса %1: модель %2, %3, токены %4, стоимость песочницы %5, контейнер %6.</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+2"/>
        <source>not named</source>
        <translation>не указан</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>no status</source>
        <translation>нет статуса</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Python cell %1 (%2) in container %3: %4</source>
        <translation>Ячейка Python %1 (%2) в контейнере %3: %4</translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>Shell call %1 ran %n command(s) in container %2: %3</source>
        <translation>
            <numerusform>Вызов оболочки %1 выполнил %n команду в контейнере %2: %3</numerusform>
            <numerusform>Вызов оболочки %1 выполнил %n команды в контейнере %2: %3</numerusform>
            <numerusform>Вызов оболочки %1 выполнил %n команд в контейнере %2: %3</numerusform>
        </translation>
    </message>
    <message>
        <location line="-4"/>
        <location line="+7"/>
        <source>(not named)</source>
        <translation>(не указан)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Opened the trace %1. Its shell calls are in the Shell calls panel; Re-run locally runs them again in this conversation&apos;s container and compares each command.</source>
        <translation>Открыта трасса %1. Её вызовы оболочки — на панели «Вызовы оболочки»; «Запустить локально» выполняет их снова в контейнере этого разговора и сравнивает каждую команду.</translation>
    </message>
    <message>
        <location line="-107"/>
        <source>Open a trace</source>
        <translation>Открыть трассу</translation>
    </message>
    <message>
        <location line="-506"/>
        <source>Shell calls of container %1</source>
        <translation>Вызовы оболочки контейнера %1</translation>
    </message>
    <message>
        <location line="+34"/>
        <location line="+502"/>
        <source>Trace: %1</source>
        <translation>Трасса: %1</translation>
    </message>
    <message numerus="yes">
        <location line="-13"/>
        <source>%1 — %n shell call(s)</source>
        <translation>
            <numerusform>%1 — %n вызов оболочки</numerusform>
            <numerusform>%1 — %n вызова оболочки</numerusform>
            <numerusform>%1 — %n вызовов оболочки</numerusform>
        </translation>
    </message>
    <message>
        <location line="-875"/>
        <source>This call&apos;s share of the question&apos;s sandbox time (metered from its first command to the end of the answer) at $%1 a second; a call that starts a new or sleeping container pays at least 30 seconds.</source>
        <translation>Доля этого вызова во времени песочницы для вопроса (от первой команды до конца ответа) по $%1 в секунду; вызов, запускающий новый или спящий контейнер, оплачивает не менее 30 секунд.</translation>
    </message>
</context>
<context>
    <name>McpConfigBox</name>
    <message>
        <location filename="../widgets/localapi/mcpconfigbox.cpp" line="+60"/>
        <source>Use Sandbench from an agent host (MCP)</source>
        <translation>Использовать Sandbench из хоста агентов (MCP)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Claude Desktop, Claude Code, Cursor, VS Code and Goose can use this workspace&apos;s sandboxes as MCP tools (shell, python, read_file, write_file, list_files). Over stdio the host starts Sandbench itself; over HTTP it uses this local API with a key.</source>
        <translation>Claude Desktop, Claude Code, Cursor, VS Code и Goose могут использовать песочницы этого рабочего пространства как инструменты MCP (shell, python, read_file, write_file, list_files). Через stdio хост сам запускает Sandbench; через HTTP он использует этот локальный API с ключом.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>stdio (the host starts sandbench mcp)</source>
        <translation>stdio (хост запускает sandbench mcp)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>HTTP (this local API)</source>
        <translation>HTTP (этот локальный API)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Copy</source>
        <translation>Копировать</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy this configuration</source>
        <translation>Копировать эту конфигурацию</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The %1 configuration</source>
        <translation>Конфигурация для %1</translation>
    </message>
</context>
<context>
    <name>MessageBubble</name>
    <message>
        <location filename="../widgets/chat/chatwidget.cpp" line="+12"/>
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
    <name>NetworkConnectionsModel</name>
    <message>
        <location filename="../widgets/network/networkpolicyeditorconnections.cpp" line="+70"/>
        <source>allowed</source>
        <translation>разрешено</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>refused</source>
        <translation>отклонено</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>failed</source>
        <translation>сбой</translation>
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
        <translation>Адрес: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sent %1 bytes, received %2 bytes</source>
        <translation>Отправлено байт: %1, получено байт: %2</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Time</source>
        <translation>Время</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Host</source>
        <translation>Хост</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Port</source>
        <translation>Порт</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Result</source>
        <translation>Результат</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reason</source>
        <translation>Причина</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Bytes</source>
        <translation>Байты</translation>
    </message>
</context>
<context>
    <name>NetworkPolicy</name>
    <message>
        <location filename="../engine/sandbox/net/networkpolicy.cpp" line="+56"/>
        <source>the name is longer than 253 characters</source>
        <translation>имя длиннее 253 символов</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>it has an empty label (&quot;..&quot; or a leading dot)</source>
        <translation>в нём есть пустая метка («..» или точка в начале)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the label &quot;%1&quot; is longer than 63 characters</source>
        <translation>метка «%1» длиннее 63 символов</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the label &quot;%1&quot; starts or ends with a hyphen</source>
        <translation>метка «%1» начинается или заканчивается дефисом</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the label &quot;%1&quot; contains &quot;%2&quot;</source>
        <translation>метка «%1» содержит «%2»</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>it looks like an IP address but is not a valid one</source>
        <translation>похоже на IP-адрес, но это недопустимый адрес</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>the host name is empty</source>
        <translation>имя хоста пустое</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>it is not a valid international domain name</source>
        <translation>это недопустимое интернационализированное доменное имя</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>empty entries are not allowed</source>
        <translation>пустые записи не допускаются</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>it contains spaces or control characters</source>
        <translation>в нём есть пробелы или управляющие символы</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>it has a scheme; give only the host name, such as example.com</source>
        <translation>в нём указана схема; укажите только имя хоста, например example.com</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>it has a path; give only the host name, such as example.com</source>
        <translation>в нём указан путь; укажите только имя хоста, например example.com</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>it has user information; give only the host name</source>
        <translation>в нём есть данные пользователя; укажите только имя хоста</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>it has a port or is a malformed IPv6 address; ports are not part of the policy (only 80 and 443 are reachable)</source>
        <translation>в нём указан порт или это неверный IPv6-адрес; порты в политику не входят (доступны только 80 и 443)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&quot;*&quot; may only stand alone or as the whole first label (*.example.com)</source>
        <translation>«*» может стоять только отдельно или как целая первая метка (*.example.com)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the pattern has nothing after &quot;*.&quot;</source>
        <translation>в шаблоне нет ничего после «*.»</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&quot;*&quot; (unrestricted egress) must be the only entry</source>
        <translation>«*» (неограниченный исходящий доступ) должна быть единственной записью</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>&quot;%1&quot; is not valid: %2. Use a host name (example.com), an IP address (203.0.113.7) or a subdomain pattern (*.example.com).</source>
        <translation>«%1» — недопустимая запись: %2. Укажите имя хоста (example.com), IP-адрес (203.0.113.7) или шаблон поддоменов (*.example.com).</translation>
    </message>
</context>
<context>
    <name>NetworkPolicyEditor</name>
    <message>
        <location filename="../widgets/network/networkpolicyeditor.cpp" line="+55"/>
        <source>no network access</source>
        <translation>без доступа к сети</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>access to every host (&quot;*&quot;)</source>
        <translation>доступ ко всем хостам («*»)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>access to %1 only</source>
        <translation>доступ только к %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Python packages (pip)</source>
        <translation>Пакеты Python (pip)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>npm packages</source>
        <translation>Пакеты npm</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GitHub (clone, API, raw files, releases)</source>
        <translation>GitHub (клонирование, API, raw-файлы, релизы)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Conda packages</source>
        <translation>Пакеты Conda</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rust crates (cargo)</source>
        <translation>Крейты Rust (cargo)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Go modules</source>
        <translation>Модули Go</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Hugging Face models and datasets</source>
        <translation>Модели и наборы данных Hugging Face</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Workspace default (new conversations)</source>
        <translation>По умолчанию в рабочем пространстве (новые разговоры)</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+378"/>
        <source>This conversation</source>
        <translation>Этот разговор</translation>
    </message>
    <message>
        <location line="-373"/>
        <source>Policy of:</source>
        <translation>Политика для:</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>No network access</source>
        <translation>Без доступа к сети</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Commands reach nothing outside the container (the default)</source>
        <translation>Команды не могут обращаться ни к чему за пределами контейнера (по умолчанию)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Only these hosts, on ports 80 and 443:</source>
        <translation>Только эти хосты, порты 80 и 443:</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Host or pattern, e.g. example.com or *.example.com</source>
        <translation>Хост или шаблон, например example.com или *.example.com</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Add</source>
        <translation>Добавить</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Presets</source>
        <translation>Наборы</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Add the hosts a common tool needs</source>
        <translation>Добавить хосты, которые нужны распространённому инструменту</translation>
    </message>
    <message>
        <location line="+38"/>
        <location line="+514"/>
        <source>No hosts yet: add one above or pick a preset.</source>
        <translation>Хостов пока нет: добавьте хост выше или выберите набор.</translation>
    </message>
    <message>
        <location line="-486"/>
        <source>Revert</source>
        <translation>Вернуть</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save</source>
        <translation>Сохранить</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Clear</source>
        <translation>Очистить</translation>
    </message>
    <message>
        <location line="+67"/>
        <source>The workspace&apos;s network policy could not be read, so new conversations get no network until it is saved again: %1</source>
        <translation>Не удалось прочитать сетевую политику рабочего пространства, поэтому новые разговоры не получат доступа к сети, пока она не будет сохранена снова: %1</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>Port</source>
        <translation>Порт</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>allowed</source>
        <translation>разрешено</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>refused</source>
        <translation>отклонено</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>failed</source>
        <translation>сбой</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Result</source>
        <translation>Результат</translation>
    </message>
    <message>
        <location line="+83"/>
        <source>This conversation (%1)</source>
        <translation>Этот разговор (%1)</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>New conversations start their container with this policy. A container&apos;s policy is fixed once it has started, so a change here applies to new containers only; start a new conversation to use it.</source>
        <translation>Контейнеры новых разговоров запускаются с этой политикой. После запуска контейнера его политика не меняется, поэтому изменение здесь действует только для новых контейнеров; чтобы применить его, начните новый разговор.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>This conversation&apos;s container has started with this policy, and it stays fixed while the container exists. To use another one, change the workspace default and start a new conversation.</source>
        <translation>Контейнер этого разговора запущен с этой политикой, и она не меняется, пока контейнер существует. Чтобы использовать другую, измените политику рабочего пространства по умолчанию и начните новый разговор.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>This conversation&apos;s container has not started yet: it starts with the policy saved here. After its first command the policy can no longer change.</source>
        <translation>Контейнер этого разговора ещё не запущен: он запустится с политикой, сохранённой здесь. После первой команды изменить политику будет уже нельзя.</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>%1 is already in the list.</source>
        <translation>%1 уже есть в списке.</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>The preset &quot;%1&quot; was not added: %2</source>
        <translation>Набор «%1» не добавлен: %2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Every host of &quot;%1&quot; is in the list already.</source>
        <translation>Все хосты набора «%1» уже есть в списке.</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>A network policy holds at most %1 entries; this one would have %2.</source>
        <translation>Сетевая политика может содержать не более %1 записей, а в этой их было бы %2.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&quot;*&quot; (unrestricted egress) must be the only entry: remove the other hosts, or remove &quot;*&quot;.</source>
        <translation>«*» (неограниченный исходящий доступ) должна быть единственной записью: удалите остальные хосты или удалите «*».</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>No hosts.</source>
        <translation>Хостов нет.</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n of %1 entries</source>
        <translation>
            <numerusform>%n из %1 записей</numerusform>
            <numerusform>%n из %1 записей</numerusform>
            <numerusform>%n из %1 записей</numerusform>
        </translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&quot;*&quot; allows unrestricted egress: commands may reach every public host on ports 80 and 443, and whatever they upload or download goes unchecked. Use it only for code and data you trust.</source>
        <translation>«*» разрешает неограниченный исходящий трафик: команды смогут обращаться к любому публичному хосту на портах 80 и 443, и всё, что они выгружают или загружают, не проверяется. Используйте это только для кода и данных, которым доверяете.</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Correct the entries marked in red first.</source>
        <translation>Сначала исправьте записи, отмеченные красным.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The policy was not saved: %1</source>
        <translation>Политика не сохранена: %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Saved. New conversations start with %1; containers that have already started keep their own policy.</source>
        <translation>Сохранено. Контейнеры новых разговоров будут запускаться с политикой %1; уже запущенные контейнеры сохраняют свою политику.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Saved. This conversation&apos;s container starts with %1.</source>
        <translation>Сохранено. Контейнер этого разговора запустится с политикой %1.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Connections</source>
        <translation>Подключения</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No conversation is open.</source>
        <translation>Нет открытого разговора.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Connections of %1</source>
        <translation>Подключения %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>This container has no network access, so its commands make no connections to list.</source>
        <translation>У этого контейнера нет доступа к сети, поэтому его команды не устанавливают подключений.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Policy: %1. Each connection a command makes or tries appears here.</source>
        <translation>Политика: %1. Здесь появляется каждое подключение, которое команда устанавливает или пытается установить.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Policy: %1.</source>
        <translation>Политика: %1.</translation>
    </message>
</context>
<context>
    <name>NetworkPolicyEntryRow</name>
    <message>
        <location filename="../widgets/network/networkpolicyeditorrow.cpp" line="+28"/>
        <source>Remove this entry</source>
        <translation>Удалить эту запись</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove %1</source>
        <translation>Удалить %1</translation>
    </message>
</context>
<context>
    <name>ProviderHint</name>
    <message>
        <location filename="../widgets/chat/providerhint.cpp" line="+30"/>
        <source>Add Provider…</source>
        <translation>Добавить поставщика…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open Settings → Providers with a new provider&apos;s form</source>
        <translation>Открыть «Настройки → Поставщики» с формой нового поставщика</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>No model provider is set up: the model list offers only the scripted demos.</source>
        <translation>Поставщик моделей не настроен: в списке моделей только демонстрационные сценарии.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The scripted demos play recorded answers. Add a provider (OpenAI, Anthropic, OpenRouter, Gemini or a model server on this computer) to ask a real model.</source>
        <translation>Демонстрационные сценарии воспроизводят записанные ответы. Добавьте поставщика (OpenAI, Anthropic, OpenRouter, Gemini или сервер моделей на этом компьютере), чтобы спрашивать настоящую модель.</translation>
    </message>
</context>
<context>
    <name>ProviderSettingsDialog</name>
    <message>
        <location filename="../widgets/settings/providersettings.cpp" line="+406"/>
        <source>Model providers</source>
        <translation>Поставщики моделей</translation>
    </message>
</context>
<context>
    <name>ProviderSettingsPage</name>
    <message>
        <location line="-316"/>
        <source>Add provider</source>
        <translation>Добавить поставщика</translation>
    </message>
    <message>
        <location line="-46"/>
        <source>Chat Completions (OpenRouter, Ollama, llama.cpp, vLLM, LM Studio)</source>
        <translation>Chat Completions (OpenRouter, Ollama, llama.cpp, vLLM, LM Studio)</translation>
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
        <translation>Хранится в системной связке ключей</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>or the name of an environment variable, e.g. OPENROUTER_API_KEY</source>
        <translation>или имя переменной окружения, например OPENROUTER_API_KEY</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Name:</source>
        <translation>&amp;Название:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;API format:</source>
        <translation>&amp;Формат API:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Base URL:</source>
        <translation>&amp;Базовый URL:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>API &amp;key:</source>
        <translation>&amp;Ключ API:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Key &amp;variable:</source>
        <translation>&amp;Переменная с ключом:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save provider</source>
        <translation>Сохранить поставщика</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Remove</source>
        <translation>Удалить</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Test connection</source>
        <translation>Проверить соединение</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Ask the provider at this base URL for its models, with the key typed here or the one stored</source>
        <translation>Запросить у провайдера по этому базовому URL список моделей с ключом, введённым здесь, или с сохранённым</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Detect local servers</source>
        <translation>Найти локальные серверы</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Model servers on this computer</source>
        <translation>Серверы моделей на этом компьютере</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Ollama (11434), llama.cpp (8080), LM Studio (1234) and vLLM (8000) are looked for. Double-click one to fill in the form.</source>
        <translation>Sandbench ищет Ollama (11434), llama.cpp (8080), LM Studio (1234) и vLLM (8000). Дважды щёлкните по серверу, чтобы заполнить форму.</translation>
    </message>
    <message numerus="yes">
        <location line="+38"/>
        <source>%1 at %2 — %n model(s)</source>
        <translation>
            <numerusform>%1 на %2 — %n модель</numerusform>
            <numerusform>%1 на %2 — %n модели</numerusform>
            <numerusform>%1 на %2 — %n моделей</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No local model server answered.</source>
        <translation>Ни один локальный сервер моделей не ответил.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Saved %1; its key is in the system keychain.</source>
        <translation>Поставщик %1 сохранён; его ключ — в системной связке ключей.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 was saved without its key. %2</source>
        <translation>Поставщик %1 сохранён без ключа. %2</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>The default provider: a model name without a provider&apos;s name goes here</source>
        <translation>Провайдер по умолчанию: сюда направляется имя модели без имени провайдера</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Looking for a key in the system keychain…</source>
        <translation>Поиск ключа в системной связке ключей…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A key is stored in the system keychain. Type a new one to replace it.</source>
        <translation>Ключ хранится в системной связке ключей. Введите новый, чтобы заменить его.</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+15"/>
        <source>No key is stored; requests are sent without one (fine for local servers).</source>
        <translation>Ключ не сохранён; запросы отправляются без него (для локальных серверов это нормально).</translation>
    </message>
    <message>
        <location line="-14"/>
        <location line="+12"/>
        <source>No key is stored in the keychain; the environment variable is used.</source>
        <translation>В связке ключей нет ключа; используется переменная окружения.</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>This key cannot be saved. %1</source>
        <translation>Этот ключ нельзя сохранить. %1</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Saved %1.</source>
        <translation>Поставщик %1 сохранён.</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Asking %1 for its models…</source>
        <translation>Запрос списка моделей у %1…</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1 did not answer as a model server: %2</source>
        <translation>%1 не ответил как сервер моделей: %2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 answered, but lists no models.</source>
        <translation>%1 ответил, но не перечислил ни одной модели.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connected. Models listed: %1 (%2 in all).</source>
        <translation>Подключено. Модели: %1 (всего %2).</translation>
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
        <translation>Запускать Python заранее для новых бесед</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Once this workspace has run Python, one hidden container waits with its kernel running, so a new conversation&apos;s first cell needs no start. It holds about 95 MiB of memory while the workspace is open.</source>
        <translation>Когда в этом рабочем пространстве уже запускался Python, один скрытый контейнер ждёт с работающим ядром, и первой ячейке новой беседы не нужно ничего запускать. Пока рабочее пространство открыто, он занимает около 95 МиБ памяти.</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Not saved: %1</source>
        <translation>Не сохранено: %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Saved. After this workspace&apos;s next Python cell, new conversations find Python started.</source>
        <translation>Сохранено. После следующей ячейки Python в этом рабочем пространстве новые беседы найдут Python уже запущенным.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Saved. No container is kept ahead; a new conversation&apos;s first cell starts Python.</source>
        <translation>Сохранено. Контейнер заранее не держится; первая ячейка новой беседы запускает Python.</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../widgets/documents/documentspanel.cpp" line="-555"/>
        <source>%1 is not a private directory of this user</source>
        <translation>%1 не является личным каталогом этого пользователя</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>cannot create %1</source>
        <translation>не удаётся создать %1</translation>
    </message>
</context>
<context>
    <name>ScriptedClient</name>
    <message>
        <location filename="../engine/models/scriptedclient.cpp" line="+191"/>
        <source>(The script has no more steps.)</source>
        <translation>(В сценарии больше нет шагов.)</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>exit code %1</source>
        <translation>код выхода %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>timed out</source>
        <translation>превышено время ожидания</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(no error output)</source>
        <translation>(нет вывода ошибок)</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>Scripted</source>
        <translation>Сценарий</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The script is not valid JSON: %1 at offset %2</source>
        <translation>Сценарий не является корректным JSON: %1 в позиции %2</translation>
    </message>
    <message>
        <location line="+21"/>
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
        <location filename="../engine/secrets/secretstore.cpp" line="+26"/>
        <source>No keychain service is running (for example GNOME Keyring or KWallet), so keys cannot be saved or read. Sandbench never stores keys in plain text; start a keychain service, or name an environment variable that holds the key in the provider settings.</source>
        <translation>Служба связки ключей не запущена (например, GNOME Keyring или KWallet), поэтому ключи нельзя ни сохранить, ни прочитать. Sandbench никогда не хранит ключи открытым текстом; запустите службу связки ключей или укажите в настройках провайдера переменную окружения с ключом.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The keychain said: %1</source>
        <translation>Ответ связки ключей: %1</translation>
    </message>
    <message>
        <location line="+4"/>
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
    <name>SettingsDialog</name>
    <message>
        <location filename="../widgets/settings/settingsdialog.cpp" line="+33"/>
        <source>Settings</source>
        <translation>Настройки</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Providers &amp; Keys</source>
        <translation>Поставщики и ключи</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Local API</source>
        <translation>Локальный API</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Workspaces</source>
        <translation>Рабочие пространства</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Language</source>
        <translation>Язык</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Theme</source>
        <translation>Тема</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Data &amp; Disk Use</source>
        <translation>Данные и диск</translation>
    </message>
</context>
<context>
    <name>ShellCallPanel</name>
    <message>
        <location filename="../widgets/shellcalls/shellcallview.cpp" line="+712"/>
        <source>Re-run locally</source>
        <translation>Повторить локально</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run the trace&apos;s commands again in a new local container</source>
        <translation>Снова выполнить команды трассы в новом локальном контейнере</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Wrap lines</source>
        <translation>Переносить строки</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Wrap long output lines at the panel&apos;s width, or scroll them sideways</source>
        <translation>Переносить длинные строки вывода по ширине панели или прокручивать их по горизонтали</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Shell calls the model makes appear here while they run.</source>
        <translation>Вызовы оболочки, которые делает модель, появляются здесь во время выполнения.</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>Container %1</source>
        <translation>Контейнер %1</translation>
    </message>
    <message>
        <location line="-51"/>
        <source>Open Sample Trace</source>
        <translation>Открыть пример трассировки</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open a saved Responses trace of the sales demo in the trace viewer: its shell call, its output and the answer, ready to re-run locally</source>
        <translation>Открыть в просмотрщике сохранённую трассировку Responses демонстрации продаж: вызов оболочки, вывод и ответ, готовые к локальному повторному запуску</translation>
    </message>
</context>
<context>
    <name>ShellCallView</name>
    <message>
        <location line="-989"/>
        <source>%1 s</source>
        <translation>%1 с</translation>
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
        <translation>Выполняется</translation>
    </message>
    <message>
        <location line="-34"/>
        <location line="+86"/>
        <location line="+418"/>
        <source>Completed</source>
        <translation>Завершено</translation>
    </message>
    <message>
        <location line="-504"/>
        <location line="+90"/>
        <location line="+418"/>
        <source>Incomplete</source>
        <translation>Не завершено</translation>
    </message>
    <message>
        <location line="-503"/>
        <source>from trace</source>
        <translation>из трассы</translation>
    </message>
    <message>
        <location line="+109"/>
        <source>Stopped</source>
        <translation>Остановлен</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Stopped before it ran: Stop was pressed while it waited for approval.</source>
        <translation>Остановлен до запуска: «Стоп» нажата, пока он ждал одобрения.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>It did not run: the question ended while it waited for approval.</source>
        <translation>Не запущен: вопрос завершился, пока он ждал одобрения.</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Shell</source>
        <translation>Оболочка</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Bash session</source>
        <translation>Сеанс Bash</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Anthropic code execution</source>
        <translation>Выполнение кода Anthropic</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Anthropic code execution (Python)</source>
        <translation>Выполнение кода Anthropic (Python)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Gemini code execution</source>
        <translation>Выполнение кода Gemini</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>OpenAI code interpreter</source>
        <translation>Интерпретатор кода OpenAI</translation>
    </message>
    <message>
        <location line="+19"/>
        <location line="+4"/>
        <source>Container %1</source>
        <translation>Контейнер %1</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>(unknown)</source>
        <translation>(неизвестно)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Copy</source>
        <translation>Копировать</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Copy the container id</source>
        <translation>Скопировать идентификатор контейнера</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Copy container id</source>
        <translation>Копировать идентификатор контейнера</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Sandbox cost of this call</source>
        <translation>Стоимость песочницы для этого вызова</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>Refused: %1</source>
        <translation>Отклонено: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Allow %1</source>
        <translation>Разрешить %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Add %1 to this container&apos;s network policy; it restarts with its files and the new policy</source>
        <translation>Добавить %1 в сетевую политику этого контейнера; он перезапустится со своими файлами и новой политикой</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>every host</source>
        <translation>любой хост</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is already allowed (%2).</source>
        <translation>%1 уже разрешён (%2).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Allowed %1. The container restarts with its files and the new policy (%2) when this call ends.</source>
        <translation>%1 разрешён. Контейнер перезапустится со своими файлами и новой политикой (%2), когда этот вызов завершится.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Allowed %1. The container restarted with its files and the new policy (%2).</source>
        <translation>%1 разрешён. Контейнер перезапущен со своими файлами и новой политикой (%2).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Allowed %1. The container starts with its files and the new policy (%2).</source>
        <translation>%1 разрешён. Контейнер запустится со своими файлами и новой политикой (%2).</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>cost —</source>
        <translation>стоимость —</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>$%1 · includes the 30 s minimum</source>
        <translation>$%1 · включает минимум 30 с</translation>
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
        <translation>Завершено (тайм-аут)</translation>
    </message>
    <message>
        <location line="-416"/>
        <location line="+418"/>
        <source>Cancelled</source>
        <translation>Отменено</translation>
    </message>
    <message>
        <location line="-645"/>
        <source>not run</source>
        <translation>не выполнена</translation>
    </message>
    <message>
        <location line="+253"/>
        <source>Denied</source>
        <translation>Запрещено</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Not run</source>
        <translation>Не выполнено</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Denied by the approval rules (%1); it did not run.</source>
        <translation>Запрещено правилами одобрения (%1); не выполнено.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Denied by you in this window; it did not run.</source>
        <translation>Запрещено вами в этом окне; не выполнено.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Denied at the terminal; it did not run.</source>
        <translation>Запрещено в терминале; не выполнено.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Denied by a live viewer; it did not run.</source>
        <translation>Запрещено наблюдателем в реальном времени; не выполнено.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Denied; it did not run.</source>
        <translation>Запрещено; не выполнено.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No one answered the approval request in time; it did not run.</source>
        <translation>Никто не ответил на запрос одобрения вовремя; не выполнено.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>It needs a person&apos;s approval (%1), but nothing could ask; it did not run.</source>
        <translation>Нужно одобрение человека (%1), но спросить было некому; не выполнено.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>It did not run: %1</source>
        <translation>Не выполнено: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Note to the model: “%1”</source>
        <translation>Заметка для модели: «%1»</translation>
    </message>
    <message>
        <location line="+273"/>
        <source>part of $%1</source>
        <translation>часть от $%1</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <location filename="../widgets/window/shortcutsdialog.cpp" line="+43"/>
        <source>Window</source>
        <translation>Окно</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Keyboard Shortcuts</source>
        <translation>Сочетания клавиш</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Action</source>
        <translation>Действие</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Keys</source>
        <translation>Клавиши</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Where</source>
        <translation>Где</translation>
    </message>
</context>
<context>
    <name>SyntaxHighlighter</name>
    <message>
        <location filename="../widgets/common/syntaxhighlighter.cpp" line="+334"/>
        <source>Only the first %1 are highlighted; the rest is shown as plain text.</source>
        <translation>Подсвечен только начальный фрагмент (%1); остальное показано простым текстом.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Syntax highlighting is not available: the program kate-syntax-highlighter (Debian package libkf5syntaxhighlighting-tools) was not found. Shown as plain text.</source>
        <translation>Подсветка синтаксиса недоступна: программа kate-syntax-highlighter (пакет Debian libkf5syntaxhighlighting-tools) не найдена. Показано простым текстом.</translation>
    </message>
</context>
<context>
    <name>ThemePage</name>
    <message>
        <location filename="../widgets/settings/themepage.cpp" line="+64"/>
        <source>How Sandbench looks. The change applies at once to every window.</source>
        <translation>Внешний вид Sandbench. Изменение сразу применяется ко всем окнам.</translation>
    </message>
    <message>
        <location line="-33"/>
        <source>&amp;Follow the system</source>
        <translation>&amp;Как в системе</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The desktop&apos;s own style and colours.</source>
        <translation>Стиль и цвета рабочего стола.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Light</source>
        <translation>&amp;Светлая</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Dark text on light backgrounds.</source>
        <translation>Тёмный текст на светлом фоне.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Dark</source>
        <translation>&amp;Тёмная</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Light text on dark backgrounds, easier on the eyes at night.</source>
        <translation>Светлый текст на тёмном фоне — меньше утомляет глаза ночью.</translation>
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
[… ещё %n символ не показан …]</numerusform>
            <numerusform>
[… ещё %n символа не показаны …]</numerusform>
            <numerusform>
[… ещё %n символов не показаны …]</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>(empty)</source>
        <translation>(пусто)</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Trace (container %1) beside the local run (container %2)</source>
        <translation>Трасса (контейнер %1) рядом с локальным запуском (контейнер %2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+1"/>
        <source>unknown</source>
        <translation>неизвестно</translation>
    </message>
    <message>
        <location line="+62"/>
        <location line="+46"/>
        <location line="+81"/>
        <source>waiting</source>
        <translation>ожидает</translation>
    </message>
    <message>
        <location line="-123"/>
        <source>Trace</source>
        <translation>Трасса</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Local run</source>
        <translation>Локальный запуск</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>outcome</source>
        <translation>итог</translation>
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
        <translation>нет в трассе</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>timeout</source>
        <translation>тайм-аут</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>exit %1</source>
        <translation>код %1</translation>
    </message>
    <message>
        <location line="+17"/>
        <location line="+53"/>
        <source>running</source>
        <translation>выполняется</translation>
    </message>
    <message>
        <location line="-26"/>
        <location line="+23"/>
        <source>not run</source>
        <translation>не выполнена</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>same</source>
        <translation>совпадает</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>differs</source>
        <translation>отличается</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>stdout, stderr and outcome are the same as in the trace</source>
        <translation>stdout, stderr и итог такие же, как в трассе</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Differs from the trace in: %1</source>
        <translation>Отличается от трассы в: %1</translation>
    </message>
    <message numerus="yes">
        <location line="+28"/>
        <source>Running: %1 of %n command(s) compared</source>
        <translation>
            <numerusform>Выполняется: сравнено %1 из %n команды</numerusform>
            <numerusform>Выполняется: сравнено %1 из %n команд</numerusform>
            <numerusform>Выполняется: сравнено %1 из %n команд</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>All %n command(s) the same as in the trace</source>
        <translation>
            <numerusform>%n команда совпадает с трассой</numerusform>
            <numerusform>Все %n команды совпадают с трассой</numerusform>
            <numerusform>Все %n команд совпадают с трассой</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%1 of %n command(s) differ from the trace</source>
        <translation>
            <numerusform>%1 из %n команды отличается от трассы</numerusform>
            <numerusform>%1 из %n команд отличаются от трассы</numerusform>
            <numerusform>%1 из %n команд отличаются от трассы</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TraceLoader</name>
    <message>
        <location filename="../engine/data/traceloader.cpp" line="+136"/>
        <source>An image output without a URL is not shown.</source>
        <translation>Вывод изображения без URL не показан.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>An image at %1 is not shown: only its address is here, and Sandbench does not fetch it.</source>
        <translation>Изображение по адресу %1 не показано: здесь есть только его адрес, а Sandbench его не загружает.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>An image (%1) is not shown: only PNG images in base64 data: URLs are.</source>
        <translation>Изображение (%1) не показано: показываются только изображения PNG в URL data: с base64.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>More images than %1 in one cell: this one is not shown.</source>
        <translation>Больше %1 изображений в одной ячейке: это изображение не показано.</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+7"/>
        <source>An image larger than %1 bytes is not shown.</source>
        <translation>Изображение больше %1 байт не показано.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>An image is not shown: its data: URL does not hold a PNG image.</source>
        <translation>Изображение не показано: его URL data: не содержит изображения PNG.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>[… %1 more characters of output not shown …]</source>
        <translation>[… ещё %1 символов вывода не показано …]</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>An output of type %1 is not shown.</source>
        <translation>Вывод типа %1 не показан.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>The code did not run: %1</source>
        <translation>Код не был выполнен: %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The code made the file %1; only its id is here.</source>
        <translation>Код создал файл %1; здесь есть только его идентификатор.</translation>
    </message>
    <message>
        <location line="+175"/>
        <source>The trace is not valid JSON: %1 at offset %2</source>
        <translation>Трасса не является корректным JSON: %1 в позиции %2</translation>
    </message>
    <message>
        <location line="+110"/>
        <source>The command did not run: %1</source>
        <translation>Команда не была выполнена: %1</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>The file holds no shell or code calls (openrouter:shell, shell_call or code_interpreter_call items, server_tool_use blocks).</source>
        <translation>Файл не содержит вызовов оболочки или кода (элементов openrouter:shell, shell_call или code_interpreter_call, блоков server_tool_use).</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The trace %1 is larger than %2 MiB: it is not opened.</source>
        <translation>Трасса %1 больше %2 МиБ: она не открывается.</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Cannot open %1: %2</source>
        <translation>Не удаётся открыть %1: %2</translation>
    </message>
</context>
<context>
    <name>TraceSummaryView</name>
    <message>
        <location filename="../widgets/shellcalls/tracesummary.cpp" line="+38"/>
        <location line="+21"/>
        <location line="+46"/>
        <source>not in the trace</source>
        <translation>нет в трассе</translation>
    </message>
    <message>
        <location line="-62"/>
        <source>%1 input (%2 cached)</source>
        <translation>%1 входных (%2 из кэша)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 input</source>
        <translation>%1 входных</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 output (%2 reasoning)</source>
        <translation>%1 выходных (%2 на рассуждения)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 output</source>
        <translation>%1 выходных</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 total</source>
        <translation>всего %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>$%1 (server_tool_cost)</source>
        <translation>$%1 (server_tool_cost)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Text: %1</source>
        <translation>Текст: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Reasoning (not readable in the trace)</source>
        <translation>Рассуждение (в трассе не читается)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reasoning: %1</source>
        <translation>Рассуждение: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Python cell %1 (%2): %3</source>
        <translation>Ячейка Python %1 (%2): %3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Shell call %1 (%2): %3</source>
        <translation>Вызов оболочки %1 (%2): %3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Tool call %1: %2</source>
        <translation>Вызов инструмента %1: %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Item of type %1</source>
        <translation>Элемент типа %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>(none)</source>
        <translation>(нет)</translation>
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
        <translation>список элементов</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Format:</source>
        <translation>Формат:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model:</source>
        <translation>Модель:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Id:</source>
        <translation>ID:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop reason:</source>
        <translation>Причина остановки:</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Status:</source>
        <translation>Состояние:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Container:</source>
        <translation>Контейнер:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tokens:</source>
        <translation>Токены:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sandbox cost:</source>
        <translation>Стоимость песочницы:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Items in order (%1)</source>
        <translation>Элементы по порядку (%1)</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>The assistant&apos;s text</source>
        <translation>Текст ассистента</translation>
    </message>
</context>
<context>
    <name>WelcomePage</name>
    <message>
        <location filename="../widgets/window/welcomepage.cpp" line="+59"/>
        <source>Welcome to Sandbench</source>
        <translation>Добро пожаловать в Sandbench</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sandbench runs the shell commands of AI agents in a sandbox on this computer and shows you every call as it happens.</source>
        <translation>Sandbench выполняет команды оболочки ИИ-агентов в песочнице на этом компьютере и показывает вам каждый вызов в момент выполнения.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Data folder: %1</source>
        <translation>Папка данных: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Workspace: %1</source>
        <translation>Рабочее пространство: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>To see which isolation and limits this machine enforces, run “sandbench doctor” in a terminal.</source>
        <translation>Чтобы узнать, какую изоляцию и какие ограничения обеспечивает эта машина, выполните «sandbench doctor» в терминале.</translation>
    </message>
</context>
<context>
    <name>WorkspaceCatalog</name>
    <message>
        <location filename="../engine/workspace/workspacecatalog.cpp" line="+30"/>
        <source>Use 1 to 40 characters: letters A–Z and a–z, digits 0–9, underscore (_) and hyphen (-).</source>
        <translation>Используйте от 1 до 40 символов: буквы A–Z и a–z, цифры 0–9, подчёркивание (_) и дефис (-).</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Enter a name for the new workspace. %1</source>
        <translation>Введите имя нового рабочего пространства. %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>“%1” cannot be a workspace name. %2</source>
        <translation>«%1» не может быть именем рабочего пространства. %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A workspace named “%1” already exists.</source>
        <translation>Рабочее пространство «%1» уже существует.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cannot create the folder %1.</source>
        <translation>Не удаётся создать папку %1.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>There is no workspace named “%1”.</source>
        <translation>Рабочего пространства «%1» не существует.</translation>
    </message>
</context>
<context>
    <name>WorkspacesPage</name>
    <message>
        <location filename="../widgets/settings/workspacespage.cpp" line="+32"/>
        <source>Each workspace keeps its own containers, documents, request logs, model providers and API keys.</source>
        <translation>У каждого рабочего пространства свои контейнеры, документы, журналы запросов, поставщики моделей и ключи API.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>This window shows the workspace “%1”.</source>
        <translation>В этом окне открыто рабочее пространство «%1».</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&amp;Open in New Window</source>
        <translation>&amp;Открыть в новом окне</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Open at &amp;Start</source>
        <translation>Открывать при &amp;запуске</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Sandbench opens this workspace when it is started without --workspace.</source>
        <translation>Sandbench открывает это рабочее пространство, если запущен без --workspace.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>New workspace</source>
        <translation>Новое рабочее пространство</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Name, e.g. data-cleaning</source>
        <translation>Имя, например data-cleaning</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Create</source>
        <translation>&amp;Создать</translation>
    </message>
    <message>
        <location line="+77"/>
        <source>this window</source>
        <translation>это окно</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>opens at start</source>
        <translation>открывается при запуске</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <location line="+19"/>
        <source>This window shows this workspace already.</source>
        <translation>Это окно уже показывает это рабочее пространство.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Created the workspace “%1”. Open it in a new window, or choose it to open at the next start.</source>
        <translation>Рабочее пространство «%1» создано. Откройте его в новом окне или выберите, чтобы оно открывалось при следующем запуске.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Sandbench opens “%1” at the next start.</source>
        <translation>При следующем запуске Sandbench откроет «%1».</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../widgets/window/guistartup.cpp" line="+39"/>
        <source>The Sandbench desktop workbench.</source>
        <translation>Настольная рабочая среда Sandbench.</translation>
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
        <location line="+3"/>
        <source>Open the workspace &lt;name&gt; (default: the one chosen in Settings, else &quot;default&quot;).</source>
        <translation>Открыть рабочее пространство &lt;имя&gt; (по умолчанию — выбранное в настройках, иначе «default»).</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>invalid --workspace name: %1</source>
        <translation>недопустимое имя для --workspace: %1</translation>
    </message>
    <message>
        <location line="-15"/>
        <source>name</source>
        <translation>имя</translation>
    </message>
</context>
</TS>
