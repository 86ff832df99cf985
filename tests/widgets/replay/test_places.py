"""Rule O10 (issue 40): the replay's end banner, the review and the scoreboard show each
player's place."""

from __future__ import annotations

import html
import random

import vandatta as v
from vandatta_widgets.controls.scoreboard import ScoreBoard, score_table_html
from vandatta_widgets.replay.presenter import ReplayPresenter

O10 = v.Rules(play_for_places=True)


def finished_with_places() -> v.Game:
    game = v.Game.from_position(hands=["5♥", "9♥", "K♣ 3♠"], top="7♥", talon="4♦", rules=O10)
    game.play("5♥")
    game.play("9♥")
    return game


def test_the_replay_banner_shows_every_place():
    game = finished_with_places()
    sv = html.unescape(ReplayPresenter(game).banner_html("sv"))
    en = html.unescape(ReplayPresenter(game).banner_html("en"))
    assert "vinnare · placering 1" in sv and "placering 2" in sv and "placering 3" in sv
    assert "winner · place 1" in en and "place 3" in en
    plain = v.Game.from_position(hands=["5♥", "9♥", "K♣ 3♠"], top="7♥", talon="4♦")
    plain.play("5♥")
    assert "placering" not in html.unescape(ReplayPresenter(plain).banner_html("sv"))  # without O10


def test_the_scoreboard_shows_each_rounds_places():
    match = v.Match(players=3, seed=3, rules=O10)
    rng = random.Random(3)
    while not match.game.is_over:
        match.game.play(match.game.legal_moves().choice(rng))
    places = match.places()
    assert len(places) == 1
    assert match.game.is_blocked or sorted(p for p in places[0] if p) == [1, 2, 3]
    board = ScoreBoard(lang="sv")
    board.update(match)
    text = html.unescape(board.html.value)
    if not match.game.is_blocked:
        assert text.count("placering ") == 3
    table = score_table_html([[0, 10]], names=["Ada", "Bo"], lang="en", places=[[1, 2]])
    assert "place 1" in table and "place 2" in table
    assert "place" not in score_table_html([[0, 10]], names=["Ada", "Bo"], lang="en")


def test_the_review_says_each_players_place():
    from vandatta_widgets.controls.review import ReviewPanel

    game = v.play_game([v.make_player("beginner"), v.make_player("random", seed=5)] * 2, seed=5, rules=O10)
    assert game.is_over and not game.is_blocked and len(game.places) == 4
    for lang, word in (("sv", "placering"), ("en", "place")):
        panel = ReviewPanel(game, seat=None, lang=lang, playouts=8, background=False)
        panel.start()
        text = html.unescape(panel.summary.value)
        names = [game.player_name(s, lang) for s in range(4)]
        for n, seat in enumerate(game.places, start=1):
            assert f"{names[seat]}: {word} {n}" in text
    plain = v.play_game([v.make_player("beginner"), v.make_player("random", seed=5)], seed=5)
    panel = ReviewPanel(plain, seat=None, lang="sv", playouts=8, background=False)
    panel.start()
    assert "placering" not in html.unescape(panel.summary.value)  # without O10
