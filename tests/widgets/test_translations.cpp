// SPDX-License-Identifier: GPL-3.0-or-later
#include "settings/translatorloader.h"

#include <QCoreApplication>
#include <QFile>
#include <QHash>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <QXmlStreamReader>

using namespace Qt::StringLiterals;

namespace {
// One message of a .ts file: where it is (context, source text, disambiguation) and its state.
struct Message
{
    QString context;
    QString source;
    QString comment;
    QString type; // "", "unfinished", "vanished" or "obsolete"
    bool empty = true;
    bool numerus = false; // has plural forms (%n)

    QString key() const { return context + u'\x1f' + source + u'\x1f' + comment; }
    QString display() const
    {
        QString text = source;
        text.replace(u'\n', u"\\n"_s);
        if (text.size() > 70)
            text = text.left(67) + u"..."_s;
        return u"%1: \"%2\"%3"_s.arg(context, text, comment.isEmpty() ? QString() : u" (%1)"_s.arg(comment));
    }
};

std::optional<QList<Message>> readTs(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = u"cannot read %1: %2"_s.arg(path, file.errorString());
        return std::nullopt;
    }
    QList<Message> messages;
    QXmlStreamReader xml(&file);
    QString context;
    Message current;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const auto name = xml.name();
            if (name == "context"_L1) {
                context.clear();
            } else if (name == "name"_L1) {
                context = xml.readElementText();
            } else if (name == "message"_L1) {
                current =
                    Message{context, {}, {}, {}, true, xml.attributes().value("numerus"_L1) == "yes"_L1};
            } else if (name == "source"_L1) {
                current.source = xml.readElementText();
            } else if (name == "comment"_L1) {
                current.comment = xml.readElementText();
            } else if (name == "translation"_L1) {
                current.type = xml.attributes().value("type"_L1).toString();
                // Plural forms come as <numerusform> children; every one must be filled in.
                bool anyEmpty = false;
                bool anyForm = false;
                QString plain;
                while (!(xml.isEndElement() && xml.name() == "translation"_L1) && !xml.atEnd()) {
                    xml.readNext();
                    if (xml.isStartElement() && xml.name() == "numerusform"_L1) {
                        anyForm = true;
                        anyEmpty = anyEmpty || xml.readElementText().isEmpty();
                    } else if (xml.isCharacters()) {
                        plain += xml.text();
                    }
                }
                current.empty = anyForm ? anyEmpty : plain.trimmed().isEmpty();
            }
        } else if (xml.isEndElement() && xml.name() == "message"_L1) {
            messages.append(current);
        }
    }
    if (xml.hasError()) {
        *error = u"%1 is not a valid .ts file: %2"_s.arg(path, xml.errorString());
        return std::nullopt;
    }
    return messages;
}

// The source files and include paths that `ninja update_translations` gives lupdate, from the project
// file qt_add_translations() writes at configure time, so this test and the real update cannot drift.
bool readLupdateProject(QStringList *sources, QStringList *includePaths, QString *error)
{
    QFile file(QString::fromUtf8(SANDBENCH_LUPDATE_PROJECT));
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) {
        *error = u"cannot read %1: %2"_s.arg(file.fileName(), file.errorString());
        return false;
    }
    const QString text = QString::fromUtf8(file.readAll());
    const auto listOf = [&text](const QString &variable) {
        const QString start = u"set("_s + variable + u" \""_s;
        const qsizetype from = text.indexOf(start);
        if (from < 0)
            return QStringList();
        const qsizetype begin = from + start.size();
        return text.mid(begin, text.indexOf(u'"', begin) - begin).split(u';', Qt::SkipEmptyParts);
    };
    *sources = listOf(u"lupdate_sources"_s);
    *includePaths = listOf(u"lupdate_include_paths"_s);
    if (sources->isEmpty()) {
        *error = u"no lupdate_sources in %1"_s.arg(file.fileName());
        return false;
    }
    return true;
}
} // namespace

class TestTranslations final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void embeddedLanguages();
    void catalogueTranslates_data();
    void catalogueTranslates();
    void installForLocale_data();
    void installForLocale();
    void englishHasOnlyPluralForms();
    void applySwapsLanguages();
    void tsStatesAreRead();
    void cataloguesComplete_data();
    void cataloguesComplete();
    void cleanup();

private:
    // The messages lupdate finds in today's sources, extracted once.
    QList<Message> m_sourceMessages;
    QString m_extractError;
    bool m_extracted = false;
};

void TestTranslations::embeddedLanguages()
{
    QCOMPARE(TranslatorLoader::availableLanguages(),
             (QStringList{u"de"_s, u"en"_s, u"fr"_s, u"ru"_s, u"zh_CN"_s}));
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

void TestTranslations::englishHasOnlyPluralForms()
{
    const QStringList loaded = TranslatorLoader::install(QCoreApplication::instance(), QLocale(u"en_US"_s));
    QVERIFY2(loaded.contains(u":/i18n/sandbench_en.qm"_s), qPrintable(loaded.join(u", "_s)));
    // English texts are the sources; the catalogue only picks singular or plural.
    QCOMPARE(QCoreApplication::translate("MainWindow", "&Quit"), u"&Quit"_s);
    QCOMPARE(QCoreApplication::translate("ApiRequestView", "%n shell call(s)", nullptr, 1),
             u"1 shell call"_s);
    QCOMPARE(QCoreApplication::translate("ApiRequestView", "%n shell call(s)", nullptr, 3),
             u"3 shell calls"_s);
    QCOMPARE(QCoreApplication::translate("GuardrailsPanel",
                                         "%n detection(s) were reported as false positives.", nullptr, 1),
             u"1 detection was reported as a false positive."_s);
    TranslatorLoader::apply(QCoreApplication::instance(), QString());
}

void TestTranslations::applySwapsLanguages()
{
    QStringList loaded = TranslatorLoader::apply(QCoreApplication::instance(), u"de"_s);
    QCOMPARE(loaded.size(), 2);
    QCOMPARE(TranslatorLoader::activeLanguage(), u"de"_s);
    QCOMPARE(QLocale().language(), QLocale::German);
    QCOMPARE(QCoreApplication::translate("MainWindow", "&File"), u"&Datei"_s);

    // A second choice replaces the first instead of stacking on it.
    loaded = TranslatorLoader::apply(QCoreApplication::instance(), u"fr"_s);
    QCOMPARE(loaded.size(), 2);
    QCOMPARE(QCoreApplication::translate("MainWindow", "&File"), u"&Fichier"_s);
    QCOMPARE(QCoreApplication::instance()->findChildren<QTranslator *>().size(), 2);

    // English: only the plural forms of our own catalogue; the system default follows the system's locale.
    loaded = TranslatorLoader::apply(QCoreApplication::instance(), u"en"_s);
    QVERIFY2(loaded.contains(u":/i18n/sandbench_en.qm"_s), qPrintable(loaded.join(u", "_s)));
    QCOMPARE(QCoreApplication::translate("MainWindow", "&File"), u"&File"_s);
    QCOMPARE(QLocale().language(), QLocale::English);
    TranslatorLoader::apply(QCoreApplication::instance(), QString());
    QCOMPARE(TranslatorLoader::activeLanguage(), QString());
    QCOMPARE(QLocale(), QLocale::system());
}

void TestTranslations::tsStatesAreRead()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile file(dir.filePath(u"x.ts"_s));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"(<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS><TS version="2.1" language="de">
<context><name>A</name>
  <message><source>Done</source><translation>Fertig</translation></message>
  <message><source>Todo</source><translation type="unfinished"></translation></message>
  <message><source>Gone</source><translation type="vanished">Weg</translation></message>
  <message><source>Same</source><comment>menu</comment><translation>Gleich</translation></message>
  <message numerus="yes"><source>%n file(s)</source><translation><numerusform>%n Datei</numerusform><numerusform></numerusform></translation></message>
</context>
</TS>
)");
    file.close();
    QString error;
    const auto messages = readTs(file.fileName(), &error);
    QVERIFY2(messages, qPrintable(error));
    QCOMPARE(messages->size(), 5);
    QCOMPARE(messages->at(0).type, QString());
    QVERIFY(!messages->at(0).empty);
    QCOMPARE(messages->at(1).type, u"unfinished"_s);
    QCOMPARE(messages->at(2).type, u"vanished"_s);
    QCOMPARE(messages->at(3).comment, u"menu"_s);
    QCOMPARE(messages->at(3).context, u"A"_s);
    // A plural with one form left empty is not finished.
    QVERIFY(messages->at(4).empty);
}

void TestTranslations::cataloguesComplete_data()
{
    QTest::addColumn<QString>("language");
    // English holds only the messages with plural forms (lupdate -pluralonly).
    for (const char *language : {"de", "en", "fr", "ru", "zh_CN"})
        QTest::newRow(language) << QString::fromLatin1(language);
}

void TestTranslations::cataloguesComplete()
{
    QFETCH(QString, language);

    if (!m_extracted) {
        m_extracted = true;
        QStringList sources;
        QStringList includes;
        QTemporaryDir dir;
        if (!dir.isValid()) {
            m_extractError = u"no temporary directory"_s;
        } else if (readLupdateProject(&sources, &includes, &m_extractError)) {
            // lupdate reads long argument lists from a file.
            QFile list(dir.filePath(u"sources.lst"_s));
            if (list.open(QIODevice::WriteOnly | QIODevice::Text))
                list.write(sources.join(u'\n').toUtf8() + '\n');
            list.close();
            QStringList arguments{u"-silent"_s, u"-no-obsolete"_s, u"-locations"_s, u"none"_s};
            for (const QString &include : std::as_const(includes))
                arguments << u"-I"_s << include;
            const QString out = dir.filePath(u"sandbench_extracted.ts"_s);
            arguments << u"@"_s + list.fileName() << u"-ts"_s << out;
            QProcess lupdate;
            lupdate.start(QString::fromUtf8(SANDBENCH_LUPDATE), arguments);
            if (!lupdate.waitForFinished(120000) || lupdate.exitCode() != 0) {
                m_extractError = u"lupdate failed: %1 %2"_s.arg(
                    lupdate.errorString(), QString::fromLocal8Bit(lupdate.readAllStandardError()));
            } else if (const auto messages = readTs(out, &m_extractError)) {
                m_sourceMessages = *messages;
            }
        }
    }
    QVERIFY2(m_extractError.isEmpty(), qPrintable(m_extractError));
    QVERIFY2(m_sourceMessages.size() > 100, "lupdate found too few messages in the sources");

    QString error;
    const auto catalogue = readTs(
        QString::fromUtf8(SANDBENCH_TRANSLATIONS_DIR) + u"/sandbench_"_s + language + u".ts"_s, &error);
    QVERIFY2(catalogue, qPrintable(error));

    QHash<QString, Message> byKey;
    for (const Message &m : *catalogue)
        byKey.insert(m.key(), m);
    QSet<QString> sourceKeys;
    QStringList missing;
    QStringList unfinished;
    QStringList stale;
    const bool pluralOnly = language == u"en";
    qsizetype expected = 0;
    for (const Message &m : std::as_const(m_sourceMessages)) {
        if (pluralOnly && !m.numerus)
            continue;
        ++expected;
        sourceKeys.insert(m.key());
        const auto it = byKey.constFind(m.key());
        if (it == byKey.cend())
            missing.append(m.display());
        else if (it->type == u"unfinished" || it->empty)
            unfinished.append(m.display());
    }
    for (const Message &m : *catalogue) {
        if (m.type == u"vanished" || m.type == u"obsolete" || !sourceKeys.contains(m.key()))
            stale.append(m.display());
    }
    if (missing.isEmpty() && unfinished.isEmpty() && stale.isEmpty())
        return;

    constexpr int Shown = 15;
    QString report =
        u"translations/sandbench_%1.ts is not complete: %2 of %3 source strings missing, %4 "
        "unfinished, %5 vanished or obsolete. Run `ninja update_translations` and translate them."_s
            .arg(language)
            .arg(missing.size())
            .arg(expected)
            .arg(unfinished.size())
            .arg(stale.size());
    const auto section = [&report](const QString &title, const QStringList &items) {
        if (items.isEmpty())
            return;
        report += u"\n  %1 (first %2 of %3):"_s.arg(title)
                      .arg(std::min<qsizetype>(Shown, items.size()))
                      .arg(items.size());
        for (const QString &item : items.mid(0, Shown))
            report += u"\n    "_s + item;
    };
    section(u"missing"_s, missing);
    section(u"unfinished"_s, unfinished);
    section(u"vanished or obsolete"_s, stale);
    QFAIL(qPrintable(report));
}

void TestTranslations::cleanup()
{
    // Deleting a translator uninstalls it, so each row starts untranslated.
    qDeleteAll(QCoreApplication::instance()->findChildren<QTranslator *>());
}

QTEST_GUILESS_MAIN(TestTranslations)
#include "test_translations.moc"
