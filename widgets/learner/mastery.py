"""How sure we are that the child knows each rule: Bayesian Knowledge Tracing per rule id.

**The model.** Bayesian Knowledge Tracing (Corbett & Anderson, 1995, "Knowledge tracing:
Modeling the acquisition of procedural knowledge", *User Modeling and User-Adapted
Interaction* 4) keeps, per skill — here per rule id — the chance ``p`` that the child knows
it. Every answer whose verdict cites the rule is a chance to use it: first the chance to have
learnt it since the last time is added (``p + (1 - p) * LEARN``), then the answer is weighed
with Bayes' rule — a right answer can be a lucky guess (``GUESS``), a mistake a slip
(``SLIP``) by a child who knows the rule.

**The parameters** are the usual starting values of the BKT literature, not fitted to our
children (there is no data yet; a class server could fit them later with the EM of pyBKT,
Badrinath, Wang & Pardos 2021):

- ``KNOWN_AT_START = 0.2`` — most children meet Vändåtta's rules here for the first time;
- ``LEARN = 0.15`` — within the 0.05–0.3 commonly fitted for procedural skills;
- ``GUESS = 0.25`` and ``SLIP = 0.10`` — inside the bounds (guess < 0.3, slip < 0.1… 0.1)
  that Baker, Corbett & Aleven (2008, "More accurate student modeling through contextual
  estimation of slip and guess probabilities", ITS 2008) give for a model that is not
  degenerate (a right answer never lowers the estimate, a mistake never raises it);
- ``MASTERED = 0.95`` — Corbett & Anderson's mastery criterion; ``NEARLY = 0.6``.

The value shown after an answer is the estimate *with* that answer's evidence; the chance to
learn is added when the next chance to use the rule comes. So a right answer never lowers
it and a mistake never raises it (``tests/learner/test_mastery.py`` checks both with
hypothesis), and it stays between 0 and 1.

**Words, never numbers.** A child reads a level: "Åttan – det kan du!", "Esset – öva lite
till" (:meth:`RuleMastery.text`, words from :mod:`vandatta_widgets.base.i18n`).

>>> m = Mastery()
>>> for _ in range(6):
...     m.observe("R6", True)
>>> m["R6"].level, m["R6"].text("sv"), m["R6"].text("en")
('mastered', 'Åttan – det kan du!', 'The eight – you know it!')
>>> m.observe("R7", False); m["R7"].text("sv")
'Esset – öva lite till'
>>> m["R2"].level
'not_started'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from vandatta.rules import RULE_IDS, rule_title

from ..base.i18n import UI, t
from .events import Event

__all__ = [
    "KNOWN_AT_START",
    "LEARN",
    "GUESS",
    "SLIP",
    "MASTERED",
    "NEARLY",
    "CORE_RULES",
    "LEVELS",
    "RuleMastery",
    "Mastery",
    "known_after",
]

KNOWN_AT_START = 0.2
LEARN = 0.15
GUESS = 0.25
SLIP = 0.10
MASTERED = 0.95
NEARLY = 0.6
LEVELS = ("not_started", "practising", "nearly", "mastered")
# The rules every child meets: the source's rules, the variants and the scoring. A house rule
# (O1–O9) is shown once an answer has been given with it.
CORE_RULES = tuple(rid for rid in RULE_IDS if rid[0] in "RVS")


def known_after(p: float, correct: bool) -> float:
    """The estimate after one more chance to use a rule: first the chance to have learnt it
    (``LEARN``), then the answer weighed by Bayes' rule.

    >>> round(known_after(0.2, True), 3), round(known_after(0.2, False), 3)
    (0.629, 0.059)
    """
    p = p + (1.0 - p) * LEARN
    if correct:
        seen_if_known, seen_if_not = 1.0 - SLIP, GUESS
    else:
        seen_if_known, seen_if_not = SLIP, 1.0 - GUESS
    known = p * seen_if_known
    return known / (known + (1.0 - p) * seen_if_not)


@dataclass(frozen=True, slots=True)
class RuleMastery:
    """One rule's estimate: ``known`` (0–1, for the model and a teacher's chart, never shown to
    a child as a number), how many answers it rests on (``seen``) and how many were right."""

    rule: str
    known: float = KNOWN_AT_START
    seen: int = 0
    right: int = 0

    @property
    def level(self) -> str:
        """``"not_started"``, ``"practising"``, ``"nearly"`` or ``"mastered"``."""
        if not self.seen:
            return "not_started"
        if self.known >= MASTERED:
            return "mastered"
        return "nearly" if self.known >= NEARLY else "practising"

    def name(self, lang: str = "en") -> str:
        """The rule as a child calls it: ``"Åttan"``, ``"The ace"`` (a house rule: the
        rulebook's title)."""
        key = "rule_" + self.rule
        return t(key, lang) if key in UI else rule_title(self.rule, lang)

    def text(self, lang: str = "en") -> str:
        """The level in a child's words: ``"Åttan – det kan du!"``."""
        return t("lr_level_" + self.level, lang, rule=self.name(lang))


class Mastery:
    """The estimates of every rule, fed one answer at a time (:meth:`observe`, :meth:`add`)
    or from a whole record (:meth:`from_events`)."""

    def __init__(self) -> None:
        self._rules: dict[str, RuleMastery] = {}

    @classmethod
    def from_events(cls, events: Iterable[Event]) -> Mastery:
        mastery = cls()
        for event in events:
            mastery.add(event)
        return mastery

    def add(self, event: Event) -> None:
        """Weigh one event: right for the rules its verdict cites, a move not allowed or a
        review mistake against them; an allowed move that was not asked for changes nothing
        (the rule was kept, the idea missed)."""
        correct = event.correct
        if correct is None:
            return
        for rule in event.rules:
            if rule in RULE_IDS:
                self.observe(rule, correct)

    def observe(self, rule: str, correct: bool) -> None:
        """One chance to use ``rule``, used rightly or not."""
        before = self._rules.get(rule) or RuleMastery(rule)
        self._rules[rule] = RuleMastery(
            rule, known_after(before.known, correct), before.seen + 1, before.right + bool(correct)
        )

    def __getitem__(self, rule: str) -> RuleMastery:
        if rule not in RULE_IDS:
            raise KeyError(rule)
        return self._rules.get(rule) or RuleMastery(rule)

    def rules(self) -> list[RuleMastery]:
        """The core rules in the rulebook's order, then each house rule met so far."""
        house = [rid for rid in RULE_IDS if rid not in CORE_RULES and rid in self._rules]
        return [self[rid] for rid in (*CORE_RULES, *house)]
