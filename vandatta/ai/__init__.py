"""The computer players, the hint and the tournaments, built on the engine's public API only.

``import vandatta`` does not load this package; it is loaded the first time one of its names
is asked for (``vandatta.make_player``, ``vandatta.hint``, ``vandatta.tournament`` …) or when
it is imported directly.

>>> from vandatta import ai
>>> sorted(ai.PLAYER_NAMES)
['beginner', 'expert', 'random', 'strong']
"""

from __future__ import annotations

from .hint import Hint, HintCandidate, hint
from .players import (
    PLAYER_NAMES,
    BeginnerPlayer,
    ExpertPlayer,
    Player,
    PublicPly,
    RandomPlayer,
    SearchResult,
    SeatView,
    StrongPlayer,
    candidate_moves,
    make_player,
    play_game,
    play_round,
    search,
)
from .puzzles import Puzzle, PuzzleError, load_puzzles, make_puzzle, puzzle_solutions
from .simulate import demo_game, play_random_game, random_move, tournament

__all__ = [
    "PLAYER_NAMES",
    "BeginnerPlayer",
    "ExpertPlayer",
    "Hint",
    "HintCandidate",
    "Player",
    "PublicPly",
    "Puzzle",
    "PuzzleError",
    "RandomPlayer",
    "SearchResult",
    "SeatView",
    "StrongPlayer",
    "candidate_moves",
    "demo_game",
    "hint",
    "load_puzzles",
    "make_player",
    "make_puzzle",
    "play_game",
    "play_random_game",
    "play_round",
    "puzzle_solutions",
    "random_move",
    "search",
    "tournament",
]
