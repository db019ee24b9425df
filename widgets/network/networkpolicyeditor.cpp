// SPDX-License-Identifier: GPL-3.0-or-later
#include "network/networkpolicyeditor.h"

#include "common/elidedlabel.h"
#include "common/inlinemessage.h"
#include "common/retranslate.h"
#include "network/networkpolicyeditorconnections.h"
#include "network/networkpolicyeditorrow.h"
#include "sandbox/container.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollArea>
#include <QSplitter>
#include <QStandardItemModel>
#include <QStyle>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

// The normalised form the engine gives an entry ("PyPI.org." -> "pypi.org"), or empty when invalid.
QString normalized(const QString &entry)
{
    const std::optional<NetworkPolicy> one = NetworkPolicy::fromEntries({entry});
    if (!one)
        return {};
    return one->isUnrestricted() ? u"*"_s : one->entries().value(0);
}

bool isUnrestrictedEntry(const QString &entry)
{
    const std::optional<NetworkPolicy> one = NetworkPolicy::fromEntries({entry});
    return one && one->isUnrestricted();
}

} // namespace

QString NetworkPolicyEditor::describe(const NetworkPolicy &policy)
{
    if (!policy.isEnabled())
        return tr("no network access");
    if (policy.isUnrestricted())
        return tr("access to every host (\"*\")");
    return tr("access to %1 only").arg(QLocale().createSeparatedList(policy.entries()));
}

QList<NetworkPolicyEditor::Preset> NetworkPolicyEditor::presets()
{
    return {
        {u"python"_s, tr("Python packages (pip)"), {u"pypi.org"_s, u"files.pythonhosted.org"_s}},
        {u"npm"_s, tr("npm packages"), {u"registry.npmjs.org"_s}},
        {u"github"_s,
         tr("GitHub (clone, API, raw files, releases)"),
         {u"github.com"_s, u"api.github.com"_s, u"codeload.github.com"_s, u"raw.githubusercontent.com"_s,
          u"objects.githubusercontent.com"_s}},
        {u"conda"_s, tr("Conda packages"), {u"conda.anaconda.org"_s, u"repo.anaconda.com"_s}},
        {u"cargo"_s,
         tr("Rust crates (cargo)"),
         {u"crates.io"_s, u"index.crates.io"_s, u"static.crates.io"_s}},
        {u"go"_s, tr("Go modules"), {u"proxy.golang.org"_s, u"sum.golang.org"_s}},
        {u"huggingface"_s,
         tr("Hugging Face models and datasets"),
         {u"huggingface.co"_s, u"*.huggingface.co"_s, u"*.hf.co"_s}},
    };
}

NetworkPolicyEditor::NetworkPolicyEditor(const QString &workspaceDir, QWidget *parent)
    : QWidget(parent)
    , m_workspace(workspaceDir)
{
    setObjectName(u"NetworkPolicyEditor"_s);

    m_scopeBox = new QComboBox(this);
    m_scopeBox->setObjectName(u"NetworkPolicyScope"_s);
    m_scopeBox->addItem(QString(), int(Scope::Workspace));
    retranslate(m_scopeBox, [this, item = m_scopeBox->count() - 1] {
        m_scopeBox->setItemText(item, tr("Workspace default (new conversations)"));
    });
    m_scopeBox->addItem(QString(), int(Scope::Container));
    retranslate(m_scopeBox, [this, item = m_scopeBox->count() - 1] {
        m_scopeBox->setItemText(item, tr("This conversation"));
    });
    m_scopeBox->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_scopeBox->setMinimumContentsLength(20);
    auto *scopeLabel = new QLabel(this);
    retranslate(scopeLabel, [scopeLabel] { scopeLabel->setText(tr("Policy of:")); });
    scopeLabel->setBuddy(m_scopeBox);
    connect(m_scopeBox, &QComboBox::activated, this,
            [this](int index) { setScope(Scope(m_scopeBox->itemData(index).toInt())); });

    m_note = new QLabel(this);
    m_note->setObjectName(u"NetworkPolicyNote"_s);
    m_note->setWordWrap(true);
    m_note->setForegroundRole(QPalette::PlaceholderText);

    m_modeOff = new QRadioButton(this);
    retranslate(m_modeOff, [this] { m_modeOff->setText(tr("No network access")); });
    m_modeOff->setObjectName(u"NetworkModeOff"_s);
    retranslate(m_modeOff, [this] {
        m_modeOff->setToolTip(tr("Commands reach nothing outside the container (the default)"));
    });
    m_modeAllow = new QRadioButton(this);
    retranslate(m_modeAllow, [this] { m_modeAllow->setText(tr("Only these hosts, on ports 80 and 443:")); });
    m_modeAllow->setObjectName(u"NetworkModeAllowlist"_s);
    m_modeGroup = new QButtonGroup(this);
    m_modeGroup->addButton(m_modeOff);
    m_modeGroup->addButton(m_modeAllow);
    connect(m_modeGroup, &QButtonGroup::buttonToggled, this, [this](QAbstractButton *, bool checked) {
        if (checked && !m_loading)
            updateState();
    });

    m_newEntry = new QLineEdit(this);
    m_newEntry->setObjectName(u"NetworkPolicyNewEntry"_s);
    retranslate(m_newEntry, [this] {
        m_newEntry->setPlaceholderText(tr("Host or pattern, e.g. example.com or *.example.com"));
    });
    m_newEntry->setClearButtonEnabled(true);
    m_addButton = new QPushButton(this);
    retranslate(m_addButton, [this] { m_addButton->setText(tr("Add")); });
    m_addButton->setObjectName(u"NetworkPolicyAddButton"_s);
    m_presetButton = new QPushButton(this);
    retranslate(m_presetButton, [this] { m_presetButton->setText(tr("Presets")); });
    m_presetButton->setObjectName(u"NetworkPolicyPresetButton"_s);
    retranslate(m_presetButton,
                [this] { m_presetButton->setToolTip(tr("Add the hosts a common tool needs")); });
    auto *presetMenu = new QMenu(m_presetButton);
    presetMenu->setObjectName(u"NetworkPolicyPresetMenu"_s);
    for (const Preset &preset : presets()) {
        QAction *action = presetMenu->addAction(preset.name);
        action->setObjectName(u"NetworkPreset_"_s + preset.id);
        action->setToolTip(preset.hosts.join(u", "_s));
        connect(action, &QAction::triggered, this, [this, id = preset.id] { addPreset(id); });
    }
    presetMenu->setToolTipsVisible(true);
    m_presetButton->setMenu(presetMenu);
    connect(m_newEntry, &QLineEdit::textChanged, this, &NetworkPolicyEditor::updateNewEntryError);
    connect(m_newEntry, &QLineEdit::returnPressed, this, [this] { addEntry(m_newEntry->text()); });
    connect(m_addButton, &QPushButton::clicked, this, [this] { addEntry(m_newEntry->text()); });

    m_newEntryError = new QLabel(this);
    m_newEntryError->setObjectName(u"NetworkPolicyNewEntryError"_s);
    m_newEntryError->setWordWrap(true);
    m_newEntryError->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_newEntryError->setTextFormat(Qt::PlainText); // quotes what was typed or read from the policy file
    m_newEntryError->hide();
    {
        const QColor text = palette().color(QPalette::Text);
        const QColor red(0xda, 0x44, 0x53);
        QPalette pal = m_newEntryError->palette();
        pal.setColor(QPalette::WindowText, QColor::fromRgbF(float(red.redF() * 0.75 + text.redF() * 0.25),
                                                            float(red.greenF() * 0.75 + text.greenF() * 0.25),
                                                            float(red.blueF() * 0.75 + text.blueF() * 0.25)));
        m_newEntryError->setPalette(pal);
    }

    m_rowsWidget = new QWidget;
    m_rowsWidget->setObjectName(u"NetworkPolicyEntries"_s);
    m_rowsLayout = new QVBoxLayout(m_rowsWidget);
    m_rowsLayout->setContentsMargins(0, 0, 4, 0);
    m_rowsLayout->setSpacing(4);
    m_emptyRows = new QLabel(m_rowsWidget);
    setTranslatedText(m_emptyRows,
                      [=, this]() -> QString { return tr("No hosts yet: add one above or pick a preset."); });
    m_emptyRows->setObjectName(u"NetworkPolicyNoEntries"_s);
    m_emptyRows->setForegroundRole(QPalette::PlaceholderText);
    m_emptyRows->setWordWrap(true); // longer in other languages; never a reason for a sideways scroll bar
    m_rowsLayout->addWidget(m_emptyRows);
    m_rowsLayout->addStretch(1);
    auto *rowsArea = new QScrollArea(this);
    rowsArea->setObjectName(u"NetworkPolicyEntriesArea"_s);
    rowsArea->setWidget(m_rowsWidget);
    rowsArea->setWidgetResizable(true);
    rowsArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    rowsArea->setFrameShape(QFrame::NoFrame);
    // Room for three rows however short the panel is; the form scrolls as a whole below that.
    rowsArea->setMinimumHeight(3 * (QLineEdit().sizeHint().height() + m_rowsLayout->spacing()));

    m_count = new QLabel(this);
    m_count->setObjectName(u"NetworkPolicyCount"_s);
    m_count->setForegroundRole(QPalette::PlaceholderText);
    m_count->setTextFormat(Qt::PlainText);

    m_wildcardWarning = new InlineMessage(this);
    m_wildcardWarning->setObjectName(u"NetworkPolicyWildcardWarning"_s);
    m_formError = new InlineMessage(this);
    m_formError->setObjectName(u"NetworkPolicyFormError"_s);
    m_message = new InlineMessage(this);
    m_message->setObjectName(u"NetworkPolicyMessage"_s);

    m_revertButton = new QPushButton(this);
    retranslate(m_revertButton, [this] { m_revertButton->setText(tr("Revert")); });
    m_revertButton->setObjectName(u"NetworkPolicyRevertButton"_s);
    m_saveButton = new QPushButton(this);
    retranslate(m_saveButton, [this] { m_saveButton->setText(tr("Save")); });
    m_saveButton->setObjectName(u"NetworkPolicySaveButton"_s);
    m_saveButton->setDefault(true);
    connect(m_revertButton, &QPushButton::clicked, this, &NetworkPolicyEditor::revert);
    connect(m_saveButton, &QPushButton::clicked, this, &NetworkPolicyEditor::save);

    auto *form = new QWidget(this);
    auto *formLayout = new QVBoxLayout(form);
    formLayout->setContentsMargins(0, 0, 0, 0);
    auto *scopeRow = new QHBoxLayout;
    scopeRow->addWidget(scopeLabel);
    scopeRow->addWidget(m_scopeBox, 1);
    formLayout->addLayout(scopeRow);
    formLayout->addWidget(m_note);
    formLayout->addWidget(m_modeOff);
    formLayout->addWidget(m_modeAllow);
    auto *addRow = new QHBoxLayout;
    addRow->setContentsMargins(20, 0, 0, 0);
    addRow->addWidget(m_newEntry, 1);
    addRow->addWidget(m_addButton);
    addRow->addWidget(m_presetButton);
    formLayout->addLayout(addRow);
    auto *indented = new QVBoxLayout;
    indented->setContentsMargins(20, 0, 0, 0);
    indented->addWidget(m_newEntryError);
    indented->addWidget(rowsArea, 1);
    indented->addWidget(m_count);
    formLayout->addLayout(indented, 1);
    // What is wrong with the entries stays with them; the outcome of Save is shown below the form.
    formLayout->addWidget(m_wildcardWarning);
    formLayout->addWidget(m_formError);

    // Elided: it names the container, whose id would otherwise set the panel's narrowest width.
    m_connectionsTitle = new ElidedLabel(this);
    m_connectionsTitle->setObjectName(u"NetworkConnectionsTitle"_s);
    QFont bold = m_connectionsTitle->font();
    bold.setBold(true);
    m_connectionsTitle->setFont(bold);
    m_connectionsTitle->setTextFormat(Qt::PlainText);
    m_connectionsHint = new QLabel(this);
    m_connectionsHint->setObjectName(u"NetworkConnectionsHint"_s);
    m_connectionsHint->setWordWrap(true);
    m_connectionsHint->setTextFormat(Qt::PlainText); // names the policy's hosts
    m_connectionsHint->setForegroundRole(QPalette::PlaceholderText);
    m_clearConnections = new QPushButton(this);
    retranslate(m_clearConnections, [this] { m_clearConnections->setText(tr("Clear")); });
    m_clearConnections->setObjectName(u"NetworkConnectionsClear"_s);
    connect(m_clearConnections, &QPushButton::clicked, this, [this] {
        if (NetworkConnectionsModel *model = connectionsModel())
            model->clear();
    });
    m_connectionsTable = new QTableView(this);
    m_connectionsTable->setObjectName(u"NetworkConnectionsTable"_s);
    m_connectionsTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_connectionsTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_connectionsTable->setAlternatingRowColors(true);
    m_connectionsTable->setWordWrap(false);
    m_connectionsTable->verticalHeader()->hide();
    m_connectionsTable->verticalHeader()->setDefaultSectionSize(m_connectionsTable->fontMetrics().height() +
                                                                8);
    m_connectionsTable->setTextElideMode(Qt::ElideMiddle);

    auto *connections = new QWidget(this);
    auto *connectionsLayout = new QVBoxLayout(connections);
    connectionsLayout->setContentsMargins(0, 0, 0, 0);
    auto *titleRow = new QHBoxLayout;
    titleRow->addWidget(m_connectionsTitle, 1);
    titleRow->addWidget(m_clearConnections);
    connectionsLayout->addLayout(titleRow);
    connectionsLayout->addWidget(m_connectionsHint);
    connectionsLayout->addWidget(m_connectionsTable, 1);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->setObjectName(u"NetworkSplitter"_s);
    splitter->setChildrenCollapsible(false);
    // The form scrolls rather than being squeezed: a splitter gives a widget its minimum height without
    // its wrapped text, so the warnings ("*" among other hosts) used to be drawn over the host list.
    // The scroll area sizes the form for its width, wrapped lines and all.
    auto *formArea = new QScrollArea(this);
    formArea->setObjectName(u"NetworkPolicyFormArea"_s);
    formArea->setWidget(form);
    formArea->setWidgetResizable(true);
    formArea->setFrameShape(QFrame::NoFrame);
    formArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // Revert, Save and what Save answered stay below the form, never scrolled away: the message gets the
    // height its wrapped text needs (the box layout asks it), the form scrolls in the rest.
    // In a short dock the form scrolls down to a few lines rather than cutting the messages under it.
    formArea->setMinimumHeight(3 * fontMetrics().height());
    auto *formPane = new QWidget(this);
    formPane->setObjectName(u"NetworkPolicyFormPane"_s);
    auto *paneLayout = new QVBoxLayout(formPane);
    paneLayout->setContentsMargins(0, 0, 0, 0);
    paneLayout->addWidget(formArea, 1);
    paneLayout->addWidget(m_message);
    auto *buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(m_revertButton);
    buttons->addWidget(m_saveButton);
    paneLayout->addLayout(buttons);
    splitter->addWidget(formPane);
    splitter->addWidget(connections);
    // The form is what is edited here; the live list below gets the smaller share.
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(splitter);

    QString error;
    if (!m_workspace.load(&error))
        m_message->showMessage(
            [=, this]() -> QString {
                return tr("The workspace's network policy could not be read, so new conversations get "
                          "no network until it is saved again: %1")
                    .arg(error);
            },
            InlineMessage::Type::Error);
    updateScopeItems();
    loadForm();
    updateConnectionsHeader();
}

NetworkPolicyEditor::~NetworkPolicyEditor() = default;

QStringList NetworkPolicyEditor::entries() const
{
    QStringList list;
    for (const NetworkPolicyEntryRow *row : m_rows)
        list.append(row->text());
    return list;
}

NetworkConnectionsModel *NetworkPolicyEditor::connectionsModel() const
{
    return m_container ? m_connections.value(m_container.data()) : nullptr;
}

NetworkPolicy NetworkPolicyEditor::sourcePolicy() const
{
    if (m_scope == Scope::Container && m_container)
        return m_container->networkPolicy();
    return m_workspace.policy();
}

bool NetworkPolicyEditor::isAllowlistMode() const
{
    return m_modeAllow->isChecked();
}

void NetworkPolicyEditor::setContainer(Container *container)
{
    if (container && !m_connections.contains(container)) {
        seed(container);
        modelFor(container);
        connect(container, &Container::stateChanged, this, [this, container] {
            if (container == m_container) {
                if (m_scope == Scope::Container)
                    loadForm();
                updateConnectionsHeader();
            }
        });
    }
    if (container != m_container && m_scope == Scope::Container)
        m_message->hide(); // it was about the other conversation
    m_container = container;
    setConnectionsModel(connectionsModel());
    if (m_connectionsTable->model()) {
        // Fixed widths from the font: resizing to contents on every live row would cost a pass over all rows.
        const QFontMetrics fm = m_connectionsTable->fontMetrics();
        const int pad = 18;
        QHeaderView *header = m_connectionsTable->horizontalHeader();
        for (int column = 0; column < NetworkConnectionsModel::ColumnCount; ++column)
            header->setSectionResizeMode(column, QHeaderView::Interactive);
        header->setStretchLastSection(true);
        header->resizeSection(NetworkConnectionsModel::TimeColumn, fm.horizontalAdvance(u"88:88:88"_s) + pad);
        header->resizeSection(NetworkConnectionsModel::HostColumn, fm.horizontalAdvance(u"x"_s) * 18 + pad);
        header->resizeSection(NetworkConnectionsModel::PortColumn,
                              std::max(fm.horizontalAdvance(u"65535"_s), fm.horizontalAdvance(tr("Port"))) +
                                  12);
        int result = 0;
        for (const QString &text : {tr("allowed"), tr("refused"), tr("failed"), tr("Result")})
            result = std::max(result, fm.horizontalAdvance(text));
        header->resizeSection(NetworkConnectionsModel::ResultColumn,
                              result + m_connectionsTable->style()->pixelMetric(QStyle::PM_SmallIconSize) +
                                  8 + pad);
        header->resizeSection(NetworkConnectionsModel::ReasonColumn, fm.horizontalAdvance(u"x"_s) * 34 + pad);
    }
    updateScopeItems();
    if (m_scope == Scope::Container && !m_container)
        setScope(Scope::Workspace);
    else if (m_scope == Scope::Container)
        loadForm();
    updateConnectionsHeader();
}

void NetworkPolicyEditor::setConnectionsModel(NetworkConnectionsModel *model)
{
    if (m_connectionsTable->model() == model)
        return;
    // setModel() makes a new selection model and leaves the old one to its owner: delete it here.
    QItemSelectionModel *old = m_connectionsTable->selectionModel();
    m_connectionsTable->setModel(model);
    if (old && old != m_connectionsTable->selectionModel())
        old->deleteLater();
}

void NetworkPolicyEditor::seed(Container *container)
{
    if (container->isNetworkPolicyFixed() || container->isAwake())
        return;
    const NetworkPolicy policy = m_workspace.policy();
    if (container->setNetworkPolicy(policy))
        m_seeded.insert(container->id(), {container, policy});
}

void NetworkPolicyEditor::reseedUnstarted(const NetworkPolicy &previous)
{
    const NetworkPolicy policy = m_workspace.policy();
    for (auto it = m_seeded.begin(); it != m_seeded.end();) {
        Container *c = it->first.data();
        if (!c || c->isNetworkPolicyFixed() || c->isAwake()) {
            it = m_seeded.erase(it);
            continue;
        }
        if (c->networkPolicy() == previous && c->setNetworkPolicy(policy))
            it->second = policy;
        ++it;
    }
}

NetworkConnectionsModel *NetworkPolicyEditor::modelFor(Container *container)
{
    NetworkConnectionsModel *model = m_connections.value(container);
    if (model)
        return model;
    model = new NetworkConnectionsModel(this);
    model->setObjectName(u"NetworkConnectionsModel"_s);
    m_connections.insert(container, model);
    connect(container, &Container::egressEvent, model, &NetworkConnectionsModel::addEvent);
    connect(container, &QObject::destroyed, this, [this, container] {
        NetworkConnectionsModel *gone = m_connections.take(container);
        if (m_connectionsTable->model() == gone)
            setConnectionsModel(nullptr);
        delete gone;
    });
    connect(model, &QAbstractItemModel::rowsInserted, this, &NetworkPolicyEditor::updateConnectionsHeader);
    connect(model, &QAbstractItemModel::modelReset, this, &NetworkPolicyEditor::updateConnectionsHeader);
    return model;
}

void NetworkPolicyEditor::setScope(Scope scope)
{
    if (scope == Scope::Container && !m_container)
        scope = Scope::Workspace;
    m_scope = scope;
    m_scopeBox->setCurrentIndex(m_scopeBox->findData(int(scope)));
    m_message->hide();
    loadForm();
}

void NetworkPolicyEditor::updateScopeItems()
{
    const int index = m_scopeBox->findData(int(Scope::Container));
    m_scopeBox->setItemText(index, m_container ? tr("This conversation (%1)").arg(m_container->id())
                                               : tr("This conversation"));
    if (auto *model = qobject_cast<QStandardItemModel *>(m_scopeBox->model())) {
        if (QStandardItem *item = model->item(index))
            item->setEnabled(m_container != nullptr);
    }
}

void NetworkPolicyEditor::loadForm()
{
    const NetworkPolicy policy = sourcePolicy();
    m_readOnly = m_scope == Scope::Container && m_container &&
                 (m_container->isNetworkPolicyFixed() || m_container->isAwake());
    m_loading = true;
    if (policy.isEnabled())
        m_modeAllow->setChecked(true);
    else
        m_modeOff->setChecked(true);
    setRows(policy.isUnrestricted() ? QStringList{u"*"_s} : policy.entries());
    m_newEntry->clear();
    m_loading = false;

    if (m_scope == Scope::Workspace)
        setTranslatedText(m_note, [=, this]() -> QString {
            return tr("New conversations start their container with this policy. A container's policy is "
                      "fixed once it has started, so a change here applies to new containers only; start "
                      "a new conversation to use it.");
        });
    else if (m_readOnly)
        setTranslatedText(m_note, [=, this]() -> QString {
            return tr("This conversation's container has started with this policy, and it stays fixed "
                      "while the container exists. To use another one, change the workspace default and "
                      "start a new conversation.");
        });
    else
        setTranslatedText(m_note, [=, this]() -> QString {
            return tr("This conversation's container has not started yet: it starts with the policy saved "
                      "here. After its first command the policy can no longer change.");
        });
    updateState();
}

void NetworkPolicyEditor::setRows(const QStringList &entries)
{
    for (NetworkPolicyEntryRow *row : std::as_const(m_rows))
        delete row;
    m_rows.clear();
    for (const QString &entry : entries)
        appendRow(entry);
}

NetworkPolicyEntryRow *NetworkPolicyEditor::appendRow(const QString &text)
{
    auto *row = new NetworkPolicyEntryRow(text, m_rowsWidget);
    // Before the placeholder and the stretch at the end.
    m_rowsLayout->insertWidget(int(m_rows.size()), row);
    m_rows.append(row);
    row->setReadOnly(m_readOnly);
    connect(row, &NetworkPolicyEntryRow::edited, this, &NetworkPolicyEditor::updateState);
    connect(row, &NetworkPolicyEntryRow::removeRequested, this, [this, row] { removeRow(row); });
    return row;
}

void NetworkPolicyEditor::removeRow(NetworkPolicyEntryRow *row)
{
    if (m_readOnly)
        return;
    m_rows.removeOne(row);
    row->deleteLater();
    row->hide();
    updateState();
}

bool NetworkPolicyEditor::addEntry(const QString &text)
{
    if (m_readOnly)
        return false;
    const QString entry = text.trimmed();
    if (entry.isEmpty())
        return false;
    if (const QString problem = NetworkPolicy::entryProblem(entry); !problem.isEmpty()) {
        m_newEntryError->setText(problem);
        m_newEntryError->show();
        return false;
    }
    const QString norm = normalized(entry);
    for (const NetworkPolicyEntryRow *row : std::as_const(m_rows)) {
        if (normalized(row->text()) == norm) {
            setTranslatedText(m_newEntryError,
                              [=, this]() -> QString { return tr("%1 is already in the list.").arg(entry); });
            m_newEntryError->show();
            return false;
        }
    }
    // The limit is the engine's: ask it about the list as it would be.
    const QStringList candidate = entries() << entry;
    if (const QString problem = tooManyProblem(candidate); !problem.isEmpty()) {
        m_newEntryError->setText(problem);
        m_newEntryError->show();
        return false;
    }
    m_modeAllow->setChecked(true);
    appendRow(entry);
    m_newEntry->clear();
    m_newEntryError->hide();
    updateState();
    return true;
}

bool NetworkPolicyEditor::addPreset(const QString &id)
{
    if (m_readOnly)
        return false;
    const QList<Preset> all = presets();
    const auto it = std::find_if(all.cbegin(), all.cend(), [&id](const Preset &p) { return p.id == id; });
    if (it == all.cend())
        return false;
    QStringList present;
    for (const NetworkPolicyEntryRow *row : std::as_const(m_rows))
        present.append(normalized(row->text()));
    QStringList added;
    for (const QString &host : it->hosts) {
        if (!present.contains(normalized(host)))
            added.append(host);
    }
    const QStringList candidate = entries() + added;
    if (const QString problem = tooManyProblem(candidate); !problem.isEmpty()) {
        m_message->showMessage(
            [name = it->name, problem] {
                return tr("The preset \"%1\" was not added: %2").arg(name, problem);
            },
            InlineMessage::Type::Error);
        return false;
    }
    m_modeAllow->setChecked(true);
    for (const QString &host : std::as_const(added))
        appendRow(host);
    if (added.isEmpty())
        m_message->showMessage(
            [name = it->name] { return tr("Every host of \"%1\" is in the list already.").arg(name); },
            InlineMessage::Type::Information);
    else
        m_message->hide();
    updateState();
    return true;
}

std::optional<NetworkPolicy> NetworkPolicyEditor::formPolicy(QString *error) const
{
    if (!isAllowlistMode())
        return NetworkPolicy::disabled();
    for (const NetworkPolicyEntryRow *row : m_rows) {
        if (!row->isValid()) {
            error->clear(); // the row shows the engine's message itself
            return std::nullopt;
        }
    }
    const QStringList list = entries();
    if (const QString problem = listProblem(list); !problem.isEmpty()) {
        *error = problem;
        return std::nullopt;
    }
    return NetworkPolicy::fromEntries(list, error);
}

QString NetworkPolicyEditor::tooManyProblem(const QStringList &entries)
{
    // The engine's limit, said in the user's language (the engine's own text is the API's English).
    if (entries.size() > NetworkPolicy::MaxEntries)
        return tr("A network policy holds at most %1 entries; this one would have %2.")
            .arg(NetworkPolicy::MaxEntries)
            .arg(entries.size());
    return {};
}

QString NetworkPolicyEditor::listProblem(const QStringList &entries)
{
    if (const QString problem = tooManyProblem(entries); !problem.isEmpty())
        return problem;
    if (entries.size() > 1 && std::any_of(entries.begin(), entries.end(), isUnrestrictedEntry))
        return tr(
            "\"*\" (unrestricted egress) must be the only entry: remove the other hosts, or remove \"*\".");
    return {};
}

void NetworkPolicyEditor::updateNewEntryError()
{
    const QString text = m_newEntry->text().trimmed();
    const QString problem = text.isEmpty() ? QString() : NetworkPolicy::entryProblem(text);
    if (!problem.isEmpty()) {
        m_newEntryError->setText(problem);
        m_newEntryError->show();
    } else {
        m_newEntryError->hide();
    }
    updateState();
}

void NetworkPolicyEditor::updateState()
{
    if (m_loading)
        return;
    const bool allow = isAllowlistMode();
    m_modeOff->setEnabled(!m_readOnly);
    m_modeAllow->setEnabled(!m_readOnly);
    // A fixed policy is shown, not offered for editing.
    m_newEntry->setVisible(!m_readOnly);
    m_addButton->setVisible(!m_readOnly);
    m_presetButton->setVisible(!m_readOnly);
    m_count->setVisible(!m_readOnly);
    if (m_readOnly)
        m_newEntryError->hide();
    m_addButton->setEnabled(!m_newEntry->text().trimmed().isEmpty() &&
                            NetworkPolicy::validateEntry(m_newEntry->text().trimmed()));
    for (NetworkPolicyEntryRow *row : std::as_const(m_rows)) {
        row->setReadOnly(m_readOnly);
        row->setEnabled(allow);
    }
    m_emptyRows->setVisible(m_rows.isEmpty());
    setTranslatedText(m_emptyRows, [=, this]() -> QString {
        return m_readOnly ? tr("No hosts.") : tr("No hosts yet: add one above or pick a preset.");
    });
    setTranslatedText(m_count, [=, this]() -> QString {
        return tr("%n of %1 entries", nullptr, int(m_rows.size())).arg(NetworkPolicy::MaxEntries);
    });

    bool wildcard = isUnrestrictedEntry(m_newEntry->text().trimmed());
    for (const NetworkPolicyEntryRow *row : std::as_const(m_rows))
        wildcard = wildcard || (allow && isUnrestrictedEntry(row->text()));
    if (wildcard)
        m_wildcardWarning->showMessage(
            [=, this]() -> QString {
                return tr(
                    "\"*\" allows unrestricted egress: commands may reach every public host on ports 80 and "
                    "443, "
                    "and whatever they upload or download goes unchecked. Use it only for code and data you "
                    "trust.");
            },
            InlineMessage::Type::Warning);
    else
        m_wildcardWarning->hide();

    QString error;
    const std::optional<NetworkPolicy> policy = formPolicy(&error);
    if (!policy && !error.isEmpty() && !m_readOnly)
        m_formError->showMessage(error, InlineMessage::Type::Error);
    else
        m_formError->hide();

    const NetworkPolicy source = sourcePolicy();
    const bool formChanged =
        allow != source.isEnabled() ||
        (allow && entries() != (source.isUnrestricted() ? QStringList{u"*"_s} : source.entries()));
    m_saveButton->setEnabled(!m_readOnly && policy.has_value() && (*policy != source || formChanged));
    m_revertButton->setEnabled(!m_readOnly && formChanged);
    m_saveButton->setVisible(!m_readOnly);
    m_revertButton->setVisible(!m_readOnly);
}

bool NetworkPolicyEditor::save()
{
    if (m_readOnly)
        return false;
    QString error;
    const std::optional<NetworkPolicy> policy = formPolicy(&error);
    if (!policy) {
        m_message->showMessage(
            [=, this]() -> QString {
                return error.isEmpty() ? tr("Correct the entries marked in red first.") : error;
            },
            InlineMessage::Type::Error);
        return false;
    }
    if (m_scope == Scope::Workspace) {
        const NetworkPolicy previous = m_workspace.policy();
        m_workspace.setPolicy(*policy);
        if (!m_workspace.save(&error)) {
            m_workspace.setPolicy(previous);
            m_message->showMessage(
                [=, this]() -> QString { return tr("The policy was not saved: %1").arg(error); },
                InlineMessage::Type::Error);
            return false;
        }
        reseedUnstarted(previous);
        m_message->showMessage(
            [=, this]() -> QString {
                return tr("Saved. New conversations start with %1; containers that have already started "
                          "keep their own policy.")
                    .arg(describe(*policy));
            },
            InlineMessage::Type::Positive);
        loadForm();
        Q_EMIT workspacePolicySaved(*policy);
        return true;
    }
    if (!m_container)
        return false;
    if (!m_container->setNetworkPolicy(*policy)) {
        m_message->showMessage(
            NetworkPolicy::mismatchError(m_container->id(), m_container->networkPolicy(), *policy),
            InlineMessage::Type::Error);
        loadForm();
        return false;
    }
    // Chosen for this container: a later change of the workspace default leaves it alone.
    m_seeded.remove(m_container->id());
    m_message->showMessage(
        [=, this]() -> QString {
            return tr("Saved. This conversation's container starts with %1.").arg(describe(*policy));
        },
        InlineMessage::Type::Positive);
    loadForm();
    updateConnectionsHeader();
    Q_EMIT containerPolicySaved(m_container, *policy);
    return true;
}

void NetworkPolicyEditor::revert()
{
    m_message->hide();
    loadForm();
}

void NetworkPolicyEditor::updateConnectionsHeader()
{
    if (!m_container) {
        setTranslatedText(m_connectionsTitle, [=, this]() -> QString { return tr("Connections"); });
        setTranslatedText(m_connectionsHint,
                          [=, this]() -> QString { return tr("No conversation is open."); });
        m_connectionsHint->show();
        m_clearConnections->setEnabled(false);
        return;
    }
    setTranslatedText(m_connectionsTitle,
                      [=, this]() -> QString { return tr("Connections of %1").arg(m_container->id()); });
    const NetworkPolicy policy = m_container->networkPolicy();
    NetworkConnectionsModel *model = connectionsModel();
    const bool empty = !model || model->rowCount() == 0;
    m_clearConnections->setEnabled(!empty);
    if (!policy.isEnabled())
        setTranslatedText(m_connectionsHint, [=, this]() -> QString {
            return tr("This container has no network access, so its commands make no "
                      "connections to list.");
        });
    else if (empty)
        setTranslatedText(m_connectionsHint, [=, this]() -> QString {
            return tr("Policy: %1. Each connection a command makes or tries appears here.")
                .arg(describe(policy));
        });
    else
        setTranslatedText(m_connectionsHint,
                          [=, this]() -> QString { return tr("Policy: %1.").arg(describe(policy)); });
    m_connectionsHint->show();
}
