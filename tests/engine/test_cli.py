"""The ``vandatta`` command: replay, validate, simulate and demo, through ``cli.main``."""

from __future__ import annotations

import json
import random
import subprocess

import pytest

import vandatta as v
from tests.conftest import PACKAGE_ROOT, child_env, cli_command, run_cli
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
    record = v.write_record(game)
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
    record = v.write_record(game)
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


# -- hardening: every file checked, no traceback, nothing raw on the terminal ---------------------


def _write(path, record: dict) -> str:
    path.write_text(json.dumps(record), encoding="utf-8")  # ASCII JSON: "\ud800" stays an escape
    return str(path)


def test_validate_checks_every_file_and_names_each(capsys, tmp_path, game, record_file):
    surrogate = v.write_record(game)
    surrogate["players"][0]["name"] = "Anna\ud800"
    bad = v.write_record(game)
    bad["moves"][0] = "K♠ Q♠"
    paths = [str(record_file), _write(tmp_path / "surr.json", surrogate), _write(tmp_path / "bad.json", bad)]
    assert main(["validate", *paths]) == 1
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert len(lines) == 3 and captured.err == ""
    assert lines[0].startswith(f"{paths[0]}: ok — ")
    assert lines[1] == (
        f"{paths[1]}: INVALID: field 'players[0].name' has a character that cannot be shown: "
        "U+D800 (half of a UTF-16 pair) at character 5"
    )
    assert lines[2].startswith(f"{paths[2]}: INVALID: move 1 ('K♠ Q♠'): ")
    assert main(["validate", "--lang", "sv", *paths]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"{paths[0]}: ok — {game.ply} drag, vunnen av {game.player_name(game.winner)}"
    assert lines[1].startswith(
        f"{paths[1]}: OGILTIG: fältet 'players[0].name' har ett tecken som inte går att visa"
    )
    assert lines[2].startswith(f"{paths[2]}: OGILTIG: drag 1 ('K♠ Q♠'): ")


def test_validate_goes_on_after_an_unexpected_error(capsys, tmp_path, record_file, monkeypatch):
    import vandatta.cli as cli

    real = cli.load
    calls = []

    def load(path):
        calls.append(path)
        if len(calls) == 1:
            raise MemoryError("no room")
        return real(path)

    monkeypatch.setattr(cli, "load", load)
    assert main(["validate", str(record_file), str(record_file)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"{record_file}: INVALID: could not be checked: MemoryError: no room"
    assert lines[1].startswith(f"{record_file}: ok")


HOSTILE = "\x1b[2J\x1b]0;pwned\x07Bo\r\nEve\u202eevE\x9b31m"


def test_names_cannot_drive_the_terminal(capsys, tmp_path):
    g = v.Game.deal(players=2, seed=4, names=["Anna", "Bo"])
    rng = random.Random(4)
    while not g.is_over:
        g.play(random_move(g, rng))
    record = v.write_record(g)
    record["players"][1]["name"] = HOSTILE
    path = tmp_path / ("x\x1b[31m.json")
    _write(path, record)
    for argv in (["replay", str(path)], ["validate", str(path)], ["replay", str(path), "--lang", "sv"]):
        assert main(argv) == 0
        out = capsys.readouterr().out
        assert not any(ch in out for ch in "\x1b\x07\r\x9b\u202e"), repr(out)
        assert "x\\x1b[31m.json" in out or argv[0] == "replay"
        if argv[0] == "replay" or g.winner == 1:
            assert "\\x1b[2J\\x1b]0;pwned\\x07Bo\\r\\nEve\\u202eevE\\x9b31m" in out
        assert all(line.isprintable() for line in out.splitlines())


def test_error_lines_are_escaped_too(capsys, tmp_path):
    path = tmp_path / "evil\x1b[2J.json"
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err == f"error: {tmp_path}/evil\\x1b[2J.json: no such file\n"


def test_terminal_text_keeps_what_is_harmless():
    from vandatta.cli import terminal_text

    kept = "Åsa 👩\u200d👧 Zoë\u00a0Ngozi 🂡 8♠ ٱلْ \u200cx"
    assert terminal_text(kept) == kept
    assert terminal_text("a\tb\x00c\x7fd\u2028e\ud800") == "a\\tb\\x00c\\x7fd\\u2028e\\ud800"


def test_a_terminal_that_is_not_utf8_gets_escapes_not_a_traceback(tmp_path, record_file):
    run = run_cli("replay", str(record_file), "--lang", "sv", PYTHONIOENCODING="ascii")
    assert run.returncode == 0, run.stderr.decode()
    assert run.stderr == b"" and b"Po\\xe4ng (S1): " in run.stdout


def test_a_closed_pipe_ends_quietly(tmp_path):
    g = None
    for seed in range(100):  # a narration longer than a pipe's buffer
        g = v.Game.deal(players=6, seed=seed)
        rng = random.Random(seed)
        while not g.is_over and g.ply < 3000:
            g.play(random_move(g, rng))
        if g.ply >= 1500:
            break
    path = tmp_path / "long.json"
    dump(g, path)
    with subprocess.Popen(
        cli_command("replay", str(path)),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=child_env(),
        cwd=PACKAGE_ROOT,
    ) as child:
        assert child.stdout.readline().startswith(b"Start: ")
        child.stdout.close()  # like `| head -1`
        err = child.stderr.read()
        status = child.wait(timeout=120)
    assert err == b"", err.decode()
    assert status == 1


def test_ctrl_c_is_one_line(capsys, record_file, monkeypatch):
    import vandatta.cli as cli

    def interrupted(path):
        raise KeyboardInterrupt

    def run(argv):
        try:
            return main(argv)
        except KeyboardInterrupt:  # not re-raised: it would end the test session
            pytest.fail("KeyboardInterrupt escaped main()")

    monkeypatch.setattr(cli, "load", interrupted)
    assert run(["validate", str(record_file)]) == 130
    assert capsys.readouterr().err == "interrupted\n"
    assert run(["replay", str(record_file), "--lang", "sv"]) == 130
    assert capsys.readouterr().err == "avbrutet\n"


def test_a_bug_is_one_line_not_a_traceback(capsys, record_file, monkeypatch):
    import vandatta.cli as cli

    def broken(game, **options):
        raise TypeError("oops")

    monkeypatch.setattr(cli, "narrate", broken)
    monkeypatch.delenv("VANDATTA_TRACEBACK", raising=False)
    assert main(["replay", str(record_file)]) == 70
    assert capsys.readouterr().err == "error: internal error (TypeError: oops); please report it\n"
    monkeypatch.setenv("VANDATTA_TRACEBACK", "1")
    with pytest.raises(TypeError, match="oops"):
        main(["replay", str(record_file)])


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--players", "1"],
        ["simulate", "--games", "0"],
        ["simulate", "--games", "-5"],
        ["simulate", "--workers", "0"],
        ["simulate", "--playouts", "0"],
        ["simulate", "--games", "ten"],
        ["demo", "--players", "9"],
        ["validate", "x.json", "--lang", "de"],
    ],
)
def test_numbers_out_of_range_are_usage_errors(capsys, argv):
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "usage" in err and ("must be" in err or "not a whole number" in err or "language" in err)


@pytest.mark.parametrize("command", ["simulate", "demo"])
def test_a_billion_players_is_a_usage_error_not_a_billion_item_list(command):
    run = run_cli(command, "--players", "1000000000")  # in a child with a memory cap
    err = run.stderr.decode()
    assert run.returncode == 2 and "usage" in err and "must be from 2 to 8" in err, err
