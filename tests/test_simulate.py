"""The tournament runner, rule counts, the demo and the `vandatta simulate` command."""

from __future__ import annotations

import io
import json
import random
from contextlib import redirect_stdout

import pytest

import vandatta as v
from vandatta.ai.simulate import (
    demo_game,
    format_table,
    parse_bots,
    play_random_game,
    random_move,
    rule_counts,
    simulate,
    tournament,
    wilson,
)
from vandatta.cli import main


def without_timing(result: dict) -> dict:
    return {k: val for k, val in result.items() if k != "timing"}


def test_tournament_summarises_wins_points_lengths_and_rules():
    calls = []
    r = tournament(
        "expert,random,random",
        games=24,
        seed=3,
        workers=1,
        rules=v.Rules.parse("v3"),
        progress=lambda done, total: calls.append((done, total)),
    )
    assert r["games"] == 24 and r["players"] == 3 and r["rules"] == "v3"
    assert [e["label"] for e in r["entries"]] == ["expert", "random #1", "random #2"]
    assert sum(e["wins"] for e in r["entries"]) + r["blocked"] == 24
    assert sum(r["seat_wins"]) + r["blocked"] == 24
    for e in r["entries"]:
        lo, hi = e["ci95"]
        assert 0 <= lo <= e["win_rate"] <= hi <= 1
        assert e["average_points"] >= 0
    assert len(r["lengths"]) == 24 and r["plies"]["min"] <= r["plies"]["median"] <= r["plies"]["max"]
    fired = r["rules_fired"]
    assert fired["plays"] > 0 and fired["draws"] > 0 and fired["lappen_calls"] > 0
    assert fired["blocked"] == r["blocked"]
    assert calls[0] == (0, 24) and calls[-1] == (24, 24)
    json.dumps(r)  # plain data, ready for plots


def test_the_expert_beats_random_players():
    r = tournament(["expert", "random", "random", "random"], games=40, seed=1, workers=1)
    assert r["entries"][0]["win_rate"] > 0.5


def test_tournament_is_deterministic_for_a_seed_and_any_number_of_workers():
    bots = ["expert", "beginner", {"player": "strong", "playouts": 8, "label": "strong"}]
    one = tournament(bots, games=6, seed=5, workers=1)
    two = tournament(bots, games=6, seed=5, workers=2, chunk=1)
    assert without_timing(one) == without_timing(two)
    assert without_timing(tournament("expert,random", games=9, seed=5, workers=1, chunk=2)) == without_timing(
        tournament("expert,random", games=9, seed=5, workers=2, chunk=4)
    )
    other = tournament(bots, games=6, seed=6, workers=1)
    assert without_timing(other) != without_timing(one)


def test_seats_rotate():
    r = tournament(["expert", "random"], games=10, seed=2, workers=1)
    # every entry sat in both seats: the seat that won is not always the expert's seat
    assert r["games"] == 10 and len(r["seat_wins"]) == 2


def test_matches_to_100():
    r = tournament(["expert", "expert", "beginner"], games=3, matches=True, seed=1, workers=1)
    assert r["mode"] == "matches" and len(r["rounds"]) == 3
    assert all(n >= 1 for n in r["rounds"])
    assert sum(e["wins"] for e in r["entries"]) + r["blocked"] == pytest.approx(3)
    assert any(e["average_points"] >= 100 for e in r["entries"])
    assert "games to 100" in format_table(r)


def test_parse_bots():
    entries = parse_bots("strong:50, expert ,random,random")
    assert entries[0] == {"player": "strong", "options": {"playouts": 50}, "label": "strong:50"}
    assert [e["label"] for e in entries[2:]] == ["random #1", "random #2"]
    with pytest.raises(ValueError, match="unknown player"):
        parse_bots("expert,wizard")
    with pytest.raises(ValueError, match="playouts"):
        parse_bots("strong:many")


def test_rule_counts_of_a_scripted_game():
    g = v.Game.from_position(hands=["A♠ 5♠ 7♥", "2♦ 3♦ 4♠"], top="7♠", talon="9♠ 4♦ 2♣ 5♥")
    g.play("A♠")
    g.play("5♠")
    g.play("draw")
    counts = rule_counts(g)
    assert counts["aces"] == 1 and counts["plays"] == 2 and counts["draws"] == 1
    assert counts["eights"] == 0 and counts["blocked"] == 0


def test_wilson_interval():
    lo, hi = wilson(0, 10)
    assert lo == 0 and 0.2 < hi < 0.35
    lo, hi = wilson(500, 1000)
    assert lo == pytest.approx(1 - hi) and hi - lo < 0.07


def test_old_helpers_still_work():
    g = play_random_game(3, seed=4)
    assert g.is_over
    g = v.Game.deal(2, seed=1)
    assert g.is_legal(random_move(g, random.Random(1)))
    r = simulate(games=6, players=2, seed=1)
    assert r["games"] == 6 and r["entries"][0]["player"] == "random"


def test_demo_uses_the_bots():
    g = demo_game(players=3, seed=2)
    assert g.is_over
    assert [p["player"] for p in g.player_info] == ["strong", "expert", "beginner"]


def test_cli_prints_the_table_and_writes_json(tmp_path):
    path = tmp_path / "result.json"
    out = io.StringIO()
    with redirect_stdout(out):
        status = main(
            [
                "simulate",
                "--games",
                "16",
                "--players",
                "4",
                "--bots",
                "expert,random,random,random",
                "--rules",
                "v1,v3",
                "--workers",
                "1",
                "--json",
                str(path),
            ]
        )
    text = out.getvalue()
    assert status == 0
    assert "16 rounds · 4 players · rules: v1,v3" in text
    lines = [line for line in text.splitlines() if line.startswith(("expert", "random"))]
    assert len(lines) == 4 and all("%" in line and "(" in line for line in lines)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["games"] == 16 and data["entries"][0]["label"] == "expert"


def test_cli_refuses_a_mismatched_lineup(capsys):
    assert main(["simulate", "--games", "2", "--players", "3", "--bots", "expert,random"]) == 2
    assert "--bots names 2 players" in capsys.readouterr().err
