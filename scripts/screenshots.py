"""Screenshots of the dashboard at every screen size the project is built for, served the way
``vandatta dashboard`` serves it and taken in Debian's Chromium with Playwright.

    python scripts/screenshots.py                  # every shot, into docs/screens/
    python scripts/screenshots.py --only classroom # shots whose name starts with "classroom"
    python scripts/screenshots.py --out /tmp/shots

The shots (the window as a visitor sees it first, after a few steps of the sample game):

- ``phone-390x844``, ``tablet-768x1024``, ``projector-1024x768``, ``laptop-1280x800`` and
  ``projector-1920x1080``: the replay tab;
- ``classroom-1024x768-question`` / ``classroom-1920x1080-question``: classroom mode
  (``?classroom=1``) asking "What would you play?", and ``…-answer`` after "Show the move".

For each it prints a layout check: anything wider than the window, controls that overlap, and
the width of the smallest card on the table. Look at the pictures too: cards crisp and
readable, nothing overlapping or cut off.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import CHROMIUM_FLAGS, free_port, serving  # noqa: E402
from vandatta_widgets.app.dashboard import REPLAY_TAB  # noqa: E402
from vandatta_widgets.server.serve import DASHBOARD, dashboard_command  # noqa: E402

READY = ".vd-dash .vd-rp-table svg"
LABEL = ".vd-replay .vd-ply-label"


@dataclass(frozen=True)
class Shot:
    name: str
    width: int
    height: int
    query: str = ""
    keys: tuple[str, ...] = ("ArrowRight",) * 8  # presses after the page is ready


SHOTS: tuple[Shot, ...] = (
    Shot("phone-390x844", 390, 844),
    Shot("tablet-768x1024", 768, 1024),
    Shot("projector-1024x768", 1024, 768),
    Shot("laptop-1280x800", 1280, 800),
    Shot("projector-1920x1080", 1920, 1080),
    # classroom: → asks before a move with a choice, then shows it (a move without one is shown
    # at once): 16 presses ask about move 13, 17 show it
    Shot("classroom-1024x768-question", 1024, 768, "?classroom=1", ("ArrowRight",) * 16),
    Shot("classroom-1024x768-answer", 1024, 768, "?classroom=1", ("ArrowRight",) * 17),
    Shot("classroom-1920x1080-question", 1920, 1080, "?classroom=1", ("ArrowRight",) * 16),
    Shot("classroom-1920x1080-answer", 1920, 1080, "?classroom=1", ("ArrowRight",) * 17),
)

_CHECK = """
() => {
  const problems = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > innerWidth + 1) problems.push(`page is ${doc.scrollWidth}px wide in a ${innerWidth}px window`);
  const shown = (e) => e.checkVisibility ? e.checkVisibility() : e.offsetParent !== null;
  const controls = [...document.querySelectorAll(".vd-dash button, .vd-dash select, .vd-dash input[type=range], .vd-dash [role=listbox]")]
    .filter((e) => shown(e)).map((e) => [e, e.getBoundingClientRect()]).filter(([, r]) => r.width > 0);
  for (let i = 0; i < controls.length; i++)
    for (let j = i + 1; j < controls.length; j++) {
      const [a, ra] = controls[i], [b, rb] = controls[j];
      if (a.contains(b) || b.contains(a)) continue;
      const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
      const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      if (w > 1 && h > 1) problems.push(`overlap: ${a.textContent.trim().slice(0, 20)} / ${b.textContent.trim().slice(0, 20)}`);
    }
  const cards = [...document.querySelectorAll(".vd-rp-table .vd-card")].map((c) => c.getBoundingClientRect().width);
  const svg = document.querySelector(".vd-rp-table svg");
  problems.push(`(info) ${svg.dataset.arrangement} table ${Math.round(svg.getBoundingClientRect().width)} px wide; ` +
                `smallest card ${Math.min(...cards).toFixed(0)} px wide`);
  return problems;
}
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="take only the shots whose name starts with this")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screens")
    args = parser.parse_args(argv)
    shots = [s for s in SHOTS if s.name.startswith(args.only)]
    if not shots:
        print(f"no shot is called {args.only!r}*", file=sys.stderr)
        return 2
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        print("Debian's chromium is needed (apt-get install chromium)", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="vd-shots-") as tmp:
        port = free_port()
        cmd = dashboard_command(host="127.0.0.1", port=port)
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        log = (Path(tmp) / "voila.log").open("w")
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=DASHBOARD.parent)
        with serving(proc, port) as url, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS, headless=True)
            for shot in shots:
                _take(browser, url + "/", shot, args.out)
            browser.close()
    return 0


def _take(browser, url: str, shot: Shot, out: Path) -> None:
    context = browser.new_context(viewport={"width": shot.width, "height": shot.height})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url + shot.query, timeout=120_000)
    if not shot.query:  # the page opens on the child's path (classroom mode: on the replay)
        page.wait_for_selector(".vd-db-tabs .lm-TabBar-tab", timeout=120_000)
        page.locator(".vd-db-tabs .lm-TabBar-tab").nth(REPLAY_TAB).click()
        page.evaluate("document.activeElement && document.activeElement.blur()")
    page.wait_for_selector(READY, timeout=120_000)
    page.wait_for_function(f"() => document.querySelector('{LABEL}')?.textContent.length > 0")
    if shot.query:
        page.wait_for_selector(".vd-replay.vd-classroom")
    for key in shot.keys:
        page.keyboard.press(key)
        time.sleep(0.25)
    page.evaluate("document.fonts.ready")
    time.sleep(1.0)  # the last widget messages land
    path = out / f"{shot.name}.png"
    page.screenshot(path=str(path))
    print(path)
    for problem in page.evaluate(_CHECK) + [f"page error: {e}" for e in errors]:
        print(f"    {problem}")
    context.close()


if __name__ == "__main__":
    raise SystemExit(main())
