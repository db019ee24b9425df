// SPDX-License-Identifier: GPL-3.0-or-later
#include "settings/languagepage.h"

#include "base/settings.h"
#include "common/inlinemessage.h"
#include "settings/translatorloader.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

QList<std::pair<QString, QString>> LanguagePage::choices()
{
    // Each language is named in itself so a user can find their own in any current language. The "C" locale
    // (LANG unset, or C.UTF-8) has no language name: then only "System default".
    const QString system = QLocale::system().nativeLanguageName();
    return {
        {QString(), system.isEmpty() ? tr("System default") : tr("System default (%1)").arg(system)},
        {u"en"_s, u"English"_s},
        {u"zh_CN"_s, u"简体中文"_s},
        {u"de"_s, u"Deutsch"_s},
        {u"ru"_s, u"Русский"_s},
        {u"fr"_s, u"Français"_s},
    };
}

LanguagePage::LanguagePage(Settings *settings, QWidget *parent)
    : QWidget(parent)
    , m_settings(settings)
{
    setObjectName(u"LanguagePage"_s);

    auto *intro = new QLabel(
        tr("The language of menus, dialogs and messages. Qt's standard dialogs and buttons follow it too."),
        this);
    intro->setWordWrap(true);

    m_combo = new QComboBox(this);
    m_combo->setObjectName(u"LanguageCombo"_s);
    for (const auto &[value, name] : choices())
        m_combo->addItem(name, value);
    const int index = m_combo->findData(m_settings->value(Settings::Key::Language).toString());
    m_combo->setCurrentIndex(index >= 0 ? index : 0);
    connect(m_combo, &QComboBox::currentIndexChanged, this, &LanguagePage::choose);

    auto *form = new QFormLayout;
    form->addRow(tr("&Language:"), m_combo);

    m_note = new InlineMessage(this);
    m_note->setObjectName(u"LanguageRestartNote"_s);
    m_restart = new QPushButton(tr("&Restart Now"), this);
    m_restart->setObjectName(u"RestartNowButton"_s);
    m_restart->setToolTip(tr("Closes this window and opens it again in the chosen language. Conversations "
                             "and their containers end; files, documents and logs stay."));
    connect(m_restart, &QPushButton::clicked, this, &LanguagePage::restartRequested);
    auto *restartRow = new QHBoxLayout;
    restartRow->addStretch(1);
    restartRow->addWidget(m_restart);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_note);
    layout->addLayout(restartRow);
    layout->addStretch(1);
    updateNote();
}

void LanguagePage::choose()
{
    m_settings->setValue(Settings::Key::Language, m_combo->currentData().toString());
    m_settings->sync();
    updateNote();
}

void LanguagePage::updateNote()
{
    const bool pending = m_combo->currentData().toString() != TranslatorLoader::activeLanguage();
    if (pending) {
        m_note->showMessage(tr("%1 is used from the next start. Restart now to switch at once: this window's "
                               "conversations and their containers end; files, documents and logs are kept.")
                                .arg(m_combo->currentText()),
                            InlineMessage::Type::Information);
    } else {
        m_note->hide();
    }
    m_restart->setVisible(pending);
}
