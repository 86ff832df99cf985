"""Game records: files of versioned JSON that hold everything needed to replay a round
exactly, and a narration of a game move by move in Swedish or English.

The format itself — its fields, their checks, reading a file safely — is
:mod:`vandatta.recordformat`, a layer below the game; this module, above it, reads and writes
record files and tells games. :meth:`Game.from_record` and :meth:`Game.to_record` are the same
as :func:`game_from_record` and :func:`game_to_record`.

>>> import vandatta as v
>>> g = v.Game.deal(players=2, seed=3)
>>> _ = g.play(g.legal_moves()[0])
>>> game_from_record(game_to_record(g)).moves == g.moves
True
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator

from .explain import message, n_cards
from .game import Game
from .lang import check_lang
from .messages import MESSAGES
from .moves import Move
from .recordformat import (
    FORMAT,
    MAX_BYTES,
    MAX_MOVES,
    MAX_NAME_LENGTH,
    VERSION,
    RecordError,
    decode_record,
    game_to_record,
    read_record_file,
)

__all__ = [
    "RecordError",
    "FORMAT",
    "VERSION",
    "MAX_BYTES",
    "MAX_MOVES",
    "MAX_NAME_LENGTH",
    "read_record_file",
    "decode_record",
    "game_from_record",
    "load",
    "dump",
    "narrate",
    "validate",
    "game_to_record",
]


def game_from_record(record: dict | str | bytes, *, max_moves: int = MAX_MOVES) -> Game:
    """Replay ``record`` move by move, validating each (see :meth:`Game.from_record`).

    ``record`` is a dict, or its JSON as text or bytes (read by :func:`decode_record`, with no
    size limit: it is in memory already). A record of more than ``max_moves`` moves is
    refused before any move is replayed (default :data:`MAX_MOVES`). Raises
    :class:`RecordError` naming the bad field or move.
    """
    return Game.from_record(record, max_moves=max_moves)


def replay_to(game: Game, ply: int) -> Game:
    """The position of ``game`` after its first ``ply`` moves (see :meth:`Game.replay`)."""
    return game.replay(ply)


def positions(game: Game) -> Iterator[tuple[Game, Move | None]]:
    """Every position of ``game`` in order, each with the move played from it (``None``
    after the last). Each yielded game is a snapshot copy, safe to keep."""
    current = game.root()
    for move in game.moves:
        yield current.copy(), move
        current.push(move)
    yield current.copy(), None


def load(path: str | os.PathLike, *, max_bytes: int = MAX_BYTES, max_moves: int = MAX_MOVES) -> Game:
    """Read a record file and replay it: :func:`read_record_file` (regular files of at most
    ``max_bytes``), :func:`decode_record`, then :meth:`Game.from_record` (at most
    ``max_moves`` moves). Raises :class:`RecordError`, or ``OSError`` when the file cannot
    be opened."""
    data = decode_record(read_record_file(path, max_bytes=max_bytes), max_bytes=max_bytes)
    return Game.from_record(data, max_moves=max_moves)


def dump(game: Game, path: str | os.PathLike) -> None:
    """Write the record of ``game`` to ``path`` as UTF-8 JSON."""
    with open(path, "w", encoding="utf-8") as f:
        json.dump(game.to_record(), f, ensure_ascii=False, indent=1)
        f.write("\n")


def validate(record: dict | str | bytes, *, max_moves: int = MAX_MOVES) -> Game:
    """Load and check ``record``; returns the replayed game or raises :class:`RecordError`."""
    return game_from_record(record, max_moves=max_moves)


def narrate(game: Game, *, lang: str = "en", hidden: bool = False) -> list[str]:
    """The game told move by move, each move with the engine's explanation and what
    happened because of it. ``hidden=True`` does not reveal the cards players drew.

    >>> import vandatta as v
    >>> g = v.Game.from_position(hands=["7♥ 2♣", "K♠"], top="7♣", talon="9♠ 4♦")
    >>> _ = g.play("7♥"); _ = g.play("draw")
    >>> for line in narrate(g, lang="sv"): print(line)
    Start: 7♣ ligger överst; talongen har två kort. Spelare 1 börjar.
    1. Spelare 1: 7♥ – 7♥ på 7♣: samma valör – nu gäller hjärter (R4).
    2. Spelare 2 drar 9♠ (R8).
    """
    check_lang(lang)
    names = [game.player_name(s, lang) for s in range(game.players)]
    lines = []
    position = game.root()
    start_events = " ".join(
        e.text(lang, names=names, hidden=hidden) for e in position.events(0) if e.kind != "turn_up"
    )
    lines.append(
        MESSAGES["narrate_start"][lang].format(
            top=position.top_notation,
            talon=n_cards(position.talon_size, lang),
            player=names[position.to_move],
        )
        + (" " + start_events if start_events else "")
    )
    for number, move in enumerate(game.moves, 1):
        seat = position.to_move
        verdict = position.play(move)
        happened = " ".join(  # going out is already in the verdict's words
            e.text(lang, names=names, hidden=hidden) for e in verdict.events if e.kind != "out"
        )
        shown = _move_words(move, lang)
        if move.is_draw:  # the draw event says it all
            lines.append(f"{number}. {happened}")
            continue
        lines.append(
            f"{number}. {names[seat]}: {shown} – {verdict.text(lang, player=names[seat])}"
            + (f" {happened}" if happened else "")
        )
    if game.is_over:
        points = game.points()
        score = ", ".join(f"{names[s]} {points[s]}" for s in range(game.players))
        lines.append(message("narrate_points", lang, score=score))
    return lines


def _move_words(move: Move, lang: str) -> str:
    """A move as the narration shows it: plays in notation, draw and pass in words."""
    if move.is_play or lang == "en":
        return str(move)
    if move.is_draw:
        return MESSAGES["narrate_draw"][lang]
    return MESSAGES["narrate_pass_lappen" if move.lappen else "narrate_pass"][lang]
