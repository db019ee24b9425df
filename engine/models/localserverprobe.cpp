// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/localserverprobe.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTimer>

using namespace Qt::StringLiterals;

LocalServerProbe::LocalServerProbe(QObject *parent)
    : QObject(parent)
    , m_nam(new QNetworkAccessManager(this))
{}

QString LocalServerProbe::kindForPort(int port)
{
    switch (port) {
    case 11434:
        return u"Ollama"_s;
    case 8080:
        return u"llama.cpp"_s;
    case 1234:
        return u"LM Studio"_s;
    case 8000:
        return u"vLLM"_s;
    default:
        return u"OpenAI-compatible"_s;
    }
}

void LocalServerProbe::start(const QList<int> &ports, int timeoutMs)
{
    m_found.clear();
    m_pending = int(ports.size());
    if (ports.isEmpty()) {
        QTimer::singleShot(0, this, [this] { Q_EMIT finished(m_found); });
        return;
    }
    for (const int port : ports) {
        const QUrl base(u"http://127.0.0.1:%1/v1"_s.arg(port));
        QNetworkRequest request(QUrl(base.toString() + u"/models"_s));
        request.setTransferTimeout(timeoutMs);
        request.setRawHeader("Accept", "application/json");
        QNetworkReply *reply = m_nam->get(request);
        connect(reply, &QNetworkReply::finished, this, [this, reply, port, base] {
            reply->deleteLater();
            const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            if (status == 200) {
                LocalServer server;
                server.port = port;
                server.baseUrl = base;
                server.kind = kindForPort(port);
                const QJsonObject body = QJsonDocument::fromJson(reply->readAll()).object();
                for (const QJsonValue &m : body.value(u"data"_s).toArray())
                    server.models.append(m.toObject().value(u"id"_s).toString());
                m_found.append(server);
                Q_EMIT found(server);
            }
            if (--m_pending == 0) {
                std::sort(m_found.begin(), m_found.end(),
                          [](const LocalServer &a, const LocalServer &b) { return a.port < b.port; });
                Q_EMIT finished(m_found);
            }
        });
    }
}
