"""Vändåtta: the rules engine of the Swedish card game (standard library only).

>>> import vandatta as v
>>> g = v.Game.deal(players=2, seed=1)
>>> g.check(g.legal_moves()[0]).legal
True
>>> v.read_game(v.write_record(g)).hands == g.hands  # a game's record, and the game read back
True

The computer players, the hint, the game review and the tournaments live in :mod:`vandatta.ai`, which
``import vandatta`` does not load: ``vandatta.make_player``, ``vandatta.hint``, ``vandatta.review`` and the other
names below load it the first time they are asked for.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from .cards import Card, Hand, InvalidCardError, Rank, Suit, format_cards, parse_cards, standard_deck
from .explain import Event, Verdict, move_words
from .game import Game, IllegalMoveError, LegalMoves
from .moves import InvalidMoveError, Move
from .record import RecordError, narrate, read_game, write_record
from .rules import PRESETS, RULE_IDS, Rules, rule_title
from .scoring import Match, hand_points
from .view import SeatView

if TYPE_CHECKING:
    from .ai import (
        Player,
        Puzzle,
        load_puzzles,
        make_player,
        make_puzzle,
        play_game,
        puzzle_solutions,
        tournament,
    )

    # from their own modules: in vandatta.ai the names hint and review are also submodules
    from .ai.hint import Hint, hint
    from .ai.review import Review, review

# Names served by vandatta.ai, loaded on first use (PEP 562).
_LAZY = {
    "Hint": "vandatta.ai",
    "Player": "vandatta.ai",
    "Puzzle": "vandatta.ai",
    "hint": "vandatta.ai",
    "load_puzzles": "vandatta.ai",
    "make_puzzle": "vandatta.ai",
    "puzzle_solutions": "vandatta.ai",
    "make_player": "vandatta.ai",
    "play_game": "vandatta.ai",
    "Review": "vandatta.ai",
    "review": "vandatta.ai",
    "tournament": "vandatta.ai",
}


def __getattr__(name: str) -> object:
    if name == "ai":  # the subpackage itself
        return importlib.import_module("vandatta.ai")
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'vandatta' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY) | {"ai"})


__version__ = "0.1.0"

__all__ = [
    "PRESETS",
    "RULE_IDS",
    "Card",
    "Event",
    "Game",
    "Hand",
    "Hint",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidMoveError",
    "LegalMoves",
    "Match",
    "Move",
    "Player",
    "Puzzle",
    "Rank",
    "RecordError",
    "Review",
    "Rules",
    "SeatView",
    "Suit",
    "Verdict",
    "__version__",
    "format_cards",
    "move_words",
    "hand_points",
    "hint",
    "load_puzzles",
    "make_player",
    "make_puzzle",
    "narrate",
    "parse_cards",
    "play_game",
    "review",
    "puzzle_solutions",
    "read_game",
    "rule_title",
    "standard_deck",
    "tournament",
    "write_record",
]
