// SPDX-License-Identifier: GPL-3.0-or-later
#include "localapi/apiactivitypanel.h"

#include "common/inlinemessage.h"
#include "common/retranslate.h"
#include "localapi/apirequestview.h"
#include "localapi/localapicontroller.h"
#include "localapi/localapipage.h"
#include "sandbox/net/networkpolicy.h"
#include "server/eventstreamclient.h"
#include "shellcalls/shellcallview.h"

#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

ApiActivityPanel::ApiActivityPanel(LocalApiController *controller, QWidget *parent)
    : QWidget(parent)
    , m_controller(controller)
    , m_client(new EventStreamClient(this))
{
    setObjectName(u"ApiActivityPanel"_s);

    m_sourcePicker = new QComboBox(this);
    m_sourcePicker->setObjectName(u"ApiActivitySource"_s);
    m_sourcePicker->addItem(QString());
    retranslate(m_sourcePicker, [this, item = m_sourcePicker->count() - 1] {
        m_sourcePicker->setItemText(item, tr("This app's local API"));
    });
    m_sourcePicker->addItem(QString());
    retranslate(m_sourcePicker, [this, item = m_sourcePicker->count() - 1] {
        m_sourcePicker->setItemText(item, tr("Another server…"));
    });
    auto *settingsButton = new QPushButton(this);
    retranslate(settingsButton, [settingsButton] { settingsButton->setText(tr("Local API settings…")); });
    settingsButton->setObjectName(u"LocalApiSettingsButton"_s);
    auto *clearButton = new QPushButton(this);
    retranslate(clearButton, [clearButton] { clearButton->setText(tr("Clear")); });
    clearButton->setObjectName(u"ApiActivityClear"_s);
    retranslate(clearButton, [clearButton] {
        clearButton->setToolTip(tr("Remove the requests shown here (nothing is deleted from the logs)"));
    });
    auto *top = new QHBoxLayout;
    top->addWidget(m_sourcePicker, 1);
    top->addWidget(settingsButton);
    top->addWidget(clearButton);

    m_serverRow = new QWidget(this);
    m_serverUrl = new QLineEdit(m_serverRow);
    m_serverUrl->setObjectName(u"ApiActivityServerUrl"_s);
    m_serverUrl->setPlaceholderText(u"http://127.0.0.1:8642"_s);
    m_serverKey = new QLineEdit(m_serverRow);
    m_serverKey->setObjectName(u"ApiActivityServerKey"_s);
    setTranslatedPlaceholder(m_serverKey, [=, this]() -> QString { return tr("API key (sbk_…)"); });
    m_serverKey->setEchoMode(QLineEdit::Password);
    m_connect = new QPushButton(m_serverRow);
    retranslate(m_connect, [this] { m_connect->setText(tr("Watch")); });
    m_connect->setObjectName(u"ApiActivityConnect"_s);
    auto *serverLayout = new QHBoxLayout(m_serverRow);
    serverLayout->setContentsMargins(0, 0, 0, 0);
    serverLayout->addWidget(m_serverUrl, 2);
    serverLayout->addWidget(m_serverKey, 2);
    serverLayout->addWidget(m_connect);
    m_serverRow->hide();

    m_status = new QLabel(this);
    m_status->setObjectName(u"ApiActivityStatus"_s);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setTextFormat(Qt::PlainText); // quotes server errors
    m_message = new InlineMessage(this);
    m_message->setObjectName(u"ApiActivityMessage"_s);

    m_empty = translatedLabel(
        [=, this]() -> QString {
            return tr("Requests that other programs send to Sandbench's local API appear here while "
                      "they run, with their shell calls and live output.");
        },
        this);
    m_empty->setObjectName(u"ApiActivityEmpty"_s);
    m_empty->setWordWrap(true);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setForegroundRole(QPalette::PlaceholderText);

    auto *content = new QWidget;
    m_list = new QVBoxLayout(content);
    m_list->setContentsMargins(4, 4, 4, 4);
    m_list->setSpacing(6);
    m_list->addWidget(m_empty);
    m_list->addStretch(1);
    m_scroll = new QScrollArea(this);
    m_scroll->setObjectName(u"ApiActivityScroll"_s);
    m_scroll->setWidgetResizable(true);
    m_scroll->setWidget(content);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 0);
    layout->addLayout(top);
    layout->addWidget(m_serverRow);
    layout->addWidget(m_status);
    layout->addWidget(m_message);
    layout->addWidget(m_scroll, 1);

    connect(m_sourcePicker, &QComboBox::currentIndexChanged, this, &ApiActivityPanel::onSourceChosen);
    connect(settingsButton, &QPushButton::clicked, this, &ApiActivityPanel::openLocalApiSettings);
    connect(clearButton, &QPushButton::clicked, this, &ApiActivityPanel::clear);
    connect(m_connect, &QPushButton::clicked, this, [this] {
        watchServer(QUrl::fromUserInput(m_serverUrl->text().trimmed()), m_serverKey->text().trimmed());
    });
    connect(m_serverKey, &QLineEdit::returnPressed, m_connect, &QPushButton::click);
    connect(m_client, &EventStreamClient::eventReceived, this, &ApiActivityPanel::onEvent);
    connect(m_client, &EventStreamClient::stateChanged, this, &ApiActivityPanel::updateStatus);
    // Requests that were running when the stream dropped can no longer say how they end.
    connect(m_client, &EventStreamClient::stateChanged, this, [this] {
        if (m_client->state() == EventStreamClient::State::Connected)
            return;
        for (ApiRequestView *view : std::as_const(m_requests))
            view->markDisconnected();
    });
    connect(controller, &LocalApiController::stateChanged, this, &ApiActivityPanel::followController);
    followController();
}

void ApiActivityPanel::setMaxRequests(int count)
{
    m_maxRequests = std::max(1, count);
    dropOldRequests();
}

ApiRequestView *ApiActivityPanel::request(const QString &requestId) const
{
    for (ApiRequestView *view : m_requests) {
        if (view->requestId() == requestId)
            return view;
    }
    return nullptr;
}

QString ApiActivityPanel::statusText() const
{
    return m_status->text();
}

void ApiActivityPanel::onSourceChosen(int index)
{
    m_message->hide();
    if (index == 0) {
        watchLocalApi();
        return;
    }
    m_source = Source::OtherServer;
    m_serverRow->show();
    m_localKey.clear();
    m_client->close();
    if (m_serverUrl->text().isEmpty())
        m_serverUrl->setFocus();
    updateStatus();
}

void ApiActivityPanel::watchLocalApi()
{
    m_source = Source::LocalApi;
    {
        const QSignalBlocker blocker(m_sourcePicker);
        m_sourcePicker->setCurrentIndex(0);
    }
    m_serverRow->hide();
    m_localKey.clear();
    followController();
}

bool ApiActivityPanel::watchServer(const QUrl &base, const QString &key)
{
    {
        const QSignalBlocker blocker(m_sourcePicker);
        m_sourcePicker->setCurrentIndex(1);
    }
    m_source = Source::OtherServer;
    m_serverRow->show();
    m_serverUrl->setText(base.toString());
    if (m_serverKey->text() != key)
        m_serverKey->setText(key);
    m_localKey.clear();
    if (EventStreamClient::eventsUrl(base).isEmpty()) {
        m_message->showMessage(
            [=, this]() -> QString {
                return tr("\"%1\" is not a server address: use one like http://127.0.0.1:8642, as "
                          "`sandbench serve` prints it.")
                    .arg(base.toString());
            },
            InlineMessage::Type::Error);
        m_client->close();
        return false;
    }
    if (key.isEmpty()) {
        m_message->showMessage(
            [=, this]() -> QString {
                return tr("Enter an API key of the server's workspace (`sandbench keys create` prints "
                          "one).");
            },
            InlineMessage::Type::Error);
        m_client->close();
        return false;
    }
    m_message->hide();
    m_client->open(base, key);
    updateStatus();
    return true;
}

void ApiActivityPanel::followController()
{
    if (m_source != Source::LocalApi) {
        updateStatus();
        return;
    }
    if (!m_controller->isRunning()) {
        m_localKey.clear();
        m_client->close();
    } else if (m_controller->viewerKey() != m_localKey) {
        // A (re)started server has a new port or viewer key: watch it from now on.
        m_localKey = m_controller->viewerKey();
        m_client->open(m_controller->url(), m_localKey);
    }
    updateStatus();
}

void ApiActivityPanel::updateStatus()
{
    const QString where = m_client->url().toString();
    QString text;
    switch (m_client->state()) {
    case EventStreamClient::State::Connected:
        text = m_source == Source::LocalApi
                   ? tr("Watching this app's local API at %1 (workspace %2).")
                         .arg(m_controller->url().toString() + u"/api/v1"_s, m_client->workspace())
                   : tr("Watching %1 (workspace %2).").arg(where, m_client->workspace());
        break;
    case EventStreamClient::State::Connecting:
        text = tr("Connecting to %1…").arg(where);
        break;
    case EventStreamClient::State::Retrying:
        text = tr("Lost the connection to %1 (%2); trying again…").arg(where, m_client->lastError());
        break;
    case EventStreamClient::State::Refused:
        text = m_client->lastError();
        break;
    case EventStreamClient::State::Closed:
        if (m_source == Source::OtherServer)
            text = tr("Enter the address of a `sandbench serve` and a key of its workspace, then Watch.");
        else if (!m_controller->lastError().isEmpty())
            text = tr("The local API is not running: %1").arg(m_controller->lastError());
        else
            text =
                tr("The local API is off, so other programs cannot reach Sandbench. Turn it on in Local API "
                   "settings.");
        break;
    }
    m_status->setText(text);
}

void ApiActivityPanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    // The status is worded from the connection's state: a language switch words it again.
    if (event->type() == QEvent::LanguageChange && m_client)
        updateStatus();
}

void ApiActivityPanel::onEvent(const QJsonObject &event)
{
    const QString id = event.value(u"request_id"_s).toString();
    if (id.isEmpty())
        return;
    ApiRequestView *view = request(id);
    if (!view) {
        view = new ApiRequestView(id, m_maxBlocks);
        view->setCanAllowHosts(true);
        connect(view, &ApiRequestView::allowHostRequested, this, &ApiActivityPanel::onAllowHost);
        m_empty->hide();
        // Newest first, under the empty note.
        m_list->insertWidget(1, view);
        m_requests.prepend(view);
        dropOldRequests();
        Q_EMIT requestAppeared(id);
    }
    view->handleEvent(event);
}

void ApiActivityPanel::onAllowHost(ShellCallView *view, const QString &containerId, const QString &host)
{
    if (m_source == Source::LocalApi) {
        Q_EMIT allowHostRequested(view, containerId, host); // the window's own workspace
        return;
    }
    // Another server's container: that server widens its policy, asked with the key being watched with.
    view->showNetworkMessage(tr("Asking %1 to allow %2…").arg(m_client->url().host(), host),
                             InlineMessage::Type::Information);
    m_client->allowHost(containerId, host, view, [view, host](const EventStreamClient::AllowReply &reply) {
        if (!reply.ok) {
            view->showNetworkMessage(tr("%1 was not allowed: %2").arg(host, reply.error),
                                     InlineMessage::Type::Error);
            return;
        }
        QString error;
        const std::optional<NetworkPolicy> policy = NetworkPolicy::fromJson(reply.policy, &error);
        view->showHostAllowed(host, policy ? policy->entries() : QStringList(),
                              policy && policy->isUnrestricted(), reply.restart);
    });
}

void ApiActivityPanel::dropOldRequests()
{
    // Finished requests go first, oldest first; a running one only when nothing else is left to drop.
    while (m_requests.size() > m_maxRequests) {
        qsizetype victim = -1;
        for (qsizetype i = m_requests.size() - 1; i >= 0 && victim < 0; --i) {
            if (m_requests.at(i)->isFinished())
                victim = i;
        }
        if (victim < 0)
            victim = m_requests.size() - 1;
        delete m_requests.takeAt(victim);
    }
}

void ApiActivityPanel::clear()
{
    qDeleteAll(m_requests);
    m_requests.clear();
    m_empty->show();
}

void ApiActivityPanel::openLocalApiSettings()
{
    if (m_dialog) {
        m_dialog->raise();
        m_dialog->activateWindow();
        return;
    }
    auto *dialog = new QDialog(window());
    dialog->setObjectName(u"LocalApiDialog"_s);
    dialog->setWindowTitle(tr("Local API"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    auto *page = new LocalApiPage(m_controller, dialog);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    auto *layout = new QVBoxLayout(dialog);
    layout->addWidget(page, 1);
    layout->addWidget(buttons);
    dialog->resize(dialog->sizeHint().expandedTo(QSize(560, 620)));
    m_dialog = dialog;
    dialog->open();
}
