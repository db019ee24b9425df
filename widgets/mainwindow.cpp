// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"

#include "chatwidget.h"
#include "core/chatsession.h"
#include "core/fileimport.h"
#include "core/settings.h"
#include "core/traceloader.h"
#include "csvpreview.h"
#include "filedialog.h"
#include "models/modelclient.h"
#include "models/providerregistry.h"
#include "models/scriptedclient.h"
#include "providersettings.h"
#include "sandbox/container.h"
#include "sandbox/containermanager.h"
#include "secretstore.h"
#include "shellcallview.h"
#include "welcomepage.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QScreen>
#include <QStackedWidget>
#include <QToolBar>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {
constexpr auto ScriptedPrefix = "scripted:"_L1;

QList<QKeySequence> keysOr(QKeySequence::StandardKey key, const QKeySequence &fallback)
{
    QList<QKeySequence> keys = QKeySequence::keyBindings(key);
    // Some platform themes (Windows, offscreen) define no binding for a few keys; these are what users
    // expect.
    if (keys.isEmpty())
        keys.append(fallback);
    return keys;
}
} // namespace

struct MainWindow::Conversation
{
    QString title;
    QPointer<Container> container;
    ChatSession *session = nullptr;
    ChatWidget *chat = nullptr;
    ShellCallPanel *panel = nullptr;
    QList<TraceCall> trace;
    QPointer<ModelClient> client;
    QString clientModelId;
};

MainWindow::MainWindow(const QString &dataDir, const QString &workspace, QWidget *parent)
    : QMainWindow(parent)
    , m_dataDir(dataDir)
    , m_workspace(workspace)
{
    setObjectName(u"MainWindow"_s);
    // The product name is not translated.
    setWindowTitle(u"Sandbench"_s);
    setWindowIcon(applicationIcon());
    setAcceptDrops(true);
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);

    m_settings = new Settings(QString(), this);
    m_containers = new ContainerManager(SandboxSettings::forDataDir(dataDir, workspace), this);
    m_registry = new ProviderRegistry(dataDir, workspace, this);
    m_secrets = new SecretStore(workspace, this);

    m_chatStack = new QStackedWidget(this);
    m_chatStack->setObjectName(u"ChatStack"_s);
    m_welcomePage = new WelcomePage(m_dataDir, m_workspace, m_chatStack);
    m_chatStack->addWidget(m_welcomePage);
    setCentralWidget(m_chatStack);

    createDocks();
    createMenus();

    QString error;
    if (!m_registry->load(&error))
        qWarning("%s", qPrintable(error));

    newConversation();
    restoreWindowState();
    refreshModels();
}

MainWindow::~MainWindow()
{
    // Sessions and panels refer to containers; end them first, then stop every sandbox.
    for (auto &c : m_conversations) {
        if (c->session)
            c->session->stop();
    }
    m_conversations.clear();
    m_containers->stopAll();
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
    auto *newButton = new QPushButton(tr("New conversation"));
    newButton->setObjectName(u"NewConversationButton"_s);
    connect(newButton, &QPushButton::clicked, this, &MainWindow::newConversation);
    auto *left = new QWidget;
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(4, 4, 4, 4);
    leftLayout->addWidget(m_conversationList, 1);
    leftLayout->addWidget(newButton);
    m_conversationsDock = new QDockWidget(tr("Conversations"), this);
    m_conversationsDock->setObjectName(u"ConversationsDock"_s);
    m_conversationsDock->setWidget(left);
    addDockWidget(Qt::LeftDockWidgetArea, m_conversationsDock);
    connect(m_conversationList, &QListWidget::currentRowChanged, this, &MainWindow::selectConversation);

    m_shellStack = new QStackedWidget;
    m_shellStack->setObjectName(u"ShellPanelStack"_s);
    m_shellDock = new QDockWidget(tr("Shell calls"), this);
    m_shellDock->setObjectName(u"ShellCallsDock"_s);
    m_shellDock->setWidget(m_shellStack);
    addDockWidget(Qt::RightDockWidgetArea, m_shellDock);

    m_csvPreview = new CsvPreview;
    m_csvDock = new QDockWidget(tr("Table preview"), this);
    m_csvDock->setObjectName(u"CsvPreviewDock"_s);
    m_csvDock->setWidget(m_csvPreview);
    addDockWidget(Qt::RightDockWidgetArea, m_csvDock);
    tabifyDockWidget(m_shellDock, m_csvDock);
    m_csvDock->hide();
    m_shellDock->raise();
    resizeDocks({m_conversationsDock, m_shellDock}, {200, 460}, Qt::Horizontal);

    // Panels of the workbench, each in its own file. Keep one block per panel.
    // [panel: files]
    // [panel: documents]
    // [panel: network]
    // [panel: guardrails]
    // [panel: logs]
    // [panel: api activity]

    auto *toolbar = new QToolBar(tr("Model"), this);
    toolbar->setObjectName(u"ModelToolBar"_s);
    toolbar->addWidget(new QLabel(tr("Model:") + u' ', toolbar));
    m_modelPicker = new QComboBox(toolbar);
    m_modelPicker->setObjectName(u"ModelPicker"_s);
    m_modelPicker->setMinimumContentsLength(28);
    m_modelPicker->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    toolbar->addWidget(m_modelPicker);
    QAction *refresh = toolbar->addAction(tr("Refresh models"), this, &MainWindow::refreshModels);
    refresh->setObjectName(u"RefreshModelsAction"_s);
    addToolBar(Qt::TopToolBarArea, toolbar);
    connect(m_modelPicker, &QComboBox::currentIndexChanged, this, &MainWindow::onModelChosen);
}

QDockWidget *MainWindow::addPanelDock(QWidget *panel, const QString &title, const QString &objectName,
                                      Qt::DockWidgetArea area)
{
    auto *dock = new QDockWidget(title, this);
    dock->setObjectName(objectName);
    dock->setWidget(panel);
    addDockWidget(area, dock);
    if (area == Qt::RightDockWidgetArea)
        tabifyDockWidget(m_shellDock, dock);
    dock->hide();
    m_panelDocks.append(dock);
    return dock;
}

void MainWindow::createMenus()
{
    menuBar()->setObjectName(u"MenuBar"_s);

    m_fileMenu = menuBar()->addMenu(tr("&File"));
    m_fileMenu->setObjectName(u"FileMenu"_s);
    m_newAction = m_fileMenu->addAction(tr("&New Conversation"), this, &MainWindow::newConversation);
    m_newAction->setObjectName(u"NewConversationAction"_s);
    m_newAction->setShortcuts(keysOr(QKeySequence::New, QKeySequence(Qt::CTRL | Qt::Key_N)));
    m_attachAction = m_fileMenu->addAction(tr("&Attach File…"), this, &MainWindow::attachWithDialog);
    m_attachAction->setObjectName(u"AttachAction"_s);
    m_attachAction->setShortcuts(keysOr(QKeySequence::Open, QKeySequence(Qt::CTRL | Qt::Key_O)));
    m_openTraceAction = m_fileMenu->addAction(tr("Open &Trace…"), this, &MainWindow::openTraceWithDialog);
    m_openTraceAction->setObjectName(u"OpenTraceAction"_s);
    m_openTraceAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    m_fileMenu->addSeparator();
    m_providersAction =
        m_fileMenu->addAction(tr("Model &Providers…"), this, &MainWindow::showProviderSettings);
    m_providersAction->setObjectName(u"ProvidersAction"_s);
    m_providersAction->setShortcuts(
        keysOr(QKeySequence::Preferences, QKeySequence(Qt::CTRL | Qt::Key_Comma)));
    m_providersAction->setMenuRole(QAction::PreferencesRole);
    // [menu: settings]
    m_fileMenu->addSeparator();
    m_quitAction = m_fileMenu->addAction(tr("&Quit"));
    m_quitAction->setObjectName(u"QuitAction"_s);
    m_quitAction->setShortcuts(keysOr(QKeySequence::Quit, QKeySequence(Qt::CTRL | Qt::Key_Q)));
    m_quitAction->setMenuRole(QAction::QuitRole);
    // close() rather than quit() so closeEvent() saves the window state.
    connect(m_quitAction, &QAction::triggered, this, &MainWindow::close);

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    m_viewMenu->setObjectName(u"ViewMenu"_s);
    m_viewMenu->addAction(m_conversationsDock->toggleViewAction());
    m_viewMenu->addAction(m_shellDock->toggleViewAction());
    m_viewMenu->addAction(m_csvDock->toggleViewAction());
    for (QDockWidget *dock : std::as_const(m_panelDocks))
        m_viewMenu->addAction(dock->toggleViewAction());

    m_helpMenu = menuBar()->addMenu(tr("&Help"));
    m_helpMenu->setObjectName(u"HelpMenu"_s);
    m_aboutAction = m_helpMenu->addAction(tr("&About Sandbench"));
    m_aboutAction->setObjectName(u"AboutAction"_s);
    m_aboutAction->setMenuRole(QAction::AboutRole);
    connect(m_aboutAction, &QAction::triggered, this, &MainWindow::showAbout);
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

MainWindow::Conversation *MainWindow::addConversation(const QString &title)
{
    QString error;
    Container *container = m_containers->create(&error);
    if (!container) {
        if (ChatWidget *chat = currentChat())
            chat->showError(tr("Cannot create a container: %1").arg(error));
        return nullptr;
    }
    auto conversation = std::make_unique<Conversation>();
    Conversation *c = conversation.get();
    c->title = title;
    c->container = container;
    c->session = new ChatSession(container, this);
    c->chat = new ChatWidget(c->session, m_chatStack);
    c->panel = new ShellCallPanel(m_shellStack);
    c->panel->setMaxBlocks(m_settings->viewMaxBlocks());
    m_chatStack->addWidget(c->chat);
    m_shellStack->addWidget(c->panel);
    connect(c->session, &ChatSession::shellCallStarted, c->panel, [this, c](ShellCall *call) {
        c->panel->addCall(call);
        m_shellDock->show();
        m_shellDock->raise();
    });
    connect(c->chat, &ChatWidget::attachRequested, this, &MainWindow::attachWithDialog);
    connect(c->chat, &ChatWidget::attachmentClicked, this, &MainWindow::openCsvPreview);
    connect(c->chat, &ChatWidget::aboutToSend, this, [this, c] { prepareClient(c); });
    connect(c->panel, &ShellCallPanel::rerunRequested, this, [this, c] { rerunTrace(c); });

    auto *item = new QListWidgetItem(title);
    item->setToolTip(tr("Container %1").arg(container->id()));
    item->setData(Qt::UserRole, container->id());
    m_conversations.push_back(std::move(conversation));
    m_conversationList->addItem(item);
    m_conversationList->setCurrentItem(item);
    onModelChosen();
    return c;
}

void MainWindow::newConversation()
{
    addConversation(tr("Conversation %1").arg(++m_conversationCounter));
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
    m_shellDock->setWindowTitle(tr("Shell calls — %1").arg(c->container ? c->container->id() : QString()));
    Q_EMIT currentContainerChanged(c->container.data());
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
    return SandboxSettings::forDataDir(m_dataDir, m_workspace).workspaceDir() + u"/scripts"_s;
}

void MainWindow::refreshModels()
{
    m_wantedModel = m_modelPicker->currentIndex() >= 0 ? m_modelPicker->currentData().toString()
                                                       : m_settings->lastModel();
    QString error;
    m_registry->load(&error);
    ModelListing *listing = m_registry->listModels(5000);
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
                    m_modelPicker->addItem(
                        tr("%1: %2").arg(ScriptedClient::displayLabel(), QFileInfo(path).completeBaseName()),
                        QString(ScriptedPrefix + path));
                    m_modelPicker->setItemData(m_modelPicker->count() - 1,
                                               tr("Plays a script; no model is asked"), Qt::ToolTipRole);
                }
                for (const ModelInfo &m : models)
                    m_modelPicker->addItem(m.id, m.id);
                int index = m_modelPicker->findData(m_wantedModel);
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
                onModelChosen();
                Q_EMIT modelsRefreshed();
            });
}

void MainWindow::onModelChosen()
{
    const QString id = m_modelPicker->currentData().toString();
    if (!id.isEmpty() && m_modelPicker->isEnabled())
        m_settings->setValue(Settings::Key::LastModel, id);
    Conversation *c = current();
    if (!c)
        return;
    if (id.isEmpty())
        c->chat->setModelLabel(tr("none — add a provider in File › Model Providers"), false);
    else if (id.startsWith(ScriptedPrefix))
        c->chat->setModelLabel(m_modelPicker->currentText(), true);
    else
        c->chat->setModelLabel(id, false);
}

bool MainWindow::prepareClient(Conversation *c)
{
    const QString id = m_modelPicker->currentData().toString();
    if (id.isEmpty())
        return false;
    if (c->client && c->clientModelId == id)
        return true;
    if (c->session->isBusy())
        return c->client != nullptr;
    if (c->client)
        c->client->deleteLater();
    QString error;
    if (id.startsWith(ScriptedPrefix)) {
        auto *client = new ScriptedClient(c->session);
        if (!client->loadScriptFile(id.mid(ScriptedPrefix.size()), &error)) {
            delete client;
            c->chat->showError(error);
            return false;
        }
        c->client = client;
        c->session->setClient(client, client->scriptName());
    } else {
        ModelRoute route;
        ModelClient *client = m_registry->createClient(id, &route, &error, c->session);
        if (!client) {
            c->chat->showError(error);
            c->session->setClient(nullptr, QString());
            return false;
        }
        c->client = client;
        c->session->setClient(client, route.model);
    }
    c->clientModelId = id;
    return true;
}

void MainWindow::attachWithDialog()
{
    const QString path =
        FileDialog::getOpenFileName(this, tr("Attach a file"), tr("All files (*);;CSV files (*.csv *.tsv)"));
    if (!path.isEmpty())
        attachFile(path);
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
    auto *watcher = new QFutureWatcher<ImportResult>(c->chat);
    connect(watcher, &QFutureWatcher<ImportResult>::finished, c->chat, [watcher, chat = c->chat] {
        watcher->deleteLater();
        const ImportResult result = watcher->result();
        if (!result.ok) {
            chat->showError(result.error);
            return;
        }
        chat->addAttachment(result.hostPath, result.sandboxPath);
    });
    watcher->setFuture(FileImport::start(path, c->container->homeDir(), maxBytes));
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
    m_csvDock->show();
    m_csvDock->raise();
}

void MainWindow::openTraceWithDialog()
{
    const QString path =
        FileDialog::getOpenFileName(this, tr("Open a trace"), tr("JSON files (*.json);;All files (*)"));
    if (!path.isEmpty())
        openTrace(path);
}

bool MainWindow::openTrace(const QString &path)
{
    QString error;
    const QList<TraceCall> calls = TraceLoader::load(path, &error);
    if (calls.isEmpty()) {
        if (ChatWidget *chat = currentChat())
            chat->showError(error);
        return false;
    }
    Conversation *c = addConversation(tr("Trace: %1").arg(QFileInfo(path).fileName()));
    if (!c)
        return false;
    c->trace = calls;
    c->panel->setTraceTitle(
        tr("%1 — %n shell call(s)", nullptr, int(calls.size())).arg(QFileInfo(path).fileName()));
    for (const TraceCall &call : calls)
        c->panel->addItem(call.toOutputItem());
    c->chat->showInfo(
        tr("Opened the trace %1. Its shell calls are in the Shell calls panel; Re-run locally runs "
           "them again in this conversation's new container.")
            .arg(QFileInfo(path).fileName()));
    m_shellDock->show();
    m_shellDock->raise();
    return true;
}

void MainWindow::rerunTrace(Conversation *c)
{
    if (!c->container)
        return;
    for (const TraceCall &call : std::as_const(c->trace)) {
        ShellAction action = call.action;
        // Traces may hold values beyond today's limits; run them within the limits instead of rejecting.
        action.timeoutMs = std::clamp(action.timeoutMs, 1, ShellAction::MaxTimeoutMs);
        action.maxOutputLength = std::clamp(action.maxOutputLength, 1, ShellAction::MaxMaxOutputLength);
        c->panel->addCall(c->container->run(action));
    }
}

void MainWindow::showProviderSettings()
{
    if (auto *existing = findChild<ProviderSettingsDialog *>(u"ProviderSettings"_s)) {
        existing->raise();
        existing->activateWindow();
        return;
    }
    auto *dialog = new ProviderSettingsDialog(m_registry, m_secrets, m_settings, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &ProviderSettingsDialog::providersChanged, this, &MainWindow::refreshModels);
    dialog->open();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveWindowState();
    QMainWindow::closeEvent(event);
}

void MainWindow::restoreWindowState()
{
    if (!restoreGeometry(m_settings->windowGeometry())) {
        // First start: a comfortable size that still fits small laptop screens.
        QSize size(1100, 720);
        if (const QScreen *screen = QGuiApplication::primaryScreen()) {
            size = size.boundedTo(screen->availableSize() * 0.9);
        }
        resize(size);
    }
    restoreState(m_settings->windowState());
}

void MainWindow::saveWindowState() const
{
    m_settings->setValue(Settings::Key::WindowGeometry, saveGeometry());
    m_settings->setValue(Settings::Key::WindowState, saveState());
    m_settings->sync();
}
