"""Shuffles: the engine's one way to shuffle (exactly as :meth:`random.Random.shuffle`, in
fewer steps), and a log of a generator's shuffles that can set it back to its state before
any of them.

A round's generator makes every shuffle of the round (the deal, R10's reshuffles, R11's
turned-up eights put back): the same seed must give the same round on every version. So
:func:`shuffle` draws exactly the numbers ``Random.shuffle`` draws, in the same order:

>>> a, b = list(range(40)), list(range(40))
>>> random.Random(7).shuffle(a); shuffle(random.Random(7), b)
>>> a == b
True
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence

# Saving a generator's state (Random.getstate) costs as much as a shuffle of 40 cards: the
# log saves one every so many shuffles and replays the rest.
SAVE_EVERY = 8


def shuffle(rng: random.Random, items: MutableSequence) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` would: the same order,
    and ``rng`` left in the same state. A plain :class:`random.Random` is shuffled here
    without a method call per item (about half the time); any other generator, or more
    than two decks' worth of items, by its own ``shuffle``."""
    if type(rng) is not random.Random or len(items) >= len(_STEPS):  # (a subclass may draw otherwise)
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i, bits in _STEPS[len(items)]:
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


# For shuffle, by the number of items: each step's position, last first, and the bits drawn
# for it — as Random.shuffle swaps position i with Random._randbelow(i + 1), which draws the
# fewest bits that hold i + 1 until it gets a number below it (two decks hold 104 cards).
_STEPS = tuple(tuple((i, (i + 1).bit_length()) for i in range(n - 1, 0, -1)) for n in range(105))


class ShuffleLog:
    """How many items each shuffle of one generator had, from a known start on: enough to
    set the generator back to its state before any of those shuffles (a game's
    :meth:`~vandatta.Game.pop` of a reshuffle), without saving its state at every shuffle.

    ``start`` is the generator's seed (``random.Random(start)``) or a state from
    ``getstate()``.

    >>> rng = random.Random(5)
    >>> log = ShuffleLog(5)
    >>> first = list(range(10)); shuffle(rng, first); log.shuffled(rng, 10)
    >>> again = list(range(10)); shuffle(rng, again); log.shuffled(rng, 10)
    >>> log.rewind(rng, 1)  # as it was after the first shuffle
    >>> third = list(range(10)); shuffle(rng, third)
    >>> third == again, len(log)
    (True, 1)
    """

    __slots__ = ("_sizes", "_saved")

    def __init__(self, start: int | tuple) -> None:
        self._sizes: list[int] = []
        self._saved: list[tuple[int, int | tuple]] = [(0, start)]  # (shuffles made, state)

    def __len__(self) -> int:
        """How many shuffles are logged."""
        return len(self._sizes)

    def copy(self) -> ShuffleLog:
        log = ShuffleLog(0)
        log._sizes = self._sizes[:]
        log._saved = self._saved[:]
        return log

    def shuffled(self, rng: random.Random, size: int) -> None:
        """Log that ``rng`` has just shuffled ``size`` items."""
        sizes = self._sizes
        sizes.append(size)
        if len(sizes) % SAVE_EVERY == 0:
            self._saved.append((len(sizes), rng.getstate()))

    def rewind(self, rng: random.Random, count: int) -> None:
        """Set ``rng`` to its state after the first ``count`` logged shuffles, and forget
        the later ones."""
        if not 0 <= count <= len(self._sizes):
            raise ValueError(f"count must be from 0 to {len(self._sizes)}, not {count!r}")
        saved = self._saved
        while saved[-1][0] > count:
            saved.pop()
        made, start = saved[-1]
        if isinstance(start, tuple):
            rng.setstate(start)
        else:
            rng.seed(start)
        for size in self._sizes[made:count]:
            shuffle(rng, [None] * size)  # (only the numbers drawn matter)
        del self._sizes[count:]
