"""Quizzes that teach: a question, a few answers to choose from, and for every answer the
engine's reason — why a wrong one is wrong (with a hint toward the rule), and for the right one
the whole explanation, a short line at a time.

A lesson never writes an answer in a code cell: each builder below takes what the lesson has
built with the engine (a deal, a position, a match, a simulation's result) and asks the engine
for the answer and for the reasons. The widget never decides anything itself.

>>> import vandatta as v
>>> quiz = talon_quiz(v.Game.deal(players=3, seed=1), lang="en")
>>> [label for label, _ in quiz.choices]
['18', '33', '34', '45']
>>> quiz.choose(2)                       # 34: the card turned up was forgotten
'wrong'
>>> print(quiz.message)
Not quite – “34” is not the right answer. Almost! Did you forget the card that was turned up to start the pile? Hint: Count all the cards of the deck, take away the cards in the hands, then the card turned up. Try again!
>>> quiz.choose(1)
'right'
>>> print(quiz.message)                 # its rule ids are chips after it, R1 and R2
Right! One deck has 52 cards. All three players get six cards each: 3 × 6 = 18 cards in the hands. One card is turned up and starts the pile. Left in the talon: 52 − 18 − 1 = 33 cards.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import ipywidgets as w

from vandatta import Card, Game, Match, Move, Rank, Suit, hand_points, parse_cards, svg
from vandatta.cards import plural
from vandatta.lang import LocalText, check_lang

from ..base.chips import chip_row_html, uncited
from ..base.feedback import mark
from ..base.i18n import LANGS, counted, join_words, number_word, percent, sentences, t, term, texts
from ..base.safe import HTML
from ..base.style import stylesheet
from ..controls.speech import ReadAloud
from ..path.celebrate import celebration_html
from ..path.session import current_session, item_name, keep_quiz
from .exercise import View, feedback_box, lesson_prompt

if TYPE_CHECKING:
    from vandatta.ai import HintCandidate

__all__ = [
    "Choice",
    "Quiz",
    "talon_quiz",
    "first_player_quiz",
    "legal_quiz",
    "hand_size_quiz",
    "points_quiz",
    "card_points_quiz",
    "winner_quiz",
    "hint_quiz",
    "tournament_quiz",
]


Words = Callable[[str], list[str]]  # lines of text in a language


def _words(value: Words | str | Sequence[str] | None) -> Words:
    """Lines as a function of the language, from a function, or a fixed text/list (the same
    in both languages — numbers, names, notation)."""
    if value is None:
        return lambda lang: []
    if callable(value):
        return value
    if isinstance(value, str):
        return lambda lang: [value] if value else []
    fixed = list(value)
    return lambda lang: list(fixed)


@dataclass(frozen=True)
class Choice:
    """One answer to choose: its ``value`` (compared with the quiz's answer), its label in
    each language, and ``why``: the lines explaining why it is wrong (the engine's reason)."""

    value: object
    labels: LocalText
    why: Words | None = None

    @classmethod
    def plain(cls, value: object, why: Words | None = None) -> Choice:
        """A choice labelled with its value, the same in every language (a number, a card)."""
        return cls(value, LocalText.of(lambda lang: str(value)), why)

    def label(self, lang: str) -> str:
        return self.labels.text(lang)

    def reasons(self, lang: str) -> list[str]:
        return list(self.why(lang)) if self.why is not None else []


def _choice(item: object) -> Choice:
    if isinstance(item, Choice):
        return item
    if isinstance(item, tuple):  # a label would be read as the value: say how to write one
        raise TypeError(f"a choice is a Choice(value, LocalText(sv=…, en=…)) or a plain value, not {item!r}")
    return Choice.plain(item)


class Quiz(w.VBox):
    """A multiple-choice question whose answer, explanation and reasons come from the engine.

    ``choices`` are :class:`Choice` values (a label in each language) or plain values
    (shown as they are). ``explain`` gives the right answer's lines, ``hint`` a nudge
    toward the rule shown with a wrong answer (each a function of the language, or text).
    ``rules`` are the rule ids it practises: shown, with their titles, after an answer.
    ``prompt`` (a :class:`~vandatta.lang.LocalText`) asks the question; ``picture`` (a :class:`View` or SVG/HTML
    text) is shown above the buttons.

    A wrong answer marks its button with ✘ and turns it off, says why it is wrong and gives
    the hint; the learner tries again. The right answer marks its button with ✔ and explains.
    """

    def __init__(
        self,
        *,
        prompt: LocalText,
        choices: Sequence[object],
        answer: object,
        lang: str = "sv",
        picture: View | str | None = None,
        explain: Words | str | Sequence[str] | None = None,
        hint: Words | str | None = None,
        rules: Sequence[str] = (),
    ) -> None:
        super().__init__()
        self.lang = check_lang(lang)
        made = [_choice(c) for c in choices]
        values = [c.value for c in made]
        if answer not in values:
            raise ValueError(f"the engine's answer {answer!r} is not among the choices {values!r}")
        if len(made) < 2:
            raise ValueError("a quiz needs at least two choices")
        if len(set(map(repr, values))) != len(values):
            raise ValueError(f"the choices must differ: {values!r}")
        self.answer = answer
        self.options = made
        self.choices = [(c.label(lang), c.value) for c in made]
        self.prompts = lesson_prompt(prompt)
        self.explain = _words(explain)
        self.hint = _words(hint)
        self.practises = tuple(rules)
        self.item = item_name(
            "q", (*self.prompts.to_dict().values(), tuple(repr(v) for v in values))
        )  # its name in the record
        current_session()  # the record loads while the child reads, before the first answer
        self.status = "new"
        self.message = ""
        self.tried: list[int] = []
        self.prompt = HTML(f'<div class="vd-prompt">{html.escape(self.prompts.text(lang))}</div>')
        markup = picture.markup if isinstance(picture, View) else (picture or "")
        self.picture = HTML(markup, layout=w.Layout(display="" if markup else "none"))
        self.buttons = []
        for i, choice in enumerate(made):
            button = w.Button(
                description=choice.label(lang),
                tooltip=choice.label(lang),
                layout=w.Layout(width="auto", min_width="64px", height="44px"),
                style={"font_size": "17px"},
            )
            button.add_class("vd-quiz-choice")
            button.on_click(self._guard(lambda _b, i=i: self.choose(i)))
            self.buttons.append(button)
        self.feedback = HTML()
        row = w.HBox(self.buttons, layout=w.Layout(flex_flow="row wrap", margin="6px 0"))
        row.add_class("vd-quiz-choices")
        self.read_aloud = ReadAloud(lang=lang).follow(self.prompt, self.feedback)  # the browser's voice
        self.children = [stylesheet(), self.prompt, self.picture, row, self.feedback, self.read_aloud]
        self.layout = w.Layout(
            border="1px solid #c9d3cc", padding="10px 14px", margin="8px 0", max_width="1000px"
        )
        self.add_class("vd-quiz")
        self.add_class("vd-ui")

    @property
    def right_index(self) -> int:
        return next(i for i, c in enumerate(self.options) if c.value == self.answer)

    def _guard(self, handler: Callable[..., object]) -> Callable[..., None]:
        def run(*args: object) -> None:
            try:
                handler(*args)
            except Exception as error:  # shown to the learner, never lost
                self.status = "error"
                self.feedback.value = feedback_box("error", t("error", self.lang), [html.escape(str(error))])

        return run

    def choose(self, index: int) -> str:
        """Answer with choice number ``index`` (what a button click does); returns the status,
        ``"right"`` or ``"wrong"``."""
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(self.options):
            raise ValueError(f"no choice number {index!r}")
        lang = self.lang
        choice = self.options[index]
        right = choice.value == self.answer
        if index not in self.tried:
            self.tried.append(index)
        self.status = "right" if right else "wrong"
        if right:
            head = t("ex_right", lang)
            lines = sentences(self.explain(lang))
            rules: Sequence[str] = self.practises
        else:
            head = t("ex_quiz_wrong", lang, choice=choice.label(lang))
            lines = sentences(choice.reasons(lang))
            hint = self.hint(lang)
            if hint:
                lines += [t("quiz_hint", lang, hint=" ".join(sentences(hint)))]
            lines.append(t("quiz_try_again", lang))
            rules = self.practises
        for i, (button, option) in enumerate(zip(self.buttons, self.options)):
            label = option.label(lang)
            if i == index and right:
                button.description, button.button_style = f"{mark('right')} {label}", "success"
            elif i in self.tried and option.value != self.answer:
                button.description, button.button_style = f"{mark('illegal')} {label}", "danger"
                button.disabled = True  # a tried wrong answer is not asked again
            else:
                button.description, button.button_style = label, ""
            if right:
                button.disabled = i != index
        # the rule ids leave the sentences and follow them as chips to tap (issue 43)
        lines, cited = uncited(lines)
        self.message = " ".join([head, *lines])
        chips = chip_row_html([*cited, *rules], lang)
        self.feedback.value = feedback_box(
            "right" if right else "miss",
            head,
            [*(html.escape(x) for x in lines), *([chips] if chips else [])],
        )
        news = keep_quiz(
            right=right, rules=self.practises, choice=choice.label(lang)[:200], item=self.item, lang=lang
        )
        if news:
            self.feedback.value += celebration_html(news, lang)
        return self.status


# -- the builders: every answer and every reason asked of the engine -------------------------


def _numbers(
    answer: int, candidates: Sequence[tuple[int, Words]], *, fill: Sequence[int] = ()
) -> list[Choice]:
    """The answer and up to three wrong values with their reasons (first come, first kept),
    topped up from ``fill`` (with a "too many"/"too few" reason), sorted by value."""
    chosen: dict[int, Words] = {}
    for value, why in candidates:
        if value != answer and value >= 0 and value not in chosen and len(chosen) < 3:
            chosen[value] = why
    for value in fill:
        if len(chosen) >= 3:
            break
        if value != answer and value >= 0 and value not in chosen:
            chosen[value] = _more_or_less(value, answer)
    by_value = {answer: Choice.plain(answer)}
    by_value |= {v: Choice.plain(v, why) for v, why in chosen.items()}
    return [by_value[value] for value in sorted(by_value)]


def _more_or_less(value: int, answer: int) -> Words:
    key = "quiz_too_many" if value > answer else "quiz_too_few"
    return lambda lang: [t(key, lang, value=value)]


def _deck_size(game: Game) -> int:
    """All the cards of the round, as the engine holds them (R1: one or two decks)."""
    return game.talon_size + len(game.pile) + sum(game.hand_size(s) for s in range(game.players))


def _starter_events(game: Game) -> list:
    return list(game.events(0))


def talon_quiz(game: Game, *, lang: str = "sv") -> Quiz:
    """How many cards are left in the talon after the deal (R1, R2, R11)? ``game`` is a fresh
    deal (``Game.deal``); the answer is its talon, the reasons count the engine's cards."""
    check_lang(lang)
    if game.ply:
        raise ValueError("talon_quiz needs a fresh deal, before any move")
    n = game.players
    deck = _deck_size(game)
    dealt = 6 * n
    starter = sum(1 for e in _starter_events(game) if e.kind == "starter_draw")
    answer = game.talon_size
    two_decks = deck > 52

    def explain(lang: str) -> list[str]:
        players = number_word(n, lang)
        lines = [
            t("q_talon_two_decks" if two_decks else "q_talon_one_deck", lang, players=players, deck=deck)
        ]
        lines.append(t("q_talon_hands", lang, players=players, n=n, dealt=dealt))
        lines.append(t("q_talon_up", lang))
        parts = [str(deck), str(dealt), "1"]
        if starter:
            lines.append(t("q_talon_starter", lang, n=starter))
            parts.append(str(starter))
        lines.append(t("q_talon_sum", lang, expr=" − ".join(parts), talon=answer))
        return lines

    def why(key: str, **params: object) -> Words:
        return lambda lang: [t(key, lang, **params)]

    candidates = [
        (dealt, why("q_talon_why_hands", value=dealt)),
        (answer + 1, why("q_talon_why_up")),
        (
            deck - 6 - 1 - starter,
            lambda lang: [t("q_talon_why_one_hand", lang, players=number_word(n, lang))],
        ),
    ]
    if two_decks:
        candidates.insert(0, (52 - dealt - 1 - starter, why("q_talon_why_one_deck")))
    if starter:
        candidates.insert(0, (answer + starter, why("q_talon_why_starter", n=starter)))
    return Quiz(
        prompt=LocalText.of(lambda lang: t("q_talon_prompt", lang, players=number_word(n, lang))),
        choices=_numbers(answer, candidates, fill=(answer + 5, answer - 5)),
        answer=answer,
        lang=lang,
        explain=explain,
        hint=lambda lang: [t("q_talon_hint", lang)],
        rules=("R1", "R2", "R11") if starter else ("R1", "R2"),
    )


def first_player_quiz(game: Game, *, lang: str = "sv") -> Quiz:
    """Who begins (R3)? Asked of a fresh deal: the engine's player to move."""
    check_lang(lang)
    if game.ply:
        raise ValueError("first_player_quiz needs a fresh deal, before any move")
    n, dealer, first = game.players, game.dealer, game.to_move

    def name(seat: int) -> Callable[[str], str]:
        return lambda lang: game.player_name(seat, lang)

    def other_why(seat: int) -> Words:
        return lambda lang: [
            t(
                "q_first_why_other",
                lang,
                player=name(seat)(lang),
                dealer=name(dealer)(lang),
                first=name(first)(lang),
            )
        ]

    choices = []
    for seat in range(n):
        if seat == dealer:
            why: Words = lambda lang: [t("q_first_why_dealer", lang, dealer=name(dealer)(lang))]  # noqa: E731
        else:
            why = other_why(seat)
        choices.append(Choice(seat, LocalText.of(name(seat)), why))
    return Quiz(
        prompt=LocalText.of(
            lambda lang: t(
                "q_first_prompt", lang, players=number_word(n, lang).capitalize(), dealer=name(dealer)(lang)
            )
        ),
        choices=choices,
        answer=first,
        lang=lang,
        explain=lambda lang: [t("q_first_right", lang, dealer=name(dealer)(lang), first=name(first)(lang))],
        hint=lambda lang: [t("q_first_hint", lang)],
        rules=("R3",),
    )


def legal_quiz(position: Game, move: str | Move, *, lang: str = "sv", rules: Sequence[str] = ()) -> Quiz:
    """May the player to move make ``move`` here? Answered, and explained line by line, by
    ``position.check(move)``. Shows the pile and the player's hand."""
    check_lang(lang)
    move = Move.parse(move)
    verdict = position.check(move)
    seat = position.to_move
    picture = (
        '<div style="display:flex;flex-wrap:wrap;gap:24px;align-items:flex-end">'
        + svg.pile(
            position.top,
            declared=position.declaration,
            talon_size=position.talon_size,
            follow_up=position.follow_up_suit,
            size=100,
            lang=lang,
        )
        + svg.hand(position.hand(seat), size=90, lang=lang)
        + "</div>"
    )
    key = "ex_legal_question" if move.is_play else "ex_legal_question_move"

    def reason(lang: str) -> list[str]:
        return verdict.lines(lang)

    def why_wrong(lang: str) -> list[str]:
        word = "q_legal_is_allowed" if verdict.legal else "q_legal_not_allowed"
        return [t(word, lang, player=position.player_name(seat, lang)), *verdict.lines(lang)]

    def legal_hint(lang: str) -> str:
        return counted("q_legal_hint", len(verdict.rules), lang, rules=join_words(list(verdict.rules), lang))

    yes = Choice(True, texts("ex_yes"), None if verdict.legal else why_wrong)
    no = Choice(False, texts("ex_no"), why_wrong if verdict.legal else None)
    ids = tuple(dict.fromkeys([*rules, *position.rules.ids(), *verdict.rules]))
    return Quiz(
        prompt=LocalText.of(
            lambda lang: t(key, lang, player=position.player_name(seat, lang), move=str(move))
        ),
        choices=[yes, no],
        answer=verdict.legal,
        lang=lang,
        picture=picture,
        explain=reason,
        hint=lambda lang: [legal_hint(lang)] if verdict.rules else [],
        rules=ids,
    )


def hand_size_quiz(game: Game, *, seat: int = 0, lang: str = "sv") -> Quiz:
    """How many cards does each player hold after the deal (R2, R11; O2)? The answer is the
    engine's hand size; the reasons come from what happened when the first card was turned
    up."""
    check_lang(lang)
    if game.ply:
        raise ValueError("hand_size_quiz needs a fresh deal, before any move")
    events = _starter_events(game)
    answer = game.hand_size(seat)
    drew = sum(1 for e in events if e.kind == "starter_draw" and e.seat == seat)
    backs = [e for e in events if e.kind == "starter_back"]
    aces_back = [e for e in backs if e.cards and e.cards[0].is_ace]

    def explain(lang: str) -> list[str]:
        lines = [t("q_hand_dealt", lang)]
        for e in backs:
            lines.append(t("q_hand_back", lang, card=str(e.cards[0]), rule=e.rule))
        if drew:
            lines.append(t("q_hand_starter", lang))
        lines.append(t("q_hand_sum", lang, n=answer))
        return lines

    candidates: list[tuple[int, Words]] = []
    if drew:
        candidates.append((6, lambda lang: [t("q_hand_why_forgot_ace", lang)]))
    elif aces_back:
        card = str(aces_back[0].cards[0])
        candidates.append((7, lambda lang: [t("q_hand_why_o2", lang, card=card, rule=aces_back[0].rule)]))
    else:
        candidates.append((7, lambda lang: [t("q_hand_why_nobody_drew", lang)]))
    candidates.append((5, lambda lang: [t("q_hand_why_fewer", lang)]))
    candidates.append((8, lambda lang: [t("quiz_too_many", lang, value=8)]))
    ids = ["R2", "R11"] + (["O2"] if game.rules.redraw_special_starter else [])
    return Quiz(
        prompt=texts("q_hand_prompt"),
        choices=_numbers(answer, candidates[:2]),
        answer=answer,
        lang=lang,
        explain=explain,
        hint=lambda lang: [t("q_hand_hint", lang)],
        rules=tuple(ids),
    )


# -- points (S1) -----------------------------------------------------------------------------


def _face(card: Card) -> int:
    """The number a child might read off the card: A 1, 2–10, J 11, Q 12, K 13."""
    return int(card.rank)


def _points_lines(hand: Sequence[Card], lang: str) -> list[str]:
    each = [t("q_pts_card", lang, card=str(c), points=c.points) for c in hand]
    total = hand_points(hand)
    expr = " + ".join(str(c.points) for c in hand)
    return [*each, t("q_pts_sum", lang, expr=expr, total=total)]


def points_quiz(cards: str | Sequence[Card | str], *, lang: str = "sv") -> Quiz:
    """How many points are ``cards`` worth (S1)? The answer is :func:`vandatta.hand_points`;
    the wrong answers are the sums a child gets by a common mistake (an eight counted as 8,
    an ace as 1, a king as 13, a three as 3), each with the engine's point value that puts
    it right."""
    check_lang(lang)
    hand = parse_cards(cards)
    total = hand_points(hand)
    mistakes: list[tuple[int, Words]] = []
    eights = [c for c in hand if c.is_eight]
    if eights:
        value = total - sum(c.points - _face(c) for c in eights)
        mistakes.append((value, lambda lang: [t("q_pts_why_eight", lang)]))
    aces = [c for c in hand if c.is_ace]
    if aces:
        value = total - sum(c.points - 1 for c in aces)
        mistakes.append((value, lambda lang: [t("q_pts_why_ace", lang)]))
    faces = [c for c in hand if c.rank in (Rank.JACK, Rank.QUEEN, Rank.KING)]
    if faces:
        value = total + sum(_face(c) - c.points for c in faces)
        mistakes.append((value, lambda lang: [t("q_pts_why_faces", lang)]))
    small = [c for c in hand if c.points == 5 and _face(c) != 5]
    if small:
        value = total + sum(_face(c) - c.points for c in small)
        mistakes.append((value, lambda lang: [t("q_pts_why_small", lang)]))
    return Quiz(
        prompt=texts("ex_points_question"),
        choices=_numbers(total, mistakes, fill=(total + 5, total - 5, total + 10, total - 10)),
        answer=total,
        lang=lang,
        picture=View(svg.hand(hand, lang=lang, size=90)),
        explain=lambda lang: _points_lines(hand, lang),
        hint=lambda lang: [t("q_pts_hint", lang)],
        rules=("S1",),
    )


def _worth(value: int, lang: str) -> str | None:
    """Which cards are worth ``value`` points, in words ("ess", "tior, knektar, damer och
    kungar"), asked of the engine's card points; ``None`` if no card is."""
    ranks = [r for r in Rank if Card(r, Suit.SPADES).points == value]
    if not ranks:
        return None
    if value == 5:
        return t("q_pts_small_cards", lang)
    return join_words([plural(r, lang) for r in ranks], lang)


def card_points_quiz(
    card: str | Card, *, game: Game | None = None, seat: int | None = None, lang: str = "sv"
) -> Quiz:
    """How many points is ``card`` worth (S1)? With a finished ``game`` and a ``seat``, asked
    about that seat's score ("Player 2 is left with K♠ 8♣ 4♥ and scores 40 points …")."""
    check_lang(lang)
    card = card if isinstance(card, Card) else Card.parse(card)
    answer = card.points
    hand: list[Card] = []
    if game is not None:
        if seat is None or not game.is_over:
            raise ValueError("card_points_quiz(game=…) needs a finished round and a seat")
        hand = list(game.hand(seat))
        if card not in hand:
            raise ValueError(f"{card} is not in the hand of seat {seat}")
    # the answer, the number on the card, and the nearest other point values (S1)
    others = sorted({25, 15, 10, 5} - {answer}, key=lambda value: abs(value - answer))
    values = list(dict.fromkeys([_face(card), *others]))
    values = sorted([answer, *[x for x in values if x != answer][:3]])
    choices = []
    for value in values:
        if value == answer:
            choices.append(Choice.plain(value))
            continue

        def why(lang: str, value: int = value) -> list[str]:
            lines = []
            if value == _face(card):
                lines.append(t("q_card_why_face", lang))
            kinds = _worth(value, lang)
            if kinds:
                lines.append(t("q_card_why_worth", lang, value=value, kinds=kinds))
            elif value != _face(card):
                lines.append(t("q_card_why_none", lang, value=value))
            return lines

        choices.append(Choice.plain(value, why))
    the_card = {x: t(f"rank_the_{int(card.rank)}", x) for x in LANGS}
    worth = {x: t("q_worth_ace" if card.is_ace else "q_worth", x) for x in LANGS}

    def explain(lang: str) -> list[str]:
        lines = [t("q_card_right", lang, card=the_card[lang].capitalize(), worth=worth[lang], points=answer)]
        if hand:
            lines.append(
                t("q_pts_sum", lang, expr=" + ".join(str(c.points) for c in hand), total=hand_points(hand))
            )
        return lines

    if game is not None and seat is not None:
        cards = " ".join(str(c) for c in hand)
        prompts = {
            x: t(
                "q_card_prompt_hand",
                x,
                player=game.player_name(seat, x),
                cards=cards,
                total=hand_points(hand),
                card=the_card[x],
                worth=worth[x],
            )
            for x in LANGS
        }
    else:
        prompts = {x: t("q_card_prompt", x, card=the_card[x], worth=worth[x]) for x in LANGS}
    return Quiz(
        prompt=LocalText.from_dict(prompts),
        choices=choices,
        answer=answer,
        lang=lang,
        explain=explain,
        hint=lambda lang: [t("q_pts_hint", lang)],
        rules=("S1",),
    )


# -- the game to 100 (S2, O3) ----------------------------------------------------------------


def winner_quiz(match: Match, *, lang: str = "sv") -> Quiz:
    """Who won the game to 100 (S2, or O3)? The answer is the match's winner — or, when the
    lowest totals are equal, the players who share the win (then each of them alone is not
    the whole answer). Each wrong name gets what the score table says about that player."""
    check_lang(lang)
    if not match.is_over:
        raise ValueError("winner_quiz needs a finished game to 100")
    winners = list(match.winners)
    winner = winners[0]
    history = match.history()
    totals = match.totals
    target = match.target
    o3 = match.rules.first_to_100_ends
    rule = "O3" if o3 else "S2"

    def name(seat: int, lang: str) -> str:
        return match.names[seat] if match.names else term("player", lang, n=seat + 1, capital=True)

    def names(seats: Sequence[int], lang: str) -> str:
        return join_words([name(s, lang) for s in seats], lang)

    def out_round(seat: int) -> int:
        return next(number for number, row in enumerate(history, 1) if row[seat] >= target)

    def explain(lang: str) -> list[str]:
        if len(winners) > 1:
            return [t("q_winner_shared", lang, names=names(winners, lang), total=totals[winner], rule=rule)]
        if o3:
            return [t("q_winner_o3", lang, winner=name(winner, lang), total=totals[winner], target=target)]
        if totals[winner] >= target:
            return [
                t("q_winner_s2_all", lang, winner=name(winner, lang), total=totals[winner], target=target)
            ]
        return [t("q_winner_s2", lang, winner=name(winner, lang), target=target)]

    def why(seat: int) -> Words:
        def lines(lang: str) -> list[str]:
            if seat in winners:  # one of those who share the win
                others = names([s for s in winners if s != seat], lang)
                return [
                    t(
                        "q_winner_why_shared",
                        lang,
                        name=name(seat, lang),
                        total=totals[seat],
                        others=others,
                        rule=rule,
                    )
                ]
            if o3 or totals[winner] >= target:
                key = "q_winner_why_more_o3" if o3 else "q_winner_why_more"
                return [
                    t(
                        key,
                        lang,
                        name=name(seat, lang),
                        total=totals[seat],
                        winner=name(winner, lang),
                        wtotal=totals[winner],
                    )
                ]
            number = out_round(seat)
            return [
                t(
                    "q_winner_why_out",
                    lang,
                    name=name(seat, lang),
                    total=history[number - 1][seat],
                    round=number,
                )
            ]

        return lines

    if len(winners) > 1:
        answer: object = tuple(winners)
        choices = [Choice(s, LocalText.of(partial(name, s)), why(s)) for s in range(match.players)]
        choices.append(Choice(answer, LocalText.of(lambda lang: names(winners, lang))))
    else:
        answer = winner
        choices = [
            Choice(s, LocalText.of(partial(name, s)), None if s == winner else why(s))
            for s in range(match.players)
        ]
    hint_key = "q_winner_hint_o3" if o3 else "q_winner_hint_s2"
    return Quiz(
        prompt=texts("q_winner_prompt"),
        choices=choices,
        answer=answer,
        lang=lang,
        explain=explain,
        hint=lambda lang: [t(hint_key, lang, target=target)],
        rules=("O3", "S2") if o3 else ("S2",),
    )


# -- what simulations say --------------------------------------------------------------------


def hint_quiz(result: object, *, lang: str = "sv", limit: int = 4) -> Quiz:
    """Which move wins most often in a simulation? ``result`` is a :func:`vandatta.hint`
    answer (``candidates`` with ``move``, ``win`` and ``reason(lang)``); the choices are its
    best plays, each wrong one told how often it won against the best."""
    check_lang(lang)
    candidates = [c for c in getattr(result, "candidates", ()) if c.move.is_play]
    if len(candidates) < 2:
        raise ValueError("hint_quiz needs at least two candidate plays")
    best = candidates[0]
    shown = sorted(candidates[:limit], key=lambda c: str(c.move))
    choices = []
    for c in shown:
        label = str(c.move)
        if c is best:
            choices.append(Choice.plain(label))
            continue

        def why(lang: str, c: HintCandidate = c) -> list[str]:
            return [
                t(
                    "q_sim_why",
                    lang,
                    move=str(c.move),
                    p=percent(c.win, lang),
                    best=str(best.move),
                    q=percent(best.win, lang),
                ),
                c.reason(lang),
            ]

        choices.append(Choice.plain(label, why))
    return Quiz(
        prompt=texts("q_sim_prompt"),
        choices=choices,
        answer=str(best.move),
        lang=lang,
        explain=lambda lang: [
            t("q_sim_right", lang, move=str(best.move), p=percent(best.win, lang)),
            best.reason(lang),
        ],
        hint=lambda lang: [t("q_sim_hint", lang)],
    )


def tournament_quiz(result: dict, *, lang: str = "sv") -> Quiz:
    """Which computer player won the most rounds (or games to 100)? ``result`` is what
    :func:`vandatta.ai.tournament` returned; every wrong choice is told its share."""
    check_lang(lang)
    entries = list(result["entries"])
    mode = "games" if result.get("mode") == "matches" else "rounds"
    best = max(entries, key=lambda e: e["win_rate"])

    def label(entry: dict) -> str:
        return str(entry["label"]).split(":")[0]

    def kind(entry: dict, lang: str) -> str:
        return term(f"kind_short.{label(entry)}", lang) if label(entry) in _KINDS else label(entry)

    def the(entry: dict, lang: str, *, capital: bool = False) -> str:
        word = term(f"kind_the.{label(entry)}", lang) if label(entry) in _KINDS else label(entry)
        return word[:1].upper() + word[1:] if capital else word

    choices = []
    for e in entries:
        if e is best:
            choices.append(Choice(e["label"], LocalText.of(partial(kind, e))))
            continue

        def why(lang: str, e: dict = e) -> list[str]:
            p, q = percent(e["win_rate"], lang), percent(best["win_rate"], lang)
            the_kind, the_best = the(e, lang, capital=True), the(best, lang)
            return [t(f"q_tour_why_{mode}", lang, the_kind=the_kind, p=p, the_best=the_best, q=q)]

        choices.append(Choice(e["label"], LocalText.of(partial(kind, e)), why))

    def explain(lang: str) -> list[str]:
        the_kind = the(best, lang, capital=True)
        return [t(f"q_tour_right_{mode}", lang, the_kind=the_kind, p=percent(best["win_rate"], lang))]

    return Quiz(
        prompt=texts(f"q_tour_prompt_{mode}"),
        choices=choices,
        answer=best["label"],
        lang=lang,
        explain=explain,
        hint=lambda lang: [t("q_tour_hint", lang)],
    )


_KINDS = ("random", "beginner", "expert", "strong")
