"""The class on the web: tornado handlers over :class:`~vandatta_widgets.server.classes.ClassService`,
added to the dashboard's server beside the tables (:func:`class_handlers`).

===========================================================  ==========================================
``POST   {base}vandatta/api/classes``                         the teacher makes a class → code, secret
``GET    {base}vandatta/api/classes/CODE``                    the overview (Klassöversikt)  ·T
``DELETE {base}vandatta/api/classes/CODE``                    end the class: everything deleted  ·T
``POST   {base}vandatta/api/classes/CODE/name``               the join page's first step: is the nickname in the class?
``POST   {base}vandatta/api/classes/CODE/join``               a pupil joins: nickname, two pictures
``POST   {base}vandatta/api/classes/CODE/signin``             a pupil signs in (pictures; on a hub, the hub's name)
``GET    {base}vandatta/api/classes/CODE/pupils/ID``          one pupil's page  ·T
``POST   {base}vandatta/api/classes/CODE/pupils``             ``{"nicknames": [...]}``: pupils added with pictures for their cards  ·T
``POST   {base}vandatta/api/classes/CODE/pupils/ID``          ``{"action": "reset"}``: new pictures (``"new_pictures"``: drawn for a card)  ·T
``DELETE {base}vandatta/api/classes/CODE/pupils/ID``          delete the pupil  ·T
``GET    {base}vandatta/api/classes/CODE/pupils/ID/export.F``  their data, ``F`` = ``json`` or ``csv``  ·T
``POST   {base}vandatta/api/classes/CODE/assignments``        a new assignment  ·T
``DELETE {base}vandatta/api/classes/CODE/assignments/ID``     remove it  ·T
``POST   {base}vandatta/api/pupil/sync``                      a pupil's device sends its events  ·P
``POST   {base}vandatta/api/pupil/events``                    ``{"have": {device: counter}}``: their other devices' events  ·P
``GET    {base}vandatta/api/pupil/me``                        the pupil's assignments, done or not, and class  ·P
``GET    {base}vandatta/join[/CODE]``                         the pupil's page: join with pictures (:mod:`.join`)
``GET    {base}j/CODE``                                       the same page at the short address on the sign-in cards
===========================================================  ==========================================

·T: the teacher's secret in the ``X-Vandatta-Teacher`` header; ·P: the device's token in the
``X-Vandatta-Pupil`` header. Secrets travel in headers and bodies, never in a URL (so never in
a log). Requests that change anything pass the tables' checks (their origin, JSON only:
:class:`vandatta_widgets.server.table_handlers.JsonHandler`); refusals are said in the visitor's language.

The store is called off the event loop, in a small pool of threads (one for SQLite, which
writes one at a time anyway), so a slow disk or a database across the network never stalls
the dashboard's pages.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import tornado.ioloop
import tornado.web

from ..base.problem import Problem
from ..tables.codes import RateLimit, visitor_key
from .classes import ClassProblem, ClassService, SignedIn
from .table_handlers import JsonHandler, read_json

__all__ = ["class_handlers", "purge_every", "refusing", "ClassApi"]

MAX_BODY = 256 * 1024  # a sync of 500 events is about 20 kB; a join a few hundred bytes
CODE = r"([A-Za-z0-9-]{1,12})"
ID = r"([0-9]{1,12})"
T = TypeVar("T")


class ClassApi(JsonHandler):
    """What every handler of the class shares: the service, the body read with the tables'
    limits, the store called off the loop, refusals in the visitor's words."""

    service: ClassService

    def initialize(  # type: ignore[override]  # JsonHandler's two plus the class's own
        self, service: ClassService, base: str, pool: ThreadPoolExecutor, makes: RateLimit
    ) -> None:
        super().initialize(service, base)
        self.pool = pool
        self.makes = makes

    async def call(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.pool, functools.partial(fn, *args, **kwargs))

    def body(self) -> dict:
        if len(self.request.body) > MAX_BODY:
            raise ClassProblem("kl_bad_request")
        try:
            data = read_json(self.request.body or b"{}")
        except ValueError:
            raise ClassProblem("kl_bad_request") from None
        if not isinstance(data, dict):
            raise ClassProblem("kl_bad_request")
        return data

    def refuse(self, problem: Problem) -> None:
        status = {"kl_not_teacher": 403, "kl_signed_out": 401, "kl_no_class": 404, "kl_no_pupil": 404}
        self.refuse_problem(problem, status.get(problem.key, 400))

    async def teacher(self, code: str) -> int:
        return await self.call(self.service.teacher, code, self.request.headers.get("X-Vandatta-Teacher"))

    async def slowed(self, wait: Callable[..., float | None], code: str, nickname: object) -> None:
        """Wait the turn ``wait`` gives this address (a guess limit's), or refuse a flood."""
        seconds = await self.call(wait, code, nickname, address=self.address())
        if seconds is None:
            raise ClassProblem("kl_slow_down")
        if seconds > 0:  # then answered truly
            await asyncio.sleep(seconds)

    def token(self) -> str | None:
        return self.request.headers.get("X-Vandatta-Pupil")

    @staticmethod
    def signed_in(signed: SignedIn) -> dict:
        return {
            "pupil": signed.pupil_id,
            "nickname": signed.nickname,
            "code": signed.code,
            "token": signed.token,
            "acknowledged": signed.acknowledged,
        }


def refusing(method: Callable[..., Any]) -> Callable[..., Any]:
    """A handler method whose :class:`Problem` is answered as a refusal (status and words)."""

    @functools.wraps(method)
    async def wrapper(self: ClassApi, *args: str) -> None:
        try:
            await method(self, *args)
        except Problem as problem:
            self.refuse(problem)

    return wrapper


class ClassesApi(ClassApi):
    @refusing
    async def post(self) -> None:
        if not self.makes.allow(visitor_key(self.address()), now=self.service.clock()):
            raise ClassProblem("kl_slow_down")
        made = await self.call(self.service.create_class, self.body().get("name"))
        self.answer({"code": made.code, "name": made.name, "secret": made.secret}, 201)


class ClassOverview(ClassApi):
    @refusing
    async def get(self, code: str) -> None:
        class_id = await self.teacher(code)
        self.answer(await self.call(self.service.overview, class_id, lang=self.lang()))

    @refusing
    async def delete(self, code: str) -> None:
        class_id = await self.teacher(code)
        await self.call(self.service.end_class, class_id)
        self.answer({"ended": True})


class JoinApi(ClassApi):
    @refusing
    async def post(self, code: str) -> None:
        data = self.body()
        hub = self.visitor_name()
        if hub is not None:
            signed = await self.call(self.service.hub_sign_in, code, hub, data.get("nickname"))
        else:
            await self.slowed(self.service.lookup_wait, code, data.get("nickname"))
            signed = await self.call(
                self.service.join, code, data.get("nickname"), data.get("pictures"), address=self.address()
            )
        self.answer(self.signed_in(signed))


class NameApi(ClassApi):
    """The join page's first step: ``{"step": "pictures" | "reset" | "new"}`` for the nickname
    (:meth:`ClassService.name_step`), slowed as wrong pictures are."""

    @refusing
    async def post(self, code: str) -> None:
        nickname = self.body().get("nickname")
        await self.slowed(self.service.lookup_wait, code, nickname)
        self.answer({"step": await self.call(self.service.name_step, code, nickname, address=self.address())})


class SignInApi(ClassApi):
    @refusing
    async def post(self, code: str) -> None:
        data = self.body()
        hub = self.visitor_name()
        if hub is not None:  # the hub's sign-in is enough
            signed = await self.call(self.service.hub_sign_in, code, hub, data.get("nickname"))
            self.answer(self.signed_in(signed))
            return
        wait = await self.call(self.service.pictures_wait, code, data.get("nickname"), address=self.address())
        if wait is None:
            raise ClassProblem("kl_slow_down")
        if wait > 0:  # slowed, then answered truly: right pictures are never refused
            await asyncio.sleep(wait)
        signed = await self.call(
            self.service.sign_in, code, data.get("nickname"), data.get("pictures"), address=self.address()
        )
        self.answer(self.signed_in(signed))


class PupilApi(ClassApi):
    @refusing
    async def get(self, code: str, pupil: str) -> None:
        class_id = await self.teacher(code)
        self.answer(await self.call(self.service.pupil_page, class_id, int(pupil), lang=self.lang()))

    @refusing
    async def post(self, code: str, pupil: str) -> None:
        class_id = await self.teacher(code)
        action = self.body().get("action")
        if action == "new_pictures":  # two drawn by the server, for a new sign-in card
            self.answer({"pictures": await self.call(self.service.new_pictures, class_id, int(pupil))})
            return
        if action != "reset":
            raise ClassProblem("kl_bad_request")
        await self.call(self.service.reset_pictures, class_id, int(pupil))
        self.answer({"reset": True})

    @refusing
    async def delete(self, code: str, pupil: str) -> None:
        class_id = await self.teacher(code)
        await self.call(self.service.delete_pupil, class_id, int(pupil))
        self.answer({"deleted": True})


class PupilsApi(ClassApi):
    @refusing
    async def post(self, code: str) -> None:
        class_id = await self.teacher(code)
        added = await self.call(self.service.add_pupils, class_id, self.body().get("nicknames"))
        self.answer({"pupils": added}, 201)


class ExportApi(ClassApi):
    @refusing
    async def get(self, code: str, pupil: str, kind: str) -> None:
        class_id = await self.teacher(code)
        files = await self.call(self.service.export_pupil, class_id, int(pupil))
        media = "application/json" if kind == "json" else "text/csv"
        self.set_header("Content-Type", f"{media}; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.set_header("Content-Disposition", f'attachment; filename="vandatta-pupil-{int(pupil)}.{kind}"')
        self.finish(files[kind])


class AssignmentsApi(ClassApi):
    @refusing
    async def post(self, code: str) -> None:
        class_id = await self.teacher(code)
        self.answer(await self.call(self.service.assign, class_id, self.body()))


class AssignmentApi(ClassApi):
    @refusing
    async def delete(self, code: str, task: str) -> None:
        class_id = await self.teacher(code)
        await self.call(self.service.remove_assignment, class_id, int(task))
        self.answer({"deleted": True})


class JoinPage(ClassApi):
    async def get(self, code: str | None = None) -> None:
        from .join import page_html

        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        # behind a hub's sign-in (vandatta_widgets.server.hub) the visitor has a name: no pictures
        hub = self.visitor_name() is not None
        self.finish(page_html(lang=self.lang(), base=self.base, code=code, hub=hub))


class ShortJoinPage(JoinPage):
    """The join page at the short address a child types from a sign-in card."""


JOIN_STATIC = {"join.js": "application/javascript; charset=utf-8", "join.css": "text/css; charset=utf-8"}


class JoinStatic(ClassApi):
    async def get(self, name: str) -> None:
        if name not in JOIN_STATIC:
            raise tornado.web.HTTPError(404)
        self.set_header("Content-Type", JOIN_STATIC[name])
        self.set_header("Cache-Control", "no-cache")
        self.finish((Path(__file__).resolve().parent / name).read_text(encoding="utf-8"))


class SyncApi(ClassApi):
    @refusing
    async def post(self) -> None:
        data = self.body()
        self.answer(await self.call(self.service.sync, self.token(), data.get("events")))


class EventsApi(ClassApi):
    @refusing
    async def post(self) -> None:
        data = self.body()
        self.answer(await self.call(self.service.events_for, self.token(), data.get("have")))


class MeApi(ClassApi):
    @refusing
    async def get(self) -> None:
        tasks = await self.call(self.service.assignments_for, self.token())
        _pupil, class_id = await self.call(self.service.pupil, self.token())
        info = await self.call(self.service.class_info, class_id)  # the name the path shows
        self.answer({"assignments": tasks, "class": {"code": info["code"], "name": info["name"]}})


def class_handlers(service: ClassService, base: str = "/", *, threads: int | None = None) -> list[tuple]:
    """The handlers to add to a tornado application served under ``base`` (ending in /).
    ``threads``: how many calls to the store at once (default: 1 on SQLite, 4 otherwise)."""
    if threads is None:
        threads = 1 if service.engine.dialect.name == "sqlite" else 4
    init = {
        "service": service,
        "base": base,
        "pool": ThreadPoolExecutor(max_workers=threads, thread_name_prefix="vandatta-classes"),
        # classes made per address: a school's teachers share one, a flood does not get far
        "makes": RateLimit(attempts=30, per_seconds=3600),
    }
    api = base + "vandatta/api/classes"
    return [
        (api, ClassesApi, init),
        (api + "/" + CODE, ClassOverview, init),
        (api + "/" + CODE + "/name", NameApi, init),
        (api + "/" + CODE + "/join", JoinApi, init),
        (api + "/" + CODE + "/signin", SignInApi, init),
        (api + "/" + CODE + "/pupils", PupilsApi, init),
        (api + "/" + CODE + "/pupils/" + ID, PupilApi, init),
        (api + "/" + CODE + "/pupils/" + ID + r"/export\.(json|csv)", ExportApi, init),
        (api + "/" + CODE + "/assignments", AssignmentsApi, init),
        (api + "/" + CODE + "/assignments/" + ID, AssignmentApi, init),
        (base + "vandatta/api/pupil/sync", SyncApi, init),
        (base + "vandatta/api/pupil/events", EventsApi, init),
        (base + "vandatta/api/pupil/me", MeApi, init),
        (base + r"vandatta/join/?", JoinPage, init),
        (base + r"vandatta/join/" + CODE, JoinPage, init),
        (base + r"j/" + CODE, ShortJoinPage, init),
        (base + r"vandatta/join-static/([a-z.]+)", JoinStatic, init),
    ]


def purge_every(service: ClassService, seconds: float = 3600.0) -> tornado.ioloop.PeriodicCallback:
    """A periodic call of :meth:`ClassService.purge`, off the loop (the caller starts it):
    what is older than the retention deletes itself while the server runs."""

    async def purge() -> None:
        await asyncio.get_running_loop().run_in_executor(None, service.purge)

    return tornado.ioloop.PeriodicCallback(purge, seconds * 1000)
