"""Practice drills: for every rule id with a drill, any generated position really turns on
that rule — the engine's verdicts for the right answer or the tempting wrong one cite it, the
right answers are allowed, and the wrong one is not what was asked."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vandatta.ai.drills import DRILL_RULES, NoDrill, make_drill
from vandatta.rules import RULE_IDS

# Where the right answer itself cites the rule (in the others the wrong answer does).
RIGHT_CITES = {"R5", "R6", "R7", "R8", "R9", "R10", "V2", "V3", "O8", "O9"}
WRONG_CITES = {"R4", "R5", "R7", "R8", "R10", "V1", "V2", "V3", "O1", "O8", "O9"}


@pytest.mark.parametrize("rule", DRILL_RULES)
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_drill_turns_on_its_rule(rule, seed):
    drill = make_drill(rule, random.Random(seed))
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
    assert len(positions) > 6


@pytest.mark.parametrize("rule", [r for r in RULE_IDS if r not in DRILL_RULES] + ["R99"])
def test_a_rule_no_move_decides_has_no_drill(rule):
    with pytest.raises(NoDrill):
        make_drill(rule, random.Random(1))


def test_every_task_has_its_question_in_both_languages():
    from vandatta.ai.drills import TASKS
    from widgets.base.i18n import t

    for task in set(TASKS.values()):
        assert t("lr_task_" + task, "sv") and t("lr_task_" + task, "en")
