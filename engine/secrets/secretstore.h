// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QObject>
#include <QSet>

// Keeps provider API keys in the OS keychain through QtKeychain; asynchronous, and never falls back to
// plain files when no keychain service runs. Keys read once are kept in memory so requests never wait for
// the keychain; keyState() says what is known about each provider's key.
class SecretStore : public QObject
{
    Q_OBJECT
public:
    enum class KeyState { Unknown, Reading, Stored, NotStored, Unavailable };
    Q_ENUM(KeyState)

    explicit SecretStore(const QString &workspace, QObject *parent = nullptr);

    // The keychain entry name of a provider's key.
    QString entryName(const QString &provider) const;

    void writeKey(const QString &provider, const QString &key);
    void readKey(const QString &provider);
    void removeKey(const QString &provider);
    // Starts reading each provider's key that is neither known nor being read.
    void prefetch(const QStringList &providers);
    // Forgets what is known about a provider's key so the next prefetch() reads it again.
    void forget(const QString &provider);

    KeyState keyState(const QString &provider) const;
    // The key read or written last; empty unless keyState() is Stored.
    QString cachedKey(const QString &provider) const;
    // Empty while the keychain answers; otherwise a sentence saying why it cannot be used.
    QString unavailableReason() const { return m_unavailable; }

    // For tests where no keychain service can run: every SecretStore created afterwards keeps its keys in
    // *keys (entry name → key) instead of the OS keychain, answering asynchronously like the keychain.
    // Null restores the keychain.
    static void setMemoryBackendForTests(QHash<QString, QString> *keys);

Q_SIGNALS:
    void keyWritten(const QString &provider);
    void keyRead(const QString &provider, const QString &key);
    void keyRemoved(const QString &provider);
    // error is a sentence for the user, naming the keychain problem.
    void failed(const QString &provider, const QString &error);
    // A writeKey() did not store the key (failed() is emitted too).
    void writeFailed(const QString &provider, const QString &error);
    // keyState() or cachedKey() changed for some provider.
    void keysChanged();

private:
    enum class Op { Read, Write, Remove };
    void run(Op op, const QString &provider, const QString &key);
    void finish(Op op, const QString &provider, const QString &key, int error, const QString &detail);

    QString m_workspace;
    QHash<QString, QString> *m_memory = nullptr;
    QHash<QString, QString> m_keys;
    QHash<QString, KeyState> m_states;
    QString m_unavailable;
};
