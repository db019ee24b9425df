// SPDX-License-Identifier: GPL-3.0-or-later
#include "config-sandbench-tests.h"
#include "fakeupstream.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

// Issue 12: each official SDK, on its strict typed path, parses what a real `sandbench serve` sends, whatever
// wire format the upstream model speaks. Every row runs one script of tests/npm (one per client) against one
// upstream format. A script names the upstream steps it needs (`--plan`) next to the assertions on their
// outcome, so the scripted model and the expected stdout cannot drift apart.
class TestSdkContracts final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void sdk_data();
    void sdk();

private:
    struct NodeRun
    {
        int exitCode = -1;
        QByteArray output;
    };
    int runCli(const QStringList &args, QByteArray *out = nullptr);
    NodeRun runNode(const QStringList &args, const QString &model, const QString &upstream, int timeoutMs);

    QTemporaryDir m_dir;
    FakeUpstream m_fake;
    QProcess m_server;
    quint16 m_port = 0;
    QString m_key;
    // A second workspace whose code_execution_timeout_seconds is ShortLimitSeconds (the Gemini deadline
    // case).
    static constexpr int ShortLimitSeconds = 2;
    QString m_shortLimitKey;
    QString m_tinyQuotaKey;
    QStringList m_summary; // "client upstream: OK case" / "FAIL case: why", printed at the end
};

int TestSdkContracts::runCli(const QStringList &args, QByteArray *out)
{
    QProcess p;
    p.start(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench"),
            args + QStringList{u"--data-dir"_s, m_dir.path()});
    if (!p.waitForFinished(60000))
        return -1;
    if (out)
        *out = p.readAllStandardOutput();
    return p.exitCode();
}

void TestSdkContracts::initTestCase()
{
    if (!QFileInfo::exists(QStringLiteral(SANDBENCH_NPM_DIR "/node_modules")))
        QSKIP("tests/npm/node_modules is missing: run `npm ci --prefix tests/npm`");
    QVERIFY(m_dir.isValid());
    QVERIFY(m_fake.listen());
    const QString base = m_fake.baseUrl().toString();
    // The default workspace, and the short-limit one.
    for (const QStringList &workspace : {QStringList(), QStringList{u"--workspace"_s, u"short-limit"_s}})
        for (const auto &[name, api] :
             {std::pair{u"fresp"_s, u"responses"_s}, std::pair{u"fmsg"_s, u"messages"_s},
              std::pair{u"fchat"_s, u"chat"_s}})
            QCOMPARE(
                runCli(QStringList{u"providers"_s, u"add"_s, name, u"--api"_s, api, u"--base-url"_s, base} +
                       workspace),
                0);
    QByteArray out;
    QCOMPARE(runCli({u"keys"_s, u"create"_s}, &out), 0);
    m_key = QString::fromUtf8(out.trimmed());
    QVERIFY(!m_key.isEmpty());
    QCOMPARE(runCli({u"keys"_s, u"create"_s, u"--workspace"_s, u"short-limit"_s}, &out), 0);
    m_shortLimitKey = QString::fromUtf8(out.trimmed());
    QCOMPARE(runCli({u"workspaces"_s, u"set"_s, u"code_execution_timeout_seconds"_s,
                     QString::number(ShortLimitSeconds), u"--workspace"_s, u"short-limit"_s}),
             0);

    // Issue 32: a workspace whose quota no upload fits.
    QCOMPARE(runCli({u"keys"_s, u"create"_s, u"--workspace"_s, u"tiny-quota"_s}, &out), 0);
    m_tinyQuotaKey = QString::fromUtf8(out.trimmed());
    QCOMPARE(runCli({u"workspaces"_s, u"set"_s, u"documents_quota_bytes"_s, u"1000"_s, u"--workspace"_s,
                     u"tiny-quota"_s}),
             0);

    m_server.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_server.start(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench"),
                   {u"serve"_s, u"--port"_s, u"0"_s, u"--data-dir"_s, m_dir.path()});
    QVERIFY(m_server.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(m_server.canReadLine(), 30000);
    const QString line = QString::fromUtf8(m_server.readLine());
    const QRegularExpressionMatch m = QRegularExpression(u":(\\d+)/api/v1"_s).match(line);
    QVERIFY2(m.hasMatch(), qPrintable(line));
    m_port = quint16(m.captured(1).toUInt());
}

void TestSdkContracts::cleanupTestCase()
{
    if (!m_summary.isEmpty())
        qInfo().noquote() << "SDK contract results:\n " << m_summary.join(u"\n  "_s);
    if (m_server.state() != QProcess::NotRunning) {
        m_server.terminate();
        if (!m_server.waitForFinished(10000))
            m_server.kill();
    }
}

TestSdkContracts::NodeRun TestSdkContracts::runNode(const QStringList &args, const QString &model,
                                                    const QString &upstream, int timeoutMs)
{
    QProcess node;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"SANDBENCH_BASE_URL"_s, u"http://127.0.0.1:%1/api/v1"_s.arg(m_port));
    env.insert(u"SANDBENCH_API_KEY"_s, m_key);
    env.insert(u"SANDBENCH_MODEL"_s, model);
    env.insert(u"SANDBENCH_UPSTREAM"_s, upstream);
    env.insert(u"SANDBENCH_SHORT_LIMIT_KEY"_s, m_shortLimitKey);
    env.insert(u"SANDBENCH_SHORT_LIMIT_SECONDS"_s, QString::number(ShortLimitSeconds));
    env.insert(u"SANDBENCH_TINY_QUOTA_KEY"_s, m_tinyQuotaKey);
    node.setProcessEnvironment(env);
    node.setWorkingDirectory(QStringLiteral(SANDBENCH_NPM_DIR));
    node.setProcessChannelMode(QProcess::MergedChannels);
    node.start(u"node"_s, args);
    NodeRun run;
    if (!node.waitForStarted())
        return run;
    // The event loop keeps running meanwhile: the scripted upstream lives in this process.
    if (!QTest::qWaitFor([&] { return node.state() == QProcess::NotRunning; }, timeoutMs)) {
        node.kill();
        node.waitForFinished();
        run.output = node.readAll() + "\n(killed after " + QByteArray::number(timeoutMs / 1000) + " s)";
        return run;
    }
    run.exitCode = node.exitStatus() == QProcess::NormalExit ? node.exitCode() : -1;
    run.output = node.readAll();
    return run;
}

void TestSdkContracts::sdk_data()
{
    QTest::addColumn<QStringList>("script"); // node arguments
    QTest::addColumn<QString>("provider");
    const QList<std::pair<QString, QStringList>> clients{
        {u"openai"_s, {u"openai_sdk.mjs"_s, u"openai"_s}},
        {u"openai-v6"_s, {u"openai_sdk.mjs"_s, u"openai-v6"_s}},
        {u"anthropic"_s, {u"anthropic_sdk.mjs"_s}},
        {u"anthropic-code"_s, {u"anthropic_code_execution.mjs"_s}},
        {u"openrouter"_s, {u"openrouter_sdk.mjs"_s}},
        {u"agents"_s, {u"openai_agents.mjs"_s}},
        {u"ai-sdk"_s, {u"ai_sdk.mjs"_s}},
        // OpenAI's code_interpreter run locally (with the Agents SDK's codeInterpreterTool() on the current
        // major).
        {u"code-interpreter"_s, {u"openai_code_interpreter.mjs"_s, u"openai"_s}},
        {u"code-interpreter-v6"_s, {u"openai_code_interpreter.mjs"_s, u"openai-v6"_s}},
        {u"gemini"_s, {u"google_genai.mjs"_s}},
        // Issue 32: files in through each API's own way.
        {u"files-openai"_s, {u"files_openai.mjs"_s}},
        {u"files-anthropic"_s, {u"files_anthropic.mjs"_s}},
        {u"files-gemini"_s, {u"files_gemini.mjs"_s}},
    };
    const QList<std::pair<QString, QString>> upstreams{
        {u"responses"_s, u"fresp"_s}, {u"messages"_s, u"fmsg"_s}, {u"chat"_s, u"fchat"_s}};
    for (const auto &[client, script] : clients)
        for (const auto &[upstream, provider] : upstreams)
            QTest::addRow("%s/%s", qPrintable(client), qPrintable(upstream)) << script << provider;
}

void TestSdkContracts::sdk()
{
    QFETCH(QStringList, script);
    QFETCH(QString, provider);
    const QString tag = QString::fromLatin1(QTest::currentDataTag());
    // One upstream model name per row (and, inside the script, per case) keeps every script apart.
    const QString upstream = tag.section(u'/', 1, 1);
    const QString model = provider + u'/' + tag.section(u'/', 0, 0) + u'-' + upstream;

    const NodeRun plan = runNode(script + QStringList{u"--plan"_s}, model, upstream, 60000);
    QVERIFY2(plan.exitCode == 0, plan.output.constData());
    QString error;
    QVERIFY2(m_fake.loadScript(plan.output, &error),
             qPrintable(error + u": "_s + QString::fromUtf8(plan.output)));
    const QJsonObject scripted = QJsonDocument::fromJson(plan.output).object().value(u"models"_s).toObject();

    const NodeRun run = runNode(script, model, upstream, 600000);
    for (const QByteArray &line : run.output.split('\n'))
        if (line.startsWith("OK ") || line.startsWith("FAIL "))
            m_summary.append(tag + u": "_s + QString::fromUtf8(line.left(300)));
    if (run.exitCode != 0)
        qWarning().noquote() << run.output; // whole: QVERIFY2 cuts long messages
    QVERIFY2(run.exitCode == 0, "the script failed (its output is above)");
    QVERIFY2(run.output.contains("OK "), run.output.constData());
    // Every case that passed went through the upstream model as scripted, to its last step.
    for (auto it = scripted.constBegin(); it != scripted.constEnd(); ++it)
        QVERIFY2(m_fake.remainingSteps(it.key()) == 0,
                 qPrintable(it.key() + u" did not use all its steps"_s));
}

QTEST_GUILESS_MAIN(TestSdkContracts)
#include "test_sdkcontracts.moc"
