// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "guardrail.h"

#include <QList>
#include <QString>

// A workspace's guardrail settings, kept in <workspace dir>/guardrails.json and written atomically.
class GuardrailConfig
{
public:
    explicit GuardrailConfig(const QString &workspaceDir);

    static QString fileName() { return QStringLiteral("guardrails.json"); }
    QString filePath() const;

    // A missing file is an empty configuration, not an error.
    bool load(QString *error = nullptr);
    bool save(QString *error = nullptr) const;

    QList<Guardrail> guardrails() const { return m_guardrails; }
    // Adds or updates one guardrail. An empty scope keeps the current one (user_only for a new guardrail).
    // Errors name the bad value and list the allowed ones.
    bool set(const QString &slug, const QString &action, const QString &scope = {}, QString *error = nullptr);
    bool remove(const QString &slug);

    // Whether sandbox output is scanned before the model reads it.
    bool scanToolOutput() const { return m_scanToolOutput; }
    void setScanToolOutput(bool on) { m_scanToolOutput = on; }

private:
    QString m_dir;
    QList<Guardrail> m_guardrails;
    bool m_scanToolOutput = false;
};
