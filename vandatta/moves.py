"""Moves: one decision of the player to move, and its notation (the rulebook docs/rules.en.md, "Notation").

>>> Move.parse("8♠ 8♦=Q♥")
Move.parse('8♠ 8♦=Q♥')
>>> m = Move.parse("5s 5h lappen"); m.cards, m.lappen
((Card.parse('5♠'), Card.parse('5♥')), True)
>>> str(Move.draw()), str(Move.pass_(lappen=True))
('draw', 'pass lappen')
>>> Move.parse("8♠=♥").declared_suit, Move.parse("8♠=♥").declared_rank
(Suit.HEARTS, None)
>>> m = Move.parse("5s varning"); m.varning, m.lappen, str(Move.pass_(varning=True, lappen=True))
(True, False, 'pass varning lappen')
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import itemgetter
from typing import TYPE_CHECKING

from .cards import Card, InvalidCardError, Rank, Suit

__all__ = ["Move", "InvalidMoveError", "PLAY", "DRAW", "PASS", "VARNING", "VARNING_LAPPEN"]

PLAY = "play"
DRAW = "draw"
PASS = "pass"

_DRAW_WORDS = {"draw", "dra"}
_PASS_WORDS = {"pass", "stå"}
_LAPPEN_WORDS = {"lappen"}
_VARNING_WORDS = {"varning"}

# A move's calls as one value — its *call form*, as the move list's families give them: False
# (no call), True (lappen, V3), VARNING (rule O9) or VARNING_LAPPEN (both): the words after the move.
VARNING = "varning"
VARNING_LAPPEN = "varning lappen"
_FORMS = {False: (False, False), True: (True, False), VARNING: (False, True), VARNING_LAPPEN: (True, True)}


class InvalidMoveError(ValueError):
    """Move notation that cannot be read, or a move that is malformed whatever the position
    (a declaration on a card that is not an eight, or not on the last eight).

    ``text`` is the whole move as given, ``token`` the part that is wrong.
    """

    def __init__(self, message: str, *, text: str = "", token: str = "") -> None:
        super().__init__(message)
        self.text = text
        self.token = token


class Move(tuple):
    """A move: a play (cards in laying order, an eight's declaration, a lappen call, a varning
    call), ``draw`` or ``pass``. Immutable and hashable; ``str`` is the notation.

    Build moves with :meth:`parse`, :meth:`play`, :meth:`draw` and :meth:`pass_`, or
    :meth:`from_parts`. (A tuple underneath — ``(kind, cards, declared_suit, declared_rank,
    lappen, varning)`` — so that simulations can make millions of them cheaply; the engine's legal-move
    generator builds them as such.)
    """

    __slots__ = ()

    if TYPE_CHECKING:  # the fields' types; at run time each reads its place in the tuple
        kind: str
        cards: tuple[Card, ...]
        declared_suit: Suit | None
        declared_rank: Rank | None
        lappen: bool
        varning: bool
    else:
        kind = property(itemgetter(0), doc="'play', 'draw' or 'pass'")
        cards = property(itemgetter(1), doc="the cards laid, in laying order")
        declared_suit = property(itemgetter(2), doc="the last eight's declared suit")
        declared_rank = property(itemgetter(3), doc="its declared rank (None under O1)")
        lappen = property(itemgetter(4), doc="whether the move carries the lappen call")
        varning = property(itemgetter(5), doc="whether the move carries the varning call (O9)")

    def __new__(cls, *args: object, **kwargs: object) -> Move:
        raise TypeError(
            "build a Move with Move.parse(), Move.play(), Move.draw(), Move.pass_() or Move.from_parts()"
        )

    @classmethod
    def from_parts(
        cls,
        kind: str,
        cards: tuple[Card, ...] = (),
        declared_suit: Suit | None = None,
        declared_rank: Rank | None = None,
        lappen: bool | str = False,
        varning: bool = False,
    ) -> Move:
        """A move from its parts, as :attr:`kind`, :attr:`cards` … give them back: the fast
        constructor for code that builds many moves (computer players). Checks only the shape
        — the kind, a tuple of cards for a play and none otherwise, a declaration only on a
        last eight, no call with a draw — not whether the move is legal anywhere. ``lappen``
        may also be a call form of the move list's families (:data:`VARNING`,
        :data:`VARNING_LAPPEN`: the varning call too, rule O9).

        >>> Move.from_parts("play", (Card.parse("8♠"),), Suit.HEARTS, Rank.KING)
        Move.parse('8♠=K♥')
        """
        if kind == PLAY:
            if cards.__class__ is not tuple or not cards:
                raise InvalidMoveError("a play needs a tuple of at least one card", text=repr(cards))
            if declared_suit is not None and not cards[-1].is_eight:
                raise InvalidMoveError(
                    f"a declaration belongs on an eight, and {cards[-1]} is not one", token=str(cards[-1])
                )
            if declared_suit is None and declared_rank is not None:
                raise InvalidMoveError("a declared rank needs a declared suit")
        elif kind in (DRAW, PASS):
            if cards or declared_suit is not None or declared_rank is not None:
                raise InvalidMoveError(f"{kind!r} carries no cards and no declaration", text=kind)
        else:
            raise InvalidMoveError(f"a move's kind is 'play', 'draw' or 'pass', not {kind!r}", text=str(kind))
        if lappen.__class__ is not bool:
            if lappen not in _FORMS:
                raise InvalidMoveError(f"not a call form: {lappen!r}", text=str(lappen))
            lappen, called = _FORMS[lappen]
            varning = varning or called
        if kind == DRAW and (lappen or varning):
            word = "lappen" if lappen else "varning"
            raise InvalidMoveError(f"{word} is never called with a draw", text="draw", token=word)
        return _tuple_new(cls, (kind, cards, declared_suit, declared_rank, bool(lappen), bool(varning)))

    @classmethod
    def play(
        cls,
        cards: Iterable[Card | str] | Card | str,
        *,
        declare: tuple[Suit, Rank | None] | str | None = None,
        lappen: bool = False,
        varning: bool = False,
    ) -> Move:
        """A play of ``cards`` in laying order.

        ``declare`` is the last eight's declaration: ``(Suit.HEARTS, Rank.KING)``, ``"K♥"``,
        or a suit only (``Suit.HEARTS``/``"♥"``, for O1).
        """
        if isinstance(cards, (Card, str)):
            cards = [cards]
        parsed = tuple(c if isinstance(c, Card) else Card.parse(c) for c in cards)
        text = " ".join(map(str, parsed))
        if not parsed:
            raise InvalidMoveError("a play needs at least one card", text=text)
        suit = rank = None
        if declare is not None:
            if isinstance(declare, str):
                suit, rank = _parse_declaration(declare, text=text)
            elif isinstance(declare, Suit):
                suit = declare
            else:
                suit, rank = declare
                suit = Suit(suit)
                rank = None if rank is None else Rank(rank)
            if not parsed[-1].is_eight:
                raise InvalidMoveError(
                    f"a declaration belongs on an eight, and {parsed[-1]} is not one",
                    text=text,
                    token=str(parsed[-1]),
                )
        return _tuple_new(cls, (PLAY, parsed, suit, rank, bool(lappen), bool(varning)))

    @classmethod
    def draw(cls) -> Move:
        """Draw one card from the talon (R8)."""
        return _DRAW

    @classmethod
    def pass_(cls, *, lappen: bool = False, varning: bool = False) -> Move:
        """End the turn without laying (R8, R10); ``lappen=True`` carries the call (V3),
        ``varning=True`` the varning call (O9)."""
        if varning:
            return _tuple_new(Move, (PASS, (), None, None, bool(lappen), True))
        return _PASS_LAPPEN if lappen else _PASS

    @classmethod
    def parse(cls, text: str | Move) -> Move:
        """Read a move in the rulebook's notation; raises :class:`InvalidMoveError` naming the bad token.
        A :class:`Move` is returned as it is, so a caller may take either."""
        if isinstance(text, Move):
            return text
        if not isinstance(text, str):
            raise InvalidMoveError(
                f"a move must be given as text, not {type(text).__name__}", text=repr(text)
            )
        cached = _PARSE_CACHE.get(text)
        if cached is not None:
            return cached
        tokens = text.replace(",", " ").split()
        if not tokens:
            raise InvalidMoveError("an empty text is not a move", text=text)
        lappen = varning = False
        while tokens and tokens[-1].lower() in _LAPPEN_WORDS | _VARNING_WORDS:  # the calls, last
            word = tokens.pop().lower()
            if word in _LAPPEN_WORDS:
                if lappen:
                    raise InvalidMoveError("'lappen' is said once", text=text, token=word)
                lappen = True
            else:
                if varning:
                    raise InvalidMoveError("'varning' is said once", text=text, token=word)
                varning = True
            if not tokens:
                raise InvalidMoveError(
                    f"'{word}' goes after the move that ends the turn, e.g. '5♠ {word}' or 'pass {word}'",
                    text=text,
                    token=word,
                )
        first = tokens[0].lower()
        if first in _DRAW_WORDS or first in _PASS_WORDS:
            if len(tokens) > 1:
                raise InvalidMoveError(
                    f"{tokens[0]!r} stands alone; {tokens[1]!r} cannot follow it", text=text, token=tokens[1]
                )
            if first in _DRAW_WORDS:
                if lappen or varning:
                    word = "lappen" if lappen else "varning"
                    raise InvalidMoveError(
                        f"{word} is called with the move that ends the turn, never with a draw "
                        f"({'V3' if lappen else 'O9'})",
                        text=text,
                        token=word,
                    )
                move = _DRAW
            elif varning:
                move = _tuple_new(Move, (PASS, (), None, None, lappen, True))
            else:
                move = _PASS_LAPPEN if lappen else _PASS
        else:
            cards: list[Card] = []
            suit = rank = None
            for position, token in enumerate(tokens):
                head, eq, tail = token.partition("=")
                try:
                    card = Card.parse(head)
                except InvalidCardError as error:
                    if head.lower() in _LAPPEN_WORDS | _VARNING_WORDS:
                        raise InvalidMoveError(
                            f"'{head.lower()}' must come after the cards of the move", text=text, token=head
                        ) from None
                    if head.lower() in _DRAW_WORDS | _PASS_WORDS:
                        raise InvalidMoveError(
                            f"{head!r} is a move of its own and cannot be mixed with cards",
                            text=text,
                            token=head,
                        ) from None
                    raise InvalidMoveError(
                        f"card {position + 1} of the move: {error}", text=text, token=head
                    ) from None
                if eq:
                    if not card.is_eight:
                        raise InvalidMoveError(
                            f"only an eight can be declared, and {card} is not an eight (R6)",
                            text=text,
                            token=token,
                        )
                    if position != len(tokens) - 1:
                        raise InvalidMoveError(
                            f"the declaration belongs on the last eight of the play, not on {card} (R6)",
                            text=text,
                            token=token,
                        )
                    suit, rank = _parse_declaration(tail, text=text)
                cards.append(card)
            move = _tuple_new(cls, (PLAY, tuple(cards), suit, rank, lappen, varning))
        if len(_PARSE_CACHE) < 50_000:
            _PARSE_CACHE[text] = move
        return move

    # -- value semantics -------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Move:
            return NotImplemented
        return _tuple_eq(self, other)

    def __ne__(self, other: object) -> bool:
        if other.__class__ is not Move:
            return NotImplemented
        return not _tuple_eq(self, other)

    __hash__ = tuple.__hash__

    def __reduce__(self):
        return (Move.parse, (str(self),))

    def __str__(self) -> str:
        if self.kind == PLAY:
            text = " ".join([str(c) for c in self.cards])
            if self.declared_suit is not None:
                rank = "" if self.declared_rank is None else self.declared_rank.symbol
                text += "=" + rank + self.declared_suit.symbol
        else:
            text = self.kind
        return text + self.calls_text

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    # -- convenience -----------------------------------------------------------------

    @property
    def is_play(self) -> bool:
        return self.kind == PLAY

    @property
    def is_draw(self) -> bool:
        return self.kind == DRAW

    @property
    def is_pass(self) -> bool:
        return self.kind == PASS

    @property
    def calls_text(self) -> str:
        """The calls the move carries as the notation writes them after it: ``" varning"``
        (O9), ``" lappen"`` (V3), ``" varning lappen"`` or ``""``.

        >>> Move.pass_(varning=True, lappen=True).calls_text, Move.draw().calls_text
        (' varning lappen', '')
        """
        return (" varning" if self[5] else "") + (" lappen" if self[4] else "")

    @property
    def rank(self) -> Rank | None:
        """The rank of the first card of a play (``None`` for draw and pass)."""
        return self.cards[0].rank if self.cards else None

    @property
    def declaration(self) -> tuple[Suit, Rank | None] | None:
        return None if self.declared_suit is None else (self.declared_suit, self.declared_rank)

    def decision(self) -> tuple:
        """What the player decided, order of a group's middle cards aside (the rulebook):
        two moves with the same ``decision()`` are the same choice."""
        cards = self.cards
        if len(cards) > 2:
            middle = tuple(sorted(cards[1:-1], key=_index))
            cards = (cards[0], *middle, cards[-1])
        return (self.kind, cards, self.declared_suit, self.declared_rank, self.lappen, self[5])

    def __iter__(self):
        raise TypeError("a Move is not a sequence of cards: use move.cards")

    def __len__(self) -> int:
        raise TypeError("a Move has no length: use len(move.cards)")

    def __bool__(self) -> bool:  # truth must not fall back on __len__, which refuses
        return True

    @property
    def calls(self) -> bool | str:
        """The move's call form: ``False``, ``True`` (lappen), :data:`VARNING` or
        :data:`VARNING_LAPPEN` — as a family of the move list gives it."""
        if self[5]:
            return VARNING_LAPPEN if self[4] else VARNING
        return self[4]

    def with_lappen(self, lappen: bool = True) -> Move:
        """The same move with (or without) the lappen call."""
        if self.kind == DRAW and lappen:
            raise InvalidMoveError("lappen is never called with a draw (V3)", text=str(self), token="lappen")
        return _tuple_new(
            Move, (self.kind, self.cards, self.declared_suit, self.declared_rank, bool(lappen), self[5])
        )

    def with_varning(self, varning: bool = True) -> Move:
        """The same move with (or without) the varning call (O9)."""
        if self.kind == DRAW and varning:
            raise InvalidMoveError(
                "varning is never called with a draw (O9)", text=str(self), token="varning"
            )
        return _tuple_new(
            Move, (self.kind, self.cards, self.declared_suit, self.declared_rank, self[4], bool(varning))
        )

    def _repr_html_(self) -> str:
        from . import svg

        return svg.move_html(self)


def _index(card: Card) -> int:
    return card.index


def _parse_declaration(tail: str, *, text: str) -> tuple[Suit, Rank | None]:
    clean = tail.strip().upper().replace("\ufe0f", "")
    if not clean:
        raise InvalidMoveError(
            "'=' must be followed by what the eight counts as, e.g. '=K♥' or '=♥'", text=text
        )
    try:
        return Suit.parse(clean), None
    except InvalidCardError:
        pass
    try:
        card = Card.parse(clean)
    except InvalidCardError:
        raise InvalidMoveError(
            f"{tail!r} is not a declaration: name a rank and suit ('K♥') or a suit ('♥')",
            text=text,
            token=tail,
        ) from None
    return card.suit, card.rank


_tuple_new = tuple.__new__
_tuple_eq = tuple.__eq__
_DRAW = _tuple_new(Move, (DRAW, (), None, None, False, False))
_PASS = _tuple_new(Move, (PASS, (), None, None, False, False))
_PASS_LAPPEN = _tuple_new(Move, (PASS, (), None, None, True, False))
_PARSE_CACHE: dict[str, Move] = {}
