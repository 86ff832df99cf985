"""Who hears that a game review of a player's own round has finished: the learner's record
(``vandatta_widgets.path.session`` listens, to keep the child's mistakes). The review panel sits among the
controls, below the path, so it tells whoever listens instead of calling the path.

>>> heard = []
>>> listener = lambda game, seat, decisions: heard.append((seat, list(decisions)))
>>> when_reviewed(listener)
>>> from vandatta import Game
>>> reviewed(Game.deal(2, seed=1), 0, [])
>>> heard
[(0, [])]
>>> LISTENERS.remove(listener)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from vandatta import Game
    from vandatta.ai.review import Decision

__all__ = ["LISTENERS", "when_reviewed", "reviewed"]

Listener = Callable[["Game", int, Sequence["Decision"]], object]
LISTENERS: list[Listener] = []


def when_reviewed(listener: Listener) -> None:
    """Call ``listener(game, seat, decisions)`` after each review of ``seat``'s moves in a
    round played on this page (once per listener, however often it is registered)."""
    if listener not in LISTENERS:
        LISTENERS.append(listener)


def reviewed(game: Game, seat: int, decisions: Sequence[Decision]) -> None:
    """The review panel's word: ``decisions`` of ``seat`` in ``game`` have been judged."""
    for listener in list(LISTENERS):
        listener(game, seat, decisions)
