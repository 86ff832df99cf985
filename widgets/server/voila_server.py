"""The dashboard's server: Voilà with a classroom's needs,
``python -m vandatta_widgets.server.voila_server NOTEBOOK [voila options]`` (``vandatta
dashboard`` starts it; see :mod:`vandatta_widgets.server.serve`). It also serves the lessons,
the tables, the class's questions and the class (their handlers are this package's).

What it adds to Voilà, and why:

- **A pool of ready pages** (``--VoilaConfiguration.preheat_kernel=True
  --VoilaConfiguration.default_pool_size=N``, what ``vandatta dashboard --classroom N`` sets):
  Voilà's own kernel preheating starts N kernels and runs the notebook in each before anyone
  asks, and refills the pool in the background as visitors take them. A class of 30 opening
  the page together then gets 30 finished pages instead of 30 kernels starting cold on two
  cores. Here the pool also obeys the kernel cap, tells the terminal how full it is, and a
  kernel handed to a visitor counts as active from that moment (else the culler could take a
  kernel that sat ready for longer than ``cull_idle_timeout`` in the second before its page
  connects).
- **A cap on kernels** (``--KernelCap.max_kernels=M``, 0: :func:`default_max_kernels` for this
  machine): at most M kernels at once, pool included. A visitor beyond that gets a short page
  "full, try again in a minute" in Swedish or English (HTTP 503, ``Retry-After``) instead of a
  new kernel; every kernel costs about 60–80 MB and Voilà keeps it until it is culled.
- **404 for unknown template files**: Voilà's ``/voila/templates/…`` handler answers a path
  it cannot split, or one climbing out of the static folder (``static/../../etc/passwd``),
  with a 500 and a traceback in the log.
- **Events for the terminal**: with ``--DashboardServer.events=True`` one line per event on
  stdout, ``@vandatta {"event": …}`` (listening, pool progress, visitors turned away), which
  :mod:`vandatta_widgets.server.serve` turns into sentences in the teacher's language.
- **A clean stop at any moment**: a TERM that comes while the server is still starting ends
  it there (Voilà's own handler failed before its loop existed: an AttributeError raised
  wherever the server was, lost where that code caught it, and the server went on to serve);
  a second TERM during the shutdown no longer interrupts it. With
  ``--DashboardServer.watch_stdin=True`` the server stops once its stdin closes: what
  :mod:`vandatta_widgets.server.serve` gives it, so that the server cannot outlive the command.
- **The lessons beside the dashboard**: serving the dashboard notebook, the server also renders
  the 11 lessons of ``sv/`` and ``en/`` beside it at ``/voila/render/sv/01-….ipynb`` (exactly
  those files, nothing else of the folder), so a lesson opens from the child's path in the same
  server — the same origin, so the same browser storage and the same record. The kernels learn
  where the lessons are (:data:`LESSONS_ENV`), and a lesson's page gets a link back to the path
  (the template's ``resources.vandatta``).
- TCP_NODELAY kept on: every widget message is a small websocket frame. Tornado switches
  TCP_NODELAY off again when an HTTP connection is upgraded to a websocket, and
  jupyter_server's kernel channel never turns it back on, so each reply waited for the
  browser's delayed ACK (about 40 ms here): ``benchmarks/bench_ui.py --nodelay`` measured a
  replay step at 55 ms with Nagle on and 22 ms with it off.
- The bytecode of ``vandatta`` and ``widgets`` written once before serving: every kernel
  imports both, and where bytecode is not cached (``PYTHONDONTWRITEBYTECODE``, a fresh
  checkout) each new kernel would compile some 35 modules again, about 120 ms of CPU per
  kernel, times 30 for a classroom.
- **No request to another host**: pages come from the project's own Voilà template,
  ``vandatta`` (``widgets/server/share/voila/templates/vandatta``): Voilà's "lab" page without its
  link to Font Awesome on a CDN, so a page asks nothing of another host — a classroom may have
  no internet, or a filter. :func:`offline_template` puts the template where Voilà looks and
  chooses it, unless the command line names another.

A kernel kept ready ran the notebook before its visitor arrived, so the page cannot read the
visitor's URL (``?lang=en``) while the notebook runs: :mod:`vandatta_widgets.app.visit` hands it over once
the visitor is there.
"""

from __future__ import annotations

import asyncio
import compileall
import contextlib
import contextvars
import datetime
import html
import json
import os
import re
import shutil
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import tornado.ioloop
import tornado.iostream
import tornado.web
from jupyter_core.utils import ensure_async
from traitlets import Bool, Float, Integer, Unicode
from traitlets.config import LoggingConfigurable

from ..base.i18n import LANGS, t, visitor_lang

if TYPE_CHECKING:
    from sqlalchemy import Engine

    from ..tables.service import RoomKeeper
    from ..tables.thinking import ThinkingPool

PACKAGES = ("vandatta", "widgets")
KERNEL_MB = 100  # what one dashboard kernel is allowed: 58–77 MB measured, room for a big game
EVENT_PREFIX = "@vandatta "
TEMPLATE = "vandatta"
SHARE = Path(__file__).resolve().parent / "share"  # holds voila/templates/vandatta
# What a kernel of this server reads to link the lessons (vandatta_widgets.path.plan.served_lesson_base).
LESSONS_ENV = "VANDATTA_LESSONS"


def keep_nodelay() -> None:
    """Make every tornado stream keep TCP_NODELAY on, whatever tornado asks for."""
    original = tornado.iostream.IOStream.set_nodelay
    if getattr(original, "vandatta_nodelay", False):
        return

    def set_nodelay(self: tornado.iostream.IOStream, value: bool) -> None:
        original(self, True)

    set_nodelay.vandatta_nodelay = True  # type: ignore[attr-defined]  # a marker: patched once
    tornado.iostream.IOStream.set_nodelay = set_nodelay  # type: ignore[method-assign]  # the patch itself


def precompile() -> bool:
    """Write the bytecode of the two packages the kernels import (where it is stale or
    missing); False if a folder could not be written (the kernels then compile as usual)."""
    root = (
        Path(__file__).resolve().parents[2]
    )  # widgets/server/voila_server.py -> the folder holding both packages
    ok = True
    for name in PACKAGES:
        try:
            ok = bool(compileall.compile_dir(root / name, quiet=2, workers=1)) and ok
        except OSError:
            ok = False
    return ok


def machine_memory_mb() -> int | None:
    """The machine's physical memory in MB (``None`` where it cannot be read)."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // 2**20
    except (AttributeError, ValueError, OSError):
        return None


def default_max_kernels(memory_mb: int | None = None) -> int:
    """The kernel cap for a machine with ``memory_mb`` of memory: half of it for kernels of
    :data:`KERNEL_MB` each (the rest for the system, the server and the browser of whoever
    sits at it), at least 4.

    >>> default_max_kernels(24 * 1024), default_max_kernels(4 * 1024), default_max_kernels(512)
    (122, 20, 4)
    """
    if memory_mb is None:
        memory_mb = machine_memory_mb() or 4096
    return max(4, memory_mb // 2 // KERNEL_MB)


# -- the "full" page ------------------------------------------------------------------------------

RETRY_AFTER_S = 60


def full_page(lang: str, *, path: str = "/") -> str:
    """The page a visitor gets when every kernel is taken, in ``lang`` ("sv" or "en"), with a
    link to try again and one to the other language (both back to ``path``)."""
    words = {key: t("full_" + key, lang) for key in ("title", "heading", "body", "retry", "other")}
    other = LANGS[(LANGS.index(lang) + 1) % len(LANGS)]  # the next language, for its link
    here = html.escape(f"{path}?lang={lang}", quote=True)
    there = html.escape(f"{path}?lang={other}", quote=True)
    return f"""<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="{RETRY_AFTER_S}">
<title>{html.escape(words["title"])}</title>
<style>
body {{ font-family: system-ui, sans-serif; font-size: 18px; line-height: 1.5; margin: 0;
       background: #f3f5f2; color: #1d2a1f; }}
main {{ max-width: 34rem; margin: 12vh auto; padding: 1.5rem; }}
h1 {{ font-size: 1.6rem; }}
a {{ display: inline-block; min-height: 44px; line-height: 44px; margin-right: 1.5rem;
     color: #0b5a2c; font-weight: 600; }}
a.retry {{ background: #0b5a2c; color: #fff; padding: 0 1.2rem; border-radius: 6px;
           text-decoration: none; }}
a:focus {{ outline: 3px solid #1d2a1f; outline-offset: 3px; }}
</style>
</head>
<body>
<main>
<h1>{html.escape(words["heading"])}</h1>
<p>{html.escape(words["body"])}</p>
<p><a class="retry" href="{here}">{html.escape(words["retry"])}</a>
<a lang="{other}" hreflang="{other}" href="{there}">{html.escape(words["other"])}</a></p>
</main>
</body>
</html>
"""


# -- the kernels -----------------------------------------------------------------------------------


# The id a pool kernel is to get, from KernelPool._initialize to the start_kernel it calls.
_POOL_KERNEL: contextvars.ContextVar[str] = contextvars.ContextVar("pool_kernel")


class KernelCapReached(RuntimeError):
    """Raised instead of starting a kernel beyond the cap."""


class KernelCap(LoggingConfigurable):
    """The cap on kernels, mixed in under Voilà's kernel manager (so that the pool's own
    starts go through it too; :func:`_capped_factory` builds the classes).

    Every kernel counts: those serving a visitor, those ready in the pool, those starting.
    A visitor's kernel is refused (:class:`KernelCapReached`) when there is no room; a pool
    kernel waits for room before it starts (see :class:`KernelPool`), so a full room shrinks
    the pool instead of growing past the cap.
    """

    max_kernels = Integer(
        0,
        config=True,
        help="At most this many kernels at once, pool included (0: half the machine's memory "
        f"at {KERNEL_MB} MB a kernel).",
    )

    def __init__(self, **kwargs: object) -> None:
        self._starting = 0  # kernels being started (not yet in list_kernel_ids)
        self._reserved: set[str] = set()  # ids of pool kernels given room, not yet starting
        self._pool_ids: set[str] = set()  # kernels of the pool not yet handed out
        self._ready_ids: set[str] = set()  # ... of which the notebook has finished running
        self._claims = 0  # visitors waiting for the pool kernel they took
        self._last_take = -1e9  # when a visitor last took a pool kernel (loop time)
        self._room: asyncio.Condition | None = None
        self.on_event: Callable[[dict], None] = lambda event: None
        super().__init__(**kwargs)
        if self.max_kernels <= 0:
            self.max_kernels = default_max_kernels()

    if TYPE_CHECKING:  # from the kernel manager it goes under (Jupyter's, untyped here)

        def list_kernel_ids(self) -> list[str]: ...

    def kernel_count(self) -> int:
        """Kernels running, starting, or given room to start."""
        return len(self.list_kernel_ids()) + self._starting + len(self._reserved)

    def live_pool(self) -> int:
        """Pool kernels not handed out yet that are running, starting or have room to."""
        return len(self._pool_ids) + len(self._reserved)

    def committed(self) -> int:
        """:meth:`kernel_count` and the visitors who took a pool place that has no room yet."""
        return self.kernel_count() + max(0, self._claims - self.live_pool())

    def room(self) -> asyncio.Condition:
        """Notified whenever a kernel has gone (there may be room)."""
        if self._room is None:
            self._room = asyncio.Condition()
        return self._room

    async def start_kernel(self, *args: object, **kwargs: object) -> str:
        kernel_id = _POOL_KERNEL.get(None)
        if kernel_id is not None and kernel_id in self._reserved:
            # a pool kernel: its room was given before (KernelPool._initialize)
            self._reserved.discard(kernel_id)
            self._pool_ids.add(kernel_id)
            kwargs["kernel_id"] = kernel_id
        elif self.committed() >= self.max_kernels:
            raise KernelCapReached(f"{self.max_kernels} kernels are running")
        self._starting += 1
        try:
            return await super().start_kernel(*args, **kwargs)  # type: ignore[misc]  # super() is the kernel manager under it
        except BaseException:
            self._pool_ids.discard(kernel_id)
            raise
        finally:
            self._starting -= 1

    async def shutdown_kernel(self, kernel_id: str, *args: object, **kwargs: object) -> None:
        try:
            await ensure_async(super().shutdown_kernel(kernel_id, *args, **kwargs))  # type: ignore[misc]  # super() is the kernel manager under it
        finally:
            self._pool_ids.discard(kernel_id)
            self._ready_ids.discard(kernel_id)
            async with self.room():
                self.room().notify_all()


class KernelPool(LoggingConfigurable):
    """Voilà's pool of preheated kernels under the cap, with its progress; mixed in over
    Voilà's kernel manager (whose ``_initialize`` and ``get_rendered_notebook`` it extends).

    The pool prepares a few kernels at a time (:attr:`pool_starts`), and refills only once
    the class has arrived (:attr:`refill_quiet`): Voilà starts every missing kernel at once,
    and 30 kernels starting on two cores while the class's 30 pages connect would take the
    CPU from those pages.
    """

    pool_starts = Integer(
        0, config=True, help="Pool kernels prepared at the same time (0: as many as the machine has cores)."
    )
    refill_quiet = Float(
        10.0,
        config=True,
        help="Refill the pool once no page has been handed out for this many seconds (a class "
        "arriving gets the CPU first), or at once when a visitor waits for a pool kernel.",
    )

    if TYPE_CHECKING:  # it goes over KernelCap and Voilà's kernel manager: what it uses of them
        max_kernels: int
        on_event: Callable[[dict], None]
        _reserved: set[str]
        _pool_ids: set[str]
        _ready_ids: set[str]
        _claims: int
        _last_take: float

        def kernel_count(self) -> int: ...
        def live_pool(self) -> int: ...
        def committed(self) -> int: ...
        def room(self) -> asyncio.Condition: ...
        def get_pool_size(self, notebook: str) -> int: ...
        def new_kernel_id(self) -> str: ...
        def get_kernel(self, kernel_id: str) -> Any: ...

    def pool_target(self) -> int:
        """How many kernels the pool keeps ready (0 without preheating)."""
        pools = getattr(self, "kernel_pools_config", None) or {}
        return max(0, int(pools.get("default", {}).get("pool_size", 0)))

    def pool_ready(self) -> int:
        """Pool kernels whose notebook has run: pages ready for the next visitors."""
        return len(self._ready_ids)

    def has_seat(self, notebook: str | None) -> bool:
        """Whether a visitor of ``notebook`` can have a kernel now: a new one under the cap, or
        one of the pool that is running or has room to start."""
        if self.committed() < self.max_kernels:
            return True
        pooled = self.get_pool_size(notebook) if notebook is not None else 0
        return pooled > 0 and self.live_pool() > self._claims

    async def _initialize(self, notebook_path: str, kernel_id: str | None = None, **kwargs: object) -> dict:
        # Voilà's pool calls this (kernel_id None) to start a kernel and run the notebook in it;
        # here the kernel starts only once there is room for it under the cap.
        if kernel_id is not None:  # a restart: no new kernel
            return await super()._initialize(notebook_path, kernel_id, **kwargs)  # type: ignore[misc]  # super() is the kernel manager under it
        await self._quiet()
        starts = self._starts()
        await starts.acquire()  # released once the notebook has run in the kernel
        try:
            return await self._prepare(notebook_path, starts, **kwargs)
        except BaseException:
            starts.release()
            raise

    async def _quiet(self) -> None:
        loop = asyncio.get_running_loop()
        while self._claims <= self.live_pool():  # nobody is waiting for this kernel
            left = self._last_take + self.refill_quiet - loop.time()
            if left <= 0:
                return
            await asyncio.sleep(min(left, 0.5))

    def _starts(self) -> asyncio.Semaphore:
        if getattr(self, "_start_slots", None) is None:
            self._start_slots = asyncio.Semaphore(self.pool_starts or os.cpu_count() or 2)
        return self._start_slots

    async def _prepare(self, notebook_path: str, starts: asyncio.Semaphore, **kwargs: object) -> dict:
        async with self.room():
            await self.room().wait_for(lambda: self.kernel_count() < self.max_kernels)
            new_id = self.new_kernel_id()
            self._reserved.add(new_id)
        token = _POOL_KERNEL.set(new_id)  # for KernelCap.start_kernel, which Voilà calls
        try:
            content = await super()._initialize(notebook_path, None, **kwargs)  # type: ignore[misc]  # super() is the kernel manager under it
        except BaseException:
            self._reserved.discard(new_id)  # it failed before start_kernel took it
            async with self.room():
                self.room().notify_all()
            raise
        finally:
            _POOL_KERNEL.reset(token)
        content["task"].add_done_callback(lambda task: self._rendered(new_id, task, starts))
        self._report_pool()
        return content

    def _rendered(self, kernel_id: str, task: asyncio.Task, starts: asyncio.Semaphore) -> None:
        starts.release()
        if kernel_id in self._pool_ids and not task.cancelled() and task.exception() is None:
            self._ready_ids.add(kernel_id)
            self._report_pool()

    async def get_rendered_notebook(self, *args: object, **kwargs: object) -> tuple:
        self._claims += 1
        self._last_take = asyncio.get_running_loop().time()
        try:
            render_task, rendered, kernel_id = await super().get_rendered_notebook(*args, **kwargs)  # type: ignore[misc]  # super() is the kernel manager under it
        finally:
            self._claims -= 1
        self._pool_ids.discard(kernel_id)
        self._ready_ids.discard(kernel_id)
        # It sat idle in the pool; from now on it is a visitor's, as new as a kernel started
        # for them: without this the culler may take it before the page connects.
        with contextlib.suppress(KeyError):
            self.get_kernel(kernel_id).last_activity = _utcnow()
        self._report_pool()
        return render_task, rendered, kernel_id

    def _report_pool(self) -> None:
        target = self.pool_target()
        if target:
            self.on_event({"event": "pool", "ready": self.pool_ready(), "size": target})


def _utcnow() -> datetime.datetime:  # as jupyter_server keeps last_activity: aware, in UTC
    return datetime.datetime.now(datetime.timezone.utc)


@contextlib.contextmanager
def _capped_factory() -> Iterator[None]:
    # Voilà builds its kernel manager class inside Voila.init_settings with a module-level
    # factory, and gives no hook to extend what it builds: wrap the factory while it runs.
    # KernelCap goes under Voilà's class (the pool starts kernels through super()), KernelPool
    # over it (it extends the pool's methods).
    import voila.app

    original = voila.app.voila_kernel_manager_factory

    def factory(base_class: type, *args: object, **kwargs: object) -> type:
        capped = type(base_class.__name__, (KernelCap, base_class), {})
        voila_class = original(capped, *args, **kwargs)
        return type(voila_class.__name__, (KernelPool, voila_class), {})

    voila.app.voila_kernel_manager_factory = factory
    try:
        yield
    finally:
        voila.app.voila_kernel_manager_factory = original


# -- the handlers ----------------------------------------------------------------------------------


def _page_handler(base: type) -> type:
    class SeatedPage(base):
        """Voilà's notebook page, or the "full" page when no kernel is free."""

        @tornado.web.authenticated
        async def get(self, path: str | None = None) -> None:
            notebook = self.notebook_path or path
            redirect = bool(self.notebook_path and path)  # Voilà sends such paths to /voila/files
            cap = self.kernel_manager
            if not redirect and isinstance(cap, KernelPool) and not cap.has_seat(notebook):
                self._full(cap)
                return
            sent = False
            try:
                async for snippet in self.get_generator(path=path):
                    self.write(snippet)
                    self.flush()
                    sent = True
            except KernelCapReached:
                if sent:
                    raise
                self.clear()
                self._full(cap)

        def _full(self, cap: KernelPool) -> None:
            cap.on_event({"event": "full", "kernels": cap.kernel_count(), "max": cap.max_kernels})
            lang = visitor_lang(self.get_argument("lang", None), self.request.headers.get("Accept-Language"))
            self.set_status(503)
            self.set_header("Retry-After", str(RETRY_AFTER_S))
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.set_header("Cache-Control", "no-store")
            self.finish(full_page(lang, path=self.request.path))

    return SeatedPage


def _template_handler(base: type) -> type:
    class TemplateFiles(base):
        """Voilà's template files; a path that names no template file is a 404, not a 500."""

        def parse_url_path(self, path: str) -> str:
            parts = path.split("/", 2)
            if len(parts) != 3 or parts[1] != "static" or not parts[0] or not parts[2]:
                raise tornado.web.HTTPError(404)
            # "." or ".." anywhere: Voilà normalises the path later, and a path climbing out
            # of the static folder then fails its assert (a 500) instead of being refused
            if any(step in (".", "..") for step in path.replace("\\", "/").split("/")):
                raise tornado.web.HTTPError(404)
            try:
                return super().parse_url_path(path)
            except (ValueError, AssertionError, OSError) as error:
                raise tornado.web.HTTPError(404) from error

        @classmethod
        def get_absolute_path(cls, root: str, path: str) -> str:
            try:
                return super().get_absolute_path(root, path)
            except (ValueError, AssertionError) as error:  # a path Voilà cannot split
                raise tornado.web.HTTPError(404) from error

    return TemplateFiles


# -- the lessons beside the dashboard --------------------------------------------------------------


def lesson_pattern() -> str:
    """The lessons' notebooks as the group of a URL pattern: ``sv/`` or ``en/`` and one of the
    11 file names, nothing else (no other notebook of the folder, no path that climbs out).

    >>> import re
    >>> bool(re.fullmatch(lesson_pattern(), "sv/04-aces.ipynb")), bool(re.fullmatch(lesson_pattern(), "sv/../dashboard.ipynb"))
    (True, False)
    """
    from ..path.plan import LESSON_FILES

    names = "|".join(re.escape(name) for name in LESSON_FILES.values())
    return rf"((?:{'|'.join(LANGS)})/(?:{names}))"


def has_lessons(root: str | Path) -> bool:
    """Whether ``root`` holds every lesson in both languages (the repository's notebooks/)."""
    from ..path.plan import LESSON_FILES

    folder = Path(root)
    return all((folder / lang / name).is_file() for lang in LANGS for name in LESSON_FILES.values())


# -- the application -------------------------------------------------------------------------------


def _app_class() -> type:
    from voila.app import Voila
    from voila.static_file_handler import TemplateStaticFileHandler
    from voila.tornado.handler import TornadoVoilaHandler

    class DashboardServer(Voila):
        """Voilà with the pool, the cap, the 404s and the terminal events described above."""

        name = "voila"  # the same config files (voila.json) as Voilà
        events = Bool(False, config=True, help="Write events for vandatta_widgets.server.serve on stdout.")
        watch_stdin = Bool(
            False, config=True, help="Stop once stdin closes (the process that started the server has gone)."
        )
        stopping = False  # a TERM was received

        def initialize(self, argv: list[str] | None = None) -> None:
            super().initialize(argv)  # installs the TERM handler (below)
            self._link_lessons()
            if self.watch_stdin:
                threading.Thread(target=self._watch_stdin, name="stdin", daemon=True).start()

        def _link_lessons(self) -> None:
            # Where the lessons and the path are, for the kernels (the path's links; set before
            # the pool's kernels copy the environment) and for a lesson's page (its way back).
            self.lessons = has_lessons(self.root_dir)
            if not self.lessons:
                return
            base = self.base_url if self.base_url.endswith("/") else self.base_url + "/"
            os.environ[LESSONS_ENV] = base + "voila/render/"
            if self.notebook_path:
                path = base  # the dashboard is the server's page
            elif os.path.isfile(os.path.join(self.root_dir, "dashboard.ipynb")):
                path = base + "voila/render/dashboard.ipynb"
            else:
                return
            back = {"href": path, **{lang: t("pa_back_to_path", lang) for lang in LANGS}}
            resources = dict(self.voila_configuration.resources or {})
            resources["vandatta"] = {"back": back}
            # where Voilà's renderer reads its template's resources from
            self.voila_configuration.config.VoilaConfiguration.resources = resources

        def _lesson_handlers(self, page: type) -> list:
            # Serving one notebook, Voilà renders nothing else: the lessons get a route of their
            # own (exactly their files), the same page handler (the cap, the full page).
            if not (self.notebook_path and getattr(self, "lessons", False)):
                return []
            options = {
                "template_paths": self.template_paths,
                "config": self.config,
                "voila_configuration": self.voila_configuration,
            }
            base = self.server_url if self.server_url.endswith("/") else self.server_url + "/"
            return [(base + "voila/render/" + lesson_pattern(), page, options)]

        def _watch_stdin(self) -> None:
            with contextlib.suppress(OSError, ValueError):
                while sys.stdin.buffer.read(4096):
                    pass
            os.kill(os.getpid(), signal.SIGTERM)  # stopped as by a TERM, wherever it is

        def _handle_signal_stop(self, sig: int, frame: object) -> None:
            # Voilà's handler, mended: it stops the loop that listen() runs, and raised
            # AttributeError wherever the server was before listen() had made it.
            if self.stopping:  # a second TERM: the shutdown of the kernels is under way
                return
            self.stopping = True
            loop = getattr(self, "ioloop", None)
            if loop is None:  # still starting: no kernel yet (the pool starts them on the loop)
                if self.connection_dir:
                    shutil.rmtree(self.connection_dir, ignore_errors=True)
                os._exit(0)
            loop.asyncio_loop.call_soon_threadsafe(loop.stop)  # wakes the loop up

        tables_db = Unicode(
            "",
            config=True,
            help="The SQLite file that keeps the tables of people playing from their own devices "
            "(default: vandatta/tables.sqlite in Jupyter's data folder; ':memory:' keeps nothing).",
        )
        tables_pace = Float(1.0, config=True, help="Seconds between a computer player's moves at a table.")
        tables_away = Float(
            45.0, config=True, help="Seconds a person's seat may stay empty before a computer plays it."
        )
        tables_thinkers = Integer(
            -1,
            config=True,
            help="Processes that work out the computer players' moves at the tables, at most this many "
            "at once (-1: one per CPU core; 0: none, the moves are worked out on the server's own loop "
            "as before, which stalls every page while a strong computer thinks: only to compare).",
        )
        tables_think_seconds = Float(
            2.0,
            config=True,
            help="Seconds a computer player may think about one move (then a quicker one moves).",
        )

        def _thinking(self) -> ThinkingPool | None:
            from ..tables.thinking import ThinkingPool

            if self.tables_thinkers == 0:
                return None
            workers = self.tables_thinkers if self.tables_thinkers > 0 else None
            return ThinkingPool(workers=workers, seconds=self.tables_think_seconds)

        def stop(self) -> None:
            tables = getattr(self, "tables", None)
            if tables is not None:
                tables.close()  # the computer players' processes end with the server
            super().stop()

        tables_lookups = Integer(
            60,
            config=True,
            help="Wrong table or class codes one visitor address may type in a minute (then even a "
            "right one waits a while).",
        )

        def init_settings(self) -> dict:
            with _capped_factory():
                settings = super().init_settings()
            if isinstance(self.kernel_manager, KernelPool):
                self.kernel_manager.on_event = self.emit
            return settings

        def init_handlers(self) -> list:
            page, templates = _page_handler(TornadoVoilaHandler), _template_handler(TemplateStaticFileHandler)
            swapped = {TornadoVoilaHandler: page, TemplateStaticFileHandler: templates}
            voila = [(h[0], swapped.get(h[1], h[1]), *h[2:]) for h in super().init_handlers()]
            return self._table_handlers() + self._class_handlers() + self._lesson_handlers(page) + voila

        db_url = Unicode(
            "",
            config=True,
            help="Where the classes are kept (pupils, their progress, assignments), as JupyterHub's "
            "db_url: 'sqlite:///path/file.sqlite' or 'postgresql+psycopg://user@host/db' (default: "
            "vandatta/classes.sqlite in Jupyter's data folder).",
        )
        retention_days = Integer(
            183, config=True, help="Days anything about a pupil is kept after it happened."
        )

        def _class_handlers(self) -> list:
            # The classes (vandatta_widgets.server): their store brought up to date (its migrations run),
            # the old deleted every hour. A store that cannot be opened leaves the classes out
            # and the teacher is told; the lessons, the tables and the replay start regardless.
            from .classes import ClassService
            from .handlers import class_handlers, purge_every

            try:
                self.classes = ClassService(self._database(), retention_days=self.retention_days)
                self.classes.purge()  # what grew old while the server was stopped
            except Exception as error:  # any driver's error: the server starts without classes
                self.emit({"event": "classes_unavailable", "error": type(error).__name__})
                self.log.warning(
                    "The classes cannot be kept (%s): the server starts without them", type(error).__name__
                )
                return []
            tornado.ioloop.IOLoop.current().add_callback(purge_every(self.classes).start)
            base = self.base_url if self.base_url.endswith("/") else self.base_url + "/"
            from .teacher import teacher_handlers

            return class_handlers(self.classes, base) + teacher_handlers(self.classes, base)

        def _table_handlers(self) -> list:
            # The tables live in this server (vandatta_widgets.tables): nothing more to start.
            from jupyter_core.paths import jupyter_data_dir

            from ..tables.service import ServiceLimits, TableService
            from .table_handlers import table_handlers

            path = self.tables_db or os.path.join(jupyter_data_dir(), "vandatta", "tables.sqlite")
            limits = ServiceLimits(away_seconds=self.tables_away, lookups_per_minute=self.tables_lookups)
            self.tables = TableService(
                self._store(path, "tables"), limits=limits, pace=self.tables_pace, thinking=self._thinking()
            )
            base = self.base_url if self.base_url.endswith("/") else self.base_url + "/"
            # the class answering from their devices (vandatta_widgets.tables.poll): its own table of
            # the same SQLite file, its handlers beside the tables'
            from ..tables.poll_service import PollService
            from .poll_handlers import poll_handlers

            self.polls = PollService(self._store(path, "polls"), lookups_per_minute=self.tables_lookups)
            self._report_store()
            return table_handlers(self.tables, base) + poll_handlers(self.polls, base)

        def _database(self) -> Engine:
            """The server's one database (``db_url``, or classes.sqlite in Jupyter's data folder),
            opened once: the classes and, given a ``db_url``, the tables and questions share it."""
            from jupyter_core.paths import jupyter_data_dir

            from .db import open_database

            if getattr(self, "_engine", None) is None:
                default = "sqlite:///" + os.path.join(jupyter_data_dir(), "vandatta", "classes.sqlite")
                self._engine = open_database(self.db_url or default)
            return self._engine

        def _store(self, path: str, kind: str) -> RoomKeeper:
            """The store of ``kind`` whatever its file's state (see vandatta_widgets.server.table_store): a
            damaged file set aside, one that cannot be opened replaced by memory. The server,
            its lessons and its replay start regardless, and the teacher is told.

            Given a ``db_url`` and no ``tables_db``, the tables and the class's questions live in
            that one database beside the classes (a school's PostgreSQL: one store, one schema)."""
            from .table_store import open_store

            if self.db_url and not self.tables_db:
                from .rooms import RoomStore

                try:
                    return RoomStore(self._database(), kind=kind)
                except Exception as error:  # any driver's error: the tables keep to their file
                    self.log.warning("The tables cannot be kept in db_url (%s)", type(error).__name__)
            store = open_store(path, kind=kind)
            if store.set_aside:
                self.emit({"event": "store_set_aside", "path": path, "aside": store.set_aside})
            in_memory = store.path == ":memory:" and path != ":memory:"
            if in_memory and not getattr(self, "_store_in_memory", False):
                self._store_in_memory = True  # said once, for both kinds
                self.emit({"event": "store_memory", "path": path})
            return store

        def _report_store(self) -> None:
            broken = sorted(self.tables.broken + self.polls.broken)
            if broken:
                self.emit({"event": "store_broken", "codes": broken})
            self.tables.on_event = self.polls.on_event = self.emit

        def start(self) -> None:
            # A preheated kernel asks this server for its visitor's request (vandatta_widgets.app.visit):
            # tell it an address it can reach, whatever address the server listens on.
            reach: str = {"": "127.0.0.1", "0.0.0.0": "127.0.0.1", "::": "::1"}.get(self.ip) or self.ip
            os.environ["VOILA_APP_IP"] = reach
            # Runs once the loop has started, that is once the port is bound: the address
            # printed is the one served.
            tornado.ioloop.IOLoop.current().add_callback(self._listening)
            super().start()

        def _listening(self) -> None:
            cap = self.kernel_manager if isinstance(self.kernel_manager, KernelPool) else None
            self.emit(
                {
                    "event": "listening",
                    "port": self.port,
                    "ip": self.ip,
                    "base_url": self.base_url,
                    "max_kernels": cap.max_kernels if cap is not None else None,
                    "pool": cap.pool_target() if cap is not None else 0,
                }
            )

        def emit(self, event: dict) -> None:
            if self.events:
                print(EVENT_PREFIX + json.dumps(event), flush=True)
            elif str(event.get("event")).startswith("store_"):
                from .serve import store_sentence

                self.log.warning("%s", store_sentence(event, "en"))
            elif event.get("event") == "full":
                self.log.warning(
                    "Every kernel is taken (%s of %s): a visitor got the full page",
                    event.get("kernels"),
                    event.get("max"),
                )

    return DashboardServer


def offline_template(argv: list[str]) -> list[str]:
    """``argv`` with the project's template chosen (unless it names a template itself); its
    folder goes first on ``JUPYTER_PATH``, where Voilà looks for templates."""
    paths = [p for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p]
    if str(SHARE) not in paths:
        os.environ["JUPYTER_PATH"] = os.pathsep.join([str(SHARE), *paths])
    if any(arg.startswith(("--template", "--VoilaConfiguration.template")) for arg in argv):
        return list(argv)
    return [*argv, f"--VoilaConfiguration.template={TEMPLATE}"]


def main() -> int:
    precompile()
    keep_nodelay()
    sys.argv = offline_template(sys.argv)
    app: Any = _app_class()  # Voilà's application class (untyped)
    app.launch_instance()
    return 0


if __name__ == "__main__":
    sys.exit(main())
