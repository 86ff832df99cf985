"""Where the words a player reads stray from the glossary (docs/glossary.md).

    python scripts/glossary_audit.py            # every hit, as file:line
    python scripts/glossary_audit.py --summary  # how many hits per avoided word

Reads the words to avoid from the glossary's *Avoid* column and looks for them in what a player
reads: the engine's message catalog (vandatta/messages.py), the widgets' catalog
(widgets/base/words/, a file per language), the puzzles' words (vandatta/ai/puzzles.py, widgets/lessons/puzzle.py) and the lessons (notebooks/sv, notebooks/en: markdown, the strings the code
cells show, and the saved outputs). Names in code (``seed=1``, ``legal_moves()``) and
``{placeholders}`` are not read. Each hit names the glossary's word to use instead.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.helpers.rulebook import avoided_words, chosen_words, glossary_rows  # noqa: E402
from tests.helpers.word_files import is_language_file  # noqa: E402
from tests.helpers.word_files import texts as language_file_texts  # noqa: E402

# one per layer, the engine's and the UI's (whose words are one file per language)
CATALOGS = ["vandatta/messages.py", "widgets/base/words/sv.py", "widgets/base/words/en.py"]
LESSONS = ["notebooks/sv", "notebooks/en"]


def catalog_texts(path: Path) -> Iterator[tuple[int, str, str]]:
    """``(line, lang, text)`` for every ``{"sv": …, "en": …}`` entry of a catalog module, or every
    entry of a language's file (``words/sv.py``: its name says the language)."""
    if is_language_file(path):
        yield from ((line, path.stem, text) for line, _key, text in language_file_texts(path))
        return
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Dict):
            continue
        keys = [k.value if isinstance(k, ast.Constant) else None for k in node.keys]
        if not keys or not set(keys) <= {"sv", "en"}:
            continue
        for lang, value in zip(keys, node.values):
            text = _literal(value)
            if text is not None:
                yield value.lineno, lang, text


def _literal(node: ast.AST) -> str | None:
    try:
        value = ast.literal_eval(node)
    except ValueError:
        return None
    return value if isinstance(value, str) else None


def notebook_texts(path: Path, lang: str) -> Iterator[tuple[int, str, str]]:
    """``(line of the .ipynb file, lang, text)`` for what a reader of the lesson sees."""
    raw = path.read_text(encoding="utf-8").splitlines()
    seen = 0

    def line_of(fragment: str) -> int:
        nonlocal seen
        needle = json.dumps(fragment.rstrip("\n"), ensure_ascii=False)[1:-1][:60]
        for number in range(seen, len(raw)):
            if needle and needle in raw[number]:
                seen = number
                return number + 1
        return seen + 1

    for cell in json.loads("\n".join(raw))["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            for line in source.splitlines():
                yield line_of(line), lang, line
            continue
        if cell["cell_type"] != "code":
            continue
        try:
            tree = ast.parse(source)
        except SyntaxError:
            tree = None
        nodes = list(ast.walk(tree)) if tree else []
        docstrings = {id(n.value) for n in nodes if isinstance(n, ast.Expr)}
        for node in nodes:
            # words for a reader have a space in them; a name or a key has none
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docstrings
                and " " in node.value.strip()
            ):
                yield line_of(node.value.splitlines()[0]), lang, node.value
        for output in cell.get("outputs", []):
            texts = [output.get("text", ""), *output.get("data", {}).values()]
            for text in texts:
                text = "".join(text) if isinstance(text, list) else text
                if isinstance(text, str):
                    for line in text.splitlines():
                        yield line_of(line), lang, line


def hits(
    root: Path = ROOT, catalogs: list[str] = CATALOGS, lessons: list[str] = LESSONS
) -> Iterator[tuple[str, int, str, str, str]]:
    """``(file, line, avoided word, glossary's words, text)`` for every stray word."""
    rules = []
    for row in glossary_rows():
        use = " / ".join(", ".join(chosen_words(row[lang])) for lang in ("sv", "en"))
        for word in avoided_words(row["avoid"]):
            pattern = re.compile(rf"(?<![\w'-]){re.escape(word)}(?![\w'-])", re.IGNORECASE)
            rules.append((word, use, pattern))
    sources: list[tuple[str, Iterator[tuple[int, str, str]]]] = [
        (name, catalog_texts(root / name)) for name in catalogs
    ]
    for folder in lessons:
        for path in sorted((root / folder).glob("*.ipynb")):
            sources.append((str(path.relative_to(root)), notebook_texts(path, folder[-2:])))
    for name, texts in sources:
        for line, _lang, text in texts:
            readable = re.sub(r"\{[^{}]*\}", " ", text)  # {placeholders} are filled in later
            for word, use, pattern in rules:
                if pattern.search(readable):
                    yield name, line, word, use, text.strip()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--summary", action="store_true", help="count the hits per avoided word")
    args = parser.parse_args(argv)
    found = list(hits())
    if args.summary:
        for word, count in Counter(hit[2] for hit in found).most_common():
            print(f"{count:4}  {word}")
    else:
        for name, line, word, use, text in found:
            print(f"{name}:{line}: {word!r} → {use}: {text[:110]}")
    print(f"{len(found)} place(s) where a player reads a word the glossary avoids")
    return 0


if __name__ == "__main__":
    sys.exit(main())
