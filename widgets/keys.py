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

In the browser a key is ignored while the focus is in a text field, a drop-down, a list box
or on a slider (they use the arrows themselves), and when Ctrl, Alt, Meta or Shift is held.
With several views on one page, the view that holds the focus answers; with the focus
nowhere in particular, the first listener on the page does. A view that wants this scoping
adds the CSS class ``vd-keys-scope`` to its outermost element.
"""

from __future__ import annotations

from collections.abc import Callable

import anywidget
import ipywidgets as w
import traitlets as tr

__all__ = ["KeyListener", "KEYS"]

KEYS: tuple[str, ...] = ("ArrowLeft", "ArrowRight", "Home", "End")

_ESM = r"""
const IGNORE = "input, select, textarea, [role='slider'], [role='listbox'], .noUi-handle";

function render({ model, el }) {
  el.classList.add("vd-keys");
  const onKey = (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (!model.get("watched").includes(event.key)) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target && (target.isContentEditable || target.closest(IGNORE))) return;
    const mine = el.closest(".vd-keys-scope");
    const owner = target ? target.closest(".vd-keys-scope") : null;
    if (owner) {
      if (owner !== mine) return;               // another view has the focus
    } else if (document.querySelector(".vd-keys") !== el) {
      return;                                   // focus nowhere: the first listener answers
    }
    event.preventDefault();                     // no page scrolling on Home/End/arrows
    model.send({ key: event.key });
  };
  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}
export default { render };
"""


class KeyListener(anywidget.AnyWidget):
    """Sends ``ArrowLeft``, ``ArrowRight``, ``Home`` and ``End`` presses (or the keys in
    :attr:`watched`) to the callbacks registered with :meth:`on_key`. Invisible."""

    _esm = _ESM

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
