"""The lessons in notebooks/sv and notebooks/en: the same code in both languages, every rule
id of the rulebook (docs/rules.sv.md, docs/rules.en.md) taught and practised, clean notebooks, and every "try it" exercise solvable
through its own widget.

Executing the notebooks with their outputs is nbval's job (``pytest --nbval-lax notebooks/``);
here the code cells are also run in-process, so that the exercises and quizzes they build can
be inspected and answered.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import nbformat
import pytest

import vandatta as v
from tests.helpers.rulebook import LANGS as RULEBOOK_LANGS
from tests.helpers.rulebook import rule_headings
from vandatta_widgets.lessons import exercise as ex
from vandatta_widgets.lessons import quiz as qz

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
LANGS = ("sv", "en")
CHECK = "nbval-check-output"  # nbval's cell tag: compare this cell's stored output
LANG_LINE = re.compile(r'^LANG = "(sv|en)"$', re.M)
RULE_ID = re.compile(r"\b([RVSO]\d{1,2})\b")


def lessons(lang: str) -> list[Path]:
    return sorted((NOTEBOOKS / lang).glob("[0-9][0-9]-*.ipynb"))


def names(lang: str) -> list[str]:
    return [p.name for p in lessons(lang)]


@functools.cache
def read(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


def code_cells(path: Path) -> list[str]:
    return [c.source for c in read(path).cells if c.cell_type == "code"]


def prose(path: Path) -> str:
    return "\n".join(c.source for c in read(path).cells if c.cell_type == "markdown")


def meta(path: Path) -> dict:
    return read(path).metadata["vandatta"]


def all_rule_ids() -> set[str]:
    """Every rule id, as the engine and the repository's own rulebook (in both languages) have it."""
    ids = set(v.RULE_IDS)
    for lang in RULEBOOK_LANGS:
        found = {rule_id for rule_id, _ in rule_headings(lang)}
        assert found == ids, f"docs/rules.{lang}.md and vandatta.RULE_IDS disagree: {sorted(found ^ ids)}"
    return ids


ALL = [(lang, name) for lang in LANGS for name in names(lang)]


# -- the set of lessons ------------------------------------------------------------------------


def test_both_languages_have_the_same_lessons():
    assert names("sv"), "no lessons found"
    assert names("sv") == names("en")
    numbers = [int(n[:2]) for n in names("sv")]
    assert numbers == list(range(1, len(numbers) + 1)), "lessons are numbered 01, 02, … without gaps"
    for name in names("sv"):
        assert re.fullmatch(r"\d\d-[a-z0-9]+(-[a-z0-9]+)*\.ipynb", name), name


@pytest.mark.parametrize("name", names("sv"))
def test_same_code_in_both_languages(name):
    sv, en = code_cells(NOTEBOOKS / "sv" / name), code_cells(NOTEBOOKS / "en" / name)
    assert len(sv) == len(en)
    for lang, cells in (("sv", sv), ("en", en)):
        assert LANG_LINE.findall(cells[0]) == [lang], (
            f"{lang}/{name}: the first code cell sets LANG = {lang!r} once"
        )
        assert not any(LANG_LINE.search(c) for c in cells[1:]), (
            f"{lang}/{name}: LANG is set only in the first cell"
        )
    normal = [LANG_LINE.sub('LANG = "…"', c) for c in sv]
    assert normal == [LANG_LINE.sub('LANG = "…"', c) for c in en]
    assert (
        read(NOTEBOOKS / "sv" / name).metadata["vandatta"]["rules_taught"]
        == meta(NOTEBOOKS / "en" / name)["rules_taught"]
    )
    assert (
        meta(NOTEBOOKS / "sv" / name)["rules_practised"] == meta(NOTEBOOKS / "en" / name)["rules_practised"]
    )


@pytest.mark.parametrize(("lang", "name"), ALL)
def test_notebook_is_clean(lang, name):
    nb = read(NOTEBOOKS / lang / name)
    assert nb.metadata["kernelspec"]["name"] == "python3"
    assert nb.metadata["vandatta"]["lang"] == lang
    assert "widgets" not in nb.metadata, "no stored widget state"
    nbformat.validate(nb)
    for cell in nb.cells:
        if cell.cell_type != "code":
            assert not cell.get("attachments"), "no attachments"
            continue
        if CHECK in cell.metadata.get("tags", []):
            # nbval compares these: they must hold the expected text, and nothing else
            assert cell.outputs, f"{name}: a {CHECK} cell needs its expected output stored"
            # printed text, or what the computer says (vandatta_widgets.lessons.chips.told: text and HTML)
            assert all(
                o.output_type == "stream" or (o.output_type == "execute_result" and "text/plain" in o.data)
                for o in cell.outputs
            ), name
        else:
            assert cell.outputs == [] and cell.execution_count is None, (
                f"{name}: stored output\n{cell.source}"
            )


@pytest.mark.parametrize(("lang", "name"), ALL)
def test_nbval_markers_are_tags_not_comments(lang, name):
    for cell in read(NOTEBOOKS / lang / name).cells:
        if cell.cell_type == "code":
            assert "NBVAL" not in cell.source.upper().replace("-", "_"), f"{lang}/{name}: {cell.source}"
    tagged = [c for c in read(NOTEBOOKS / lang / name).cells if CHECK in c.metadata.get("tags", [])]
    for cell in tagged:
        assert cell.cell_type == "code"


# Code a learner is invited to read or change stays open: the language, the variants' Rules in
# lesson 7 ("in code you switch a rule on with Rules"), the simulations lesson 10 asks to rerun.
OPEN_CODE = {
    "07-variants.ipynb": re.compile(r"print\(\*?v[123]\.check"),
    "10-what-simulations-say.ipynb": re.compile(r"tournament\(|play_match\(.*seed=s\)"),
    "11-play-smart.ipynb": re.compile(r"\brun\("),
}


@pytest.mark.parametrize(("lang", "name"), ALL)
def test_code_a_learner_does_not_need_is_collapsed(lang, name):
    """JupyterLab 4 and Notebook 7 honour ``metadata.jupyter.source_hidden``: the cell's code
    folds into a "…" bar while its output (the cards, the exercise) stays in view."""
    cells = [c for c in read(NOTEBOOKS / lang / name).cells if c.cell_type == "code"]
    assert not cells[0].metadata.get("jupyter", {}).get("source_hidden"), "the language cell stays open"
    opened = OPEN_CODE.get(name)
    for cell in cells[1:]:
        folded = cell.metadata.get("jupyter", {}).get("source_hidden") is True
        if opened is not None and opened.search(cell.source):
            assert not folded, f"{lang}/{name}: the prose asks the learner to read this code\n{cell.source}"
        else:
            assert folded, f"{lang}/{name}: this cell's code should be collapsed\n{cell.source}"
    for cell in read(NOTEBOOKS / lang / name).cells:
        assert set(cell.metadata.get("jupyter", {})) <= {"source_hidden", "outputs_hidden"}
        assert not cell.metadata.get("collapsed") and not cell.metadata.get("jupyter", {}).get(
            "outputs_hidden"
        )


@pytest.mark.parametrize(("lang", "name"), ALL)
def test_no_answer_stands_in_a_code_cell(lang, name):
    """A quiz's answer and explanation come from the engine through vandatta_widgets.lessons.quiz, never from
    the lesson's code (where a learner could read it off)."""
    for source in code_cells(NOTEBOOKS / lang / name):
        assert not re.search(r"\b(answer|explain_sv|explain_en|explain)\s*=", source), source
        assert "Quiz(" not in source, (
            f"{lang}/{name}: use a builder of vandatta_widgets.lessons.quiz\n{source}"
        )


@pytest.mark.parametrize(("lang", "name"), ALL)
def test_notebook_is_thin(lang, name):
    for source in code_cells(NOTEBOOKS / lang / name):
        # an import wrapped over several lines by the formatter is one line: a list of names
        imports = [n for n in ast.parse(source).body if isinstance(n, (ast.Import, ast.ImportFrom))]
        lines = len(source.splitlines()) - sum(n.end_lineno - n.lineno for n in imports)
        assert lines <= 16, f"{name}: a long code cell\n{source}"
        assert not re.search(r"^\s*(def|class) ", source, re.M), (
            f"{name}: no functions or classes in a lesson"
        )
        assert "import random" not in source and "legal_moves" not in source, (
            f"{name}: no rule logic in a lesson"
        )


@pytest.mark.parametrize("name", names("sv"))
def test_seeded(name):
    for source in code_cells(NOTEBOOKS / "sv" / name):
        for call in re.findall(
            r"\b(?:Game\.deal|play_match|tournament|PlayTable|Match)\(([^()]*(?:\([^()]*\)[^()]*)*)\)", source
        ):
            assert "seed=" in call, f"{name}: unseeded call {call!r}"


# -- rules taught and practised -----------------------------------------------------------------


def test_every_rule_is_taught_and_practised():
    ids = all_rule_ids()
    for lang in LANGS:
        taught = set().union(*(meta(p)["rules_taught"] for p in lessons(lang)))
        practised = set().union(*(meta(p)["rules_practised"] for p in lessons(lang)))
        assert taught == ids, f"{lang}: not taught: {sorted(ids - taught)}; unknown: {sorted(taught - ids)}"
        assert practised == ids, (
            f"{lang}: not practised: {sorted(ids - practised)}; unknown: {sorted(practised - ids)}"
        )


CHIPS_CALL = re.compile(r"^chips\(([^()]*), lang=LANG\)$", re.M)


def chip_keys(path: Path) -> list[str]:
    """The rule ids and words of the lesson's chips (``chips("R4", "talong", lang=LANG)`` cells)."""
    return [
        k
        for source in code_cells(path)
        for args in CHIPS_CALL.findall(source)
        for k in ast.literal_eval(f"[{args}]")
    ]


@pytest.mark.parametrize(("lang", "name"), ALL)
def test_taught_rules_have_their_chip(lang, name):
    """A rule a lesson teaches is a chip beside the prose that teaches it, which a child taps to
    read the rule in a child's words (vandatta_widgets.lessons.chips); every chip names a real rule or word."""
    from vandatta_widgets.lessons.chips import WORDS

    keys = chip_keys(NOTEBOOKS / lang / name)
    cited = {k for k in keys if RULE_ID.fullmatch(k)}
    for rule in meta(NOTEBOOKS / lang / name)["rules_taught"]:
        assert rule in cited, f"{lang}/{name}: teaches {rule} but shows no chip for it"
    assert cited <= set(v.RULE_IDS), f"{lang}/{name}: unknown rule ids {sorted(cited - set(v.RULE_IDS))}"
    assert set(keys) - cited <= set(WORDS), (
        f"{lang}/{name}: unknown words {sorted(set(keys) - cited - set(WORDS))}"
    )


SWEDISH = {"och", "att", "du", "är", "det", "som", "en", "på", "med", "kort", "inte", "har"}
ENGLISH = {"the", "and", "you", "is", "of", "to", "with", "card", "not", "your"}


@pytest.mark.parametrize("name", names("sv"))
def test_prose_is_in_its_language(name):
    def words(path):
        return re.findall(r"[a-zåäöé]+", prose(path).lower())

    sv, en = words(NOTEBOOKS / "sv" / name), words(NOTEBOOKS / "en" / name)
    assert sum(w in SWEDISH for w in sv) > 0.12 * len(sv), f"sv/{name} does not read as Swedish"
    assert any(ch in "".join(sv) for ch in "åäö")
    assert sum(w in ENGLISH for w in sv) < 0.03 * len(sv), f"sv/{name} has English in it"
    assert sum(w in ENGLISH for w in en) > 0.12 * len(en), f"en/{name} does not read as English"
    assert sum(w in {"och", "att", "inte", "kort"} for w in en) < 0.02 * len(en), (
        f"en/{name} has Swedish in it"
    )
    assert prose(NOTEBOOKS / "sv" / name).lstrip().startswith("# Lektion ")
    assert prose(NOTEBOOKS / "en" / name).lstrip().startswith("# Lesson ")


# -- the exercises, answered through their widgets ------------------------------------------------


def built(lang: str, name: str) -> tuple:
    """The exercises and quizzes the lesson builds (its code cells run in-process)."""
    return run(lang, name)[0]


@functools.cache
def run(lang: str, name: str) -> tuple[tuple, dict]:
    """Run the lesson's code cells in-process; return the exercises and quizzes it built,
    and the names its cells defined."""
    made: list = []
    originals = {cls: cls.__init__ for cls in (ex.Exercise, qz.Quiz)}

    def recording(cls):
        def init(self, *args, **kwargs):
            originals[cls](self, *args, **kwargs)
            made.append(self)

        return init

    try:
        for cls in originals:
            cls.__init__ = recording(cls)
        namespace: dict = {"__name__": "__lesson__"}
        for i, source in enumerate(code_cells(NOTEBOOKS / lang / name)):
            exec(compile(source, f"{lang}/{name} cell {i + 1}", "exec"), namespace)  # our own lessons
    finally:
        for cls, init in originals.items():
            cls.__init__ = init
    return tuple(made), namespace


@pytest.mark.parametrize(("lang", "name"), ALL)
def test_every_exercise_is_answered_right_by_the_engine(lang, name):
    made = built(lang, name)
    exercises = [m for m in made if isinstance(m, ex.Exercise)]
    quizzes = [m for m in made if isinstance(m, qz.Quiz)]
    for e in exercises:
        assert e.lang == lang
        moves = e.solve()
        assert moves is not None, f"{name}: an exercise has no answer: {e.prompts.text('en')}"
        for move in moves:
            status = e.attempt_move(move)
            assert status in ("legal", "right"), f"{name}: {move} → {status}: {e.message}"
        assert e.status == "right", f"{name}: {e.prompts.text('en')}"
        e.reset_button.click()
    for q in quizzes:
        assert q.lang == lang
        right = [i for i, (_, value) in enumerate(q.choices) if value == q.answer]
        # every wrong answer is told why it is wrong (the engine's reason), then the right one
        # gets the whole explanation
        for i, (label, value) in enumerate(q.choices):
            if value == q.answer:
                continue
            assert q.choose(i) == "wrong"
            assert q.options[i].reasons(lang), f"{lang}/{name}: no reason for the wrong answer {label!r}"
            assert q.message.count(".") >= 2, q.message
        assert q.choose(right[0]) == "right"
        assert q.explain(lang), (
            f"{lang}/{name}: the right answer of {q.prompts.text(lang)!r} is not explained"
        )


@pytest.mark.parametrize(("lang", "name"), ALL)
def test_practised_rules_come_from_the_exercises(lang, name):
    made = built(lang, name)
    practised = set().union(*(m.practises for m in made)) if made else set()
    claimed = set(meta(NOTEBOOKS / lang / name)["rules_practised"])
    assert claimed <= practised, f"{lang}/{name}: claims to practise {sorted(claimed - practised)}"
    assert made, f"{name}: every lesson has a try-it exercise"


def test_the_simulation_lesson_says_what_its_numbers_show():
    """Lesson 10's prose draws conclusions from seeded simulations: keep them true."""
    for lang in LANGS:
        _, ns = run(lang, "10-what-simulations-say.ipynb")
        rounds = {e["label"]: e for e in ns["rounds"]["entries"]}
        games = {e["label"]: e for e in ns["games"]["entries"]}
        # "thinking pays off": the expert beats the beginner beyond the uncertainty, who beats random
        assert rounds["expert"]["ci95"][0] > rounds["beginner"]["ci95"][1]
        assert rounds["beginner"]["win_rate"] > rounds["random"]["win_rate"]
        # "the expert wins even more often in the game to 100"
        assert games["expert"]["win_rate"] > rounds["expert"]["win_rate"]
        # the points chart: the expert's average total stays the lowest
        finals = [m.totals for m in ns["matches"]]
        assert sum(t[0] for t in finals) < min(sum(t[1] for t in finals), sum(t[2] for t in finals))
        assert ns["tip"].move.is_play and len(ns["tip"].move.cards) == 2  # "both sevens"


def test_the_strategy_lesson_says_what_its_numbers_show():
    """Lesson 11's prose reads its figures: keep what it says about them true."""
    from vandatta.ai import strategy
    from vandatta.ai.review import Grade, Review

    for lang in LANGS:
        _, ns = run(lang, "11-play-smart.ipynb")
        # "after 200 rounds they look exactly equally good: each won about half", "the whiskers
        # reach both below and above the dashed line", "the 200 rounds are the first of them"
        first = {e["player"]: e for e in ns["first"]["entries"]}
        assert ns["first"]["games"] == 200
        assert all(round(100 * e["win_rate"]) == 50 for e in first.values())
        assert all(e["ci95"][0] < 0.5 < e["ci95"][1] for e in first.values())
        assert [first[p]["wins"] for p in ("expert", "eight_at_once")] == strategy.stored_run("eight")[
            "check"
        ]["wins"]
        # "with that many rounds the whiskers are short", and above the line for every idea
        for key in strategy.IDEAS:
            stored = strategy.stored_run(key)
            assert stored["games"] == 20_000 and stored["entries"][0]["ci95"][0] > 0.5
    # "the review opens at move 3: two eights, the jack of hearts fits; Player 1 lays both"
    game = strategy.reviewed_round()
    decision = Review.from_game(game).decision(strategy.REVIEWED["show"])
    before = game.replay(decision.ply - 1)
    assert decision.ply == 3 and sum(c.is_eight for c in before.hand(0)) == 2
    assert v.Card.parse("J♥") in before.hand(0) and str(decision.best) == "J♥"
    assert [c.is_eight for c in decision.move.cards] == [True, True]
    assert decision.grade in (Grade.MISTAKE, Grade.BLUNDER)
    # "tap the other moves under the chart (6, 11 and 14)"; "Player 3 went out and won the round"
    assert [d.ply for d in Review.from_game(game).decisions] == [3, 6, 11, 14]
    assert game.winner == 2
    # the exercise of idea 4: Player 2 drew on the nine of spades and holds two cards, no spade, no nine
    _, ns = run("en", "11-play-smart.ipynb")
    watch = ns["watch"]
    assert watch.hand_sizes[1] == 2 and watch.top == v.Card.parse("9♥")
    assert not any(c.suit is v.Suit.SPADES or c.rank is v.Rank.NINE for c in watch.hand(1))
    assert [str(watch.move_at(p)) for p in (1, 2, 3)] == ["9♠", "draw", "9♥"]
