// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLocale>
#include <QStringList>

class QCoreApplication;

// Installs the application's own translations (embedded under :/i18n) and Qt's for a locale, and swaps
// them at once when the user picks another language (Settings::Key::Language): Qt then sends every widget a
// QEvent::LanguageChange and the windows set their texts again (retranslate()).
class TranslatorLoader
{
public:
    // The languages shipped in :/i18n, as file suffixes (sandbench_<suffix>.qm).
    static QStringList availableLanguages();

    // The locale for a stored language choice: empty means the system's locale, otherwise a locale name
    // such as "de" or "zh_CN" ("en" is English without any catalogue).
    static QLocale localeFor(const QString &language);

    // Installs every translator found for the locale, parented to the application, and returns the
    // files that were loaded (empty for English or an unsupported language).
    static QStringList install(QCoreApplication *app, const QLocale &locale);

    // Removes the translators an earlier apply() installed, installs those of the language choice, makes
    // its locale the default and remembers the choice as activeLanguage(). Returns the files loaded.
    static QStringList apply(QCoreApplication *app, const QString &language);
    // The choice the running application's texts are in (the last apply()).
    static QString activeLanguage();

    // source and its translation in every shipped language, to recognise text written in another language.
    static QStringList translationsOf(const char *context, const char *source);

private:
    static QString s_activeLanguage;
};
