"""The ipywidgets/anywidget user interface of Vändåtta, built on the engine in `vandatta`."""

from .hand import HandView
from .replay import ReplayViewer

__all__ = [
    "HandView",
    "ReplayViewer",
]
