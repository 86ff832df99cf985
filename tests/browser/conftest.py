"""Browser tests: Voilà serving small test notebooks, driven by Playwright in Debian's
Chromium (``executable_path=shutil.which("chromium")``; ``playwright install`` cannot work
here). Without Chromium these tests skip — unless ``VANDATTA_REQUIRE_BROWSER=1`` (set by
``.ci/run``), which turns the skip into a failure.

One browser and one Voilà server per kind serve the whole session (the test notebooks, the
dashboard, the lessons), so the suite stays quick: each page is a fresh context and kernel.

Helpers: :func:`axe_violations` runs axe-core in a page, loaded from a file (never from the
web): ``AXE_CORE_JS`` if set, else ``.ci/node/node_modules/axe-core/axe.min.js`` in the clone,
where ``.ci/run`` installs the pinned version. :func:`guard_requests` makes a page refuse, and
remember, every request to another host.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).parent / "notebooks"
REPO = Path(__file__).resolve().parents[2]
AXE = REPO / ".ci" / "node" / "node_modules" / "axe-core" / "axe.min.js"
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)


def _missing(what: str) -> None:
    if os.environ.get("VANDATTA_REQUIRE_BROWSER") == "1":
        pytest.fail(f"{what} (VANDATTA_REQUIRE_BROWSER=1: browser tests must run)")
    pytest.skip(what)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, timeout: float = 60.0) -> None:
    # A TCP connect, not a GET: every GET of a notebook page starts a kernel.
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"Voilà did not open port {port} within {timeout} s")


def start_voila(
    root: Path, port: int, *, log: Path, server: str = "vandatta_widgets.server.voila_server"
) -> subprocess.Popen:
    """Voilà serving every notebook under ``root`` on 127.0.0.1:``port``. ``server`` is the
    module run: vandatta_widgets.server.voila_server (Voilà with TCP_NODELAY kept on, what `vandatta dashboard`
    runs) or "voila" itself (for a benchmark's comparison)."""
    cmd = [
        sys.executable,
        "-m",
        server,
        str(root),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--MappingKernelManager.cull_interval=10",
        "--MappingKernelManager.cull_idle_timeout=60",
        "--VoilaConfiguration.show_tracebacks=True",
        "--VoilaExecutor.timeout=120",
    ]
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    return subprocess.Popen(cmd, stdout=log.open("w"), stderr=subprocess.STDOUT, env=env, cwd=root)


def notebook_text(source: str) -> str:
    """A notebook of one code cell holding ``source`` (for scripts that serve their own)."""
    cell = {
        "cell_type": "code",
        "execution_count": None,
        "id": "c1",
        "metadata": {},
        "outputs": [],
        "source": source,
    }
    kernelspec = {"display_name": "Python 3", "language": "python", "name": "python3"}
    return json.dumps(
        {"cells": [cell], "metadata": {"kernelspec": kernelspec}, "nbformat": 4, "nbformat_minor": 5},
        indent=1,
    )


@contextlib.contextmanager
def serving(proc: subprocess.Popen, port: int):
    """Wait until ``proc`` (a Voilà server) listens on ``port``; stop it afterwards."""
    try:
        wait_for_port(port)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="session")
def voila_url(tmp_path_factory: pytest.TempPathFactory):
    """The base URL of a Voilà server for tests/browser/notebooks (render pages live at
    ``{voila_url}/voila/render/NAME.ipynb``)."""
    port = free_port()
    log = tmp_path_factory.mktemp("voila") / "voila.log"
    with serving(start_voila(NOTEBOOKS, port, log=log), port) as url:
        yield url


@pytest.fixture(scope="session")
def dashboard_server(tmp_path_factory: pytest.TempPathFactory):
    """The dashboard served the way ``vandatta dashboard`` serves it
    (:func:`vandatta_widgets.server.serve.dashboard_command`: notebooks/dashboard.ipynb with the settings of
    voila.json, sources stripped, tracebacks hidden; only the culling window is shortened).
    Yields ``(url, process)``."""
    from vandatta_widgets.server.serve import DASHBOARD, dashboard_command

    port = free_port()
    log = tmp_path_factory.mktemp("dashboard") / "voila.log"
    cmd = dashboard_command(
        host="127.0.0.1",
        port=port,
        settings={"MappingKernelManager": {"cull_interval": 10, "cull_idle_timeout": 60}},
    )
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(
        cmd, stdout=log.open("w"), stderr=subprocess.STDOUT, env=env, cwd=DASHBOARD.parent
    )
    with serving(proc, port) as url:
        yield url + "/", proc


@pytest.fixture(scope="session")
def dashboard_url(dashboard_server) -> str:
    return dashboard_server[0]


@pytest.fixture(scope="session")
def lessons_url(tmp_path_factory: pytest.TempPathFactory):
    """Voilà (as ``vandatta dashboard`` runs it) serving the lessons under notebooks/."""
    port = free_port()
    log = tmp_path_factory.mktemp("lessons") / "voila.log"
    with serving(start_voila(REPO / "notebooks", port, log=log), port) as url:
        yield url


def axe_violations(page, *, impacts: tuple[str, ...] = ("serious", "critical")) -> list[dict]:
    """axe-core's violations of ``impacts`` in the page as it is now: ``[{"id", "impact",
    "help", "targets"}]``. axe comes from a local file (see the module docstring)."""
    path = Path(os.environ.get("AXE_CORE_JS", AXE))
    if not path.is_file():
        _missing(f"axe-core is not installed at {path} (.ci/run installs it; or set AXE_CORE_JS)")
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(content=path.read_text(encoding="utf-8"))
    found = page.evaluate(
        """async () => {
          const result = await axe.run(document, { resultTypes: ["violations"] });
          return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
            targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }));
        }"""
    )
    return [v for v in found if v["impact"] in impacts]


def guard_requests(page, base_url: str) -> list[str]:
    """Refuse every request of ``page`` to a host other than ``base_url``'s; returns the list
    the refused addresses are put in (``blob:`` and ``data:`` addresses are the page's own)."""
    from urllib.parse import urlsplit

    home = urlsplit(base_url).netloc
    refused: list[str] = []

    def check(route) -> None:
        url = route.request.url
        scheme, netloc = urlsplit(url)[:2]
        if scheme in ("blob", "data") or netloc == home:
            route.continue_()
        else:
            refused.append(url)
            route.abort()

    page.route("**/*", check)
    return refused


@pytest.fixture(scope="session")
def browser():
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        _missing("Debian's chromium is not installed (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("playwright is not installed (pip install -e .[test])")
    with sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=chromium,
            args=CHROMIUM_FLAGS,
            headless=True,
        )
        yield b
        b.close()


# Voilà closes its kernel's connection as a page is left (``beforeunload``); the widget
# messages still on their way then find no model ("widget model not found") in a document
# nobody sees any more. Such a page's leftovers are not the visitor's errors.
LEAVING = """
addEventListener("beforeunload", () => { window.__vdLeaving = true; });
addEventListener("unhandledrejection", (event) => { if (window.__vdLeaving) event.preventDefault(); });
"""


def watch_errors(page, errors: list[str] | None = None) -> list[str]:
    """Keep ``page``'s uncaught errors in ``errors`` (a new list if none; also ``page.errors``)
    and return it; each is also written to stderr with the page's address and the stack, for
    a failing test's report."""
    errors = [] if errors is None else errors
    page.add_init_script(LEAVING)

    def caught(exc) -> None:
        errors.append(str(exc))
        print(f"page error at {page.url}: {exc}\n{getattr(exc, 'stack', '')}", file=sys.stderr)

    page.on("pageerror", caught)
    # what the page itself reports as going wrong (a widget that failed to load, a refused
    # request): not an error of the test's, but shown with a failing test's report
    page.on(
        "console",
        lambda message: (
            message.type == "error"
            and print(f"console error at {page.url}: {message.text[:500]}", file=sys.stderr)
        ),
    )
    page.errors = errors
    return errors


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    watch_errors(pg)
    yield pg
    context.close()


def open_notebook(page, voila_url: str, name: str, *, ready: str, timeout: float = 90_000) -> None:
    """Open ``name`` in Voilà and wait until ``ready`` (a CSS selector) is visible."""
    page.goto(f"{voila_url}/voila/render/{name}", timeout=timeout)
    page.wait_for_selector(ready, timeout=timeout)


def show_replay(page, *, timeout: float = 120_000) -> None:
    """Once the dashboard is built, show its replay (the page opens on the child's path, "Min
    väg"; ``?classroom=1`` opens on the replay) and wait until its table is drawn."""
    page.wait_for_selector(".vd-dash .vd-db-tabs [role='tab']", timeout=timeout)
    table = ".vd-dash .vd-rp-table svg"
    if not page.locator(table).is_visible():
        page.locator(".vd-db-tabs [role='tab']").nth(1).click()  # Repris / Replay, after Min väg
    page.wait_for_selector(table, timeout=timeout)


def continue_until_persons_turn(page, table: str, *, timeout: float = 60_000) -> None:
    """Press the play table's "Fortsätt ▶" (``table``: a CSS selector of the first such table
    on the page) for each computer player's turn until a person is to move — at the
    classroom's pace ("wait"). At the default pace the computers play on by themselves and the
    button never shows: this then only waits for the person's turn. A round that ends before
    a person's turn fails here, saying so.

    The status and the button are two widgets, and a computer's turn is several moves, each an
    update of its own: the page may show the button of a turn whose last moves (the person's
    turn, the button hidden) are still on their way. So each pass waits until the page shows
    the person's turn or the button, clicks the button only if it is there at that instant
    (a click the kernel gets after the turn is over does nothing), and then waits for the
    move it made; else it looks again."""
    status, button = f"{table} .vd-status", f"{table} .vd-continue"
    for _ in range(40):
        page.wait_for_function(
            """([status, button]) => {
              const s = document.querySelector(status), b = document.querySelector(button);
              return ['human', 'over'].includes(s?.dataset.turn) || (b && b.offsetParent !== null);
            }""",
            arg=[status, button],
            timeout=timeout,
        )
        turn = page.locator(status).first.get_attribute("data-turn")
        if turn == "human":
            return
        if turn == "over":
            raise AssertionError(f"{table}: the round ended before a person's turn")
        before = page.locator(status).first.get_attribute("data-ply")
        pressed = page.locator(button).first.evaluate(
            "b => { if (b.offsetParent === null) return false; b.click(); return true; }"
        )
        if pressed:
            page.wait_for_function(
                "([status, ply]) => document.querySelector(status)?.dataset.ply !== ply",
                arg=[status, before],
                timeout=timeout,
            )
    raise AssertionError(f"{table}: no person's turn after 40 presses of Fortsätt")
