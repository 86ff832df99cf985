"""How long does the game review of a round take? Prints the figures; never part of the tests.

    python benchmarks/bench_review.py            # 5 rounds, 3 runs each (about 2 minutes on 2 cores)
    python benchmarks/bench_review.py --quick    # 2 rounds, 1 run each

The target (issue 14): the review of a whole 3-player round — about 60 moves, one seat's ~20
decisions — in at most 15 s on 2 cores, at the review's default settings
(``vandatta.ai.review.PLAYOUTS`` deals per decision). The rounds are dealt from fixed seeds
and played by a beginner, an expert and a random player; seat 0 (the beginner) is reviewed,
in rounds of 50 to 75 moves where it had 16 to 26 decisions.
Each round is reviewed side by side with 2 worker processes (what a kernel on 2 cores does)
and in this process alone (what Pyodide and a one-core machine do), the median of the runs
is printed for each, and the line "target met" or "target NOT met" says whether the median
round with 2 workers took 15 s or less. The decisions' verdicts are the same either way (the
review is deterministic for a seed); the script checks that too.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import vandatta as v
from vandatta.ai.review import PLAYOUTS, ReviewJob

TARGET_SECONDS = 15.0
SEAT = 0


def rounds(count: int) -> list[v.Game]:
    """``count`` 3-player rounds of 50 to 75 moves in which seat 0 had 16 to 26 decisions
    (moves with a choice), from fixed seeds: the first that fit."""
    found = []
    seed = 0
    while len(found) < count:
        players = [v.make_player("beginner"), v.make_player("expert"), v.make_player("random", seed=seed)]
        game = v.play_game(players, seed=seed, notes=False)
        if 50 <= game.ply <= 75 and 16 <= ReviewJob(game, SEAT).total <= 26:
            found.append(game)
        seed += 1
    return found


def timed(game: v.Game, workers: int, playouts: int) -> tuple[float, float, v.Review]:
    """Wall seconds, this process's CPU seconds (all the work when ``workers`` is 1) and the review."""
    started, cpu = time.perf_counter(), time.process_time()
    result = v.review(game, seat=SEAT, playouts=playouts, seed=1, workers=workers, annotate=False)
    return time.perf_counter() - started, time.process_time() - cpu, result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="2 rounds, 1 run each")
    parser.add_argument("--rounds", type=int, default=None)
    parser.add_argument("--runs", type=int, default=None)
    parser.add_argument("--playouts", type=int, default=PLAYOUTS, help="deals per decision")
    args = parser.parse_args()
    n_rounds = args.rounds or (2 if args.quick else 5)
    runs = args.runs or (1 if args.quick else 3)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"Game review benchmark: {n_rounds} rounds × {runs} runs, {args.playouts} deals per decision")
    print(f"cores: {os.cpu_count()}, load average (1 min) at the start: {load:.1f}")
    games = rounds(n_rounds)
    medians: dict[int, list[float]] = {2: [], 1: []}
    cpus: list[float] = []
    print(
        f"{'round':>5} {'moves':>5} {'decisions':>9} {'2 workers (s)':>14} {'1 process (s)':>14} "
        f"{'CPU (s)':>8} {'same':>5}"
    )
    for i, game in enumerate(games, 1):
        times: dict[int, list[float]] = {2: [], 1: []}
        cpu: list[float] = []
        results = {}
        for _ in range(runs):
            for workers in (2, 1):  # side by side, so both meet the same load
                seconds, used, result = timed(game, workers, args.playouts)
                times[workers].append(seconds)
                results[workers] = result
                if workers == 1:
                    cpu.append(used)
        cpus.append(statistics.median(cpu))
        same = results[1] == results[2]
        for workers in (2, 1):
            medians[workers].append(statistics.median(times[workers]))
        print(
            f"{i:>5} {game.ply:>5} {len(results[2]):>9} {medians[2][-1]:>14.2f} {medians[1][-1]:>14.2f} "
            f"{cpus[-1]:>8.2f} {'yes' if same else 'NO':>5}"
        )
        if not same:
            print("  the review differed between 2 workers and 1 process: it must not", file=sys.stderr)
            return 1
    typical = statistics.median(medians[2])
    print(
        f"median round: {typical:.2f} s with 2 workers, {statistics.median(medians[1]):.2f} s in one process"
    )
    print(f"slowest round: {max(medians[2]):.2f} s with 2 workers")
    print(
        f"CPU time of a round in one process: median {statistics.median(cpus):.2f} s "
        "(on a machine whose cores are free, 2 workers take about half of it)"
    )
    met = typical <= TARGET_SECONDS
    print(
        f"target (≤ {TARGET_SECONDS:.0f} s for a round with 2 workers): {'target met' if met else 'target NOT met'}"
    )
    return 0 if met else 2


if __name__ == "__main__":
    sys.exit(main())
