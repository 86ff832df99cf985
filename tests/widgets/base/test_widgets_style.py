"""The one stylesheet and palette (widgets/base/style.py), and the shared foundation of the views:
no view carries a <style> of its own, the palette meets WCAG AA where it is used, and the
modules' examples hold."""

from __future__ import annotations

import doctest
import importlib
import re

import ipywidgets as w
import pytest

from vandatta_widgets.app.dashboard import Dashboard
from vandatta_widgets.base import style

UI_MODULES = [
    "vandatta_widgets.base.style",
    "vandatta_widgets.base.safe",
    "vandatta_widgets.controls.hand",
    "vandatta_widgets.controls.table",
    "vandatta_widgets.app.page",
    "vandatta_widgets.controls.bridge",
    "vandatta_widgets.controls.upload",
    "vandatta_widgets.controls.navigation",
]


@pytest.mark.parametrize("name", UI_MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0, name


# (foreground, background, least ratio): text 4.5:1, large or bold UI text and borders 3:1
PAIRS = [
    ("ink", "paper", 4.5),
    ("ink", "paper-soft", 4.5),
    ("ink-soft", "paper", 4.5),
    ("line", "paper", 3.0),
    ("accent", "paper", 4.5),
    ("focus", "paper", 3.0),
    ("focus", "paper-soft", 3.0),
    ("focus-on-dark", "felt", 3.0),
    ("info", "info-bg", 4.5),
    ("ok", "ok-bg", 4.5),
    ("error", "error-bg", 4.5),
    ("note", "note-bg", 4.5),
    ("red", "paper", 4.5),
    ("black", "paper", 4.5),
    ("gold", "felt-dark", 3.0),
    ("paper", "felt", 4.5),
    ("paper", "navy", 4.5),
    ("paper", "accent", 4.5),
    ("paper", "lappen", 4.5),
]


@pytest.mark.parametrize(("fg", "bg", "least"), PAIRS)
def test_the_palette_meets_wcag_aa(fg: str, bg: str, least: float) -> None:
    ratio = style.contrast(style.PALETTE[fg], style.PALETTE[bg])
    assert ratio >= least, f"{fg} on {bg}: {ratio:.2f}:1 < {least}:1"


def test_the_stylesheet_asks_nothing_of_another_host() -> None:
    assert not re.search(r"@import|url\(\s*['\"]?(https?:)?//", style.CSS)
    # every colour variable used is defined by the palette
    used = set(re.findall(r"var\(--vd-([a-z-]+)\)", style.CSS))
    assert used <= set(style.PALETTE), used - set(style.PALETTE)


def _walk(root: w.Widget):
    seen: set[int] = set()
    stack = [root]
    while stack:
        widget = stack.pop()
        if id(widget) in seen:
            continue
        seen.add(id(widget))
        yield widget
        stack.extend(getattr(widget, "children", ()))


def test_no_view_carries_a_style_tag_and_all_share_one_stylesheet() -> None:
    dash = Dashboard(lang="sv")
    dash.tabs.selected_index = 2  # the play table
    dash.tabs.selected_index = 3  # the match and its score board
    dash.tabs.selected_index = 1  # the New game panel
    widgets = list(_walk(dash))
    sheets = {id(x) for x in widgets if isinstance(x, style.Stylesheet)}
    assert len(sheets) == 1, "one Stylesheet model, shared by every view"
    for widget in widgets:
        for name in ("value", "svg"):
            text = getattr(widget, name, None)
            if isinstance(text, str):
                assert "<style" not in text, f"{type(widget).__name__}.{name} carries a <style>"
