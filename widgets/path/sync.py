"""A child's progress to their class (issue 42): the device keeps every answer; when the child
has joined a class, the browser sends what the class's server has not confirmed yet.

**Who sends.** The browser (``sync.js``, the front end of :class:`ClassCourier`): the page that
shows the lesson is on the child's device and on the school's network, while the kernel may
be elsewhere (the dashboard's server, the pupil's own server on a hub, the browser itself in
JupyterLite), and only the browser holds the hub's sign-in cookie. The kernel decides *what*
to send (:class:`ClassSync`, this module), the browser only carries it: one request per lane
at a time, retried while the device is offline (waits of 1, 2, 4 … up to 60 seconds, and at
once when the browser says it is online again), its answer handed back.

**Each event once.** Events are never changed, only added, and each has an id that is the same
everywhere (its device and that device's counter). The device remembers, per device id, the
highest counter the server has confirmed (``acknowledged``, kept in the child's sign-in under
``vandatta:class:<profile id>``). It sends, in counter order, the events above it, at most
:data:`BATCH` at a time (:func:`unsent_batch`); the server keeps a batch in one transaction,
ignoring an id it already holds, and answers with the highest counter it holds per device,
which the device takes when it is higher than what it had (:func:`heard`). So:

- an answer that is lost, a request sent twice, a request that arrives late: the same events
  again, which change nothing on the server;
- answers given offline wait on the device (they are in its storage anyway) and go with the
  next request that gets through;
- the counters confirmed only grow, and each batch begins at the first event not confirmed,
  so nothing is skipped.

>>> from vandatta_widgets.learner.events import Event
>>> record = [Event("tab", s, 100 + s, "round", "right", ("R4",)) for s in (1, 2, 3)]
>>> [e.id for e in unsent_batch(record, {"tab": 1})]
['tab.2', 'tab.3']
>>> heard({"tab": 3}, {"acknowledged": {"tab": 2, "pc": 7, "bad": "x"}})
{'tab': 3, 'pc': 7}

**The other way.** Once a page, the device asks the server for what the child did on their
other devices (``POST vandatta/api/pupil/events`` with the highest counter it holds of each
device): those events join the child's record here, each once (the same ids everywhere), and
count as confirmed, so they are never sent back. A child who signs in with their pictures on
the laptop at home finds the stars they earned on the school's tablet.

**The sign-in** a device keeps for a child (:class:`ClassLink`) comes from the path's "Gå med
i en klass" step, or from the class's own join page (``widgets/server/join.js``, which keeps it
under ``vandatta:class``): the first page of the app that opens afterwards gives that sign-in
to the child playing (and marks it as theirs). When the server no longer knows the sign-in (the
teacher deleted the pupil, or reset their pictures), the device says so and stops sending;
the child's record stays on the device.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, urlsplit

import anywidget
import ipywidgets as w

from ..base.safe import BrowserGuard
from ..learner.events import Event, RecordFormatError, decode_events, encode_events, is_count

if TYPE_CHECKING:
    from .session import LearnerSession

__all__ = [
    "BATCH",
    "JOIN_KEY",
    "LINK_PREFIX",
    "ClassCourier",
    "ClassLink",
    "ClassSync",
    "class_base",
    "heard",
    "unsent_batch",
]

_HERE = Path(__file__).resolve().parent

BATCH = 500  # events in one request: the server's vandatta_widgets.server.classes.MAX_EVENTS
JOIN_KEY = "vandatta:class"  # the join page's sign-in (widgets/server/join.js)
LINK_PREFIX = "vandatta:class:"  # + a profile's id: that child's sign-in
TEXT_LIMIT = 400  # characters of a server's sentence taken
_LANES = ("sync", "me", "join")


def unsent_batch(events: Iterable[Event], acknowledged: Mapping[str, int], limit: int = BATCH) -> list[Event]:
    """The next events to send: those above the counter confirmed for their device, by device
    and counter (each device's part begins at its first event not confirmed), at most
    ``limit``."""
    waiting = [e for e in events if e.seq > acknowledged.get(e.device, 0)]
    waiting.sort(key=lambda e: (e.device, e.seq))
    return waiting[:limit]


def held_counters(events: Iterable[Event]) -> dict[str, int]:
    """The highest counter of each device among ``events``.

    >>> from vandatta_widgets.learner.events import Event
    >>> held_counters([Event("tab", s, 100 + s, "round", "right", ("R4",)) for s in (1, 3, 2)])
    {'tab': 3}
    """
    held: dict[str, int] = {}
    for event in events:
        held[event.device] = max(held.get(event.device, 0), event.seq)
    return held


def heard(acknowledged: Mapping[str, int], answer: object) -> dict[str, int]:
    """``acknowledged`` after the server's ``answer`` to a sync: per device the higher of the
    two counters (an old answer arriving late lowers nothing). Anything not shaped as a
    device id and a whole number is ignored."""
    out = dict(acknowledged)
    said = answer.get("acknowledged") if isinstance(answer, dict) else None
    if isinstance(said, dict):
        for device, seq in said.items():
            if isinstance(device, str) and 0 < len(device) <= 200 and is_count(seq):
                out[device] = max(out.get(device, 0), seq)
    return out


def class_base(address: str) -> str | None:
    """Where the class's server is, as a path on the page's own host: ``$VANDATTA_CLASSES_URL``,
    else on a hub the tables' service (``$VANDATTA_TABLES_URL`` without its ``vandatta/table``,
    as ``deploy/jupyterhub`` sets it), else the dashboard's server that serves the page (the
    part of its address before ``voila/``); ``None`` where there is none (JupyterLab alone,
    the static site).

    >>> class_base("http://10.0.0.2:8866/voila/render/sv/01-goal-and-deal.ipynb")
    '/'
    >>> class_base("http://school/vandatta/voila/render/dashboard.ipynb?lang=en")
    '/vandatta/'
    >>> class_base("http://x/lab/index.html") is None
    True
    """
    configured = os.environ.get("VANDATTA_CLASSES_URL", "").strip()
    if configured.startswith("/"):
        return configured if configured.endswith("/") else configured + "/"
    # on a hub the tables' service serves the classes too (vandatta_widgets.server.hub): its prefix
    tables = os.environ.get("VANDATTA_TABLES_URL", "").strip()
    if tables.startswith("/") and tables.endswith("/vandatta/table"):
        return tables[: -len("vandatta/table")]
    path = urlsplit(address or "").path
    at = path.find("/voila/")
    return path[: at + 1] if at >= 0 else None


_LOCAL = re.compile(r"/(?![/\\])[A-Za-z0-9._~%/+-]*")


def _local(value: object) -> str | None:
    """``value`` if it is a path on the page's own host (never ``//other.host`` or ``/\\…``,
    which a browser reads as another host)."""
    return value if isinstance(value, str) and len(value) < 300 and _LOCAL.fullmatch(value) else None


def _text(value: object, limit: int = 100) -> str | None:
    return value if isinstance(value, str) and 0 < len(value) <= limit else None


@dataclass
class ClassLink:
    """A child's sign-in to a class on this device: the class's ``code``, the child's
    ``nickname`` there, the device's ``token`` (the only secret), where the server is
    (``base``), the counters it has confirmed, the class's ``name`` and ``assignments`` as last
    heard, ``out``: the server no longer knows this sign-in, and ``page``: it came from the
    class's join page (signing out there signs the child out here too)."""

    code: str
    nickname: str
    token: str
    base: str
    acknowledged: dict[str, int] = field(default_factory=dict)
    name: str = ""
    assignments: list[dict] = field(default_factory=list)
    out: bool = False
    page: bool = False

    def to_text(self) -> str:
        return json.dumps(
            {
                "code": self.code,
                "nickname": self.nickname,
                "token": self.token,
                "base": self.base,
                "acknowledged": self.acknowledged,
                "name": self.name,
                "assignments": self.assignments,
                "out": self.out,
                "page": self.page,
            },
            ensure_ascii=False,
            separators=(",", ":"),
        )

    @classmethod
    def from_data(cls, data: object, *, base: str | None = None) -> ClassLink | None:
        """A sign-in from its stored JSON (or the server's answer to a join); ``None`` for
        anything not shaped as one. ``base``: where the server is, when ``data`` does not say."""
        if not isinstance(data, dict):
            return None
        code, nickname, token = (
            _text(data.get("code"), 12),
            _text(data.get("nickname"), 40),
            _text(data.get("token")),
        )
        where = _local(data.get("base")) or _local(base)
        if code is None or nickname is None or token is None or where is None:
            return None
        return cls(
            code=code,
            nickname=nickname,
            token=token,
            base=where,
            acknowledged=heard({}, data),
            name=_text(data.get("name"), 60) or "",
            assignments=_assignments(data.get("assignments")),
            out=data.get("out") is True,
            page=data.get("page") is True,
        )

    @classmethod
    def from_text(cls, text: object, *, base: str | None = None) -> ClassLink | None:
        try:
            return cls.from_data(json.loads(text), base=base) if isinstance(text, str) else None
        except ValueError:
            return None


_KINDS = ("lessons", "puzzles", "round")


def _join_token(text: object) -> str | None:
    """The token of the join page's sign-in (``vandatta:class``), if there is one."""
    try:
        data = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        return None
    return _text(data.get("token")) if isinstance(data, dict) else None


def _assignments(value: object) -> list[dict]:
    """The assignments the server sent, each checked field by field (what the path shows)."""
    out: list[dict] = []
    if not isinstance(value, list):
        return out
    for task in value[:50]:
        if not isinstance(task, dict) or task.get("kind") not in _KINDS:
            continue
        tid, due = task.get("id"), task.get("due")
        if not is_count(tid) or not is_count(due):
            continue
        kept: dict[str, Any] = {"id": tid, "kind": task["kind"], "due": due, "done": task.get("done") is True}
        if task["kind"] == "lessons":
            lessons = task.get("lessons")
            if (
                not isinstance(lessons, list)
                or not lessons
                or not all(is_count(n) and 1 <= n <= 11 for n in lessons)
            ):
                continue
            kept["lessons"] = lessons
        elif task["kind"] == "puzzles":
            if not is_count(task.get("level")) or not is_count(task.get("count")):
                continue
            kept["level"], kept["count"] = task["level"], task["count"]
        else:
            level = task.get("level")
            if level not in ("random", "beginner", "expert", "strong"):
                continue
            kept["level"] = level
        out.append(kept)
    return out


class ClassCourier(BrowserGuard, anywidget.AnyWidget):
    """The browser's half (``sync.js``): it makes the requests the kernel asks for and says
    what came back. Shows nothing.

    The kernel sends ``{"request": {"lane", "id", "method", "url", "token", "body", "retry"}}``
    (a new request on a lane replaces the one waiting there); the browser answers
    ``{"answer": id, "status": n, "data": JSON or null}`` once the server answered,
    ``{"waiting": id, "online": bool}`` each time a request with ``retry`` could not get
    through (it tries again by itself), ``{"failed": id, "online": bool}`` when one without
    ``retry`` could not, and ``{"online": bool}`` when the device goes off or on line.

    >>> courier = ClassCourier()
    >>> heard = []
    >>> courier.on_message(lambda kind, content: heard.append((kind, content.get(kind))))
    >>> courier.receive({"answer": 3, "status": 200, "data": {"ids": []}})
    >>> courier.receive({"answer": "3"}); courier.receive({"online": "yes"}); courier.receive([])
    >>> courier.receive({"online": False})
    >>> heard
    [('answer', 3), ('online', False)]
    """

    _esm = _HERE / "sync.js"
    browser_writable = frozenset()

    def __init__(self, **kwargs: object) -> None:
        kwargs.setdefault("layout", w.Layout(display="none"))
        super().__init__(**kwargs)
        self._listeners: list[Callable[[str, dict], object]] = []
        self.on_msg(lambda _widget, content, buffers: self.receive(content, buffers))

    def on_message(self, callback: Callable[[str, dict], object]) -> None:
        """``callback(kind, content)`` for each well-formed message of the browser."""
        self._listeners.append(callback)

    def request(
        self,
        lane: str,
        number: int,
        method: str,
        url: str,
        *,
        token: str | None = None,
        body: object = None,
        retry: bool = False,
    ) -> None:
        self.send(
            {
                "request": {
                    "lane": lane,
                    "id": number,
                    "method": method,
                    "url": url,
                    "token": token,
                    "body": body,
                    "retry": retry,
                }
            }
        )

    def receive(self, content: object, buffers: object = None) -> None:
        """Handle a message from the browser (any shape may come: only these are taken)."""
        if not isinstance(content, dict):
            return
        kind = next((k for k in ("answer", "waiting", "failed") if k in content), None)
        if kind is not None:
            if not is_count(content[kind]):
                return
            if kind == "answer" and not (is_count(content.get("status")) and content["status"] < 1000):
                return
        elif isinstance(content.get("online"), bool):
            kind = "online"
        else:
            return
        for listener in list(self._listeners):
            listener(kind, content)


class ClassSync:
    """The page's loop that sends the record of each child who has joined a class (see the
    module docstring): made by the page's :class:`~vandatta_widgets.path.session.LearnerSession`, it
    reads the sign-ins when the storage has answered, sends after every answer kept, and
    takes the browser's news. :attr:`online`: whether the class's server can be reached (the
    device is online and the last request got through); :attr:`problem` a catalog key
    (with :attr:`said`, the server's own sentence) when something needs the child's eyes."""

    def __init__(self, session: LearnerSession, courier: ClassCourier | None = None) -> None:
        self.session = session
        self.courier = courier if courier is not None else ClassCourier()
        self.links: dict[str, ClassLink] = {}
        self.online = True
        self.problem: str | None = None
        self.said = ""  # the server's sentence for a refusal, in the page's language
        self.page = ""  # on a hub: the class's page to open once (to sign in there)
        self.shows_assignments = False  # set by the path: only its page asks for them
        self._number = 0
        self._lanes: dict[str, tuple[int, str]] = {}  # lane -> (request number, profile id)
        self._fetched: set[tuple[str, str]] = set()  # (profile id, token): asked once a page
        self._join_page: tuple[str | None, str | None] | None = None  # its text and base, not yet a child's
        self._listeners: list[Callable[[], object]] = []
        session.storage.on_load(self._loaded)
        session.on_change(self.pump)
        self.courier.on_message(self._heard)

    # -- state ---------------------------------------------------------------------------------

    def link(self, profile_id: str | None = None) -> ClassLink | None:
        """The sign-in of ``profile_id`` (default: the child playing), or ``None``."""
        pid = profile_id if profile_id is not None else self.session.profile_id
        return self.links.get(pid) if pid is not None else None

    @property
    def base(self) -> str | None:
        return class_base(self.session.address)

    @property
    def joining(self) -> bool:
        """A join (or sign-in) is on its way."""
        return "join" in self._lanes

    def waiting(self, profile_id: str | None = None) -> int:
        """How many of the child's answers the class's server has not confirmed yet."""
        pid = profile_id if profile_id is not None else self.session.profile_id
        link = self.links.get(pid) if pid is not None else None
        device = self.session.device
        if link is None or link.out or device is None or pid not in device.profiles:
            return 0
        return len(unsent_batch(device.learner(pid).events, link.acknowledged, limit=10**9))

    def on_change(self, callback: Callable[[], object]) -> None:
        self._listeners.append(callback)

    def _changed(self) -> None:
        for listener in list(self._listeners):
            listener()

    # -- the storage ---------------------------------------------------------------------------

    def _loaded(self, stored: dict[str, str], _problem: str | None, address: str, _zone: str) -> None:
        base = class_base(address or self.session.address)
        found: dict[str, ClassLink] = {}
        for key, text in stored.items():
            if key.startswith(LINK_PREFIX):
                link = ClassLink.from_text(text, base=base)
                if link is not None:
                    found[key[len(LINK_PREFIX) :]] = link
        for pid, link in found.items():  # another tab's copy: the counters confirmed only grow
            mine = self.links.get(pid)
            if mine is not None and mine.token == link.token:
                link.acknowledged = heard(link.acknowledged, {"acknowledged": mine.acknowledged})
        self.links = found
        page_token = _join_token(stored.get(JOIN_KEY))
        for pid, link in list(found.items()):
            if link.page and link.token != page_token:  # signed out on the join page
                del self.links[pid]
                self._write(pid)
        self._join_page = (stored.get(JOIN_KEY), base)
        self.pump()
        self._ask_assignments()
        self._changed()

    def _adopt(self) -> None:
        """The join page's sign-in, not yet any child's: it becomes the sign-in of the child
        playing (once there is one), and is marked as theirs (the join page still shows it)."""
        if self._join_page is None or self.session.profile_id is None:
            return
        (text, base), self._join_page = self._join_page, None
        try:
            data = json.loads(text) if isinstance(text, str) else None
        except ValueError:
            return
        pid = self.session.profile_id
        link = ClassLink.from_data(data, base=base)
        if not isinstance(data, dict) or link is None or pid is None or data.get("profile"):
            return
        if any(other.token == link.token for other in self.links.values()):
            return
        link.page = True
        self.links[pid] = link
        self._write(pid)
        self.session.write({JOIN_KEY: json.dumps({**data, "profile": pid}, separators=(",", ":"))})

    def _write(self, pid: str) -> None:
        link = self.links.get(pid)
        self.session.write({LINK_PREFIX + pid: link.to_text() if link is not None else None})

    # -- sending -------------------------------------------------------------------------------

    def _ask(self, lane: str, pid: str, method: str, path: str, **options: Any) -> None:
        link = self.links.get(pid)
        base = link.base if link is not None else self.base
        if base is None:
            return
        self._number += 1
        self._lanes[lane] = (self._number, pid)
        lang = self.session.lang
        url = f"{base}{path}{'&' if '?' in path else '?'}lang={lang}"
        self.courier.request(lane, self._number, method, url, token=link.token if link else None, **options)

    def pump(self) -> None:
        """Send what waits, if nothing is on its way already: the child playing first, then
        any other child of the device who has joined a class."""
        if self.session.device is None:
            return
        self._adopt()
        self._fetch()
        if "sync" in self._lanes:
            return
        device = self.session.device
        order = sorted(self.links, key=lambda pid: pid != self.session.profile_id)
        for pid in order:
            link = self.links[pid]
            if link.out or pid not in device.profiles:
                continue
            batch = unsent_batch(device.learner(pid).events, link.acknowledged)
            if batch:
                body = {"events": encode_events(batch)}
                self._ask("sync", pid, "POST", "vandatta/api/pupil/sync", body=body, retry=True)
                return

    def _fetch(self) -> None:
        """Once a page, ask the class's server for what the child playing did on their other
        devices (events this device does not hold, by the highest counter it holds of each
        device); again while the server says more wait."""
        pid = self.session.profile_id
        link = self.links.get(pid) if pid is not None else None
        device = self.session.device
        if pid is None or link is None or link.out or device is None or pid not in device.profiles:
            return
        if "fetch" in self._lanes or (pid, link.token) in self._fetched:
            return
        self._fetched.add((pid, link.token))
        body = {"have": held_counters(device.learner(pid).events)}
        self._ask("fetch", pid, "POST", "vandatta/api/pupil/events", body=body, retry=False)

    def show_assignments(self) -> None:
        """The page shows the class's assignments (the path): ask for them now and after
        each answer the server confirms (other pages do not ask)."""
        self.shows_assignments = True
        self._ask_assignments()

    def _ask_assignments(self) -> None:
        pid = self.session.profile_id
        link = self.links.get(pid) if pid is not None else None
        if not self.shows_assignments or pid is None or link is None or link.out or "me" in self._lanes:
            return
        self._ask("me", pid, "GET", "vandatta/api/pupil/me", retry=False)

    def join(self, code: str, nickname: str, pictures: list[str], *, again: bool = False) -> None:
        """Join the class ``code`` (or, ``again``, sign in to it as before) for the child
        playing; the answer comes back from the browser and changes the path."""
        pid = self.session.profile_id
        if pid is None or self.base is None:
            return
        self.problem, self.said, self.page = None, "", ""
        path = f"vandatta/api/classes/{quote(code.strip().upper(), safe='')}/{'signin' if again else 'join'}"
        self._ask("join", pid, "POST", path, body={"nickname": nickname, "pictures": list(pictures)})
        self._changed()

    def leave(self, profile_id: str | None = None) -> None:
        """Forget the sign-in of ``profile_id`` (default: the child playing) on this device, as
        when the child is deleted from it."""
        pid = profile_id if profile_id is not None else self.session.profile_id
        if pid is not None and pid in self.links:
            del self.links[pid]
            self._write(pid)
            self._changed()

    # -- what the browser says ------------------------------------------------------------------

    def _heard(self, kind: str, content: dict) -> None:
        if kind == "online":
            was, self.online = self.online, content["online"]
            if self.online and not was:
                self.pump()
            if was != self.online:
                self._changed()
            return
        number = content[kind]
        lane = next((name for name, (n, _pid) in self._lanes.items() if n == number), None)
        if kind == "waiting":  # the browser tries again by itself; till then kept here
            self.online = False
            self._changed()
            return
        if lane is None:  # an answer this page no longer waits for (a join asked again)
            return
        pid = self._lanes.pop(lane)[1]
        if kind == "failed":
            self.online = content.get("online") is not False
            if lane == "join":
                self.problem = "pa_class_offline"
            self._changed()
            return
        self.online = True
        status, data = content["status"], content.get("data")
        if lane == "join":
            self._joined(pid, status, data)
        elif status == 200 and lane == "sync":
            self._synced(pid, data)
        elif status == 200 and lane == "me":
            self._assigned(pid, data)
        elif lane == "fetch":
            if status == 200:
                self._took(pid, data)
            elif isinstance(data, dict) and data.get("error") == "kl_signed_out":
                self._refused(pid, status, data)
            # else quietly nothing: the path works without the other devices' answers
        else:
            self._refused(pid, status, data)
        self._changed()

    def _joined(self, pid: str, status: int, data: object) -> None:
        link = ClassLink.from_data(data, base=self.base) if status == 200 else None
        if link is None:
            self._refused(pid, status, data)
            return
        self.problem, self.said = None, ""
        self.links[pid] = link
        self._write(pid)
        self.pump()
        self._ask_assignments()

    def _synced(self, pid: str, data: object) -> None:
        link = self.links.get(pid)
        if link is None:
            return
        before = link.acknowledged
        link.acknowledged = heard(before, data)
        self.problem, self.said = None, ""
        if link.acknowledged == before:
            # nothing confirmed (a page that is not the server's answer, a captive portal's):
            # no next request until something changes, never a loop of the same one
            return
        self._write(pid)
        self.pump()
        if pid == self.session.profile_id:
            self._ask_assignments()

    def _took(self, pid: str, data: object) -> None:
        """The events of the child's other devices: added to their record, and counted as
        confirmed (the server holds them), so they are never sent back."""
        link = self.links.get(pid)
        if link is None or not isinstance(data, dict):
            return
        try:
            found = decode_events(data.get("events"))
        except RecordFormatError:
            return  # not the server's answer: this device's record stays as it is
        # this device's own events are confirmed by the sending lane alone (its answer is
        # how that lane knows to go on); the others' are held by the server, never sent back
        device = self.session.device
        own = device.device_id if device is not None else None
        theirs = held_counters(e for e in found if e.device != own)
        confirmed = heard(link.acknowledged, {"acknowledged": theirs})
        if confirmed != link.acknowledged:  # first: the record's change sends what is not
            link.acknowledged = confirmed
            self._write(pid)
        self.session.take_events(pid, found)
        if data.get("more") is True and found:
            self._fetched.discard((pid, link.token))
            self._fetch()

    def _assigned(self, pid: str, data: object) -> None:
        link = self.links.get(pid)
        if link is None or not isinstance(data, dict):
            return
        tasks = _assignments(data.get("assignments"))
        info = data.get("class")
        name = _text(info.get("name"), 60) if isinstance(info, dict) else None
        if tasks != link.assignments or (name and name != link.name):
            link.assignments = tasks
            link.name = name or link.name
            self._write(pid)

    def _refused(self, pid: str, status: int, data: object) -> None:
        error = data.get("error") if isinstance(data, dict) else None
        text = data.get("text") if isinstance(data, dict) else None
        self.said = text[:TEXT_LIMIT] if isinstance(text, str) else ""
        page = data.get("page") if isinstance(data, dict) else None
        self.page = _local(page) or ""
        link = self.links.get(pid)
        if error == "kl_signed_out" and link is not None:
            # the teacher deleted the pupil or reset their pictures: the device stops sending
            self.links[pid] = replace(link, out=True, assignments=[])
            self._write(pid)
            self.problem = "pa_class_out"
        elif status == 403 and self.page:
            self.problem = "pa_class_hub"  # on a hub: the class's page opened once signs in
        else:
            self.problem = "pa_class_refused"
