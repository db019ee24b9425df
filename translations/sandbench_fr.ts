<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR">
<context>
    <name>ApiActivityPanel</name>
    <message>
        <location filename="../widgets/localapi/apiactivitypanel.cpp" line="+38"/>
        <source>This app&apos;s local API</source>
        <translation>API locale de cette application</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Another server…</source>
        <translation>Autre serveur…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Local API settings…</source>
        <translation>Paramètres de l’API locale…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Clear</source>
        <translation>Effacer</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Remove the requests shown here (nothing is deleted from the logs)</source>
        <translation>Retirer les requêtes affichées ici (rien n’est supprimé des journaux)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>API key (sbk_…)</source>
        <translation>Clé d’API (sbk_…)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Watch</source>
        <translation>Suivre</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Requests that other programs send to Sandbench&apos;s local API appear here while they run, with their shell calls and live output.</source>
        <translation>Les requêtes que d’autres programmes envoient à l’API locale de Sandbench apparaissent ici pendant leur exécution, avec leurs appels shell et leur sortie en direct.</translation>
    </message>
    <message>
        <location line="+113"/>
        <source>&quot;%1&quot; is not a server address: use one like http://127.0.0.1:8642, as `sandbench serve` prints it.</source>
        <translation>«&#xa0;%1&#xa0;» n’est pas une adresse de serveur&#xa0;: utilisez une adresse comme http://127.0.0.1:8642, telle que l’affiche `sandbench serve`.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Enter an API key of the server&apos;s workspace (`sandbench keys create` prints one).</source>
        <translation>Saisissez une clé d’API de l’espace de travail du serveur (`sandbench keys create` en affiche une).</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Watching this app&apos;s local API at %1 (workspace %2).</source>
        <translation>Suivi de l’API locale de cette application sur %1 (espace de travail %2).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Watching %1 (workspace %2).</source>
        <translation>Suivi de %1 (espace de travail %2).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Connecting to %1…</source>
        <translation>Connexion à %1…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Lost the connection to %1 (%2); trying again…</source>
        <translation>Connexion à %1 perdue (%2)&#xa0;; nouvelle tentative…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Enter the address of a `sandbench serve` and a key of its workspace, then Watch.</source>
        <translation>Saisissez l’adresse d’un `sandbench serve` et une clé de son espace de travail, puis cliquez sur Suivre.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The local API is not running: %1</source>
        <translation>L’API locale n’est pas démarrée&#xa0;: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The local API is off, so other programs cannot reach Sandbench. Turn it on in Local API settings.</source>
        <translation>L’API locale est désactivée&#xa0;: les autres programmes ne peuvent donc pas joindre Sandbench. Activez-la dans les paramètres de l’API locale.</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Asking %1 to allow %2…</source>
        <translation>Demande à %1 d’autoriser %2…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 was not allowed: %2</source>
        <translation>%1 n’a pas été autorisé : %2</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Local API</source>
        <translation>API locale</translation>
    </message>
</context>
<context>
    <name>ApiRequestView</name>
    <message>
        <location filename="../widgets/localapi/apirequestview.cpp" line="+39"/>
        <source>(joined while running)</source>
        <translation>(rejointe en cours d’exécution)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+89"/>
        <source>Running</source>
        <translation>En cours</translation>
    </message>
    <message>
        <location line="-70"/>
        <source>No shell calls.</source>
        <translation>Aucun appel shell.</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>Disconnected</source>
        <translation>Déconnecté</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The connection to the server was lost while this request ran; how it ended is in the server&apos;s request log.</source>
        <translation>La connexion au serveur a été perdue pendant cette requête&#xa0;; son issue figure dans le journal des requêtes du serveur.</translation>
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
        <translation>Modèle %1</translation>
    </message>
    <message numerus="yes">
        <location line="+28"/>
        <source>%n earlier shell call(s) of this request not shown</source>
        <translation>
            <numerusform>%n appel shell antérieur de cette requête n’est pas affiché</numerusform>
            <numerusform>%n appels shell antérieurs de cette requête ne sont pas affichés</numerusform>
        </translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Completed</source>
        <translation>Terminée</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancelled by the program</source>
        <translation>Annulée par le programme</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Failed (HTTP %1)</source>
        <translation>Échec (HTTP %1)</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The sandbox is metered per request: see the request&apos;s total above</source>
        <translation>Le bac à sable est facturé par requête&#xa0;: voir le total de la requête ci-dessus</translation>
    </message>
    <message numerus="yes">
        <location line="+52"/>
        <source>%n shell call(s)</source>
        <translation>
            <numerusform>%n appel shell</numerusform>
            <numerusform>%n appels shell</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 in / %2 out tokens</source>
        <translation>%1 jetons en entrée / %2 en sortie</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>sandbox $%1</source>
        <translation>bac à sable&#xa0;: %1&#xa0;$</translation>
    </message>
    <message>
        <location line="-38"/>
        <source>File received: %1 (%2)</source>
        <translation>Fichier reçu : %1 (%2)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Copied into container %1</source>
        <translation>Copié dans le conteneur %1</translation>
    </message>
</context>
<context>
    <name>ApprovalPrompt</name>
    <message>
        <location filename="../widgets/approvals/approvalprompt.cpp" line="+108"/>
        <source>The model wants to run a command</source>
        <translation>Le modèle veut exécuter une commande</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Note for the model (optional)</source>
        <translation>Note pour le modèle (facultatif)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+5"/>
        <source>Allow once</source>
        <translation>Autoriser une fois</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>Allow for this conversation</source>
        <translation>Autoriser pour cette conversation</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>These commands run without asking again in this conversation; deny rules still apply.</source>
        <translation>Ces commandes s’exécutent sans redemander dans cette conversation ; les règles de refus s’appliquent toujours.</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+2"/>
        <source>Deny</source>
        <translation>Refuser</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>API request %1 (%2)</source>
        <translation>Requête API %1 (%2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Conversation &quot;%1&quot; (%2)</source>
        <translation>Conversation « %1 » (%2)</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n more waiting</source>
        <translation>
            <numerusform>%n autre en attente</numerusform>
            <numerusform>%n autres en attente</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Why it asks: %1</source>
        <translation>Pourquoi cette demande : %1</translation>
    </message>
    <message numerus="yes">
        <location line="+32"/>
        <source>%n s left</source>
        <translation>
            <numerusform>%n s restante</numerusform>
            <numerusform>%n s restantes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ApprovalRulesBox</name>
    <message>
        <location filename="../widgets/settings/approvalrulesbox.cpp" line="+35"/>
        <source>Allow</source>
        <translation>Autoriser</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ask</source>
        <translation>Demander</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Deny</source>
        <translation>Refuser</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Run everything</source>
        <translation>Tout exécuter</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ask before each call</source>
        <translation>Demander avant chaque appel</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rules</source>
        <translation>Règles</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>Under “Rules” each command of a call gets the verdict of the first rule that matches it, and a command no rule matches asks; the strictest verdict decides the call (deny, then ask, then allow). A pattern is one command: * is any text, ? one character, so “python3 *” matches “python3 run.py” and a bare “python3”.</source>
        <translation>En mode « Règles », chaque commande d’un appel reçoit le verdict de la première règle qui lui correspond, et une commande qu’aucune règle ne couvre demande ; le verdict le plus strict décide de l’appel (refuser, puis demander, puis autoriser). Un motif est une commande : * vaut n’importe quel texte, ? un caractère, donc « python3 * » couvre « python3 run.py » et un simple « python3 ».</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Default &amp;mode:</source>
        <translation>&amp;Mode par défaut :</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Wait for an answer:</source>
        <translation>Attendre une &amp;réponse :</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>Approvals</source>
        <translation>Approbations</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+67"/>
        <source>Approvals of “%1”</source>
        <translation>Approbations de « %1 »</translation>
    </message>
    <message>
        <location line="-64"/>
        <source>What a conversation that keeps the workspace default does, and what API requests made with this workspace&apos;s keys do.</source>
        <translation>Ce que fait une conversation qui garde le réglage par défaut de l’espace de travail, et ce que font les requêtes API faites avec les clés de cet espace.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How long a call waits for Allow or Deny (1 to %1 seconds); then the model gets a tool error.</source>
        <translation>Durée pendant laquelle un appel attend Autoriser ou Refuser (1 à %1 secondes) ; ensuite le modèle reçoit une erreur d’outil.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Verdict</source>
        <translation>Verdict</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Pattern</source>
        <translation>Motif</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Double-click a verdict or a pattern to change it. The first rule that matches a command decides.</source>
        <translation>Double-cliquez sur un verdict ou un motif pour le modifier. La première règle qui correspond à une commande décide.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>New rule&apos;s pattern, e.g. python3 *</source>
        <translation>Motif de la nouvelle règle, p. ex. python3 *</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Add</source>
        <translation>&amp;Ajouter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Remove</source>
        <translation>&amp;Supprimer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move &amp;Up</source>
        <translation>Mo&amp;nter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move &amp;Down</source>
        <translation>Descen&amp;dre</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Test a command:</source>
        <translation>&amp;Tester une commande :</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>e.g. python3 run.py | tee out.txt &amp;&amp; rm -rf build</source>
        <translation>p. ex. python3 run.py | tee out.txt &amp;&amp; rm -rf build</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save Appro&amp;vals</source>
        <translation>&amp;Enregistrer les approbations</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>R&amp;evert</source>
        <translation>Ann&amp;uler les modifications</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>The unsaved changes to the approvals of “%1” were dropped.</source>
        <translation>Les modifications non enregistrées des approbations de « %1 » ont été abandonnées.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The workspace&apos;s settings cannot be read: %1</source>
        <translation>Impossible de lire les réglages de l’espace de travail : %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The saved approvals are not valid (%1), so every call asks until they are saved again.</source>
        <translation>Les approbations enregistrées ne sont pas valides (%1) : chaque appel demande jusqu’à ce qu’elles soient enregistrées à nouveau.</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Rule %1: </source>
        <translation>Règle %1 : </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the pattern is empty. Write the one command it matches, e.g. “python3 *”.</source>
        <translation>le motif est vide. Écrivez la commande qu’il couvre, p. ex. « python3 * ».</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the pattern has %1 characters; at most %2 are allowed.</source>
        <translation>le motif compte %1 caractères ; %2 au plus sont autorisés.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>“%1” contains a command substitution ($(…), `…`, &lt;(…)), which no rule can match. Write the command without it.</source>
        <translation>« %1 » contient une substitution de commande ($(…), `…`, &lt;(…)), qu’aucune règle ne peut couvrir. Écrivez la commande sans elle.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>“%1” is more than one command. A rule matches one command (| ; &amp; &amp;&amp; || and new lines separate commands), so write one rule for each.</source>
        <translation>« %1 » contient plus d’une commande. Une règle couvre une commande (| ; &amp; &amp;&amp; || et les retours à la ligne séparent les commandes) : écrivez une règle pour chacune.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>A workspace holds at most %1 rules; remove %2.</source>
        <translation>Un espace de travail contient au plus %1 règles ; supprimez-en %2.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Rule %1 repeats rule %2 (“%3”); remove one of them.</source>
        <translation>La règle %1 répète la règle %2 (« %3 ») ; supprimez l’une des deux.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>A workspace holds at most %1 rules; remove one before adding another.</source>
        <translation>Un espace de travail contient au plus %1 règles ; supprimez-en une avant d’en ajouter une autre.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Rule %1 is this rule already.</source>
        <translation>La règle %1 est déjà cette règle.</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>Not saved. %1</source>
        <translation>Non enregistré. %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+10"/>
        <source>Not saved: %1</source>
        <translation>Non enregistré : %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Saved. The next shell or code call of the workspace follows these approvals; “sandbench approvals rules list” shows them.</source>
        <translation>Enregistré. Le prochain appel shell ou code de l’espace de travail suit ces approbations ; « sandbench approvals rules list » les affiche.</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Type a call to see which rule decides each of its commands.</source>
        <translation>Saisissez un appel pour voir quelle règle décide de chacune de ses commandes.</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>“%1” → no rule matches: %2</source>
        <translation>« %1 » → aucune règle ne correspond : %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>“%1” → rule %2, “%3”: %4</source>
        <translation>« %1 » → règle %2, « %3 » : %4</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No command to match.</source>
        <translation>Aucune commande à comparer.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The call: %1</source>
        <translation>L’appel : %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Left out, not valid: rule %1.</source>
        <translation>Ignorée, car non valide : règle %1.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The rules decide only in conversations set to “Rules”; the default mode is “%1”.</source>
        <translation>Les règles ne décident que dans les conversations réglées sur « Règles » ; le mode par défaut est « %1 ».</translation>
    </message>
    <message>
        <location line="-9"/>
        <source>The rules cannot account for all of it (%1), so no rule allows it: it asks unless a rule denies one of its commands.</source>
        <translation>Les règles ne peuvent pas tout en rendre compte (%1) ; aucune règle ne l&apos;autorise donc : une question est posée, sauf si une règle refuse l&apos;une de ses commandes.</translation>
    </message>
</context>
<context>
    <name>CellOutputView</name>
    <message numerus="yes">
        <location filename="../widgets/shellcalls/celloutputview.cpp" line="+109"/>
        <source>[… %n character(s) of this cell&apos;s output dropped: max_output_length]</source>
        <translation>
            <numerusform>[… %n caractère de la sortie de cette cellule abandonné : max_output_length]</numerusform>
            <numerusform>[… %n caractères de la sortie de cette cellule abandonnés : max_output_length]</numerusform>
        </translation>
    </message>
    <message>
        <location line="+134"/>
        <source>[… more of this output was left out: the window shows at most %1 rows and %2 columns of a table]</source>
        <translation>[… le reste de cette sortie a été omis : la fenêtre affiche au plus %1 lignes et %2 colonnes d’un tableau]</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Loading image…</source>
        <translation>Chargement de l’image…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 could not be shown: it is not a PNG image the window can read, or it is larger than %2 megapixels.</source>
        <translation>%1 n’a pas pu être affichée : ce n’est pas une image PNG lisible par la fenêtre, ou elle dépasse %2 mégapixels.</translation>
    </message>
</context>
<context>
    <name>ChangeListModel</name>
    <message>
        <location filename="../widgets/files/changelistmodel.cpp" line="+25"/>
        <source>added</source>
        <translation>ajouté</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>changed</source>
        <translation>modifié</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>deleted</source>
        <translation>supprimé</translation>
    </message>
    <message>
        <location line="+32"/>
        <source> (not kept)</source>
        <translation> (non conservée)</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 (%2). Not kept: storage budget: the content of this version was not kept (only its name and size), so it has no diff and cannot be restored.</source>
        <translation>%1 (%2). Non conservée : budget de stockage – le contenu de cette version n’a pas été conservé (seuls son nom et sa taille l’ont été) ; elle n’a donc pas de diff et ne peut pas être restaurée.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Change</source>
        <translation>Modification</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>File</source>
        <translation>Fichier</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Size</source>
        <translation>Taille</translation>
    </message>
</context>
<context>
    <name>ChatSession</name>
    <message>
        <location filename="../engine/workspace/chatsession.cpp" line="+355"/>
        <source>Redacted by %1 before the model read it; the model received: “%2”</source>
        <translation>Masqué par %1 avant que le modèle ne la lise ; le modèle a reçu : « %2 »</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Flagged by %1; sent unchanged, and the detection is in the request log.</source>
        <translation>Signalé par %1 ; envoyé tel quel, la détection figure dans le journal des requêtes.</translation>
    </message>
    <message>
        <location line="+91"/>
        <source>Prompt-injection patterns</source>
        <translation>Motifs d’injection de prompt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Email addresses</source>
        <translation>Adresses e-mail</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Phone numbers</source>
        <translation>Numéros de téléphone</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Credit card numbers</source>
        <translation>Numéros de carte bancaire</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>IP addresses</source>
        <translation>Adresses IP</translation>
    </message>
    <message>
        <location line="-324"/>
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
    <message>
        <location line="+9"/>
        <source>The question was not sent: the workspace&apos;s guardrail settings cannot be read (%1).</source>
        <translation>La question n’a pas été envoyée&#xa0;: les paramètres des garde-fous de l’espace de travail sont illisibles (%1).</translation>
    </message>
    <message>
        <location line="+163"/>
        <source>Blocked by the guardrail &quot;%1&quot; (%2 detected); the question was not sent to the model. Rephrase it, or change the guardrail&apos;s action in the Guardrails panel.</source>
        <translation>Bloquée par le garde-fou «&#xa0;%1&#xa0;» (détection&#xa0;: %2)&#xa0;; la question n’a pas été envoyée au modèle. Reformulez-la ou modifiez l’action du garde-fou dans le panneau Garde-fous.</translation>
    </message>
    <message numerus="yes">
        <location line="-17"/>
        <source>Stopped after %n tool call(s): the limit for one question.</source>
        <translation>
            <numerusform>Arrêté après %n appel d’outil&#xa0;: la limite pour une question.</numerusform>
            <numerusform>Arrêté après %n appels d’outil&#xa0;: la limite pour une question.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChatWidget</name>
    <message>
        <location filename="../widgets/chat/chatwidget.cpp" line="+269"/>
        <source>Sandbox time of this conversation: $0.0001 a second; a question that starts a new or sleeping container pays at least 30 seconds.</source>
        <translation>Temps de bac à sable de cette conversation&#xa0;: 0,0001&#xa0;$ par seconde&#xa0;; une question qui démarre un conteneur nouveau ou en veille est facturée au moins 30 secondes.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Drop a file here or use Attach, then ask a question about it. The model&apos;s shell commands run in this conversation&apos;s sandbox and appear in the Shell calls panel.</source>
        <translation>Déposez un fichier ici ou utilisez Joindre, puis posez une question à son sujet. Les commandes shell du modèle s’exécutent dans le bac à sable de cette conversation et apparaissent dans le panneau Appels shell.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ask about your data… (Ctrl+Enter to send)</source>
        <translation>Posez une question sur vos données… (Ctrl+Entrée pour envoyer)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Attach…</source>
        <translation>Joindre…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Send</source>
        <translation>Envoyer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop</source>
        <translation>Arrêter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop the answer and end its running commands (Esc)</source>
        <translation>Arrêter la réponse et terminer ses commandes en cours (Échap)</translation>
    </message>
    <message>
        <location line="-215"/>
        <source>Assistant</source>
        <translation>Assistant</translation>
    </message>
    <message numerus="yes">
        <location line="+344"/>
        <source>Running %n command(s) in the sandbox: %1</source>
        <translation>
            <numerusform>%n commande s’exécute dans le bac à sable&#xa0;: %1</numerusform>
            <numerusform>%n commandes s’exécutent dans le bac à sable&#xa0;: %1</numerusform>
        </translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Stopped.</source>
        <translation>Arrêté.</translation>
    </message>
    <message>
        <location line="-130"/>
        <source>Message box</source>
        <translation>Zone de message</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Send the message</source>
        <translation>Envoyer le message</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop the answer</source>
        <translation>Arrêter la réponse</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Type a tab in the message</source>
        <translation>Insérer une tabulation dans le message</translation>
    </message>
    <message>
        <location line="+79"/>
        <source>%1 — a script plays the answers, no model is asked</source>
        <translation>%1 — un script joue les réponses, aucun modèle n’est interrogé</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model: %1</source>
        <translation>Modèle&#xa0;: %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Container %1</source>
        <translation>Conteneur %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Every shell command of this conversation runs in container %1; its files stay between questions and restarts.</source>
        <translation>Chaque commande shell de cette conversation s’exécute dans le conteneur %1&#xa0;; ses fichiers sont conservés d’une question et d’un redémarrage à l’autre.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Sandbox cost: $%1</source>
        <translation>Coût du bac à sable&#xa0;: %1&#xa0;$</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No sandbox cost yet</source>
        <translation>Pas encore de coût de bac à sable</translation>
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
Dans le bac à sable : %2</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Remove this attachment</source>
        <translation>Retirer cette pièce jointe</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove %1</source>
        <translation>Retirer %1</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>Choose a model first.</source>
        <translation>Choisissez d’abord un modèle.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Attached files (in the sandbox): %1</source>
        <translation>Fichiers joints (dans le bac à sable)&#xa0;: %1</translation>
    </message>
    <message>
        <location line="-511"/>
        <source>You</source>
        <translation>Vous</translation>
    </message>
</context>
<context>
    <name>CommandOutputView</name>
    <message>
        <location filename="../widgets/shellcalls/shellcallview.cpp" line="+169"/>
        <source>waiting</source>
        <translation>en attente</translation>
    </message>
    <message numerus="yes">
        <location line="+45"/>
        <source>[… %n character(s) of output not shown here …]</source>
        <translation>
            <numerusform>[… %n caractère de sortie non affiché ici …]</numerusform>
            <numerusform>[… %n caractères de sortie non affichés ici …]</numerusform>
        </translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Earlier output not shown here: %1 characters</source>
        <translation>Sortie antérieure non affichée ici : %1 caractères</translation>
    </message>
    <message>
        <location line="+51"/>
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
        <translation>code 0</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>exit %1</source>
        <translation>code %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Ran for %1</source>
        <translation>Durée&#xa0;: %1</translation>
    </message>
</context>
<context>
    <name>CsvIndex</name>
    <message>
        <location filename="../engine/data/csvindex.cpp" line="+418"/>
        <source>Cannot open %1: it is a symbolic link; only regular files can be previewed.</source>
        <translation>Impossible d’ouvrir %1&#xa0;: c’est un lien symbolique&#xa0;; seuls les fichiers ordinaires peuvent être prévisualisés.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cannot open %1: %2</source>
        <translation>Impossible d’ouvrir %1&#xa0;: %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot open %1: only regular files can be previewed.</source>
        <translation>Impossible d’ouvrir %1&#xa0;: seuls les fichiers ordinaires peuvent être prévisualisés.</translation>
    </message>
</context>
<context>
    <name>CsvPreview</name>
    <message>
        <location filename="../widgets/common/csvpreview.cpp" line="+77"/>
        <source>%1 is empty (0 bytes): there are no rows to show.</source>
        <translation>%1 est vide (0 octet) : il n&apos;y a aucune ligne à afficher.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 is not a text table: it holds binary data (%2). Save it and open it with the program that made it.</source>
        <translation>%1 n&apos;est pas un tableau texte : il contient des données binaires (%2). Enregistrez-le et ouvrez-le avec le programme qui l&apos;a créé.</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>%1 rows so far…</source>
        <translation>%1 lignes pour l’instant…</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+7"/>
        <source>%1 rows</source>
        <translation>%1 lignes</translation>
    </message>
</context>
<context>
    <name>DataLocationPage</name>
    <message>
        <location filename="../widgets/settings/datalocationpage.cpp" line="+47"/>
        <source>Data folder</source>
        <translation>Dossier de données</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Containers, documents, request logs and snapshots of every workspace live here. Start Sandbench with --data-dir or SANDBENCH_DATA_DIR to use another folder.</source>
        <translation>Les conteneurs, documents, journaux des requêtes et instantanés de tous les espaces de travail se trouvent ici. Lancez Sandbench avec --data-dir ou SANDBENCH_DATA_DIR pour utiliser un autre dossier.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Open in File Manager</source>
        <translation>&amp;Ouvrir dans le gestionnaire de fichiers</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Copy Path</source>
        <translation>&amp;Copier le chemin</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Disk use</source>
        <translation>Espace disque</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Area</source>
        <translation>Catégorie</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Workspace “%1”</source>
        <translation>Espace de travail «&#xa0;%1&#xa0;»</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>All workspaces</source>
        <translation>Tous les espaces de travail</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Containers</source>
        <translation>Conteneurs</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Snapshots (file history)</source>
        <translation>Instantanés (historique des fichiers)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Documents</source>
        <translation>Documents</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Request logs</source>
        <translation>Journaux des requêtes</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Files in the containers&apos; home folders</source>
        <translation>Fichiers des dossiers personnels des conteneurs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The per-command history of each container&apos;s files</source>
        <translation>Historique, commande par commande, des fichiers de chaque conteneur</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Files promoted from containers</source>
        <translation>Fichiers promus depuis les conteneurs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The local API&apos;s request and shell-call log</source>
        <translation>Journal des requêtes et des appels shell de l’API locale</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Not measured yet.</source>
        <translation>Pas encore mesuré.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Refresh</source>
        <translation>&amp;Actualiser</translation>
    </message>
    <message>
        <location line="+281"/>
        <source>Measuring…</source>
        <translation>Mesure en cours…</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Measured at %1. Workspaces: %2. The whole data folder uses %3.</source>
        <translation>Mesuré à %1. Espaces de travail&#xa0;: %2. L’ensemble du dossier de données occupe %3.</translation>
    </message>
    <message>
        <location line="-279"/>
        <source>Clean up</source>
        <translation>Nettoyage</translation>
    </message>
    <message>
        <location line="+9"/>
        <source> days</source>
        <translation> jours</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>any age</source>
        <translation>tout âge</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Requests in the log older than</source>
        <translation>Requêtes du journal plus anciennes que</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Containers no conversation uses (made by the local API or left behind)</source>
        <translation>Conteneurs qu’aucune conversation n’utilise (créés par l’API locale ou laissés de côté)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Files uploaded through the Files APIs</source>
        <translation>Fichiers téléversés par les API Files</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Delete…</source>
        <translation>Supprimer…</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>Looking at what can be deleted…</source>
        <translation>Recherche de ce qui peut être supprimé…</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Cannot clean up: %1</source>
        <translation>Nettoyage impossible : %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Nothing to delete: no request in the log is older than %1 days.</source>
        <translation>Rien à supprimer : aucune requête du journal n’a plus de %1 jours.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nothing to delete: the request log is empty.</source>
        <translation>Rien à supprimer : le journal des requêtes est vide.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nothing to delete: every container belongs to a conversation.</source>
        <translation>Rien à supprimer : chaque conteneur appartient à une conversation.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nothing to delete: no file was uploaded through the Files APIs.</source>
        <translation>Rien à supprimer : aucun fichier n’a été téléversé par les API Files.</translation>
    </message>
    <message numerus="yes">
        <location line="+12"/>
        <source>Delete %n request(s) logged more than %1 days ago from the request log, with their shell calls and outputs? This frees about %2.</source>
        <translation>
            <numerusform>Supprimer du journal %n requête enregistrée il y a plus de %1 jours, avec ses appels shell et ses sorties ? Cela libère environ %2.</numerusform>
            <numerusform>Supprimer du journal %n requêtes enregistrées il y a plus de %1 jours, avec leurs appels shell et leurs sorties ? Cela libère environ %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>Delete all %n request(s) from the request log, with their shell calls and outputs? This frees about %1.</source>
        <translation>
            <numerusform>Supprimer du journal la %n requête, avec ses appels shell et ses sorties ? Cela libère environ %1.</numerusform>
            <numerusform>Supprimer du journal les %n requêtes, avec leurs appels shell et leurs sorties ? Cela libère environ %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>Delete %n container(s) that no conversation uses, with their files and history? This frees %1.</source>
        <translation>
            <numerusform>Supprimer %n conteneur qu’aucune conversation n’utilise, avec ses fichiers et son historique ? Cela libère %1.</numerusform>
            <numerusform>Supprimer %n conteneurs qu’aucune conversation n’utilise, avec leurs fichiers et leur historique ? Cela libère %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>Delete %n file(s) uploaded through the Files APIs? Programs that still name them get an error. This frees %1.</source>
        <translation>
            <numerusform>Supprimer %n fichier téléversé par les API Files ? Les programmes qui le nomment encore recevront une erreur. Cela libère %1.</numerusform>
            <numerusform>Supprimer %n fichiers téléversés par les API Files ? Les programmes qui les nomment encore recevront une erreur. Cela libère %1.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Nothing was deleted.</source>
        <translation>Rien n’a été supprimé.</translation>
    </message>
    <message numerus="yes">
        <location line="+45"/>
        <source>Deleted %n request(s); the log is %1 smaller.</source>
        <translation>
            <numerusform>%n requête supprimée ; le journal a perdu %1.</numerusform>
            <numerusform>%n requêtes supprimées ; le journal a perdu %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Deleted %n container(s), freeing %1.</source>
        <translation>
            <numerusform>%n conteneur supprimé, %1 libérés.</numerusform>
            <numerusform>%n conteneurs supprimés, %1 libérés.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Deleted %n file(s), freeing %1.</source>
        <translation>
            <numerusform>%n fichier supprimé, %1 libérés.</numerusform>
            <numerusform>%n fichiers supprimés, %1 libérés.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 Not everything: %2</source>
        <translation>%1 Pas tout : %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Delete</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <location line="-280"/>
        <source>Uploaded files</source>
        <translation>Fichiers téléversés</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Files that came in through the Files APIs of the local API</source>
        <translation>Fichiers arrivés par les API Files de l’API locale</translation>
    </message>
</context>
<context>
    <name>DiffView</name>
    <message>
        <location filename="../widgets/files/diffview.cpp" line="+231"/>
        <source>Lines: %1</source>
        <translation>Lignes : %1</translation>
    </message>
    <message>
        <location line="-123"/>
        <source>Unified</source>
        <translation>Unifié</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Side by side</source>
        <translation>Côte à côte</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>Select a changed file to see its diff.</source>
        <translation>Sélectionnez un fichier modifié pour voir ses différences.</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Not kept: %1. The history records that this version existed and its size, but its content was dropped to keep the container within its storage limit, so there is no diff to show and it cannot be restored.</source>
        <translation>Non conservée : %1. L’historique indique que cette version a existé et sa taille, mais son contenu a été supprimé pour que le conteneur reste dans sa limite de stockage ; il n’y a donc pas de diff à afficher et elle ne peut pas être restaurée.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Binary file: the two versions differ, no line diff to show.</source>
        <translation>Fichier binaire&#xa0;: les deux versions diffèrent, aucune différence ligne à ligne à afficher.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No differences: the file is the same in both versions.</source>
        <translation>Aucune différence&#xa0;: le fichier est identique dans les deux versions.</translation>
    </message>
    <message numerus="yes">
        <location line="+10"/>
        <source>%n line(s) added</source>
        <translation>
            <numerusform>%n ligne ajoutée</numerusform>
            <numerusform>%n lignes ajoutées</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n line(s) removed</source>
        <translation>
            <numerusform>%n ligne supprimée</numerusform>
            <numerusform>%n lignes supprimées</numerusform>
        </translation>
    </message>
    <message>
        <location line="+111"/>
        <source>Diff truncated: it is larger than %1, the rest is not shown.</source>
        <translation>Différences tronquées&#xa0;: elles dépassent %1, la suite n’est pas affichée.</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Only the first %1 lines of the diff are shown.</source>
        <translation>Seules les %1 premières lignes des différences sont affichées.</translation>
    </message>
</context>
<context>
    <name>DocumentsPanel</name>
    <message>
        <location filename="../widgets/documents/documentspanel.cpp" line="+177"/>
        <source>Files promoted from a container. Documents belong to the workspace and never expire.</source>
        <translation>Fichiers promus depuis un conteneur. Les documents appartiennent à l’espace de travail et n’expirent jamais.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>No documents yet. Promote a file from a container (the Files panel, &lt;tt&gt;sandbench containers promote ID PATH&lt;/tt&gt; or the local API) to keep a copy here.</source>
        <translation>Aucun document pour l’instant. Promouvez un fichier d’un conteneur (panneau Fichiers, &lt;tt&gt;sandbench containers promote ID PATH&lt;/tt&gt; ou API locale) pour en conserver une copie ici.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Open</source>
        <translation>Ouvrir</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open a copy in the desktop&apos;s application for this kind of file</source>
        <translation>Ouvrir une copie dans l’application du bureau associée à ce type de fichier</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save As…</source>
        <translation>Enregistrer sous…</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+23"/>
        <source>Delete</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Keep</source>
        <translation>Conserver</translation>
    </message>
    <message>
        <location line="+41"/>
        <location line="+177"/>
        <source>Select a document to see it here.</source>
        <translation>Sélectionnez un document pour l’afficher ici.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>%1 · from /workspace/home/%2 in %3</source>
        <translation>%1 · depuis /workspace/home/%2 dans %3</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Loading…</source>
        <translation>Chargement…</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 × %2 pixels</source>
        <translation>%1 × %2 pixels</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>[The preview shows the first %1; use Open or Save As for the whole file.]</source>
        <translation>[L’aperçu n’affiche que le début du fichier (%1)&#xa0;; utilisez Ouvrir ou Enregistrer sous pour le fichier complet.]</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>No preview for this kind of file. Use Open to view it in another application, or Save As to keep a copy.</source>
        <translation>Aucun aperçu pour ce type de fichier. Utilisez Ouvrir pour l’afficher dans une autre application, ou Enregistrer sous pour en conserver une copie.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot read %1: %2</source>
        <translation>Impossible de lire %1&#xa0;: %2</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Cannot open %1: %2</source>
        <translation>Impossible d’ouvrir %1&#xa0;: %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>No application on this computer opens %1. Use Save As to keep a copy and open it yourself.</source>
        <translation>Aucune application de cet ordinateur ne sait ouvrir %1. Utilisez Enregistrer sous pour en conserver une copie et l’ouvrir vous-même.</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Save a copy of %1</source>
        <translation>Enregistrer une copie de %1</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Cannot save %1 to %2: %3</source>
        <translation>Impossible d’enregistrer %1 dans %2&#xa0;: %3</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Saved %1 to %2.</source>
        <translation>%1 enregistré dans %2.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Delete %1 from the workspace&apos;s documents? This cannot be undone.</source>
        <translation>Supprimer %1 des documents de l’espace de travail&#xa0;? Cette action est irréversible.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Cannot delete %1 completely; some of its files remain in %2.</source>
        <translation>Impossible de supprimer complètement %1&#xa0;; certains de ses fichiers restent dans %2.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Deleted %1.</source>
        <translation>%1 supprimé.</translation>
    </message>
</context>
<context>
    <name>DocumentsPanelModel</name>
    <message>
        <location filename="../widgets/documents/documentspanelmodel.cpp" line="+136"/>
        <source>unknown</source>
        <translation>inconnu</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1
Document %2
SHA-256 %3</source>
        <translation>%1
Document %2
SHA-256 %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 bytes</source>
        <translation>%1 octets</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Promoted from /workspace/home/%1 in container %2</source>
        <translation>Promu depuis /workspace/home/%1 dans le conteneur %2</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Size</source>
        <translation>Taille</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Source</source>
        <translation>Provenance</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Promoted</source>
        <translation>Promu le</translation>
    </message>
</context>
<context>
    <name>EventStreamClient</name>
    <message>
        <location filename="../engine/server/eventstreamclient.cpp" line="+64"/>
        <source>&quot;%1&quot; is not a server address; use one like http://127.0.0.1:8642</source>
        <translation>«&#xa0;%1&#xa0;» n’est pas une adresse de serveur&#xa0;; utilisez une adresse comme http://127.0.0.1:8642</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>The server refused the key: use a key of the server&apos;s workspace (Local API settings or `sandbench keys create`).</source>
        <translation>Le serveur a refusé la clé&#xa0;: utilisez une clé de l’espace de travail du serveur (paramètres de l’API locale ou `sandbench keys create`).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The server closed the connection.</source>
        <translation>Le serveur a fermé la connexion.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Not watching a server.</source>
        <translation>Aucun serveur n’est observé.</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>The server&apos;s answer is over %1 KiB.</source>
        <translation>La réponse du serveur dépasse %1 Kio.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The server answered HTTP %1.</source>
        <translation>Le serveur a répondu HTTP %1.</translation>
    </message>
</context>
<context>
    <name>FileImport</name>
    <message>
        <location filename="../engine/sandbox/history/fileimport.cpp" line="+76"/>
        <source>%1 does not exist.</source>
        <translation>%1 n’existe pas.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is a folder; attach files one by one.</source>
        <translation>%1 est un dossier&#xa0;; joignez les fichiers un par un.</translation>
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
        <location line="+15"/>
        <source>%1 cannot be read: %2</source>
        <translation>%1 ne peut pas être lu&#xa0;: %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot create the container&apos;s home folder %1.</source>
        <translation>Impossible de créer le dossier personnel %1 du conteneur.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot open the container&apos;s home folder %1: %2</source>
        <translation>Impossible d’ouvrir le dossier personnel %1 du conteneur&#xa0;: %2</translation>
    </message>
    <message>
        <location line="+50"/>
        <location line="+94"/>
        <location line="+13"/>
        <source>Cannot write %1: %2</source>
        <translation>Impossible d’écrire %1&#xa0;: %2</translation>
    </message>
    <message>
        <location line="-59"/>
        <location line="+64"/>
        <source>Cannot write %1 into the container: %2 names are taken already.</source>
        <translation>Impossible d’écrire %1 dans le conteneur&#xa0;: %2 noms sont déjà pris.</translation>
    </message>
    <message>
        <location line="-133"/>
        <location line="+28"/>
        <location line="+9"/>
        <source>Copying %1 failed: %2</source>
        <translation>La copie de %1 a échoué&#xa0;: %2</translation>
    </message>
    <message>
        <location line="-40"/>
        <location line="+37"/>
        <source>%1 grew beyond the upload limit while it was copied.</source>
        <translation>%1 a dépassé la limite d’envoi pendant la copie.</translation>
    </message>
    <message>
        <location line="-47"/>
        <source>Cannot hand %1 to the sandbox user: %2</source>
        <translation>Impossible d’attribuer %1 à l’utilisateur du bac à sable&#xa0;: %2</translation>
    </message>
    <message>
        <location line="-10"/>
        <source>%1 is not a file name.</source>
        <translation>%1 n&apos;est pas un nom de fichier.</translation>
    </message>
</context>
<context>
    <name>FilePreview</name>
    <message>
        <location filename="../widgets/files/filepreview.cpp" line="+314"/>
        <source>Select a file to preview it.</source>
        <translation>Sélectionnez un fichier pour en afficher l’aperçu.</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Loading %1…</source>
        <translation>Chargement de %1…</translation>
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
        <translation>%1 n’existe plus dans le conteneur&#xa0;: il a été supprimé ou renommé après la lecture de la liste.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cannot show %1: %2</source>
        <translation>Impossible d’afficher %1&#xa0;: %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Binary file (%1, %2): no preview. Use Save to copy it to this computer.</source>
        <translation>Fichier binaire (%1, %2)&#xa0;: pas d’aperçu. Utilisez Enregistrer sous pour le copier sur cet ordinateur.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 × %2 pixels</source>
        <translation>%1 × %2 pixels</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 is %2, larger than the %3 a table preview is made for. Use Save As… to copy it to this computer.</source>
        <translation>%1 fait %2, plus que les %3 prévus pour l’aperçu en tableau. Utilisez Enregistrer sous… pour le copier sur cet ordinateur.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Cannot open %1 as a table.</source>
        <translation>Impossible d’ouvrir %1 comme tableau.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Showing the first %1 of %2.</source>
        <translation>Seul le début est affiché&#xa0;: %1 sur %2.</translation>
    </message>
    <message>
        <location line="-184"/>
        <source>Show source</source>
        <translation>Afficher la source</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show the Markdown file as its source text instead of formatted</source>
        <translation>Afficher le fichier Markdown sous forme de texte source plutôt que mis en forme</translation>
    </message>
    <message>
        <location line="+196"/>
        <source>%1 is %2: Markdown larger than %3 is shown as source, not formatted.</source>
        <translation>%1 fait %2 : un Markdown de plus de %3 est affiché en source, sans mise en forme.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 nests quotes or lists %2 deep: Markdown deeper than %3 is shown as source, not formatted.</source>
        <translation>%1 imbrique citations ou listes sur %2 niveaux : un Markdown plus profond que %3 est affiché en source, sans mise en forme.</translation>
    </message>
    <message>
        <location line="+79"/>
        <source>[image not loaded: %1]</source>
        <translation>[image non chargée : %1]</translation>
    </message>
</context>
<context>
    <name>FileTreeModel</name>
    <message>
        <location filename="../widgets/files/filetreemodel.cpp" line="+171"/>
        <source>%1 — %2 bytes</source>
        <translation>%1 — %2 octets</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Size</source>
        <translation>Taille</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Modified</source>
        <translation>Modifié le</translation>
    </message>
</context>
<context>
    <name>FilesPanel</name>
    <message>
        <location filename="../widgets/files/filespanel.cpp" line="+95"/>
        <source>Refresh</source>
        <translation>Actualiser</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read the files and history again</source>
        <translation>Relire les fichiers et l’historique</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save As…</source>
        <translation>Enregistrer sous…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the selected file on this computer</source>
        <translation>Enregistrer le fichier sélectionné sur cet ordinateur</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Promote</source>
        <translation>Promouvoir</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy the selected file to the workspace&apos;s documents, which never expire</source>
        <translation>Copier le fichier sélectionné dans les documents de l’espace de travail, qui n’expirent jamais</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Hidden files</source>
        <translation>Fichiers cachés</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Also list files and folders whose name starts with a dot (.cache, .config, .sandbench)</source>
        <translation>Lister aussi les fichiers et dossiers dont le nom commence par un point (.cache, .config, .sandbench)</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Files</source>
        <translation>Fichiers</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>History</source>
        <translation>Historique</translation>
    </message>
    <message>
        <location line="+153"/>
        <source>Cannot list the container&apos;s files: %1</source>
        <translation>Impossible de lister les fichiers du conteneur&#xa0;: %1</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>%1 was deleted.</source>
        <translation>%1 a été supprimé.</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Cannot open &quot;%1&quot;: %2. Paths are relative to /workspace/home and may not contain &quot;..&quot; or start with &quot;/&quot;.</source>
        <translation>Impossible d’ouvrir «&#xa0;%1&#xa0;»&#xa0;: %2. Les chemins sont relatifs à /workspace/home&#xa0;; ils ne peuvent pas contenir «&#xa0;..&#xa0;» ni commencer par «&#xa0;/&#xa0;».</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>There is no file &quot;%1&quot; in the container.</source>
        <translation>Le conteneur ne contient aucun fichier «&#xa0;%1&#xa0;».</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Save %1</source>
        <translation>Enregistrer %1</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Cannot save %1: it no longer exists in the container (deleted or renamed).</source>
        <translation>Impossible d’enregistrer %1&#xa0;: il n’existe plus dans le conteneur (supprimé ou renommé).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot save %1: %2</source>
        <translation>Impossible d’enregistrer %1&#xa0;: %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Saved %1 to %2.</source>
        <translation>%1 enregistré dans %2.</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>This workspace has no documents folder.</source>
        <translation>Cet espace de travail n’a pas de dossier de documents.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Cannot promote %1: %2</source>
        <translation>Impossible de promouvoir %1&#xa0;: %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Promoted %1 to Documents (%2).</source>
        <translation>%1 promu dans Documents (%2).</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>No container</source>
        <translation>Aucun conteneur</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%1 — %n file(s), %2</source>
        <translation>
            <numerusform>%1 — %n fichier, %2</numerusform>
            <numerusform>%1 — %n fichiers, %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>(%n hidden)</source>
        <translation>
            <numerusform>(%n caché)</numerusform>
            <numerusform>(%n cachés)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(only the first %1 files are listed)</source>
        <translation>(seuls les %1 premiers fichiers sont listés)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>/workspace/home of container %1</source>
        <translation>/workspace/home du conteneur %1</translation>
    </message>
</context>
<context>
    <name>GuardrailsPanel</name>
    <message>
        <location filename="../widgets/guardrails/guardrailspanel.cpp" line="+42"/>
        <source>Flag</source>
        <translation>Signaler</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Redact</source>
        <translation>Masquer</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Block</source>
        <translation>Bloquer</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Guardrails</source>
        <translation>Garde-fous</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Test</source>
        <translation>Test</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Flag report</source>
        <translation>Rapport des signalements</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Prompt injection</source>
        <translation>Injection de prompt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Prompt-injection patterns</source>
        <translation>Motifs d’injection de prompt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Regular expressions for attempts to override the model&apos;s instructions</source>
        <translation>Expressions régulières repérant les tentatives de contourner les instructions du modèle</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>Pattern set version %1: %n pattern(s) in %2 families (languages: %3). The gateway uses the set built into this Sandbench.</source>
        <translation>
            <numerusform>Jeu de motifs version %1&#xa0;: %n motif réparti en %2 familles (langues&#xa0;: %3). La passerelle utilise le jeu intégré à cette version de Sandbench.</numerusform>
            <numerusform>Jeu de motifs version %1&#xa0;: %n motifs répartis en %2 familles (langues&#xa0;: %3). La passerelle utilise le jeu intégré à cette version de Sandbench.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Personal data</source>
        <translation>Données personnelles</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Email addresses</source>
        <translation>Adresses e-mail</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Phone numbers</source>
        <translation>Numéros de téléphone</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Credit card numbers</source>
        <translation>Numéros de carte bancaire</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>13 to 19 digits that pass the Luhn check</source>
        <translation>13 à 19 chiffres validés par l’algorithme de Luhn</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>IP addresses</source>
        <translation>Adresses IP</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>IPv4 and IPv6</source>
        <translation>IPv4 et IPv6</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Also scan sandbox output before the model reads it</source>
        <translation>Analyser aussi la sortie du bac à sable avant que le modèle ne la lise</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Every guardrail that is on reads the output of shell calls, whatever its scope: redact hides the matches, block withholds the output.</source>
        <translation>Chaque garde-fou activé lit la sortie des appels shell, quelle que soit sa portée&#xa0;: Masquer cache les correspondances, Bloquer retient la sortie.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Flag records a detection and forwards the request unchanged. Redact replaces each match with a label such as [EMAIL]. Block refuses the request with HTTP 403 before it reaches the model. When several fire, the strictest wins. &quot;User messages&quot; reads only what users wrote; &quot;All messages&quot; also reads system, developer and assistant text.</source>
        <translation>Signaler enregistre une détection et transmet la requête telle quelle. Masquer remplace chaque correspondance par une étiquette telle que [EMAIL]. Bloquer refuse la requête avec HTTP 403 avant qu’elle n’atteigne le modèle. Si plusieurs garde-fous se déclenchent, le plus strict l’emporte. «&#xa0;Messages utilisateur&#xa0;» ne lit que ce que les utilisateurs ont écrit&#xa0;; «&#xa0;Tous les messages&#xa0;» lit aussi le texte système, développeur et assistant.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Save</source>
        <translation>Enregistrer</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Revert</source>
        <translation>Rétablir</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>User messages</source>
        <translation>Messages utilisateur</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>All messages</source>
        <translation>Tous les messages</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>User message</source>
        <translation>Message utilisateur</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>System message</source>
        <translation>Message système</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Assistant message</source>
        <translation>Message de l’assistant</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sandbox output</source>
        <translation>Sortie du bac à sable</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Type or paste a sample message; matches are highlighted here.</source>
        <translation>Saisissez ou collez un exemple de message&#xa0;; les correspondances sont surlignées ici.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>What the model would read:</source>
        <translation>Ce que le modèle lirait&#xa0;:</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Match</source>
        <translation>Correspondance</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+49"/>
        <source>Guardrail</source>
        <translation>Garde-fou</translation>
    </message>
    <message>
        <location line="-49"/>
        <source>Pattern</source>
        <translation>Motif</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Action</source>
        <translation>Action</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Test as:</source>
        <translation>Tester en tant que&#xa0;:</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Last 24 hours</source>
        <translation>24 dernières heures</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Last 7 days</source>
        <translation>7 derniers jours</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Last 30 days</source>
        <translation>30 derniers jours</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>All logged requests</source>
        <translation>Toutes les requêtes journalisées</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Requests matched</source>
        <translation>Requêtes concernées</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Share</source>
        <translation>Part</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Set to now</source>
        <translation>Réglage actuel</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Every detection is recorded whatever the action, so running a guardrail with Flag first shows how much of the real traffic Redact would change or Block would refuse.</source>
        <translation>Chaque détection est enregistrée quelle que soit l’action&#xa0;: en utilisant d’abord un garde-fou avec l’action Signaler, vous voyez quelle part du trafic réel Masquer modifierait ou Bloquer refuserait.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Period:</source>
        <translation>Période&#xa0;:</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>The workspace&apos;s guardrail settings cannot be read: %1. Requests are refused until the file is fixed; Save replaces it with the settings shown here.</source>
        <translation>Les paramètres des garde-fous de l’espace de travail sont illisibles&#xa0;: %1. Les requêtes sont refusées jusqu’à ce que le fichier soit corrigé&#xa0;; Enregistrer le remplace par les paramètres affichés ici.</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>Unsaved changes: the test box already uses them; requests use them once saved.</source>
        <translation>Modifications non enregistrées&#xa0;: la zone de test les utilise déjà&#xa0;; les requêtes les utiliseront une fois enregistrées.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No guardrail is on for this workspace.</source>
        <translation>Aucun garde-fou n’est activé pour cet espace de travail.</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n guardrail(s) on; saved in %1.</source>
        <translation>
            <numerusform>%n garde-fou activé&#xa0;; enregistré dans %1.</numerusform>
            <numerusform>%n garde-fous activés&#xa0;; enregistrés dans %1.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+37"/>
        <source>The guardrails could not be saved: %1</source>
        <translation>Impossible d’enregistrer les garde-fous&#xa0;: %1</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>%1 was changed outside this panel. Revert loads that version; Save keeps yours.</source>
        <translation>%1 a été modifié en dehors de ce panneau. Rétablir charge cette version&#xa0;; Enregistrer conserve la vôtre.</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>Type a sample above to see what the guardrails that are on would do with it.</source>
        <translation>Saisissez un exemple ci-dessus pour voir ce qu’en feraient les garde-fous activés.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No guardrail is on: every request is forwarded unchanged. Turn one on in the Guardrails tab to test it here.</source>
        <translation>Aucun garde-fou n’est activé&#xa0;: chaque requête est transmise telle quelle. Activez-en un dans l’onglet Garde-fous pour le tester ici.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sandbox output is not scanned: the model reads it unchanged. Turn on &quot;Also scan sandbox output&quot; to guard it.</source>
        <translation>La sortie du bac à sable n’est pas analysée&#xa0;: le modèle la lit telle quelle. Activez «&#xa0;Analyser aussi la sortie du bac à sable&#xa0;» pour la protéger.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No guardrail is on: forwarded unchanged.</source>
        <translation>Aucun garde-fou n’est activé&#xa0;: transmis tel quel.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;Forwarded unchanged&lt;/b&gt;: nothing matched.</source>
        <translation>&lt;b&gt;Transmis tel quel&lt;/b&gt;&#xa0;: aucune correspondance.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>the guardrail &quot;%1&quot; found %2.</source>
        <translation>le garde-fou «&#xa0;%1&#xa0;» a détecté %2.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;b&gt;Withheld&lt;/b&gt;: the model gets a tool error instead of this output: %1</source>
        <translation>&lt;b&gt;Retenu&lt;/b&gt;&#xa0;: le modèle reçoit une erreur d’outil à la place de cette sortie&#xa0;: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;Blocked with HTTP 403&lt;/b&gt; before the model: %1</source>
        <translation>&lt;b&gt;Bloqué avec HTTP 403&lt;/b&gt; avant le modèle&#xa0;: %1</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>&lt;b&gt;Forwarded redacted&lt;/b&gt;: %n match(es) found.</source>
        <translation>
            <numerusform>&lt;b&gt;Transmis après masquage&lt;/b&gt;&#xa0;: %n correspondance trouvée.</numerusform>
            <numerusform>&lt;b&gt;Transmis après masquage&lt;/b&gt;&#xa0;: %n correspondances trouvées.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>&lt;b&gt;Forwarded unchanged and flagged&lt;/b&gt;: %n detection(s) would be recorded.</source>
        <translation>
            <numerusform>&lt;b&gt;Transmis tel quel et signalé&lt;/b&gt;&#xa0;: %n détection serait enregistrée.</numerusform>
            <numerusform>&lt;b&gt;Transmis tel quel et signalé&lt;/b&gt;&#xa0;: %n détections seraient enregistrées.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+34"/>
        <source>%1: %2</source>
        <translation>%1&#xa0;: %2</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>%1 of %2</source>
        <translation>%1 sur %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>off</source>
        <translation>désactivé</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>No logged requests in this period yet. Turn guardrails on with Flag and send traffic through the local API to see what Redact or Block would do.</source>
        <translation>Aucune requête journalisée sur cette période pour l’instant. Activez des garde-fous avec Signaler et faites passer du trafic par l’API locale pour voir ce que feraient Masquer ou Bloquer.</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%n request(s) logged in this period.</source>
        <translation>
            <numerusform>%n requête journalisée sur cette période.</numerusform>
            <numerusform>%n requêtes journalisées sur cette période.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 of them (%2 %) had at least one detection: with Redact or Block, those would have been changed or refused.</source>
        <translation>%1 d’entre elles (%2&#xa0;%) avaient au moins une détection&#xa0;: avec Masquer ou Bloquer, elles auraient été modifiées ou refusées.</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>%n detection(s) were reported as false positives.</source>
        <translation>
            <numerusform>%n détection a été déclarée comme faux positif.</numerusform>
            <numerusform>%n détections ont été déclarées comme faux positifs.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HistoryModel</name>
    <message>
        <location filename="../widgets/files/historymodel.cpp" line="+163"/>
        <source>Files</source>
        <translation>Fichiers</translation>
    </message>
    <message>
        <location line="-103"/>
        <source>Restore: %1</source>
        <translation>Restauration&#xa0;: %1</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>%1 (timed out)</source>
        <translation>%1 (délai dépassé)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (exit %2)</source>
        <translation>%1 (code de sortie %2)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 — attached by you</source>
        <translation>%1 — joint par vous</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Saved after an interruption (during: %1)</source>
        <translation>Enregistré après une interruption (pendant : %1)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Saved after an interruption</source>
        <translation>Enregistré après une interruption</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 (%2 not kept: storage budget)</source>
        <translation>%1 (%2 non conservée(s) : budget de stockage)</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>You attached %1: it was copied into /workspace/home.</source>
        <translation>Vous avez joint %1 : il a été copié dans /workspace/home.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A restore from this history: %1</source>
        <translation>Une restauration depuis cet historique : %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Files changed while Sandbench was interrupted (a crash or a kill), saved when the container woke up: %1</source>
        <translation>Fichiers modifiés pendant que Sandbench était interrompu (plantage ou arrêt forcé), enregistrés au réveil du conteneur : %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 added, %2 changed, %3 deleted; the content of %4 of these versions was not kept (storage budget)</source>
        <translation>%1 ajouté(s), %2 modifié(s), %3 supprimé(s) ; le contenu de %4 de ces versions n’a pas été conservé (budget de stockage)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 added, %2 changed, %3 deleted</source>
        <translation>ajouts&#xa0;: %1, modifications&#xa0;: %2, suppressions&#xa0;: %3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1, took %2 ms</source>
        <translation>%1, durée&#xa0;: %2 ms</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Made by</source>
        <translation>Origine</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Time</source>
        <translation>Heure</translation>
    </message>
</context>
<context>
    <name>HistoryView</name>
    <message>
        <location filename="../widgets/files/historyview.cpp" line="+74"/>
        <source>No commands have changed files in this container yet.</source>
        <translation>Aucune commande n’a encore modifié de fichier dans ce conteneur.</translation>
    </message>
    <message>
        <location line="+297"/>
        <source>Restore This Version</source>
        <translation>Restaurer cette version</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Restore Version Before</source>
        <translation>Restaurer la version précédente</translation>
    </message>
    <message>
        <location line="-320"/>
        <source>Restore Workspace…</source>
        <translation>Restaurer l’espace de travail…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Put every file under /workspace/home back as it was after the selected command</source>
        <translation>Remettre chaque fichier de /workspace/home dans l’état où il était après la commande sélectionnée</translation>
    </message>
    <message>
        <location line="+143"/>
        <source>Cannot read the file history: %1</source>
        <translation>Impossible de lire l’historique des fichiers&#xa0;: %1</translation>
    </message>
    <message>
        <location line="+70"/>
        <source>Cannot read what the command changed: %1</source>
        <translation>Impossible de lire ce que la commande a modifié&#xa0;: %1</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Loading the diff of %1…</source>
        <translation>Chargement des différences de %1…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cannot show the diff of %1: %2</source>
        <translation>Impossible d’afficher les différences de %1&#xa0;: %2</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>The restore is recorded in the history, so it can be undone.</source>
        <translation>La restauration est enregistrée dans l&apos;historique et peut donc être annulée.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not kept: storage budget. This version&apos;s content was not kept, so it cannot be restored.</source>
        <translation>Non conservée : budget de stockage. Le contenu de cette version n’a pas été conservé ; elle ne peut donc pas être restaurée.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Select a file to put it back as the selected entry left it</source>
        <translation>Sélectionnez un fichier pour le remettre tel que l&apos;entrée sélectionnée l&apos;a laissé</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The selected entry deleted %1: there is no version of it after this entry.</source>
        <translation>L&apos;entrée sélectionnée a supprimé %1 : il n&apos;en existe aucune version après cette entrée.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Put %1 back as the selected entry left it. %2</source>
        <translation>Remettre %1 tel que l&apos;entrée sélectionnée l&apos;a laissé. %2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Delete, as Before</source>
        <translation>Supprimer, comme avant</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 did not exist before the selected entry: delete it from /workspace/home. %2</source>
        <translation>%1 n&apos;existait pas avant l&apos;entrée sélectionnée : le supprimer de /workspace/home. %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Restore Deleted File</source>
        <translation>Restaurer le fichier supprimé</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Put %1 back as it was before the selected entry deleted it. %2</source>
        <translation>Remettre %1 tel qu&apos;il était avant que l&apos;entrée sélectionnée ne le supprime. %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Put %1 back as it was before the selected entry. %2</source>
        <translation>Remettre %1 tel qu&apos;il était avant l&apos;entrée sélectionnée. %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select a file to put it back as it was before the selected entry</source>
        <translation>Sélectionnez un fichier pour le remettre tel qu&apos;il était avant l&apos;entrée sélectionnée</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Nothing was saved before this entry: it is the first one.</source>
        <translation>Rien n&apos;a été enregistré avant cette entrée : c&apos;est la première.</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>%1 is already as this entry left it: nothing was restored.</source>
        <translation>%1 est déjà tel que cette entrée l&apos;a laissé : rien n&apos;a été restauré.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is already as it was before this entry: nothing was restored.</source>
        <translation>%1 est déjà tel qu&apos;il était avant cette entrée : rien n&apos;a été restauré.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Restored %1 as this entry left it.</source>
        <translation>%1 a été restauré tel que cette entrée l&apos;a laissé.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Restored %1 as it was before this entry.</source>
        <translation>%1 a été restauré tel qu&apos;il était avant cette entrée.</translation>
    </message>
    <message>
        <location line="-29"/>
        <source>Cannot restore %1: no earlier version of it was saved.</source>
        <translation>Impossible de restaurer %1&#xa0;: aucune version antérieure n’a été enregistrée.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Cannot restore %1: %2</source>
        <translation>Impossible de restaurer %1&#xa0;: %2</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Restore Workspace</source>
        <translation>Restaurer l’espace de travail</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Put every file under /workspace/home back as it was after this command?</source>
        <translation>Remettre chaque fichier de /workspace/home dans l’état où il était après cette commande&#xa0;?</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Files created later are deleted. The restore itself is recorded in the history, so it can be undone.</source>
        <translation>Les fichiers créés ensuite sont supprimés. La restauration elle-même est enregistrée dans l’historique et peut donc être annulée.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Restore</source>
        <translation>Restaurer</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Cannot restore the workspace: %1</source>
        <translation>Impossible de restaurer l’espace de travail&#xa0;: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The workspace is already as it was after this command: nothing was restored.</source>
        <translation>Les fichiers sont déjà tels qu’après cette commande&#xa0;: rien n’a été restauré.</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Restored the workspace: %n file(s) changed.</source>
        <translation>
            <numerusform>Espace de travail restauré&#xa0;: %n fichier modifié.</numerusform>
            <numerusform>Espace de travail restauré&#xa0;: %n fichiers modifiés.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ImageViewer</name>
    <message>
        <location filename="../widgets/common/imageviewer.cpp" line="+45"/>
        <source>%1 — Image</source>
        <translation>%1 — Image</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Fit</source>
        <translation>Ajuster</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Fit the image to the window</source>
        <translation>Ajuster l’image à la fenêtre</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>100%</source>
        <translation>100 %</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Show the image&apos;s own pixels</source>
        <translation>Afficher les pixels de l’image tels quels</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Zoom in</source>
        <translation>Zoom avant</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Zoom in (Ctrl++ or Ctrl+wheel)</source>
        <translation>Zoom avant (Ctrl++ ou Ctrl+molette)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Zoom out</source>
        <translation>Zoom arrière</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Zoom out (Ctrl+- or Ctrl+wheel)</source>
        <translation>Zoom arrière (Ctrl+- ou Ctrl+molette)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Copy</source>
        <translation>Copier</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Copy the image</source>
        <translation>Copier l’image</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save as…</source>
        <translation>Enregistrer sous…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Save the image to a file</source>
        <translation>Enregistrer l’image dans un fichier</translation>
    </message>
    <message>
        <location line="+99"/>
        <source>%1%</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Image copied.</source>
        <translation>Image copiée.</translation>
    </message>
</context>
<context>
    <name>InlineConfirm</name>
    <message>
        <location filename="../widgets/common/inlineconfirm.cpp" line="+55"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
</context>
<context>
    <name>InlineImage</name>
    <message>
        <location filename="../widgets/common/inlineimage.cpp" line="+82"/>
        <source>%1 — click to enlarge, right-click to copy or save</source>
        <translation>%1 — cliquez pour agrandir, clic droit pour copier ou enregistrer</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Copy image</source>
        <translation>Copier l’image</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save image as…</source>
        <translation>Enregistrer l’image sous…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open at full size</source>
        <translation>Ouvrir en taille réelle</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Image copied.</source>
        <translation>Image copiée.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Save image as</source>
        <translation>Enregistrer l’image sous</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PNG images (*.png)</source>
        <translation>Images PNG (*.png)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>All files (*)</source>
        <translation>Tous les fichiers (*)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Saved to %1.</source>
        <translation>Enregistrée dans %1.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Could not save the image to %1: %2. Choose a folder you can write to.</source>
        <translation>Impossible d’enregistrer l’image dans %1 : %2. Choisissez un dossier où vous pouvez écrire.</translation>
    </message>
</context>
<context>
    <name>InlineMessage</name>
    <message>
        <location filename="../widgets/common/inlinemessage.cpp" line="+28"/>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
</context>
<context>
    <name>KeychainSecrets</name>
    <message>
        <location filename="../engine/secrets/keychainsecrets.cpp" line="+94"/>
        <source>The API key of provider &quot;%1&quot; is still being read from the system keychain; send again in a moment.</source>
        <translation>La clé d’API du fournisseur «&#xa0;%1&#xa0;» est encore en cours de lecture dans le trousseau système&#xa0;; renvoyez votre message dans un instant.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The API key of provider &quot;%1&quot; is kept in the system keychain, which cannot be reached. %2</source>
        <translation>La clé d’API du fournisseur «&#xa0;%1&#xa0;» est conservée dans le trousseau système, qui est inaccessible. %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The API key of provider &quot;%1&quot; is no longer in the system keychain; enter it again in File › Model Providers.</source>
        <translation>La clé d’API du fournisseur «&#xa0;%1&#xa0;» n’est plus dans le trousseau système&#xa0;; saisissez-la à nouveau dans Fichier › Fournisseurs de modèles.</translation>
    </message>
</context>
<context>
    <name>LanguagePage</name>
    <message>
        <location filename="../widgets/settings/languagepage.cpp" line="+22"/>
        <source>System default (%1)</source>
        <translation>Langue du système (%1)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>System default</source>
        <translation>Langue du système</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>The language of menus, dialogs, messages, dates and times. It applies at once to every window; Qt&apos;s standard dialogs and buttons follow it too.</source>
        <translation>La langue des menus, des dialogues, des messages, des dates et des heures. Elle s&apos;applique aussitôt à chaque fenêtre ; les dialogues et boutons standard de Qt la suivent aussi.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Language:</source>
        <translation>&amp;Langue&#xa0;:</translation>
    </message>
</context>
<context>
    <name>LocalApiController</name>
    <message>
        <location filename="../widgets/localapi/localapicontroller.cpp" line="+66"/>
        <source>The port must be a whole number from %1 to %2 (got &quot;%3&quot;); ports below %1 are reserved for system services.</source>
        <translation>Le port doit être un nombre entier de %1 à %2 (reçu&#xa0;: «&#xa0;%3&#xa0;»)&#xa0;; les ports inférieurs à %1 sont réservés aux services système.</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>The window is closing.</source>
        <translation>La fenêtre est en cours de fermeture.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Port %1 is already in use by the local API of another Sandbench window (workspace “%2”). Choose another port, or turn the local API off in that window.</source>
        <translation>Le port %1 est déjà utilisé par l’API locale d’une autre fenêtre Sandbench (espace de travail «&#xa0;%2&#xa0;»). Choisissez un autre port ou désactivez l’API locale dans cette fenêtre.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Port %1 is already in use by another program (perhaps `sandbench serve` in a terminal). Choose another port, or stop that program and turn the API on again.</source>
        <translation>Le port %1 est déjà utilisé par un autre programme (peut-être `sandbench serve` dans un terminal). Choisissez un autre port, ou arrêtez ce programme et réactivez l’API.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cannot listen on 127.0.0.1:%1: %2</source>
        <translation>Impossible d’écouter sur 127.0.0.1:%1&#xa0;: %2</translation>
    </message>
</context>
<context>
    <name>LocalApiIndicator</name>
    <message>
        <location filename="../widgets/localapi/localapiindicator.cpp" line="+23"/>
        <source>Local API: %1</source>
        <translation>API locale&#xa0;: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Other programs can send requests to %1/api/v1. Click for the local API settings.</source>
        <translation>D’autres programmes peuvent envoyer des requêtes à %1/api/v1. Cliquez pour ouvrir les paramètres de l’API locale.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Local API: not running</source>
        <translation>API locale&#xa0;: non démarrée</translation>
    </message>
</context>
<context>
    <name>LocalApiPage</name>
    <message>
        <location filename="../widgets/localapi/localapipage.cpp" line="+37"/>
        <source>Copy</source>
        <translation>Copier</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Other programs on this computer can send Responses and Messages requests with the openrouter:shell tool to Sandbench. Their shell calls run in this workspace&apos;s sandboxes and appear live in the Other programs panel. The API listens on 127.0.0.1 only and needs one of the keys below.</source>
        <translation>D’autres programmes de cet ordinateur peuvent envoyer à Sandbench des requêtes Responses et Messages avec l’outil openrouter:shell. Leurs appels shell s’exécutent dans les bacs à sable de cet espace de travail et apparaissent en direct dans le panneau Autres programmes. L’API écoute uniquement sur 127.0.0.1 et exige l’une des clés ci-dessous.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Run the local API while Sandbench is open</source>
        <translation>Exécuter l’API locale tant que Sandbench est ouvert</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>A port from %1 to %2</source>
        <translation>Un port de %1 à %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Apply</source>
        <translation>Appliquer</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Copy the API&apos;s base URL</source>
        <translation>Copier l’URL de base de l’API</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Port:</source>
        <translation>Port&#xa0;:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Status:</source>
        <translation>État&#xa0;:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Base URL:</source>
        <translation>URL de base&#xa0;:</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>API keys of workspace %1</source>
        <translation>Clés d’API de l’espace de travail %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Key</source>
        <translation>Clé</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Created</source>
        <translation>Créée le</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Create key</source>
        <translation>Créer une clé</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+183"/>
        <source>Copy the selected key</source>
        <translation>Copier la clé sélectionnée</translation>
    </message>
    <message>
        <location line="-181"/>
        <source>Revoke…</source>
        <translation>Révoquer…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Programs using the selected key are refused from their next request on</source>
        <translation>Les programmes qui utilisent la clé sélectionnée sont refusés dès leur requête suivante</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Copy the new key now and give it to your program. Sandbench keeps only a hash of it on disk, so after you quit Sandbench it cannot show the key again.</source>
        <translation>Copiez la nouvelle clé maintenant et transmettez-la à votre programme. Sandbench n’en conserve qu’une empreinte sur le disque&#xa0;: une fois Sandbench quitté, il ne peut plus afficher la clé.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Try it</source>
        <translation>Essayer</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Copy the example command</source>
        <translation>Copier la commande d’exemple</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Replace MODEL with a model of your providers (provider/model).</source>
        <translation>Remplacez MODEL par un modèle de vos fournisseurs (fournisseur/modèle).</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>The base URL</source>
        <translation>L’URL de base</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The example</source>
        <translation>L’exemple</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Running at %1</source>
        <translation>En cours d’exécution sur %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Not running: %1</source>
        <translation>Non démarrée&#xa0;: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stopped</source>
        <translation>Arrêtée</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Cannot read the API keys: %1</source>
        <translation>Impossible de lire les clés d’API&#xa0;: %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Only the start of this key is known; Sandbench stores a hash</source>
        <translation>Seul le début de cette clé est connu&#xa0;; Sandbench n’en conserve qu’une empreinte</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Created while Sandbench is open: it can still be copied</source>
        <translation>Créée pendant que Sandbench est ouvert&#xa0;: elle peut encore être copiée</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Only keys created while Sandbench is open can be copied; create a new one to hand to a program</source>
        <translation>Seules les clés créées pendant que Sandbench est ouvert peuvent être copiées&#xa0;; créez-en une nouvelle pour la donner à un programme</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Cannot create a key: %1</source>
        <translation>Impossible de créer une clé&#xa0;: %1</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>The key</source>
        <translation>La clé</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Revoke key</source>
        <translation>Révoquer la clé</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Revoke the key %1? Programs that use it are refused from their next request on. This cannot be undone.</source>
        <translation>Révoquer la clé %1&#xa0;? Les programmes qui l’utilisent seront refusés dès leur requête suivante. Cette action est irréversible.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Revoke</source>
        <translation>Révoquer</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot revoke the key: %1</source>
        <translation>Impossible de révoquer la clé&#xa0;: %1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The key is revoked.</source>
        <translation>La clé a été révoquée.</translation>
    </message>
    <message>
        <location line="-187"/>
        <location line="+216"/>
        <source>%1 is on the clipboard.</source>
        <translation>%1 est dans le presse-papiers.</translation>
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
        <translation>Chargement…</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 via provider %2</source>
        <translation>%1 via le fournisseur %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 input tokens, %2 output tokens</source>
        <translation>%1 jetons en entrée, %2 jetons en sortie</translation>
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
        <translation>cette fenêtre</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>MCP</source>
        <translation>MCP</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Time</source>
        <translation>Heure</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Status</source>
        <translation>État</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Model</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>API</source>
        <translation>API</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Request</source>
        <translation>Requête</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Latency</source>
        <translation>Latence</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tokens in → out</source>
        <translation>Jetons entrée → sortie</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sandbox cost</source>
        <translation>Coût du bac à sable</translation>
    </message>
    <message>
        <location line="-34"/>
        <source>Window</source>
        <translation>Fenêtre</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Window: %1</source>
        <translation>Fenêtre : %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>MCP client</source>
        <translation>Client MCP</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>API: %1</source>
        <translation>API : %1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>From</source>
        <translation>Origine</translation>
    </message>
    <message>
        <location line="-78"/>
        <source>Asked in the window&apos;s conversation “%1”: %2</source>
        <translation>Demandé dans la conversation « %1 » de la fenêtre : %2</translation>
    </message>
</context>
<context>
    <name>LogsPanel</name>
    <message>
        <location filename="../widgets/logs/logspanel.cpp" line="+194"/>
        <source>Input and output logging is off for this workspace: only metadata (time, model, status, tokens, cost, detections) is kept; request and response bodies, commands and their output are not stored.</source>
        <translation>La journalisation des entrées et sorties est désactivée pour cet espace de travail&#xa0;: seules les métadonnées (heure, modèle, état, jetons, coût, détections) sont conservées&#xa0;; les corps des requêtes et des réponses, les commandes et leur sortie ne sont pas stockés.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Search requests, responses, commands and output</source>
        <translation>Rechercher dans les requêtes, réponses, commandes et sorties</translation>
    </message>
    <message>
        <location line="+24"/>
        <location line="+289"/>
        <source>All models</source>
        <translation>Tous les modèles</translation>
    </message>
    <message>
        <location line="-286"/>
        <location line="+287"/>
        <source>All statuses</source>
        <translation>Tous les états</translation>
    </message>
    <message>
        <location line="-282"/>
        <source>Any time</source>
        <translation>Toute période</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Last hour</source>
        <translation>Dernière heure</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Last 24 hours</source>
        <translation>24 dernières heures</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Last 7 days</source>
        <translation>7 derniers jours</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Last 30 days</source>
        <translation>30 derniers jours</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Custom range</source>
        <translation>Période personnalisée</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>From</source>
        <translation>Du</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>to</source>
        <translation>au</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Export…</source>
        <translation>Exporter…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Write every request that matches the filter to a JSON Lines file</source>
        <translation>Écrire chaque requête correspondant au filtre dans un fichier JSON Lines</translation>
    </message>
    <message>
        <location line="+79"/>
        <location line="+174"/>
        <source>Select a request to see its detail.</source>
        <translation>Sélectionnez une requête pour en voir le détail.</translation>
    </message>
    <message>
        <location line="+417"/>
        <source>This request was logged while input and output logging was off: only its metadata was kept.</source>
        <translation>Cette requête a été journalisée alors que la journalisation des entrées et sorties était désactivée&#xa0;: seules ses métadonnées ont été conservées.</translation>
    </message>
    <message>
        <location line="-544"/>
        <source>Run again in the current conversation</source>
        <translation>Relancer dans la conversation actuelle</translation>
    </message>
    <message>
        <location line="-268"/>
        <source>(commands not logged)</source>
        <translation>(commandes non journalisées)</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>Finds requests holding every word; &quot;words in quotes&quot; in this order, word* for words that start so. Text without letters or digits is found as it is.</source>
        <translation>Trouve les requêtes contenant chaque mot ; &quot;des mots entre guillemets&quot; dans cet ordre, mot* pour les mots qui commencent ainsi. Un texte sans lettres ni chiffres est cherché tel quel.</translation>
    </message>
    <message>
        <location line="+206"/>
        <source>Runs the selected call&apos;s commands in the container of the conversation shown now; the live output appears in the Shell calls view.</source>
        <translation>Exécute les commandes de l’appel sélectionné dans le conteneur de la conversation affichée&#xa0;; la sortie en direct apparaît dans la vue Appels shell.</translation>
    </message>
    <message>
        <location line="+27"/>
        <location line="+81"/>
        <source>Guardrail</source>
        <translation>Garde-fou</translation>
    </message>
    <message>
        <location line="-81"/>
        <location line="+81"/>
        <source>Action</source>
        <translation>Action</translation>
    </message>
    <message>
        <location line="-81"/>
        <location line="+81"/>
        <source>Pattern</source>
        <translation>Motif</translation>
    </message>
    <message>
        <location line="-81"/>
        <location line="+81"/>
        <source>Where</source>
        <translation>Emplacement</translation>
    </message>
    <message>
        <location line="-81"/>
        <location line="+81"/>
        <source>Reported</source>
        <translation>Déclaré</translation>
    </message>
    <message>
        <location line="-76"/>
        <source>Why this is not a real detection (optional)</source>
        <translation>Pourquoi ce n’est pas une vraie détection (facultatif)</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+658"/>
        <source>Report false positive</source>
        <translation>Déclarer un faux positif</translation>
    </message>
    <message>
        <location line="-643"/>
        <location line="+59"/>
        <source>Request</source>
        <translation>Requête</translation>
    </message>
    <message>
        <location line="-58"/>
        <location line="+62"/>
        <location line="+556"/>
        <source>Response</source>
        <translation>Réponse</translation>
    </message>
    <message>
        <location line="-617"/>
        <location line="+68"/>
        <source>Shell calls</source>
        <translation>Appels shell</translation>
    </message>
    <message>
        <location line="-67"/>
        <location line="+68"/>
        <source>Detections</source>
        <translation>Détections</translation>
    </message>
    <message>
        <location line="+119"/>
        <source>The time range is empty: &quot;From&quot; (%1) must be before &quot;to&quot; (%2).</source>
        <translation>La période est vide&#xa0;: «&#xa0;Du&#xa0;» (%1) doit précéder «&#xa0;au&#xa0;» (%2).</translation>
    </message>
    <message>
        <location line="+118"/>
        <source>The request log cannot be read: %1</source>
        <translation>Le journal des requêtes est illisible&#xa0;: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No request matches the filter.</source>
        <translation>Aucune requête ne correspond au filtre.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No requests logged yet. Requests sent to the local API of workspace &quot;%1&quot; appear here.</source>
        <translation>Aucune requête journalisée pour l’instant. Les requêtes envoyées à l’API locale de l’espace de travail «&#xa0;%1&#xa0;» apparaissent ici.</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%n request(s) match the filter.</source>
        <translation>
            <numerusform>%n requête correspond au filtre.</numerusform>
            <numerusform>%n requêtes correspondent au filtre.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n request(s) logged.</source>
        <translation>
            <numerusform>%n requête journalisée.</numerusform>
            <numerusform>%n requêtes journalisées.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+122"/>
        <source>The filter hides the request shown here. Select a request to see its detail.</source>
        <translation>Le filtre masque la requête affichée ici. Sélectionnez une requête pour voir son détail.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>This request is no longer in the log.</source>
        <translation>Cette requête n’est plus dans le journal.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&lt;b&gt;%1&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 · HTTP %2 · %3 via %4</source>
        <translation>%1 · HTTP %2 · %3 via %4</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 ms · %2 input / %3 output tokens</source>
        <translation>%1 ms · %2 jetons en entrée / %3 en sortie</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>sandbox cost $%1</source>
        <translation>coût du bac à sable&#xa0;: %1&#xa0;$</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>containers: %1</source>
        <translation>conteneurs&#xa0;: %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The log kept the first %1 of the request body (%2 in all).</source>
        <translation>Le journal a gardé les premiers %1 du corps de la requête (%2 au total).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The log kept the first %1 of the response body (%2 in all).</source>
        <translation>Le journal a gardé les premiers %1 du corps de la réponse (%2 au total).</translation>
    </message>
    <message>
        <location line="+16"/>
        <location line="+1"/>
        <source>(not logged)</source>
        <translation>(non journalisé)</translation>
    </message>
    <message numerus="yes">
        <location line="+16"/>
        <source>%n command(s)</source>
        <translation>
            <numerusform>%n commande</numerusform>
            <numerusform>%n commandes</numerusform>
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
        <translation>%1 dans %2</translation>
    </message>
    <message>
        <location line="-456"/>
        <location line="+504"/>
        <source>Shell calls (%1)</source>
        <translation>Appels shell (%1)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>tool output</source>
        <translation>sortie d’outil</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>message %1</source>
        <translation>message %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1, characters %2–%3</source>
        <translation>%1, caractères %2 à %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>false positive</source>
        <translation>faux positif</translation>
    </message>
    <message>
        <location line="-515"/>
        <location line="+524"/>
        <source>Detections (%1)</source>
        <translation>Détections (%1)</translation>
    </message>
    <message>
        <location line="-31"/>
        <source>1 command</source>
        <translation>1 commande</translation>
    </message>
    <message>
        <location line="+82"/>
        <source>Reported as false positive</source>
        <translation>Déclaré comme faux positif</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>The report could not be recorded: %1.</source>
        <translation>La déclaration n’a pas pu être enregistrée&#xa0;: %1.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Recorded as a false positive.</source>
        <translation>Enregistré comme faux positif.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the workspace has no request log</source>
        <translation>l’espace de travail n’a pas de journal des requêtes</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Export requests</source>
        <translation>Exporter les requêtes</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>JSON Lines (*.jsonl)</source>
        <translation>JSON Lines (*.jsonl)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>All files (*)</source>
        <translation>Tous les fichiers (*)</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Nothing was exported: the workspace has no request log yet.</source>
        <translation>Rien n’a été exporté&#xa0;: l’espace de travail n’a pas encore de journal des requêtes.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Could not export to %1: %2. Choose a folder you can write to.</source>
        <translation>Impossible d’exporter vers %1&#xa0;: %2. Choisissez un dossier accessible en écriture.</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>Exported %n request(s) to %1.</source>
        <translation>
            <numerusform>%n requête exportée vers %1.</numerusform>
            <numerusform>%n requêtes exportées vers %1.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+27"/>
        <source>nothing can run shell calls here</source>
        <translation>rien ne peut exécuter d’appels shell ici</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The call could not be run again: %1</source>
        <translation>Impossible de relancer l’appel&#xa0;: %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Running the call again in the current conversation; see the Shell calls view.</source>
        <translation>Relance de l’appel dans la conversation actuelle&#xa0;; voir la vue Appels shell.</translation>
    </message>
    <message>
        <location line="-847"/>
        <location line="+132"/>
        <source>Tool call</source>
        <translation>Appel d’outil</translation>
    </message>
    <message>
        <location line="-132"/>
        <location line="+132"/>
        <source>Call id</source>
        <translation>ID de l’appel</translation>
    </message>
    <message>
        <location line="-132"/>
        <location line="+132"/>
        <source>Arguments or code</source>
        <translation>Arguments ou code</translation>
    </message>
    <message>
        <location line="-132"/>
        <location line="+132"/>
        <source>Outcome</source>
        <translation>Résultat</translation>
    </message>
    <message>
        <location line="+543"/>
        <source>for the caller to run</source>
        <translation>à exécuter par l’appelant</translation>
    </message>
    <message numerus="yes">
        <location line="-546"/>
        <location line="+557"/>
        <source>Response (%n tool call(s))</source>
        <translation>
            <numerusform>Réponse (%n appel d’outil)</numerusform>
            <numerusform>Réponse (%n appels d’outils)</numerusform>
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
        <translation>depuis la conversation « %1 » de la fenêtre, question « %2 »</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>from %1</source>
        <translation>depuis %1</translation>
    </message>
</context>
<context>
    <name>LongSessionsBox</name>
    <message>
        <location filename="../widgets/settings/longsessionsbox.cpp" line="+23"/>
        <source>Long sessions</source>
        <translation>Sessions longues</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Lift the hosted limits for this workspace&apos;s conversations</source>
        <translation>Lever les limites hébergées pour les conversations de cet espace de travail</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Commands may run longer than 300 seconds, idle containers sleep later or never, and long output keeps its end.</source>
        <translation>Les commandes peuvent durer plus de 300 secondes, les conteneurs inactifs se mettent en veille plus tard ou jamais, et les longues sorties gardent leur fin.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Also for API requests made with this workspace&apos;s keys</source>
        <translation>Aussi pour les requêtes API faites avec les clés de cet espace de travail</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Off: programs using the local API keep the hosted limits (300 s per command, sleep after 5 idle minutes).</source>
        <translation>Désactivé : les programmes qui utilisent l’API locale gardent les limites hébergées (300 s par commande, veille après 5 minutes d’inactivité).</translation>
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
        <translation>jamais</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Save</source>
        <translation>Enregistrer</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Longest command:</source>
        <translation>Commande la plus longue :</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sleep after idle:</source>
        <translation>Veille après inactivité :</translation>
    </message>
    <message>
        <location line="+36"/>
        <location line="+9"/>
        <source>Not saved: %1</source>
        <translation>Non enregistré : %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Saved. The next question of a conversation uses these limits.</source>
        <translation>Enregistré. La prochaine question d’une conversation utilise ces limites.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Saved. Conversations keep the hosted limits.</source>
        <translation>Enregistré. Les conversations gardent les limites hébergées.</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../widgets/window/mainwindow.cpp" line="+414"/>
        <location line="+1"/>
        <source>Search conversations</source>
        <translation>Rechercher dans les conversations</translation>
    </message>
    <message>
        <location line="+711"/>
        <source>%1
Started %2
Container %3</source>
        <translation>%1
Commencée le %2
Conteneur %3</translation>
    </message>
    <message>
        <location line="-873"/>
        <source>The conversation could not be saved: %1</source>
        <translation>Impossible d’enregistrer la conversation&#xa0;: %1</translation>
    </message>
    <message>
        <location line="+160"/>
        <location line="+518"/>
        <location line="+235"/>
        <location line="+237"/>
        <source>New conversation</source>
        <translation>Nouvelle conversation</translation>
    </message>
    <message>
        <location line="-985"/>
        <source>&amp;Rename</source>
        <translation>&amp;Renommer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Delete…</source>
        <translation>&amp;Supprimer…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Conversations</source>
        <translation>Conversations</translation>
    </message>
    <message>
        <location line="+956"/>
        <source>Shell calls</source>
        <translation>Appels shell</translation>
    </message>
    <message>
        <location line="-893"/>
        <source>Table preview</source>
        <translation>Aperçu du tableau</translation>
    </message>
    <message>
        <location line="-64"/>
        <source>Conversation list</source>
        <translation>Liste des conversations</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Files</source>
        <translation>Fichiers</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Documents</source>
        <translation>Documents</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Network</source>
        <translation>Réseau</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Guardrails</source>
        <translation>Garde-fous</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>open a conversation first; its container runs the call</source>
        <translation>ouvrez d’abord une conversation&#xa0;; son conteneur exécute l’appel</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Logs</source>
        <translation>Journaux</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Other programs</source>
        <translation>Autres programmes</translation>
    </message>
    <message>
        <location line="+85"/>
        <source>The workspace&apos;s approval mode could not be saved: %1</source>
        <translation>Le mode d’approbation de l’espace de travail n’a pas pu être enregistré : %1</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>Model</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model:</source>
        <translation>Modèle&#xa0;:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Refresh models</source>
        <translation>Actualiser les modèles</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Tools:</source>
        <translation>Outils :</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Image:</source>
        <translation>Image :</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Approvals:</source>
        <translation>Approbations :</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Use for workspace</source>
        <translation>Pour l’espace de travail</translation>
    </message>
    <message>
        <location line="-38"/>
        <source>Python: idle</source>
        <translation>Python : inactif</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Python: busy</source>
        <translation>Python : occupé</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Python: starting</source>
        <translation>Python : démarrage</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Python: none</source>
        <translation>Python : aucun</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Restart Python</source>
        <translation>Redémarrer Python</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Start this conversation&apos;s Python kernel afresh: its variables, imports and loaded data are lost; files stay</source>
        <translation>Redémarrer le noyau Python de cette conversation : ses variables, imports et données chargées sont perdus ; les fichiers restent</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Make this conversation&apos;s approval mode the workspace&apos;s default, which API requests follow too</source>
        <translation>Faire du mode d’approbation de cette conversation celui par défaut de l’espace de travail, que suivent aussi les requêtes API</translation>
    </message>
    <message>
        <location line="+218"/>
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;New Conversation</source>
        <translation>&amp;Nouvelle conversation</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Attach File…</source>
        <translation>&amp;Joindre un fichier…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open &amp;Trace…</source>
        <translation>Ouvrir une &amp;trace…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model &amp;Providers…</source>
        <translation>&amp;Fournisseurs de modèles…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Settings…</source>
        <translation>&amp;Paramètres…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Help</source>
        <translation>Aid&amp;e</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Raccourcis clavier</translation>
    </message>
    <message>
        <location line="-24"/>
        <source>&amp;Next Conversation</source>
        <translation>Conversation &amp;suivante</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Previous Conversation</source>
        <translation>Conversation &amp;précédente</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>&amp;About Sandbench</source>
        <translation>À &amp;propos de Sandbench</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>About Sandbench</source>
        <translation>À propos de Sandbench</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A desktop workbench for AI agents that run shell commands: every command runs in a sandbox on this computer, and you see each call as it happens.</source>
        <translation>Un établi de bureau pour les agents d’IA qui exécutent des commandes shell&#xa0;: chaque commande s’exécute dans un bac à sable sur cet ordinateur, et vous voyez chaque appel au moment où il se produit.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Licensed under the GNU General Public License, version 3 or later.</source>
        <translation>Distribué sous la licence publique générale GNU, version 3 ou ultérieure.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Cannot create a container: %1</source>
        <translation>Impossible de créer un conteneur&#xa0;: %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>This conversation runs on the host&apos;s system: %1</source>
        <translation>Cette conversation s’exécute sur le système de l’hôte : %1</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>The files of this conversation&apos;s container %1 are gone (saved files are kept 30 days after last use); its commands now run in the new container %2.</source>
        <translation>Les fichiers du conteneur %1 de cette conversation ont disparu (les fichiers enregistrés sont conservés 30 jours après la dernière utilisation)&#xa0;; ses commandes s’exécutent désormais dans le nouveau conteneur %2.</translation>
    </message>
    <message>
        <location line="+199"/>
        <source>Some saved conversations could not be read and are not shown: %1</source>
        <translation>Certaines conversations enregistrées sont illisibles et ne sont pas affichées&#xa0;: %1</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>Delete the conversation “%1”? Its container %2 keeps its files unless you delete them too.</source>
        <translation>Supprimer la conversation «&#xa0;%1&#xa0;»&#xa0;? Son conteneur %2 conserve ses fichiers, sauf si vous les supprimez aussi.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete the conversation, keep the files</source>
        <translation>Supprimer la conversation, conserver les fichiers</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the conversation and its files</source>
        <translation>Supprimer la conversation et ses fichiers</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Deleted the files of container %1.</source>
        <translation>Les fichiers du conteneur %1 ont été supprimés.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The conversation was deleted, but not the files of container %1: %2</source>
        <translation>La conversation a été supprimée, mais pas les fichiers du conteneur %1&#xa0;: %2</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>A conversation needs a name; it keeps “%1”.</source>
        <translation>Une conversation doit avoir un nom&#xa0;; elle garde «&#xa0;%1&#xa0;».</translation>
    </message>
    <message>
        <location line="+89"/>
        <source>Conversation %1</source>
        <translation>Conversation %1</translation>
    </message>
    <message>
        <location line="+99"/>
        <location line="+184"/>
        <source>%1: %2</source>
        <translation>%1&#xa0;: %2</translation>
    </message>
    <message>
        <location line="-105"/>
        <source>Edit Rules…</source>
        <translation>Modifier les règles…</translation>
    </message>
    <message>
        <location line="+428"/>
        <source>%1 was not allowed: %2</source>
        <translation>%1 n’a pas été autorisé : %2</translation>
    </message>
    <message>
        <location line="-1402"/>
        <location line="+879"/>
        <source>Plays a script; no model is asked</source>
        <translation>Joue un script&#xa0;; aucun modèle n’est interrogé</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Some providers did not list their models. %1</source>
        <translation>Certains fournisseurs n’ont pas listé leurs modèles. %1</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Run everything</source>
        <translation>Tout exécuter</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ask before each call</source>
        <translation>Demander avant chaque appel</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rules</source>
        <translation>Règles</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Workspace default (%1)</source>
        <translation>Valeur par défaut de l’espace de travail (%1)</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Whether this conversation&apos;s shell and code calls run at once, ask you first, or follow the workspace&apos;s rules (sandbench approvals rules).</source>
        <translation>Si les appels shell et code de cette conversation s’exécutent tout de suite, vous demandent d’abord ou suivent les règles de l’espace de travail (sandbench approvals rules).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Choose “Edit Rules…” in this list to see, change and test the rules.</source>
        <translation>Choisissez « Modifier les règles… » dans cette liste pour voir, modifier et tester les règles.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The demo scripts use the shell tool.</source>
        <translation>Les scripts de démonstration utilisent l’outil shell.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The tools the model gets in this conversation, as each vendor&apos;s hosted tool defines them; all run in its container.</source>
        <translation>Les outils que le modèle reçoit dans cette conversation, tels que l’outil hébergé de chaque fournisseur les définit ; tous s’exécutent dans son conteneur.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Host system — %1</source>
        <translation>Système de l’hôte — %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The host&apos;s /usr, read-only (the default)</source>
        <translation>Le /usr de l’hôte, en lecture seule (par défaut)</translation>
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
        <translation>L’image %1 (sha256:%2) n’a pas python3 : les appels de code Python et l’éditeur de texte ne peuvent pas s’y exécuter</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 (removed)</source>
        <translation>%1 (supprimée)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>This conversation&apos;s container has run on this image; its image stays. Start a new conversation to use another.</source>
        <translation>Le conteneur de cette conversation s’est exécuté sur cette image ; son image reste. Commencez une nouvelle conversation pour en utiliser une autre.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The system this conversation&apos;s commands run on; new conversations start on the last one chosen. Import images with sandbench images import or build them with sandbench images build.</source>
        <translation>Le système sur lequel s’exécutent les commandes de cette conversation ; les nouvelles conversations commencent sur le dernier choisi. Importez des images avec sandbench images import ou construisez-les avec sandbench images build.</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>none — add a provider in File › Model Providers</source>
        <translation>aucun — ajoutez un fournisseur dans Fichier › Fournisseurs de modèles</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Choose a model first.</source>
        <translation>Choisissez d’abord un modèle.</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>The demo&apos;s sample %1 could not be prepared.</source>
        <translation>L’exemple %1 de la démo n’a pas pu être préparé.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>No file was attached, so the demo attached its own sample, %1 (%2).</source>
        <translation>Aucun fichier n’était joint : la démo a donc joint son propre exemple, %1 (%2).</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Attach a file</source>
        <translation>Joindre un fichier</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+84"/>
        <source>All files (*)</source>
        <translation>Tous les fichiers (*)</translation>
    </message>
    <message>
        <location line="-84"/>
        <source>CSV files (*.csv *.tsv)</source>
        <translation>Fichiers CSV (*.csv *.tsv)</translation>
    </message>
    <message>
        <location line="+84"/>
        <source>JSON files (*.json)</source>
        <translation>Fichiers JSON (*.json)</translation>
    </message>
    <message numerus="yes">
        <location line="+15"/>
        <source>%1 — %n call(s)</source>
        <translation>
            <numerusform>%1 — %n appel</numerusform>
            <numerusform>%1 — %n appels</numerusform>
        </translation>
    </message>
    <message>
        <location line="+43"/>
        <source>part of %1</source>
        <translation>partie de %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The trace records the sandbox cost of the whole request, not of each call.</source>
        <translation>La trace indique le coût du bac à sable pour toute la requête, pas pour chaque appel.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Trace %1: model %2, %3, tokens %4, sandbox cost %5, container %6.</source>
        <translation>Trace %1 : modèle %2, %3, jetons %4, coût du bac à sable %5, conteneur %6.</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+2"/>
        <source>not named</source>
        <translation>non indiqué</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>no status</source>
        <translation>aucun statut</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Python cell %1 (%2) in container %3: %4</source>
        <translation>Cellule Python %1 (%2) dans le conteneur %3&#xa0;: %4</translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>Shell call %1 ran %n command(s) in container %2: %3</source>
        <translation>
            <numerusform>L’appel shell %1 a exécuté %n commande dans le conteneur %2 : %3</numerusform>
            <numerusform>L’appel shell %1 a exécuté %n commandes dans le conteneur %2 : %3</numerusform>
        </translation>
    </message>
    <message>
        <location line="-4"/>
        <location line="+7"/>
        <source>(not named)</source>
        <translation>(non indiqué)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Opened the trace %1. Its shell calls are in the Shell calls panel; Re-run locally runs them again in this conversation&apos;s container and compares each command.</source>
        <translation>Trace %1 ouverte. Ses appels shell sont dans le panneau Appels shell ; « Relancer localement » les exécute à nouveau dans le conteneur de cette conversation et compare chaque commande.</translation>
    </message>
    <message>
        <location line="-107"/>
        <source>Open a trace</source>
        <translation>Ouvrir une trace</translation>
    </message>
    <message>
        <location line="-506"/>
        <source>Shell calls of container %1</source>
        <translation>Appels shell du conteneur %1</translation>
    </message>
    <message>
        <location line="+34"/>
        <location line="+502"/>
        <source>Trace: %1</source>
        <translation>Trace&#xa0;: %1</translation>
    </message>
    <message numerus="yes">
        <location line="-13"/>
        <source>%1 — %n shell call(s)</source>
        <translation>
            <numerusform>%1 — %n appel shell</numerusform>
            <numerusform>%1 — %n appels shell</numerusform>
        </translation>
    </message>
    <message>
        <location line="-875"/>
        <source>This call&apos;s share of the question&apos;s sandbox time (metered from its first command to the end of the answer) at $%1 a second; a call that starts a new or sleeping container pays at least 30 seconds.</source>
        <translation>Part de cet appel dans le temps de bac à sable de la question (mesuré de sa première commande à la fin de la réponse) à %1 $ par seconde ; un appel qui démarre un conteneur nouveau ou en veille paie au moins 30 secondes.</translation>
    </message>
</context>
<context>
    <name>McpConfigBox</name>
    <message>
        <location filename="../widgets/localapi/mcpconfigbox.cpp" line="+60"/>
        <source>Use Sandbench from an agent host (MCP)</source>
        <translation>Utiliser Sandbench depuis un hôte d’agents (MCP)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Claude Desktop, Claude Code, Cursor, VS Code and Goose can use this workspace&apos;s sandboxes as MCP tools (shell, python, read_file, write_file, list_files). Over stdio the host starts Sandbench itself; over HTTP it uses this local API with a key.</source>
        <translation>Claude Desktop, Claude Code, Cursor, VS Code et Goose peuvent utiliser les bacs à sable de cet espace de travail comme outils MCP (shell, python, read_file, write_file, list_files). En stdio, l’hôte lance lui-même Sandbench ; en HTTP, il utilise cette API locale avec une clé.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>stdio (the host starts sandbench mcp)</source>
        <translation>stdio (l’hôte lance sandbench mcp)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>HTTP (this local API)</source>
        <translation>HTTP (cette API locale)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Copy</source>
        <translation>Copier</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy this configuration</source>
        <translation>Copier cette configuration</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The %1 configuration</source>
        <translation>La configuration de %1</translation>
    </message>
</context>
<context>
    <name>MessageBubble</name>
    <message>
        <location filename="../widgets/chat/chatwidget.cpp" line="+12"/>
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
    <name>NetworkConnectionsModel</name>
    <message>
        <location filename="../widgets/network/networkpolicyeditorconnections.cpp" line="+70"/>
        <source>allowed</source>
        <translation>autorisée</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>refused</source>
        <translation>refusée</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>failed</source>
        <translation>échouée</translation>
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
        <translation>Adresse&#xa0;: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sent %1 bytes, received %2 bytes</source>
        <translation>%1 octets envoyés, %2 octets reçus</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Time</source>
        <translation>Heure</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Host</source>
        <translation>Hôte</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Port</source>
        <translation>Port</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Result</source>
        <translation>Résultat</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reason</source>
        <translation>Raison</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Bytes</source>
        <translation>Octets</translation>
    </message>
</context>
<context>
    <name>NetworkPolicy</name>
    <message>
        <location filename="../engine/sandbox/net/networkpolicy.cpp" line="+56"/>
        <source>the name is longer than 253 characters</source>
        <translation>le nom dépasse 253 caractères</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>it has an empty label (&quot;..&quot; or a leading dot)</source>
        <translation>il contient une étiquette vide («&#xa0;..&#xa0;» ou un point initial)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the label &quot;%1&quot; is longer than 63 characters</source>
        <translation>l’étiquette «&#xa0;%1&#xa0;» dépasse 63 caractères</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the label &quot;%1&quot; starts or ends with a hyphen</source>
        <translation>l’étiquette «&#xa0;%1&#xa0;» commence ou se termine par un trait d’union</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the label &quot;%1&quot; contains &quot;%2&quot;</source>
        <translation>l’étiquette «&#xa0;%1&#xa0;» contient «&#xa0;%2&#xa0;»</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>it looks like an IP address but is not a valid one</source>
        <translation>il ressemble à une adresse IP mais n’en est pas une valide</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>the host name is empty</source>
        <translation>le nom d’hôte est vide</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>it is not a valid international domain name</source>
        <translation>ce n’est pas un nom de domaine internationalisé valide</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>empty entries are not allowed</source>
        <translation>les entrées vides ne sont pas autorisées</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>it contains spaces or control characters</source>
        <translation>il contient des espaces ou des caractères de contrôle</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>it has a scheme; give only the host name, such as example.com</source>
        <translation>il contient un schéma&#xa0;; indiquez seulement le nom d’hôte, par exemple example.com</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>it has a path; give only the host name, such as example.com</source>
        <translation>il contient un chemin&#xa0;; indiquez seulement le nom d’hôte, par exemple example.com</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>it has user information; give only the host name</source>
        <translation>il contient des informations d’utilisateur&#xa0;; indiquez seulement le nom d’hôte</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>it has a port or is a malformed IPv6 address; ports are not part of the policy (only 80 and 443 are reachable)</source>
        <translation>il contient un port ou est une adresse IPv6 mal formée&#xa0;; les ports ne font pas partie de la politique (seuls 80 et 443 sont joignables)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&quot;*&quot; may only stand alone or as the whole first label (*.example.com)</source>
        <translation>«&#xa0;*&#xa0;» ne peut figurer que seul ou comme première étiquette entière (*.example.com)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the pattern has nothing after &quot;*.&quot;</source>
        <translation>le motif n’a rien après «&#xa0;*.&#xa0;»</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&quot;*&quot; (unrestricted egress) must be the only entry</source>
        <translation>«&#xa0;*&#xa0;» (sortie sans restriction) doit être la seule entrée</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>&quot;%1&quot; is not valid: %2. Use a host name (example.com), an IP address (203.0.113.7) or a subdomain pattern (*.example.com).</source>
        <translation>«&#xa0;%1&#xa0;» n’est pas valide&#xa0;: %2. Utilisez un nom d’hôte (example.com), une adresse IP (203.0.113.7) ou un motif de sous-domaine (*.example.com).</translation>
    </message>
</context>
<context>
    <name>NetworkPolicyEditor</name>
    <message>
        <location filename="../widgets/network/networkpolicyeditor.cpp" line="+55"/>
        <source>no network access</source>
        <translation>aucun accès réseau</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>access to every host (&quot;*&quot;)</source>
        <translation>accès à tous les hôtes («&#xa0;*&#xa0;»)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>access to %1 only</source>
        <translation>accès à %1 uniquement</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Python packages (pip)</source>
        <translation>Paquets Python (pip)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>npm packages</source>
        <translation>Paquets npm</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GitHub (clone, API, raw files, releases)</source>
        <translation>GitHub (clonage, API, fichiers bruts, versions publiées)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Conda packages</source>
        <translation>Paquets Conda</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rust crates (cargo)</source>
        <translation>Crates Rust (cargo)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Go modules</source>
        <translation>Modules Go</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Hugging Face models and datasets</source>
        <translation>Modèles et jeux de données Hugging Face</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Workspace default (new conversations)</source>
        <translation>Espace de travail, par défaut (nouvelles conversations)</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+378"/>
        <source>This conversation</source>
        <translation>Cette conversation</translation>
    </message>
    <message>
        <location line="-373"/>
        <source>Policy of:</source>
        <translation>Politique de&#xa0;:</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>No network access</source>
        <translation>Aucun accès réseau</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Commands reach nothing outside the container (the default)</source>
        <translation>Les commandes n’atteignent rien en dehors du conteneur (par défaut)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Only these hosts, on ports 80 and 443:</source>
        <translation>Uniquement ces hôtes, sur les ports 80 et 443&#xa0;:</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Host or pattern, e.g. example.com or *.example.com</source>
        <translation>Hôte ou motif, p. ex. example.com ou *.example.com</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Add</source>
        <translation>Ajouter</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Presets</source>
        <translation>Préréglages</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Add the hosts a common tool needs</source>
        <translation>Ajouter les hôtes dont un outil courant a besoin</translation>
    </message>
    <message>
        <location line="+38"/>
        <location line="+514"/>
        <source>No hosts yet: add one above or pick a preset.</source>
        <translation>Aucun hôte pour l’instant&#xa0;: ajoutez-en un ci-dessus ou choisissez un préréglage.</translation>
    </message>
    <message>
        <location line="-486"/>
        <source>Revert</source>
        <translation>Rétablir</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save</source>
        <translation>Enregistrer</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Clear</source>
        <translation>Effacer</translation>
    </message>
    <message>
        <location line="+67"/>
        <source>The workspace&apos;s network policy could not be read, so new conversations get no network until it is saved again: %1</source>
        <translation>La politique réseau de l’espace de travail n’a pas pu être lue&#xa0;; les nouvelles conversations n’auront pas de réseau tant qu’elle ne sera pas réenregistrée&#xa0;: %1</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>Port</source>
        <translation>Port</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>allowed</source>
        <translation>autorisée</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>refused</source>
        <translation>refusée</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>failed</source>
        <translation>échouée</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Result</source>
        <translation>Résultat</translation>
    </message>
    <message>
        <location line="+83"/>
        <source>This conversation (%1)</source>
        <translation>Cette conversation (%1)</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>New conversations start their container with this policy. A container&apos;s policy is fixed once it has started, so a change here applies to new containers only; start a new conversation to use it.</source>
        <translation>Les nouvelles conversations démarrent leur conteneur avec cette politique. La politique d’un conteneur est figée dès son démarrage&#xa0;: une modification ici ne s’applique donc qu’aux nouveaux conteneurs&#xa0;; démarrez une nouvelle conversation pour l’utiliser.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>This conversation&apos;s container has started with this policy, and it stays fixed while the container exists. To use another one, change the workspace default and start a new conversation.</source>
        <translation>Le conteneur de cette conversation a démarré avec cette politique, qui reste figée tant que le conteneur existe. Pour en utiliser une autre, modifiez la politique par défaut de l’espace de travail et démarrez une nouvelle conversation.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>This conversation&apos;s container has not started yet: it starts with the policy saved here. After its first command the policy can no longer change.</source>
        <translation>Le conteneur de cette conversation n’a pas encore démarré&#xa0;: il démarrera avec la politique enregistrée ici. Après sa première commande, la politique ne peut plus changer.</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>%1 is already in the list.</source>
        <translation>%1 est déjà dans la liste.</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>The preset &quot;%1&quot; was not added: %2</source>
        <translation>Le préréglage «&#xa0;%1&#xa0;» n’a pas été ajouté&#xa0;: %2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Every host of &quot;%1&quot; is in the list already.</source>
        <translation>Tous les hôtes de «&#xa0;%1&#xa0;» sont déjà dans la liste.</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>A network policy holds at most %1 entries; this one would have %2.</source>
        <translation>Une politique réseau contient au plus %1 entrées&#xa0;; celle-ci en aurait %2.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&quot;*&quot; (unrestricted egress) must be the only entry: remove the other hosts, or remove &quot;*&quot;.</source>
        <translation>«&#xa0;*&#xa0;» (sortie sans restriction) doit être la seule entrée&#xa0;: retirez les autres hôtes, ou retirez «&#xa0;*&#xa0;».</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>No hosts.</source>
        <translation>Aucun hôte.</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n of %1 entries</source>
        <translation>
            <numerusform>%n entrée sur %1</numerusform>
            <numerusform>%n entrées sur %1</numerusform>
        </translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&quot;*&quot; allows unrestricted egress: commands may reach every public host on ports 80 and 443, and whatever they upload or download goes unchecked. Use it only for code and data you trust.</source>
        <translation>«&#xa0;*&#xa0;» autorise le trafic sortant sans restriction&#xa0;: les commandes peuvent joindre n’importe quel hôte public sur les ports 80 et 443, et rien de ce qu’elles envoient ou téléchargent n’est contrôlé. Ne l’utilisez que pour du code et des données de confiance.</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Correct the entries marked in red first.</source>
        <translation>Corrigez d’abord les entrées marquées en rouge.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The policy was not saved: %1</source>
        <translation>La politique n’a pas été enregistrée&#xa0;: %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Saved. New conversations start with %1; containers that have already started keep their own policy.</source>
        <translation>Enregistré. Les nouvelles conversations démarrent avec la politique %1&#xa0;; les conteneurs déjà démarrés conservent leur propre politique.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Saved. This conversation&apos;s container starts with %1.</source>
        <translation>Enregistré. Le conteneur de cette conversation démarrera avec la politique %1.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Connections</source>
        <translation>Connexions</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No conversation is open.</source>
        <translation>Aucune conversation n’est ouverte.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Connections of %1</source>
        <translation>Connexions de %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>This container has no network access, so its commands make no connections to list.</source>
        <translation>Ce conteneur n’a pas d’accès réseau&#xa0;: ses commandes n’établissent donc aucune connexion à lister.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Policy: %1. Each connection a command makes or tries appears here.</source>
        <translation>Politique&#xa0;: %1. Chaque connexion qu’une commande établit ou tente d’établir apparaît ici.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Policy: %1.</source>
        <translation>Politique&#xa0;: %1.</translation>
    </message>
</context>
<context>
    <name>NetworkPolicyEntryRow</name>
    <message>
        <location filename="../widgets/network/networkpolicyeditorrow.cpp" line="+28"/>
        <source>Remove this entry</source>
        <translation>Retirer cette entrée</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove %1</source>
        <translation>Retirer %1</translation>
    </message>
</context>
<context>
    <name>ProviderHint</name>
    <message>
        <location filename="../widgets/chat/providerhint.cpp" line="+30"/>
        <source>Add Provider…</source>
        <translation>Ajouter un fournisseur…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open Settings → Providers with a new provider&apos;s form</source>
        <translation>Ouvrir Paramètres → Fournisseurs avec le formulaire d’un nouveau fournisseur</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>No model provider is set up: the model list offers only the scripted demos.</source>
        <translation>Aucun fournisseur de modèles n’est configuré : la liste ne propose que les démos scriptées.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The scripted demos play recorded answers. Add a provider (OpenAI, Anthropic, OpenRouter, Gemini or a model server on this computer) to ask a real model.</source>
        <translation>Les démos scriptées rejouent des réponses enregistrées. Ajoutez un fournisseur (OpenAI, Anthropic, OpenRouter, Gemini ou un serveur de modèles sur cet ordinateur) pour interroger un vrai modèle.</translation>
    </message>
</context>
<context>
    <name>ProviderSettingsDialog</name>
    <message>
        <location filename="../widgets/settings/providersettings.cpp" line="+406"/>
        <source>Model providers</source>
        <translation>Fournisseurs de modèles</translation>
    </message>
</context>
<context>
    <name>ProviderSettingsPage</name>
    <message>
        <location line="-316"/>
        <source>Add provider</source>
        <translation>Ajouter un fournisseur</translation>
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
        <translation>Stockée dans le trousseau système</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>or the name of an environment variable, e.g. OPENROUTER_API_KEY</source>
        <translation>ou le nom d’une variable d’environnement, p. ex. OPENROUTER_API_KEY</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Name:</source>
        <translation>&amp;Nom&#xa0;:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;API format:</source>
        <translation>&amp;Format d’API&#xa0;:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Base URL:</source>
        <translation>&amp;URL de base&#xa0;:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>API &amp;key:</source>
        <translation>&amp;Clé d’API&#xa0;:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Key &amp;variable:</source>
        <translation>&amp;Variable de la clé&#xa0;:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save provider</source>
        <translation>Enregistrer le fournisseur</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Remove</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Test connection</source>
        <translation>Tester la connexion</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Ask the provider at this base URL for its models, with the key typed here or the one stored</source>
        <translation>Demander ses modèles au fournisseur à cette URL de base, avec la clé saisie ici ou celle enregistrée</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Detect local servers</source>
        <translation>Détecter les serveurs locaux</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Model servers on this computer</source>
        <translation>Serveurs de modèles sur cet ordinateur</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Ollama (11434), llama.cpp (8080), LM Studio (1234) and vLLM (8000) are looked for. Double-click one to fill in the form.</source>
        <translation>Sandbench recherche Ollama (11434), llama.cpp (8080), LM Studio (1234) et vLLM (8000). Double-cliquez sur l’un d’eux pour remplir le formulaire.</translation>
    </message>
    <message numerus="yes">
        <location line="+38"/>
        <source>%1 at %2 — %n model(s)</source>
        <translation>
            <numerusform>%1 sur %2 — %n modèle</numerusform>
            <numerusform>%1 sur %2 — %n modèles</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No local model server answered.</source>
        <translation>Aucun serveur de modèles local n’a répondu.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Saved %1; its key is in the system keychain.</source>
        <translation>%1 enregistré&#xa0;; sa clé est dans le trousseau système.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 was saved without its key. %2</source>
        <translation>%1 a été enregistré sans sa clé. %2</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>The default provider: a model name without a provider&apos;s name goes here</source>
        <translation>Le fournisseur par défaut : un nom de modèle sans nom de fournisseur va ici</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Looking for a key in the system keychain…</source>
        <translation>Recherche d’une clé dans le trousseau système…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A key is stored in the system keychain. Type a new one to replace it.</source>
        <translation>Une clé est stockée dans le trousseau système. Saisissez-en une nouvelle pour la remplacer.</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+15"/>
        <source>No key is stored; requests are sent without one (fine for local servers).</source>
        <translation>Aucune clé n’est stockée&#xa0;; les requêtes sont envoyées sans clé (convient aux serveurs locaux).</translation>
    </message>
    <message>
        <location line="-14"/>
        <location line="+12"/>
        <source>No key is stored in the keychain; the environment variable is used.</source>
        <translation>Aucune clé n’est stockée dans le trousseau&#xa0;; la variable d’environnement est utilisée.</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>This key cannot be saved. %1</source>
        <translation>Cette clé ne peut pas être enregistrée. %1</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Saved %1.</source>
        <translation>%1 enregistré.</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Asking %1 for its models…</source>
        <translation>Demande des modèles à %1…</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1 did not answer as a model server: %2</source>
        <translation>%1 n’a pas répondu comme un serveur de modèles : %2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 answered, but lists no models.</source>
        <translation>%1 a répondu, mais ne liste aucun modèle.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connected. Models listed: %1 (%2 in all).</source>
        <translation>Connecté. Modèles listés : %1 (%2 en tout).</translation>
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
        <translation>Démarrer Python à l’avance pour les nouvelles conversations</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Once this workspace has run Python, one hidden container waits with its kernel running, so a new conversation&apos;s first cell needs no start. It holds about 95 MiB of memory while the workspace is open.</source>
        <translation>Dès que cet espace de travail a exécuté du Python, un conteneur caché attend avec son noyau en marche, de sorte que la première cellule d’une nouvelle conversation n’a rien à démarrer. Il occupe environ 95 Mio de mémoire tant que l’espace de travail est ouvert.</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Not saved: %1</source>
        <translation>Non enregistré : %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Saved. After this workspace&apos;s next Python cell, new conversations find Python started.</source>
        <translation>Enregistré. Après la prochaine cellule Python de cet espace de travail, les nouvelles conversations trouvent Python démarré.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Saved. No container is kept ahead; a new conversation&apos;s first cell starts Python.</source>
        <translation>Enregistré. Aucun conteneur n’est gardé à l’avance ; la première cellule d’une nouvelle conversation démarre Python.</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../widgets/documents/documentspanel.cpp" line="-555"/>
        <source>%1 is not a private directory of this user</source>
        <translation>%1 n’est pas un dossier privé de cet utilisateur</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>cannot create %1</source>
        <translation>impossible de créer %1</translation>
    </message>
</context>
<context>
    <name>ScriptedClient</name>
    <message>
        <location filename="../engine/models/scriptedclient.cpp" line="+191"/>
        <source>(The script has no more steps.)</source>
        <translation>(Le script n’a plus d’étapes.)</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>exit code %1</source>
        <translation>code de sortie %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>timed out</source>
        <translation>délai dépassé</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(no error output)</source>
        <translation>(aucune sortie d’erreur)</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>Scripted</source>
        <translation>Scénarisé</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The script is not valid JSON: %1 at offset %2</source>
        <translation>Le script n’est pas du JSON valide&#xa0;: %1 à la position %2</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>The script has no steps.</source>
        <translation>Le script n’a aucune étape.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Step %1 of the script has neither &quot;text&quot; nor &quot;tool_calls&quot;.</source>
        <translation>L’étape %1 du script n’a ni «&#xa0;text&#xa0;» ni «&#xa0;tool_calls&#xa0;».</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Cannot open the script %1: %2</source>
        <translation>Impossible d’ouvrir le script %1&#xa0;: %2</translation>
    </message>
</context>
<context>
    <name>SecretStore</name>
    <message>
        <location filename="../engine/secrets/secretstore.cpp" line="+26"/>
        <source>No keychain service is running (for example GNOME Keyring or KWallet), so keys cannot be saved or read. Sandbench never stores keys in plain text; start a keychain service, or name an environment variable that holds the key in the provider settings.</source>
        <translation>Aucun service de trousseau ne fonctionne (par exemple GNOME Keyring ou KWallet), les clés ne peuvent donc être ni enregistrées ni lues. Sandbench n’enregistre jamais les clés en clair ; démarrez un service de trousseau, ou indiquez dans les paramètres du fournisseur une variable d’environnement qui contient la clé.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The keychain said: %1</source>
        <translation>Le trousseau a répondu : %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The keychain refused access: %1</source>
        <translation>Le trousseau a refusé l’accès&#xa0;: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No key is stored for this provider.</source>
        <translation>Aucune clé n’est enregistrée pour ce fournisseur.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The keychain failed: %1</source>
        <translation>Le trousseau a échoué&#xa0;: %1</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../widgets/settings/settingsdialog.cpp" line="+33"/>
        <source>Settings</source>
        <translation>Paramètres</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Providers &amp; Keys</source>
        <translation>Fournisseurs et clés</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Local API</source>
        <translation>API locale</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Workspaces</source>
        <translation>Espaces de travail</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Language</source>
        <translation>Langue</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Theme</source>
        <translation>Thème</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Data &amp; Disk Use</source>
        <translation>Données et espace disque</translation>
    </message>
</context>
<context>
    <name>ShellCallPanel</name>
    <message>
        <location filename="../widgets/shellcalls/shellcallview.cpp" line="+712"/>
        <source>Re-run locally</source>
        <translation>Relancer localement</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run the trace&apos;s commands again in a new local container</source>
        <translation>Exécuter à nouveau les commandes de la trace dans un nouveau conteneur local</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Wrap lines</source>
        <translation>Renvoyer à la ligne</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Wrap long output lines at the panel&apos;s width, or scroll them sideways</source>
        <translation>Renvoyer les longues lignes de sortie à la largeur du panneau, ou les faire défiler horizontalement</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Shell calls the model makes appear here while they run.</source>
        <translation>Les appels shell du modèle apparaissent ici pendant leur exécution.</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>Container %1</source>
        <translation>Conteneur %1</translation>
    </message>
    <message>
        <location line="-51"/>
        <source>Open Sample Trace</source>
        <translation>Ouvrir la trace d’exemple</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open a saved Responses trace of the sales demo in the trace viewer: its shell call, its output and the answer, ready to re-run locally</source>
        <translation>Ouvrir dans la visionneuse une trace Responses enregistrée de la démo des ventes : son appel shell, sa sortie et la réponse, prête à être relancée localement</translation>
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
        <translation>En cours</translation>
    </message>
    <message>
        <location line="-34"/>
        <location line="+86"/>
        <location line="+418"/>
        <source>Completed</source>
        <translation>Terminé</translation>
    </message>
    <message>
        <location line="-504"/>
        <location line="+90"/>
        <location line="+418"/>
        <source>Incomplete</source>
        <translation>Incomplet</translation>
    </message>
    <message>
        <location line="-503"/>
        <source>from trace</source>
        <translation>depuis la trace</translation>
    </message>
    <message>
        <location line="+109"/>
        <source>Stopped</source>
        <translation>Arrêté</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Stopped before it ran: Stop was pressed while it waited for approval.</source>
        <translation>Arrêté avant son exécution : Arrêter a été pressé pendant qu’il attendait l’approbation.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>It did not run: the question ended while it waited for approval.</source>
        <translation>Il n’a pas été exécuté : la question s’est terminée pendant qu’il attendait l’approbation.</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Shell</source>
        <translation>Shell</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Bash session</source>
        <translation>Session Bash</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Anthropic code execution</source>
        <translation>Exécution de code Anthropic</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Anthropic code execution (Python)</source>
        <translation>Exécution de code Anthropic (Python)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Gemini code execution</source>
        <translation>Exécution de code Gemini</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>OpenAI code interpreter</source>
        <translation>Interpréteur de code OpenAI</translation>
    </message>
    <message>
        <location line="+19"/>
        <location line="+4"/>
        <source>Container %1</source>
        <translation>Conteneur %1</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>(unknown)</source>
        <translation>(inconnu)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Copy</source>
        <translation>Copier</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Copy the container id</source>
        <translation>Copier l’identifiant du conteneur</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Copy container id</source>
        <translation>Copier l’identifiant du conteneur</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Sandbox cost of this call</source>
        <translation>Coût du bac à sable pour cet appel</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>Refused: %1</source>
        <translation>Refusé : %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: %2</source>
        <translation>%1&#xa0;: %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Allow %1</source>
        <translation>Autoriser %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Add %1 to this container&apos;s network policy; it restarts with its files and the new policy</source>
        <translation>Ajouter %1 à la politique réseau de ce conteneur ; il redémarre avec ses fichiers et la nouvelle politique</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>every host</source>
        <translation>tous les hôtes</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is already allowed (%2).</source>
        <translation>%1 est déjà autorisé (%2).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Allowed %1. The container restarts with its files and the new policy (%2) when this call ends.</source>
        <translation>%1 autorisé. Le conteneur redémarre avec ses fichiers et la nouvelle politique (%2) à la fin de cet appel.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Allowed %1. The container restarted with its files and the new policy (%2).</source>
        <translation>%1 autorisé. Le conteneur a redémarré avec ses fichiers et la nouvelle politique (%2).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Allowed %1. The container starts with its files and the new policy (%2).</source>
        <translation>%1 autorisé. Le conteneur démarre avec ses fichiers et la nouvelle politique (%2).</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>cost —</source>
        <translation>coût —</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>$%1 · includes the 30 s minimum</source>
        <translation>%1 $ · inclut le minimum de 30 s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>$%1</source>
        <translation>%1&#xa0;$</translation>
    </message>
    <message>
        <location line="-316"/>
        <location line="+418"/>
        <source>Completed (timeout)</source>
        <translation>Terminé (délai dépassé)</translation>
    </message>
    <message>
        <location line="-416"/>
        <location line="+418"/>
        <source>Cancelled</source>
        <translation>Annulé</translation>
    </message>
    <message>
        <location line="-645"/>
        <source>not run</source>
        <translation>non exécutée</translation>
    </message>
    <message>
        <location line="+253"/>
        <source>Denied</source>
        <translation>Refusé</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Not run</source>
        <translation>Non exécuté</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Denied by the approval rules (%1); it did not run.</source>
        <translation>Refusé par les règles d’approbation (%1) ; non exécuté.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Denied by you in this window; it did not run.</source>
        <translation>Refusé par vous dans cette fenêtre ; non exécuté.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Denied at the terminal; it did not run.</source>
        <translation>Refusé dans le terminal ; non exécuté.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Denied by a live viewer; it did not run.</source>
        <translation>Refusé par un observateur en direct ; non exécuté.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Denied; it did not run.</source>
        <translation>Refusé ; non exécuté.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No one answered the approval request in time; it did not run.</source>
        <translation>Personne n’a répondu à temps à la demande d’approbation ; non exécuté.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>It needs a person&apos;s approval (%1), but nothing could ask; it did not run.</source>
        <translation>Il faut l’approbation d’une personne (%1), mais rien ne pouvait la demander ; non exécuté.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>It did not run: %1</source>
        <translation>Non exécuté : %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Note to the model: “%1”</source>
        <translation>Note au modèle : « %1 »</translation>
    </message>
    <message>
        <location line="+273"/>
        <source>part of $%1</source>
        <translation>part de %1 $</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <location filename="../widgets/window/shortcutsdialog.cpp" line="+43"/>
        <source>Window</source>
        <translation>Fenêtre</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Keyboard Shortcuts</source>
        <translation>Raccourcis clavier</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Action</source>
        <translation>Action</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Keys</source>
        <translation>Touches</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Where</source>
        <translation>Emplacement</translation>
    </message>
</context>
<context>
    <name>SyntaxHighlighter</name>
    <message>
        <location filename="../widgets/common/syntaxhighlighter.cpp" line="+334"/>
        <source>Only the first %1 are highlighted; the rest is shown as plain text.</source>
        <translation>Seul le début (%1) bénéficie de la coloration syntaxique&#xa0;; le reste est affiché en texte brut.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Syntax highlighting is not available: the program kate-syntax-highlighter (Debian package libkf5syntaxhighlighting-tools) was not found. Shown as plain text.</source>
        <translation>La coloration syntaxique n’est pas disponible&#xa0;: le programme kate-syntax-highlighter (paquet Debian libkf5syntaxhighlighting-tools) est introuvable. Affichage en texte brut.</translation>
    </message>
</context>
<context>
    <name>ThemePage</name>
    <message>
        <location filename="../widgets/settings/themepage.cpp" line="+64"/>
        <source>How Sandbench looks. The change applies at once to every window.</source>
        <translation>L’apparence de Sandbench. Le changement s’applique immédiatement à toutes les fenêtres.</translation>
    </message>
    <message>
        <location line="-33"/>
        <source>&amp;Follow the system</source>
        <translation>&amp;Suivre le système</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The desktop&apos;s own style and colours.</source>
        <translation>Le style et les couleurs propres au bureau.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Light</source>
        <translation>&amp;Clair</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Dark text on light backgrounds.</source>
        <translation>Texte sombre sur fond clair.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Dark</source>
        <translation>S&amp;ombre</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Light text on dark backgrounds, easier on the eyes at night.</source>
        <translation>Texte clair sur fond sombre, plus reposant pour les yeux la nuit.</translation>
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
[… %n caractère de plus non affiché …]</numerusform>
            <numerusform>
[… %n caractères de plus non affichés …]</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>(empty)</source>
        <translation>(vide)</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Trace (container %1) beside the local run (container %2)</source>
        <translation>Trace (conteneur %1) à côté de l’exécution locale (conteneur %2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+1"/>
        <source>unknown</source>
        <translation>inconnu</translation>
    </message>
    <message>
        <location line="+62"/>
        <location line="+46"/>
        <location line="+81"/>
        <source>waiting</source>
        <translation>en attente</translation>
    </message>
    <message>
        <location line="-123"/>
        <source>Trace</source>
        <translation>Trace</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Local run</source>
        <translation>Exécution locale</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>outcome</source>
        <translation>issue</translation>
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
        <translation>absent de la trace</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>timeout</source>
        <translation>délai dépassé</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>exit %1</source>
        <translation>code %1</translation>
    </message>
    <message>
        <location line="+17"/>
        <location line="+53"/>
        <source>running</source>
        <translation>en cours</translation>
    </message>
    <message>
        <location line="-26"/>
        <location line="+23"/>
        <source>not run</source>
        <translation>non exécutée</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>same</source>
        <translation>identique</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>differs</source>
        <translation>diffère</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>stdout, stderr and outcome are the same as in the trace</source>
        <translation>stdout, stderr et l’issue sont les mêmes que dans la trace</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Differs from the trace in: %1</source>
        <translation>Diffère de la trace pour : %1</translation>
    </message>
    <message numerus="yes">
        <location line="+28"/>
        <source>Running: %1 of %n command(s) compared</source>
        <translation>
            <numerusform>En cours : %1 commande sur %n comparée</numerusform>
            <numerusform>En cours : %1 commandes sur %n comparées</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>All %n command(s) the same as in the trace</source>
        <translation>
            <numerusform>La commande (%n) est identique à la trace</numerusform>
            <numerusform>Les %n commandes sont identiques à la trace</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%1 of %n command(s) differ from the trace</source>
        <translation>
            <numerusform>%1 commande sur %n diffère de la trace</numerusform>
            <numerusform>%1 commandes sur %n diffèrent de la trace</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TraceLoader</name>
    <message>
        <location filename="../engine/data/traceloader.cpp" line="+136"/>
        <source>An image output without a URL is not shown.</source>
        <translation>Une sortie image sans URL n’est pas affichée.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>An image at %1 is not shown: only its address is here, and Sandbench does not fetch it.</source>
        <translation>Une image à l’adresse %1 n’est pas affichée&#xa0;: seule son adresse figure ici, et Sandbench ne la télécharge pas.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>An image (%1) is not shown: only PNG images in base64 data: URLs are.</source>
        <translation>Une image (%1) n’est pas affichée&#xa0;: seules les images PNG dans des URL data: en base64 le sont.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>More images than %1 in one cell: this one is not shown.</source>
        <translation>Plus de %1 images dans une cellule&#xa0;: celle-ci n’est pas affichée.</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+7"/>
        <source>An image larger than %1 bytes is not shown.</source>
        <translation>Une image de plus de %1 octets n’est pas affichée.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>An image is not shown: its data: URL does not hold a PNG image.</source>
        <translation>Une image n’est pas affichée&#xa0;: son URL data: ne contient pas d’image PNG.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>[… %1 more characters of output not shown …]</source>
        <translation>[… %1 caractères de sortie supplémentaires non affichés …]</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>An output of type %1 is not shown.</source>
        <translation>Une sortie de type %1 n’est pas affichée.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>The code did not run: %1</source>
        <translation>Le code n’a pas été exécuté&#xa0;: %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The code made the file %1; only its id is here.</source>
        <translation>Le code a créé le fichier %1&#xa0;; seul son identifiant figure ici.</translation>
    </message>
    <message>
        <location line="+175"/>
        <source>The trace is not valid JSON: %1 at offset %2</source>
        <translation>La trace n’est pas du JSON valide&#xa0;: %1 à la position %2</translation>
    </message>
    <message>
        <location line="+110"/>
        <source>The command did not run: %1</source>
        <translation>La commande n’a pas été exécutée&#xa0;: %1</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>The file holds no shell or code calls (openrouter:shell, shell_call or code_interpreter_call items, server_tool_use blocks).</source>
        <translation>Le fichier ne contient aucun appel shell ou de code (éléments openrouter:shell, shell_call ou code_interpreter_call, blocs server_tool_use).</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The trace %1 is larger than %2 MiB: it is not opened.</source>
        <translation>La trace %1 dépasse %2&#xa0;Mio&#xa0;: elle n’est pas ouverte.</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Cannot open %1: %2</source>
        <translation>Impossible d’ouvrir %1&#xa0;: %2</translation>
    </message>
</context>
<context>
    <name>TraceSummaryView</name>
    <message>
        <location filename="../widgets/shellcalls/tracesummary.cpp" line="+38"/>
        <location line="+21"/>
        <location line="+46"/>
        <source>not in the trace</source>
        <translation>absent de la trace</translation>
    </message>
    <message>
        <location line="-62"/>
        <source>%1 input (%2 cached)</source>
        <translation>%1 en entrée (%2 en cache)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 input</source>
        <translation>%1 en entrée</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 output (%2 reasoning)</source>
        <translation>%1 en sortie (%2 de raisonnement)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 output</source>
        <translation>%1 en sortie</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 total</source>
        <translation>%1 au total</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>$%1 (server_tool_cost)</source>
        <translation>%1 $ (server_tool_cost)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Text: %1</source>
        <translation>Texte : %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Reasoning (not readable in the trace)</source>
        <translation>Raisonnement (illisible dans la trace)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reasoning: %1</source>
        <translation>Raisonnement : %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Python cell %1 (%2): %3</source>
        <translation>Cellule Python %1 (%2)&#xa0;: %3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Shell call %1 (%2): %3</source>
        <translation>Appel shell %1 (%2) : %3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Tool call %1: %2</source>
        <translation>Appel d’outil %1 : %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Item of type %1</source>
        <translation>Élément de type %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>(none)</source>
        <translation>(aucun)</translation>
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
        <translation>une liste d’éléments</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Format:</source>
        <translation>Format :</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model:</source>
        <translation>Modèle&#xa0;:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Id:</source>
        <translation>Id :</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop reason:</source>
        <translation>Raison d’arrêt :</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Status:</source>
        <translation>État&#xa0;:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Container:</source>
        <translation>Conteneur :</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tokens:</source>
        <translation>Jetons :</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sandbox cost:</source>
        <translation>Coût du bac à sable :</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Items in order (%1)</source>
        <translation>Éléments dans l’ordre (%1)</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>The assistant&apos;s text</source>
        <translation>Le texte de l’assistant</translation>
    </message>
</context>
<context>
    <name>WelcomePage</name>
    <message>
        <location filename="../widgets/window/welcomepage.cpp" line="+59"/>
        <source>Welcome to Sandbench</source>
        <translation>Bienvenue dans Sandbench</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sandbench runs the shell commands of AI agents in a sandbox on this computer and shows you every call as it happens.</source>
        <translation>Sandbench exécute les commandes shell des agents d’IA dans un bac à sable sur cet ordinateur et vous montre chaque appel au moment où il se produit.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Data folder: %1</source>
        <translation>Dossier de données&#xa0;: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Workspace: %1</source>
        <translation>Espace de travail&#xa0;: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>To see which isolation and limits this machine enforces, run “sandbench doctor” in a terminal.</source>
        <translation>Pour savoir quelles isolations et limites cette machine applique, lancez «&#xa0;sandbench doctor&#xa0;» dans un terminal.</translation>
    </message>
</context>
<context>
    <name>WorkspaceCatalog</name>
    <message>
        <location filename="../engine/workspace/workspacecatalog.cpp" line="+30"/>
        <source>Use 1 to 40 characters: letters A–Z and a–z, digits 0–9, underscore (_) and hyphen (-).</source>
        <translation>Utilisez de 1 à 40 caractères&#xa0;: lettres A–Z et a–z, chiffres 0–9, tiret bas (_) et trait d’union (-).</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Enter a name for the new workspace. %1</source>
        <translation>Saisissez un nom pour le nouvel espace de travail. %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>“%1” cannot be a workspace name. %2</source>
        <translation>«&#xa0;%1&#xa0;» ne peut pas être un nom d’espace de travail. %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A workspace named “%1” already exists.</source>
        <translation>Un espace de travail nommé «&#xa0;%1&#xa0;» existe déjà.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cannot create the folder %1.</source>
        <translation>Impossible de créer le dossier %1.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>There is no workspace named “%1”.</source>
        <translation>Aucun espace de travail ne s’appelle «&#xa0;%1&#xa0;».</translation>
    </message>
</context>
<context>
    <name>WorkspacesPage</name>
    <message>
        <location filename="../widgets/settings/workspacespage.cpp" line="+32"/>
        <source>Each workspace keeps its own containers, documents, request logs, model providers and API keys.</source>
        <translation>Chaque espace de travail a ses propres conteneurs, documents, journaux des requêtes, fournisseurs de modèles et clés d’API.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>This window shows the workspace “%1”.</source>
        <translation>Cette fenêtre affiche l’espace de travail «&#xa0;%1&#xa0;».</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&amp;Open in New Window</source>
        <translation>&amp;Ouvrir dans une nouvelle fenêtre</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Open at &amp;Start</source>
        <translation>Ouvrir au &amp;démarrage</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Sandbench opens this workspace when it is started without --workspace.</source>
        <translation>Sandbench ouvre cet espace de travail quand il est lancé sans --workspace.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>New workspace</source>
        <translation>Nouvel espace de travail</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Name, e.g. data-cleaning</source>
        <translation>Nom, p. ex. nettoyage-donnees</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Create</source>
        <translation>&amp;Créer</translation>
    </message>
    <message>
        <location line="+77"/>
        <source>this window</source>
        <translation>cette fenêtre</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>opens at start</source>
        <translation>s’ouvre au démarrage</translation>
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
        <translation>Cette fenêtre affiche déjà cet espace de travail.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Created the workspace “%1”. Open it in a new window, or choose it to open at the next start.</source>
        <translation>Espace de travail «&#xa0;%1&#xa0;» créé. Ouvrez-le dans une nouvelle fenêtre, ou choisissez de l’ouvrir au prochain démarrage.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Sandbench opens “%1” at the next start.</source>
        <translation>Sandbench ouvrira «&#xa0;%1&#xa0;» au prochain démarrage.</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../widgets/window/guistartup.cpp" line="+39"/>
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
        <location line="+3"/>
        <source>Open the workspace &lt;name&gt; (default: the one chosen in Settings, else &quot;default&quot;).</source>
        <translation>Ouvrir l’espace de travail &lt;nom&gt; (par défaut&#xa0;: celui choisi dans les paramètres, sinon «&#xa0;default&#xa0;»).</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>invalid --workspace name: %1</source>
        <translation>nom non valide pour --workspace&#xa0;: %1</translation>
    </message>
    <message>
        <location line="-15"/>
        <source>name</source>
        <translation>nom</translation>
    </message>
</context>
</TS>
