"""The static lesson site (scripts/build_site.py) in Chromium with the network cut.

The site is served from the loopback address only; every request to any other host is
aborted and recorded, and each test asserts that none was even attempted (Pyodide's runtime,
its packages, fonts and icons must all come from the site). A test drives the site as a
class would: the start page, a lesson run from the menu, a card clicked in an exercise, the
dashboard notebook stepped forward.

What the page must show is worked out here, in this process, from the same notebooks and
the same package: the lesson's cells run in Python first, so the test knows which cards the
lesson draws, how its first exercise is solved and what the engine answers — and then checks
that the browser's Python says exactly that. The test finds things by what they are called
(a card's name, a button's label, a link's text), not by the page's layout.

Needs a built site: ``$VANDATTA_SITE`` or ``.site-cache/site`` (``python scripts/build_site.py
DIR``). Without one these tests skip — unless ``VANDATTA_REQUIRE_BROWSER=1``, as in CI.
"""

from __future__ import annotations

import ast
import html
import importlib
import json
import os
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from .conftest import axe_violations, show_replay, watch_errors
from .offline_site import (
    expect_cells_ran,
    launch_offline,
    notebook_url,
    offline_context,
    run_all_cells,
    serving_site,
    site_dir,
)

pytestmark = pytest.mark.slow  # Pyodide in Chromium: started first (see tests/conftest.py)

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSON_1 = "sv/01-goal-and-deal.ipynb"
LESSON_11 = "sv/11-play-smart.ipynb"
#: Pyodide starting in a loaded machine's browser can take a while: wait on real conditions.
SLOW = 240_000
# The lessons' pictures are HTML outputs holding the SVG inline (an image/svg+xml output would
# be an <img> without alternative text; inline, the cards keep their names).
SVG_OUTPUT = '.jp-OutputArea-output[data-mime-type="text/html"] .vd-view > svg'


def widgets_module(name: str):
    """``vandatta_widgets.<name>``, e.g. ``lessons.exercise``."""
    return importlib.import_module(f"vandatta_widgets.{name}")


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def run_cells(path: Path, *, until=None) -> list[object]:
    """Run a notebook's code cells here, in order; the value of each cell's last expression
    (what the notebook displays), ``None`` for cells that end in a statement. With ``until``
    (a test of a shown value) stop after the first cell whose value passes it."""
    namespace: dict = {}
    shown: list[object] = []
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] != "code":
            continue
        if until is not None and shown and until(shown[-1]):
            break
        tree = ast.parse("".join(cell["source"]))
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, str(path), "exec"), namespace)
        shown.append(
            eval(compile(ast.Expression(last.value), str(path), "eval"), namespace) if last else None
        )
    return shown


@pytest.fixture(scope="module")
def site():
    root = site_dir()
    if root is None or not (root / "index.html").exists():
        why = f"no built site at {root}: run `python scripts/build_site.py DIR` and set VANDATTA_SITE=DIR"
        if os.environ.get("VANDATTA_REQUIRE_BROWSER") == "1":
            pytest.fail(why + " (VANDATTA_REQUIRE_BROWSER=1: browser tests must run)")
        pytest.skip(why)
    return root


@pytest.fixture(scope="module")
def site_url(site):
    with serving_site(site) as server:
        yield server.url


@pytest.fixture(scope="module")
def offline_browser(browser):
    """A second Chromium (from the session's Playwright) where only 127.0.0.1 resolves."""
    offline = launch_offline(browser.browser_type)
    yield offline
    offline.close()


@pytest.fixture
def site_page(offline_browser, site_url):
    context = offline_context(offline_browser, site_url, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors = watch_errors(page)
    page.errors = errors  # type: ignore[attr-defined]
    yield page
    blocked = list(context.blocked)
    context.close()
    assert blocked == [], f"the site tried to reach other hosts: {blocked}"


def test_start_page_links_every_lesson_in_both_languages(site_page, site_url):
    from playwright.sync_api import expect

    site_page.goto(site_url + "/")
    expect(site_page).to_have_title(re.compile("Vändåtta"))
    for lang in ("sv", "en"):
        for path in sorted((NOTEBOOKS / lang).glob("*.ipynb")):
            title = json.loads(path.read_text(encoding="utf-8"))["cells"][0]["source"][0].lstrip("# ").strip()
            link = site_page.get_by_role("link", name=title, exact=True)
            expect(link).to_have_attribute("href", f"notebooks/index.html?path={lang}/{path.name}")
    expect(site_page.get_by_role("link", name=re.compile("Öppna appen"))).to_have_attribute(
        "href", "notebooks/index.html?path=dashboard.ipynb"
    )
    assert axe_violations(site_page) == []
    # a phone: one column, nothing wider than the screen, links big enough to tap
    site_page.set_viewport_size({"width": 390, "height": 844})
    assert site_page.evaluate("() => document.documentElement.scrollWidth") <= 390
    heights = site_page.locator("main a").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().height)"
    )
    assert min(heights) >= 44, heights
    assert site_page.errors == []


def test_lesson_1_in_swedish_runs_and_its_exercise_answers(site_page, site_url):
    from playwright.sync_api import expect

    exercise_module = widgets_module("lessons.exercise")
    Exercise, View = exercise_module.Exercise, exercise_module.View

    # The lesson here first: the cards it draws and its first exercise, solved.
    shown = run_cells(NOTEBOOKS / LESSON_1)
    pictures = [v.markup for v in shown if isinstance(v, View) and v.kind == "svg"]
    assert pictures, "lesson 1 draws cards"
    exercise = next(v for v in shown if isinstance(v, Exercise))
    answer = exercise.solve()
    assert answer and answer[0].is_play, "lesson 1's first exercise is solved by laying cards"
    move = answer[0]
    hand = list(exercise.hand.cards)
    exercise.hand.selected = [hand.index(c) for c in move.cards]
    lay_label = exercise.play_button.description
    exercise.play_button.click()
    assert exercise.status == "right", exercise.message
    from vandatta_widgets.lessons.chips import without_citations

    told = [squash(without_citations(line)[0]) for line in exercise.verdict.lines("sv")]  # a line per reason

    # The same in the browser, from the start page, with the network cut.
    site_page.goto(site_url + "/")
    title = json.loads((NOTEBOOKS / LESSON_1).read_text(encoding="utf-8"))["cells"][0]["source"][0]
    site_page.get_by_role("link", name=title.lstrip("# ").strip(), exact=True).click()
    site_page.wait_for_url(re.compile(r"/notebooks/index\.html\?path=sv/01-"))
    # Nobody presses Shift + Enter or Run All: the lesson runs by itself (site/run_on_open.js),
    # then shows its beginning again, and shows no hint about running cells.
    site_page.wait_for_function("() => window.vandattaRunOnOpen === 'done'", timeout=SLOW * 2)
    expect_cells_ran(site_page)
    expect(site_page.get_by_role("heading", name=title.lstrip("# ").strip())).to_be_in_viewport()
    assert "Shift" not in site_page.locator(".jp-Notebook").inner_text()
    # The browser's Python drew the very same pictures of cards as this one: the same names,
    # in <title> and aria-label, card by card.
    drawn = site_page.locator(SVG_OUTPUT)
    expect(drawn).to_have_count(len(pictures))
    names = drawn.evaluate_all(
        "els => els.map(e => [e.getAttribute('aria-label'), ...[...e.querySelectorAll('title')].map(t => t.textContent)])"
    )
    assert names == [
        [
            re.search(r'aria-label="([^"]*)"', p).group(1),
            *map(html.unescape, re.findall(r"<title>(.*?)</title>", p)),
        ]
        for p in pictures
    ]

    # The exercise's cards are drawn by a widget, each named for a screen reader.
    cell = site_page.locator(".jp-CodeCell", has_text=exercise.prompts.text("sv"))
    top = exercise.position.top.name("sv")
    expect(cell.get_by_role("img", name=re.compile(re.escape(top))).first).to_be_visible()
    for card in move.cards:
        button = cell.get_by_role("button", name=re.compile("^" + re.escape(card.name("sv"))))
        button.scroll_into_view_if_needed()
        button.click()
    cell.get_by_role("button", name=lay_label, exact=True).click()
    for line in told:
        expect(cell).to_contain_text(line, timeout=60_000)
    assert site_page.errors == []


def test_lesson_1_starts_from_the_sites_lock_with_no_drive(site_page, site_url):
    """How the kernel starts (scripts/build_site.py): every package from the site's own lock
    as Pyodide starts (the wheels under static/pyodide/, none from piplite's index), jedi
    without its bundled stubs, and not JupyterLite's service worker, so no drive: Python's imports never ask
    the page for files (they did, 78 times, while lesson 1 started). The lesson still shows
    its first cards, offline."""
    from playwright.sync_api import expect

    fetched: list[str] = []
    # what the page and the kernel ask for (not the service worker keeping every file)
    site_page.context.on(
        "request",
        lambda request: request.service_worker is None and fetched.append(urlsplit(request.url).path),
    )
    site_page.goto(notebook_url(site_url, LESSON_1))
    run_all_cells(site_page, timeout=SLOW)
    expect(site_page.locator(SVG_OUTPUT).first).to_be_visible(timeout=SLOW)
    expect_cells_ran(site_page)
    workers = site_page.evaluate(
        "async () => (await navigator.serviceWorker.getRegistrations())"
        ".map(r => (r.installing || r.waiting || r.active).scriptURL)"
    )
    # only the site's own worker (site/offline_worker.js, which keeps the site for offline
    # use), never JupyterLite's, which would mount the drive
    assert workers == [site_url + "/offline_worker.js"], workers
    assert [p for p in fetched if "/api/drive" in p] == []
    wheels = sorted(p.rsplit("/", 1)[1] for p in fetched if p.endswith(".whl"))
    assert all(p.startswith("/static/pyodide/") for p in fetched if p.endswith(".whl")), wheels
    for name in (
        "ipython-",
        "ipywidgets-",
        "anywidget-",
        "vandatta-",
        "jedi-",
        "piplite-",
        "pyodide_kernel-",
    ):
        assert [w for w in wheels if w.startswith(name)], f"{name}… is loaded from the lock: {wheels}"
    assert not [p for p in fetched if "/pypi/" in p], "nothing from piplite's index"
    assert site_page.errors == []


def test_lesson_11_in_swedish_runs_with_its_exercise_and_reviewed_round(site_page, site_url):
    """The newest lesson, the one with the most kinds of widget (exercises, charts, quizzes,
    puzzle boards, a stored review), runs whole in the browser's Python. The other 21 lessons
    are run the same way by ``scripts/site_lessons.py`` (too slow for every CI run)."""
    from playwright.sync_api import expect

    Exercise = widgets_module("lessons.exercise").Exercise
    reviewed_round_panel = widgets_module("lessons.strategy").reviewed_round_panel

    # Here first: the lesson's first exercise (its cells up to it) and its reviewed round.
    exercise = next(
        v
        for v in run_cells(NOTEBOOKS / LESSON_11, until=lambda v: isinstance(v, Exercise))
        if isinstance(v, Exercise)
    )
    hand = [card.name("sv") for card in exercise.hand.cards]
    assert len(hand) >= 3, hand
    panel = reviewed_round_panel(lang="sv")
    assert panel.review is not None, "the lesson's round is reviewed already (stored)"
    marks = [label for _ply, _sign, _grade, label in panel.marks.marks]
    shown = [squash(html.unescape(p)) for p in re.split(r"<[^>]+>", panel.detail.value)]
    better = max((p for p in shown if "Vinstchans" in p), key=len)

    site_page.goto(notebook_url(site_url, LESSON_11))
    run_all_cells(site_page, timeout=SLOW)
    expect_cells_ran(site_page)
    cell = site_page.locator(".jp-CodeCell", has_text=exercise.prompts.text("sv"))
    cell.scroll_into_view_if_needed()
    top = exercise.position.top.name("sv")
    expect(cell.get_by_role("img", name=re.compile(re.escape(top))).first).to_be_visible()
    for name in hand:
        expect(cell.get_by_role("button", name=re.compile("^" + re.escape(name))).first).to_be_visible()
    # the reviewed round: its button, a mark per graded decision (named in words), the
    # position the lesson talks about with the better move and the chances
    review = site_page.locator(".vd-review")
    expect(review).to_have_count(1)
    review.scroll_into_view_if_needed()
    expect(review.get_by_role("button", name=panel.start_button.description, exact=True)).to_be_visible()
    for label in marks:
        expect(review.get_by_role("button", name=label, exact=True)).to_be_visible()
    expect(review.locator(".vd-rv-detail")).to_contain_text(better)
    assert site_page.errors == []


def test_dashboard_notebook_steps_a_replay(site_page, site_url):
    from playwright.sync_api import expect

    t = widgets_module("base.i18n").t
    DashboardPage = widgets_module("app.page").DashboardPage

    # The dashboard here: its first step, as the replay tells it.
    viewer = DashboardPage(lang="sv", defer=False).dashboard.viewer
    start = viewer.label.value
    viewer.buttons["next"].click()
    label = viewer.label.value
    # the sentence that explains the move (its rule ids are the badges after it, issue 43)
    first = re.search(r'class="vd-rp-verdict"><p>(.*?)</p>', viewer.explanation.value)
    assert first, f"the replay explains its first move: {viewer.explanation.value}"
    told = squash(html.unescape(re.sub(r"<[^>]+>", "", first.group(1))))

    site_page.goto(site_url + "/")
    site_page.get_by_role("link", name=re.compile("Öppna appen")).click()
    site_page.wait_for_url(re.compile(r"path=dashboard\.ipynb"))
    run_all_cells(site_page, timeout=SLOW)
    show_replay(site_page, timeout=SLOW)  # the app opens on the child's path
    next_button = site_page.get_by_role("button", name=re.compile("^" + re.escape(t("next", "sv"))))
    expect(next_button).to_be_visible(timeout=SLOW)
    expect_cells_ran(site_page)
    expect(site_page.get_by_text(start, exact=True)).to_be_visible()
    next_button.click()
    expect(site_page.get_by_text(label, exact=True)).to_be_visible(timeout=60_000)
    explanation = site_page.locator(".jp-OutputArea", has_text=label)
    expect(explanation).to_contain_text(told, timeout=60_000)
    assert site_page.errors == []
