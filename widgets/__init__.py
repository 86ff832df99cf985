"""The ipywidgets/anywidget user interface of Vändåtta, built on the engine in `vandatta`.

>>> import widgets
>>> widgets.ReplayViewer.__module__
'widgets.replay'

The views are imported the first time they are asked for: a Voilà kernel serving the
dashboard then loads only what its first page shows (the replay viewer), not the play table,
the hand view or the score board, which keeps the page's first render short.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

# Which module holds each public name.
_HOMES = {
    "Dashboard": "dashboard",
    "DashboardPage": "page",
    "HandView": "hand",
    "PileView": "table",
    "PlayTable": "play",
    "ReplayViewer": "replay",
    "ScoreBoard": "scoreboard",
    "TableView": "table",
    "Ticker": "play",
}

__all__ = [
    "Dashboard",
    "DashboardPage",
    "HandView",
    "PileView",
    "PlayTable",
    "ReplayViewer",
    "ScoreBoard",
    "TableView",
    "Ticker",
]

if TYPE_CHECKING:  # for type checkers and editors: the names as if imported eagerly
    from .dashboard import Dashboard
    from .hand import HandView
    from .page import DashboardPage
    from .play import PlayTable, Ticker
    from .replay import ReplayViewer
    from .scoreboard import ScoreBoard
    from .table import PileView, TableView


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'widgets' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{home}", __name__), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOMES))
