<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>ApiActivityPanel</name>
    <message>
        <location filename="../widgets/localapi/apiactivitypanel.cpp" line="+38"/>
        <source>This app&apos;s local API</source>
        <translation>Lokale API dieser Anwendung</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Another server…</source>
        <translation>Anderer Server …</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Local API settings…</source>
        <translation>Einstellungen der lokalen API …</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Clear</source>
        <translation>Leeren</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Remove the requests shown here (nothing is deleted from the logs)</source>
        <translation>Die hier angezeigten Anfragen entfernen (aus den Protokollen wird nichts gelöscht)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>API key (sbk_…)</source>
        <translation>API-Schlüssel (sbk_…)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Watch</source>
        <translation>Beobachten</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Requests that other programs send to Sandbench&apos;s local API appear here while they run, with their shell calls and live output.</source>
        <translation>Anfragen, die andere Programme an die lokale API von Sandbench senden, erscheinen hier während der Ausführung – mit ihren Shell-Aufrufen und der Live-Ausgabe.</translation>
    </message>
    <message>
        <location line="+113"/>
        <source>&quot;%1&quot; is not a server address: use one like http://127.0.0.1:8642, as `sandbench serve` prints it.</source>
        <translation>„%1“ ist keine Serveradresse: Verwenden Sie eine wie http://127.0.0.1:8642, so wie `sandbench serve` sie ausgibt.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Enter an API key of the server&apos;s workspace (`sandbench keys create` prints one).</source>
        <translation>Geben Sie einen API-Schlüssel des Arbeitsbereichs des Servers ein (`sandbench keys create` erzeugt einen).</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Watching this app&apos;s local API at %1 (workspace %2).</source>
        <translation>Die lokale API dieser Anwendung unter %1 wird beobachtet (Arbeitsbereich %2).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Watching %1 (workspace %2).</source>
        <translation>%1 wird beobachtet (Arbeitsbereich %2).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Connecting to %1…</source>
        <translation>Verbindung zu %1 wird hergestellt …</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Lost the connection to %1 (%2); trying again…</source>
        <translation>Verbindung zu %1 verloren (%2); neuer Versuch …</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Enter the address of a `sandbench serve` and a key of its workspace, then Watch.</source>
        <translation>Geben Sie die Adresse eines `sandbench serve` und einen Schlüssel seines Arbeitsbereichs ein und klicken Sie dann auf „Beobachten“.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The local API is not running: %1</source>
        <translation>Die lokale API läuft nicht: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The local API is off, so other programs cannot reach Sandbench. Turn it on in Local API settings.</source>
        <translation>Die lokale API ist ausgeschaltet, daher können andere Programme Sandbench nicht erreichen. Schalten Sie sie in den Einstellungen der lokalen API ein.</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Asking %1 to allow %2…</source>
        <translation>%1 wird gebeten, %2 zu erlauben …</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 was not allowed: %2</source>
        <translation>%1 wurde nicht erlaubt: %2</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Local API</source>
        <translation>Lokale API</translation>
    </message>
</context>
<context>
    <name>ApiRequestView</name>
    <message>
        <location filename="../widgets/localapi/apirequestview.cpp" line="+39"/>
        <source>(joined while running)</source>
        <translation>(während der Ausführung hinzugekommen)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+89"/>
        <source>Running</source>
        <translation>Läuft</translation>
    </message>
    <message>
        <location line="-70"/>
        <source>No shell calls.</source>
        <translation>Keine Shell-Aufrufe.</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>Disconnected</source>
        <translation>Verbindung getrennt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The connection to the server was lost while this request ran; how it ended is in the server&apos;s request log.</source>
        <translation>Die Verbindung zum Server ging verloren, während diese Anfrage lief; wie sie endete, steht im Anfrageprotokoll des Servers.</translation>
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
        <translation>Modell %1</translation>
    </message>
    <message numerus="yes">
        <location line="+28"/>
        <source>%n earlier shell call(s) of this request not shown</source>
        <translation>
            <numerusform>%n früherer Shell-Aufruf dieser Anfrage wird nicht angezeigt</numerusform>
            <numerusform>%n frühere Shell-Aufrufe dieser Anfrage werden nicht angezeigt</numerusform>
        </translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Completed</source>
        <translation>Abgeschlossen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancelled by the program</source>
        <translation>Vom Programm abgebrochen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Failed (HTTP %1)</source>
        <translation>Fehlgeschlagen (HTTP %1)</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The sandbox is metered per request: see the request&apos;s total above</source>
        <translation>Die Sandbox wird pro Anfrage abgerechnet: siehe die Gesamtkosten der Anfrage oben</translation>
    </message>
    <message numerus="yes">
        <location line="+52"/>
        <source>%n shell call(s)</source>
        <translation>
            <numerusform>%n Shell-Aufruf</numerusform>
            <numerusform>%n Shell-Aufrufe</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 in / %2 out tokens</source>
        <translation>%1 Tokens ein / %2 aus</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>sandbox $%1</source>
        <translation>Sandbox %1 $</translation>
    </message>
    <message>
        <location line="-38"/>
        <source>File received: %1 (%2)</source>
        <translation>Datei empfangen: %1 (%2)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Copied into container %1</source>
        <translation>In Container %1 kopiert</translation>
    </message>
</context>
<context>
    <name>ApprovalPrompt</name>
    <message>
        <location filename="../widgets/approvals/approvalprompt.cpp" line="+108"/>
        <source>The model wants to run a command</source>
        <translation>Das Modell möchte einen Befehl ausführen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Note for the model (optional)</source>
        <translation>Notiz für das Modell (optional)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+5"/>
        <source>Allow once</source>
        <translation>Einmal erlauben</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>Allow for this conversation</source>
        <translation>Für diese Unterhaltung erlauben</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>These commands run without asking again in this conversation; deny rules still apply.</source>
        <translation>Diese Befehle laufen in dieser Unterhaltung ohne erneute Nachfrage; Verbotsregeln gelten weiterhin.</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+2"/>
        <source>Deny</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>API request %1 (%2)</source>
        <translation>API-Anfrage %1 (%2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Conversation &quot;%1&quot; (%2)</source>
        <translation>Unterhaltung „%1“ (%2)</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n more waiting</source>
        <translation>
            <numerusform>%n weiterer wartet</numerusform>
            <numerusform>%n weitere warten</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Why it asks: %1</source>
        <translation>Warum gefragt wird: %1</translation>
    </message>
    <message numerus="yes">
        <location line="+32"/>
        <source>%n s left</source>
        <translation>
            <numerusform>noch %n s</numerusform>
            <numerusform>noch %n s</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ApprovalRulesBox</name>
    <message>
        <location filename="../widgets/settings/approvalrulesbox.cpp" line="+35"/>
        <source>Allow</source>
        <translation>Erlauben</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ask</source>
        <translation>Nachfragen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Deny</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Run everything</source>
        <translation>Alles ausführen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ask before each call</source>
        <translation>Vor jedem Aufruf fragen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rules</source>
        <translation>Regeln</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>Under “Rules” each command of a call gets the verdict of the first rule that matches it, and a command no rule matches asks; the strictest verdict decides the call (deny, then ask, then allow). A pattern is one command: * is any text, ? one character, so “python3 *” matches “python3 run.py” and a bare “python3”.</source>
        <translation>Unter „Regeln“ erhält jeder Befehl eines Aufrufs das Urteil der ersten Regel, die zu ihm passt; bei einem Befehl, zu dem keine Regel passt, wird nachgefragt. Das strengste Urteil entscheidet über den Aufruf (ablehnen vor nachfragen vor erlauben). Ein Muster ist ein Befehl: * steht für beliebigen Text, ? für ein Zeichen, also passt „python3 *“ zu „python3 run.py“ und zu einem bloßen „python3“.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Default &amp;mode:</source>
        <translation>Standard&amp;modus:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Wait for an answer:</source>
        <translation>Auf Antwort &amp;warten:</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>Approvals</source>
        <translation>Freigaben</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+67"/>
        <source>Approvals of “%1”</source>
        <translation>Freigaben von „%1“</translation>
    </message>
    <message>
        <location line="-64"/>
        <source>What a conversation that keeps the workspace default does, and what API requests made with this workspace&apos;s keys do.</source>
        <translation>Was eine Unterhaltung tut, die den Standard des Arbeitsbereichs behält, und was API-Anfragen mit den Schlüsseln dieses Arbeitsbereichs tun.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How long a call waits for Allow or Deny (1 to %1 seconds); then the model gets a tool error.</source>
        <translation>Wie lange ein Aufruf auf Erlauben oder Ablehnen wartet (1 bis %1 Sekunden); danach erhält das Modell einen Werkzeugfehler.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Verdict</source>
        <translation>Urteil</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Pattern</source>
        <translation>Muster</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Double-click a verdict or a pattern to change it. The first rule that matches a command decides.</source>
        <translation>Doppelklicken Sie auf ein Urteil oder ein Muster, um es zu ändern. Die erste Regel, die zu einem Befehl passt, entscheidet.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>New rule&apos;s pattern, e.g. python3 *</source>
        <translation>Muster der neuen Regel, z. B. python3 *</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Add</source>
        <translation>&amp;Hinzufügen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Remove</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move &amp;Up</source>
        <translation>Nach &amp;oben</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move &amp;Down</source>
        <translation>Nach &amp;unten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Test a command:</source>
        <translation>Befehl &amp;testen:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>e.g. python3 run.py | tee out.txt &amp;&amp; rm -rf build</source>
        <translation>z. B. python3 run.py | tee out.txt &amp;&amp; rm -rf build</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save Appro&amp;vals</source>
        <translation>Freigaben spei&amp;chern</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>R&amp;evert</source>
        <translation>&amp;Zurücksetzen</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>The unsaved changes to the approvals of “%1” were dropped.</source>
        <translation>Die nicht gespeicherten Änderungen an den Freigaben von „%1“ wurden verworfen.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The workspace&apos;s settings cannot be read: %1</source>
        <translation>Die Einstellungen des Arbeitsbereichs können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The saved approvals are not valid (%1), so every call asks until they are saved again.</source>
        <translation>Die gespeicherten Freigaben sind ungültig (%1); daher wird bei jedem Aufruf nachgefragt, bis sie erneut gespeichert werden.</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Rule %1: </source>
        <translation>Regel %1: </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the pattern is empty. Write the one command it matches, e.g. “python3 *”.</source>
        <translation>das Muster ist leer. Schreiben Sie den einen Befehl, zu dem es passt, z. B. „python3 *“.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the pattern has %1 characters; at most %2 are allowed.</source>
        <translation>das Muster hat %1 Zeichen; erlaubt sind höchstens %2.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>“%1” contains a command substitution ($(…), `…`, &lt;(…)), which no rule can match. Write the command without it.</source>
        <translation>„%1“ enthält eine Befehlsersetzung ($(…), `…`, &lt;(…)), zu der keine Regel passen kann. Schreiben Sie den Befehl ohne sie.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>“%1” is more than one command. A rule matches one command (| ; &amp; &amp;&amp; || and new lines separate commands), so write one rule for each.</source>
        <translation>„%1“ ist mehr als ein Befehl. Eine Regel passt zu einem Befehl (| ; &amp; &amp;&amp; || und Zeilenumbrüche trennen Befehle), schreiben Sie also eine Regel für jeden.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>A workspace holds at most %1 rules; remove %2.</source>
        <translation>Ein Arbeitsbereich enthält höchstens %1 Regeln; entfernen Sie %2.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Rule %1 repeats rule %2 (“%3”); remove one of them.</source>
        <translation>Regel %1 wiederholt Regel %2 („%3“); entfernen Sie eine davon.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>A workspace holds at most %1 rules; remove one before adding another.</source>
        <translation>Ein Arbeitsbereich enthält höchstens %1 Regeln; entfernen Sie eine, bevor Sie eine weitere hinzufügen.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Rule %1 is this rule already.</source>
        <translation>Regel %1 ist bereits diese Regel.</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>Not saved. %1</source>
        <translation>Nicht gespeichert. %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+10"/>
        <source>Not saved: %1</source>
        <translation>Nicht gespeichert: %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Saved. The next shell or code call of the workspace follows these approvals; “sandbench approvals rules list” shows them.</source>
        <translation>Gespeichert. Der nächste Shell- oder Code-Aufruf des Arbeitsbereichs folgt diesen Freigaben; „sandbench approvals rules list“ zeigt sie.</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Type a call to see which rule decides each of its commands.</source>
        <translation>Geben Sie einen Aufruf ein, um zu sehen, welche Regel über jeden seiner Befehle entscheidet.</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>“%1” → no rule matches: %2</source>
        <translation>„%1“ → keine Regel passt: %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>“%1” → rule %2, “%3”: %4</source>
        <translation>„%1“ → Regel %2, „%3“: %4</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No command to match.</source>
        <translation>Kein Befehl zum Vergleichen.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The call: %1</source>
        <translation>Der Aufruf: %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Left out, not valid: rule %1.</source>
        <translation>Ausgelassen, da ungültig: Regel %1.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The rules decide only in conversations set to “Rules”; the default mode is “%1”.</source>
        <translation>Die Regeln entscheiden nur in Unterhaltungen mit „Regeln“; der Standardmodus ist „%1“.</translation>
    </message>
    <message>
        <location line="-9"/>
        <source>The rules cannot account for all of it (%1), so no rule allows it: it asks unless a rule denies one of its commands.</source>
        <translation>Die Regeln können nicht alles davon erfassen (%1), daher erlaubt ihn keine Regel: Es wird nachgefragt, außer eine Regel lehnt einen seiner Befehle ab.</translation>
    </message>
</context>
<context>
    <name>CellOutputView</name>
    <message numerus="yes">
        <location filename="../widgets/shellcalls/celloutputview.cpp" line="+109"/>
        <source>[… %n character(s) of this cell&apos;s output dropped: max_output_length]</source>
        <translation>
            <numerusform>[… %n Zeichen der Ausgabe dieser Zelle verworfen: max_output_length]</numerusform>
            <numerusform>[… %n Zeichen der Ausgabe dieser Zelle verworfen: max_output_length]</numerusform>
        </translation>
    </message>
    <message>
        <location line="+134"/>
        <source>[… more of this output was left out: the window shows at most %1 rows and %2 columns of a table]</source>
        <translation>[… mehr von dieser Ausgabe wurde weggelassen: das Fenster zeigt höchstens %1 Zeilen und %2 Spalten einer Tabelle]</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Loading image…</source>
        <translation>Bild wird geladen…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 could not be shown: it is not a PNG image the window can read, or it is larger than %2 megapixels.</source>
        <translation>%1 kann nicht angezeigt werden: Es ist kein PNG-Bild, das das Fenster lesen kann, oder es ist größer als %2 Megapixel.</translation>
    </message>
</context>
<context>
    <name>ChangeListModel</name>
    <message>
        <location filename="../widgets/files/changelistmodel.cpp" line="+25"/>
        <source>added</source>
        <translation>hinzugefügt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>changed</source>
        <translation>geändert</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>deleted</source>
        <translation>gelöscht</translation>
    </message>
    <message>
        <location line="+32"/>
        <source> (not kept)</source>
        <translation> (nicht aufbewahrt)</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 (%2). Not kept: storage budget: the content of this version was not kept (only its name and size), so it has no diff and cannot be restored.</source>
        <translation>%1 (%2). Nicht aufbewahrt: Speicherbudget – der Inhalt dieser Version wurde nicht aufbewahrt (nur Name und Größe), daher gibt es keinen Diff und sie kann nicht wiederhergestellt werden.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
</context>
<context>
    <name>ChatSession</name>
    <message>
        <location filename="../engine/workspace/chatsession.cpp" line="+355"/>
        <source>Redacted by %1 before the model read it; the model received: “%2”</source>
        <translation>Geschwärzt durch %1, bevor das Modell sie las; das Modell erhielt: „%2“</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Flagged by %1; sent unchanged, and the detection is in the request log.</source>
        <translation>Markiert durch %1; unverändert gesendet, der Fund steht im Anfrageprotokoll.</translation>
    </message>
    <message>
        <location line="+91"/>
        <source>Prompt-injection patterns</source>
        <translation>Prompt-Injection-Muster</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Email addresses</source>
        <translation>E-Mail-Adressen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Phone numbers</source>
        <translation>Telefonnummern</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Credit card numbers</source>
        <translation>Kreditkartennummern</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>IP addresses</source>
        <translation>IP-Adressen</translation>
    </message>
    <message>
        <location line="-324"/>
        <source>Wait for the current answer or press Stop.</source>
        <translation>Warten Sie auf die aktuelle Antwort oder drücken Sie „Stopp“.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Choose a model first.</source>
        <translation>Wählen Sie zuerst ein Modell.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This conversation has no container.</source>
        <translation>Diese Unterhaltung hat keinen Container.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The question was not sent: the workspace&apos;s guardrail settings cannot be read (%1).</source>
        <translation>Die Frage wurde nicht gesendet: Die Schutzregel-Einstellungen des Arbeitsbereichs können nicht gelesen werden (%1).</translation>
    </message>
    <message>
        <location line="+163"/>
        <source>Blocked by the guardrail &quot;%1&quot; (%2 detected); the question was not sent to the model. Rephrase it, or change the guardrail&apos;s action in the Guardrails panel.</source>
        <translation>Durch die Schutzregel „%1“ blockiert (%2 erkannt); die Frage wurde nicht an das Modell gesendet. Formulieren Sie sie um oder ändern Sie die Aktion der Schutzregel im Bereich „Schutzregeln“.</translation>
    </message>
    <message numerus="yes">
        <location line="-17"/>
        <source>Stopped after %n tool call(s): the limit for one question.</source>
        <translation>
            <numerusform>Nach %n Werkzeugaufruf angehalten: die Grenze für eine Frage.</numerusform>
            <numerusform>Nach %n Werkzeugaufrufen angehalten: die Grenze für eine Frage.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChatWidget</name>
    <message>
        <location filename="../widgets/chat/chatwidget.cpp" line="+269"/>
        <source>Sandbox time of this conversation: $0.0001 a second; a question that starts a new or sleeping container pays at least 30 seconds.</source>
        <translation>Sandbox-Zeit dieser Unterhaltung: 0,0001 $ pro Sekunde; eine Frage, die einen neuen oder ruhenden Container startet, kostet mindestens 30 Sekunden.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Drop a file here or use Attach, then ask a question about it. The model&apos;s shell commands run in this conversation&apos;s sandbox and appear in the Shell calls panel.</source>
        <translation>Legen Sie hier eine Datei ab oder verwenden Sie „Anhängen“ und stellen Sie dann eine Frage dazu. Die Shell-Befehle des Modells laufen in der Sandbox dieser Unterhaltung und erscheinen im Bereich „Shell-Aufrufe“.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ask about your data… (Ctrl+Enter to send)</source>
        <translation>Fragen Sie etwas zu Ihren Daten … (Strg+Eingabe zum Senden)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Attach…</source>
        <translation>Anhängen …</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Send</source>
        <translation>Senden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop</source>
        <translation>Stopp</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop the answer and end its running commands (Esc)</source>
        <translation>Antwort anhalten und ihre laufenden Befehle beenden (Esc)</translation>
    </message>
    <message>
        <location line="-215"/>
        <source>Assistant</source>
        <translation>Assistent</translation>
    </message>
    <message numerus="yes">
        <location line="+344"/>
        <source>Running %n command(s) in the sandbox: %1</source>
        <translation>
            <numerusform>%n Befehl läuft in der Sandbox: %1</numerusform>
            <numerusform>%n Befehle laufen in der Sandbox: %1</numerusform>
        </translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Stopped.</source>
        <translation>Angehalten.</translation>
    </message>
    <message>
        <location line="-130"/>
        <source>Message box</source>
        <translation>Nachrichtenfeld</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Send the message</source>
        <translation>Nachricht senden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop the answer</source>
        <translation>Antwort anhalten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Type a tab in the message</source>
        <translation>Tabulator in die Nachricht eingeben</translation>
    </message>
    <message>
        <location line="+79"/>
        <source>%1 — a script plays the answers, no model is asked</source>
        <translation>%1 – ein Skript spielt die Antworten ab, kein Modell wird gefragt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model: %1</source>
        <translation>Modell: %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Container %1</source>
        <translation>Container %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Every shell command of this conversation runs in container %1; its files stay between questions and restarts.</source>
        <translation>Jeder Shell-Befehl dieser Unterhaltung läuft in Container %1; seine Dateien bleiben zwischen Fragen und über Neustarts hinweg erhalten.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Sandbox cost: $%1</source>
        <translation>Sandbox-Kosten: %1 $</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No sandbox cost yet</source>
        <translation>Noch keine Sandbox-Kosten</translation>
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
In der Sandbox: %2</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Remove this attachment</source>
        <translation>Diesen Anhang entfernen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove %1</source>
        <translation>%1 entfernen</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>Choose a model first.</source>
        <translation>Wählen Sie zuerst ein Modell.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Attached files (in the sandbox): %1</source>
        <translation>Angehängte Dateien (in der Sandbox): %1</translation>
    </message>
    <message>
        <location line="-511"/>
        <source>You</source>
        <translation>Sie</translation>
    </message>
</context>
<context>
    <name>CommandOutputView</name>
    <message>
        <location filename="../widgets/shellcalls/shellcallview.cpp" line="+169"/>
        <source>waiting</source>
        <translation>wartet</translation>
    </message>
    <message numerus="yes">
        <location line="+45"/>
        <source>[… %n character(s) of output not shown here …]</source>
        <translation>
            <numerusform>[… %n Zeichen der Ausgabe hier nicht angezeigt …]</numerusform>
            <numerusform>[… %n Zeichen der Ausgabe hier nicht angezeigt …]</numerusform>
        </translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Earlier output not shown here: %1 characters</source>
        <translation>Frühere Ausgabe hier nicht angezeigt: %1 Zeichen</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>timeout</source>
        <translation>Zeitüberschreitung</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>exit 0</source>
        <translation>Exit 0</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>exit %1</source>
        <translation>Exit %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Ran for %1</source>
        <translation>Laufzeit: %1</translation>
    </message>
</context>
<context>
    <name>CsvIndex</name>
    <message>
        <location filename="../engine/data/csvindex.cpp" line="+418"/>
        <source>Cannot open %1: it is a symbolic link; only regular files can be previewed.</source>
        <translation>%1 kann nicht geöffnet werden: Es ist ein symbolischer Link; nur normale Dateien können in der Vorschau angezeigt werden.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot open %1: only regular files can be previewed.</source>
        <translation>%1 kann nicht geöffnet werden: Nur normale Dateien können in der Vorschau angezeigt werden.</translation>
    </message>
</context>
<context>
    <name>CsvPreview</name>
    <message>
        <location filename="../widgets/common/csvpreview.cpp" line="+77"/>
        <source>%1 is empty (0 bytes): there are no rows to show.</source>
        <translation>%1 ist leer (0 Bytes): Es gibt keine Zeilen anzuzeigen.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 is not a text table: it holds binary data (%2). Save it and open it with the program that made it.</source>
        <translation>%1 ist keine Texttabelle: Die Datei enthält Binärdaten (%2). Speichern Sie sie und öffnen Sie sie mit dem Programm, das sie erstellt hat.</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>%1 rows so far…</source>
        <translation>bisher %1 Zeilen …</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+7"/>
        <source>%1 rows</source>
        <translation>%1 Zeilen</translation>
    </message>
</context>
<context>
    <name>DataLocationPage</name>
    <message>
        <location filename="../widgets/settings/datalocationpage.cpp" line="+47"/>
        <source>Data folder</source>
        <translation>Datenordner</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Containers, documents, request logs and snapshots of every workspace live here. Start Sandbench with --data-dir or SANDBENCH_DATA_DIR to use another folder.</source>
        <translation>Hier liegen Container, Dokumente, Anfrageprotokolle und Snapshots aller Arbeitsbereiche. Starten Sie Sandbench mit --data-dir oder SANDBENCH_DATA_DIR, um einen anderen Ordner zu verwenden.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Open in File Manager</source>
        <translation>Im Dateimanager ö&amp;ffnen</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Copy Path</source>
        <translation>Pfad &amp;kopieren</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Disk use</source>
        <translation>Speicherbelegung</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Area</source>
        <translation>Bereich</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Workspace “%1”</source>
        <translation>Arbeitsbereich „%1“</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>All workspaces</source>
        <translation>Alle Arbeitsbereiche</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Containers</source>
        <translation>Container</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Snapshots (file history)</source>
        <translation>Snapshots (Dateiverlauf)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Documents</source>
        <translation>Dokumente</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Request logs</source>
        <translation>Anfrageprotokolle</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Total</source>
        <translation>Gesamt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Files in the containers&apos; home folders</source>
        <translation>Dateien in den Home-Ordnern der Container</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The per-command history of each container&apos;s files</source>
        <translation>Der Verlauf der Dateien jedes Containers, Befehl für Befehl</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Files promoted from containers</source>
        <translation>Aus Containern übernommene Dateien</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The local API&apos;s request and shell-call log</source>
        <translation>Das Protokoll der lokalen API über Anfragen und Shell-Aufrufe</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Not measured yet.</source>
        <translation>Noch nicht gemessen.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Refresh</source>
        <translation>&amp;Aktualisieren</translation>
    </message>
    <message>
        <location line="+281"/>
        <source>Measuring…</source>
        <translation>Wird gemessen …</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Measured at %1. Workspaces: %2. The whole data folder uses %3.</source>
        <translation>Gemessen um %1. Arbeitsbereiche: %2. Der gesamte Datenordner belegt %3.</translation>
    </message>
    <message>
        <location line="-279"/>
        <source>Clean up</source>
        <translation>Aufräumen</translation>
    </message>
    <message>
        <location line="+9"/>
        <source> days</source>
        <translation> Tage</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>any age</source>
        <translation>jedes Alter</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Requests in the log older than</source>
        <translation>Anfragen im Protokoll, älter als</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Containers no conversation uses (made by the local API or left behind)</source>
        <translation>Container, die keine Unterhaltung nutzt (von der lokalen API angelegt oder zurückgeblieben)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Files uploaded through the Files APIs</source>
        <translation>Über die Files-APIs hochgeladene Dateien</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Delete…</source>
        <translation>Löschen …</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>Looking at what can be deleted…</source>
        <translation>Es wird ermittelt, was gelöscht werden kann …</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Cannot clean up: %1</source>
        <translation>Aufräumen nicht möglich: %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Nothing to delete: no request in the log is older than %1 days.</source>
        <translation>Nichts zu löschen: Keine Anfrage im Protokoll ist älter als %1 Tage.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nothing to delete: the request log is empty.</source>
        <translation>Nichts zu löschen: Das Anfrageprotokoll ist leer.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nothing to delete: every container belongs to a conversation.</source>
        <translation>Nichts zu löschen: Jeder Container gehört zu einer Unterhaltung.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nothing to delete: no file was uploaded through the Files APIs.</source>
        <translation>Nichts zu löschen: Über die Files-APIs wurde keine Datei hochgeladen.</translation>
    </message>
    <message numerus="yes">
        <location line="+12"/>
        <source>Delete %n request(s) logged more than %1 days ago from the request log, with their shell calls and outputs? This frees about %2.</source>
        <translation>
            <numerusform>%n Anfrage, die vor mehr als %1 Tagen protokolliert wurde, mit ihren Shell-Aufrufen und Ausgaben aus dem Anfrageprotokoll löschen? Das gibt etwa %2 frei.</numerusform>
            <numerusform>%n Anfragen, die vor mehr als %1 Tagen protokolliert wurden, mit ihren Shell-Aufrufen und Ausgaben aus dem Anfrageprotokoll löschen? Das gibt etwa %2 frei.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>Delete all %n request(s) from the request log, with their shell calls and outputs? This frees about %1.</source>
        <translation>
            <numerusform>Die %n Anfrage mit ihren Shell-Aufrufen und Ausgaben aus dem Anfrageprotokoll löschen? Das gibt etwa %1 frei.</numerusform>
            <numerusform>Alle %n Anfragen mit ihren Shell-Aufrufen und Ausgaben aus dem Anfrageprotokoll löschen? Das gibt etwa %1 frei.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>Delete %n container(s) that no conversation uses, with their files and history? This frees %1.</source>
        <translation>
            <numerusform>%n Container, den keine Unterhaltung nutzt, mit seinen Dateien und seinem Verlauf löschen? Das gibt %1 frei.</numerusform>
            <numerusform>%n Container, die keine Unterhaltung nutzt, mit ihren Dateien und ihrem Verlauf löschen? Das gibt %1 frei.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>Delete %n file(s) uploaded through the Files APIs? Programs that still name them get an error. This frees %1.</source>
        <translation>
            <numerusform>%n über die Files-APIs hochgeladene Datei löschen? Programme, die sie noch nennen, erhalten einen Fehler. Das gibt %1 frei.</numerusform>
            <numerusform>%n über die Files-APIs hochgeladene Dateien löschen? Programme, die sie noch nennen, erhalten einen Fehler. Das gibt %1 frei.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Nothing was deleted.</source>
        <translation>Es wurde nichts gelöscht.</translation>
    </message>
    <message numerus="yes">
        <location line="+45"/>
        <source>Deleted %n request(s); the log is %1 smaller.</source>
        <translation>
            <numerusform>%n Anfrage gelöscht; das Protokoll ist %1 kleiner.</numerusform>
            <numerusform>%n Anfragen gelöscht; das Protokoll ist %1 kleiner.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Deleted %n container(s), freeing %1.</source>
        <translation>
            <numerusform>%n Container gelöscht, %1 freigegeben.</numerusform>
            <numerusform>%n Container gelöscht, %1 freigegeben.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Deleted %n file(s), freeing %1.</source>
        <translation>
            <numerusform>%n Datei gelöscht, %1 freigegeben.</numerusform>
            <numerusform>%n Dateien gelöscht, %1 freigegeben.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 Not everything: %2</source>
        <translation>%1 Nicht alles: %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <location line="-280"/>
        <source>Uploaded files</source>
        <translation>Hochgeladene Dateien</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Files that came in through the Files APIs of the local API</source>
        <translation>Dateien, die über die Files-APIs der lokalen API kamen</translation>
    </message>
</context>
<context>
    <name>DiffView</name>
    <message>
        <location filename="../widgets/files/diffview.cpp" line="+231"/>
        <source>Lines: %1</source>
        <translation>Zeilen: %1</translation>
    </message>
    <message>
        <location line="-123"/>
        <source>Unified</source>
        <translation>Einheitlich</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Side by side</source>
        <translation>Nebeneinander</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>Select a changed file to see its diff.</source>
        <translation>Wählen Sie eine geänderte Datei aus, um ihren Diff zu sehen.</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Not kept: %1. The history records that this version existed and its size, but its content was dropped to keep the container within its storage limit, so there is no diff to show and it cannot be restored.</source>
        <translation>Nicht aufbewahrt: %1. Der Verlauf hält fest, dass diese Version existierte und wie groß sie war, aber ihr Inhalt wurde verworfen, damit der Container innerhalb seines Speicherlimits bleibt; daher gibt es keinen Diff und sie kann nicht wiederhergestellt werden.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Binary file: the two versions differ, no line diff to show.</source>
        <translation>Binärdatei: Die beiden Versionen unterscheiden sich, es gibt keinen zeilenweisen Diff.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No differences: the file is the same in both versions.</source>
        <translation>Keine Unterschiede: Die Datei ist in beiden Versionen gleich.</translation>
    </message>
    <message numerus="yes">
        <location line="+10"/>
        <source>%n line(s) added</source>
        <translation>
            <numerusform>%n Zeile hinzugefügt</numerusform>
            <numerusform>%n Zeilen hinzugefügt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n line(s) removed</source>
        <translation>
            <numerusform>%n Zeile entfernt</numerusform>
            <numerusform>%n Zeilen entfernt</numerusform>
        </translation>
    </message>
    <message>
        <location line="+111"/>
        <source>Diff truncated: it is larger than %1, the rest is not shown.</source>
        <translation>Diff gekürzt: Er ist größer als %1, der Rest wird nicht angezeigt.</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Only the first %1 lines of the diff are shown.</source>
        <translation>Nur die ersten %1 Zeilen des Diffs werden angezeigt.</translation>
    </message>
</context>
<context>
    <name>DocumentsPanel</name>
    <message>
        <location filename="../widgets/documents/documentspanel.cpp" line="+177"/>
        <source>Files promoted from a container. Documents belong to the workspace and never expire.</source>
        <translation>Aus einem Container übernommene Dateien. Dokumente gehören zum Arbeitsbereich und laufen nie ab.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>No documents yet. Promote a file from a container (the Files panel, &lt;tt&gt;sandbench containers promote ID PATH&lt;/tt&gt; or the local API) to keep a copy here.</source>
        <translation>Noch keine Dokumente. Übernehmen Sie eine Datei aus einem Container (Bereich „Dateien“, &lt;tt&gt;sandbench containers promote ID PATH&lt;/tt&gt; oder die lokale API), um hier eine Kopie aufzubewahren.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open a copy in the desktop&apos;s application for this kind of file</source>
        <translation>Eine Kopie in der Anwendung öffnen, die auf dem Desktop für diese Dateiart zuständig ist</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save As…</source>
        <translation>Speichern unter …</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+23"/>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Keep</source>
        <translation>Behalten</translation>
    </message>
    <message>
        <location line="+41"/>
        <location line="+177"/>
        <source>Select a document to see it here.</source>
        <translation>Wählen Sie ein Dokument aus, um es hier anzuzeigen.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>%1 · from /workspace/home/%2 in %3</source>
        <translation>%1 · aus /workspace/home/%2 in %3</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Loading…</source>
        <translation>Wird geladen …</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 × %2 pixels</source>
        <translation>%1 × %2 Pixel</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>[The preview shows the first %1; use Open or Save As for the whole file.]</source>
        <translation>[Die Vorschau zeigt die ersten %1; verwenden Sie „Öffnen“ oder „Speichern unter“ für die ganze Datei.]</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>No preview for this kind of file. Use Open to view it in another application, or Save As to keep a copy.</source>
        <translation>Für diese Dateiart gibt es keine Vorschau. Verwenden Sie „Öffnen“, um sie in einer anderen Anwendung anzuzeigen, oder „Speichern unter“, um eine Kopie aufzubewahren.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>No application on this computer opens %1. Use Save As to keep a copy and open it yourself.</source>
        <translation>Keine Anwendung auf diesem Computer kann %1 öffnen. Speichern Sie mit „Speichern unter“ eine Kopie und öffnen Sie sie selbst.</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Save a copy of %1</source>
        <translation>Eine Kopie von %1 speichern</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Cannot save %1 to %2: %3</source>
        <translation>%1 kann nicht unter %2 gespeichert werden: %3</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Saved %1 to %2.</source>
        <translation>%1 wurde unter %2 gespeichert.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Delete %1 from the workspace&apos;s documents? This cannot be undone.</source>
        <translation>%1 aus den Dokumenten des Arbeitsbereichs löschen? Dies kann nicht rückgängig gemacht werden.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Cannot delete %1 completely; some of its files remain in %2.</source>
        <translation>%1 kann nicht vollständig gelöscht werden; einige seiner Dateien verbleiben in %2.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Deleted %1.</source>
        <translation>%1 wurde gelöscht.</translation>
    </message>
</context>
<context>
    <name>DocumentsPanelModel</name>
    <message>
        <location filename="../widgets/documents/documentspanelmodel.cpp" line="+136"/>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1
Document %2
SHA-256 %3</source>
        <translation>%1
Dokument %2
SHA-256 %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 bytes</source>
        <translation>%1 Byte</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Promoted from /workspace/home/%1 in container %2</source>
        <translation>Übernommen aus /workspace/home/%1 in Container %2</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Promoted</source>
        <translation>Übernommen</translation>
    </message>
</context>
<context>
    <name>EventStreamClient</name>
    <message>
        <location filename="../engine/server/eventstreamclient.cpp" line="+64"/>
        <source>&quot;%1&quot; is not a server address; use one like http://127.0.0.1:8642</source>
        <translation>„%1“ ist keine Serveradresse; verwenden Sie eine wie http://127.0.0.1:8642</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>The server refused the key: use a key of the server&apos;s workspace (Local API settings or `sandbench keys create`).</source>
        <translation>Der Server hat den Schlüssel abgelehnt: Verwenden Sie einen Schlüssel des Arbeitsbereichs des Servers (Einstellungen der lokalen API oder `sandbench keys create`).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The server closed the connection.</source>
        <translation>Der Server hat die Verbindung geschlossen.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Not watching a server.</source>
        <translation>Es wird kein Server beobachtet.</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>The server&apos;s answer is over %1 KiB.</source>
        <translation>Die Antwort des Servers ist größer als %1 KiB.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The server answered HTTP %1.</source>
        <translation>Der Server antwortete mit HTTP %1.</translation>
    </message>
</context>
<context>
    <name>FileImport</name>
    <message>
        <location filename="../engine/sandbox/history/fileimport.cpp" line="+76"/>
        <source>%1 does not exist.</source>
        <translation>%1 existiert nicht.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is a folder; attach files one by one.</source>
        <translation>%1 ist ein Ordner; hängen Sie Dateien einzeln an.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is not a regular file.</source>
        <translation>%1 ist keine reguläre Datei.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 cannot be read.</source>
        <translation>%1 kann nicht gelesen werden.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is %2, more than the %3 an upload may have.</source>
        <translation>%1 ist %2 groß, mehr als die für einen Upload erlaubten %3.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 cannot be read: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot create the container&apos;s home folder %1.</source>
        <translation>Der Home-Ordner %1 des Containers kann nicht angelegt werden.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot open the container&apos;s home folder %1: %2</source>
        <translation>Der Home-Ordner %1 des Containers kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <location line="+50"/>
        <location line="+94"/>
        <location line="+13"/>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <location line="-59"/>
        <location line="+64"/>
        <source>Cannot write %1 into the container: %2 names are taken already.</source>
        <translation>%1 kann nicht in den Container geschrieben werden: %2 Namen sind bereits vergeben.</translation>
    </message>
    <message>
        <location line="-133"/>
        <location line="+28"/>
        <location line="+9"/>
        <source>Copying %1 failed: %2</source>
        <translation>Kopieren von %1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <location line="-40"/>
        <location line="+37"/>
        <source>%1 grew beyond the upload limit while it was copied.</source>
        <translation>%1 ist während des Kopierens über die Upload-Grenze gewachsen.</translation>
    </message>
    <message>
        <location line="-47"/>
        <source>Cannot hand %1 to the sandbox user: %2</source>
        <translation>%1 kann nicht dem Sandbox-Benutzer übergeben werden: %2</translation>
    </message>
    <message>
        <location line="-10"/>
        <source>%1 is not a file name.</source>
        <translation>%1 ist kein Dateiname.</translation>
    </message>
</context>
<context>
    <name>FilePreview</name>
    <message>
        <location filename="../widgets/files/filepreview.cpp" line="+314"/>
        <source>Select a file to preview it.</source>
        <translation>Wählen Sie eine Datei aus, um eine Vorschau zu sehen.</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Loading %1…</source>
        <translation>%1 wird geladen …</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>%1 — %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 — %2, %3</source>
        <translation>%1 – %2, %3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 no longer exists in the container: it was deleted or renamed after the list was read.</source>
        <translation>%1 existiert im Container nicht mehr: Die Datei wurde gelöscht oder umbenannt, nachdem die Liste gelesen wurde.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cannot show %1: %2</source>
        <translation>%1 kann nicht angezeigt werden: %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Binary file (%1, %2): no preview. Use Save to copy it to this computer.</source>
        <translation>Binärdatei (%1, %2): keine Vorschau. Mit „Speichern unter“ kopieren Sie sie auf diesen Computer.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 × %2 pixels</source>
        <translation>%1 × %2 Pixel</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 is %2, larger than the %3 a table preview is made for. Use Save As… to copy it to this computer.</source>
        <translation>%1 ist %2 groß und damit größer als die %3, für die die Tabellenvorschau gedacht ist. Mit „Speichern unter …“ kopieren Sie die Datei auf diesen Computer.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Cannot open %1 as a table.</source>
        <translation>%1 kann nicht als Tabelle geöffnet werden.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Showing the first %1 of %2.</source>
        <translation>Die ersten %1 von %2 werden angezeigt.</translation>
    </message>
    <message>
        <location line="-184"/>
        <source>Show source</source>
        <translation>Quelltext zeigen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show the Markdown file as its source text instead of formatted</source>
        <translation>Die Markdown-Datei als Quelltext statt formatiert zeigen</translation>
    </message>
    <message>
        <location line="+196"/>
        <source>%1 is %2: Markdown larger than %3 is shown as source, not formatted.</source>
        <translation>%1 ist %2 groß: Markdown über %3 wird als Quelltext gezeigt, nicht formatiert.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 nests quotes or lists %2 deep: Markdown deeper than %3 is shown as source, not formatted.</source>
        <translation>%1 verschachtelt Zitate oder Listen %2 Ebenen tief: Markdown tiefer als %3 wird als Quelltext gezeigt, nicht formatiert.</translation>
    </message>
    <message>
        <location line="+79"/>
        <source>[image not loaded: %1]</source>
        <translation>[Bild nicht geladen: %1]</translation>
    </message>
</context>
<context>
    <name>FileTreeModel</name>
    <message>
        <location filename="../widgets/files/filetreemodel.cpp" line="+171"/>
        <source>%1 — %2 bytes</source>
        <translation>%1 – %2 Byte</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Modified</source>
        <translation>Geändert</translation>
    </message>
</context>
<context>
    <name>FilesPanel</name>
    <message>
        <location filename="../widgets/files/filespanel.cpp" line="+95"/>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read the files and history again</source>
        <translation>Dateien und Verlauf neu einlesen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save As…</source>
        <translation>Speichern unter …</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the selected file on this computer</source>
        <translation>Die ausgewählte Datei auf diesem Computer speichern</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Promote</source>
        <translation>Übernehmen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy the selected file to the workspace&apos;s documents, which never expire</source>
        <translation>Die ausgewählte Datei in die Dokumente des Arbeitsbereichs kopieren, die nie ablaufen</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Hidden files</source>
        <translation>Versteckte Dateien</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Also list files and folders whose name starts with a dot (.cache, .config, .sandbench)</source>
        <translation>Auch Dateien und Ordner anzeigen, deren Name mit einem Punkt beginnt (.cache, .config, .sandbench)</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Files</source>
        <translation>Dateien</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <location line="+153"/>
        <source>Cannot list the container&apos;s files: %1</source>
        <translation>Die Dateien des Containers können nicht aufgelistet werden: %1</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>%1 was deleted.</source>
        <translation>%1 wurde gelöscht.</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Cannot open &quot;%1&quot;: %2. Paths are relative to /workspace/home and may not contain &quot;..&quot; or start with &quot;/&quot;.</source>
        <translation>„%1“ kann nicht geöffnet werden: %2. Pfade sind relativ zu /workspace/home und dürfen weder „..“ enthalten noch mit „/“ beginnen.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>There is no file &quot;%1&quot; in the container.</source>
        <translation>Im Container gibt es keine Datei „%1“.</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Save %1</source>
        <translation>%1 speichern</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Cannot save %1: it no longer exists in the container (deleted or renamed).</source>
        <translation>%1 kann nicht gespeichert werden: Die Datei existiert im Container nicht mehr (gelöscht oder umbenannt).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot save %1: %2</source>
        <translation>%1 kann nicht gespeichert werden: %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Saved %1 to %2.</source>
        <translation>%1 wurde unter %2 gespeichert.</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>This workspace has no documents folder.</source>
        <translation>Dieser Arbeitsbereich hat keinen Dokumentenordner.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Cannot promote %1: %2</source>
        <translation>%1 kann nicht übernommen werden: %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Promoted %1 to Documents (%2).</source>
        <translation>%1 wurde in die Dokumente übernommen (%2).</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>No container</source>
        <translation>Kein Container</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%1 — %n file(s), %2</source>
        <translation>
            <numerusform>%1 – %n Datei, %2</numerusform>
            <numerusform>%1 – %n Dateien, %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>(%n hidden)</source>
        <translation>
            <numerusform>(%n versteckt)</numerusform>
            <numerusform>(%n versteckt)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(only the first %1 files are listed)</source>
        <translation>(nur die ersten %1 Dateien werden aufgelistet)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>/workspace/home of container %1</source>
        <translation>/workspace/home von Container %1</translation>
    </message>
</context>
<context>
    <name>GuardrailsPanel</name>
    <message>
        <location filename="../widgets/guardrails/guardrailspanel.cpp" line="+42"/>
        <source>Flag</source>
        <translation>Markieren</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Redact</source>
        <translation>Schwärzen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Block</source>
        <translation>Blockieren</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Guardrails</source>
        <translation>Schutzregeln</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Test</source>
        <translation>Test</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Flag report</source>
        <translation>Trefferbericht</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Prompt injection</source>
        <translation>Prompt-Injection</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Prompt-injection patterns</source>
        <translation>Prompt-Injection-Muster</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Regular expressions for attempts to override the model&apos;s instructions</source>
        <translation>Reguläre Ausdrücke für Versuche, die Anweisungen des Modells außer Kraft zu setzen</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>Pattern set version %1: %n pattern(s) in %2 families (languages: %3). The gateway uses the set built into this Sandbench.</source>
        <translation>
            <numerusform>Mustersatz Version %1: %n Muster in %2 Familien (Sprachen: %3). Das Gateway verwendet den in diese Sandbench-Version eingebauten Satz.</numerusform>
            <numerusform>Mustersatz Version %1: %n Muster in %2 Familien (Sprachen: %3). Das Gateway verwendet den in diese Sandbench-Version eingebauten Satz.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Personal data</source>
        <translation>Personenbezogene Daten</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Email addresses</source>
        <translation>E-Mail-Adressen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Phone numbers</source>
        <translation>Telefonnummern</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Credit card numbers</source>
        <translation>Kreditkartennummern</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>13 to 19 digits that pass the Luhn check</source>
        <translation>13 bis 19 Ziffern, die die Luhn-Prüfung bestehen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>IP addresses</source>
        <translation>IP-Adressen</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>IPv4 and IPv6</source>
        <translation>IPv4 und IPv6</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Also scan sandbox output before the model reads it</source>
        <translation>Auch die Sandbox-Ausgabe prüfen, bevor das Modell sie liest</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Every guardrail that is on reads the output of shell calls, whatever its scope: redact hides the matches, block withholds the output.</source>
        <translation>Jede aktive Schutzregel prüft die Ausgabe von Shell-Aufrufen, unabhängig von ihrem Geltungsbereich: „Schwärzen“ verbirgt die Treffer, „Blockieren“ hält die Ausgabe zurück.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Flag records a detection and forwards the request unchanged. Redact replaces each match with a label such as [EMAIL]. Block refuses the request with HTTP 403 before it reaches the model. When several fire, the strictest wins. &quot;User messages&quot; reads only what users wrote; &quot;All messages&quot; also reads system, developer and assistant text.</source>
        <translation>„Markieren“ erfasst eine Erkennung und leitet die Anfrage unverändert weiter. „Schwärzen“ ersetzt jeden Treffer durch eine Kennzeichnung wie [EMAIL]. „Blockieren“ weist die Anfrage mit HTTP 403 ab, bevor sie das Modell erreicht. Greifen mehrere, gilt die strengste. „Benutzernachrichten“ prüft nur, was Benutzer geschrieben haben; „Alle Nachrichten“ prüft auch System-, Entwickler- und Assistententext.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Revert</source>
        <translation>Zurücksetzen</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>User messages</source>
        <translation>Benutzernachrichten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>All messages</source>
        <translation>Alle Nachrichten</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>User message</source>
        <translation>Benutzernachricht</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>System message</source>
        <translation>Systemnachricht</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Assistant message</source>
        <translation>Assistentennachricht</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sandbox output</source>
        <translation>Sandbox-Ausgabe</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Type or paste a sample message; matches are highlighted here.</source>
        <translation>Geben Sie eine Beispielnachricht ein oder fügen Sie sie ein; Treffer werden hier hervorgehoben.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>What the model would read:</source>
        <translation>Was das Modell lesen würde:</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Match</source>
        <translation>Treffer</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+49"/>
        <source>Guardrail</source>
        <translation>Schutzregel</translation>
    </message>
    <message>
        <location line="-49"/>
        <source>Pattern</source>
        <translation>Muster</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Test as:</source>
        <translation>Testen als:</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Last 24 hours</source>
        <translation>Letzte 24 Stunden</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Last 7 days</source>
        <translation>Letzte 7 Tage</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Last 30 days</source>
        <translation>Letzte 30 Tage</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>All logged requests</source>
        <translation>Alle protokollierten Anfragen</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Requests matched</source>
        <translation>Anfragen mit Treffer</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Share</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Set to now</source>
        <translation>Aktuelle Aktion</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Every detection is recorded whatever the action, so running a guardrail with Flag first shows how much of the real traffic Redact would change or Block would refuse.</source>
        <translation>Jede Erkennung wird unabhängig von der Aktion erfasst. Wenn Sie eine Schutzregel zunächst mit „Markieren“ betreiben, sehen Sie daher, wie viel des realen Datenverkehrs „Schwärzen“ ändern oder „Blockieren“ abweisen würde.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Period:</source>
        <translation>Zeitraum:</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>The workspace&apos;s guardrail settings cannot be read: %1. Requests are refused until the file is fixed; Save replaces it with the settings shown here.</source>
        <translation>Die Schutzregel-Einstellungen des Arbeitsbereichs können nicht gelesen werden: %1. Anfragen werden abgewiesen, bis die Datei repariert ist; „Speichern“ ersetzt sie durch die hier angezeigten Einstellungen.</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>Unsaved changes: the test box already uses them; requests use them once saved.</source>
        <translation>Ungespeicherte Änderungen: Das Testfeld verwendet sie bereits, Anfragen erst nach dem Speichern.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No guardrail is on for this workspace.</source>
        <translation>Für diesen Arbeitsbereich ist keine Schutzregel aktiv.</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n guardrail(s) on; saved in %1.</source>
        <translation>
            <numerusform>%n Schutzregel aktiv; gespeichert in %1.</numerusform>
            <numerusform>%n Schutzregeln aktiv; gespeichert in %1.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+37"/>
        <source>The guardrails could not be saved: %1</source>
        <translation>Die Schutzregeln konnten nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>%1 was changed outside this panel. Revert loads that version; Save keeps yours.</source>
        <translation>%1 wurde außerhalb dieses Bereichs geändert. „Zurücksetzen“ lädt diese Version, „Speichern“ behält Ihre.</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>Type a sample above to see what the guardrails that are on would do with it.</source>
        <translation>Geben Sie oben ein Beispiel ein, um zu sehen, was die aktiven Schutzregeln damit tun würden.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No guardrail is on: every request is forwarded unchanged. Turn one on in the Guardrails tab to test it here.</source>
        <translation>Keine Schutzregel ist aktiv: Jede Anfrage wird unverändert weitergeleitet. Aktivieren Sie eine im Reiter „Schutzregeln“, um sie hier zu testen.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sandbox output is not scanned: the model reads it unchanged. Turn on &quot;Also scan sandbox output&quot; to guard it.</source>
        <translation>Die Sandbox-Ausgabe wird nicht geprüft: Das Modell liest sie unverändert. Aktivieren Sie „Auch die Sandbox-Ausgabe prüfen“, um sie zu schützen.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No guardrail is on: forwarded unchanged.</source>
        <translation>Keine Schutzregel ist aktiv: unverändert weitergeleitet.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;Forwarded unchanged&lt;/b&gt;: nothing matched.</source>
        <translation>&lt;b&gt;Unverändert weitergeleitet&lt;/b&gt;: keine Treffer.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>the guardrail &quot;%1&quot; found %2.</source>
        <translation>Die Schutzregel „%1“ hat %2 gefunden.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;b&gt;Withheld&lt;/b&gt;: the model gets a tool error instead of this output: %1</source>
        <translation>&lt;b&gt;Zurückgehalten&lt;/b&gt;: Das Modell erhält statt dieser Ausgabe einen Werkzeugfehler: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;Blocked with HTTP 403&lt;/b&gt; before the model: %1</source>
        <translation>&lt;b&gt;Mit HTTP 403 blockiert&lt;/b&gt;, bevor das Modell sie erhält: %1</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>&lt;b&gt;Forwarded redacted&lt;/b&gt;: %n match(es) found.</source>
        <translation>
            <numerusform>&lt;b&gt;Geschwärzt weitergeleitet&lt;/b&gt;: %n Treffer gefunden.</numerusform>
            <numerusform>&lt;b&gt;Geschwärzt weitergeleitet&lt;/b&gt;: %n Treffer gefunden.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>&lt;b&gt;Forwarded unchanged and flagged&lt;/b&gt;: %n detection(s) would be recorded.</source>
        <translation>
            <numerusform>&lt;b&gt;Unverändert weitergeleitet und markiert&lt;/b&gt;: %n Erkennung würde erfasst.</numerusform>
            <numerusform>&lt;b&gt;Unverändert weitergeleitet und markiert&lt;/b&gt;: %n Erkennungen würden erfasst.</numerusform>
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
        <translation>%1 von %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>No logged requests in this period yet. Turn guardrails on with Flag and send traffic through the local API to see what Redact or Block would do.</source>
        <translation>In diesem Zeitraum gibt es noch keine protokollierten Anfragen. Aktivieren Sie Schutzregeln mit „Markieren“ und senden Sie Anfragen über die lokale API, um zu sehen, was „Schwärzen“ oder „Blockieren“ tun würden.</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%n request(s) logged in this period.</source>
        <translation>
            <numerusform>%n Anfrage in diesem Zeitraum protokolliert.</numerusform>
            <numerusform>%n Anfragen in diesem Zeitraum protokolliert.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 of them (%2 %) had at least one detection: with Redact or Block, those would have been changed or refused.</source>
        <translation>%1 davon (%2&#xa0;%) hatten mindestens eine Erkennung: Mit Schwärzen oder Blockieren wären sie verändert oder abgelehnt worden.</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>%n detection(s) were reported as false positives.</source>
        <translation>
            <numerusform>%n Erkennung wurde als Fehlalarm gemeldet.</numerusform>
            <numerusform>%n Erkennungen wurden als Fehlalarm gemeldet.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HistoryModel</name>
    <message>
        <location filename="../widgets/files/historymodel.cpp" line="+163"/>
        <source>Files</source>
        <translation>Dateien</translation>
    </message>
    <message>
        <location line="-103"/>
        <source>Restore: %1</source>
        <translation>Wiederherstellung: %1</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>%1 (timed out)</source>
        <translation>%1 (Zeitüberschreitung)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (exit %2)</source>
        <translation>%1 (Exit %2)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 — attached by you</source>
        <translation>%1 — von Ihnen angehängt</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Saved after an interruption (during: %1)</source>
        <translation>Nach einer Unterbrechung gespeichert (während: %1)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Saved after an interruption</source>
        <translation>Nach einer Unterbrechung gespeichert</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 (%2 not kept: storage budget)</source>
        <translation>%1 (%2 nicht aufbewahrt: Speicherbudget)</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>You attached %1: it was copied into /workspace/home.</source>
        <translation>Sie haben %1 angehängt: Die Datei wurde nach /workspace/home kopiert.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A restore from this history: %1</source>
        <translation>Eine Wiederherstellung aus diesem Verlauf: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Files changed while Sandbench was interrupted (a crash or a kill), saved when the container woke up: %1</source>
        <translation>Dateien, die sich geändert haben, während Sandbench unterbrochen war (Absturz oder Abbruch), gespeichert beim Aufwachen des Containers: %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 added, %2 changed, %3 deleted; the content of %4 of these versions was not kept (storage budget)</source>
        <translation>%1 hinzugefügt, %2 geändert, %3 gelöscht; der Inhalt von %4 dieser Versionen wurde nicht aufbewahrt (Speicherbudget)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 added, %2 changed, %3 deleted</source>
        <translation>%1 hinzugefügt, %2 geändert, %3 gelöscht</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1, took %2 ms</source>
        <translation>%1, dauerte %2 ms</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Made by</source>
        <translation>Ursache</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
</context>
<context>
    <name>HistoryView</name>
    <message>
        <location filename="../widgets/files/historyview.cpp" line="+74"/>
        <source>No commands have changed files in this container yet.</source>
        <translation>In diesem Container haben noch keine Befehle Dateien geändert.</translation>
    </message>
    <message>
        <location line="+297"/>
        <source>Restore This Version</source>
        <translation>Diese Version wiederherstellen</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Restore Version Before</source>
        <translation>Version davor wiederherstellen</translation>
    </message>
    <message>
        <location line="-320"/>
        <source>Restore Workspace…</source>
        <translation>Alle Dateien wiederherstellen …</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Put every file under /workspace/home back as it was after the selected command</source>
        <translation>Alle Dateien unter /workspace/home auf den Stand nach dem ausgewählten Befehl zurücksetzen</translation>
    </message>
    <message>
        <location line="+143"/>
        <source>Cannot read the file history: %1</source>
        <translation>Der Dateiverlauf kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <location line="+70"/>
        <source>Cannot read what the command changed: %1</source>
        <translation>Es kann nicht gelesen werden, was der Befehl geändert hat: %1</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Loading the diff of %1…</source>
        <translation>Diff von %1 wird geladen …</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cannot show the diff of %1: %2</source>
        <translation>Der Diff von %1 kann nicht angezeigt werden: %2</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>The restore is recorded in the history, so it can be undone.</source>
        <translation>Die Wiederherstellung wird im Verlauf festgehalten und lässt sich daher rückgängig machen.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not kept: storage budget. This version&apos;s content was not kept, so it cannot be restored.</source>
        <translation>Nicht aufbewahrt: Speicherbudget. Der Inhalt dieser Version wurde nicht aufbewahrt, daher kann sie nicht wiederhergestellt werden.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Select a file to put it back as the selected entry left it</source>
        <translation>Wählen Sie eine Datei, um sie so wiederherzustellen, wie der gewählte Eintrag sie hinterlassen hat</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The selected entry deleted %1: there is no version of it after this entry.</source>
        <translation>Der gewählte Eintrag hat %1 gelöscht: Nach diesem Eintrag gibt es keine Version davon.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Put %1 back as the selected entry left it. %2</source>
        <translation>%1 so wiederherstellen, wie der gewählte Eintrag die Datei hinterlassen hat. %2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Delete, as Before</source>
        <translation>Löschen, wie zuvor</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 did not exist before the selected entry: delete it from /workspace/home. %2</source>
        <translation>%1 gab es vor dem gewählten Eintrag nicht: aus /workspace/home löschen. %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Restore Deleted File</source>
        <translation>Gelöschte Datei wiederherstellen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Put %1 back as it was before the selected entry deleted it. %2</source>
        <translation>%1 so wiederherstellen, wie die Datei war, bevor der gewählte Eintrag sie gelöscht hat. %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Put %1 back as it was before the selected entry. %2</source>
        <translation>%1 so wiederherstellen, wie die Datei vor dem gewählten Eintrag war. %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select a file to put it back as it was before the selected entry</source>
        <translation>Wählen Sie eine Datei, um sie so wiederherzustellen, wie sie vor dem gewählten Eintrag war</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Nothing was saved before this entry: it is the first one.</source>
        <translation>Vor diesem Eintrag wurde nichts gespeichert: Es ist der erste.</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>%1 is already as this entry left it: nothing was restored.</source>
        <translation>%1 ist bereits so, wie dieser Eintrag die Datei hinterlassen hat: Es wurde nichts wiederhergestellt.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is already as it was before this entry: nothing was restored.</source>
        <translation>%1 ist bereits so wie vor diesem Eintrag: Es wurde nichts wiederhergestellt.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Restored %1 as this entry left it.</source>
        <translation>%1 wurde so wiederhergestellt, wie dieser Eintrag die Datei hinterlassen hat.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Restored %1 as it was before this entry.</source>
        <translation>%1 wurde so wiederhergestellt, wie die Datei vor diesem Eintrag war.</translation>
    </message>
    <message>
        <location line="-29"/>
        <source>Cannot restore %1: no earlier version of it was saved.</source>
        <translation>%1 kann nicht wiederhergestellt werden: Es wurde keine frühere Version gespeichert.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Cannot restore %1: %2</source>
        <translation>%1 kann nicht wiederhergestellt werden: %2</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Restore Workspace</source>
        <translation>Alle Dateien wiederherstellen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Put every file under /workspace/home back as it was after this command?</source>
        <translation>Alle Dateien unter /workspace/home auf den Stand nach diesem Befehl zurücksetzen?</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Files created later are deleted. The restore itself is recorded in the history, so it can be undone.</source>
        <translation>Später angelegte Dateien werden gelöscht. Die Wiederherstellung selbst wird im Verlauf festgehalten und lässt sich daher rückgängig machen.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Restore</source>
        <translation>Wiederherstellen</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Cannot restore the workspace: %1</source>
        <translation>Die Dateien können nicht wiederhergestellt werden: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The workspace is already as it was after this command: nothing was restored.</source>
        <translation>Die Dateien sind bereits so wie nach diesem Befehl: Es wurde nichts wiederhergestellt.</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Restored the workspace: %n file(s) changed.</source>
        <translation>
            <numerusform>Dateien wiederhergestellt: %n Datei geändert.</numerusform>
            <numerusform>Dateien wiederhergestellt: %n Dateien geändert.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ImageViewer</name>
    <message>
        <location filename="../widgets/common/imageviewer.cpp" line="+45"/>
        <source>%1 — Image</source>
        <translation>%1 — Bild</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Fit</source>
        <translation>Einpassen</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Fit the image to the window</source>
        <translation>Das Bild ins Fenster einpassen</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>100%</source>
        <translation>100 %</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Show the image&apos;s own pixels</source>
        <translation>Die Pixel des Bildes eins zu eins zeigen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Zoom in</source>
        <translation>Vergrößern</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Zoom in (Ctrl++ or Ctrl+wheel)</source>
        <translation>Vergrößern (Strg++ oder Strg+Mausrad)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Zoom out</source>
        <translation>Verkleinern</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Zoom out (Ctrl+- or Ctrl+wheel)</source>
        <translation>Verkleinern (Strg+- oder Strg+Mausrad)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Copy the image</source>
        <translation>Das Bild kopieren</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save as…</source>
        <translation>Speichern unter…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Save the image to a file</source>
        <translation>Das Bild in eine Datei speichern</translation>
    </message>
    <message>
        <location line="+99"/>
        <source>%1%</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Image copied.</source>
        <translation>Bild kopiert.</translation>
    </message>
</context>
<context>
    <name>InlineConfirm</name>
    <message>
        <location filename="../widgets/common/inlineconfirm.cpp" line="+55"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
</context>
<context>
    <name>InlineImage</name>
    <message>
        <location filename="../widgets/common/inlineimage.cpp" line="+82"/>
        <source>%1 — click to enlarge, right-click to copy or save</source>
        <translation>%1 — klicken zum Vergrößern, Rechtsklick zum Kopieren oder Speichern</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Copy image</source>
        <translation>Bild kopieren</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save image as…</source>
        <translation>Bild speichern unter…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open at full size</source>
        <translation>In voller Größe öffnen</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Image copied.</source>
        <translation>Bild kopiert.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Save image as</source>
        <translation>Bild speichern unter</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PNG images (*.png)</source>
        <translation>PNG-Bilder (*.png)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Saved to %1.</source>
        <translation>Gespeichert unter %1.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Could not save the image to %1: %2. Choose a folder you can write to.</source>
        <translation>Das Bild konnte nicht unter %1 gespeichert werden: %2. Wählen Sie einen Ordner, in den Sie schreiben dürfen.</translation>
    </message>
</context>
<context>
    <name>InlineMessage</name>
    <message>
        <location filename="../widgets/common/inlinemessage.cpp" line="+28"/>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
</context>
<context>
    <name>KeychainSecrets</name>
    <message>
        <location filename="../engine/secrets/keychainsecrets.cpp" line="+94"/>
        <source>The API key of provider &quot;%1&quot; is still being read from the system keychain; send again in a moment.</source>
        <translation>Der API-Schlüssel des Anbieters „%1“ wird noch aus dem Schlüsselbund des Systems gelesen; senden Sie gleich noch einmal.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The API key of provider &quot;%1&quot; is kept in the system keychain, which cannot be reached. %2</source>
        <translation>Der API-Schlüssel des Anbieters „%1“ liegt im Schlüsselbund des Systems, der nicht erreichbar ist. %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The API key of provider &quot;%1&quot; is no longer in the system keychain; enter it again in File › Model Providers.</source>
        <translation>Der API-Schlüssel des Anbieters „%1“ ist nicht mehr im Schlüsselbund des Systems; geben Sie ihn unter Datei › Modellanbieter erneut ein.</translation>
    </message>
</context>
<context>
    <name>LanguagePage</name>
    <message>
        <location filename="../widgets/settings/languagepage.cpp" line="+22"/>
        <source>System default (%1)</source>
        <translation>Systemstandard (%1)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>System default</source>
        <translation>Systemstandard</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>The language of menus, dialogs, messages, dates and times. It applies at once to every window; Qt&apos;s standard dialogs and buttons follow it too.</source>
        <translation>Die Sprache von Menüs, Dialogen, Meldungen, Datums- und Zeitangaben. Sie gilt sofort für jedes Fenster; auch Qts Standarddialoge und -schaltflächen folgen ihr.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Language:</source>
        <translation>&amp;Sprache:</translation>
    </message>
</context>
<context>
    <name>LocalApiController</name>
    <message>
        <location filename="../widgets/localapi/localapicontroller.cpp" line="+66"/>
        <source>The port must be a whole number from %1 to %2 (got &quot;%3&quot;); ports below %1 are reserved for system services.</source>
        <translation>Der Port muss eine ganze Zahl von %1 bis %2 sein (angegeben: „%3“); Ports unter %1 sind für Systemdienste reserviert.</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>The window is closing.</source>
        <translation>Das Fenster wird geschlossen.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Port %1 is already in use by the local API of another Sandbench window (workspace “%2”). Choose another port, or turn the local API off in that window.</source>
        <translation>Port %1 wird bereits von der lokalen API eines anderen Sandbench-Fensters verwendet (Arbeitsbereich „%2“). Wählen Sie einen anderen Port oder schalten Sie die lokale API in jenem Fenster aus.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Port %1 is already in use by another program (perhaps `sandbench serve` in a terminal). Choose another port, or stop that program and turn the API on again.</source>
        <translation>Port %1 wird bereits von einem anderen Programm verwendet (vielleicht `sandbench serve` in einem Terminal). Wählen Sie einen anderen Port oder beenden Sie das Programm und schalten Sie die API erneut ein.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cannot listen on 127.0.0.1:%1: %2</source>
        <translation>Auf 127.0.0.1:%1 kann nicht gelauscht werden: %2</translation>
    </message>
</context>
<context>
    <name>LocalApiIndicator</name>
    <message>
        <location filename="../widgets/localapi/localapiindicator.cpp" line="+23"/>
        <source>Local API: %1</source>
        <translation>Lokale API: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Other programs can send requests to %1/api/v1. Click for the local API settings.</source>
        <translation>Andere Programme können Anfragen an %1/api/v1 senden. Klicken Sie hier für die Einstellungen der lokalen API.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Local API: not running</source>
        <translation>Lokale API: läuft nicht</translation>
    </message>
</context>
<context>
    <name>LocalApiPage</name>
    <message>
        <location filename="../widgets/localapi/localapipage.cpp" line="+37"/>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Other programs on this computer can send Responses and Messages requests with the openrouter:shell tool to Sandbench. Their shell calls run in this workspace&apos;s sandboxes and appear live in the Other programs panel. The API listens on 127.0.0.1 only and needs one of the keys below.</source>
        <translation>Andere Programme auf diesem Computer können Responses- und Messages-Anfragen mit dem Werkzeug openrouter:shell an Sandbench senden. Ihre Shell-Aufrufe laufen in den Sandboxes dieses Arbeitsbereichs und erscheinen live im Bereich „Andere Programme“. Die API lauscht nur auf 127.0.0.1 und benötigt einen der Schlüssel unten.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Run the local API while Sandbench is open</source>
        <translation>Lokale API ausführen, solange Sandbench geöffnet ist</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>A port from %1 to %2</source>
        <translation>Ein Port von %1 bis %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Apply</source>
        <translation>Anwenden</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Copy the API&apos;s base URL</source>
        <translation>Die Basis-URL der API kopieren</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Port:</source>
        <translation>Port:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Status:</source>
        <translation>Status:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Base URL:</source>
        <translation>Basis-URL:</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>API keys of workspace %1</source>
        <translation>API-Schlüssel des Arbeitsbereichs %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Created</source>
        <translation>Erstellt</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Create key</source>
        <translation>Schlüssel erstellen</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+183"/>
        <source>Copy the selected key</source>
        <translation>Den ausgewählten Schlüssel kopieren</translation>
    </message>
    <message>
        <location line="-181"/>
        <source>Revoke…</source>
        <translation>Widerrufen …</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Programs using the selected key are refused from their next request on</source>
        <translation>Programme, die den ausgewählten Schlüssel verwenden, werden ab ihrer nächsten Anfrage abgewiesen</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Copy the new key now and give it to your program. Sandbench keeps only a hash of it on disk, so after you quit Sandbench it cannot show the key again.</source>
        <translation>Kopieren Sie den neuen Schlüssel jetzt und geben Sie ihn an Ihr Programm weiter. Sandbench speichert nur einen Hash davon auf der Festplatte und kann den Schlüssel daher nach dem Beenden nicht mehr anzeigen.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Try it</source>
        <translation>Ausprobieren</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Copy the example command</source>
        <translation>Den Beispielbefehl kopieren</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Replace MODEL with a model of your providers (provider/model).</source>
        <translation>Ersetzen Sie MODEL durch ein Modell Ihrer Anbieter (anbieter/modell).</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>The base URL</source>
        <translation>Die Basis-URL</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The example</source>
        <translation>Das Beispiel</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Running at %1</source>
        <translation>Läuft unter %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Not running: %1</source>
        <translation>Läuft nicht: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stopped</source>
        <translation>Angehalten</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Cannot read the API keys: %1</source>
        <translation>Die API-Schlüssel können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Only the start of this key is known; Sandbench stores a hash</source>
        <translation>Nur der Anfang dieses Schlüssels ist bekannt; Sandbench speichert einen Hash</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Created while Sandbench is open: it can still be copied</source>
        <translation>Erstellt, während Sandbench geöffnet ist: Er kann noch kopiert werden</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Only keys created while Sandbench is open can be copied; create a new one to hand to a program</source>
        <translation>Nur Schlüssel, die erstellt wurden, während Sandbench geöffnet ist, können kopiert werden; erstellen Sie einen neuen, um ihn an ein Programm weiterzugeben</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Cannot create a key: %1</source>
        <translation>Schlüssel kann nicht erstellt werden: %1</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>The key</source>
        <translation>Der Schlüssel</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Revoke key</source>
        <translation>Schlüssel widerrufen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Revoke the key %1? Programs that use it are refused from their next request on. This cannot be undone.</source>
        <translation>Den Schlüssel %1 widerrufen? Programme, die ihn verwenden, werden ab ihrer nächsten Anfrage abgewiesen. Dies kann nicht rückgängig gemacht werden.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Revoke</source>
        <translation>Widerrufen</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot revoke the key: %1</source>
        <translation>Der Schlüssel kann nicht widerrufen werden: %1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The key is revoked.</source>
        <translation>Der Schlüssel wurde widerrufen.</translation>
    </message>
    <message>
        <location line="-187"/>
        <location line="+216"/>
        <source>%1 is on the clipboard.</source>
        <translation>%1 ist in der Zwischenablage.</translation>
    </message>
</context>
<context>
    <name>LogsModel</name>
    <message>
        <location filename="../widgets/logs/logsmodel.cpp" line="+212"/>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Loading…</source>
        <translation>Wird geladen …</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 via provider %2</source>
        <translation>%1 über Anbieter %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 input tokens, %2 output tokens</source>
        <translation>%1 Eingabe-Tokens, %2 Ausgabe-Tokens</translation>
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
        <translation>dieses Fenster</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>MCP</source>
        <translation>MCP</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>API</source>
        <translation>API</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Request</source>
        <translation>Anfrage</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Latency</source>
        <translation>Latenz</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tokens in → out</source>
        <translation>Tokens ein → aus</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sandbox cost</source>
        <translation>Sandbox-Kosten</translation>
    </message>
    <message>
        <location line="-34"/>
        <source>Window</source>
        <translation>Fenster</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Window: %1</source>
        <translation>Fenster: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>MCP client</source>
        <translation>MCP-Client</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>API: %1</source>
        <translation>API: %1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>From</source>
        <translation>Von</translation>
    </message>
    <message>
        <location line="-78"/>
        <source>Asked in the window&apos;s conversation “%1”: %2</source>
        <translation>Gefragt in der Unterhaltung „%1“ im Fenster: %2</translation>
    </message>
</context>
<context>
    <name>LogsPanel</name>
    <message>
        <location filename="../widgets/logs/logspanel.cpp" line="+194"/>
        <source>Input and output logging is off for this workspace: only metadata (time, model, status, tokens, cost, detections) is kept; request and response bodies, commands and their output are not stored.</source>
        <translation>Die Protokollierung von Ein- und Ausgaben ist für diesen Arbeitsbereich ausgeschaltet: Nur Metadaten (Zeit, Modell, Status, Tokens, Kosten, Erkennungen) werden aufbewahrt; Anfrage- und Antwortinhalte, Befehle und deren Ausgabe werden nicht gespeichert.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Search requests, responses, commands and output</source>
        <translation>Anfragen, Antworten, Befehle und Ausgaben durchsuchen</translation>
    </message>
    <message>
        <location line="+24"/>
        <location line="+289"/>
        <source>All models</source>
        <translation>Alle Modelle</translation>
    </message>
    <message>
        <location line="-286"/>
        <location line="+287"/>
        <source>All statuses</source>
        <translation>Alle Status</translation>
    </message>
    <message>
        <location line="-282"/>
        <source>Any time</source>
        <translation>Beliebiger Zeitraum</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Last hour</source>
        <translation>Letzte Stunde</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Last 24 hours</source>
        <translation>Letzte 24 Stunden</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Last 7 days</source>
        <translation>Letzte 7 Tage</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Last 30 days</source>
        <translation>Letzte 30 Tage</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Custom range</source>
        <translation>Benutzerdefinierter Zeitraum</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>From</source>
        <translation>Von</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>to</source>
        <translation>bis</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Export…</source>
        <translation>Exportieren …</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Write every request that matches the filter to a JSON Lines file</source>
        <translation>Alle Anfragen, die dem Filter entsprechen, in eine JSON-Lines-Datei schreiben</translation>
    </message>
    <message>
        <location line="+79"/>
        <location line="+174"/>
        <source>Select a request to see its detail.</source>
        <translation>Wählen Sie eine Anfrage aus, um ihre Details zu sehen.</translation>
    </message>
    <message>
        <location line="+417"/>
        <source>This request was logged while input and output logging was off: only its metadata was kept.</source>
        <translation>Diese Anfrage wurde protokolliert, während die Protokollierung von Ein- und Ausgaben ausgeschaltet war: Nur ihre Metadaten wurden aufbewahrt.</translation>
    </message>
    <message>
        <location line="-544"/>
        <source>Run again in the current conversation</source>
        <translation>In der aktuellen Unterhaltung erneut ausführen</translation>
    </message>
    <message>
        <location line="-268"/>
        <source>(commands not logged)</source>
        <translation>(Befehle nicht protokolliert)</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>Finds requests holding every word; &quot;words in quotes&quot; in this order, word* for words that start so. Text without letters or digits is found as it is.</source>
        <translation>Findet Anfragen, die jedes Wort enthalten; &quot;Wörter in Anführungszeichen&quot; in dieser Reihenfolge, Wort* für Wörter, die so beginnen. Text ohne Buchstaben oder Ziffern wird so gefunden, wie er ist.</translation>
    </message>
    <message>
        <location line="+206"/>
        <source>Runs the selected call&apos;s commands in the container of the conversation shown now; the live output appears in the Shell calls view.</source>
        <translation>Führt die Befehle des ausgewählten Aufrufs im Container der gerade angezeigten Unterhaltung aus; die Live-Ausgabe erscheint im Bereich „Shell-Aufrufe“.</translation>
    </message>
    <message>
        <location line="+27"/>
        <location line="+81"/>
        <source>Guardrail</source>
        <translation>Schutzregel</translation>
    </message>
    <message>
        <location line="-81"/>
        <location line="+81"/>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <location line="-81"/>
        <location line="+81"/>
        <source>Pattern</source>
        <translation>Muster</translation>
    </message>
    <message>
        <location line="-81"/>
        <location line="+81"/>
        <source>Where</source>
        <translation>Fundstelle</translation>
    </message>
    <message>
        <location line="-81"/>
        <location line="+81"/>
        <source>Reported</source>
        <translation>Gemeldet</translation>
    </message>
    <message>
        <location line="-76"/>
        <source>Why this is not a real detection (optional)</source>
        <translation>Warum dies keine echte Erkennung ist (optional)</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+658"/>
        <source>Report false positive</source>
        <translation>Als Fehlalarm melden</translation>
    </message>
    <message>
        <location line="-643"/>
        <location line="+59"/>
        <source>Request</source>
        <translation>Anfrage</translation>
    </message>
    <message>
        <location line="-58"/>
        <location line="+62"/>
        <location line="+556"/>
        <source>Response</source>
        <translation>Antwort</translation>
    </message>
    <message>
        <location line="-617"/>
        <location line="+68"/>
        <source>Shell calls</source>
        <translation>Shell-Aufrufe</translation>
    </message>
    <message>
        <location line="-67"/>
        <location line="+68"/>
        <source>Detections</source>
        <translation>Erkennungen</translation>
    </message>
    <message>
        <location line="+119"/>
        <source>The time range is empty: &quot;From&quot; (%1) must be before &quot;to&quot; (%2).</source>
        <translation>Der Zeitraum ist leer: „Von“ (%1) muss vor „bis“ (%2) liegen.</translation>
    </message>
    <message>
        <location line="+118"/>
        <source>The request log cannot be read: %1</source>
        <translation>Das Anfrageprotokoll kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No request matches the filter.</source>
        <translation>Keine Anfrage entspricht dem Filter.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No requests logged yet. Requests sent to the local API of workspace &quot;%1&quot; appear here.</source>
        <translation>Noch keine Anfragen protokolliert. Anfragen an die lokale API des Arbeitsbereichs „%1“ erscheinen hier.</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%n request(s) match the filter.</source>
        <translation>
            <numerusform>%n Anfrage entspricht dem Filter.</numerusform>
            <numerusform>%n Anfragen entsprechen dem Filter.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n request(s) logged.</source>
        <translation>
            <numerusform>%n Anfrage protokolliert.</numerusform>
            <numerusform>%n Anfragen protokolliert.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+122"/>
        <source>The filter hides the request shown here. Select a request to see its detail.</source>
        <translation>Der Filter blendet die hier angezeigte Anfrage aus. Wählen Sie eine Anfrage, um ihre Details zu sehen.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>This request is no longer in the log.</source>
        <translation>Diese Anfrage ist nicht mehr im Protokoll.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&lt;b&gt;%1&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 · HTTP %2 · %3 via %4</source>
        <translation>%1 · HTTP %2 · %3 über %4</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 ms · %2 input / %3 output tokens</source>
        <translation>%1 ms · %2 Eingabe- / %3 Ausgabe-Tokens</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>sandbox cost $%1</source>
        <translation>Sandbox-Kosten %1 $</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>containers: %1</source>
        <translation>Container: %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The log kept the first %1 of the request body (%2 in all).</source>
        <translation>Das Protokoll hat die ersten %1 des Anfrage-Bodys behalten (insgesamt %2).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The log kept the first %1 of the response body (%2 in all).</source>
        <translation>Das Protokoll hat die ersten %1 des Antwort-Bodys behalten (insgesamt %2).</translation>
    </message>
    <message>
        <location line="+16"/>
        <location line="+1"/>
        <source>(not logged)</source>
        <translation>(nicht protokolliert)</translation>
    </message>
    <message numerus="yes">
        <location line="+16"/>
        <source>%n command(s)</source>
        <translation>
            <numerusform>%n Befehl</numerusform>
            <numerusform>%n Befehle</numerusform>
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
        <translation>%1 in %2</translation>
    </message>
    <message>
        <location line="-456"/>
        <location line="+504"/>
        <source>Shell calls (%1)</source>
        <translation>Shell-Aufrufe (%1)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>tool output</source>
        <translation>Werkzeugausgabe</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>message %1</source>
        <translation>Nachricht %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1, characters %2–%3</source>
        <translation>%1, Zeichen %2–%3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>false positive</source>
        <translation>Fehlalarm</translation>
    </message>
    <message>
        <location line="-515"/>
        <location line="+524"/>
        <source>Detections (%1)</source>
        <translation>Erkennungen (%1)</translation>
    </message>
    <message>
        <location line="-31"/>
        <source>1 command</source>
        <translation>1 Befehl</translation>
    </message>
    <message>
        <location line="+82"/>
        <source>Reported as false positive</source>
        <translation>Als Fehlalarm gemeldet</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>The report could not be recorded: %1.</source>
        <translation>Die Meldung konnte nicht gespeichert werden: %1.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Recorded as a false positive.</source>
        <translation>Als Fehlalarm erfasst.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the workspace has no request log</source>
        <translation>der Arbeitsbereich hat kein Anfrageprotokoll</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Export requests</source>
        <translation>Anfragen exportieren</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>JSON Lines (*.jsonl)</source>
        <translation>JSON Lines (*.jsonl)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Nothing was exported: the workspace has no request log yet.</source>
        <translation>Nichts exportiert: Der Arbeitsbereich hat noch kein Anfrageprotokoll.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Could not export to %1: %2. Choose a folder you can write to.</source>
        <translation>Export nach %1 nicht möglich: %2. Wählen Sie einen Ordner, in den Sie schreiben dürfen.</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>Exported %n request(s) to %1.</source>
        <translation>
            <numerusform>%n Anfrage nach %1 exportiert.</numerusform>
            <numerusform>%n Anfragen nach %1 exportiert.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+27"/>
        <source>nothing can run shell calls here</source>
        <translation>hier können keine Shell-Aufrufe ausgeführt werden</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The call could not be run again: %1</source>
        <translation>Der Aufruf konnte nicht erneut ausgeführt werden: %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Running the call again in the current conversation; see the Shell calls view.</source>
        <translation>Der Aufruf wird in der aktuellen Unterhaltung erneut ausgeführt; siehe Bereich „Shell-Aufrufe“.</translation>
    </message>
    <message>
        <location line="-847"/>
        <location line="+132"/>
        <source>Tool call</source>
        <translation>Werkzeugaufruf</translation>
    </message>
    <message>
        <location line="-132"/>
        <location line="+132"/>
        <source>Call id</source>
        <translation>Aufruf-ID</translation>
    </message>
    <message>
        <location line="-132"/>
        <location line="+132"/>
        <source>Arguments or code</source>
        <translation>Argumente oder Code</translation>
    </message>
    <message>
        <location line="-132"/>
        <location line="+132"/>
        <source>Outcome</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <location line="+543"/>
        <source>for the caller to run</source>
        <translation>führt der Aufrufer aus</translation>
    </message>
    <message numerus="yes">
        <location line="-546"/>
        <location line="+557"/>
        <source>Response (%n tool call(s))</source>
        <translation>
            <numerusform>Antwort (%n Werkzeugaufruf)</numerusform>
            <numerusform>Antwort (%n Werkzeugaufrufe)</numerusform>
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
        <translation>aus der Unterhaltung „%1“ im Fenster, Frage „%2“</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>from %1</source>
        <translation>von %1</translation>
    </message>
</context>
<context>
    <name>LongSessionsBox</name>
    <message>
        <location filename="../widgets/settings/longsessionsbox.cpp" line="+23"/>
        <source>Long sessions</source>
        <translation>Lange Sitzungen</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Lift the hosted limits for this workspace&apos;s conversations</source>
        <translation>Die gehosteten Grenzen für die Unterhaltungen dieses Arbeitsbereichs aufheben</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Commands may run longer than 300 seconds, idle containers sleep later or never, and long output keeps its end.</source>
        <translation>Befehle dürfen länger als 300 Sekunden laufen, untätige Container schlafen später oder nie, und lange Ausgaben behalten ihr Ende.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Also for API requests made with this workspace&apos;s keys</source>
        <translation>Auch für API-Anfragen mit den Schlüsseln dieses Arbeitsbereichs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Off: programs using the local API keep the hosted limits (300 s per command, sleep after 5 idle minutes).</source>
        <translation>Aus: Programme, die die lokale API nutzen, behalten die gehosteten Grenzen (300 s pro Befehl, Schlaf nach 5 untätigen Minuten).</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+1"/>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Longest command:</source>
        <translation>Längster Befehl:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sleep after idle:</source>
        <translation>Schlaf nach Untätigkeit:</translation>
    </message>
    <message>
        <location line="+36"/>
        <location line="+9"/>
        <source>Not saved: %1</source>
        <translation>Nicht gespeichert: %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Saved. The next question of a conversation uses these limits.</source>
        <translation>Gespeichert. Die nächste Frage einer Unterhaltung nutzt diese Grenzen.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Saved. Conversations keep the hosted limits.</source>
        <translation>Gespeichert. Unterhaltungen behalten die gehosteten Grenzen.</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../widgets/window/mainwindow.cpp" line="+414"/>
        <location line="+1"/>
        <source>Search conversations</source>
        <translation>Unterhaltungen durchsuchen</translation>
    </message>
    <message>
        <location line="+711"/>
        <source>%1
Started %2
Container %3</source>
        <translation>%1
Begonnen %2
Container %3</translation>
    </message>
    <message>
        <location line="-873"/>
        <source>The conversation could not be saved: %1</source>
        <translation>Die Unterhaltung konnte nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <location line="+160"/>
        <location line="+518"/>
        <location line="+235"/>
        <location line="+237"/>
        <source>New conversation</source>
        <translation>Neue Unterhaltung</translation>
    </message>
    <message>
        <location line="-985"/>
        <source>&amp;Rename</source>
        <translation>&amp;Umbenennen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Delete…</source>
        <translation>&amp;Löschen …</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Conversations</source>
        <translation>Unterhaltungen</translation>
    </message>
    <message>
        <location line="+956"/>
        <source>Shell calls</source>
        <translation>Shell-Aufrufe</translation>
    </message>
    <message>
        <location line="-893"/>
        <source>Table preview</source>
        <translation>Tabellenvorschau</translation>
    </message>
    <message>
        <location line="-64"/>
        <source>Conversation list</source>
        <translation>Unterhaltungsliste</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Files</source>
        <translation>Dateien</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Documents</source>
        <translation>Dokumente</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Network</source>
        <translation>Netzwerk</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Guardrails</source>
        <translation>Schutzregeln</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>open a conversation first; its container runs the call</source>
        <translation>öffnen Sie zuerst eine Unterhaltung; ihr Container führt den Aufruf aus</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Logs</source>
        <translation>Protokolle</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Other programs</source>
        <translation>Andere Programme</translation>
    </message>
    <message>
        <location line="+85"/>
        <source>The workspace&apos;s approval mode could not be saved: %1</source>
        <translation>Der Freigabemodus des Arbeitsbereichs konnte nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model:</source>
        <translation>Modell:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Refresh models</source>
        <translation>Modelle aktualisieren</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Tools:</source>
        <translation>Werkzeuge:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Image:</source>
        <translation>Image:</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Approvals:</source>
        <translation>Freigaben:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Use for workspace</source>
        <translation>Für Arbeitsbereich</translation>
    </message>
    <message>
        <location line="-38"/>
        <source>Python: idle</source>
        <translation>Python: bereit</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Python: busy</source>
        <translation>Python: beschäftigt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Python: starting</source>
        <translation>Python: startet</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Python: none</source>
        <translation>Python: kein Kernel</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Restart Python</source>
        <translation>Python neu starten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Start this conversation&apos;s Python kernel afresh: its variables, imports and loaded data are lost; files stay</source>
        <translation>Den Python-Kernel dieser Unterhaltung neu starten: Variablen, Importe und geladene Daten gehen verloren; Dateien bleiben</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Make this conversation&apos;s approval mode the workspace&apos;s default, which API requests follow too</source>
        <translation>Den Freigabemodus dieser Unterhaltung zur Vorgabe des Arbeitsbereichs machen, der auch API-Anfragen folgen</translation>
    </message>
    <message>
        <location line="+218"/>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;New Conversation</source>
        <translation>&amp;Neue Unterhaltung</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Attach File…</source>
        <translation>Datei &amp;anhängen …</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open &amp;Trace…</source>
        <translation>&amp;Trace öffnen …</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model &amp;Providers…</source>
        <translation>&amp;Modellanbieter …</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Settings…</source>
        <translation>&amp;Einstellungen …</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <location line="-24"/>
        <source>&amp;Next Conversation</source>
        <translation>&amp;Nächste Unterhaltung</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Previous Conversation</source>
        <translation>&amp;Vorherige Unterhaltung</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>&amp;About Sandbench</source>
        <translation>Ü&amp;ber Sandbench</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>About Sandbench</source>
        <translation>Über Sandbench</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A desktop workbench for AI agents that run shell commands: every command runs in a sandbox on this computer, and you see each call as it happens.</source>
        <translation>Eine Desktop-Werkbank für KI-Agenten, die Shell-Befehle ausführen: Jeder Befehl läuft in einer Sandbox auf diesem Computer, und Sie sehen jeden Aufruf in dem Moment, in dem er geschieht.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Licensed under the GNU General Public License, version 3 or later.</source>
        <translation>Lizenziert unter der GNU General Public License, Version 3 oder neuer.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Cannot create a container: %1</source>
        <translation>Container kann nicht angelegt werden: %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>This conversation runs on the host&apos;s system: %1</source>
        <translation>Diese Unterhaltung läuft auf dem System des Rechners: %1</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>The files of this conversation&apos;s container %1 are gone (saved files are kept 30 days after last use); its commands now run in the new container %2.</source>
        <translation>Die Dateien des Containers %1 dieser Unterhaltung sind nicht mehr vorhanden (gespeicherte Dateien werden 30 Tage nach der letzten Verwendung aufbewahrt); ihre Befehle laufen jetzt im neuen Container %2.</translation>
    </message>
    <message>
        <location line="+199"/>
        <source>Some saved conversations could not be read and are not shown: %1</source>
        <translation>Einige gespeicherte Unterhaltungen konnten nicht gelesen werden und werden nicht angezeigt: %1</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>Delete the conversation “%1”? Its container %2 keeps its files unless you delete them too.</source>
        <translation>Die Unterhaltung „%1“ löschen? Ihr Container %2 behält seine Dateien, sofern Sie diese nicht ebenfalls löschen.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete the conversation, keep the files</source>
        <translation>Unterhaltung löschen, Dateien behalten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the conversation and its files</source>
        <translation>Unterhaltung und ihre Dateien löschen</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Deleted the files of container %1.</source>
        <translation>Die Dateien von Container %1 wurden gelöscht.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The conversation was deleted, but not the files of container %1: %2</source>
        <translation>Die Unterhaltung wurde gelöscht, nicht aber die Dateien von Container %1: %2</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>A conversation needs a name; it keeps “%1”.</source>
        <translation>Eine Unterhaltung braucht einen Namen; sie behält „%1“.</translation>
    </message>
    <message>
        <location line="+89"/>
        <source>Conversation %1</source>
        <translation>Unterhaltung %1</translation>
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
        <translation>Regeln bearbeiten …</translation>
    </message>
    <message>
        <location line="+428"/>
        <source>%1 was not allowed: %2</source>
        <translation>%1 wurde nicht erlaubt: %2</translation>
    </message>
    <message>
        <location line="-1402"/>
        <location line="+879"/>
        <source>Plays a script; no model is asked</source>
        <translation>Spielt ein Skript ab; kein Modell wird gefragt</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Some providers did not list their models. %1</source>
        <translation>Einige Anbieter haben ihre Modelle nicht aufgelistet. %1</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Run everything</source>
        <translation>Alles ausführen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ask before each call</source>
        <translation>Vor jedem Aufruf fragen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rules</source>
        <translation>Regeln</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Workspace default (%1)</source>
        <translation>Vorgabe des Arbeitsbereichs (%1)</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Whether this conversation&apos;s shell and code calls run at once, ask you first, or follow the workspace&apos;s rules (sandbench approvals rules).</source>
        <translation>Ob die Shell- und Code-Aufrufe dieser Unterhaltung sofort laufen, vorher nachfragen oder den Regeln des Arbeitsbereichs folgen (sandbench approvals rules).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Choose “Edit Rules…” in this list to see, change and test the rules.</source>
        <translation>Wählen Sie „Regeln bearbeiten …“ in dieser Liste, um die Regeln anzusehen, zu ändern und zu testen.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The demo scripts use the shell tool.</source>
        <translation>Die Demo-Skripte verwenden das Shell-Werkzeug.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The tools the model gets in this conversation, as each vendor&apos;s hosted tool defines them; all run in its container.</source>
        <translation>Die Werkzeuge, die das Modell in diesem Gespräch erhält, so wie das gehostete Werkzeug des jeweiligen Anbieters sie definiert; alle laufen in seinem Container.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Host system — %1</source>
        <translation>System des Rechners — %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The host&apos;s /usr, read-only (the default)</source>
        <translation>Das /usr des Rechners, schreibgeschützt (Standard)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Image %1 (sha256:%2)</source>
        <translation>Image %1 (sha256:%2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Image %1 (sha256:%2) has no python3: Python code calls and the text editor cannot run on it</source>
        <translation>Image %1 (sha256:%2) hat kein python3: Python-Codeaufrufe und der Texteditor laufen darauf nicht</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 (removed)</source>
        <translation>%1 (entfernt)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>This conversation&apos;s container has run on this image; its image stays. Start a new conversation to use another.</source>
        <translation>Der Container dieser Unterhaltung ist auf diesem Image gelaufen; sein Image bleibt. Starten Sie eine neue Unterhaltung, um ein anderes zu verwenden.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The system this conversation&apos;s commands run on; new conversations start on the last one chosen. Import images with sandbench images import or build them with sandbench images build.</source>
        <translation>Das System, auf dem die Befehle dieser Unterhaltung laufen; neue Unterhaltungen beginnen mit dem zuletzt gewählten. Images importieren Sie mit sandbench images import oder bauen sie mit sandbench images build.</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>none — add a provider in File › Model Providers</source>
        <translation>keins – fügen Sie unter Datei › Modellanbieter einen Anbieter hinzu</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Choose a model first.</source>
        <translation>Wählen Sie zuerst ein Modell.</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>The demo&apos;s sample %1 could not be prepared.</source>
        <translation>Die Beispieldatei %1 der Demo konnte nicht vorbereitet werden.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>No file was attached, so the demo attached its own sample, %1 (%2).</source>
        <translation>Es wurde keine Datei angehängt, daher hat die Demo ihre eigene Beispieldatei angehängt: %1 (%2).</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Attach a file</source>
        <translation>Datei anhängen</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+84"/>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
    <message>
        <location line="-84"/>
        <source>CSV files (*.csv *.tsv)</source>
        <translation>CSV-Dateien (*.csv *.tsv)</translation>
    </message>
    <message>
        <location line="+84"/>
        <source>JSON files (*.json)</source>
        <translation>JSON-Dateien (*.json)</translation>
    </message>
    <message numerus="yes">
        <location line="+15"/>
        <source>%1 — %n call(s)</source>
        <translation>
            <numerusform>%1 – %n Aufruf</numerusform>
            <numerusform>%1 – %n Aufrufe</numerusform>
        </translation>
    </message>
    <message>
        <location line="+43"/>
        <source>part of %1</source>
        <translation>Teil von %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The trace records the sandbox cost of the whole request, not of each call.</source>
        <translation>Der Trace enthält die Sandbox-Kosten der ganzen Anfrage, nicht die jedes Aufrufs.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Trace %1: model %2, %3, tokens %4, sandbox cost %5, container %6.</source>
        <translation>Trace %1: Modell %2, %3, Tokens %4, Sandbox-Kosten %5, Container %6.</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+2"/>
        <source>not named</source>
        <translation>nicht genannt</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>no status</source>
        <translation>kein Status</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Python cell %1 (%2) in container %3: %4</source>
        <translation>Python-Zelle %1 (%2) in Container %3: %4</translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>Shell call %1 ran %n command(s) in container %2: %3</source>
        <translation>
            <numerusform>Shell-Aufruf %1 führte %n Befehl im Container %2 aus: %3</numerusform>
            <numerusform>Shell-Aufruf %1 führte %n Befehle im Container %2 aus: %3</numerusform>
        </translation>
    </message>
    <message>
        <location line="-4"/>
        <location line="+7"/>
        <source>(not named)</source>
        <translation>(nicht genannt)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Opened the trace %1. Its shell calls are in the Shell calls panel; Re-run locally runs them again in this conversation&apos;s container and compares each command.</source>
        <translation>Trace %1 geöffnet. Seine Shell-Aufrufe stehen im Bereich Shell-Aufrufe; „Lokal erneut ausführen“ führt sie im Container dieser Unterhaltung erneut aus und vergleicht jeden Befehl.</translation>
    </message>
    <message>
        <location line="-107"/>
        <source>Open a trace</source>
        <translation>Trace öffnen</translation>
    </message>
    <message>
        <location line="-506"/>
        <source>Shell calls of container %1</source>
        <translation>Shell-Aufrufe von Container %1</translation>
    </message>
    <message>
        <location line="+34"/>
        <location line="+502"/>
        <source>Trace: %1</source>
        <translation>Trace: %1</translation>
    </message>
    <message numerus="yes">
        <location line="-13"/>
        <source>%1 — %n shell call(s)</source>
        <translation>
            <numerusform>%1 – %n Shell-Aufruf</numerusform>
            <numerusform>%1 – %n Shell-Aufrufe</numerusform>
        </translation>
    </message>
    <message>
        <location line="-875"/>
        <source>This call&apos;s share of the question&apos;s sandbox time (metered from its first command to the end of the answer) at $%1 a second; a call that starts a new or sleeping container pays at least 30 seconds.</source>
        <translation>Anteil dieses Aufrufs an der Sandbox-Zeit der Frage (gemessen vom ersten Befehl bis zum Ende der Antwort) zu %1 $ pro Sekunde; ein Aufruf, der einen neuen oder ruhenden Container startet, kostet mindestens 30 Sekunden.</translation>
    </message>
</context>
<context>
    <name>McpConfigBox</name>
    <message>
        <location filename="../widgets/localapi/mcpconfigbox.cpp" line="+60"/>
        <source>Use Sandbench from an agent host (MCP)</source>
        <translation>Sandbench aus einem Agent-Host nutzen (MCP)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Claude Desktop, Claude Code, Cursor, VS Code and Goose can use this workspace&apos;s sandboxes as MCP tools (shell, python, read_file, write_file, list_files). Over stdio the host starts Sandbench itself; over HTTP it uses this local API with a key.</source>
        <translation>Claude Desktop, Claude Code, Cursor, VS Code und Goose können die Sandboxen dieses Arbeitsbereichs als MCP-Werkzeuge nutzen (shell, python, read_file, write_file, list_files). Über stdio startet der Host Sandbench selbst; über HTTP nutzt er diese lokale API mit einem Schlüssel.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>stdio (the host starts sandbench mcp)</source>
        <translation>stdio (der Host startet sandbench mcp)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>HTTP (this local API)</source>
        <translation>HTTP (diese lokale API)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy this configuration</source>
        <translation>Diese Konfiguration kopieren</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The %1 configuration</source>
        <translation>Die Konfiguration für %1</translation>
    </message>
</context>
<context>
    <name>MessageBubble</name>
    <message>
        <location filename="../widgets/chat/chatwidget.cpp" line="+12"/>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy this message</source>
        <translation>Diese Nachricht kopieren</translation>
    </message>
</context>
<context>
    <name>NetworkConnectionsModel</name>
    <message>
        <location filename="../widgets/network/networkpolicyeditorconnections.cpp" line="+70"/>
        <source>allowed</source>
        <translation>erlaubt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>refused</source>
        <translation>abgewiesen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>↑ %1  ↓ %2</source>
        <translation>↑ %1  ↓ %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 %2:%3 — %4</source>
        <translation>%1 %2:%3 – %4</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Address: %1</source>
        <translation>Adresse: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sent %1 bytes, received %2 bytes</source>
        <translation>%1 Byte gesendet, %2 Byte empfangen</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Port</source>
        <translation>Port</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reason</source>
        <translation>Grund</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Bytes</source>
        <translation>Bytes</translation>
    </message>
</context>
<context>
    <name>NetworkPolicy</name>
    <message>
        <location filename="../engine/sandbox/net/networkpolicy.cpp" line="+56"/>
        <source>the name is longer than 253 characters</source>
        <translation>der Name ist länger als 253 Zeichen</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>it has an empty label (&quot;..&quot; or a leading dot)</source>
        <translation>er enthält einen leeren Namensteil („..“ oder einen Punkt am Anfang)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the label &quot;%1&quot; is longer than 63 characters</source>
        <translation>der Namensteil „%1“ ist länger als 63 Zeichen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the label &quot;%1&quot; starts or ends with a hyphen</source>
        <translation>der Namensteil „%1“ beginnt oder endet mit einem Bindestrich</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the label &quot;%1&quot; contains &quot;%2&quot;</source>
        <translation>der Namensteil „%1“ enthält „%2“</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>it looks like an IP address but is not a valid one</source>
        <translation>er sieht aus wie eine IP-Adresse, ist aber keine gültige</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>the host name is empty</source>
        <translation>der Hostname ist leer</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>it is not a valid international domain name</source>
        <translation>er ist kein gültiger internationalisierter Domainname</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>empty entries are not allowed</source>
        <translation>leere Einträge sind nicht erlaubt</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>it contains spaces or control characters</source>
        <translation>er enthält Leerzeichen oder Steuerzeichen</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>it has a scheme; give only the host name, such as example.com</source>
        <translation>er enthält ein Schema; geben Sie nur den Hostnamen an, etwa example.com</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>it has a path; give only the host name, such as example.com</source>
        <translation>er enthält einen Pfad; geben Sie nur den Hostnamen an, etwa example.com</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>it has user information; give only the host name</source>
        <translation>er enthält Benutzerangaben; geben Sie nur den Hostnamen an</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>it has a port or is a malformed IPv6 address; ports are not part of the policy (only 80 and 443 are reachable)</source>
        <translation>er enthält einen Port oder ist eine fehlerhafte IPv6-Adresse; Ports gehören nicht zur Richtlinie (erreichbar sind nur 80 und 443)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&quot;*&quot; may only stand alone or as the whole first label (*.example.com)</source>
        <translation>„*“ darf nur allein oder als ganzer erster Namensteil stehen (*.example.com)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the pattern has nothing after &quot;*.&quot;</source>
        <translation>nach „*.“ folgt nichts</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&quot;*&quot; (unrestricted egress) must be the only entry</source>
        <translation>„*“ (uneingeschränkter ausgehender Verkehr) muss der einzige Eintrag sein</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>&quot;%1&quot; is not valid: %2. Use a host name (example.com), an IP address (203.0.113.7) or a subdomain pattern (*.example.com).</source>
        <translation>„%1“ ist ungültig: %2. Verwenden Sie einen Hostnamen (example.com), eine IP-Adresse (203.0.113.7) oder ein Subdomain-Muster (*.example.com).</translation>
    </message>
</context>
<context>
    <name>NetworkPolicyEditor</name>
    <message>
        <location filename="../widgets/network/networkpolicyeditor.cpp" line="+55"/>
        <source>no network access</source>
        <translation>kein Netzwerkzugriff</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>access to every host (&quot;*&quot;)</source>
        <translation>Zugriff auf alle Hosts („*“)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>access to %1 only</source>
        <translation>Zugriff nur auf %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Python packages (pip)</source>
        <translation>Python-Pakete (pip)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>npm packages</source>
        <translation>npm-Pakete</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GitHub (clone, API, raw files, releases)</source>
        <translation>GitHub (Klonen, API, Rohdateien, Releases)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Conda packages</source>
        <translation>Conda-Pakete</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rust crates (cargo)</source>
        <translation>Rust-Crates (cargo)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Go modules</source>
        <translation>Go-Module</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Hugging Face models and datasets</source>
        <translation>Hugging-Face-Modelle und -Datensätze</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Workspace default (new conversations)</source>
        <translation>Standard des Arbeitsbereichs (neue Unterhaltungen)</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+378"/>
        <source>This conversation</source>
        <translation>Diese Unterhaltung</translation>
    </message>
    <message>
        <location line="-373"/>
        <source>Policy of:</source>
        <translation>Richtlinie für:</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>No network access</source>
        <translation>Kein Netzwerkzugriff</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Commands reach nothing outside the container (the default)</source>
        <translation>Befehle erreichen nichts außerhalb des Containers (Standard)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Only these hosts, on ports 80 and 443:</source>
        <translation>Nur diese Hosts, auf den Ports 80 und 443:</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Host or pattern, e.g. example.com or *.example.com</source>
        <translation>Host oder Muster, z. B. example.com oder *.example.com</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Presets</source>
        <translation>Vorlagen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Add the hosts a common tool needs</source>
        <translation>Die Hosts hinzufügen, die ein gängiges Werkzeug benötigt</translation>
    </message>
    <message>
        <location line="+38"/>
        <location line="+514"/>
        <source>No hosts yet: add one above or pick a preset.</source>
        <translation>Noch keine Hosts: Fügen Sie oben einen hinzu oder wählen Sie eine Vorlage.</translation>
    </message>
    <message>
        <location line="-486"/>
        <source>Revert</source>
        <translation>Zurücksetzen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Clear</source>
        <translation>Leeren</translation>
    </message>
    <message>
        <location line="+67"/>
        <source>The workspace&apos;s network policy could not be read, so new conversations get no network until it is saved again: %1</source>
        <translation>Die Netzwerkrichtlinie des Arbeitsbereichs konnte nicht gelesen werden; neue Unterhaltungen erhalten daher kein Netzwerk, bis sie erneut gespeichert wird: %1</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>Port</source>
        <translation>Port</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>allowed</source>
        <translation>erlaubt</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>refused</source>
        <translation>abgewiesen</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <location line="+83"/>
        <source>This conversation (%1)</source>
        <translation>Diese Unterhaltung (%1)</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>New conversations start their container with this policy. A container&apos;s policy is fixed once it has started, so a change here applies to new containers only; start a new conversation to use it.</source>
        <translation>Neue Unterhaltungen starten ihren Container mit dieser Richtlinie. Die Richtlinie eines Containers steht fest, sobald er gestartet ist; eine Änderung hier gilt daher nur für neue Container. Starten Sie eine neue Unterhaltung, um sie zu verwenden.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>This conversation&apos;s container has started with this policy, and it stays fixed while the container exists. To use another one, change the workspace default and start a new conversation.</source>
        <translation>Der Container dieser Unterhaltung wurde mit dieser Richtlinie gestartet, und sie bleibt fest, solange der Container existiert. Um eine andere zu verwenden, ändern Sie den Standard des Arbeitsbereichs und starten Sie eine neue Unterhaltung.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>This conversation&apos;s container has not started yet: it starts with the policy saved here. After its first command the policy can no longer change.</source>
        <translation>Der Container dieser Unterhaltung ist noch nicht gestartet: Er startet mit der hier gespeicherten Richtlinie. Nach seinem ersten Befehl kann die Richtlinie nicht mehr geändert werden.</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>%1 is already in the list.</source>
        <translation>%1 ist bereits in der Liste.</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>The preset &quot;%1&quot; was not added: %2</source>
        <translation>Die Vorlage „%1“ wurde nicht hinzugefügt: %2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Every host of &quot;%1&quot; is in the list already.</source>
        <translation>Alle Hosts von „%1“ sind bereits in der Liste.</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>A network policy holds at most %1 entries; this one would have %2.</source>
        <translation>Eine Netzwerkrichtlinie umfasst höchstens %1 Einträge; diese hätte %2.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&quot;*&quot; (unrestricted egress) must be the only entry: remove the other hosts, or remove &quot;*&quot;.</source>
        <translation>„*“ (uneingeschränkter ausgehender Verkehr) muss der einzige Eintrag sein: Entfernen Sie die anderen Hosts oder „*“.</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>No hosts.</source>
        <translation>Keine Hosts.</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n of %1 entries</source>
        <translation>
            <numerusform>%n von %1 Einträgen</numerusform>
            <numerusform>%n von %1 Einträgen</numerusform>
        </translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&quot;*&quot; allows unrestricted egress: commands may reach every public host on ports 80 and 443, and whatever they upload or download goes unchecked. Use it only for code and data you trust.</source>
        <translation>„*“ erlaubt uneingeschränkten ausgehenden Datenverkehr: Befehle können jeden öffentlichen Host auf den Ports 80 und 443 erreichen, und was sie hoch- oder herunterladen, wird nicht geprüft. Verwenden Sie dies nur für Code und Daten, denen Sie vertrauen.</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Correct the entries marked in red first.</source>
        <translation>Korrigieren Sie zuerst die rot markierten Einträge.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The policy was not saved: %1</source>
        <translation>Die Richtlinie wurde nicht gespeichert: %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Saved. New conversations start with %1; containers that have already started keep their own policy.</source>
        <translation>Gespeichert. Neue Unterhaltungen starten mit %1; bereits gestartete Container behalten ihre eigene Richtlinie.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Saved. This conversation&apos;s container starts with %1.</source>
        <translation>Gespeichert. Der Container dieser Unterhaltung startet mit %1.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Connections</source>
        <translation>Verbindungen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No conversation is open.</source>
        <translation>Keine Unterhaltung geöffnet.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Connections of %1</source>
        <translation>Verbindungen von %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>This container has no network access, so its commands make no connections to list.</source>
        <translation>Dieser Container hat keinen Netzwerkzugriff; seine Befehle bauen daher keine Verbindungen auf, die hier aufgelistet werden könnten.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Policy: %1. Each connection a command makes or tries appears here.</source>
        <translation>Richtlinie: %1. Jede Verbindung, die ein Befehl aufbaut oder versucht, erscheint hier.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Policy: %1.</source>
        <translation>Richtlinie: %1.</translation>
    </message>
</context>
<context>
    <name>NetworkPolicyEntryRow</name>
    <message>
        <location filename="../widgets/network/networkpolicyeditorrow.cpp" line="+28"/>
        <source>Remove this entry</source>
        <translation>Diesen Eintrag entfernen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove %1</source>
        <translation>%1 entfernen</translation>
    </message>
</context>
<context>
    <name>ProviderHint</name>
    <message>
        <location filename="../widgets/chat/providerhint.cpp" line="+30"/>
        <source>Add Provider…</source>
        <translation>Anbieter hinzufügen …</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open Settings → Providers with a new provider&apos;s form</source>
        <translation>Einstellungen → Anbieter mit dem Formular für einen neuen Anbieter öffnen</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>No model provider is set up: the model list offers only the scripted demos.</source>
        <translation>Es ist kein Modellanbieter eingerichtet: Die Modellliste bietet nur die Skript-Demos.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The scripted demos play recorded answers. Add a provider (OpenAI, Anthropic, OpenRouter, Gemini or a model server on this computer) to ask a real model.</source>
        <translation>Die Skript-Demos spielen aufgezeichnete Antworten ab. Fügen Sie einen Anbieter hinzu (OpenAI, Anthropic, OpenRouter, Gemini oder einen Modellserver auf diesem Computer), um ein echtes Modell zu fragen.</translation>
    </message>
</context>
<context>
    <name>ProviderSettingsDialog</name>
    <message>
        <location filename="../widgets/settings/providersettings.cpp" line="+406"/>
        <source>Model providers</source>
        <translation>Modellanbieter</translation>
    </message>
</context>
<context>
    <name>ProviderSettingsPage</name>
    <message>
        <location line="-316"/>
        <source>Add provider</source>
        <translation>Anbieter hinzufügen</translation>
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
        <translation>Im Schlüsselbund des Systems gespeichert</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>or the name of an environment variable, e.g. OPENROUTER_API_KEY</source>
        <translation>oder der Name einer Umgebungsvariable, z. B. OPENROUTER_API_KEY</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;API format:</source>
        <translation>API-&amp;Format:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Base URL:</source>
        <translation>&amp;Basis-URL:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>API &amp;key:</source>
        <translation>API-&amp;Schlüssel:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Key &amp;variable:</source>
        <translation>Schlüssel&amp;variable:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save provider</source>
        <translation>Anbieter speichern</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Test connection</source>
        <translation>Verbindung testen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Ask the provider at this base URL for its models, with the key typed here or the one stored</source>
        <translation>Den Anbieter unter dieser Basis-URL nach seinen Modellen fragen, mit dem hier eingegebenen oder dem gespeicherten Schlüssel</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Detect local servers</source>
        <translation>Lokale Server erkennen</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Model servers on this computer</source>
        <translation>Modellserver auf diesem Computer</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Ollama (11434), llama.cpp (8080), LM Studio (1234) and vLLM (8000) are looked for. Double-click one to fill in the form.</source>
        <translation>Gesucht wird nach Ollama (11434), llama.cpp (8080), LM Studio (1234) und vLLM (8000). Doppelklicken Sie auf einen Eintrag, um das Formular auszufüllen.</translation>
    </message>
    <message numerus="yes">
        <location line="+38"/>
        <source>%1 at %2 — %n model(s)</source>
        <translation>
            <numerusform>%1 unter %2 – %n Modell</numerusform>
            <numerusform>%1 unter %2 – %n Modelle</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No local model server answered.</source>
        <translation>Kein lokaler Modellserver hat geantwortet.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Saved %1; its key is in the system keychain.</source>
        <translation>%1 gespeichert; der Schlüssel liegt im Schlüsselbund des Systems.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 was saved without its key. %2</source>
        <translation>%1 wurde ohne Schlüssel gespeichert. %2</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>The default provider: a model name without a provider&apos;s name goes here</source>
        <translation>Der Standardanbieter: Ein Modellname ohne Anbieternamen geht hierhin</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Looking for a key in the system keychain…</source>
        <translation>Suche nach einem Schlüssel im Schlüsselbund des Systems …</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A key is stored in the system keychain. Type a new one to replace it.</source>
        <translation>Im Schlüsselbund des Systems ist ein Schlüssel gespeichert. Geben Sie einen neuen ein, um ihn zu ersetzen.</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+15"/>
        <source>No key is stored; requests are sent without one (fine for local servers).</source>
        <translation>Kein Schlüssel gespeichert; Anfragen werden ohne Schlüssel gesendet (für lokale Server in Ordnung).</translation>
    </message>
    <message>
        <location line="-14"/>
        <location line="+12"/>
        <source>No key is stored in the keychain; the environment variable is used.</source>
        <translation>Im Schlüsselbund ist kein Schlüssel gespeichert; die Umgebungsvariable wird verwendet.</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>This key cannot be saved. %1</source>
        <translation>Dieser Schlüssel kann nicht gespeichert werden. %1</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Saved %1.</source>
        <translation>%1 gespeichert.</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Asking %1 for its models…</source>
        <translation>%1 wird nach seinen Modellen gefragt …</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1 did not answer as a model server: %2</source>
        <translation>%1 hat nicht wie ein Modellserver geantwortet: %2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 answered, but lists no models.</source>
        <translation>%1 hat geantwortet, listet aber keine Modelle.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connected. Models listed: %1 (%2 in all).</source>
        <translation>Verbunden. Aufgeführte Modelle: %1 (insgesamt %2).</translation>
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
        <translation>Python für neue Unterhaltungen vorab starten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Once this workspace has run Python, one hidden container waits with its kernel running, so a new conversation&apos;s first cell needs no start. It holds about 95 MiB of memory while the workspace is open.</source>
        <translation>Sobald dieser Arbeitsbereich Python ausgeführt hat, wartet ein verborgener Container mit laufendem Kernel, sodass die erste Zelle einer neuen Unterhaltung keinen Start braucht. Er belegt etwa 95 MiB Arbeitsspeicher, solange der Arbeitsbereich geöffnet ist.</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Not saved: %1</source>
        <translation>Nicht gespeichert: %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Saved. After this workspace&apos;s next Python cell, new conversations find Python started.</source>
        <translation>Gespeichert. Nach der nächsten Python-Zelle dieses Arbeitsbereichs finden neue Unterhaltungen Python gestartet vor.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Saved. No container is kept ahead; a new conversation&apos;s first cell starts Python.</source>
        <translation>Gespeichert. Es wird kein Container vorab gehalten; die erste Zelle einer neuen Unterhaltung startet Python.</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../widgets/documents/documentspanel.cpp" line="-555"/>
        <source>%1 is not a private directory of this user</source>
        <translation>%1 ist kein privates Verzeichnis dieses Benutzers</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>cannot create %1</source>
        <translation>%1 kann nicht angelegt werden</translation>
    </message>
</context>
<context>
    <name>ScriptedClient</name>
    <message>
        <location filename="../engine/models/scriptedclient.cpp" line="+191"/>
        <source>(The script has no more steps.)</source>
        <translation>(Das Skript hat keine weiteren Schritte.)</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>exit code %1</source>
        <translation>Exit-Code %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>timed out</source>
        <translation>Zeitüberschreitung</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(no error output)</source>
        <translation>(keine Fehlerausgabe)</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>Scripted</source>
        <translation>Skript</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The script is not valid JSON: %1 at offset %2</source>
        <translation>Das Skript ist kein gültiges JSON: %1 an Position %2</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>The script has no steps.</source>
        <translation>Das Skript hat keine Schritte.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Step %1 of the script has neither &quot;text&quot; nor &quot;tool_calls&quot;.</source>
        <translation>Schritt %1 des Skripts hat weder „text“ noch „tool_calls“.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Cannot open the script %1: %2</source>
        <translation>Das Skript %1 kann nicht geöffnet werden: %2</translation>
    </message>
</context>
<context>
    <name>SecretStore</name>
    <message>
        <location filename="../engine/secrets/secretstore.cpp" line="+26"/>
        <source>No keychain service is running (for example GNOME Keyring or KWallet), so keys cannot be saved or read. Sandbench never stores keys in plain text; start a keychain service, or name an environment variable that holds the key in the provider settings.</source>
        <translation>Es läuft kein Schlüsselbunddienst (zum Beispiel GNOME Keyring oder KWallet), daher können Schlüssel weder gespeichert noch gelesen werden. Sandbench speichert Schlüssel nie im Klartext; starten Sie einen Schlüsselbunddienst oder geben Sie in den Anbietereinstellungen eine Umgebungsvariable an, die den Schlüssel enthält.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The keychain said: %1</source>
        <translation>Der Schlüsselbund meldete: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The keychain refused access: %1</source>
        <translation>Der Schlüsselbund hat den Zugriff verweigert: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No key is stored for this provider.</source>
        <translation>Für diesen Anbieter ist kein Schlüssel gespeichert.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The keychain failed: %1</source>
        <translation>Fehler im Schlüsselbund: %1</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../widgets/settings/settingsdialog.cpp" line="+33"/>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Providers &amp; Keys</source>
        <translation>Anbieter und Schlüssel</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Local API</source>
        <translation>Lokale API</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Workspaces</source>
        <translation>Arbeitsbereiche</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Theme</source>
        <translation>Erscheinungsbild</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Data &amp; Disk Use</source>
        <translation>Daten und Speicherplatz</translation>
    </message>
</context>
<context>
    <name>ShellCallPanel</name>
    <message>
        <location filename="../widgets/shellcalls/shellcallview.cpp" line="+712"/>
        <source>Re-run locally</source>
        <translation>Lokal erneut ausführen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run the trace&apos;s commands again in a new local container</source>
        <translation>Die Befehle der Trace in einem neuen lokalen Container erneut ausführen</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Wrap lines</source>
        <translation>Zeilen umbrechen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Wrap long output lines at the panel&apos;s width, or scroll them sideways</source>
        <translation>Lange Ausgabezeilen an der Breite des Bereichs umbrechen oder seitlich scrollen</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Shell calls the model makes appear here while they run.</source>
        <translation>Shell-Aufrufe des Modells erscheinen hier, während sie laufen.</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>Container %1</source>
        <translation>Container %1</translation>
    </message>
    <message>
        <location line="-51"/>
        <source>Open Sample Trace</source>
        <translation>Beispiel-Trace öffnen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open a saved Responses trace of the sales demo in the trace viewer: its shell call, its output and the answer, ready to re-run locally</source>
        <translation>Einen gespeicherten Responses-Trace der Verkaufs-Demo im Trace-Betrachter öffnen: Shell-Aufruf, Ausgabe und Antwort, bereit zum lokalen erneuten Ausführen</translation>
    </message>
</context>
<context>
    <name>ShellCallView</name>
    <message>
        <location line="-989"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
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
        <translation>Läuft</translation>
    </message>
    <message>
        <location line="-34"/>
        <location line="+86"/>
        <location line="+418"/>
        <source>Completed</source>
        <translation>Abgeschlossen</translation>
    </message>
    <message>
        <location line="-504"/>
        <location line="+90"/>
        <location line="+418"/>
        <source>Incomplete</source>
        <translation>Unvollständig</translation>
    </message>
    <message>
        <location line="-503"/>
        <source>from trace</source>
        <translation>aus Trace</translation>
    </message>
    <message>
        <location line="+109"/>
        <source>Stopped</source>
        <translation>Angehalten</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Stopped before it ran: Stop was pressed while it waited for approval.</source>
        <translation>Angehalten, bevor er lief: Stopp wurde gedrückt, während er auf die Freigabe wartete.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>It did not run: the question ended while it waited for approval.</source>
        <translation>Er lief nicht: Die Frage endete, während er auf die Freigabe wartete.</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Shell</source>
        <translation>Shell</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Bash session</source>
        <translation>Bash-Sitzung</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Anthropic code execution</source>
        <translation>Anthropic-Codeausführung</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Anthropic code execution (Python)</source>
        <translation>Anthropic-Codeausführung (Python)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Gemini code execution</source>
        <translation>Gemini-Codeausführung</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>OpenAI code interpreter</source>
        <translation>OpenAI Code Interpreter</translation>
    </message>
    <message>
        <location line="+19"/>
        <location line="+4"/>
        <source>Container %1</source>
        <translation>Container %1</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>(unknown)</source>
        <translation>(unbekannt)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Copy the container id</source>
        <translation>Die Container-ID kopieren</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Copy container id</source>
        <translation>Container-ID kopieren</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Sandbox cost of this call</source>
        <translation>Sandbox-Kosten dieses Aufrufs</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>Refused: %1</source>
        <translation>Abgelehnt: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Allow %1</source>
        <translation>%1 erlauben</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Add %1 to this container&apos;s network policy; it restarts with its files and the new policy</source>
        <translation>%1 zur Netzwerkrichtlinie dieses Containers hinzufügen; er startet mit seinen Dateien und der neuen Richtlinie neu</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>every host</source>
        <translation>jeder Host</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is already allowed (%2).</source>
        <translation>%1 ist bereits erlaubt (%2).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Allowed %1. The container restarts with its files and the new policy (%2) when this call ends.</source>
        <translation>%1 erlaubt. Der Container startet mit seinen Dateien und der neuen Richtlinie (%2) neu, wenn dieser Aufruf endet.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Allowed %1. The container restarted with its files and the new policy (%2).</source>
        <translation>%1 erlaubt. Der Container wurde mit seinen Dateien und der neuen Richtlinie (%2) neu gestartet.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Allowed %1. The container starts with its files and the new policy (%2).</source>
        <translation>%1 erlaubt. Der Container startet mit seinen Dateien und der neuen Richtlinie (%2).</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>cost —</source>
        <translation>Kosten –</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>$%1 · includes the 30 s minimum</source>
        <translation>%1 $ · enthält das Minimum von 30 s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>$%1</source>
        <translation>%1 $</translation>
    </message>
    <message>
        <location line="-316"/>
        <location line="+418"/>
        <source>Completed (timeout)</source>
        <translation>Abgeschlossen (Zeitüberschreitung)</translation>
    </message>
    <message>
        <location line="-416"/>
        <location line="+418"/>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message>
        <location line="-645"/>
        <source>not run</source>
        <translation>nicht ausgeführt</translation>
    </message>
    <message>
        <location line="+253"/>
        <source>Denied</source>
        <translation>Abgelehnt</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Not run</source>
        <translation>Nicht ausgeführt</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Denied by the approval rules (%1); it did not run.</source>
        <translation>Von den Freigaberegeln abgelehnt (%1); nicht ausgeführt.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Denied by you in this window; it did not run.</source>
        <translation>Von Ihnen in diesem Fenster abgelehnt; nicht ausgeführt.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Denied at the terminal; it did not run.</source>
        <translation>Im Terminal abgelehnt; nicht ausgeführt.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Denied by a live viewer; it did not run.</source>
        <translation>Von einem Live-Betrachter abgelehnt; nicht ausgeführt.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Denied; it did not run.</source>
        <translation>Abgelehnt; nicht ausgeführt.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No one answered the approval request in time; it did not run.</source>
        <translation>Niemand hat die Freigabeanfrage rechtzeitig beantwortet; nicht ausgeführt.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>It needs a person&apos;s approval (%1), but nothing could ask; it did not run.</source>
        <translation>Er braucht die Freigabe einer Person (%1), aber nichts konnte fragen; nicht ausgeführt.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>It did not run: %1</source>
        <translation>Nicht ausgeführt: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Note to the model: “%1”</source>
        <translation>Notiz an das Modell: „%1“</translation>
    </message>
    <message>
        <location line="+273"/>
        <source>part of $%1</source>
        <translation>Teil von %1 $</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <location filename="../widgets/window/shortcutsdialog.cpp" line="+43"/>
        <source>Window</source>
        <translation>Fenster</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Keyboard Shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Keys</source>
        <translation>Tasten</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Where</source>
        <translation>Fundstelle</translation>
    </message>
</context>
<context>
    <name>SyntaxHighlighter</name>
    <message>
        <location filename="../widgets/common/syntaxhighlighter.cpp" line="+334"/>
        <source>Only the first %1 are highlighted; the rest is shown as plain text.</source>
        <translation>Nur die ersten %1 werden hervorgehoben; der Rest wird als einfacher Text angezeigt.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Syntax highlighting is not available: the program kate-syntax-highlighter (Debian package libkf5syntaxhighlighting-tools) was not found. Shown as plain text.</source>
        <translation>Syntaxhervorhebung ist nicht verfügbar: Das Programm kate-syntax-highlighter (Debian-Paket libkf5syntaxhighlighting-tools) wurde nicht gefunden. Anzeige als einfacher Text.</translation>
    </message>
</context>
<context>
    <name>ThemePage</name>
    <message>
        <location filename="../widgets/settings/themepage.cpp" line="+64"/>
        <source>How Sandbench looks. The change applies at once to every window.</source>
        <translation>Wie Sandbench aussieht. Die Änderung gilt sofort für alle Fenster.</translation>
    </message>
    <message>
        <location line="-33"/>
        <source>&amp;Follow the system</source>
        <translation>Wie das &amp;System</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The desktop&apos;s own style and colours.</source>
        <translation>Der eigene Stil und die Farben der Arbeitsumgebung.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Light</source>
        <translation>&amp;Hell</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Dark text on light backgrounds.</source>
        <translation>Dunkler Text auf hellem Hintergrund.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Dark</source>
        <translation>&amp;Dunkel</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Light text on dark backgrounds, easier on the eyes at night.</source>
        <translation>Heller Text auf dunklem Hintergrund, nachts angenehmer für die Augen.</translation>
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
[… %n weiteres Zeichen nicht angezeigt …]</numerusform>
            <numerusform>
[… %n weitere Zeichen nicht angezeigt …]</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>(empty)</source>
        <translation>(leer)</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Trace (container %1) beside the local run (container %2)</source>
        <translation>Trace (Container %1) neben dem lokalen Lauf (Container %2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+1"/>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <location line="+62"/>
        <location line="+46"/>
        <location line="+81"/>
        <source>waiting</source>
        <translation>wartet</translation>
    </message>
    <message>
        <location line="-123"/>
        <source>Trace</source>
        <translation>Trace</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Local run</source>
        <translation>Lokaler Lauf</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>outcome</source>
        <translation>Ergebnis</translation>
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
        <translation>nicht im Trace</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>timeout</source>
        <translation>Zeitüberschreitung</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>exit %1</source>
        <translation>Exit %1</translation>
    </message>
    <message>
        <location line="+17"/>
        <location line="+53"/>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <location line="-26"/>
        <location line="+23"/>
        <source>not run</source>
        <translation>nicht ausgeführt</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>same</source>
        <translation>gleich</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>differs</source>
        <translation>abweichend</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>stdout, stderr and outcome are the same as in the trace</source>
        <translation>stdout, stderr und Ergebnis sind wie im Trace</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Differs from the trace in: %1</source>
        <translation>Weicht vom Trace ab in: %1</translation>
    </message>
    <message numerus="yes">
        <location line="+28"/>
        <source>Running: %1 of %n command(s) compared</source>
        <translation>
            <numerusform>Läuft: %1 von %n Befehl verglichen</numerusform>
            <numerusform>Läuft: %1 von %n Befehlen verglichen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>All %n command(s) the same as in the trace</source>
        <translation>
            <numerusform>Der %n Befehl ist wie im Trace</numerusform>
            <numerusform>Alle %n Befehle sind wie im Trace</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%1 of %n command(s) differ from the trace</source>
        <translation>
            <numerusform>%1 von %n Befehl weicht vom Trace ab</numerusform>
            <numerusform>%1 von %n Befehlen weichen vom Trace ab</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TraceLoader</name>
    <message>
        <location filename="../engine/data/traceloader.cpp" line="+136"/>
        <source>An image output without a URL is not shown.</source>
        <translation>Eine Bildausgabe ohne URL wird nicht angezeigt.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>An image at %1 is not shown: only its address is here, and Sandbench does not fetch it.</source>
        <translation>Ein Bild unter %1 wird nicht angezeigt: Hier steht nur seine Adresse, und Sandbench lädt es nicht herunter.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>An image (%1) is not shown: only PNG images in base64 data: URLs are.</source>
        <translation>Ein Bild (%1) wird nicht angezeigt: Angezeigt werden nur PNG-Bilder in base64-data:-URLs.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>More images than %1 in one cell: this one is not shown.</source>
        <translation>Mehr als %1 Bilder in einer Zelle: Dieses wird nicht angezeigt.</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+7"/>
        <source>An image larger than %1 bytes is not shown.</source>
        <translation>Ein Bild mit mehr als %1 Bytes wird nicht angezeigt.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>An image is not shown: its data: URL does not hold a PNG image.</source>
        <translation>Ein Bild wird nicht angezeigt: Seine data:-URL enthält kein PNG-Bild.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>[… %1 more characters of output not shown …]</source>
        <translation>[… %1 weitere Zeichen der Ausgabe nicht angezeigt …]</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>An output of type %1 is not shown.</source>
        <translation>Eine Ausgabe vom Typ %1 wird nicht angezeigt.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>The code did not run: %1</source>
        <translation>Der Code wurde nicht ausgeführt: %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The code made the file %1; only its id is here.</source>
        <translation>Der Code hat die Datei %1 erstellt; hier steht nur ihre ID.</translation>
    </message>
    <message>
        <location line="+175"/>
        <source>The trace is not valid JSON: %1 at offset %2</source>
        <translation>Die Trace ist kein gültiges JSON: %1 an Position %2</translation>
    </message>
    <message>
        <location line="+110"/>
        <source>The command did not run: %1</source>
        <translation>Der Befehl wurde nicht ausgeführt: %1</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>The file holds no shell or code calls (openrouter:shell, shell_call or code_interpreter_call items, server_tool_use blocks).</source>
        <translation>Die Datei enthält keine Shell- oder Code-Aufrufe (openrouter:shell-, shell_call- oder code_interpreter_call-Elemente, server_tool_use-Blöcke).</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The trace %1 is larger than %2 MiB: it is not opened.</source>
        <translation>Der Trace %1 ist größer als %2 MiB: Er wird nicht geöffnet.</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
</context>
<context>
    <name>TraceSummaryView</name>
    <message>
        <location filename="../widgets/shellcalls/tracesummary.cpp" line="+38"/>
        <location line="+21"/>
        <location line="+46"/>
        <source>not in the trace</source>
        <translation>nicht im Trace</translation>
    </message>
    <message>
        <location line="-62"/>
        <source>%1 input (%2 cached)</source>
        <translation>%1 Eingabe (%2 zwischengespeichert)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 input</source>
        <translation>%1 Eingabe</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 output (%2 reasoning)</source>
        <translation>%1 Ausgabe (%2 Reasoning)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 output</source>
        <translation>%1 Ausgabe</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 total</source>
        <translation>%1 gesamt</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>$%1 (server_tool_cost)</source>
        <translation>%1 $ (server_tool_cost)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Text: %1</source>
        <translation>Text: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Reasoning (not readable in the trace)</source>
        <translation>Reasoning (im Trace nicht lesbar)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reasoning: %1</source>
        <translation>Reasoning: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Python cell %1 (%2): %3</source>
        <translation>Python-Zelle %1 (%2): %3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Shell call %1 (%2): %3</source>
        <translation>Shell-Aufruf %1 (%2): %3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Tool call %1: %2</source>
        <translation>Werkzeugaufruf %1: %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Item of type %1</source>
        <translation>Element vom Typ %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>(none)</source>
        <translation>(keiner)</translation>
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
        <translation>eine Liste von Elementen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Format:</source>
        <translation>Format:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model:</source>
        <translation>Modell:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Id:</source>
        <translation>ID:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop reason:</source>
        <translation>Stoppgrund:</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Status:</source>
        <translation>Status:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Container:</source>
        <translation>Container:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tokens:</source>
        <translation>Tokens:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sandbox cost:</source>
        <translation>Sandbox-Kosten:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Items in order (%1)</source>
        <translation>Elemente in Reihenfolge (%1)</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>The assistant&apos;s text</source>
        <translation>Der Text des Assistenten</translation>
    </message>
</context>
<context>
    <name>WelcomePage</name>
    <message>
        <location filename="../widgets/window/welcomepage.cpp" line="+59"/>
        <source>Welcome to Sandbench</source>
        <translation>Willkommen bei Sandbench</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sandbench runs the shell commands of AI agents in a sandbox on this computer and shows you every call as it happens.</source>
        <translation>Sandbench führt die Shell-Befehle von KI-Agenten in einer Sandbox auf diesem Computer aus und zeigt Ihnen jeden Aufruf in dem Moment, in dem er geschieht.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Data folder: %1</source>
        <translation>Datenordner: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Workspace: %1</source>
        <translation>Arbeitsbereich: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>To see which isolation and limits this machine enforces, run “sandbench doctor” in a terminal.</source>
        <translation>Welche Isolierung und welche Grenzen dieser Rechner durchsetzt, zeigt „sandbench doctor“ in einem Terminal.</translation>
    </message>
</context>
<context>
    <name>WorkspaceCatalog</name>
    <message>
        <location filename="../engine/workspace/workspacecatalog.cpp" line="+30"/>
        <source>Use 1 to 40 characters: letters A–Z and a–z, digits 0–9, underscore (_) and hyphen (-).</source>
        <translation>Verwenden Sie 1 bis 40 Zeichen: Buchstaben A–Z und a–z, Ziffern 0–9, Unterstrich (_) und Bindestrich (-).</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Enter a name for the new workspace. %1</source>
        <translation>Geben Sie einen Namen für den neuen Arbeitsbereich ein. %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>“%1” cannot be a workspace name. %2</source>
        <translation>„%1“ kann kein Name für einen Arbeitsbereich sein. %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A workspace named “%1” already exists.</source>
        <translation>Ein Arbeitsbereich namens „%1“ existiert bereits.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cannot create the folder %1.</source>
        <translation>Der Ordner %1 kann nicht angelegt werden.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>There is no workspace named “%1”.</source>
        <translation>Es gibt keinen Arbeitsbereich namens „%1“.</translation>
    </message>
</context>
<context>
    <name>WorkspacesPage</name>
    <message>
        <location filename="../widgets/settings/workspacespage.cpp" line="+32"/>
        <source>Each workspace keeps its own containers, documents, request logs, model providers and API keys.</source>
        <translation>Jeder Arbeitsbereich hat seine eigenen Container, Dokumente, Anfrageprotokolle, Modellanbieter und API-Schlüssel.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>This window shows the workspace “%1”.</source>
        <translation>Dieses Fenster zeigt den Arbeitsbereich „%1“.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&amp;Open in New Window</source>
        <translation>In neuem &amp;Fenster öffnen</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Open at &amp;Start</source>
        <translation>Beim &amp;Start öffnen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Sandbench opens this workspace when it is started without --workspace.</source>
        <translation>Sandbench öffnet diesen Arbeitsbereich, wenn es ohne --workspace gestartet wird.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>New workspace</source>
        <translation>Neuer Arbeitsbereich</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Name, e.g. data-cleaning</source>
        <translation>Name, z. B. data-cleaning</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Create</source>
        <translation>&amp;Anlegen</translation>
    </message>
    <message>
        <location line="+77"/>
        <source>this window</source>
        <translation>dieses Fenster</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>opens at start</source>
        <translation>wird beim Start geöffnet</translation>
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
        <translation>Dieses Fenster zeigt diesen Arbeitsbereich bereits.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Created the workspace “%1”. Open it in a new window, or choose it to open at the next start.</source>
        <translation>Der Arbeitsbereich „%1“ wurde angelegt. Öffnen Sie ihn in einem neuen Fenster oder wählen Sie ihn aus, damit er beim nächsten Start geöffnet wird.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Sandbench opens “%1” at the next start.</source>
        <translation>Sandbench öffnet „%1“ beim nächsten Start.</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../widgets/window/guistartup.cpp" line="+39"/>
        <source>The Sandbench desktop workbench.</source>
        <translation>Die Sandbench-Desktop-Werkbank.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Keep containers, logs and settings in &lt;dir&gt;.</source>
        <translation>Container, Protokolle und Einstellungen in &lt;verzeichnis&gt; ablegen.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dir</source>
        <translation>verzeichnis</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open the workspace &lt;name&gt; (default: the one chosen in Settings, else &quot;default&quot;).</source>
        <translation>Den Arbeitsbereich &lt;name&gt; öffnen (Standard: der in den Einstellungen gewählte, sonst „default“).</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>invalid --workspace name: %1</source>
        <translation>Ungültiger Name für --workspace: %1</translation>
    </message>
    <message>
        <location line="-15"/>
        <source>name</source>
        <translation>name</translation>
    </message>
</context>
</TS>
