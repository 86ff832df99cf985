"""The README's screenshot of the dashboard: serve it the way ``vandatta dashboard`` does
(:func:`vandatta_widgets.server.serve.dashboard_command` on a free loopback port), open it in Debian's
Chromium with Playwright at 1280×800, step a few moves and write ``docs/dashboard.png``.

    python scripts/readme_screenshot.py                       # docs/dashboard.png
    python scripts/readme_screenshot.py --size 800x600 --out /tmp/small.png
    python scripts/readme_screenshot.py --tab new --lang en --out /tmp/new.png --full

``--tab`` picks the tab to show (replay, new, play, match), ``--steps`` how many moves to step
forward in the replay, ``--full`` a picture of the whole page rather than the window. It
prints a layout check (anything wider than the window; tab titles cut off).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import CHROMIUM_FLAGS, free_port, serving  # noqa: E402
from vandatta_widgets.app.dashboard import MATCH_TAB, NEW_TAB, PLAY_TAB, REPLAY_TAB  # noqa: E402
from vandatta_widgets.server.serve import DASHBOARD, dashboard_command  # noqa: E402

TABS = {"replay": REPLAY_TAB, "new": NEW_TAB, "play": PLAY_TAB, "match": MATCH_TAB}  # the dashboard's own

_LAYOUT_CHECK = """
() => {
  const problems = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > window.innerWidth + 1)
    problems.push(`page is ${doc.scrollWidth}px wide in a ${window.innerWidth}px window`);
  for (const tab of document.querySelectorAll('.vd-db-tabs .lm-TabBar-tab')) {
    const label = tab.querySelector('.lm-TabBar-tabLabel') || tab;
    if (label.scrollWidth > label.clientWidth + 1) problems.push(`tab title cut off: ${label.textContent}`);
  }
  for (const el of document.querySelectorAll('.vd-dash *')) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.right > window.innerWidth + 1 && getComputedStyle(el).overflow === 'visible') {
      problems.push(`${el.className || el.tagName} ends at ${Math.round(r.right)}px`);
      if (problems.length > 8) break;
    }
  }
  return problems;
}
"""


def serve(port: int, log: Path) -> subprocess.Popen:
    cmd = dashboard_command(host="127.0.0.1", port=port)
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    return subprocess.Popen(
        cmd, stdout=log.open("w"), stderr=subprocess.STDOUT, env=env, cwd=DASHBOARD.parent
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "dashboard.png"))
    parser.add_argument("--size", default="1280x800", help="window size, WIDTHxHEIGHT")
    parser.add_argument("--tab", choices=sorted(TABS), default="replay")
    parser.add_argument("--lang", choices=("sv", "en"), default="sv")
    parser.add_argument("--steps", type=int, default=3, help="moves to step forward in the replay")
    parser.add_argument("--full", action="store_true", help="the whole page, not just the window")
    args = parser.parse_args()
    width, height = (int(x) for x in args.size.lower().split("x"))

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        print("Debian's chromium is not installed (apt-get install chromium)", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    port = free_port()
    folder = Path(tempfile.mkdtemp(prefix="vandatta-shot-"))
    proc = serve(port, folder / "voila.log")
    with serving(proc, port), sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS, headless=True)
        page = browser.new_page(viewport={"width": width, "height": height}, device_scale_factor=1)
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"http://127.0.0.1:{port}/", timeout=120_000)
        # the page opens on the child's path: the replay is a tab of its own
        page.wait_for_selector(".vd-db-tabs .lm-TabBar-tab", timeout=120_000)
        page.locator(".vd-db-tabs .lm-TabBar-tab").nth(REPLAY_TAB).click()
        page.evaluate("document.activeElement && document.activeElement.blur()")
        page.wait_for_selector(".vd-dash .vd-rp-table svg", timeout=120_000)
        if args.lang == "en":
            page.locator(".vd-db-language button", has_text="English").click()
            page.wait_for_function(
                "() => document.querySelector('.vd-replay .vd-ply-label')?.textContent.startsWith('Move')"
            )
        for _ in range(args.steps):
            label = page.locator(".vd-replay .vd-ply-label").inner_text()
            page.locator(".vd-replay .vd-rp-next").click()
            page.wait_for_function(
                "(old) => document.querySelector('.vd-replay .vd-ply-label')?.textContent !== old",
                arg=label,
            )
        if args.tab != "replay":
            page.locator(".vd-db-tabs .lm-TabBar-tab").nth(TABS[args.tab]).click()
            ready = {"new": ".vd-db-start", "play": ".vd-play .vd-hand svg", "match": ".vd-scoreboard"}
            page.wait_for_selector(ready[args.tab], timeout=60_000)
        page.mouse.move(0, height - 1)  # no hover effects or tooltips in the picture
        page.evaluate("document.activeElement && document.activeElement.blur()")
        time.sleep(0.8)  # the card's drop-in animation settles
        for problem in page.evaluate(_LAYOUT_CHECK):
            print("layout:", problem)
        out = Path(args.out)
        out.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(out), full_page=args.full)
        print(f"wrote {out} ({width}×{height}{', full page' if args.full else ''})")
        for error in errors:
            print("page error:", error)
        browser.close()
        return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
