"""What one seat may know about a round (:class:`SeatView`), and games dealt consistently with
it (:meth:`SeatView.sample`): the ground of determinized search.

A seat sees its own hand, the face-up pile, how many cards every hand and the talon hold, the
public history (which cards were laid, who drew how many) — never another hand or the order of
the talon. A sampled game deals the cards the seat has not seen to the other hands and the
talon at random, in the right numbers and respecting what the others showed when they drew
or passed (see :attr:`SeatView.voids`), so a search can play it out.

>>> import random
>>> from vandatta import Game
>>> game = Game.from_position(hands=["7♥ 7♣ 8♠ K♥", "2♦ 3♦"], top="7♦", talon="9♠ 4♦ 2♣")
>>> view = SeatView.of(game, 0)
>>> view.hand_sizes, view.talon_size, len(view.unseen())
((4, 2), 3, 47)
>>> sample = view.sample(random.Random(1))
>>> sample.hand(0) == game.hand(0), sample.hand_sizes, sample.talon_size, sample.pile == game.pile
(True, (4, 2), 3, True)
>>> SeatView.of(sample, 0).position() == view.position()
True

Everything here uses the public API of :class:`~vandatta.Game` only.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from .cards import Card, Rank, Suit, standard_deck
from .explain import Event
from .game import Game, LegalMoves
from .moves import DRAW, PASS, PLAY, Move
from .rules import Rules
from .shuffling import shuffle

__all__ = ["SeatView", "PublicPly", "PublicLog", "Sampler", "public_events"]

_HIDDEN_DRAWS = frozenset({"draw", "ace_draw", "starter_draw", "penalty"})


class PublicPly(NamedTuple):
    """One move as every seat saw it: who made it, the move, and its events with the cards
    of every draw hidden (``cards == ()``, ``count`` = how many were drawn). ``seat`` is
    ``None`` for a game whose start is unknown (a copy made without history)."""

    seat: int | None
    move: Move
    events: tuple[Event, ...]


def public_events(events: Sequence[Event]) -> tuple[Event, ...]:
    """``events`` as every seat saw them: the cards of each draw hidden, their number kept
    in ``count``."""
    out = []
    for e in events:
        if e.kind in _HIDDEN_DRAWS:
            e = Event(e.kind, e.seat, (), len(e.cards), e.rule)
        out.append(e)
    return tuple(out)


class PublicLog:
    """The public history of one game, extended move by move (the players of a round can
    share one log, so a view costs no walk over the whole game).

    Knows who made each move by following the turn order with the hand sizes: the turn
    passes after ``pass`` and after a play that neither goes out, owes an ace's follow-up,
    nor empties the hand under V2. Also notes, for each seat, what it last showed it could
    not (or would not) match: see :attr:`SeatView.voids`. ``special_empty`` counts the plays
    that emptied a hand on a special card without going out (V2).
    """

    __slots__ = ("plies", "start", "special_empty", "voids", "seat", "sizes", "top", "players")

    def __init__(self, game: Game) -> None:
        self._start(game)

    def _start(self, game: Game) -> None:
        """Begin at ``game``'s first position and take in its moves."""
        self.plies: list[PublicPly] = []
        self.special_empty = 0
        self.start = public_events(game.events(0))
        self.players = game.players
        self.voids: list[tuple[Suit, Rank | None, int] | None] = [None] * game.players
        self.top: tuple[Suit, Rank | None] | None = None
        self.seat: int | None = None
        self.sizes: list[int] | None = None
        if game.has_history:
            root = game.root()
            self.seat = root.to_move
            self.sizes = list(root.hand_sizes)
            self.top = (root.current_suit, root.current_rank)
            self.update(game)

    def update(self, game: Game) -> None:
        """Take in the moves of ``game`` not seen yet."""
        plies = self.plies
        n = game.ply
        if n < len(plies):  # not our game any more (or moves were taken back): start again
            self._start(game)
            return
        voids = self.voids
        waits = game.rules.drawn_card_only
        places = game.rules.play_for_places  # rule O10: a player out is skipped, and the round goes on
        for ply in range(len(plies) + 1, n + 1):
            move, evs = game.move_at(ply), game.events(ply)
            seat = self.seat
            plies.append(PublicPly(seat, move, public_events(evs) if evs else ()))
            sizes = self.sizes
            if sizes is None or seat is None:
                continue
            kind = move.kind
            # drawing or passing: nothing in the hand matched the top (special cards aside) —
            # rule O5: after a draw only the card drawn may be laid, so only the turn's first draw says so
            if (
                kind != PLAY
                and self.top is not None
                and not (waits and ply > 1 and plies[-2].seat == seat and plies[-2].move.kind == DRAW)
            ):
                voids[seat] = (self.top[0], self.top[1], 0)
            over = False
            for e in evs:
                if e.kind in _HIDDEN_DRAWS and e.seat is not None:  # a draw always names its seat
                    sizes[e.seat] += len(e.cards)
                    void = voids[e.seat]
                    if void is not None:
                        voids[e.seat] = (void[0], void[1], void[2] + len(e.cards))
                elif e.kind == "blocked" or (
                    e.kind == "out" and (e.rule != "O10" or (ply == n and game.is_over))
                ):
                    over = True  # (rule O10: an out ends the round only when it is the last)
            if kind == PLAY:
                cards = move.cards
                last = cards[-1]
                declared = move.declared_suit  # a laid eight's, never None (R6)
                self.top = (
                    (declared, move.declared_rank)
                    if last.is_eight and declared is not None
                    else (last.suit, last.rank)
                )
                sizes[seat] -= len(cards)
                if over or last.is_ace:
                    continue
                if sizes[seat] > 0 or places:
                    self.seat = _next_in(seat, sizes, places)
                else:
                    self.special_empty += 1
            elif kind == PASS:
                self.seat = _next_in(seat, sizes, places)


def _next_in(seat: int, sizes: list[int], places: bool) -> int:
    """Rule R3: the next seat — rule O10: the next one still holding cards."""
    n = len(sizes)
    nxt = (seat + 1) % n
    while places and not sizes[nxt] and nxt != seat:
        nxt = (nxt + 1) % n
    return nxt


class SeatView:
    """Everything seat ``seat`` may know about a round, and nothing more. Build it with
    :meth:`of`. Immutable.

    Attributes: ``seat``, ``players``, ``rules``, ``dealer``, ``to_move``, ``hand`` (this
    seat's cards), ``pile`` (every face-up card, bottom first), ``declaration``,
    ``current_suit``, ``current_rank``, ``follow_up_suit``, ``draws_this_turn``,
    ``drew_this_turn``, ``laid_this_turn``, ``must_draw``, ``idle_turns`` (consecutive
    turns ended by a bare pass, R10), ``hand_sizes``, ``talon_size``, ``lappen_called``, ``varning_called`` (O9),
    ``is_over``, ``winner``, ``is_blocked``, ``history`` (a tuple of :class:`PublicPly`),
    ``start_events`` (the deal's events, draws hidden), ``ply``, ``legal`` (the legal
    moves when it is this seat's turn, else ``None``) and ``voids``.

    ``voids[s]`` is what seat ``s`` last showed it held nothing for: ``(suit, rank,
    new_cards)`` when it last drew or passed while ``suit``/``rank`` was to be matched
    (``rank`` ``None`` under O1), ``new_cards`` being the cards it has received since — so
    at most that many cards in its hand can match that suit or rank, special cards aside (an
    eight, or an ace it could not follow up) — if it plays sensibly: players may draw while
    holding a legal play. ``None`` when it has not drawn or passed yet.
    """

    __slots__ = (
        "seat",
        "players",
        "rules",
        "dealer",
        "to_move",
        "hand",
        "pile",
        "declaration",
        "current_suit",
        "current_rank",
        "follow_up_suit",
        "draws_this_turn",
        "drew_this_turn",
        "laid_this_turn",
        "must_draw",
        "idle_turns",
        "hand_sizes",
        "talon_size",
        "lappen_called",
        "varning_called",
        "is_over",
        "winner",
        "is_blocked",
        "ply",
        "legal",
        "start_events",
        "voids",
        "history",
    )

    seat: int
    players: int
    rules: Rules
    dealer: int
    to_move: int
    hand: tuple[Card, ...]
    pile: tuple[Card, ...]
    declaration: tuple[Suit, Rank | None] | None
    current_suit: Suit
    current_rank: Rank | None
    follow_up_suit: Suit | None
    draws_this_turn: int
    drew_this_turn: bool
    laid_this_turn: bool
    must_draw: bool
    idle_turns: int
    hand_sizes: tuple[int, ...]
    talon_size: int
    lappen_called: tuple[bool, ...]
    varning_called: tuple[bool, ...]
    is_over: bool
    winner: int | None
    is_blocked: bool
    ply: int
    legal: LegalMoves | None
    start_events: tuple[Event, ...]
    voids: tuple[tuple[Suit, Rank | None, int] | None, ...]
    history: tuple[PublicPly, ...]

    def __init__(self) -> None:
        raise TypeError("build a SeatView with SeatView.of(game, seat)")

    @classmethod
    def of(cls, game: Game, seat: int | None = None, *, log: PublicLog | None = None) -> SeatView:
        """The view of ``seat`` (default: the seat to move) in ``game``.

        ``log`` is a :class:`PublicLog` of this round to extend instead of reading its
        whole history. For a game without history (a copy, or a game dealt anew by
        :meth:`Game.with_hidden_cards`) the log is taken as its public history as it is:
        the view is then the one the seat had in the round the log comes from."""
        if seat is None:
            seat = game.to_move
        game.hand_size(seat)  # checks the seat
        if log is None:
            log = PublicLog(game)
        if game.has_history:
            log.update(game)
            ply = game.ply
        else:
            ply = len(log.plies)
        view = object.__new__(cls)
        fields = {
            "seat": seat,
            "players": game.players,
            "rules": game.rules,
            "dealer": game.dealer,
            "to_move": game.to_move,
            "hand": tuple(game.hand(seat)),
            "pile": game.pile,
            "declaration": game.declaration,
            "current_suit": game.current_suit,
            "current_rank": game.current_rank,
            "follow_up_suit": game.follow_up_suit,
            "draws_this_turn": game.draws_this_turn,
            "drew_this_turn": game.drew_this_turn,
            "laid_this_turn": game.laid_this_turn,
            "must_draw": game.must_draw,
            "idle_turns": game.idle_turns,
            "hand_sizes": game.hand_sizes,
            "talon_size": game.talon_size,
            "lappen_called": game.lappen_called,
            "varning_called": game.varning_called,
            "is_over": game.is_over,
            "winner": game.winner,
            "is_blocked": game.is_blocked,
            "ply": ply,
            "legal": game.legal_moves() if seat == game.to_move and not game.is_over else None,
            "start_events": log.start,
            "voids": tuple(log.voids),
            "history": tuple(log.plies[:ply]),
        }
        for name, value in fields.items():
            object.__setattr__(view, name, value)
        return view

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("SeatView is immutable")

    def __reduce__(self) -> tuple:
        # A view travels to another process (a server's computer players think in a pool):
        # it is pickled as its fields, nothing more than the seat may know.
        return (_view_from_fields, (tuple(getattr(self, name) for name in self.__slots__),))

    @property
    def top(self) -> Card:
        return self.pile[-1]

    @property
    def my_turn(self) -> bool:
        return self.legal is not None

    def opponents(self) -> list[int]:
        """The other seats, in turn order from this one."""
        return [(self.seat + k) % self.players for k in range(1, self.players)]

    def decks(self) -> int:
        """How many 52-card decks the round uses (R1; two if the cards seen need them)."""
        if self.players >= 6:
            return 2
        seen = [c.index for c in self.hand] + [c.index for c in self.pile]
        return 2 if len(seen) != len(set(seen)) else 1

    def unseen(self) -> list[Card]:
        """The cards this seat has not seen, in a fixed order (by card index): the deck(s)
        minus its own hand minus the pile. They are somewhere in the other hands or the
        talon."""
        counts = [self.decks()] * 52
        for c in self.hand:
            counts[c.index] -= 1
        for c in self.pile:
            counts[c.index] -= 1
        out = []
        for card in standard_deck():
            n = counts[card.index]
            if n > 0:
                out.extend([card] * n)
        return out

    def position(self) -> tuple:
        """The position as this seat sees it, history aside: a value to compare two views
        by (a sampled game's view of this seat has the same position)."""
        return (
            self.seat,
            self.players,
            self.rules,
            self.to_move,
            self.hand,
            self.pile,
            self.declaration,
            self.current_suit,
            self.current_rank,
            self.follow_up_suit,
            self.draws_this_turn,
            self.drew_this_turn,
            self.laid_this_turn,
            self.must_draw,
            self.idle_turns,
            self.hand_sizes,
            self.talon_size,
            self.lappen_called,
            self.varning_called,
            self.is_over,
            self.winner,
            self.is_blocked,
            None if self.legal is None else tuple(self.legal),
        )

    def sampler(self, *, infer: bool = True) -> Sampler:
        """A :class:`Sampler` that deals games consistent with this view, again and again."""
        return Sampler(self, infer=infer)

    def sample(self, rng: random.Random | None = None, *, infer: bool = True) -> Game:
        """A complete game consistent with this view: the unseen cards shuffled with
        ``rng`` and dealt to the other hands by their sizes (with ``infer``, respecting the
        voids the others showed: see :attr:`voids`), then to the talon. The game has no
        history and its later shuffles draw on ``rng``. Only what this seat may know goes
        in, so the same ``rng`` gives the same game whatever the hidden cards really are."""
        if rng is None:
            rng = random.Random()
        return Sampler(self, infer=infer).sample(rng)

    def _key(self) -> tuple:
        return (*self.position(), self.dealer, self.ply, self.start_events, self.voids, self.history)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SeatView):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        hand = " ".join(map(str, self.hand)) or "—"
        return (
            f"<SeatView seat {self.seat} of {self.players}, hand {hand}, top {self.top}, "
            f"sizes {list(self.hand_sizes)}, talon {self.talon_size}, ply {self.ply}>"
        )


class Sampler:
    """Deals the hidden cards of a view again and again (determinization): see
    :meth:`SeatView.sample`.

    With ``infer``, a seat that showed a void (see :attr:`SeatView.voids`) gets, apart from
    the cards it received since, only cards that do not match that suit or rank (special cards
    may): what it held when it drew or passed could not be laid. If the unseen cards cannot
    satisfy that, the seat is dealt freely.
    """

    __slots__ = ("template", "unseen", "others", "talon_size", "constraints", "_allowed")

    def __init__(self, view: SeatView, *, infer: bool = True) -> None:
        if view.is_over:
            raise ValueError("the round is over: there is nothing hidden left to deal")
        unseen = view.unseen()
        others = [(s, view.hand_sizes[s]) for s in range(view.players) if s != view.seat]
        need = sum(n for _, n in others) + view.talon_size
        if len(unseen) < need:  # a teaching position with more duplicates than one deck
            unseen = _minus(standard_deck(decks=2), [*view.hand, *view.pile])
            if len(unseen) < need:
                raise ValueError("the view holds more cards than two decks: cannot sample the hidden cards")
        self.unseen = unseen
        self.others = others
        self.talon_size = view.talon_size
        self.template = _template(view, unseen)
        constraints = []
        if infer:
            for seat, n in others:
                void = view.voids[seat]
                if void is not None and void[2] < n:
                    constraints.append((n - void[2], seat, void[0], void[1]))
            constraints.sort(key=lambda t: (-t[0], t[1]))  # the tightest first
        self.constraints = constraints
        # the same with, by card index, whether the seat could have held the card then
        self._allowed = [(old, seat, _void_allows(suit, rank)) for old, seat, suit, rank in constraints]

    def sample(self, rng: random.Random, *, game_rng: random.Random | None = None) -> Game:
        """A game consistent with the view: the hidden cards shuffled with ``rng``; the
        game's later shuffles draw on ``game_rng`` (default: ``rng``)."""
        cards = self.unseen[:]
        self.shuffle(rng, cards)
        hands: dict[int, list[Card]] = {}
        if self.constraints:
            dealt: dict[int, list[Card]] = {}
            for old, seat, allowed in self._allowed:
                picked = []
                rest = []
                for i, c in enumerate(cards):
                    if allowed[c.index]:
                        picked.append(c)
                        if len(picked) == old:  # the rest keep their order
                            rest += cards[i + 1 :]
                            break
                    else:
                        rest.append(c)
                if len(picked) == old:
                    dealt[seat] = picked
                    cards = rest
            i = 0
            for seat, n in self.others:
                own = dealt.get(seat)
                if own is None:
                    hands[seat] = cards[i : i + n]
                    i += n
                else:
                    k = n - len(own)
                    own.extend(cards[i : i + k])
                    hands[seat] = own
                    i += k
        else:
            i = 0
            for seat, n in self.others:
                hands[seat] = cards[i : i + n]
                i += n
        talon = cards[i : i + self.talon_size]
        talon.reverse()  # (the order is random either way; this one keeps earlier searches' results)
        return self.template.with_hidden_cards(
            hands, talon, rng=rng if game_rng is None else game_rng, check=False
        )

    # The samplers shuffle the unseen cards for every deal: rng.shuffle's result, faster.
    shuffle = staticmethod(shuffle)


def _view_from_fields(values: tuple) -> SeatView:
    """A :class:`SeatView` from its fields in slot order (how a pickled view is read back).

    >>> import pickle
    >>> from vandatta import Game
    >>> view = SeatView.of(Game.deal(players=3, seed=2), 1)
    >>> again = pickle.loads(pickle.dumps(view))
    >>> again.position() == view.position(), again.history == view.history, list(again.legal or ()) == list(view.legal or ())
    (True, True, True)
    """
    view = object.__new__(SeatView)
    for name, value in zip(SeatView.__slots__, values, strict=True):
        object.__setattr__(view, name, value)
    return view


def _void_allows(suit: Suit, rank: Rank | None) -> tuple[bool, ...]:
    """By card index: whether a seat that could match neither ``suit`` nor ``rank`` may have
    held the card (a special card, or one of another suit and rank)."""
    return tuple(c.is_special or (c.suit is not suit and c.rank is not rank) for c in standard_deck())


def _template(view: SeatView, unseen: list[Card]) -> Game:
    """A game holding the view's position, the other hands and the talon filled with
    unseen cards in a fixed order (the sampler deals them anew)."""
    i = 0
    hands: list[Sequence[Card]] = []
    for seat in range(view.players):
        if seat == view.seat:
            hands.append(view.hand)
        else:
            n = view.hand_sizes[seat]
            hands.append(unseen[i : i + n])
            i += n
    top = str(view.top)
    if view.declaration is not None:
        suit, rank = view.declaration
        top += "=" + ("" if rank is None else rank.symbol) + suit.symbol
    game = Game.from_position(
        hands=hands,
        top=top,
        talon=unseen[i : i + view.talon_size],
        pile=view.pile[:-1],
        to_move=view.to_move,
        rules=view.rules,
        follow_up=view.follow_up_suit,
        draws=view.draws_this_turn,
        must_draw=view.must_draw,
        idle=view.idle_turns,
        lappen=view.lappen_called,
    )
    game.dealer = view.dealer
    return game


def _minus(cards: list[Card], remove: Sequence[Card]) -> list[Card]:
    rest = cards[:]
    for c in remove:
        if c in rest:
            rest.remove(c)
    rest.sort(key=_idx)
    return rest


def _idx(card: Card) -> int:
    return card.index
