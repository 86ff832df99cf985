"""Which moves of a round are worth putting to a class: the plies where the player to move had
a real choice, not only the one move the rules allowed.

A position's legal moves are grouped into *choices*: every play of the same cards is one choice
(an eight's declarations and the lappen or varning call are details of it), and drawing or
passing is one more ("keep your cards"). A ply is worth discussing when its mover could lay at
least ``min_choices`` different plays (two by default: "which card?"); with ``keeping=True``
drawing or passing beside a play counts as a choice too ("lay or keep?"). A forced move, a turn
with nothing to lay but a draw, and by default a single fitting card, are skipped.

>>> from vandatta import Game
>>> g = Game.from_position(hands=["5♥ 9♥ K♠", "2♣"], top="7♥", talon="9♠ 3♦")
>>> [[str(m) for m in choice] for choice in choices(g)]
[['5♥'], ['9♥'], ['draw']]
>>> worth_discussing(g)
True
>>> one_card = Game.from_position(hands=["5♥ K♠", "2♣"], top="7♥", talon="9♠")
>>> [[str(m) for m in choice] for choice in choices(one_card)]
[['5♥'], ['draw']]
>>> worth_discussing(one_card), worth_discussing(one_card, keeping=True)
(False, True)
>>> draws_only = Game.from_position(hands=["K♠", "2♣"], top="7♥", talon="9♠")
>>> worth_discussing(draws_only, keeping=True)
False

Over a whole round (the class's questions in the replay's classroom mode):

>>> from vandatta.ai import demo_game
>>> game = demo_game()
>>> plies = discussion_plies(game)
>>> all(worth_discussing(game.replay(p)) for p in plies)
True

Only the engine's public API is used (``legal_moves``, ``Move``, ``replay``, ``play``).
"""

from __future__ import annotations

from vandatta import Game, Move

__all__ = ["DiscussError", "choices", "discussion_plies", "worth_discussing"]


class DiscussError(ValueError):
    """An option of this module out of its range (e.g. ``min_choices=0``)."""


def _choice_key(move: Move) -> tuple:
    # the same cards laid is one choice, whatever the eight is declared as or who is warned
    if move.is_play:
        return ("play", tuple(sorted(str(card) for card in move.cards)))
    return ("keep",)  # drawing and passing: keeping one's cards


def choices(position: Game) -> tuple[tuple[Move, ...], ...]:
    """The legal moves of ``position`` grouped into the choices a player really has, in the
    engine's order. Drawing and passing count as one choice, and only beside a play: a turn
    where the player can only draw (or pass) offers nothing to choose, so it returns one group."""
    groups: dict[tuple, list[Move]] = {}
    for move in position.legal_moves():
        groups.setdefault(_choice_key(move), []).append(move)
    return tuple(tuple(moves) for moves in groups.values())


def _check_min(min_choices: object) -> None:
    if isinstance(min_choices, bool) or not isinstance(min_choices, int) or min_choices < 2:
        raise DiscussError(f"min_choices must be a whole number from 2, not {min_choices!r}")


def worth_discussing(position: Game, *, min_choices: int = 2, keeping: bool = False) -> bool:
    """Whether the player to move in ``position`` has at least ``min_choices`` real choices
    (:func:`choices`) with at least one play among them; drawing or passing counts only with
    ``keeping``. A forced move and a turn of draws only never are.

    >>> worth_discussing(Game.from_position(hands=["5♥", "2♣"], top="7♥", talon="9♠"), min_choices=1)
    Traceback (most recent call last):
    ...
    vandatta.ai.discuss.DiscussError: min_choices must be a whole number from 2, not 1
    """
    _check_min(min_choices)
    found = choices(position)
    plays = sum(1 for group in found if group[0].is_play)
    counted = len(found) if keeping else plays
    return plays >= 1 and counted >= min_choices


def discussion_plies(game: Game, *, min_choices: int = 2, keeping: bool = False) -> tuple[int, ...]:
    """The plies of ``game`` (0: the first move) whose mover had a choice worth discussing
    (:func:`worth_discussing`), in order. Walks the round once from its start."""
    _check_min(min_choices)
    position = game.replay(0)
    found = []
    for ply, move in enumerate(game.moves):
        if worth_discussing(position, min_choices=min_choices, keeping=keeping):
            found.append(ply)
        position.play(move)
    return tuple(found)
