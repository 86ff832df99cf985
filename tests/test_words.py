"""The words a child reads: no programmer's jargon in any user-visible text — the engine's
messages, the widgets' catalog, the lessons' prose, prompts and stored outputs — in Swedish
("frö", "motor", "skyldig") or in English ("seed", "engine"); Swedish genitives that read right
("Spelare 2:s tur", never "Spelare 2s"); and, in the widgets and lessons, the glossary's word for
the ideas that had several (docs/glossary.md).

Texts are found from the source, so a catalog added or moved later is read too: every dictionary literal
keyed by "sv"/"en" in vandatta/ and widgets/ (its strings, or the strings of a dictionary or
sequence under each language), the lessons' markdown, the string literals the lessons' code
shows (prompts), and their stored outputs. ``{placeholders}`` are not read: names in code
(``seed=1``) are not something a child reads.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers import word_files

ROOT = Path(__file__).resolve().parents[1]
ENGINE = sorted((ROOT / "vandatta").rglob("*.py"))
WIDGETS = sorted((ROOT / "widgets").rglob("*.py"))
LESSONS = {lang: sorted((ROOT / "notebooks" / lang).glob("[0-9][0-9]-*.ipynb")) for lang in ("sv", "en")}

JARGON = {
    "sv": re.compile(r"\b(frö\w*|motor\w*|skyldig\w*)", re.I),
    "en": re.compile(r"\b(seeds?|seeded|engines?)\b", re.I),
}
# The glossary's words to avoid in the widgets and the lessons (the engine's own words are
# checked by the engine's tests).
AVOID = {
    "sv": re.compile(
        r"\b(partiet|parti|slumpen|dragning\w*|poängspel|varianter(na)?|bestämmas|bestäms|Spelare \d+s|utgångsläge\w*)\b",
        re.I,
    ),
    "en": re.compile(r"\b(match to 100|follow-up owed|declared?|legal)\b", re.I),
}
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _strings(item)


def catalog_texts(path: Path) -> Iterator[tuple[str, str, str]]:
    """(where, lang, text) for every {"sv": …, "en": …} literal of a module, or every entry of a
    language's file (widgets/base/words/sv.py: its name says the language)."""
    if word_files.is_language_file(path):
        for line, _key, text in word_files.texts(path):
            yield f"{path.relative_to(ROOT)}:{line}", path.stem, text
        return
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Dict) or not node.keys:
            continue
        keys = [k.value if isinstance(k, ast.Constant) else None for k in node.keys]
        if not set(keys) <= {"sv", "en"}:
            continue
        for lang, value in zip(keys, node.values):
            try:
                literal = ast.literal_eval(value)
            except ValueError:
                continue  # built at run time (a comprehension): its parts are literals elsewhere
            for text in _strings(literal):
                yield f"{path.relative_to(ROOT)}:{value.lineno}", lang, text


def lesson_texts(path: Path, lang: str) -> Iterator[tuple[str, str, str]]:
    """(where, lang, text): the markdown, the prompts in the lesson's language, the outputs."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    where = str(path.relative_to(ROOT))
    for i, cell in enumerate(nb["cells"], 1):
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            yield f"{where} cell {i}", lang, re.sub(r"`[^`]*`", "", source)  # code in backticks is code
            continue
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.keyword) and node.arg in (f"prompt_{lang}", f"explain_{lang}"):
                yield from ((f"{where} cell {i}", lang, s) for s in _strings(ast.literal_eval(node.value)))
        for output in cell.get("outputs", []):
            text = output.get("text") or "".join(output.get("data", {}).get("text/plain", []))
            yield f"{where} cell {i} output", lang, "".join(text)


def every_text() -> list[tuple[str, str, str]]:
    texts = [t for path in ENGINE + WIDGETS for t in catalog_texts(path)]
    texts += [t for lang, paths in LESSONS.items() for path in paths for t in lesson_texts(path, lang)]
    return texts


def test_the_texts_are_found():
    texts = every_text()
    wheres = {where.split(":")[0].split(" ")[0] for where, _, _ in texts}
    # each layer's catalog: the engine's (vandatta/messages.py, or one file per language), the UI's
    assert {"vandatta/messages.py", "vandatta/words/sv.py"} & wheres and "widgets/base/words/sv.py" in wheres
    assert sum(1 for w in wheres if w.startswith("notebooks/")) == 22
    assert len(texts) > 800
    assert any("Fortsätt" in text for _, lang, text in texts if lang == "sv")


def test_no_jargon_a_child_does_not_know():
    found = []
    for where, lang, text in every_text():
        for word in JARGON[lang].findall(PLACEHOLDER.sub("", text)):
            found.append(f"{where} ({lang}): {word!r} in {text[:90]!r}")
    assert not found, "\n".join(found)


def test_widgets_and_lessons_use_the_glossarys_words():
    found = []
    for where, lang, text in every_text():
        if where.startswith("vandatta/") or "output" in where:
            continue  # the engine's words are the engine's (its own tests)
        for match in AVOID[lang].finditer(PLACEHOLDER.sub("", text)):
            found.append(f"{where} ({lang}): {match.group(0)!r} in {text[:90]!r}")
    assert not found, "\n".join(found)


def test_swedish_genitives_read_right():
    """ "{player}s tur" makes "Spelare 2s tur": whose-words go through widgets.base.i18n.genitive."""
    for where, lang, text in every_text():
        if lang == "sv" and not where.startswith("vandatta/"):
            assert not re.search(r"\}s\b", text), f"{where}: {text!r}"


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_the_catalog_has_both_languages_for_every_word(lang):
    from vandatta_widgets.base.i18n import UI

    for key, words in UI.items():
        assert set(words) == {"sv", "en"}, key
        assert words[lang].strip(), key
        # the same {placeholders} in both languages
        assert set(PLACEHOLDER.findall(words["sv"])) == set(PLACEHOLDER.findall(words["en"])), key
