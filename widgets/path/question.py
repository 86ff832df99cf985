"""A practice question on screen (:class:`vandatta.ai.drills.Question`): for a rule no single move
decides — the players and the deck, the deal, who begins, the first card turned up, the points and
the game to 100. The question, a picture where there is one (the cards, the totals), a big button
per answer, and a sentence after the answer; the engine worked out which answer is right.

>>> import random
>>> from vandatta.ai.drills import make_drill
>>> question = make_drill("S1", random.Random(2))
>>> answered = []
>>> card = QuestionCard(question, lang="en", on_answer=lambda q, choice: answered.append(choice))
>>> card.prompt.value
'<div class="vd-prompt">The round is over, and these cards are left in your hand. How many points do you get?</div>'
>>> card.choose(card.question.choices.index(card.question.answer))
'right'
>>> answered == [question.answer], card.feedback.value.count("Right!"), all(b.disabled for b in card.buttons)
(True, 1, True)
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as w

from vandatta import svg
from vandatta.ai.drills import Question
from vandatta.cards import parse_cards
from vandatta.lang import check_lang

from ..base.chips import chip_row_html
from ..base.feedback import mark
from ..base.i18n import t, term
from ..base.safe import HTML

__all__ = ["QuestionCard", "choice_label"]


def choice_label(question: Question, choice: str, lang: str) -> str:
    """An answer as the child reads it: a number as it is, a player by name, what happens to
    the first card in words.

    >>> import random
    >>> from vandatta.ai.drills import make_drill
    >>> choice_label(make_drill("R11", random.Random(1)), "draw", "sv")
    'Alla drar ett kort'
    """
    if question.task == "starter":
        return t(f"lr_q_{choice}", lang)
    if question.task in ("first_player", "out"):
        return term("player", lang, n=choice, capital=True)
    return choice


def _picture(question: Question, lang: str) -> str:
    facts = question.facts
    if question.task == "points":
        return svg.hand(parse_cards(str(facts["cards"])), lang=lang, size=90)
    if question.task == "starter":
        return svg.card(parse_cards(str(facts["card"]))[0], lang=lang, size=110)
    before, points = facts.get("before"), facts.get("round")
    if question.task == "out" and isinstance(before, tuple) and isinstance(points, tuple):
        rows = "".join(
            f"<tr><th scope='row'>{html.escape(term('player', lang, n=i + 1, capital=True))}</th>"
            f"<td>{int(b)}</td><td>{int(p)}</td></tr>"
            for i, (b, p) in enumerate(zip(before, points))
        )
        head = (
            f"<tr><td></td><th scope='col'>{html.escape(t('lr_q_before', lang))}</th>"
            f"<th scope='col'>{html.escape(t('lr_q_round', lang))}</th></tr>"
        )
        return f'<table class="vd-q-totals">{head}{rows}</table>'
    return ""


class QuestionCard(w.VBox):
    """One :class:`~vandatta.ai.drills.Question`, answered once: ``on_answer(question, choice)``
    is called with the choice (the caller keeps it in the record)."""

    def __init__(
        self,
        question: Question,
        *,
        lang: str = "sv",
        on_answer: Callable[[Question, str], object] | None = None,
    ) -> None:
        super().__init__(_dom_classes=("vd-path-question", "vd-ui"))
        self.lang = check_lang(lang)
        self.question = question
        self.on_answer = on_answer
        facts = {k: v for k, v in question.facts.items() if isinstance(v, (int, str))}
        text = t(f"lr_task_{question.task}", lang, **facts)
        self.prompt = HTML(f'<div class="vd-prompt">{html.escape(text)}</div>')
        markup = _picture(question, lang)
        self.picture = HTML(markup, layout=w.Layout(display="" if markup else "none"))
        self.buttons = []
        for i, choice in enumerate(question.choices):
            label = choice_label(question, choice, lang)
            button = w.Button(
                description=label,
                tooltip=label,
                layout=w.Layout(width="auto", min_width="64px", min_height="44px", height="auto"),
                style={"font_size": "17px"},
            )
            button.add_class("vd-quiz-choice")
            button.on_click(lambda _b, i=i: self.choose(i))
            self.buttons.append(button)
        row = w.HBox(self.buttons, layout=w.Layout(flex_flow="row wrap", margin="6px 0"))
        row.add_class("vd-quiz-choices")
        self.feedback = HTML(_dom_classes=("vd-q-feedback",))
        self.children = [self.prompt, self.picture, row, self.feedback]

    def choose(self, index: int) -> str:
        """Answer with choice number ``index`` (a button's click); the question's verdict,
        ``"right"`` or ``"not_allowed"``. A second answer changes nothing."""
        question, lang = self.question, self.lang
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(question.choices):
            raise ValueError(f"no choice number {index!r}")
        if any(b.disabled for b in self.buttons):
            return "answered"
        choice = question.choices[index]
        verdict = question.judge(choice)
        right = verdict == "right"
        for i, button in enumerate(self.buttons):
            button.disabled = True
            label = choice_label(question, question.choices[i], lang)
            if i == index:
                button.description = f"{mark('right' if right else 'illegal')} {label}"
                button.button_style = "success" if right else "danger"
        head = (
            t("ex_right", lang)
            if right
            else t("lr_q_wrong", lang, answer=choice_label(question, question.answer, lang))
        )
        kind = "vd-path-say vd-path-ok" if right else "vd-path-say vd-path-warning"
        chip = chip_row_html((question.rule,), lang)  # the rule: a chip to tap, as everywhere
        self.feedback.value = f'<div class="{kind}" role="status"><b>{html.escape(head)}</b>{chip}</div>'
        if self.on_answer is not None:
            self.on_answer(question, choice)
        return verdict
