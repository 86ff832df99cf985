"""The learner's record: one :class:`Event` per answer a child gives, and the versioned,
compact JSON that keeps them (``docs/learner-record.md`` describes the format).

An event says when (UTC), where (a lesson's exercise or quiz, a puzzle, a class question, a
round's move, a practice drill), the position the child saw and the move they made (the
engine's notation, suits as letters), the rule ids of the engine's verdict and the outcome:

- ``right`` — what was asked;
- ``allowed`` — allowed by the rules, but not what was asked;
- ``not_allowed`` — the rules refuse it;
- ``mistake`` — allowed, but the game review marked it as a mistake, or the rules punish it
  (a "lappen" or "varning" not called).

>>> from vandatta import Game
>>> game = Game.from_position(hands=["7♥ K♠ 2♣", "5♦"], top="7♣", talon="9♠")
>>> event = Event.answer(
...     game, "K♠", kind="exercise", lesson=2, item="ex1", asked=False, device="d1", seq=1, at=0
... )
>>> event.id, event.outcome, event.rules, event.position, event.move
('d1.1', 'not_allowed', ('R4',), '7H KS 2C|7C', 'KS')
>>> decode_events(encode_events([event])) == [event]
True

Each event has an id that never changes: the device that kept it and a counter on that
device (``"d1.1"``). Two copies of one event (a file imported twice, a class server sent the
same events again) are one event: :func:`merge` keeps each id once.
"""

from __future__ import annotations

import json
import random
import secrets
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import TYPE_CHECKING

from vandatta import Card, Game, Move, Rules, Suit, standard_deck

if TYPE_CHECKING:
    from vandatta import Verdict

__all__ = [
    "FORMAT",
    "VERSION",
    "KINDS",
    "OUTCOMES",
    "Event",
    "RecordFormatError",
    "ascii_notation",
    "is_count",
    "position_of",
    "position_game",
    "PositionError",
    "new_device_id",
    "encode_events",
    "decode_events",
    "upgrade",
    "merge",
    "dumps",
]

FORMAT = "vandatta-learner-record"
VERSION = 1
# Where an answer was given: a lesson's exercise or quiz, a puzzle try, a question the class
# answered together, a move in a round (against the computer or people), a practice drill.
KINDS = ("exercise", "quiz", "puzzle", "class", "round", "drill")
OUTCOMES = ("right", "allowed", "not_allowed", "mistake")
# One letter per kind and outcome in the compact columns.
_KIND_LETTER = {"exercise": "e", "quiz": "q", "puzzle": "p", "class": "c", "round": "g", "drill": "d"}
_OUTCOME_LETTER = {"right": "r", "allowed": "a", "not_allowed": "n", "mistake": "m"}
_LETTER_KIND = {v: k for k, v in _KIND_LETTER.items()}
_LETTER_OUTCOME = {v: k for k, v in _OUTCOME_LETTER.items()}
_SUIT_LETTERS = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C"})
# A bound on any text field: a record is data from a file, never trusted.
MAX_TEXT = 200


class RecordFormatError(ValueError):
    """A learner record that cannot be read: not JSON, not this format, a version newer than
    this code, or a field of the wrong shape. ``reason`` is one of ``"damaged"``,
    ``"foreign"``, ``"newer"`` — what the UI tells the child (:mod:`vandatta_widgets.learner.store`
    turns it into words)."""

    def __init__(self, message: str, *, reason: str = "damaged") -> None:
        super().__init__(message)
        self.reason = reason


def is_count(value: object) -> bool:
    """Whether ``value`` is a whole number from 0 (a counter, a time, a lesson; a bool is not
    one), as every message about events must hold.

    >>> is_count(3), is_count(0), is_count(-1), is_count(True), is_count(2.0)
    (True, True, False, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def ascii_notation(text: str) -> str:
    """The engine's notation with suit letters (``"10♥ 8♠=K♦"`` → ``"10H 8S=KD"``), which the
    engine reads back (:meth:`vandatta.Card.parse`) and which keeps the record small."""
    return text.translate(_SUIT_LETTERS)


def position_of(game: Game) -> str:
    """What the player to move sees, compactly: their hand, ``|``, the top card (an eight with
    what it counts as); then, when the turn is under way, ``|`` and the owed ace's suit
    (``f=H``), the cards drawn this turn (``d=2``) or a draw owed under V2 (``m``); and ``|``
    and the rules when they are not the source's (``r=v1,v3``).

    >>> from vandatta import Game, Rules
    >>> position_of(Game.from_position(hands=["5♥ 2♣", "K♠"], top="A♥", follow_up="♥"))
    '5H 2C|AH|f=H'
    >>> position_of(Game.from_position(hands=["5♥", "K♠"], top="8♣=K♥", rules=Rules(lappen=True)))
    '5H|8C=KH|r=v3'
    """
    parts = [
        " ".join(card.ascii for card in game.hand(game.to_move)),
        ascii_notation(game.top_notation),
    ]
    turn = []
    if game.follow_up_suit is not None:
        turn.append("f=" + game.follow_up_suit.letter)
    if game.draws_this_turn:
        turn.append(f"d={game.draws_this_turn}")
    if game.must_draw:
        turn.append("m")
    if turn:
        parts.append(",".join(turn))
    if str(game.rules) != "standard":
        parts.append("r=" + str(game.rules))
    return "|".join(parts)


#: A position keeps only what its player saw: the other player's hand and the talon are dealt,
#: the same way every time, from the cards nobody saw.
OTHER_HAND = 5
TALON = 15


class PositionError(ValueError):
    """A position text that is not one the learner's record writes."""


def position_game(position: str) -> Game:
    """The game at a position :func:`position_of` wrote (its parse): the position an event describes (``"5H 2C|AH|f=H"``), at its player's turn; the
    other player gets :data:`OTHER_HAND` cards and the talon the rest, dealt the same way every
    time from the cards the child did not see.

    >>> position_game("5H 2C|AH|f=H").follow_up_suit
    Suit.HEARTS
    >>> position_game("7H|KS|zz")
    Traceback (most recent call last):
    ...
    vandatta_widgets.learner.events.PositionError: not a position of the learner's record: '7H|KS|zz'
    """
    if not isinstance(position, str) or not 0 < len(position) <= 200:
        raise PositionError(f"not a position of the learner's record: {position!r}")
    parts = position.split("|")
    try:
        hand = [Card.parse(text) for text in parts[0].split()]
        top = parts[1]
        follow_up, draws, must_draw, rules = None, 0, False, None
        for part in parts[2:]:
            if part.startswith("r="):
                rules = Rules.parse(part[2:])
                continue
            for item in part.split(","):
                if item.startswith("f="):
                    follow_up = Suit.parse(item[2:])
                elif item.startswith("d="):
                    draws = int(item[2:])
                elif item == "m":
                    must_draw = True
                else:
                    raise ValueError(item)
        top_card = Card.parse(top.split("=")[0])
        seen = {*hand, top_card}
        if len(seen) != len(hand) + 1:  # a card twice: not a position of one deck
            raise ValueError(position)
        rest = [card for card in standard_deck() if card not in seen]
        random.Random(position).shuffle(rest)
        return Game.from_position(
            hands=[hand, rest[:OTHER_HAND]],
            top=top,
            talon=rest[OTHER_HAND : OTHER_HAND + TALON],
            rules=rules,
            follow_up=follow_up,
            draws=draws,
            must_draw=must_draw,
        )
    except (ValueError, IndexError, TypeError) as error:
        raise PositionError(f"not a position of the learner's record: {position!r}") from error


def new_device_id() -> str:
    """A new device's id: 10 random letters and digits (about 50 bits), enough that two
    devices of one class never share one."""
    alphabet = "abcdefghijkmnpqrstuvwxyz23456789"
    return "".join(secrets.choice(alphabet) for _ in range(10))


@dataclass(frozen=True, slots=True)
class Event:
    """One answer. ``device`` and ``seq`` make its :attr:`id`; ``at`` is seconds since
    1970-01-01 UTC; ``lesson`` the lesson's number (1–11, 0 outside the lessons); ``item``
    which exercise, quiz question, puzzle (its key), round and ply (``"r7:12"``), class
    question or drill (``"R7"``) it was; ``position`` and ``move`` as :func:`position_of` and
    :func:`ascii_notation` write them (a quiz's chosen answer as given); ``rules`` the rule ids
    of the engine's verdict (for a review mistake: the review's); ``house`` the rules in
    force as ``str(vandatta.Rules)`` (``""`` for the source's)."""

    device: str
    seq: int
    at: int
    kind: str
    outcome: str
    rules: tuple[str, ...] = ()
    lesson: int = 0
    item: str = ""
    position: str = ""
    move: str = ""
    house: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.device, str) or not self.device or "." in self.device:
            raise ValueError(f"device must be a non-empty id without '.', not {self.device!r}")
        for name in ("seq", "at", "lesson"):
            value = getattr(self, name)
            if not is_count(value):
                raise ValueError(f"{name} must be a whole number ≥ 0, not {value!r}")
        if self.kind not in KINDS:
            raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {self.kind!r}")
        if self.outcome not in OUTCOMES:
            raise ValueError(f"outcome must be one of {', '.join(OUTCOMES)}, not {self.outcome!r}")
        if not isinstance(self.rules, tuple) or not all(isinstance(r, str) and r for r in self.rules):
            raise ValueError(f"rules must be a tuple of rule ids, not {self.rules!r}")
        for name in ("item", "position", "move", "house", "device"):
            value = getattr(self, name)
            if not isinstance(value, str) or len(value) > MAX_TEXT:
                raise ValueError(f"{name} must be text of at most {MAX_TEXT} characters")

    @property
    def id(self) -> str:
        """The event's id, the same wherever it travels: ``"<device>.<seq>"``."""
        return f"{self.device}.{self.seq}"

    @property
    def when(self) -> datetime:
        """:attr:`at` as a UTC datetime."""
        return datetime.fromtimestamp(self.at, tz=timezone.utc)

    @property
    def correct(self) -> bool | None:
        """What the event says about the rules it cites: ``True`` for a right answer,
        ``False`` for a move not allowed or a review mistake, ``None`` for an allowed move that
        was not what was asked (the rule was kept, the idea missed: neither)."""
        return {"right": True, "not_allowed": False, "mistake": False}.get(self.outcome)

    @classmethod
    def answer(
        cls,
        game: Game,
        move: Move | str,
        *,
        kind: str,
        asked: bool,
        device: str,
        seq: int,
        lesson: int = 0,
        item: str = "",
        at: int | None = None,
        verdict: Verdict | None = None,
    ) -> Event:
        """The event for ``move`` answered in ``game``'s position (before the move), judged by
        the engine (``verdict``, or ``game.check(move)``): not allowed when the rules refuse
        it; a mistake about the call's rule when the rules allow it but punish it (a "lappen"
        or "varning" not called: the rule ids are the penalty's); else right when ``asked``
        (the move is what the exercise, puzzle or question wanted; in a round every allowed
        move is), else allowed.

        >>> from vandatta import Game, Rules
        >>> g = Game.from_position(hands=["5♥ 2♣", "K♠"], top="K♥", talon="9♠ 4♦ 3♥", rules=Rules(lappen=True))
        >>> e = Event.answer(g, "5♥", kind="round", asked=True, device="d", seq=1, at=0)
        >>> e.outcome, e.rules
        ('mistake', ('V3',))
        """
        move = Move.parse(move) if isinstance(move, str) else move
        verdict = verdict if verdict is not None else game.check(move)
        rules = tuple(verdict.rules)
        # a call forgotten (lappen, varning): allowed, but the rules punish it — a mistake
        # about the call's rule, not a right use of the others
        penalties = [reason for reason in verdict.reasons if "penalty" in reason.key]
        if not verdict.legal:
            outcome = "not_allowed"
        elif penalties:
            outcome = "mistake"
            rules = tuple(dict.fromkeys(rule for reason in penalties for rule in reason.rules))
        else:
            outcome = "right" if asked else "allowed"
        house = str(game.rules)
        return cls(
            device=device,
            seq=seq,
            at=int(time.time()) if at is None else at,
            kind=kind,
            outcome=outcome,
            rules=rules,
            lesson=lesson,
            item=item,
            position=position_of(game),
            move=ascii_notation(str(move)),
            house="" if house == "standard" else house,
        )

    @classmethod
    def quiz(
        cls,
        *,
        right: bool,
        kind: str = "quiz",
        rules: tuple[str, ...],
        choice: str,
        device: str,
        seq: int,
        lesson: int = 0,
        item: str = "",
        position: str = "",
        house: str = "",
        at: int | None = None,
    ) -> Event:
        """A quiz or class question answered by a ``choice`` (its text as shown, or its
        number): right, or not — a wrong answer about the rules counts as a move not allowed
        (the child took the rule the wrong way). ``rules`` are the ids the question is about
        (the engine's verdict of the position it asks about). ``kind`` is ``"quiz"`` or
        ``"class"`` (a question the class answers together).

        >>> Event.quiz(right=False, rules=("R6",), choice="Ja", device="d", seq=3, lesson=3, item="q1", at=0).outcome
        'not_allowed'
        """
        if kind not in ("quiz", "class"):
            raise ValueError(f"a question's kind is 'quiz' or 'class', not {kind!r}")
        return cls(
            device=device,
            seq=seq,
            at=int(time.time()) if at is None else at,
            kind=kind,
            outcome="right" if right else "not_allowed",
            rules=tuple(rules),
            lesson=lesson,
            item=item,
            position=position,
            move=choice[:MAX_TEXT],
            house=house,
        )

    @classmethod
    def review_mistake(
        cls, game: Game, move: Move | str, *, device: str, seq: int, item: str = "", at: int | None = None
    ) -> Event:
        """A move the game review marked as a mistake (or a blunder), in ``game``'s position
        before it: allowed, so the rule ids are those the engine's verdict of the move cites
        (what the move turned on — the ace laid too early, the eight spent)."""
        event = cls.answer(game, move, kind="round", asked=True, device=device, seq=seq, item=item, at=at)
        return cls(
            device=event.device,
            seq=event.seq,
            at=event.at,
            kind="round",
            outcome="mistake",
            rules=event.rules,
            item=event.item,
            position=event.position,
            move=event.move,
            house=event.house,
        )


# -- the compact columns (version 1) --------------------------------------------------------------


def _table(values: Iterable[str]) -> tuple[list[str], list[int]]:
    """Distinct values in first-seen order and each value's index: a repeated text is stored once."""
    index: dict[str, int] = {}
    refs = []
    for value in values:
        refs.append(index.setdefault(value, len(index)))
    return list(index), refs


def _deltas(numbers: Sequence[int]) -> list[int]:
    previous = 0
    out = []
    for n in numbers:
        out.append(n - previous)
        previous = n
    return out


def _undelta(deltas: Sequence[int]) -> list[int]:
    total = 0
    out = []
    for d in deltas:
        total += d
        out.append(total)
    return out


def encode_events(events: Sequence[Event]) -> dict:
    """Events as the columns of format version 1 (JSON-ready): one array per field, texts that
    repeat (devices, items, rule sets, rules in force) in tables and referred to by index,
    ``seq`` and ``at`` as differences from the event before, kind and outcome one letter each.
    """
    devices, dev = _table(e.device for e in events)
    items, item = _table(e.item for e in events)
    rule_sets, rules = _table(" ".join(e.rules) for e in events)
    houses, house = _table(e.house for e in events)
    return {
        "n": len(events),
        "devices": devices,
        "dev": dev,
        "seq": _deltas([e.seq for e in events]),
        "at": _deltas([e.at for e in events]),
        "kind": "".join(_KIND_LETTER[e.kind] for e in events),
        "out": "".join(_OUTCOME_LETTER[e.outcome] for e in events),
        "lesson": [e.lesson for e in events],
        "items": items,
        "item": item,
        "pos": [e.position for e in events],
        "move": [e.move for e in events],
        "rule_sets": rule_sets,
        "rules": rules,
        "houses": houses,
        "house": house,
    }


def _column(data: Mapping, name: str, kind: type, n: int) -> list:
    value = data.get(name)
    if not isinstance(value, list) or len(value) != n:
        raise RecordFormatError(f"events: {name!r} must be a list of {n} entries")
    if not all(isinstance(x, kind) and not isinstance(x, bool) for x in value):
        raise RecordFormatError(f"events: {name!r} holds an entry that is not {kind.__name__}")
    return value


def _lookup(table: list, refs: list, name: str) -> list:
    if any(not 0 <= i < len(table) for i in refs):
        raise RecordFormatError(f"events: {name!r} refers past its table")
    return [table[i] for i in refs]


def decode_events(data: object) -> list[Event]:
    """The inverse of :func:`encode_events`; anything of the wrong shape raises
    :class:`RecordFormatError` (nothing half read is returned)."""
    if not isinstance(data, Mapping):
        raise RecordFormatError("events must be an object of columns")
    n = data.get("n")
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise RecordFormatError("events: 'n' must be the number of events")
    tables = {}
    for name in ("devices", "items", "rule_sets", "houses"):
        table = data.get(name)
        if not isinstance(table, list) or not all(isinstance(x, str) for x in table):
            raise RecordFormatError(f"events: {name!r} must be a list of texts")
        tables[name] = table
    kinds, outs = data.get("kind"), data.get("out")
    if not isinstance(kinds, str) or len(kinds) != n or not isinstance(outs, str) or len(outs) != n:
        raise RecordFormatError("events: 'kind' and 'out' must hold one letter per event")
    try:
        kind = [_LETTER_KIND[c] for c in kinds]
        outcome = [_LETTER_OUTCOME[c] for c in outs]
    except KeyError as error:
        raise RecordFormatError(f"events: unknown letter {error.args[0]!r} in 'kind' or 'out'") from None
    device = _lookup(tables["devices"], _column(data, "dev", int, n), "dev")
    item = _lookup(tables["items"], _column(data, "item", int, n), "item")
    rules = _lookup(tables["rule_sets"], _column(data, "rules", int, n), "rules")
    house = _lookup(tables["houses"], _column(data, "house", int, n), "house")
    seq = _undelta(_column(data, "seq", int, n))
    at = _undelta(_column(data, "at", int, n))
    lesson = _column(data, "lesson", int, n)
    position = _column(data, "pos", str, n)
    move = _column(data, "move", str, n)
    try:
        return [
            Event(
                device=device[i],
                seq=seq[i],
                at=at[i],
                kind=kind[i],
                outcome=outcome[i],
                rules=tuple(rules[i].split()),
                lesson=lesson[i],
                item=item[i],
                position=position[i],
                move=move[i],
                house=house[i],
            )
            for i in range(n)
        ]
    except ValueError as error:
        raise RecordFormatError(f"events: {error}") from None


# -- versions ---------------------------------------------------------------------------------------


def upgrade(document: object) -> dict:
    """A record document of any version this code knows, brought to the current
    :data:`VERSION` (each older version has one step here, applied in turn). A document of
    another format raises :class:`RecordFormatError` with reason ``"foreign"``; of a newer
    version, ``"newer"`` (a newer app wrote it: nothing is guessed).

    Version 1 is the first, so it needs no step yet: a later version adds
    ``_STEPS[1] = _v1_to_v2`` and so on, and the stored version-1 fixture
    (``tests/learner/fixtures/record-v1.json``) keeps being read.
    """
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise RecordFormatError("this is not a Vändåtta learner record", reason="foreign")
    version = document.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise RecordFormatError("the record's 'version' must be a whole number ≥ 1")
    if version > VERSION:
        raise RecordFormatError(
            f"the record is version {version}; this app reads up to {VERSION}", reason="newer"
        )
    while version < VERSION:
        document = _STEPS[version](document)
        version = document["version"]
    return document


# version -> the function that turns a document of that version into the next version's
_STEPS: dict[int, Callable[[dict], dict]] = {}


def merge(*groups: Iterable[Event]) -> list[Event]:
    """The events of every group, each id once (the first copy kept), in time order (then by
    device and counter): importing a file twice, or a class server sending again what it
    already sent, counts nothing twice."""
    seen: dict[tuple[str, int], Event] = {}
    for group in groups:
        for event in group:
            seen.setdefault((event.device, event.seq), event)
    return sorted(seen.values(), key=lambda e: (e.at, e.device, e.seq))


def dumps(document: dict) -> str:
    """Compact JSON, as the record is kept (no spaces, ``ensure_ascii`` off)."""
    return json.dumps(document, ensure_ascii=False, separators=(",", ":"))
