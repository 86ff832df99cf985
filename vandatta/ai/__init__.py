"""The computer players, the hint, the game review and the tournaments, built on the engine's public API only.

``import vandatta`` does not load this package; it is loaded the first time one of its names
is asked for (``vandatta.make_player``, ``vandatta.hint``, ``vandatta.tournament`` …) or when
it is imported directly.

>>> from vandatta import ai
>>> sorted(ai.PLAYER_NAMES)
['beginner', 'expert', 'random', 'strong']
"""

from __future__ import annotations

from .features import MoveFeatures, move_features
from .hint import Hint, HintCandidate, hint
from .players import (
    PLAYER_NAMES,
    QUICK_SEARCH,
    BeginnerPlayer,
    BudgetedPlayer,
    ExpertPlayer,
    Player,
    PlayoutBudget,
    PublicPly,
    RandomPlayer,
    SearchBudget,
    SearchResult,
    SeatView,
    StrongPlayer,
    candidate_moves,
    computer_players,
    make_player,
    play_game,
    play_round,
    search,
)
from .puzzles import Puzzle, PuzzleError, load_puzzles, make_puzzle, puzzle_solutions
from .review import Decision, Grade, Playout, Review, ReviewError, ReviewJob, judge, review
from .simulate import demo_game, play_random_game, random_move, tournament

__all__ = [
    "PLAYER_NAMES",
    "QUICK_SEARCH",
    "BeginnerPlayer",
    "BudgetedPlayer",
    "Decision",
    "ExpertPlayer",
    "Grade",
    "Hint",
    "HintCandidate",
    "MoveFeatures",
    "Player",
    "Playout",
    "PlayoutBudget",
    "PublicPly",
    "Puzzle",
    "PuzzleError",
    "RandomPlayer",
    "Review",
    "ReviewError",
    "ReviewJob",
    "SearchBudget",
    "SearchResult",
    "SeatView",
    "StrongPlayer",
    "candidate_moves",
    "computer_players",
    "demo_game",
    "hint",
    "judge",
    "load_puzzles",
    "make_player",
    "make_puzzle",
    "move_features",
    "play_game",
    "play_random_game",
    "play_round",
    "puzzle_solutions",
    "random_move",
    "review",
    "search",
    "tournament",
]
