"""The ipywidgets/anywidget user interface of Vändåtta, built on the engine in `vandatta`.

The folder is ``widgets/``; the package installs as ``vandatta_widgets`` (pyproject's
``package-dir``), a name no other distribution claims, and is imported under that name only.

>>> import vandatta_widgets
>>> vandatta_widgets.ReplayViewer.__module__
'vandatta_widgets.replay.viewer'

The package is built in levels, each using only itself and those before it, in this order
(tests/test_layers.py, ``UI_LEVELS``): ``base`` (the language trait, the error guard, styles,
the UI's words), ``controls`` (hands, piles, the move list, navigation, uploads, charts, the
score board), ``learner`` (the learner's model, no widgets), ``path`` (the learner's record on
the page: its session, storage and sync), ``play`` (the play session, which has no widgets, and
the play table), ``lessons``, ``tables`` (the rooms people share from their own devices, and
their tabs), ``replay``, ``server`` (everything that listens on a port or keeps a file: Voilà,
the ``vandatta dashboard`` command, the hub's service, the tornado handlers, the stores, the
class model) and last ``app`` (the dashboard, its page and "Min väg", which opens the lessons).

The views are imported the first time they are asked for: a Voilà kernel serving the
dashboard then loads only what its first page shows (the replay viewer), not the play table,
the hand view or the score board, which keeps the page's first render short.
"""

from __future__ import annotations

import importlib

if __name__ != "vandatta_widgets":  # e.g. "import widgets" from the checkout's root folder
    raise ImportError(
        f"the UI package installs as vandatta_widgets (pip install -e .): import vandatta_widgets, not {__name__}"
    )
from typing import TYPE_CHECKING

# Which module holds each public name.
_HOMES = {
    "Dashboard": "app.dashboard",
    "DashboardPage": "app.page",
    "HandView": "controls.hand",
    "PileView": "controls.table",
    "PlayTable": "play.play_table",
    "ReplayViewer": "replay.viewer",
    "ScoreBoard": "controls.scoreboard",
    "TableView": "controls.table",
    "Ticker": "play.play_table",
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
    from .app.dashboard import Dashboard
    from .app.page import DashboardPage
    from .controls.hand import HandView
    from .controls.scoreboard import ScoreBoard
    from .controls.table import PileView, TableView
    from .play.play_table import PlayTable, Ticker
    from .replay.viewer import ReplayViewer


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{home}", __name__), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOMES))
