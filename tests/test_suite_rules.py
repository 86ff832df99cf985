"""Rules the test suite keeps for itself, so that a test's result does not depend on which
test files ran before it in the same worker (``--dist=loadfile`` puts a whole file on one
worker, after whatever files it ran before)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"


def bare_asyncio_runs(source: str) -> list[int]:
    """Lines where a test function itself calls ``asyncio.run`` — not a function or lambda it
    hands to a thread of its own, nor a child process's script in a string.

    >>> bare_asyncio_runs("def test_a():\n    asyncio.run(main())\n    go(lambda: asyncio.run(f()))\n")
    [2]
    """

    def calls(node: ast.AST) -> list[int]:
        found = []
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue  # runs wherever it is handed to
            if (
                isinstance(child, ast.Call)
                and isinstance(child.func, ast.Attribute)
                and child.func.attr == "run"
                and isinstance(child.func.value, ast.Name)
                and child.func.value.id == "asyncio"
            ):
                found.append(child.lineno)
            found.extend(calls(child))
        return found

    tree = ast.parse(source)
    tests = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")]
    return sorted(line for test in tests for line in calls(test))


def test_bare_asyncio_runs_are_found():
    assert bare_asyncio_runs("import asyncio\ndef test_a():\n    asyncio.run(main())\n") == [3]
    assert bare_asyncio_runs("def test_a():\n    script = 'asyncio.run(main())'\n") == []
    assert bare_asyncio_runs("def test_a():\n    def target():\n        asyncio.run(main())\n") == []


def test_no_test_starts_an_event_loop_in_the_workers_main_thread():
    """The browser tests' Playwright (sync API) leaves its event loop running in the worker's
    main thread, and ``asyncio.run`` refuses to start inside a running loop: a test that calls
    it there passes or fails by which files its worker ran first (a fresh clone's CI failed so).
    Tests run a coroutine with ``tests.helpers.loops.in_a_fresh_loop`` (a thread of its own)."""
    helpers = TESTS / "helpers"
    found = {
        str(path.relative_to(ROOT)): lines
        for path in sorted(TESTS.rglob("*.py"))
        if helpers not in path.parents and path != Path(__file__).resolve()
        if (lines := bare_asyncio_runs(path.read_text(encoding="utf-8")))
    }
    assert not found, found
