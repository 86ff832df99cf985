"""How much one page's socket may send and be sent: a rate for every kind of message it sends
(:class:`Inflow`), and a bound on the frames waiting to go out to it (:class:`Outflow`). A
page that floods is answered "slower, please" once in a while and, if it goes on, dropped; a
page too slow to read what it is sent is dropped — the server's memory stays bounded and the
other pages are served as before.

>>> inflow = Inflow(RATES)
>>> [inflow.allow("view", now=0.0) for _ in range(12)].count(True)   # ten at once, then two a second
10
>>> inflow.allow("view", now=1.0), inflow.allow("move", now=1.0)
(True, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

__all__ = ["Rate", "RATES", "ANY", "Inflow", "Outflow", "TOO_FAST", "TOO_SLOW", "MAX_UNSENT"]


@dataclass(frozen=True)
class Rate:
    """``burst`` messages at once, then ``per_second`` (a token bucket)."""

    burst: int
    per_second: float


# Per kind of message. A child's page sends a move or two a second at most, a language switch
# ("view", which costs a whole frame) now and then; a teacher's controls as few. Any kind not
# named shares "other".
RATES: Mapping[str, Rate] = {
    "hello": Rate(3, 0.5),
    "view": Rate(10, 2.0),
    "move": Rate(20, 5.0),
    "answer": Rate(20, 5.0),
    "other": Rate(20, 5.0),
}
ANY = Rate(40, 10.0)  # every message, before it is read at all
DROP_AFTER = 100  # messages refused since the last one let in: a flood, and the page is dropped
TELL_EVERY = 2.0  # seconds between two "slower, please" to one page
MAX_UNSENT = 1 << 20  # characters of frames waiting to go out to one page (some 50–100 frames)
TOO_FAST = 4029  # close codes (as HTTP's 429 and 408): sent too much, read too little
TOO_SLOW = 4008


class _Bucket:
    __slots__ = ("rate", "tokens", "at")

    def __init__(self, rate: Rate, now: float) -> None:
        self.rate, self.tokens, self.at = rate, float(rate.burst), now

    def take(self, now: float) -> bool:
        rate = self.rate
        self.tokens = min(float(rate.burst), self.tokens + max(0.0, now - self.at) * rate.per_second)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class Inflow:
    """The messages of one socket: :meth:`allow` says whether to take one in (``kind`` None:
    any message, before it is read; else its ``type``)."""

    def __init__(self, rates: Mapping[str, Rate] = RATES, *, any_rate: Rate = ANY) -> None:
        self.rates = rates
        self.any_rate = any_rate
        self._buckets: dict[str | None, _Bucket] = {}
        self.refused = 0  # since the last message let in
        self._told = float("-inf")

    def allow(self, kind: object, *, now: float) -> bool:
        if kind is None:
            key, rate = None, self.any_rate
        else:
            key = kind if isinstance(kind, str) and kind in self.rates else "other"
            rate = self.rates[key]
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = _Bucket(rate, now)
        if bucket.take(now):
            self.refused = 0
            return True
        self.refused += 1
        return False

    @property
    def flooding(self) -> bool:
        """So many refused in a row that the page is not a person's: drop it."""
        return self.refused >= DROP_AFTER

    def tell(self, *, now: float) -> bool:
        """Whether to say "slower, please" now (once every :data:`TELL_EVERY` seconds)."""
        if now - self._told < TELL_EVERY:
            return False
        self._told = now
        return True


class Outflow:
    """The frames sent to one page and not yet handed to the network: at most ``limit``
    characters; past it the page reads too slowly and is to be dropped.

    >>> out = Outflow(limit=100)
    >>> out.add(60), out.add(60)
    (True, False)
    >>> out.done(60); out.add(60)
    True
    """

    def __init__(self, limit: int = MAX_UNSENT) -> None:
        self.limit = limit
        self.unsent = 0

    def add(self, size: int) -> bool:
        if self.unsent + size > self.limit:
            return False
        self.unsent += size
        return True

    def done(self, size: int) -> None:
        self.unsent = max(0, self.unsent - size)
