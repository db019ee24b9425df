// SPDX-License-Identifier: GPL-3.0-or-later
#include "workspacesettings.h"

#include "jsonfile.h"

#include <QRegularExpression>
#include <optional>

using namespace Qt::StringLiterals;

static const QString kDocumentsQuota = u"documents_quota_bytes"_s;
static const QString kCodeTimeout = u"code_execution_timeout_seconds"_s;
static const QString kApprovals = u"approvals"_s;
static const QString kApprovalsTimeout = u"approvals_timeout_seconds"_s;
static const QString kLongSessions = u"long_sessions"_s;
static const QString kLongSessionsApi = u"long_sessions_api"_s;
static const QString kLongTimeout = u"long_command_timeout_seconds"_s;
static const QString kIdleSleep = u"idle_sleep_minutes"_s;
static const QString kPythonAhead = u"python_ahead"_s;

namespace {

std::optional<bool> parseBool(const QString &value)
{
    const QString v = value.trimmed().toLower();
    if (v == u"on" || v == u"true" || v == u"yes" || v == u"1")
        return true;
    if (v == u"off" || v == u"false" || v == u"no" || v == u"0")
        return false;
    return std::nullopt;
}

} // namespace

WorkspaceSettings::WorkspaceSettings(const QString &workspaceDir)
    : m_dir(workspaceDir)
{}

QString WorkspaceSettings::filePath() const
{
    return m_dir + u'/' + fileName();
}

bool WorkspaceSettings::load(QString *error)
{
    const std::optional<QJsonDocument> doc = JsonFile::read(filePath(), error);
    if (!doc)
        return false;
    m_json = doc->object();
    return true;
}

bool WorkspaceSettings::save(QString *error) const
{
    return JsonFile::write(filePath(), QJsonDocument(m_json), error);
}

qint64 WorkspaceSettings::documentsQuotaBytes() const
{
    const QJsonValue v = m_json.value(kDocumentsQuota);
    // A negative or non-numeric value cannot lift the limit.
    const double bytes = v.toDouble(-1);
    return v.isDouble() && bytes >= 0 ? qint64(bytes) : DefaultDocumentsQuotaBytes;
}

void WorkspaceSettings::setDocumentsQuotaBytes(qint64 bytes)
{
    m_json.insert(kDocumentsQuota, double(bytes));
}

int WorkspaceSettings::codeExecutionTimeoutSeconds() const
{
    const double seconds = m_json.value(kCodeTimeout).toDouble(0);
    return seconds >= 1 && seconds <= MaxCodeExecutionTimeoutSeconds ? int(seconds) : 0;
}

void WorkspaceSettings::setCodeExecutionTimeoutSeconds(int seconds)
{
    if (seconds <= 0)
        m_json.remove(kCodeTimeout);
    else
        m_json.insert(kCodeTimeout, seconds);
}

QString WorkspaceSettings::image() const
{
    return m_json.value(u"image"_s).toString();
}

void WorkspaceSettings::setImage(const QString &name)
{
    if (name.isEmpty())
        m_json.remove(u"image"_s);
    else
        m_json.insert(u"image"_s, name);
}

ApprovalPolicy WorkspaceSettings::approvalPolicy(QString *error) const
{
    QString why;
    const std::optional<ApprovalPolicy> p =
        ApprovalPolicy::fromJson(m_json.value(kApprovals).toObject(), &why);
    if (p)
        return *p;
    if (error)
        *error = why;
    ApprovalPolicy safe;
    safe.mode = ApprovalMode::Ask;
    return safe;
}

void WorkspaceSettings::setApprovalPolicy(const ApprovalPolicy &policy)
{
    m_json.insert(kApprovals, policy.toJson());
}

bool WorkspaceSettings::longSessions() const
{
    return m_json.value(kLongSessions).toBool(false);
}

void WorkspaceSettings::setLongSessions(bool on)
{
    m_json.insert(kLongSessions, on);
}

bool WorkspaceSettings::longSessionsForApi() const
{
    return m_json.value(kLongSessionsApi).toBool(false);
}

void WorkspaceSettings::setLongSessionsForApi(bool on)
{
    m_json.insert(kLongSessionsApi, on);
}

int WorkspaceSettings::longCommandTimeoutSeconds() const
{
    const double seconds = m_json.value(kLongTimeout).toDouble(0);
    return seconds >= 1 && seconds <= MaxLongCommandTimeoutSeconds ? int(seconds)
                                                                   : DefaultLongCommandTimeoutSeconds;
}

void WorkspaceSettings::setLongCommandTimeoutSeconds(int seconds)
{
    m_json.insert(kLongTimeout, seconds);
}

int WorkspaceSettings::idleSleepMinutes() const
{
    const QJsonValue v = m_json.value(kIdleSleep);
    const double minutes = v.toDouble(-1);
    return v.isDouble() && minutes >= 0 && minutes <= MaxIdleSleepMinutes ? int(minutes)
                                                                          : DefaultIdleSleepMinutes;
}

void WorkspaceSettings::setIdleSleepMinutes(int minutes)
{
    m_json.insert(kIdleSleep, minutes);
}

bool WorkspaceSettings::pythonAhead() const
{
    return m_json.value(kPythonAhead).toBool(true);
}

void WorkspaceSettings::setPythonAhead(bool on)
{
    m_json.insert(kPythonAhead, on);
}

SessionLimits WorkspaceSettings::sessionLimits(bool forApi, const SessionLimits &hosted) const
{
    // long_sessions is the switch; long_sessions_api only extends it to API requests (README "Long
    // sessions"): with long_sessions off, every request keeps the hosted limits whatever the API switch says.
    if (!longSessions() || (forApi && !longSessionsForApi()))
        return hosted;
    SessionLimits limits;
    limits.lifted = true;
    limits.maxTimeoutMs = longCommandTimeoutSeconds() * 1000;
    limits.defaultTimeoutMs = limits.maxTimeoutMs;
    limits.idleSleepMs = qint64(idleSleepMinutes()) * 60 * 1000;
    limits.keepOutputTail = true;
    return limits;
}

QStringList WorkspaceSettings::keys()
{
    return {kDocumentsQuota, kCodeTimeout,     u"image"_s,   kApprovals, kApprovalsTimeout,
            kLongSessions,   kLongSessionsApi, kLongTimeout, kIdleSleep, kPythonAhead};
}

QString WorkspaceSettings::value(const QString &key) const
{
    if (key == kDocumentsQuota)
        return QString::number(documentsQuotaBytes());
    if (key == kCodeTimeout)
        return codeExecutionTimeoutSeconds() > 0 ? QString::number(codeExecutionTimeoutSeconds()) : QString();
    if (key == u"image")
        return image();
    if (key == kApprovals)
        return ApprovalPolicy::modeName(approvalPolicy().mode);
    if (key == kApprovalsTimeout)
        return QString::number(approvalPolicy().timeoutSeconds);
    if (key == kLongSessions)
        return longSessions() ? u"on"_s : u"off"_s;
    if (key == kLongSessionsApi)
        return longSessionsForApi() ? u"on"_s : u"off"_s;
    if (key == kLongTimeout)
        return QString::number(longCommandTimeoutSeconds());
    if (key == kIdleSleep)
        return QString::number(idleSleepMinutes());
    if (key == kPythonAhead)
        return pythonAhead() ? u"on"_s : u"off"_s;
    return {};
}

bool WorkspaceSettings::setValue(const QString &key, const QString &value, QString *error)
{
    bool ok = false;
    const qint64 n = value.toLongLong(&ok);
    if (key == kDocumentsQuota) {
        if (!ok || n < 0) {
            *error = u"%1 must be a number of bytes (0 or more)"_s.arg(key);
            return false;
        }
        setDocumentsQuotaBytes(n);
        return true;
    }
    if (key == kCodeTimeout) {
        if (!ok || n < 0 || n > MaxCodeExecutionTimeoutSeconds) {
            *error = u"%1 must be a whole number of seconds from 1 to %2 (0 restores each contract's own "
                     "limit)"_s.arg(key)
                         .arg(MaxCodeExecutionTimeoutSeconds);
            return false;
        }
        setCodeExecutionTimeoutSeconds(int(n));
        return true;
    }
    if (key == u"image") {
        static const QRegularExpression name(u"^([A-Za-z0-9][A-Za-z0-9._:-]{0,63})?$"_s);
        if (!name.match(value).hasMatch()) {
            *error = u"image must be an image name (sandbench images list), or empty for the host's /usr"_s;
            return false;
        }
        setImage(value);
        return true;
    }
    if (key == kApprovals) {
        const std::optional<ApprovalMode> mode = ApprovalPolicy::parseMode(value);
        if (!mode) {
            *error = u"%1 must be one of %2"_s.arg(key, ApprovalPolicy::modeNames().join(u", "_s));
            return false;
        }
        ApprovalPolicy p = approvalPolicy();
        p.mode = *mode;
        setApprovalPolicy(p);
        return true;
    }
    if (key == kApprovalsTimeout) {
        if (!ok || n < 1 || n > ApprovalPolicy::MaxTimeoutSeconds) {
            *error = u"%1 must be a whole number of seconds from 1 to %2"_s.arg(key).arg(
                ApprovalPolicy::MaxTimeoutSeconds);
            return false;
        }
        ApprovalPolicy p = approvalPolicy();
        p.timeoutSeconds = int(n);
        setApprovalPolicy(p);
        return true;
    }
    if (key == kLongSessions || key == kLongSessionsApi || key == kPythonAhead) {
        const std::optional<bool> on = parseBool(value);
        if (!on) {
            *error = u"%1 must be on or off (got \"%2\")"_s.arg(key, value);
            return false;
        }
        if (key == kLongSessions)
            setLongSessions(*on);
        else if (key == kLongSessionsApi)
            setLongSessionsForApi(*on);
        else
            setPythonAhead(*on);
        return true;
    }
    if (key == kLongTimeout) {
        if (!ok || n < 1 || n > MaxLongCommandTimeoutSeconds) {
            *error = u"%1 must be a whole number of seconds from 1 to %2"_s.arg(key).arg(
                MaxLongCommandTimeoutSeconds);
            return false;
        }
        setLongCommandTimeoutSeconds(int(n));
        return true;
    }
    if (key == kIdleSleep) {
        if (!ok || n < 0 || n > MaxIdleSleepMinutes) {
            *error = u"%1 must be a whole number of minutes from 0 (never sleep) to %2"_s.arg(key).arg(
                MaxIdleSleepMinutes);
            return false;
        }
        setIdleSleepMinutes(int(n));
        return true;
    }
    *error = u"unknown setting \"%1\" (known: %2)"_s.arg(key, keys().join(u", "_s));
    return false;
}
