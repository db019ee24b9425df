// SPDX-License-Identifier: GPL-3.0-or-later
#include "guardrailconfig.h"

#include "base/jsonfile.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

GuardrailConfig::GuardrailConfig(const QString &workspaceDir)
    : m_dir(workspaceDir)
{}

QString GuardrailConfig::filePath() const
{
    return QDir(m_dir).filePath(fileName());
}

bool GuardrailConfig::load(QString *error)
{
    m_guardrails.clear();
    m_scanToolOutput = false;
    const std::optional<QJsonDocument> doc = JsonFile::read(filePath(), error);
    if (!doc)
        return false;
    if (doc->isNull())
        return true;
    if (!doc->isObject()) {
        if (error)
            *error = u"%1 must hold a JSON object"_s.arg(filePath());
        return false;
    }
    const QJsonObject root = doc->object();
    m_scanToolOutput = root.value(u"scan_tool_output"_s).toBool();
    for (const QJsonValue &value : root.value(u"guardrails"_s).toArray()) {
        const QJsonObject o = value.toObject();
        QString message;
        if (!set(o.value(u"slug"_s).toString(), o.value(u"action"_s).toString(),
                 o.value(u"scope"_s).toString(), &message)) {
            if (error)
                *error = u"%1: %2"_s.arg(filePath(), message);
            m_guardrails.clear();
            return false;
        }
    }
    return true;
}

bool GuardrailConfig::save(QString *error) const
{
    QJsonArray list;
    for (const Guardrail &g : m_guardrails) {
        list.append(QJsonObject{{u"slug"_s, g.slug},
                                {u"action"_s, guardrailActionName(g.action)},
                                {u"scope"_s, guardrailScopeName(g.scope)}});
    }
    const QJsonObject root{
        {u"version"_s, 1}, {u"scan_tool_output"_s, m_scanToolOutput}, {u"guardrails"_s, list}};
    return JsonFile::write(filePath(), QJsonDocument(root), error);
}

bool GuardrailConfig::set(const QString &slug, const QString &action, const QString &scope, QString *error)
{
    const QStringList slugs = GuardrailEngine::builtinSlugs();
    if (!slugs.contains(slug)) {
        if (error)
            *error = u"unknown guardrail '%1'; available: %2"_s.arg(slug, slugs.join(u", "_s));
        return false;
    }
    const auto parsedAction = parseGuardrailAction(action);
    if (!parsedAction) {
        if (error)
            *error = u"unknown action '%1'; use one of: flag, redact, block"_s.arg(action);
        return false;
    }
    std::optional<GuardrailScope> parsedScope;
    if (!scope.isEmpty()) {
        parsedScope = parseGuardrailScope(scope);
        if (!parsedScope) {
            if (error)
                *error = u"unknown scope '%1'; use one of: user_only, all_messages"_s.arg(scope);
            return false;
        }
    }
    for (Guardrail &g : m_guardrails) {
        if (g.slug == slug) {
            g.action = *parsedAction;
            if (parsedScope)
                g.scope = *parsedScope;
            return true;
        }
    }
    m_guardrails.append({slug, *parsedAction, parsedScope.value_or(GuardrailScope::UserOnly)});
    return true;
}

bool GuardrailConfig::remove(const QString &slug)
{
    return m_guardrails.removeIf([&](const Guardrail &g) { return g.slug == slug; }) > 0;
}
