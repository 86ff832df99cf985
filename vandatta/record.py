"""Game records: versioned JSON that holds everything needed to replay a round exactly, and a
narration of a game move by move in Swedish or English.

A record holds the rules, the players, the dealer, the seed, the full deck order (or, for a
teaching position, the position) and the moves in notation. Loading it replays every move
through the checked path; the first bad move raises :class:`RecordError` naming its number.

>>> import vandatta as v
>>> g = v.Game.deal(players=2, seed=3)
>>> _ = g.play(g.legal_moves()[0])
>>> rec = g.to_record()
>>> rec["format"], rec["version"], len(rec["deck"]), rec["moves"] == [str(g.moves[0])]
('vandatta-record', 1, 52, True)
>>> v.Game.from_record(rec).moves == g.moves
True
>>> bad = dict(rec, moves=["K♠ Q♠"])
>>> v.Game.from_record(bad)
Traceback (most recent call last):
...
vandatta.record.RecordError: move 1 ('K♠ Q♠'): K♠ and Q♠ differ in rank: cards laid together must be of one rank (R5).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator

from .cards import InvalidCardError, parse_cards
from .explain import n_cards
from .game import Game, IllegalMoveError
from .messages import MESSAGES
from .moves import InvalidMoveError, Move
from .rules import Rules

__all__ = ["RecordError", "FORMAT", "VERSION", "load", "dump", "narrate", "validate", "game_to_record"]

FORMAT = "vandatta-record"
VERSION = 1
MAX_MOVES = 200_000  # far beyond any real round; keeps a hostile file from running forever


class RecordError(ValueError):
    """A record that cannot be loaded. ``move_number`` is the 1-based number of the bad
    move (``None`` when the problem is elsewhere) and ``field`` the JSON field at fault.
    ``str(error)`` is the English text; :meth:`text` gives it in either language.

    >>> try:
    ...     game_from_record({"format": "vandatta-record", "version": 1})
    ... except RecordError as error:
    ...     print(error.text("sv")); print(error.text("en"))
    den sparade omgången saknar fältet 'rules' (ett objekt med regelbrytare)
    the record has no 'rules' field (an object of rule switches)
    """

    def __init__(
        self,
        message: str,
        *,
        sv: str | None = None,
        move_number: int | None = None,
        field: str | None = None,
    ) -> None:
        super().__init__(message)
        self.sv = sv
        self.move_number = move_number
        self.field = field

    def text(self, lang: str = "en") -> str:
        """The message in ``"sv"`` or ``"en"``. (Where it quotes another error, such as a
        card or a move that cannot be read, that part stays as the engine wrote it.)"""
        if lang not in ("sv", "en"):
            raise ValueError(f"unknown language {lang!r}: use 'sv' or 'en'")
        return self.sv if lang == "sv" and self.sv is not None else str(self)


def game_to_record(game: Game) -> dict:
    """The record of ``game`` as a JSON-ready dict."""
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
    return record


def _field(record: dict, name: str, kinds: type | tuple[type, ...], what: tuple[str, str]) -> object:
    en, sv = what
    if name not in record:
        raise RecordError(
            f"the record has no {name!r} field ({en})",
            sv=f"den sparade omgången saknar fältet {name!r} ({sv})",
            field=name,
        )
    value = record[name]
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in _as_tuple(kinds)):
        shown = json.dumps(value)[:40]
        raise RecordError(
            f"field {name!r} must be {en}, not {shown}",
            sv=f"fältet {name!r} ska vara {sv}, inte {shown}",
            field=name,
        )
    return value


def _as_tuple(kinds: type | tuple[type, ...]) -> tuple[type, ...]:
    return kinds if isinstance(kinds, tuple) else (kinds,)


def _start_game(record: dict) -> Game:
    """The game at ply 0 described by ``record`` (fields checked, no moves played)."""
    if not isinstance(record, dict):
        kind = type(record).__name__
        raise RecordError(
            f"a record must be a JSON object, not {kind}",
            sv=f"en sparad omgång ska vara ett JSON-objekt, inte {kind}",
        )
    fmt = record.get("format")
    if fmt != FORMAT:
        raise RecordError(
            f"field 'format' must be {FORMAT!r}, not {fmt!r}",
            sv=f"fältet 'format' ska vara {FORMAT!r}, inte {fmt!r}",
            field="format",
        )
    version = record.get("version")
    if version != VERSION:
        raise RecordError(
            f"field 'version': this program reads version {VERSION} records, not {version!r}",
            sv=f"fältet 'version': programmet läser sparade omgångar av version {VERSION}, inte {version!r}",
            field="version",
        )
    try:
        rules = Rules.from_dict(
            _field(record, "rules", dict, ("an object of rule switches", "ett objekt med regelbrytare"))
        )  # type: ignore[arg-type]
    except ValueError as error:
        if isinstance(error, RecordError):
            raise
        raise RecordError(f"field 'rules': {error}", sv=f"fältet 'rules': {error}", field="rules") from None
    players = _field(record, "players", list, ("a list of 2 to 8 players", "en lista med 2 till 8 spelare"))
    if not 2 <= len(players) <= 8:  # type: ignore[arg-type]
        n = len(players)  # type: ignore[arg-type]
        raise RecordError(
            f"field 'players' must list 2 to 8 players, not {n}",
            sv=f"fältet 'players' ska räkna upp 2 till 8 spelare, inte {n}",
            field="players",
        )
    names: list[str] = []
    for i, p in enumerate(players):  # type: ignore[arg-type]
        if not isinstance(p, dict):
            raise RecordError(
                f"field 'players[{i}]' must be an object with a name",
                sv=f"fältet 'players[{i}]' ska vara ett objekt med ett namn",
                field=f"players[{i}]",
            )
        name = p.get("name")
        if name is not None and (not isinstance(name, str) or not name.strip()):
            raise RecordError(
                f"field 'players[{i}].name' must be text or null",
                sv=f"fältet 'players[{i}].name' ska vara text eller null",
                field=f"players[{i}].name",
            )
        names.append(name)
    seed = _field(record, "seed", int, ("a whole number", "ett heltal"))
    dealer = _field(record, "dealer", int, ("a seat number", "ett platsnummer"))
    try:
        if record.get("deck") is not None:
            deck = _field(
                record,
                "deck",
                list,
                ("the list of cards in deck order", "listan med korten i lekens ordning"),
            )
            if not all(isinstance(c, str) for c in deck):  # type: ignore[union-attr]
                raise RecordError(
                    "field 'deck' must list cards as text such as '10♥'",
                    sv="fältet 'deck' ska räkna upp korten som text, till exempel '10♥'",
                    field="deck",
                )
            try:
                cards = parse_cards(deck)  # type: ignore[arg-type]
            except InvalidCardError as error:
                raise RecordError(
                    f"field 'deck': {error}", sv=f"fältet 'deck': {error}", field="deck"
                ) from None
            game = Game.deal(len(players), seed=seed, rules=rules, dealer=dealer, deck=cards)  # type: ignore[arg-type]
        else:
            position = _field(
                record,
                "position",
                dict,
                (
                    "a position (hands, top, talon, pile, to_move)",
                    "en ställning (hands, top, talon, pile, to_move)",
                ),
            )
            unknown = set(position) - _POSITION_KEYS  # type: ignore[arg-type]
            if unknown:
                key = sorted(unknown)[0]
                raise RecordError(
                    f"field 'position' has unknown key {key!r}",
                    sv=f"fältet 'position' har den okända nyckeln {key!r}",
                    field="position",
                )
            if "hands" not in position or "top" not in position:  # type: ignore[operator]
                raise RecordError(
                    "field 'position' needs at least 'hands' and 'top'",
                    sv="fältet 'position' behöver åtminstone 'hands' och 'top'",
                    field="position",
                )
            hands = position["hands"]  # type: ignore[index]
            if not isinstance(hands, list) or len(hands) != len(players):  # type: ignore[arg-type]
                n = len(players)  # type: ignore[arg-type]
                raise RecordError(
                    f"field 'position.hands' must list one hand per player ({n})",
                    sv=f"fältet 'position.hands' ska ha en hand per spelare ({n})",
                    field="position.hands",
                )
            game = Game.from_position(
                hands=hands,
                top=position["top"],  # type: ignore[index]
                talon=position.get("talon", ""),  # type: ignore[union-attr]
                pile=position.get("pile", ""),  # type: ignore[union-attr]
                to_move=position.get("to_move", 0),  # type: ignore[union-attr]
                rules=rules,
                seed=seed,  # type: ignore[arg-type]
                **{k: position[k] for k in _TURN_KEYS if k in position},  # type: ignore[index, operator]
            )
            if game.dealer != dealer:
                game.dealer = dealer  # type: ignore[misc]
    except RecordError:
        raise
    except ValueError as error:
        field = "deck" if record.get("deck") is not None else "position"
        text = str(error)
        if "dealer" in text:
            field = "dealer"
        elif "players" in text and not text.startswith("deck"):
            field = "players"
        raise RecordError(f"field {field!r}: {text}", sv=f"fältet {field!r}: {text}", field=field) from None
    for info, p in zip(game.player_info, players):  # type: ignore[arg-type]
        info.update(p)
    if all(n is not None for n in names):
        game.names = tuple(names)
    return game


# A position record's keys: the position, then what a turn under way adds (Game.from_position).
_TURN_KEYS = ("follow_up", "draws", "must_draw", "idle", "lappen")
_POSITION_KEYS = {"hands", "top", "talon", "pile", "to_move", *_TURN_KEYS}


def _moves_of(record: dict) -> list[str]:
    moves = _field(record, "moves", list, ("the list of moves in notation", "listan med dragen i notation"))
    if len(moves) > MAX_MOVES:  # type: ignore[arg-type]
        n = len(moves)  # type: ignore[arg-type]
        raise RecordError(
            f"field 'moves' holds {n} moves, more than {MAX_MOVES}",
            sv=f"fältet 'moves' har {n} drag, fler än {MAX_MOVES}",
            field="moves",
        )
    for i, m in enumerate(moves, 1):  # type: ignore[arg-type]
        if not isinstance(m, str):
            shown = json.dumps(m)[:40]
            raise RecordError(
                f"move {i}: must be text in move notation, not {shown}",
                sv=f"drag {i}: ska vara text i dragnotation, inte {shown}",
                move_number=i,
            )
    return moves  # type: ignore[return-value]


def _annotations_of(record: dict, n_moves: int) -> dict[int, dict]:
    notes = record.get("annotations")
    if notes is None:
        return {}
    if not isinstance(notes, list):
        raise RecordError(
            "field 'annotations' must be a list of objects with a 'move' number",
            sv="fältet 'annotations' ska vara en lista med objekt som har ett dragnummer 'move'",
            field="annotations",
        )
    out: dict[int, dict] = {}
    for i, note in enumerate(notes):
        ply = note.get("move") if isinstance(note, dict) else None
        if not isinstance(ply, int) or isinstance(ply, bool) or not 1 <= ply <= n_moves:
            raise RecordError(
                f"field 'annotations[{i}]' must be an object whose 'move' is a number from 1 to {n_moves}",
                sv=f"fältet 'annotations[{i}]' ska vara ett objekt vars 'move' är ett tal från 1 till {n_moves}",
                field=f"annotations[{i}]",
            )
        out[ply] = {k: v for k, v in note.items() if k != "move"}
    return out


def _parse_json(record: dict | str | bytes) -> dict:
    if isinstance(record, (str, bytes, bytearray)):
        try:
            record = json.loads(record)
        except (
            ValueError,
            RecursionError,
        ) as error:  # JSONDecodeError, UnicodeDecodeError, huge ints, deep nesting
            raise RecordError(
                f"the record is not valid JSON: {error}",
                sv=f"den sparade omgången är inte giltig JSON: {error}",
            ) from None
    return record  # type: ignore[return-value]


def game_from_record(record: dict | str | bytes) -> Game:
    """Replay ``record`` (a dict or JSON text) move by move, validating each."""
    record = _parse_json(record)
    game = _start_game(record)
    moves = _moves_of(record)
    annotations = _annotations_of(record, len(moves))
    for number, text in enumerate(moves, 1):
        if game.is_over:
            raise RecordError(
                f"move {number} ({text!r}): the round was already over",
                sv=f"drag {number} ({text!r}): omgången var redan slut",
                move_number=number,
            )
        try:
            move = Move.parse(text)
        except InvalidMoveError as error:
            raise RecordError(
                f"move {number} ({text!r}): {error}",
                sv=f"drag {number} ({text!r}): {error}",
                move_number=number,
            ) from None
        try:
            game.play(move, annotation=annotations.get(number))
        except IllegalMoveError as error:
            verdict = error.verdict
            raise RecordError(
                f"move {number} ({text!r}): {verdict.text('en')}",
                sv=f"drag {number} ({text!r}): {verdict.text('sv')}",
                move_number=number,
            ) from None
    result = record.get("result")
    if isinstance(result, dict):
        expected = {"over": game.is_over, "winner": game.winner, "blocked": game.is_blocked}
        for key, value in expected.items():
            if key in result and result[key] != value:
                raise RecordError(
                    f"field 'result.{key}' says {result[key]!r} but replaying the moves gives {value!r}",
                    sv=f"fältet 'result.{key}' säger {result[key]!r}, men när dragen spelas om blir det {value!r}",
                    field=f"result.{key}",
                )
    return game


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


def load(path: str | os.PathLike, *, max_bytes: int = 1_000_000) -> Game:
    """Read a record file and replay it. Files over ``max_bytes`` are refused."""
    size = os.path.getsize(path)
    if size > max_bytes:
        raise RecordError(
            f"the file is {size} bytes; records over {max_bytes} bytes are refused",
            sv=f"filen är {size} byte; sparade omgångar över {max_bytes} byte tas inte emot",
        )
    with open(path, "rb") as f:
        return game_from_record(f.read())


def dump(game: Game, path: str | os.PathLike) -> None:
    """Write the record of ``game`` to ``path`` as UTF-8 JSON."""
    with open(path, "w", encoding="utf-8") as f:
        json.dump(game.to_record(), f, ensure_ascii=False, indent=1)
        f.write("\n")


def validate(record: dict | str | bytes) -> Game:
    """Load and check ``record``; returns the replayed game or raises :class:`RecordError`."""
    return game_from_record(record)


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
    if lang not in ("en", "sv"):
        raise ValueError(f"unknown language {lang!r}: use 'sv' or 'en'")
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
        shown = _shown(move, lang)
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
        lines.append(MESSAGES["narrate_points"][lang].format(score=score))
    return lines


def _shown(move: Move, lang: str) -> str:
    """A move as the narration shows it: plays in notation, draw and pass in words."""
    if move.is_play or lang == "en":
        return str(move)
    if move.is_draw:
        return MESSAGES["narrate_draw"][lang]
    return MESSAGES["narrate_pass_lappen" if move.lappen else "narrate_pass"][lang]
