// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLocale>
#include <QStringList>

class QCoreApplication;

// Installs the application's own translations (embedded under :/i18n) and Qt's for a locale.
class TranslatorLoader
{
public:
    // The languages shipped in :/i18n, as file suffixes (sandbench_<suffix>.qm).
    static QStringList availableLanguages();

    // Installs every translator found for the locale, parented to the application, and returns the
    // files that were loaded (empty for English or an unsupported language).
    static QStringList install(QCoreApplication *app, const QLocale &locale);
};
