// SPDX-License-Identifier: GPL-3.0-or-later
#include "settings/approvalrulesbox.h"

#include "base/shellsplitter.h"
#include "base/workspacesettings.h"
#include "common/inlinemessage.h"
#include "common/retranslate.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStyledItemDelegate>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {

constexpr int VerdictColumn = 0;
constexpr int PatternColumn = 1;
constexpr int KeyRole = Qt::UserRole;

const QList<ApprovalVerdict> kVerdicts{ApprovalVerdict::Allow, ApprovalVerdict::Ask, ApprovalVerdict::Deny};

QString verdictTitle(ApprovalVerdict verdict)
{
    switch (verdict) {
    case ApprovalVerdict::Allow:
        return ApprovalRulesBox::tr("Allow");
    case ApprovalVerdict::Ask:
        return ApprovalRulesBox::tr("Ask");
    case ApprovalVerdict::Deny:
        return ApprovalRulesBox::tr("Deny");
    }
    return {};
}

QString modeTitle(ApprovalMode mode)
{
    switch (mode) {
    case ApprovalMode::RunAll:
        return ApprovalRulesBox::tr("Run everything");
    case ApprovalMode::Ask:
        return ApprovalRulesBox::tr("Ask before each call");
    case ApprovalMode::Rules:
        return ApprovalRulesBox::tr("Rules");
    }
    return {};
}

void fillVerdicts(QComboBox *box)
{
    const QString key = box->currentData().toString();
    box->clear();
    for (ApprovalVerdict v : kVerdicts)
        box->addItem(verdictTitle(v), ApprovalPolicy::verdictName(v));
    if (!key.isEmpty())
        box->setCurrentIndex(box->findData(key));
}

// The verdict column is edited with a list of the three verdicts; the item keeps the verdict's name.
class VerdictDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &, const QModelIndex &) const override
    {
        auto *box = new QComboBox(parent);
        box->setObjectName(u"ApprovalVerdictEditor"_s);
        fillVerdicts(box);
        // The choice is the edit: commit it at once rather than when the focus leaves.
        connect(box, &QComboBox::activated, this, [this, box] {
            auto *self = const_cast<VerdictDelegate *>(this);
            Q_EMIT self->commitData(box);
            Q_EMIT self->closeEditor(box);
        });
        return box;
    }
    void setEditorData(QWidget *editor, const QModelIndex &index) const override
    {
        auto *box = static_cast<QComboBox *>(editor);
        box->setCurrentIndex(std::max(0, box->findData(index.data(KeyRole))));
    }
    void setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const override
    {
        auto *box = static_cast<QComboBox *>(editor);
        model->setData(index, box->currentData(), KeyRole);
        model->setData(index, box->currentText(), Qt::DisplayRole);
    }
};

} // namespace

ApprovalRulesBox::ApprovalRulesBox(QWidget *parent)
    : QGroupBox(parent)
{
    setObjectName(u"ApprovalRulesBox"_s);

    auto *intro = new QLabel(this);
    intro->setWordWrap(true);
    intro->setTextFormat(Qt::PlainText);
    retranslate(intro, [intro] {
        intro->setText(tr(
            "Under \u201cRules\u201d each command of a call gets the verdict of the first rule that matches "
            "it, and a command no rule matches asks; the strictest verdict decides the call (deny, then "
            "ask, then allow). A pattern is one command: * is any text, ? one character, so "
            "\u201cpython3 *\u201d matches \u201cpython3 run.py\u201d and a bare \u201cpython3\u201d."));
    });

    m_mode = new QComboBox(this);
    m_mode->setObjectName(u"ApprovalWorkspaceMode"_s);
    for (const QString &mode : ApprovalPolicy::modeNames())
        m_mode->addItem(QString(), mode);
    m_timeout = new QSpinBox(this);
    m_timeout->setObjectName(u"ApprovalTimeout"_s);
    m_timeout->setRange(1, ApprovalPolicy::MaxTimeoutSeconds);
    auto *form = new QFormLayout;
    addTranslatedRow(
        form, [] { return tr("Default &mode:"); }, m_mode);
    addTranslatedRow(
        form, [] { return tr("&Wait for an answer:"); }, m_timeout);
    connect(m_mode, &QComboBox::currentIndexChanged, this, [this] {
        markDirty();
        updateTest();
    });
    connect(m_timeout, &QSpinBox::valueChanged, this, &ApprovalRulesBox::markDirty);

    m_table = new QTableWidget(0, 2, this);
    m_table->setObjectName(u"ApprovalRulesTable"_s);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                             QAbstractItemView::SelectedClicked);
    m_table->setItemDelegateForColumn(VerdictColumn, new VerdictDelegate(m_table));
    m_table->horizontalHeader()->setSectionResizeMode(VerdictColumn, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setWordWrap(false);
    m_table->setMinimumHeight(fontMetrics().height() * 9);
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &ApprovalRulesBox::updateButtons);
    connect(m_table, &QTableWidget::itemChanged, this, [this](QTableWidgetItem *item) {
        if (m_loading)
            return;
        markDirty();
        // An edit in place is checked at once; Save refuses it too.
        QString error;
        int row = -1;
        if (!tableRules(&error, &row) && row == item->row())
            m_message->showMessage(error, InlineMessage::Type::Error);
        else if (m_message->type() == InlineMessage::Type::Error)
            m_message->hide();
        updateTest();
    });

    m_add = new QPushButton(this);
    m_add->setObjectName(u"ApprovalRuleAdd"_s);
    m_remove = new QPushButton(this);
    m_remove->setObjectName(u"ApprovalRuleRemove"_s);
    m_up = new QPushButton(this);
    m_up->setObjectName(u"ApprovalRuleUp"_s);
    m_down = new QPushButton(this);
    m_down->setObjectName(u"ApprovalRuleDown"_s);
    connect(m_add, &QPushButton::clicked, this, &ApprovalRulesBox::addRule);
    connect(m_remove, &QPushButton::clicked, this, &ApprovalRulesBox::removeRule);
    connect(m_up, &QPushButton::clicked, this, [this] { moveRule(-1); });
    connect(m_down, &QPushButton::clicked, this, [this] { moveRule(1); });

    m_newVerdict = new QComboBox(this);
    m_newVerdict->setObjectName(u"ApprovalNewVerdict"_s);
    // Its texts change with the language: its width follows them.
    m_newVerdict->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_newPattern = new QLineEdit(this);
    m_newPattern->setObjectName(u"ApprovalNewPattern"_s);
    m_newPattern->setClearButtonEnabled(true);
    connect(m_newPattern, &QLineEdit::returnPressed, this, &ApprovalRulesBox::addRule);

    m_test = new QLineEdit(this);
    m_test->setObjectName(u"ApprovalTestCommand"_s);
    m_test->setClearButtonEnabled(true);
    connect(m_test, &QLineEdit::textChanged, this, &ApprovalRulesBox::updateTest);
    m_testResult = new QLabel(this);
    m_testResult->setObjectName(u"ApprovalTestResult"_s);
    m_testResult->setTextFormat(Qt::PlainText);
    m_testResult->setWordWrap(true);
    m_testResult->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_save = new QPushButton(this);
    m_save->setObjectName(u"ApprovalRulesSave"_s);
    m_revert = new QPushButton(this);
    m_revert->setObjectName(u"ApprovalRulesRevert"_s);
    connect(m_save, &QPushButton::clicked, this, &ApprovalRulesBox::save);
    connect(m_revert, &QPushButton::clicked, this, &ApprovalRulesBox::reload);

    m_message = new InlineMessage(this);
    m_message->setObjectName(u"ApprovalRulesMessage"_s);
    m_message->hide();

    auto *testLabel = new QLabel(this);
    testLabel->setBuddy(m_test);
    retranslate(this, [=, this] {
        setTitle(m_name.isEmpty() ? tr("Approvals") : tr("Approvals of \u201c%1\u201d").arg(m_name));
        for (int i = 0; i < m_mode->count(); ++i)
            m_mode->setItemText(i, modeTitle(*ApprovalPolicy::parseMode(m_mode->itemData(i).toString())));
        m_mode->setToolTip(tr("What a conversation that keeps the workspace default does, and what API "
                              "requests made with this workspace's keys do."));
        m_timeout->setSuffix(tr(" s"));
        m_timeout->setToolTip(tr("How long a call waits for Allow or Deny (1 to %1 seconds); then the "
                                 "model gets a tool error.")
                                  .arg(ApprovalPolicy::MaxTimeoutSeconds));
        m_table->setHorizontalHeaderLabels({tr("Verdict"), tr("Pattern")});
        m_table->setToolTip(tr("Double-click a verdict or a pattern to change it. The first rule that "
                               "matches a command decides."));
        fillVerdicts(m_newVerdict);
        m_newPattern->setPlaceholderText(tr("New rule's pattern, e.g. python3 *"));
        m_add->setText(tr("&Add"));
        m_remove->setText(tr("&Remove"));
        m_up->setText(tr("Move &Up"));
        m_down->setText(tr("Move &Down"));
        testLabel->setText(tr("&Test a command:"));
        m_test->setPlaceholderText(tr("e.g. python3 run.py | tee out.txt && rm -rf build"));
        m_save->setText(tr("Save Appro&vals"));
        m_revert->setText(tr("R&evert"));
        retranslateRows();
        updateTest();
    });
    m_newVerdict->setCurrentIndex(m_newVerdict->findData(u"allow"_s));

    auto *newRow = new QHBoxLayout;
    newRow->addWidget(m_newVerdict);
    newRow->addWidget(m_newPattern, 1);
    newRow->addWidget(m_add);
    auto *moveButtons = new QVBoxLayout;
    moveButtons->addWidget(m_up);
    moveButtons->addWidget(m_down);
    moveButtons->addWidget(m_remove);
    moveButtons->addStretch(1);
    auto *tableRow = new QHBoxLayout;
    tableRow->addWidget(m_table, 1);
    tableRow->addLayout(moveButtons);
    auto *testRow = new QHBoxLayout;
    testRow->addWidget(testLabel);
    testRow->addWidget(m_test, 1);
    auto *saveRow = new QHBoxLayout;
    saveRow->addStretch(1);
    saveRow->addWidget(m_revert);
    saveRow->addWidget(m_save);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addLayout(tableRow, 1);
    layout->addLayout(newRow);
    layout->addLayout(testRow);
    layout->addWidget(m_testResult);
    layout->addLayout(saveRow);
    layout->addWidget(m_message);
    updateButtons();
}

void ApprovalRulesBox::setWorkspace(const QString &workspaceDir, const QString &name)
{
    if (workspaceDir == m_dir)
        return;
    const bool dropped = m_dirty && !m_name.isEmpty();
    const QString before = m_name;
    m_dir = workspaceDir;
    m_name = name;
    setTitle(tr("Approvals of \u201c%1\u201d").arg(m_name));
    reload();
    if (dropped)
        m_message->showMessage(
            [=, this]() -> QString {
                return tr("The unsaved changes to the approvals of \u201c%1\u201d were dropped.").arg(before);
            },
            InlineMessage::Type::Warning);
}

void ApprovalRulesBox::reload()
{
    m_message->hide();
    WorkspaceSettings settings(m_dir);
    QString error;
    ApprovalPolicy policy;
    if (!settings.load(&error))
        m_message->showMessage(
            [=, this]() -> QString { return tr("The workspace's settings cannot be read: %1").arg(error); },
            InlineMessage::Type::Error);
    else
        policy = settings.approvalPolicy(&error);
    if (!error.isEmpty() && m_message->isHidden())
        m_message->showMessage(
            [=, this]() -> QString {
                return tr("The saved approvals are not valid (%1), so every call asks until they are "
                          "saved again.")
                    .arg(error);
            },
            InlineMessage::Type::Warning);
    m_loading = true;
    m_mode->setCurrentIndex(m_mode->findData(ApprovalPolicy::modeName(policy.mode)));
    m_timeout->setValue(policy.timeoutSeconds);
    m_table->setRowCount(0);
    for (const ApprovalRule &rule : std::as_const(policy.rules))
        appendRow(m_table->rowCount(), rule);
    m_loading = false;
    m_dirty = false;
    updateButtons();
    updateTest();
}

void ApprovalRulesBox::appendRow(int row, const ApprovalRule &rule)
{
    const bool loading = m_loading;
    m_loading = true;
    m_table->insertRow(row);
    auto *verdict = new QTableWidgetItem(verdictTitle(rule.verdict));
    verdict->setData(KeyRole, ApprovalPolicy::verdictName(rule.verdict));
    m_table->setItem(row, VerdictColumn, verdict);
    m_table->setItem(row, PatternColumn, new QTableWidgetItem(rule.pattern));
    m_loading = loading;
}

void ApprovalRulesBox::retranslateRows()
{
    const bool loading = m_loading;
    m_loading = true;
    for (int row = 0; row < m_table->rowCount(); ++row) {
        QTableWidgetItem *item = m_table->item(row, VerdictColumn);
        if (const std::optional<ApprovalVerdict> v =
                ApprovalPolicy::parseVerdict(item->data(KeyRole).toString()))
            item->setText(verdictTitle(*v));
    }
    m_loading = loading;
}

QString ApprovalRulesBox::patternError(const QString &pattern, int ruleNumber)
{
    const QString p = pattern.simplified();
    const QString prefix = ruleNumber > 0 ? tr("Rule %1: ").arg(ruleNumber) : QString();
    if (p.isEmpty())
        return prefix +
               tr("the pattern is empty. Write the one command it matches, e.g. \u201cpython3 *\u201d.");
    if (p.size() > ApprovalPolicy::MaxPatternLength)
        return prefix + tr("the pattern has %1 characters; at most %2 are allowed.")
                            .arg(p.size())
                            .arg(ApprovalPolicy::MaxPatternLength);
    bool substitution = false;
    ApprovalPolicy::simpleCommands(pattern, &substitution);
    if (substitution)
        return prefix +
               tr("\u201c%1\u201d contains a command substitution ($(\u2026), `\u2026`, <(\u2026)), which no "
                  "rule can match. Write the command without it.")
                   .arg(p);
    return prefix + tr("\u201c%1\u201d is more than one command. A rule matches one command (| ; & && || and "
                       "new lines separate commands), so write one rule for each.")
                        .arg(p);
}

std::optional<QList<ApprovalRule>> ApprovalRulesBox::tableRules(QString *error, int *row) const
{
    QList<ApprovalRule> rules;
    if (m_table->rowCount() > ApprovalPolicy::MaxRules) {
        *error = tr("A workspace holds at most %1 rules; remove %2.")
                     .arg(ApprovalPolicy::MaxRules)
                     .arg(m_table->rowCount() - ApprovalPolicy::MaxRules);
        *row = ApprovalPolicy::MaxRules;
        return std::nullopt;
    }
    for (int r = 0; r < m_table->rowCount(); ++r) {
        const QString verdict = m_table->item(r, VerdictColumn)->data(KeyRole).toString();
        const QString pattern = m_table->item(r, PatternColumn)->text();
        QString why;
        const std::optional<ApprovalRule> rule = ApprovalRule::make(verdict, pattern, &why);
        if (!rule) {
            *error = patternError(pattern, r + 1);
            *row = r;
            return std::nullopt;
        }
        if (const qsizetype same = rules.indexOf(*rule); same >= 0) {
            *error = tr("Rule %1 repeats rule %2 (\u201c%3\u201d); remove one of them.")
                         .arg(r + 1)
                         .arg(same + 1)
                         .arg(rule->pattern);
            *row = r;
            return std::nullopt;
        }
        rules.append(*rule);
    }
    return rules;
}

void ApprovalRulesBox::addRule()
{
    if (m_table->rowCount() >= ApprovalPolicy::MaxRules) {
        m_message->showMessage(
            [=, this]() -> QString {
                return tr("A workspace holds at most %1 rules; remove one before adding another.")
                    .arg(ApprovalPolicy::MaxRules);
            },
            InlineMessage::Type::Error);
        return;
    }
    QString why;
    const std::optional<ApprovalRule> rule =
        ApprovalRule::make(m_newVerdict->currentData().toString(), m_newPattern->text(), &why);
    if (!rule) {
        m_message->showMessage(patternError(m_newPattern->text(), 0), InlineMessage::Type::Error);
        m_newPattern->setFocus();
        return;
    }
    for (int r = 0; r < m_table->rowCount(); ++r) {
        if (m_table->item(r, PatternColumn)->text().simplified() == rule->pattern &&
            m_table->item(r, VerdictColumn)->data(KeyRole).toString() ==
                ApprovalPolicy::verdictName(rule->verdict)) {
            m_message->showMessage(
                [=, this]() -> QString { return tr("Rule %1 is this rule already.").arg(r + 1); },
                InlineMessage::Type::Error);
            return;
        }
    }
    // Below the selected rule, or last.
    const QModelIndexList selected = m_table->selectionModel()->selectedRows();
    const int row = selected.isEmpty() ? m_table->rowCount() : selected.first().row() + 1;
    appendRow(row, *rule);
    m_table->selectRow(row);
    m_newPattern->clear();
    m_message->hide();
    markDirty();
    updateTest();
}

void ApprovalRulesBox::removeRule()
{
    const QModelIndexList selected = m_table->selectionModel()->selectedRows();
    if (selected.isEmpty())
        return;
    const int row = selected.first().row();
    m_table->removeRow(row);
    if (m_table->rowCount() > 0)
        m_table->selectRow(std::min(row, m_table->rowCount() - 1));
    markDirty();
    updateTest();
}

void ApprovalRulesBox::moveRule(int by)
{
    const QModelIndexList selected = m_table->selectionModel()->selectedRows();
    if (selected.isEmpty())
        return;
    const int from = selected.first().row();
    const int to = from + by;
    if (to < 0 || to >= m_table->rowCount())
        return;
    const bool loading = m_loading;
    m_loading = true;
    for (int column : {VerdictColumn, PatternColumn}) {
        QTableWidgetItem *a = m_table->takeItem(from, column);
        QTableWidgetItem *b = m_table->takeItem(to, column);
        m_table->setItem(from, column, b);
        m_table->setItem(to, column, a);
    }
    m_loading = loading;
    m_table->selectRow(to);
    markDirty();
    updateTest();
}

bool ApprovalRulesBox::save()
{
    QString error;
    int row = -1;
    const std::optional<QList<ApprovalRule>> rules = tableRules(&error, &row);
    if (!rules) {
        m_message->showMessage([=, this]() -> QString { return tr("Not saved. %1").arg(error); },
                               InlineMessage::Type::Error);
        if (row >= 0 && row < m_table->rowCount())
            m_table->selectRow(row);
        return false;
    }
    WorkspaceSettings settings(m_dir);
    if (!settings.load(&error)) {
        m_message->showMessage([=, this]() -> QString { return tr("Not saved: %1").arg(error); },
                               InlineMessage::Type::Error);
        return false;
    }
    ApprovalPolicy policy;
    policy.mode = ApprovalPolicy::parseMode(m_mode->currentData().toString()).value_or(ApprovalMode::Ask);
    policy.timeoutSeconds = m_timeout->value();
    policy.rules = *rules;
    settings.setApprovalPolicy(policy);
    if (!settings.save(&error)) {
        m_message->showMessage([=, this]() -> QString { return tr("Not saved: %1").arg(error); },
                               InlineMessage::Type::Error);
        return false;
    }
    reload();
    m_message->showMessage(
        [=, this]() -> QString {
            return tr("Saved. The next shell or code call of the workspace follows these approvals; "
                      "\u201csandbench approvals rules list\u201d shows them.");
        },
        InlineMessage::Type::Positive);
    Q_EMIT saved(m_name);
    return true;
}

void ApprovalRulesBox::markDirty()
{
    if (m_loading)
        return;
    m_dirty = true;
    updateButtons();
}

void ApprovalRulesBox::updateButtons()
{
    const QModelIndexList selected = m_table->selectionModel()->selectedRows();
    const int row = selected.isEmpty() ? -1 : selected.first().row();
    m_remove->setEnabled(row >= 0);
    m_up->setEnabled(row > 0);
    m_down->setEnabled(row >= 0 && row + 1 < m_table->rowCount());
    m_save->setEnabled(m_dirty && !m_dir.isEmpty());
    m_revert->setEnabled(m_dirty && !m_dir.isEmpty());
}

void ApprovalRulesBox::updateTest()
{
    const QString call = m_test->text();
    if (call.trimmed().isEmpty()) {
        setTranslatedText(m_testResult, [=, this]() -> QString {
            return tr("Type a call to see which rule decides each of its commands.");
        });
        m_testResult->setForegroundRole(QPalette::PlaceholderText);
        return;
    }
    m_testResult->setForegroundRole(QPalette::WindowText);
    // The table as it is now (rules that are not valid yet are left out), decided by ApprovalPolicy itself.
    ApprovalPolicy policy;
    policy.mode = ApprovalMode::Rules;
    QStringList skipped;
    for (int r = 0; r < m_table->rowCount(); ++r) {
        QString why;
        const std::optional<ApprovalRule> rule =
            ApprovalRule::make(m_table->item(r, VerdictColumn)->data(KeyRole).toString(),
                               m_table->item(r, PatternColumn)->text(), &why);
        if (rule)
            policy.rules.append(*rule);
        else
            skipped.append(QString::number(r + 1));
    }
    // The rule's number in the table (a rule left out shifts the later ones).
    const auto ruleNumber = [this](const QString &text) {
        for (int r = 0; r < m_table->rowCount(); ++r) {
            const QString v = m_table->item(r, VerdictColumn)->data(KeyRole).toString();
            if (v + u' ' + m_table->item(r, PatternColumn)->text().simplified() == text)
                return r + 1;
        }
        return 0;
    };
    const ShellSplit split = ShellSplitter::split(call);
    QStringList parts;
    for (const ShellCommand &command : split.commands)
        parts.append(command.text);
    QStringList lines;
    for (const QString &part : parts) {
        const ApprovalPolicy::Evaluation e = policy.evaluate({part});
        if (e.rule.isEmpty())
            lines.append(tr("\u201c%1\u201d \u2192 no rule matches: %2").arg(part, verdictTitle(e.verdict)));
        else
            lines.append(tr("\u201c%1\u201d \u2192 rule %2, \u201c%3\u201d: %4")
                             .arg(part, QString::number(ruleNumber(e.rule)), e.rule.section(u' ', 1),
                                  verdictTitle(e.verdict)));
    }
    const ApprovalPolicy::Evaluation decision = policy.evaluate({call});
    if (parts.isEmpty())
        lines.append(tr("No command to match."));
    else
        lines.append(tr("The call: %1").arg(verdictTitle(decision.verdict)));
    if (!split.accounted())
        lines.append(tr("The rules cannot account for all of it (%1), so no rule allows it: it asks unless a "
                        "rule denies one of its commands.")
                         .arg(split.unaccounted));
    if (!skipped.isEmpty())
        lines.append(tr("Left out, not valid: rule %1.").arg(skipped.join(u", "_s)));
    const ApprovalMode mode =
        ApprovalPolicy::parseMode(m_mode->currentData().toString()).value_or(ApprovalMode::Ask);
    if (mode != ApprovalMode::Rules)
        lines.append(
            tr("The rules decide only in conversations set to \u201cRules\u201d; the default mode is "
               "\u201c%1\u201d.")
                .arg(modeTitle(mode)));
    m_testResult->setText(lines.join(u'\n'));
}
