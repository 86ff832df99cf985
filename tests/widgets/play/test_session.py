"""The play session without widgets (widgets/play/session.py): seats, turns, the engine's errors
passed through, computers and stand-ins, observers, the presenter, and a snapshot that
restores the same session at the same move."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import vandatta as v
from tests.conftest import snapshot
from tests.helpers.imports import jupyter_modules_loaded_by
from vandatta import ai
from vandatta_widgets.play.session import (
    NAME_LIMIT,
    STAND_IN,
    STRENGTHS,
    BadSeat,
    Change,
    ComputerSeat,
    NotAPerson,
    NotYourTurn,
    PlaySession,
    RoundNotOver,
    RoundOver,
    Seat,
    SessionError,
    clean_name,
)

ROOT = Path(__file__).resolve().parents[3]
HANDS = ["7♥ K♠ 8♦ 2♣ 9♥", "2♠ 3♠ 4♠ 5♠ 6♠ 9♠", "3♥ 4♥ 5♥"]
TALON = "10♠ J♠ Q♠ 3♦ 4♦ 5♦ 6♦ 9♦ 10♦ J♦ 2♦ 3♣"


def position() -> v.Game:
    return v.Game.from_position(hands=HANDS, top="7♣", talon=TALON, seed=1)


def people_and_a_computer(**kw) -> PlaySession:
    return PlaySession([Seat.person("Alva"), Seat.person("Bo"), Seat.computer("beginner")], **kw)


def test_importing_the_session_loads_no_jupyter_package():
    assert jupyter_modules_loaded_by("vandatta_widgets.play.session") == []


# -- seats ------------------------------------------------------------------------------------------


def test_seats_are_small_values_whose_repr_pastes_back():
    seats = [
        Seat.person(),
        Seat.person("Alva"),
        Seat.computer(),
        Seat.computer("strong", name="Robo"),
        Seat.remote("Bo"),
    ]
    for seat in seats:
        assert eval(repr(seat), {"Seat": Seat}) == seat
        assert Seat.from_dict(json.loads(json.dumps(seat.to_dict()))) == seat
    assert repr(seats[2]) == "Seat.computer('expert')" and seats[2].strength == "expert"
    assert repr(seats[3]) == "Seat.computer('strong', name='Robo')"
    assert {s.kind for s in seats} == {"person", "computer", "remote"}
    assert hash(Seat.person("Alva")) == hash(Seat.person(" Alva "))
    with pytest.raises(ValueError, match="unknown computer strength"):
        Seat.computer("grandmaster")
    with pytest.raises(ValueError, match="only a computer has a strength"):
        Seat("person", "Alva", "expert")
    with pytest.raises(ValueError, match="a seat is one of"):
        Seat("robot")


def test_the_strengths_are_the_engines():
    assert STRENGTHS == ai.PLAYER_NAMES
    assert STAND_IN in STRENGTHS
    assert [Seat.parse(s).strength for s in STRENGTHS] == list(STRENGTHS)


def test_typed_names_are_trimmed_capped_and_kept_as_text():
    assert clean_name("  Alva\t Berg\n") == "Alva Berg"
    assert clean_name("Bo\x00\u202e\x1b[31m") == "Bo[31m"  # control and format characters go
    assert clean_name("") is None and clean_name(" \n ") is None and clean_name(None) is None
    assert len(clean_name("Å" * 500)) == NAME_LIMIT
    assert clean_name("<img src=x onerror=alert(1)>") == "<img src=x onerror=a"  # kept as text
    assert Seat.person("   ").name is None
    with pytest.raises(TypeError):
        clean_name(42)


# -- construction -----------------------------------------------------------------------------------


def test_the_engine_checks_the_number_of_players():
    for n in (1, 9):
        with pytest.raises(ValueError, match=r"2 to 8 players.*R1"):
            PlaySession(["person"] + ["expert"] * (n - 1))
        with pytest.raises(ValueError, match=r"2 to 8 players.*R1"):
            PlaySession(["person"] + ["expert"] * (n - 1), match=True)
    with pytest.raises(ValueError, match="the game has 3 seats, not 2"):
        PlaySession(["person", "expert"], game=position())
    with pytest.raises(ValueError, match="either game= or match=True"):
        PlaySession(["person", "expert", "expert"], game=position(), match=True)
    with pytest.raises(TypeError):
        PlaySession("person")
    for n in range(2, 9):
        s = PlaySession([Seat.person()] * (n // 2) + [Seat.computer("random")] * (n - n // 2), seed=n)
        assert s.players == n == s.game.players


def test_the_same_seed_gives_the_same_session():
    one, two = people_and_a_computer(seed=5), people_and_a_computer(seed=5)
    assert one.game.deck == two.game.deck
    assert people_and_a_computer(seed=6).game.deck != one.game.deck


# -- turns --------------------------------------------------------------------------------------------


def test_turns_and_the_errors_of_the_session():
    s = people_and_a_computer(game=position())
    assert s.to_move == 0 and s.waiting_for() == "person"
    before = snapshot(s.game)
    with pytest.raises(NotYourTurn) as no:
        s.play(1, "draw")
    assert no.value.text("en") == "Wait – it is Alva's turn." and str(no.value) == no.value.text("en")
    assert no.value.text("sv") == "Vänta – nu är det Alvas tur."
    assert isinstance(no.value, SessionError) and isinstance(no.value, ValueError)
    with pytest.raises(BadSeat, match="no seat 7 at the table"):
        s.play(7, "draw")
    with pytest.raises(BadSeat):
        s.play(True, "draw")
    # the engine's own errors pass through unchanged and change nothing
    with pytest.raises(v.IllegalMoveError) as bad:
        s.play(0, "K♠")
    assert bad.value.verdict == s.game.check("K♠")
    with pytest.raises(v.InvalidMoveError):
        s.play(0, "K♠♠")
    assert snapshot(s.game) == before and len(s.log) == 1
    entry = s.play(0, "7♥")
    assert (entry.kind, entry.seat, str(entry.move), entry.ply, entry.round) == ("move", 0, "7♥", 1, 1)
    assert entry.verdict.legal and s.log[-1] is entry and s.to_move == 1
    s.play(1, "draw")
    assert s.to_move == 1
    s.play(1, "draw")
    s.play(1, "draw")
    s.play(1, "pass")
    assert s.waiting_for() == "computer"
    with pytest.raises(ComputerSeat, match="The computer plays for Player 3"):
        s.play(2, "draw")
    assert s.run_computers() >= 1 and s.waiting_for() == "person"
    assert s.computer_move() is None  # a person's turn: no computer moves


def test_a_round_over_refuses_moves_and_deals_the_next():
    s = PlaySession(["random", "random"], seed=1)
    assert s.run_computers() > 0 and s.is_over and s.to_move is None and s.waiting_for() is None
    with pytest.raises(RoundOver, match="The round is over"):
        s.play(0, "draw")
    with pytest.raises(RoundOver):
        s.hint(playouts=10)
    points = s.game.points()
    assert s.totals == points
    first = s.game
    s.next_round()
    assert s.game is not first and s.game.dealer == 1 and s.round_number == 2
    assert s.totals == points  # counted once
    assert [e.kind for e in s.log] == ["start"]


def test_a_match_waits_for_its_round_and_starts_anew_when_over():
    s = PlaySession(["random", "expert", "random"], seed=2, match=True)
    with pytest.raises(RoundNotOver, match="Finish the round first"):
        s.next_round()
    rounds = 1
    while not s.match_over:
        s.run_computers()
        assert s.totals == s.match.totals
        if not s.match_over:
            s.next_round()
            rounds += 1
            assert s.round_number == rounds
    assert rounds > 1
    old = s.match
    s.next_round()
    assert s.match is not old and s.round_number == 1 and s.totals == [0, 0, 0]


# -- computers and stand-ins ------------------------------------------------------------------------


def test_a_covered_seat_is_played_by_a_stand_in_until_given_back():
    s = people_and_a_computer(game=position())
    told: list[Change] = []
    s.subscribe(told.append)
    s.cover(0)
    assert s.covered == {0} and s.waiting_for() == "computer"
    assert told == [Change("cover", None, 0)]
    s.cover(0)  # no change, nobody told
    assert len(told) == 1
    with pytest.raises(ComputerSeat):
        s.play(0, "7♥")
    assert s.computer(0).name == STAND_IN
    entry = s.computer_move()
    assert entry.seat == 0 and s.to_move == 1
    s.cover(0, on=False)
    assert s.covered == frozenset() and told[-1] == Change("cover", None, 0)
    with pytest.raises(NotAPerson, match="Player 3 is a computer player"):
        s.cover(2)


def test_the_computers_see_only_their_own_seat(monkeypatch):
    seen = []
    real = ai.SeatView.of

    def spy(game, seat=None, **kw):
        view = real(game, seat, **kw)
        seen.append((seat, view.seat))
        return view

    monkeypatch.setattr(ai.SeatView, "of", spy)
    s = PlaySession(["person", "expert", "random"], seed=4)
    s.run_computers()
    assert seen and all(a == b and a in (1, 2) for a, b in seen)


# -- observers and the presenter ----------------------------------------------------------------


def test_subscribers_hear_of_every_change_and_can_stop():
    s = people_and_a_computer(game=position())
    told: list[Change] = []
    stop = s.subscribe(told.append)
    with pytest.raises(v.IllegalMoveError):
        s.play(0, "K♠")
    assert told == []  # a refused move is no change
    entry = s.play(0, "7♥")
    assert told == [Change("move", entry)]
    s.next_round()
    assert told[-1].kind == "round" and told[-1].entry.kind == "start" and told[-1].entry.round == 2
    stop()
    stop()  # twice is harmless
    s.run_computers()
    assert len(told) == 2


def test_the_presenter_hides_the_cards_others_drew():
    s = people_and_a_computer(game=position())
    s.play(0, "draw")  # Alva draws 10♠
    entry = s.log[-1]
    mine = s.entry_text(entry, "en", viewer=0)
    theirs = s.entry_text(entry, "en", viewer=1)
    nobody = s.entry_text(entry, "sv", viewer=None)
    assert "10♠" in mine and mine.startswith("You draw a card")
    assert "10♠" not in theirs and theirs == "Alva draws a card (R8)."
    assert "10♠" not in nobody and "Alva drar ett kort" in nobody
    assert s.start_text(s.log[0], "en").endswith("Alva begins.")
    with pytest.raises(ValueError):
        s.entry_lines(s.log[0], "en", viewer=0)


def test_the_hint_is_for_the_seat_to_move():
    s = people_and_a_computer(game=position(), hint_playouts=50)
    h = s.hint()
    assert h.candidates and {str(c.move) for c in h.candidates} <= {str(m) for m in s.game.legal_moves()}


# -- storing and restoring ------------------------------------------------------------------------


def _play_on(s: PlaySession, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        if s.is_over:
            if s.match_over:
                return
            s.next_round()
        elif s.waiting_for() == "computer":
            s.computer_move()
        else:
            s.play(s.to_move, rng.choice(list(s.game.legal_moves())))


def _same(a: PlaySession, b: PlaySession) -> None:
    assert a.to_dict() == b.to_dict()
    assert a.game.moves == b.game.moves and a.round_number == b.round_number and a.totals == b.totals
    assert [(e.kind, e.seat, e.move, e.ply) for e in a.log] == [
        (e.kind, e.seat, e.move, e.ply) for e in b.log
    ]
    assert [e.verdict for e in a.log] == [e.verdict for e in b.log]


def test_a_snapshot_restores_the_round_at_the_same_move_and_plays_on_the_same():
    s = PlaySession(
        [Seat.person("Alva"), Seat.computer("strong"), Seat.remote(), Seat.computer("random")], seed=9
    )
    s.cover(2)
    _play_on(s, random.Random(1), 7)
    assert not s.is_over and s.game.ply >= 7
    data = json.loads(json.dumps(s.to_dict()))
    back = PlaySession.from_dict(data)
    _same(s, back)
    assert back.covered == {2} and back.seats == s.seats
    # and it goes on exactly as the original (the computers' choices included)
    _play_on(s, random.Random(2), 40)
    _play_on(back, random.Random(2), 40)
    _same(s, back)


def test_a_snapshot_restores_a_match_mid_match():
    s = PlaySession(["person", "expert", "random"], seed=3, match=True, rules=v.Rules(lappen=True))
    rng = random.Random(5)
    while s.round_number < 2 or s.game.ply < 6:
        _play_on(s, rng, 1)
        assert not s.match_over
    data = json.loads(json.dumps(s.to_dict()))
    back = PlaySession.from_dict(data)
    _same(s, back)
    assert back.match.rounds[0][1].moves == s.match.rounds[0][1].moves
    assert back.rules == v.Rules(lappen=True)
    _play_on(s, random.Random(6), 300)
    _play_on(back, random.Random(6), 300)
    _same(s, back)


def test_a_snapshot_of_a_table_of_rounds_keeps_its_tally():
    s = PlaySession(["random", "beginner"], seed=12)
    s.run_computers()
    s.next_round()
    s.run_computers(max_moves=3)
    back = PlaySession.from_dict(json.loads(json.dumps(s.to_dict())))
    _same(s, back)
    back.run_computers()
    back.next_round()
    s.run_computers()
    s.next_round()
    _same(s, back)


def test_a_damaged_snapshot_is_refused():
    s = people_and_a_computer(seed=1)
    with pytest.raises(ValueError, match="not a vandatta-session snapshot"):
        PlaySession.from_dict({"format": "something else"})
    data = s.to_dict()
    data["game"]["moves"] = ["K♠♠"]
    with pytest.raises(ValueError):
        PlaySession.from_dict(data)


def test_a_snapshot_of_a_lessons_position_restores_it_and_deals_on_the_same():
    s = people_and_a_computer(game=position(), seed=2)
    s.play(0, "7♥")
    s.play(1, "draw")
    back = PlaySession.from_dict(json.loads(json.dumps(s.to_dict())))
    _same(s, back)
    for session in (s, back):
        session.play(1, "pass") if session.game.is_legal("pass") else session.play(1, "draw")
        session.run_computers()
        session.next_round()
    _same(s, back)
    assert back.round_number == 2 and back.game.deck == s.game.deck
