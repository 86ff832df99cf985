"""The static lesson site: how long a pupil waits for the first cards, and how big the site is.

    python benchmarks/bench_site.py [--site DIR] [--runs 5] [--lesson sv/01-goal-and-deal.ipynb]
                                    [--json out.json]

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
for a warm load (a warm load revalidates with ``If-Modified-Since`` and gets 304s).

No target: the figures are for the README and for noticing regressions. Starting Python in
the page is CPU-bound: run it alone on a quiet machine (e.g. under ``flock`` if other
benchmarks share it); figures taken while other work runs are noisy (the load average is
printed before and after).
"""

from __future__ import annotations

import argparse
import json
import os
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
    ("first cell", ".jp-CodeCell .jp-InputPrompt", r"\[1\]"),  # Python started, the imports run
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


def timed_load(context, url: str) -> dict:
    """Open ``url`` in a new page, run all cells, wait for the first cards: page-clock times."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(url, timeout=240_000)
        run_all_cells(page, timeout=240_000)
        page.locator(CARDS).first.wait_for(timeout=300_000)
        page.wait_for_function(
            "(n) => Object.keys(window.__vdSeen || {}).length === n", arg=len(MARKS), timeout=30_000
        )
        seen = page.evaluate("() => window.__vdSeen")
        return {name: seen[name] / 1000 for name, _, _ in MARKS} | {"errors": errors}
    except Exception:
        OUT.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(OUT / "bench_site-failed.png"))
        print(f"  (a screenshot of the failed page: {OUT / 'bench_site-failed.png'})", file=sys.stderr)
        raise
    finally:
        page.close()


def marks(load: dict) -> str:
    return ", ".join(f"{name} {load[name]:.1f} s" for name, _, _ in MARKS)


def measure(site: Path, runs: int, lesson: str) -> dict:
    from playwright.sync_api import sync_playwright

    results = {"cold": [], "warm": [], "sent_cold": [], "sent_warm": [], "problems": []}
    with serving_site(site) as server, sync_playwright() as playwright:
        url = notebook_url(server.url, lesson)
        for run in range(1, runs + 1):
            # A fresh profile on disk per run: its first load is cold, the second warm.
            with tempfile.TemporaryDirectory(prefix="bench-site-", ignore_cleanup_errors=True) as profile:
                context = launch_offline_profile(
                    playwright.chromium, Path(profile), viewport={"width": 1280, "height": 900}
                )
                # (watched, not routed: Playwright's routing would turn the browser's cache off)
                cut_off(context, server.url, intercept=False)
                context.add_init_script(VISIBLE_CLOCK)
                try:
                    server.take_count()
                    cold = timed_load(context, url)
                    results["sent_cold"].append(server.take_count()[0])
                    warm = timed_load(context, url)
                    results["sent_warm"].append(server.take_count()[0])
                finally:
                    blocked = list(context.blocked)
                    context.close()
            for kind, load in (("cold", cold), ("warm", warm)):
                results[kind].append(load)
                if load["errors"]:
                    results["problems"].append(f"run {run} {kind}: page errors {load['errors'][:3]}")
            if blocked:
                results["problems"].append(f"run {run}: tried to reach other hosts: {blocked[:5]}")
            print(f"  run {run}: cold {marks(cold)}; warm {marks(warm)}", flush=True)
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--site", type=Path, default=None, help="a built site (default: as the tests find it)"
    )
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--lesson", default="sv/01-goal-and-deal.ipynb", help="the notebook to open")
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
    results = measure(site, args.runs, args.lesson)
    print(f"load average after: {os.getloadavg()[0]:.1f} ({time.monotonic() - started:.0f} s)")

    def median(kind: str, mark: str) -> float:
        return statistics.median(load[mark] for load in results[kind])

    print(f"\n{args.lesson}, median of {args.runs} runs (page clock from the navigation):")
    print(f"{'':<6} {'cells shown':>12} {'first cell run':>15} {'first cards':>12} {'sent':>10}")
    for kind in ("cold", "warm"):
        sent = statistics.median(results[f"sent_{kind}"]) / 1e6
        times = [f"{median(kind, name):>{width}.1f} s" for (name, _, _), width in zip(MARKS, (10, 13, 10))]
        print(f"{kind:<6} {' '.join(times)} {sent:>7.1f} MB")
    for problem in results["problems"]:
        print("FAILED:", problem)
    if args.json_path:
        summary = {
            "site": str(site),
            "lesson": args.lesson,
            "runs": args.runs,
            "size_bytes": sizes,
            "median_s": {k: {m: median(k, m) for m, _, _ in MARKS} for k in ("cold", "warm")},
            "results": results,
        }
        Path(args.json_path).write_text(json.dumps(summary, indent=2), encoding="utf-8")
    return 1 if results["problems"] else 0


if __name__ == "__main__":
    sys.exit(main())
