"""The ``vandatta`` command: replay, validate, simulate, demo, dashboard.

vandatta replay game.json --lang sv      narrate a record move by move
vandatta validate game.json              check every move of a record
vandatta simulate --games 1000 --players 4 --rules v1,v3
vandatta demo --lang sv                  a narrated game between computer players
vandatta dashboard --port 8866           serve the Voilà dashboard on 127.0.0.1
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .record import RecordError, load, narrate
from .rules import Rules

__all__ = ["main"]


def _rules(text: str) -> Rules:
    try:
        return Rules.parse(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _lang(text: str) -> str:
    if text not in ("sv", "en"):
        raise argparse.ArgumentTypeError("language must be 'sv' or 'en'")
    return text


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="vandatta", description="Vändåtta — the Swedish card game, explained."
    )
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("replay", help="narrate a game record move by move")
    p.add_argument("file", help="a game record (JSON)")
    p.add_argument("--lang", type=_lang, default="en", help="sv or en (default en)")
    p.add_argument("--hidden", action="store_true", help="do not reveal the cards players draw")

    p = sub.add_parser("validate", help="check every move of a game record")
    p.add_argument("file", nargs="+", help="game record(s) (JSON)")

    p = sub.add_parser("simulate", help="play many games between computer players and report")
    p.add_argument("--games", type=int, default=1000, help="rounds (or games to 100 with --matches) to play")
    p.add_argument(
        "--players", type=int, default=None, help="seats (default: as many as --bots names, else 4)"
    )
    p.add_argument("--rules", type=_rules, default=Rules(), help="e.g. v1,v3 or a preset (strict)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--bots", default=None, help="comma-separated players per seat, e.g. expert,random,random,random"
    )
    p.add_argument("--json", dest="json_path", default=None, help="write the results as JSON to this file")
    p.add_argument("--workers", type=int, default=None, help="processes (default: all cores)")
    p.add_argument(
        "--matches", action="store_true", help="play whole games to 100 points (S2), not single rounds"
    )
    p.add_argument("--playouts", type=int, default=None, help="the strong player's playouts per decision")

    p = sub.add_parser("demo", help="a narrated game between computer players")
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rules", type=_rules, default=Rules())
    p.add_argument("--lang", type=_lang, default="en")

    p = sub.add_parser("dashboard", help="serve the Voilà dashboard")
    p.add_argument("--port", type=int, default=8866)
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--no-browser", action="store_true", default=True, help=argparse.SUPPRESS)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    out = sys.stdout
    try:
        if args.command == "replay":
            game = load(args.file)
            for line in narrate(game, lang=args.lang, hidden=args.hidden):
                print(line, file=out)
            return 0
        if args.command == "validate":
            status = 0
            for path in args.file:
                try:
                    game = load(path)
                except (RecordError, OSError) as error:
                    print(f"{path}: INVALID: {error}", file=out)
                    status = 1
                else:
                    state = (
                        "blocked"
                        if game.is_blocked
                        else f"won by {game.player_name(game.winner)}"
                        if game.winner is not None
                        else "unfinished"
                    )
                    print(f"{path}: ok — {game.ply} moves, {state}", file=out)
            return status
        if args.command == "simulate":
            from .ai.simulate import run_cli

            return run_cli(args, out)
        if args.command == "demo":
            from .ai.simulate import demo_game

            game = demo_game(players=args.players, seed=args.seed, rules=args.rules)
            for line in narrate(game, lang=args.lang):
                print(line, file=out)
            return 0
        if args.command == "dashboard":
            from .serve import serve_dashboard

            return serve_dashboard(host=args.host, port=args.port)
    except RecordError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    except (OSError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 2  # pragma: no cover


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
