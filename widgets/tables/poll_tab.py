"""The projector's part of "Klassen svarar" / "The class answers" in the replay's classroom
mode: a widget whose front end (``poll_tab.js``) opens a class on the server the dashboard
runs in and talks to it from the browser (same origin), with what the kernel puts in its
traits: the round's record, the question (a ply and the strong computer's move there) and
the reveal. The kernel never calls the server; the counts reach the projector live through
the class's websocket, not through the kernel.

>>> from vandatta.ai import demo_game
>>> view = ClassPollView(demo_game(), lang="en")
>>> view.ask(3); view.question["ply"], view.question["strong"] is not None
(3, True)
>>> view.reveal(); view.revealed
3
"""

from __future__ import annotations

from pathlib import Path

import anywidget
import traitlets as tr

from vandatta import Game
from vandatta.lang import check_lang
from vandatta.record import write_record

from ..base.safe import BrowserGuard
from ..base.screen import Lang
from .page import poll_words
from .tab import tables_base

__all__ = ["ClassPollView", "strong_move"]

_HERE = Path(__file__).resolve().parent


def strong_move(position: Game, *, seed: int = 0) -> str:
    """The strong computer's move in ``position``, seeing only what its mover sees."""
    from vandatta.ai import SeatView, make_player

    player = make_player("strong", seed=seed)
    return str(player.choose(SeatView.of(position, position.to_move)))


class ClassPollView(BrowserGuard, anywidget.AnyWidget):
    """The class's code, link and counts on the projector; the chart after each reveal and the
    summary. ``code`` and ``answered`` are reported back by the front end (for notebooks and
    tests)."""

    _esm = _HERE / "poll_tab.js"
    lang = Lang().tag(sync=True)
    base = tr.Unicode("").tag(sync=True)  # "": the page's own server
    words = tr.Dict().tag(sync=True)
    record = tr.Dict().tag(sync=True)
    question = tr.Dict().tag(sync=True)  # {"ply": n, "strong": "7♥", "n": how many asked}
    revealed = tr.Int(-1).tag(sync=True)  # the ply whose answer was shown last
    paused = tr.Bool(False).tag(sync=True)  # "Fråga först" off: the pupils are told the moves are shown
    code = tr.Unicode("").tag(sync=True)
    answered = tr.Int(0).tag(sync=True)

    def __init__(self, game: Game, *, lang: str = "sv", **kwargs: object) -> None:
        check_lang(lang)
        self.game = game
        self._asked = 0
        kwargs.setdefault("base", tables_base())  # a school hub's service, or this page's server
        super().__init__(lang=lang, words=poll_words(), record=write_record(game), **kwargs)

    def ask(self, ply: int) -> None:
        """Ask the class about the move after ``ply`` moves (the strong computer's choice is
        worked out here, in the kernel, and kept for the chart)."""
        if self.question.get("ply") == ply and self.revealed != ply:
            return  # already asked and open
        self._asked += 1
        self.question = {"ply": ply, "strong": strong_move(self.game.replay(ply), seed=ply), "n": self._asked}

    def reveal(self) -> None:
        """Show the class the answer to the open question."""
        ply = self.question.get("ply")
        if ply is not None:
            self.revealed = ply
