"""The teacher's overview brings itself up to date (widgets/server/teacher.js), in Chromium at a
laptop (1024×768, Swedish) and a projector (1920×1080, English), with the page's clock in the
test's hand (Playwright's clock: no waiting on the wall clock): every 20 s while the page is
seen it fetches the latest and says when; the teacher keeps their place — the tab, the scroll,
the focused control, what they were typing or ticking; while the page is hidden nothing is
fetched, and when it is seen again the latest comes at once; "Hämta det senaste" stays.
Screenshots go to the folder ``VANDATTA_SHOTS`` names, if set."""

from __future__ import annotations

import json
import time

import pytest
import tornado.httpserver
import tornado.netutil
import tornado.web
from playwright.sync_api import Error as PlaywrightError

from tests.browser.conftest import axe_violations, guard_requests, watch_errors
from tests.browser.test_class_join_browser import shot
from tests.helpers.serving import app_in_a_thread
from vandatta_widgets.base.i18n import t
from vandatta_widgets.learner.events import Event, encode_events
from vandatta_widgets.server.classes import ClassService
from vandatta_widgets.server.db import open_database
from vandatta_widgets.server.handlers import class_handlers
from vandatta_widgets.server.table_handlers import table_handlers
from vandatta_widgets.server.table_store import TableStore
from vandatta_widgets.server.teacher import teacher_handlers
from vandatta_widgets.tables.service import TableService

STEP_MS = 60_000
START = 1_767_000_000_000  # the page's clock (ms), a winter morning
REFRESH_MS = 20_000


@pytest.fixture(scope="module")
def teacher_site(tmp_path_factory):
    """The class's, the teacher's and the tables' handlers (the page's shared script) on a
    loopback port, in a thread of their own."""
    folder = tmp_path_factory.mktemp("refresh")
    service = ClassService(open_database(f"sqlite:///{folder / 'classes.sqlite'}"))
    tables = []

    def build():
        tables.append(TableService(TableStore(":memory:"), pace=0.0))
        return tornado.web.Application(
            class_handlers(service, "/") + teacher_handlers(service, "/") + table_handlers(tables[0], "/")
        )

    with app_in_a_thread(build, stop=lambda: tables[0].close()) as url:
        yield service, url
    service.engine.dispose()


def _lesson_one(service: ClassService, card: dict, code: str, device: str) -> None:
    """The pupil of ``card`` does lesson 1 (its exercise and three questions) right: three stars."""
    signed = service.sign_in(code, card["nickname"], card["pictures"], address="10.0.0.7")
    now = int(service.clock())
    done = [Event(device, n, now - 10 + n, "quiz", "right", ("R2",), 1, f"q{n}") for n in (1, 2, 3)]
    done.append(Event(device, 4, now - 5, "exercise", "right", ("R4",), 1, "ex1", "7H KS|7C", "7H"))
    service.sync(signed.token, encode_events(done))


def _stars(page, pupil_id: int) -> str:
    return page.get_attribute(f".vd-t-lessons tr[data-pupil='{pupil_id}'] [data-lesson='1']", "data-stars")


def _until(page, expression: str, *, arg: object = None, timeout: float = STEP_MS) -> None:
    """Wait until ``expression(arg)`` is true in the page, asking every 50 ms of real time (the
    page's own timers, which wait_for_function polls with, are the test's fake clock)."""
    deadline = time.monotonic() + timeout / 1000
    while not page.evaluate(f"(arg) => Boolean(({expression})(arg))", arg):
        assert time.monotonic() < deadline, f"not true within {timeout} ms: {expression}"
        time.sleep(0.05)


def _until_three_stars(page, pupil: int) -> None:
    """Until the overview shows the pupil's three stars for lesson 1."""
    _until(
        page,
        "(id) => document.querySelector(`.vd-t-lessons tr[data-pupil='${id}'] [data-lesson='1']`).dataset.stars === '3'",
        arg=pupil,
        timeout=STEP_MS,
    )


def _axe(page) -> list[dict]:
    """axe's violations; axe waits on the page's timers, so the clock runs while it looks (a
    few seconds: the next refresh is about 20 s away) and is paused again after."""
    page.clock.resume()
    try:
        return axe_violations(page)
    finally:
        # the page's time runs on while the pause is asked for: a time already past (a loaded
        # machine) is refused, so ask again from the page's time now
        for _ in range(20):
            try:
                page.clock.pause_at(page.evaluate("() => Date.now()") / 1000 + 0.05)
                break
            except PlaywrightError as error:
                if "to the past" not in str(error):
                    raise
        else:
            raise AssertionError("the page's clock could not be paused")


def _settle(page) -> None:
    """A request of the page's own, answered: one the timers started before it has been seen
    (they start theirs at once when the clock runs)."""
    assert page.evaluate("() => fetch('/vandatta/teacher-static/teacher.css').then((r) => r.status)") == 200


def _set_visible(page, visible: bool) -> None:
    page.evaluate(
        """(visible) => {
          Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visible ? 'visible' : 'hidden' });
          Object.defineProperty(document, 'hidden', { configurable: true, get: () => !visible });
          document.dispatchEvent(new Event('visibilitychange'));
        }""",
        visible,
    )


@pytest.mark.parametrize(("lang", "size"), [("sv", (1024, 768)), ("en", (1920, 1080))])
def test_the_overview_refreshes_by_itself_and_keeps_the_teachers_place(
    browser, teacher_site, lang, size, tmp_path
):
    service, url = teacher_site
    made = service.create_class("4B")
    class_id = service.teacher(made.code, made.secret)
    cards = service.add_pupils(class_id, [f"Elev {n:02d}" for n in range(1, 31)])  # a tall page
    _lesson_one(service, cards[0], made.code, "tab0")  # a rule tried: the rules' table is there
    context = browser.new_context(
        viewport={"width": size[0], "height": size[1]}, locale="sv-SE" if lang == "sv" else "en-GB"
    )
    # the teacher's key, as this browser kept it when the class was made
    keys = json.dumps({made.code: {"secret": made.secret, "name": "4B"}})
    context.add_init_script(f"window.localStorage.setItem('vandatta:teacher', {json.dumps(keys)});")
    page = context.new_page()
    errors = watch_errors(page)
    refused = guard_requests(page, url)
    views: list[str] = []
    page.on("request", lambda request: views.append(request.url) if "/view" in request.url else None)
    page.clock.install(time=START / 1000)
    page.clock.pause_at(START / 1000 + 1)  # then the page's time moves only when the test moves it
    page.goto(f"{url}vandatta/teacher/{made.code}?lang={lang}")
    page.wait_for_selector(".vd-t-lessons", timeout=STEP_MS)
    first = int(page.get_attribute(".vd-t-updated", "data-at"))
    assert page.inner_text(".vd-t-updated").startswith(t("kt_updated", lang, time="", n=20).split(" ")[0])
    assert "20" in page.inner_text(".vd-t-updated")
    assert _axe(page) == []

    # the teacher scrolls down to the rules and puts the focus on the 25th pupil there
    target = cards[24]
    button = page.locator(f".vd-t-rules tr[data-pupil='{target['id']}'] .vd-t-pupil")
    button.focus()
    page.evaluate("() => window.scrollBy(0, 200)")
    place = page.evaluate("() => [window.scrollX, window.scrollY]")
    assert place[1] > 0  # the page is taller than the screen
    # meanwhile a pupil does lesson 1 on her tablet; 20 s later the overview shows it
    _lesson_one(service, target, made.code, "tab1")
    assert _stars(page, target["id"]) == "0"
    asked = len(views)
    page.clock.run_for(REFRESH_MS)
    _until_three_stars(page, target["id"])
    assert len(views) == asked + 1
    assert int(page.get_attribute(".vd-t-updated", "data-at")) >= first + REFRESH_MS
    kept = page.evaluate(
        """() => { const a = document.activeElement;
          return [a.className, a.dataset.pupil, !!a.closest('.vd-t-rules'), window.scrollX, window.scrollY,
                  document.querySelector('.vd-t-tabs [aria-pressed=true]').dataset.view]; }"""
    )
    assert kept == ["vd-t-pupil", str(target["id"]), True, place[0], place[1], "overview"]
    page.keyboard.press("Enter")  # the focus is a working control: it opens her page
    page.wait_for_selector(".vd-t-pupil-page", timeout=STEP_MS)
    # on a pupil's page nothing is fetched by itself (the page does not change under the teacher)
    asked = len(views)
    page.clock.run_for(2 * REFRESH_MS)
    _settle(page)
    assert len(views) == asked
    page.get_by_role("button", name="◀ " + t("kt_back", lang)).click()

    # the cards tab: names half typed, the caret in the box; a refresh keeps all of it
    page.get_by_role("button", name=t("kt_cards", lang), exact=True).click()
    page.focus("#vd-t-names-list")
    page.keyboard.type("Dana\nEl")
    asked = len(views)
    at = int(page.get_attribute(".vd-t-updated", "data-at"))
    page.clock.run_for(REFRESH_MS)
    _until(page, "(at) => Number(document.querySelector('.vd-t-updated').dataset.at) > at", arg=at)
    assert len(views) == asked + 1
    assert page.evaluate(
        "() => [document.activeElement.id, document.activeElement.value, document.activeElement.selectionStart]"
    ) == ["vd-t-names-list", "Dana\nEl", 7]
    page.keyboard.type("i")  # typing goes on where it was
    assert page.input_value("#vd-t-names-list") == "Dana\nEli"

    # the assignments tab: puzzles chosen, level 2, not given yet; a refresh keeps the form
    page.get_by_role("button", name=t("kt_tasks", lang), exact=True).click()
    page.check("#vd-t-kind-puzzles")
    page.select_option("#vd-t-puzzle-level", "2")
    page.focus("#vd-t-puzzle-count")
    at = int(page.get_attribute(".vd-t-updated", "data-at"))
    page.clock.run_for(REFRESH_MS)
    _until(
        page,
        "(at) => Number(document.querySelector('.vd-t-updated').dataset.at) > at",
        arg=at,
        timeout=STEP_MS,
    )
    assert page.is_checked("#vd-t-kind-puzzles") and page.input_value("#vd-t-puzzle-level") == "2"
    assert page.locator(".vd-t-lesson-boxes").is_hidden() and page.locator("#vd-t-puzzle-count").is_visible()
    assert page.evaluate("() => document.activeElement.id") == "vd-t-puzzle-count"
    assert page.get_attribute(".vd-t-tabs [aria-pressed='true']", "data-view") == "tasks"
    assert _axe(page) == []
    shot(page, f"teacher-refresh-tasks-{lang}-{size[0]}.png", tmp_path)

    # hidden (another tab, the laptop closed): nothing is fetched, however long
    page.get_by_role("button", name=t("kt_overview", lang), exact=True).click()
    second = cards[1]
    _lesson_one(service, second, made.code, "tab2")
    _set_visible(page, False)
    asked = len(views)
    page.clock.run_for(5 * REFRESH_MS)
    _settle(page)
    assert len(views) == asked and _stars(page, second["id"]) == "0"
    # seen again: the latest at once
    _set_visible(page, True)
    _until_three_stars(page, second["id"])
    assert len(views) == asked + 1

    # "Hämta det senaste" still fetches at once, and the focus stays on it
    refresh = page.get_by_role("button", name=t("kt_refresh", lang))
    refresh.focus()
    at = int(page.get_attribute(".vd-t-updated", "data-at"))
    page.clock.run_for(1000)
    page.keyboard.press("Enter")
    _until(
        page,
        "(at) => Number(document.querySelector('.vd-t-updated').dataset.at) > at",
        arg=at,
        timeout=STEP_MS,
    )
    assert page.evaluate("() => document.activeElement.textContent") == t("kt_refresh", lang)
    assert _axe(page) == []
    shot(page, f"teacher-refresh-overview-{lang}-{size[0]}.png", tmp_path)
    assert errors == [] and refused == []
    context.close()
