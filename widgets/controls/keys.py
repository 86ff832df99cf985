"""A composite view's keys, and its width: a tiny anywidget that listens for key presses on the
whole page and sends each one it watches to Python as a message.

It shows nothing. Put it among a view's children and call :meth:`KeyListener.on_key`:

>>> keys = KeyListener()
>>> pressed = []
>>> keys.on_key(pressed.append)
>>> keys._handle_custom_msg({"key": "ArrowRight"}, [])     # what the browser sends
>>> keys._handle_custom_msg({"key": "rm -rf /"}, [])       # anything else is ignored
>>> keys._handle_custom_msg("ArrowLeft", [])
>>> pressed
['ArrowRight']

In the browser a key is ignored while the focus is in a text field, a drop-down, a list box,
a tab bar or on a slider (they use the arrows themselves), Space and Enter on a button or a
link (they press it), when Ctrl, Alt or Meta is held, and when the view is not shown (another
tab of the dashboard is open). With several views on one page, the view that holds the
focus answers; with the focus nowhere in particular, the first shown listener on the page
does. A view that wants this scoping adds the CSS class ``vd-keys-scope`` to its outermost
element.

**Focus.** A button that its own press disables (the replay's "Sista" on the last move)
hands the focus to the nearest button beside it that can still be pressed, so that a
keyboard user's next Tab carries on from there rather than from the top of the page.

**Presenter keys.** With :attr:`presenter` on (classroom mode), F puts the view on the whole
screen (or back), B or the full stop blanks the screen until the next key or click — the
keys a presenter's clicker sends — and both act in the browser alone: a full screen can only
be asked for inside a key press or a click, never by the kernel.

**Width.** With :attr:`report_width` on, the view's width in px is sent as ``{"width": n}``
when the page opens and whenever it changes by more than :attr:`width_step` px, so the view
can pick an arrangement for the room it has (a phone, a projector):

>>> widths = []
>>> keys.on_width(widths.append)
>>> keys._handle_custom_msg({"width": 390}, []); keys._handle_custom_msg({"width": -5}, [])
>>> keys._handle_custom_msg({"width": True}, []); widths
[390]
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import anywidget
import ipywidgets as w
import traitlets as tr

from ..base.safe import BrowserGuard

__all__ = ["KeyListener", "KEYS", "PRESENTER_KEYS"]

_HERE = Path(__file__).resolve().parent  # the front ends (keys.js) live beside the module

KEYS: tuple[str, ...] = ("ArrowLeft", "ArrowRight", "Home", "End")
# what a presenter's clicker sends, and R for "show the move" (F and B stay in the browser)
PRESENTER_KEYS: tuple[str, ...] = (*KEYS, "PageUp", "PageDown", " ", "r", "R")


class KeyListener(BrowserGuard, anywidget.AnyWidget):
    """Sends ``ArrowLeft``, ``ArrowRight``, ``Home`` and ``End`` presses (or the keys in
    :attr:`watched`) to the callbacks registered with :meth:`on_key`, and the view's width
    to those of :meth:`on_width`. Invisible."""

    _esm = _HERE / "keys.js"
    browser_writable = frozenset()  # key presses and widths come as checked messages

    watched = tr.List(tr.Unicode(), default_value=list(KEYS)).tag(sync=True)
    presenter = tr.Bool(False).tag(sync=True)  # F: full screen, B or ".": blank screen
    report_width = tr.Bool(False).tag(sync=True)
    width_step = tr.Int(8).tag(sync=True)

    def __init__(self, **kwargs: object) -> None:
        kwargs.setdefault("layout", w.Layout(display="none"))
        super().__init__(**kwargs)
        self._callbacks: list[Callable[[str], object]] = []
        self._width_callbacks: list[Callable[[int], object]] = []
        self.width: int | None = None  # the view's width in px, once the browser said
        self.on_msg(self._on_message)

    def on_key(self, callback: Callable[[str], object], *, remove: bool = False) -> None:
        """Call ``callback(key)`` for every accepted key press (or stop, with ``remove=True``)."""
        if remove:
            if callback in self._callbacks:
                self._callbacks.remove(callback)
        elif callback not in self._callbacks:
            self._callbacks.append(callback)

    def on_width(self, callback: Callable[[int], object]) -> None:
        """Call ``callback(px)`` each time the browser reports the view's width."""
        self._width_callbacks.append(callback)

    def _on_message(self, widget: object, content: object, buffers: object) -> None:
        # The browser may send anything: accept only {"key": <watched>} or {"width": px}.
        if not isinstance(content, dict):
            return
        width = content.get("width")
        if isinstance(width, int) and not isinstance(width, bool) and 0 < width <= 20_000:
            self.width = width
            for resized in list(self._width_callbacks):
                resized(width)
            return
        key = content.get("key")
        if not isinstance(key, str) or key not in self.watched:
            return
        for callback in list(self._callbacks):
            callback(key)
