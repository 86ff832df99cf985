"""Playing styles: the expert with one habit changed, to measure what a strategy idea is worth.

Lesson 11 ("Spela smart" / "Play smart") asks of each strategy idea: does it pay? To answer,
two computer players play thousands of rounds against each other that differ in that one idea
and nothing else. Every style here is the expert (:class:`~vandatta.ai.players.ExpertPlayer`:
the same judgement of every candidate move, :func:`~vandatta.ai.players.expert_scores`) with
one habit changed:

- :class:`OneAtATimePlayer` never lays several cards of one rank together (R5), except to go out;
- :class:`EightAtOncePlayer` lays an eight as soon as it may, even when another card fits;
- :class:`AceSaverPlayer` keeps its aces while another card fits, until someone is close to
  going out (two cards or fewer);
- :class:`WatcherPlayer` adds a habit instead: when the next player has one or two cards
  left, it lays what that player is least likely to be able to follow, counting the cards it
  has not seen and remembering what that player could not lay when they last drew.

Like every player they see only their seat's :class:`~vandatta.SeatView`, and like the
expert they are deterministic (the same view gives the same move), so a tournament between
them depends on its seed alone.

>>> import vandatta as v
>>> game = v.Game.from_position(hands=["8♣ 6♥ K♥ 3♠", "Q♦ 5♠"], top="6♦", talon="9♠ 4♦ 2♣")
>>> view = v.SeatView.of(game, 0)
>>> str(v.make_player("expert").choose(view)), str(EightAtOncePlayer().choose(view))
('6♥', '8♣=6♥')
>>> game = v.Game.from_position(hands=["5♣ 5♥ 5♠ 2♠", "Q♦ 9♦"], top="5♦", talon="9♠ 4♦")
>>> view = v.SeatView.of(game, 0)
>>> str(v.make_player("expert").choose(view)), str(OneAtATimePlayer().choose(view))
('5♥ 5♣ 5♠', '5♠')

A style is made by :func:`~vandatta.ai.players.make_player` from its class, so a tournament
takes it like any named player (``{"player": EightAtOncePlayer, "label": "eight_at_once"}``).
"""

from __future__ import annotations

import math

from ..cards import Card, Rank, Suit
from ..moves import PLAY, Move
from .players import ExpertPlayer, Player, SeatView, expert_scores

__all__ = [
    "OneAtATimePlayer",
    "EightAtOncePlayer",
    "AceSaverPlayer",
    "WatcherPlayer",
    "STYLES",
    "style",
    "next_player_misses",
]

GOES_OUT = 900.0  # an expert score this high means the move goes out (see expert_scores)


class _Style(ExpertPlayer):
    """The expert's judgement (its scores for every candidate) and one changed habit:
    :meth:`pick` chooses from the scored candidates, best first."""

    def choose(self, view: SeatView) -> Move:
        scored = expert_scores(view, self.weights)
        if scored[0][0] >= GOES_OUT:  # every style goes out when it can
            return scored[0][1]
        return self.pick(view, scored)

    def pick(self, view: SeatView, scored: list[tuple[float, Move]]) -> Move:
        raise NotImplementedError


class OneAtATimePlayer(_Style):
    """The expert, but it lays one card at a time: never several cards of one rank together
    (R5), except when they take it out of the round. It chooses the expert's best single card
    (or draws, as the expert would, when nothing fits)."""

    name = "one_at_a_time"

    def pick(self, view: SeatView, scored: list[tuple[float, Move]]) -> Move:
        for _, move in scored:
            if move.kind != PLAY or len(move.cards) == 1:
                return move
        return scored[0][1]  # (never: a group's cards can always be laid one by one)


class EightAtOncePlayer(_Style):
    """The expert, but it lays an eight as soon as it may — even when another card fits —
    with the expert's choice of what the eight counts as. The expert keeps its eights while
    another card fits."""

    name = "eight_at_once"

    def pick(self, view: SeatView, scored: list[tuple[float, Move]]) -> Move:
        for _, move in scored:
            if move.kind == PLAY and move.cards[0].is_eight:
                return move
        return scored[0][1]


class AceSaverPlayer(_Style):
    """The expert, but it keeps its aces for later: while another card fits it lays that
    instead, until another player has two cards or fewer. When only an ace fits, it lays the
    ace rather than draw. (The expert lays an ace whenever it has a card to follow it with.)"""

    name = "ace_saver"

    def pick(self, view: SeatView, scored: list[tuple[float, Move]]) -> Move:
        if min(view.hand_sizes[s] for s in view.opponents()) <= 2:
            return scored[0][1]
        for _, move in scored:
            if move.kind != PLAY:
                break
            if not move.cards[0].is_ace:
                return move
        return scored[0][1]


class WatcherPlayer(_Style):
    """The expert, and it watches the next player: when that player has ``close`` cards or
    fewer (two by default), it lays what the next player is least likely to be able to
    follow — the chance from :func:`next_player_misses` (an ace counts as a sure stop: the
    next player draws), plus a small share (``weight``) of the expert's score so that among
    equal chances the expert's choice wins. Otherwise it plays as the expert."""

    name = "watcher"

    def __init__(
        self, seed: int | None = None, *, close: int = 2, weight: float = 0.02, weights: dict | None = None
    ) -> None:
        super().__init__(seed, weights=weights)
        self.close = close
        self.weight = weight

    def pick(self, view: SeatView, scored: list[tuple[float, Move]]) -> Move:
        following = (view.seat + 1) % view.players
        if view.hand_sizes[following] > self.close:
            return scored[0][1]
        best: tuple[float, Move] | None = None
        for score, move in scored:
            if move.kind != PLAY:
                continue
            last = move.cards[-1]
            if last.is_ace:
                stop = 1.0  # the next player draws, then the card after the ace is laid
            elif last.is_eight and move.declaration is not None:
                stop = next_player_misses(view, *move.declaration)
            else:
                stop = next_player_misses(view, last.suit, last.rank)
            value = stop + self.weight * score
            if best is None or value > best[0]:
                best = (value, move)
        return best[1] if best is not None else scored[0][1]


def next_player_misses(view: SeatView, suit: Suit, rank: Rank | None) -> float:
    """The chance that the player after ``view``'s seat holds no card that fits ``suit`` or
    ``rank`` (an eight always fits), counted from what ``view``'s seat knows: the cards it has
    not seen (:meth:`SeatView.unseen`: not in its hand, not on the pile) are equally likely to
    be anywhere, except that the cards the next player showed it lacked when it last drew
    (:attr:`SeatView.voids`) are not among the cards it held then.

    >>> import vandatta as v
    >>> g = v.Game.from_position(hands=["7♥ 7♣", "K♠"], top="7♦", talon="9♠",
    ...     pile="2♣ 3♣ 4♣ 5♣ 6♣ 9♣ 10♣ J♣ Q♣ K♣")
    >>> view = v.SeatView.of(g, 0)
    >>> next_player_misses(view, Suit.CLUBS, Rank.SEVEN) > next_player_misses(view, Suit.HEARTS, Rank.SEVEN)
    True
    """
    seat = (view.seat + 1) % view.players
    unseen = view.unseen()
    held = view.hand_sizes[seat]
    void = view.voids[seat]

    def fits(card: Card) -> bool:
        return card.is_eight or card.suit is suit or (rank is not None and card.rank is rank)

    if void is None or void[2] >= held:
        return _none_of(len(unseen), sum(map(fits, unseen)), held)
    lacked_suit, lacked_rank, new = void

    def lacked(card: Card) -> bool:
        return not card.is_eight and (
            card.suit is lacked_suit or (lacked_rank is not None and card.rank is lacked_rank)
        )

    # the cards held when it drew came from the unseen cards it could hold; the rest came since
    possible = [c for c in unseen if not lacked(c)]
    old = _none_of(len(possible), sum(map(fits, possible)), held - new)
    return old * _none_of(len(unseen), sum(map(fits, unseen)), new)


def _none_of(pool: int, fitting: int, k: int) -> float:
    """The chance that ``k`` cards dealt at random from ``pool`` include none of ``fitting``."""
    if k <= 0:
        return 1.0
    if k > pool - fitting:
        return 0.0
    return math.comb(pool - fitting, k) / math.comb(pool, k)


STYLES: dict[str, type[Player]] = {
    cls.name: cls for cls in (OneAtATimePlayer, EightAtOncePlayer, AceSaverPlayer, WatcherPlayer)
}


def style(name: str) -> type[Player]:
    """A style's class by its name, or the expert's for ``"expert"``.

    >>> style("eight_at_once").__name__
    'EightAtOncePlayer'
    """
    if name == ExpertPlayer.name:
        return ExpertPlayer
    try:
        return STYLES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown style {name!r}: choose from expert, {', '.join(STYLES)}") from None
