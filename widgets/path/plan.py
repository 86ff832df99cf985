"""The 11 lessons as the path knows them: their notebooks and their items.

Each lesson's exercises and quiz questions are named in the order a lesson first shows them
(``ex1``, ``ex2``, …; ``q1``, ``q2``, …): the same names every time the lesson runs, in
Voilà, JupyterLab or JupyterLite. :data:`LESSON_PLAN` lists them, counted from the notebooks
(``tests/widgets/path/test_plan.py`` counts again, so a lesson that gains an exercise fails
there until the plan follows).

Which lesson a page is: :func:`lesson_in` reads it from the notebook's path — in Voilà the
kernel's ``SCRIPT_NAME`` (``/voila/render/sv/01-goal-and-deal.ipynb``), in JupyterLab its
``JPY_SESSION_NAME``, in JupyterLite the page's address (``?path=sv/01-goal-and-deal.ipynb``).

>>> lesson_in("/voila/render/sv/04-aces.ipynb"), lesson_in("http://x/lab/index.html?path=en%2F11-play-smart.ipynb")
(4, 11)
>>> lesson_in("/voila/render/dashboard.ipynb") is None
True
>>> LESSON_PLAN.of(1)
('ex1', 'q1', 'q2', 'q3')
>>> lesson_address(4, "en")
'en/04-aces.ipynb'
"""

from __future__ import annotations

import os
import re
from urllib.parse import unquote

from ..learner.path import LessonPlan

__all__ = [
    "LESSON_FILES",
    "LESSON_COUNTS",
    "LESSON_PLAN",
    "lesson_in",
    "lesson_address",
    "page_lesson",
    "served_lesson_base",
]

LESSON_FILES = {
    1: "01-goal-and-deal.ipynb",
    2: "02-matching-and-groups.ipynb",
    3: "03-eights.ipynb",
    4: "04-aces.ipynb",
    5: "05-drawing-and-passing.ipynb",
    6: "06-empty-talon.ipynb",
    7: "07-variants.ipynb",
    8: "08-points-and-game-to-100.ipynb",
    9: "09-game-against-the-computer.ipynb",
    10: "10-what-simulations-say.ipynb",
    11: "11-play-smart.ipynb",
}
# (exercises, quiz questions) of each lesson, as the notebooks show them
LESSON_COUNTS = {
    1: (1, 3),
    2: (4, 0),
    3: (2, 0),
    4: (2, 3),
    5: (2, 1),
    6: (2, 0),
    7: (6, 6),
    8: (0, 5),
    9: (1, 0),
    10: (0, 2),
    11: (4, 5),
}
LESSON_PLAN = LessonPlan(
    {
        n: tuple(f"ex{i}" for i in range(1, ex + 1)) + tuple(f"q{i}" for i in range(1, q + 1))
        for n, (ex, q) in LESSON_COUNTS.items()
    }
)

_LESSON_NAME = re.compile(r"(?:^|[/=])(\d\d)-[\w-]+\.ipynb")


def lesson_in(address: str) -> int | None:
    """The lesson whose notebook ``address`` names (a path or a page's address), or ``None``."""
    found = _LESSON_NAME.findall(unquote(address or ""))
    if not found:
        return None
    number = int(found[-1])
    name = LESSON_FILES.get(number)
    return number if name and name in unquote(address) else None


def page_lesson() -> int | None:
    """The lesson this kernel runs, from what the server told it (Voilà, JupyterLab)."""
    for variable in ("SCRIPT_NAME", "JPY_SESSION_NAME"):
        number = lesson_in(os.environ.get(variable, ""))
        if number is not None:
            return number
    return None


def lesson_address(number: int, lang: str) -> str:
    """The lesson's notebook relative to the folder that holds ``sv/`` and ``en/``."""
    return f"{lang}/{LESSON_FILES[number]}"


def served_lesson_base() -> str | None:
    """Where the server this kernel runs in renders the lessons (``/voila/render/``), as
    :mod:`vandatta_widgets.server.voila_server` tells its kernels; ``None`` where no server said so (JupyterLab,
    JupyterLite, a script)."""
    base = os.environ.get("VANDATTA_LESSONS", "")
    return base if base.startswith("/") and base.endswith("/") and "//" not in base else None
