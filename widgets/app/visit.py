"""The visitor's request, seen from a dashboard kernel: :func:`on_visit` calls back with the
page's URL query (``?lang=en`` → ``{"lang": "en"}``) as soon as it is known.

A kernel Voilà starts for a visitor has the request in its environment before the notebook
runs (``QUERY_STRING``): the callback runs at once. A kernel kept ready in a pool
(``vandatta dashboard --classroom N``, Voilà's preheating) runs the notebook before anyone
asks for it, so the query cannot be read then; Voilà hands the request to such a kernel over
a websocket of its server (``/voila/query/<kernel id>``) when a visitor takes it. Voilà's own
``voila.utils.get_query_string()`` blocks the notebook until then, which would leave the page
unbuilt; here the kernel listens in the background instead, after the page is built, and the
callback runs on the kernel's event loop when the request arrives (well before the browser,
still loading the page's scripts, asks for the widgets). The request's variables are also
put in ``os.environ``, as in a kernel started for its visitor.

Outside Voilà (JupyterLab, a script, a test) there is no request: the callback is not called.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import traceback
from collections.abc import Callable
from urllib.parse import parse_qsl

__all__ = ["on_visit", "parse_query"]

Query = dict[str, str]
MAX_QUERY = 2000  # characters of query string read; a real one is a few dozen

_known: Query | None = None  # the query, once it arrived
_waiting: list[Callable[[Query], None]] = []
_listening = False


def parse_query(text: str) -> Query:
    """The query string as a dict (the last value of a repeated name wins; only the first
    :data:`MAX_QUERY` characters are read).

    >>> parse_query("lang=en&classroom=1"), parse_query(""), parse_query("lang=sv&lang=en")
    ({'lang': 'en', 'classroom': '1'}, {}, {'lang': 'en'})
    """
    return dict(parse_qsl(text[:MAX_QUERY], keep_blank_values=True))


def on_visit(callback: Callable[[Query], None]) -> None:
    """Call ``callback(query)`` once the visitor's URL query is known: now, in a kernel
    Voilà started for its visitor; later, in a kernel of a pool; never outside Voilà.
    An exception in ``callback`` goes to the kernel's log, not to the page."""
    if _known is not None:
        _call(callback, _known)
        return
    if os.environ.get("VOILA_PREHEAT") != "True":
        if "QUERY_STRING" in os.environ:  # set by Voilà for a kernel started for its visitor
            _call(callback, parse_query(os.environ["QUERY_STRING"]))
        return
    _waiting.append(callback)
    _listen()


def _call(callback: Callable[[Query], None], query: Query) -> None:
    try:
        callback(query)
    except Exception:  # a broken callback must not break the page nor the other callbacks
        traceback.print_exc(file=sys.stderr)


def _query_socket() -> str | None:
    kernel_id = os.environ.get("VOILA_KERNEL_ID")
    port = os.environ.get("VOILA_APP_PORT")
    if not kernel_id or not port:
        return None
    host = os.environ.get("VOILA_APP_IP", "127.0.0.1")
    if ":" in host:
        host = f"[{host}]"
    protocol = os.environ.get("VOILA_WS_PROTOCOL", "ws")
    base = os.environ.get("VOILA_WS_BASE_URL") or os.environ.get("VOILA_SERVER_URL") or "/"
    return f"{protocol}://{host}:{port}{base.rstrip('/')}/voila/query/{kernel_id}"


def _listen() -> None:
    global _listening
    if _listening:
        return
    url = _query_socket()
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        loop = None
    if url is None or loop is None:
        print(
            f"vandatta_widgets.app.visit: cannot wait for the visitor's request ({url=}, loop={loop})",
            file=sys.stderr,
        )
        return
    _listening = True
    loop.create_task(_receive(url))


async def _receive(url: str) -> None:
    global _known, _listening
    from tornado.websocket import websocket_connect

    try:
        connection = await websocket_connect(url, connect_timeout=30)
        try:
            text = await connection.read_message()  # when a visitor takes this kernel
        finally:
            connection.close()
        if text is None:
            raise ConnectionError("the server closed the connection")
        info = json.loads(text)
    except Exception:  # the page works without its query; say why in the kernel's log
        print(f"vandatta_widgets.app.visit: no request from {url}", file=sys.stderr)
        traceback.print_exc(file=sys.stderr)
        _listening = False
        return
    for key, value in info.items():
        if isinstance(key, str) and isinstance(value, str):
            os.environ[key] = value
    _known = parse_query(str(info.get("QUERY_STRING", "")))
    waiting = list(_waiting)
    _waiting.clear()
    for callback in waiting:
        _call(callback, _known)
