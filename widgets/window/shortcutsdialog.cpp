// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/shortcutsdialog.h"

#include "common/retranslate.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMenu>
#include <QSet>
#include <QTreeWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {
// "&Attach File…" → "Attach File"; "&&" stays one "&".
QString plainText(const QAction *action)
{
    QString text = action->text();
    text.replace(u"&&"_s, QString(QChar(0x1)));
    text.remove(u'&');
    text.replace(QChar(0x1), u'&');
    if (text.endsWith(u'…'))
        text.chop(1);
    return text.trimmed();
}

// Where the keys work: the menu that holds the action, or the widget it belongs to (its accessible name).
QString placeOf(const QAction *action)
{
    for (const QObject *object : action->associatedObjects()) {
        if (const auto *menu = qobject_cast<const QMenu *>(object)) {
            QString title = menu->title();
            return title.remove(u'&');
        }
    }
    for (const QObject *object : action->associatedObjects()) {
        if (const auto *widget = qobject_cast<const QWidget *>(object);
            widget && !widget->accessibleName().isEmpty())
            return widget->accessibleName();
    }
    return ShortcutsDialog::tr("Window");
}
} // namespace

ShortcutsDialog::ShortcutsDialog(QWidget *window)
    : QDialog(window)
    , m_window(window)
{
    setObjectName(u"ShortcutsDialog"_s);
    m_table = new QTreeWidget(this);
    m_table->setObjectName(u"ShortcutsTable"_s);
    m_table->setRootIsDecorated(false);
    m_table->setColumnCount(3);
    m_table->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_table);
    layout->addWidget(buttons);
    retranslate(this, [this] {
        setWindowTitle(tr("Keyboard Shortcuts"));
        m_table->setHeaderLabels({tr("Action"), tr("Keys"), tr("Where")});
        refresh();
    });
    resize(560, 440);
}

QList<ShortcutsDialog::Row> ShortcutsDialog::rows(const QWidget *window)
{
    QList<Row> menuRows;
    QList<Row> otherRows;
    // Every conversation has its own message box actions; one row says it for all.
    QSet<QString> seen;
    const QList<QAction *> actions = window->findChildren<QAction *>();
    for (const QAction *action : actions) {
        if (action->shortcuts().isEmpty() || action->text().isEmpty())
            continue;
        QStringList keys;
        for (const QKeySequence &key : action->shortcuts())
            keys.append(key.toString(QKeySequence::NativeText));
        Row row{plainText(action), keys.join(u", "_s), placeOf(action)};
        const QString id = row.action + u'\n' + row.keys + u'\n' + row.where;
        if (seen.contains(id))
            continue;
        seen.insert(id);
        bool inMenu = false;
        for (const QObject *object : action->associatedObjects())
            inMenu = inMenu || qobject_cast<const QMenu *>(object);
        (inMenu ? menuRows : otherRows).append(row);
    }
    return menuRows + otherRows;
}

void ShortcutsDialog::refresh()
{
    m_table->clear();
    for (const Row &row : rows(m_window))
        new QTreeWidgetItem(m_table, {row.action, row.keys, row.where});
}

void ShortcutsDialog::showEvent(QShowEvent *event)
{
    refresh();
    QDialog::showEvent(event);
}
