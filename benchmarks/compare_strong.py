"""Is a variant of the strong player better than its defaults? A paired comparison, heads-up
against the expert. Prints the figures; never part of the tests.

    python benchmarks/compare_strong.py read_aces=1 read_groups=1 "read_aces=1,read_groups=1"
    python benchmarks/compare_strong.py --deals 400 --seed 5 playouts=4000

Each variant is a comma-separated list of ``StrongPlayer`` options (``name=value``; numbers
and ``true``/``false`` as such). Every deal is played twice by each player — the strong
player (at its defaults, then as each variant) in seat 0 and in seat 1, the expert in the
other — with the same strong-player seed for a given deal and seat, so the defaults and the
variants meet exactly the same cards. A deal pair's outcome is the strong player's wins on
it (0, 1 or 2); the paired difference is the mean over deals of variant minus defaults (in
win-share points, half the pair difference) with its standard error — far tighter than
comparing two win shares, since the luck of the deal cancels. Deals are played in order,
every player on each deal before the next, so the figures printed on the way (``--every``)
compare the same deals. One process: on a shared machine run it alone (``nice``).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import vandatta as v
from vandatta import SeatView, make_player
from vandatta.view import PublicLog


def parse_variant(text: str) -> dict:
    """``"read_aces=1,playouts=4000"`` -> ``{"read_aces": True, "playouts": 4000}`` (0/1 and
    true/false are booleans for the options that are; other numbers stay numbers)."""
    options: dict = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, sep, raw = part.partition("=")
        if not sep:
            raise ValueError(f"{part!r}: write an option as name=value")
        value: object
        if raw.lower() in ("true", "false"):
            value = raw.lower() == "true"
        else:
            try:
                value = int(raw)
            except ValueError:
                try:
                    value = float(raw)
                except ValueError:
                    value = raw
        options[key.strip()] = value
    make_player("strong", seed=0, **options)  # fail early on an unknown option
    return options


def play_deal(deal: int, seed: int, options: dict) -> tuple[list[int], list[float]]:
    """The strong player's wins on ``deal`` in seat 0 and seat 1, and its searching decisions' times."""
    wins = []
    times = []
    for seat in (0, 1):
        strong = make_player("strong", seed=seed * 100_003 + 2 * deal + seat, **options)
        expert = make_player("expert")
        players = [strong, expert] if seat == 0 else [expert, strong]
        game = v.Game.deal(2, seed=seed * 1_000_000 + deal)
        log = PublicLog(game)
        while not game.is_over and game.ply < 3000:
            mover = game.to_move
            view = SeatView.of(game, mover, log=log)
            t = time.perf_counter()
            move, notes = players[mover].choose_with_notes(view)
            if mover == seat and notes is not None:
                times.append(time.perf_counter() - t)
            game.play(move)
        wins.append(1 if game.winner == seat else 0)
    return wins, times


def summary(base: list[int], other: list[int], times: list[float]) -> dict:
    n = len(base)
    diffs = [(o - b) / 2 for b, o in zip(base, other)]
    se = statistics.stdev(diffs) / math.sqrt(n) if n > 1 else float("nan")
    ts = sorted(times)
    return {
        "games": 2 * n,
        "wins": sum(other),
        "win_rate": sum(other) / (2 * n),
        "paired_difference": statistics.fmean(diffs),
        "standard_error": se,
        "deals_differing": sum(1 for d in diffs if d),
        "decision_median": statistics.median(ts) if ts else 0.0,
        "decision_p95": ts[min(len(ts) - 1, int(0.95 * len(ts)))] if ts else 0.0,
    }


def report(labels: list[str], outcomes: list[list[int]], times: list[list[float]]) -> list[dict]:
    rows = []
    for label, out, ts in zip(labels, outcomes, times):
        s = summary(outcomes[0], out, ts)
        rows.append({"variant": label, **s})
        diff = (
            ""
            if label == "defaults"
            else (
                f"  paired {100 * s['paired_difference']:+.2f} ± {100 * s['standard_error']:.2f} pts"
                f" (deals differing {s['deals_differing']})"
            )
        )
        print(
            f"{label:<34} {s['wins']:>5}/{s['games']:<5} {100 * s['win_rate']:5.1f}%{diff}"
            f"  decision median {1e3 * s['decision_median']:.0f} ms, p95 {1e3 * s['decision_p95']:.0f} ms",
            flush=True,
        )
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("variants", nargs="+", help="StrongPlayer options, e.g. read_aces=1,playouts=4000")
    parser.add_argument(
        "--deals", type=int, default=400, help="deals (each played twice per player; default 400)"
    )
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument(
        "--every", type=int, default=100, help="print the figures so far every this many deals"
    )
    parser.add_argument("--json", dest="json_path", default=None, help="write the figures to this file")
    args = parser.parse_args(argv)
    labels = ["defaults", *args.variants]
    options = [{}, *(parse_variant(t) for t in args.variants)]
    outcomes: list[list[int]] = [[] for _ in labels]
    times: list[list[float]] = [[] for _ in labels]
    print(
        f"strong (defaults and {len(args.variants)} variants) vs expert heads-up: {args.deals} deals, seed {args.seed}"
    )
    for deal in range(args.deals):
        for k, opts in enumerate(options):
            wins, ts = play_deal(deal, args.seed, opts)
            outcomes[k].append(sum(wins))
            times[k].extend(ts)
        if (deal + 1) % args.every == 0 or deal + 1 == args.deals:
            print(f"-- after {deal + 1} deals ({2 * (deal + 1)} games per player)")
            rows = report(labels, outcomes, times)
    if args.json_path:
        Path(args.json_path).write_text(
            json.dumps(
                {"deals": args.deals, "seed": args.seed, "rows": rows, "per_deal": outcomes}, indent=1
            ),
            encoding="utf-8",
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
