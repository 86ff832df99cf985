"""One error design for the UI layer: a catalog key and its values, said in either language."""

from __future__ import annotations

import pytest

import vandatta as v
from vandatta.lang import LocalText
from vandatta_widgets.app.settings import SettingsProblem
from vandatta_widgets.base.i18n import UI
from vandatta_widgets.base.problem import Problem
from vandatta_widgets.base.screen import error_text
from vandatta_widgets.play.session import NotYourTurn, SessionError
from vandatta_widgets.server.serve import ServeError
from vandatta_widgets.tables.table import TableProblem


@pytest.mark.parametrize("kind", [SessionError, TableProblem, SettingsProblem])
def test_every_refusal_a_visitor_sees_is_a_problem(kind):
    assert issubclass(kind, Problem) and issubclass(kind, ValueError)
    assert issubclass(ServeError, Problem)


def test_a_problem_says_itself_in_each_language_and_english_for_logs():
    problem = Problem("db_players_range", value="9")
    assert problem.text("sv") == UI["db_players_range"]["sv"].format(value="9")
    assert problem.text("en") == UI["db_players_range"]["en"].format(value="9") == str(problem)
    assert problem.text("sv") != problem.text("en")
    assert repr(problem) == "Problem('db_players_range', value='9')"
    with pytest.raises(ValueError, match="unknown language"):
        problem.text("fr")


def test_values_that_differ_by_language_are_said_in_the_language_asked():
    verdict = v.Game.from_position(hands=["K♠", "5♠"], top="7♥", talon="9♠").check("K♠")
    turn = NotYourTurn(whose=LocalText(sv="Spelare 2s", en="Player 2's"))
    assert "Spelare 2s" in turn.text("sv") and "Player 2's" in turn.text("en")
    nested = Problem("db_bad_record", why=verdict)
    assert verdict.text("sv") in nested.text("sv") and verdict.text("en") in nested.text("en")
    assert Problem("db_bad_record", why=7).text("en").endswith("7")  # a plain value is as it is


@pytest.mark.parametrize(
    "shape", [{"sv": "fel", "en": "wrong"}, lambda lang: {"sv": "fel", "en": "wrong"}[lang]]
)
def test_a_text_per_language_in_another_shape_than_localtext_is_refused(shape):
    # shown as it is, it would read "{'sv': 'fel', …}" or "<function …>" to a child
    with pytest.raises(TypeError, match="LocalText"):
        Problem("db_bad_record", why=shape).text("sv")


def test_the_guard_shows_a_problem_in_its_own_words_and_anything_else_as_an_error():
    assert error_text(Problem("db_empty"))("sv") == UI["db_empty"]["sv"]
    assert error_text(KeyError("x"))("en") == "Something went wrong: KeyError: 'x'"


def test_the_teachers_serving_error_is_said_in_the_teachers_language():
    error = ServeError("bad_port", "sv", port=70000)
    assert str(error) == error.text("sv") == "--port ska vara ett tal från 0 till 65535, inte 70000."
    assert error.text("en") == "--port must be a number from 0 to 65535, not 70000."
    assert error.key == "srv_bad_port" and error.values == {"port": 70000}
