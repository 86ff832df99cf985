"""How the packages hang together: no import cycle in vandatta/ or widgets/ (module-level and
function-level imports alike) nor between the UI's levels (widgets' subpackages), ``import
vandatta`` loads no Jupyter package and not the computer players, and nothing reaches a private
member of another module (ruff SLF001) or imports a private name from one."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("vandatta", "widgets")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(path: Path, modules: set[str]) -> set[str]:
    """The project modules ``path`` imports anywhere — at module level, in functions and
    methods, in try blocks — except under ``if TYPE_CHECKING:``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    here = _module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    found: set[str] = set()

    def target(name: str) -> str | None:
        # the module itself if it is one of ours, else the package it names from
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                name = target(alias.name)
                if name:
                    found.add(name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
                prefix = ".".join(base)
                module = f"{prefix}.{node.module}" if node.module else prefix
            else:
                module = node.module or ""
            for alias in node.names:  # "from . import svg" imports the module vandatta.svg
                sub = target(f"{module}.{alias.name}")
                if sub and sub == f"{module}.{alias.name}":
                    found.add(sub)
                    continue
                name = target(module)
                if name:
                    found.add(name)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    found.discard(here)
    return found


def import_graph() -> dict[str, set[str]]:
    paths = [p for package in PACKAGES for p in sorted((ROOT / package).rglob("*.py"))]
    modules = {_module_name(p) for p in paths}
    return {_module_name(p): _imports(p, modules) for p in paths}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan), as sorted lists."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    counter = [0]

    def strong(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in graph:
                continue
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for v in sorted(graph):
        if v not in index:
            strong(v)
    return groups


def _package_init_edges(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """A package's __init__ importing its own modules is how packages work: leave those edges
    out of the cycle search (a module importing its package back would still be found)."""
    return {
        module: {d for d in deps if not (module in PACKAGES and d.startswith(module + "."))}
        for module, deps in graph.items()
    }


def test_the_import_graph_is_read_from_the_source():
    graph = import_graph()
    assert "vandatta.game" in graph["vandatta.view"]
    assert "vandatta.game" in graph["vandatta.record"]  # record sits above game, as pgn above the board
    assert "vandatta.record" not in graph["vandatta.game"]
    assert "vandatta.svg" in graph["vandatta.cards"]  # the lazy import of _repr_svg_
    assert "vandatta.game" not in graph["vandatta.svg"]  # TYPE_CHECKING imports are left out
    assert "vandatta.ai.hint" in graph["widgets.play.session"]  # imported inside PlaySession.hint


def test_the_cycle_finder_finds_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_cycles(package):
    graph = _package_init_edges(import_graph())
    cycles = [c for c in _cycles(graph) if any(m.split(".")[0] == package for m in c)]
    assert not cycles, f"import cycles in {package}/: {cycles}"


def test_the_layers_point_one_way():
    """notebooks → widgets → vandatta: the engine never imports the UI, and its core never
    the computer players."""
    graph = import_graph()
    for module, deps in graph.items():
        if module.startswith("vandatta"):
            assert not any(d.startswith("widgets") for d in deps), (module, deps)
        # (the command line runs tournaments on request)
        if (
            module.startswith("vandatta.")
            and not module.startswith("vandatta.ai")
            and module != "vandatta.cli"
        ):
            assert not any(d.startswith("vandatta.ai") for d in deps), (module, deps)
    # vandatta.lang (the languages' check and small words) is standard library only: the
    # leaves may use it
    assert not graph["vandatta.lang"], graph["vandatta.lang"]
    leaves = ("vandatta.messages", "vandatta.svg")
    for leaf in leaves:
        ours = {d for d in graph[leaf] if d not in ("vandatta.messages", "vandatta.lang", "vandatta.words")}
        assert not ours, (leaf, graph[leaf])
    # the words, one file per language, are plain data under the language module
    for module in ("vandatta.words", "vandatta.words.sv", "vandatta.words.en"):
        assert graph[module] <= {"vandatta.lang"}, (module, graph[module])


# widgets/ by level, bottom to top: a module imports its own level and those below, never one
# above (the order the widgets/__init__ docstring tells). Levels that do not import each other
# (the controls and the learner's model, lessons and tables, the server and the app) still get
# one place each, so that a new import between them has to go the one way.
UI_LEVELS = (
    "base",  # the language trait, the error guard, styles, the UI's words
    "controls",  # hands, piles, the move list, navigation, uploads, charts, the score board
    "learner",  # the learner's model: events, mastery, profiles, the record's store (no widget)
    "path",  # the record on the page: session, storage, sync, lesson plan, picture password
    "play",  # the play session (no widget) and the play table
    "lessons",  # exercises, quizzes, puzzles: they record progress through path.session
    "tables",  # the rooms (tables, the class's questions; no tornado, no store) and their tabs
    "replay",  # the replay viewer; its review asks the class's questions (tables.poll_tab)
    "server",  # Voilà, the command, the hub, every tornado handler, the stores, the class model
    "app",  # the dashboard, its page and "Min väg" (which opens the lessons)
)


def _level(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if parts[0] == "widgets" and len(parts) > 2 else None


def upward_imports(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Every import of a module from a level above its own (or from a level not in
    :data:`UI_LEVELS`), as (module, imported)."""
    rank = {level: n for n, level in enumerate(UI_LEVELS)}
    found = []
    for module, deps in sorted(graph.items()):
        here = _level(module)
        if here is None:
            continue
        for dep in sorted(deps):
            there = _level(dep)
            if there is not None and rank.get(there, len(rank)) > rank.get(here, -1):
                found.append((module, dep))
    return found


def test_the_ui_levels_point_down():
    """Every subpackage of widgets/ has its place in :data:`UI_LEVELS`, and no module imports a
    level above its own: the base needs no other level, the controls only the base, nothing
    needs the app but the package's own lazy map, and the tables' rooms know no server."""
    graph = import_graph()
    assert {_level(m) for m in graph} - {None} == set(UI_LEVELS)
    assert upward_imports(graph) == [], "an import from a level above: move it down, or the importer up"


def test_the_package_tells_the_same_order():
    """The widgets package's docstring names the levels in the order the test holds."""
    doc = (ROOT / "widgets" / "__init__.py").read_text(encoding="utf-8")
    paragraph = doc[doc.index("The package is built in levels") :].split("\n\n")[0]
    named = [word for word in paragraph.split("``")[1::2] if word in UI_LEVELS]
    assert named == list(UI_LEVELS), named


def test_an_upward_import_is_found():
    graph = {
        "widgets.base.i18n": {"vandatta.lang"},
        "widgets.tables.made_up": {"widgets.server.classes", "widgets.tables.service", "widgets.base.i18n"},
        "widgets.app.dashboard": {"widgets.server.serve", "widgets.base.i18n"},
        "widgets.elsewhere.x": {"widgets.base.i18n"},
        "widgets.base.style": {"widgets.elsewhere.y"},
    }
    assert upward_imports(graph) == [
        ("widgets.base.style", "widgets.elsewhere.y"),  # a level with no place is above all
        ("widgets.elsewhere.x", "widgets.base.i18n"),  # ... and below none
        ("widgets.tables.made_up", "widgets.server.classes"),
    ]


def level_graph(graph: dict[str, set[str]]) -> dict[str, dict[str, list[tuple[str, str]]]]:
    """widgets/ by level: for each level, the levels it imports and through which modules."""
    levels: dict[str, dict[str, list[tuple[str, str]]]] = {}
    for module, deps in graph.items():
        here = _level(module)
        if here is None:
            continue
        for dep in sorted(deps):
            there = _level(dep)
            if there is None or there == here:
                continue
            levels.setdefault(here, {}).setdefault(there, []).append((module, dep))
    return levels


def test_the_ui_levels_form_no_cycle():
    """The levels of widgets/ stand in one order: no two levels import each other, however far
    round (play → replay → tables → play was such a circle)."""
    levels = level_graph(import_graph())
    cycles = _cycles({level: set(used) for level, used in levels.items()})
    through = {
        ", ".join(cycle): [
            edge for a in cycle for b in cycle if b in levels.get(a, {}) for edge in levels[a][b]
        ]
        for cycle in cycles
    }
    assert not cycles, f"the UI's levels import each other in a circle: {through}"


def test_a_cycle_between_levels_is_found():
    graph = {"widgets.a.x": {"widgets.b.y"}, "widgets.b.y": {"widgets.c.z"}, "widgets.c.z": {"widgets.a.w"}}
    assert _cycles({level: set(used) for level, used in level_graph(graph).items()}) == [["a", "b", "c"]]
    assert level_graph({"widgets.a.x": {"widgets.a.y", "vandatta.game"}}) == {}


def test_the_learner_model_imports_no_widget_library():
    """widgets/learner/ is a model below the UI (as widgets/play/session.py): it needs only the
    base level (words, problems) and the engine, and loads no Jupyter package."""
    graph = import_graph()
    learner = {m: deps for m, deps in graph.items() if m.startswith("widgets.learner")}
    assert "widgets.learner.events" in learner
    for module, deps in learner.items():
        assert {_level(d) for d in deps if _level(d)} <= {"base", "learner"}, (module, deps)
    loaded = _fresh_modules(
        "import json, sys\n"
        "import vandatta_widgets.learner.events, vandatta_widgets.learner.mastery, "
        "vandatta_widgets.learner.practice, vandatta_widgets.learner.rating, "
        "vandatta_widgets.learner.path, vandatta_widgets.learner.profiles, vandatta_widgets.learner.store\n"
        "print(json.dumps(sorted(sys.modules)))"
    )
    jupyter = [m for m in loaded if m.split(".")[0].startswith(_JUPYTER)]
    assert not jupyter, f"widgets.learner loaded {jupyter}"


def test_the_class_model_and_the_stores_are_below_the_web():
    """widgets/server/: the stores (db, rooms, table_store) and the class model (classes) need
    only the base, the learner's model, the lesson plan and the tables' codes and rooms, and load
    neither tornado nor Jupyter; only its handlers, the hub and Voilà know the web."""
    graph = import_graph()
    stores = (
        "widgets.server.db",
        "widgets.server.rooms",
        "widgets.server.table_store",
        "widgets.server.classes",
    )
    for name in stores:
        assert {_level(d) for d in graph[name] if _level(d)} <= {
            "base",
            "learner",
            "path",
            "tables",
            "server",
        }
    handlers = {"widgets.server.handlers", "widgets.server.table_handlers", "widgets.server.poll_handlers"}
    assert graph["widgets.server.classes"] & (handlers | {"widgets.tables.service"}) == set()
    names = ", ".join("vandatta_" + name for name in stores)
    loaded = _fresh_modules(f"import json, sys\nimport {names}\nprint(json.dumps(sorted(sys.modules)))")
    web = [m for m in loaded if m.split(".")[0] in ("tornado", *_JUPYTER)]
    assert not web, f"the stores and the class model loaded {web}"


def outside_imports(path: Path) -> set[str]:
    """The modules ``path`` imports from outside the project, anywhere in it (``tornado.web``
    for ``import tornado.web`` or ``from tornado.web import X``); relative imports are ours."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            names.add(node.module)
    return {
        name for name in names if name.split(".")[0] not in ("vandatta", "vandatta_widgets", "__future__")
    }


# what serves requests or keeps a database (a kernel's websocket client, app.visit, serves nothing)
_SERVING = (
    "tornado.web",
    "tornado.httpserver",
    "jupyterhub",
    "voila",
    "jupyter_server",
    "sqlite3",
    "sqlalchemy",
    "alembic",
)


def _serving(names: set[str]) -> list[str]:
    return sorted(n for n in names if any(n == s or n.startswith(s + ".") for s in _SERVING))


def test_only_the_server_listens_or_keeps_a_file():
    """The tornado handlers, the hub's service, Voilà and the stores live in widgets/server/:
    no other level imports a web server or a database (the tables' rooms are given their store)."""
    found = {
        str(path.relative_to(ROOT)): used
        for path in sorted((ROOT / "widgets").rglob("*.py"))
        if path.relative_to(ROOT).parts[1] != "server" and (used := _serving(outside_imports(path)))
    }
    assert found == {}, "move it to widgets/server/"


def test_an_outside_import_is_found(tmp_path):
    source = tmp_path / "m.py"
    source.write_text(
        "import tornado.web, json\nfrom sqlalchemy import select\nfrom . import rooms\n"
        "from vandatta import Game\n\ndef f():\n    import sqlite3\n",
        encoding="utf-8",
    )
    assert outside_imports(source) == {"tornado.web", "json", "sqlalchemy", "sqlite3"}
    assert _serving(outside_imports(source)) == ["sqlalchemy", "sqlite3", "tornado.web"]
    assert _serving({"tornado.websocket", "tornado.webx", "json"}) == []


_FRESH = """
import json, sys
import vandatta
v = vandatta.Game.deal(players=3, seed=1)
v.play(v.legal_moves()[0]).text("sv")
print(json.dumps(sorted(sys.modules)))
"""

_JUPYTER = (
    "ipywidgets",
    "IPython",
    "traitlets",
    "anywidget",
    "voila",
    "jupyter",
    "ipykernel",
    "comm",
    "nbformat",
)


def _fresh_modules(code: str) -> list[str]:
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT, timeout=120
    )
    return json.loads(out.stdout.splitlines()[-1])


def test_import_vandatta_loads_no_jupyter_package_nor_the_computer_players():
    loaded = _fresh_modules(_FRESH)
    jupyter = [m for m in loaded if m.split(".")[0].startswith(_JUPYTER)]
    assert not jupyter, f"import vandatta loaded {jupyter}"
    assert "vandatta.ai" not in loaded and not [m for m in loaded if m.startswith("vandatta.ai.")]
    assert "vandatta_widgets" not in loaded


def test_the_computer_players_load_when_first_asked_for():
    loaded = _fresh_modules(
        "import json, sys, vandatta\nvandatta.make_player\nprint(json.dumps(sorted(sys.modules)))"
    )
    assert "vandatta.ai" in loaded and "vandatta.ai.players" in loaded
    assert not [m for m in loaded if m.split(".")[0].startswith(_JUPYTER)]
    import vandatta

    for name in ("hint", "make_player", "tournament", "Player", "play_game", "Hint"):
        assert getattr(vandatta, name) is getattr(__import__("vandatta.ai", fromlist=[name]), name)
        assert name in dir(vandatta)
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        vandatta.nothing  # noqa: B018


def private_imports(path: Path) -> list[tuple[int, str, str]]:
    """The ``from module import _name`` lines of ``path`` (line, module, name): a private name
    taken from another module, which ruff's SLF001 (attribute access only) does not see."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return [
        (node.lineno, "." * node.level + (node.module or ""), alias.name)
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
        if alias.name.startswith("_") and not alias.name.startswith("__")
    ]


def test_no_private_name_is_imported_from_another_module():
    found = {
        str(path.relative_to(ROOT)): lines
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        if (lines := private_imports(path))
    }
    assert found == {}, "give the name a public name where it is defined, or move it down"


def test_a_private_import_is_found(tmp_path):
    source = tmp_path / "m.py"
    source.write_text(
        "from .players import Player, _Context\nfrom x import __version__\nimport os._y\n",
        encoding="utf-8",
    )
    assert private_imports(source) == [(1, ".players", "_Context")]


def test_ruff_finds_no_private_member_reached_from_another_module():
    ruff = Path(sys.executable).with_name("ruff")
    if not ruff.exists():
        pytest.skip("ruff is not installed beside this Python")
    out = subprocess.run(
        [str(ruff), "check", "--select", "SLF001", "--output-format", "concise", "."],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert out.returncode == 0, out.stdout
    config = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"SLF"' in config and "per-file-ignores" not in config


def _absolute_ui_imports(tree: ast.AST) -> list[int]:
    """Lines that import the UI package by a name (``widgets…`` or ``vandatta_widgets…``)."""
    lines = []
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            names = [node.module or ""]
        if any(n.split(".")[0] in ("widgets", "vandatta_widgets") for n in names):
            lines.append(node.lineno)
    return lines


def test_the_ui_package_imports_itself_relatively():
    """The folder widgets/ installs as ``vandatta_widgets`` (pyproject's package-dir): inside
    it, UI modules import each other relatively, so the code holds under the installed name.
    (Alembic's migrations are files it loads by their path, outside the package: they name it.)"""
    migrations = ROOT / "widgets" / "server" / "migrations"
    found = {
        str(path.relative_to(ROOT)): lines
        for path in sorted((ROOT / "widgets").rglob("*.py"))
        if migrations not in path.parents
        and (lines := _absolute_ui_imports(ast.parse(path.read_text(encoding="utf-8"))))
    }
    assert not found, found


def test_nothing_imports_the_ui_by_its_folders_name():
    """Tests, lessons, scripts and benchmarks import ``vandatta_widgets``; ``import widgets``
    (which works only from the checkout's root, as a second copy) is refused by the package."""
    found = []
    for folder in ("tests", "scripts", "benchmarks", "deploy", "notebooks"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix == ".py":
                sources = [path.read_text(encoding="utf-8")]
            elif path.suffix == ".ipynb" and ".ipynb_checkpoints" not in path.parts:
                cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
                sources = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
            else:
                continue
            for source in sources:
                try:
                    tree = ast.parse(source)
                except SyntaxError:  # a cell with IPython magics
                    continue
                for node in ast.walk(tree):
                    names = (
                        [a.name for a in node.names]
                        if isinstance(node, ast.Import)
                        else [node.module or ""]
                        if isinstance(node, ast.ImportFrom) and not node.level
                        else []
                    )
                    if any(n.split(".")[0] == "widgets" for n in names):
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not found, found
