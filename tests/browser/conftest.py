"""Browser tests: Voilà serving small test notebooks, driven by Playwright in Debian's
Chromium (``executable_path=shutil.which("chromium")``; ``playwright install`` cannot work
here). Without Chromium these tests skip — unless ``VANDATTA_REQUIRE_BROWSER=1`` (set by
``.ci/run``), which turns the skip into a failure.
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


def start_voila(root: Path, port: int, *, log: Path, server: str = "widgets.server") -> subprocess.Popen:
    """Voilà serving every notebook under ``root`` on 127.0.0.1:``port``. ``server`` is the
    module run: widgets.server (Voilà with TCP_NODELAY kept on, what `vandatta dashboard`
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


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.errors = errors  # type: ignore[attr-defined]
    yield pg
    context.close()


def open_notebook(page, voila_url: str, name: str, *, ready: str, timeout: float = 90_000) -> None:
    """Open ``name`` in Voilà and wait until ``ready`` (a CSS selector) is visible."""
    page.goto(f"{voila_url}/voila/render/{name}", timeout=timeout)
    page.wait_for_selector(ready, timeout=timeout)
