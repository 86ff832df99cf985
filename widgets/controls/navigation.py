"""The replay's two ways to move through a game: :class:`PlySlider`, a slider over the plies,
and :class:`MoveList`, the list of moves shown a page at a time.

Both are anywidgets built on plain HTML controls, so a screen reader names them and a keyboard
or a finger works them the usual way: the slider is an ``<input type="range">`` with a label
and a spoken value ("Drag 3 av 40"); the list is a list box (one stop of the Tab key, the
arrows move through it, a click or a tap picks a move).

The list never holds more than :data:`PAGE` rows in the page, whatever the length of the game:
a record of thousands of moves opens as fast as a short one and a step costs the same (issue
#12 found 854,000 DOM nodes for a long record's list). Rows come from a function, asked only
for the rows of the page shown.

>>> labels = MoveList(lambda ply: f"{ply}. move {ply}", last=2000, current=0)
>>> [row[0] for row in labels.rows][:3], len(labels.rows), labels.has_later
([0, 1, 2], 50, True)
>>> labels.show(1234); labels.rows[0][0] <= 1234 <= labels.rows[-1][0], labels.current
(True, 1234)
>>> went = []; labels.on_go(went.append)
>>> labels.receive({"go": 1235}); labels.receive({"go": 99999}); labels.receive({"go": "1"}); went
[1235]

Only moves up to ``last`` are listed: classroom mode lists only the moves already played.

>>> labels.show(10, last=10); labels.rows[-1], labels.has_later
([10, '10. move 10'], False)

The browser writes nothing but the slider's ``value``, checked by the viewer that observes it;
everything else it says comes as a message checked in :meth:`MoveList.receive`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import anywidget
import traitlets as tr

from ..base.safe import BrowserGuard

__all__ = ["PlySlider", "MoveList", "PAGE"]

_HERE = Path(__file__).resolve().parent  # the front ends (navigation_slider.js) live beside the module

PAGE = 50  # rows of the move list in the page


class PlySlider(BrowserGuard, anywidget.AnyWidget):
    """A slider from 0 to :attr:`max`; the browser sets :attr:`value` (kept within range),
    ``label`` names it and ``valuetext`` is what a screen reader says for the value."""

    _esm = _HERE / "navigation_slider.js"
    browser_writable = frozenset({"value"})

    value = tr.Int(0).tag(sync=True)
    max = tr.Int(0).tag(sync=True)
    label = tr.Unicode("").tag(sync=True)
    valuetext = tr.Unicode("").tag(sync=True)
    tip = tr.Unicode("").tag(sync=True)  # shown on hover (not ``tooltip``: see ReplayViewer)

    @tr.validate("value")
    def _within(self, proposal: dict) -> int:
        return min(max(int(proposal["value"]), 0), self.max)


class MoveList(BrowserGuard, anywidget.AnyWidget):
    """The moves of a game as a list box, :data:`PAGE` rows at a time.

    ``label_of(ply)`` gives a row's words (ply 0 is the deal); ``last`` is the last ply
    listed; ``current`` the ply shown. :meth:`show` moves the current row (paging when it
    leaves the page); :meth:`on_go` registers who hears the browser's choices.
    """

    _esm = _HERE / "navigation_list.js"
    browser_writable = frozenset()  # choices come as checked messages

    rows: tr.List[list] = tr.List().tag(sync=True)  # [[ply, words], …] of the page
    current = tr.Int(0).tag(sync=True)
    last = tr.Int(0).tag(sync=True)
    label = tr.Unicode("").tag(sync=True)  # the list box's name
    tip = tr.Unicode("").tag(sync=True)  # shown on hover
    earlier = tr.Unicode("◀").tag(sync=True)
    later = tr.Unicode("▶").tag(sync=True)
    has_earlier = tr.Bool(False).tag(sync=True)
    has_later = tr.Bool(False).tag(sync=True)

    def __init__(
        self,
        label_of: Callable[[int], str],
        *,
        last: int,
        current: int = 0,
        page: int = PAGE,
        **kwargs: object,
    ) -> None:
        super().__init__(**kwargs)
        self._label_of = label_of
        self._page = max(1, int(page))
        self._start = 0
        self._callbacks: list[Callable[[int], object]] = []
        self.on_msg(lambda _widget, content, _buffers: self.receive(content))
        self.show(current, last=last, force=True)

    @property
    def start(self) -> int:
        """The ply of the page's first row."""
        return self._start

    def on_go(self, callback: Callable[[int], object]) -> None:
        """Call ``callback(ply)`` when the browser picks a listed move."""
        self._callbacks.append(callback)

    def show(self, current: int, *, last: int | None = None, force: bool = False) -> None:
        """Mark ``current`` (and list up to ``last``); the page follows the current row."""
        last = self.last if last is None else last
        last = max(0, int(last))
        current = min(max(0, int(current)), last)
        start = self._start
        force = force or last != self.last
        if force or not start <= current < start + self._page:
            start = (current // self._page) * self._page
        with self.hold_sync():
            self.last = last
            self._set_page(start, force=force)
            self.current = current

    def relabel(self, label_of: Callable[[int], str] | None = None) -> None:
        """New words for the rows (another language): the page is sent again."""
        if label_of is not None:
            self._label_of = label_of
        self._set_page(self._start, force=True)

    def receive(self, content: object) -> None:
        """Handle a message from the browser: ``{"go": ply}`` (a listed ply) or
        ``{"page": -1 or 1}`` (the page before or after, without moving)."""
        if not isinstance(content, dict):
            return
        ply = content.get("go")
        if isinstance(ply, int) and not isinstance(ply, bool) and 0 <= ply <= self.last:
            for callback in list(self._callbacks):
                callback(ply)
            return
        page = content.get("page")
        if page in (-1, 1) and not isinstance(page, bool):
            self._set_page(self._start + page * self._page)

    def _set_page(self, start: int, *, force: bool = False) -> None:
        start = min(max(0, start), (self.last // self._page) * self._page)
        if start == self._start and not force and self.rows:
            return
        self._start = start
        end = min(self.last, start + self._page - 1)
        with self.hold_sync():
            self.rows = [[ply, self._label_of(ply)] for ply in range(start, end + 1)]
            self.has_earlier = start > 0
            self.has_later = end < self.last
