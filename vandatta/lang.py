"""The two languages every text exists in, and the small words they are built from.

The engine and the UI (``vandatta_widgets.base.i18n`` re-exports these) check a language the same way and
count, name owners and join lists with the same words. Standard library only.

>>> check_lang("sv")
'sv'
>>> check_lang("de")
Traceback (most recent call last):
...
vandatta.lang.UnknownLanguage: unknown language 'de': use 'sv' or 'en'
>>> number_word(1, "sv"), number_word(0, "sv"), number_word(1, "sv", gender="common"), number_word(9, "en")
('ett', 'inga', 'en', '9')
>>> genitive("Spelare 2", "sv"), genitive("Alva", "sv"), genitive("Bess", "en")
('Spelare 2:s', 'Alvas', "Bess'")
>>> join_words(["Alva", "Bo", "Cleo"], "sv")
'Alva, Bo och Cleo'
"""

from __future__ import annotations

import os
from collections.abc import Mapping

__all__ = [
    "LANGS",
    "UnknownLanguage",
    "check_lang",
    "default_lang",
    "number_word",
    "genitive",
    "join_words",
    "said_in",
]

LANGS = ("sv", "en")


class UnknownLanguage(ValueError):
    """A language other than ``"sv"`` or ``"en"`` was asked for."""

    def __init__(self, lang: object) -> None:
        super().__init__(f"unknown language {lang!r}: use 'sv' or 'en'")
        self.lang = lang


def check_lang(lang: object) -> str:
    """``lang`` itself if it is ``"sv"`` or ``"en"``; else :class:`UnknownLanguage`."""
    if not isinstance(lang, str) or lang not in LANGS:
        raise UnknownLanguage(lang)
    return lang


# Zero to eight in words (higher numbers stay digits). Swedish counts a neuter noun ("inga
# kort", "ett kort": the engine's cards) differently from a common one ("en spelare"; zero
# said as "noll"): the two forms the texts have always used.
_NUMBER_WORDS = {
    "sv": ("inga", "ett", "två", "tre", "fyra", "fem", "sex", "sju", "åtta"),
    "en": ("no", "one", "two", "three", "four", "five", "six", "seven", "eight"),
}
_SV_COMMON = {0: "noll", 1: "en"}
GENDERS = ("neuter", "common")


def number_word(n: int, lang: str, *, gender: str = "neuter") -> str:
    """``n`` in words from zero to eight (``number_word(4, "sv") == "fyra"``), else digits.
    ``gender`` matters in Swedish only: ``"neuter"`` (``"ett kort"``, ``"inga kort"``) or
    ``"common"`` (``"en spelare"``, ``"noll"``)."""
    check_lang(lang)
    if gender not in GENDERS:
        raise ValueError(f"gender must be 'neuter' or 'common', not {gender!r}")
    if not isinstance(n, int) or not 0 <= n < len(_NUMBER_WORDS[lang]):
        return str(n)
    if lang == "sv" and gender == "common" and n in _SV_COMMON:
        return _SV_COMMON[n]
    return _NUMBER_WORDS[lang][n]


def genitive(name: str, lang: str) -> str:
    """Whose: ``genitive("Spelare 2", "sv") == "Spelare 2:s"``, ``"Alva"`` → ``"Alvas"``,
    ``"Hans"`` → ``"Hans"``; in English ``"Player 2's"``, ``"Bess"`` → ``"Bess'"``."""
    check_lang(lang)
    name = str(name)
    if lang == "en":
        return name + ("'" if name.endswith("s") else "'s")
    if name[-1:].isdigit() or (name[-1:].isupper() and len(name) > 1 and name[-2:].isupper()):
        return name + ":s"  # "Spelare 2:s", "AB:s"
    return name if name[-1:].lower() in ("s", "x", "z") else name + "s"


def join_words(words: list[str] | tuple[str, ...], lang: str) -> str:
    """``["Alva", "Bo", "Cleo"]`` → ``"Alva, Bo och Cleo"`` (``"… and …"`` in English)."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + (" och " if lang == "sv" else " and ") + words[-1]


def said_in(value: object, lang: str) -> object:
    """A value of a message in ``lang``: a mapping from language to text is read for it
    (a seat's name: "Spelare 2" / "Player 2"), anything with a ``text(lang)`` method (a verdict,
    another error) or a function of the language says itself; any other value is as it is.

    >>> said_in({"sv": "Spelare 2", "en": "Player 2"}, "sv"), said_in(lambda lang: lang * 2, "en"), said_in(7, "sv")
    ('Spelare 2', 'enen', 7)
    """
    if isinstance(value, Mapping):
        return value[lang]
    text = getattr(value, "text", None)
    if callable(text):
        return text(lang)
    return value(lang) if callable(value) else value


def default_lang(environ: Mapping[str, str] | None = None) -> str:
    """The language the command is run in: the first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG``
    that is set; English if it names English, else Swedish (the project's first language).

    >>> default_lang({"LANG": "en_GB.UTF-8"}), default_lang({"LANG": "sv_SE.UTF-8"}), default_lang({})
    ('en', 'sv', 'sv')
    >>> default_lang({"LC_ALL": "C.UTF-8", "LANG": "en_US.UTF-8"})
    'sv'
    """
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            return "en" if value.lower().startswith("en") else "sv"
    return "sv"
