"""The play presenter without widgets: one device's state at a session (whose hand shows, the
screen between two people, the message shown) and every panel's words in both languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import vandatta as v
from tests.helpers.imports import jupyter_modules_loaded_by
from vandatta_widgets.play.presenter import PlayPresenter, notation_html
from vandatta_widgets.play.session import PlaySession, Seat

ROOT = Path(__file__).resolve().parents[3]


def two_people_and_a_computer(**kw) -> PlayPresenter:
    return PlayPresenter(
        PlaySession([Seat.person("Alva"), Seat.person("Bo"), Seat.computer("beginner")], **kw)
    )


def one_person(game: v.Game) -> PlayPresenter:
    return PlayPresenter(PlaySession([Seat.person(), Seat.computer("beginner")], game=game))


def test_importing_the_presenter_loads_no_jupyter_package():
    assert jupyter_modules_loaded_by("vandatta_widgets.play.presenter") == []


def test_the_tablet_goes_round_the_people_behind_a_screen():
    p = two_people_and_a_computer(seed=4)
    assert p.viewer is None and p.screen_for is None
    assert p.follow_turns() is True  # Bo is to move after the dealer (R3)
    assert (p.viewer, p.screen_for) == (None, 1)
    assert p.hand_cards() == [] and not p.person_to_move()
    assert 'data-turn="screen"' in p.status_html("sv")
    assert "Bo" in p.screen_html("sv") and p.screen_text("sv") != p.screen_text("en")
    assert p.ready() is True and (p.viewer, p.screen_for) == (1, None)
    assert p.ready() is False  # no screen up: nothing to do
    assert p.person_to_move() and p.hand_cards() == sorted(p.game.hand(1), key=lambda c: (c.suit, c.rank))
    assert p.play(v.Move.draw()) is True
    p.saw(p.session.log[-1])
    # Bo may still lay after drawing, so the screen stays down until Alva's turn comes
    while p.session.to_move == 1 and p.session.waiting_for() == "person":
        assert p.play(next(iter(p.game.legal_moves())))
        p.saw(p.session.log[-1])
        assert p.screen_for is None  # still Bo's tablet while he is to move
    p.session.run_computers()
    p.saw(None)
    assert not p.session.is_over and p.session.to_move == 0  # Alva sits after the computer
    assert (p.viewer, p.screen_for) == (None, 0)
    assert p.mine() is None  # nobody's hand is shown: no "your last move"


def test_a_refused_move_is_said_in_the_engines_words_and_changes_nothing():
    g = v.Game.from_position(hands=["7♥ K♠", "5♠ 6♠"], top="7♣", talon="9♠ 10♠ J♠")
    p = one_person(g)
    before = p.session.to_dict()
    assert p.play(v.Move.parse("K♠")) is False
    assert p.session.to_dict() == before
    en, sv = p.feedback_text("en"), p.feedback_text("sv")
    assert en.startswith("Not allowed:") and "(R4)" in en
    assert "(R4)" in sv and sv != en
    html = p.feedback_html("sv")
    # the looks are style.css's, not inline
    assert html.startswith(
        '<div class="vd-feedback vd-illegal" data-kind="illegal" role="status" aria-live="polite">'
    )


def test_a_move_with_nobodys_hand_shown_is_refused_with_whose_turn_it_is():
    p = two_people_and_a_computer(seed=4)
    p.follow_turns()
    assert p.play(v.Move.draw()) is False
    assert p.session.game.ply == 0
    assert "Bo" in p.feedback_text("en") and p.feedback_parts("en")[0] == "info"


def test_the_others_moves_are_shown_together_until_the_persons_own():
    g = v.Game.from_position(hands=["7♥ K♠ 2♣", "5♠ 6♠"], top="7♣", talon="9♠ 10♠ J♠ Q♠")
    p = one_person(g)
    assert p.play(v.Move.parse("7♥"))
    p.saw(p.session.log[-1])
    p.waits_for_continue = False  # the computers move by the clock: nothing to say yet
    assert p.turn is None and p.feedback_text("en") == ""
    p.waits_for_continue = True
    assert "Continue" in p.feedback_text("en")
    p.session.run_computers()
    for entry in p.session.log[2:]:
        p.saw(entry)
    kind, head, rows = p.feedback_parts("en")
    assert kind == "legal" and "Player 2" in head
    assert [str(m) for m, _ in rows] == [str(e.move) for e in p.session.log[2:]]
    assert "7♥" in p.last_move_text("en") and p.last_move_text("en") != p.last_move_text("sv")


def test_highlighted_cards_are_exactly_the_engines_plays():
    g = v.Game.from_position(hands=["7♥ 7♠ K♣ 2♦", "5♠ 6♠"], top="7♣", talon="9♠ 10♠ J♠")
    p = one_person(g)
    cards = p.hand_cards()
    starts = {group[0] for group, _, _ in g.legal_moves().plays()}
    assert [cards[i] for i in p.legal_indices(cards, [])] == [c for c in cards if c in starts]
    seven = cards.index(v.Card.parse("7♠"))
    joined = {c for group, _, _ in g.legal_moves().plays() if group[0] is cards[seven] for c in group}
    assert {cards[i] for i in p.legal_indices(cards, [seven])} == joined
    p.session.play(0, "draw")
    p.session.play(0, "draw")
    p.session.play(0, "draw")
    if not p.person_to_move():
        assert p.legal_indices(p.hand_cards(), []) == []


def test_messages_are_functions_of_the_language_and_a_wrong_kind_is_refused():
    p = one_person(v.Game.from_position(hands=["7♥", "5♠"], top="7♣", talon="9♠"))
    p.say("info", lambda lang: {"sv": "Hej", "en": "Hello"}[lang])
    assert (p.feedback_text("sv"), p.feedback_text("en")) == ("Hej", "Hello")
    with pytest.raises(ValueError, match="kind must be one of"):
        p.say("shout", lambda lang: "x")
    assert p.feedback_text("en") == "Hello"  # the refused call changed nothing


def test_a_hint_note_is_escaped_text():
    p = one_person(v.Game.from_position(hands=["7♥", "5♠"], top="7♣", talon="9♠"))
    p.hint_note = lambda lang: "<b>wait</b>"
    assert "&lt;b&gt;wait&lt;/b&gt;" in p.hint_html("en")


@pytest.mark.parametrize(
    ("move", "red", "black"),
    [("8♣=♥", ["♥"], ["8♣"]), ("K♦ K♠", ["K♦"], ["K♠"]), ("8♠=K♦", ["K♦"], ["8♠"])],
)
def test_the_log_colours_red_suits_through_the_palette(move, red, black):
    html = notation_html(v.Move.parse(move), "en")
    assert re.findall(r'<b class="vd-red">([^<]*)</b>', html) == red
    assert re.findall(r'<b class="vd-black">([^<]*)</b>', html) == black
    assert "style=" not in html


def test_every_panel_speaks_both_languages():
    p = two_people_and_a_computer(seed=2, match=True)
    p.follow_turns()
    p.ready()
    for panel in (p.status_html, p.hand_label_html, p.log_html, p.last_move_html):
        assert panel("sv") != panel("en"), panel.__name__
