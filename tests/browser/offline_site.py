"""Serving a built static site (scripts/build_site.py) and browsing it with the network cut:
shared by tests/browser/test_site.py and benchmarks/bench_site.py.

The site is served from a thread of this process on a free loopback port. A browser context
from :func:`offline_context` lets requests to that server through and aborts every other one
(pages, workers, the service worker — Playwright routes them all in Chromium), recording each
in ``context.blocked`` so a test can assert that none was even attempted. Chromium is also
started with host-resolver rules that send every other host nowhere, in case a request ever
slipped past the route (and for a benchmark, which cannot route: routing turns the HTTP
cache off).
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import threading
import time
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import quote, urlsplit

from .conftest import CHROMIUM_FLAGS

try:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
except ImportError:  # the browser fixture skips (or fails) first
    PlaywrightTimeout = TimeoutError

#: The in-browser kernel's display name, as the notebook's toolbar shows it.
KERNEL_NAME = re.compile(r"Python \(Pyodide\)")

#: Any host but the loopback address resolves to nothing.
OFFLINE_FLAGS = [*CHROMIUM_FLAGS, "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]

#: Where a site is looked for when VANDATTA_SITE is not set (scripts/build_site.py's cache).
DEFAULT_SITE = Path(__file__).resolve().parents[2] / ".site-cache" / "site"


def site_dir() -> Path | None:
    """The built site to test: ``$VANDATTA_SITE``, else ``.site-cache/site`` if built."""
    if os.environ.get("VANDATTA_SITE"):
        return Path(os.environ["VANDATTA_SITE"]).resolve()
    return DEFAULT_SITE if (DEFAULT_SITE / "index.html").exists() else None


class _Handler(SimpleHTTPRequestHandler):
    """A quiet static file handler that counts what it sends (``server.sent``) and answers
    the paths of ``server.overrides`` with their bytes instead of the site's file."""

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        body = self.server.overrides.get(urlsplit(self.path).path)  # type: ignore[attr-defined]
        if body is None:
            super().do_GET()
            return
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(urlsplit(self.path).path))
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def copyfile(self, source, outputfile) -> None:  # type: ignore[override]
        size = os.fstat(source.fileno()).st_size
        with self.server.lock:  # type: ignore[attr-defined]
            self.server.sent += size  # type: ignore[attr-defined]
            self.server.files += 1  # type: ignore[attr-defined]
        super().copyfile(source, outputfile)


class SiteServer(ThreadingHTTPServer):
    """``python -m http.server`` in a thread: the way the README tells a school to serve it."""

    daemon_threads = True

    def __init__(self, root: Path, overrides: dict[str, bytes] | None = None) -> None:
        super().__init__(("127.0.0.1", 0), partial(_Handler, directory=str(root)))
        self.overrides = dict(overrides or {})
        self.lock = threading.Lock()
        self.sent = 0
        self.files = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def take_count(self) -> tuple[int, int]:
        """(bytes, files) sent since the last call."""
        with self.lock:
            counted = (self.sent, self.files)
            self.sent = self.files = 0
        return counted


@contextlib.contextmanager
def serving_site(root: Path, *, overrides: dict[str, bytes] | None = None):
    """A :class:`SiteServer` for ``root`` while the block runs (``overrides``: paths answered
    with other bytes than the site's file, e.g. a benchmark's changed settings)."""
    server = SiteServer(root, overrides)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def launch_offline_profile(chromium, profile: Path, **options):
    """A browser with a profile on disk (its HTTP cache too, like a school's laptop; a new
    context of :func:`launch_offline` keeps its cache in memory and drops large files) and
    every host but the loopback address unresolvable: a persistent context."""
    return chromium.launch_persistent_context(
        str(profile),
        executable_path=shutil.which("chromium") or shutil.which("chromium-browser"),
        args=OFFLINE_FLAGS,
        headless=True,
        **options,
    )


def launch_offline(chromium):
    """Debian's Chromium with every host but the loopback address unresolvable; ``chromium``
    is Playwright's browser type (``playwright.chromium`` or ``browser.browser_type``)."""
    return chromium.launch(
        executable_path=shutil.which("chromium") or shutil.which("chromium-browser"),
        args=OFFLINE_FLAGS,
        headless=True,
    )


def offline_context(browser, base_url: str, *, intercept: bool = True, **options):
    """A new context of ``browser`` cut off from every host but ``base_url``'s: see
    :func:`cut_off`."""
    return cut_off(browser.new_context(**options), base_url, intercept=intercept)


def cut_off(context, base_url: str, *, intercept: bool = True):
    """Let ``context`` reach ``base_url``'s host and port only; every request to another host
    is recorded in ``context.blocked`` (URLs, in order). Returns the context.

    With ``intercept`` (the default) each such request is aborted by Playwright's route
    before it leaves the browser. Routing turns the browser's HTTP cache off, though, so a
    benchmark of a warm cache passes ``intercept=False``: requests are then only watched, and
    a browser from :func:`launch_offline` fails them itself (no other host resolves)."""
    allowed = urlsplit(base_url).netloc
    blocked: list[str] = []

    def elsewhere(url: str) -> bool:
        parts = urlsplit(url)
        return parts.scheme not in ("data", "blob") and parts.netloc != allowed

    def route(route) -> None:
        if elsewhere(route.request.url):
            blocked.append(route.request.url)
            route.abort("internetdisconnected")
        else:
            route.continue_()

    if intercept:
        context.route("**/*", route)
    else:
        context.on("request", lambda request: elsewhere(request.url) and blocked.append(request.url))
    context.blocked = blocked
    return context


def notebook_url(base_url: str, path: str) -> str:
    """The Notebook app's page for ``path`` (relative to the site's files, e.g. sv/01-….ipynb)."""
    return f"{base_url}/notebooks/index.html?path={quote(path)}"


def run_all_cells(page, timeout: float = 120_000, *, kernel: re.Pattern = KERNEL_NAME) -> None:
    """Run → Run All Cells, from the menu as a teacher would (found by their names) — unless the
    page runs the notebook by itself as it opens (the site does) — once the notebook has its kernel (the toolbar names it: ``kernel``, the in-browser one by default).
    The menu comes first: clicked before the notebook is tied to its kernel, Run All finds no
    kernel and leaves the cells unrun."""
    page.get_by_role("button", name=kernel).first.wait_for(timeout=timeout)
    if page.evaluate("() => window.vandattaRunOnOpen !== undefined"):
        return  # the site runs each notebook as it opens (site/run_on_open.js): no second run
    page.get_by_role("menuitem", name="Run", exact=True).click(timeout=timeout)
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click(timeout=timeout)


def expect_cells_ran(page, timeout: float = 240_000) -> None:
    """Every code cell has run and none shows an error (nor anything on stderr); ``timeout``
    is the longest the notebook may go without a cell finishing. Fails at
    once if the page tried to reach another host meanwhile (the kernel would never start):
    the page's context comes from :func:`cut_off`.

    Run All runs the cells one after another, so the last has run when some prompt shows the
    count of code cells. (A cell whose code is collapsed — ``source_hidden``, as most lesson
    cells are — shows its count on its output, not beside its code.)"""
    ran = """() => {
        const counts = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt, .jp-CodeCell .jp-OutputPrompt')]
            .map(p => parseInt((p.textContent.match(/\\[(\\d+)\\]/) || [])[1] || '0', 10));
        return [document.querySelectorAll('.jp-CodeCell').length, Math.max(0, ...counts)];
    }"""
    done = f"() => {{ const [cells, last] = ({ran})(); return cells > 0 && last >= cells; }}"
    # The wait is on the cells, not on a clock: ``timeout`` is how long the notebook may go
    # without a cell finishing (a machine under load runs them slower, but they keep coming).
    deadline, last = time.monotonic() + timeout / 1000, -1
    while True:
        assert page.context.blocked == [], f"the site tried to reach other hosts: {page.context.blocked}"
        try:
            page.wait_for_function(done, timeout=5_000)
            break
        except PlaywrightTimeout:
            now_ran = page.evaluate(ran)[1]
            if now_ran > last:
                last, deadline = now_ran, time.monotonic() + timeout / 1000
            elif time.monotonic() > deadline:
                raise
    errors = page.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.error"]')
    assert errors.count() == 0, errors.all_inner_texts()
    stderr = page.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')
    assert stderr.count() == 0, stderr.all_inner_texts()
