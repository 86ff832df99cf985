"""Issue 43: the child's own moves are told to the child ("Du drar 3♦", "You draw 3♦"), not
about a numbered seat ("Spelare 1 drar 3♦"); the others' stay told about them by name."""

from __future__ import annotations

import vandatta as v
from vandatta.explain import Event
from vandatta_widgets.play.presenter import PlayPresenter
from vandatta_widgets.play.session import PlaySession, Seat


def test_the_engine_tells_an_event_to_its_own_seat_in_the_second_person() -> None:
    drawn = Event("draw", seat=0, cards=(v.Card.parse("3♦"),))
    names = ["Spelare 1", "Spelare 2"]
    assert drawn.text("sv", names=names) == "Spelare 1 drar 3♦ (R8)."
    assert drawn.text("sv", names=names, you=0) == "Du drar 3♦ (R8)."
    assert drawn.text("en", names=names, you=0) == "You draw 3♦ (R8)."
    assert drawn.text("sv", names=names, you=1) == "Spelare 1 drar 3♦ (R8)."  # someone else's draw
    ace = Event("ace_draw", seat=1, cards=(v.Card.parse("K♠"),))
    assert ace.text("en", names=names, you=1) == "You draw K♠ for the ace (R7)."
    assert ace.reason(names=names, you=1).rules == ace.reason(names=names).rules


def test_every_told_to_you_form_stands_beside_its_own_sentence() -> None:
    from vandatta.messages import MESSAGES

    yours = [key for key in MESSAGES if key.endswith(".you")]
    assert "ev_draw.you" in yours and "ev_ace_draw.you" in yours
    for key in yours:
        assert key.removesuffix(".you") in MESSAGES, key
        assert "{player}" not in MESSAGES[key]["sv"] and "{player}" not in MESSAGES[key]["en"], key


def test_spela_tells_the_child_its_own_draw() -> None:
    game = v.Game.from_position(hands=["K♠ 9♣", "2♠ 3♠"], top="7♥", talon="3♦ 10♠ J♠ Q♠")
    session = PlaySession([Seat.person(), Seat.computer("beginner")], game=game)
    presenter = PlayPresenter(session)
    assert presenter.play(v.Move.parse("draw"))
    for lang, yours in (("sv", "Du drar 3♦"), ("en", "You draw 3♦")):
        said = presenter.last_move_text(lang)
        assert yours in said and "Spelare 1" not in said and "Player 1" not in said, said
        assert yours in presenter.log_html(lang)
