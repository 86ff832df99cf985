"""The pupil's join page on a hub (widgets/server/hub.py serves it behind the hub's sign-in), in
Chromium, Swedish on a phone and English on a tablet, with the stand-in hub of
tests/tables/test_tables_hub.py (it knows the pupil by a request header): no picture step at
all, the hub's sign-in is enough. The first time the pupil picks the name the class sees; on
another device the page signs them in by itself; another hub pupil cannot take that name. The
real hub: tests/browser/test_class_sync_browser.py. Screenshots go to ``VANDATTA_SHOTS``."""

from __future__ import annotations

import pytest

pytest.importorskip("jupyterhub")


from tests.browser.conftest import axe_violations, guard_requests, watch_errors
from tests.browser.test_class_join_browser import STEP_MS, shot
from tests.helpers.serving import app_in_a_thread
from tests.tables.test_tables_hub import PREFIX, SCOPE, StandInHub
from vandatta_widgets.base.i18n import t
from vandatta_widgets.server.classes import ClassService
from vandatta_widgets.server.db import open_database
from vandatta_widgets.server.hub import make_app
from vandatta_widgets.server.table_store import TableStore
from vandatta_widgets.tables.service import TableService


@pytest.fixture(scope="module")
def hub_site(tmp_path_factory):
    """The hub's service (tables and classes) on a loopback port, in a thread of its own."""
    folder = tmp_path_factory.mktemp("join-hub")
    classes = ClassService(open_database(f"sqlite:///{folder / 'classes.sqlite'}"))
    tables = []

    def build():
        tables.append(TableService(TableStore(":memory:"), pace=0.0))
        auth = StandInHub(api_token="test", access_scopes={SCOPE}, login_url="/hub/api/oauth2/authorize")
        return make_app(tables[0], prefix=PREFIX, cookie_secret=b"s" * 32, hub_auth=auth, classes=classes)

    with app_in_a_thread(build, stop=lambda: tables[0].close()) as url:
        yield classes, url.rstrip("/")
    classes.engine.dispose()


def _hub_device(browser, lang: str, size: tuple[int, int], hub_user: str):
    """A browser signed in at the (stand-in) hub as ``hub_user``."""
    context = browser.new_context(
        viewport={"width": size[0], "height": size[1]},
        locale="sv-SE" if lang == "sv" else "en-GB",
        has_touch=True,
        extra_http_headers={"X-Pupil": hub_user},
    )
    page = context.new_page()
    watch_errors(page)
    return context, page


@pytest.mark.parametrize(("lang", "size"), [("sv", (390, 844)), ("en", (768, 1024))])
def test_on_a_hub_the_join_page_asks_no_pictures(browser, hub_site, lang, size, tmp_path):
    classes, origin = hub_site
    made = classes.create_class("4B")
    class_id = classes.teacher(made.code, made.secret)
    join = f"{origin}{PREFIX}vandatta/join"
    hub_user, nickname = ("alva@skolan.se", "Alva") if lang == "sv" else ("ada@school.example", "Ada")

    context, page = _hub_device(browser, lang, size, hub_user)
    refused = guard_requests(page, origin)
    page.goto(f"{join}/{made.code}?lang={lang}")
    # never here before: the class asks only for the name it will see
    page.wait_for_function(
        "(text) => document.querySelector('.vd-join-said')?.textContent === text",
        arg=t("kl_pick_nickname", lang),
        timeout=STEP_MS,
    )
    assert page.input_value("#vd-join-code") == made.code
    assert t("kj_hub_note", lang) in page.inner_text(".vd-join-note")
    assert page.locator("button[data-picture], .vd-join-grid").count() == 0
    assert "data-picture" not in page.content() and "<svg" not in page.content()  # none drawn either
    assert axe_violations(page) == []
    shot(page, f"class-join-hub-{lang}.png", tmp_path)
    page.focus("#vd-join-name")
    page.keyboard.type(nickname)
    page.keyboard.press("Enter")  # the keyboard alone
    page.wait_for_selector(".vd-join-done", timeout=STEP_MS)
    assert t("kj_joined", lang, name=nickname) in page.inner_text(".vd-join-done")
    assert t("kj_hub_remember", lang) in page.inner_text(".vd-join")
    assert page.locator("button[data-picture]").count() == 0
    assert axe_violations(page) == []
    shot(page, f"class-join-hub-done-{lang}.png", tmp_path)
    [pupil] = classes.pupils(class_id)
    assert pupil["nickname"] == nickname and pupil["hub"] and not pupil["pictures"]
    assert page.errors == [] and refused == []
    context.close()

    # another device of the same pupil: signed in by the hub alone, nothing typed
    tablet, there = _hub_device(browser, lang, (1024, 768), hub_user)
    there.goto(f"{join}/{made.code}?lang={lang}")
    there.wait_for_selector(".vd-join-done", timeout=STEP_MS)
    assert t("kj_joined", lang, name=nickname) in there.inner_text(".vd-join-done")
    # signed out of the class there, the page without a code: the code alone is enough
    there.get_by_role("button", name=t("kj_sign_out", lang)).click()
    there.goto(f"{join}?lang={lang}")
    there.wait_for_selector("#vd-join-code", timeout=STEP_MS)
    there.fill("#vd-join-code", made.code)
    there.get_by_role("button", name=t("kj_join", lang), exact=True).click()
    there.wait_for_selector(".vd-join-done", timeout=STEP_MS)
    assert there.errors == []
    tablet.close()

    # another pupil of the hub cannot take that name: told so, and can pick another
    other, bo = _hub_device(browser, lang, size, "bo" + lang)
    bo.goto(f"{join}/{made.code}?lang={lang}")
    bo.wait_for_selector("#vd-join-name", timeout=STEP_MS)
    bo.fill("#vd-join-name", nickname.lower())
    bo.get_by_role("button", name=t("kj_join", lang), exact=True).click()
    bo.wait_for_function(
        "(text) => document.querySelector('.vd-join-said')?.textContent === text",
        arg=t("kl_name_taken", lang, name=nickname.lower()),
        timeout=STEP_MS,
    )
    bo.fill("#vd-join-name", "Bo")
    bo.get_by_role("button", name=t("kj_join", lang), exact=True).click()
    bo.wait_for_selector(".vd-join-done", timeout=STEP_MS)
    assert sorted(p["nickname"] for p in classes.pupils(class_id)) == sorted([nickname, "Bo"])
    assert bo.errors == []
    other.close()
