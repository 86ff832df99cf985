"""Game records: the JSON round trip, validation errors that name the move or the field,
unfinished games, teaching positions, annotations, narration and the file size limit."""

from __future__ import annotations

import json
import random

import pytest

import vandatta as v
from vandatta.ai.simulate import random_move
from vandatta.record import FORMAT, MAX_MOVES, VERSION, dump, load, narrate, validate


def played(players=3, seed=5, rules=None, plies=None) -> v.Game:
    game = v.Game.deal(players=players, seed=seed, rules=rules)
    rng = random.Random(seed)
    while not game.is_over and (plies is None or game.ply < plies):
        game.play(random_move(game, rng))
    return game


@pytest.fixture(scope="module")
def finished() -> v.Game:
    return played()


@pytest.fixture
def record(finished) -> dict:
    return json.loads(json.dumps(v.write_record(finished)))


def assert_same(a: v.Game, b: v.Game) -> None:
    assert a.moves == b.moves and a.hands == b.hands and a.top == b.top and a.pile == b.pile
    assert a.talon == b.talon and a.winner == b.winner and a.is_over == b.is_over
    assert a.to_move == b.to_move and a.declaration == b.declaration and a.points() == b.points()


# -- the round trip -------------------------------------------------------------------------------


def test_record_fields(finished, record):
    assert record["format"] == FORMAT == "vandatta-record"
    assert record["version"] == VERSION == 1
    assert record["rules"] == v.Rules().to_dict()
    assert len(record["players"]) == 3 and record["dealer"] == 0 and record["seed"] == 5
    assert len(record["deck"]) == 52 and all(isinstance(c, str) for c in record["deck"])
    assert sorted(v.parse_cards(record["deck"]), key=lambda c: c.index) == v.standard_deck()
    assert record["moves"] == [str(m) for m in finished.moves]
    assert record["result"] == {
        "over": True,
        "winner": finished.winner,
        "blocked": finished.is_blocked,
        "points": finished.points(),
    }


@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("rules", ["", "v1", "v2", "v3", "o1", "o2", "strict", "v1,v2,v3,o1,o2,o3"])
def test_round_trip(players, rules):
    game = played(players=players, seed=players * 31 + len(rules), rules=v.Rules.parse(rules))
    text = json.dumps(v.write_record(game), ensure_ascii=False)
    again = v.read_game(text)
    assert_same(again, game)
    assert v.write_record(again) == v.write_record(game)
    assert_same(v.read_game(json.loads(text)), game)
    assert_same(validate(text.encode("utf-8")), game)
    assert len(v.write_record(game)["deck"]) == (104 if players >= 6 else 52)


def test_named_players_and_dealer_survive():
    game = v.Game.deal(players=3, seed=2, dealer=2, names=["Anna", "Bo", "Cia"])
    game.play(game.legal_moves()[0])
    again = v.read_game(v.write_record(game))
    assert again.names == ("Anna", "Bo", "Cia") and again.dealer == 2 and again.to_move == game.to_move
    assert again.player_name(1) == "Bo"


def test_an_unfinished_game_loads_and_goes_on(finished):
    game = played(players=4, seed=8, plies=25)
    assert not game.is_over
    record = v.write_record(game)
    assert record["result"] == {"over": False, "winner": None, "blocked": False, "points": None}
    again = v.read_game(record)
    assert_same(again, game)
    rng = random.Random(1)
    while not again.is_over:
        again.play(random_move(again, rng))
    assert again.ply > 25
    assert v.read_game(v.write_record(v.Game.deal(players=2, seed=1))).ply == 0


def test_position_records():
    game = v.Game.from_position(
        hands=["7♣ 8♠ A♠ 5♠", "K♥ 2♦"], top="8♦=7♠", talon="9♠ 4♦ 2♣", pile="3♥", rules=v.Rules(lappen=True)
    )
    game.play("A♠")
    game.play("5♠")
    record = v.write_record(game)
    assert record["deck"] is None
    assert record["position"] == {
        "hands": ["7♣ 8♠ A♠ 5♠", "K♥ 2♦"],
        "top": "8♦=7♠",
        "talon": "9♠ 4♦ 2♣",
        "pile": "3♥",
        "to_move": 0,
    }
    again = v.read_game(json.dumps(record))
    assert_same(again, game)
    assert again.rules == v.Rules(lappen=True)
    start = again.replay(0)
    assert str(start.top) == "8♦" and start.declaration == (v.Suit.SPADES, v.Rank.SEVEN)


def test_annotations_survive(tmp_path):
    game = v.Game.from_position(hands=["7♥ 2♣", "K♠"], top="7♣", talon="9♠ 4♦")
    game.play("7♥", annotation={"player": "expert", "score": 0.5, "considered": ["7♥", "draw"]})
    game.play("draw")
    record = v.write_record(game)
    assert record["annotations"] == [
        {"move": 1, "player": "expert", "score": 0.5, "considered": ["7♥", "draw"]}
    ]
    again = v.read_game(json.dumps(record))
    assert again.annotation(1) == {"player": "expert", "score": 0.5, "considered": ["7♥", "draw"]}
    assert again.annotation(2) is None
    assert again.replay(2).annotation(1) == again.annotation(1)
    path = tmp_path / "game.json"
    dump(again, path)
    assert load(path).annotation(1) == again.annotation(1)


# -- bad moves name their number ----------------------------------------------------------------


def test_illegal_move_names_its_number(record):
    record["moves"] = [*record["moves"][:3], "pass", *record["moves"][4:]]
    expected = v.Game.deal(players=3, seed=5)
    for text in record["moves"][:3]:
        expected.play(text)
    assert not expected.check("pass").legal  # (the seeded game has a talon: pass is too early)
    with pytest.raises(v.RecordError) as info:
        v.read_game(record)
    error = info.value
    assert error.move_number == 4 and error.field is None
    assert str(error).startswith("move 4 ('pass'): ")
    assert expected.check("pass").text("en") in str(error)


def test_unparseable_move_names_its_number(record):
    record["moves"][1] = "8♠=X"
    with pytest.raises(v.RecordError) as info:
        v.read_game(record)
    assert info.value.move_number == 2 and "move 2" in str(info.value)
    record["moves"][1] = 7
    with pytest.raises(v.RecordError) as info:
        v.read_game(record)
    assert info.value.move_number == 2 and "move 2" in str(info.value)


def test_move_after_the_round_ended(finished, record):
    record["moves"].append("draw")
    n = len(record["moves"])
    with pytest.raises(v.RecordError) as info:
        v.read_game(record)
    assert info.value.move_number == n
    assert f"move {n} ('draw'): the round was already over" == str(info.value)
    assert info.value.text("sv") == f"drag {n} ('draw'): omgången var redan slut"


def test_the_doctest_example():
    game = v.Game.deal(players=2, seed=3)
    game.play(game.legal_moves()[0])
    bad = dict(v.write_record(game), moves=["K♠ Q♠"])
    with pytest.raises(v.RecordError, match=r"^move 1 \('K♠ Q♠'\): K♠ and Q♠ differ in rank") as info:
        v.read_game(bad)
    assert_swedish_too(info.value)


# -- malformed fields name the field ------------------------------------------------------------


def _deck_missing(rec):
    return rec["deck"][:-1]


def _deck_duplicate(rec):
    return [*rec["deck"][:-1], rec["deck"][0]]


@pytest.mark.parametrize(
    ("field", "value", "expected_field", "words"),
    [
        ("format", "chess-pgn", "format", "format"),
        ("format", None, "format", "format"),
        ("version", 2, "version", "version"),
        ("version", "1", "version", "version"),
        ("rules", {"lappen": True, "jokers": True}, "rules", "jokers"),
        ("rules", {"lappen": "yes"}, "rules", "lappen"),
        ("rules", ["v1"], "rules", "rules"),
        ("players", [{"name": "Anna"}], "players", "2 to 8"),
        ("players", [{}] * 9, "players", "2 to 8"),
        ("players", "Anna, Bo", "players", "players"),
        ("players", [{"name": "Anna"}, "Bo", {}], "players[1]", "players[1]"),
        ("players", [{"name": 5}, {}, {}], "players[0].name", "name"),
        ("seed", "5", "seed", "seed"),
        ("seed", True, "seed", "seed"),
        ("seed", 1.5, "seed", "seed"),
        ("dealer", 3, "dealer", "dealer"),
        ("dealer", -1, "dealer", "dealer"),
        ("dealer", "0", "dealer", "dealer"),
        ("deck", _deck_missing, "deck", "missing"),
        ("deck", _deck_duplicate, "deck", "too many"),
        ("deck", lambda rec: [*rec["deck"][:-1], "11♥"], "deck", "11♥"),
        ("deck", lambda rec: [*rec["deck"][:-1], 5], "deck", "deck"),
        ("deck", "A♠ 2♠", "deck", "deck"),
        ("deck", lambda rec: rec["deck"] * 2, "deck", "deck"),
        ("moves", "draw", "moves", "moves"),
        ("moves", None, "moves", "moves"),
        ("annotations", "bot", "annotations", "annotations"),
        ("annotations", [{"move": 0}], "annotations[0]", "annotations[0]"),
        ("annotations", [{"move": 10_000}], "annotations[0]", "annotations[0]"),
        ("annotations", ["x"], "annotations[0]", "annotations[0]"),
        ("result", {"over": False}, "result.over", "result.over"),
        ("result", {"winner": 99}, "result.winner", "result.winner"),
    ],
)
def test_malformed_field(record, field, value, expected_field, words):
    record[field] = value(record) if callable(value) else value
    with pytest.raises(v.RecordError) as info:
        v.read_game(record)
    assert info.value.field == expected_field, str(info.value)
    assert info.value.move_number is None
    assert words in str(info.value)
    assert_swedish_too(info.value)
    with pytest.raises(v.RecordError):
        v.read_game(json.dumps(record))


def assert_swedish_too(error: v.RecordError) -> None:
    """The error has its own Swedish text, naming the same field or move."""
    sv, en = error.text("sv"), error.text("en")
    assert en == str(error) and sv != en
    assert sv.startswith(("fältet", "den sparade omgången", "en sparad omgång", "drag", "filen")), sv
    if error.field is not None:
        assert repr(error.field) in sv or f"'{error.field.split('.')[0]}" in sv, sv
    if error.move_number is not None:
        assert sv.startswith(f"drag {error.move_number}"), sv
    with pytest.raises(ValueError, match="unknown language 'de'"):
        error.text("de")


@pytest.mark.parametrize("field", ["rules", "players", "seed", "dealer", "moves"])
def test_missing_field(record, field):
    del record[field]
    with pytest.raises(v.RecordError) as info:
        v.read_game(record)
    assert info.value.field == field
    assert repr(field) in str(info.value)
    assert f"saknar fältet {field!r}" in info.value.text("sv") and info.value.key == "record_the_record_has"


def test_missing_deck_needs_a_position(record):
    record["deck"] = None
    with pytest.raises(v.RecordError) as info:
        v.read_game(record)
    assert info.value.field == "position"


@pytest.mark.parametrize(
    "position",
    [
        {"hands": ["7♣", "8♠"], "top": "ZZ"},
        {"hands": ["7♣", "8♠"], "top": "7♠", "to_move": 5},
        {"hands": ["7♣", "8♠"], "top": "7♠", "talon": 5},
        {"hands": ["7♣"], "top": "7♠"},
        {"hands": ["7♣", "8♠"]},
        {"hands": ["7♣", "8♠"], "top": "7♠", "colour": "red"},
        {"hands": ["7♣ 7♣ 7♣", "8♠"], "top": "7♠"},
        {"hands": "7♣ 8♠", "top": "7♠"},
    ],
)
def test_malformed_position(position):
    record = v.write_record(v.Game.from_position(hands=["7♣", "8♠"], top="7♠"))
    record["position"] = position
    with pytest.raises(v.RecordError) as info:
        v.read_game(record)
    assert info.value.field.startswith("position"), info.value.field


@pytest.mark.parametrize(
    "junk",
    ["", "{", "[]", "null", "42", '"text"', b"\xff\xfe", "1" * 5000, "[" * 100_000, '{"format": 1'],
    ids=repr,
)
def test_junk_text_is_a_record_error(junk):
    with pytest.raises(v.RecordError):
        v.read_game(junk)


@pytest.mark.parametrize("junk", [None, 42, [], ["moves"], 1.5])
def test_non_objects_are_record_errors(junk):
    with pytest.raises(v.RecordError) as info:
        v.read_game(junk)
    assert_swedish_too(info.value)


def test_too_many_moves(record):
    record["moves"] = ["draw"] * (MAX_MOVES + 1)
    with pytest.raises(v.RecordError) as info:
        v.read_game(record)
    assert info.value.field == "moves"


# -- files -------------------------------------------------------------------------------------


def test_dump_load_and_size_limit(tmp_path, finished):
    path = tmp_path / "game.json"
    dump(finished, path)
    assert path.read_text(encoding="utf-8").endswith("\n")
    assert_same(load(path), finished)
    size = path.stat().st_size
    with pytest.raises(v.RecordError, match="bytes") as info:
        load(path, max_bytes=size - 1)
    assert (
        info.value.text("sv") == f"filen är {size} byte; sparade omgångar över {size - 1} byte tas inte emot"
    )
    assert_same(load(path, max_bytes=size), finished)
    big = tmp_path / "big.json"
    big.write_text(" " * 1_000_001 + "{}", encoding="utf-8")
    with pytest.raises(v.RecordError, match="refused"):
        load(big)
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\x00\x01 not json")
    with pytest.raises(v.RecordError):
        load(bad)
    with pytest.raises(OSError):
        load(tmp_path / "missing.json")


# -- narration -----------------------------------------------------------------------------------


def test_narration_of_a_short_game_in_both_languages():
    game = v.Game.from_position(hands=["7♥ 2♣", "K♠ 5♥"], top="7♣", talon="9♠ 4♦")
    game.play("7♥")
    game.play("draw")
    game.play("5♥")
    assert narrate(game, lang="en") == [
        "Start: 7♣ is on top; the talon has two cards. Player 1 begins.",
        "1. Player 1: 7♥ – 7♥ on 7♣: same rank — hearts is now the suit (R4).",
        "2. Player 2 draws 9♠ (R8).",
        "3. Player 2: 5♥ – 5♥ on 7♥: same suit, hearts (R4).",
    ]
    assert narrate(game, lang="sv") == [
        "Start: 7♣ ligger överst; talongen har två kort. Spelare 1 börjar.",
        "1. Spelare 1: 7♥ – 7♥ på 7♣: samma valör – nu gäller hjärter (R4).",
        "2. Spelare 2 drar 9♠ (R8).",
        "3. Spelare 2: 5♥ – 5♥ på 7♥: samma färg, hjärter (R4).",
    ]
    assert narrate(game, lang="en", hidden=True)[2] == "2. Player 2 draws a card (R8)."
    with pytest.raises(ValueError):
        narrate(game, lang="de")


def test_narration_of_a_finished_game(finished):
    for lang, start, points in [("en", "Start: ", "Points (S1): "), ("sv", "Start: ", "Poäng (S1): ")]:
        lines = narrate(finished, lang=lang)
        assert lines[0].startswith(start)
        assert len(lines) == finished.ply + 2
        for number, line in enumerate(lines[1:-1], 1):
            assert line.startswith(f"{number}. ")
        assert lines[-1].startswith(points)
        names = [finished.player_name(s, lang) for s in range(finished.players)]
        expected = ", ".join(f"{n} {p}" for n, p in zip(names, finished.points()))
        assert lines[-1] == f"{points}{expected}."
    hidden = narrate(finished, lang="en", hidden=True)
    for line, move in zip(hidden[1:], finished.moves):
        if move.is_draw:
            assert line.endswith("draws a card (R8).") or "shuffled" in line


def test_narration_of_a_named_winner():
    game = v.Game.from_position(hands=["5♥", "K♠"], top="7♥", talon="9♠ 4♦", names=["Anna", "Bo"])
    game.play("5♥")
    assert narrate(game, lang="sv") == [
        "Start: 7♥ ligger överst; talongen har två kort. Anna börjar.",
        "1. Anna: 5♥ – 5♥ på 7♥: samma färg, hjärter (R4); det var sista kortet: Anna går ut och vinner "
        "omgången (R9).",
        "Poäng (S1): Anna 0, Bo 10.",
    ]


def test_narration_tells_the_start_events():
    deck = v.parse_cards("2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 9♠ 10♠ J♠ Q♠ K♠ 2♥ A♥ 3♥ 4♥")
    deck += [c for c in v.standard_deck() if c not in deck]
    game = v.Game.deal(players=2, deck=deck, seed=0)
    assert narrate(game, lang="en") == [
        "Start: A♥ is on top; the talon has 37 cards. Player 2 begins. Player 2 draws 3♥ for the ace "
        "turned up (R11). Player 1 draws 4♥ for the ace turned up (R11)."
    ]
