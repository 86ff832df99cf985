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

Rendering: one working position walks the game with the engine's ``push`` and ``pop`` (no
copies of past positions, however long the game); the table and the explanation of a ply are
drawn on first view and kept in a small cache, so a step costs one move, one ``svg.table``
and a few field updates, sent together under ``hold_sync()``. The move list is paged
(:mod:`widgets.controls.navigation`): a record of thousands of moves opens and steps like a short one.
"""

from __future__ import annotations

import contextlib
import html
import os
from collections import OrderedDict
from collections.abc import Callable, Iterator
from pathlib import Path

import ipywidgets as w

from vandatta import Game, Move, svg
from vandatta.cards import format_cards
from vandatta.rules import RULE_IDS, rule_title
from widgets.base.i18n import LANGS, language_switch, t
from widgets.base.safe import HTML, Label
from widgets.base.style import stylesheet
from widgets.controls.export import ExportLinks
from widgets.controls.keys import KEYS, PRESENTER_KEYS, KeyListener
from widgets.controls.navigation import MoveList, PlySlider
from widgets.replay.review import ReviewPanel, human_seat

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
_ALSO_LEGAL_MAX = 24
_CANDIDATES_MAX = 6


class _Problem(Exception):
    """Something the user (or the browser) asked for that cannot be done: shown in the view
    in the current language, as catalog key and parameters."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _genitive(name: str, lang: str) -> str:
    """``Spelare 1:s`` / ``Annas`` / ``Player 1's``."""
    if lang == "en":
        return name + ("'" if name.endswith("s") else "'s")
    if name[-1:].isdigit() or name[-1:].isupper():
        return name + ":s"
    return name if name[-1:].lower() in ("s", "x", "z") else name + "s"


def _call_words(move: Move) -> str:
    """The calls a pass carries, as the notation says them after the move: " varning" (O9),
    " lappen" (V3), " varning lappen" or ""."""
    return (" varning" if move.varning else "") + (" lappen" if move.lappen else "")


def _suit_spans(text: str) -> str:
    """Escape ``text`` and colour its ♥ ♦ red (the ♠ ♣ stay black)."""
    out = html.escape(text)
    for symbol in ("♥", "♦"):
        out = out.replace(symbol, f'<span class="vd-red">{symbol}</span>')
    return out


class _Cursor:
    """The replay's one working position, moved from ply to ply by the engine's own
    ``push`` and ``pop`` (python-chess's way): a step costs one move, a jump as many moves as
    it crosses, and no copies of past positions are kept, however long the game.

    The moves come from a game the engine has checked, so the fast path (``push``) is safe.
    """

    def __init__(self, game: Game) -> None:
        self.moves: tuple[Move, ...] = game.moves
        self.movers: list[int] = []  # who made each move
        self.game = game.root()
        for move in self.moves:
            self.movers.append(self.game.to_move)
            self.game.push(move)

    def at(self, ply: int) -> Game:
        """The working game moved to ``ply`` (0 to the number of moves). Shared: moving the
        cursor again changes it."""
        if not _is_int(ply) or not 0 <= ply <= len(self.moves):
            raise IndexError(f"ply must be from 0 to {len(self.moves)}, not {ply!r}")
        game = self.game
        while game.ply > ply:
            game.pop()
        while game.ply < ply:
            game.push(self.moves[game.ply])
        return game


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

    def __init__(
        self,
        source: Game | dict | str | bytes | os.PathLike,
        *,
        lang: str = "sv",
        viewer: int | None = None,
        ply: int = 0,
        size: float = 90,
        classroom: bool = False,
        **kwargs: object,
    ) -> None:
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}: use 'sv' or 'en'")
        kwargs["_dom_classes"] = (*kwargs.get("_dom_classes", ()), "vd-replay", "vd-ui", "vd-keys-scope")
        super().__init__(**kwargs)
        game = _as_game(source).copy()
        if viewer is not None and not (_is_int(viewer) and 0 <= viewer < game.players):
            raise ValueError(f"viewer must be None or a seat from 0 to {game.players - 1}, not {viewer!r}")
        self.game = game
        self._cursor = _Cursor(game)
        n = len(game.moves)
        if not _is_int(ply) or not 0 <= ply <= n:
            raise ValueError(f"ply must be from 0 to {n}, not {ply!r}")
        self._n = n
        self._lang = lang
        self._choice = _EVERYONE if viewer is None else viewer  # "View as": everyone, follow, a seat
        self._size = size
        self._width: int | None = None  # the view's width in px, once the browser said
        self._classroom = False
        self._asking = True  # in classroom mode: the position first, the move on "show"
        self._question = False  # whether the shown ply is asked about rather than explained
        self._pending_question = False  # set by _ask_about() for the slider's observer
        self._choice_before_classroom = self._choice
        self._shown: tuple[int, bool] | None = None
        self._syncing = False  # set while Python itself relabels options
        self._depth = 0  # how deep in nested callbacks we are
        self._failed = False  # whether a callback of the current dispatch failed
        self._cache: OrderedDict[tuple, tuple[str, str]] = OrderedDict()
        self._move_labels: dict[str, list[str]] = {}
        self._build(ply)
        self._relabel()
        if classroom:
            self.classroom = True
        self._show(ply)

    # -- construction -----------------------------------------------------------------

    @classmethod
    def from_record(cls, record: dict | str | bytes, **kwargs: object) -> ReplayViewer:
        """A viewer for a record (a dict or JSON text), replayed and validated move by move.
        Raises :class:`vandatta.RecordError` naming the first bad move."""
        return cls(Game.from_record(record), **kwargs)

    @classmethod
    def from_file(cls, path: str | os.PathLike, **kwargs: object) -> ReplayViewer:
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
        self.ask = w.ToggleButton(
            value=True, layout=layout(width="auto", display="none"), _dom_classes=("vd-rp-ask",)
        )
        self.classroom_button = w.Button(layout=auto, _dom_classes=("vd-rp-classroom",))
        self.classroom_button.on_click(self._handler(self._toggle_classroom))
        self.keys_hint = HTML(
            layout=layout(width="auto", display="none"), style=text_style, _dom_classes=("vd-rp-keys",)
        )
        # "Klassen svarar": the pupils answer each question on their own devices; the
        # projector's part (widgets.tables.poll_tab) is made the first time it is turned on
        self.class_answers = w.ToggleButton(
            value=False, layout=layout(width="auto", display="none"), _dom_classes=("vd-rp-class-answers",)
        )
        self.class_poll = None
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
        if value not in LANGS:
            raise ValueError(f"unknown language {value!r}: use 'sv' or 'en'")
        self.language.value = value

    @property
    def seat_view(self) -> int | None:
        """``None`` for open hands, else the seat whose view is shown now (with "the player
        who moves" chosen, that player's seat)."""
        return self._seat_for(self.ply, self._question)

    @seat_view.setter
    def seat_view(self, seat: int | None) -> None:
        if seat is not None and not (_is_int(seat) and 0 <= seat < self.game.players):
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
        if not _is_int(ply) or not 0 <= ply <= self._n:
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
        ply = self.ply
        if self._asks():
            if self._question:
                if ply > 0:
                    self.go(ply)
            elif ply > 0:
                self._ask_about(ply - 1)
            return
        self.go(max(0, ply - 1))

    def next(self) -> None:
        """One step on: in classroom mode with :attr:`ask` on, from a move to the question
        about the next one, and from a question to its answer (:meth:`reveal`)."""
        ply = self.ply
        if self._asks():
            if self._question:
                self.reveal()
            elif ply < self._n:
                self._ask_about(ply)
            return
        self.go(min(self._n, ply + 1))

    def last(self) -> None:
        self.go(self._n)

    def reveal(self) -> None:
        """Show the move that was asked about, with its explanation (nothing to do when no
        question is shown)."""
        if self._question and self.ply < self._n:
            if self._class_answering():
                self.class_poll.reveal()
            self.go(self.ply + 1)

    # -- callbacks (all wrapped by _handler) ----------------------------------------------

    def _handler(self, action: Callable) -> Callable:
        """Wrap a callback: ipywidgets swallows exceptions, so show them in the view."""

        def run(*args: object) -> None:
            # Handlers nest (a click sets the slider, whose observer draws): the outermost
            # one clears an old message, and only when nothing failed inside it.
            outermost = self._depth == 0
            if outermost:
                self._failed = False
            self._depth += 1
            try:
                # Button clicks pass the button; key presses the key; observers the change.
                if action.__name__ in (*_NAV, "reveal"):
                    action()
                else:
                    action(*args)
            except _Problem as problem:
                self._failed = True
                self._show_error(t(problem.key, self._lang, **problem.params))
            except Exception as error:  # every error must reach the user
                self._failed = True
                self._show_error(f"{t('error', self._lang)}: {type(error).__name__}: {error}")
            finally:
                self._depth -= 1
            if outermost and not self._failed and self.error.value:
                self._clear_error()

        run.__name__ = f"safe_{action.__name__}"
        return run

    def _on_slider(self, change: dict) -> None:
        ply = change.get("new")
        # a move of the slider (a drag, the playback, go()) shows a move; _ask_about() asks
        self._question, self._pending_question = self._pending_question, False
        if not _is_int(ply) or not 0 <= ply <= self._n:
            raise _Problem("rp_bad_ply", n=html.escape(repr(ply)), m=self._n)
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
            raise _Problem("rp_bad_choice", value=html.escape(repr(interval)))
        self.play.interval = interval

    def _on_view(self, change: dict) -> None:
        if self._syncing:
            return
        value = change.get("new")
        if not (value in (_EVERYONE, _FOLLOW) or (_is_int(value) and 0 <= value < self.game.players)):
            raise _Problem("rp_bad_choice", value=html.escape(repr(value)))
        self._choice = value
        self.export.update(hidden=value != _EVERYONE)
        self._show(self.ply, force=True)

    def _on_ask(self, change: dict) -> None:
        value = change.get("new")
        if not isinstance(value, bool):
            raise _Problem("rp_bad_choice", value=html.escape(repr(value)))
        self._asking = value
        if not value and self._question:
            self._question = False
        self._label_classroom()
        self._show(self.ply, force=True)

    def _on_class_answers(self, change: dict) -> None:
        on = change.get("new")
        if not isinstance(on, bool):
            raise _Problem("rp_bad_choice", value=html.escape(repr(on)))
        if on and self.class_poll is None:
            from widgets.tables.poll_tab import ClassPollView

            self.class_poll = ClassPollView(self.game, lang=self._lang, layout=w.Layout(width="100%"))
            # after the table and its words: the projector keeps the cards on top
            self.children = (*self.children[:4], self.class_poll, *self.children[4:])
        if self.class_poll is not None:
            self.class_poll.layout.display = None if on else "none"
        if self._class_answering() and self._question:
            self.class_poll.ask(self.ply)

    def _class_answering(self) -> bool:
        return self._classroom and self.class_poll is not None and self.class_answers.value

    def _toggle_classroom(self, _button: object = None) -> None:
        self.classroom = not self._classroom

    def _on_language(self, change: dict) -> None:
        lang = change.get("new")
        if lang not in LANGS:
            raise _Problem("rp_bad_choice", value=html.escape(repr(lang)))
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
        banner = self._banner_html() if ply == self._n and not question else ""
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
            if question and self._class_answering():
                self.class_poll.ask(ply)  # the same question again does nothing
            # classroom mode lists only the moves already played
            self.move_list.show(ply, last=ply if self._classroom else self._n)
        self._shown = (ply, question)

    def _rendered(self, ply: int, question: bool) -> tuple[str, str]:
        seat = self._seat_for(ply, question)
        width = None if self._classroom else self._table_width()
        key = (ply, question, self._lang, seat, self._classroom, width)
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
        words = self._question_html(ply, seat) if question else self._explanation_html(ply, seat)
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

    def _names(self) -> list[str]:
        return [self._name(s) for s in range(self.game.players)]

    def _move_words(self, move: Move) -> str:
        if move.is_draw:
            return t("rp_draw", self._lang)
        if move.is_pass:
            return t("rp_pass", self._lang) + _call_words(move)
        return str(move)  # the notation says the calls: "9♣ varning lappen"

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
        self.ask.description = t("rp_ask", lang)
        self.ask.tooltip = t("rp_ask_tip", lang)
        self.class_answers.description = t("cl_toggle", lang)
        self.class_answers.tooltip = t("cl_toggle_tip", lang)
        if self.class_poll is not None:
            self.class_poll.lang = lang
        reveal = self.buttons["reveal"]
        reveal.description = f"{t('rp_reveal', lang)} (R)"
        reveal.tooltip = t("rp_reveal_tip", lang)

    def _list_label(self, ply: int) -> str:
        """The move list's row for ``ply`` ("12. Spelare 2: 7♥"; 0 is the deal)."""
        lang = self._lang
        labels = self._move_labels.get(lang)
        if labels is None:
            labels = self._move_labels[lang] = [f"0. {t('start_position', lang)}"]
        if ply < len(labels):
            return labels[ply]
        names = self._names()
        for k in range(len(labels), ply + 1):  # made as far as they are asked for
            mover = self._cursor.movers[k - 1]
            labels.append(f"{k}. {names[mover]}: {self._move_words(self._cursor.moves[k - 1])}")
        return labels[ply]

    def _hidden_for(self, seat: int | None, viewer: int | None) -> bool:
        return viewer is not None and seat != viewer

    def _question_html(self, ply: int, seat: int | None) -> str:
        """Classroom mode's question: who is to move, and what to think about; nothing that
        tells the move."""
        lang = self._lang
        player = self._names()[self._cursor.at(ply).to_move]
        lines = [
            t("rp_question_who", lang, player=player),
            t("rp_question_look", lang),
            t("rp_question_then", lang),
        ]
        return (
            f'<div class="vd-rp-x vd-rp-question"><h2>{html.escape(t("rp_question", lang))}</h2>'
            + "".join(f"<p>{html.escape(line)}</p>" for line in lines)
            + "</div>"
        )

    def _explanation_html(self, ply: int, viewer: int | None) -> str:
        lang = self._lang
        names = self._names()
        parts: list[str] = []
        if ply == 0:
            start = self._cursor.at(0)
            parts.append(f"<h2>{html.escape(t('start_position', lang))}</h2>")
            lines = [
                e.text(lang, names=names, hidden=self._hidden_for(e.seat, viewer))
                for e in self.game.events(0)
            ]
            lines.append(t("rp_begins", lang, player=names[start.to_move]))
            parts.append("<ul>" + "".join(f"<li>{_suit_spans(x)}</li>" for x in lines) + "</ul>")
            rule_ids = [e.rule for e in self.game.events(0) if e.rule]
            if rule_ids:
                parts.append(self._rules_html(rule_ids))
            if self._n == 0:
                parts.append(f"<p>{html.escape(t('rp_no_moves', lang))}</p>")
            return '<div class="vd-rp-x">' + "".join(parts) + "</div>"

        before = self._cursor.at(ply - 1)
        move = self._cursor.moves[ply - 1]
        seat = self._cursor.movers[ply - 1]
        verdict = before.check(move)  # the engine's own words for the move played
        heading = html.escape(t("rp_move_heading", lang, n=ply, m=self._n) + " · " + names[seat] + ":")
        parts.append(f"<h2>{heading} {svg.move_html(move, size=42, lang=lang)}</h2>")
        # a short sentence per reason, read one at a time; "Anna goes out", not "you go out"
        told = "".join(f"<p>{_suit_spans(line)}</p>" for line in verdict.lines(lang, player=names[seat]))
        parts.append(f'<div class="vd-rp-verdict">{told}</div>')
        events = self.game.events(ply)
        rule_ids = list(verdict.rules) + [e.rule for e in events if e.rule]
        if rule_ids:
            parts.append(self._rules_html(rule_ids))
        if events:
            parts.append(f"<h3>{html.escape(t('rp_then', lang))}</h3><ul>")
            for e in events:
                text = e.text(lang, names=names, hidden=self._hidden_for(e.seat, viewer))
                parts.append(f"<li>{_suit_spans(text)}</li>")
            parts.append("</ul>")
        parts.append(f"<h3>{html.escape(t('also_legal', lang))}</h3>")
        if self._hidden_for(seat, viewer):
            owner = _genitive(names[seat], lang)
            parts.append(f"<p>{html.escape(t('rp_hidden', lang, owner=owner))}</p>")
        else:
            parts.append(self._also_legal_html(before, move))
            note = self.game.annotation(ply)
            if isinstance(note, dict) and note.get("candidates"):
                parts.append(self._candidates_html(note["candidates"]))
        return '<div class="vd-rp-x">' + "".join(parts) + "</div>"

    def _rules_html(self, rule_ids: list[str]) -> str:
        lang = self._lang
        seen: list[str] = []
        for rule_id in rule_ids:
            if rule_id not in seen:
                seen.append(rule_id)
        badges = []
        for rule_id in seen:
            title = rule_title(rule_id, lang) if rule_id in RULE_IDS else ""
            badges.append(
                f'<span class="vd-rule" data-rule="{html.escape(rule_id)}" title="{html.escape(title)}">'
                f'{html.escape(rule_id)} <span class="vd-rule-title">{html.escape(title)}</span></span>'
            )
        return (
            f'<div class="vd-rules" role="group" aria-label="{html.escape(t("rp_rules", lang))}">'
            f"{''.join(badges)}</div>"
        )

    def _also_legal_html(self, before: Game, played: Move) -> str:
        """The other legal moves of the position, one entry per distinct play (an eight's
        declarations collapsed to ``8♠=…``), then draw / pass."""
        lang = self._lang
        legal = before.legal_moves()
        played_cards = played.decision()[1] if played.is_play else None
        items: list[str] = []
        for cards, decls, _laps in legal.plays():
            if played_cards is not None and Move.play(cards).decision()[1] == played_cards:
                continue
            text = format_cards(cards)
            if cards[-1].is_eight and decls and decls[0][0] is not None:
                text += "=…"
            items.append(text)
        if legal.can_draw() and not played.is_draw:
            items.append(t("rp_draw", lang))
        if legal.can_pass() and not played.is_pass:
            items.append(t("rp_pass", lang))
        if not items:
            return f"<p>{html.escape(t('rp_nothing_else', lang))}</p>"
        shown = items[:_ALSO_LEGAL_MAX]
        text = " · ".join(_suit_spans(x) for x in shown)
        if len(items) > len(shown):
            text += " · " + html.escape(t("rp_and_more", lang, n=len(items) - len(shown)))
        return f'<p class="vd-also">{text}</p>'

    def _candidates_html(self, candidates: object) -> str:
        """What a computer player considered (its annotation's ``candidates``): each a dict
        with ``move`` and a win chance (``win``, ``win_chance`` or ``p_win``, 0..1 or a
        percentage), optionally a ``reason`` (text, or ``{"sv": …, "en": …}``)."""
        lang = self._lang
        rows: list[str] = []
        if isinstance(candidates, list):
            for item in candidates[:_CANDIDATES_MAX]:
                row = _candidate_row(item, lang)
                if row:
                    rows.append(f"<li>{row}</li>")
        if not rows:
            return ""
        return f"<h4>{html.escape(t('considered', lang))}</h4><ol>{''.join(rows)}</ol>"

    def _banner_html(self) -> str:
        lang = self._lang
        final = self.game
        names = self._names()
        if not final.is_over:
            return f"<b>{html.escape(t('rp_record_ends', lang))}</b>"
        if final.winner is not None:
            head = t("wins_round", lang, player=names[final.winner])
        else:
            head = t("blocked", lang)
        points = final.points()
        rows = []
        for seat, p in enumerate(points):
            mark = f" ★ {t('rp_winner', lang)}" if seat == final.winner else ""
            rows.append(f"<tr><td>{html.escape(names[seat])}</td><td><b>{p}</b>{html.escape(mark)}</td></tr>")
        title = html.escape(f"{t('points', lang)} (S1)")
        return (
            f'<div class="vd-rp-end"><b>★ {html.escape(head)}</b>'
            f'<div>{title}</div><table class="vd-rp-points">{"".join(rows)}</table></div>'
        )


def _candidate_row(item: object, lang: str) -> str:
    if isinstance(item, (list, tuple)) and len(item) >= 2:
        item = {"move": item[0], "win": item[1]}
    if not isinstance(item, dict):
        return ""
    move = item.get("move")
    if not isinstance(move, str) or not move.strip():
        return ""
    move = move.strip()[:40]
    try:
        parsed = Move.parse(move)
    except ValueError:
        parsed = None
    if parsed is not None and not parsed.is_play:
        move = t("rp_draw" if parsed.is_draw else "rp_pass", lang) + _call_words(parsed)
    text = _suit_spans(move)
    chance = next((item[k] for k in ("win", "win_chance", "p_win") if k in item), None)
    if isinstance(chance, (int, float)) and not isinstance(chance, bool) and chance == chance:
        percent = chance * 100 if 0 <= chance <= 1 else chance
        if 0 <= percent <= 100:
            text += f" – {html.escape(t('win_chance', lang))} {percent:.0f} %"
    reason = item.get("reason")
    if isinstance(reason, dict):
        reason = reason.get(lang)
    if isinstance(reason, str) and reason.strip():
        text += f" ({_suit_spans(reason.strip()[:200])})"
    return text


def _as_game(source: object) -> Game:
    if isinstance(source, Game):
        return source
    if isinstance(source, (dict, bytes, bytearray)):
        return Game.from_record(source)  # type: ignore[arg-type]
    if isinstance(source, str) and source.lstrip().startswith("{"):
        return Game.from_record(source)
    if isinstance(source, (str, os.PathLike)):
        from vandatta.record import load

        return load(Path(source))
    raise TypeError(
        f"ReplayViewer needs a Game, a record (dict or JSON text) or a file path, not {type(source).__name__}"
    )
