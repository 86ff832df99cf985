"""The repository's own rulebook (docs/rules.sv.md, docs/rules.en.md) and glossary
(docs/glossary.md): the rules the engine has, under the engine's titles, with examples that run,
pointers a developer can follow, the same content in both languages, the glossary's words — and
nothing in the repository pointing at a file outside it.
"""

from __future__ import annotations

import doctest
import json
import re
import subprocess
import unicodedata
from pathlib import Path

import pytest

import vandatta as v
from tests.helpers import rulebook as rb
from tests.helpers.rulebook import LANGS, ROOT

# -- the rule ids and their titles ---------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_rulebook_has_exactly_the_engines_rule_ids(lang):
    ids = [rule_id for rule_id, _ in rb.rule_headings(lang)]
    assert ids, f"no rule headings ('### R1 …') found in {rb.RULEBOOKS[lang].name}"
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    assert not duplicates, f"{rb.RULEBOOKS[lang].name}: rules written twice: {duplicates}"
    only_here, only_engine = sorted(set(ids) - set(v.RULE_IDS)), sorted(set(v.RULE_IDS) - set(ids))
    assert not only_here and not only_engine, (
        f"{rb.RULEBOOKS[lang].name} and vandatta.rules.RULE_IDS disagree: "
        f"only in the rulebook {only_here}, only in the engine {only_engine}"
    )
    assert ids == list(v.RULE_IDS), "the rulebook lists the rules in the engine's order"


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_title_is_the_engines(lang):
    """The engine names a rule by ``rule_title(id, lang)`` (the widgets show it next to an
    explanation): the rulebook's heading and its developers' table use the very same words."""
    for rule_id, title in rb.rule_headings(lang):
        assert title == v.rule_title(rule_id, lang), (rule_id, lang)
    rows = rb.pointer_rows(lang)
    assert [row[0] for row in rows] == list(v.RULE_IDS), "the developers' table has a row per rule"
    for rule_id, title, _, _ in rows:
        assert title == v.rule_title(rule_id, lang), (rule_id, lang)


def test_both_languages_say_the_same():
    """Same rules in the same order, the same decided cases, the same examples in notation."""
    assert rb.rule_headings("sv") and [i for i, _ in rb.rule_headings("sv")] == [
        i for i, _ in rb.rule_headings("en")
    ]
    sv, en = rb.sections("sv"), rb.sections("en")
    for rule_id in v.RULE_IDS:
        decided_sv, decided_en = sv[rule_id].count("**Vårt val"), en[rule_id].count("**Decided")
        assert decided_sv == decided_en, f"{rule_id}: decided cases sv {decided_sv}, en {decided_en}"
        assert _notation(sv[rule_id]) == _notation(en[rule_id]), f"{rule_id}: different examples"
        assert _rule_refs(sv[rule_id]) == _rule_refs(en[rule_id]), f"{rule_id}: cites other rules"
    assert rb.code_blocks("sv") == rb.code_blocks("en"), "the examples' code differs between sv and en"


def _notation(section: str) -> list[str]:
    return re.findall(r"`([^`]+)`", section)


def _rule_refs(section: str) -> list[str]:
    return sorted(set(re.findall(r"\b([RVSO]\d{1,2})\b", section)))


@pytest.mark.parametrize("lang", LANGS)
def test_rules_cite_only_rules_that_exist(lang):
    cited = set(re.findall(r"\b([RVSO]\d{1,2})\b", rb.prose(rb.text(lang))))
    assert cited <= set(v.RULE_IDS), sorted(cited - set(v.RULE_IDS))


# -- what the rulebook says is what the engine does ----------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_rulebooks_examples_run(lang):
    result = doctest.testfile(
        str(rb.RULEBOOKS[lang]), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert result.attempted >= 80, "the rulebook lost its examples"
    assert result.failed == 0, f"{result.failed} example(s) of {rb.RULEBOOKS[lang].name} failed"


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_has_an_example(lang):
    """Each example block is introduced by the ids it shows ("R7 — …", "S2, O3 — …")."""
    page = rb.text(lang)
    examples = page[page.index("```python") :]
    shown = set()
    for caption in re.findall(r"^((?:[RVSO]\d{1,2}(?:, )?)+)\b", examples, re.M):
        shown.update(re.findall(r"[RVSO]\d{1,2}", caption))
    assert shown == set(v.RULE_IDS), f"rules without an example: {sorted(set(v.RULE_IDS) - shown)}"


@pytest.mark.parametrize("rule_id", list(v.RULE_IDS))
def test_each_pointer_leads_to_the_rules_code_and_tests(rule_id):
    """The developers' table says where a rule lives ('git grep -nw R7 -- vandatta') and how to
    run its tests ('pytest tests/… -k test_r7_'): both must find something."""
    for lang in LANGS:
        rows = {row[0]: row for row in rb.pointer_rows(lang)}
        _, _, search, tests = rows[rule_id]
        assert search == f"git grep -nw {rule_id} -- vandatta", search
        engine = [
            p for p in (ROOT / "vandatta").rglob("*.py") if re.search(rf"\b{rule_id}\b", p.read_text("utf-8"))
        ]
        assert engine, f"no file of vandatta/ names {rule_id}"
        command = re.fullmatch(r"pytest (tests/\S+\.py)(?: -k (test_\w+))?", tests)
        assert command, f"{rule_id}: {tests!r} is not 'pytest tests/FILE.py [-k test_PREFIX]'"
        path, prefix = ROOT / command.group(1), command.group(2)
        assert path.is_file(), f"{rule_id}: {command.group(1)} does not exist"
        if prefix:
            found = re.findall(rf"^def ({prefix}\w*)\(", path.read_text("utf-8"), re.M)
            assert found, f"{rule_id}: no test in {command.group(1)} starts with {prefix}"


# -- words ---------------------------------------------------------------------------------------


def test_the_glossary_gives_one_word_per_idea():
    rows = rb.glossary_rows()
    assert len(rows) >= 40, "the glossary lost its rows"
    for lang in LANGS:
        owner: dict[str, int] = {}
        for n, row in enumerate(rows):
            for word in rb.chosen_words(row[lang]):
                assert owner.setdefault(word, n) == n, f"{lang}: {word!r} is chosen for two ideas"
    chosen = {w for row in rows for lang in LANGS for w in rb.chosen_words(row[lang])}
    for row in rows:
        for word in rb.avoided_words(row["avoid"]):
            assert word not in chosen, f"{word!r} is both chosen and to be avoided"


@pytest.mark.parametrize("lang", LANGS)
def test_the_rulebook_uses_the_glossarys_words(lang):
    words = re.findall(r"[\w'-]+", rb.prose(rb.text(lang)).lower())
    text = " ".join(words)
    for row in rb.glossary_rows():
        for avoided in rb.avoided_words(row["avoid"]):
            phrase = " ".join(re.findall(r"[\w'-]+", avoided))
            found = re.search(rf"(?<![\w'-]){re.escape(phrase)}(?![\w'-])", text)
            assert not found, (
                f"{rb.RULEBOOKS[lang].name} says {avoided!r} (…{text[found.start() - 40 : found.end() + 40]}…); "
                f"the glossary's word is {row[lang]!r}"
            )


# -- links ---------------------------------------------------------------------------------------


def test_the_readme_links_the_rulebook_in_both_languages_and_the_glossary():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rules = readme[readme.index("\n## Rules") :]
    rules = rules[: rules.find("\n## ", 1)]
    for target in ("docs/rules.sv.md", "docs/rules.en.md", "docs/glossary.md"):
        assert f"]({target})" in rules, f"README's Rules section does not link {target}"


def _slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens."""
    kept = "".join(ch for ch in heading.strip().lower() if ch in " -_" or unicodedata.category(ch)[0] in "LN")
    return kept.replace(" ", "-")


@pytest.mark.parametrize("page", ["README.md", "docs/rules.sv.md", "docs/rules.en.md", "docs/glossary.md"])
def test_links_in_the_documents_resolve(page):
    path = ROOT / page
    markdown = path.read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)\s]+)\)", markdown):
        if re.match(r"[a-z]+:", target):
            continue  # a web address
        file, _, anchor = target.partition("#")
        linked = (path.parent / file).resolve() if file else path
        assert linked.is_file(), f"{page}: the link {target!r} leads nowhere"
        assert linked.is_relative_to(ROOT), f"{page}: the link {target!r} leaves the repository"
        if anchor:
            headings = re.findall(r"^#{1,6} (.+)$", linked.read_text(encoding="utf-8"), re.M)
            assert anchor in {_slug(h) for h in headings}, f"{page}: no heading for #{anchor}"


# -- nothing points outside the repository -------------------------------------------------------

# An absolute path of a machine (/srv/…, /home/<user>/…, /Users/…, C:\Users\…, and the like).
_MACHINE_PATH = re.compile(
    r"(?<![\w.~/-])(?:/(?:work|root|srv|mnt|opt/[\w.-]+)/|/home/[\w.-]+/|/Users/[\w.-]+/|[A-Z]:\\Users\\)"
)
# A relative path that climbs: ../shared/rules, ../../x.
_CLIMB = re.compile(r"(?<![\w.])((?:\.\./)+[\w.-][\w./-]*)")


# This file holds examples of what the scans look for, so they read every tracked file but it.
_SCANNER = Path(__file__).resolve()


def _tracked_text_files() -> list[Path]:
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: no list of tracked files")
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.decode("utf-8")
    files = []
    for name in filter(None, listed.split("\0")):
        path = ROOT / name
        if not path.is_file() or path.resolve() == _SCANNER:
            continue  # deleted in the work tree but not yet in git; or this very file
        data = path.read_bytes()
        if b"\0" in data[:8192]:
            continue  # binary (a PNG)
        files.append(path)
    return files


def _climbs_out(path: Path, relative: str) -> bool:
    return not (path.parent / relative).resolve().is_relative_to(ROOT)


def _outside_references(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8", errors="replace")
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        where = f"{path.relative_to(ROOT)}:{number}"
        found += [f"{where}: {m.group(0)!r}" for m in _MACHINE_PATH.finditer(line)]
        found += [
            f"{where}: {m.group(1)!r} climbs out of the repository"
            for m in _CLIMB.finditer(line)
            if _climbs_out(path, m.group(1))
        ]
    return found


def test_the_scan_finds_what_it_looks_for():
    """The scan itself can fail: each kind of outside path is caught, inside ones are not."""
    for line in [
        # written in two pieces so that this file itself holds no such path
        'RULES = Path("/wo' + 'rk/shared/rules/RULES.md")',
        "see /ho" + "me/anna/vandatta/notes.txt",
        "cp /ro" + "ot/.cache/x .",
        "open C:\\Users\\anna\\game.json",
    ]:
        assert _MACHINE_PATH.search(line), line
    w, r = "wo" + "rk", "ro" + "ot"
    for line in [f"https://example.org/{w}/x", f"docs/{w}/x", f"~/{w}/x", f"a/{r}/b"]:
        assert not _MACHINE_PATH.search(line), line
    assert _CLIMB.search("[rules](../shared/rules/RULES.md)").group(1) == "../shared/rules/RULES.md"
    assert _climbs_out(ROOT / "README.md", "../shared/rules/RULES.md")
    assert _climbs_out(ROOT / "tests" / "test_lessons.py", "../../shared/rules/RULES.md")
    assert not _climbs_out(ROOT / "tests" / "test_lessons.py", "../docs/rules.en.md")
    assert _outside_references(ROOT / "docs" / "rules.en.md") == []


def test_nothing_in_the_repository_refers_to_a_path_outside_it():
    found = [hit for path in _tracked_text_files() for hit in _outside_references(path)]
    assert not found, "paths outside the repository (use the repository's own docs/):\n" + "\n".join(found)


# The shared rulebook and glossary the project started from lived outside the repository as
# RULES.md and GLOSSARY.md; the repository's own are docs/rules.{sv,en}.md and docs/glossary.md.
# These files still name the old ones and are to be changed by their owners; the list may only
# shrink: a file that stops naming them must leave the list, a new file may not start.
STILL_NAMING_THE_OLD_RULEBOOK: set[str] = set()  # empty now: every file names the repository's own


def test_documents_named_in_the_repository_are_in_it():
    names = {p.name for p in _tracked_text_files()}
    dangling: dict[str, list[str]] = {}
    for path in _tracked_text_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        for name in set(re.findall(r"(?<![\w/.-])((?:[\w.-]+/)*[\w.-]+\.md)\b", text)):
            if "/" in name:  # a path: from the file's folder, or from the repository's root
                known = (path.parent / name).is_file() or (ROOT / name).is_file()
            else:  # a bare name, as in "see README.md"
                known = name in names
            if not known:
                dangling.setdefault(str(path.relative_to(ROOT)), []).append(name)
    new = {f: n for f, n in dangling.items() if f not in STILL_NAMING_THE_OLD_RULEBOOK}
    assert not new, (
        f"documents that are not in the repository: {new} (use docs/rules.en.md, docs/glossary.md)"
    )
    fixed = sorted(STILL_NAMING_THE_OLD_RULEBOOK - set(dangling))
    assert not fixed, f"no longer naming an outside document: remove {fixed} from the list above"


def test_the_glossary_audit_finds_avoided_words(tmp_path):
    """scripts/glossary_audit.py reads the catalogs' sv/en entries and the lessons' prose,
    strings and outputs — but not names in code or {placeholders}."""
    from scripts.glossary_audit import hits

    (tmp_path / "catalog.py").write_text(
        'UI = {\n    "seed": {"sv": "Välj frö", "en": "Pick a {seed}"},\n    "motor": {"sv": "Ok", "en": "Fine"},\n}\n',
        encoding="utf-8",
    )
    lesson = {
        "cells": [
            {"cell_type": "markdown", "source": ["# Lektion\n", "Motorn svarar:"], "metadata": {}},
            {
                "cell_type": "code",
                "source": ["Game.deal(seed=1)\n", 'Quiz(prompt_en="Which option wins?")'],
                "outputs": [{"output_type": "stream", "name": "stdout", "text": ["ett parti\n"]}],
                "metadata": {},
                "execution_count": 1,
            },
        ],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (tmp_path / "sv").mkdir()
    (tmp_path / "sv" / "01-x.ipynb").write_text(json.dumps(lesson, indent=1), encoding="utf-8")
    found = {(name, word) for name, _, word, _, _ in hits(tmp_path, ["catalog.py"], ["sv"])}
    assert found == {
        ("catalog.py", "frö"),
        ("sv/01-x.ipynb", "motorn"),
        ("sv/01-x.ipynb", "option"),
        ("sv/01-x.ipynb", "parti"),
    }
