"""Practice positions: for a rule id, a fresh position where that rule decides what is right,
and the question to ask — so that a child practises the rule, not one remembered answer.

>>> import random
>>> drill = make_drill("R7", random.Random(3))
>>> drill.rule, drill.task
('R7', 'follow_ace')
>>> game = drill.game()
>>> game.check(drill.right[0]).rules, game.check(drill.wrong).rules
(('R7',), ('R7',))
>>> drill.judge(drill.right[0]), drill.judge(drill.wrong)
('right', 'not_allowed')

Every drill is built from a :class:`random.Random` the caller gives (the same generator state
gives the same drill) on the engine's public API: the position is the keyword arguments of
:meth:`vandatta.Game.from_position` (cards in notation, ``rules`` as text), the right answers
come from :meth:`vandatta.Game.legal_moves`, and the rule is checked by the engine's own
verdicts (``tests/learner/test_drills.py``: for every rule id here, the verdict of a right answer
or of the tempting wrong one cites that rule).

The tasks (the words are the UI's, ``lr_task_…`` in :mod:`vandatta_widgets.base.i18n`):

- ``lay_allowed`` (R4, R6, V1, O1) — only one of your cards may be laid: lay it;
- ``group`` (R5) — lay several cards at once;
- ``follow_ace`` (R7) — the ace is on top: which card now;
- ``nothing_fits`` (R8, R10, O8) — none of your cards fits: draw or pass;
- ``go_out`` (R9) — go out this turn;
- ``after_special`` (V2) — your last card was a special card: what now;
- ``call`` (V3, O9) — lay a card, and call what you should ("lappen", "varning").

The house rules with a drill (O1, O8 drawing one, O9) are practised under those rules.

Rules that no single move decides are practised as a :class:`Question`: a fresh deal, hand or
game to 100 the engine makes, a few answers to choose from, and the right one worked out by the
engine (the deck :meth:`vandatta.Game.deal` used, its talon, whose turn it gave, the events of
the card it turned up, :func:`vandatta.hand_points`, who :class:`vandatta.Match` left out):

- ``decks`` (R1) — so many players: how many cards do you shuffle;
- ``talon`` (R2) — the cards are dealt and one turned up: how many are left in the talon;
- ``first_player`` (R3) — this player deals: who lays the first card;
- ``starter`` (R11) — this is the first card turned up: what happens now (it goes back, everyone
  draws one, or play starts on it);
- ``points`` (S1) — these cards are left in your hand: how many points;
- ``out`` (S2) — the totals before a round and its points: who is out of the game now.

>>> question = make_drill("R11", random.Random(4))
>>> question.task, question.choices, question.judge(question.answer)
('starter', ('back', 'draw', 'play'), 'right')

Other house rules have no drill: :class:`NoDrill`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..cards import Card, Rank, Suit, format_cards, hand_points, standard_deck
from ..game import Game
from ..moves import Move
from ..rules import RULE_IDS, Rules
from ..scoring import Match

__all__ = [
    "DRILL_RULES",
    "MOVE_RULES",
    "QUESTION_RULES",
    "TASKS",
    "QUESTIONS",
    "Drill",
    "Question",
    "NoDrill",
    "make_drill",
    "has_drill",
]

TASKS = {
    "R4": "lay_allowed",
    "R5": "group",
    "R6": "lay_allowed",
    "R7": "follow_ace",
    "R8": "nothing_fits",
    "R9": "go_out",
    "R10": "nothing_fits",
    "V1": "lay_allowed",
    "V2": "after_special",
    "V3": "call",
    "O1": "lay_allowed",
    "O8": "nothing_fits",
    "O9": "call",
}
# Rules no single move decides: a question about a deal, a hand or a game to 100.
QUESTIONS = {
    "R1": "decks",
    "R2": "talon",
    "R3": "first_player",
    "R11": "starter",
    "S1": "points",
    "S2": "out",
}
MOVE_RULES = tuple(TASKS)
QUESTION_RULES = tuple(QUESTIONS)
DRILL_RULES = MOVE_RULES + QUESTION_RULES


class NoDrill(ValueError):
    """A rule id that no single move decides (or that does not exist): no drill for it."""


def has_drill(rule: str) -> bool:
    """Whether :func:`make_drill` can build a drill (a move to make or a question) for ``rule``."""
    return rule in TASKS or rule in QUESTIONS


def _answer_key(move: Move) -> tuple:
    # the same answer: the same cards, first and last card, and calls; an eight's choice and
    # the order of a group's middle cards aside (every choice is right where an eight is)
    cards = move.cards
    return (move.kind, frozenset(cards), cards[:1], cards[-1:], move.lappen, move.varning)


@dataclass(frozen=True)
class Drill:
    """A practice question: ``rule`` is what it practises, ``task`` what is asked,
    ``position`` the keyword arguments of :meth:`vandatta.Game.from_position`, ``right``
    every right answer (for an eight, each with one choice: any choice is right), ``wrong``
    a tempting wrong answer."""

    rule: str
    task: str
    position: Mapping[str, object]
    right: tuple[Move, ...]
    wrong: Move

    def game(self) -> Game:
        """The drill's position as a new game."""
        kwargs = dict(self.position)
        rules = Rules.parse(str(kwargs.pop("rules", "")))
        return Game.from_position(**kwargs, rules=rules)  # type: ignore[arg-type]

    def judge(self, move: Move | str) -> str:
        """``"right"``, ``"allowed"`` (the rules allow it, but it is not what was asked) or
        ``"not_allowed"`` — the engine decides what is allowed."""
        move = Move.parse(move) if isinstance(move, str) else move
        if not self.game().check(move).legal:
            return "not_allowed"
        wanted = {_answer_key(m) for m in self.right}
        return "right" if _answer_key(move) in wanted else "allowed"

    def __repr__(self) -> str:
        hands = self.position["hands"]
        hand = hands[0] if isinstance(hands, (list, tuple)) else ""
        return f"<Drill {self.rule} {self.task}: {hand} on {self.position['top']}>"


@dataclass(frozen=True)
class Question:
    """A practice question for a rule no single move decides: ``task`` what is asked, ``facts``
    what the question shows (numbers, players counted from 1, cards in notation), ``choices``
    the answers to choose from in the order shown, ``answer`` the right one — each a short text:
    a number, a player's number, or for ``starter`` one of ``back`` (shuffled back, another
    card turned up), ``draw`` (everyone draws one) and ``play`` (play starts on it)."""

    rule: str
    task: str
    facts: Mapping[str, object]
    choices: tuple[str, ...]
    answer: str

    @property
    def position(self) -> str:
        """What the child saw, compactly, for the record: ``q:`` the task and the facts
        (``q:talon|players=4``)."""
        facts = ",".join(f"{k}={_fact_text(v)}" for k, v in self.facts.items())
        return f"q:{self.task}|{facts}"[:200]

    def judge(self, choice: str) -> str:
        """``"right"`` or ``"not_allowed"`` (a wrong answer about the rules counts as the rule
        taken the wrong way, as a quiz's does)."""
        return "right" if choice == self.answer else "not_allowed"

    def __repr__(self) -> str:
        return f"<Question {self.rule} {self.task}: {self.position[2:]} -> {self.answer}>"


def _fact_text(value: object) -> str:
    if isinstance(value, (list, tuple)):
        return " ".join(str(v) for v in value)
    return str(value).translate(_SUIT_LETTERS)


_SUIT_LETTERS = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C"})


def _numbers(answer: int, wrong: Sequence[int]) -> tuple[str, ...]:
    """The answer and up to three of the wrong values (first come, first kept; none below
    zero), as texts in increasing order."""
    kept = [answer]
    for value in wrong:
        if value >= 0 and value not in kept and len(kept) < 4:
            kept.append(value)
    return tuple(str(n) for n in sorted(kept))


def _deal_question(rule: str, rng: random.Random) -> Question:
    """R1, R2, R3: a deal of the engine's, the question about it."""
    players = rng.randint(2, 8)
    dealer = rng.randrange(players)
    while True:  # R2 is asked about a deal where nobody drew at the start (no ace turned up)
        game = Game.deal(players, seed=rng.getrandbits(32), dealer=dealer)
        if not any(event.kind == "starter_draw" for event in game.events(0)):
            break
    deck = len(game.deck or ())
    facts: dict[str, object] = {"players": players}
    if rule == "R1":  # the cards shuffled: one deck, or two for six and more (R1)
        choices = _numbers(deck, [104 if deck == 52 else 52, 6 * players, 54])
        return Question(rule, QUESTIONS[rule], facts, choices, str(deck))
    if rule == "R2":  # what is left once six each are dealt and one card turned up
        talon = game.talon_size
        hands = sum(game.hand_size(s) for s in range(players))
        wrong = [talon + 1, deck - hands, talon - 1, deck - 7 * players - 1]
        return Question(rule, QUESTIONS[rule], facts, _numbers(talon, wrong), str(talon))
    first = game.to_move + 1  # R3: the player after the dealer begins
    facts["dealer"] = dealer + 1
    seats = [dealer + 1, first, (dealer - 1) % players + 1, 1, players]
    choices = tuple(str(n) for n in sorted(dict.fromkeys(seats))[:4] if n)
    if str(first) not in choices:
        choices = tuple(sorted({*choices[:3], str(first)}, key=int))
    return Question(rule, QUESTIONS[rule], facts, choices, str(first))


def _starter_question(rng: random.Random) -> Question:
    """R11: the card turned up is put where R2 turns it up (after six each); the engine's
    events of the deal say what happened to it."""
    players = rng.randint(2, 5)
    kind = rng.choice(("eight", "ace", "plain"))
    deck = standard_deck()
    rng.shuffle(deck)
    fits = {
        "eight": [c for c in deck if c.is_eight],
        "ace": [c for c in deck if c.is_ace],
        "plain": [c for c in deck if not c.is_special],
    }[kind]
    starter = rng.choice(fits)
    deck.remove(starter)
    deck.insert(6 * players, starter)
    game = Game.deal(players, deck=deck, seed=rng.getrandbits(32))
    events = game.events(0)
    if events[0].kind == "starter_back":
        answer = "back"
    elif any(event.kind == "starter_draw" for event in events):
        answer = "draw"
    else:
        answer = "play"
    facts = {"players": players, "card": str(starter)}
    return Question("R11", QUESTIONS["R11"], facts, ("back", "draw", "play"), answer)


def _points_question(rng: random.Random) -> Question:
    """S1: two to four cards left in a hand, at least one of them worth more than 5."""
    deck = standard_deck()
    big = [c for c in deck if c.points > 5]
    first = rng.choice(big)
    deck.remove(first)
    cards = [first, *rng.sample(deck, rng.randint(1, 3))]
    rng.shuffle(cards)
    answer = hand_points(cards)
    face = sum(min(c.rank.value, 10) for c in cards)  # counting what the cards show: a tempting mistake
    wrong = [5 * len(cards), answer + 10, answer - 10, face, answer + 5]
    return Question(
        "S1", QUESTIONS["S1"], {"cards": format_cards(cards)}, _numbers(answer, wrong), str(answer)
    )


def _out_question(rng: random.Random) -> Question:
    """S2: a game to 100 the engine plays out (random moves), the round in which the first
    player is left out; the totals before it and its points. Who is out now."""
    while True:
        players = rng.randint(3, 4)
        match = Match(players=players, seed=rng.getrandbits(32))
        while not match.is_over:
            game = match.game
            while not game.is_over:
                game.play(rng.choice(list(game.legal_moves())))
            before = list(match.alive)
            if match.is_over:
                break
            totals_before = [sum(r) for r in zip(*_round_points(match)[:-1])] or [0] * players
            points = _round_points(match)[-1]
            match.next_round()
            out = [s for s in before if s not in match.alive]
            if len(out) == 1 and len(before) == players:
                facts = {"before": tuple(totals_before), "round": tuple(points)}
                choices = tuple(str(s + 1) for s in range(players))
                return Question("S2", QUESTIONS["S2"], facts, choices, str(out[0] + 1))
            if out:
                break  # the first player out was not alone: another game


def _round_points(match: Match) -> list[list[int]]:
    """Each counted round's points per player (from the engine's running totals)."""
    history = match.history()
    rows, previous = [], [0] * match.players
    for totals in history:
        rows.append([t - p for t, p in zip(totals, previous)])
        previous = totals
    return rows


def _question(rule: str, rng: random.Random) -> Question:
    if rule in ("R1", "R2", "R3"):
        return _deal_question(rule, rng)
    if rule == "R11":
        return _starter_question(rng)
    if rule == "S1":
        return _points_question(rng)
    return _out_question(rng)


# -- building blocks ---------------------------------------------------------------------------


def _plain(deck: Sequence[Card]) -> list[Card]:
    return [c for c in deck if not c.is_special]


def _take(deck: list[Card], card: Card) -> Card:
    deck.remove(card)
    return card


def _misfits(
    rng: random.Random, deck: list[Card], suit: Suit, rank: Rank, n: int, *, besides: Sequence[Card] = ()
) -> list[Card]:
    """``n`` plain cards that fit neither ``suit`` nor ``rank``, nor share a rank with a card
    of ``besides`` (no group to lay with it), taken from ``deck``."""
    ranks = {rank, *(c.rank for c in besides)}
    pool = [c for c in _plain(deck) if c.suit is not suit and c.rank not in ranks]
    return [_take(deck, c) for c in rng.sample(pool, n)]


def _position(
    rng: random.Random,
    deck: list[Card],
    hand: list[Card],
    top: str,
    *,
    rules: str = "",
    talon: bool = True,
    **turn: object,
) -> dict:
    rng.shuffle(hand)
    other = [_take(deck, c) for c in rng.sample(deck, rng.randint(3, 5))]
    position: dict[str, object] = {
        "hands": [format_cards(hand), format_cards(other)],
        "top": top,
        "talon": format_cards(rng.sample(deck, 8)) if talon else "",
        "pile": "",
        "to_move": 0,
        "rules": rules,
    }
    position.update(turn)
    return position


def _top_and_fit(rng: random.Random, deck: list[Card]) -> tuple[Card, Card]:
    top = _take(deck, rng.choice(_plain(deck)))
    fits = [c for c in _plain(deck) if c.suit is top.suit or c.rank is top.rank]
    return top, _take(deck, rng.choice(fits))


def _build(rule: str, rng: random.Random) -> tuple[dict, Move, str]:
    """The position, the tempting wrong answer, and which right answers to keep."""
    deck = standard_deck()
    if rule in ("R4", "R6", "V1", "O1"):
        if rule == "V1":
            eight_top = _take(deck, rng.choice([c for c in deck if c.is_eight]))
            counts = rng.choice(_plain(deck))  # what the eight on top counts as (not taken)
            top_suit, top_rank = counts.suit, counts.rank
            top = f"{eight_top}={counts.rank.symbol}{counts.suit.symbol}"
            fit = _take(
                deck, rng.choice([c for c in _plain(deck) if c.suit is top_suit or c.rank is top_rank])
            )
        else:
            top_card, fit = _top_and_fit(rng, deck)
            top_suit, top_rank, top = top_card.suit, top_card.rank, str(top_card)
        others = _misfits(rng, deck, top_suit, top_rank, rng.randint(2, 3), besides=[fit])
        if rule == "R4":
            hand, wrong = [fit, *others], Move.play([others[0]])
        else:
            eight = _take(deck, rng.choice([c for c in deck if c.is_eight]))
            if rule == "R6":  # the eight is the one card that may be laid
                hand, wrong = [eight, *others], Move.play([others[0]])
            elif rule == "O1":  # the eight names a suit only: a rank with it is refused
                hand, wrong = [eight, *others], Move.play([eight], declare=(top_suit, Rank.KING))
            else:  # V1: the plain card is; the eight may not go on the eight
                hand = [fit, eight, *others]
                wrong = Move.play([eight], declare=(eight.suit, Rank.KING))
        rules = {"V1": "v1", "O1": "o1"}.get(rule, "")
        return _position(rng, deck, hand, top, rules=rules), wrong, "play"
    if rule in ("R5", "R9"):
        top_card = _take(deck, rng.choice(_plain(deck)))
        rank = rng.choice([r for r in Rank if not r.is_special and r is not top_card.rank])
        group = [c for c in deck if c.rank is rank]
        first = _take(deck, next(c for c in group if c.suit is top_card.suit))
        rest = [_take(deck, c) for c in rng.sample([c for c in group if c is not first], rng.randint(1, 2))]
        hand = [first, *rest]
        if rule == "R5":
            stray = _misfits(rng, deck, top_card.suit, rank, 1)
            hand += stray
            wrong, keep = Move.play([first, stray[0]]), "group"
        else:
            wrong, keep = Move.play([first]), "all"
        return _position(rng, deck, hand, str(top_card)), wrong, keep
    if rule == "R7":
        ace = _take(deck, rng.choice([c for c in deck if c.is_ace]))
        follow = _take(deck, rng.choice([c for c in _plain(deck) if c.suit is ace.suit]))
        others = _misfits(rng, deck, ace.suit, Rank.ACE, rng.randint(2, 3), besides=[follow])
        position = _position(rng, deck, [follow, *others], str(ace), follow_up=ace.suit.symbol)
        return position, Move.play([others[0]]), "play"
    if rule in ("R8", "R10", "O8"):
        top_card = _take(deck, rng.choice(_plain(deck)))
        hand = _misfits(rng, deck, top_card.suit, top_card.rank, rng.randint(2, 4))
        if rule == "R10":
            return _position(rng, deck, hand, str(top_card), talon=False), Move.draw(), "any"
        most = 1 if rule == "O8" else 3
        drawn = rng.choice((0, most))
        wrong = Move.pass_() if drawn == 0 else Move.draw()
        rules = "o8=one" if rule == "O8" else ""
        return _position(rng, deck, hand, str(top_card), draws=drawn, rules=rules), wrong, "any"
    if rule == "V2":
        special = _take(deck, rng.choice([c for c in deck if c.is_eight]))
        counts = rng.choice(_plain(deck))
        top = f"{special}={counts.rank.symbol}{counts.suit.symbol}"
        position = _position(rng, deck, [], top, rules="v2", must_draw=True)
        return position, Move.pass_(), "any"
    if rule in ("V3", "O9"):  # after the card: one left (lappen) or three (varning)
        top_card, fit = _top_and_fit(rng, deck)
        other = _misfits(rng, deck, top_card.suit, top_card.rank, 1 if rule == "V3" else 3, besides=[fit])
        position = _position(rng, deck, [fit, *other], str(top_card), rules=rule.lower())
        return position, Move.play([fit]), rule
    raise NoDrill(f"no drill for {rule!r}")


def make_drill(rule: str, rng: random.Random) -> Drill | Question:
    """A fresh drill for ``rule`` (one of :data:`DRILL_RULES`), drawn with ``rng``: a
    :class:`Drill` (a move to make) or, for a rule no single move decides, a :class:`Question`;
    :class:`NoDrill` for a house rule without one or an unknown id."""
    if rule in QUESTIONS:
        return _question(rule, rng)
    if rule not in TASKS:
        known = "a rule id" if rule in RULE_IDS else "not a rule id"
        raise NoDrill(f"no drill for {rule!r} ({known}); drills exist for {', '.join(DRILL_RULES)}")
    position, wrong, keep = _build(rule, rng)
    kwargs = dict(position)
    rules = Rules.parse(str(kwargs.pop("rules", "")))
    game = Game.from_position(**kwargs, rules=rules)
    hand = len(game.hand(0))
    asked = {
        "play": lambda m: m.is_play and not m.lappen,
        "group": lambda m: m.is_play and len(m.cards) >= 2 and not m.lappen,
        "all": lambda m: m.is_play and len(m.cards) == hand,
        "V3": lambda m: m.is_play and m.lappen,
        "O9": lambda m: m.is_play and m.varning and not m.lappen,
        "any": lambda m: True,
    }[keep]
    right = [move for move in game.legal_moves() if asked(move)]
    return Drill(rule, TASKS[rule], position, tuple(right), wrong)
