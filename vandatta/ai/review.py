"""The game review: every decision of a round judged by its chance to win the round.

>>> import vandatta as v
>>> game = v.Game.from_position(hands=["7♥ 8♠ K♣", "2♦ 3♦ 4♠"], top="7♦", talon="9♠ 4♦ 2♣ 5♥ J♣ 6♠")
>>> _ = game.play("8♠=K♣")            # the eight, although 7♥ fits: the last eight is gone
>>> r = v.review(game, seat=0, playouts=200, seed=1, workers=1)
>>> d = r.decision(1)
>>> d.move, d.best, d.grade.symbol in ("?!", "?", "??")
(Move.parse('8♠=K♣'), Move.parse('7♥'), True)
>>> print(d.reason("en"))
Better: 7♥ — keeping the eight would have given you a way out later.
>>> game.annotation(1)["review"]["grade"] == d.grade.value   # stored with the move
True

:func:`review` replays the round and, for every decision of the chosen seat (or of every
seat), estimates the seat's chance to win the round after each move it could have made,
from what the seat could see then — its own view (:class:`~vandatta.SeatView`), never the other
hands or the talon. The moves it compares are the distinct choices (:func:`candidate_moves`):
each play once whatever the order of a group's middle cards, an eight once per suit (with the
rank its player holds most of) rather than 52 times, draw or pass — and always the move that was
played, as it was played.

How a chance is estimated: the cards the seat could not see are dealt at random consistently
with its view (``playouts`` deals per decision), and every candidate is played out on every
deal with the same random numbers (:class:`~vandatta.ai.common_numbers.CommonNumbers`: the
same numbers for each candidate's policy, the same reshuffles), by a :class:`Playout` policy (the
fast expert-like policy of the computer players by default, cut after 14 moves and then scored
by a model of who is likely to win; see :func:`vandatta.ai.players.search`). A candidate's
chance is its average result. Because every candidate meets the same deals, the difference
between two candidates is measured deal by deal, and its 95% interval (``margin``) is much
tighter than either chance's own interval (``spread``).

The verdict (:class:`Grade`) comes from the *drop* — the best candidate's chance minus the
played move's:

======================  =====  ==============================================================
verdict                 mark   when
======================  =====  ==============================================================
best (bästa draget)     ``!``  the move played had the highest chance
good (bra drag)         ``✓``  drop below 3 points (``GOOD_BELOW``)
inaccuracy (lite sämre) ``?!`` drop below 8 points (``INACCURACY_BELOW``), or a larger drop
                               that is not larger than its own 95% interval
mistake (misstag)       ``?``  drop below 15 points (``MISTAKE_BELOW``)
blunder (stort misstag) ``??`` drop of 15 points or more
======================  =====  ==============================================================

"Points" are percentage points of the chance to win the round. A move is called a mistake
or a blunder only when the drop is larger than its 95% interval (the difference is then real,
not the luck of the deals): with few ``playouts`` the review says less, never something false.
A decision with a single choice (a forced draw or pass) is not judged.

The review is deterministic: decision ``ply`` is estimated from a generator seeded with
``seed`` and ``ply`` alone, so the same seed gives the same review whether it runs in one
process or several, and whatever the hidden cards really were. By default it is stored in the
game as annotations (``game.annotation(ply)["review"]``), so a saved record replays with its
review: :meth:`Review.from_game` reads it back.
"""

from __future__ import annotations

import html
import math
import os
import random
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import TypeVar

from ..cards import plural as rank_plural
from ..explain import declaration_words, move_words
from ..game import Game
from ..lang import LANGS, LocalText, check_lang, number_word, percent, plural
from ..messages import CITES, MESSAGES, count
from ..moves import DRAW, PASS, PLAY, Move
from ..record import read_game, write_record
from ..view import PublicLog
from .common_numbers import CommonNumbers
from .features import MoveFeatures, move_features
from .players import DEPTH, SeatView, candidate_moves, place_value, policy_move, win_estimate

__all__ = [
    "review",
    "judge",
    "Review",
    "Decision",
    "Grade",
    "Playout",
    "ReviewJob",
    "ReviewError",
    "GOOD_BELOW",
    "INACCURACY_BELOW",
    "MISTAKE_BELOW",
    "Z95",
    "PLAYOUTS",
    "ANNOTATION_KEY",
]

# a default kept as it is: `int` when the caller gives a number, `None` when it gives none
_Default = TypeVar("_Default", int, None)

GOOD_BELOW = 0.03  # a drop in the chance to win below this is still a good move
INACCURACY_BELOW = 0.08  # ... below this an inaccuracy
MISTAKE_BELOW = 0.15  # ... below this a mistake, and from here on a blunder
Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval
PLAYOUTS = 600  # deals per decision by default: a 3-player round in a few seconds on 2 cores
ANNOTATION_KEY = "review"  # where a decision is kept in the move's annotation


class ReviewError(ValueError):
    """A game that cannot be reviewed (no history) or a bad setting: a catalog key
    (``review_error_…`` of :data:`vandatta.messages.MESSAGES`) and its values; :meth:`text`
    says it in either language, ``str(error)`` in English."""

    def __init__(self, key: str, /, **values: object) -> None:
        self.key, self.values = key, values
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        return MESSAGES[self.key][check_lang(lang)].format(**self.values)


# -- the verdicts -------------------------------------------------------------------------------


class Grade(Enum):
    """A decision's verdict, from the best move to a blunder, with a mark like chess's."""

    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @property
    def symbol(self) -> str:
        """``!`` ``✓`` ``?!`` ``?`` ``??``"""
        return _SYMBOLS[self]

    @property
    def severity(self) -> int:
        """0 (best) to 4 (blunder)."""
        return _ORDER.index(self)

    def name_in(self, lang: str = "en") -> str:
        """``Grade.MISTAKE.name_in("sv") == "Misstag"``"""
        return MESSAGES["review_grade_" + self.value][check_lang(lang)]

    @classmethod
    def parse(cls, text: str) -> Grade:
        """From its value (``"mistake"``) or its mark (``"?"``)."""
        for grade in cls:
            if text in (grade.value, grade.symbol):
                return grade
        raise ValueError(f"{text!r} is not a verdict: use one of {', '.join(g.value for g in cls)}")

    def __repr__(self) -> str:
        return f"Grade.{self.name}"


_ORDER = (Grade.BEST, Grade.GOOD, Grade.INACCURACY, Grade.MISTAKE, Grade.BLUNDER)
_SYMBOLS = {
    Grade.BEST: "!",
    Grade.GOOD: "✓",
    Grade.INACCURACY: "?!",
    Grade.MISTAKE: "?",
    Grade.BLUNDER: "??",
}


def grade_of(drop: float, margin: float, *, best: bool) -> Grade:
    """The verdict of a drop in the chance to win (see the module's table): a mistake
    or a blunder only when ``drop`` is larger than ``margin``, its 95% interval."""
    if best:
        return Grade.BEST
    if drop < GOOD_BELOW:
        return Grade.GOOD
    if drop < INACCURACY_BELOW or drop <= margin:
        return Grade.INACCURACY
    if drop < MISTAKE_BELOW:
        return Grade.MISTAKE
    return Grade.BLUNDER


# -- the playouts ---------------------------------------------------------------------------------


def _name_of(f: Callable) -> str:
    return getattr(f, "__qualname__", None) or repr(f)


@dataclass(frozen=True)
class Playout:
    """How the review plays a candidate out: every seat moves by ``policy(game, rng)`` (a
    legal move for the seat to move, the fast expert-like :func:`policy_move` by default)
    until the round is over (1 if the reviewed seat won, else 0) or ``max_plies`` moves
    were made; a round cut short is scored by ``estimate(game, seat)``, a chance from 0 to 1
    (``None``: play every round to its end). A stronger computer player gives the review a
    sharper eye: pass its policy here. The functions must be defined at a module's top level
    so that worker processes can receive them.

    >>> Playout()
    Playout(policy=policy_move, max_plies=14, estimate=win_estimate)
    """

    policy: Callable[[Game, random.Random], Move] = policy_move
    max_plies: int | None = DEPTH
    estimate: Callable[[Game, int], float] = win_estimate

    def __call__(self, game: Game, seat: int, rng: random.Random) -> float:
        game.rollout(self.policy, rng, max_plies=self.max_plies if self.max_plies is not None else 100_000)
        if game.is_over:
            if game.rules.play_for_places:  # rule O10: the place is worth something
                return place_value(game, seat)
            return 1.0 if game.winner == seat else 0.0
        return self.estimate(game, seat)

    def __repr__(self) -> str:
        return (
            f"Playout(policy={_name_of(self.policy)}, max_plies={self.max_plies!r}, "
            f"estimate={_name_of(self.estimate)})"
        )


# -- one decision --------------------------------------------------------------------------------


def _r(x: float) -> float:
    return round(x, 4)


@dataclass(frozen=True)
class Decision:
    """The review of one decision: move number ``ply`` (1-based), made by ``seat``.

    ``before`` is the seat's estimated chance to win the round before the move — the
    chance after the best move it had, ``best`` — and ``after`` the chance after the move it
    played, ``move``; ``drop`` is the difference and ``margin`` the half-width of its 95%
    interval (paired over the same deals), ``spread`` and ``best_spread`` those of ``after``
    and ``before`` themselves. ``grade`` is the verdict, ``candidates`` every move compared
    with its chance (best first), ``playouts`` the deals each was played out on.
    """

    ply: int
    seat: int
    move: Move
    best: Move
    before: float
    after: float
    margin: float
    grade: Grade
    why: LocalText  # the reason, in every language
    playouts: int
    spread: float = 0.0
    best_spread: float = 0.0
    candidates: tuple[tuple[Move, float], ...] = ()

    @property
    def drop(self) -> float:
        """How much the move played lowered the chance to win (0 for the best move)."""
        return max(0.0, _r(self.before - self.after))

    @property
    def symbol(self) -> str:
        return self.grade.symbol

    def reason(self, lang: str = "en") -> str:
        return self.why.text(lang)

    def label(self, lang: str = "en") -> str:
        """For a screen reader: ``"Move 5, Mistake (?): 8♠=K♣"``."""
        word = MESSAGES["review_move_n"][check_lang(lang)].format(n=self.ply)
        return f"{word}, {self.grade.name_in(lang)} ({self.symbol}): {self.move}"

    def text(self, lang: str = "en") -> str:
        """One line: the move, its mark, the chances and the reason."""
        lang = check_lang(lang)
        chance = MESSAGES["review_chance_line"][lang].format(
            before=percent(self.before, lang),
            after=percent(self.after, lang),
            margin=percent(self.margin, lang),
        )
        head = f"{self.ply:>3}. {self.move!s} {self.symbol} {self.grade.name_in(lang)}"
        return f"{head}{MESSAGES['dash'][lang]}{chance}. {self.reason(lang)}"

    def to_dict(self) -> dict:
        """JSON-ready; :meth:`from_dict` reads it back (the annotation kept with the move)."""
        return {
            "seat": self.seat,
            "grade": self.grade.value,
            "before": self.before,
            "after": self.after,
            "margin": self.margin,
            "spread": self.spread,
            "best_spread": self.best_spread,
            "best": str(self.best),
            "playouts": self.playouts,
            "reason": dict(sorted(self.why.to_dict().items())),  # "en" before "sv", as records keep it
            "candidates": [[str(m), p] for m, p in self.candidates],
        }

    @classmethod
    def from_dict(cls, data: dict, *, ply: int, move: Move) -> Decision:
        """The decision of move ``ply`` (``move``) from :meth:`to_dict`'s dict; raises
        :class:`ReviewError` naming what is wrong."""
        try:
            reason = data["reason"]
            return cls(
                ply=ply,
                seat=_int(data["seat"]),
                move=move,
                best=Move.parse(data["best"]),
                before=_chance(data["before"]),
                after=_chance(data["after"]),
                margin=_chance(data["margin"]),
                grade=Grade.parse(data["grade"]),
                why=LocalText(**{lang: _str(reason[lang]) for lang in LANGS}),
                playouts=_int(data["playouts"]),
                spread=_chance(data.get("spread", 0.0)),
                best_spread=_chance(data.get("best_spread", 0.0)),
                candidates=tuple((Move.parse(m), _chance(p)) for m, p in data.get("candidates", ())),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise ReviewError("review_error_move_review_kept_with", ply=ply, error=error) from None


def _int(x: object) -> int:
    if not isinstance(x, int) or isinstance(x, bool) or x < 0:
        raise ValueError(f"{x!r} is not a whole number")
    return x


def _chance(x: object) -> float:
    if isinstance(x, bool) or not isinstance(x, (int, float)) or not 0.0 <= x <= 1.0:
        raise ValueError(f"{x!r} is not a chance from 0 to 1")
    return float(x)


def _str(x: object) -> str:
    if not isinstance(x, str):
        raise ValueError(f"{x!r} is not a text")
    return x


def _effect(move: Move) -> tuple:
    """What a move does, whatever the order of the cards before the last: two moves with the
    same effect are one choice for the review (as for :func:`candidate_moves`)."""
    if move.kind != PLAY:
        return (move.kind, move.lappen)
    cards = move.cards
    return (
        PLAY,
        tuple(sorted(c.index for c in cards)),
        cards[-1].index,
        move.declared_suit,
        move.declared_rank,
        move.lappen,
    )


def choices(view: SeatView, move: Move) -> tuple[list[Move], int]:
    """The moves the review compares for the seat of ``view`` (see the module's notes), with
    the index of the one equivalent to ``move`` — which is added, as played, when none is."""
    cands = candidate_moves(view)
    key = _effect(move)
    for i, c in enumerate(cands):
        if _effect(c) == key:
            cands[i] = move  # judged as it was laid
            return cands, i
    cands.append(move)
    return cands, len(cands) - 1


class _Estimate:
    """The playouts of one decision, run in portions (a widget runs them between events)."""

    __slots__ = (
        "view",
        "move",
        "cands",
        "played",
        "sampler",
        "rng",
        "numbers",
        "policy",
        "results",
        "target",
    )

    def __init__(self, view: SeatView, move: Move, *, playouts: int, seed: int, policy: Playout) -> None:
        self.view = view
        self.move = move
        self.cands, self.played = choices(view, move)
        self.sampler = view.sampler()
        # decision ``ply`` draws on a generator of its own: the same whatever else is reviewed
        self.rng = random.Random(f"vandatta review {seed} {view.ply + 1}")
        self.numbers = CommonNumbers(self.rng)
        self.policy = policy
        self.results: list[list[float]] = [[] for _ in self.cands]
        self.target = playouts

    @property
    def done(self) -> int:
        return len(self.results[0])

    def run(self, deals: int) -> bool:
        """Play out up to ``deals`` more deals; True when all ``playouts`` are done."""
        rng, numbers, policy, seat = self.rng, self.numbers, self.policy, self.view.seat
        cands, results = self.cands, self.results
        for _ in range(min(deals, self.target - self.done)):
            deal = self.sampler.sample(rng, game_rng=numbers.games)
            numbers.deal(rng)
            for move, out in zip(cands, results):
                numbers.restart()
                g = deal.copy(history=False, rng=numbers.games)
                g.push(move)
                out.append(policy(g, seat, numbers.policy))
        return self.done >= self.target

    def decision(self) -> Decision:
        n = self.done
        if n < 2:
            raise ValueError("a decision needs at least two deals to measure its uncertainty")
        means = [sum(r) / n for r in self.results]
        q = self.played
        b = max(range(len(means)), key=lambda i: (means[i], i == q, -i))
        played, best = self.results[q], self.results[b]
        diffs = [x - y for x, y in zip(best, played)]
        margin = Z95 * _sd(diffs) / math.sqrt(n)
        drop = means[b] - means[q]
        grade = grade_of(drop, margin, best=b == q)
        view = self.view
        pf = move_features(view, self.cands[q])
        bf = pf if b == q else move_features(view, self.cands[b])
        order = sorted(range(len(means)), key=lambda i: (-means[i], i))
        eights = [means[i] for i, c in enumerate(self.cands) if c.kind == PLAY and c.cards[0].is_eight]
        eight_worse = bool(eights) and max(eights) <= means[q] - GOOD_BELOW
        return Decision(
            ply=view.ply + 1,
            seat=view.seat,
            move=self.move,
            best=self.cands[b],
            before=_r(means[b]),
            after=_r(means[q]),
            margin=_r(margin),
            grade=grade,
            why=LocalText.of(
                lambda lang: _reason(pf, bf, self.cands[b], grade, lang, eight_worse=eight_worse)
            ),
            playouts=n,
            spread=_r(Z95 * _sd(played) / math.sqrt(n)),
            best_spread=_r(Z95 * _sd(best) / math.sqrt(n)),
            candidates=tuple((self.cands[i], _r(means[i])) for i in order),
        )


def _sd(xs: Sequence[float]) -> float:
    n = len(xs)
    if n < 2:
        return 0.0
    mean = sum(xs) / n
    return math.sqrt(max(0.0, sum((x - mean) ** 2 for x in xs) / (n - 1)))


def judge(
    view: SeatView,
    move: Move | str,
    *,
    playouts: int = PLAYOUTS,
    seed: int = 0,
    policy: Playout | None = None,
) -> Decision | None:
    """The review of one decision: ``move``, made by the seat of ``view`` (its turn), from
    that view alone. ``None`` when the seat had no choice (a forced draw or pass).

    >>> import vandatta as v
    >>> g = v.Game.from_position(hands=["7♥ 7♣", "2♦ 3♦ 4♠"], top="7♦", talon="9♠ 4♦ 2♣")
    >>> d = judge(v.SeatView.of(g, 0), "7♥", playouts=50)
    >>> d.grade, d.best, d.before                  # both sevens at once would have gone out
    (Grade.BLUNDER, Move.parse('7♥ 7♣'), 1.0)
    """
    move = Move.parse(move) if isinstance(move, str) else move
    if view.legal is None:
        raise ReviewError("review_error_judge_needs_view_seat")
    if move not in view.legal:
        raise ReviewError("review_error_was_allowed_move_for", move=move, view_seat_1=view.seat + 1)
    _check_playouts(playouts)
    est = _Estimate(view, move, playouts=playouts, seed=seed, policy=policy or Playout())
    if len(est.cands) < 2:
        return None
    est.run(playouts)
    return est.decision()


def _check_playouts(playouts: object) -> None:
    if not isinstance(playouts, int) or isinstance(playouts, bool) or not 2 <= playouts <= 1_000_000:
        raise ReviewError("review_error_playouts_whole_number_from", playouts=playouts)


# -- the reasons ------------------------------------------------------------------------------------

# Every phrase of the review, in both languages (the words of docs/glossary.md).


def _num(n: int, lang: str) -> str:
    return number_word(n, lang)


def _say(key: str, lang: str, **params: object) -> str:
    text = MESSAGES["review_" + key][lang].format(**params)
    rules = CITES.get("review_" + key)  # the rule ids are data; the citation is written from them
    return f"{text} ({', '.join(rules)})" if rules else text


def _good_parts(f: MoveFeatures, lang: str, *, eight_worse: bool = False) -> list[str]:
    """What a good move did, most telling first. ``eight_worse``: laying the eight instead
    was measurably worse (only then is keeping it worth a word)."""
    parts: list[str] = []
    if f.goes_out:
        return [_say("went_out", lang)]
    if f.kind == DRAW:
        if f.draw == "only_eight":
            parts.append(_say("drew_saved_eight", lang))
        elif f.draw == "forced":
            parts.append(_say("drew_nothing_fit", lang))
        return parts
    if f.kind == PASS:
        return [_say("called", lang)] if f.lappen else []
    if f.ace:
        if f.next_size <= 2:
            parts.append(_say("ace_next", lang, cards=count("cards", f.next_size, lang)))
        else:
            ace_key = plural(f.others, lang, one="ace_other", other="ace_others")
            parts.append(_say(ace_key, lang, n=_num(f.others, lang)))
        if f.follow_card is not None and f.top_suit is not None:
            parts.append(_say("ace_follow", lang, card=f.follow_card, suit=f.top_suit.name_in(lang)))
    if f.laid > 1 and f.rank is not None:
        parts.append(_say("group", lang, n=_num(f.laid, lang), plural=rank_plural(f.rank, lang)))
    if f.eight == "needed":
        parts.append(_say("eight_needed", lang))
    if f.eight is not None and f.declaration is not None and f.declared_more:
        suit, rank = f.declaration
        decl = declaration_words(suit, rank, lang)
        parts.append(
            _say("eight_as", lang, decl=decl, k=_num(f.declared_more, lang), suit=suit.name_in(lang))
        )
    if f.one_turn:
        parts.append(_say("one_turn", lang))
    if f.high_points:
        parts.append(_say("shed_points", lang, p=f.points))
    if f.eights_kept and eight_worse:
        parts.append(_say("kept_eight", lang))
    if f.follows_ace is not None and not parts:
        parts.append(_say("followed_ace", lang, suit=f.follows_ace.name_in(lang)))
    if not parts and f.fits_after and f.top_suit is not None:
        parts.append(
            _say("kept_fits", lang, suit=f.top_suit.name_in(lang), cards=count("cards", f.fits_after, lang))
        )
    if f.lappen:
        parts.append(_say("called", lang))
    return parts


def _bad_parts(p: MoveFeatures, b: MoveFeatures, lang: str) -> list[str]:
    """Why the better move ``b`` beat the move played ``p``, most telling first."""
    parts: list[str] = []
    if b.goes_out:
        parts.append(_say("could_go_out", lang))
    if p.lappen_missed:
        parts.append(_say("lappen_missed", lang))
    if p.v2_not_out and not b.v2_not_out:
        parts.append(_say("v2_not_out", lang))
    if p.eight is not None and b.eight is None and not b.goes_out:
        parts.append(_say("keep_eight", lang))
    if b.ace and not p.ace:
        if b.next_size <= 2:
            parts.append(_say("ace_next_would", lang, cards=count("cards", b.next_size, lang)))
        else:
            ace_key = plural(b.others, lang, one="ace_other_would", other="ace_others_would")
            parts.append(_say(ace_key, lang, n=_num(b.others, lang)))
    if p.draw == "voluntary" and b.kind == PLAY:
        parts.append(_say("drew_voluntary", lang))
    if b.laid > 1 and b.laid > p.laid and b.rank is not None and not b.goes_out:
        parts.append(_say("group_would", lang, n=_num(b.laid, lang), plural=rank_plural(b.rank, lang)))
    if p.last_of_suit and not b.last_of_suit and b.kind == PLAY:
        parts.append(_say("nothing_fits_after", lang))
    if p.special_only and not b.special_only:
        parts.append(_say("special_only", lang))
    if b.high_points and b.points > p.points:
        parts.append(_say("points_would", lang))
    if (
        p.eight is not None
        and b.eight is not None
        and b.declaration is not None
        and b.declaration != p.declaration
        and b.declared_more > p.declared_more
    ):
        suit, rank = b.declaration
        decl = declaration_words(suit, rank, lang)
        parts.append(
            _say("eight_better_as", lang, decl=decl, k=_num(b.declared_more, lang), suit=suit.name_in(lang))
        )
    if (
        b.kind == PLAY
        and p.kind == PLAY
        and b.laid == p.laid
        and b.rank is p.rank
        and b.top_suit is not None
        and b.top_suit is not p.top_suit
        and b.eight is None
    ):
        parts.append(_say("other_top", lang, suit=b.top_suit.name_in(lang)))
    if b.one_turn and not p.one_turn:
        parts.append(_say("one_turn_would", lang))
    if b.fits_after > p.fits_after and b.kind == PLAY and not parts:
        parts.append(_say("fits_would", lang))
    if not parts:
        parts.append(_say("won_more", lang))
    return parts


def _reason(
    p: MoveFeatures, b: MoveFeatures, best: Move, grade: Grade, lang: str, *, eight_worse: bool = False
) -> str:
    """The reason of a verdict: what a good move did, or why the better move was better."""
    if grade in (Grade.BEST, Grade.GOOD):
        parts = _good_parts(p, lang, eight_worse=eight_worse)[:2] or [_say("plain_best", lang)]
        text = _cap("; ".join(parts)) + "."
        if grade is Grade.GOOD:
            text += " " + _cap(_say("little_better", lang, best=move_words(best, lang, phrase=True))) + "."
        return text
    head = _say("better", lang, best=move_words(best, lang, phrase=True))
    return f"{head}{MESSAGES['dash'][lang]}{'; '.join(_bad_parts(p, b, lang)[:2])}."


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# -- the whole round ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Review:
    """The review of a round: its :class:`Decision` s in move order, for ``seat`` (``None``:
    every seat), each estimated from ``playouts`` deals with ``seed``. ``lang`` is the
    language of ``str()`` and the notebook display; ``seconds`` (how long it took) is left
    out of comparisons."""

    decisions: tuple[Decision, ...]
    seat: int | None = None
    playouts: int = PLAYOUTS
    seed: int = 0
    lang: str = "en"
    seconds: float = field(default=0.0, compare=False, repr=False)

    def __len__(self) -> int:
        return len(self.decisions)

    def __iter__(self) -> Iterator[Decision]:
        return iter(self.decisions)

    def decision(self, ply: int) -> Decision | None:
        """The decision of move ``ply``, or ``None`` (not reviewed, or no choice)."""
        for d in self.decisions:
            if d.ply == ply:
                return d
        return None

    def counts(self) -> dict[Grade, int]:
        """How many decisions got each verdict (every verdict listed, best first)."""
        out = dict.fromkeys(_ORDER, 0)
        for d in self.decisions:
            out[d.grade] += 1
        return out

    def text(self, lang: str | None = None) -> str:
        """The review as plain text, a line per decision."""
        lang = check_lang(lang or self.lang)
        lines = [self._title(lang)]
        lines += [d.text(lang) for d in self.decisions]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()

    def _title(self, lang: str) -> str:
        if self.seat is None:
            return _say("title", lang, n=len(self.decisions), p=self.playouts)
        return _say("title_seat", lang, seat=self.seat + 1, n=len(self.decisions), p=self.playouts)

    def annotate(self, game: Game) -> Game:
        """Keep every decision in ``game`` as the annotation of its move (under
        ``"review"``, beside what a computer player noted there), so the game's record
        carries the review; a decision of a move ``game`` does not have is refused. Returns
        ``game``, changed in place: its moves are taken back and made again, with the same
        result."""
        return _annotate(game, {d.ply: d for d in self.decisions}, self)

    @classmethod
    def from_game(cls, game: Game, *, lang: str = "en") -> Review | None:
        """The review kept in ``game``'s annotations (see :meth:`annotate`), or ``None``.
        Raises :class:`ReviewError` for an annotation that cannot be read."""
        decisions = []
        settings = None
        for ply, note in sorted(game.annotations.items()):
            data = note.get(ANNOTATION_KEY) if isinstance(note, dict) else None
            if data is None:
                continue
            if not isinstance(data, dict):
                raise ReviewError("review_error_move_review_kept_with_2", ply=ply)
            decisions.append(Decision.from_dict(data, ply=ply, move=game.move_at(ply)))
            settings = settings or data.get("of")
        if not decisions:
            return None
        of = settings if isinstance(settings, dict) else {}

        def whole(value: object, default: _Default) -> int | _Default:
            return value if isinstance(value, int) and not isinstance(value, bool) else default

        seat = whole(of.get("seat"), None)
        return cls(
            decisions=tuple(decisions),
            seat=seat if seat is not None and 0 <= seat < game.players else None,
            playouts=whole(of.get("playouts"), decisions[0].playouts),
            seed=whole(of.get("seed"), 0),
            lang=lang,
        )

    def to_dict(self) -> dict:
        return {
            "seat": self.seat,
            "playouts": self.playouts,
            "seed": self.seed,
            "decisions": [{"move": d.ply, "played": str(d.move), **d.to_dict()} for d in self.decisions],
        }

    def _repr_html_(self) -> str:
        lang = self.lang
        e = html.escape
        heads = "".join(
            f"<th style='text-align:left;padding:2px 8px'>{e(_say(k, lang))}</th>"
            for k in ("head_move", "head_verdict", "head_chance", "head_best", "head_why")
        )
        rows = []
        for d in self.decisions:
            better = "" if d.grade in (Grade.BEST, Grade.GOOD) else str(d.best)
            rows.append(
                f"<tr><td style='padding:2px 8px'>{d.ply}. {e(str(d.move))}</td>"
                f"<td style='padding:2px 8px;font-weight:bold' title='{e(d.grade.name_in(lang))}'>"
                f"{e(d.symbol)} {e(d.grade.name_in(lang))}</td>"
                f"<td style='padding:2px 8px;text-align:right'>{percent(d.before, lang)} → {percent(d.after, lang)}</td>"
                f"<td style='padding:2px 8px'>{e(better)}</td>"
                f"<td style='padding:2px 8px'>{e(d.reason(lang))}</td></tr>"
            )
        return (
            "<div class='vandatta-review' style='font-size:16px'>"
            f"<div style='font-weight:bold;margin-bottom:4px'>{e(self._title(lang))}</div>"
            f"<table style='border-collapse:collapse'><thead><tr>{heads}</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table></div>"
        )


def _annotate(game: Game, decisions: dict[int, Decision], review: Review) -> Game:
    if not game.has_history:
        raise ReviewError("review_error_this_game_was_copied")
    if decisions and max(decisions) > game.ply:
        raise ReviewError(
            "review_error_review_move_game_only", max_decisions=max(decisions), game_ply=game.ply
        )
    for ply, d in decisions.items():
        if game.move_at(ply).decision() != d.move.decision():
            raise ReviewError(
                "review_error_move_game_as_review", ply=ply, game_move_at_ply=game.move_at(ply), d_move=d.move
            )
    of = {"seat": review.seat, "playouts": review.playouts, "seed": review.seed}
    first = min(decisions, default=game.ply + 1)
    # take the moves back to the first reviewed one, then make them again with their notes
    notes = game.annotations
    moves = []
    while game.ply >= first:
        moves.append(game.pop())
    for move in reversed(moves):
        ply = game.ply + 1
        note = dict(notes.get(ply) or {})
        note.pop(ANNOTATION_KEY, None)
        if ply in decisions:
            note[ANNOTATION_KEY] = {**decisions[ply].to_dict(), "of": of}
        game.play(move, annotation=note or None)
    return game


class ReviewJob:
    """A review run in small steps, for a program that must stay responsive meanwhile (a
    widget runs one :meth:`step` at a time between other events). ``plan`` lists the
    ``(ply, seat)`` of the decisions to judge; ``total`` counts them and ``fraction`` says
    how far the work is. The result is the same as :func:`review`'s with the same settings.

    >>> import vandatta as v
    >>> game = v.Game.from_position(hands=["7♥ 8♠ K♣", "2♦ 3♦ 4♠"], top="7♦", talon="9♠ 4♦ 2♣ 5♥")
    >>> _ = game.play("7♥")
    >>> job = ReviewJob(game, seat=0, playouts=40)
    >>> while not job.step(deals=10): pass
    >>> job.result().decision(1).grade
    Grade.BEST
    """

    def __init__(
        self,
        game: Game,
        seat: int | None = None,
        *,
        playouts: int = PLAYOUTS,
        seed: int = 0,
        policy: Playout | None = None,
    ) -> None:
        _check_playouts(playouts)
        if not game.has_history:
            raise ReviewError("review_error_this_game_was_copied_2")
        if seat is not None and (
            not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < game.players
        ):
            raise ReviewError(
                "review_error_seat_number_from_none", game_players_1=game.players - 1, seat=seat
            )
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ReviewError("review_error_seed_whole_number", number=seed)
        self.game = game
        self.seat = seat
        self.playouts = playouts
        self.seed = seed
        self.policy = policy or Playout()
        self.plan: list[tuple[int, int]] = list(_plan(game, seat))
        self.total = len(self.plan)
        self.decisions: dict[int, Decision] = {}
        self._next = 0
        self._current: _Estimate | None = None
        self._started = time.perf_counter()

    @property
    def done(self) -> int:
        return len(self.decisions)

    @property
    def fraction(self) -> float:
        if not self.total:
            return 1.0
        part = self._current.done / self.playouts if self._current is not None else 0.0
        return min(1.0, (self.done + part) / self.total)

    @property
    def finished(self) -> bool:
        return self.done >= self.total

    def pending(self) -> list[int]:
        """The plies still to judge."""
        return [ply for ply, _ in self.plan if ply not in self.decisions]

    def add(self, decision: Decision) -> None:
        """Take in a decision judged elsewhere (by a worker process)."""
        self.decisions[decision.ply] = decision

    def step(self, deals: int = 25) -> bool:
        """Judge ``deals`` more deals of the next decision; True when every decision is done."""
        if self._current is None:
            todo = self.pending()
            if not todo:
                return True
            self._current = _estimate_at(self.game, todo[0], self.playouts, self.seed, self.policy)
        if self._current.run(deals):
            d = self._current.decision()
            self.decisions[d.ply] = d
            self._current = None
        return self.finished

    def result(self, *, lang: str = "en") -> Review:
        if not self.finished:
            raise ValueError(f"the review is not finished: {self.done} of {self.total} decisions judged")
        return Review(
            decisions=tuple(self.decisions[ply] for ply, _ in self.plan),
            seat=self.seat,
            playouts=self.playouts,
            seed=self.seed,
            lang=lang,
            seconds=time.perf_counter() - self._started,
        )

    def settings(self) -> dict:
        """What a worker process needs to judge a decision of this job (see :func:`judge_ply`)."""
        return {
            "record": write_record(self.game),
            "playouts": self.playouts,
            "seed": self.seed,
            "policy": self.policy,
        }


def _plan(game: Game, seat: int | None) -> Iterator[tuple[int, int]]:
    """The decisions to judge: every move of ``seat`` (or every seat) that was a choice."""
    g = game.root()
    log = PublicLog(g)  # one public history, extended move by move (no walk from the start each time)
    for ply in range(1, game.ply + 1):
        move = game.move_at(ply)
        mover = g.to_move
        if seat is None or mover == seat:
            view = SeatView.of(g, mover, log=log)
            if len(choices(view, move)[0]) > 1:
                yield ply, mover
        g.push(move)


def _estimate_at(game: Game, ply: int, playouts: int, seed: int, policy: Playout) -> _Estimate:
    before = game.replay(ply - 1)
    view = SeatView.of(before, before.to_move)
    return _Estimate(view, game.move_at(ply), playouts=playouts, seed=seed, policy=policy)


# -- worker processes ---------------------------------------------------------------------------------

_WORKER_GAMES: dict[str, Game] = {}  # in a worker: the games it has rebuilt, by record text


def judge_ply(settings: dict, ply: int) -> Decision:
    """In a worker process: the decision of move ``ply`` of the game in ``settings`` (see
    :meth:`ReviewJob.settings`)."""
    import json

    key = json.dumps(settings["record"], sort_keys=True, ensure_ascii=False)
    game = _WORKER_GAMES.get(key)
    if game is None:
        _WORKER_GAMES.clear()
        game = _WORKER_GAMES[key] = read_game(settings["record"])
    est = _estimate_at(game, ply, settings["playouts"], settings["seed"], settings["policy"])
    est.run(settings["playouts"])
    return est.decision()


def can_use_processes() -> bool:
    """Whether worker processes can run here: not in a browser (Pyodide has no processes)."""
    return sys.platform not in ("emscripten", "wasi") and (os.cpu_count() or 1) > 1


def process_pool(workers: int):  # -> concurrent.futures.ProcessPoolExecutor
    """A pool of ``workers`` processes for reviews. Forks this process when it runs no other
    thread (quick to start); otherwise (a Jupyter kernel) starts them from a fork server or
    afresh, which is safe beside threads. Raises ``OSError``/``ImportError`` where processes
    cannot be made — callers then judge in this process."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    methods = multiprocessing.get_all_start_methods()
    if threading.active_count() == 1 and "fork" in methods:
        method = "fork"
    elif "forkserver" in methods:
        method = "forkserver"
    else:
        method = "spawn"
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context(method),
        initializer=_worker_init,
        initargs=(os.getpid() if method == "fork" else None,),
    )


def _worker_init(parent: int | None) -> None:
    """A review worker leaves Ctrl-C to the process that started it; a forked one also dies
    with that process (a worker started by a fork server is the server's child instead, and
    ends when the pool is shut down or its pipe closes)."""
    import signal

    if parent is not None:
        from .simulate import worker_started

        worker_started(parent)
    else:
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def review(
    game: Game,
    seat: int | None = None,
    *,
    playouts: int = PLAYOUTS,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    workers: int | None = None,
    policy: Playout | None = None,
    annotate: bool = True,
    lang: str = "en",
) -> Review:
    """Review every decision of ``seat`` in ``game`` (``None``: of every seat); see the
    module's notes for how.

    ``playouts`` deals are played out per decision, for every move compared; ``seed`` makes
    the review repeatable. ``progress(done, total)`` is called as decisions are judged.
    ``workers`` processes share the work (default: one per core; ``1``, or a place without
    processes such as Pyodide, judges here); the result does not depend on it. ``policy`` is
    the :class:`Playout` policy. With ``annotate`` (the default) the decisions are kept in
    ``game`` as the annotations of their moves (:meth:`Review.annotate`). ``lang`` ("en" or
    "sv") is the language of ``str()`` and the display; both are always there.
    """
    check_lang(lang)
    job = ReviewJob(game, seat, playouts=playouts, seed=seed, policy=policy)
    total = job.total
    if progress is not None:
        progress(0, total)
    if workers is None:
        workers = os.cpu_count() or 1
    workers = max(1, min(int(workers), total))
    if workers > 1 and can_use_processes():
        _run_in_processes(job, workers, progress)
    while not job.finished:  # in this process: everything, or what the workers left
        before = job.done
        job.step(deals=playouts)
        if progress is not None and job.done != before:
            progress(job.done, total)
    result = job.result(lang=lang)
    if annotate:
        result.annotate(game)
    return result


def _run_in_processes(job: ReviewJob, workers: int, progress: Callable[[int, int], None] | None) -> None:
    from concurrent.futures import as_completed
    from concurrent.futures.process import BrokenProcessPool

    settings = job.settings()
    try:
        pool = process_pool(workers)
    except (OSError, ImportError, NotImplementedError, ValueError):
        return  # no processes here: the caller judges every decision itself
    try:
        # the longest decisions first (the earliest: the most cards in play), so no worker is
        # left with a long one at the end
        futures = [pool.submit(judge_ply, settings, ply) for ply in job.pending()]
        for future in as_completed(futures):
            job.add(future.result())
            if progress is not None:
                progress(job.done, job.total)
    except (BrokenProcessPool, OSError):
        pass  # a worker died (out of memory?): the caller judges what is left
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
