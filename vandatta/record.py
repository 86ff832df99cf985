"""Game records: versioned JSON that holds everything needed to replay a round exactly —
its fields, how each is checked, how a record file is read — the record of a game, record
files, and a narration of a game move by move in Swedish or English.

This module sits above :mod:`vandatta.game`, as python-chess's ``pgn`` sits above its board:
it writes a game down (:func:`write_record`) and reads one back (:func:`read_game`) through
the game's public interface. A record holds the rules, the players, the dealer, the seed, the
full deck order (or, for a position, the position) and the moves in notation. Reading it
replays every move through the checked :meth:`Game.play`; the first bad move raises
:class:`RecordError` naming its number, and :func:`record_fault` says why.

>>> import vandatta as v
>>> g = v.Game.deal(players=2, seed=3)
>>> _ = g.play(g.legal_moves()[0])
>>> rec = write_record(g)
>>> rec["format"], rec["version"], len(rec["deck"]), rec["moves"] == [str(g.moves[0])]
('vandatta-record', 1, 52, True)
>>> read_game(rec).moves == g.moves
True
>>> bad = dict(rec, moves=["K♠ Q♠"])
>>> read_game(bad)
Traceback (most recent call last):
...
vandatta.record.RecordError: move 1 ('K♠ Q♠'): K♠ and Q♠ differ in rank: cards laid together must be of one rank (R5).
"""

from __future__ import annotations

import dataclasses
import json
import os
import stat
from typing import TYPE_CHECKING, TypeGuard, TypeVar

from .cards import InvalidCardError, parse_cards
from .explain import IllegalMoveError, Verdict, message, move_words, n_cards
from .game import Game
from .lang import LocalText, check_lang, said_in
from .messages import MESSAGES
from .moves import InvalidMoveError, Move
from .rules import PLAYERS, Rules

if TYPE_CHECKING:
    from collections.abc import Iterator

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
    "write_record",
    "load",
    "dump",
    "narrate",
    "validate",
    "replay_to",
    "positions",
    "RecordFault",
    "record_fault",
]

FORMAT = "vandatta-record"
VERSION = 1
MAX_BYTES = 1_000_000
"""The largest record file :func:`load` and :func:`read_record_file` read, in bytes."""
MAX_MOVES = 20_000
"""The most moves a record may hold. A record is judged by what it costs to replay and show,
not only by its bytes: 1 MB of JSON holds 140,000 moves. 20,000 is the cap at which the
computer players stop a round (``play_round``), so every round this package plays can be saved
and opened again; real rounds between children are a few hundred moves."""
MAX_NAME_LENGTH = 40
"""The longest player name a record may hold, in characters (a name is repeated on every line
of a narration)."""


class RecordError(ValueError):
    """A record that cannot be loaded. ``move_number`` is the 1-based number of the bad
    move (``None`` when the problem is elsewhere) and ``field`` the JSON field at fault.
    ``str(error)`` is the English text; :meth:`text` gives it in either language.

    >>> try:
    ...     read_game({"format": "vandatta-record", "version": 1})
    ... except RecordError as error:
    ...     print(error.text("sv")); print(error.text("en"))
    den sparade omgången saknar fältet 'rules' (ett objekt med regelbrytare)
    the record has no 'rules' field (an object of rule switches)
    """

    def __init__(
        self, key: str, /, *, move_number: int | None = None, field: str | None = None, **values: object
    ) -> None:
        self.key = key  # of the engine's catalog (vandatta.messages, ``record_…``)
        self.values = values
        self.move_number = move_number
        self.field = field
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        """The message in ``"sv"`` or ``"en"``: the catalog's sentence with its values (a value
        that differs by language is a :class:`~vandatta.lang.LocalText` or says itself with
        ``text(lang)``, as a verdict does). Where it quotes another error, such as a card or a
        move that cannot be read, that part stays as the engine wrote it."""
        check_lang(lang)
        return MESSAGES[self.key][lang].format(**{k: said_in(v, lang) for k, v in self.values.items()})


def write_record(game: Game) -> dict:
    """The record of ``game`` as a JSON-ready dict: what :func:`read_game` reads back.

    >>> import vandatta as v
    >>> g = v.Game.from_position(hands=["7♥ 2♣", "K♠"], top="7♣", talon="9♠ 4♦")
    >>> _ = g.play("7♥")
    >>> record = write_record(g)
    >>> record["deck"], record["position"]["top"], record["moves"]
    (None, '7♣', ['7♥'])
    """
    if not game.has_history:
        raise ValueError("this game was copied without its history (copy(history=False)) and has no record")
    record: dict = {
        "format": FORMAT,
        "version": VERSION,
        "rules": game.rules.to_dict(),
        "players": [dict(p) for p in game.player_info],
        "dealer": game.dealer,
        "seed": game.seed,
    }
    deck = game.deck
    if deck is not None:
        record["deck"] = [str(c) for c in deck]
    else:
        record["deck"] = None
        record["position"] = game.start_position
    record["moves"] = [str(m) for m in game.moves]
    annotations = game.annotations
    if annotations:
        record["annotations"] = [{"move": ply, **note} for ply, note in sorted(annotations.items())]
    record["result"] = {
        "over": game.is_over,
        "winner": game.winner,
        "blocked": game.is_blocked,
        "points": game.points() if game.is_over else None,
    }
    if game.rules.play_for_places:  # rule O10: the places so far (other rules' records are unchanged)
        record["result"]["places"] = list(game.places)
    return record


_T = TypeVar("_T")  # the JSON type a record's field must have


def _said(key: str) -> LocalText:
    """A word of the catalog in every language, as a message's value."""
    return LocalText.from_dict(MESSAGES[key])


def _field(record: dict, name: str, kinds: type[_T], what: str | LocalText) -> _T:
    """``record[name]`` if it is of ``kinds``; ``what`` it must hold, a catalog key or a LocalText."""
    what = _said(what) if isinstance(what, str) else what
    if name not in record:
        raise RecordError("record_the_record_has", name=name, what=what, field=name)
    value = record[name]
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in _as_tuple(kinds)):
        shown = _shown(value)
        raise RecordError("record_field_must_be", name=name, shown=shown, what=what, field=name)
    return value


def _as_tuple(kinds: type | tuple[type, ...]) -> tuple[type, ...]:
    return kinds if isinstance(kinds, tuple) else (kinds,)


def _shown(value: object, limit: int = 40) -> str:
    """A short quotation of a JSON value for an error message: never the whole of a big
    value, and never deeper than its first level."""
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, str) and len(value) > limit:
        value = value[:limit]
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        text = type(value).__name__
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _is_whole_number(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_limit(name: str, value: object, *, none: bool = False) -> None:
    if (value is None and none) or (_is_whole_number(value) and value >= 0):
        return
    raise ValueError(f"{name} must be a whole number, 0 or more{' or None' if none else ''}, not {value!r}")


def _start_game(record: dict, game_class: type[Game]) -> Game:
    """The game at ply 0 described by ``record`` (fields checked, no moves played)."""
    if not isinstance(record, dict):
        kind = type(record).__name__
        raise RecordError("record_json_object", kind=kind)
    fmt = record.get("format")
    if fmt != FORMAT:
        shown = _shown(fmt)
        raise RecordError("record_format", FORMAT=FORMAT, shown=shown, field="format")
    version = record.get("version")
    if not _is_whole_number(version) or version != VERSION:  # 1.0 and true equal 1 in Python
        shown = _shown(version)
        raise RecordError("record_version_this_program_reads", VERSION=VERSION, shown=shown, field="version")
    try:
        rules = Rules.from_dict(_field(record, "rules", dict, "record_what_rules"))
    except ValueError as error:
        if isinstance(error, RecordError):
            raise
        raise RecordError("record_rules", error=error, field="rules") from None
    players = _field(record, "players", list, "record_what_players")
    if len(players) not in PLAYERS:  # rule R1
        n = len(players)
        raise RecordError("record_players_list_players", n=n, field="players")
    names: list[str | None] = []
    for i, p in enumerate(players):
        if not isinstance(p, dict):
            raise RecordError("record_players_object_with_name", i=i, field=f"players[{i}]")
        name = p.get("name")
        if name is not None and (not isinstance(name, str) or not name.strip()):
            raise RecordError("record_players_name_text_null", i=i, field=f"players[{i}].name")
        if name is not None and len(name) > MAX_NAME_LENGTH:
            raise RecordError(
                "record_players_name_characters_long",
                i=i,
                len_name=len(name),
                MAX_NAME_LENGTH=MAX_NAME_LENGTH,
                field=f"players[{i}].name",
            )
        kind = p.get("player")
        if kind is not None and (not isinstance(kind, str) or len(kind) > MAX_NAME_LENGTH):
            raise RecordError(
                "record_players_player_short_text", name=f"players[{i}].player", field=f"players[{i}].player"
            )
        names.append(name)
    seed = _field(record, "seed", int, "record_what_seed")
    dealer = _field(record, "dealer", int, "record_what_dealer")
    if not 0 <= dealer < len(players):
        n = len(players)
        shown = _shown(dealer)
        raise RecordError("record_dealer_seat_from", n_1=n - 1, shown=shown, field="dealer")
    try:
        if record.get("deck") is not None:
            deck = _field(
                record,
                "deck",
                list,
                "record_what_deck",
            )
            if not all(isinstance(c, str) for c in deck):
                raise RecordError("record_deck_list_cards_as", field="deck")
            try:
                cards = parse_cards(deck)
            except InvalidCardError as error:
                raise RecordError("record_deck", error=error, field="deck") from None
            game = game_class.deal(len(players), seed=seed, rules=rules, dealer=dealer, deck=cards)
        else:
            # the JSON keys are the same in every language
            what = _said("record_what_position").format(keys="hands, top, talon, pile, to_move")
            position = _field(record, "position", dict, what)
            unknown = set(position) - _POSITION_KEYS
            if unknown:
                key = sorted(unknown)[0]
                raise RecordError("record_position_unknown_key", key_name=key, field="position")
            if "hands" not in position or "top" not in position:
                raise RecordError("record_position_needs_at_least", field="position")
            hands = position["hands"]
            if not isinstance(hands, list) or len(hands) != len(players):
                n = len(players)
                raise RecordError("record_position_hands_list_one", n=n, field="position.hands")
            _check_position_kinds(position)
            game = game_class.from_position(
                hands=hands,
                top=position["top"],
                talon=position.get("talon", ""),
                pile=position.get("pile", ""),
                to_move=position.get("to_move", 0),
                rules=rules,
                seed=seed,
                **{k: position[k] for k in _TURN_KEYS if k in position},
            )
            if game.dealer != dealer:
                game.dealer = dealer
    except RecordError:
        raise
    except ValueError as error:
        field = "deck" if record.get("deck") is not None else "position"
        text = str(error)
        if "dealer" in text:
            field = "dealer"
        elif "players" in text and not text.startswith("deck"):
            field = "players"
        raise RecordError("record_field", field_name=field, text=text, field=field) from None
    for info, p in zip(game.player_info, players):
        info.update(p)
    known = [n for n in names if n is not None]
    if len(known) == len(names):
        game.names = tuple(known)
    return game


# A position record's keys: the position, then what a turn under way adds (Game.from_position).
_TURN_KEYS = ("follow_up", "draws", "must_draw", "idle", "lappen")
_POSITION_KEYS = {"hands", "top", "talon", "pile", "to_move", *_TURN_KEYS}


def _check_position_kinds(position: dict) -> None:
    """The parts of a position have the JSON types a position is written with (a seat
    number must not be ``true``, which Python would take for 1)."""
    for key, what_key in (
        ("top", "record_what_top"),
        ("talon", "record_what_talon"),
        ("pile", "record_what_pile"),
    ):
        if key in position and not isinstance(position[key], str):
            shown = _shown(position[key])
            raise RecordError(
                "record_position",
                key_name=key,
                shown=shown,
                what=_said(what_key),
                field=f"position.{key}",
            )
    for i, hand in enumerate(position["hands"]):
        if not isinstance(hand, str) and not (
            isinstance(hand, list) and all(isinstance(c, str) for c in hand)
        ):
            raise RecordError("record_position_hands_cards_as", i=i, field=f"position.hands[{i}]")
    if "to_move" in position and not _is_whole_number(position["to_move"]):
        shown = _shown(position["to_move"])
        raise RecordError("record_position_move_seat_number", shown=shown, field="position.to_move")


_MAX_MOVE_TEXT = 100  # the longest move (eight tens of two decks and lappen) is under 40


def _moves_of(record: dict, max_moves: int) -> list[str]:
    moves = _field(record, "moves", list, "record_what_moves")
    if len(moves) > max_moves:
        n = len(moves)
        raise RecordError("record_moves_holds_moves_more", n=n, max_moves=max_moves, field="moves")
    for i, m in enumerate(moves, 1):
        if not isinstance(m, str):
            shown = _shown(m)
            raise RecordError("record_move_text_move_notation", i=i, shown=shown, move_number=i)
        if len(m) > _MAX_MOVE_TEXT:
            shown = _shown(m)
            raise RecordError(
                "record_move_characters_too_long", i=i, len_m=len(m), shown=shown, move_number=i
            )
    return moves


def _annotations_of(record: dict, n_moves: int) -> dict[int, dict]:
    notes = record.get("annotations")
    if notes is None:
        return {}
    if not isinstance(notes, list):
        raise RecordError("record_annotations_list_objects_with", field="annotations")
    out: dict[int, dict] = {}
    for i, note in enumerate(notes):
        ply = note.get("move") if isinstance(note, dict) else None
        if not isinstance(ply, int) or isinstance(ply, bool) or not 1 <= ply <= n_moves:
            raise RecordError(
                "record_annotations_object_whose_move", i=i, n_moves=n_moves, field=f"annotations[{i}]"
            )
        out[ply] = {k: v for k, v in note.items() if k != "move"}
    return out


# -- reading: a file or an upload to a checked JSON object -------------------------------------

_SPECIAL_FILES = (  # what a path is when it is not a regular file, for the message
    (stat.S_ISDIR, "record_file_folder"),
    (stat.S_ISFIFO, "record_file_fifo"),
    (stat.S_ISCHR, "record_file_device"),
    (stat.S_ISBLK, "record_file_disk"),
    (stat.S_ISSOCK, "record_file_socket"),
)
_OPEN_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_BINARY", 0)  # Windows: no newline translation
    | getattr(os, "O_NONBLOCK", 0)  # a FIFO swapped in after the check cannot block the open
    | getattr(os, "O_NOCTTY", 0)  # nor a terminal become ours
)


def _refuse_special(mode: int) -> None:
    if stat.S_ISREG(mode):
        return
    what = next((key for test, key in _SPECIAL_FILES if test(mode)), "record_file_other")
    raise RecordError("record_regular_file_records_are", what=_said(what))


def _too_big(size: int | None, max_bytes: int) -> RecordError:
    if size is None or size <= max_bytes:  # a file that grew while it was read
        return RecordError("record_file_more_than_bytes", max_bytes=max_bytes)
    return RecordError("record_file_bytes_records_over", size=size, max_bytes=max_bytes)


def read_record_file(path: str | os.PathLike, *, max_bytes: int = MAX_BYTES) -> bytes:
    """The bytes of the record file at ``path``, read with a bound.

    Only a regular file is read: a folder, a device such as ``/dev/zero``, a named pipe or a
    socket is refused before anything is read (so nothing can hang or fill the memory), and
    the read stops one byte past ``max_bytes`` whatever the file claims its size to be.
    Raises :class:`RecordError` for those and ``OSError`` when the file cannot be opened.

    >>> read_record_file("/dev/zero")
    Traceback (most recent call last):
    ...
    vandatta.record.RecordError: it is a device (such as /dev/zero), not a regular file; records are read from regular files only
    """
    _check_limit("max_bytes", max_bytes)
    _refuse_special(os.stat(path).st_mode)  # before opening: opening a device can have effects
    fd = os.open(path, _OPEN_FLAGS)
    try:
        info = os.fstat(fd)
        _refuse_special(info.st_mode)  # the file opened is the one checked
        if info.st_size > max_bytes:
            raise _too_big(info.st_size, max_bytes)
        chunks: list[bytes] = []
        total = 0
        while total <= max_bytes:
            chunk = os.read(fd, max_bytes + 1 - total)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > max_bytes:
            raise _too_big(None, max_bytes)
        return b"".join(chunks)
    finally:
        os.close(fd)


_BOM = b"\xef\xbb\xbf"


def decode_record(data: bytes | bytearray | memoryview | str, *, max_bytes: int | None = MAX_BYTES) -> dict:
    """The JSON object of a record's text — the bytes of a file or an upload, or a string —
    checked so that it can be shown and sent anywhere. The command line (:func:`load`) and
    the dashboard's upload read records through this one function, so they accept the same
    files.

    Bytes must be UTF-8, with or without the byte order mark some editors (Windows Notepad)
    put first; UTF-16 and UTF-32 are refused with a message that says so. The JSON must be
    strict (no ``NaN`` or ``Infinity``) and an object, and every text in it, keys included,
    valid Unicode (no lone surrogates such as ``"\\ud800"``, which JSON can spell but no
    page or terminal can show). ``max_bytes`` (``None``: no limit) bounds the size. Raises
    :class:`RecordError` saying what is wrong and where; the moves are checked by
    :func:`read_game`.

    >>> decode_record(b'\\xef\\xbb\\xbf{"format": "vandatta-record"}')
    {'format': 'vandatta-record'}
    >>> decode_record('{"players": [{"name": "\\\\ud800"}]}')
    Traceback (most recent call last):
    ...
    vandatta.record.RecordError: field 'players[0].name' has a character that cannot be shown: U+D800 (half of a UTF-16 pair) at character 1
    >>> decode_record('{"version": 1}'.encode("utf-16"))
    Traceback (most recent call last):
    ...
    vandatta.record.RecordError: the record is saved as UTF-16 or UTF-32 text; save it as UTF-8
    """
    _check_limit("max_bytes", max_bytes, none=True)
    if isinstance(data, memoryview):
        data = data.tobytes()
    if max_bytes is not None:
        size = len(data.encode("utf-8", "surrogatepass")) if isinstance(data, str) else len(data)
        if size > max_bytes:
            raise _too_big(size, max_bytes)
    if isinstance(data, (bytes, bytearray)):
        data = _utf8_text(bytes(data))
    elif not isinstance(data, str):
        kind = type(data).__name__
        raise TypeError(f"a record's text is bytes or str, not {kind}")
    text = data[1:] if data.startswith("\ufeff") else data
    if not text.strip():
        raise RecordError("record_empty")
    try:
        record = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)
    except json.JSONDecodeError as error:
        raise RecordError("record_not_json", why=error.msg, line=error.lineno, col=error.colno) from None
    except RecursionError:
        raise RecordError("record_valid_json_here_nested") from None
    except ValueError as error:  # a number with thousands of digits
        if isinstance(error, RecordError):
            raise
        raise RecordError("record_valid_json_here", error=error) from None
    if not isinstance(record, dict):
        kind = type(record).__name__
        raise RecordError("record_json_object", kind=kind)
    _check_text(record)
    return record


def _utf8_text(data: bytes) -> str:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) or (len(data) >= 2 and 0 in (data[0], data[1])):
        raise RecordError("record_saved_as_utf_utf")
    try:
        return data.decode("utf-8")  # strict: encoded surrogates (ED A0 80) are refused too
    except UnicodeDecodeError as error:
        byte, at = data[error.start], error.start + 1
        raise RecordError("record_utf_text_byte_x", byte=byte, at=at) from None


def _refuse_constant(name: str) -> object:
    raise RecordError("record_valid_json_json_number", name=name)


def _finite_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        shown = text if len(text) <= 20 else text[:19] + "…"
        raise RecordError("record_valid_json_here_number", shown=shown)
    return value


def _check_text(record: object) -> None:
    """Refuse text that cannot be encoded (a lone surrogate), naming the field that holds it;
    document order, so the first bad field is named. No recursion: nesting is unbounded."""
    stack: list[tuple[object, str]] = [(record, "")]
    while stack:
        value, path = stack.pop()
        if isinstance(value, str):
            _check_string(value, path, "")
        elif isinstance(value, dict):
            items = []
            for key, item in value.items():
                if isinstance(key, str):
                    _check_string(key, path or "the record", "key")
                items.append((item, _path(path, key)))
            stack.extend(reversed(items))
        elif isinstance(value, (list, tuple)):
            stack.extend((item, f"{path}[{i}]") for i, item in reversed(list(enumerate(value))))


def _path(path: str, key: object) -> str:
    if isinstance(key, str) and key.isidentifier():
        return f"{path}.{key}" if path else key
    return f"{path}[{key!r}]"


def _check_string(text: str, path: str, part: str) -> None:
    if text.isascii():
        return
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        char = ord(text[error.start])
        at = error.start + 1
        where = _said("record_where_key" if part == "key" else "record_where_value").format(path=path)
        raise RecordError(
            "record_character_that_cannot_shown", char=char, at=at, where=where, field=path
        ) from None


def read_game(data: dict | str | bytes, *, max_moves: int = MAX_MOVES, game_class: type[Game] = Game) -> Game:
    """The game of a record, rebuilt and replayed move by move, validating each.

    ``data`` is a record's dict, or its JSON as text or bytes (read by :func:`decode_record`,
    with no size limit: it is in memory already). A record of more than ``max_moves`` moves is
    refused before any move is replayed (default :data:`MAX_MOVES`, 20,000). ``game_class`` is
    the class the game is built with (a subclass of :class:`~vandatta.Game`). Raises
    :class:`RecordError` naming the bad field or move.

    >>> import vandatta as v
    >>> g = v.Game.deal(players=3, seed=5)
    >>> _ = g.play(g.legal_moves()[0])
    >>> read_game(write_record(g)).moves == g.moves
    True
    >>> read_game('{"format": "vandatta-record", "version": 2}')
    Traceback (most recent call last):
    ...
    vandatta.record.RecordError: field 'version': this program reads version 1 records, not 2
    """
    _check_limit("max_moves", max_moves)
    if isinstance(data, (str, bytes, bytearray, memoryview)):
        data = decode_record(data, max_bytes=None)
    elif isinstance(data, dict):
        _check_text(data)
    return _replayed(data, max_moves, game_class)


def _replayed(record: dict, max_moves: int, game_class: type[Game]) -> Game:
    """The game of a record whose text is checked: fields, then every move."""
    game = _start_game(record, game_class)
    moves = _moves_of(record, max_moves)
    annotations = _annotations_of(record, len(moves))
    for number, text in enumerate(moves, 1):
        if game.is_over:
            raise RecordError("record_move_round_was_already", number=number, text=text, move_number=number)
        try:
            move = Move.parse(text)
        except InvalidMoveError as error:
            raise RecordError(
                "record_move", number=number, text=text, error=error, move_number=number
            ) from None
        try:
            game.play(move, annotation=annotations.get(number))
        except IllegalMoveError as error:
            verdict = error.verdict
            raise RecordError(
                "record_move_refused", number=number, text=text, verdict=verdict, move_number=number
            ) from None
    result = record.get("result")
    if isinstance(result, dict):
        expected = {"over": game.is_over, "winner": game.winner, "blocked": game.is_blocked}
        if "places" in result:  # rule O10
            expected["places"] = list(game.places)
        for key, value in expected.items():
            if key in result and result[key] != value:
                said = _shown(result[key])
                raise RecordError(
                    "record_result_says_but_replaying",
                    key_name=key,
                    said=said,
                    value=value,
                    field=f"result.{key}",
                )
    return game


# -- why a record does not replay ---------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class RecordFault:
    """Why a record does not replay, for someone to read (:func:`record_fault` finds it).

    ``kind`` says what is at fault: ``"illegal_move"`` — move ``move_number``, written
    ``move``, breaks a rule: ``verdict`` says which, in the position ``before`` it (where
    ``before.to_move`` tried it); ``"unreadable_move"`` — ``detail`` names what cannot be read;
    ``"move_after_end"`` — the round was over before it; ``"field"`` — the record's field
    ``error.field``; ``"record"`` — anything else. ``error`` is the :class:`vandatta.RecordError`
    that was raised, with its own text in either language.
    """

    kind: str
    error: RecordError
    move_number: int | None = None
    move: str | None = None
    detail: str = ""
    verdict: Verdict | None = None
    before: Game | None = dataclasses.field(default=None, repr=False, compare=False)


def record_fault(record: object, error: RecordError) -> RecordFault:
    """Why ``record`` (a record as read from JSON) raised ``error`` when it was replayed: for a
    bad move, its number and the engine's own verdict on it, from the position the moves
    before it lead to; for a bad field, which.

    >>> g = Game.from_position(hands=["5♥ 2♣", "K♠"], top="7♥", talon="9♠")
    >>> record = write_record(g) | {"moves": ["5♥", "K♠"]}
    >>> try:
    ...     read_game(record)
    ... except RecordError as error:
    ...     fault = record_fault(record, error)
    >>> fault.kind, fault.move_number, fault.move, fault.verdict.rules
    ('illegal_move', 2, 'K♠', ('R4',))
    >>> print(fault.verdict.text("en"))
    K♠ does not fit: it has neither the suit ♥ nor the rank 5 (R4).
    """
    number = error.move_number
    moves = record.get("moves") if isinstance(record, dict) else None
    if (
        isinstance(record, dict)
        and isinstance(moves, list)
        and number is not None
        and 1 <= number <= len(moves)
    ):
        text = moves[number - 1]
        if not isinstance(text, str):
            return RecordFault("record", error)
        try:  # the position before the move: the record with the moves before it only
            earlier = {k: v for k, v in record.items() if k not in ("annotations", "result")}
            before = read_game(earlier | {"moves": moves[: number - 1]})
        except ValueError:  # (the moves before it do not replay either)
            return RecordFault("record", error)
        if before.is_over:
            return RecordFault("move_after_end", error, number, text)
        try:
            verdict = before.check(text)
        except InvalidMoveError as bad:
            return RecordFault("unreadable_move", error, number, text, detail=str(bad))
        if not verdict.legal:
            return RecordFault("illegal_move", error, number, text, verdict=verdict, before=before)
        return RecordFault("record", error)
    if error.field:
        return RecordFault("field", error)
    return RecordFault("record", error)


# -- record files, narration ----------------------------------------------------------------------


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
    ``max_bytes``), :func:`decode_record`, then :func:`read_game` (at most ``max_moves``
    moves). Raises :class:`RecordError`, or ``OSError`` when the file cannot be opened."""
    data = decode_record(read_record_file(path, max_bytes=max_bytes), max_bytes=max_bytes)
    return read_game(data, max_moves=max_moves)


def dump(game: Game, path: str | os.PathLike) -> None:
    """Write the record of ``game`` to ``path`` as UTF-8 JSON."""
    with open(path, "w", encoding="utf-8") as f:
        json.dump(write_record(game), f, ensure_ascii=False, indent=1)
        f.write("\n")


def validate(record: dict | str | bytes, *, max_moves: int = MAX_MOVES) -> Game:
    """Load and check ``record``; returns the replayed game or raises :class:`RecordError`."""
    return read_game(record, max_moves=max_moves)


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
        shown = move_words(move, lang)
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
