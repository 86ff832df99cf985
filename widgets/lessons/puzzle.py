"""Puzzles to practise on: a position with one answer, answered by the rules themselves.

:class:`PuzzleBoard` shows one puzzle of :mod:`vandatta.ai.puzzles` at a time: the task, the
pile and the talon, the other players (the next player's cards face up when the puzzle is
about them), the rules switched on, and your hand as one clickable
:class:`~vandatta_widgets.controls.hand.HandView`, with the eight's big buttons
(:class:`~vandatta_widgets.controls.declare.EightDeclaration`) when an eight is chosen. Every try goes to the
puzzle and the rules (:meth:`vandatta.Puzzle.attempt`):

- a move the rules refuse is answered with their own explanation (``Verdict``, with its rule
  ids) and a hint toward that rule; nothing changes;
- an allowed move that is not the answer gets the rules' explanation of what it does, what
  it would have led to ("Player 2 can lay 9♦: …", "5♠ still in your hand") and a hint toward
  the idea (never the answer) — the next wrong try gets the next hint;
- the answer's move is played, with the rules' explanation and what followed (the others
  draw after an ace), until the puzzle is solved.

A level choice (1 easy – 3 hard) picks the puzzles; "Next puzzle" goes round them. A puzzle
solved counts as solved, also after wrong tries ("Lösta" / "Solved": each puzzle once, not
when the answer was looked at); the streak counts the puzzles solved in a row on the first
try ("På första försöket i rad" / "First try in a row"), and the best streak stays for the
session. A puzzle solved after a wrong try is praised for the fight and told how a new row
begins, never "in a row: 0".

>>> board = PuzzleBoard(lang="en", level=1)
>>> board.puzzle.key
'go_out-1-1'
>>> board.try_move("4♥ 4♣")                      # 4♥ does not fit on Q♣
'illegal'
>>> print(board.feedback_text())                 # doctest: +ELLIPSIS
✘ Not allowed 4♥ does not fit: it has neither the suit ♣ nor the rank Q (R4). Hint: A card fits ...
>>> board.try_move("4♣ 4♥")
'solved'
>>> board.solved, board.streak, board.best       # solved; a wrong try came first: no streak yet
(1, 0, 0)
>>> board.next_button.click(); board.try_move(board.puzzle.solution[0].move)
'step'

The browser writes only what its controls are for: the hand's ``selected`` (checked by the
hand), the eight's suit and rank (checked by the declaration), and the level buttons' value,
checked here before use; every text is escaped and put in :class:`~vandatta_widgets.base.safe.HTML`, whose
value only Python writes. Errors in callbacks are shown in the board (ipywidgets would swallow
them). Looks come from ``widgets/base/style.css`` ("puzzles").
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

import ipywidgets as w

from vandatta import Card, InvalidMoveError, Move, svg
from vandatta.ai.puzzles import LEVELS, Puzzle, PuzzleTry, by_level, load_puzzles, words
from vandatta.lang import check_lang
from vandatta.rules import rule_title

from ..base.chips import uncited
from ..base.feedback import mark, rule_chips_html
from ..base.i18n import UI, sentences, t
from ..base.safe import HTML
from ..base.screen import Lang, guarded
from ..base.style import stylesheet
from ..controls.declare import EightDeclaration
from ..controls.hand import HandView
from ..controls.speech import ReadAloud
from ..controls.table import PileView, TableView
from ..path.session import keep_answer
from ..play.turn import told_lines

__all__ = ["PuzzleBoard"]

# The board's own words are the UI catalog's ``pb_…`` (the puzzles' tasks, misses and hints are the
# engine's, ``puzzle_…`` in vandatta.messages).


def _w(key: str, lang: str, **params: object) -> str:
    text = UI["pb_" + key][lang]
    return text.format(**params) if params else text


_BUTTON = {"layout": w.Layout(width="auto", min_height="44px")}


class PuzzleBoard(w.VBox):
    """Practise the puzzles of one level at a time (see the module's docstring).

    ``puzzles`` defaults to the shipped set (:func:`vandatta.load_puzzles`); a lesson may
    pass a few of them (then only the levels they have are offered). ``level`` is the level
    shown first (the lowest offered, if it has no puzzles here). Worth knowing for tests and scripts: :attr:`puzzle`, :attr:`done` (the
    answer's moves made so far), :attr:`status` (``"new"``, ``"step"``, ``"solved"``,
    ``"wrong"``, ``"illegal"``, ``"shown"``), :attr:`streak`, :attr:`best`, :meth:`try_move`,
    the controls (:attr:`level_buttons`, :attr:`hand`, :attr:`declaration`, :attr:`lay_button`,
    :attr:`draw_button`, :attr:`hint_button`, :attr:`answer_button`, :attr:`next_button` …)
    and :attr:`errors` (tracebacks a callback caught).
    """

    lang = Lang()
    # what the feedback pane says: its kind and, per language, (title, lines, rule ids, hint)
    _feedback: tuple[str, Callable[[str], tuple]] | None

    def __init__(
        self, puzzles: Sequence[Puzzle] | None = None, *, lang: str = "sv", level: int = 1, **kwargs
    ):
        check_lang(lang)
        if level not in LEVELS or isinstance(level, bool):
            raise ValueError(f"a level is 1, 2 or 3, not {level!r}")
        kwargs.setdefault("layout", w.Layout(width="100%"))
        kwargs["_dom_classes"] = (*kwargs.get("_dom_classes", ()), "vd-puzzle", "vd-ui")
        super().__init__(**kwargs)
        self.set_trait("lang", lang)
        self.errors: list[str] = []
        self._relabelling = False
        all_puzzles = tuple(load_puzzles() if puzzles is None else puzzles)
        self._levels = {n: by_level(all_puzzles, n) for n in LEVELS}
        self._index = dict.fromkeys(LEVELS, 0)
        # the levels offered: those with puzzles (all three when there are none at all)
        self.levels = tuple(n for n in LEVELS if self._levels[n]) or LEVELS
        self.level = level if level in self.levels else self.levels[0]
        self.streak = 0
        self.best = 0
        self._solved: set[str] = set()  # the puzzles solved without looking at the answer
        self._build()
        self._start(self._current())
        self.observe(self._on_lang, names="lang")

    def _report(self, error: BaseException) -> None:
        """A guarded callback failed (vandatta_widgets.base.screen.guarded): say so where the feedback goes."""
        detail = f"{type(error).__name__}: {error}"
        self._feedback = ("error", lambda lang: (t("error", lang), [detail], (), ""))
        self._render_feedback()

    # -- building ------------------------------------------------------------------------------

    def _build(self) -> None:
        lang = self.lang
        self.intro = HTML(_dom_classes=("vd-pz-intro",))
        self.level_label = HTML(_dom_classes=("vd-pz-level-label",))
        self.level_buttons = w.ToggleButtons(
            options=[(_w(f"level_{n}", lang), n) for n in self.levels],
            value=self.level,
            style={"button_width": "auto"},
            layout=w.Layout(width="auto"),
            _dom_classes=("vd-pz-levels",),
        )
        self.streak_view = HTML(_dom_classes=("vd-pz-streak",))
        head = w.HBox(
            [self.level_label, self.level_buttons, self.streak_view],
            layout=w.Layout(width="100%"),
            _dom_classes=("vd-pz-head",),
        )
        self.task = HTML(_dom_classes=("vd-pz-task",))
        self.pile_view = PileView(lang=lang, size=110)
        self.seats_view = TableView(lang=lang, view="seats")
        table = w.HBox([self.pile_view, self.seats_view], _dom_classes=("vd-pz-table", "vd-on-dark"))
        self.hand_label = HTML(_dom_classes=("vd-pz-hand-label",))
        self.hand = HandView(cards=[], size=96, lang=lang, _dom_classes=("vd-pz-hand",))
        self.selection = HTML(_dom_classes=("vd-pz-selection",))
        self.declaration = EightDeclaration(lang=lang)
        self.declaration.layout.display = "none"
        # the views that speak follow the board's language through links, before _on_lang
        # redraws; the pile and the seats are drawn in it by _render
        for view in (self.declaration, self.hand):
            w.dlink((self, "lang"), (view, "lang"))
        self.lay_button = w.Button(button_style="primary", _dom_classes=("vd-pz-lay",), **_BUTTON)
        self.draw_button = w.Button(_dom_classes=("vd-pz-draw",), **_BUTTON)
        self.clear_button = w.Button(_dom_classes=("vd-pz-clear",), **_BUTTON)
        self.hint_button = w.Button(_dom_classes=("vd-pz-hint",), **_BUTTON)
        self.restart_button = w.Button(_dom_classes=("vd-pz-restart",), **_BUTTON)
        self.answer_button = w.Button(_dom_classes=("vd-pz-answer",), **_BUTTON)
        self.next_button = w.Button(_dom_classes=("vd-pz-next",), **_BUTTON)
        buttons = w.HBox(
            [
                self.lay_button,
                self.draw_button,
                self.clear_button,
                self.hint_button,
                self.restart_button,
                self.answer_button,
                self.next_button,
            ],
            _dom_classes=("vd-pz-buttons",),
        )
        self.moves_view = HTML(_dom_classes=("vd-pz-moves",))
        self.feedback = HTML(_dom_classes=("vd-pz-feedback",))
        self.read_aloud = ReadAloud(lang=self.lang).follow(self.task, self.feedback)  # the browser's voice
        self.children = [
            stylesheet(),
            self.intro,
            head,
            self.task,
            table,
            self.hand_label,
            self.hand,
            self.selection,
            self.declaration,
            buttons,
            self.feedback,
            self.read_aloud,
            self.moves_view,
        ]
        self.level_buttons.observe(self._on_level, names="value")
        self.hand.observe(self._on_select, names="selected")
        self.lay_button.on_click(self._on_lay)
        self.draw_button.on_click(self._on_draw)
        self.clear_button.on_click(self._on_clear)
        self.hint_button.on_click(self._on_hint)
        self.restart_button.on_click(self._on_restart)
        self.answer_button.on_click(self._on_answer)
        self.next_button.on_click(self._on_next)

    # -- state ---------------------------------------------------------------------------------

    def puzzles(self, level: int | None = None) -> list[Puzzle]:
        """The puzzles of ``level`` (default: the level shown), in the order they come."""
        return list(self._levels[self.level if level is None else level])

    def _current(self) -> Puzzle | None:
        row = self._levels[self.level]
        return row[self._index[self.level] % len(row)] if row else None

    def _start(self, puzzle: Puzzle | None) -> None:
        self.puzzle = puzzle
        self.done: list[Move] = []
        self.wrong = 0  # wrong tries of this puzzle
        self.hints = 0  # hints given for this puzzle
        self.status = "new"
        self.counted = False  # the streak has been told about this puzzle
        self.looked = False  # the answer was shown: solving it then is no achievement
        self.game = puzzle.game() if puzzle is not None else None
        self._feedback = None
        self.declaration.clear()
        if puzzle is not None:
            self.declaration.suit_only = puzzle.rules.suit_only_eights
        self._render()

    def _break_streak(self) -> None:
        if not self.counted:
            self.counted = True
            self.streak = 0

    # -- what a child does ------------------------------------------------------------------------

    def try_move(self, move: Move | str) -> str:
        """Try ``move`` (a Move or its notation) as the next move; returns the new status."""
        puzzle = self.puzzle
        if puzzle is None:
            return self.status
        if self.status == "solved":
            self._say("info", lambda lang: (_w("done_already", lang), [], (), ""))
            return self.status
        try:
            result = puzzle.attempt(self.done, move)
        except InvalidMoveError as error:
            detail = str(error)
            self._say("illegal", lambda lang: (_w("illegal", lang), [detail], (), words("rule_other", lang)))
            return self.status
        # each try kept in the learner's record (issue 41): the rating and practice come from it
        keep_answer(
            puzzle.game_after(self.done), result.move, kind="puzzle", asked=result.right, item=puzzle.key
        )
        if result.right:
            self._take(puzzle, result)
        else:
            self._miss(puzzle, result)
        return self.status

    def _take(self, puzzle: Puzzle, result: PuzzleTry) -> None:
        game = self.game
        if game is None:  # pragma: no cover - a puzzle always has its game
            return
        verdict = game.play(result.move)
        self.done.append(result.move)
        mover = puzzle.mover

        def lines(lang: str) -> list[str]:  # the rules' reasons, then what followed (told once)
            return sentences(told_lines(verdict, game, lang, seat=mover))

        rules = verdict.rules
        if result.status == "solved":
            self.status = "solved"
            first_try = not self.counted
            if first_try:
                self.counted = True
                self.streak += 1
                self.best = max(self.best, self.streak)
            if not self.looked:
                self._solved.add(puzzle.key)
            streak = self.streak

            def praise(lang: str) -> str:
                if first_try:
                    return _w("solved_first_try", lang, n=streak)
                return "" if self.looked else _w("solved_after_tries", lang)

            self._feedback = (
                "right",
                lambda lang: (_w("right", lang), [*lines(lang), praise(lang)], rules, ""),
            )
        else:
            self.status = "step"
            self._feedback = (
                "step",
                lambda lang: (_w("step", lang), [*lines(lang), _w("step_more", lang)], rules, ""),
            )
        self._render()

    def _miss(self, puzzle: Puzzle, result: PuzzleTry) -> None:
        self.wrong += 1
        self._break_streak()
        verdict = result.verdict
        rules = verdict.rules
        if result.status == "illegal":
            self.status = "illegal"
            self._feedback = (
                "illegal",
                lambda lang: (
                    _w("illegal", lang),
                    sentences(verdict.lines(lang)),
                    rules,
                    f"{result.rule_hint(lang)} {_w('try_again', lang)}",
                ),
            )
        else:
            self.status = "wrong"
            number = self.hints
            self.hints += 1
            outcome = result.outcome

            def body(lang: str) -> tuple:
                said = sentences(verdict.phrases(lang))
                miss = outcome.text(lang) if outcome is not None else ""
                return (_w("wrong", lang), [*said, miss], rules, puzzle.hint(number, lang))

            self._feedback = ("wrong", body)
        self._render()

    def show_hint(self) -> None:
        """A hint toward the idea (the next one each time); it does not break the streak."""
        if self.puzzle is None:
            return
        number = self.hints
        self.hints += 1
        puzzle = self.puzzle
        self._say("info", lambda lang: (t("hint", lang), [], (), puzzle.hint(number, lang)))

    def show_answer(self) -> None:
        """Show the answer in words and cards; the streak starts again from zero."""
        if self.puzzle is None:
            return
        self._break_streak()
        self.looked = True
        if self.status != "solved":
            self.status = "shown"
        puzzle = self.puzzle
        chips = ' <span aria-hidden="true">›</span> '.join(
            svg.move_html(move, size=44, lang=self.lang) for move in puzzle.answer_moves()
        )

        def body(lang: str) -> tuple:
            return (_w("the_answer", lang), [puzzle.answer_text(lang)], (), _w("shown", lang), chips)

        self._feedback = ("info", body)
        self._render()

    def _leave(self) -> None:
        if self.puzzle is not None and not self.counted and self.status != "new":
            self._break_streak()  # left unsolved after trying

    def next_puzzle(self) -> None:
        """The next puzzle of this level (round again after the last)."""
        self._leave()
        self._index[self.level] += 1
        self._start(self._current())

    def restart(self) -> None:
        """The same puzzle from its start (the streak remembers what happened)."""
        counted, looked = self.counted, self.looked  # a wrong try or a look at the answer still counts
        self._start(self.puzzle)
        self.counted, self.looked = counted, looked

    def set_level(self, level: int) -> None:
        """Show the puzzles of ``level`` (1–3, one of :attr:`levels`), where you left that level."""
        if level not in self.levels or isinstance(level, bool):
            raise ValueError(f"a level here is one of {', '.join(map(str, self.levels))}, not {level!r}")
        if self.level_buttons.value != level:
            self.level_buttons.value = level  # comes back through _on_level
            return
        if level != self.level:
            self._leave()
        self.level = level
        self._start(self._current())

    # -- callbacks (every one guarded) -----------------------------------------------------------

    @guarded
    def _on_level(self, change: dict) -> None:
        if self._relabelling:
            return
        value = change.get("new")
        if value not in self.levels or isinstance(value, bool):
            shown = repr(value)[:20]
            self._say("error", lambda lang: (_w("bad_level", lang, value=shown), [], (), ""))
            return
        if value != self.level:
            self._leave()
        self.level = value
        self._start(self._current())

    @guarded
    def _on_select(self, change: object = None) -> None:
        chosen = self.hand.selected_cards
        show = bool(chosen) and chosen[-1].is_eight and self.status != "solved"
        self.declaration.layout.display = "" if show else "none"
        self._render_selection()

    @guarded
    def _on_lay(self, _button: object = None) -> None:
        cards = self.hand.selected_cards
        if not cards:
            self._say("info", lambda lang: (_w("nothing_chosen", lang), [], (), ""))
            return
        declare = None
        if cards[-1].is_eight:
            declare = self.declaration.declaration
        try:
            move = Move.play(cards, declare=declare)
        except InvalidMoveError as error:
            detail = str(error)
            self._say("illegal", lambda lang: (_w("illegal", lang), [detail], (), ""))
            return
        self.try_move(move)

    @guarded
    def _on_draw(self, _button: object = None) -> None:
        self.try_move(Move.draw())

    @guarded
    def _on_clear(self, _button: object = None) -> None:
        self.hand.clear()

    @guarded
    def _on_hint(self, _button: object = None) -> None:
        self.show_hint()

    @guarded
    def _on_restart(self, _button: object = None) -> None:
        self.restart()

    @guarded
    def _on_answer(self, _button: object = None) -> None:
        self.show_answer()

    @guarded
    def _on_next(self, _button: object = None) -> None:
        self.next_puzzle()

    @guarded
    def _on_lang(self, change: dict) -> None:
        with self.hold_sync():
            self._render()

    # -- drawing -----------------------------------------------------------------------------------

    def _say(self, kind: str, body: Callable[[str], tuple]) -> None:
        self._feedback = (kind, body)
        self._render_feedback()

    def _render(self) -> None:
        lang, puzzle, game = self.lang, self.puzzle, self.game
        with self.hold_sync():
            self.read_aloud.lang = lang
            self.intro.value = f'<p class="vd-pz-help">{html.escape(_w("intro", lang))}</p>'
            self.level_label.value = f'<span class="vd-pz-level-word">{html.escape(_w("level", lang))}</span>'
            self._relabel_levels()
            self.lay_button.description = t("play_cards", lang)
            self.draw_button.description = t("draw", lang)
            self.clear_button.description = t("clear", lang)
            self.hint_button.description = t("hint", lang)
            self.hint_button.tooltip = _w("hint_tip", lang)
            self.restart_button.description = t("ex_start_over", lang)
            self.restart_button.tooltip = _w("restart_tip", lang)
            self.answer_button.description = _w("answer", lang)
            self.answer_button.tooltip = _w("answer_tip", lang)
            self.next_button.description = _w("next", lang)
            self.next_button.tooltip = _w("next_tip", lang)
            self._render_streak()
            if puzzle is None or game is None:
                self.task.value = f"<p>{html.escape(_w('none', lang))}</p>"
                self.hand.cards = []
                self._render_feedback()
                return
            self._render_task()
            self.pile_view.update(game, lang=lang)
            mover = puzzle.mover
            self.seats_view.viewer = puzzle.open_seats[0] if puzzle.open_seats else None
            self.seats_view.update(game, lang=lang, skip=[mover])
            self.hand_label.value = (
                f'<div class="vd-pz-hand-title">{html.escape(_w("your_hand", lang))} '
                f'<span class="vd-pz-hand-name">({html.escape(game.player_name(mover, lang))})</span></div>'
            )
            solved = self.status == "solved"
            self.hand.selected = []
            self.hand.cards = list(game.hand(mover)) if not game.is_over or game.winner != mover else []
            self.hand.clickable = not solved
            for button in (self.lay_button, self.draw_button, self.clear_button, self.hint_button):
                button.disabled = solved
            self.answer_button.disabled = False
            self.lay_button.button_style = "" if solved else "primary"
            self.next_button.button_style = "primary" if solved else ""
            if self.done:
                chips = ' <span aria-hidden="true">›</span> '.join(
                    svg.move_html(m, size=44, lang=lang) for m in self.done
                )
                self.moves_view.value = f'<div class="vd-pz-done"><span>{html.escape(_w("your_moves", lang))}</span> {chips}</div>'
            else:
                self.moves_view.value = ""
            self.moves_view.layout.display = None if self.done else "none"
            self.declaration.layout.display = "none"
            self._render_selection()
            self._render_feedback()

    def _relabel_levels(self) -> None:
        lang = self.lang
        options = tuple((_w(f"level_{n}", lang), n) for n in self.levels)
        if tuple(self.level_buttons.options) != options:
            # new labels make the buttons choose their first option: keep the level shown
            self._relabelling = True
            try:
                self.level_buttons.options = options
                self.level_buttons.value = self.level
            finally:
                self._relabelling = False
        self.level_buttons.tooltips = [_w("level_tip", lang)] * len(self.levels)

    def _render_task(self) -> None:
        lang, puzzle = self.lang, self.puzzle
        assert puzzle is not None
        row = self._levels[self.level]
        n = self._index[self.level] % len(row) + 1
        ids = puzzle.rules.ids()
        badges = "".join(
            f'<span class="vd-rule-badge" title="{html.escape(rule_title(i, lang))}">'
            f"{html.escape(i)} · {html.escape(rule_title(i, lang))}</span>"
            for i in ids
        )
        rules = (
            f'<div class="vd-rules"><span>{html.escape(_w("rules_on", lang))}</span>{badges}</div>'
            if ids
            else ""
        )
        self.task.value = (
            f'<div class="vd-pz-count">{html.escape(_w("count", lang, n=n, m=len(row)))}</div>'
            f'<div class="vd-pz-task-text" data-key="{html.escape(puzzle.key)}">{html.escape(puzzle.task(lang))}</div>'
            f"{rules}"
        )

    @property
    def solved(self) -> int:
        """How many puzzles were solved this session (each once; after wrong tries too)."""
        return len(self._solved)

    def _render_streak(self) -> None:
        lang = self.lang
        self.streak_view.value = (
            f'<div class="vd-pz-streak-box" title="{html.escape(_w("streak_tip", lang))}" '
            f'data-solved="{self.solved}" data-streak="{self.streak}" data-best="{self.best}">'
            f'<span class="vd-pz-solved">✔ {html.escape(_w("solved_count", lang, n=self.solved))}</span>'
            f' <span class="vd-pz-streak-now">★ {html.escape(_w("first_try_streak", lang, n=self.streak))}</span>'
            f' <span class="vd-pz-streak-best">{html.escape(_w("best", lang, n=self.best))}</span></div>'
        )

    def _render_selection(self) -> None:
        chosen: list[Card] = self.hand.selected_cards
        lang = self.lang
        parts = []
        if len(chosen) > 1:
            parts.append(_w("order", lang, cards=" → ".join(str(c) for c in chosen)))
        if chosen and chosen[-1].is_eight and not self.declaration.complete:
            parts.append(_w("choose_eight", lang))
        self.selection.value = "".join(f"<div>{html.escape(p)}</div>" for p in parts)
        self.selection.layout.display = None if parts else "none"

    def _render_feedback(self) -> None:
        self._render_streak()
        if self._feedback is None:
            self.feedback.value = ""
            self.feedback.layout.display = "none"  # an empty box would still take room
            return
        kind, body = self._feedback
        lang = self.lang
        parts = body(lang)
        head, lines, rules, hint = parts[:4]
        extra = parts[4] if len(parts) > 4 else ""  # trusted HTML (the cards of the answer)
        out = [
            f'<div class="vd-pz-box vd-pz-{kind}" role="status" aria-live="polite">',
            f'<div class="vd-pz-head-line"><span aria-hidden="true">{mark(kind)}</span> '
            f"<strong>{html.escape(head)}</strong></div>",
        ]
        lines, cited = uncited(line for line in lines if line)  # rule ids: chips, not in sentences
        rules = [*rules, *cited]
        out += [f'<div class="vd-pz-line">{html.escape(line)}</div>' for line in lines]
        if extra:
            out.append(f'<div class="vd-pz-cards">{extra}</div>')
        if rules:
            out.append(f'<div class="vd-pz-rules">{rule_chips_html(rules, lang)}</div>')
        if hint:
            out.append(
                f'<div class="vd-pz-hint-line"><strong>{html.escape(_w("hint_label", lang))}</strong> '
                f"{html.escape(hint)}</div>"
            )
        out.append("</div>")
        self.feedback.value = "".join(out)
        self.feedback.layout.display = None

    def feedback_text(self) -> str:
        """The feedback as plain text (for tests and screen-reader checks)."""
        if self._feedback is None:
            return ""
        kind, body = self._feedback
        parts = body(self.lang)
        head, lines, _rules, hint = parts[:4]
        text = [f"{mark(kind)} {head}", *[x for x in lines if x]]
        if hint:
            text.append(f"{_w('hint_label', self.lang)} {hint}")
        return " ".join(text)
