// SPDX-License-Identifier: GPL-3.0-or-later
#include "translatorloader.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QTranslator>

using namespace Qt::StringLiterals;

QStringList TranslatorLoader::availableLanguages()
{
    QStringList languages;
    const QStringList files = QDir(u":/i18n"_s).entryList({u"sandbench_*.qm"_s}, QDir::Files, QDir::Name);
    for (const QString &file : files) {
        languages.append(file.mid(qsizetype(sizeof("sandbench_") - 1)).chopped(3));
    }
    return languages;
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
        // Standard dialog buttons and other strings that come from Qt itself.
        {u"qtbase"_s, QLibraryInfo::path(QLibraryInfo::TranslationsPath)},
    };

    QStringList loaded;
    for (const Catalogue &catalogue : catalogues) {
        auto *translator = new QTranslator(app);
        if (translator->load(locale, catalogue.name, u"_"_s, catalogue.directory) &&
            QCoreApplication::installTranslator(translator)) {
            loaded.append(translator->filePath());
        } else {
            delete translator;
        }
    }
    return loaded;
}
