<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>ChatSession</name>
    <message>
        <location filename="../engine/core/chatsession.cpp" line="+79"/>
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
    <message numerus="yes">
        <location line="+80"/>
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
        <location filename="../widgets/chatwidget.cpp" line="+173"/>
        <source>Drop a file here or use Attach, then ask a question about it. The model&apos;s shell commands run in this conversation&apos;s sandbox and appear in the Shell calls panel.</source>
        <translation>Legen Sie hier eine Datei ab oder verwenden Sie „Anhängen“ und stellen Sie dann eine Frage dazu. Die Shell-Befehle des Modells laufen in der Sandbox dieser Unterhaltung und erscheinen im Bereich „Shell-Aufrufe“.</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Ask about your data… (Ctrl+Enter to send)</source>
        <translation>Fragen Sie zu Ihren Daten … (Strg+Eingabe zum Senden)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Attach…</source>
        <translation>Anhängen …</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Send</source>
        <translation>Senden</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stop</source>
        <translation>Stopp</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stop the answer and end its running commands (Esc)</source>
        <translation>Antwort anhalten und ihre laufenden Befehle beenden (Esc)</translation>
    </message>
    <message>
        <location line="+28"/>
        <location line="+8"/>
        <source>Assistant</source>
        <translation>Assistent</translation>
    </message>
    <message numerus="yes">
        <location line="+12"/>
        <source>Running %n command(s) in the sandbox: %1</source>
        <translation>
            <numerusform>%n Befehl läuft in der Sandbox: %1</numerusform>
            <numerusform>%n Befehle laufen in der Sandbox: %1</numerusform>
        </translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Stopped.</source>
        <translation>Angehalten.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 — a script plays the answers, no model is asked</source>
        <translation>%1 – ein Skript spielt die Antworten ab, kein Modell wird gefragt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model: %1</source>
        <translation>Modell: %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 (in the sandbox: %2)</source>
        <translation>%1 (in der Sandbox: %2)</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Choose a model first.</source>
        <translation>Wählen Sie zuerst ein Modell.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Attached files (in the sandbox): %1</source>
        <translation>Angehängte Dateien (in der Sandbox): %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>You</source>
        <translation>Sie</translation>
    </message>
</context>
<context>
    <name>CommandOutputView</name>
    <message>
        <location filename="../widgets/shellcallview.cpp" line="+83"/>
        <location line="+25"/>
        <source>waiting</source>
        <translation>wartet</translation>
    </message>
    <message numerus="yes">
        <location line="+38"/>
        <source>[… %n character(s) of output not shown here …]</source>
        <translation>
            <numerusform>[… %n Zeichen der Ausgabe hier nicht angezeigt …]</numerusform>
            <numerusform>[… %n Zeichen der Ausgabe hier nicht angezeigt …]</numerusform>
        </translation>
    </message>
    <message>
        <location line="+41"/>
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
        <location line="+2"/>
        <source>Ran for %1</source>
        <translation>Lief %1</translation>
    </message>
</context>
<context>
    <name>CsvIndex</name>
    <message>
        <location filename="../engine/core/csvindex.cpp" line="+103"/>
        <source>Cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
</context>
<context>
    <name>CsvPreview</name>
    <message>
        <location filename="../widgets/csvpreview.cpp" line="+91"/>
        <source>%1 rows so far…</source>
        <translation>bisher %1 Zeilen …</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+6"/>
        <source>%1 rows</source>
        <translation>%1 Zeilen</translation>
    </message>
</context>
<context>
    <name>FileImport</name>
    <message>
        <location filename="../engine/core/fileimport.cpp" line="+42"/>
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
        <translation>%1 ist %2 groß, mehr als die %3, die ein Upload haben darf.</translation>
    </message>
    <message>
        <location line="+14"/>
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
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Copying %1 failed: %2</source>
        <translation>Kopieren von %1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 grew beyond the upload limit while it was copied.</source>
        <translation>%1 ist während des Kopierens über die Upload-Grenze gewachsen.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Cannot hand %1 to the sandbox user: %2</source>
        <translation>%1 kann nicht dem Sandbox-Benutzer übergeben werden: %2</translation>
    </message>
</context>
<context>
    <name>InlineMessage</name>
    <message>
        <location filename="../widgets/inlinemessage.cpp" line="+25"/>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="+127"/>
        <source>New conversation</source>
        <translation>Neue Unterhaltung</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Conversations</source>
        <translation>Unterhaltungen</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Shell calls</source>
        <translation>Shell-Aufrufe</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Table preview</source>
        <translation>Tabellenvorschau</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Model:</source>
        <translation>Modell:</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Refresh models</source>
        <translation>Modelle aktualisieren</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;New Conversation</source>
        <translation>&amp;Neue Unterhaltung</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Attach File…</source>
        <translation>Datei &amp;anhängen …</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open &amp;Trace…</source>
        <translation>&amp;Trace öffnen …</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Model &amp;Providers…</source>
        <translation>Modell&amp;anbieter …</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;About Sandbench</source>
        <translation>Ü&amp;ber Sandbench</translation>
    </message>
    <message>
        <location line="+17"/>
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
        <location line="+11"/>
        <source>Cannot create a container: %1</source>
        <translation>Container kann nicht angelegt werden: %1</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Container %1</source>
        <translation>Container %1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Conversation %1</source>
        <translation>Unterhaltung %1</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Shell calls — %1</source>
        <translation>Shell-Aufrufe – %1</translation>
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
        <translation>Spielt ein Skript ab; kein Modell wird gefragt</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Some providers did not list their models. %1</source>
        <translation>Einige Anbieter haben ihre Modelle nicht aufgelistet. %1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>none — add a provider in File › Model Providers</source>
        <translation>keins – fügen Sie unter Datei › Modellanbieter einen Anbieter hinzu</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Attach a file</source>
        <translation>Datei anhängen</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>All files (*);;CSV files (*.csv *.tsv)</source>
        <translation>Alle Dateien (*);;CSV-Dateien (*.csv *.tsv)</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>Open a trace</source>
        <translation>Trace öffnen</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>JSON-Dateien (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Trace: %1</source>
        <translation>Trace: %1</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%1 — %n shell call(s)</source>
        <translation>
            <numerusform>%1 – %n Shell-Aufruf</numerusform>
            <numerusform>%1 – %n Shell-Aufrufe</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Opened the trace %1. Its shell calls are in the Shell calls panel; Re-run locally runs them again in this conversation&apos;s new container.</source>
        <translation>Trace %1 geöffnet. Ihre Shell-Aufrufe stehen im Bereich „Shell-Aufrufe“; „Lokal erneut ausführen“ führt sie im neuen Container dieser Unterhaltung noch einmal aus.</translation>
    </message>
</context>
<context>
    <name>MessageBubble</name>
    <message>
        <location filename="../widgets/chatwidget.cpp" line="-244"/>
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
    <name>ProviderSettingsDialog</name>
    <message>
        <location filename="../widgets/providersettings.cpp" line="+31"/>
        <source>Model providers</source>
        <translation>Modellanbieter</translation>
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
        <translation>Wird im Schlüsselbund des Systems gespeichert</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>or the name of an environment variable, e.g. OPENROUTER_API_KEY</source>
        <translation>oder der Name einer Umgebungsvariable, z. B. OPENROUTER_API_KEY</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;API format:</source>
        <translation>&amp;API-Format:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Base URL:</source>
        <translation>&amp;Basis-URL:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>API &amp;key:</source>
        <translation>API-&amp;Schlüssel:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Key &amp;variable:</source>
        <translation>Schlüssel&amp;variable:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save provider</source>
        <translation>Anbieter speichern</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Detect local servers</source>
        <translation>Lokale Server suchen</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Model servers on this computer</source>
        <translation>Modellserver auf diesem Computer</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Ollama (11434), llama.cpp (8080), LM Studio (1234) and vLLM (8000) are looked for. Double-click one to fill in the form.</source>
        <translation>Gesucht wird nach Ollama (11434), llama.cpp (8080), LM Studio (1234) und vLLM (8000). Doppelklicken Sie einen Eintrag, um das Formular auszufüllen.</translation>
    </message>
    <message numerus="yes">
        <location line="+34"/>
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
        <location line="+11"/>
        <source>Saved %1; its key is in the system keychain.</source>
        <translation>%1 gespeichert; der Schlüssel liegt im Schlüsselbund des Systems.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 was saved without its key. %2</source>
        <translation>%1 wurde ohne Schlüssel gespeichert. %2</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>Saved %1.</source>
        <translation>%1 gespeichert.</translation>
    </message>
</context>
<context>
    <name>ScriptedClient</name>
    <message>
        <location filename="../engine/models/scriptedclient.cpp" line="+162"/>
        <source>(The script has no more steps.)</source>
        <translation>(Das Skript hat keine weiteren Schritte.)</translation>
    </message>
    <message>
        <location line="+76"/>
        <source>Scripted</source>
        <translation>Skript</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The script is not valid JSON: %1 at offset %2</source>
        <translation>Das Skript ist kein gültiges JSON: %1 an Position %2</translation>
    </message>
    <message>
        <location line="+17"/>
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
        <location filename="../widgets/secretstore.cpp" line="+17"/>
        <source>No keychain service is running (for example GNOME Keyring or KWallet), so the key was not saved. Sandbench never stores keys in plain text; start a keychain service, or set the key in an environment variable named in the provider settings. (%1)</source>
        <translation>Es läuft kein Schlüsselbund-Dienst (zum Beispiel GNOME Keyring oder KWallet), daher wurde der Schlüssel nicht gespeichert. Sandbench speichert Schlüssel nie im Klartext; starten Sie einen Schlüsselbund-Dienst oder legen Sie den Schlüssel in einer Umgebungsvariable ab, die in den Anbietereinstellungen genannt ist. (%1)</translation>
    </message>
    <message>
        <location line="+7"/>
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
        <translation>Der Schlüsselbund ist fehlgeschlagen: %1</translation>
    </message>
</context>
<context>
    <name>ShellCallPanel</name>
    <message>
        <location filename="../widgets/shellcallview.cpp" line="+212"/>
        <source>Re-run locally</source>
        <translation>Lokal erneut ausführen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run the trace&apos;s commands again in a new local container</source>
        <translation>Die Befehle der Trace in einem neuen lokalen Container erneut ausführen</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Shell calls the model makes appear here while they run.</source>
        <translation>Shell-Aufrufe des Modells erscheinen hier, während sie laufen.</translation>
    </message>
</context>
<context>
    <name>ShellCallView</name>
    <message>
        <location line="-374"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1:%2</source>
        <translation>%1:%2</translation>
    </message>
    <message>
        <location line="+210"/>
        <source>Running</source>
        <translation>Läuft</translation>
    </message>
    <message>
        <location line="+25"/>
        <location line="+104"/>
        <source>Completed</source>
        <translation>Abgeschlossen</translation>
    </message>
    <message>
        <location line="-104"/>
        <location line="+108"/>
        <source>Incomplete</source>
        <translation>Unvollständig</translation>
    </message>
    <message>
        <location line="-107"/>
        <source>from trace</source>
        <translation>aus Trace</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Container %1</source>
        <translation>Container %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>(unknown)</source>
        <translation>(unbekannt)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Sandbox cost of this call</source>
        <translation>Sandbox-Kosten dieses Aufrufs</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>cost —</source>
        <translation>Kosten –</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>$%1</source>
        <translation>%1 $</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Completed (timeout)</source>
        <translation>Abgeschlossen (Zeitüberschreitung)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>not run</source>
        <translation>nicht ausgeführt</translation>
    </message>
</context>
<context>
    <name>TraceLoader</name>
    <message>
        <location filename="../engine/core/traceloader.cpp" line="+127"/>
        <source>The trace is not valid JSON: %1 at offset %2</source>
        <translation>Die Trace ist kein gültiges JSON: %1 an Position %2</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>The file holds no shell calls (openrouter:shell items or server_tool_use blocks).</source>
        <translation>Die Datei enthält keine Shell-Aufrufe (openrouter:shell-Einträge oder server_tool_use-Blöcke).</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
</context>
<context>
    <name>WelcomePage</name>
    <message>
        <location filename="../widgets/welcomepage.cpp" line="+23"/>
        <source>Welcome to Sandbench</source>
        <translation>Willkommen bei Sandbench</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Sandbench runs the shell commands of AI agents in a sandbox on this computer and shows you every call as it happens.</source>
        <translation>Sandbench führt die Shell-Befehle von KI-Agenten in einer Sandbox auf diesem Computer aus und zeigt Ihnen jeden Aufruf in dem Moment, in dem er geschieht.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Data folder: %1</source>
        <translation>Datenordner: %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Workspace: %1</source>
        <translation>Arbeitsbereich: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>To see which isolation and limits this machine enforces, run “sandbench doctor” in a terminal.</source>
        <translation>Welche Isolierung und welche Grenzen dieser Rechner durchsetzt, zeigt „sandbench doctor“ in einem Terminal.</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../widgets/guientry.cpp" line="+69"/>
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
        <location line="+2"/>
        <source>Open the workspace &lt;name&gt; (default: default).</source>
        <translation>Den Arbeitsbereich &lt;name&gt; öffnen (Vorgabe: default).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>name</source>
        <translation>name</translation>
    </message>
</context>
</TS>
