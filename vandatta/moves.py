"""Moves: one decision of the player to move, and its notation (the rulebook docs/rules.en.md, "Notation").

>>> Move.parse("8♠ 8♦=Q♥")
Move.parse('8♠ 8♦=Q♥')
>>> m = Move.parse("5s 5h lappen"); m.cards, m.lappen
((Card.parse('5♠'), Card.parse('5♥')), True)
>>> str(Move.draw()), str(Move.pass_(lappen=True))
('draw', 'pass lappen')
>>> Move.parse("8♠=♥").declared_suit, Move.parse("8♠=♥").declared_rank
(Suit.HEARTS, None)
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING

from .cards import Card, InvalidCardError, Rank, Suit

if TYPE_CHECKING:
    import random

__all__ = ["Move", "LegalMoves", "InvalidMoveError", "PLAY", "DRAW", "PASS"]

PLAY = "play"
DRAW = "draw"
PASS = "pass"

_DRAW_WORDS = {"draw", "dra"}
_PASS_WORDS = {"pass", "stå"}
_LAPPEN_WORDS = {"lappen"}


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
    """A move: a play (cards in laying order, an eight's declaration, a lappen call),
    ``draw`` or ``pass``. Immutable and hashable; ``str`` is the notation.

    Build moves with :meth:`parse`, :meth:`play`, :meth:`draw` and :meth:`pass_`.
    (A tuple underneath, so that simulations can make millions of them cheaply.)
    """

    __slots__ = ()

    kind: str = property(itemgetter(0), doc="'play', 'draw' or 'pass'")  # type: ignore[assignment]
    cards: tuple[Card, ...] = property(itemgetter(1), doc="the cards laid, in laying order")  # type: ignore[assignment]
    declared_suit: Suit | None = property(itemgetter(2), doc="the last eight's declared suit")  # type: ignore[assignment]
    declared_rank: Rank | None = property(itemgetter(3), doc="its declared rank (None under O1)")  # type: ignore[assignment]
    lappen: bool = property(itemgetter(4), doc="whether the move carries the lappen call")  # type: ignore[assignment]

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
        lappen: bool = False,
    ) -> Move:
        """A move from its parts, as :attr:`kind`, :attr:`cards` … give them back: the fast
        constructor for code that builds many moves (computer players). Checks only the shape
        — the kind, a tuple of cards for a play and none otherwise, a declaration only on a
        last eight, no lappen call with a draw — not whether the move is legal anywhere.

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
            if lappen and kind == DRAW:
                raise InvalidMoveError("lappen is never called with a draw (V3)", text="draw", token="lappen")
        else:
            raise InvalidMoveError(f"a move's kind is 'play', 'draw' or 'pass', not {kind!r}", text=str(kind))
        return _tuple_new(cls, (kind, cards, declared_suit, declared_rank, bool(lappen)))

    @classmethod
    def play(
        cls,
        cards: Iterable[Card | str] | Card | str,
        *,
        declare: tuple[Suit, Rank | None] | str | None = None,
        lappen: bool = False,
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
        return _tuple_new(cls, (PLAY, parsed, suit, rank, bool(lappen)))

    @classmethod
    def draw(cls) -> Move:
        """Draw one card from the talon (R8)."""
        return _DRAW

    @classmethod
    def pass_(cls, *, lappen: bool = False) -> Move:
        """End the turn without laying (R8, R10); ``lappen=True`` carries the call (V3)."""
        return _PASS_LAPPEN if lappen else _PASS

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move in the rulebook's notation; raises :class:`InvalidMoveError` naming the bad token."""
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
        lappen = False
        if tokens[-1].lower() in _LAPPEN_WORDS:
            lappen = True
            tokens.pop()
            if not tokens:
                raise InvalidMoveError(
                    "'lappen' goes after the move that ends the turn, e.g. '5♠ lappen' or 'pass lappen'",
                    text=text,
                    token="lappen",
                )
        first = tokens[0].lower()
        if first in _DRAW_WORDS or first in _PASS_WORDS:
            if len(tokens) > 1:
                raise InvalidMoveError(
                    f"{tokens[0]!r} stands alone; {tokens[1]!r} cannot follow it", text=text, token=tokens[1]
                )
            if first in _DRAW_WORDS:
                if lappen:
                    raise InvalidMoveError(
                        "lappen is called with the move that ends the turn, never with a draw (V3)",
                        text=text,
                        token="lappen",
                    )
                move = _DRAW
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
                    if head.lower() in _LAPPEN_WORDS:
                        raise InvalidMoveError(
                            "'lappen' must be the last word of the move", text=text, token=head
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
            move = _tuple_new(cls, (PLAY, tuple(cards), suit, rank, lappen))
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
        return text + " lappen" if self.lappen else text

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
        return (self.kind, cards, self.declared_suit, self.declared_rank, self.lappen)

    def __iter__(self):
        raise TypeError("a Move is not a sequence of cards: use move.cards")

    def __len__(self) -> int:
        raise TypeError("a Move has no length: use len(move.cards)")

    def __bool__(self) -> bool:  # truth must not fall back on __len__, which refuses
        return True

    def with_lappen(self, lappen: bool = True) -> Move:
        """The same move with (or without) the lappen call."""
        if self.kind == DRAW and lappen:
            raise InvalidMoveError("lappen is never called with a draw (V3)", text=str(self), token="lappen")
        return _tuple_new(Move, (self.kind, self.cards, self.declared_suit, self.declared_rank, bool(lappen)))

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
_DRAW = _tuple_new(Move, (DRAW, (), None, None, False))
_PASS = _tuple_new(Move, (PASS, (), None, None, False))
_PASS_LAPPEN = _tuple_new(Move, (PASS, (), None, None, True))
_PARSE_CACHE: dict[str, Move] = {}


# -- the legal moves of a position ----------------------------------------------------------------

# A family: one distinct card play (or draw, or pass) with its possible declarations and lappen
# forms — ``(kind, cards, declarations, lappen_forms)``; it stands for len(decls) × len(laps) moves.
Family = tuple[str, tuple[Card, ...], tuple[tuple[Suit | None, Rank | None], ...], tuple[bool, ...]]


class LegalMoves(Sequence):
    """The legal moves of a position: a read-only sequence of :class:`Move`, as
    :meth:`vandatta.Game.legal_moves` returns it.

    It stores each distinct play once with its possible eight declarations and lappen
    forms (a *family*), and makes a ``Move`` only when one is asked for, so a hand with an
    eight (52 declarations each) costs no more to list than one without. ``len``, indexing,
    ``random.choice``, iteration and ``in`` (which ignores the order of a group's middle
    cards) work as on a list; ``list(moves)`` makes a real list.
    """

    __slots__ = ("_families", "_total", "_ends", "_index")

    def __init__(self, families: list[Family], total: int | None = None) -> None:
        self._families = families
        if total is None:
            total = 0
            for family in families:
                total += len(family[2]) * len(family[3])
        self._total = total
        self._ends: list[int] | None = None
        self._index: dict | None = None

    def __len__(self) -> int:
        return self._total

    def __getitem__(self, i):  # type: ignore[override]
        families = self._families
        if self._total == len(families) and i.__class__ is int:  # one move per family: index it directly
            kind, cards, decls, laps = families[i]
            suit, rank = decls[0]
            return _tuple_new(Move, (kind, cards, suit, rank, laps[0]))
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(self._total))]
        n = self._total
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("legal move index out of range")
        ends = self._ends
        if ends is None:
            ends = []
            total = 0
            for family in families:
                total += len(family[2]) * len(family[3])
                ends.append(total)
            self._ends = ends
        f = bisect_right(ends, i)
        kind, cards, decls, laps = families[f]
        j = i - (ends[f - 1] if f else 0)
        suit, rank = decls[j // len(laps)]
        return _tuple_new(Move, (kind, cards, suit, rank, laps[j % len(laps)]))

    def __iter__(self) -> Iterator[Move]:
        for kind, cards, decls, laps in self._families:
            for suit, rank in decls:
                for lap in laps:
                    yield _tuple_new(Move, (kind, cards, suit, rank, lap))

    def __contains__(self, move: object) -> bool:
        if isinstance(move, str):
            try:
                move = Move.parse(move)
            except InvalidMoveError:
                return False
        if not isinstance(move, Move):
            return False
        if self._index is None:
            self._index = {_decision_key(k, c): (d, lp) for k, c, d, lp in self._families}
        found = self._index.get(_decision_key(move.kind, move.cards))
        if found is None:
            return False
        decls, laps = found
        return (move.declared_suit, move.declared_rank) in decls and move.lappen in laps

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (LegalMoves, list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        if len(self) > 12:
            shown = ", ".join(repr(m) for m in self[:12])
            return f"<LegalMoves [{shown}, …] ({len(self)} moves)>"
        return f"<LegalMoves {list(self)!r}>"

    def families(self) -> list[Family]:
        """Each distinct decision once — every card play, draw, pass — as a family
        ``(kind, cards, declarations, lappen_forms)``: the moves it stands for are every
        ``Move.from_parts(kind, cards, suit, rank, lappen)`` with ``(suit, rank)`` from
        ``declarations`` and ``lappen`` from ``lappen_forms``."""
        return list(self._families)

    def plays(self) -> list[tuple[tuple[Card, ...], tuple, tuple]]:
        """Each distinct card play once: ``(cards, declarations, lappen_forms)``; draw and
        pass are left out. Lets a player choose among plays without weighting eights by
        their 52 declarations."""
        return [(c, d, lp) for k, c, d, lp in self._families if k == PLAY]

    def can_draw(self) -> bool:
        return any(f[0] == DRAW for f in self._families)

    def can_pass(self) -> bool:
        return any(f[0] == PASS for f in self._families)

    def choice(self, rng: random.Random) -> Move:
        """A move chosen with ``rng`` uniformly among the distinct decisions (the families:
        every card play, draw, pass), then uniformly among its declarations and lappen forms
        — so an eight's 52 declarations count as one choice, not 52.

        >>> import random
        >>> from vandatta import Game
        >>> g = Game.from_position(hands=["8♠ 7♥", "K♠"], top="7♣")
        >>> moves = g.legal_moves()
        >>> picks = [moves.choice(random.Random(i)) for i in range(300)]
        >>> len(moves), 70 < sum(m.is_play and m.cards[0].is_eight for m in picks) < 130
        (54, True)
        """
        families = self._families
        if not families:
            raise IndexError("no legal move: the round is over")
        kind, cards, decls, laps = families[rng.randrange(len(families))]
        suit, rank = decls[rng.randrange(len(decls))] if len(decls) > 1 else decls[0]
        lap = laps[rng.randrange(len(laps))] if len(laps) > 1 else laps[0]
        return _tuple_new(Move, (kind, cards, suit, rank, lap))


def _decision_key(kind: str, cards: tuple[Card, ...]) -> tuple:
    if len(cards) > 2:
        middle = tuple(sorted(cards[1:-1], key=_index))
        cards = (cards[0], *middle, cards[-1])
    return (kind, cards)
