"""A person's turn as every screen shows it (widgets/play/turn.py): the cards highlighted are the
engine's legal plays, the same on the play table, in an exercise, at a table on one's own
device and in the class's question; what a move tells a seat hides the cards others drew."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import vandatta as v
from tests.helpers.imports import jupyter_modules_loaded_by
from vandatta.ai.simulate import play_random_game
from vandatta.lang import LocalText
from vandatta_widgets.play.turn import hand_frame, hand_order, playable, told_lines


def test_the_turns_parts_load_no_jupyter_package():
    assert jupyter_modules_loaded_by("vandatta_widgets.play.turn") == []


def some_position(seed: int, players: int, at: int) -> v.Game:
    game = play_random_game(players, seed=seed)
    position = game.root()
    for move in game.moves[: at % (game.ply + 1)]:
        position.push(move)
    return position


positions = st.builds(some_position, st.integers(0, 5_000), st.integers(2, 5), st.integers(0, 300))


@settings(max_examples=60, deadline=None)
@given(position=positions, chosen=st.integers(0, 20))
def test_the_highlighted_cards_are_those_the_engines_legal_moves_lay(position, chosen):
    if position.is_over:
        return
    legal = position.legal_moves()
    cards = hand_order(position.hand(position.to_move))
    plays = [m.cards for m in legal if m.is_play]
    assert playable(legal, cards) == [i for i, c in enumerate(cards) if any(p[0] == c for p in plays)]
    pick = chosen % len(cards)
    joined = {c for p in plays if p[0] == cards[pick] for c in p}
    assert playable(legal, cards, [pick]) == [i for i, c in enumerate(cards) if c in joined]
    assert playable(None, cards) == [] and playable(legal, cards, [len(cards) + 3]) == playable(legal, cards)
    frame = hand_frame(cards, legal, "sv")
    assert [c["card"] for c in frame["hand"]] == [str(c) for c in cards]
    assert {tuple(cards[i] for i in p) for p in frame["plays"]} == {tuple(p) for p in plays}
    marked = [i for i, c in enumerate(frame["hand"]) if "vd-legal" in c["svg"]]
    assert marked == playable(legal, cards)


def test_every_screen_highlights_the_same_cards():
    from vandatta_widgets.lessons.exercise import Exercise
    from vandatta_widgets.play.presenter import PlayPresenter
    from vandatta_widgets.play.session import PlaySession, Seat

    position = v.Game.from_position(hands=["K♥ 9♠ 5♥ 5♣ 8♦", "2♣ 3♣"], top="5♠", talon="Q♦ 4♦ 6♣")
    expected = ["9♠", "5♥", "5♣", "8♦"]  # 9♠ follows the suit, the fives and the eight the rank or as wild
    exercise = Exercise(position.copy(), prompt=LocalText(sv="Prova!", en="Try it!"))
    assert sorted(str(exercise.hand.cards[i]) for i in exercise.hand.legal) == sorted(expected)
    session = PlaySession([Seat.person("Ada"), Seat.computer("random")], game=position.copy())
    presenter = PlayPresenter(session)
    cards = presenter.hand_cards()
    assert [str(cards[i]) for i in presenter.legal_indices(cards, [])] == [
        str(c) for c in hand_order(map(v.Card.parse, expected))
    ]
    # once 5♥ is chosen, 5♣ may join it
    five = cards.index(v.Card.parse("5♥"))
    assert {str(cards[i]) for i in presenter.legal_indices(cards, [five])} == {"5♥", "5♣"}


@settings(max_examples=30, deadline=None)
@given(position=positions, viewer=st.integers(0, 4))
def test_what_a_move_tells_a_seat_hides_the_cards_another_seat_drew(position, viewer):
    if position.is_over:
        return
    viewer %= position.players
    move = next(iter(position.legal_moves()))
    game = position.copy()
    verdict = game.play(move)
    for lang in ("sv", "en"):
        lines = told_lines(verdict, game, lang, seat=viewer)
        assert lines[: len(verdict.phrases(lang))] == verdict.lines(lang)[: len(verdict.phrases(lang))]
        names = [game.player_name(s, lang) for s in range(game.players)]
        for event in verdict.events:
            if event.kind == "out":
                continue  # told by the verdict's reason already
            mine = event.seat in (None, viewer)
            assert event.text(lang, names=names, hidden=not mine) in lines
