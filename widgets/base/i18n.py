"""Every word the widgets show, in Swedish and English, and the language switch.

The engine explains moves in both languages itself (``Verdict.text(lang)``); this catalog
(``UI``, assembled from one file per language: ``words/sv.py``, ``words/en.py``)
holds the UI's own words: button labels, tooltips, headings, the puzzle board's (``pb_…``), the
strategy lessons' (``sg_…``), what the teacher reads when serving (``srv_…``), the "full" page
(``full_…``) — the one catalog of the UI layer. Words follow the glossary (docs/glossary.md).

>>> t("next", "sv"), t("next", "en")
('Nästa', 'Next')
>>> t("move_n_of_m", "sv", n=3, m=40)
'Drag 3 av 40'
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from vandatta.lang import (
    LANGS,
    LocalText,
    UnknownLanguage,
    check_lang,
    decimal,
    genitive,
    join_words,
    percent,
    plural,
    plural_form,
    said_in,
)
from vandatta.lang import number_word as _number_word
from vandatta.messages import count, term

from .words import WORDS_BY_LANG

if TYPE_CHECKING:
    import ipywidgets as w

__all__ = [
    "UI",
    "t",
    "counted",
    "texts",
    "term",
    "count",
    "LANGS",
    "UnknownLanguage",
    "check_lang",
    "language_switch",
    "genitive",
    "join_words",
    "sentences",
    "number_word",
    "percent",
    "decimal",
    "plural",
    "LocalText",
    "visitor_lang",
]

# The languages, their check and the small words are the engine's (vandatta.lang), shared.

# Each language's words are in its own file (words/sv.py, words/en.py); Swedish names the keys.
UI: dict[str, dict[str, str]] = {
    key: {lang: WORDS_BY_LANG[lang][key] for lang in LANGS if key in WORDS_BY_LANG[lang]}
    for key in WORDS_BY_LANG["sv"]
}


def t(key: str, lang: str = "en", **params: object) -> str:
    """The UI word ``key`` in ``lang``, with ``{fields}`` filled in, each value said in
    ``lang`` (:func:`vandatta.lang.said_in`: a :class:`LocalText`, anything with a
    ``text(lang)``), as the engine's messages do.

    >>> t("rv_done", "sv", n=18, s=LocalText.of(lambda lang: decimal(0.94, lang)))
    'Klart: 18 beslut granskade på 0,9 sekunder.'
    """
    check_lang(lang)
    text = UI[key][lang]
    return text.format(**{name: said_in(value, lang) for name, value in params.items()}) if params else text


def counted(key: str, n: int, lang: str = "en", **params: object) -> str:
    """The UI word for ``n`` of something: ``key.one`` or ``key.other``, as ``n`` asks in ``lang``
    (:func:`vandatta.lang.plural_form`, the one place that chooses), with ``{n}`` filled in.

    >>> counted("lr_days", 1, "sv"), counted("lr_days", 4, "en")
    ('Du har övat en dag', 'You have practised on 4 days')
    """
    return t(f"{key}.{plural_form(n, lang)}", lang, n=n, **params)


def texts(key: str, **params: object) -> LocalText:
    """The UI word ``key`` in every language, as one value (``{fields}`` filled in as by :func:`t`).

    >>> texts("move_n_of_m", n=3, m=40)
    LocalText(sv='Drag 3 av 40', en='Move 3 of 40')
    """
    return LocalText.of(lambda lang: t(key, lang, **params))


def visitor_lang(query_lang: str | None, accept_language: str | None) -> str:
    """The visitor's language: ``?lang=`` if it is sv or en, else the first of sv/en in the
    browser's ``Accept-Language``, else Swedish.

    >>> visitor_lang(None, "en-GB,en;q=0.9,sv;q=0.8"), visitor_lang("sv", "en"), visitor_lang("xx", None)
    ('en', 'sv', 'sv')
    """
    if query_lang in LANGS:
        return query_lang
    for part in (accept_language or "").split(","):
        tag = part.split(";")[0].strip().lower()
        primary = tag.split("-")[0]
        if primary in LANGS:
            return primary
        if primary == "nb" or primary == "nn" or primary == "da":  # neighbours read Swedish
            return "sv"
    return "sv"


def sentences(lines: list[str] | tuple[str, ...]) -> list[str]:
    """Phrases made into sentences a child reads one at a time: a capital first letter and a
    full stop (``["du drar ett kort (R8)"]`` → ``["Du drar ett kort (R8)."]``)."""
    out = []
    for line in lines:
        line = str(line).strip()
        if not line:
            continue
        line = line[:1].upper() + line[1:]
        end = re.sub(r"\s*\([^()]*\)$", "", line)  # "… högen? (R2)" ends with its "?"
        if line[-1] not in ".!?…:" and end[-1:] not in ("!", "?", "…"):
            line += "."
        out.append(line)
    return out


def number_word(n: int, lang: str) -> str:
    """``number_word(4, "sv") == "fyra"``, counting people (``"en spelare"``, zero ``"noll"``);
    numbers above eight stay digits. The words are :func:`vandatta.lang.number_word`'s."""
    return _number_word(n, lang, gender="common")


def language_switch(
    value: str = "sv", *, button_width: str = "80px", classes: tuple[str, ...] = ()
) -> w.ToggleButtons:
    """The sv/en switch every composite view carries (``classes``: its CSS classes, given
    here rather than added afterwards, which would cost a message to the browser each).
    (ipywidgets is imported here, not above, so that the catalog loads without Jupyter.)"""
    import ipywidgets as w

    return w.ToggleButtons(
        options=[(t("language_name", lang), lang) for lang in LANGS],  # each named in itself
        value=value,
        tooltips=[t("language_switch_tip", lang) for lang in LANGS],
        style={"button_width": button_width},
        layout=w.Layout(width="auto"),
        _dom_classes=classes,
    )
