"""Simulations: tournaments between computer players, summarised for tables and plots.

>>> result = tournament(["expert", "random", "random"], games=30, seed=1, workers=1)
>>> result["games"], len(result["entries"]), sum(e["wins"] for e in result["entries"]) + result["blocked"]
(30, 3, 30.0)
>>> [k for k in result["rules_fired"] if k in ("aces", "eights", "lappen_penalties", "reshuffles", "blocked")]
['aces', 'eights', 'lappen_penalties', 'reshuffles', 'blocked']

:func:`tournament` plays ``games`` rounds (or, with ``matches=True``, whole games to 100
with :class:`vandatta.Match`) between the listed players, rotating the seats so that every
player sits in every seat equally often. Each game ``i`` is dealt from a seed derived from
``seed`` and ``i`` alone and gets freshly seeded players, so the result is the same for a
given seed however many worker processes share the work. The result is plain dicts and
lists (JSON-ready): win shares with 95% Wilson intervals, average points, game lengths and
how often each rule fired.

The games are handed out and their results added up as they come, so a tournament's memory
does not grow with ``games`` (the game lengths are kept as counts per length). Worker processes
leave stopping to this process: Ctrl-C reaches the whole process group, and the workers ignore
it while this process ends them (no traceback from each); on Linux a worker also ends when this
process dies, however it dies.
"""

from __future__ import annotations

import itertools
import math
import os
import random
import signal
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TextIO

from ..game import Game
from ..moves import Move
from ..rules import Rules
from ..scoring import Match
from ..view import PublicLog
from .players import Player, make_player, play_game, play_round

__all__ = [
    "random_move",
    "play_random_game",
    "demo_game",
    "tournament",
    "simulate",
    "rule_counts",
    "wilson",
    "format_table",
    "run_cli",
    "parse_bots",
    "play_game",
]

# -- the simple helpers the rest of the package (and older code) uses ------------------------


def random_move(game: Game, rng: random.Random) -> Move:
    """A uniformly random choice among distinct plays, draw and pass — an eight's 52
    declarations count as one play (then a random declaration is picked)."""
    return game.legal_moves().choice(rng)


def play_random_game(
    players: int, *, seed: int, rules: Rules | None = None, max_plies: int = 100_000
) -> Game:
    """Deal with ``seed`` and play random moves (seeded by the same seed) to the end."""
    game = Game.deal(players, seed=seed, rules=rules)
    rng = random.Random(seed ^ 0x5EED)
    while not game.is_over and game.ply < max_plies:
        game.play(random_move(game, rng))
    return game


_DEMO_LINEUP = ("strong", "expert", "beginner", "random")


def demo_game(
    *, players: int = 3, seed: int = 1, rules: Rules | None = None, bots: Sequence[str] | None = None
) -> Game:
    """A whole round between computer players, for the terminal demo: by default the
    strong player (a small search budget), the expert, the beginner and the random player,
    repeated to fill the seats. The record names each seat's player."""
    names = list(bots) if bots is not None else [_DEMO_LINEUP[i % len(_DEMO_LINEUP)] for i in range(players)]
    if len(names) != players:
        raise ValueError(f"{len(names)} bots named for {players} players")
    lineup = [
        make_player(n, seed=seed * 31 + i, **({"playouts": 200} if n == "strong" else {}))
        for i, n in enumerate(names)
    ]
    return play_game(lineup, seed=seed, rules=rules)


# -- counting what happened ---------------------------------------------------------------

_COUNT_KEYS = (
    "plays",
    "groups",
    "aces",
    "eights",
    "draws",
    "passes",
    "lappen_calls",
    "lappen_penalties",
    "reshuffles",
    "lapses",
    "special_last_card",
    "ace_starters",
    "starters_back",
    "blocked",
)


def rule_counts(game: Game) -> dict[str, int]:
    """How often each rule fired in ``game``, counted from its moves and events:
    ``plays`` (R4), ``groups`` (plays of several cards, R5), ``aces`` and ``eights`` (cards
    laid, R7, R6), ``draws`` (draw moves, R8), ``passes``, ``lappen_calls`` and
    ``lappen_penalties`` (V3), ``reshuffles`` and ``lapses`` (R10), ``special_last_card``
    (a hand emptied on a special card without going out, V2), ``ace_starters`` and
    ``starters_back`` (R11, O2) and ``blocked`` (0 or 1, R10)."""
    c = dict.fromkeys(_COUNT_KEYS, 0)
    for e in game.events(0):
        if e.kind == "starter_back":
            c["starters_back"] += 1
        elif e.kind == "turn_up" and e.cards[0].is_ace:
            c["ace_starters"] += 1
    for ply, move in enumerate(game.moves, 1):
        if move.is_play:
            c["plays"] += 1
            cards = move.cards
            if len(cards) > 1:
                c["groups"] += 1
            for card in cards:
                if card.is_ace:
                    c["aces"] += 1
                elif card.is_eight:
                    c["eights"] += 1
        elif move.is_draw:
            c["draws"] += 1
        else:
            c["passes"] += 1
        if move.lappen:
            c["lappen_calls"] += 1
        for e in game.events(ply):
            kind = e.kind
            if kind == "penalty" and e.rule == "V3":  # (rule O9's penalty is the varning call's)
                c["lappen_penalties"] += 1
            elif kind == "reshuffle":
                c["reshuffles"] += 1
            elif kind == "lapse":
                c["lapses"] += 1
    log = PublicLog(game)
    log.update(game)
    c["special_last_card"] = log.special_empty
    c["blocked"] = int(game.is_blocked)
    return c


def wilson(successes: float, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default), as ``(low, high)``.

    >>> [round(x, 3) for x in wilson(60, 100)]
    [0.502, 0.691]
    """
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(max(p * (1 - p) / n + z2 / (4 * n * n), 0.0)) / denom
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


# -- the players of a tournament ----------------------------------------------------------


def parse_bots(spec: str | Sequence[str | dict]) -> list[dict]:
    """Normalise a line-up: ``"expert,random,random"``, or a list of names, of
    ``"strong:500"`` (a strong player with 500 playouts per decision) or of dicts
    ``{"player": "strong", "playouts": 500, "label": "strong 500"}``. Returns one dict per
    entry with ``player``, ``options`` and a unique ``label``."""
    items = [s.strip() for s in spec.split(",") if s.strip()] if isinstance(spec, str) else list(spec)
    if not items:
        raise ValueError("no players given")
    entries: list[dict[str, Any]] = []  # player, options, label
    for item in items:
        entry: dict[str, Any]
        if isinstance(item, str):
            name, _, budget = item.partition(":")
            options: dict = {}
            if budget:
                try:
                    options["playouts"] = int(budget)
                except ValueError:
                    raise ValueError(f"{item!r}: the number after ':' is the playouts per decision") from None
            entry = {"player": name.strip().lower(), "options": options, "label": item}
        elif isinstance(item, dict):
            item = dict(item)
            name = item.pop("player", None)
            label = item.pop("label", None)
            options = dict(item.pop("options", None) or {}) | item
            entry = {"player": name, "options": options, "label": label or str(name)}
        else:
            raise ValueError(f"a player is given by name or as a dict, not {item!r}")
        make_player(entry["player"], seed=0, **entry["options"])  # fail early on a bad name
        entries.append(entry)
    seen: dict[str, int] = {}
    for e in entries:
        seen[e["label"]] = seen.get(e["label"], 0) + 1
    count: dict[str, int] = {}
    for e in entries:
        if seen[e["label"]] > 1:
            count[e["label"]] = count.get(e["label"], 0) + 1
            e["label"] = f"{e['label']} #{count[e['label']]}"
    return entries


def _mix(*values: int) -> int:
    """A 63-bit seed derived from integers (splitmix64 steps): the same on every machine."""
    x = 0x9E3779B97F4A7C15
    for v in values:
        x = (x ^ (v & 0xFFFFFFFFFFFFFFFF)) * 0xBF58476D1CE4E5B9 & 0xFFFFFFFFFFFFFFFF
        x = (x ^ (x >> 27)) * 0x94D049BB133111EB & 0xFFFFFFFFFFFFFFFF
        x ^= x >> 31
    return x >> 1


def _make(entry: dict, seed: int) -> Player:
    return make_player(entry["player"], seed=seed, **entry["options"])


# -- one game, run in a worker ------------------------------------------------------------


def _game_seed(config: dict, i: int, n: int) -> int:
    """Game ``i``'s seed: its own, or with ``duplicate`` the same for the ``n`` games of one
    deal (each with the seats rotated once more)."""
    return _mix(config["seed"], i // n if config["duplicate"] else i)


def _seating(config: dict, i: int) -> tuple[int, list[int], list[Player]]:
    """Game ``i``'s seed, the seat of each entry (``seat_of[j]``: entry j's seat, rotated
    with ``rotate``) and the players seat by seat."""
    entries = config["entries"]
    n = len(entries)
    seed = _game_seed(config, i, n)
    shift = i % n if config["rotate"] else 0
    seat_of = [(j + shift) % n for j in range(n)]
    at_seat = [0] * n
    for j, s in enumerate(seat_of):
        at_seat[s] = j
    players = [_make(entries[at_seat[s]], _mix(seed, 1, s)) for s in range(n)]
    return seed, seat_of, players


def _one_round(config: dict, i: int) -> dict:
    n = len(config["entries"])
    seed, seat_of, players = _seating(config, i)
    game = play_game(players, seed=seed & 0xFFFFFFFF, rules=config["rules"], notes=False)
    points = game.points()
    winner = game.winner
    return {
        "wins": [1.0 if winner == seat_of[j] else 0.0 for j in range(n)],
        "points": [points[seat_of[j]] for j in range(n)],
        "winner_seat": winner,
        "blocked": int(game.is_blocked),
        "plies": game.ply,
        "rounds": 1,
        "counts": rule_counts(game),
    }


def _one_match(config: dict, i: int) -> dict:
    n = len(config["entries"])
    seed, seat_of, players = _seating(config, i)
    match = Match(n, seed=seed & 0xFFFFFFFF, rules=config["rules"], target=config["target"])
    counts = dict.fromkeys(_COUNT_KEYS, 0)
    plies = 0
    blocked = 0
    while True:
        game = match.game
        play_round(game, [players[s] for s in match.seats], notes=False)
        plies += game.ply
        blocked += int(game.is_blocked)
        for k, v in rule_counts(game).items():
            counts[k] += v
        if match.is_over or match.round_number >= config["max_rounds"]:
            break
        match.next_round()
    winners = match.winners
    totals = match.totals
    share = 1.0 / len(winners) if winners else 0.0
    return {
        "wins": [share if seat_of[j] in winners else 0.0 for j in range(n)],
        "points": [totals[seat_of[j]] for j in range(n)],
        "winner_seat": winners[0] if len(winners) == 1 else None,
        "blocked": int(not winners),
        "plies": plies,
        "rounds": match.round_number,
        "counts": counts,
        "blocked_rounds": blocked,
    }


def _run_chunk(task: tuple[dict, int, int]) -> list[dict]:
    config, start, stop = task
    one = _one_match if config["matches"] else _one_round
    return [one(config, i) for i in range(start, stop)]


def _chunks(config: dict, games: int, chunk: int) -> Iterator[tuple[dict, int, int]]:
    """The work, one chunk at a time: never a list of every chunk (a billion games would be
    five million tuples before the first game)."""
    for start in range(0, games, chunk):
        yield (config, start, min(start + chunk, games))


_STOP_SIGNALS = {signal.SIGINT, signal.SIGTERM}


def _hold_signals() -> set[int] | None:
    """Hold SIGINT and SIGTERM back (POSIX); returns what to give :func:`_release_signals`."""
    if not hasattr(signal, "pthread_sigmask"):
        return None
    return signal.pthread_sigmask(signal.SIG_BLOCK, _STOP_SIGNALS)


def _release_signals(held: set[int] | None) -> None:
    if held is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def worker_started(parent: int) -> None:
    """Set up a worker process: Ctrl-C is for the parent, which then ends the workers;
    SIGTERM (how the parent ends them) ends a worker silently; and the worker ends with the
    parent even if the parent is killed outright."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):  # forked while the parent held them back
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOP_SIGNALS)
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            ctypes.CDLL(None).prctl(1, signal.SIGTERM, 0, 0, 0)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):  # pragma: no cover - a libc without prctl
            pass
    if os.getppid() != parent:  # the parent died before the line above took effect
        os._exit(1)


def _worker_main(conn, parent: int, config: dict, games: int, chunk: int, k: int, workers: int) -> None:
    """A worker process: plays chunks k, k + workers, k + 2 workers, ... of the games and
    sends each chunk's results down ``conn``, in order (then an error, if one happened)."""
    worker_started(parent)
    try:
        for task in itertools.islice(_chunks(config, games, chunk), k, None, workers):
            conn.send(("results", _run_chunk(task)))
    except Exception as exc:  # the parent raises it
        import traceback

        detail = traceback.format_exc()
        try:
            conn.send(("error", (exc, detail)))
        except Exception:  # an exception that cannot be pickled
            conn.send(("error", (RuntimeError(f"{type(exc).__name__}: {exc}"), detail)))
    finally:
        conn.close()


class _Workers:
    """``workers`` processes playing the chunks of ``games`` round-robin, each with a pipe of
    its own to this process, read in the chunks' order (so results add up in game order, and a
    worker waits while its pipe is full: memory does not grow with the games).

    Leaving the block ends the workers, also on Ctrl-C or an error: each is sent SIGTERM (the
    signal that ends a worker) and waited for. No lock or queue is shared with them, so no
    worker ended mid-way can hold this process up (as ``multiprocessing.Pool.terminate`` can
    be, when a worker it ends holds the pool's queue lock)."""

    def __init__(self, config: dict, games: int, chunk: int, workers: int) -> None:
        self.games = games
        self.chunk = chunk
        self.config = config
        self.processes: list = []
        self.pipes: list = []
        self.chunks = -(-games // chunk)
        self.count = min(workers, self.chunks)  # (no worker without a chunk)
        self.held: set[int] | None = None
        self.holding = False

    def __enter__(self) -> _Workers:
        import multiprocessing

        context = multiprocessing.get_context()
        # Ctrl-C while the workers start would find some not yet set up (their handlers are
        # this process's): the signals wait until every worker is started and the block is
        # entered (see results()), so that leaving it ends them.
        self.held = _hold_signals()
        self.holding = True
        try:
            for k in range(self.count):
                reader, writer = context.Pipe(duplex=False)
                self.pipes.append(reader)
                process = context.Process(
                    target=_worker_main,
                    args=(writer, os.getpid(), self.config, self.games, self.chunk, k, self.count),
                    daemon=True,
                )
                process.start()
                self.processes.append(process)
                writer.close()  # (the worker's copy is the only one: its end is the pipe's end)
        except BaseException:
            self.__exit__()
            raise
        return self

    def results(self) -> Iterator[list[dict]]:
        """Each chunk's results, in the chunks' order."""
        self._release()
        for index in range(self.chunks):
            k = index % self.count
            try:
                kind, value = self.pipes[k].recv()
            except EOFError:
                self.processes[k].join(5)
                code = self.processes[k].exitcode
                raise RuntimeError(f"a simulation worker ended unexpectedly (exit code {code})") from None
            if kind == "error":
                exc, detail = value
                if hasattr(exc, "add_note"):
                    exc.add_note(f"in a simulation worker:\n{detail}")
                raise exc
            yield value

    def _release(self) -> None:
        if self.holding:
            self.holding = False
            _release_signals(self.held)

    def __exit__(self, *exc: object) -> None:
        for process in self.processes:
            if process.exitcode is None:
                process.terminate()
        for process in self.processes:
            process.join(10)
            if process.exitcode is None:  # pragma: no cover - SIGTERM ends a worker
                process.kill()
                process.join()
        for pipe in self.pipes:
            pipe.close()
        self._release()


class _Tally:
    """The running totals of a tournament, added game by game in game order (so the sums
    are the same for any split into chunks), in memory that does not grow with the number of
    games: lengths and rounds are kept as counts per value."""

    def __init__(self, players: int) -> None:
        self.games = 0
        self.wins = [0.0] * players
        self.points = [0.0] * players
        self.seat_wins = [0] * players
        self.counts = dict.fromkeys(_COUNT_KEYS, 0)
        self.lengths: Counter[int] = Counter()
        self.rounds: Counter[int] = Counter()
        self.blocked = 0

    def add(self, result: dict) -> None:
        self.games += 1
        for j, share in enumerate(result["wins"]):
            self.wins[j] += share
        for j, points in enumerate(result["points"]):
            self.points[j] += points
        if result["winner_seat"] is not None:
            self.seat_wins[result["winner_seat"]] += 1
        self.blocked += result["blocked"]
        self.lengths[result["plies"]] += 1
        self.rounds[result["rounds"]] += 1
        for key, value in result["counts"].items():
            self.counts[key] += value


def _mean(counts: Counter[int]) -> float:
    return sum(value * n for value, n in counts.items()) / sum(counts.values())


def _median(counts: Counter[int]) -> float:
    """The median of the values counted, as :func:`statistics.median` gives it for the list."""
    items = sorted(counts.items())
    total = sum(counts.values())

    def value_at(position: int) -> int:
        seen = 0
        for value, n in items:
            seen += n
            if position < seen:
                return value
        raise IndexError(position)  # pragma: no cover - positions are below the total

    low = value_at((total - 1) // 2)
    return low if total % 2 else (low + value_at(total // 2)) / 2


# -- the tournament -------------------------------------------------------------------------


def tournament(
    bots: str | Sequence[str | dict],
    *,
    games: int = 1000,
    matches: bool = False,
    rules: Rules | None = None,
    seed: int = 0,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    rotate: bool = True,
    duplicate: bool = False,
    chunk: int | None = None,
    target: int = 100,
    max_rounds: int = 200,
) -> dict:
    """Play ``games`` rounds (or whole games to ``target`` with ``matches=True``) between
    ``bots`` — one entry per seat, see :func:`parse_bots` — and summarise them.

    Seats rotate: in game ``i`` entry ``j`` sits in seat ``(j + i) % players``. With
    ``duplicate`` every deal is played ``players`` times, once with each rotation (as in
    duplicate bridge): the luck of the deal then cancels out of the comparison, and the
    Wilson intervals, which assume independent games, are on the safe (wide) side. The work is
    split into chunks of games run by ``workers`` processes (default: every core; ``1``
    runs in this process); the result depends on ``seed`` only, never on ``workers`` or
    ``chunk``. ``progress(done, total)`` is called in this process as chunks finish.

    Returns a JSON-ready dict: ``entries`` (per player: ``wins``, ``win_rate``, ``ci95``
    (Wilson), ``average_points``), ``seat_wins``, ``blocked``, ``length_counts`` (how many
    games took each number of moves, as ``[moves, games]`` pairs for plots) with their summary
    in ``plies``, ``round_counts`` (likewise rounds per match, with ``matches``),
    ``rules_fired`` (totals) and ``rules_fired_per_game``, and ``timing`` (seconds and
    workers: the only part that varies between runs). Its size, like the memory used while
    playing, does not grow with ``games``.
    """
    entries = parse_bots(bots)
    n = len(entries)
    if not 2 <= n <= 8:
        raise ValueError(f"Vändåtta is played by 2 to 8 players, not {n} (R1)")
    if not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a positive whole number, not {games!r}")
    rules = rules if rules is not None else Rules()
    if workers is None:
        workers = os.cpu_count() or 1
    workers = max(1, min(int(workers), games))
    if chunk is None:  # a whole game to 100 is a few dozen rounds: smaller chunks show progress sooner
        chunk = max(1, min(10 if matches else 200, games // (workers * 8) or 1))
    config = {
        "entries": entries,
        "rules": rules,
        "seed": seed,
        "rotate": rotate,
        "duplicate": duplicate,
        "matches": matches,
        "target": target,
        "max_rounds": max_rounds,
    }
    tally = _Tally(n)
    tasks = _chunks(config, games, chunk)
    started = time.perf_counter()
    if progress is not None:
        progress(0, games)
    if workers == 1:
        for task in tasks:
            for result in _run_chunk(task):
                tally.add(result)
            if progress is not None:
                progress(tally.games, games)
    else:
        with _Workers(config, games, chunk, workers) as pool:
            for part in pool.results():
                for result in part:
                    tally.add(result)
                if progress is not None:
                    progress(tally.games, games)
    seconds = time.perf_counter() - started
    return _summary(config, tally, seconds, workers)


def _summary(config: dict, tally: _Tally, seconds: float, workers: int) -> dict:
    entries = config["entries"]
    n = len(entries)
    games = tally.games
    wins, points, counts = tally.wins, tally.points, tally.counts
    table = []
    for j, e in enumerate(entries):
        lo, hi = wilson(wins[j], games)
        table.append(
            {
                "label": e["label"],
                "player": e["player"],
                "options": dict(e["options"]),
                "wins": wins[j],
                "win_rate": wins[j] / games,
                "ci95": [lo, hi],
                "average_points": points[j] / games,
            }
        )
    out = {
        "mode": "matches" if config["matches"] else "rounds",
        "games": games,
        "players": n,
        "rules": str(config["rules"]),
        "seed": config["seed"],
        "rotate": config["rotate"],
        "duplicate": config["duplicate"],
        "entries": table,
        "seat_wins": tally.seat_wins,
        "blocked": tally.blocked,
        "plies": {
            "mean": _mean(tally.lengths),
            "median": _median(tally.lengths),
            "min": min(tally.lengths),
            "max": max(tally.lengths),
        },
        "length_counts": [[plies, n] for plies, n in sorted(tally.lengths.items())],
        "rules_fired": counts,
        "rules_fired_per_game": {k: v / games for k, v in counts.items()},
        "timing": {"seconds": seconds, "workers": workers},
    }
    if config["matches"]:
        out["round_counts"] = [[rounds, n] for rounds, n in sorted(tally.rounds.items())]
        out["rounds_per_match"] = _mean(tally.rounds)
    return out


def simulate(
    *,
    games: int = 1000,
    players: int = 4,
    rules: Rules | None = None,
    seed: int = 0,
    bots: str | Sequence[str | dict] | None = None,
    workers: int | None = 1,
    **options: object,
) -> dict:
    """:func:`tournament` with ``players`` random players unless ``bots`` names them."""
    if bots is None:
        bots = ["random"] * players
    return tournament(bots, games=games, rules=rules, seed=seed, workers=workers, **options)  # type: ignore[arg-type]  # tournament checks them


# -- the command line -------------------------------------------------------------------------


_COUNT_WORDS = {
    "aces": "aces",
    "eights": "eights",
    "groups": "groups",
    "draws": "draws",
    "lappen_calls": "lappen calls",
    "lappen_penalties": "lappen penalties",
    "reshuffles": "reshuffles",
    "special_last_card": "special last cards (V2)",
}


def format_table(result: dict) -> str:
    """A readable summary of a :func:`tournament` result: one row per player."""
    games = result["games"]
    what = "games to 100" if result["mode"] == "matches" else "rounds"
    lines = [
        f"{games} {what} · {result['players']} players · rules: {result['rules']} · seed {result['seed']}"
        + (" · seats rotated" if result["rotate"] else "")
        + (" · duplicate deals" if result.get("duplicate") else "")
        + f" · {result['timing']['workers']} worker(s), {result['timing']['seconds']:.1f} s",
        "",
    ]
    width = max(8, *(len(e["label"]) for e in result["entries"]))
    lines.append(f"{'player':<{width}}  {'wins':>9}  {'win share (95% CI)':<22}  {'avg points':>10}")
    for e in result["entries"]:
        lo, hi = e["ci95"]
        share = f"{100 * e['win_rate']:5.1f}% ({100 * lo:.1f}–{100 * hi:.1f})"
        wins = f"{e['wins']:.1f}" if e["wins"] % 1 else f"{int(e['wins'])}"
        lines.append(f"{e['label']:<{width}}  {wins:>9}  {share:<22}  {e['average_points']:>10.1f}")
    lines.append("")
    blocked = result["blocked"]
    lines.append(
        f"{'undecided' if result['mode'] == 'matches' else 'blocked rounds'}: {blocked} "
        f"({100 * blocked / games:.1f}%); moves per {'game' if result['mode'] == 'matches' else 'round'}: "
        f"mean {result['plies']['mean']:.1f}, median {result['plies']['median']:g}"
    )
    if result["mode"] == "matches":
        lines.append(f"rounds per game: mean {result['rounds_per_match']:.1f}")
    per = result["rules_fired_per_game"]
    lines.append(
        "per "
        + ("game" if result["mode"] == "matches" else "round")
        + ": "
        + ", ".join(f"{_COUNT_WORDS[k]} {per[k]:.2f}" for k in _COUNT_WORDS)
    )
    return "\n".join(lines)


def run_cli(args, out: TextIO) -> int:
    """``vandatta simulate``: play, print the table, optionally write ``--json``.

    Ctrl-C (SIGINT) and SIGTERM stop it cleanly: the workers are ended, one line on stderr
    says how many games were played, and the status is 128 + the signal's number (130, 143).
    """
    import json

    players = getattr(args, "players", None)
    if args.bots:
        bots = parse_bots(args.bots)
        if players is not None and players != len(bots):
            raise ValueError(f"--bots names {len(bots)} players but --players is {players}")
    else:
        bots = parse_bots(["random"] * (players or 4))
    playouts = getattr(args, "playouts", None)
    if playouts is not None:
        for b in bots:
            if b["player"] == "strong":
                b["options"].setdefault("playouts", playouts)
    shown = getattr(args, "progress", False) or (out is sys.stdout and sys.stderr.isatty())
    done = [0]

    def progress(count: int, total: int) -> None:
        done[0] = count
        if shown:
            print(f"\r{count}/{total} games", end="" if count < total else "\n", file=sys.stderr, flush=True)

    try:
        with _SignalStop() as stop:
            result = tournament(
                bots,
                games=args.games,
                matches=getattr(args, "matches", False),
                rules=args.rules,
                seed=args.seed,
                workers=args.workers,
                progress=progress,
            )
    except KeyboardInterrupt:
        signum = stop.signum or signal.SIGINT
        if shown:
            print(file=sys.stderr)  # end the progress line
        name = signal.Signals(signum).name
        print(f"stopped by {name} after {done[0]} of {args.games} games", file=sys.stderr, flush=True)
        return 128 + signum
    print(format_table(result), file=out)
    if args.json_path:
        with open(args.json_path, "w", encoding="utf-8") as f:
            json.dump(result, f, indent=1, ensure_ascii=False)
        print(f"results written to {args.json_path}", file=out)
    return 0


class _SignalStop:
    """Within the block, the first SIGINT or SIGTERM stops the work as Ctrl-C does (a
    ``KeyboardInterrupt``, so the workers are ended on the way out) and :attr:`signum` says
    which came; a second one while the workers are being ended is ignored, so none is left
    behind. Only in the main thread, where Python runs signal handlers; elsewhere nothing
    changes."""

    _SIGNALS = (signal.SIGINT, signal.SIGTERM)

    def __init__(self) -> None:
        self.signum: int | None = None
        self._before: dict[int, object] = {}

    def __enter__(self) -> _SignalStop:
        import threading

        if threading.current_thread() is threading.main_thread():
            for signum in self._SIGNALS:
                self._before[signum] = signal.signal(signum, self._on_signal)
        return self

    def __exit__(self, *exc: object) -> None:
        for signum, handler in self._before.items():
            signal.signal(signum, handler)  # type: ignore[arg-type]  # the handler signal.signal gave

    def _on_signal(self, signum: int, frame: object) -> None:
        if self.signum is None:
            self.signum = signum
            raise KeyboardInterrupt
