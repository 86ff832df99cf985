"""Every example in every docstring of the engine (``vandatta``) and the UI (``widgets``) runs
and is true: the modules are found by looking for ``>>>`` in their source, not from a list
kept by hand, so a new module's examples are run the day it is written."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# each package's folder and the name it is imported by (the UI's folder installs under the project's name)
PACKAGES = {"vandatta": "vandatta", "widgets": "vandatta_widgets"}


def modules_with_examples() -> list[str]:
    names = []
    for folder, package in PACKAGES.items():
        for path in sorted((ROOT / folder).rglob("*.py")):
            if ">>> " in path.read_text(encoding="utf-8"):
                parts = (package, *path.relative_to(ROOT / folder).with_suffix("").parts)
                names.append(".".join(parts).removesuffix(".__init__"))
    return names


MODULES = modules_with_examples()


def test_the_examples_are_found_in_both_layers():
    assert {
        "vandatta.game",
        "vandatta.ai.review",
        "vandatta_widgets.play.session",
        "vandatta_widgets.tables.table",
    } <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_examples(name):
    module = importlib.import_module(name)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report: list[str] = []
    for test in doctest.DocTestFinder().find(module, name):
        runner.run(test, out=report.append)
    results = runner.summarize(verbose=False)
    assert results.attempted > 0, f"{name} shows >>> but no example of it was found"
    assert results.failed == 0, "".join(report)
