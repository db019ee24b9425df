// SPDX-License-Identifier: GPL-3.0-or-later
#include "settings/providersettings.h"

#include "base/settings.h"
#include "common/inlinemessage.h"
#include "common/retranslate.h"
#include "models/localserverprobe.h"
#include "models/providerregistry.h"
#include "secrets/secretstore.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

ProviderSettingsPage::ProviderSettingsPage(ProviderRegistry *registry, SecretStore *secrets,
                                           Settings *settings, QWidget *parent)
    : QWidget(parent)
    , m_registry(registry)
    , m_secrets(secrets)
    , m_settings(settings)
{
    setObjectName(u"ProviderSettingsPage"_s);
    m_probe = new LocalServerProbe(this);

    m_list = new QListWidget(this);
    m_list->setObjectName(u"ProviderList"_s);
    m_name = new QLineEdit(this);
    m_name->setObjectName(u"ProviderName"_s);
    m_name->setPlaceholderText(u"openrouter"_s);
    m_api = new QComboBox(this);
    m_api->setObjectName(u"ProviderApi"_s);
    m_api->addItem(QString(), u"chat"_s);
    retranslate(m_api, [this, item = m_api->count() - 1] {
        m_api->setItemText(item, tr("Chat Completions (OpenRouter, Ollama, llama.cpp, vLLM, LM Studio)"));
    });
    m_api->addItem(QString(), u"responses"_s);
    retranslate(m_api,
                [this, item = m_api->count() - 1] { m_api->setItemText(item, tr("OpenAI Responses")); });
    m_api->addItem(QString(), u"messages"_s);
    retranslate(m_api,
                [this, item = m_api->count() - 1] { m_api->setItemText(item, tr("Anthropic Messages")); });
    m_baseUrl = new QLineEdit(this);
    m_baseUrl->setObjectName(u"ProviderBaseUrl"_s);
    m_baseUrl->setPlaceholderText(u"https://openrouter.ai/api/v1"_s);
    m_key = new QLineEdit(this);
    m_key->setObjectName(u"ProviderKey"_s);
    m_key->setEchoMode(QLineEdit::Password);
    retranslate(m_key, [this] { m_key->setPlaceholderText(tr("Stored in the system keychain")); });
    m_keyState = new QLabel(this);
    m_keyState->setObjectName(u"ProviderKeyState"_s);
    m_keyState->setWordWrap(true);
    m_keyState->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_keyEnv = new QLineEdit(this);
    m_keyEnv->setObjectName(u"ProviderKeyEnv"_s);
    retranslate(m_keyEnv, [this] {
        m_keyEnv->setPlaceholderText(tr("or the name of an environment variable, e.g. OPENROUTER_API_KEY"));
    });

    auto *form = new QFormLayout;
    addTranslatedRow(
        form, [] { return tr("&Name:"); }, m_name);
    addTranslatedRow(
        form, [] { return tr("&API format:"); }, m_api);
    addTranslatedRow(
        form, [] { return tr("&Base URL:"); }, m_baseUrl);
    addTranslatedRow(
        form, [] { return tr("API &key:"); }, m_key);
    form->addRow(QString(), m_keyState);
    addTranslatedRow(
        form, [] { return tr("Key &variable:"); }, m_keyEnv);

    m_save = new QPushButton(this);
    retranslate(m_save, [this] { m_save->setText(tr("Save provider")); });
    m_save->setObjectName(u"SaveProviderButton"_s);
    m_remove = new QPushButton(this);
    retranslate(m_remove, [this] { m_remove->setText(tr("Remove")); });
    m_remove->setObjectName(u"RemoveProviderButton"_s);
    m_remove->setEnabled(false); // nothing selected yet
    m_add = new QPushButton(this);
    setTranslatedText(m_add, [] { return tr("Add provider"); });
    m_add->setObjectName(u"AddProviderButton"_s);
    m_test = new QPushButton(this);
    setTranslatedText(m_test, [] { return tr("Test connection"); });
    m_test->setObjectName(u"TestConnectionButton"_s);
    setTranslatedToolTip(m_test, [=, this]() -> QString {
        return tr("Ask the provider at this base URL for its models, with the key typed here or "
                  "the one stored");
    });
    m_testResult = new InlineMessage(this);
    m_testResult->setObjectName(u"ProviderTestResult"_s);
    auto *formButtons = new QHBoxLayout;
    formButtons->addWidget(m_test);
    formButtons->addStretch(1);
    formButtons->addWidget(m_add);
    formButtons->addWidget(m_remove);
    formButtons->addWidget(m_save);

    m_detect = new QPushButton(this);
    retranslate(m_detect, [this] { m_detect->setText(tr("Detect local servers")); });
    m_detect->setObjectName(u"DetectButton"_s);
    m_local = new QListWidget(this);
    m_local->setObjectName(u"LocalServers"_s);
    m_local->setMaximumHeight(90);
    auto *localBox = new QGroupBox(this);
    retranslate(localBox, [localBox] { localBox->setTitle(tr("Model servers on this computer")); });
    auto *localLayout = new QVBoxLayout(localBox);
    localLayout->addWidget(translatedLabel(
        [=, this]() -> QString {
            return tr("Ollama (11434), llama.cpp (8080), LM Studio (1234) and vLLM (8000) are "
                      "looked for. Double-click one to fill in the form.");
        },
        localBox));
    localLayout->addWidget(m_local);
    localLayout->addWidget(m_detect, 0, Qt::AlignRight);

    m_message = new InlineMessage(this);
    m_message->setObjectName(u"ProviderMessage"_s);

    auto *right = new QVBoxLayout;
    right->addLayout(form);
    right->addLayout(formButtons);
    right->addWidget(m_testResult);
    right->addWidget(localBox);
    right->addStretch(1);
    auto *columns = new QHBoxLayout;
    columns->addWidget(m_list, 1);
    columns->addLayout(right, 2);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_message);
    layout->addLayout(columns, 1);

    connect(m_list, &QListWidget::currentTextChanged, this, &ProviderSettingsPage::showProvider);
    connect(m_save, &QPushButton::clicked, this, &ProviderSettingsPage::save);
    connect(m_remove, &QPushButton::clicked, this, &ProviderSettingsPage::removeSelected);
    // Remove acts on the provider selected in the list, so it is off while none is.
    connect(m_list, &QListWidget::currentItemChanged, this,
            [this](QListWidgetItem *item) { m_remove->setEnabled(item != nullptr); });
    connect(m_add, &QPushButton::clicked, this, &ProviderSettingsPage::startNewProvider);
    connect(m_test, &QPushButton::clicked, this, &ProviderSettingsPage::testConnection);
    connect(m_detect, &QPushButton::clicked, this, &ProviderSettingsPage::detectLocalServers);
    connect(m_probe, &LocalServerProbe::finished, this, [this](const QList<LocalServer> &servers) {
        m_detect->setEnabled(true);
        m_local->clear();
        for (const LocalServer &s : servers) {
            auto *item = new QListWidgetItem(
                tr("%1 at %2 — %n model(s)", nullptr, int(s.models.size())).arg(s.kind, s.baseUrl.toString()),
                m_local);
            item->setData(Qt::UserRole, s.baseUrl.toString());
            item->setData(Qt::UserRole + 1, s.kind);
        }
        if (servers.isEmpty())
            m_message->showMessage([=, this]() -> QString { return tr("No local model server answered."); },
                                   InlineMessage::Type::Information);
    });
    connect(m_local, &QListWidget::itemActivated, this, [this](QListWidgetItem *item) {
        m_list->setCurrentItem(nullptr);
        m_name->setText(item->data(Qt::UserRole + 1).toString().toLower().remove(u' ').remove(u'.'));
        m_api->setCurrentIndex(m_api->findData(u"chat"_s));
        m_baseUrl->setText(item->data(Qt::UserRole).toString());
        m_key->clear();
        m_keyEnv->clear();
    });
    connect(m_secrets, &SecretStore::keyWritten, this, [this](const QString &provider) {
        m_message->showMessage(
            [=, this]() -> QString {
                return tr("Saved %1; its key is in the system keychain.").arg(provider);
            },
            InlineMessage::Type::Positive);
        Q_EMIT providersChanged();
    });
    connect(m_secrets, &SecretStore::keysChanged, this, &ProviderSettingsPage::updateKeyState);
    connect(m_name, &QLineEdit::textChanged, this, &ProviderSettingsPage::updateKeyState);
    connect(m_key, &QLineEdit::textChanged, this, &ProviderSettingsPage::updateKeyState);
    connect(m_secrets, &SecretStore::writeFailed, this,
            [this](const QString &provider, const QString &error) {
                m_message->showMessage(
                    [=, this]() -> QString {
                        return tr("%1 was saved without its key. %2").arg(provider, error);
                    },
                    InlineMessage::Type::Error);
            });
    reload();
    updateKeyState();
}

void ProviderSettingsPage::reload()
{
    const QString current = m_list->currentItem() ? m_list->currentItem()->text() : QString();
    m_list->clear();
    for (const ProviderConfig &p : m_registry->providers()) {
        auto *item = new QListWidgetItem(p.name, m_list);
        if (p.isDefault) {
            // The text stays the bare name: it is how the list finds the provider.
            QFont bold = item->font();
            bold.setBold(true);
            item->setFont(bold);
            item->setIcon(
                QIcon::fromTheme(u"emblem-default"_s, style()->standardIcon(QStyle::SP_DialogApplyButton)));
            item->setToolTip(tr("The default provider: a model name without a provider's name goes here"));
            item->setData(Qt::UserRole, true);
        }
    }
    const auto found = m_list->findItems(current, Qt::MatchExactly);
    if (!found.isEmpty())
        m_list->setCurrentItem(found.first());
    else if (m_list->count() > 0 && m_name->text().trimmed().isEmpty())
        m_list->setCurrentRow(0); // the page opens on a provider, not on a blank form beside the list
}

void ProviderSettingsPage::showProvider(const QString &name)
{
    const std::optional<ProviderConfig> p = m_registry->provider(name);
    if (!p)
        return;
    m_name->setText(p->name);
    m_api->setCurrentIndex(m_api->findData(providerApiName(p->api)));
    m_baseUrl->setText(p->baseUrl.toString());
    m_keyEnv->setText(p->keyEnv);
    m_key->clear();
    // A test's answer was about the provider shown before.
    ++m_testRun;
    m_test->setEnabled(true);
    m_testResult->hide();
    m_secrets->prefetch({p->name});
    updateKeyState();
}

void ProviderSettingsPage::updateKeyState()
{
    const QString name = m_name->text().trimmed();
    if (name.isEmpty() || !m_registry->provider(name)) {
        m_keyState->clear();
        m_keyState->hide();
        return;
    }
    QString text;
    switch (m_secrets->keyState(name)) {
    case SecretStore::KeyState::Unknown:
    case SecretStore::KeyState::Reading:
        text = tr("Looking for a key in the system keychain…");
        break;
    case SecretStore::KeyState::Stored:
        text = tr("A key is stored in the system keychain. Type a new one to replace it.");
        break;
    case SecretStore::KeyState::NotStored:
        text = m_keyEnv->text().trimmed().isEmpty()
                   ? tr("No key is stored; requests are sent without one (fine for local servers).")
                   : tr("No key is stored in the keychain; the environment variable is used.");
        break;
    case SecretStore::KeyState::Unavailable: {
        // Only worth a warning when a key is needed: one was kept in the keychain, or one is typed now.
        // A local server without a key never needs the keychain.
        QString problem;
        m_registry->apiKey(*m_registry->provider(name), &problem);
        if (!problem.isEmpty())
            text = problem;
        else if (!m_key->text().isEmpty())
            text = tr("This key cannot be saved. %1").arg(m_secrets->unavailableReason());
        else if (!m_keyEnv->text().trimmed().isEmpty())
            text = tr("No key is stored in the keychain; the environment variable is used.");
        else
            text = tr("No key is stored; requests are sent without one (fine for local servers).");
        break;
    }
    }
    m_keyState->setText(text);
    m_keyState->show();
}

void ProviderSettingsPage::startNewProvider()
{
    m_list->setCurrentItem(nullptr);
    m_name->clear();
    m_api->setCurrentIndex(0);
    m_baseUrl->clear();
    m_key->clear();
    m_keyEnv->clear();
    m_testResult->hide();
    m_name->setFocus();
}

void ProviderSettingsPage::save()
{
    ProviderConfig config;
    config.name = m_name->text().trimmed();
    config.api = providerApiFromName(m_api->currentData().toString()).value_or(ProviderApi::Chat);
    config.baseUrl = QUrl(m_baseUrl->text().trimmed());
    config.keyEnv = m_keyEnv->text().trimmed();
    // Taken now: reload() below shows the provider again, which empties the key field.
    const QString key = m_key->text();
    // Saving an existing provider again keeps whether it is the default.
    const std::optional<ProviderConfig> existing = m_registry->provider(config.name);
    config.isDefault = existing ? existing->isDefault : m_registry->providers().isEmpty();
    QString error = config.validate();
    if (error.isEmpty()) {
        if (m_registry->provider(config.name))
            m_registry->remove(config.name, &error);
        if (error.isEmpty())
            m_registry->add(config, &error);
    }
    if (!error.isEmpty()) {
        m_message->showMessage(error, InlineMessage::Type::Error);
        return;
    }
    reload();
    Q_EMIT providersChanged();
    if (!key.isEmpty()) {
        m_secrets->writeKey(config.name, key);
        m_key->clear();
    } else {
        m_message->showMessage([=, this]() -> QString { return tr("Saved %1.").arg(config.name); },
                               InlineMessage::Type::Positive);
    }
}

void ProviderSettingsPage::testConnection()
{
    ProviderConfig config;
    config.name = m_name->text().trimmed();
    config.api = providerApiFromName(m_api->currentData().toString()).value_or(ProviderApi::Chat);
    config.baseUrl = QUrl(m_baseUrl->text().trimmed());
    config.keyEnv = m_keyEnv->text().trimmed();
    if (config.name.isEmpty())
        config.name = u"test"_s; // a name is not needed to ask a server for its models
    if (const QString error = config.validate(); !error.isEmpty()) {
        m_testResult->showMessage(error, InlineMessage::Type::Error);
        return;
    }
    m_test->setEnabled(false);
    m_testResult->showMessage(
        [=, this]() -> QString {
            return tr("Asking %1 for its models…").arg(config.endpoint(u"/models"_s).toString());
        },
        InlineMessage::Type::Information);
    const int run = ++m_testRun;
    ModelListing *listing = m_registry->testProvider(config, m_key->text());
    connect(listing, &ModelListing::finished, this,
            [this, run, url = config.endpoint(u"/models"_s).toString()](
                const QList<ModelInfo> &models, const QMap<QString, QString> &errors) {
                if (run != m_testRun)
                    return; // an older test answering late
                m_test->setEnabled(true);
                if (!errors.isEmpty()) {
                    m_testResult->showMessage(
                        [=, this]() -> QString {
                            return tr("%1 did not answer as a model server: %2").arg(url, errors.first());
                        },
                        InlineMessage::Type::Error);
                    return;
                }
                QStringList names;
                for (const ModelInfo &m : models.mid(0, 3))
                    names.append(m.model);
                m_testResult->showMessage(
                    [=, this]() -> QString {
                        return models.isEmpty() ? tr("%1 answered, but lists no models.").arg(url)
                                                : tr("Connected. Models listed: %1 (%2 in all).")
                                                      .arg(names.join(u", "_s))
                                                      .arg(models.size());
                    },
                    models.isEmpty() ? InlineMessage::Type::Warning : InlineMessage::Type::Positive);
            });
}

void ProviderSettingsPage::removeSelected()
{
    if (!m_list->currentItem())
        return;
    const QString name = m_list->currentItem()->text();
    QString error;
    if (!m_registry->remove(name, &error)) {
        m_message->showMessage(error, InlineMessage::Type::Error);
        return;
    }
    // A later provider of the same name (perhaps at another host) must not inherit the key, whatever the
    // keychain has answered so far (a read may still be running).
    m_secrets->removeKey(name);
    reload();
    Q_EMIT providersChanged();
}

void ProviderSettingsPage::detectLocalServers()
{
    m_detect->setEnabled(false);
    m_message->hide();
    m_probe->start(m_settings->localServerPorts());
}

ProviderSettingsDialog::ProviderSettingsDialog(ProviderRegistry *registry, SecretStore *secrets,
                                               Settings *settings, QWidget *parent)
    : QDialog(parent)
    , m_page(new ProviderSettingsPage(registry, secrets, settings, this))
{
    setObjectName(u"ProviderSettings"_s);
    setWindowTitle(tr("Model providers"));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_page, &ProviderSettingsPage::providersChanged, this, &ProviderSettingsDialog::providersChanged);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_page, 1);
    layout->addWidget(buttons);
    resize(820, 500);
}

void ProviderSettingsDialog::detectLocalServers()
{
    m_page->detectLocalServers();
}
