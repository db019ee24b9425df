// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QIcon>
#include <QJsonObject>
#include <QMainWindow>
#include <QPointer>

#include <memory>

class ChatSession;
class ChatWidget;
class InlineConfirm;
class KeychainSecrets;
class QListWidgetItem;
struct StoredConversation;
class Container;
class CsvPreview;
class ModelClient;
class QAction;
class QComboBox;
class QDockWidget;
class QListWidget;
class QMenu;
class QStackedWidget;
class QTabBar;
class QTimer;
class SecretStore;
class Settings;
class ShellCall;
class ShellCallPanel;
class WelcomePage;
class Workspace;
struct TraceCall;

// The workbench's top-level window: conversations on the left, the chat in the centre, the live shell calls
// on the right, menus, and the window state kept between runs.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    MainWindow(const QString &dataDir, const QString &workspace, QWidget *parent = nullptr);
    ~MainWindow() override;

    // The workspace shown: its containers, providers, guardrails, request log and conversations.
    Workspace *workspace() const { return m_workspace; }
    Settings *settings() const { return m_settings; }
    class LocalApiController *localApi() const { return m_localApi; }
    // Opens the Settings window (one per main window) at a page id of SettingsDialog::pageIds().
    Q_INVOKABLE void showSettings(const QString &page = {});
    // Settings → Workspaces with this workspace's approval rules in view (the approval picker's "Edit
    // Rules…").
    void showApprovalRules();
    // Shows the dock, brings its tab to the front and puts the keyboard focus in it.
    void showPanel(QDockWidget *dock);
    // The View menu entry of the dock with that object name ("FilesDock" → "FilesDockAction").
    QAction *panelAction(const QString &dockObjectName) const;

    // The application icon in every embedded size.
    static QIcon applicationIcon();

    // The conversation shown now: its chat, its shell-call panel and its container.
    ChatWidget *currentChat() const;
    ShellCallPanel *currentShellPanel() const;
    Container *currentContainer() const;
    int conversationCount() const { return int(m_conversations.size()); }

    // Where the model picker finds scripts besides the built-in ones: DATA/workspaces/<ws>/scripts.
    QString scriptsDir() const;
    // Where the chats and the saved cards of Python cells (CellRecord) keep copies of the images they show,
    // named by content: DATA/workspaces/<ws>/chat-images.
    QString chatImageDir() const;

public Q_SLOTS:
    void showAbout();
    // Help › Keyboard Shortcuts, one non-modal list per window.
    void showShortcuts();
    // Always a new conversation; the New conversation button and Ctrl+N use startConversation().
    void newConversation();
    // Selects a conversation nobody has asked anything yet, or starts a new one.
    void startConversation();
    // Copies the file into the current conversation's container home and shows a chip; errors show inline.
    void attachFile(const QString &path);
    void attachWithDialog();
    void openTraceWithDialog();
    bool openTrace(const QString &path);
    // The shell-call panel's title of a trace: its name and how many calls it holds.
    static QString traceTitle(const QString &name, const QList<TraceCall> &calls);
    // The sample trace shipped with the workbench (the empty Shell calls panel offers it).
    bool openSampleTrace();
    void openCsvPreview(const QString &path);
    void showProviderSettings();
    // Settings → Providers with a new provider's form ready (the no-provider hint's button).
    void addProvider();
    // Lists the scripts and every configured provider's models in the picker again.
    void refreshModels();

Q_SIGNALS:
    // The picker holds the result of the latest refreshModels().
    void modelsRefreshed();
    // Another conversation (or none) is shown; panels that follow the current container listen to this.
    void currentContainerChanged(Container *container);

protected:
    void closeEvent(QCloseEvent *event) override;
    bool event(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    struct Conversation;

    void createMenus();
    void createDocks();
    // Puts a panel in a dock widget with a View menu entry; the dock starts hidden and tabbed with the
    // shell calls unless it goes to another area.
    // title: untranslated (QT_TR_NOOP), so the dock's title follows a language switch.
    // Scrolling::Panel: the panel scrolls its own parts and fits any height the dock gets, so the dock puts
    // no scroll area around it (one scroll owner: a list inside a scrolling page scrolls twice).
    enum class Scrolling { Dock, Panel };
    QDockWidget *addPanelDock(QWidget *panel, const char *title, const QString &objectName, const QIcon &icon,
                              Scrolling scrolling = Scrolling::Dock);
    // Keeps the dock's tab decorated and gives it a View menu entry.
    void watchDock(QDockWidget *dock);
    QAction *addPanelAction(QDockWidget *dock);
    void decorateDockTabs();
    // The window's tab bar holding dock (and its index there); null when the dock is not tabbed.
    QTabBar *dockTabBar(QDockWidget *dock, int *index = nullptr) const;
    void applyDefaultDockSizes();
    void restoreWindowState();
    void saveWindowState() const;
    // saved: a conversation restored from the store (title is then ignored).
    Conversation *addConversation(const QString &title, const StoredConversation *saved = nullptr);
    Conversation *current() const;
    // A finished call as its conversation saves it: a Python cell's outputs with it (CellRecord).
    QJsonObject keptItem(ShellCall *call) const;
    // The saved item of the index-th call of the window's request requestId; empty when none is kept.
    QJsonObject savedCallItem(const QString &requestId, int index) const;
    // The list item's tooltip: its whole title, when it was started and its container.
    void describeConversationItem(QListWidgetItem *item) const;
    // Hides the conversations whose title does not contain text.
    void filterConversations(const QString &text);
    void selectConversation(int row);
    // Shows the conversation step rows below (or above) the current one, wrapping around.
    void stepConversation(int step);
    void onModelChosen();
    void onContractChosen();
    // The picker follows the shown conversation; the demo scripts speak only the shell tool.
    void showContractOf(Conversation *conversation);
    // The Image picker: the host's /usr or an imported image, per conversation (fixed once its container
    // first runs); the last choice is also the workspace's image for new conversations.
    void refreshImages();
    void onImageChosen();
    void showImageOf(Conversation *conversation);
    void onApprovalModeChosen();
    void showApprovalModeOf(Conversation *conversation);
    static QString scriptLabel(const QString &path);
    void updateShellDockTitle();
    // Window-made titles and hints of every conversation in the current language.
    void retranslateConversations();
    // Makes sure the conversation's session has a client for the picked model; false with an inline error.
    bool prepareClient(Conversation *conversation);
    void attachScriptSample(Conversation *conversation);
    void rerunTrace(Conversation *conversation);
    // "Allow HOST" in a live view: widens the container's policy; it restarts with its files (view says so).
    void allowHost(class ShellCallView *view, const QString &containerId, const QString &host);

    Settings *m_settings = nullptr;
    Workspace *m_workspace = nullptr;
    SecretStore *m_secrets = nullptr;
    QMenu *m_fileMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
    QMenu *m_helpMenu = nullptr;
    QAction *m_newAction = nullptr;
    QAction *m_attachAction = nullptr;
    QAction *m_openTraceAction = nullptr;
    QAction *m_providersAction = nullptr;
    QAction *m_quitAction = nullptr;
    QAction *m_aboutAction = nullptr;
    QStackedWidget *m_chatStack = nullptr;
    class ProviderHint *m_providerHint = nullptr;
    WelcomePage *m_welcomePage = nullptr;
    QDockWidget *m_conversationsDock = nullptr;
    QListWidget *m_conversationList = nullptr;
    QWidget *m_newButton = nullptr;
    QDockWidget *m_shellDock = nullptr;
    QStackedWidget *m_shellStack = nullptr;
    QDockWidget *m_csvDock = nullptr;
    QList<QDockWidget *> m_panelDocks;
    // Every dock in View menu order: conversations, shell calls, then the panels.
    QList<QDockWidget *> m_allDocks;
    QTimer *m_tabDecorator = nullptr;
    class DockShares *m_dockShares = nullptr; // the side columns' shares of the width
    CsvPreview *m_csvPreview = nullptr;
    // The conversation whose file the table preview shows, and whether a switch away hid it.
    QPointer<QWidget> m_csvOwner;
    bool m_csvHiddenBySwitch = false;
    QComboBox *m_modelPicker = nullptr;
    // The shown conversation's tool contract (shell, bash, a vendor's code execution).
    QComboBox *m_contractPicker = nullptr;
    QComboBox *m_imagePicker = nullptr;
    QComboBox *m_approvalPicker = nullptr;
    QAction *m_approvalDefault = nullptr;
    QString m_wantedModel;
    std::vector<std::unique_ptr<Conversation>> m_conversations;
    int m_conversationCounter = 0;
    KeychainSecrets *m_keychain = nullptr;
    InlineConfirm *m_deleteConfirm = nullptr;
    QString m_pendingDeleteId;
    void restoreConversations();
    void scheduleSave(Conversation *conversation);
    void saveConversation(Conversation *conversation);
    void saveIndex();
    void saveAll();
    void askDeleteConversation();
    void deleteConversation(const QString &id, bool withFiles);
    // Cuts the conversation's objects off the window before it is freed.
    void detach(Conversation *conversation);
    void onConversationItemChanged(QListWidgetItem *item);
    class LocalApiController *m_localApi = nullptr;
};
