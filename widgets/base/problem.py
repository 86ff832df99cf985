"""What a visitor asked for that cannot be done, said in either language: one error design for
the whole UI layer, as the engine's verdicts say themselves (a catalog key and its values).

>>> problem = Problem("db_bad_choice", value="'fr'")
>>> problem.text("sv"), problem.text("en")
("Det valet finns inte: 'fr'", "There is no such choice: 'fr'")
>>> str(problem)                                       # English for logs and tracebacks
"There is no such choice: 'fr'"

A value may itself differ by language — a mapping from language to text (a seat's name:
"Spelare 2" / "Player 2"), anything with a ``text(lang)`` method (another problem, an engine
verdict, a record error), or a function of the language — and is then said in the language
asked for:

>>> inner = Problem("db_bad_choice", value="9")
>>> Problem("db_bad_record", why=inner).text("sv")
'det är ingen giltig omgång: Det valet finns inte: 9'
"""

from __future__ import annotations

from .i18n import t

__all__ = ["Problem"]


class Problem(ValueError):
    """A refusal with a catalog ``key`` (of :data:`vandatta_widgets.base.i18n.UI`) and its ``values``;
    :meth:`text` says it in Swedish or English. A subclass may fix its ``key``."""

    key = "error"

    def __init__(self, key: str | None = None, /, **values: object) -> None:
        if key is not None:
            self.key = key
        self.values = values
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        """The sentence in ``lang`` ("sv" or "en")."""
        return t(self.key, lang, **self.values)

    def __repr__(self) -> str:
        values = "".join(f", {name}={value!r}" for name, value in self.values.items())
        return f"{type(self).__name__}({self.key!r}{values})"
