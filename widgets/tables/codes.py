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
vandatta_widgets.tables.codes.CodeError: not a table code: 'AB0CD'

A seat's token is a long random string; the server keeps only its hash.

>>> token = new_token(); len(token) >= 32, token_hash(token) == token_hash(token)
(True, True)

>>> limit = RateLimit(attempts=3, per_seconds=60)
>>> [limit.allow("10.0.0.7", now=t) for t in (0, 1, 2, 3)], limit.allow("10.0.0.7", now=61)
([True, True, True, False], True)

A visitor is counted by address, an IPv6 address by its /64 (one home or school network gets
a whole /64, so its addresses are one visitor):

>>> visitor_key("2001:db8:0:7::1") == visitor_key("2001:db8:0:7:abcd::2"), visitor_key("10.0.0.7")
(True, '10.0.0.7')
"""

from __future__ import annotations

import hashlib
import ipaddress
import random
import secrets
from collections import deque
from collections.abc import Callable

__all__ = [
    "ALPHABET",
    "CODE_LENGTH",
    "CodeError",
    "GuessLimit",
    "MakeLimit",
    "RateLimit",
    "new_code",
    "new_token",
    "parse_code",
    "token_hash",
    "visitor_key",
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


def visitor_key(address: str) -> str:
    """Who a limit counts: an IPv4 address as it is, an IPv6 address by its /64 network (an
    IPv4 address written in IPv6 as the IPv4 one), anything else (a hub's ``hub:name``) as it
    is."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def _bounded_put(table: dict, key: str, value: object, max_keys: int) -> None:
    """``table[key] = value`` as the most recent key, the oldest dropped beyond ``max_keys``."""
    table.pop(key, None)
    while len(table) >= max_keys:
        table.pop(next(iter(table)))
    table[key] = value


class _Guesser:
    __slots__ = ("misses", "turn", "known")

    def __init__(self) -> None:
        self.misses: deque[float] = deque()
        self.turn = 0.0  # when the next slowed lookup may be answered
        self.known: dict[str, None] = {}  # codes made or found here, most recent last


class GuessLimit:
    """How fast a visitor may try codes, without ever turning a class away.

    A visitor (see :func:`visitor_key`) may miss ``misses`` codes in ``per_seconds``. After
    that its lookups of codes it does not know wait their turn, one every
    ``per_seconds / misses`` seconds in the order they came, and are then answered truly: a right
    code is slowed, never refused. Codes the visitor knows (a table made there, or found there
    once) never wait, so a class behind one school address goes on joining its tables while
    one pupil guesses. Only a line longer than ``max_wait`` seconds (hundreds of lookups waiting:
    a flood) is refused.

    >>> limit = GuessLimit(misses=2, per_seconds=60)
    >>> for now in (0, 1):
    ...     limit.missed("10.0.0.7", now=now)
    >>> [limit.wait("10.0.0.7", now=2) for _ in range(3)], limit.wait("10.0.0.8", now=2)
    ([0.0, 30.0, 60.0], 0.0)
    >>> limit.learn("10.0.0.7", "AHCK7"); limit.knows("10.0.0.7", "AHCK7")
    True
    >>> limit.wait("10.0.0.7", now=61)  # the two misses left the window
    0.0
    """

    def __init__(
        self,
        *,
        misses: int = 60,
        per_seconds: float = 60.0,
        max_wait: float = 120.0,
        max_keys: int = 10_000,
        known_per_key: int = 64,  # a class's tables and its class: the most recent are kept
    ) -> None:
        if misses < 1 or per_seconds <= 0:
            raise ValueError("a guess limit needs misses >= 1 and per_seconds > 0")
        self.misses = misses
        self.per_seconds = per_seconds
        self.max_wait = max_wait
        self.max_keys = max_keys
        self.known_per_key = known_per_key
        self._guessers: dict[str, _Guesser] = {}

    def _guesser(self, key: str) -> _Guesser:
        guesser = self._guessers.get(key)
        if guesser is None:
            guesser = _Guesser()
        _bounded_put(self._guessers, key, guesser, self.max_keys)
        return guesser

    def knows(self, key: str, code: str) -> bool:
        """Whether ``key`` made or found ``code`` (its lookups of it never wait)."""
        guesser = self._guessers.get(key)
        return guesser is not None and code in guesser.known

    def learn(self, key: str, code: str) -> None:
        """``key`` made or found ``code``."""
        known = self._guesser(key).known
        known.pop(code, None)
        while len(known) >= self.known_per_key:
            known.pop(next(iter(known)))
        known[code] = None

    def missed(self, key: str, *, now: float) -> None:
        """``key`` looked up a code that is not there (or no code at all)."""
        misses = self._guesser(key).misses
        misses.append(now)
        while len(misses) > self.misses:
            misses.popleft()  # only the last ``misses`` decide whether the visitor is slowed

    def slowed(self, key: str, *, now: float) -> bool:
        """Whether ``key`` has missed so often that its lookups of unknown codes wait."""
        guesser = self._guessers.get(key)
        return (
            guesser is not None
            and sum(1 for t in guesser.misses if t > now - self.per_seconds) >= self.misses
        )

    def wait(self, key: str, *, now: float) -> float | None:
        """Seconds the lookup of a code ``key`` does not know waits before it is answered (its
        turn is taken); 0.0 while ``key`` is within its misses; None when its line is more than
        ``max_wait`` long (then the lookup is refused)."""
        guesser = self._guessers.get(key)
        if guesser is None or not self.slowed(key, now=now):
            return 0.0
        turn = max(float(now), guesser.turn)
        if turn - now > self.max_wait:
            return None
        guesser.turn = turn + self.per_seconds / self.misses
        return turn - now


class _Maker:
    __slots__ = ("tokens", "stamp", "codes")

    def __init__(self, tokens: float, stamp: float) -> None:
        self.tokens = tokens
        self.stamp = stamp
        self.codes: list[str] = []  # the rooms made here that may still be in use


class MakeLimit:
    """How many rooms (tables, classes) one visitor may make: ``burst`` at once, then one more
    every ``every`` seconds (a token bucket), and at most ``in_use`` of theirs in use at a time
    (the service says which are, with ``in_use``'s callable).

    >>> limit = MakeLimit(burst=2, every=10, in_use=3)
    >>> busy = lambda code: True
    >>> for code in ("A", "B"):
    ...     limit.refusal("10.0.0.7", now=0, in_use=busy) or limit.made("10.0.0.7", code, now=0)
    >>> limit.refusal("10.0.0.7", now=1, in_use=busy), limit.refusal("10.0.0.8", now=1, in_use=busy)
    ('rate', None)
    >>> limit.made("10.0.0.7", "C", now=10)
    >>> limit.refusal("10.0.0.7", now=30, in_use=busy), limit.refusal("10.0.0.7", now=30, in_use=lambda c: c != "A")
    ('in_use', None)
    """

    def __init__(self, *, burst: int, every: float, in_use: int, max_keys: int = 10_000) -> None:
        if burst < 1 or every <= 0 or in_use < 1:
            raise ValueError("a make limit needs burst >= 1, every > 0 and in_use >= 1")
        self.burst = burst
        self.every = every
        self.in_use = in_use
        self.max_keys = max_keys
        self._makers: dict[str, _Maker] = {}

    def _maker(self, key: str, now: float) -> _Maker:
        maker = self._makers.get(key) or _Maker(float(self.burst), now)
        maker.tokens = min(float(self.burst), maker.tokens + (now - maker.stamp) / self.every)
        maker.stamp = now
        _bounded_put(self._makers, key, maker, self.max_keys)
        return maker

    def refusal(self, key: str, *, now: float, in_use: Callable[[str], bool]) -> str | None:
        """Why ``key`` may not make one more now: ``"rate"`` (too many too fast), ``"in_use"``
        (too many of theirs in use), or None (it may)."""
        maker = self._maker(key, now)
        maker.codes = [code for code in maker.codes if in_use(code)]
        if maker.tokens < 1:
            return "rate"
        if len(maker.codes) >= self.in_use:
            return "in_use"
        return None

    def made(self, key: str, code: str, *, now: float) -> None:
        """``key`` made the room ``code``: one token spent."""
        maker = self._maker(key, now)
        maker.tokens = max(0.0, maker.tokens - 1)
        maker.codes.append(code)
