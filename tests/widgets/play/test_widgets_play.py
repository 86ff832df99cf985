"""The play table, the table views and the score board, without a browser: select cards by
setting ``HandView.selected``, press buttons with ``.click()``, simulate the front-end clock
by setting ``Ticker.tick``, and check the engine's state and the texts shown."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
import traitlets

import vandatta as v
from tests.conftest import snapshot
from vandatta_widgets.base.i18n import t
from vandatta_widgets.controls.scoreboard import ScoreBoard, chart_svg, score_table_html
from vandatta_widgets.controls.table import PileView, TableView
from vandatta_widgets.play.play_table import PlayTable, Ticker, _overlap

# The player (seat 0) may lay 7♥ (same rank) or 2♣ (same suit) or the eight 8♦ on 7♣; K♠ and
# 9♥ do not fit. The computer (seat 1) holds spades and draws spades: it cannot answer.
HANDS = ["7♥ K♠ 8♦ 2♣ 9♥", "2♠ 3♠ 4♠ 5♠ 6♠ 9♠"]
TALON = "10♠ J♠ Q♠ 3♦ 4♦ 5♦ 6♦ 9♦ 10♦ J♦ 2♦ 3♣"


def position(rules: v.Rules | None = None, **kw) -> v.Game:
    args = {"hands": HANDS, "top": "7♣", "talon": TALON, "seed": 1, "rules": rules} | kw
    return v.Game.from_position(**args)


def table_for(game: v.Game | None = None, *, lang: str = "en", bots=("beginner",), **kw) -> PlayTable:
    """A table at the classroom's pace ("wait" for "Continue") unless ``pace`` is given: these
    tests step the computers one press at a time."""
    kw.setdefault("pace", "wait")
    return PlayTable.from_game(game or position(), bots=list(bots), lang=lang, **kw)


def text_of(html: str) -> str:
    html = re.sub(r"<svg.*?</svg>", " ", html, flags=re.S)
    html = re.sub(r"<style.*?</style>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def tick(table: PlayTable, n: int = 1) -> None:
    for _ in range(n):
        table.ticker.tick += 1


# -- construction ------------------------------------------------------------------------------


def test_constructor_validates_its_arguments():
    with pytest.raises(ValueError, match="2 to 8"):
        PlayTable(players=9)
    with pytest.raises(ValueError, match="one per other seat"):
        PlayTable(players=3, bots=["expert"])
    with pytest.raises(ValueError, match="unknown computer player"):
        PlayTable(players=2, bots=["grandmaster"])
    with pytest.raises(ValueError, match="human_seat"):
        PlayTable(players=3, human_seat=3)
    with pytest.raises(ValueError, match="language"):
        PlayTable(players=2, lang="de")
    with pytest.raises(ValueError, match="either game= or match=True"):
        PlayTable(game=position(), match=True, bots=["random"])
    with pytest.raises(ValueError, match="pace must be one of wait, slow, normal, fast"):
        PlayTable(players=2, pace="turbo")


def test_a_dealt_table_starts_with_the_computers_and_runs_the_clock():
    table = PlayTable(players=3, bots=["expert", "random"], seed=11, lang="sv", pace="normal")
    g = table.game
    assert g.dealer == 0 and g.to_move == 1  # R3: the player after the dealer begins
    assert table.ticker.running  # a computer is to move: the front-end clock runs
    assert table.lay_button.disabled and table.hand.clickable is False
    made = table.run_computers()
    assert made >= 2 and table.game.to_move == 0
    assert not table.ticker.running
    assert not table.lay_button.disabled and table.hand.clickable
    assert table.errors == []
    # the player's own hand, sorted; the others are never shown face up
    assert sorted(table.hand.cards, key=lambda c: (c.suit, c.rank)) == list(table.hand.cards)
    assert sorted(table.hand.cards, key=lambda c: c.index) == sorted(g.hand(0), key=lambda c: c.index)
    for seat in (1, 2):
        for c in set(g.hand(seat)):
            assert f"{c.name('sv')}" not in table.table_view.value


# -- playing -----------------------------------------------------------------------------------


def test_a_legal_card_goes_to_the_pile_with_the_engines_explanation():
    game = position()
    table = table_for(game)
    assert table.status.value.count('data-turn="human"') == 1
    # only cards that start a legal play are highlighted: 7♥, 2♣ and 8♦
    states = dict(zip(map(str, table.hand.cards), table.hand.states()))
    assert states == {"K♠": "dimmed", "7♥": "legal", "9♥": "dimmed", "8♦": "legal", "2♣": "legal"}
    expected = game.check("7♥").text("en")
    table.select("7♥")
    assert table.hand.selected_cards == [v.Card.parse("7♥")]
    table.lay_button.click()
    assert game.top == v.Card.parse("7♥") and game.to_move == 1
    assert v.Card.parse("7♥") not in game.hand(0)
    assert expected in table.last_move_text()
    assert 'data-top="7♥"' in table.pile_view.value
    assert table.hand.selected == []
    assert not table.ticker.running  # the computer's turn: it waits for "Continue"
    assert table.continue_button.layout.display != "none"
    assert "7♥" in text_of(table.log_view.value)


def test_an_illegal_attempt_changes_nothing_and_shows_why():
    game = position()
    table = table_for(game)
    before = snapshot(game)
    pile_before = table.pile_view.value
    table.select("K♠")
    table.lay_button.click()
    assert snapshot(game) == before
    assert table.pile_view.value == pile_before
    why = game.check("K♠").text("en")
    assert why == "K♠ does not fit: it has neither the suit ♣ nor the rank 7 (R4)."
    assert table.feedback_text() == "Not allowed: " + why
    assert 'data-kind="illegal"' in table.feedback.value
    assert table.hand.selected_cards == [v.Card.parse("K♠")]  # kept, so it can be changed
    # in Swedish too, in place
    table.switch.value = "sv"
    assert table.feedback_text() == "Inte tillåtet: " + game.check("K♠").text("sv")
    assert table.errors == []


def test_a_group_is_laid_in_click_order():
    game = v.Game.from_position(hands=["7♣ 7♥ 7♠ K♦", "2♦ 3♦"], top="7♦", talon="4♠ 5♠ 6♠")
    table = table_for(game)
    table.select("7♥", "7♠", "7♣")
    table.lay_button.click()
    assert game.pile[-3:] == tuple(v.parse_cards("7♥ 7♠ 7♣"))
    assert game.current_suit is v.Suit.CLUBS
    assert "Three sevens at once" in table.last_move_text()


def test_choosing_a_card_highlights_the_cards_that_can_join_it():
    game = v.Game.from_position(hands=["7♣ 7♥ K♠", "2♦ 3♦"], top="2♣", talon="4♠ 5♠ 6♠")
    table = table_for(game)
    states = dict(zip(map(str, table.hand.cards), table.hand.states()))
    assert states == {"K♠": "dimmed", "7♥": "dimmed", "7♣": "legal"}
    table.select("7♣")
    states = dict(zip(map(str, table.hand.cards), table.hand.states()))
    assert states == {"K♠": None, "7♥": "legal", "7♣": "selected"}


def test_nothing_selected():
    table = table_for()
    before = snapshot(table.game)
    table.lay_button.click()
    assert table.feedback_text() == t("nothing_selected", "en")
    assert snapshot(table.game) == before


def test_an_eight_needs_its_declaration_and_shows_its_badge():
    game = position()
    table = table_for(game)
    assert table.declaration.layout.display == "none"
    table.select("8♦")
    assert table.declaration.layout.display != "none"
    assert table.declaration.suit_only is False  # the rank buttons show too
    before = snapshot(game)
    table.lay_button.click()  # no declaration chosen: the engine says what is missing
    assert snapshot(game) == before
    assert table.feedback_text() == "Not allowed: " + game.check("8♦").text("en")
    assert "(R6)" in table.feedback_text()
    table.declare("♥", "K")
    table.lay_button.click()
    assert game.top == v.Card.parse("8♦")
    assert game.declaration == (v.Suit.HEARTS, v.Rank.KING)
    assert 'data-declared="K♥"' in table.pile_view.value
    assert "=K♥" in table.pile_view.value  # the badge on the pile
    assert "king of hearts" in table.last_move_text()
    assert table.declaration.layout.display == "none"
    assert table.declaration.declaration is None  # cleared for the next eight


def test_suit_only_eights_under_o1():
    game = position(v.Rules(suit_only_eights=True))
    table = table_for(game)
    table.select("8♦")
    assert table.declaration.layout.display != "none"
    assert table.declaration.suit_only is True  # only the suit buttons show
    table.declare("♠", "K")  # a rank left chosen is not sent under O1
    table.lay_button.click()
    assert game.declaration == (v.Suit.SPADES, None)
    assert 'data-declared="♠"' in table.pile_view.value


def test_draw_three_then_pass_and_the_computer_answers_tick_by_tick():
    game = position()
    table = table_for(game, pace="normal")
    table.pass_button.click()  # too early: the engine explains, nothing changes
    assert "only after drawing three cards" in table.feedback_text()
    assert game.ply == 0
    for n in range(1, 4):
        table.draw_button.click()
        assert game.draws_this_turn == n and game.to_move == 0
        assert f"You draw {TALON.split()[n - 1]}" in table.last_move_text()  # told to the child
    assert len(game.hand(0)) == 8
    table.draw_button.click()  # a fourth draw is refused by the engine
    assert game.draws_this_turn == 3
    assert "already drawn three cards" in table.feedback_text()
    table.pass_button.click()
    assert game.to_move == 1 and table.ticker.running
    # the computer moves one step per tick, and its drawn cards stay hidden
    ply = game.ply
    tick(table)
    assert game.ply == ply + 1 and game.moves[-1].is_draw
    assert "Player 2 draws a card" in table.feedback_text()
    assert "3♦" not in table.feedback_text()
    tick(table, 3)
    assert game.moves[-1].is_pass and game.to_move == 0
    assert not table.ticker.running
    tick(table)  # a stray tick on the player's turn changes nothing
    assert game.to_move == 0 and game.moves[-1].is_pass
    assert table.errors == []


def test_buttons_do_nothing_on_the_computers_turn():
    table = table_for()
    table.select("7♥")
    table.lay_button.click()
    game = table.game
    before = snapshot(game)
    table.draw_button.click()  # disabled in the browser; a program can still call it
    assert snapshot(game) == before
    assert "Player 2's turn" in table.feedback_text()


def test_lappen_toggle_adds_the_call():
    rules = v.Rules(lappen=True)
    game = v.Game.from_position(hands=["9♦ 5♠ 5♥", "2♠ 3♠ 4♠"], top="9♣", talon="J♠ Q♠ K♠ 10♠", rules=rules)
    table = table_for(game)
    assert table.lappen_button.layout.display != "none"
    table.lappen_button.value = True
    table.select("5♠")  # leaves 9♦ 5♥: not lappen-ready, so the engine refuses the call
    before = snapshot(game)
    table.lay_button.click()
    assert snapshot(game) == before
    assert table.feedback_text() == "Not allowed: " + game.check("5♠ lappen").text("en")
    table.select("9♦")
    table.lay_button.click()
    assert str(game.moves[-1]) == "9♦ lappen"
    assert game.lappen_called[0]
    assert table.lappen_button.value is False  # reset after the turn
    assert "Lappen!" in table.hand_label.value
    off = table_for()
    assert off.lappen_button.layout.display == "none"  # V3 off: no toggle


def _varning_position() -> v.Game:
    # 9♦ alone leaves four cards (no varning); 9♦ 9♥ leaves three: the call is due (O9).
    return v.Game.from_position(
        hands=["9♦ 9♥ 5♠ 5♥ 2♦", "2♠ 3♠ 4♠ 6♠"],
        top="9♣",
        talon="J♠ Q♠ K♠ 10♠ 7♦ 7♣ 3♣ 4♣",
        rules=v.Rules(varning=True),
    )


def test_varning_toggle_adds_the_call_and_the_engine_judges_it():
    game = _varning_position()
    table = table_for(game, lang="sv")
    assert table.varning_button.layout.display != "none"
    assert table.lappen_button.layout.display == "none"  # O9 without V3: only the varning toggle
    assert table.varning_button.description == "Säg ”varning”"
    table.varning_button.value = True
    table.select("9♦")  # would leave four cards: the engine refuses the call
    before = snapshot(game)
    table.lay_button.click()
    assert snapshot(game) == before
    assert table.feedback_text() == "Inte tillåtet: " + game.check("9♦ varning").text("sv")
    assert "fyra kort kvar" in table.feedback_text()
    table.select("9♦", "9♥")
    table.lay_button.click()
    assert str(game.moves[-1]) == "9♦ 9♥ varning"
    assert game.varning_called[0] and game.hand_size(0) == 3  # no penalty
    assert table.varning_button.value is False  # reset after the turn
    assert "Varning!" in table.hand_label.value
    assert 'class="vd-log-varning"' in table.log_view.value
    table.lang = "en"
    assert table.varning_button.description == "Call “varning”"
    assert "varning" in table.varning_button.tooltip and "(O9)" not in table.varning_button.tooltip


def test_a_forgotten_varning_call_costs_the_penalty_shown_in_the_log():
    game = _varning_position()
    table = table_for(game)
    table.select("9♦", "9♥")  # three cards left, and no call
    table.lay_button.click()
    assert str(game.moves[-1]) == "9♦ 9♥" and game.hand_size(0) == 6  # 3 + O6's three
    assert not game.varning_called[0]
    log = text_of(table.log_view.value).replace("&#x27;", "'")
    assert "You draw J♠ Q♠ K♠ as a penalty for not calling varning." in log
    assert 'summary aria-label="Rule O9' in table.log_view.value  # the rule: a chip to tap
    assert "Varning!" not in table.hand_label.value
    two = v.Game.from_position(
        hands=["9♦ 9♥ 5♠ 5♥ 2♦", "2♠ 3♠ 4♠ 6♠"],
        top="9♣",
        talon="J♠ Q♠ K♠ 10♠",
        rules=v.Rules(varning=True, lappen_penalty=2),
    )
    small = table_for(two)
    small.select("9♦", "9♥")
    small.lay_button.click()
    assert two.hand_size(0) == 5  # O6=2: the smaller penalty
    assert "You draw J♠ Q♠ as a penalty for not calling varning." in text_of(small.log_view.value)


def test_the_varning_toggle_is_hidden_under_the_default_rules():
    table = table_for()
    assert table.varning_button.layout.display == "none"
    assert table.varning_button.value is False
    table.select("7♥")
    table.lay_button.click()
    assert str(table.game.moves[0]) == "7♥"  # no call sent where the rule is off
    both = table_for(position(v.Rules.preset("varning_och_lappen")))
    assert both.varning_button.layout.display != "none" and both.lappen_button.layout.display != "none"


def test_language_switch_changes_every_word_in_place():
    table = table_for(lang="sv")
    table.select("K♠")
    table.lay_button.click()
    words_sv = (table.lay_button.description, table.draw_button.description, table.pass_button.description)
    assert words_sv == (t("play_cards", "sv"), t("draw", "sv"), t("pass", "sv"))
    assert "Din tur" in table.status.value
    table.switch.value = "en"
    assert table.lang == "en"
    assert (table.lay_button.description, table.draw_button.description) == ("Lay cards", "Draw a card")
    assert "Your turn" in table.status.value
    assert "Your hand" in table.hand_label.value
    assert "Not allowed" in table.feedback.value
    assert "Player 2" in table.table_view.value and "Spelare" not in table.table_view.value
    assert "Talon" in table.pile_view.value
    assert "Round 1" in table.log_view.value
    assert table.declaration.words["suits"][1] == "hearts"
    assert table.pace_choice.options[0] == ("Wait for “Continue”", "wait")
    assert "hand of" in table.hand.svg
    table.lang = "sv"
    assert table.switch.value == "sv" and table.lay_button.description == "Lägg kort"
    with pytest.raises(traitlets.TraitError):
        table.lang = "fr"
    assert table.errors == []


def test_new_round_deals_the_next_round():
    table = PlayTable(players=3, bots="random", seed=5, lang="en", human_seat=None, pace="fast")
    first = table.game
    assert table.ticker.running  # nobody to wait for: the computers play everything
    while not table.game.is_over:
        tick(table)
    assert not table.ticker.running
    assert "Press “Play again”" in table.status.value and table.new_round_button.description == "Play again"
    points = first.points()
    table.new_round_button.click()
    assert table.game is not first and table.game.dealer == 1 and not table.game.is_over
    assert "data-ply" not in table.log_view.value  # the log starts again
    assert table.totals() == points
    assert table.errors == []


def test_from_game_then_new_round_keeps_players_and_rules():
    rules = v.Rules(no_special_on_special=True)
    table = table_for(position(rules))
    table.new_round_button.click()
    assert table.game.players == 2 and table.game.rules == rules
    assert table.game.player_info[1]["player"] == "beginner"
    assert table.game.player_info[0]["player"] == "human"


def _human_step(table: PlayTable, rng: random.Random) -> None:
    moves = list(table.game.legal_moves())
    m = rng.choice([m for m in moves if m.is_play] or moves)
    if m.is_draw:
        table.draw_button.click()
    elif m.is_pass:
        table.lappen_button.value = m.lappen
        table.varning_button.value = m.varning
        table.pass_button.click()
    else:
        table.select(*m.cards)
        if m.declared_suit is not None:
            table.declare(m.declared_suit, m.declared_rank)
        table.lappen_button.value = m.lappen
        table.varning_button.value = m.varning
        table.lay_button.click()


def test_a_whole_match_with_the_score_board():
    table = PlayTable(
        players=3,
        bots=["expert", "random"],
        seed=2,
        lang="en",
        match=True,
        rules=v.Rules(lappen=True),
        pace="normal",
    )
    rng = random.Random(4)
    assert table.scoreboard.layout.display == "flex"
    assert "No rounds played yet" in table.scoreboard.html.value
    rounds_seen = 0
    for _ in range(20_000):
        g = table.game
        if g.is_over:
            rounds_seen += 1
            history = table.match.history()
            assert len(history) == table.match.round_number
            assert f'<tr data-player="{table.players - 1}">' in table.scoreboard.html.value
            assert table.new_round_button.disabled is False
            if table.match.is_over:
                break
            table.new_round_button.click()
            continue
        assert table.new_round_button.disabled  # a match round must be finished first
        ply = g.ply
        if table.is_human_turn():
            _human_step(table, rng)
        else:
            tick(table)
        assert g.ply == ply + 1, (table.feedback_text(), table.errors)
    assert table.match.is_over and table.errors == []
    winners = table.match.winners
    assert "The game to 100 is over" in table.status.value
    assert "★" in table.scoreboard.html.value
    assert "out of the game" in table.scoreboard.html.value
    assert table.new_round_button.description == "New game to 100"
    # the chart marks the 100 line and every player
    chart = table.scoreboard.html.value
    assert "100 points – out of the game" in chart
    assert chart.count('class="vd-line"') == 3
    table.switch.value = "sv"
    assert "Poängtavla" in table.scoreboard.title.value and "Summa" in table.scoreboard.html.value
    table.new_round_button.click()  # a new match
    assert table.match.round_number == 1 and not table.match.is_over and winners


# -- robustness --------------------------------------------------------------------------------


def test_bad_values_from_the_browser_do_not_break_it():
    game = position()
    table = table_for(game)
    before = snapshot(game)
    # the browser may send anything; every synced value is validated
    table.hand.set_state({"selected": [99, -1, 2, 2]})
    assert table.hand.selected == [2]
    with pytest.raises(traitlets.TraitError):
        table.hand.set_state({"selected": [1, "x"]})
    assert table.hand.selected == [2]
    with pytest.raises(traitlets.TraitError):
        table.declaration.set_state({"suit": 99})
    with pytest.raises(traitlets.TraitError):
        table.declaration.set_state({"rank": True})
    table.declaration.set_state({"suit_only": True, "words": {"title": "<script>"}})  # Python's to write
    assert table.declaration.suit_only is False and table.declaration.words["title"] == "The eight counts as:"
    with pytest.raises(traitlets.TraitError):
        table.switch.set_state({"index": 7})
    with pytest.raises(traitlets.TraitError):
        table.ticker.set_state({"tick": "soon"})
    table.ticker.set_state(
        {"interval": 1, "running": True}
    )  # only Python sets these (vandatta_widgets.base.safe)
    assert table.ticker.interval == 900 and not table.ticker.running
    table.ticker.set_state({"tick": 12345})  # the player's turn: a tick is ignored
    assert not table.ticker.running
    with pytest.raises(traitlets.TraitError):
        table.pace_choice.set_state({"index": 42})
    assert snapshot(game) == before
    # and it still plays
    table.select("7♥")
    table.lay_button.click()
    assert game.top == v.Card.parse("7♥")
    assert table.errors == []


def test_errors_in_callbacks_are_shown_not_swallowed(monkeypatch):
    table = table_for(pace="normal")
    table.select("7♥")
    table.lay_button.click()

    def broken(*args, **kwargs):
        raise RuntimeError("the computer fell off its chair")

    monkeypatch.setattr("vandatta_widgets.play.session._computer_move", broken)
    tick(table)
    assert len(table.errors) == 1 and "RuntimeError" in table.errors[0]
    assert "the computer fell off its chair" in table.feedback_text()
    assert 'data-kind="error"' in table.feedback.value
    assert not table.ticker.running


def test_hint_shows_ranked_candidates_with_reasons():
    table = table_for(hint_playouts=200, chances=True)  # the chances: for older players, the teacher
    table.hint_button.click()
    box = text_of(table.hint_box.value)
    assert "Hint: the best moves now" in box
    assert "% chance to win" in box
    table.switch.value = "sv"
    assert "vinstchans" in text_of(table.hint_box.value)
    table.select("7♥")
    table.lay_button.click()
    assert table.hint_box.value == ""  # advice is for the position it was asked in
    table.hint_button.click()
    assert "din tur" in text_of(table.hint_box.value)


def test_hint_missing_falls_back_with_a_message(monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_hint(name, *args, **kwargs):
        if name == "vandatta.ai.hint":
            raise ImportError("not yet")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_hint)
    table = table_for()
    table.hint_button.click()
    assert "not available" in text_of(table.hint_box.value)
    assert table.errors == []


def test_the_computer_players_see_only_their_own_seat(monkeypatch):
    seen = []
    import vandatta.ai as bots

    real = bots.SeatView.of

    def spy(game, seat=None, **kw):
        view = real(game, seat, **kw)
        seen.append((seat, view))
        return view

    monkeypatch.setattr(bots.SeatView, "of", spy)
    table = table_for()
    table.select("7♥")
    table.lay_button.click()
    table.continue_button.click()
    assert seen and all(seat == 1 and view.seat == 1 for seat, view in seen)


def test_overlap_keeps_long_hands_narrow():
    assert _overlap(6) == 0.0
    assert 0 < _overlap(12) < _overlap(20) <= 0.72


def test_ticker_defaults():
    tk = Ticker()
    assert (tk.tick, tk.running, tk.interval) == (0, False, 900)
    tk.interval = 99_999
    assert tk.interval == 10_000


# -- the views on their own ----------------------------------------------------------------------


def test_pile_view():
    g = v.Game.from_position(hands=["7♥", "K♠ A♦"], top="8♣=K♥", talon="9♠ 4♦", to_move=1)
    pile = PileView(g, lang="en")
    assert (
        'data-top="8♣"' in pile.value
        and 'data-declared="K♥"' in pile.value
        and 'data-talon="2"' in pile.value
    )
    assert "Talon: 2" in pile.value and 'class="vd-pile-box vd-fresh"' not in pile.value
    g.play("draw")
    pile.update(g, lang="sv")
    assert "Talong: 1" in pile.value and "Dragna kort: 1 av 3" in pile.value
    g2 = v.Game.from_position(hands=["A♠ 5♠ 2♥", "K♥"], top="7♠", talon="9♦ 4♦")
    pile2 = PileView(g2, lang="en")
    g2.play("A♠")
    pile2.update(g2)
    assert 'class="vd-pile-box vd-fresh"' in pile2.value and "The ace must be followed" in pile2.value
    g3 = v.Game.from_position(
        hands=["8♠", "K♥ 2♥"], top="7♠", talon="9♦ 4♦ 5♦", rules=v.Rules(no_special_finish=True)
    )
    g3.play("8♠=K♠")
    note = PileView(g3, lang="en").value
    assert "(V2)" not in note and "special card" in note and "V2" in note  # the rule: a chip


def test_table_view_seats_and_felt():
    g = v.Game.from_position(
        hands=["7♥ 2♣", "K♠ 5♦ 9♣"], top="7♣", talon="9♠ 4♦ 5♦", rules=v.Rules(lappen=True)
    )
    view = TableView(g, lang="en", view="seats", viewer=0)
    html = view.value
    assert 'data-seat="0"' in html and 'data-seat="1"' in html
    assert "vd-to-move" in html and "▶ Player 1" in html
    assert "seven of hearts" in html  # the viewer's own hand is face up
    assert "king of spades" not in html and "K♠" not in html  # the other is not
    assert "3 cards" in html
    view.update(g, names=["Ann", "Bo"], roles=["you", "computer"], totals=[10, None], skip=[0])
    assert 'data-seat="0"' not in view.value and "Bo" in view.value and "10 points" not in view.value
    with pytest.raises(ValueError):
        view.update(g, names=["only one"])
    felt = TableView(g, lang="sv", view="felt", viewer=0)
    assert "<svg" in felt.value and "Spelare 2" in felt.value
    felt.update(g, totals=[5, 15])
    assert "15 poäng" in felt.value
    g.play("7♥ lappen")
    g.play("draw")
    view.update(g, skip=())
    assert "Lappen!" in view.value and 'class="vd-seat-box vd-to-move" data-seat="1"' in view.value
    with pytest.raises(ValueError):
        TableView(g, view="round")


def test_table_view_end_of_round_shows_the_winner_and_open_hands():
    g = v.Game.from_position(hands=["7♥", "K♠ 5♦"], top="7♣", talon="9♠")
    g.play("7♥")
    view = TableView(g, lang="en", view="seats", viewer=0)
    view.update(g, open_hands=True)
    assert "★ Winner" in view.value and "king of spades" in view.value
    assert "vd-to-move" not in view.value


def test_score_board_and_chart():
    m = v.Match(players=3, seed=1)
    board = ScoreBoard(m, lang="en")
    assert "No rounds played yet" in board.html.value
    rng = random.Random(0)
    while not m.is_over:
        g = m.game
        while not g.is_over:
            g.play(rng.choice(list(g.legal_moves())))
        board.update()
        assert board.html.value.count("<tr data-player") == 3
        if not m.is_over:
            m.next_round()
    html = board.html.value
    assert "vd-match-over" in html and "★" in html
    assert "out of the game" in html
    board.switch.value = "sv"
    assert "Poängtavla" in board.title.value and "ute ur spelet" in board.html.value
    with pytest.raises(traitlets.TraitError):
        board.lang = "xx"


def test_chart_labels_eliminated_players_and_winners():
    svg_text = chart_svg(
        [[20, 40, 10], [60, 115, 30]], names=["Ann", "Bo", "Cilla"], target=100, lang="sv", winners=[2]
    )
    assert svg_text.startswith("<svg") and "<title>" in svg_text
    assert "Bo 115 – ute" in svg_text and "★ Cilla 30" in svg_text
    assert "100 poäng – ute ur spelet" in svg_text
    assert svg_text.count('class="vd-line"') == 3
    assert chart_svg([], names=["A", "B"], lang="en").count("<polyline") == 2
    with pytest.raises(ValueError):
        chart_svg([[1]], names=["A", "B"])
    table = score_table_html([[20, 40], [60, 115]], names=["Ann", "Bo"], lang="en", winners=[0])
    assert "★ winner" in table and "✕ out of the game" in table and "+75" in table
    # its looks are the stylesheet's, one place for them (not inline styles)
    assert "style=" not in table
    css = (Path(__file__).resolve().parents[3] / "widgets/base/style.css").read_text(encoding="utf-8")
    for name in ("vd-score-table", "vd-score-name", "vd-score-gained", "vd-score-total", "vd-out", "vd-win"):
        assert name in table, name
        assert f".{name}" in css, name


# -- at a child's pace ----------------------------------------------------------------------------


def test_the_computers_wait_for_continue():
    """pace="wait" (the classroom's): nothing moves until the child presses "Continue"; each
    press plays one computer's whole turn, and the child's own move stays on screen."""
    game = v.Game.from_position(
        hands=["7♥ K♠ 2♣", "9♠ 3♠", "5♥ 6♦"], top="7♣", talon="10♠ J♠ Q♠ 3♦ 4♦ 9♦", seed=1
    )
    table = PlayTable.from_game(game, bots=["beginner", "beginner"], lang="sv", pace="wait")
    assert table.pace == "wait" and table.continue_button.layout.display == "none"  # the child's turn
    table.select("7♥")
    table.lay_button.click()
    assert game.to_move == 1 and game.ply == 1
    # the clock is off, and a stray tick (or many) moves nobody
    assert not table.ticker.running
    tick(table, 5)
    assert game.ply == 1
    assert table.continue_button.layout.display != "none"
    assert table.continue_button.description == "Fortsätt ▶"
    assert "Nu är det Spelare 2:s tur" in table.status.value
    assert table.feedback_text() == "Tryck på ”Fortsätt” när du är redo, så gör Spelare 2 sitt drag."
    mine = table.last_move_text()
    assert mine.startswith("Ditt senaste drag: 7♥ på 7♣: samma valör")
    # one press: Spelare 2's whole turn (it holds no hearts and no seven: draws until it can lay)
    table.continue_button.click()
    moves = [str(m) for m in game.moves[1:]]
    assert game.to_move == 2 and moves[-1] not in ("draw",)
    assert table.feedback_text().startswith("Spelare 2:s drag:")
    assert table.feedback.value.count('class="vd-move-shown"') == len(moves)  # each move, one by one
    assert table.last_move_text() == mine  # still there after the computer's moves
    table.continue_button.click()  # Spelare 3's turn
    assert game.to_move == 0 and table.continue_button.layout.display == "none"
    assert table.feedback_text().startswith("Spelare 3:s drag:")
    assert table.last_move_text() == mine
    assert table.errors == []


def test_the_last_move_panel_keeps_the_childs_move_until_the_next():
    game = position()
    table = table_for(game, pace="normal")
    assert table.last_move_text() == ""
    assert "Your latest move and its explanation stay here" in text_of(table.last_move.value)
    table.draw_button.click()
    assert table.last_move_text().startswith("Your last move: You draw a card")
    assert "You draw 10♠" in table.last_move_text()  # the child sees the card drawn
    table.select("7♥")
    table.lay_button.click()
    shown = table.last_move_text()
    assert "7♥ on 7♣" in shown and "draw" not in shown
    assert 'data-ply="2"' in table.last_move.value
    while not table.is_human_turn() and not game.is_over:  # the computer's moves, tick by tick
        tick(table)
        assert table.last_move_text() == shown
    # an illegal attempt is explained in the feedback area and leaves the panel alone
    table.select("K♠")
    table.lay_button.click()
    assert table.feedback_text().startswith("Not allowed")
    assert table.last_move_text() == shown
    table.switch.value = "sv"
    assert table.last_move_text().startswith("Ditt senaste drag: 7♥ på 7♣")


def test_going_out_is_said_once_and_long_explanations_come_in_lines():
    game = v.Game.from_position(hands=["A♥ A♣ 5♣", "2♦ 3♦", "9♠ 4♠"], top="7♥", talon="K♠ Q♠ J♠ 10♦ 9♦")
    table = table_for(game, bots=["beginner", "beginner"])
    table.select("A♥", "A♣")
    table.lay_button.click()
    assert game.ply == 1
    lines = re.findall(r"<li>(.*?)</li>", table.last_move.value)
    assert len(lines) >= 3, lines  # the group, the draws, the follow-up owed: one line each
    assert all(line[:1].isupper() and line.endswith(".") for line in lines)
    table.select("5♣")
    table.lay_button.click()
    assert game.winner == 0
    said = table.last_move_text()
    assert said.count("win the round") + said.count("wins the round") == 1, said


def marks(table: PlayTable) -> set[str]:
    """The states the hand is drawn with ("vd-legal", "vd-dimmed", "vd-selected" …)."""
    return set(re.findall(r'class="vd-card( vd-[a-z]+)?"', table.hand.svg)) - {""}


def test_highlighting_of_playable_cards_can_be_switched_off():
    table = table_for()
    assert table.highlight_box.value is True
    assert marks(table) == {" vd-legal", " vd-dimmed"}
    table.highlight_box.value = False
    assert marks(table) == set()
    table.select("K♠")  # still the engine that says no
    table.lay_button.click()
    assert table.feedback_text().startswith("Not allowed")
    table.select("7♥")
    table.lay_button.click()
    table.continue_button.click()
    assert table.is_human_turn()
    assert marks(table) == set()  # stays off on the next turn
    assert table.highlight_box.description == "Show cards that fit"
    off = table_for(highlight=False)
    assert marks(off) == set()


def test_the_rules_in_force_are_shown_as_badges():
    table = table_for()
    assert 'data-rules=""' in table.rules_view.value and "the basic rules" in table.rules_view.value
    strict = table_for(position(v.Rules.preset("strict")), lang="sv")
    badges = strict.rules_view.value
    assert 'data-rules="V1,V2,V3"' in badges
    for rid in ("V1", "V2", "V3"):
        assert f'data-rule="{rid}"' in badges
    assert "Lappen" in badges and "Regler:" in badges
    strict.switch.value = "en"
    assert "Rules:" in strict.rules_view.value


def test_next_round_asks_before_throwing_away_a_round_in_progress():
    table = table_for()
    first = table.game
    table.new_round_button.click()  # nothing played yet: nothing to lose, so no question
    assert table.game is not first and not table.confirm.asking
    second = table.game
    table.run_computers()
    table.draw_button.click()
    assert second.ply >= 1 and table.in_progress, table.feedback_text()
    table.new_round_button.click()
    assert table.confirm.asking and table.confirm.layout.display == "flex"
    assert "The round is not over" in table.confirm.question.value
    assert table.game is second
    table.confirm.no_button.click()  # play on
    assert table.game is second and not table.confirm.asking
    table.new_round_button.click()
    table.switch.value = "sv"
    assert "Omgången är inte slut" in table.confirm.question.value
    assert table.confirm.yes_button.description == "Ja, dela ut en ny"
    table.confirm.yes_button.click()
    assert table.game is not second and table.game.ply == 0 and not table.confirm.asking
    assert table.errors == []


def test_changing_the_pace_starts_and_stops_the_clock():
    table = table_for()
    table.select("7♥")
    table.lay_button.click()
    assert not table.ticker.running
    table.pace_choice.value = "fast"
    assert table.ticker.running and table.ticker.interval == 400
    assert table.continue_button.layout.display == "none"
    assert "Waiting for Player 2" in table.status.value
    tick(table)
    assert table.game.ply == 2
    table.pace_choice.value = "wait"
    assert not table.ticker.running and table.continue_button.layout.display != "none"
    tick(table)
    assert table.game.ply == 2


def test_whose_turn_reads_right_in_both_languages():
    from vandatta_widgets.base.i18n import genitive

    assert genitive("Spelare 2", "sv") == "Spelare 2:s"
    assert genitive("Alva", "sv") == "Alvas" and genitive("Hans", "sv") == "Hans"
    assert genitive("Player 2", "en") == "Player 2's" and genitive("Bess", "en") == "Bess'"
    table = table_for(lang="sv")
    table.select("7♥")
    table.lay_button.click()
    table.draw_button.click()  # not the child's turn now
    assert table.feedback_text() == "Vänta – nu är det Spelare 2:s tur."


def test_the_draws_count_goes_away_once_an_ace_owes_its_card():
    """“Dragna kort: 3 av 3” must not stay up while the ace's card must follow (issue #11)."""
    game = v.Game.from_position(hands=["K♠ Q♠ A♥ 5♥", "2♦ 3♦"], top="7♥", talon="9♣ 3♣ 4♣ 6♣ 7♣ 8♣")
    table = table_for(game, lang="sv")
    for _ in range(3):
        table.draw_button.click()
    assert "Dragna kort: 3 av 3" in table.pile_view.value
    table.select("A♥")
    table.lay_button.click()
    assert game.follow_up_suit is v.Suit.HEARTS and game.to_move == 0
    assert "Dragna kort" not in table.pile_view.value
    assert "Esset måste följas" in table.pile_view.value


# -- pass and play: people taking turns on one tablet ---------------------------------------------


def _states(widget, seen=None) -> list[dict]:
    """The synced state of ``widget`` and of every widget inside it."""
    import ipywidgets as w

    seen = set() if seen is None else seen
    if id(widget) in seen:
        return []
    seen.add(id(widget))
    out = [widget.get_state()]
    for name in widget.keys:
        value = getattr(widget, name)
        for item in value if isinstance(value, (list, tuple)) else [value]:
            if isinstance(item, w.Widget):
                out += _states(item, seen)
    return out


def _hidden_cards_shown(table: PlayTable, seats) -> list[str]:
    """The cards of ``seats``' hands that appear anywhere in the table's widget state."""
    import json

    state = json.dumps(_states(table), ensure_ascii=False, default=str)
    g = table.game
    public = {c for m in g.moves for c in m.cards} | {g.replay(0).top}  # laid once: seen by all
    found = []
    for seat in seats:
        for c in set(g.hand(table.session.round_seat(seat))) - public:
            for text in (f"{c.rank.symbol}{c.suit.symbol}", c.name("en"), c.name("sv")):
                if text in state:
                    found.append(f"seat {seat}: {text}")
    return found


def _pass_and_play(**kw) -> PlayTable:
    from vandatta_widgets.play.session import Seat

    game = v.Game.from_position(
        hands=["7♥ K♠ 2♣ 9♥", "5♥ 6♦ 3♣ J♣", "2♠ 4♠"], top="7♣", talon="9♠ 10♠ J♠ Q♠ 3♦ 4♦", seed=1
    )
    seats = [Seat.person("Alva"), Seat.person("Bo"), Seat.computer("beginner")]
    return PlayTable(game=game, seats=seats, **kw)


def test_two_people_hand_the_tablet_over_behind_a_screen():
    table = _pass_and_play(lang="sv", pace="wait")
    # nobody's hand is shown until the first person taps: the cards are in no widget state
    assert table.screen_up and table.screen_text() == "Ge plattan till Alva – tryck när du är redo"
    assert table.screen.layout.display == "flex" and 'data-turn="screen"' in table.status.value
    assert table.hand.cards == [] and table.hand_label.value == ""
    assert _hidden_cards_shown(table, [0, 1, 2]) == []
    assert table.lay_button.disabled and table.draw_button.disabled
    table.draw_button.click()  # nobody may move for Alva before she has the tablet
    assert table.game.ply == 0 and "Alvas tur" in table.feedback_text()
    assert table.ready_button.description == "Jag är Alva – visa mina kort"
    table.ready()
    assert not table.screen_up and table.screen.layout.display == "none"
    assert {str(c) for c in table.hand.cards} == {"7♥", "K♠", "2♣", "9♥"}
    assert "Alvas tur" in table.status.value and "Alva (du)" in table.hand_label.value
    table.select("7♥")
    table.lay_button.click()
    # Bo's turn: the screen goes up at once and Alva's cards leave every widget
    assert table.game.to_move == 1 and table.screen_up
    assert table.screen_text() == "Ge plattan till Bo – tryck när du är redo"
    assert _hidden_cards_shown(table, [0, 1, 2]) == []
    assert "Alvas drag" in table.feedback_text() and "7♥ på 7♣" in table.feedback_text()
    table.ready_button.click()
    assert {str(c) for c in table.hand.cards} == {"5♥", "6♦", "3♣", "J♣"}
    assert _hidden_cards_shown(table, [0, 2]) == []
    table.draw_button.click()  # Bo draws 9♠ and sees it; then lays 5♥
    assert "9♠" in table.last_move_text()
    table.select("5♥")
    table.lay_button.click()
    # the computer's turn: Bo's hand stays until the next person is to move
    assert not table.screen_up and table.continue_button.layout.display != "none"
    table.continue_button.click()
    assert table.game.to_move == 0 and table.screen_up
    assert table.screen_text("en") == "Hand the tablet to Alva – tap when ready"
    assert _hidden_cards_shown(table, [0, 1, 2]) == []
    assert "9♠" not in table.log_view.value, "the card Bo drew is his secret"
    table.ready()
    assert _hidden_cards_shown(table, [1, 2]) == []
    assert "Bo drar ett kort" in table.log_view.value
    assert table.errors == []


def test_the_screen_speaks_both_languages_and_names_are_never_html():
    from vandatta_widgets.play.session import Seat

    seats = [Seat.person("<b>Bo</b>"), Seat.computer("random"), Seat.person("Alva")]
    table = PlayTable(seats=seats, seed=3, lang="en", pace="fast")
    rng = random.Random(2)
    while table.screen_text() != "Hand the tablet to <b>Bo</b> – tap when ready":
        assert not table.game.is_over
        if table.screen_up:
            table.ready()
        elif table.is_human_turn():
            _human_step(table, rng)
        else:
            tick(table)
    shown = [table.status.value, table.screen_note.value, table.table_view.value, table.log_view.value]
    assert all("<b>Bo</b>" not in html for html in shown)
    assert all("&lt;b&gt;Bo&lt;/b&gt;" in html for html in shown[:3])
    table.lang = "sv"
    assert (
        table.screen_text().startswith("Ge plattan till ")
        and "tryck när du är redo" in table.screen_note.value
    )
    assert table.ready_button.description.startswith("Jag är ")
    assert table.errors == []


def test_one_person_at_the_table_never_sees_the_screen():
    table = PlayTable(players=3, bots="random", seed=8, lang="en", match=True, pace="fast")
    rng = random.Random(1)
    for _ in range(3000):
        assert not table.screen_up and table.screen.layout.display == "none"
        if table.game.is_over:
            if table.match.is_over:
                break
            table.new_round_button.click()
        elif table.is_human_turn():
            _human_step(table, rng)
        else:
            tick(table)
    assert table.match.is_over and table.errors == []


def test_a_whole_round_of_two_people_and_a_computer_by_the_buttons():
    table = _pass_and_play(lang="en", pace="fast")
    rng = random.Random(3)
    screens = 0
    for _ in range(2000):
        if table.game.is_over:
            break
        if table.screen_up:
            screens += 1
            assert table.hand.cards == [] and _hidden_cards_shown(table, [0, 1, 2]) == []
            table.ready()
        elif table.is_human_turn():
            assert table.session.to_move == table.human
            _human_step(table, rng)
        else:
            tick(table)
    assert table.game.is_over and screens >= 3 and table.errors == []
    assert 'data-turn="over"' in table.status.value and table.new_round_button.button_style == "success"
    table.new_round_button.click()
    assert table.game.ply == 0 and table.screen_up  # a new round: the tablet goes round again


def test_the_table_is_a_view_of_a_session_moved_from_elsewhere():
    from vandatta_widgets.play.session import PlaySession, Seat

    session = PlaySession([Seat.person("Alva"), Seat.remote("Bo")], seed=5)
    table = PlayTable(session=session, lang="en")
    assert table.session is session and table.human == 0
    assert session.to_move == 1 and session.waiting_for() == "remote"
    assert not table.ticker.running and table.continue_button.layout.display == "none"
    session.play(1, "draw")  # Bo moves at his own device; the table follows
    assert 'data-ply="1"' in table.log_view.value and "Bo draws a card" in table.feedback_text()
    table.close()
    session.play(1, "draw")  # a closed table no longer listens
    assert table.errors == []
