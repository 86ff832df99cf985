"""Rule chips and word chips (the lessons, Spela, the replay, the tables): a rule id (R4) or a hard word (talong) as a small
chip that a child taps to read the rule, or the word, in a child's words.

A chip is an HTML ``<details>`` element: it opens and closes without JavaScript, with a tap, a
click or the keyboard (Enter or Space on its ``<summary>``), in Voilà, JupyterLab and on the
static site alike. What it says comes from the catalog (``widgets/base/words/``, keys
``rule_R4_says`` and ``chip_word_talong`` / ``chip_word_talong_says``): a lesson names only the
rule id or the word, never its text. The looks are style.css's (``.vd-chips``, ``.vd-chip``).

- :func:`chips` — a row of chips under a paragraph: ``chips("R2", "talong", lang=LANG)``.
- :func:`told` — the computer's own explanation (a :class:`~vandatta.Verdict`, the lines of
  :func:`~vandatta.narrate`) as sentences in the normal font, each sentence's rule ids moved out
  of it into chips at its end.

>>> row = chips("R4", "valor", lang="en")
>>> row.keys
('R4', 'valor')
>>> print(row)
R4 — Lay a card of the same suit or the same rank as the top card of the pile.
rank — What the card is: ace, two, three and so on up to ten, jack, queen and king.
>>> chips("R42", lang="en")
Traceback (most recent call last):
...
vandatta_widgets.base.chips.UnknownChip: no chip for 'R42': a rule id (R1, R2, …) or a word: talong, hog, …
>>> print(told(["1. Anna: 7♥ – 7♥ on 7♣: same rank (R4); Anna goes out (R9)."], lang="en"))
1. Anna: 7♥ – 7♥ on 7♣: same rank; Anna goes out. [R4 R9]
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from html import escape

from vandatta import RULE_IDS, Verdict
from vandatta.lang import check_lang
from vandatta.rules import rule_title

from .i18n import UI, t

__all__ = [
    "Chips",
    "Told",
    "UnknownChip",
    "WORDS",
    "chips",
    "chip_html",
    "chip_row_html",
    "chip_words",
    "told",
    "uncited",
    "without_citations",
]

#: The words a chip can explain (catalog ``chip_word_<key>``), in the order of the glossary.
WORDS: tuple[str, ...] = tuple(
    key.removeprefix("chip_word_")
    for key in UI
    if key.startswith("chip_word_") and not key.endswith("_says") and key != "chip_word_name"
)

# The engine cites rules after a phrase as " (R4)" or " (R4, R9)" (vandatta.explain).
CITATION = re.compile(r" \(((?:[RVSO]\d{1,2})(?:, [RVSO]\d{1,2})*)\)")


class UnknownChip(ValueError):
    """A chip was asked for something that is neither a rule id nor a word of :data:`WORDS`."""


def _check(key: str) -> str:
    if key in RULE_IDS or key in WORDS:
        return key
    raise UnknownChip(f"no chip for {key!r}: a rule id (R1, R2, …) or a word: {', '.join(WORDS[:2])}, …")


def _label_and_text(key: str, lang: str) -> tuple[str, str, str]:
    """(what the chip shows, its name for a screen reader, what it says when opened)."""
    if key in RULE_IDS:
        title = rule_title(key, lang)
        name = t("chip_rule_name", lang, rule=key, title=title)
        # a rule no lesson names yet may have no child's wording: its title says what it is
        return key, name, t(f"rule_{key}_says", lang) if f"rule_{key}_says" in UI else title
    word = t(f"chip_word_{key}", lang)
    return word, t("chip_word_name", lang, word=word), t(f"chip_word_{key}_says", lang)


def chip_words(key: str, lang: str) -> tuple[str, str, str]:
    """What a chip shows, its name for a screen reader and what it says when opened.

    >>> chip_words("R4", "en")[:2]
    ('R4', 'Rule R4: Same suit or same rank')
    """
    return _label_and_text(_check(key), check_lang(lang))


def chip_html(key: str, lang: str) -> str:
    """One chip: a ``<details>`` whose ``<summary>`` shows the rule id or the word."""
    label, name, text = _label_and_text(_check(key), check_lang(lang))
    kind = "rule" if key in RULE_IDS else "word"
    return (
        f'<details class="vd-chip vd-chip-{kind}">'
        f'<summary aria-label="{escape(name)}" title="{escape(name)}">{escape(label)}</summary>'
        f'<span class="vd-chip-says" lang="{lang}">{escape(text)}</span></details>'
    )


def _row_html(keys: Iterable[str], lang: str) -> str:
    return f'<div class="vd-chips" lang="{lang}">{"".join(chip_html(k, lang) for k in keys)}</div>'


class Chips:
    """A row of chips, shown by a notebook under the paragraph that names them."""

    def __init__(self, keys: Iterable[str], lang: str) -> None:
        self.lang = check_lang(lang)
        self.keys = tuple(_check(k) for k in dict.fromkeys(keys))

    def _repr_html_(self) -> str:
        return _row_html(self.keys, self.lang)

    def __str__(self) -> str:
        return "\n".join(" — ".join(_label_and_text(k, self.lang)[::2]) for k in self.keys)

    def __repr__(self) -> str:
        return f"chips({', '.join(map(repr, self.keys))}, lang={self.lang!r})"


def chips(*keys: str, lang: str) -> Chips:
    """Chips for rule ids (``"R4"``) and words of :data:`WORDS` (``"talong"``), in ``lang``."""
    return Chips(keys, lang)


def without_citations(line: str) -> tuple[str, tuple[str, ...]]:
    """A line of the engine's text without its rule citations, and the rule ids it cited.

    >>> without_citations("5♥ on 7♥: same suit, hearts (R4).")
    ('5♥ on 7♥: same suit, hearts.', ('R4',))
    """
    cited = [rule for group in CITATION.findall(line) for rule in group.split(", ")]
    return CITATION.sub("", line), tuple(dict.fromkeys(cited))


def uncited(lines: Iterable[str]) -> tuple[list[str], tuple[str, ...]]:
    """Lines without their rule citations, and every rule id they cited (each once, in order):
    the sentences a child reads, and the chips shown after them.

    >>> uncited(["Six cards (R2).", "An ace (R7, R2)."])
    (['Six cards.', 'An ace.'], ('R2', 'R7'))
    """
    texts: list[str] = []
    rules: list[str] = []
    for line in lines:
        text, cited = without_citations(line)
        texts.append(text)
        rules.extend(cited)
    return texts, tuple(dict.fromkeys(r for r in rules if r in RULE_IDS))


def chip_row_html(rules: Iterable[str], lang: str) -> str:
    """A row of rule chips to tap (``""`` for none): what follows sentences whose rule ids
    were taken out of them (:func:`uncited`)."""
    keys = tuple(_check(k) for k in dict.fromkeys(r for r in rules if r))
    return _row_html(keys, check_lang(lang)) if keys else ""


class Told:
    """The computer's sentences, in the normal font, each with its rule chips after it. Plain
    text (``str``) keeps the engine's own citations, as a check of the lesson compares it."""

    def __init__(self, lines: Iterable[str], lang: str) -> None:
        self.lang = check_lang(lang)
        self.lines = tuple(lines)

    def _repr_html_(self) -> str:
        items = []
        for line in self.lines:
            text, rules = without_citations(line)
            row = "".join(chip_html(r, self.lang) for r in rules if r in RULE_IDS)
            items.append(f'<li><span class="vd-told-text">{escape(text)}</span>{row}</li>')
        return f'<ul class="vd-told" lang="{self.lang}">{"".join(items)}</ul>'

    def __str__(self) -> str:
        out = []
        for line in self.lines:
            text, rules = without_citations(line)
            out.append(f"{text} [{' '.join(rules)}]" if rules else text)
        return "\n".join(out)

    def __repr__(self) -> str:
        return "\n".join(self.lines)


def told(*what: Verdict | str | Iterable[str], lang: str) -> Told:
    """What the computer says about moves: verdicts (their :meth:`~vandatta.Verdict.lines`),
    lines of text (a narration) or single lines, in order."""
    lines: list[str] = []

    def add(item: object) -> None:
        if isinstance(item, Verdict):
            lines.extend(item.lines(lang))
        elif isinstance(item, str):
            lines.append(item)
        elif isinstance(item, Iterable):
            for part in item:
                add(part)
        else:
            raise TypeError(f"told() tells verdicts and lines of text, not {type(item).__name__}")

    for item in what:
        add(item)
    return Told(lines, lang)
