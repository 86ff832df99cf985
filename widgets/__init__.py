"""The ipywidgets/anywidget user interface of Vändåtta, built on the engine in `vandatta`."""

from .dashboard import Dashboard
from .hand import HandView
from .play import PlayTable, Ticker
from .replay import ReplayViewer
from .scoreboard import ScoreBoard
from .table import PileView, TableView

__all__ = [
    "Dashboard",
    "HandView",
    "PileView",
    "PlayTable",
    "ReplayViewer",
    "ScoreBoard",
    "TableView",
    "Ticker",
]
