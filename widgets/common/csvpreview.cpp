// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/csvpreview.h"
#include "common/retranslate.h"

#include "common/inlinemessage.h"
#include "data/csvindex.h"
#include "data/csvtablemodel.h"

#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMimeDatabase>
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

std::function<QString()> CsvPreview::notATable(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {}; // the index says why it cannot be read
    // Only the first bytes are read, from the handle that is open, whatever size the file claims.
    constexpr qint64 Head = 8192;
    QByteArray head = file.read(Head);
    const QString name = QFileInfo(path).fileName();
    if (head.isEmpty())
        return [name] { return tr("%1 is empty (0 bytes): there are no rows to show.").arg(name); };
    // NUL bytes or control characters that text does not use. Not invalid UTF-8: a Windows-1252 CSV is
    // still a table.
    qsizetype control = 0;
    for (const char c : std::as_const(head)) {
        const auto byte = static_cast<unsigned char>(c);
        control += byte < 0x20 && byte != '\t' && byte != '\n' && byte != '\r' && byte != '\f' ? 1 : 0;
    }
    const bool binary = head.contains('\0') || control * 100 > head.size();
    if (!binary)
        return {};
    const QString kind = QMimeDatabase().mimeTypeForData(head).name();
    return [name, kind] {
        return tr("%1 is not a text table: it holds binary data (%2). Save it and open it with the program "
                  "that made it.")
            .arg(name, kind);
    };
}

bool CsvPreview::openFile(const QString &path)
{
    m_table->setModel(nullptr);
    delete m_model;
    m_model = nullptr;
    delete m_index;
    m_path = path;
    m_index = nullptr;
    m_title->setText(QFileInfo(path).fileName());
    // Say what the file is when it is no table: an empty file, or bytes that are not text (a renamed
    // spreadsheet or archive), instead of a blank grid or a grid of garbage.
    if (const std::function<QString()> problem = notATable(path)) {
        m_message->showMessage(problem, InlineMessage::Type::Information);
        m_rows->clear();
        m_progress->hide();
        return true;
    }
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
