// SPDX-License-Identifier: GPL-3.0-or-later
#include "codeaction.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace {

// A container command is one argv string of `bash -c`, which Linux caps at 128 KiB (MAX_ARG_STRLEN); the
// code travels base64-encoded inside it, so this is the most a script may be, with room for bash's own use.
constexpr int kMaxScriptBytes = 127 * 1024;

// The text editor's operations, run by the container's python3 so that they act on the container's own
// files as the container user, inside its mount namespace, and show up in its history like any command.
// It prints exactly one JSON object: {"ok": {fields}} or {"error": code, "message": text}.
constexpr char kEditorHelper[] = R"PY(import base64, json, os, stat, sys
a = json.loads(base64.b64decode(sys.argv[1]).decode("utf-8"))
limit = int(sys.argv[2])
def out(o):
    sys.stdout.write(json.dumps(o, ensure_ascii=False))
    sys.exit(0)
def err(code, message):
    out({"error": code, "message": message})
# The answer must reach the host whole: its text is kept to about ANSWER characters of JSON (the host keeps
# 65536), cut at a line, and says what it left out.
ANSWER = 60000
def fit(lines):
    total = 0
    for i, line in enumerate(lines):
        total += len(json.dumps(line, ensure_ascii=False))
        if total > ANSWER:
            return i
    return len(lines)
def shown(lines, first):
    n = fit(lines)
    if n == len(lines):
        return "\n".join(lines), n
    if n == 0:
        return lines[0][:ANSWER // 8] + "\n[... line %d is cut here: it is too long to show whole]" % first, 1
    return ("\n".join(lines[:n]) + "\n[... lines %d to %d are not shown: the answer holds about %d characters; "
            "view them with view_range]" % (first + n, first + len(lines) - 1, ANSWER)), n
# The editor opens only regular files (and lists directories): a FIFO, socket or device is refused at once,
# judged on descriptors, never on a name checked before it is opened. O_PATH follows links (a link to a file is
# that file) but opens nothing, so it cannot block or touch a device; the file is then opened O_NONBLOCK, which
# returns at once whatever now stands there, and read only if that descriptor is a regular file.
def what(mode):
    for test, name in ((stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISSOCK, "a socket"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device")):
        if test(mode):
            return name
    return "not a regular file"
def refuse_special(mode):
    err("invalid_tool_input", "%s is %s; the text editor opens only regular files and lists directories"
        % (path, what(mode)))
def mode_of(path):  # None when nothing is there (or a link to nothing, which create replaces)
    try:
        fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
    except FileNotFoundError:
        return None
    try:
        return os.fstat(fd).st_mode
    finally:
        os.close(fd)
def read_regular(path, n):
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    with os.fdopen(fd, "rb") as f:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):  # replaced since mode_of() looked
            refuse_special(mode)
        return f.read(n)
# Written beside the file and renamed over it; a leftover of that name is removed first, and the new one
# is made with O_EXCL, so nothing standing there (a FIFO would block an ordinary open) is opened.
def write_new(path, text, mode=None):
    tmp = path + ".sandbench-new"
    try:
        os.unlink(tmp)
    except FileNotFoundError:
        pass
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o666)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    if mode is not None:
        os.chmod(tmp, mode)
    os.replace(tmp, path)
op = a["command"]
path = a["path"]
if not os.path.isabs(path):
    path = os.path.join("/workspace/home", path)
path = os.path.normpath(path)
try:
    if op == "create":
        mode = mode_of(path)
        if mode is not None and stat.S_ISDIR(mode):
            err("invalid_tool_input", path + " is a directory")
        if mode is not None and not stat.S_ISREG(mode):
            refuse_special(mode)
        parent = os.path.dirname(path)
        if parent:
            os.makedirs(parent, exist_ok=True)
        # An update keeps the file's mode (+x).
        write_new(path, a.get("file_text", ""), None if mode is None else mode & 0o7777)
        out({"ok": {"is_file_update": mode is not None}})
    mode = mode_of(path)
    if mode is None and os.path.lexists(path):
        err("invalid_tool_input", path + " is a symbolic link to a file that does not exist")
    if mode is None:
        err("file_not_found", "no such file: " + path)
    if stat.S_ISDIR(mode):
        if op != "view":
            err("invalid_tool_input", path + " is a directory")
        names = sorted(os.listdir(path))
        content, n = shown(names, 1)
        out({"ok": {"file_type": "text", "content": content, "num_lines": n,
                    "start_line": 1, "total_lines": len(names)}})
    if not stat.S_ISREG(mode):
        refuse_special(mode)
    data = read_regular(path, limit + 1)
    if len(data) > limit:
        err("invalid_tool_input", "%s is larger than %d bytes, the most the editor opens; use bash to read "
            "a part of it" % (path, limit))
    if op == "view":
        text = data.decode("utf-8", "replace")
        lines = text.split("\n")
        if text.endswith("\n"):
            lines.pop()
        total = len(lines)
        start = max(1, a.get("view_start", 0) or 1)
        end = a.get("view_end", -1)
        if end == -1 or end > total:
            end = total
        if total and start > total:
            err("invalid_tool_input", "view_range starts at line %d but the file has %d lines" % (start, total))
        content, n = shown(lines[start - 1:end], start)
        out({"ok": {"file_type": "text", "content": content, "num_lines": n,
                    "start_line": start, "total_lines": total}})
    if op == "str_replace":
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            err("invalid_tool_input", path + " is not UTF-8 text")
        old = a.get("old_str", "")
        new = a.get("new_str", "")
        if not old:
            err("invalid_tool_input", "old_str must not be empty")
        count = text.count(old)
        if count == 0:
            err("invalid_tool_input", "old_str was not found in " + path)
        if count > 1:
            err("invalid_tool_input", "old_str occurs %d times in %s; it must occur exactly once" % (count, path))
        at = text.index(old)
        result = text[:at] + new + text[at + len(old):]
        write_new(path, result, mode & 0o7777)
        start = text.count("\n", 0, at) + 1
        new_lines = new.count("\n") + 1
        out({"ok": {"old_start": start, "old_lines": old.count("\n") + 1, "new_start": start,
                    "new_lines": new_lines, "lines": result.split("\n")[start - 1:start - 1 + new_lines]}})
    err("invalid_tool_input", "unknown command " + op)
except OSError as e:
    err("invalid_tool_input", "%s: %s" % (path, e.strerror or e))
except UnicodeError:
    err("invalid_tool_input", "the path or text is not valid Unicode (a lone surrogate?)")
)PY";

// Runs main.py in the __main__ module (so its tracebacks and pickles are as with `python3 main.py`) and, at
// exit, saves the matplotlib figures still open — but not those the code saved itself — as
// /workspace/home/.sandbench/figures/figure-N.png (at most 8; CodeImages, gateway/, returns them), after
// removing the previous call's. Nothing is imported unless the
// code imported pyplot itself.
constexpr char kFigureWrapper[] = R"PY(import atexit, glob, os, sys
d = "/workspace/home/.sandbench/figures"
for f in glob.glob(d + "/figure-*.png"):
    os.remove(f)
def figures(sys=sys, os=os, d=d):
    plt = sys.modules.get("matplotlib.pyplot")
    if plt is None or not plt.get_fignums():
        return
    # A figure the code saved itself is that file; capturing it again would show the chart twice.
    left = [n for n in plt.get_fignums() if not getattr(plt.figure(n), "_sandbench_saved", False)]
    if not left:
        return
    os.makedirs(d, exist_ok=True)
    for i, n in enumerate(left[:8]):
        plt.figure(n).savefig("%s/figure-%d.png" % (d, i + 1), dpi=100)
def hook(t, v, tb, sys=sys):
    while tb is not None and tb.tb_frame.f_code.co_filename == "<string>":
        tb = tb.tb_next
    sys.__excepthook__(t, v.with_traceback(tb), tb)
sys.excepthook = hook
class Saved:
    # Marks the figures the code saves (Figure.savefig), once matplotlib.figure is imported by the code.
    def find_spec(self, name, path=None, target=None, sys=sys):  # run() empties the globals
        if name != "matplotlib.figure":
            return None
        import importlib.util
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        run = spec.loader.exec_module
        def exec_module(m):
            run(m)
            save = m.Figure.savefig
            def savefig(self, *a, **k):
                self._sandbench_saved = True
                return save(self, *a, **k)
            m.Figure.savefig = savefig
        spec.loader.exec_module = exec_module
        return spec
sys.meta_path.insert(0, Saved())
def run(p, g, atexit=atexit, figures=figures):
    c = compile(open(p, encoding="utf-8").read(), p, "exec")
    for k in [k for k in g if not k.startswith("__")]:
        del g[k]
    g["__file__"] = p
    try:
        exec(c, g)
    finally:
        atexit.register(figures)  # after pyplot's own, which closes every figure: atexit runs LIFO
sys.argv = ["/tmp/.sandbench-code/main.py"]
sys.path.insert(0, "/tmp/.sandbench-code")  # as `python3 main.py` has it; -P kept the home off the path
run(sys.argv[0], sys.modules["__main__"].__dict__)
)PY";

QString base64Of(const QByteArray &bytes)
{
    return QString::fromLatin1(bytes.toBase64());
}

bool requireString(const QJsonObject &args, const QString &key, QString *value, QString *error,
                   bool allowEmpty = false)
{
    const QJsonValue v = args.value(key);
    if (!v.isString() || (!allowEmpty && v.toString().isEmpty())) {
        *error = u"\"%1\" is required: a %2string"_s.arg(key, allowEmpty ? QString() : u"non-empty "_s);
        return false;
    }
    *value = v.toString();
    return true;
}

// The encoded script must fit in one command; about 90 KiB of plain text does.
bool fitsOneCommand(const CodeAction &action, const QString &key, QString *error)
{
    qsizetype size = action.script().toUtf8().size();
    // A bash command runs inside the persistent session's wrapper (AgentLoop), base64-encoded, with about
    // half a kilobyte around it.
    if (action.kind == CodeAction::Kind::Bash)
        size = (size + 2) / 3 * 4 + 1024;
    if (size <= kMaxScriptBytes)
        return true;
    *error = u"\"%1\" is too long for one call: encoded it takes %2 bytes, at most %3 fit in one command "
             "(about 90 KiB of text); write larger files in parts"_s.arg(key, QString::number(size),
                                                                         QString::number(kMaxScriptBytes));
    return false;
}

} // namespace

std::optional<CodeAction> CodeAction::python(const QJsonObject &args, QString *error)
{
    CodeAction a;
    a.kind = Kind::Python;
    a.nonce = KernelCell::newNonce();
    if (!requireString(args, u"code"_s, &a.code, error) || !fitsOneCommand(a, u"code"_s, error))
        return std::nullopt;
    return a;
}

std::optional<CodeAction> CodeAction::bash(const QJsonObject &args, QString *error)
{
    CodeAction a;
    a.kind = Kind::Bash;
    if (!requireString(args, u"command"_s, &a.code, error) || !fitsOneCommand(a, u"command"_s, error))
        return std::nullopt;
    return a;
}

std::optional<CodeAction> CodeAction::textEditor(const QJsonObject &args, QString *error)
{
    CodeAction a;
    QString command;
    if (!requireString(args, u"command"_s, &command, error))
        return std::nullopt;
    if (command == u"view")
        a.kind = Kind::View;
    else if (command == u"create")
        a.kind = Kind::Create;
    else if (command == u"str_replace")
        a.kind = Kind::StrReplace;
    else {
        *error = u"\"command\" is \"%1\"; it must be \"view\", \"create\" or \"str_replace\""_s.arg(command);
        return std::nullopt;
    }
    if (!requireString(args, u"path"_s, &a.path, error))
        return std::nullopt;
    if (a.path.contains(QChar(0))) {
        *error = u"\"path\" must not contain NUL"_s;
        return std::nullopt;
    }
    if (a.kind == Kind::Create) {
        if (!requireString(args, u"file_text"_s, &a.fileText, error, true) ||
            !fitsOneCommand(a, u"file_text"_s, error))
            return std::nullopt;
    } else if (a.kind == Kind::StrReplace) {
        if (!requireString(args, u"old_str"_s, &a.oldStr, error) ||
            !requireString(args, u"new_str"_s, &a.newStr, error, true) ||
            !fitsOneCommand(a, u"old_str and new_str"_s, error))
            return std::nullopt;
    } else if (args.contains(u"view_range"_s) && !args.value(u"view_range"_s).isNull()) {
        const QJsonArray range = args.value(u"view_range"_s).toArray();
        const bool ok = range.size() == 2 && range.at(0).isDouble() && range.at(1).isDouble() &&
                        range.at(0).toInt() >= 1 &&
                        (range.at(1).toInt() == -1 || range.at(1).toInt() >= range.at(0).toInt());
        if (!ok) {
            *error = u"\"view_range\" must be [start, end]: 1-based line numbers, end >= start or -1 for the "
                     "end of the file"_s;
            return std::nullopt;
        }
        a.viewStart = range.at(0).toInt();
        a.viewEnd = range.at(1).toInt();
    }
    return a;
}

QString CodeAction::operation() const
{
    switch (kind) {
    case Kind::Python:
        return u"python"_s;
    case Kind::Bash:
        return u"bash"_s;
    case Kind::View:
        return u"view"_s;
    case Kind::Create:
        return u"create"_s;
    case Kind::StrReplace:
        return u"str_replace"_s;
    }
    return {};
}

QString CodeAction::displayText() const
{
    if (!isEditor())
        return code;
    return operation() + u' ' + path;
}

// Python calls and the text editor run the container's python3; an image without one says so plainly.
static QString needPython()
{
    return u"command -v python3 >/dev/null 2>&1 || { echo 'sandbench: the image of this container has no "
           u"python3, "
           u"which Python code calls and the text editor need; choose an image with python3' >&2; exit 127; }; "_s;
}

QString CodeAction::scriptRunner() const
{
    // A file rather than -c, so tracebacks name lines; matplotlib draws without a display, and the figures
    // left open are saved for the caller (kFigureWrapper).
    return needPython() + u"mkdir -p /tmp/.sandbench-code && printf %s '"_s + base64Of(code.toUtf8()) +
           u"' | base64 -d > /tmp/.sandbench-code/main.py && MPLBACKEND=Agg exec python3 -P -c \"$(printf %s '"_s +
           base64Of(QByteArray(kFigureWrapper)) + u"' | base64 -d)\""_s;
}

QString CodeAction::script() const
{
    switch (kind) {
    case Kind::Bash:
        return code;
    case Kind::Python:
        return KernelCell::cellScript(nonce, scriptRunner());
    case Kind::View:
    case Kind::Create:
    case Kind::StrReplace:
        break;
    }
    QJsonObject args{{u"command"_s, operation()}, {u"path"_s, path}};
    if (kind == Kind::Create)
        args.insert(u"file_text"_s, fileText);
    if (kind == Kind::StrReplace) {
        args.insert(u"old_str"_s, oldStr);
        args.insert(u"new_str"_s, newStr);
    }
    if (kind == Kind::View) {
        args.insert(u"view_start"_s, viewStart);
        args.insert(u"view_end"_s, viewEnd);
    }
    // -I: nothing of the home (a json.py there) or of PYTHON* variables can stand in for the helper's
    // imports.
    return needPython() + u"exec python3 -I -c \"$(printf %s '"_s + base64Of(QByteArray(kEditorHelper)) +
           u"' | base64 -d)\" '"_s + base64Of(QJsonDocument(args).toJson(QJsonDocument::Compact)) + u"' "_s +
           QString::number(MaxEditorFileBytes);
}

QJsonObject CodeAction::kernelRequest() const
{
    QJsonObject extra;
    if (!resumeCallId.isEmpty()) {
        extra.insert(u"resume"_s, resumeCallId);
        extra.insert(u"value"_s, resumeValue);
        extra.insert(u"is_error"_s, resumeIsError);
    } else if (!callableTools.isEmpty()) {
        extra.insert(u"tools"_s, QJsonArray::fromStringList(callableTools));
        extra.insert(u"tool_timeout_ms"_s, toolTimeoutMs);
    }
    return extra;
}

CodeAction CodeAction::resume(const QString &callId, const QString &value, bool isError)
{
    CodeAction action;
    action.kind = Kind::Python;
    action.nonce = KernelCell::newNonce();
    action.resumeCallId = callId;
    action.resumeValue = value;
    action.resumeIsError = isError;
    return action;
}

ShellAction CodeAction::shellAction(int timeoutMs, int maxOutputLength) const
{
    ShellAction action;
    action.commands = {script()};
    action.timeoutMs = timeoutMs;
    if (kind == Kind::Python) {
        // The kernel interrupts the cell at timeoutMs; the command ends on its own soon after, and the
        // engine's kill is the last resort. The answer is bounded JSON lines that must arrive whole.
        action.commands = {KernelCell::cellScript(nonce, scriptRunner())};
        action.kernelRequest =
            KernelCell::request(code, timeoutMs, maxOutputLength, showResults, kernelRequest());
        action.kernelNonce = nonce;
        action.timeoutMs = timeoutMs + KernelCell::EngineMarginMs;
        action.maxOutputLength = ShellAction::MaxMaxOutputLength;
        return action;
    }
    // The editor's answer is one JSON object that must arrive whole, however the caller capped output.
    action.maxOutputLength = isEditor() ? ShellAction::MaxMaxOutputLength : maxOutputLength;
    return action;
}

CodeOutput CodeOutput::fromResult(const CodeAction &action, const CommandResult &result)
{
    CodeOutput out;
    out.stdoutText = result.stdoutText;
    out.stderrText = result.stderrText;
    out.timedOut = result.outcome.type == CommandOutcome::Type::Timeout;
    out.returnCode = out.timedOut ? 124 : result.outcome.exitCode;
    if (action.kind == CodeAction::Kind::Python) {
        const KernelCellResult cell = KernelCellResult::parse(result.stdoutText, action.nonce);
        out.kernel = cell;
        if (cell.mode == KernelCellResult::Mode::Kernel) {
            out.stdoutText = cell.stdoutText();
            out.stderrText = cell.stderrText() + result.stderrText;
            out.logs = cell.logs() + result.stderrText;
            out.returnCode = cell.status == u"ok" || cell.status == u"pending" ? 0
                             : cell.status == u"exit"                          ? cell.exitCode & 0xff
                             : cell.status == u"died"                          ? 137
                                                                               : 1;
            if (cell.status == u"interrupted" || cell.status == u"restarted")
                out.timedOut = true;
            if (out.timedOut) {
                out.returnCode = 124;
                out.errorCode = u"execution_time_exceeded"_s;
                out.errorMessage =
                    cell.status == u"interrupted"
                        ? u"the code ran past its time limit and was interrupted; the Python state "
                          "(variables, imports) is kept"_s
                        : u"the code ran past its time limit and did not stop when interrupted; the "
                          "Python kernel was restarted and its state is lost"_s;
            }
            return out;
        }
        out.stdoutText = cell.scriptStdout;
        out.stderrText = cell.stderrText() + result.stderrText;
        out.logs = out.stdoutText + out.stderrText;
    }
    if (out.timedOut) {
        out.errorCode = u"execution_time_exceeded"_s;
        out.errorMessage = u"the code ran past its time limit and was stopped"_s;
        return out;
    }
    const bool needsPython = action.kind != CodeAction::Kind::Bash;
    if (needsPython && out.returnCode == 127 && out.stderrText.contains(u"python3"_s)) {
        out.errorCode = u"unavailable"_s;
        out.errorMessage = u"python3 is not installed on this machine, so the sandbox cannot run Python"_s;
        return out;
    }
    if (!action.isEditor())
        return out;
    QJsonParseError parseError;
    const QJsonObject answer = QJsonDocument::fromJson(result.stdoutText.toUtf8(), &parseError).object();
    if (parseError.error != QJsonParseError::NoError || answer.isEmpty()) {
        out.errorCode = u"unavailable"_s;
        out.errorMessage = u"the text editor did not answer: %1"_s.arg(
            result.stderrText.trimmed().isEmpty() ? u"exit code %1"_s.arg(out.returnCode)
                                                  : result.stderrText.trimmed().right(400));
        return out;
    }
    if (answer.contains(u"error"_s)) {
        out.errorCode = answer.value(u"error"_s).toString();
        out.errorMessage = answer.value(u"message"_s).toString();
        return out;
    }
    out.editor = answer.value(u"ok"_s).toObject();
    return out;
}

CommandResult CodeOutput::readableResult(const CommandResult &result, const QString &nonce)
{
    const KernelCellResult cell = KernelCellResult::parse(result.stdoutText, nonce);
    CommandResult readable = result;
    readable.stdoutText = cell.mode == KernelCellResult::Mode::Kernel ? cell.stdoutText() : cell.scriptStdout;
    readable.stderrText = cell.stderrText() + result.stderrText;
    return readable;
}

QString CodeOutput::forModel() const
{
    QJsonObject o;
    if (isError()) {
        o = {{u"error_code"_s, errorCode}, {u"error_message"_s, errorMessage}};
        if (timedOut)
            o.insert(u"stdout"_s, stdoutText), o.insert(u"stderr"_s, stderrText);
    } else if (!editor.isEmpty()) {
        o = editor;
    } else {
        o = {{u"stdout"_s, stdoutText}, {u"stderr"_s, stderrText}, {u"return_code"_s, returnCode}};
    }
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

void CodeOutput::addNote(const QString &note)
{
    if (note.isEmpty())
        return;
    stderrText.prepend(note);
    logs.prepend(note);
    if (kernel)
        kernel->outputs.prepend({KernelOutput::Kind::Note, false, note, {}, {}, {}});
}

QList<CellStream::Piece> CellStream::feed(bool isStderr, const QString &text)
{
    QList<Piece> pieces;
    if (isStderr) {
        give(&pieces, true, text);
        return pieces;
    }
    if (m_mode == Mode::Script) {
        give(&pieces, false, text);
        return pieces;
    }
    if (m_mode == Mode::Kernel) {
        const QByteArray bytes = text.toUtf8();
        for (const QByteArray &line : m_lines.feed(bytes.constData(), bytes.size()))
            readLine(&pieces, line);
        return pieces;
    }
    // The first line says what answers: the kernel (its head line with the cell's nonce), a script that
    // found no ipykernel (its fallback line), or anything else: a script's own output.
    m_head += text;
    const qsizetype newline = m_head.indexOf(u'\n');
    if (newline < 0) {
        // The head and fallback lines are JSON objects: anything else is a script's output, given at once.
        if (m_head.size() > 512 || !m_head.startsWith(u'{')) {
            m_mode = Mode::Script;
            give(&pieces, false, std::exchange(m_head, {}));
        }
        return pieces;
    }
    const KernelCellResult head = KernelCellResult::parse(m_head.left(newline), m_nonce);
    const QString after = m_head.mid(newline + 1);
    if (head.mode == KernelCellResult::Mode::Kernel) {
        m_mode = Mode::Kernel;
        m_head.clear();
        return feed(false, after);
    }
    m_mode = Mode::Script;
    if (head.mode == KernelCellResult::Mode::Fallback) {
        for (const KernelOutput &o : head.outputs)
            if (o.kind == KernelOutput::Kind::Note)
                give(&pieces, true, o.text);
        give(&pieces, false, after);
    } else {
        give(&pieces, false, m_head);
    }
    m_head.clear();
    return pieces;
}

void CellStream::readLine(QList<Piece> *pieces, const QByteArray &line)
{
    const QJsonObject o = QJsonDocument::fromJson(line).object();
    const QString t = o.value(u"t"_s).toString();
    const QString text = o.value(u"text"_s).toString();
    if (t == u"stream")
        give(pieces, o.value(u"name"_s).toString() == u"stderr", text);
    else if (t == u"result" || t == u"display")
        give(pieces, false, text);
    else if (t == u"error")
        give(pieces, true, text);
    else if (t == u"note")
        give(pieces, true, text.endsWith(u'\n') || text.isEmpty() ? text : text + u'\n');
}

void CellStream::give(QList<Piece> *pieces, bool isStderr, const QString &text)
{
    if (text.isEmpty())
        return;
    m_given[isStderr ? 1 : 0] += text;
    pieces->append({isStderr, text});
}

QList<CellStream::Piece> CellStream::rest(const CommandResult &readable)
{
    QList<Piece> pieces;
    const QString *texts[2] = {&readable.stdoutText, &readable.stderrText};
    for (int i = 0; i < 2; ++i) {
        // What came live is where the result starts; anything else (an early end's note in between) stays
        // in the result alone.
        if (texts[i]->startsWith(m_given[i]))
            give(&pieces, i == 1, texts[i]->mid(m_given[i].size()));
    }
    return pieces;
}
