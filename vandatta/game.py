"""The state machine of one round of Vändåtta (RULES.md R1–R11, V1–V3, O1–O2).

>>> import vandatta as v
>>> g = v.Game.from_position(hands=["7♣ 8♠ A♠ 5♠", "K♥ 2♦"], top="7♠", talon="9♠ 4♦ 2♣")
>>> [str(m) for m in g.legal_moves() if not m.cards or not m.cards[0].is_eight]
['A♠', '5♠', '7♣', 'draw']
>>> g.play("A♠")                       # the others draw one card each, a ♠ must follow
>>> g.hand(1), g.follow_up_suit
((Card.parse('K♥'), Card.parse('2♦'), Card.parse('9♠')), Suit.SPADES)
>>> print(g.check("7♣").text("en"))
After the ace you must lay a card of spades, and 7♣ is not one (R7).
>>> g.play("5♠"); g.to_move
1

Positions are changed only by :meth:`Game.play`, which checks first and leaves the game
exactly as it was when the move is illegal. A simulation that has generated its moves itself
may use the unchecked :meth:`Game.push` instead (the fast path).
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence
from itertools import product

from .cards import (
    _SUIT_BY_TEXT,
    Card,
    Hand,
    InvalidCardError,
    Rank,
    Suit,
    format_cards,
    parse_cards,
    standard_deck,
)
from .explain import Event, Reason, Verdict
from .moves import DRAW, PASS, PLAY, InvalidMoveError, Move
from .rules import Rules

__all__ = ["Game", "IllegalMoveError", "LegalMoves", "HAND_SIZE"]

HAND_SIZE = 6  # R2
_ALL_DECLARATIONS: tuple[tuple[Suit, Rank | None], ...] = tuple((s, r) for s in Suit for r in Rank)
_SUIT_DECLARATIONS: tuple[tuple[Suit, Rank | None], ...] = tuple((s, None) for s in Suit)
_NO_DECLARATION: tuple[tuple[None, None], ...] = ((None, None),)
_PLAIN = (False,)
_BOTH = (False, True)
_ACE = Rank.ACE
_EIGHT = Rank.EIGHT


class IllegalMoveError(ValueError):
    """A well-formed move that the rules do not allow here. ``verdict`` says why; the game
    is unchanged."""

    def __init__(self, verdict: Verdict, *, lang: str = "en") -> None:
        super().__init__(f"illegal move {str(verdict.move)!r}: {verdict.text(lang)}")
        self.verdict = verdict


class LegalMoves(Sequence):
    """The legal moves of a position: a read-only sequence of :class:`Move`.

    It stores each distinct play once with its possible eight declarations and lappen
    forms, and makes a ``Move`` only when one is asked for, so a hand with an eight (52
    declarations each) costs no more to list than one without. ``len``, indexing,
    ``random.choice``, iteration and ``in`` (which ignores the order of a group's middle
    cards) work as on a list; ``list(moves)`` makes a real list.
    """

    __slots__ = ("_families", "_ends", "_index")

    def __init__(self, families: list[tuple[str, tuple[Card, ...], tuple, tuple]]) -> None:
        self._families = families
        ends = []
        total = 0
        for family in families:
            total += len(family[2]) * len(family[3])
            ends.append(total)
        self._ends = ends
        self._index: dict | None = None

    def __len__(self) -> int:
        return self._ends[-1] if self._ends else 0

    def __getitem__(self, i):  # type: ignore[override]
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("legal move index out of range")
        f = bisect_right(self._ends, i)
        kind, cards, decls, laps = self._families[f]
        j = i - (self._ends[f - 1] if f else 0)
        suit, rank = decls[j // len(laps)]
        return Move._new(kind, cards, suit, rank, laps[j % len(laps)])

    def __iter__(self) -> Iterator[Move]:
        new = Move._new
        for kind, cards, decls, laps in self._families:
            for suit, rank in decls:
                for lap in laps:
                    yield new(kind, cards, suit, rank, lap)

    def __contains__(self, move: object) -> bool:
        if isinstance(move, str):
            try:
                move = Move.parse(move)
            except InvalidMoveError:
                return False
        if not isinstance(move, Move):
            return False
        if self._index is None:
            self._index = {Move._new(k, c).decision()[:2]: (d, lp) for k, c, d, lp in self._families}
        found = self._index.get(Move._new(move.kind, move.cards).decision()[:2])
        if found is None:
            return False
        decls, laps = found
        return (move.declared_suit, move.declared_rank) in decls and move.lappen in laps

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (LegalMoves, list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    def __repr__(self) -> str:
        if len(self) > 12:
            shown = ", ".join(repr(m) for m in self[:12])
            return f"<LegalMoves [{shown}, …] ({len(self)} moves)>"
        return f"<LegalMoves {list(self)!r}>"

    def plays(self) -> list[tuple[tuple[Card, ...], tuple, tuple]]:
        """Each distinct card play once: ``(cards, declarations, lappen_forms)``; draw and
        pass are left out. Lets a player choose among plays without weighting eights by
        their 52 declarations."""
        return [(c, d, lp) for k, c, d, lp in self._families if k == PLAY]

    def can_draw(self) -> bool:
        return any(f[0] == DRAW for f in self._families)

    def can_pass(self) -> bool:
        return any(f[0] == PASS for f in self._families)


class Game:
    """One round of Vändåtta: the deal, whose turn it is, every hand, the talon and the pile.

    Build it with :meth:`deal` (from a seed or an explicit deck order), :meth:`from_position`
    (a teaching position) or :meth:`from_record`. Seats are numbered 0..players-1; the dealer
    of a dealt round is seat 0 unless given.
    """

    __slots__ = (
        "rules",
        "players",
        "dealer",
        "seed",
        "names",
        "player_info",
        "_rng",
        "_hands",
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
        "_moves",
        "_events",
        "_start_events",
        "_start",
        "_annotations",
        "_v1",
        "_v2",
        "_v3",
        "_o1",
    )

    # -- construction ------------------------------------------------------------------

    def __init__(self) -> None:
        raise TypeError("build a Game with Game.deal(), Game.from_position() or Game.from_record()")

    @classmethod
    def _blank(cls, players: int, rules: Rules | None, seed: int) -> Game:
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 8:
            raise ValueError(f"Vändåtta is played by 2 to 8 players, not {players!r} (R1)")
        if rules is None:
            rules = Rules()
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a vandatta.Rules, not {type(rules).__name__}")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be a whole number, not {seed!r}")
        g = object.__new__(cls)
        g.rules = rules
        g.players = players
        g.seed = seed
        g.names = None
        g.player_info = [{"name": None, "player": "human"} for _ in range(players)]
        g._rng = random.Random(seed)
        g._hands = [[] for _ in range(players)]
        g._talon = []
        g._pile = []
        g._decl = None
        g._follow = None
        g._draws = 0
        g._drew = False
        g._laid = False
        g._must_draw = False
        g._idle = 0
        g._lappen = [False] * players
        g._over = False
        g._winner = None
        g._blocked = False
        g._moves = []
        g._events = []
        g._start_events = []
        g._annotations = {}
        g._v1 = rules.no_special_on_special
        g._v2 = rules.no_special_finish
        g._v3 = rules.lappen
        g._o1 = rules.suit_only_eights
        return g

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
        g = cls._blank(players, rules, seed)
        if not isinstance(dealer, int) or not 0 <= dealer < players:
            raise ValueError(f"dealer must be a seat from 0 to {players - 1}, not {dealer!r}")
        g.dealer = dealer
        g._set_names(names)
        decks = 2 if players >= 6 else 1
        fresh = standard_deck(decks=decks)
        g._rng.shuffle(fresh)  # always, so the generator is in the same state either way
        if deck is None:
            order = fresh
        else:
            order = _parse_card_list(deck, "deck")
            if sorted(order, key=_idx) != sorted(fresh, key=_idx):
                raise ValueError(
                    f"deck must hold each of the 52 cards exactly {decks} time(s) for {players} players "
                    f"(R1); {_deck_difference(order, fresh)}"
                )
        g._start = {"deck": list(order), "dealer": dealer}
        g._deal_from(order)
        return g

    def _deal_from(self, order: list[Card]) -> None:
        players = self.players
        it = iter(order)
        for i in range(HAND_SIZE * players):
            self._hands[(self.dealer + 1 + i) % players].append(next(it))
        rest = list(it)
        rest.reverse()  # the talon's front is the end of the list: pop() draws
        self._talon = rest
        self._to_move = (self.dealer + 1) % players
        events = self._start_events
        redraw_aces = self.rules.redraw_special_starter
        for _ in range(10_000):
            top = self._talon.pop()
            if top.is_eight or (redraw_aces and top.is_ace):
                events.append(Event("starter_back", cards=(top,), rule="R11" if top.is_eight else "O2"))
                self._talon.append(top)
                self._rng.shuffle(self._talon)
                continue
            break
        else:  # pragma: no cover - a talon of only special cards cannot occur with R1's decks
            raise RuntimeError("no ordinary card could be turned up")
        self._pile = [top]
        self._suit, self._rank = top.suit, top.rank
        events.append(Event("turn_up", cards=(top,)))
        if top.is_ace:  # R11: nobody laid it; every player draws one, starting after the dealer
            for k in range(players):
                seat = (self.dealer + 1 + k) % players
                card = self._draw_one(seat, events, "starter_draw")
                if card is not None:
                    events.append(Event("starter_draw", seat, (card,), rule="R11"))

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
    ) -> Game:
        """A teaching position at the start of ``to_move``'s turn.

        ``hands`` lists each seat's cards (seat 0 first); ``top`` is the pile's top card, an
        eight with its declaration as ``"8♠=K♥"`` (a bare ``"8♠"`` counts as itself);
        ``talon`` is drawn from its first card; ``pile`` lists the cards under the top,
        bottom first. ``seed`` drives reshuffles (R10).
        """
        if isinstance(hands, str) or not isinstance(hands, Sequence):
            raise ValueError("hands must be a list with one entry per seat, e.g. ['7♣ 8♠', 'K♥ 2♦']")
        g = cls._blank(len(hands), rules, seed)
        if not isinstance(to_move, int) or not 0 <= to_move < g.players:
            raise ValueError(f"to_move must be a seat from 0 to {g.players - 1}, not {to_move!r}")
        g._set_names(names)
        g.dealer = (to_move - 1) % g.players
        g._hands = [_parse_card_list(h, f"hands[{i}]") for i, h in enumerate(hands)]
        top_card, decl = _parse_top(top)
        if decl is not None:
            if g._o1 and decl[1] is not None:
                raise ValueError(f"top {top!r}: with suit-only eights (O1) declare a suit only, e.g. '8♠=♥'")
            if not g._o1 and decl[1] is None:
                raise ValueError(f"top {top!r}: an eight counts as a suit and a rank, e.g. '8♠=K♥' (R6)")
        talon_cards = _parse_card_list(talon, "talon")
        pile_cards = _parse_card_list(pile, "pile")
        everything = [c for h in g._hands for c in h] + talon_cards + pile_cards + [top_card]
        counts: dict[Card, int] = {}
        for c in everything:
            counts[c] = counts.get(c, 0) + 1
        worst = max(counts.items(), key=lambda kv: kv[1])
        if worst[1] > 2:
            raise ValueError(f"{worst[0]} appears {worst[1]} times; even two decks hold it only twice (R1)")
        if worst[1] == 2 and g.players < 6:
            pass  # a teaching position may use two decks with fewer players
        talon_cards.reverse()
        g._talon = talon_cards
        g._pile = [*pile_cards, top_card]
        g._to_move = to_move
        g._decl = decl
        g._suit, g._rank = decl if decl is not None else (top_card.suit, top_card.rank)
        g._start = {
            "position": {
                "hands": [format_cards(h) for h in g._hands],
                "top": _format_top(top_card, decl),
                "talon": format_cards(reversed(g._talon)),
                "pile": format_cards(pile_cards),
                "to_move": to_move,
            }
        }
        return g

    def _set_names(self, names: Sequence[str] | None) -> None:
        if names is None:
            return
        names = list(names)
        if len(names) != self.players or not all(isinstance(n, str) and n.strip() for n in names):
            raise ValueError(f"names must be {self.players} non-empty strings, one per seat")
        self.names = tuple(names)
        for info, name in zip(self.player_info, names):
            info["name"] = name

    def copy(self, *, history: bool = True) -> Game:
        """An independent copy. ``history=False`` leaves out the move list (for simulations:
        the copy cannot make a record)."""
        g = object.__new__(Game)
        for name in Game.__slots__:
            setattr(g, name, getattr(self, name))
        g._rng = random.Random()
        g._rng.setstate(self._rng.getstate())
        g._hands = [h[:] for h in self._hands]
        g._talon = self._talon[:]
        g._pile = self._pile[:]
        g._lappen = self._lappen[:]
        g.player_info = [dict(p) for p in self.player_info]
        if history:
            g._moves = self._moves[:]
            g._events = self._events[:]
            g._annotations = dict(self._annotations)
        else:
            g._moves = []
            g._events = []
            g._annotations = {}
            g._start = None
        return g

    def __copy__(self) -> Game:
        return self.copy()

    def __deepcopy__(self, memo: dict) -> Game:
        return self.copy()

    # -- the state, read-only ---------------------------------------------------------------

    @property
    def to_move(self) -> int:
        """The seat whose decision it is (R3)."""
        return self._to_move

    def hand(self, seat: int) -> Hand:
        """Seat ``seat``'s cards, in the order received (a tuple that draws itself)."""
        self._check_seat(seat)
        return Hand(self._hands[seat])

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(tuple(h) for h in self._hands)

    def hand_size(self, seat: int) -> int:
        self._check_seat(seat)
        return len(self._hands[seat])

    @property
    def top(self) -> Card:
        """The pile's top card (its own face; see :attr:`declaration` for an eight)."""
        return self._pile[-1]

    @property
    def pile(self) -> tuple[Card, ...]:
        """The face-up pile, bottom first; the last card is :attr:`top`."""
        return tuple(self._pile)

    @property
    def talon(self) -> tuple[Card, ...]:
        """The face-down talon, the next card to be drawn first. Hidden information: players
        (and bots) must not look at it."""
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
    def must_draw(self) -> bool:
        """True after a special card was laid as the last card under V2: the player must draw."""
        return self._must_draw

    @property
    def lappen_called(self) -> tuple[bool, ...]:
        """For each seat, whether it called lappen at the end of its latest turn (V3)."""
        return tuple(self._lappen)

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def winner(self) -> int | None:
        """The seat that went out (R9), or ``None`` (round going on, or blocked)."""
        return self._winner

    @property
    def is_blocked(self) -> bool:
        """The round ended with nobody able to lay or draw (R10)."""
        return self._blocked

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move played so far, in order."""
        return tuple(self._moves)

    @property
    def ply(self) -> int:
        """The number of moves played."""
        return len(self._moves)

    def events(self, ply: int | None = None) -> tuple[Event, ...]:
        """The events caused by move number ``ply`` (1-based); ``0`` gives the deal's events
        (the card turned up, R11). Without ``ply``, those of the latest move."""
        if ply is None:
            ply = len(self._moves)
        if ply == 0:
            return tuple(self._start_events)
        if not 1 <= ply <= len(self._moves):
            raise IndexError(f"no move {ply}: {len(self._moves)} moves were played")
        return tuple(self._events[ply - 1])

    def annotation(self, ply: int) -> dict | None:
        """The annotation stored with move ``ply`` (1-based), e.g. a computer player's notes."""
        return self._annotations.get(ply)

    def points(self) -> list[int]:
        """S1 points of every seat's hand now (the round's score once it is over)."""
        from .scoring import hand_points

        return [hand_points(h) for h in self._hands]

    def player_name(self, seat: int, lang: str = "en") -> str:
        """The seat's name, or "Player 1"/"Spelare 1" when none was given."""
        self._check_seat(seat)
        if self.names:
            return self.names[seat]
        return ("Spelare" if lang == "sv" else "Player") + f" {seat + 1}"

    def _check_seat(self, seat: int) -> None:
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"seat must be from 0 to {self.players - 1}, not {seat!r}")

    def _name_param(self, seat: int) -> object:
        return self.names[seat] if self.names else seat

    # -- rules --------------------------------------------------------------------------

    def _first_reason(self, card: Card) -> Reason | None:
        """Why ``card`` may not be the first card of a play here (R4, R6, R7, V1), or None."""
        follow = self._follow
        if follow is not None:
            if card.suit is not follow:
                if card.is_eight:
                    return ("follow_up_eight_other_suit", (("suit", follow),))
                return ("follow_up_wrong_suit", (("card", card), ("suit", follow)))
            if self._v1 and card.is_special:
                return ("special_on_special", (("card", card), ("top", self._pile[-1])))
            return None
        if card.is_eight:
            if self._v1 and self._pile[-1].is_special:
                return ("special_on_special", (("card", card), ("top", self._pile[-1])))
            return None
        if card.suit is self._suit or card.rank is self._rank:
            if self._v1 and card.is_ace and self._pile[-1].is_special:
                return ("special_on_special", (("card", card), ("top", self._pile[-1])))
            return None
        if self._rank is None:
            return ("no_match_suit_only", (("card", card), ("suit_sym", self._suit), ("top", self._pile[-1])))
        return ("no_match", (("card", card), ("suit_sym", self._suit), ("rank", self._rank)))

    def _follow_exists(self, hand: list[Card], suit: Suit) -> bool:
        """Whether ``hand`` holds a legal follow-up to an ace of ``suit`` (R7, V1)."""
        v1 = self._v1
        for c in hand:
            if c.suit is suit and not c.is_ace and not (v1 and c.is_eight):
                return True
        if v1:
            return False
        # Only an ace of the suit could follow (two decks); it owes its own follow-up. A group
        # of two aces is enough to consider: more aces in the middle only take cards away.
        first = Card(_ACE, suit)
        if first not in hand:
            return False
        rest = hand[:]
        rest.remove(first)
        if self._follow_exists(rest, suit):
            return True
        for last in {c for c in rest if c.is_ace and c.suit is not suit}:
            rest2 = rest[:]
            rest2.remove(last)
            if self._follow_exists(rest2, last.suit):
                return True
        return False

    def lappen_ready(self, seat: int | None = None) -> bool:
        """Whether the hand could be emptied in one turn given a suitable top card (V3)."""
        return self._ready(self._hands[self._to_move if seat is None else seat])

    def _ready(self, hand: list[Card]) -> bool:
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
            if self._v2:
                return False
            if self._v1 and (aces or len(hand) > 1):
                return False
        if not aces:
            return True
        if self._v1 and aces > 1:
            return False
        return not ace_suits.isdisjoint(suits)

    def _judge(self, move: Move) -> Reason | None:
        """None when ``move`` is legal here, else the first reason it is not."""
        if self._over:
            return ("round_blocked", ()) if self._blocked else ("round_over", ())
        kind = move.kind
        if kind == PLAY:
            cards = move.cards
            first = cards[0]
            hand = self._hands[self._to_move]
            if len(cards) == 1:
                if first not in hand:
                    return ("not_held", (("card", first),))
            else:
                rank = first.rank
                for c in cards:
                    if c.rank is not rank:
                        return ("mixed_ranks", (("card", first), ("other", c)))
                for c in set(cards):
                    need = cards.count(c)
                    have = hand.count(c)
                    if have < need:
                        if not have:
                            return ("not_held", (("card", c),))
                        return ("not_held_enough", (("card", c), ("n_held", have), ("n_laid", need)))
            reason = self._first_reason(first)
            if reason is not None:
                return reason
            if self._v1 and first.is_special and len(cards) > 1:
                return ("special_group", (("card", cards[1]), ("other", first)))
            if first.is_eight:
                if move.declared_suit is None:
                    return (
                        "eight_undeclared_suit" if self._o1 else "eight_undeclared",
                        (("card", cards[-1]),),
                    )
                if self._o1:
                    if move.declared_rank is not None:
                        return ("eight_suit_only", (("card", cards[-1]),))
                elif move.declared_rank is None:
                    return ("eight_needs_rank", (("card", cards[-1]),))
            if first.is_ace:
                after = _without(hand, cards)
                if not self._follow_exists(after, cards[-1].suit):
                    return ("ace_needs_follow_up", (("card", cards[-1]), ("suit", cards[-1].suit)))
                if move.lappen:
                    return ("lappen_turn_goes_on", ()) if self._v3 else ("lappen_off", ())
            elif move.lappen:
                if not self._v3:
                    return ("lappen_off", ())
                after = _without(hand, cards)
                if not after:
                    if self._v2 and cards[-1].is_special:
                        return ("lappen_turn_goes_on", ())
                    return ("lappen_going_out", ())
                if not self._ready(after):
                    return ("lappen_not_ready", ())
            return None
        if self._follow is not None:
            return ("follow_up_owed", (("suit", self._follow),))
        can_draw = bool(self._talon) or len(self._pile) > 1
        if kind == DRAW:
            if self._draws >= 3:
                return ("draw_limit", ())
            if not can_draw:
                return ("draw_nothing", ())
            return None
        # PASS
        if self._draws < 3 and can_draw:
            return ("pass_must_draw_v2" if self._must_draw else "pass_too_early", (("n", self._draws),))
        if move.lappen:
            if not self._v3:
                return ("lappen_off", ())
            if not self._ready(self._hands[self._to_move]):
                return ("lappen_not_ready", ())
        return None

    def _explain(self, move: Move) -> list[Reason]:
        """The reasons a legal ``move`` is legal and what follows from it."""
        reasons: list[Reason] = []
        seat = self._to_move
        nxt = self._name_param((seat + 1) % self.players)
        hand = self._hands[seat]
        if move.kind == PLAY:
            cards = move.cards
            first, last = cards[0], cards[-1]
            top = self._pile[-1]
            where = (("top", top), ("top_decl", self._decl))
            if self._follow is not None:
                reasons.append(("follow_up_ok", (("card", first), ("suit", self._follow))))
                if first.is_eight:  # the follow-up eight's declaration is what the next play must match
                    reasons.append(
                        ("eight_wild", (("card", last), ("decl", (move.declared_suit, move.declared_rank))))
                    )
            elif first.is_eight:
                decl = (move.declared_suit, move.declared_rank)
                reasons.append(("eight_wild", (("card", last), ("decl", decl))))
            elif first.suit is self._suit and first.rank is self._rank:
                reasons.append(("same_rank_same_suit", (("card", first), *where)))
            elif first.suit is self._suit:
                reasons.append(("same_suit", (("card", first), ("suit", first.suit), *where)))
            else:
                reasons.append(("same_rank", (("card", first), ("suit", first.suit), *where)))
            if len(cards) > 1:
                if first.is_eight:
                    reasons.insert(0, ("group_eights", (("count", len(cards)), ("last", last))))
                else:
                    reasons.append(
                        (
                            "group",
                            (
                                ("count", len(cards)),
                                ("rank", first.rank),
                                ("last", last),
                                ("suit", last.suit),
                            ),
                        )
                    )
            after = _without(hand, cards)
            if first.is_ace:
                reasons.append(("ace_draws", (("n_cards", len(cards)),)))
                reasons.append(("ace_owes", (("suit", last.suit),)))
                return reasons
            if not after:
                if self._v2 and last.is_special:
                    reasons.append(("v2_must_draw", ()))
                else:
                    reasons.append(("goes_out", ()))
                return reasons
            self._explain_turn_end(move, after, reasons)
            return reasons
        if move.kind == DRAW:
            if self._must_draw:
                reasons.append(("draw_after_special", ()))
            reasons.append(("draw_ok", (("n", self._draws + 1),)))
            if not self._talon:
                reasons.append(("draw_reshuffle", ()))
            if self._draws < 2:
                reasons.append(("draw_may_play", ()))
            return reasons
        can_draw = bool(self._talon) or len(self._pile) > 1
        reasons.append(("pass_after_three", ()) if can_draw else ("pass_nothing_to_draw", ()))
        self._explain_turn_end(move, hand, reasons)
        if not self._laid and not self._drew and self._idle + 1 >= self.players:
            reasons.append(("pass_blocks", ()))
        else:
            reasons.append(("turn_passes", (("player", nxt),)))
        return reasons

    def _explain_turn_end(self, move: Move, hand_after: list[Card], reasons: list[Reason]) -> None:
        if move.lappen:
            reasons.append(("lappen_called", ()))
        elif self._v3 and self._ready(hand_after):
            reasons.append(("lappen_penalty", ()))

    # -- moves ------------------------------------------------------------------------------

    def legal_moves(self) -> LegalMoves:
        """Every legal move here, each distinct decision once (RULES.md, "Notation"): every
        declaration of an eight, both forms where lappen may be called, a group's middle
        cards in ascending order. A lazy sequence (see :class:`LegalMoves`)."""
        families: list[tuple[str, tuple[Card, ...], tuple, tuple]] = []
        if self._over:
            return LegalMoves(families)
        hand = self._hands[self._to_move]
        follow = self._follow
        # The cards that may start a play (R4, R6, R7), inline for speed; V1 filters after.
        if follow is None:
            suit, rank = self._suit, self._rank
            firsts = [c for c in hand if c.suit is suit or c.rank is rank or c.is_eight]
        else:
            firsts = [c for c in hand if c.suit is follow]
        if firsts and self._v1:
            first_reason = self._first_reason
            firsts = [c for c in firsts if not c.is_special or first_reason(c) is None]
        if firsts:
            v1, v3 = self._v1, self._v3
            if len(firsts) > 1:
                firsts.sort(key=_rank_then_index)
            done_rank = None
            for f in firsts:
                rank = f.rank
                if rank is done_rank:
                    continue
                done_rank = rank
                same = [c for c in hand if c.rank is rank]
                if len(same) == 1:
                    groups: list[tuple[Card, ...]] = [(f,)]
                elif v1 and (rank is _EIGHT or rank is _ACE):
                    groups = [(c,) for c in sorted({c for c in firsts if c.rank is rank}, key=_idx)]
                else:
                    groups = _groups(same, sorted({c for c in firsts if c.rank is rank}, key=_idx))
                if rank is _EIGHT:
                    decls = _SUIT_DECLARATIONS if self._o1 else _ALL_DECLARATIONS
                else:
                    decls = _NO_DECLARATION
                for group in groups:
                    laps = _PLAIN
                    if rank is _ACE:
                        if not self._follow_exists(_without(hand, group), group[-1].suit):
                            continue
                    elif v3:
                        after = _without(hand, group)
                        if after and self._ready(after):
                            laps = _BOTH
                    families.append((PLAY, group, decls, laps))
        if self._follow is None:
            can_draw = bool(self._talon) or len(self._pile) > 1
            if self._draws < 3 and can_draw:
                families.append((DRAW, (), _NO_DECLARATION, _PLAIN))
            else:
                laps = _BOTH if self._v3 and self._ready(hand) else _PLAIN
                families.append((PASS, (), _NO_DECLARATION, laps))
        return LegalMoves(families)

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
        return Verdict(True, move, self._explain(move))

    def play(self, move: Move | str, *, annotation: dict | None = None) -> None:
        """Check ``move`` and make it. Raises :class:`IllegalMoveError` (with the verdict)
        when it is not legal, :class:`InvalidMoveError` when it cannot be read; either way
        the game is left exactly as it was. ``annotation`` (JSON-ready) is kept with the
        move in the record, e.g. what a computer player considered."""
        move = Move.parse(move)
        reason = self._judge(move)
        if reason is not None:
            raise IllegalMoveError(Verdict(False, move, (reason,)))
        if annotation is not None:
            self._annotations[len(self._moves) + 1] = annotation
        self._apply(move)

    def push(self, move: Move) -> None:
        """The fast path: make ``move`` WITHOUT checking it. Only for moves taken from
        :meth:`legal_moves` of this very position (simulations, bots); anything else can
        corrupt the game. Use :meth:`play` everywhere else."""
        self._apply(move)

    def _apply(self, move: Move) -> None:
        seat = self._to_move
        events: list[Event] = []
        kind = move.kind
        if kind == PLAY:
            hand = self._hands[seat]
            cards = move.cards
            for c in cards:
                hand.remove(c)
            self._pile.extend(cards)
            last = cards[-1]
            self._laid = True
            self._follow = None
            if last.is_eight:
                self._decl = (move.declared_suit, move.declared_rank)
                self._suit, self._rank = move.declared_suit, move.declared_rank
            else:
                self._decl = None
                self._suit, self._rank = last.suit, last.rank
            if last.is_ace:
                n = self.players
                for _ in cards:
                    for k in range(1, n):
                        other = (seat + k) % n
                        card = self._draw_one(other, events, "ace_draw")
                        if card is not None:
                            events.append(Event("ace_draw", other, (card,), rule="R7"))
                self._follow = last.suit
            elif not hand:
                if self._v2 and last.is_special:
                    self._must_draw = True
                    self._draws = 0
                else:
                    self._over = True
                    self._winner = seat
                    events.append(Event("out", seat, rule="R9"))
            else:
                self._end_turn(move, events, passed=False)
        elif kind == DRAW:
            self._drew = True
            self._draws += 1
            card = self._draw_one(seat, events, "draw")
            if card is not None:
                events.append(Event("draw", seat, (card,), rule="R8"))
        else:
            self._end_turn(move, events, passed=True)
        self._moves.append(move)
        self._events.append(events)

    def _draw_one(self, seat: int, events: list[Event], why: str) -> Card | None:
        talon = self._talon
        if not talon:
            pile = self._pile
            if len(pile) > 1:
                under = pile[:-1]
                del pile[:-1]
                self._rng.shuffle(under)
                talon.extend(under)
                events.append(Event("reshuffle", count=len(under), rule="R10"))
            else:
                events.append(Event("lapse", seat, rule="R10"))
                return None
        card = talon.pop()
        self._hands[seat].append(card)
        return card

    def _end_turn(self, move: Move, events: list[Event], *, passed: bool) -> None:
        seat = self._to_move
        if self._v3:
            self._lappen[seat] = move.lappen
            if not move.lappen and self._ready(self._hands[seat]):
                drawn = []
                for _ in range(3):
                    card = self._draw_one(seat, events, "penalty")
                    if card is not None:
                        drawn.append(card)
                events.append(Event("penalty", seat, tuple(drawn), rule="V3"))
        if passed and not self._laid and not self._drew:
            self._idle += 1
            if self._idle >= self.players:
                self._over = True
                self._blocked = True
                events.append(Event("blocked", rule="R10"))
        else:
            self._idle = 0
        self._to_move = (seat + 1) % self.players
        self._draws = 0
        self._laid = False
        self._drew = False
        self._must_draw = False

    # -- records, display ---------------------------------------------------------------

    def to_record(self) -> dict:
        """The game as a JSON-ready record (see :mod:`vandatta.record`)."""
        from .record import game_to_record

        return game_to_record(self)

    @classmethod
    def from_record(cls, record: dict | str | bytes, *, max_moves: int | None = None) -> Game:
        """Rebuild a game from a record (a dict, or JSON text), replaying and validating
        every move. A record of more than ``max_moves`` moves is refused (``None``: the
        record module's :data:`~vandatta.record.MAX_MOVES`, 20,000). Raises
        :class:`vandatta.RecordError`."""
        from .record import game_from_record

        return (
            game_from_record(record) if max_moves is None else game_from_record(record, max_moves=max_moves)
        )

    def replay(self, ply: int) -> Game:
        """The position after the first ``ply`` moves, rebuilt from the start (any ply)."""
        from .record import replay_to

        return replay_to(self, ply)

    def __repr__(self) -> str:
        state = (
            "blocked"
            if self._blocked
            else f"won by seat {self._winner}"
            if self._over
            else f"seat {self._to_move} to move"
        )
        top = _format_top(self._pile[-1], self._decl)
        return f"<Game {self.players} players, {self.rules!s}, top {top}, {state}, ply {len(self._moves)}>"

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


def _rank_then_index(card: Card) -> tuple[int, int]:
    return (card.rank, card.index)


def _without(hand: list[Card], cards: tuple[Card, ...]) -> list[Card]:
    rest = hand[:]
    for c in cards:
        rest.remove(c)
    return rest


def _groups(cards: list[Card], firsts: list[Card]) -> list[tuple[Card, ...]]:
    """Every distinct group of one rank: first card from ``firsts``, any last card, any
    sub-multiset in the middle (ascending)."""
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


def _parse_card_list(value: object, field: str) -> list[Card]:
    try:
        if isinstance(value, (str, Iterable)):
            return parse_cards(value)  # type: ignore[arg-type]
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
    suit = _SUIT_BY_TEXT.get(clean)
    if suit is not None:
        return card, (suit, None)
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
