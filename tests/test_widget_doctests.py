"""The examples in the docstrings of the play table, the eight's buttons, the quizzes, the
exercises, the question before starting anew, the settings form and the word catalog are true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "widgets.play",
    "widgets.session",
    "widgets.declare",
    "widgets.confirm",
    "widgets.quiz",
    "widgets.exercise",
    "widgets.i18n",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report: list[str] = []
    for test in doctest.DocTestFinder().find(module, name):
        runner.run(test, out=report.append)
    results = runner.summarize(verbose=False)
    assert results.attempted > 0, f"{name} has no doctests"
    assert results.failed == 0, "".join(report)
