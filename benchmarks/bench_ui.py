"""UI figures in a real browser: Voilà (served as ``vandatta dashboard`` serves it, through
``vandatta_widgets.server.voila_server``) and Chromium driven by Playwright; every time is taken inside the page
(``performance.now()``, a MutationObserver, animation frames), never by Playwright's polling.

    python benchmarks/bench_ui.py [--runs 5] [--clicks 40] [--only first_render,replay_next,...]

Run it under a lock (``flock``) so that no two benchmarks share the
machine. Measurements, each with its target:

- ``first_render`` — the dashboard against an empty notebook with one widget (a Label):
  from the start of the navigation to the first animation frame that shows what the dashboard
  shows first, the child's path's lessons (the Label), ``--runs`` loads of each, alternating, a fresh context and kernel each.
  Medians, their ratio and the median ratio of neighbouring loads. Target: ≤ 1.1.
- ``replay_next`` — a click on "Nästa" in the replay viewer (tests/browser/notebooks/
  replay.ipynb) until the "Drag N av M" label shows the next number AND the table's SVG is
  replaced (``dom``), and until the next animation frame (``frame``). Target: ≤ 60 ms.
- ``baseline`` — a bare ipywidgets Button → Label round trip on the same page: what any
  widget click costs here.
- ``long_open`` — a legal 2,000-ply record (made by :func:`long_game`, seeded) opened in the
  dashboard with its "open a file" button: from the file chooser's answer to the label
  "Drag 0 av 2000". Target: < 2 s.
- ``long_step`` — then "Nästa" clicks at the start of that game and "Föregående" clicks at
  its end, timed as ``replay_next``. Target: < 60 ms.

A measurement's runs each use a fresh page and kernel; the first ``--warmup`` clicks of a
run are not counted. The figures are medians of the runs' medians; the table also shows each
run's median and the 95th percentile of all clicks. It prints plainly whether each target
was met.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import CHROMIUM_FLAGS, NOTEBOOKS, free_port, notebook_text, serving  # noqa: E402
from vandatta import Game  # noqa: E402
from vandatta.record import write_record  # noqa: E402
from vandatta_widgets.server.serve import DASHBOARD, dashboard_command  # noqa: E402

LONG_PLIES = 2000
TARGETS = {  # measurement: (figure, most allowed, unit)
    "first_render": ("ratio", 1.1, "×"),
    "replay_next": ("dom", 60.0, "ms"),
    "long_open": ("open", 2000.0, "ms"),
    "long_step": ("dom", 60.0, "ms"),
}
# what the dashboard shows first: the child's path, "Min väg" (the replay is a tab behind it)
DASH_READY = ".vd-dash .vd-path .vd-path-list"
EMPTY_READY = ".vd-bench-ready"


def long_game(plies: int = LONG_PLIES, *, players: int = 4, seed: int = 1) -> Game:
    """A legal round of ``plies`` plies (unfinished): seeded players that play a single card
    while their hand is large and otherwise draw (and pass), so the talon keeps being shuffled
    from the pile. Each move goes through the engine's checked ``play``."""
    rng = random.Random(seed)
    game = Game.deal(players, seed=seed)
    while not game.is_over and game.ply < plies:
        legal = list(game.legal_moves())
        singles = [m for m in legal if m.is_play and len(m.cards) == 1]
        draws = [m for m in legal if m.is_draw]
        passes = [m for m in legal if m.is_pass]
        if singles and len(game.hand(game.to_move)) > 6 and rng.random() < 0.7:
            move = rng.choice(singles)
        else:
            move = (draws or passes or singles or legal)[0]
        game.play(move)
    if game.ply != plies:
        raise RuntimeError(f"the long game ended after {game.ply} plies; choose another seed")
    return game


# -- in the page ------------------------------------------------------------------------------

# Added before the page's own scripts: the page clock at the first animation frame where the
# element is shown (Playwright's waits poll every 500 ms after a while: too coarse here).
_VISIBLE_AT = """
(() => {
  const selector = %s;
  const check = () => {
    const el = document.querySelector(selector);
    if (el) {
      const box = el.getBoundingClientRect();
      const shown = el.checkVisibility ? el.checkVisibility({ visibilityProperty: true }) : true;
      if (box.width > 0 && box.height > 0 && shown) { window.__vdVisibleAt = performance.now(); return; }
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();
"""

# One click on a replay's "next" (+1) or "previous" (-1), timed in the page: [dom ms, frame ms].
_REPLAY_STEP = """
async ([scope, button, delta]) => {
  const root = document.querySelector(scope);
  const label = root.querySelector(".vd-ply-label");
  const table = root.querySelector(".vd-rp-table");
  const ply = () => parseInt(label.textContent.match(/\\d+/)[0], 10);
  const want = ply() + delta;
  const before = table.querySelector("svg");
  return await new Promise((resolve, reject) => {
    let t0 = 0;
    const timer = setTimeout(() => { observer.disconnect(); reject(new Error("no update in 10 s")); }, 10000);
    const observer = new MutationObserver(() => {
      if (ply() !== want || table.querySelector("svg") === before) return;
      const dom = performance.now() - t0;
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => resolve([dom, performance.now() - t0]));
    });
    observer.observe(root, { subtree: true, childList: true, characterData: true });
    t0 = performance.now();
    root.querySelector(button).click();
  });
}
"""

_BASELINE_STEP = """
async () => {
  const button = document.querySelector(".vd-bench-ping");
  const label = document.querySelector(".vd-bench-pong");
  const want = String(parseInt(label.textContent, 10) + 1);
  return await new Promise((resolve, reject) => {
    let t0 = 0;
    const timer = setTimeout(() => { observer.disconnect(); reject(new Error("no update in 10 s")); }, 10000);
    const observer = new MutationObserver(() => {
      if (label.textContent !== want) return;
      const dom = performance.now() - t0;
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => resolve([dom, performance.now() - t0]));
    });
    observer.observe(label, { subtree: true, childList: true, characterData: true });
    t0 = performance.now();
    button.click();
  });
}
"""

# The moment a file is chosen, and the first frame the replay shows the record's move 0.
_OPEN_CLOCK = """
(target) => {
  window.__vdOpen = {};
  document.addEventListener("change", (event) => {
    if (event.target.type === "file") window.__vdOpen.start = performance.now();
  }, { capture: true, once: true });
  const check = () => {
    const label = document.querySelector(".vd-replay .vd-ply-label");
    if (label && label.textContent === target) { window.__vdOpen.shown = performance.now(); return; }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}
"""


# -- the measurements ---------------------------------------------------------------------------


@dataclass
class Pages:
    """Where things are served: the test notebooks and a folder with the dashboard."""

    notebooks: str
    dashboard: str
    empty: str
    long_record: Path


def _clicks(page, clicks: int, step: Callable[[], list[float]]) -> dict[str, list[float]]:
    dom, frame = [], []
    for _ in range(clicks):
        d, f = step()
        dom.append(d)
        frame.append(f)
        page.wait_for_timeout(30)  # let stray messages settle between clicks
    return {"dom": dom, "frame": frame}


def _open(browser, url: str, ready: str, *, init: str | None = None):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    if init:
        page.add_init_script(init)
    page.goto(url, timeout=120_000)
    page.wait_for_selector(ready, timeout=120_000)
    return context, page, errors


def measure_first_render(browser, pages: Pages, runs: int, clicks: int, warmup: int) -> dict[str, list]:
    times: dict[str, list[float]] = {"dashboard": [], "empty": []}
    ratios = []
    for _ in range(runs):
        pair = {}
        for kind, url, ready in (
            ("dashboard", pages.dashboard, DASH_READY),
            ("empty", pages.empty, EMPTY_READY),
        ):
            context, page, errors = _open(browser, url, ready, init=_VISIBLE_AT % json.dumps(ready))
            page.wait_for_function("window.__vdVisibleAt !== undefined", timeout=120_000)
            pair[kind] = page.evaluate("window.__vdVisibleAt")
            context.close()
            if errors:
                raise RuntimeError(f"first_render ({kind}): page errors: {errors}")
            times[kind].append(pair[kind])
        ratios.append(pair["dashboard"] / pair["empty"])
        print(
            f"  first render: dashboard {pair['dashboard']:7.0f} ms  empty {pair['empty']:7.0f} ms  "
            f"ratio {ratios[-1]:.2f}",
            flush=True,
        )
    return {"dashboard": [times["dashboard"]], "empty": [times["empty"]], "pair ratio": [ratios]}


def measure_replay_next(browser, pages: Pages, runs: int, clicks: int, warmup: int) -> dict[str, list]:
    found: dict[str, list] = {}
    for _ in range(runs):
        context, page, errors = _open(
            browser, f"{pages.notebooks}/voila/render/replay.ipynb", ".vd-replay .vd-rp-table svg"
        )
        page.wait_for_timeout(500)
        page.keyboard.press("Home")
        page.wait_for_function(
            "() => /^\\D*0\\D/.test(document.querySelector('.vd-replay .vd-ply-label').textContent)"
        )
        samples = _clicks(
            page,
            warmup + clicks,
            lambda page=page: page.evaluate(_REPLAY_STEP, [".vd-replay", ".vd-rp-next", 1]),
        )
        context.close()
        if errors:
            raise RuntimeError(f"replay_next: page errors: {errors}")
        _keep(found, samples, warmup, "replay_next")
    return found


def measure_baseline(browser, pages: Pages, runs: int, clicks: int, warmup: int) -> dict[str, list]:
    found: dict[str, list] = {}
    for _ in range(runs):
        context, page, errors = _open(
            browser, f"{pages.notebooks}/voila/render/replay.ipynb", ".vd-bench-ping"
        )
        page.wait_for_timeout(500)
        samples = _clicks(page, warmup + clicks, lambda page=page: page.evaluate(_BASELINE_STEP))
        context.close()
        if errors:
            raise RuntimeError(f"baseline: page errors: {errors}")
        _keep(found, samples, warmup, "baseline")
    return found


def _open_long(browser, pages: Pages):
    context, page, errors = _open(browser, pages.dashboard, DASH_READY)
    page.locator(".vd-db-tabs").get_by_role("tab", name="Ny omgång", exact=True).click()
    page.wait_for_selector(".vd-db-upload button")
    page.evaluate(_OPEN_CLOCK, f"Drag 0 av {LONG_PLIES}")
    page.locator(".vd-db-upload input[type=file]").set_input_files(str(pages.long_record))
    page.wait_for_function("window.__vdOpen.shown !== undefined", timeout=120_000)
    opened = page.evaluate("window.__vdOpen.shown - window.__vdOpen.start")
    return context, page, errors, opened


def measure_long_open(browser, pages: Pages, runs: int, clicks: int, warmup: int) -> dict[str, list]:
    opens = []
    for _ in range(runs):
        context, _page, errors, opened = _open_long(browser, pages)
        context.close()
        if errors:
            raise RuntimeError(f"long_open: page errors: {errors}")
        opens.append(opened)
        print(f"  long_open: {opened:7.0f} ms", flush=True)
    return {"open": [opens]}


def measure_long_step(browser, pages: Pages, runs: int, clicks: int, warmup: int) -> dict[str, list]:
    found: dict[str, list] = {}
    for _ in range(runs):
        context, page, errors, _ = _open_long(browser, pages)
        page.wait_for_timeout(500)
        samples = _clicks(
            page,
            warmup + clicks,
            lambda page=page: page.evaluate(_REPLAY_STEP, [".vd-replay", ".vd-rp-next", 1]),
        )
        page.locator(".vd-replay .vd-rp-last").click()
        page.wait_for_function(
            "(t) => document.querySelector('.vd-replay .vd-ply-label').textContent === t",
            arg=f"Drag {LONG_PLIES} av {LONG_PLIES}",
        )
        back = _clicks(
            page,
            warmup + clicks,
            lambda page=page: page.evaluate(_REPLAY_STEP, [".vd-replay", ".vd-rp-previous", -1]),
        )
        context.close()
        if errors:
            raise RuntimeError(f"long_step: page errors: {errors}")
        both = {k: samples[k][warmup:] + back[k][warmup:] for k in samples}
        _keep(found, {k: [0.0] * warmup + v for k, v in both.items()}, warmup, "long_step")
    return found


def _keep(found: dict[str, list], samples: dict[str, list[float]], warmup: int, name: str) -> None:
    for kind, values in samples.items():
        found.setdefault(kind, []).append(values[warmup:])
    dom = samples["dom"][warmup:]
    print(
        f"  {name}: median {statistics.median(dom):6.1f} ms  p95 {percentile(dom, 0.95):6.1f} ms  ({len(dom)} clicks)",
        flush=True,
    )


MEASUREMENTS: dict[str, tuple[Callable, str]] = {
    "first_render": (
        measure_first_render,
        "dashboard vs an empty notebook with one widget, navigation → shown",
    ),
    "replay_next": (measure_replay_next, 'replay viewer: click "Nästa" → label and table show the next move'),
    "baseline": (measure_baseline, "bare ipywidgets Button → Label round trip (same page)"),
    "long_open": (
        measure_long_open,
        f"a {LONG_PLIES}-ply record opened with the dashboard's button → move 0 shown",
    ),
    "long_step": (measure_long_step, f"steps at both ends of the {LONG_PLIES}-ply game in the dashboard"),
}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = (len(ordered) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def _serve_folder(tmp: Path) -> tuple[Path, Path]:
    """A folder with the dashboard notebook and an empty notebook with one widget, and the
    long record."""
    folder = tmp / "pages"
    folder.mkdir()
    shutil.copy(DASHBOARD, folder / "dashboard.ipynb")
    (folder / "empty.ipynb").write_text(
        notebook_text(
            'import ipywidgets as w\n\nlabel = w.Label("ready")\nlabel.add_class("vd-bench-ready")\nlabel'
        ),
        encoding="utf-8",
    )
    record = tmp / f"long-{LONG_PLIES}.json"
    record.write_text(json.dumps(write_record(long_game()), ensure_ascii=False), encoding="utf-8")
    return folder, record


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="UI figures in Chromium (Voilà + Playwright)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--clicks", type=int, default=40, help="timed clicks per run (at least 30 is sensible)"
    )
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--only", default="", help="comma-separated measurement names")
    args = parser.parse_args(argv)
    names = [n for n in args.only.split(",") if n] or list(MEASUREMENTS)
    unknown = [n for n in names if n not in MEASUREMENTS]
    if unknown:
        parser.error(f"unknown measurement {unknown[0]!r}; known: {', '.join(MEASUREMENTS)}")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        print("Debian's chromium is needed (apt-get install chromium)", file=sys.stderr)
        return 2

    from playwright.sync_api import sync_playwright

    results: dict[str, dict[str, list[list[float]]]] = {}
    with tempfile.TemporaryDirectory(prefix="vd-bench-") as tmp:
        folder, record = _serve_folder(Path(tmp))
        servers = []
        for root in (NOTEBOOKS, folder):
            port = free_port()
            cmd = dashboard_command(
                host="127.0.0.1",
                port=port,
                notebook=root,
                settings={"MappingKernelManager": {"cull_interval": 5, "cull_idle_timeout": 20}},
            )
            log = (Path(tmp) / f"voila-{port}.log").open("w")
            proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, cwd=root)
            servers.append(serving(proc, port))
        with servers[0] as notebooks_url, servers[1] as pages_url, sync_playwright() as p:
            pages = Pages(
                notebooks=notebooks_url,
                dashboard=f"{pages_url}/voila/render/dashboard.ipynb",
                empty=f"{pages_url}/voila/render/empty.ipynb",
                long_record=record,
            )
            browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS, headless=True)
            # one load of each page first: the servers write bytecode, the browser caches scripts
            for url, ready in ((pages.dashboard, DASH_READY), (pages.empty, EMPTY_READY)):
                context, _page, _errors = _open(browser, url, ready)
                context.close()
            for name in names:
                print(f"{name}:", flush=True)
                results[name] = MEASUREMENTS[name][0](browser, pages, args.runs, args.clicks, args.warmup)
            browser.close()

    print()
    print(f"{'measurement':<14}{'figure':<12}{'median':>12}{'runs':>40}{'p95 (all)':>12}")
    verdicts = []
    for name in names:
        for kind, runs in results[name].items():
            medians = [statistics.median(r) for r in runs]
            every = [x for r in runs for x in r]
            unit = "" if kind == "pair ratio" else " ms"
            per_run = " ".join(
                f"{x:.0f}" if unit else f"{x:.2f}" for x in (every if len(runs) == 1 else medians)
            )
            print(
                f"{name:<14}{kind:<12}{statistics.median(every if len(runs) == 1 else medians):10.2f}{unit:<3}"
                f"{per_run[-38:]:>38}{percentile(every, 0.95):10.2f}"
            )
        if name == "first_render":
            dash = statistics.median(results[name]["dashboard"][0])
            empty = statistics.median(results[name]["empty"][0])
            ratio = dash / empty
            print(f"{'':<14}{'ratio':<12}{ratio:10.2f} ×   (median {dash:.0f} ms / median {empty:.0f} ms)")
            verdicts.append((name, ratio, statistics.median(results[name]["pair ratio"][0])))
        elif name in TARGETS:
            kind = TARGETS[name][0]
            runs = results[name][kind]
            figure = (
                statistics.median([statistics.median(r) for r in runs])
                if len(runs) > 1
                else statistics.median(runs[0])
            )
            verdicts.append((name, figure, None))
        print(f"{'':<14}{MEASUREMENTS[name][1]}")
    print()
    for name, figure, extra in verdicts:
        _, most, unit = TARGETS[name]
        met = figure <= most
        shown = f"{figure:.2f} {unit}" if unit == "×" else f"{figure:.0f} {unit}"
        more = f" (median of pair ratios {extra:.2f})" if extra is not None else ""
        print(f"{name}: {shown}{more} — target ≤ {most:g} {unit}: {'MET' if met else 'NOT MET'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
