"""What the other seats' moves reveal about their hands, and deals that respect it.

A sensible player lays a plain card when one fits, keeps its eights for when nothing else
does, lays a whole group of one rank at once and draws only when it has nothing to lay. So
from the public history (see :attr:`SeatView.history`) a seat can read, for each other seat,
which cards it probably did *not* hold at some moment:

- it drew, or passed after drawing: nothing it held could be laid — no plain card of the
  suit or rank to match, and no eight where an eight was allowed;
- it laid an eight (not as an ace's follow-up): no plain card of the suit or rank to match;
- it laid a plain card of some rank (not as an ace's follow-up): it kept no other card of
  that rank (a group goes down at once).

And readings of what it *did* hold: it laid an eight and declared the suit and the rank
it holds most of; it laid a group and ended it on the suit the rest of its hand holds most of
(among the suits it could end on; these hold until the seat lays another card). Optionally,
a plain play that follows the suit says it held no ace of that suit (the ace, with that play
as its follow-up, was legal, and an ace is laid whenever it can be).

Each such reading holds for the cards the seat held then; the cards it received later (its
draws, the aces' draws, a lappen penalty) are free. :class:`InferenceSampler` deals the
hidden cards so that each seat's oldest cards avoid everything it showed it lacked, as far
as the unseen cards allow (otherwise the seat is dealt freely), and with ``declarations=k``
deals each seat that declared first, up to ``k`` times, until its oldest cards hold its
declared suit and rank at least as often as any other, and (with ``groups``) those of a seat
that laid a group hold its last suit as often as the others it could have ended on (keeping
the hand that agrees best): the deals a search plays out then look like the round being
played. These are the habits of the expert and of the fast playout policy; a human may play
otherwise, so every reading only shapes the deal and never makes one impossible.

A play says more than what it rules out: the seat chose it over every other play its hand
allowed. :func:`past_plays` rebuilds, from the public history, the position each other seat's
latest play was made in (the pile then, the suit to match, an ace owed, the draws of that
turn, the hand sizes) and which of its present cards it held then; :class:`ChoiceSampler`
then weighs the deals of a sampler by whether a model of the seat — the expert's own choice —
would have made that play from the hand dealt to it.

>>> import vandatta as v
>>> game = v.Game.from_position(hands=["7♥ 2♣", "9♦ K♠ 3♣"], top="9♥", talon="4♦ 5♣ 6♠")
>>> for move in ["7♥", "draw"]:              # seat 1 has no heart, no seven, no eight: it draws
...     _ = game.play(move)
>>> [(len(cards), received) for cards, received in hand_readings(v.SeatView.of(game, 0))[1]]
[(18, 1)]
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import chain
from typing import NamedTuple

from ..cards import Card, Rank, Suit, parse_cards, standard_deck, without  # noqa: F401  (parse_cards: a doctest)
from ..explain import Event
from ..game import Game
from ..moves import DRAW, PASS, PLAY, Move
from ..view import Sampler, SeatView

__all__ = [
    "hand_readings",
    "InferenceSampler",
    "suit_and_rank_counts",
    "PastPlay",
    "past_plays",
    "ChoiceSampler",
]

_RECEIVED = frozenset({"draw", "ace_draw", "penalty", "starter_draw"})


def _bit(suit: int, rank: int) -> int:
    return 1 << (suit * 13 + rank - 1)


def _matching(suit: Suit, rank: Rank | None) -> int:
    """The plain cards (eights and aces aside) of ``suit`` or ``rank``, as a 52-bit mask."""
    mask = 0
    for r in range(2, 14):
        if r != Rank.EIGHT:
            mask |= _bit(suit, r)
    if rank is not None and rank not in (Rank.EIGHT, Rank.ACE):
        for s in range(4):
            mask |= _bit(s, rank)
    return mask


def _eights() -> int:
    return sum(_bit(s, Rank.EIGHT) for s in range(4))


def _of_rank(rank: Rank) -> int:
    return sum(_bit(s, rank) for s in range(4))


def hand_readings(view: SeatView, *, aces: bool = False) -> dict[int, list[tuple[frozenset[Card], int]]]:
    """For each other seat, what its moves say it did not hold: a list, oldest first, of
    ``(cards, received)`` — at some moment the seat held none of ``cards`` (as a set of card
    values: with two decks both copies), and it has received ``received`` cards since. Only
    public history is read (``view.history`` and the cards turned up at the start). With
    ``aces``, a plain play that follows the suit also rules out the ace of that suit."""
    masks = _mask_readings(view, aces=aces)
    out: dict[int, list[tuple[frozenset[Card], int]]] = {}
    deck = standard_deck()
    for seat, readings in masks.items():
        out[seat] = [(frozenset(c for c in deck if mask >> c.index & 1), k) for mask, k in readings]
    return out


def _mask_readings(
    view: SeatView, declared: dict | None = None, *, aces: bool = False, groups: bool = False
) -> dict[int, list[list[int]]]:
    """:func:`hand_readings` with the cards as 52-bit masks (``[mask, received]`` pairs).
    With ``declared`` (a dict), it also gets, for each other seat whose last play was an eight
    that did not empty its hand, ``[suit, rank, received, rivals, cap]``: what it declared, the
    cards it has received since, the suits its declared suit is compared with (a bit set: all
    four) and ``cap`` (none). With ``groups`` too, for a seat whose last play was a group of
    one plain rank, ``[last suit, None, received, the other cards' suits, 3]``: a group ends on
    the suit the rest of the hand holds most of (the expert counts at most three, hence the cap). With ``aces``, a plain play (not an ace's follow-up) whose first card
    follows the suit also says the seat held no ace of that suit: the ace, with that very play as
    its follow-up, was legal, and both the expert and the playout policy lay an ace when they can."""
    players = view.players
    v1 = view.rules.no_special_on_special
    readings: dict[int, list[list[int]]] = {s: [] for s in range(players) if s != view.seat}
    top: tuple[Suit, Rank | None, bool] | None = None  # what is to be matched, and whether the top is special
    for e in view.start_events:
        if e.kind == "turn_up" and e.cards:
            c = e.cards[-1]
            top = (c.suit, c.rank, c.is_special)
    previous = None  # the previous ply (to know an ace's follow-up)
    for ply in view.history:
        seat, move, events = ply
        mine = readings.get(seat) if seat is not None else None
        kind = move.kind
        if mine is not None and top is not None:
            follow_up = (
                previous is not None
                and previous.seat == seat
                and previous.move.kind == PLAY
                and previous.move.cards[-1].is_ace
            )
            suit, rank, special = top
            if kind in (DRAW, PASS):
                if not follow_up:
                    mask = _matching(suit, rank)
                    if not (v1 and special):
                        mask |= _eights()
                    mine.append([mask, 0])
            elif kind == PLAY and not follow_up:
                first = move.cards[0]
                if first.is_eight:
                    mine.append([_matching(suit, rank), 0])
                elif not first.is_ace:
                    mask = _of_rank(first.rank)
                    if aces and first.suit is suit and not (v1 and special):
                        mask |= _bit(suit, Rank.ACE)
                    mine.append([mask, 0])
        if declared is not None and seat in readings and kind == PLAY:
            last = move.cards[-1]
            if last.is_eight:
                declared[seat] = [move.declared_suit, move.declared_rank, 0, 15, 99]
            elif groups and top is not None and len(move.cards) > 1 and not last.is_ace:
                declared[seat] = [last.suit, None, 0, _group_rivals(move.cards, top[0], top[1]), 3]
            else:
                declared.pop(seat, None)  # it laid cards since: the reading no longer holds
        for e in events:
            if e.kind in _RECEIVED and e.seat in readings:
                for reading in readings[e.seat]:
                    reading[1] += e.count or len(e.cards)
                if declared is not None and e.seat in declared:
                    declared[e.seat][2] += e.count or len(e.cards)
        if kind == PLAY:
            last = move.cards[-1]
            if last.is_eight:
                assert move.declared_suit is not None  # an eight laid always names a suit
                top = (move.declared_suit, move.declared_rank, True)
            else:
                top = (last.suit, last.rank, last.is_special)
        previous = ply
    return readings


class InferenceSampler:
    """Deals the hidden cards of ``view`` again and again (as :meth:`SeatView.sampler`
    does), shaped by :func:`hand_readings`: each other seat's hand is filled oldest card
    first, a card held at a reading's moment avoiding the cards that reading (and every later
    one) rules out. Where the unseen cards cannot satisfy a seat, the rest of its hand is
    dealt freely. ``sample(rng, game_rng=None)`` returns a game without history, as
    :meth:`vandatta.view.Sampler.sample` does; only the view goes in, so the same ``rng``
    gives the same game whatever the hidden cards really are. With ``declarations=k`` a seat
    whose last play was an eight is dealt first, up to ``k`` times, until its cards from then
    hold the declared suit and rank at least as often as any other (the hand that agrees best
    is kept: a player who declares otherwise is never ruled out); each try draws only that
    hand's cards, one by one, and the rest is dealt once from what is left."""

    __slots__ = ("base", "plan", "declared", "tries")

    def __init__(
        self, view: SeatView, *, declarations: int = 0, aces: bool = False, groups: bool = False
    ) -> None:
        self.base = view.sampler(infer=False)
        declared: dict = {}
        readings = _mask_readings(view, declared, aces=aces, groups=groups)
        plan = [(seat, _tiers(n, readings.get(seat, []))) for seat, n in self.base.others]
        plan.sort(key=lambda t: -sum(k for k, _ in t[1]))  # the most constrained seats first
        self.plan = [(seat, tiers) for seat, tiers in plan if tiers]
        sizes = dict(self.base.others)
        tiers_of = dict(self.plan)
        self.declared = [
            (seat, sizes[seat], sizes[seat] - received, tiers_of.get(seat, []), suit, rank, rivals, cap)
            for seat, (suit, rank, received, rivals, cap) in declared.items()
            if sizes.get(seat, 0) - received > 0
        ]
        self.tries = declarations if self.declared else 0

    def sample(self, rng: random.Random, *, game_rng: random.Random | None = None) -> Game:
        if self.tries:
            hands, talon = self._deal_declared_first(rng)
        else:
            hands, talon = self._deal(rng, self.base.unseen[:], {})
        return self.base.template.with_hidden_cards(
            hands, talon, rng=rng if game_rng is None else game_rng, check=False
        )

    def _deal(
        self, rng: random.Random, cards: list[Card], hands: dict[int, list[Card]]
    ) -> tuple[dict[int, list[Card]], list[Card]]:
        """Deal ``cards`` (shuffled here) to the seats not in ``hands`` yet, and the talon."""
        base = self.base
        base.shuffle(rng, cards)
        for seat, tiers in self.plan:
            if seat in hands:
                continue
            hand: list[Card] = []
            for count, avoid in tiers:
                rest = []
                got = 0
                for i, c in enumerate(cards):
                    if avoid >> c.index & 1:
                        rest.append(c)
                        continue
                    hand.append(c)
                    got += 1
                    if got == count:  # the rest keep their order
                        rest += cards[i + 1 :]
                        break
                cards = rest
            hands[seat] = hand
        i = 0
        for seat, n in base.others:
            dealt = hands.get(seat)
            if dealt is None:
                hands[seat] = cards[i : i + n]
                i += n
            elif len(dealt) < n:
                k = n - len(dealt)
                dealt.extend(cards[i : i + k])
                i += k
        return hands, cards[i : i + base.talon_size]

    def _deal_declared_first(self, rng: random.Random) -> tuple[dict[int, list[Card]], list[Card]]:
        """Each seat that declared is dealt first, up to ``tries`` times (a few cards drawn
        each time, not a whole shuffle), keeping the hand whose oldest cards agree best with
        its declaration; the others and the talon are then dealt from what is left."""
        pool = self.base.unseen[:]
        hands: dict[int, list[Card]] = {}
        for seat, n, old, tiers, suit, rank, rivals, cap in self.declared:
            best = -1
            for _ in range(self.tries):
                hand, waiting, drawn = _draw_hand(
                    rng, pool, n, tiers
                )  # (pool's order changes, not its cards)
                fit = _fits_declaration(hand[:old], suit, rank, rivals, cap)
                if fit > best:
                    best, kept = fit, (hand, waiting + pool[drawn:])
                if fit == 2:
                    break
            hands[seat], pool = kept
        return self._deal(rng, pool, hands)


def _draw_hand(
    rng: random.Random, cards: list[Card], n: int, tiers: Sequence[tuple[int, int]]
) -> tuple[list[Card], list[Card], int]:
    """A hand of ``n`` cards from ``cards`` as :meth:`InferenceSampler._deal` would deal it to
    a seat with ``tiers``, drawing the cards one by one in random order (a shuffle stopped
    as soon as the hand is full, in place: the order of ``cards`` changes, its cards do
    not); the cards drawn but not taken, and how many were drawn (the cards left are those
    and ``cards[drawn:]``)."""
    m = len(cards)
    getrandbits = rng.getrandbits
    drawn = 0  # cards[:drawn] are the first cards of a random order of the pool
    hand: list[Card] = []
    waiting: list[Card] = []  # drawn, but ruled out by a tier: next in line for the later ones
    for t in range(len(tiers) + 1):
        # each tier in turn, then the rest of the hand (any card)
        count, avoid = tiers[t] if t < len(tiers) else (n - len(hand), 0)
        got = 0
        still = []
        for c in waiting:
            if got < count and not (avoid >> c.index & 1):
                hand.append(c)
                got += 1
            else:
                still.append(c)
        while got < count and drawn < m:
            left = m - drawn  # (one step of a shuffle, as Sampler.shuffle draws it)
            k = left.bit_length()
            j = getrandbits(k)
            while j >= left:
                j = getrandbits(k)
            j += drawn
            c = cards[j]
            cards[j] = cards[drawn]
            cards[drawn] = c
            drawn += 1
            if avoid >> c.index & 1:
                still.append(c)
            else:
                hand.append(c)
                got += 1
        waiting = still
    return hand, waiting, drawn


def _group_rivals(cards: Sequence[Card], suit: Suit, rank: Rank | None) -> int:
    """The suits (a bit set) a group laid on ``suit``/``rank`` could have ended on instead of
    its last card's: a card can go last if another card of the group can go first."""
    firsts = [i for i, c in enumerate(cards) if c.suit is suit or c.rank is rank]
    rivals = 0
    for i, c in enumerate(cards[:-1]):
        if any(f != i for f in firsts):
            rivals |= 1 << c.suit
    return rivals


def suit_and_rank_counts(cards: Sequence[Card]) -> tuple[list[int], list[int]]:
    """How many of ``cards`` are of each suit and of each rank (by value), eights aside: what
    an eight's declaration and a group's last suit are chosen by ("the suit and rank held
    most"), for the playout policy and for reading those choices back.

    >>> suit_and_rank_counts(parse_cards("7♥ 7♣ K♥ 8♠"))
    ([0, 2, 0, 1], [0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 1])
    """
    counts = [0, 0, 0, 0]
    ranks = [0] * 14
    for c in cards:
        if not c.is_eight:
            counts[c.suit] += 1
            ranks[c.rank] += 1
    return counts, ranks


def _fits_declaration(
    old: Sequence[Card], suit: Suit, rank: Rank | None, rivals: int = 15, cap: int = 99
) -> int:
    """How many of a declaration's two tells the cards ``old`` (the seat's cards when it
    declared) agree with: they hold the declared suit at least as often as any other (eights
    aside; only the suits of the bit set ``rivals``, and only up to ``cap`` — a group's
    tell), and the declared rank at least as often as any other (``None``: no rank told)."""
    counts, ranks = suit_and_rank_counts(old)
    rival = max((counts[s] for s in range(4) if rivals >> s & 1), default=0)
    fit = 1 if counts[suit] >= min(cap, rival) else 0
    if rank is None or ranks[rank] == max(ranks):
        fit += 1
    return fit


def _tiers(n: int, readings: Sequence[Sequence[int]]) -> list[tuple[int, int]]:
    """Split a hand of ``n`` cards by age into ``(count, avoid)`` pairs, the oldest cards
    first. Reading ``i`` (oldest first) says the seat held at least ``n - received`` of its
    present cards then, none of them in its mask; a card held then was held at every later
    reading too, so it avoids the masks of reading ``i`` and of all later ones."""
    later = [0] * (len(readings) + 1)
    for i in range(len(readings) - 1, -1, -1):
        later[i] = later[i + 1] | readings[i][0]
    tiers = []
    held = 0
    for i, (_, received) in enumerate(readings):
        old = min(n, n - received)
        if old > held:
            tiers.append((old - held, later[i]))
            held = old
    return tiers


# -- reading the other seats' choices -------------------------------------------------------


# The generator of the games position_with deals: they are only looked at (a player's choice
# in them), never played on, so nothing ever shuffles with it; one for all of them saves
# seeding a generator of its own for each (most of the cost of a deal otherwise).
_LOOKED_AT_ONLY = random.Random(0)


class PastPlay(NamedTuple):
    """One of another seat's plays, rebuilt from the public history: ``seat`` laid ``move``
    (``view.history[ply]``) from a hand made of its ``old`` oldest cards now and the cards it
    has laid since that it held then (``laid``, this play's first), in ``position`` — the game just before the
    play, that seat to move, its hand and every card not on the pile then dealt as
    placeholders (see :meth:`position_with`)."""

    seat: int
    ply: int
    move: Move
    old: int
    laid: tuple[Card, ...]
    position: Game
    sizes: tuple[int, ...]
    hidden: tuple[Card, ...]  # the cards position_with deals anew: the seat's, the others', the talon

    @classmethod
    def of(
        cls, seat: int, ply: int, move: Move, old: int, laid: tuple[Card, ...], position: Game, sizes: tuple
    ) -> PastPlay:
        """The play, with :attr:`hidden` read from ``position`` once (not at every deal)."""
        hidden = list(position.hand(seat))
        for s in range(position.players):
            if s != seat:
                hidden += position.hand(s)
        hidden += position.talon
        return cls(seat, ply, move, old, laid, position, sizes, tuple(hidden))

    def hand_then(self, hand: Sequence[Card]) -> list[Card]:
        """The seat's hand when it made the play, from ``hand``, its hand now, oldest card
        first (as :class:`InferenceSampler` deals it)."""
        return [*hand[: self.old], *self.laid]

    def position_with(self, hand: Sequence[Card]) -> Game:
        """:attr:`position` with the seat holding :meth:`hand_then` of ``hand`` (the other
        hidden cards dealt in a fixed order: the choice of a sensible player does not look at
        them)."""
        then = self.hand_then(hand)
        position = self.position
        rest = without(self.hidden, then)
        hands: dict[int, list[Card]] = {self.seat: then}
        i = 0
        for s, n in enumerate(self.sizes):
            if s != self.seat:
                hands[s] = rest[i : i + n]
                i += n
        return position.with_hidden_cards(hands, rest[i:], check=False, rng=_LOOKED_AT_ONLY)


def past_plays(view: SeatView, *, depth: int = 1, across_draws: bool = False) -> list[PastPlay]:
    """Each other seat's latest plays (up to ``depth`` of them, newest first) that its view
    can rebuild exactly: the pile then is known (no reshuffle since), and the seat received no
    card between that play and its latest (so every card it laid since was in its hand then,
    and the cards it received since are its newest).

    With ``across_draws`` a card drawn in between does not stop the reading when the seat
    drew it as the first and only draw of its turn and then began a play with a card other
    than an ace: a player who draws only when nothing fits (as the expert does) began that
    play with the card it drew (an ace could have waited for its follow-up, rule R7), so that
    card is known — it is left out of the hand rebuilt for the earlier plays.

    >>> import vandatta as v
    >>> game = v.Game.from_position(hands=["7♥ 2♣", "9♥ K♥ 3♣"], top="7♦", talon="4♦ 5♣ 6♠")
    >>> for move in ["7♥", "9♥"]:
    ...     _ = game.play(move)
    >>> [(p.seat, str(p.move), p.old, p.laid) for p in past_plays(v.SeatView.of(game, 0))]
    [(1, '9♥', 2, (Card.parse('9♥'),))]
    """
    history = view.history
    players = view.players
    # before each ply: (declaration of the top eight, ace's suit owed, draws this turn)
    states: list[tuple[tuple[Suit | None, Rank | None] | None, Suit | None, int]] = []
    decl = None
    follow = None
    draws = 0
    reshuffled = -1  # the last ply with a reshuffle: the pile before it is not known
    for i, (seat, move, events) in enumerate(history):
        if seat is None:  # a game whose start is unknown: who laid what is not known
            return []
        states.append((decl, follow, draws))
        kind = move.kind
        if kind == DRAW:
            draws += 1
        elif kind == PLAY:
            last = move.cards[-1]
            decl = (move.declared_suit, move.declared_rank) if last.is_eight else None
            if last.is_ace:
                follow = last.suit
            else:
                follow = None
                draws = 0
        else:
            follow = None
            draws = 0
        for e in events:
            if e.kind == "reshuffle":
                reshuffled = i
    out = []
    for seat in range(players):
        if seat == view.seat:
            continue
        laid = [0] * players
        received = [0] * players
        since: list[Card] = []  # cards laid from the ply on, by anyone (the pile's top ones)
        mine: list[Card] = []  # ... by this seat
        drawn: list[Card] = []  # cards it drew and then laid, known as above (across_draws)
        found = 0
        latest = None  # the seat's latest play
        for i in range(len(history) - 1, reshuffled, -1):
            who, move, events = history[i]
            for e in events:
                if e.kind in _RECEIVED and e.seat is not None:
                    received[e.seat] += e.count or len(e.cards)
                    if e.seat == seat and latest is not None and i < latest:
                        known = _drawn_then_laid(history, i, e, states) if across_draws else None
                        if known is None:
                            found = depth  # it received a card between two of its plays: stop here
                        else:
                            drawn.append(known)
            if found >= depth:
                break
            if move.kind != PLAY:
                continue
            assert who is not None  # a history with an unknown seat returned [] above
            laid[who] += len(move.cards)
            since[:0] = move.cards
            if who != seat:
                continue
            mine[:0] = move.cards
            if latest is None:
                latest = i
            found += 1
            pile = view.pile[: len(view.pile) - len(since)]
            sizes = tuple(view.hand_sizes[s] + laid[s] - received[s] for s in range(players))
            old = view.hand_sizes[seat] - received[seat] + len(drawn)
            held = mine
            if drawn:
                held = mine[:]
                for c in drawn:
                    held.remove(c)
            play = _past_play(view, seat, i, move, old, tuple(held), pile, sizes, states[i])
            if play is not None:
                out.append(play)
    return out


def _drawn_then_laid(history: Sequence, i: int, event: Event, states: list) -> Card | None:
    """The card that ``event`` (a reception at ply ``i``) gave its seat, where it is known: a
    single card drawn as the turn's first draw, then the first card of the same seat's play
    that came next, unless that is an ace (see :func:`past_plays`); None otherwise."""
    seat, move, _ = history[i]
    if event.kind != "draw" or seat != event.seat or move.kind != DRAW or states[i][2] != 0:
        return None
    if (event.count or len(event.cards)) != 1 or i + 1 >= len(history):
        return None
    after_seat, after, _ = history[i + 1]
    if after_seat != seat or after.kind != PLAY or after.cards[0].is_ace:
        return None  # (an ace may have waited for the card drawn as its follow-up: rule R7)
    return after.cards[0]


def _past_play(
    view: SeatView,
    seat: int,
    ply: int,
    move: Move,
    old: int,
    laid: tuple[Card, ...],
    pile: Sequence[Card],
    sizes: tuple[int, ...],
    state: tuple,
) -> PastPlay | None:
    """The :class:`PastPlay`, or None where the position cannot be set up (an empty pile
    then, or a turn the engine would not start from)."""
    if not pile or old < 0 or old + len(laid) != sizes[seat]:
        return None
    decl, follow, draws = state
    hidden = standard_deck(decks=view.decks())
    for c in pile:
        hidden.remove(c)
    hands = []
    i = 0
    for n in sizes:
        hands.append(hidden[i : i + n])
        i += n
    top = pile[-1]
    if decl is not None and top.is_eight:  # the top written with its declaration, "8♠=K♥"
        top_text: str | Card = str(Move.from_parts(PLAY, (top,), decl[0], decl[1], False))
    else:
        top_text = top
    try:
        position = Game.from_position(
            hands=hands,
            top=top_text,
            pile=pile[:-1],
            talon=hidden[i:],
            to_move=seat,
            rules=view.rules,
            follow_up=follow,
            draws=draws,
        )
    except ValueError:
        return None
    return PastPlay.of(seat, ply, move, old, laid, position, sizes)


class ChoiceSampler:
    """Deals as ``inner`` does (an :class:`InferenceSampler`, say), weighing each deal by
    whether ``model`` — a player's choice, ``model(view) -> Move`` — would have made the
    other seats' latest plays (see :func:`past_plays`) from the hands it deals them: ``pool``
    deals of ``inner`` are read once, each weighed 1 if it explains every such play and
    ``unlikely`` per play it does not, and every :meth:`sample` takes a deal's hands from the
    pool by weight and deals the rest of the unseen cards to the talon anew. A player who
    plays otherwise is never ruled out, only made less likely. ``model`` is taken to be
    deterministic (as the expert is): it is asked once per hand a play could have been made
    from, however many deals give that hand.

    Where few deals explain the plays, the pool says little: with ``ess`` it goes on
    dealing after ``pool`` deals until its effective number of deals — ``(Σw)² / Σw²``,
    :attr:`effective` — reaches ``ess``, as long as the model's answers asked in all stay
    within ``checks`` (one per play read per deal: the time it may take)."""

    __slots__ = ("inner", "base", "pool", "cumulative", "explained", "effective")

    def __init__(
        self,
        view: SeatView,
        inner: InferenceSampler | Sampler,
        model: Callable[[SeatView], Move],
        rng: random.Random,
        *,
        pool: int = 96,
        unlikely: float = 0.05,
        depth: int = 1,
        ess: float = 0.0,
        checks: int = 0,
        across_draws: bool = False,
    ) -> None:
        if not 0 < unlikely <= 1:
            raise ValueError(f"unlikely must be a weight above 0 and at most 1, not {unlikely!r}")
        self.inner = inner
        self.base = view.sampler(infer=False)
        plays = past_plays(view, depth=depth, across_draws=across_draws)
        self.pool: list[dict[int, list[Card]]] = []
        self.cumulative: list[float] = []
        self.explained = 0  # deals of the pool that explain every play read
        self.effective = 0.0  # the pool's effective number of deals, (Σw)² / Σw²
        total = squares = 0.0
        dealt = 0
        # Whether the model makes each play from a hand: deals that agree on the seat's cards
        # then (a third of them, in the strong player's reading) rebuild the same position.
        made: dict[tuple, bool] = {}
        while plays and (
            dealt < pool or (self.effective < ess and (dealt + 1) * len(plays) <= checks)
        ):  # (nothing to read: inner deals alone)
            g = inner.sample(rng)
            hands = {seat: list(g.hand(seat)) for seat, _ in self.base.others}
            w = 1.0
            for k, play in enumerate(plays):
                hand = hands[play.seat]
                key = (k, *hand[: play.old])  # (the rest of the hand then is the play's own)
                answer = made.get(key)
                if answer is None:
                    answer = made[key] = model(SeatView.of(play.position_with(hand), play.seat)) == play.move
                if not answer:
                    w *= unlikely
            self.explained += w == 1.0
            self.pool.append(hands)
            total += w
            squares += w * w
            self.effective = total * total / squares
            self.cumulative.append(total)
            dealt += 1

    def sample(self, rng: random.Random, *, game_rng: random.Random | None = None) -> Game:
        """A game consistent with the view: the other hands of a deal of the pool, drawn by
        weight with ``rng``, and the talon shuffled anew with ``rng``; the game's later
        shuffles draw on ``game_rng`` (default: ``rng``)."""
        if not self.pool:
            return self.inner.sample(rng, game_rng=game_rng)
        hands = rng.choices(self.pool, cum_weights=self.cumulative)[0]
        talon = without(self.base.unseen, [*chain.from_iterable(hands.values())])
        self.base.shuffle(rng, talon)
        return self.base.template.with_hidden_cards(
            {seat: cards[:] for seat, cards in hands.items()},
            talon,
            rng=rng if game_rng is None else game_rng,
            check=False,
        )
