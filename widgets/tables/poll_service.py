"""Every class answering on one server (:class:`PollService`): the rooms of
:mod:`vandatta_widgets.tables.poll`, the pages open at each (the projector's and the pupils'), and the
store. What it shares with the tables' service (codes, limits, the store, expiry, pages) is
:class:`vandatta_widgets.tables.rooms.RoomService`'s.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Protocol

from .codes import MakeLimit
from .poll import Poll, PollProblem
from .rooms import Hosted, RoomKeeper, RoomKind, RoomService

__all__ = [
    "PollService",
    "PollPage",
    "MAX_POLLS",
    "POLLS_AT_ONCE",
    "POLL_EVERY_SECONDS",
    "POLLS_IN_USE",
]

MAX_POLLS = 100  # classes open at once on one server
# Classes one visitor (address, IPv6 /64) may open: 20 at once, then one a minute, at most 20
# of theirs in use (a page open, or an answer in the last 15 minutes). A teacher opens one per
# round shown; a school's teachers share its address: four showing five rounds each fit.
POLLS_AT_ONCE = 20
POLL_EVERY_SECONDS = 60.0
POLLS_IN_USE = 20
IN_USE_MINUTES = 15.0  # a class with no page open and untouched this long makes room when full
CLASSES = RoomKind(
    noun="class",
    plural="classes",
    store_kind="polls",
    problem=PollProblem,
    bad_code="cl_bad_code",
    slow_down="cl_slow_down",
    missing="cl_no_class",
    too_many_yours="cl_too_many_yours",
    full="cl_too_many",
)
_TEACHERS_ASK = ("ask", "reveal", "names", "marks", "pause", "close")


class PollPage(Protocol):
    """A page open at a class: the projector (``role`` "teacher") or a pupil's, with the token
    it came with (a new pupil's is given by :meth:`PollService.connect`)."""

    code: str | None
    lang: str
    role: str
    token: str | None

    def send(self, frame: dict) -> None: ...


_Class = Hosted[Poll, PollPage]


class PollService(RoomService[Poll, _Class]):
    """Every poll of one server, the pages connected to each (a page is anything with
    ``send(dict)``, as for tables), and the store (a :class:`~vandatta_widgets.server.table_store.TableStore`
    of kind ``"polls"``). The projector's pages get the counts at every answer; the pupils'
    pages get their own frame at every question and reveal.

    >>> from vandatta import write_record
    >>> from vandatta.ai import demo_game
    >>> from .service import RecordingPage
    >>> from ..server.table_store import TableStore
    >>> service = PollService(TableStore(":memory:", kind="polls"))
    >>> made = service.create(write_record(demo_game()))
    >>> teacher, pupil = RecordingPage(), RecordingPage()
    >>> service.connect(made["code"], made["token"], teacher, lang="sv")
    >>> service.connect(made["code"], None, pupil, lang="en")
    >>> pupil.frames[0]["type"], pupil.frames[-1]["state"]
    ('welcome', 'waiting')
    >>> service.page_act(teacher, {"type": "ask", "ply": 0})
    >>> service.page_act(pupil, {"type": "answer", "move": "draw"})
    >>> teacher.frames[-1]["answered"], pupil.frames[-1]["answer"]
    (1, 'draw')
    """

    expire_on_find = False  # as it has always been: a class past its time goes when one is made

    def __init__(
        self,
        store: RoomKeeper,
        *,
        idle_hours: float = 12.0,
        lookups_per_minute: int = 60,
        clock: Callable[[], float] | None = None,
    ) -> None:
        super().__init__(
            store,
            kind=CLASSES,
            idle_hours=idle_hours,
            max_rooms=MAX_POLLS,
            in_use_minutes=IN_USE_MINUTES,
            lookups_per_minute=lookups_per_minute,
            makers=MakeLimit(burst=POLLS_AT_ONCE, every=POLL_EVERY_SECONDS, in_use=POLLS_IN_USE),
            clock=clock or time.time,
        )

    def _load(self, data: dict, *, now: float) -> Poll:
        return Poll.from_json(data, now=now)

    def _host(self, room: Poll) -> _Class:
        return Hosted(room)

    def _roll_back(self, hosted: _Class, data: dict) -> None:
        hosted.room = Poll.from_json(data, now=hosted.room.touched)

    @property
    def polls(self) -> dict[str, Poll]:
        return {code: hosted.room for code, hosted in self._rooms.items()}

    def create(self, record: object, *, visitor: str = "?") -> dict:
        """A new poll for a round's record, for a visitor (their address): its code and the
        teacher's token. ``cl_too_many_yours`` past the visitor's limits (:data:`POLLS_AT_ONCE`,
        :data:`POLL_EVERY_SECONDS`, :data:`POLLS_IN_USE`), ``cl_too_many`` when the server has
        :data:`MAX_POLLS` classes in use."""
        key, now, in_use = self._admit(visitor)
        # a bad record is refused before anything goes
        poll = Poll.create(record, code=self._fresh_code(), now=now)
        self._make_room(in_use)
        self._settle_in(key, poll, now=now)
        return {"code": poll.code, "token": poll.owner_token}

    # -- pages ----------------------------------------------------------------------------

    def connect(self, code: str, token: object, page: PollPage, *, lang: str = "sv") -> None:
        """Open ``page`` at poll ``code``: the teacher's token makes it the projector; a
        pupil's known token brings back their answers; otherwise the page is a new pupil and
        is sent its token first (``{"type": "welcome", "token": …}``)."""
        hosted = self._hosted(code)
        poll = hosted.room
        page.code, page.lang = code, lang
        if poll.is_teacher(token):
            page.role, page.token = "teacher", str(token)
        else:
            page.role = "pupil"
            if poll.pupil(token) is None:
                token = poll.add_pupil(now=self.clock())
                self._write(hosted)
                page.send({"type": "welcome", "token": token})
            page.token = str(token)
        hosted.pages.append(page)
        self._send(hosted, page)
        self._tell_teachers(hosted)

    def disconnect(self, page: PollPage) -> None:
        hosted = self._detach(page)
        if hosted is not None:
            self._tell_teachers(hosted)

    def page_act(self, page: Any, message: object) -> None:
        """A page's message (``page``: a :class:`PollPage`, as the sockets' handlers give it);
        a refusal goes to that page alone, in its language, and changes nothing."""
        hosted = self._rooms.get(getattr(page, "code", None) or "")
        try:
            if hosted is None:
                raise PollProblem("cl_no_class", code=getattr(page, "code", ""))
            if not isinstance(message, dict):
                raise PollProblem("cl_bad_request")
            self._act(hosted, page, message)
        except PollProblem as problem:
            self._refuse(page, problem)

    def _act(self, hosted: _Class, page: PollPage, message: dict) -> None:
        poll = hosted.room
        kind = message.get("type")
        now = self.clock()
        token = page.token
        if kind in ("answer", "name") and page.role == "pupil":
            if kind == "answer":
                poll.answer(token, message.get("move"), now=now)
            else:
                poll.set_name(token, message.get("name"), now=now)
            self._write(hosted)
            self._send(hosted, page)
            self._tell_teachers(hosted)
        elif kind in _TEACHERS_ASK:
            before = poll.version
            if kind == "ask":
                poll.ask(token, ply=message.get("ply"), strong=message.get("strong"), now=now)
            elif kind == "reveal":
                poll.reveal(token, now=now)
            elif kind == "close":
                poll.close(token, now=now)
            else:
                setter = {"names": poll.set_names, "marks": poll.set_marks, "pause": poll.set_paused}[kind]
                setter(token, message.get("on"), now=now)
            if poll.version != before:
                self._changed(hosted)
        else:
            raise PollProblem("cl_bad_request")

    def _changed(self, hosted: _Class) -> None:
        self._write(hosted)
        self._broadcast(hosted)

    def _tell_teachers(self, hosted: _Class) -> None:
        for page in list(hosted.pages):
            if page.role == "teacher":
                self._send(hosted, page)

    def _send(self, hosted: _Class, page: PollPage) -> None:
        poll = hosted.room
        if page.role == "teacher":
            here = sum(1 for p in hosted.pages if p.role == "pupil")
            frame = poll.teacher_frame(page.lang, here=here)
        else:
            frame = poll.pupil_frame(page.token, page.lang)
        self._deliver(hosted, page, frame)
