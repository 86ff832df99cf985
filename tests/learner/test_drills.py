"""Practice drills: for every rule id with a drill, any generated position really turns on
that rule — the engine's verdicts for the right answer or the tempting wrong one cite it, the
right answers are allowed, and the wrong one is not what was asked. For the rules no single
move decides (R1–R3, R11, S1, S2) a fresh question whose answer, worked out by the engine,
agrees with the rulebook's words checked here on their own."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vandatta import Card, Game
from vandatta.ai.drills import DRILL_RULES, MOVE_RULES, QUESTION_RULES, Drill, NoDrill, Question, make_drill
from vandatta.rules import RULE_IDS

# Where the right answer itself cites the rule (in the others the wrong answer does).
RIGHT_CITES = {"R5", "R6", "R7", "R8", "R9", "R10", "V2", "V3", "O8", "O9"}
WRONG_CITES = {"R4", "R5", "R7", "R8", "R10", "V1", "V2", "V3", "O1", "O8", "O9"}


@pytest.mark.parametrize("rule", MOVE_RULES)
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_drill_turns_on_its_rule(rule, seed):
    drill = make_drill(rule, random.Random(seed))
    assert isinstance(drill, Drill)
    game = drill.game()
    assert drill.rule == rule and drill.right
    for move in drill.right:
        verdict = game.check(move)
        assert verdict.legal, (drill, move, verdict.text("en"))
        assert drill.judge(move) == "right"
    wrong = game.check(drill.wrong)
    assert drill.judge(drill.wrong) != "right"
    cited = set(game.check(drill.right[0]).rules) | set(wrong.rules)
    assert rule in cited
    if rule in RIGHT_CITES:
        assert rule in game.check(drill.right[0]).rules
    if rule in WRONG_CITES:
        assert rule in wrong.rules


@pytest.mark.parametrize("rule", DRILL_RULES)
def test_the_same_generator_state_gives_the_same_drill_and_another_gives_fresh_ones(rule):
    assert make_drill(rule, random.Random(5)) == make_drill(rule, random.Random(5))
    positions = {str(make_drill(rule, random.Random(n)).position) for n in range(12)}
    assert len(positions) > (4 if rule in ("R1", "R2") else 6)  # R1, R2: only the players vary (2–8)
    if rule in QUESTION_RULES:  # not always the same answer either
        assert len({make_drill(rule, random.Random(n)).answer for n in range(30)}) >= 2


@pytest.mark.parametrize("rule", [r for r in RULE_IDS if r not in DRILL_RULES] + ["R99"])
def test_a_rule_no_move_decides_has_no_drill(rule):
    with pytest.raises(NoDrill):
        make_drill(rule, random.Random(1))


def test_every_task_has_its_question_in_both_languages():
    from vandatta.ai.drills import TASKS
    from vandatta_widgets.base.i18n import t

    for task in set(TASKS.values()):
        assert t("lr_task_" + task, "sv") and t("lr_task_" + task, "en")


# -- the questions: what the rulebook says, checked here on its own ---------------------------------

POINTS = {"8": 25, "A": 15, "10": 10, "J": 10, "Q": 10, "K": 10}


def rulebook_answer(question: Question) -> str:
    """The answer as docs/rules.en.md says it, without the engine."""
    facts = question.facts
    if question.rule == "R1":  # one deck up to five players, two from six
        return "52" if int(facts["players"]) <= 5 else "104"
    if question.rule == "R2":  # six cards each, one turned up, the rest is the talon
        players = int(facts["players"])
        return str((52 if players <= 5 else 104) - 6 * players - 1)
    if question.rule == "R3":  # the player after the dealer begins
        return str(int(facts["dealer"]) % int(facts["players"]) + 1)
    if question.rule == "R11":  # an eight goes back, an ace makes everyone draw
        rank = Card.parse(str(facts["card"])).rank.symbol
        return {"8": "back", "A": "draw"}.get(rank, "play")
    if question.rule == "S1":  # eight 25, ace 15, ten to king 10, the others 5
        return str(sum(POINTS.get(Card.parse(c).rank.symbol, 5) for c in str(facts["cards"]).split()))
    totals = [b + p for b, p in zip(facts["before"], facts["round"])]  # S2: 100 or more is out
    out = [i + 1 for i, total in enumerate(totals) if total >= 100]
    assert len(out) == 1 and all(b < 100 for b in facts["before"])
    return str(out[0])


@pytest.mark.parametrize("rule", QUESTION_RULES)
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_question_asks_about_its_rule_and_the_engines_answer_is_the_rulebooks(rule, seed):
    question = make_drill(rule, random.Random(seed))
    assert isinstance(question, Question) and question.rule == rule
    assert 2 <= len(question.choices) <= 4 and len(set(question.choices)) == len(question.choices)
    assert question.answer in question.choices
    assert question.answer == rulebook_answer(question), question
    assert question.judge(question.answer) == "right"
    for other in question.choices:
        if other != question.answer:
            assert question.judge(other) == "not_allowed"
    assert len(question.position) <= 200 and question.position.startswith("q:")


def test_a_question_about_the_first_card_comes_in_each_kind():
    answers = {make_drill("R11", random.Random(n)).answer for n in range(40)}
    assert answers == {"back", "draw", "play"}


def test_an_answer_to_a_question_is_kept_as_practice_of_its_rule():
    from vandatta_widgets.learner.store import Device

    device = Device.from_storage({})
    alva = device.add_profile("Alva", "fox", created=1_780_000_000)
    mistake = Game.from_position(hands=["5♥ K♣", "2♦"], top="7♥")
    device.answer(alva.id, mistake, "K♣", kind="round", asked=True, item="r:1", at=1_780_000_000)
    # a mistake about R4 makes practice; a question about S1 answered wrong is a drill event
    question = make_drill("S1", random.Random(3))
    wrong = next(c for c in question.choices if c != question.answer)
    kept = device.practise(alva.id, question, wrong, at=1_780_000_100)
    assert (kept.event.kind, kept.event.outcome, kept.event.rules) == ("drill", "not_allowed", ("S1",))
    assert kept.event.position == question.position and kept.event.move == wrong
    right = device.practise(alva.id, question, question.answer, at=1_780_000_200)
    assert right.event.outcome == "right"
    learner = device.learner(alva.id)
    assert [e.outcome for e in learner.events if e.kind == "drill"] == ["not_allowed", "right"]
