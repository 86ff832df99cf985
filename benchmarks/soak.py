"""Soak test of the engine: many seeded random games, every move checked, invariants verified.

    python benchmarks/soak.py                    # 100,000 games, invariants after every move
    python benchmarks/soak.py --games 2000       # a quick try
    python benchmarks/soak.py --fast             # invariants only at the end of each game

Game ``i`` (from ``--start``) is dealt with seed ``i`` to ``2 + i % 7`` players with the rule
switches of the bits of ``i % 64`` — the grid of tests/engine/test_random_games.py — and played to
its end by ``vandatta.ai.random_move`` through the checked ``Game.play``. It prints the
games played, won and blocked, the longest and mean game, the decisions (moves) made, the
invariant failures (must be 0) and the wall time; the exit status is 1 if anything failed.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import resource
import sys
import time

import vandatta as v
from vandatta.ai.simulate import random_move
from vandatta.cards import standard_deck
from vandatta.invariants import check_invariants as check
from vandatta.invariants import rules_grid as grid


def play_one(i: int, fast: bool, max_plies: int) -> tuple[int, bool, bool, str | None]:
    """(plies, won, blocked, failure) of game ``i``."""
    players, rules = grid(i)
    game = None
    try:
        game = v.Game.deal(players=players, seed=i, rules=rules)
        rng = random.Random(i * 7919 + 1)
        deck = standard_deck(decks=2 if players >= 6 else 1)
        start = sorted(c.index for c in deck)
        total = len(deck)
        check(game, start, total)
        seats = range(players)
        while not game.is_over and game.ply < max_plies:
            game.play(random_move(game, rng))
            if not fast:
                check(game, start, total)
            elif game.talon_size + len(game.pile) + sum(game.hand_size(s) for s in seats) != total:
                raise AssertionError("the number of cards changed")  # cheap; stops a runaway game
        check(game, start, total)
        if not game.is_over:
            raise AssertionError(f"not over after {max_plies} moves")
    except Exception as error:
        ply = game.ply if game is not None else 0
        return ply, False, False, f"game {i} ({players} players, rules {rules}), ply {ply}: {error!r}"
    return game.ply, game.winner is not None, game.is_blocked, None


def play_chunk(task: tuple[int, int, bool, int]) -> dict:
    first, stop, fast, max_plies = task
    out = {"games": 0, "won": 0, "blocked": 0, "plies": 0, "max_plies": 0, "longest": first, "failures": []}
    for i in range(first, stop):
        plies, won, blocked, failure = play_one(i, fast, max_plies)
        out["games"] += 1
        out["won"] += won
        out["blocked"] += blocked
        out["plies"] += plies
        if plies > out["max_plies"]:
            out["max_plies"], out["longest"] = plies, i
        if failure:
            out["failures"].append(failure)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000, help="games to play (default 100,000)")
    parser.add_argument("--start", type=int, default=0, help="number (and seed) of the first game")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument(
        "--fast",
        action="store_true",
        help="check the invariants only at the end of each game (and the card count after every move)",
    )
    parser.add_argument("--max-plies", type=int, default=50_000, help="a game longer than this is a failure")
    parser.add_argument("--chunk", type=int, default=100, help="games per task")
    args = parser.parse_args(argv)

    tasks = [
        (first, min(first + args.chunk, args.start + args.games), args.fast, args.max_plies)
        for first in range(args.start, args.start + args.games, args.chunk)
    ]
    totals = {"games": 0, "won": 0, "blocked": 0, "plies": 0, "max_plies": 0, "longest": None, "failures": []}
    began = time.perf_counter()
    cpu = time.process_time()
    cpu_children = resource.getrusage(resource.RUSAGE_CHILDREN)
    step = max(1, len(tasks) // 10)

    def add(part: dict, done: int) -> None:
        for key in ("games", "won", "blocked", "plies"):
            totals[key] += part[key]
        if part["max_plies"] > totals["max_plies"]:
            totals["max_plies"], totals["longest"] = part["max_plies"], part["longest"]
        totals["failures"] += part["failures"]
        if done % step == 0 and done < len(tasks):
            elapsed = time.perf_counter() - began
            print(
                f"  … {totals['games']:,} games, {elapsed:.0f} s, {totals['blocked']:,} blocked, "
                f"{len(totals['failures'])} invariant failures so far",
                file=sys.stderr,
                flush=True,
            )

    if args.workers > 1:
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else None)
        with context.Pool(args.workers) as pool:
            for done, part in enumerate(pool.imap_unordered(play_chunk, tasks), 1):
                add(part, done)
    else:
        for done, task in enumerate(tasks, 1):
            add(play_chunk(task), done)
    wall = time.perf_counter() - began
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = time.process_time() - cpu
    cpu += (children.ru_utime + children.ru_stime) - (cpu_children.ru_utime + cpu_children.ru_stime)

    games = totals["games"]
    print(
        f"soak: games {args.start}..{args.start + args.games - 1} over 2–8 players × 64 rule sets, "
        f"{args.workers} worker(s), invariants {'at the end of each game' if args.fast else 'after every move'}"
    )
    print(f"games played:        {games:,}")
    print(f"games won:           {totals['won']:,}")
    print(f"games blocked:       {totals['blocked']:,}")
    print(f"max plies:           {totals['max_plies']:,} (game {totals['longest']})")
    print(f"mean plies:          {totals['plies'] / games if games else 0:,.1f}")
    print(f"decisions:           {totals['plies']:,}")
    print(f"invariant failures:  {len(totals['failures'])}")
    for failure in totals["failures"][:10]:
        print(f"  {failure}")
    print(
        f"wall time:           {wall:,.1f} s ({wall / games * 1e3 if games else 0:.2f} ms per game, "
        f"{totals['plies'] / wall / 1e3 if wall else 0:,.0f}k decisions/s)"
    )
    print(
        f"CPU time:            {cpu:,.1f} s in all processes "
        f"({cpu / totals['plies'] * 1e6 if totals['plies'] else 0:.1f} µs per decision)"
    )
    print(f"machine:             {os.cpu_count()} cores, Python {sys.version.split()[0]}")
    ok = not totals["failures"] and totals["won"] + totals["blocked"] == games
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
