"""Issue 43: a rule id is a chip to tap, never the end of a sentence — in the quiz's feedback
and in Spela's log, feedback and last-move panel. The sentences are read without "(R2)"; the
rules they rest on follow them as chips (``<details class="vd-chip">``) a child opens."""

from __future__ import annotations

import html
import re

import vandatta as v
from vandatta.lang import LocalText
from vandatta_widgets.lessons import quiz as qz
from vandatta_widgets.play.presenter import PlayPresenter
from vandatta_widgets.play.session import PlaySession, Seat

CITED = re.compile(r"\((?:[RVSO]\d{1,2})(?:, [RVSO]\d{1,2})*\)")


def sentences_of(fragment: str) -> str:
    """What the fragment says outside its chips, as text."""
    bare = re.sub(r'<details class="vd-chip.*?</details>', " ", fragment, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", bare))


def chips_of(fragment: str) -> list[str]:
    return re.findall(r'<details class="vd-chip vd-chip-rule"><summary[^>]*>([^<]+)</summary>', fragment)


def test_the_quiz_says_its_reasons_without_rule_ids_and_shows_them_as_chips() -> None:
    quiz = qz.talon_quiz(v.Game.deal(players=3, seed=1), lang="sv")
    quiz.choose(2)  # 34: the card turned up forgotten (R2)
    shown = quiz.feedback.value
    assert not CITED.search(sentences_of(shown)), sentences_of(shown)
    assert "R2" in chips_of(shown)
    assert not CITED.search(quiz.message), quiz.message
    quiz.choose(1)
    shown = quiz.feedback.value
    assert not CITED.search(sentences_of(shown)), sentences_of(shown)
    assert {"R1", "R2"} <= set(chips_of(shown))
    assert "Glömde du" not in shown and "52 kort" in sentences_of(shown)


def test_spela_tells_moves_without_rule_ids_in_its_sentences() -> None:
    game = v.Game.from_position(hands=["K♠ 9♣ 7♥", "2♠ 3♠"], top="7♣", talon="3♦ 10♠ J♠ Q♠")
    presenter = PlayPresenter(PlaySession([Seat.person(), Seat.computer("beginner")], game=game))
    assert not presenter.play(v.Move.parse("K♠"))  # refused (R4)
    for lang in ("sv", "en"):
        shown = presenter.feedback_html(lang)
        assert not CITED.search(sentences_of(shown)) and chips_of(shown) == ["R4"], shown
    assert presenter.play(v.Move.parse("7♥"))  # same rank (R4)
    for lang in ("sv", "en"):
        for shown in (
            presenter.log_html(lang),
            presenter.last_move_html(lang),
            presenter.feedback_html(lang),
        ):
            assert not CITED.search(sentences_of(shown)), sentences_of(shown)
        assert "R4" in chips_of(presenter.log_html(lang)) and "R4" in chips_of(presenter.last_move_html(lang))


def test_an_exercise_says_why_not_without_a_rule_id_in_the_sentence() -> None:
    from vandatta_widgets.lessons import exercise as ex

    game = v.Game.from_position(hands=["5♥ K♠", "2♣"], top="7♥", talon="9♠ 4♦")
    exercise = ex.Exercise(game, prompt=LocalText(sv="Lägg ett kort som passar.", en="Lay a card that fits."))
    exercise.hand.selected = [list(exercise.hand.cards).index(v.Card.parse("K♠"))]
    exercise.play_button.click()  # refused (R4): said, and R4 shown after the sentence
    shown = exercise.feedback.value
    said = html.unescape(re.sub(r'<span class="vd-rule".*?</span>', " ", shown))
    assert "valören 7" in said and not CITED.search(re.sub(r"<[^>]+>", " ", said)), said
    assert 'class="vd-rule"' in shown and "R4" in shown


def test_a_puzzle_says_why_not_without_a_rule_id_in_the_sentence() -> None:
    from vandatta_widgets.lessons.puzzle import PuzzleBoard

    board = PuzzleBoard(lang="sv")
    for index in range(len(board.hand.cards)):  # a card that does not fit: refused, and said why
        board.hand.selected = [index]
        board.lay_button.click()
        if "vd-pz-illegal" in board.feedback.value:
            break
    shown = board.feedback.value
    lines = re.findall(r'<div class="vd-pz-line">(.*?)</div>', shown)
    assert lines and not any(CITED.search(html.unescape(line)) for line in lines), lines
    assert 'class="vd-rule"' in shown
