"""The replay's cursor and its words without widgets: positions walked with the engine's push
and pop, each ply's explanation from the engine's own verdict, in both languages."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers.imports import jupyter_modules_loaded_by
from vandatta.ai.simulate import play_random_game
from vandatta_widgets.lessons.chips import uncited
from vandatta_widgets.replay.cursor import Cursor
from vandatta_widgets.replay.presenter import ReplayPresenter, candidate_row, suit_spans

ROOT = Path(__file__).resolve().parents[3]


def test_the_cursor_and_the_words_load_no_jupyter_package():
    assert (
        jupyter_modules_loaded_by("vandatta_widgets.replay.cursor", "vandatta_widgets.replay.presenter") == []
    )


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10_000), players=st.integers(2, 5), jumps=st.lists(st.integers(0, 400), max_size=8)
)
def test_the_cursor_reaches_every_ply_as_a_fresh_replay_would(seed, players, jumps):
    game = play_random_game(players, seed=seed)
    cursor = Cursor(game)
    for jump in jumps:
        ply = jump % (game.ply + 1)
        fresh = game.root()
        for move in game.moves[:ply]:
            fresh.push(move)
        at = cursor.at(ply)
        assert (at.ply, at.top, at.to_move, at.hands) == (fresh.ply, fresh.top, fresh.to_move, fresh.hands)
    replayed = game.root()
    for ply, move in enumerate(game.moves):
        assert cursor.movers[ply] == replayed.to_move
        replayed.push(move)


@pytest.mark.parametrize("ply", [-1, 10_000, True, "3"])
def test_the_cursor_refuses_a_ply_outside_the_game(ply):
    cursor = Cursor(play_random_game(3, seed=1))
    with pytest.raises(IndexError, match="ply must be from 0 to"):
        cursor.at(ply)


def test_a_moves_explanation_is_the_engines_verdict_with_its_rules():
    game = play_random_game(3, seed=5)
    words = ReplayPresenter(game)
    before = game.root()
    for ply, move in enumerate(game.moves[:12], start=1):
        verdict = before.copy().check(move)
        for lang in ("sv", "en"):
            text = words.explanation_html(ply, None, lang)
            for rule in verdict.rules:
                assert f'data-rule="{rule}"' in text
            said = uncited(verdict.lines(lang, player=game.player_name(before.to_move, lang)))[0]
            assert suit_spans(said[0]) in text  # without its rule ids: they are the badges
        before.push(move)


def test_a_hidden_hand_is_not_told_to_another_seat():
    game = play_random_game(3, seed=5)
    words = ReplayPresenter(game)
    cursor = words.cursor
    ply = next(k for k in range(1, game.ply + 1) if cursor.movers[k - 1] == 1)
    other = words.explanation_html(ply, 0, "en")
    own = words.explanation_html(ply, 1, "en")
    assert "Hidden here – you see only Player 2&#x27;s cards." in other
    assert "Hidden here" not in own
    assert ('class="vd-also"' in own) != ("Nothing else" in own)  # the other legal moves, or none


def test_move_list_rows_speak_each_language_and_are_made_as_far_as_asked():
    game = play_random_game(2, seed=3)
    words = ReplayPresenter(game)
    last = words.list_label(game.ply, "en")
    assert last.startswith(f"{game.ply}. Player ")
    assert (words.list_label(0, "sv"), words.list_label(0, "en")) == (
        "0. Före första draget",
        "0. Before the first move",
    )
    mover = words.cursor.movers[0]
    assert words.list_label(1, "sv").startswith(f"1. {game.player_name(mover, 'sv')}: ")


def test_the_banner_says_an_unfinished_record_ends():
    game = play_random_game(3, seed=5)
    cut = game.root()
    for move in game.moves[:5]:
        cut.push(move)
    assert "not finished" in ReplayPresenter(cut).banner_html("en")
    finished = ReplayPresenter(game).banner_html("sv")
    assert "vd-rp-end" in finished and "(S1)" in finished


def test_the_question_tells_who_is_to_move_but_not_the_move():
    game = play_random_game(3, seed=5)
    words = ReplayPresenter(game)
    question = words.question_html(3, None, "en")
    assert game.player_name(words.cursor.at(3).to_move, "en") in question
    assert str(game.moves[3]) not in question


@pytest.mark.parametrize(
    "item",
    [None, 7, {"move": ""}, {"move": 5}, {"win": 0.5}, ["", 0.3], {"move": "   "}],
)
def test_a_malformed_candidate_is_left_out(item):
    assert candidate_row(item, "en") == ""


def test_a_candidate_shows_its_chance_and_reason_in_the_language():
    row = candidate_row({"move": "draw", "win": 0.42, "reason": {"sv": "säkrast", "en": "safest"}}, "sv")
    assert row.startswith("dra") and "42 %" in row and "säkrast" in row
    assert "<script>" not in candidate_row({"move": "7♥", "reason": "<script>x</script>"}, "en")
