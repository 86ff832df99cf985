"""1,344 seeded random games over the grid 2–8 players × all 64 combinations of the six rule
switches, every one played to its end through the checked ``Game.play`` with
``vandatta.ai.random_move``, the invariants checked after every move.

Game ``i`` has ``2 + i % 7`` players and the switches of the bits of ``i % 64``; as 7 and 64
share no factor, every 448 games cover every (players, rules) pair once: three times here (a
smaller run than before, to keep CI well under its 20 minutes on a slow machine). The games are
shared between two worker processes (``benchmarks/soak.py`` plays 100,000 the same way).
"""

from __future__ import annotations

import multiprocessing
import os
import random
from concurrent.futures import ProcessPoolExecutor

import pytest

import vandatta as v
from vandatta.ai.simulate import random_move
from vandatta.cards import standard_deck
from vandatta.invariants import check_invariants
from vandatta.invariants import rules_grid as grid

pytestmark = pytest.mark.slow  # (started first: see tests/conftest.py)

GAMES = 1_344  # three times the 448 (players, rules) pairs
MAX_PLIES = 50_000  # random rounds average under a thousand moves; none comes near this
CHUNK = 50


def play_one(i: int) -> dict:
    players, rules = grid(i)
    game = v.Game.deal(players=players, seed=i, rules=rules)
    rng = random.Random(i * 7919 + 1)
    deck = standard_deck(decks=2 if players >= 6 else 1)
    start = sorted(c.index for c in deck)
    result = {"i": i, "players": players, "rules": str(rules), "failure": None}
    try:
        check_invariants(game, start, len(deck))
        while not game.is_over and game.ply < MAX_PLIES:
            game.play(random_move(game, rng))
            check_invariants(game, start, len(deck))
    except Exception as error:  # reported with the game's number, so it can be replayed
        result["failure"] = f"game {i} ({players} players, {rules}), ply {game.ply}: {error!r}"
    result.update(plies=game.ply, over=game.is_over, winner=game.winner, blocked=game.is_blocked)
    return result


def play_chunk(first: int) -> list[dict]:
    return [play_one(i) for i in range(first, min(first + CHUNK, GAMES))]


def test_random_games_over_the_grid():
    workers = max(1, min(2, os.cpu_count() or 1))
    firsts = range(0, GAMES, CHUNK)
    if workers > 1:
        # fork: the workers inherit this test module instead of importing it again
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else None)
        with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
            chunks = list(pool.map(play_chunk, firsts))
    else:
        chunks = [play_chunk(first) for first in firsts]
    results = [r for chunk in chunks for r in chunk]
    assert [r["i"] for r in results] == list(range(GAMES))
    failures = [r["failure"] for r in results if r["failure"]]
    assert failures == []
    unfinished = [r["i"] for r in results if not r["over"]]
    assert unfinished == [], f"games that did not end within {MAX_PLIES} moves"
    assert all((r["winner"] is None) == r["blocked"] for r in results)
    assert {(r["players"], r["rules"]) for r in results} == {
        (p, str(rules)) for p in range(2, 9) for rules in (grid(b)[1] for b in range(64))
    }
    assert sum(r["winner"] is not None for r in results) > GAMES * 0.9
