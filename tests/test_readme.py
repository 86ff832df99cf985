"""The README's Python examples run as doctests: the tour cannot drift from the engine."""

import doctest
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_examples_run():
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 15, "the README lost its examples"
    assert result.failed == 0
