// SPDX-License-Identifier: GPL-3.0-or-later
#include "kernelcell.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace {

// The bridge (see kernelcell.h), run by the container's python3 with -I. It starts ipykernel from a kernel
// spec of its own under Dir, listens on 127.0.0.1 (the container's loopback), serves one cell per connection
// and writes the port file once the kernel is ready.
constexpr char kBridge[] = R"PY(
import base64, json, os, queue, re, select, signal, socket, sys, time
D = "/tmp/.sandbench-kernel"
HOME = "/workspace/home"
FIG = HOME + "/.sandbench/figures"
MAX_LINE = 1 << 20          # a request line (the code is at most ~128 KiB)
MAX_IMAGES = 8               # image/png display items kept per cell
MAX_IMAGE = 2 << 20          # bytes of one image
MAX_HTML = 12000             # characters of text/html kept per cell (the window's tables)
ROOM = 60000                 # characters of JSON lines per cell: the engine keeps 65536 of a command's stdout
os.makedirs(D + "/kernels/sandbench", exist_ok=True)
os.environ["JUPYTER_RUNTIME_DIR"] = D + "/runtime"
os.environ["JUPYTER_PATH"] = D
os.environ["IPYTHONDIR"] = D + "/ipython"
os.environ["JUPYTER_CONFIG_DIR"] = D + "/config"
os.environ["MPLBACKEND"] = "module://matplotlib_inline.backend_inline"  # init sets Agg for scripts
os.environ["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"
with open(D + "/kernels/sandbench/kernel.json", "w") as f:
    json.dump({"argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}",
                        "--InteractiveShell.colors=NoColor", "--HistoryManager.enabled=False",
                        "--IPKernelApp.quiet=True"],
               "display_name": "Python 3", "language": "python", "interrupt_mode": "signal"}, f)
from jupyter_client.manager import KernelManager
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
# Run once in each new kernel: a figure saved with savefig is not also shown (its file is the image).
SETUP = r'''
def _sandbench_setup():
    import importlib.util, sys
    class Finder:
        def find_spec(self, name, path=None, target=None):
            if name != "matplotlib.figure":
                return None
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
    sys.meta_path.insert(0, Finder())
    ip = get_ipython()
    def post():
        plt = sys.modules.get("matplotlib.pyplot")
        if plt is not None:
            for n in plt.get_fignums():
                if getattr(plt.figure(n), "_sandbench_saved", False):
                    plt.close(n)
    ip.events.register("post_execute", post)
    # plt.show() after savefig would show the saved chart a second time: a saved figure displays nothing.
    fmt = ip.display_formatter.format
    def format(obj, *a, **k):
        if getattr(obj, "_sandbench_saved", False):
            return {}, {}
        return fmt(obj, *a, **k)
    ip.display_formatter.format = format
    # sys.exit(N) ends the cell as a script's exit would: no traceback, no warning, the code for the bridge.
    import warnings
    from IPython.display import publish_display_data
    warnings.filterwarnings("ignore", message="To exit: use")
    show = ip.showtraceback
    def showtraceback(exc_tuple=None, *a, **k):
        t, v = (sys.exc_info() if exc_tuple is None else exc_tuple)[:2]
        if t is SystemExit:
            publish_display_data({"application/x-sandbench-exit": repr(v.code) if not isinstance(v.code, (int, type(None))) else v.code})
            return
        return show(exc_tuple, *a, **k)
    ip.showtraceback = showtraceback
    # Programmatic tool calling: each tool the request lets the code call is an async function that asks
    # the bridge (a display item it turns into a tool_call line) and waits for the reply file a later
    # command writes; unanswered, the call raises TimeoutError.
    import asyncio, json, os, time, uuid
    def make(name, timeout):
        async def call(*args, **kwargs):
            if args:
                if len(args) == 1 and isinstance(args[0], dict) and not kwargs:
                    kwargs = dict(args[0])
                else:
                    raise TypeError(name + "() takes keyword arguments (or one dict)")
            cid = uuid.uuid4().hex
            publish_display_data({"application/x-sandbench-tool-call": {"id": cid, "name": name, "input": kwargs}})
            path = "/tmp/.sandbench-kernel/calls/" + cid + ".json"
            end = time.monotonic() + timeout
            while time.monotonic() < end:
                try:
                    with open(path) as f:
                        reply = json.load(f)
                except FileNotFoundError:
                    await asyncio.sleep(0.01)
                    continue
                os.remove(path)
                if reply.get("timeout"):
                    break
                if reply.get("is_error"):
                    raise RuntimeError("%s failed: %s" % (name, reply.get("value")))
                return reply.get("value")
            raise TimeoutError("%s: the client did not answer this tool call in time" % name)
        call.__name__ = call.__qualname__ = name
        return call
    def tools(names, timeout):
        for n in names:
            ip.user_ns[n] = make(n, timeout)
    ip.user_ns["__sandbench_tools__"] = tools
    ip.user_ns_hidden["__sandbench_tools__"] = tools
_sandbench_setup()
del _sandbench_setup
'''

km = None
kc = None
def start():
    global km, kc
    km = KernelManager(kernel_name="sandbench")
    km.start_kernel(cwd=HOME if os.path.isdir(HOME) else "/")
    kc = km.client()
    kc.start_channels()
    kc.wait_for_ready(timeout=60)
    kc.execute(SETUP, silent=True, store_history=False)
    kc.get_shell_msg(timeout=30)

def stop():
    global km, kc
    try:
        kc.stop_channels()
    except Exception:
        pass
    try:
        km.shutdown_kernel(now=True)
    except Exception:
        pass
    km = kc = None

def exit_reason():
    try:
        rc = km.provisioner.process.poll()
    except Exception:
        rc = None
    if rc is not None and rc < 0:
        sig = -rc
        name = signal.Signals(sig).name if sig in signal.valid_signals() else str(sig)
        if sig == signal.SIGKILL:
            return "it was killed (SIGKILL), most likely by the container's memory limit"
        return "it was killed by " + name
    return "it exited (status %s)" % rc

class Out:
    def __init__(self, conn, limit):
        self.conn = conn
        self.left = limit
        self.dropped = 0
        self.images = 0
        self.html = MAX_HTML
        self.gone = False
        self.room = ROOM
        self.results = True
    def send(self, obj, final=False):
        if self.conn is None:
            return True
        line = json.dumps(obj) + "\n"
        if self.gone or (len(line) > self.room - 300 and not final):
            return False
        self.room -= len(line)
        try:
            self.conn.sendall(line.encode("ascii"))
        except OSError:
            self.gone = True
        return True
    def text(self, kind, text, **extra):
        if not text and not extra:
            return
        if len(text) > self.left:
            self.dropped += len(text) - self.left
            text = text[:self.left]
        while not self.send(dict(t=kind, text=text, **extra)):
            if not text or self.gone:
                return
            cut = len(text) // 2
            self.dropped += len(text) - cut
            text = text[:cut]
            extra.pop("html", None)
        self.left -= len(text)
    def note(self, text):
        self.send({"t": "note", "text": text})

def display(out, data, kind, cell):
    text = data.get("text/plain")
    png = data.get("image/png")
    html = data.get("text/html")
    item = {}
    if isinstance(png, str) and out.images < MAX_IMAGES:
        try:
            raw = base64.b64decode(png, validate=False)
        except Exception:
            raw = b""
        if 0 < len(raw) <= MAX_IMAGE and raw.startswith(b"\x89PNG"):
            out.images += 1
            os.makedirs(FIG, exist_ok=True)
            path = "%s/display-%d.png" % (FIG, out.images)
            with open(path + ".tmp", "wb") as f:
                f.write(raw)
            os.replace(path + ".tmp", path)
            item["image"] = path
            text = None  # "<Figure size 640x480 with 1 Axes>" says nothing the image does not
    if isinstance(html, str) and len(html) <= out.html:
        out.html -= len(html)
        item["html"] = html
    out.text(kind, text + "\n" if isinstance(text, str) else "", **item)

def alive(conn):
    r, _, _ = select.select([conn], [], [], 0)
    if not r:
        return True
    try:
        return conn.recv(1, socket.MSG_PEEK) != b""
    except OSError:
        return False

NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,63}")
CALL_ID = re.compile(r"[0-9a-f]{32}")
MAX_INPUT = 65536            # characters of one tool call's input (JSON)
pending = None               # the cell paused in a tool call: msg_id, id, name, tools

def reply(cid, obj):
    os.makedirs(D + "/calls", exist_ok=True)
    path = "%s/calls/%s.json" % (D, cid)
    with open(path + ".tmp", "w") as f:
        json.dump(obj, f)
    os.replace(path + ".tmp", path)

def cell(conn, req):
    global pending
    out = Out(conn, max(0, int(req.get("max_output", 16384))))
    timeout = max(0.1, int(req.get("timeout_ms", 120000)) / 1000.0)
    grace = max(0.1, int(req.get("grace_ms", 3000)) / 1000.0)
    out.results = bool(req.get("results", True))
    for f in os.listdir(FIG) if os.path.isdir(FIG) else []:
        if f.startswith("display-"):
            try:
                os.remove(os.path.join(FIG, f))
            except OSError:
                pass
    if km is None or not km.is_alive():
        pending = None
        if km is not None:
            out.note("sandbench: the Python kernel had stopped (%s); a new kernel starts, and the state of "
                     "earlier cells is lost" % exit_reason())
            stop()
        start()
    if "resume" in req:
        if pending is None or req.get("resume") != pending["id"]:
            out.note("sandbench: no code waits for this tool result (its call timed out, or the Python "
                     "kernel was restarted)")
            out.send({"t": "end", "status": "failed", "dropped": 0, "exit_code": 0}, final=True)
            return
        value = req.get("value")
        reply(pending["id"], {"value": value if isinstance(value, str) else json.dumps(value),
                              "is_error": bool(req.get("is_error"))})
        msg_id, tools, out.results = pending["msg_id"], pending["tools"], pending["results"]
        pending = None
    else:
        if pending is not None:
            # The client never answered: the waiting call raises TimeoutError now, and that cell ends unseen.
            name = pending["name"]
            drain = Out(None, 0)
            reply(pending["id"], {"timeout": True})
            p, pending = pending, None
            collect(drain, None, p["msg_id"], [], timeout, grace, draining=True)
            out.note("sandbench: an earlier cell's call to %s got no tool result; it raised TimeoutError" % name)
        tools = [n for n in req.get("tools", []) if isinstance(n, str) and NAME.fullmatch(n)]
        if tools:
            timeout_s = max(0.1, int(req.get("tool_timeout_ms", 240000)) / 1000.0)
            kc.execute("__sandbench_tools__(%s, %r)" % (json.dumps(tools), timeout_s), silent=True,
                       store_history=False)
        msg_id = kc.execute(req.get("code", ""), store_history=True, allow_stdin=False, stop_on_error=True)
    collect(out, conn, msg_id, tools, timeout, grace)

def collect(out, conn, msg_id, tools, timeout, grace, draining=False):
    global pending
    deadline = time.monotonic() + timeout
    interrupted = None
    status = "ok"
    exit_code = 0
    count = 0
    while True:
        try:
            msg = kc.get_iopub_msg(timeout=0.1)
        except queue.Empty:
            now = time.monotonic()
            if not km.is_alive():
                out.note("sandbench: the Python kernel stopped while running this cell (%s); its state is "
                         "lost and a new kernel starts" % exit_reason())
                stop()
                start()
                status = "died"
                break
            if interrupted is None and (now >= deadline or (conn is not None and not alive(conn))):
                km.interrupt_kernel()
                interrupted = now
            elif interrupted is not None and now - interrupted > grace:
                out.note("sandbench: the Python kernel did not stop within %g s of the interrupt; it was "
                         "restarted and the state of earlier cells is lost" % grace)
                stop()
                start()
                status = "restarted"
                break
            continue
        if msg.get("parent_header", {}).get("msg_id") != msg_id:
            continue
        t = msg.get("msg_type")
        c = msg.get("content", {})
        if t == "stream":
            out.text("stream", c.get("text", ""), name="stderr" if c.get("name") == "stderr" else "stdout")
        elif t == "display_data" and "application/x-sandbench-tool-call" in c.get("data", {}):
            v = c["data"]["application/x-sandbench-tool-call"]
            v = v if isinstance(v, dict) else {}
            cid = v.get("id") if isinstance(v.get("id"), str) and CALL_ID.fullmatch(v.get("id")) else None
            if cid is None:
                continue
            text = json.dumps(v.get("input"))
            if draining or interrupted is not None:
                reply(cid, {"timeout": True})
            elif v.get("name") not in tools:
                reply(cid, {"is_error": True, "value": "%s is not a tool this request lets the code call"
                            % str(v.get("name"))[:64]})
            elif not isinstance(v.get("input"), dict) or len(text) > MAX_INPUT:
                reply(cid, {"is_error": True, "value": "a tool call's input must be an object of at most "
                            "%d characters of JSON" % MAX_INPUT})
            else:
                # The cell pauses here: the engine ends its response with this call, and the client's
                # tool_result comes back as a resume request; the kernel keeps waiting meanwhile.
                pending = {"msg_id": msg_id, "id": cid, "name": v["name"], "tools": tools,
                           "results": out.results}
                out.send({"t": "tool_call", "id": cid, "name": v["name"], "input": v["input"]}, final=True)
                out.send({"t": "end", "status": "pending", "dropped": out.dropped, "exit_code": 0}, final=True)
                return
        elif t == "display_data" and "application/x-sandbench-exit" in c.get("data", {}):
            v = c["data"]["application/x-sandbench-exit"]
            if v is None:
                exit_code = 0
            elif isinstance(v, int):
                exit_code = v
            else:
                out.text("stream", str(v) + "\n", name="stderr")
                exit_code = 1
            status = "exit"
        elif t == "execute_result" and not out.results:
            pass
        elif t in ("execute_result", "display_data"):
            display(out, c.get("data", {}), "result" if t == "execute_result" else "display", count)
        elif t == "error" and c.get("ename") == "SystemExit":
            # sys.exit(N) ends the cell as a script's exit would, without a traceback; the kernel lives on.
            v = str(c.get("evalue", ""))
            exit_code = int(v) if re.fullmatch(r"-?[0-9]{1,9}", v) else (0 if v in ("", "None") else 1)
            if exit_code == 1 and v not in ("1",):
                out.text("stream", v + "\n", name="stderr")
            status = "exit"
        elif t == "error":
            status = "error"
            tb = ANSI.sub("", "\n".join(c.get("traceback", []))) + "\n"
            out.text("error", tb, ename=str(c.get("ename", "")), evalue=str(c.get("evalue", ""))[:1000])
        elif t == "status" and c.get("execution_state") == "idle":
            break
    if interrupted is not None and status in ("ok", "error", "exit"):
        status = "interrupted"
    out.send({"t": "end", "status": status, "dropped": out.dropped, "exit_code": exit_code}, final=True)

def main():
    global pending
    try:
        start()
    except Exception as e:
        with open(D + "/failed", "w") as f:
            f.write("the kernel did not start: %s" % e)
        raise
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.bind(("127.0.0.1", 0))
    srv.listen(8)
    with open(D + "/port.tmp", "w") as f:
        f.write(str(srv.getsockname()[1]))
    os.replace(D + "/port.tmp", D + "/port")
    while True:
        conn, _ = srv.accept()
        try:
            conn.settimeout(10)
            buf = b""
            while b"\n" not in buf and len(buf) <= MAX_LINE:
                b = conn.recv(65536)
                if not b:
                    break
                buf += b
            conn.settimeout(None)
            if b"\n" not in buf:
                continue
            req = json.loads(buf.split(b"\n", 1)[0])
            if req.get("restart"):
                pending = None
                stop()
                start()
                conn.sendall(b'{"t": "end", "status": "restarted"}\n')
            else:
                cell(conn, req)
        except Exception as e:
            try:
                conn.sendall((json.dumps({"t": "note", "text": "sandbench: kernel bridge: %s" % e}) + "\n" +
                              '{"t": "end", "status": "failed"}\n').encode())
            except OSError:
                pass
        finally:
            conn.close()

main()
)PY";

QString quoted(const QString &text)
{
    QString q = text;
    q.replace(u'\'', u"'\\''"_s);
    return u'\'' + q + u'\'';
}

QString startFunction()
{
    // Exit codes: 0 ready, 2 no python3, 3 no ipykernel/jupyter_client in the image (remembered for the
    // container's life in Dir/none), 4 the bridge did not come up within 60 s.
    return u"d=%1\n"
           "sb_start() {\n"
           "  [ -s $d/port ] && return 0\n"
           "  [ -e $d/none ] && return 3\n"
           "  command -v python3 >/dev/null 2>&1 || return 2\n"
           "  mkdir -p $d || return 4\n"
           "  if ! python3 -I -c 'import ipykernel, jupyter_client' >/dev/null 2>&1; then : > $d/none; "
           "return 3; fi\n"
           "  rm -f $d/failed\n"
           "  (cd / && exec setsid python3 -I -c \"$(printf %s '%2' | base64 -d)\" </dev/null "
           ">>$d/bridge.log 2>&1 &)\n"
           "  local i=0\n"
           "  while [ ! -s $d/port ]; do\n"
           "    [ -e $d/failed ] && return 4\n"
           "    i=$((i+1)); [ $i -gt 1200 ] && return 4\n"
           "    sleep 0.05\n"
           "  done\n"
           "}\n"_s.arg(QLatin1StringView(KernelCell::Dir),
                       QString::fromLatin1(QByteArray(kBridge).toBase64()));
}

QString textOf(const QJsonObject &o)
{
    return o.value(u"text"_s).toString();
}

} // namespace

QString KernelCell::newNonce()
{
    return QString::number(QRandomGenerator::global()->generate64(), 16);
}

QString KernelCell::startScript()
{
    return startFunction() + u"sb_start; r=$?; [ $r = 3 ] && exit 0; exit $r\n"_s;
}

QString KernelCell::cellScript(const QString &code, int timeoutMs, int maxOutputLength, const QString &nonce,
                               const QString &fallbackScript, bool showResults, const QJsonObject &extra)
{
    QJsonObject request{{u"code"_s, code},
                        {u"timeout_ms"_s, timeoutMs},
                        {u"max_output"_s, maxOutputLength},
                        {u"grace_ms"_s, GraceMs},
                        {u"results"_s, showResults}};
    for (auto it = extra.constBegin(); it != extra.constEnd(); ++it)
        request.insert(it.key(), it.value());
    const QString line = QString::fromUtf8(QJsonDocument(request).toJson(QJsonDocument::Compact));
    const QString kernelLine = u"{\"t\":\"kernel\",\"nonce\":\"%1\"}"_s.arg(nonce);
    const QString fallbackLine = u"{\"t\":\"fallback\",\"nonce\":\"%1\"}"_s.arg(nonce);
    return startFunction() +
           u"sb_start; r=$?\n"
           "if [ $r = 0 ] && ! { exec 3<>/dev/tcp/127.0.0.1/$(<$d/port); } 2>/dev/null; then\n"
           "  rm -f $d/port; sb_start; r=$?\n"
           "  [ $r = 0 ] && { { exec 3<>/dev/tcp/127.0.0.1/$(<$d/port); } 2>/dev/null || r=4; }\n"
           "  [ $r = 0 ] && lost=1\n"
           "fi\n"
           "if [ $r = 0 ]; then\n"
           "  printf '%s\\n' %1\n"
           "  [ -n \"$lost\" ] && printf '%s\\n' '{\"t\":\"note\",\"text\":\"sandbench: the Python kernel "
           "had stopped; "
           "a new kernel started, and the state of earlier cells is lost\"}'\n"
           "  printf '%s\\n' %2 >&3\n"
           "  exec cat <&3\n"
           "fi\n"
           "[ $r = 3 ] && [ ! -e $d/said ] && : > $d/said && printf '%s\\n' %3\n"
           "[ $r = 4 ] && echo 'sandbench: the Python kernel did not start; this cell runs as a script' >&2\n"_s
               .arg(quoted(kernelLine), quoted(line), quoted(fallbackLine)) +
           fallbackScript;
}

QString KernelCell::restartScript(const QString &nonce)
{
    return startFunction() +
           u"sb_start || { echo 'sandbench: no Python kernel runs in this container' >&2; exit 1; }\n"
           "{ exec 3<>/dev/tcp/127.0.0.1/$(<$d/port); } 2>/dev/null || { rm -f $d/port; sb_start; exit $?; "
           "}\n"
           "printf '%s\\n' %1\n"
           "printf '%s\\n' '{\"restart\":true}' >&3\n"
           "exec cat <&3\n"_s.arg(quoted(u"{\"t\":\"kernel\",\"nonce\":\"%1\"}"_s.arg(nonce)));
}

KernelCellResult KernelCellResult::parse(const QString &stdoutText, const QString &nonce)
{
    KernelCellResult r;
    const qsizetype firstEnd = stdoutText.indexOf(u'\n');
    const QString first = stdoutText.left(firstEnd < 0 ? stdoutText.size() : firstEnd);
    const QJsonObject head = QJsonDocument::fromJson(first.toUtf8()).object();
    const bool ours = !nonce.isEmpty() && head.value(u"nonce"_s).toString() == nonce;
    if (!ours || head.value(u"t"_s).toString() != u"kernel") {
        r.mode = ours && head.value(u"t"_s).toString() == u"fallback" ? Mode::Fallback : Mode::Script;
        r.scriptStdout = r.mode == Mode::Fallback
                             ? stdoutText.mid(firstEnd < 0 ? stdoutText.size() : firstEnd + 1)
                             : stdoutText;
        if (r.mode == Mode::Fallback)
            r.outputs.append(
                {KernelOutput::Kind::Note,
                 false,
                 u"sandbench: this container's image has no python3-ipykernel, so each Python call "
                 "runs as a fresh script and nothing persists between calls (add python3-ipykernel "
                 "to the image for a notebook kernel)\n"_s,
                 {},
                 {},
                 {}});
        return r;
    }
    r.mode = Mode::Kernel;
    qint64 html = 0;
    qsizetype at = firstEnd < 0 ? stdoutText.size() : firstEnd + 1;
    while (at < stdoutText.size()) {
        qsizetype end = stdoutText.indexOf(u'\n', at);
        if (end < 0)
            end = stdoutText.size();
        const QStringView line = QStringView(stdoutText).mid(at, end - at);
        at = end + 1;
        if (line.isEmpty())
            continue;
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(line.toUtf8(), &error);
        if (error.error != QJsonParseError::NoError || !doc.isObject()) {
            ++r.malformedLines;
            continue;
        }
        const QJsonObject o = doc.object();
        const QString t = o.value(u"t"_s).toString();
        if (t == u"end") {
            r.status = o.value(u"status"_s).toString();
            static const QStringList known{u"ok"_s,        u"exit"_s, u"error"_s,  u"interrupted"_s,
                                           u"restarted"_s, u"died"_s, u"failed"_s, u"pending"_s};
            if (!known.contains(r.status) || (r.status == u"pending" && !r.toolCall))
                r.status = u"failed"_s;
            r.droppedChars = std::max<qint64>(0, qint64(o.value(u"dropped"_s).toDouble()));
            r.exitCode = std::clamp(o.value(u"exit_code"_s).toInt(), -255, 255);
            break;
        }
        if (r.outputs.size() >= MaxItems) {
            ++r.malformedLines;
            continue;
        }
        if (t == u"tool_call") {
            static const QRegularExpression callId(u"^[0-9a-f]{32}$"_s);
            static const QRegularExpression toolName(u"^[A-Za-z_][A-Za-z0-9_]{0,63}$"_s);
            const QString id = o.value(u"id"_s).toString();
            const QString name = o.value(u"name"_s).toString();
            if (r.toolCall || !callId.match(id).hasMatch() || !toolName.match(name).hasMatch() ||
                !o.value(u"input"_s).isObject()) {
                ++r.malformedLines;
                continue;
            }
            r.toolCall = KernelToolCall{id, name, o.value(u"input"_s).toObject()};
            continue;
        }
        KernelOutput out;
        out.text = textOf(o);
        if (t == u"stream") {
            out.kind = KernelOutput::Kind::Stream;
            out.stderrStream = o.value(u"name"_s).toString() == u"stderr";
        } else if (t == u"result" || t == u"display") {
            out.kind = t == u"result" ? KernelOutput::Kind::Result : KernelOutput::Kind::Display;
            const QString image = o.value(u"image"_s).toString();
            // Only the bridge's own names; the engine reads the file itself (CodeImages) without following
            // links.
            static const QRegularExpression imageName(
                u"^/workspace/home/\\.sandbench/figures/display-[0-9]{1,3}\\.png$"_s);
            if (imageName.match(image).hasMatch())
                out.imagePath = image;
            const QString h = o.value(u"html"_s).toString();
            if (!h.isEmpty() && html + h.size() <= MaxHtmlChars) {
                html += h.size();
                out.html = h;
            }
        } else if (t == u"error") {
            out.kind = KernelOutput::Kind::Error;
            out.ename = o.value(u"ename"_s).toString().left(200);
        } else if (t == u"note") {
            out.kind = KernelOutput::Kind::Note;
            if (!out.text.endsWith(u'\n'))
                out.text += u'\n';
        } else {
            ++r.malformedLines;
            continue;
        }
        r.outputs.append(out);
    }
    if (r.status.isEmpty()) {
        r.status = u"lost"_s;
        r.outputs.append(
            {KernelOutput::Kind::Note,
             false,
             u"sandbench: the Python kernel's answer ended early (the kernel or its bridge stopped)\n"_s,
             {},
             {},
             {}});
    }
    return r;
}

QString KernelCellResult::stdoutText() const
{
    QString s = mode == Mode::Kernel ? QString() : scriptStdout;
    for (const KernelOutput &o : outputs)
        if ((o.kind == KernelOutput::Kind::Stream && !o.stderrStream) ||
            o.kind == KernelOutput::Kind::Result || o.kind == KernelOutput::Kind::Display)
            s += o.text;
    if (droppedChars > 0)
        s += u"\n[... %1 characters of this cell's output dropped: max_output_length]\n"_s.arg(droppedChars);
    return s;
}

QString KernelCellResult::stderrText() const
{
    QString s;
    for (const KernelOutput &o : outputs)
        if ((o.kind == KernelOutput::Kind::Stream && o.stderrStream) || o.kind == KernelOutput::Kind::Error ||
            o.kind == KernelOutput::Kind::Note)
            s += o.text;
    return s;
}

QString KernelCellResult::logs() const
{
    QString s = mode == Mode::Kernel ? QString() : scriptStdout;
    for (const KernelOutput &o : outputs)
        s += o.text;
    if (droppedChars > 0)
        s += u"\n[... %1 characters of this cell's output dropped: max_output_length]\n"_s.arg(droppedChars);
    return s;
}
