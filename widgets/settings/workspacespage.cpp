// SPDX-License-Identifier: GPL-3.0-or-later
#include "settings/workspacespage.h"

#include "common/inlinemessage.h"
#include "common/retranslate.h"
#include "sandbox/history/containerregistry.h"
#include "settings/approvalrulesbox.h"
#include "settings/longsessionsbox.h"
#include "workspace/workspacecatalog.h"

#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QScrollArea>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

WorkspacesPage::WorkspacesPage(const QString &dataDir, const QString &currentWorkspace, QWidget *parent)
    : QWidget(parent)
    , m_dataDir(dataDir)
    , m_current(currentWorkspace)
{
    setObjectName(u"WorkspacesPage"_s);

    auto *intro = translatedLabel(
        [=, this]() -> QString {
            return tr("Each workspace keeps its own containers, documents, request logs, model "
                      "providers and API keys.");
        },
        this);
    intro->setWordWrap(true);
    m_currentLabel = new QLabel(this);
    m_currentLabel->setObjectName(u"CurrentWorkspaceLabel"_s);
    m_currentLabel->setTextFormat(Qt::PlainText);
    setTranslatedText(m_currentLabel, [=, this]() -> QString {
        return tr("This window shows the workspace \u201c%1\u201d.").arg(m_current);
    });

    m_list = new QListWidget(this);
    m_list->setObjectName(u"WorkspaceList"_s);
    m_list->setUniformItemSizes(true);
    connect(m_list, &QListWidget::currentRowChanged, this, &WorkspacesPage::updateButtons);
    connect(m_list, &QListWidget::itemActivated, this, [this](QListWidgetItem *item) {
        // This window shows it already; a second window would corrupt its conversations.
        if (item->data(Qt::UserRole).toString() != m_current)
            Q_EMIT openRequested(item->data(Qt::UserRole).toString());
    });

    m_open = new QPushButton(this);
    retranslate(m_open, [this] { m_open->setText(tr("&Open in New Window")); });
    m_open->setObjectName(u"OpenWorkspaceButton"_s);
    connect(m_open, &QPushButton::clicked, this, [this] {
        if (!selectedWorkspace().isEmpty())
            Q_EMIT openRequested(selectedWorkspace());
    });
    m_makeStart = new QPushButton(this);
    retranslate(m_makeStart, [this] { m_makeStart->setText(tr("Open at &Start")); });
    m_makeStart->setObjectName(u"StartWorkspaceButton"_s);
    retranslate(m_makeStart, [this] {
        m_makeStart->setToolTip(tr("Sandbench opens this workspace when it is started without --workspace."));
    });
    connect(m_makeStart, &QPushButton::clicked, this, &WorkspacesPage::makeStartWorkspace);
    auto *buttons = new QVBoxLayout;
    buttons->addWidget(m_open);
    buttons->addWidget(m_makeStart);
    buttons->addStretch(1);
    auto *listRow = new QHBoxLayout;
    listRow->addWidget(m_list, 1);
    listRow->addLayout(buttons);

    auto *createBox = new QGroupBox(this);
    retranslate(createBox, [createBox] { createBox->setTitle(tr("New workspace")); });
    m_newName = new QLineEdit(createBox);
    m_newName->setObjectName(u"NewWorkspaceName"_s);
    retranslate(m_newName, [this] { m_newName->setPlaceholderText(tr("Name, e.g. data-cleaning")); });
    m_newName->setMaxLength(80);
    setTranslatedToolTip(m_newName, [] { return WorkspaceCatalog::nameRule(); });
    connect(m_newName, &QLineEdit::returnPressed, this, &WorkspacesPage::createWorkspace);
    m_create = new QPushButton(createBox);
    retranslate(m_create, [this] { m_create->setText(tr("&Create")); });
    m_create->setObjectName(u"CreateWorkspaceButton"_s);
    connect(m_create, &QPushButton::clicked, this, &WorkspacesPage::createWorkspace);
    auto *rule = translatedLabel([] { return WorkspaceCatalog::nameRule(); }, createBox);
    rule->setWordWrap(true);
    rule->setForegroundRole(QPalette::PlaceholderText);
    auto *createRow = new QHBoxLayout;
    createRow->addWidget(m_newName, 1);
    createRow->addWidget(m_create);
    auto *createLayout = new QVBoxLayout(createBox);
    createLayout->addLayout(createRow);
    createLayout->addWidget(rule);

    m_message = new InlineMessage(this);
    m_message->setObjectName(u"WorkspaceMessage"_s);
    m_rules = new ApprovalRulesBox(this);
    connect(m_list, &QListWidget::currentRowChanged, this, [this] {
        if (!selectedWorkspace().isEmpty())
            m_rules->setWorkspace(ContainerRegistry(m_dataDir).workspaceDir(selectedWorkspace()),
                                  selectedWorkspace());
    });

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(intro);
    layout->addWidget(m_currentLabel);
    layout->addLayout(listRow, 1);
    layout->addWidget(createBox);
    m_longSessions = new LongSessionsBox(ContainerRegistry(m_dataDir).workspaceDir(m_current), this);
    layout->addWidget(m_longSessions);
    layout->addWidget(m_message);
    layout->addWidget(m_rules);
    reload();
}

void WorkspacesPage::addWorkspaceBox(QWidget *box)
{
    auto *boxLayout = static_cast<QVBoxLayout *>(layout());
    box->setParent(this);
    boxLayout->insertWidget(boxLayout->indexOf(m_longSessions) + 1, box);
}

void WorkspacesPage::showApprovalRules()
{
    for (int row = 0; row < m_list->count(); ++row) {
        if (m_list->item(row)->data(Qt::UserRole).toString() == m_current)
            m_list->setCurrentRow(row);
    }
    for (QWidget *w = parentWidget(); w; w = w->parentWidget()) {
        if (auto *scroll = qobject_cast<QScrollArea *>(w)) {
            scroll->ensureWidgetVisible(m_rules, 0, 0);
            break;
        }
    }
    m_rules->findChild<QTableWidget *>()->setFocus(Qt::OtherFocusReason);
}

QString WorkspacesPage::selectedWorkspace() const
{
    const QListWidgetItem *item = m_list->currentItem();
    return item ? item->data(Qt::UserRole).toString() : QString();
}

void WorkspacesPage::reload()
{
    const WorkspaceCatalog catalog(m_dataDir);
    const QString selected = selectedWorkspace().isEmpty() ? m_current : selectedWorkspace();
    const QString start = catalog.startWorkspace();
    QStringList names = catalog.list();
    // A window may show a workspace whose folder is not there yet.
    if (!names.contains(m_current))
        names.append(m_current);

    m_list->clear();
    for (const QString &name : std::as_const(names)) {
        QStringList notes;
        if (name == m_current)
            notes.append(tr("this window"));
        if (name == start)
            notes.append(tr("opens at start"));
        auto *item =
            new QListWidgetItem(notes.isEmpty() ? name : tr("%1 (%2)").arg(name, notes.join(tr(", "))));
        item->setData(Qt::UserRole, name);
        if (name == m_current) {
            QFont bold = item->font();
            bold.setBold(true);
            item->setFont(bold);
        }
        m_list->addItem(item);
        if (name == selected)
            m_list->setCurrentItem(item);
    }
    updateButtons();
}

void WorkspacesPage::updateButtons()
{
    const QString name = selectedWorkspace();
    m_open->setEnabled(!name.isEmpty() && name != m_current);
    setTranslatedToolTip(m_open, [=, this]() -> QString {
        return name == m_current ? tr("This window shows this workspace already.") : QString();
    });
    m_makeStart->setEnabled(!name.isEmpty() && name != WorkspaceCatalog(m_dataDir).startWorkspace());
}

void WorkspacesPage::createWorkspace()
{
    const QString name = m_newName->text().trimmed();
    QString error;
    if (!WorkspaceCatalog(m_dataDir).create(name, &error)) {
        m_message->showMessage(error, InlineMessage::Type::Error);
        m_newName->setFocus();
        return;
    }
    m_newName->clear();
    m_list->setCurrentRow(-1);
    reload();
    for (int row = 0; row < m_list->count(); ++row) {
        if (m_list->item(row)->data(Qt::UserRole).toString() == name)
            m_list->setCurrentRow(row);
    }
    m_message->showMessage(
        [=, this]() -> QString {
            return tr("Created the workspace \u201c%1\u201d. Open it in a new window, or choose it "
                      "to open at the next start.")
                .arg(name);
        },
        InlineMessage::Type::Positive);
}

void WorkspacesPage::makeStartWorkspace()
{
    const QString name = selectedWorkspace();
    QString error;
    if (!WorkspaceCatalog(m_dataDir).setStartWorkspace(name, &error)) {
        m_message->showMessage(error, InlineMessage::Type::Error);
        return;
    }
    reload();
    m_message->showMessage(
        [=, this]() -> QString { return tr("Sandbench opens \u201c%1\u201d at the next start.").arg(name); },
        InlineMessage::Type::Positive);
}
