"""What a table's frame may name (tests/tables/test_tables.py and the browser tests of the tables):
a frame sent to a seat must not name a card of another hand or of the talon, unless every seat
has seen that card named already (it was laid, turned up, or named by an eight's declaration).

Cards are found in a frame as notation ("7♥"; not after "=", a declaration) and as their names
in the pictures' titles and the texts ("hjärter sjua", "seven of hearts").
"""

from __future__ import annotations

import json
import re

from vandatta import Card, Game, standard_deck
from vandatta.view import public_events

CARD_TEXT = re.compile(r"(?<![=\w])(10|[2-9AJQK])([♠♥♦♣])")


def hidden_cards(game: Game, seat: int) -> set[Card]:
    """The cards ``seat`` may not see in ``game``: the other hands and the talon (the hands are
    shown once the round is over, as at a real table)."""
    if game.is_over:
        return set(game.talon)
    others = {c for s in range(game.players) if s != seat for c in game.hand(s)}
    return others | set(game.talon)


def public_so_far(game: Game) -> set[Card]:
    """Cards every seat has seen named: each card laid (still named in the history after a
    reshuffle takes it back into the talon), each card turned up, and the cards named by an
    eight's declaration ("8♣=7♥" names the seven, which may sit in a hand)."""
    out = set(game.pile)
    for ply in range(game.ply + 1):
        out.update(c for e in public_events(game.events(ply)) for c in e.cards)
    for move in game.moves:
        if move.is_play:
            out.update(move.cards)
            if move.declared_rank is not None:
                out.add(Card.parse(move.declared_rank.symbol + move.declared_suit.symbol))
    return out


def shown_cards(frame: dict, lang: str) -> set[Card]:
    """Every card a frame names."""
    text = json.dumps(frame, ensure_ascii=False)
    named = {Card.parse(rank + suit) for rank, suit in CARD_TEXT.findall(text)}
    named.update(card for card in standard_deck() if card.name(lang) in text)
    return named


def leaked(frame: dict, game: Game, seat: int, lang: str) -> set[Card]:
    """The cards ``frame`` (sent to ``seat`` when the round stood at ``game``) should not name."""
    return shown_cards(frame, lang) & (hidden_cards(game, seat) - public_so_far(game))
