"""The page's link to the kernel: :class:`PageBridge` (see :mod:`vandatta_widgets.app.page` for why the page
tells the kernel its address only once it has connected)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from urllib.parse import parse_qsl

import anywidget
import ipywidgets as w
import traitlets as tr

from ..base.i18n import LANGS, t
from ..base.safe import BrowserGuard
from ..base.screen import Lang

__all__ = ["PageBridge", "parse_query"]

_HERE = Path(__file__).resolve().parent  # the front ends (bridge.js) live beside the module

_QUERY_MAX = 200  # characters of the query string looked at
_YES = {"1", "true", "yes", "ja", "on"}
_NO = {"0", "false", "no", "nej", "off"}


def parse_query(query: object) -> dict[str, object]:
    """What the page understands of its query string, checked: ``classroom`` (a bool) and
    ``lang`` ("sv" or "en"); anything else, or anything malformed, is left out.

    >>> parse_query("?classroom=1&lang=en")
    {'classroom': True, 'lang': 'en'}
    >>> parse_query("?classroom=maybe&lang=fr&lang=sv&evil=<script>")
    {'lang': 'sv'}
    >>> parse_query(["not", "a", "string"])
    {}
    """
    if not isinstance(query, str):
        return {}
    found: dict[str, object] = {}
    for key, value in parse_qsl(query[:_QUERY_MAX].lstrip("?"), keep_blank_values=True):
        value = value.strip().lower()
        if key == "classroom" and value in _YES | _NO:
            found["classroom"] = value in _YES
        elif key == "lang" and value in LANGS:
            found["lang"] = value
    return found


class PageBridge(BrowserGuard, anywidget.AnyWidget):
    """The page's link to the kernel: sets ``<html lang>`` and the title, tells the kernel the
    page's query string once connected (:meth:`on_query`), and shows the lost-connection
    notice (see the module docstring). Shows nothing itself.

    Everything the browser says comes as a message checked in :meth:`receive`; the browser
    writes none of the fields.
    """

    _esm = _HERE / "bridge.js"
    browser_writable = frozenset()

    lang = Lang().tag(sync=True)
    title = tr.Unicode("Vändåtta").tag(sync=True)
    texts = tr.Dict().tag(sync=True)
    interval = tr.Int(5000).tag(sync=True)  # ms between two heartbeats

    def __init__(self, *, lang: str = "sv", **kwargs: object) -> None:
        kwargs.setdefault("layout", w.Layout(display="none"))
        texts = {
            code: {
                "title": t("page_lost_title", code),
                "text": t("page_lost_text", code),
                "button": t("page_lost_button", code),
            }
            for code in LANGS
        }
        super().__init__(lang=lang, title=t("page_title", lang), texts=texts, **kwargs)
        self.query: dict[str, object] | None = None  # what the page asked for, once it said
        self._callbacks: list[Callable[[dict[str, object]], object]] = []
        self.on_msg(lambda _widget, content, _buffers: self.receive(content))

    def on_query(self, callback: Callable[[dict[str, object]], object]) -> None:
        """Call ``callback(query)`` with :func:`parse_query`'s answer each time a page connects
        (and at once, if one already has)."""
        self._callbacks.append(callback)
        if self.query is not None:
            callback(self.query)

    def receive(self, content: object) -> None:
        """Handle a message from the browser: ``{"ping": n}`` is answered with
        ``{"pong": n}``; ``{"hello": {"query": "?…"}}`` is parsed and handed on."""
        if not isinstance(content, dict):
            return
        ping = content.get("ping")
        if isinstance(ping, int) and not isinstance(ping, bool):
            self.send({"pong": ping % 1_000_000_000})
            return
        hello = content.get("hello")
        if isinstance(hello, dict):
            self.query = parse_query(hello.get("query"))
            for callback in list(self._callbacks):
                callback(self.query)
