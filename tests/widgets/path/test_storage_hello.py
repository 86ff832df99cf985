"""The path's storage widget (widgets/path/storage.js) says hello to the kernel — first when the
page draws it — until the kernel has heard it. A kernel that starts slowly — a busy school server, a minute or more — must still
hear one: the page once stopped asking after about a minute and stayed on "loading" for good.
The module runs here in Node with a fake model, clock and storage."""

from __future__ import annotations

import itertools
import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
STORAGE_JS = ROOT / "widgets" / "path" / "storage.js"

# Runs initialize() with fake timers: every timer fires in order of its time; prints the
# times (ms) at which the page said hello. The fake kernel is not there before heardAt (what
# the page says is lost) and answers "heard" to the first hello from then on. A view of the
# widget is drawn at shownAt (never if negative); shown (1 or 0) is the widget's ``shown``.
SCRIPT = r"""
const [modulePath, heardAt, until, shownAt, shown] = process.argv.slice(2).map((v, i) => (i ? Number(v) : v));
let now = 0;
const timers = [];
globalThis.setTimeout = (fn, wait) => { timers.push({ at: now + wait, fn }); return timers.length; };
globalThis.clearTimeout = () => {};
const store = new Map();
globalThis.window = {
  localStorage: {
    get length() { return store.size; },
    key: (i) => [...store.keys()][i] ?? null,
    getItem: (k) => store.get(k) ?? null,
    setItem: (k, v) => store.set(k, String(v)),
    removeItem: (k) => store.delete(k),
  },
  location: { href: "http://school.example/voila/render/dashboard.ipynb" },
  addEventListener: () => {},
  removeEventListener: () => {},
};
const hellos = [];
let listener = null;
let heard = false;
const model = {
  send: (msg) => {
    if (!("loaded" in msg)) return;
    hellos.push(now);
    if (!heard && now >= heardAt) {
      heard = true;
      timers.push({ at: now, fn: () => listener({ heard: true }) });
    }
  },
  on: (name, fn) => { listener = fn; },
  get: (name) => (name === "shown" ? shown === 1 : undefined),
};
const { default: widget } = await import(modulePath);
widget.initialize({ model });
if (shownAt >= 0) timers.push({ at: shownAt, fn: () => widget.render({ el: { classList: { add: () => {} } } }) });
while (timers.length) {
  timers.sort((a, b) => a.at - b.at);
  const next = timers.shift();
  if (next.at > until) break;
  now = next.at;
  next.fn();
}
console.log(JSON.stringify({ hellos, pending: timers.length }));
"""


def hellos(
    tmp_path: Path, *, heard_at_ms: int, until_ms: int, shown_at_ms: int = -1, shown: bool = False
) -> dict:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    script = tmp_path / "run.mjs"
    script.write_text(SCRIPT, encoding="utf-8")
    out = subprocess.run(
        [
            node,
            str(script),
            STORAGE_JS.as_uri(),
            str(heard_at_ms),
            str(until_ms),
            str(shown_at_ms),
            str(int(shown)),
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return json.loads(out.stdout)


def test_the_page_says_hello_again_until_a_slow_kernel_hears_it(tmp_path):
    # the kernel is ready only after three minutes: hellos keep coming, at most 20 s apart
    seen = hellos(tmp_path, heard_at_ms=180_000, until_ms=600_000)["hellos"]
    assert seen[0] == 0 and 180_000 <= seen[-1] <= 200_000, seen  # heard, then no more
    assert max(b - a for a, b in itertools.pairwise(seen)) <= 20_000, seen


def test_the_page_stops_saying_hello_once_heard(tmp_path):
    seen = hellos(tmp_path, heard_at_ms=5_000, until_ms=600_000)
    assert all(t <= 5_000 for t in seen["hellos"]), seen
    assert seen["pending"] == 0


def test_the_first_hello_waits_for_the_page_to_show_the_widget(tmp_path):
    """While the page's widgets are still being made, the kernel's answer to a hello would be
    lost on those not made yet (the path stayed on "loading"): on a page that shows the
    widget (the path), the first hello comes when its view is drawn — then every widget
    around it is made — or, should none be drawn, after ten seconds."""
    seen = hellos(tmp_path, heard_at_ms=0, until_ms=60_000, shown_at_ms=700, shown=True)["hellos"]
    assert seen == [700], seen
    never = hellos(tmp_path, heard_at_ms=0, until_ms=60_000, shown=True)["hellos"]
    assert never == [10_000], never


def test_a_page_that_does_not_show_the_widget_says_hello_at_once(tmp_path):
    """A lesson keeps answers without showing the path: its record loads at once, before the
    child's first answer."""
    seen = hellos(tmp_path, heard_at_ms=0, until_ms=60_000)["hellos"]
    assert seen == [0], seen
