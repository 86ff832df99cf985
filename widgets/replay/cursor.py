"""The replay's one working position, moved from ply to ply by the engine's own ``push`` and
``pop`` (python-chess's way).

>>> from vandatta.ai.simulate import play_random_game
>>> game = play_random_game(3, seed=5)
>>> cursor = Cursor(game)
>>> cursor.at(2).ply, cursor.movers[0] == game.root().to_move
(2, True)
>>> cursor.at(game.ply).top == game.top, cursor.at(0).ply
(True, 0)

Where a step goes is decided here too, without widgets: plainly one ply on or back; in the
classroom, asking first (``asks``), a shown move steps on to the question about the next
move, a question to its answer, and back the same way.

>>> step_on(Shown(4), 10), step_on(Shown(4), 10, asks=True), step_on(Shown(4, question=True), 10, asks=True)
(Shown(ply=5), Shown(ply=4, question=True), Shown(ply=5))
>>> step_back(Shown(4, question=True), 10, asks=True), step_back(Shown(4), 10, asks=True)
(Shown(ply=4), Shown(ply=3, question=True))
>>> step_on(Shown(10), 10, asks=True) is None  # the last move shown: nothing to ask about
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeGuard

from vandatta import Game, Move

__all__ = ["Cursor", "Shown", "is_whole_number", "step_back", "step_on"]


def is_whole_number(value: object) -> TypeGuard[int]:
    """An ``int`` that is not a ``bool`` (a ply or a seat from a program or the browser)."""
    return isinstance(value, int) and not isinstance(value, bool)


class Cursor:
    """A step costs one move, a jump as many moves as it crosses, and no copies of past
    positions are kept, however long the game.

    The moves come from a game the engine has checked, so the fast path (``push``) is safe.
    """

    def __init__(self, game: Game) -> None:
        self.moves: tuple[Move, ...] = game.moves
        self.movers: list[int] = []  # who made each move
        self.game = game.root()
        for move in self.moves:
            self.movers.append(self.game.to_move)
            self.game.push(move)

    def at(self, ply: int) -> Game:
        """The working game moved to ``ply`` (0 to the number of moves). Shared: moving the
        cursor again changes it."""
        if not is_whole_number(ply) or not 0 <= ply <= len(self.moves):
            raise IndexError(f"ply must be from 0 to {len(self.moves)}, not {ply!r}")
        game = self.game
        while game.ply > ply:
            game.pop()
        while game.ply < ply:
            game.push(self.moves[game.ply])
        return game


@dataclass(frozen=True)
class Shown:
    """What the replay shows: the position after ``ply`` moves with its move explained, or —
    ``question`` — the same position asked about ("what would you play?"), its next move
    hidden."""

    ply: int
    question: bool = False

    def __repr__(self) -> str:
        return f"Shown(ply={self.ply}, question=True)" if self.question else f"Shown(ply={self.ply})"


def step_on(shown: Shown, moves: int, *, asks: bool = False) -> Shown | None:
    """Where "next" goes in a game of ``moves`` moves; ``None``: nowhere (the end)."""
    if not asks:
        return Shown(shown.ply + 1) if shown.ply < moves else None
    if shown.ply >= moves:
        return None
    return Shown(shown.ply + 1) if shown.question else Shown(shown.ply, question=True)


def step_back(shown: Shown, moves: int, *, asks: bool = False) -> Shown | None:
    """Where "previous" goes; ``None``: nowhere (the start, or the question about the first
    move). Asking, a question steps back to the move before it (the same position,
    explained), a move to the question about it."""
    if shown.ply <= 0:  # (at the start no move was made that could be explained)
        return None
    if not asks:
        return Shown(shown.ply - 1)
    return Shown(shown.ply) if shown.question else Shown(shown.ply - 1, question=True)
