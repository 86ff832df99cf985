"""The replay viewer: step through a finished (or unfinished) round move by move, with the
table drawn at every point, the engine's explanation of each move, what else was legal, and
the points at the end.

>>> from vandatta.ai.simulate import play_random_game
>>> game = play_random_game(3, seed=5)
>>> viewer = ReplayViewer(game, lang="en")
>>> viewer.label.value == f"Move 0 of {game.ply}"
True
>>> viewer.buttons["next"].click(); viewer.buttons["next"].click()
>>> viewer.ply, viewer.label.value == f"Move 2 of {game.ply}"
(2, True)
>>> viewer.language.value = "sv"; viewer.label.value == f"Drag 2 av {game.ply}"
True

Everything the viewer says about the rules comes from the engine: the verdict of the move
(``position.check(move).text(lang)``) with its rule ids, the events that followed
(``Event.text``) and the legal moves of the position (``legal_moves()``).

Built from a :class:`vandatta.Game`, a record (a dict or JSON text) or a record file::

    ReplayViewer(game)
    ReplayViewer.from_record(record_dict_or_json)
    ReplayViewer.from_file("game.json")

Rendering: one working position (:class:`~vandatta_widgets.replay.cursor.Cursor`) walks the game with
the engine's ``push`` and ``pop`` (no copies of past positions, however long the game), and
:class:`~vandatta_widgets.replay.presenter.ReplayPresenter` says each ply (no widgets); the table and the explanation of a ply are
drawn on first view and kept in a small cache, so a step costs one move, one ``svg.table``
and a few field updates, sent together under ``hold_sync()``. The move list is paged
(:mod:`vandatta_widgets.controls.navigation`): a record of thousands of moves opens and steps like a short one.
"""

from __future__ import annotations

import contextlib
import html
import os
from collections import OrderedDict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from vandatta import Game, svg
from vandatta.lang import check_lang
from vandatta.record import read_game

from ..base.i18n import LANGS, language_switch, t
from ..base.problem import Problem
from ..base.safe import HTML, Label
from ..base.screen import error_text, guard
from ..base.style import stylesheet
from ..controls.export import ExportLinks
from ..controls.keys import KEYS, PRESENTER_KEYS, KeyListener
from ..controls.navigation import MoveList, PlySlider
from ..controls.review import ReviewPanel, human_seat
from ..controls.toggle import Toggle
from .cursor import Cursor, Shown, is_whole_number, step_back, step_on
from .presenter import ReplayPresenter

if TYPE_CHECKING:
    from ..tables.poll_tab import ClassPollView

__all__ = ["ReplayViewer", "SPEEDS"]

# Playback speeds: catalog key and the time between two moves (ms).
SPEEDS: tuple[tuple[str, int], ...] = (("slow", 1600), ("normal", 900), ("fast", 400))
# Control glyphs that Debian's DejaVu fonts (and every classroom computer) can draw: ⏮ ⏭ ⏸
# have no glyph in them and would show as empty boxes.
_GLYPH = {"first": "❙◀", "previous": "◀", "play": "▶", "pause": "❚❚", "next": "▶", "last": "▶❙"}
_NAV = ("first", "previous", "next", "last")
_KEY_ACTIONS = {
    "ArrowLeft": "previous",
    "ArrowRight": "next",
    "Home": "first",
    "End": "last",
    # a presenter's clicker, and R for "show the move" (classroom mode)
    "PageUp": "previous",
    "PageDown": "next",
    " ": "next",
    "r": "reveal",
    "R": "reveal",
}
_EVERYONE = -1  # the "View as" value for open hands
_FOLLOW = -2  # ... and for the seat of the player who moves
_FOCUS_SIZE = 160  # px: classroom mode draws the table for a projector (scaled to fit)
CACHE_SIZE = 96  # positions whose pictures are kept (a bounded cache)


class ReplayViewer(w.VBox):
    """Replay a round: the table, the explanation, the controls, the move list, the settings.

    ``source`` is a :class:`vandatta.Game`, a record dict, record JSON text, or a path to
    a record file (``str`` that does not start with ``{``, or ``os.PathLike``).
    ``lang`` is ``"sv"`` or ``"en"``; ``viewer`` is ``None`` (open hands) or the seat whose
    view is shown (the other hands face down, their drawn cards not named); ``ply`` is the
    move to show first (0: the deal); ``size`` the card height on the table in px;
    ``classroom`` starts in classroom mode.

    Children worth knowing (for tests and notebooks): :attr:`buttons` (``first``,
    ``previous``, ``play``, ``next``, ``last``, ``reveal``), :attr:`slider`, :attr:`play`,
    :attr:`label`, :attr:`speed`, :attr:`move_list`, :attr:`view`, :attr:`ask`,
    :attr:`classroom_button`, :attr:`language`, :attr:`table`, :attr:`explanation`,
    :attr:`banner`, :attr:`export`, :attr:`error`, :attr:`key_listener`.
    """

    expected_errors = (Problem,)  # a refused choice: its message, no traceback

    def __init__(
        self,
        source: Game | dict | str | bytes | os.PathLike,
        *,
        lang: str = "sv",
        viewer: int | None = None,
        ply: int = 0,
        size: float = 90,
        classroom: bool = False,
        **kwargs: Any,
    ) -> None:
        check_lang(lang)
        kwargs["_dom_classes"] = (*kwargs.get("_dom_classes", ()), "vd-replay", "vd-ui", "vd-keys-scope")
        super().__init__(**kwargs)
        game = _as_game(source).copy()
        if viewer is not None and not (is_whole_number(viewer) and 0 <= viewer < game.players):
            raise ValueError(f"viewer must be None or a seat from 0 to {game.players - 1}, not {viewer!r}")
        self.game = game
        self._cursor = Cursor(game)
        self.words = ReplayPresenter(game, self._cursor)  # every ply's words (no widgets)
        n = len(game.moves)
        if not is_whole_number(ply) or not 0 <= ply <= n:
            raise ValueError(f"ply must be from 0 to {n}, not {ply!r}")
        self._n = n
        self._lang = lang
        self._choice = _EVERYONE if viewer is None else viewer  # "View as": everyone, follow, a seat
        self._size = size
        self._width: int | None = None  # the view's width in px, once the browser said
        self._classroom = False
        self._asking = True  # in classroom mode: the position first, the move on "show"
        self._every_move = False  # ... about every move, or only where the mover had a real choice
        self._choices: frozenset[int] | None = None  # the plies worth asking about (vandatta.ai.discuss)
        self._question = False  # whether the shown ply is asked about rather than explained
        self._pending_question = False  # set by _ask_about() for the slider's observer
        self._choice_before_classroom = self._choice
        self._shown: tuple[int, bool] | None = None
        self._syncing = False  # set while Python itself relabels options
        self.errors: list[str] = []  # every unexpected error a callback met (its traceback)
        self._cache: OrderedDict[tuple, tuple[str, str]] = OrderedDict()
        self._build(ply)
        self._relabel()
        if classroom:
            self.classroom = True
        self._show(ply)

    # -- construction -----------------------------------------------------------------

    @classmethod
    def from_record(cls, record: dict | str | bytes, **kwargs: Any) -> ReplayViewer:
        """A viewer for a record (a dict or JSON text), replayed and validated move by move.
        Raises :class:`vandatta.RecordError` naming the first bad move."""
        return cls(read_game(record), **kwargs)

    @classmethod
    def from_file(cls, path: str | os.PathLike, **kwargs: Any) -> ReplayViewer:
        """A viewer for a record file (see :func:`vandatta.record.load`)."""
        from vandatta.record import load

        return cls(load(path), **kwargs)

    def _build(self, ply: int) -> None:
        n = self._n
        layout = w.Layout
        # Widgets whose looks never change share one layout or style model: every model costs
        # the browser about a millisecond on the page's first render. (Layouts that are
        # changed later, like the error's and the banner's display, stay their own.)
        auto = layout(width="auto")
        full = layout(width="100%")
        button_style = w.ButtonStyle()

        # the header: a title and the language switch (a page that has its own hides both)
        self.title = HTML(layout=auto, _dom_classes=("vd-rp-title",))
        text_style = self.title.style  # (HTMLStyle has no public name in ipywidgets 8)
        self.language = language_switch(self._lang, button_width="auto", classes=("vd-rp-language",))
        self.header = w.HBox(
            [self.title, self.language], layout=layout(width="100%"), _dom_classes=("vd-rp-header",)
        )
        self.error = HTML(
            layout=layout(display="none", width="auto"), style=text_style, _dom_classes=("vd-rp-error",)
        )

        # In reading order, which is also the order of the Tab key: the table, the
        # explanation, the controls, the list of moves, the settings. The stylesheet places
        # them in one column (a phone) or two, never out of this order.
        self.table = HTML(
            layout=layout(width="auto", margin="0"), style=text_style, _dom_classes=("vd-rp-table",)
        )
        self.banner = HTML(
            layout=layout(display="none", width="auto"), style=text_style, _dom_classes=("vd-rp-banner",)
        )
        self.explanation = HTML(layout=auto, style=text_style, _dom_classes=("vd-rp-explain",))
        side = w.VBox([self.banner, self.explanation], layout=auto, _dom_classes=("vd-rp-side",))

        self.buttons: dict[str, w.Button | w.ToggleButton] = {}
        for name in _NAV:
            button = w.Button(layout=auto, style=button_style, _dom_classes=(f"vd-rp-{name}",))
            button.on_click(self._handler(getattr(self, name)))
            self.buttons[name] = button
        self.buttons["play"] = play_button = w.ToggleButton(
            value=False, layout=auto, _dom_classes=("vd-rp-play",)
        )
        self.buttons["reveal"] = reveal = w.Button(
            button_style="primary",
            layout=layout(width="auto", display="none"),
            _dom_classes=("vd-rp-reveal",),
        )
        reveal.on_click(self._handler(self.reveal))
        self.play = w.Play(
            min=0,
            max=n,
            value=ply,
            step=1,
            interval=dict(SPEEDS)["normal"],
            show_repeat=False,
            layout=layout(display="none"),
        )
        self.slider = PlySlider(value=ply, max=n, layout=auto, _dom_classes=("vd-rp-slider",))
        self._links = [
            w.jslink((self.play, "value"), (self.slider, "value")),
            w.jslink((play_button, "value"), (self.play, "playing")),
        ]
        self.label = Label(layout=auto, _dom_classes=("vd-ply-label",))
        controls = w.HBox(
            [
                self.buttons["first"],
                self.buttons["previous"],
                play_button,
                self.buttons["next"],
                self.buttons["last"],
                reveal,
                self.slider,
                self.label,
            ],
            layout=full,
            _dom_classes=("vd-rp-controls",),
        )

        self.moves_title = HTML(layout=auto, style=text_style, _dom_classes=("vd-rp-moves-title",))
        self.move_list = MoveList(
            self._list_label, last=n, current=ply, layout=auto, _dom_classes=("vd-rp-moves",)
        )
        self.move_list.on_go(self._handler(self.go))
        self.export = ExportLinks(
            self.game, lang=self._lang, hidden=self._choice != _EVERYONE, layout=auto, style=text_style
        )
        moves = w.VBox(
            [self.moves_title, self.move_list, self.export], layout=auto, _dom_classes=("vd-rp-movebox",)
        )

        self.speed = w.ToggleButtons(
            options=[(key, ms) for key, ms in SPEEDS],
            value=dict(SPEEDS)["normal"],
            style={"button_width": "auto"},
            layout=auto,
            _dom_classes=("vd-rp-speed",),
        )
        self.speed_label = Label(layout=auto, _dom_classes=("vd-rp-speed-label",))
        speed = w.HBox([self.speed_label, self.speed], layout=auto, _dom_classes=("vd-rp-speed-box",))
        self.view = w.Dropdown(
            options=[("", _EVERYONE)],
            value=_EVERYONE,
            layout=auto,
            style={"description_width": "initial"},
            _dom_classes=("vd-rp-view",),
        )
        # a switch that shows whether it is on (aria-pressed, "på"/"av"), and says what off means
        self.ask = Toggle(
            value=True, layout=layout(width="auto", display="none"), _dom_classes=("vd-rp-ask",)
        )
        self.classroom_button = w.Button(layout=auto, _dom_classes=("vd-rp-classroom",))
        self.classroom_button.on_click(self._handler(self._toggle_classroom))
        self.keys_hint = HTML(
            layout=layout(width="auto", display="none"), style=text_style, _dom_classes=("vd-rp-keys",)
        )
        # "Klassen svarar": the pupils answer each question on their own devices; the
        # projector's part (vandatta_widgets.tables.poll_tab) is made the first time it is turned on
        self.class_answers = Toggle(
            value=False, layout=layout(width="auto", display="none"), _dom_classes=("vd-rp-class-answers",)
        )
        self.class_poll: ClassPollView | None = None
        self.class_answers.observe(self._handler(self._on_class_answers), names="value")
        settings = w.HBox(
            [speed, self.view, self.ask, self.class_answers, self.classroom_button, self.keys_hint],
            layout=full,
            _dom_classes=("vd-rp-settings",),
        )

        body = w.Box([self.table, side, controls, moves, settings], layout=full, _dom_classes=("vd-rp-body",))
        self.key_listener = KeyListener(report_width=True)
        self.key_listener.on_key(self._handler(self._on_key))
        self.key_listener.on_width(self._handler(self._on_width))
        # the game review: "Analysera" / "Analyse"; choosing a decision shows its position
        self.review = ReviewPanel(self.game, seat=human_seat(self.game), mode="replay", lang=self._lang)
        self.review.on_select(lambda ply: self.go(ply - 1))
        self.children = [
            stylesheet(),
            self.header,
            self.error,
            body,
            self.review,
            self.play,
            self.key_listener,
        ]

        # One observer on the slider moves the view; everything else sets the slider.
        self.slider.observe(self._handler(self._on_slider), names="value")
        play_button.observe(self._handler(self._on_playing), names="value")
        self.speed.observe(self._handler(self._on_speed), names="value")
        self.view.observe(self._handler(self._on_view), names="value")
        self.ask.observe(self._handler(self._on_ask), names="value")
        self.language.observe(self._handler(self._on_language), names="value")

    # -- public API ---------------------------------------------------------------------

    @property
    def n_plies(self) -> int:
        """The number of moves in the game (the slider runs from 0 to this)."""
        return self._n

    @property
    def cached_positions(self) -> int:
        """How many positions' pictures are kept for quick stepping (at most CACHE_SIZE)."""
        return len(self._cache)

    @property
    def links(self) -> tuple[w.Widget, ...]:
        """The front-end links of the playback controls (closed with the viewer)."""
        return tuple(self._links)

    @property
    def ply(self) -> int:
        """The ply shown: the position after this many moves (0: the deal)."""
        return self.slider.value

    @ply.setter
    def ply(self, value: int) -> None:
        self.go(value)

    @property
    def lang(self) -> str:
        return self._lang

    @lang.setter
    def lang(self, value: str) -> None:
        check_lang(value)
        self.language.value = value

    @property
    def seat_view(self) -> int | None:
        """``None`` for open hands, else the seat whose view is shown now (with "the player
        who moves" chosen, that player's seat)."""
        return self._seat_for(self.ply, self._question)

    @seat_view.setter
    def seat_view(self, seat: int | None) -> None:
        if seat is not None and not (is_whole_number(seat) and 0 <= seat < self.game.players):
            raise ValueError(f"seat must be None or 0..{self.game.players - 1}, not {seat!r}")
        self.view.value = _EVERYONE if seat is None else seat

    @property
    def follows_mover(self) -> bool:
        """Whether the view follows the player who moves (the "View as" choice)."""
        return self._choice == _FOLLOW

    @follows_mover.setter
    def follows_mover(self, on: bool) -> None:
        self.view.value = _FOLLOW if on else _EVERYONE

    @property
    def question(self) -> bool:
        """Whether the view asks about the next move (classroom mode, before "Show the move")."""
        return self._question

    @property
    def asks_every_move(self) -> bool:
        """In classroom mode with :attr:`ask` on, whether every move is asked about; by default
        (``False``) only the moves where the mover had a real choice
        (:func:`vandatta.ai.discuss.discussion_plies`): a forced move is shown at once, marked."""
        return self._every_move

    @asks_every_move.setter
    def asks_every_move(self, on: bool) -> None:
        self._every_move = bool(on)
        self._show(self.ply, force=True)

    def worth_asking(self, ply: int) -> bool:
        """Whether the move after ``ply`` moves is put to the class as a question."""
        if self._every_move:
            return True
        if self._choices is None:
            from vandatta.ai.discuss import discussion_plies

            self._choices = frozenset(discussion_plies(self.game))
        return ply in self._choices

    @property
    def classroom(self) -> bool:
        """Classroom mode: large cards and text for a projector, the list shows only the
        moves played so far, the view follows the player who moves, and (with :attr:`ask`
        on) each move is first asked about, then shown with :meth:`reveal`. Keys: → ←
        PageDown PageUp Space step, R shows the move, F full screen, B blank screen."""
        return self._classroom

    @classroom.setter
    def classroom(self, on: bool) -> None:
        on = bool(on)
        if on == self._classroom:
            return
        self._classroom = on
        if on:
            self._choice_before_classroom = self._choice
            choice = _FOLLOW
        else:
            choice = self._choice_before_classroom
        with self._holding(self.key_listener, self.ask, self.keys_hint, self.buttons["reveal"], self.view):
            (self.add_class if on else self.remove_class)("vd-classroom")
            self.key_listener.watched = list(PRESENTER_KEYS if on else KEYS)
            self.key_listener.presenter = on
            self.ask.layout.display = None if on else "none"
            self.class_answers.layout.display = None if on else "none"
            if self.class_poll is not None:
                self.class_poll.layout.display = None if on and self.class_answers.value else "none"
            self.keys_hint.layout.display = None if on else "none"
            self._syncing = True
            try:
                self.view.value = choice
            finally:
                self._syncing = False
            self._choice = choice
        self._question = False
        self._label_classroom()
        self.export.update(hidden=self._choice != _EVERYONE)
        self._show(self.ply, force=True)

    def position(self, ply: int | None = None) -> Game:
        """The game after ``ply`` moves (the shown ply by default), as a game of its own."""
        return self._cursor.at(self.ply if ply is None else ply).copy()

    def go(self, ply: int) -> None:
        """Show the position after ``ply`` moves (with its move explained)."""
        if not is_whole_number(ply) or not 0 <= ply <= self._n:
            raise ValueError(f"ply must be a whole number from 0 to {self._n}, not {ply!r}")
        self._question = self._pending_question = False
        if self.slider.value == ply:
            self._show(ply)
        else:
            self.slider.value = ply  # the slider's observer draws it

    def first(self) -> None:
        self.go(0)

    def previous(self) -> None:
        """One step back: in classroom mode with :attr:`ask` on, from a move to the question
        before it, and from a question to the move before it."""
        self._step(step_back(Shown(self.ply, self._question), self._n, asks=self._asks()))

    def next(self) -> None:
        """One step on: in classroom mode with :attr:`ask` on, from a move to the question
        about the next one, and from a question to its answer (:meth:`reveal`)."""
        self._step(step_on(Shown(self.ply, self._question), self._n, asks=self._asks()))

    def last(self) -> None:
        self.go(self._n)

    def _step(self, to: Shown | None) -> None:
        """Show where a step goes (vandatta_widgets.replay.cursor decides): a question, the answer to
        the question shown, or a move."""
        if to is None:
            return
        if to.question and not self.worth_asking(to.ply):
            # nothing to choose there: forward, the move itself; back, the move before it
            to = Shown(to.ply + 1) if to.ply >= self.ply else Shown(to.ply)
        if to.question:
            self._ask_about(to.ply)
        elif self._question and to.ply == self.ply + 1:
            self.reveal()
        else:
            self.go(to.ply)

    def reveal(self) -> None:
        """Show the move that was asked about, with its explanation (nothing to do when no
        question is shown)."""
        if self._question and self.ply < self._n:
            poll = self._answering_poll()
            if poll is not None:
                poll.reveal()
            self.go(self.ply + 1)

    # -- callbacks (all wrapped by _handler) ----------------------------------------------

    def _handler(self, action: Callable) -> Callable:
        """A callback's guard (vandatta_widgets.base.screen): a nav action takes no argument; its
        errors are shown in the view; the outermost success takes an old message down."""
        return guard(self, action, arguments=action.__name__ not in (*_NAV, "reveal"))

    def _report(self, error: BaseException) -> None:
        """A guarded callback failed: say so in the view, in the current language."""
        self._show_error(error_text(error)(self._lang))

    def _report_cleared(self) -> None:
        if self.error.value:
            self._clear_error()

    def _on_slider(self, change: dict) -> None:
        ply = change.get("new")
        # a move of the slider (a drag, the playback, go()) shows a move; _ask_about() asks
        self._question, self._pending_question = self._pending_question, False
        if not is_whole_number(ply) or not 0 <= ply <= self._n:
            raise Problem("rp_bad_ply", n=html.escape(repr(ply)), m=self._n)
        self._show(ply)

    def _on_key(self, key: str) -> None:
        action = _KEY_ACTIONS.get(key)
        if action is not None:
            getattr(self, action)()

    def _on_width(self, width: int) -> None:
        before = self._table_width()
        self._width = width
        if self._table_width() != before:
            self._show(self.ply, force=True)

    def _on_playing(self, change: dict) -> None:
        self._label_play_button()

    def _on_speed(self, change: dict) -> None:
        if self._syncing:
            return
        interval = change.get("new")
        if interval not in dict(SPEEDS).values():
            raise Problem("rp_bad_choice", value=html.escape(repr(interval)))
        self.play.interval = interval

    def _on_view(self, change: dict) -> None:
        if self._syncing:
            return
        value = change.get("new")
        if not (value in (_EVERYONE, _FOLLOW) or (is_whole_number(value) and 0 <= value < self.game.players)):
            raise Problem("rp_bad_choice", value=html.escape(repr(value)))
        self._choice = value
        self.export.update(hidden=value != _EVERYONE)
        self._show(self.ply, force=True)

    def _on_ask(self, change: dict) -> None:
        value = change.get("new")
        if not isinstance(value, bool):
            raise Problem("rp_bad_choice", value=html.escape(repr(value)))
        self._asking = value
        if not value and self._question:
            self._question = False
        if self.class_poll is not None:
            self.class_poll.paused = not value  # the pupils' pages say the moves are shown, unasked
        self._label_classroom()
        self._show(self.ply, force=True)

    def _on_class_answers(self, change: dict) -> None:
        on = change.get("new")
        if not isinstance(on, bool):
            raise Problem("rp_bad_choice", value=html.escape(repr(on)))
        if on and self.class_poll is None:
            from ..tables.poll_tab import ClassPollView

            self.class_poll = ClassPollView(
                self.game, lang=self._lang, paused=not self._asking, layout=w.Layout(width="100%")
            )
            # after the table and its words: the projector keeps the cards on top
            self.children = [*self.children[:4], self.class_poll, *self.children[4:]]
        if self.class_poll is not None:
            self.class_poll.layout.display = None if on else "none"
        self._label_classroom()
        poll = self._answering_poll()
        if poll is not None and self._question:
            poll.ask(self.ply)

    def _answering_poll(self) -> ClassPollView | None:
        """The class's poll when the class answers the questions (classroom mode, turned on)."""
        on = self._classroom and self.class_answers.value
        return self.class_poll if on else None

    def _toggle_classroom(self, _button: object = None) -> None:
        self.classroom = not self._classroom

    def _on_language(self, change: dict) -> None:
        lang = change.get("new")
        if lang not in LANGS:
            raise Problem("rp_bad_choice", value=html.escape(repr(lang)))
        self._lang = lang
        with self._holding(self.view, self.speed, self.move_list, self.export, *self.buttons.values()):
            self._relabel()
        self._show(self.ply, force=True)

    # -- what is shown ----------------------------------------------------------------------

    def _asks(self) -> bool:
        return self._classroom and self._asking

    def _ask_about(self, ply: int) -> None:
        """Show the position after ``ply`` moves and ask what the player to move would play."""
        if self.slider.value == ply:
            self._question = True
            self._show(ply)
        else:
            self._pending_question = True
            self.slider.value = ply  # its observer draws the question

    def _seat_for(self, ply: int, question: bool) -> int | None:
        """The seat whose view is shown at ``ply``: the chosen seat, nobody (open hands), or
        with "the player who moves", the player asked about or whose move is explained."""
        choice = self._choice
        if choice == _EVERYONE:
            return None
        if choice != _FOLLOW:
            return choice
        if question or ply == 0:
            return self._cursor.at(ply).to_move
        return self._cursor.movers[ply - 1]

    def _table_width(self) -> int | None:
        """The width to draw the table for: the view's, where it is too narrow for the seats
        round the pile (a phone); else ``None`` (the stylesheet scales the picture)."""
        width = self._width
        if width is None or svg.arrangement(self.game.players, width=width, size=self._size) != "column":
            return None
        return max(260, width // 10 * 10)

    @contextlib.contextmanager
    def _holding(self, *widgets: w.Widget) -> Iterator[None]:
        with contextlib.ExitStack() as stack:
            for widget in widgets:
                stack.enter_context(widget.hold_sync())
            yield

    def _show(self, ply: int, *, force: bool = False) -> None:
        question = self._question and self._asks() and ply < self._n
        self._question = question
        if (ply, question) == self._shown and not force:
            return
        table, explanation = self._rendered(ply, question)
        banner = self.words.banner_html(self._lang) if ply == self._n and not question else ""
        nav = self.buttons
        asks = self._asks()
        # hold_sync releases in reverse order: the table and explanation reach the browser
        # first, the "Move N of M" label last, so the page never shows a number ahead of its table.
        with self._holding(
            self.label, self.slider, self.banner, self.move_list, *nav.values(), self.explanation, self.table
        ):
            self.table.value = table
            self.explanation.value = explanation
            text = t("move_n_of_m", self._lang, n=ply, m=self._n)
            self.label.value = text
            self.slider.valuetext = text
            self.banner.value = banner
            self.banner.layout.display = None if banner else "none"
            at_start = ply == 0 and not (asks and not question)
            at_end = ply == self._n and not question
            for name, disabled in (
                ("first", ply == 0),
                ("previous", at_start),
                ("next", at_end),
                ("last", ply == self._n),
            ):
                nav[name].disabled = disabled
            nav["reveal"].layout.display = None if question else "none"
            poll = self._answering_poll()
            if question and poll is not None:
                poll.ask(ply)  # the same question again does nothing
            # classroom mode lists only the moves already played
            self.move_list.show(ply, last=ply if self._classroom else self._n)
        self._shown = (ply, question)

    def _rendered(self, ply: int, question: bool) -> tuple[str, str]:
        seat = self._seat_for(ply, question)
        width = None if self._classroom else self._table_width()
        unasked = self._asks() and not question and ply > 0 and not self.worth_asking(ply - 1)
        key = (ply, question, self._lang, seat, self._classroom, width, unasked)
        cached = self._cache.get(key)
        if cached is not None:
            self._cache.move_to_end(key)
            return cached
        position = self._cursor.at(ply)
        if self._classroom and seat is not None:
            picture = svg.table(
                position, lang=self._lang, open_hands=False, viewer=seat, focus=seat, size=_FOCUS_SIZE
            )
        else:
            picture = svg.table(
                position, lang=self._lang, open_hands=seat is None, viewer=seat, size=self._size, width=width
            )
        words = (
            self.words.question_html(ply, seat, self._lang)
            if question
            else self.words.explanation_html(ply, seat, self._lang)
        )
        if unasked:  # a forced move, shown without a question: say why it was not asked
            note = t("rp_no_choice", self._lang, player=self._name(self._cursor.movers[ply - 1]))
            words = f'<p class="vd-rp-no-choice">{html.escape(note)}</p>' + words
        result = (f'<div class="vd-rp-table-wrap">{picture}</div>', words)
        self._cache[key] = result
        if len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)
        return result

    def _show_error(self, message: str) -> None:
        with self.error.hold_sync():
            self.error.value = f'<div role="alert">⚠ {html.escape(message)}</div>'
            self.error.layout.display = None

    def _clear_error(self) -> None:
        with self.error.hold_sync():
            self.error.value = ""
            self.error.layout.display = "none"

    # -- words ------------------------------------------------------------------------------

    def _name(self, seat: int) -> str:
        return self.game.player_name(seat, self._lang)

    def _list_label(self, ply: int) -> str:
        return self.words.list_label(ply, self._lang)

    def _relabel(self) -> None:
        """Every word of the controls in the current language (the ply view is redrawn
        separately)."""
        lang = self._lang
        self.title.value = f"<h2>{html.escape(t('rp_title', lang))}</h2>"
        for name in _NAV:
            glyph, word = _GLYPH[name], t(name, lang)
            button = self.buttons[name]
            button.description = f"{word} {glyph}" if name in ("next", "last") else f"{glyph} {word}"
            button.tooltip = t(f"{name}_tip", lang)
        self._label_play_button()
        self._label_classroom()
        # (no ``tooltip`` on an anywidget: ipywidgets' front end reads a description it lacks)
        self.slider.label = t("rp_slider_label", lang)
        self.slider.tip = t("rp_slider_tip", lang)
        self._syncing = True
        try:
            speed = self.speed.value
            self.speed.options = [(t(key, lang), ms) for key, ms in SPEEDS]
            self.speed.value = speed
            self.speed_label.value = t("speed", lang)
            self.speed.tooltips = [t("rp_speed_tip", lang)] * len(SPEEDS)
            self.view.options = [
                (t("everyone", lang), _EVERYONE),
                (t("rp_view_follow", lang), _FOLLOW),
                *((self._name(s), s) for s in range(self.game.players)),
            ]
            self.view.value = self._choice
            self.view.description = t("view_of", lang)
            self.view.tooltip = t("rp_view_tip", lang)
        finally:
            self._syncing = False
        with self.move_list.hold_sync():
            self.move_list.label = t("rp_moves_label", lang)
            self.move_list.tip = t("rp_moves_tip", lang)
            self.move_list.earlier = t("rp_earlier", lang)
            self.move_list.later = t("rp_later", lang)
            self.move_list.relabel()
        self.moves_title.value = f"<h3>{html.escape(t('moves', lang))}</h3>"
        self.keys_hint.value = f'<p class="vd-rp-keys-text">{html.escape(t("rp_keys_hint", lang))}</p>'
        self.export.update(lang=lang)
        self.review.lang = lang

    def _label_play_button(self) -> None:
        button = self.buttons["play"]
        lang = self._lang
        if button.value:
            button.description = f"{_GLYPH['pause']} {t('pause', lang)}"
            button.tooltip = t("rp_pause_tip", lang)
        else:
            button.description = f"{_GLYPH['play']} {t('play', lang)}"
            button.tooltip = t("play_tip", lang)

    def _label_classroom(self) -> None:
        lang = self._lang
        on = self._classroom
        self.classroom_button.description = t("rp_classroom_off" if on else "rp_classroom", lang)
        self.classroom_button.tooltip = t("rp_classroom_tip", lang)
        with self.ask.hold_sync():
            self.ask.description = t("rp_ask", lang)
            self.ask.tip = t("rp_ask_tip", lang)
            self.ask.on_text, self.ask.off_text = t("rp_on", lang), t("rp_off", lang)
            # off: what happens instead, for the teacher (and what the class's devices say)
            off = "" if self._asking else t("rp_ask_off_note", lang)
            if off and self.class_answers.value:
                off += " " + t("rp_ask_off_class", lang)
            self.ask.note = off
        with self.class_answers.hold_sync():
            self.class_answers.description = t("cl_toggle", lang)
            self.class_answers.tip = t("cl_toggle_tip", lang)
            self.class_answers.on_text, self.class_answers.off_text = t("rp_on", lang), t("rp_off", lang)
        if self.class_poll is not None:
            self.class_poll.lang = lang
        reveal = self.buttons["reveal"]
        reveal.description = f"{t('rp_reveal', lang)} (R)"
        reveal.tooltip = t("rp_reveal_tip", lang)


def _as_game(source: object) -> Game:
    if isinstance(source, Game):
        return source
    if isinstance(source, bytearray):
        source = bytes(source)
    if isinstance(source, (dict, bytes)):
        return read_game(source)
    if isinstance(source, str) and source.lstrip().startswith("{"):
        return read_game(source)
    if isinstance(source, (str, os.PathLike)):
        from vandatta.record import load

        return load(Path(source))
    raise TypeError(
        f"ReplayViewer needs a Game, a record (dict or JSON text) or a file path, not {type(source).__name__}"
    )
