"""Puzzles at the child's level: a Glicko-2 rating, as lichess rates puzzle solvers.

**The algorithm** is Glickman's Glicko-2 ("Example of the Glicko-2 system", Mark E. Glickman,
Boston University, 2012/2022), written here from the paper's step-by-step description. Its
worked example — a player rated 1500 (RD 200, volatility 0.06) beats a 1400 (RD 30) and loses
to a 1550 (RD 100) and a 1700 (RD 300), τ = 0.5 — comes out as the paper says: μ' = −0.2069,
φ' = 0.8722, σ' = 0.05999, that is a rating of 1464.06 and an RD of 151.52 (the paper's
1464.06 is computed from μ' rounded to four places; unrounded it is 1464.05):

>>> player = Rating(1500, 200, 0.06)
>>> after = player.update([(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)], tau=0.5)
>>> round((after.rating - 1500) / SCALE, 4), round(after.rd / SCALE, 4), round(after.volatility, 6)
(-0.2069, 0.8722, 0.059996)
>>> round(-0.2069 * SCALE + 1500, 2), round(after.rd, 2)
(1464.06, 151.52)

(The PyPI package ``glicko2`` was considered: its last release is from January 2024 and its
wheel installs a top-level package named ``tests``, which would shadow ours — so not that.)

**Puzzles' ratings** come from how hard the engine says a puzzle is
(:func:`vandatta.ai.puzzles.level_score`: the moves of the answer and the lines of the turn):
``1000 + 200 × score``, so level 1 is up to 1400, level 2 up to 1600, level 3 above. A
puzzle's rating does not move (it is a measure of its shape, the same on every device);
its deviation is :data:`PUZZLE_RD`.

**A child** starts at :data:`START` (the middle of level 1) with Glickman's deviation for the
unrated, 350. Each puzzle tried is one game of one rating period, as lichess does: solved
without a wrong move is a win, a wrong first try a loss. Only the first try of a puzzle on a
day counts (trying again the same day is practice, not a new game).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import cache

from .events import Event

__all__ = [
    "SCALE",
    "START",
    "START_RD",
    "START_VOLATILITY",
    "TAU",
    "PUZZLE_RD",
    "Rating",
    "puzzle_rating",
    "puzzle_ratings",
    "rating_from_events",
    "puzzles_at_level",
]

SCALE = 173.7178  # Glicko-2's scale factor, 400 / ln 10
START = 1200.0
START_RD = 350.0
START_VOLATILITY = 0.06
TAU = 0.5  # the system constant: Glickman suggests 0.3–1.2; smaller for steadier ratings
PUZZLE_RD = 60.0
_EPSILON = 0.000001  # the convergence tolerance of the paper


@dataclass(frozen=True, slots=True)
class Rating:
    """A Glicko-2 rating on the Glicko scale: ``rating``, its deviation ``rd`` (how unsure we
    are) and ``volatility`` (how much it swings)."""

    rating: float = START
    rd: float = START_RD
    volatility: float = START_VOLATILITY

    def update(self, games: Sequence[tuple[Rating, float]], *, tau: float = TAU) -> Rating:
        """The rating after one period of ``games`` (opponent, score 1/0.5/0); with no games
        only the deviation grows (step 6 of the paper)."""
        mu = (self.rating - 1500.0) / SCALE
        phi = self.rd / SCALE
        sigma = self.volatility
        if not games:
            phi_star = math.sqrt(phi * phi + sigma * sigma)
            return Rating(self.rating, min(phi_star * SCALE, START_RD), sigma)
        # steps 3 and 4: the estimated variance v and the improvement delta
        v_inverse = 0.0
        gain = 0.0
        for opponent, score in games:
            mu_j = (opponent.rating - 1500.0) / SCALE
            g = _g(opponent.rd / SCALE)
            expected = 1.0 / (1.0 + math.exp(-g * (mu - mu_j)))
            v_inverse += g * g * expected * (1.0 - expected)
            gain += g * (score - expected)
        v = 1.0 / v_inverse
        delta = v * gain
        # step 5: the new volatility (the Illinois algorithm)
        sigma = _volatility(delta, phi, v, sigma, tau)
        # steps 6 to 8
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
        mu_new = mu + phi_new * phi_new * gain
        return Rating(mu_new * SCALE + 1500.0, phi_new * SCALE, sigma)

    def expected(self, opponent: Rating) -> float:
        """The chance to beat (solve) ``opponent``: E of the paper."""
        g = _g(opponent.rd / SCALE)
        return 1.0 / (1.0 + math.exp(-g * (self.rating - opponent.rating) / SCALE))


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _volatility(delta: float, phi: float, v: float, sigma: float, tau: float) -> float:
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (
            tau * tau
        )

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > _EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def puzzle_rating(depth: int, lines: int) -> float:
    """A puzzle's rating from its shape: ``1000 + 200 × level_score(depth, lines)``.

    >>> puzzle_rating(1, 2), puzzle_rating(1, 4), puzzle_rating(2, 8)
    (1200.0, 1400.0, 1800.0)
    """
    from vandatta.ai.puzzles import level_score

    return 1000.0 + 200.0 * level_score(depth, lines)


@cache
def puzzle_ratings() -> dict[str, float]:
    """Every shipped puzzle's rating by its key (``"go_out-1-1"``), read once."""
    from vandatta.ai.puzzles import load_puzzles

    return {p.key: puzzle_rating(p.depth, p.lines) for p in load_puzzles()}


def _day(at: int) -> str:
    return datetime.fromtimestamp(at, tz=timezone.utc).strftime("%Y-%m-%d")


def rating_from_events(events: Iterable[Event], *, ratings: dict[str, float] | None = None) -> Rating:
    """The child's rating after the puzzle events among ``events`` (in time order): the
    first try of each puzzle on each day is one game; puzzles not in ``ratings`` (default:
    the shipped set) are left out."""
    ratings = puzzle_ratings() if ratings is None else ratings
    rating = Rating()
    counted: set[tuple[str, str]] = set()
    for event in events:
        if event.kind != "puzzle" or event.item not in ratings:
            continue
        key = (event.item, _day(event.at))
        if key in counted:
            continue
        counted.add(key)
        opponent = Rating(ratings[event.item], PUZZLE_RD)
        rating = rating.update([(opponent, 1.0 if event.outcome == "right" else 0.0)])
    return rating


def puzzles_at_level(
    rating: Rating, *, solved: Iterable[str] = (), count: int = 3, ratings: dict[str, float] | None = None
) -> list[str]:
    """The keys of ``count`` puzzles not yet ``solved`` whose ratings are nearest to the
    child's (the nearest first; ties by key, so the same child sees the same list).

    >>> puzzles_at_level(Rating(1200), count=2, ratings={"a": 1000.0, "b": 1250.0, "c": 1190.0})
    ['c', 'b']
    """
    ratings = puzzle_ratings() if ratings is None else ratings
    done = set(solved)
    left = [key for key in ratings if key not in done]
    left.sort(key=lambda key: (abs(ratings[key] - rating.rating), key))
    return left[:count]
