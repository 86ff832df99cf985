"""Words in one home each: the engine's words one file per language (vandatta/words/), every
language with exactly Swedish's keys (a missing or extra one is named), the files side by side
line for line, and the catalog the callers read assembled from them."""

from __future__ import annotations

import ast
import importlib.util
import pickle
import re
import shutil
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vandatta import Game, messages
from vandatta.lang import LANGS, LocalText, MissingText, UnknownLanguage, decimal, percent, plural, said_in
from vandatta.words import SEQUENCES, TABLES, WORDS_BY_LANG, gaps

ROOT = Path(__file__).resolve().parents[2]
WORDS = ROOT / "vandatta" / "words"


def _load(folder: Path) -> dict[str, ModuleType]:
    """Each language file of ``folder`` as a module, by its code (as a teacher's copy would be)."""
    found = {}
    for path in sorted(folder.glob("*.py")):
        if path.stem == "__init__":
            continue
        spec = importlib.util.spec_from_file_location(f"words_copy_{path.stem}", path)
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        found[path.stem] = module
    return found


def test_every_language_has_a_file_with_swedishs_keys():
    assert sorted(_load(WORDS)) == sorted(LANGS) == sorted(WORDS_BY_LANG)
    assert gaps() == {}, "keys a language lacks or has extra (relative to Swedish)"
    assert len(WORDS_BY_LANG["sv"].MESSAGES) > 300


def test_a_key_removed_from_one_file_is_named(tmp_path):
    copy = tmp_path / "words"
    shutil.copytree(WORDS, copy, ignore=shutil.ignore_patterns("__pycache__"))
    english = copy / "en.py"
    source = english.read_text(encoding="utf-8")
    line = '    "round_over": "the round is over",\n'
    assert line in source
    english.write_text(source.replace(line, ""), encoding="utf-8")
    swedish = copy / "sv.py"
    swedish.write_text(
        swedish.read_text(encoding="utf-8").replace('    "R1": ', '    "R0": "bara här",\n    "R1": '),
        encoding="utf-8",
    )
    assert gaps(_load(copy)) == {
        "en": {
            "MESSAGES": {"lacks": ["round_over"], "extra": []},
            "RULE_TITLES": {"lacks": ["R0"], "extra": []},
        }
    }


def test_a_third_language_copied_from_one_file_is_checked(tmp_path):
    copy = tmp_path / "words"
    shutil.copytree(WORDS, copy, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(copy / "sv.py", copy / "de.py")
    german = _load(copy)
    assert set(german) == {"sv", "en", "de"} and gaps(german) == {}
    shorter = copy / "de.py"
    shorter.write_text(shorter.read_text(encoding="utf-8").replace('"kungar",\n', ""), encoding="utf-8")
    assert gaps(_load(copy)) == {"de": {"RANK_PLURALS": {"lacks": ["#12"], "extra": []}}}


_KEY = re.compile(r'^\s*("[^"]+"):')
_TABLE = re.compile(r"^([A-Z_]+):")


def _layout(path: Path) -> list[str]:
    """The file's skeleton: each table, key and comment line in order, without the texts."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        stripped = line.strip()
        if stripped.startswith("#"):
            out.append(stripped)
        elif match := _KEY.match(line) or _TABLE.match(line):
            out.append(match.group(1))
    return out


def test_the_files_keep_the_same_keys_and_comments_in_the_same_order():
    swedish = _layout(WORDS / "sv.py")
    assert len(swedish) > 400 and any(line.startswith("# -- ") for line in swedish)
    for lang in LANGS:
        assert _layout(WORDS / f"{lang}.py") == swedish, f"words/{lang}.py differs from words/sv.py"


def test_the_catalogs_are_the_files_words_in_their_order():
    for table in TABLES:
        catalog = getattr(messages, table)
        assert list(catalog) == list(getattr(WORDS_BY_LANG["sv"], table))
        for key, entry in catalog.items():
            assert entry == {lang: getattr(WORDS_BY_LANG[lang], table)[key] for lang in LANGS}
    for table in SEQUENCES:
        assert getattr(messages, table) == {lang: getattr(WORDS_BY_LANG[lang], table) for lang in LANGS}
    assert messages.MESSAGES["round_over"]["sv"] == "omgången är slut"  # callers keep MESSAGES[key][lang]


def test_the_games_nouns_have_one_home_the_terms():
    from vandatta import Game, make_player, svg
    from vandatta.ai import PLAYER_NAMES

    homes = {
        form
        for entry in messages.TERMS.values()
        for text in entry.values()
        for form in (text, text[:1].upper() + text[1:])
    }
    for table in TABLES[1:]:
        for key, entry in getattr(messages, table).items():
            assert not homes & set(entry.values()), f"{table}[{key!r}] repeats a term: say it with term()"
    game = Game.deal(players=3, seed=1)
    for lang in LANGS:
        assert game.player_name(1, lang) == messages.term("player", lang, n=2, capital=True)
        assert svg.TEXT[lang]["player"].format(n=2) == game.player_name(1, lang)
        for kind in PLAYER_NAMES:
            assert make_player(kind).title(lang) == messages.term(f"kind.{kind}", lang)
    assert game.player_name(1, "sv") == "Spelare 2" and game.player_name(1, "en") == "Player 2"
    counted = [messages.count("cards", n, "en") for n in (0, 1, 2, 9)]
    assert counted == ["no cards", "one card", "two cards", "9 cards"]
    assert [messages.count("cards", n, "sv", digits=True) for n in (1, 3)] == ["1 kort", "3 kort"]


# -- no language check outside the language module ---------------------------------------------

# The one module that may tell one language from another (join_words, genitive, number_word,
# decimal, percent, plural); everything else asks it or a catalog.
LANGUAGE_MODULE = "vandatta/lang.py"
# Files of widgets/ that still compare a language; the list only shrinks (the test fails on a
# listed file that no longer does, and on any file not listed that does).
NOT_YET: set[str] = set()


def language_checks(source: str) -> list[int]:
    """The lines of ``source`` that compare something with a language code (``lang == "sv"``,
    ``"en" != lang``, ``lang in ("sv", "en")``, ``case "sv":``)."""
    codes = set(LANGS)

    def names_a_language(node: ast.AST) -> bool:
        if isinstance(node, ast.Constant):
            return node.value in codes
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            return any(isinstance(e, ast.Constant) and e.value in codes for e in node.elts)
        return False

    def compares(node: ast.AST) -> bool:
        if isinstance(node, ast.Compare):
            return any(map(names_a_language, [node.left, *node.comparators]))
        return isinstance(node, ast.MatchValue) and names_a_language(node.value)

    return sorted(node.lineno for node in ast.walk(ast.parse(source)) if compares(node))


def test_the_scan_finds_each_way_of_checking_a_language():
    source = """
a = lang == "sv"
b = "en" != lang
c = lang in ("sv", "en")
d = lang == "svg" or x == "sven" or lang in LANGS
match lang:
    case "en":
        pass
"""
    assert language_checks(source) == [2, 3, 4, 7]


def test_no_language_check_outside_the_language_module():
    found = {}
    for package in ("vandatta", "widgets"):
        for path in sorted((ROOT / package).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            lines = language_checks(path.read_text(encoding="utf-8"))
            if lines and name != LANGUAGE_MODULE:
                found[name] = lines
    new = {name: lines for name, lines in found.items() if name not in NOT_YET}
    assert not new, f"ask vandatta.lang or a catalog instead of comparing languages: {new}"
    done = sorted(NOT_YET - set(found))
    assert not done, f"these no longer compare a language: take them off NOT_YET: {done}"
    assert language_checks((ROOT / LANGUAGE_MODULE).read_text(encoding="utf-8"))  # the scan sees it there


# -- the localized-text value and the numbers ---------------------------------------------------


def test_a_local_text_is_a_frozen_value_that_pastes_back():
    name = LocalText(sv="Spelare 2", en="Player 2")
    assert eval(repr(name), {"LocalText": LocalText}) == name
    assert pickle.loads(pickle.dumps(name)) == name and hash(name) == hash(LocalText(**name.to_dict()))
    assert (
        {lang: name.text(lang) for lang in LANGS} == name.to_dict() == {"sv": "Spelare 2", "en": "Player 2"}
    )
    assert LocalText.from_dict(name.to_dict()) == name and name != LocalText(sv="Spelare 2", en="Player two")
    with pytest.raises(AttributeError):
        name.sv = "x"  # type: ignore[attr-defined]
    with pytest.raises(MissingText) as missing:
        LocalText(sv="bara svenska")
    assert isinstance(missing.value, ValueError) and missing.value.missing == ("en",)
    with pytest.raises(UnknownLanguage):
        LocalText(sv="a", en="b", de="c")
    with pytest.raises(TypeError):
        LocalText(sv="a", en=2)  # type: ignore[arg-type]
    with pytest.raises(UnknownLanguage):
        name.text("de")


def test_a_local_text_fills_its_fields_in_each_language():
    said = LocalText(sv="{who} drar {n}", en="{who} draws {n}").format(
        who=LocalText(sv="Alva", en="Alba"), n=3
    )
    assert said == LocalText(sv="Alva drar 3", en="Alba draws 3")
    assert LocalText.of(lambda lang: f"<{lang}>") == LocalText(sv="<sv>", en="<en>")
    verdict = Game.deal(players=2, seed=1).check("pass")
    assert said_in(verdict, "sv") == verdict.text("sv") and said_in(7, "en") == 7
    assert said_in(said, "en") == "Alba draws 3"


@given(st.integers(min_value=-3, max_value=10_000))
def test_one_plural_rule_chooses_every_counted_form(n):
    for lang in LANGS:
        assert plural(n, lang, one="one {n}", other="many {n}") == ("one 1" if n == 1 else f"many {n}")
    assert messages.count("cards", n, "en", digits=True) == (f"{n} card" if n == 1 else f"{n} cards")
    assert messages.count("cards", n, "sv", digits=True) == f"{n} kort"


@given(st.floats(min_value=-1e6, max_value=1e6, allow_nan=False), st.integers(min_value=0, max_value=4))
def test_numbers_are_written_as_each_language_writes_them(x, places):
    assert decimal(x, "sv", places) == decimal(x, "en", places).replace(".", ",")
    assert percent(x / 1e6, "sv") == percent(x / 1e6, "en").replace("%", " %")
