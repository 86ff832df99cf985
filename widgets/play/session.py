"""A play session without widgets: the seats and who sits in each, the round or the match to
100, whose turn it is, the computers' moves, hints, the log of what happened and how to say
it — for the play table on one device and for a table server across devices alike.

>>> s = PlaySession([Seat.person("Alva"), Seat.person("Bo"), Seat.computer("beginner")], seed=7)
>>> s.names("en")
['Alva', 'Bo', 'Player 3']
>>> s.to_move, s.waiting_for()                    # Bo sits after the dealer (R3)
(1, 'person')
>>> s.play(0, "draw")
Traceback (most recent call last):
...
vandatta_widgets.play.session.NotYourTurn: Wait – it is Bo's turn.
>>> entry = s.play(1, "draw")
>>> entry.kind, entry.seat, str(entry.move), entry.ply
('move', 1, 'draw', 1)
>>> s.entry_lines(entry, "en", viewer=0)[0]       # Alva does not see the card Bo drew
'Bo draws a card (R8).'

It imports no Jupyter package: a view observes it (:meth:`PlaySession.subscribe`) and redraws
from it; the engine (:mod:`vandatta`) decides what is legal, and its errors
(:class:`~vandatta.IllegalMoveError`, :class:`~vandatta.InvalidMoveError`) pass through
unchanged. Every computer move is a function of the session's seed, the round, the ply and
the seat, so a session restored from :meth:`PlaySession.to_dict` plays on exactly as it would
have.
"""

from __future__ import annotations

import dataclasses
import random
import secrets
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeGuard

from vandatta import Event, Game, IllegalMoveError, Match, Move, Rules, Verdict
from vandatta.ai import PLAYER_NAMES, SeatView, make_player
from vandatta.explain import Reason
from vandatta.record import read_game, write_record

from ..base.i18n import LocalText, genitive, sentences, t, term
from ..base.problem import Problem

if TYPE_CHECKING:
    from vandatta.ai import Hint, Player

__all__ = [
    "STRENGTHS",
    "SEAT_KINDS",
    "STAND_IN",
    "NAME_LIMIT",
    "Seat",
    "LogEntry",
    "Change",
    "PlaySession",
    "SessionError",
    "NotYourTurn",
    "RoundOver",
    "RoundNotOver",
    "ComputerSeat",
    "NotAPerson",
    "BadSeat",
    "HintUnavailable",
    "clean_name",
]

STRENGTHS: tuple[str, ...] = tuple(PLAYER_NAMES)  # the engine's computer players, weakest first
SEAT_KINDS = ("person", "computer", "remote")
STAND_IN = "expert"  # who plays a person's seat while it is covered
NAME_LIMIT = 20  # characters of a typed name (the engine's records allow more)
FORMAT = "vandatta-session"
VERSION = 1


# -- errors ---------------------------------------------------------------------------------------


class SessionError(Problem):
    """Something the session refuses (the move itself is the engine's to judge): a catalog
    ``key`` and its values, said in either language by :meth:`text`. A value may be a
    mapping from language to text (a seat's name, which differs: "Spelare 2" / "Player 2")."""

    key = "ps_error"


class NotYourTurn(SessionError):
    """A move from a seat that is not to move (``whose``: the turn's owner, in both languages)."""

    key = "pt_not_your_turn"


class RoundOver(SessionError):
    """A move or a hint after the round is over."""

    key = "pt_round_over_new"


class RoundNotOver(SessionError):
    """The next round of a match asked for before this one is finished."""

    key = "pt_finish_round_first"


class ComputerSeat(SessionError):
    """A move sent for a seat a computer plays (a computer's seat, or a person's seat covered
    by a stand-in: take it back with ``cover(seat, False)`` first)."""

    key = "ps_computer_seat"


class NotAPerson(SessionError):
    """``cover`` asked for a computer's seat."""

    key = "ps_not_a_person"


class BadSeat(SessionError):
    """A seat number that is not at this table (``value``: what was given, shortened)."""

    key = "ps_bad_seat"


class HintUnavailable(RuntimeError):
    """vandatta.ai's hint cannot be imported here."""


# -- seats ----------------------------------------------------------------------------------------


MARKS_PER_LETTER = 2  # combining marks kept on one letter: "Å", "Ệ"; more only pile up


def clean_name(name: object) -> str | None:
    """A typed name made safe to keep: spaces trimmed and runs of white space made one,
    control and format characters dropped, composed (NFC: "A" and a ring above is "Å"), at
    most :data:`MARKS_PER_LETTER` combining marks on a letter (dozens of them draw over the
    lines around the name) and none without one, at most :data:`NAME_LIMIT` characters;
    ``None`` for nothing left (the seat is then called "Spelare 3" / "Player 3"). Never HTML:
    a view escapes it like any text.

    >>> clean_name("  Alva \\n  Berg "), clean_name("   "), clean_name("<b>Bo</b>")
    ('Alva Berg', None, '<b>Bo</b>')
    >>> len(clean_name("x" * 100))
    20
    >>> clean_name("A\\u030ake"), clean_name("\\u0301\\u0301Bo")
    ('Åke', 'Bo')
    >>> len(unicodedata.normalize("NFD", clean_name("Z" + "\\u0301" * 40 + "o")))  # Z, two marks, o
    4
    """
    if name is None:
        return None
    if not isinstance(name, str):
        raise TypeError(f"a name is text, not {type(name).__name__}")
    kept = "".join(
        " " if ch.isspace() else ch for ch in name if ch.isspace() or unicodedata.category(ch)[0] != "C"
    )
    letters: list[str] = []
    marks = MARKS_PER_LETTER  # none before the first letter
    for ch in unicodedata.normalize("NFC", kept):
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me"):
            if marks >= MARKS_PER_LETTER or letters[-1:] == [" "]:
                continue
            marks += 1
        else:  # a composed letter carries its own: "Ệ" has two already
            marks = len(unicodedata.normalize("NFD", ch)) - 1
        letters.append(ch)
    text = " ".join("".join(letters).split())[:NAME_LIMIT].strip()
    return text or None


@dataclass(frozen=True)
class Seat:
    """Who sits in a seat: a ``"person"`` at this device, a ``"computer"`` of a ``strength``
    (:data:`STRENGTHS`) or a ``"remote"`` person at another device (for the session the same
    as a person: the moves come from outside). ``name`` is the person's (checked by
    :func:`clean_name`).

    >>> Seat.person("  Alva "), Seat.computer(), Seat.remote()
    (Seat.person('Alva'), Seat.computer('expert'), Seat.remote())
    >>> Seat.computer("grandmaster")
    Traceback (most recent call last):
    ...
    ValueError: unknown computer strength 'grandmaster': choose from random, beginner, expert, strong
    """

    kind: str = "person"
    name: str | None = None
    strength: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in SEAT_KINDS:
            raise ValueError(f"a seat is one of {', '.join(SEAT_KINDS)}, not {self.kind!r}")
        object.__setattr__(self, "name", clean_name(self.name))
        if self.kind == "computer":
            if self.strength not in STRENGTHS:
                raise ValueError(
                    f"unknown computer strength {self.strength!r}: choose from {', '.join(STRENGTHS)}"
                )
        elif self.strength is not None:
            raise ValueError(f"only a computer has a strength, not a {self.kind}")

    @classmethod
    def person(cls, name: str | None = None) -> Seat:
        """A person at this device."""
        return cls("person", name)

    @classmethod
    def computer(cls, strength: str = "expert", *, name: str | None = None) -> Seat:
        """A computer player of ``strength`` (``name``: what it is called instead of "Spelare 3")."""
        return cls("computer", name, strength)

    @classmethod
    def remote(cls, name: str | None = None) -> Seat:
        """A person at another device."""
        return cls("remote", name)

    @classmethod
    def parse(cls, value: Seat | str) -> Seat:
        """A seat from a short word: ``"person"``, ``"remote"`` or a strength (``"expert"``).

        >>> [Seat.parse(x) for x in ("person", "strong")]
        [Seat.person(), Seat.computer('strong')]
        """
        if isinstance(value, Seat):
            return value
        if value in ("person", "human"):
            return cls.person()
        if value == "remote":
            return cls.remote()
        if value in STRENGTHS:
            return cls.computer(value)
        raise ValueError(f"a seat is 'person', 'remote' or one of {', '.join(STRENGTHS)}, not {value!r}")

    @property
    def is_person(self) -> bool:
        """A person (here or at another device), not a computer."""
        return self.kind != "computer"

    def to_dict(self) -> dict:
        return {"kind": self.kind, "name": self.name, "strength": self.strength}

    @classmethod
    def from_dict(cls, d: Mapping) -> Seat:
        return cls(d.get("kind", "person"), d.get("name"), d.get("strength"))

    def __repr__(self) -> str:
        if self.kind == "computer":
            named = f", name={self.name!r}" if self.name else ""
            return f"Seat.computer({self.strength!r}{named})"
        return f"Seat.{self.kind}({self.name!r})" if self.name else f"Seat.{self.kind}()"


# -- the log --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LogEntry:
    """What happened: a round's ``"start"`` or a ``"move"`` — the match ``seat`` that made it,
    the ``move``, the engine's ``verdict``, the ``events`` that followed, the ``ply`` after it,
    the ``round`` number and ``seats`` (the match seat of each seat of that round)."""

    kind: str
    seat: int | None
    move: Move | None
    verdict: Verdict | None
    events: tuple[Event, ...]
    ply: int
    round: int
    seats: tuple[int, ...]

    @property
    def round_seat(self) -> int | None:
        """The seat of the round that moved (``seat`` is the match's)."""
        return None if self.seat is None else self.seats.index(self.seat)

    # A "move" entry always has a seat, a move and a verdict; these say so to the type checker.
    @property
    def mover(self) -> int:
        """The match seat that made a ``"move"`` entry's move (a round's start has none)."""
        if self.seat is None:
            raise ValueError(f"a {self.kind!r} entry has no seat")
        return self.seat

    @property
    def played(self) -> Move:
        """A ``"move"`` entry's move."""
        if self.move is None:
            raise ValueError(f"a {self.kind!r} entry has no move")
        return self.move

    @property
    def judged(self) -> Verdict:
        """The engine's verdict on a ``"move"`` entry's move."""
        if self.verdict is None:
            raise ValueError(f"a {self.kind!r} entry has no verdict")
        return self.verdict


@dataclass(frozen=True)
class Change:
    """What a subscriber is told: ``kind`` is ``"move"`` (``entry`` is the move), ``"round"``
    (a new round; ``entry`` is its start), ``"cover"`` (``seat`` was covered or given back)
    or ``"rename"`` (``seat`` got a name)."""

    kind: str
    entry: LogEntry | None = None
    seat: int | None = None


# -- the engine's helpers -------------------------------------------------------------------------


def _computer_move(player: Player, game: Game, seat: int) -> tuple[Move, dict | None]:
    """The move ``player`` makes for ``seat`` (it sees only that seat's view), with its notes."""
    view = SeatView.of(game, seat)
    move, notes = player.choose_with_notes(view)
    return Move.parse(move), notes if isinstance(notes, dict) else None


_OS_RANDOM = random.SystemRandom()
DEAL_SEED_BITS = 128  # a round's own seed (its reshuffles): too many to search through


def _os_deal(game: Game) -> dict:
    """A deck order and a seed for a round of ``game``'s players from the operating system's
    randomness (``game``'s deck gives the cards: one deck or two, R1)."""
    deck = list(game.deck or ())
    _OS_RANDOM.shuffle(deck)
    return {"deck": deck, "seed": secrets.randbits(DEAL_SEED_BITS)}


def _named(verdict: Verdict, names: Sequence[str]) -> Verdict:
    """The engine's verdict with its seat numbers replaced by the names on screen."""
    reasons = []
    for reason in verdict.reasons:
        params = tuple(
            (k, names[v]) if k == "player" and isinstance(v, int) and 0 <= v < len(names) else (k, v)
            for k, v in reason.params
        )
        reasons.append(Reason(reason.key, params, reason.rules))
    return Verdict(verdict.legal, verdict.move, reasons, events=verdict.events)


def _goes_out(verdict: Verdict) -> bool:
    """The verdict itself says that the player goes out (so the "goes out" event would repeat it)."""
    return any(reason.key == "goes_out" for reason in verdict.reasons)


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


# -- the session ----------------------------------------------------------------------------------


class PlaySession:
    """A table of 2–8 :class:`Seat` s playing a round — or with ``match=True`` a match to 100
    (:class:`vandatta.Match`) — from ``seed`` (the game number: the same seed, the same deals
    and the same computer moves). ``game`` starts from a given position (e.g. a lesson's);
    the next rounds are then dealt. ``hint_playouts`` is the hint's effort. With
    ``deal_from_os=True`` (a table of people on different devices) every round is dealt from
    the operating system's randomness instead: no deal follows from the seed, from another
    deal or from a finished round's record (which still replays: it keeps the deck order).

    Seats are numbered as in the match (``to_move``, ``play(seat, …)``, ``names()``); in a
    match a player who reached 100 leaves the rounds, so a round's own seats are
    :attr:`round_seats`. Subscribers (:meth:`subscribe`) hear of every change.

    >>> s = PlaySession(["person", "random"], seed=3, match=True)
    >>> s.round_number, s.totals, s.run_computers() >= 1, s.waiting_for()
    (1, [0, 0], True, 'person')
    """

    def __init__(
        self,
        seats: Sequence[Seat | str],
        *,
        rules: Rules | None = None,
        seed: int | None = None,
        match: bool = False,
        game: Game | None = None,
        hint_playouts: int = 2000,
        deal_from_os: bool = False,
    ) -> None:
        if isinstance(seats, (str, Seat)):
            raise TypeError("seats is a list of seats, one per player")
        self._seats = tuple(Seat.parse(s) for s in seats)
        if game is not None:
            if not isinstance(game, Game):
                raise TypeError(f"game must be a vandatta.Game, not {type(game).__name__}")
            if match:
                raise ValueError("a match deals its own rounds: give either game= or match=True")
            if len(self._seats) != game.players:
                raise ValueError(f"the game has {game.players} seats, not {len(self._seats)}")
            rules = game.rules if rules is None else rules
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a vandatta.Rules, not {type(rules).__name__}")
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        if not _is_int(seed):
            raise ValueError(f"seed must be a whole number, not {seed!r}")
        if not _is_int(hint_playouts) or hint_playouts < 1:
            raise ValueError(f"hint_playouts must be a whole number above 0, not {hint_playouts!r}")
        self.rules = rules
        self.seed = seed
        self.hint_playouts = hint_playouts
        self.deal_from_os = bool(deal_from_os)
        self._rng = random.Random(seed)
        self._draws = 0  # numbers drawn from _rng (a restored session draws as many)
        self._covered: set[int] = set()
        self._subscribers: list[Callable[[Change], None]] = []
        self._tally = [0] * len(self._seats)  # points per seat over the rounds (no match)
        self._counted = False
        self._round = 1
        self._log: list[LogEntry] = []
        self.match: Match | None = None
        # the engine checks the number of players (R1) as it deals
        if match:
            self.match = Match(len(self._seats), seed=self._next_seed(), rules=rules)
            self._deal_match_round()
            self._begin(self.match.game)
        else:
            self._begin(game if game is not None else self._deal(dealer=0))

    # -- what is at the table ---------------------------------------------------------------------

    @property
    def seats(self) -> tuple[Seat, ...]:
        """Who sits in each seat of the match (or of the table's rounds)."""
        return self._seats

    @property
    def players(self) -> int:
        return len(self._seats)

    @property
    def game(self) -> Game:
        """The current round (a :class:`vandatta.Game`; read it, never play on it directly)."""
        return self._game

    @property
    def round_seats(self) -> list[int]:
        """The match seat of each seat of the current round."""
        return list(self.match.seats) if self.match is not None else list(range(self.players))

    def round_seat(self, seat: int) -> int | None:
        """The current round's seat of match seat ``seat`` (``None``: out of the match)."""
        seats = self.round_seats
        return seats.index(seat) if seat in seats else None

    @property
    def round_number(self) -> int:
        """1 for the first round (of the match, or of this table)."""
        return self._round

    @property
    def is_over(self) -> bool:
        """Whether the current round is over."""
        return self._game.is_over

    @property
    def match_over(self) -> bool:
        """Whether the match is decided (always ``False`` without a match)."""
        return self.match is not None and self.match.is_over

    @property
    def to_move(self) -> int | None:
        """The match seat of the seat to move, or ``None`` once the round is over."""
        g = self._game
        return None if g.is_over else self.round_seats[g.to_move]

    def waiting_for(self) -> str | None:
        """Whom the table waits for: ``"person"``, ``"remote"``, ``"computer"`` (also for a
        covered person's seat) or ``None`` (the round is over)."""
        seat = self.to_move
        if seat is None:
            return None
        return "computer" if seat in self._covered else self._seats[seat].kind

    @property
    def covered(self) -> frozenset[int]:
        """The people's seats a computer plays for now (:meth:`cover`)."""
        return frozenset(self._covered)

    @property
    def totals(self) -> list[int]:
        """Points per match seat so far, the current round counted once it is over (the
        match's totals, or the sum of this table's rounds)."""
        if self.match is not None:
            return self.match.totals
        return list(self._tally)

    @property
    def log(self) -> tuple[LogEntry, ...]:
        """The current round's log: its start, then every move."""
        return tuple(self._log)

    def names(self, lang: str = "sv") -> list[str]:
        """The name of each match seat: the one typed, or "Spelare 2" / "Player 2"."""
        return [s.name or term("player", lang, n=i + 1, capital=True) for i, s in enumerate(self._seats)]

    def round_names(self, lang: str = "sv") -> list[str]:
        """The names of the current round's seats."""
        names = self.names(lang)
        return [names[s] for s in self.round_seats]

    def _check_seat(self, seat: object) -> int:
        if not _is_int(seat) or not 0 <= seat < self.players:
            raise BadSeat(value=" ".join(repr(seat).split())[:40], last=self.players)
        return seat

    # -- observers --------------------------------------------------------------------------------

    def subscribe(self, callback: Callable[[Change], None]) -> Callable[[], None]:
        """Call ``callback(change)`` after every change; returns the function that stops it."""
        self._subscribers.append(callback)

        def unsubscribe() -> None:
            if callback in self._subscribers:
                self._subscribers.remove(callback)

        return unsubscribe

    def _tell(self, change: Change) -> None:
        for callback in list(self._subscribers):
            callback(change)

    # -- rounds -----------------------------------------------------------------------------------

    def _next_seed(self) -> int:
        self._draws += 1
        return self._rng.getrandbits(32)

    def _deal(self, *, dealer: int) -> Game:
        game = Game.deal(self.players, seed=self._next_seed(), rules=self.rules, dealer=dealer)
        if self.deal_from_os:
            game = Game.deal(self.players, rules=self.rules, dealer=dealer, **_os_deal(game))
        return game

    def _deal_match_round(self, record: Mapping | None = None) -> None:
        """With deals from the OS, the match's new round dealt again from the OS's randomness
        (or, rebuilding a session, from its record's deck and seed)."""
        assert self.match is not None
        if record is not None:
            self.match.deal_again(deck=record["deck"], seed=record["seed"])
        elif self.deal_from_os:
            self.match.deal_again(**_os_deal(self.match.game))

    def _begin(self, game: Game) -> LogEntry:
        self._game = game
        seats = self.round_seats
        for seat, ms in enumerate(seats):
            kind = self._seats[ms]
            game.player_info[seat]["player"] = kind.strength if kind.kind == "computer" else "human"
        self._counted = False
        start = LogEntry("start", None, None, None, tuple(game.events(0)), 0, self._round, tuple(seats))
        self._log = [start]
        return start

    def _count_round(self) -> None:
        """Once per round: the tally of this table's rounds (a match counts its own)."""
        if self._counted or not self._game.is_over:
            return
        self._counted = True
        if self.match is None:
            for seat, points in enumerate(self._game.points()):
                self._tally[seat] += points

    def next_round(self) -> Game:
        """Deal the next round: of the match (a new match once it is over; raises
        :class:`RoundNotOver` while its round goes on), or a fresh round with the deal passed
        on (a round left unfinished counts no points)."""
        if self.match is not None:
            if not self._game.is_over:
                raise RoundNotOver()
            if self.match.is_over:
                self.match = Match(self.players, seed=self._next_seed(), rules=self.rules)
                self._round = 1
            else:
                self.match.next_round()
                self._round += 1
            self._deal_match_round()
            game = self.match.game
        else:
            self._count_round()
            self._round += 1
            game = self._deal(dealer=(self._game.dealer + 1) % self.players)
        start = self._begin(game)
        self._tell(Change("round", start))
        return game

    # -- moves ------------------------------------------------------------------------------------

    def play(self, seat: int, move: Move | str) -> LogEntry:
        """Play ``move`` for match seat ``seat``; returns its log entry. Raises
        :class:`NotYourTurn`, :class:`RoundOver` or :class:`ComputerSeat`; the engine's
        :class:`~vandatta.IllegalMoveError` (with its verdict) and
        :class:`~vandatta.InvalidMoveError` pass through. A refused move changes nothing."""
        seat = self._check_seat(seat)
        g = self._game
        if g.is_over:
            raise RoundOver()
        to_move = self.round_seats[g.to_move]
        if seat != to_move:
            raise NotYourTurn(whose=LocalText.of(lambda lang: genitive(self.names(lang)[to_move], lang)))
        if not self._seats[seat].is_person or seat in self._covered:
            raise ComputerSeat(player=LocalText.of(lambda lang: self.names(lang)[seat]))
        if isinstance(move, str):
            move = Move.parse(move)
        before = g.copy()
        try:
            entry = self._apply(move, None)
        except IllegalMoveError:
            self._keep(before, move)
            raise
        self._keep(before, move)
        return entry

    def _keep(self, before: Game, move: Move) -> None:
        """Keep the move in the learner's record of the page (issue 41), when one child plays
        against the computer: not with several people at one device, nor on a server."""
        if sum(1 for kind in self._seats if kind.is_person) != 1:
            return
        from ..path.session import keep_answer

        keep_answer(
            before, move, kind="round", asked=True, item=f"{self.seed}-{self._round}:{before.ply + 1}"
        )

    def _apply(self, move: Move, notes: dict | None) -> LogEntry:
        g = self._game
        seat = self.round_seats[g.to_move]
        verdict = g.play(move, annotation=notes)
        entry = LogEntry(
            "move", seat, move, verdict, tuple(g.events()), g.ply, self._round, tuple(self.round_seats)
        )
        self._log.append(entry)
        if g.is_over:
            self._count_round()
        self._tell(Change("move", entry))
        return entry

    def computer(self, seat: int) -> Player:
        """The computer player that decides match seat ``seat``'s move now: its strength (a
        covered person's: :data:`STAND_IN`), seeded from the game number, the round, the ply
        and the seat — so a restored session makes the same moves."""
        seat = self._check_seat(seat)
        kind = self._seats[seat]
        strength = kind.strength if kind.kind == "computer" and kind.strength else STAND_IN
        key = f"{self.seed}/{self._round}/{self._game.ply}/{seat}"
        return make_player(strength, seed=random.Random(key).getrandbits(32))

    def computer_move(self) -> LogEntry | None:
        """One move of the computer (or stand-in) to move; ``None`` when it is nobody's or a
        person's turn."""
        if self.waiting_for() != "computer":
            return None
        g = self._game
        move, notes = _computer_move(self.computer(self.round_seats[g.to_move]), g, g.to_move)
        return self._apply(move, notes)

    def computer_turn(self) -> tuple[Player, SeatView] | None:
        """The computer (or stand-in) to move and what its seat sees — to work its move out
        elsewhere (another process) and bring it back with :meth:`play_computer`; ``None``
        when it is nobody's or a person's turn."""
        if self.waiting_for() != "computer":
            return None
        g = self._game
        return self.computer(self.round_seats[g.to_move]), SeatView.of(g, g.to_move)

    def play_computer(self, move: Move | str, notes: dict | None = None) -> LogEntry:
        """The move the computer to move decided (with its notes), worked out elsewhere from
        :meth:`computer_turn`: checked by the engine like any move. Raises :class:`RoundOver`
        or :class:`NotYourTurn` when no computer is to move."""
        if self._game.is_over:
            raise RoundOver()
        if self.waiting_for() != "computer":
            to_move = self.round_seats[self._game.to_move]
            raise NotYourTurn(whose=LocalText.of(lambda lang: genitive(self.names(lang)[to_move], lang)))
        if isinstance(move, str):
            move = Move.parse(move)
        return self._apply(move, notes if isinstance(notes, dict) else None)

    def run_computers(self, max_moves: int = 1000) -> int:
        """The computers' moves until a person is to move or the round is over (at most
        ``max_moves``); returns how many were made."""
        made = 0
        while made < max_moves and self.computer_move() is not None:
            made += 1
        return made

    def cover(self, seat: int, on: bool = True) -> None:
        """Let a computer (:data:`STAND_IN`) play a person's seat for now — while they are
        away — or, with ``on=False``, give it back."""
        seat = self._check_seat(seat)
        if not self._seats[seat].is_person:
            raise NotAPerson(player=LocalText.of(lambda lang: self.names(lang)[seat]))
        before = seat in self._covered
        if on:
            self._covered.add(seat)
        else:
            self._covered.discard(seat)
        if before != bool(on):
            self._tell(Change("cover", None, seat))

    def rename(self, seat: int, name: str | None) -> None:
        """A person's seat gets the name its person typed (someone took a free seat of a table
        already playing); the log then names them so."""
        seat = self._check_seat(seat)
        if not self._seats[seat].is_person:
            raise NotAPerson(player=LocalText.of(lambda lang: self.names(lang)[seat]))
        seats = list(self._seats)
        seats[seat] = dataclasses.replace(seats[seat], name=clean_name(name))
        self._seats = tuple(seats)
        self._tell(Change("rename", None, seat))

    def hint(self, *, playouts: int | None = None, seed: int | None = None) -> Hint:
        """vandatta.ai's ranked advice for the seat to move (seeded by the ply unless
        ``seed`` is given). Raises :class:`RoundOver`, or :class:`HintUnavailable`."""
        if self._game.is_over:
            raise RoundOver()
        try:
            from vandatta.ai.hint import hint
        except ImportError:
            raise HintUnavailable() from None
        g = self._game
        return hint(
            g,
            playouts=self.hint_playouts if playouts is None else playouts,
            seed=g.ply if seed is None else seed,
        )

    # -- what a seat reads ------------------------------------------------------------------------

    def entry_lines(self, entry: LogEntry, lang: str, *, viewer: int | None) -> list[str]:
        """A move's explanation as short sentences, as the person at match seat ``viewer``
        reads it (``None``: someone who holds no hand): the engine's verdict, a line per
        reason, then what happened; the cards others drew stay hidden; "goes out" is said once."""
        if entry.kind != "move":
            raise ValueError("only a move has an explanation")
        names = self.names(lang)
        names = [names[s] for s in entry.seats]
        seat = entry.seats.index(entry.mover)
        mine = entry.seats.index(viewer) if viewer in entry.seats else None
        own = seat == mine
        move, events = entry.played, entry.events
        lines = _named(entry.judged, names).phrases(lang, player=None if own else names[seat])
        drawn = [e.text(lang, names=names, hidden=not own, you=mine) for e in events if e.kind == "draw"]
        if move.is_draw and drawn:
            # the player sees the card drawn, next to "number 1 of at most three"; for the
            # others' draws the short event says it all ("Player 2 draws a card")
            lines = [lines[0], drawn[0], *lines[1:]] if own else [drawn[0]]
        out_said = _goes_out(entry.judged)
        for e in events:
            if e.kind == "draw" or (e.kind == "out" and out_said):
                continue
            lines.append(e.text(lang, names=names, hidden=e.seat != mine, you=mine))
        return sentences(lines)

    def refusal_lines(self, verdict: Verdict, lang: str) -> list[str]:
        """The engine's verdict on a refused move (:class:`~vandatta.IllegalMoveError`), with
        the seats' names, as short sentences."""
        return sentences(_named(verdict, self.round_names(lang)).lines(lang))

    def entry_text(self, entry: LogEntry, lang: str, *, viewer: int | None) -> str:
        """:meth:`entry_lines` as one paragraph."""
        return " ".join(self.entry_lines(entry, lang, viewer=viewer))

    def start_text(self, entry: LogEntry, lang: str) -> str:
        """A round's start: the cards turned up and who begins (the same for every seat)."""
        names = self.names(lang)
        names = [names[s] for s in entry.seats]
        starts = " ".join(e.text(lang, names=names, hidden=True) for e in entry.events)
        first = (self._game.dealer + 1) % self._game.players if entry.round == self._round else 0
        return f"{starts} {t('pt_begins', lang, player=names[first])}".strip()

    # -- storing ----------------------------------------------------------------------------------

    def to_dict(self) -> dict:
        """A JSON-able snapshot: the seats, rules, seed, covered seats, the match's finished
        rounds and the current round as engine records (:func:`vandatta.record.write_record`).
        :meth:`from_dict` restores the same session at the same move."""
        rounds = []
        if self.match is not None:
            rounds = [write_record(game) for _, game in self.match.rounds]
        return {
            "format": FORMAT,
            "version": VERSION,
            "seats": [s.to_dict() for s in self._seats],
            "rules": list(self.rules.ids()),
            "seed": self.seed,
            "draws": self._draws,
            "match": self.match is not None,
            "match_seed": self.match.seed if self.match is not None else None,
            "round": self._round,
            "rounds": rounds,
            "game": write_record(self._game),
            "tally": list(self._tally),
            "covered": sorted(self._covered),
            "hint_playouts": self.hint_playouts,
            "deal_from_os": self.deal_from_os,
        }

    @classmethod
    def from_dict(cls, d: Mapping) -> PlaySession:
        """The session :meth:`to_dict` stored, at the same move (every move replayed through
        the engine, so a damaged snapshot raises the engine's error)."""
        if not isinstance(d, Mapping) or d.get("format") != FORMAT or d.get("version") != VERSION:
            raise ValueError(f"not a {FORMAT} snapshot of version {VERSION}")
        seats = [Seat.from_dict(s) for s in d["seats"]]
        rules = Rules.parse(",".join(d["rules"]))
        record = d["game"]
        full = read_game(record)
        start = read_game(
            {k: v for k, v in record.items() if k not in ("annotations", "result")} | {"moves": []}
        )
        self = cls.__new__(cls)
        self._seats = tuple(seats)
        self.rules = rules
        self.seed = d["seed"]
        self.hint_playouts = d.get("hint_playouts", 2000)
        self.deal_from_os = bool(d.get("deal_from_os", False))
        self._rng = random.Random(self.seed)
        self._draws = 0
        for _ in range(d["draws"]):
            self._next_seed()
        self._covered = set(d.get("covered", ()))
        self._subscribers = []
        self._tally = list(d.get("tally", [0] * len(seats)))
        self._round = d["round"]
        self._log = []
        self.match = None
        if d["match"]:
            self.match = Match(len(seats), seed=d["match_seed"], rules=rules)
            for number, past in enumerate(d["rounds"], start=1):
                self._round = number
                if self.deal_from_os:  # no deal follows from the seed: each round's own deck
                    self._deal_match_round(past)
                self._begin(self.match.game)
                self._replay(read_game(past))
                self.match.next_round()
            self._round = d["round"]
            if self.deal_from_os:
                self._deal_match_round(record)
            start = self.match.game
            if start.deck != full.deck:
                raise ValueError("the snapshot's round is not the match's deal")
        self._begin(start)
        self._replay(full)
        self._counted = self._game.is_over
        return self

    def _replay(self, full: Game) -> None:
        """Play ``full``'s moves on the current round as they were played (no one is told)."""
        g = self._game
        seats = tuple(self.round_seats)
        for ply in range(1, full.ply + 1):
            move = full.move_at(ply)
            seat = seats[g.to_move]
            verdict = g.play(move, annotation=full.annotation(ply))
            self._log.append(
                LogEntry("move", seat, move, verdict, tuple(g.events()), g.ply, self._round, seats)
            )
