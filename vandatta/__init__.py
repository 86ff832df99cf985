"""Vändåtta: the rules engine of the Swedish card game (standard library only).

>>> import vandatta as v
>>> g = v.Game.deal(players=2, seed=1)
>>> g.check(g.legal_moves()[0]).legal
True
"""

from .bots import Player, SeatView, make_player, play_game
from .cards import Card, Hand, InvalidCardError, Rank, Suit, format_cards, parse_cards, standard_deck
from .explain import Event, Verdict
from .game import Game, IllegalMoveError, LegalMoves
from .hint import Hint, hint
from .moves import InvalidMoveError, Move
from .record import RecordError, narrate
from .rules import PRESETS, RULE_IDS, Rules, rule_title
from .scoring import Match, hand_points
from .simulate import tournament

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
    "Rank",
    "RecordError",
    "Rules",
    "SeatView",
    "Suit",
    "Verdict",
    "__version__",
    "format_cards",
    "hand_points",
    "hint",
    "make_player",
    "narrate",
    "parse_cards",
    "play_game",
    "rule_title",
    "standard_deck",
    "tournament",
]
