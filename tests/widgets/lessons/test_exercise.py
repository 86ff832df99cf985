"""The lessons' "try it" widgets (widgets/lessons/exercise.py), driven without a browser: set the
hand's ``selected`` trait, click the buttons, and compare the feedback with the engine's own
verdict for the same move."""

from __future__ import annotations

import html

import pytest
import traitlets

import vandatta as v
from tests.helpers.positions import position_builder
from vandatta.lang import LocalText
from vandatta_widgets.base.i18n import UI, sentences, t
from vandatta_widgets.lessons import exercise as ex
from vandatta_widgets.lessons.chips import without_citations

position = position_builder(talon="9♠ 4♦ 6♣ 7♣ Q♦")


def make(game: v.Game, **kw) -> ex.Exercise:
    kw.setdefault("prompt", LocalText(sv="Prova!", en="Try it!"))
    return ex.Exercise(game, **kw)


def select(exercise: ex.Exercise, *cards: str) -> None:
    hand = list(exercise.hand.cards)
    exercise.hand.selected = [hand.index(v.Card.parse(c)) for c in cards]


def shows(exercise: ex.Exercise, said: str | v.Verdict, lang: str = "en") -> bool:
    """The feedback shows ``said``: a text, or a verdict's reasons one line each (short
    sentences a child reads one at a time)."""
    shown = exercise.feedback.value
    if isinstance(said, v.Verdict):  # its rule ids are not in the sentences: they are the chips
        lines = [without_citations(x)[0] for x in sentences(said.lines(lang))]
        return (
            len(lines) >= 1
            and all(f"<div>{html.escape(x)}</div>" in shown for x in lines)
            and all(f"{rule} · " in shown for rule in said.rules)
        )
    return html.escape(without_citations(said)[0]) in shown


# -- the engine answers ---------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_illegal_attempt_shows_the_engines_verdict_and_changes_nothing(lang, snapshot):
    game = position(hands=["7♥ K♠ 2♣", "5♦ 6♦"], top="7♣")
    before = snapshot(game)
    e = make(game, lang=lang)
    working = snapshot(e.game)
    select(e, "K♠")
    e.play_button.click()
    verdict = game.check("K♠")
    assert not verdict.legal
    assert e.status == "illegal"
    assert e.message == verdict.text(lang)
    assert shows(e, verdict, lang)
    assert "R4" in e.feedback.value and t("ex_not_allowed", lang) in e.feedback.value
    assert snapshot(e.game) == working  # the attempt did not touch the position
    assert snapshot(game) == before  # nor the game the exercise was built from
    assert [str(c) for c in e.hand.cards] == ["7♥", "K♠", "2♣"]


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_legal_attempt_is_right_with_the_engines_text(lang, snapshot):
    game = position(hands=["7♥ K♠ 2♣", "5♦ 6♦"], top="7♣")
    before = snapshot(game)
    e = make(game, lang=lang)
    select(e, "7♥")
    e.play_button.click()
    assert e.status == "right" and e.solved
    assert e.verdict == game.check("7♥")
    assert shows(e, game.check("7♥"), lang)
    assert t("ex_right", lang) in e.feedback.value
    assert e.game.top == v.Card.parse("7♥")  # the exercise shows the position after the move
    assert snapshot(game) == before
    assert e.play_button.disabled and not e.hand.clickable and not e.reset_button.disabled
    e.reset_button.click()
    assert e.status == "new" and e.game.top == v.Card.parse("7♣") and not e.play_button.disabled


def test_a_group_is_laid_in_click_order():
    game = position(hands=["7♣ 7♥ 7♠ K♦", "2♦ 3♦"], top="2♥")
    e = make(game, accept=ex.all_of(ex.lays_cards(3), ex.suit_becomes("♠")), lang="en")
    select(e, "7♥", "7♠", "7♣")  # ends on clubs: allowed, but not the goal
    e.play_button.click()
    assert e.status == "miss"
    assert shows(e, game.check("7♥ 7♠ 7♣"), "en")
    assert t("goal_suit_miss", "en", suit="spades") in e.feedback.value
    e.reset_button.click()
    select(e, "7♥", "7♣", "7♠")
    e.play_button.click()
    assert e.status == "right"
    assert e.attempt.moves == [v.Move.parse("7♥ 7♣ 7♠")]


def test_mixed_ranks_are_refused_by_the_engine():
    game = position(hands=["7♣ K♦ 3♠", "2♦"], top="7♦")
    e = make(game, lang="sv")
    select(e, "7♣", "K♦")
    e.play_button.click()
    assert e.status == "illegal" and "R5" in e.verdict.rules
    assert shows(e, game.check("7♣ K♦"), "sv")


# -- goals over several moves -----------------------------------------------------------------


def test_ace_goal_needs_the_follow_up_and_counts_everyones_draws():
    game = position(hands=["A♠ 5♠ K♥ 9♦", "2♦ 3♦ 4♣", "J♣ 6♥"], top="2♠")
    e = make(game, accept=ex.everyone_draws(), lang="sv")
    select(e, "A♠")
    e.play_button.click()
    assert e.status == "legal"  # the turn goes on: a spade is owed
    assert t("ex_legal_go_on", "sv") in e.feedback.value
    assert shows(e, game.check("A♠"), "sv")
    assert e.game.hand_size(1) == 4 and e.game.hand_size(2) == 3
    assert "R7" in e.feedback.value
    e.draw_button.click()  # not while a follow-up is owed
    after_ace = game.copy()
    after_ace.play("A♠")
    assert e.status == "illegal" and shows(e, after_ace.check("draw"), "sv")
    select(e, "K♥")
    e.play_button.click()
    assert e.status == "illegal" and shows(e, after_ace.check("K♥"), "sv")
    select(e, "5♠")
    e.play_button.click()
    assert e.status == "right"
    assert [str(m) for m in e.attempt.moves] == ["A♠", "5♠"]


def test_a_legal_turn_that_misses_the_goal_says_what_was_missing():
    game = position(hands=["A♠ 5♠ K♥ 9♦", "2♦ 3♦ 4♣", "J♣ 6♥"], top="2♠")
    e = make(game, accept=ex.everyone_draws(), lang="en")
    select(e, "5♠")
    e.play_button.click()
    assert e.status == "miss"
    assert t("goal_ace_miss", "en") in e.feedback.value
    assert shows(e, game.check("5♠"), "en")


def test_draw_until_you_can_lay():
    game = position(hands=["K♠ 2♦ 4♣", "Q♦ 3♦"], top="7♥", talon="9♣ 5♥ 3♠ 6♠")
    e = make(game, accept=ex.draws_then_lays(), lang="sv")
    e.pass_button.click()
    assert e.status == "illegal" and shows(e, game.check("pass"), "sv")
    e.draw_button.click()
    assert e.status == "legal" and e.game.draws_this_turn == 1
    assert [str(c) for c in e.hand.cards][-1] == "9♣" and e.hand.last == [3]
    assert "9♣" in e.feedback.value  # the learner's own draw is shown
    e.draw_button.click()
    select(e, "5♥")
    e.play_button.click()
    assert e.status == "right"


def test_pass_after_three_draws():
    game = position(hands=["K♠ 2♦", "Q♦ 3♦"], top="7♥", talon="9♣ 3♠ 4♣ 6♠")
    e = make(game, accept=ex.passes(), lang="en")
    for _ in range(3):
        e.draw_button.click()
        assert e.status == "legal"
    e.draw_button.click()
    assert e.status == "illegal" and "R8" in e.verdict.rules
    e.pass_button.click()
    assert e.status == "right"
    assert e.solve() == [v.Move.draw()] * 3 + [v.Move.pass_()]


def test_other_players_draws_stay_hidden():
    game = position(hands=["A♠ 5♠", "2♦ 3♦", "J♣ 6♥"], top="2♠", talon="9♥ 4♦")
    e = make(game, lang="en")
    e.attempt_move("A♠")
    assert "draws a card for the ace" in e.feedback.value
    assert "9♥" not in e.feedback.value and "4♦" not in e.feedback.value


# -- eights -------------------------------------------------------------------------------------


def test_eight_declaration_chooser():
    game = position(hands=["8♠ K♣ 3♦", "5♥ 9♥ 2♥"], top="J♥")
    e = make(game, accept=ex.next_player_stuck(), lang="sv")
    assert e.declaration.layout.display == "none"
    select(e, "8♠")
    assert e.declaration.layout.display != "none"
    e.play_button.click()  # no declaration chosen: the engine explains R6
    assert e.status == "illegal" and shows(e, game.check("8♠"), "sv")
    e.declaration.set_state({"suit": int(v.Suit.HEARTS), "rank": 11})  # two taps in the browser
    e.play_button.click()
    assert e.status == "miss" and t("goal_stuck_miss", "sv") in e.feedback.value
    e.reset_button.click()
    select(e, "8♠")
    e.declaration.choose("♣", "K")
    e.play_button.click()
    assert e.status == "right"
    assert e.attempt.moves == [v.Move.parse("8♠=K♣")]
    assert shows(e, game.check("8♠=K♣"), "sv")
    select_none = e.hand.selected
    assert select_none == []


def test_suit_without_rank_is_explained_by_the_engine():
    game = position(hands=["8♠ K♣", "5♥"], top="J♥")
    e = make(game, lang="en")
    select(e, "8♠")
    e.declaration.choose("♣")
    e.play_button.click()
    assert e.status == "illegal" and shows(e, game.check("8♠=♣"), "en")


def test_suit_only_eights_hide_the_rank():
    game = position(hands=["8♦ 4♣ K♠", "Q♣ 2♥"], top="Q♥", rules=v.Rules(suit_only_eights=True))
    e = make(game, lang="en")
    assert e.declaration.suit_only  # only the four suit buttons
    select(e, "8♦")
    e.declaration.choose("♣", "K")  # a rank left chosen is ignored under O1
    e.play_button.click()
    assert e.status == "right" and e.attempt.moves == [v.Move.parse("8♦=♣")]
    assert "O1" in e.practises


def test_browser_values_are_validated():
    game = position(hands=["8♠ K♣", "5♥"], top="J♥")
    e = make(game, lang="en")
    e.hand.selected = [7, -1, 0, 0]  # out of range, negative, repeated
    assert e.hand.selected == [0]
    with pytest.raises(traitlets.TraitError):  # not an index at all: refused before it reaches the view
        e.hand.selected = ["x"]
    assert e.hand.selected == [0]
    e.declaration.set_state({"suit": -1})
    assert e.declaration.declaration is None
    with pytest.raises(traitlets.TraitError):  # a value outside the buttons never reaches the exercise
        e.declaration.set_state({"suit": 17})
    with pytest.raises(traitlets.TraitError):
        e.declaration.set_state({"rank": 0})


# -- lappen -------------------------------------------------------------------------------------


def test_lappen_button_only_with_v3():
    plain = make(position(hands=["K♦ 5♠ 5♥", "Q♣"], top="K♣"))
    assert plain.lappen_button not in plain.buttons.children
    lappen = make(position(hands=["K♦ 5♠ 5♥", "Q♣"], top="K♣", rules=v.Rules(lappen=True)))
    assert lappen.lappen_button in lappen.buttons.children


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_calling_lappen(lang):
    game = position(hands=["K♦ 5♠ 5♥", "Q♣ 4♣"], top="K♣", rules=v.Rules(lappen=True))
    e = make(game, accept=ex.calls_lappen(), lang=lang)
    select(e, "K♦")
    e.play_button.click()  # forgot: legal, but a penalty
    assert e.status == "miss"
    assert shows(e, game.check("K♦"), lang) and "V3" in e.feedback.value
    assert e.game.hand_size(0) == 5
    e.reset_button.click()
    e.lappen_button.value = True
    e.draw_button.click()
    assert e.status == "illegal" and shows(e, t("ex_lappen_not_with_draw", lang))
    select(e, "K♦")
    e.play_button.click()
    assert e.status == "right" and shows(e, game.check("K♦ lappen"), lang)
    assert e.game.lappen_called[0]


def test_lappen_when_not_ready_is_refused_by_the_engine():
    game = position(hands=["K♦ 5♠ 9♥", "Q♣"], top="K♣", rules=v.Rules(lappen=True))
    e = make(game, lang="en")
    e.lappen_button.value = True
    select(e, "K♦")
    e.play_button.click()
    assert e.status == "illegal" and shows(e, game.check("K♦ lappen"), "en")


# -- varning (O9) --------------------------------------------------------------------------------


def test_varning_button_only_with_o9():
    plain = make(position(hands=["K♦ 5♠ 5♥ 2♣", "Q♣"], top="K♣"))
    assert plain.varning_button not in plain.buttons.children
    varning = make(position(hands=["K♦ 5♠ 5♥ 2♣", "Q♣"], top="K♣", rules=v.Rules(varning=True)), lang="sv")
    assert varning.varning_button in varning.buttons.children
    assert varning.lappen_button not in varning.buttons.children  # O9 without V3
    assert varning.varning_button.description == "Säg ”varning”"
    both = make(position(hands=["K♦ 5♠ 5♥ 2♣", "Q♣"], top="K♣", rules=v.Rules.preset("varning_och_lappen")))
    assert {both.varning_button, both.lappen_button} <= set(both.buttons.children)


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_calling_varning(lang):
    game = position(hands=["K♦ 5♠ 5♥ 2♣", "Q♣ 4♣ 3♥ 2♥"], top="K♣", rules=v.Rules(varning=True))
    e = make(game, lang=lang)
    select(e, "K♦")
    e.play_button.click()  # forgot: legal, but O6's penalty
    assert e.status == "right" and e.game.hand_size(0) == 6  # no goal: any legal turn
    assert shows(e, game.check("K♦"), lang) and "O9" in e.feedback.value
    e.reset_button.click()
    e.varning_button.value = True
    e.draw_button.click()
    assert e.status == "illegal" and shows(e, t("ex_varning_not_with_draw", lang))
    select(e, "K♦")
    e.play_button.click()
    assert e.game.hand_size(0) == 3 and e.game.varning_called[0]
    assert shows(e, game.check("K♦ varning"), lang)
    assert str(e.attempt.moves[-1]) == "K♦ varning"


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_the_goal_calls_varning(lang):
    game = position(hands=["K♦ 5♠ 5♥ 2♣", "Q♣ 4♣ 3♥ 2♥"], top="K♣", rules=v.Rules(varning=True))
    e = make(game, accept=ex.calls_varning(), actions=["play"], lang=lang)
    assert e.goal.rules == ("O9",) and "O9" in e.practises
    select(e, "K♦")
    e.play_button.click()  # forgot the call: legal, but O9's penalty, and the goal is missed
    assert e.status == "miss" and e.game.hand_size(0) == 6
    assert html.escape(t("goal_varning_miss", lang)) in e.feedback.value
    assert shows(e, game.check("K♦"), lang) and "O9" in e.feedback.value
    e.reset_button.click()
    e.varning_button.value = True
    select(e, "K♦")
    e.play_button.click()
    assert e.status == "right" and e.game.varning_called[0] and e.game.hand_size(0) == 3
    assert shows(e, game.check("K♦ varning"), lang)
    [answer] = e.solve()  # one move: a play with the call (K♦ or 2♣ on K♣)
    assert answer.is_play and answer.varning and game.check(answer).legal


def test_the_goal_calls_varning_refuses_a_wrong_call_with_the_engines_reason():
    game = position(hands=["K♦ 5♠ 9♥ 2♣ 3♣", "Q♣ 4♣"], top="K♣", rules=v.Rules(varning=True))
    e = make(game, accept=ex.calls_varning(), lang="sv")
    e.varning_button.value = True
    select(e, "K♦")
    e.play_button.click()  # four cards left: the engine refuses the call
    assert e.status == "illegal" and shows(e, game.check("K♦ varning"), "sv")
    assert e.game.hand_size(0) == 5
    # under V3 too the goal asks for the varning call (lappen's comes later, at one card)
    both = position(hands=["K♦ 5♠ 5♥ 2♣", "Q♣ 4♣"], top="K♣", rules=v.Rules(lappen=True, varning=True))
    goal = ex.calls_varning()
    assert goal.miss("en") == t("goal_varning_miss", "en") and goal.miss("sv") == t("goal_varning_miss", "sv")
    [answer] = make(both, accept=goal).solve()
    assert answer.varning and not answer.lappen and both.check(answer).legal


def test_varning_with_the_wrong_number_of_cards_is_refused_by_the_engine():
    game = position(hands=["K♦ 5♠ 9♥ 2♣ 3♣", "Q♣"], top="K♣", rules=v.Rules(varning=True))
    e = make(game, lang="en")
    e.varning_button.value = True
    select(e, "K♦")
    e.play_button.click()
    assert e.status == "illegal" and shows(e, game.check("K♦ varning"), "en")
    assert "four cards left" in e.feedback.value and e.game.hand_size(0) == 5


# -- variants through goals -------------------------------------------------------------------


def test_v2_keep_the_ordinary_card_for_last():
    game = position(hands=["8♠ 9♥", "Q♣ 4♣"], top="9♣", rules=v.Rules(no_special_finish=True))
    e = make(game, accept=ex.can_go_out_next_turn(), lang="en")
    select(e, "9♥")
    e.play_button.click()
    assert e.status == "miss" and t("goal_ready_miss", "en") in e.feedback.value
    e.reset_button.click()
    select(e, "8♠")
    e.declaration.choose("♠", "9")
    e.play_button.click()
    assert e.status == "right"


def test_blocked_round():
    game = position(hands=["K♠ 2♦", "Q♣ 4♣"], top="7♥", talon="")
    game.play("pass")
    e = make(game, accept=ex.passes(), view="table", lang="sv")
    e.draw_button.click()
    assert e.status == "illegal" and shows(e, game.check("draw"), "sv")
    e.pass_button.click()
    assert e.status == "right" and e.game.is_blocked
    assert shows(e, game.check("pass"), "sv") and "R10" in e.feedback.value
    assert "Låst omgång" in e.table.value


def test_going_out():
    game = position(hands=["Q♦ Q♠ Q♥", "2♦"], top="4♦")
    e = make(game, accept=ex.goes_out(), lang="en")
    select(e, "Q♠", "Q♦", "Q♥")
    e.play_button.click()
    assert e.status == "illegal" and shows(e, game.check("Q♠ Q♦ Q♥"), "en")
    select(e, "Q♦", "Q♠")
    e.play_button.click()
    assert e.status == "miss" and t("goal_out_miss", "en") in e.feedback.value
    e.reset_button.click()
    select(e, "Q♦", "Q♠", "Q♥")
    e.play_button.click()
    assert e.status == "right" and e.game.winner == 0


# -- answers, robustness, language ------------------------------------------------------------


def test_show_an_answer():
    game = position(hands=["A♠ 5♠ K♥ 9♦", "2♦ 3♦ 4♣", "J♣ 6♥"], top="2♠")
    e = make(game, accept=ex.everyone_draws(), lang="sv")
    e.answer_button.click()
    assert e.status == "new"  # showing an answer does not answer for the learner
    assert t("ex_answer", "sv") in e.feedback.value
    assert e.solve() == [v.Move.parse("A♠"), v.Move.parse("5♠")]
    assert {"R4", "R7"} <= set(e.practises)


def test_unsolvable_goal_has_no_answer():
    game = position(hands=["K♠", "2♦"], top="7♥", talon="")
    e = make(game, accept=ex.goes_out(), lang="en")
    assert e.solve() is None
    e.answer_button.click()
    assert t("ex_no_answer", "en") in e.feedback.value


def test_nothing_selected():
    e = make(position(hands=["7♥ K♠", "5♦"], top="7♣"), lang="sv")
    e.play_button.click()
    assert e.status == "new" and t("nothing_selected", "sv") in e.feedback.value


def test_callback_errors_are_shown_not_lost():
    def broken(attempt):
        raise RuntimeError("goal exploded")

    e = make(position(hands=["7♥ K♠", "5♦"], top="7♣"), accept=broken, lang="en")
    select(e, "7♥")
    e.play_button.click()  # must not raise
    assert e.status == "error"
    assert "goal exploded" in e.feedback.value and t("error", "en") in e.feedback.value


def test_arguments_are_checked():
    game = position(hands=["7♥", "5♦"], top="7♣")
    with pytest.raises(ValueError):
        make(game, lang="de")
    with pytest.raises(ValueError):
        make(game, actions=["draw"])
    with pytest.raises(ValueError):
        make(game, view="sideways")
    with pytest.raises(TypeError):
        make("7♥", lang="sv")
    with pytest.raises(TypeError):
        make(game, accept=42)
    done = game.copy()
    done.play("7♥")
    with pytest.raises(ValueError):
        make(done)


def test_actions_choose_the_buttons():
    e = make(position(hands=["7♥", "5♦"], top="7♣"), actions=["play"])
    assert e.draw_button not in e.buttons.children and e.pass_button not in e.buttons.children
    assert e.play_button in e.buttons.children and e.reset_button in e.buttons.children


def test_words_follow_the_language():
    game = position(hands=["7♥ K♠", "5♦"], top="7♣")
    sv, en = make(game, lang="sv"), make(game, lang="en")
    assert sv.play_button.description == t("play_cards", "sv") and en.play_button.description == t(
        "play_cards", "en"
    )
    assert "Prova!" in sv.prompt.value and "Try it!" in en.prompt.value
    assert "Talong" in sv.table.value and "Talon" in en.table.value
    assert "Spelare 2" in sv.table.value and "Player 2" in en.table.value


def test_highlight_comes_from_the_engine():
    game = position(hands=["7♥ K♠ 8♦ 2♣", "5♦"], top="7♣")
    e = make(game, highlight=True)
    assert e.hand.legal == [0, 2, 3]


def test_goal_miss_names_the_first_part_missed():
    goal = ex.all_of(ex.lays_cards(3), ex.suit_becomes("♠"))
    game = position(hands=["7♣ 7♥ 7♠ K♦", "2♦"], top="2♥")
    attempt = ex.Attempt(game, game.copy(), 0)
    attempt.game.play("7♥")
    attempt.moves.append(v.Move.parse("7♥"))
    assert goal.miss("en", attempt) == t("goal_group_miss", "en", n=3)


# -- pictures, matches, catalog ---------------------------------------------------------------------


def test_view_draws_in_the_lessons_language():
    game = position(hands=["7♥ K♠", "5♦"], top="7♣")
    assert "Kortbord" in ex.view(game, lang="sv")._repr_svg_()
    assert "Card table" in ex.view(game, lang="en")._repr_svg_()
    assert "<title>hjärter kung</title>" in ex.view(v.Card.parse("K♥"), lang="sv")._repr_svg_()
    assert ex.view("7♥ K♠", lang="en")._repr_svg_().startswith("<svg")
    assert "vd-move" in ex.view(v.Move.parse("7♥"), lang="en")._repr_html_()
    # shown inline (with its names for screen readers), not as an <img> without alternative text
    inline = ex.view("7♥ K♠", lang="sv")._repr_html_()
    assert (
        inline.startswith('<div class="vd-view"')
        and "<svg" in inline
        and "<title>spader kung</title>" in inline
    )
    with pytest.raises(TypeError):
        ex.view(42)


def test_play_match_is_finished_and_seeded():
    a = ex.play_match(["expert", "random"], seed=3)
    b = ex.play_match(["expert", "random"], seed=3)
    assert a.is_over and a.totals == b.totals and a.winners == b.winners


def test_catalog_keys_have_both_languages():
    for key, words in UI.items():
        if key.startswith(("ex_", "goal_", "chart_")):
            assert set(words) == {"sv", "en"}, key
            assert all(words.values()), key


def test_the_order_of_a_group_is_shown():
    e = make(position(hands=["7♣ 7♥ 7♠ K♦", "2♦"], top="2♥"), lang="en")
    select(e, "7♥", "7♠", "7♣")
    assert "7♥ → 7♠ → 7♣" in e.selection.value
    select(e, "7♥")
    assert e.selection.value == ""


def test_a_feedback_box_takes_its_looks_from_the_stylesheet():
    from vandatta_widgets.base.style import CSS
    from vandatta_widgets.lessons.exercise import feedback_box

    for status in ("right", "legal", "miss", "illegal", "error", "info"):
        box = feedback_box(status, "Rubrik", ["rad"], ["R4"], "sv")
        assert "style=" not in box and f'data-kind="{status}"' in box
        assert f'.vd-lesson-feedback[data-kind="{status}"]' in CSS, status
    with pytest.raises(ValueError, match="status must be one of"):
        feedback_box("shout", "x")
