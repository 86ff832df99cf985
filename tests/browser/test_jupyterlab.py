"""A lesson in real JupyterLab, as a pupil opens it on a school laptop: a JupyterLab server
(``python -m jupyterlab``, no token, its own settings and workspace folders) serving a copy of
notebooks/sv, lesson 9 (the round against the computer) opened, run with Run → Run All Cells,
then played in Chromium.

It checks what only the notebook front end decides: the code a pupil does not need stays
folded (``source_hidden``), every widget draws in JupyterLab's own output area (ipywidgets and
anywidget as JupyterLab loads them, not as Voilà does), the table waits for "Fortsätt", the
pupil's last move stays in view, and the page asks nothing of any other host. The same lesson
in the Notebook interface is run by tests/browser/test_site.py (JupyterLite's Notebook app)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys

import pytest

from .conftest import REPO, continue_until_persons_turn, free_port, serving, watch_errors
from .offline_site import cut_off, expect_cells_ran, run_all_cells

LESSON = "09-game-against-the-computer.ipynb"
SLOW = 180_000
#: The kernel JupyterLab starts for the lesson, as its toolbar names it.
KERNEL = re.compile(r"Python 3 \(ipykernel\)")


@pytest.fixture(scope="module")
def lab_url(tmp_path_factory: pytest.TempPathFactory):
    root = tmp_path_factory.mktemp("lab")
    shutil.copytree(REPO / "notebooks" / "sv", root / "sv")
    home = root.parent / (root.name + "-jupyter")
    home.mkdir()
    port = free_port()
    cmd = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        f"--ServerApp.port={port}",
        "--ServerApp.ip=127.0.0.1",
        "--ServerApp.port_retries=0",
        "--allow-root",  # CI's containers run as root
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        f"--ServerApp.root_dir={root}",
        f"--LabApp.user_settings_dir={home / 'settings'}",
        f"--LabApp.workspaces_dir={home / 'workspaces'}",
        "--LabApp.news_url=None",
        "--LabApp.extension_manager=readonly",  # no queries to PyPI
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    env = dict(
        os.environ,
        PYTHONUNBUFFERED="1",
        JUPYTER_CONFIG_DIR=str(home / "config"),
        JUPYTER_RUNTIME_DIR=str(home / "runtime"),
    )
    log = home / "lab.log"
    proc = subprocess.Popen(cmd, stdout=log.open("w"), stderr=subprocess.STDOUT, env=env, cwd=root)
    with serving(proc, port) as url:
        yield url


def test_lesson_9_in_jupyterlab_folds_its_code_and_plays_at_the_pupils_pace(browser, lab_url):
    from playwright.sync_api import expect

    notebook = json.loads((REPO / "notebooks" / "sv" / LESSON).read_text(encoding="utf-8"))
    code = [c for c in notebook["cells"] if c["cell_type"] == "code"]
    folded = [c for c in code if c["metadata"].get("jupyter", {}).get("source_hidden")]
    assert folded, "the lesson folds the code a pupil does not need"

    # every request to another host is refused and noted (context.blocked)
    context = cut_off(browser.new_context(viewport={"width": 1280, "height": 900}), lab_url)
    page = context.new_page()
    errors = watch_errors(page)
    try:
        page.goto(f"{lab_url}/lab/tree/sv/{LESSON}", timeout=SLOW)
        page.locator(".jp-Notebook").wait_for(timeout=SLOW)
        page.get_by_text(re.compile(r"Python 3 \(ipykernel\) \| Idle")).wait_for(timeout=SLOW)
        run_all_cells(page, SLOW, kernel=KERNEL)
        expect_cells_ran(page, SLOW)  # every code cell ran, no error, nothing on stderr

        # The folded cells show JupyterLab's placeholder, not their code; the language cell is open.
        expect(page.locator(".jp-CodeCell .jp-InputPlaceholder")).to_have_count(len(folded))
        expect(page.get_by_text("from vandatta_widgets.play.play_table import PlayTable")).to_have_count(0)
        expect(page.locator(".jp-CodeCell .jp-Editor", has_text='LANG = "sv"')).to_be_visible()

        # The round against the computer, at a child's pace: the computers play on by themselves.
        table = page.locator(".vd-play").first
        table.scroll_into_view_if_needed()
        status = table.locator(".vd-status")
        expect(status).to_have_attribute("data-turn", re.compile(r"."), timeout=SLOW)
        proceed = table.get_by_role("button", name="Fortsätt ▶")
        continue_until_persons_turn(page, ".vd-play")  # a computer may be first
        expect(status).to_have_attribute("data-turn", "human")
        before = int(status.get_attribute("data-ply"))
        legal = table.locator(".vd-hand [data-index].vd-legal")
        if legal.count() == 0:  # nothing fits: the pupil draws, and the table says why
            table.get_by_role("button", name="Dra ett kort").click()
        else:
            legal.first.click()
            expect(table.locator(".vd-hand .vd-selected")).to_have_count(1)
            table.get_by_role("button", name="Lägg kort").click()
        last = table.locator(".vd-last")
        expect(last).to_contain_text("Ditt senaste drag", timeout=60_000)
        # the rule behind the move is a chip to tap after the sentence, never inside it (issue 43)
        expect(last.locator("details.vd-chip").first).to_be_visible()
        expect(last).not_to_contain_text(re.compile(r"\(R\d+\)"))
        # the status is written after the other views of the move: wait for it, then compare
        expect(status).not_to_have_attribute("data-ply", str(before), timeout=60_000)
        after = int(status.get_attribute("data-ply"))
        assert after > before
        # the computer is to move and moves by itself: no "Fortsätt" to press (issue 43)
        if status.get_attribute("data-turn") != "human":
            expect(proceed).to_be_hidden()
            expect(status).not_to_have_attribute("data-ply", str(after), timeout=60_000)
            expect(last).to_contain_text("Ditt senaste drag")  # the pupil's move stays in view

        # The replay further down draws its cards too, each named.
        replay = page.locator(".vd-replay").first
        replay.scroll_into_view_if_needed()
        expect(replay.get_by_role("img").first).to_be_visible(timeout=SLOW)
        assert context.blocked == [], f"the lesson asked another host: {context.blocked}"
        assert errors == []
    finally:
        context.close()
