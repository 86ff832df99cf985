"""The static lesson site: how long a pupil waits for the first cards, and how big the site is.

    python benchmarks/bench_site.py [--site DIR] [--runs 5] [--lesson sv/01-goal-and-deal.ipynb]
                                    [--throttle 4] [--breakdown] [--json out.json]

Without ``--site`` it measures ``$VANDATTA_SITE`` or ``.site-cache/site``, building that first
with scripts/build_site.py if it is not there. The site is served the way the README says
(Python's ``http.server``, here in a thread on a free loopback port) and opened in Debian's
Chromium with every other host cut off (tests/browser/offline_site.py: no other host resolves;
requests are watched rather than routed, as Playwright's routing turns the HTTP cache off); a
run that tries to reach another host is reported as a failure.

One run: a browser with a fresh profile on disk (an empty cache: *cold*) opens the lesson's
page, clicks Run → Run All Cells as soon as the notebook has its kernel, and the time is taken
when the first picture of cards is on the screen; then a new page in the same browser opens the lesson again
(*warm*: the browser's HTTP cache on disk filled, the service worker installed) and is timed the
same way. Times run from the start of the navigation (the page clock, ``performance.now()``)
to the first animation frame where the picture is visible — a script in the page checks
each frame, so Playwright's polling does not add its own delay. Also timed: when the
notebook's cells are first shown, and when the first code cell has run (Python started in the
page and the lesson's imports done). Each figure is the median of ``--runs`` runs. The run
includes starting Python in the browser (Pyodide's WebAssembly, its standard library, the
wheels of the kernel, the widgets and this package) as well as running the cells.

Size: every file of the site, by part; and the bytes the server actually sent for a cold and
for a warm load (a warm load revalidates with ``If-Modified-Since`` and gets 304s). The cold
load's bytes count until the site's service worker (site/offline_worker.js) says it has kept
the site for offline use (``window.vandattaOffline``), so they include what the worker fetched
for its cache. Each run also opens the lesson once more in another fresh profile with the
worker left out (``/offline.js`` served empty: *no worker*): what the first visit would cost
without offline use, and how long it takes — the cold load's bytes against this are the
service worker's cost on a school's shared network.

``--throttle N`` slows Chromium's CPU N times (DevTools' ``Emulation.setCPUThrottlingRate``):
``--throttle 4`` is a Chromebook-class device. Chromium throttles only the page's thread
(for a worker it answers "Operation is only supported for pages, not workers"), so the
kernel's worker, where Python runs, keeps this machine's speed: a throttled figure is a lower
bound for such a device. ``--breakdown`` prints where the time of each kind of load went, from
the page's clock, the kernel worker's own clock and its resource timings:

- *app*: the JupyterLite page and its JavaScript, until it starts the kernel's worker;
- *fetch*: until the worker has Pyodide's files and the wheels of the lock (a fetch ends
  when the worker reads it: when its thread is busy starting Python, later);
- *python*: the rest of the worker's start: WebAssembly compiled, Python started, the wheels
  unpacked, the kernel started (``import piplite.piplite``, ``import pyodide_kernel``), until
  the first cell has run;
- *lesson*: from there to the first cards (the lesson's import cell and the cells before).

and, from one more warm load whose settings (served by the benchmark, the site untouched) ask
Python for ``-X importtime``, what the kernel's start imports cost in the browser.

No target: the figures are for the README and for noticing regressions. Starting Python in
the page is CPU-bound: run it alone on a quiet machine (e.g. under ``flock`` if other
benchmarks share it); figures taken while other work runs are noisy (the load average is
printed before and after).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.offline_site import (  # noqa: E402
    DEFAULT_SITE,
    cut_off,
    launch_offline_profile,
    notebook_url,
    run_all_cells,
    serving_site,
    site_dir,
)

OUT = ROOT / "benchmarks" / "out"
CARDS = '.jp-OutputArea-output[data-mime-type="image/svg+xml"] img, .jp-OutputArea-output svg'
#: What is timed, in order: (name, CSS selector, a pattern its text must match or "").
MARKS = [
    ("cells", ".jp-Notebook .jp-CodeCell", ""),  # the notebook shown
    ("first cell", ".jp-CodeCell .jp-InputPrompt", r"\[1\]"),  # Python and its kernel started
    ("cards", CARDS, ""),  # the first picture of cards
]
# Added to every page: the page clock at the first animation frame where each mark's selector
# matches a visible element (with matching text) — window.__vdSeen[name].
VISIBLE_CLOCK = (
    "const __vdMarks = "
    + json.dumps(MARKS)
    + """;
(() => {
  window.__vdSeen = {};
  const check = () => {
    for (const [name, selector, pattern] of __vdMarks) {
      if (window.__vdSeen[name] !== undefined) continue;
      const el = [...document.querySelectorAll(selector)].find(
        (e) => e.getBoundingClientRect().height > 0 && e.checkVisibility()
          && (!pattern || new RegExp(pattern).test(e.textContent)));
      if (el) window.__vdSeen[name] = performance.now();
    }
    if (Object.keys(window.__vdSeen).length < __vdMarks.length) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();
"""
)


def site_size(site: Path) -> dict[str, int]:
    """Bytes of the site by part."""
    parts = {
        "Python runtime (Pyodide)": lambda p: p.parent.name == "pyodide" and p.suffix != ".whl",
        "wheels (kernel, widgets, this package)": lambda p: p.suffix == ".whl",
        "JupyterLite app": lambda p: p.parts[len(site.parts)] in ("build", "lab", "notebooks", "tree"),
        "JupyterLab extensions": lambda p: p.parts[len(site.parts)] == "extensions",
        "lessons": lambda p: p.parts[len(site.parts)] in ("files", "api"),
    }
    sizes = dict.fromkeys([*parts, "other", "total"], 0)
    for path in site.rglob("*"):
        if not path.is_file():
            continue
        size = path.stat().st_size
        sizes["total"] += size
        part = next((name for name, match in parts.items() if match(path)), "other")
        sizes[part] += size
    return sizes


#: From the kernel's worker: its clock's origin and what it fetched (resource timings).
WORKER_TIMES = """() => ({
  origin: performance.timeOrigin,
  fetched: performance.getEntriesByType('resource').map(
    (e) => ({name: e.name, start: e.startTime, end: e.responseEnd, bytes: e.transferSize})),
})"""

#: The phases of ``--breakdown``, in order: (name, what it covers).
PHASES = [
    ("app", "JupyterLite's page and JavaScript, until the kernel's worker starts"),
    ("fetch", "the worker fetching Pyodide (JS, WebAssembly, stdlib) and the wheels"),
    ("python", "WebAssembly compiled, Python started, wheels installed, kernel started"),
    ("lesson", "from the first cell run to the first cards (the lesson's imports, cells)"),
]


def breakdown(page, seen: dict, workers: list) -> dict:
    """The phases of a load (seconds each, see :data:`PHASES`) and the worker's fetches, from
    the page's marks (``seen``, page clock in ms) and the kernel worker's resource timings."""
    origin = page.evaluate("() => performance.timeOrigin")
    kernel = None
    for worker in workers:
        try:
            times = worker.evaluate(WORKER_TIMES)
        except Exception:  # a worker that has ended meanwhile
            continue
        if any(f["name"].endswith("pyodide.asm.wasm") for f in times["fetched"]):
            kernel = times
    if kernel is None:
        return {}
    shift = kernel["origin"] - origin  # the worker's clock in the page's (ms)
    fetched = [f | {"start": f["start"] + shift, "end": f["end"] + shift} for f in kernel["fetched"]]
    wheels = [f for f in fetched if f["name"].split("?")[0].endswith(".whl")]
    runtime = [f for f in fetched if "/static/pyodide/" in f["name"] and f not in wheels]
    done = max(f["end"] for f in runtime + wheels)
    points = [0.0, shift, done, seen["first cell"], seen["cards"]]
    phases = {name: (b - a) / 1000 for (name, _), a, b in zip(PHASES, points, points[1:])}

    def span(files: list[dict]) -> float:
        return (max(f["end"] for f in files) - min(f["start"] for f in files)) / 1000 if files else 0.0

    wasm = [f for f in runtime if f["name"].endswith(".wasm")]
    details = {
        "Pyodide's files fetched": span(runtime),
        "of which the WebAssembly": span(wasm),
        "wheels fetched": span(wheels),
        "wheel count": len(wheels),
        "wheel bytes sent": sum(f["bytes"] for f in wheels),
    }
    return {"phases": phases, "details": details}


def timed_load(
    context, url: str, *, throttle: float = 1, detail: bool = False, console=None, offline: bool = False
) -> dict:
    """Open ``url`` in a new page, run all cells, wait for the first cards: page-clock times
    (and with ``detail`` the load's :func:`breakdown`; ``console`` gets the workers' console
    messages). With ``offline`` the page stays open until the site's service worker has kept
    the site (or failed to), so that what it fetches is counted with the load."""
    page = context.new_page()
    errors: list[str] = []
    workers: list = []

    def on_worker(worker) -> None:
        workers.append(worker)
        if console is not None:
            worker.on("console", console)

    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("worker", on_worker)
    if throttle != 1:
        # Only the page's thread: Chromium refuses it for workers ("Operation is only
        # supported for pages, not workers"), so Python in the kernel's worker runs at speed.
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    try:
        page.goto(url, timeout=240_000 * throttle)
        run_all_cells(page, timeout=240_000 * throttle)
        page.locator(CARDS).first.wait_for(timeout=300_000 * throttle)
        page.wait_for_function(
            "(n) => Object.keys(window.__vdSeen || {}).length === n", arg=len(MARKS), timeout=60_000
        )
        seen = page.evaluate("() => window.__vdSeen")
        if offline:
            page.wait_for_function(
                "() => !['registering', undefined].includes(window.vandattaOffline)",
                timeout=300_000 * throttle,
            )
        load = {name: seen[name] / 1000 for name, _, _ in MARKS} | {"errors": errors}
        if detail:
            load["breakdown"] = breakdown(page, seen, workers)
        load["origin"] = page.evaluate("() => performance.timeOrigin")
        return load
    except Exception:
        OUT.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(OUT / "bench_site-failed.png"))
        print(f"  (a screenshot of the failed page: {OUT / 'bench_site-failed.png'})", file=sys.stderr)
        raise
    finally:
        page.close()


#: Python's ``-X importtime`` lines: "import time: self [us] | cumulative | imported package".
IMPORT_TIME = re.compile(r"import time:\s+(\d+) \|\s+(\d+) \|(\s*)(\S+)")
#: The imports the breakdown names (the first import of each, with what it imported): the
#: kernel's start (piplite imports micropip) and the lesson's import cell.
NAMED_IMPORTS = [
    "piplite.piplite",
    "micropip",
    "pyodide_kernel",
    "IPython",
    "ipywidgets",
    "anywidget",
    "vandatta",
]


def import_times(site: Path, lesson: str) -> dict[str, float]:
    """Seconds the imports of :data:`NAMED_IMPORTS` took in the browser's Python (the first
    import of each, with everything it imported), and ``lesson's imports`` (every top-level
    import the cells made), from one warm load of the site with settings that ask Python for
    ``-X importtime`` (``PYTHONPROFILEIMPORTTIME``), served by the benchmark in place of the
    site's own: the site is not changed. Python prints a line per import on its C stderr,
    which Pyodide logs to the worker's console."""
    from playwright.sync_api import sync_playwright

    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))
    settings = config["jupyter-config-data"]["litePluginSettings"]
    kernel = settings["@jupyterlite/pyodide-kernel-extension:kernel"]
    options = kernel.setdefault("loadPyodideOptions", {})
    options["env"] = {**options.get("env", {}), "PYTHONPROFILEIMPORTTIME": "1"}
    lines: list[tuple[float, str]] = []
    overrides = {"/jupyter-lite.json": json.dumps(config).encode()}
    with (
        serving_site(site, overrides=overrides) as server,
        sync_playwright() as playwright,
        tempfile.TemporaryDirectory(prefix="bench-site-", ignore_cleanup_errors=True) as profile,
    ):
        context = launch_offline_profile(playwright.chromium, Path(profile))
        cut_off(context, server.url, intercept=False)
        context.add_init_script(VISIBLE_CLOCK)
        try:
            url = notebook_url(server.url, lesson)
            timed_load(context, url)  # fills the cache
            load = timed_load(context, url, console=lambda m: lines.append((m.timestamp, m.text)))
        finally:
            context.close()
    found: dict[str, float] = {}
    lesson_total = 0.0
    first_cell = load["origin"] + load["first cell"] * 1000  # epoch ms, as the messages' times
    for when, text in lines:
        for match in IMPORT_TIME.finditer(text):
            seconds = int(match[2]) / 1e6
            if match[4] in NAMED_IMPORTS and match[4] not in found:
                found[match[4]] = seconds
            if when > first_cell and len(match[3]) <= 1:
                lesson_total += seconds
    found["lesson's imports"] = lesson_total
    return found


def marks(load: dict) -> str:
    return ", ".join(f"{name} {load[name]:.1f} s" for name, _, _ in MARKS)


def measure(site: Path, runs: int, lesson: str, *, throttle: float = 1, detail: bool = False) -> dict:
    from playwright.sync_api import sync_playwright

    kinds = ("cold", "warm", "no worker")
    results = {**{k: [] for k in kinds}, **{f"sent_{k}": [] for k in kinds}, "problems": []}
    with serving_site(site) as server, sync_playwright() as playwright:
        url = notebook_url(server.url, lesson)
        for run in range(1, runs + 1):
            # A fresh profile on disk per run: its first load is cold, the second warm; then
            # another fresh profile, served no worker, for the first visit without one.
            with tempfile.TemporaryDirectory(prefix="bench-site-", ignore_cleanup_errors=True) as profile:
                context = launch_offline_profile(
                    playwright.chromium, Path(profile), viewport={"width": 1280, "height": 900}
                )
                # (watched, not routed: Playwright's routing would turn the browser's cache off)
                cut_off(context, server.url, intercept=False)
                context.add_init_script(VISIBLE_CLOCK)
                try:
                    server.take_count()
                    cold = timed_load(context, url, throttle=throttle, detail=detail, offline=True)
                    results["sent_cold"].append(server.take_count()[0])
                    warm = timed_load(context, url, throttle=throttle, detail=detail)
                    results["sent_warm"].append(server.take_count()[0])
                finally:
                    blocked = list(context.blocked)
                    context.close()
            with tempfile.TemporaryDirectory(prefix="bench-site-", ignore_cleanup_errors=True) as profile:
                context = launch_offline_profile(
                    playwright.chromium, Path(profile), viewport={"width": 1280, "height": 900}
                )
                cut_off(context, server.url, intercept=False)
                context.add_init_script(VISIBLE_CLOCK)
                server.overrides["/offline.js"] = b""
                try:
                    server.take_count()
                    bare = timed_load(context, url, throttle=throttle, detail=detail)
                    results["sent_no worker"].append(server.take_count()[0])
                finally:
                    del server.overrides["/offline.js"]
                    blocked += context.blocked
                    context.close()
            for kind, load in (("cold", cold), ("warm", warm), ("no worker", bare)):
                results[kind].append(load)
                if load["errors"]:
                    results["problems"].append(f"run {run} {kind}: page errors {load['errors'][:3]}")
                if detail and not load["breakdown"]:
                    results["problems"].append(f"run {run} {kind}: no breakdown (kernel worker not found)")
            if blocked:
                results["problems"].append(f"run {run}: tried to reach other hosts: {blocked[:5]}")
            print(f"  run {run}: cold {marks(cold)}; warm {marks(warm)}; no worker {marks(bare)}", flush=True)
    return results


def print_breakdown(results: dict, imports: dict[str, float]) -> None:
    """The median of each phase, cold and warm, what the worker fetched, and the imports."""
    print("\nwhere the time went (median seconds of each phase):")
    print(f"  {'phase':<8} {'cold':>6} {'warm':>6}  what")
    loads = {kind: [r["breakdown"] for r in results[kind] if r.get("breakdown")] for kind in ("cold", "warm")}
    if not (loads["cold"] and loads["warm"]):
        print("  (no breakdown)")
        return

    def median(kind: str, part: str, key: str) -> float:
        return statistics.median(b[part][key] for b in loads[kind])

    for name, what in PHASES:
        print(
            f"  {name:<8} {median('cold', 'phases', name):>6.2f} {median('warm', 'phases', name):>6.2f}  {what}"
        )
    print("  the worker's fetches (overlapping the phases above):")
    for key in ("Pyodide's files fetched", "of which the WebAssembly", "wheels fetched"):
        print(
            f"  {'':<8} {median('cold', 'details', key):>6.2f} {median('warm', 'details', key):>6.2f}  {key}"
        )
    count = loads["cold"][0]["details"]["wheel count"]
    sent = median("cold", "details", "wheel bytes sent") / 1e6
    print(f"  {count} wheels, {sent:.1f} MB of them sent on a first visit")
    if imports:
        print("  imports in the browser's Python (one warm load, -X importtime, cumulative seconds):")
        for name, seconds in imports.items():
            print(f"  {'':<15} {seconds:>6.2f}  {name if name.endswith('imports') else 'import ' + name}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--site", type=Path, default=None, help="a built site (default: as the tests find it)"
    )
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--lesson", default="sv/01-goal-and-deal.ipynb", help="the notebook to open")
    parser.add_argument(
        "--throttle", type=float, default=1, help="slow the page's CPU this many times (4: a Chromebook)"
    )
    parser.add_argument("--breakdown", action="store_true", help="print where the time went, by phase")
    parser.add_argument("--json", dest="json_path", default=None)
    args = parser.parse_args(argv)
    if shutil.which("chromium") is None:
        print("Debian's chromium is not installed (apt-get install chromium)", file=sys.stderr)
        return 2
    site = args.site or site_dir()
    if site is None:
        print(f"no built site: building {DEFAULT_SITE} …", flush=True)
        subprocess.run(
            [sys.executable, str(ROOT / "scripts" / "build_site.py"), str(DEFAULT_SITE)], check=True
        )
        site = DEFAULT_SITE
    site = site.resolve()
    if not (site / "files" / args.lesson).exists():
        print(f"{site} holds no lesson {args.lesson}", file=sys.stderr)
        return 2

    sizes = site_size(site)
    print(f"site {site}: {sizes['total'] / 1e6:.1f} MB")
    for part, size in sizes.items():
        if part != "total":
            print(f"  {part:<40} {size / 1e6:6.1f} MB")
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)
    started = time.monotonic()
    if args.throttle != 1:
        print(f"CPU throttled {args.throttle:g}x (the page's thread; Chromium cannot throttle workers)")
    results = measure(site, args.runs, args.lesson, throttle=args.throttle, detail=args.breakdown)
    print(f"load average after: {os.getloadavg()[0]:.1f} ({time.monotonic() - started:.0f} s)")

    def median(kind: str, mark: str) -> float:
        return statistics.median(load[mark] for load in results[kind])

    print(f"\n{args.lesson}, median of {args.runs} runs (page clock from the navigation):")
    print(f"{'':<9} {'cells shown':>12} {'first cell run':>15} {'first cards':>12} {'sent':>10}")
    for kind in ("cold", "warm", "no worker"):
        sent = statistics.median(results[f"sent_{kind}"]) / 1e6
        times = [f"{median(kind, name):>{width}.1f} s" for (name, _, _), width in zip(MARKS, (10, 13, 10))]
        print(f"{kind:<9} {' '.join(times)} {sent:>7.1f} MB")
    ratio = statistics.median(
        cold / bare for cold, bare in zip(results["sent_cold"], results["sent_no worker"], strict=True)
    )
    print(f"a first visit with the service worker sends {ratio:.2f}x what one without it does")
    if args.breakdown:
        print_breakdown(results, import_times(site, args.lesson))
    for problem in results["problems"]:
        print("FAILED:", problem)
    if args.json_path:
        summary = {
            "site": str(site),
            "lesson": args.lesson,
            "runs": args.runs,
            "throttle": args.throttle,
            "size_bytes": sizes,
            "median_s": {k: {m: median(k, m) for m, _, _ in MARKS} for k in ("cold", "warm", "no worker")},
            "results": results,
        }
        Path(args.json_path).write_text(json.dumps(summary, indent=2), encoding="utf-8")
    return 1 if results["problems"] else 0


if __name__ == "__main__":
    sys.exit(main())
