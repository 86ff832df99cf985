"""The browser's storage widget takes the page's messages as JupyterLite's kernel (Pyodide) hands
them over: there a JavaScript ``null`` arrives as Pyodide's ``jsnull``, not ``None``. Refusing
those, the static site's path never loaded and no lesson kept an answer (the page said hello
again and again, unheard)."""

from __future__ import annotations

from vandatta_widgets.path.session import LearnerSession
from vandatta_widgets.path.storage import DeviceStorage


class JsNull:
    """Stands for ``pyodide.ffi.jsnull``: falsy, not ``None``, not a string."""

    def __bool__(self) -> bool:
        return False

    def __repr__(self) -> str:
        return "jsnull"


def test_a_null_problem_from_pyodide_counts_as_none():
    session = LearnerSession(DeviceStorage(), lang="sv", now=lambda: 1_780_000_000)
    session.storage.receive(
        {
            "loaded": {},
            "problem": JsNull(),
            "address": "http://h/notebooks/index.html?path=dashboard.ipynb",
            "zone": "UTC",
        }
    )
    assert session.ready and session.problem is None
    taken = []
    session.storage.on_written(lambda n, problem: taken.append((n, problem)))
    session.storage.receive({"written": 3, "problem": JsNull()})
    assert taken == [(3, None)]


def test_an_unknown_problem_is_still_refused():
    storage = DeviceStorage()
    heard = []
    storage.on_load(lambda *args: heard.append(args))
    storage.receive({"loaded": {}, "problem": "hacked", "address": "", "zone": ""})
    assert heard == []
