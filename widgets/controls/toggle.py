"""A switch that shows plainly whether it is on: one button with ``aria-pressed``, a track and
a knob, and the words "på"/"av" ("on"/"off") beside its label, so that a projector's audience
and a screen reader both know its state (an ipywidgets ``ToggleButton`` looks like any other
button and tells a screen reader nothing). A note under it may say what the state means.

>>> switch = Toggle(value=True, description="Fråga först", on_text="på", off_text="av")
>>> switch.set_state({"value": False}); switch.value
False
>>> switch.set_state({"value": "yes"}); switch.value  # only a true or false is taken
False
>>> switch.set_state({"description": "<b>x</b>"}); switch.description  # the browser writes only value
'Fråga först'
"""

from __future__ import annotations

from pathlib import Path

import anywidget
import traitlets as tr

from ..base.safe import BrowserGuard

__all__ = ["Toggle"]

_HERE = Path(__file__).resolve().parent


class Toggle(BrowserGuard, anywidget.AnyWidget):
    """An on/off switch. ``value`` is observed like a ``ToggleButton``'s; ``description`` is
    its label, ``tip`` its title, ``on_text``/``off_text`` the state's words and ``note`` a line
    under it (empty: none). The page writes only ``value``."""

    _esm = _HERE / "toggle.js"
    browser_writable = frozenset({"value"})

    value = tr.Bool(False).tag(sync=True)
    description = tr.Unicode("").tag(sync=True)
    tip = tr.Unicode("").tag(sync=True)
    on_text = tr.Unicode("on").tag(sync=True)
    off_text = tr.Unicode("off").tag(sync=True)
    note = tr.Unicode("").tag(sync=True)

    def set_state(self, sync_data: dict) -> None:
        if isinstance(sync_data, dict) and "value" in sync_data and not isinstance(sync_data["value"], bool):
            sync_data = {k: v for k, v in sync_data.items() if k != "value"}
            self.send_state(["value"])
        super().set_state(sync_data)
