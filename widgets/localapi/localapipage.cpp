// SPDX-License-Identifier: GPL-3.0-or-later
#include "localapi/localapipage.h"

#include "common/inlinemessage.h"
#include "common/retranslate.h"
#include "localapi/localapicontroller.h"
#include "localapi/mcpconfigbox.h"

#include <QCheckBox>
#include <QClipboard>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGroupBox>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QTreeWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {
enum Column { KeyColumn, CreatedColumn };
constexpr int IdRole = Qt::UserRole;
constexpr int SecretRole = Qt::UserRole + 1;

QPushButton *copyButton(const QString &objectName, const QString &toolTip, QWidget *parent)
{
    auto *button = new QPushButton(QIcon::fromTheme(u"edit-copy"_s), QString(), parent);
    setTranslatedText(button, [] { return LocalApiPage::tr("Copy"); });
    button->setObjectName(objectName);
    button->setToolTip(toolTip);
    return button;
}
} // namespace

LocalApiPage::LocalApiPage(LocalApiController *controller, QWidget *parent)
    : QWidget(parent)
    , m_controller(controller)
{
    setObjectName(u"LocalApiPage"_s);

    auto *intro = translatedLabel(
        [=, this]() -> QString {
            return tr(
                "Other programs on this computer can send Responses and Messages requests with the "
                "openrouter:shell tool to Sandbench. Their shell calls run in this workspace's sandboxes and "
                "appear "
                "live in the Other programs panel. The API listens on 127.0.0.1 only and needs one of the "
                "keys "
                "below.");
        },
        this);
    intro->setWordWrap(true);

    m_enabled = new QCheckBox(this);
    retranslate(m_enabled, [this] { m_enabled->setText(tr("Run the local API while Sandbench is open")); });
    m_enabled->setObjectName(u"LocalApiEnabled"_s);

    m_port = new QLineEdit(this);
    m_port->setObjectName(u"LocalApiPort"_s);
    m_port->setMaxLength(5);
    m_port->setMaximumWidth(fontMetrics().horizontalAdvance(u"0000000000"_s));
    setTranslatedToolTip(m_port, [=, this]() -> QString {
        return tr("A port from %1 to %2").arg(LocalApiController::MinPort).arg(LocalApiController::MaxPort);
    });
    m_applyPort = new QPushButton(this);
    retranslate(m_applyPort, [this] { m_applyPort->setText(tr("Apply")); });
    m_applyPort->setObjectName(u"LocalApiApplyPort"_s);
    m_applyPort->setEnabled(false);
    auto *portRow = new QHBoxLayout;
    portRow->addWidget(m_port);
    portRow->addWidget(m_applyPort);
    portRow->addStretch(1);

    m_status = new QLabel(this);
    m_status->setObjectName(u"LocalApiStatus"_s);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setTextFormat(Qt::PlainText); // quotes server errors

    m_url = new QLineEdit(this);
    m_url->setObjectName(u"LocalApiUrl"_s);
    m_url->setReadOnly(true);
    QPushButton *copyUrl = copyButton(u"LocalApiCopyUrl"_s, tr("Copy the API's base URL"), this);
    auto *urlRow = new QHBoxLayout;
    urlRow->addWidget(m_url, 1);
    urlRow->addWidget(copyUrl);

    m_message = new InlineMessage(this);
    m_message->setObjectName(u"LocalApiMessage"_s);

    auto *form = new QFormLayout;
    form->addRow(m_enabled);
    addTranslatedRow(
        form, [] { return tr("Port:"); }, portRow);
    addTranslatedRow(
        form, [] { return tr("Status:"); }, m_status);
    addTranslatedRow(
        form, [] { return tr("Base URL:"); }, urlRow);

    auto *keysBox = new QGroupBox(this);
    setTranslatedTitle(keysBox, [workspace = controller->workspace()] {
        return tr("API keys of workspace %1").arg(workspace);
    });
    keysBox->setObjectName(u"LocalApiKeysBox"_s);
    m_keys = new QTreeWidget(keysBox);
    m_keys->setObjectName(u"LocalApiKeys"_s);
    m_keys->setRootIsDecorated(false);
    retranslate(m_keys, [this] { m_keys->setHeaderLabels({tr("Key"), tr("Created")}); });
    m_keys->header()->setSectionResizeMode(KeyColumn, QHeaderView::Stretch);
    m_keys->header()->setSectionResizeMode(CreatedColumn, QHeaderView::ResizeToContents);
    m_keys->setMinimumHeight(fontMetrics().lineSpacing() * 5);
    m_createKey = new QPushButton(keysBox);
    retranslate(m_createKey, [this] { m_createKey->setText(tr("Create key")); });
    m_createKey->setObjectName(u"LocalApiCreateKey"_s);
    m_copyKey = copyButton(u"LocalApiCopyKey"_s, tr("Copy the selected key"), keysBox);
    m_revokeKey = new QPushButton(keysBox);
    retranslate(m_revokeKey, [this] { m_revokeKey->setText(tr("Revoke…")); });
    m_revokeKey->setObjectName(u"LocalApiRevokeKey"_s);
    retranslate(m_revokeKey, [this] {
        m_revokeKey->setToolTip(tr("Programs using the selected key are refused from their next request on"));
    });
    m_newKey = new QLineEdit(keysBox);
    m_newKey->setObjectName(u"LocalApiNewKey"_s);
    m_newKey->setReadOnly(true);
    m_newKey->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_newKey->hide();
    m_newKeyNote = translatedLabel(
        [=, this]() -> QString {
            return tr("Copy the new key now and give it to your program. Sandbench keeps only a hash of it "
                      "on disk, so "
                      "after you quit Sandbench it cannot show the key again.");
        },
        keysBox);
    m_newKeyNote->setObjectName(u"LocalApiNewKeyNote"_s);
    m_newKeyNote->setWordWrap(true);
    m_newKeyNote->hide();
    auto *keyButtons = new QHBoxLayout;
    keyButtons->addWidget(m_createKey);
    keyButtons->addWidget(m_copyKey);
    keyButtons->addStretch(1);
    keyButtons->addWidget(m_revokeKey);
    auto *keysLayout = new QVBoxLayout(keysBox);
    keysLayout->addWidget(m_keys);
    keysLayout->addLayout(keyButtons);
    keysLayout->addWidget(m_newKey);
    keysLayout->addWidget(m_newKeyNote);

    auto *exampleBox = new QGroupBox(this);
    retranslate(exampleBox, [exampleBox] { exampleBox->setTitle(tr("Try it")); });
    m_example = new QPlainTextEdit(exampleBox);
    m_example->setObjectName(u"LocalApiExample"_s);
    m_example->setReadOnly(true);
    m_example->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_example->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_example->setFixedHeight(m_example->fontMetrics().lineSpacing() * 6 +
                              int(m_example->document()->documentMargin() * 2) + 2 * m_example->frameWidth() +
                              m_example->horizontalScrollBar()->sizeHint().height());
    QPushButton *copyExample =
        copyButton(u"LocalApiCopyExample"_s, tr("Copy the example command"), exampleBox);
    auto *exampleLayout = new QVBoxLayout(exampleBox);
    exampleLayout->addWidget(m_example);
    auto *exampleButtons = new QHBoxLayout;
    auto *exampleNote = translatedLabel(
        [=, this]() -> QString {
            return tr("Replace MODEL with a model of your providers (provider/model).");
        },
        exampleBox);
    exampleNote->setWordWrap(true);
    exampleNote->setForegroundRole(QPalette::PlaceholderText);
    exampleButtons->addWidget(exampleNote, 1);
    exampleButtons->addWidget(copyExample);
    exampleLayout->addLayout(exampleButtons);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_message);
    layout->addWidget(keysBox, 1);
    layout->addWidget(exampleBox);
    auto *mcp = new McpConfigBox(controller, this);
    layout->addWidget(mcp);
    connect(this, &LocalApiPage::exampleKeyChanged, mcp, &McpConfigBox::setKey);
    connect(mcp, &McpConfigBox::copied, this, [this](const QString &what) {
        m_message->showMessage(tr("%1 is on the clipboard.").arg(what), InlineMessage::Type::Information);
    });

    connect(m_enabled, &QCheckBox::toggled, this, &LocalApiPage::onToggled);
    connect(m_port, &QLineEdit::textEdited, this, [this] { m_applyPort->setEnabled(true); });
    connect(m_port, &QLineEdit::returnPressed, this, &LocalApiPage::applyPort);
    connect(m_applyPort, &QPushButton::clicked, this, &LocalApiPage::applyPort);
    connect(copyUrl, &QPushButton::clicked, this, [this] { copy(m_url->text(), tr("The base URL")); });
    connect(copyExample, &QPushButton::clicked, this, [this] { copy(exampleText(), tr("The example")); });
    connect(m_createKey, &QPushButton::clicked, this, &LocalApiPage::createKey);
    connect(m_copyKey, &QPushButton::clicked, this, &LocalApiPage::copySelectedKey);
    connect(m_revokeKey, &QPushButton::clicked, this, &LocalApiPage::revokeSelectedKey);
    connect(m_keys, &QTreeWidget::itemSelectionChanged, this, &LocalApiPage::updateKeyButtons);
    connect(controller, &LocalApiController::stateChanged, this, &LocalApiPage::updateState);
    connect(controller, &LocalApiController::keysChanged, this, &LocalApiPage::reloadKeys);

    m_port->setText(QString::number(controller->port()));
    updateState();
    reloadKeys();
}

void LocalApiPage::onToggled(bool on)
{
    if (on == m_controller->isEnabled() && on == m_controller->isRunning())
        return;
    m_message->hide();
    if (!on) {
        m_controller->stop();
        return;
    }
    QString error;
    const std::optional<int> port = LocalApiController::parsePort(m_port->text(), &error);
    if (!port) {
        m_message->showMessage(error, InlineMessage::Type::Error);
        const QSignalBlocker blocker(m_enabled);
        m_enabled->setChecked(false);
        return;
    }
    if (!m_controller->start(*port, &error))
        m_message->showMessage(error, InlineMessage::Type::Error);
}

void LocalApiPage::applyPort()
{
    QString error;
    const std::optional<int> port = LocalApiController::parsePort(m_port->text(), &error);
    if (!port) {
        m_message->showMessage(error, InlineMessage::Type::Error);
        return;
    }
    m_message->hide();
    m_applyPort->setEnabled(false);
    if (!m_controller->setPort(*port, &error))
        m_message->showMessage(error, InlineMessage::Type::Error);
}

void LocalApiPage::updateState()
{
    {
        const QSignalBlocker blocker(m_enabled);
        m_enabled->setChecked(m_controller->isEnabled());
    }
    if (!m_port->hasFocus() && !m_applyPort->isEnabled())
        m_port->setText(QString::number(m_controller->port()));
    const QString url = m_controller->url().toString() + u"/api/v1"_s;
    m_url->setText(url);
    if (m_controller->isRunning()) {
        setTranslatedText(m_status, [=, this]() -> QString { return tr("Running at %1").arg(url); });
    } else if (!m_controller->lastError().isEmpty()) {
        setTranslatedText(m_status, [=, this]() -> QString {
            return tr("Not running: %1").arg(m_controller->lastError());
        });
    } else {
        setTranslatedText(m_status, [=, this]() -> QString { return tr("Stopped"); });
    }
    updateExample();
}

void LocalApiPage::reloadKeys()
{
    const QString selected =
        m_keys->currentItem() ? m_keys->currentItem()->data(KeyColumn, IdRole).toString() : QString();
    m_keys->clear();
    QString error;
    const auto keys = m_controller->keys(&error);
    if (!keys) {
        m_message->showMessage(
            [=, this]() -> QString { return tr("Cannot read the API keys: %1").arg(error); },
            InlineMessage::Type::Error);
        updateKeyButtons();
        return;
    }
    for (const LocalApiController::KeyInfo &k : *keys) {
        auto *item = new QTreeWidgetItem(m_keys);
        item->setText(KeyColumn, k.secret.isEmpty() ? k.prefix + u"…"_s : k.secret);
        item->setToolTip(KeyColumn, k.secret.isEmpty()
                                        ? tr("Only the start of this key is known; Sandbench stores a hash")
                                        : tr("Created while Sandbench is open: it can still be copied"));
        item->setFont(KeyColumn, QFontDatabase::systemFont(QFontDatabase::FixedFont));
        item->setText(CreatedColumn, LocaleFormat::dateTime(k.created));
        item->setData(KeyColumn, IdRole, k.id);
        item->setData(KeyColumn, SecretRole, k.secret);
        if (k.id == selected)
            m_keys->setCurrentItem(item);
    }
    updateKeyButtons();
}

void LocalApiPage::updateKeyButtons()
{
    QTreeWidgetItem *item = m_keys->currentItem();
    m_copyKey->setEnabled(item && !item->data(KeyColumn, SecretRole).toString().isEmpty());
    setTranslatedToolTip(m_copyKey, [=, this]() -> QString {
        return m_copyKey->isEnabled()
                   ? tr("Copy the selected key")
                   : tr("Only keys created while Sandbench is open can be copied; create a new "
                        "one to hand to a program");
    });
    m_revokeKey->setEnabled(item != nullptr);
}

void LocalApiPage::createKey()
{
    QString error;
    const std::optional<QString> key = m_controller->createKey(&error);
    if (!key) {
        m_message->showMessage([=, this]() -> QString { return tr("Cannot create a key: %1").arg(error); },
                               InlineMessage::Type::Error);
        return;
    }
    m_newKey->setText(*key);
    m_newKey->show();
    m_newKeyNote->show();
    m_exampleKey = *key;
    Q_EMIT exampleKeyChanged(m_exampleKey);
    for (int i = 0; i < m_keys->topLevelItemCount(); ++i) {
        if (m_keys->topLevelItem(i)->data(KeyColumn, SecretRole).toString() == *key)
            m_keys->setCurrentItem(m_keys->topLevelItem(i));
    }
    updateExample();
}

void LocalApiPage::copySelectedKey()
{
    if (QTreeWidgetItem *item = m_keys->currentItem())
        copy(item->data(KeyColumn, SecretRole).toString(), tr("The key"));
}

void LocalApiPage::revokeSelectedKey()
{
    QTreeWidgetItem *item = m_keys->currentItem();
    if (!item)
        return;
    const QString id = item->data(KeyColumn, IdRole).toString();
    const QString label = item->text(KeyColumn);
    // Destructive, so confirmed; window-modal and opened with open(), no nested event loop.
    auto *box = new QMessageBox(QMessageBox::Warning, tr("Revoke key"),
                                tr("Revoke the key %1? Programs that use it are refused from their next "
                                   "request on. This cannot be undone.")
                                    .arg(label),
                                QMessageBox::Yes | QMessageBox::Cancel, this);
    box->setObjectName(u"LocalApiRevokeConfirm"_s);
    box->setTextFormat(Qt::PlainText);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->button(QMessageBox::Yes)->setText(tr("Revoke"));
    box->setDefaultButton(QMessageBox::Cancel);
    connect(box, &QMessageBox::finished, this, [this, box, id](int) {
        if (box->clickedButton() != box->button(QMessageBox::Yes))
            return;
        QString error;
        if (!m_controller->revokeKey(id, &error)) {
            m_message->showMessage(
                [=, this]() -> QString { return tr("Cannot revoke the key: %1").arg(error); },
                InlineMessage::Type::Error);
            return;
        }
        if (m_exampleKey.size() && m_newKey->text() == m_exampleKey) {
            bool stillThere = false;
            for (int i = 0; i < m_keys->topLevelItemCount(); ++i)
                stillThere =
                    stillThere || m_keys->topLevelItem(i)->data(KeyColumn, SecretRole) == m_exampleKey;
            if (!stillThere) {
                m_exampleKey.clear();
                m_newKey->hide();
                m_newKeyNote->hide();
            }
        }
        m_message->showMessage([=, this]() -> QString { return tr("The key is revoked."); },
                               InlineMessage::Type::Positive);
        updateExample();
    });
    box->open();
}

QString LocalApiPage::exampleText() const
{
    return m_example->toPlainText();
}

void LocalApiPage::updateExample()
{
    const QString key = m_exampleKey.isEmpty() ? u"YOUR_KEY"_s : m_exampleKey;
    // Not translated: a command line.
    m_example->setPlainText(
        u"curl %1/api/v1/responses \\\n"
        "  -H \"Authorization: Bearer %2\" \\\n"
        "  -H \"Content-Type: application/json\" \\\n"
        "  -d '{\"model\": \"MODEL\", \"input\": \"What is the kernel version?\",\n"
        "       \"tools\": [{\"type\": \"openrouter:shell\"}]}'"_s.arg(m_controller->url().toString(), key));
}

void LocalApiPage::copy(const QString &text, const QString &what)
{
    if (text.isEmpty())
        return;
    QGuiApplication::clipboard()->setText(text);
    m_message->showMessage([=, this]() -> QString { return tr("%1 is on the clipboard.").arg(what); },
                           InlineMessage::Type::Information);
}
