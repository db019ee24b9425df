// SPDX-License-Identifier: GPL-3.0-or-later
#include "approvalprompt.h"

#include "common/retranslate.h"

#include <QAction>
#include <QDateTime>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

ApprovalPrompt::ApprovalPrompt(ApprovalBroker *broker,
                               std::function<QString(const QString &conversation)> conversationTitle,
                               QWidget *parent)
    : QFrame(parent)
    , m_broker(broker)
    , m_conversationTitle(std::move(conversationTitle))
    , m_title(new QLabel(this))
    , m_source(new QLabel(this))
    , m_commands(new QPlainTextEdit(this))
    , m_reason(new QLabel(this))
    , m_note(new QLineEdit(this))
    , m_allowOnce(new QPushButton(this))
    , m_allowConversation(new QPushButton(this))
    , m_deny(new QPushButton(this))
    , m_left(new QLabel(this))
    , m_tick(new QTimer(this))
{
    setObjectName(u"ApprovalPrompt"_s);
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::AlternateBase);
    m_title->setObjectName(u"ApprovalTitle"_s);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_source->setObjectName(u"ApprovalSource"_s);
    m_source->setTextFormat(Qt::PlainText);
    m_commands->setObjectName(u"ApprovalCommands"_s);
    m_commands->setReadOnly(true);
    m_commands->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_commands->setMaximumHeight(fontMetrics().lineSpacing() * 7);
    m_commands->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_reason->setObjectName(u"ApprovalReason"_s);
    m_reason->setTextFormat(Qt::PlainText);
    m_reason->setWordWrap(true);
    m_note->setObjectName(u"ApprovalNote"_s);
    m_note->setMaxLength(4000);
    m_allowOnce->setObjectName(u"ApprovalAllowOnce"_s);
    m_allowConversation->setObjectName(u"ApprovalAllowConversation"_s);
    m_deny->setObjectName(u"ApprovalDeny"_s);
    m_left->setObjectName(u"ApprovalTimeLeft"_s);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_note, 1);
    buttons->addWidget(m_allowOnce);
    buttons->addWidget(m_allowConversation);
    buttons->addWidget(m_deny);
    auto *head = new QHBoxLayout;
    head->addWidget(m_title, 1);
    head->addWidget(m_left);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(head);
    layout->addWidget(m_source);
    layout->addWidget(m_commands);
    layout->addWidget(m_reason);
    layout->addLayout(buttons);

    connect(m_allowOnce, &QPushButton::clicked, this, [this] { decide(ApprovalDecision::AllowOnce); });
    connect(m_allowConversation, &QPushButton::clicked, this,
            [this] { decide(ApprovalDecision::AllowConversation); });
    connect(m_deny, &QPushButton::clicked, this, [this] { decide(ApprovalDecision::Deny); });
    // The safe answer is the default: Enter on the prompt denies unless another button has the focus, so a
    // reflexive Enter never runs `rm -rf`. Ctrl+Shift+A and Ctrl+Shift+D answer from anywhere in the window.
    for (QPushButton *button : {m_allowOnce, m_allowConversation, m_deny})
        button->setAutoDefault(true);
    m_deny->setDefault(true);
    connect(m_note, &QLineEdit::returnPressed, m_deny, &QPushButton::click);
    m_allowAction = new QAction(this);
    m_allowAction->setObjectName(u"ApprovalAllowOnceAction"_s);
    m_allowAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    m_allowAction->setShortcutContext(Qt::WindowShortcut);
    connect(m_allowAction, &QAction::triggered, this, [this] {
        if (isVisible())
            decide(ApprovalDecision::AllowOnce);
    });
    m_denyAction = new QAction(this);
    m_denyAction->setObjectName(u"ApprovalDenyAction"_s);
    m_denyAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    m_denyAction->setShortcutContext(Qt::WindowShortcut);
    connect(m_denyAction, &QAction::triggered, this, [this] {
        if (isVisible())
            decide(ApprovalDecision::Deny);
    });
    addAction(m_allowAction);
    addAction(m_denyAction);
    connect(m_tick, &QTimer::timeout, this, &ApprovalPrompt::updateCountdown);
    m_tick->setInterval(1000);
    retranslate(this, [this] {
        m_title->setText(tr("The model wants to run a command"));
        m_note->setPlaceholderText(tr("Note for the model (optional)"));
        m_allowOnce->setText(tr("Allow once"));
        m_allowConversation->setText(tr("Allow for this conversation"));
        m_allowConversation->setToolTip(
            tr("These commands run without asking again in this conversation; deny rules still apply."));
        m_deny->setText(tr("Deny"));
        m_allowAction->setText(tr("Allow once"));
        m_denyAction->setText(tr("Deny"));
        if (!m_shown.isEmpty())
            showNext(); // the same ask in the new language; the note stays
    });
    if (m_broker) {
        m_broker->addAnswerer();
        connect(m_broker, &ApprovalBroker::requested, this, [this] {
            if (m_shown.isEmpty())
                showNext();
        });
        const auto closed = [this](const QString &id) {
            if (id == m_shown) {
                m_shown.clear();
                showNext();
            }
        };
        connect(m_broker, &ApprovalBroker::resolved, this,
                [closed](const ApprovalRequest &r, const ApprovalAnswer &) { closed(r.id); });
        connect(m_broker, &ApprovalBroker::withdrawn, this, closed);
    }
    showNext();
}

ApprovalPrompt::~ApprovalPrompt()
{
    if (m_broker)
        m_broker->removeAnswerer();
}

void ApprovalPrompt::showNext()
{
    const QList<ApprovalRequest> pending = m_broker ? m_broker->pending() : QList<ApprovalRequest>();
    if (pending.isEmpty()) {
        m_shown.clear();
        m_tick->stop();
        hide();
        return;
    }
    const ApprovalRequest &r = pending.first();
    const bool changed = m_shown != r.id;
    m_shown = r.id;
    const QString conversation = m_conversationTitle ? m_conversationTitle(r.conversation) : QString();
    QString source = conversation.isEmpty() ? tr("API request %1 (%2)").arg(r.requestId, r.tool)
                                            : tr("Conversation \"%1\" (%2)").arg(conversation, r.tool);
    if (pending.size() > 1)
        source += u"  · "_s + tr("%n more waiting", nullptr, int(pending.size() - 1));
    m_source->setText(source);
    m_commands->setPlainText(r.commands.join(u'\n'));
    setTranslatedText(m_reason, [=, this]() -> QString { return tr("Why it asks: %1").arg(r.reason); });
    // "Allow for this conversation" means nothing for an API request without a session.
    m_allowConversation->setEnabled(!r.conversation.startsWith(u"request:"_s));
    if (changed)
        m_note->clear();
    updateCountdown();
    m_tick->start();
    show();
    if (changed)
        m_deny->setFocus(Qt::OtherFocusReason);
}

void ApprovalPrompt::decide(ApprovalDecision decision)
{
    if (!m_broker || m_shown.isEmpty())
        return;
    QString error;
    if (!m_broker->answer(m_shown, decision, m_note->text(), u"window"_s, &error)) {
        m_reason->setText(error);
        return;
    }
}

void ApprovalPrompt::updateCountdown()
{
    const std::optional<ApprovalRequest> r = m_broker ? m_broker->find(m_shown) : std::nullopt;
    if (!r) {
        m_left->clear();
        return;
    }
    const qint64 seconds =
        std::max<qint64>(0, (r->deadlineMs - QDateTime::currentMSecsSinceEpoch() + 999) / 1000);
    setTranslatedText(m_left, [=, this]() -> QString { return tr("%n s left", nullptr, int(seconds)); });
}
