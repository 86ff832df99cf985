"""UI latency in a real browser: Voilà serving the browser-test notebooks, Chromium driven by
Playwright, times taken inside the page with ``performance.now()`` and a MutationObserver.

Measurements (each over ``--clicks`` clicks per run, ``--runs`` runs, a fresh page and
kernel per run; the first ``--warmup`` clicks of a run are not counted):

- ``replay_next`` — a click on "Nästa" in the replay viewer until the "Drag N av M" label
  shows the next number AND the table's SVG has been replaced (``dom``), and until the next
  animation frame after that (``frame``: the new move is on screen).
- ``baseline`` — a bare ipywidgets ``Button`` whose click handler sets a ``Label``: the
  round trip any widget click costs here (same page, same kernel).

To add one, write ``measure(page, clicks) -> {"dom": [...ms], ...}`` and register a
:class:`Measurement` in ``MEASUREMENTS`` with its notebook (in ``tests/browser/notebooks``)
and a CSS selector that is visible once the notebook has been drawn.

    python benchmarks/bench_ui.py [--runs 3] [--clicks 40] [--only replay_next,baseline] [--nodelay]

Without ``--nodelay`` it serves with plain ``python -m voila`` (tornado leaves Nagle's algorithm
on for websockets unless the handler asks, and jupyter_server's kernel channel does not ask);
with it, through ``widgets.server`` (TCP_NODELAY on every connection, what ``vandatta
dashboard`` runs): the difference is how much of each round trip is Nagle meeting delayed ACKs.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import (  # noqa: E402
    CHROMIUM_FLAGS,
    NOTEBOOKS,
    free_port,
    serving,
    start_voila,
)


@dataclass(frozen=True)
class Measurement:
    name: str
    notebook: str
    ready: str
    measure: Callable[[object, int], dict[str, list[float]]]
    what: str


# One click on "next", timed in the page. Resolves with [dom ms, frame ms].
_REPLAY_STEP = """
async () => {
  const root = document.querySelector(".vd-replay");
  const label = root.querySelector(".vd-ply-label");
  const table = root.querySelector(".vd-rp-table");
  const next = root.querySelector(".vd-rp-next");
  const ply = () => parseInt(label.textContent.match(/\\d+/)[0], 10);
  const want = ply() + 1;
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
    next.click();
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


def _clicks(page, step_js: str, clicks: int) -> dict[str, list[float]]:
    dom, frame = [], []
    for _ in range(clicks):
        d, f = page.evaluate(step_js)
        dom.append(d)
        frame.append(f)
        page.wait_for_timeout(30)  # let stray messages settle between clicks
    return {"dom": dom, "frame": frame}


def measure_replay_next(page, clicks: int) -> dict[str, list[float]]:
    page.keyboard.press("Home")  # to the deal (the "first" button is disabled there)
    page.wait_for_function(
        "() => /^\\D*0\\D/.test(document.querySelector('.vd-replay .vd-ply-label').textContent)"
    )
    return _clicks(page, _REPLAY_STEP, clicks)


def measure_baseline(page, clicks: int) -> dict[str, list[float]]:
    return _clicks(page, _BASELINE_STEP, clicks)


MEASUREMENTS: dict[str, Measurement] = {
    m.name: m
    for m in (
        Measurement(
            "replay_next",
            "replay.ipynb",
            ".vd-replay .vd-rp-table svg",
            measure_replay_next,
            'replay viewer: click "next" → label and table show the next move',
        ),
        Measurement(
            "baseline",
            "replay.ipynb",
            ".vd-bench-ping",
            measure_baseline,
            "bare ipywidgets Button → Label round trip (same page)",
        ),
    )
}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = (len(ordered) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="UI latency in Chromium (Voilà + Playwright)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--clicks", type=int, default=40, help="timed clicks per run (at least 30 is sensible)"
    )
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--only", default="", help="comma-separated measurement names")
    parser.add_argument("--nodelay", action="store_true", help="Voilà with TCP_NODELAY (Nagle off)")
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

    results: dict[str, dict[str, list[list[float]]]] = {n: {} for n in names}
    with tempfile.TemporaryDirectory(prefix="vd-bench-") as tmp:
        port = free_port()
        server = "widgets.server" if args.nodelay else "voila"
        proc = start_voila(NOTEBOOKS, port, log=Path(tmp) / "voila.log", server=server)
        with serving(proc, port), sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS, headless=True)
            for run in range(args.runs):
                for name in names:
                    m = MEASUREMENTS[name]
                    context = browser.new_context(viewport={"width": 1280, "height": 800})
                    page = context.new_page()
                    errors: list[str] = []
                    page.on("pageerror", lambda exc, errors=errors: errors.append(str(exc)))
                    page.goto(f"http://127.0.0.1:{port}/voila/render/{m.notebook}", timeout=120_000)
                    page.wait_for_selector(m.ready, timeout=120_000)
                    page.wait_for_timeout(500)
                    samples = m.measure(page, args.warmup + args.clicks)
                    if errors:
                        raise RuntimeError(f"{name}: page errors: {errors}")
                    for kind, values in samples.items():
                        results[name].setdefault(kind, []).append(values[args.warmup :])
                    dom = samples["dom"][args.warmup :]
                    print(
                        f"run {run + 1} {name:<12} median {statistics.median(dom):6.1f} ms  "
                        f"p95 {percentile(dom, 0.95):6.1f} ms  ({len(dom)} clicks)",
                        flush=True,
                    )
                    context.close()
            browser.close()

    print()
    print("Voilà with TCP_NODELAY (--nodelay)" if args.nodelay else "Voilà as configured (Nagle on)")
    print(f"{'measurement':<14}{'until':<7}{'median of runs':>16}{'runs':>26}{'p95 (all)':>12}")
    for name in names:
        for kind, runs in results[name].items():
            medians = [statistics.median(r) for r in runs]
            every = [x for r in runs for x in r]
            per_run = " ".join(f"{x:.1f}" for x in medians)
            print(
                f"{name:<14}{kind:<7}{statistics.median(medians):13.1f} ms{per_run:>26}"
                f"{percentile(every, 0.95):9.1f} ms"
            )
        print(f"{'':<14}{MEASUREMENTS[name].what}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
