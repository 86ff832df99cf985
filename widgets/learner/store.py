"""One device's learners and how they are kept: compact strings for the browser's storage,
a JSON file to export and import, several profiles that never see each other's events.

**Storage.** The browser's storage (localStorage or IndexedDB, written by a thin widget
later) holds text under keys. :class:`Device` turns its state into ``{key: text}``:

- ``vandatta:device`` — the device's id, its event counter and its profiles (JSON);
- ``vandatta:p:<profile id>:<n>`` — the ``n``-th chunk of :data:`CHUNK` events of one
  profile: ``"1:"`` and the events' columns (:func:`vandatta_widgets.learner.events.encode_events`),
  compressed with zlib and written in base64 (decoded in C, unlike base85).

Keeping an answer changes one chunk only: :meth:`Device.changes` gives the keys to write
(and, as ``None``, to remove) since the last :meth:`Device.saved`. A chunk that cannot be read
is set aside (:attr:`Device.damaged`) and the rest loads: the lessons start regardless.

**Files.** :meth:`Device.export_profile` writes one child's record as a learner-record file
(``docs/learner-record.md``); :meth:`Device.import_file` reads one back — a new profile, or,
for a profile already here, its events merged (each event id once: importing the same file
twice counts nothing twice). A damaged or foreign file raises :class:`LearnerFileError` and
changes nothing.

>>> device = Device(device_id="dev1")
>>> alva = device.add_profile("Alva", "fox", profile_id="a1", created=0)
>>> from vandatta import Game
>>> game = Game.from_position(hands=["7♥ K♠", "5♦"], top="7♣")
>>> event, news = device.answer("a1", game, "7♥", kind="exercise", asked=True, lesson=2, item="ex1", at=1)
>>> event.id, event.outcome, news
('dev1.1', 'right', [])
>>> sorted(device.changes())
['vandatta:device', 'vandatta:p:a1:0']
>>> copy = Device.from_storage(device.changes())
>>> copy.learner("a1").events == [event]
True
>>> try:
...     device.import_file('{"format": "vandatta-record", "version": 1}')
... except LearnerFileError as error:
...     print(error.text("sv"))
Det här är ingen Vändåtta-fil med det du har lärt dig. Inget har ändrats.
"""

from __future__ import annotations

import base64
import json
import time
import zlib
from collections.abc import Iterable, Mapping
from datetime import timezone, tzinfo
from typing import TYPE_CHECKING, NamedTuple

from ..base.problem import Problem
from .events import (
    FORMAT,
    MAX_TEXT,
    VERSION,
    Event,
    RecordFormatError,
    decode_events,
    dumps,
    encode_events,
    merge,
    new_device_id,
    upgrade,
)
from .path import Learner, LessonPlan
from .profiles import PROFILE_LIMIT, Profile, ProfileError

if TYPE_CHECKING:
    from vandatta import Game, Move
    from vandatta.ai.drills import Drill, Question

__all__ = ["CHUNK", "FILE_LIMIT", "DEVICE_KEY", "Device", "Kept", "LearnerFileError", "pack", "unpack"]

CHUNK = 500
FILE_LIMIT = 20_000_000  # characters: a school year is about 1 MB, so this is no record
DEVICE_KEY = "vandatta:device"
_DEVICE_FORMAT = "vandatta-device"
_PACKED = "1:"


class Kept(NamedTuple):
    """An answer kept: the ``event`` and the ``news`` worth telling the child
    (:meth:`vandatta_widgets.learner.path.Learner.keep`: ``"star"``, ``"lesson"``,
    ``"mastered:R6"``, ``"practice:R7"``)."""

    event: Event
    news: list[str]


class LearnerFileError(Problem):
    """A learner-record file that cannot be imported: ``key`` is ``lr_file_damaged``,
    ``lr_file_foreign``, ``lr_file_newer`` or ``lr_file_too_big`` — a sentence in either
    language for the child (a ``ValueError``, as every refusal of the UI layer)."""


def pack(events: list[Event]) -> str:
    """Events as one compact storage string (columns, zlib, base64)."""
    raw = dumps(encode_events(events)).encode("utf-8")
    return _PACKED + base64.b64encode(zlib.compress(raw, 6)).decode("ascii")


def unpack(text: str) -> list[Event]:
    """The inverse of :func:`pack`; :class:`~vandatta_widgets.learner.events.RecordFormatError` for a
    string that is not one."""
    if not isinstance(text, str) or not text.startswith(_PACKED):
        raise RecordFormatError("not a packed chunk of events")
    try:
        raw = zlib.decompress(base64.b64decode(text[len(_PACKED) :], validate=True))
        data = json.loads(raw)
    except (ValueError, zlib.error) as error:
        raise RecordFormatError(f"a packed chunk cannot be read: {error}") from None
    return decode_events(data)


def _chunk_key(profile_id: str, n: int) -> str:
    return f"vandatta:p:{profile_id}:{n}"


class Device:
    """The profiles on one device, each with its :class:`~vandatta_widgets.learner.path.Learner`."""

    def __init__(
        self, *, device_id: str | None = None, plan: LessonPlan | None = None, tz: tzinfo = timezone.utc
    ) -> None:
        self.device_id = device_id or new_device_id()
        self.plan = plan
        self.tz = tz
        self.next_seq = 1
        self.profiles: dict[str, Profile] = {}
        self._learners: dict[str, Learner] = {}
        self._written: dict[str, str] = {}  # key -> text as last saved
        self._packed: dict[str, str] = {}  # key -> text of the chunks not changed since packing
        self.damaged: list[str] = []  # storage keys set aside because they could not be read

    # -- profiles ------------------------------------------------------------------------------

    def add_profile(
        self, name: str, picture: str, *, profile_id: str | None = None, created: int | None = None
    ) -> Profile:
        """A new child on this device; :class:`~vandatta_widgets.learner.profiles.ProfileError` for a
        bad name or picture, a name already here, or too many profiles."""
        if len(self.profiles) >= PROFILE_LIMIT:
            raise ProfileError("lr_too_many_profiles", n=PROFILE_LIMIT)
        profile = Profile.new(name, picture, profile_id=profile_id, created=created)
        if any(p.name.casefold() == profile.name.casefold() for p in self.profiles.values()):
            raise ProfileError("lr_name_taken")
        if profile.id in self.profiles:
            raise ProfileError("lr_name_taken")
        self.profiles[profile.id] = profile
        self._learners[profile.id] = Learner(plan=self.plan, tz=self.tz)
        return profile

    def delete_profile(self, profile_id: str) -> None:
        """Remove a child and every event of theirs from this device."""
        self._check(profile_id)
        del self.profiles[profile_id]
        del self._learners[profile_id]
        for key in [k for k in self._packed if k.startswith(_chunk_key(profile_id, 0)[:-1])]:
            del self._packed[key]

    def learner(self, profile_id: str) -> Learner:
        """The child's learner: their events, mastery, practice and path."""
        self._check(profile_id)
        return self._learners[profile_id]

    def _check(self, profile_id: str) -> None:
        if profile_id not in self.profiles:
            raise ProfileError("lr_no_profile")

    # -- answers -----------------------------------------------------------------------------

    def answer(
        self,
        profile_id: str,
        game: Game,
        move: Move | str,
        *,
        kind: str,
        asked: bool,
        lesson: int = 0,
        item: str = "",
        at: int | None = None,
    ) -> Kept:
        """Keep one answer of the child: the engine judges ``move`` in ``game``'s position
        (:meth:`Event.answer`); the event gets this device's next id."""
        self._check(profile_id)
        event = Event.answer(
            game,
            move,
            kind=kind,
            asked=asked,
            device=self.device_id,
            seq=self.next_seq,
            lesson=lesson,
            item=item,
            at=at,
        )
        return Kept(event, self.keep(profile_id, event))

    def take_seq(self) -> int:
        """The next event counter of this device (for an event built by the caller)."""
        n = self.next_seq
        self.next_seq += 1
        return n

    def quiz(
        self,
        profile_id: str,
        *,
        right: bool,
        rules: tuple[str, ...],
        choice: str,
        kind: str = "quiz",
        lesson: int = 0,
        item: str = "",
        position: str = "",
        at: int | None = None,
    ) -> Kept:
        """Keep a quiz or class question's answer (:meth:`Event.quiz`)."""
        self._check(profile_id)
        event = Event.quiz(
            right=right,
            rules=rules,
            choice=choice,
            kind=kind,
            device=self.device_id,
            seq=self.next_seq,
            lesson=lesson,
            item=item,
            position=position,
            at=at,
        )
        return Kept(event, self.keep(profile_id, event))

    def practise(
        self, profile_id: str, drill: Drill | Question, move: Move | str, *, at: int | None = None
    ) -> Kept:
        """Keep an answer to a practice drill (:func:`vandatta.ai.drills.make_drill`): the
        drill judges it (right, allowed but not what was asked, not allowed) and the rule's
        practice item is rescheduled by it. For a :class:`~vandatta.ai.drills.Question`
        ``move`` is the choice (``"52"``, ``"back"``): right, or not allowed (the rule taken
        the wrong way), about the question's rule; the position is ``q:`` and what it showed."""
        from vandatta.ai.drills import Question

        self._check(profile_id)
        if isinstance(drill, Question):  # no position to play in: a choice
            choice = str(move)[:MAX_TEXT]
            event = Event(
                device=self.device_id,
                seq=self.next_seq,
                at=int(time.time()) if at is None else at,
                kind="drill",
                outcome=drill.judge(choice),
                rules=(drill.rule,),
                item=drill.rule,
                position=drill.position,
                move=choice,
            )
            return Kept(event, self.keep(profile_id, event))
        game = drill.game()
        event = Event.answer(
            game,
            move,
            kind="drill",
            asked=drill.judge(move) == "right",
            device=self.device_id,
            seq=self.next_seq,
            item=drill.rule,
            at=at,
        )
        return Kept(event, self.keep(profile_id, event))

    def review_mistakes(
        self,
        profile_id: str,
        game: Game,
        mistakes: list[tuple[int, Move | str]],
        *,
        round_id: str,
        at: int | None = None,
    ) -> list[Event]:
        """Keep the mistakes a game review found in the child's round: ``mistakes`` lists
        ``(ply, move)`` (1-based, as :class:`vandatta.ai.review.Decision` numbers them, the
        decisions graded mistake or blunder); ``game`` is the whole round."""
        self._check(profile_id)
        kept = []
        for ply, move in mistakes:
            event = Event.review_mistake(
                game.replay(ply - 1),
                move,
                device=self.device_id,
                seq=self.next_seq,
                item=f"{round_id}:{ply}",
                at=at,
            )
            self.keep(profile_id, event)
            kept.append(event)
        return kept

    def keep(self, profile_id: str, event: Event) -> list[str]:
        """Keep an event made elsewhere (a review's mistake, a class question): as
        :meth:`Learner.keep`. An event of this device moves the counter past it."""
        learner = self.learner(profile_id)
        news = learner.keep(event)
        if event.device == self.device_id:
            self.next_seq = max(self.next_seq, event.seq + 1)
        chunk = (len(learner.events) - 1) // CHUNK
        self._packed.pop(_chunk_key(profile_id, chunk), None)
        return news

    # -- storage -----------------------------------------------------------------------------

    def _device_text(self) -> str:
        return dumps(
            {
                "format": _DEVICE_FORMAT,
                "version": 1,
                "device": self.device_id,
                "next": self.next_seq,
                "profiles": [p.to_json() for p in self.profiles.values()],
            }
        )

    def storage(self) -> dict[str, str]:
        """Everything as ``{key: text}``; a chunk not changed since it was last packed is not
        packed again."""
        out = {DEVICE_KEY: self._device_text()}
        for pid, learner in self._learners.items():
            events = learner.events
            for n in range((len(events) + CHUNK - 1) // CHUNK):
                key = _chunk_key(pid, n)
                if key not in self._packed:
                    self._packed[key] = pack(events[n * CHUNK : (n + 1) * CHUNK])
                out[key] = self._packed[key]
        return out

    def changes(self) -> dict[str, str | None]:
        """What to write since :meth:`saved`: new or changed texts, and ``None`` for a key to
        remove (a deleted profile's chunks)."""
        now = self.storage()
        out: dict[str, str | None] = {k: v for k, v in now.items() if self._written.get(k) != v}
        out.update({k: None for k in self._written if k not in now})
        return out

    def saved(self, changes: Mapping[str, str | None]) -> None:
        """The storage has taken ``changes`` (as :meth:`changes` gave them)."""
        for key, text in changes.items():
            if text is None:
                self._written.pop(key, None)
            else:
                self._written[key] = text

    @classmethod
    def from_storage(
        cls, stored: Mapping[str, str | None], *, plan: LessonPlan | None = None, tz: tzinfo = timezone.utc
    ) -> Device:
        """A device from what its storage holds. No ``vandatta:device`` key: a new device. A
        damaged device entry starts a new device and sets the old text aside in
        :attr:`damaged`; a damaged chunk is set aside and the rest of the profile loads."""
        text = stored.get(DEVICE_KEY)
        try:
            head = json.loads(text) if isinstance(text, str) else None
            if head is not None and (not isinstance(head, dict) or head.get("format") != _DEVICE_FORMAT):
                raise ValueError("not a device entry")
            profiles = [Profile.from_json(p) for p in head["profiles"]] if head else []
            device_id = head["device"] if head else None
            next_seq = head["next"] if head else 1
            if head and (not isinstance(device_id, str) or not isinstance(next_seq, int)):
                raise ValueError("bad device id or counter")
        except (ValueError, KeyError, TypeError):
            device = cls(plan=plan, tz=tz)
            device.damaged.append(DEVICE_KEY)
            return device
        device = cls(device_id=device_id, plan=plan, tz=tz)
        device.next_seq = next_seq
        for profile in profiles:
            device.profiles[profile.id] = profile
            chunks: list[list[Event]] = []
            n = 0
            while (chunk := stored.get(_chunk_key(profile.id, n))) is not None:
                try:
                    chunks.append(unpack(chunk))
                except RecordFormatError:
                    device.damaged.append(_chunk_key(profile.id, n))
                n += 1
            device._learners[profile.id] = Learner.from_events(merge(*chunks), plan=plan, tz=tz)
            for event in device._learners[profile.id].events:
                if event.device == device.device_id:
                    device.next_seq = max(device.next_seq, event.seq + 1)
        device._written = {k: v for k, v in stored.items() if isinstance(v, str) and k not in device.damaged}
        return device

    # -- files -----------------------------------------------------------------------------

    def export_profile(self, profile_id: str) -> str:
        """One child's learner-record file (JSON, ``docs/learner-record.md``)."""
        profile = self.profiles.get(profile_id)
        if profile is None:
            raise ProfileError("lr_no_profile")
        document = {
            "format": FORMAT,
            "version": VERSION,
            "profile": profile.to_json(),
            "events": encode_events(self._learners[profile_id].events),
        }
        return json.dumps(document, ensure_ascii=False, separators=(",", ":"))

    def import_file(self, text: str | bytes) -> str:
        """Import a learner-record file; returns the profile id it went to. Everything is
        read and checked before anything changes: a damaged, foreign, too big or newer file
        raises :class:`LearnerFileError` and the device is as it was. A profile already here
        (the same id) gets the file's events merged, each event once; a new one is added
        (its name followed by a number if the name is taken)."""
        if isinstance(text, bytes):
            try:
                text = text.decode("utf-8")
            except UnicodeDecodeError:
                raise LearnerFileError("lr_file_damaged") from None
        if not isinstance(text, str):
            raise LearnerFileError("lr_file_damaged")
        if len(text) > FILE_LIMIT:
            raise LearnerFileError("lr_file_too_big")
        try:
            document = json.loads(text)
        except ValueError:
            raise LearnerFileError("lr_file_damaged") from None
        try:
            document = upgrade(document)
            profile = Profile.from_json(document.get("profile"))
            events = decode_events(document.get("events"))
        except RecordFormatError as error:
            raise LearnerFileError("lr_file_" + error.reason) from None
        except ValueError:
            raise LearnerFileError("lr_file_damaged") from None
        if profile.id in self.profiles:
            self.merge_events(profile.id, events)
            return profile.id
        if len(self.profiles) >= PROFILE_LIMIT:
            raise ProfileError("lr_too_many_profiles", n=PROFILE_LIMIT)
        profile = self._free_name(profile)
        self.profiles[profile.id] = profile
        self._learners[profile.id] = Learner.from_events(merge(events), plan=self.plan, tz=self.tz)
        self._follow_counter(self._learners[profile.id].events)
        return profile.id

    def merge_events(self, profile_id: str, events: Iterable[Event]) -> int:
        """Add to a child's record the events it does not hold yet (an imported file, or what
        the class's server holds from the child's other devices), each once and in time
        order; returns how many were new. The record is rebuilt only when one is."""
        learner = self.learner(profile_id)
        fresh = [e for e in merge(events) if (e.device, e.seq) not in learner.ids]
        if fresh:
            everything = merge(learner.events, fresh)
            self._learners[profile_id] = Learner.from_events(everything, plan=self.plan, tz=self.tz)
            self._forget_chunks(profile_id)
            self._follow_counter(fresh)
        return len(fresh)

    def _follow_counter(self, events: Iterable[Event]) -> None:
        """An event of this device's id moves its counter past it (ids are never given twice)."""
        for event in events:
            if event.device == self.device_id:
                self.next_seq = max(self.next_seq, event.seq + 1)

    def _free_name(self, profile: Profile) -> Profile:
        taken = {p.name.casefold() for p in self.profiles.values()}
        name, n = profile.name, 2
        while name.casefold() in taken:
            suffix = f" {n}"
            name = profile.name[: 20 - len(suffix)] + suffix
            n += 1
        return Profile(profile.id, name, profile.picture, profile.created)

    def _forget_chunks(self, profile_id: str) -> None:
        prefix = _chunk_key(profile_id, 0)[:-1]
        for key in [k for k in self._packed if k.startswith(prefix)]:
            del self._packed[key]
