"""Move generation's representation: the legal moves as a sequence that makes an eight's 52
declarations only when asked for (:class:`LegalMoves`), the bit codes of hands and cards, and
the tables and caches that make a move list cheap.

:mod:`vandatta.game` states the rules and reads the position; this module makes the move list
from the rules' answers and remembers it. It decides no rule of its own: the first-card
tables are built from the rule they are given (:class:`FirstCardTables`); :func:`generate`
is handed the table in force, the game's rules and its statements of rules R7 and V3; the
groups of a rank are every arrangement of its cards (rule R5). Its interface is ``__all__``:
the legal moves (:class:`LegalMoves`, :func:`generate`, :func:`from_families`), the
first-card tables, and a hand's code (:func:`hand_code` and its readers); the caches,
prebuilt lists and bit masks behind them stay inside.

>>> import vandatta as v
>>> moves = v.Game.from_position(hands=["7♣ 7♥ K♠", "2♦"], top="7♦", talon="9♠").legal_moves()
>>> [str(m) for m in moves]
['7♥', '7♥ 7♣', '7♣', '7♣ 7♥', 'draw']
>>> rank_counts(hand_code(v.parse_cards("7♣ 7♥"))) == 2 << 4 * Rank.SEVEN
True
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Sequence
from itertools import product
from operator import attrgetter
from typing import TYPE_CHECKING

from .cards import Card, Rank, Suit, standard_deck, without
from .moves import DRAW, PASS, PLAY, VARNING_LAPPEN, InvalidMoveError, Move

if TYPE_CHECKING:
    import random
    from collections.abc import Iterator

    from .rules import Rules

# What vandatta.game uses; the caches, prebuilt lists and bit masks behind them stay here.
__all__ = [
    # the legal moves
    "LegalMoves",
    "Listed",
    "Family",
    "generate",
    "from_families",
    "NO_MOVES",
    "DRAW_FAMILY",
    "PASS_FAMILY",
    "call_forms",
    # the first card of a play
    "FirstCardTables",
    "FirstTable",
    # a hand's code
    "hand_code",
    "HAND_UNIT",
    "rank_counts",
    "suit_counts",
    "cards_of_rank",
    "held_bits",
    "card_bits",
    "cards_at",
]

_ACE = Rank.ACE
_EIGHT = Rank.EIGHT
_tuple_new = tuple.__new__


def _idx(card: Card) -> int:
    return card.index


# -- the legal moves of a position -----------------------------------------------------------------

ALL_DECLARATIONS: tuple[tuple[Suit, Rank | None], ...] = tuple((s, r) for s in Suit for r in Rank)
SUIT_DECLARATIONS: tuple[tuple[Suit, Rank | None], ...] = tuple((s, None) for s in Suit)
NO_DECLARATION: tuple[tuple[None, None], ...] = ((None, None),)
PLAIN = (False,)
BOTH = (False, True)
DRAW_MOVE = Move.draw()
PASS_MOVE = Move.pass_()
PASS_LAPPEN = Move.pass_(lappen=True)


# A family: one distinct card play (or draw, or pass) with its possible declarations and call
# forms — ``(kind, cards, declarations, lappen_forms)``; it stands for len(decls) × len(laps) moves.
# A call form is False, True (lappen, V3) or, under rule O9, VARNING / VARNING_LAPPEN (see
# vandatta.moves); the fullest call comes last.
Family = tuple[str, tuple[Card, ...], tuple[tuple[Suit | None, Rank | None], ...], tuple[bool | str, ...]]


def make_move(
    kind: str, cards: tuple[Card, ...], suit: Suit | None, rank: Rank | None, lappen: bool | str
) -> Move:
    # A move the generator knows to be well formed, built as the 6-tuple a Move is; ``lappen``
    # is a call form (a bool, or under rule O9 VARNING / VARNING_LAPPEN).
    if lappen.__class__ is bool:
        return _tuple_new(Move, (kind, cards, suit, rank, lappen, False))
    return _tuple_new(Move, (kind, cards, suit, rank, lappen == VARNING_LAPPEN, True))


class LegalMoves(Sequence):
    """The legal moves of a position, as :meth:`vandatta.Game.legal_moves` returns them: a read-only
    sequence of :class:`Move`.

    Each distinct play is kept once with its possible eight declarations and lappen forms (a
    *family*), and a hand with an eight (52 declarations each) costs no more to list than
    one without: those moves are made only when asked for. ``len``, indexing,
    ``random.choice``, iteration and ``in`` (which ignores the order of a group's middle
    cards) work as on a list; ``list(moves)`` makes a real list.
    """

    __slots__ = ()

    def families(self) -> list[Family]:
        """Each distinct decision once — every card play, draw, pass — as a family
        ``(kind, cards, declarations, lappen_forms)``: the moves it stands for are every
        ``Move.from_parts(kind, cards, suit, rank, lappen)`` with ``(suit, rank)`` from
        ``declarations`` and ``lappen`` from ``lappen_forms``."""
        raise NotImplementedError

    def plays(self) -> list[tuple[tuple[Card, ...], tuple, tuple]]:
        """Each distinct card play once: ``(cards, declarations, lappen_forms)``; draw and
        pass are left out. Lets a player choose among plays without weighting eights by
        their 52 declarations."""
        return [(c, d, lp) for k, c, d, lp in self.families() if k == PLAY]

    def can_draw(self) -> bool:
        return any(f[0] == DRAW for f in self.families())

    def can_pass(self) -> bool:
        return any(f[0] == PASS for f in self.families())

    def choice(self, rng: random.Random) -> Move:
        """A move chosen with ``rng`` uniformly among the distinct decisions (the families:
        every card play, draw, pass), then uniformly among its declarations and lappen forms
        — so an eight's 52 declarations count as one choice, not 52.

        >>> import random, vandatta as v
        >>> g = v.Game.from_position(hands=["8♠ 7♥", "K♠"], top="7♣")
        >>> moves = g.legal_moves()
        >>> picks = [moves.choice(random.Random(i)) for i in range(300)]
        >>> len(moves), 70 < sum(m.is_play and m.cards[0].is_eight for m in picks) < 130
        (54, True)
        """
        families = self.families()
        if not families:
            raise IndexError("no legal move: the round is over")
        kind, cards, decls, laps = families[rng.randrange(len(families))]
        suit, rank = decls[rng.randrange(len(decls))] if len(decls) > 1 else decls[0]
        lap = laps[rng.randrange(len(laps))] if len(laps) > 1 else laps[0]
        return make_move(kind, cards, suit, rank, lap)

    def __contains__(self, move: object) -> bool:
        if isinstance(move, str):
            try:
                move = Move.parse(move)
            except InvalidMoveError:
                return False
        if not isinstance(move, Move):
            return False
        wanted = decision_key(move.kind, move.cards)
        for kind, cards, decls, laps in self.families():
            if decision_key(kind, cards) == wanted:
                return (move.declared_suit, move.declared_rank) in decls and move.calls in laps
        return False

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (LegalMoves, list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = None  # type: ignore[assignment]  # unhashable as a list is: it equals lists

    def __repr__(self) -> str:
        if len(self) > 12:
            shown = ", ".join(repr(m) for m in self[:12])
            return f"<LegalMoves [{shown}, …] ({len(self)} moves)>"
        return f"<LegalMoves {list(self)!r}>"

    def has_exactly(self, move: Move) -> bool:
        """Whether ``move`` is one of these very moves (the play() fast check)."""
        raise NotImplementedError


def _read_only(self, *args: object, **kwargs: object) -> None:
    raise TypeError("the legal moves are read-only: make a list of them with list(moves) to change it")


class Listed(list, LegalMoves):
    """Legal moves without an eight among them: the moves themselves, made at once. A list
    underneath, so that indexing, slicing and ``random.choice`` run at C speed; every way
    to change it raises (several positions share one, see ONLY_DRAW)."""

    __slots__ = ()

    __contains__ = LegalMoves.__contains__
    __eq__ = LegalMoves.__eq__
    __ne__ = LegalMoves.__ne__
    # (unhashable: Python sets __hash__ to None, as __eq__ is set here)
    __repr__ = LegalMoves.__repr__
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _read_only  # type: ignore[assignment]  # each raises
    append = extend = insert = remove = pop = clear = sort = reverse = _read_only

    def __reduce__(self):  # (pickle would rebuild it with append)
        return (listed_moves, (list(self),))

    def families(self) -> list[Family]:
        out: list[Family] = []
        for move in self:
            kind, cards, lappen = move.kind, move.cards, move.lappen
            if move[5]:  # rule O9: a varning form follows the others of its play
                out[-1] = (kind, cards, out[-1][2], (*out[-1][3], move.calls))
            elif lappen and out and out[-1][0] == kind and out[-1][1] == cards:
                out[-1] = (kind, cards, out[-1][2], BOTH)  # the called form follows the plain one
            else:
                out.append((kind, cards, ((move.declared_suit, move.declared_rank),), (lappen,)))
        return out

    def has_exactly(self, move: Move) -> bool:
        for listed in self:  # noqa: SIM110 (a plain loop is the fastest identity test)
            if listed is move:
                return True
        return False


class Families(LegalMoves):
    """Legal moves with eights among them: the plays before the eights and after them as
    moves, the eights as families whose moves are made when asked for."""

    __slots__ = ("_before", "_eights", "_after", "_total", "_ends", "_given")

    def __init__(
        self, before: tuple[Move, ...], eights: list[Family], after: tuple[Move, ...], n: int
    ) -> None:
        self._before = before
        self._eights = eights
        self._after = after
        self._total = len(before) + n + len(after)
        self._ends: list[int] | None = None
        self._given: Move | None = None  # the eight's move handed out last

    def __len__(self) -> int:
        return self._total

    def __getitem__(self, i):
        if i.__class__ is slice:
            return [self[j] for j in range(*i.indices(self._total))]
        n = self._total
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("legal move index out of range")
        before = self._before
        if i < len(before):
            return before[i]
        i -= len(before)
        ends = self._ends
        if ends is None:
            ends = self._ends = []
            total = 0
            for family in self._eights:
                total += len(family[2]) * len(family[3])
                ends.append(total)
        if i >= ends[-1]:
            return self._after[i - ends[-1]]
        f = bisect_right(ends, i)
        kind, cards, decls, laps = self._eights[f]
        j = i - (ends[f - 1] if f else 0)
        suit, rank = decls[j // len(laps)]
        move = self._given = make_move(kind, cards, suit, rank, laps[j % len(laps)])
        return move

    def __iter__(self) -> Iterator[Move]:
        yield from self._before
        for kind, cards, decls, laps in self._eights:
            for suit, rank in decls:
                for lap in laps:
                    yield make_move(kind, cards, suit, rank, lap)
        yield from self._after

    def families(self) -> list[Family]:
        # Listed.families only iterates its moves, so the tuples serve as well
        return [
            *Listed.families(self._before),  # type: ignore[arg-type]  # a tuple, see above
            *self._eights,
            *Listed.families(self._after),  # type: ignore[arg-type]  # a tuple, see above
        ]

    def has_exactly(self, move: Move) -> bool:
        if move is self._given:
            return True
        for listed in self._before:
            if listed is move:
                return True
        for listed in self._after:  # noqa: SIM110
            if listed is move:
                return True
        return False


def decision_key(kind: str, cards: tuple[Card, ...]) -> tuple:
    if len(cards) > 2:
        middle = tuple(sorted(cards[1:-1], key=_idx))
        cards = (cards[0], *middle, cards[-1])
    return (kind, cards)


def from_families(families: list[Family]) -> LegalMoves:
    """Legal moves from their families (in the move list's order: the eights' together)."""
    before: list[Move] = []
    eights: list[Family] = []
    after: list[Move] = []
    n = 0
    for family in families:
        kind, cards, decls, laps = family
        if cards and cards[0].is_eight:
            eights.append(family)
            n += len(decls) * len(laps)
            continue
        moves = [make_move(kind, cards, suit, rank, lap) for suit, rank in decls for lap in laps]
        (after if eights else before).extend(moves)
    if not eights:
        return listed_moves(before)
    return Families(tuple(before), eights, tuple(after), n)


def listed_moves(moves: list[Move]) -> Listed:
    legal = list_new(Listed)
    list_extend(legal, moves)
    return legal


list_new = list.__new__
list_extend = list.extend
NO_MOVES = listed_moves([])
ONLY_DRAW = listed_moves([DRAW_MOVE])
ONLY_PASS = listed_moves([PASS_MOVE])
ONLY_PASS_BOTH = listed_moves([PASS_MOVE, PASS_LAPPEN])


# A hand's card bits: one bit a card, rank-major (bit 4·rank + suit), so that the cards a
# first-card rule allows are one AND away and come out of it in (rank, suit) order, the
# order of the move list. Part of a hand's code (see hand_code); with two decks (``_twins``:
# two of a card in one hand) it cannot say how many, so it is never read there.
CARD_BIT = tuple(1 << (c.rank << 2 | c.suit) for c in standard_deck())  # by card index
CARD_AT_BIT: tuple[Card | None, ...] = tuple(
    next((c for c in standard_deck() if CARD_BIT[c.index] == 1 << bit), None) for bit in range(56)
)


_DECK = tuple(standard_deck())  # by card index
_ACE_INDICES = tuple(c.index for c in _DECK if c.is_ace)


# -- the first card of a play, for every card at once -----------------------------------------------

# A situation's first-card table: (legal? by card index, the rule's key by card index, an ace
# among the legal?, the legal cards' bits as CARD_BIT sets them); the move list reads it per card.
FirstTable = tuple[tuple[bool, ...], tuple[str, ...], bool, int]


class FirstCardTables(dict):
    """The first-card table of each situation, made the first time it is asked for:
    ``tables[follow, suit, rank, top_special, v1]`` applies ``rule(card, follow, suit, rank,
    top_special, v1)`` — a key naming why the card may or may not come first — to every card,
    and the keys in ``legal`` are the ones that allow it. (A dict: a look-up that finds its
    table costs no call.)"""

    __slots__ = ("_rule", "_legal")

    def __init__(self, rule: Callable[..., str], legal: frozenset[str]) -> None:
        super().__init__()
        self._rule = rule
        self._legal = legal

    def __missing__(self, key: tuple) -> FirstTable:
        follow, suit, rank, top_special, v1 = key
        rule, legal = self._rule, self._legal
        keys = tuple([rule(c, follow, suit, rank, top_special, v1) for c in _DECK])
        ok = tuple([k in legal for k in keys])
        aces = any([ok[i] for i in _ACE_INDICES])
        bits = 0  # (each card its own bit: their sum)
        for i in range(52):
            if ok[i]:
                bits |= CARD_BIT[i]
        table = self[key] = (ok, keys, aces, bits)
        return table


# -- the plays of a rank ---------------------------------------------------------------------------


def pair_groups(low: Card, high: Card, which: int) -> tuple[tuple[Card, ...], ...]:
    """Rule R5: the plays of a pair of one rank (``low`` before ``high`` in index order) when
    both may come first (``which`` 0), only ``low`` (1) or only ``high`` (2)."""
    if which == 0:
        return ((low,), (low, high), (high,), (high, low))
    if which == 1:
        return ((low,), (low, high))
    return ((high,), (high, low))


# The plays of a plain pair by (its cards' indices, which may come first): made once each.
PAIR_PLAYS: dict[int, tuple[Move, ...]] = {}

# Whole move lists of positions with only plain cards to lay (no ace, eight or lappen: one
# deck), by the bits of those cards, the bits of the other cards of their ranks held and
# whether the turn's other move is a draw or a pass: nothing else decides such a list, and
# random play meets the same ones again and again. Read-only lists, shared; emptied when full.
LISTS: dict[int, Listed] = {}
LISTS_KEPT = 20_000  # (a few megabytes at most: a classroom server runs many kernels)

# The groups of a rank by (the cards held, the legal first cards), as card indices: a few
# thousand at most, so they are worked out once each (the move list needs them often).
GROUPS: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[tuple[Card, ...], ...]] = {}


def rank_groups(cards: Iterable[Card], firsts: list[Card]) -> list[tuple[Card, ...]]:
    """Rule R5: every distinct group of one rank — first card from ``firsts``, any last
    card, any sub-multiset in the middle (ascending)."""
    counts: dict[Card, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    distinct = sorted(counts, key=_idx)
    out: list[tuple[Card, ...]] = []
    for f in firsts:
        out.append((f,))
        c1 = dict(counts)
        c1[f] -= 1
        for last in distinct:
            if not c1[last]:
                continue
            c2 = dict(c1)
            c2[last] -= 1
            pool = [(c, c2[c]) for c in distinct if c2[c]]
            for picks in product(*[range(n + 1) for _, n in pool]):
                middle: list[Card] = []
                for (c, _), k in zip(pool, picks):
                    middle.extend([c] * k)
                out.append((f, *middle, last))
    return out


# -- whole move lists and hand codes ---------------------------------------------------------------

SINGLE_PLAY = tuple(make_move(PLAY, (c,), None, None, False) for c in standard_deck())  # by card index
# The whole move list of a position with one plain card to lay and lappen off, by card index.
SINGLE_THEN_DRAW = tuple(listed_moves([m, DRAW_MOVE]) for m in SINGLE_PLAY)
SINGLE_THEN_PASS = tuple(listed_moves([m, PASS_MOVE]) for m in SINGLE_PLAY)


# A hand's code, kept up to date as cards come and go so that the move list need not look
# at the cards: the sum of its cards' units. The low bits are its rank counts, 4 bits a rank
# (how many cards of that rank it holds: at most 8, two decks); from BITS_SHIFT up, its card
# bits (see CARD_BIT) — with two decks a sum that can carry, never read there.
BITS_SHIFT = 64
COUNTS = (1 << BITS_SHIFT) - 1  # the rank counts of a hand code
HAND_UNIT = tuple(1 << (c.rank << 2) | CARD_BIT[c.index] << BITS_SHIFT for c in standard_deck())  # by index
ACES_HELD = 15 << (_ACE << 2)  # the bits of a hand code that count aces
SPECIAL_BITS = 15 << (_ACE << 2) | 15 << (_EIGHT << 2)  # the aces' and eights' card bits
ACE_CARD_BITS = 15 << (_ACE << 2)  # the aces' card bits
NIBBLE_LOW_BITS = sum(1 << (rank << 2) for rank in range(1, 14))  # one bit a rank, its lowest
# The card bits of each suit, eights aside (see suit_counts).
SUIT_BITS = tuple(NIBBLE_LOW_BITS << suit & ~(15 << (_EIGHT << 2)) for suit in Suit)


def hand_code(hand: Iterable[Card]) -> int:
    return sum([HAND_UNIT[c.index] for c in hand])


NO_CARDS: tuple[Card, ...] = ()
# The cards of a rank with the given suit bits (a nibble of a hand's card bits), by rank << 4 | bits.
OF_RANK = tuple(
    tuple(Card(rank, suit) for suit in Suit if bits >> suit & 1) if rank else ()
    for rank in range(14)
    for bits in range(16)
)


# -- reading a hand's code -------------------------------------------------------------------------


def rank_counts(code: int) -> int:
    """The rank counts of a hand's code: 4 bits a rank, ``rank_counts(code) >> 4 * rank & 15``
    cards of ``rank`` (as :meth:`vandatta.Game.rank_counts` gives them).

    >>> import vandatta as v
    >>> rank_counts(hand_code(v.parse_cards("7♣ 7♥ K♠"))) >> 4 * Rank.SEVEN & 15
    2
    """
    return code & COUNTS


def held_bits(code: int) -> int:
    """The card bits of a hand's code (one bit a card, see :func:`card_bits`); with two
    decks a sum that can carry, never to be read there."""
    return code >> BITS_SHIFT


def card_bits(cards: Iterable[Card]) -> int:
    """The card bits of ``cards`` (each card once): one bit a card, rank-major, so that
    ``held_bits(code) & card_bits(cards)`` are the held cards among them.

    >>> import vandatta as v
    >>> cards_at(held_bits(hand_code(v.parse_cards("7♣ 7♥ K♠"))) & card_bits(v.parse_cards("7♥ 7♣ 2♦")))
    (Card.parse('7♥'), Card.parse('7♣'))
    """
    bits = 0
    for c in cards:
        bits |= CARD_BIT[c.index]
    return bits


def cards_at(bits: int) -> tuple[Card, ...]:
    """The cards of some card bits, in (rank, suit) order — the order of the move list."""
    out = []
    while bits:
        lowest = bits & -bits
        out.append(CARD_AT_BIT[lowest.bit_length() - 1])
        bits ^= lowest
    return tuple(out)  # type: ignore[arg-type]  # every bit set is a card's


def suit_counts(code: int) -> list[int]:
    """How many cards of each suit a hand's code holds, eights aside, in suit order ♠ ♥ ♦ ♣
    (one deck: with two the card bits cannot say).

    >>> import vandatta as v
    >>> suit_counts(hand_code(v.parse_cards("7♣ K♠ 8♣ 2♣")))
    [1, 0, 0, 2]
    """
    bits = code >> BITS_SHIFT
    spades, hearts, diamonds, clubs = SUIT_BITS
    return [
        (bits & spades).bit_count(),
        (bits & hearts).bit_count(),
        (bits & diamonds).bit_count(),
        (bits & clubs).bit_count(),
    ]


def cards_of_rank(code: int, rank: Rank) -> tuple[Card, ...]:
    """The cards of ``rank`` a hand's code holds, in suit order (one deck)."""
    return OF_RANK[rank << 4 | code >> (BITS_SHIFT + (rank << 2)) & 15]


# -- the legal moves of a position, from the rules' answers ----------------------------------------

# The families of the turn's other move, for a move list made of families.
DRAW_FAMILY: Family = (DRAW, (), NO_DECLARATION, PLAIN)
PASS_FAMILY: Family = (PASS, (), NO_DECLARATION, PLAIN)


def call_forms(ready: bool) -> tuple[bool, ...]:
    """The lappen forms of a play or pass (V3): plain and called where the hand is left
    ready, else plain only."""
    return BOTH if ready else PLAIN


_INDEX = attrgetter("index")
_by_rank_then_index = attrgetter("rank", "index")


def generate(
    hand: list[Card],
    code: int,
    table: FirstTable,
    *,
    follow: Suit | None,
    may_draw: object,
    twins: bool,
    rules: Rules,
    aces_playable: Callable[[Sequence[Card], Sequence[Card], bool, int | None], bool],
    lappen_ready: Callable[[Sequence[Card], bool, bool], bool],
) -> LegalMoves:
    """The legal moves of the seat to move, outside the house rules that change the list,
    made from what the game's rules answer: ``hand`` and its ``code``; ``table``, the
    first-card table in force (rules R4, R6, R7, V1, O1); by name, ``follow``, the suit an
    ace laid this turn still owes (rule R7: no draw or pass then); ``may_draw`` (truthy: the
    turn's other move is a draw, else a pass; rules R8, R10); ``twins``, whether two of a card
    can meet (two decks); the game's ``rules`` (of which V1, V2, V3 and O1 shape the list);
    and the game's statements of rule R7 (``aces_playable(hand, aces, v1, held_bits or
    None)``) and rule V3 (``lappen_ready(cards, v1, v2)``). :meth:`vandatta.Game.legal_moves`
    calls it.

    >>> import vandatta as v
    >>> def matches_7d(card, *_):  # a first-card rule: 7♦ on top, same suit or rank (R4)
    ...     return "fits" if card.suit is v.Suit.DIAMONDS or card.rank is v.Rank.SEVEN else "no"
    >>> table = FirstCardTables(matches_7d, frozenset({"fits"}))[None, None, None, False, False]
    >>> hand = v.parse_cards("7♣ 7♥ K♠")
    >>> never = lambda *_: False
    >>> moves = generate(
    ...     hand, hand_code(hand), table,
    ...     follow=None, may_draw=True, twins=False, rules=v.Rules(),
    ...     aces_playable=never, lappen_ready=never,
    ... )
    >>> [str(m) for m in moves]
    ['7♥', '7♥ 7♣', '7♣', '7♣ 7♥', 'draw']
    """
    v1 = rules.no_special_on_special  # rule V1
    v2 = rules.no_special_finish  # rule V2
    v3 = rules.lappen  # rule V3
    ok = table[0]
    list_key = None
    firsts: list[Card] | tuple[Card, ...]
    if twins:
        firsts = []
        for c in hand:  # (a plain loop: a comprehension costs a call of its own)
            if ok[c.index]:
                firsts.append(c)
        if len(firsts) > 1:
            firsts.sort(key=_by_rank_then_index)
    else:  # the held cards' bits that the table allows: in (rank, suit) order, as wanted
        bits = code >> BITS_SHIFT & table[3]
        if not bits:
            firsts = NO_CARDS
        elif not bits & (bits - 1):
            firsts = (CARD_AT_BIT[bits.bit_length() - 1],)  # type: ignore[assignment]  # a held bit
        else:
            if follow is None and not v3 and not bits & SPECIAL_BITS:
                # Plain cards only: the list depends on nothing but the cards that may come
                # first, the other cards of their ranks and the turn's other move (see LISTS).
                ranks = (bits | bits >> 1 | bits >> 2 | bits >> 3) & NIBBLE_LOW_BITS
                key = (code >> BITS_SHIFT & ranks * 15 | bits << BITS_SHIFT) << 1
                if may_draw:  # rule R8, R10
                    key |= 1
                legal = LISTS.get(key)
                if legal is not None:
                    return legal
                list_key = key
            firsts = []
            while bits:
                lowest = bits & -bits
                firsts.append(CARD_AT_BIT[lowest.bit_length() - 1])  # type: ignore[arg-type]  # a held bit
                bits ^= lowest
    if not firsts and follow is None:  # nothing to lay: the turn's other move alone
        if may_draw:  # rule R8, R10
            return ONLY_DRAW
        if v3 and lappen_ready(hand, v1, v2):
            return ONLY_PASS_BOTH
        return ONLY_PASS
    if len(firsts) == 1 and follow is None and not v3:
        f = firsts[0]  # one plain card to lay, held once (the common case): a list made once
        if not f.is_special and code >> (f.rank << 2) & 15 == 1:
            if may_draw:  # rule R8, R10
                return SINGLE_THEN_DRAW[f.index]
            return SINGLE_THEN_PASS[f.index]
    moves: list[Move] = []
    eights: list[Family] | None = None
    n_eights = 0
    cut = 0
    if firsts:  # (in (rank, index) order: the cards of a rank together, each rank once below)
        held = code
        bits_held = held >> BITS_SHIFT
        done_rank = None
        for f in firsts:
            rank = f.rank
            if rank is done_rank:
                continue
            done_rank = rank
            if held >> (rank << 2) & 15 == 1:
                same: Sequence[Card] = (f,)
            elif twins:
                same = [c for c in hand if c.rank is rank]
            else:  # the suits of this rank held, as cards in index order
                same = OF_RANK[rank << 4 | bits_held >> (rank << 2) & 15]
            if len(same) == 1:
                if rank is not _EIGHT and rank is not _ACE and not v3:  # the common case: one card
                    moves.append(SINGLE_PLAY[f.index])
                    continue
                groups: Sequence[tuple[Card, ...]] = ((f,),)
            elif v1 and (rank is _EIGHT or rank is _ACE):  # rule V1: no group of special cards
                groups = [(c,) for c in sorted({c for c in firsts if c.rank is rank}, key=_idx)]
            elif len(same) == 2 and same[0] is not same[1]:  # rule R5: a pair, the common case
                low, high = (same[0], same[1]) if same[0].index < same[1].index else (same[1], same[0])
                # which may come first: both (0), the lower only (1), the higher only (2)
                which = 0 if ok[low.index] and ok[high.index] else 1 if f is low else 2
                if rank is not _ACE and rank is not _EIGHT and not v3:  # plain: its moves made once
                    key = (low.index << 6 | high.index) << 2 | which
                    plays = PAIR_PLAYS.get(key)
                    if plays is None:
                        plays = PAIR_PLAYS[key] = tuple(
                            make_move(PLAY, group, None, None, False)
                            for group in pair_groups(low, high, which)
                        )
                    moves.extend(plays)
                    continue
                groups = pair_groups(low, high, which)
            else:  # rule R5 (firsts are sorted: those of this rank in index order, twins side by side)
                mine = [c for c in firsts if c.rank is rank]
                if twins:
                    mine = list(dict.fromkeys(mine))
                group_key = (tuple(sorted(map(_INDEX, same))), tuple(map(_INDEX, mine)))
                known = GROUPS.get(group_key)
                if known is None:
                    known = GROUPS[group_key] = tuple(rank_groups(same, mine))
                groups = known
            if rank is _EIGHT:  # rule R6 (O1): every declaration, made when asked for
                decls = SUIT_DECLARATIONS if rules.suit_only_eights else ALL_DECLARATIONS
                eights = []
                cut = len(moves)
                for group in groups:
                    laps: tuple[bool, ...] = PLAIN
                    if v3:  # rule V3: the called form too, where the hand is left ready
                        after = without(hand, group)
                        if after and lappen_ready(after, v1, v2):
                            laps = BOTH
                    eights.append((PLAY, group, decls, laps))
                    n_eights += len(decls) * len(laps)
                continue
            for group in groups:
                if rank is _ACE:  # rule R7: only with a follow-up left to lay
                    if not aces_playable(hand, group, v1, None if twins else bits_held):
                        continue
                elif v3:  # rule V3: the called form too, where the hand is left ready
                    after = without(hand, group)
                    if after and lappen_ready(after, v1, v2):
                        moves.append(_tuple_new(Move, (PLAY, group, None, None, False, False)))
                        moves.append(_tuple_new(Move, (PLAY, group, None, None, True, False)))
                        continue
                moves.append(_tuple_new(Move, (PLAY, group, None, None, False, False)))
    if follow is None:
        if may_draw:  # rule R8, R10
            moves.append(DRAW_MOVE)
        elif v3 and lappen_ready(hand, v1, v2):
            moves.append(PASS_MOVE)
            moves.append(PASS_LAPPEN)
        else:
            moves.append(PASS_MOVE)
    if eights is None:
        legal = list_new(Listed)
        list_extend(legal, moves)
        if list_key is not None:
            if len(LISTS) >= LISTS_KEPT:
                LISTS.clear()
            LISTS[list_key] = legal
        return legal
    return Families(tuple(moves[:cut]), eights, tuple(moves[cut:]), n_eights)
