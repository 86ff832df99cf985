"""vandatta.record.record_fault: why a record does not replay, found by the engine (the
dashboard's upload shows it in the page's words)."""

from __future__ import annotations

import random

import pytest

from vandatta import Game, RecordError
from vandatta.record import RecordFault, read_game, record_fault, write_record


def fault_of(record: object) -> RecordFault:
    with pytest.raises(RecordError) as caught:
        read_game(record)  # type: ignore[arg-type]
    return record_fault(record, caught.value)


def small_record(moves: list) -> dict:
    g = Game.from_position(hands=["5♥ 2♣", "K♠ 9♦"], top="7♥", talon="9♠ 3♣")
    return write_record(g) | {"moves": moves}


def test_an_illegal_move_comes_with_its_number_and_the_engines_verdict():
    fault = fault_of(small_record(["5♥", "K♠"]))
    assert (fault.kind, fault.move_number, fault.move) == ("illegal_move", 2, "K♠")
    assert fault.verdict is not None and not fault.verdict.legal and fault.verdict.rules == ("R4",)
    assert fault.before is not None and fault.before.ply == 1 and fault.before.to_move == 1
    assert "K♠" in fault.verdict.text("sv") and "K♠" in fault.verdict.text("en")


def test_an_unreadable_move_names_what_cannot_be_read():
    fault = fault_of(small_record(["5♥", "X♠"]))
    assert (fault.kind, fault.move_number, fault.move) == ("unreadable_move", 2, "X♠")
    assert "X" in fault.detail and fault.verdict is None


def test_a_move_after_the_end_of_the_round():
    g = Game.from_position(hands=["5♥", "K♠"], top="7♥", talon="9♠")
    fault = fault_of(write_record(g) | {"moves": ["5♥", "K♠"]})
    assert (fault.kind, fault.move_number, fault.move) == ("move_after_end", 2, "K♠")


def test_a_bad_field_is_named():
    record = small_record([])
    del record["rules"]
    fault = fault_of(record)
    assert fault.kind == "field" and fault.error.field == "rules" and fault.move_number is None


def test_a_move_that_is_not_text_is_a_fault_of_the_record():
    fault = fault_of(small_record(["5♥", 7]))
    assert fault.kind == "record" and fault.verdict is None
    assert fault.error.text("sv") and fault.error.text("en")


@pytest.mark.parametrize("seed", range(6))
def test_any_illegal_move_put_into_a_played_game_is_found_where_it_is(seed):
    rng = random.Random(seed)
    g = Game.deal(3, seed=seed)
    while not g.is_over and g.ply < 30:
        g.play(g.legal_moves().choice(rng))
    at = rng.randrange(g.ply)
    before = g.replay(at)
    hand = before.hand()
    illegal = next((str(c) for c in hand if not before.check(str(c)).legal), None)
    if illegal is None:
        pytest.skip("every card of that hand could be laid")
    record = write_record(g)
    record.pop("result", None)  # (a record cut short ends with no result)
    record["moves"] = [*record["moves"][:at], illegal]
    fault = fault_of(record)
    assert (fault.kind, fault.move_number, fault.move) == ("illegal_move", at + 1, illegal)
    assert fault.verdict == before.check(illegal)
