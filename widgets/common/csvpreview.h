// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

#include <functional>

class CsvIndex;
class CsvTableModel;
class InlineMessage;
class QLabel;
class QProgressBar;
class QTableView;

// A virtualised table over a CSV file of any size: the first rows show at once, a progress bar and the row
// count follow the background index.
class CsvPreview : public QWidget
{
    Q_OBJECT
public:
    explicit CsvPreview(QWidget *parent = nullptr);
    ~CsvPreview() override;

    bool openFile(const QString &path);
    // Holds the background index of what is shown (and what openFile() shows next) until every hold is
    // released: the first rows show at once, the rest is indexed once the person's upload is copied (see
    // CsvIndex::setHeld). Holds count.
    void holdIndexing();
    void releaseIndexing();
    QString path() const { return m_path; }
    CsvIndex *index() const { return m_index; }
    CsvTableModel *model() const { return m_model; }

private:
    // Why path cannot be shown as a table (empty, or not text), or nothing when it can.
    static std::function<QString()> notATable(const QString &path);
    void onProgress(qint64 bytes, qint64 total, qint64 rows);
    void onFinished(qint64 rows);

    QString m_path;
    int m_holds = 0;
    CsvIndex *m_index = nullptr;
    CsvTableModel *m_model = nullptr;
    QLabel *m_title = nullptr;
    QLabel *m_rows = nullptr;
    QProgressBar *m_progress = nullptr;
    QTableView *m_table = nullptr;
    InlineMessage *m_message = nullptr;
};
