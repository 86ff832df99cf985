"""The replay's one working position, moved from ply to ply by the engine's own ``push`` and
``pop`` (python-chess's way).

>>> from vandatta.ai.simulate import play_random_game
>>> game = play_random_game(3, seed=5)
>>> cursor = Cursor(game)
>>> cursor.at(2).ply, cursor.movers[0] == game.root().to_move
(2, True)
>>> cursor.at(game.ply).top == game.top, cursor.at(0).ply
(True, 0)
"""

from __future__ import annotations

from vandatta import Game, Move

__all__ = ["Cursor", "is_whole_number"]


def is_whole_number(value: object) -> bool:
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
