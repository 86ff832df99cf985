"""The screens' shared base (vandatta_widgets.base.screen): one language trait type, followed through links, and
one guard for every view's callbacks."""

from __future__ import annotations

import importlib

import pytest
import traitlets

from vandatta import Game
from vandatta.ai import play_random_game
from vandatta.lang import LocalText
from vandatta_widgets.app.dashboard import PLAY_TAB, PUZZLE_TAB, Dashboard
from vandatta_widgets.base.screen import Lang
from vandatta_widgets.controls.export import record_json
from vandatta_widgets.controls.review import ReviewPanel
from vandatta_widgets.lessons.exercise import Exercise
from vandatta_widgets.lessons.puzzle import PuzzleBoard
from vandatta_widgets.play.play_table import PlayTable

SPEAKING = [
    ("vandatta_widgets.controls.bridge", "PageBridge"),
    ("vandatta_widgets.app.dashboard", "Dashboard"),
    ("vandatta_widgets.controls.declare", "EightDeclaration"),
    ("vandatta_widgets.controls.hand", "HandView"),
    ("vandatta_widgets.play.play_table", "PlayTable"),
    ("vandatta_widgets.lessons.puzzle", "PuzzleBoard"),
    ("vandatta_widgets.controls.review", "ReviewPanel"),
    ("vandatta_widgets.controls.scoreboard", "ScoreBoard"),
    ("vandatta_widgets.app.settings", "SettingsForm"),
]


@pytest.mark.parametrize(("module", "name"), SPEAKING)
def test_every_view_that_speaks_has_the_one_language_trait(module, name):
    cls = getattr(importlib.import_module(module), name)
    trait = cls.class_traits()["lang"]
    assert type(trait) is Lang
    assert trait.default_value == "sv"  # one default for all (the hand said "en")


def test_the_trait_refuses_other_languages_with_one_message():
    class View(traitlets.HasTraits):
        lang = Lang()

    view = View()
    for bad in ("de", "SV", "", 3, None):
        with pytest.raises(traitlets.TraitError):
            view.lang = bad
    with pytest.raises(traitlets.TraitError, match="unknown language 'de': use 'sv' or 'en'"):
        view.lang = "de"
    assert view.lang == "sv"
    with pytest.raises(ValueError):
        Lang("fr")


def test_the_dashboard_children_follow_its_switch_by_links():
    dash = Dashboard(lang="sv")
    dash.tabs.selected_index = PLAY_TAB  # builds the play table
    play = dash.play_table
    puzzles = dash.build_puzzles()
    dash.language.value = "en"  # the page's switch, as a click sets it
    assert dash.lang == "en"
    assert dash.viewer.lang == "en" and play.lang == "en" and puzzles.lang == "en"
    assert play.hand.lang == play.declaration.lang == play.scoreboard.lang == play.review.lang == "en"
    assert dash.settings_form.lang == "en"
    # a new game's viewer is linked in its turn, and the old one's link is gone
    old = dash.viewer
    dash.load_file("game.json", record_json(play_random_game(3, seed=2)).encode("utf-8"))
    assert dash.viewer is not old and dash.viewer.lang == "en"
    dash.lang = "sv"
    assert dash.viewer.lang == "sv" and play.hand.lang == "sv"
    assert old.lang == "en"  # the replaced viewer is no longer linked
    assert dash.errors == []


# -- one guard for every view's callbacks (vandatta_widgets.base.screen.guarded) -------------------------------


def _boom(*_args: object, **_kwargs: object) -> None:
    raise RuntimeError("boom")


def test_a_failing_callback_of_the_dashboard_is_said_in_both_languages_and_the_page_goes_on(monkeypatch):
    dash = Dashboard(lang="sv")
    monkeypatch.setattr(dash, "build_puzzles", _boom)
    dash.tabs.selected_index = PUZZLE_TAB
    assert dash.message_kind == "error"
    assert dash.message_text() == "Något gick fel: RuntimeError: boom"
    dash.language.value = "en"
    assert dash.message_text() == "Something went wrong: RuntimeError: boom"
    assert len(dash.errors) == 1 and "RuntimeError: boom" in dash.errors[0]
    monkeypatch.undo()
    dash.tabs.selected_index = 0
    dash.tabs.selected_index = PUZZLE_TAB  # the same control, working again
    assert dash.puzzle_board is not None and dash.message_text() == ""
    dash.load_file("x.json", b"{")  # a refusal it expects: said, without a traceback
    assert dash.message_kind == "error" and len(dash.errors) == 1


def test_a_failing_callback_of_the_play_table_is_said_in_both_languages_and_it_plays_on(monkeypatch):
    game = Game.from_position(hands=["7♥ K♠ 8♦", "5♠ 6♠"], top="7♣", talon="9♠ 10♠ J♠ Q♠ K♦")
    table = PlayTable.from_game(game, bots=["beginner"], lang="sv")
    assert table.is_human_turn()
    monkeypatch.setattr(table.session, "hint", _boom)
    table.hint_button.click()
    assert "Något gick fel" in table.feedback_text() and "RuntimeError: boom" in table.feedback_text()
    table.lang = "en"
    assert "Something went wrong" in table.feedback_text() and "RuntimeError: boom" in table.feedback_text()
    assert len(table.errors) == 1
    monkeypatch.undo()
    ply = table.game.ply
    table.draw_button.click()  # the other controls work
    assert table.game.ply > ply and len(table.errors) == 1


def test_a_failing_callback_of_the_puzzles_is_said_in_both_languages_and_they_go_on(monkeypatch):
    board = PuzzleBoard(lang="sv")
    monkeypatch.setattr(board, "show_hint", _boom)
    board.hint_button.click()
    assert "Något gick fel" in board.feedback_text() and "RuntimeError: boom" in board.feedback_text()
    board.lang = "en"
    assert "Something went wrong" in board.feedback_text()
    assert len(board.errors) == 1
    monkeypatch.undo()
    board.hint_button.click()
    assert "Something went wrong" not in board.feedback_text() and len(board.errors) == 1


@pytest.mark.parametrize(("lang", "said"), [("sv", "Granskningen gick inte"), ("en", "The review failed")])
def test_a_failing_callback_of_the_review_is_said_and_the_panel_goes_on(monkeypatch, lang, said):
    panel = ReviewPanel(play_random_game(2, seed=3), seat=0, lang=lang)
    monkeypatch.setattr(panel, "start", _boom)
    panel.start_button.click()
    assert f"{said}: RuntimeError: boom" in panel.error.value and len(panel.errors) == 1
    monkeypatch.undo()
    panel.stop_button.click()  # another control, working
    assert len(panel.errors) == 1


@pytest.mark.parametrize(("lang", "said"), [("sv", "Något gick fel"), ("en", "Something went wrong")])
def test_a_failing_callback_of_an_exercise_is_said_and_the_exercise_goes_on(monkeypatch, lang, said):
    game = Game.from_position(hands=["7♥ K♠ 8♦", "5♠ 6♠"], top="7♣", talon="9♠ 10♠ J♠")
    exercise = Exercise(game, prompt=LocalText(sv="Lägg ett kort.", en="Lay a card."), lang=lang)
    monkeypatch.setattr(exercise, "attempt_move", _boom)
    exercise.hand.selected = [0]
    exercise.play_button.click()
    assert exercise.status == "error" and exercise.message == f"{said}: boom"
    assert len(exercise.errors) == 1 and "RuntimeError: boom" in exercise.errors[0]
    monkeypatch.undo()
    exercise.play_button.click()  # the same button, working again
    assert exercise.status in ("right", "legal", "miss") and len(exercise.errors) == 1
