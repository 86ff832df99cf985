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
    "vandatta.scoring",
    "vandatta.ai",
    "vandatta.ai.simulate",
    "vandatta.ai.players",
    "vandatta.ai.hint",  # (import_module gives the module, not the function of that name)
    "vandatta.ai.features",
    "vandatta.ai.review",
    "vandatta.ai.puzzles",
    "vandatta.ai.styles",
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
