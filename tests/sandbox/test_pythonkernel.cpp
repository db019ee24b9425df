// SPDX-License-Identifier: GPL-3.0-or-later
#include "ocitestutil.h"
#include "sandbox/images/imagestore.h"
#include "sandbox/pythonkernel.h"
#include "sandboxtestutil.h"
#include "tools/codeaction.h"
#include "tools/kernelcell.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>

using namespace Qt::StringLiterals;

// The notebook kernel of a container (SPEC §10): a real ipykernel inside a real container, driven the way
// the agent loop, the window and MCP drive it (PythonKernel::execute, CodeOutput::fromResult).
class TestPythonKernel final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void stateAcrossCells();
    void lastExpressionAndOrder();
    void interruptKeepsState();
    void stuckKernelIsRestarted();
    void memoryLimitKillRestarts();
    void wholeCellOutputIsBounded();
    void displayItemsAreBounded();
    void sleepResetsStateAndSaysWhy();
    void restartPython();
    void hostileAnswersAreBounded_data();
    void hostileAnswersAreBounded();
    void programmaticToolCall();
    void unansweredToolCallTimesOut();
    void imagesWithoutKernel();
    void hostileBytesThroughThePipe();
    void bridgeListensNowhere();
    void kernelBreakingItsPairIsBounded();
    void outputFromThreadsChildrenAndCommands();
    void cellRightAfterAnErrorRuns();
    void importsFromTheWorkingFolder();
    void cancelInterruptsAndKeepsState();
    void outputAfterAnInterruptedPrintLoop();
    void cancelledAndLetGoKeepsState();
    void cancelledStuckCellRestartsAndTheNextCellSaysSo_data();
    void cancelledStuckCellRestartsAndTheNextCellSaysSo();
    void lostBridgeStartsAgain();
    void kernelIsInTheContainersCgroups();
    void matchesJupyter();

private:
    // Starts code as a cell and waits until its output shows marker.
    ShellCall *startUntil(const QString &code, const QString &marker, CodeAction *action = nullptr);
    CodeOutput cell(const QString &code, int timeoutMs = 60000, int maxOutput = 16384);
    CodeOutput run(const CodeAction &action, int timeoutMs = 60000, int maxOutput = 16384);
    static CodeAction withTools(const QString &code, int toolTimeoutMs = KernelCell::ToolCallTimeoutMs);

    QTemporaryDir m_dir;
    ContainerManager *m_manager = nullptr;
    Container *m_c = nullptr;
};

void TestPythonKernel::initTestCase()
{
    SANDBOX_REQUIRE_INIT();
    QVERIFY(m_dir.isValid());
    SandboxSettings settings = sandboxTestSettings(m_dir.path());
    settings.limits.memoryBytes = 512LL * 1024 * 1024;
    m_manager = new ContainerManager(settings, this);
    QString error;
    m_c = m_manager->create(&error);
    QVERIFY2(m_c, qPrintable(error));
    const CodeOutput probe = cell(u"1"_s);
    if (!probe.kernel || probe.kernel->mode != KernelCellResult::Mode::Kernel)
        QSKIP(qPrintable(u"the host's python3 has no ipykernel (apt-get install python3-ipykernel): "_s +
                         probe.stdoutText + probe.stderrText));
}

void TestPythonKernel::cleanupTestCase()
{
    delete m_manager;
}

CodeOutput TestPythonKernel::cell(const QString &code, int timeoutMs, int maxOutput)
{
    QString error;
    const std::optional<CodeAction> action = CodeAction::python({{u"code"_s, code}}, &error);
    if (!action)
        qFatal("rejected: %s", qPrintable(error));
    return run(*action, timeoutMs, maxOutput);
}

CodeOutput TestPythonKernel::run(const CodeAction &action, int timeoutMs, int maxOutput)
{
    PythonKernel *kernel = PythonKernel::of(m_c);
    ShellCall *call = kernel->execute(action, timeoutMs, maxOutput);
    if (!waitForCall(call, timeoutMs + 90000) || call->results().isEmpty()) {
        qWarning("the cell did not run: %s", qPrintable(call->errorString()));
        return {};
    }
    CodeOutput out = CodeOutput::fromResult(action, call->results().constFirst());
    out.addNote(kernel->takeResetNote());
    call->deleteLater();
    return out;
}

// Host processes holding a file open in the directory name under a container's home (as the container
// sees it, or as the host does).
static QList<int> holding(const QString &name)
{
    return hostProcesses([&](const QString &proc) {
        const QString fdDir = proc + u"/fd"_s;
        const QStringList fds = QDir(fdDir).entryList(QDir::Files | QDir::System);
        return std::any_of(fds.cbegin(), fds.cend(), [&](const QString &fd) {
            return QFile::symLinkTarget(fdDir + u'/' + fd).contains(u'/' + name + u'/');
        });
    });
}

CodeAction TestPythonKernel::withTools(const QString &code, int toolTimeoutMs)
{
    QString error;
    std::optional<CodeAction> action = CodeAction::python({{u"code"_s, code}}, &error);
    if (!action)
        qFatal("rejected: %s", qPrintable(error));
    action->callableTools = {u"get_weather"_s, u"lookup"_s};
    action->toolTimeoutMs = toolTimeoutMs;
    return *action;
}

void TestPythonKernel::stateAcrossCells()
{
    QCOMPARE(cell(u"x = 41\nimport math"_s).stdoutText, QString());
    const CodeOutput out = cell(u"x + 1"_s);
    QVERIFY2(!out.isError(), qPrintable(out.stderrText));
    QCOMPARE(out.stdoutText, u"42\n"_s);
    QCOMPARE(cell(u"round(math.pi * 2, 4)"_s).stdoutText, u"6.2832\n"_s);
    QCOMPARE(PythonKernel::of(m_c)->state(), PythonKernel::State::Idle);
    // The cells went over the kernel's channel, not as commands.
    QVERIFY(PythonKernel::of(m_c)->hasChannel());
}

void TestPythonKernel::lastExpressionAndOrder()
{
    const CodeOutput out =
        cell(u"import sys\nprint('out', flush=True)\nsys.stderr.write('err\\n'); sys.stderr.flush()\n"
             "print('again', flush=True)\n7 * 6"_s);
    QCOMPARE(out.returnCode, 0);
    QCOMPARE(out.stdoutText, u"out\nagain\n42\n"_s);
    QCOMPARE(out.stderrText, u"err\n"_s);
    QCOMPARE(out.logs, u"out\nerr\nagain\n42\n"_s);
    QCOMPARE(out.kernel->outputs.last().kind, KernelOutput::Kind::Result);

    const CodeOutput failed = cell(u"print('before')\n1 / 0"_s);
    QVERIFY(!failed.isError()); // a traceback is the cell's output, not a tool error
    QCOMPARE(failed.returnCode, 1);
    QVERIFY(failed.logs.startsWith(u"before\n"_s));
    QVERIFY2(failed.stderrText.contains(u"ZeroDivisionError: division by zero"_s),
             qPrintable(failed.stderrText));
    QVERIFY(!failed.stderrText.contains(u'\x1b')); // no terminal colours

    // sys.exit(N) ends the cell as a script's exit does (its code, no traceback), and the kernel lives on.
    const CodeOutput exited = cell(u"import sys\nsurvives = 1\nprint('bye')\nsys.exit(3)"_s);
    QCOMPARE(exited.returnCode, 3);
    QCOMPARE(exited.stdoutText, u"bye\n"_s);
    QCOMPARE(exited.stderrText, QString());
    // The logs (OpenAI's) say it exited and how, as Jupyter shows it, where it happened.
    QCOMPARE(exited.logs, u"bye\nSystemExit: 3\n"_s);
    QCOMPARE(cell(u"survives"_s).stdoutText, u"1\n"_s);
    // A message: the script's stderr and status 1; Jupyter's line in the logs.
    const CodeOutput said = cell(u"import sys\nprint('a')\nsys.exit('stopped here')"_s);
    QCOMPARE(said.returnCode, 1);
    QCOMPARE(said.stdoutText, u"a\n"_s);
    QCOMPARE(said.stderrText, u"stopped here\n"_s);
    QCOMPARE(said.logs, u"a\nSystemExit: stopped here\n"_s);
    const CodeOutput plain = cell(u"import sys\nsys.exit()"_s);
    QCOMPARE(plain.returnCode, 0);
    QCOMPARE(plain.kernel->status, u"exit"_s);
    QCOMPARE(plain.logs, u"SystemExit\n"_s);
    // The exit line is not output text: a cell cut at max_output_length still says it exited.
    const CodeOutput cut = cell(u"import sys\nprint('x' * 5000)\nsys.exit(4)"_s, 60000, 100);
    QCOMPARE(cut.returnCode, 4);
    QVERIFY2(cut.logs.contains(u"SystemExit: 4\n"_s), qPrintable(cut.logs));
}

void TestPythonKernel::interruptKeepsState()
{
    cell(u"kept = 'yes'"_s);
    const CodeOutput out =
        cell(u"import time\nprint('started', flush=True)\nwhile True: time.sleep(0.05)"_s, 1500);
    QVERIFY(out.timedOut);
    QCOMPARE(out.errorCode, u"execution_time_exceeded"_s);
    QVERIFY2(out.errorMessage.contains(u"kept"_s), qPrintable(out.errorMessage));
    QCOMPARE(out.kernel->status, u"interrupted"_s);
    QVERIFY(out.stdoutText.startsWith(u"started\n"_s));
    QCOMPARE(cell(u"kept"_s).stdoutText, u"'yes'\n"_s);
}

void TestPythonKernel::stuckKernelIsRestarted()
{
    // SIGINT is ignored: the kernel does not stop within the grace period, so the bridge restarts it.
    cell(u"lost = 1"_s);
    const CodeOutput out =
        cell(u"import signal, time\nsignal.signal(signal.SIGINT, signal.SIG_IGN)\ntime.sleep(60)"_s, 1000);
    QCOMPARE(out.errorCode, u"execution_time_exceeded"_s);
    QCOMPARE(out.kernel->status, u"restarted"_s);
    QVERIFY2(out.errorMessage.contains(u"state is lost"_s), qPrintable(out.errorMessage));
    const CodeOutput after = cell(u"'lost' in globals()"_s);
    QCOMPARE(after.stdoutText, u"False\n"_s);
}

void TestPythonKernel::memoryLimitKillRestarts()
{
    if (m_c->enforcement().value(u"cgroup"_s).isEmpty() || m_c->enforcement().value(u"cgroup"_s) == u"none")
        QSKIP("no cgroup memory limit on this machine");
    cell(u"before = 1"_s);
    const CodeOutput out = cell(u"hog = []\nwhile True: hog.append(bytearray(64 * 1024 * 1024))"_s, 60000);
    QCOMPARE(out.kernel->status, u"died"_s);
    QCOMPARE(out.returnCode, 137);
    QVERIFY2(out.stderrText.contains(u"memory limit"_s), qPrintable(out.stderrText));
    QCOMPARE(cell(u"'before' in globals()"_s).stdoutText, u"False\n"_s);
    QCOMPARE(cell(u"2 + 2"_s).stdoutText, u"4\n"_s);
}

void TestPythonKernel::wholeCellOutputIsBounded()
{
    // max_output_length is the whole cell's text, over all its prints and results.
    const CodeOutput out = cell(u"for i in range(100):\n    print('x' * 99)\n'y' * 5000"_s, 60000, 3000);
    QCOMPARE(out.returnCode, 0);
    QVERIFY2(out.stdoutText.size() < 3200, qPrintable(QString::number(out.stdoutText.size())));
    QVERIFY(out.kernel->droppedChars > 10000 - 3000);
    QVERIFY(out.stdoutText.endsWith(truncationMarker(out.kernel->droppedChars)));
    // The first max_output_length characters, then the shell's marker with the number dropped (SPEC §1.3).
    const CodeOutput big = cell(u"print('x' * 200_000)"_s);
    QCOMPARE(big.kernel->droppedChars, 200001 - 16384);
    QCOMPARE(big.stdoutText, QString(16384, u'x') + truncationMarker(200001 - 16384));
    QCOMPARE(big.logs, big.stdoutText);
    // A huge output stays within what the engine keeps of a command (65,536 characters) and ends whole.
    const CodeOutput huge = cell(u"print('z' * 10_000_000)"_s, 60000, 65536);
    QCOMPARE(huge.kernel->status, u"ok"_s);
    QVERIFY(huge.stdoutText.size() < 65536);
    QCOMPARE(huge.kernel->malformedLines, 0);
}

void TestPythonKernel::displayItemsAreBounded()
{
    const CodeOutput out = cell(
        u"from IPython.display import display, Image, HTML\nimport base64, zlib, struct\n"
        "def png():\n"
        "    raw = b'\\x00\\xff\\x00\\x00'\n"
        "    def chunk(t, d):\n"
        "        c = struct.pack('>I', len(d)) + t + d\n"
        "        return c + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)\n"
        "    return (b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 1, 1, 8, 2, 0, 0, "
        "0)) +\n"
        "            chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))\n"
        "for i in range(50):\n    display(Image(data=png()))\n"
        "for i in range(50):\n    display(HTML('<table><tr><td>%d</td></tr></table>' % i + ' ' * 2000))\n"_s);
    QCOMPARE(out.returnCode, 0);
    int images = 0;
    qsizetype html = 0;
    for (const KernelOutput &o : out.kernel->outputs) {
        images += o.imagePath.isEmpty() ? 0 : 1;
        html += o.html.size();
    }
    QCOMPARE(images, 8);
    QVERIFY(html > 0 && html <= 12000);
    QCOMPARE(QDir(m_c->homeDir() + u"/.sandbench/figures"_s).entryList(QDir::Files).size(), 8);
}

void TestPythonKernel::sleepResetsStateAndSaysWhy()
{
    cell(u"remembered = 1"_s);
    m_c->stop();
    QVERIFY(QTest::qWaitFor([this] { return m_c->state() == Container::State::Stopped; }, 10000));
    QCOMPARE(PythonKernel::of(m_c)->state(), PythonKernel::State::None);
    const CodeOutput out = cell(u"'remembered' in globals()"_s);
    QCOMPARE(out.stdoutText, u"False\n"_s);
    QVERIFY2(out.stderrText.startsWith(u"sandbench: the Python state was reset"_s),
             qPrintable(out.stderrText));
    QVERIFY(out.logs.startsWith(u"sandbench: the Python state was reset"_s));
    // Said once.
    QVERIFY(!cell(u"1"_s).stderrText.contains(u"reset"_s));
}

void TestPythonKernel::restartPython()
{
    cell(u"before_restart = 1"_s);
    PythonKernel *kernel = PythonKernel::of(m_c);
    kernel->restart();
    QCOMPARE(kernel->state(), PythonKernel::State::Busy);
    QCOMPARE(cell(u"'before_restart' in globals()"_s).stdoutText, u"False\n"_s);
    QCOMPARE(kernel->state(), PythonKernel::State::Idle);
}

void TestPythonKernel::hostileAnswersAreBounded_data()
{
    QTest::addColumn<QString>("answer");
    QTest::addColumn<QString>("status");
    const QString n = u"NONCE"_s;
    const QString head = u"{\"t\":\"kernel\",\"nonce\":\"NONCE\"}\n"_s;
    QTest::newRow("garbage") << head + QString::fromLatin1(QByteArray(5000, '\x01')) + u"\n\xff\xfe{{{\n"_s
                             << u"lost"_s;
    QTest::newRow("no end") << head + u"{\"t\":\"stream\",\"text\":\"a\"}\n"_s << u"lost"_s;
    QTest::newRow("unknown status") << head + u"{\"t\":\"end\",\"status\":\"<b>\"}\n"_s << u"failed"_s;
    QTest::newRow("image outside figures")
        << head +
               u"{\"t\":\"display\",\"text\":\"\",\"image\":\"/etc/passwd\"}\n{\"t\":\"end\",\"status\":\"ok\"}\n"_s
        << u"ok"_s;
    QTest::newRow("fallback") << u"{\"t\":\"fallback\",\"nonce\":\"NONCE\"}\nplain\n"_s << QString();
    QTest::newRow("wrong nonce")
        << u"{\"t\":\"kernel\",\"nonce\":\"other\"}\n{\"t\":\"end\",\"status\":\"ok\"}\n"_s << QString();
    QString many = head;
    for (int i = 0; i < 5000; ++i)
        many += u"{\"t\":\"display\",\"text\":\"x\",\"html\":\"<p>aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa</p>\"}\n"_s;
    QTest::newRow("many items") << many + u"{\"t\":\"end\",\"status\":\"ok\"}\n"_s << u"ok"_s;
    // A paused cell's answer must name a well-formed call; anything else is not a pause.
    QTest::newRow("pending without call")
        << head + u"{\"t\":\"end\",\"status\":\"pending\"}\n"_s << u"failed"_s;
    QTest::newRow("call with bad id")
        << head + u"{\"t\":\"tool_call\",\"id\":\"../../x\",\"name\":\"f\",\"input\":{}}\n"
                  "{\"t\":\"end\",\"status\":\"pending\"}\n"_s
        << u"failed"_s;
    QTest::newRow("call with bad name")
        << head + u"{\"t\":\"tool_call\",\"id\":\"0123456789abcdef0123456789abcdef\",\"name\":\"a b\","
                  "\"input\":{}}\n{\"t\":\"end\",\"status\":\"pending\"}\n"_s
        << u"failed"_s;
    QTest::newRow("call")
        << head + u"{\"t\":\"tool_call\",\"id\":\"0123456789abcdef0123456789abcdef\",\"name\":\"f\","
                  "\"input\":{\"a\":1}}\n{\"t\":\"end\",\"status\":\"pending\"}\n"_s
        << u"pending"_s;
    Q_UNUSED(n)
}

void TestPythonKernel::hostileAnswersAreBounded()
{
    QFETCH(QString, answer);
    QFETCH(QString, status);
    const KernelCellResult r = KernelCellResult::parse(answer, u"NONCE"_s);
    QCOMPARE(r.status, status);
    QVERIFY(r.outputs.size() <= KernelCellResult::MaxItems);
    qsizetype html = 0;
    for (const KernelOutput &o : r.outputs) {
        QVERIFY(o.imagePath.isEmpty() ||
                o.imagePath.startsWith(u"/workspace/home/.sandbench/figures/display-"_s));
        html += o.html.size();
    }
    QVERIFY(html <= KernelCellResult::MaxHtmlChars);
    if (QByteArray(QTest::currentDataTag()) == "fallback") {
        QCOMPARE(r.mode, KernelCellResult::Mode::Fallback);
        QCOMPARE(r.stdoutText(), u"plain\n"_s);
        QVERIFY(r.stderrText().contains(u"python3-ipykernel"_s));
    } else if (status.isEmpty()) {
        QCOMPARE(r.mode, KernelCellResult::Mode::Script);
    }
}

// Programmatic tool calling (SPEC §10): a tool the cell may call is an async function; the call pauses the
// cell, whose answer is the call; a resume with the client's result continues the code with that value.
void TestPythonKernel::programmaticToolCall()
{
    const CodeOutput paused =
        run(withTools(u"before = 1\nprint('asking', flush=True)\n"
                      "r = await get_weather(city='Paris')\nprint('got', r)\nr.upper()"_s));
    QVERIFY(paused.kernel);
    QCOMPARE(paused.kernel->status, u"pending"_s);
    QVERIFY(paused.kernel->toolCall);
    QCOMPARE(paused.kernel->toolCall->name, u"get_weather"_s);
    QCOMPARE(paused.kernel->toolCall->input, QJsonObject({{u"city"_s, u"Paris"_s}}));
    QCOMPARE(paused.stdoutText, u"asking\n"_s);
    QCOMPARE(PythonKernel::of(m_c)->state(), PythonKernel::State::Idle);

    const CodeOutput done = run(CodeAction::resume(paused.kernel->toolCall->id, u"sunny"_s, false));
    QCOMPARE(done.kernel->status, u"ok"_s);
    QCOMPARE(done.stdoutText, u"got sunny\n'SUNNY'\n"_s);
    QCOMPARE(cell(u"before, r"_s).stdoutText, u"(1, 'sunny')\n"_s);

    // One dict as the input works too; an error result raises in the code; a second call pauses again.
    const CodeOutput first = run(withTools(u"try:\n    await lookup({'q': 'a'})\nexcept RuntimeError as e:\n"
                                           "    print('error:', e)\nawait lookup(q='b')"_s));
    QVERIFY(first.kernel && first.kernel->toolCall);
    QCOMPARE(first.kernel->toolCall->input, QJsonObject({{u"q"_s, u"a"_s}}));
    const CodeOutput second = run(CodeAction::resume(first.kernel->toolCall->id, u"no such row"_s, true));
    QCOMPARE(second.kernel->status, u"pending"_s);
    QCOMPARE(second.stdoutText, u"error: lookup failed: no such row\n"_s);
    QVERIFY(second.kernel->toolCall);
    QCOMPARE(second.kernel->toolCall->input, QJsonObject({{u"q"_s, u"b"_s}}));
    QCOMPARE(run(CodeAction::resume(second.kernel->toolCall->id, u"row b"_s, false)).stdoutText,
             u"'row b'\n"_s);

    // A result for a call no cell waits for is refused plainly.
    const CodeOutput stray = run(CodeAction::resume(u"0123456789abcdef0123456789abcdef"_s, u"x"_s, false));
    QCOMPARE(stray.kernel->status, u"failed"_s);
    QVERIFY2(stray.stderrText.contains(u"no code waits for this tool result"_s),
             qPrintable(stray.stderrText));

    // A tool this cell was not given (defined for an earlier cell) is an error in the code, and tool_call
    // display items the code publishes itself with a forged id are not calls.
    const CodeOutput other =
        cell(u"from IPython.display import publish_display_data\n"
             "publish_display_data({'application/x-sandbench-tool-call': {'id': 'zz', 'name': 'x', 'input': "
             "{}}})\n"
             "try:\n    await get_weather(city='Oslo')\nexcept RuntimeError as e:\n    print(e)"_s);
    QCOMPARE(other.kernel->status, u"ok"_s);
    QVERIFY(!other.kernel->toolCall);
    QCOMPARE(other.stdoutText,
             u"get_weather failed: get_weather is not a tool this request lets the code call\n"_s);
}

// A call never answered raises TimeoutError in the code: after its time (a resume then sees the error), or
// at once when the next cell comes instead of a result.
void TestPythonKernel::unansweredToolCallTimesOut()
{
    const CodeOutput paused = run(withTools(
        u"try:\n    await get_weather(city='Rome')\nexcept TimeoutError as e:\n    print('timed out:', e)"_s,
        1000));
    QCOMPARE(paused.kernel->status, u"pending"_s);
    QTest::qWait(2000);
    const CodeOutput late = run(CodeAction::resume(paused.kernel->toolCall->id, u"too late"_s, false));
    QCOMPARE(late.kernel->status, u"ok"_s);
    QCOMPARE(late.stdoutText,
             u"timed out: get_weather: the client did not answer this tool call in time\n"_s);

    const CodeOutput again = run(withTools(u"await get_weather(city='Rome')"_s));
    QCOMPARE(again.kernel->status, u"pending"_s);
    const CodeOutput next = cell(u"6 * 7"_s);
    QCOMPARE(next.kernel->status, u"ok"_s);
    QCOMPARE(next.stdoutText, u"42\n"_s);
    QVERIFY2(next.stderrText.contains(u"call to get_weather got no tool result; it raised TimeoutError"_s),
             qPrintable(next.stderrText));
}

// Images without ipykernel, on a real busybox image: with no python3 at all a cell fails plainly; with a
// python3 that has no ipykernel the cell runs as a script and says so once per awake container.
void TestPythonKernel::imagesWithoutKernel()
{
    using namespace OciTest;
    QVERIFY2(!busybox().isEmpty(), "/bin/busybox is missing: apt-get install busybox-static");
    QList<Entry> base{dir("usr"), dir("usr/bin"), file("usr/bin/busybox", busybox(), 0755),
                      slink("bin", "usr/bin")};
    for (const char *applet : {"sh", "mkdir", "cat", "base64", "rm", "echo", "sleep", "ls", "setsid"})
        base.append(slink(QByteArray("usr/bin/") + applet, "busybox"));
    // A python3 that runs scripts but has no ipykernel (its import probe fails).
    QList<Entry> withPython = base;
    withPython.append(file("usr/bin/python3",
                           "#!/bin/sh\ncase \"$*\" in *ipykernel*) exit 1;; esac\necho script-ran\n", 0755));
    // A python3 whose every program (the bridge too) just prints and exits: it looks like it has ipykernel.
    QList<Entry> brokenPython = base;
    brokenPython.append(file("usr/bin/python3", "#!/bin/sh\necho script-ran\n", 0755));
    ImageStore store(m_dir.path());
    QString error;
    const QString archives = m_dir.path() + u"/archives"_s;
    QVERIFY(writeFile(archives + u"/brokenpy.tar"_s, archiveOf(ociLayout({tarOf(brokenPython)}))));
    QVERIFY2(store.importPath(archives + u"/brokenpy.tar"_s, u"brokenpy"_s, &error), qPrintable(error));
    QVERIFY(writeFile(archives + u"/nopy.tar"_s, archiveOf(ociLayout({tarOf(base)}))));
    QVERIFY(writeFile(archives + u"/fakepy.tar"_s, archiveOf(ociLayout({tarOf(withPython)}))));
    QVERIFY2(store.importPath(archives + u"/nopy.tar"_s, u"nopy"_s, &error), qPrintable(error));
    QVERIFY2(store.importPath(archives + u"/fakepy.tar"_s, u"fakepy"_s, &error), qPrintable(error));

    Container *const kernelContainer = m_c;
    const auto restore = qScopeGuard([&] { m_c = kernelContainer; });
    m_c = m_manager->create(&error);
    QVERIFY2(m_c, qPrintable(error));
    QVERIFY2(store.applyTo(m_c, u"nopy"_s, &error), qPrintable(error));
    const CodeOutput none = cell(u"print(1)"_s);
    QCOMPARE(none.errorCode, u"unavailable"_s);
    QVERIFY2(none.errorMessage.contains(u"python3 is not installed"_s), qPrintable(none.errorMessage));
    QVERIFY2(none.stderrText.contains(u"has no python3"_s), qPrintable(none.stderrText));

    m_c = m_manager->create(&error);
    QVERIFY2(m_c, qPrintable(error));
    QVERIFY2(store.applyTo(m_c, u"fakepy"_s, &error), qPrintable(error));
    const CodeOutput first = cell(u"print(1)"_s);
    QVERIFY(first.kernel);
    QCOMPARE(first.kernel->mode, KernelCellResult::Mode::Fallback);
    QCOMPARE(first.stdoutText, u"script-ran\n"_s);
    QVERIFY2(first.stderrText.contains(u"no python3-ipykernel"_s), qPrintable(first.stderrText));
    const CodeOutput second = cell(u"print(1)"_s);
    QCOMPARE(second.kernel->mode, KernelCellResult::Mode::Script);
    QCOMPARE(second.stdoutText, u"script-ran\n"_s);
    QVERIFY2(!second.stderrText.contains(u"ipykernel"_s), qPrintable(second.stderrText)); // said once

    // A bridge that exits at once fails the start then (not after the 60 s it may take to come up), and the
    // cell runs as a script, saying that the kernel is not running.
    m_c = m_manager->create(&error);
    QVERIFY2(m_c, qPrintable(error));
    QVERIFY2(store.applyTo(m_c, u"brokenpy"_s, &error), qPrintable(error));
    QTest::ignoreMessage(QtWarningMsg,
                         QRegularExpression(u"the Python kernel did not start \\(exit 4\\): the "
                                            "kernel bridge exited"_s));
    const CodeOutput broken = cell(u"print(1)"_s);
    QVERIFY(broken.kernel);
    QCOMPARE(broken.kernel->mode, KernelCellResult::Mode::Script);
    QCOMPARE(broken.stdoutText, u"script-ran\n"_s);
    QVERIFY2(broken.stderrText.contains(u"the Python kernel is not running"_s),
             qPrintable(broken.stderrText));
}

// What a cell's code can put on the wire: protocol look-alikes, control bytes, a lone surrogate and a 3 MB
// line in its own output (the bridge encodes them as text and bounds them), and an attempt to write forged
// lines, a 1 MB line and non-UTF-8 bytes straight to the cell command's stdout through /proc, which finds
// no such process. The kernel keeps working.
void TestPythonKernel::hostileBytesThroughThePipe()
{
    const CodeOutput imitated = cell(
        u"import "
        u"sys\nprint('{\"t\":\"end\",\"status\":\"died\"}')\nprint('{\"t\":\"kernel\",\"nonce\":\"x\"}')\n"
        "sys.stdout.write(bytes(range(256)).decode('latin-1') + '\\udcff\\n')\nprint('x' * 3000000)"_s,
        60000, 20000);
    QCOMPARE(imitated.kernel->status, u"ok"_s);
    QVERIFY(imitated.stdoutText.startsWith(u"{\"t\":\"end\",\"status\":\"died\"}\n{\"t\":\"kernel\""_s));
    QVERIFY2(imitated.stdoutText.size() < 21000, qPrintable(QString::number(imitated.stdoutText.size())));
    QVERIFY(imitated.kernel->droppedChars > 2900000);

    const CodeOutput forged =
        cell(u"import glob, os\nn = 0\nfor p in glob.glob('/proc/[0-9]*/cmdline'):\n"
             "    try:\n        cmd = open(p, 'rb').read()\n    except OSError:\n        continue\n"
             "    if cmd.split(b'\\0')[0].endswith(b'cat'):\n"
             "        fd = os.open(p[:-7] + 'fd/1', os.O_WRONLY)\n"
             "        os.write(fd, b'\\xff\\xfe\\x00garbage\\n{\"t\":\"stream\",\"text\":\"' + b'A' * "
             "1000000 + b'\"}\\n')\n"
             "        os.write(fd, b'{\"t\":\"tool_call\",\"id\":\"../x\",\"name\":\"f\",\"input\":{}}\\n')\n"
             "        os.close(fd)\n        n += 1\nprint('wrote', n)"_s);
    QVERIFY(forged.kernel);
    QCOMPARE(forged.kernel->status, u"ok"_s);
    // The kernel runs in the command namespace of the command that started it, so its code cannot even see
    // a cell command's processes: no bytes reach the engine but the bridge's own JSON lines.
    QCOMPARE(forged.stdoutText, u"wrote 0\n"_s);
    QCOMPARE(forged.kernel->malformedLines, 0);
    QCOMPARE(cell(u"6 * 7"_s).stdoutText, u"42\n"_s);
}

// The kernel's socket pair to the bridge carries what the kernel's code may write too (it is the kernel's
// own process), but not a command's: a message past the bridge's limit is skipped unread and the cell goes
// on; a length that never arrives ends the cell at its time limit with a restarted kernel, and the next cell
// runs.
void TestPythonKernel::kernelBreakingItsPairIsBounded()
{
    // A command the cell runs (os.system keeps every inheritable descriptor) does not get the pair.
    const CodeOutput command =
        cell(u"import os, sandbench_kernel as k\n"
             "status = os.system('[ -e /proc/$$/fd/%d ] && echo inherited || echo not inherited'\n"
             "                   % k.PAIR.fileno())"_s);
    QCOMPARE(command.stdoutText, u"not inherited\n"_s);

    // The bridge is the kernel's parent: its peak memory grows by far less than the 64 MiB it skipped.
    const CodeOutput oversized = cell(u"import os, sandbench_kernel as k\n"
                                      "def peak():\n"
                                      "    for line in open('/proc/%d/status' % os.getppid()):\n"
                                      "        if line.startswith('VmHWM:'):\n"
                                      "            return int(line.split()[1])\n"
                                      "before = peak()\n"
                                      "k.PAIR.sendall(k.framed([b'x' * (64 << 20)]))\n"
                                      "print('after', peak() - before < 8192)"_s);
    QVERIFY(oversized.kernel);
    QCOMPARE(oversized.kernel->status, u"ok"_s);
    QCOMPARE(oversized.stdoutText, u"after True\n"_s);

    const CodeOutput torn = cell(
        u"import sandbench_kernel as k\nk.PAIR.sendall(b'\\xff\\xff\\xff\\x7fjunk')\nprint('lost')"_s, 1500);
    QVERIFY(torn.kernel);
    QCOMPARE(torn.kernel->status, u"restarted"_s);
    QVERIFY(!torn.stdoutText.contains(u"lost"_s));
    QCOMPARE(cell(u"6 * 7"_s).stdoutText, u"42\n"_s);
}

// Output that reaches the bridge by the kernel's other ways: a thread's (the IOPub thread sends it), a forked
// child's (piped to the kernel first), and a command's (the kernel's captured file descriptors).
void TestPythonKernel::outputFromThreadsChildrenAndCommands()
{
    const CodeOutput thread =
        cell(u"import threading\nt = threading.Thread(target=lambda: print('from thread'))\n"
             "t.start(); t.join()\nprint('main')"_s);
    QCOMPARE(thread.stdoutText, u"from thread\nmain\n"_s);
    const CodeOutput children = cell(u"import multiprocessing as mp, sys\n"
                                     "def f(x):\n"
                                     "    sys.stdout.write('child %d\\n' % x)\n"
                                     "    sys.stdout.flush()\n"
                                     "    return x * 2\n"
                                     "with mp.get_context('fork').Pool(2) as p:\n"
                                     "    r = p.map(f, [1, 2])\n"
                                     "r"_s);
    QCOMPARE(children.kernel->status, u"ok"_s);
    QVERIFY2(children.stdoutText.contains(u"child 1\n"_s) && children.stdoutText.contains(u"child 2\n"_s),
             qPrintable(children.stdoutText));
    QVERIFY2(children.stdoutText.endsWith(u"[2, 4]\n"_s), qPrintable(children.stdoutText));
    const CodeOutput commands = cell(u"import os, subprocess\nos.system('echo from os.system')\n"
                                     "subprocess.run(['sh', '-c', 'echo from sh >&2'])\nprint('after')"_s);
    QCOMPARE(commands.stdoutText, u"from os.system\nafter\n"_s);
    QCOMPARE(commands.stderrText, u"from sh\n"_s);
}

// The bridge takes cells only from the engine's channel: a program in the container that tries every TCP
// port listening on its loopback (the kernel's own ZeroMQ ports among them) with a bridge request gets no
// bridge answer anywhere.
void TestPythonKernel::bridgeListensNowhere()
{
    QCOMPARE(cell(u"6 * 7"_s).stdoutText, u"42\n"_s);
    const QString probe =
        u"import socket\nports = set()\nfor line in open('/proc/net/tcp').read().splitlines()[1:]:\n"
        "    f = line.split()\n    if f[3] == '0A':\n        ports.add(int(f[1].split(':')[1], 16))\n"
        "answers = 0\nfor p in sorted(ports):\n    data = b''\n    try:\n"
        "        s = socket.create_connection(('127.0.0.1', p), timeout=2)\n"
        "        s.sendall(b'{\"code\": \"print(6 * 7)\", \"timeout_ms\": 5000}\\n')\n"
        "        while len(data) < 65536:\n            b = s.recv(4096)\n            if not b:\n"
        "                break\n            data += b\n    except OSError:\n        pass\n"
        "    answers += b'\"t\": \"' in data\nprint(len(ports), answers)\n"_s;
    RUN_CALL(call, m_c,
             shellAction({u"python3 -c \"$(printf %s '"_s + QString::fromLatin1(probe.toUtf8().toBase64()) +
                          u"' | base64 -d)\""_s},
                         120000));
    const QStringList counts = call->results().constFirst().stdoutText.trimmed().split(u' ');
    QCOMPARE(counts.size(), 2);
    QVERIFY2(counts.at(0).toInt() >= 5, qPrintable(counts.at(0))); // the kernel's shell, iopub, stdin, ...
    QCOMPARE(counts.at(1), u"0"_s);
    QCOMPARE(cell(u"6 * 7"_s).stdoutText, u"42\n"_s);
}

// A cell that comes right after a failed one runs: ipykernel's stop_on_error would abort (run nothing, say
// nothing) a request that reaches it before it cleared its aborting flag. The bridge sends the next cell
// that fast after ending a paused cell whose tool call got no result (it fails with TimeoutError). Several
// rounds, as that is a race.
void TestPythonKernel::cellRightAfterAnErrorRuns()
{
    for (int i = 0; i < 12; ++i) {
        QCOMPARE(run(withTools(u"await get_weather(city='Rome')"_s)).kernel->status, u"pending"_s);
        const CodeOutput next = cell(u"6 * %1"_s.arg(i));
        QCOMPARE(next.kernel->status, u"ok"_s);
        QCOMPARE(next.stdoutText, QString::number(6 * i) + u'\n');
        QCOMPARE(cell(u"1 / 0"_s).kernel->status, u"error"_s);
        QCOMPARE(cell(u"7 * %1"_s.arg(i)).stdoutText, QString::number(7 * i) + u'\n');
    }
}

// As in Jupyter, a cell imports modules from its working folder (home): the kernel's launcher keeps it first
// on sys.path, and nothing of the bridge's own folder is there.
void TestPythonKernel::importsFromTheWorkingFolder()
{
    const CodeOutput out = cell(u"import importlib, os, sys\nwith open('sbmod_here.py', 'w') as f:\n"
                                "    f.write('X = 7\\n')\nimportlib.invalidate_caches()\nimport sbmod_here\n"
                                "print(sbmod_here.X, sys.path[0] == os.getcwd(), "
                                "any('sandbench-kernel' in p for p in sys.path))"_s);
    QCOMPARE(out.kernel->status, u"ok"_s);
    QCOMPARE(out.stdoutText, u"7 True False\n"_s);
}

// A cancelled cell (the window's stop, a client gone) is interrupted by the bridge; its answer still comes
// whole, and the state stays.
void TestPythonKernel::cancelInterruptsAndKeepsState()
{
    cell(u"kept_on_cancel = 5"_s);
    QString error;
    const std::optional<CodeAction> action = CodeAction::python(
        {{u"code"_s, u"import time\nprint('started', flush=True)\nwhile True: time.sleep(0.05)"_s}}, &error);
    QVERIFY(action);
    ShellCall *call = PythonKernel::of(m_c)->execute(*action, 60000, 16384);
    bool started = false;
    connect(call, &ShellCall::outputChunk, this, [&started](int, ShellCall::Stream, const QString &text) {
        started |= text.contains(u"started"_s);
    });
    QVERIFY(QTest::qWaitFor([&started] { return started; }, 60000));
    call->cancel();
    QVERIFY(waitForCall(call, 60000));
    QVERIFY(!call->isCompleted());
    const CodeOutput out = CodeOutput::fromResult(*action, call->results().constFirst());
    QVERIFY(out.kernel);
    QCOMPARE(out.kernel->status, u"interrupted"_s);
    QVERIFY(out.stdoutText.startsWith(u"started\n"_s));
    call->deleteLater();
    QCOMPARE(cell(u"kept_on_cancel"_s).stdoutText, u"5\n"_s);
}

// A cell that prints (with flush), stopped by its time limit or a cancel while or just after it prints: the
// next cell runs and its printed text comes with it, every time. Repeated, since the interrupt lands at a
// different point each time. (An interrupted cell fails with KeyboardInterrupt: were the bridge to send
// stop_on_error, ipykernel would abort, unrun and silent, a next cell that arrives before it cleared its
// aborting flag; a jupyter_client with its default loses 4 to 10 of 25 such next cells in a container.)
void TestPythonKernel::outputAfterAnInterruptedPrintLoop()
{
    // Printing all the time, or once and then waiting: the cancel comes as soon as the engine has the print.
    const QString loop = u"i = 0\nwhile True:\n    i += 1\n    print('line', i, flush=True)\n"_s;
    const QString once = u"import time\ni = 1\nprint('line', flush=True)\nwhile True: time.sleep(0.05)\n"_s;
    for (int round = 0; round < 48; ++round) {
        const int way = round % 4;
        if (way == 0) {
            const CodeOutput stopped = cell(loop, 400);
            QVERIFY(stopped.kernel);
            QVERIFY(stopped.timedOut);
            QCOMPARE(stopped.kernel->status, u"interrupted"_s);
        } else {
            CodeAction action;
            ShellCall *call = startUntil(way == 1 ? loop : once, u"line"_s, &action);
            QVERIFY(call);
            call->cancel();
            if (way == 3) {
                // As the agent loop does when its client goes away: cancelled again as it is let go at once.
                call->cancel();
                delete call;
            } else {
                QVERIFY(waitForCall(call, 60000));
                const CodeOutput stopped = CodeOutput::fromResult(action, call->results().constFirst());
                call->deleteLater();
                QVERIFY(stopped.kernel);
                QCOMPARE(stopped.kernel->status, u"interrupted"_s);
            }
        }
        const CodeOutput next = cell(u"print('after', i > 0)"_s);
        QVERIFY(next.kernel);
        QCOMPARE(next.kernel->mode, KernelCellResult::Mode::Kernel);
        QVERIFY2(next.stdoutText == u"after True\n"_s,
                 qPrintable(u"round %1 (way %2): %3 | %4"_s.arg(round).arg(way).arg(next.stdoutText,
                                                                                    next.stderrText)));
    }
}

ShellCall *TestPythonKernel::startUntil(const QString &code, const QString &marker, CodeAction *actionOut)
{
    QString error;
    const std::optional<CodeAction> action = CodeAction::python({{u"code"_s, code}}, &error);
    if (!action)
        qFatal("rejected: %s", qPrintable(error));
    if (actionOut)
        *actionOut = *action;
    ShellCall *call = PythonKernel::of(m_c)->execute(*action, 60000, 16384);
    auto seen = std::make_shared<bool>(false);
    connect(call, &ShellCall::outputChunk, this,
            [seen, marker](int, ShellCall::Stream, const QString &text) { *seen |= text.contains(marker); });
    if (!QTest::qWaitFor([seen] { return *seen; }, 60000))
        return nullptr;
    return call;
}

// What the agent loop does when its client goes away mid-cell (an MCP cancel, an API client that
// disconnects): it cancels the call as it fails, cancels it again as it is deleted, and lets the call go
// before its answer came. The cell is still only interrupted: the state stays, and nothing says otherwise.
void TestPythonKernel::cancelledAndLetGoKeepsState()
{
    cell(u"kept_on_let_go = 8"_s);
    ShellCall *call = startUntil(u"import time\nprint('started', flush=True)\nwhile True: time.sleep(0.05)"_s,
                                 u"started"_s);
    QVERIFY(call);
    call->cancel();
    call->cancel();
    delete call;
    const CodeOutput next = cell(u"print(kept_on_let_go)"_s);
    QCOMPARE(next.stdoutText, u"8\n"_s);
    QCOMPARE(next.kernel->mode, KernelCellResult::Mode::Kernel);
    QVERIFY2(!next.stderrText.contains(u"reset"_s) && !next.stderrText.contains(u"stopped"_s),
             qPrintable(next.stderrText));
}

void TestPythonKernel::cancelledStuckCellRestartsAndTheNextCellSaysSo_data()
{
    QTest::addColumn<bool>("letGo");
    // The next cell is sent while the cancelled one is still being stopped (its call let go at once), or
    // after the cancelled call ended.
    QTest::newRow("call let go at once") << true;
    QTest::newRow("call waited for") << false;
}

// A cancelled cell that ignores SIGINT: after the grace period the bridge restarts the kernel. The
// cancelled call's answer reaches no one, so the next cell says that the state is gone, and why.
void TestPythonKernel::cancelledStuckCellRestartsAndTheNextCellSaysSo()
{
    QFETCH(bool, letGo);
    cell(u"lost_on_cancel = 1"_s);
    ShellCall *call = startUntil(u"import signal, time\nsignal.signal(signal.SIGINT, signal.SIG_IGN)\n"
                                 "print('stuck', flush=True)\ntime.sleep(60)"_s,
                                 u"stuck"_s);
    QVERIFY(call);
    call->cancel();
    call->cancel();
    if (letGo) {
        delete call;
    } else {
        QVERIFY(waitForCall(call, 60000));
        QVERIFY(!call->isCompleted());
        call->deleteLater();
    }
    const CodeOutput next = cell(u"print('lost_on_cancel' in globals())"_s);
    QCOMPARE(next.stdoutText, u"False\n"_s);
    QCOMPARE(next.kernel->mode, KernelCellResult::Mode::Kernel);
    QVERIFY2(next.stderrText.contains(u"the Python state was reset: a cancelled cell did not stop"_s),
             qPrintable(next.stderrText));
    // Said once.
    const CodeOutput after = cell(u"print('again')"_s);
    QCOMPARE(after.stderrText, QString());
    QVERIFY(PythonKernel::of(m_c)->hasChannel());
}

// Something in the container kills the bridge in the middle of a cell: the cell ends (its answer says it
// ended early), the old kernel goes with the bridge's namespace, and the next cell gets a new kernel and
// says that the state was lost.
void TestPythonKernel::lostBridgeStartsAgain()
{
    cell(u"gone = 1"_s);
    // Its files show as the container sees them: a name of this container's own.
    const QString held = u"lost-bridge-"_s + m_c->id();
    const CodeOutput out =
        cell(u"import os, signal, time\nos.makedirs('%1', exist_ok=True)\n"
             "held = open('%1/old-kernel', 'w')\nprint('killing', flush=True)\n"
             "time.sleep(0.5)\nos.kill(os.getppid(), signal.SIGKILL)\ntime.sleep(120)"_s.arg(held));
    QVERIFY(out.kernel);
    QCOMPARE(out.kernel->status, u"lost"_s);
    QVERIFY2(out.stderrText.contains(u"ended early"_s), qPrintable(out.stderrText));
    QVERIFY(QTest::qWaitFor([&held] { return holding(held).isEmpty(); }, 30000));
    const CodeOutput next = cell(u"'gone' in globals()"_s);
    QCOMPARE(next.stdoutText, u"False\n"_s);
    // Said once, by whoever runs a cell next (here: run() takes the note after the lost cell).
    QVERIFY2(QString(out.stderrText + next.stderrText).contains(u"the Python kernel had stopped"_s),
             qPrintable(out.stderrText + next.stderrText));
    QVERIFY(PythonKernel::of(m_c)->hasChannel());
    QCOMPARE(cell(u"6 * 7"_s).stdoutText, u"42\n"_s);
}

// The kernel's CPU and memory are the container's: it runs in the same cgroups (every controller: memory,
// pids, cpu) as the container's commands, so the container's limits and accounting cover it.
void TestPythonKernel::kernelIsInTheContainersCgroups()
{
    const QString cgroup = m_c->enforcement().value(u"cgroup"_s);
    if (cgroup.isEmpty() || cgroup == u"none")
        QSKIP("no cgroup on this machine");
    const QString probe = u"cgroup-probe-"_s + m_c->id();
    QCOMPARE(cell(u"import os\nos.makedirs('%1/kernel', exist_ok=True)\n"
                  "_held = open('%1/kernel/held', 'w')\nprint('held')"_s.arg(probe))
                 .stdoutText,
             u"held\n"_s);
    ShellCall *command = m_c->run(shellAction(
        {u"mkdir -p %1/command && exec 9>%1/command/held && exec sleep 120"_s.arg(probe)}, 180000));
    QList<int> kernel, plain;
    QVERIFY(QTest::qWaitFor(
        [&] {
            kernel = holding(probe + u"/kernel"_s);
            plain = holding(probe + u"/command"_s);
            return kernel.size() == 1 && plain.size() == 1;
        },
        30000));
    const auto cgroupsOf = [](int pid) {
        QFile f(u"/proc/%1/cgroup"_s.arg(pid));
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    };
    const QString ofKernel = cgroupsOf(kernel.first());
    QVERIFY2(ofKernel.contains(u"/sandbench/"_s + m_c->id() + u'-'), qPrintable(ofKernel));
    QCOMPARE(ofKernel, cgroupsOf(plain.first()));
    command->cancel();
    QVERIFY(waitForCall(command));
    command->deleteLater();
    cell(u"_held.close()"_s);
}

// The same cells through Sandbench's kernel and through a real Jupyter kernel on the host (jupyter_client's
// KernelManager): the text a notebook shows must be the same. Prints the table.
void TestPythonKernel::matchesJupyter()
{
    const QStringList cells{
        u"x = 41"_s,
        u"x + 1"_s,
        u"import math\nmath.pi * 2"_s,
        u"print(\"out\")\n7 * 6"_s,
        // pandas is not on the host: a table-like object with the same text and HTML reprs as a DataFrame.
        u"class Frame:\n    def __repr__(self):\n        return '   a  b\\n0  1  2'\n"
        "    def _repr_html_(self):\n        return "
        "'<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table>'\n"
        "Frame()"_s,
        u"1 / 0"_s,
    };
    const char *host = R"PY(
import json, re, sys
from jupyter_client.manager import start_new_kernel
km, kc = start_new_kernel(extra_arguments=["--InteractiveShell.colors=NoColor"])
res = []
for code in json.load(sys.stdin):
    msg_id = kc.execute(code)
    out = []
    while True:
        m = kc.get_iopub_msg(timeout=60)
        if m["parent_header"].get("msg_id") != msg_id:
            continue
        t, c = m["msg_type"], m["content"]
        if t == "stream":
            out.append(c["text"])
        elif t in ("execute_result", "display_data"):
            out.append(c["data"].get("text/plain", "") + "\n")
        elif t == "error":
            out.append("%s: %s\n" % (c["ename"], c["evalue"]))
        elif t == "status" and c["execution_state"] == "idle":
            break
    res.append("".join(out))
kc.stop_channels()
km.shutdown_kernel(now=True)
print(json.dumps(res))
)PY";
    QProcess jupyter;
    // Debian's python3 (python3-jupyter-client), not whatever python3 comes first on PATH.
    jupyter.start(u"/usr/bin/python3"_s, {u"-c"_s, QString::fromUtf8(host)});
    jupyter.write(QJsonDocument(QJsonArray::fromStringList(cells)).toJson());
    jupyter.closeWriteChannel();
    QVERIFY(jupyter.waitForFinished(120000));
    const QJsonArray expected = QJsonDocument::fromJson(jupyter.readAllStandardOutput()).array();
    if (expected.size() != cells.size())
        QSKIP(qPrintable(u"no Jupyter kernel on the host: "_s +
                         QString::fromUtf8(jupyter.readAllStandardError())));

    cell(u"%reset -f"_s);
    QString table = u"| cell | Sandbench | Jupyter (ipykernel on the host) |\n|---|---|---|\n"_s;
    const auto shown = [](QString s) { return s.replace(u'\n', u"⏎"_s).replace(u'|', u"\\|"_s); };
    for (qsizetype i = 0; i < cells.size(); ++i) {
        const CodeOutput out = cell(cells.at(i));
        QVERIFY(out.kernel);
        QString text;
        for (const KernelOutput &o : out.kernel->outputs) {
            if (o.kind == KernelOutput::Kind::Error) {
                const QStringList lines = o.text.trimmed().split(u'\n');
                text += lines.last().trimmed() + u'\n';
            } else if (o.kind != KernelOutput::Kind::Note) {
                text += o.text;
            }
        }
        table += u"| `%1` | `%2` | `%3` |\n"_s.arg(shown(cells.at(i)).left(60), shown(text),
                                                   shown(expected.at(i).toString()));
        QCOMPARE(text, expected.at(i).toString());
    }
    qInfo().noquote() << table;
}

QTEST_GUILESS_MAIN(TestPythonKernel)
#include "test_pythonkernel.moc"
