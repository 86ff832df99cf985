"""The dashboard as a page: a light frame shown at once, the dashboard built into it as soon as
the notebook's cell has finished (``notebooks/dashboard.ipynb`` holds ``DashboardPage()``).

Why: Voilà sends the page's scripts to the browser only after every cell has run, and the
browser then needs about half a second to load them before it asks the kernel for its
widgets. Building the dashboard (importing the engine and the views, dealing the sample game,
creating its widgets) inside the cell would add its time to that wait; built right after the
cell, it happens while the browser loads its scripts, and the first picture of the table
comes that much sooner. When the browser asks for the widgets, the kernel answers after the
build, so the page never shows a half-built dashboard.

The visitor's ``?lang=sv|en`` chooses the language, also in a kernel that built the page
before its visitor arrived (``vandatta dashboard --classroom``): see :mod:`widgets.visit`.

Without a running event loop (a script), or with ``defer=False``, it is built at once:

>>> page = DashboardPage(lang="en", defer=False)
>>> page.dashboard.lang, page.children == (page.dashboard,)
('en', True)
"""

from __future__ import annotations

import asyncio
import html
import sys
import traceback

import ipywidgets as w

__all__ = ["DashboardPage"]

_LOADING = {"sv": "Vändåtta laddas …", "en": "Loading Vändåtta …"}
_FAILED = {
    "sv": "Något gick fel när instrumentpanelen byggdes",
    "en": "Something went wrong while building the dashboard",
}


class DashboardPage(w.VBox):
    """A frame that holds the :class:`~widgets.dashboard.Dashboard` once it is built.

    ``lang`` is handed to the dashboard. With ``defer=True`` (the default) and an event loop
    running (a Jupyter or Voilà kernel), the dashboard is built right after the current cell;
    otherwise at once. :attr:`dashboard` is ``None`` until then; :meth:`build` builds it now
    (and returns it) if it is not built yet. An error while building is shown in the page in
    the chosen language, and its traceback goes to the kernel's log (:attr:`error` keeps it).
    """

    def __init__(self, *, lang: str = "sv", defer: bool = True, **kwargs: object) -> None:
        if lang not in _LOADING:
            raise ValueError(f"unknown language {lang!r}: use 'sv' or 'en'")
        self.dashboard = None
        self._lang = lang
        from .visit import on_visit

        on_visit(self._visit)  # at once in a kernel started for its visitor
        lang = self._lang
        notice = w.HTML(f"<p>{html.escape(_LOADING[lang])}</p>", _dom_classes=("vd-page-loading",))
        super().__init__(children=[notice], _dom_classes=("vd-page",), **kwargs)
        self.error: str | None = None
        loop = _running_loop() if defer else None
        if loop is None:
            self.build()
        else:
            loop.call_soon(self.build)

    def build(self) -> object:
        """Build the dashboard into the page (once) and return it (``None`` if it failed)."""
        if self.dashboard is not None or self.error is not None:
            return self.dashboard
        try:
            from .dashboard import Dashboard

            self.dashboard = Dashboard(lang=self._lang)
        except Exception as error:  # shown in the page: nobody sees a callback's exception
            self.error = traceback.format_exc()
            print(self.error, file=sys.stderr)
            text = f"{_FAILED[self._lang]}: {type(error).__name__}: {error}"
            self._show(w.HTML(f"<p>{html.escape(text)}</p>", _dom_classes=("vd-page-error",)))
            return None
        self._show(self.dashboard)
        return self.dashboard

    def _visit(self, query: dict[str, str]) -> None:
        """The visitor's URL query arrived: ``lang`` chooses the language."""
        lang = query.get("lang")
        if lang not in _LOADING:
            return
        self._lang = lang
        if self.dashboard is not None:
            self.dashboard.lang = lang

    def _show(self, widget: w.Widget) -> None:
        """Put ``widget`` in the page in place of the loading notice (closed: no leak)."""
        notices = self.children
        self.children = [widget]
        for notice in notices:
            notice.close()


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
