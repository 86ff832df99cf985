"""Serving the dashboard (``vandatta dashboard``, :mod:`vandatta_widgets.server.serve`, :mod:`vandatta_widgets.server.voila_server`):
the command line of the server, the address printed, a port already taken, the cap on
kernels and its "full" page, the pool of ready pages for a classroom, unknown URLs.

The tests that start a server talk to it over HTTP and the kernel API (no browser); the
classroom's browser tests are in tests/browser/test_classroom_browser.py.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import json
import os
import shutil
import signal
import socket
import string
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

from tests.helpers.serving import DashboardServer, get, kernel_of
from vandatta_widgets.base.i18n import UI
from vandatta_widgets.server import serve
from vandatta_widgets.server import voila_server as dashboard_server

ROOT = Path(__file__).resolve().parents[2]
CLI = [sys.executable, "-m", "vandatta.cli"]


def _run_cli(args: list[str], cwd: Path, **kwargs) -> subprocess.Popen:
    """``vandatta ARGS`` in a fresh process, from the package on PYTHONPATH (or installed): run
    from ``cwd``, so that ``-m`` does not put the working tree first."""
    return subprocess.Popen(
        [*CLI, *args], cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kwargs
    )


# -- the server's command line -----------------------------------------------------------------------


def test_dashboard_command_carries_the_settings() -> None:
    cmd = serve.dashboard_command(port=9999)
    assert cmd[1:4] == [
        "-m",
        "vandatta_widgets.server.voila_server",
        str(ROOT / "notebooks" / "dashboard.ipynb"),
    ]
    for flag in (
        "--port=9999",
        "--Voila.port_retries=0",  # never another port than the one printed
        "--Voila.ip=127.0.0.1",
        "--no-browser",
        "--VoilaConfiguration.show_tracebacks=False",
        "--VoilaConfiguration.strip_sources=True",
        "--VoilaExecutor.timeout=120",
        "--VoilaExecutor.iopub_timeout=30",
        "--MappingKernelManager.cull_interval=30",
        "--MappingKernelManager.cull_idle_timeout=300",
    ):
        assert flag in cmd
    assert not any("preheat" in c or "KernelCap" in c or "events" in c for c in cmd)
    short = serve.dashboard_command(
        port=1, settings={"MappingKernelManager": {"cull_interval": 5, "cull_idle_timeout": 20}}
    )
    assert (
        "--MappingKernelManager.cull_interval=5" in short
        and "--MappingKernelManager.cull_interval=30" not in short
    )
    assert "--MappingKernelManager.cull_idle_timeout=20" in short


def test_classroom_and_cap_become_voila_settings() -> None:
    cmd = serve.dashboard_command(port=1, classroom=30, max_kernels=60, events=True)
    for flag in (
        "--VoilaConfiguration.preheat_kernel=True",
        "--VoilaConfiguration.default_pool_size=30",
        "--KernelCap.max_kernels=60",
        "--DashboardServer.events=True",
    ):
        assert flag in cmd
    assert not any("watch_stdin" in c for c in cmd)  # only where stdin is the starter's pipe
    assert "--DashboardServer.watch_stdin=True" in serve.dashboard_command(port=1, lifeline=True)


def test_voila_json_matches_the_built_in_settings() -> None:
    settings = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
    for section, values in serve.DEFAULT_SETTINGS.items():
        assert settings[section] == values


def test_every_sentence_for_the_teacher_exists_in_both_languages_with_the_same_blanks() -> None:
    # the sentences are the UI catalog's ("srv_…", "full_…"; the catalog test checks both
    # languages and their blanks): every one the server code names is there
    fields = lambda text: sorted(f for _, f, _, _ in string.Formatter().parse(text) if f)  # noqa: E731
    source = (ROOT / "widgets/server/serve.py").read_text(encoding="utf-8")
    keys = [key.removeprefix("srv_") for key in UI if key.startswith("srv_")]
    assert len(keys) == 23
    for key in keys:
        said = f'"srv_{key.split(".")[0]}"' if "." in key else f'"{key}"'  # counted("srv_ready", n, …)
        assert said in source, f"srv_{key} is said nowhere"
        assert fields(UI["srv_" + key]["sv"]) == fields(UI["srv_" + key]["en"]), key
    for key in ("title", "heading", "body", "retry", "other"):
        assert UI["full_" + key]["sv"] != UI["full_" + key]["en"], key


def test_out_of_range_settings_are_refused_in_the_teachers_language(capsys) -> None:
    from vandatta.cli import main

    assert main(["dashboard", "--port", "70000", "--lang", "en"]) == 2
    assert "--port must be a number from 0 to 65535, not 70000" in capsys.readouterr().err
    assert main(["dashboard", "--classroom", "30", "--max-kernels", "10", "--lang", "sv"]) == 2
    assert "--classroom 30 får inte vara större än --max-kernels 10" in capsys.readouterr().err
    assert main(["dashboard", "--classroom", "-1", "--lang", "en"]) == 2
    assert "--classroom must be 0 or more" in capsys.readouterr().err


def test_the_default_cap_follows_the_machines_memory() -> None:
    assert dashboard_server.default_max_kernels(24 * 1024) == 24 * 1024 // 2 // dashboard_server.KERNEL_MB
    assert dashboard_server.default_max_kernels(256) == 4
    assert dashboard_server.default_max_kernels() >= 4


def test_the_full_page_speaks_the_visitors_language() -> None:
    sv = dashboard_server.full_page("sv", path="/")
    en = dashboard_server.full_page("en", path="/")
    assert '<html lang="sv">' in sv and "Det är fullt just nu" in sv and 'href="/?lang=en"' in sv
    assert '<html lang="en">' in en and "It is full right now" in en and 'href="/?lang=sv"' in en
    assert "<script" not in sv + en  # a plain page: it works when nothing else does
    assert dashboard_server.full_page("en", path='/"><x>').count("<x>") == 0


# -- the address printed, a port taken (issue #12, item 8) --------------------------------------------


def test_a_taken_port_stops_the_command_with_a_clear_message(tmp_path) -> None:
    """Voilà used to move quietly to the next port while the command printed the one asked for."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        proc = _run_cli(
            ["dashboard", "--port", str(port)], tmp_path, env=dict(os.environ, LANG="en_GB.UTF-8")
        )
        try:
            out, err = proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            proc.terminate()
            out, err = proc.communicate(timeout=60)
            pytest.fail(f"the command kept running with port {port} taken; it printed {out!r}")
    assert proc.returncode == 2
    assert f"Port {port} is already used by another program" in err
    assert "http://" not in out and "Traceback" not in err


def test_the_address_printed_is_the_one_served(tmp_path) -> None:
    proc = _run_cli(["dashboard", "--port", "0"], tmp_path, env=dict(os.environ, LANG="sv_SE.UTF-8"))
    try:
        first = proc.stdout.readline()
        assert first.startswith("Vändåtta: http://localhost:"), first
        url = first.split()[1].replace("localhost", "127.0.0.1")
        status, page, _ = get(url)
        assert status == 200 and kernel_of(page), page[:500]
        assert "Högst" in proc.stdout.readline()  # the cap, in Swedish
    finally:
        proc.terminate()
        code = proc.wait(timeout=60)
    assert code in (0, -15)


# -- the cap and its "full" page (issue #12, item 5), unknown URLs (item 10) ----------------------------


@pytest.fixture(scope="module")
def capped(tmp_path_factory):
    log = tmp_path_factory.mktemp("capped") / "server.log"
    with DashboardServer(log, max_kernels=1) as server:
        yield server


def test_a_visitor_beyond_the_cap_gets_the_full_page_not_a_kernel(capped) -> None:
    first = get(capped.url)
    assert first[0] == 200 and kernel_of(first[1])
    status, page, headers = get(capped.url + "?lang=en")
    assert status == 503 and headers.get("Retry-After") == "60"
    assert "It is full right now" in page and kernel_of(page) is None
    status, page, _ = get(capped.url, headers={"Accept-Language": "sv-SE,sv;q=0.9,en;q=0.5"})
    assert status == 503 and "Det är fullt just nu" in page
    event = capped.wait_for("full", timeout=10)
    assert event["max"] == 1


def test_unknown_template_urls_answer_404(tmp_path) -> None:
    """Voilà's template-file handler answered a path it could not split with a 500 and a
    traceback in the log. (A server of the browser tests' notebooks: no kernel is started.)"""
    from tests.browser.conftest import NOTEBOOKS, free_port, serving, start_voila

    port, log = free_port(), tmp_path / "voila.log"
    with serving(start_voila(NOTEBOOKS, port, log=log), port) as url:
        for path in ("foo", "lab/x/y", "/static/x", "", "lab/static/", "nope/static/x.js"):
            status, body, _ = get(f"{url}/voila/templates/{path}")
            assert status == 404, (path, status)
            assert "Traceback" not in body
        assert get(f"{url}/voila/templates/lab/static/voila.js")[0] == 200  # a real one
    assert "Traceback" not in log.read_text()


# -- the classroom's pool (issue #13) -------------------------------------------------------------------


def _many_gets(url: str, n: int) -> list[tuple[int, str, dict]]:
    with concurrent.futures.ThreadPoolExecutor(n) as pool:
        return list(pool.map(lambda _: get(url), range(n)))


def _kernel_processes(server: DashboardServer) -> int:
    count = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            if int(stat[stat.rindex(")") + 2 :].split()[1]) == server.proc.pid:
                count += b"ipykernel" in Path(f"/proc/{entry}/cmdline").read_bytes()
        except (OSError, ValueError):
            continue
    return count


@pytest.mark.slow
def test_the_pool_gives_each_visitor_a_kernel_of_their_own_and_keeps_the_cap(tmp_path) -> None:
    settings = {"VoilaKernelManager": {"fill_delay": 0}, "KernelPool": {"refill_quiet": 0}}
    with DashboardServer(tmp_path / "server.log", classroom=3, max_kernels=4, settings=settings) as server:
        listening = server.wait_for("listening")
        assert listening["pool"] == 3 and listening["max_kernels"] == 4
        server.pool_full(3)
        answers = _many_gets(server.url, 6)
        served = [kernel_of(body) for status, body, _ in answers if status == 200]
        full = [body for status, body, _ in answers if status == 503]
        assert len(served) == 4 and len(set(served)) == 4, [a[0] for a in answers]
        assert len(full) == 2 and all("Det är fullt just nu" in body for body in full)
        assert all(server.kernel_alive(k) for k in served)
        time.sleep(3)  # the pool would refill now if it ignored the cap
        assert _kernel_processes(server) <= 4


@pytest.mark.slow
def test_a_kernel_that_waited_in_the_pool_is_not_culled_before_its_page_connects(tmp_path) -> None:
    """Pool kernels are never culled while they wait; handed to a visitor after waiting longer
    than the idle timeout, one used to be culled at the culler's next round, before the
    browser (still loading the page's scripts) connected to it."""
    settings = {
        "VoilaKernelManager": {"fill_delay": 0},
        "MappingKernelManager": {"cull_interval": 1, "cull_idle_timeout": 4, "cull_connected": False},
    }
    with DashboardServer(tmp_path / "server.log", classroom=1, max_kernels=4, settings=settings) as server:
        server.pool_full(1)
        time.sleep(7)  # idle in the pool for longer than cull_idle_timeout
        status, page, _ = get(server.url)
        kernel = kernel_of(page)
        assert status == 200 and kernel
        time.sleep(2.5)  # a slow tablet still loading the page's scripts
        assert server.kernel_alive(kernel), "the visitor's kernel was culled before the page connected"


@pytest.mark.parametrize(
    "name",
    ["vandatta_widgets.server.serve", "vandatta_widgets.server.voila_server", "vandatta_widgets.app.visit"],
)
def test_doctests_of_serving(name: str) -> None:
    import doctest
    import importlib

    results = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert results.attempted > 0 and results.failed == 0


# -- the visitor's query in the kernel (vandatta_widgets.app.visit) -----------------------------------------------


@pytest.fixture
def visit(monkeypatch):
    """A fresh vandatta_widgets.app.visit (no query known yet), with Voilà's variables cleared."""
    import importlib

    import vandatta_widgets.app.visit

    saved = dict(os.environ)
    for name in ("QUERY_STRING", "VOILA_PREHEAT", "VOILA_KERNEL_ID", "VOILA_APP_PORT", "VOILA_APP_IP"):
        monkeypatch.delenv(name, raising=False)
    yield importlib.reload(vandatta_widgets.app.visit)
    os.environ.clear()  # the module sets the request's variables itself, as Voilà would
    os.environ.update(saved)
    importlib.reload(vandatta_widgets.app.visit)  # and keeps the query it got: later tests start afresh


def test_a_page_in_a_kernel_started_for_its_visitor_follows_its_query(visit, monkeypatch) -> None:
    from vandatta_widgets.app.page import DashboardPage

    monkeypatch.setenv("VOILA_PREHEAT", "False")
    monkeypatch.setenv("QUERY_STRING", "lang=en")
    assert DashboardPage(defer=False).dashboard.lang == "en"
    monkeypatch.setenv("QUERY_STRING", "lang=xx")  # not a language of the page: ignored
    assert DashboardPage(defer=False).dashboard.lang == "sv"


def test_outside_voila_there_is_no_visit(visit) -> None:
    seen = []
    visit.on_visit(seen.append)
    assert seen == []


def test_a_kernel_of_the_pool_gets_its_visitors_query_when_the_visitor_comes(visit, monkeypatch) -> None:
    """What Voilà does for a preheated kernel: its server sends the request's variables over
    the websocket /voila/query/<kernel id> once a visitor took the kernel."""
    import asyncio

    import tornado.web
    import tornado.websocket

    kernel_id = "0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0"
    request = {"QUERY_STRING": "lang=en&classroom=1", "SERVER_NAME": "127.0.0.1"}

    class QuerySocket(tornado.websocket.WebSocketHandler):
        def open(self, kernel: str) -> None:
            assert kernel == kernel_id
            asyncio.get_running_loop().call_later(0.2, self.write_message, request)  # the visitor comes

    async def scenario() -> list:
        app = tornado.web.Application([(r"/voila/query/([0-9a-f-]+)", QuerySocket)])
        sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
        server = tornado.httpserver.HTTPServer(app)
        server.add_sockets(sockets)
        monkeypatch.setenv("VOILA_PREHEAT", "True")
        monkeypatch.setenv("VOILA_KERNEL_ID", kernel_id)
        monkeypatch.setenv("VOILA_APP_PORT", str(sockets[0].getsockname()[1]))
        seen: list = []
        visit.on_visit(seen.append)  # the page, built before the visitor arrived
        assert seen == []
        for _ in range(100):
            if seen:
                break
            await asyncio.sleep(0.05)
        visit.on_visit(seen.append)  # later pages of the kernel get it at once
        server.stop()
        return seen

    import tornado.httpserver
    import tornado.netutil

    # a loop of its own, in a thread of its own (another test may have left one running here)
    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        seen = thread.submit(lambda: asyncio.run(scenario())).result(timeout=60)
    assert seen == [{"lang": "en", "classroom": "1"}] * 2
    assert os.environ["QUERY_STRING"] == "lang=en&classroom=1"


# -- stopping: Ctrl+C at any moment, the command gone (issue 33, item 3) --------------------------


def _stat(pid: int) -> list[str] | None:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except (OSError, ValueError):
        return None
    return text[text.rindex(")") + 2 :].split()  # state, ppid, … (fields 3 on)


class _Tree:
    """The processes a command started, those started by them, and so on: every one seen
    while it runs (a thread looks every 50 ms), by pid and start time (a pid used again is not
    taken for one of them), with its command line."""

    def __init__(self, root: int) -> None:
        self.root = root
        self.seen: dict[tuple[int, int], str] = {}
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._thread.start()

    def _watch(self) -> None:
        while not self._done.is_set():
            self.look()
            self._done.wait(0.05)

    def look(self) -> None:
        children: dict[int, list[tuple[int, int]]] = {}
        for entry in os.listdir("/proc"):
            fields = _stat(int(entry)) if entry.isdigit() else None
            if fields is not None:
                children.setdefault(int(fields[1]), []).append((int(entry), int(fields[19])))
        todo = [self.root]
        while todo:
            for child in children.get(todo.pop(), []):
                with contextlib.suppress(OSError):  # read again: a child execs after its fork
                    cmdline = Path(f"/proc/{child[0]}/cmdline").read_bytes().decode(errors="replace")
                    self.seen[child] = cmdline or self.seen.get(child, "")  # a zombie's is empty
                todo.append(child[0])

    def named(self, word: str) -> list[tuple[int, int]]:
        return [p for p, cmdline in list(self.seen.items()) if word in cmdline]

    def alive(self) -> list[str]:
        left = []
        for (pid, started), cmdline in list(self.seen.items()):
            fields = _stat(pid)
            if fields is not None and fields[0] != "Z" and int(fields[19]) == started:
                left.append(f"{pid} {cmdline.replace(chr(0), ' ')[:120]}")
        return left

    def stop_watching(self) -> None:
        self._done.set()
        self._thread.join(timeout=5)


class _Command:
    """``vandatta ARGS`` in a session of its own (a terminal's foreground group of this command
    alone), its stdout and stderr read as they come, its processes watched (:class:`_Tree`)."""

    def __init__(self, args: list[str], cwd: Path, env: dict) -> None:
        self.proc = _run_cli(args, cwd, env=env, start_new_session=True)
        self.tree = _Tree(self.proc.pid)
        self.lines: list[str] = []
        self.err: list[str] = []
        self._readers = [
            threading.Thread(target=self._read, args=(self.proc.stdout, self.lines), daemon=True),
            threading.Thread(target=self._read, args=(self.proc.stderr, self.err), daemon=True),
        ]
        for reader in self._readers:
            reader.start()

    @staticmethod
    def _read(stream, into: list[str]) -> None:
        for line in stream:
            into.append(line)

    def said(self, text: str) -> bool:
        return any(text in line for line in list(self.lines))

    def wait_until(self, condition, what: str, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                pytest.fail(
                    f"{what}: not within {timeout} s; printed {self.lines!r}, {''.join(self.err)[-2000:]}"
                )
            time.sleep(0.01)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=10)
        self.tree.stop_watching()
        for pid in self.tree.alive():  # what a failing test left behind: not the next test's
            with contextlib.suppress(OSError, ValueError):
                os.kill(int(pid.split()[0]), signal.SIGKILL)
        for reader in self._readers:
            reader.join(timeout=10)


# The moments of the start a Ctrl+C may come at, and how the test knows it has come.
MOMENTS = {
    # the server's process exists (started, importing Voilà)
    "spawned": lambda cmd, tmp: bool(cmd.tree.named("vandatta_widgets.server.voila_server")),
    # the server has read its settings and installed Voilà's TERM handler, and is setting
    # itself up (the folder of its kernels' connection files exists) but not yet listening
    "starting": lambda cmd, tmp: any(tmp.glob("voila_*")),
    # the server listens and the pool is filling: its kernel is starting or running the notebook
    "filling": lambda cmd, tmp: cmd.said("Preparing 1 seat") and bool(cmd.tree.named("ipykernel")),
    # the pool is full
    "ready": lambda cmd, tmp: cmd.said("1 seat ready"),
}


@pytest.mark.slow
@pytest.mark.parametrize("moment", list(MOMENTS))
def test_ctrl_c_at_any_moment_stops_the_server_and_every_kernel_quietly(tmp_path, moment) -> None:
    """The terminal's Ctrl+C reached the server too (in the command's process group), at any
    moment of its start: a traceback from the middle of an import, Voilà's TERM handler failing
    before its loop existed, the command's TERM cutting the server's shutdown of its kernels
    short; in a full run of the suite the server was still running minutes later."""
    from tests.browser.conftest import free_port

    port = free_port()
    temp = Path(tempfile.mkdtemp(prefix="vd"))  # short: the kernels' sockets are named in it
    env = dict(os.environ, TMPDIR=str(temp))
    cmd = _Command(["dashboard", "--classroom", "1", "--port", str(port), "--lang", "en"], tmp_path, env)
    try:
        cmd.wait_until(lambda: MOMENTS[moment](cmd, temp), f"the moment {moment!r}", timeout=180)
        assert cmd.proc.poll() is None
        os.killpg(cmd.proc.pid, signal.SIGINT)  # Ctrl+C
        cmd.wait_until(lambda: cmd.proc.poll() is not None, "the command's exit", serve.STOP_GRACE_S + 15)
        assert cmd.proc.returncode == 0, cmd.err
        cmd.wait_until(lambda: not cmd.tree.alive(), f"every process gone (left: {cmd.tree.alive()})", 10)
        cmd.wait_until(lambda: serve.port_is_free("127.0.0.1", port), f"port {port} free", 10)
    finally:
        cmd.close()
        shutil.rmtree(temp, ignore_errors=True)
    assert cmd.tree.named("vandatta_widgets.server.voila_server"), cmd.tree.seen
    if moment in ("filling", "ready"):
        assert cmd.tree.named("ipykernel")  # there was a kernel to stop
    err = "".join(cmd.err)
    assert "Traceback" not in err and "KeyboardInterrupt" not in err and "Error" not in err, err
    if moment == "ready":
        assert cmd.lines[-2:] == ["Preparing 1 seat …\n", "1 seat ready – the page can be opened now.\n"]


@pytest.mark.slow
def test_the_server_and_its_kernels_stop_when_the_command_is_killed(tmp_path) -> None:
    """Killed (or its terminal window closed) without a word to the server, the command left it
    serving with its kernels and its port: now the server's stdin closes with the command."""
    from tests.browser.conftest import free_port

    port = free_port()
    args = ["dashboard", "--classroom", "1", "--port", str(port), "--lang", "en"]
    cmd = _Command(args, tmp_path, dict(os.environ))
    try:
        cmd.wait_until(lambda: cmd.said("1 seat ready"), "the pool full", timeout=180)
        assert cmd.tree.named("ipykernel")
        os.kill(cmd.proc.pid, signal.SIGKILL)
        cmd.wait_until(lambda: not cmd.tree.alive(), f"every process gone (left: {cmd.tree.alive()})", 20)
        cmd.wait_until(lambda: serve.port_is_free("127.0.0.1", port), f"port {port} free", 10)
    finally:
        cmd.close()
