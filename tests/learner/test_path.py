"""The data of "Min väg": stars by the documented rule, continue where you stopped, today's
practice, and a day streak that counts days and never scolds."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from vandatta_widgets.base.i18n import UI
from vandatta_widgets.learner.events import Event
from vandatta_widgets.learner.path import LESSONS, Learner, LessonPlan

DAY = 86_400
T = 1_780_000_000 - 1_780_000_000 % DAY + 10 * 3600  # 10:00 UTC


def _now(seconds: int) -> datetime:
    return datetime.fromtimestamp(seconds, tz=timezone.utc)


def _ex(seq: int, item: str, outcome: str, *, at: int = T, lesson: int = 1) -> Event:
    return Event("d", seq, at + seq, "exercise", outcome, ("R4",), lesson=lesson, item=item)


def test_stars_follow_the_rule_and_are_kept():
    plan = LessonPlan({1: ("a", "b", "c")})
    learner = Learner(plan=plan)
    news = [learner.keep(e) for e in (_ex(1, "a", "right"), _ex(2, "b", "right"), _ex(3, "c", "not_allowed"))]
    assert learner.path(_now(T)).lessons[0].stars == 0 and news == [[], [], ["practice:R4"]]
    assert learner.keep(_ex(4, "c", "right")) == ["star"]
    assert learner.path(_now(T)).lessons[0].stars == 2  # two of three right at the first try
    learner.keep(_ex(5, "a", "not_allowed"))
    assert learner.path(_now(T)).lessons[0].stars == 2  # a star once earned stays
    perfect = Learner(plan=plan)
    assert "lesson" in [perfect.keep(_ex(n, i, "right")) for n, i in enumerate("abc", 1)][-1]
    assert perfect.path(_now(T)).lessons[0].stars == 3
    assert len(perfect.path(_now(T)).lessons) == LESSONS == 11
    unplanned = Learner(plan=plan)
    assert (
        unplanned.keep(_ex(1, "a", "right", lesson=2)) == [] and unplanned.path(_now(T)).lessons[1].stars == 0
    )


def test_continue_where_you_stopped():
    learner = Learner(plan=LessonPlan({3: ("x", "y")}))
    assert learner.path(_now(T)).continue_at is None
    assert learner.path(_now(T)).continue_text("sv") == "Börja med lektion 1"
    learner.keep(_ex(1, "x", "right", lesson=3))
    assert learner.path(_now(T)).continue_at == (3, "x")
    learner.keep(_ex(2, "y", "right", lesson=3))
    assert learner.path(_now(T)).continue_at == (4, "")
    learner.keep(_ex(3, "z", "right", lesson=12))  # a lesson past the path's: no crash, it is where to go on
    assert learner.path(_now(T)).continue_at == (12, "z")


def test_the_streak_counts_days_and_never_scolds():
    learner = Learner()
    assert learner.path(_now(T)).streak_text("sv") == "Välkommen! Här börjar din väg."
    for day in range(3):
        learner.keep(_ex(day + 1, "a", "right", at=T + day * DAY))
    assert learner.path(_now(T + 2 * DAY)).streak == 3
    assert learner.path(_now(T + 3 * DAY)).streak == 3  # nothing yet today: yesterday's streak stands
    away = learner.path(_now(T + 9 * DAY))
    assert away.streak == 0 and away.days == 3
    assert (
        away.streak_text("sv") == "Du har övat 3 dagar"
        and away.streak_text("en") == "You have practised on 3 days"
    )
    texts = [UI[k][lang] for k in UI if k.startswith("lr_") for lang in ("sv", "en")]
    assert not [t for t in texts if any(w in t.lower() for w in ("förlor", "tappat", "lost", "broke"))]


def test_todays_practice_and_puzzles_at_your_level():
    learner = Learner()
    learner.keep(Event("d", 1, T, "round", "not_allowed", ("R7",), item="g1:3"))
    learner.keep(Event("d", 2, T, "round", "mistake", ("V3",), item="g1:9"))
    path = learner.path(_now(T + 60))
    assert path.practice_today == 2 and path.practice_text("sv") == "2 saker att öva i dag"
    assert len(path.puzzles) == 3 and len(set(path.puzzles)) == 3
    assert {m.rule: m.level for m in path.rules}["R7"] == "practising"


def test_the_same_event_twice_counts_once():
    learner = Learner()
    event = _ex(1, "a", "right")
    learner.keep(event)
    assert learner.keep(event) == []
    assert len(learner.events) == 1 and learner.mastery["R4"].seen == 1


def test_local_days_follow_the_childs_time_zone():
    stockholm = timezone(timedelta(hours=2))
    learner = Learner(tz=stockholm)
    late = T - 10 * 3600 + 22 * 3600 + 30 * 60  # 22:30 UTC = 00:30 the next day in +02:00
    learner.keep(_ex(1, "a", "right", at=T))
    learner.keep(_ex(2, "a", "right", at=late))
    assert learner.path(_now(late + 60)).streak == 2
