"""The engine's words, one file per language: ``sv.py``, ``en.py``, each with the same tables
(``TERMS``, ``MESSAGES``, ``RULE_TITLES``, ``PRESET_DESCRIPTIONS``: key → text; ``ORDINALS``,
``SUIT_WORDS``, ``RANK_WORDS``, ``RANK_PLURALS``: tuples) and the same keys in the same order.
:mod:`vandatta.messages` assembles them into its ``{key: {lang: text}}`` catalogs; a teacher
adds a language by copying one file (its docstring says how).

>>> WORDS_BY_LANG["sv"].MESSAGES["round_over"], WORDS_BY_LANG["en"].RULE_TITLES["R9"]
('omgången är slut', 'Going out')
>>> gaps()
{}
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from types import ModuleType

from ..lang import LANGS

__all__ = ["WORDS_BY_LANG", "TABLES", "SEQUENCES", "gaps"]

# each language's file, by its code (the file's name)
WORDS_BY_LANG: dict[str, ModuleType] = {lang: import_module(f".{lang}", __name__) for lang in LANGS}

# the tables every language file has: key -> text, and word lists in the order of the cards' enums
TABLES = ("TERMS", "MESSAGES", "RULE_TITLES", "PRESET_DESCRIPTIONS")
SEQUENCES = ("ORDINALS", "SUIT_WORDS", "RANK_WORDS", "RANK_PLURALS")


def gaps(files: Mapping[str, ModuleType] | None = None) -> dict[str, dict[str, dict[str, list[str]]]]:
    """What each language's file ``lacks`` or has ``extra`` compared with Swedish's, by table:
    ``{"en": {"MESSAGES": {"lacks": ["round_over"], "extra": []}}}``; empty when they agree.
    A word list of another length lacks (or has extra) its last places, as ``"#12"``."""
    files = WORDS_BY_LANG if files is None else files
    first = files["sv"]
    found: dict[str, dict[str, dict[str, list[str]]]] = {}
    for lang, module in files.items():
        for table in TABLES + SEQUENCES:
            theirs, ours = getattr(module, table, {}), getattr(first, table)
            if table in SEQUENCES:
                theirs, ours = (
                    {f"#{i}": w for i, w in enumerate(theirs)},
                    {f"#{i}": w for i, w in enumerate(ours)},
                )
            lacks = [key for key in ours if key not in theirs]
            extra = [key for key in theirs if key not in ours]
            if lacks or extra:
                found.setdefault(lang, {})[table] = {"lacks": lacks, "extra": extra}
    return found
