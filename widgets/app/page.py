"""The dashboard as a page: a light frame shown at once, the dashboard built into it as soon as
the notebook's cell has finished (``notebooks/dashboard.ipynb`` holds ``DashboardPage()``), and
a :class:`PageBridge` between the page and the kernel.

Why build after the cell: Voilà sends the page's scripts to the browser only after every cell
has run, and the browser then needs about half a second to load them before it asks the
kernel for its widgets. Building the dashboard (importing the engine and the views, dealing
the sample game, creating its widgets) inside the cell would add its time to that wait; built
right after the cell, it happens while the browser loads its scripts, and the first picture
of the table comes that much sooner. When the browser asks for the widgets, the kernel
answers after the build, so the page never shows a half-built dashboard.

Without a running event loop (a script), or with ``defer=False``, it is built at once:

>>> page = DashboardPage(lang="en", defer=False)
>>> page.dashboard.lang, page.children[-1] is page.dashboard
('en', True)
>>> [type(child).__name__ for child in page.children]
['Stylesheet', 'PageBridge', 'Dashboard']

**What the page reads from its address is applied after the page connects.** A server may
run the notebook in a kernel before anyone asks for the page (Voilà's preheated kernels):
the notebook then cannot know the address. So nothing here reads the URL while the notebook
runs. The browser tells the kernel its query string through the bridge once the page has
connected, and the kernel applies what it understands, checked: ``?classroom=1`` turns the
replay's classroom mode on, ``?lang=en`` (or ``sv``) picks the language. Anything else is
ignored.

>>> page.bridge.receive({"hello": {"query": "?lang=sv&classroom=1&x=<b>"}})  # what the browser sends
>>> page.dashboard.lang, page.dashboard.viewer.classroom
('sv', True)

The bridge also keeps ``<html lang>`` and the page's title ("Vändåtta") in step with the
language, and watches the connection: when the kernel dies or restarts (its widgets are then
gone) or stops answering, the page shows "Sidan har tappat kontakten" / "The page lost its
connection" with a button that reloads the page. The words of that notice are in the page
before anything goes wrong, since nothing can be asked of a dead kernel.

The language is known earlier where the server can tell it: a kernel Voilà starts for its
visitor, or one taken from a ready pool (``vandatta dashboard --classroom``), learns the
visitor's ``?lang=`` from the server (:mod:`vandatta_widgets.app.visit`) before the browser asks for the
widgets, so the first picture is already in the visitor's language.
"""

from __future__ import annotations

import asyncio
import html
import sys
import traceback
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from ..base.safe import HTML
from .visit import on_visit

if TYPE_CHECKING:  # imported when the page is built, not by the notebook's cell
    from ..controls.bridge import PageBridge
    from .dashboard import Dashboard

__all__ = ["DashboardPage"]

_LOADING = {"sv": "Vändåtta laddas …", "en": "Loading Vändåtta …"}
_FAILED = {
    "sv": "Något gick fel när instrumentpanelen byggdes",
    "en": "Something went wrong while building the dashboard",
}


class DashboardPage(w.VBox):
    """A frame that holds the :class:`~vandatta_widgets.app.dashboard.Dashboard` once it is built.

    ``lang`` is handed to the dashboard. With ``defer=True`` (the default) and an event loop
    running (a Jupyter or Voilà kernel), the dashboard is built right after the current cell;
    otherwise at once. :attr:`dashboard` is ``None`` until then; :meth:`build` builds it now
    (and returns it) if it is not built yet. An error while building is shown in the page in
    the chosen language, and its traceback goes to the kernel's log (:attr:`error` keeps it).
    :attr:`bridge` is the page's :class:`~vandatta_widgets.controls.bridge.PageBridge` (``None`` before the
    build: the cell itself imports nothing heavy).
    """

    children: tuple[w.Widget, ...]  # VBox's trait, for the checker (ipywidgets has no types)

    def __init__(self, *, lang: str = "sv", defer: bool = True, **kwargs: Any) -> None:
        if lang not in _LOADING:
            raise ValueError(f"unknown language {lang!r}: use 'sv' or 'en'")
        self.dashboard: Dashboard | None = None
        self._lang = lang
        on_visit(self._visit)  # at once in a kernel started for its visitor, later in a pool's
        lang = self._lang
        notice = HTML(f"<p>{html.escape(_LOADING[lang])}</p>", _dom_classes=("vd-page-loading",))
        kwargs["_dom_classes"] = (*kwargs.get("_dom_classes", ()), "vd-page")
        super().__init__(children=[notice], **kwargs)
        self.bridge: PageBridge | None = None
        self.error: str | None = None
        loop = _running_loop() if defer else None
        if loop is None:
            self.build()
        else:
            loop.call_soon(self.build)

    def build(self) -> Dashboard | None:
        """Build the dashboard into the page (once) and return it (``None`` if it failed)."""
        if self.dashboard is not None or self.error is not None:
            return self.dashboard
        try:
            from ..base.style import stylesheet
            from ..controls.bridge import PageBridge
            from .dashboard import Dashboard

            self.bridge = bridge = PageBridge(lang=self._lang)
            self.dashboard = dashboard = Dashboard(lang=self._lang)
        except Exception as error:  # shown in the page: nobody sees a callback's exception
            self.error = traceback.format_exc()
            print(self.error, file=sys.stderr)
            text = f"{_FAILED[self._lang]}: {type(error).__name__}: {error}"
            self._show(HTML(f"<p>{html.escape(text)}</p>", _dom_classes=("vd-page-error",)))
            return None
        dashboard.observe(self._on_lang, names="lang")
        self._show(stylesheet(), bridge, dashboard)
        bridge.on_query(self._apply_query)
        return dashboard

    def _visit(self, query: dict[str, str]) -> None:
        """The server told the visitor's query: the language counts before the first picture
        (the rest, e.g. ``classroom``, arrives through the bridge once the page connects)."""
        lang = query.get("lang")
        if lang not in _LOADING:
            return
        self._lang = lang
        if self.dashboard is not None:
            self.dashboard.lang = lang

    def _on_lang(self, change: dict) -> None:
        if self.bridge is not None:  # observed only once both are built
            self.bridge.lang = change["new"]

    def _apply_query(self, query: dict[str, object]) -> None:
        dashboard = self.dashboard
        if dashboard is None:  # the bridge asks only once the dashboard is built
            return
        lang = query.get("lang")
        if lang in _LOADING:
            dashboard.lang = lang
        if "classroom" in query:
            dashboard.set_classroom(bool(query["classroom"]))

    def _show(self, *widgets: w.Widget) -> None:
        """Put ``widgets`` in the page in place of the loading notice (closed: no leak)."""
        notices = self.children
        self.children = widgets
        for notice in notices:
            notice.close()


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
