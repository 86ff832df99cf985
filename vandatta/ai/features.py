"""What a move does, as data: the features the hint and the game review explain moves with.

>>> import vandatta as v
>>> game = v.Game.from_position(hands=["7♥ 7♣ 8♠ K♥", "2♦ 3♦"], top="7♦", talon="9♠ 4♦ 2♣")
>>> f = move_features(v.SeatView.of(game, 0), v.Move.parse("7♣ 7♥"))
>>> f.laid, f.eights_kept, f.fits_after, f.goes_out
(2, 1, 1, False)
>>> move_features(v.SeatView.of(game, 0), v.Move.parse("8♠=K♥")).eight
'spent'

Both :func:`vandatta.hint` (what a candidate would do: "keeps your eight for later") and
:func:`vandatta.review` (what a move did, and what a better one would have done: "keeping the
eight would have given you a way out later") read the same :class:`MoveFeatures`, so the two
never disagree about what a move is. Everything comes from the seat's own view.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

from ..cards import Card, Rank, Suit, without
from ..moves import DRAW, PASS, Move
from .players import ScoringContext, SeatView, continuation, one_turn_out, suit_counts

__all__ = ["MoveFeatures", "move_features", "best_follow_up", "HIGH_POINTS"]

HIGH_POINTS = 15  # points laid that count as "shedding points" while someone is nearly out


@dataclass(frozen=True)
class MoveFeatures:
    """What ``move`` does for the seat to move, seen from its own view.

    ``kind`` is ``"play"``, ``"draw"`` or ``"pass"``; ``laid`` the number of cards laid and
    ``rank`` their rank. ``goes_out``: the play empties the hand and wins the round;
    ``v2_not_out``: it empties the hand on a special card under V2, so the seat must draw.
    ``follows_ace``: the suit of the ace this play follows (else ``None``). ``ace``: the play
    is an ace (the ``others`` draw one card each); ``next_size`` is the hand size of the next
    seat and ``min_others`` the smallest hand among the others, ``danger`` whether that is one
    or two cards; ``follow_card`` the card that would follow the ace. ``eight`` is
    ``"spent"`` (an eight laid although another card fits), ``"needed"`` (nothing else fits)
    or ``None``; ``declaration`` what the eight counts as and ``declared_more`` how many cards
    of that suit the hand keeps. ``eights_kept``: eights left in the hand after a play that is
    not an eight. ``fits_after``: cards left that fit the new top (eights aside);
    ``last_of_suit``: none does. ``points``: the S1 points laid. ``special_only``: V2, and only
    special cards remain. ``one_turn``: the hand left could go in one turn. ``lappen``: the
    move carries the call; ``lappen_missed``: the call could have gone with this move and
    did not (V3: three cards as a penalty). ``draw`` is ``"v2"``, ``"forced"``,
    ``"only_eight"`` or ``"voluntary"``; ``draw_number`` which draw of the turn it is.
    ``passes`` is ``"three"``, ``"one"`` (rule O8) or ``"empty"``.
    """

    kind: str
    laid: int = 0
    rank: Rank | None = None
    goes_out: bool = False
    v2_not_out: bool = False
    follows_ace: Suit | None = None
    ace: bool = False
    others: int = 0
    next_size: int = 0
    min_others: int = 0
    danger: bool = False
    follow_card: Card | None = None
    eight: str | None = None
    declaration: tuple[Suit, Rank | None] | None = None
    declared_more: int = 0
    eights_kept: int = 0
    fits_after: int = 0
    last_of_suit: bool = False
    top_suit: Suit | None = None
    points: int = 0
    special_only: bool = False
    one_turn: bool = False
    lappen: bool = False
    lappen_missed: bool = False
    draw: str | None = None
    draw_number: int = 0
    passes: str | None = None

    @property
    def high_points(self) -> bool:
        """Sheds many points while someone is about to go out."""
        return self.danger and self.points >= HIGH_POINTS


class _Common(TypedDict):
    """The fields every move's features share (see :func:`move_features`)."""

    others: int
    next_size: int
    min_others: int
    danger: bool


class _PlayCommon(_Common):
    """... and those every play's features share."""

    laid: int
    rank: Rank
    follows_ace: Suit | None
    points: int
    lappen: bool
    lappen_missed: bool


def move_features(view: SeatView, move: Move) -> MoveFeatures:
    """The features of ``move`` for the seat of ``view`` (whose turn it must be)."""
    if view.legal is None:
        raise ValueError("move_features needs the view of the seat to move")
    ctx = ScoringContext(view)
    others = [view.hand_sizes[s] for s in view.opponents()]
    common: _Common = {
        "others": view.players - 1,
        "next_size": others[0],
        "min_others": ctx.min_opp,
        "danger": ctx.danger,
    }
    missed = not move.lappen and move.kind != DRAW and move.with_lappen(True) in view.legal
    if move.kind == DRAW:
        plays = view.legal.plays()
        if view.must_draw:
            why = "v2"
        elif not plays:
            why = "forced"
        elif all(cards[0].is_eight for cards, _, _ in plays):
            why = "only_eight"
        else:
            why = "voluntary"
        return MoveFeatures(DRAW, draw=why, draw_number=view.draws_this_turn + 1, **common)
    if move.kind == PASS:
        if view.draws_this_turn >= 3 and view.rules.drawing == "three":
            why = "three"
        elif view.draws_this_turn and view.rules.drawing == "one":  # rule O8: one draw, then a pass
            why = "one"
        else:
            why = "empty"
        return MoveFeatures(PASS, passes=why, lappen=move.lappen, lappen_missed=missed, **common)
    cards = move.cards
    first, last = cards[0], cards[-1]
    after = without(view.hand, cards)
    base: _PlayCommon = {
        "laid": len(cards),
        "rank": first.rank,
        "follows_ace": view.follow_up_suit,
        "points": sum(c.points for c in cards),
        "lappen": move.lappen,
        "lappen_missed": missed,
        **common,
    }
    if not after and not first.is_ace:
        if ctx.v2 and last.is_special:
            return MoveFeatures("play", v2_not_out=True, **base)
        return MoveFeatures("play", goes_out=True, **base)
    special_only = ctx.v2 and bool(after) and all(c.is_special for c in after)
    one_turn = one_turn_out(after, ctx) and not first.is_ace
    eights_left = sum(1 for c in after if c.is_eight)
    if first.is_ace:
        return MoveFeatures(
            "play",
            ace=True,
            top_suit=last.suit,
            follow_card=best_follow_up(after, last.suit, v1=ctx.v1),
            special_only=special_only,
            one_turn=one_turn,
            **base,
        )
    if first.is_eight:
        decl = move.declaration
        more = suit_counts(after)[decl[0]] if decl is not None else 0
        return MoveFeatures(
            "play",
            eight="spent" if ctx.has_plain else "needed",
            declaration=decl,
            declared_more=more,
            top_suit=decl[0] if decl is not None else None,
            fits_after=continuation(after, decl[0], decl[1]) if decl is not None else 0,
            special_only=special_only,
            one_turn=one_turn,
            **base,
        )
    cont = continuation(after, last.suit, last.rank)
    return MoveFeatures(
        "play",
        eights_kept=eights_left,
        fits_after=cont,
        last_of_suit=cont == 0,
        top_suit=last.suit,
        special_only=special_only,
        one_turn=one_turn,
        **base,
    )


def best_follow_up(hand: list[Card], suit: Suit, *, v1: bool = False) -> Card | None:
    """The card a good player follows an ace of ``suit`` with: not an eight if it can help
    it, from the largest group, leaving the most cards that fit."""
    options = sorted({c for c in hand if c.suit is suit and not c.is_ace and not (v1 and c.is_eight)})
    if not options:
        return None
    return max(
        options,
        key=lambda c: (
            not c.is_eight,
            sum(1 for d in hand if d.rank is c.rank),
            continuation(without(hand, [c]), c.suit, c.rank),
            -c.index,
        ),
    )
