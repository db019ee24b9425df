// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sandbox/history/snapshotstore.h"

#include <QWidget>

class QLabel;
class QTextBrowser;
class QToolButton;

// Shows one file's unified diff (as SnapshotStore::fileDiff produces it) either unified or side by side,
// switched with a toggle; added and removed lines are tinted from the palette so both themes read well.
class DiffView : public QWidget
{
    Q_OBJECT
public:
    enum class Mode { Unified, SideBySide };
    Q_ENUM(Mode)

    // Lines beyond this are left out (and the view says so).
    static constexpr int MaxLines = 4000;

    explicit DiffView(QWidget *parent = nullptr);

    void setDiff(const QString &title, const FileDiff &diff);
    void showText(const QString &message);
    void clear();
    Mode mode() const { return m_mode; }
    void setMode(Mode mode);
    int addedLines() const { return m_added; }
    int removedLines() const { return m_removed; }
    QString html() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void render();

    QLabel *m_title = nullptr;
    QLabel *m_stats = nullptr;
    QToolButton *m_unifiedButton = nullptr;
    QToolButton *m_sideBySideButton = nullptr;
    QTextBrowser *m_text = nullptr;
    Mode m_mode = Mode::Unified;
    FileDiff m_diff;
    QString m_message;
    bool m_hasDiff = false;
    int m_added = 0;
    int m_removed = 0;
};
