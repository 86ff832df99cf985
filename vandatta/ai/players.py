"""Computer players: what a seat may know (:class:`SeatView`), four strategies of graded
strength behind one small interface (:class:`Player`), and the determinized Monte-Carlo search
that the ``strong`` player and the hint advisor share.

>>> import vandatta as v
>>> game = v.Game.from_position(hands=["7♥ 7♣ 8♠ K♥", "2♦ 3♦"], top="7♦", talon="9♠ 4♦ 2♣")
>>> view = v.SeatView.of(game, 0)
>>> view.hand_sizes, view.talon_size, len(view.unseen())
((4, 2), 3, 47)
>>> str(v.make_player("expert").choose(view))    # both sevens, ending on the suit it keeps
'7♣ 7♥'
>>> str(v.make_player("beginner").choose(view))  # the first legal card it finds
'7♥'

Players never see the game: they get a :class:`SeatView` holding exactly what their seat may
know — its own hand, the face-up pile, the hand sizes, the public history (which cards were
laid, who drew how many) — never another hand or the talon's order. :func:`play_game` deals
a round, asks each seat's player in turn and records which player sat where and what a
searching player considered.

The search (``strong`` and :func:`vandatta.hint`) samples the hidden cards consistently with
the view (the unseen cards — the deck minus the own hand minus the pile — dealt to the other
hands by their sizes and to the talon), plays each candidate out with a fast hand-written
policy on copies of a :class:`~vandatta.Game` using the unchecked ``push``, and counts how
often the seat wins the round. A playout is cut after ``max_plies`` moves (14 by default) and
then scored by a model of who is likely to win from the look of the hands (see
:func:`win_estimate`): shallow playouts with an estimate beat full-length playouts here, and cost
a fraction. With ``infer`` the sampling also respects what the other seats showed by drawing:
they held nothing that matched (see :attr:`SeatView.voids`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..cards import Card, Rank, Suit, standard_deck, without
from ..game import Game
from ..lang import check_lang
from ..messages import TERMS, term
from ..moves import DRAW, PLAY, Move
from ..rules import Rules
from ..view import PublicLog, PublicPly, Sampler, SeatView
from .common_numbers import CommonNumbers
from .inference import ChoiceSampler, InferenceSampler, suit_and_rank_counts

__all__ = [
    "SeatView",
    "PublicPly",
    "Player",
    "RandomPlayer",
    "BeginnerPlayer",
    "ExpertPlayer",
    "StrongPlayer",
    "PlayoutBudget",
    "BudgetedPlayer",
    "SearchBudget",
    "QUICK_SEARCH",
    "computer_players",
    "PLAYER_NAMES",
    "make_player",
    "play_game",
    "play_round",
    "candidate_moves",
    "policy_move",
    "search",
    "SearchResult",
]

_EIGHT = Rank.EIGHT
_ACE = Rank.ACE


# -- the interface ----------------------------------------------------------------------------


class Player:
    """A computer (or scripted) player: ``choose(view) -> Move`` for the seat to move.

    Subclasses implement :meth:`choose` or :meth:`choose_with_notes`. A player only ever
    receives a :class:`SeatView`. ``name`` is what records store in ``players[seat]["player"]``.
    """

    name: str = "player"

    def choose(self, view: SeatView) -> Move:
        if type(self).choose_with_notes is Player.choose_with_notes:
            raise NotImplementedError("a Player implements choose() or choose_with_notes()")
        return self.choose_with_notes(view)[0]

    def choose_with_notes(self, view: SeatView) -> tuple[Move, dict | None]:
        """The move and, for a searching player, JSON-ready notes on what it considered
        (stored as the move's annotation in a record)."""
        return self.choose(view), None

    def title(self, lang: str = "en") -> str:
        """What the player is called on screen: ``make_player("random").title("sv") ==
        "slumpspelare"`` (the engine's catalog; ``name`` is the identifier records keep)."""
        check_lang(lang)
        key = f"kind.{self.name}"
        return term(key, lang) if key in TERMS else self.name

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


class RandomPlayer(Player):
    """Uniform over the distinct plays, draw and pass: an eight's 52 declarations (and the
    called and uncalled forms of a lappen move) count as one choice, then one of them is
    picked at random."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Move:
        _families(view)  # refuses a view that is not this seat's turn
        return view.legal.choice(self.rng)  # type: ignore[union-attr]  # _families refused None


class BeginnerPlayer(Player):
    """Lays the first legal card it finds (in the order the engine lists them: lowest rank
    first, one card at a time), draws otherwise, passes after three draws. It does know the
    lappen rule and calls when it must; an eight gets the suit and rank of its first other
    card."""

    name = "beginner"

    def __init__(self, seed: int | None = None) -> None:  # seed accepted for a uniform signature
        self.seed = seed

    def choose(self, view: SeatView) -> Move:
        for kind, cards, decls, laps in _families(view):
            if kind == PLAY:
                suit, rank = decls[0]
                if cards[0].is_eight:
                    rest = without(view.hand, cards)
                    plain = [c for c in rest if not c.is_eight]
                    model = plain[0] if plain else cards[-1]
                    suit = model.suit
                    rank = None if view.rules.suit_only_eights else model.rank
                return Move.from_parts(PLAY, cards, suit, rank, laps[-1])
            return Move.from_parts(kind, (), None, None, laps[-1])
        raise ValueError("no legal move: the round is over or it is not this seat's turn")


def _families(view: SeatView) -> list:
    if view.legal is None or not len(view.legal):
        raise ValueError("no legal move: the round is over or it is not this seat's turn")
    return view.legal.families()


# -- candidate moves and the expert's judgement --------------------------------------------


class ScoringContext:
    """What the expert's scoring needs to know about the position besides the hand."""

    __slots__ = ("v1", "v2", "v3", "o1", "danger", "min_opp", "n_opp", "has_plain", "_seen", "_view")

    def __init__(self, view: SeatView, families: list | None = None) -> None:
        """``families``: ``view.legal.families()`` where the caller has them already."""
        rules = view.rules
        self.v1 = rules.no_special_on_special
        self.v2 = rules.no_special_finish
        self.v3 = rules.lappen
        self.o1 = rules.suit_only_eights
        sizes = [view.hand_sizes[s] for s in view.opponents()]
        self.min_opp = min(sizes)
        self.n_opp = len(sizes)
        self.danger = self.min_opp <= 2
        if families is None:
            families = view.legal.families() if view.legal is not None else []
        self.has_plain = any(kind == PLAY and not cards[0].is_special for kind, cards, _, _ in families)
        self._seen: tuple[list[int], list[int]] | None = None
        self._view = view

    @property
    def seen(self) -> tuple[list[int], list[int]]:
        """How many cards of each suit, and of each rank (by value), the seat has seen: the
        pile and its hand. Only an eight's declaration asks, so they are counted then."""
        seen = self._seen
        if seen is None:
            by_suit = [0, 0, 0, 0]
            by_rank = [0] * 14
            for cards in (self._view.pile, self._view.hand):
                for c in cards:
                    by_suit[c.suit] += 1
                    by_rank[c.rank] += 1
            seen = self._seen = (by_suit, by_rank)
        return seen


def suit_counts(cards: Sequence[Card]) -> list[int]:
    counts = [0, 0, 0, 0]
    for c in cards:
        if not c.is_eight:
            counts[c.suit] += 1
    return counts


def _declarations(after: Sequence[Card], ctx: ScoringContext, k: int) -> list[tuple[Suit, Rank | None]]:
    """Up to ``k`` sensible declarations for an eight, best first: the suits the hand
    holds most of (ties: the suit with the most cards already seen, so the others are less
    likely to hold it), each with the rank the hand holds most of (ties: most seen)."""
    counts = [0, 0, 0, 0]
    points = [0, 0, 0, 0]
    rank_count = [0] * 14
    for c in after:
        if not c.is_eight:
            counts[c.suit] += 1
            points[c.suit] += c.points
            rank_count[c.rank] += 1
    seen_suit, seen_rank = ctx.seen
    suits = sorted(_SUITS, key=lambda s: (-counts[s], -seen_suit[s], -points[s], s))
    if ctx.o1:
        return [(s, None) for s in suits[:k]]
    rank = None  # the most held, then the most seen, then the lowest
    best = (-1, -1)
    for r in _DECLARABLE_RANKS:
        here = (rank_count[r], seen_rank[r])
        if here > best:
            best = here
            rank = r
    return [(s, rank) for s in suits[:k]]


_DECLARABLE_RANKS = tuple(r for r in Rank if r is not _EIGHT)  # in order of value


def candidate_moves(view: SeatView, *, declarations: int = 4) -> list[Move]:
    """The distinct decisions worth considering for the seat to move.

    A play is kept once per effect — the same cards with the same last card (which sets
    the suit) are one candidate, whatever the order of the others; lappen is always called
    where it may be; an eight gets up to ``declarations`` sensible declarations (its
    player's longest suits with its most-held rank), not all 52. Then ``draw`` or ``pass``.
    """
    families = _families(view)
    return _candidates(view, families, ScoringContext(view, families), declarations)


def _candidates(view: SeatView, families: list, ctx: ScoringContext, declarations: int) -> list[Move]:
    """:func:`candidate_moves`, from the view's families and context made already."""
    out: list[Move] = []
    done: set = set()
    for kind, cards, decls, laps in families:
        lap = laps[-1]
        if kind != PLAY:
            out.append(Move.from_parts(kind, (), None, None, lap))
            continue
        key = (tuple(sorted(c.index for c in cards)), cards[-1].index if not cards[-1].is_eight else None)
        if key in done:
            continue
        done.add(key)
        if cards[0].is_eight:
            after = without(view.hand, cards)
            if after:
                chosen = [d for d in _declarations(after, ctx, declarations) if d in decls]
            else:  # going out (or V2's draw after an empty hand): the declaration hardly matters
                chosen = _declarations(after, ctx, 1)
            for suit, rank in chosen or decls[:1]:
                out.append(Move.from_parts(PLAY, cards, suit, rank, lap))
        else:
            out.append(Move.from_parts(PLAY, cards, None, None, lap))
    return out


def continuation(after: Sequence[Card], suit: Suit, rank: Rank | None) -> int:
    """Cards of ``after`` (eights aside) that could be laid on ``suit``/``rank``."""
    return sum(1 for c in after if not c.is_eight and (c.suit is suit or c.rank is rank))


def one_turn_out(hand: Sequence[Card], ctx: ScoringContext) -> bool:
    """Whether ``hand`` is a single group that a suitable top would let go out at once."""
    if not hand:
        return False
    rank = hand[0].rank
    if rank is _ACE or any(c.rank is not rank for c in hand):
        return False
    return not (rank is _EIGHT and (ctx.v2 or (ctx.v1 and len(hand) > 1)))


EXPERT_WEIGHTS: dict[str, float] = {
    "card": 1.0,  # each card laid: shed many at once
    "points": 0.01,  # each point laid (S1) ...
    "points_danger": 0.08,  # ... and more when an opponent has one or two cards left
    "eight_kept": 4.0,  # cost of spending an eight while another card could be laid
    "ace": 1.5,  # an ace: its follow-up comes in the same turn and everyone else draws
    "ace_danger": 3.0,  # ... worth more when an opponent is about to go out
    "continue": 1.0,  # each card (up to 3) that could be laid on the new top
    "last_of_suit": 0.8,  # cost of leaving no card to follow the new top (an eight aside)
    "split_group": 0.4,  # cost of each card of the laid rank kept back
    "special_only": 3.0,  # cost of keeping only special cards under V2
    "one_turn_out": 1.0,  # a hand that one turn could empty
    "draw_before_eight": 0.0,  # 1: draw once before spending an eight when nobody is close
}


def _score_play(hand: Sequence[Card], move: Move, ctx: ScoringContext, w: dict, *, depth: int = 0) -> float:
    """How much the expert likes laying ``move`` from ``hand`` (higher is better)."""
    cards = move.cards
    first, last = cards[0], cards[-1]
    after = without(hand, cards)
    if not after and not first.is_ace:
        if not (ctx.v2 and last.is_special):
            return 1000.0  # goes out
        return -5.0  # V2: an empty hand on a special card only means drawing
    s = w["card"] * len(cards)
    points = sum(c.points for c in cards)
    s += (w["points_danger"] if ctx.danger else w["points"]) * points
    if first.is_eight:
        if ctx.has_plain:
            s -= w["eight_kept"]
        s += w["continue"] * min(continuation(after, move.declared_suit, move.declared_rank), 3)  # type: ignore[arg-type]  # an eight names a suit
    elif first.is_ace:
        s += w["ace_danger"] if ctx.danger else w["ace"]
        if depth == 0:  # plan the follow-up: add the best one's value
            s += max(_follow_up_scores(after, last.suit, ctx, w), default=-10.0)
    else:
        cont = continuation(after, last.suit, last.rank)
        s += w["continue"] * min(cont, 3)
        if cont == 0 and any(not c.is_eight for c in after):
            s -= w["last_of_suit"]  # the last card of its suit: only an eight could follow it
        s -= w["split_group"] * sum(1 for c in after if c.rank is first.rank)
    if ctx.v2 and after and all(c.is_special for c in after):
        s -= w["special_only"]
    if one_turn_out(after, ctx):
        s += w["one_turn_out"]
    return s


def _follow_up_scores(hand: list[Card], suit: Suit, ctx: ScoringContext, w: dict) -> list[float]:
    """The expert's scores of the follow-ups ``hand`` holds for an ace of ``suit``."""
    scores = []
    for first in {c for c in hand if c.suit is suit}:
        if first.is_ace or (ctx.v1 and first.is_eight):
            continue
        same = [c for c in hand if c.rank is first.rank and c is not first]
        if first.is_eight:
            same = []
        # the whole group, ending on the card whose suit the rest holds most of
        rest = without(hand, [first, *same])
        counts = suit_counts(rest)
        same.sort(key=lambda c: counts[c.suit])
        cards = (first, *same)
        decl: tuple = (None, None)
        if first.is_eight:
            decl = _declarations(rest, ctx, 1)[0]
        move = Move.from_parts(PLAY, cards, decl[0], decl[1], False)
        scores.append(_score_play(hand, move, ctx, w, depth=1))
    return scores


def expert_scores(view: SeatView, weights: dict | None = None) -> list[tuple[float, Move]]:
    """Every candidate (see :func:`candidate_moves`) with the expert's score, best first."""
    w = EXPERT_WEIGHTS if weights is None else {**EXPERT_WEIGHTS, **weights}
    families = _families(view)
    ctx = ScoringContext(view, families)
    scored = []
    for i, move in enumerate(_candidates(view, families, ctx, 4)):
        if move.kind == PLAY:
            s = _score_play(view.hand, move, ctx, w)
        elif move.kind == DRAW:
            s = -100.0  # any card laid beats a draw (but see ExpertPlayer's eights)
        else:
            s = -101.0
        scored.append((s, -i, move))
    scored.sort(reverse=True, key=lambda t: (t[0], t[1]))
    return [(s, m) for s, _, m in scored]


class ExpertPlayer(Player):
    """A hand-written strategy a strong human would recognise.

    It goes out whenever it can; lays as many cards at once as it can, ending a group on
    the suit it holds most of and keeping cards that can follow; keeps its eights while it
    has another play; lays an ace with a planned follow-up (two cards in one turn, and
    everyone else draws), above all when an opponent has one or two cards left; sheds
    high-point cards when someone is about to go out; declares the suit (and rank) it holds
    most of; calls lappen whenever it may; under V2 avoids keeping only special cards.
    ``weights`` tunes its judgement (see ``EXPERT_WEIGHTS``; with ``draw_before_eight`` it
    also draws once before spending an eight when nobody is close to going out —
    simulations say that costs more than it saves, so it is off). Deterministic: the same
    view gives the same move.
    """

    name = "expert"

    def __init__(self, seed: int | None = None, *, weights: dict | None = None) -> None:
        self.seed = seed
        self.weights = {**EXPERT_WEIGHTS, **(weights or {})}

    def choose(self, view: SeatView) -> Move:
        scored = expert_scores(view, self.weights)
        best_score, best = scored[0]
        if (
            self.weights["draw_before_eight"]
            and best.kind == PLAY
            and best.cards[0].is_eight
            and best_score < 900
            and view.draws_this_turn == 0
        ):
            ctx = ScoringContext(view)
            if not ctx.has_plain and ctx.min_opp >= 4:
                for _, move in scored:
                    if move.kind == DRAW:
                        return move  # draw once before spending the eight
        return best


# -- the fast playout policy ------------------------------------------------------------------


def policy_move(g: Game, rng: random.Random) -> Move:
    """An expert-like move for the seat to move, computed straight from the game's state
    (no :class:`LegalMoves`, no verdicts). Always legal: tests check it against
    ``legal_moves()`` over many games. Plays a whole group of one rank, ending on the suit it
    holds most of and keeping cards of the suit it leaves; goes out when it can; keeps eights
    while it has another play; lays an ace (with its follow-up) whenever it can; sheds high
    points when someone is nearly out; declares its longest suit; calls lappen when it
    must, and varning (rule O9) when its turn ends with three cards; draws only when it
    cannot lay. A little noise keeps the playouts varied."""
    move = _policy_move(g, rng)
    if g.rules.varning:  # rule O9: the call goes with a move that ends the turn with three cards
        return _with_varning(g, move)
    return move


def _with_varning(g: Game, move: Move) -> Move:
    """``move`` with the varning call (rule O9) where it ends the turn with three cards left."""
    left = g.hand_size(g.to_move)
    if move.is_play:
        if move.cards[-1].is_ace:
            return move
        left -= len(move.cards)
    elif not move.is_pass:
        return move
    return move.with_varning() if left == 3 else move


def _policy_move(g: Game, rng: random.Random) -> Move:
    firsts = g.playable_cards()  # the engine's rules say which cards may start a play
    if not firsts:
        if g.can_draw:  # (never while an ace's follow-up is owed)
            return _DRAW_MOVE
        if g.follow_up_suit is not None or g.rules.drawing == "until":
            # rare (two decks): only a group of aces can follow the ace, or start a play (rule O8)
            kind, cards, decls, laps = g.legal_moves().families()[0]
            return Move.from_parts(kind, cards, decls[0][0], decls[0][1], laps[-1])
        if g.rules.lappen and g.lappen_ready():
            return _PASS_LAPPEN
        return _PASS_MOVE
    rules = g.rules
    if (rules.drawn_card_only and g.draws_this_turn) or _plays_filtered(rules):
        return _policy_from_legal(
            g, rng
        )  # rules O5, O11–O13: the move list leaves out plays the counts allow
    f = firsts[0]
    rank = f.rank
    code = g.rank_counts()  # the game's own counts: no copy of the hand where none is needed
    held = code >> (rank << 2) & 15
    hand = None
    if code == held << (rank << 2):  # every card is of the first card's rank: out at once, if the rules allow
        hand = g.hand()
        order = (f, *without(hand, (f,)))
        if rank is _EIGHT:
            out = Move.from_parts(
                PLAY, order, g.current_suit, None if rules.suit_only_eights else g.current_rank, False
            )
        else:
            out = Move.from_parts(PLAY, order, None, None, False)
        if g.is_legal(out):  # (rare: the engine's rules decide, V1 and V2 among them)
            return out
    if len(firsts) == 1 or (len(firsts) == 2 and rank is firsts[1].rank and rank is not _ACE):
        # One candidate: the best whatever its score (no noise to draw).
        if f.is_special or held == 1:
            if not f.is_eight and not rules.lappen:  # the common case: one card, nothing to call
                return _SINGLE[f.index]
            cards = (f,)
        else:
            cards = _whole_group(g, rank, g.suit_counts(), firsts)[0]
    else:
        cards = _best_play(g, g.to_move, firsts, code, rules.no_special_finish, rng.random)
    lappen = rules.lappen
    last = cards[-1]
    if not lappen and not last.is_eight:
        if len(cards) == 1:
            return _SINGLE[last.index]
        return Move.from_parts(PLAY, cards, None, None, False)
    if hand is None:
        hand = g.hand()
    if lappen:
        after = without(hand, cards)
        lap = after and not last.is_ace and g.lappen_ready(cards=after)
    else:
        lap = False
    if last.is_eight:
        if len(cards) < len(hand):
            # A play that ends on an eight is all eights (R5), and eights are not counted:
            # the rest of the hand holds exactly the suits and ranks counted in the hand.
            counts, ranks = suit_and_rank_counts(hand)
            dsuit = counts.index(max(counts))
            drank = ranks.index(max(ranks[1:]), 1)
        else:
            dsuit, drank = last.suit, Rank.KING
        if rules.suit_only_eights:
            drank = 0
        if not lap and len(cards) == 1:
            return _EIGHT_PLAYS[last.suit][dsuit][drank]
        return Move.from_parts(PLAY, cards, _SUITS[dsuit], _RANK_OF[drank], bool(lap))
    if len(cards) == 1 and not lap:
        return _SINGLE[last.index]
    return Move.from_parts(PLAY, cards, None, None, bool(lap))


def _plays_filtered(rules) -> bool:
    return rules.eight_last_resort or rules.one_eight_a_play or rules.no_ace_finish


def _policy_from_legal(g: Game, rng: random.Random) -> Move:
    """The policy's move read from the engine's move list, where the counts of the whole hand
    would mislead it (rule O5: after a draw only the card drawn; O11–O13: plays left out): the longest play
    that is not an eight, else an eight declaring the suit the rest of the hand holds most
    of, else the turn's other move — calling lappen wherever the list allows it."""
    families = g.legal_moves().families()
    plays = [f for f in families if f[0] == PLAY]
    if not plays:
        kind, cards, decls, laps = families[0]
        return Move.from_parts(kind, cards, decls[0][0], decls[0][1], laps[-1])
    plain = [f for f in plays if not f[1][0].is_eight]
    if plain:
        longest = max(len(f[1]) for f in plain)
        kind, cards, decls, laps = rng.choice([f for f in plain if len(f[1]) == longest])
        return Move.from_parts(kind, cards, None, None, laps[-1])
    kind, cards, decls, laps = plays[0]
    counts, _ = suit_and_rank_counts(without(g.hand(), cards))
    best = counts.index(max(counts))
    suit, rank = next((d for d in decls if d[0] == best), decls[0])
    return Move.from_parts(kind, cards, suit, rank, laps[-1])


def _whole_group(g: Game, rank: Rank, counts: list[int], firsts: list[Card]) -> tuple:
    """The policy's play of every card of ``rank`` (a plain rank the seat to move holds more
    than once), and how many cards of its last card's suit the rest of the hand keeps: the
    last card is of the suit the rest holds most of (of two alike, the later suit); the first
    a legal first card other than it, if there is one."""
    same = g.cards_of_rank(rank)  # (in suit order)
    if len(same) == 2:
        a, b = same
        if a is not b:  # two suits: as the sort below, with one card of each suit taken away
            lo, hi = (a, b) if counts[a.suit] <= counts[b.suit] else (b, a)
            if lo in firsts:
                return (lo, hi), counts[hi.suit] - 1
            return (hi, lo), counts[lo.suit] - 1
    rest = counts[:]
    for c in same:
        rest[c.suit] -= 1
    ordered = sorted(same, key=lambda c: rest[c.suit])
    last = ordered[-1]
    first = None
    for c in firsts:
        if c.rank is rank and c is not last:
            first = c
            break
    if first is None:
        first = last
        last = ordered[-2]
    middle = ordered[:]
    middle.remove(first)
    middle.remove(last)
    return (first, *middle, last), rest[last.suit]


def _best_play(g, seat, firsts, code, v2, random_) -> tuple[Card, ...]:
    """The cards of the policy's best play among several candidates: each scored, plus a
    little noise (one ``random_()`` per candidate, in the order of ``firsts``). ``code`` is
    the hand's rank counts (:meth:`Game.rank_counts`)."""
    n = g.hand_size()
    counts = g.suit_counts()  # the suits of the plain cards and aces (seat is the seat to move)
    plain = n - (code >> _ACE_SHIFT & 15) - (code >> _EIGHT_SHIFT & 15)
    sizes = g.hand_sizes
    danger = min(sizes) <= 2 and min(sizes[seat + 1 :] + sizes[:seat]) <= 2  # (the slices only near the end)
    has_plain = False
    for c in firsts:
        if not c.is_special:
            has_plain = True
            break
    best = None
    best_score = -1e9
    done = 0  # bit set of ranks tried
    for f in firsts:
        rank = f.rank
        if rank is _ACE:  # (the engine listed it only with a follow-up to lay)
            cards = (f,)
            s = 5.0  # an ace and its follow-up: two cards, and everyone else draws
            only_special = plain == 0
            if danger:
                s += 0.05 * _POINTS[rank]
        else:
            bit = 1 << rank
            if done & bit:
                continue
            done |= bit
            if rank is _EIGHT:
                cards = (f,)
                s = -2.0 if has_plain else 1.0
                only_special = plain == 0
                if danger:
                    s += 0.05 * _POINTS[rank]
            else:
                n_same = code >> (rank << 2) & 15
                if n_same == 1:
                    cards = (f,)
                    cont = counts[f.suit] - 1
                else:
                    cards, cont = _whole_group(g, rank, counts, firsts)
                s = n_same + (cont if cont < 3 else 3)
                if cont == 0 and plain > n_same:
                    s -= 0.8  # the last card of its suit: only an eight could follow it
                only_special = plain == n_same
                if danger:
                    s += 0.05 * (n_same * _POINTS[rank])  # (the group's cards are all of this rank)
        if v2 and only_special and len(cards) < n:
            s -= 3.0
        s += random_() * 0.5
        if s > best_score:
            best_score = s
            best = cards
    return best  # type: ignore[return-value]  # firsts is never empty


_SUITS = tuple(Suit)
_RANK_OF = (None, *Rank)  # by value
_POINTS = (0, *(Card(r, Suit.SPADES).points for r in Rank))  # S1 points by rank value


_DRAW_MOVE = Move.draw()
_SINGLE = tuple(Move.from_parts(PLAY, (c,)) for c in standard_deck())  # by card index
_EIGHT_PLAYS = tuple(  # one eight laid alone, by its suit, the suit and the rank (0: none) it declares
    tuple(
        tuple(Move.from_parts(PLAY, (Card(_EIGHT, suit),), declared, _RANK_OF[rank]) for rank in range(14))
        for declared in Suit
    )
    for suit in Suit
)
_PASS_MOVE = Move.pass_()
_PASS_LAPPEN = Move.pass_(lappen=True)


def win_estimate(g: Game, seat: int) -> float:
    """The chance that ``seat`` wins a round cut short, from what the hands look like: a
    conditional-logit model fitted to 50,000 positions of games between fast-policy players
    (2–5 players). Each seat scores ``0.13·cards − 0.55·ranks − 0.5·aces − 0.09·k``, where
    ``ranks`` counts the distinct ranks among its plain cards (a group goes in one turn) and
    ``k`` how many turns it waits before its next one; the chances are the softmax of the
    scores. (A model that charges every card, which looks more natural, played worse
    against the expert: 32.6 % against 34.3 % on the same 800 deals.)"""
    n = g.players
    to_move = g.to_move
    w_card, w_rank, w_ace, w_wait = _EVAL
    codes = g.rank_counts_by_seat()  # 4 bits a rank: how many of each the hand holds
    sizes = g.hand_sizes
    exp = math.exp
    total = 0.0
    mine = 0.0
    for s in range(n):
        code = codes[s]
        plain = code & _PLAIN_NIBBLES
        w = exp(
            w_card * sizes[s]
            + w_rank * ((plain | plain >> 1 | plain >> 2 | plain >> 3) & _NIBBLE_LOW_BITS).bit_count()
            + w_ace * (code >> _ACE_SHIFT & 15)
            + w_wait * ((s - to_move) % n)
        )
        total += w
        if s == seat:
            mine = w
    return mine / total


# For win_estimate, on a rank code (Game.rank_counts): one bit per rank held, aces and eights aside.
_ACE_SHIFT = 4 * _ACE
_EIGHT_SHIFT = 4 * _EIGHT
_PLAIN_NIBBLES = sum(15 << 4 * r for r in Rank if r is not _ACE and r is not _EIGHT)
_NIBBLE_LOW_BITS = sum(1 << 4 * r for r in Rank)
_EVAL = (0.13, -0.55, -0.5, -0.09)  # per card, plain rank, ace, turn waited (the fit gave eights 0)


def _playout(g: Game, seat: int, rng: random.Random, max_plies: int) -> float:
    """Play ``g`` out with the fast policy; 1 if ``seat`` wins, 0 if another seat wins or
    the round is blocked, :func:`win_estimate` if it runs past ``max_plies``."""
    g.rollout(policy_move, rng, max_plies=max_plies)
    if g.is_over:
        if g.rules.play_for_places:
            return place_value(g, seat)
        return 1.0 if g.winner == seat else 0.0
    return win_estimate(g, seat)


def place_value(g: Game, seat: int) -> float:
    """Rule O10: what a finished round with places is worth to ``seat`` — 1 for place 1, 0 for
    the last place or no place (a blocked round), evenly between.

    >>> g = Game.from_position(hands=["5♥", "9♥", "K♣"], top="7♥", rules=Rules(play_for_places=True))
    >>> _ = g.play("5♥"); _ = g.play("9♥")
    >>> [place_value(g, seat) for seat in range(3)]
    [1.0, 0.5, 0.0]
    """
    place = g.place(seat)
    if place is None:
        return 0.0
    return 1.0 - (place - 1) / (g.players - 1)


# -- the search -----------------------------------------------------------------------------

DEPTH = 14  # moves a playout runs before it is cut and scored by win_estimate
DRAW_MARGIN = 0.03  # how much better a voluntary draw must look than the best play
CONFIDENCE = 0.0  # standard errors by which the strong player's search must beat the expert
STRONG_PLAYOUTS = 2000  # the strong player's playouts per decision
STRONG_DEPTH = 8  # its playouts' length: with many playouts, shorter ones scored by win_estimate did better
STRONG_DECLARATIONS = 12  # deals tried until an eight's declaration agrees (see vandatta.ai.inference)
READ_CHOICES = 5  # the other seats' latest plays read as the expert's choices (see round eight)
CHOICE_POOL = 192  # deals the choice reading weighs (at most; fewer with few playouts)
CHOICE_MISS = 0.01  # the weight of a deal for each play read that the expert would not have made from it
READ_ACROSS_DRAWS = True  # read plays made before a card drawn and laid at once (see round seven)
CHOICE_ESS = 0  # off: where the pool's effective number of deals is below this, it deals more ...
CHOICE_CHECKS = 2304  # ... up to this many of the expert's answers (scaled with the pool): round six


class SearchResult(NamedTuple):
    """One candidate's outcome: the move, the summed result of its playouts (wins, with
    cut playouts counted by their estimate) and how many playouts it got."""

    move: Move
    wins: float
    n: int
    round: int  # the last round of successive halving it took part in (survivors rank first)

    @property
    def win(self) -> float:
        return self.wins / self.n if self.n else 0.0


def search(
    view: SeatView,
    candidates: Sequence[Move] | None = None,
    *,
    playouts: int = 1000,
    rng: random.Random | None = None,
    halving: bool = True,
    max_plies: int = DEPTH,
    infer: bool = True,
    draw_margin: float = DRAW_MARGIN,
    default: int | None = None,
    confidence: float = 0.0,
    sampler: Sampler | InferenceSampler | ChoiceSampler | None = None,
) -> list[SearchResult]:
    """Determinized Monte-Carlo search from ``view`` (the seat to move).

    Each batch deals the hidden cards once at random (consistently with the view) and
    plays every surviving candidate out on that same deal, its policy starting on the same
    random numbers and its reshuffles alike (common random numbers: the candidates are
    compared on equal terms). With ``halving`` the budget is spent in rounds of successive
    halving (the better half of the candidates goes on to the next round); without it every
    candidate gets the same share. At least ``playouts`` playouts are run in all. Results
    are sorted best first — except that a voluntary draw (one made while a card could be
    laid) ranks first only if it beats the best play by ``draw_margin``: its estimate has the
    most spread (the card drawn varies), so the noise of a small sample favours it, and
    simulations say drawing by choice rarely pays (the estimate shown is not changed).
    Likewise, with ``default`` (the index of a candidate to keep unless beaten, e.g. the
    expert's choice) and ``confidence`` ``z``, the best candidate goes first only if its mean
    result over the deals both played beats the default's by more than ``z`` standard
    errors; otherwise the default does.
    """
    if view.legal is None:
        raise ValueError("search needs the view of the seat to move")
    if rng is None:
        rng = random.Random(0)
    cands = list(candidates) if candidates is not None else candidate_moves(view)
    k = len(cands)
    wins = [0.0] * k
    ns = [0] * k
    last_round = [0] * k
    outcomes: list[dict[int, float]] = [{} for _ in range(k)]  # per candidate: batch -> result
    batch = 0
    if sampler is None:
        sampler = view.sampler(infer=infer)
    seat = view.seat
    keep = default is not None  # each playout's result, to compare with the default's on the same deal
    alive = list(range(k))
    rounds = max(1, math.ceil(math.log2(k))) if halving and k > 2 else 1
    numbers = CommonNumbers(rng)
    play_rng = numbers.games
    spent = 0
    for r in range(rounds):
        left = playouts - spent
        share = left // (rounds - r)
        per = max(1, -(-share // len(alive)))
        if r == rounds - 1:
            per = max(1, -(-left // len(alive)))
        for _ in range(per):
            det = sampler.sample(rng, game_rng=play_rng)
            numbers.deal(rng)
            last = alive[-1]
            for i in alive:
                numbers.restart()
                g = det if i == last else det.copy(history=False, rng=play_rng)  # (the deal's own game last)
                g.push(cands[i])
                result = _playout(g, seat, numbers.policy, max_plies)
                wins[i] += result
                ns[i] += 1
                if keep:
                    outcomes[i][batch] = result
            spent += len(alive)
            batch += 1
        for i in alive:
            last_round[i] = r
        if r < rounds - 1 and len(alive) > 1:
            alive.sort(key=lambda i: (-wins[i] / ns[i], i))
            alive = sorted(alive[: max(1, -(-len(alive) // 2))])
    results = [SearchResult(cands[i], wins[i], ns[i], last_round[i]) for i in range(k)]
    penalty = [0.0] * k
    if draw_margin and any(m.kind == PLAY for m in cands):
        for i, m in enumerate(cands):
            if m.kind == DRAW:
                penalty[i] = draw_margin
    order = sorted(range(k), key=lambda i: (-last_round[i], -(wins[i] / ns[i] - penalty[i]), i))
    if default is not None and order[0] != default and last_round[default] == last_round[order[0]]:
        top, base = outcomes[order[0]], outcomes[default]
        diffs = [top[b] - base[b] for b in top if b in base]
        paired = len(diffs)
        if paired > 1:
            mean = sum(diffs) / paired
            var = sum((d - mean) ** 2 for d in diffs) / (paired - 1)
            if mean - penalty[order[0]] + penalty[default] <= confidence * math.sqrt(var / paired):
                order.remove(default)
                order.insert(0, default)
    return [results[i] for i in order]


def _blocking_eights(
    view: SeatView, cands: Sequence[Move], sampler: InferenceSampler | ChoiceSampler, rng: random.Random
) -> list[Move]:
    """For each eight among ``cands`` that does not empty the hand, the same cards declaring
    the suit and rank the next seat is least likely to match (over 32 deals of ``sampler``),
    if that declaration is not a candidate already."""
    eights = [m for m in cands if m.kind == PLAY and m.cards[0].is_eight and len(m.cards) < len(view.hand)]
    if not eights:
        return []
    nxt = view.opponents()[0]
    o1 = view.rules.suit_only_eights
    ranks = [r for r in Rank if r is not _EIGHT and r is not _ACE]
    blocked = [[0] * 14 for _ in range(4)]  # blocked[suit][rank]: deals where nxt matches neither
    for _ in range(32):
        held = sampler.sample(rng).hand(nxt)
        suits = 0
        rank_bits = 0
        for c in held:
            if not c.is_special:
                suits |= 1 << c.suit
                rank_bits |= 1 << c.rank
        for suit in Suit:
            if not suits >> suit & 1:
                row = blocked[suit]
                for r in ranks:
                    if o1 or not rank_bits >> r & 1:
                        row[r] += 1
    out = []
    families = {tuple(cards): decls for kind, cards, decls, _ in view.legal.families() if kind == PLAY}  # type: ignore[union-attr]  # its turn
    for m in eights:
        after = without(view.hand, m.cards)
        counts = suit_counts(after)
        held_ranks = [0] * 14
        for c in after:
            held_ranks[c.rank] += 1
        suit, rank = max(
            ((su, r) for su in Suit for r in ranks),
            key=lambda d: (blocked[d[0]][d[1]], counts[d[0]], held_ranks[d[1]], -d[0], -d[1]),
        )
        decl = (suit, None if o1 else rank)
        move = Move.from_parts(PLAY, m.cards, decl[0], decl[1], m.calls)
        if move not in cands and move not in out and decl in families.get(tuple(m.cards), ()):
            out.append(move)
    return out


class StrongPlayer(Player):
    """Determinized Monte-Carlo search (see :func:`search`) with ``playouts`` playouts per
    decision over the expert's ``max_candidates`` best candidates (draw always among them
    when legal), each playout cut after ``max_plies`` moves and scored by :func:`win_estimate`.
    With ``read_hands`` the hidden cards are dealt as the other seats' moves suggest (see
    :class:`~vandatta.ai.inference.InferenceSampler`: who drew holds nothing that fitted, who
    laid an eight had no plain card that fitted, a group goes down whole) and, with
    ``declarations`` (deals tried), an eight's declaration names what its player holds most
    of and, with ``read_groups``, a group ends on the suit the rest of its player's hand holds
    most of; ``read_aces`` also reads a play that follows the suit as "no ace of that suit"
    (off: it gained nothing); ``read_choices=k`` also weighs each deal by whether the expert
    would have made the other seats' latest ``k`` plays from the hands it deals them (see
    :class:`~vandatta.ai.inference.ChoiceSampler`; 5 by default, see rounds five and eight);
    with ``blocking``
    each eight is also tried with the declaration the next seat is least likely to match. It
    keeps the expert's choice unless the search finds a move better by more than
    ``confidence`` standard errors on the same deals (0 by default: on 800 deals against
    three experts, 1 standard error gave 33.3 % and 0 gave 34.3 %). Decisions with a single
    candidate, or that go out, cost nothing. Seeded: the same seed and the same views give
    the same moves. Its notes list the candidates it tried with their estimated chances to
    win the round.

    The defaults were measured heads-up against the expert (duplicate deals, seats
    rotated): 300 playouts, 14 moves deep, no reading gave 62.7 % (1,000 games); 2,000
    playouts, 8 moves deep, reading hands and blocking eights gave 66.3 % (1,600 games), and
    64.9 % (95 % interval 62.8–67.0, 2,000 games) in ``benchmarks/bench_bots.py`` (seed
    2024), at a median of 0.09 s a decision (p95 0.12 s) heads-up on two shared cores.

    Round two, 400 games a variant on the same duplicate deals (seed 31; the defaults above
    won 253): reading declarations 254, and 266 against 253 on seed 41 (kept: pooled 65.0 %
    against 63.3 % over 800 games, at no cost); more playouts where the best two are within
    5 points (2,000 more over the best three) 249; playouts to the end of the round once
    the hands hold 12 cards or fewer 253; a cut-off estimate refitted to heads-up positions
    with "holds a card that fits" 251; the opponent's reply played by the expert's own rules
    (twice the time) 256, and with 1,000 playouts 254. None of these is clearly better: the
    search is not short of playouts (the ~10× headroom to 1 s buys nothing measurable); what
    limits it is how well the playouts model the round. With the declarations read,
    ``benchmarks/bench_bots.py --pairing heads-up`` (seed 2024) gave 65.8 % (95 % interval
    63.6–67.8, 2,000 games; target 68 % missed) at a median of 0.075 s a heads-up decision
    (p95 0.14 s; 0.11 s / 0.26 s with four players) on two cores.

    Round three, paired (``benchmarks/compare_strong.py``: each variant and the defaults on
    the same 400 deals, both seatings, the same seeds; the difference per deal, in win-share
    points, with its standard error): reading a play that follows the suit as "no ace of that
    suit" (``read_aces``; the expert never breaks it) −0.1 ± 0.8 (800 games, seed 5); the
    other seat's playout moves without their noise (a deterministic expert-like reply)
    −0.6 ± 1.1; reading a group's last suit (``read_groups``) +1.4 ± 0.6 on seed 5 and
    +1.3 ± 0.6 on seed 6 — pooled +1.3 ± 0.4 over 1,600 games (34 deals better, 13 worse), at
    no cost in time: kept; after the declared seats came to be dealt first (one hand at a
    time), +0.6 ± 0.9 on seed 7 (800 games) — all three seeds +1.1 ± 0.4. Only 5–15 % of the
    deals change outcome with any of these: the readings refine deals that were mostly right
    already. ``benchmarks/bench_bots.py --pairing heads-up --workers 1`` (seed 2024) then gave
    65.3 % (95 % interval 63.2–67.4, 2,000 games; the same run without it, at 45628b2: 65.7 %;
    target 68 % missed) at a median of 0.060 s a heads-up decision (p95 0.088 s; 0.085 s /
    0.14 s with four players), two such runs sharing the two cores.

    Round four: the knowledge that limits the search. With the other hand known exactly (the
    talon's order still dealt at random) the same search won 88 % of 200 games (seed 5, the
    defaults 64 % on those deals); knowing the talon's order too, 96 % of 100. Every play
    the expert makes is its best choice from its hand, so ``read_choices=1`` weighs the deals
    by whether the expert would have made the other seat's latest play from the hand dealt to
    it (the position of that play rebuilt exactly from the public history; about half of the
    deals explain it). Paired against the defaults (``benchmarks/compare_strong.py
    read_choices=1``, 150 deals a seed, 300 games): +5.0 ± 3.0 points on seed 5, +0.0 ± 2.9 on
    seed 2024, +4.3 ± 2.7 on seed 2025 — about +3 ± 1.7 over the three, at 10–15 % more time
    a heads-up decision (more with four players: three seats' plays to read). But
    ``benchmarks/bench_bots.py --pairing heads-up`` (seed 2024) gave 65.5 % (95 % interval
    63.4–67.6, 2,000 games) with it, not clearly better than 65.3 % without, and the reading
    costs the search a fixed time a decision that the playouts-per-second figures of
    ``--speed-only`` count — so it is off until it is shown to pay.

    Round five: reading each seat's latest three plays (``read_choices=3``; every play since
    the seat last received a card, up to three) — ``benchmarks/bench_bots.py --pairing
    heads-up`` (seed 2024) gave 67.0 % (95 % interval 64.9–69.0, 2,000 games; 65.3 % without
    the reading on the same deals) at a median of 0.195 s a heads-up decision (p95 0.28 s;
    0.32 s / 0.48 s with four players) on two cores. Weighing twice as many deals (192) and a
    deal that does not explain a play at 0.01 instead of 0.05 (the expert the model is plays
    the same hand the same way): 67.7 % (65.6–69.7; target 68 % just missed, its lower bound
    of 65 % met) at a median of 0.21 s a heads-up decision (p95 0.33 s; 0.39 s / 0.58 s with
    four players). Both on by default.

    Round six: where few deals of the pool explain the plays read (in 6 of 10 heads-up
    positions tried, an effective number of deals under 64 out of 192), dealing on until it
    reaches 64 or the expert has been asked 2,304 times (``choice_ess=64``):
    ``benchmarks/bench_bots.py --pairing heads-up`` (seed 2024) gave 67.2 % (95 % interval
    65.2–69.3, 2,000 games), no better than 67.7 % without, at 0.18 s / 0.37 s a heads-up
    decision (median / p95; four players 0.43 s / 0.62 s) — more deals do not help, so it is
    off (``choice_ess=0``).

    Round seven: reading on past a card drawn and laid at once (``read_across_draws``, see
    :func:`~vandatta.ai.inference.past_plays` with ``across_draws``): a seat that drew its
    turn's only card and then began a play with it (not an ace) laid the card it drew, so its
    earlier plays can be read too. ``benchmarks/bench_bots.py --pairing heads-up`` (seed
    2024) gave 67.8 % (95 % interval 65.7–69.8, 2,000 games; target 68 % just missed, its
    lower bound met) at a median of 0.23 s a heads-up decision (p95 0.30 s; 0.37 s / 0.51 s
    with four players), against 67.7 % without — not clearly better, but it is exact and
    cheap, so it is on by default.

    Round eight: reading each seat's latest five plays instead of three (``read_choices=5``;
    in 40 expert games heads-up, three cut the reading short in 38 % of the decisions
    searched, and more of them can be read since round seven) — ``benchmarks/bench_bots.py
    --pairing heads-up`` (seed 2024) gave 69.2 % (95 % interval 67.2–71.2, 2,000 games;
    67.8 % with three on the same deals: the target of 68 % with its lower bound of 65 % met)
    at a median of 0.18 s a heads-up decision (p95 0.25 s; 0.33 s / 0.50 s with four
    players) on two cores. On by default.

    Round nine, the playouts made faster (issue 9): the candidates of a deal share their
    policy's random numbers and their reshuffles
    (:class:`~vandatta.ai.common_numbers.CommonNumbers`) instead of seeding a generator anew
    each, and the policy breaks a tie between a pair's suits by suit, not by the hand's order. The same search, two runs of ``benchmarks/bench_bots.py --pairing
    heads-up`` (seed 2024, 2,000 games each; they differ only in their random numbers): 66.9 %
    (64.8–68.9) and 69.0 % (66.9–71.0; target met) — 67.95 % (66.5–69.4) over the 4,000
    games, against 69.2 % (67.2–71.2) in one run before: within what two runs of one search
    differ by, as these two show. A median of 0.17 s a heads-up decision (p95 0.23 s;
    0.32 s / 0.41 s with four players). On other deals (``--seed 2025 --games 1000``, one
    worker each) this search won 70.3 % (67.4–73.1) and the search of round eight
    (c2cd241) 70.1 % (67.2–72.9) of the same rounds: the faster playouts cost no strength.
    """

    name = "strong"

    def __init__(
        self,
        seed: int | None = None,
        *,
        playouts: int = STRONG_PLAYOUTS,
        max_candidates: int = 6,
        max_plies: int = STRONG_DEPTH,
        confidence: float = CONFIDENCE,
        read_hands: bool = True,
        blocking: bool = True,
        declarations: int = STRONG_DECLARATIONS,
        read_aces: bool = False,
        read_groups: bool = True,
        read_choices: int = READ_CHOICES,
        choice_ess: float = CHOICE_ESS,
        read_across_draws: bool = READ_ACROSS_DRAWS,
    ) -> None:
        self.rng = random.Random(seed)
        self.read_across_draws = read_across_draws
        self.read_choices = read_choices
        self.choice_ess = choice_ess
        self.read_aces = read_aces
        self.read_groups = read_groups
        self.declarations = declarations
        self.read_hands = read_hands
        self.blocking = blocking
        self.playouts = playouts
        self.max_candidates = max_candidates
        self.max_plies = max_plies
        self.confidence = confidence

    def choose_with_notes(self, view: SeatView) -> tuple[Move, dict | None]:
        scored = expert_scores(view)
        if len(scored) == 1:
            return scored[0][1], None
        if scored[0][0] >= 900:  # going out
            return scored[0][1], None
        cands = [m for _, m in scored[: self.max_candidates]]
        for _, m in scored[self.max_candidates :]:
            if m.kind == DRAW:
                cands.append(m)
        inferred = (
            InferenceSampler(
                view, declarations=self.declarations, aces=self.read_aces, groups=self.read_groups
            )
            if self.read_hands
            else None
        )
        sampler: InferenceSampler | ChoiceSampler | None = inferred
        if self.read_choices and inferred is not None:
            pool = max(16, min(CHOICE_POOL, self.playouts // 10))
            sampler = ChoiceSampler(
                view,
                inferred,
                _EXPERT.choose,
                random.Random(self.rng.getrandbits(32)),
                pool=pool,
                unlikely=CHOICE_MISS,
                depth=self.read_choices,
                ess=self.choice_ess,
                checks=CHOICE_CHECKS * pool // CHOICE_POOL,
                across_draws=self.read_across_draws,
            )
        if self.blocking and sampler is not None:
            cands.extend(_blocking_eights(view, cands, sampler, random.Random(self.rng.getrandbits(32))))
        results = search(
            view,
            cands,
            playouts=self.playouts,
            rng=self.rng,
            max_plies=self.max_plies,
            default=0,
            confidence=self.confidence,
            sampler=sampler,
        )
        notes = {
            "player": self.name,
            "playouts": sum(r.n for r in results),
            "candidates": [{"move": str(r.move), "win": round(r.win, 3), "n": r.n} for r in results[:5]],
        }
        return results[0].move, notes

    def choose(self, view: SeatView) -> Move:
        return self.choose_with_notes(view)[0]


_EXPERT = ExpertPlayer()  # the model of the other seats' choices (deterministic, no state)

PLAYER_NAMES = ("random", "beginner", "expert", "strong")
_CLASSES = {
    "random": RandomPlayer,
    "beginner": BeginnerPlayer,
    "expert": ExpertPlayer,
    "strong": StrongPlayer,
}


class PlayoutBudget:
    """Playouts shared by the searching players of one game (a quick game for a page).

    >>> budget = PlayoutBudget(100); budget.spend(30); budget.left
    70
    """

    def __init__(self, playouts: int) -> None:
        if not isinstance(playouts, int) or isinstance(playouts, bool) or playouts < 0:
            raise ValueError(f"playouts must be a whole number, 0 or more, not {playouts!r}")
        self.left = playouts

    def spend(self, playouts: int) -> None:
        self.left -= playouts

    def __repr__(self) -> str:
        return f"PlayoutBudget({self.left})"


class BudgetedPlayer(Player):
    """``searcher`` while the shared ``budget`` lasts, then ``fallback``: deterministic, as
    the budget is counted in playouts (the searcher's notes say how many it used), not in
    seconds, so a seed gives the same game on every machine.

    >>> budget = PlayoutBudget(0)
    >>> player = BudgetedPlayer(make_player("strong", seed=1), make_player("expert", seed=1), budget)
    >>> player.name, player
    ('strong', <BudgetedPlayer 'strong'>)
    """

    def __init__(
        self, searcher: Player, fallback: Player, budget: PlayoutBudget, *, per_move: int = 32
    ) -> None:
        self.searcher, self.fallback, self.budget = searcher, fallback, budget
        self.per_move = per_move  # what a move costs when the notes do not say
        self.name = searcher.name

    def choose_with_notes(self, view: SeatView) -> tuple[Move, dict | None]:
        if self.budget.left > 0:
            move, notes = self.searcher.choose_with_notes(view)
            spent = notes.get("playouts") if isinstance(notes, dict) else None
            whole = isinstance(spent, int) and not isinstance(spent, bool)  # (true is not 1 playout)
            self.budget.spend(spent if whole and isinstance(spent, int) else self.per_move)
            return move, notes
        return self.fallback.choose_with_notes(view)


def make_player(name: str | type[Player], *, seed: int | None = None, **options: object) -> Player:
    """A player by name: ``"random"``, ``"beginner"``, ``"expert"`` or ``"strong"`` — or by
    its class, a :class:`Player` subclass taking ``seed`` first (e.g. a style of
    :mod:`vandatta.ai.styles`), so that a tournament can field players of any module.

    ``seed`` seeds its choices (the same seed gives the same moves); ``options`` go to the
    player, e.g. ``make_player("strong", seed=1, playouts=500)``.
    """
    if isinstance(name, type) and issubclass(name, Player):
        return name(seed, **options)  # type: ignore[call-arg]  # such a class takes seed first
    try:
        cls = _CLASSES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown player {name!r}: choose from {', '.join(PLAYER_NAMES)}") from None
    return cls(seed, **options)


@dataclass(frozen=True)
class SearchBudget:
    """How much the strong player may search where a round must appear within seconds (a
    page that deals a game of computer players): ``playouts`` a decision over at most
    ``candidates`` moves, playouts cut after ``max_plies``, and ``per_game`` playouts for
    all strong seats of a game together — then they play like the expert. Counted in
    playouts, not seconds, so a seed gives the same game on every machine.

    >>> SearchBudget()
    SearchBudget(playouts=32, candidates=4, max_plies=60, per_game=2000)
    >>> SearchBudget(per_game=150).playouts
    32
    """

    playouts: int = 32
    candidates: int = 4
    max_plies: int = 60
    per_game: int = 2000

    def __post_init__(self) -> None:
        for name in ("playouts", "candidates", "max_plies", "per_game"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"SearchBudget.{name} must be a whole number, 0 or more, not {value!r}")


QUICK_SEARCH = SearchBudget()  # the dashboard's: a round of eight strong seats within seconds


def computer_players(kinds: Sequence[str], *, seed: int, budget: SearchBudget = QUICK_SEARCH) -> list[Player]:
    """The computer players of a quick game: ``kinds[seat]`` (a name of :data:`PLAYER_NAMES`)
    seeded from ``seed`` and the seat, the strong ones searching within ``budget`` (one
    :class:`PlayoutBudget` shared by the game's strong seats), then playing like the expert.

    >>> players = computer_players(["strong", "expert"], seed=2)
    >>> [p.name for p in players], players[0]
    (['strong', 'expert'], <BudgetedPlayer 'strong'>)
    >>> g = play_game(computer_players(["strong", "strong"], seed=2, budget=SearchBudget(per_game=100)), seed=2)
    >>> g.is_over, sum((g.annotation(i) or {}).get("playouts", 0) for i in range(1, g.ply + 1)) < 100 + 2 * 32
    (True, True)
    """
    shared = PlayoutBudget(budget.per_game)
    players: list[Player] = []
    for seat, kind in enumerate(kinds):
        if kind not in PLAYER_NAMES:
            raise ValueError(f"unknown computer player {kind!r}: choose from {', '.join(PLAYER_NAMES)}")
        player_seed = seed * 16 + seat + 1
        if kind == "strong":
            strong = make_player(
                "strong",
                seed=player_seed,
                playouts=budget.playouts,
                max_candidates=budget.candidates,
                max_plies=budget.max_plies,
            )
            expert = make_player("expert", seed=player_seed)
            players.append(BudgetedPlayer(strong, expert, shared, per_move=budget.playouts))
        else:
            players.append(make_player(kind, seed=player_seed))
    return players


# -- playing whole rounds -------------------------------------------------------------------


def play_round(game: Game, players: Sequence[Player], *, max_plies: int = 20_000, notes: bool = True) -> Game:
    """Let ``players[seat]`` make every decision of ``game`` until the round is over (or
    ``max_plies`` moves were played). Moves go through the checked :meth:`Game.play`; a
    searching player's notes become the move's annotation. Records each seat's player name
    in ``game.player_info``. Returns ``game``."""
    if len(players) != game.players:
        raise ValueError(f"{len(players)} players given for a game of {game.players}")
    # (a new list: a copy made without history shares the original's)
    game.player_info = [{**info, "player": player.name} for info, player in zip(game.player_info, players)]
    log = PublicLog(game)
    while not game.is_over and game.ply < max_plies:
        seat = game.to_move
        view = SeatView.of(game, seat, log=log)
        move, note = players[seat].choose_with_notes(view)
        game.play(move, annotation=note if notes else None)
    return game


def play_game(
    players: Sequence[Player],
    *,
    seed: int,
    rules: Rules | None = None,
    dealer: int = 0,
    names: Sequence[str] | None = None,
    max_plies: int = 20_000,
    notes: bool = True,
) -> Game:
    """Deal a round for ``len(players)`` seats with ``seed`` and let the players play it
    (see :func:`play_round`). The game's record names the player of each seat and carries
    the searching players' notes.

    >>> import vandatta as v
    >>> g = v.play_game([v.make_player("expert"), v.make_player("random", seed=1)], seed=3)
    >>> g.is_over, [p["player"] for p in v.write_record(g)["players"]]
    (True, ['expert', 'random'])
    """
    game = Game.deal(len(players), seed=seed, rules=rules, dealer=dealer, names=names)
    return play_round(game, players, max_plies=max_plies, notes=notes)
