"""Classroom mode in Chromium, as a teacher uses it: opened from a bookmark (``?classroom=1``)
on a school projector (1024×768) and a large one (1920×1080), driven with a presenter's keys.

What it must show: the hand in focus and the pile's top card at least 1/12 of the screen's
width, the explanation in text of 28 px or more, only the moves already played in the list,
and a "What would you play?" step that shows the position from the mover's seat without
telling the move, until R (or "Show the move") reveals it with the engine's explanation."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import watch_errors
from vandatta import play_game
from vandatta.ai.discuss import discussion_plies
from vandatta_widgets.app.dashboard import SAMPLE, computer_players
from vandatta_widgets.lessons.chips import uncited

LABEL = ".vd-replay .vd-ply-label"
EXPLAIN = ".vd-replay .vd-rp-explain"
SAMPLE_GAME = play_game(computer_players(list(SAMPLE["players"]), SAMPLE["seed"]), seed=SAMPLE["seed"])
M = SAMPLE_GAME.ply
# the class is asked only where the mover had a real choice: Q is the first such ply, and the
# example round's next question comes straight after it (the steps below count on both)
Q = discussion_plies(SAMPLE_GAME)[0]
assert discussion_plies(SAMPLE_GAME)[1] == Q + 1

SIZES_JS = """
() => {
  const svg = document.querySelector('.vd-rp-table svg');
  const focus = [...svg.querySelectorAll('.vd-seat .vd-card')].map((c) => c.getBoundingClientRect().width);
  const top = svg.querySelector('.vd-pile .vd-top .vd-card');
  return { arrangement: svg.dataset.arrangement, hand: Math.min(...focus),
           top: top ? top.getBoundingClientRect().width : 0,
           explain: parseFloat(getComputedStyle(document.querySelector('.vd-rp-explain')).fontSize),
           listed: [...document.querySelectorAll('.vd-rp-moves [role=option]')].map((o) => Number(o.dataset.ply)) };
}
"""


def wait_label(page, ply: int) -> None:
    page.wait_for_function(
        "(t) => document.querySelector('.vd-replay .vd-ply-label')?.textContent === t",
        arg=f"Drag {ply} av {M}",
        timeout=30_000,
    )


def explanation(page) -> str:
    return re.sub(r"\s+", " ", page.locator(EXPLAIN).inner_text())


@pytest.mark.parametrize(("width", "height"), [(1024, 768), (1920, 1080)], ids=["1024x768", "1920x1080"])
def test_classroom_mode_from_a_bookmark(browser, dashboard_url, width, height) -> None:
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    errors = watch_errors(page)
    try:
        page.goto(dashboard_url + "?classroom=1", timeout=120_000)
        page.wait_for_selector(".vd-replay.vd-classroom .vd-rp-table svg", timeout=120_000)
        wait_label(page, 0)

        # → the moves where the mover had no choice are shown at once, each saying so
        for ply in range(1, Q + 1):
            page.keyboard.press("ArrowRight")
            wait_label(page, ply)
            assert "Ingen fråga här" in explanation(page)
        # → asks about move Q+1: the mover's seat, no word of the move, the list up to move Q
        page.keyboard.press("ArrowRight")
        page.wait_for_function("() => !!document.querySelector('.vd-rp-question')")
        first = SAMPLE_GAME.moves[Q]
        mover = SAMPLE_GAME.replay(Q).to_move
        words = explanation(page)
        assert "Vad skulle du spela?" in words and f"Spelare {mover + 1} är på tur." in words
        sizes = page.evaluate(SIZES_JS)
        assert sizes["arrangement"] == "focus"
        assert sizes["hand"] >= width / 12, sizes
        assert sizes["top"] >= width / 12, sizes
        assert sizes["explain"] >= 28, sizes
        assert sizes["listed"] == list(range(Q + 1)), "only the moves already played are listed"
        assert str(first) not in words and f"Drag {Q + 1} ·" not in words
        seats = page.locator(".vd-rp-table svg .vd-seat")
        hidden = [seats.nth(i).get_attribute("aria-label") for i in range(seats.count())]
        assert any(x.startswith(f"Spelare {mover + 1}") for x in hidden)
        # only the mover's cards are in the picture, each with its name
        faces = page.eval_on_selector_all(".vd-rp-table svg [role=listitem] [role=img]", "els => els.length")
        assert faces == len(SAMPLE_GAME.replay(Q).hand(mover))

        # R reveals the move with the engine's explanation and what else was legal
        page.keyboard.press("r")
        wait_label(page, Q + 1)
        page.wait_for_function(
            "(h) => (document.querySelector('.vd-rp-explain h2')?.textContent || '').startsWith(h)",
            arg=f"Drag {Q + 1}",
        )
        words = explanation(page)
        verdict = uncited(SAMPLE_GAME.replay(Q).check(first).lines("sv", player=f"Spelare {mover + 1}"))[0]
        assert re.sub(r"\s+", " ", " ".join(verdict)) in words and "Annat som var tillåtet" in words
        assert page.evaluate(SIZES_JS)["listed"] == list(range(Q + 2))

        # a presenter's clicker: PageDown asks, PageDown shows, PageUp goes back
        page.keyboard.press("PageDown")
        page.wait_for_function("() => !!document.querySelector('.vd-rp-question')")
        page.keyboard.press("PageDown")
        wait_label(page, Q + 2)
        assert page.evaluate(SIZES_JS)["listed"] == list(range(Q + 3))
        page.keyboard.press("PageUp")
        page.wait_for_function("() => !!document.querySelector('.vd-rp-question')")
        wait_label(page, Q + 1)  # (the label is sent last, after the picture and the words)

        # B blanks the screen until the next key; the button shows the move as R does
        page.keyboard.press("b")
        page.locator(".vd-blank").wait_for(state="visible")
        page.keyboard.press("ArrowRight")
        page.locator(".vd-blank").wait_for(state="detached")
        assert page.locator(LABEL).inner_text() == f"Drag {Q + 1} av {M}", (
            "the key only brought the picture back"
        )
        page.locator(".vd-replay .vd-rp-reveal").click()
        wait_label(page, Q + 2)

        # F puts the replay on the whole screen
        page.keyboard.press("f")
        page.wait_for_function("() => document.fullscreenElement?.classList.contains('vd-replay')")
        page.keyboard.press("f")
        page.wait_for_function("() => document.fullscreenElement === null")
        assert errors == []
    finally:
        context.close()
