"""Catalogs kept as one file per language (``words/sv.py``, ``words/en.py``: ``WORDS = {key: text}``),
read from their source: what each language lacks or has extra, and every text with its line.

A language file is a module named by its language code whose one module-level dictionary maps
keys to texts; Swedish is the first language, the one every other file is compared with.

>>> gaps({"sv": {"a": "ett", "b": "två"}, "en": {"a": "one", "c": "three"}})
{'en': {'lacks': ['b'], 'extra': ['c']}}
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

FIRST = "sv"


def _tables(path: Path) -> list[tuple[str, ast.Dict | ast.Tuple]]:
    """The module-level tables of texts (dictionaries by key, tuples of words), by name."""
    found = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, (ast.Dict, ast.Tuple)):
            target = node.targets[0] if isinstance(node, ast.Assign) else node.target
            found.append((ast.unparse(target), node.value))
    return found


def is_language_file(path: Path) -> bool:
    """A module named by a two-letter language code, next to Swedish's, holding a dictionary of texts."""
    named = len(path.stem) == 2 and path.stem.isalpha() and path.stem.islower()
    return (
        named
        and path.with_name(f"{FIRST}.py").is_file()
        and any(isinstance(table, ast.Dict) for _, table in _tables(path))
    )


def language_files(folder: Path) -> dict[str, Path]:
    """Each language's file in ``folder``, by its code."""
    return {path.stem: path for path in sorted(folder.glob("*.py")) if is_language_file(path)}


def texts(path: Path) -> Iterator[tuple[int, str, str]]:
    """``(line, key, text)`` for every entry of a language file: a key as it is when the file
    has one table (the UI's ``WORDS``), else ``TABLE.key`` (``MESSAGES.round_over``,
    ``SUIT_WORDS.0``)."""
    tables = _tables(path)
    for name, node in tables:
        keys = node.keys if isinstance(node, ast.Dict) else [ast.Constant(i) for i in range(len(node.elts))]
        values = node.values if isinstance(node, ast.Dict) else node.elts
        for key, value in zip(keys, values):
            assert isinstance(key, ast.Constant), f"{path}:{node.lineno}: a key that is not a literal"
            text = ast.literal_eval(value)
            named = str(key.value) if len(tables) == 1 else f"{name}.{key.value!s}"
            yield value.lineno, named, text


def read(folder: Path) -> dict[str, dict[str, str]]:
    """``{lang: {key: text}}`` from the files of ``folder``."""
    return {
        lang: {key: text for _, key, text in texts(path)} for lang, path in language_files(folder).items()
    }


def gaps(words: dict[str, dict[str, str]], first: str = FIRST) -> dict[str, dict[str, list[str]]]:
    """For each language that differs from ``first``: the keys it ``lacks`` and the ``extra`` ones."""
    found = {}
    for lang, entries in words.items():
        lacks = [key for key in words[first] if key not in entries]
        extra = [key for key in entries if key not in words[first]]
        if lacks or extra:
            found[lang] = {"lacks": lacks, "extra": extra}
    return found
