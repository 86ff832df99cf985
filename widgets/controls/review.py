"""The game review on screen: a button that reviews a round (:func:`vandatta.review`), a
progress bar while it runs, the chart of the chance to win with its 95 % band, every decision
marked with its verdict's sign and colour, and, for the mark chosen, the position, the move
played, the better one and the reason.

>>> import vandatta as v
>>> game = v.Game.from_position(hands=["7♥ 8♠ K♥", "2♦ 3♠"], top="7♦", talon="9♠ 4♣ 2♣ 5♣ J♣ 6♣ 10♠")
>>> for move in "8♠=K♥ draw draw draw pass K♥ draw draw draw pass 7♥".split():
...     _ = game.play(move)
>>> panel = ReviewPanel(game, seat=0, playouts=60, lang="en", workers=1, background=False)
>>> panel.start_button.description, panel.start_button.disabled
('Review the round', False)
>>> panel.start_button.click()           # no event loop here: the review runs at once
>>> [(ply, sign) for ply, sign, *_ in panel.marks.marks]
[(1, '?'), (6, '!'), (11, '!')]
>>> panel.select(1); "Better:" in panel.detail.value and "7♥" in panel.detail.value
True
>>> game.annotation(1)["review"]["grade"]      # kept in the game, and so in its record
'mistake'

It runs without freezing the page: in a kernel (Jupyter, Voilà) the decisions go to worker
processes, one per core, while the kernel only waits for their answers; where there are no
processes (Pyodide in the browser, one core) the review runs a few dozen deals at a time,
giving way to the page's other events in between. Either way :attr:`ReviewPanel.progress`
moves as decisions are judged, and "Stop" ends it. Outside an event loop (a script, a test)
the review runs at once.

The panel is one self-contained widget: the play table and the replay each hold one
(``PlayTable.review``, ``ReplayViewer.review``). The marks are one anywidget, not a button
per decision: its buttons are real ``<button>`` elements (44 px, keyboard and screen reader
usable, their names saying the verdict in words), built in the page from data with
``textContent``; the browser writes nothing back but a checked message ``{"go": ply}``.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import html
import os
import time
import traceback
from collections.abc import Callable
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as w
import traitlets as tr

from vandatta import Game, svg
from vandatta.ai.review import (
    PLAYOUTS,
    Decision,
    Grade,
    Playout,
    Review,
    ReviewError,
    ReviewJob,
    can_use_processes,
    judge_ply,
    process_pool,
)
from vandatta.explain import move_words
from vandatta.lang import LocalText, check_lang

from ..base.feedback import suit_spans
from ..base.i18n import decimal, t, term
from ..base.safe import HTML, BrowserGuard, Label
from ..base.screen import Lang, guarded
from ..base.style import stylesheet
from .export import download_link, record_json

__all__ = ["ReviewPanel", "ReviewMarks", "ProgressBar", "STEP_SECONDS", "human_seat"]

_HERE = Path(__file__).resolve().parent  # the front ends (review_marks.js) live beside the module

STEP_SECONDS = 0.04  # without worker processes: the longest the review holds the kernel at a time


class ReviewMarks(BrowserGuard, anywidget.AnyWidget):
    """The review's chart (SVG drawn by the kernel) and a row of buttons, one per decision:
    ``marks`` is ``[[ply, sign, grade, label], …]`` (``label`` says it in words for a screen
    reader), ``current`` the ply chosen. The row is one stop of the Tab key (the chosen mark); a click
    or the arrow keys send ``{"go": ply}``,
    checked in :meth:`receive`; the browser writes no field."""

    _esm = _HERE / "review_marks.js"
    browser_writable = frozenset()

    chart = tr.Unicode("").tag(sync=True)
    marks: tr.List[list] = tr.List().tag(sync=True)  # [ply, sign, …] of each graded move
    current = tr.Int(0).tag(sync=True)
    label = tr.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._callbacks: list[Callable[[int], object]] = []
        self.on_msg(lambda _widget, content, _buffers: self.receive(content))

    def on_go(self, callback: Callable[[int], object]) -> None:
        self._callbacks.append(callback)

    def receive(self, content: object) -> None:
        """``{"go": ply}`` for a ply that has a mark; anything else is ignored."""
        if not isinstance(content, dict):
            return
        ply = content.get("go")
        if not isinstance(ply, int) or isinstance(ply, bool):
            return
        if not any(m[0] == ply for m in self.marks):
            return
        for callback in list(self._callbacks):
            callback(ply)


class ProgressBar(BrowserGuard, w.IntProgress):
    """``ipywidgets.IntProgress`` that only Python moves."""


def human_seat(game: Game) -> int | None:
    """The seat a person played in ``game`` (its record's ``players[seat]["player"]`` is
    ``"human"``), if exactly one did: the seat a review is for by default; else ``None``."""
    seats = [s for s, p in enumerate(game.player_info) if isinstance(p, dict) and p.get("player") == "human"]
    return seats[0] if len(seats) == 1 else None


class ReviewPanel(w.VBox):
    """A review of ``game`` for ``seat`` (``None``: every seat) behind a button.

    ``mode`` ``"play"`` names the button "Granska omgången" / "Review the round" and shows the
    position of a chosen decision in the panel; ``"replay"`` names it "Analysera" /
    "Analyse", offers a choice of whose moves, and leaves the position to the replay's own
    table (see :meth:`on_select`). A game that carries a review already (a saved record)
    shows it at once. ``playouts`` and ``seed`` go to :func:`vandatta.review`; ``workers``
    processes share the work (default: one per core; 1: none); ``policy`` is the
    :class:`~vandatta.ai.review.Playout` policy (default: the fast expert-like one). ``background``: run on the
    event loop that runs this thread (``None``: when there is one; ``False``: never, the
    review then runs at once — for scripts and tests whose loop is not the kernel's).

    Children for programs and tests: ``start_button``, ``stop_button``, ``seat_choice``,
    ``progress`` (an ``IntProgress``), ``status``, ``summary``, ``marks``
    (:class:`ReviewMarks`), ``detail``, ``save``, ``error``. ``review`` is the
    :class:`~vandatta.ai.review.Review` once there is one; ``running`` tells whether one runs;
    ``errors`` lists every error a callback caught.
    """

    lang = Lang()

    def __init__(
        self,
        game: Game | None = None,
        seat: int | None = None,
        *,
        mode: str = "play",
        lang: str = "sv",
        playouts: int = PLAYOUTS,
        seed: int = 0,
        workers: int | None = None,
        names: list[str] | None = None,
        background: bool | None = None,
        policy: Playout | None = None,
        **kwargs: Any,
    ) -> None:
        if mode not in ("play", "replay"):
            raise ValueError(f"mode must be 'play' or 'replay', not {mode!r}")
        check_lang(lang)
        kwargs["_dom_classes"] = (*kwargs.get("_dom_classes", ()), "vd-review", "vd-ui")
        super().__init__(**kwargs)
        self.mode = mode
        self.playouts = playouts
        self.seed = seed
        self.workers = workers
        self.background = background
        self.policy = policy
        self.ran_in: str | None = None  # how the last review ran: "processes", "steps" or "at once"
        self.errors: list[str] = []
        self.review: Review | None = None
        self.game: Game | None = None
        self.seat: int | None = seat
        self._names = names
        self._job: ReviewJob | None = None
        self._task: asyncio.Task | None = None
        self._pool: Executor | None = None
        self._note: tuple[str, dict] | None = None  # a status message: (key, params)
        self._selected = 0
        self._callbacks: list[Callable[[int], object]] = []
        self._build()
        self.set_trait("lang", lang)
        self.observe(self._on_lang, names="lang")
        self.set_game(game, seat)

    # -- construction ---------------------------------------------------------------------------

    def _build(self) -> None:
        """The controls now; the results' widgets when there are results (a replay that is
        never analysed pays for a button and a menu only)."""
        lay = w.Layout
        self.start_button = w.Button(button_style="primary", layout=lay(width="auto"))
        self.start_button.add_class("vd-rv-start")
        self.stop_button = w.Button(layout=lay(width="auto", display="none"))
        self.stop_button.add_class("vd-rv-stop")
        self.seat_choice = w.Dropdown(
            layout=lay(width="auto", display="none"), style={"description_width": "auto"}
        )
        self.seat_choice.add_class("vd-rv-seat")
        self.progress = ProgressBar(value=0, min=0, max=1, layout=lay(width="260px", display="none"))
        self.progress.add_class("vd-rv-progress")
        self.status = Label(layout=lay(width="auto"))
        self.status.add_class("vd-rv-status")
        controls = w.HBox(
            [self.start_button, self.seat_choice, self.stop_button, self.progress, self.status],
            layout=lay(flex_flow="row wrap", align_items="center", width="100%"),
        )
        controls.add_class("vd-row")
        self._controls = controls
        self._parts: tuple | None = None
        self.children = [stylesheet(), controls]
        self.start_button.on_click(self._on_start)
        self.stop_button.on_click(self._on_stop)
        self.seat_choice.observe(self._on_seat, names="value")

    def _results(self) -> tuple[HTML, HTML, ReviewMarks, HTML, HTML]:
        """The error line, the summary, the marks, the detail and the save link (made once)."""
        if self._parts is None:
            lay = w.Layout
            error = HTML(layout=lay(width="100%", display="none"))
            summary = HTML(layout=lay(width="100%"))
            marks = ReviewMarks(layout=lay(width="100%"))
            detail = HTML(layout=lay(width="100%"))
            detail.add_class("vd-rv-detail")
            save = HTML(layout=lay(width="auto"))
            marks.on_go(self._on_go)
            self._parts = (error, summary, marks, detail, save)
            self.children = [stylesheet(), self._controls, *self._parts]
        return self._parts

    @property
    def error(self) -> HTML:
        return self._results()[0]

    @property
    def summary(self) -> HTML:
        return self._results()[1]

    @property
    def marks(self) -> ReviewMarks:
        return self._results()[2]

    @property
    def detail(self) -> HTML:
        return self._results()[3]

    @property
    def save(self) -> HTML:
        return self._results()[4]

    # -- the public interface -----------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self._job is not None

    def on_select(self, callback: Callable[[int], object]) -> None:
        """Call ``callback(ply)`` when a decision is chosen (the replay goes there)."""
        self._callbacks.append(callback)

    def set_game(self, game: Game | None, seat: int | None = None) -> None:
        """Review ``game`` (for ``seat``) from now on; a review it carries is shown at once.
        Stops a review that was running for another game."""
        if game is self.game and seat == self.seat and game is not None:
            self._relabel()
            return
        self.stop()
        self.game = game
        self.seat = seat
        self.review = None
        self._selected = 0
        self._note = None
        if game is not None and game.has_history:
            try:
                self.review = Review.from_game(game, lang=self.lang)
            except ReviewError as error:
                self._note = ("rv_error", {"error": error.text(self.lang)})
            if self.review is not None:
                self._note = ("rv_loaded", {"n": len(self.review)})
                if self.review.seat is not None or self.seat is None:
                    self.seat = self.review.seat
        self._relabel()
        self._render()

    def update(self, game: Game | None, *, seat: int | None = None, lang: str | None = None) -> None:
        """The play table's hook: the round shown now. The panel shows itself once the
        round is over."""
        if lang is not None and lang != self.lang:
            self.lang = lang
        self.set_game(game, seat)
        over = game is not None and game.is_over
        self.layout.display = "" if over or self.review is not None else "none"

    def start(self) -> None:
        """Review the game: in the background when an event loop runs, else at once."""
        game = self.game
        if game is None or self.running:
            return
        if self.mode == "play" and not game.is_over:
            self._note = ("rv_not_over", {})
            self._render_status()
            return
        self._clear_error()
        job = ReviewJob(game, self.seat, playouts=self.playouts, seed=self.seed, policy=self.policy)
        if job.total == 0:
            self._note = ("rv_nothing", {})
            self._render_status()
            return
        self._job = job
        self.review = None
        self._selected = 0
        self._show_running(True)
        self._render()
        loop = None
        if self.background is not False:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                if self.background:
                    raise
        if loop is None:  # a script or a test: no page to keep alive
            self.ran_in = "at once"
            try:
                while not job.step(deals=self.playouts):
                    self._render_progress()
            except Exception:
                self._job = None  # a failed review leaves the button working, not "running" forever
                self._show_running(False)
                raise
            self._finish()
            return
        self._task = loop.create_task(self._run(job))

    def stop(self) -> None:
        """Stop a running review (its work so far is dropped)."""
        task, self._task = self._task, None
        if task is not None and not task.done():
            task.cancel()
        self._close_pool()
        if self._job is not None:
            self._job = None
            self._note = ("rv_stopped", {})
            self._show_running(False)
            self._render()

    async def wait(self) -> None:
        """Wait for the review that runs (for programs and tests in an event loop)."""
        task = self._task
        if task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    def select(self, ply: int) -> None:
        """Show decision ``ply`` (its position, the move played, the better one, the reason)."""
        if self.review is None or self.review.decision(ply) is None:
            return
        self._selected = ply
        self.marks.current = ply
        self.detail.value = self._detail_html(ply)
        for callback in list(self._callbacks):
            callback(ply)

    # -- running ----------------------------------------------------------------------------------

    async def _run(self, job: ReviewJob) -> None:
        try:
            workers = self.workers if self.workers is not None else (os.cpu_count() or 1)
            workers = max(1, min(workers, job.total))
            self.ran_in = "steps"
            if workers > 1 and can_use_processes():
                await self._in_processes(job, workers)
            while not job.step(deals=max(1, self.playouts // 40)):
                if self._job is not job:
                    return
                started = time.perf_counter()
                while time.perf_counter() - started < STEP_SECONDS and not job.step(deals=2):
                    pass
                self._render_progress()
                await asyncio.sleep(0)  # the page's other messages go first
            if self._job is job:
                self._finish()
        except asyncio.CancelledError:
            raise
        except Exception as error:
            self._job = None
            self._show_running(False)
            self.errors.append("".join(traceback.format_exception(type(error), error, error.__traceback__)))
            self._report(error)
        finally:
            self._close_pool()

    async def _in_processes(self, job: ReviewJob, workers: int) -> None:
        """The decisions in worker processes; the kernel only waits. Whatever the workers
        could not do (no processes here after all, a worker that died) is left to the caller."""
        loop = asyncio.get_running_loop()
        try:
            self._pool = await loop.run_in_executor(None, process_pool, workers)
        except (OSError, ImportError, NotImplementedError, ValueError):
            return
        settings = job.settings()
        futures = [loop.run_in_executor(self._pool, judge_ply, settings, ply) for ply in job.pending()]
        try:
            for next_done in asyncio.as_completed(futures):
                decision = await next_done
                if self._job is not job:
                    return
                job.add(decision)
                self._render_progress()
            self.ran_in = "processes"
        except (OSError, RuntimeError):  # a broken pool: the rest is judged here
            return
        finally:
            self._close_pool()

    def _close_pool(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def _finish(self) -> None:
        job = self._job
        if job is None:
            return
        self._job = None
        self._task = None
        review = job.result(lang=self.lang)
        game = self.game
        if game is not None:
            review.annotate(game)  # the game (and a record saved from it) keeps the review
        if self.mode == "play" and game is not None and self.seat is not None:
            from .reviewed import reviewed  # the child's mistakes, into their record

            reviewed(game, self.seat, review.decisions)
        self.review = review
        seconds = review.seconds
        self._note = ("rv_done", {"n": len(review), "s": LocalText.of(functools.partial(decimal, seconds))})
        self._show_running(False)
        self._render()
        first = next((d for d in review if d.grade.severity >= Grade.INACCURACY.severity), None)
        if first is not None or len(review):
            self.select((first or review.decisions[0]).ply)

    # -- views ------------------------------------------------------------------------------------

    def _show_running(self, on: bool) -> None:
        with self.hold_sync():
            self.start_button.disabled = on
            self.seat_choice.disabled = on
            self.stop_button.layout.display = "" if on else "none"
            self.progress.layout.display = "" if on else "none"
            if on and self._job is not None:
                self.progress.max = max(1, self._job.total * 100)
                self.progress.value = 0

    def _render_progress(self) -> None:
        job = self._job
        if job is None:
            return
        with self.progress.hold_sync():
            self.progress.value = round(job.fraction * job.total * 100)
        self.status.value = t("rv_working", self.lang, done=job.done, total=job.total)

    def _render_status(self) -> None:
        if self._job is not None:
            self._render_progress()
        elif self._note is not None:
            key, params = self._note
            self.status.value = t(key, self.lang, **params)
        else:
            self.status.value = ""

    def _render(self) -> None:
        lang = self.lang
        review = self.review
        self._render_status()
        if review is None:
            if self._parts is None:
                return
            with self.marks.hold_sync():
                self.marks.chart = ""
                self.marks.marks = []
            self.summary.value = ""
            self.detail.value = ""
            self.save.value = ""
            return
        game = self.game
        plies = game.ply if game is not None else max((d.ply for d in review), default=1)
        players = game.players if game is not None else 2
        from .charts import (
            review_chart,  # (loaded with the first review: the replay starts without it)
        )

        drawn = {
            shape: review_chart(
                review,
                plies=plies,
                players=players,
                names=self._seat_names(),
                lang=lang,
                width=width,
                height=height,
            ).svg
            for shape, width, height in (("wide", 760, 340), ("narrow", 400, 330))
        }
        with self.marks.hold_sync():
            self.marks.chart = f'<div class="vd-rv-wide">{drawn["wide"]}</div><div class="vd-rv-narrow">{drawn["narrow"]}</div>'
            self.marks.label = t("rv_marks", lang)
            self.marks.marks = [[d.ply, d.symbol, d.grade.value, self._mark_label(d)] for d in review]
            self.marks.current = self._selected
        self.summary.value = self._summary_html()
        self.detail.value = self._detail_html(self._selected) if self._selected else self._choose_html()
        self.save.value = (
            download_link(
                record_json(game),
                filename=f"vandatta-{game.seed}-review.json",
                label=t("rv_save", lang),
                mime="application/json",
                tooltip=t("rv_save_tip", lang),
            )
            if game is not None and game.has_history
            else ""
        )

    def _seat_names(self) -> list[str]:
        game = self.game
        n = game.players if game is not None else 8
        if self._names is not None and len(self._names) == n:
            return list(self._names)
        if game is not None:
            return [game.player_name(s, self.lang) for s in range(n)]
        return [term("player", self.lang, n=s + 1, capital=True) for s in range(n)]

    def _mark_label(self, d: Decision) -> str:
        """A mark's name for a screen reader: "Drag 12 · Spelare 1: 7♥ – Misstag (?)"."""
        lang = self.lang
        head = t("rv_move_of", lang, n=d.ply, player=self._seat_names()[d.seat])
        return f"{head}: {move_words(d.move, lang, phrase=True)} – {d.grade.name_in(lang)} ({d.symbol})"

    def _summary_html(self) -> str:
        lang = self.lang
        review = self.review
        assert review is not None
        items = []
        for grade, n in review.counts().items():
            items.append(
                f'<li class="vd-rv-count vd-rv-{grade.value}"><span class="vd-rv-sign" aria-hidden="true">'
                f"{html.escape(grade.symbol)}</span> <b>{n}</b> {html.escape(grade.name_in(lang))}</li>"
            )
        how = t("rv_how", lang, p=review.playouts)
        return (
            f'<div class="vd-rv-summary"><h3>{html.escape(t("rv_summary", lang))}</h3>'
            f'<ul class="vd-rv-counts">{"".join(items)}</ul>'
            f"{self._places_html()}"
            f'<p class="vd-rv-how">{html.escape(how)}</p></div>'
        )

    def _places_html(self) -> str:
        """Rule O10: how the round ended for each player, beside what the review found."""
        game = self.game
        if game is None or not game.rules.play_for_places or not game.places:
            return ""
        names = self._seat_names()
        told = " · ".join(
            f"{names[seat]}: {t('pt_place', self.lang, n=n)}" for n, seat in enumerate(game.places, start=1)
        )
        return f'<p class="vd-rv-places">{html.escape(told)}</p>'

    def _choose_html(self) -> str:
        return f'<p class="vd-rv-choose">{html.escape(t("rv_choose", self.lang))}</p>'

    def _detail_html(self, ply: int) -> str:
        review, game, lang = self.review, self.game, self.lang
        d = review.decision(ply) if review is not None else None
        if d is None:
            return self._choose_html()
        names = self._seat_names()
        grade = d.grade
        parts = [
            f'<div class="vd-rv-x vd-rv-{grade.value}">',
            f"<h3>{html.escape(t('rv_move_of', lang, n=d.ply, player=names[d.seat]))} – "
            f'<span class="vd-rv-verdict"><span class="vd-rv-sign" aria-hidden="true">{html.escape(grade.symbol)}</span> '
            f"{html.escape(grade.name_in(lang))}</span></h3>",
        ]
        if self.mode == "play" and game is not None:
            before = game.replay(d.ply - 1)
            picture = svg.table(
                before, lang=lang, open_hands=False, viewer=d.seat, focus=d.seat, size=90, names=names
            )
            caption = t("rv_position", lang, player=names[d.seat])
            parts.append(
                f'<figure class="vd-rv-position"><figcaption>{html.escape(caption)}</figcaption>{picture}</figure>'
            )
        parts.append(
            f'<div class="vd-rv-moves"><div class="vd-rv-played"><span class="vd-rv-what">'
            f"{html.escape(t('rv_played', lang))}</span> {svg.move_html(d.move, size=48, lang=lang)}</div>"
        )
        if d.best.decision() != d.move.decision():
            parts.append(
                f'<div class="vd-rv-better"><span class="vd-rv-what">{html.escape(t("rv_better", lang))}</span> '
                f"{svg.move_html(d.best, size=48, lang=lang)}</div>"
            )
        parts.append("</div>")
        parts.append(f'<p class="vd-rv-reason">{suit_spans(d.reason(lang))}</p>')
        chance = t(
            "rv_chance",
            lang,
            before=f"{100 * d.before:.0f} %",
            after=f"{100 * d.after:.0f} %",
            margin=f"{100 * d.margin:.0f}",
        )
        parts.append(f'<p class="vd-rv-chance">{html.escape(chance)}</p></div>')
        return "".join(parts)

    def _relabel(self) -> None:
        lang = self.lang
        key = "rv_review" if self.mode == "play" else "rv_analyse"
        self.start_button.description = t(key, lang)
        self.start_button.tooltip = t(f"{key}_tip", lang)
        self.stop_button.description = t("rv_stop", lang)
        self.stop_button.tooltip = t("rv_stop_tip", lang)
        self.progress.description = ""
        game = self.game
        with self.hold_sync():
            self.start_button.disabled = (
                game is None or self.running or (self.mode == "play" and not game.is_over)
            )
            self.start_button.layout.display = "" if game is not None else "none"
        if self.mode == "replay" and game is not None:
            options = [(t("rv_everyone", lang), -1)] + [(n, s) for s, n in enumerate(self._seat_names())]
            value = -1 if self.seat is None else self.seat
            self._syncing = True
            try:
                self.seat_choice.options = options
                self.seat_choice.value = value
            finally:
                self._syncing = False
            self.seat_choice.description = t("rv_whose", lang)
            self.seat_choice.layout.display = ""
        else:
            self.seat_choice.layout.display = "none"

    def _report(self, error: BaseException) -> None:
        """A guarded callback (vandatta_widgets.base.screen.guarded) or the review's job failed: say so."""
        text = error.text(self.lang) if isinstance(error, ReviewError) else f"{type(error).__name__}: {error}"
        with self.error.hold_sync():
            self.error.value = (
                f'<div role="alert">⚠ {html.escape(t("rv_error", self.lang, error=text))}</div>'
            )
            self.error.layout.display = ""

    def _clear_error(self) -> None:
        if self._parts is None:
            return
        with self.error.hold_sync():
            self.error.value = ""
            self.error.layout.display = "none"

    # -- handlers -----------------------------------------------------------------------------------

    _syncing = False

    @guarded
    def _on_start(self, _button: object = None) -> None:
        self.start()

    @guarded
    def _on_stop(self, _button: object = None) -> None:
        self.stop()

    @guarded
    def _on_seat(self, change: dict) -> None:
        if self._syncing:
            return
        value = change["new"]
        game = self.game
        if game is None or not isinstance(value, int) or isinstance(value, bool):
            return
        seat = None if value == -1 else value
        if seat is not None and not 0 <= seat < game.players:
            return
        if seat != self.seat:
            self.stop()
            self.seat = seat
            self._note = None
            self._render_status()

    @guarded
    def _on_go(self, ply: int) -> None:
        self.select(ply)

    @guarded
    def _on_lang(self, change: dict) -> None:
        if self.review is not None:
            self.review = dataclasses.replace(self.review, lang=self.lang)
        if self._note is not None and self._note[0] == "rv_error":
            self._note = None
        self._relabel()
        self._render()
