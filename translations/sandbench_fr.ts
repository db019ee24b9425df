<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR">
<context>
    <name>ChatSession</name>
    <message>
        <location filename="../engine/core/chatsession.cpp" line="+79"/>
        <source>Wait for the current answer or press Stop.</source>
        <translation>Attendez la réponse en cours ou appuyez sur Arrêter.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Choose a model first.</source>
        <translation>Choisissez d’abord un modèle.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This conversation has no container.</source>
        <translation>Cette conversation n’a pas de conteneur.</translation>
    </message>
    <message numerus="yes">
        <location line="+80"/>
        <source>Stopped after %n tool call(s): the limit for one question.</source>
        <translation>
            <numerusform>Arrêté après %n appel d’outil : la limite pour une question.</numerusform>
            <numerusform>Arrêté après %n appels d’outil : la limite pour une question.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChatWidget</name>
    <message>
        <location filename="../widgets/chatwidget.cpp" line="+173"/>
        <source>Drop a file here or use Attach, then ask a question about it. The model&apos;s shell commands run in this conversation&apos;s sandbox and appear in the Shell calls panel.</source>
        <translation>Déposez un fichier ici ou utilisez Joindre, puis posez une question à son sujet. Les commandes shell du modèle s’exécutent dans le bac à sable de cette conversation et apparaissent dans le panneau Appels shell.</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Ask about your data… (Ctrl+Enter to send)</source>
        <translation>Posez une question sur vos données… (Ctrl+Entrée pour envoyer)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Attach…</source>
        <translation>Joindre…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Send</source>
        <translation>Envoyer</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stop</source>
        <translation>Arrêter</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stop the answer and end its running commands (Esc)</source>
        <translation>Arrêter la réponse et terminer ses commandes en cours (Échap)</translation>
    </message>
    <message>
        <location line="+28"/>
        <location line="+8"/>
        <source>Assistant</source>
        <translation>Assistant</translation>
    </message>
    <message numerus="yes">
        <location line="+12"/>
        <source>Running %n command(s) in the sandbox: %1</source>
        <translation>
            <numerusform>%n commande s’exécute dans le bac à sable : %1</numerusform>
            <numerusform>%n commandes s’exécutent dans le bac à sable : %1</numerusform>
        </translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Stopped.</source>
        <translation>Arrêté.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 — a script plays the answers, no model is asked</source>
        <translation>%1 — un script joue les réponses, aucun modèle n’est interrogé</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model: %1</source>
        <translation>Modèle : %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 (in the sandbox: %2)</source>
        <translation>%1 (dans le bac à sable : %2)</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Choose a model first.</source>
        <translation>Choisissez d’abord un modèle.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Attached files (in the sandbox): %1</source>
        <translation>Fichiers joints (dans le bac à sable) : %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>You</source>
        <translation>Vous</translation>
    </message>
</context>
<context>
    <name>CommandOutputView</name>
    <message>
        <location filename="../widgets/shellcallview.cpp" line="+83"/>
        <location line="+25"/>
        <source>waiting</source>
        <translation>en attente</translation>
    </message>
    <message numerus="yes">
        <location line="+38"/>
        <source>[… %n character(s) of output not shown here …]</source>
        <translation>
            <numerusform>[… %n caractère de sortie non affiché ici …]</numerusform>
            <numerusform>[… %n caractères de sortie non affichés ici …]</numerusform>
        </translation>
    </message>
    <message>
        <location line="+41"/>
        <source>running</source>
        <translation>en cours</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>timeout</source>
        <translation>délai dépassé</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>exit 0</source>
        <translation>sortie 0</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>exit %1</source>
        <translation>sortie %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ran for %1</source>
        <translation>A duré %1</translation>
    </message>
</context>
<context>
    <name>CsvIndex</name>
    <message>
        <location filename="../engine/core/csvindex.cpp" line="+103"/>
        <source>Cannot open %1: %2</source>
        <translation>Impossible d’ouvrir %1 : %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cannot read %1: %2</source>
        <translation>Impossible de lire %1 : %2</translation>
    </message>
</context>
<context>
    <name>CsvPreview</name>
    <message>
        <location filename="../widgets/csvpreview.cpp" line="+91"/>
        <source>%1 rows so far…</source>
        <translation>%1 lignes pour l’instant…</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+6"/>
        <source>%1 rows</source>
        <translation>%1 lignes</translation>
    </message>
</context>
<context>
    <name>FileImport</name>
    <message>
        <location filename="../engine/core/fileimport.cpp" line="+42"/>
        <source>%1 does not exist.</source>
        <translation>%1 n’existe pas.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is a folder; attach files one by one.</source>
        <translation>%1 est un dossier ; joignez les fichiers un par un.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is not a regular file.</source>
        <translation>%1 n’est pas un fichier ordinaire.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 cannot be read.</source>
        <translation>%1 ne peut pas être lu.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is %2, more than the %3 an upload may have.</source>
        <translation>%1 fait %2, plus que les %3 autorisés pour un envoi.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1 cannot be read: %2</source>
        <translation>%1 ne peut pas être lu : %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot create the container&apos;s home folder %1.</source>
        <translation>Impossible de créer le dossier personnel %1 du conteneur.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot write %1: %2</source>
        <translation>Impossible d’écrire %1 : %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Copying %1 failed: %2</source>
        <translation>La copie de %1 a échoué : %2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 grew beyond the upload limit while it was copied.</source>
        <translation>%1 a dépassé la limite d’envoi pendant la copie.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Cannot hand %1 to the sandbox user: %2</source>
        <translation>Impossible d’attribuer %1 à l’utilisateur du bac à sable : %2</translation>
    </message>
</context>
<context>
    <name>InlineMessage</name>
    <message>
        <location filename="../widgets/inlinemessage.cpp" line="+25"/>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="+127"/>
        <source>New conversation</source>
        <translation>Nouvelle conversation</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Conversations</source>
        <translation>Conversations</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Shell calls</source>
        <translation>Appels shell</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Table preview</source>
        <translation>Aperçu du tableau</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Model</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Model:</source>
        <translation>Modèle :</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Refresh models</source>
        <translation>Actualiser les modèles</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;New Conversation</source>
        <translation>&amp;Nouvelle conversation</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Attach File…</source>
        <translation>&amp;Joindre un fichier…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open &amp;Trace…</source>
        <translation>Ouvrir une &amp;trace…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Model &amp;Providers…</source>
        <translation>&amp;Fournisseurs de modèles…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Help</source>
        <translation>&amp;Aide</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;About Sandbench</source>
        <translation>À &amp;propos de Sandbench</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>About Sandbench</source>
        <translation>À propos de Sandbench</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A desktop workbench for AI agents that run shell commands: every command runs in a sandbox on this computer, and you see each call as it happens.</source>
        <translation>Un établi de bureau pour les agents d’IA qui exécutent des commandes shell : chaque commande s’exécute dans un bac à sable sur cet ordinateur, et vous voyez chaque appel au moment où il se produit.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Licensed under the GNU General Public License, version 3 or later.</source>
        <translation>Distribué sous la licence publique générale GNU, version 3 ou ultérieure.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Cannot create a container: %1</source>
        <translation>Impossible de créer un conteneur : %1</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Container %1</source>
        <translation>Conteneur %1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Conversation %1</source>
        <translation>Conversation %1</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Shell calls — %1</source>
        <translation>Appels shell — %1</translation>
    </message>
    <message>
        <location line="+47"/>
        <location line="+14"/>
        <source>%1: %2</source>
        <translation>%1 : %2</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>Plays a script; no model is asked</source>
        <translation>Joue un script ; aucun modèle n’est interrogé</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Some providers did not list their models. %1</source>
        <translation>Certains fournisseurs n’ont pas listé leurs modèles. %1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>none — add a provider in File › Model Providers</source>
        <translation>aucun — ajoutez un fournisseur dans Fichier › Fournisseurs de modèles</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Attach a file</source>
        <translation>Joindre un fichier</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>All files (*);;CSV files (*.csv *.tsv)</source>
        <translation>Tous les fichiers (*);;Fichiers CSV (*.csv *.tsv)</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>Open a trace</source>
        <translation>Ouvrir une trace</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>Fichiers JSON (*.json);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Trace: %1</source>
        <translation>Trace : %1</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%1 — %n shell call(s)</source>
        <translation>
            <numerusform>%1 — %n appel shell</numerusform>
            <numerusform>%1 — %n appels shell</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Opened the trace %1. Its shell calls are in the Shell calls panel; Re-run locally runs them again in this conversation&apos;s new container.</source>
        <translation>Trace %1 ouverte. Ses appels shell sont dans le panneau Appels shell ; « Relancer localement » les exécute à nouveau dans le nouveau conteneur de cette conversation.</translation>
    </message>
</context>
<context>
    <name>MessageBubble</name>
    <message>
        <location filename="../widgets/chatwidget.cpp" line="-244"/>
        <source>Copy</source>
        <translation>Copier</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy this message</source>
        <translation>Copier ce message</translation>
    </message>
</context>
<context>
    <name>ProviderSettingsDialog</name>
    <message>
        <location filename="../widgets/providersettings.cpp" line="+31"/>
        <source>Model providers</source>
        <translation>Fournisseurs de modèles</translation>
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
        <translation>Enregistrée dans le trousseau du système</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>or the name of an environment variable, e.g. OPENROUTER_API_KEY</source>
        <translation>ou le nom d’une variable d’environnement, p. ex. OPENROUTER_API_KEY</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Name:</source>
        <translation>&amp;Nom :</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;API format:</source>
        <translation>Format d’&amp;API :</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Base URL:</source>
        <translation>URL de &amp;base :</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>API &amp;key:</source>
        <translation>&amp;Clé d’API :</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Key &amp;variable:</source>
        <translation>&amp;Variable de la clé :</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save provider</source>
        <translation>Enregistrer le fournisseur</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Detect local servers</source>
        <translation>Détecter les serveurs locaux</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Model servers on this computer</source>
        <translation>Serveurs de modèles sur cet ordinateur</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Ollama (11434), llama.cpp (8080), LM Studio (1234) and vLLM (8000) are looked for. Double-click one to fill in the form.</source>
        <translation>Ollama (11434), llama.cpp (8080), LM Studio (1234) et vLLM (8000) sont recherchés. Double-cliquez sur l’un d’eux pour remplir le formulaire.</translation>
    </message>
    <message numerus="yes">
        <location line="+34"/>
        <source>%1 at %2 — %n model(s)</source>
        <translation>
            <numerusform>%1 à %2 — %n modèle</numerusform>
            <numerusform>%1 à %2 — %n modèles</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No local model server answered.</source>
        <translation>Aucun serveur de modèles local n’a répondu.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Saved %1; its key is in the system keychain.</source>
        <translation>%1 enregistré ; sa clé est dans le trousseau du système.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 was saved without its key. %2</source>
        <translation>%1 a été enregistré sans sa clé. %2</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>Saved %1.</source>
        <translation>%1 enregistré.</translation>
    </message>
</context>
<context>
    <name>ScriptedClient</name>
    <message>
        <location filename="../engine/models/scriptedclient.cpp" line="+162"/>
        <source>(The script has no more steps.)</source>
        <translation>(Le script n’a plus d’étapes.)</translation>
    </message>
    <message>
        <location line="+76"/>
        <source>Scripted</source>
        <translation>Scénarisé</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The script is not valid JSON: %1 at offset %2</source>
        <translation>Le script n’est pas du JSON valide : %1 à la position %2</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The script has no steps.</source>
        <translation>Le script n’a aucune étape.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Step %1 of the script has neither &quot;text&quot; nor &quot;tool_calls&quot;.</source>
        <translation>L’étape %1 du script n’a ni « text » ni « tool_calls ».</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Cannot open the script %1: %2</source>
        <translation>Impossible d’ouvrir le script %1 : %2</translation>
    </message>
</context>
<context>
    <name>SecretStore</name>
    <message>
        <location filename="../widgets/secretstore.cpp" line="+17"/>
        <source>No keychain service is running (for example GNOME Keyring or KWallet), so the key was not saved. Sandbench never stores keys in plain text; start a keychain service, or set the key in an environment variable named in the provider settings. (%1)</source>
        <translation>Aucun service de trousseau n’est en cours d’exécution (par exemple GNOME Keyring ou KWallet) ; la clé n’a donc pas été enregistrée. Sandbench n’enregistre jamais les clés en clair ; démarrez un service de trousseau ou placez la clé dans une variable d’environnement indiquée dans les réglages du fournisseur. (%1)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The keychain refused access: %1</source>
        <translation>Le trousseau a refusé l’accès : %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No key is stored for this provider.</source>
        <translation>Aucune clé n’est enregistrée pour ce fournisseur.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The keychain failed: %1</source>
        <translation>Le trousseau a échoué : %1</translation>
    </message>
</context>
<context>
    <name>ShellCallPanel</name>
    <message>
        <location filename="../widgets/shellcallview.cpp" line="+212"/>
        <source>Re-run locally</source>
        <translation>Relancer localement</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run the trace&apos;s commands again in a new local container</source>
        <translation>Exécuter à nouveau les commandes de la trace dans un nouveau conteneur local</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Shell calls the model makes appear here while they run.</source>
        <translation>Les appels shell du modèle apparaissent ici pendant leur exécution.</translation>
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
        <translation>En cours</translation>
    </message>
    <message>
        <location line="+25"/>
        <location line="+104"/>
        <source>Completed</source>
        <translation>Terminé</translation>
    </message>
    <message>
        <location line="-104"/>
        <location line="+108"/>
        <source>Incomplete</source>
        <translation>Incomplet</translation>
    </message>
    <message>
        <location line="-107"/>
        <source>from trace</source>
        <translation>depuis la trace</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Container %1</source>
        <translation>Conteneur %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>(unknown)</source>
        <translation>(inconnu)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Sandbox cost of this call</source>
        <translation>Coût du bac à sable pour cet appel</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>cost —</source>
        <translation>coût —</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>$%1</source>
        <translation>%1 $</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Completed (timeout)</source>
        <translation>Terminé (délai dépassé)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancelled</source>
        <translation>Annulé</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>not run</source>
        <translation>non exécutée</translation>
    </message>
</context>
<context>
    <name>TraceLoader</name>
    <message>
        <location filename="../engine/core/traceloader.cpp" line="+127"/>
        <source>The trace is not valid JSON: %1 at offset %2</source>
        <translation>La trace n’est pas du JSON valide : %1 à la position %2</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>The file holds no shell calls (openrouter:shell items or server_tool_use blocks).</source>
        <translation>Le fichier ne contient aucun appel shell (éléments openrouter:shell ou blocs server_tool_use).</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cannot open %1: %2</source>
        <translation>Impossible d’ouvrir %1 : %2</translation>
    </message>
</context>
<context>
    <name>WelcomePage</name>
    <message>
        <location filename="../widgets/welcomepage.cpp" line="+23"/>
        <source>Welcome to Sandbench</source>
        <translation>Bienvenue dans Sandbench</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Sandbench runs the shell commands of AI agents in a sandbox on this computer and shows you every call as it happens.</source>
        <translation>Sandbench exécute les commandes shell des agents d’IA dans un bac à sable sur cet ordinateur et vous montre chaque appel au moment où il se produit.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Data folder: %1</source>
        <translation>Dossier de données&#xa0;: %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Workspace: %1</source>
        <translation>Espace de travail&#xa0;: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>To see which isolation and limits this machine enforces, run “sandbench doctor” in a terminal.</source>
        <translation>Pour savoir quelles isolations et limites cette machine applique, lancez «&#xa0;sandbench doctor&#xa0;» dans un terminal.</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../widgets/guientry.cpp" line="+69"/>
        <source>The Sandbench desktop workbench.</source>
        <translation>L’établi de bureau Sandbench.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Keep containers, logs and settings in &lt;dir&gt;.</source>
        <translation>Conserver les conteneurs, journaux et paramètres dans &lt;dossier&gt;.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dir</source>
        <translation>dossier</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open the workspace &lt;name&gt; (default: default).</source>
        <translation>Ouvrir l’espace de travail &lt;nom&gt; (par défaut&#xa0;: default).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>name</source>
        <translation>nom</translation>
    </message>
</context>
</TS>
