// SPDX-License-Identifier: GPL-3.0-or-later
#include "translatorloader.h"

#include <QCoreApplication>
#include <QTest>
#include <QTranslator>

using namespace Qt::StringLiterals;

class TestTranslations final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void embeddedLanguages();
    void catalogueTranslates_data();
    void catalogueTranslates();
    void installForLocale_data();
    void installForLocale();
    void englishInstallsNothing();
    void cleanup();
};

void TestTranslations::embeddedLanguages()
{
    QCOMPARE(TranslatorLoader::availableLanguages(), (QStringList{u"de"_s, u"fr"_s, u"ru"_s, u"zh_CN"_s}));
}

void TestTranslations::catalogueTranslates_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("welcome");

    QTest::newRow("de") << u"de"_s << u"&Datei"_s << u"Willkommen bei Sandbench"_s;
    QTest::newRow("fr") << u"fr"_s << u"&Fichier"_s << u"Bienvenue dans Sandbench"_s;
    QTest::newRow("ru") << u"ru"_s << u"&Файл"_s << u"Добро пожаловать в Sandbench"_s;
    QTest::newRow("zh_CN") << u"zh_CN"_s << u"文件(&F)"_s << u"欢迎使用 Sandbench"_s;
}

void TestTranslations::catalogueTranslates()
{
    QFETCH(QString, language);
    QFETCH(QString, file);
    QFETCH(QString, welcome);

    QTranslator translator;
    QVERIFY(translator.load(u":/i18n/sandbench_"_s + language));
    QCOMPARE(translator.translate("MainWindow", "&File"), file);
    QCOMPARE(translator.translate("WelcomePage", "Welcome to Sandbench"), welcome);
}

void TestTranslations::installForLocale_data()
{
    QTest::addColumn<QString>("locale");
    QTest::addColumn<QString>("quit");

    QTest::newRow("de_DE") << u"de_DE"_s << u"&Beenden"_s;
    QTest::newRow("fr_FR") << u"fr_FR"_s << u"&Quitter"_s;
    QTest::newRow("ru_RU") << u"ru_RU"_s << u"&Выход"_s;
    QTest::newRow("zh_CN") << u"zh_CN"_s << u"退出(&Q)"_s;
}

void TestTranslations::installForLocale()
{
    QFETCH(QString, locale);
    QFETCH(QString, quit);

    const QStringList loaded = TranslatorLoader::install(QCoreApplication::instance(), QLocale(locale));
    QCOMPARE(loaded.size(), 2);
    QVERIFY2(loaded.at(0).startsWith(u":/i18n/sandbench_"_s), qPrintable(loaded.at(0)));
    QVERIFY2(loaded.at(1).contains(u"qtbase_"_s), qPrintable(loaded.at(1)));
    QCOMPARE(QCoreApplication::translate("MainWindow", "&Quit"), quit);
}

void TestTranslations::englishInstallsNothing()
{
    const QStringList loaded = TranslatorLoader::install(QCoreApplication::instance(), QLocale(u"en_US"_s));
    QVERIFY2(!loaded.contains(u":/i18n/sandbench_en.qm"_s), qPrintable(loaded.join(u", "_s)));
    QCOMPARE(QCoreApplication::translate("MainWindow", "&Quit"), u"&Quit"_s);
}

void TestTranslations::cleanup()
{
    // Deleting a translator uninstalls it, so each row starts untranslated.
    qDeleteAll(QCoreApplication::instance()->findChildren<QTranslator *>());
}

QTEST_GUILESS_MAIN(TestTranslations)
#include "test_translations.moc"
