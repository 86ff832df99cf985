"""Widgets that take from the browser only the fields the browser is meant to write.

The browser may send any widget message (it cannot run code in the kernel, but it can ask to
set any synced field of any widget on its page). ipywidgets accepts such an update for every
field and, in version 8, echoes it back to every view of the widget — so a message setting
``HTML.value`` to ``<img src=x onerror=…>`` would be drawn as HTML and run its script. Here a
class lists the fields the browser may write in :attr:`BrowserGuard.browser_writable`; an
update of any other field is refused and Python's own value is sent back. The fields that
are writable are validated by the view that observes them (a trait validator or the view's
callback), and no view inserts them as HTML.

>>> box = HTML("<b>kept</b>")
>>> box.set_state({"value": "<img src=x onerror=alert(1)>"})   # what a browser could send
>>> box.value
'<b>kept</b>'

The same holds for every anywidget, whose ``_esm`` (its JavaScript, which anywidget reloads
when it changes) and ``_css`` are synced fields like any other: a browser that set them would
run its own script in every view.

Every widget of ``widgets/`` that draws HTML it was given, or that the browser can write to,
is one of these: :class:`HTML` and :class:`Label` here (nothing writable), and every anywidget
(:class:`~vandatta_widgets.controls.hand.HandView`: only ``selected``; :class:`~vandatta_widgets.controls.navigation.PlySlider`:
only ``value``; :class:`~vandatta_widgets.play.play_table.Ticker`: only ``tick``; the rest nothing — they speak
in checked messages). The plain ipywidgets controls (buttons, drop-downs, check boxes, text
fields, the tab bar) keep their values writable, since that is how they work; each view
checks those values in the callback that reads them, and none is drawn as HTML.
``tests/widgets/base/test_widgets_safe.py`` walks the whole dashboard and sends each widget a hostile
update.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import ipywidgets as w

__all__ = ["BrowserGuard", "HTML", "Label"]


if TYPE_CHECKING:  # what the guard is mixed into: its synced fields and messages
    from ipywidgets import Widget as _Widget
else:
    _Widget = object


class BrowserGuard(_Widget):
    """Mix into an ipywidgets widget class (before it): the browser may set only the synced
    fields named in ``browser_writable``; anything else it sends is dropped, and the page gets
    Python's value back so it shows what the kernel holds."""

    browser_writable: ClassVar[frozenset[str]] = frozenset()

    def set_state(self, sync_data: dict) -> None:
        """Apply an update from the browser (ipywidgets calls this for an ``update`` message)."""
        if not isinstance(sync_data, dict):
            return
        allowed = {k: v for k, v in sync_data.items() if k in self.browser_writable}
        refused = [k for k in sync_data if k not in allowed and k in self.keys]
        if allowed:
            super().set_state(allowed)
        if refused:
            self.send_state(refused)


class HTML(BrowserGuard, w.HTML):
    """``ipywidgets.HTML`` whose content only Python writes."""


class Label(BrowserGuard, w.Label):
    """``ipywidgets.Label`` whose text only Python writes."""
