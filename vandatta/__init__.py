"""Vändåtta: the rules engine of the Swedish card game (standard library only).

>>> import vandatta as v
>>> g = v.Game.deal(players=2, seed=1)
>>> g.check(g.legal_moves()[0]).legal
True
"""

from .cards import Card, Hand, InvalidCardError, Rank, Suit, format_cards, parse_cards, standard_deck
from .explain import Event, Verdict
from .game import Game, IllegalMoveError, LegalMoves
from .moves import InvalidMoveError, Move
from .record import RecordError, narrate
from .rules import PRESETS, RULE_IDS, Rules, rule_title
from .scoring import Match, hand_points

__version__ = "0.1.0"

__all__ = [
    "PRESETS",
    "RULE_IDS",
    "Card",
    "Event",
    "Game",
    "Hand",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidMoveError",
    "LegalMoves",
    "Match",
    "Move",
    "Rank",
    "RecordError",
    "Rules",
    "Suit",
    "Verdict",
    "__version__",
    "format_cards",
    "hand_points",
    "narrate",
    "parse_cards",
    "rule_title",
    "standard_deck",
]
