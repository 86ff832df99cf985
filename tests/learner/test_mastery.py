"""Mastery per rule (Bayesian Knowledge Tracing): a right answer never lowers it, a mistake
never raises it, it stays in [0, 1], and a child reads a level in words, never a number."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from vandatta.rules import RULE_IDS
from vandatta_widgets.learner.events import Event
from vandatta_widgets.learner.mastery import CORE_RULES, GUESS, SLIP, Mastery, known_after

answers = st.lists(st.booleans(), max_size=60)


@settings(max_examples=200, deadline=None)
@given(answers, st.booleans())
def test_mastery_rises_with_a_right_answer_falls_with_a_mistake_and_stays_bounded(history, last):
    mastery = Mastery()
    for correct in history:
        mastery.observe("R7", correct)
    before = mastery["R7"].known
    mastery.observe("R7", last)
    after = mastery["R7"].known
    assert 0.0 <= after <= 1.0
    if last:
        assert after >= before
    else:
        assert after <= before


@given(st.floats(0.2, 1.0))
def test_one_answer_moves_the_estimate_the_right_way_from_any_reachable_value(p):
    assert known_after(p, True) >= p and known_after(p, False) <= p + 1e-12


def test_the_parameters_are_not_degenerate():
    assert GUESS + SLIP < 1 and GUESS < 0.3 and SLIP <= 0.1


def test_events_feed_the_rules_they_cite_and_an_allowed_answer_is_neither():
    mastery = Mastery.from_events(
        [
            Event("d", 1, 0, "exercise", "right", ("R4", "R5")),
            Event("d", 2, 0, "exercise", "allowed", ("R6",)),
            Event("d", 3, 0, "round", "not_allowed", ("R7",)),
            Event("d", 4, 0, "round", "mistake", ("V3",)),
        ]
    )
    assert mastery["R4"].seen == mastery["R5"].seen == 1 and mastery["R4"].right == 1
    assert mastery["R6"].level == "not_started"
    assert mastery["R7"].level == "practising" and mastery["V3"].right == 0


def test_levels_are_told_in_words_without_numbers():
    mastery = Mastery()
    for _ in range(8):
        mastery.observe("R6", True)
    mastery.observe("R7", False)
    assert mastery["R6"].text("sv") == "Åttan – det kan du!"
    assert mastery["R7"].text("sv") == "Esset – öva lite till"
    for rule in RULE_IDS:
        for lang in ("sv", "en"):
            text = mastery[rule].text(lang)
            assert not re.search(r"\d", text.replace(mastery[rule].name(lang), "")), text


def test_the_rules_shown_are_the_core_ones_and_the_house_rules_met():
    mastery = Mastery()
    assert [m.rule for m in mastery.rules()] == list(CORE_RULES)
    assert CORE_RULES[:2] == ("R1", "R2") and "S2" in CORE_RULES and "O1" not in CORE_RULES
    mastery.add(Event("d", 1, 0, "round", "right", ("O9",)))
    assert [m.rule for m in mastery.rules()][-1] == "O9"
