"""Run every lesson (sv and en) in the built static site, in the browser's Python, with the
network cut — a developer's check before a release, not a CI test (22 lessons take about 4
minutes; CI runs lessons 1 and 11 in tests/browser/test_site.py).

    python scripts/build_site.py .site-cache/site
    python scripts/site_lessons.py                      # every lesson in .site-cache/site
    python scripts/site_lessons.py --site DIR sv/11-play-smart.ipynb en/03-eights.ipynb
    python scripts/site_lessons.py --shots /tmp/lessons  # and a screenshot of each

Each lesson opens in a fresh browser context (a fresh Pyodide, as a pupil's first visit with
a warm browser cache), runs from Run → Run All Cells, and is checked: every code cell ran,
no output is an error or a warning (stderr), no widget failed to show, the page threw no
error, every hand widget drew its cards, and no request went to another host.
It prints one line per lesson with the seconds from opening the page until every cell had
run (Pyodide's start, the package's installation and the lesson), and exits 1 if any lesson
failed. Timings are of one run on this machine: under load they are noisy.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.offline_site import (  # noqa: E402
    DEFAULT_SITE,
    launch_offline,
    notebook_url,
    offline_context,
    run_all_cells,
    serving_site,
)

#: Every code cell has run: some prompt shows the count of code cells (see test_site.py).
ALL_RAN = """() => {
    const cells = document.querySelectorAll('.jp-CodeCell').length;
    const counts = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt, .jp-CodeCell .jp-OutputPrompt')]
        .map(p => parseInt((p.textContent.match(/\\[(\\d+)\\]/) || [])[1] || '0', 10));
    return cells > 0 && Math.max(0, ...counts) >= cells;
}"""

#: What the page shows once every cell has run.
SHOWN = """() => ({
    errors: [...document.querySelectorAll('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.error"],'
        + ' .jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')].map(e => e.innerText.slice(-600)),
    broken: [...document.querySelectorAll('.jupyter-widgets')]
        .filter(e => /Error displaying widget|model not found/i.test(e.textContent)).length,
    hands: document.querySelectorAll('div.vd-hand').length,
    hidden: [...document.querySelectorAll('div.vd-hand')].filter(e => !e.querySelector('svg')).length,
    widgets: document.querySelectorAll('.jupyter-widgets').length,
})"""


def lessons() -> list[str]:
    return [
        f"{lang}/{p.name}"
        for lang in ("sv", "en")
        for p in sorted((ROOT / "notebooks" / lang).glob("*.ipynb"))
    ]


def run_lesson(
    browser, base_url: str, path: str, *, shots: Path | None, timeout: float
) -> tuple[float, list[str]]:
    """Seconds until every cell had run, and what is wrong (empty: nothing)."""
    context = offline_context(browser, base_url, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(f"page error: {exc}"))
    started = time.monotonic()
    try:
        page.goto(notebook_url(base_url, path))
        run_all_cells(page, timeout=timeout * 1000)
        page.wait_for_function(ALL_RAN, timeout=timeout * 1000, polling=250)
        seconds = time.monotonic() - started
        page.wait_for_timeout(1000)  # the last widget messages land
        shown = page.evaluate(SHOWN)
        problems = [f"cell output: {e}" for e in shown["errors"]] + errors
        if shown["broken"]:
            problems.append(f"{shown['broken']} widget(s) failed to show")
        if shown["hidden"]:
            problems.append(f"{shown['hidden']} of {shown['hands']} hands drew no cards")
        if shots is not None:
            page.screenshot(path=str(shots / f"{path.replace('/', '-')}.png"))
    except Exception as exc:  # a timeout: report it and go on with the next lesson
        seconds = time.monotonic() - started
        problems = [f"{type(exc).__name__}: {str(exc).splitlines()[0]}", *errors]
    finally:
        blocked = list(context.blocked)
        context.close()
    if blocked:
        problems.append(f"requests to other hosts: {blocked}")
    return seconds, problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lessons", nargs="*", help="paths under notebooks/ (default: every lesson)")
    parser.add_argument(
        "--site", type=Path, default=DEFAULT_SITE, help="the built site (default: %(default)s)"
    )
    parser.add_argument("--shots", type=Path, help="a folder for a screenshot of each lesson")
    parser.add_argument("--timeout", type=float, default=400, help="seconds a lesson may take")
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        print(f"no built site at {args.site}: run python scripts/build_site.py DIR", file=sys.stderr)
        return 2
    if args.shots:
        args.shots.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    failed = 0
    with sync_playwright() as p, serving_site(args.site.resolve()) as server:
        browser = launch_offline(p.chromium)
        try:
            for path in args.lessons or lessons():
                seconds, problems = run_lesson(
                    browser, server.url, path, shots=args.shots, timeout=args.timeout
                )
                failed += bool(problems)
                print(f"{'FAIL' if problems else 'ok  '} {seconds:6.1f} s  {path}", flush=True)
                for problem in problems:
                    print(f"        {problem}", flush=True)
        finally:
            browser.close()
    print(f"{failed} of {len(args.lessons or lessons())} lessons failed" if failed else "every lesson ran")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
