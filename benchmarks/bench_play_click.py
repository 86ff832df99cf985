"""Play-table latency in a real browser: the median time from a click on a card in the play
table, then on "Lay cards", to the pile updated — Voilà + Debian's Chromium (Playwright), the
same setup as the browser tests (``tests/browser/conftest.py``).

Each run opens a fresh page (a fresh kernel) of a two-player table against a fast ``random``
computer and lays ``--plays`` cards, each a card the page highlights as legal (not an eight or an ace) (the
computer's turns and the player's draws in between are not timed). For each play it times,
inside the page with ``performance.now()``:

- card → selected: the click on the card until the hand shows it selected (one round trip);
- lay → pile: the click on "Lay cards" until the pile shows the new top card;
- total: card click → pile updated (the figure the issue asks for); "+frame" adds the next
  animation frame (the picture painted).

For scale it also times a bare ipywidgets Button → Label round trip the same way.

    python benchmarks/bench_play_click.py [--runs 3] [--plays 25]

Needs Chromium (``apt-get install chromium``) and Playwright (``pip install -e .[test]``).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import CHROMIUM_FLAGS, free_port, notebook_text, serving, start_voila  # noqa: E402

PLAY_NB = """from vandatta_widgets.play.play_table import PlayTable
table = PlayTable(players=2, bots=["random"], seed={seed}, lang="en", pace="fast")
table.ticker.interval = 60  # a quick computer: only the player's clicks are timed
table"""

BARE_NB = """import ipywidgets as w
button = w.Button(description="bump")
label = w.Label(value="0")
def bump(_):
    label.value = str(int(label.value) + 1)
button.on_click(bump)
w.VBox([button, label])"""

# In the page: wait for a condition with a MutationObserver (no polling delay).
_JS_HELPERS = """
window.vdWait = (cond, ms = 20000) => new Promise((resolve, reject) => {
  if (cond()) { resolve(performance.now()); return; }
  const obs = new MutationObserver(() => {
    if (cond()) { obs.disconnect(); clearTimeout(timer); resolve(performance.now()); }
  });
  const timer = setTimeout(() => { obs.disconnect(); reject(new Error("timeout")); }, ms);
  obs.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
});
window.vdFrame = () => new Promise((r) => requestAnimationFrame(() => r(performance.now())));
"""

# One timed play: click a highlighted card, wait until it shows selected, click "Lay cards",
# wait until the pile's ply changes. Eights (a declaration) and aces (legal maybe only as a
# group, R7) are left out: any other card that starts a legal play is legal on its own.
# Returns null when there is no such card.
_JS_PLAY = """
async () => {
  const card = [...document.querySelectorAll('.vd-play .vd-hand .vd-legal[data-index]')]
    .find((n) => !/^(eight|ace) /.test(n.getAttribute('data-name') || ''));
  if (!card) return null;
  const index = card.getAttribute('data-index');
  const ply = document.querySelector('.vd-pile-box').getAttribute('data-ply');
  const lay = [...document.querySelectorAll('.vd-play button')].find((b) => b.textContent.trim() === 'Lay cards');
  const t0 = performance.now();
  card.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  const t1 = await vdWait(() => {
    const n = document.querySelector(`.vd-play .vd-hand [data-index="${index}"]`);
    return n && n.classList.contains('vd-selected');
  });
  const t2 = performance.now();
  lay.click();
  const t3 = await vdWait(() => {
    const p = document.querySelector('.vd-pile-box');
    return p && p.getAttribute('data-ply') !== ply;
  });
  const t4 = await vdFrame();
  return { select: t1 - t0, lay: t3 - t2, total: t3 - t0, frame: t4 - t0 };
}
"""

_JS_BARE = """
async () => {
  const label = [...document.querySelectorAll('.widget-label')].pop();
  const before = label.textContent;
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'bump');
  const t0 = performance.now();
  button.click();
  const t1 = await vdWait(() => label.textContent !== before);
  return t1 - t0;
}
"""


def _pct(values: list[float], q: float) -> float:
    values = sorted(values)
    k = (len(values) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)


_SETTLED = """() => {
  const s = document.querySelector('.vd-status'), p = document.querySelector('.vd-pile-box');
  if (!s || !p || s.getAttribute('data-ply') !== p.getAttribute('data-ply')) return false;
  const turn = s.getAttribute('data-turn');
  if (turn === 'over') return true;
  if (turn !== 'human') return false;
  const hand = document.querySelector('.vd-play .vd-hand');
  return !!hand && !hand.querySelector('.vd-selected') && !!hand.querySelector('.vd-legal, .vd-dimmed');
}"""


def _human_turn(page) -> str:
    """Wait until it is the player's turn (or the round is over) and every view shows the
    same position; returns the status's data-turn."""
    page.wait_for_function(_SETTLED, timeout=60_000)
    return page.locator(".vd-status").get_attribute("data-turn")


def run_play(page, url: str, plays: int) -> list[dict]:
    page.goto(url, timeout=120_000)
    page.wait_for_selector(".vd-pile-box", timeout=120_000)
    page.evaluate(_JS_HELPERS)
    results: list[dict] = []
    for _ in range(plays * 20):
        if len(results) >= plays:
            break
        turn = _human_turn(page)
        if turn == "over":
            page.get_by_role("button", name="Next round").click()
            page.wait_for_function(
                "() => document.querySelector('.vd-status').getAttribute('data-turn') !== 'over'"
            )
            continue
        timing = page.evaluate(_JS_PLAY)
        if timing is None:  # nothing to lay: draw (or pass after three draws) and go on
            ply = page.locator(".vd-status").get_attribute("data-ply")
            drawn = page.locator(".vd-pile-box").inner_text()
            name = "Pass" if "Drawn this turn: 3" in drawn else "Draw a card"
            page.get_by_role("button", name=name).click()
            page.wait_for_function(
                f"() => document.querySelector('.vd-status').getAttribute('data-ply') !== '{ply}'"
            )
            continue
        results.append(timing)
    if page.errors:  # type: ignore[attr-defined]
        raise RuntimeError(f"page errors: {page.errors}")  # type: ignore[attr-defined]
    return results


def run_bare(page, url: str, clicks: int) -> list[float]:
    page.goto(url, timeout=120_000)
    page.wait_for_selector(".widget-label", timeout=120_000)
    page.evaluate(_JS_HELPERS)
    return [page.evaluate(_JS_BARE) for _ in range(clicks)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="fresh pages (kernels), default 3")
    parser.add_argument("--plays", type=int, default=25, help="timed plays per run (at least 20), default 25")
    args = parser.parse_args()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        sys.exit("Debian's chromium is needed: apt-get install chromium")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for run in range(args.runs):
            (root / f"play{run}.ipynb").write_text(notebook_text(PLAY_NB.replace("{seed}", str(101 + run))))
        (root / "bare.ipynb").write_text(notebook_text(BARE_NB))
        port = free_port()
        proc = start_voila(root, port, log=root / "voila.log")
        with serving(proc, port):
            base = f"http://127.0.0.1:{port}/voila/render"
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS, headless=True)
                totals: list[float] = []
                print(f"Play table, card click + 'Lay cards' → pile updated ({args.plays} plays per run), ms")
                print(f"{'run':>4} {'select':>8} {'lay→pile':>9} {'total':>8} {'p95':>8} {'+frame':>8}")
                for run in range(args.runs):
                    context = browser.new_context(viewport={"width": 1280, "height": 800})
                    page = context.new_page()
                    page.errors = []  # type: ignore[attr-defined]
                    page.on("pageerror", lambda exc, page=page: page.errors.append(str(exc)))  # type: ignore[attr-defined]
                    res = run_play(page, f"{base}/play{run}.ipynb", args.plays)
                    context.close()
                    tot = [r["total"] for r in res]
                    totals += tot
                    print(
                        f"{run + 1:>4} {statistics.median(r['select'] for r in res):8.1f} "
                        f"{statistics.median(r['lay'] for r in res):9.1f} {statistics.median(tot):8.1f} "
                        f"{_pct(tot, 0.95):8.1f} {statistics.median(r['frame'] for r in res):8.1f}"
                    )
                print(
                    f" all  total median {statistics.median(totals):.1f} ms, p95 {_pct(totals, 0.95):.1f} ms "
                    f"over {len(totals)} plays"
                )
                context = browser.new_context(viewport={"width": 1280, "height": 800})
                page = context.new_page()
                bare = run_bare(page, f"{base}/bare.ipynb", 40)
                context.close()
                print(
                    f"Bare ipywidgets Button → Label round trip: median {statistics.median(bare):.1f} ms, "
                    f"p95 {_pct(bare, 0.95):.1f} ms over {len(bare)} clicks"
                )
                browser.close()


if __name__ == "__main__":
    main()
