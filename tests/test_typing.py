"""The type checker's settings hold what CONTRIBUTING.md promises: mypy checks both packages,
every module of them, and a ``type: ignore`` names its error code and says why (``.ci/run``
runs mypy itself)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("vandatta", "widgets")

# `# type: ignore[code]  # why`: the code, then a comment that says why
_IGNORE = re.compile(r"#\s*type:\s*ignore\b(?P<codes>\[[^\]]*\])?(?P<rest>.*)$")

# Ignores written before mypy ran (issue 44) without a reason, in modules other work was
# rewriting this session: at most this many per file. Give each a reason (or remove it) and
# lower its count; no other file may gain one.
_BEFORE_MYPY = {
    "vandatta/ai/common_numbers.py": 2,
    "vandatta/ai/drills.py": 2,
}


def ignores_without_reason(text: str) -> list[tuple[int, str]]:
    """The lines (number, text) whose ``type: ignore`` lacks a code or a reason after it.

    >>> ignores_without_reason("x = f()  # type: ignore[arg-type]  # f is untyped\\n")
    []
    >>> ignores_without_reason("x = f()  # type: ignore[arg-type]\\ny = g()  # type: ignore\\n")
    [(1, 'x = f()  # type: ignore[arg-type]'), (2, 'y = g()  # type: ignore')]
    """
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        match = _IGNORE.search(line)
        if match is None:
            continue
        reason = match.group("rest").strip().lstrip("#").strip()
        if not match.group("codes") or not match.group("rest").strip().startswith("#") or not reason:
            found.append((number, line.strip()))
    return found


def _pyproject() -> dict:
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        tomllib = pytest.importorskip("tomli")
    with (ROOT / "pyproject.toml").open("rb") as f:
        return tomllib.load(f)


def _sources() -> dict[str, str]:
    return {
        str(path.relative_to(ROOT)): path.read_text(encoding="utf-8")
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
    }


def test_mypy_checks_both_packages():
    mypy = _pyproject()["tool"]["mypy"]
    assert mypy["files"] == list(PACKAGES)
    assert mypy["check_untyped_defs"] is True
    assert "ignore-without-code" in mypy["enable_error_code"]


def test_mypy_skips_no_module_of_ours():
    """Every module is checked: an override may only excuse third-party packages' missing types."""
    overrides = _pyproject()["tool"]["mypy"].get("overrides", [])
    assert [o for o in overrides if o.get("ignore_errors")] == []
    ours = [m for o in overrides for m in o["module"] if m.split(".")[0] in PACKAGES]
    assert ours == []


def test_every_type_ignore_has_a_code_and_a_reason():
    missing = {name: ignores_without_reason(text) for name, text in _sources().items()}
    too_many = {name: lines for name, lines in missing.items() if len(lines) > _BEFORE_MYPY.get(name, 0)}
    assert too_many == {}, "write '# type: ignore[code]  # why' (or fix the type instead)"


def test_a_type_ignore_without_a_reason_is_found():
    assert ignores_without_reason("a = 1  # type: ignore[misc]  #\n") == [
        (1, "a = 1  # type: ignore[misc]  #")
    ]
    assert ignores_without_reason("a = 1  # type: ignore[misc]  # the tuple's field\n") == []
    assert ignores_without_reason("a = 1  # a type: ignore is spelled so\n") == []
