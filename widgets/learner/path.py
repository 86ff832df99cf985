"""The data of "Min väg" / "My path", and :class:`Learner`, the one object a UI talks to:
answers go in (:meth:`Learner.keep`), the path comes out (:meth:`Learner.path`).

**Stars per lesson** (1–3), from the lesson's exercises and quiz questions (its *items*):

- no star until every exercise of the lesson is solved and every quiz question answered;
- ★ when they are;
- ★★ when, besides, at least two thirds of the items were right at the first try;
- ★★★ when every item was right at the first try.

A star once earned stays (a later wrong answer on a solved exercise takes nothing away).
Which items a lesson has is the lessons' business: they pass a :class:`LessonPlan`. A lesson
the plan does not list earns no star yet (its answers still count for mastery, practice and
"continue") — rather than three stars for the first exercise of a lesson whose other items
the model cannot know.

**Continue where you stopped**: the lesson and item of the latest lesson answer; once that
lesson has a star, the next lesson. **Today's practice**: the items of
:mod:`vandatta_widgets.learner.practice` due by the end of the child's day. **Puzzles at your level**:
:mod:`vandatta_widgets.learner.rating`. **The day streak** counts days in a row with an answer up to
today — or up to yesterday while today has none yet — and when there is no streak it says
how many days the child has practised: it never says a streak was lost.

>>> from datetime import datetime, timezone
>>> from vandatta_widgets.learner.events import Event
>>> learner = Learner(plan=LessonPlan({1: ("ex1", "ex2")}))
>>> day = 1_780_000_000
>>> for seq, (item, outcome) in enumerate([("ex1", "right"), ("ex2", "not_allowed"), ("ex2", "right")], 1):
...     _ = learner.keep(Event("d1", seq, day + seq, "exercise", outcome, ("R4",), lesson=1, item=item))
>>> path = learner.path(datetime.fromtimestamp(day + 60, tz=timezone.utc))
>>> path.lessons[0].stars, path.lessons[1].stars
(1, 0)
>>> path.continue_text("sv"), path.streak_text("en"), path.practice_text("sv")
('Fortsätt med lektion 2', 'You have practised on one day', 'En sak att öva i dag')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone, tzinfo

from vandatta.rules import RULE_IDS

from ..base.i18n import counted, t
from .events import Event
from .mastery import Mastery, RuleMastery
from .practice import Practice, PracticeItem
from .rating import PUZZLE_RD, Rating, puzzle_ratings, puzzles_at_level

__all__ = ["LESSONS", "LessonPlan", "LessonStop", "Path", "Learner", "stars"]

LESSONS = 11
_LESSON_KINDS = ("exercise", "quiz")


@dataclass(frozen=True)
class LessonPlan:
    """The items of each lesson: ``{lesson number: (item id, …)}`` — exercises and quiz
    questions alike, as the lessons name them in their events."""

    items: Mapping[int, Sequence[str]] = field(default_factory=dict)

    def of(self, lesson: int) -> tuple[str, ...] | None:
        found = self.items.get(lesson)
        return tuple(found) if found is not None else None


def stars(first_right: Mapping[str, bool], solved: set[str], items: Sequence[str]) -> int:
    """The stars of a lesson whose ``items`` were answered so: ``first_right[item]`` whether
    the first answer was right, ``solved`` the items answered right at some time.

    >>> stars({"a": True, "b": True, "c": False}, {"a", "b", "c"}, ["a", "b", "c"])
    2
    >>> stars({"a": True}, {"a"}, ["a", "b"])
    0
    """
    if not items or not all(item in solved for item in items):
        return 0
    first = sum(1 for item in items if first_right.get(item))
    if first == len(items):
        return 3
    return 2 if 3 * first >= 2 * len(items) else 1


@dataclass(frozen=True)
class LessonStop:
    """One lesson on the path: its ``number`` (1–11), ``stars`` (0–3) and how many of its
    items were answered."""

    number: int
    stars: int
    answered: int

    @property
    def done(self) -> bool:
        return self.stars > 0

    def text(self, lang: str = "en") -> str:
        """``"Lektion 3 – 2 av 3 stjärnor"``."""
        return f"{t('lr_lesson', lang, n=self.number)} – {t('lr_stars', lang, n=self.stars)}"


@dataclass(frozen=True)
class Path:
    """Everything the path page shows, computed; :meth:`Learner.path` makes it."""

    lessons: tuple[LessonStop, ...]
    continue_at: tuple[int, str] | None
    rules: tuple[RuleMastery, ...]
    practice: tuple[PracticeItem, ...]
    puzzles: tuple[str, ...]
    rating: Rating
    streak: int
    days: int

    @property
    def practice_today(self) -> int:
        return len(self.practice)

    def continue_text(self, lang: str = "en") -> str:
        if self.continue_at is None:
            return t("lr_start", lang)
        return t("lr_continue", lang, n=self.continue_at[0])

    def practice_text(self, lang: str = "en") -> str:
        n = self.practice_today
        if n == 0:
            return t("lr_practice_none", lang)
        return counted("lr_practice_today", n, lang)

    def streak_text(self, lang: str = "en") -> str:
        """Kind words about the days: a streak of two days or more, else the days practised,
        else a welcome — never a lost streak."""
        if self.streak >= 2:
            return t("lr_streak", lang, n=self.streak)
        if self.days == 0:
            return t("lr_first_day", lang)
        return counted("lr_days", self.days, lang)


@dataclass
class _Lesson:
    first_right: dict[str, bool] = field(default_factory=dict)
    solved: set[str] = field(default_factory=set)
    stars: int = 0


class Learner:
    """One child's record and what follows from it, kept up to date one answer at a time.

    ``tz`` is the child's time zone (what "today" means); ``plan`` the lessons' items.
    :meth:`keep` takes an event in O(1); :meth:`path` reads the state without going over
    the events again.
    """

    def __init__(self, *, plan: LessonPlan | None = None, tz: tzinfo = timezone.utc) -> None:
        self.plan = plan or LessonPlan()
        self.tz = tz
        self.events: list[Event] = []
        self.ids: set[tuple[str, int]] = set()
        self.mastery = Mastery()
        self.practice = Practice()
        self.rating = Rating()
        self._ratings = puzzle_ratings()
        self._games: set[tuple[str, date]] = set()
        self._solved_puzzles: set[str] = set()
        self._lessons: dict[int, _Lesson] = {}
        self._days: set[date] = set()
        self._last_lesson: tuple[int, str] | None = None

    @classmethod
    def from_events(
        cls, events: Iterable[Event], *, plan: LessonPlan | None = None, tz: tzinfo = timezone.utc
    ) -> Learner:
        learner = cls(plan=plan, tz=tz)
        for event in events:
            learner.keep(event)
        return learner

    def keep(self, event: Event) -> list[str]:
        """Take one answer (events come in time order). Returns what is worth celebrating or
        telling: ``"star"``, ``"lesson"`` (a lesson's last star), ``"mastered:<rule>"``,
        ``"practice:<rule>"`` (a new thing to practise); an event already kept (same id)
        changes nothing and returns ``[]``."""
        key = (event.device, event.seq)
        if key in self.ids:
            return []
        self.ids.add(key)
        self.events.append(event)
        news: list[str] = []
        before = {rule: self.mastery[rule].level for rule in event.rules if rule in RULE_IDS}
        self.mastery.add(event)
        news += [
            f"mastered:{rule}"
            for rule, level in before.items()
            if level != "mastered" and self.mastery[rule].level == "mastered"
        ]
        news += [f"practice:{rule}" for rule in self.practice.add(event)]
        day = datetime.fromtimestamp(event.at, tz=self.tz).date()
        self._days.add(day)
        if event.kind == "puzzle" and event.item in self._ratings:
            if (event.item, day) not in self._games:
                self._games.add((event.item, day))
                won = 1.0 if event.outcome == "right" else 0.0
                self.rating = self.rating.update([(Rating(self._ratings[event.item], PUZZLE_RD), won)])
            if event.outcome == "right":
                self._solved_puzzles.add(event.item)
        if event.lesson and event.kind in _LESSON_KINDS:
            news += self._lesson_answer(event)
        return news

    def unsent(self, acknowledged: Mapping[str, int]) -> list[Event]:
        """The events a class server has not yet confirmed, for the day a child joins a class
        (issue 42): ``acknowledged`` maps a device id to the highest counter the server has
        confirmed for it (it confirms each device's events in counter order). Sending them
        again is harmless — the server keeps each event id once, as :func:`merge` does — so
        a lost answer is sent again and nothing is counted twice.

        >>> learner = Learner()
        >>> for seq in (1, 2, 3):
        ...     _ = learner.keep(Event("d1", seq, seq, "round", "right", ("R4",)))
        >>> [e.id for e in learner.unsent({"d1": 2})]
        ['d1.3']
        """
        return [e for e in self.events if e.seq > acknowledged.get(e.device, 0)]

    def _lesson_answer(self, event: Event) -> list[str]:
        lesson = self._lessons.setdefault(event.lesson, _Lesson())
        right = event.outcome == "right"
        lesson.first_right.setdefault(event.item, right)
        if right:
            lesson.solved.add(event.item)
        self._last_lesson = (event.lesson, event.item)
        items = self.plan.of(event.lesson)
        if not items:
            return []
        earned = stars(lesson.first_right, lesson.solved, items)
        if earned <= lesson.stars:
            return []
        lesson.stars = earned
        return ["lesson"] if earned == 3 else ["star"]

    def path(self, now: datetime, *, puzzles: int = 3) -> Path:
        """The path at ``now`` (an aware datetime)."""
        lessons = tuple(self._stop(n) for n in range(1, LESSONS + 1))
        continue_at = self._last_lesson
        if continue_at is not None and continue_at[0] < LESSONS and lessons[continue_at[0] - 1].done:
            continue_at = (continue_at[0] + 1, "")
        today = now.astimezone(self.tz).date()
        return Path(
            lessons=lessons,
            continue_at=continue_at,
            rules=tuple(self.mastery.rules()),
            practice=tuple(self.practice.due_today(now.astimezone(self.tz))),
            puzzles=tuple(
                puzzles_at_level(
                    self.rating, solved=self._solved_puzzles, count=puzzles, ratings=self._ratings
                )
            ),
            rating=self.rating,
            streak=self._streak(today),
            days=len(self._days),
        )

    def _stop(self, number: int) -> LessonStop:
        lesson = self._lessons.get(number)
        if lesson is None:
            return LessonStop(number, 0, 0)
        return LessonStop(number, lesson.stars, len(lesson.first_right))

    def _streak(self, today: date) -> int:
        day = today if today in self._days else today - timedelta(days=1)
        n = 0
        while day in self._days:
            n += 1
            day -= timedelta(days=1)
        return n
