// SPDX-License-Identifier: GPL-3.0-or-later
// sandbench-sample-trace: makes the sample trace the workbench ships (resources/traces/sales-demo.json) from
// a real run — a Responses request with the openrouter:shell tool, answered by the Scripted provider playing
// resources/scripts/sales-demo.json, its shell call run in a real container on resources/samples/sales.csv,
// the answer rendered by the local API's own ResponsesFormat. Not a test and not shipped.
// Usage: sandbench-sample-trace DATA_DIR OUTPUT.json
#include "gateway/agentloop.h"
#include "gateway/format/responsesformat.h"
#include "models/scriptedclient.h"
#include "sandbox/containermanager.h"
#include "workspace/workspace.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QSaveFile>
#include <QTextStream>

using namespace Qt::StringLiterals;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    QTextStream err(stderr);
    if (args.size() != 3) {
        err << "usage: sandbench-sample-trace DATA_DIR OUTPUT.json\n";
        return 2;
    }
    ScriptedClient client;
    QString error;
    if (!client.loadScriptFile(u":/scripts/sales-demo.json"_s, &error)) {
        err << "script: " << error << '\n';
        return 1;
    }
    QFile sample(client.sampleResource());
    if (!sample.open(QIODevice::ReadOnly)) {
        err << sample.fileName() << ": " << sample.errorString() << '\n';
        return 1;
    }
    // The body an OpenRouter client sends for the question, as the API receives it.
    const QJsonObject body{
        {u"model"_s, u"scripted/sales-demo"_s},
        {u"input"_s, u"Which region had the most revenue in sales.csv?"_s},
        {u"tools"_s, QJsonArray{QJsonObject{{u"type"_s, u"openrouter:shell"_s}}}},
    };
    ResponsesFormat format;
    AgentError parseError;
    std::optional<AgentRequest> request = format.parse(body, FormatRequestContext(), &parseError);
    if (!request) {
        err << "request: " << parseError.message << '\n';
        return 1;
    }
    InputFile file;
    file.name = client.sampleName();
    file.bytes = sample.readAll();
    request->inputFiles.append(file);

    Workspace workspace(args.at(1), u"default"_s);
    AgentEnvironment env;
    env.workspace = workspace.name();
    env.client = &client;
    env.containers = workspace.containers();
    env.limits = workspace.containers()->settings().hostedLimits;
    auto *loop = new AgentLoop(*request, env, &app);
    format.follow(loop, false, false, {});
    int status = 1;
    QObject::connect(loop, &AgentLoop::finished, &app, [&] {
        QSaveFile out(args.at(2));
        if (out.open(QIODevice::WriteOnly)) {
            out.write(QJsonDocument(format.finalBody()).toJson(QJsonDocument::Indented));
            status = out.commit() ? 0 : 1;
        }
        if (status != 0)
            err << out.fileName() << ": " << out.errorString() << '\n';
        workspace.containers()->stopAll();
        app.quit();
    });
    QObject::connect(loop, &AgentLoop::failed, &app, [&](const AgentError &e) {
        err << "the run failed: " << e.message << '\n';
        workspace.containers()->stopAll();
        app.quit();
    });
    loop->start();
    if (!loop->isDone())
        app.exec();
    return status;
}
