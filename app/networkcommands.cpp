// SPDX-License-Identifier: GPL-3.0-or-later
#include "networkcommands.h"
#include "cliutil.h"

#include "sandbox/history/containerregistry.h"
#include "sandbox/net/networkpolicy.h"
#include "sandbox/sandboxsettings.h"
#include "workspace/conversationstore.h"

#include <QCommandLineParser>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace {

QString usage()
{
    return u"Usage: sandbench network allow HOST (--container ID | --conversation ID) [--json]\n"
           "       sandbench network show (--container ID | --conversation ID) [--json]\n"
           "allow adds HOST to the container's network policy (a container without network gets an allowlist "
           "of HOST alone). A running sandbox cannot change its policy: the container restarts with its "
           "files "
           "and the new policy when it next starts; the window's \"Allow\" in the live view restarts it at "
           "once.\n"_s;
}

} // namespace

int runNetworkCommand(const QStringList &args)
{
    QString action;
    const QStringList rest = withoutAction(args, &action);
    QCommandLineParser parser;
    parser.setApplicationDescription(u"Shows or widens the network policy of one container."_s);
    const WorkspaceOptions common;
    common.addTo(parser);
    const QCommandLineOption containerOption(u"container"_s, u"The container's id (sess_…)."_s, u"id"_s);
    const QCommandLineOption conversationOption(
        u"conversation"_s, u"A window conversation's id (conv_…): its container."_s, u"id"_s);
    const QCommandLineOption jsonOption(u"json"_s, u"Print JSON."_s);
    parser.addOptions({containerOption, conversationOption, jsonOption});
    parser.addPositionalArgument(u"host"_s, u"allow: the hostname or pattern (*.example.com) to allow."_s);
    if (const std::optional<int> exit = parseCommandLine(parser, rest, common, {usage()}))
        return *exit;
    const QStringList positional = parser.positionalArguments();
    const bool allow = action == u"allow"_s;
    if (!allow && action != u"show"_s) {
        printErr((action.isEmpty() ? u"missing action\n\n"_s : u"unknown action '%1'\n\n"_s.arg(action)) +
                 usage());
        return ExitUsage;
    }
    if (positional.size() != (allow ? 1 : 0)) {
        printErr(u"'network %1' takes %2 argument(s), got %3\n\n"_s.arg(action)
                     .arg(allow ? 1 : 0)
                     .arg(positional.size()) +
                 usage());
        return ExitUsage;
    }
    if (parser.isSet(containerOption) == parser.isSet(conversationOption)) {
        printErr(u"name the container: give --container ID or --conversation ID (one of them)\n\n"_s +
                 usage());
        return ExitUsage;
    }
    const SandboxSettings settings = common.settings(parser);
    QString containerId = parser.value(containerOption);
    const QString conversationId = parser.value(conversationOption);
    if (!conversationId.isEmpty()) {
        if (!ConversationStore::isValidId(conversationId)) {
            printErr(u"invalid conversation id \"%1\": conversation ids look like conv_ and 16 letters or "
                     "digits"_s.arg(displayName(conversationId)));
            return ExitUsage;
        }
        ConversationStore store(settings.dataDir, settings.workspace);
        for (const StoredConversation &c : store.load()) {
            if (c.id == conversationId)
                containerId = c.containerId;
        }
        if (containerId.isEmpty()) {
            printErr(u"no conversation %1 with a container in workspace %2"_s.arg(conversationId,
                                                                                  settings.workspace));
            return ExitFailure;
        }
    }
    ContainerRegistry registry(settings.dataDir);
    QString error;
    if (!ContainerRegistry::isValidContainerId(containerId)) {
        printErr(u"invalid container id \"%1\": use 1 to 40 characters of A-Z, a-z, 0-9, _ and -"_s.arg(
            displayName(containerId)));
        return ExitUsage;
    }
    std::optional<ContainerMeta> meta = registry.load(settings.workspace, containerId, &error);
    if (!meta) {
        printErr(u"no container %1 in workspace %2 (%3)"_s.arg(containerId, settings.workspace, error));
        return ExitFailure;
    }
    // A damaged saved policy must not widen egress: it counts as no network.
    const NetworkPolicy current = NetworkPolicy::fromSaved(meta->policy);
    NetworkPolicy policy = current;
    bool changed = false;
    const QString host = allow ? positional.first() : QString();
    if (allow) {
        const std::optional<NetworkPolicy> wider = current.withHost(host, &error);
        if (!wider) {
            printErr(u"cannot allow %1: %2"_s.arg(displayName(host, true), error));
            return ExitUsage;
        }
        policy = *wider;
        changed = policy != current;
        if (changed) {
            meta->policy = policy.savedInto(meta->policy);
            if (!registry.save(*meta, &error)) {
                printErr(error);
                return ExitFailure;
            }
        }
    }
    if (parser.isSet(jsonOption)) {
        QJsonObject out{{u"container_id"_s, containerId},
                        {u"network_policy"_s, policy.toJson()},
                        {u"description"_s, policy.describe()}};
        if (!conversationId.isEmpty())
            out.insert(u"conversation_id"_s, conversationId);
        if (allow) {
            out.insert(u"host"_s, NetworkPolicy::normalizeHost(host).isEmpty()
                                      ? host.trimmed()
                                      : NetworkPolicy::normalizeHost(host));
            out.insert(u"changed"_s, changed);
        }
        printOut(QJsonDocument(out).toJson(QJsonDocument::Indented));
        return ExitOk;
    }
    if (!allow)
        printOut(u"%1: %2\n"_s.arg(containerId, policy.describe()));
    else if (!changed)
        printOut(u"%1 already allows %2: %3\n"_s.arg(containerId, host.trimmed(), policy.describe()));
    else
        printOut(u"%1 now allows %2: %3.\nThe container restarts with its files and this policy when it next "
                 "starts (a window or serve running it now restarts it once its sandbox sleeps).\n"_s.arg(
                     containerId, host.trimmed(), policy.describe()));
    return ExitOk;
}
