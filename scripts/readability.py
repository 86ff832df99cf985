"""How easy the lessons are to read: LIX per lesson and the longest sentences.

    python scripts/readability.py               # every lesson, Swedish and English
    python scripts/readability.py --lang sv --longest 5

The prose read is what a child sees in Voilà and on the static site: the lessons' markdown
cells, without the cells tagged ``jupyterlab-only`` (the hints about running cells, which
only JupyterLab shows), with markup, code spans, links and tables left out.

LIX (läsbarhetsindex, Björnsson 1968) = words per sentence + 100 × the share of long words
(more than six letters); a full stop, a question or exclamation mark, a colon and a heading end
a sentence. Below 25 reads as a children's book, 25–30 as simple prose, 30–40 as everyday prose,
40–50 as a newspaper. It was made for Swedish; the English figure is for comparison only.
``tests/test_lesson_text.py`` keeps every Swedish lesson at or below :data:`LIX_BOUND`.
"""

from __future__ import annotations

import argparse
import json
import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
LANGS = ("sv", "en")
JUPYTERLAB_ONLY = "jupyterlab-only"  # the cell tag the Voilà template (and the site) leave out

#: The highest LIX a Swedish lesson may have: a children's book. Measured on 5 December 2026,
#: before the lessons were rewritten for children 15.0–29.3 (lesson 10, 11.7 words a sentence,
#: the longest 32 words), after 13.8–23.9 (about 8 words a sentence, none over 22).
LIX_BOUND = 25

WORD = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*")
SENTENCE_END = re.compile(
    r"(?:(?<=[.!?…:])|(?<=[.!?…:][)”\"]))\s+(?=[\"”(A-ZÅÄÖ0-9*])|\n\s*\n|\n(?=\s*[-*] )|\n(?=\s*\d+\. )"
)


def lessons(lang: str) -> list[Path]:
    return sorted((NOTEBOOKS / lang).glob("[0-9][0-9]-*.ipynb"))


def shown_markdown(path: Path) -> list[str]:
    """The markdown cells of a lesson that Voilà shows (untagged ``jupyterlab-only``)."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    return [
        "".join(c["source"])
        for c in nb["cells"]
        if c["cell_type"] == "markdown" and JUPYTERLAB_ONLY not in c.get("metadata", {}).get("tags", [])
    ]


def plain(markdown: str) -> str:
    """The text a reader reads: headings, lists and emphasis kept as words; code, HTML tags,
    links' addresses and table rules gone."""
    text = re.sub(r"`[^`]*`", "", markdown)
    text = re.sub(r"<[^>]+>", "", text)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"^\s*\|?[-:| ]+\|[-:| ]*$", "", text, flags=re.M)  # a table's rule
    text = re.sub(r"^#+\s*(.*)$", r"\1.", text, flags=re.M)  # a heading reads as a sentence
    text = text.replace("|", " ").replace("**", "").replace("*", "")
    return text


def sentences(text: str) -> list[str]:
    parts = (re.sub(r"\s+", " ", s).strip() for s in SENTENCE_END.split(text))
    return [s for s in parts if WORD.search(s)]


@dataclass(frozen=True)
class Reading:
    lesson: str
    words: int
    sentences: int
    long_words: int
    longest: tuple[tuple[int, str], ...]  # (words, sentence), longest first

    @property
    def lix(self) -> float:
        return self.words / self.sentences + 100 * self.long_words / self.words


def reading(path: Path, *, longest: int = 3) -> Reading:
    found = [s for cell in shown_markdown(path) for s in sentences(plain(cell))]
    words = [w for s in found for w in WORD.findall(s)]
    ranked = sorted(((len(WORD.findall(s)), s) for s in found), key=lambda p: -p[0])
    return Reading(
        lesson=path.name,
        words=len(words),
        sentences=len(found),
        long_words=sum(len(w) > 6 for w in words),
        longest=tuple(ranked[:longest]),
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", choices=LANGS, action="append")
    parser.add_argument("--longest", type=int, default=3, help="how many of the longest sentences to list")
    args = parser.parse_args(argv)
    for lang in args.lang or LANGS:
        print(f"== {lang}: LIX, words per sentence, the longest sentences")
        for path in lessons(lang):
            r = reading(path, longest=args.longest)
            print(f"{r.lesson:40} LIX {r.lix:5.1f}  {r.words / r.sentences:4.1f} words/sentence")
            for n, s in r.longest:
                print(f"    {n:3} {s}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
