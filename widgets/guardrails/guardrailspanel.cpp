// SPDX-License-Identifier: GPL-3.0-or-later
#include "guardrails/guardrailspanel.h"

#include "common/fittingscrollarea.h"
#include "common/inlinemessage.h"
#include "common/retranslate.h"
#include "gateway/guardrailconfig.h"
#include "gateway/logsreader.h"
#include "gateway/patternset.h"
#include "sandbox/sandboxsettings.h"
#include "workspace/chatsession.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QFontDatabase>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTextBlock>
#include <QTreeWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {

enum ReportPeriod { ReportDay, ReportWeek, ReportMonth, ReportAll };

QString actionTitle(GuardrailAction action)
{
    switch (action) {
    case GuardrailAction::Flag:
        return GuardrailsPanel::tr("Flag");
    case GuardrailAction::Redact:
        return GuardrailsPanel::tr("Redact");
    case GuardrailAction::Block:
        return GuardrailsPanel::tr("Block");
    }
    return {};
}

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// A colour between the palette's base and another of its colours, so highlights work light and dark.
QColor blend(const QColor &base, const QColor &tint, double amount)
{
    return QColor::fromRgbF(float(base.redF() * (1 - amount) + tint.redF() * amount),
                            float(base.greenF() * (1 - amount) + tint.greenF() * amount),
                            float(base.blueF() * (1 - amount) + tint.blueF() * amount));
}

} // namespace

GuardrailsPanel::GuardrailsPanel(const QString &dataDir, const QString &workspace, QWidget *parent)
    : QWidget(parent)
    , m_workspaceDir(SandboxSettings::forDataDir(dataDir, workspace).workspaceDir())
{
    setObjectName(u"GuardrailsPanel"_s);
    m_reader = new LogsReader(dataDir, workspace, this);
    connect(m_reader, &LogsReader::changed, this, &GuardrailsPanel::reloadReport);

    m_message = new InlineMessage(this);
    m_message->setObjectName(u"GuardrailsMessage"_s);
    m_message->hide();
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(u"GuardrailsTabs"_s);
    m_tabs->setDocumentMode(true);
    retranslate(m_tabs, [this, tab = m_tabs->addTab(buildSettingsPage(), QString())] {
        m_tabs->setTabText(tab, tr("Guardrails"));
    });
    retranslate(m_tabs, [this, tab = m_tabs->addTab(buildTestPage(), QString())] {
        m_tabs->setTabText(tab, tr("Test"));
    });
    retranslate(m_tabs, [this, tab = m_tabs->addTab(buildReportPage(), QString())] {
        m_tabs->setTabText(tab, tr("Flag report"));
    });
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_message);
    layout->addWidget(m_tabs, 1);

    m_testDebounce.setSingleShot(true);
    m_testDebounce.setInterval(150);
    connect(&m_testDebounce, &QTimer::timeout, this, &GuardrailsPanel::runTest);
    m_fileProbe.setInterval(2000);
    connect(&m_fileProbe, &QTimer::timeout, this, &GuardrailsPanel::checkConfigFile);

    reloadConfig();
    reloadReport();
    // The test's verdict is made of translated sentences: made again in the new language.
    retranslate(m_testVerdict, [this] { showTestResult(m_testResult); });
}

GuardrailsPanel::~GuardrailsPanel() = default;

QString GuardrailsPanel::configPath() const
{
    return GuardrailConfig(m_workspaceDir).filePath();
}

QWidget *GuardrailsPanel::buildSettingsPage()
{
    auto *page = new QWidget;
    auto *grid = new QGridLayout;
    grid->setColumnStretch(0, 1);
    const auto heading = [](std::function<QString()> text) {
        auto *label = translatedLabel(std::move(text));
        QFont bold = label->font();
        bold.setBold(true);
        label->setFont(bold);
        label->setTextFormat(Qt::PlainText);
        return label;
    };
    grid->addWidget(heading([] { return tr("Prompt injection"); }), 0, 0, 1, 3);
    addGuardrailRow(
        grid, 1, u"regex-prompt-injection"_s, [] { return tr("Prompt-injection patterns"); },
        [] { return tr("Regular expressions for attempts to override the model's instructions"); });
    const PatternSet &patterns = PatternSet::builtin();
    QStringList languages;
    for (const PatternSet::Pattern &p : patterns.patterns()) {
        if (!languages.contains(p.language))
            languages.append(p.language);
    }
    m_patternSetLabel = translatedLabel([=, this]() -> QString {
        return tr("Pattern set version %1: %n pattern(s) in %2 families (languages: %3). "
                  "The gateway uses the set built into this Sandbench.",
                  nullptr, int(patterns.patterns().size()))
            .arg(patterns.version())
            .arg(patterns.families().size())
            .arg(languages.join(u", "_s));
    });
    m_patternSetLabel->setObjectName(u"GuardrailsPatternSetLabel"_s);
    m_patternSetLabel->setWordWrap(true);
    m_patternSetLabel->setTextFormat(Qt::PlainText);
    m_patternSetLabel->setToolTip(patterns.families().join(u'\n'));
    m_patternSetLabel->setForegroundRole(QPalette::PlaceholderText);
    grid->addWidget(m_patternSetLabel, 2, 0, 1, 3);
    grid->addWidget(heading([] { return tr("Personal data"); }), 3, 0, 1, 3);
    const auto none = [] { return QString(); };
    addGuardrailRow(
        grid, 4, u"email"_s, [] { return tr("Email addresses"); }, none);
    addGuardrailRow(
        grid, 5, u"phone"_s, [] { return tr("Phone numbers"); }, none);
    addGuardrailRow(
        grid, 6, u"credit-card"_s, [] { return tr("Credit card numbers"); },
        [] { return tr("13 to 19 digits that pass the Luhn check"); });
    addGuardrailRow(
        grid, 7, u"ip-address"_s, [] { return tr("IP addresses"); }, [] { return tr("IPv4 and IPv6"); });

    m_scanToolOutput = new QCheckBox;
    retranslate(m_scanToolOutput, [this] {
        m_scanToolOutput->setText(tr("Also scan sandbox output before the model reads it"));
    });
    m_scanToolOutput->setObjectName(u"GuardrailsScanToolOutput"_s);
    setTranslatedToolTip(m_scanToolOutput, [=, this]() -> QString {
        return tr("Every guardrail that is on reads the output of shell calls, whatever its "
                  "scope: redact hides the matches, block withholds the output.");
    });
    connect(m_scanToolOutput, &QCheckBox::toggled, this, &GuardrailsPanel::onEdited);

    auto *explain = translatedLabel([=, this]() -> QString {
        return tr("Flag records a detection and forwards the request unchanged. Redact replaces "
                  "each match with a label such as [EMAIL]. Block refuses the request with HTTP "
                  "403 before it reaches the model. When several fire, the strictest wins. "
                  "\"User messages\" reads only what users wrote; \"All messages\" also reads "
                  "system, developer and assistant text.");
    });
    explain->setWordWrap(true);
    explain->setForegroundRole(QPalette::PlaceholderText);

    m_saveButton = new QPushButton;
    retranslate(m_saveButton, [this] { m_saveButton->setText(tr("Save")); });
    m_saveButton->setObjectName(u"GuardrailsSaveButton"_s);
    m_saveButton->setEnabled(false);
    connect(m_saveButton, &QPushButton::clicked, this, &GuardrailsPanel::save);
    m_revertButton = new QPushButton;
    retranslate(m_revertButton, [this] { m_revertButton->setText(tr("Revert")); });
    m_revertButton->setObjectName(u"GuardrailsRevertButton"_s);
    m_revertButton->setEnabled(false);
    connect(m_revertButton, &QPushButton::clicked, this, &GuardrailsPanel::reloadConfig);
    m_statusLabel = new QLabel;
    m_statusLabel->setObjectName(u"GuardrailsStatusLabel"_s);
    m_statusLabel->setWordWrap(true);
    m_statusLabel->setTextFormat(Qt::PlainText);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_statusLabel, 1);
    buttons->addWidget(m_revertButton);
    buttons->addWidget(m_saveButton);

    auto *content = new QWidget;
    auto *layout = new QVBoxLayout(content);
    layout->addLayout(grid);
    layout->addSpacing(6);
    layout->addWidget(m_scanToolOutput);
    layout->addSpacing(6);
    layout->addWidget(explain);
    // Revert and Save right under the settings they act on; a tall panel's spare room goes below them.
    auto *scroll = new FittingScrollArea;
    scroll->setObjectName(u"GuardrailsSettingsArea"_s);
    scroll->setWidget(content);
    auto *pageLayout = new QVBoxLayout(page);
    pageLayout->setContentsMargins(0, 0, 0, 0);
    pageLayout->addWidget(scroll);
    pageLayout->addLayout(buttons);
    pageLayout->addStretch(1);
    return page;
}

void GuardrailsPanel::addGuardrailRow(QGridLayout *grid, int row, const QString &slug,
                                      std::function<QString()> title, std::function<QString()> tip)
{
    Row r;
    r.enabled = new QCheckBox;
    setTranslatedText(r.enabled, std::move(title));
    r.enabled->setObjectName(u"GuardrailEnabled_"_s + slug);
    setTranslatedToolTip(r.enabled, [slug, tip = std::move(tip)] {
        const QString text = tip();
        return text.isEmpty() ? slug : text + u" ("_s + slug + u')';
    });
    r.action = new QComboBox;
    r.action->setObjectName(u"GuardrailAction_"_s + slug);
    const QList<GuardrailAction> actions{GuardrailAction::Flag, GuardrailAction::Redact,
                                         GuardrailAction::Block};
    for (GuardrailAction a : actions)
        r.action->addItem(QString(), guardrailActionName(a));
    retranslate(r.action, [combo = r.action, actions] {
        for (int i = 0; i < actions.size(); ++i)
            combo->setItemText(i, actionTitle(actions.at(i)));
    });
    r.scope = new QComboBox;
    r.scope->setObjectName(u"GuardrailScope_"_s + slug);
    r.scope->addItem(QString(), guardrailScopeName(GuardrailScope::UserOnly));
    r.scope->addItem(QString(), guardrailScopeName(GuardrailScope::AllMessages));
    retranslate(r.scope, [combo = r.scope] {
        combo->setItemText(0, tr("User messages"));
        combo->setItemText(1, tr("All messages"));
    });
    r.action->setEnabled(false);
    r.scope->setEnabled(false);
    connect(r.enabled, &QCheckBox::toggled, this, [r](bool on) {
        r.action->setEnabled(on);
        r.scope->setEnabled(on);
    });
    connect(r.enabled, &QCheckBox::toggled, this, &GuardrailsPanel::onEdited);
    connect(r.action, &QComboBox::currentIndexChanged, this, &GuardrailsPanel::onEdited);
    connect(r.scope, &QComboBox::currentIndexChanged, this, &GuardrailsPanel::onEdited);
    grid->addWidget(r.enabled, row, 0);
    grid->addWidget(r.action, row, 1);
    grid->addWidget(r.scope, row, 2);
    m_rows.insert(slug, r);
}

QWidget *GuardrailsPanel::buildTestPage()
{
    auto *page = new QWidget;
    m_testRole = new QComboBox;
    m_testRole->setObjectName(u"GuardrailsTestRole"_s);
    m_testRole->addItem(QString(), u"user"_s);
    retranslate(m_testRole, [this, item = m_testRole->count() - 1] {
        m_testRole->setItemText(item, tr("User message"));
    });
    m_testRole->addItem(QString(), u"system"_s);
    retranslate(m_testRole, [this, item = m_testRole->count() - 1] {
        m_testRole->setItemText(item, tr("System message"));
    });
    m_testRole->addItem(QString(), u"assistant"_s);
    retranslate(m_testRole, [this, item = m_testRole->count() - 1] {
        m_testRole->setItemText(item, tr("Assistant message"));
    });
    m_testRole->addItem(QString(), u"tool"_s);
    retranslate(m_testRole, [this, item = m_testRole->count() - 1] {
        m_testRole->setItemText(item, tr("Sandbox output"));
    });
    connect(m_testRole, &QComboBox::currentIndexChanged, this, &GuardrailsPanel::scheduleTest);

    m_testInput = new QPlainTextEdit;
    m_testInput->setObjectName(u"GuardrailsTestInput"_s);
    retranslate(m_testInput, [this] {
        m_testInput->setPlaceholderText(tr("Type or paste a sample message; matches are highlighted here."));
    });
    connect(m_testInput, &QPlainTextEdit::textChanged, this, [this] {
        m_testInput->setExtraSelections({}); // old spans no longer fit the text
        scheduleTest();
    });

    m_testVerdict = new QLabel;
    m_testVerdict->setObjectName(u"GuardrailsTestVerdict"_s);
    m_testVerdict->setWordWrap(true);
    m_testVerdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_testVerdict->setTextFormat(Qt::RichText); // every dynamic part is escaped where the verdict is built
    m_testForwardedLabel = new QLabel;
    retranslate(m_testForwardedLabel,
                [this] { m_testForwardedLabel->setText(tr("What the model would read:")); });
    m_testForwarded = new QPlainTextEdit;
    m_testForwarded->setObjectName(u"GuardrailsTestForwarded"_s);
    m_testForwarded->setReadOnly(true);
    m_testForwarded->setMaximumHeight(fontMetrics().height() * 7);
    m_testDetections = new QTreeWidget;
    m_testDetections->setObjectName(u"GuardrailsTestDetections"_s);
    m_testDetections->setRootIsDecorated(false);
    retranslate(m_testDetections, [this] {
        m_testDetections->setHeaderLabels({tr("Match"), tr("Guardrail"), tr("Pattern"), tr("Action")});
    });

    auto *roleRow = new QHBoxLayout;
    roleRow->addWidget(translatedLabel([=, this]() -> QString { return tr("Test as:"); }));
    roleRow->addWidget(m_testRole, 1);
    auto *layout = new QVBoxLayout(page);
    layout->addLayout(roleRow);
    layout->addWidget(m_testInput, 2);
    layout->addWidget(m_testVerdict);
    layout->addWidget(m_testForwardedLabel);
    layout->addWidget(m_testForwarded);
    layout->addWidget(m_testDetections, 1);
    showTestResult({});
    return page;
}

QWidget *GuardrailsPanel::buildReportPage()
{
    auto *page = new QWidget;
    m_reportPeriod = new QComboBox;
    m_reportPeriod->setObjectName(u"GuardrailsReportPeriod"_s);
    m_reportPeriod->addItem(QString(), ReportDay);
    retranslate(m_reportPeriod, [this, item = m_reportPeriod->count() - 1] {
        m_reportPeriod->setItemText(item, tr("Last 24 hours"));
    });
    m_reportPeriod->addItem(QString(), ReportWeek);
    retranslate(m_reportPeriod, [this, item = m_reportPeriod->count() - 1] {
        m_reportPeriod->setItemText(item, tr("Last 7 days"));
    });
    m_reportPeriod->addItem(QString(), ReportMonth);
    retranslate(m_reportPeriod, [this, item = m_reportPeriod->count() - 1] {
        m_reportPeriod->setItemText(item, tr("Last 30 days"));
    });
    m_reportPeriod->addItem(QString(), ReportAll);
    retranslate(m_reportPeriod, [this, item = m_reportPeriod->count() - 1] {
        m_reportPeriod->setItemText(item, tr("All logged requests"));
    });
    m_reportPeriod->setCurrentIndex(1);
    connect(m_reportPeriod, &QComboBox::currentIndexChanged, this, &GuardrailsPanel::reloadReport);
    m_reportSummary = new QLabel;
    m_reportSummary->setObjectName(u"GuardrailsReportSummary"_s);
    m_reportSummary->setWordWrap(true);
    m_reportSummary->setTextFormat(Qt::PlainText);
    m_reportTable = new QTreeWidget;
    m_reportTable->setObjectName(u"GuardrailsReportTable"_s);
    m_reportTable->setRootIsDecorated(false);
    retranslate(m_reportTable, [this] {
        m_reportTable->setHeaderLabels(
            {tr("Guardrail"), tr("Requests matched"), tr("Share"), tr("Set to now")});
    });
    auto *explain = translatedLabel([=, this]() -> QString {
        return tr("Every detection is recorded whatever the action, so running a guardrail with "
                  "Flag first shows how much of the real traffic Redact would change or Block "
                  "would refuse.");
    });
    explain->setWordWrap(true);
    explain->setForegroundRole(QPalette::PlaceholderText);
    auto *periodRow = new QHBoxLayout;
    periodRow->addWidget(translatedLabel([=, this]() -> QString { return tr("Period:"); }));
    periodRow->addWidget(m_reportPeriod, 1);
    auto *layout = new QVBoxLayout(page);
    layout->addLayout(periodRow);
    layout->addWidget(m_reportSummary);
    layout->addWidget(m_reportTable, 1);
    layout->addWidget(explain);
    return page;
}

void GuardrailsPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    m_reader->setWatching(true);
    m_fileProbe.start();
}

void GuardrailsPanel::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    m_reader->setWatching(false);
    m_fileProbe.stop();
}

QList<Guardrail> GuardrailsPanel::editedGuardrails() const
{
    QList<Guardrail> out;
    for (const QString &slug : GuardrailEngine::builtinSlugs()) {
        const Row r = m_rows.value(slug);
        if (!r.enabled || !r.enabled->isChecked())
            continue;
        out.append(
            {slug, parseGuardrailAction(r.action->currentData().toString()).value_or(GuardrailAction::Flag),
             parseGuardrailScope(r.scope->currentData().toString()).value_or(GuardrailScope::UserOnly)});
    }
    return out;
}

bool GuardrailsPanel::editedScanToolOutput() const
{
    return m_scanToolOutput->isChecked();
}

void GuardrailsPanel::reloadConfig()
{
    struct Loaded
    {
        bool ok = false;
        QString error;
        QList<Guardrail> guardrails;
        bool scanToolOutput = false;
        QByteArray bytes;
    };
    const QString dir = m_workspaceDir;
    auto *watcher = new QFutureWatcher<Loaded>(this);
    connect(watcher, &QFutureWatcher<Loaded>::finished, this, [this, watcher] {
        watcher->deleteLater();
        const Loaded loaded = watcher->result();
        m_loadedBytes = loaded.bytes;
        if (!loaded.ok) {
            m_message->showMessage(
                [=, this]() -> QString {
                    return tr("The workspace's guardrail settings cannot be read: %1. Requests are refused "
                              "until the file is fixed; Save replaces it with the settings shown here.")
                        .arg(loaded.error);
                },
                InlineMessage::Type::Error);
            applyConfig({}, false);
            setDirty(true);
            Q_EMIT configLoaded(false);
            return;
        }
        m_message->hide();
        applyConfig(loaded.guardrails, loaded.scanToolOutput);
        setDirty(false);
        reloadReport(); // its "set to now" column follows the editor
        Q_EMIT configLoaded(true);
    });
    watcher->setFuture(QtConcurrent::run([dir] {
        Loaded loaded;
        GuardrailConfig config(dir);
        loaded.bytes = readFile(config.filePath());
        loaded.ok = config.load(&loaded.error);
        loaded.guardrails = config.guardrails();
        loaded.scanToolOutput = config.scanToolOutput();
        return loaded;
    }));
}

void GuardrailsPanel::applyConfig(const QList<Guardrail> &guardrails, bool scanToolOutput)
{
    m_applying = true;
    for (auto it = m_rows.cbegin(); it != m_rows.cend(); ++it) {
        const Row &r = it.value();
        const auto found = std::find_if(guardrails.cbegin(), guardrails.cend(),
                                        [&](const Guardrail &g) { return g.slug == it.key(); });
        r.enabled->setChecked(found != guardrails.cend());
        const Guardrail g = found != guardrails.cend() ? *found : Guardrail{it.key()};
        r.action->setCurrentIndex(std::max(0, r.action->findData(guardrailActionName(g.action))));
        r.scope->setCurrentIndex(std::max(0, r.scope->findData(guardrailScopeName(g.scope))));
    }
    m_scanToolOutput->setChecked(scanToolOutput);
    m_applying = false;
    scheduleTest();
}

void GuardrailsPanel::setDirty(bool dirty)
{
    m_dirty = dirty;
    m_saveButton->setEnabled(dirty && !m_saving);
    m_revertButton->setEnabled(dirty);
    if (dirty) {
        setTranslatedText(m_statusLabel, [=, this]() -> QString {
            return tr("Unsaved changes: the test box already uses them; requests use them once saved.");
        });
    } else {
        const int on = int(editedGuardrails().size());
        setTranslatedText(m_statusLabel, [=, this]() -> QString {
            return on == 0
                       ? tr("No guardrail is on for this workspace.")
                       : tr("%n guardrail(s) on; saved in %1.", nullptr, on).arg(GuardrailConfig::fileName());
        });
    }
}

void GuardrailsPanel::onEdited()
{
    if (m_applying)
        return;
    setDirty(true);
    scheduleTest();
    reloadReport(); // the "set to now" column follows the editor
}

void GuardrailsPanel::save()
{
    if (m_saving)
        return; // Save comes back when this write is done, if edits were made meanwhile
    const QList<Guardrail> guardrails = editedGuardrails();
    const bool scan = editedScanToolOutput();
    const QString dir = m_workspaceDir;
    struct Saved
    {
        bool ok = false;
        QString error;
        QByteArray bytes;
    };
    m_saving = true;
    m_saveButton->setEnabled(false);
    auto *watcher = new QFutureWatcher<Saved>(this);
    connect(watcher, &QFutureWatcher<Saved>::finished, this, [this, watcher, guardrails, scan] {
        watcher->deleteLater();
        m_saving = false;
        const Saved result = watcher->result();
        if (!result.ok) {
            m_message->showMessage(
                [=, this]() -> QString {
                    return tr("The guardrails could not be saved: %1").arg(result.error);
                },
                InlineMessage::Type::Error);
            m_saveButton->setEnabled(true);
            Q_EMIT saved(false);
            return;
        }
        m_loadedBytes = result.bytes;
        m_message->hide();
        // Edits made while the file was being written are not in it: they stay unsaved.
        setDirty(editedGuardrails() != guardrails || editedScanToolOutput() != scan);
        Q_EMIT saved(true);
    });
    watcher->setFuture(QtConcurrent::run([dir, guardrails, scan] {
        Saved result;
        GuardrailConfig config(dir);
        // Every value comes from the editor's fixed choices; set() still validates them as the CLI does.
        for (const Guardrail &g : guardrails) {
            if (!config.set(g.slug, guardrailActionName(g.action), guardrailScopeName(g.scope),
                            &result.error))
                return result;
        }
        config.setScanToolOutput(scan);
        result.ok = config.save(&result.error);
        result.bytes = readFile(config.filePath());
        return result;
    }));
}

void GuardrailsPanel::checkConfigFile()
{
    const QString path = configPath();
    auto *watcher = new QFutureWatcher<QByteArray>(this);
    connect(watcher, &QFutureWatcher<QByteArray>::finished, this, [this, watcher] {
        watcher->deleteLater();
        if (m_loadedBytes && watcher->result() == *m_loadedBytes)
            return;
        if (m_dirty) {
            m_loadedBytes = watcher->result();
            m_message->showMessage(
                [=, this]() -> QString {
                    return tr("%1 was changed outside this panel. Revert loads that version; Save keeps "
                              "yours.")
                        .arg(GuardrailConfig::fileName());
                },
                InlineMessage::Type::Warning);
            return;
        }
        reloadConfig();
    });
    watcher->setFuture(QtConcurrent::run([path] { return readFile(path); }));
}

GuardrailTestResult GuardrailsPanel::evaluate(const QList<Guardrail> &guardrails, bool scanToolOutput,
                                              const QString &role, const QString &text)
{
    GuardrailTestResult result;
    result.text = text;
    result.forwarded = text;
    const GuardrailEngine engine(guardrails);
    if (role == u"tool"_s) {
        result.toolOutput = true;
        if (!scanToolOutput) {
            result.outputScanningOff = true;
            return result;
        }
        const ToolOutputOutcome outcome = engine.scanToolOutput(text);
        result.verdict = outcome.verdict;
        result.detections = outcome.detections;
        result.forwarded = outcome.text;
        result.blockReason = outcome.blockReason;
        return result;
    }
    const GuardrailOutcome outcome = engine.apply({{role, text}});
    result.verdict = outcome.verdict;
    result.detections = outcome.detections;
    result.forwarded = outcome.messages.isEmpty() ? text : outcome.messages.constFirst().content;
    result.blockReason = outcome.blockReason;
    return result;
}

void GuardrailsPanel::scheduleTest()
{
    m_testDebounce.start();
}

void GuardrailsPanel::runTest()
{
    const quint64 generation = ++m_testGeneration;
    const QList<Guardrail> guardrails = editedGuardrails();
    const bool scan = editedScanToolOutput();
    const QString role = m_testRole->currentData().toString();
    const QString text = m_testInput->toPlainText();
    auto *watcher = new QFutureWatcher<GuardrailTestResult>(this);
    connect(watcher, &QFutureWatcher<GuardrailTestResult>::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation != m_testGeneration)
            return;
        showTestResult(watcher->result());
        Q_EMIT testEvaluated();
    });
    watcher->setFuture(
        QtConcurrent::run([guardrails, scan, role, text] { return evaluate(guardrails, scan, role, text); }));
}

void GuardrailsPanel::showTestResult(const GuardrailTestResult &result)
{
    m_testResult = result;
    const bool anyOn = !editedGuardrails().isEmpty();
    QString verdict;
    bool showForwarded = false;
    if (result.text.trimmed().isEmpty()) {
        verdict = anyOn ? tr("Type a sample above to see what the guardrails that are on would do with it.")
                        : tr("No guardrail is on: every request is forwarded unchanged. Turn one on in the "
                             "Guardrails tab to test it here.");
    } else if (result.outputScanningOff) {
        verdict =
            tr("Sandbox output is not scanned: the model reads it unchanged. Turn on \"Also scan sandbox "
               "output\" to guard it.");
    } else if (!anyOn) {
        verdict = tr("No guardrail is on: forwarded unchanged.");
    } else if (!result.verdict) {
        verdict = tr("<b>Forwarded unchanged</b>: nothing matched.");
    } else if (*result.verdict == GuardrailAction::Block) {
        // Said here in the user's language; result.blockReason is the English the API returns.
        QString why = result.blockReason;
        for (const Detection &d : std::as_const(result.detections)) {
            if (d.action != GuardrailAction::Block)
                continue;
            const Row row = m_rows.value(d.guardrail);
            const QString title = row.enabled ? row.enabled->text() : d.guardrail;
            why = tr("the guardrail \"%1\" found %2.").arg(title, d.family);
            break;
        }
        verdict = result.toolOutput
                      ? tr("<b>Withheld</b>: the model gets a tool error instead of this output: %1")
                            .arg(why.toHtmlEscaped())
                      : tr("<b>Blocked with HTTP 403</b> before the model: %1").arg(why.toHtmlEscaped());
    } else if (*result.verdict == GuardrailAction::Redact) {
        verdict =
            tr("<b>Forwarded redacted</b>: %n match(es) found.", nullptr, int(result.detections.size()));
        showForwarded = true;
    } else {
        verdict = tr("<b>Forwarded unchanged and flagged</b>: %n detection(s) would be recorded.", nullptr,
                     int(result.detections.size()));
    }
    m_testVerdict->setText(verdict);
    m_testForwardedLabel->setVisible(showForwarded);
    m_testForwarded->setVisible(showForwarded);
    m_testForwarded->setPlainText(showForwarded ? result.forwarded : QString());

    m_testDetections->clear();
    QList<QTextEdit::ExtraSelection> selections;
    const bool current = result.text == m_testInput->toPlainText();
    const QPalette pal = m_testInput->palette();
    for (const Detection &d : result.detections) {
        const QString match = result.text.mid(d.start, d.length);
        const QString pattern = d.family == d.patternId ? d.family : d.family + u" / "_s + d.patternId;
        // The guardrail by its name, as the chat's notice names it; the slug (for config files) in its tip.
        auto *detection = new QTreeWidgetItem(
            m_testDetections,
            {match.simplified(), ChatSession::guardrailTitle(d.guardrail), pattern, actionTitle(d.action)});
        detection->setToolTip(1, d.guardrail);
        if (!current)
            continue;
        QTextEdit::ExtraSelection selection;
        selection.cursor = QTextCursor(m_testInput->document());
        selection.cursor.setPosition(int(d.start));
        selection.cursor.setPosition(int(d.start + d.length), QTextCursor::KeepAnchor);
        const double strength = d.action == GuardrailAction::Flag ? 0.35 : 0.6;
        selection.format.setBackground(
            blend(pal.color(QPalette::Base), pal.color(QPalette::Highlight), strength));
        selection.format.setForeground(pal.color(QPalette::Text));
        if (d.action != GuardrailAction::Flag) {
            selection.format.setFontUnderline(true);
            selection.format.setUnderlineStyle(QTextCharFormat::SingleUnderline);
        }
        selection.format.setToolTip(tr("%1: %2").arg(d.guardrail, pattern));
        selections.append(selection);
    }
    m_testDetections->setVisible(!result.detections.isEmpty());
    for (int c = 0; c < m_testDetections->columnCount(); ++c)
        m_testDetections->resizeColumnToContents(c);
    m_testInput->setExtraSelections(selections);
}

void GuardrailsPanel::reloadReport()
{
    QDateTime from;
    const QDateTime now = QDateTime::currentDateTime();
    switch (m_reportPeriod->currentData().toInt()) {
    case ReportDay:
        from = now.addDays(-1);
        break;
    case ReportWeek:
        from = now.addDays(-7);
        break;
    case ReportMonth:
        from = now.addDays(-30);
        break;
    default:
        break;
    }
    struct Report
    {
        bool hasLog = false;
        qint64 requests = 0;
        qint64 falsePositives = 0;
        qint64 detected = 0; // requests with a detection of any guardrail
        QList<GuardrailReportRow> rows;
    };
    auto *watcher = new QFutureWatcher<Report>(this);
    connect(watcher, &QFutureWatcher<Report>::finished, this, [this, watcher] {
        watcher->deleteLater();
        const Report report = watcher->result();
        const QList<Guardrail> edited = editedGuardrails();
        m_reportTable->clear();
        // Every built-in gets a row, so a guardrail that never matched shows its zero.
        for (const QString &slug : GuardrailEngine::builtinSlugs()) {
            const auto row = std::find_if(report.rows.cbegin(), report.rows.cend(),
                                          [&](const GuardrailReportRow &r) { return r.guardrail == slug; });
            const qint64 matched = row != report.rows.cend() ? row->matchedRequests : 0;
            const double share = report.requests > 0 ? double(matched) / double(report.requests) : 0;
            const auto g = std::find_if(edited.cbegin(), edited.cend(),
                                        [&](const Guardrail &x) { return x.slug == slug; });
            auto *item =
                new QTreeWidgetItem(m_reportTable, {ChatSession::guardrailTitle(slug),
                                                    tr("%1 of %2").arg(matched).arg(report.requests),
                                                    QLocale().toString(share * 100, 'f', 1) + u" %"_s,
                                                    g != edited.cend() ? actionTitle(g->action) : tr("off")});
            item->setToolTip(0, slug);
            item->setData(1, Qt::UserRole, matched);
            item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
            item->setTextAlignment(2, Qt::AlignRight | Qt::AlignVCenter);
        }
        for (int c = 0; c < m_reportTable->columnCount(); ++c)
            m_reportTable->resizeColumnToContents(c);
        if (!report.hasLog || report.requests == 0) {
            setTranslatedText(m_reportSummary, [=, this]() -> QString {
                return tr("No logged requests in this period yet. Turn guardrails on with Flag and send "
                          "traffic through the local API to see what Redact or Block would do.");
            });
        } else {
            setTranslatedText(m_reportSummary, [=, this]() -> QString {
                return tr("%n request(s) logged in this period.", nullptr, int(report.requests)) + u' ' +
                       tr("%1 of them (%2 %) had at least one detection: with Redact or Block, those would "
                          "have "
                          "been "
                          "changed or refused.")
                           .arg(report.detected)
                           .arg(QLocale().toString(100.0 * double(report.detected) / double(report.requests),
                                                   'f', 1)) +
                       (report.falsePositives > 0
                            ? u' ' + tr("%n detection(s) were reported as false positives.", nullptr,
                                        int(report.falsePositives))
                            : QString());
            });
        }
        Q_EMIT reportLoaded();
    });
    watcher->setFuture(m_reader->run([from](RequestLog *log) {
        Report report;
        if (!log)
            return report;
        report.hasLog = true;
        report.rows = log->flagReport(from, QDateTime());
        LogFilter all;
        all.from = from;
        report.requests = log->count(all);
        report.falsePositives = log->falsePositiveCount();
        report.detected = log->detectedRequestCount(from, QDateTime());
        return report;
    }));
}
