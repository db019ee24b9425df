// SPDX-License-Identifier: GPL-3.0-or-later
// KernelHtml: a kernel's text/html reduced to the notebook view's plain rich text (paragraphs and tables of
// text with bold, italic and line breaks), whatever the kernel sends.
#include "config-sandbench-tests.h"
#include "tools/kernelhtml.h"

#include <QFile>
#include <QTest>

using namespace Qt::StringLiterals;

class TestKernelHtml final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void dataFrameTable();
    void formattingAndBreaks();
    void hostileMarkupIsText_data();
    void hostileMarkupIsText();
    void nestedAndBrokenTables();
    void limits();
    void emptyAndGarbage_data();
    void emptyAndGarbage();

private:
    static QByteArray corpus(const char *name);
};

QByteArray TestKernelHtml::corpus(const char *name)
{
    QFile f(QStringLiteral(SANDBENCH_TEST_DATA_DIR "/../fuzz/corpus/kernel_html/") + QLatin1StringView(name));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void TestKernelHtml::dataFrameTable()
{
    // What pandas 1.5 sends for a DataFrame (a scoped style, a table with a header row): one table of text.
    const QByteArray html = corpus("dataframe");
    QVERIFY(html.contains("<style scoped>"));
    const KernelHtml h = KernelHtml::parse(html);
    QCOMPARE(h.blocks.size(), 1);
    const KernelHtml::Block &t = h.blocks.first();
    QCOMPARE(t.kind, KernelHtml::Block::Kind::Table);
    QCOMPARE(t.rows.size(), 4);
    QCOMPARE(t.columns, 3);
    QVERIFY(t.rows[0][1].header);
    QCOMPARE(KernelHtml::textOf(t.rows[0][1].spans), u"city"_s);
    QCOMPARE(KernelHtml::textOf(t.rows[2][1].spans), u"Lyon"_s);
    QCOMPARE(KernelHtml::textOf(t.rows[2][2].spans), u"95.5"_s);
    QVERIFY(t.rows[2][0].header); // the index
    QVERIFY(!t.rows[2][1].header);
    QVERIFY(!h.truncated);
    QCOMPARE(h.plainText(), u"\tcity\tsales\n0\tOslo\t120.0\n1\tLyon\t95.5\n2\tKyoto\t210.0"_s);

    // A long one: pandas' own cut (5 rows, "...", 5 rows), then its "100 rows × 2 columns" line.
    const KernelHtml l = KernelHtml::parse(corpus("dataframe_long"));
    QCOMPARE(l.blocks.size(), 2);
    QCOMPARE(l.blocks[0].rows.size(), 12);
    QCOMPARE(KernelHtml::textOf(l.blocks[0].rows[6][1].spans), u"..."_s);
    QCOMPARE(l.blocks[1].kind, KernelHtml::Block::Kind::Paragraph);
    QCOMPARE(KernelHtml::textOf(l.blocks[1].spans), u"100 rows × 2 columns"_s);
}

void TestKernelHtml::formattingAndBreaks()
{
    const KernelHtml h = KernelHtml::parse("<p>Total:   <b>42</b> <i>units</i><br>  next   line</p><p></p>"
                                           "<p><strong>s</strong><em>e</em></p>");
    QCOMPARE(h.blocks.size(), 2);
    const QList<KernelHtml::Span> &s = h.blocks[0].spans;
    QCOMPARE(KernelHtml::textOf(s), u"Total: 42 units\nnext line"_s);
    QCOMPARE(s.size(), 4);
    QVERIFY(!s[0].bold && !s[0].italic);
    QVERIFY(s[1].bold && s[1].text.trimmed() == u"42"_s);
    QVERIFY(s[2].italic && s[2].text.trimmed() == u"units"_s);
    QVERIFY(!s[3].bold && !s[3].italic);
    QCOMPARE(h.blocks[1].spans.size(), 2);
    QVERIFY(h.blocks[1].spans[0].bold && h.blocks[1].spans[1].italic);
}

void TestKernelHtml::hostileMarkupIsText_data()
{
    QTest::addColumn<QByteArray>("html");
    QTest::addColumn<QString>("expected");
    QTest::newRow("script and style") << corpus("hostile") << u"Hi bold both\nnextlink text"_s;
    QTest::newRow("event handlers and urls")
        << QByteArray("<div onmouseover=\"steal()\" style=\"background:url(http://evil/x)\">plain</div>"
                      "<a href=\"javascript:alert(1)\">click</a><img src=x onerror=alert(1)>")
        << u"plain\nclick"_s;
    QTest::newRow("forms carry no values")
        << QByteArray("<form action=http://x><input value=secret><textarea>t</textarea>"
                      "<select><option>o</option></select><button>b</button>label</form>")
        << u"label"_s;
    QTest::newRow("embedded content")
        << QByteArray(
               "<svg><text>svgtext</text></svg><math>m</math><object data=x>obj</object>"
               "<embed src=x><video src=x>vid</video><noscript>ns</noscript><template>tpl</template>ok")
        << u"ok"_s;
    QTest::newRow("escaped markup stays text")
        << QByteArray("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>") << u"<script>alert(1)</script>"_s;
    QTest::newRow("controls and bidi overrides dropped")
        << corpus("entities") << u"<script> & rtl \u00a0© café 中文\nh\nx"_s;
    QTest::newRow("comments, cdata, processing instructions")
        << QByteArray("<!-- hidden --><?php echo 1 ?><p>seen</p><!doctype html>") << u"seen"_s;
    QTest::newRow("head and meta refresh")
        << QByteArray(
               "<html><head><title>T</title><meta http-equiv=refresh content=\"0;url=http://x\">"
               "<link rel=stylesheet href=http://x><base href=http://x></head><body>body</body></html>")
        << u"body"_s;
}

void TestKernelHtml::hostileMarkupIsText()
{
    QFETCH(QByteArray, html);
    QFETCH(QString, expected);
    QVERIFY(!html.isEmpty());
    QCOMPARE(KernelHtml::parse(html).plainText(), expected);
}

void TestKernelHtml::nestedAndBrokenTables()
{
    // A table inside a cell becomes that cell's text; a cell outside any row starts a row; deep nesting is
    // cut.
    const KernelHtml n = KernelHtml::parse(corpus("nested"));
    QVERIFY(n.blocks.size() >= 1);
    const KernelHtml::Block &t = n.blocks.first();
    QCOMPARE(t.kind, KernelHtml::Block::Kind::Table);
    QCOMPARE(t.rows.size(), 2);
    QCOMPARE(KernelHtml::textOf(t.rows[0][0].spans), u"a\nin1 in2\nin3"_s);
    QCOMPARE(KernelHtml::textOf(t.rows[0][1].spans), u"b"_s);
    QCOMPARE(KernelHtml::textOf(t.rows[1][0].spans), u"stray"_s);
    QVERIFY(n.truncated); // 300 nested divs
    // Unclosed tags: libxml2 closes them as HTML parsers do; the text is all there.
    const KernelHtml b = KernelHtml::parse(corpus("broken"));
    QVERIFY(b.hasTable());
    QVERIFY2(b.plainText().contains(u"open"_s) && b.plainText().contains(u"again"_s),
             qPrintable(b.plainText()));
    QVERIFY(!b.plainText().contains(u"hidden"_s));
}

void TestKernelHtml::limits()
{
    // Rows, columns, characters per cell, blocks and the input itself are bounded; truncated says so.
    QByteArray rows = "<table>";
    for (int i = 0; i < KernelHtml::MaxRows + 50; ++i)
        rows += "<tr><td>" + QByteArray::number(i) + "</td></tr>";
    KernelHtml h = KernelHtml::parse(rows + "</table>");
    QCOMPARE(h.blocks.first().rows.size(), KernelHtml::MaxRows);
    QVERIFY(h.truncated);

    QByteArray cols = "<table><tr>";
    for (int i = 0; i < KernelHtml::MaxColumns + 10; ++i)
        cols += "<td>c</td>";
    h = KernelHtml::parse(cols + "</tr></table>");
    QCOMPARE(h.blocks.first().columns, KernelHtml::MaxColumns);
    QVERIFY(h.truncated);

    h = KernelHtml::parse("<table><tr><td>" + QByteArray(KernelHtml::MaxCellChars * 3, 'x') +
                          "</td></tr></table>");
    QVERIFY(KernelHtml::textOf(h.blocks.first().rows[0][0].spans).size() <= KernelHtml::MaxCellChars);
    QVERIFY(h.truncated);

    QByteArray paragraphs;
    for (int i = 0; i < KernelHtml::MaxBlocks * 2; ++i)
        paragraphs += "<p>p</p>";
    h = KernelHtml::parse(paragraphs);
    QCOMPARE(h.blocks.size(), KernelHtml::MaxBlocks);
    QVERIFY(h.truncated);

    h = KernelHtml::parse("<p>" + QByteArray(KernelHtml::MaxInputBytes + 100, 'y') + "</p>");
    QVERIFY(h.truncated);
    QVERIFY(h.plainText().size() <= KernelHtml::MaxTextChars);
}

void TestKernelHtml::emptyAndGarbage_data()
{
    QTest::addColumn<QByteArray>("html");
    QTest::newRow("empty") << QByteArray();
    QTest::newRow("only whitespace") << QByteArray(" \n\t ");
    QTest::newRow("only a script") << QByteArray("<script>x</script>");
    QTest::newRow("nul bytes") << QByteArray("\0\0\0<\0p>", 8);
    QTest::newRow("invalid utf-8") << QByteArray("\xff\xfe<table><tr><td>\xc3</td></tr></table>");
    QTest::newRow("empty table") << QByteArray("<table><tr></tr></table>");
}

void TestKernelHtml::emptyAndGarbage()
{
    QFETCH(QByteArray, html);
    const KernelHtml h = KernelHtml::parse(html);
    for (const KernelHtml::Block &b : h.blocks)
        QVERIFY(b.kind == KernelHtml::Block::Kind::Table ? !b.rows.isEmpty() : !b.spans.isEmpty());
    QVERIFY(!h.plainText().contains(u"x"_s) || html.contains("\xc3"));
}

QTEST_GUILESS_MAIN(TestKernelHtml)
#include "test_kernelhtml.moc"
