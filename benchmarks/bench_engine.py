"""Engine speed: µs per decision and games per second for uniformly random play through the
public API (``legal_moves()`` → ``random.choice`` → ``play()``, checked), 2 and 4 players.

Where the ``open-spiel`` package is installed (``pip install -e .[bench]``) the same run also
times OpenSpiel's ``crazy_eights`` (max_draw_cards=3, reshuffle=True, max_turns=100000)
driven from Python the same way, run for run (the same seed back to back), and prints the
median of the pairs' ratios. Figures are medians of ``--runs`` runs.

    python benchmarks/bench_engine.py [--seconds 2] [--runs 9]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import vandatta as v

TARGET_RATIO = 1.5  # issue 9: random play at most 1.5× OpenSpiel's crazy_eights per decision


def run_vandatta(players: int, seconds: float, seed: int) -> tuple[float, float]:
    rng = random.Random(seed)
    decisions = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    i = 0
    while time.perf_counter() < deadline:
        game = v.Game.deal(players, seed=seed * 100_000 + i)
        i += 1
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))
            decisions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return elapsed / decisions * 1e6, games / elapsed


def run_openspiel(players: int, seconds: float, seed: int) -> tuple[float, float]:
    import pyspiel

    game = pyspiel.load_game(
        "crazy_eights", {"players": players, "max_draw_cards": 3, "reshuffle": True, "max_turns": 100000}
    )
    rng = random.Random(seed)
    decisions = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return elapsed / decisions * 1e6, games / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one run")
    parser.add_argument("--runs", type=int, default=9, help="runs per figure (the median is printed)")
    args = parser.parse_args()
    try:
        import pyspiel  # noqa: F401

        have_openspiel = True
    except ImportError:
        have_openspiel = False
        print("open-spiel is not installed: timing vandatta only (pip install -e .[bench])")

    print(f"{'engine':<22}{'players':>8}{'µs/decision':>14}{'games/s':>10}{'ratio':>8}")
    ratios = []
    for players in (2, 4):
        # Side by side: run i of each engine plays the same seed back to back (which goes
        # first alternates), and the ratio is taken per pair, so a machine whose speed drifts
        # from minute to minute moves both sides of a pair alike.
        ours, theirs, pair_ratios = [], [], []
        for seed in range(args.runs):
            if have_openspiel and seed % 2:
                theirs.append(run_openspiel(players, args.seconds, seed))
            ours.append(run_vandatta(players, args.seconds, seed))
            if have_openspiel and not seed % 2:
                theirs.append(run_openspiel(players, args.seconds, seed))
            if have_openspiel:
                pair_ratios.append(ours[-1][0] / theirs[-1][0])
        us = statistics.median(r[0] for r in ours)
        gps = statistics.median(r[1] for r in ours)
        print(f"{'vandatta':<22}{players:>8}{us:>14.2f}{gps:>10.1f}{'':>8}")
        if have_openspiel:
            ratio = statistics.median(pair_ratios)
            ratios.append(ratio)
            theirs_us = statistics.median(r[0] for r in theirs)
            theirs_gps = statistics.median(r[1] for r in theirs)
            print(
                f"{'openspiel crazy_eights':<22}{players:>8}{theirs_us:>14.2f}{theirs_gps:>10.1f}{ratio:>7.2f}×"
            )
            print(f"{'':<22}{'':>8}  ratio of each pair: {' '.join(f'{r:.2f}' for r in pair_ratios)}")
    print(
        f"(median of {args.runs} runs of {args.seconds:g} s each; ratio = vandatta µs ÷ OpenSpiel µs, "
        "the median of the pairs' ratios)"
    )
    if ratios:
        worst = max(ratios)
        verdict = "met" if worst <= TARGET_RATIO else "MISSED"
        print(
            f"target: at most {TARGET_RATIO}× OpenSpiel's time per decision — {verdict} (worst {worst:.2f}×)"
        )


if __name__ == "__main__":
    main()
