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
struct CommonOptions
{
    QCommandLineOption dataDir{u"data-dir"_s,
                               u"Data directory (default: $SANDBENCH_DATA_DIR or the XDG data location)."_s,
                               u"dir"_s};
    QCommandLineOption workspace{u"workspace"_s, u"Workspace name (default: default)."_s, u"name"_s};

    void addTo(QCommandLineParser &parser) const
    {
        parser.addHelpOption();
        parser.addOption(dataDir);
        parser.addOption(workspace);
    }
    SandboxSettings settings(const QCommandLineParser &parser) const
    {
        return SandboxSettings::forDataDir(parser.value(dataDir), parser.value(workspace));
    }
};

// Parses and reports errors itself; false means the exit code is in *exitCode.
bool parse(QCommandLineParser &parser, const CommonOptions &common, const QStringList &args, int *exitCode)
{
    if (!parser.parse(args)) {
        printErr(parser.errorText() + u"\n\n"_s + parser.helpText());
        *exitCode = ExitUsage;
        return false;
    }
    if (parser.isSet(u"help"_s)) {
        printOut(parser.helpText().toLocal8Bit());
        *exitCode = ExitOk;
        return false;
    }
    if (parser.isSet(common.workspace) && !ContainerManager::isValidId(parser.value(common.workspace))) {
        printErr(u"invalid --workspace name: use 1 to 40 characters of A-Z, a-z, 0-9, _ and -"_s);
        *exitCode = ExitUsage;
        return false;
    }
    return true;
}

QString guardrailsUsage()
{
    return u"usage: sandbench guardrails set SLUG --action flag|redact|block [--scope "
           u"user_only|all_messages]\n"
           "       sandbench guardrails list [--json]\n"
           "SLUG is one of: %1"_s.arg(GuardrailEngine::builtinSlugs().join(u", "_s));
}

QString logsUsage()
{
    return u"usage: sandbench logs list [--json] [--limit N]\n"
           "       sandbench logs export FILE [--limit N]"_s;
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
    const CommonOptions common;
    common.addTo(parser);
    const QCommandLineOption actionOption(u"action"_s, u"set: flag, redact or block."_s, u"action"_s);
    const QCommandLineOption scopeOption(
        u"scope"_s, u"set: user_only (default for a new guardrail) or all_messages."_s, u"scope"_s);
    const QCommandLineOption jsonOption(u"json"_s, u"list: print JSON."_s);
    parser.addOptions({actionOption, scopeOption, jsonOption});
    parser.addPositionalArgument(u"slug"_s, u"set: the guardrail to configure."_s, u"[SLUG]"_s);
    int exitCode = ExitOk;
    if (!parse(parser, common, rest, &exitCode))
        return exitCode;

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
    const CommonOptions common;
    common.addTo(parser);
    const QCommandLineOption jsonOption(u"json"_s, u"list: print JSON."_s);
    const QCommandLineOption limitOption(
        u"limit"_s,
        u"Newest N requests (list: default %1; export: default all); 1 to %2."_s.arg(kDefaultLimit)
            .arg(kMaxLimit),
        u"n"_s);
    parser.addOptions({jsonOption, limitOption});
    parser.addPositionalArgument(u"file"_s, u"export: the JSON Lines file to write."_s, u"[FILE]"_s);
    int exitCode = ExitOk;
    if (!parse(parser, common, rest, &exitCode))
        return exitCode;
    if (action != u"list"_s && action != u"export"_s) {
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
        if (parser.isSet(jsonOption)) {
            QJsonArray list;
            for (const RequestRecord &r : records)
                list.append(RequestLog::summaryJson(r));
            printOut(QJsonDocument(list).toJson(QJsonDocument::Indented));
            return ExitOk;
        }
        if (records.isEmpty()) {
            printOut(QByteArrayLiteral("no requests logged\n"));
            return ExitOk;
        }
        for (const RequestRecord &r : records) {
            const QString time =
                QDateTime::fromMSecsSinceEpoch(r.timeMs, Qt::UTC).toString(Qt::ISODateWithMs);
            printOut(u"%1  %2  %3  %4  %5  %6 ms  %7/%8 tokens\n"_s
                         .arg(time, r.id, r.api, displayName(r.model), QString::number(r.status),
                              QString::number(r.latencyMs), QString::number(r.inputTokens),
                              QString::number(r.outputTokens))
                         .toUtf8());
        }
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
