// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>
#include <QWidget>

class InlineMessage;
class LocalServerProbe;
class ProviderRegistry;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class SecretStore;
class Settings;

// The provider settings page: name, API format, base URL and key of each provider; keys go to the OS
// keychain only. Local model servers are detected and offered. The Settings dialog embeds it as a page;
// ProviderSettingsDialog shows it on its own.
class ProviderSettingsPage : public QWidget
{
    Q_OBJECT
public:
    ProviderSettingsPage(ProviderRegistry *registry, SecretStore *secrets, Settings *settings,
                         QWidget *parent = nullptr);

public Q_SLOTS:
    void detectLocalServers();
    // A blank form for a new provider, nothing in the list selected, the name field focused: Save adds it.
    void startNewProvider();

Q_SIGNALS:
    // A provider was added, changed or removed, or a key was stored.
    void providersChanged();

private:
    void reload();
    void showProvider(const QString &name);
    void save();
    void removeSelected();
    void updateKeyState();
    // GETs the form's provider's /models (the typed key, else its stored one) and shows the answer.
    void testConnection();

    ProviderRegistry *m_registry;
    SecretStore *m_secrets;
    Settings *m_settings;
    LocalServerProbe *m_probe = nullptr;
    QListWidget *m_list = nullptr;
    QLineEdit *m_name = nullptr;
    QComboBox *m_api = nullptr;
    QLineEdit *m_baseUrl = nullptr;
    QLineEdit *m_key = nullptr;
    QLabel *m_keyState = nullptr;
    QLineEdit *m_keyEnv = nullptr;
    QPushButton *m_save = nullptr;
    QPushButton *m_add = nullptr;
    QPushButton *m_remove = nullptr;
    QPushButton *m_test = nullptr;
    InlineMessage *m_testResult = nullptr;
    int m_testRun = 0;
    QPushButton *m_detect = nullptr;
    QListWidget *m_local = nullptr;
    InlineMessage *m_message = nullptr;
};

// The provider settings page in a window of its own, with a Close button.
class ProviderSettingsDialog : public QDialog
{
    Q_OBJECT
public:
    ProviderSettingsDialog(ProviderRegistry *registry, SecretStore *secrets, Settings *settings,
                           QWidget *parent = nullptr);

    ProviderSettingsPage *page() const { return m_page; }

public Q_SLOTS:
    void detectLocalServers();

Q_SIGNALS:
    void providersChanged();

private:
    ProviderSettingsPage *m_page;
};
