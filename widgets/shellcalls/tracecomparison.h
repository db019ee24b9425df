// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sandbox/shellcall.h"

#include <QFrame>
#include <QJsonObject>
#include <QPointer>

class QLabel;
class QPlainTextEdit;

// A trace's shell call beside the same commands run in a local container, command by command: the stdout,
// stderr and outcome of each side, a "same"/"differs" badge per command and the differing streams marked
// (their differing lines highlighted). Follows the local ShellCall while it runs.
class TraceComparisonView : public QFrame
{
    Q_OBJECT
public:
    enum class Verdict { Pending, Same, Differs };
    // At most this many characters of one stream are shown (a trace may hold more than a local run keeps).
    static constexpr qsizetype MaxShownChars = 256 * 1024;

    TraceComparisonView(const QJsonObject &traceItem, ShellCall *local, QWidget *parent = nullptr);

    ShellCall *call() const { return m_call; }
    int commandCount() const { return int(m_commands.size()); }
    Verdict verdict(int command) const;
    QString badgeText(int command) const;
    // "stdout", "stderr", "outcome": what differs for a finished command (empty when the same or pending).
    QStringList differences(int command) const;
    QString summaryText() const;
    bool isFinished() const { return m_finished; }

Q_SIGNALS:
    void finished();

protected:
    // A theme switch: the badges and marks are coloured again from the new palette.
    void changeEvent(QEvent *event) override;

private:
    struct Side
    {
        QLabel *outcome = nullptr;
        QPlainTextEdit *out = nullptr;
        QPlainTextEdit *err = nullptr;
    };
    struct Command
    {
        QString text;
        bool inTrace = false;
        CommandResult trace;
        bool started = false;
        bool ran = false;
        CommandResult local;
        Verdict verdict = Verdict::Pending;
        QStringList differences;
        QLabel *badge = nullptr;
        QLabel *outLabel = nullptr;
        QLabel *errLabel = nullptr;
        QLabel *outcomeLabel = nullptr;
        Side traceSide;
        Side localSide;
    };

    void buildCommand(int index);
    void onStarted(int index);
    void onFinished(int index, const CommandResult &result);
    void onCallFinished();
    void compare(int index);
    // Colours command index's badge and marks for its state from the palette in use now.
    void recolour(int index);
    void setBadge(QLabel *badge, const QString &text, const QColor &colour);
    void updateSummary();
    static QString outcomeText(const CommandResult &result);

    QPointer<ShellCall> m_call;
    QList<Command> m_commands;
    QLabel *m_title = nullptr;
    QLabel *m_summary = nullptr;
    class QVBoxLayout *m_layout = nullptr;
    bool m_finished = false;
};
