// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/csvpreview.h"
#include "common/retranslate.h"

#include "common/inlinemessage.h"
#include "data/csvindex.h"
#include "data/csvtablemodel.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QTableView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

CsvPreview::CsvPreview(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(u"CsvPreview"_s);
    m_title = new QLabel(this);
    m_title->setObjectName(u"CsvTitle"_s);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_title->setTextFormat(Qt::PlainText); // a file name from a container
    m_rows = new QLabel(this);
    m_rows->setObjectName(u"CsvRowCount"_s);
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(u"CsvProgress"_s);
    m_progress->setRange(0, 1000);
    m_progress->setMaximumWidth(200);
    m_progress->setTextVisible(false);
    m_message = new InlineMessage(this);
    m_message->setObjectName(u"CsvMessage"_s);
    m_table = new QTableView(this);
    m_table->setObjectName(u"CsvTable"_s);
    // Fixed row heights keep millions of rows cheap for the view.
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setDefaultSectionSize(120);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);

    auto *top = new QHBoxLayout;
    top->addWidget(m_title, 1);
    top->addWidget(m_rows);
    top->addWidget(m_progress);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_message);
    layout->addWidget(m_table, 1);
}

CsvPreview::~CsvPreview()
{
    m_table->setModel(nullptr);
    delete m_model;
    delete m_index;
}

bool CsvPreview::openFile(const QString &path)
{
    m_table->setModel(nullptr);
    delete m_model;
    m_model = nullptr;
    delete m_index;
    m_path = path;
    m_title->setText(QFileInfo(path).fileName());
    m_index = new CsvIndex;
    m_index->setHeld(m_holds > 0);
    connect(m_index, &CsvIndex::progress, this, &CsvPreview::onProgress);
    connect(m_index, &CsvIndex::finished, this, &CsvPreview::onFinished);
    QString error;
    if (!m_index->open(path, &error)) {
        m_message->showMessage(error, InlineMessage::Type::Error);
        m_progress->hide();
        return false;
    }
    m_message->hide();
    m_model = new CsvTableModel(m_index);
    m_table->setModel(m_model);
    m_progress->setVisible(m_index->isIndexing());
    onProgress(m_index->bytesIndexed(), m_index->fileSize(), m_index->rowCount());
    return true;
}

void CsvPreview::holdIndexing()
{
    if (m_holds++ == 0 && m_index)
        m_index->setHeld(true);
}

void CsvPreview::releaseIndexing()
{
    if (m_holds > 0 && --m_holds == 0 && m_index)
        m_index->setHeld(false);
}

void CsvPreview::onProgress(qint64 bytes, qint64 total, qint64 rows)
{
    m_progress->setValue(total > 0 ? int(bytes * 1000 / total) : 1000);
    setTranslatedText(m_rows, [indexing = m_index && m_index->isIndexing(), rows] {
        return indexing ? tr("%1 rows so far…").arg(QLocale().toString(rows))
                        : tr("%1 rows").arg(QLocale().toString(rows));
    });
}

void CsvPreview::onFinished(qint64 rows)
{
    m_progress->hide();
    setTranslatedText(m_rows, [=, this]() -> QString { return tr("%1 rows").arg(QLocale().toString(rows)); });
}
