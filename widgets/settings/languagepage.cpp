// SPDX-License-Identifier: GPL-3.0-or-later
#include "settings/languagepage.h"

#include "base/settings.h"
#include "common/retranslate.h"
#include "settings/translatorloader.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QFormLayout>
#include <QLabel>
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

    auto *intro = new QLabel(this);
    intro->setWordWrap(true);

    m_combo = new QComboBox(this);
    m_combo->setObjectName(u"LanguageCombo"_s);
    for (const auto &[value, name] : choices())
        m_combo->addItem(name, value);
    const int index = m_combo->findData(m_settings->value(Settings::Key::Language).toString());
    m_combo->setCurrentIndex(index >= 0 ? index : 0);
    connect(m_combo, &QComboBox::currentIndexChanged, this, &LanguagePage::choose);

    auto *label = new QLabel(this);
    label->setBuddy(m_combo);
    auto *form = new QFormLayout;
    form->addRow(label, m_combo);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addStretch(1);

    retranslate(this, [this, intro, label] {
        intro->setText(tr("The language of menus, dialogs, messages, dates and times. It applies at once to "
                          "every window; Qt's standard dialogs and buttons follow it too."));
        label->setText(tr("&Language:"));
        // Only the system default's name is in the current language.
        m_combo->setItemText(0, choices().constFirst().second);
    });
}

void LanguagePage::choose()
{
    const QString language = m_combo->currentData().toString();
    m_settings->setValue(Settings::Key::Language, language);
    m_settings->sync();
    if (language != TranslatorLoader::activeLanguage())
        TranslatorLoader::apply(QCoreApplication::instance(), language);
}
