// SPDX-License-Identifier: GPL-3.0-or-later
#include "settings/settingsdialog.h"

#include "common/retranslate.h"
#include "localapi/localapipage.h"
#include "settings/datalocationpage.h"
#include "settings/languagepage.h"
#include "settings/providersettings.h"
#include "settings/pythonaheadbox.h"
#include "settings/themepage.h"
#include "settings/workspacespage.h"
#include "workspace/workspace.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QStackedWidget>
#include <QStyle>
#include <QTimer>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

SettingsDialog::SettingsDialog(Workspace *workspace, Settings *settings, SecretStore *secrets,
                               LocalApiController *localApi, QWidget *parent)
    : QDialog(parent)
{
    setObjectName(u"SettingsDialog"_s);
    retranslate(this, [this] { setWindowTitle(tr("Settings")); });
    setModal(false);

    m_pageList = new QListWidget(this);
    m_pageList->setObjectName(u"SettingsPageList"_s);
    m_pageList->setUniformItemSizes(true);
    m_pageList->setIconSize(QSize(20, 20));
    m_pageList->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Expanding);
    m_pages = new QStackedWidget(this);
    m_pages->setObjectName(u"SettingsPages"_s);
    connect(m_pageList, &QListWidget::currentRowChanged, m_pages, &QStackedWidget::setCurrentIndex);

    QStyle *s = style();
    auto *providers = new ProviderSettingsPage(workspace->providers(), secrets, settings, nullptr);
    connect(providers, &ProviderSettingsPage::providersChanged, this, &SettingsDialog::providersChanged);
    addPage(u"providers"_s, QT_TR_NOOP("Providers & Keys"), s->standardIcon(QStyle::SP_DriveNetIcon),
            providers);

    addPage(u"localapi"_s, QT_TR_NOOP("Local API"), s->standardIcon(QStyle::SP_ComputerIcon),
            new LocalApiPage(localApi, nullptr));

    auto *workspaces = new WorkspacesPage(workspace->dataDir(), workspace->name());
    workspaces->addWorkspaceBox(new PythonAheadBox(workspace->containers()));
    connect(workspaces, &WorkspacesPage::openRequested, this, &SettingsDialog::openWorkspaceRequested);
    addPage(u"workspaces"_s, QT_TR_NOOP("Workspaces"), s->standardIcon(QStyle::SP_DirIcon), workspaces);

    auto *language = new LanguagePage(settings);
    addPage(u"language"_s, QT_TR_NOOP("Language"), s->standardIcon(QStyle::SP_MessageBoxInformation),
            language);

    addPage(u"theme"_s, QT_TR_NOOP("Theme"), s->standardIcon(QStyle::SP_DesktopIcon),
            new ThemePage(settings));
    auto *data = new DataLocationPage(workspace->dataDir(), workspace->name());
    data->setWorkspace(workspace);
    addPage(u"data"_s, QT_TR_NOOP("Data & Disk Use"), s->standardIcon(QStyle::SP_DriveHDIcon), data);

    // Wide enough for the longest title; after a language switch once every title has its new text.
    const auto fitList = [this] {
        m_pageList->setFixedWidth(
            std::max(m_pageList->sizeHintForColumn(0) + 2 * m_pageList->frameWidth() + 24, 160));
    };
    fitList();
    retranslate(m_pageList, [this, fitList] { QTimer::singleShot(0, this, fitList); });

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->setObjectName(u"SettingsButtons"_s);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *body = new QHBoxLayout;
    body->addWidget(m_pageList);
    body->addWidget(m_pages, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(body, 1);
    layout->addWidget(buttons);

    m_pageList->setCurrentRow(0);
    // Room for the widest page without a horizontal scroll bar, within the screen.
    int pagesWidth = 0;
    for (int i = 0; i < m_pages->count(); ++i) {
        auto *scroll = qobject_cast<QScrollArea *>(m_pages->widget(i));
        pagesWidth = std::max(pagesWidth, scroll->widget()->minimumSizeHint().width());
    }
    QSize size(std::max(860, m_pageList->width() + pagesWidth + 48), 600);
    if (const QScreen *screen = parent ? parent->screen() : this->screen())
        size = size.boundedTo(screen->availableSize() * 0.9);
    resize(size);
}

void SettingsDialog::addPage(const QString &id, const char *title, const QIcon &icon, QWidget *page)
{
    auto *item = new QListWidgetItem(icon, QString(), m_pageList);
    item->setData(Qt::UserRole, id);

    auto *heading = new QLabel;
    retranslate(heading, [item, heading, title] {
        item->setText(tr(title));
        heading->setText(tr(title));
    });
    heading->setObjectName(u"SettingsPageTitle"_s);
    heading->setTextFormat(Qt::PlainText);
    QFont font = heading->font();
    font.setPointSizeF(font.pointSizeF() * 1.3);
    font.setBold(true);
    heading->setFont(font);

    // Pages scroll rather than squeeze when the window is small or a translation is long.
    auto *content = new QWidget;
    auto *contentLayout = new QVBoxLayout(content);
    contentLayout->setContentsMargins(12, 4, 12, 12);
    contentLayout->addWidget(heading);
    contentLayout->addWidget(page, 1);
    auto *scroll = new QScrollArea;
    scroll->setObjectName(u"SettingsPage_"_s + id);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(content);
    page->setProperty("settingsPageId", id);
    m_pages->addWidget(scroll);
}

QStringList SettingsDialog::pageIds() const
{
    QStringList ids;
    for (int row = 0; row < m_pageList->count(); ++row)
        ids.append(m_pageList->item(row)->data(Qt::UserRole).toString());
    return ids;
}

void SettingsDialog::showPage(const QString &id)
{
    const int row = int(pageIds().indexOf(id));
    if (row >= 0)
        m_pageList->setCurrentRow(row);
}

QString SettingsDialog::currentPage() const
{
    const QListWidgetItem *item = m_pageList->currentItem();
    return item ? item->data(Qt::UserRole).toString() : QString();
}

QWidget *SettingsDialog::page(const QString &id) const
{
    const int row = int(pageIds().indexOf(id));
    if (row < 0)
        return nullptr;
    auto *scroll = qobject_cast<QScrollArea *>(m_pages->widget(row));
    for (QWidget *child : scroll->widget()->findChildren<QWidget *>(Qt::FindDirectChildrenOnly)) {
        if (child->property("settingsPageId").toString() == id)
            return child;
    }
    return nullptr;
}
