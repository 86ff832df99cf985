"""The record format's former home, kept so that ``from vandatta.recordformat import …`` still
works: the record layer is one module now, :mod:`vandatta.record`, and every name here is
its (the same objects, re-exported)."""

from __future__ import annotations

from .record import (
    FORMAT,
    MAX_BYTES,
    MAX_MOVES,
    MAX_NAME_LENGTH,
    VERSION,
    RecordError,
    decode_record,
    game_to_record,
    read_game,
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
    "read_game",
    "game_to_record",
]
