"""The game review on screen, without a browser: the button after a round at the play table and
"Analysera" in the replay, the marks and the detail they open, the language switch, a record
that carries its review, what a browser could send, and the review run on an event loop (in
steps or in worker processes) without holding the loop."""

from __future__ import annotations

import asyncio
import re

import anywidget
import ipywidgets as w
import pytest

import vandatta as v
from tests.helpers.frontend import send_custom, unoffered
from tests.helpers.loops import in_a_fresh_loop
from vandatta.ai.review import Review
from vandatta_widgets.base import safe
from vandatta_widgets.controls.review import ReviewPanel, human_seat
from vandatta_widgets.play.play_table import PlayTable
from vandatta_widgets.replay.viewer import ReplayViewer

PLAYOUTS = 40


def at_once(panel: ReviewPanel) -> ReviewPanel:
    panel.background = False  # these tests click and look at once, as a script would
    return panel


def text_of(fragment: str) -> str:
    fragment = re.sub(r"<svg.*?</svg>", " ", fragment, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", fragment)).strip()


def short_round() -> v.Game:
    """Seat 0 spends its eight although 7♥ fits (a mistake), seat 1 can only draw, seat 0
    goes out with 7♥."""
    game = v.Game.from_position(hands=["7♥ 8♠ K♥", "2♦ 3♠"], top="7♦", talon="9♠ 4♣ 2♣ 5♣ J♣ 6♣ 10♠", seed=1)
    for move in ["8♠=K♥", "draw", "draw", "draw", "pass", "K♥", "draw", "draw", "draw", "pass", "7♥"]:
        game.play(move)
    return game


@pytest.fixture(scope="module")
def long_round() -> v.Game:
    return v.play_game(
        [v.make_player("beginner"), v.make_player("expert"), v.make_player("random", seed=3)],
        seed=3,
        notes=False,
    )


# -- at the play table ---------------------------------------------------------------------------------


def test_the_play_table_offers_the_review_once_the_round_is_over():
    game = v.Game.from_position(hands=["7♥ 8♠ K♥", "2♠ 3♠"], top="7♦", talon="9♠ 4♠ 5♠ 6♠ 10♠ J♠ Q♠", seed=1)
    table = PlayTable.from_game(game, bots=["beginner"], lang="en")
    panel = at_once(table.review)
    assert isinstance(panel, ReviewPanel) and panel.layout.display == "none"
    table.select("8♠")
    table.declare("♥", "K")
    table.lay_button.click()
    table.run_computers()
    assert not table.game.is_over and panel.layout.display == "none"
    table.select("K♥")
    table.lay_button.click()
    table.run_computers()
    table.select("7♥")
    table.lay_button.click()
    assert table.game.is_over and table.game.winner == 0
    assert panel.layout.display == "" and table.errors == []
    assert panel.start_button.description == "Review the round" and not panel.start_button.disabled
    panel.playouts = PLAYOUTS
    panel.start_button.click()
    assert panel.review is not None and panel.review.seat == 0 and panel.errors == []
    marks = {ply: sign for ply, sign, *_ in panel.marks.marks}
    assert marks[1] in ("?!", "?", "??")  # the eight spent while 7♥ fitted
    assert panel.marks.current == 1  # the first move worth a look is shown at once
    words = text_of(panel.detail.value)
    assert "Played:" in words and "Better:" in words and "keeping the eight" in words
    assert "<svg" in panel.detail.value  # the position as seat 0 saw it
    assert "<svg" in panel.marks.chart and "95 %" in panel.marks.chart
    assert table.game.annotation(1)["review"]["best"] == "7♥"
    table.lang = "sv"
    assert panel.start_button.description == "Granska omgången"
    assert "Bättre:" in text_of(panel.detail.value) and "Vinstchans" in panel.marks.chart
    table.new_round_button.click()
    assert panel.review is None and panel.layout.display == "none" and panel.game is table.game


def test_watching_a_round_reviews_every_seat():
    table = PlayTable(players=2, bots=["expert", "random"], human_seat=None, seed=3, lang="en")
    table.run_computers()
    assert table.game.is_over
    panel = at_once(table.review)
    panel.playouts = 20
    panel.start()
    assert panel.review is not None and panel.review.seat is None
    assert {d.seat for d in panel.review} == {0, 1}


# -- in the replay ---------------------------------------------------------------------------------------


def test_analyse_in_the_replay_jumps_to_the_position(long_round):
    viewer = ReplayViewer(long_round)
    panel = at_once(viewer.review)
    assert panel.start_button.description == "Analysera"
    assert panel.seat_choice.options[0] == ("Alla spelare", -1) and len(panel.seat_choice.options) == 4
    assert human_seat(long_round) is None  # computers only: every seat by default
    panel.seat_choice.value = 0
    panel.playouts = PLAYOUTS
    panel.start_button.click()
    review = panel.review
    assert review is not None and review.seat == 0 and all(d.seat == 0 for d in review)
    assert [m[0] for m in panel.marks.marks] == [d.ply for d in review]
    # the time taken, as each language writes a decimal number
    seconds = f"{review.seconds:.1f}"
    assert f"{seconds.replace('.', ',')} sekunder" in panel.status.value, panel.status.value
    bad = next(d for d in review if d.grade.severity >= 2)
    send_custom(panel.marks, {"go": bad.ply})
    assert viewer.ply == bad.ply - 1 and panel.marks.current == bad.ply
    words = text_of(panel.detail.value)
    assert "Bättre:" in words and bad.reason("sv").split(" – ")[-1].rstrip(".") in words
    assert "<svg" not in panel.detail.value.split('class="vd-rv-moves"')[0]  # the replay shows the table
    label = next(m[3] for m in panel.marks.marks if m[0] == bad.ply)
    assert label.startswith(f"Drag {bad.ply} · ") and bad.grade.name_in("sv") in label
    viewer.language.value = "en"
    assert panel.start_button.description == "Analyse" and "Better:" in text_of(panel.detail.value)
    assert f"in {seconds} seconds" in panel.status.value, panel.status.value
    assert "Summary" in panel.summary.value and "Every player" in [o[0] for o in panel.seat_choice.options]


def test_a_record_with_its_review_replays_with_it(long_round):
    game = long_round.copy()
    reviewed = v.review(game, seat=0, playouts=20, workers=1)
    viewer = ReplayViewer.from_record(v.write_record(game), lang="en")
    panel = viewer.review
    assert panel.review == Review.from_game(game, lang="en") and panel.review.decisions == reviewed.decisions
    assert "reviewed already" in panel.status.value and panel.seat_choice.value == 0
    assert len(panel.marks.marks) == len(reviewed)
    assert "review.json" in panel.save.value


def test_what_a_browser_sends_is_checked(long_round):
    viewer = ReplayViewer(long_round)
    panel = at_once(viewer.review)
    panel.playouts = 10
    panel.seat_choice.value = 1
    panel.start()
    before = (viewer.ply, panel.marks.current)
    for content in ({"go": "3"}, {"go": 10**9}, {"go": True}, {"go": None}, ["go", 3], "go", {"page": 1}):
        send_custom(panel.marks, content)
    assert (viewer.ply, panel.marks.current) == before
    for bad in (99, "0", True):
        with unoffered(panel.seat_choice, bad):
            pass
    assert panel.seat == 1 and panel.errors == []
    chart = panel.marks.chart
    panel.marks.set_state({"chart": '<img src=x onerror="alert(1)">', "current": 5})
    assert panel.marks.chart == chart and panel.marks.current == before[1]
    panel.progress.set_state({"value": 5, "description": "<b>x</b>"})
    assert panel.progress.description == ""
    for widget in _all(panel):
        if isinstance(widget, (w.HTML, w.Label, w.IntProgress, anywidget.AnyWidget)):
            assert isinstance(widget, safe.BrowserGuard), type(widget).__name__


def _all(root: w.Widget) -> list[w.Widget]:
    out, stack = [], [root]
    while stack:
        widget = stack.pop()
        out.append(widget)
        stack.extend(c for c in getattr(widget, "children", ()) if isinstance(c, w.Widget))
    return out


def test_a_round_with_nothing_to_decide_says_so():
    game = v.Game.from_position(hands=["7♥", "2♠"], top="7♦")
    game.play("7♥")  # going out with the only card: the only allowed move besides drawing
    panel = ReviewPanel(game, seat=1, lang="en", background=False)
    panel.start()
    assert panel.review is None and "nothing to review" in panel.status.value


def test_a_failing_review_is_shown_and_the_button_works_again(monkeypatch):
    from vandatta_widgets.controls import review as module

    def broken(*args, **kwargs):
        raise RuntimeError("out of cards")

    panel = ReviewPanel(short_round(), seat=0, lang="en", playouts=10, background=False)
    monkeypatch.setattr(module.ReviewJob, "step", broken)
    panel.start_button.click()
    assert "out of cards" in panel.error.value and panel.errors
    assert not panel.running and not panel.start_button.disabled  # the button works again
    monkeypatch.undo()
    panel.start_button.click()
    assert panel.review is not None and panel.error.layout.display == "none"


# -- on an event loop: the kernel stays free ------------------------------------------------------------


@pytest.mark.parametrize("workers", [1, 2])
def test_the_review_runs_in_the_background_and_gives_the_same_verdicts(long_round, workers):
    playouts = 150  # long enough to take many steps
    expected = v.review(long_round.copy(), seat=0, playouts=playouts, workers=1, annotate=False)

    async def run() -> tuple[int, list[int]]:
        panel = ReviewPanel(long_round.copy(), seat=0, mode="replay", playouts=playouts, workers=workers)
        shown: list[int] = []
        panel.progress.observe(lambda change: shown.append(change["new"]), names="value")
        panel.start()
        assert panel.running and panel.stop_button.layout.display == ""
        turns = 0
        while panel.running:  # the loop keeps turning while the review runs
            turns += 1
            await asyncio.sleep(0.001)
        await panel.wait()
        assert panel.review is not None and panel.review.decisions == expected.decisions
        assert panel.stop_button.layout.display == "none" and not panel.start_button.disabled
        assert panel.ran_in == ("processes" if workers > 1 else "steps")
        return turns, shown

    turns, shown = in_a_fresh_loop(run)
    assert turns > 3 and shown == sorted(shown) and len(shown) >= 2


def test_stop_ends_a_running_review(long_round):
    async def run() -> ReviewPanel:
        panel = ReviewPanel(long_round.copy(), seat=0, mode="replay", playouts=400, workers=1, lang="en")
        panel.start()
        for _ in range(5):
            await asyncio.sleep(0)
        assert panel.running
        panel.stop()
        await panel.wait()
        return panel

    panel = in_a_fresh_loop(run)
    assert not panel.running and panel.review is None and panel.status.value == "The review was stopped."
    assert not panel.start_button.disabled and panel.progress.layout.display == "none"
