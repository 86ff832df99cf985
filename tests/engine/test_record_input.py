"""Reading records from anywhere: files that are not regular files, reads that stop at the
limit, the encodings both the command line and the dashboard accept, text that cannot be shown
(lone surrogates), loose fields, strict JSON and the cost limits (moves, names).

The special-file tests run the command in a child process with a timeout and a memory cap, so a
read that never ends or fills the memory fails the test instead of hanging or swapping the run.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import sys
import threading
from pathlib import Path

import pytest

import vandatta as v
from tests.conftest import run_cli
from vandatta.ai.simulate import random_move
from vandatta.messages import MESSAGES
from vandatta.record import (
    MAX_BYTES,
    MAX_MOVES,
    MAX_NAME_LENGTH,
    decode_record,
    dump,
    load,
    read_game,
    read_record_file,
)


def played(players: int = 3, seed: int = 5, plies: int | None = None, names=None) -> v.Game:
    game = v.Game.deal(players=players, seed=seed, names=names)
    rng = random.Random(seed)
    while not game.is_over and (plies is None or game.ply < plies):
        game.play(random_move(game, rng))
    return game


@pytest.fixture(scope="module")
def finished() -> v.Game:
    return played(names=["Anna", "Bo", "Cia"])


@pytest.fixture
def record(finished) -> dict:
    return json.loads(json.dumps(v.write_record(finished)))


def position_record() -> dict:
    game = v.Game.from_position(hands=["7♣ 8♠", "K♥ 2♦"], top="7♠", talon="9♠ 4♦", pile="3♥")
    game.play("7♣")
    return json.loads(json.dumps(v.write_record(game)))


def assert_both_languages(error: v.RecordError, *, field: str | None = None) -> None:
    sv, en = error.text("sv"), error.text("en")
    assert sv and en and sv != en
    assert error.key in MESSAGES and error.key.startswith("record_")  # a catalog key and its values
    assert error.text("en") == str(error)
    if field is not None:
        assert error.field == field, str(error)
        assert repr(field) in sv and repr(field) in en, (sv, en)


# -- item 2: only regular files, a read that stops --------------------------------------------


needs_posix = pytest.mark.skipif(sys.platform == "win32", reason="devices and FIFOs are POSIX")


@needs_posix
@pytest.mark.parametrize("command", ["validate", "replay"])
def test_dev_zero_is_refused_at_once(command):
    run = run_cli(command, "/dev/zero")
    err = run.stdout.decode() + run.stderr.decode()
    assert run.returncode == 1, err
    assert "Traceback" not in err and "MemoryError" not in err
    assert "/dev/zero" in err and "not a regular file" in err


@needs_posix
def test_a_fifo_without_a_writer_does_not_hang(tmp_path):
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    run = run_cli("validate", str(fifo))
    out = run.stdout.decode()
    assert run.returncode == 1 and "Traceback" not in run.stderr.decode()
    assert out.startswith(f"{fifo}: INVALID: ") and "named pipe (FIFO)" in out


@needs_posix
def test_a_fifo_with_an_endless_writer_is_not_read(tmp_path):
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    stop = threading.Event()

    def write_forever() -> None:
        try:
            with open(fifo, "wb") as f:  # blocks until someone opens the other end
                while not stop.is_set():
                    f.write(b" " * 65536)
        except OSError:
            pass  # the reader went away

    writer = threading.Thread(target=write_forever, daemon=True)
    writer.start()
    try:
        run = run_cli("validate", "--lang", "sv", str(fifo))
    finally:
        stop.set()
        with contextlib.suppress(OSError):  # unblock a writer still waiting for a reader
            os.close(os.open(fifo, os.O_RDONLY | os.O_NONBLOCK))
        writer.join(10)
    out = run.stdout.decode()
    assert run.returncode == 1 and "Traceback" not in run.stderr.decode()
    assert f"{fifo}: OGILTIG: det är ett namngivet rör (FIFO), inte en vanlig fil" in out


@needs_posix
def test_special_files_are_refused_by_load_in_both_languages(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    for path, kind in [("/dev/zero", "a device"), (str(fifo), "a named pipe"), (str(tmp_path), "a folder")]:
        with pytest.raises(v.RecordError) as info:
            read_record_file(path)
        assert str(info.value).startswith(f"it is {kind}"), str(info.value)
        assert info.value.text("sv").startswith("det är ")
        with pytest.raises(v.RecordError):
            load(path)


def test_the_read_stops_past_the_limit_whatever_the_size_says():
    """/proc files say they are empty (size 0) but are not: the read must still stop."""
    path = Path("/proc/kallsyms")
    try:
        claims = path.stat().st_size
        with open(path, "rb") as f:
            real = len(f.read(MAX_BYTES + 2))
    except OSError:
        pytest.skip("no readable /proc/kallsyms here")
    if claims != 0 or real <= MAX_BYTES:
        pytest.skip("/proc/kallsyms is not a large file that claims size 0 here")
    with pytest.raises(v.RecordError) as info:
        read_record_file(path)
    assert str(info.value) == (
        f"the file is more than {MAX_BYTES} bytes; records over {MAX_BYTES} bytes are refused"
    )
    assert info.value.text("sv").startswith(f"filen är större än {MAX_BYTES} byte")
    with pytest.raises(v.RecordError, match="more than"):
        read_record_file(path, max_bytes=100)


def test_read_record_file_reads_exactly_up_to_the_limit(tmp_path):
    path = tmp_path / "r.json"
    path.write_bytes(b"x" * 100)
    assert read_record_file(path, max_bytes=100) == b"x" * 100
    with pytest.raises(v.RecordError, match="the file is 100 bytes; records over 99 bytes are refused"):
        read_record_file(path, max_bytes=99)
    with pytest.raises(ValueError, match="max_bytes"):
        read_record_file(path, max_bytes=-1)
    with pytest.raises(FileNotFoundError):
        read_record_file(tmp_path / "missing.json")


@needs_posix
def test_a_symlink_to_a_record_is_followed(tmp_path, finished):
    target = tmp_path / "game.json"
    dump(finished, target)
    link = tmp_path / "link.json"
    link.symlink_to(target)
    assert load(link).moves == finished.moves


# -- item 10: one way to decode, shared by the command line and the dashboard -------------------


def test_utf8_with_and_without_bom_is_read(tmp_path, record, finished):
    text = json.dumps(record, ensure_ascii=False)
    for data in (text.encode("utf-8"), b"\xef\xbb\xbf" + text.encode("utf-8")):
        assert decode_record(data) == record
        assert read_game(data).moves == finished.moves
        path = tmp_path / "game.json"
        path.write_bytes(data)
        assert load(path).moves == finished.moves
        run = run_cli("validate", str(path))
        assert run.returncode == 0 and run.stdout.decode().startswith(f"{path}: ok — ")
    assert decode_record("\ufeff" + text) == record


@pytest.mark.parametrize("codec", ["utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "utf-32-be"])
def test_utf16_and_utf32_are_refused_by_both(tmp_path, record, codec):
    data = json.dumps(record, ensure_ascii=False).encode(codec)
    with pytest.raises(v.RecordError) as info:
        decode_record(data)
    assert "UTF-16" in str(info.value) and "save it as UTF-8" in str(info.value)
    assert "spara den som UTF-8" in info.value.text("sv")
    with pytest.raises(v.RecordError, match="UTF-16"):
        read_game(data)
    path = tmp_path / "game.json"
    path.write_bytes(data)
    with pytest.raises(v.RecordError, match="UTF-16"):
        load(path)
    run = run_cli("validate", str(path))
    assert run.returncode == 1 and "UTF-16" in run.stdout.decode()


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b'{"format": "vandatta-record\xff"}', "byte 0xFF at byte 28"),
        (b'{"players": [{"name": "\xed\xa0\x80"}]}', "byte 0xED at byte 24"),  # an encoded surrogate
        (b"\xc3", "byte 0xC3 at byte 1"),
    ],
)
def test_bytes_that_are_not_utf8_are_named(data, words):
    with pytest.raises(v.RecordError) as info:
        decode_record(data)
    assert str(info.value) == f"the record is not UTF-8 text: {words} cannot be read"
    assert info.value.text("sv").startswith("den sparade omgången är inte text i UTF-8: byte 0x")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('{"seed": NaN}', "NaN is not a JSON number"),
        ('{"seed": -Infinity}', "-Infinity is not a JSON number"),
        ('{"annotations": [{"move": 1, "score": 1e999}]}', "the number 1e999 is too large"),
        ("", "empty"),
        ("   \n", "empty"),
        ('{"moves": ["draw",]}', "at line 1, column 19"),
        ("[" * 100_000, "nested too deeply"),
        ('{"seed": ' + "9" * 5000 + "}", "digits"),
    ],
    ids=["nan", "infinity", "1e999", "empty", "blank", "comma", "deep", "digits"],
)
def test_strict_json(text, words):
    with pytest.raises(v.RecordError) as info:
        decode_record(text)
    assert words in str(info.value)
    assert info.value.text("sv").startswith("den sparade omgången ")


def test_a_record_must_be_an_object():
    for text in ("[]", "null", "42", '"text"'):
        with pytest.raises(v.RecordError, match="must be a JSON object") as info:
            decode_record(text)
        assert info.value.text("sv").startswith("en sparad omgång ska vara ett JSON-objekt")


def test_decode_record_has_its_own_limit():
    with pytest.raises(v.RecordError, match="the file is 11 bytes; records over 10 bytes"):
        decode_record(b'{"a": "bc"}', max_bytes=10)
    assert decode_record(b'{"a": "bc"}', max_bytes=11) == {"a": "bc"}
    assert decode_record(memoryview(b'{"a": 1}')) == {"a": 1}
    with pytest.raises(TypeError):
        decode_record(42)  # type: ignore[arg-type]


# -- item 3: every text can be shown and sent ---------------------------------------------------

LONE = "\ud800"


def _set(record: dict, path: tuple, value: object) -> None:
    target = record
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value


@pytest.mark.parametrize(
    ("where", "build", "field"),
    [
        ("name", lambda r: _set(r, ("players", 1, "name"), "B" + LONE), "players[1].name"),
        ("player kind", lambda r: _set(r, ("players", 0, "player"), LONE), "players[0].player"),
        ("move", lambda r: _set(r, ("moves", 2), "K" + LONE), "moves[2]"),
        ("deck", lambda r: _set(r, ("deck", 5), LONE), "deck[5]"),
        ("format", lambda r: _set(r, ("format",), "vandatta-record" + LONE), "format"),
        (
            "annotation",
            lambda r: _set(r, ("annotations",), [{"move": 1, "reason": {"sv": "bra " + LONE}}]),
            "annotations[0].reason.sv",
        ),
        (
            "annotation list",
            lambda r: _set(r, ("annotations",), [{"move": 1, "considered": ["draw", "\udfff"]}]),
            "annotations[0].considered[1]",
        ),
        ("unknown field", lambda r: _set(r, ("comment",), "x" + LONE), "comment"),
        ("odd key", lambda r: _set(r, ("my note",), "x" + LONE), "['my note']"),
        ("result", lambda r: _set(r, ("result", "winner"), LONE), "result.winner"),
    ],
)
def test_lone_surrogates_are_refused_naming_the_field(record, where, build, field):
    build(record)
    for form in (record, json.dumps(record), json.dumps(record).encode("ascii")):
        with pytest.raises(v.RecordError) as info:
            v.read_game(form)
        error = info.value
        assert_both_languages(error, field=field)
        assert "cannot be shown" in str(error) and "inte går att visa" in error.text("sv")
        for lang in ("sv", "en"):
            error.text(lang).encode("utf-8")  # the message itself can be sent


def test_a_key_with_a_lone_surrogate_is_named_by_its_parent(record):
    record["players"][0][LONE] = "x"
    with pytest.raises(v.RecordError) as info:
        v.read_game(json.dumps(record))
    assert info.value.field == "players[0]"
    assert str(info.value).startswith("field 'players[0]' has a key with a character that cannot be shown")
    assert info.value.text("sv").startswith("fältet 'players[0]' har en nyckel med ett tecken")


def test_a_position_record_with_a_lone_surrogate_in_a_hand():
    record = position_record()
    record["position"]["hands"][1] = "K♥ " + LONE
    with pytest.raises(v.RecordError) as info:
        read_game(record)
    assert_both_languages(info.value, field="position.hands[1]")


def test_valid_unicode_of_every_plane_is_kept(record):
    names = ["Åsa 👩‍👧", "Ngozi 🂡", "Zoë"]  # ZWJ emoji, a playing card (astral plane), a diaeresis
    for p, name in zip(record["players"], names):
        p["name"] = name
    record["annotations"] = [{"move": 1, "note": "\ud83d\ude00 ok"}]  # a pair, not a lone half
    game = v.read_game(json.dumps(record, ensure_ascii=True))
    assert game.names == tuple(names) and game.annotation(1) == {"note": "😀 ok"}


def test_deep_annotations_are_checked_without_recursion(record):
    deep: object = LONE
    for _ in range(5000):
        deep = [deep]
    record["annotations"] = [{"move": 1, "deep": deep}]
    with pytest.raises(v.RecordError) as info:
        read_game(record)  # a dict built in Python: deeper than JSON text could be
    assert info.value.field == "annotations[0].deep" + "[0]" * 5000


# -- item 10: loose fields ---------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [99, -7, 10**50, 2, True, 1.0])
def test_a_position_record_refuses_a_dealer_that_is_not_a_seat(dealer):
    record = position_record()
    record["dealer"] = dealer
    with pytest.raises(v.RecordError) as info:
        read_game(record)
    assert_both_languages(info.value, field="dealer")
    with pytest.raises(v.RecordError):
        read_game(json.dumps(record))


@pytest.mark.parametrize("dealer", [99, -7, 10**50, 3])
def test_a_dealt_record_refuses_a_dealer_that_is_not_a_seat(record, dealer):
    record["dealer"] = dealer
    with pytest.raises(v.RecordError) as info:
        read_game(record)
    assert_both_languages(info.value, field="dealer")
    assert "0 to 2" in str(info.value) and "0 till 2" in info.value.text("sv")


def test_every_seat_is_a_dealer_a_record_may_name():
    record = position_record()
    for dealer in (0, 1):
        record["dealer"] = dealer
        assert read_game(record).dealer == dealer


@pytest.mark.parametrize("version", [1.0, True, "1", None, 0, 2, 10**50])
def test_version_is_exactly_the_number_1(record, version):
    record["version"] = version
    with pytest.raises(v.RecordError) as info:
        read_game(record)
    assert_both_languages(info.value, field="version")
    with pytest.raises(v.RecordError):
        read_game(json.dumps(record))


@pytest.mark.parametrize(
    ("key", "value", "field"),
    [
        ("to_move", True, "position.to_move"),
        ("to_move", 1.0, "position.to_move"),
        ("top", ["7♠"], "position.top"),
        ("talon", 5, "position.talon"),
        ("pile", None, "position.pile"),
        ("hands", ["7♣ 8♠", 5], "position.hands[1]"),
        ("hands", ["7♣ 8♠", ["K♥", 2]], "position.hands[1]"),
    ],
)
def test_position_parts_have_their_json_types(key, value, field):
    record = position_record()
    record["position"][key] = value
    with pytest.raises(v.RecordError) as info:
        read_game(record)
    assert_both_languages(info.value, field=field)


def test_a_hand_may_be_a_list_of_cards():
    record = position_record()
    record["position"]["hands"] = [["7♣", "8♠"], ["K♥", "2♦"]]
    assert list(read_game(record).hand(1)) == v.parse_cards("K♥ 2♦")


def test_error_messages_quote_big_values_briefly(record):
    record["format"] = "x" * 500_000
    with pytest.raises(v.RecordError) as info:
        read_game(record)
    assert len(str(info.value)) < 200 and len(info.value.text("sv")) < 200
    record["format"] = "vandatta-record"
    record["seed"] = {"deep": ["x" * 500_000]}
    with pytest.raises(v.RecordError) as info:
        read_game(record)
    assert str(info.value) == "field 'seed' must be a whole number, not an object"
    record["seed"] = 5
    record["result"] = {"winner": ["x" * 500_000]}
    with pytest.raises(v.RecordError) as info:
        read_game(record)
    assert len(str(info.value)) < 200


# -- item 6: records are judged by what they cost ------------------------------------------------


def test_the_moves_limit_is_public_and_sized_for_every_round_this_package_plays():
    from vandatta.ai.players import play_round

    assert MAX_MOVES == 20_000
    # the computer players stop a round at this many moves, so every round they play can be
    # saved and opened again
    assert play_round.__kwdefaults__["max_plies"] <= MAX_MOVES


def test_a_2000_ply_game_opens():
    game = None
    for seed in range(200):  # random players on 6 seats make long rounds
        candidate = v.Game.deal(players=6, seed=seed)
        rng = random.Random(seed)
        while not candidate.is_over and candidate.ply < 2500:
            candidate.play(random_move(candidate, rng))
        if candidate.ply >= 2000:
            game = candidate
            break
    assert game is not None
    text = json.dumps(v.write_record(game), ensure_ascii=False)
    assert v.read_game(text).moves == game.moves
    assert v.read_game(text, max_moves=game.ply).ply == game.ply
    with pytest.raises(v.RecordError) as info:
        v.read_game(text, max_moves=game.ply - 1)
    assert_both_languages(info.value, field="moves")
    assert str(info.value) == (
        f"field 'moves' holds {game.ply} moves, more than the {game.ply - 1} a record may hold"
    )
    assert info.value.text("sv") == (
        f"fältet 'moves' har {game.ply} drag, fler än de {game.ply - 1} som en sparad omgång får ha"
    )


def test_a_1mb_record_of_141690_moves_is_refused_before_any_move_is_replayed(record, monkeypatch):
    record["moves"] = ["draw"] * 141_690
    text = json.dumps(record, separators=(",", ":"))
    assert len(text.encode()) < MAX_BYTES  # legal by its bytes: the move count refuses it
    replayed = []
    monkeypatch.setattr(v.Move, "parse", classmethod(lambda cls, t: replayed.append(t)))
    with pytest.raises(v.RecordError) as info:
        v.read_game(text)
    assert replayed == []
    assert info.value.field == "moves" and f"more than the {MAX_MOVES}" in str(info.value)
    with pytest.raises(v.RecordError, match="moves"):
        v.read_game(text, max_moves=141_689)


def test_max_moves_is_checked():
    for bad in (-1, 1.5, True, None, "10"):
        with pytest.raises(ValueError, match="max_moves"):
            read_game({}, max_moves=bad)  # type: ignore[arg-type]


def test_a_move_longer_than_any_move_is_refused(record):
    record["moves"][3] = "K♠ " * 100_000
    with pytest.raises(v.RecordError) as info:
        read_game(record)
    assert info.value.move_number == 4 and len(str(info.value)) < 200
    assert info.value.text("sv").startswith("drag 4: 300000 tecken är för långt för ett drag")


def test_names_are_short(record):
    record["players"][0]["name"] = "A" * MAX_NAME_LENGTH
    assert read_game(record).names[0] == "A" * MAX_NAME_LENGTH
    record["players"][0]["name"] = "A" * (MAX_NAME_LENGTH + 1)
    with pytest.raises(v.RecordError) as info:
        read_game(record)
    assert_both_languages(info.value, field="players[0].name")
    assert f"at most {MAX_NAME_LENGTH}" in str(info.value)
    record["players"][0]["name"] = "Anna"
    record["players"][0]["player"] = {"kind": "expert"}
    with pytest.raises(v.RecordError) as info:
        read_game(record)
    assert_both_languages(info.value, field="players[0].player")


@needs_posix
def test_a_socket_is_refused(tmp_path):
    import socket

    path = tmp_path / "s.json"
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as server:
        server.bind(str(path))
        with pytest.raises(v.RecordError, match=r"^it is a socket, not a regular file") as info:
            read_record_file(path)
    assert info.value.text("sv").startswith("det är en socket, inte en vanlig fil")
