"""What a server's rooms of every kind share: the tables (:mod:`vandatta_widgets.tables.service`) and
the classes answering (:mod:`vandatta_widgets.tables.poll_service`) are both rooms behind a code a child
types, kept in a store through a restart, with pages open at them.

:class:`RoomService` holds them, once for every kind:

- **codes**: a fresh code for each new room; a typed code looked up with the guessers slowed
  (:class:`~vandatta_widgets.tables.codes.GuessLimit`: a right code is slowed, never refused);
- **each visitor's limits** (:class:`~vandatta_widgets.tables.codes.MakeLimit`) and a full server
  making room with the room left alone longest, if nobody is using it;
- **the store**: the rooms loaded at start (rows that cannot be read or loaded are reported in
  ``broken`` and not served), every change written before any page is told, a write that fails
  rolled back to what the store holds and told once a minute (``on_event``);
- **expiry** of the rooms left idle too long;
- **the pages** open at each room (anything with ``send(dict)``): a page gone mid-send is
  dropped, the room goes on.

A kind of room says what differs (:class:`RoomKind`: its words and refusals) and fills in
how its rooms are loaded, rolled back and drawn for a page.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from ..base.problem import Problem
from .codes import CodeError, GuessLimit, MakeLimit, new_code, parse_code, visitor_key

__all__ = ["StoreError", "Hosted", "OpenPage", "RoomKeeper", "RoomKind", "RoomService", "RoomState"]

_log = logging.getLogger("vandatta.tables")


class StoreError(OSError):
    """The store could not write (or open) its file; what it held before is unchanged."""


class RoomState(Protocol):
    """What the service needs of a room (a :class:`~vandatta_widgets.tables.table.Table`, a
    :class:`~vandatta_widgets.tables.poll.Poll`)."""

    code: str
    touched: float  # the last change: idle this long, the room expires
    version: int  # one more at every change

    def to_json(self) -> dict: ...


class OpenPage(Protocol):
    """One open page at a room (a websocket): the room's code once connected, its language."""

    code: str | None
    lang: str

    def send(self, frame: dict) -> None: ...


class RoomKeeper(Protocol):
    """What the service needs of its store: :class:`vandatta_widgets.server.table_store.TableStore` (an
    SQLite file) and :class:`vandatta_widgets.server.rooms.RoomStore` (the classes' database) are both one."""

    broken: list[str]  # rows the last load_all could not read

    def save(self, code: str, data: dict, *, expires: float) -> str: ...

    def delete(self, code: str) -> None: ...

    def load_all(self, *, now: float) -> dict[str, dict]: ...


@dataclass(frozen=True)
class RoomKind:
    """How one kind of room is named in the terminal and refused in the visitor's language."""

    noun: str  # in the log: "table %s in the store could not be loaded"
    plural: str  # in the log: "the tables could not be saved"
    store_kind: str  # the event of a write that failed: {"kind": "tables"}
    problem: type[Problem]  # its refusals' class (the handlers catch it)
    bad_code: str  # catalog keys: text that is no code,
    slow_down: str  # a flood of guesses,
    missing: str  # no such room (with ``code``),
    too_many_yours: str  # past the visitor's limits,
    full: str  # a server full of rooms in use
    not_saved: str = "tb_not_saved"  # the store could not write the change


R = TypeVar("R", bound=RoomState)
P = TypeVar("P", bound=OpenPage)


@dataclass
class Hosted(Generic[R, P]):
    """A room as its service keeps it: the room, the pages open at it, what the store holds."""

    room: R
    pages: list[P] = field(default_factory=list)
    saved: int = -1  # the room's version last written to the store
    on_disk: str | None = None  # what the store holds of it (a failed write goes back to it)


H = TypeVar("H", bound=Hosted[Any, Any])


class RoomService(Generic[R, H]):
    """The rooms of one kind on one server. ``idle_hours``: a room nobody touched for this long
    is gone, with its code; ``max_rooms`` at once, and when full the room left alone longest
    makes room unless it is in use (a page open at it, or touched in the last
    ``in_use_minutes``); ``lookups_per_minute``: wrong codes per visitor a minute before its
    lookups wait their turn; ``makers``: how many rooms each visitor may make."""

    # a room past its idle time is let go before a code is looked up (False: only when a room
    # is made, as the classes have always done)
    expire_on_find = True

    def __init__(
        self,
        store: RoomKeeper,
        *,
        kind: RoomKind,
        idle_hours: float,
        max_rooms: int,
        in_use_minutes: float,
        lookups_per_minute: int,
        makers: MakeLimit,
        clock: Callable[[], float],
    ) -> None:
        self.store = store
        self.kind = kind
        self.idle_hours = idle_hours
        self.max_rooms = max_rooms
        self.in_use_minutes = in_use_minutes
        self.clock = clock
        self.lookups = GuessLimit(misses=lookups_per_minute, per_seconds=60.0)
        self.makers = makers
        self._rooms: dict[str, H] = {}
        # a write that failed (the file read-only, the disk full) is told here, e.g. to the
        # terminal: {"event": "store_write_failed", "kind": "tables"}
        self.on_event: Callable[[dict], None] = lambda event: None
        self._write_failed_told = -1e9
        now = clock()
        loaded = store.load_all(now=now)
        self.broken: list[str] = list(store.broken)  # rows that could not be loaded: reported
        for code, data in loaded.items():
            try:
                room = self._load(data, now=now)
            except Exception as error:  # any damage in one row: that room alone is not served
                self.broken.append(code)
                _log.warning(
                    "%s %s in the store could not be loaded (%r): not served", kind.noun, code, error
                )
                continue
            hosted = self._host(room)
            hosted.saved = room.version
            hosted.on_disk = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
            self._rooms[code] = hosted
        for code in store.broken:
            _log.warning("%s %s in the store could not be read: left there, not served", kind.noun, code)
        self.broken.sort()

    # -- what a kind of room fills in -------------------------------------------------------

    def _load(self, data: dict, *, now: float) -> R:
        """A room from what the store holds (any exception: a broken row)."""
        raise NotImplementedError

    def _host(self, room: R) -> H:
        """A new room as this service keeps it."""
        raise NotImplementedError

    def _roll_back(self, hosted: H, data: dict) -> None:
        """The room goes back to ``data``, what the store holds, after a write that failed."""
        raise NotImplementedError

    def _send(self, hosted: H, page: Any) -> None:
        """Send ``page`` its frame (with :meth:`_deliver`)."""
        raise NotImplementedError

    def _stop(self, hosted: H) -> None:
        """What a room leaving memory must stop first (nothing, unless the kind says)."""

    def _finished(self, hosted: H) -> bool:
        """Whether a room goes before its idle time is over (never, unless the kind says)."""
        return False

    # -- making and finding rooms -----------------------------------------------------------

    def _admit(self, visitor: str) -> tuple[str, float, Callable[[str], bool]]:
        """Before a visitor (their address) makes a room: the expired rooms go, then the
        visitor's limits are checked. Their key, the time and which rooms are in use."""
        self._expire()
        now = self.clock()
        key = visitor_key(visitor)
        quiet_since = now - self.in_use_minutes * 60

        def in_use(code: str) -> bool:
            hosted = self._rooms.get(code)
            return hosted is not None and (bool(hosted.pages) or hosted.room.touched > quiet_since)

        if self.makers.refusal(key, now=now, in_use=in_use) is not None:
            raise self.kind.problem(self.kind.too_many_yours)
        return key, now, in_use

    def _make_room(self, in_use: Callable[[str], bool]) -> None:
        """When the server is full, the room left alone longest goes, if nobody is using it."""
        if len(self._rooms) < self.max_rooms:
            return
        quiet = [(hosted.room.touched, code) for code, hosted in self._rooms.items() if not in_use(code)]
        if not quiet:
            raise self.kind.problem(self.kind.full)
        gone = min(quiet)[1]
        self._let_go(gone)
        self.store.delete(gone)

    def _fresh_code(self) -> str:
        code = new_code()
        while code in self._rooms:
            code = new_code()
        return code

    def _settle_in(self, key: str, room: R, *, now: float) -> None:
        """A room just made joins the others, is written, and is the visitor ``key``'s."""
        code = room.code
        self._rooms[code] = hosted = self._host(room)
        self._write(hosted)
        self.makers.made(key, code, now=now)
        self.lookups.learn(key, code)

    async def find(self, text: object, *, visitor: str) -> R:
        """The room of a typed code, for a visitor (their address): the kind's problem if there
        is none. A visitor who typed too many wrong codes in the last minute waits its turn for
        codes it has not made or found before (the kind's ``slow_down`` only for a flood); a
        right code is never refused for it."""
        key = visitor_key(visitor)
        try:
            code = parse_code(text)
        except CodeError as error:
            self.lookups.missed(key, now=time.monotonic())
            raise self.kind.problem(self.kind.bad_code) from error
        if not self.lookups.knows(key, code):
            wait = self.lookups.wait(key, now=time.monotonic())
            if wait is None:
                raise self.kind.problem(self.kind.slow_down)
            if wait > 0:
                await asyncio.sleep(wait)
        if self.expire_on_find:
            self._expire()
        hosted = self._rooms.get(code)
        if hosted is None:
            if not self.lookups.knows(key, code):  # a code once found here and now gone is no guess
                self.lookups.missed(key, now=time.monotonic())
            raise self.kind.problem(self.kind.missing, code=code)
        self.lookups.learn(key, hosted.room.code)  # the room's own string: no copy kept per visitor
        return hosted.room

    def _hosted(self, code: str) -> H:
        hosted = self._rooms.get(code)
        if hosted is None:
            raise self.kind.problem(self.kind.missing, code=code)
        return hosted

    # -- pages ------------------------------------------------------------------------------

    def _detach(self, page: OpenPage) -> H | None:
        """``page`` closed: off its room, which is returned (None if it was at none)."""
        hosted = self._rooms.get(getattr(page, "code", None) or "")
        if hosted is None or page not in hosted.pages:
            return None
        hosted.pages.remove(page)
        return hosted

    def set_view(self, page: OpenPage, *, lang: str | None = None) -> None:
        """The page's language changed: it gets its frame again in the new one."""
        if lang is not None:
            page.lang = lang
        hosted = self._rooms.get(page.code or "")
        if hosted is not None:
            self._send(hosted, page)

    def _broadcast(self, hosted: H) -> None:
        for page in list(hosted.pages):
            self._send(hosted, page)

    def _deliver(self, hosted: H, page: OpenPage, frame: dict) -> None:
        try:
            page.send(frame)
        except Exception:  # a page that went away mid-send: it is dropped, the room goes on
            _log.info("a page of %s %s went away mid-send", self.kind.noun, hosted.room.code, exc_info=True)
            if page in hosted.pages:
                hosted.pages.remove(page)

    @staticmethod
    def _refuse(page: OpenPage, problem: Problem) -> None:
        """A refusal told to that page alone, in its language."""
        page.send({"type": "error", "key": problem.key, "text": problem.text(page.lang)})

    # -- the store --------------------------------------------------------------------------

    def _write(self, hosted: H) -> None:
        """Write the room; if the store cannot, the room goes back to what the store holds (a
        room never written is gone) and the kind's ``not_saved`` problem is raised, before any
        page is told: memory never runs ahead of the file, whoever made the change."""
        code = hosted.room.code
        expires = hosted.room.touched + self.idle_hours * 3600
        try:
            hosted.on_disk = self.store.save(code, hosted.room.to_json(), expires=expires)
        except StoreError as error:
            if hosted.on_disk is None:  # a new room: it was never there
                self._let_go(code)
            else:
                self._roll_back(hosted, json.loads(hosted.on_disk))
            hosted.saved = hosted.room.version
            self._tell_write_failed(error)
            raise self.kind.problem(self.kind.not_saved) from error
        hosted.saved = hosted.room.version

    def _tell_write_failed(self, error: StoreError) -> None:
        now = time.monotonic()
        if now - self._write_failed_told < 60:  # once a minute: a stuck disk fails every change
            return
        self._write_failed_told = now
        _log.warning("the %s could not be saved, the change was refused: %s", self.kind.plural, error)
        self.on_event({"event": "store_write_failed", "kind": self.kind.store_kind})

    def _let_go(self, code: str) -> None:
        """The room leaves memory, its pages with it (the store is the caller's)."""
        self._stop(self._rooms.pop(code))

    def _expire(self) -> None:
        now = self.clock()
        for code, hosted in list(self._rooms.items()):
            if hosted.room.touched + self.idle_hours * 3600 <= now or self._finished(hosted):
                self._let_go(code)
                self.store.delete(code)
