"""Split a two-language catalog into one file per language, or check that the files agree.

    python scripts/split_words.py split widgets/base/i18n.py widgets/base/words   # write sv.py, en.py
    python scripts/split_words.py check widgets/base/words                      # same keys, order, comments?

``split`` reads a module whose words are ``NAME = {key: {"sv": …, "en": …}}`` and
``NAME.update({…})`` calls (a dict comprehension among them is evaluated), and writes
``<folder>/<lang>.py`` for each language, each holding ``WORDS = {key: text}``. Every file keeps
each key's comments and the section headers above its ``update`` calls, in the same order, so
the files read side by side line for line. The text of each entry is copied from the source as
written (implicit concatenation and all), so nothing a reader sees changes.

``check`` compares each language file's keys and comments with Swedish's, in order: what a
file lacks, has extra or has in another place (a teacher adding a key adds it to every file,
in the same place). Exit 1 if they differ.
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import io
import subprocess
import sys
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("sv", "en")

HEADER = {
    "sv": '''"""The UI's words in Swedish: ``WORDS[key]`` is the text that :func:`..i18n.t` shows for
``key`` (``{fields}`` are filled in when it is shown). Swedish is the first language: every other
language file has exactly its keys, in the same order, with the same comments.

To add a language (say German), copy this file to ``de.py`` next to it, translate every text
(keep the keys and the ``{fields}``), add ``"de"`` to ``LANGS`` in ``vandatta/lang.py`` and run
``python -m pytest tests/test_word_files.py``: it names every key the new file lacks or has extra.
"""
''',
    "en": '''"""The UI's words in English: ``WORDS[key]`` is the text that :func:`..i18n.t` shows for
``key`` (``{fields}`` are filled in when it is shown). Swedish (``sv.py``) is the first
language: this file has exactly its keys, in the same order, with the same comments.

To add a language (say German), copy this file (or ``sv.py``) to ``de.py`` next to it,
translate every text (keep the keys and the ``{fields}``), add ``"de"`` to ``LANGS`` in
``vandatta/lang.py`` and run ``python -m pytest tests/test_word_files.py``: it names every key
the new file lacks or has extra.
"""
''',
}


def _comments(source: str) -> dict[int, tuple[int, str]]:
    """Line number → (column, text) of each comment."""
    found = {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            found[token.start[0]] = (token.start[1], token.string)
    return found


def _words_dict(node: ast.stmt, name: str) -> ast.Dict | ast.DictComp | None:
    """The dictionary a statement adds to the catalog ``name``, if it is one of its statements."""
    if isinstance(node, ast.AnnAssign) and ast.unparse(node.target) == name:
        return node.value if isinstance(node.value, ast.Dict) else None
    if (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Call)
        and ast.unparse(node.value.func) == f"{name}.update"
        and isinstance(node.value.args[0], (ast.Dict, ast.DictComp))
    ):
        return node.value.args[0]
    return None


def split(module: Path, name: str = "UI") -> dict[str, list[str]]:
    """The lines of each language's file (before formatting), from the catalog ``name`` of ``module``."""
    source = module.read_text(encoding="utf-8")
    lines = source.splitlines()
    comments = _comments(source)
    tree = ast.parse(source)
    evaluated = _evaluate(module, name)
    out: dict[str, list[str]] = {lang: [] for lang in LANGS}

    def emit(line: str) -> None:
        for lang in LANGS:
            out[lang].append(line)

    previous_end = 0
    header: list[str] = []
    for number, node in enumerate(tree.body):
        # a top-level comment block above a statement of words (or above a helper table that the
        # next statement's comprehension reads) is a section header
        block = [comments[n][1] for n in range(previous_end + 1, node.lineno) if n in comments]
        previous_end = node.end_lineno or node.lineno
        words = _words_dict(node, name)
        following = tree.body[number + 1] if number + 1 < len(tree.body) else None
        if words is None:
            feeds_words = (
                isinstance(node, ast.Assign) and following is not None and _words_dict(following, name)
            )
            header = block if feeds_words else []
            continue
        if isinstance(node, ast.Expr):  # the first dictionary's comment is about the code, not the words
            for comment in header + block:
                emit(f"    {comment}")
        header = []
        if isinstance(words, ast.DictComp):
            for key, texts in _comprehension_keys(words, evaluated):
                for lang in LANGS:
                    out[lang].append(f"    {key!r}: {texts[lang]!r},")
            continue
        _entries(words, lines, comments, out)
    return out


def _evaluate(module: Path, name: str) -> dict[str, dict[str, str]]:
    spec = importlib.util.spec_from_file_location("_catalog_to_split", module)
    assert spec and spec.loader
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return getattr(loaded, name)


def _comprehension_keys(
    node: ast.DictComp, evaluated: dict[str, dict[str, str]]
) -> list[tuple[str, dict[str, str]]]:
    """The keys a comprehension adds, in order: found by evaluating it against the loaded catalog."""
    keys_only = ast.fix_missing_locations(
        ast.Expression(ast.DictComp(node.key, ast.Constant(None), node.generators))
    )
    keys = list(eval(compile(keys_only, "<keys>", "eval"), {"range": range}))  # names of the loop alone
    return [(key, evaluated[key]) for key in keys]


def _entries(
    words: ast.Dict, lines: list[str], comments: dict[int, tuple[int, str]], out: dict[str, list[str]]
) -> None:
    previous_end = words.lineno
    for key_node, value in zip(words.keys, words.values):
        assert isinstance(key_node, ast.Constant) and isinstance(value, ast.Dict), value.lineno
        key = str(key_node.value)
        start, end = key_node.lineno, value.end_lineno or value.lineno
        leading = [comments[n][1] for n in range(previous_end + 1, start) if n in comments]
        inside = [comments[n][1] for n in range(start + 1, end + 1) if n in comments]
        trailing = f"  {comments[start][1]}" if start in comments else ""
        texts = {
            ast.literal_eval(lang) if lang else None: text for lang, text in zip(value.keys, value.values)
        }
        assert set(texts) == set(LANGS), key
        for lang in LANGS:
            text = texts[lang]
            segment = ast.get_source_segment("\n".join(lines), text)
            assert segment is not None
            inside_text = [c for n, c in comments.items() if text.lineno < n <= (text.end_lineno or 0)]
            assert not inside_text, f"{key}: a comment between the parts of a text"
            out[lang].extend(f"    {comment}" for comment in leading + inside)
            parts = [part.strip() for part in segment.splitlines()]
            if len(parts) == 1:
                out[lang].append(f"    {key!r}: {parts[0]},{trailing}")
            else:
                out[lang].append(f"    {key!r}: ({trailing}")
                out[lang].extend(f"        {part}" for part in parts)
                out[lang].append("    ),")
        previous_end = end
    closing = [comments[n][1] for n in range(previous_end + 1, words.end_lineno or 0) if n in comments]
    for lang in LANGS:
        out[lang].extend(f"    {comment}" for comment in closing)


def write(module: Path, folder: Path, name: str = "UI") -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for lang, body in split(module, name).items():
        path = folder / f"{lang}.py"
        text = HEADER[lang] + "\nWORDS: dict[str, str] = {\n" + "\n".join(body) + "\n}\n"
        path.write_text(text, encoding="utf-8")
        written.append(path)
    ruff = Path(sys.executable).with_name("ruff")
    subprocess.run([str(ruff), "format", "-q", *map(str, written)], check=True)
    return written


def layout(path: Path) -> list[str]:
    """The keys and comments of a language file, in order (what every language file shares)."""
    source = path.read_text(encoding="utf-8")
    comments = _comments(source)
    tree = ast.parse(source)
    words = next(
        node.value
        for node in tree.body
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, ast.Dict)
    )
    assert isinstance(words, ast.Dict)
    items = [(n, text) for n, (_, text) in comments.items() if words.lineno < n <= (words.end_lineno or 0)]
    items += [(k.lineno, repr(k.value)) for k in words.keys if isinstance(k, ast.Constant)]
    return [text for _, text in sorted(items)]


def check(folder: Path) -> list[str]:
    """What differs between Swedish's file and each other language's, in words."""
    first = layout(folder / "sv.py")
    problems = []
    for path in sorted(folder.glob("[a-z][a-z].py")):
        other = layout(path)
        if other != first:
            import difflib

            diff = difflib.unified_diff(first, other, "sv.py", path.name, n=0, lineterm="")
            problems.append("\n".join(diff))
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    split_parser = sub.add_parser("split")
    split_parser.add_argument("module", type=Path)
    split_parser.add_argument("folder", type=Path)
    split_parser.add_argument("--name", default="UI")
    check_parser = sub.add_parser("check")
    check_parser.add_argument("folder", type=Path)
    args = parser.parse_args(argv)
    if args.command == "split":
        for path in write(args.module, args.folder, args.name):
            print(path)
        return 0
    problems = check(args.folder)
    print("\n".join(problems) or "every language file has Swedish's keys and comments, in order")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
