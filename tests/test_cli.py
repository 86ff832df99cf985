"""The ``vandatta`` command: replay, validate, simulate and demo, through ``cli.main``."""

from __future__ import annotations

import json
import random

import pytest

import vandatta as v
from vandatta.ai.simulate import random_move
from vandatta.cli import main
from vandatta.record import dump, narrate


@pytest.fixture(scope="module")
def game() -> v.Game:
    g = v.Game.deal(players=3, seed=12, names=["Anna", "Bo", "Cia"])
    rng = random.Random(12)
    while not g.is_over:
        g.play(random_move(g, rng))
    return g


@pytest.fixture
def record_file(tmp_path, game):
    path = tmp_path / "game.json"
    dump(game, path)
    return path


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_replay(capsys, record_file, game, lang):
    assert main(["replay", str(record_file), "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert out.splitlines() == narrate(game, lang=lang)
    assert out.startswith("Start: ")
    assert ("Poäng (S1): " if lang == "sv" else "Points (S1): ") in out


def test_replay_defaults_to_english_and_can_hide_draws(capsys, record_file, game):
    assert main(["replay", str(record_file)]) == 0
    assert capsys.readouterr().out.splitlines() == narrate(game, lang="en")
    assert main(["replay", str(record_file), "--hidden"]) == 0
    assert capsys.readouterr().out.splitlines() == narrate(game, lang="en", hidden=True)


def test_replay_of_a_bad_record_exits_1(capsys, tmp_path, game):
    record = game.to_record()
    record["moves"][2] = "K♠ Q♠"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    captured = capsys.readouterr()
    assert "move 3" in captured.err and captured.out == ""


def test_validate_ok(capsys, record_file, game):
    assert main(["validate", str(record_file)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{record_file}: ok")
    assert f"{game.ply} moves" in out
    assert game.player_name(game.winner) in out


def test_validate_unfinished_and_several_files(capsys, tmp_path, record_file):
    g = v.Game.deal(players=2, seed=1)
    g.play("draw")
    other = tmp_path / "unfinished.json"
    dump(g, other)
    assert main(["validate", str(record_file), str(other)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and "1 moves, unfinished" in lines[1]


def test_validate_invalid_exits_1(capsys, tmp_path, game, record_file):
    record = game.to_record()
    record["moves"].insert(0, "pass")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record), encoding="utf-8")
    junk = tmp_path / "junk.json"
    junk.write_text("{not json", encoding="utf-8")
    missing = tmp_path / "missing.json"
    assert main(["validate", str(record_file), str(bad), str(junk), str(missing)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"{record_file}: ok")
    assert lines[1].startswith(f"{bad}: INVALID: move 1 ('pass')")
    assert lines[2].startswith(f"{junk}: INVALID: ")
    assert lines[3].startswith(f"{missing}: INVALID: ")


def test_simulate(capsys, tmp_path):
    path = tmp_path / "sim.json"
    assert main(["simulate", "--games", "50", "--players", "3", "--seed", "1", "--json", str(path)]) == 0
    out = capsys.readouterr().out
    assert "50" in out and "blocked" in out
    result = json.loads(path.read_text(encoding="utf-8"))
    assert result["games"] == 50


def test_simulate_with_rules(capsys):
    assert main(["simulate", "--games", "50", "--rules", "v1,v3", "--workers", "1"]) == 0
    assert "50" in capsys.readouterr().out


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_demo(capsys, lang):
    assert main(["demo", "--lang", lang, "--players", "3", "--seed", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Start: ")
    assert lines[-1].startswith("Poäng (S1): " if lang == "sv" else "Points (S1): ")
    assert len(lines) > 3


@pytest.mark.parametrize(
    "argv",
    [[], ["replay"], ["replay", "x.json", "--lang", "de"], ["simulate", "--rules", "v9"], ["fly"]],
)
def test_bad_arguments_exit_2(capsys, argv):
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    assert "usage" in capsys.readouterr().err


def test_replay_of_a_missing_file_exits_2(capsys, tmp_path):
    assert main(["replay", str(tmp_path / "nope.json")]) == 2
    assert "error" in capsys.readouterr().err
