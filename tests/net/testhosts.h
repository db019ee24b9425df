// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QHostAddress>
#include <QProcess>
#include <QString>
#include <QStringList>

// Pretend outside web servers for network tests: a network namespace joined to the host by a veth pair
// (10.213.7.0/24, a range only these tests use), serving HTTP on 80 and 8080 and HTTPS on 443 with a
// certificate made at set-up time. Needs root.
class TestHosts
{
public:
    static constexpr const char *Namespace = "sbnet-web";
    static QString hostSideAddress() { return QStringLiteral("10.213.7.1"); }
    static QString serverAddress() { return QStringLiteral("10.213.7.2"); }
    // Names the proxy is told to resolve to the server (its test host map).
    static QHash<QString, QHostAddress> hostMap();

    ~TestHosts();

    // Empty when the machine can run these tests, else why not (for QSKIP).
    static QString unavailableReason();
    // workDir must outlive the hosts; it receives the certificate, the served files and the server script.
    bool setUp(const QString &workDir, QString *error);
    void tearDown();

    QString certificatePath() const { return m_workDir + QStringLiteral("/cert.pem"); }
    QString wwwDir() const { return m_workDir + QStringLiteral("/www"); }

    // Runs a set-up command to completion (nothing in the test process needs to serve it).
    static bool runTool(const QString &program, const QStringList &args, QString *error);

private:
    static void removeLeftovers();
    bool makeContent(QString *error);

    QString m_workDir;
    QProcess m_server;
    bool m_up = false;
};
