"""A person's turn, as every screen where a person plays shows it: the hand in its order, the
cards that may start (or join) a play, and what a client page needs to offer them.

The play table, the exercises, the puzzles, the tables on the players' own devices and the
class's "what would you play?" all ask the engine the same questions here, so that a card
highlighted on one screen is highlighted on every other for the same position. Imports no
widgets.

>>> from vandatta import Game
>>> g = Game.from_position(hands=["K♥ 9♠ 5♥", "2♣"], top="5♠")
>>> cards = hand_order(g.hand(0))
>>> [str(c) for c in cards]
['9♠', '5♥', 'K♥']
>>> playable(g.legal_moves(), cards)  # 9♠ follows suit, 5♥ the rank
[0, 1]
>>> playable(g.legal_moves(), cards, selected=[1])  # after 5♥: nothing joins it here
[1]
>>> [c["card"] for c in hand_frame(cards, g.legal_moves(), "en")["hand"]]
['9♠', '5♥', 'K♥']
>>> hand_frame(cards, g.legal_moves(), "en")["plays"]
[(0,), (1,)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from vandatta import Card, Game, LegalMoves, Move, Verdict, move_words, svg

__all__ = ["hand_frame", "hand_order", "move_label", "playable", "told_lines"]


def hand_order(cards: Iterable[Card]) -> list[Card]:
    """A hand as it is shown: by suit, then rank."""
    return sorted(cards, key=lambda c: (c.suit, c.rank))


def playable(legal: LegalMoves | None, cards: Sequence[Card], selected: Sequence[int] = ()) -> list[int]:
    """Positions in ``cards`` to highlight, as the engine lists its legal plays: the cards that
    start one, or — once a card is chosen (``selected[0]``) — the cards that can join a play
    starting with it. ``legal`` ``None`` (not this person's turn): none."""
    if legal is None:
        return []
    plays = legal.plays()
    if selected and 0 <= selected[0] < len(cards):
        first = cards[selected[0]]
        wanted = {c for group, _, _ in plays if group[0] == first for c in group}
    else:
        wanted = {group[0] for group, _, _ in plays}
    return [i for i, c in enumerate(cards) if c in wanted]


def move_label(move: Move | str, lang: str) -> str:
    """A move as a line of a list or a log shows it on its own: the engine's words for it
    (:func:`vandatta.move_words`), begun with a capital; ``move`` a move or its notation.

    >>> move_label("draw", "sv"), move_label("pass varning", "en"), move_label("8♥=♠", "en")
    ('Dra ett kort', 'Pass varning', '8♥=♠')
    """
    words = move_words(Move.parse(move) if isinstance(move, str) else move, lang)
    return words[:1].upper() + words[1:]


def hand_frame(cards: Sequence[Card], legal: LegalMoves | None, lang: str, *, size: int = 96) -> dict:
    """A hand for a page that draws it itself (the tables, the class's questions): each card
    with its name and picture (marked where it may start a play), and every legal play as the
    positions of its cards, so that the page highlights what joins a chosen card."""
    plays = legal.plays() if legal is not None else []
    starts = {group[0] for group, _, _ in plays}
    index = {c: i for i, c in enumerate(cards)}
    return {
        "hand": [
            {
                "card": str(c),
                "eight": c.is_eight,
                "name": c.name(lang),
                "svg": svg.card(c, size=size, state="legal" if c in starts else None, lang=lang),
            }
            for c in cards
        ],
        "plays": sorted({tuple(index[c] for c in group) for group, _, _ in plays}),
    }


def told_lines(verdict: Verdict, game: Game, lang: str, *, seat: int) -> list[str]:
    """A move just made in ``game``, told to the person at ``seat`` as the engine explains it
    (:meth:`vandatta.Verdict.lines`): the reasons, then what followed, with the seats' names;
    the cards another seat drew stay hidden.

    >>> g = Game.from_position(hands=["A♥ 5♥ K♣", "2♣"], top="7♥", talon="K♠ 3♦")
    >>> verdict = g.play("A♥")
    >>> told_lines(verdict, g, "en", seat=0)[-1]
    'Player 2 draws a card for the ace (R7).'
    >>> told_lines(verdict, g, "en", seat=1)[-1]
    'Player 2 draws K♠ for the ace (R7).'
    """
    names = [game.player_name(s, lang) for s in range(game.players)]
    return verdict.lines(lang, names=names, hidden=lambda s: s not in (None, seat))
