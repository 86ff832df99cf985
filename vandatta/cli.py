"""The ``vandatta`` command: replay, validate, simulate, demo, dashboard.

vandatta replay game.json --lang sv      narrate a record move by move
vandatta validate a.json b.json          check every move of each record, naming each file
vandatta simulate --games 1000 --players 4 --rules v1,v3
vandatta demo --lang sv                  a narrated game between computer players
vandatta dashboard --port 8866           serve the Voilà dashboard on 127.0.0.1
vandatta dashboard --classroom 30        ... with 30 pages ready before the class opens it

The command never ends in a traceback: a bad record, a missing file or Ctrl-C give one line on
stderr and an exit status (0 fine, 1 a record was refused, 2 bad arguments or a file that
cannot be opened, 130 interrupted). Everything it prints from a record or a file name has its
control characters escaped, so a record cannot drive the terminal (colours, cursor moves,
titles, right-to-left overrides).
"""

from __future__ import annotations

import argparse
import errno
import os
import sys
import unicodedata
from collections.abc import Callable, Sequence
from importlib.metadata import entry_points
from typing import TextIO

from .explain import message
from .game import Game
from .lang import LANGS, default_lang
from .messages import MESSAGES
from .record import RecordError, load, narrate
from .rules import Rules

__all__ = ["main", "terminal_text"]

INTERRUPTED = 130  # 128 + SIGINT, what shells report for Ctrl-C
_INTERNAL = 70  # EX_SOFTWARE: a bug, not the user's input


def _rules(text: str) -> Rules:
    try:
        return Rules.parse(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _lang(text: str) -> str:
    if text not in LANGS:
        raise argparse.ArgumentTypeError("language must be 'sv' or 'en'")
    return text


def _whole(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` (to ``high``)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < low or (high is not None and value > high):
            span = f"from {low} to {high}" if high is not None else f"{low} or more"
            raise argparse.ArgumentTypeError(f"must be {span}, not {value}")
        return value

    parse.__name__ = "whole number"  # argparse names the type in its messages
    return parse


_KEEP = frozenset("\u200c\u200d")  # zero-width (non-)joiners: parts of emoji and of Persian or Hindi names


def terminal_text(text: str) -> str:
    """``text`` safe to print to a terminal: control characters (C0 and C1, so ESC and CSI
    sequences, newlines and carriage returns), format characters such as right-to-left
    overrides, line separators and lone surrogates are written as Python escapes.

    >>> terminal_text("Anna\\x1b[2J\\u202eoB")
    'Anna\\\\x1b[2J\\\\u202eoB'
    >>> terminal_text("Åsa 🂡 8♠")
    'Åsa 🂡 8♠'
    """
    if text.isprintable():
        return text
    out = []
    for ch in text:
        if ch.isprintable() or ch in _KEEP or unicodedata.category(ch) in ("Zs", "Co", "Cn"):
            out.append(ch)  # spaces of every width, private and unassigned characters are inert
        else:
            out.append(repr(ch)[1:-1] if ch not in "\"'" else ch)
    return "".join(out)


def _say(text: str, file: TextIO) -> None:
    """Print ``text`` made terminal-safe, in what the stream can encode (a stream that is not
    UTF-8 gets escapes instead of an error), and at once (a long run shows its progress)."""
    safe = terminal_text(text)
    encoding = getattr(file, "encoding", None) or "utf-8"
    try:
        safe.encode(encoding)
    except LookupError:
        safe = safe.encode("ascii", "backslashreplace").decode("ascii")
    except UnicodeEncodeError:
        safe = safe.encode(encoding, "backslashreplace").decode(encoding)
    print(safe, file=file, flush=True)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="vandatta", description="Vändåtta — the Swedish card game, explained."
    )
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("replay", help="narrate a game record move by move")
    p.add_argument("file", help="a game record (JSON)")
    p.add_argument("--lang", type=_lang, default="en", help="sv or en (default en)")
    p.add_argument("--hidden", action="store_true", help="do not reveal the cards players draw")

    p = sub.add_parser("validate", help="check every move of game records, naming each file")
    p.add_argument("file", nargs="+", help="game record(s) (JSON)")
    p.add_argument("--lang", type=_lang, default="en", help="sv or en (default en)")

    p = sub.add_parser("simulate", help="play many games between computer players and report")
    p.add_argument(
        "--games", type=_whole(1), default=1000, help="rounds (or games to 100 with --matches) to play"
    )
    p.add_argument(
        "--players", type=_whole(2, 8), default=None, help="seats (default: as many as --bots names, else 4)"
    )
    p.add_argument("--rules", type=_rules, default=Rules(), help="e.g. v1,v3 or a preset (strict)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--bots", default=None, help="comma-separated players per seat, e.g. expert,random,random,random"
    )
    p.add_argument("--json", dest="json_path", default=None, help="write the results as JSON to this file")
    p.add_argument("--workers", type=_whole(1), default=None, help="processes (default: all cores)")
    p.add_argument(
        "--matches", action="store_true", help="play whole games to 100 points (S2), not single rounds"
    )
    p.add_argument(
        "--playouts", type=_whole(1), default=None, help="the strong player's playouts per decision"
    )
    p.add_argument(
        "--progress",
        action="store_true",
        help="show the games played on stderr (default when it is a terminal)",
    )

    p = sub.add_parser("demo", help="a narrated game between computer players")
    p.add_argument("--players", type=_whole(2, 8), default=3)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rules", type=_rules, default=Rules())
    p.add_argument("--lang", type=_lang, default="en")

    p = sub.add_parser("dashboard", help="serve the Voilà dashboard")
    p.add_argument("--port", type=int, default=8866, help="port to serve on (default 8866; 0: any free port)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument(
        "--classroom",
        type=int,
        default=0,
        metavar="N",
        help="keep N pages ready (kernels started, dashboard built) for a class opening it together",
    )
    p.add_argument(
        "--max-kernels",
        type=int,
        default=0,
        metavar="M",
        help="at most M pages open at once, ready ones included (default: from the machine's memory)",
    )
    p.add_argument(
        "--lang", type=_lang, default=None, help="sv or en for the terminal (default: from LANG, else sv)"
    )
    p.add_argument("--no-browser", action="store_true", default=True, help=argparse.SUPPRESS)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns its exit status (argparse exits with 2 on bad arguments)."""
    args = _parser().parse_args(argv)
    out = sys.stdout
    lang = getattr(args, "lang", "en")
    try:
        return _run(args, out)
    except RecordError as error:
        _say(f"error: {error.text(lang)}", sys.stderr)
        return 1
    except OSError as error:
        if isinstance(error, BrokenPipeError):  # the reader went away (| head): stop quietly
            _quiet_stdout()
            return 1
        _say(f"error: {_os_reason(error, lang, with_name=True)}", sys.stderr)
        return 2
    except ValueError as error:
        _say(f"error: {error}", sys.stderr)
        return 2
    except KeyboardInterrupt:
        _say(MESSAGES["cli_interrupted"][lang], sys.stderr)
        return INTERRUPTED
    except Exception as error:  # a bug: one line, not a traceback (set VANDATTA_TRACEBACK=1 to see it)
        if os.environ.get("VANDATTA_TRACEBACK"):
            raise
        _say(f"error: internal error ({type(error).__name__}: {error}); please report it", sys.stderr)
        return _INTERNAL


def _ui_command(name: str, args: argparse.Namespace) -> int:
    """Run a command of the UI layer, found through the entry point group ``vandatta.commands``
    (pyproject.toml): the engine never imports the UI."""
    for point in entry_points(group="vandatta.commands", name=name):
        return point.load()(args)
    _say(message("cli_needs_ui", args.lang or default_lang(), command=name), sys.stderr)
    return 2


def _run(args: argparse.Namespace, out: TextIO) -> int:
    if args.command == "replay":
        game = load(args.file)
        for line in narrate(game, lang=args.lang, hidden=args.hidden):
            _say(line, out)
        return 0
    if args.command == "validate":
        return _validate(args.file, args.lang, out)
    if args.command == "simulate":
        from .ai.simulate import run_cli

        return run_cli(args, out)
    if args.command == "demo":
        from .ai.simulate import demo_game

        game = demo_game(players=args.players, seed=args.seed, rules=args.rules)
        for line in narrate(game, lang=args.lang):
            _say(line, out)
        return 0
    if args.command == "dashboard":
        return _ui_command("dashboard", args)
    return 2  # pragma: no cover


def _validate(paths: Sequence[str], lang: str, out: TextIO) -> int:
    """Check every file, one line each, whatever happens to the others; 1 if any failed."""
    words = {key: MESSAGES["cli_" + key][lang] for key in ("invalid", "unreadable", "blocked")}
    status = 0
    for path in paths:
        try:
            game = load(path)
        except RecordError as error:
            reason = error.text(lang)
        except OSError as error:
            reason = _os_reason(error, lang)
        except (ValueError, RecursionError, MemoryError) as error:  # not expected; named all the same
            reason = f"{words['unreadable']}: {type(error).__name__}: {error}"
        else:
            _say(f"{path}: " + message("cli_ok", lang, n=game.ply, outcome=_outcome(game, lang)), out)
            continue
        _say(f"{path}: {words['invalid']}: {reason}", out)
        status = 1
    return status


def _outcome(game: Game, lang: str) -> str:
    if game.is_blocked:
        return MESSAGES["cli_blocked"][lang]
    if game.winner is not None:
        return message("cli_won_by", lang, name=game.player_name(game.winner, lang))
    return message("cli_unfinished", lang)


_OS_REASONS = {  # errno -> the catalog's words for it (others: the system's own, in English)
    errno.ENOENT: "cli_os_missing",
    errno.EACCES: "cli_os_denied",
    errno.EPERM: "cli_os_denied",
    errno.EISDIR: "cli_os_folder",
    errno.ENAMETOOLONG: "cli_os_long_name",
    errno.ELOOP: "cli_os_loop",
}


def _os_reason(error: OSError, lang: str, *, with_name: bool = False) -> str:
    key = _OS_REASONS.get(error.errno) if error.errno is not None else None
    reason = message(key, lang) if key else error.strerror or str(error)
    if with_name and error.filename is not None:
        return f"{os.fsdecode(error.filename)}: {reason}"
    return reason


def _quiet_stdout() -> None:
    """After a broken pipe, point stdout at /dev/null so the interpreter's final flush does
    not complain (as the Python documentation recommends)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass  # not a real file (captured in tests): nothing will be flushed to a pipe


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
