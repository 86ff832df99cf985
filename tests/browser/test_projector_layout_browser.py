"""Issue 43: on the projector (the replay in classroom mode, "Klassen svarar" on) the class's
code and address stay in sight without covering any of the replay — at 1024×768 the box used
to lie over the list of moves' heading. Checked at the top of the page and scrolled to its end,
at 1024×768 and 1920×1080; screenshots under ``VANDATTA_SCREENSHOTS`` to look at."""

from __future__ import annotations

import pytest

from .test_class_voice_sound_browser import SCROLL_ALL, STEP_MS, class_server, inside_window, shot  # noqa: F401

REPLAY_PARTS = [".vd-rp-table", ".vd-rp-explain", ".vd-rp-controls", ".vd-rp-moves-title", ".vd-move-list"]

OVERLAPS = """(parts) => {
  const box = document.querySelector('.vd-cl-corner').getBoundingClientRect();
  const hit = [];
  for (const sel of parts) {
    for (const e of document.querySelectorAll('.vd-replay ' + sel)) {
      const r = e.getBoundingClientRect();
      if (!r.width || !r.height) continue;
      const x = Math.min(box.right, r.right) - Math.max(box.left, r.left);
      const y = Math.min(box.bottom, r.bottom) - Math.max(box.top, r.top);
      if (x > 1 && y > 1) hit.push(sel);
    }
  }
  return hit;
}"""


@pytest.mark.parametrize(("width", "height"), [(1024, 768), (1920, 1080)], ids=["1024x768", "1920x1080"])
def test_the_class_code_covers_nothing_of_the_replay(browser, class_server, width, height) -> None:  # noqa: F811
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    try:
        page.goto(f"{class_server.url}?classroom=1&lang=sv", timeout=180_000)
        page.wait_for_selector(".vd-replay.vd-classroom .vd-rp-table svg", timeout=180_000)
        page.locator(".vd-replay .vd-rp-class-answers button.vd-toggle").click()
        page.wait_for_function(
            "() => (document.querySelector('.vd-cl-projector .vd-cl-code')?.textContent || '').length === 5",
            timeout=STEP_MS,
        )
        for where in ("top", "end"):
            page.evaluate(SCROLL_ALL, where)
            page.wait_for_timeout(100)  # the scroll's layout
            assert inside_window(page, ".vd-cl-corner .vd-cl-code"), where
            assert inside_window(page, ".vd-cl-corner .vd-cl-address"), where
            assert page.evaluate(OVERLAPS, REPLAY_PARTS) == [], where
            shot(page, f"projector-layout-{width}x{height}-{where}.png")
    finally:
        context.close()
