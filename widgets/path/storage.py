"""The browser's storage for the learner's record: a thin anywidget that shows nothing.

When the page opens, its front end (``storage.js``, run as the model's ``initialize``, so it
works whether or not the widget is ever displayed) reads every key of the app's prefixes from
``localStorage`` — per site, the same in Voilà, JupyterLab and JupyterLite, with no server —
and sends them with the page's address and the device's time zone. The kernel then asks for
writes (:meth:`DeviceStorage.write`: a text per key, ``None`` to remove one) and hears back
whether the browser took them: ``"full"`` (the storage's quota is reached) or
``"unavailable"`` (private mode, storage switched off) when it did not. When another tab of the
same site writes, the browser says ``changed``.

The browser may send anything: only these shapes are taken.

>>> store = DeviceStorage()
>>> heard = []
>>> store.on_load(lambda stored, problem, address, zone: heard.append((stored, problem, address, zone)))
>>> store.on_written(lambda n, problem: heard.append((n, problem)))
>>> store.receive({"loaded": {"vandatta:device": "{}", "other:key": "x"}, "problem": None,
...                "address": "http://h/voila/render/sv/01-goal-and-deal.ipynb", "zone": "Europe/Stockholm"}, [])
>>> store.receive({"loaded": "junk"}, []); store.receive({"written": 1, "problem": "hacked"}, [])
>>> store.receive({"written": 2, "problem": "full"}, [])
>>> heard
[({'vandatta:device': '{}'}, None, 'http://h/voila/render/sv/01-goal-and-deal.ipynb', 'Europe/Stockholm'), (2, 'full')]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

import anywidget
import ipywidgets as w
import traitlets

from ..base.safe import BrowserGuard

__all__ = ["DeviceStorage", "PREFIXES", "PROBLEMS", "STORED_LIMIT"]

_HERE = Path(__file__).resolve().parent

PREFIXES = ("vandatta:", "vandatta-ui:")
PROBLEMS = ("full", "unavailable")
# characters taken from the browser at most: localStorage itself holds about 5 million
STORED_LIMIT = 12_000_000
_ADDRESS_MAX = 2_000


def _ours(key: object) -> bool:
    return isinstance(key, str) and key.startswith(PREFIXES) and len(key) <= 200


class DeviceStorage(BrowserGuard, anywidget.AnyWidget):
    """The page's ``localStorage`` for the app's keys (see the module docstring)."""

    _esm = _HERE / "storage.js"
    browser_writable = frozenset()
    # a page that shows this widget (the path, whose drawing answers the browser's hello):
    # the browser says hello once the widget is drawn, when every widget around it is made
    shown = traitlets.Bool(False).tag(sync=True)

    def __init__(self, **kwargs: object) -> None:
        kwargs.setdefault("layout", w.Layout(display="none"))
        super().__init__(**kwargs)
        self._loaded: list[Callable[[dict[str, str], str | None, str, str], object]] = []
        self._written: list[Callable[[int, str | None], object]] = []
        self._changed: list[Callable[[], object]] = []
        self.on_msg(lambda _widget, content, buffers: self.receive(content, buffers))

    def on_load(self, callback: Callable[[dict[str, str], str | None, str, str], object]) -> None:
        """``callback(stored, problem, address, zone)`` when the browser has read the storage."""
        self._loaded.append(callback)

    def on_written(self, callback: Callable[[int, str | None], object]) -> None:
        """``callback(n, problem)`` when write number ``n`` was taken (``problem`` ``None``) or
        not (``"full"``, ``"unavailable"``)."""
        self._written.append(callback)

    def on_changed(self, callback: Callable[[], object]) -> None:
        """``callback()`` when another tab of the same site changed the storage."""
        self._changed.append(callback)

    def write(self, changes: Mapping[str, str | None], number: int) -> None:
        """Ask the browser to write ``changes``; it answers to ``number``."""
        self.send({"write": {k: v for k, v in changes.items() if _ours(k)}, "id": number})

    def download(self, name: str, text: str) -> None:
        """Have the browser save ``text`` as a file called ``name`` (the device's downloads)."""
        self.send({"download": {"name": name, "text": text}})

    def reload(self) -> None:
        """Ask the browser to read the storage again (it answers as when the page opened)."""
        self.send({"reload": True})

    def receive(self, content: object, buffers: object = None) -> None:
        """Handle a message from the browser."""
        if not isinstance(content, dict):
            return
        problem = content.get("problem")
        if not isinstance(problem, str):  # JS null: None here, but Pyodide's jsnull in JupyterLite
            problem = None
        if problem is not None and problem not in PROBLEMS:
            return
        if "loaded" in content:
            stored = content["loaded"]
            if not isinstance(stored, dict):
                return
            kept = {k: v for k, v in stored.items() if _ours(k) and isinstance(v, str)}
            if sum(len(v) for v in kept.values()) > STORED_LIMIT:
                return
            address = content.get("address")
            zone = content.get("zone")
            address = address[:_ADDRESS_MAX] if isinstance(address, str) else ""
            zone = zone[:64] if isinstance(zone, str) else ""
            for loaded in list(self._loaded):
                loaded(kept, problem, address, zone)
            self.send({"heard": True})  # the browser stops saying it again
        elif "written" in content:
            n = content["written"]
            if isinstance(n, int) and not isinstance(n, bool):
                for written in list(self._written):
                    written(n, problem)
        elif content.get("changed") is True:
            for changed in list(self._changed):
                changed()
