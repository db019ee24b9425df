// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>

// Keeps provider API keys in the OS keychain through QtKeychain; asynchronous, and never falls back to
// plain files when no keychain service runs.
class SecretStore : public QObject
{
    Q_OBJECT
public:
    explicit SecretStore(const QString &workspace, QObject *parent = nullptr);

    // The keychain entry name of a provider's key.
    QString entryName(const QString &provider) const;

    void writeKey(const QString &provider, const QString &key);
    void readKey(const QString &provider);

Q_SIGNALS:
    void keyWritten(const QString &provider);
    void keyRead(const QString &provider, const QString &key);
    // error is a sentence for the user, naming the keychain problem.
    void failed(const QString &provider, const QString &error);

private:
    QString m_workspace;
};
