"""The dashboard's server renders the 11 lessons beside the dashboard (issue 41, item 5): a lesson
opens from the child's path in the same server (one origin: one browser storage), with a way back
to the path; nothing else of the notebooks' folder is rendered, and a kernel learns where the
lessons are."""

from __future__ import annotations

import re

import pytest

from tests.helpers.serving import DashboardServer, get, kernel_of
from vandatta_widgets.path.plan import LESSON_FILES
from vandatta_widgets.server.serve import DASHBOARD
from vandatta_widgets.server.voila_server import LESSONS_ENV, has_lessons, lesson_pattern

pytestmark = pytest.mark.slow  # a real server, a lesson's kernel


def test_the_lesson_pattern_takes_exactly_the_lessons() -> None:
    pattern = re.compile(lesson_pattern())
    for lang in ("sv", "en"):
        for name in LESSON_FILES.values():
            assert pattern.fullmatch(f"{lang}/{name}")
    for other in (
        "dashboard.ipynb",
        "sv/../dashboard.ipynb",
        "sv/./04-aces.ipynb",
        "de/04-aces.ipynb",
        "sv/04-aces.ipynb/x",
        "sv/99-nope.ipynb",
        "sv%2F04-aces.ipynb",
        "/etc/passwd",
    ):
        assert not pattern.fullmatch(other), other
    assert has_lessons(DASHBOARD.parent)


def test_the_dashboards_server_renders_a_lesson_with_a_way_back_and_nothing_else(tmp_path) -> None:
    with DashboardServer(tmp_path / "server.log") as server:
        status, page, _ = get(f"{server.url}voila/render/sv/01-goal-and-deal.ipynb")
        assert status == 200, page[-2000:]
        assert "Lektion 1" in page and kernel_of(page)
        # the way back to the path: the dashboard, the lesson's own language
        back = re.search(r'<a class="vd-back" href="([^"]+)"[^>]*>([^<]+)</a>', page)
        assert back is not None
        assert back.group(1) == "/?lang=sv" and back.group(2) == "← Tillbaka till Min väg"
        status, page, _ = get(f"{server.url}voila/render/en/04-aces.ipynb")
        assert status == 200 and "← Back to My path" in page
        # nothing else of the folder: no kernel, no notebook
        for path in (
            "voila/render/dashboard.ipynb",
            "voila/render/sv/../en/04-aces.ipynb",
            "voila/render/sv/x.ipynb",
        ):
            status, page, _ = get(server.url + path)
            assert status >= 300 or kernel_of(page) is None, path
            assert "Traceback" not in page
        # the dashboard itself is served as before, without a link back to itself
        status, page, _ = get(server.url)
        assert status == 200 and 'class="vd-back"' not in page
    assert "Traceback" not in server.log.read_text()


def test_the_kernels_learn_where_the_lessons_are(tmp_path, monkeypatch) -> None:
    from vandatta_widgets.path.plan import served_lesson_base

    monkeypatch.setenv(LESSONS_ENV, "/voila/render/")
    assert served_lesson_base() == "/voila/render/"
    for bad in ("http://evil.example/", "//evil.example/", "voila/", ""):
        monkeypatch.setenv(LESSONS_ENV, bad)
        assert served_lesson_base() is None, bad
