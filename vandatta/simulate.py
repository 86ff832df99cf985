"""Simulations: many rounds between computer players, summarised.

>>> result = simulate(games=20, players=3, seed=1)
>>> result["games"], sum(result["wins"]) + result["blocked"]
(20, 20)
"""

from __future__ import annotations

import random
from typing import TextIO

from .game import Game
from .moves import Move
from .rules import Rules

__all__ = ["random_move", "play_random_game", "simulate", "demo_game", "run_cli"]


def random_move(game: Game, rng: random.Random) -> Move:
    """A uniformly random choice among distinct plays, draw and pass — an eight's 52
    declarations count as one play (then a random declaration is picked)."""
    moves = game.legal_moves()
    families = moves._families
    kind, cards, decls, laps = families[rng.randrange(len(families))]
    suit, rank = decls[rng.randrange(len(decls))] if len(decls) > 1 else decls[0]
    lap = laps[rng.randrange(len(laps))] if len(laps) > 1 else laps[0]
    return Move._new(kind, cards, suit, rank, lap)


def play_random_game(
    players: int, *, seed: int, rules: Rules | None = None, max_plies: int = 100_000
) -> Game:
    """Deal with ``seed`` and play random moves (seeded by the same seed) to the end."""
    game = Game.deal(players, seed=seed, rules=rules)
    rng = random.Random(seed ^ 0x5EED)
    while not game.is_over and game.ply < max_plies:
        game.play(random_move(game, rng))
    return game


def demo_game(*, players: int = 3, seed: int = 1, rules: Rules | None = None) -> Game:
    """A whole round between random players, for the terminal demo."""
    return play_random_game(players, seed=seed, rules=rules)


def simulate(*, games: int = 1000, players: int = 4, rules: Rules | None = None, seed: int = 0) -> dict:
    """Play ``games`` random rounds and count wins per seat, blocked rounds and lengths."""
    wins = [0] * players
    blocked = 0
    plies = 0
    points = [0] * players
    for i in range(games):
        game = play_random_game(players, seed=seed * 1_000_003 + i, rules=rules)
        plies += game.ply
        if game.winner is not None:
            wins[game.winner] += 1
        elif game.is_blocked:
            blocked += 1
        for s, p in enumerate(game.points()):
            points[s] += p
    return {
        "games": games,
        "players": players,
        "rules": str(rules or Rules()),
        "wins": wins,
        "blocked": blocked,
        "average_plies": plies / games if games else 0.0,
        "average_points": [p / games for p in points] if games else points,
    }


def run_cli(args, out: TextIO) -> int:
    import json

    if args.bots:
        raise ValueError("--bots needs the computer players, which are not installed in this version")
    result = simulate(games=args.games, players=args.players, rules=args.rules, seed=args.seed)
    print(f"{result['games']} games, {result['players']} random players, rules: {result['rules']}", file=out)
    print(f"{'seat':>6} {'wins':>8} {'share':>8} {'avg points':>11}", file=out)
    for s in range(result["players"]):
        share = 100 * result["wins"][s] / result["games"] if result["games"] else 0
        print(
            f"{s + 1:>6} {result['wins'][s]:>8} {share:>7.1f}% {result['average_points'][s]:>11.1f}", file=out
        )
    print(
        f"blocked rounds: {result['blocked']}; average moves per round: {result['average_plies']:.1f}",
        file=out,
    )
    if args.json_path:
        with open(args.json_path, "w", encoding="utf-8") as f:
            json.dump(result, f, indent=1)
    return 0
