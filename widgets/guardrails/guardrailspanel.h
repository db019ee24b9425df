// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <functional>

#include "gateway/guardrail.h"

#include <QByteArray>
#include <QHash>
#include <QTimer>
#include <QWidget>

#include <optional>

class InlineMessage;
class LogsReader;
class QCheckBox;
class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;
class QTreeWidget;

// What the test box predicts for one sample, from the engine's own evaluation.
struct GuardrailTestResult
{
    QString text; // the sample evaluated
    bool toolOutput = false;
    bool outputScanningOff = false; // a sandbox-output sample while output scanning is off
    std::optional<GuardrailAction> verdict;
    QList<Detection> detections;
    QString forwarded; // what the model would read (redacted when the verdict is redact)
    QString blockReason;
};

// The Guardrails panel: each built-in guardrail (the prompt-injection pattern set and the PII detectors)
// switched on or off with its action and scope, sandbox-output scanning, saved atomically to the
// workspace's guardrails.json through GuardrailConfig; a test box that runs the engine's evaluation on a
// sample and shows the matches in the text and what the request would become (forwarded and flagged,
// redacted, or refused with 403); and the flag-mode report of what redact or block would have done to the
// workspace's logged traffic.
class GuardrailsPanel : public QWidget
{
    Q_OBJECT
public:
    GuardrailsPanel(const QString &dataDir, const QString &workspace, QWidget *parent = nullptr);
    ~GuardrailsPanel() override;

    // The guardrails the editor shows now (saved or not), in built-in order.
    QList<Guardrail> editedGuardrails() const;
    bool editedScanToolOutput() const;
    bool hasUnsavedChanges() const { return m_dirty; }
    const GuardrailTestResult &testResult() const { return m_testResult; }
    QString configPath() const;
    LogsReader *reader() const { return m_reader; }

    // Evaluates a plain-text sample as the given role ("user", "system", "assistant" or "tool" for sandbox
    // output) with the edited guardrails, off the GUI thread.
    static GuardrailTestResult evaluate(const QList<Guardrail> &guardrails, bool scanToolOutput,
                                        const QString &role, const QString &text);

public Q_SLOTS:
    void reloadConfig();
    void save();
    void reloadReport();

Q_SIGNALS:
    void configLoaded(bool ok);
    void saved(bool ok);
    void testEvaluated();
    void reportLoaded();

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    struct Row
    {
        QCheckBox *enabled = nullptr;
        QComboBox *action = nullptr;
        QComboBox *scope = nullptr;
    };

    QWidget *buildSettingsPage();
    QWidget *buildTestPage();
    QWidget *buildReportPage();
    // title and tip are read in the current language, now and after every switch.
    void addGuardrailRow(class QGridLayout *grid, int row, const QString &slug,
                         std::function<QString()> title, std::function<QString()> tip);
    void applyConfig(const QList<Guardrail> &guardrails, bool scanToolOutput);
    void setDirty(bool dirty);
    void onEdited();
    void scheduleTest();
    void runTest();
    void showTestResult(const GuardrailTestResult &result);
    void checkConfigFile();

    QString m_workspaceDir;
    LogsReader *m_reader = nullptr;
    QHash<QString, Row> m_rows;
    bool m_dirty = false;
    bool m_applying = false;
    bool m_saving = false; // one write at a time, so files land in the order they were asked for
    std::optional<QByteArray> m_loadedBytes; // guardrails.json as last loaded (empty: missing)
    QTimer m_testDebounce;
    QTimer m_fileProbe;
    quint64 m_testGeneration = 0;
    GuardrailTestResult m_testResult;

    InlineMessage *m_message = nullptr;
    QTabWidget *m_tabs = nullptr;
    QLabel *m_patternSetLabel = nullptr;
    QCheckBox *m_scanToolOutput = nullptr;
    QPushButton *m_saveButton = nullptr;
    QPushButton *m_revertButton = nullptr;
    QLabel *m_statusLabel = nullptr;
    QComboBox *m_testRole = nullptr;
    QPlainTextEdit *m_testInput = nullptr;
    QLabel *m_testVerdict = nullptr;
    QPlainTextEdit *m_testForwarded = nullptr;
    QLabel *m_testForwardedLabel = nullptr;
    QTreeWidget *m_testDetections = nullptr;
    QComboBox *m_reportPeriod = nullptr;
    QLabel *m_reportSummary = nullptr;
    QTreeWidget *m_reportTable = nullptr;
};
