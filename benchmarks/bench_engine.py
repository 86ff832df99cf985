"""Engine speed: µs per decision and games per second for uniformly random play through the
public API (``legal_moves()`` → ``random.choice`` → ``play()``, checked), 2 and 4 players.

Where the ``open-spiel`` package is installed (``pip install -e .[bench]``) the same run also
times OpenSpiel's ``crazy_eights`` (max_draw_cards=3, reshuffle=True, max_turns=100000)
driven from Python the same way, and prints the median of the runs' ratios. The two engines
take turns in short slices (``--slice``, 0.25 s) until each has played ``--seconds`` in the
run, each carrying on its game where its last slice stopped: both see the same machine, even
one whose speed swings from second to second (with one long run after the other, a swing
that caught one engine's run moved the ratio by a third). Figures are medians of ``--runs``.

    python benchmarks/bench_engine.py [--seconds 2] [--runs 9] [--slice 0.25]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import vandatta as v

TARGET_RATIO = 1.5  # issue 9: random play at most 1.5× OpenSpiel's time per decision


class Timed:
    """Random play that can be stopped and taken up again: ``play_for(seconds)`` plays on
    from where the last call stopped, adding to ``decisions``, ``games`` (finished) and
    ``elapsed`` (seconds)."""

    def __init__(self, players: int, seed: int) -> None:
        self.players = players
        self.seed = seed
        self.rng = random.Random(seed)
        self.decisions = 0
        self.games = 0
        self.elapsed = 0.0

    def play_for(self, seconds: float) -> None:
        start = time.perf_counter()
        self.decisions += self.play_until(start + seconds)
        self.elapsed += time.perf_counter() - start

    def play_until(self, deadline: float) -> int:
        raise NotImplementedError

    @property
    def us_per_decision(self) -> float:
        return self.elapsed / self.decisions * 1e6

    @property
    def games_per_second(self) -> float:
        return self.games / self.elapsed


class VandattaPlay(Timed):
    name = "vandatta"

    def __init__(self, players: int, seed: int) -> None:
        super().__init__(players, seed)
        self.game: v.Game | None = None

    def play_until(self, deadline: float) -> int:
        rng, game, decisions, clock = self.rng, self.game, 0, time.perf_counter
        while clock() < deadline:
            if game is None:
                game = v.Game.deal(self.players, seed=self.seed * 100_000 + self.games)
            game.play(rng.choice(game.legal_moves()))
            decisions += 1
            if game.is_over:
                self.games += 1
                game = None
        self.game = game
        return decisions


class OpenSpielPlay(Timed):
    name = "openspiel crazy_eights"

    def __init__(self, players: int, seed: int) -> None:
        import pyspiel

        super().__init__(players, seed)
        self.spiel = pyspiel.load_game(
            "crazy_eights",
            {"players": players, "max_draw_cards": 3, "reshuffle": True, "max_turns": 100000},
        )
        self.state = None

    def play_until(self, deadline: float) -> int:
        rng, state, decisions, clock = self.rng, self.state, 0, time.perf_counter
        while clock() < deadline:
            if state is None:
                state = self.spiel.new_initial_state()
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
            if state.is_terminal():
                self.games += 1
                state = None
        self.state = state
        return decisions


def one_run(players: int, seed: int, seconds: float, slice_: float, peer: bool) -> list[Timed]:
    """One run: vandatta and (with ``peer``) OpenSpiel, in turns of ``slice_`` seconds (who
    goes first alternates) until each has played ``seconds``."""
    engines: list[Timed] = [VandattaPlay(players, seed)]
    if peer:
        engines.append(OpenSpielPlay(players, seed))
    for turn in range(max(1, round(seconds / slice_))):
        order = engines if turn % 2 == 0 else engines[::-1]
        for engine in order:
            engine.play_for(slice_)
    return engines


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=2.0, help="each engine's playing time in one run")
    parser.add_argument("--runs", type=int, default=9, help="runs per figure (the median is printed)")
    parser.add_argument("--slice", type=float, default=0.25, help="length of one turn of the engines (s)")
    args = parser.parse_args()
    try:
        import pyspiel  # noqa: F401

        peer = True
    except ImportError:
        peer = False
        print("open-spiel is not installed: timing vandatta only (pip install -e .[bench])")

    print(f"{'engine':<22}{'players':>8}{'µs/decision':>14}{'games/s':>10}{'ratio':>8}")
    ratios = []
    for players in (2, 4):
        runs = [one_run(players, seed, args.seconds, args.slice, peer) for seed in range(args.runs)]
        ours = [run[0] for run in runs]
        us = statistics.median(e.us_per_decision for e in ours)
        gps = statistics.median(e.games_per_second for e in ours)
        print(f"{'vandatta':<22}{players:>8}{us:>14.2f}{gps:>10.1f}{'':>8}")
        if peer:
            theirs = [run[1] for run in runs]
            run_ratios = [a.us_per_decision / b.us_per_decision for a, b in zip(ours, theirs)]
            ratio = statistics.median(run_ratios)
            ratios.append(ratio)
            theirs_us = statistics.median(e.us_per_decision for e in theirs)
            theirs_gps = statistics.median(e.games_per_second for e in theirs)
            print(f"{theirs[0].name:<22}{players:>8}{theirs_us:>14.2f}{theirs_gps:>10.1f}{ratio:>7.2f}×")
            print(f"{'':<22}{'':>8}  ratio of each run: {' '.join(f'{r:.2f}' for r in run_ratios)}")
    print(
        f"(median of {args.runs} runs, each engine {args.seconds:g} s a run in turns of {args.slice:g} s;"
        " ratio = vandatta µs ÷ OpenSpiel µs, the median of the runs' ratios)"
    )
    if ratios:
        worst = max(ratios)
        verdict = "met" if worst <= TARGET_RATIO else "MISSED"
        print(
            f"target: at most {TARGET_RATIO}× OpenSpiel's time per decision — {verdict} (worst {worst:.2f}×)"
        )


if __name__ == "__main__":
    main()
