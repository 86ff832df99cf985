""" "Öva på dina misstag" / "Practise your mistakes": each mistake becomes something to
practise for its rule, brought back on a schedule from the ``fsrs`` library.

**What becomes practice.** A move the rules refuse (in an exercise, a quiz, a round, a class
question), a move the game review marks as a mistake, and a wrong puzzle try: each makes
(or brings back) the practice item of every rule its verdict cites. One item per rule: the
child practises the rule, not one position.

**What practice shows.** A *fresh* position the engine makes for the same rule
(:func:`vandatta.ai.drills.make_drill`), never the position of the mistake, so the answer
cannot be remembered. A rule that no single move decides (the deal, who begins, the first
card, the points, the game to 100) is practised by a fresh question about a deal, a hand or a
game the engine makes (:class:`vandatta.ai.drills.Question`); only a house rule without a
drill gives ``None`` (the UI then points to the lesson).

**The schedule** is FSRS (the Free Spaced Repetition Scheduler, Ye et al.; the ``fsrs``
package of Open Spaced Repetition, MIT licence, pure Python) with its default weights and
desired retention 0.9, fuzzing off so that the device and a class server compute the same
dates from the same events. A mistake is a review rated *Again* (a new item is due at
once); a practice drill answered right is *Good*, allowed-but-not-asked *Hard*, not allowed
*Again*. Everything comes from the events, so the schedule is never stored apart from
them.

>>> from datetime import datetime, timezone
>>> from vandatta_widgets.learner.events import Event
>>> practice = Practice()
>>> mistake = Event("d1", 1, 1_780_000_000, "round", "not_allowed", ("R7",), item="r1:3")
>>> practice.add(mistake)
['R7']
>>> now = datetime.fromtimestamp(1_780_000_060, tz=timezone.utc)
>>> [item.rule for item in practice.due(now)]
['R7']
>>> before = practice["R7"].due
>>> practice.add(Event("d1", 2, 1_780_000_100, "drill", "right", ("R7",), item="R7"))
[]
>>> practice["R7"].due > before
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from fsrs import Card, Rating, Scheduler

from vandatta.ai.drills import Drill, Question, has_drill, make_drill
from vandatta.rules import RULE_IDS

from .events import Event

__all__ = ["SCHEDULER", "PracticeItem", "Practice", "mistake_rules", "end_of_day"]

# FSRS with its default weights; no fuzz: the same events give the same dates everywhere.
SCHEDULER = Scheduler(enable_fuzzing=False)
# How many of an item's mistakes are kept as examples (the teacher's "example position").
EXAMPLES = 3
_DRILL_RATING = {
    "right": Rating.Good,
    "allowed": Rating.Hard,
    "not_allowed": Rating.Again,
    "mistake": Rating.Again,
}


def mistake_rules(event: Event) -> tuple[str, ...]:
    """The rules an event makes practice for: those its verdict cites when the move was not
    allowed, was a review mistake, or was a wrong puzzle try; none otherwise.

    >>> mistake_rules(Event("d", 1, 0, "puzzle", "allowed", ("R4", "R7"), item="ace_out-1-2"))
    ('R4', 'R7')
    >>> mistake_rules(Event("d", 2, 0, "exercise", "allowed", ("R4",)))
    ()
    """
    if event.kind == "drill":
        return ()
    wrong = event.outcome in ("not_allowed", "mistake") or (
        event.kind == "puzzle" and event.outcome != "right"
    )
    return tuple(r for r in event.rules if r in RULE_IDS) if wrong else ()


def _time(at: int) -> datetime:
    return datetime.fromtimestamp(at, tz=timezone.utc)


def end_of_day(now: datetime) -> datetime:
    """The last instant of ``now``'s day in ``now``'s own time zone (the child's today), in UTC."""
    local = now if now.tzinfo is not None else now.replace(tzinfo=timezone.utc)
    end = local.replace(hour=0, minute=0, second=0, microsecond=0) + timedelta(days=1)
    return end.astimezone(timezone.utc) - timedelta(microseconds=1)


@dataclass(frozen=True)
class PracticeItem:
    """One rule to practise: its FSRS ``card`` (``card.due`` is when it comes back), the ids
    of its latest mistakes (``examples``, newest last) and how often it was practised."""

    rule: str
    card: Card
    examples: tuple[str, ...] = ()
    practised: int = 0

    @property
    def due(self) -> datetime:
        return self.card.due

    def drill(self, rng: random.Random) -> Drill | Question | None:
        """A fresh practice position for the rule (or, for a rule no single move decides, a
        fresh question), or ``None`` for a house rule without a drill."""
        return make_drill(self.rule, rng) if has_drill(self.rule) else None


class Practice:
    """The practice items, fed the record's events in time order (:meth:`add`)."""

    def __init__(self, scheduler: Scheduler = SCHEDULER) -> None:
        self._scheduler = scheduler
        self._items: dict[str, PracticeItem] = {}

    @classmethod
    def from_events(cls, events: Iterable[Event]) -> Practice:
        practice = cls()
        for event in events:
            practice.add(event)
        return practice

    def add(self, event: Event) -> list[str]:
        """Weigh one event; the rules whose items it made new (for "a new thing to
        practise")."""
        when = _time(event.at)
        if event.kind == "drill":
            item = self._items.get(event.item)
            if item is not None:
                card, _ = self._scheduler.review_card(item.card, _DRILL_RATING[event.outcome], when)
                self._items[item.rule] = PracticeItem(item.rule, card, item.examples, item.practised + 1)
            return []
        new = []
        for rule in mistake_rules(event):
            item = self._items.get(rule)
            if item is None:
                card = Card(card_id=len(self._items) + 1, due=when)
                self._items[rule] = PracticeItem(rule, card, (event.id,))
                new.append(rule)
                continue
            examples = (*item.examples, event.id)[-EXAMPLES:]
            card = item.card
            if card.due > when:  # not waiting yet: the mistake brings it back
                card, _ = self._scheduler.review_card(card, Rating.Again, when)
            self._items[rule] = PracticeItem(rule, card, examples, item.practised)
        return new

    def __getitem__(self, rule: str) -> PracticeItem:
        return self._items[rule]

    def __contains__(self, rule: object) -> bool:
        return rule in self._items

    def items(self) -> list[PracticeItem]:
        """Every item, the soonest due first."""
        return sorted(self._items.values(), key=lambda item: (item.due, item.rule))

    def due(self, now: datetime) -> list[PracticeItem]:
        """The items due at ``now`` (aware), the longest waiting first."""
        return [item for item in self.items() if item.due <= now]

    def due_today(self, now: datetime) -> list[PracticeItem]:
        """The items due by the end of ``now``'s day (in ``now``'s time zone): today's practice."""
        end = end_of_day(now)
        return [item for item in self.items() if item.due <= end]
