// SPDX-License-Identifier: GPL-3.0-or-later
#include "settings/translatorloader.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QTranslator>

using namespace Qt::StringLiterals;

namespace {
// apply() marks its translators so a later apply() removes exactly those.
constexpr auto AppliedTranslatorName = "SandbenchAppliedTranslator"_L1;
} // namespace

QString TranslatorLoader::s_activeLanguage;

QStringList TranslatorLoader::availableLanguages()
{
    QStringList languages;
    const QStringList files = QDir(u":/i18n"_s).entryList({u"sandbench_*.qm"_s}, QDir::Files, QDir::Name);
    for (const QString &file : files) {
        languages.append(file.mid(qsizetype(sizeof("sandbench_") - 1)).chopped(3));
    }
    return languages;
}

QLocale TranslatorLoader::localeFor(const QString &language)
{
    if (language.isEmpty())
        return QLocale::system();
    // "en" alone would follow the system's territory in QLocale's lookup; English texts need no catalogue.
    if (language == u"en")
        return QLocale(QLocale::English, QLocale::UnitedStates);
    return QLocale(language);
}

QStringList TranslatorLoader::install(QCoreApplication *app, const QLocale &locale)
{
    struct Catalogue
    {
        QString name;
        QString directory;
    };
    const Catalogue catalogues[] = {
        {u"sandbench"_s, u":/i18n"_s},
        // Standard dialog buttons and other strings that come from Qt itself (qt6-translations-l10n).
        {u"qtbase"_s, QLibraryInfo::path(QLibraryInfo::TranslationsPath)},
    };

    QStringList loaded;
    for (const Catalogue &catalogue : catalogues) {
        auto *translator = new QTranslator(app);
        bool found = translator->load(locale, catalogue.name, u"_"_s, catalogue.directory);
        // A language without a catalogue of ours shows the English texts; their plural forms ("1 file",
        // "2 files") come from the English catalogue.
        if (!found && catalogue.directory.startsWith(u':'))
            found = translator->load(catalogue.name + u"_en"_s, catalogue.directory);
        if (found && QCoreApplication::installTranslator(translator)) {
            loaded.append(translator->filePath());
        } else {
            delete translator;
        }
    }
    return loaded;
}

QStringList TranslatorLoader::apply(QCoreApplication *app, const QString &language)
{
    // Deleting a translator uninstalls it.
    const QList<QTranslator *> previous = app->findChildren<QTranslator *>(AppliedTranslatorName);
    qDeleteAll(previous);

    const QLocale locale = localeFor(language);
    QLocale::setDefault(locale);
    const QStringList loaded = install(app, locale);
    for (QTranslator *translator : app->findChildren<QTranslator *>(Qt::FindDirectChildrenOnly)) {
        if (translator->objectName().isEmpty() && loaded.contains(translator->filePath()))
            translator->setObjectName(AppliedTranslatorName);
    }
    s_activeLanguage = language;
    return loaded;
}

QStringList TranslatorLoader::translationsOf(const char *context, const char *source)
{
    QStringList texts{QString::fromUtf8(source)};
    for (const QString &language : availableLanguages()) {
        QTranslator translator;
        if (!translator.load(u":/i18n/sandbench_"_s + language + u".qm"_s))
            continue;
        const QString text = translator.translate(context, source);
        if (!text.isEmpty() && !texts.contains(text))
            texts.append(text);
    }
    return texts;
}

QString TranslatorLoader::activeLanguage()
{
    return s_activeLanguage;
}
