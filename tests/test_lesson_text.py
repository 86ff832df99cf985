"""What a child reads in a lesson, in Voilà and on the static site: no instruction about cells
or code (those are tagged ``jupyterlab-only``, which the Voilà template and the site leave
out), no rule id inside a sentence (rule ids are chips: widgets/lessons/chips.py), short
sentences and a low LIX in Swedish (scripts/readability.py).

The browser test tests/browser/test_lessons_voila_browser.py reads the same from the pages
Voilà serves.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest

import vandatta as v
from vandatta_widgets.base.i18n import UI
from vandatta_widgets.lessons.chips import WORDS, chips, told, without_citations

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("readability", ROOT / "scripts" / "readability.py")
readability = importlib.util.module_from_spec(_spec)
sys.modules["readability"] = readability  # a dataclass looks its module up
_spec.loader.exec_module(readability)  # type: ignore[union-attr]

TEMPLATE = ROOT / "widgets" / "server" / "share" / "voila" / "templates" / "vandatta" / "index.html.j2"
ALL = [(lang, path.name) for lang in readability.LANGS for path in readability.lessons(lang)]

#: Words that tell someone to run cells or look at code: JupyterLab's business, not a child's
#: in Voilà or on the site (where the lesson runs by itself and shows no code).
CELL_WORDS = {
    "sv": re.compile(
        r"\b(shift|enter|kodrut\w*|rutor|rutorna|rutan|cell\w*|kör|köra|körs|prickarna|koden|klicka)\b", re.I
    ),
    "en": re.compile(r"\b(shift|enter|cells?|run (?:it|the|them|this)|three dots|the code|click)\b", re.I),
}
RULE_ID = re.compile(r"\b[RVSO]\d{1,2}\b")

#: No sentence a child reads in a lesson is longer than this many words (the longest had 31–34
#: before the lessons were rewritten for children; 22 after).
LONGEST_SENTENCE = 22


def chip_keys(path: Path) -> list[str]:
    """The rule ids and words of a lesson's chips (``chips("R4", "talong", lang=LANG)``)."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    calls = re.findall(
        r"^chips\(([^()]*), lang=LANG\)$", "\n".join("".join(c["source"]) for c in nb["cells"]), re.M
    )
    return [k for args in calls for k in re.findall(r'"([^"]+)"', args)]


def lesson_prompts(path: Path, lang: str) -> list[str]:
    """The exercises' prompts in the lesson's language (``prompt=LocalText(sv="…", …)``), as the page shows them."""
    import ast

    nb = json.loads(path.read_text(encoding="utf-8"))
    found = []
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        for node in ast.walk(ast.parse("".join(cell["source"]))):
            if isinstance(node, ast.keyword) and node.arg == "prompt" and isinstance(node.value, ast.Call):
                found += [ast.literal_eval(k.value) for k in node.value.keywords if k.arg == lang]
    return found


def test_the_template_and_the_readability_script_leave_out_the_same_cells():
    assert f"'{readability.JUPYTERLAB_ONLY}'" in TEMPLATE.read_text(encoding="utf-8")


def test_the_first_lesson_keeps_its_jupyterlab_hint_for_jupyterlab():
    """The hint about Shift + Enter is still there for JupyterLab, tagged so Voilà leaves it out."""
    for lang in readability.LANGS:
        nb = json.loads((readability.NOTEBOOKS / lang / "01-goal-and-deal.ipynb").read_text(encoding="utf-8"))
        tagged = [
            "".join(c["source"])
            for c in nb["cells"]
            if readability.JUPYTERLAB_ONLY in c.get("metadata", {}).get("tags", [])
        ]
        assert any("Shift + Enter" in " ".join(text.split()) for text in tagged), lang


@pytest.mark.parametrize(("lang", "name"), ALL)
def test_no_instruction_about_cells_or_code_is_shown(lang, name):
    path = readability.NOTEBOOKS / lang / name
    for text in readability.shown_markdown(path) + lesson_prompts(path, lang):
        found = CELL_WORDS[lang].findall(re.sub(r"`[^`]*`", "", text))
        assert not found, f"{lang}/{name}: {found} in {text[:120]!r}"


@pytest.mark.parametrize(("lang", "name"), ALL)
def test_no_rule_id_stands_in_a_sentence(lang, name):
    """Rule ids are chips (``chips("R4", lang=LANG)``), never words of the prose or a prompt."""
    path = readability.NOTEBOOKS / lang / name
    for text in readability.shown_markdown(path) + lesson_prompts(path, lang):
        found = RULE_ID.findall(readability.plain(text))
        assert not found, f"{lang}/{name}: {found} in {text[:120]!r}"


@pytest.mark.parametrize(("lang", "name"), ALL)
def test_sentences_are_short(lang, name):
    reading = readability.reading(readability.NOTEBOOKS / lang / name, longest=1)
    (words, sentence), *_ = reading.longest
    assert words <= LONGEST_SENTENCE, f"{lang}/{name}: {words} words in {sentence!r}"


@pytest.mark.parametrize("name", [name for lang, name in ALL if lang == "sv"])
def test_swedish_lessons_read_easily(name):
    reading = readability.reading(readability.NOTEBOOKS / "sv" / name)
    assert reading.lix <= readability.LIX_BOUND, f"sv/{name}: LIX {reading.lix:.1f}"


def test_the_readability_figures_can_fail():
    """A paragraph of long sentences and long words gets a high LIX and a long longest sentence."""
    hard = "Kortspelsentusiasternas tävlingsomgångar genomfördes, " * 12 + "slutligen."
    found = readability.sentences(readability.plain(hard))
    assert len(found) == 1 and len(readability.WORD.findall(found[0])) > LONGEST_SENTENCE
    assert readability.plain("## Given (R2)\n\n`Rules()` *talongen*") == "Given (R2).\n\n talongen"


# -- the chips: one catalog, both languages --------------------------------------------------------


@pytest.mark.parametrize("lang", readability.LANGS)
def test_every_rule_and_word_has_a_chip_in_both_languages(lang):
    for rule in v.RULE_IDS:  # a new rule comes with its child's wording
        assert UI[f"rule_{rule}_says"][lang].strip(), rule
    for word in WORDS:
        assert UI[f"chip_word_{word}"][lang].strip() and UI[f"chip_word_{word}_says"][lang].strip()
    html = chips(*v.RULE_IDS, *WORDS, lang=lang)._repr_html_()
    assert html.count("<details") == len(v.RULE_IDS) + len(WORDS)
    assert html.count("<summary") == html.count("</summary>") == len(v.RULE_IDS) + len(WORDS)


def test_a_chip_says_the_rule_in_a_childs_words_and_names_itself():
    html = chips("R4", lang="sv")._repr_html_()
    assert '<summary aria-label="Regel R4: Samma färg eller valör"' in html
    assert ">R4</summary>" in html
    assert UI["rule_R4_says"]["sv"] in html


def test_what_the_computer_says_has_its_rule_ids_as_chips():
    game = v.Game.from_position(hands=["K♦ 2♣", "9♦", "5♠ 5♣"], top="5♦", talon="Q♥ 3♠ 7♣")
    game.play("K♦")
    game.play("9♦")
    lines = v.narrate(game, lang="sv")
    assert any(RULE_ID.search(line) for line in lines)
    shown = told(lines, lang="sv")._repr_html_()
    for text in re.findall(r'<span class="vd-told-text">([^<]*)</span>', shown):
        assert not RULE_ID.search(text), text
    assert shown.count('class="vd-chip vd-chip-rule"') == sum(len(without_citations(x)[1]) for x in lines)
    assert "går ut och vinner omgången." in shown
    with pytest.raises(TypeError):
        told(3, lang="sv")
