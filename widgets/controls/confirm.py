"""A question asked in the page before something is thrown away ("The round is not over. Start
a new one?"), with a yes and a no button — never a browser pop-up, which a Voilà page and a
tablet handle badly.

>>> bar = ConfirmBar(lang="en")
>>> answers = []
>>> bar.ask(lambda lang: "Start a new round?", on_yes=lambda: answers.append("yes"))
>>> bar.asking, bar.layout.display
(True, 'flex')
>>> bar.yes_button.click()
>>> answers, bar.asking, bar.layout.display
(['yes'], False, 'none')
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as w

from vandatta.lang import check_lang

from ..base.i18n import t
from ..base.safe import HTML

__all__ = ["ConfirmBar"]


class ConfirmBar(w.HBox):
    """A hidden row that shows a question with "Ja, …" / "Nej, …" buttons when :meth:`ask`
    is called. ``on_yes`` runs on yes; no just closes the question. The question and the
    buttons' words are functions of the language, so :meth:`relabel` re-words them in place.
    """

    def __init__(self, *, lang: str = "sv", **kwargs: object) -> None:
        check_lang(lang)
        self.question = HTML(layout=w.Layout(flex="1 1 260px", min_width="0"))
        self.yes_button = w.Button(button_style="warning", layout=w.Layout(width="auto"))
        self.no_button = w.Button(button_style="primary", layout=w.Layout(width="auto"))
        kwargs.setdefault("layout", w.Layout(display="none", flex_flow="row wrap", align_items="center"))
        super().__init__([self.question, self.yes_button, self.no_button], **kwargs)
        self.add_class("vd-confirm")
        self.lang = lang
        self._text: Callable[[str], str] | None = None
        self._yes: Callable[[], None] | None = None
        self._yes_word: Callable[[str], str] = lambda lang: t("confirm_yes", lang)
        self._no_word: Callable[[str], str] = lambda lang: t("confirm_no", lang)
        self.yes_button.on_click(self._on_yes)
        self.no_button.on_click(self._on_no)
        self.relabel(lang)

    @property
    def asking(self) -> bool:
        return self._text is not None

    def ask(
        self,
        text: Callable[[str], str],
        *,
        on_yes: Callable[[], None],
        yes: Callable[[str], str] | None = None,
        no: Callable[[str], str] | None = None,
    ) -> None:
        """Show ``text`` with the two buttons (their words ``yes``/``no``, or "Ja"/"Nej")."""
        self._text, self._yes = text, on_yes
        self._yes_word = yes or (lambda lang: t("confirm_yes", lang))
        self._no_word = no or (lambda lang: t("confirm_no", lang))
        self.relabel(self.lang)
        self.layout.display = "flex"

    def close_question(self) -> None:
        self._text = self._yes = None
        self.layout.display = "none"

    def relabel(self, lang: str) -> None:
        check_lang(lang)
        self.lang = lang
        text = self._text(lang) if self._text is not None else ""
        self.question.value = (
            f'<div class="vd-confirm-text" role="alert">{html.escape(text)}</div>' if text else ""
        )
        self.yes_button.description = self._yes_word(lang)
        self.no_button.description = self._no_word(lang)

    def _on_yes(self, _button: object = None) -> None:
        action = self._yes
        self.close_question()
        if action is not None:
            action()

    def _on_no(self, _button: object = None) -> None:
        self.close_question()
