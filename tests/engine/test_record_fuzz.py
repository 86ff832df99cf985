"""Fuzzing records and the command line with hypothesis: valid records mutated anywhere (values
of any JSON type, text with lone surrogates, control characters and terminal escapes, huge
numbers, deleted and added keys, moves dropped, swapped and rewritten), their bytes mutated, and
argument lists for every subcommand but ``dashboard``.

What must hold: a record is either replayed or refused with a :class:`RecordError` whose text,
in both languages, is short and can be encoded (sent to a browser, printed); a record read from
a dict and the same record read from its JSON agree; a replayed record round-trips and can be
narrated; the command ends with a status, never an exception, and prints nothing that drives a
terminal.

``VANDATTA_FUZZ_EXAMPLES`` sets the examples per property (default 60; the fuzz pass reported in
issue 12 ran 20,000).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import vandatta as v
from vandatta.ai.simulate import play_random_game
from vandatta.cli import main
from vandatta.record import decode_record, narrate, read_game

EXAMPLES = int(os.environ.get("VANDATTA_FUZZ_EXAMPLES", "60"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.function_scoped_fixture,
    ],
)


def _bases() -> list[dict]:
    finished = play_random_game(3, seed=7)
    unfinished = play_random_game(4, seed=8, max_plies=30)
    position = v.Game.from_position(
        hands=["7♣ 8♠ A♠ 5♠", "K♥ 2♦"], top="8♦=7♠", talon="9♠ 4♦ 2♣", pile="3♥", rules=v.Rules(lappen=True)
    )
    position.play("A♠")
    position.play("5♠")
    named = v.Game.deal(players=2, seed=3, names=["Åsa", "Bo"])
    named.play(named.legal_moves()[0], annotation={"player": "expert", "score": 0.5, "considered": ["draw"]})
    return [json.loads(json.dumps(v.write_record(g))) for g in (finished, unfinished, position, named)]


BASES = _bases()

CARD_WORDS = [
    "7♥",
    "8♠",
    "8♠=K♥",
    "8♦=7♠",
    "A♠",
    "10♦",
    "K♠ K♥",
    "draw",
    "pass",
    "lappen",
    "11♥",
    "8♣=♥",
    "Z",
]
NASTY = [
    "\ud800",
    "\udfff",
    "\x1b[2J",
    "\x1b]0;x\x07",
    "\r",
    "\n",
    "\x00",
    "\u202e",
    "\x9b",
    "\ufeff",
    "é",
    "🂡",
]

texts = st.one_of(
    st.text(max_size=12),
    st.lists(st.sampled_from(CARD_WORDS + NASTY), min_size=1, max_size=4).map(" ".join),
    st.sampled_from(NASTY + CARD_WORDS + ["vandatta-record", ""]),
)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**60), max_value=10**60),
    st.sampled_from([0, 1, 2, -1, 7, 99, 10**50, 1.0, 0.5, -7]),
    st.floats(allow_nan=False, allow_infinity=False),
    texts,
)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(texts, inner, max_size=4),
    max_leaves=10,
)


def _paths(value: object, prefix: tuple = ()) -> list[tuple]:
    """Every path into a JSON value (keys and list positions)."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value[:60]):  # the first moves and cards are enough
            found += _paths(item, (*prefix, i))
    return found


@st.composite
def mutated_records(draw) -> dict:
    record = json.loads(json.dumps(draw(st.sampled_from(BASES))))
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["replace", "replace", "delete", "add", "moves"]))
        paths = _paths(record)[1:]
        if kind == "moves" and isinstance(record.get("moves"), list) and record["moves"]:
            moves = record["moves"]
            how = draw(st.sampled_from(["drop", "swap", "rewrite", "truncate", "repeat"]))
            i = draw(st.integers(0, len(moves) - 1))
            if how == "drop":
                del moves[i]
            elif how == "swap":
                j = draw(st.integers(0, len(moves) - 1))
                moves[i], moves[j] = moves[j], moves[i]
            elif how == "rewrite":
                moves[i] = draw(texts)
            elif how == "truncate":
                del moves[i:]
            else:
                moves.extend([moves[i]] * draw(st.integers(1, 5)))
        elif kind == "add" or not paths:
            record[draw(texts)] = draw(json_values)
        else:
            path = draw(st.sampled_from(paths))
            parent = record
            for key in path[:-1]:
                parent = parent[key]
            if kind == "delete":
                del parent[path[-1]]
            else:
                parent[path[-1]] = draw(json_values)
    return record


def check_error(error: v.RecordError, record: object) -> None:
    assert isinstance(error, ValueError)
    for lang in ("sv", "en"):
        text = error.text(lang)
        assert text and len(text) < 2_000, text[:200]
        text.encode("utf-8")  # can be sent to a browser and printed
    assert error.field is None or isinstance(error.field, str)
    if error.move_number is not None:
        moves = record.get("moves") if isinstance(record, dict) else None
        assert isinstance(moves, list) and 1 <= error.move_number <= len(moves)


def outcome(record: object) -> tuple[str, object]:
    try:
        game = read_game(record)  # type: ignore[arg-type]
    except v.RecordError as error:
        check_error(error, json.loads(record) if isinstance(record, str) else record)
        return ("refused", str(error))
    return ("replayed", game)


@FUZZ
@given(record=mutated_records())
def test_a_mutated_record_is_replayed_or_refused_clearly(record):
    kind, result = outcome(record)
    text = json.dumps(record)  # ASCII JSON: lone surrogates stay escapes, as a hostile file has them
    kind_text, result_text = outcome(text)
    assert kind_text == kind, (kind, result, kind_text, result_text)
    if kind == "refused":
        assert result_text == result
        return
    game = result
    assert isinstance(game, v.Game) and result_text.moves == game.moves
    again = v.read_game(json.dumps(v.write_record(game), ensure_ascii=False))
    assert again.moves == game.moves and v.write_record(again) == v.write_record(game)
    for lang in ("sv", "en"):
        for line in narrate(game, lang=lang):
            line.encode("utf-8")


@FUZZ
@given(
    record=st.sampled_from(BASES),
    edits=st.lists(
        st.tuples(
            st.sampled_from(["flip", "insert", "delete"]), st.integers(0, 10**9), st.binary(max_size=4)
        ),
        min_size=1,
        max_size=4,
    ),
    bom=st.booleans(),
)
def test_mutated_bytes_are_decoded_or_refused_clearly(record, edits, bom):
    data = bytearray(json.dumps(record, ensure_ascii=False).encode("utf-8"))
    for how, where, junk in edits:
        at = where % (len(data) + 1)
        if how == "flip" and at < len(data):
            data[at] ^= junk[0] if junk else 0xFF
        elif how == "insert":
            data[at:at] = junk
        else:
            del data[at : at + max(1, len(junk))]
    if bom:
        data[:0] = b"\xef\xbb\xbf"
    try:
        decoded = decode_record(bytes(data))
    except v.RecordError as error:
        check_error(error, None)
        return
    outcome(decoded)


_UNSAFE = {"Cc", "Cf", "Cs", "Zl", "Zp"}


def assert_terminal_safe(text: str) -> None:
    for ch in text.replace("\n", ""):  # the command's own line ends
        if unicodedata.category(ch) in _UNSAFE:
            assert ch in "\u200c\u200d", f"{ch!r} reached the terminal in {text[:200]!r}"


def run_main(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as exit_:  # argparse: usage errors
            status = exit_.code  # type: ignore[assignment]
    return status, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


@FUZZ
@given(record=mutated_records(), name=st.sampled_from(["game.json", "spel\x1b[31m.json", "ä ö.json"]))
def test_the_command_checks_any_file_with_a_status_and_safe_output(folder, record, name):
    path = folder / name
    path.write_text(json.dumps(record), encoding="utf-8")
    for argv in (
        ["validate", str(path)],
        ["validate", "--lang", "sv", str(path), str(path)],
        ["replay", str(path)],
    ):
        status, out, err = run_main(argv)
        assert status in (0, 1), (argv, status, out, err)
        assert_terminal_safe(out + err)
        if argv[0] == "validate":
            lines = out.splitlines()
            assert len(lines) == len(argv) - 1 - argv.count("--lang") * 2 and err == ""


options = {
    "replay": [["--lang", st.sampled_from(["sv", "en", "de", ""])], ["--hidden"]],
    "validate": [["--lang", st.sampled_from(["sv", "en", "x"])]],
    "simulate": [
        ["--games", st.sampled_from(["1", "2", "0", "-1", "x", "1e3"])],
        ["--players", st.sampled_from(["2", "3", "1", "9", "1000000000", "two"])],
        ["--rules", st.sampled_from(["v1,v3", "strict", "", "v9", "\x1b[2J"])],
        ["--seed", st.sampled_from(["0", "-5", str(10**40), "x"])],
        [
            "--bots",
            st.sampled_from(["random,expert", "beginner,random,random", "wizard", "strong:2,random", ","]),
        ],
        ["--workers", st.sampled_from(["1", "0", "-3"])],
        ["--matches"],
        ["--playouts", st.sampled_from(["2", "0", "-1"])],
    ],
    "demo": [
        ["--players", st.sampled_from(["2", "3", "1", "9", "x"])],
        ["--seed", st.sampled_from(["1", "-1", str(10**30)])],
        ["--rules", st.sampled_from(["v2", "o1,o2", "nope"])],
        ["--lang", st.sampled_from(["sv", "en", "fi"])],
    ],
}


@st.composite
def argument_lists(draw, folder: Path) -> list[str]:
    command = draw(st.sampled_from([*options, "fly", ""]))
    argv = [command]
    if command in ("replay", "validate"):
        files = draw(
            st.lists(st.sampled_from(["ok.json", "bad.json", "missing.json", ".", "/dev/null"]), max_size=3)
        )
        argv += [str(folder / f) if not f.startswith(("/", ".")) else f for f in files]
    chosen = options.get(command)
    some = st.lists(st.sampled_from(chosen), max_size=4, unique_by=lambda o: o[0]) if chosen else st.just([])
    for option in draw(some):
        argv.append(option[0])
        if len(option) > 1:
            argv.append(draw(option[1]))
    return argv


@FUZZ
@given(data=st.data())
def test_any_argument_list_ends_with_a_status(folder, data):
    (folder / "ok.json").write_text(json.dumps(BASES[0]), encoding="utf-8")
    (folder / "bad.json").write_text('{"format": "vandatta-record", "version": 1.0}', encoding="utf-8")
    argv = data.draw(argument_lists(folder))
    if argv[0] == "simulate":
        if "--matches" in argv and "--bots" in argv:
            argv[argv.index("--bots") + 1] = "random,random"  # whole games of strong players take long
        if "--games" not in argv:
            argv += ["--games", "3"]  # the default, 1,000 rounds, is test_cli's; here it only costs time
        if "--workers" not in argv:
            argv += ["--workers", "1"]  # a pool forked from the test process for each example is slow
    status, out, err = run_main(argv)
    assert status in (0, 1, 2), (argv, status, out, err)
    assert "Traceback" not in err and "internal error" not in err, (argv, err)
    assert_terminal_safe(out + err)


def test_the_fuzz_bases_are_valid():
    for record in BASES:
        assert isinstance(read_game(record), v.Game)
    assert random.Random(0).random() < 1  # (the module's strategies are seeded by hypothesis)
