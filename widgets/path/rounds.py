"""Rounds the child played outside the page's own play table, into the learner's record: the
rounds at a table of the dashboard's server (people on their own devices) and what a game review
found in the child's own round.

**A round at a table.** The tables' page (``widgets/tables/client.js``) is plain JavaScript and
knows no engine: it keeps only what it saw — the ply at which this device sent each move and
whether the server refused it — and, once the round is over, the round's record from the server
(the deck order and every move). It leaves that on the device under
``vandatta-ui:table:<code>:<round>`` (:data:`TABLE_PREFIX`), in this module's small format::

    {"format": "vandatta-table-round", "version": 1, "code": "AHCK7", "round": 1, "at": 1760000000,
     "sent": [{"ply": 0, "move": "7H"}, {"ply": 3, "move": "KS", "refused": true}, ...],
     "record": "{\"format\": ...}"}

(``record`` is the server's answer as it came, a text: parsed in the browser, the deal's seed —
a number too big for JavaScript — would come back rounded and the record refused.)

The next page of the app that opens on the device (the path, a lesson) reads it
(:func:`take_table_rounds`), replays the record with the engine (every move checked) and keeps one
``round`` event per move the child made — judged by the engine, with its rule ids — and one per
refused try (not allowed), then removes the key. Which child: the one chosen on the device. A
note that cannot be read is removed and changes nothing. Each event's item is
``t<code>-<round>:<ply>``, so a note read twice (two tabs) counts once.

>>> note = {"format": "vandatta-table-round", "version": 1, "code": "AB", "round": 1, "at": 5,
...         "sent": [{"ply": 0, "move": "K♦"}, {"ply": 0, "move": "4♣", "refused": True}], "record": None}
>>> table_round_answers(note)
[]
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from vandatta import Game, InvalidMoveError, Move, RecordError
from vandatta.record import read_game

from ..learner.events import ascii_notation, position_of

if TYPE_CHECKING:
    from vandatta.ai.review import Decision

    from ..learner.events import Event
    from .session import LearnerSession

__all__ = [
    "TABLE_PREFIX",
    "TABLE_FORMAT",
    "TableAnswer",
    "table_round_answers",
    "take_table_rounds",
    "keep_review",
]

TABLE_PREFIX = "vandatta-ui:table:"
TABLE_FORMAT = "vandatta-table-round"
_MAX_SENT = 600  # moves a round's note may list (a round has a few dozen of the child's)
_MAX_NOTE = 400_000  # characters of a note (a round's record is some kilobytes)


@dataclass(frozen=True)
class TableAnswer:
    """One of the child's moves at a table: the position before it, the move, its item."""

    game: Game
    move: Move
    item: str
    at: int


def _whole(value: object, low: int, high: int) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
        return value
    return None


def table_round_answers(note: object) -> list[TableAnswer]:
    """The child's moves of a table round's note (see the module docstring), judged later by the
    engine; ``[]`` for a note that cannot be read (not this format, a record the engine refuses,
    plies that are not the round's)."""
    if not isinstance(note, Mapping) or note.get("format") != TABLE_FORMAT or note.get("version") != 1:
        return []
    code, number = note.get("code"), _whole(note.get("round"), 1, 10_000)
    at = _whole(note.get("at"), 0, 2**40)
    sent = note.get("sent")
    if not isinstance(code, str) or not code.isalnum() or len(code) > 12 or number is None or at is None:
        return []
    if not isinstance(sent, list) or len(sent) > _MAX_SENT:
        return []
    record = note.get("record")  # the server's text (JSON numbers as sent: a seed may be huge)
    if not isinstance(record, (str, dict)):
        return []
    try:
        game = read_game(record)  # every move checked by the engine
    except (RecordError, TypeError, ValueError):
        return []
    moves = game.moves
    seat = None
    answers: list[TableAnswer] = []
    for entry in sent:
        if not isinstance(entry, Mapping):
            return []
        ply = _whole(entry.get("ply"), 0, len(moves))
        text = entry.get("move")
        if ply is None or not isinstance(text, str) or len(text) > 200:
            return []
        before = game.replay(ply)
        if seat is None:
            seat = before.to_move
        if before.is_over or before.to_move != seat:
            return []  # not one seat's turns: not this round's note
        item = f"t{code}-{number}:{ply + 1}"
        if entry.get("refused") is True:
            try:
                tried = Move.parse(text)
            except InvalidMoveError:
                continue  # not even a move: nothing the rules say about it
            answers.append(TableAnswer(before, tried, item, at))
        elif ply < len(moves):
            answers.append(TableAnswer(before, moves[ply], item, at))  # the move the record holds
    return answers


def take_table_rounds(session: LearnerSession, stored: Mapping[str, str]) -> list[str]:
    """Keep the table rounds left on the device (``stored``: the storage's keys) for the child
    of ``session``; the keys of the notes read (kept or unreadable), for the session to remove
    in the same write as the events."""
    keys = sorted(k for k in stored if k.startswith(TABLE_PREFIX))
    device = session.device
    if not keys or device is None:
        return []
    for key in keys:
        text = stored[key]
        try:
            note = json.loads(text) if isinstance(text, str) and len(text) <= _MAX_NOTE else None
        except ValueError:
            note = None
        answers = table_round_answers(note)
        if answers:
            child = session.child_id()
            seen = {(e.item, e.move) for e in device.learner(child).events if e.kind == "round"}
            for answer in answers:
                key_seen = (answer.item, ascii_notation(str(answer.move)))
                if key_seen in seen:  # kept before, or listed twice (a double tap)
                    continue
                seen.add(key_seen)
                device.answer(
                    child, answer.game, answer.move, kind="round", asked=True, item=answer.item, at=answer.at
                )
    return keys


# -- what a game review found ---------------------------------------------------------------------


def _round_of(events: Iterable[Event], game: Game, ply: int) -> str | None:
    """The id of the child's round whose move ``ply`` (1-based) is ``game``'s: the round events
    carry ``<round>:<ply>`` and the position and move the child had."""
    before = game.replay(ply - 1)
    position = position_of(before)
    move = ascii_notation(str(game.moves[ply - 1]))
    for event in events:
        round_id, _, number = event.item.rpartition(":")
        if number == str(ply) and event.position == position and event.move == move and round_id:
            return round_id
    return None


def keep_review(session: LearnerSession | None, game: Game, seat: int, decisions: Iterable[Decision]) -> int:
    """Keep the mistakes and blunders a game review found in ``seat``'s moves of ``game`` as
    ``mistake`` events — only for a round whose moves the child's record holds (the child played
    it on this device), under that round's id, each once however often the round is reviewed.
    Returns how many were kept."""
    from vandatta.ai.review import Grade

    learner = session.learner if session is not None and session.ready else None
    if session is None or learner is None:
        return 0
    wrong = [d for d in decisions if d.seat == seat and d.grade in (Grade.MISTAKE, Grade.BLUNDER)]
    if not wrong:
        return 0
    rounds = [e for e in learner.events[-5000:] if e.kind == "round" and e.outcome != "mistake"]
    round_id = _round_of(reversed(rounds), game, wrong[0].ply)
    if round_id is None:
        return 0  # a round the child did not play here (a lesson's sample, a loaded record)
    done = {e.item for e in learner.events if e.kind == "round" and e.outcome == "mistake"}
    fresh = [(d.ply, d.move) for d in wrong if f"{round_id}:{d.ply}" not in done]
    if fresh:
        session.review_mistakes(game, fresh, round_id=round_id)
    return len(fresh)
