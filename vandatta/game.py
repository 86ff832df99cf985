"""The state machine of one round of Vändåtta (the rulebook's R1–R11, V1–V3, O1–O2, O4–O6, O8–O9).

>>> import vandatta as v
>>> g = v.Game.from_position(hands=["7♣ 8♠ A♠ 5♠", "K♥ 2♦"], top="7♠", talon="9♠ 4♦ 2♣")
>>> [str(m) for m in g.legal_moves() if not m.cards or not m.cards[0].is_eight]
['A♠', '5♠', '7♣', 'draw']
>>> verdict = g.play("A♠")             # the others draw one card each, a ♠ must follow
>>> verdict.rules, [str(e.kind) for e in verdict.events]
(('R4', 'R7'), ['ace_draw'])
>>> g.hand(1), g.follow_up_suit
((Card.parse('K♥'), Card.parse('2♦'), Card.parse('9♠')), Suit.SPADES)
>>> print(g.check("7♣").text("en"))
After the ace you must lay a card of spades, and 7♣ is not one (R7).
>>> g.play("5♠").legal, g.to_move
(True, 1)

Positions are changed only by :meth:`Game.play`, which checks first and leaves the game
exactly as it was when the move is illegal, and undone by :meth:`Game.pop`. A simulation that
has generated its moves itself may use the unchecked :meth:`Game.push` instead (the fast
path). Any earlier position is at hand without a record: :meth:`Game.root` (the start) and
:meth:`Game.replay` (after any number of moves):

>>> g.pop(), g.ply, g.follow_up_suit
(Move.parse('5♠'), 1, Suit.SPADES)
>>> g.replay(0).hand(1), g.root().ply
((Card.parse('K♥'), Card.parse('2♦')), 0)

Each rule has one home: legality (:meth:`Game.check`), its explanation and the move list
(:meth:`Game.legal_moves`) all call the same rule code, tagged ``# rule R7`` (the rulebook's
id) so that one search for "rule R7" finds it. How the move list is kept — the lazy
:class:`LegalMoves`, the bit codes of hands, the tables and caches — is :mod:`vandatta.movegen`.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, cast

from .cards import Card, Hand, InvalidCardError, Rank, Suit, format_cards, parse_cards, standard_deck, without
from .explain import Event, IllegalMoveError, Reason, Verdict
from .messages import term
from .movegen import (
    DRAW_FAMILY,
    HAND_UNIT,
    NO_MOVES,
    PASS_FAMILY,
    Family,
    FirstCardTables,
    LegalMoves,
    Listed,
    call_forms,
    card_bits,
    cards_at,
    cards_of_rank,
    from_families,
    generate,
    hand_code,
    held_bits,
    rank_counts,
    suit_counts,
)
from .moves import DRAW, PASS, PLAY, VARNING, VARNING_LAPPEN, InvalidMoveError, Move
from .rules import Rules, check_players
from .shuffling import ShuffleLog, shuffle

if TYPE_CHECKING:
    from .movegen import FirstTable

__all__ = [
    "Game",
    "IllegalMoveError",
    "LegalMoves",
    "HAND_SIZE",
    "DRAW_LIMIT",
    "draw_limit",
]

HAND_SIZE = 6  # rule R2: six cards each (rule O4: Rules.cards_dealt, 7 or 5, instead)
DRAW_LIMIT = 3  # rule R8: at most three cards drawn a turn (rule O8: one, or no limit; see draw_limit)
_ACE = Rank.ACE
_EIGHT = Rank.EIGHT
_tuple_new = tuple.__new__
_lazy_verdict = Verdict.lazy


# -- the rules, each in one place ------------------------------------------------------------------
# Each function below is the one statement of its rule: Game.check (legality), the explanation
# of a legal move and Game.legal_moves (the move list) all call it.


def draw_limit(rules: Rules) -> int | None:
    """Rule R8: the most cards a player draws in one turn, :data:`DRAW_LIMIT` (three); rule
    O8: one, or ``None`` (no limit: drawing goes on until a card fits).

    >>> draw_limit(Rules()), draw_limit(Rules(drawing="one")), draw_limit(Rules(drawing="until"))
    (3, 1, None)

    The pictures (:mod:`vandatta.svg`, a leaf that imports no engine module) keep the same number:

    >>> from vandatta import svg
    >>> svg.R8_DRAW_LIMIT == DRAW_LIMIT
    True
    """
    return _DRAW_LIMITS[rules.drawing]


_DRAW_LIMITS: dict[str, int | None] = {"three": DRAW_LIMIT, "one": 1, "until": None}  # by Rules.drawing


def _fits(card: Card, suit: Suit, rank: Rank | None) -> bool:
    """Rule R4: ``card`` may be laid on what is to be matched — the same suit or the same
    rank (``rank`` None after a suit-only eight, rule O1: the suit only)."""
    return card.suit is suit or card.rank is rank


def _special_on_special(card: Card, top_special: bool, v1: bool) -> bool:
    """Rule V1: no eight or ace is laid on an eight or ace (``top_special``: the card it
    would be laid on is one)."""
    return v1 and top_special and card.is_special


def _follows_ace(card: Card, suit: Suit, v1: bool) -> bool:
    """Rule R7: ``card`` is a follow-up to an ace of ``suit`` that owes none of its own — of
    the suit and not an ace (rule V1: not an eight either, no special card on the ace)."""
    return card.suit is suit and not card.is_ace and not (v1 and card.is_eight)


def _special_finish_forbidden(last: Card, v2: bool) -> bool:
    """Rule V2: a hand emptied by a special card (eight or ace) laid last does not go out;
    the player must draw."""
    return v2 and last.is_special


def _round_blocked(laid: bool, drew: bool, idle: int, players: int) -> bool:
    """Rule R10: a pass with nothing laid or drawn this turn blocks the round when every
    player before it in turn passed so (``idle`` of them)."""
    return not laid and not drew and idle + 1 >= players


# What each first card of a play is told, by key (see _first_card): the legal ones.
_LEGAL_FIRST = frozenset(
    {
        "follow_up_ok",
        "follow_up_eight",
        "eight_wild",
        "eight_on_plain",
        "same_suit",
        "same_rank",
        "same_rank_same_suit",
    }
)


def _first_card(
    card: Card, follow: Suit | None, suit: Suit, rank: Rank | None, top_special: bool, v1: bool
) -> str:
    """Whether ``card`` may be the first card of a play, as a catalog key: why it may, or why
    not. ``follow`` is the suit an ace laid this turn owes, ``suit``/``rank`` what is to be
    matched (``rank`` None after a suit-only eight), ``top_special`` whether the top card is
    an eight or an ace."""
    if follow is not None:  # rule R7: after an ace, a card of its suit, in the same turn
        if card.suit is not follow:
            return "follow_up_eight_other_suit" if card.is_eight else "follow_up_wrong_suit"
        if _special_on_special(card, True, v1):  # rule V1: no special card on the ace
            return "special_on_special"
        return "follow_up_eight" if card.is_eight else "follow_up_ok"
    if card.is_eight:  # rule R6: an eight may be laid on any card ...
        if v1:  # rule V1: ... except on a special card
            return "special_on_special" if _special_on_special(card, top_special, v1) else "eight_on_plain"
        return "eight_wild"
    if _fits(card, suit, rank):  # rule R4: same suit or same rank
        if _special_on_special(card, top_special, v1):  # rule V1: no ace on a special card
            return "special_on_special"
        if card.suit is not suit:
            return "same_rank"
        return "same_rank_same_suit" if card.rank is rank else "same_suit"
    if rank is None:  # rule O1: a suit-only eight leaves only its suit (or an eight)
        return "no_match_suit_only"
    return "no_match"  # rule R4


# The first-card rule for every card at once, per situation — ``_FIRST_TABLES[follow, suit,
# rank, top_special, v1]`` (see _first_card) — worked out the first time it is asked for.
_FIRST_TABLES = FirstCardTables(_first_card, _LEGAL_FIRST)


def _after_card_tables(v1: bool) -> tuple:
    """The first-card table in force right after each card is laid last (by card index): an
    ace owes its follow-up (rule R7), any other card is matched by suit or rank (rule R4); an
    eight's depends on its declaration (None: looked up when needed)."""
    out: list[FirstTable | None] = []
    for c in standard_deck():
        if c.is_eight:
            out.append(None)
        elif c.is_ace:
            out.append(_FIRST_TABLES[c.suit, c.suit, c.rank, v1, v1])
        else:
            out.append(_FIRST_TABLES[None, c.suit, c.rank, False, v1])
    return tuple(out)


_AFTER_CARD = {False: _after_card_tables(False), True: _after_card_tables(True)}


def _follow_exists(hand: Sequence[Card], suit: Suit, v1: bool) -> bool:
    """Rule R7: whether ``hand`` holds a legal follow-up to an ace of ``suit`` (V1: no
    special card on the ace)."""
    follows = _FOLLOWS[v1][suit]  # (see _follows_ace)
    for c in hand:
        if follows[c.index]:
            return True
    if v1:
        return False
    # Only an ace of the suit could follow (two decks); it owes its own follow-up. A group
    # of two aces is enough to consider: more aces in the middle only take cards away.
    first = Card(_ACE, suit)
    if first not in hand:
        return False
    rest = list(hand)
    rest.remove(first)
    if _follow_exists(rest, suit, v1):
        return True
    for last in {c for c in rest if c.is_ace and c.suit is not suit}:
        rest2 = rest[:]
        rest2.remove(last)
        if _follow_exists(rest2, last.suit, v1):
            return True
    return False


# By V1 and suit, by card index: whether the card is a follow-up to an ace of that suit
# without a further ace (rule R7, see _follows_ace).
_ACE_BITS = card_bits(c for c in standard_deck() if c.is_ace)

_FOLLOWS = {
    v1: tuple(tuple(_follows_ace(c, suit, v1) for c in standard_deck()) for suit in Suit)
    for v1 in (False, True)
}


# The same as card bits (see vandatta.movegen.card_bits), by V1 and suit.
_FOLLOW_BITS = {
    v1: tuple(card_bits(c for c in standard_deck() if row[c.index]) for row in rows)
    for v1, rows in _FOLLOWS.items()
}


def _aces_playable(hand: Sequence[Card], aces: Sequence[Card], v1: bool, bits: int | None = None) -> bool:
    """Rule R7: whether ``aces`` (a group of aces from ``hand``) leave a follow-up to lay —
    :func:`_follow_exists` on the hand without them, mostly answered from the hand itself:
    taking aces away leaves every card that is not one. ``bits``: the hand's card bits (one
    deck), which give that answer in one AND."""
    suit = aces[-1].suit
    if bits is not None:
        if bits & _FOLLOW_BITS[v1][suit]:
            return True
    else:
        follows = _FOLLOWS[v1][suit]
        for c in hand:
            if follows[c.index]:
                return True
    if v1:
        return False
    return _follow_exists(without(hand, aces), suit, v1)


def _lappen_ready(hand: Sequence[Card], v1: bool, v2: bool, o13: bool = False) -> bool:
    """Rule V3: whether ``hand`` could be emptied in one turn given a suitable top card —
    all one rank other than ace, or aces followed by one group holding the last ace's suit
    (V1: no special card on a special card; V2: the last card may not be special; O13: no
    going out with an ace and its follow-up, so no ace)."""
    if not hand:
        return False
    rank = None
    aces = 0
    ace_suits = set()
    suits = set()
    for c in hand:
        if c.is_ace:
            aces += 1
            ace_suits.add(c.suit)
            continue
        if rank is None:
            rank = c.rank
        elif c.rank is not rank:
            return False
        suits.add(c.suit)
    if rank is None:
        return False  # only aces: nothing could follow the last one
    if rank is _EIGHT:
        if v2:
            return False
        if v1 and (aces or len(hand) > 1):
            return False
    if not aces:
        return True
    if o13 or (v1 and aces > 1):
        return False
    return not ace_suits.isdisjoint(suits)


def _declaration_fault(move: Move, o1: bool) -> Reason | None:
    """Rule R6 (and O1): an eight is laid with a declaration — a suit and a rank, or under
    O1 a suit only."""
    card = move.cards[-1]
    if move.declared_suit is None:  # rule R6: an eight laid without a declaration is illegal
        return Reason.of("eight_undeclared_suit" if o1 else "eight_undeclared", card=card)
    if o1:  # rule O1: suit-only eights name no rank
        if move.declared_rank is not None:
            return Reason.of("eight_suit_only", card=card)
    elif move.declared_rank is None:
        return Reason.of("eight_needs_rank", card=card)
    return None


def _with_lappen_forms(
    families: list[Family], hand: list[Card], v1: bool, v2: bool, o13: bool, o14: bool
) -> list[Family]:
    """The same families with each play's and pass's lappen forms (V3) worked out from
    ``hand``: rule O13 (no ace in a ready hand), rule O14 (the call may go with any move that
    ends the turn, and costs a card where the hand is not ready)."""
    out: list[Family] = []
    for kind, cards, decls, _ in families:
        if kind == PLAY:
            after = without(hand, cards)
            ends = not cards[-1].is_ace and after  # the turn ends with cards left (not going out)
            ready = ends and (o14 or _lappen_ready(after, v1, v2, o13))
            out.append((kind, cards, decls, call_forms(bool(ready))))
        elif kind == PASS:
            ready = o14 or _lappen_ready(hand, v1, v2, o13)
            out.append((kind, cards, decls, call_forms(ready)))
        else:
            out.append((kind, cards, decls, call_forms(False)))
    return out


# Rule O9: how many cards a turn may end with for the varning call.
VARNING_CARDS = 3


def _with_varning_forms(legal: LegalMoves, hand_size: int) -> LegalMoves:
    """Rule O9: the same moves with the varning forms of each play and pass that ends the turn
    with :data:`VARNING_CARDS` cards in hand (``hand_size``: the hand before the move)."""
    families: list[Family] = []
    for kind, cards, decls, forms in legal.families():
        if kind == PLAY:
            three = not cards[-1].is_ace and hand_size - len(cards) == VARNING_CARDS
        else:
            three = kind == PASS and hand_size == VARNING_CARDS
        if three:
            forms = (*forms, *(VARNING_LAPPEN if f else VARNING for f in forms))
        families.append((kind, cards, decls, forms))
    return from_families(families)


def _o14(rules: Rules) -> bool:
    """Rule O14: a lappen call made too early costs a card (only with V3)."""
    return rules.false_lappen_penalty and rules.lappen


def _filters_plays(rules: Rules) -> bool:
    """Rules O5, O11–O13: plays taken off the move list that the first-card rule allows."""
    return rules.drawn_card_only or rules.eight_last_resort or rules.one_eight_a_play or rules.no_ace_finish


def _house_rules(rules: Rules) -> bool:
    """Whether the move list has a house rule to follow (see Game._legal_house): O5,
    O11–O13 (plays taken off), O8 (how many to draw), O9 (varning forms), O14 (lappen forms)."""
    return _filters_plays(rules) or rules.drawing != "three" or rules.varning or _o14(rules)


@functools.lru_cache(maxsize=64)
def _without_o11(rules: Rules) -> Rules:
    """The same rules with O11 off: the move list an eight under rule O11 is measured against."""
    return rules.replace(eight_last_resort=False)


class Game:
    """One round of Vändåtta: the deal, whose turn it is, every hand, the talon and the pile.

    Build it with :meth:`deal` (from a seed or an explicit deck order), :meth:`from_position`
    (a teaching position) or from a record (:func:`vandatta.record.read_game`). Seats are
    numbered 0..players-1; the dealer of a dealt round is seat 0 unless given.

    A game remembers its moves (``history``): :meth:`pop` takes the last one back,
    :meth:`root` and :meth:`replay` give earlier positions, and
    :func:`vandatta.record.write_record` writes it down. A copy made with ``copy(history=False)`` (for simulations) keeps only the position.
    """

    __slots__ = (
        "_rules",  # read through the property rules: a game's rules are not swapped under it
        "players",
        "dealer",
        "seed",
        "names",
        "player_info",
        "_rng",
        "_hands",
        "_codes",
        "_talon",
        "_pile",
        "_decl",
        "_suit",
        "_rank",
        "_to_move",
        "_follow",
        "_draws",
        "_drew",
        "_laid",
        "_must_draw",
        "_idle",
        "_lappen",
        "_over",
        "_winner",
        "_blocked",
        "_history",
        "_moves",
        "_events",
        "_undo",
        "_reshuffled",
        "_shuffle_log",
        "_table",
        "_after_card",
        "_legal",
        "_twins",
        "_annotations",
        "_start_events",
        "_start",
        "_out",
        "_house",
    )

    # -- construction ------------------------------------------------------------------

    def __init__(self) -> None:
        raise TypeError("build a Game with Game.deal(), Game.from_position() or vandatta.record.read_game()")

    def _init_blank(self, players: int, rules: Rules | None, seed: int) -> None:
        check_players(players)  # rule R1
        if rules is None:
            rules = _STANDARD_RULES
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a vandatta.Rules, not {type(rules).__name__}")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be a whole number, not {seed!r}")
        self._rules = rules
        self.players = players
        self.dealer = 0
        self.seed = seed
        self.names: tuple[str, ...] | None = None
        self.player_info = [{"name": None, "player": "human"} for _ in range(players)]
        self._rng = random.Random(seed)
        self._shuffle_log: ShuffleLog | None = ShuffleLog(seed)  # None: a copy without history
        self._hands: list[list[Card]] = [[] for _ in range(players)]
        self._codes = [0] * players
        self._talon: list[Card] = []
        self._pile: list[Card] = []
        self._decl: tuple[Suit, Rank | None] | None = None
        self._suit = Suit.SPADES
        self._rank: Rank | None = None
        self._to_move = 0
        self._follow: Suit | None = None
        self._draws = 0
        self._drew = False
        self._laid = False
        self._must_draw = False
        self._idle = 0
        self._lappen: list[bool | str] = [False] * players  # each seat's call form (Move.calls)
        self._over = False
        self._winner: int | None = None
        self._blocked = False
        self._history = True
        self._moves: list[Move] = []
        self._events: list[tuple[Event, ...]] = []
        self._undo: list[tuple] = []  # see _undo_entry
        self._reshuffled: list[tuple[list[Card], int]] = []
        self._table: FirstTable | None = None
        self._after_card = _AFTER_CARD[rules.no_special_on_special]
        self._legal: LegalMoves | None = None
        self._twins = players >= 6  # rule R1: two decks, so two of a card can meet
        self._annotations: dict[int, dict] = {}
        self._start_events: list[Event] = []
        self._start: dict | None = None  # the record's "deck" and "dealer", or its "position"
        self._out: list[int] = []  # rule O10: the seats gone out, in order
        self._house = _house_rules(rules)  # (derived: the move list has a house rule to follow)

    @classmethod
    def deal(
        cls,
        players: int = 4,
        *,
        seed: int | None = None,
        rules: Rules | None = None,
        dealer: int = 0,
        deck: Iterable[Card | str] | str | None = None,
        names: Sequence[str] | None = None,
    ) -> Game:
        """Shuffle and deal a round (R1, R2, R11).

        ``seed`` seeds the one random generator of the round: it shuffles the deck and then
        makes every later shuffle (R10, R11). Without a seed a fresh one is drawn and kept in
        :attr:`seed`, so the round can still be replayed. ``deck`` gives the deck order
        explicitly instead (front first); the seed then drives only the later shuffles.

        >>> g = Game.deal(players=3, seed=7)
        >>> [len(g.hand(s)) for s in range(3)], g.to_move, g.talon_size + len(g.pile)
        ([6, 6, 6], 1, 34)
        """
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        g = object.__new__(cls)
        g._init_blank(players, rules, seed)
        g._init_deal(dealer, deck, names)
        return g

    def _init_deal(
        self, dealer: int, deck: Iterable[Card | str] | str | None, names: Sequence[str] | None
    ) -> None:
        players = self.players
        if not isinstance(dealer, int) or not 0 <= dealer < players:
            raise ValueError(f"dealer must be a seat from 0 to {players - 1}, not {dealer!r}")
        self.dealer = dealer
        self._set_names(names)
        decks = 2 if players >= 6 else 1  # rule R1: two decks for 6 to 8 players
        fresh = standard_deck(decks=decks)
        self._shuffle(fresh)  # always, so the generator is in the same state either way
        if deck is None:
            order = fresh
        else:
            order = _parse_card_list(deck, "deck")
            if sorted(order, key=_idx) != sorted(fresh, key=_idx):
                raise ValueError(
                    f"deck must hold each of the 52 cards exactly {decks} time(s) for {players} players "
                    f"(R1); {_deck_difference(order, fresh)}"
                )
        self._start = {"deck": list(order), "dealer": dealer}
        self._deal_from(order)

    def _deal_from(self, order: list[Card]) -> None:
        # rule R2: one card at a time from the front, starting after the dealer, six each
        # (rule O4: or as many as the rules say); the next card is turned up; the rest is the talon.
        players = self.players
        it = iter(order)
        for i in range(self._rules.cards_dealt * players):
            self._hands[(self.dealer + 1 + i) % players].append(next(it))
        self._codes = [hand_code(h) for h in self._hands]
        rest = list(it)
        rest.reverse()  # the talon's front is the end of the list: pop() draws
        self._talon = rest
        self._to_move = (self.dealer + 1) % players  # rule R3: the player after the dealer begins
        events = self._start_events
        redraw_aces = self._rules.redraw_special_starter
        for _ in range(10_000):
            top = self._talon.pop()
            # rule R11: an eight turned up goes back into the talon; rule O2: an ace too
            if top.is_eight or (redraw_aces and top.is_ace):
                events.append(
                    _tuple_new(Event, ("starter_back", None, (top,), 0, "R11" if top.is_eight else "O2"))
                )
                self._talon.append(top)
                self._shuffle(self._talon)
                continue
            break
        else:  # pragma: no cover - a talon of only special cards cannot occur with R1's decks
            raise RuntimeError("no ordinary card could be turned up")
        self._pile = [top]
        self._suit, self._rank = top.suit, top.rank
        events.append(_tuple_new(Event, ("turn_up", None, (top,), 0, "")))
        if top.is_ace:  # rule R11: nobody laid it; every player draws one, starting after the dealer
            for k in range(players):
                seat = (self.dealer + 1 + k) % players
                card = self._draw_one(seat, events)
                if card is not None:
                    events.append(_tuple_new(Event, ("starter_draw", seat, (card,), 0, "R11")))

    @classmethod
    def from_position(
        cls,
        *,
        hands: Sequence[str | Iterable[Card | str]],
        top: str | Card,
        talon: str | Iterable[Card | str] = "",
        pile: str | Iterable[Card | str] = "",
        to_move: int = 0,
        rules: Rules | None = None,
        seed: int = 0,
        names: Sequence[str] | None = None,
        follow_up: Suit | str | None = None,
        draws: int = 0,
        must_draw: bool = False,
        idle: int = 0,
        lappen: Sequence[bool] | None = None,
    ) -> Game:
        """A position at ``to_move``'s turn: a teaching position, or any position of a round.

        ``hands`` lists each seat's cards (seat 0 first); ``top`` is the pile's top card, an
        eight with its declaration as ``"8♠=K♥"`` (a bare ``"8♠"`` counts as itself);
        ``talon`` is drawn from its first card; ``pile`` lists the cards under the top,
        bottom first. ``seed`` drives reshuffles (R10).

        The rest describes a turn under way, all off by default: ``follow_up`` is the suit
        an ace on top still owes (R7), ``draws`` the cards drawn so far this turn (R8),
        ``must_draw`` that a special card was laid last under V2, ``idle`` how many turns in
        a row ended by passing without laying or drawing (R10), ``lappen`` who called
        lappen at the end of their latest turn (V3).

        >>> g = Game.from_position(hands=["5♥ 2♣", "K♠"], top="A♥", follow_up="♥", talon="9♠")
        >>> [str(m) for m in g.legal_moves()]
        ['5♥']
        """
        if isinstance(hands, str) or not isinstance(hands, Sequence):
            raise ValueError("hands must be a list with one entry per seat, e.g. ['7♣ 8♠', 'K♥ 2♦']")
        g = object.__new__(cls)
        g._init_blank(len(hands), rules, seed)
        g._init_position(hands, top, talon, pile, to_move, names)
        g._init_turn(follow_up, draws, must_draw, idle, lappen)
        return g

    def _init_position(
        self,
        hands: Sequence[str | Iterable[Card | str]],
        top: str | Card,
        talon: str | Iterable[Card | str],
        pile: str | Iterable[Card | str],
        to_move: int,
        names: Sequence[str] | None,
    ) -> None:
        if not isinstance(to_move, int) or not 0 <= to_move < self.players:
            raise ValueError(f"to_move must be a seat from 0 to {self.players - 1}, not {to_move!r}")
        self._set_names(names)
        self.dealer = (to_move - 1) % self.players
        self._hands = [_parse_card_list(h, f"hands[{i}]") for i, h in enumerate(hands)]
        self._codes = [hand_code(h) for h in self._hands]
        top_card, decl = _parse_top(top)
        if decl is not None:
            if self._rules.suit_only_eights and decl[1] is not None:
                raise ValueError(f"top {top!r}: with suit-only eights (O1) declare a suit only, e.g. '8♠=♥'")
            if not self._rules.suit_only_eights and decl[1] is None:
                raise ValueError(f"top {top!r}: an eight counts as a suit and a rank, e.g. '8♠=K♥' (R6)")
        talon_cards = _parse_card_list(talon, "talon")
        pile_cards = _parse_card_list(pile, "pile")
        everything = [c for h in self._hands for c in h] + talon_cards + pile_cards + [top_card]
        counts: dict[Card, int] = {}
        for c in everything:
            counts[c] = counts.get(c, 0) + 1
        worst = max(counts.items(), key=lambda kv: kv[1])
        self._twins = self._twins or worst[1] > 1
        if worst[1] > 2:  # rule R1: at most two decks (a teaching position may use two with fewer players)
            raise ValueError(f"{worst[0]} appears {worst[1]} times; even two decks hold it only twice (R1)")
        talon_cards.reverse()
        self._talon = talon_cards
        self._pile = [*pile_cards, top_card]
        self._to_move = to_move
        self._decl = decl
        self._suit, self._rank = decl if decl is not None else (top_card.suit, top_card.rank)
        self._start = {
            "position": {
                "hands": [format_cards(h) for h in self._hands],
                "top": _format_top(top_card, decl),
                "talon": format_cards(reversed(self._talon)),
                "pile": format_cards(pile_cards),
                "to_move": to_move,
            }
        }

    def _init_turn(
        self,
        follow_up: Suit | str | None,
        draws: int,
        must_draw: bool,
        idle: int,
        lappen: Sequence[bool] | None,
    ) -> None:
        assert self._start is not None  # _init_position has set it
        position = self._start["position"]
        top = self._pile[-1]
        if follow_up is not None:
            if not isinstance(follow_up, (Suit, str)):
                raise ValueError(f"follow_up must be a suit such as '♥', not {follow_up!r}")
            try:
                suit = follow_up if isinstance(follow_up, Suit) else Suit.parse(follow_up)
            except InvalidCardError as error:
                raise ValueError(f"follow_up: {error}") from None
            if not (top.is_ace and top.suit is suit):
                raise ValueError(f"follow_up {suit}: an ace of that suit must be on top (R7)")
            self._follow = suit
            self._laid = True
            position["follow_up"] = suit.symbol
        limit = draw_limit(self._rules)  # rule R8 (O8: one, or no limit)
        if limit is None:
            limit = 10_000
        if not isinstance(draws, int) or isinstance(draws, bool) or not 0 <= draws <= limit:
            allowed = {
                "three": f"from 0 to {DRAW_LIMIT} (R8)",
                "one": "0 or 1 (O8)",
                "until": "0 or more (O8)",
            }[self._rules.drawing]
            raise ValueError(f"draws must be {allowed}, not {draws!r}")
        # rule O5: the last cards are the ones drawn
        if self._rules.drawn_card_only and draws > len(self._hands[self._to_move]):
            raise ValueError(
                f"draws: seat {self._to_move} holds fewer than {draws} cards, the ones drawn (O5)"
            )
        if draws:
            self._draws = draws
            self._drew = True
            position["draws"] = draws
        if not isinstance(must_draw, bool):
            raise ValueError(f"must_draw must be true or false, not {must_draw!r}")
        if must_draw:
            if not _special_finish_forbidden(top, self._rules.no_special_finish) or follow_up is not None:
                raise ValueError("must_draw needs V2 and a special card laid last on top (V2)")
            self._must_draw = True
            self._laid = True
            position["must_draw"] = True
        if not isinstance(idle, int) or isinstance(idle, bool) or not 0 <= idle < self.players:
            raise ValueError(f"idle must be from 0 to {self.players - 1} (R10), not {idle!r}")
        if idle:
            self._idle = idle
            position["idle"] = idle
        if lappen is not None:
            if isinstance(lappen, (str, bytes)) or not all(isinstance(x, bool) for x in lappen):
                raise ValueError(f"lappen must list true or false for each seat, not {lappen!r}")
            flags: list[bool | str] = list(lappen)
            if len(flags) != self.players:
                raise ValueError(f"lappen must give one true/false per seat ({self.players})")
            if any(flags) and not self._rules.lappen:
                raise ValueError("lappen calls need the lappen rule (V3)")
            self._lappen = flags
            if any(flags):
                position["lappen"] = flags

    def _set_names(self, names: Sequence[str] | None) -> None:
        if names is None:
            return
        names = list(names)
        if len(names) != self.players or not all(isinstance(n, str) and n.strip() for n in names):
            raise ValueError(f"names must be {self.players} non-empty strings, one per seat")
        self.names = tuple(names)
        for info, name in zip(self.player_info, names):
            info["name"] = name

    def copy(self, *, history: bool = True, rng: random.Random | None = None) -> Game:
        """An independent copy.

        ``history=False`` leaves out the moves (for simulations: the copy cannot
        :meth:`pop`, :meth:`replay` or make a record, and it plays faster) and shares
        :attr:`player_info` with this game (only a record needs it: give the copy a new list
        rather than changing the shared one). ``rng`` is the
        generator of the copy's later shuffles (R10); by default a copy of this game's own,
        so the copy shuffles exactly as the original would — a simulation may pass a shared
        one instead (copying a generator's state is most of what a copy costs).

        >>> g = Game.deal(players=2, seed=1)
        >>> c = g.copy(); _ = c.play(c.legal_moves()[0])
        >>> g.ply, c.ply
        (0, 1)
        """
        g = object.__new__(type(self))
        g._rules = self._rules
        g.players = self.players
        g.dealer = self.dealer
        g.seed = self.seed
        g.names = self.names
        g.player_info = list(map(dict, self.player_info)) if history else self.player_info
        keep_history = history and self._history
        if rng is None:
            g._rng = random.Random()
            g._rng.setstate(self._rng.getstate())
            log = self._shuffle_log  # (kept whenever the history is)
            g._shuffle_log = log.copy() if keep_history and log is not None else None
        else:
            g._rng = rng
            g._shuffle_log = ShuffleLog(rng.getstate()) if keep_history else None
        g._hands = [*map(list.copy, self._hands)]
        g._codes = self._codes[:]
        g._talon = self._talon[:]
        g._pile = self._pile[:]
        g._decl = self._decl
        g._suit = self._suit
        g._rank = self._rank
        g._to_move = self._to_move
        g._follow = self._follow
        g._draws = self._draws
        g._drew = self._drew
        g._laid = self._laid
        g._must_draw = self._must_draw
        g._idle = self._idle
        g._lappen = self._lappen[:]
        g._over = self._over
        g._winner = self._winner
        g._blocked = self._blocked
        g._out = self._out[:]
        g._house = self._house
        g._start_events = self._start_events
        g._reshuffled = []
        g._table = self._table
        g._after_card = self._after_card
        g._legal = self._legal
        g._twins = self._twins
        if keep_history:
            g._history = True
            g._moves = self._moves[:]
            g._events = self._events[:]
            g._undo = self._undo[:]
            g._annotations = dict(self._annotations)
            g._start = self._start
        else:
            g._history = False
            g._moves = []
            g._events = []
            g._undo = []
            g._annotations = {}
            g._start = None
        return g

    def __copy__(self) -> Game:
        return self.copy()

    def __deepcopy__(self, memo: dict) -> Game:
        return self.copy()

    def with_hidden_cards(
        self,
        hands: Mapping[int, Iterable[Card | str]],
        talon: Iterable[Card | str],
        *,
        rng: random.Random | None = None,
        check: bool = True,
    ) -> Game:
        """A copy without history in which cards nobody may see are dealt anew: ``hands``
        maps seats to their new cards (each seat keeps its number of cards) and ``talon``
        (next card first) replaces the talon, in the same number. No card may then be in the
        game more often than the decks hold it (R1) — in a dealt round, where every card is
        in play, that means exactly the cards they replace. ``rng`` drives the copy's later
        shuffles (default: a fresh generator seeded from this game's). The way to make a
        game consistent with what one seat knows — see :meth:`vandatta.SeatView.sample`.
        ``check=False`` skips reading and checking the cards, for a sampler that deals
        exactly the cards it replaces, as lists of :class:`Card` the new game may keep
        (a search deals thousands of times a decision); anything else can corrupt the game.

        >>> g = Game.from_position(hands=["7♥", "K♠ 2♦"], top="7♣", talon="9♠")
        >>> h = g.with_hidden_cards({1: ["9♠", "K♠"]}, ["2♦"])
        >>> h.hand(1), h.talon, h.hand(0) == g.hand(0)
        ((Card.parse('9♠'), Card.parse('K♠')), (Card.parse('2♦'),), True)
        """
        if rng is None:  # seeded from (a copy of) this game's generator, which stays as it is
            mine = random.Random()
            mine.setstate(self._rng.getstate())
            rng = random.Random(mine.getrandbits(64))
        g = self.copy(history=False, rng=rng)
        if not check:
            # the caller deals lists of Card (see above), kept as they are
            for seat, hand in cast("Mapping[int, list[Card]]", hands).items():
                g._hands[seat] = hand  # noqa: SLF001 (a Game's own module)
                g._codes[seat] = hand_code(hand)  # noqa: SLF001
            dealt = cast("list[Card]", list(talon))
            dealt.reverse()
            g._talon = dealt  # noqa: SLF001
            g._legal = None  # noqa: SLF001
            return g
        old: list[Card] = []
        new: list[Card] = []
        for seat, cards in hands.items():
            if seat.__class__ is not int or not 0 <= seat < self.players:
                self._check_seat(seat)
            given = parse_cards(cards)
            if len(given) != len(self._hands[seat]):
                raise ValueError(
                    f"seat {seat} holds {len(self._hands[seat])} cards; {len(given)} were given for it"
                )
            old += self._hands[seat]
            new += given
            g._hands[seat] = given  # noqa: SLF001 (a Game's own module)
            g._codes[seat] = hand_code(given)  # noqa: SLF001
        given_talon = parse_cards(talon)
        if len(given_talon) != len(self._talon):
            raise ValueError(
                f"the talon holds {len(self._talon)} cards; {len(given_talon)} were given for it"
            )
        old += self._talon
        new += given_talon
        if sorted(map(_INDEX, old)) != sorted(map(_INDEX, new)):  # (the same cards: nothing more to check)
            # Other cards (a position may leave some out of play): none may be in the game
            # more often than the decks hold it (rule R1).
            counts = [0] * 52
            for hand in g._hands:  # noqa: SLF001
                for c in hand:
                    counts[c.index] += 1
            for c in (*given_talon, *self._pile):
                counts[c.index] += 1
            everything = [c for h in self._hands for c in h] + self._talon + self._pile
            decks = 2 if self.players >= 6 or len(set(everything)) < len(everything) else 1
            if max(counts) > decks:
                extra = " ".join(str(Card.from_index(i)) for i, n in enumerate(counts) if n > decks)
                raise ValueError(f"{extra}: more often in the game than {decks} deck(s) hold (R1)")
        given_talon.reverse()
        g._talon = given_talon  # noqa: SLF001
        g._legal = None  # noqa: SLF001
        return g

    # -- the state, read-only ---------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rules of this round (frozen, and fixed from the deal on: a game's rules are
        not swapped under it; a copy shares them).

        >>> g = Game.deal(players=2, seed=1, rules=Rules(lappen=True))
        >>> g.rules
        Rules(lappen=True)
        >>> g.rules = Rules()  # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        ...
        AttributeError: property 'rules' of 'Game' object has no setter
        """
        return self._rules

    @property
    def to_move(self) -> int:
        """The seat whose decision it is (R3)."""
        return self._to_move

    def hand(self, seat: int | None = None) -> Hand:
        """Seat ``seat``'s cards (default: the seat to move's), in the order received (a
        tuple that draws itself)."""
        if seat is None:
            return _tuple_new(Hand, self._hands[self._to_move])
        if seat.__class__ is not int or not 0 <= seat < self.players:
            self._check_seat(seat)
        return _tuple_new(Hand, self._hands[seat])

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(tuple(h) for h in self._hands)

    def hand_size(self, seat: int | None = None) -> int:
        """How many cards seat ``seat`` holds (default: the seat to move), without a copy of
        the hand.

        >>> g = Game.from_position(hands=["7♣ K♠ 7♥", "2♦"], top="7♦")
        >>> g.hand_size(), g.hand_size(1)
        (3, 1)
        """
        if seat is None:
            return len(self._hands[self._to_move])
        if seat.__class__ is not int or not 0 <= seat < self.players:
            self._check_seat(seat)
        return len(self._hands[seat])

    def rank_counts(self, seat: int | None = None) -> int:
        """How many cards of each rank seat ``seat`` holds (default: the seat to move), packed
        4 bits a rank as the game keeps them: ``rank_counts() >> 4 * rank & 15`` cards of
        ``rank`` (see :meth:`held`). One read, no copy of the hand and no count: for computer
        players that look at every hand on every move.

        >>> g = Game.from_position(hands=["7♣ K♠ 7♥", "2♦"], top="7♦")
        >>> code = g.rank_counts()
        >>> code >> 4 * Rank.SEVEN & 15, code >> 4 * Rank.KING & 15, code >> 4 * Rank.ACE & 15
        (2, 1, 0)
        >>> g.rank_counts(1) == 1 << 4 * Rank.TWO
        True
        """
        if seat is None:
            return rank_counts(self._codes[self._to_move])
        if seat.__class__ is not int or not 0 <= seat < self.players:
            self._check_seat(seat)
        return rank_counts(self._codes[seat])

    def suit_counts(self, seat: int | None = None) -> list[int]:
        """How many cards of each suit seat ``seat`` holds (default: the seat to move), eights
        aside (an eight is laid for the suit it declares, R6), in suit order ♠ ♥ ♦ ♣ — read
        from the card bits the game keeps of each hand with one deck, no look at the cards.

        >>> g = Game.from_position(hands=["7♣ K♠ 8♣ 2♣", "2♦"], top="7♦")
        >>> g.suit_counts(), g.suit_counts(1)
        ([1, 0, 0, 2], [0, 0, 1, 0])
        """
        if seat is None:
            seat = self._to_move
        elif seat.__class__ is not int or not 0 <= seat < self.players:
            self._check_seat(seat)
        if self._twins:  # two of a card may meet: the bits cannot say
            counts = [0, 0, 0, 0]
            for c in self._hands[seat]:
                if not c.is_eight:
                    counts[c.suit] += 1
            return counts
        return suit_counts(self._codes[seat])

    def rank_counts_by_seat(self) -> tuple[int, ...]:
        """:meth:`rank_counts` of every seat at once, seat 0 first (a position's evaluation
        reads them all).

        >>> g = Game.from_position(hands=["7♣ K♠ 7♥", "2♦"], top="7♦")
        >>> g.rank_counts_by_seat() == (g.rank_counts(0), g.rank_counts(1))
        True
        """
        return tuple(map(rank_counts, self._codes))

    def held(self, rank: Rank, seat: int | None = None) -> int:
        """How many cards of ``rank`` seat ``seat`` holds (default: the seat to move), read
        from the counts the game keeps of each hand's ranks — no copy of the hand, no count
        (a computer player asks this for every move it considers).

        >>> g = Game.from_position(hands=["7♣ K♠ 7♥", "2♦"], top="7♦")
        >>> g.held(Rank.SEVEN), g.held(Rank.ACE), g.held(Rank.TWO, 1)
        (2, 0, 1)
        """
        if seat is None:
            return self._codes[self._to_move] >> (rank << 2) & 15
        if seat.__class__ is not int or not 0 <= seat < self.players:
            self._check_seat(seat)
        return self._codes[seat] >> (rank << 2) & 15

    def cards_of_rank(self, rank: Rank, seat: int | None = None) -> tuple[Card, ...]:
        """The cards of ``rank`` seat ``seat`` holds (default: the seat to move), in suit
        order ♠ ♥ ♦ ♣ — read from the card bits the game keeps of each hand with one deck
        (a playout policy asks this of every group it considers).

        >>> g = Game.from_position(hands=["7♣ K♠ 7♥", "2♦"], top="7♦")
        >>> g.cards_of_rank(Rank.SEVEN), g.cards_of_rank(Rank.TWO, 1), g.cards_of_rank(Rank.ACE)
        ((Card.parse('7♥'), Card.parse('7♣')), (Card.parse('2♦'),), ())
        """
        if seat is None:
            seat = self._to_move
        elif seat.__class__ is not int or not 0 <= seat < self.players:
            self._check_seat(seat)
        if self._twins:  # two of a card may meet: the bits cannot say
            return tuple(sorted((c for c in self._hands[seat] if c.rank is rank), key=_SUIT_OF))
        return cards_of_rank(self._codes[seat], rank)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds."""
        return tuple(map(len, self._hands))

    @property
    def top(self) -> Card:
        """The pile's top card (its own face; see :attr:`declaration` for an eight)."""
        return self._pile[-1]

    @property
    def top_notation(self) -> str:
        """The top card in notation, an eight with what it counts as: ``"8♠=K♥"``."""
        return _format_top(self._pile[-1], self._decl)

    @property
    def pile(self) -> tuple[Card, ...]:
        """The face-up pile, bottom first; the last card is :attr:`top`."""
        return tuple(self._pile)

    @property
    def talon(self) -> tuple[Card, ...]:
        """The face-down talon, the next card to be drawn first. Hidden information: players
        (and computer players) must not look at it."""
        return tuple(reversed(self._talon))

    @property
    def talon_size(self) -> int:
        return len(self._talon)

    @property
    def declaration(self) -> tuple[Suit, Rank | None] | None:
        """What the top eight counts as, ``(suit, rank)`` (rank ``None`` under O1), or
        ``None`` when the top is not a declared eight (R6)."""
        return self._decl

    @property
    def current_suit(self) -> Suit:
        """The suit the next play must match (R4): the top card's, or its declaration's."""
        return self._suit

    @property
    def current_rank(self) -> Rank | None:
        """The rank the next play may match instead (R4); ``None`` after a suit-only eight (O1)."""
        return self._rank

    @property
    def follow_up_suit(self) -> Suit | None:
        """The suit owed after an ace laid this turn (R7), or ``None``."""
        return self._follow

    @property
    def draws_this_turn(self) -> int:
        """Cards drawn by ``draw`` moves so far this turn (R8; restarted by V2)."""
        return self._draws

    @property
    def draw_limit(self) -> int | None:
        """The most cards a turn may draw under this game's rules: :data:`DRAW_LIMIT` (R8),
        or what rule O8 says (one, or ``None``: no limit). See :func:`draw_limit`.

        >>> Game.deal(players=2, seed=1).draw_limit, Game.deal(players=2, seed=1, rules=Rules(drawing="one")).draw_limit
        (3, 1)
        """
        return _DRAW_LIMITS[self._rules.drawing]

    @property
    def drew_this_turn(self) -> bool:
        """Whether the seat to move has drawn by a ``draw`` move this turn (R10)."""
        return self._drew

    @property
    def laid_this_turn(self) -> bool:
        """Whether the seat to move has laid a card this turn (an ace owing its follow-up,
        or a special card laid last under V2)."""
        return self._laid

    @property
    def must_draw(self) -> bool:
        """True after a special card was laid as the last card under V2: the player must draw."""
        return self._must_draw

    @property
    def idle_turns(self) -> int:
        """Turns in a row that ended in a pass with no card laid or drawn (R10: as many as
        there are players block the round)."""
        return self._idle

    @property
    def can_draw(self) -> bool:
        """Whether ``draw`` is legal now (R7, R8, R10; O8)."""
        return not self._over and self._follow is None and self._turn_option() is DRAW

    @property
    def lappen_called(self) -> tuple[bool, ...]:
        """For each seat, whether it called lappen at the end of its latest turn (V3)."""
        if self._rules.varning:  # (kept as call forms: see _varning_turn_end)
            return tuple(f is True or f == VARNING_LAPPEN for f in self._lappen)
        return cast("tuple[bool, ...]", tuple(self._lappen))  # without O9, each is a bool

    @property
    def varning_called(self) -> tuple[bool, ...]:
        """For each seat, whether it called varning at the end of its latest turn (O9)."""
        if self._rules.varning:
            return tuple(f in (VARNING, VARNING_LAPPEN) for f in self._lappen)
        return (False,) * self.players

    # (a C getter, not a method: every player and simulation asks it after every move)
    is_over = property(
        attrgetter("_over"), doc="Whether the round is over: a seat went out (R9) or it is blocked (R10)."
    )

    @property
    def winner(self) -> int | None:
        """The seat that went out (R9) — under rule O10 the first out, place 1 — or ``None``
        (nobody out yet, or blocked)."""
        return self._winner

    @property
    def places(self) -> tuple[int, ...]:
        """The seats in the order they went out: place 1 first (R9). Under rule O10 the round
        goes on until one player is left, and that player, last, takes the last place when
        the round ends; a blocked round (R10) gives the players still in no place.

        >>> g = Game.from_position(hands=["5♥", "9♣ 2♣", "K♥ 3♠"], top="7♥", talon="9♠ 4♦",
        ...                        rules=Rules(play_for_places=True))
        >>> _ = g.play("5♥"); g.places, g.is_over, g.to_move
        ((0,), False, 1)
        """
        out = self._out if self._rules.play_for_places else [] if self._winner is None else [self._winner]
        if self._rules.play_for_places and self._over and not self._blocked:
            return (*out, *(s for s in range(self.players) if s not in out))
        return tuple(out)

    def place(self, seat: int) -> int | None:
        """The place of ``seat`` (1 for the first out), or ``None`` while it has none.

        >>> g = Game.from_position(hands=["5♥", "K♠"], top="7♥"); _ = g.play("5♥")
        >>> g.place(0), g.place(1)
        (1, None)
        """
        self._check_seat(seat)
        places = self.places
        return places.index(seat) + 1 if seat in places else None

    def is_out(self, seat: int) -> bool:
        """Whether ``seat`` has gone out and no longer plays (rule O10: the others play on)."""
        return seat in self._out

    @property
    def is_blocked(self) -> bool:
        """The round ended with nobody able to lay or draw (R10)."""
        return self._blocked

    @property
    def has_history(self) -> bool:
        """Whether the game knows its start and its moves (not a ``copy(history=False)``):
        then it can :meth:`pop`, :meth:`replay` and make a record."""
        return self._history

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move played so far, in order."""
        return tuple(self._moves)

    @property
    def ply(self) -> int:
        """The number of moves played."""
        return len(self._moves)

    def move_at(self, ply: int) -> Move:
        """Move number ``ply`` (1-based), as :attr:`moves` ``[ply - 1]`` without copying them all."""
        if not isinstance(ply, int) or not 1 <= ply <= len(self._moves):
            raise IndexError(f"no move {ply}: {len(self._moves)} moves were played")
        return self._moves[ply - 1]

    def peek(self) -> Move:
        """The last move played (``IndexError`` when there is none)."""
        if not self._moves:
            raise IndexError("no move has been played")
        return self._moves[-1]

    @property
    def deck(self) -> tuple[Card, ...] | None:
        """The deck order the round was dealt from (front first), or ``None`` for a game
        built from a position or without history."""
        if self._start is None or "deck" not in self._start:
            return None
        return tuple(self._start["deck"])

    @property
    def start_position(self) -> dict | None:
        """The position a game built by :meth:`from_position` started from, as the keyword
        arguments that rebuild it (cards in notation), or ``None``."""
        if self._start is None or "position" not in self._start:
            return None
        position = dict(self._start["position"])
        if "lappen" in position:
            position["lappen"] = list(position["lappen"])
        position["hands"] = list(position["hands"])
        return position

    def events(self, ply: int | None = None) -> tuple[Event, ...]:
        """The events caused by move number ``ply`` (1-based); ``0`` gives the deal's events
        (the card turned up, R11). Without ``ply``, those of the latest move."""
        if ply is None:
            ply = len(self._moves)
        if ply == 0:
            return tuple(self._start_events)
        if not 1 <= ply <= len(self._moves):
            raise IndexError(f"no move {ply}: {len(self._moves)} moves were played")
        return self._events[ply - 1]

    def annotation(self, ply: int) -> dict | None:
        """The annotation stored with move ``ply`` (1-based), e.g. a computer player's notes."""
        return self._annotations.get(ply)

    @property
    def annotations(self) -> dict[int, dict]:
        """Every annotation by move number (1-based)."""
        return dict(self._annotations)

    def points(self) -> list[int]:
        """S1 points of every seat's hand now (the round's score once it is over)."""
        return [sum([c.points for c in h]) for h in self._hands]

    def player_name(self, seat: int, lang: str = "en") -> str:
        """The seat's name, or "Player 1"/"Spelare 1" when none was given."""
        self._check_seat(seat)
        if self.names:
            return self.names[seat]
        return term("player", lang, n=seat + 1, capital=True)

    def _check_seat(self, seat: int) -> None:
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"seat must be from 0 to {self.players - 1}, not {seat!r}")

    def _name_param(self, seat: int) -> object:
        return self.names[seat] if self.names else seat

    # -- the rules applied to this position -------------------------------------------------

    def _first_table(self) -> FirstTable:
        # The first-card rule for this position; kept until a play or pop() changes it.
        table = self._table
        if table is None:
            v1 = self._rules.no_special_on_special
            table = self._table = _FIRST_TABLES[
                self._follow, self._suit, self._rank, v1 and self._pile[-1].is_special, v1
            ]
        return table

    def _first_fault(self, key: str, card: Card) -> Reason:
        """The reason for a first card that the first-card rule refuses (see _first_card)."""
        follow, top = self._follow, self._pile[-1]
        if key == "follow_up_eight_other_suit":
            return Reason.of(key, suit=follow)
        if key == "follow_up_wrong_suit":
            return Reason.of(key, card=card, suit=follow)
        if key == "special_on_special":
            return Reason.of(key, card=card, top=top)
        if key == "no_match_suit_only":
            return Reason.of(key, card=card, suit=self._suit, top=top)
        return Reason.of(key, card=card, suit_sym=self._suit, rank=self._rank)

    def _turn_option(self) -> str | None:
        """Rule R8 (and R10): the move other than a play that is legal now (no follow-up
        owed) — ``draw`` before three draws while something can be drawn, else ``pass``.
        Rule O8: ``draw`` before one draw; or ``draw`` while no play fits, ``None`` (a play
        is owed) while one does and something can be drawn."""
        drawing = self._rules.drawing
        # rule R10: something can be drawn — from the talon, or from the pile under its top
        # card, shuffled into a new talon
        supply = self._talon or len(self._pile) > 1
        if drawing == "three":
            return DRAW if self._draws < DRAW_LIMIT and supply else PASS
        if drawing == "one":  # rule O8: one draw, then lay or pass
            return DRAW if self._draws < 1 and supply else PASS
        legal = self._legal
        if legal is None:
            legal = self.legal_moves()
        for family in legal.families():  # rule O8: a card fits, so it is laid (even with nothing to draw)
            if family[0] == PLAY:
                return None
        return (
            DRAW if supply else PASS
        )  # rule O8: draw until a card fits (R10: pass when nothing can be drawn)

    def _blocks(self) -> bool:
        """Rule R10: whether a pass now, with nothing laid or drawn this turn, blocks the
        round (every player in turn has passed so)."""
        return _round_blocked(
            self._laid, self._drew, self._idle, self.players - len(self._out)
        )  # (O10: those in)

    def playable_cards(self) -> list[Card]:
        """The cards of the seat to move that may be laid alone now (R4, R6, R7, V1) — an
        ace only if a follow-up would be left to lay after it (R7) — each once, in hand
        order. (A group may start with more: two aces where only the second's suit can be
        followed; :meth:`legal_moves` lists every play.)

        >>> g = Game.from_position(hands=["7♣ K♠ A♣ 8♦ 7♣", "2♦"], top="7♥")
        >>> g.playable_cards()
        [Card.parse('7♣'), Card.parse('8♦')]
        """
        if self._over:
            return []
        if _filters_plays(self._rules):  # rules O5, O11–O13: the move list says which cards start a play
            starts = {f[1][0] for f in self.legal_moves().families() if f[0] == PLAY and len(f[1]) == 1}
            return list(dict.fromkeys(c for c in self._hands[self._to_move] if c in starts))
        table = self._table or self._first_table()
        seat = self._to_move
        if not self._twins:  # the card bits answer the common cases at once
            held = held_bits(self._codes[seat])
            bits = held & table[3]
            if not bits:
                return []
            if not bits & (bits - 1):  # one card (no order to keep)
                out: list[Card] = list(cards_at(bits))
            else:
                ok = table[0]
                out = []
                for c in self._hands[seat]:  # (a plain loop: a comprehension costs a call of its own)
                    if ok[c.index]:
                        out.append(c)
            if not bits & _ACE_BITS:  # no ace among them
                return out
            hand_bits = held
        else:
            ok = table[0]
            out = []
            for c in self._hands[seat]:
                if ok[c.index]:
                    out.append(c)
            if len(out) > 1:  # two decks: each card once
                out = list(dict.fromkeys(out))
            if not table[2] or not self._codes[seat] >> (_ACE << 2) & 15:  # (no ace held)
                return out
            for c in out:
                if c.is_ace:
                    break
            else:
                return out
            hand_bits = None
        hand = self._hands[seat]  # rule R7: an ace only with a follow-up
        v1 = self._rules.no_special_on_special
        kept = []
        for c in out:
            if c.is_ace and not _aces_playable(hand, (c,), v1, hand_bits):
                continue
            kept.append(c)
        return kept

    def lappen_ready(self, seat: int | None = None, *, cards: Iterable[Card] | None = None) -> bool:
        """Whether a hand could be emptied in one turn given a suitable top card (V3): the
        hand of ``seat`` (default: the seat to move), or ``cards`` — say, what a hand would
        be after a play."""
        if cards is not None:
            return self._ready(list(cards))
        return self._ready(self._hands[self._to_move if seat is None else seat])

    def _ready(self, hand: Sequence[Card]) -> bool:
        """Rule V3 (and V1, V2, O13) under this game's rules: see _lappen_ready."""
        rules = self._rules
        return _lappen_ready(hand, rules.no_special_on_special, rules.no_special_finish, rules.no_ace_finish)

    def _judge(self, move: Move) -> Reason | None:
        """None when ``move`` is legal here, else the first reason it is not."""
        if self._over:
            return Reason.of("round_blocked") if self._blocked else Reason.of("round_over")
        kind = move.kind
        if kind == PLAY:
            cards = move.cards
            first = cards[0]
            hand = self._hands[self._to_move]
            if len(cards) == 1:
                if first not in hand:
                    return Reason.of("not_held", card=first)
            else:
                rank = first.rank
                for c in cards:  # rule R5: a group is of one rank
                    if c.rank is not rank:
                        return Reason.of("mixed_ranks", card=first, other=c)
                for c in set(cards):
                    need = cards.count(c)
                    have = hand.count(c)
                    if have < need:
                        if not have:
                            return Reason.of("not_held", card=c)
                        return Reason.of("not_held_enough", card=c, n_held=have, n_laid=need)
            if (
                self._rules.drawn_card_only
                and self._draws
                and self._follow is None
                and (len(cards) > 1 or first is not hand[-1])
            ):
                return Reason.of("drawn_only", drawn=hand[-1])  # rule O5: only the card just drawn
            ok, keys, _, _ = self._table or self._first_table()
            if not ok[first.index]:
                return self._first_fault(keys[first.index], first)
            # rule V1: no group of special cards
            if self._rules.no_special_on_special and first.is_special and len(cards) > 1:
                return Reason.of("special_group", card=cards[1], other=first)
            if first.is_eight:  # rule R6 (O1): the declaration
                fault = _declaration_fault(move, self._rules.suit_only_eights)
                if fault is not None:
                    return fault
                if self._rules.one_eight_a_play and len(cards) > 1:  # rule O12: one eight at a time
                    return Reason.of("one_eight_a_play")
                if self._rules.eight_last_resort:  # rule O11: an eight only when no other card may be laid
                    other = self._other_than_eight()
                    if other is not None:
                        return Reason.of("eight_last_resort", other=other)
            if self._rules.no_ace_finish and self._follow is not None and len(cards) == len(hand):
                return Reason.of("ace_finish")  # rule O13: not out with an ace and its follow-up
            if first.is_ace:
                after = without(hand, cards)
                if not _follow_exists(after, cards[-1].suit, self._rules.no_special_on_special):  # rule R7
                    return Reason.of("ace_needs_follow_up", card=cards[-1], suit=cards[-1].suit)
                # rule O13: a card must be left after the follow-up
                if self._rules.no_ace_finish and len(after) < 2:
                    return Reason.of("ace_finish_ace", card=cards[-1])
                if move.lappen:  # rule V3: the call goes with the move that ends the turn
                    return Reason.of("lappen_turn_goes_on" if self._rules.lappen else "lappen_off")
            elif move.lappen:  # rule V3
                if not self._rules.lappen:
                    return Reason.of("lappen_off")
                after = without(hand, cards)
                if not after:
                    if _special_finish_forbidden(cards[-1], self._rules.no_special_finish):  # rule V2
                        return Reason.of("lappen_turn_goes_on")
                    return Reason.of("lappen_going_out")  # rule R9
                if not _o14(self._rules) and not self._ready(after):
                    return Reason.of("lappen_not_ready")  # (rule O14: allowed, and it costs a card)
            if move[5]:  # rule O9
                return self._varning_fault(len(hand) - len(cards), cards[-1])
            return None
        if self._follow is not None:  # rule R7: no draw or pass while a follow-up is owed
            return Reason.of("follow_up_owed", suit=self._follow)
        option = self._turn_option()  # rule R8, R10
        if kind == DRAW:
            if option is DRAW:
                return None
            if option is None:  # rule O8: a card fits, so it is laid
                return Reason.of("must_lay_until")
            if self._rules.drawing == "one" and self._draws >= 1:  # rule O8
                return Reason.of("draw_limit_one")
            return Reason.of("draw_limit") if self._draws >= DRAW_LIMIT else Reason.of("draw_nothing")
        if option is None:  # rule O8: a card fits, so no pass (not even with nothing to draw)
            return Reason.of("pass_fits_until")
        if option is DRAW:
            if self._rules.drawing == "one":  # rule O8
                return Reason.of("pass_before_one")
            if self._rules.drawing == "until":  # rule O8
                return Reason.of("pass_until")
            return Reason.of("pass_must_draw_v2" if self._must_draw else "pass_too_early", n=self._draws)
        if move.lappen:  # rule V3
            if not self._rules.lappen:
                return Reason.of("lappen_off")
            if not _o14(self._rules) and not self._ready(self._hands[self._to_move]):
                return Reason.of("lappen_not_ready")  # (rule O14: allowed, and it costs a card)
        if move[5]:  # rule O9
            return self._varning_fault(len(self._hands[self._to_move]), None)
        return None

    def _other_than_eight(self) -> Card | None:
        """Rule O11: a card other than an eight that may start a play now, or None."""
        rules, self._rules = self._rules, _without_o11(self._rules)  # (the move list without rule O11)
        legal, self._legal = self._legal, None
        try:
            for f in self.legal_moves().families():
                if f[0] == PLAY and not f[1][0].is_eight:
                    return f[1][0]
            return None
        finally:
            self._rules = rules
            self._legal = legal

    def _next_seat(self, seat: int) -> int:
        """Rule R3: the seat after ``seat`` — rule O10: the next one still playing."""
        n = self.players
        seat = (seat + 1) % n
        out = self._out
        while seat in out:
            seat = (seat + 1) % n
        return seat

    def _varning_fault(self, left: int, last: Card | None) -> Reason | None:
        """Rule O9: why the varning call may not go with a move that leaves ``left`` cards in
        hand (``last``: a play's last card, None for a pass), or None when it may."""
        if not self._rules.varning:
            return Reason.of("varning_off")
        if last is not None and (
            last.is_ace or (not left and _special_finish_forbidden(last, self._rules.no_special_finish))
        ):
            return Reason.of("varning_turn_goes_on")  # rule R7, V2: the turn goes on
        if left != VARNING_CARDS:
            return Reason.of("varning_not_three", n_cards=left)
        return None

    # The position before a move, as the explanation and pop() need it.
    def _snapshot(self) -> tuple:
        seat = self._to_move
        return (
            seat,
            tuple(self._hands[seat]),
            self._pile[-1],
            self._decl,
            self._suit,
            self._rank,
            self._follow,
            self._draws,
            self._drew,
            self._laid,
            self._must_draw,
            self._idle,
            self._lappen[seat],
            len(self._talon),
            len(self._pile),
        )

    def _explain(self, move: Move, before: tuple) -> list[Reason]:
        """The reasons a legal ``move`` is legal and what follows from it, from the position
        ``before`` it (see _snapshot): the same rule code as the check and the move list."""
        seat, hand, top, decl, suit, rank, follow, draws, drew, laid, must_draw, idle, _, talon_n, pile_n = (
            before
        )
        v1, v2 = self._rules.no_special_on_special, self._rules.no_special_finish
        reasons: list[Reason] = []
        add = reasons.append
        if move.kind == PLAY:
            cards = move.cards
            first, last = cards[0], cards[-1]
            n = len(cards)
            d = (move.declared_suit, move.declared_rank)
            key = _first_card(first, follow, suit, rank, top.is_special, v1)
            if key == "follow_up_eight" and n == 1:
                add(Reason.of(key, card=first, suit=follow, decl=d))
            elif key in ("follow_up_ok", "follow_up_eight"):
                add(Reason.of("follow_up_ok", card=first, suit=follow))
            elif key == "eight_wild":
                add(
                    Reason.of(key, card=first, decl=d)
                    if n == 1
                    else Reason.of("eight_wild_first", card=first)
                )
            elif key == "eight_on_plain":
                add(Reason.of(key, card=first, top=top, top_decl=decl, decl=d))
            elif key == "same_rank" and n > 1:  # the group's last card says which suit holds
                add(Reason.of("same_rank_group", card=first, top=top, top_decl=decl))
            elif key == "same_rank_same_suit":
                add(Reason.of(key, card=first, top=top, top_decl=decl))
            else:
                add(Reason.of(key, card=first, suit=first.suit, top=top, top_decl=decl))
            if n > 1:  # rule R5
                if first.is_eight:
                    add(Reason.of("group_eights", count=n, last=last, decl=d))
                else:
                    add(Reason.of("group", count=n, rank=first.rank, last=last, suit=last.suit))
            after = without(list(hand), cards)
            if first.is_ace:  # rule R7: the others draw, a follow-up is owed
                add(Reason.of("ace_draws", n_cards=n))
                add(Reason.of("ace_owes", suit=last.suit))
                return reasons
            if not after:
                if _special_finish_forbidden(last, v2):  # rule V2
                    add(Reason.of("v2_must_draw"))
                elif self._rules.play_for_places and len(self._out) + 1 < self.players:
                    # rule O10: the others play on
                    add(Reason.of("goes_out_places"))
                else:  # rule R9
                    add(Reason.of("goes_out"))
                return reasons
            self._explain_turn_end(move, after, talon_n + pile_n + n - 1, add)
            return reasons
        if move.kind == DRAW:  # rule R8
            if must_draw:
                add(Reason.of("draw_after_special"))
            if self._rules.drawing == "three":
                add(Reason.of("draw_ok", nth=draws + 1))
            else:  # rule O8
                add(Reason.of("draw_ok_one" if self._rules.drawing == "one" else "draw_ok_until"))
            if not talon_n:
                add(Reason.of("draw_reshuffle"))
            if draws + 1 < DRAW_LIMIT and self._rules.drawing == "three":  # rule R8: more draws to come
                wait = self._rules.drawn_card_only  # rule O5
                add(Reason.of("draw_may_play_drawn" if wait else "draw_may_play"))
            return reasons
        can_draw = talon_n > 0 or pile_n > 1  # rule R10: something could be drawn (before the move)
        if not can_draw:
            add(Reason.of("pass_nothing_to_draw"))
        else:
            one = self._rules.drawing == "one"  # rule O8
            add(Reason.of("pass_after_one" if one else "pass_after_three"))
        self._explain_turn_end(move, list(hand), talon_n + pile_n - 1, add)
        if _round_blocked(laid, drew, idle, self.players - len(self._out)):  # rule R10 (O10: those in)
            add(Reason.of("pass_blocks"))
        else:  # rule R3
            add(Reason.of("turn_passes", player=self._name_param(self._next_seat(seat))))
        return reasons

    def _explain_turn_end(self, move: Move, hand_after: list[Card], supply: int, add) -> None:
        if move.lappen and _o14(self._rules) and not self._ready(hand_after):
            add(Reason.of("lappen_too_early"))  # rule O14: a card as a penalty
        elif move.lappen:
            add(Reason.of("lappen_called"))
        elif self._rules.lappen and self._ready(hand_after):  # rule V3: the penalty
            n = self._rules.lappen_penalty
            if n != 3:  # rule O6: a penalty of another size
                if supply >= n:
                    add(Reason.of("lappen_penalty_n", count=n))
                elif supply > 0:  # rule R10: only what is there can be drawn
                    add(Reason.of("lappen_penalty_n_some", count=n, n_cards=supply))
                else:
                    add(Reason.of("lappen_penalty_n_none", count=n))
            elif supply >= 3:
                add(Reason.of("lappen_penalty"))
            elif supply > 0:  # rule R10: only what is there can be drawn
                add(Reason.of("lappen_penalty_some", n_cards=supply))
            else:
                add(Reason.of("lappen_penalty_none"))
            supply -= min(n, supply)  # (what the lappen penalty leaves for the varning penalty)
        if not self._rules.varning:
            return
        if move[5]:  # rule O9: the varning call
            add(Reason.of("varning_called"))
        elif len(hand_after) == VARNING_CARDS:  # rule O9: the penalty, as large as lappen's (O6)
            n = self._rules.lappen_penalty
            if supply >= n:
                add(Reason.of("varning_penalty", count=n))
            elif supply > 0:  # rule R10: only what is there can be drawn
                add(Reason.of("varning_penalty_some", count=n, n_cards=supply))
            else:
                add(Reason.of("varning_penalty_none", count=n))

    # -- moves ------------------------------------------------------------------------------

    def legal_moves(self) -> LegalMoves:
        """Every legal move here, each distinct decision once (the rulebook's "Notation"):
        every declaration of an eight, both forms where lappen may be called, a group's
        middle cards in ascending order. A lazy sequence (see :class:`LegalMoves`)."""
        legal = self._legal
        if legal is not None:
            return legal
        if self._over:
            self._legal = NO_MOVES
            return NO_MOVES
        if self._house:  # rule O5 (the cards drawn this turn wait), O8 (how many to draw)
            return self._legal_house()
        seat = self._to_move
        # rule R8, R10: the turn's other move is a draw, else a pass (as _turn_option, inline:
        # a call more here costs a random game 1% of its instructions)
        may_draw = self._draws < DRAW_LIMIT and (self._talon or len(self._pile) > 1)
        legal = self._legal = generate(
            self._hands[seat],
            self._codes[seat],
            self._table or self._first_table(),  # rule R4, R6, R7, V1, O1: the first card
            follow=self._follow,
            may_draw=may_draw,
            twins=self._twins,
            rules=self._rules,
            aces_playable=_aces_playable,  # rule R7: an ace only with a follow-up left to lay
            lappen_ready=_lappen_ready,  # rule V3: the called forms
        )
        return legal

    def _legal_house(self) -> LegalMoves:
        """The legal moves under the house rules that change the move list. Rule O5: after
        a draw only the card just drawn. Rule O11: an eight only when no other play is left;
        O12: no group of eights; O13: no going out with an ace and its follow-up. Rule O8: the
        turn's other move is a draw before one draw (then a pass), or a draw only while no play
        fits (a pass only when nothing fits and nothing can be drawn). Rule O14 (and O13): the
        lappen forms."""
        self._legal = None
        self._house = False
        try:
            legal = self.legal_moves()
        finally:
            self._house = True
        if self._over:
            self._legal = legal
            return legal
        families = legal.families()
        hand = self._hands[self._to_move]
        if _filters_plays(self._rules):
            families = self._filtered(families, hand)
        if self._rules.drawing != "three" and self._follow is None:
            supply = self._talon or len(self._pile) > 1  # rule R10: something can be drawn
            plays = [f for f in families if f[0] == PLAY]
            option: str | None
            if self._rules.drawing == "one":  # rule O8: one draw, then lay or pass
                option = DRAW if self._draws < 1 and supply else PASS
            else:  # rule O8: draw until a card fits (R10: pass when nothing fits and nothing can be drawn)
                option = None if plays else DRAW if supply else PASS
            families = plays
            if option is DRAW:
                families.append(DRAW_FAMILY)
            elif option is PASS:
                families.append(PASS_FAMILY)
        rules = self._rules
        o14 = _o14(rules)
        if rules.lappen and (rules.no_ace_finish or o14 or rules.drawing != "three"):
            v1, v2, o13 = rules.no_special_on_special, rules.no_special_finish, rules.no_ace_finish
            families = _with_lappen_forms(families, hand, v1, v2, o13, o14)
        legal = from_families(families)
        if rules.varning:  # rule O9: the varning forms
            legal = _with_varning_forms(legal, len(hand))
        self._legal = legal
        return legal

    def _filtered(self, families: list[Family], hand: list[Card]) -> list[Family]:
        """Rules O5, O11, O12, O13: the plays of ``families`` that they leave."""
        follow = self._follow
        drawn = hand[-1] if self._rules.drawn_card_only and self._draws and follow is None else None
        out: list[Family] = []
        for family in families:
            kind, cards = family[0], family[1]
            if kind == PLAY:
                first = cards[0]
                if drawn is not None and (len(cards) > 1 or first is not drawn):
                    continue  # rule O5: only the card just drawn
                if self._rules.one_eight_a_play and first.is_eight and len(cards) > 1:
                    continue  # rule O12: one eight at a time
                if self._rules.no_ace_finish and (
                    (follow is not None and len(cards) == len(hand))
                    or (first.is_ace and len(hand) - len(cards) < 2)
                ):
                    continue  # rule O13: no going out with an ace and its follow-up
            out.append(family)
        if self._rules.eight_last_resort and any(f[0] == PLAY and not f[1][0].is_eight for f in out):
            out = [f for f in out if not (f[0] == PLAY and f[1][0].is_eight)]  # rule O11
        return out

    def is_legal(self, move: Move | str) -> bool:
        try:
            move = Move.parse(move)
        except InvalidMoveError:
            return False
        return self._judge(move) is None

    def check(self, move: Move | str) -> Verdict:
        """Whether ``move`` is legal here and why, as a :class:`Verdict`. Changes nothing.

        Raises :class:`InvalidMoveError` for text that is not a move at all.
        """
        move = Move.parse(move)
        reason = self._judge(move)
        if reason is not None:
            return Verdict(False, move, (reason,))
        return _lazy_verdict(move, self._explain, self._snapshot())

    def play(self, move: Move | str, *, annotation: dict | None = None) -> Verdict:
        """Check ``move`` and make it; returns its :class:`Verdict` with the events that
        followed (draws, reshuffles, a penalty …).

        Raises :class:`IllegalMoveError` (with the verdict) when it is not legal,
        :class:`InvalidMoveError` when it cannot be read; either way the game is left exactly
        as it was. ``annotation`` (JSON-ready) is kept with the move in the record, e.g. what
        a computer player considered.

        >>> g = Game.from_position(hands=["5♥ 2♣", "K♠"], top="7♥", talon="9♠")
        >>> print(g.play("5♥").text("en"))
        5♥ on 7♥: same suit, hearts (R4).
        """
        if move.__class__ is not Move:
            move = Move.parse(move)
        legal = self._legal
        if legal.__class__ is Listed:  # one of the very moves listed is legal (as has_exactly, inline)
            for listed in legal:
                if listed is move:
                    break
            else:
                self._refuse(move)
        elif legal is None or not legal.has_exactly(move):
            self._refuse(move)
        before = self._snapshot()  # the position before the move
        events: list[Event] = []
        if self._history:
            self._apply(move, events)
            happened = tuple(events) if events else ()
            self._moves.append(move)
            self._events.append(happened)
            reshuffled = self._reshuffled
            if reshuffled:  # (see _undo_entry, inline)
                self._undo.append((before, tuple(reshuffled)))
                reshuffled.clear()
            else:
                self._undo.append(before)
            if annotation is not None:
                self._annotations[len(self._moves)] = annotation
        else:
            self._apply(move, events)
            happened = tuple(events)
        # Verdict.lazy(move, self._explain, before, happened), without the call
        return _tuple_new(Verdict, (True, move, None, self._explain, happened, before))

    def _refuse(self, move: Move) -> None:
        """Raise IllegalMoveError if ``move`` is not legal here (play()'s check)."""
        reason = self._judge(move)
        if reason is not None:
            raise IllegalMoveError(Verdict(False, move, (reason,)))

    def push(self, move: Move) -> None:
        """The fast path: make ``move`` WITHOUT checking it. Only for moves taken from
        :meth:`legal_moves` of this very position (simulations, computer players); anything
        else can corrupt the game. Use :meth:`play` everywhere else."""
        if self._history:
            before = self._snapshot()
            events: list[Event] = []
            self._apply(move, events)
            self._moves.append(move)
            self._events.append(tuple(events))
            self._undo.append(_undo_entry(before, self._reshuffled))
        else:
            self._apply(move, None)

    def rollout(
        self, policy: Callable[[Game, random.Random], Move], rng: random.Random, *, max_plies: int
    ) -> int:
        """Let ``policy(game, rng)`` choose every move, unchecked as :meth:`push` makes
        them, until the round is over or ``max_plies`` moves were made; returns how many were
        made. The inner loop of a Monte-Carlo search (the policy must return a legal move).

        >>> first = lambda game, rng: game.legal_moves()[0]
        >>> g = Game.from_position(hands=["5♥ 2♣", "K♠"], top="7♥", talon="9♠ 3♦")
        >>> g.rollout(first, random.Random(1), max_plies=2), g.moves
        (2, (Move.parse('5♥'), Move.parse('draw')))
        >>> g = Game.from_position(hands=["5♥", "K♠"], top="7♥")
        >>> g.rollout(first, random.Random(1), max_plies=10), g.winner
        (1, 0)
        """
        if self._history:
            for made in range(max_plies):
                if self._over:
                    return made
                self.push(policy(self, rng))
            return max_plies
        apply = self._apply  # (no history: straight to the move, as push does)
        for made in range(max_plies):
            if self._over:
                return made
            apply(policy(self, rng), None)
        return max_plies

    def pop(self) -> Move:
        """Take back the last move and return it: the game is then exactly as it was before
        (hands, talon order, pile, the shuffle generator).

        >>> g = Game.from_position(hands=["5♥ 2♣", "K♠"], top="7♥", talon="9♠")
        >>> _ = g.play("5♥"); _ = g.play("draw")
        >>> g.pop(), g.pop(), g.hand(0), g.talon
        (Move.parse('draw'), Move.parse('5♥'), (Card.parse('5♥'), Card.parse('2♣')), (Card.parse('9♠'),))
        """
        if not self._history:
            raise ValueError("this game was copied without its history (copy(history=False)): nothing to pop")
        if not self._moves:
            raise IndexError("pop from a game at its first position: no move to take back")
        ply = len(self._moves)
        move = self._moves.pop()
        happened = self._events.pop()
        entry = self._undo.pop()
        before, reshuffles = entry if len(entry) == 2 else (entry, ())  # (see _undo_entry)
        self._annotations.pop(ply, None)
        (
            seat,
            hand_before,
            _,
            decl,
            suit,
            rank,
            follow,
            draws,
            drew,
            laid,
            must_draw,
            idle,
            lappen,
            talon_n,
            _,
        ) = before
        self._undo_draws(_drawn_by(happened), reshuffles, talon_n)
        if move.kind == PLAY:
            del self._pile[-len(move.cards) :]
        self._hands[seat] = list(hand_before)
        self._codes[seat] = hand_code(hand_before)
        self._to_move = seat
        self._decl = decl
        self._suit = suit
        self._rank = rank
        self._follow = follow
        self._table = None
        self._legal = None
        self._draws = draws
        self._drew = drew
        self._laid = laid
        self._must_draw = must_draw
        self._idle = idle
        self._lappen[seat] = lappen
        self._over = False
        self._blocked = False
        out = self._out
        if out and out[-1] == seat and move.kind == PLAY:  # rule O10: this play took the seat out
            out.pop()
        self._winner = out[0] if out else None
        return move

    def _undo_draws(self, drawn: list[tuple[int, Card]], reshuffles: tuple, talon_n: int) -> None:
        """Put the cards a move drew (``drawn``, as _drawn_by lists them) back on the talon,
        last first, and take back its ``reshuffles`` (R10) where they happened: the first
        after the ``talon_n`` cards the talon held, each later one after all of the cards the
        one before it had made the talon."""
        hands, talon, codes = self._hands, self._talon, self._codes
        marks = []  # how many cards had been drawn when each reshuffle came
        count = talon_n
        for under, _ in reshuffles:
            marks.append(count)
            count += len(under)
        left = len(drawn)
        for mark, (under, shuffles) in zip(reversed(marks), reversed(reshuffles)):
            while left > mark:
                left -= 1
                self._undraw(drawn[left][0], hands, talon, codes)
            talon.clear()  # what is left is exactly the pile's cards, shuffled: put them back
            self._pile[:0] = under
            assert self._shuffle_log is not None  # kept whenever the history is
            self._shuffle_log.rewind(self._rng, shuffles)
        while left:
            left -= 1
            self._undraw(drawn[left][0], hands, talon, codes)

    @staticmethod
    def _undraw(seat: int, hands: list[list[Card]], talon: list[Card], codes: list[int]) -> None:
        card = hands[seat].pop()  # a card drawn was added last
        talon.append(card)
        codes[seat] -= HAND_UNIT[card.index]

    def _apply(self, move: Move, events: list[Event] | None) -> None:
        self._legal = None
        seat = self._to_move
        kind = move[0]  # (a Move is the tuple (kind, cards, declared_suit, declared_rank, lappen))
        if kind == PLAY:
            cards = move[1]
            hand = self._hands[seat]
            if len(cards) == 1:
                last = cards[0]
                if hand[-1] is last and not self._twins:  # a card just drawn: no search of the hand
                    hand.pop()
                else:  # the first of it in the hand, as list.remove takes it (cards are interned:
                    i = 0  # equal is identical), found without a call of Card.__eq__ per card
                    for c in hand:
                        if c is last:
                            break
                        i += 1
                    del hand[i]
                self._codes[seat] -= HAND_UNIT[last.index]
                self._pile.append(last)
            else:
                code = self._codes[seat]
                for c in cards:
                    hand.remove(c)
                    code -= HAND_UNIT[c.index]
                self._codes[seat] = code
                self._pile.extend(cards)
                last = cards[-1]
            self._laid = True
            self._follow = None
            if last.is_eight:  # rule R6: the declaration lives on the pile, never on the card
                self._decl = (move[2], move[3])
                self._suit, self._rank = move[2], move[3]
                self._table = None
            else:
                self._decl = None
                self._suit, self._rank = last.suit, last.rank
                self._table = self._after_card[last.index]  # the first-card rule now in force
            if last.is_ace:  # rule R7: per ace, each other player in turn draws one
                n = self.players
                out = self._out
                for _ in cards:
                    for k in range(1, n):
                        other = (seat + k) % n
                        if out and other in out:  # rule O10: a player gone out draws no more
                            continue
                        card = self._draw_one(other, events)
                        if card is not None and events is not None:
                            events.append(_ACE_DRAWN[other][card.index])
                self._follow = last.suit
                return
            if not hand:
                # rule V2: no going out on a special card
                if _special_finish_forbidden(last, self._rules.no_special_finish):
                    self._must_draw = True
                    self._draws = 0
                    return
                if not self._rules.play_for_places:  # rule R9: the first to lay the last card wins
                    self._over = True
                    self._winner = seat
                    if events is not None:
                        events.append(_tuple_new(Event, ("out", seat, (), 0, "R9")))
                    return
                out = self._out  # rule O10: places 1, 2, 3 … until one player is left
                out.append(seat)
                if self._winner is None:
                    self._winner = seat
                if events is not None:
                    events.append(_tuple_new(Event, ("out", seat, (), len(out), "O10")))
                if len(out) + 1 >= self.players:
                    self._over = True
                    return
            passed = False
        elif kind == DRAW:  # rule R8
            self._drew = True
            self._draws += 1
            talon = self._talon
            if talon:  # the common case, as _draw_one does it
                card = talon.pop()
                self._hands[seat].append(card)
                self._codes[seat] += HAND_UNIT[card.index]
            else:
                card = self._draw_one(seat, events)
            if card is not None and events is not None:
                events.append(_DRAWN[seat][card.index])
            return
        else:
            passed = True
        # The turn ends (a play that leaves cards, or a pass; inline: the hot path).
        if self._rules.varning:  # rule O9: the varning call, or a penalty as large as lappen's (O6)
            self._varning_turn_end(move, seat, events)
        elif self._rules.lappen:  # rule V3: the call, or three cards as a penalty (rule O6: or two)
            self._lappen[seat] = move.lappen
            if move.lappen:
                if _o14(self._rules) and not self._ready(self._hands[seat]):
                    self._false_call(seat, events)  # rule O14: called too early
            elif self._ready(self._hands[seat]):
                drawn = []
                for _ in range(self._rules.lappen_penalty):
                    card = self._draw_one(seat, events)
                    if card is not None:
                        drawn.append(card)
                if events is not None:
                    events.append(_tuple_new(Event, ("penalty", seat, tuple(drawn), 0, "V3")))
        if passed and not self._laid and not self._drew:
            if self._blocks():  # rule R10: a blocked round
                self._over = True
                self._blocked = True
                if events is not None:
                    events.append(_tuple_new(Event, ("blocked", None, (), 0, "R10")))
            self._idle += 1
        else:
            self._idle = 0
        self._to_move = (seat + 1) % self.players if not self._out else self._next_seat(seat)  # rule R3 (O10)
        self._draws = 0
        self._laid = False
        self._drew = False
        self._must_draw = False

    def _varning_turn_end(self, move: Move, seat: int, events: list[Event] | None) -> None:
        """The end of a turn under rule O9: each call missing costs the penalty (rule V3, O6),
        lappen's first; both are judged on the hand the move left. The seat's calls are kept
        as the move's call form (see :meth:`lappen_called`, :meth:`varning_called`)."""
        hand = self._hands[seat]
        three = len(hand) == VARNING_CARDS
        self._lappen[seat] = move.calls
        missing = []
        ready = self._rules.lappen and self._ready(hand)
        if self._rules.lappen and not move[4] and ready:  # rule V3
            missing.append("V3")
        if move[4] and _o14(self._rules) and not ready:  # rule O14: lappen called too early
            self._false_call(seat, events)
        if three and not move[5]:  # rule O9
            missing.append("O9")
        for rule in missing:
            drawn = []
            for _ in range(self._rules.lappen_penalty):  # rule O6: the size of the penalty
                card = self._draw_one(seat, events)
                if card is not None:
                    drawn.append(card)
            if events is not None:
                events.append(_tuple_new(Event, ("penalty", seat, tuple(drawn), 0, rule)))

    def _false_call(self, seat: int, events: list[Event] | None) -> None:
        """Rule O14: a lappen call made while the hand could not be emptied in one turn costs
        one card (as Mau-Mau punishes a call made too early)."""
        card = self._draw_one(seat, events)
        if events is not None:
            events.append(_tuple_new(Event, ("penalty", seat, () if card is None else (card,), 0, "O14")))

    def _shuffle(self, cards: list[Card]) -> None:
        shuffle(self._rng, cards)
        if self._history:  # (so that pop() can set the generator back: see ShuffleLog)
            assert self._shuffle_log is not None  # kept whenever the history is
            self._shuffle_log.shuffled(self._rng, len(cards))

    def _draw_one(self, seat: int, events: list[Event] | None) -> Card | None:
        talon = self._talon
        if not talon:  # rule R10: the pile under its top becomes the talon, or the draw lapses
            pile = self._pile
            if len(pile) > 1:
                under = pile[:-1]
                if self._history:  # what pop() needs to take the reshuffle back
                    assert self._shuffle_log is not None  # kept whenever the history is
                    self._reshuffled.append((under[:], len(self._shuffle_log)))
                del pile[:-1]
                self._shuffle(under)
                talon.extend(under)
                if events is not None:
                    events.append(_tuple_new(Event, ("reshuffle", None, (), len(under), "R10")))
            else:
                if events is not None:
                    events.append(_tuple_new(Event, ("lapse", seat, (), 0, "R10")))
                return None
        card = talon.pop()
        self._hands[seat].append(card)
        self._codes[seat] += HAND_UNIT[card.index]
        return card

    # -- earlier positions, records, display ----------------------------------------------

    def root(self) -> Game:
        """The position the game started from (ply 0), as a new game with no moves.

        >>> g = Game.deal(players=2, seed=4); _ = g.play(g.legal_moves()[0])
        >>> g.root().ply, g.root().hands == Game.deal(players=2, seed=4).hands
        (0, True)
        """
        return self.replay(0)

    def replay(self, ply: int) -> Game:
        """The position after the first ``ply`` moves (0 to :attr:`ply`), as a new game that
        holds those moves — taken back from a copy, not rebuilt through a record."""
        if not self._history:
            raise ValueError("this game was copied without its history (copy(history=False)): it has no root")
        if not isinstance(ply, int) or isinstance(ply, bool) or not 0 <= ply <= len(self._moves):
            raise ValueError(f"ply must be from 0 to {len(self._moves)}, not {ply!r}")
        g = self.copy()
        for _ in range(len(self._moves) - ply):
            g.pop()
        return g

    def __repr__(self) -> str:
        state = (
            "blocked"
            if self._blocked
            else f"won by seat {self._winner}"
            if self._over
            else f"seat {self._to_move} to move"
        )
        top = _format_top(self._pile[-1], self._decl)
        return f"<Game {self.players} players, {self._rules!s}, top {top}, {state}, ply {len(self._moves)}>"

    def __str__(self) -> str:
        lines = []
        for s in range(self.players):
            marker = "▶" if s == self._to_move and not self._over else " "
            lines.append(f"{marker} {self.player_name(s)}: {format_cards(self._hands[s]) or '—'}")
        lines.append(f"  top: {_format_top(self._pile[-1], self._decl)}   talon: {len(self._talon)}")
        return "\n".join(lines)

    def _repr_svg_(self) -> str:
        from . import svg

        return svg.table(self)


# -- helpers --------------------------------------------------------------------------------


def _idx(card: Card) -> int:
    return card.index


_INDEX = attrgetter("index")
_by_rank_then_index = attrgetter("rank", "index")
_SUIT_OF = attrgetter("suit")
_STANDARD_RULES = Rules()  # (made once, not per deal: rules are frozen)

# The event of a draw, by seat and card index: made once (a game keeps the events of every
# move, and fewer objects kept alive means less work for the garbage collector).
_DRAWN = tuple(
    tuple(_tuple_new(Event, ("draw", seat, (c,), 0, "R8")) for c in standard_deck()) for seat in range(8)
)
_ACE_DRAWN = tuple(
    tuple(_tuple_new(Event, ("ace_draw", seat, (c,), 0, "R7")) for c in standard_deck()) for seat in range(8)
)


def _undo_entry(before: tuple, reshuffled: list) -> tuple:
    """What pop() needs to take a move back, besides its events (which name every card
    drawn): the position ``before`` it and, where the move reshuffled the pile (R10), each
    reshuffle's cards and how many shuffles the generator had made before it, in order —
    ``before`` alone when there was none (nearly always), so that a long game keeps fewer
    objects alive. Empties ``reshuffled``."""
    if not reshuffled:
        return before
    entry = (before, tuple(reshuffled))
    reshuffled.clear()
    return entry


def _drawn_by(events: tuple[Event, ...]) -> list[tuple[int, Card]]:
    """Every card the ``events`` of one move drew, as (seat, card), in the order drawn (a
    penalty's event follows its three draws, so its cards are in order among the rest)."""
    drawn: list[tuple[int, Card]] = []
    for event in events:
        kind = event[0]
        if kind == "draw" or kind == "ace_draw" or kind == "penalty":
            seat: int = event[1]  # type: ignore[assignment]  # a draw names its seat
            for card in event[2]:
                drawn.append((seat, card))
    return drawn


def _parse_card_list(value: object, field: str) -> list[Card]:
    try:
        if isinstance(value, (str, Iterable)):
            return parse_cards(value)
    except InvalidCardError as error:
        raise ValueError(f"{field}: {error}") from None
    raise ValueError(f"{field} must be cards as text ('7♣ 8♠') or a list, not {type(value).__name__}")


def _parse_top(top: str | Card) -> tuple[Card, tuple[Suit, Rank | None] | None]:
    if isinstance(top, Card):
        return top, None
    if not isinstance(top, str):
        raise ValueError(f"top must be a card such as '7♥' or '8♠=K♥', not {top!r}")
    head, eq, tail = top.strip().partition("=")
    try:
        card = Card.parse(head)
    except InvalidCardError as error:
        raise ValueError(f"top: {error}") from None
    if not eq:
        return card, None
    if not card.is_eight:
        raise ValueError(f"top {top!r}: only an eight carries a declaration (R6)")
    clean = tail.strip().upper()
    try:
        return card, (Suit.parse(clean), None)
    except InvalidCardError:
        pass
    try:
        as_card = Card.parse(clean)
    except InvalidCardError:
        raise ValueError(f"top {top!r}: {tail!r} is not a declaration such as 'K♥' or '♥'") from None
    return card, (as_card.suit, as_card.rank)


def _format_top(card: Card, decl: tuple[Suit, Rank | None] | None) -> str:
    if decl is None:
        return str(card)
    rank = "" if decl[1] is None else decl[1].symbol
    return f"{card}={rank}{decl[0].symbol}"


def _deck_difference(order: list[Card], full: list[Card]) -> str:
    have: dict[Card, int] = {}
    for c in order:
        have[c] = have.get(c, 0) + 1
    want: dict[Card, int] = {}
    for c in full:
        want[c] = want.get(c, 0) + 1
    extra = [str(c) for c in sorted(have) if have[c] > want.get(c, 0)]
    missing = [str(c) for c in sorted(want) if want[c] > have.get(c, 0)]
    parts = []
    if missing:
        parts.append("missing " + " ".join(missing))
    if extra:
        parts.append("too many " + " ".join(extra))
    return f"{len(order)} cards given, " + "; ".join(parts) if parts else f"{len(order)} cards given"
