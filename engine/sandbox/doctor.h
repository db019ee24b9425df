// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sandboxsettings.h"

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QObject>
#include <QPointer>

class Container;

// One line of the doctor's report.
struct DoctorCheck
{
    QString check;
    bool ok = false;
    QString detail;
    QString fix;          // what to do when !ok
    bool required = true; // false: a missing feature weakens limits but sandboxes still run
};

// Finds out what isolation this machine offers and proves it by running a command in a real container.
class Doctor : public QObject
{
    Q_OBJECT
public:
    explicit Doctor(const SandboxSettings &settings, QObject *parent = nullptr);
    ~Doctor() override;

    // Runs the checks; finished() follows (never synchronously).
    void run();
    bool isFinished() const { return m_finished; }
    QList<DoctorCheck> checks() const { return m_checks; }
    // True when every required check passed.
    bool canRun() const;
    QMap<QString, QString> enforcement() const { return m_enforcement; }
    // A readable table, one check per line, with the fixes of failed checks below it.
    QString report() const;
    QJsonObject toJson() const;

    // The checks that only read kernel settings (no container started).
    static QList<DoctorCheck> systemChecks(const SandboxSettings &settings);

Q_SIGNALS:
    void finished();

private:
    void containerCheck();
    void finish();

    SandboxSettings m_settings;
    QList<DoctorCheck> m_checks;
    QMap<QString, QString> m_enforcement;
    QPointer<Container> m_container;
    QString m_containerId;
    bool m_finished = false;
};
