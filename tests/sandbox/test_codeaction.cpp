// SPDX-License-Identifier: GPL-3.0-or-later
#include "gateway/codeimages.h"
#include "sandbox/pythonkernel.h"
#include "sandboxtestutil.h"
#include "tools/codeaction.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>

using namespace Qt::StringLiterals;

// The hosted code-execution contracts' actions (Python code, a bash command, the text editor) run in a real
// container: what they print, how they fail, and the editor's results as Anthropic's blocks name them.
class TestCodeAction final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void pythonPrintsAndReadsHome();
    void pythonErrorKeepsTraceback();
    void pythonQuotesSurvive();
    void pythonSavesOpenFigures();
    void pythonTimeoutIsExecutionTimeExceeded();
    void savedChartIsOneImage();
    void editorCreateViewReplace();
    void editorViewRangeAndDirectory();
    void editorErrors_data();
    void editorErrors();
    void editorFileTooLarge();
    void badArguments_data();
    void badArguments();
    void sourceTooLongForOneCommand();
    void homeModulesCannotReplaceTheHelpers();
    void largeViewIsCutNotLost();
    void createKeepsTheMode();
    void lonePathSurrogateIsABadInput();
    void editorRefusesWhatIsNotARegularFile_data();
    void editorRefusesWhatIsNotARegularFile();
    void editorFollowsALinkToARegularFile();
    void editorWriteIgnoresAFifoAtItsTemporaryName();
    void cellStreamsReadably_data();
    void cellStreamsReadably();

private:
    // Runs a bash command in the container (to make FIFOs, sockets and links there); its exit code.
    int runShell(const QString &command);

    CodeOutput run(const CodeAction &action, int timeoutMs = 30000);

    QTemporaryDir m_dir;
    ContainerManager *m_manager = nullptr;
    Container *m_c = nullptr;
};

void TestCodeAction::initTestCase()
{
    SANDBOX_REQUIRE_INIT();
    QVERIFY(m_dir.isValid());
    m_manager = new ContainerManager(sandboxTestSettings(m_dir.path()), this);
    QString error;
    m_c = m_manager->create(&error);
    QVERIFY2(m_c, qPrintable(error));
}

void TestCodeAction::cleanupTestCase()
{
    delete m_manager;
}

CodeOutput TestCodeAction::run(const CodeAction &action, int timeoutMs)
{
    // As the agent loop does: a Python cell goes to the container's kernel, started ahead of it.
    if (action.kind == CodeAction::Kind::Python)
        PythonKernel::of(m_c)->startAhead();
    ShellCall *call = m_c->run(action.shellAction(timeoutMs, 16384));
    if (!waitForCall(call) || call->results().isEmpty()) {
        qWarning("the call did not run: %s", qPrintable(call->errorString()));
        return {};
    }
    return CodeOutput::fromResult(action, call->results().constFirst());
}

static CodeAction parsed(std::optional<CodeAction> action, const QString &error)
{
    if (!action)
        qFatal("arguments rejected: %s", qPrintable(error));
    return *action;
}

void TestCodeAction::pythonPrintsAndReadsHome()
{
    QVERIFY(placeFile(m_c, u"numbers.csv"_s, "n\n1\n2\n39\n"));
    QString error;
    const CodeAction a = parsed(
        CodeAction::python({{u"code"_s, u"import csv\nrows = list(csv.DictReader(open('numbers.csv')))\n"
                                        "print(sum(int(r['n']) for r in rows))\n"_s}},
                           &error),
        error);
    const CodeOutput out = run(a);
    QVERIFY2(!out.isError(), qPrintable(out.errorMessage + out.stderrText));
    QCOMPARE(out.stdoutText, u"42\n"_s);
    QCOMPARE(out.returnCode, 0);
    QCOMPARE(a.displayText(), a.code);
    QCOMPARE(out.forModel(), u"{\"return_code\":0,\"stderr\":\"\",\"stdout\":\"42\\n\"}"_s);
}

void TestCodeAction::pythonErrorKeepsTraceback()
{
    QString error;
    const CodeOutput out = run(
        parsed(CodeAction::python({{u"code"_s, u"x = 1\nraise ValueError('bad value')"_s}}, &error), error));
    QVERIFY(!out.isError()); // a failing program is an output, not a tool error
    QCOMPARE(out.returnCode, 1);
    QVERIFY2(out.stderrText.contains(u"line 2"_s), qPrintable(out.stderrText));
    QVERIFY(out.stderrText.contains(u"ValueError: bad value"_s));
}

void TestCodeAction::pythonQuotesSurvive()
{
    const QString code = u"s = '''it's \"quoted\" $HOME `date` \\\\ ünïcödé 表'''\nprint(s)"_s;
    QString error;
    const CodeOutput out = run(parsed(CodeAction::python({{u"code"_s, code}}, &error), error));
    QCOMPARE(out.stdoutText, u"it's \"quoted\" $HOME `date` \\ ünïcödé 表\n"_s);
}

void TestCodeAction::pythonSavesOpenFigures()
{
    // The kernel shows the figures left open at the end of a cell (Jupyter's inline backend); the bridge
    // saves each image/png display item for CodeImages and clears the previous cell's. A figure the code
    // saved itself is not shown again (its file is the image).
    QString error;
    const CodeOutput probe = run(parsed(
        CodeAction::python(
            {{u"code"_s, u"import importlib.util\nprint(bool(importlib.util.find_spec('matplotlib')))"_s}},
            &error),
        error));
    if (probe.stdoutText != u"True\n"_s)
        QSKIP("the container's python3 has no matplotlib (install python3-matplotlib)");
    const QString figures = m_c->homeDir() + u"/.sandbench/figures"_s;
    const CodeOutput out = run(
        parsed(CodeAction::python(
                   {{u"code"_s,
                     u"import matplotlib.pyplot as plt\nplt.plot([1, 2])\n"
                     "plt.figure()\nplt.bar([1], [3])\nplt.close(plt.figure())\n"
                     "plt.figure(); plt.plot([3, 1]); plt.savefig('saved.png')\nprint(plt.get_backend())"_s}},
                   &error),
               error));
    QVERIFY2(out.returnCode == 0, qPrintable(out.stderrText));
    QVERIFY2(out.kernel && out.kernel->mode == KernelCellResult::Mode::Kernel, qPrintable(out.stdoutText));
    QCOMPARE(QDir(figures).entryList(QDir::Files, QDir::Name),
             QStringList({u"display-1.png"_s, u"display-2.png"_s}));
    QVERIFY(QFile::exists(m_c->homeDir() + u"/saved.png"_s));
    QFile png(figures + u"/display-1.png"_s);
    QVERIFY(png.open(QIODevice::ReadOnly));
    QVERIFY(png.read(8).startsWith("\x89PNG"));
    png.close();
    const CodeOutput plain =
        run(parsed(CodeAction::python({{u"code"_s, u"print(__name__)"_s}}, &error), error));
    QCOMPARE(plain.stdoutText, u"__main__\n"_s);
    QVERIFY(QDir(figures).entryList(QDir::Files).isEmpty());
}

void TestCodeAction::savedChartIsOneImage()
{
    // A chart the code saves and then shows is one image (issue 31, point 20): the kernel formats a saved
    // figure as nothing, the script runner does not capture it again, and CodeImages returns equal bytes
    // once.
    QString error;
    const CodeOutput probe = run(parsed(
        CodeAction::python(
            {{u"code"_s, u"import importlib.util\nprint(bool(importlib.util.find_spec('matplotlib')))"_s}},
            &error),
        error));
    if (probe.stdoutText != u"True\n"_s)
        QSKIP("the container's python3 has no matplotlib (install python3-matplotlib)");
    const QString home = m_c->homeDir();
    QHash<QString, qint64> before = CodeImages::listing(home);
    CodeOutput out =
        run(parsed(CodeAction::python({{u"code"_s, u"import matplotlib.pyplot as plt\n"
                                                   "plt.plot([1, 2, 3])\nplt.savefig('chart.png')\n"
                                                   "plt.show()\nplt.figure(); plt.bar([1], [2])"_s}},
                                      &error),
                   error));
    QVERIFY2(out.returnCode == 0, qPrintable(out.stderrText));
    QList<CodeImage> images = CodeImages::changedSince(before, home);
    QStringList paths;
    for (const CodeImage &i : std::as_const(images))
        paths.append(i.path);
    // The saved chart, and the other figure left open; no second copy of the chart.
    QCOMPARE(paths, (QStringList{u"/workspace/home/chart.png"_s,
                                 u"/workspace/home/.sandbench/figures/display-1.png"_s}));

    // The script runner (an image without ipykernel): the saved figure is not captured at exit.
    before = CodeImages::listing(home);
    CodeAction script = parsed(CodeAction::python({{u"code"_s, u"import matplotlib.pyplot as plt\n"
                                                               "plt.plot([3, 1])\nplt.savefig('chart2.png')\n"
                                                               "plt.figure(); plt.bar([1], [2])"_s}},
                                                  &error),
                               error);
    ShellAction runner;
    runner.commands = {script.scriptRunner()};
    ShellCall *call = m_c->run(runner);
    QVERIFY(waitForCall(call));
    QCOMPARE(call->results().value(0).outcome.exitCode, 0);
    images = CodeImages::changedSince(before, home);
    paths.clear();
    for (const CodeImage &i : std::as_const(images))
        paths.append(i.path);
    QCOMPARE(paths, (QStringList{u"/workspace/home/chart2.png"_s,
                                 u"/workspace/home/.sandbench/figures/figure-1.png"_s}));

    // Equal bytes under two names: the file is returned, the figure is not.
    before = CodeImages::listing(home);
    QCOMPARE(runShell(u"cp chart2.png copy.png && cp chart2.png .sandbench/figures/figure-2.png"_s), 0);
    images = CodeImages::changedSince(before, home);
    QCOMPARE(images.size(), 1);
    QCOMPARE(images.first().path, u"/workspace/home/copy.png"_s);
}

void TestCodeAction::pythonTimeoutIsExecutionTimeExceeded()
{
    QString error;
    const CodeOutput out =
        run(parsed(CodeAction::python(
                       {{u"code"_s, u"print('started', flush=True)\nimport time\ntime.sleep(60)"_s}}, &error),
                   error),
            1500);
    QVERIFY(out.timedOut);
    QCOMPARE(out.errorCode, u"execution_time_exceeded"_s);
    QCOMPARE(out.stdoutText, u"started\n"_s);
}

void TestCodeAction::editorCreateViewReplace()
{
    QString error;
    CodeOutput out = run(parsed(CodeAction::textEditor({{u"command"_s, u"create"_s},
                                                        {u"path"_s, u"notes/calc.py"_s},
                                                        {u"file_text"_s, u"a = 1\nb = 2\nprint(a + b)\n"_s}},
                                                       &error),
                                error));
    QVERIFY2(!out.isError(), qPrintable(out.errorMessage));
    QCOMPARE(out.editor.value(u"is_file_update"_s).toBool(true), false);
    QFile file(m_c->homeDir() + u"/notes/calc.py"_s);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), QByteArray("a = 1\nb = 2\nprint(a + b)\n"));
    file.close();

    out = run(parsed(CodeAction::textEditor({{u"command"_s, u"str_replace"_s},
                                             {u"path"_s, u"/workspace/home/notes/calc.py"_s},
                                             {u"old_str"_s, u"b = 2\n"_s},
                                             {u"new_str"_s, u"b = 20\nc = 3\n"_s}},
                                            &error),
                     error));
    QVERIFY2(!out.isError(), qPrintable(out.errorMessage));
    QCOMPARE(out.editor.value(u"old_start"_s).toInt(), 2);
    QCOMPARE(out.editor.value(u"old_lines"_s).toInt(), 2); // "b = 2\n" spans line 2 and the start of 3
    QCOMPARE(out.editor.value(u"new_start"_s).toInt(), 2);
    QCOMPARE(out.editor.value(u"new_lines"_s).toInt(), 3);
    QCOMPARE(out.editor.value(u"lines"_s).toArray().at(0).toString(), u"b = 20"_s);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), QByteArray("a = 1\nb = 20\nc = 3\nprint(a + b)\n"));
    file.close();

    out = run(parsed(
        CodeAction::textEditor({{u"command"_s, u"view"_s}, {u"path"_s, u"notes/calc.py"_s}}, &error), error));
    QCOMPARE(out.editor.value(u"content"_s).toString(), u"a = 1\nb = 20\nc = 3\nprint(a + b)"_s);
    QCOMPARE(out.editor.value(u"file_type"_s).toString(), u"text"_s);
    QCOMPARE(out.editor.value(u"total_lines"_s).toInt(), 4);
    QCOMPARE(out.editor.value(u"num_lines"_s).toInt(), 4);
    QCOMPARE(out.editor.value(u"start_line"_s).toInt(), 1);

    out = run(parsed(
        CodeAction::textEditor(
            {{u"command"_s, u"create"_s}, {u"path"_s, u"notes/calc.py"_s}, {u"file_text"_s, u"print(1)\n"_s}},
            &error),
        error));
    QCOMPARE(out.editor.value(u"is_file_update"_s).toBool(false), true);
}

void TestCodeAction::editorViewRangeAndDirectory()
{
    QVERIFY(placeFile(m_c, u"lines.txt"_s, "one\ntwo\nthree\nfour\nfive\n"));
    QString error;
    CodeOutput out = run(parsed(
        CodeAction::textEditor(
            {{u"command"_s, u"view"_s}, {u"path"_s, u"lines.txt"_s}, {u"view_range"_s, QJsonArray{2, 4}}},
            &error),
        error));
    QCOMPARE(out.editor.value(u"content"_s).toString(), u"two\nthree\nfour"_s);
    QCOMPARE(out.editor.value(u"start_line"_s).toInt(), 2);
    QCOMPARE(out.editor.value(u"num_lines"_s).toInt(), 3);
    QCOMPARE(out.editor.value(u"total_lines"_s).toInt(), 5);

    out = run(parsed(
        CodeAction::textEditor(
            {{u"command"_s, u"view"_s}, {u"path"_s, u"lines.txt"_s}, {u"view_range"_s, QJsonArray{4, -1}}},
            &error),
        error));
    QCOMPARE(out.editor.value(u"content"_s).toString(), u"four\nfive"_s);

    out =
        run(parsed(CodeAction::textEditor({{u"command"_s, u"view"_s}, {u"path"_s, u"."_s}}, &error), error));
    QVERIFY2(out.editor.value(u"content"_s).toString().split(u'\n').contains(u"lines.txt"_s),
             qPrintable(out.editor.value(u"content"_s).toString()));
}

void TestCodeAction::editorErrors_data()
{
    QTest::addColumn<QJsonObject>("args");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("message");
    QTest::newRow("view missing") << QJsonObject{{u"command"_s, u"view"_s}, {u"path"_s, u"nope.txt"_s}}
                                  << u"file_not_found"_s << u"no such file: /workspace/home/nope.txt"_s;
    QTest::newRow("replace missing") << QJsonObject{{u"command"_s, u"str_replace"_s},
                                                    {u"path"_s, u"nope.txt"_s},
                                                    {u"old_str"_s, u"a"_s},
                                                    {u"new_str"_s, u"b"_s}}
                                     << u"file_not_found"_s << u"no such file"_s;
    QTest::newRow("old_str absent") << QJsonObject{{u"command"_s, u"str_replace"_s},
                                                   {u"path"_s, u"twice.txt"_s},
                                                   {u"old_str"_s, u"zzz"_s},
                                                   {u"new_str"_s, u"b"_s}}
                                    << u"invalid_tool_input"_s << u"old_str was not found"_s;
    QTest::newRow("old_str twice") << QJsonObject{{u"command"_s, u"str_replace"_s},
                                                  {u"path"_s, u"twice.txt"_s},
                                                  {u"old_str"_s, u"same"_s},
                                                  {u"new_str"_s, u"b"_s}}
                                   << u"invalid_tool_input"_s << u"occurs 2 times"_s;
    QTest::newRow("create on a read-only root")
        << QJsonObject{{u"command"_s, u"create"_s}, {u"path"_s, u"/usr/evil.txt"_s}, {u"file_text"_s, u"x"_s}}
        << u"invalid_tool_input"_s << u"/usr/evil.txt"_s;
    QTest::newRow("create over a directory") << QJsonObject{{u"command"_s, u"create"_s},
                                                            {u"path"_s, u"/workspace/home"_s},
                                                            {u"file_text"_s, u"x"_s}}
                                             << u"invalid_tool_input"_s << u"is a directory"_s;
    QTest::newRow("view a link to nothing")
        << QJsonObject{{u"command"_s, u"view"_s}, {u"path"_s, u"dangling"_s}} << u"invalid_tool_input"_s
        << u"/workspace/home/dangling is a symbolic link to a file that does not exist"_s;
    QTest::newRow("range past the end") << QJsonObject{{u"command"_s, u"view"_s},
                                                       {u"path"_s, u"twice.txt"_s},
                                                       {u"view_range"_s, QJsonArray{9, 10}}}
                                        << u"invalid_tool_input"_s << u"the file has 1 lines"_s;
}

void TestCodeAction::editorErrors()
{
    QFETCH(QJsonObject, args);
    QFETCH(QString, code);
    QFETCH(QString, message);
    QVERIFY(placeFile(m_c, u"twice.txt"_s, "same and same\n"));
    QVERIFY(QFile::link(u"nowhere"_s, m_c->homeDir() + u"/dangling"_s) ||
            QFileInfo(m_c->homeDir() + u"/dangling"_s).isSymbolicLink());
    QString error;
    const CodeOutput out = run(parsed(CodeAction::textEditor(args, &error), error));
    QCOMPARE(out.errorCode, code);
    QVERIFY2(out.errorMessage.contains(message), qPrintable(out.errorMessage));
    QFile twice(m_c->homeDir() + u"/twice.txt"_s);
    QVERIFY(twice.open(QIODevice::ReadOnly));
    QCOMPARE(twice.readAll(), QByteArray("same and same\n")); // a failed edit changes nothing
}

void TestCodeAction::editorFileTooLarge()
{
    QVERIFY(placeFile(m_c, u"big.txt"_s, QByteArray(CodeAction::MaxEditorFileBytes + 1, 'x')));
    QString error;
    const CodeOutput out = run(parsed(
        CodeAction::textEditor({{u"command"_s, u"view"_s}, {u"path"_s, u"big.txt"_s}}, &error), error));
    QCOMPARE(out.errorCode, u"invalid_tool_input"_s);
    QVERIFY2(out.errorMessage.contains(u"larger than 4194304 bytes"_s), qPrintable(out.errorMessage));
}

void TestCodeAction::badArguments_data()
{
    QTest::addColumn<QString>("tool");
    QTest::addColumn<QJsonObject>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("python without code") << u"python"_s << QJsonObject{} << u"\"code\" is required"_s;
    QTest::newRow("python code not a string")
        << u"python"_s << QJsonObject{{u"code"_s, 5}} << u"\"code\" is required: a non-empty string"_s;
    QTest::newRow("bash empty") << u"bash"_s << QJsonObject{{u"command"_s, u""_s}}
                                << u"\"command\" is required"_s;
    QTest::newRow("editor unknown command")
        << u"editor"_s << QJsonObject{{u"command"_s, u"delete"_s}, {u"path"_s, u"a"_s}}
        << u"must be \"view\", \"create\" or \"str_replace\""_s;
    QTest::newRow("editor without path")
        << u"editor"_s << QJsonObject{{u"command"_s, u"view"_s}} << u"\"path\" is required"_s;
    QTest::newRow("create without file_text")
        << u"editor"_s << QJsonObject{{u"command"_s, u"create"_s}, {u"path"_s, u"a"_s}} << u"\"file_text\""_s;
    QTest::newRow("bad view_range") << u"editor"_s
                                    << QJsonObject{{u"command"_s, u"view"_s},
                                                   {u"path"_s, u"a"_s},
                                                   {u"view_range"_s, QJsonArray{5, 2}}}
                                    << u"\"view_range\" must be [start, end]"_s;
}

void TestCodeAction::badArguments()
{
    QFETCH(QString, tool);
    QFETCH(QJsonObject, args);
    QFETCH(QString, message);
    QString error;
    const std::optional<CodeAction> a = tool == u"python" ? CodeAction::python(args, &error)
                                        : tool == u"bash" ? CodeAction::bash(args, &error)
                                                          : CodeAction::textEditor(args, &error);
    QVERIFY(!a);
    QVERIFY2(error.contains(message), qPrintable(error));
}

void TestCodeAction::sourceTooLongForOneCommand()
{
    QString error;
    // 80 KiB of plain text fits; the same size of newlines doubles in the editor's JSON and does not.
    const std::optional<CodeAction> fits = CodeAction::textEditor(
        {{u"command"_s, u"create"_s}, {u"path"_s, u"big.py"_s}, {u"file_text"_s, QString(80 * 1024, u'y')}},
        &error);
    QVERIFY2(fits, qPrintable(error));
    const CodeOutput out = run(*fits);
    QVERIFY2(!out.isError(), qPrintable(out.errorMessage));
    QCOMPARE(QFileInfo(m_c->homeDir() + u"/big.py"_s).size(), 80 * 1024);

    const std::optional<CodeAction> tooLong = CodeAction::textEditor(
        {{u"command"_s, u"create"_s}, {u"path"_s, u"big.py"_s}, {u"file_text"_s, QString(80 * 1024, u'\n')}},
        &error);
    QVERIFY(!tooLong);
    QVERIFY2(error.contains(u"too long for one call"_s), qPrintable(error));
    QVERIFY(!CodeAction::python({{u"code"_s, QString(200 * 1024, u'x')}}, &error));
    // A bash command travels base64-encoded inside the session wrapper: 100 KB does not fit.
    QVERIFY(!CodeAction::bash(QJsonObject{{u"command"_s, QString(u"echo "_s + QString(100 * 1000, u'y'))}},
                              &error));
    QVERIFY2(error.contains(u"too long for one call"_s), qPrintable(error));
    QVERIFY(CodeAction::bash(QJsonObject{{u"command"_s, QString(u"echo "_s + QString(60 * 1000, u'y'))}},
                             &error));
}

void TestCodeAction::homeModulesCannotReplaceTheHelpers()
{
    // A home with modules named like the standard library's (an analyst's json.py, a hostile glob.py).
    QVERIFY(placeFile(m_c, u"json.py"_s, "raise SystemExit(3)\n"));
    QVERIFY(placeFile(m_c, u"glob.py"_s,
                      "import sys\nsys.stdout.write('{\"ok\":{\"content\":\"fake\"}}')\n"
                      "raise SystemExit(0)\n"));
    QVERIFY(placeFile(m_c, u"notes.txt"_s, "real\n"));
    QString error;
    CodeOutput out = run(parsed(
        CodeAction::textEditor({{u"command"_s, u"view"_s}, {u"path"_s, u"notes.txt"_s}}, &error), error));
    QVERIFY2(!out.isError(), qPrintable(out.errorMessage));
    QCOMPARE(out.editor.value(u"content"_s).toString(), u"real"_s);
    out = run(
        parsed(CodeAction::python({{u"code"_s, u"import json\nprint(json.dumps([1]))"_s}}, &error), error));
    QCOMPARE(out.stdoutText, u"[1]\n"_s);
    QCOMPARE(out.returnCode, 0);
    QVERIFY(QFile::remove(m_c->homeDir() + u"/json.py"_s));
    QVERIFY(QFile::remove(m_c->homeDir() + u"/glob.py"_s));
}

void TestCodeAction::largeViewIsCutNotLost()
{
    QByteArray big;
    for (int i = 1; i <= 5000; ++i)
        big += "line " + QByteArray::number(i) + " " + QByteArray(40, 'x') + "\n";
    QVERIFY(placeFile(m_c, u"big.log"_s, big));
    QString error;
    const CodeOutput out = run(parsed(
        CodeAction::textEditor({{u"command"_s, u"view"_s}, {u"path"_s, u"big.log"_s}}, &error), error));
    QVERIFY2(!out.isError(), qPrintable(out.errorMessage));
    QCOMPARE(out.editor.value(u"total_lines"_s).toInt(), 5000);
    const int shown = out.editor.value(u"num_lines"_s).toInt();
    QVERIFY2(shown > 100 && shown < 5000, qPrintable(QString::number(shown)));
    const QString content = out.editor.value(u"content"_s).toString();
    QVERIFY(content.startsWith(u"line 1 "_s));
    QVERIFY2(content.contains(u"lines %1 to 5000 are not shown"_s.arg(shown + 1)),
             qPrintable(content.right(200)));
}

void TestCodeAction::createKeepsTheMode()
{
    QVERIFY(placeFile(m_c, u"run.sh"_s, "echo old\n"));
    QVERIFY(QFile::setPermissions(m_c->homeDir() + u"/run.sh"_s,
                                  QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadOther |
                                      QFile::ExeOther | QFile::ReadGroup | QFile::ExeGroup));
    QString error;
    const CodeOutput out = run(
        parsed(CodeAction::textEditor(
                   {{u"command"_s, u"create"_s}, {u"path"_s, u"run.sh"_s}, {u"file_text"_s, u"echo new\n"_s}},
                   &error),
               error));
    QVERIFY2(!out.isError(), qPrintable(out.errorMessage));
    QVERIFY(QFileInfo(m_c->homeDir() + u"/run.sh"_s).isExecutable());
}

void TestCodeAction::lonePathSurrogateIsABadInput()
{
    QString path = u"bad"_s;
    path.append(QChar(0xd800));
    QString error;
    const CodeOutput out =
        run(parsed(CodeAction::textEditor({{u"command"_s, u"view"_s}, {u"path"_s, path}}, &error), error));
    QVERIFY(out.errorCode == u"invalid_tool_input"_s || out.errorCode == u"file_not_found"_s);
    QVERIFY2(!out.errorMessage.contains(u"did not answer"_s), qPrintable(out.errorMessage));
}

int TestCodeAction::runShell(const QString &command)
{
    ShellCall *call = m_c->run(shellAction({command}));
    if (!waitForCall(call) || call->results().isEmpty())
        return -1;
    return call->results().constFirst().outcome.exitCode;
}

// Issue 28 (7): a FIFO, socket or device where the editor expects a file is refused at once, saying what
// it is, instead of blocking the call until its time limit (a FIFO without a writer) or reading a device.
// The call's own limit is 20 s: a refusal is immediate, the old behaviour ran into it.
void TestCodeAction::editorRefusesWhatIsNotARegularFile_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("what");
    for (const QString &command : {u"view"_s, u"str_replace"_s, u"create"_s}) {
        const auto row = [&](const char *name, const QString &path, const QString &what) {
            QTest::addRow("%s %s", qPrintable(command), name) << command << path << what;
        };
        row("FIFO", u"special/pipe"_s, u"is a FIFO (named pipe)"_s);
        row("socket", u"special/sock"_s, u"is a socket"_s);
        row("link to a FIFO", u"special/link-to-pipe"_s, u"is a FIFO (named pipe)"_s);
        row("link to a device", u"special/link-to-zero"_s, u"is a character device"_s);
        row("/dev/zero", u"/dev/zero"_s, u"is a character device"_s);
        row("/dev/null", u"/dev/null"_s, u"is a character device"_s);
    }
}

void TestCodeAction::editorRefusesWhatIsNotARegularFile()
{
    QFETCH(QString, command);
    QFETCH(QString, path);
    QFETCH(QString, what);
    QCOMPARE(runShell(u"rm -rf special && mkdir special && cd special && mkfifo pipe && "
                      "python3 -c 'import socket; socket.socket(socket.AF_UNIX).bind(\"sock\")' && "
                      "ln -s pipe link-to-pipe && ln -s /dev/zero link-to-zero"_s),
             0);
    QJsonObject args{{u"command"_s, command}, {u"path"_s, path}};
    if (command == u"str_replace")
        args.insert(u"old_str"_s, u"a"_s), args.insert(u"new_str"_s, u"b"_s);
    if (command == u"create")
        args.insert(u"file_text"_s, u"x"_s);
    QString error;
    const CodeOutput out = run(parsed(CodeAction::textEditor(args, &error), error), 20000);
    QCOMPARE(out.errorCode, u"invalid_tool_input"_s);
    QVERIFY2(out.errorMessage.contains(what) && out.errorMessage.contains(u"only regular files"_s),
             qPrintable(out.errorMessage));
    // Nothing was replaced or left behind.
    const QString home = m_c->homeDir();
    QCOMPARE(QDir(home + u"/special"_s).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System),
             QStringList({u"link-to-pipe"_s, u"link-to-zero"_s, u"pipe"_s, u"sock"_s}));
    QCOMPARE(runShell(u"test -p special/pipe && test -S special/sock && test -L special/link-to-pipe"_s), 0);
}

// A link to a regular file is that file, to view and to edit; create over a link to nothing makes the file.
void TestCodeAction::editorFollowsALinkToARegularFile()
{
    QVERIFY(placeFile(m_c, u"target.txt"_s, "alpha\nbeta\n"));
    QCOMPARE(runShell(u"ln -sfn target.txt link.txt"_s), 0);
    QString error;
    CodeOutput out = run(parsed(
        CodeAction::textEditor({{u"command"_s, u"view"_s}, {u"path"_s, u"link.txt"_s}}, &error), error));
    QVERIFY2(!out.isError(), qPrintable(out.errorMessage));
    QCOMPARE(out.editor.value(u"content"_s).toString(), u"alpha\nbeta"_s);
    out = run(parsed(CodeAction::textEditor({{u"command"_s, u"str_replace"_s},
                                             {u"path"_s, u"target.txt"_s},
                                             {u"old_str"_s, u"beta"_s},
                                             {u"new_str"_s, u"gamma"_s}},
                                            &error),
                     error));
    QVERIFY2(!out.isError(), qPrintable(out.errorMessage));
    QFile file(m_c->homeDir() + u"/target.txt"_s);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), QByteArray("alpha\ngamma\n"));

    QCOMPARE(runShell(u"ln -sfn missing.txt dangling-create.txt"_s), 0);
    out = run(parsed(CodeAction::textEditor({{u"command"_s, u"create"_s},
                                             {u"path"_s, u"dangling-create.txt"_s},
                                             {u"file_text"_s, u"made\n"_s}},
                                            &error),
                     error));
    QVERIFY2(!out.isError(), qPrintable(out.errorMessage));
    QCOMPARE(out.editor.value(u"is_file_update"_s).toBool(true), false);
    QFile made(m_c->homeDir() + u"/dangling-create.txt"_s);
    QVERIFY(made.open(QIODevice::ReadOnly));
    QCOMPARE(made.readAll(), QByteArray("made\n"));
}

// The editor writes beside the file and renames: a FIFO (or anything else) a command left at that name is
// removed, never opened, so it cannot hold the write up.
void TestCodeAction::editorWriteIgnoresAFifoAtItsTemporaryName()
{
    QVERIFY(placeFile(m_c, u"plain.txt"_s, "one\n"));
    QCOMPARE(
        runShell(u"rm -f plain.txt.sandbench-new new.txt.sandbench-new && mkfifo plain.txt.sandbench-new "
                 "new.txt.sandbench-new"_s),
        0);
    QString error;
    CodeOutput out = run(parsed(CodeAction::textEditor({{u"command"_s, u"str_replace"_s},
                                                        {u"path"_s, u"plain.txt"_s},
                                                        {u"old_str"_s, u"one"_s},
                                                        {u"new_str"_s, u"two"_s}},
                                                       &error),
                                error),
                         20000);
    QVERIFY2(!out.isError(), qPrintable(out.errorCode + u": "_s + out.errorMessage));
    out =
        run(parsed(CodeAction::textEditor(
                       {{u"command"_s, u"create"_s}, {u"path"_s, u"new.txt"_s}, {u"file_text"_s, u"new\n"_s}},
                       &error),
                   error),
            20000);
    QVERIFY2(!out.isError(), qPrintable(out.errorCode + u": "_s + out.errorMessage));
    QFile plain(m_c->homeDir() + u"/plain.txt"_s);
    QVERIFY(plain.open(QIODevice::ReadOnly));
    QCOMPARE(plain.readAll(), QByteArray("two\n"));
    QFile created(m_c->homeDir() + u"/new.txt"_s);
    QVERIFY(created.open(QIODevice::ReadOnly));
    QCOMPARE(created.readAll(), QByteArray("new\n"));
    QVERIFY(!QFileInfo::exists(m_c->homeDir() + u"/plain.txt.sandbench-new"_s));
    QVERIFY(!QFileInfo::exists(m_c->homeDir() + u"/new.txt.sandbench-new"_s));
}

QTEST_GUILESS_MAIN(TestCodeAction)
void TestCodeAction::cellStreamsReadably_data()
{
    QTest::addColumn<QStringList>("stdoutChunks");
    QTest::addColumn<QString>("stderrChunk");
    QTest::addColumn<QString>("firstLive"); // what the first piece given out is
    const QString nonce = u"abc123"_s;
    const QString head = QString::fromUtf8(KernelCell::headLine(nonce));
    const QString stream = u"{\"t\":\"stream\",\"name\":\"stdout\",\"text\":\"tick1\\n\"}\n"_s;
    const QString err = u"{\"t\":\"stream\",\"name\":\"stderr\",\"text\":\"warn\\n\"}\n"_s;
    const QString result = u"{\"t\":\"result\",\"text\":\"42\\n\"}\n"_s;
    const QString note = u"{\"t\":\"note\",\"text\":\"sandbench: a note\"}\n"_s;
    const QString end = u"{\"t\":\"end\",\"status\":\"ok\",\"dropped\":5,\"exit_code\":0}\n"_s;
    // The kernel's lines, cut anywhere (the head line too), with a line too long to keep and one that is
    // not JSON in between: the text comes as each line completes, the dropped-characters line at the end.
    const QString all = head + stream + QString(KernelCell::MaxLineBytes + 10, u'x') + u"\nnot json\n"_s +
                        err + result + note + end;
    QStringList cut;
    for (qsizetype at = 0; at < all.size(); at += 7)
        cut.append(all.mid(at, 7));
    QTest::newRow("kernel, cut in pieces") << cut << u"[engine note]\n"_s << u"tick1\n"_s;
    QTest::newRow("kernel, whole lines")
        << QStringList{head, stream, err, result, note, end} << QString() << u"tick1\n"_s;
    // No kernel: the script's own output passes as it is; after a fallback line, its note comes first.
    QTest::newRow("script") << QStringList{u"plain "_s, u"output\nmore\n"_s} << u"oops\n"_s << u"plain "_s;
    QTest::newRow("script, a brace first")
        << QStringList{u"{not a head\n"_s, u"more\n"_s} << QString() << u"{not a head\n"_s;
    QTest::newRow("fallback") << QStringList{u"{\"t\":\"fallback\",\"nonce\":\"abc123\"}\nout\n"_s}
                              << QString() << QString();
    QTest::newRow("a head line of another nonce is output")
        << QStringList{QString::fromUtf8(KernelCell::headLine(u"other"_s)), stream} << QString()
        << QString::fromUtf8(KernelCell::headLine(u"other"_s));
}

// What live viewers see of a cell (the event stream, SSE, MCP progress): readable text as it comes, and
// with the rest given at the end, exactly the cell's readable result.
void TestCodeAction::cellStreamsReadably()
{
    QFETCH(QStringList, stdoutChunks);
    QFETCH(QString, stderrChunk);
    QFETCH(QString, firstLive);
    CellStream cell(u"abc123"_s);
    QString live[2];
    QList<CellStream::Piece> first;
    for (const QString &chunk : std::as_const(stdoutChunks))
        for (const CellStream::Piece &piece : cell.feed(false, chunk)) {
            first.append(piece);
            live[piece.isStderr ? 1 : 0] += piece.text;
        }
    if (!stderrChunk.isEmpty())
        for (const CellStream::Piece &piece : cell.feed(true, stderrChunk))
            live[piece.isStderr ? 1 : 0] += piece.text;
    if (!firstLive.isEmpty()) {
        QVERIFY(!first.isEmpty());
        QCOMPARE(first.constFirst().text, firstLive);
    }
    CommandResult raw;
    raw.stdoutText = stdoutChunks.join(QString());
    raw.stderrText = stderrChunk;
    const CommandResult readable = CodeOutput::readableResult(raw, u"abc123"_s);
    for (const CellStream::Piece &piece : cell.rest(readable))
        live[piece.isStderr ? 1 : 0] += piece.text;
    QCOMPARE(live[0], readable.stdoutText);
    QCOMPARE(live[1], readable.stderrText);
    QVERIFY(cell.rest(readable).isEmpty());
}

#include "test_codeaction.moc"
