"""Table codes a child can type, seat tokens a browser keeps, and a limit on how fast codes
can be tried.

A code is five characters from an alphabet without look-alikes (no 0/O/Q/D, 1/I/L, 2/Z, 5/S,
6/G, 8/B, U/V): whatever a child reads off the projector, they type right. Lower case,
spaces and dashes are forgiven.

>>> import random
>>> code = new_code(random.Random(1))
>>> len(code), all(c in ALPHABET for c in code)
(5, True)
>>> parse_code(" ah-c k7 "), parse_code("ahck7")
('AHCK7', 'AHCK7')
>>> parse_code("AB0CD")
Traceback (most recent call last):
...
widgets.tables.codes.CodeError: not a table code: 'AB0CD'

A seat's token is a long random string; the server keeps only its hash.

>>> token = new_token(); len(token) >= 32, token_hash(token) == token_hash(token)
(True, True)

>>> limit = RateLimit(attempts=3, per_seconds=60)
>>> [limit.allow("10.0.0.7", now=t) for t in (0, 1, 2, 3)], limit.allow("10.0.0.7", now=61)
([True, True, True, False], True)
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections import deque

__all__ = [
    "ALPHABET",
    "CODE_LENGTH",
    "CodeError",
    "RateLimit",
    "new_code",
    "new_token",
    "parse_code",
    "token_hash",
]

ALPHABET = "ACEFHJKMNPRTWXY34679"
CODE_LENGTH = 5  # 20**5 = 3.2 million codes; with the rate limit, guessing one takes months


class CodeError(ValueError):
    """Text that is not a table code (the visitor is told in their language by the service)."""


def new_code(rng: random.Random | None = None) -> str:
    """A fresh code (from the system's random source unless ``rng`` is given, for tests)."""
    choose = (rng or secrets.SystemRandom()).choice
    return "".join(choose(ALPHABET) for _ in range(CODE_LENGTH))


def parse_code(text: object) -> str:
    """``text`` as a code: upper case, without spaces and dashes; :class:`CodeError` if it
    is not one."""
    if not isinstance(text, str) or len(text) > 40:
        raise CodeError(f"not a table code: {text!r}"[:80])
    code = "".join(ch for ch in text.upper() if ch not in " -\t")
    if len(code) != CODE_LENGTH or any(ch not in ALPHABET for ch in code):
        raise CodeError(f"not a table code: {text!r}")
    return code


def new_token() -> str:
    """A seat's secret: whoever holds it sits in that seat."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    """What the server keeps of a token (a stolen database gives nobody a seat)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


class RateLimit:
    """At most ``attempts`` per ``per_seconds`` for each key (a visitor's address): codes
    cannot be tried quickly. Keeps at most ``max_keys`` keys (the oldest go first)."""

    def __init__(self, *, attempts: int = 20, per_seconds: float = 60.0, max_keys: int = 10_000) -> None:
        if attempts < 1 or per_seconds <= 0:
            raise ValueError("a rate limit needs attempts >= 1 and per_seconds > 0")
        self.attempts = attempts
        self.per_seconds = per_seconds
        self.max_keys = max_keys
        self._seen: dict[str, deque[float]] = {}

    def blocked(self, key: str, *, now: float) -> bool:
        """Whether ``key`` has used up its attempts (without counting one)."""
        times = self._seen.get(key)
        return times is not None and sum(1 for t in times if t > now - self.per_seconds) >= self.attempts

    def allow(self, key: str, *, now: float) -> bool:
        """Count one attempt for ``key`` at ``now``; False when it is one too many."""
        times = self._seen.pop(key, None)
        if times is None:
            times = deque()
            while len(self._seen) >= self.max_keys:
                self._seen.pop(next(iter(self._seen)))
        while times and times[0] <= now - self.per_seconds:
            times.popleft()
        self._seen[key] = times  # most recent last: the oldest keys are dropped first
        if len(times) >= self.attempts:
            return False
        times.append(now)
        return True
