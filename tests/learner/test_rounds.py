"""Rounds played outside the page's own table, into the child's record (issue 41, item 1): a
round at a table of the dashboard's server (the table page leaves a note on the device, the next
page of the app reads it with the engine) and the mistakes a game review finds in the child's
own round."""

from __future__ import annotations

import json
import random

import pytest

from vandatta import Game
from vandatta.record import write_record
from vandatta_widgets.path.rounds import TABLE_PREFIX, table_round_answers
from vandatta_widgets.path.session import LearnerSession, use_session
from vandatta_widgets.path.storage import DeviceStorage

NOW = 1_780_000_000
KEY = TABLE_PREFIX + "AHCK7:1"


def played_round(seed: int = 3) -> Game:
    rng = random.Random(seed)
    game = Game.deal(3, seed=seed)
    while not game.is_over:
        game.play(rng.choice(list(game.legal_moves())))
    return game


def table_note(game: Game, seat: int = 0, *, refused_at: int | None = None) -> dict:
    """What widgets/tables/client.js leaves: the plies it sent a move at, and the record."""
    sent = []
    for ply, move in enumerate(game.moves):
        if game.replay(ply).to_move != seat:
            continue
        if ply == refused_at:
            before = game.replay(ply)
            illegal = next(
                (str(c) for c in before.hand(seat) if not before.check(f"{c}").legal),
                None,
            )
            if illegal is not None:
                sent.append({"ply": ply, "move": illegal, "refused": True})
        sent.append({"ply": ply, "move": str(move)})
    return {
        "format": "vandatta-table-round",
        "version": 1,
        "code": "AHCK7",
        "round": 1,
        "at": NOW,
        "sent": sent,
        "record": json.dumps(write_record(game)),  # the server's text, as the page keeps it
    }


def loaded_session(stored: dict) -> tuple[LearnerSession, list]:
    storage = DeviceStorage()
    written: list = []
    storage.write = lambda changes, number: written.append(dict(changes))  # type: ignore[method-assign]  # the browser's half
    session = LearnerSession(storage, lang="sv", now=lambda: NOW)
    storage.receive({"loaded": stored, "problem": None, "address": "", "zone": "UTC"})
    return session, written


def test_a_round_at_a_table_is_kept_move_by_move_with_the_engines_verdicts():
    game = played_round()
    mine = [p for p in range(game.ply) if game.replay(p).to_move == 0]
    refused_at = next(
        p for p in mine if any(not game.replay(p).check(str(c)).legal for c in game.replay(p).hand(0))
    )
    note = table_note(game, refused_at=refused_at)
    session, written = loaded_session({KEY: json.dumps(note)})
    events = [e for e in session.learner.events if e.kind == "round"]
    assert len(events) == len(mine) + 1
    assert [e.outcome for e in events].count("not_allowed") == 1
    assert all(e.outcome in ("right", "mistake") for e in events if e.item != f"tAHCK7-1:{refused_at + 1}")
    assert all(e.rules for e in events) and all(e.item.startswith("tAHCK7-1:") for e in events)
    assert {e.at for e in events} == {NOW}
    assert any(changes.get(KEY, "x") is None for changes in written)  # the note is gone

    # the same note read again (another tab read it too): nothing counted twice
    session.storage.receive(
        {"loaded": {KEY: json.dumps(note)}, "problem": None, "address": "", "zone": "UTC"}
    )
    assert len([e for e in session.learner.events if e.kind == "round"]) == len(mine) + 1


@pytest.mark.parametrize(
    "damage",
    [
        lambda n: "{not json",
        lambda n: json.dumps({**n, "format": "vandatta-game"}),
        lambda n: json.dumps({**n, "record": {"moves": ["nonsense"]}}),
        lambda n: json.dumps({**n, "record": json.loads(n["record"]) | {"seed": 1.3e38}}),  # parsed by JS
        lambda n: json.dumps(
            {**n, "sent": [{"ply": 0, "move": "7H"}, {"ply": 1, "move": "7H"}]}
        ),  # two seats
        lambda n: json.dumps({**n, "sent": [{"ply": 10_000, "move": "7H"}]}),
        lambda n: json.dumps({**n, "code": "<b>"}),
    ],
)
def test_a_note_that_cannot_be_read_keeps_nothing_and_is_removed(damage):
    note = table_note(played_round())
    session, written = loaded_session({KEY: damage(note)})
    assert session.learner is None  # nothing kept: not even a first child made
    assert any(changes.get(KEY, "x") is None for changes in written)


def test_the_refused_try_is_judged_by_the_engine_not_by_the_page():
    game = played_round(5)
    note = table_note(game)
    note["sent"] = [{"ply": 0, "move": "draw", "refused": True}] if game.replay(0).to_move == 0 else []
    for answer in table_round_answers(note):
        assert answer.game.check(answer.move).legal  # "draw" is allowed: kept as it is (right)


def test_a_review_of_the_childs_round_keeps_its_mistakes_once():
    from vandatta_widgets.controls.review import ReviewPanel

    game = Game.from_position(hands=["7♥ 8♠ K♥", "2♦ 3♠"], top="7♦", talon="9♠ 4♣ 2♣ 5♣ J♣ 6♣ 10♠")
    for move in ["8♠=K♥", "draw", "draw", "draw", "pass", "K♥", "draw", "draw", "draw", "pass", "7♥"]:
        game.play(move)
    session, _written = loaded_session({})
    use_session(session)
    try:
        # the round as the play table kept it, the child at seat 0
        for ply, move in enumerate(game.moves, start=1):
            before = game.replay(ply - 1)
            if before.to_move == 0:
                session.answer(before, move, kind="round", asked=True, item=f"g7-1:{ply}")
        panel = ReviewPanel(game, seat=0, playouts=60, lang="en", workers=1, background=False)
        panel.start_button.click()
        mistakes = [e for e in session.learner.events if e.outcome == "mistake"]
        assert [e.item for e in mistakes] == ["g7-1:1"]
        assert mistakes[0].rules == game.replay(0).check(game.moves[0]).rules
        panel.start_button.click()  # reviewed again: still once
        assert len([e for e in session.learner.events if e.outcome == "mistake"]) == 1
        # a round the child did not play here (a sample, a loaded record): nothing kept
        other, _ = loaded_session({})
        use_session(other)
        ReviewPanel(game, seat=0, playouts=60, lang="en", workers=1, background=False).start_button.click()
        assert other.learner is None or other.learner.events == []
    finally:
        use_session(None)
