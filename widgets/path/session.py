"""One page's link between the learner's record (:mod:`vandatta_widgets.learner`) and the browser's
storage (:class:`~vandatta_widgets.path.storage.DeviceStorage`): the child who is playing, their answers
kept as they come, written one changed chunk at a time.

Every page of the app (the dashboard, a lesson in Voilà, JupyterLab or JupyterLite) has at most
one :class:`LearnerSession`, :func:`current_session`. The lessons' exercises and questions, the
puzzles and the rounds against the computer call :func:`keep_answer` and :func:`keep_quiz`:
outside a running kernel (a script, the tests) there is no session and nothing is kept.

The storage answers only once the page has opened; answers given before that wait and are kept
then. Which child: the one chosen last on this device (``vandatta-ui:current``), else the only
or first profile, else — at the first answer — a new profile called "Jag" ("Me"), so that a
child who opens a lesson straight away loses nothing.

>>> from vandatta_widgets.path.storage import DeviceStorage
>>> session = LearnerSession(DeviceStorage(), lang="en", now=lambda: 1_780_000_000)
>>> from vandatta import Game
>>> game = Game.from_position(hands=["K♦", "4♣"], top="5♦")
>>> session.answer(game, "K♦", kind="exercise", asked=True, lesson=1, item="ex1")   # waits
[]
>>> session.storage.receive({"loaded": {}, "problem": None, "address": "", "zone": "Europe/Stockholm"})
>>> session.profile.name, len(session.learner.events), session.learner.events[0].outcome
('Me', 1, 'right')
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from datetime import datetime, timezone, tzinfo
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from ..base.i18n import LANGS, t
from ..controls.reviewed import when_reviewed
from ..learner.path import Learner, Path
from ..learner.profiles import Profile, ProfileError
from ..learner.store import DEVICE_KEY, Device
from .plan import LESSON_PLAN, lesson_in, page_lesson
from .rounds import keep_review, take_table_rounds
from .storage import DeviceStorage

if TYPE_CHECKING:
    from vandatta import Game, Move
    from vandatta.ai.drills import Drill, Question

    from ..learner.events import Event
    from .sync import ClassCourier

__all__ = ["LearnerSession", "current_session", "use_session", "keep_answer", "keep_quiz", "CURRENT_KEY"]

CURRENT_KEY = "vandatta-ui:current"
_DEVICE_PREFIXES = (DEVICE_KEY, "vandatta:p:")
_SESSION: LearnerSession | None = None


def _zone(name: str) -> tzinfo:
    try:
        return ZoneInfo(name) if name else timezone.utc
    except (ZoneInfoNotFoundError, ValueError):
        return timezone.utc


class LearnerSession:
    """The page's learner: :attr:`device` (``None`` until the storage has answered),
    :attr:`profile`, :attr:`problem` (``"full"``, ``"unavailable"`` or ``None``), and
    :attr:`classes`, which sends the record of a child who has joined a class
    (:class:`~vandatta_widgets.path.sync.ClassSync`; ``courier``: the browser's half, a test's own)."""

    def __init__(
        self,
        storage: DeviceStorage | None = None,
        *,
        lang: str = "sv",
        now: Callable[[], float] = time.time,
        courier: ClassCourier | None = None,
    ) -> None:
        self.storage = storage if storage is not None else DeviceStorage()
        self.lang = lang
        self.now = now
        self.device: Device | None = None
        self.profile_id: str | None = None
        self.problem: str | None = None
        self.address = ""
        self.tz: tzinfo = timezone.utc
        self._waiting: list[Callable[[], list[str]]] = []
        self._writes: dict[int, dict[str, str | None]] = {}
        self._write_number = 0
        self._listeners: list[Callable[[], object]] = []
        self._news: list[Callable[[list[str]], object]] = []
        self.storage.on_load(self._loaded)
        self.storage.on_written(self._taken)
        self.storage.on_changed(self.storage.reload)
        from .sync import ClassSync  # it reads the sign-ins after the record (listeners in order)

        self.classes = ClassSync(self, courier)  # the class's server, when the child has joined one

    # -- state -----------------------------------------------------------------------------

    @property
    def ready(self) -> bool:
        return self.device is not None

    @property
    def profile(self) -> Profile | None:
        if self.device is None or self.profile_id is None:
            return None
        return self.device.profiles.get(self.profile_id)

    @property
    def learner(self) -> Learner | None:
        profile = self.profile
        return self.device.learner(profile.id) if profile is not None and self.device else None

    def path(self) -> Path | None:
        learner = self.learner
        return learner.path(datetime.fromtimestamp(self.now(), tz=timezone.utc)) if learner else None

    @property
    def page_lesson(self) -> int | None:
        """The lesson this page is (the server's word, else the page's address)."""
        return page_lesson() or lesson_in(self.address)

    def on_change(self, callback: Callable[[], object]) -> None:
        """``callback()`` after the record, the child or the storage's state changed."""
        self._listeners.append(callback)

    def on_news(self, callback: Callable[[list[str]], object]) -> None:
        """``callback(news)`` for an answer with something to celebrate (a star, a lesson, a
        rule mastered, a new thing to practise)."""
        self._news.append(callback)

    def _changed(self) -> None:
        for listener in list(self._listeners):
            listener()

    # -- loading and saving ----------------------------------------------------------------

    def _loaded(self, stored: dict[str, str], problem: str | None, address: str, zone: str) -> None:
        old = self.device
        self.tz = _zone(zone)
        self.address = address or self.address
        self.problem = problem
        records = {k: v for k, v in stored.items() if k.startswith(_DEVICE_PREFIXES)}
        device = Device.from_storage(records, plan=LESSON_PLAN, tz=self.tz)
        if old is not None:  # answers this page kept that the storage has not taken: keep them
            for pid in old.profiles:
                if pid in device.profiles:
                    mine = device.learner(pid).ids
                    for event in old.learner(pid).events:
                        if (event.device, event.seq) not in mine:
                            device.keep(pid, event)
        self.device = device
        chosen = stored.get(CURRENT_KEY) if old is None else self.profile_id
        if chosen not in device.profiles:
            chosen = next(iter(device.profiles), None)
        self.profile_id = chosen
        waiting, self._waiting = self._waiting, []
        news = [item for step in waiting for item in step()]
        read = take_table_rounds(self, stored)  # rounds played at a table (vandatta_widgets.path.rounds)
        if old is not None or waiting or read:
            self._save(forget=read)  # the notes go in the same write as their events
        if news:  # answers given before the storage answered: their stars are celebrated now
            for hear in list(self._news):
                hear(news)
        self._changed()

    def _save(self, forget: list[str] | None = None) -> None:
        if self.device is None or self.problem == "unavailable":
            return
        changes = self.device.changes()
        if self.profile_id is not None:
            changes[CURRENT_KEY] = self.profile_id
        changes.update(dict.fromkeys(forget or ()))
        if changes:
            self._write_number += 1
            self._writes[self._write_number] = changes  # before asking: the answer may come at once
            self.storage.write(changes, self._write_number)

    def write(self, changes: dict[str, str | None]) -> None:
        """Write keys beside the record's (a child's class sign-in, :mod:`vandatta_widgets.path.sync`):
        a text per key, ``None`` to remove one."""
        if self.problem == "unavailable" or not changes:
            return
        self._write_number += 1
        self._writes[self._write_number] = dict(changes)
        self.storage.write(changes, self._write_number)

    def _taken(self, n: int, problem: str | None) -> None:
        changes = self._writes.pop(n, None)
        was = self.problem
        self.problem = problem
        if problem is None and changes is not None and self.device is not None:
            self.device.saved({k: v for k, v in changes.items() if k.startswith(_DEVICE_PREFIXES)})
        if was != problem:
            self._changed()

    def _when_ready(self, step: Callable[[], list[str]]) -> list[str]:
        if self.device is None:
            self._waiting.append(step)
            return []
        news = step()
        self._save()
        if news:
            for hear in list(self._news):
                hear(news)
        self._changed()
        return news

    # -- the child -------------------------------------------------------------------------

    def _child(self) -> str:
        assert self.device is not None
        if self.profile_id is None or self.profile_id not in self.device.profiles:
            name = t("pa_default_name", self.lang)
            taken = {p.name.casefold() for p in self.device.profiles.values()}
            n = 2
            while name.casefold() in taken:
                name, n = f"{t('pa_default_name', self.lang)} {n}", n + 1
            self.profile_id = self.device.add_profile(name, "fox", created=int(self.now())).id
        return self.profile_id

    def child_id(self) -> str:
        """The id of the child who plays on this page (a first child "Jag" made if none);
        only once the storage has answered."""
        return self._child()

    def choose(self, profile_id: str) -> None:
        """Make ``profile_id`` the child who plays on this page (and next time)."""
        if self.device is None or profile_id not in self.device.profiles:
            raise ProfileError("lr_no_profile")
        self.profile_id = profile_id
        self._save()
        self._changed()

    def add_profile(self, name: str, picture: str) -> Profile:
        """A new child on this device, chosen at once; :class:`ProfileError` as the model's."""
        if self.device is None:
            raise ProfileError("pa_not_ready")
        profile = self.device.add_profile(name, picture, created=int(self.now()))
        self.profile_id = profile.id
        self._save()
        self._changed()
        return profile

    def delete_profile(self, profile_id: str) -> None:
        if self.device is None:
            raise ProfileError("pa_not_ready")
        self.device.delete_profile(profile_id)
        self.classes.leave(profile_id)  # their class's sign-in goes with them
        if self.profile_id == profile_id:
            self.profile_id = next(iter(self.device.profiles), None)
        self._save()
        self._changed()

    def import_file(self, text: str | bytes) -> Profile:
        """Read an exported file (:class:`~vandatta_widgets.learner.store.LearnerFileError`: nothing
        changed); the child it holds is chosen."""
        if self.device is None:
            raise ProfileError("pa_not_ready")
        self.profile_id = self.device.import_file(text)
        self._save()
        self._changed()
        return self.device.profiles[self.profile_id]

    def take_events(self, profile_id: str, events: list[Event]) -> int:
        """Add to a child's record what the class's server holds from their other devices
        (:mod:`vandatta_widgets.path.sync`), each event once; saved, and the path redrawn
        when something was new. Returns how many were new."""
        if self.device is None or profile_id not in self.device.profiles:
            return 0
        new = self.device.merge_events(profile_id, events)
        if new:
            self._save()
            self._changed()
        return new

    # -- answers ---------------------------------------------------------------------------

    def answer(
        self, game: Game, move: Move | str, *, kind: str, asked: bool, lesson: int | None = 0, item: str = ""
    ) -> list[str]:
        """Keep a move the child made (see :meth:`vandatta_widgets.learner.store.Device.answer`);
        ``lesson`` ``None``: this page's lesson."""
        at = int(self.now())

        def step() -> list[str]:
            assert self.device is not None
            number = (self.page_lesson or 0) if lesson is None else lesson
            return self.device.answer(
                self._child(),
                game,
                move,
                kind=kind,
                asked=asked,
                lesson=number,
                item=item,
                at=at,
            ).news

        return self._when_ready(step)

    def quiz(
        self, *, right: bool, rules: tuple[str, ...], choice: str, lesson: int | None = None, item: str = ""
    ) -> list[str]:
        """Keep a quiz answer; ``lesson`` ``None``: this page's lesson."""
        at = int(self.now())

        def step() -> list[str]:
            assert self.device is not None
            number = (self.page_lesson or 0) if lesson is None else lesson
            return self.device.quiz(
                self._child(), right=right, rules=rules, choice=choice, lesson=number, item=item, at=at
            ).news

        return self._when_ready(step)

    def practise(self, drill: Drill | Question, move: Move | str) -> list[str]:
        at = int(self.now())

        def step() -> list[str]:
            assert self.device is not None
            return self.device.practise(self._child(), drill, move, at=at).news

        return self._when_ready(step)

    def review_mistakes(self, game: Game, mistakes: list, *, round_id: str) -> None:
        at = int(self.now())

        def step() -> list[str]:
            assert self.device is not None
            self.device.review_mistakes(self._child(), game, mistakes, round_id=round_id, at=at)
            return []

        self._when_ready(step)


# -- the page's session ------------------------------------------------------------------------


def _in_kernel() -> bool:
    """Whether this runs in a Jupyter kernel (Voilà, JupyterLab, JupyterLite), where a page
    with a browser is on the other side."""
    shell = sys.modules.get("IPython")
    get = getattr(shell, "get_ipython", None)
    ip = get() if get is not None else None
    return ip is not None and getattr(ip, "kernel", None) is not None


def current_session(*, start: bool = True, shown: bool = False) -> LearnerSession | None:
    """The page's session; made (and its storage sent to the page) at the first call in a
    kernel with ``start``; ``None`` outside a kernel. ``shown``: the caller shows the storage
    widget (the path), so the browser's first hello waits until it is drawn
    (:attr:`DeviceStorage.shown`), known from the widget's first message on."""
    global _SESSION
    if _SESSION is None and start and _in_kernel():
        _SESSION = LearnerSession(DeviceStorage(shown=shown))
    return _SESSION


def use_session(session: LearnerSession | None) -> None:
    """Make ``session`` the page's (a test's, or ``None`` for none): a new page, whose
    exercises and questions are named from ``ex1`` and ``q1`` again."""
    global _SESSION
    _SESSION = session
    _ITEMS.clear()


_ITEMS: dict[tuple[str, object], str] = {}


def item_name(kind: str, content: object) -> str:
    """``ex1``, ``ex2``, … (``kind`` ``"ex"``) or ``q1``, … in the order a page first shows
    each distinct exercise or question (``content`` says which one it is), so that a cell
    run again keeps its name."""
    key = (kind, content)
    if key not in _ITEMS:
        _ITEMS[key] = f"{kind}{sum(1 for k in _ITEMS if k[0] == kind) + 1}"
    return _ITEMS[key]


def keep_answer(
    game: Game,
    move: Move | str,
    *,
    kind: str,
    asked: bool,
    item: str = "",
    lesson: int | None = None,
    lang: str | None = None,
) -> list[str]:
    """Keep a move in the page's record, if there is one; the news to celebrate. ``lesson``
    ``None``: the page's lesson for exercises (0 elsewhere)."""
    session = current_session()
    if session is None:
        return []
    if lang in LANGS:  # the page's language names a first child ("Jag", "Me")
        session.lang = lang
    if lesson is None and kind != "exercise":
        lesson = 0
    return session.answer(game, move, kind=kind, asked=asked, lesson=lesson, item=item)


def keep_quiz(
    *, right: bool, rules: tuple[str, ...], choice: str, item: str, lang: str | None = None
) -> list[str]:
    session = current_session()
    if session is None:
        return []
    if lang in LANGS:
        session.lang = lang
    return session.quiz(right=right, rules=rules, choice=choice, item=item)


# A review of the child's own round (the play table's "Granska omgången"): its mistakes into the
# page's record (vandatta_widgets.path.rounds.keep_review).
when_reviewed(lambda game, seat, decisions: keep_review(current_session(start=False), game, seat, decisions))
