""" "Try it" exercises for the lessons: a position, the learner's hand, and the engine's answer.

:class:`Exercise` shows a position (the pile and talon, or the whole table) with real cards,
the hand of the player to move as a clickable :class:`~vandatta_widgets.controls.hand.HandView`, an eight's
declaration chooser, and the buttons a turn needs (lay, draw, pass, call "lappen" under V3,
call "varning" under O9). Every attempt goes to the engine: an illegal move is answered with
the engine's own verdict (``Verdict.text(lang)`` with its rule ids) and changes nothing; a
legal one is played on a copy of the game. The exercise never decides what is legal itself.

An exercise may pose a goal — "make everyone draw", "go out", "call lappen correctly" — as a
:class:`Goal`, checked on the engine's state once the learner's turn is over (the builders
below: :func:`goes_out`, :func:`everyone_draws`, :func:`calls_lappen`, :func:`calls_varning`,
…). Without a goal, any legal move is right. :meth:`Exercise.solve` finds an answer by trying the legal moves of
the turn on copies, so every exercise can show one, and the tests can check each is solvable.

The lessons' multiple-choice questions live in :mod:`vandatta_widgets.lessons.quiz`.

>>> from vandatta import Game
>>> ex = Exercise(Game.from_position(hands=["7♥ K♠", "5♦"], top="7♣", talon="9♠"),
...               prompt=LocalText(sv="Lägg ett kort.", en="Lay a card."), lang="en")
>>> ex.hand.selected = [1]                      # K♠ does not fit on 7♣
>>> ex.play_button.click()
>>> ex.status, ex.verdict.text("en")
('illegal', 'K♠ does not fit: it has neither the suit ♣ nor the rank 7 (R4).')
>>> ex.hand.selected = [0]
>>> ex.play_button.click()
>>> ex.status, ex.verdict.text("en")
('right', '7♥ on 7♣: same rank — hearts is now the suit (R4).')
"""

from __future__ import annotations

import html
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as w

from vandatta import (
    Card,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    Match,
    Move,
    Rules,
    Suit,
    Verdict,
    parse_cards,
    svg,
)
from vandatta.explain import Event
from vandatta.lang import LocalText, check_lang

from ..base.chips import without_citations
from ..base.feedback import mark, rule_chips_html
from ..base.i18n import count, sentences, t, texts
from ..base.safe import HTML
from ..base.screen import guarded
from ..base.style import stylesheet
from ..controls.declare import EightDeclaration
from ..controls.hand import HandView
from ..controls.speech import ReadAloud
from ..path.celebrate import celebration_html
from ..path.session import current_session, item_name, keep_answer
from ..play.turn import playable, told_lines

__all__ = [
    "Exercise",
    "Attempt",
    "Goal",
    "View",
    "view",
    "feedback_box",
    "any_legal",
    "lays_a_card",
    "goes_out",
    "everyone_draws",
    "calls_lappen",
    "calls_varning",
    "suit_becomes",
    "lays_cards",
    "can_go_out_next_turn",
    "passes",
    "draws_then_lays",
    "next_player_stuck",
    "all_of",
    "play_match",
]

_FONT = "font-size:18px;line-height:1.45"
STATUSES = ("right", "legal", "miss", "illegal", "error", "info")  # an exercise's boxes


# -- pictures --------------------------------------------------------------------------------


class View:
    """A picture that displays itself in a notebook: the SVG (or HTML) of a table, a hand or a
    move, drawn by :mod:`vandatta.svg` in the lesson's language."""

    def __init__(self, markup: str, *, kind: str = "svg") -> None:
        self.markup = markup
        self.kind = kind

    def _repr_svg_(self) -> str | None:
        return self.markup if self.kind == "svg" else None

    def _repr_html_(self) -> str:
        # The SVG inline, not as an image: JupyterLab, Notebook 7 and Voilà show an
        # image/svg+xml output as an <img> without alternative text, while the inline SVG keeps
        # its <title> and the names of its cards for screen readers (and HTML is shown first).
        if self.kind == "svg":
            return f'<div class="vd-view" style="max-width:100%;overflow-x:auto">{self.markup}</div>'
        return self.markup

    def __str__(self) -> str:
        return self.markup


def view(obj: object, *, lang: str = "sv", **options: Any) -> View:
    """Draw ``obj`` in ``lang``: a :class:`~vandatta.Game` as the table (``open_hands``,
    ``viewer``, ``size``), cards (``"7♣ 8♠"`` or a list) as a hand, one card, or a move."""
    check_lang(lang)
    if isinstance(obj, Game):
        return View(svg.table(obj, lang=lang, **options))
    if isinstance(obj, Card):
        return View(svg.card(obj, lang=lang, **options))
    if isinstance(obj, Move):
        return View(svg.move_html(obj, lang=lang, **options), kind="html")
    if isinstance(obj, (str, list, tuple)):
        return View(svg.hand(parse_cards(obj), lang=lang, **options))
    raise TypeError(f"view() draws a Game, a Card, a Move or cards, not {type(obj).__name__}")


def feedback_box(
    status: str, head: str, body: Sequence[str] = (), rules: Iterable[str] = (), lang: str = "sv"
) -> str:
    """A feedback box: a mark and a heading, lines of (already escaped) text, rule chips. Its
    looks are style.css's (``.vd-lesson-feedback``, one colour pair per ``status``)."""
    if status not in STATUSES:
        raise ValueError(f"status must be one of {', '.join(STATUSES)}, not {status!r}")
    # the engine's "(R4)" leaves the sentences: each rule is a chip below them (issue 43)
    head, cited_in_head = without_citations(head)
    cited = list(cited_in_head)
    parts = [
        f'<div class="vd-feedback vd-lesson-feedback vd-{status}" data-kind="{status}" role="status">',
        f'<strong class="vd-feedback-head">{mark(status)} {html.escape(head)}</strong>',
    ]
    for line in body:
        text, ids = without_citations(line)
        cited.extend(ids)
        parts.append(f"<div>{text}</div>")
    chips = rule_chips_html([*rules, *cited], lang)
    if chips:
        parts.append(f"<div>{chips}</div>")
    parts.append("</div>")
    return "".join(parts)


# -- goals -------------------------------------------------------------------------------------


@dataclass
class Attempt:
    """What the learner has done so far in an exercise: the position posed (``start``), the
    game after their moves (``game``, a copy), the seat they play, and each move with its
    verdict and the events it caused."""

    start: Game
    game: Game
    seat: int
    moves: list[Move] = field(default_factory=list)
    verdicts: list[Verdict] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)

    @property
    def turn_over(self) -> bool:
        """The learner's turn has ended (the turn passed on, or the round is over)."""
        return bool(self.moves) and (self.game.is_over or self.game.to_move != self.seat)

    @property
    def cards_laid(self) -> int:
        return sum(len(m.cards) for m in self.moves)

    def copy(self) -> Attempt:
        return Attempt(
            self.start, self.game, self.seat, list(self.moves), list(self.verdicts), list(self.events)
        )


@dataclass(frozen=True)
class Goal:
    """A goal an exercise poses: ``test(attempt)`` reads the engine's state after the
    learner's moves. It is judged when the turn is over (or after every move with
    ``each_move=True``). ``missing`` says what was missing when a legal turn did
    not reach it (in every language); ``rules`` are the rule ids it practises."""

    test: Callable[[Attempt], bool]
    missing: LocalText
    rules: tuple[str, ...] = ()
    each_move: bool = False
    parts: tuple[Goal, ...] = ()

    def miss(self, lang: str, attempt: Attempt | None = None) -> str:
        """What was missing; for goals made by :func:`all_of`, the first part not reached."""
        if attempt is not None:
            for part in self.parts:
                if not part.test(attempt):
                    return part.miss(lang, attempt)
        return self.missing.text(lang)


def lesson_prompt(prompt: object) -> LocalText:
    """An exercise's or a quiz's question: ``prompt`` itself if it is a :class:`~vandatta.lang.LocalText`
    (``LocalText(sv="…", en="…")`` in a lesson); anything else is a :class:`TypeError`."""
    if not isinstance(prompt, LocalText):
        raise TypeError(f'a question is a LocalText(sv="…", en="…"), not {type(prompt).__name__}')
    return prompt


# a goal any legal move reaches has nothing to say when missed
NOTHING_MISSING = LocalText.of(lambda lang: "")


def any_legal() -> Goal:
    """Any legal move is right (the default)."""
    return Goal(lambda a: True, NOTHING_MISSING, each_move=True)


def lays_a_card() -> Goal:
    """The learner lays at least one card this turn."""
    return Goal(lambda a: a.cards_laid > 0, texts("goal_lay_miss"))


def goes_out() -> Goal:
    """The learner goes out and wins the round (R9)."""
    return Goal(
        lambda a: a.game.winner == a.seat,
        texts("goal_out_miss"),
        rules=("R9",),
    )


def everyone_draws() -> Goal:
    """Every other player draws because of an ace the learner lays (R7)."""

    def test(a: Attempt) -> bool:
        drew = {e.seat for e in a.events if e.kind == "ace_draw"}
        return drew == {s for s in range(a.game.players) if s != a.seat}

    return Goal(test, texts("goal_ace_miss"), rules=("R7",))


def calls_lappen() -> Goal:
    """The learner's turn ends with a correct lappen call (V3); the engine refuses a wrong one."""

    def test(a: Attempt) -> bool:
        penalised = any(e.kind == "penalty" and e.seat == a.seat for e in a.events)
        return a.game.lappen_called[a.seat] and not penalised

    return Goal(test, texts("goal_lappen_miss"), rules=("V3",))


def calls_varning() -> Goal:
    """The learner's turn ends with a correct varning call (O9): three cards left and no
    penalty for a forgotten call; the engine refuses a call with another number of cards."""

    def test(a: Attempt) -> bool:
        penalised = any(e.kind == "penalty" and e.seat == a.seat and e.rule == "O9" for e in a.events)
        return a.game.varning_called[a.seat] and not penalised

    return Goal(test, texts("goal_varning_miss"), rules=("O9",))


def suit_becomes(suit: str | Suit) -> Goal:
    """After the turn, ``suit`` is the suit to match (R4, R5, R6)."""
    want = suit if isinstance(suit, Suit) else Suit.parse(suit)
    return Goal(
        lambda a: a.game.current_suit is want,
        texts("goal_suit_miss", suit=LocalText.of(want.name_in)),
    )


def lays_cards(n: int) -> Goal:
    """The learner lays at least ``n`` cards this turn (a group, R5)."""
    return Goal(lambda a: a.cards_laid >= n, texts("goal_group_miss", n=n))


def can_go_out_next_turn() -> Goal:
    """After the turn the learner's hand could be emptied in one turn — the engine's own
    test for "lappen" (V3), which follows V1 and V2."""
    return Goal(
        lambda a: not a.game.is_over and a.game.lappen_ready(a.seat),
        texts("goal_ready_miss"),
    )


def next_player_stuck() -> Goal:
    """After the turn, the next player holds no card they may lay (only draw or pass) —
    asked of the engine's legal moves for that player."""
    return Goal(
        lambda a: not a.game.is_over and not a.game.legal_moves().plays(),
        texts("goal_stuck_miss"),
    )


def all_of(*goals: Goal) -> Goal:
    """Every one of ``goals``; a miss names the first part not reached."""
    if not goals or not all(isinstance(g, Goal) for g in goals):
        raise TypeError("all_of() needs one or more Goal values")
    return Goal(
        lambda a: all(g.test(a) for g in goals),
        goals[0].missing,
        rules=tuple(dict.fromkeys(r for g in goals for r in g.rules)),
        each_move=all(g.each_move for g in goals),
        parts=goals,
    )


def passes() -> Goal:
    """The learner's turn ends with ``pass`` (R8, R10)."""
    return Goal(
        lambda a: bool(a.moves) and a.moves[-1].is_pass,
        texts("goal_pass_miss"),
    )


def draws_then_lays() -> Goal:
    """The learner draws and then lays a card (R8)."""

    def test(a: Attempt) -> bool:
        kinds = [m.kind for m in a.moves]
        return "draw" in kinds and "play" in kinds[kinds.index("draw") :]

    return Goal(test, texts("goal_draw_lay_miss"), rules=("R8",))


# -- the exercise ------------------------------------------------------------------------------

_ACTIONS = ("play", "draw", "pass")
_BUTTON = {"layout": {"width": "auto", "height": "38px"}, "style": {"font_size": "16px"}}


def _move_order(move: Move) -> tuple[int, int]:
    """The order :meth:`Exercise.solve` tries moves in: ordinary plays, aces, eights, draw, pass."""
    if move.is_play:
        first = move.cards[0]
        return (2 if first.is_eight else 1 if first.is_ace else 0, -len(move.cards))
    return (3 if move.is_draw else 4, 0)


class Exercise(w.VBox):
    """A "try it" exercise: the learner makes a turn in ``position`` and the engine answers.

    ``position`` is not changed (the exercise plays on copies). ``accept`` is a :class:`Goal`
    (or a callable taking an :class:`Attempt` and returning a bool, or ``None``: any legal
    move is right). ``actions`` lists the buttons besides the hand: ``"play"``, ``"draw"``,
    ``"pass"``. ``view`` is ``"pile"`` (the talon and the top card) or ``"table"`` (every
    seat). ``highlight=True`` lifts the cards that may start a play (the engine's legal
    moves). ``rules`` names rule ids the exercise practises besides those its answer cites.
    ``errors`` lists the tracebacks of errors a callback caught (each also shown).
    """

    def __init__(
        self,
        position: Game,
        *,
        prompt: LocalText,
        lang: str = "sv",
        accept: Goal | Callable[[Attempt], bool] | None = None,
        actions: Sequence[str] = _ACTIONS,
        view: str = "pile",
        highlight: bool = False,
        rules: Sequence[str] = (),
        size: int = 96,
    ) -> None:
        super().__init__()
        # the tracebacks of errors a callback caught (vandatta_widgets.base.screen.guarded)
        self.errors: list[str] = []
        if not isinstance(position, Game):
            raise TypeError(f"an exercise needs a vandatta.Game position, not {type(position).__name__}")
        if position.is_over:
            raise ValueError("the position is already over: there is no move to make")
        self.lang = check_lang(lang)
        unknown = [a for a in actions if a not in _ACTIONS]
        if unknown or "play" not in actions:
            raise ValueError(f"actions must include 'play' and be among {_ACTIONS}, not {tuple(actions)!r}")
        if view not in ("pile", "table"):
            raise ValueError(f"view must be 'pile' or 'table', not {view!r}")
        if accept is None:
            accept = any_legal()
        elif not isinstance(accept, Goal):
            if not callable(accept):
                raise TypeError("accept must be a Goal, a callable(Attempt) -> bool, or None")
            accept = Goal(accept, texts("goal_generic_miss"))
        self.goal: Goal = accept
        self.prompts = lesson_prompt(prompt)
        self.position = position.copy()
        self.seat = position.to_move
        self.actions = tuple(actions)
        self.view_kind = view
        self.extra_rules = tuple(rules)
        self.size = size
        self.status = "new"  # new, legal (turn goes on), right, miss, illegal, error
        # The learner's record (vandatta_widgets.path): each answer is kept under this item's name,
        # unless ``keeps`` is off (a practice question keeps its answers itself); ``answered``
        # callbacks hear (position, move, status) for every answer that ends a try.
        self.item = item_name("ex", tuple(self.prompts.to_dict().values()))
        self.keeps = True
        current_session()  # the record loads while the child reads, before the first answer
        self.answered: list[Callable[[Game, Move, str], object]] = []
        self.verdict: Verdict | None = None
        self.message = ""  # the last feedback as plain text
        self._solution: list[Move] | None = None
        self._searched = False  # whether solve() has looked (its answer may be None)

        self.prompt = HTML(layout=w.Layout(margin="0 0 4px 0"))
        self.table = HTML()
        self.hand_label = HTML()
        self.hand = HandView(cards=[], highlight=highlight, size=size, lang=lang)
        self.declaration = EightDeclaration(lang=lang, suit_only=position.rules.suit_only_eights)
        self.declaration.layout.display = "none"
        self.play_button = w.Button(button_style="primary", **_BUTTON)
        self.draw_button = w.Button(**_BUTTON)
        self.pass_button = w.Button(**_BUTTON)
        self.lappen_button = w.ToggleButton(value=False, **_BUTTON)
        self.varning_button = w.ToggleButton(value=False, **_BUTTON)
        self.clear_button = w.Button(**_BUTTON)
        self.reset_button = w.Button(**_BUTTON)
        self.answer_button = w.Button(**_BUTTON)
        self.selection = HTML()
        self.moves_view = HTML()
        self.feedback = HTML()

        buttons: list[w.Widget] = [self.play_button]
        if "draw" in self.actions:
            buttons.append(self.draw_button)
        if "pass" in self.actions:
            buttons.append(self.pass_button)
        if self.position.rules.varning:  # O9
            buttons.append(self.varning_button)
        if self.position.rules.lappen:
            buttons.append(self.lappen_button)
        buttons += [self.clear_button, self.reset_button, self.answer_button]
        self.buttons = w.HBox(buttons, layout=w.Layout(flex_flow="row wrap", margin="6px 0"))

        self.play_button.on_click(self._on_play)
        self.draw_button.on_click(self._on_draw)
        self.pass_button.on_click(self._on_pass)
        self.clear_button.on_click(self._on_clear)
        self.reset_button.on_click(self._on_reset)
        self.answer_button.on_click(self._on_answer)
        self.hand.observe(self._on_select, names="selected")
        # "Läs upp": the task and the engine's feedback, in the browser's own voice
        self.read_aloud = ReadAloud(lang=self.lang).follow(self.prompt, self.feedback)

        self.children = [
            stylesheet(),
            self.prompt,
            self.table,
            self.hand_label,
            self.hand,
            self.selection,
            self.declaration,
            self.buttons,
            self.moves_view,
            self.feedback,
            self.read_aloud,
        ]
        self.layout = w.Layout(
            border="1px solid #c9d3cc", padding="10px 14px", margin="8px 0", max_width="1000px"
        )
        self.add_class("vd-exercise")
        self.add_class("vd-ui")
        self._words()
        self._restart()

    # -- state -------------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The position as it stands now (after the learner's legal moves this attempt)."""
        return self.attempt.game

    @property
    def solved(self) -> bool:
        return self.status == "right"

    def _restart(self) -> None:
        self.attempt = Attempt(self.position, self.position.copy(), self.seat)
        self.status = "new"
        self.verdict = None
        self.message = ""
        self.lappen_button.value = False
        self.varning_button.value = False
        self.declaration.clear()
        self.feedback.value = ""
        self._render()

    def _words(self) -> None:
        lang = self.lang
        self.read_aloud.lang = lang
        self.prompt.value = f'<div class="vd-prompt">{html.escape(self.prompts.text(lang))}</div>'
        self.play_button.description = t("play_cards", lang)
        self.draw_button.description = t("draw", lang)
        self.pass_button.description = t("pass", lang)
        self.lappen_button.description = t("lappen", lang)
        self.lappen_button.tooltip = t("ex_lappen_tip", lang)
        self.varning_button.description = t("varning", lang)
        self.varning_button.tooltip = t("ex_varning_tip", lang)
        self.clear_button.description = t("clear", lang)
        self.reset_button.description = t("ex_start_over", lang)
        self.answer_button.description = t("ex_show_answer", lang)
        self.declaration.lang = lang

    def _render(self) -> None:
        game, lang, seat = self.game, self.lang, self.seat
        finished = self.status in ("right", "miss")
        with self.hold_sync():
            if self.view_kind == "table":
                picture = svg.table(game, lang=lang, open_hands=False, viewer=seat, size=90)
            else:
                picture = svg.pile(
                    game.top,
                    declared=game.declaration,
                    talon_size=game.talon_size,
                    follow_up=game.follow_up_suit,
                    draws=game.draws_this_turn
                    if not game.is_over and game.to_move == seat and game.follow_up_suit is None
                    else 0,  # (once an ace is laid, its card must follow: the draws no longer count)
                    size=110,
                    lang=lang,
                )
            others = []
            for s in range(game.players):
                if s == seat:
                    continue
                others.append(
                    f"<li>{html.escape(game.player_name(s, lang))}: {html.escape(self._cards(game.hand_size(s)))}"
                    + (" · " + html.escape(t("ex_varning_called", lang)) if game.varning_called[s] else "")
                    + (" · " + html.escape(t("ex_lappen_called", lang)) if game.lappen_called[s] else "")
                    + "</li>"
                )
            side = ""
            if self.view_kind == "pile":
                side = '<ul class="vd-ex-others">' + "".join(others) + "</ul>"
            self.table.value = (
                f'<div class="vd-position vd-position-{self.view_kind}"><div>{picture}</div>{side}</div>'
            )
            me = game.player_name(seat, lang)
            self.hand_label.value = (
                '<div class="vd-ex-hand-label">'
                f"{html.escape(t('ex_your_hand', lang, player=me))} "
                f'<span class="vd-ex-count">({html.escape(self._cards(game.hand_size(seat)))})</span></div>'
            )
            cards = list(game.hand(seat))
            drawn = (
                [len(cards) - 1] if self.attempt.moves and self.attempt.moves[-1].is_draw and cards else []
            )
            self.hand.selected = []
            self.hand.cards = cards
            self.hand.last = drawn
            self.hand.legal = playable(game.legal_moves(), cards)
            self.hand.clickable = not finished
            for b in (
                self.play_button,
                self.draw_button,
                self.pass_button,
                self.lappen_button,
                self.varning_button,
                self.clear_button,
            ):
                b.disabled = finished
            self.answer_button.disabled = finished
            if self.attempt.moves:
                chips = ' <span aria-hidden="true">›</span> '.join(
                    svg.move_html(m, size=44, lang=lang) for m in self.attempt.moves
                )
                self.moves_view.value = (
                    '<div class="vd-ex-moves">'
                    f"<span>{html.escape(t('ex_your_moves', lang))}</span> {chips}</div>"
                )
            else:
                self.moves_view.value = ""
            self._on_select()

    def _cards(self, n: int) -> str:
        return count("cards", n, self.lang, digits=True)

    # -- callbacks ----------------------------------------------------------------------------

    def _report(self, error: BaseException) -> None:
        """A guarded callback failed (vandatta_widgets.base.screen.guarded): shown to the learner, never lost."""
        self.status = "error"
        self.message = f"{t('error', self.lang)}: {error}"
        self.feedback.value = feedback_box("error", t("error", self.lang), [html.escape(str(error))])

    @guarded
    def _on_select(self, change: object = None) -> None:
        chosen = self.hand.selected_cards
        show = bool(chosen) and chosen[-1].is_eight and self.status not in ("right", "miss")
        self.declaration.layout.display = "" if show else "none"
        if len(chosen) > 1:  # the order of a group matters: the last card ends on top (R5)
            order = " → ".join(str(c) for c in chosen)
            self.selection.value = (
                f'<div class="vd-ex-order">{html.escape(t("ex_order", self.lang, cards=order))}</div>'
            )
        else:
            self.selection.value = ""

    @guarded
    def _on_clear(self, _: object = None) -> None:
        self.hand.clear()

    @guarded
    def _on_reset(self, _: object = None) -> None:
        self._restart()

    @guarded
    def _on_play(self, _: object = None) -> None:
        cards = self.hand.selected_cards
        if not cards:
            self._show("info", t("nothing_selected", self.lang))
            return
        declare = self.declaration.declaration if cards[-1].is_eight else None
        self.attempt_move(
            Move.play(
                cards, declare=declare, lappen=self.lappen_button.value, varning=self.varning_button.value
            )
        )

    @guarded
    def _on_draw(self, _: object = None) -> None:
        if self.lappen_button.value:
            self._show("illegal", t("ex_lappen_not_with_draw", self.lang), rules=("V3",))
            return
        if self.varning_button.value:
            self._show("illegal", t("ex_varning_not_with_draw", self.lang), rules=("O9",))
            return
        self.attempt_move(Move.draw())

    @guarded
    def _on_pass(self, _: object = None) -> None:
        self.attempt_move(Move.pass_(lappen=self.lappen_button.value, varning=self.varning_button.value))

    @guarded
    def _on_answer(self, _: object = None) -> None:
        lang = self.lang
        moves = self.solve()
        if moves is None:
            self._show("info", t("ex_no_answer", lang))
            return
        chips = " ".join(svg.move_html(m, size=44, lang=lang) for m in moves)
        self._show("info", t("ex_answer", lang), [chips])

    # -- judging -------------------------------------------------------------------------------

    def attempt_move(self, move: Move | str) -> str:
        """Try ``move`` (a Move or its notation) as the learner's next move; returns the new
        status: ``"illegal"``, ``"legal"`` (the turn goes on), ``"right"`` or ``"miss"``."""
        lang = self.lang
        if self.status in ("right", "miss"):
            self._restart()
        try:
            move = Move.parse(move)
        except InvalidMoveError as error:
            self._show("illegal", t("ex_not_a_move", lang), [html.escape(str(error))])
            return self.status
        before = self.game
        trial = before.copy()
        try:
            verdict = trial.play(move)
        except IllegalMoveError as error:
            verdict = error.verdict
        self.verdict = verdict
        if not verdict.legal:
            lines = [html.escape(line) for line in sentences(verdict.lines(lang))]
            self._show("illegal", t("ex_not_allowed", lang), lines, verdict.rules)
            self.message = verdict.text(lang)
            self._keep(before, move)
            return self.status
        attempt = self.attempt.copy()
        attempt.game = trial
        attempt.moves.append(move)
        attempt.verdicts.append(verdict)
        events = list(verdict.events)
        attempt.events.extend(events)
        self.attempt = attempt
        lines = [html.escape(line) for line in sentences(told_lines(verdict, trial, lang, seat=self.seat))]
        rules = list(verdict.rules) + [e.rule for e in events if e.rule and e.rule not in verdict.rules]
        goal = self.goal
        if goal.each_move or attempt.turn_over:
            reached = bool(goal.test(attempt))
            if reached:
                self.status = "right"
                head = t("ex_right", lang)
            elif attempt.turn_over:
                self.status = "miss"
                head = t("ex_miss", lang)
                lines.insert(0, f"<em>{html.escape(goal.miss(lang, attempt))}</em>")
            else:
                self.status = "legal"
                head = t("ex_legal_go_on", lang)
        else:
            self.status = "legal"
            head = t("ex_legal_go_on", lang)
        self._render()
        self._show(self.status, head, lines, rules)
        self.message = verdict.text(lang)
        if self.status in ("right", "miss"):
            self._keep(before, move)
        return self.status

    def _keep(self, before: Game, move: Move) -> None:
        """Keep the answer in the learner's record and tell the ``answered`` callbacks; a
        star or a lesson earned is celebrated under the feedback."""
        news: list[str] = []
        if self.keeps:
            news = keep_answer(
                before, move, kind="exercise", asked=self.status == "right", item=self.item, lang=self.lang
            )
        for hear in list(self.answered):
            hear(before, move, self.status)
        if news:
            self.feedback.value += celebration_html(news, self.lang)

    def _show(self, status: str, head: str, lines: Sequence[str] = (), rules: Iterable[str] = ()) -> None:
        """Write the feedback box. ``lines`` are HTML (escaped by the caller). An ``"info"``
        box (nothing selected, an answer shown) leaves the exercise's status as it was."""
        if status != "info":
            self.status = status
        self.message = head
        self.feedback.value = feedback_box(
            status, head, lines, [r for r in dict.fromkeys(rules) if r], self.lang
        )

    # -- answers ------------------------------------------------------------------------------

    def solve(self, *, max_depth: int = 6, max_nodes: int = 20_000) -> list[Move] | None:
        """The shortest list of moves (one turn) that reaches the goal, found by playing the
        engine's legal moves on copies, or ``None``. Ordinary plays are tried first."""
        if self._searched:
            return self._solution
        start = Attempt(self.position, self.position.copy(), self.seat)
        queue: deque[Attempt] = deque([start])
        nodes = 0
        found: list[Move] | None = None
        while queue and found is None:
            attempt = queue.popleft()
            if len(attempt.moves) >= max_depth:
                continue
            for move in sorted(attempt.game.legal_moves(), key=_move_order):
                nodes += 1
                if nodes > max_nodes:
                    queue.clear()
                    break
                trial = attempt.game.copy()
                verdict = trial.play(move)
                nxt = attempt.copy()
                nxt.game = trial
                nxt.moves.append(move)
                nxt.verdicts.append(verdict)
                nxt.events.extend(trial.events())
                if (self.goal.each_move or nxt.turn_over) and self.goal.test(nxt):
                    found = nxt.moves
                    self._solved_attempt = nxt
                    break
                if not nxt.turn_over:
                    queue.append(nxt)
        self._solution, self._searched = found, True
        return found

    @property
    def practises(self) -> tuple[str, ...]:
        """The rule ids this exercise practises: those named with ``rules=``, the variants
        and options switched on, the goal's, and those the engine cites for an answer."""
        ids = list(self.extra_rules) + list(self.position.rules.ids()) + list(self.goal.rules)
        if self.solve() is not None:
            attempt = self._solved_attempt
            for verdict in attempt.verdicts:
                ids += verdict.rules
            ids += [e.rule for e in attempt.events if e.rule]
        return tuple(dict.fromkeys(ids))


# -- a match to look at ------------------------------------------------------------------------


def play_match(
    bots: Sequence[str],
    *,
    seed: int,
    rules: Rules | None = None,
    names: Sequence[str] | None = None,
    max_rounds: int = 200,
) -> Match:
    """A whole game to 100 (S2, or O3 with ``rules``) played by computer players
    (``vandatta.ai``: "random", "beginner", "expert", "strong"), seeded, for a lesson to
    look at and ask about. Every move goes through the engine's checked ``play``."""
    from vandatta.ai import make_player, play_round

    players = [make_player(name, seed=seed * 10 + i) for i, name in enumerate(bots)]
    match = Match(len(players), seed=seed, rules=rules, names=names)
    while True:
        play_round(match.game, [players[s] for s in match.seats], notes=False)
        if match.is_over or match.round_number >= max_rounds:
            return match
        match.next_round()
