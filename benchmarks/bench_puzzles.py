"""The puzzle generator's yield and time: for every (kind, level) of the shipped set's recipe,
how many positions it draws and searches per puzzle kept, and the time per puzzle; then the
time to re-verify every shipped puzzle (the exhaustive search again, every line judged in
every order of the hidden cards) and to regenerate the whole set (what
``tests/ai/test_puzzles.py`` does), the puzzles per level and the answers that lay three cards
or more at once.

Times are medians of ``--runs`` runs of the whole recipe; the yield does not vary (the
generator is seeded). ``--target`` is the time to regenerate the set that the test suite can
afford; the last line says whether the median met it.

    python benchmarks/bench_puzzles.py [--runs 3] [--target 5]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from vandatta.ai import puzzles as pz


def one_run() -> tuple[dict[tuple[str, int], tuple[int, int, float]], float, float]:
    cells: dict[tuple[str, int], tuple[int, int, float]] = {}
    start = time.perf_counter()
    made = []
    for kind, level, count in pz.RECIPE:
        t0 = time.perf_counter()
        tries = 0
        for seed in range(1, count + 1):
            puzzle = pz.make_puzzle(kind, seed=seed, level=level)
            tries += puzzle.tries
            made.append(puzzle)
        cells[(kind, level)] = (count, tries, time.perf_counter() - t0)
    total = time.perf_counter() - start
    t0 = time.perf_counter()
    for puzzle in pz.load_puzzles():
        puzzle.verify()
    verify = time.perf_counter() - t0
    return cells, total, verify


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs of the whole recipe (median)")
    parser.add_argument("--target", type=float, default=5.0, help="seconds to regenerate the set")
    args = parser.parse_args(argv)
    runs = [one_run() for _ in range(max(1, args.runs))]
    shipped = pz.load_puzzles()
    print(f"{len(shipped)} shipped puzzles; medians of {len(runs)} runs\n")
    print(
        f"{'kind':8} {'level':>5} {'kept':>5} {'tried':>6} {'tried/kept':>10} {'ms/puzzle':>10} {'ms/try':>7}"
    )
    all_kept = all_tried = 0
    for key in runs[0][0]:
        kept, tried, _ = runs[0][0][key]
        seconds = statistics.median(run[0][key][2] for run in runs)
        all_kept += kept
        all_tried += tried
        print(
            f"{key[0]:8} {key[1]:>5} {kept:>5} {tried:>6} {tried / kept:>10.1f} "
            f"{seconds / kept * 1000:>10.1f} {seconds / tried * 1000:>7.2f}"
        )
    total = statistics.median(run[1] for run in runs)
    verify = statistics.median(run[2] for run in runs)
    print(
        f"\nall: {all_kept} puzzles from {all_tried} positions tried: yield {all_kept / all_tried:.1%} "
        f"({all_tried / all_kept:.1f} tried per puzzle kept), {total / all_kept * 1000:.1f} ms per puzzle"
    )
    print(
        f"regenerate the whole set: {total:.2f} s; re-verify every shipped puzzle: {verify:.2f} s "
        f"({verify / len(shipped) * 1000:.2f} ms each)"
    )
    levels = Counter(p.level for p in shipped)
    big = sum(any(len(step.cards) >= 3 for step in p.solution) for p in shipped)
    print(
        "per level: "
        + ", ".join(f"{level}: {levels[level]}" for level in pz.LEVELS)
        + f"; answers with three cards or more at once: {big}"
    )
    met = total <= args.target
    print(f"target: regenerate in ≤ {args.target:g} s — {'MET' if met else 'NOT MET'} ({total:.2f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
