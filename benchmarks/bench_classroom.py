"""A classroom opening the dashboard at once: 30 sessions on loopback against one server
started like ``vandatta dashboard --classroom 30`` (:func:`vandatta_widgets.server.serve.dashboard_command`,
only the culling window shortened for the measurement), then the same without the pool
(every kernel starting cold, for comparison), then the kernels going away after the tabs
close; and, separately, the time to first render of the dashboard against an empty notebook.

    python benchmarks/bench_classroom.py

    options: [--sessions 30] [--browsers 4] [--reps 5] [--classroom N (default: --sessions)]
             [--no-cold] [--cull-interval 5] [--cull-idle 60] [--json out.json] [--ratio-only]

Targets, each printed as "met" or "MISSED" (the exit status is 1 when one is missed or a
session failed): with the pool, median first render ≤ 3 s, 95th percentile ≤ 6 s, no error;
the dashboard's single first render at most 1.3 × the empty notebook's. The cold run has no
target: it is today's figure without ``--classroom``.

With the pool: the server is started, the pool fills (its time is reported, from the start
of the server until the pool reported every page ready), then the class arrives. Memory is
the RSS of the server process and of all its kernels when every session has rendered (the
pool is then refilling for the next class, up to the kernel cap).

The sessions, all started together:

- ``--browsers`` real pages: Debian's Chromium driven by Playwright (one browser, a context
  per page). First render = from the start of the navigation until the replay table's SVG is
  visible; the page must show cards (``<title>`` of a card in the SVG) and raise no page error.
- the rest are light clients, one thread each: an HTTP GET of the page with ``urllib``
  (must be a 200 holding the dashboard's widget-view output and its kernel id), then the
  kernel websocket as Voilà's front-end uses it: open a ``jupyter.widget.control`` comm, ask
  for every widget's state (``request_states``) and check that the dashboard's model is
  there and that the replay table's HTML state holds the SVG with its cards. First render =
  from the GET until that state arrived. The websocket stays open (a tab left open) until
  every session has rendered, then closes.

Memory per kernel: the RSS (``VmRSS`` in ``/proc``) of each ipykernel process of the server
once all sessions have rendered. After the sessions close, the server's kernels are polled
every second until none of the class's kernels (by id, from the pages) is left — with a pool,
the kernels ready for the next class stay; that time is compared with the cull window (``cull_idle_timeout + cull_interval``). Note that
jupyter_server's culler shuts the culled kernels down one after another, each waiting for its
process to exit, so with 30 kernels on two busy cores the last one goes some seconds after
the window.

Dashboard against empty: two more servers started the same way, one for the dashboard, one
for a notebook holding one markdown cell; ``--reps`` page loads in Chromium, alternating,
one at a time, each from the start of the navigation until its content is visible (the
table's SVG; the markdown heading).

How "visible" is timed: a script added to every page checks the element at each animation
frame (present, with a non-empty box, and ``checkVisibility()``) and keeps the page clock
(``performance.now()``, which starts with the navigation) of the first frame it is. Playwright's
``wait_for_selector`` alone would not do: it polls after 0, 20, 50, 100, 100 ms and then every
500 ms, so a page that shows its content more than about 0.3 s after the ``load`` event was
noticed up to half a second late, which swamped the difference being measured
(microsoft/playwright#32276 describes the same). Playwright still waits for the element; the
time comes from the page. Medians, their ratio, and the median of the ratios of neighbouring loads
(steadier when other work shares the machine). Target: at most 1.3.

The machine has two cores: everything is bounded (timeouts, a few repetitions).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import CHROMIUM_FLAGS  # noqa: E402
from tests.helpers.serving import DashboardServer  # noqa: E402
from vandatta_widgets.server.serve import DASHBOARD  # noqa: E402

READY = ".vd-dash .vd-rp-table svg"
EMPTY_READY = ".jp-RenderedMarkdown h1"
# Added to every page: the page clock at the first animation frame where the element named by
# window.__vdReadySelector (set per page) is visible; see the module docstring.
VISIBLE_CLOCK = """
(() => {
  const selector = %s;
  const check = () => {
    const el = document.querySelector(selector);
    if (el) {
      const box = el.getBoundingClientRect();
      const shown = el.checkVisibility ? el.checkVisibility({visibilityProperty: true}) : true;
      if (box.width > 0 && box.height > 0 && shown) {
        window.__vdVisibleAt = performance.now();
        return;
      }
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();
"""


async def timed_visible(page, url: str, selector: str) -> float:
    """Open ``url`` and wait until ``selector`` is visible; the seconds from the start of the
    navigation to the first frame that showed it (see :data:`VISIBLE_CLOCK`)."""
    await page.add_init_script(VISIBLE_CLOCK % json.dumps(selector))
    await page.goto(url, timeout=RENDER_TIMEOUT * 1000)
    await page.wait_for_selector(selector, state="visible", timeout=RENDER_TIMEOUT * 1000)
    await page.wait_for_function("window.__vdVisibleAt !== undefined", timeout=RENDER_TIMEOUT * 1000)
    return await page.evaluate("window.__vdVisibleAt") / 1000


KERNEL_ID = re.compile(r'"kernelId": "([0-9a-f-]{36})"')
KERNEL_FILE = re.compile(r"kernel-([0-9a-f-]{36})\.json")
CARD_TITLE = re.compile(r"<title>(spader|hjärter|ruter|klöver) [a-zåäö]+</title>")
RENDER_TIMEOUT = 300.0
DUMP_DIR: Path | None = None  # where the page of a failed light session is written
SHUTDOWN_GRACE = 5  # s for culled kernel processes to exit
CONTROL_PROTOCOL = "1.0.0"  # ipywidgets' widget control comm, as its front-end speaks it

_EMPTY_NOTEBOOK = {
    "cells": [{"cell_type": "markdown", "id": "title", "metadata": {}, "source": ["# Vändåtta"]}],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
    "nbformat": 4,
    "nbformat_minor": 5,
}


# -- the server ---------------------------------------------------------------------------------


class Server:
    """The dashboard's server the way ``vandatta dashboard [--classroom N]`` runs it, with a
    short culling window and its events read (:class:`tests.helpers.serving.DashboardServer`)."""

    def __init__(
        self, notebook: Path, *, cull_interval: int, cull_idle: int, log: Path, classroom: int = 0
    ) -> None:
        self.cull_window = cull_idle + cull_interval
        self.classroom = classroom
        t0 = time.perf_counter()
        self.server = DashboardServer(
            log,
            notebook=notebook,
            classroom=classroom,
            settings={
                "MappingKernelManager": {"cull_interval": cull_interval, "cull_idle_timeout": cull_idle}
            },
        )
        self.server.__enter__()  # waits until it listens (and stops it if it never does)
        self.proc = self.server.proc
        self.url = self.server.url
        self.pool_fill_s = None
        self.pool_memory: tuple[float, list[float]] | None = None  # (server MB, kernels' MB)
        if classroom:
            try:
                self.server.pool_full(classroom, timeout=RENDER_TIMEOUT * 2)
            except BaseException:
                self.stop()
                raise
            self.pool_fill_s = time.perf_counter() - t0
            kernels = [m for m in (rss_mb(pid) for pid in self.kernels()) if m is not None]
            self.pool_memory = (rss_mb(self.proc.pid) or 0.0, kernels)

    def kernels(self) -> list[int]:
        """The pids of the server's ipykernel processes (Voilà exposes no /api/kernels)."""
        pids = []
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
                ppid = int(stat[stat.rindex(")") + 2 :].split()[1])
                if ppid != self.proc.pid:
                    continue
                cmdline = Path(f"/proc/{entry}/cmdline").read_bytes()
            except (OSError, ValueError):
                continue
            if b"ipykernel" in cmdline:
                pids.append(int(entry))
        return pids

    def kernel_ids(self) -> list[str]:
        """The ids of the server's running kernels (from their connection files' names)."""
        ids = []
        for pid in self.kernels():
            try:
                cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().decode("utf-8", "replace")
            except OSError:
                continue
            found = KERNEL_FILE.search(cmdline)
            if found:
                ids.append(found.group(1))
        return ids

    def stop(self) -> None:
        self.server.__exit__(None, None, None)


def rss_mb(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


# -- a light client ------------------------------------------------------------------------------


@dataclass
class Session:
    kind: str
    kernel_id: str | None = None
    render_s: float | None = None
    html_s: float | None = None
    ok: bool = False
    problems: list[str] = field(default_factory=list)


def _message(session: str, msg_type: str, content: dict, metadata: dict | None = None) -> str:
    return json.dumps(
        {
            "header": {
                "msg_id": uuid.uuid4().hex,
                "username": "bench",
                "session": session,
                "msg_type": msg_type,
                "version": "5.3",
                "date": "2024-01-01T00:00:00.000000Z",
            },
            "parent_header": {},
            "metadata": metadata or {},
            "content": content,
            "channel": "shell",
            "buffers": [],
        }
    )


def _decode(frame: str | bytes) -> dict:
    """A kernel message from jupyter_server's websocket (JSON text, or the binary form with
    buffers: a count, offsets, then the JSON and the buffers)."""
    if isinstance(frame, str):
        return json.loads(frame)
    count = int.from_bytes(frame[:4], "big")
    offsets = [int.from_bytes(frame[4 + 4 * i : 8 + 4 * i], "big") for i in range(count)]
    end = offsets[1] if count > 1 else len(frame)
    return json.loads(frame[offsets[0] : end].decode("utf-8"))


def light_client(url: str, session: Session, start: threading.Event, close: threading.Event) -> None:
    import websocket  # websocket-client

    start.wait()
    t0 = time.perf_counter()
    try:
        with urllib.request.urlopen(url, timeout=RENDER_TIMEOUT) as response:
            status = response.status
            page = response.read().decode("utf-8", "replace")
        session.html_s = time.perf_counter() - t0
        if status != 200:
            session.problems.append(f"HTTP {status}")
            return
        kernel = KERNEL_ID.search(page)
        session.kernel_id = kernel.group(1) if kernel else None
        view = re.search(r'widget-view\+json": \{"model_id": "([0-9a-f]{32})"', page)
        if not kernel or not view:
            error = re.search(r'"ename": "([^"]*)", "evalue": "([^"]{0,200})', page)
            detail = f" ({error.group(1)}: {error.group(2)})" if error else ""
            session.problems.append(f"no kernel id or no widget output in the page{detail}")
            if DUMP_DIR is not None:
                (DUMP_DIR / f"failed-{uuid.uuid4().hex[:8]}.html").write_text(page)
            return
        if "Traceback" in page or "output_error" in page:
            session.problems.append("an error output in the page")
        ws_url = (
            url.replace("http://", "ws://")
            + f"api/kernels/{kernel.group(1)}/channels?session_id={uuid.uuid4()}"
        )
        ws = websocket.create_connection(ws_url, timeout=RENDER_TIMEOUT, origin=url.rstrip("/"))
        try:
            sid, comm = uuid.uuid4().hex, uuid.uuid4().hex
            opening = {"comm_id": comm, "target_name": "jupyter.widget.control", "data": {}}
            ws.send(_message(sid, "comm_open", opening, {"version": CONTROL_PROTOCOL}))
            ws.send(_message(sid, "comm_msg", {"comm_id": comm, "data": {"method": "request_states"}}))
            deadline = time.monotonic() + RENDER_TIMEOUT
            states = None
            while time.monotonic() < deadline and states is None:
                msg = _decode(ws.recv())
                data = msg.get("content", {}).get("data", {})
                if msg.get("msg_type") == "comm_msg" and data.get("method") == "update_states":
                    states = data.get("states", {})
            session.render_s = time.perf_counter() - t0
            if states is None:
                session.problems.append("no widget states")
                return
            if view.group(1) not in states:
                session.problems.append("the dashboard's model is missing from the states")
            tables = [
                s["state"].get("value", "")
                for s in states.values()
                if s.get("model_name") == "HTMLModel" and "vd-rp-table" in str(s["state"].get("_dom_classes"))
            ]
            if not tables or not CARD_TITLE.search(tables[0]):
                session.problems.append("no replay table with cards in the widget states")
            session.ok = not session.problems
            close.wait(timeout=RENDER_TIMEOUT * 2)  # the tab stays open until the class is in
        finally:
            ws.close()
    except Exception as error:  # a failed session is reported, not fatal
        session.problems.append(f"{type(error).__name__}: {error}")


# -- the browsers -----------------------------------------------------------------------------------


async def browser_session(browser, url: str, session: Session, close: asyncio.Event) -> None:
    context = await browser.new_context(viewport={"width": 1280, "height": 800})
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        session.render_s = await timed_visible(page, url, READY)
        kernel = KERNEL_ID.search(await page.content())
        session.kernel_id = kernel.group(1) if kernel else None
        titles = await page.eval_on_selector_all(f"{READY} title", "els => els.map(e => e.textContent)")
        if not any(re.fullmatch(r"(spader|hjärter|ruter|klöver) [a-zåäö]+", x or "") for x in titles):
            session.problems.append("no card in the table")
        await close.wait()
    except Exception as error:
        session.problems.append(f"{type(error).__name__}: {str(error).splitlines()[0]}")
    finally:
        session.problems.extend(f"page error: {e}" for e in errors)
        session.ok = session.render_s is not None and not session.problems
        await context.close()


async def classroom(server: Server, sessions: int, browsers: int) -> dict:
    from playwright.async_api import async_playwright

    before = len(server.kernels())
    light = [Session("light") for _ in range(sessions - browsers)]
    real = [Session("chromium") for _ in range(browsers)]
    start, close_light = threading.Event(), threading.Event()
    threads = [
        threading.Thread(target=light_client, args=(server.url, s, start, close_light), daemon=True)
        for s in light
    ]
    for thread in threads:
        thread.start()
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_FLAGS)
        close_pages = asyncio.Event()
        t0 = time.perf_counter()
        start.set()
        tasks = [asyncio.create_task(browser_session(browser, server.url, s, close_pages)) for s in real]
        # wait until every session has rendered (or failed)
        while time.perf_counter() - t0 < RENDER_TIMEOUT * 1.5:
            done = [s for s in light + real if s.render_s is not None or s.problems]
            if len(done) == sessions:
                break
            await asyncio.sleep(0.5)
        all_in = time.perf_counter() - t0
        pids = server.kernels()
        memory = [m for m in (rss_mb(pid) for pid in pids) if m is not None]
        server_memory = rss_mb(server.proc.pid)
        # the class closes its tabs
        closed = time.perf_counter()
        close_light.set()
        close_pages.set()
        await asyncio.gather(*tasks)
        await browser.close()
    for thread in threads:
        thread.join(timeout=30)
    # The class's kernels (by id: with a pool, the server also holds kernels ready for the
    # next class, which are not culled) must go once the tabs are closed.
    ours = {s.kernel_id for s in light + real if s.kernel_id}
    counts = []
    while time.perf_counter() - closed < server.cull_window * 4 + 60:
        n = len(ours & set(server.kernel_ids()))
        counts.append((round(time.perf_counter() - closed, 1), n))
        if n == 0:
            break
        time.sleep(1.0)
    back_after = time.perf_counter() - closed if counts and counts[-1][1] == 0 else None
    return {
        "sessions": [vars(s) for s in light + real],
        "all_rendered_s": all_in,
        "kernels_while_open": len(pids),
        "kernel_rss_mb": memory,
        "server_rss_mb": server_memory,
        "pool": server.classroom,
        "pool_fill_s": server.pool_fill_s,
        "pool_memory_mb": server.pool_memory,
        "kernels_before": before,
        "class_kernels": len(ours),
        "kernel_counts_after_close": counts,
        "back_after_s": back_after,
        "cull_window_s": server.cull_window,
    }


async def first_render_pairs(dash: Server, empty: Server, reps: int) -> dict:
    from playwright.async_api import async_playwright

    times: dict[str, list[float]] = {"dashboard": [], "empty": []}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_FLAGS)
        for rep in range(reps):
            order = [("empty", empty, EMPTY_READY), ("dashboard", dash, READY)]
            if rep % 2:
                order.reverse()
            for name, server, ready in order:
                context = await browser.new_context(viewport={"width": 1280, "height": 800})
                page = await context.new_page()
                times[name].append(await timed_visible(page, server.url, ready))
                await context.close()
                await asyncio.sleep(1.0)  # let the server settle between loads
        await browser.close()
    return times


# -- report -------------------------------------------------------------------------------------------


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0..100), linear between closest ranks."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = (len(ordered) - 1) * q / 100
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


TARGET_MEDIAN_S = 3.0
TARGET_P95_S = 6.0
TARGET_RATIO = 1.3


def met(ok: bool) -> str:
    return "met" if ok else "MISSED"


def report_classroom(room: dict, args: argparse.Namespace, *, targets: bool) -> bool:
    """Print the figures of one classroom run; False when a session failed, the kernels stayed,
    or (``targets``) a target was missed."""
    sessions = room["sessions"]
    rendered = [s["render_s"] for s in sessions if s["ok"]]
    failed = [s for s in sessions if not s["ok"]]
    by_kind = {
        kind: [s["render_s"] for s in sessions if s["ok"] and s["kind"] == kind]
        for kind in ("chromium", "light")
    }
    memory = room["kernel_rss_mb"]
    pool = room["pool"]
    print()
    title = (
        f"with --classroom {pool} (a pool of {pool} ready pages)"
        if pool
        else "without --classroom (every kernel cold)"
    )
    print(
        f"classroom {title}: {len(sessions)} sessions at once, {len(rendered)} rendered without error, "
        f"{len(failed)} failed"
    )
    if room["pool_fill_s"] is not None:
        print(f"  pool filled ({pool} pages ready) {room['pool_fill_s']:.1f} s after the server started")
    if room.get("pool_memory_mb"):
        server_mb, kernels_mb = room["pool_memory_mb"]
        print(
            f"  memory of the ready server: server {server_mb:.0f} MB + pool {len(kernels_mb)} kernels "
            f"{sum(kernels_mb):.0f} MB = {server_mb + sum(kernels_mb):.0f} MB"
        )
    for s in failed:
        print(f"  failed ({s['kind']}): {'; '.join(s['problems'])[:300]}")
    if failed:
        print(f"  (pages and server logs in {DUMP_DIR})")
    ok = not failed
    if rendered:
        median, p95 = statistics.median(rendered), percentile(rendered, 95)
        print(
            f"  time to first render: median {median:.2f} s, "
            f"95th percentile {p95:.2f} s, max {max(rendered):.2f} s "
            f"(all in after {room['all_rendered_s']:.1f} s)"
        )
        if targets:
            print(f"    target median ≤ {TARGET_MEDIAN_S} s: {met(median <= TARGET_MEDIAN_S)}")
            print(f"    target p95 ≤ {TARGET_P95_S} s: {met(p95 <= TARGET_P95_S)}")
            ok = ok and median <= TARGET_MEDIAN_S and p95 <= TARGET_P95_S
    if targets:
        print(f"    target 0 errors: {met(not failed)} ({len(failed)})")
    for kind, values in by_kind.items():
        if values:
            print(
                f"    {kind:8s} ({len(values):2d}): median {statistics.median(values):.2f} s, "
                f"p95 {percentile(values, 95):.2f} s"
            )
    if memory:
        server_mb = room["server_rss_mb"] or 0
        print(
            f"  memory when all had rendered: server {server_mb:.0f} MB + {room['kernels_while_open']} kernels "
            f"(the class's and, with a pool, those refilling it) {sum(memory):.0f} MB = {server_mb + sum(memory):.0f} MB; "
            f"RSS per kernel: median {statistics.median(memory):.1f} MB (min {min(memory):.1f}, max {max(memory):.1f})"
        )
    back = room["back_after_s"]
    window = room["cull_window_s"]
    counts = room["kernel_counts_after_close"]
    class_kernels = room["class_kernels"]
    first_cull = next((t for t, n in counts if n < class_kernels), 0.0)
    if back is None:
        print(f"  the class's {class_kernels} kernels after the tabs closed: NOT all gone — {counts[-3:]}")
    else:
        # A kernel is culled at the first check (every cull_interval) after cull_idle_timeout
        # of idleness; jupyter_server's culler then shuts the culled kernels down one after
        # another, each waiting for its process to exit.
        if back <= window + SHUTDOWN_GRACE:
            verdict = f"within the cull window of {window} s (+{SHUTDOWN_GRACE} s for processes to exit)"
        else:
            verdict = (
                f"{back - window:.0f} s after the cull window of {window} s: the culler shut the "
                f"{class_kernels} kernels down one after another over {back - first_cull:.0f} s"
            )
        print(
            f"  the class's {class_kernels} kernels after the tabs closed: the first culled after "
            f"{first_cull:.0f} s, all gone after {back:.0f} s — {verdict} "
            f"(cull_idle_timeout {args.cull_idle} s, cull_interval {args.cull_interval} s)"
        )
    return ok and back is not None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=30)
    parser.add_argument("--browsers", type=int, default=4)
    parser.add_argument("--reps", type=int, default=5, help="page loads of each notebook for the ratio")
    parser.add_argument(
        "--classroom", type=int, default=None, help="pages kept ready (default: as many as --sessions)"
    )
    parser.add_argument("--no-cold", action="store_true", help="skip the run without the pool")
    parser.add_argument("--cull-interval", type=int, default=5)
    # Not shorter: a kernel is culled when nothing connected to it for this long, and on a
    # busy machine a Chromium page has taken 27 s from its HTML (instant from the pool) to
    # connecting; `vandatta dashboard` uses 300 s.
    parser.add_argument("--cull-idle", type=int, default=60)
    parser.add_argument("--json", dest="json_path", default=None)
    parser.add_argument(
        "--ratio-only", action="store_true", help="only the dashboard-against-empty comparison"
    )
    args = parser.parse_args()
    if shutil.which("chromium") is None:
        print("Debian's chromium is not installed (apt-get install chromium)", file=sys.stderr)
        return 1

    global DUMP_DIR
    folder = Path(tempfile.mkdtemp(prefix="vandatta-classroom-"))
    DUMP_DIR = folder
    empty_nb = folder / "empty" / "empty.ipynb"
    empty_nb.parent.mkdir()
    empty_nb.write_text(json.dumps(_EMPTY_NOTEBOOK), encoding="utf-8")
    cull = {"cull_interval": args.cull_interval, "cull_idle": args.cull_idle}
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)

    rooms = []
    runs = [] if args.ratio_only else [args.sessions if args.classroom is None else args.classroom]
    if not args.ratio_only and not args.no_cold:
        runs.append(0)
    for pool in runs:
        label = f"--classroom {pool}" if pool else "no pool"
        print(f"{label}: starting the server{' and filling the pool' if pool else ''} …", flush=True)
        server = Server(DASHBOARD, log=folder / f"classroom-{pool}.log", classroom=pool, **cull)
        try:
            print(
                f"{label}: {args.sessions} sessions ({args.browsers} Chromium, "
                f"{args.sessions - args.browsers} light) …",
                flush=True,
            )
            rooms.append(asyncio.run(classroom(server, args.sessions, args.browsers)))
        finally:
            server.stop()

    dash = Server(DASHBOARD, log=folder / "dashboard.log", **cull)
    empty = Server(empty_nb, log=folder / "empty.log", **cull)
    try:
        print(f"dashboard against empty, {args.reps} loads each …", flush=True)
        pairs = asyncio.run(first_render_pairs(dash, empty, args.reps))
    finally:
        dash.stop()
        empty.stop()

    ok = True
    for room in rooms:
        ok = report_classroom(room, args, targets=bool(room["pool"])) and ok
    d, e = statistics.median(pairs["dashboard"]), statistics.median(pairs["empty"])
    paired = statistics.median(x / y for x, y in zip(pairs["dashboard"], pairs["empty"]))
    print()
    print(
        f"first render, one at a time (Chromium, {args.reps} each, no pool): dashboard median {d:.2f} s "
        f"{[round(x, 2) for x in pairs['dashboard']]}, empty notebook median {e:.2f} s "
        f"{[round(x, 2) for x in pairs['empty']]}: ratio of the medians {d / e:.2f}, median of the "
        f"paired ratios {paired:.2f}"
    )
    print(f"    target ratio of the medians ≤ {TARGET_RATIO}: {met(d / e <= TARGET_RATIO)}")
    ok = ok and d / e <= TARGET_RATIO
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    print("ALL TARGETS MET" if ok else "A TARGET WAS MISSED (or a session failed): exit status 1")
    if args.json_path:
        Path(args.json_path).write_text(json.dumps({"classroom": rooms, "first_render": pairs}, indent=1))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
