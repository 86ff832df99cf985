"""The strategy ideas of lesson 11, each measured by a tournament, with the figures kept in the package.

An idea (:class:`Idea`) is tested by two computer players that differ in that idea alone (see
:mod:`vandatta.ai.styles`): the player who follows it and the one who does not play
``games`` rounds against each other with :func:`~vandatta.ai.simulate.tournament` — two
players, every deal played twice with the seats swapped (``duplicate``), so that neither gets
the better cards — and the share of rounds each won comes with its 95% (Wilson) interval.

========  ==============================================  ==================  ===================
key       the idea                                        follows it          does not
========  ==============================================  ==================  ===================
several   lay several cards of one rank at once (R5)      expert              one_at_a_time
eight     keep your eight while another card fits (R6)    expert              eight_at_once
ace       lay the ace when you can, with its card after   expert              ace_saver
next      watch the next player: their cards, what they   watcher             expert
          lacked, what is left
========  ==============================================  ==================  ===================

**Honest and cheap.** A difference of one or two rounds in a hundred needs many rounds to be
told apart from luck: with 20,000 rounds the 95% interval of a share is about ±0.7 points,
so every figure the lesson quotes lies outside the other player's interval. Playing them takes
minutes, too long for a lesson (or its test run), so the figures are computed once, seeded,
by ``python scripts/make_strategy.py`` and kept in ``vandatta/ai/strategy.json``
(:func:`load_strategy`). A tournament's game ``i`` depends only on its seed and ``i``, so the
first games of the stored run are exactly a shorter run with the same seed: the file keeps
the tally of the first :data:`CHECK_GAMES` of each run, and the tests play them again
(:func:`check_run`), which any change to the players or the rules would upset.

The file also keeps the round the lesson reviews (:data:`REVIEWED`): a seeded round in which
the player who lays its eight at once meets two experts, reviewed for that player — with the
review stored in the record, as :func:`vandatta.review` keeps it.

>>> idea = IDEAS["eight"]
>>> idea.follows.__name__, idea.skips.__name__
('ExpertPlayer', 'EightAtOncePlayer')
>>> small = run(idea, games=40, seed=1)
>>> small["games"], [e["player"] for e in small["entries"]], small["duplicate"]
(40, ['expert', 'eight_at_once'], True)
>>> stored = load_strategy()["ideas"]["eight"]
>>> stored["games"] >= 20_000 and stored["entries"][0]["ci95"][0] > 0.5
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from types import MappingProxyType

from ..game import Game
from ..record import read_game, write_record
from .players import ExpertPlayer, Player, play_game
from .puzzles import Puzzle, load_puzzles
from .review import Review, review
from .simulate import tournament, wilson
from .styles import AceSaverPlayer, EightAtOncePlayer, OneAtATimePlayer, WatcherPlayer, style

__all__ = [
    "Idea",
    "IDEAS",
    "GAMES",
    "CHECK_GAMES",
    "REVIEWED",
    "DATA_FILE",
    "COMMAND",
    "run",
    "check_run",
    "make_strategy",
    "dump_strategy",
    "load_strategy",
    "stored_run",
    "reviewed_round",
    "play_reviewed_round",
    "idea_puzzles",
]

GAMES = 20_000  # rounds per idea: the interval of a share about ±0.7 points
CHECK_GAMES = 200  # the first rounds of each run, whose tally the file keeps for the tests
DATA_FILE = "strategy.json"
COMMAND = "python scripts/make_strategy.py"
FORMAT_VERSION = 1
PUZZLES_PER_LEVEL = 5


@dataclass(frozen=True)
class Idea:
    """A strategy idea and the tournament that measures it: ``follows`` (a player class that
    follows the idea) against ``skips`` (one that does not), ``games`` rounds from ``seed``.
    ``puzzles`` says which shipped puzzles practise it (see :func:`idea_puzzles`)."""

    key: str
    follows: type[Player]
    skips: type[Player]
    seed: int
    games: int = GAMES
    puzzles: Callable[[Puzzle], bool] = lambda p: False

    def lineup(self) -> list[dict]:
        """The tournament's two entries, labelled by their players' names."""
        return [{"player": p, "label": p.name} for p in (self.follows, self.skips)]


def _several(p: Puzzle) -> bool:
    """The answer lays several cards of one rank at once (aces aside)."""
    return any(len(s.cards) > 1 and not s.cards[0].is_ace for s in p.solution)


def _eight(p: Puzzle) -> bool:
    """A kept eight does the job: it takes you out, or stops the next player."""
    if p.kind == "choose":
        return True
    return p.kind in ("go_out", "ace_out") and any(c.is_eight for s in p.solution for c in s.cards)


def _ace(p: Puzzle) -> bool:
    return p.kind == "ace_out"


def _next(p: Puzzle) -> bool:
    return p.kind == "stuck"


IDEAS: dict[str, Idea] = {
    idea.key: idea
    for idea in (
        Idea("several", ExpertPlayer, OneAtATimePlayer, seed=1101, puzzles=_several),
        Idea("eight", ExpertPlayer, EightAtOncePlayer, seed=1102, puzzles=_eight),
        Idea("ace", ExpertPlayer, AceSaverPlayer, seed=1103, puzzles=_ace),
        Idea("next", WatcherPlayer, ExpertPlayer, seed=1104, puzzles=_next),
    )
}


def _idea(idea: Idea | str) -> Idea:
    if isinstance(idea, Idea):
        return idea
    try:
        return IDEAS[idea]
    except (KeyError, TypeError):
        raise ValueError(f"unknown idea {idea!r}: choose from {', '.join(IDEAS)}") from None


# -- the tournaments --------------------------------------------------------------------------------


def run(
    idea: Idea | str,
    *,
    games: int | None = None,
    seed: int | None = None,
    workers: int | None = 1,
    progress: Callable[[int, int], None] | None = None,
) -> dict:
    """Play ``idea``'s tournament (by default its own ``games`` and ``seed``): the player who
    follows the idea and the one who does not, two players, each deal twice with the seats
    swapped. Returns :func:`~vandatta.ai.simulate.tournament`'s summary, JSON-ready (each
    entry's ``player`` is its player's name) and without its timing, so that the same
    settings give the same dict."""
    idea = _idea(idea)
    result = tournament(
        idea.lineup(),
        games=idea.games if games is None else games,
        seed=idea.seed if seed is None else seed,
        duplicate=True,
        workers=workers,
        progress=progress,
    )
    for entry in result["entries"]:
        entry["player"] = entry["player"].name
    result.pop("timing", None)
    result.pop("length_counts", None)  # (a long list the lesson does not use)
    return result


def _tally(result: Mapping) -> dict:
    return {
        "games": result["games"],
        "wins": [e["wins"] for e in result["entries"]],
        "average_points": [e["average_points"] for e in result["entries"]],
    }


def check_run(idea: Idea | str, stored: Mapping | None = None, *, workers: int | None = 1) -> list[str]:
    """Play the first rounds of ``idea``'s stored run again (their number and tally are kept
    in the file) and say what differs — nothing when the stored figures are reproduced."""
    idea = _idea(idea)
    stored = stored if stored is not None else stored_run(idea.key)
    want = stored["check"]
    again = _tally(run(idea, games=want["games"], seed=stored["seed"], workers=workers))
    return [
        f"{idea.key}: the first {want['games']} rounds give {key} {again[key]}, the file has {want[key]}"
        for key in ("wins", "average_points")
        if again[key] != want[key]
    ]


# -- the reviewed round -----------------------------------------------------------------------------

REVIEWED: Mapping = MappingProxyType(
    {
        # Player 1 lays its eights at once: on its first turn both of them, although J♥ fits.
        "players": ("eight_at_once", "expert", "expert"),
        "seed": 140,
        "seat": 0,
        "playouts": 600,
        "review_seed": 0,
        "show": 3,  # the move the lesson opens the review at
    }
)


def play_reviewed_round(settings: Mapping = REVIEWED) -> Game:
    """The round of ``settings`` played again by its players (not yet reviewed)."""
    players = [style(name)() for name in settings["players"]]
    return play_game(players, seed=settings["seed"])


def _review_round(settings: Mapping = REVIEWED, *, workers: int | None = None) -> tuple[Game, Review]:
    game = play_reviewed_round(settings)
    done = review(
        game,
        settings["seat"],
        playouts=settings["playouts"],
        seed=settings["review_seed"],
        workers=workers,
    )
    return game, done


def reviewed_round() -> Game:
    """The lesson's reviewed round, from the file: the game with its review in its
    annotations (:meth:`vandatta.ai.review.Review.from_game` reads it)."""
    return read_game(load_strategy()["review"]["record"])


# -- the file --------------------------------------------------------------------------------------


def make_strategy(
    *, workers: int | None = None, progress: Callable[[str, int, int], None] | None = None
) -> dict:
    """Compute everything the file keeps: every idea's run with the tally of its first
    :data:`CHECK_GAMES` rounds, and the reviewed round. ``progress(key, done, total)``."""
    ideas = {}
    for key, idea in IDEAS.items():
        report = None if progress is None else (lambda done, total, key=key: progress(key, done, total))
        full = run(idea, workers=workers, progress=report)
        full["check"] = _tally(run(idea, games=CHECK_GAMES, workers=1))
        ideas[key] = full
    return {
        "version": FORMAT_VERSION,
        "made_by": COMMAND,
        "ideas": ideas,
        "review": review_part(workers=workers),
    }


def review_part(*, workers: int | None = None) -> dict:
    """The file's reviewed round: its settings and the record of the round with its review
    (kept in the game's annotations). The only part that depends on the search: after a
    change to it, this is what to compute again."""
    game, _review = _review_round(workers=workers)
    return {"settings": {**REVIEWED, "players": list(REVIEWED["players"])}, "record": write_record(game)}


def dump_strategy(data: Mapping) -> str:
    """The file's text: JSON, one idea per block, ending in a newline."""
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


@cache
def load_strategy() -> dict:
    """The stored figures (``vandatta/ai/strategy.json``), checked: every idea of
    :data:`IDEAS` with its run, whose shares and intervals agree with its win counts."""
    text = resources.files(__package__).joinpath(DATA_FILE).read_text(encoding="utf-8")
    data = json.loads(text)
    if data.get("version") != FORMAT_VERSION:
        raise ValueError(f"{DATA_FILE}: version {data.get('version')!r}, expected {FORMAT_VERSION}")
    for key in IDEAS:
        if key not in data.get("ideas", {}):
            raise ValueError(f"{DATA_FILE}: no figures for the idea {key!r} (run {COMMAND})")
        _check_summary(key, data["ideas"][key])
    return data


def _check_summary(key: str, result: Mapping) -> None:
    games = result["games"]
    for entry in result["entries"]:
        share = entry["wins"] / games
        low, high = wilson(entry["wins"], games)
        if abs(entry["win_rate"] - share) > 1e-12 or [low, high] != list(entry["ci95"]):
            raise ValueError(
                f"{DATA_FILE}: idea {key!r}: {entry['label']}'s share or interval is not its wins'"
            )


def stored_run(key: str) -> dict:
    """Idea ``key``'s stored run (see :func:`run`), with ``check``: the tally of its first rounds."""
    _idea(key)
    return load_strategy()["ideas"][key]


# -- puzzles ----------------------------------------------------------------------------------------


def idea_puzzles(
    idea: Idea | str, puzzles: Iterable[Puzzle] | None = None, *, per_level: int = PUZZLES_PER_LEVEL
) -> list[Puzzle]:
    """The shipped puzzles that practise ``idea`` (its ``puzzles`` test), up to ``per_level``
    of each level in the set's order:

    - ``several``: the answer lays several cards of one rank at once;
    - ``eight``: a kept eight does the job — it takes you out, or (``choose``) what you choose
      it to count as stops the next player;
    - ``ace``: make everyone else draw and still go out (``ace_out``);
    - ``next``: lay so that the next player, whose cards are shown, cannot lay (``stuck``).

    >>> [p.key for p in idea_puzzles("ace", per_level=1)]
    ['ace_out-1-1', 'ace_out-2-1', 'ace_out-3-1']
    """
    idea = _idea(idea)
    chosen: list[Puzzle] = []
    count: dict[int, int] = {}
    for puzzle in load_puzzles() if puzzles is None else puzzles:
        if idea.puzzles(puzzle) and count.get(puzzle.level, 0) < per_level:
            count[puzzle.level] = count.get(puzzle.level, 0) + 1
            chosen.append(puzzle)
    return chosen
