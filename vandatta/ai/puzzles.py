"""Puzzles with exactly one answer, proved by trying every way the turn could go.

A puzzle is a position, a goal for the player to move and the one way to reach it:

- ``go_out`` — "Go out this turn": groups, eights, an ace and the card after it.
- ``ace_out`` — "Make everyone else draw and still go out": an ace (or two) on the way out.
- ``stuck`` — "Lay so that the next player (cards shown) cannot lay any card".
- ``choose`` — "Lay your eight and choose what it counts as, so that the next player cannot
  lay any card".
- ``v2_safe`` — with V2 on, "lay so that you could go out next turn" (keep a card you can
  go out on: with V2 an eight as the last card does not go out).

>>> import vandatta as v
>>> p = v.make_puzzle("go_out", seed=7, level=2)
>>> p.kind, p.level, p.seed, p.tries > 0
('go_out', 2, 7, True)
>>> p.solution == v.puzzle_solutions(p.game(), p.kind)[0] and len(v.puzzle_solutions(p.game(), p.kind)) == 1
True
>>> game = p.game()
>>> for step in p.solution:
...     _ = game.play(step.move)
>>> game.winner == p.position["to_move"]
True

**What an answer is.** The player's turn: every move from the position until the turn passes
to the next player, the round ends, or (V2) the player has to draw. So an answer is one move
(``5♥ 5♠``) or a line of moves of one turn (``A♥`` and then ``5♥ 5♠``). An answer never
draws: a drawn card is a surprise, and a puzzle is solved with the cards you can see — so the
search tries every line of the turn without a draw (``draw`` is still allowed, and the
puzzle widget answers it with the rules' own explanation and that hint). Lappen (V3) is
off in every puzzle.

**When two answers are the same.** Two moves are the same decision when they lay the same
cards with the same first and last card: the order of a group's middle cards does not
matter (the engine lists each group once, its middle cards in ascending order, and
:meth:`vandatta.Move.decision` compares them so). An eight's choice (what it counts as) is
part of an answer only as far as it decides the goal: if every choice reaches the goal, the
answer is the eight "with any choice"; otherwise each *suit* whose choices reach the goal is
an answer of its own, and every rank that reaches the goal with that suit belongs to that one
answer (the puzzle then asks for the suit, and any rank that works is right). So
"exactly one answer" means: exactly one line of card plays, and for an eight in it either
any choice or choices of one suit.

**How it is proved.** :func:`puzzle_solutions` walks every legal line of the turn through
the engine's public API (``legal_moves().families()``, ``push``/``pop``), every
declaration of every eight included, and checks the goal at the end of each; a puzzle is
kept only when exactly one answer comes out — and, for the puzzles whose goal is not going
out, only when going out this turn is impossible (it would be an answer of its own).

**Levels** (1 easy – 3 hard) come from the number of lines of the turn (``lines``, an eight
once per suit) and the number of moves of the answer (``depth``):
``score = (depth - 1) + log2(lines)``; level 1 up to 2, level 2 up to 3, level 3 above
(:func:`level_score`, :func:`level_of`; ``tests/ai/test_puzzles.py`` reads this formula and
these cut-offs from here and compares them with the code). ``choices``, the number of
different card plays at the start (each eight once), is kept with every puzzle too.

**Only rules already taught.** A level's puzzles use only the rules taught in the lessons
before it (:data:`LESSON_RULES`, which lesson teaches which rule ids; :data:`LEVEL_LESSONS`,
the lessons a level comes after): level 1 only the basic rules of lessons 1–6, so no V1;
levels 2 and 3 also the variants of lesson 7 (V1, and V2 for "v2_safe"). :attr:`Puzzle.rule_ids`
are the rules a puzzle uses — the variants switched on and every rule its answer's moves rest
on, as the engine cites them; ``tests/ai/test_puzzles.py`` checks the shipped set against it.

>>> sorted(level_rules(1) - {"S1"})[:4], "V1" in level_rules(1), "V1" in level_rules(2)
(['O1', 'O2', 'R1', 'R10'], False, True)

**What you cannot see.** An ace makes the others draw from the face-down talon, so after
an ace the next player holds a card the mover has not seen. A line is an answer only if it
reaches the goal in every order of the hidden cards — whatever card the next player draws —
and a puzzle is kept only if no other line reaches the goal in any order
(:meth:`Goal.judge`; :attr:`Survey.unsure` lists the lines that work for some draws only).

**Seeded.** :func:`make_puzzle` draws positions from ``random.Random`` seeded by the kind,
the level and ``seed`` until one passes: the same arguments give the same puzzle on every
machine. :func:`puzzle_set` is the recipe of the shipped set (``vandatta/ai/puzzles.json``,
read by :func:`load_puzzles`).
"""

from __future__ import annotations

import itertools
import json
import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

from ..cards import Card, Rank, Suit, format_cards, parse_cards, standard_deck
from ..explain import Verdict
from ..game import Game
from ..lang import LocalText, check_lang
from ..messages import MESSAGES
from ..moves import Move
from ..rules import Rules

__all__ = [
    "KINDS",
    "KIND_LEVELS",
    "LEVELS",
    "RECIPE",
    "Goal",
    "Outcome",
    "Puzzle",
    "PuzzleError",
    "PuzzleTry",
    "Step",
    "Survey",
    "LESSON_RULES",
    "LEVEL_LESSONS",
    "level_of",
    "level_rules",
    "level_score",
    "load_puzzles",
    "make_puzzle",
    "puzzle_set",
    "puzzle_solutions",
    "survey",
    "draw_position",
]

KINDS = ("go_out", "ace_out", "stuck", "choose", "v2_safe")
LEVELS = (1, 2, 3)
# The levels each kind has. An eight's choice already counts four lines, and a hand for V2
# holds an eight and two more cards, so "choose" and "v2_safe" start at level 2.
KIND_LEVELS: dict[str, tuple[int, ...]] = {
    "go_out": (1, 2, 3),
    "ace_out": (1, 2, 3),
    "stuck": (1, 2, 3),
    "choose": (2, 3),
    "v2_safe": (2, 3),
}
# Which lesson teaches which rule ids (the lessons in notebooks/sv and notebooks/en, 01–08; a rule
# belongs to the lesson that first explains it).
LESSON_RULES: dict[int, tuple[str, ...]] = {
    1: ("R1", "R2", "R3", "R4", "R9", "S1"),  # goal and deal
    2: ("R5",),  # matching and groups
    3: ("R6", "O1"),  # eights
    4: ("R7", "R11", "O2"),  # aces
    5: ("R8",),  # drawing and passing
    6: ("R10",),  # the empty talon
    7: ("V1", "V2", "V3", "O4", "O5", "O6", "O7", "O8", "O9"),  # the variants
    8: ("S2", "O3"),  # points and the game to 100
}
# The lessons each level's puzzles come after: level 1 the basic rules, 2 and 3 the variants too.
LEVEL_LESSONS: dict[int, int] = {1: 6, 2: 7, 3: 7}


def level_rules(level: int) -> frozenset[str]:
    """The rule ids a puzzle of ``level`` may use: those taught in the lessons before it."""
    last = LEVEL_LESSONS[level]
    return frozenset(rule for lesson, rules in LESSON_RULES.items() if lesson <= last for rule in rules)


# The shipped set: (kind, level, how many), seeds 1 … how many.
RECIPE: tuple[tuple[str, int, int], ...] = tuple(
    (kind, level, 14 if level == 1 else 9) for level in LEVELS for kind in KINDS if level in KIND_LEVELS[kind]
)
FORMAT_VERSION = 1
DATA_FILE = "puzzles.json"
# Attempts make_puzzle makes before it gives up (it never needs this many: see the yield
# printed by benchmarks/bench_puzzles.py).
MAX_TRIES = 20_000
# Sets of hidden cards Goal.judge tries at most for one line (the next player drawing one
# card: about 40; two: about 800).
MAX_ORDERS = 20_000
_PLAY, _DRAW, _PASS = "play", "draw", "pass"


class PuzzleError(ValueError):
    """A puzzle that is not one: no answer or more than one, a bad field in a puzzle file, a
    kind or level that does not exist."""


# -- words ------------------------------------------------------------------------------------

# Everything a player reads here, in Swedish and English (words as in docs/glossary.md).


def words(key: str, lang: str = "en", **params: object) -> str:
    """One of the puzzles' texts, with its ``{placeholders}`` filled in."""
    check_lang(lang)
    text = MESSAGES["puzzle_" + key][lang]
    return text.format(**params) if params else text


# -- answers ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One move of an answer: the cards in laying order (a group's middle cards ascending) and,
    for an eight, the choices that are right — ``None`` when any choice is right (or the play
    has no eight), else a frozenset of ``(suit, rank)`` of one suit. ``kind`` is ``"play"`` or
    ``"pass"``."""

    cards: tuple[Card, ...]
    choices: frozenset[tuple[Suit, Rank | None]] | None = None
    kind: str = _PLAY

    @property
    def move(self) -> Move:
        """A move that takes this step: for an eight, its first right choice — or, when any
        choice is right, the eight counting as itself (see :meth:`example` for O1)."""
        return self.example()

    def example(self, *, suit_only: bool = False) -> Move:
        """A move that takes this step; ``suit_only`` (O1) makes an eight that may count as
        anything name its own suit only."""
        if self.kind != _PLAY:
            return Move.pass_()
        if not self.cards[-1].is_eight:
            return Move.from_parts(_PLAY, self.cards)
        if self.choices is None:
            last = self.cards[-1]
            return Move.from_parts(_PLAY, self.cards, last.suit, None if suit_only else last.rank)
        suit, rank = min(self.choices, key=_choice_key)
        return Move.from_parts(_PLAY, self.cards, suit, rank)

    @property
    def suit(self) -> Suit | None:
        """The suit an eight must count as, or ``None`` (not an eight, or any choice)."""
        if not self.choices:
            return None
        return next(iter(self.choices))[0]

    def accepts(self, move: Move | str) -> bool:
        """Whether ``move`` takes this step: the same cards (middle order aside) and, for an
        eight, a right choice. With O1, a choice without a rank is compared as given."""
        move = Move.parse(move)
        if move.kind != self.kind:
            return False
        if move.kind != _PLAY:
            return True
        if move.lappen or _canonical(move.cards) != self.cards:
            return False
        if not self.cards[-1].is_eight or self.choices is None:
            return True
        return (move.declared_suit, move.declared_rank) in self.choices

    def text(self, lang: str = "en") -> str:
        """The step in words and notation: ``"A♥"``, ``"8♠ counting as hearts (K, Q, 9)"``."""
        if self.kind != _PLAY:
            return MESSAGES["move_pass"][check_lang(lang)]
        cards = format_cards(self.cards)
        if not self.cards[-1].is_eight:
            return cards
        suit = self.suit
        if self.choices is None or suit is None:
            return words("any_choice", lang, card=cards)
        ranks = sorted({rank for _, rank in self.choices if rank is not None}, key=int)
        if len(ranks) in (0, 13):
            shown = words("any_rank", lang)
        else:
            shown = ", ".join(rank.symbol for rank in ranks)
        return words("suit_choice", lang, card=cards, suit=suit.name_in(lang), ranks=shown)

    def to_json(self) -> dict:
        data: dict[str, object] = (
            {"cards": format_cards(self.cards)} if self.kind == _PLAY else {"pass": True}
        )
        if self.kind == _PLAY and self.cards[-1].is_eight:
            if self.choices is None:
                data["counts_as"] = "any"
            else:
                data["counts_as"] = sorted(_choice_text(c) for c in self.choices)
        return data

    @classmethod
    def from_json(cls, data: object, where: str) -> Step:
        if not isinstance(data, dict):
            raise PuzzleError(f"{where}: a step is an object like {{'cards': 'A♥'}}")
        if data.get("pass") is True:
            return cls((), None, _PASS)
        try:
            cards = tuple(parse_cards(data["cards"]))
        except (KeyError, TypeError, ValueError) as error:
            raise PuzzleError(f"{where}: 'cards' must be cards in notation ({error})") from None
        if not cards:
            raise PuzzleError(f"{where}: a step lays at least one card")
        if _canonical(cards) != cards:
            raise PuzzleError(f"{where}: the middle cards of a group go in ascending order")
        counts = data.get("counts_as")
        if not cards[-1].is_eight:
            if counts is not None:
                raise PuzzleError(f"{where}: only an eight counts as something")
            return cls(cards)
        if counts == "any":
            return cls(cards)
        if not isinstance(counts, list) or not counts:
            raise PuzzleError(f"{where}: an eight's 'counts_as' is 'any' or a list like ['K♥']")
        try:
            choices = frozenset(_parse_choice(text) for text in counts)
        except (TypeError, ValueError) as error:
            raise PuzzleError(f"{where}: 'counts_as': {error}") from None
        if len({suit for suit, _ in choices}) != 1:
            raise PuzzleError(f"{where}: the choices of one answer have one suit")
        return cls(cards, choices)

    def __str__(self) -> str:
        return self.text("en")


def _canonical(cards: Sequence[Card]) -> tuple[Card, ...]:
    cards = tuple(cards)
    if len(cards) > 2:
        return (cards[0], *sorted(cards[1:-1], key=lambda c: c.index), cards[-1])
    return cards


def _choice_key(choice: tuple[Suit, Rank | None]) -> tuple[int, int]:
    suit, rank = choice
    return (int(suit), -1 if rank is None else int(rank))


def _choice_text(choice: tuple[Suit, Rank | None]) -> str:
    suit, rank = choice
    return ("" if rank is None else rank.symbol) + suit.symbol


def _parse_choice(text: object) -> tuple[Suit, Rank | None]:
    if not isinstance(text, str) or not text:
        raise ValueError(f"{text!r} is not a choice like 'K♥' or '♥'")
    suit = Suit.parse(text[-1])
    rank = Rank.parse(text[:-1]) if len(text) > 1 else None
    return (suit, rank)


# -- goals --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    """Whether a line of the turn reached the goal; if not, why: ``key`` names the text
    ``"miss_" + key`` of the catalog (:data:`vandatta.messages.MESSAGES`, ``puzzle_…``), and ``params`` fill it in, each as
    ``(name, LocalText)``."""

    reached: bool
    key: str = ""
    params: tuple[tuple[str, LocalText], ...] = ()

    def text(self, lang: str = "en") -> str:
        if self.reached:
            return ""
        return words("miss_" + self.key, lang, **{name: value.text(lang) for name, value in self.params})


class Goal:
    """The goal of a puzzle of ``kind`` set in the position ``start``: called with the
    position after a line of the turn, it gives the line's :class:`Outcome`."""

    def __init__(self, kind: str, start: Game) -> None:
        if kind not in KINDS:
            raise PuzzleError(f"unknown puzzle kind {kind!r}: choose from {', '.join(KINDS)}")
        self.kind = kind
        # Only these goals look at the pile (what the next player may lay on it); the others
        # read the mover's hand and whether the round is over.
        self.reads_pile = kind in ("stuck", "choose")
        self.mover = start.to_move
        self.sizes = start.hand_sizes
        self.players = start.players
        # The seat whose cards decide the goal besides the mover's: the next player's, shown,
        # for stuck and choose. What they draw in the turn (after an ace) is not shown: the
        # search judges a line in every order of the hidden cards (see judge()).
        self.watched: int | None = (self.mover + 1) % self.players if self.reads_pile else None
        self.shown: tuple[Card, ...] = start.hand(self.watched) if self.watched is not None else ()
        self.talon_size = start.talon_size
        seen = [*start.hand(self.mover), start.top, *self.shown]
        self.unseen = _minus(_full_deck(self.players), seen) if self.reads_pile else ()
        self.rules = start.rules
        self._judged: dict[tuple, tuple[Outcome, bool]] = {}
        self.probes = 0  # hands asked of the engine (see judge)
        self.unsure = 0  # line ends that reach the goal in some orders only

    def __call__(self, game: Game, *, explain: bool = False) -> Outcome:
        """The outcome of the line that led to ``game``; ``explain`` adds what the next player
        could lay and the rules' reason (the search needs only the key)."""
        kind, mover = self.kind, self.mover
        out = game.is_over and game.winner == mover
        if kind == "go_out":
            if out:
                return _REACHED
            if game.must_draw:
                return Outcome(False, "must_draw")
            return _cards_left(game.hand(mover))
        if kind == "ace_out":
            drew = all(
                game.hand_size(seat) > self.sizes[seat] for seat in range(self.players) if seat != mover
            )
            if out and drew:
                return _REACHED
            if out:
                return Outcome(False, "nobody_drew")
            if game.must_draw:
                return Outcome(False, "must_draw")
            return _cards_left(game.hand(mover))
        if out:
            return Outcome(False, "went_out")
        if game.must_draw:
            return Outcome(False, "must_draw")
        if kind == "v2_safe":
            hand = game.hand(mover)
            if game.lappen_ready(mover):
                return _REACHED
            key = "only_special" if all(card.is_special for card in hand) else "not_ready"
            return Outcome(False, key, (_same("cards", format_cards(hand)),))
        # stuck, choose: the next player (to move now) has no card to lay
        plays = game.legal_moves().plays()
        if not plays:
            return _REACHED
        if not explain:
            return Outcome(False, "next_can_lay")
        # a play of the cards shown if there is one (a drawn card is not shown)
        shown = set(self.shown)
        cards, decls, _ = next((p for p in plays if shown.issuperset(p[0])), plays[0])
        verdict = game.check(Move.from_parts(_PLAY, cards, *decls[0]))
        seat = game.to_move
        name = LocalText.of(lambda lang: game.player_name(seat, lang))
        why = LocalText.of(lambda lang: verdict.text(lang, player=name.text(lang)))
        return Outcome(
            False,
            "next_can_lay",
            (("next", name), _same("card", format_cards(cards)), ("why", why)),
        )

    def judge(self, game: Game) -> tuple[Outcome, bool]:
        """The line that led to ``game`` judged in every order of the hidden cards: its
        :class:`Outcome` where the hidden cards are least kind (reached only if the goal is
        reached in every order), and whether the goal is reached in at least one order.

        Only the next player's draws can change a goal (stuck, choose: after an ace they draw
        a card nobody has seen). They may draw any card out of the mover's sight — not in the
        mover's hand, not the top card they saw, not among the cards shown; if the talon runs
        out in the turn (R10), any card but the mover's, the shown ones and the top (the pile,
        cards the mover saw among it, is shuffled in: more cards than can come, never fewer,
        so a line is never judged on too few). Every set
        of such cards of the number drawn is tried (the order they come in does not matter:
        it is the next player's hand that decides), with two short cuts that are exact because
        more cards never take a play away: a player who can lay with the cards shown can lay
        whatever they draw, and one who cannot lay even holding every card out of sight
        cannot lay whatever they draw. (A hand is asked of the engine itself: can a player
        holding it lay on the top card, as it is after the line, under the puzzle's rules.)
        Raises :class:`PuzzleError` if more than
        :data:`MAX_ORDERS` sets would have to be tried.

        >>> import vandatta as v
        >>> g = v.Game.from_position(hands=["A♦ 9♦ 5♥", "J♠ 5♠ J♥"], top="A♥", talon="Q♣ 10♦ 3♠")
        >>> goal = Goal("stuck", g)
        >>> _ = g.play("A♦"), g.play("9♦")     # Player 2 drew Q♣: with it they cannot lay …
        >>> goal(g).reached, goal.judge(g)    # … but 10♦ (or an eight) would lay on 9♦
        (True, (Outcome(reached=False, key='next_can_lay', params=()), True))
        """
        outcome = self(game)
        seat = self.watched
        if seat is None or game.is_over or game.must_draw or game.to_move != seat:
            return outcome, outcome.reached  # nothing hidden decides this goal
        drawn = game.hand_size(seat) - len(self.shown)
        if drawn <= 0:
            return outcome, outcome.reached
        mover_hand = game.hand(self.mover)
        key = (game.top_notation, mover_hand, game.hand(seat))
        if key in self._judged:
            return self._judged[key]
        drew = sum(game.hand_size(s) - self.sizes[s] for s in range(self.players) if s != self.mover)
        if drew > self.talon_size:  # the talon ran out in the turn (R10)
            pool = _minus(_full_deck(self.players), [*mover_hand, game.top, *self.shown])
        else:
            pool = self.unseen
        top = game.top_notation

        def can_lay(extra: Sequence[Card]) -> bool:
            self.probes += 1
            return _can_lay([*self.shown, *extra], top, self.rules)

        if can_lay(()):
            result = (_NEXT_CAN_LAY, False)  # whatever they draw
        elif not can_lay(pool):
            result = (_REACHED, True)  # whatever they draw
        else:
            ways = math.comb(len(pool), drawn)
            if ways > MAX_ORDERS:
                raise PuzzleError(
                    f"the next player draws {drawn} of {len(pool)} hidden cards: {ways} ways, "
                    f"more than the {MAX_ORDERS} the search tries"
                )
            stuck = lay = False
            for cards in _sets(pool, drawn):
                if can_lay(cards):
                    lay = True
                else:
                    stuck = True
                if stuck and lay:
                    break
            result = (_NEXT_CAN_LAY if lay else _REACHED, stuck)
        self._judged[key] = result
        return result


def _full_deck(players: int) -> list[Card]:
    # R1: one deck for 2–5 players, two for 6–8.
    return standard_deck() * (2 if players >= 6 else 1)


def _minus(cards: Iterable[Card], taken: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` without ``taken`` (each taken card once), in deck order."""
    counts = [0] * 52
    for card in cards:
        counts[card.index] += 1
    for card in taken:
        counts[card.index] = max(counts[card.index] - 1, 0)
    return tuple(Card.from_index(i) for i, n in enumerate(counts) for _ in range(n))


def _sets(pool: Sequence[Card], n: int) -> Iterable[tuple[Card, ...]]:
    """Every set of ``n`` cards of ``pool`` (with two decks, a card twice only if it is
    there twice), each once."""
    return dict.fromkeys(itertools.combinations(pool, n))


def _can_lay(hand: Sequence[Card], top: str, rules: Rules) -> bool:
    """Whether a player holding ``hand`` can lay a card on ``top`` (in notation, with an
    eight's choice) at the start of their turn, under ``rules``: asked of the engine."""
    probe = Game.from_position(hands=[[], list(hand)], top=top, to_move=1, rules=rules)
    return bool(probe.legal_moves().plays())


def _same(name: str, text: str) -> tuple[str, LocalText]:
    return (name, LocalText.of(lambda lang: text))


_REACHED = Outcome(True)
_NEXT_CAN_LAY = Outcome(False, "next_can_lay")


def _cards_left(hand: Sequence[Card]) -> Outcome:
    return Outcome(False, "cards_left", (_same("cards", format_cards(hand)),))


# -- the exhaustive search ----------------------------------------------------------------------


@dataclass(frozen=True)
class Survey:
    """Every line of a turn, tried: the answers (each a tuple of :class:`Step`), how many
    different card plays there were at the start (``choices``, an eight once), how many
    lines the turn has (``lines``, an eight once per suit), how the lines that missed
    the goal missed it (``misses``: key → number of lines), and the lines that reach the
    goal for some orders of the hidden cards but not for all (``unsure``: they are not
    answers, and a puzzle with one is not kept — whether they work depends on the talon)."""

    answers: tuple[tuple[Step, ...], ...]
    choices: int
    lines: int
    misses: Mapping[str, int] = field(default_factory=dict)
    unsure: tuple[tuple[Step, ...], ...] = ()


def survey(game: Game, kind: str) -> Survey:
    """Try every line of the turn of ``game.to_move`` (draws left out, see the module's
    docstring) and judge each by the goal of ``kind``. The game is left as it was.

    >>> import vandatta as v
    >>> g = v.Game.from_position(hands=["A♥ 5♥ 5♠", "K♦ 2♦"], top="7♥", talon="9♠ 4♦ 2♣")
    >>> s = survey(g, "go_out")
    >>> [[str(step) for step in answer] for answer in s.answers], s.choices
    ([['A♥', '5♥ 5♠']], 3)
    """
    if game.is_over:
        raise PuzzleError("the round is over: there is no turn to try")
    if game.rules.lappen:
        raise PuzzleError("puzzles are made without lappen (V3)")
    if not game.has_history:
        raise PuzzleError("survey tries moves with push() and pop(): give it a game with its history")
    goal = Goal(kind, game)
    misses: dict[str, int] = {}
    counter = [0]
    ply = game.ply
    unsure: tuple[tuple[Step, ...], ...] = ()
    try:
        answers = _explore(game, goal, misses, counter)
        if goal.unsure:  # some line works in some orders only: which lines are they?
            sure = set(answers)
            maybe = _explore(game, goal, {}, [0], sure=False)
            unsure = tuple(a for a in dict.fromkeys(maybe) if a not in sure)
    finally:  # every move tried is taken back, even if something failed on the way
        while game.ply > ply:
            game.pop()
    choices = sum(1 for family in game.legal_moves().families() if family[0] == _PLAY)
    unique = tuple(dict.fromkeys(answers))
    return Survey(unique, choices, counter[0], misses, unsure)


def puzzle_solutions(game: Game, kind: str) -> list[tuple[Step, ...]]:
    """Every answer to the puzzle ``kind`` in ``game`` (see :func:`survey`)."""
    return list(survey(game, kind).answers)


def _explore(
    game: Game, goal: Goal, misses: dict[str, int], counter: list[int], *, sure: bool = True
) -> list[tuple[Step, ...]]:
    answers: list[tuple[Step, ...]] = []
    for kind, cards, decls, _laps in game.legal_moves().families():
        if kind == _DRAW:
            continue
        if kind == _PASS:
            game.push(Move.pass_())
            tails = _after(game, goal, misses, counter, sure=sure)
            game.pop()
            answers.extend((Step((), None, _PASS), *tail) for tail in tails)
            continue
        if len(decls) == 1:  # no eight: one move
            game.push(Move.from_parts(_PLAY, cards, *decls[0]))
            tails = _after(game, goal, misses, counter, sure=sure)
            game.pop()
            answers.extend((Step(cards), *tail) for tail in tails)
            continue
        # An eight: every choice is tried; a choice is part of the answer only where it matters.
        # an eight's declarations all name a suit
        eights = [(suit, rank) for suit, rank in decls if suit is not None]
        by_choice: dict[tuple[Suit, Rank | None], frozenset] = {}
        counted: set[Suit] = set()
        for decl in eights:
            game.push(Move.from_parts(_PLAY, cards, *decl))
            ends = _turn_over(game, goal.mover)
            local: dict[str, int] = {}
            sub = [0]
            tails = _after(game, goal, local, sub, sure=sure)
            game.pop()
            by_choice[decl] = frozenset(tails)
            # lines and misses: an eight once per suit
            times = 0 if decl[0] in counted else 1
            counted.add(decl[0])
            if ends and not goal.reads_pile:
                # The turn ended with the eight and the goal does not look at the pile, so
                # every other choice ends the same way.
                times = len({d[0] for d in eights})
                by_choice = dict.fromkeys(eights, frozenset(tails))
            counter[0] += sub[0] * times
            for key, n in local.items():
                misses[key] = misses.get(key, 0) + n * times
            if ends and not goal.reads_pile:
                break
        found = set(by_choice.values())
        if len(found) == 1:
            answers.extend((Step(cards), *tail) for tail in next(iter(found)))
            continue
        grouped: dict[tuple[Suit, tuple[Step, ...]], set] = {}
        for decl, lines in by_choice.items():
            for tail in lines:
                grouped.setdefault((decl[0], tail), set()).add(decl)
        for (_suit, tail), chosen in sorted(grouped.items(), key=lambda kv: int(kv[0][0])):
            answers.append((Step(cards, frozenset(chosen)), *tail))
    return answers


def _turn_over(game: Game, mover: int) -> bool:
    """Whether a line of ``mover``'s turn ends here: the round is over, the turn has passed,
    or (V2) a draw is owed — draws are not part of an answer."""
    return game.is_over or game.to_move != mover or game.must_draw


def _after(
    game: Game, goal: Goal, misses: dict[str, int], counter: list[int], *, sure: bool = True
) -> list[tuple[Step, ...]]:
    """The answers from here: the end of a line (the turn over, or a draw owed under V2), or
    the next move of the same turn (after an ace). A line's end is judged in every order of
    the hidden cards (:meth:`Goal.judge`): with ``sure`` it is an answer only if the goal is
    reached in every order, without it if the goal is reached in some order."""
    if _turn_over(game, goal.mover):
        counter[0] += 1
        outcome, some = goal.judge(game)
        if sure and some and not outcome.reached:
            goal.unsure += 1
        if outcome.reached if sure else some:
            return [()]
        misses[outcome.key] = misses.get(outcome.key, 0) + 1
        return []
    return _explore(game, goal, misses, counter, sure=sure)


# -- levels -------------------------------------------------------------------------------------


# The level's cut-offs: a score up to the first is level 1, up to the second level 2.
LEVEL_CUTS = (2.0, 3.0)


def level_score(depth: int, lines: int) -> float:
    """How hard a puzzle is: ``score = (depth - 1) + log2(lines)`` for an answer of ``depth``
    moves in a turn of ``lines`` lines (``lines`` at least 1).

    >>> level_score(1, 4), level_score(2, 8)
    (2.0, 4.0)
    """
    return (depth - 1) + math.log2(max(lines, 1))


def level_of(depth: int, lines: int) -> int:
    """The level (1 easy – 3 hard) of a puzzle whose answer has ``depth`` moves in a turn of
    ``lines`` lines: its :func:`level_score` up to 2 is level 1, up to 3 level 2, above 3
    level 3 (:data:`LEVEL_CUTS`).

    >>> level_of(1, 4), level_of(1, 5), level_of(1, 8), level_of(1, 9), level_of(2, 4), level_of(2, 5)
    (1, 2, 2, 3, 2, 3)
    """
    score = level_score(depth, lines)
    return 1 + sum(score > cut for cut in LEVEL_CUTS)


# -- puzzles ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Puzzle:
    """A position with one answer. ``position`` holds the keyword arguments of
    :meth:`vandatta.Game.from_position` (cards in notation, ``rules`` as text); ``solution``
    the answer's steps; ``seed``, ``kind`` and ``level`` what :func:`make_puzzle` was
    asked for; ``choices``, ``lines`` and ``tries`` (positions drawn until this one
    passed) describe it."""

    seed: int
    kind: str
    level: int
    position: Mapping[str, object]
    solution: tuple[Step, ...]
    choices: int
    lines: int
    tries: int

    @property
    def rules(self) -> Rules:
        return Rules.parse(str(self.position.get("rules", "")))

    @property
    def depth(self) -> int:
        return len(self.solution)

    @property
    def mover(self) -> int:
        return int(self.position["to_move"])  # type: ignore[call-overload]  # a JSON position: an int here

    @property
    def next_seat(self) -> int:
        return (self.mover + 1) % len(self.position["hands"])  # type: ignore[arg-type]  # a list of hands

    @property
    def open_seats(self) -> tuple[int, ...]:
        """The seats whose cards the puzzle shows besides the mover's: the next player's
        for ``stuck`` and ``choose``."""
        return (self.next_seat,) if self.kind in ("stuck", "choose") else ()

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """The rules the puzzle uses: the variants switched on, then every rule the answer's
        moves rest on as the engine cites them (in order of first use)."""
        found = list(self.rules.ids())
        game = self.game()
        for step in self.solution:
            for rule in game.play(step.move).rules:
                if rule not in found:
                    found.append(rule)
        return tuple(found)

    @property
    def key(self) -> str:
        """A short name: ``"go_out-2-7"`` (kind, level, seed)."""
        return f"{self.kind}-{self.level}-{self.seed}"

    def game(self) -> Game:
        """The puzzle's position as a new game."""
        kwargs = dict(self.position)
        rules = Rules.parse(str(kwargs.pop("rules", "")))
        return Game.from_position(**kwargs, rules=rules)  # type: ignore[arg-type]  # from_position checks each field

    def game_after(self, done: Sequence[Move | str]) -> Game:
        """The position after the answer's first moves ``done`` (as a player laid them: a
        group's middle in any order, an eight with a right choice); :class:`PuzzleError` if
        one of them is not the answer's."""
        if len(done) > len(self.solution):
            raise PuzzleError(f"the answer has {len(self.solution)} moves, not {len(done)}")
        game = self.game()
        for number, (step, taken) in enumerate(zip(self.solution, done)):
            taken = Move.parse(taken)
            if not step.accepts(taken):
                raise PuzzleError(f"move {number + 1}, {taken}, is not the answer's move {step}")
            game.play(taken)
        return game

    def task(self, lang: str = "en") -> str:
        """What to do, in ``lang``."""
        game = self.game()
        return words("task_" + self.kind, lang, next=game.player_name(self.next_seat, lang))

    def answer_moves(self) -> list[Move]:
        """The answer as moves that can be played in the puzzle's position (under its rules)."""
        suit_only = self.rules.suit_only_eights
        return [step.example(suit_only=suit_only) for step in self.solution]

    def answer_text(self, lang: str = "en") -> str:
        """The answer in words: ``"A♥, then 5♥ 5♠"``."""
        return f", {words('then', lang)} ".join(step.text(lang) for step in self.solution)

    def ideas(self) -> tuple[str, ...]:
        """What the answer uses, as keys of hints toward the idea (``idea_…`` of the catalog (:data:`vandatta.messages.MESSAGES`, ``puzzle_…``)),
        most telling first — never the answer itself."""
        found: list[str] = []
        if self.kind == "ace_out":
            found.append("ace_draw")
        if self.kind == "stuck":
            found += ["look", "top"]
        if self.kind == "choose":
            found += ["look", "rank"]
        if self.kind == "v2_safe":
            found.append("keep")
        for step in self.solution:
            if step.cards and step.cards[0].is_ace and "ace" not in found:
                found.append("ace")
            if len(step.cards) > 1 and "group" not in found:
                found += ["group", "order"]
            if step.cards and step.cards[-1].is_eight and "eight" not in found and self.kind != "choose":
                found.append("eight")
        return tuple(found) or ("order",)

    def hint(self, number: int, lang: str = "en") -> str:
        """The ``number``-th hint toward the idea (0 first; they go round)."""
        ideas = self.ideas()
        key = ideas[number % len(ideas)]
        return words("idea_" + key, lang, next=self.game().player_name(self.next_seat, lang))

    def attempt(self, done: Sequence[Move | str], move: Move | str) -> PuzzleTry:
        """Judge ``move`` after the moves ``done`` (the right steps taken so far) — as the
        puzzle widget does with a try: the rules' verdict, then whether it is the answer's
        next step. Raises :class:`PuzzleError` if ``done`` is not a start of the answer and
        :class:`vandatta.InvalidMoveError` if ``move`` cannot be read.

        >>> import vandatta as v
        >>> p = v.make_puzzle("go_out", seed=7, level=2)
        >>> wrong = p.attempt([], "draw")
        >>> wrong.status, wrong.verdict.legal
        ('wrong', True)
        """
        if len(done) >= len(self.solution):
            raise PuzzleError("the puzzle is already solved")
        game = self.game_after(done)
        move = Move.parse(move)
        verdict = game.check(move)
        if not verdict.legal:
            return PuzzleTry("illegal", move, verdict)
        step = self.solution[len(done)]
        if step.accepts(move):
            last = len(done) + 1 == len(self.solution)
            return PuzzleTry("solved" if last else "step", move, verdict)
        if move.is_draw:
            return PuzzleTry("wrong", move, verdict, Outcome(False, "draw"))
        mover = game.to_move
        game.push(move)
        if _turn_over(game, mover):
            outcome = Goal(self.kind, self.game())(game, explain=True)
        else:
            outcome = Outcome(False, "dead_end")
        if (
            move.is_play
            and step.kind == _PLAY
            and step.cards[-1].is_eight
            and _canonical(move.cards) == step.cards
        ):  # the right card with a wrong choice: say so, and what the choice led to
            detail = ("detail", LocalText.of(outcome.text))
            outcome = Outcome(False, "wrong_choice", (detail,))
        return PuzzleTry("wrong", move, verdict, outcome)

    # -- files ------------------------------------------------------------------------------

    def to_json(self) -> dict:
        """The puzzle as JSON-ready data, with its task in both languages."""
        return {
            "key": self.key,
            "seed": self.seed,
            "kind": self.kind,
            "level": self.level,
            "position": dict(self.position),
            "solution": [step.to_json() for step in self.solution],
            "task": LocalText.of(self.task).to_dict(),
            "answer": LocalText.of(self.answer_text).to_dict(),
            "choices": self.choices,
            "lines": self.lines,
            "tries": self.tries,
        }

    @classmethod
    def from_json(cls, data: object, where: str = "puzzle") -> Puzzle:
        """Read a puzzle written by :meth:`to_json`; a bad field raises :class:`PuzzleError`
        naming it. (Its answer is not searched again here: :meth:`verify` does that.)"""
        if not isinstance(data, dict):
            raise PuzzleError(f"{where}: a puzzle is a JSON object")
        for name, kind in (("seed", int), ("level", int), ("choices", int), ("lines", int), ("tries", int)):
            if not isinstance(data.get(name), kind) or isinstance(data.get(name), bool):
                raise PuzzleError(f"{where}: {name!r} must be a whole number")
        if data.get("kind") not in KINDS:
            raise PuzzleError(f"{where}: 'kind' must be one of {', '.join(KINDS)}")
        if data["level"] not in LEVELS:
            raise PuzzleError(f"{where}: 'level' must be 1, 2 or 3")
        position = data.get("position")
        if not isinstance(position, dict) or not isinstance(position.get("hands"), list):
            raise PuzzleError(f"{where}: 'position' must hold 'hands', 'top', 'talon', 'pile', 'to_move'")
        steps = data.get("solution")
        if not isinstance(steps, list) or not steps:
            raise PuzzleError(f"{where}: 'solution' must be a list of steps")
        solution = tuple(Step.from_json(step, f"{where}, step {i + 1}") for i, step in enumerate(steps))
        puzzle = cls(
            data["seed"],
            data["kind"],
            data["level"],
            position,
            solution,
            data["choices"],
            data["lines"],
            data["tries"],
        )
        try:
            puzzle.game()
        except (ValueError, TypeError) as error:
            raise PuzzleError(f"{where}: the position cannot be set up: {error}") from None
        return puzzle

    def verify(self) -> Survey:
        """Search every line of the turn again: raises :class:`PuzzleError` unless the
        puzzle's answer is the only one in every order of the hidden cards — it reaches the
        goal whatever the next player draws, and no other line reaches it for any draw —
        (and, when the goal is not going out, going out is impossible), and its counts and
        level are what they say."""
        found = survey(self.game(), self.kind)
        if found.unsure:
            shown = "; ".join(", ".join(map(str, line)) for line in found.unsure)
            raise PuzzleError(f"{self.key}: right for some hidden cards only: {shown}")
        if list(found.answers) != [self.solution]:
            shown = "; ".join(", ".join(map(str, answer)) for answer in found.answers) or "none"
            raise PuzzleError(f"{self.key}: answers found: {shown}; the puzzle says: {self.answer_text()}")
        if self.kind not in ("go_out", "ace_out") and found.misses.get("went_out"):
            raise PuzzleError(f"{self.key}: the player could go out, which the task does not ask")
        if (found.choices, found.lines) != (self.choices, self.lines):
            raise PuzzleError(f"{self.key}: {found.choices} choices and {found.lines} lines, not as stored")
        if level_of(self.depth, self.lines) != self.level:
            raise PuzzleError(f"{self.key}: level {level_of(self.depth, self.lines)}, not {self.level}")
        return found

    def __repr__(self) -> str:
        return f"<Puzzle {self.key}: {self.answer_text()}>"


@dataclass(frozen=True)
class PuzzleTry:
    """The answer to one try: ``status`` is ``"illegal"`` (the rules refuse it: see
    ``verdict``), ``"wrong"`` (allowed, but not the answer: ``outcome`` says what it would
    have led to), ``"step"`` (the answer's next move, more to come) or ``"solved"``."""

    status: str
    move: Move
    verdict: Verdict
    outcome: Outcome | None = None

    @property
    def right(self) -> bool:
        return self.status in ("step", "solved")

    def rule_hint(self, lang: str = "en") -> str:
        """For a move the rules refuse: a hint toward the rule that refused it."""
        if any(reason.key.startswith("not_held") for reason in self.verdict.reasons):
            return words("rule_hand", lang)
        for rule_id in self.verdict.rules:
            if "puzzle_rule_" + rule_id in MESSAGES:
                return words("rule_" + rule_id, lang)
        return words("rule_other", lang)


# -- making puzzles -----------------------------------------------------------------------------


def _rng(kind: str, level: int, seed: int) -> random.Random:
    # One generator per (kind, level, seed), from a string: the same on every machine.
    return random.Random(f"vandatta-puzzle:{kind}:{level}:{seed}")


_HAND_SIZES = {1: (2, 3), 2: (3, 4), 3: (4, 5, 6)}


def _take(deck: list[Card], card: Card) -> Card:
    deck.remove(card)
    return card


def _hand(rng: random.Random, deck: list[Card], n: int, *, aces: int, eights: int) -> list[Card]:
    """``n`` cards from ``deck`` (taken out of it), with ``aces`` aces and ``eights`` eights,
    the rest mostly from few ranks so that groups come up."""
    hand: list[Card] = []
    for rank, count in ((Rank.ACE, aces), (Rank.EIGHT, eights)):
        pool = [c for c in deck if c.rank is rank]
        hand += [_take(deck, c) for c in rng.sample(pool, min(count, len(pool)))]
    ranks = rng.sample([r for r in Rank if not r.is_special], rng.randint(1, 3))
    while len(hand) < n:
        pool = [c for c in deck if c.rank in ranks] if rng.random() < 0.75 else []
        hand.append(_take(deck, rng.choice(pool or [c for c in deck if not c.is_special])))
    rng.shuffle(hand)
    return hand


def _ready_hand(rng: random.Random, deck: list[Card], n: int, *, least_aces: int) -> list[Card]:
    """``n`` cards that could all go in one turn on a top that fits: aces, then cards of one
    rank (an eight now and then), at least one of them of an ace's suit — the shape of a
    hand that can go out, whose order is the puzzle."""
    # now and then three aces (a group of three cards), only in the bigger hands of level 3
    most = 3 if n >= 5 and rng.random() < 0.35 else 2
    aces = rng.randint(least_aces, max(least_aces, min(most, n - 1)))
    rank = Rank.EIGHT if rng.random() < 0.2 else rng.choice([r for r in Rank if not r.is_special])
    group_suits = rng.sample(list(Suit), min(4, n - aces))
    if aces:
        others = [s for s in Suit if s is not group_suits[0]]
        ace_suits = [group_suits[0], *rng.sample(others, aces - 1)]
        rng.shuffle(ace_suits)
    else:
        ace_suits = []
    hand = [_take(deck, Card(Rank.ACE, s)) for s in ace_suits]
    hand += [_take(deck, Card(rank, s)) for s in group_suits]
    rng.shuffle(hand)
    return hand


def _top(rng: random.Random, deck: list[Card], hand: Sequence[Card], *, no_ace: bool) -> Card:
    """The pile's top card: most often one that a card of ``hand`` fits (same suit or rank)."""
    plain = [c for c in deck if not c.is_eight and not (no_ace and c.is_ace)]
    if rng.random() < 0.75:
        suits = {h.suit for h in hand if not h.is_eight}
        ranks = {h.rank for h in hand if not h.is_eight}
        near = [c for c in plain if c.suit in suits or c.rank in ranks]
        if near:
            return _take(deck, rng.choice(near))
    return _take(deck, rng.choice(plain))


def draw_position(kind: str, level: int, rng: random.Random) -> dict:
    """A random position for a puzzle of ``kind``, shaped for ``level``, drawn with ``rng``:
    the keyword arguments of :meth:`vandatta.Game.from_position` (``rules`` as text). Not yet
    checked: :func:`make_puzzle` keeps the positions that have exactly one answer."""
    deck = standard_deck()
    rng.shuffle(deck)
    rules = ""
    if kind == "v2_safe":
        rules = "v2"
    elif rng.random() < 0.2 and "V1" in level_rules(level):  # V1 is taught in lesson 7
        rules = "v1"
    players = rng.choice((2, 3, 3, 4)) if kind != "ace_out" else rng.choice((3, 3, 4))
    n = rng.choice(_HAND_SIZES[level])
    if kind in ("go_out", "ace_out") and rng.random() < 0.85:
        mover_hand = _ready_hand(rng, deck, n, least_aces=1 if kind == "ace_out" else 0)
    else:
        aces = eights = 0
        if kind == "ace_out":
            aces = rng.choice((1, 1, 2))
        elif kind == "go_out":
            aces, eights = rng.choice((0, 0, 1)), rng.choice((0, 0, 1))
        elif kind == "choose":
            eights = 1
        elif kind == "v2_safe":
            eights, aces = rng.choice((1, 1, 2)), rng.choice((0, 0, 1))
        else:  # stuck
            aces = rng.choice((0, 0, 1))
        mover_hand = _hand(rng, deck, max(n, aces + eights + 1), aces=aces, eights=eights)
    top = _top(rng, deck, mover_hand, no_ace=kind == "ace_out")
    top_text = str(top)
    spare_eights = [c for c in deck if c.is_eight]
    if kind in ("go_out", "stuck") and spare_eights and rng.random() < 0.15:
        eight = _take(deck, spare_eights[0])
        deck.append(top)  # the card the eight counts as may still be in play
        top_text = f"{eight}={top.rank.symbol}{top.suit.symbol}"
    hands: list[list[Card]] = [mover_hand]
    for seat in range(1, players):
        if kind in ("stuck", "choose") and seat == 1:
            size = rng.randint(2, 5) if kind == "stuck" else rng.randint(3, 6)
            pool = [c for c in deck if not c.is_eight] if rng.random() < 0.85 else deck
            other = rng.sample(pool, size)
        else:
            other = rng.sample(deck, rng.randint(2, 6))
        hands.append([_take(deck, c) for c in other])
    talon = deck[: rng.randint(8, 14)]
    del deck[: len(talon)]
    pile = deck[: rng.randint(0, 4)]
    return {
        "hands": [format_cards(h) for h in hands],
        "top": top_text,
        "talon": format_cards(talon),
        "pile": format_cards(pile),
        "to_move": 0,
        "rules": rules,
    }


def _shape_ok(kind: str, survey_: Survey, answer: tuple[Step, ...]) -> bool:
    """Whether the one answer has the shape the kind promises (and the puzzle is a choice)."""
    if survey_.choices < 2:
        return False
    if kind in ("stuck", "choose", "v2_safe") and survey_.misses.get("went_out"):
        return False
    eights = [step for step in answer if step.cards and step.cards[-1].is_eight]
    if kind == "choose":
        return len(answer) == 1 and bool(eights) and eights[0].choices is not None
    if kind == "stuck":
        return not eights
    if kind == "ace_out":
        return any(step.cards and step.cards[0].is_ace for step in answer)
    return True


def make_puzzle(kind: str, *, seed: int, level: int, max_tries: int = MAX_TRIES) -> Puzzle:
    """A puzzle of ``kind`` and ``level`` with exactly one answer: positions are drawn from a
    generator seeded by ``(kind, level, seed)`` and searched (:func:`survey`) until one
    passes. Deterministic. Raises :class:`PuzzleError` after ``max_tries`` positions.

    >>> import vandatta as v
    >>> p = v.make_puzzle("choose", seed=1, level=2)
    >>> p.solution[0].cards[-1].is_eight and p.solution[0].suit is not None
    True
    >>> p == v.make_puzzle("choose", seed=1, level=2)
    True
    """
    if kind not in KINDS:
        raise PuzzleError(f"unknown puzzle kind {kind!r}: choose from {', '.join(KINDS)}")
    if level not in LEVELS:
        raise PuzzleError(f"a level is 1, 2 or 3, not {level!r}")
    if level not in KIND_LEVELS[kind]:
        raise PuzzleError(f"{kind} puzzles have levels {', '.join(map(str, KIND_LEVELS[kind]))}, not {level}")
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise PuzzleError(f"seed must be a whole number from 0, not {seed!r}")
    rng = _rng(kind, level, seed)
    for tries in range(1, max_tries + 1):
        position = draw_position(kind, level, rng)
        kwargs = dict(position)
        rules = Rules.parse(kwargs.pop("rules"))
        game = Game.from_position(**kwargs, rules=rules)
        try:
            found = survey(game, kind)
        except PuzzleError:  # too many hidden cards to try (never for the shipped recipe)
            continue
        if len(found.answers) != 1 or found.unsure:
            continue
        answer = found.answers[0]
        if level_of(len(answer), found.lines) != level or not _shape_ok(kind, found, answer):
            continue
        return Puzzle(seed, kind, level, position, answer, found.choices, found.lines, tries)
    raise PuzzleError(f"no {kind} puzzle of level {level} in {max_tries} tries (seed {seed})")


def puzzle_set(recipe: Iterable[tuple[str, int, int]] = RECIPE) -> list[Puzzle]:
    """The puzzles of a recipe: for each ``(kind, level, count)``, the puzzles of seeds
    ``1 … count``. The default :data:`RECIPE` is the shipped set's (132 puzzles)."""
    return [
        make_puzzle(kind, seed=seed, level=level)
        for kind, level, count in recipe
        for seed in range(1, count + 1)
    ]


def dump_puzzles(puzzles: Sequence[Puzzle], *, recipe: Iterable[tuple[str, int, int]] = RECIPE) -> str:
    """The text of a puzzle file (``vandatta/ai/puzzles.json``): JSON with one puzzle a line."""

    def line(value: object) -> str:
        return json.dumps(value, ensure_ascii=False)

    head = {"format": "vandatta-puzzles", "version": FORMAT_VERSION, "recipe": [list(c) for c in recipe]}
    rows = [f'  "{name}": {line(value)},' for name, value in head.items()]
    body = ",\n".join("    " + line(p.to_json()) for p in puzzles)
    return "{\n" + "\n".join(rows) + '\n  "puzzles": [\n' + body + "\n  ]\n}\n"


def read_puzzles(text: str | bytes) -> tuple[Puzzle, ...]:
    """Read a puzzle file; a bad one raises :class:`PuzzleError` naming what is wrong."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise PuzzleError(f"the puzzle file is not JSON: {error}") from None
    if not isinstance(data, dict) or data.get("format") != "vandatta-puzzles":
        raise PuzzleError("not a puzzle file (its 'format' is not 'vandatta-puzzles')")
    if data.get("version") != FORMAT_VERSION:
        raise PuzzleError(f"puzzle file version {data.get('version')!r}; this program reads {FORMAT_VERSION}")
    items = data.get("puzzles")
    if not isinstance(items, list):
        raise PuzzleError("'puzzles' must be a list")
    return tuple(Puzzle.from_json(item, f"puzzle {i + 1}") for i, item in enumerate(items))


@cache
def load_puzzles() -> tuple[Puzzle, ...]:
    """The shipped puzzles (``vandatta/ai/puzzles.json``, in the package), read once.

    >>> import vandatta as v
    >>> puzzles = v.load_puzzles()
    >>> len(puzzles) >= 120, {p.kind for p in puzzles} == set(KINDS)
    (True, True)
    """
    return read_puzzles(resources.files(__package__).joinpath(DATA_FILE).read_bytes())


def by_level(puzzles: Iterable[Puzzle], level: int) -> list[Puzzle]:
    """The puzzles of one level, the kinds taking turns (go_out, ace_out, stuck, …, go_out …),
    so that practice at one level mixes the ideas."""
    rows: dict[str, list[Puzzle]] = {}
    for p in puzzles:
        if p.level == level:
            rows.setdefault(p.kind, []).append(p)
    mixed: list[Puzzle] = []
    depth = max((len(r) for r in rows.values()), default=0)
    for i in range(depth):
        for kind in KINDS:
            row = rows.get(kind, [])
            if i < len(row):
                mixed.append(row[i])
    return mixed
