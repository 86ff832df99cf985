"""Lesson 11 ("Spela smart" / "Play smart") in Chromium, served by Voilà as a class would open
it: on a phone and on a tablet every chart fits the window (a chart is drawn inline, shrinking
to the width there is) and stays readable, the reviewed round's panel too, the page asks nothing of another host, and the first exercise is
answered by tapping the three sevens in an order that leaves spades as the suit."""

from __future__ import annotations

import pytest

from .conftest import guard_requests, watch_errors

READY = ".vd-review, .vd-puzzle"
FIRST = ".vd-exercise >> nth=0"

# Each chart's box against the window, and whether anything makes the page scroll sideways.
CHARTS = """
() => {
  const charts = [...document.querySelectorAll(".vd-chart svg")].map((s) => {
    const r = s.getBoundingClientRect();
    return { left: Math.round(r.left), right: Math.round(r.right), width: Math.round(r.width) };
  });
  // the review panel and everything in it, inside the window (ipywidgets' 2 px margins)
  const review = [...document.querySelectorAll(".vd-review, .vd-review *")]
    .map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0)
    .map((r) => Math.round(r.right * 10) / 10);
  // the four ideas side by side: the size its smallest words are drawn at on this screen
  const last = [...document.querySelectorAll(".vd-chart svg")].pop();
  const words = last ? [...last.querySelectorAll("text")].map((t) => t.getBoundingClientRect())
    .filter((r) => r.width > 0) : [];
  const overlaps = words.some((a, i) => words.some((b, j) => j > i && a.left < b.right - 1
    && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1));
  return { charts, window: innerWidth, page: document.documentElement.scrollWidth,
           reviewRight: Math.max(...review), smallestWords: Math.min(...words.map((r) => r.height)),
           overlaps };
}
"""


@pytest.mark.parametrize(("lang", "width", "height"), [("sv", 390, 844), ("en", 768, 1024)])
def test_the_charts_fit_the_window(browser, lessons_url, lang, width, height) -> None:
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    errors = watch_errors(page)
    try:
        refused = guard_requests(page, lessons_url)
        page.goto(f"{lessons_url}/voila/render/{lang}/11-play-smart.ipynb", timeout=180_000)
        page.wait_for_selector(READY, timeout=180_000)
        page.wait_for_function("() => document.querySelectorAll('.vd-chart svg').length >= 6", timeout=60_000)
        found = page.evaluate(CHARTS)
        # 4 comparisons, the 200 rounds played in the lesson, and the four side by side
        assert len(found["charts"]) == 6, found
        for chart in found["charts"]:
            assert chart["left"] >= 0 and chart["right"] <= found["window"], found
            assert chart["width"] >= 0.8 * min(width, 560) - 40, found  # shrunk to fit, not squashed
        assert found["page"] <= found["window"] + 1, found
        assert found["reviewRight"] <= found["window"], found
        # the summary chart's smallest words (14 px in the drawing) still about 10 px tall
        # on a phone, and no words drawn over each other
        assert found["smallestWords"] >= 10, found
        assert not found["overlaps"], found
        assert refused == [] and errors == []
    finally:
        context.close()


def test_the_first_exercise_is_answered_by_tapping_the_sevens(page, lessons_url) -> None:
    page.goto(f"{lessons_url}/voila/render/en/11-play-smart.ipynb", timeout=180_000)
    page.wait_for_selector(READY, timeout=180_000)
    exercise = page.locator(FIRST)
    hand = exercise.locator(".vd-hand")
    # the hand is 7♥ 7♣ 7♠ K♠ 2♦: lay 7♥ 7♣ 7♠, the spade last
    for index in (0, 1, 2):
        hand.locator(f'[data-index="{index}"]').click()
        # (the kernel may still be running the lesson's later cells, its simulations: the
        # click's answer waits behind them, so the bound is the kernel's, not a click's)
        page.wait_for_selector(
            f'.vd-exercise >> nth=0 >> .vd-hand [data-index="{index}"][aria-pressed="true"]',
            timeout=180_000,
        )
    exercise.get_by_role("button", name="Lay cards").click()
    page.wait_for_function(
        "() => (document.querySelector('.vd-exercise .vd-feedback')?.innerText || '').includes('R5')",
        timeout=60_000,
    )
    feedback = exercise.locator(".vd-feedback").inner_text()
    assert "vd-right" in (exercise.locator(".vd-feedback").get_attribute("class") or ""), feedback
    assert "spades" in feedback
    assert page.errors == []
