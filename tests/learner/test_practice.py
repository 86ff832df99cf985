"""Practice of mistakes: a move not allowed, a review mistake and a wrong puzzle try each make
an item for its rule; the schedule is fsrs's own, and a right answer in practice moves the
item's due date out."""

from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

from fsrs import Card, Rating, Scheduler

from vandatta_widgets.learner.events import Event
from vandatta_widgets.learner.practice import SCHEDULER, Practice, end_of_day

T = 1_780_000_000


def _at(seconds: int) -> datetime:
    return datetime.fromtimestamp(seconds, tz=timezone.utc)


def test_each_kind_of_mistake_makes_an_item_for_its_rule():
    practice = Practice()
    assert practice.add(Event("d", 1, T, "exercise", "not_allowed", ("R7",))) == ["R7"]
    assert practice.add(Event("d", 2, T, "round", "mistake", ("V3",))) == ["V3"]
    assert practice.add(Event("d", 3, T, "puzzle", "allowed", ("R5",), item="go_out-1-2")) == ["R5"]
    assert practice.add(Event("d", 4, T, "exercise", "allowed", ("R6",))) == []
    assert practice.add(Event("d", 5, T, "round", "right", ("R4",))) == []
    assert practice.add(Event("d", 6, T + 5, "round", "not_allowed", ("R7",))) == []
    assert {item.rule for item in practice.items()} == {"R7", "V3", "R5"}
    assert practice["R7"].examples == ("d.1", "d.6")


def test_the_schedule_comes_from_fsrs_and_a_right_answer_moves_the_due_date_out():
    practice = Practice()
    practice.add(Event("d", 1, T, "round", "not_allowed", ("R7",)))
    assert practice["R7"].due == _at(T)  # due at once
    expected = Card(card_id=1, due=_at(T))
    when = T + 60
    for seq, outcome in enumerate(["right", "right", "right"], 2):
        before = practice["R7"].due
        practice.add(Event("d", seq, when, "drill", outcome, ("R7",), item="R7"))
        expected, _ = SCHEDULER.review_card(expected, Rating.Good, _at(when))
        assert practice["R7"].card.due == expected.due  # exactly fsrs's answer
        assert practice["R7"].due > before and practice["R7"].due > _at(when)
        last, when = when, int(practice["R7"].due.timestamp()) + 1
    assert practice["R7"].due - _at(last) > timedelta(days=1)  # out by days once learnt
    assert isinstance(SCHEDULER, Scheduler) and not SCHEDULER.enable_fuzzing


def test_a_wrong_practice_answer_brings_the_item_back_sooner_than_a_right_one():
    def after(outcome: str) -> datetime:
        practice = Practice()
        practice.add(Event("d", 1, T, "round", "not_allowed", ("R4",)))
        practice.add(Event("d", 2, T + 60, "drill", "right", ("R4",), item="R4"))
        later = int(practice["R4"].due.timestamp()) + 1
        practice.add(Event("d", 3, later, "drill", outcome, ("R4",), item="R4"))
        return practice["R4"].due

    assert after("not_allowed") < after("right")


def test_due_today_counts_until_the_end_of_the_childs_day():
    practice = Practice()
    practice.add(Event("d", 1, T, "round", "not_allowed", ("R8",)))
    now = _at(T + 10)
    assert [i.rule for i in practice.due(now)] == ["R8"] == [i.rule for i in practice.due_today(now)]
    stockholm = timezone(timedelta(hours=2))
    assert end_of_day(now.astimezone(stockholm)).astimezone(stockholm).hour == 23


def test_practice_shows_a_fresh_position_for_the_rule_and_a_question_where_no_move_decides():
    from vandatta.ai.drills import Drill, Question

    practice = Practice()
    practice.add(Event("d", 1, T, "round", "not_allowed", ("R7", "S1", "O5")))
    drill = practice["R7"].drill(random.Random(1))
    assert isinstance(drill, Drill) and drill.rule == "R7" and drill.position["hands"][0] != ""
    question = practice["S1"].drill(random.Random(1))
    assert isinstance(question, Question) and question.rule == "S1" and question.facts["cards"]
    assert practice["O5"].drill(random.Random(1)) is None  # a house rule without a drill
