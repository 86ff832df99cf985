"""The game review in Voilà and Chromium: "Analysera" in the replay runs while the page stays
usable (the kernel judges the decisions in worker processes), a progress bar moves, the chart
and the marks appear, a click or the arrow keys open a decision and jump the replay there;
"Review the round" at the play table shows the position as the player saw it."""

from __future__ import annotations

import re

from .conftest import axe_violations, open_notebook

REVIEW_TIMEOUT = 300_000  # ms: a loaded machine; the figure that matters is bench_review.py's


def label(page) -> str:
    return page.locator(".vd-replay .vd-ply-label").inner_text()


def test_analyse_in_the_replay(page, voila_url):
    from playwright.sync_api import expect

    open_notebook(page, voila_url, "review.ipynb", ready=".vd-replay .vd-rv-start")
    replay = page.locator(".vd-replay")
    start = replay.locator(".vd-rv-start")
    assert start.inner_text().strip() == "Analysera"
    box = start.bounding_box()
    assert box and box["height"] >= 44
    m = int(re.search(r"av (\d+)", label(page)).group(1))
    start.click()
    progress = replay.locator(".vd-rv-progress")
    progress.wait_for(state="visible", timeout=30_000)
    # the page stays usable while the review runs: the replay still steps
    replay.locator(".vd-rp-next").click()
    page.wait_for_function(
        "(t) => document.querySelector('.vd-replay .vd-ply-label')?.textContent === t",
        arg=f"Drag 1 av {m}",
        timeout=20_000,
    )
    assert progress.is_visible(), "the review finished before the page was tried: make it longer"
    assert "Granskar" in replay.locator(".vd-rv-status").inner_text()
    marks = replay.locator("button.vd-rv-mark")
    marks.first.wait_for(timeout=REVIEW_TIMEOUT)
    progress.wait_for(state="hidden", timeout=REVIEW_TIMEOUT)
    assert page.errors == []

    chart = replay.locator(".vd-rv-chart .vd-rv-wide svg")
    assert chart.locator("title").first.text_content() == "Vinstchans under omgången"
    assert chart.locator(".vd-rv-pt").count() == marks.count() > 5
    assert chart.locator("polygon[fill-opacity]").count() >= 1  # the 95 % band
    for i in range(min(marks.count(), 6)):
        mark = marks.nth(i)
        name = mark.get_attribute("aria-label") or ""
        assert re.match(r"Drag \d+ · Spelare \d: .+ – .+ \((!|✓|\?!|\?|\?\?)\)$", name), name
        b = mark.bounding_box()
        assert b and b["height"] >= 44 and b["width"] >= 44

    # a click on a mark opens it and the replay goes to the position before the move
    bad = replay.locator("button.vd-rv-mark.vd-rv-mistake, button.vd-rv-mark.vd-rv-blunder").first
    ply = int(bad.get_attribute("data-ply"))
    bad.click()
    page.wait_for_function(
        "(t) => document.querySelector('.vd-replay .vd-ply-label')?.textContent === t",
        arg=f"Drag {ply - 1} av {m}",
        timeout=20_000,
    )
    assert bad.get_attribute("aria-pressed") == "true"
    detail = replay.locator(".vd-rv-detail")
    page.wait_for_function(
        "(p) => document.querySelector('.vd-replay .vd-rv-detail')?.textContent.includes(`Drag ${p} `)",
        arg=ply,
        timeout=20_000,
    )
    assert "Bättre:" in detail.inner_text() and "Spelat:" in detail.inner_text()

    # the keyboard: the arrows move along the marks
    bad.focus()
    page.keyboard.press("ArrowRight")
    after = replay.locator("button.vd-rv-mark[aria-pressed='true']")
    page.wait_for_function(
        "(p) => Number(document.querySelector(\".vd-replay button.vd-rv-mark[aria-pressed='true']\")?.dataset.ply) > p",
        arg=ply,
        timeout=20_000,
    )
    nxt = int(after.get_attribute("data-ply"))
    assert page.evaluate("() => document.activeElement.dataset.ply") == str(nxt)
    page.wait_for_function(
        "(t) => document.querySelector('.vd-replay .vd-ply-label')?.textContent === t",
        arg=f"Drag {nxt - 1} av {m}",
        timeout=20_000,
    )

    problems = [
        v for v in axe_violations(page) if any("vd-rv" in t or "vd-review" in t for t in v["targets"])
    ]
    assert problems == []

    # English: every word of the panel changes
    replay.locator(".vd-rp-language button", has_text="English").click()
    page.wait_for_function(
        "() => document.querySelector('.vd-replay .vd-rv-start')?.textContent.trim() === 'Analyse'",
        timeout=20_000,
    )
    page.wait_for_function(
        "() => document.querySelector('.vd-replay .vd-rv-chart title')?.textContent === 'Chance to win over the round'",
        timeout=20_000,
    )
    # (each part of the panel is its own message: wait for the detail's words too)
    expect(detail).to_contain_text("Played:", timeout=20_000)
    expect(detail).to_contain_text("Chance to win:")


def test_review_the_round_at_the_play_table(page, voila_url):
    open_notebook(page, voila_url, "review.ipynb", ready=".vd-play .vd-rv-start")
    table = page.locator(".vd-play")
    start = table.locator(".vd-rv-start")
    assert start.inner_text().strip() == "Review the round"
    start.click()
    marks = table.locator("button.vd-rv-mark")
    marks.first.wait_for(timeout=REVIEW_TIMEOUT)
    assert marks.count() == 3
    first = table.locator("button.vd-rv-mark[data-ply='1']")
    assert "vd-rv-blunder" in (first.get_attribute("class") or "") or "vd-rv-mistake" in (
        first.get_attribute("class") or ""
    )
    assert first.get_attribute("aria-pressed") == "true"  # the first mistake opens by itself
    detail = table.locator(".vd-rv-detail")
    assert detail.locator(".vd-rv-position svg").count() == 1  # the position as player 1 saw it
    assert "Better:" in detail.inner_text() and "keeping the eight" in detail.inner_text()
    table.locator("button.vd-rv-mark[data-ply='11']").click()
    page.wait_for_function(
        "() => document.querySelector('.vd-play .vd-rv-detail')?.textContent.includes('You went out')",
        timeout=20_000,
    )
    assert page.errors == []
