// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "approvalpolicy.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

// A workspace's own settings, kept in <workspace dir>/settings.json and shared by the window, `serve` and the
// other commands: {"documents_quota_bytes": N, "code_execution_timeout_seconds": S, "image": NAME,
// "approvals": {...}}. A missing file or key means the default. `sandbench workspaces set KEY VALUE` writes them.
class WorkspaceSettings
{
public:
    static constexpr qint64 DefaultDocumentsQuotaBytes = 10LL * 1024 * 1024 * 1024;
    // The shell's own maximum per command (ShellAction::MaxTimeoutMs).
    static constexpr int MaxCodeExecutionTimeoutSeconds = 300;

    explicit WorkspaceSettings(const QString &workspaceDir);

    static QString fileName() { return QStringLiteral("settings.json"); }
    QString filePath() const;

    // False with *error when the file exists but cannot be read; the defaults stay in force.
    bool load(QString *error = nullptr);
    // Atomic write; keys this class does not know are kept.
    bool save(QString *error = nullptr) const;

    // The most the workspace's documents may hold, in bytes (their apparent sizes added up).
    qint64 documentsQuotaBytes() const;
    void setDocumentsQuotaBytes(qint64 bytes);
    // The time limit of one run of a hosted code-execution contract whose vendor sets one (Gemini's
    // codeExecution: 30 s), 1 to MaxCodeExecutionTimeoutSeconds; 0 when not set (the contract's own limit).
    // A value out of range counts as not set.
    int codeExecutionTimeoutSeconds() const;
    void setCodeExecutionTimeoutSeconds(int seconds); // 0 removes the setting

    // The image (ImageStore name) the workspace's new containers run on; empty: the host's /usr.
    QString image() const;
    void setImage(const QString &name); // empty removes the setting
    // The approval mode, rules and wait limit for the workspace's calls ({"approvals": {...}}, README
    // "Approvals"); false with *error when the file holds a bad entry, and then the strictest safe
    // default (ask before each call) is in force.
    ApprovalPolicy approvalPolicy(QString *error = nullptr) const;
    void setApprovalPolicy(const ApprovalPolicy &policy);

    // The keys `sandbench workspaces` knows, and one of them as text; setValue() checks the value and
    // returns false with *error naming the range.
    static QStringList keys();
    QString value(const QString &key) const;
    bool setValue(const QString &key, const QString &value, QString *error);

private:
    QString m_dir;
    QJsonObject m_json;
};
