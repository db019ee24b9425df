// SPDX-License-Identifier: GPL-3.0-or-later
#include "kernelcell.h"

#include "shellaction.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace {

// The bridge (see kernelcell.h), run by the container's python3 with -I. It starts ipykernel from a kernel
// spec of its own under Dir, writes the ready file once the kernel answers, then serves the engine's
// requests from its channel (fd 3) one after another; it ends, with its kernel, when the engine closes it.
constexpr char kBridge[] = R"PY(
import base64, hmac, json, os, re, select, signal, socket, sys, time
# The engine's channel: one end of a socket pair the engine made, passed as the start command's stderr and
# kept here as fd 3 (nothing else in the container holds it). Requests come in as JSON lines; answers go out
# as JSON lines.
CH = socket.socket(fileno=3)
CH.setblocking(True)
os.set_inheritable(3, False)
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
# The kernel: Debian's ipykernel, started by a launcher of ours in place of ipykernel_launcher. It runs the
# same IPKernelApp and IPythonKernel (the same messages but execute_input, the same IOPub thread, the same
# interrupt), minus costs of every request that this bridge, its only client, never needs; each was measured
# (a trivial cell's round trip from the bridge, or profiled in the kernel, ipykernel 6.17 on Debian 12):
# - a 0.5 ms sleep before each execute_reply (Kernel._execute_sleep, "FIXME: on rare occasions, the flush
#   doesn't seem to make it to the clients"): the bridge waits for the status idle that follows on IOPub
#   after everything the cell sent, never for execute_reply;
# - four flushes of stdout and stderr per request, each a round trip to the IOPub thread even when nothing was
#   written: a stream with nothing buffered, no flush scheduled and none under way now returns at once (a
#   flush under way, its timer's, has its send queued only after it cleared the flag: skipped then, the
#   status that follows would go out ahead of the cell's last text);
# - a wake-up of the control thread before each request, to handle control requests (interrupt, shutdown,
#   debug) sent ahead of it: the bridge sends none (an interrupt is SIGINT, a shutdown kills the kernel);
# - the execute_input message, which re-broadcasts the cell's code to every client: the bridge sent it and
#   reads nothing of it, and each IOPub message is a wake-up of the IOPub thread and a round of the GIL
#   between it and the main thread (most of a message's cost, as profiled);
# - inspect.signature of the same two methods on every request (whether they take cell_id): asked once
#   per function;
# - dateutil's parser for each request's header date (~0.1 ms; nothing in the kernel reads the date): the
#   kernel's Session unpacks with an unpacker of ours that reads a header's date with datetime.fromisoformat,
#   the same value jupyter_client gives (any other string it parses as before);
# - the status "busy" of each request: the bridge waits for "idle" only;
# - the execute_reply ahead of "idle": its JSON, signature and send (~0.3 ms) came between a cell's last
#   output and the "idle" the bridge waits for; "idle" goes as soon as the code ran and the streams are
#   flushed (the shell channel and IOPub were never in order with each other);
# - a debug log record for each request, four of them, made and then dropped by the handler (its level is
#   the logger's now);
# - the IOPub thread as the only sender: the main thread holds the GIL for the whole request, so the IOPub
#   thread, woken for every message, sent them all only once the request had ended, a GIL round later. A
#   message now goes out from the thread that sends it when nothing is queued ahead of it (see IOPub);
# - formatting every result and display in ten formats (text/markdown, LaTeX, SVG, JPEG, PDF, JSON,
#   JavaScript too) when the bridge reads three (SETUP's format): each formatter call is a decorator's
#   inspect.Signature.bind, and each format an object's own _repr_*_ method;
# - that binding itself, for the formats that are left (direct_call), and a second transform_cell and
#   should_run_async of the same cell in each request (answer_twice).
# Together, on the host: a trivial cell's round trip from the bridge 2.45 -> 1.31 ms back to back, 3.3 ->
# 2.4 ms alternating with `python3 -c pass`.
KERNEL = r'''
import os, sys
if __name__ == "__main__":
    # Not this file's folder but the working folder, first, as `python3 -m ipykernel_launcher` has it.
    sys.path[0] = os.getcwd()
    sys.modules["sandbench_kernel"] = sys.modules["__main__"]  # IPython takes over __main__ for the user
import socket
import threading
import logging
from datetime import datetime
from IPython.core import formatters
from ipykernel import iostream, ipkernel, kernelapp, kernelbase
from jupyter_client.session import json_unpacker
from traitlets import Float

def unpack(data):
    obj = json_unpacker(data)
    if type(obj) is dict and "msg_id" in obj and "msg_type" in obj and type(obj.get("date")) is str:
        try:
            date = datetime.fromisoformat(obj["date"])
        except ValueError:
            date = None
        if date is not None and date.tzinfo is not None:
            obj["date"] = date
    return obj

# The bridge's socket pair (its fd in SANDBENCH_KERNEL_PAIR): the bridge's shell requests come in on it and
# every IOPub message goes out on it, each a Jupyter message's frames as ZeroMQ carries them (signed by the
# Session as ever), framed as the bridge's Pair reads them. Between two processes ZeroMQ is two I/O threads
# and three wake-ups each way: a request and its answer after `python3 -c pass` had run (cold caches) took
# 0.45-0.54 ms over a DEALER/ROUTER and PUB/SUB pair and 0.06 ms over a socket pair, on this machine. The
# kernel keeps its ZeroMQ sockets (control, heartbeat; shell replies go out there, to an identity nobody
# has), but its IOPub messages go only to the pair: the bridge is its one client.
PAIR = None

def framed(parts):
    body = b"".join(len(p).to_bytes(4, "little") + p for p in parts)
    return len(body).to_bytes(4, "little") + body

class Part(bytes):
    # A frame as ipykernel reads ZeroMQ's (copy=False): its content in .bytes.
    @property
    def bytes(self):
        return self

class Stream(iostream.OutStream):
    # _flush (on the IOPub thread) clears _flush_pending first, then takes the buffer and queues its send:
    # while one runs, the flag says nothing is waiting, so the count says one is under way. Read in this
    # order (flag, then count), a flush that skips can only follow a _flush that queued its send already.
    _sending = 0

    def _flush(self):
        self._sending += 1
        try:
            super()._flush()
        finally:
            self._sending -= 1

    def flush(self):
        if (self._flush_pending or self._sending or self._subprocess_flush_pending
                or not self._is_master_process()):
            super().flush()

class IOPub(iostream.IOPubThread):
    # A message sent from any thread but the IOPub thread goes out at once when nothing waits in the queue
    # ahead of it, rather than by a wake-up of the IOPub thread (which first waits for the GIL, i.e. for the
    # end of the request). The lock is held around every use of the socket (here, and each queued event the
    # IOPub thread runs), so the socket is only ever used by one thread at a time and a message never
    # overtakes one queued before it.
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._lock = threading.Lock()

    def _handle_event(self, msg):
        for _ in range(len(self._events)):
            with self._lock:
                self._events.popleft()()

    def send_multipart(self, *args, **kwargs):
        if (threading.current_thread() is not self.thread and self.thread.is_alive()
                and self._is_master_process()):
            with self._lock:
                if not self._events:
                    self._really_send(*args, **kwargs)
                    return
        super().send_multipart(*args, **kwargs)

    def _really_send(self, msg, *args, **kwargs):
        if PAIR is None or self.closed or self._check_mp_mode() == iostream.CHILD:
            return super()._really_send(msg, *args, **kwargs)
        try:
            PAIR.sendall(framed([p if type(p) is bytes else memoryview(p).tobytes() for p in msg]))
        except OSError:
            pass  # the bridge is gone (it stops this kernel): as a PUB socket nobody reads, nothing is kept

class Kernel(ipkernel.IPythonKernel):
    _execute_sleep = Float(0.0)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        # Debug records are made (and dropped by the handler) for each request otherwise.
        level = min((h.level for h in self.log.handlers), default=logging.WARNING)
        if self.log.level < level:
            self.log.setLevel(level)

    _idle_sent = False
    _pair_in = b""

    def start(self):
        super().start()
        if PAIR is not None:
            self.io_loop.add_handler(PAIR.fileno(), self._pair_readable, self.io_loop.READ)

    def _pair_readable(self, fd, events):
        # Shell requests from the bridge, dispatched as the shell channel's are.
        try:
            data = PAIR.recv(1 << 20, socket.MSG_DONTWAIT)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self.io_loop.remove_handler(fd)  # the bridge let go; it stops this kernel
            return
        buf, pos = self._pair_in + data, 0
        while len(buf) - pos >= 4:
            n = int.from_bytes(buf[pos:pos + 4], "little")
            if len(buf) - pos - 4 < n:
                break
            body, pos, parts, i = buf[pos + 4:pos + 4 + n], pos + 4 + n, [], 0
            while i + 4 <= len(body):
                m = int.from_bytes(body[i:i + 4], "little")
                parts.append(Part(body[i + 4:i + 4 + m]))
                i += 4 + m
            self.schedule_dispatch(self.dispatch_shell, parts)
        self._pair_in = buf[pos:]

    async def do_execute(self, code, silent, store_history=True, user_expressions=None, allow_stdin=False, *,
                         cell_id=None):
        shell = self.shell
        for name in ("transform_cell", "should_run_async"):
            setattr(shell, name, answer_twice(shell, name))
        try:
            reply = await super().do_execute(code, silent, store_history, user_expressions, allow_stdin,
                                             cell_id=cell_id)
        finally:
            for name in ("transform_cell", "should_run_async"):
                shell.__dict__.pop(name, None)
        # The request's outputs are all out: its idle goes now, ahead of the execute_reply (the shell
        # channel's, which the bridge never reads) rather than after it.
        sys.stdout.flush()
        sys.stderr.flush()
        super()._publish_status("idle", "shell")
        self._idle_sent = True
        return reply

    def _publish_status(self, status, channel, parent=None):
        if channel == "shell" and status == "busy":
            return None
        if channel == "shell" and status == "idle" and parent is None and self._idle_sent:
            self._idle_sent = False
            return None
        return super()._publish_status(status, channel, parent)

    async def _flush_control_queue(self):
        return None

    def _publish_execute_input(self, code, parent, execution_count):
        return None

def answer_twice(shell, name):
    # do_execute transforms the cell and asks whether it runs async, then run_cell does both again with the
    # same arguments before any code runs: the second call takes the first one's answer, and later calls
    # (the cell's own) go to the shell's method again.
    method = getattr(type(shell), name)
    first = []
    def once(*args, **kwargs):
        if first:
            shell.__dict__.pop(name, None)
            if first[0] == (args, kwargs):
                return first[1]
        value = method(shell, *args, **kwargs)
        if not first:
            first[:] = [(args, kwargs), value]
        return value
    return once

def direct_call(cls):
    # IPython's formatters catch a format's errors with the decorator package, whose wrapper binds every
    # call's arguments to the signature (inspect) before it calls the same handler: called here directly.
    call, catch = cls.__dict__.get("__call__"), formatters.catch_format_error
    func, handler = getattr(call, "__wrapped__", None), getattr(catch, "__wrapped__", None)
    if func is None or handler is None:
        return
    def __call__(self, *args, **kwargs):
        return handler(func, self, *args, **kwargs)
    cls.__call__ = __call__

def once_per_function(accepts):
    known = {}
    def cached(meth):
        f = getattr(meth, "__func__", meth)
        if f in known:
            return known[f]
        answer = accepts(meth)
        if len(known) < 16:
            known[f] = answer
        return answer
    return cached

if __name__ == "__main__":
    fd = os.environ.pop("SANDBENCH_KERNEL_PAIR", "")
    if fd.isdigit():
        PAIR = socket.socket(fileno=int(fd))
        os.set_inheritable(PAIR.fileno(), False)  # not for the cell's commands (forked children share it)
    kernelbase._accepts_cell_id = ipkernel._accepts_cell_id = once_per_function(kernelbase._accepts_cell_id)
    kernelapp.IOPubThread = IOPub
    for cls in (formatters.BaseFormatter, formatters.PlainTextFormatter, formatters.MimeBundleFormatter,
                formatters.IPythonDisplayFormatter):
        direct_call(cls)
    kernelapp.launch_new_instance(kernel_class=Kernel, outstream_class="sandbench_kernel.Stream")
'''
with open(D + "/kernels/sandbench/sandbench_kernel.py", "w") as f:
    f.write(KERNEL)
with open(D + "/kernels/sandbench/kernel.json", "w") as f:
    json.dump({"argv": [sys.executable, D + "/kernels/sandbench/sandbench_kernel.py", "-f", "{connection_file}",
                        "--InteractiveShell.colors=NoColor", "--HistoryManager.enabled=False",
                        "--IPKernelApp.quiet=True", "--Session.unpacker=sandbench_kernel.unpack"],
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
    # Any other object is formatted only in what the bridge reads (display), unless the caller chose.
    fmt = ip.display_formatter.format
    keep = ("text/plain", "text/html", "image/png")
    def format(obj, include=None, exclude=None):
        if getattr(obj, "_sandbench_saved", False):
            return {}, {}
        return fmt(obj, include=keep if include is None else include, exclude=exclude)
    ip.display_formatter.format = format
    # sys.exit(N) ends the cell as a script's exit would: no traceback, no warning; the bridge gets the code
    # (None, an int) or the message a script prints (any other value), in order with the cell's output.
    import warnings
    from IPython.display import publish_display_data
    warnings.filterwarnings("ignore", message="To exit: use")
    show = ip.showtraceback
    def showtraceback(exc_tuple=None, *a, **k):
        t, v = (sys.exc_info() if exc_tuple is None else exc_tuple)[:2]
        if t is SystemExit:
            c = v.code
            if c is None or (isinstance(c, int) and not isinstance(c, bool)):
                value = {"code": c}
            elif isinstance(c, bool):
                value = {"code": int(c)}
            else:
                try:
                    text = str(c)
                except Exception:
                    text = "<unprintable %s object>" % type(c).__name__
                value = {"message": text}
            publish_display_data({"application/x-sandbench-exit": value})
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
session = None
MAX_MSG = 16 << 20           # bytes of one message from the kernel; a longer one is skipped unread

class Pair:
    # The bridge's end of the kernel's socket pair (see KERNEL's PAIR): requests out, IOPub messages in,
    # each message its frames with their lengths. What comes in is the kernel's, i.e. the container's:
    # read as it comes, a message longer than MAX_MSG is skipped. A kernel writing output blocks until its
    # bytes are read (where a PUB socket would drop them): the bridge reads whenever it waits, but for a
    # cell paused in a tool call (see Lines.next).
    def __init__(self, sock):
        self.sock = sock
        self.buf = bytearray()
        self.pos = 0
        self.skip = 0
        self.gone = False
    def fileno(self):
        return self.sock.fileno()
    def close(self):
        self.gone = True
        self.sock.close()
    def fill(self):
        # Whatever has come, without waiting, up to room for one whole message (a kernel that writes faster
        # than the bridge reads fills nothing but its own pair); False once the kernel's end is closed.
        while not self.gone and len(self.buf) - self.pos < MAX_MSG + 4:
            try:
                data = self.sock.recv(1 << 20, socket.MSG_DONTWAIT)
            except BlockingIOError:
                break
            except OSError:
                data = b""
            if not data:
                self.gone = True
                break
            if self.skip:
                n = min(self.skip, len(data))
                self.skip -= n
                data = data[n:]
            if self.pos > (1 << 20) and self.pos * 2 > len(self.buf):
                del self.buf[:self.pos]
                self.pos = 0
            self.buf += data
            if len(data) < (1 << 20):
                break
        return not self.gone
    def take(self):
        # The next whole message's frames, or None.
        while len(self.buf) - self.pos >= 4:
            n = int.from_bytes(self.buf[self.pos:self.pos + 4], "little")
            if n > MAX_MSG:
                have = len(self.buf) - self.pos - 4
                self.skip = max(0, n - have)
                self.pos += 4 + min(n, have)
                continue
            if len(self.buf) - self.pos - 4 < n:
                return None
            body = bytes(self.buf[self.pos + 4:self.pos + 4 + n])
            self.pos += 4 + n
            parts, i = [], 0
            while i + 4 <= len(body):
                m = int.from_bytes(body[i:i + 4], "little")
                parts.append(body[i + 4:i + 4 + m])
                i += 4 + m
            return parts
        return None
    def whole(self):
        # Whether a whole message (or one to skip) was read and not taken yet.
        if len(self.buf) - self.pos < 4:
            return False
        n = int.from_bytes(self.buf[self.pos:self.pos + 4], "little")
        return n > MAX_MSG or len(self.buf) - self.pos - 4 >= n
    def drop(self):
        # Messages nobody waits for (between cells), as a PUB socket drops them.
        self.fill()
        while self.take() is not None:
            pass
    def send_multipart(self, parts, copy=True):
        # Session.send's stream: the whole message, reading what the kernel sends meanwhile.
        body = b"".join(len(p).to_bytes(4, "little") + bytes(p) for p in parts)
        data = memoryview(len(body).to_bytes(4, "little") + body)
        while data:
            room = len(self.buf) - self.pos < MAX_MSG + 4
            r, w, _ = select.select([self.sock] if room else [], [self.sock], [], 1.0)
            if r and not self.fill():
                raise RuntimeError("the kernel closed its end: " + exit_reason())
            if w:
                try:
                    data = data[self.sock.send(data, socket.MSG_DONTWAIT):]
                except BlockingIOError:
                    pass
            if data and not kernel_alive():
                raise RuntimeError("the kernel exited: " + exit_reason())

PAIR = None

def execute(code, silent=False):
    # The Jupyter execute_request, as the kernel's shell channel takes it, over the pair; signed by
    # jupyter_client's Session. Never stop_on_error: the bridge sends one cell at a time, and with it
    # ipykernel aborts (runs nothing, says nothing) a request that comes right after a failed one, before it
    # has cleared its aborting flag. An
    # interrupted cell (time limit, cancel) fails too, with KeyboardInterrupt: the next cell would not run
    # while the state stays, which looks like its printed text was lost.
    return session.send(PAIR, "execute_request",
                        {"code": code, "silent": silent, "store_history": not silent, "user_expressions": {},
                         "allow_stdin": False, "stop_on_error": False})["header"]["msg_id"]

def recv():
    # The kernel's next message, None when there is none, {} for one that is not a signed Jupyter message.
    # Checked and unpacked with jupyter_client's Session (its HMAC of the four parts, its JSON unpacker, which
    # replaces bytes that are not UTF-8), without Session.deserialize: that would also parse both headers'
    # dates with dateutil, ~0.1 ms a message, and no date is read here.
    parts = PAIR.take()
    if parts is None:
        PAIR.fill()
        parts = PAIR.take()
        if parts is None:
            return None
    try:
        parts = session.feed_identities(parts)[1]
        if len(parts) < 5 or not hmac.compare_digest(parts[0], session.sign(parts[1:5])):
            return {}
        header, parent, content = session.unpack(parts[1]), session.unpack(parts[2]), session.unpack(parts[4])
    except Exception:
        return {}
    if not (isinstance(header, dict) and isinstance(parent, dict) and isinstance(content, dict)):
        return {}
    return {"msg_type": header.get("msg_type"), "parent_header": parent, "content": content}

def wait_idle(msg_id, until):
    while time.monotonic() < until:
        if not kernel_alive():
            raise RuntimeError("the kernel exited: " + exit_reason())
        if PAIR.gone:
            time.sleep(0.01)
            continue
        if PAIR.whole() or select.select([PAIR], [], [], 0.05)[0]:
            while True:
                msg = recv()
                if msg is None:
                    break
                if (msg.get("parent_header", {}).get("msg_id") == msg_id and msg.get("msg_type") == "status"
                        and msg.get("content", {}).get("execution_state") == "idle"):
                    return True
    return False

def start():
    # jupyter_client starts (and later interrupts, restarts and stops) the kernel; the messages themselves go
    # over the kernel's socket pair (Pair), made and read with jupyter_client's Session but not its blocking
    # client, which runs an asyncio loop per message (a few milliseconds of every trivial cell).
    global km, session, PAIR
    mine, theirs = socket.socketpair()
    km = KernelManager(kernel_name="sandbench")
    try:
        km.start_kernel(cwd=HOME if os.path.isdir(HOME) else "/", pass_fds=(theirs.fileno(),),
                        env=dict(os.environ, SANDBENCH_KERNEL_PAIR=str(theirs.fileno())))
    finally:
        theirs.close()
    mine.set_inheritable(False)
    session = km.session
    PAIR = Pair(mine)
    # Ready once a kernel_info_request's status comes back (the request waits in the pair until the kernel
    # reads it).
    info = session.send(PAIR, "kernel_info_request", {})["header"]["msg_id"]
    if not wait_idle(info, time.monotonic() + 60):
        raise RuntimeError("the kernel did not answer within 60 s")
    if not wait_idle(execute(SETUP, silent=True), time.monotonic() + 30):
        raise RuntimeError("the kernel did not run its setup within 30 s")

def stop():
    global km, PAIR
    if PAIR is not None:
        PAIR.close()
    PAIR = None
    try:
        km.shutdown_kernel(now=True)
    except Exception:
        pass
    km = None

def kernel_alive():
    try:
        return km.provisioner.process.poll() is None
    except Exception:
        return False

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
        self.conn = conn  # CH, or None to drop everything
        self.left = limit
        self.dropped = 0
        self.images = 0
        self.html = MAX_HTML
        self.gone = False
        self.room = ROOM
        self.results = True
        self.t0 = time.monotonic()
        self.lines = []  # lines not sent yet: they go out together when the bridge would wait, or at the end
    def send(self, obj, final=False):
        if self.conn is None:
            return True
        line = json.dumps(obj) + "\n"
        if self.gone or (len(line) > self.room - 300 and not final):
            return False
        self.room -= len(line)
        self.lines.append(line)
        return True
    def flush(self):
        if not self.lines:
            return
        data, self.lines = "".join(self.lines).encode("ascii"), []
        if self.gone:
            return
        try:
            self.conn.sendall(data)
        except OSError:
            self.gone = True
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
        self.flush()  # notes come before a kernel's restart, which takes a while
    def end(self, status, exit_code):
        # us: the bridge's own time for the request, for the benchmark's breakdown (the engine ignores it).
        self.send({"t": "end", "status": status, "dropped": self.dropped, "exit_code": exit_code,
                   "us": int((time.monotonic() - self.t0) * 1e6)}, final=True)
        self.flush()

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

class Lines:
    # Request lines from the engine, at most MAX_LINE bytes each (a longer one is skipped whole).
    def __init__(self):
        self.buf = b""
        self.skipping = False
        self.eof = False
    def take(self):
        while True:
            i = self.buf.find(b"\n")
            if i >= 0:
                line, self.buf = self.buf[:i], self.buf[i + 1:]
                if self.skipping:
                    self.skipping = False
                    continue
                return line
            if len(self.buf) > MAX_LINE:
                self.buf = b""
                self.skipping = True
            return None
    def fill(self):
        if self.eof:
            return
        try:
            b = CH.recv(65536, socket.MSG_DONTWAIT)
        except BlockingIOError:
            return
        except OSError:
            b = b""
        if not b:
            self.eof = True
        self.buf += b
    def next(self):
        while True:
            line = self.take()
            if line is not None or self.eof:
                return line
            # Waiting for the engine, the bridge reads what the kernel sends meanwhile (a thread's output
            # between cells) and drops it; but a cell paused in a tool call goes on after it, and what it
            # sends waits in the pair for its resume (the kernel blocks when that is full).
            kernel = [PAIR] if PAIR is not None and not PAIR.gone and pending is None else []
            ready = select.select([CH] + kernel, [], [])[0]
            if PAIR in ready:
                PAIR.drop()
            if CH in ready:
                self.fill()

LINES = Lines()

class EngineGone(Exception):
    pass

def cancelled():
    # What the engine sent while a cell runs: a cancel (the call was cancelled), or EOF (the engine let go).
    LINES.fill()
    seen = False
    while True:
        line = LINES.take()
        if line is None:
            break
        try:
            seen = seen or bool(json.loads(line).get("cancel"))
        except Exception:
            pass
    if LINES.eof:
        raise EngineGone()
    return seen

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

def cell(conn, req, t0):
    global pending
    out = Out(conn, max(0, int(req.get("max_output", 16384))))
    out.t0 = t0
    timeout = max(0.1, int(req.get("timeout_ms", 120000)) / 1000.0)
    grace = max(0.1, int(req.get("grace_ms", 3000)) / 1000.0)
    out.results = bool(req.get("results", True))
    for f in os.listdir(FIG) if os.path.isdir(FIG) else []:
        if f.startswith("display-"):
            try:
                os.remove(os.path.join(FIG, f))
            except OSError:
                pass
    if km is None or not kernel_alive():
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
            out.end("failed", 0)
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
            collect(drain, p["msg_id"], [], timeout, grace, draining=True)
            out.note("sandbench: an earlier cell's call to %s got no tool result; it raised TimeoutError" % name)
        tools = [n for n in req.get("tools", []) if isinstance(n, str) and NAME.fullmatch(n)]
        if tools:
            timeout_s = max(0.1, int(req.get("tool_timeout_ms", 240000)) / 1000.0)
            execute("__sandbench_tools__(%s, %r)" % (json.dumps(tools), timeout_s), silent=True)
        code = req.get("code", "")
        msg_id = execute(code if isinstance(code, str) else "")
    collect(out, msg_id, tools, timeout, grace)

def exited(out, code, message):
    # The line Jupyter shows for sys.exit ("SystemExit: 3"), where it came in the cell's output; returns the
    # exit status. A message (any value but None or an int) is the cell's text, as a script prints it on
    # stderr (status 1); a status line is not, and is never dropped.
    if message is not None:
        out.text("exit", "SystemExit: %s\n" % message, message=True)
        return 1
    out.send({"t": "exit", "text": "SystemExit\n" if code is None else "SystemExit: %d\n" % code}, final=True)
    return 0 if code is None else code if -2**31 < code < 2**31 else 1

def collect(out, msg_id, tools, timeout, grace, draining=False):
    global pending
    deadline = time.monotonic() + timeout
    interrupted = None
    status = "ok"
    exit_code = 0
    count = 0
    queued = []
    poller = select.poll()
    kernel_fd = PAIR.fileno()
    poller.register(kernel_fd, select.POLLIN)
    poller.register(CH.fileno(), select.POLLIN)
    while True:
        if not queued:
            out.flush()
            ready = dict(poller.poll(0 if PAIR.whole() else 100))
            if kernel_fd in ready and not PAIR.fill():
                poller.unregister(kernel_fd)  # the kernel's end closed: it is exiting
                kernel_fd = -1
            now = time.monotonic()
            # A cancel from the engine (its call was cancelled) interrupts as the time limit does.
            stop_now = (CH.fileno() in ready or LINES.buf) and cancelled() and not draining
            if interrupted is None and (now >= deadline or stop_now):
                km.interrupt_kernel()
                interrupted = now
            if not PAIR.whole():
                if not kernel_alive():
                    out.note("sandbench: the Python kernel stopped while running this cell (%s); its state "
                             "is lost and a new kernel starts" % exit_reason())
                    stop()
                    start()
                    status = "died"
                    break
                if interrupted is not None and now - interrupted > grace:
                    out.note("sandbench: the Python kernel did not stop within %g s of the interrupt; it "
                             "was restarted and the state of earlier cells is lost" % grace)
                    stop()
                    start()
                    status = "restarted"
                    break
                continue
            while len(queued) < 64:
                msg = recv()
                if msg is None:
                    break
                queued.append(msg)
            if not queued:
                continue
        msg = queued.pop(0)
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
                out.end("pending", 0)
                return
        elif t == "display_data" and "application/x-sandbench-exit" in c.get("data", {}):
            v = c["data"]["application/x-sandbench-exit"]
            v = v if isinstance(v, dict) else {}
            code, message = v.get("code"), v.get("message")
            if isinstance(message, str):
                exit_code = exited(out, None, message)
            else:
                exit_code = exited(out, code if type(code) is int else None, None)
            status = "exit"
        elif t == "execute_result" and not out.results:
            pass
        elif t in ("execute_result", "display_data"):
            display(out, c.get("data", {}), "result" if t == "execute_result" else "display", count)
        elif t == "error" and c.get("ename") == "SystemExit":
            # sys.exit(N) ends the cell as a script's exit would, without a traceback; the kernel lives on.
            v = str(c.get("evalue", ""))
            if re.fullmatch(r"-?[0-9]{1,9}", v):
                exit_code = exited(out, int(v), None)
            elif v in ("", "None"):
                exit_code = exited(out, None, None)
            else:
                exit_code = exited(out, None, v)
            status = "exit"
        elif t == "error":
            status = "error"
            tb = ANSI.sub("", "\n".join(c.get("traceback", []))) + "\n"
            out.text("error", tb, ename=str(c.get("ename", "")), evalue=str(c.get("evalue", ""))[:1000])
        elif t == "status" and c.get("execution_state") == "idle":
            break
    if interrupted is not None and status in ("ok", "error", "exit"):
        status = "interrupted"
    out.end(status, exit_code)

def answer(text, status):
    lines = [{"t": "note", "text": text}] if text else []
    lines.append({"t": "end", "status": status})
    try:
        CH.sendall("".join(json.dumps(x) + "\n" for x in lines).encode("ascii"))
    except OSError:
        pass

def main():
    global pending
    try:
        start()
    except Exception as e:
        with open(D + "/failed", "w") as f:
            f.write("the kernel did not start: %s" % e)
        raise
    with open(D + "/ready", "w") as f:
        f.write(str(os.getpid()))
    while True:
        line = LINES.next()
        if line is None:
            return  # the engine closed its end: the container sleeps or the kernel was let go
        t0 = time.monotonic()
        try:
            req = json.loads(line)
            if not isinstance(req, dict):
                raise ValueError("a request is a JSON object")
            if req.get("cancel"):
                continue  # for a cell that has ended already
            if req.get("restart"):
                pending = None
                stop()
                start()
                answer("", "restarted")
            else:
                cell(CH, req, t0)
        except EngineGone:
            return
        except Exception as e:
            answer("sandbench: kernel bridge: %s" % e, "failed")

try:
    main()
finally:
    if km is not None:
        stop()
)PY";

QString quoted(const QString &text)
{
    QString q = text;
    q.replace(u'\'', u"'\\''"_s);
    return u'\'' + q + u'\'';
}

QString bridgeCommand()
{
    return u"python3 -I -c \"$(printf %s '%1' | base64 -d)\""_s.arg(
        QString::fromLatin1(QByteArray(kBridge).toBase64()));
}

// Whether python3 has what the bridge imports: found, not imported (importing ipykernel takes ~0.3 s, and
// the kernel does it again anyway).
constexpr char kProbe[] = "python3 -I -c 'import importlib.util as u, sys; sys.exit(not all(u.find_spec(m) "
                          "for m in (\"ipykernel\", \"jupyter_client\", \"zmq\")))' >/dev/null 2>&1";

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
    // fd 3 is the channel (this command's stderr); bash's own messages go nowhere. The bridge runs in the
    // background of this command's namespace (so that no cell's end can take it along) and holds the only
    // other copy of the channel; "ready" says its kernel answered.
    return u"exec 3>&2 2>/dev/null\n"
           "d=%1\n"
           "command -v python3 >/dev/null 2>&1 || exit 2\n"
           "mkdir -p $d || exit 4\n"
           "[ -e $d/none ] && exit 3\n"
           "if ! %2; then : > $d/none; exit 3; fi\n"
           "rm -f $d/ready $d/failed\n"
           "(cd / && exec setsid %3) </dev/null >>$d/bridge.log 2>&1 &\n"
           "pid=$!\n"
           "exec 3>&-\n"
           "i=0\n"
           "while [ ! -e $d/ready ]; do\n"
           "  [ -e $d/failed ] && { head -c 2000 $d/failed; exit 4; }\n"
           "  kill -0 $pid 2>/dev/null || [ -e $d/ready ] || { echo 'the kernel bridge exited:'; tail -c "
           "2000 "
           "$d/bridge.log; exit 4; }\n"
           "  i=$((i+1)); [ $i -gt 1200 ] && { echo 'the kernel did not start within 60 s'; exit 4; }\n"
           "  sleep 0.05\n"
           "done\n"_s.arg(QLatin1StringView(Dir), QLatin1StringView(kProbe), bridgeCommand());
}

QByteArray KernelCell::request(const QString &code, int timeoutMs, int maxOutputLength, bool showResults,
                               const QJsonObject &extra)
{
    QJsonObject request{{u"code"_s, code},
                        {u"timeout_ms"_s, timeoutMs},
                        {u"max_output"_s, maxOutputLength},
                        {u"grace_ms"_s, GraceMs},
                        {u"results"_s, showResults}};
    for (auto it = extra.constBegin(); it != extra.constEnd(); ++it)
        request.insert(it.key(), it.value());
    return QJsonDocument(request).toJson(QJsonDocument::Compact) + '\n';
}

QByteArray KernelCell::restartRequest()
{
    return QByteArrayLiteral("{\"restart\":true}\n");
}

QByteArray KernelCell::cancelRequest()
{
    return QByteArrayLiteral("{\"cancel\":true}\n");
}

QByteArray KernelCell::headLine(const QString &nonce)
{
    return QJsonDocument(QJsonObject{{u"t"_s, u"kernel"_s}, {u"nonce"_s, nonce}})
               .toJson(QJsonDocument::Compact) +
           '\n';
}

QString KernelCell::cellScript(const QString &nonce, const QString &fallbackScript)
{
    const QString fallbackLine = u"{\"t\":\"fallback\",\"nonce\":\"%1\"}"_s.arg(nonce);
    return u"d=%1\n"
           "if command -v python3 >/dev/null 2>&1; then\n"
           "  if [ -e $d/none ] || ! %2; then\n"
           "    mkdir -p $d && : > $d/none\n"
           "    [ -e $d/said ] || { : > $d/said; printf '%s\\n' %3; }\n"
           "  else\n"
           "    echo 'sandbench: the Python kernel is not running (it did not start, or it stopped); this "
           "cell "
           "runs as a script' >&2\n"
           "  fi\n"
           "fi\n"_s.arg(QLatin1StringView(Dir), QLatin1StringView(kProbe), quoted(fallbackLine)) +
           fallbackScript;
}

QString KernelCell::restartScript()
{
    return u"echo 'sandbench: no Python kernel runs in this container' >&2; exit 1\n"_s;
}

QList<QByteArray> KernelCell::LineSplitter::feed(const char *data, qsizetype size)
{
    QList<QByteArray> lines;
    qsizetype at = 0;
    while (at < size) {
        const char *nl = static_cast<const char *>(memchr(data + at, '\n', size_t(size - at)));
        const qsizetype end = nl ? nl - data : size;
        const qsizetype n = end - at;
        if (!m_skipping) {
            if (m_buffer.size() + n > MaxLineBytes) {
                // Too long: dropped whole, up to its newline.
                m_buffer.clear();
                m_skipping = true;
                ++m_dropped;
            } else {
                m_buffer.append(data + at, n);
            }
        }
        at = end;
        if (nl) {
            ++at;
            if (!m_skipping)
                lines.append(std::exchange(m_buffer, {}));
            m_skipping = false;
        }
    }
    return lines;
}

void KernelCell::LineSplitter::reset()
{
    m_buffer = QByteArray();
    m_skipping = false;
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
        } else if (t == u"exit") {
            out.kind = KernelOutput::Kind::Exit;
            out.stderrStream = o.value(u"message"_s).toBool();
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
        s += truncationMarker(droppedChars);
    return s;
}

QString KernelCellResult::stderrText() const
{
    QString s;
    for (const KernelOutput &o : outputs) {
        if ((o.kind == KernelOutput::Kind::Stream && o.stderrStream) || o.kind == KernelOutput::Kind::Error ||
            o.kind == KernelOutput::Kind::Note)
            s += o.text;
        else if (o.kind == KernelOutput::Kind::Exit && o.stderrStream)
            s += exitMessage(o.text); // sys.exit("message"): what a script prints
    }
    return s;
}

QString KernelCellResult::exitMessage(const QString &exitLine)
{
    const QString prefix = u"SystemExit: "_s;
    return exitLine.startsWith(prefix) ? exitLine.mid(prefix.size()) : exitLine;
}

QString KernelCellResult::logs() const
{
    QString s = mode == Mode::Kernel ? QString() : scriptStdout;
    for (const KernelOutput &o : outputs)
        s += o.text;
    if (droppedChars > 0)
        s += truncationMarker(droppedChars);
    return s;
}
