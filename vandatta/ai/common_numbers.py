"""Common random numbers: the candidates of one deal played out on equal terms.

A search (and the game review) compares candidate moves by playing each out on the same
deals. The comparison is sharpest when the candidates of a deal also meet the same luck
after the move: their playout policies start on the same random numbers and their games
reshuffle (R10) alike. :class:`CommonNumbers` gives both, without seeding a generator anew
for every candidate (``Random.seed`` alone costs about 5 % of a playout).

>>> import random
>>> numbers = CommonNumbers(random.Random(1))
>>> numbers.deal(random.Random(2))
>>> numbers.restart(); first = [numbers.policy.random() for _ in range(20)]
>>> numbers.restart(); again = [numbers.policy.random() for _ in range(20)]
>>> first[:16] == again[:16], first[16:] == again[16:]  # shared, then fresh
(True, False)
"""

from __future__ import annotations

import random
from itertools import chain

__all__ = ["CommonNumbers"]


class _Reshuffles(random.Random):
    """The generator of a deal's games, for their reshuffles (R10): armed with a seed for
    each candidate (:meth:`arm`) and seeded with it only when a playout reshuffles — so the
    candidates of a deal reshuffle alike, and the seeding is paid only by the few playouts
    that reshuffle."""

    def __init__(self) -> None:
        self.armed: int | None = None
        super().__init__(0)

    def arm(self, seed: int) -> None:
        """Seed with ``seed`` at the next shuffle."""
        self.armed = seed

    def shuffle(self, x: list) -> None:  # type: ignore[override]
        if self.armed is not None:
            self.seed(self.armed)
            self.armed = None
        super().shuffle(x)


class _PolicyNumbers(random.Random):
    """The generator a playout policy is given: its ``random()`` starts, for each candidate
    of a deal, on the same numbers (drawn once a deal by :meth:`deal`) and goes on with
    fresh ones; every other method of a generator works as usual (on the fresh ones), so
    any policy may be given it."""

    SHARED = 16  # numbers a deal shares (a playout of 14 moves draws 10 on average)

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.fresh = super().random  # (the generator's own method: ``random`` is replaced)
        self.shared: list[float] = []

    def deal(self, rng: random.Random) -> None:
        """New shared numbers, from ``rng``, for the next deal's candidates."""
        draw = rng.random
        self.shared = [draw() for _ in range(self.SHARED)]

    def restart(self) -> None:
        """Back to the first shared number, for the next candidate."""
        self.random = chain(self.shared, iter(self.fresh, None)).__next__  # type: ignore[method-assign]


class CommonNumbers:
    """The random numbers of the candidates of one deal after another: give :attr:`games`
    to the deal's games (``copy(rng=…)``, ``sample(game_rng=…)``) and :attr:`policy` to
    the playout policy; call :meth:`deal` once a deal and :meth:`restart` before each
    candidate. Seeded from ``rng`` (one draw now, and :meth:`deal` draws from the ``rng``
    it is given), so a seeded search stays reproducible."""

    __slots__ = ("games", "policy", "_seed")

    def __init__(self, rng: random.Random) -> None:
        self.games = _Reshuffles()
        self.policy = _PolicyNumbers(rng.getrandbits(32))
        self._seed = 0

    def deal(self, rng: random.Random) -> None:
        """The next deal: new shared numbers for its candidates' policies and a new seed for
        their reshuffles, both drawn from ``rng``."""
        self.policy.deal(rng)
        self._seed = rng.getrandbits(32)

    def restart(self) -> None:
        """The next candidate of the deal: the policy's numbers and the reshuffles from the
        start again."""
        self.policy.restart()
        self.games.arm(self._seed)
