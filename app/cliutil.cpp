// SPDX-License-Identifier: GPL-3.0-or-later
#include "cliutil.h"

#include "base/printabletext.h"
#include "sandbox/containermanager.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QList>

#include <cstdio>

using namespace Qt::StringLiterals;

void printErr(const QString &text)
{
    const QByteArray bytes = (text.endsWith(u'\n') ? text : text + u'\n').toLocal8Bit();
    fwrite(bytes.constData(), 1, size_t(bytes.size()), stderr);
    fflush(stderr);
}

void printOut(const QByteArray &bytes)
{
    fwrite(bytes.constData(), 1, size_t(bytes.size()), stdout);
    fflush(stdout);
}

QString displayName(const QString &name, bool quoted)
{
    return printableText(name, quoted);
}

int firstWord(const QStringList &args, int from)
{
    for (int i = from; i < args.size(); ++i) {
        const QString &arg = args.at(i);
        if (arg == u"--"_s)
            return -1;
        if (arg == u"--data-dir"_s || arg == u"--workspace"_s) {
            ++i; // its value
            continue;
        }
        if (!arg.startsWith(u'-') || arg == u"-"_s)
            return i;
    }
    return -1;
}

QStringList withoutAction(const QStringList &args, QString *action)
{
    QStringList rest = args;
    const int at = firstWord(rest);
    *action = at > 0 ? rest.takeAt(at) : QString();
    return rest;
}

namespace {
QString g_command;
QString g_example;
} // namespace

void setCommandHelp(const QString &command, const QString &example)
{
    g_command = command;
    g_example = example;
}

QString commandOptionsText(const QCommandLineParser &parser, bool withExample)
{
    const QString text = parser.helpText();
    const qsizetype options = text.indexOf(u"Options:\n"_s);
    // The command's own usage names its arguments, so the list ends before Qt's "Arguments:".
    const qsizetype arguments = text.indexOf(u"\nArguments:\n"_s);
    QStringList lines =
        text.mid(options < 0 ? 0 : options, arguments < 0 ? -1 : arguments - options + 1).split(u'\n');
    lines.removeIf([](const QString &line) { return line.trimmed().startsWith(u"--help-all"_s); });
    QString out = lines.join(u'\n').trimmed() + u'\n';
    if (withExample && !g_example.isEmpty())
        out += u"\nExample:\n  "_s + g_example + u'\n';
    return out;
}

QString commandHelpText(const QCommandLineParser &parser)
{
    QString text = parser.helpText();
    // Qt names the program by the path it was started as ("Usage: build/bin/sandbench [options]").
    const QStringList args = QCoreApplication::arguments();
    const QString qtUsage = u"Usage: "_s + (args.isEmpty() ? QString() : args.constFirst());
    if (!g_command.isEmpty() && text.startsWith(qtUsage))
        text.replace(0, qtUsage.size(), u"Usage: sandbench "_s + g_command);
    if (!g_example.isEmpty())
        text += u"\nExample:\n  "_s + g_example + u'\n';
    return text;
}

void WorkspaceOptions::addTo(QCommandLineParser &parser) const
{
    parser.addHelpOption();
    parser.addOption(dataDir);
    parser.addOption(workspace);
}

SandboxSettings WorkspaceOptions::settings(const QCommandLineParser &parser) const
{
    return SandboxSettings::forDataDir(parser.value(dataDir), parser.value(workspace));
}

std::optional<int> parseCommandLine(QCommandLineParser &parser, const QStringList &args,
                                    const WorkspaceOptions &options, const CommandUsage &usage)
{
    const auto help = [&] {
        return usage.text.isEmpty()
                   ? commandHelpText(parser)
                   : usage.text + u"\n"_s + commandOptionsText(parser, usage.exampleInOptions);
    };
    if (!parser.parse(args)) {
        printErr(parser.errorText() + u"\n\n"_s +
                 (usage.text.isEmpty() ? commandHelpText(parser) : usage.text));
        return ExitUsage;
    }
    if (parser.isSet(u"help"_s)) {
        printOut(help());
        return ExitOk;
    }
    // The same rule as API keys and containers' ids, so a workspace named here is one every path accepts.
    if (parser.isSet(options.workspace) && !ContainerManager::isValidId(parser.value(options.workspace))) {
        printErr(u"invalid --workspace name %1: use 1 to 40 characters of A-Z, a-z, 0-9, _ and -"_s.arg(
            displayName(parser.value(options.workspace), true)));
        return ExitUsage;
    }
    return std::nullopt;
}
