"""The one palette and the one stylesheet of every view, loaded once per page.

>>> PALETTE["felt"] == svg.FELT and PALETTE["red"] == svg.RED     # the card art's own colours
True
>>> ":root{--vd-ink:#1b1b1b;" in CSS and ".vd-ui" in CSS
True
>>> sheet = stylesheet()
>>> sheet is stylesheet() and sheet.layout.display == "none"        # one model per kernel
True

Why one widget and not a ``<style>`` in each view: a ``<style>`` inside an ``HTML`` widget is
sent again with every view and every redraw, and the browser re-parses it each time.
:class:`Stylesheet` is an anywidget whose ``_css`` anywidget puts into the page's ``<head>``
once, keyed by the widget's class, however many views are on the page. Every composite view
(the dashboard, the replay viewer, the play table, the score board) holds the same
:func:`stylesheet` instance as a hidden child, so it works on its own in a lesson too.

The palette is named by what a colour means, not by its hue. The card art's colours come from
:mod:`vandatta.svg` (the engine keeps no UI dependency; this module reads them), the rest are
chosen for WCAG 2.2 AA: body text at least 4.5:1 on its background, controls' borders and the
focus ring at least 3:1. ``tests/widgets/base/test_widgets_style.py`` checks the pairs that are used.
"""

from __future__ import annotations

from pathlib import Path

import anywidget
import ipywidgets as w

from vandatta import svg

from .safe import BrowserGuard

__all__ = ["PALETTE", "CSS", "Stylesheet", "stylesheet", "contrast", "palette_css"]

PALETTE: dict[str, str] = {
    # text
    "ink": "#1b1b1b",  # body text
    "ink-soft": "#3a4660",  # secondary text (captions): 9:1 on white
    "paper": "#ffffff",
    "paper-soft": "#f4f6fa",  # panels, inactive tabs
    "line": "#6b7385",  # borders of controls: 4.8:1 on white
    # the table (from the card art)
    "felt": svg.FELT,
    "felt-dark": "#1f4d38",
    "gold": svg.GOLD,
    "navy": svg.NAVY,
    "red": svg.RED,
    "black": svg.BLACK,
    # states of cards (from the card art)
    "legal": svg.LEGAL,
    "selected": svg.SELECTED,
    "last": svg.LAST,
    # controls
    "accent": "#0b3d91",  # the chosen button, links, the focus ring: 10.9:1 on white
    "accent-soft": "#e8eefa",
    "focus": "#0b3d91",
    "focus-on-dark": "#ffffff",
    # messages
    "info": "#0b3d91",
    "info-bg": "#eef3fb",
    "ok": "#1b5e20",
    "ok-bg": "#f1f8f1",
    "error": "#a31515",
    "error-bg": "#fdecea",
    "illegal": "#b71c1c",  # the play table's "not allowed"
    "illegal-bg": "#fdf0f0",
    "fault": "#6a1b9a",  # the play table's "something went wrong" (not the player's doing)
    "fault-bg": "#f6eefa",
    "note": "#7a5a00",  # on note-bg: 6.5:1
    "note-bg": "#fffbea",
    "lappen": "#8e1b2c",
    "varning": "#7a4b00",  # white on it: 7.4:1
    # the game review's verdicts (each also has its own mark: ! ✓ ?! ? ??), all 4.5:1 or more on white
    "grade-best": "#1b5e20",
    "grade-good": "#0b5563",
    "grade-inaccuracy": "#7a5a00",
    "grade-mistake": "#b34700",
    "grade-blunder": "#a31515",
}

_HERE = Path(__file__).resolve().parent


def _root_variables() -> str:
    return ":root{" + "".join(f"--vd-{name}:{value};" for name, value in PALETTE.items()) + "}\n"


def palette_css() -> str:
    """The palette as CSS custom properties (``--vd-ink`` …), for pages outside the widgets
    (the tables' page, :mod:`vandatta_widgets.server.table_handlers`)."""
    return _root_variables()


CSS: str = _root_variables() + (_HERE / "style.css").read_text(encoding="utf-8")

_ESM = "export default { render({ el }) { el.hidden = true; } };\n"


class Stylesheet(BrowserGuard, anywidget.AnyWidget):
    """Puts :data:`CSS` into the page once (anywidget keys the ``<style>`` by this class).
    Shows nothing; use :func:`stylesheet` rather than making new ones. The browser writes
    none of its fields (its ``_css`` and ``_esm`` least of all)."""

    _esm = _ESM
    _css = CSS
    browser_writable = frozenset()


_SHARED: Stylesheet | None = None


def stylesheet() -> Stylesheet:
    """The kernel's one :class:`Stylesheet` (made again if it, or its layout, was closed:
    closing a view closes its children's layouts too, and a sheet with a closed layout
    cannot be shown again)."""
    global _SHARED
    if _SHARED is None or _SHARED.comm is None or _SHARED.layout.comm is None:
        _SHARED = Stylesheet(layout=w.Layout(display="none"))
    return _SHARED


def _luminance(colour: str) -> float:
    value = colour.lstrip("#")
    channels = [int(value[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(foreground: str, background: str) -> float:
    """The WCAG contrast ratio of two ``#rrggbb`` colours (1 to 21).

    >>> round(contrast("#000000", "#ffffff"), 1), round(contrast(PALETTE["ink"], PALETTE["paper"]), 1)
    (21.0, 17.2)
    """
    a, b = sorted((_luminance(foreground), _luminance(background)), reverse=True)
    return (a + 0.05) / (b + 0.05)
