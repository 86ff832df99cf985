"""Screenshots of the views, served by Voilà and taken in Debian's Chromium with Playwright.

    python scripts/screenshots.py                 # every view, 1280×800 and 800×600
    python scripts/screenshots.py --only replay   # views whose name starts with "replay"

Writes ``screenshots/NAME-WxH.png`` (the window as a user sees it first) and
``screenshots/NAME-WxH-full.png`` (the whole page) — ``screenshots/`` is git-ignored — and
prints a layout check per shot: anything wider than the window (cut off at the right) and
controls that overlap each other. Look at the pictures too: cards crisp and readable,
nothing overlapping or cut off.

A view is a notebook written into a temporary folder (so the test notebooks stay as they
are); add one to ``SHOTS`` with the CSS selector that says it has been drawn.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import CHROMIUM_FLAGS, free_port, notebook_text, serving, start_voila  # noqa: E402

SIZES = ((1280, 800), (800, 600))


@dataclass(frozen=True)
class Shot:
    name: str
    source: str  # the notebook's one code cell
    ready: str  # a CSS selector visible once the view is drawn
    overlap_selector: str = ""  # controls that must not overlap one another


_REPLAY_CONTROLS = ".vd-replay .vd-rp-controls > .widget-inline-hbox, .vd-replay .vd-rp-controls > .jupyter-button, .vd-replay .vd-rp-controls > .widget-label, .vd-replay .vd-rp-header > *"

_GAME = """\
from vandatta.ai.simulate import play_random_game
from widgets import ReplayViewer

game = play_random_game(3, seed=5)
# the first ace of the round: its explanation names the draws it causes (R7)
ace = next(i for i, m in enumerate(game.moves, 1) if m.is_play and m.cards[0].is_ace)
"""

SHOTS: tuple[Shot, ...] = (
    Shot(
        "replay-sv-ace",
        _GAME + 'ReplayViewer(game, lang="sv", ply=ace)',
        ".vd-rp-table svg",
        _REPLAY_CONTROLS,
    ),
    Shot(
        "replay-en-end",
        _GAME + 'ReplayViewer(game, lang="en", ply=game.ply)',
        ".vd-rp-banner .vd-rp-end",
        _REPLAY_CONTROLS,
    ),
    Shot(
        "replay-sv-seat",
        _GAME + 'ReplayViewer(game, lang="sv", viewer=0, ply=ace + 1)',
        ".vd-rp-table svg",
        _REPLAY_CONTROLS,
    ),
)

_LAYOUT_CHECK = """
(selector) => {
  const problems = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > window.innerWidth + 1)
    problems.push(`page is ${doc.scrollWidth}px wide in a ${window.innerWidth}px window`);
  const boxes = selector ? [...document.querySelectorAll(selector)]
    .filter((e) => e.offsetParent !== null)
    .map((e) => [e, e.getBoundingClientRect()]) : [];
  for (let i = 0; i < boxes.length; i++) {
    const [a, ra] = boxes[i];
    if (ra.right > window.innerWidth + 1) problems.push(`${a.className} ends at x=${ra.right}`);
    for (let j = i + 1; j < boxes.length; j++) {
      const [b, rb] = boxes[j];
      if (a.contains(b) || b.contains(a)) continue;
      const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
      const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      if (w > 1 && h > 1) problems.push(`overlap: ${a.className} / ${b.className}`);
    }
  }
  // anything drawn past the edge of a box that clips (overflow other than visible)
  for (const e of document.querySelectorAll(".jp-OutputArea-output svg, .jp-OutputArea-output button, " +
                                            ".jp-OutputArea-output select, .jp-OutputArea-output .widget-label")) {
    if (e.offsetParent === null && e.tagName !== "svg") continue;
    if (e.parentElement && e.parentElement.closest("svg")) continue;  // nested svg parts
    const r = e.getBoundingClientRect();
    if (!r.width) continue;
    for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
      if (getComputedStyle(a).overflowX === "visible") continue;
      const ra = a.getBoundingClientRect();
      if (r.right > ra.right + 0.5 || r.left < ra.left - 0.5)
        problems.push(`clipped: ${e.tagName}.${e.getAttribute("class") || ""} x=${r.left.toFixed(0)}..${r.right.toFixed(0)} ` +
                      `in a box x=${ra.left.toFixed(0)}..${ra.right.toFixed(0)}`);
      break;
    }
  }
  for (const svg of document.querySelectorAll(".vd-rp-table svg")) {
    const r = svg.getBoundingClientRect();
    const vb = svg.viewBox.baseVal;
    problems.push(`(info) table drawn ${Math.round(r.width)}×${Math.round(r.height)} px, ` +
                  `scale ${(Math.min(r.width / vb.width, r.height / vb.height)).toFixed(2)} of its natural size`);
  }
  return problems;
}
"""


_CONTENT_HEIGHT = """
() => Math.ceil(Math.max(
  document.documentElement.scrollHeight,
  ...[...document.querySelectorAll("#rendered_cells, .jp-Notebook")].map((e) => e.scrollHeight + e.getBoundingClientRect().top)))
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="take only the views whose name starts with this")
    parser.add_argument("--out", type=Path, default=ROOT / "screenshots")
    args = parser.parse_args(argv)
    shots = [s for s in SHOTS if s.name.startswith(args.only)]
    if not shots:
        print(f"no view is called {args.only!r}*", file=sys.stderr)
        return 2
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        print("Debian's chromium is needed (apt-get install chromium)", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="vd-shots-") as tmp:
        folder = Path(tmp)
        for shot in shots:
            (folder / f"{shot.name}.ipynb").write_text(notebook_text(shot.source), encoding="utf-8")
        port = free_port()
        proc = start_voila(folder, port, log=folder / "voila.log")
        with serving(proc, port), sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS, headless=True)
            for shot in shots:
                for width, height in SIZES:
                    _take(browser, port, shot, width, height, args.out)
            browser.close()
    return 0


def _take(browser, port: int, shot: Shot, width: int, height: int, out: Path) -> None:
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"http://127.0.0.1:{port}/voila/render/{shot.name}.ipynb", timeout=120_000)
    page.wait_for_selector(shot.ready, timeout=120_000)
    page.evaluate("document.fonts.ready")
    time.sleep(0.5)  # let the last widget messages land
    stem = out / f"{shot.name}-{width}x{height}"
    page.screenshot(path=f"{stem}.png")
    problems = page.evaluate(_LAYOUT_CHECK, shot.overlap_selector)
    # Voilà scrolls inside #rendered_cells, not the page: for the whole page, make the
    # window as tall as the content (a full_page shot would stop at the window).
    for _ in range(3):
        tall = page.evaluate(_CONTENT_HEIGHT)
        if tall <= page.viewport_size["height"]:
            break
        page.set_viewport_size({"width": width, "height": tall})
        time.sleep(0.3)
    page.screenshot(path=f"{stem}-full.png")
    problems += [f"page error: {e}" for e in errors]
    print(f"{stem}.png")
    for problem in problems:
        print(f"    {problem}")
    context.close()


if __name__ == "__main__":
    raise SystemExit(main())
