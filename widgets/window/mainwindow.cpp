// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/mainwindow.h"

#include "approvals/approvalprompt.h"
#include "base/settings.h"
#include "base/workspacesettings.h"
#include "chat/chatwidget.h"
#include "chat/providerhint.h"
#include "common/csvpreview.h"
#include "common/elidingcombobox.h"
#include "common/filedialog.h"
#include "common/inlineconfirm.h"
#include "common/retranslate.h"
#include "common/wheelguard.h"
#include "data/traceloader.h"
#include "documents/documentspanel.h"
#include "files/filespanel.h"
#include "gateway/requestobserver.h"
#include "guardrails/guardrailspanel.h"
#include "localapi/apiactivitypanel.h"
#include "localapi/localapicontroller.h"
#include "localapi/localapiindicator.h"
#include "logs/logspanel.h"
#include "models/modelclient.h"
#include "models/providerregistry.h"
#include "models/scriptedclient.h"
#include "network/networkpolicyeditor.h"
#include "sandbox/container.h"
#include "sandbox/containermanager.h"
#include "sandbox/history/containerregistry.h"
#include "sandbox/history/fileimport.h"
#include "sandbox/images/imagestore.h"
#include "sandbox/pythonkernel.h"
#include "secrets/keychainsecrets.h"
#include "secrets/secretstore.h"
#include "settings/approvalrulesbox.h"
#include "settings/providersettings.h"
#include "settings/settingsdialog.h"
#include "settings/thememanager.h"
#include "settings/translatorloader.h"
#include "settings/workspacespage.h"
#include "shellcalls/celloutputview.h"
#include "shellcalls/cellrecord.h"
#include "shellcalls/shellcallview.h"
#include "shellcalls/tracecomparison.h"
#include "shellcalls/tracesummary.h"
#include "window/dockshares.h"
#include "window/shortcutsdialog.h"
#include "window/welcomepage.h"
#include "window/windowlauncher.h"
#include "workspace/chatsession.h"
#include "workspace/conversationstore.h"
#include "workspace/workspace.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QFocusFrame>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QScreen>
#include <QScrollArea>
#include <QSet>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QTabBar>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {
constexpr auto ScriptedPrefix = "scripted:"_L1;
// The approval picker's last entry under rules: opens the rules' editor, not a mode.
const QString EditRulesEntry = u"edit-rules"_s;

// A toolbar field and its label as one item: when the window is too narrow, both move into the toolbar's
// » menu together, never a label on the bar with its picker in the menu.
void addLabelledField(QToolBar *toolbar, QLabel *label, QWidget *field)
{
    auto *group = new QWidget(toolbar);
    auto *layout = new QHBoxLayout(group);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    label->setParent(group);
    field->setParent(group);
    label->setBuddy(field);
    layout->addWidget(label);
    layout->addWidget(field);
    toolbar->addWidget(group);
}

// Puts the widgets inside container that Tab reaches right after `after`, in their present order; returns
// the last one. (setTabOrder() ignores the container itself, which takes no focus.)
QWidget *chainTabStops(QWidget *after, QWidget *container)
{
    QList<QWidget *> stops;
    QWidget *window = container->window();
    for (QWidget *w = window->nextInFocusChain(); w && w != window; w = w->nextInFocusChain()) {
        if ((w->focusPolicy() & Qt::TabFocus) && container->isAncestorOf(w))
            stops.append(w);
    }
    for (QWidget *stop : std::as_const(stops)) {
        QWidget::setTabOrder(after, stop);
        after = stop;
    }
    return after;
}

QList<QKeySequence> keysOr(QKeySequence::StandardKey key, const QKeySequence &fallback)
{
    QList<QKeySequence> keys = QKeySequence::keyBindings(key);
    // Some platform themes (Windows, offscreen) define no binding for a few keys; these are what users
    // expect.
    if (keys.isEmpty())
        keys.append(fallback);
    return keys;
}

// A panel's icon: the desktop icon theme's where it has one, else the one drawn for Sandbench.
QIcon panelIcon(const QString &themeName, const QString &fallback)
{
    QIcon drawn;
    for (const int size : {16, 32})
        drawn.addFile(u":/icons/panels/%1-%2.png"_s.arg(fallback).arg(size), QSize(size, size));
    return QIcon::fromTheme(themeName, drawn);
}
} // namespace

struct MainWindow::Conversation
{
    QString id; // in the ConversationStore
    qint64 createdMs = 0;
    QTimer *saveTimer = nullptr;
    // Finished shell calls as saved (Responses output items with their cost), and costs of running ones.
    QList<TranscriptEntry> shellCalls;
    QHash<ShellCall *, std::pair<double, bool>> callCosts; // dollars, includes the minimum
    QHash<ShellCall *, qsizetype> savedCalls;              // where a finished call is in shellCalls
    // The request whose calls finish now, and how many of them have (the Logs find a call's saved item by
    // its request and place).
    QString callsRequest;
    int callsInRequest = 0;
    QString title;
    bool titlePending = false; // still "New conversation": named after its first question
    QPointer<Container> container;
    ChatSession *session = nullptr;
    ChatWidget *chat = nullptr;
    ShellCallPanel *panel = nullptr;
    QList<TraceCall> trace;
    QPointer<ModelClient> client;
    QString clientModelId;
    QString modelId; // the model it last asked: picked again when the conversation is shown
};

MainWindow::MainWindow(const QString &dataDir, const QString &workspace, QWidget *parent)
    : QMainWindow(parent)
{
    setObjectName(u"MainWindow"_s);
    WheelGuard::install();
    // The product name is not translated.
    setWindowTitle(u"Sandbench"_s);
    setWindowIcon(applicationIcon());
    setAcceptDrops(true);
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks |
                   QMainWindow::AllowNestedDocks);
    // Tabs above the panels, as in a tab widget, where they are looked for.
    setTabPosition(Qt::AllDockWidgetAreas, QTabWidget::North);
    m_tabDecorator = new QTimer(this);
    m_tabDecorator->setSingleShot(true);
    m_tabDecorator->setInterval(0);
    connect(m_tabDecorator, &QTimer::timeout, this, &MainWindow::decorateDockTabs);
    m_dockShares = new DockShares(this);
    // A panel scrolls inside its dock when its place is small: the widget Tab moves to is scrolled into
    // view, or the focus would land on something the user cannot see.
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget *, QWidget *now) {
        if (!now || now->window() != this)
            return;
        // Qt keeps the docks of a tab group that are not the current tab "visible" but parked outside the
        // window, so Tab would walk into panels nobody sees: it skips them, in the direction it was going.
        const auto parked = [this](QWidget *w) {
            for (QWidget *p = w; p && p != this; p = p->parentWidget())
                if (auto *dock = qobject_cast<QDockWidget *>(p))
                    return !dock->isFloating() &&
                           !rect().intersects(QRect(dock->mapTo(this, QPoint()), dock->size()));
            return false;
        };
        if (parked(now)) {
            const bool back = QGuiApplication::keyboardModifiers() & Qt::ShiftModifier;
            QWidget *next = now;
            do
                next = back ? next->previousInFocusChain() : next->nextInFocusChain();
            while (next != now && (next->window() != this || !next->isVisible() || !next->isEnabled() ||
                                   !(next->focusPolicy() & Qt::TabFocus) || parked(next)));
            if (next != now) {
                next->setFocus(back ? Qt::BacktabFocusReason : Qt::TabFocusReason);
                return; // this handler runs again for next
            }
        }
        for (QWidget *w = now->parentWidget(); w && w != this; w = w->parentWidget())
            if (auto *scroll = qobject_cast<QScrollArea *>(w);
                scroll && scroll->widget() && scroll->widget()->isAncestorOf(now))
                scroll->ensureWidgetVisible(now, 8, 8);
        // The focus ring placed itself before the scroll and hid, since the widget was out of view then.
        if (QFocusFrame *ring = ThemeManager::focusFrame(); ring && ring->widget() == now) {
            ring->setWidget(nullptr);
            ring->setWidget(now);
        }
    });

    m_settings = new Settings(QString(), this);
    // The window's own questions go through the workspace's guardrails and into its request log.
    m_workspace = new Workspace(dataDir, workspace, this);
    // Opened (and upgraded to this version's schema) now, so the Logs panel can read an older log before the
    // first new request is written to it.
    m_workspace->observer()->log();
    // Its containers start from a launcher started ahead, as `serve`'s do: namespaces, root and the first
    // command's shell are made before a question needs them. Once the window is up.
    QMetaObject::invokeMethod(
        this, [this] { m_workspace->containers()->setPrewarm(true); }, Qt::QueuedConnection);
    m_secrets = new SecretStore(workspace, this);
    m_keychain = new KeychainSecrets(m_secrets, m_workspace->providers(), dataDir, workspace, this);
    connect(m_secrets, &SecretStore::keysChanged, this, [this] {
        // A client made before a key arrived (or changed) is made again at the next question, also in a
        // conversation busy right now: prepareClient() replaces no client while its session is busy.
        for (const auto &c : m_conversations)
            c->clientModelId.clear();
    });
    connect(m_workspace->conversations(), &ConversationStore::writeFailed, this,
            [this](const QString &error) {
                if (ChatWidget *chat = currentChat())
                    chat->showError(tr("The conversation could not be saved: %1").arg(error));
            });

    m_chatStack = new QStackedWidget(this);
    m_chatStack->setObjectName(u"ChatStack"_s);
    m_welcomePage = new WelcomePage(dataDir, workspace, m_chatStack);
    m_chatStack->addWidget(m_welcomePage);
    // Above the conversations: the call waiting for the user's approval, whichever conversation or API
    // request it belongs to.
    auto *central = new QWidget(this);
    central->setObjectName(u"CentralArea"_s);
    auto *centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->setSpacing(0);
    auto *approvals = new ApprovalPrompt(
        m_workspace->approvals(),
        [this](const QString &key) {
            for (const auto &c : m_conversations)
                if (c->session->conversationKey() == key)
                    return c->title;
            return QString();
        },
        central);
    centralLayout->addWidget(approvals);
    // While no provider is set up (refreshModels()): a hint with Add Provider….
    m_providerHint = new ProviderHint(central);
    m_providerHint->hide();
    connect(m_providerHint, &ProviderHint::addRequested, this, &MainWindow::addProvider);
    centralLayout->addWidget(m_providerHint);
    centralLayout->addWidget(m_chatStack, 1);
    setCentralWidget(central);

    createDocks();
    createMenus();

    QString error;
    if (!m_workspace->providers()->load(&error))
        qWarning("%s", qPrintable(error));
    // Keys in the keychain arrive asynchronously; list the models once they are there.
    const bool waitingForKeys = m_keychain->prefetch();
    connect(m_keychain, &KeychainSecrets::keysLoaded, this, &MainWindow::refreshModels,
            Qt::SingleShotConnection);

    restoreConversations();
    // Names and hints the window wrote follow a language switch; what the user typed stays.
    retranslate(this, [this] { retranslateConversations(); });
    restoreWindowState();
    // A table preview is not reopened by a restart: a restored dock would be an empty table.
    if (m_csvPreview->path().isEmpty())
        m_csvDock->hide();
    if (!waitingForKeys)
        refreshModels();
}

MainWindow::~MainWindow()
{
    // The local API's runs could otherwise start containers again while the window goes.
    delete std::exchange(m_localApi, nullptr);
    // End every answer, then every sandbox: the killed calls finish now and their results reach the
    // conversations, which are still there to take them.
    for (auto &c : m_conversations)
        c->session->stop();
    m_workspace->containers()->stopAll();
    for (auto &c : m_conversations) {
        if (c->saveTimer->isActive() || c->session->isBusy())
            saveConversation(c.get());
    }
    m_workspace->conversations()->flush();
    // Nothing may reach a conversation once it is freed.
    for (auto &c : m_conversations)
        detach(c.get());
    m_conversations.clear();
}

void MainWindow::detach(Conversation *c)
{
    c->saveTimer->stop();
    disconnect(c->saveTimer, nullptr, this, nullptr);
    disconnect(c->session, nullptr, this, nullptr);
    disconnect(c->session, nullptr, c->panel, nullptr);
    disconnect(c->chat, nullptr, this, nullptr);
    disconnect(c->panel, nullptr, this, nullptr);
    c->chat->setPreparer({});
}

QIcon MainWindow::applicationIcon()
{
    QIcon icon;
    icon.addFile(u":/icons/sandbench-32.png"_s, QSize(32, 32));
    icon.addFile(u":/icons/sandbench.png"_s, QSize(256, 256));
    return icon;
}

void MainWindow::createDocks()
{
    m_conversationList = new QListWidget;
    m_conversationList->setObjectName(u"ConversationList"_s);
    // A long title ends in "…" (its tooltip and the chat header have it whole), never a sideways scroll bar.
    m_conversationList->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_conversationList->setTextElideMode(Qt::ElideRight);
    auto *newButton = new QPushButton;
    newButton->setObjectName(u"NewConversationButton"_s);
    m_newButton = newButton;
    connect(newButton, &QPushButton::clicked, this, &MainWindow::startConversation);
    auto *left = new QWidget;
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(4, 4, 4, 4);
    // Finds a conversation among many by a word of its title; the others are hidden, not removed.
    auto *filter = new QLineEdit(left);
    filter->setObjectName(u"ConversationFilter"_s);
    filter->setClearButtonEnabled(true);
    connect(filter, &QLineEdit::textChanged, this, &MainWindow::filterConversations);
    leftLayout->addWidget(filter);
    leftLayout->addWidget(m_conversationList, 1);
    m_deleteConfirm = new InlineConfirm(left);
    m_deleteConfirm->setObjectName(u"DeleteConversationConfirm"_s);
    connect(m_deleteConfirm, &InlineConfirm::answered, this, [this](const QString &answer) {
        const QString id = std::exchange(m_pendingDeleteId, QString());
        if (!answer.isEmpty())
            deleteConversation(id, answer == u"DeleteConversationAndFilesButton");
    });
    leftLayout->addWidget(m_deleteConfirm);
    leftLayout->addWidget(newButton);
    m_conversationList->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_conversationList->setEditTriggers(QAbstractItemView::EditKeyPressed | QAbstractItemView::DoubleClicked);
    auto *renameAction = new QAction(m_conversationList);
    renameAction->setObjectName(u"RenameConversationAction"_s);
    renameAction->setShortcut(QKeySequence(Qt::Key_F2));
    renameAction->setShortcutContext(Qt::WidgetShortcut);
    connect(renameAction, &QAction::triggered, this, [this] {
        if (QListWidgetItem *item = m_conversationList->currentItem())
            m_conversationList->editItem(item);
    });
    auto *deleteAction = new QAction(m_conversationList);
    deleteAction->setObjectName(u"DeleteConversationAction"_s);
    deleteAction->setShortcut(QKeySequence::Delete);
    deleteAction->setShortcutContext(Qt::WidgetShortcut);
    connect(deleteAction, &QAction::triggered, this, &MainWindow::askDeleteConversation);
    m_conversationList->addActions({renameAction, deleteAction});
    connect(m_conversationList, &QListWidget::itemChanged, this, &MainWindow::onConversationItemChanged);
    m_conversationsDock = new QDockWidget(this);
    m_conversationsDock->setObjectName(u"ConversationsDock"_s);
    m_conversationsDock->setWidget(left);
    addDockWidget(Qt::LeftDockWidgetArea, m_conversationsDock);
    connect(m_conversationList, &QListWidget::currentRowChanged, this, &MainWindow::selectConversation);

    m_conversationsDock->setWindowIcon(panelIcon(u"internet-group-chat"_s, u"conversations"_s));
    watchDock(m_conversationsDock);

    // The default arrangement (see applyDefaultDockSizes()): the chat keeps the whole height in the centre;
    // the right column shows the live shell calls on top and the workspace's panels as tabs below them.
    m_shellStack = new QStackedWidget;
    m_shellStack->setObjectName(u"ShellPanelStack"_s);
    m_shellDock = new QDockWidget(this);
    m_shellDock->setObjectName(u"ShellCallsDock"_s);
    m_shellDock->setWindowIcon(panelIcon(u"utilities-terminal"_s, u"shellcalls"_s));
    m_shellDock->setWidget(m_shellStack);
    addDockWidget(Qt::RightDockWidgetArea, m_shellDock);
    watchDock(m_shellDock);
    retranslate(this, [=, this] {
        newButton->setText(tr("New conversation"));
        filter->setPlaceholderText(tr("Search conversations"));
        filter->setAccessibleName(tr("Search conversations"));
        for (int row = 0; row < m_conversationList->count(); ++row)
            describeConversationItem(m_conversationList->item(row));
        renameAction->setText(tr("&Rename"));
        deleteAction->setText(tr("&Delete…"));
        m_conversationList->setAccessibleName(tr("Conversation list"));
        m_conversationsDock->setWindowTitle(tr("Conversations"));
        updateShellDockTitle();
    });

    // Panels of the workbench, each in its own file. Keep one block per panel.
    const QString dataDir = m_workspace->dataDir();
    const QString workspace = m_workspace->name();
    const QString documentsDir = m_workspace->containers()->registry()->documentsDir(workspace);
    // [panel: files]
    auto *filesPanel = new FilesPanel(documentsDir, workspace);
    connect(this, &MainWindow::currentContainerChanged, filesPanel, &FilesPanel::setContainer);
    addPanelDock(filesPanel, QT_TR_NOOP("Files"), u"FilesDock"_s, panelIcon(u"folder"_s, u"files"_s),
                 Scrolling::Panel);
    // [panel: documents]
    auto *documentsPanel = new DocumentsPanel(documentsDir);
    addPanelDock(documentsPanel, QT_TR_NOOP("Documents"), u"DocumentsDock"_s,
                 panelIcon(u"folder-documents"_s, u"documents"_s));
    // [panel: network]
    auto *networkPanel = new NetworkPolicyEditor(m_workspace->containers()->settings().workspaceDir());
    connect(this, &MainWindow::currentContainerChanged, networkPanel, &NetworkPolicyEditor::setContainer);
    addPanelDock(networkPanel, QT_TR_NOOP("Network"), u"NetworkDock"_s,
                 panelIcon(u"network-workgroup"_s, u"network"_s), Scrolling::Panel);
    // [panel: guardrails]
    addPanelDock(new GuardrailsPanel(dataDir, workspace), QT_TR_NOOP("Guardrails"), u"GuardrailsDock"_s,
                 panelIcon(u"security-high"_s, u"guardrails"_s), Scrolling::Panel);
    // [panel: logs]
    auto *logsPanel = new LogsPanel(dataDir, workspace);
    logsPanel->setReplayHandler([this](const QStringList &commands) -> QString {
        Container *container = currentContainer();
        ShellCallPanel *panel = currentShellPanel();
        if (!container || !panel)
            return tr("open a conversation first; its container runs the call");
        ShellAction action;
        action.commands = commands;
        if (const QString invalid = action.validate(); !invalid.isEmpty())
            return invalid;
        panel->addCall(container->run(action));
        m_shellDock->show();
        m_shellDock->raise();
        return {};
    });
    logsPanel->setCellLookup(chatImageDir(), [this](const QString &requestId, int index) {
        return savedCallItem(requestId, index);
    });
    addPanelDock(logsPanel, QT_TR_NOOP("Logs"), u"LogsDock"_s, panelIcon(u"view-list-details"_s, u"logs"_s));
    // [panel: api activity]
    m_localApi = new LocalApiController(m_settings, m_workspace, this);
    auto *apiActivity = new ApiActivityPanel(m_localApi);
    // A host refused to another program's request: the same Allow as a conversation's (one workspace).
    connect(apiActivity, &ApiActivityPanel::allowHostRequested, this, &MainWindow::allowHost);
    apiActivity->setMaxBlocks(m_settings->viewMaxBlocks());
    QDockWidget *apiDock = addPanelDock(apiActivity, QT_TR_NOOP("Other programs"), u"ApiActivityDock"_s,
                                        panelIcon(u"applications-other"_s, u"apiactivity"_s));
    // Shown when another program first sends a request; until then it takes no tab.
    apiDock->hide();
    connect(apiActivity, &ApiActivityPanel::requestAppeared, apiDock, [apiDock] {
        if (apiDock->isHidden()) {
            apiDock->show();
            apiDock->raise();
        }
    });
    // [panel: table preview]
    m_csvPreview = new CsvPreview;
    m_csvDock = addPanelDock(m_csvPreview, QT_TR_NOOP("Table preview"), u"CsvPreviewDock"_s,
                             panelIcon(u"x-office-spreadsheet"_s, u"table"_s));
    // Opened from an attachment chip.
    m_csvDock->hide();
    m_panelDocks.first()->raise();

    auto *apiIndicator = new LocalApiIndicator(m_localApi, this);
    statusBar()->addPermanentWidget(apiIndicator);
    connect(apiIndicator, &QToolButton::clicked, apiActivity, &ApiActivityPanel::openLocalApiSettings);
    m_localApi->startFromSettings();

    auto *toolbar = new QToolBar(this);
    toolbar->setObjectName(u"ModelToolBar"_s);
    auto *modelLabel = new QLabel(toolbar);
    m_modelPicker = new QComboBox(toolbar);
    m_modelPicker->setObjectName(u"ModelPicker"_s);
    m_modelPicker->setMinimumContentsLength(20);
    m_modelPicker->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    addLabelledField(toolbar, modelLabel, m_modelPicker);
    QAction *refresh = toolbar->addAction(QString(), this, &MainWindow::refreshModels);
    refresh->setObjectName(u"RefreshModelsAction"_s);
    // An icon with the name in its tooltip: the toolbar keeps room for Approvals at 1366 pixels in German
    // too.
    refresh->setIcon(QIcon::fromTheme(u"view-refresh"_s, style()->standardIcon(QStyle::SP_BrowserReload)));
    toolbar->addSeparator();
    auto *contractLabel = new QLabel(toolbar);
    m_contractPicker = new QComboBox(toolbar);
    m_contractPicker->setObjectName(u"ToolContractPicker"_s);
    for (ChatSession::ToolContract contract : ChatSession::toolContracts()) {
        const QString key = ChatSession::toolContractKey(contract);
        m_contractPicker->addItem(QString(), key);
        m_contractPicker->setItemData(m_contractPicker->count() - 1, key, Qt::ToolTipRole);
    }
    addLabelledField(toolbar, contractLabel, m_contractPicker);
    connect(m_contractPicker, &QComboBox::currentIndexChanged, this, &MainWindow::onContractChosen);
    toolbar->addSeparator();
    auto *imageLabel = new QLabel(toolbar);
    m_imagePicker = new ElidingComboBox(toolbar);
    m_imagePicker->setObjectName(u"ImagePicker"_s);
    // "Host system — Debian GNU/Linux 12 (bookworm) · Python 3.11.2" would push the Approvals picker out of a
    // 1366-pixel toolbar: the box shows the start, the list and the tooltip the whole text.
    m_imagePicker->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_imagePicker->setMinimumContentsLength(16);
    addLabelledField(toolbar, imageLabel, m_imagePicker);
    connect(m_imagePicker, &QComboBox::currentIndexChanged, this, &MainWindow::onImageChosen);
    toolbar->addSeparator();
    auto *approvalLabel = new QLabel(toolbar);
    m_approvalPicker = new ElidingComboBox(toolbar);
    m_approvalPicker->setObjectName(u"ApprovalModePicker"_s);
    // "Valeur par défaut de l'espace de travail (…)" alone is 360 pixels: the box ends it in "…", the list
    // and the tooltip have it whole.
    m_approvalPicker->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_approvalPicker->setMinimumContentsLength(20);
    m_approvalPicker->addItem(QString(), QString());
    for (const QString &mode : ApprovalPolicy::modeNames())
        m_approvalPicker->addItem(QString(), mode);
    addLabelledField(toolbar, approvalLabel, m_approvalPicker);
    connect(m_approvalPicker, &QComboBox::currentIndexChanged, this, &MainWindow::onApprovalModeChosen);
    // The conversation's mode becomes the workspace's (and so the API requests'); rules: sandbench approvals.
    QAction *approvalDefault = toolbar->addAction(QString(), this, [this] {
        Conversation *c = current();
        const std::optional<ApprovalMode> mode = c ? c->session->approvalMode() : std::nullopt;
        if (!mode)
            return;
        QString error;
        WorkspaceSettings settings(
            ContainerRegistry(m_workspace->dataDir()).workspaceDir(m_workspace->name()));
        if (settings.load(&error)) {
            ApprovalPolicy policy = settings.approvalPolicy();
            policy.mode = *mode;
            settings.setApprovalPolicy(policy);
        }
        if (!error.isEmpty() || !settings.save(&error)) {
            c->chat->showError(tr("The workspace's approval mode could not be saved: %1").arg(error));
            return;
        }
        c->session->setApprovalMode(std::nullopt);
        scheduleSave(c);
        showApprovalModeOf(c);
    });
    approvalDefault->setObjectName(u"ApprovalWorkspaceDefaultAction"_s);
    m_approvalDefault = approvalDefault;
    // The conversation's Python kernel (SPEC §10): its state, and Restart Python, which drops its variables.
    // In the status bar, beside the local API's state: the toolbar keeps its room for the pickers at 1366
    // pixels in every language.
    auto *kernelState = new QLabel(this);
    kernelState->setObjectName(u"KernelStateLabel"_s);
    auto *restartPython = new QAction(this);
    restartPython->setObjectName(u"RestartPythonAction"_s);
    restartPython->setIcon(
        QIcon::fromTheme(u"system-reboot"_s, style()->standardIcon(QStyle::SP_DialogResetButton)));
    connect(restartPython, &QAction::triggered, this, [this] {
        if (Container *c = currentContainer())
            PythonKernel::of(c)->restart();
    });
    auto *restartButton = new QToolButton(this);
    restartButton->setObjectName(u"RestartPythonButton"_s);
    restartButton->setDefaultAction(restartPython);
    restartButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    restartButton->setAutoRaise(true);
    statusBar()->addPermanentWidget(kernelState);
    statusBar()->addPermanentWidget(restartButton);
    const auto showKernel = [this, kernelState, restartPython] {
        Container *c = currentContainer();
        const PythonKernel::State state = c ? PythonKernel::of(c)->state() : PythonKernel::State::None;
        kernelState->setText(state == PythonKernel::State::Idle       ? tr("Python: idle")
                             : state == PythonKernel::State::Busy     ? tr("Python: busy")
                             : state == PythonKernel::State::Starting ? tr("Python: starting")
                                                                      : tr("Python: none"));
        restartPython->setEnabled(state == PythonKernel::State::Idle || state == PythonKernel::State::Busy);
    };
    auto kernelConnection = std::make_shared<QMetaObject::Connection>();
    connect(this, &MainWindow::currentContainerChanged, kernelState,
            [kernelState, kernelConnection, showKernel](Container *c) {
                QObject::disconnect(*kernelConnection);
                if (c)
                    *kernelConnection =
                        connect(PythonKernel::of(c), &PythonKernel::stateChanged, kernelState, showKernel);
                showKernel();
            });
    retranslate(toolbar, [=, this] {
        toolbar->setWindowTitle(tr("Model"));
        modelLabel->setText(tr("Model:") + u' ');
        refresh->setText(tr("Refresh models"));
        for (int i = 0; i < m_modelPicker->count(); ++i) {
            const QString data = m_modelPicker->itemData(i).toString();
            if (!data.startsWith(ScriptedPrefix))
                continue;
            m_modelPicker->setItemText(i, scriptLabel(data.mid(ScriptedPrefix.size())));
            m_modelPicker->setItemData(i, tr("Plays a script; no model is asked"), Qt::ToolTipRole);
        }
        contractLabel->setText(tr("Tools:") + u' ');
        imageLabel->setText(tr("Image:") + u' ');
        refreshImages();
        for (int i = 0; i < m_contractPicker->count(); ++i)
            m_contractPicker->setItemText(
                i, ShellCallView::contractTitle(m_contractPicker->itemData(i).toString()));
        showContractOf(current());
        approvalLabel->setText(tr("Approvals:") + u' ');
        restartPython->setText(tr("Restart Python"));
        restartPython->setToolTip(tr("Start this conversation's Python kernel afresh: its variables, "
                                     "imports and loaded data are lost; files stay"));
        showKernel();
        approvalDefault->setText(tr("Use for workspace"));
        approvalDefault->setToolTip(
            tr("Make this conversation's approval mode the workspace's default, which "
               "API requests follow too"));
    });
    addToolBar(Qt::TopToolBarArea, toolbar);
    connect(m_modelPicker, &QComboBox::currentIndexChanged, this, &MainWindow::onModelChosen);
}

QDockWidget *MainWindow::addPanelDock(QWidget *panel, const char *title, const QString &objectName,
                                      const QIcon &icon, Scrolling scrolling)
{
    auto *dock = new QDockWidget(this);
    dock->setObjectName(objectName);
    dock->setWindowIcon(icon);
    retranslate(dock, [dock, title] { dock->setWindowTitle(tr(title)); });
    // A panel that needs more height than its place has scrolls, instead of pushing the shell calls
    // above it to a sliver (Files and Logs want about 450 pixels) or being squeezed until it overlaps.
    if (scrolling == Scrolling::Panel) {
        dock->setWidget(panel);
    } else {
        auto *scroll = new QScrollArea(dock);
        scroll->setObjectName(objectName + u"Scroll"_s);
        scroll->setFrameShape(QFrame::NoFrame);
        scroll->setWidgetResizable(true);
        // The panel inside takes the focus, not the scroll area around it (it would draw no focus ring).
        scroll->setFocusPolicy(Qt::NoFocus);
        scroll->setWidget(panel);
        dock->setWidget(scroll);
    }
    addDockWidget(Qt::RightDockWidgetArea, dock);
    // The first panel goes below the shell calls; the others are tabs next to it, so opening one only
    // changes the tab, never the layout.
    if (m_panelDocks.isEmpty())
        splitDockWidget(m_shellDock, dock, Qt::Vertical);
    else
        tabifyDockWidget(m_panelDocks.first(), dock);
    m_panelDocks.append(dock);
    watchDock(dock);
    return dock;
}

void MainWindow::watchDock(QDockWidget *dock)
{
    m_allDocks.append(dock);
    // Qt names the tabs of tabbed docks but gives them no icon; decorateDockTabs() adds it after every
    // change that can make a new tab.
    connect(dock, &QDockWidget::visibilityChanged, m_tabDecorator, qOverload<>(&QTimer::start));
    connect(dock, &QDockWidget::dockLocationChanged, m_tabDecorator, qOverload<>(&QTimer::start));
    connect(dock, &QDockWidget::topLevelChanged, m_tabDecorator, qOverload<>(&QTimer::start));
    connect(dock, &QWidget::windowTitleChanged, m_tabDecorator, qOverload<>(&QTimer::start));
}

QTabBar *MainWindow::dockTabBar(QDockWidget *dock, int *index) const
{
    // The window's dock tab bars name each tab's dock widget in its data (QDockAreaLayoutInfo::tabId).
    const auto tabBars = findChildren<QTabBar *>();
    for (QTabBar *bar : tabBars) {
        for (int i = 0; i < bar->count(); ++i) {
            if (bar->tabData(i).value<quintptr>() == quintptr(dock)) {
                if (index)
                    *index = i;
                return bar;
            }
        }
    }
    return nullptr;
}

void MainWindow::decorateDockTabs()
{
    QSet<QTabBar *> bars;
    for (QDockWidget *dock : std::as_const(m_allDocks)) {
        int index = -1;
        if (QTabBar *bar = dockTabBar(dock, &index)) {
            // Whole names ("Schutzregeln", not "Schutzreg…").
            bar->setElideMode(Qt::ElideNone);
            bar->setUsesScrollButtons(true);
            bar->setTabIcon(index, dock->windowIcon());
            const QString tip = dock->property("tabToolTip").toString();
            bar->setTabToolTip(index, tip.isEmpty() ? dock->windowTitle() : tip);
            bars.insert(bar);
        }
    }
    for (QTabBar *bar : std::as_const(bars)) {
        if (!bar->property("watchedByWindow").toBool()) {
            // A narrower column may no longer fit the names.
            bar->setProperty("watchedByWindow", true);
            bar->installEventFilter(this);
        }
        // When the names do not all fit, the current tab keeps its name and the others show their icon
        // (the style's compact tabs; the name is in the tooltip): every panel stays one click away,
        // none behind scroll arrows.
        const int space = bar->style()->pixelMetric(QStyle::PM_TabBarTabHSpace, nullptr, bar);
        int whole = 0;
        for (int i = 0; i < bar->count(); ++i)
            whole +=
                bar->fontMetrics().horizontalAdvance(bar->tabText(i)) + bar->iconSize().width() + 4 + space;
        const bool compact = whole > bar->width();
        if (bar->property("compactTabs").toBool() != compact) {
            bar->setProperty("compactTabs", compact);
            bar->setElideMode(Qt::ElideNone); // lays the tabs out again
        }
    }
}

bool MainWindow::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Resize && qobject_cast<QTabBar *>(watched))
        m_tabDecorator->start();
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::showPanel(QDockWidget *dock)
{
    dock->show();
    dock->raise();
    if (dock->isFloating())
        dock->activateWindow();
    // The panel's first control that takes focus, so the keyboard works in it at once.
    QWidget *target = dock->widget();
    if (auto *scroll = qobject_cast<QScrollArea *>(target))
        target = scroll->widget();
    if (target && !(target->focusPolicy() & Qt::TabFocus)) {
        const auto children = target->findChildren<QWidget *>();
        for (QWidget *child : children) {
            if ((child->focusPolicy() & Qt::TabFocus) && child->isEnabled() && child->isVisibleTo(target)) {
                target = child;
                break;
            }
        }
    }
    if (target)
        target->setFocus(Qt::ShortcutFocusReason);
}

QAction *MainWindow::addPanelAction(QDockWidget *dock)
{
    // Not the dock's toggleViewAction(): that one shows a closed panel as a tab behind the current one and
    // closes an open one, even one hidden behind another tab. The menu is for getting to a panel; its
    // close button closes it.
    auto *action = m_viewMenu->addAction(dock->windowIcon(), dock->windowTitle());
    action->setObjectName(dock->objectName() + u"Action"_s);
    connect(action, &QAction::triggered, this, [this, dock] { showPanel(dock); });
    connect(dock, &QWidget::windowTitleChanged, action, &QAction::setText);
    return action;
}

QAction *MainWindow::panelAction(const QString &dockObjectName) const
{
    return m_viewMenu->findChild<QAction *>(dockObjectName + u"Action"_s, Qt::FindDirectChildrenOnly);
}

void MainWindow::createMenus()
{
    menuBar()->setObjectName(u"MenuBar"_s);

    m_fileMenu = menuBar()->addMenu(QString());
    m_fileMenu->setObjectName(u"FileMenu"_s);
    m_newAction = m_fileMenu->addAction(QString(), this, &MainWindow::startConversation);
    m_newAction->setObjectName(u"NewConversationAction"_s);
    m_newAction->setShortcuts(keysOr(QKeySequence::New, QKeySequence(Qt::CTRL | Qt::Key_N)));
    m_attachAction = m_fileMenu->addAction(QString(), this, &MainWindow::attachWithDialog);
    m_attachAction->setObjectName(u"AttachAction"_s);
    m_attachAction->setShortcuts(keysOr(QKeySequence::Open, QKeySequence(Qt::CTRL | Qt::Key_O)));
    m_openTraceAction = m_fileMenu->addAction(QString(), this, &MainWindow::openTraceWithDialog);
    m_openTraceAction->setObjectName(u"OpenTraceAction"_s);
    m_openTraceAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    m_fileMenu->addSeparator();
    m_providersAction = m_fileMenu->addAction(QString(), this, &MainWindow::showProviderSettings);
    m_providersAction->setObjectName(u"ProvidersAction"_s);
    // The Settings window at its first page; Preferences keys and role belong to Settings….
    m_providersAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    m_providersAction->setMenuRole(QAction::NoRole);
    // [menu: settings]
    QAction *settingsAction = m_fileMenu->addAction(QString(), this, [this] { showSettings(); });
    settingsAction->setObjectName(u"SettingsAction"_s);
    settingsAction->setShortcuts(keysOr(QKeySequence::Preferences, QKeySequence(Qt::CTRL | Qt::Key_Comma)));
    settingsAction->setMenuRole(QAction::PreferencesRole);
    m_fileMenu->addSeparator();
    m_quitAction = m_fileMenu->addAction(QString());
    m_quitAction->setObjectName(u"QuitAction"_s);
    m_quitAction->setShortcuts(keysOr(QKeySequence::Quit, QKeySequence(Qt::CTRL | Qt::Key_Q)));
    m_quitAction->setMenuRole(QAction::QuitRole);
    // close() rather than quit() so closeEvent() saves the window state.
    connect(m_quitAction, &QAction::triggered, this, &MainWindow::close);

    m_viewMenu = menuBar()->addMenu(QString());
    m_viewMenu->setObjectName(u"ViewMenu"_s);
    int panelNumber = 0;
    for (QDockWidget *dock : std::as_const(m_allDocks)) {
        QAction *action = addPanelAction(dock);
        // Alt+1 … Alt+9 bring a panel to the front with the keyboard focus in it, in View menu order.
        if (++panelNumber <= 9)
            action->setShortcut(QKeySequence(Qt::ALT | Qt::Key(Qt::Key_0 + panelNumber)));
    }
    m_viewMenu->addSeparator();
    auto *next = m_viewMenu->addAction(QString(), this, [this] { stepConversation(1); });
    next->setObjectName(u"NextConversationAction"_s);
    // Not Ctrl+Tab: in the message box it types a tab.
    next->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_PageDown));
    auto *previous = m_viewMenu->addAction(QString(), this, [this] { stepConversation(-1); });
    previous->setObjectName(u"PreviousConversationAction"_s);
    previous->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_PageUp));
    retranslate(m_viewMenu, [next, previous] {
        next->setText(tr("&Next Conversation"));
        previous->setText(tr("&Previous Conversation"));
    });

    m_helpMenu = menuBar()->addMenu(QString());
    m_helpMenu->setObjectName(u"HelpMenu"_s);
    QAction *shortcutsAction = m_helpMenu->addAction(QString(), this, &MainWindow::showShortcuts);
    shortcutsAction->setObjectName(u"ShortcutsAction"_s);
    shortcutsAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Slash));
    m_aboutAction = m_helpMenu->addAction(QString());
    m_aboutAction->setObjectName(u"AboutAction"_s);
    m_aboutAction->setMenuRole(QAction::AboutRole);
    connect(m_aboutAction, &QAction::triggered, this, &MainWindow::showAbout);

    retranslate(menuBar(), [=, this] {
        m_fileMenu->setTitle(tr("&File"));
        m_newAction->setText(tr("&New Conversation"));
        m_attachAction->setText(tr("&Attach File…"));
        m_openTraceAction->setText(tr("Open &Trace…"));
        m_providersAction->setText(tr("Model &Providers…"));
        settingsAction->setText(tr("&Settings…"));
        m_quitAction->setText(tr("&Quit"));
        m_viewMenu->setTitle(tr("&View"));
        m_helpMenu->setTitle(tr("&Help"));
        shortcutsAction->setText(tr("&Keyboard Shortcuts"));
        m_aboutAction->setText(tr("&About Sandbench"));
    });
}

void MainWindow::showShortcuts()
{
    auto *dialog = findChild<ShortcutsDialog *>(u"ShortcutsDialog"_s, Qt::FindDirectChildrenOnly);
    if (!dialog) {
        dialog = new ShortcutsDialog(this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
    }
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
}

void MainWindow::showAbout()
{
    if (auto *existing = findChild<QMessageBox *>(u"AboutDialog"_s)) {
        existing->raise();
        existing->activateWindow();
        return;
    }
    // Window-modal and opened with open(), so no nested event loop runs.
    auto *box = new QMessageBox(this);
    box->setObjectName(u"AboutDialog"_s);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setWindowTitle(tr("About Sandbench"));
    box->setIconPixmap(windowIcon().pixmap(64, 64));
    box->setTextFormat(Qt::RichText);
    box->setText(u"<h3>Sandbench %1</h3>"_s.arg(QCoreApplication::applicationVersion().isEmpty()
                                                    ? QStringLiteral(SANDBENCH_VERSION)
                                                    : QCoreApplication::applicationVersion()));
    box->setInformativeText(
        tr("A desktop workbench for AI agents that run shell commands: every command runs in a sandbox "
           "on this computer, and you see each call as it happens.") %
        u"<br><br>"_s % tr("Licensed under the GNU General Public License, version 3 or later."));
    box->setStandardButtons(QMessageBox::Close);
    box->open();
}

MainWindow::Conversation *MainWindow::addConversation(const QString &title, const StoredConversation *saved)
{
    QString error;
    Container *container = nullptr;
    bool containerGone = false;
    if (saved && !saved->containerId.isEmpty()) {
        // A saved conversation keeps its container: it wakes with its files on the next command.
        container = m_workspace->containers()->find(saved->containerId);
        containerGone = !container;
    }
    if (!container)
        container = m_workspace->containers()->create(&error);
    if (!container) {
        if (ChatWidget *chat = currentChat())
            chat->showError(tr("Cannot create a container: %1").arg(error));
        return nullptr;
    }
    QString imageProblem;
    if (!container->isImageFixed()) {
        // A new container runs on the conversation's saved image, else on the workspace's.
        WorkspaceSettings ws(m_workspace->containers()->settings().workspaceDir());
        ws.load();
        const QString image =
            saved && !saved->containerId.isEmpty() && !containerGone ? saved->image : ws.image();
        if (!ImageStore(m_workspace->containers()->settings().dataDir)
                 .applyTo(container, image, &imageProblem))
            imageProblem = tr("This conversation runs on the host's system: %1").arg(imageProblem);
    }
    auto conversation = std::make_unique<Conversation>();
    Conversation *c = conversation.get();
    c->id = saved ? saved->id : ConversationStore::newId();
    c->createdMs = saved ? saved->createdMs : QDateTime::currentMSecsSinceEpoch();
    c->title = saved ? saved->title : title;
    c->titlePending = saved ? saved->titlePending : title == tr("New conversation");
    c->container = container;
    c->session = new ChatSession(container, this);
    c->session->setObserver(m_workspace->observer());
    c->session->setTitle(c->title);
    c->session->setMeter(m_workspace->containers()->meter());
    c->session->setApprovals(
        m_workspace->approvals(), [ws = m_workspace] { return ws->approvalPolicy(); }, u"window:"_s + c->id);
    c->chat = new ChatWidget(c->session, m_chatStack);
    c->chat->setImageStore(chatImageDir());
    c->chat->setContainerId(container->id());
    c->panel = new ShellCallPanel(m_shellStack);
    c->panel->setContainerId(container->id());
    c->panel->setOffersSampleTrace(true);
    connect(c->panel, &ShellCallPanel::sampleTraceRequested, this, &MainWindow::openSampleTrace);
    c->panel->setMaxBlocks(m_settings->viewMaxBlocks());
    c->panel->setCellStore(chatImageDir());
    c->panel->setWrapLines(m_settings->value(Settings::Key::WrapOutput).toBool());
    connect(c->panel, &ShellCallPanel::wrapLinesToggled, this, [this](bool wrap) {
        // One preference for every conversation's panel.
        m_settings->setValue(Settings::Key::WrapOutput, wrap);
        for (const auto &other : m_conversations)
            other->panel->setWrapLines(wrap);
    });
    c->saveTimer = new QTimer(c->chat);
    c->saveTimer->setSingleShot(true);
    c->saveTimer->setInterval(250);
    connect(c->saveTimer, &QTimer::timeout, this, [this, c] { saveConversation(c); });
    m_chatStack->addWidget(c->chat);
    m_shellStack->addWidget(c->panel);
    // Tab follows the layout: the conversation list, its button, the message box and its buttons, then the
    // shell calls and the other panels.
    chainTabStops(chainTabStops(m_newButton, c->chat), c->panel);
    if (saved) {
        c->chat->restoreTranscript(saved->entries, saved->pendingAttachments);
        c->session->setMessages(saved->messages);
        if (const auto contract = ChatSession::toolContractFromKey(saved->toolContract))
            c->session->setToolContract(*contract);
        c->modelId = saved->model;
        c->session->setApprovalMode(ApprovalPolicy::parseMode(saved->approvalMode));
        c->session->setTotalCost(saved->totalCost);
        c->chat->setTotalCost(saved->totalCost > 0 || !saved->shellCalls.isEmpty() ? saved->totalCost : -1);
        c->shellCalls = saved->shellCalls;
        QJsonArray traceItems;
        for (const TranscriptEntry &call : saved->shellCalls) {
            // Only the calls read from an opened trace say so; this workbench's own calls show their time.
            const bool fromTrace = call.tag == u"trace"_s;
            ShellCallView *view = c->panel->addItem(call.item, fromTrace ? ShellCallView::Origin::Trace
                                                                         : ShellCallView::Origin::Saved);
            view->setCost(call.cost, call.includesMinimum);
            if (fromTrace)
                traceItems.append(call.item);
            else
                view->setElapsed(call.durationMs);
        }
        if (!traceItems.isEmpty()) {
            // The trace's calls can be re-run after a restart too.
            c->trace = TraceLoader::parse(QJsonDocument(traceItems).toJson(QJsonDocument::Compact), nullptr);
            c->panel->setTraceTitle(traceTitle(c->title, c->trace));
        }
        if (containerGone) {
            // Saved with the new container at once, or every start would make yet another one.
            scheduleSave(c);
            c->chat->showInfo(
                tr("The files of this conversation's container %1 are gone (saved files are kept "
                   "30 days after last use); its commands now run in the new container %2.")
                    .arg(saved->containerId, container->id()));
        }
    }
    if (!imageProblem.isEmpty())
        c->chat->showInfo(imageProblem);
    // Once the container runs, its image is fixed: the picker says so.
    connect(container, &Container::started, this, [this, c] {
        if (current() == c)
            showImageOf(c);
    });
    connect(c->session, &ChatSession::shellCallStarted, c->panel, [this, c](ShellCall *call) {
        // A new call may have the address of one long gone.
        c->savedCalls.remove(call);
        c->callCosts.remove(call);
        c->panel->addCall(call);
        m_shellDock->show();
        m_shellDock->raise();
    });
    // A call's cost is its share in the request record (ChatSession::shellCallCharged): set when it ends,
    // and again when the question ends or is stopped, also after the call was saved.
    connect(c->session, &ChatSession::shellCallCharged, this,
            [this, c](ShellCall *call, double dollars, bool includesMinimum) {
                c->callCosts.insert(call, {dollars, includesMinimum});
                if (const qsizetype saved = c->savedCalls.value(call, -1); saved >= 0) {
                    c->shellCalls[saved].cost = dollars;
                    c->shellCalls[saved].includesMinimum = includesMinimum;
                    scheduleSave(c);
                }
                const QList<ShellCallView *> views = c->panel->views();
                for (ShellCallView *view : views) {
                    if (view->call() == call) {
                        view->setCost(dollars, includesMinimum);
                        view->setCostToolTip(tr("This call's share of the question's sandbox time (metered "
                                                "from its first command to the end of the answer) at $%1 a "
                                                "second; a call that starts a new or sleeping container pays "
                                                "at least 30 seconds.")
                                                 .arg(Meter::kDefaultRatePerSecond));
                    }
                }
            });
    connect(c->session, &ChatSession::shellCallFinished, this, [this, c](ShellCall *call) {
        TranscriptEntry entry;
        entry.kind = TranscriptEntry::Kind::ShellCall;
        entry.item = keptItem(call);
        if (const QString request = c->session->requestId(); !request.isEmpty()) {
            if (request != c->callsRequest)
                c->callsInRequest = 0;
            c->callsRequest = request;
            entry.item.insert(u"request_id"_s, request);
            entry.item.insert(u"request_call"_s, c->callsInRequest++);
        }
        const std::pair<double, bool> cost = c->callCosts.value(call, {-1.0, false});
        entry.cost = cost.first;
        entry.includesMinimum = cost.second;
        entry.durationMs = 0;
        for (const CommandResult &r : call->results())
            entry.durationMs += r.durationMs;
        c->savedCalls.insert(call, c->shellCalls.size());
        c->shellCalls.append(entry);
        scheduleSave(c);
    });
    // A call that did not run (denied, unanswered, invalid) gets its card in order, saying why.
    connect(c->session, &ChatSession::callNotRun, this, [this, c](const QJsonObject &item) {
        c->panel->addItem(item, ShellCallView::Origin::Saved);
        TranscriptEntry entry;
        entry.kind = TranscriptEntry::Kind::ShellCall;
        entry.item = item;
        c->shellCalls.append(entry);
        m_shellDock->show();
        m_shellDock->raise();
        scheduleSave(c);
    });
    connect(c->session, &ChatSession::busyChanged, this, [this, c] { scheduleSave(c); });
    connect(c->chat, &ChatWidget::transcriptChanged, this, [this, c] { scheduleSave(c); });
    connect(c->chat, &ChatWidget::attachRequested, this, &MainWindow::attachWithDialog);
    connect(c->chat, &ChatWidget::questionSent, this, [this, c](const QString &question) {
        const QString title = ChatSession::titleFromQuestion(question);
        if (!c->titlePending || title.isEmpty())
            return;
        c->titlePending = false;
        c->title = title;
        c->session->setTitle(c->title);
        for (int row = 0; row < m_conversationList->count(); ++row) {
            QListWidgetItem *item = m_conversationList->item(row);
            if (item->data(Qt::UserRole + 1).toString() == c->id) {
                const QSignalBlocker blocker(m_conversationList);
                item->setText(title);
                describeConversationItem(item);
            }
        }
        scheduleSave(c);
    });
    connect(c->chat, &ChatWidget::attachmentClicked, this, &MainWindow::openCsvPreview);
    c->chat->setPreparer([this, c] {
        if (!prepareClient(c))
            return false;
        if (qobject_cast<ScriptedClient *>(c->client))
            c->session->setToolContract(ChatSession::ToolContract::Shell); // what the demo scripts call
        attachScriptSample(c);
        return true;
    });
    connect(c->panel, &ShellCallPanel::rerunRequested, this, [this, c] { rerunTrace(c); });
    connect(c->panel, &ShellCallPanel::allowHostRequested, this, &MainWindow::allowHost);

    auto *item = new QListWidgetItem(c->title);
    item->setData(Qt::UserRole, container->id());
    item->setData(Qt::UserRole + 1, c->id);
    item->setData(Qt::UserRole + 2, c->createdMs);
    describeConversationItem(item);
    item->setFlags(item->flags() | Qt::ItemIsEditable);
    m_conversations.push_back(std::move(conversation));
    {
        // itemChanged is for renames by the user only.
        const QSignalBlocker blocker(m_conversationList);
        m_conversationList->addItem(item);
    }
    m_conversationList->setCurrentItem(item);
    onModelChosen();
    if (!saved) {
        saveConversation(c);
        saveIndex();
    }
    return c;
}

void MainWindow::describeConversationItem(QListWidgetItem *item) const
{
    // The whole id: container references are never truncated (SPEC 1.4).
    const QDateTime created = QDateTime::fromMSecsSinceEpoch(item->data(Qt::UserRole + 2).toLongLong());
    item->setToolTip(tr("%1\nStarted %2\nContainer %3")
                         .arg(item->text(), QLocale().toString(created, QLocale::ShortFormat),
                              item->data(Qt::UserRole).toString()));
}

void MainWindow::filterConversations(const QString &text)
{
    const QString needle = text.trimmed();
    for (int row = 0; row < m_conversationList->count(); ++row) {
        QListWidgetItem *item = m_conversationList->item(row);
        item->setHidden(!needle.isEmpty() && !item->text().contains(needle, Qt::CaseInsensitive));
    }
}

void MainWindow::startConversation()
{
    // A conversation nobody has asked anything yet is reused, so Ctrl+N does not pile up empty ones.
    for (const auto &conversation : m_conversations) {
        Conversation *c = conversation.get();
        if (!c->titlePending || !c->session->messages().isEmpty() || c->session->isBusy() ||
            !c->shellCalls.isEmpty() || !c->chat->pendingAttachments().isEmpty() || m_csvOwner == c->chat)
            continue;
        for (int row = 0; row < m_conversationList->count(); ++row) {
            QListWidgetItem *item = m_conversationList->item(row);
            if (item->data(Qt::UserRole + 1).toString() == c->id) {
                item->setHidden(false);
                m_conversationList->setCurrentItem(item);
            }
        }
        if (auto *input = c->chat->findChild<QPlainTextEdit *>(u"MessageInput"_s))
            input->setFocus(Qt::ShortcutFocusReason);
        return;
    }
    newConversation();
}

void MainWindow::newConversation()
{
    // Named after its first question; renaming it first keeps the user's name.
    ++m_conversationCounter;
    addConversation(tr("New conversation"));
    // Typing goes to the new conversation's message box, not to the list.
    if (ChatWidget *chat = currentChat()) {
        if (auto *input = chat->findChild<QPlainTextEdit *>(u"MessageInput"_s))
            input->setFocus(Qt::ShortcutFocusReason);
    }
}

void MainWindow::stepConversation(int step)
{
    const int count = m_conversationList->count();
    if (count == 0)
        return;
    const int row = ((m_conversationList->currentRow() + step) % count + count) % count;
    m_conversationList->setCurrentRow(row);
}

void MainWindow::restoreConversations()
{
    QStringList errors;
    const QList<StoredConversation> saved = m_workspace->conversations()->load(&errors);
    m_conversationCounter = m_workspace->conversations()->counter();
    for (const StoredConversation &conversation : saved)
        addConversation(QString(), &conversation);
    if (m_conversations.empty())
        newConversation();
    if (!errors.isEmpty()) {
        if (ChatWidget *chat = currentChat())
            chat->showError(tr("Some saved conversations could not be read and are not shown: %1")
                                .arg(errors.join(u"; "_s)));
    }
}

void MainWindow::scheduleSave(Conversation *c)
{
    if (c && c->saveTimer)
        c->saveTimer->start();
}

void MainWindow::saveConversation(Conversation *c)
{
    c->saveTimer->stop();
    StoredConversation s;
    s.id = c->id;
    s.title = c->title;
    s.titlePending = c->titlePending;
    s.containerId = c->container ? c->container->id() : QString();
    s.toolContract = ChatSession::toolContractKey(c->session->toolContract());
    s.model = c->modelId;
    s.image = c->container ? c->container->imageName() : QString();
    if (const std::optional<ApprovalMode> mode = c->session->approvalMode())
        s.approvalMode = ApprovalPolicy::modeName(*mode);
    s.createdMs = c->createdMs;
    s.updatedMs = QDateTime::currentMSecsSinceEpoch();
    s.totalCost = c->session->totalCost();
    s.entries = c->chat->transcript();
    s.shellCalls = c->shellCalls;
    s.pendingAttachments = c->chat->pendingAttachments();
    s.messages = c->session->messages();
    m_workspace->conversations()->save(s);
}

void MainWindow::saveIndex()
{
    QStringList order;
    for (const auto &c : m_conversations)
        order.append(c->id);
    m_workspace->conversations()->saveIndex(order, m_conversationCounter);
}

void MainWindow::saveAll()
{
    for (const auto &c : m_conversations) {
        if (c->saveTimer->isActive())
            saveConversation(c.get());
    }
}

void MainWindow::askDeleteConversation()
{
    const Conversation *c = current();
    if (!c)
        return;
    m_pendingDeleteId = c->id;
    m_deleteConfirm->ask(
        tr("Delete the conversation “%1”? Its container %2 keeps its files unless you delete them too.")
            .arg(c->title, c->container ? c->container->id() : QString()),
        {{u"DeleteConversationOnlyButton"_s, tr("Delete the conversation, keep the files")},
         {u"DeleteConversationAndFilesButton"_s, tr("Delete the conversation and its files")}});
}

void MainWindow::deleteConversation(const QString &id, bool withFiles)
{
    const auto it = std::find_if(m_conversations.begin(), m_conversations.end(),
                                 [&id](const auto &c) { return c->id == id; });
    if (it == m_conversations.end())
        return;
    const int row = int(it - m_conversations.begin());
    std::unique_ptr<Conversation> c = std::move(*it);
    m_conversations.erase(it);
    // What the stopped answer still reports must not reach the conversation freed below.
    detach(c.get());
    if (c->session->isBusy())
        c->session->stop();
    {
        // The list and m_conversations must agree before selectConversation() runs again.
        const QSignalBlocker blocker(m_conversationList);
        delete m_conversationList->takeItem(row);
    }
    m_chatStack->removeWidget(c->chat);
    m_shellStack->removeWidget(c->panel);
    c->chat->deleteLater();
    c->panel->deleteLater();
    c->session->deleteLater();
    // Pending saves first: the store keeps the chat's image copies another conversation still shows.
    saveAll();
    m_workspace->conversations()->remove(id, chatImageDir());
    saveIndex();
    const QString containerId = c->container ? c->container->id() : QString();
    selectConversation(m_conversationList->currentRow());
    if (withFiles && !containerId.isEmpty()) {
        // The container stops here; its files are deleted on a worker thread, which may take a while.
        auto *watcher = new QFutureWatcher<QString>(this);
        connect(watcher, &QFutureWatcher<QString>::finished, this, [this, watcher, containerId] {
            watcher->deleteLater();
            const QString error = watcher->result();
            ChatWidget *chat = currentChat();
            if (!chat)
                return;
            if (error.isEmpty())
                chat->showInfo(tr("Deleted the files of container %1.").arg(containerId));
            else
                chat->showError(tr("The conversation was deleted, but not the files of container %1: %2")
                                    .arg(containerId, error));
        });
        watcher->setFuture(m_workspace->containers()->removeInBackground(containerId));
    }
}

void MainWindow::onConversationItemChanged(QListWidgetItem *item)
{
    const QString id = item->data(Qt::UserRole + 1).toString();
    for (const auto &c : m_conversations) {
        if (c->id != id)
            continue;
        const QString title = item->text().simplified();
        // itemChanged also reports a new tooltip or data (describeConversationItem): only a new text is a
        // rename, which ends "New conversation" following the language.
        if (title == c->title)
            return;
        if (title.isEmpty()) {
            // An empty name would leave a blank row; keep the old one.
            const QSignalBlocker blocker(m_conversationList);
            item->setText(c->title);
            c->chat->showInfo(tr("A conversation needs a name; it keeps “%1”.").arg(c->title));
            return;
        }
        {
            const QSignalBlocker blocker(m_conversationList);
            item->setText(title);
            describeConversationItem(item);
        }
        c->title = title;
        c->session->setTitle(c->title);
        c->titlePending = false;
        saveConversation(c.get());
        return;
    }
}

MainWindow::Conversation *MainWindow::current() const
{
    const int row = m_conversationList->currentRow();
    return row >= 0 && row < int(m_conversations.size()) ? m_conversations[size_t(row)].get() : nullptr;
}

void MainWindow::selectConversation(int row)
{
    if (row < 0 || row >= int(m_conversations.size())) {
        m_chatStack->setCurrentWidget(m_welcomePage);
        Q_EMIT currentContainerChanged(nullptr);
        return;
    }
    Conversation *c = m_conversations[size_t(row)].get();
    m_chatStack->setCurrentWidget(c->chat);
    m_shellStack->setCurrentWidget(c->panel);
    // The table preview belongs to the conversation that opened it: another one does not show its CSV.
    if (m_csvOwner && m_csvOwner != c->chat && m_csvDock->isVisible()) {
        m_csvDock->hide();
        m_csvHiddenBySwitch = true;
    } else if (m_csvOwner == c->chat && m_csvHiddenBySwitch) {
        m_csvDock->show();
        m_csvHiddenBySwitch = false;
    }
    updateShellDockTitle();
    Q_EMIT currentContainerChanged(c->container.data());
    // The model this conversation asked, when the picker still offers it (its tools follow in
    // showContractOf()); a conversation not asked yet keeps the model picked now.
    if (!c->modelId.isEmpty() && m_modelPicker->currentData().toString() != c->modelId) {
        const int index = m_modelPicker->findData(c->modelId);
        if (index >= 0) {
            const QSignalBlocker blocker(m_modelPicker);
            m_modelPicker->setCurrentIndex(index);
        }
    }
    onModelChosen();
}

void MainWindow::updateShellDockTitle()
{
    const Conversation *c = current();
    m_shellDock->setWindowTitle(tr("Shell calls"));
    // The whole id (SPEC 1.4), in the panel and its tab's tooltip: in the tab title it crowded out the
    // other panels' names.
    m_shellDock->setProperty("tabToolTip", c && c->container
                                               ? tr("Shell calls of container %1").arg(c->container->id())
                                               : m_shellDock->windowTitle());
    m_tabDecorator->start();
}

void MainWindow::retranslateConversations()
{
    // Titles the window made ("Conversation 3", "Trace: x.json") in any shipped language, as patterns.
    const auto patterns = [](const char *source) {
        QList<QRegularExpression> list;
        for (const QString &text : TranslatorLoader::translationsOf("MainWindow", source)) {
            QString pattern = QRegularExpression::escape(text);
            pattern.replace(QRegularExpression::escape(u"%1"_s), u"(.+)"_s);
            list.append(QRegularExpression(QRegularExpression::anchoredPattern(pattern)));
        }
        return list;
    };
    const QList<QRegularExpression> numbered = patterns("Conversation %1");
    const QList<QRegularExpression> traces = patterns("Trace: %1");
    for (int row = 0; row < int(m_conversations.size()); ++row) {
        Conversation *c = m_conversations[size_t(row)].get();
        // Still unnamed ("New conversation" until its first question): the current language's word.
        QString title = c->titlePending ? tr("New conversation") : c->title;
        for (const QRegularExpression &re : numbered) {
            if (const QRegularExpressionMatch m = re.match(c->title); m.hasMatch()) {
                bool number = false;
                m.captured(1).toInt(&number);
                if (number)
                    title = tr("Conversation %1").arg(m.captured(1));
                break;
            }
        }
        for (const QRegularExpression &re : traces) {
            if (const QRegularExpressionMatch m = re.match(c->title); m.hasMatch() && title == c->title) {
                title = tr("Trace: %1").arg(m.captured(1));
                break;
            }
        }
        QListWidgetItem *item = m_conversationList->item(row);
        const bool renamed = title != c->title;
        if (renamed) {
            c->title = title;
            c->session->setTitle(c->title);
            if (item) {
                const QSignalBlocker blocker(m_conversationList);
                item->setText(title);
            }
        }
        if (item && c->container) {
            const QSignalBlocker blocker(m_conversationList);
            item->setData(Qt::UserRole, c->container->id());
            describeConversationItem(item);
        }
        if (renamed)
            scheduleSave(c);
    }
    updateShellDockTitle();
    onModelChosen();
}

ChatWidget *MainWindow::currentChat() const
{
    Conversation *c = current();
    return c ? c->chat : nullptr;
}

ShellCallPanel *MainWindow::currentShellPanel() const
{
    Conversation *c = current();
    return c ? c->panel : nullptr;
}

Container *MainWindow::currentContainer() const
{
    Conversation *c = current();
    return c ? c->container.data() : nullptr;
}

QString MainWindow::scriptsDir() const
{
    return m_workspace->containers()->settings().workspaceDir() + u"/scripts"_s;
}

QString MainWindow::chatImageDir() const
{
    return m_workspace->containers()->settings().workspaceDir() + u"/chat-images"_s;
}

void MainWindow::refreshModels()
{
    refreshImages(); // images imported or built since (sandbench images …) show up too
    m_wantedModel = m_modelPicker->currentIndex() >= 0 ? m_modelPicker->currentData().toString()
                                                       : m_settings->lastModel();
    QString error;
    m_workspace->providers()->load(&error);
    ModelListing *listing = m_workspace->providers()->listModels(5000);
    connect(listing, &ModelListing::finished, this,
            [this](const QList<ModelInfo> &models, const QMap<QString, QString> &errors) {
                const QSignalBlocker blocker(m_modelPicker);
                m_modelPicker->clear();
                // Scripts first and always labelled, so nobody mistakes them for a model.
                QStringList scripts;
                for (const QFileInfo &f :
                     QDir(u":/scripts"_s).entryInfoList({u"*.json"_s}, QDir::Files, QDir::Name))
                    scripts.append(f.filePath());
                for (const QFileInfo &f :
                     QDir(scriptsDir()).entryInfoList({u"*.json"_s}, QDir::Files, QDir::Name))
                    scripts.append(f.filePath());
                for (const QString &path : std::as_const(scripts)) {
                    m_modelPicker->addItem(scriptLabel(path), QString(ScriptedPrefix + path));
                    m_modelPicker->setItemData(m_modelPicker->count() - 1,
                                               tr("Plays a script; no model is asked"), Qt::ToolTipRole);
                }
                for (const ModelInfo &m : models)
                    m_modelPicker->addItem(m.id, m.id);
                // The current conversation's own model first, then the one picked before the refresh.
                int index = -1;
                if (Conversation *c = current(); c && !c->modelId.isEmpty())
                    index = m_modelPicker->findData(c->modelId);
                if (index < 0)
                    index = m_modelPicker->findData(m_wantedModel);
                if (index < 0 && !models.isEmpty())
                    index = m_modelPicker->findData(models.first().id);
                m_modelPicker->setCurrentIndex(index >= 0 ? index : 0);
                if (!errors.isEmpty()) {
                    QStringList lines;
                    for (auto it = errors.cbegin(); it != errors.cend(); ++it)
                        lines.append(tr("%1: %2").arg(it.key(), it.value()));
                    if (ChatWidget *chat = currentChat())
                        chat->showInfo(
                            tr("Some providers did not list their models. %1").arg(lines.join(u"; "_s)));
                }
                m_providerHint->setVisible(m_workspace->providers()->providers().isEmpty());
                onModelChosen();
                Q_EMIT modelsRefreshed();
            });
}

void MainWindow::onContractChosen()
{
    Conversation *c = current();
    const std::optional<ChatSession::ToolContract> contract =
        ChatSession::toolContractFromKey(m_contractPicker->currentData().toString());
    if (!c || !contract || !m_contractPicker->isEnabled() || c->session->toolContract() == *contract)
        return;
    c->session->setToolContract(*contract);
    scheduleSave(c);
}

void MainWindow::onApprovalModeChosen()
{
    Conversation *c = current();
    if (!c || !m_approvalPicker->isEnabled())
        return;
    if (m_approvalPicker->currentData().toString() == EditRulesEntry) {
        // Not a mode: the entry opens the rules' editor, and the conversation keeps its mode.
        showApprovalModeOf(c);
        showApprovalRules();
        return;
    }
    c->session->setApprovalMode(ApprovalPolicy::parseMode(m_approvalPicker->currentData().toString()));
    scheduleSave(c);
    showApprovalModeOf(c);
}

void MainWindow::showApprovalRules()
{
    showSettings(u"workspaces"_s);
    auto *dialog = findChild<SettingsDialog *>(u"SettingsDialog"_s, Qt::FindDirectChildrenOnly);
    if (auto *page = dialog ? qobject_cast<WorkspacesPage *>(dialog->page(u"workspaces"_s)) : nullptr)
        page->showApprovalRules();
}

void MainWindow::showApprovalModeOf(Conversation *c)
{
    const QSignalBlocker blocker(m_approvalPicker);
    const ApprovalMode workspaceMode = m_workspace->approvalPolicy().mode;
    const auto title = [](ApprovalMode mode) {
        switch (mode) {
        case ApprovalMode::RunAll:
            return tr("Run everything");
        case ApprovalMode::Ask:
            return tr("Ask before each call");
        case ApprovalMode::Rules:
            return tr("Rules");
        }
        return QString();
    };
    m_approvalPicker->setItemText(0, tr("Workspace default (%1)").arg(title(workspaceMode)));
    for (int i = 1; i < m_approvalPicker->count(); ++i) {
        if (const std::optional<ApprovalMode> m =
                ApprovalPolicy::parseMode(m_approvalPicker->itemData(i).toString()))
            m_approvalPicker->setItemText(i, title(*m));
    }
    const std::optional<ApprovalMode> mode = c ? c->session->approvalMode() : std::nullopt;
    // Under rules the list ends with a way to the rules' editor (Settings → Workspaces).
    const bool rules = mode.value_or(workspaceMode) == ApprovalMode::Rules;
    const int editRules = m_approvalPicker->findData(EditRulesEntry);
    if (rules && editRules < 0) {
        m_approvalPicker->insertSeparator(m_approvalPicker->count());
        m_approvalPicker->addItem(QString(), EditRulesEntry);
    } else if (!rules && editRules >= 0) {
        m_approvalPicker->removeItem(editRules);
        m_approvalPicker->removeItem(editRules - 1); // the separator
    }
    if (const int entry = m_approvalPicker->findData(EditRulesEntry); entry >= 0)
        m_approvalPicker->setItemText(entry, tr("Edit Rules\u2026"));
    m_approvalPicker->setCurrentIndex(mode ? m_approvalPicker->findData(ApprovalPolicy::modeName(*mode)) : 0);
    m_approvalPicker->setEnabled(c != nullptr);
    if (m_approvalDefault)
        m_approvalDefault->setEnabled(mode.has_value());
    QString tip =
        tr("Whether this conversation's shell and code calls run at once, ask you first, or follow the "
           "workspace's rules (sandbench approvals rules).");
    if (rules)
        tip += u' ' + tr("Choose \u201c"
                         "Edit Rules\u2026\u201d in this list to see, change and test the rules.");
    m_approvalPicker->setToolTip(m_approvalPicker->currentText() + u"\n\n"_s + tip);
}

void MainWindow::showContractOf(Conversation *c)
{
    showApprovalModeOf(c);
    const bool scripted = m_modelPicker->currentData().toString().startsWith(ScriptedPrefix);
    const QSignalBlocker blocker(m_contractPicker);
    const ChatSession::ToolContract contract =
        c && !scripted ? c->session->toolContract() : ChatSession::ToolContract::Shell;
    m_contractPicker->setCurrentIndex(m_contractPicker->findData(ChatSession::toolContractKey(contract)));
    m_contractPicker->setEnabled(c && !scripted);
    setTranslatedToolTip(m_contractPicker, [=, this]() -> QString {
        return scripted ? tr("The demo scripts use the shell tool.")
                        : tr("The tools the model gets in this conversation, as each "
                             "vendor's hosted tool defines them; all run in its container.");
    });
    showImageOf(c);
}

void MainWindow::refreshImages()
{
    if (!m_imagePicker)
        return;
    const QSignalBlocker blocker(m_imagePicker);
    m_imagePicker->clear();
    static const ImageInfo host = ImageStore::describeTree(u"/"_s);
    m_imagePicker->addItem(tr("Host system — %1").arg(ImageStore::summary(host)), QString());
    m_imagePicker->setItemData(0, tr("The host's /usr, read-only (the default)"), Qt::ToolTipRole);
    const QList<ImageInfo> images = ImageStore(m_workspace->containers()->settings().dataDir).list();
    for (const ImageInfo &info : images) {
        m_imagePicker->addItem(tr("%1 — %2").arg(info.name, ImageStore::summary(info)), info.name);
        m_imagePicker->setItemData(
            m_imagePicker->count() - 1,
            info.hasPython()
                ? tr("Image %1 (sha256:%2)").arg(info.name, info.shortId())
                : tr("Image %1 (sha256:%2) has no python3: Python code calls and the text editor "
                     "cannot run on it")
                      .arg(info.name, info.shortId()),
            Qt::ToolTipRole);
    }
    showImageOf(current());
}

void MainWindow::showImageOf(Conversation *c)
{
    if (!m_imagePicker)
        return;
    const QSignalBlocker blocker(m_imagePicker);
    const QString name = c && c->container ? c->container->imageName() : QString();
    int index = m_imagePicker->findData(name);
    if (index < 0) {
        // A container on an image that was removed from the list since.
        m_imagePicker->addItem(tr("%1 (removed)").arg(name), name);
        index = m_imagePicker->count() - 1;
    }
    m_imagePicker->setCurrentIndex(index);
    const bool fixed = c && c->container && c->container->isImageFixed();
    m_imagePicker->setEnabled(c && !fixed);
    setTranslatedToolTip(m_imagePicker, [=, this]() -> QString {
        return m_imagePicker->currentText() + u"\n\n"_s +
               (fixed
                    ? tr("This conversation's container has run on this image; its image stays. Start a new "
                         "conversation to use another.")
                    : tr("The system this conversation's commands run on; new conversations start on the "
                         "last one "
                         "chosen. Import images with sandbench images import or build them with sandbench "
                         "images "
                         "build."));
    });
}

void MainWindow::onImageChosen()
{
    Conversation *c = current();
    if (!c || !c->container || !m_imagePicker->isEnabled())
        return;
    const QString name = m_imagePicker->currentData().toString();
    QString error;
    if (!ImageStore(m_workspace->containers()->settings().dataDir).applyTo(c->container, name, &error)) {
        c->chat->showError(error);
        showImageOf(c);
        return;
    }
    WorkspaceSettings ws(m_workspace->containers()->settings().workspaceDir());
    ws.load();
    ws.setImage(name);
    if (!ws.save(&error))
        c->chat->showError(error);
    scheduleSave(c);
}

QString MainWindow::scriptLabel(const QString &path)
{
    return tr("%1: %2").arg(ScriptedClient::displayLabel(), QFileInfo(path).completeBaseName());
}

void MainWindow::onModelChosen()
{
    const QString id = m_modelPicker->currentData().toString();
    if (!id.isEmpty() && m_modelPicker->isEnabled())
        m_settings->setValue(Settings::Key::LastModel, id);
    Conversation *c = current();
    if (!c) {
        showContractOf(nullptr);
        return;
    }
    // The pick is this conversation's model from now on; a recorded model the picker does not offer (the
    // list is still loading, or its provider is gone) is kept.
    if (!id.isEmpty() && c->modelId != id &&
        (c->modelId.isEmpty() || m_modelPicker->findData(c->modelId) >= 0)) {
        c->modelId = id;
        scheduleSave(c);
    }
    if (id.isEmpty())
        c->chat->setModelLabel(tr("none — add a provider in File › Model Providers"), false);
    else if (id.startsWith(ScriptedPrefix))
        c->chat->setModelLabel(m_modelPicker->currentText(), true);
    else
        c->chat->setModelLabel(id, false);
    showContractOf(c);
}

bool MainWindow::prepareClient(Conversation *c)
{
    const QString id = m_modelPicker->currentData().toString();
    if (id.isEmpty()) {
        c->chat->showError(tr("Choose a model first."));
        return false;
    }
    // Reads keys that are not known yet (for example after the keychain came back).
    m_keychain->prefetch();
    if (c->client && c->clientModelId == id)
        return true;
    // The session refuses the question and says why.
    if (c->session->isBusy())
        return true;
    if (c->client)
        c->client->deleteLater();
    c->client = nullptr;
    c->clientModelId.clear();
    QString error;
    if (id.startsWith(ScriptedPrefix)) {
        auto *client = new ScriptedClient(c->session);
        if (!client->loadScriptFile(id.mid(ScriptedPrefix.size()), &error)) {
            delete client;
            c->chat->showError(error);
            // The old client is going away; the question must not reach it.
            c->session->setClient(nullptr, QString());
            return false;
        }
        c->client = client;
        c->session->setClient(client, client->scriptName());
    } else {
        ModelRoute route;
        ModelClient *client = m_workspace->providers()->createClient(id, &route, &error, c->session);
        if (!client) {
            c->chat->showError(error);
            c->session->setClient(nullptr, QString());
            return false;
        }
        c->client = client;
        c->session->setClient(client, route.model);
    }
    c->clientModelId = id;
    c->modelId = id;
    return true;
}

void MainWindow::attachScriptSample(Conversation *c)
{
    // A demo script is written for its own sample file. When the user attached nothing and the sandbox has
    // no file of that name, attach the sample and say so, rather than let the script's commands fail.
    auto *script = qobject_cast<ScriptedClient *>(c->client);
    if (!script || script->sampleResource().isEmpty() || !c->container ||
        !c->chat->pendingAttachments().isEmpty())
        return;
    const QString name = script->sampleName();
    if (QFileInfo::exists(c->container->homeDir() + u'/' + name))
        return;
    QTemporaryDir staging;
    const QString source = staging.filePath(name);
    if (!staging.isValid() || !QFile::copy(script->sampleResource(), source)) {
        c->chat->showError(tr("The demo's sample %1 could not be prepared.").arg(name));
        return;
    }
    // A few kilobytes: copied at once so that it goes with the question being sent.
    const ImportResult result =
        FileImport::run(source, c->container->homeDir(), m_settings->maxUploadBytes());
    if (!result.ok) {
        c->chat->showError(result.error);
        return;
    }
    // Its own history entry, recorded before the question's first command can run.
    c->container->recordUpload(result.fileName);
    c->chat->addAttachment(result.hostPath, result.sandboxPath);
    c->chat->addNotice(u"SampleNote"_s,
                       tr("No file was attached, so the demo attached its own sample, %1 (%2).")
                           .arg(result.fileName, QLocale().formattedDataSize(result.size)));
}

void MainWindow::attachWithDialog()
{
    FileDialog::Options options;
    options.objectName = u"AttachDialog"_s;
    options.caption = tr("Attach a file");
    options.nameFilters = {tr("All files (*)"), tr("CSV files (*.csv *.tsv)")};
    FileDialog::chooseFileToOpen(this, options, this, [this](const QString &path) { attachFile(path); });
}

void MainWindow::attachFile(const QString &path)
{
    Conversation *c = current();
    if (!c || !c->container)
        return;
    const qint64 maxBytes = m_settings->maxUploadBytes();
    const QString problem = FileImport::check(path, maxBytes);
    if (!problem.isEmpty()) {
        c->chat->showError(problem);
        return;
    }
    // A table shows at once, read from the person's own file while it is copied in: the first rows need only
    // the file's head, so even a big upload has something to look at long before it is in the container.
    const QString suffix = QFileInfo(path).suffix().toLower();
    auto *watcher = new QFutureWatcher<ImportResult>(c->chat);
    if (suffix == u"csv" || suffix == u"tsv") {
        // The rest of the table is indexed once the copy is made: both read the whole file, and on a busy
        // machine the index would slow down the copy the person waits for.
        m_csvPreview->holdIndexing();
        connect(watcher, &QObject::destroyed, m_csvPreview, &CsvPreview::releaseIndexing);
        openCsvPreview(path);
    }
    connect(watcher, &QFutureWatcher<ImportResult>::finished, c->chat, [watcher, chat = c->chat] {
        watcher->deleteLater();
        if (watcher->future().resultCount() == 0)
            return; // the container went away first
        const ImportResult result = watcher->result();
        if (!result.ok) {
            chat->showError(result.error);
            return;
        }
        chat->addAttachment(result.hostPath, result.sandboxPath);
    });
    // Copied and recorded as an upload entry of its own ("attached by you"), so the next command's entry
    // holds only that command's changes.
    watcher->setFuture(c->container->importFile(path, maxBytes));
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (event->mimeData()->hasUrls()) {
        for (const QUrl &url : event->mimeData()->urls()) {
            if (url.isLocalFile()) {
                event->acceptProposedAction();
                return;
            }
        }
    }
    QMainWindow::dragEnterEvent(event);
}

void MainWindow::dropEvent(QDropEvent *event)
{
    if (!event->mimeData()->hasUrls()) {
        QMainWindow::dropEvent(event);
        return;
    }
    for (const QUrl &url : event->mimeData()->urls()) {
        if (url.isLocalFile())
            attachFile(url.toLocalFile());
    }
    event->acceptProposedAction();
}

void MainWindow::openCsvPreview(const QString &path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix != u"csv" && suffix != u"tsv" && suffix != u"txt")
        return;
    m_csvPreview->openFile(path);
    m_csvOwner = currentChat();
    m_csvHiddenBySwitch = false;
    showPanel(m_csvDock);
}

void MainWindow::openTraceWithDialog()
{
    FileDialog::Options options;
    options.objectName = u"OpenTraceDialog"_s;
    options.caption = tr("Open a trace");
    options.nameFilters = {tr("JSON files (*.json)"), tr("All files (*)")};
    FileDialog::chooseFileToOpen(this, options, this, [this](const QString &path) { openTrace(path); });
}

bool MainWindow::openSampleTrace()
{
    // Made by Sandbench from a run of the sales demo (resources/traces/make-sample-trace.sh).
    return openTrace(u":/traces/sales-demo.json"_s);
}

QString MainWindow::traceTitle(const QString &name, const QList<TraceCall> &calls)
{
    // A trace with Python cells does not call them shell calls.
    const bool cells =
        std::any_of(calls.cbegin(), calls.cend(), [](const TraceCall &c) { return c.isPython(); });
    return cells ? tr("%1 — %n call(s)", nullptr, int(calls.size())).arg(name)
                 : tr("%1 — %n shell call(s)", nullptr, int(calls.size())).arg(name);
}

bool MainWindow::openTrace(const QString &path)
{
    QString error;
    const Trace trace = TraceLoader::readFile(path, &error);
    if (trace.calls.isEmpty()) {
        if (ChatWidget *chat = currentChat())
            chat->showError(error);
        return false;
    }
    const QString fileName = QFileInfo(path).fileName();
    Conversation *c = addConversation(tr("Trace: %1").arg(fileName));
    if (!c)
        return false;
    c->trace = trace.calls;
    c->panel->setTraceTitle(traceTitle(fileName, trace.calls));
    c->panel->setTraceSummary(new TraceSummaryView(trace));
    // A trace records one sandbox cost for the whole request: a single call has it, several share it.
    const QString cost = TraceSummaryView::costText(trace);
    for (const TraceCall &call : trace.calls) {
        TranscriptEntry entry;
        entry.kind = TranscriptEntry::Kind::ShellCall;
        entry.tag = u"trace"_s;
        entry.item = call.toOutputItem();
        // A Python call's outputs as the notebook shows them: saved as the window's own cells are (its
        // images by content in the chat images), so the card shows them now and after a restart.
        if (call.isPython() && CellOutputView::isRich(call.cell)) {
            QJsonArray output = entry.item.value(u"output"_s).toArray();
            QJsonObject result = output.isEmpty() ? QJsonObject() : output.first().toObject();
            result.insert(u"cell"_s, CellRecord::save(call.cell, call.images, {}, chatImageDir()));
            if (output.isEmpty())
                output.append(result);
            else
                output.replace(0, result);
            entry.item.insert(u"output"_s, output);
        }
        entry.cost = trace.calls.size() == 1 ? trace.serverToolCost : -1;
        ShellCallView *view = c->panel->addItem(entry.item, ShellCallView::Origin::Trace);
        view->setCost(entry.cost);
        if (trace.calls.size() > 1 && trace.serverToolCost >= 0) {
            view->setCostText(tr("part of %1").arg(cost));
            view->setCostToolTip(
                tr("The trace records the sandbox cost of the whole request, not of each call."));
        }
        c->shellCalls.append(entry);
    }

    // The conversation shows the trace's items in order: its text as the assistant's, the rest as notes.
    QList<TranscriptEntry> entries;
    const auto note = [&entries](const QString &tag, const QString &text) {
        entries.append({TranscriptEntry::Kind::Note, text, {}, tag, {}, -1});
    };
    note(u"TraceFacts"_s,
         tr("Trace %1: model %2, %3, tokens %4, sandbox cost %5, container %6.")
             .arg(fileName, trace.model.isEmpty() ? tr("not named") : trace.model,
                  trace.status.isEmpty() ? tr("no status") : trace.status, TraceSummaryView::usageText(trace),
                  cost, trace.containerId.isEmpty() ? tr("not named") : trace.containerId));
    for (const TraceItem &item : trace.items) {
        switch (item.kind) {
        case TraceItem::Kind::Text:
            entries.append({TranscriptEntry::Kind::Assistant, item.text, {}, {}, {}, -1});
            break;
        case TraceItem::Kind::ShellCall: {
            const TraceCall &call = trace.calls.at(item.call);
            if (call.isPython()) {
                note(u"TraceItem"_s,
                     tr("Python cell %1 (%2) in container %3: %4")
                         .arg(item.call + 1)
                         .arg(ShellCallView::contractTitle(call.tool),
                              call.containerId.isEmpty() ? tr("(not named)") : call.containerId,
                              call.action.commands.value(0).section(u'\n', 0, 0).left(200)));
                break;
            }
            note(u"TraceItem"_s, tr("Shell call %1 ran %n command(s) in container %2: %3", nullptr,
                                    int(call.action.commands.size()))
                                     .arg(item.call + 1)
                                     .arg(call.containerId.isEmpty() ? tr("(not named)") : call.containerId,
                                          call.action.commands.join(u" ; "_s)));
            break;
        }
        case TraceItem::Kind::Reasoning:
        case TraceItem::Kind::ToolCall:
        case TraceItem::Kind::Other:
            note(u"TraceItem"_s, TraceSummaryView::itemLine(trace, int(&item - trace.items.constData())));
            break;
        }
    }
    c->chat->appendEntries(entries);
    c->chat->showInfo(tr("Opened the trace %1. Its shell calls are in the Shell calls panel; Re-run locally "
                         "runs them again in this conversation's container and compares each command.")
                          .arg(fileName));
    scheduleSave(c);
    m_shellDock->show();
    m_shellDock->raise();
    return true;
}

void MainWindow::allowHost(ShellCallView *view, const QString &containerId, const QString &host)
{
    QPointer<ShellCallView> shown(view);
    Container *container = m_workspace->containers()->find(containerId);
    const bool wasAwake = container && container->isAwake();
    QString error;
    bool changed = false;
    const std::optional<NetworkPolicy> policy =
        m_workspace->containers()->allowHost(containerId, host, &error, &changed);
    if (!shown)
        return;
    if (!policy) {
        shown->showNetworkMessage(tr("%1 was not allowed: %2").arg(host, error), InlineMessage::Type::Error);
        return;
    }
    const QString restart = !changed                                            ? u"none"_s
                            : container && container->hasPendingNetworkPolicy() ? u"after_running_call"_s
                            : wasAwake                                          ? u"restarted"_s
                                                                                : u"next_start"_s;
    shown->showHostAllowed(host, policy->entries(), policy->isUnrestricted(), restart);
    auto *editor = findChild<NetworkPolicyEditor *>();
    if (editor && container && current() && current()->container == container)
        editor->setContainer(container); // shows the new policy
}

void MainWindow::rerunTrace(Conversation *c)
{
    if (!c->container)
        return;
    for (const TraceCall &call : std::as_const(c->trace)) {
        // A Python cell is code for a kernel, not a shell command: it is not run as one.
        if (call.isPython())
            continue;
        ShellAction action = call.action;
        // Traces may hold values beyond today's limits; run them within the limits instead of rejecting.
        action.timeoutMs = std::clamp(action.timeoutMs, 1, ShellAction::MaxTimeoutMs);
        action.maxOutputLength = std::clamp(action.maxOutputLength, 1, ShellAction::MaxMaxOutputLength);
        c->panel->addComparison(call.toOutputItem(), c->container->run(action));
    }
    // The comparison fits the column as it is (its two sides share the width): the columns do not jump.
    m_shellDock->show();
}

void MainWindow::showProviderSettings()
{
    showSettings(u"providers"_s);
}

void MainWindow::addProvider()
{
    showSettings(u"providers"_s);
    if (auto *page = findChild<ProviderSettingsPage *>())
        page->startNewProvider();
}

void MainWindow::showSettings(const QString &page)
{
    auto *dialog = findChild<SettingsDialog *>(u"SettingsDialog"_s, Qt::FindDirectChildrenOnly);
    if (!dialog) {
        dialog = new SettingsDialog(m_workspace, m_settings, m_secrets, m_localApi, this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &SettingsDialog::providersChanged, this, &MainWindow::refreshModels);
        connect(dialog, &SettingsDialog::openWorkspaceRequested, this, [this](const QString &workspace) {
            WindowLauncher::open(m_workspace->dataDir(), workspace);
        });
        // The toolbar names the workspace's default mode, which the approvals editor may have changed.
        if (auto *rules = dialog->findChild<ApprovalRulesBox *>())
            connect(rules, &ApprovalRulesBox::saved, this, [this] { showApprovalModeOf(current()); });
    }
    dialog->showPage(page);
    // Not modal: the user can keep working in the window while the Settings window is open.
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
}

bool MainWindow::event(QEvent *event)
{
    // The tab bars of tabbed docks: Qt parks an unused one out of sight, where Tab would lose the focus.
    // The docks' contents stay in the tab order; the View menu switches docks.
    if (event->type() == QEvent::ChildPolished) {
        if (auto *tabBar = qobject_cast<QTabBar *>(static_cast<QChildEvent *>(event)->child()))
            tabBar->setFocusPolicy(Qt::NoFocus);
    }
    return QMainWindow::event(event);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveAll();
    m_workspace->conversations()->flush();
    saveWindowState();
    QMainWindow::closeEvent(event);
}

void MainWindow::restoreWindowState()
{
    if (!restoreGeometry(m_settings->windowGeometry())) {
        // First start: most of the screen, so that the chat, the shell calls and a panel all have room on
        // a 1366x768 laptop, but not a wall of window on a large monitor.
        QSize size(1600, 1000);
        if (const QScreen *screen = QGuiApplication::primaryScreen())
            size = size.boundedTo(screen->availableSize() * 0.92);
        resize(size);
    }
    // The columns' widths are saved as shares of the window's width too: a window opened larger (or
    // maximised) than they were saved at gives them their share of the room, not all of it to the chat.
    if (restoreState(m_settings->windowState()))
        m_dockShares->fromVariant(m_settings->value(Settings::Key::WindowPanelShares).toMap());
    else
        applyDefaultDockSizes();
    m_tabDecorator->start();
}

void MainWindow::applyDefaultDockSizes()
{
    // Shares of the window's width that read well from 1366x768 to 1920x1080: conversation titles, a chat
    // column of 60-90 characters, and a right column wide enough for every panel's tab title.
    const int conversations = std::clamp(width() * 15 / 100, 160, 260);
    const int side = std::clamp(width() * 41 / 100, 240, 760);
    resizeDocks({m_conversationsDock, m_shellDock}, {conversations, side}, Qt::Horizontal);
    resizeDocks({m_shellDock, m_panelDocks.first()}, {height() * 50 / 100, height() * 50 / 100},
                Qt::Vertical);
    m_dockShares->setFromLayout();
}

void MainWindow::saveWindowState() const
{
    m_settings->setValue(Settings::Key::WindowGeometry, saveGeometry());
    m_settings->setValue(Settings::Key::WindowState, saveState());
    m_settings->setValue(Settings::Key::WindowPanelShares, m_dockShares->toVariant());
    m_settings->sync();
}

QJsonObject MainWindow::keptItem(ShellCall *call) const
{
    QJsonObject item = call->outputItem();
    const QString nonce = call->kernelNonce();
    if (nonce.isEmpty())
        return item;
    // Each Python cell's outputs as the notebook showed them, its images copied out of the container (the
    // next cell replaces them there), so its card shows the same after a restart and in the Logs.
    const QString home = call->container() ? call->container()->homeDir() : QString();
    const QList<CommandResult> results = call->results();
    QJsonArray output = item.value(u"output"_s).toArray();
    for (qsizetype i = 0; i < results.size() && i < output.size(); ++i) {
        const KernelCellResult cell = KernelCellResult::parse(results.at(i).stdoutText, nonce);
        if (!CellOutputView::isRich(cell))
            continue;
        QJsonObject result = output.at(i).toObject();
        result.insert(u"cell"_s, CellRecord::save(cell, CellOutputView::readImages(cell, home),
                                                  results.at(i).stderrText, chatImageDir()));
        output.replace(i, result);
    }
    item.insert(u"output"_s, output);
    return item;
}

QJsonObject MainWindow::savedCallItem(const QString &requestId, int index) const
{
    for (const auto &c : m_conversations)
        for (const TranscriptEntry &entry : c->shellCalls)
            if (entry.item.value(u"request_id"_s).toString() == requestId &&
                entry.item.value(u"request_call"_s).toInt(-1) == index)
                return entry.item;
    return {};
}
