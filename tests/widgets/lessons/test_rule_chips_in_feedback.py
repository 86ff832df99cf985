"""Issue 43: a rule id is a chip to tap, never the end of a sentence — in the quiz's feedback
and in Spela's log, feedback and last-move panel. The sentences are read without "(R2)"; the
rules they rest on follow them as chips (``<details class="vd-chip">``) a child opens."""

from __future__ import annotations

import html
import re

import vandatta as v
from widgets.lessons import quiz as qz
from widgets.play.presenter import PlayPresenter
from widgets.play.session import PlaySession, Seat

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
