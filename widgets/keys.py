"""Keyboard steps for a composite view: a tiny anywidget that listens for ← → Home End on the
whole page and sends each press to Python as a message.

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
a tab bar or on a slider (they use the arrows themselves), when Ctrl, Alt, Meta or Shift is
held, and when the view is not shown (another tab of the dashboard is open). With several
views on one page, the view that holds the focus answers; with the focus nowhere in
particular, the first shown listener on the page does. A view that wants this scoping
adds the CSS class ``vd-keys-scope`` to its outermost element.
"""

from __future__ import annotations

from collections.abc import Callable

import anywidget
import ipywidgets as w
import traitlets as tr

from .safe import BrowserGuard

__all__ = ["KeyListener", "KEYS"]

KEYS: tuple[str, ...] = ("ArrowLeft", "ArrowRight", "Home", "End")

_ESM = r"""
const IGNORE = "input, select, textarea, button[aria-haspopup], [role='slider'], [role='listbox'], " +
  "[role='tablist'], [role='tab'], [role='menu'], [contenteditable], .noUi-handle";

// A view on a tab that is not shown (or scrolled away in a closed panel) hears no keys.
const shown = (node) => node !== null && (node.checkVisibility ? node.checkVisibility() : node.offsetParent !== null);

function render({ model, el }) {
  el.classList.add("vd-keys");
  const onKey = (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (!model.get("watched").includes(event.key)) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target && (target.isContentEditable || target.closest(IGNORE))) return;
    const mine = el.closest(".vd-keys-scope");
    if (!shown(mine)) return;
    const owner = target ? target.closest(".vd-keys-scope") : null;
    if (owner) {
      if (owner !== mine) return;               // another view has the focus
    } else {
      // focus nowhere in particular: the first listener whose view is shown answers
      const first = [...document.querySelectorAll(".vd-keys")].find((k) => shown(k.closest(".vd-keys-scope")));
      if (first !== el) return;
    }
    event.preventDefault();                     // no page scrolling on Home/End/arrows/space
    model.send({ key: event.key });
  };
  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}
export default { render };
"""


class KeyListener(BrowserGuard, anywidget.AnyWidget):
    """Sends ``ArrowLeft``, ``ArrowRight``, ``Home`` and ``End`` presses (or the keys in
    :attr:`watched`) to the callbacks registered with :meth:`on_key`. Invisible."""

    _esm = _ESM
    browser_writable = frozenset()  # key presses come as checked messages, not fields

    watched = tr.List(tr.Unicode(), default_value=list(KEYS)).tag(sync=True)

    def __init__(self, **kwargs: object) -> None:
        kwargs.setdefault("layout", w.Layout(display="none"))
        super().__init__(**kwargs)
        self._callbacks: list[Callable[[str], object]] = []
        self.on_msg(self._on_message)

    def on_key(self, callback: Callable[[str], object], *, remove: bool = False) -> None:
        """Call ``callback(key)`` for every accepted key press (or stop, with ``remove=True``)."""
        if remove:
            if callback in self._callbacks:
                self._callbacks.remove(callback)
        elif callback not in self._callbacks:
            self._callbacks.append(callback)

    def _on_message(self, widget: object, content: object, buffers: object) -> None:
        # The browser may send anything: accept only {"key": <one of self.keys>}.
        if not isinstance(content, dict):
            return
        key = content.get("key")
        if not isinstance(key, str) or key not in self.watched:
            return
        for callback in list(self._callbacks):
            callback(key)
