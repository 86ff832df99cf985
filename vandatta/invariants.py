"""Consistency checks of a position, for soak tests and property tests (not needed in play).

>>> g = Game.deal(players=3, seed=1)
>>> check_invariants(g, sorted(c.index for c in standard_deck()), 52)
"""

from __future__ import annotations

from typing import Any

from .cards import Rank, standard_deck  # noqa: F401  (standard_deck: used by the doctest)
from .game import Game
from .rules import SWITCHES, Rules

__all__ = ["check_invariants", "rules_grid"]


def _require(condition: bool, message: str) -> None:
    # Not `assert`: these checks must also run under python -O.
    if not condition:
        raise AssertionError(message)


_RANKS = tuple(Rank)


def rules_grid(i: int) -> tuple[int, Rules]:
    """Game ``i`` of a soak: 2–8 players and all 64 combinations of the six switches, in turn."""
    bits = i % 64
    switches: dict[str, Any] = {name: bool(bits >> k & 1) for k, name in enumerate(SWITCHES)}
    return 2 + i % 7, Rules(**switches)


def check_invariants(game: Game, start: list[int], total: int) -> None:
    """The invariants of every position of a dealt round: raises ``AssertionError`` naming the broken one.

    ``start`` is the sorted card indices the round began with, ``total`` their number."""
    hands, talon, pile = game.hands, game.talon, game.pile
    indices = [c.index for h in hands for c in h]
    indices += [c.index for c in talon]
    indices += [c.index for c in pile]
    indices.sort()
    _require(indices == start, "cards are not conserved")
    _require(0 <= game.to_move < game.players, "to_move out of range")
    sizes = [len(h) for h in hands]
    _require(
        len(sizes) == game.players and game.hand_size(game.to_move) == sizes[game.to_move],
        "hand sizes disagree",
    )
    _require(sum(sizes) + game.talon_size + len(pile) == total, "hand sizes do not add up")
    # the rank counts the game keeps up to date (computer players read them)
    for seat, hand in enumerate(hands):
        code = game.rank_counts(seat)
        _require(game.hand_size(seat) == len(hand), "hand_size disagrees with the hand")
        ranks = [0] * 14  # by rank value (ace 1 … king 13)
        suits = [0, 0, 0, 0]  # ♠ ♥ ♦ ♣, eights aside (as suit_counts counts them)
        for c in hand:
            ranks[c.rank] += 1
            if not c.is_eight:
                suits[c.suit] += 1
        for rank in _RANKS:  # (a plain loop: this runs on every move of the soak and property tests)
            n = ranks[rank]
            if code >> 4 * rank & 15 != n or game.held(rank, seat) != n:
                raise AssertionError(f"rank counts of seat {seat} wrong")
        _require(game.suit_counts(seat) == suits, f"suit counts of seat {seat} wrong")
    _require(0 <= game.draws_this_turn <= 3, "more than three draws in a turn")
    top = game.top
    _require((game.declaration is not None) == top.is_eight, "an eight on top without its declaration")
    if game.declaration is not None:
        _require((game.current_suit, game.current_rank) == game.declaration, "declaration not in force")
    else:
        _require((game.current_suit, game.current_rank) == (top.suit, top.rank), "current suit/rank wrong")
    if game.follow_up_suit is not None:
        _require(top.is_ace and top.suit is game.follow_up_suit, "follow-up owed without its ace on top")
    if game.is_over:
        _require(len(game.legal_moves()) == 0, "legal moves after the end")
        _require(game.winner is not None or game.is_blocked, "neither won nor blocked")
        if not game.rules.play_for_places:  # (rule O10: a round with places can block after the first out)
            _require((game.winner is None) == game.is_blocked, "won and blocked")
        if game.winner is not None:
            _require(sizes[game.winner] == 0, "the winner holds cards")
    else:
        _require(len(game.legal_moves()) > 0, "no legal move while the round goes on")
        _require(not game.is_blocked, "blocked while the round goes on")
        _require(
            game.winner is None or game.rules.play_for_places, "a winner while the round goes on"
        )  # (O10)
        _require(
            game.hand_size(game.to_move) > 0 or game.must_draw or not game.is_out(game.to_move),
            "out, yet to move",
        )
