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
>>> decimal(0.94, "sv"), percent(0.48, "en"), plural(1, "sv", one="ett kort", other="{n} kort")
('0,9', '48%', 'ett kort')
>>> LocalText(sv="Spelare 2", en="Player 2").text("en")
'Player 2'

This is the language module: :func:`join_words`, :func:`genitive`, :func:`number_word`,
:func:`decimal`, :func:`percent` and :func:`plural` are the only code that tells one language
from another (``tests/engine/test_words_homes.py`` checks); everything else asks them or a
catalog. A text that differs by language is one :class:`LocalText`.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping

__all__ = [
    "LANGS",
    "UnknownLanguage",
    "check_lang",
    "default_lang",
    "number_word",
    "genitive",
    "join_words",
    "decimal",
    "percent",
    "whole_number",
    "plural",
    "plural_form",
    "LocalText",
    "MissingText",
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


_AND = {"sv": " och ", "en": " and "}


def join_words(words: list[str] | tuple[str, ...], lang: str) -> str:
    """``["Alva", "Bo", "Cleo"]`` → ``"Alva, Bo och Cleo"`` (``"… and …"`` in English)."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + _AND[check_lang(lang)] + words[-1]


# How each language writes a decimal number and a percentage ("0,9" and "48 %" in Swedish).
_DECIMAL_MARK = {"sv": ",", "en": "."}
_PERCENT = {"sv": "{n} %", "en": "{n}%"}


def decimal(x: float, lang: str, places: int = 1) -> str:
    """A number with ``places`` decimals, as each language writes it: ``"0,9"`` / ``"0.9"``.

    >>> decimal(0.94, "sv"), decimal(12.25, "en", places=2)
    ('0,9', '12.25')
    """
    return f"{x:.{places}f}".replace(".", _DECIMAL_MARK[check_lang(lang)])


def percent(share: float, lang: str, *, places: int = 0) -> str:
    """A share as a percentage, as each language writes it: ``"48 %"`` / ``"48%"``, with
    ``places`` decimals if asked (``"48,4 %"``).

    >>> percent(0.484, "sv"), percent(0.484, "en"), percent(0.4844, "sv", places=1)
    ('48 %', '48%', '48,4 %')
    """
    n = decimal(100 * share, lang, places) if places else str(round(100 * share))
    return _PERCENT[check_lang(lang)].format(n=n)


# How each language groups the thousands of a whole number (a space that never breaks a line in Swedish).
_THOUSANDS = {"sv": "\u00a0", "en": ","}


def whole_number(n: float, lang: str) -> str:
    """``n`` rounded to a whole number, its thousands grouped as each language writes them:
    ``"20 000"`` (with a no-break space) / ``"20,000"``.

    >>> whole_number(20000, "sv") == "20\N{NO-BREAK SPACE}000", whole_number(19999.6, "en"), whole_number(950, "sv")
    (True, '20,000', '950')
    """
    return f"{round(n):,}".replace(",", _THOUSANDS[check_lang(lang)])


def _one_or_other(n: int) -> str:
    return "one" if n == 1 else "other"


# Which form of a counted noun each language uses for ``n`` (CLDR's plural categories: Swedish
# and English know "one" and "other"; a language with more forms adds its own rule here).
_PLURAL_RULES = {"sv": _one_or_other, "en": _one_or_other}


def plural_form(n: int, lang: str) -> str:
    """The plural category of ``n`` in ``lang``: ``"one"`` or ``"other"``.

    >>> plural_form(1, "sv"), plural_form(0, "en"), plural_form(2, "en")
    ('one', 'other', 'other')
    """
    return _PLURAL_RULES[check_lang(lang)](n)


def plural(n: int, lang: str, *, one: str, other: str, **params: object) -> str:
    """``one`` or ``other`` as ``n`` asks in ``lang``, with ``{n}`` and ``params`` filled in:
    the one place that chooses between a singular and a plural.

    >>> plural(1, "en", one="one card", other="{n} cards"), plural(3, "en", one="one card", other="{n} cards")
    ('one card', '3 cards')
    """
    form = one if plural_form(n, lang) == "one" else other
    return form.format(n=n, **params)


class MissingText(ValueError):
    """A :class:`LocalText` was made without a text for one of the languages."""

    def __init__(self, missing: tuple[str, ...]) -> None:
        super().__init__(
            f"no text in {', '.join(missing)}: a LocalText needs one in each of {', '.join(LANGS)}"
        )
        self.missing = missing


class LocalText:
    """One text in every language: what a message's value is when it differs by language (a
    seat's name, a part of a sentence). Frozen and hashable.

    >>> name = LocalText(sv="Spelare 2", en="Player 2")
    >>> name
    LocalText(sv='Spelare 2', en='Player 2')
    >>> name.text("sv"), said_in(name, "en")
    ('Spelare 2', 'Player 2')
    >>> LocalText.of(lambda lang: decimal(0.94, lang))
    LocalText(sv='0,9', en='0.9')
    >>> LocalText(sv="{n} kort", en="{n} cards").format(n=3).to_dict()
    {'sv': '3 kort', 'en': '3 cards'}
    >>> LocalText(sv="hej")
    Traceback (most recent call last):
    ...
    vandatta.lang.MissingText: no text in en: a LocalText needs one in each of sv, en
    """

    __slots__ = ("_texts",)
    _texts: tuple[str, ...]  # in the order of LANGS

    def __init__(self, **texts: str) -> None:
        for lang in texts:
            check_lang(lang)
        missing = tuple(lang for lang in LANGS if lang not in texts)
        if missing:
            raise MissingText(missing)
        for lang in LANGS:
            if not isinstance(texts[lang], str):
                raise TypeError(f"the {lang} text must be a str, not {type(texts[lang]).__name__}")
        object.__setattr__(self, "_texts", tuple(texts[lang] for lang in LANGS))

    @classmethod
    def of(cls, say: Callable[[str], object]) -> LocalText:
        """The text ``say(lang)`` gives in each language."""
        return cls(**{lang: str(say(lang)) for lang in LANGS})

    @classmethod
    def from_dict(cls, texts: Mapping[str, str]) -> LocalText:
        """From a ``{"sv": …, "en": …}`` mapping (as JSON keeps it)."""
        return cls(**texts)

    def text(self, lang: str = "en") -> str:
        """The text in ``lang``."""
        return self._texts[LANGS.index(check_lang(lang))]

    def format(self, **params: object) -> LocalText:
        """Each language's text with its ``{fields}`` filled in, each value said in that language."""
        return LocalText.of(
            lambda lang: self.text(lang).format(**{k: said_in(v, lang) for k, v in params.items()})
        )

    def to_dict(self) -> dict[str, str]:
        """``{"sv": …, "en": …}``, for JSON."""
        return dict(zip(LANGS, self._texts))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a LocalText cannot be changed (tried to set {name!r})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a LocalText cannot be changed (tried to delete {name!r})")

    def __reduce__(self) -> tuple[object, tuple[dict[str, str]]]:
        return (LocalText.from_dict, (self.to_dict(),))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LocalText) and other._texts == self._texts

    def __hash__(self) -> int:
        return hash(self._texts)

    def __repr__(self) -> str:
        return "LocalText(" + ", ".join(f"{lang}={text!r}" for lang, text in zip(LANGS, self._texts)) + ")"


def said_in(value: object, lang: str) -> object:
    """A value of a message in ``lang``: a :class:`LocalText`, or anything else with a
    ``text(lang)`` method (a verdict, another error), says itself; any other value is as it is.

    >>> said_in(LocalText(sv="Spelare 2", en="Player 2"), "sv"), said_in(7, "sv")
    ('Spelare 2', 7)

    A text per language in another shape (a ``{"sv": …, "en": …}`` mapping, a function of the
    language) is a :class:`TypeError`, not shown as it is: make it a :class:`LocalText`.

    >>> said_in({"sv": "Spelare 2", "en": "Player 2"}, "sv")
    Traceback (most recent call last):
    ...
    TypeError: a value that differs by language is a LocalText, not a dict
    """
    text = getattr(value, "text", None)
    if callable(text):
        return text(lang)
    if isinstance(value, Mapping) or callable(value):
        raise TypeError(f"a value that differs by language is a LocalText, not a {type(value).__name__}")
    return value


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
