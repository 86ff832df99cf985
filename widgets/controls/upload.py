"""A button that opens one saved game (a ``.json`` record) and checks its size in the browser,
before anything is sent.

Why not ``ipywidgets.FileUpload``: it sends the whole file over the kernel's websocket before
Python sees its size. A file over the server's message limit (about 10 MB) breaks the
connection; it comes back, but the upload widget is then dead until a reload, and no message
says why (issue #12). Here the browser reads ``file.size`` first: a file over :attr:`limit` is
neither read nor sent — the kernel is told only its name and size and answers with a message
in the visitor's language — and the button is ready for the next file at once. A file within
the limit travels as one binary message; Python checks the size again before anything else.

>>> picker = RecordPicker(label="Öppna en sparad omgång (.json)")
>>> got = []
>>> picker.on_file(lambda name, data: got.append((name, bytes(data))))
>>> picker.on_refused(lambda name, size: got.append((name, size)))
>>> picker.receive({"file": {"name": "kort.json"}}, [memoryview(b'{"moves": []}')])
>>> picker.receive({"refused": {"name": "stor.json", "size": 11_534_336}}, [])
>>> picker.receive({"file": {"name": "smuggled.json"}}, [memoryview(b" " * 1_000_001)])  # too big after all
>>> picker.receive({"file": {"name": 7}}, [b"{}"]); picker.receive("junk", [])
>>> got
[('kort.json', b'{"moves": []}'), ('stor.json', 11534336), ('smuggled.json', 1000001)]

The browser writes none of the fields; what it says comes as messages checked in
:meth:`RecordPicker.receive`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import anywidget
import traitlets as tr

from ..base.safe import BrowserGuard

__all__ = ["RecordPicker", "LIMIT"]

_HERE = Path(__file__).resolve().parent  # the front ends (upload.js) live beside the module

LIMIT = 1_000_000  # bytes: a game of the size the dashboard shows smoothly
_NAME_MAX = 200  # characters of a file name kept


class RecordPicker(BrowserGuard, anywidget.AnyWidget):
    """An "open a file" button for one record. :meth:`on_file` hears ``(name, data)`` for a
    file within :attr:`limit`; :meth:`on_refused` hears ``(name, size)`` for one the browser
    kept back (or that came too big after all); :meth:`on_unreadable` hears ``name``."""

    _esm = _HERE / "upload.js"
    browser_writable = frozenset()

    label = tr.Unicode("").tag(sync=True)
    tip = tr.Unicode("").tag(sync=True)
    accept = tr.Unicode(".json,application/json").tag(sync=True)
    limit = tr.Int(LIMIT).tag(sync=True)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._on_file: list[Callable[[str, memoryview], object]] = []
        self._on_refused: list[Callable[[str, int], object]] = []
        self._on_unreadable: list[Callable[[str], object]] = []
        self.on_msg(lambda _widget, content, buffers: self.receive(content, buffers))

    def on_file(self, callback: Callable[[str, memoryview], object]) -> None:
        self._on_file.append(callback)

    def on_refused(self, callback: Callable[[str, int], object]) -> None:
        self._on_refused.append(callback)

    def on_unreadable(self, callback: Callable[[str], object]) -> None:
        self._on_unreadable.append(callback)

    def receive(self, content: object, buffers: object) -> None:
        """Handle a message from the browser (see the module docstring)."""
        if not isinstance(content, dict):
            return
        for kind in ("file", "refused", "unreadable"):
            about = content.get(kind)
            if isinstance(about, dict):
                break
        else:
            return
        name = about.get("name")
        if not isinstance(name, str) or not name:
            return
        name = name[:_NAME_MAX]
        if kind == "unreadable":
            for unreadable in list(self._on_unreadable):
                unreadable(name)
            return
        if kind == "refused":
            size = about.get("size")
            if isinstance(size, int) and not isinstance(size, bool) and size > self.limit:
                for refused in list(self._on_refused):
                    refused(name, size)
            return
        parts = list(buffers) if isinstance(buffers, (list, tuple)) else []
        if len(parts) != 1:
            return
        data = memoryview(parts[0])
        if data.nbytes > self.limit:  # the browser's check is a courtesy: this one counts
            for refused in list(self._on_refused):
                refused(name, data.nbytes)
            return
        for take in list(self._on_file):
            take(name, data)
