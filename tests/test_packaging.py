"""The packaging files agree: environment.yml (conda, Binder) pins what pyproject.toml pins.

environment.yml is read with a small line-based parser, so these tests need no PyYAML;
pyproject.toml with tomllib (Python 3.11+) or, on 3.10, tomli when it is installed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Packages that environment.yml lists but pyproject.toml's dependencies cannot: the
# interpreter and the installer. Python is checked against requires-python instead.
CONDA_ONLY = {"python", "pip"}

_REQUIREMENT = re.compile(r"\s*([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)(.*)", re.DOTALL)


def split_requirement(text: str) -> tuple[str, str]:
    """Split a requirement into its normalised name and its specifier without spaces.

    >>> split_requirement("IPyWidgets >= 8.1.5, <9")
    ('ipywidgets', '>=8.1.5,<9')
    >>> split_requirement("open_spiel")
    ('open-spiel', '')

    Extras, markers and URLs are not compared, so they raise ``ValueError``.
    """
    match = _REQUIREMENT.fullmatch(text)
    if match is None or any(c in match.group(2) for c in "[;@"):
        raise ValueError(f"cannot compare requirement {text!r}: only 'name' and 'name<specifier>' are known")
    name = re.sub(r"[-_.]+", "-", match.group(1)).lower()
    return name, re.sub(r"\s+", "", match.group(2))


def compare_pins(pip_requirements: list[str], conda_specs: list[str]) -> list[str]:
    """Every way the conda specs fail to repeat the pip requirements, one message each.

    An empty list means each pip requirement appears among the conda specs with the
    identical version specifier (spaces ignored, names compared as PEP 503 normalises them).
    """
    conda: dict[str, str] = {}
    problems = []
    for spec in conda_specs:
        name, version = split_requirement(spec)
        if name in conda:
            problems.append(f"{name}: listed twice in environment.yml")
        conda[name] = version
    for requirement in pip_requirements:
        name, version = split_requirement(requirement)
        if name not in conda:
            problems.append(
                f"{name}: pyproject.toml requires {version or 'any version'}, environment.yml lacks it"
            )
        elif conda[name] != version:
            problems.append(
                f"{name}: pyproject.toml requires {version or 'any version'}, "
                f"environment.yml {conda[name] or 'any version'}"
            )
    return problems


def _unquote(value: str) -> str:
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        return value[1:-1]
    return value


def parse_environment_yml(text: str) -> tuple[list[str], list[str]]:
    """The conda specs and the pip requirements of an environment.yml.

    Knows only the shape this project writes: a top-level ``dependencies:`` list of plain
    strings, one of which may be ``pip:`` with a nested block list or a ``[...]`` flow list.
    Anything else inside ``dependencies`` raises ``ValueError`` rather than being misread.
    """
    conda: list[str] = []
    pip: list[str] = []
    in_dependencies = False
    pip_indent: int | None = None  # indentation of the "- pip:" line while inside its list
    for number, raw in enumerate(text.splitlines(), start=1):
        line = re.sub(r"(^|\s)#.*", "", raw).rstrip()
        if not line:
            continue
        indent = len(line) - len(line.lstrip())
        if indent == 0:
            in_dependencies = line == "dependencies:"
            pip_indent = None
            continue
        if not in_dependencies:
            continue
        item = line.strip()
        if not item.startswith("- "):
            raise ValueError(f"environment.yml line {number}: expected a '- ' list item, got {raw!r}")
        value = item[2:].strip()
        if pip_indent is not None and indent > pip_indent:
            pip.append(_unquote(value))
            continue
        pip_indent = None
        if value.startswith("pip:"):
            rest = value[len("pip:") :].strip()
            if not rest:
                pip_indent = indent
            elif rest.startswith("[") and rest.endswith("]"):
                pip.extend(_unquote(part.strip()) for part in rest[1:-1].split(",") if part.strip())
            else:
                raise ValueError(f"environment.yml line {number}: cannot read the pip list {raw!r}")
            continue
        conda.append(_unquote(value))
    return conda, pip


def _load_pyproject() -> dict:
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        try:
            import tomli as tomllib
        except ModuleNotFoundError:
            pytest.skip("reading pyproject.toml needs tomllib (Python 3.11+) or the tomli package")
    with (ROOT / "pyproject.toml").open("rb") as f:
        return tomllib.load(f)


@pytest.fixture(scope="module")
def pyproject() -> dict:
    return _load_pyproject()


@pytest.fixture(scope="module")
def environment() -> tuple[list[str], list[str]]:
    return parse_environment_yml((ROOT / "environment.yml").read_text(encoding="utf-8"))


# --- the comparison and the parser themselves ---------------------------------------------


def test_split_requirement_normalises_names_and_spaces():
    assert split_requirement("IPyWidgets >= 8.1.5, <9") == ("ipywidgets", ">=8.1.5,<9")
    assert split_requirement("open_spiel") == ("open-spiel", "")
    with pytest.raises(ValueError, match="cannot compare"):
        split_requirement("pytest[extra]>=8")
    with pytest.raises(ValueError, match="cannot compare"):
        split_requirement("tomli; python_version < '3.11'")


def test_compare_pins_accepts_identical_specifiers():
    assert compare_pins(["ipywidgets >=8.1.5, <9", "Voila"], ["ipywidgets>=8.1.5,<9", "voila"]) == []


def test_compare_pins_reports_a_different_specifier():
    problems = compare_pins(["voila>=0.5.8,<0.6"], ["voila>=0.5.8,<0.7"])
    assert problems == ["voila: pyproject.toml requires >=0.5.8,<0.6, environment.yml >=0.5.8,<0.7"]


def test_compare_pins_reports_a_missing_pin_and_a_missing_package():
    assert compare_pins(["ipykernel>=6.29"], ["ipykernel"]) == [
        "ipykernel: pyproject.toml requires >=6.29, environment.yml any version"
    ]
    assert compare_pins(["anywidget>=0.9.13"], ["voila"]) == [
        "anywidget: pyproject.toml requires >=0.9.13, environment.yml lacks it"
    ]


def test_compare_pins_reports_a_duplicate():
    assert compare_pins([], ["voila", "voila>=0.5"]) == ["voila: listed twice in environment.yml"]


def test_parse_environment_yml_reads_block_and_flow_pip_lists():
    block = """\
# a comment
name: demo
channels:
  - conda-forge
dependencies:
  - python>=3.10   # trailing comment
  - "voila>=0.5.8,<0.6"
  - pip
  - pip:
      - -e .
      - tomli
variables:
  - not-a-dependency
"""
    assert parse_environment_yml(block) == (["python>=3.10", "voila>=0.5.8,<0.6", "pip"], ["-e .", "tomli"])
    flow = 'dependencies:\n  - pip\n  - pip: ["-e .", tomli]\n  - voila\n'
    assert parse_environment_yml(flow) == (["pip", "voila"], ["-e .", "tomli"])


def test_parse_environment_yml_refuses_what_it_cannot_read():
    with pytest.raises(ValueError, match="line 2"):
        parse_environment_yml("dependencies:\n  python: 3.11\n")


# --- the project's own files ------------------------------------------------------------------


def test_environment_pins_every_base_dependency_like_pyproject(pyproject, environment):
    conda, _pip = environment
    dependencies = pyproject["project"]["dependencies"]
    assert dependencies, "pyproject.toml lists no base dependencies"
    assert compare_pins(dependencies, [s for s in conda if split_requirement(s)[0] not in CONDA_ONLY]) == []


def test_environment_lists_nothing_beyond_pyproject(pyproject, environment):
    conda, _pip = environment
    wanted = {split_requirement(r)[0] for r in pyproject["project"]["dependencies"]} | CONDA_ONLY
    extra = [s for s in conda if split_requirement(s)[0] not in wanted]
    assert extra == [], "environment.yml has conda packages that pyproject.toml does not require"


def test_environment_python_matches_requires_python(pyproject, environment):
    conda, _pip = environment
    pythons = [split_requirement(s)[1] for s in conda if split_requirement(s)[0] == "python"]
    assert pythons == [re.sub(r"\s+", "", pyproject["project"]["requires-python"])]


def test_environment_installs_the_package_editable(environment):
    conda, pip = environment
    assert "pip" in conda
    assert "-e ." in pip


def _installed_name(folder: Path, package_dirs: dict[str, str]) -> str:
    """The name a package folder installs under, given pyproject's ``package-dir``."""
    parts = folder.relative_to(ROOT).parts
    for name, where in package_dirs.items():
        if parts[: len(Path(where).parts)] == Path(where).parts:
            return ".".join((name, *parts[len(Path(where).parts) :]))
    return ".".join(parts)


def test_every_package_folder_is_installed(pyproject):
    """A subpackage left out of pyproject's list is left out of the wheel, and so of the static
    site, where the lessons then fail to import (vandatta.words was once)."""
    settings = pyproject["tool"]["setuptools"]
    package_dirs = settings.get("package-dir", {})
    folders = [
        init.parent
        for top in ("vandatta", "widgets")
        for init in sorted((ROOT / top).rglob("__init__.py"))
        if "__pycache__" not in init.parts
    ]
    wanted = {_installed_name(folder, package_dirs) for folder in folders}
    assert "vandatta_widgets.base.words" in wanted and "vandatta.words" in wanted
    assert wanted == set(settings["packages"]), (
        sorted(wanted - set(settings["packages"])),
        sorted(set(settings["packages"]) - wanted),
    )
