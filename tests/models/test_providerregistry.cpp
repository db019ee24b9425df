// SPDX-License-Identifier: GPL-3.0-or-later
#include "fakeupstream.h"
#include "models/modelclient.h"
#include "models/providerregistry.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

// Provider configuration: validation, persistence, SPEC §8 model routing, keys, and the merged model list.
class TestProviderRegistry final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void validation_data();
    void validation();
    void persistence();
    void damagedFile();
    void routing_data();
    void routing();
    void noDefault();
    void keys();
    void listModels();
};

static ProviderConfig provider(const QString &name, ProviderApi api, const QString &url,
                               bool isDefault = false, const QString &keyEnv = {})
{
    ProviderConfig p;
    p.name = name;
    p.api = api;
    p.baseUrl = QUrl(url);
    p.isDefault = isDefault;
    p.keyEnv = keyEnv;
    return p;
}

void TestProviderRegistry::validation_data()
{
    QTest::addColumn<QJsonObject>("json");
    QTest::addColumn<QString>("errorPart"); // empty: valid

    auto obj = [](const QString &name, const QString &api, const QString &url, const QString &env = {}) {
        QJsonObject o{{u"name"_s, name}, {u"api"_s, api}, {u"base_url"_s, url}};
        if (!env.isEmpty())
            o.insert(u"key_env"_s, env);
        return o;
    };
    QTest::newRow("valid") << obj(u"open-ai_2"_s, u"responses"_s, u"https://api.openai.com/v1"_s,
                                  u"OPENAI_API_KEY"_s)
                           << QString();
    QTest::newRow("local http") << obj(u"ollama"_s, u"chat"_s, u"http://localhost:11434/v1"_s) << QString();
    QTest::newRow("upper-case name") << obj(u"OpenAI"_s, u"responses"_s, u"https://x.test/v1"_s)
                                     << u"provider name \"OpenAI\" is invalid"_s;
    QTest::newRow("slash in name") << obj(u"a/b"_s, u"chat"_s, u"https://x.test"_s) << u"is invalid"_s;
    QTest::newRow("empty name") << obj(QString(), u"chat"_s, u"https://x.test"_s) << u"name is empty"_s;
    QTest::newRow("bad api") << obj(u"x"_s, u"grpc"_s, u"https://x.test"_s)
                             << u"api \"grpc\" of provider \"x\" is not one of responses, messages, chat"_s;
    QTest::newRow("ftp url") << obj(u"x"_s, u"chat"_s, u"ftp://x.test"_s)
                             << u"must start with http:// or https://"_s;
    QTest::newRow("not a url") << obj(u"x"_s, u"chat"_s, u"localhost"_s) << u"is not a valid URL"_s;
    QTest::newRow("bad env name") << obj(u"x"_s, u"chat"_s, u"http://x.test"_s, u"MY-KEY"_s)
                                  << u"not a valid variable name"_s;
}

void TestProviderRegistry::validation()
{
    QFETCH(QJsonObject, json);
    QFETCH(QString, errorPart);
    QString error;
    const std::optional<ProviderConfig> config = ProviderConfig::fromJson(json, &error);
    if (errorPart.isEmpty()) {
        QVERIFY2(config.has_value(), qPrintable(error));
        QCOMPARE(config->toJson().value(u"base_url"_s), json.value(u"base_url"_s));
    } else {
        QVERIFY(!config.has_value());
        QVERIFY2(error.contains(errorPart), qPrintable(error));
    }
}

void TestProviderRegistry::persistence()
{
    QTemporaryDir dir;
    ProviderRegistry registry(dir.path(), u"team"_s);
    QVERIFY(registry.load());
    QVERIFY(registry.providers().isEmpty());
    QString error;
    QVERIFY(registry.add(provider(u"openai"_s, ProviderApi::Responses, u"https://api.openai.com/v1"_s, true,
                                  u"OPENAI_API_KEY"_s),
                         &error));
    QVERIFY(
        registry.add(provider(u"local"_s, ProviderApi::Chat, u"http://127.0.0.1:11434/v1"_s, true), &error));
    QVERIFY(!registry.add(provider(u"local"_s, ProviderApi::Chat, u"http://127.0.0.1:1/v1"_s), &error));
    QVERIFY2(error.contains(u"already exists"_s), qPrintable(error));
    QVERIFY(!registry.add(provider(u"Bad Name"_s, ProviderApi::Chat, u"http://127.0.0.1:1/v1"_s), &error));
    QCOMPARE(registry.filePath(), dir.filePath(u"workspaces/team/providers.json"_s));
    QVERIFY(QFile::exists(registry.filePath()));

    ProviderRegistry reloaded(dir.path(), u"team"_s);
    QVERIFY(reloaded.load(&error));
    QCOMPARE(reloaded.providers().size(), 2);
    QCOMPARE(reloaded.defaultProvider()->name, u"local"_s); // the newer --default wins
    QCOMPARE(reloaded.provider(u"openai"_s)->keyEnv, u"OPENAI_API_KEY"_s);
    QCOMPARE(reloaded.provider(u"openai"_s)->api, ProviderApi::Responses);
    QVERIFY(reloaded.setDefault(u"openai"_s, &error));
    QVERIFY(reloaded.remove(u"local"_s, &error));
    QVERIFY(!reloaded.remove(u"local"_s, &error));
    QVERIFY(error.contains(u"no provider named \"local\""_s));

    ProviderRegistry third(dir.path(), u"team"_s);
    QVERIFY(third.load());
    QCOMPARE(third.providers().size(), 1);
    QCOMPARE(third.defaultProvider()->name, u"openai"_s);
    ProviderRegistry otherWorkspace(dir.path(), u"default"_s);
    QVERIFY(otherWorkspace.load());
    QVERIFY(otherWorkspace.providers().isEmpty());
}

void TestProviderRegistry::damagedFile()
{
    QTemporaryDir dir;
    const QString path = ProviderRegistry::filePath(dir.path(), u"default"_s);
    QVERIFY(QDir().mkpath(QFileInfo(path).absolutePath()));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"providers":[{"name":"x","api":"soap","base_url":"http://x"}]})");
    file.close();
    ProviderRegistry registry(dir.path(), u"default"_s);
    QString error;
    QVERIFY(!registry.load(&error));
    QVERIFY2(error.contains(path) && error.contains(u"soap"_s), qPrintable(error));
}

void TestProviderRegistry::routing_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("provider"); // empty: error
    QTest::addColumn<QString>("upstreamModel");

    QTest::newRow("configured prefix") << u"openai/gpt-5"_s << u"openai"_s << u"gpt-5"_s;
    QTest::newRow("local with tag") << u"local/qwen3:8b"_s << u"local"_s << u"qwen3:8b"_s;
    QTest::newRow("openrouter-style to default")
        << u"anthropic/claude-sonnet-4.5"_s << u"openrouter"_s << u"anthropic/claude-sonnet-4.5"_s;
    QTest::newRow("bare name to default") << u"gpt-4o-mini"_s << u"openrouter"_s << u"gpt-4o-mini"_s;
    QTest::newRow("default by name keeps the rest")
        << u"openrouter/anthropic/claude-3"_s << u"openrouter"_s << u"anthropic/claude-3"_s;
    QTest::newRow("prefix without model") << u"openai/"_s << QString() << QString();
    QTest::newRow("empty") << QString() << QString() << QString();
}

void TestProviderRegistry::routing()
{
    QFETCH(QString, model);
    QFETCH(QString, provider);
    QFETCH(QString, upstreamModel);
    QTemporaryDir dir;
    ProviderRegistry registry(dir.path(), u"default"_s);
    QVERIFY(registry.add(::provider(u"openai"_s, ProviderApi::Responses, u"https://api.openai.com/v1"_s)));
    QVERIFY(registry.add(::provider(u"local"_s, ProviderApi::Chat, u"http://127.0.0.1:11434/v1"_s)));
    QVERIFY(registry.add(
        ::provider(u"openrouter"_s, ProviderApi::Chat, u"https://openrouter.ai/api/v1"_s, true)));
    QString error;
    const std::optional<ModelRoute> route = registry.route(model, &error);
    if (provider.isEmpty()) {
        QVERIFY(!route.has_value());
        QVERIFY(!error.isEmpty());
        return;
    }
    QVERIFY2(route.has_value(), qPrintable(error));
    QCOMPARE(route->provider.name, provider);
    QCOMPARE(route->model, upstreamModel);
}

void TestProviderRegistry::noDefault()
{
    QTemporaryDir dir;
    ProviderRegistry registry(dir.path(), u"default"_s);
    QString error;
    QVERIFY(!registry.route(u"gpt-5"_s, &error));
    QVERIFY2(error.contains(u"no providers are configured"_s), qPrintable(error));
    QVERIFY(registry.add(provider(u"openai"_s, ProviderApi::Responses, u"https://api.openai.com/v1"_s)));
    QVERIFY(registry.route(u"openai/gpt-5"_s, &error));
    QVERIFY(!registry.route(u"anthropic/claude"_s, &error));
    QVERIFY2(error.contains(u"no default provider"_s), qPrintable(error));
}

class FixedSecrets final : public SecretProvider
{
public:
    QString apiKey(const ProviderConfig &provider) const override { return u"keychain-"_s % provider.name; }
};

void TestProviderRegistry::keys()
{
    QTemporaryDir dir;
    ProviderRegistry registry(dir.path(), u"default"_s);
    QVERIFY(registry.add(provider(u"openai"_s, ProviderApi::Responses, u"https://api.openai.com/v1"_s, true,
                                  u"SANDBENCH_TEST_KEY_XYZ"_s)));
    QVERIFY(registry.add(provider(u"local"_s, ProviderApi::Chat, u"http://127.0.0.1:11434/v1"_s)));
    qunsetenv("SANDBENCH_TEST_KEY_XYZ");
    QString error;
    QVERIFY(!registry.createClient(u"gpt-5"_s, nullptr, &error, this));
    QVERIFY2(error.contains(u"SANDBENCH_TEST_KEY_XYZ"_s) && error.contains(u"openai"_s), qPrintable(error));
    ModelRoute route;
    std::unique_ptr<ModelClient> local(registry.createClient(u"local/llama3"_s, &route, &error));
    QVERIFY(local);
    QCOMPARE(local->api(), ProviderApi::Chat);
    QCOMPARE(route.model, u"llama3"_s);

    qputenv("SANDBENCH_TEST_KEY_XYZ", "sk-env");
    QCOMPARE(registry.apiKey(*registry.provider(u"openai"_s)), u"sk-env"_s);
    std::unique_ptr<ModelClient> openai(registry.createClient(u"gpt-5"_s, &route, &error));
    QVERIFY(openai);
    QCOMPARE(openai->api(), ProviderApi::Responses);
    QCOMPARE(openai->providerName(), u"openai"_s);

    FixedSecrets secrets;
    registry.setSecretProvider(&secrets);
    QCOMPARE(registry.apiKey(*registry.provider(u"openai"_s)), u"keychain-openai"_s);
    registry.setSecretProvider(nullptr);
    qunsetenv("SANDBENCH_TEST_KEY_XYZ");
}

void TestProviderRegistry::listModels()
{
    FakeUpstream chat;
    FakeUpstream anthropic;
    FakeUpstream broken;
    QVERIFY(chat.listen() && anthropic.listen() && broken.listen());
    chat.setModels({u"qwen3:8b"_s, u"llama3.2"_s});
    anthropic.setModels({u"claude-sonnet-4-5"_s});
    broken.setModelsStatus(500);
    quint16 closedPort = 0;
    {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost));
        closedPort = probe.serverPort();
    }
    QTemporaryDir dir;
    ProviderRegistry registry(dir.path(), u"default"_s);
    qputenv("SANDBENCH_TEST_ANTHROPIC", "sk-ant-test");
    QVERIFY(registry.add(provider(u"local"_s, ProviderApi::Chat, chat.baseUrl().toString(), true)));
    QVERIFY(registry.add(provider(u"anthropic"_s, ProviderApi::Messages, anthropic.baseUrl().toString(),
                                  false, u"SANDBENCH_TEST_ANTHROPIC"_s)));
    QVERIFY(registry.add(provider(u"broken"_s, ProviderApi::Responses, broken.baseUrl().toString())));
    QVERIFY(
        registry.add(provider(u"gone"_s, ProviderApi::Chat, u"http://127.0.0.1:%1/v1"_s.arg(closedPort))));

    bool done = false;
    QList<ModelInfo> models;
    QMap<QString, QString> errors;
    ModelListing *listing = registry.listModels(5000);
    connect(listing, &ModelListing::finished, this,
            [&](const QList<ModelInfo> &m, const QMap<QString, QString> &e) {
                models = m;
                errors = e;
                done = true;
            });
    QTRY_VERIFY_WITH_TIMEOUT(done, 10000);
    QStringList ids;
    for (const ModelInfo &m : std::as_const(models))
        ids.append(m.id);
    QCOMPARE(ids, (QStringList{u"anthropic/claude-sonnet-4-5"_s, u"local/llama3.2"_s, u"local/qwen3:8b"_s}));
    QCOMPARE(models.first().provider, u"anthropic"_s);
    QCOMPARE(models.first().model, u"claude-sonnet-4-5"_s);
    QCOMPARE(errors.keys(), (QStringList{u"broken"_s, u"gone"_s}));
    QVERIFY2(errors.value(u"broken"_s).contains(u"HTTP 500"_s), qPrintable(errors.value(u"broken"_s)));
    const RecordedRequest sent = anthropic.requests().first();
    QCOMPARE(sent.path, u"/v1/models"_s);
    QCOMPARE(sent.header("x-api-key"), QByteArray("sk-ant-test"));
    QCOMPARE(sent.header("anthropic-version"), QByteArray("2023-06-01"));
    qunsetenv("SANDBENCH_TEST_ANTHROPIC");
}

QTEST_GUILESS_MAIN(TestProviderRegistry)
#include "test_providerregistry.moc"
