// SPDX-License-Identifier: GPL-3.0-or-later
#include "gatewaycommands.h"
#include "cliutil.h"

#include "gateway/guardrail.h"
#include "gateway/guardrailconfig.h"
#include "gateway/requestlog.h"
#include "sandbox/containermanager.h"
#include "sandbox/sandboxsettings.h"

#include <QCommandLineParser>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace {

constexpr int kDefaultLimit = 50;
constexpr int kMaxLimit = 100000;

// The options every command takes, as in commands.cpp (whose helpers are private to it).
QString guardrailsUsage()
{
    return u"usage: sandbench guardrails set SLUG --action flag|redact|block [--scope "
           u"user_only|all_messages]\n"
           "       sandbench guardrails list [--json]\n"
           "SLUG is one of: %1"_s.arg(GuardrailEngine::builtinSlugs().join(u", "_s));
}

QString logsUsage()
{
    return u"usage: sandbench logs list [--json] [--limit N] [--search TEXT]\n"
           "       sandbench logs show ID [--json]\n"
           "       sandbench logs export FILE [--limit N] [--search TEXT]\n"
           "\n"
           "list: the newest requests, with what the guardrails did to each; show: one request with its\n"
           "shell calls, guardrail detections and (when input & output logging is on) its bodies.\n"
           "--search: requests whose bodies, commands or output hold every word; \"a phrase\" in order,\n"
           "word* for a prefix; text without letters or digits is matched as a substring."_s;
}

QString utcTime(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODateWithMs);
}

// The first line of a command's output and how much there is, for the human-readable detail.
QString outputLine(const QString &label, const QString &text)
{
    if (text.isEmpty())
        return {};
    const QString first = text.section(u'\n', 0, 0);
    const qsizetype lines = text.count(u'\n') + (text.endsWith(u'\n') ? 0 : 1);
    return u"        %1: %2%3\n"_s.arg(label, displayName(first.left(120)),
                                       lines > 1 || first.size() > 120
                                           ? u"  (%1 lines, %2 characters)"_s.arg(lines).arg(text.size())
                                           : QString());
}

QString requestDetail(const RequestRecord &r)
{
    QString out =
        u"%1  %2  %3  %4  status %5  %6 ms\n"_s.arg(r.id, utcTime(r.timeMs), r.api, displayName(r.model),
                                                    QString::number(r.status), QString::number(r.latencyMs));
    out += u"  provider %1  tokens %2 in / %3 out  server tool cost $%4\n"_s
               .arg(r.provider.isEmpty() ? u"-"_s : displayName(r.provider))
               .arg(r.inputTokens)
               .arg(r.outputTokens)
               .arg(r.serverToolCost, 0, 'f', 6);
    if (!r.containerIds.isEmpty())
        out += u"  containers %1\n"_s.arg(r.containerIds.join(u", "_s));
    // Who asked; the texts were made printable when logged, displayName() keeps them so.
    if (!r.client.isEmpty())
        out += u"  from %1\n"_s.arg(displayName(r.client));
    if (!r.conversation.isEmpty())
        out += u"  conversation %1\n"_s.arg(displayName(r.conversation));
    if (!r.question.isEmpty())
        out += u"  question %1\n"_s.arg(displayName(r.question));
    out += r.shellCalls.isEmpty() ? u"  no shell calls\n"_s : u"  shell calls:\n"_s;
    for (const ShellCallRecord &c : r.shellCalls) {
        out += u"    %1  %2  %3  %4 ms\n"_s.arg(c.callId, c.tool, c.containerId).arg(c.durationMs);
        for (const CommandRecord &cmd : c.commands) {
            const QString outcome =
                cmd.outcome == u"exit"_s ? u"exit %1"_s.arg(cmd.exitCode) : displayName(cmd.outcome);
            out += u"      $ %1  -> %2, %3 ms\n"_s
                       .arg(r.ioLogged ? displayName(cmd.command) : u"(not logged)"_s, outcome)
                       .arg(cmd.durationMs);
            out += outputLine(u"stdout"_s, cmd.stdoutText) + outputLine(u"stderr"_s, cmd.stderrText);
        }
    }
    out += r.detections.isEmpty() ? u"  no guardrail detections\n"_s : u"  guardrail detections:\n"_s;
    for (const Detection &d : r.detections) {
        const QString where = d.messageIndex < 0 ? u"tool output"_s : u"message %1"_s.arg(d.messageIndex);
        out += u"    %1  %2  %3, characters %4-%5  (%6)\n"_s
                   .arg(displayName(d.guardrail), guardrailActionName(d.action), where)
                   .arg(d.start)
                   .arg(d.start + d.length)
                   .arg(displayName(d.family.isEmpty() ? d.patternId : d.family));
    }
    const auto bodySize = [](const QByteArray &body, qint64 whole) {
        return whole > body.size()
                   ? u"%1 bytes (cut at the log's limit; %2 in all)"_s.arg(body.size()).arg(whole)
                   : u"%1 bytes"_s.arg(body.size());
    };
    if (r.ioLogged)
        out += u"  request body %1, response body %2 (--json shows them)\n"_s.arg(
            bodySize(r.requestBody, r.requestBodyBytes), bodySize(r.responseBody, r.responseBodyBytes));
    else
        out += u"  bodies not logged (input & output logging was off)\n"_s;
    return out;
}

QJsonObject guardrailToJson(const Guardrail &g)
{
    return {{u"slug"_s, g.slug},
            {u"action"_s, guardrailActionName(g.action)},
            {u"scope"_s, guardrailScopeName(g.scope)}};
}

} // namespace

int runGuardrailsCommand(const QStringList &args)
{
    QString action;
    const QStringList rest = withoutAction(args, &action);
    QCommandLineParser parser;
    parser.setApplicationDescription(guardrailsUsage());
    const WorkspaceOptions common;
    common.addTo(parser);
    const QCommandLineOption actionOption(u"action"_s, u"set: flag, redact or block."_s, u"action"_s);
    const QCommandLineOption scopeOption(
        u"scope"_s, u"set: user_only (default for a new guardrail) or all_messages."_s, u"scope"_s);
    const QCommandLineOption jsonOption(u"json"_s, u"list, show: print JSON."_s);
    parser.addOptions({actionOption, scopeOption, jsonOption});
    parser.addPositionalArgument(u"slug"_s, u"set: the guardrail to configure."_s, u"[SLUG]"_s);
    if (const std::optional<int> exit = parseCommandLine(parser, rest, common))
        return *exit;

    GuardrailConfig config(common.settings(parser).workspaceDir());
    QString error;
    if (!config.load(&error)) {
        printErr(error);
        return ExitFailure;
    }

    if (action == u"list"_s) {
        if (!parser.positionalArguments().isEmpty() || parser.isSet(actionOption) ||
            parser.isSet(scopeOption)) {
            printErr(u"guardrails list takes only --json\n"_s + guardrailsUsage());
            return ExitUsage;
        }
        const QList<Guardrail> guardrails = config.guardrails();
        if (parser.isSet(jsonOption)) {
            QJsonArray list;
            for (const Guardrail &g : guardrails)
                list.append(guardrailToJson(g));
            printOut(QJsonDocument(list).toJson(QJsonDocument::Indented));
            return ExitOk;
        }
        if (guardrails.isEmpty()) {
            printOut(u"no guardrails configured; available: %1\n"_s
                         .arg(GuardrailEngine::builtinSlugs().join(u", "_s))
                         .toUtf8());
            return ExitOk;
        }
        for (const Guardrail &g : guardrails) {
            printOut(u"%1\t%2\t%3\n"_s.arg(g.slug, guardrailActionName(g.action), guardrailScopeName(g.scope))
                         .toUtf8());
        }
        return ExitOk;
    }

    if (action != u"set"_s) {
        printErr(action.isEmpty() ? guardrailsUsage()
                                  : u"unknown action '%1'\n"_s.arg(action) + guardrailsUsage());
        return ExitUsage;
    }
    if (parser.positionalArguments().size() != 1) {
        printErr(u"guardrails set takes one SLUG; available: %1"_s.arg(
            GuardrailEngine::builtinSlugs().join(u", "_s)));
        return ExitUsage;
    }
    if (parser.isSet(jsonOption)) {
        printErr(u"--json applies to guardrails list only"_s);
        return ExitUsage;
    }
    if (!parser.isSet(actionOption)) {
        printErr(u"guardrails set needs --action flag, redact or block"_s);
        return ExitUsage;
    }
    // An explicitly empty scope would silently keep the current one; name the allowed values instead.
    if (parser.isSet(scopeOption) && parser.value(scopeOption).isEmpty()) {
        printErr(u"unknown scope ''; use one of: user_only, all_messages"_s);
        return ExitUsage;
    }
    const QString slug = parser.positionalArguments().constFirst();
    if (!config.set(slug, parser.value(actionOption), parser.value(scopeOption), &error)) {
        printErr(error);
        return ExitUsage;
    }
    if (!config.save(&error)) {
        printErr(error);
        return ExitFailure;
    }
    for (const Guardrail &g : config.guardrails()) {
        if (g.slug == slug)
            printOut(u"guardrail %1: action %2, scope %3\n"_s
                         .arg(g.slug, guardrailActionName(g.action), guardrailScopeName(g.scope))
                         .toUtf8());
    }
    return ExitOk;
}

int runLogsCommand(const QStringList &args)
{
    QString action;
    const QStringList rest = withoutAction(args, &action);
    QCommandLineParser parser;
    parser.setApplicationDescription(logsUsage());
    const WorkspaceOptions common;
    common.addTo(parser);
    const QCommandLineOption jsonOption(u"json"_s, u"list, show: print JSON."_s);
    const QCommandLineOption limitOption(
        u"limit"_s,
        u"Newest N requests (list: default %1; export: default all); 1 to %2."_s.arg(kDefaultLimit)
            .arg(kMaxLimit),
        u"n"_s);
    const QCommandLineOption searchOption(
        u"search"_s, u"list, export: only requests whose text holds these words (\"phrase\", prefix*)."_s,
        u"text"_s);
    parser.addOptions({jsonOption, limitOption, searchOption});
    parser.addPositionalArgument(u"arg"_s, u"show: the request ID; export: the JSON Lines file to write."_s,
                                 u"[ID | FILE]"_s);
    if (const std::optional<int> exit = parseCommandLine(parser, rest, common))
        return *exit;
    if (action != u"list"_s && action != u"show"_s && action != u"export"_s) {
        printErr(action.isEmpty() ? logsUsage() : u"unknown action '%1'\n"_s.arg(action) + logsUsage());
        return ExitUsage;
    }

    LogFilter filter;
    filter.limit = action == u"list"_s ? kDefaultLimit : 0; // 0: export everything
    if (parser.isSet(limitOption)) {
        bool ok = false;
        const qlonglong limit = parser.value(limitOption).toLongLong(&ok);
        if (!ok || limit < 1 || limit > kMaxLimit) {
            printErr(u"--limit must be an integer from 1 to %1 (got \"%2\")"_s.arg(kMaxLimit).arg(
                parser.value(limitOption)));
            return ExitUsage;
        }
        filter.limit = int(limit);
    }
    if (parser.isSet(searchOption)) {
        if (action == u"show"_s) {
            printErr(u"logs show takes no --search (it shows one request)\n"_s + logsUsage());
            return ExitUsage;
        }
        filter.text = parser.value(searchOption).trimmed();
        if (filter.text.isEmpty()) {
            printErr(u"--search needs some text"_s);
            return ExitUsage;
        }
    }

    const SandboxSettings settings = common.settings(parser);
    const QString dbPath = RequestLog::databasePath(settings.dataDir, settings.workspace);
    // Reading must not create a database in a workspace that never logged anything.
    const bool exists = QFileInfo::exists(dbPath);
    RequestLog log;
    QString error;
    if (exists && !log.open(dbPath, &error)) {
        printErr(u"cannot open the request log %1: %2"_s.arg(dbPath, error));
        return ExitFailure;
    }

    if (action == u"list"_s) {
        if (!parser.positionalArguments().isEmpty()) {
            printErr(u"logs list takes no arguments\n"_s + logsUsage());
            return ExitUsage;
        }
        const QList<RequestRecord> records = exists ? log.search(filter) : QList<RequestRecord>();
        QList<qint64> rows;
        for (const RequestRecord &r : records)
            rows << r.rowId;
        const QHash<qint64, QList<GuardrailActionCount>> actions =
            exists ? log.guardrailActions(rows) : QHash<qint64, QList<GuardrailActionCount>>();
        if (parser.isSet(jsonOption)) {
            QJsonArray list;
            for (const RequestRecord &r : records) {
                QJsonObject o = RequestLog::summaryJson(r);
                QJsonArray guardrails;
                for (const GuardrailActionCount &c : actions.value(r.rowId))
                    guardrails.append(QJsonObject{{u"guardrail"_s, c.guardrail},
                                                  {u"action"_s, guardrailActionName(c.action)},
                                                  {u"detections"_s, c.count}});
                o.insert(u"guardrail_actions"_s, guardrails);
                list.append(o);
            }
            printOut(QJsonDocument(list).toJson(QJsonDocument::Indented));
            return ExitOk;
        }
        if (records.isEmpty()) {
            printOut(QByteArrayLiteral("no requests logged\n"));
            return ExitOk;
        }
        for (const RequestRecord &r : records) {
            QStringList guardrails;
            for (const GuardrailActionCount &c : actions.value(r.rowId))
                guardrails << u"%1 %2%3"_s.arg(displayName(c.guardrail), guardrailActionName(c.action),
                                               c.count > 1 ? u" ×%1"_s.arg(c.count) : QString());
            printOut(
                u"%1  %2  %3  %4  %5  %6 ms  %7/%8 tokens%9\n"_s
                    .arg(utcTime(r.timeMs), r.id, r.api, displayName(r.model), QString::number(r.status),
                         QString::number(r.latencyMs), QString::number(r.inputTokens),
                         QString::number(r.outputTokens),
                         guardrails.isEmpty() ? QString() : u"  guardrails: "_s + guardrails.join(u", "_s))
                    .toUtf8());
        }
        return ExitOk;
    }

    if (action == u"show"_s) {
        if (parser.positionalArguments().size() != 1) {
            printErr(u"logs show takes one request ID (see 'sandbench logs list')\n"_s + logsUsage());
            return ExitUsage;
        }
        const QString id = parser.positionalArguments().constFirst();
        const std::optional<qint64> row = exists ? log.rowIdOf(id) : std::nullopt;
        const std::optional<RequestRecord> record = row ? log.request(*row) : std::nullopt;
        if (!record) {
            printErr(u"no request %1 in the log of workspace %2 (see 'sandbench logs list')"_s.arg(
                displayName(id, true), settings.workspace));
            return ExitFailure;
        }
        if (parser.isSet(jsonOption))
            printOut(QJsonDocument(RequestLog::recordJson(*record)).toJson(QJsonDocument::Indented));
        else
            printOut(requestDetail(*record));
        return ExitOk;
    }

    if (parser.positionalArguments().size() != 1) {
        printErr(u"logs export takes one FILE\n"_s + logsUsage());
        return ExitUsage;
    }
    if (parser.isSet(jsonOption)) {
        printErr(u"--json applies to logs list only; export always writes JSON Lines"_s);
        return ExitUsage;
    }
    const QString file = parser.positionalArguments().constFirst();
    if (exists) {
        if (!log.exportJsonl(file, filter, &error)) {
            printErr(u"cannot write %1: %2"_s.arg(file, error));
            return ExitFailure;
        }
    } else {
        QSaveFile empty(file);
        if (!empty.open(QIODevice::WriteOnly) || !empty.commit()) {
            printErr(u"cannot write %1: %2"_s.arg(file, empty.errorString()));
            return ExitFailure;
        }
    }
    QFile written(file);
    qsizetype lines = 0;
    if (written.open(QIODevice::ReadOnly)) {
        while (!written.atEnd())
            lines += written.readLine().trimmed().isEmpty() ? 0 : 1;
    }
    printOut(u"exported %1 request(s) to %2\n"_s.arg(lines).arg(file).toUtf8());
    return ExitOk;
}
