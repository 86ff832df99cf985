"""All the tables of one server: making and finding them by code, the pages connected to each
seat, the computers' pace, seats covered while their person is away, and the store.

>>> import asyncio
>>> from vandatta_widgets.server.table_store import TableStore
>>> async def demo():
...     service = TableService(TableStore(":memory:"), pace=0.0)
...     made = service.create({"seats": ["person", "expert"]}, name="Ada", lang="en")
...     page = RecordingPage()
...     service.connect(made["code"], made["token"], page, lang="en")
...     service.act(made["code"], made["token"], {"type": "start"})
...     await service.settle()
...     return page.frames[-1]["status"], page.frames[-1]["seat"], len(page.frames[-1]["hand"]) > 0
>>> asyncio.run(demo())
('playing', 0, True)

A page is anything with ``send(dict)``; each gets frames for its own seat only, in its own
language. Everything here runs on the server's one event loop (tornado's), never in threads;
a server's computer players think in processes of their own (:mod:`vandatta_widgets.tables.thinking`),
the loop only hands their moves out and makes them when they come back.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import functools
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

from vandatta import IllegalMoveError
from vandatta.ai import make_player

from ..play.session import SessionError
from .codes import MakeLimit
from .rooms import Hosted, RoomKeeper, RoomKind, RoomService
from .table import ComputerTurn, Table, TableProblem, TableSettings
from .thinking import QUICK_PLAYER, ThinkingPool, decide

__all__ = ["TableService", "Page", "RecordingPage", "ServiceLimits"]

_log = logging.getLogger("vandatta.tables")
RETRY_UNSAVED_SECONDS = 5.0  # a computer's move the store could not write is tried again after this
TABLES = RoomKind(
    noun="table",
    plural="tables",
    store_kind="tables",
    problem=TableProblem,
    bad_code="tb_bad_code",
    slow_down="tb_slow_down",
    missing="tb_no_table",
    too_many_yours="tb_too_many_yours",
    full="tb_full",
)


@dataclass(frozen=True)
class ServiceLimits:
    """The caps of one server: how many tables, how long an idle table lives, how fast codes
    can be tried, how long a seat may stay empty before a computer plays it."""

    max_tables: int = 200
    idle_hours: float = 12.0  # a table nobody touched for this long is gone, with its code
    # wrong codes per visitor (address, IPv6 /64) a minute; then its lookups of codes it does not
    # know wait their turn (one a second), answered truly: a right code is slowed, never refused,
    # and the codes made or found there never wait (a class behind one school address)
    lookups_per_minute: int = 60
    # tables one visitor may make: 60 at once, then one every 15 s, and at most 80 of theirs in
    # use (a page open at it, or a move in the last 15 minutes). A class of 30 behind one school
    # address needs 30 at the most (each pupil alone with computers), the class just before it
    # as many again; one visitor keeps at most 80 of the server's 200 from making room
    tables_at_once: int = 60
    table_every_seconds: float = 15.0
    tables_in_use: int = 80
    # a table with no page open and no move this long is not in use: when the server is full,
    # the one left alone longest makes room for a new one
    in_use_minutes: float = 15.0
    away_seconds: float = 45.0  # then a computer plays the seat until its person is back
    pages_per_table: int = 40  # open pages at one table: its seats' (a few each) and onlookers


class Page:
    """One open page at a table (a websocket): its seat (None: only looking) and language."""

    def __init__(self) -> None:
        self.seat: int | None = None
        self.lang = "sv"
        self.code: str | None = None

    def send(self, frame: dict) -> None:  # pragma: no cover - overridden
        raise NotImplementedError


class RecordingPage(Page):
    """A page that keeps every frame it was sent (for tests and the benchmark's light clients)."""

    def __init__(self) -> None:
        super().__init__()
        self.frames: list[dict] = []

    def send(self, frame: dict) -> None:
        self.frames.append(frame)


@dataclass
class _Room(Hosted[Table, Page]):
    timer: asyncio.TimerHandle | None = None
    thinking: asyncio.Future | None = None  # a computer's move being worked out in the pool

    @property
    def table(self) -> Table:
        return self.room


class TableService(RoomService[Table, _Room]):
    """The tables of one server. ``pace``: seconds between a computer's moves (so people can
    follow them); ``clock``: the time source (tests pass their own); ``thinking``: the pool of
    processes where the computers' moves are worked out (a server's; without one they are
    worked out on the loop itself, which only a script or a test should do). :meth:`close`
    stops the pool. What every kind of room shares (codes, limits, the store, expiry, pages) is
    :class:`vandatta_widgets.tables.rooms.RoomService`'s."""

    def __init__(
        self,
        store: RoomKeeper,
        *,
        limits: ServiceLimits | None = None,
        pace: float = 1.0,
        clock: Callable[[], float] = time.time,
        thinking: ThinkingPool | None = None,
    ) -> None:
        self.limits = limits = limits or ServiceLimits()
        self.pace = pace
        self.thinking = thinking
        self._away_task: asyncio.Task | None = None
        super().__init__(
            store,
            kind=TABLES,
            idle_hours=limits.idle_hours,
            max_rooms=limits.max_tables,
            in_use_minutes=limits.in_use_minutes,
            lookups_per_minute=limits.lookups_per_minute,
            makers=MakeLimit(
                burst=limits.tables_at_once, every=limits.table_every_seconds, in_use=limits.tables_in_use
            ),
            clock=clock,
        )

    def _load(self, data: dict, *, now: float) -> Table:
        return Table.from_json(data, now=now)

    def _host(self, room: Table) -> _Room:
        return _Room(room)

    def _roll_back(self, hosted: _Room, data: dict) -> None:
        hosted.table.restore(data)

    def _stop(self, hosted: _Room) -> None:
        if hosted.timer is not None:
            hosted.timer.cancel()

    def _finished(self, hosted: _Room) -> bool:
        return hosted.table.status == "closed" and not hosted.pages

    # -- tables -----------------------------------------------------------------------------

    @property
    def tables(self) -> dict[str, Table]:
        return {code: room.table for code, room in self._rooms.items()}

    def create(
        self, data: object, *, name: object = None, seat: object = 0, lang: str = "sv", visitor: str = "?"
    ) -> dict:
        """Make a table from a page's settings for a visitor (their address); its maker sits in
        ``seat`` (a person's seat, or None to only run it). Returns the code, the maker's token
        and seat. :class:`TableProblem` ``tb_too_many_yours`` past the visitor's limits
        (:class:`ServiceLimits`), ``tb_full`` when the server is full of tables in use."""
        key, now, in_use = self._admit(visitor)
        settings = TableSettings.parse(data)
        self._make_room(in_use)
        table = Table.create(settings, code=self._fresh_code(), now=now)
        token = table.owner_token
        if seat is not None:
            table.join(seat, name, now=now, token=token)
        self._settle_in(key, table, now=now)
        return {"code": table.code, "token": token, "seat": table.seat_of(token)}

    def summary(self, code: str, lang: str) -> dict:
        """What a page may know before it sits: the seats (names, which are free), the rules."""
        return self._hosted(code).table.frame(None, lang=lang)

    def join(self, code: str, seat: object, name: object) -> dict:
        room = self._hosted(code)
        token = room.table.join(seat, name, now=self.clock())
        self._changed(code)
        return {"code": code, "token": token, "seat": room.table.seat_of(token)}

    def act(self, code: str, token: str | None, message: object) -> None:
        """A page's request; :class:`TableProblem` or :class:`vandatta.IllegalMoveError` when
        refused (the table unchanged) — ``tb_not_saved`` when the store could not write it:
        then the table is what the store holds, as before the request, and no page is told."""
        room = self._hosted(code)
        room.table.act(token, message, now=self.clock())
        self._changed(code)

    # -- pages ------------------------------------------------------------------------------

    def connect(self, code: str, token: str | None, page: Page, *, lang: str = "sv") -> None:
        """Open ``page`` at table ``code`` as the seat of ``token`` (or only looking)."""
        room = self._hosted(code)
        if len(room.pages) >= self.limits.pages_per_table:
            raise TableProblem("tb_too_many_pages")
        page.code, page.lang = code, lang
        page.seat = room.table.seat_of(token)
        room.pages.append(page)
        if page.seat is not None:
            room.table.page_opened(page.seat, now=self.clock())
        self._send(room, page)
        self._changed(code, broadcast=True)
        self._watch_away()

    def disconnect(self, page: Page) -> None:
        room = self._detach(page)
        if room is None:
            return
        if page.seat is not None:
            room.table.page_closed(page.seat, now=self.clock())
            self._changed(room.table.code)

    def sit(self, page: Page, token: str | None) -> None:
        """``page`` took a seat after it connected (with the token :meth:`join` gave it)."""
        room = self._rooms.get(page.code or "")
        if room is None or page.seat is not None:
            return
        page.seat = room.table.seat_of(token)
        if page.seat is not None:
            room.table.page_opened(page.seat, now=self.clock())
            self._changed(room.table.code)
        else:
            self._send(room, page)

    def page_act(self, page: Page, token: str | None, message: object) -> None:
        """A page's request; a refusal is told to that page alone, in its language."""
        code = page.code or ""
        try:
            self.act(code, token, message)
        except TableProblem as problem:
            self._refuse(page, problem)
        except IllegalMoveError as error:
            verdict = error.verdict
            page.send({"type": "error", "key": "illegal", "text": " ".join(verdict.lines(page.lang))})

    # -- after every change -----------------------------------------------------------------

    def _changed(self, code: str, *, broadcast: bool = True) -> None:
        """Save, then tell the pages: a change the store refused is told to nobody (the
        caller's :class:`TableProblem` says why); a computer due tries again after the pace."""
        room = self._rooms.get(code)
        if room is None:
            return
        try:
            self._save(code)
        except TableProblem:
            if self._rooms.get(code) is room:
                self._retry_later(room)
            raise
        if broadcast:
            self._broadcast(room)
        self._schedule(room)
        if room.table.status == "closed":
            for page in list(room.pages):
                room.pages.remove(page)

    def _send(self, room: _Room, page: Page) -> None:
        frame = room.table.frame(page.seat, lang=page.lang)
        frame["owner"] = (
            page.seat is not None
            and room.table.claims.get(page.seat) is not None
            and (room.table.claims[page.seat].token == room.table.owner)
        )
        self._deliver(room, page, frame)

    def _save(self, code: str) -> None:
        """Write the table if it changed since (a closed one always): :class:`TableProblem`
        ``tb_not_saved`` if the store cannot, the table back to what the store holds."""
        room = self._rooms[code]
        if room.saved == room.table.version and room.table.status != "closed":
            return
        self._write(room)

    def _retry_later(self, room: _Room) -> None:
        """A computer's move the store refused is made again later, not at the pace: a file
        another program holds makes every try wait the store's ``busy_seconds`` on the loop."""
        self._schedule(room, after=max(self.pace, RETRY_UNSAVED_SECONDS))

    def _schedule(self, room: _Room, *, after: float | None = None) -> None:
        """A computer to move: its move comes after the pace (or ``after`` seconds), so people
        can follow."""
        if room.timer is not None or room.thinking is not None or not room.table.computer_due():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop (a script): the caller runs computers with step_computers()
        room.timer = loop.call_later(
            self.pace if after is None else after, self._computer_turn, room.table.code
        )

    def _computer_turn(self, code: str) -> None:
        """The pace is over: the move is handed to the pool (or, without one, made here)."""
        room = self._rooms.get(code)
        if room is None:
            return
        room.timer = None
        if self.thinking is None or self.thinking.closed:
            if room.table.computer_step(now=self.clock()):
                self._computer_changed(code)
            return
        turn = room.table.computer_turn()
        if turn is None:
            return
        room.thinking = future = self.thinking.think(turn.player, turn.view)
        future.add_done_callback(functools.partial(self._computer_thought, code, turn))

    def _computer_thought(self, code: str, turn: ComputerTurn, future: asyncio.Future) -> None:
        """The pool's answer: made if the table is still where it was, else thought again."""
        room = self._rooms.get(code)
        if room is None or room.thinking is not future:
            return
        room.thinking = None
        if future.cancelled():
            return
        error = future.exception()
        if error is None:
            move, notes = future.result()
        else:  # the worker died (killed, out of memory): the quick player moves, here
            _log.warning("table %s: a computer's move could not be worked out (%r)", code, error)
            if isinstance(error, concurrent.futures.BrokenExecutor) and self.thinking is not None:
                self.thinking.forget_broken()
            move, notes = decide(make_player(QUICK_PLAYER, seed=turn.view.ply), turn.view)
        try:
            moved = room.table.computer_moved(turn, move, notes, now=self.clock())
        except (TableProblem, SessionError, ValueError):  # cannot happen at the same version
            _log.exception("table %s: a computer's move was refused", code)
            moved = False
        if moved:
            self._computer_changed(code)
        else:
            self._schedule(room)

    def _computer_changed(self, code: str) -> None:
        """After a computer's move (a loop callback: nobody to answer): a save the store
        refused was already undone, told to the terminal and put to be tried again later."""
        with contextlib.suppress(TableProblem):
            self._changed(code)

    def step_computers(self, code: str, *, max_moves: int = 1000) -> int:
        """Make the computers' moves now (without the pace, here rather than in the pool): for
        scripts and tests."""
        room = self._hosted(code)
        made = 0
        while made < max_moves and room.table.computer_step(now=self.clock()):
            made += 1
        if made:
            self._changed(code)
        return made

    async def settle(self, *, timeout: float = 30.0) -> None:
        """Wait until no computer move is pending (tests, the benchmark)."""
        deadline = asyncio.get_running_loop().time() + timeout
        while any(room.timer is not None or room.thinking is not None for room in self._rooms.values()):
            if asyncio.get_running_loop().time() > deadline:
                raise TimeoutError("computer moves still pending")
            await asyncio.sleep(0.01)

    def close(self) -> None:
        """The server stops: no computer moves any more, the pool's processes end."""
        for room in self._rooms.values():
            if room.timer is not None:
                room.timer.cancel()
                room.timer = None
            room.thinking = None
        if self.thinking is not None:
            self.thinking.close()

    def _watch_away(self) -> None:
        if self._away_task is not None and not self._away_task.done():
            return
        try:
            self._away_task = asyncio.get_running_loop().create_task(self._away_loop())
        except RuntimeError:
            return

    async def _away_loop(self) -> None:
        every = max(0.2, min(5.0, self.limits.away_seconds / 4))
        while self._rooms:
            await asyncio.sleep(every)
            self.check_away()

    def check_away(self) -> None:
        """Cover the seats whose person has been away too long, and drop expired tables."""
        now = self.clock()
        for code, room in list(self._rooms.items()):
            if room.table.cover_away(now=now, after=self.limits.away_seconds):
                try:
                    self._changed(code)
                except TableProblem:  # undone and told; the watch goes on for the other tables
                    continue
        self._expire()
