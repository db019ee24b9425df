// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QObject>
#include <QStringList>
#include <QUrl>

class QNetworkAccessManager;

// A model server found on this machine's loopback.
struct LocalServer
{
    int port = 0;
    QUrl baseUrl; // http://127.0.0.1:PORT/v1
    QString kind; // "Ollama", "llama.cpp", "LM Studio", "vLLM" or "OpenAI-compatible"
    QStringList models;
};

// Looks for local OpenAI-compatible servers (Ollama 11434, llama.cpp 8080, LM Studio 1234, vLLM 8000) by
// GET /v1/models with a short timeout, all ports at once.
class LocalServerProbe : public QObject
{
    Q_OBJECT
public:
    explicit LocalServerProbe(QObject *parent = nullptr);

    static QList<int> defaultPorts() { return {11434, 8080, 1234, 8000}; }
    static QString kindForPort(int port);

    void start(const QList<int> &ports = defaultPorts(), int timeoutMs = 800);
    QList<LocalServer> servers() const { return m_found; }

Q_SIGNALS:
    void found(const LocalServer &server);
    void finished(const QList<LocalServer> &servers);

private:
    QNetworkAccessManager *m_nam = nullptr;
    QList<LocalServer> m_found;
    int m_pending = 0;
};
