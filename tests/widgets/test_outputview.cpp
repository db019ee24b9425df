// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 17, long sessions: a command's live output view keeps bounded buffers however long a fast producer
// streams, shows the newest output and says how much earlier output it no longer shows.
#include "shellcalls/shellcallview.h"

#include <QLabel>
#include <QPlainTextEdit>
#include <QTest>

using namespace Qt::StringLiterals;

class TestOutputView final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fastProducerStaysBounded_data();
    void fastProducerStaysBounded();
    void shortOutputOmitsNothing();
};

void TestOutputView::fastProducerStaysBounded_data()
{
    QTest::addColumn<QString>("piece");
    QTest::newRow("lines") << (QString(200, u'x') + u'\n');
    QTest::newRow("one endless line") << QString(4000, u'y');
}

void TestOutputView::fastProducerStaysBounded()
{
    QFETCH(QString, piece);
    constexpr int MaxBlocks = 2000;
    CommandOutputView view(0, u"yes"_s, MaxBlocks);
    view.resize(600, 400);
    view.show();
    auto *output = view.findChild<QPlainTextEdit *>(u"CommandOutput"_s);
    auto *omitted = view.findChild<QLabel *>(u"OutputOmitted"_s);
    QVERIFY(output && omitted);
    qint64 fed = 0;
    // About 20 million characters in pieces, flushed as the view's timer would between bursts.
    for (int burst = 0; burst < 20; ++burst) {
        for (int i = 0; i < 1000000 / int(piece.size()); ++i) {
            view.appendOutput(ShellCall::Stream::Stdout, piece);
            fed += piece.size();
            if (view.pendingChars() > CommandOutputView::MaxFlushChars + piece.size())
                QFAIL(qPrintable(u"%1 characters pending"_s.arg(view.pendingChars())));
        }
        view.flush();
        QVERIFY(output->document()->characterCount() <= CommandOutputView::MaxDocumentChars);
        QVERIFY(output->document()->blockCount() <= MaxBlocks);
    }
    QVERIFY(fed > 10'000'000);
    // The newest output is shown; what came before is counted and said.
    QVERIFY2(output->toPlainText().trimmed().endsWith(piece.trimmed()),
             qPrintable(output->toPlainText().right(300)));
    QVERIFY(view.omittedChars() >= fed - output->document()->characterCount() - 4096);
    QVERIFY(view.omittedChars() <= fed);
    QVERIFY(!omitted->isHidden());
    QVERIFY2(omitted->text().startsWith(u"Earlier output not shown here:"_s), qPrintable(omitted->text()));
    QVERIFY(omitted->text().contains(QLocale().toString(view.omittedChars())));
}

void TestOutputView::shortOutputOmitsNothing()
{
    CommandOutputView view(0, u"echo hi"_s, 5000);
    view.appendOutput(ShellCall::Stream::Stdout, u"hi\n"_s);
    view.flush();
    QCOMPARE(view.omittedChars(), 0);
    QVERIFY(view.findChild<QLabel *>(u"OutputOmitted"_s)->isHidden());
    QCOMPARE(view.findChild<QPlainTextEdit *>(u"CommandOutput"_s)->toPlainText(), u"hi\n"_s);
}

QTEST_MAIN(TestOutputView)
#include "test_outputview.moc"
