"""Practice of a rule no single move decides, on the path (issue 41, item 3): a quiz question
about the deal answered wrong makes R2 something to practise; practice asks a fresh question
about another deal, keeps the answer as a drill of R2, and the item leaves today's practice."""

from __future__ import annotations

from vandatta_widgets.app.path_page import PathPage
from vandatta_widgets.path.question import QuestionCard
from vandatta_widgets.path.session import LearnerSession
from vandatta_widgets.path.storage import DeviceStorage

NOW = 1_780_000_000


def test_a_wrong_answer_about_the_deal_comes_back_as_a_fresh_question():
    session = LearnerSession(DeviceStorage(), lang="sv", now=lambda: NOW)
    page = PathPage(session=session, lang="sv")
    session.storage.receive({"loaded": {}, "problem": None, "address": "", "zone": "UTC"})
    page.name_box.value = "Alva"
    page.add_button.click()
    session.quiz(right=False, rules=("R2",), choice="34", lesson=1, item="q1")
    path = session.path()
    assert [item.rule for item in path.practice] == ["R2"]
    assert page.practice_button.layout.display != "none"

    page.practice_button.click()
    card = page.runner.children[0]
    assert isinstance(card, QuestionCard) and card.question.rule == "R2"
    assert "talongen" in card.prompt.value
    question = card.question
    card.choose(question.choices.index(question.answer))
    assert "Rätt!" in card.feedback.value and "R2" in card.feedback.value
    drills = [e for e in session.learner.events if e.kind == "drill"]
    assert [(e.outcome, e.rules, e.move) for e in drills] == [("right", ("R2",), question.answer)]
    from datetime import datetime, timezone

    item = session.learner.practice["R2"]  # practised: back later, when fsrs says
    assert item.practised == 1 and item.due > datetime.fromtimestamp(NOW, tz=timezone.utc)
    assert not page.errors


def test_a_question_shows_its_cards_or_its_table_and_each_choice_in_words():
    import random

    from vandatta.ai.drills import make_drill

    points = QuestionCard(make_drill("S1", random.Random(4)), lang="en")
    assert "<svg" in points.picture.value
    out = QuestionCard(make_drill("S2", random.Random(4)), lang="en")
    assert "Before the round" in out.picture.value and out.buttons[0].description == "Player 1"
    starter = QuestionCard(make_drill("R11", random.Random(4)), lang="sv")
    assert [b.description for b in starter.buttons][1] == "Alla drar ett kort"
    wrong = next(i for i, c in enumerate(out.question.choices) if c != out.question.answer)
    assert out.choose(wrong) == "not_allowed"
    assert "The right answer: Player" in out.feedback.value
    assert out.choose(0) == "answered"  # once answered, a second tap changes nothing
