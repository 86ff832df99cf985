"""The marks and rule chips of every feedback box: the play table's, the exercises', the
puzzles' and the quiz's. One table, so that "not allowed" wears the same ✘ on every screen.
And a reason's text as HTML with its red suits red (:func:`suit_spans`).

>>> mark("illegal"), mark("right"), mark("wrong")
('✘', '✔', '➜')
>>> mark("maybe")
Traceback (most recent call last):
...
ValueError: a feedback is one of right, legal, step, miss, wrong, illegal, info, error, not 'maybe'
>>> print(rule_chips_html(["R4", "R4"], "en"))
<span class="vd-rule" title="Same suit or same rank">R4 · Same suit or same rank</span>
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from vandatta.rules import rule_title

__all__ = ["MARKS", "mark", "rule_chips_html", "suit_spans"]

# what a box says: well done or allowed (✔), not what was asked (➜), not allowed (✘),
# something to know (ℹ), something went wrong (⚠)
MARKS = {
    "right": "✔",
    "legal": "✔",
    "step": "✔",
    "miss": "➜",
    "wrong": "➜",
    "illegal": "✘",
    "info": "ℹ",
    "error": "⚠",
}


def mark(kind: str) -> str:
    """The mark a feedback box of ``kind`` starts with."""
    try:
        return MARKS[kind]
    except KeyError:
        raise ValueError(f"a feedback is one of {', '.join(MARKS)}, not {kind!r}") from None


def rule_chips_html(rules: Iterable[str], lang: str) -> str:
    """A chip per rule (each once, in order): its id and its title in ``lang``."""
    return "".join(
        f'<span class="vd-rule" title="{escape(rule_title(r, lang))}">{escape(r)} · {escape(rule_title(r, lang))}</span>'
        for r in dict.fromkeys(r for r in rules if r)
    )


def suit_spans(text: str) -> str:
    """Escape ``text`` and colour its ♥ ♦ red (the ♠ ♣ stay black).

    >>> suit_spans("7♥ <b>")
    '7<span class="vd-red">♥</span> &lt;b&gt;'
    """
    out = escape(text)
    for symbol in ("♥", "♦"):
        out = out.replace(symbol, f'<span class="vd-red">{symbol}</span>')
    return out
