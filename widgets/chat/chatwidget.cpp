// SPDX-License-Identifier: GPL-3.0-or-later
#include "chat/chatwidget.h"

#include "chat/chatimages.h"
#include "common/inlineimage.h"
#include "common/inlinemessage.h"
#include "common/plaintooltip.h"
#include "common/retranslate.h"
#include "common/safetextbrowser.h"
#include "gateway/codeimages.h"
#include "sandbox/shellcall.h"
#include "workspace/chatsession.h"

#include <QAction>
#include <QClipboard>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollArea>
#include <QScrollBar>
#include <QStyle>
#include <QTextBrowser>
#include <QToolButton>
#include <QVBoxLayout>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <utility>

using namespace Qt::StringLiterals;

MessageBubble::MessageBubble(Role role, const QString &title, QWidget *parent)
    : QFrame(parent)
    , m_role(role)
{
    setObjectName(role == Role::User        ? u"UserMessage"_s
                  : role == Role::Assistant ? u"AssistantMessage"_s
                                            : u"NoteMessage"_s);
    setFrameShape(role == Role::Note ? QFrame::NoFrame : QFrame::StyledPanel);
    // A lighter or darker shade of the window colour marks the bubbles in either theme.
    setAutoFillBackground(role != Role::Note);
    if (role == Role::User)
        setBackgroundRole(QPalette::AlternateBase);
    else if (role == Role::Assistant)
        setBackgroundRole(QPalette::Base);

    auto *header = new QLabel(title, this);
    header->setObjectName(u"MessageRole"_s);
    if (title.isEmpty() && role != Role::Note)
        retranslate(header, [header, role] {
            header->setText(role == Role::User ? ChatWidget::tr("You") : ChatWidget::tr("Assistant"));
        });
    QFont f = header->font();
    f.setBold(true);
    header->setFont(f);
    if (role == Role::Note)
        header->hide();

    auto *copy = new QToolButton(this);
    copy->setObjectName(u"CopyButton"_s);
    copy->setAutoRaise(true);
    retranslate(copy, [copy] {
        copy->setText(tr("Copy"));
        copy->setToolTip(tr("Copy this message"));
    });
    copy->setVisible(role != Role::Note);
    connect(copy, &QToolButton::clicked, this, [this] { QGuiApplication::clipboard()->setText(m_text); });

    m_body = new SafeTextBrowser(this);
    m_body->setObjectName(u"MessageBody"_s);
    // Text to select with the mouse; Tab stops at the Copy buttons instead of at every message.
    m_body->setFocusPolicy(Qt::ClickFocus);
    m_body->setFrameShape(QFrame::NoFrame);
    m_body->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_body->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_body->viewport()->setAutoFillBackground(false);
    m_body->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    m_body->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    if (role == Role::Note)
        m_body->setForegroundRole(QPalette::PlaceholderText);
    // The body's own width settles after the bubble's resize; its height follows the final width.
    m_body->viewport()->installEventFilter(this);

    auto *top = new QHBoxLayout;
    top->addWidget(header, 1);
    top->addWidget(copy);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 6, 10, 6);
    layout->setSpacing(2);
    layout->addLayout(top);
    layout->addWidget(m_body);

    // Re-rendering Markdown on every token would cost O(n^2); tokens are rendered every 50 ms.
    m_renderTimer.setSingleShot(true);
    m_renderTimer.setInterval(50);
    connect(&m_renderTimer, &QTimer::timeout, this, &MessageBubble::render);
}

void MessageBubble::setText(const QString &text)
{
    m_text = text;
    render();
}

void MessageBubble::appendText(const QString &text)
{
    m_text += text;
    if (!m_renderTimer.isActive())
        m_renderTimer.start();
}

QString MessageBubble::renderedText() const
{
    return m_body->toPlainText();
}

void MessageBubble::render()
{
    m_renderTimer.stop();
    if (m_role == Role::Assistant)
        // Model text: no raw HTML (it could hide text or ask for resources); links open in the browser.
        m_body->document()->setMarkdown(m_text,
                                        QTextDocument::MarkdownFeatures(QTextDocument::MarkdownDialectGitHub |
                                                                        QTextDocument::MarkdownNoHTML));
    else
        m_body->setPlainText(m_text);
    fitHeight();
}

void MessageBubble::fitHeight()
{
    QTextDocument *doc = m_body->document();
    doc->setTextWidth(m_body->viewport()->width() > 0 ? m_body->viewport()->width() : 400);
    m_body->setFixedHeight(int(doc->size().height()) + 4);
}

void MessageBubble::resizeEvent(QResizeEvent *event)
{
    QFrame::resizeEvent(event);
    fitHeight();
}

bool MessageBubble::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_body->viewport() && event->type() == QEvent::Resize)
        fitHeight();
    return QFrame::eventFilter(watched, event);
}

ChatWidget::ChatWidget(ChatSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
{
    setObjectName(u"ChatWidget"_s);

    m_modelLabel = new QLabel(this);
    m_modelLabel->setObjectName(u"ChatHeader"_s);
    m_containerLabel = new QLabel(this);
    m_containerLabel->setObjectName(u"ChatContainerId"_s);
    m_containerLabel->setForegroundRole(QPalette::PlaceholderText);
    m_containerLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_containerLabel->hide();
    m_costLabel = new QLabel(this);
    m_costLabel->setObjectName(u"ConversationCost"_s);
    m_costLabel->hide();

    m_empty = new QLabel(this);
    m_empty->setObjectName(u"ChatEmptyHint"_s);
    m_empty->setWordWrap(true);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setForegroundRole(QPalette::PlaceholderText);

    auto *content = new QWidget;
    content->setObjectName(u"MessageListContent"_s);
    m_messages = new QVBoxLayout(content);
    m_messages->setContentsMargins(8, 8, 8, 8);
    m_messages->setSpacing(8);
    m_messages->addWidget(m_empty);
    m_messages->addStretch(1);
    m_scroll = new QScrollArea(this);
    m_scroll->setObjectName(u"MessageList"_s);
    m_scroll->setWidgetResizable(true);
    m_scroll->setWidget(content);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // A bubble gets its final height only after its text is laid out, later than it is added; the view
    // follows the end for as long as the reader has not scrolled away from it.
    QScrollBar *bar = m_scroll->verticalScrollBar();
    connect(bar, &QScrollBar::valueChanged, this,
            [this, bar](int value) { m_followEnd = value >= bar->maximum() - 4; });
    connect(bar, &QScrollBar::rangeChanged, this, [this, bar](int, int max) {
        if (m_followEnd)
            bar->setValue(max);
    });

    m_error = new InlineMessage(this);
    m_error->setObjectName(u"ChatError"_s);

    m_chips = new QWidget(this);
    m_chips->setObjectName(u"AttachmentChips"_s);
    m_chipsLayout = new QHBoxLayout(m_chips);
    m_chipsLayout->setContentsMargins(0, 0, 0, 0);
    m_chipsLayout->addStretch(1);
    m_chips->hide();

    m_input = new QPlainTextEdit(this);
    m_input->setObjectName(u"MessageInput"_s);
    m_input->setMaximumHeight(96);
    // Tab moves on to the Send button like in every other field; Ctrl+Tab types a tab.
    m_input->setTabChangesFocus(true);
    m_input->installEventFilter(this);

    // The message box's keys are actions, so the window's list of shortcuts shows them as they are.
    m_sendAction = new QAction(this);
    m_sendAction->setObjectName(u"SendMessageAction"_s);
    m_sendAction->setShortcuts(
        {QKeySequence(Qt::CTRL | Qt::Key_Return), QKeySequence(Qt::CTRL | Qt::Key_Enter)});
    connect(m_sendAction, &QAction::triggered, this, &ChatWidget::sendCurrentText);
    m_stopAction = new QAction(this);
    m_stopAction->setObjectName(u"StopAnswerAction"_s);
    m_stopAction->setShortcut(QKeySequence(Qt::Key_Escape));
    m_stopAction->setEnabled(false);
    connect(m_stopAction, &QAction::triggered, this, [this] {
        if (m_session)
            m_session->stop();
    });
    m_insertTabAction = new QAction(this);
    m_insertTabAction->setObjectName(u"InsertTabAction"_s);
    m_insertTabAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Tab));
    connect(m_insertTabAction, &QAction::triggered, this, [this] { m_input->insertPlainText(u"\t"_s); });
    for (QAction *action : {m_sendAction, m_stopAction, m_insertTabAction}) {
        action->setShortcutContext(Qt::WidgetShortcut);
        m_input->addAction(action);
    }

    m_attach = new QPushButton(this);
    m_attach->setObjectName(u"AttachButton"_s);
    m_send = new QPushButton(this);
    m_send->setObjectName(u"SendButton"_s);
    m_send->setDefault(true);
    m_stop = new QPushButton(this);
    m_stop->setObjectName(u"StopButton"_s);
    m_stop->setEnabled(false);
    connect(m_attach, &QPushButton::clicked, this, &ChatWidget::attachRequested);
    connect(m_send, &QPushButton::clicked, this, &ChatWidget::sendCurrentText);
    connect(m_stop, &QPushButton::clicked, m_stopAction, &QAction::trigger);
    // Layout order: the message box, then its buttons top to bottom.
    setTabOrder(m_input, m_send);
    setTabOrder(m_send, m_stop);
    setTabOrder(m_stop, m_attach);
    setTabOrder(m_attach, m_scroll);
    // Tab reaches the list of messages after the buttons, so it scrolls with the arrow keys.
    m_scroll->setFocusPolicy(Qt::TabFocus);
    m_lastTabStop = m_scroll;

    retranslate(this, [this] {
        m_costLabel->setToolTip(tr("Sandbox time of this conversation: $0.0001 a second; a question that "
                                   "starts a new or sleeping container pays at least 30 seconds."));
        m_empty->setText(
            tr("Drop a file here or use Attach, then ask a question about it. The model's shell "
               "commands run in this conversation's sandbox and appear in the Shell calls panel."));
        m_input->setPlaceholderText(tr("Ask about your data… (Ctrl+Enter to send)"));
        m_input->setAccessibleName(tr("Message box"));
        m_attach->setText(tr("Attach…"));
        m_send->setText(tr("Send"));
        m_stop->setText(tr("Stop"));
        m_stop->setToolTip(tr("Stop the answer and end its running commands (Esc)"));
        m_sendAction->setText(tr("Send the message"));
        m_stopAction->setText(tr("Stop the answer"));
        m_insertTabAction->setText(tr("Type a tab in the message"));
        if (!m_modelText.isEmpty())
            setModelLabel(m_modelText, m_scripted);
        setContainerId(m_containerId);
        setTotalCost(m_totalCost);
    });

    auto *buttons = new QVBoxLayout;
    buttons->addWidget(m_send);
    buttons->addWidget(m_stop);
    buttons->addWidget(m_attach);
    buttons->addStretch(1);
    auto *inputRow = new QHBoxLayout;
    inputRow->addWidget(m_input, 1);
    inputRow->addLayout(buttons);

    auto *layout = new QVBoxLayout(this);
    auto *header = new QHBoxLayout;
    header->addWidget(m_modelLabel, 1);
    header->addWidget(m_costLabel);
    layout->addLayout(header);
    layout->addWidget(m_containerLabel);
    layout->addWidget(m_scroll, 1);
    layout->addWidget(m_error);
    layout->addWidget(m_chips);
    layout->addLayout(inputRow);

    connect(session, &ChatSession::busyChanged, this, &ChatWidget::onBusyChanged);
    connect(session, &ChatSession::assistantStarted, this, [this] {
        m_current = nullptr;
        // A new answer is what the reader waits for.
        m_followEnd = true;
    });
    connect(session, &ChatSession::textDelta, this, [this](const QString &text) {
        if (!m_current)
            m_current = addBubble(MessageBubble::Role::Assistant, QString(), QString());
        m_current->appendText(text);
        scrollToEnd();
    });
    connect(session, &ChatSession::assistantFinished, this, [this](const QString &text) {
        if (m_current) {
            m_current->setText(text);
        } else if (!text.isEmpty()) {
            addBubble(MessageBubble::Role::Assistant, QString(), text);
        }
        m_current = nullptr;
        if (!text.isEmpty())
            remember({TranscriptEntry::Kind::Assistant, text, {}, {}, {}, -1});
    });
    connect(session, &ChatSession::costChanged, this, &ChatWidget::setTotalCost);
    connect(session, &ChatSession::shellCallStarted, this, [this](ShellCall *call) {
        m_pngsBefore = ChatImages::pngFiles(homeDir());
        QStringList commands;
        for (const QString &command :
             call->displayCommands()) { // the model's code, not the wrapper that runs it
            // One line per command keeps the note short; the panel shows them whole.
            const QString first = command.section(u'\n', 0, 0);
            commands.append(first.size() < command.size() ? first + u" …"_s : first);
        }
        addNote(u"ToolNote"_s, QJsonObject{{u"commands"_s, QJsonArray::fromStringList(commands)}});
    });
    connect(session, &ChatSession::shellCallFinished, this, [this] {
        // One chart once: a file saved with savefig and the figure captured after it can be the same bytes.
        QSet<QByteArray> shown;
        for (const QString &path : ChatImages::changedSince(std::exchange(m_pngsBefore, {}), homeDir())) {
            const QString kept = addImage(path, &shown);
            if (!kept.isEmpty())
                remember({TranscriptEntry::Kind::Image, kept, {}, {}, {}, -1});
        }
    });
    connect(session, &ChatSession::failed, this, [this](const QString &message) { showError(message); });
    connect(session, &ChatSession::stopped, this, [this] { addNote(u"StoppedNote"_s, QJsonObject()); });
}

void ChatWidget::setModelLabel(const QString &label, bool scripted)
{
    m_modelText = label;
    m_scripted = scripted;
    setTranslatedText(m_modelLabel, [=, this]() -> QString {
        return scripted ? tr("%1 — a script plays the answers, no model is asked").arg(label)
                        : tr("Model: %1").arg(label);
    });
    m_modelLabel->setProperty("scripted", scripted);
}

void ChatWidget::setContainerId(const QString &id)
{
    m_containerId = id;
    setTranslatedText(m_containerLabel, [=, this]() -> QString { return tr("Container %1").arg(id); });
    setTranslatedToolTip(m_containerLabel, [=, this]() -> QString {
        return tr("Every shell command of this conversation runs in container %1; its "
                  "files stay between questions and restarts.")
            .arg(id);
    });
    m_containerLabel->setVisible(!id.isEmpty());
}

void ChatWidget::setTotalCost(double dollars)
{
    m_totalCost = dollars;
    if (dollars < 0) {
        m_costLabel->hide();
        return;
    }
    // Nothing metered yet (every call was denied or stopped before it ran): no "$0.0000".
    setTranslatedText(m_costLabel, [=, this]() -> QString {
        return dollars > 0 ? tr("Sandbox cost: $%1").arg(QLocale().toString(dollars, 'f', 4))
                           : tr("No sandbox cost yet");
    });
    m_costLabel->show();
}

MessageBubble *ChatWidget::addNote(const QString &tag, const QString &text)
{
    MessageBubble *note = addBubble(MessageBubble::Role::Note, QString(), text);
    note->setObjectName(tag);
    remember({TranscriptEntry::Kind::Note, text, {}, tag, {}, -1});
    return note;
}

QString ChatWidget::noteText(const QString &tag, const QJsonObject &data)
{
    if (tag == u"StoppedNote")
        return tr("Stopped.");
    if (tag == u"ToolNote") {
        const QStringList commands = data.value(u"commands"_s).toVariant().toStringList();
        return tr("Running %n command(s) in the sandbox: %1", nullptr, int(commands.size()))
            .arg(commands.join(u"; "_s).left(200));
    }
    return {};
}

MessageBubble *ChatWidget::addNote(const QString &tag, const QJsonObject &data)
{
    MessageBubble *note = addBubble(MessageBubble::Role::Note, QString(), noteText(tag, data));
    note->setObjectName(tag);
    // The window's own words follow the language; the saved text is for readers of the file.
    retranslate(note, [note, tag, data] { note->setText(noteText(tag, data)); });
    remember({TranscriptEntry::Kind::Note, note->text(), {}, tag, data, -1});
    return note;
}

void ChatWidget::remember(const TranscriptEntry &entry)
{
    m_transcript.append(entry);
    Q_EMIT transcriptChanged();
}

void ChatWidget::showEntry(const TranscriptEntry &e)
{
    switch (e.kind) {
    case TranscriptEntry::Kind::User:
        addBubble(MessageBubble::Role::User, QString(), e.text);
        break;
    case TranscriptEntry::Kind::Assistant:
        addBubble(MessageBubble::Role::Assistant, QString(), e.text);
        break;
    case TranscriptEntry::Kind::Note: {
        MessageBubble *note = addBubble(MessageBubble::Role::Note, QString(), e.text);
        note->setObjectName(e.tag.isEmpty() ? u"NoteMessage"_s : e.tag);
        // Notes saved before they kept their data (a tool note without "commands") keep their text.
        if (e.tag == u"StoppedNote" || (e.tag == u"ToolNote" && e.item.contains(u"commands"_s)))
            retranslate(note, [note, tag = e.tag, data = e.item] { note->setText(noteText(tag, data)); });
        break;
    }
    case TranscriptEntry::Kind::Attachment:
        addChip(e.text, e.sandboxPath);
        break;
    case TranscriptEntry::Kind::Image:
        addImage(e.text);
        break;
    case TranscriptEntry::Kind::ShellCall:
        break;
    }
}

void ChatWidget::restoreTranscript(const QList<TranscriptEntry> &entries,
                                   const QStringList &pendingAttachments)
{
    for (const TranscriptEntry &e : entries)
        showEntry(e);
    m_transcript = entries;
    m_pendingSandboxPaths = pendingAttachments;
}

void ChatWidget::appendEntries(const QList<TranscriptEntry> &entries)
{
    for (const TranscriptEntry &e : entries)
        showEntry(e);
    m_transcript += entries;
    Q_EMIT transcriptChanged();
}

void ChatWidget::addAttachment(const QString &hostPath, const QString &sandboxPath)
{
    addChip(hostPath, sandboxPath);
    m_pendingSandboxPaths.append(sandboxPath);
    remember({TranscriptEntry::Kind::Attachment, hostPath, sandboxPath, {}, {}, -1});
}

void ChatWidget::addChip(const QString &hostPath, const QString &sandboxPath)
{
    const QFileInfo info(hostPath);
    auto *frame = new QFrame(m_chips);
    frame->setObjectName(u"AttachmentChipFrame"_s);
    frame->setFrameShape(QFrame::StyledPanel);
    auto *chip = new QToolButton(frame);
    chip->setObjectName(u"AttachmentChip"_s);
    // A long name is elided in its middle (the tooltip has it whole): a chip never widens the chat, or the
    // columns beside it would give way.
    setTranslatedText(chip, [=, this]() -> QString {
        const QString name = chip->fontMetrics().elidedText(info.fileName(), Qt::ElideMiddle,
                                                            chip->fontMetrics().averageCharWidth() * 36);
        return info.exists()
                   ? tr("%1 · %2").arg(name, QLocale().formattedDataSize(info.size(), 1,
                                                                         QLocale::DataSizeTraditionalFormat))
                   : name;
    });
    setTranslatedToolTip(chip, [=, this]() -> QString {
        return plainToolTip(tr("%1\nIn the sandbox: %2").arg(hostPath, sandboxPath));
    });
    chip->setProperty("hostPath", hostPath);
    chip->setProperty("sandboxPath", sandboxPath);
    chip->setIcon(style()->standardIcon(QStyle::SP_FileIcon));
    chip->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    chip->setAutoRaise(true);
    connect(chip, &QToolButton::clicked, this, [this, hostPath] { Q_EMIT attachmentClicked(hostPath); });
    auto *remove = new QToolButton(frame);
    remove->setObjectName(u"AttachmentChipRemove"_s);
    remove->setAutoRaise(true);
    remove->setIcon(style()->standardIcon(QStyle::SP_LineEditClearButton));
    setTranslatedToolTip(remove, [=, this]() -> QString { return tr("Remove this attachment"); });
    remove->setAccessibleName(tr("Remove %1").arg(info.fileName()));
    connect(remove, &QToolButton::clicked, this,
            [this, frame, hostPath, sandboxPath] { removeAttachment(frame, hostPath, sandboxPath); });
    auto *row = new QHBoxLayout(frame);
    row->setContentsMargins(0, 0, 0, 0);
    row->setSpacing(0);
    row->addWidget(chip);
    row->addWidget(remove);
    m_chipsLayout->insertWidget(m_chipsLayout->count() - 1, frame);
    m_chips->show();
}

void ChatWidget::removeAttachment(QWidget *chip, const QString &hostPath, const QString &sandboxPath)
{
    // Not sent yet: the model never hears of it, and its copy leaves the sandbox. One the model was told
    // about stays in the sandbox, where later commands may use it; only its chip goes.
    if (m_pendingSandboxPaths.removeOne(sandboxPath) && ChatImages::isImageInside(hostPath, homeDir()))
        QFile::remove(hostPath);
    for (qsizetype i = 0; i < m_transcript.size(); ++i) {
        const TranscriptEntry &e = m_transcript.at(i);
        if (e.kind == TranscriptEntry::Kind::Attachment && e.text == hostPath &&
            e.sandboxPath == sandboxPath) {
            m_transcript.removeAt(i);
            break;
        }
    }
    chip->hide();
    chip->deleteLater();
    // The chip is still a child until deleteLater() runs.
    m_chips->setVisible(
        m_chips->findChildren<QFrame *>(u"AttachmentChipFrame"_s, Qt::FindDirectChildrenOnly).size() > 1);
    Q_EMIT transcriptChanged();
}

void ChatWidget::showError(const QString &message)
{
    m_error->showMessage(message, InlineMessage::Type::Error);
}

void ChatWidget::showInfo(const QString &message)
{
    m_error->showMessage(message, InlineMessage::Type::Information);
}

void ChatWidget::sendCurrentText()
{
    if (!m_session)
        return;
    QString text = m_input->toPlainText().trimmed();
    if (text.isEmpty())
        return;
    if (m_preparer && !m_preparer())
        return;
    if (!m_session->client()) {
        showError(tr("Choose a model first."));
        return;
    }
    QString forModel = text;
    if (!m_pendingSandboxPaths.isEmpty()) {
        // The model only learns about uploads from the message, so the paths go with the next one.
        forModel +=
            u"\n\n"_s + tr("Attached files (in the sandbox): %1").arg(m_pendingSandboxPaths.join(u", "_s));
    }
    m_error->hide();
    if (m_session->send(forModel)) {
        // The question as the person typed it; what a redacting guardrail made of it is in the note below.
        const QString sent = text;
        addBubble(MessageBubble::Role::User, QString(), sent);
        remember({TranscriptEntry::Kind::User, sent, {}, {}, {}, -1});
        scrollToEnd();
        Q_EMIT questionSent(sent);
        if (!m_session->lastGuardrailNote().isEmpty())
            addNote(u"GuardrailNote"_s, m_session->lastGuardrailNote());
        m_pendingSandboxPaths.clear();
        m_input->clear();
    }
}

bool ChatWidget::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_input && event->type() == QEvent::KeyPress) {
        // Normally the shortcut map triggers the actions; a key that reaches the box anyway (no active
        // window) does the same.
        const QKeySequence pressed(static_cast<QKeyEvent *>(event)->keyCombination());
        for (QAction *action : {m_sendAction, m_stopAction, m_insertTabAction}) {
            if (action->isEnabled() && action->shortcuts().contains(pressed)) {
                action->trigger();
                return true;
            }
        }
    }
    return QWidget::eventFilter(watched, event);
}

MessageBubble *ChatWidget::addBubble(MessageBubble::Role role, const QString &title, const QString &text)
{
    m_empty->hide();
    auto *bubble = new MessageBubble(role, title);
    m_messages->insertWidget(m_messages->count() - 1, bubble);
    // Each message's Copy button after the previous one, not at the end of the window's tab order.
    if (auto *copy = bubble->findChild<QToolButton *>(u"CopyButton"_s);
        copy && role != MessageBubble::Role::Note) {
        setTabOrder(m_lastTabStop, copy);
        m_lastTabStop = copy;
    }
    bubble->setText(text);
    m_bubbles.append(bubble);
    scrollToEnd();
    return bubble;
}

namespace {
// The bytes of an image the container made, read without following a symlink; empty when it is not a
// regular file of at most maxBytes.
QByteArray readImageFile(const QString &path, qint64 maxBytes)
{
    const int fd =
        ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return {};
    QByteArray data;
    struct stat st;
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size <= maxBytes) {
        QFile file;
        if (file.open(fd, QIODevice::ReadOnly))
            data = file.read(maxBytes);
    }
    ::close(fd);
    return data;
}
} // namespace

QString ChatWidget::homeDir() const
{
    return m_session && m_session->container() ? m_session->container()->homeDir() : QString();
}

QString ChatWidget::addImage(const QString &path, QSet<QByteArray> *shown)
{
    // Only images inside the conversation's home (a container could plant a symlink to a file of the host)
    // or kept by the chat itself.
    const bool kept = !m_imageStore.isEmpty() && ChatImages::isImageInside(path, m_imageStore);
    if (!kept && !ChatImages::isImageInside(path, homeDir()))
        return {};
    const QByteArray bytes = readImageFile(path, 64 << 20);
    const QByteArray digest = QCryptographicHash::hash(bytes, QCryptographicHash::Sha256);
    if (shown) {
        if (shown->contains(digest))
            return {};
        shown->insert(digest);
    }
    const QImage image = InlineImage::decode(bytes);
    if (image.isNull())
        return {};
    m_empty->hide();
    auto *label = new InlineImage(image, bytes, QFileInfo(path).fileName());
    label->setObjectName(u"ChatImage"_s);
    label->setProperty("imagePath", path);
    m_messages->insertWidget(m_messages->count() - 1, label);
    scrollToEnd();
    const QString figures = homeDir() + u'/' + QLatin1StringView(CodeImages::FiguresDir) + u'/';
    if (kept || !path.startsWith(figures))
        return path;
    const QString copy = keepCopy(path, bytes, digest);
    return copy.isEmpty() ? path : copy;
}

QString ChatWidget::keepCopy(const QString &path, const QByteArray &bytes, const QByteArray &digest) const
{
    if (m_imageStore.isEmpty() || !QDir().mkpath(m_imageStore))
        return {};
    // Named by content: the same chart shown twice is kept once.
    const QString copy = m_imageStore + u'/' + QString::fromLatin1(digest.toHex().left(32)) + u'.' +
                         QFileInfo(path).suffix().toLower();
    if (QFileInfo(copy).isFile())
        return copy;
    QSaveFile file(copy);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return {};
    return copy;
}

void ChatWidget::scrollToEnd()
{
    m_followEnd = true;
    m_scroll->verticalScrollBar()->setValue(m_scroll->verticalScrollBar()->maximum());
}

void ChatWidget::onBusyChanged(bool busy)
{
    m_send->setEnabled(!busy);
    m_sendAction->setEnabled(!busy);
    m_stop->setEnabled(busy);
    m_stopAction->setEnabled(busy);
}
