"""One way for the tests to build a position: the seats' hands, the pile's top card, a talon,
the cards under the top, the rules (a ``Rules`` or its text) and moves already played.

A test file binds its own defaults once, with :func:`position_builder` — most files want a
talon of their own (a long one that rarely decides anything, or none at all):

>>> pos = position_builder(talon="9♠ 9♦ 9♣")
>>> game = pos(["7♥ K♠", "2♦"], "7♦", rules="V1", pre=["7♥"])
>>> game.to_move, game.talon_size, str(game.rules)
(1, 3, 'v1')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import vandatta as v

__all__ = ["TEN_CARD_TALON", "Position", "position_builder"]

# ten cards to draw that seldom fit a test's top card, so that a draw rarely decides a test
TEN_CARD_TALON = "9♠ 4♦ 2♣ 5♥ J♣ 6♠ 10♦ 3♥ Q♠ 4♣"

Position = Callable[..., v.Game]


def position_builder(
    *, talon: str = "", pile: str = "", rules: v.Rules | str | None = None, **defaults: Any
) -> Position:
    """A ``position(hands, top, talon=…, pile=…, *, rules=…, pre=(), **options)`` with these
    defaults; ``options`` and ``defaults`` are :meth:`vandatta.Game.from_position`'s."""

    def position(
        hands: Sequence[str],
        top: str,
        talon: str = talon,
        pile: str = pile,
        *,
        rules: v.Rules | str | None = rules,
        pre: Iterable[v.Move | str] = (),
        **options: Any,
    ) -> v.Game:
        if isinstance(rules, str):
            rules = v.Rules.parse(rules)
        game = v.Game.from_position(
            hands=hands, top=top, talon=talon, pile=pile, rules=rules, **(defaults | options)
        )
        for move in pre:
            game.play(move)
        return game

    return position
