"""The tournament runner, rule counts, the demo and the `vandatta simulate` command."""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import time
from contextlib import redirect_stdout
from pathlib import Path

import pytest

import vandatta as v
from tests.conftest import PACKAGE_ROOT, child_env, cli_command, limit_memory
from tests.helpers.processes import children, running, status_kb
from vandatta.ai.players import ExpertPlayer
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
    lengths = [plies for plies, n in r["length_counts"] for _ in range(n)]
    assert len(lengths) == 24 and lengths == sorted(lengths)
    assert r["plies"] == {
        "mean": statistics.fmean(lengths),
        "median": statistics.median(lengths),
        "min": min(lengths),
        "max": max(lengths),
    }
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


_TEST_PROCESS = os.getpid()


class _FailsInAWorker(ExpertPlayer):
    """An expert that fails on its first decision in any process but the test's."""

    def __init__(self, seed=None, *, how: str = "raise") -> None:
        super().__init__(seed)
        self.how = how

    def choose(self, view):
        if os.getpid() != _TEST_PROCESS:
            if self.how == "raise":
                raise ValueError("this player gives up")
            os._exit(3)  # a worker that dies outright
        return super().choose(view)


@pytest.mark.parametrize(
    ("how", "error", "message"),
    [
        ("raise", ValueError, "this player gives up"),
        ("exit", RuntimeError, "ended unexpectedly .exit code 3"),
    ],
)
def test_a_failing_worker_stops_the_tournament_and_leaves_no_process(how, error, message):
    import multiprocessing

    bots = [{"player": _FailsInAWorker, "how": how, "label": "fails"}, "expert"]
    with pytest.raises(error, match=message) as failure:
        tournament(bots, games=12, seed=5, workers=2, chunk=1)
    if how == "raise" and sys.version_info >= (3, 11):  # (exception notes are 3.11's)
        assert "in a simulation worker" in failure.value.__notes__[0]
    assert multiprocessing.active_children() == []


def test_seats_rotate():
    r = tournament(["expert", "random"], games=10, seed=2, workers=1)
    # every entry sat in both seats: the seat that won is not always the expert's seat
    assert r["games"] == 10 and len(r["seat_wins"]) == 2


def test_matches_to_100():
    r = tournament(["expert", "expert", "beginner"], games=3, matches=True, seed=1, workers=1)
    assert r["mode"] == "matches" and sum(n for _, n in r["round_counts"]) == 3
    assert all(rounds >= 1 for rounds, _ in r["round_counts"])
    rounds = [value for value, n in r["round_counts"] for _ in range(n)]
    assert r["rounds_per_match"] == statistics.fmean(rounds)
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


# -- stopping and memory: `vandatta simulate` in a child process ----------------------------------

needs_proc = pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc (Linux)")


def _until(condition, timeout: float, what: str, *, every: float = 0.1):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(every)
    pytest.fail(f"timed out after {timeout} s waiting for {what}")


class _Simulation:
    """``vandatta simulate ARGS`` in a child of its own session (so a test can send Ctrl-C to
    its whole process group, as a terminal does), stderr in a file."""

    def __init__(self, tmp_path: Path, *args: str) -> None:
        self.err_path = tmp_path / "stderr.txt"
        self._err = open(self.err_path, "wb")  # noqa: SIM115 - closed in close()
        self.child = subprocess.Popen(
            cli_command("simulate", *args),
            stdout=subprocess.DEVNULL,
            stderr=self._err,
            stdin=subprocess.DEVNULL,
            env=child_env(PYTHONFAULTHANDLER="1"),  # see wait()
            cwd=PACKAGE_ROOT,
            start_new_session=True,
            preexec_fn=limit_memory,
        )
        self.workers: set[int] = set()

    @property
    def stderr(self) -> str:
        return self.err_path.read_bytes().decode("utf-8", "replace")  # "\r" kept: progress lines use it

    def wait(self, timeout: float = 60) -> int:
        """The command's status; if it has not ended within ``timeout`` seconds, the test
        fails with where each of its processes was stuck (faulthandler's tracebacks of every
        thread, printed on SIGABRT)."""
        try:
            return self.child.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            for pid in [*children(self.child.pid), self.child.pid]:  # one at a time: stderr is shared
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGABRT)
                time.sleep(1)
            pytest.fail(f"the command had not ended after {timeout} s; its processes were at:\n{self.stderr}")

    def wait_for_workers(self, n: int) -> set[int]:
        def started() -> set[int] | None:
            found = {pid for pid in children(self.child.pid) if running(pid)}
            return found if len(found) >= n else None

        self.workers = _until(started, 60, f"{n} workers")
        return self.workers

    def close(self) -> None:
        """Whatever the test found, leave nothing running."""
        for pid in [self.child.pid, *self.workers]:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(OSError):
            os.killpg(self.child.pid, signal.SIGKILL)
        self.child.wait(30)
        self._err.close()


@pytest.fixture
def simulation(tmp_path):
    started: list[_Simulation] = []

    def start(*args: str) -> _Simulation:
        started.append(_Simulation(tmp_path, *args))
        return started[-1]

    yield start
    for s in started:
        s.close()


@needs_proc
@pytest.mark.slow
@pytest.mark.parametrize("how", ["SIGINT", "SIGTERM"])
@pytest.mark.parametrize(
    "games",
    [["--games", "1000000000"], ["--matches", "--bots", "strong,strong", "--games", "1000"]],
    ids=["rounds", "matches"],
)
def test_simulate_stops_cleanly_on_a_signal(simulation, how, games):
    run = simulation(*games, "--workers", "2")
    workers = run.wait_for_workers(2)
    signum = getattr(signal, how)
    if how == "SIGINT":
        os.killpg(run.child.pid, signum)  # Ctrl-C: the terminal signals the whole process group
    else:
        run.child.send_signal(signum)  # `kill PID`: the parent only
    status = run.wait(60)
    _until(lambda: not any(running(pid) for pid in workers), 10, "the workers to end")
    err = run.stderr
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert re.fullmatch(rf"stopped by {how} after \d+ of {games[-1]} games\n", err), err
    assert status == 128 + signum


@needs_proc
def test_simulate_in_one_process_stops_cleanly_on_sigterm(simulation):
    run = simulation("--games", "1000000000", "--workers", "1", "--progress")
    _until(lambda: "/1000000000 games" in run.stderr, 60, "the first progress")
    run.child.send_signal(signal.SIGTERM)
    assert run.wait(60) == 143
    last = run.stderr.splitlines()[-1]
    assert re.fullmatch(r"stopped by SIGTERM after \d+ of 1000000000 games", last), run.stderr
    assert "Traceback" not in run.stderr


@needs_proc
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers end with their parent on Linux")
def test_workers_end_when_the_parent_is_killed_outright(simulation):
    # strong players: a worker is deep in a chunk of whole games, not about to notice the
    # parent's pipe close
    run = simulation("--matches", "--bots", "strong,strong", "--games", "1000", "--workers", "2")
    workers = run.wait_for_workers(2)
    run.child.kill()  # SIGKILL: no handler runs in the parent
    run.wait(60)
    _until(lambda: not any(running(pid) for pid in workers), 20, "the orphaned workers to end")


@needs_proc
def test_a_billion_games_start_as_small_as_a_thousand(simulation):
    """No list of every chunk or seed up front: the peak memory of a run of 10**9 games,
    after its first games, is that of a small run (today about 20 MB; it was 690 MB)."""
    run = simulation("--games", "1000000000", "--workers", "2", "--progress")
    _until(lambda: re.search(r"\r[1-9]\d*/1000000000 games", run.stderr), 120, "the first games")
    peak_kb = status_kb(run.child.pid, "VmHWM")
    assert peak_kb is not None, "the command has no VmHWM in /proc"
    peak_mb = peak_kb / 1024
    os.killpg(run.child.pid, signal.SIGINT)
    assert run.wait(60) == 130
    assert peak_mb < 100, f"{peak_mb:.0f} MB before the first games"


@pytest.mark.slow
def test_results_are_added_up_as_they_come_not_kept():
    """What the tournament keeps grows by about nothing per game (it kept ~1 KB a game): the
    memory still held by the simulation module's own lines, after 40 and after 160 games."""
    import tracemalloc

    import vandatta.ai.simulate as simulate_module

    held: dict[int, int] = {}

    def progress(done: int, total: int) -> None:
        if done in (40, 160):
            only_ours = tracemalloc.Filter(True, simulate_module.__file__)
            snapshot = tracemalloc.take_snapshot().filter_traces([only_ours])
            held[done] = sum(stat.size for stat in snapshot.statistics("filename"))

    tracemalloc.start()
    try:
        r = tournament("random,random", games=160, seed=1, workers=1, chunk=20, progress=progress)
    finally:
        tracemalloc.stop()
    assert r["games"] == 160
    growth = held[160] - held[40]
    assert growth < 30_000, f"{growth} bytes more after 120 more games"


def test_the_summary_of_an_odd_number_of_games():
    r = tournament("expert,random", games=9, seed=5, workers=1)
    lengths = [plies for plies, n in r["length_counts"] for _ in range(n)]
    assert len(lengths) == 9
    assert r["plies"]["median"] == statistics.median(lengths)
    assert r["plies"]["mean"] == statistics.fmean(lengths)


@needs_proc
@pytest.mark.slow
def test_a_signal_while_the_workers_start_leaves_nothing_behind(simulation):
    """The race a fixed delay hides: Ctrl-C or SIGTERM as the first worker appears, before
    the pool is ready and before a worker has set itself up. Ten tries, a few ms apart."""
    for attempt in range(10):
        run = simulation("--matches", "--bots", "strong,strong", "--games", "1000", "--workers", "2")
        first = _until(lambda run=run: children(run.child.pid), 60, "the first worker", every=0.001)
        time.sleep(attempt * 0.002)
        how = "SIGINT" if attempt % 2 else "SIGTERM"
        signum = getattr(signal, how)
        if how == "SIGINT":
            os.killpg(run.child.pid, signum)
        else:
            run.child.send_signal(signum)
        status = run.wait(60)
        workers = first | children(run.child.pid)
        _until(lambda workers=workers: not any(running(pid) for pid in workers), 10, "the workers to end")
        assert "Traceback" not in run.stderr, (attempt, run.stderr)
        assert status == 128 + signum, (attempt, status, run.stderr)
