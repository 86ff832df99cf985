"""The UI's words, one file per language: ``sv.py``, ``en.py``, each ``WORDS = {key: text}``
with the same keys in the same order. :mod:`..i18n` assembles them into ``UI`` and shows them
with ``t()``; a teacher adds a language by copying one file (its docstring says how).

>>> WORDS_BY_LANG["sv"]["next"], WORDS_BY_LANG["en"]["next"]
('Nästa', 'Next')
"""

from __future__ import annotations

from importlib import import_module

from vandatta.lang import LANGS

__all__ = ["WORDS_BY_LANG"]

# each language's file, by its code (the file's name)
WORDS_BY_LANG: dict[str, dict[str, str]] = {lang: import_module(f".{lang}", __name__).WORDS for lang in LANGS}
