"""Every engine module's doctests run and pass (the examples in the docstrings are true)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "vandatta",
    "vandatta.cards",
    "vandatta.moves",
    "vandatta.rules",
    "vandatta.explain",
    "vandatta.game",
    "vandatta.record",
    "vandatta.recordformat",
    "vandatta.messages",
    "vandatta.view",
    "vandatta.shuffling",
    "vandatta.svg",
    "vandatta.invariants",
    "vandatta.serve",
    "vandatta.cli",
    "vandatta.scoring",
    "vandatta.ai",
    "vandatta.ai.simulate",
    "vandatta.ai.players",
    "vandatta.ai.hint",  # (import_module gives the module, not the function of that name)
    "vandatta.ai.features",
    "vandatta.ai.review",
    "vandatta.ai.puzzles",
    "vandatta.ai.styles",
    "vandatta.ai.strategy",
    "vandatta.ai.inference",
    "vandatta.ai.common_numbers",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report: list[str] = []
    for test in finder.find(module, name):
        runner.run(test, out=report.append)
    results = runner.summarize(verbose=False)
    assert results.attempted > 0, f"{name} has no doctests"
    assert results.failed == 0, "".join(report)


def test_every_module_with_examples_is_listed():
    """A new module's examples are run too: each module of the package whose source shows a
    ``>>>`` example is in MODULES."""
    from pathlib import Path

    root = Path(importlib.import_module("vandatta").__file__).parent
    with_examples = {
        ".".join(("vandatta", *path.relative_to(root).with_suffix("").parts)).removesuffix(".__init__")
        for path in root.rglob("*.py")
        if ">>> " in path.read_text(encoding="utf-8")
    }
    assert with_examples - set(MODULES) == set()
