// SPDX-License-Identifier: GPL-3.0-or-later
#include "broadcastcommands.h"
#include "cliutil.h"

#include "gateway/broadcastconfig.h"
#include "sandbox/containermanager.h"
#include "sandbox/sandboxsettings.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace {

const QString kUsage = u"usage: sandbench broadcast add URL [--header NAME=VALUE]...\n"
                       "       sandbench broadcast list [--json]\n"
                       "       sandbench broadcast rm URL\n"
                       "Traces go to URL/v1/traces as OTLP/HTTP JSON. Every command takes --data-dir DIR and "
                       "--workspace NAME."_s;

} // namespace

int runBroadcastCommand(const QStringList &args)
{
    QString action;
    const QStringList rest = withoutAction(args, &action);
    QCommandLineParser parser;
    parser.setApplicationDescription(kUsage);
    const WorkspaceOptions common;
    common.addTo(parser);
    const QCommandLineOption headerOption(u"header"_s, u"A header sent with every export (repeatable)."_s,
                                          u"name=value"_s);
    const QCommandLineOption jsonOption(u"json"_s, u"Print JSON."_s);
    parser.addOptions({headerOption, jsonOption});
    parser.addPositionalArgument(u"url"_s, u"The collector's base URL (add, rm)."_s);
    if (const std::optional<int> exit = parseCommandLine(parser, rest, common))
        return *exit;
    const SandboxSettings settings = common.settings(parser);
    BroadcastConfig config(settings.workspaceDir());
    QString error;
    if (!config.load(&error)) {
        printErr(error);
        return ExitFailure;
    }
    const QStringList positional = parser.positionalArguments();
    if (action == u"list" && positional.isEmpty()) {
        QJsonArray list;
        for (const OtlpDestination &d : config.destinations()) {
            QJsonObject headers;
            for (const auto &[name, value] : d.headers)
                headers.insert(QString::fromUtf8(name), QString::fromUtf8(value));
            list.append(QJsonObject{{u"endpoint"_s, d.endpoint.toString()}, {u"headers"_s, headers}});
        }
        if (parser.isSet(jsonOption)) {
            printOut(QString::fromUtf8(QJsonDocument(list).toJson()));
            return ExitOk;
        }
        if (list.isEmpty())
            printOut(u"no broadcast destinations (add one with `sandbench broadcast add URL`)\n"_s);
        for (const OtlpDestination &d : config.destinations()) {
            QStringList names;
            for (const auto &header : d.headers)
                names.append(QString::fromUtf8(header.first));
            // Header values are often API keys: list only their names.
            printOut(d.endpoint.toString() +
                     (names.isEmpty() ? QString() : u"  headers: "_s + names.join(u", "_s)) + u'\n');
        }
        return ExitOk;
    }
    if ((action == u"add" || action == u"rm") && positional.size() == 1) {
        const QUrl url(positional.first());
        if (action == u"add") {
            QList<QPair<QByteArray, QByteArray>> headers;
            for (const QString &h : parser.values(headerOption)) {
                const qsizetype eq = h.indexOf(u'=');
                if (eq <= 0) {
                    printErr(u"--header \"%1\": use NAME=VALUE"_s.arg(h));
                    return ExitUsage;
                }
                headers.append({h.left(eq).trimmed().toUtf8(), h.mid(eq + 1).toUtf8()});
            }
            if (!config.add(url, headers, &error)) {
                printErr(error);
                return ExitUsage;
            }
        } else if (!config.remove(url)) {
            printErr(u"no broadcast destination %1 (see `sandbench broadcast list`)"_s.arg(url.toString()));
            return ExitFailure;
        }
        if (!config.save(&error)) {
            printErr(error);
            return ExitFailure;
        }
        return ExitOk;
    }
    printErr(kUsage);
    return ExitUsage;
}
