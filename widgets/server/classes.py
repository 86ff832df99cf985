"""A class for the term, without the web: the teacher makes a class, pupils join it with a
nickname and a picture password, their devices send their records' events, the teacher reads
an overview, gives assignments, exports or deletes a pupil's data and ends the class. Every
method is a plain call on the store (:mod:`vandatta_widgets.server.db`); the web's handlers
(:mod:`vandatta_widgets.server.handlers`) only read requests and call these.

>>> from vandatta_widgets.server.db import open_database
>>> service = ClassService(open_database("sqlite://"), clock=lambda: 1_760_000_000)
>>> made = service.create_class("4B")
>>> len(made.code), len(made.secret) > 20
(5, True)
>>> alva = service.join(made.code, "Alva", ["fox", "owl"], address="10.0.0.7")
>>> service.sign_in(made.code, "alva", ["fox", "owl"], address="10.0.0.8").nickname
'Alva'
>>> service.sign_in(made.code, "Alva", ["owl", "fox"], address="10.0.0.8")
Traceback (most recent call last):
...
vandatta_widgets.server.classes.ClassProblem: Those are not your pictures. Try again, or ask your teacher.

**The picture password** is two of the nine :data:`PASSWORD_PICTURES`, *in order* (the fox,
then the owl): 72 passwords instead of 36 when the order does not count, and the sign-in card
the teacher prints shows them in that order, so a child copies what they see. Only a salted
``scrypt`` hash is kept. Honestly: 72 passwords are few; what keeps a classmate out is the
slowing of wrong tries per pupil (:class:`~vandatta_widgets.tables.codes.GuessLimit`: after
:data:`PUPIL_MISSES` misses, one try per ``PUPIL_WINDOW / PUPIL_MISSES`` seconds), the teacher
who can reset a pupil's pictures, and that nothing of value to a stranger is behind them.
Wrong tries from one address (a school behind one router) are slowed too, but a pupil who has
signed in from there before never waits for others' mistakes, and a right password is slowed,
never refused (as table codes, :meth:`vandatta_widgets.tables.service.TableService.find`).

**No event lost, none counted twice.** A device keeps every event until the server has
confirmed it (:meth:`vandatta_widgets.learner.path.Learner.unsent` with the counters confirmed); the
server inserts a batch in one transaction, ignoring an event whose (pupil, device, counter) it
already has (a unique constraint), and answers with the highest counter it holds per device.
An answer that is lost makes the device send the same events again, which changes nothing.
The other way, a device the pupil signs in on asks for what their other devices sent
(:meth:`ClassService.events_for`, by the highest counter it holds per device), so their path
follows them from the school's tablet to the laptop at home.
"""

from __future__ import annotations

import csv
import hashlib
import hmac
import io
import json
import secrets
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone

from sqlalchemy import (
    Connection,
    CursorResult,
    Engine,
    Executable,
    Row,
    and_,
    delete,
    func,
    insert,
    not_,
    select,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError

from vandatta.rules import RULE_IDS

from ..base.problem import Problem
from ..learner.events import FORMAT, VERSION, Event, RecordFormatError, decode_events, encode_events, is_count
from ..learner.mastery import CORE_RULES, KNOWN_AT_START, RuleMastery, known_after
from ..learner.path import LESSONS, stars
from ..learner.profiles import PICTURES, ProfileError, check_name
from ..path.plan import LESSON_PLAN
from ..tables.codes import (
    CodeError,
    GuessLimit,
    new_code,
    new_token,
    parse_code,
    token_hash,
    visitor_key,
)
from .db import assignments, classes, events, pupils, sessions, summaries

__all__ = [
    "ClassProblem",
    "ClassService",
    "NewClass",
    "SignedIn",
    "PASSWORD_PICTURES",
    "RETENTION_DAYS",
    "MAX_EVENTS",
    "hash_pictures",
    "check_pictures",
]

PASSWORD_PICTURES = PICTURES[:9]  # the nine a pupil picks two of (drawn by vandatta_widgets.path.pictures)
PASSWORD_LENGTH = 2
EXPORT_PICTURE = PICTURES[9]  # the profile picture of an exported record: none of the nine
RETENTION_DAYS = 183  # about six months: what is older is deleted by itself
MAX_EVENTS = 500  # events in one sync request (one chunk of the device's storage)
MAX_DEVICES = 100  # devices a pupil's device may name when it asks for the others' events
CLASS_NAME_LIMIT = 40
MAX_CARDS = 40  # pupils added at once for a sheet of sign-in cards
PUPIL_MISSES, PUPIL_WINDOW = 5, 300.0  # then one try a minute for that pupil
ADDRESS_MISSES, ADDRESS_WINDOW = 60, 60.0  # a class behind one address: as wrong table codes
# nicknames looked up that are not in the class (or a wrong code), per address: a class of
# new pupils behind one router looks up about 30; a visitor trying names is slowed after these
LOOKUP_MISSES, LOOKUP_WINDOW = 100, 600.0
ASSIGNMENT_KINDS = ("lessons", "puzzles", "round")
COMPUTER_LEVELS = ("random", "beginner", "expert", "strong")  # vandatta.ai.players.PLAYER_NAMES
PUZZLE_LEVELS = (1, 2, 3)
WEEK = 7 * 86400
DAY = 86400
_SCRYPT = {"n": 2**14, "r": 8, "p": 1, "dklen": 32}  # about 16 MB and a few tens of ms a check


class ClassProblem(Problem):
    """What the class refuses, with a catalog key (``kl_…``); nothing changed."""


@dataclass(frozen=True)
class NewClass:
    """A class just made: its ``code`` (for the pupils) and the teacher's ``secret`` (shown
    once; only its hash is kept)."""

    id: int
    code: str
    name: str
    secret: str


@dataclass(frozen=True)
class SignedIn:
    """A pupil signed in on a device: the ``token`` the device keeps (only its hash is kept
    here) and, per device, the highest counter of theirs the server holds (what
    :meth:`vandatta_widgets.learner.path.Learner.unsent` needs)."""

    pupil_id: int
    nickname: str
    code: str
    token: str
    acknowledged: dict[str, int]


def _pictures_text(pictures: object) -> str:
    if (
        not isinstance(pictures, (list, tuple))
        or len(pictures) != PASSWORD_LENGTH
        or any(p not in PASSWORD_PICTURES for p in pictures)
        or len(set(pictures)) != PASSWORD_LENGTH
    ):
        raise ClassProblem("kl_pick_pictures", n=PASSWORD_LENGTH)
    return " ".join(pictures)


def hash_pictures(pictures: Sequence[str], *, salt: bytes | None = None) -> str:
    """The stored form of a picture password: ``scrypt$<salt>$<hash>`` (hex).

    >>> stored = hash_pictures(["fox", "owl"])
    >>> check_pictures(["fox", "owl"], stored), check_pictures(["owl", "fox"], stored)
    (True, False)
    """
    salt = salt or secrets.token_bytes(16)
    digest = hashlib.scrypt(_pictures_text(pictures).encode(), salt=salt, **_SCRYPT)
    return f"scrypt${salt.hex()}${digest.hex()}"


def check_pictures(pictures: object, stored: str | None) -> bool:
    """Whether ``pictures`` are the password ``stored`` (False when none is set)."""
    if not stored:
        return False
    try:
        text = _pictures_text(pictures)
        _, salt, digest = stored.split("$")
        found = hashlib.scrypt(text.encode(), salt=bytes.fromhex(salt), **_SCRYPT)
    except (ClassProblem, ValueError):
        return False
    return hmac.compare_digest(found.hex(), digest)


def _draw_pictures() -> list[str]:
    """Two different pictures of the nine, in order, drawn by the system's randomness."""
    first = secrets.choice(PASSWORD_PICTURES)
    return [first, secrets.choice([p for p in PASSWORD_PICTURES if p != first])]


def _name_key(nickname: str) -> str:
    return nickname.casefold()[:20]


def _nickname(text: object) -> str:
    try:
        return check_name(text)
    except ProfileError as error:
        raise ClassProblem(error.key, **error.values) from None


def _event_row(pupil_id: int, event: Event, now: int) -> dict:
    return {
        "pupil_id": pupil_id,
        "device": event.device,
        "seq": event.seq,
        # a device whose clock runs ahead: kept as arrived now, so the purge still sees it
        "at": min(event.at, now),
        "kind": event.kind,
        "outcome": event.outcome,
        "rules": " ".join(event.rules),
        "lesson": event.lesson,
        "item": event.item,
        "position": event.position,
        "move": event.move,
        "house": event.house,
    }


_EVENT_COLUMNS = (
    events.c.device,
    events.c.seq,
    events.c.at,
    events.c.kind,
    events.c.outcome,
    events.c.rules,
    events.c.lesson,
    events.c.item,
    events.c.position,
    events.c.move,
    events.c.house,
)


def _new_id(result: CursorResult) -> int:
    key = result.inserted_primary_key
    if key is None:  # not an INSERT of one row: cannot happen here
        raise RuntimeError("no id was made")
    return int(key[0])


def _event(row: Sequence) -> Event:
    device, seq, at, kind, outcome, rules, lesson, item, position, move, house = row
    return Event(device, seq, at, kind, outcome, tuple(rules.split()), lesson, item, position, move, house)


class _PupilSummary:
    """What the overview shows of one pupil, computed from their events in the order (time,
    device, counter): the mastery per rule (BKT, :func:`vandatta_widgets.learner.mastery.known_after`,
    as :class:`~vandatta_widgets.learner.mastery.Mastery` counts it) and the stars per lesson (as
    :mod:`vandatta_widgets.learner.path` counts them), the puzzles solved and the rounds played (for the
    assignments) — without the rest of a Learner (practice, rating), which the overview does not
    show. Kept in the store beside the events (table ``summaries``) and brought up to date at
    each sync, so the overview reads one row per pupil, not a term of events."""

    __slots__ = ("mastery", "first_right", "solved", "puzzles_solved", "rounds", "last", "key")

    def __init__(self) -> None:
        self.mastery: dict[str, list] = {}  # rule -> [known, seen, right]
        self.first_right: dict[int, dict[str, bool]] = defaultdict(dict)
        self.solved: dict[int, set[str]] = defaultdict(set)
        self.puzzles_solved: dict[str, int] = {}  # puzzle key -> when first solved
        self.rounds: dict[str, int] = {}  # round id -> when it was first played
        self.last = 0
        self.key: tuple[int, str, int] = (-1, "", -1)  # the last event taken: (at, device, seq)

    def add(self, at: int, kind: str, outcome: str, rules: str, lesson: int, item: str) -> None:
        self.last = max(self.last, at)
        correct = _CORRECT.get(outcome)
        if correct is not None:
            for rule in rules.split():
                if rule in RULE_IDS:
                    known, seen, right = self.mastery.get(rule) or (KNOWN_AT_START, 0, 0)
                    self.mastery[rule] = [known_after(known, correct), seen + 1, right + correct]
        if lesson and kind in ("exercise", "quiz"):
            self.first_right[lesson].setdefault(item, outcome == "right")
            if outcome == "right":
                self.solved[lesson].add(item)
        elif kind == "puzzle" and outcome == "right":
            self.puzzles_solved.setdefault(item, at)
        elif kind == "round":
            self.rounds.setdefault(item.split(":", 1)[0], at)

    def rule(self, rule: str) -> RuleMastery:
        found = self.mastery.get(rule)
        return RuleMastery(rule, found[0], found[1], found[2]) if found else RuleMastery(rule)

    def rules(self) -> list[RuleMastery]:
        """The core rules in the rulebook's order, then each house rule met (as
        :meth:`vandatta_widgets.learner.mastery.Mastery.rules`)."""
        house = [rid for rid in RULE_IDS if rid not in CORE_RULES and rid in self.mastery]
        return [self.rule(rid) for rid in (*CORE_RULES, *house)]

    def stars(self, lesson: int) -> int:
        items = LESSON_PLAN.of(lesson)
        if not items or lesson not in self.first_right:
            return 0
        return stars(self.first_right[lesson], self.solved[lesson], items)

    def to_json(self) -> str:
        return json.dumps(
            {
                "mastery": self.mastery,
                "first_right": {str(n): items for n, items in self.first_right.items()},
                "solved": {str(n): sorted(items) for n, items in self.solved.items()},
                "puzzles": self.puzzles_solved,
                "rounds": self.rounds,
                "last": self.last,
                "key": list(self.key),
            },
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, text: str) -> _PupilSummary:
        data = json.loads(text)
        summary = cls()
        summary.mastery = data["mastery"]
        summary.first_right.update({int(n): items for n, items in data["first_right"].items()})
        summary.solved.update({int(n): set(items) for n, items in data["solved"].items()})
        summary.puzzles_solved = data["puzzles"]
        summary.rounds = data["rounds"]
        summary.last = data["last"]
        at, device, seq = data["key"]
        summary.key = (at, device, seq)
        return summary


_CORRECT = {"right": True, "not_allowed": False, "mistake": False}
_SUMMARY_COLUMNS = (
    events.c.at,
    events.c.kind,
    events.c.outcome,
    events.c.rules,
    events.c.lesson,
    events.c.item,
)
_ORDER = (events.c.at, events.c.device, events.c.seq)


def _puzzle_levels() -> dict[str, int]:
    from vandatta.ai.puzzles import load_puzzles

    return {p.key: p.level for p in load_puzzles()}


class ClassService:
    """The classes of one server on one store. ``clock`` gives seconds since 1970 (tests
    pass their own); ``retention_days`` is how long anything is kept after it happened."""

    def __init__(
        self,
        engine: Engine,
        *,
        clock: Callable[[], float] = time.time,
        retention_days: int = RETENTION_DAYS,
    ) -> None:
        if retention_days < 1:
            raise ValueError("retention_days must be at least 1")
        self.engine = engine
        self.clock = clock
        self.retention_days = retention_days
        self.by_pupil = GuessLimit(misses=PUPIL_MISSES, per_seconds=PUPIL_WINDOW, max_wait=600.0)
        self.by_address = GuessLimit(misses=ADDRESS_MISSES, per_seconds=ADDRESS_WINDOW)
        self.by_lookup = GuessLimit(misses=LOOKUP_MISSES, per_seconds=LOOKUP_WINDOW, max_wait=600.0)
        self._levels: dict[str, int] | None = None

    def _now(self) -> int:
        return int(self.clock())

    # -- the teacher ------------------------------------------------------------------------

    def create_class(self, name: object) -> NewClass:
        """A new class named ``name`` ("4B"): its code and the teacher's secret."""
        if not isinstance(name, str) or not " ".join(name.split()):
            raise ClassProblem("kl_name_empty")
        name = " ".join(name.split())
        if len(name) > CLASS_NAME_LIMIT:
            raise ClassProblem("kl_name_long", n=CLASS_NAME_LIMIT)
        secret, now = new_token(), self._now()
        for _ in range(20):  # 3.2 million codes: a clash is rare, and tried again
            code = new_code()
            try:
                with self.engine.begin() as db:
                    class_id = _new_id(
                        db.execute(
                            insert(classes).values(
                                code=code, name=name, teacher_hash=token_hash(secret), created=now, active=now
                            )
                        )
                    )
            except IntegrityError:
                continue
            return NewClass(class_id, code, name, secret)
        raise ClassProblem("kl_try_again")

    def teacher(self, code: object, secret: object) -> int:
        """The class whose teacher holds ``secret``; ``kl_not_teacher`` otherwise (the same
        answer for a wrong code and a wrong secret)."""
        class_id = self._class_id(code, missing="kl_not_teacher")
        with self.engine.connect() as db:
            stored = db.execute(select(classes.c.teacher_hash).where(classes.c.id == class_id)).scalar()
        if (
            not isinstance(secret, str)
            or stored is None
            or not hmac.compare_digest(token_hash(secret), stored)
        ):
            raise ClassProblem("kl_not_teacher")
        return class_id

    def _class_id(self, code: object, *, missing: str = "kl_no_class") -> int:
        try:
            code = parse_code(code)
        except CodeError:
            raise ClassProblem(missing) from None
        with self.engine.connect() as db:
            found = db.execute(select(classes.c.id).where(classes.c.code == code)).scalar()
        if found is None:
            raise ClassProblem(missing)
        return int(found)

    def class_info(self, class_id: int) -> dict:
        with self.engine.connect() as db:
            row = db.execute(
                select(classes.c.code, classes.c.name, classes.c.created).where(classes.c.id == class_id)
            ).one()
        return {"code": row.code, "name": row.name, "created": row.created}

    def pupils(self, class_id: int) -> list[dict]:
        """The class's pupils by nickname: id, nickname, whether pictures are set, when joined
        and last seen."""
        with self.engine.connect() as db:
            rows = db.execute(
                select(
                    pupils.c.id,
                    pupils.c.nickname,
                    pupils.c.pictures_hash,
                    pupils.c.hub_name,
                    pupils.c.created,
                    pupils.c.active,
                )
                .where(pupils.c.class_id == class_id)
                .order_by(pupils.c.name_key)
            ).all()
        return [
            {
                "id": r.id,
                "nickname": r.nickname,
                "pictures": r.pictures_hash is not None,
                "hub": r.hub_name is not None,
                "joined": r.created,
                "active": r.active,
            }
            for r in rows
        ]

    def _pupil_in(self, db: Connection, class_id: int, pupil_id: object) -> int:
        if not isinstance(pupil_id, int) or isinstance(pupil_id, bool):
            raise ClassProblem("kl_no_pupil")
        found = db.execute(
            select(pupils.c.id).where(and_(pupils.c.id == pupil_id, pupils.c.class_id == class_id))
        ).scalar()
        if found is None:
            raise ClassProblem("kl_no_pupil")
        return int(found)

    def reset_pictures(self, class_id: int, pupil_id: object) -> None:
        """Forget a pupil's pictures and sign out their devices: they pick new ones at their
        next sign-in (:meth:`join` with the same nickname)."""
        with self.engine.begin() as db:
            pid = self._pupil_in(db, class_id, pupil_id)
            db.execute(update(pupils).where(pupils.c.id == pid).values(pictures_hash=None))
            db.execute(delete(sessions).where(sessions.c.pupil_id == pid))

    def add_pupils(self, class_id: int, nicknames: object) -> list[dict]:
        """Pupils the teacher adds for a sheet of sign-in cards: each nickname gets two
        pictures drawn at random, in order, returned only now (for the card) and kept as a
        hash. ``kl_name_taken`` (nobody added) when a nickname is in the class already.

        >>> from vandatta_widgets.server.db import open_database
        >>> service = ClassService(open_database("sqlite://"))
        >>> made = service.create_class("4B")
        >>> [(p["nickname"], len(p["pictures"])) for p in service.add_pupils(made.id, ["Alva", "Bo"])]
        [('Alva', 2), ('Bo', 2)]
        """
        if not isinstance(nicknames, list) or not 1 <= len(nicknames) <= MAX_CARDS:
            raise ClassProblem("kl_bad_request")
        names = [_nickname(n) for n in nicknames]
        if len({_name_key(n) for n in names}) != len(names):
            raise ClassProblem("kl_name_taken", name=names[0])
        made, now = [], self._now()
        with self.engine.begin() as db:  # all or none
            for name in names:
                pictures = _draw_pictures()
                pupil_id = _add_pupil(db, class_id, name, now, pictures_hash=hash_pictures(pictures))
                made.append({"id": pupil_id, "nickname": name, "pictures": pictures})
        return made

    def new_pictures(self, class_id: int, pupil_id: object) -> list[str]:
        """Reset a pupil's pictures to two new ones drawn at random (for a new card), signing
        out their devices; the pictures are returned only now."""
        pictures = _draw_pictures()
        with self.engine.begin() as db:
            pid = self._pupil_in(db, class_id, pupil_id)
            db.execute(update(pupils).where(pupils.c.id == pid).values(pictures_hash=hash_pictures(pictures)))
            db.execute(delete(sessions).where(sessions.c.pupil_id == pid))
        return pictures

    # -- pupils -----------------------------------------------------------------------------

    def join(self, code: object, nickname: object, pictures: object, *, address: str) -> SignedIn:
        """A pupil joins with a nickname and two pictures; a pupil whose pictures the teacher
        reset picks new ones the same way. ``kl_name_taken`` when another pupil of the class
        has that nickname (which counts as a missed lookup, :meth:`name_step`)."""
        class_id = self._looked_up_class(code, address)
        name = _nickname(nickname)
        stored = hash_pictures(pictures)  # type: ignore[arg-type]  # checked inside: kl_pick_pictures
        now = self._now()
        with self.engine.begin() as db:
            row = db.execute(
                select(pupils.c.id, pupils.c.pictures_hash, pupils.c.hub_name).where(
                    and_(pupils.c.class_id == class_id, pupils.c.name_key == _name_key(name))
                )
            ).first()
            if row is not None and (row.pictures_hash is not None or row.hub_name is not None):
                self.by_lookup.missed(visitor_key(address), now=self.clock())
                raise ClassProblem("kl_name_taken", name=name)
            if row is None:
                pupil_id = _add_pupil(db, class_id, name, now, pictures_hash=stored)
            else:
                pupil_id = row.id
                db.execute(
                    update(pupils).where(pupils.c.id == pupil_id).values(pictures_hash=stored, active=now)
                )
        self.by_address.learn(visitor_key(address), f"{class_id}:{pupil_id}")
        return self._session(int(pupil_id), name, class_id)

    def name_step(self, code: object, nickname: object, *, address: str) -> str:
        """The join page's first step: whether ``nickname`` is in the class. ``"pictures"``
        (in the class: they tap their two pictures, :meth:`sign_in`), ``"reset"`` (the teacher
        reset them: they choose new ones, :meth:`join`) or ``"new"`` (not in the class: they
        choose two, :meth:`join`). Nothing is made or changed. A visitor with only the class
        code learns one nickname's yes or no per lookup, which :meth:`join` also told before;
        a name not found or a wrong code counts as a miss of the address (:meth:`lookup_wait`
        slows the lookups after :data:`LOOKUP_MISSES`).

        >>> from vandatta_widgets.server.db import open_database
        >>> service = ClassService(open_database("sqlite://"))
        >>> made = service.create_class("4B")
        >>> _ = service.add_pupils(made.id, ["Alva"])
        >>> service.name_step(made.code, "alva", address="10.0.0.7"), service.name_step(made.code, "Bo", address="10.0.0.7")
        ('pictures', 'new')
        """
        where = visitor_key(address)
        class_id = self._looked_up_class(code, address)
        name = _nickname(nickname)
        with self.engine.connect() as db:
            row = db.execute(
                select(pupils.c.id, pupils.c.pictures_hash, pupils.c.hub_name).where(
                    and_(pupils.c.class_id == class_id, pupils.c.name_key == _name_key(name))
                )
            ).first()
        if row is None:
            self.by_lookup.missed(where, now=self.clock())
            return "new"
        return "reset" if row.pictures_hash is None and row.hub_name is None else "pictures"

    def lookup_wait(self, code: object, nickname: object, *, address: str) -> float | None:
        """Seconds a lookup of a nickname (:meth:`name_step`, or :meth:`join`) waits before it
        is answered (0.0 usually; a pupil who signed in from ``address`` before never waits);
        None when so many wait that it is refused (``kl_slow_down``). Names found wait as
        names not found, so how long an answer takes says nothing either."""
        key = self._pupil_key(code, nickname)
        where = visitor_key(address)
        if key and self.by_address.knows(where, key):
            return 0.0
        return self.by_lookup.wait(where, now=self.clock())

    def _looked_up_class(self, code: object, address: str) -> int:
        """The class of ``code`` for a pupil's lookup; a wrong code counts as a missed one."""
        try:
            return self._class_id(code)
        except ClassProblem:
            self.by_lookup.missed(visitor_key(address), now=self.clock())
            raise

    def pictures_wait(self, code: object, nickname: object, *, address: str) -> float | None:
        """Seconds a sign-in with pictures waits before it is answered (0.0 usually); None when
        so many are waiting that it is refused (``kl_slow_down``). Call before :meth:`sign_in`."""
        now = self.clock()
        key = self._pupil_key(code, nickname)
        pupil_wait = self.by_pupil.wait(key, now=now) if key else 0.0
        where = visitor_key(address)
        address_wait = (
            0.0 if key and self.by_address.knows(where, key) else self.by_address.wait(where, now=now)
        )
        if pupil_wait is None or address_wait is None:
            return None
        return max(pupil_wait, address_wait)

    def _pupil_key(self, code: object, nickname: object) -> str | None:
        try:
            class_id = self._class_id(code)
            name = _nickname(nickname)
        except ClassProblem:
            return None
        with self.engine.connect() as db:
            found = db.execute(
                select(pupils.c.id).where(
                    and_(pupils.c.class_id == class_id, pupils.c.name_key == _name_key(name))
                )
            ).scalar()
        return None if found is None else f"{class_id}:{found}"

    def sign_in(self, code: object, nickname: object, pictures: object, *, address: str) -> SignedIn:
        """A pupil on another device: the class code, their nickname, their pictures. The same
        answer (``kl_wrong_pictures``) for a nickname not in the class and wrong pictures;
        ``kl_pictures_reset`` when the teacher reset them (then :meth:`join` sets new ones)."""
        now = self.clock()
        where = visitor_key(address)
        class_id = self._class_id(code)
        name = _nickname(nickname)
        with self.engine.connect() as db:
            row = db.execute(
                select(pupils.c.id, pupils.c.nickname, pupils.c.pictures_hash, pupils.c.hub_name).where(
                    and_(pupils.c.class_id == class_id, pupils.c.name_key == _name_key(name))
                )
            ).first()
        if row is None:
            self.by_address.missed(where, now=now)
            raise ClassProblem("kl_wrong_pictures")
        key = f"{class_id}:{row.id}"
        if row.pictures_hash is None and row.hub_name is None:
            raise ClassProblem("kl_pictures_reset", name=row.nickname)
        if not check_pictures(pictures, row.pictures_hash):
            self.by_pupil.missed(key, now=now)
            if not self.by_address.knows(where, key):
                self.by_address.missed(where, now=now)
            raise ClassProblem("kl_wrong_pictures")
        self.by_address.learn(where, key)
        return self._session(int(row.id), row.nickname, class_id)

    def hub_sign_in(self, code: object, hub_name: str, nickname: object = None) -> SignedIn:
        """On JupyterHub the hub's sign-in is enough: ``hub_name`` comes from the hub (trusted,
        never from a request's body). The first time, the pupil picks a nickname (their hub
        name is not shown in the class); ``kl_pick_nickname`` until they have."""
        if not isinstance(hub_name, str) or not hub_name or len(hub_name) > 200:
            raise ClassProblem("kl_not_signed_in")
        class_id = self._class_id(code)
        with self.engine.connect() as db:
            row = db.execute(
                select(pupils.c.id, pupils.c.nickname).where(
                    and_(pupils.c.class_id == class_id, pupils.c.hub_name == hub_name)
                )
            ).first()
        if row is not None:
            return self._session(int(row.id), row.nickname, class_id)
        if nickname is None:
            raise ClassProblem("kl_pick_nickname")
        name, now = _nickname(nickname), self._now()
        with self.engine.begin() as db:
            pupil_id = _add_pupil(db, class_id, name, now, hub_name=hub_name)
        return self._session(int(pupil_id), name, class_id)

    def _session(self, pupil_id: int, nickname: str, class_id: int) -> SignedIn:
        token, now = new_token(), self._now()
        with self.engine.begin() as db:
            db.execute(insert(sessions).values(token_hash=token_hash(token), pupil_id=pupil_id, created=now))
            db.execute(update(pupils).where(pupils.c.id == pupil_id).values(active=now))
            db.execute(update(classes).where(classes.c.id == class_id).values(active=now))
            code = db.execute(select(classes.c.code).where(classes.c.id == class_id)).scalar_one()
            acknowledged = self._acknowledged(db, pupil_id)
        return SignedIn(pupil_id, nickname, code, token, acknowledged)

    def pupil(self, token: object) -> tuple[int, int]:
        """The (pupil, class) a device's token signs in; ``kl_signed_out`` otherwise."""
        if not isinstance(token, str) or not token or len(token) > 100:
            raise ClassProblem("kl_signed_out")
        with self.engine.connect() as db:
            row = db.execute(
                select(pupils.c.id, pupils.c.class_id)
                .select_from(sessions.join(pupils, sessions.c.pupil_id == pupils.c.id))
                .where(sessions.c.token_hash == token_hash(token))
            ).first()
        if row is None:
            raise ClassProblem("kl_signed_out")
        return int(row.id), int(row.class_id)

    def sign_out(self, token: object) -> None:
        if isinstance(token, str):
            with self.engine.begin() as db:
                db.execute(delete(sessions).where(sessions.c.token_hash == token_hash(token)))

    # -- sync -------------------------------------------------------------------------------

    def sync(self, token: object, columns: object) -> dict:
        """Keep a batch of a pupil's events (``columns``: the record file's ``events`` object,
        ``docs/learner-record.md``); each event once, however often it comes. Answers
        ``{"ids": [every id of the batch, now held], "acknowledged": {device: highest counter
        held}}``. ``kl_bad_events`` (nothing kept) for a batch that is not a record's events
        or has more than :data:`MAX_EVENTS`."""
        pupil_id, class_id = self.pupil(token)
        try:
            batch = decode_events(columns)
        except RecordFormatError:
            raise ClassProblem("kl_bad_events") from None
        if len(batch) > MAX_EVENTS:
            raise ClassProblem("kl_bad_events")
        now = self._now()
        cutoff = now - self.retention_days * DAY
        rows = [_event_row(pupil_id, e, now) for e in batch if e.at > cutoff]  # older: gone anyway
        with self.engine.begin() as db:
            if rows:
                new = db.execute(self._insert_ignoring_duplicates(), rows).all()
                if new:
                    self._refresh(db, pupil_id, [(r.at, r.device, r.seq) for r in new])
            db.execute(update(pupils).where(pupils.c.id == pupil_id).values(active=now))
            db.execute(update(classes).where(classes.c.id == class_id).values(active=now))
            acknowledged = self._acknowledged(db, pupil_id)
        for event in batch:  # what was too old to keep counts as received
            acknowledged[event.device] = max(acknowledged.get(event.device, 0), event.seq)
        return {"ids": [e.id for e in batch], "acknowledged": acknowledged}

    def events_for(self, token: object, have: object) -> dict:
        """What the pupil's devices sent that the asking device does not hold: ``have`` maps
        each device id to the highest counter it holds of that device's events. Answers the
        record file's ``events`` object (``docs/learner-record.md``) with at most
        :data:`MAX_EVENTS`, in device and counter order, and ``"more": true`` when more wait
        (the device asks again with its new counters). So a pupil who signs in on another
        device finds their path there too. ``kl_bad_events`` for a ``have`` that is not such
        a map (or names more than :data:`MAX_DEVICES` devices)."""
        pupil_id, _class_id = self.pupil(token)
        if (
            not isinstance(have, dict)
            or len(have) > MAX_DEVICES
            or not all(
                isinstance(d, str) and len(d) <= 40 and is_count(n) and n < 2**53 for d, n in have.items()
            )
        ):
            raise ClassProblem("kl_bad_events")
        held = [not_(and_(events.c.device == d, events.c.seq <= n)) for d, n in have.items()]
        with self.engine.connect() as db:
            rows = db.execute(
                select(*_EVENT_COLUMNS)
                .where(events.c.pupil_id == pupil_id, *held)
                .order_by(events.c.device, events.c.seq)
                .limit(MAX_EVENTS + 1)
            ).all()
        batch = [_event(row) for row in rows[:MAX_EVENTS]]
        return {"events": encode_events(batch), "more": len(rows) > MAX_EVENTS}

    def _insert_ignoring_duplicates(self) -> Executable:
        # INSERT … ON CONFLICT DO NOTHING: the same SQL on SQLite and PostgreSQL
        dialect = postgresql if self.engine.dialect.name == "postgresql" else sqlite
        return (
            dialect.insert(events)
            .on_conflict_do_nothing(index_elements=["pupil_id", "device", "seq"])
            .returning(events.c.at, events.c.device, events.c.seq)  # the rows that were new
        )

    @staticmethod
    def _acknowledged(db: Connection, pupil_id: int) -> dict[str, int]:
        rows = db.execute(
            select(events.c.device, func.max(events.c.seq))
            .where(events.c.pupil_id == pupil_id)
            .group_by(events.c.device)
        ).all()
        return {device: int(seq) for device, seq in rows}

    # -- the teacher's overview -----------------------------------------------------------------

    def _summaries(self, db: Connection, class_id: int) -> dict[int, _PupilSummary]:
        rows = db.execute(
            select(summaries.c.pupil_id, summaries.c.data)
            .select_from(summaries.join(pupils, summaries.c.pupil_id == pupils.c.id))
            .where(pupils.c.class_id == class_id)
        )
        return {pupil_id: _PupilSummary.from_json(data) for pupil_id, data in rows}

    def _summary(self, db: Connection, pupil_id: int) -> _PupilSummary:
        data = db.execute(select(summaries.c.data).where(summaries.c.pupil_id == pupil_id)).scalar()
        return _PupilSummary() if data is None else _PupilSummary.from_json(data)

    def _refresh(self, db: Connection, pupil_id: int, new: Sequence[tuple[int, str, int]]) -> None:
        """Bring a pupil's summary up to date after ``new`` events (their (at, device, seq))
        were stored: taken one by one when they all come after what it has seen (the usual
        case: a device sending as it goes), else counted again from all the pupil's events (a
        device that was offline sends answers older than another device's)."""
        summary = self._summary(db, pupil_id)
        query = select(*_SUMMARY_COLUMNS, events.c.device, events.c.seq).where(events.c.pupil_id == pupil_id)
        first = min(new) if new and min(new) > summary.key else None
        if first is None:
            summary = _PupilSummary()
        else:
            query = query.where(events.c.at >= first[0])
        for at, kind, outcome, rules, lesson, item, device, seq in db.execute(query.order_by(*_ORDER)):
            if first is None or (at, device, seq) >= first:
                summary.add(at, kind, outcome, rules, lesson, item)
                summary.key = (at, device, seq)
        data = summary.to_json()
        if (
            db.execute(update(summaries).where(summaries.c.pupil_id == pupil_id).values(data=data)).rowcount
            == 0
        ):
            db.execute(insert(summaries).values(pupil_id=pupil_id, data=data))

    def overview(self, class_id: int, *, lang: str = "en") -> dict:
        """Everything the Klassöversikt shows, as JSON: the pupils × lessons (stars 0–3),
        the pupils × rules (level and estimate), the week's most common mistakes with an
        example each, and the assignments with who has done them."""
        now = self._now()
        with self.engine.connect() as db:
            summaries = self._summaries(db, class_id)
            mistakes = self._mistakes(db, class_id, since=now - WEEK, lang=lang)
            tasks = self._assignment_rows(db, class_id)
        info = self.class_info(class_id)
        rules = list(dict.fromkeys(rm.rule for s in summaries.values() for rm in s.rules()))
        rules = rules or list(CORE_RULES)
        rows = []
        for pupil in self.pupils(class_id):
            summary = summaries.get(pupil["id"]) or _PupilSummary()
            rows.append(
                {
                    **pupil,
                    "stars": [summary.stars(n) for n in range(1, LESSONS + 1)],
                    "rules": {
                        rule: {"level": mastery.level, "known": round(mastery.known, 3), "seen": mastery.seen}
                        for rule in rules
                        for mastery in (summary.rule(rule),)
                    },
                    "assignments": {str(task["id"]): self._done(task, summary) for task in tasks},
                    "last": summary.last or None,
                }
            )
        return {
            "class": info,
            "lessons": LESSONS,
            "rules": [{"rule": rule, "name": RuleMastery(rule).name(lang)} for rule in rules],
            "pupils": rows,
            "mistakes": mistakes,
            "assignments": tasks,
        }

    def _mistakes(self, db: Connection, class_id: int, *, since: int, lang: str, top: int = 5) -> list[dict]:
        rows = db.execute(
            select(
                events.c.pupil_id,
                events.c.at,
                events.c.rules,
                events.c.kind,
                events.c.lesson,
                events.c.item,
                events.c.position,
                events.c.move,
                events.c.house,
                events.c.outcome,
            )
            .select_from(events.join(pupils, events.c.pupil_id == pupils.c.id))
            .where(
                and_(
                    pupils.c.class_id == class_id,
                    events.c.at >= since,
                    events.c.outcome.in_(("not_allowed", "mistake")),
                )
            )
            .order_by(events.c.at.desc())
        ).all()
        count: Counter[str] = Counter()
        who: dict[str, set[int]] = defaultdict(set)
        example: dict[str, Row] = {}
        for row in rows:
            for rule in row.rules.split():
                if rule not in RULE_IDS:
                    continue
                count[rule] += 1
                who[rule].add(row.pupil_id)
                if rule not in example and row.position:  # the most recent with a position
                    example[rule] = row
        out = []
        for rule, n in count.most_common(top):
            shown = example.get(rule)
            out.append(
                {
                    "rule": rule,
                    "name": RuleMastery(rule).name(lang),
                    "count": n,
                    "pupils": len(who[rule]),
                    "example": None
                    if shown is None
                    else {
                        "position": shown.position,
                        "move": shown.move,
                        "kind": shown.kind,
                        "lesson": shown.lesson,
                        "item": shown.item,
                        "house": shown.house,
                        "outcome": shown.outcome,
                    },
                }
            )
        return out

    def pupil_page(self, class_id: int, pupil_id: object, *, lang: str = "en", recent: int = 10) -> dict:
        """One pupil's page for the teacher: their path (stars, rules) and recent mistakes."""
        with self.engine.connect() as db:
            pid = self._pupil_in(db, class_id, pupil_id)
            mistakes = db.execute(
                select(*_EVENT_COLUMNS)
                .where(and_(events.c.pupil_id == pid, events.c.outcome.in_(("not_allowed", "mistake"))))
                .order_by(events.c.at.desc(), events.c.device.desc(), events.c.seq.desc())
                .limit(recent)
            ).all()
            tasks = self._assignment_rows(db, class_id)
            summary = self._summary(db, pid)
        pupil = next(p for p in self.pupils(class_id) if p["id"] == pid)
        return {
            **pupil,
            "stars": [summary.stars(n) for n in range(1, LESSONS + 1)],
            "rules": [
                {
                    "rule": rm.rule,
                    "name": rm.name(lang),
                    "level": rm.level,
                    "text": rm.text(lang),
                    "seen": rm.seen,
                }
                for rm in summary.rules()
            ],
            "mistakes": [
                {
                    "at": r.at,
                    "kind": r.kind,
                    "rules": r.rules.split(),
                    "lesson": r.lesson,
                    "item": r.item,
                    "position": r.position,
                    "move": r.move,
                    "outcome": r.outcome,
                }
                for r in mistakes
            ],
            "assignments": {str(task["id"]): self._done(task, summary) for task in tasks},
        }

    # -- assignments --------------------------------------------------------------------------

    def assign(self, class_id: int, spec: object) -> dict:
        """A new assignment from ``spec``: ``{"kind": "lessons", "lessons": [1, 2], "due": t}``,
        ``{"kind": "puzzles", "level": 1–3, "count": n, "due": t}`` or ``{"kind": "round",
        "level": "beginner", "due": t}``; ``kl_bad_assignment`` otherwise."""
        if not isinstance(spec, dict):
            raise ClassProblem("kl_bad_assignment")
        kind, due = spec.get("kind"), spec.get("due")
        now = self._now()
        if kind not in ASSIGNMENT_KINDS or not isinstance(due, int) or isinstance(due, bool) or due < now:
            raise ClassProblem("kl_bad_assignment")
        lessons, level, count = "", "", 1
        if kind == "lessons":
            wanted = spec.get("lessons")
            if (
                not isinstance(wanted, list)
                or not 1 <= len(wanted) <= LESSONS
                or not all(
                    isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= LESSONS for n in wanted
                )
            ):
                raise ClassProblem("kl_bad_assignment")
            lessons = ",".join(str(n) for n in sorted(set(wanted)))
        elif kind == "puzzles":
            level, count = spec.get("level"), spec.get("count")  # type: ignore[assignment]  # the spec's value, checked next
            if (
                level not in PUZZLE_LEVELS
                or not isinstance(count, int)
                or isinstance(count, bool)
                or not 1 <= count <= 50
            ):
                raise ClassProblem("kl_bad_assignment")
            level = str(level)
        else:
            level = spec.get("level")  # type: ignore[assignment]  # the spec's value, checked next
            if level not in COMPUTER_LEVELS:
                raise ClassProblem("kl_bad_assignment")
        with self.engine.begin() as db:
            task_id = _new_id(
                db.execute(
                    insert(assignments).values(
                        class_id=class_id,
                        kind=kind,
                        lessons=lessons,
                        level=level,
                        count=count,
                        due=due,
                        created=now,
                    )
                )
            )
        return {"id": task_id}

    def remove_assignment(self, class_id: int, task_id: object) -> None:
        with self.engine.begin() as db:
            db.execute(
                delete(assignments).where(
                    and_(assignments.c.id == task_id, assignments.c.class_id == class_id)
                )
            )

    @staticmethod
    def _assignment_rows(db: Connection, class_id: int) -> list[dict]:
        rows = db.execute(
            select(assignments)
            .where(assignments.c.class_id == class_id)
            .order_by(assignments.c.due, assignments.c.id)
        ).all()
        out = []
        for r in rows:
            task: dict = {"id": r.id, "kind": r.kind, "due": r.due, "created": r.created}
            if r.kind == "lessons":
                task["lessons"] = [int(n) for n in r.lessons.split(",")]
            elif r.kind == "puzzles":
                task["level"], task["count"] = int(r.level), r.count
            else:
                task["level"] = r.level
            out.append(task)
        return out

    def _done(self, task: Mapping, summary: _PupilSummary) -> bool:
        """Whether a pupil has done an assignment: every lesson with a star; ``count`` puzzles
        of the level solved since it was given; a round against that computer since it was
        given (a round's id begins with the computer's level, ``"beginner-…"``)."""
        if task["kind"] == "lessons":
            return all(summary.stars(n) > 0 for n in task["lessons"])
        if task["kind"] == "puzzles":
            if self._levels is None:
                self._levels = _puzzle_levels()
            solved = [
                key
                for key, at in summary.puzzles_solved.items()
                if at >= task["created"] and self._levels.get(key) == task["level"]
            ]
            return len(solved) >= task["count"]
        return any(
            at >= task["created"] and round_id.split("-", 1)[0] == task["level"]
            for round_id, at in summary.rounds.items()
        )

    def assignments_for(self, token: object) -> list[dict]:
        """What a pupil's path shows first: the class's assignments, each with ``done``."""
        pupil_id, class_id = self.pupil(token)
        with self.engine.connect() as db:
            tasks = self._assignment_rows(db, class_id)
            summary = self._summary(db, pupil_id)
        return [{**task, "done": self._done(task, summary)} for task in tasks]

    # -- privacy ------------------------------------------------------------------------------

    def export_pupil(self, class_id: int, pupil_id: object) -> dict[str, str]:
        """One pupil's data: ``{"json": a learner-record file (docs/learner-record.md, which the
        pupil's device can import), "csv": one line per event}``."""
        with self.engine.connect() as db:
            pid = self._pupil_in(db, class_id, pupil_id)
            pupil = db.execute(select(pupils.c.nickname, pupils.c.created).where(pupils.c.id == pid)).one()
            rows = db.execute(
                select(*_EVENT_COLUMNS)
                .where(events.c.pupil_id == pid)
                .order_by(events.c.at, events.c.device, events.c.seq)
            ).all()
        record = [_event(row) for row in rows]
        document = {
            "format": FORMAT,
            "version": VERSION,
            "profile": {
                "id": f"class{pid}",
                "name": pupil.nickname,
                "picture": EXPORT_PICTURE,
                "created": pupil.created,
            },
            "events": encode_events(record),
        }
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(
            ["id", "time_utc", "kind", "outcome", "rules", "lesson", "item", "position", "move", "house"]
        )
        for e in record:
            when = datetime.fromtimestamp(e.at, tz=timezone.utc).strftime("%Y-%m-%d %H:%M:%S")
            writer.writerow(
                [
                    e.id,
                    when,
                    e.kind,
                    e.outcome,
                    " ".join(e.rules),
                    e.lesson,
                    e.item,
                    e.position,
                    e.move,
                    e.house,
                ]
            )
        return {
            "json": json.dumps(document, ensure_ascii=False, separators=(",", ":")),
            "csv": out.getvalue(),
        }

    def delete_pupil(self, class_id: int, pupil_id: object) -> None:
        """Delete a pupil and everything about them (their events, their devices' sign-ins)."""
        with self.engine.begin() as db:
            pid = self._pupil_in(db, class_id, pupil_id)
            self._delete_pupils(db, [pid])

    @staticmethod
    def _delete_pupils(db: Connection, ids: Iterable[int]) -> None:
        ids = list(ids)
        if not ids:
            return
        # explicitly, not only by the foreign keys' cascade: the same on every database
        for table in (events, sessions, summaries):
            db.execute(delete(table).where(table.c.pupil_id.in_(ids)))
        db.execute(delete(pupils).where(pupils.c.id.in_(ids)))

    def end_class(self, class_id: int) -> None:
        """End the class: everything about it is deleted (pupils, events, assignments)."""
        with self.engine.begin() as db:
            self._end(db, [class_id])

    def _end(self, db: Connection, class_ids: list[int]) -> None:
        if not class_ids:
            return
        ids = db.execute(select(pupils.c.id).where(pupils.c.class_id.in_(class_ids))).scalars().all()
        self._delete_pupils(db, ids)
        db.execute(delete(assignments).where(assignments.c.class_id.in_(class_ids)))
        db.execute(delete(classes).where(classes.c.id.in_(class_ids)))

    def purge(self) -> dict[str, int]:
        """Delete what is older than the retention: events that happened before it, sign-ins
        made before it, pupils and classes nobody has used since. The server calls this every
        hour; returns how many of each went."""
        cutoff = self._now() - self.retention_days * DAY
        with self.engine.begin() as db:
            touched = (
                db.execute(select(events.c.pupil_id).where(events.c.at < cutoff).distinct()).scalars().all()
            )
            gone_events = db.execute(delete(events).where(events.c.at < cutoff)).rowcount
            for pupil_id in touched:  # what they show now rests on what is left
                self._refresh(db, pupil_id, [])
            gone_sessions = db.execute(delete(sessions).where(sessions.c.created < cutoff)).rowcount
            old_classes = db.execute(select(classes.c.id).where(classes.c.active < cutoff)).scalars().all()
            self._end(db, list(old_classes))
            old_pupils = db.execute(select(pupils.c.id).where(pupils.c.active < cutoff)).scalars().all()
            self._delete_pupils(db, old_pupils)
            gone_assignments = db.execute(delete(assignments).where(assignments.c.due < cutoff)).rowcount
        return {
            "events": gone_events,
            "sessions": gone_sessions,
            "classes": len(old_classes),
            "pupils": len(old_pupils),
            "assignments": gone_assignments,
        }


def _add_pupil(db: Connection, class_id: int, name: str, now: float, **sign_in: object) -> int:
    """A new pupil of the class, signed in by pictures or a hub name (``sign_in``);
    ``kl_name_taken`` when another pupil took the nickname first."""
    try:
        return _new_id(
            db.execute(
                insert(pupils).values(
                    class_id=class_id,
                    nickname=name,
                    name_key=_name_key(name),
                    created=now,
                    active=now,
                    **sign_in,
                )
            )
        )
    except IntegrityError:
        raise ClassProblem("kl_name_taken", name=name) from None
