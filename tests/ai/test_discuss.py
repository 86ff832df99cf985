"""The class's questions are real choices (vandatta.ai.discuss): over random rounds, no ply the
engine picks is a forced move, a draw-only turn or a single fitting card (by default), every ply
left out is one of those, and the choices group the engine's legal moves exactly."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vandatta import Game, Move
from vandatta.ai import demo_game
from vandatta.ai.discuss import DiscussError, choices, discussion_plies, worth_discussing
from vandatta.ai.simulate import play_random_game


def distinct_plays(position: Game) -> set[frozenset[str]]:
    return {frozenset(str(c) for c in move.cards) for move in position.legal_moves() if move.is_play}


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 100_000), st.integers(2, 5))
def test_no_forced_move_is_put_to_the_class(seed: int, players: int) -> None:
    game = play_random_game(players, seed=seed)
    plies = discussion_plies(game)
    assert list(plies) == sorted(set(plies))
    for ply in range(len(game.moves)):
        position = game.replay(ply)
        legal = list(position.legal_moves())
        asked = ply in plies
        # asked exactly where at least two different sets of cards could be laid
        assert asked == (len(distinct_plays(position)) >= 2), ply
        if asked:
            assert len(legal) >= 2 and not all(m.is_draw or m.is_pass for m in legal)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 100_000))
def test_choices_group_every_legal_move_once(seed: int) -> None:
    game = play_random_game(3, seed=seed)
    for ply in range(0, len(game.moves), 3):
        position = game.replay(ply)
        groups = choices(position)
        flat = [m for group in groups for m in group]
        assert sorted(map(str, flat)) == sorted(map(str, position.legal_moves()))
        for group in groups:  # one choice: the same cards, or keeping one's cards
            assert len({frozenset(map(str, m.cards)) for m in group}) == 1
            assert len({m.is_play for m in group}) == 1


def test_keeping_counts_a_draw_beside_a_play() -> None:
    one_card = Game.from_position(hands=["5♥ K♠", "2♣"], top="7♥", talon="9♠")
    assert not worth_discussing(one_card)
    assert worth_discussing(one_card, keeping=True)
    eights = Game.from_position(hands=["8♠ K♠", "2♣"], top="7♥", talon="9♠")
    assert [len(g) > 1 for g in choices(eights)] == [True, False]  # the declarations are one choice
    assert not worth_discussing(eights)
    assert not worth_discussing(Game.from_position(hands=["K♠", "2♣"], top="7♥", talon="9♠"), keeping=True)


def test_the_dashboards_example_round_starts_its_questions_on_a_real_choice() -> None:
    from vandatta import play_game
    from vandatta_widgets.app.dashboard import SAMPLE, computer_players

    game = play_game(computer_players(list(SAMPLE["players"]), SAMPLE["seed"]), seed=SAMPLE["seed"])
    plies = discussion_plies(game)
    assert 0 not in plies, "the first move of the example is a draw: nothing to discuss"
    first = game.replay(plies[0])
    assert len(distinct_plays(first)) >= 2
    assert discussion_plies(demo_game()) == tuple(
        p for p in range(demo_game().ply) if worth_discussing(demo_game().replay(p))
    )


@pytest.mark.parametrize("bad", [1, 0, -3, True, 2.0, "2"])
def test_a_bad_minimum_is_refused(bad) -> None:
    with pytest.raises(DiscussError):
        discussion_plies(demo_game(), min_choices=bad)
    assert issubclass(DiscussError, ValueError)
    assert Move.parse("draw").is_draw
