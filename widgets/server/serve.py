"""``vandatta dashboard``: serve the Voilà dashboard on 127.0.0.1 (Voilà is imported only in a
child process, so the engine keeps no Jupyter dependency).

The child process is ``python -m vandatta_widgets.server.voila_server``: Voilà with a pool of
ready pages for a classroom, a cap on kernels, TCP_NODELAY and the packages' bytecode written
once (see that module). This module is the UI layer's: the engine's command line finds it
through the entry point ``vandatta.commands`` (``dashboard``), never by importing it. It lives
beside the server it starts (it names its module and reads its events; the server asks it for
the teacher's sentences, :func:`store_sentence`), not in the dashboard's ``app``, which the
server never imports.

The settings come from ``voila.json`` beside the notebooks (kernel culling, because Voilà
leaks a kernel on every closed tab; an executor timeout, and a longer wait for a cell's
output so a busy machine does not serve a page without it; sources stripped; tracebacks
hidden), with the same values built in for an installed package without the repository.
Any other section of ``voila.json`` is passed on too, e.g. a classroom's pool and cap::

    {"VoilaConfiguration": {"preheat_kernel": true, "default_pool_size": 30},
     "KernelCap": {"max_kernels": 60}}

What the teacher reads in the terminal (the address, the pool filling up, a full room, a
port already taken) is written here, in Swedish or English, from the events the server
reports; the address is printed only once the server listens on it.

Stopping (Ctrl+C, TERM, a closed terminal) is this command's to do, whenever it comes: the
server runs in a session (so a process group) of its own, so the terminal's Ctrl+C reaches
only this command, which asks the server to stop with one TERM (it shuts its kernels down),
kills it and its kernels if they are not gone within :data:`STOP_GRACE_S` (at once on a
second Ctrl+C), and keeps what they print on their way down from the teacher. Should this
command die without stopping it (killed, crashed), the server sees its stdin close and stops.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from vandatta.lang import default_lang

from ..base.i18n import counted, t
from ..base.problem import Problem

if TYPE_CHECKING:
    from types import FrameType

    # what signal.signal returns and takes back: a handler, SIG_DFL/SIG_IGN, or None
    _SignalHandler = Callable[[int, FrameType | None], Any] | int | signal.Handlers | None

__all__ = [
    "serve_dashboard",
    "run_command",
    "dashboard_command",
    "DEFAULT_SETTINGS",
    "PortTakenError",
    "ServeError",
    "listen_error",
    "store_sentence",
    "default_lang",
    "message",
]

REPO = Path(__file__).resolve().parents[2]  # widgets/server/serve.py -> the repository
DASHBOARD = REPO / "notebooks" / "dashboard.ipynb"
EVENT_PREFIX = "@vandatta "  # lines of vandatta_widgets.server.voila_server's events on its stdout
# How long the server has, once asked to stop, to shut its kernels down before it and they are
# killed: jupyter_client gives a kernel 5 s to answer its shutdown request, then TERMs it.
STOP_GRACE_S = 15.0

DEFAULT_SETTINGS: dict[str, dict[str, object]] = {
    "VoilaConfiguration": {"show_tracebacks": False, "strip_sources": True, "theme": "light"},
    # iopub_timeout: with a classroom's kernels starting at once, the dashboard's output can
    # arrive seconds after its cell finished; nbclient's default (4 s) then silently drops it
    # and the page comes without the dashboard.
    "VoilaExecutor": {"timeout": 120, "iopub_timeout": 30},
    "MappingKernelManager": {"cull_interval": 30, "cull_idle_timeout": 300, "cull_connected": False},
}

# What the dashboard notebook holds: one call (kept here too, so an installed
# package without the repository can still serve it).
NOTEBOOK = {
    "cells": [
        {
            "cell_type": "code",
            "id": "dashboard",
            "execution_count": None,
            "metadata": {},
            "outputs": [],
            "source": ["from vandatta_widgets.app.page import DashboardPage\n", "\n", "DashboardPage()"],
        },
    ],
    "metadata": {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "title": "Vändåtta",  # the page's <title>; the dashboard's own header carries the heading
    },
    "nbformat": 4,
    "nbformat_minor": 5,
}


# Kernels talk to the server over Unix sockets where there are any: with TCP, jupyter_client
# picks each kernel's ports by binding and releasing them, and kernels starting at the same
# moment (a classroom opening the page together) can pick the same port; the loser dies with
# "ZMQError: Address already in use" and its page never comes (papermill#511, positron#5799).
# Socket files are named after the kernel, so there is nothing to race for. (Not in
# voila.json: Windows has no such sockets.)
POSIX_SETTINGS: dict[str, dict[str, object]] = {"KernelManager": {"transport": "ipc"}}

# -- what the teacher reads ------------------------------------------------------------------------


def message(key: str, lang: str, **values: object) -> str:
    """One of the sentences the teacher reads, in ``lang``.

    >>> message("progress", "sv", ready=12, size=30), message("progress", "en", ready=12, size=30)
    ('12 av 30 platser klara', '12 of 30 seats ready')
    """
    return t("srv_" + key, lang, **values)


def store_sentence(event: dict, lang: str) -> str:
    """What the teacher reads about the store's file, from one of the server's ``store_…``
    events (see :mod:`vandatta_widgets.server.table_store`).

    >>> store_sentence({"event": "store_broken", "codes": ["AHCK7"]}, "en")
    'Saved tables or classes that could not be read are not shown: AHCK7 (1). The others are kept.'
    """
    kind = event.get("event")
    if kind == "store_set_aside":
        return message("store_set_aside", lang, aside=event.get("aside"))
    if kind == "store_memory":
        return message("store_memory", lang, path=event.get("path"))
    if kind == "store_broken":
        codes = list(event.get("codes") or [])
        return message("store_broken", lang, n=len(codes), codes=", ".join(map(str, codes)))
    return message("store_write_failed", lang)


class ServeError(Problem):
    """The dashboard cannot be served as asked: a catalog key (``srv_…``) and its values, said
    in either language by :meth:`text`; ``str(error)`` is the sentence in the teacher's ``lang``."""

    def __init__(self, key: str, lang: str, **values: object) -> None:
        super().__init__("srv_" + key, **values)
        self.lang = lang
        self.args = (self.text(lang),)


class PortTakenError(ServeError):
    """The port asked for is already in use."""


# -- the command line of the server ----------------------------------------------------------------


def _settings(overrides: Mapping[str, Mapping[str, object]] | None = None) -> dict[str, dict[str, object]]:
    path = REPO / "voila.json"
    settings = {k: dict(v) for k, v in DEFAULT_SETTINGS.items()}
    if os.name == "posix":
        for section, values in POSIX_SETTINGS.items():
            settings.setdefault(section, {}).update(values)
    if path.exists():
        for section, values in json.loads(path.read_text(encoding="utf-8")).items():
            if section != "Voila":  # where to listen is the command's to say
                settings.setdefault(section, {}).update(values)
    for section, given in (overrides or {}).items():
        settings.setdefault(section, {}).update(given)
    return settings


def dashboard_command(
    *,
    host: str = "127.0.0.1",
    port: int = 8866,
    notebook: Path | None = None,
    settings: Mapping[str, Mapping[str, object]] | None = None,
    classroom: int = 0,
    max_kernels: int = 0,
    events: bool = False,
    lifeline: bool = False,
) -> list[str]:
    """The command line that serves the dashboard (or ``notebook``) with the settings of
    ``voila.json``; ``settings`` overrides some of them, e.g. a short culling window for a
    test: ``{"MappingKernelManager": {"cull_interval": 5, "cull_idle_timeout": 20}}``.

    ``classroom``: keep that many kernels ready with the notebook already run (Voilà's
    preheating); ``max_kernels``: the cap on kernels (0: from the machine's memory);
    ``events``: the server reports on stdout what :func:`serve_dashboard` tells the teacher;
    ``lifeline``: the server stops when its stdin closes (give it a pipe that the process that
    started it holds open while it lives).
    The server never moves to another port when ``port`` is taken: it stops.
    """
    if notebook is None:
        notebook = DASHBOARD if DASHBOARD.exists() else _write_notebook()
    extra: dict[str, dict[str, object]] = {}
    if classroom > 0:
        extra["VoilaConfiguration"] = {"preheat_kernel": True, "default_pool_size": classroom}
    if max_kernels > 0:
        extra["KernelCap"] = {"max_kernels": max_kernels}
    server = {"events": events, "watch_stdin": lifeline}
    if any(server.values()):
        extra["DashboardServer"] = {key: True for key, on in server.items() if on}
    merged = _settings(settings)
    for section, values in extra.items():
        merged.setdefault(section, {}).update(values)
    cmd = [
        sys.executable,
        "-m",
        "vandatta_widgets.server.voila_server",
        str(notebook),
        "--no-browser",
        f"--port={port}",
        "--Voila.port_retries=0",
        f"--Voila.ip={host}",
    ]
    for section, values in merged.items():
        for key, value in values.items():
            if isinstance(value, (dict, list)):
                value = json.dumps(value)
            cmd.append(f"--{section}.{key}={value}")  # traitlets reads True/False and numbers
    return cmd


def _write_notebook() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="vandatta-"))
    path = folder / "dashboard.ipynb"
    path.write_text(json.dumps(NOTEBOOK, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def bind_error(host: str, port: int) -> OSError | None:
    """Why ``port`` cannot be bound on ``host`` now (as the server will bind it), or None."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        if os.name == "posix":  # as tornado does: a port left in TIME_WAIT is free
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host or "0.0.0.0", port))
        except OSError as error:  # socket.gaierror too: a name that does not resolve
            return error
    return None


def port_is_free(host: str, port: int) -> bool:
    """Whether ``port`` can be bound on ``host`` now (as the server will bind it)."""
    return bind_error(host, port) is None


def listen_error(error: OSError, *, host: str, port: int, lang: str) -> ServeError:
    """What the teacher reads when the server cannot listen on ``host``:``port``: the port is
    taken only when the system says so; a name that does not resolve, or an address that is
    not this machine's, is the host's fault, not the port's.

    >>> import socket
    >>> str(listen_error(socket.gaierror(-2, "Name or service not known"), host="x.invalid", port=80, lang="en"))[:36]
    'No computer called x.invalid can be '
    """
    if isinstance(error, socket.gaierror):
        return ServeError("unknown_host", lang, host=host)
    if error.errno == errno.EADDRNOTAVAIL:
        return ServeError("host_not_here", lang, host=host)
    if error.errno == errno.EADDRINUSE:
        return PortTakenError("port_taken", lang, port=port, other=_free_neighbour(host, port))
    if error.errno == errno.EACCES:
        return ServeError("port_forbidden", lang, port=port)
    return ServeError("cannot_listen", lang, host=host, port=port, code=error.errno)


# -- serving ------------------------------------------------------------------------------------------


class _Teacher:
    """Turns the server's events into the sentences the teacher reads on ``out``."""

    def __init__(self, *, host: str, lang: str, out: TextIO) -> None:
        self.host, self.lang, self.out = host, lang, out
        self.listening = threading.Event()
        self.pool_full_once = False
        self.last_full = -1e9
        self.progress_open = False  # a progress line without its newline yet
        self.tty = bool(getattr(out, "isatty", lambda: False)())

    def say(self, key: str, **values: object) -> None:
        self.say_text(message(key, self.lang, **values))

    def say_text(self, text: str) -> None:
        self._end_progress()
        print(text, file=self.out, flush=True)

    def event(self, event: dict) -> None:
        kind = event.get("event")
        if kind == "listening":
            shown = shown_host(self.host)
            url = f"http://{shown}:{event['port']}{event.get('base_url') or '/'}"
            self.say("serving", url=url)
            if event.get("max_kernels"):
                self.say("cap", max=event["max_kernels"])
            if event.get("pool"):
                self.say_text(counted("srv_filling", event["pool"], self.lang, size=event["pool"]))
            self.listening.set()
        elif kind == "pool" and not self.pool_full_once:
            ready, size = int(event["ready"]), int(event["size"])
            if ready >= size:
                self.pool_full_once = True
                self.say_text(counted("srv_ready", size, self.lang, size=size))
            elif self.tty:
                print(
                    "\r" + message("progress", self.lang, ready=ready, size=size),
                    end="",
                    file=self.out,
                    flush=True,
                )
                self.progress_open = True
            elif ready and ready % max(1, size // 5) == 0:
                self.say("progress", ready=ready, size=size)
        elif str(kind).startswith("store_"):  # the server rate-limits what repeats
            self.say_text(store_sentence(event, self.lang))
        elif kind == "classes_unavailable":  # the lessons and the tables start regardless
            self.say("classes_unavailable", error=event.get("error") or "?")
        elif kind == "full" and time.monotonic() - self.last_full > 60:
            self.last_full = time.monotonic()
            self.say("full", kernels=event.get("kernels"), max=event.get("max"))

    def _end_progress(self) -> None:
        if self.progress_open:
            print(file=self.out)
            self.progress_open = False


def shown_host(host: str) -> str:
    """The host part of the address the teacher gives out: ``localhost`` for the loopback,
    this machine's address on its network when listening on every address.

    >>> shown_host("127.0.0.1"), shown_host("10.0.0.5"), shown_host("fe80::1")
    ('localhost', '10.0.0.5', '[fe80::1]')
    """
    if host in ("127.0.0.1", "::1", "localhost"):
        return "localhost"
    if host in ("", "0.0.0.0", "::"):
        host = _network_address() or socket.gethostname()
    return f"[{host}]" if ":" in host else host


def _network_address() -> str | None:
    # The address of the interface that routes outwards: connecting a UDP socket sends nothing.
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.254.254.254", 1))
            address = probe.getsockname()[0]
        except OSError:
            return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def _relay(stream: TextIO, teacher: _Teacher | None, echo: TextIO, hush: threading.Event) -> None:
    # Reads to the end whatever happens (a terminal gone, say): a server or kernel blocked on a
    # full pipe would never stop. Once ``hush`` is set, what comes is no longer the teacher's.
    for line in stream:
        if hush.is_set():
            continue
        try:
            if teacher is not None and line.startswith(EVENT_PREFIX):
                with contextlib.suppress(ValueError):
                    teacher.event(json.loads(line[len(EVENT_PREFIX) :]))
            else:
                echo.write(line)
                echo.flush()
        except (OSError, ValueError):  # nowhere to write to any more
            hush.set()


class _StopRequests:
    """The requests to stop received so far (Ctrl+C, TERM, the terminal closed). The handler
    only counts them: :func:`serve_dashboard` acts on them where it is, instead of an exception
    raised wherever the command happens to be (say, in the middle of starting the server)."""

    SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")

    def __init__(self) -> None:
        self.count = 0
        self._previous: dict[int, _SignalHandler] = {}

    def __call__(self, signum: int, frame: object) -> None:
        self.count += 1

    def __enter__(self) -> _StopRequests:
        if threading.current_thread() is threading.main_thread():  # where signals are handled
            for name in self.SIGNALS:
                signum = getattr(signal, name, None)
                if signum is not None:
                    self._previous[signum] = signal.signal(signum, self)
        return self

    def __exit__(self, *exc: object) -> None:
        for signum, handler in self._previous.items():
            signal.signal(signum, handler if handler is not None else signal.SIG_DFL)


def _start_server(cmd: list[str]) -> subprocess.Popen:
    # In a process group of its own: the terminal's Ctrl+C reaches only this command, which
    # stops the server with one TERM (see _stop_server). Reaching both, it came to the server
    # at any moment of its start (a traceback from the middle of an import, a KeyboardInterrupt
    # caught by code of Voilà's or Jupyter's and lost) and the command's TERM a moment after
    # it. stdin: the server's lifeline (it stops once this command is gone and the pipe closes).
    group: dict[str, Any]
    if sys.platform == "win32":  # (os.name == "nt"; the type checker knows this spelling)
        group = {"creationflags": subprocess.CREATE_NEW_PROCESS_GROUP}
    else:
        group = {"start_new_session": True}
    return subprocess.Popen(
        cmd,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        errors="replace",
        bufsize=1,
        **group,
    )


def _stop_server(proc: subprocess.Popen, stop: _StopRequests, *, grace: float = STOP_GRACE_S) -> None:
    """Stop the server and its kernels: TERM (it shuts its kernels down), then, after
    ``grace`` seconds or at a further request to stop, KILL for it and its kernels. Returns
    once they are all gone, within ``grace`` and a few seconds."""
    # The kernels are each in a session of their own (jupyter_client starts them so), so a
    # signal to the server does not reach them; where the server could not shut them down
    # they are killed here, where /proc tells which they are (elsewhere they stop by
    # themselves once the server has gone: ipykernel watches its parent).
    kernels = set(_descendants(proc.pid))
    asked = stop.count
    with contextlib.suppress(OSError):
        proc.terminate()
    deadline = time.monotonic() + grace
    while proc.poll() is None and time.monotonic() < deadline and stop.count == asked:
        kernels.update(_descendants(proc.pid))
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=0.2)
    if proc.poll() is None:
        kernels.update(_descendants(proc.pid))
        with contextlib.suppress(OSError):
            proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=10)
    left = [p for p in kernels if _still(p)]
    for pid, _ in left:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 5
    while any(_still(p) for p in left) and time.monotonic() < deadline:
        time.sleep(0.05)


# A process is named by its pid and its start time (field 22 of /proc/PID/stat), so that a pid
# used again by another process is not taken for it.
_Process = tuple[int, int]


def _stat(pid: int) -> list[str] | None:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except (OSError, ValueError):
        return None
    return text[text.rindex(")") + 2 :].split()  # the fields from the third on (state, ppid, …)


def _descendants(pid: int) -> list[_Process]:
    """The processes started by ``pid``, by them, and so on (nothing where there is no /proc)."""
    children: dict[int, list[_Process]] = {}
    with contextlib.suppress(OSError):
        for entry in os.listdir("/proc"):
            fields = _stat(int(entry)) if entry.isdigit() else None
            if fields is not None and fields[0] != "Z":
                children.setdefault(int(fields[1]), []).append((int(entry), int(fields[19])))
    found: list[_Process] = []
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child[0])
    return found


def _still(process: _Process) -> bool:
    """Whether that process still runs (not gone, not a zombie, its pid not used again)."""
    fields = _stat(process[0])
    return fields is not None and fields[0] != "Z" and int(fields[19]) == process[1]


def serve_dashboard(
    *,
    host: str = "127.0.0.1",
    port: int = 8866,
    classroom: int = 0,
    max_kernels: int = 0,
    lang: str | None = None,
    out: TextIO | None = None,
) -> int:
    """Start the dashboard's server, tell the teacher where it is (once it listens there) and
    how the pool fills, and block until it stops. Ctrl+C, TERM or a closed terminal, at any
    moment, stops the server and its kernels (see :func:`_stop_server`) and returns 0.

    Raises :class:`ServeError` for a setting out of range or a ``host`` it cannot listen on
    (:func:`listen_error`), and :class:`PortTakenError` when ``port`` is in use (0 picks a
    free port).
    """
    lang = lang or default_lang()
    out = out or sys.stdout
    if not 0 <= port < 65536:
        raise ServeError("bad_port", lang, port=port)
    if classroom < 0:
        raise ServeError("bad_classroom", lang, n=classroom)
    if max_kernels < 0:
        raise ServeError("bad_cap", lang, n=max_kernels)
    if max_kernels and classroom > max_kernels:
        raise ServeError("classroom_over_cap", lang, n=classroom, max=max_kernels)
    with _StopRequests() as stop:  # from here on a Ctrl+C is a request to stop, never lost
        refused = bind_error(host, 0 if port == 0 else port)
        if refused is not None:
            raise listen_error(refused, host=host, port=port, lang=lang)
        if port == 0:
            port = _any_free_port(host)
        cmd = dashboard_command(
            host=host, port=port, classroom=classroom, max_kernels=max_kernels, events=True, lifeline=True
        )
        cmd.append("--Voila.log_level=ERROR")  # the teacher reads our sentences, not Voilà's log
        if stop.count:
            return 0
        teacher = _Teacher(host=host, lang=lang, out=out)
        hush = threading.Event()
        proc = _start_server(cmd)
        relays = [
            threading.Thread(target=_relay, args=(proc.stdout, teacher, out, hush), daemon=True),
            threading.Thread(target=_relay, args=(proc.stderr, None, sys.stderr, hush), daemon=True),
        ]
        code = None
        try:
            for relay in relays:
                relay.start()
            while code is None and not stop.count:
                with contextlib.suppress(subprocess.TimeoutExpired):
                    code = proc.wait(timeout=0.2)
        finally:
            if code is None:  # asked to stop (or failed here): quietly, whatever the server was doing
                hush.set()
                _stop_server(proc, stop)
            for relay in relays:
                if relay.is_alive():
                    relay.join(timeout=5)
            with contextlib.suppress(OSError):
                if proc.stdin is not None:
                    proc.stdin.close()
        if code is None:
            return 0
    if not teacher.listening.is_set():
        refused = bind_error(host, port)
        if refused is not None:  # taken between our check and the server's
            raise listen_error(refused, host=host, port=port, lang=lang)
        teacher.say("stopped", code=code)
        return code or 1
    return code


def _any_free_port(host: str) -> int:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.bind((host or "0.0.0.0", 0))
        return probe.getsockname()[1]


def _free_neighbour(host: str, port: int) -> int:
    for candidate in range(port + 1, min(port + 50, 65535)):
        with contextlib.suppress(OSError):
            if port_is_free(host, candidate):
                return candidate
    return 0


def run_command(args: argparse.Namespace) -> int:
    """``vandatta dashboard``, as the engine's command line runs it through the entry point
    ``vandatta.commands`` (the engine imports nothing of the UI): 2 with one sentence on stderr
    when the dashboard cannot be served as asked."""
    try:
        return serve_dashboard(
            host=args.host,
            port=args.port,
            classroom=args.classroom,
            max_kernels=args.max_kernels,
            lang=args.lang,
        )
    except ServeError as error:
        print(error.text(error.lang), file=sys.stderr)
        return 2
