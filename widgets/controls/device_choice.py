"""A choice this device remembers (``device_choice.js``): one of a few words kept in the
browser's ``localStorage`` under ``vandatta-ui:<key>``, as the sound switch keeps its mute — the
four-colour deck chosen once stays chosen on this tablet, in every later visit. Nothing leaves
the device; the kernel learns the word only to draw with it.

The browser writes only ``value``, and only one of ``choices``:

>>> deck = DeviceChoice("deck", ("classic", "four"))
>>> deck.storage_key, deck.value
('vandatta-ui:deck', 'classic')
>>> deck.set_state({"value": "four"}); deck.value
'four'
>>> deck.set_state({"value": "<b>pink</b>"}); deck.value
'four'
>>> deck.set_state({"choices": ["x"]}); deck.choices
('classic', 'four')
>>> DeviceChoice("deck", ("classic",), value="four")
Traceback (most recent call last):
...
ValueError: 'four' is not one of classic
"""

from __future__ import annotations

from pathlib import Path

import anywidget
import ipywidgets as w
import traitlets as tr

from ..base.safe import BrowserGuard

__all__ = ["DeviceChoice", "PREFIX"]

_HERE = Path(__file__).resolve().parent
PREFIX = "vandatta-ui:"  # the app's keys for how the device shows things (vandatta_widgets.path.storage)


class DeviceChoice(BrowserGuard, anywidget.AnyWidget):
    """``value``, one of ``choices`` (the first unless given), remembered on the device under
    ``vandatta-ui:<key>``. Shows nothing; observe ``value`` as any widget's."""

    _esm = _HERE / "device_choice.js"
    browser_writable = frozenset({"value"})

    storage_key = tr.Unicode("").tag(sync=True)
    choices = tr.Tuple().tag(sync=True)
    value = tr.Unicode("").tag(sync=True)

    def __init__(
        self, key: str, choices: tuple[str, ...], *, value: str | None = None, **kwargs: object
    ) -> None:
        if not key.isidentifier() or not choices:
            raise ValueError(f"a key is a word and there is at least one choice, not {key!r}, {choices!r}")
        chosen = choices[0] if value is None else value
        if chosen not in choices:
            raise ValueError(f"{chosen!r} is not one of {', '.join(choices)}")
        kwargs.setdefault("layout", w.Layout(display="none"))
        super().__init__(storage_key=PREFIX + key, choices=tuple(choices), value=chosen, **kwargs)

    @tr.validate("value")
    def _known(self, proposal: dict) -> str:
        if proposal["value"] not in self.choices and self.choices:
            raise tr.TraitError(f"{proposal['value']!r} is not one of {', '.join(self.choices)}")
        return proposal["value"]

    def set_state(self, sync_data: dict) -> None:
        """The browser's word, taken only if it is one of the choices (else Python's is sent back)."""
        if isinstance(sync_data, dict) and sync_data.get("value", self.value) not in self.choices:
            sync_data = {k: v for k, v in sync_data.items() if k != "value"}
            self.send_state(["value"])
        super().set_state(sync_data)
