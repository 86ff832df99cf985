"""The page's link to the kernel: :class:`PageBridge` (see :mod:`widgets.page` for why the page
tells the kernel its address only once it has connected)."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import parse_qsl

import anywidget
import ipywidgets as w
import traitlets as tr

from .i18n import LANGS, t
from .safe import BrowserGuard

__all__ = ["PageBridge", "parse_query"]

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


_BRIDGE_ESM = r"""
const GONE = ["restarting", "autorestarting", "dead", "terminating"];

function render({ model, el }) {
  el.hidden = true;
  const words = () => (model.get("texts") || {})[model.get("lang")] || {};
  const apply = () => {
    document.documentElement.lang = model.get("lang");
    document.title = model.get("title");
    if (notice) fill(notice);
  };

  // -- the notice: built from words already in the page (a dead kernel answers nothing)
  let notice = null;
  const fill = (box) => {
    const w = words();
    box.querySelector("h2").textContent = w.title || "";
    box.querySelector("p").textContent = w.text || "";
    box.querySelector("button").textContent = w.button || "";
  };
  const lose = (why) => {
    if (notice) return;
    notice = document.createElement("div");
    notice.className = "vd-lost";
    notice.setAttribute("role", "alertdialog");
    notice.setAttribute("aria-modal", "false");
    notice.setAttribute("aria-labelledby", "vd-lost-title");
    notice.dataset.why = why;
    const h2 = document.createElement("h2");
    h2.id = "vd-lost-title";
    const p = document.createElement("p");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "vd-lost-reload";
    button.addEventListener("click", () => location.reload());
    notice.append(h2, p, button);
    fill(notice);
    document.body.append(notice);
    button.focus();
  };
  const found = () => {  // the kernel answers again (a network blip): the notice goes
    if (notice && notice.dataset.why === "silent") { notice.remove(); notice = null; }
  };

  // -- the kernel's state, where the widget manager shows it (JupyterLab, Voilà)
  const kernel = model.widget_manager && model.widget_manager.kernel;
  let busy = false;
  if (kernel && kernel.statusChanged) {
    kernel.statusChanged.connect((_, status) => {
      busy = status === "busy";
      if (GONE.includes(status)) lose("kernel-" + status);
    });
  }
  if (kernel && kernel.connectionStatusChanged) {
    kernel.connectionStatusChanged.connect((_, status) => { if (status === "disconnected") lose("disconnected"); });
  }

  // -- and a heartbeat for everything else (a frozen server, a cut network)
  const every = Math.max(1000, Number(model.get("interval")) || 5000);
  let answered = performance.now();
  model.on("msg:custom", (msg) => {
    if (msg && typeof msg.pong === "number") { answered = performance.now(); found(); }
  });
  document.addEventListener("visibilitychange", () => { if (!document.hidden) answered = performance.now(); });
  const timer = setInterval(() => {
    if (document.hidden) return;  // a tab in the background: its timers are slowed down
    if (!busy && performance.now() - answered > 3 * every) lose("silent");
    try { model.send({ ping: Date.now() % 1e9 }); } catch (error) { lose("closed"); }
  }, every);

  model.on("change:lang", apply);
  model.on("change:title", apply);
  model.on("change:texts", apply);
  apply();
  // what the page was asked for: applied by the kernel now that the page is connected
  model.send({ hello: { query: String(location.search).slice(0, 200) } });
  return () => { clearInterval(timer); if (notice) notice.remove(); };
}
export default { render };
"""


class PageBridge(BrowserGuard, anywidget.AnyWidget):
    """The page's link to the kernel: sets ``<html lang>`` and the title, tells the kernel the
    page's query string once connected (:meth:`on_query`), and shows the lost-connection
    notice (see the module docstring). Shows nothing itself.

    Everything the browser says comes as a message checked in :meth:`receive`; the browser
    writes none of the fields.
    """

    _esm = _BRIDGE_ESM
    browser_writable = frozenset()

    lang = tr.Unicode("sv").tag(sync=True)
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

    @tr.validate("lang")
    def _valid_lang(self, proposal: dict) -> str:
        if proposal["value"] not in LANGS:
            raise tr.TraitError(f"unknown language {proposal['value']!r}: use 'sv' or 'en'")
        return proposal["value"]

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
