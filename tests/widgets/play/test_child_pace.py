"""Play at a child's pace (issue 43), without a browser: the computers move by themselves (the
front-end clock simulated by setting ``Ticker.tick``), an easy opponent by default, buttons that
cannot be used are disabled and say why (the engine decides), "Tips" marks its cards, the end
of a round speaks to the child, the four-colour deck, and what a screen reader is told."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

import vandatta as v
from vandatta.svg import BLUE, GREEN
from vandatta_widgets.play.play_table import DEFAULT_PACE, PlayTable
from vandatta_widgets.play.presenter import placings
from vandatta_widgets.play.session import Seat


def text_of(html: str) -> str:
    html = re.sub(r"<svg.*?</svg>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def column_of(root, widget):
    """The box that holds ``widget`` among its children."""
    for child in getattr(root, "children", ()):
        if child is widget:
            return root
        found = column_of(child, widget)
        if found is not None:
            return found
    return None


def tick(table: PlayTable) -> None:
    table.ticker.tick += 1


# -- the computers move by themselves --------------------------------------------------------------


def test_by_default_the_computers_play_on_by_themselves_one_move_a_tick():
    table = PlayTable(players=3, seed=11, lang="sv")
    assert table.pace == DEFAULT_PACE == "slow"
    assert table.kinds == {1: "beginner", 2: "beginner"}, "an easy opponent unless asked"
    g = table.game
    assert g.to_move == 1 and table.ticker.running  # the clock runs in the browser
    assert table.continue_button.layout.display == "none", "nothing to press"
    assert table.ticker.interval == 1600
    taps = 0
    while not g.is_over and taps < 60:
        if table.is_human_turn():
            legal = g.legal_moves()
            plays = legal.plays()
            if plays:
                cards, _, _ = plays[0]
                table.select(*cards)
                if cards[-1].is_eight:
                    table.declare("♥")
                table.lay_button.click()
            elif legal.can_draw():
                table.draw_button.click()
            else:
                table.pass_button.click()
            taps += 1
            continue
        ply = g.ply
        tick(table)
        assert g.ply == ply + 1, "each tick is one move, each shown"
        entry = table.session.log[-1]
        assert entry.seat != 0
        # the move in words: in the feedback and told to a screen reader
        assert table.presenter.turn is not None and entry in table.presenter.turn["entries"]
        assert table.announcer.text.startswith(table.session.names("sv")[entry.seat] + ":")
    assert table.errors == []
    assert taps >= 3 and table.continue_button.layout.display == "none"


def test_the_classrooms_wait_for_continue_is_still_a_setting():
    table = PlayTable(players=2, seed=3, lang="en", pace="wait")
    assert not table.ticker.running
    table.pace_choice.value = "slow"
    assert table.ticker.running or table.is_human_turn()


# -- buttons that cannot be used say why -----------------------------------------------------------


def test_the_draw_button_is_disabled_after_the_draws_allowed_and_says_why():
    g = v.Game.from_position(hands=["K♠ 2♥", "5♠ 6♠"], top="7♣", talon="9♠ 10♠ J♠ Q♠", seed=1)
    table = PlayTable.from_game(g, bots=["beginner"], lang="sv")
    assert not table.draw_button.disabled
    assert table.pass_button.disabled, "no pass before three draws (R8)"
    assert "”Stå över” går inte nu" in text_of(table.button_why.value)
    # nothing fits 7♣ (the engine lists no play): "Lägg kort" is disabled too, and says why
    assert table.lay_button.disabled
    assert "”Lägg kort” går inte nu. Inget av dina kort passar på högen nu." in table.button_why_text()
    for _ in range(3):
        table.draw_button.click()
    assert g.draws_this_turn == 3 and table.draw_button.disabled and not table.pass_button.disabled
    why = text_of(table.button_why.value)
    assert "”Dra ett kort” går inte nu. Du har redan dragit tre kort" in why
    assert "(R8)" not in why and "R8 · " in why, "the rule is a chip, not inside the sentence"
    assert table.draw_button.tooltip.startswith("du har redan dragit tre kort")
    assert 'data-buttons="lay draw"' in table.button_why.value
    table.lang = "en"
    assert "“Draw a card” cannot be used now. You have already drawn three cards" in table.button_why_text()


def test_while_a_computer_moves_the_buttons_say_whose_turn_it_is():
    table = PlayTable(players=2, seed=3, lang="sv")
    if table.is_human_turn():
        table.draw_button.click()
    while table.is_human_turn():
        (table.pass_button if table.draw_button.disabled else table.draw_button).click()
    assert table.draw_button.disabled and table.lay_button.disabled
    assert "Vänta – nu är det Spelare 2:s tur." in table.button_why_text()


# -- the hint marks its cards and says why in one sentence -------------------------------------------


def test_the_hint_marks_its_cards_and_says_why_beside_the_hand():
    g = v.Game.from_position(
        hands=["7♥ K♠ 8♦ 2♣ 9♥", "2♠ 3♠ 4♠ 5♠ 6♠ 9♠"], top="7♣", talon="10♠ J♠ Q♠ 3♦ 4♦ 5♦", seed=1
    )
    table = PlayTable.from_game(g, bots=["beginner"], lang="sv", hint_playouts=200)
    assert table.hand.selected == []
    table.hint_button.click()
    best = table.presenter.hint_move()
    assert best is not None and best.is_play
    assert table.hand.selected_cards == list(best.cards), "the hint's cards are marked (chosen)"
    said = text_of(table.hint_box.value)
    assert said.startswith(f"Tips: lägg {best}.") and "markerat i din hand" in said
    assert "%" not in said, "no per cent for a child by default"
    # beside the hand: the hint box comes right before the hand in the table's column
    order = list(column_of(table, table.hand).children)
    assert order.index(table.hint_box) == order.index(table.hand) - 1
    table.chances_box.value = True  # older players, the teacher
    assert "% vinstchans" in text_of(table.hint_box.value)
    table.lay_button.click()  # the marked card goes with one press
    assert g.top == best.cards[-1]


# -- the end of a round speaks to the child ------------------------------------------------------------


def lost_round(lang: str) -> PlayTable:
    g = v.Game.from_position(hands=["K♠ 2♥", "5♣"], top="7♣", talon="9♦ 10♦ 3♦ Q♠", seed=1)
    table = PlayTable.from_game(g, bots=["beginner"], lang=lang)
    for _ in range(3):
        table.draw_button.click()
    table.pass_button.click()
    while not table.game.is_over:
        tick(table)
    return table


def test_the_end_of_a_round_tells_the_child_the_place_and_that_fewest_points_is_best():
    table = lost_round("sv")
    status = text_of(table.status.value)
    assert status.startswith("Du kom tvåa!"), status
    assert "Den som har minst poäng är bäst." in status
    assert "1. Spelare 2 0 · 2. Du " in status
    assert "Spela igen" in status and table.new_round_button.description == "Spela igen"
    assert table.announcer.text.startswith("Spelare 2: 5♣. Du kom tvåa!")
    table.lang = "en"
    status = text_of(table.status.value)
    assert status.startswith("You came second!") and "Fewest points is best." in status
    table.new_round_button.click()
    assert not table.game.is_over and table.new_round_button.description == "Next round"


def test_a_won_round_and_two_people_named_at_the_end():
    g = v.Game.from_position(hands=["5♣", "2♠ 3♥", "9♥ 3♦"], top="7♣", talon="9♦ 10♦ 3♠", seed=1)
    seats = [Seat.person("Alva"), Seat.person("Bo"), Seat.computer("beginner")]
    table = PlayTable(game=g, seats=seats, lang="sv")
    table.ready()
    table.select("5♣")
    table.lay_button.click()
    status = text_of(table.status.value)
    assert status.startswith("Alva vann omgången! Bo kom tvåa."), status


@given(st.lists(st.integers(min_value=0, max_value=200), min_size=2, max_size=8))
def test_placings_fewest_points_first_and_ties_share(points):
    places = placings(points)
    assert all((p == 1) == (pts == min(points)) for p, pts in zip(places, points))
    for a, pa in zip(points, places):
        for b, pb in zip(points, places):
            assert (a < b) == (pa < pb)


# -- the four-colour deck ------------------------------------------------------------------------


def test_the_four_colour_deck_is_a_setting_of_the_table():
    g = v.Game.from_position(hands=["7♦ K♣ 2♥", "5♠ 6♠"], top="7♣", talon="9♠ 10♠", seed=1)
    table = PlayTable.from_game(g, bots=["beginner"], lang="sv")
    assert BLUE not in table.hand.svg and GREEN not in table.hand.svg
    table.deck = "four"
    assert BLUE in table.hand.svg and GREEN in table.hand.svg
    assert GREEN in table.pile_view.value, "the pile's 7♣ too"
    assert ">K</text>" in table.hand.svg and ">R</text>" in table.hand.svg, "klöver, ruter"
    table.lang = "en"
    assert ">C</text>" in table.hand.svg and ">D</text>" in table.hand.svg
    table.deck = "classic"
    assert BLUE not in table.hand.svg


# -- the dashboard: the people at the table named, the classroom's pace ------------------------------


def test_the_dashboard_names_the_people_at_the_table_and_the_classroom_waits():
    from vandatta_widgets.app.dashboard import Dashboard

    dash = Dashboard(lang="sv")
    form = dash.settings_form
    form.who.value = "play"
    form.name_boxes[0].value = "Alva"
    form.seat_choices[1].value = "human"
    form.name_boxes[1].value = "Bo"
    dash.start()
    if form.confirm.asking:  # a round the page dealt itself may have moves already
        form.confirm.yes_button.click()
    table = dash.play_table
    assert [s.name for s in table.session.seats[:2]] == ["Alva", "Bo"]
    intro = text_of(dash.play_intro.value)
    assert intro == "Alva och Bo spelar en omgång mot datorspelaren.", intro
    assert "datorspelarna" not in intro
    dash.lang = "en"
    assert text_of(dash.play_intro.value) == "Alva and Bo play a round against the computer player."
    assert table.pace == "slow" and not table.chances_box.value
    dash.set_classroom(True)  # the class talks about each move: "Fortsätt", and the chances
    assert table.pace == "wait" and table.chances_box.value
    form.deck_box.value = True  # the four-colour deck, from the form, at once
    assert table.deck == "four"
    assert dash.errors == []
