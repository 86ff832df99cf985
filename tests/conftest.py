"""Shared helpers for the engine tests (standard library and vandatta only).

The helpers are offered as session-scoped fixtures, so hypothesis tests may use them too:

- ``snapshot(game)``: everything a game holds, public and private, in comparable form;
  two snapshots are equal exactly when nothing about the game changed.
- ``illegal(game, move, rule)``: asserts ``play(move)`` raises ``IllegalMoveError`` whose
  verdict cites ``rule``, that ``check(move)`` says the same, and that the game is exactly
  unchanged; returns the verdict.
- ``invalid(game, text)``: asserts ``check`` and ``play`` both raise ``InvalidMoveError``
  and the game is unchanged.
- ``run_cli(*args)`` (import it): ``vandatta ARGS`` in a child interpreter on the package
  under test, with a timeout and a memory cap, so a regression that reads without end or
  builds a billion-item list fails the test instead of hanging it or swapping the machine.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import vandatta as v


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests marked ``slow`` run first, in their order, the rest after in theirs: with
    the suite spread over the cores (pytest-xdist, a file to a worker), a long file started
    last would keep one core busy while the other waits."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def snapshot(game: v.Game) -> dict:
    """Every slot of ``game`` (lists copied, the random generator's state), plus the
    public views and the record."""
    state: dict = {}
    for name in v.Game.__slots__:
        if name in ("_table", "_legal"):  # caches of the position's rules, filled when asked
            continue
        value = getattr(game, name)
        if name == "_rng":
            value = value.getstate()
        elif name in ("_hands", "_events"):
            value = tuple(tuple(x) for x in value)
        elif name in ("_talon", "_pile", "_lappen", "_moves", "_start_events"):
            value = tuple(value)
        elif name == "player_info":
            value = tuple(tuple(sorted(p.items(), key=lambda kv: kv[0])) for p in value)
        elif name in ("_annotations", "_start"):
            value = repr(value)
        state[name] = value
    state["public"] = (
        game.hands,
        game.talon,
        game.pile,
        game.top,
        game.to_move,
        game.declaration,
        game.current_suit,
        game.current_rank,
        game.follow_up_suit,
        game.draws_this_turn,
        game.must_draw,
        game.lappen_called,
        game.is_over,
        game.winner,
        game.is_blocked,
        game.ply,
        tuple(game.legal_moves()),
    )
    state["record"] = repr(v.write_record(game)) if game.has_history else None
    return state


def illegal(game: v.Game, move: str | v.Move, rule: str | None) -> v.Verdict:
    before = snapshot(game)
    verdict = game.check(move)
    assert not verdict.legal, f"{move!r} should be illegal: {verdict.text('en')}"
    assert not game.is_legal(move)
    assert move not in game.legal_moves()
    with pytest.raises(v.IllegalMoveError) as info:
        game.play(move)
    assert info.value.verdict == verdict
    assert isinstance(info.value, ValueError)
    if rule is None:
        assert verdict.rules == ()
    else:
        assert rule in verdict.rules, f"{move!r}: {verdict.rules} lacks {rule}: {verdict.text('en')}"
    assert snapshot(game) == before, f"{move!r} changed the game"
    return verdict


def invalid(game: v.Game, text: str) -> v.InvalidMoveError:
    before = snapshot(game)
    with pytest.raises(v.InvalidMoveError):
        game.check(text)
    with pytest.raises(v.InvalidMoveError) as info:
        game.play(text)
    assert snapshot(game) == before
    return info.value


@pytest.fixture(scope="session", name="snapshot")
def snapshot_fixture():
    return snapshot


@pytest.fixture(scope="session", name="illegal")
def illegal_fixture():
    return illegal


@pytest.fixture(scope="session", name="invalid")
def invalid_fixture():
    return invalid


def permuted(game: v.Game, seat: int, rng: random.Random) -> v.Game:
    """The same position with every card ``seat`` cannot see (other hands, the talon) dealt
    anew in the same numbers, and a different generator for later reshuffles. A game
    without history: pair it with the round's public log (``SeatView.of(twin,
    log=PublicLog(game))``) for the view the seat had."""
    hidden = [c for s in range(game.players) if s != seat for c in game.hand(s)] + list(game.talon)
    held = len(hidden) - game.talon_size  # the other hands' cards come first
    dealt = hidden[:held]
    for _ in range(50):  # the hands dealt otherwise indeed: one shuffle of five cards keeps them 1 time in 5
        rng.shuffle(hidden)
        if hidden[:held] != dealt:
            break
    hands = {}
    i = 0
    for s in range(game.players):
        if s != seat:
            n = game.hand_size(s)
            hands[s] = hidden[i : i + n]
            i += n
    return game.with_hidden_cards(hands, hidden[i:], rng=random.Random(rng.random()))


PACKAGE_ROOT = str(Path(v.__file__).resolve().parent.parent)  # the worktree, or what PYTHONPATH chose
CHILD_TIMEOUT = 120  # seconds: generous on a loaded machine; the commands tested end in about 1 s
CHILD_MEMORY = 1 << 30  # 1 GiB of address space


def limit_memory() -> None:  # pragma: no cover - runs in the child
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (CHILD_MEMORY, CHILD_MEMORY))


def child_env(**extra: str) -> dict[str, str]:
    """The environment of a child interpreter running the package under test."""
    env = {**os.environ, "PYTHONPATH": PACKAGE_ROOT, **extra}
    env.pop("VANDATTA_TRACEBACK", None)
    return env


def cli_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "vandatta.cli", *args]


def run_cli(*args: str, timeout: float = CHILD_TIMEOUT, **env: str) -> subprocess.CompletedProcess:
    """``vandatta ARGS`` in a child interpreter (output as bytes)."""
    return subprocess.run(
        cli_command(*args),
        capture_output=True,
        timeout=timeout,
        env=child_env(**env),
        cwd=PACKAGE_ROOT,  # `python -m` puts the working directory first on the path
        preexec_fn=limit_memory if sys.platform != "win32" else None,
        stdin=subprocess.DEVNULL,
    )
