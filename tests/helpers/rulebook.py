"""Reading the repository's own rulebook (docs/rules.sv.md, docs/rules.en.md) and glossary
(docs/glossary.md), for the tests that hold them to the engine and to each other."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
LANGS = ("sv", "en")
RULEBOOKS = {lang: DOCS / f"rules.{lang}.md" for lang in LANGS}
GLOSSARY = DOCS / "glossary.md"

# A rule's own heading: "### R7 Aces make the others draw".
_RULE_HEADING = re.compile(r"^### ([RVSO]\d{1,2}) (.+?)\s*$", re.M)
# A row of the developers' table: "| R7 Aces make the others draw | `git grep …` | `pytest …` |".
_TABLE_ROW = re.compile(r"^\| ([RVSO]\d{1,2}) ([^|]+?) \| `([^`]+)` \| `([^`]+)` \|$", re.M)
_CODE_BLOCK = re.compile(r"^```python\n(.*?)^```$", re.M | re.S)
_FENCE = re.compile(r"^```.*?^```$", re.M | re.S)
_CODE_SPAN = re.compile(r"`[^`\n]+`")


def text(lang: str) -> str:
    return RULEBOOKS[lang].read_text(encoding="utf-8")


def rule_headings(lang: str) -> list[tuple[str, str]]:
    """Every rule heading of the page, in order: ``[("R1", "Players and cards"), …]``."""
    return _RULE_HEADING.findall(text(lang))


def pointer_rows(lang: str) -> list[tuple[str, str, str, str]]:
    """The developers' table: ``(id, title, code search, test command)`` per rule."""
    return _TABLE_ROW.findall(text(lang))


def code_blocks(lang: str) -> list[str]:
    return _CODE_BLOCK.findall(text(lang))


def prose(markdown: str) -> str:
    """The text a reader reads: code blocks and code spans taken out."""
    return _CODE_SPAN.sub(" ", _FENCE.sub(" ", markdown))


def sections(lang: str) -> dict[str, str]:
    """Each rule's own text, from its heading to the next heading, by rule id."""
    page = text(lang)
    found: dict[str, str] = {}
    for match in _RULE_HEADING.finditer(page):
        end = re.compile(r"^#{1,3} ", re.M).search(page, match.end())
        found[match.group(1)] = page[match.end() : end.start() if end else len(page)]
    return found


def glossary_rows() -> list[dict[str, str]]:
    """The glossary's table rows as ``{"sv", "en", "avoid", "note"}``."""
    rows = []
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.startswith("|") else []
        if len(cells) != 4 or cells[0] in ("Svenska", "") or set(cells[0]) <= set("-"):
            continue
        rows.append(dict(zip(("sv", "en", "avoid", "note"), cells)))
    return rows


def chosen_words(cell: str) -> list[str]:
    """The words in bold in a glossary cell: the words to use."""
    return [w.strip().lower() for w in re.findall(r"\*\*(.+?)\*\*", cell)]


def avoided_words(cell: str) -> list[str]:
    """The quoted words of an *Avoid* cell."""
    return [w.strip().lower() for w in re.findall(r'"([^"]+)"', cell)]
