"""Cards: suits, ranks, the card value type, decks and the card notation (the rulebook docs/rules.en.md, "Notation").

>>> Card.parse("10H")
Card.parse('10♥')
>>> str(Card.parse("th")), str(Card.parse("a♠"))
('10♥', 'A♠')
>>> Card.parse("Q♦").name("sv"), Card.parse("Q♦").name("en")
('ruter dam', 'queen of diamonds')
>>> len(standard_deck()), len(standard_deck(decks=2))
(52, 104)

Every card is interned: there are exactly 52 ``Card`` objects, so two equal cards (for
example the two hearts sevens of a double deck) are the same object, comparisons are cheap
and a card can be used as a dict key without hashing a tuple.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence

from .lang import check_lang
from .messages import RANK_PLURALS, RANK_WORDS, SUIT_WORDS, term

__all__ = [
    "Suit",
    "Rank",
    "Card",
    "Hand",
    "InvalidCardError",
    "standard_deck",
    "parse_cards",
    "format_cards",
    "without",
    "hand_points",
    "plural",
    "SUITS",
    "RANKS",
]


class InvalidCardError(ValueError):
    """Card notation that cannot be read. ``token`` is the offending text."""

    def __init__(self, message: str, *, token: str = "") -> None:
        super().__init__(message)
        self.token = token


class Suit(enum.IntEnum):
    """The four suits, in the order ♠ ♥ ♦ ♣ used throughout the rulebook (docs/rules.en.md)."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def letter(self) -> str:
        return "SHDC"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    def name_in(self, lang: str = "en") -> str:
        """The suit's word: ``Suit.HEARTS.name_in("sv") == "hjärter"``."""
        return _SUIT_WORDS[check_lang(lang)][self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """``Suit.parse("♥")``, ``Suit.parse("h")``; raises :class:`InvalidCardError`."""
        suit = _SUIT_BY_TEXT.get(text.strip().upper())
        if suit is None:
            raise InvalidCardError(f"{text!r} is not a suit (use ♠ ♥ ♦ ♣ or S H D C)", token=text)
        return suit

    def __str__(self) -> str:
        return self.symbol

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


class Rank(enum.IntEnum):
    """Ranks A 2 … 10 J Q K. The value is the pip count, ace low (ace = 1)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def symbol(self) -> str:
        return _RANK_SYMBOLS[self]

    @property
    def is_special(self) -> bool:
        """Eights and aces are the special cards (*specialkort*)."""
        return self is Rank.EIGHT or self is Rank.ACE

    def name_in(self, lang: str = "en") -> str:
        """The rank's word: ``Rank.KING.name_in("sv") == "kung"``."""
        return _RANK_WORDS[check_lang(lang)][self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """``Rank.parse("10")``, ``Rank.parse("t")``; raises :class:`InvalidCardError`."""
        rank = _RANK_BY_TEXT.get(text.strip().upper())
        if rank is None:
            raise InvalidCardError(f"{text!r} is not a rank (use A 2 3 4 5 6 7 8 9 10 J Q K)", token=text)
        return rank

    def __str__(self) -> str:
        return self.symbol

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


SUITS: tuple[Suit, ...] = tuple(Suit)
RANKS: tuple[Rank, ...] = tuple(Rank)

_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_RANK_SYMBOLS = {r: {1: "A", 11: "J", 12: "Q", 13: "K"}.get(r.value, str(r.value)) for r in Rank}
_SUIT_BY_TEXT = {s.symbol: s for s in Suit} | {s.letter: s for s in Suit}
# The emoji-style variants (with VS16) and the white suit glyphs some keyboards produce.
_SUIT_BY_TEXT |= {s.symbol + "\ufe0f": s for s in Suit}
_SUIT_BY_TEXT |= {"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS}
_RANK_BY_TEXT = {r.symbol: r for r in Rank} | {"T": Rank.TEN, "1": Rank.ACE}

_SUIT_WORDS = {lang: dict(zip(Suit, words)) for lang, words in SUIT_WORDS.items()}
_RANK_WORDS = {lang: dict(zip(Rank, words)) for lang, words in RANK_WORDS.items()}
# Plural forms, used in sentences such as "three sevens" / "tre sjuor".
_RANK_PLURALS = {lang: dict(zip(Rank, words)) for lang, words in RANK_PLURALS.items()}


class Card:
    """One playing card: a rank and a suit. Immutable, hashable and interned.

    ``Card(Rank.TEN, Suit.HEARTS) is Card.parse("10♥")``. Two decks hold identical cards;
    they are the same value, and a hand is a multiset of them.
    """

    __slots__ = ("rank", "suit", "index", "is_eight", "is_ace", "is_special")

    rank: Rank
    suit: Suit
    index: int  # 0..51, suit-major: stable, used by records and fast tables
    is_eight: bool
    is_ace: bool
    is_special: bool

    def __new__(cls, rank: Rank | int, suit: Suit | int) -> Card:
        try:
            return _INTERNED[(rank, suit)]
        except KeyError:
            pass
        except TypeError:
            raise TypeError(f"Card(rank, suit) needs a Rank and a Suit, not {rank!r}, {suit!r}") from None
        try:
            rank, suit = Rank(rank), Suit(suit)
        except ValueError as error:
            raise InvalidCardError(str(error), token=f"{rank!r}, {suit!r}") from None
        return _INTERNED[(rank, suit)]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self):  # pickling keeps interning (multiprocessing sends cards)
        return (Card.from_index, (self.index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict) -> Card:
        return self

    # Equality is identity: cards are interned, so a card equals itself and nothing else.
    # It is spelled out, as briefly as it can be, because a class that defines __lt__ sends
    # == through a slow generic path (object.__eq__ both ways round), and list.remove, `in`
    # and count compare cards all the time. The hash is the index, so sets of cards iterate
    # in the same order on every run.
    def __eq__(self, other: object) -> bool:
        return self is other

    def __ne__(self, other: object) -> bool:
        return self is not other

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:
        """Cards sort by rank (ace low), then suit ♠ ♥ ♦ ♣."""
        if not isinstance(other, Card):
            return NotImplemented
        return (self.rank, self.suit) < (other.rank, other.suit)

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with :attr:`index` ``index`` (0 = A♠ … 51 = K♣)."""
        if not 0 <= index < 52:
            raise InvalidCardError(f"card index {index!r} is outside 0..51", token=str(index))
        return _BY_INDEX[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card: ``"10♥"``, ``"10h"``, ``"T♥"``, ``"th"``, ``"A♠"``; any case.

        Raises :class:`InvalidCardError` (a ``ValueError``) that names the bad text.
        """
        if not isinstance(text, str):
            raise InvalidCardError(
                f"a card must be given as text, not {type(text).__name__}", token=repr(text)
            )
        card = _BY_TEXT.get(text)
        if card is not None:
            return card
        clean = text.strip().upper().replace("\ufe0f", "")
        card = _BY_TEXT.get(clean)
        if card is not None:
            return card
        if not clean:
            raise InvalidCardError("empty text is not a card", token=text)
        suit = _SUIT_BY_TEXT.get(clean[-1])
        rank = _RANK_BY_TEXT.get(clean[:-1])
        if suit is None:
            raise InvalidCardError(
                f"{text!r} is not a card: it must end in a suit (♠ ♥ ♦ ♣ or S H D C)", token=text
            )
        if rank is None:
            raise InvalidCardError(
                f"{text!r} is not a card: {clean[:-1]!r} is not a rank (A 2 … 10 J Q K)", token=text
            )
        return _INTERNED[(rank, suit)]

    def __str__(self) -> str:
        return _STR[self.index]

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def ascii(self) -> str:
        """The notation with a suit letter, for terminals without ♠♥♦♣: ``"10H"``."""
        return self.rank.symbol + self.suit.letter

    def name(self, lang: str = "en") -> str:
        """The card's name in words, as the glossary (docs/glossary.md) writes it (``"hjärter kung"``)."""
        return term("card", lang, suit=self.suit.name_in(lang), rank=self.rank.name_in(lang))

    @property
    def points(self) -> int:
        """S1 card points: eight 25, ace 15, ten and court cards 10, every other card 5."""
        return _POINTS[self.rank]

    def _repr_svg_(self) -> str:
        from . import svg

        return svg.card(self)


# rule S1: card points — eight 25, ace 15, ten and court cards 10, every other card 5.
_POINTS = {r: 25 if r == 8 else 15 if r == 1 else 10 if r >= 10 else 5 for r in Rank}


def _make_card(rank: Rank, suit: Suit) -> Card:
    card = object.__new__(Card)
    set_ = object.__setattr__
    set_(card, "rank", rank)
    set_(card, "suit", suit)
    set_(card, "index", suit * 13 + rank - 1)
    set_(card, "is_eight", rank is Rank.EIGHT)
    set_(card, "is_ace", rank is Rank.ACE)
    set_(card, "is_special", rank.is_special)
    return card


# The 52 cards, made once: Card(rank, suit) looks them up here (by enums or plain ints).
_INTERNED: dict[tuple[int, int], Card] = {}
for _suit in Suit:
    for _rank in Rank:
        _INTERNED[(_rank, _suit)] = _INTERNED[(int(_rank), int(_suit))] = _make_card(_rank, _suit)
_BY_INDEX: tuple[Card, ...] = tuple(sorted(set(_INTERNED.values()), key=lambda c: c.index))
_STR = tuple(c.rank.symbol + c.suit.symbol for c in _BY_INDEX)
_BY_TEXT: dict[str, Card] = {}
for _c in _BY_INDEX:
    for _r in [k for k, v in _RANK_BY_TEXT.items() if v is _c.rank]:
        for _s in [k for k, v in _SUIT_BY_TEXT.items() if v is _c.suit]:
            _BY_TEXT[_r + _s] = _c
del _suit, _rank, _c, _r, _s


class Hand(tuple):
    """A hand: a tuple of cards that draws itself in a notebook (``_repr_svg_``).

    >>> Hand(parse_cards("7♣ 8♠"))
    (Card.parse('7♣'), Card.parse('8♠'))
    >>> Hand(parse_cards("7♣ 8♠")).points
    30
    """

    __slots__ = ()

    @property
    def points(self) -> int:
        """S1 points of the hand."""
        return sum(c.points for c in self)

    def __str__(self) -> str:
        return format_cards(self)

    def _repr_svg_(self) -> str:
        from . import svg

        return svg.hand(list(self))


def standard_deck(*, decks: int = 1) -> list[Card]:
    """A fresh, unshuffled deck: ``decks`` × 52 cards, ♠ A–K, ♥ A–K, ♦ A–K, ♣ A–K."""
    if decks not in (1, 2):
        raise ValueError(f"decks must be 1 or 2, not {decks!r}")
    return list(_BY_INDEX) * decks


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Read several cards: ``"7♣ 8♠ A♠"`` (spaces or commas) or an iterable of cards/strings.

    >>> parse_cards("7c, 8s  A♠")
    [Card.parse('7♣'), Card.parse('8♠'), Card.parse('A♠')]
    """
    if isinstance(text, str):
        tokens: Iterable[str | Card] = text.replace(",", " ").split()
    else:
        tokens = text
        if tokens.__class__ is list and set(map(type, tokens)) <= _JUST_CARDS:  # cards already
            return tokens[:]
    return [t if isinstance(t, Card) else Card.parse(t) for t in tokens]


_JUST_CARDS = {Card}


def format_cards(cards: Iterable[Card]) -> str:
    """The inverse of :func:`parse_cards`: ``"7♣ 8♠ A♠"``."""
    return " ".join(_STR[c.index] for c in cards)


def without(cards: Iterable[Card], taken: Sequence[Card]) -> list[Card]:
    """The cards left, in their order, when ``taken`` are taken out of ``cards``: of two
    alike (two decks) the first goes, as ``list.remove`` takes it. Raises ``ValueError``
    naming a card taken that is not there.

    >>> without(parse_cards("7♣ K♠ 7♣ 2♦"), parse_cards("7♣ 2♦"))
    [Card.parse('K♠'), Card.parse('7♣')]
    """
    rest = list(cards)
    if len(taken) <= 4:  # a play's few cards: list.remove, in C
        for c in taken:
            try:
                rest.remove(c)
            except ValueError:
                raise ValueError(f"{c} is not among the cards") from None
        return rest
    count = [0] * 52  # many cards (a deal's hands out of the unseen ones): counted by index
    for c in taken:
        count[c.index] += 1
    out = []
    for c in rest:
        if count[c.index]:
            count[c.index] -= 1
        else:
            out.append(c)
    if len(out) != len(rest) - len(taken):
        missing = next(c for c in taken if count[c.index])
        raise ValueError(f"{missing} is not among the cards")
    return out


def plural(rank: Rank, lang: str = "en") -> str:
    """``plural(Rank.SEVEN, "sv") == "sjuor"``."""
    return _RANK_PLURALS[check_lang(lang)][rank]


def hand_points(cards: Iterable[Card | str] | str) -> int:
    """S1 points of some cards: eight 25, ace 15, ten, jack, queen, king 10, every other 5.

    >>> hand_points(["8♠", "A♥"]), hand_points("10♦ K♣ 2♠")
    (40, 25)
    """
    return sum(c.points for c in parse_cards(cards))
