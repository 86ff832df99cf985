"""A table's rounds are dealt from the operating system's randomness (issue 45, item 7): nothing
in a finished round's record — its seed, its deck — tells another deal, and records still
replay. A session on one device keeps its game number (the same seed, the same deals)."""

from __future__ import annotations

import random

from vandatta import Game
from vandatta.record import read_game
from vandatta_widgets.play.session import PlaySession
from vandatta_widgets.server.table_store import TableStore
from vandatta_widgets.tables.service import TableService


def finished_round(service: TableService, code: str, token: str) -> dict:
    """Every seat played by computers to the end of the round; its record."""
    service.step_computers(code)
    return service.tables[code].record(token)


def computer_table(service: TableService, *, match: bool = False) -> tuple[str, str]:
    """A table whose one person's seat nobody took (a computer keeps it): it plays itself."""
    made = service.create({"seats": ["person", "expert", "expert", "beginner"], "match": match}, seat=None)
    service.act(made["code"], made["token"], {"type": "start"})
    return made["code"], made["token"]


def test_a_rounds_deck_does_not_follow_from_the_seed_in_its_record():
    service = TableService(TableStore(":memory:"), pace=0.0)
    code, token = computer_table(service)
    record = finished_round(service, code, token)
    assert record["result"]["over"]
    from_seed = Game.deal(len(record["players"]), seed=record["seed"], dealer=record["dealer"])
    assert [str(c) for c in from_seed.deck] != record["deck"]
    again = read_game(record)  # the record still replays: it keeps the deck order
    assert [str(m) for m in again.moves] == record["moves"] and again.is_over


def test_tables_deal_apart_even_when_their_generators_start_alike(monkeypatch):
    # Before: each table's deals followed from one 32-bit number (the session's seed), so one
    # round's record let anyone search for it and work out every later deal. Here every table
    # gets the same such number, and still no two deals are alike.
    monkeypatch.setattr(random.SystemRandom, "randrange", lambda self, n: 12345)
    service = TableService(TableStore(":memory:"), pace=0.0)
    decks = set()
    for _ in range(3):
        code, token = computer_table(service)
        record = finished_round(service, code, token)
        decks.add(tuple(record["deck"]))
        service.act(code, token, {"type": "next_round"})
        decks.add(tuple(service.tables[code].session.game.deck))
    assert len(decks) == 6


def test_a_match_dealt_from_the_os_is_restored_at_the_same_deal_and_move():
    session = PlaySession(["expert", "expert", "random"], match=True, seed=3, deal_from_os=True)
    session.run_computers()
    session.next_round()
    for _ in range(5):
        session.computer_move()
    again = PlaySession.from_dict(session.to_dict())
    assert again.game.deck == session.game.deck and again.game.moves == session.game.moves
    assert again.round_number == 2 and again.totals == session.totals
    seeded = PlaySession(["expert", "expert", "random"], match=True, seed=3)
    assert seeded.game.deck != session.game.deck


def test_a_session_on_one_device_keeps_its_game_number():
    a = PlaySession(["person", "expert"], seed=9)
    b = PlaySession(["person", "expert"], seed=9)
    assert a.game.deck == b.game.deck
    c = PlaySession(["person", "expert"], seed=9, deal_from_os=True)
    d = PlaySession(["person", "expert"], seed=9, deal_from_os=True)
    assert c.game.deck != d.game.deck
