"""The pupil's page for joining a class (widgets/server/join.js), in Chromium on a phone and a
tablet, Swedish and English: join with a nickname and two pictures in order, signed in after a
reload; on another device the same pictures in the wrong order are refused in words and the
right order signs in; no request to another host, no serious accessibility problem."""

from __future__ import annotations

import asyncio
import threading

import pytest
import tornado.httpserver
import tornado.netutil
import tornado.web

from tests.browser.conftest import axe_violations, guard_requests
from widgets.base.i18n import t
from widgets.server.classes import ClassService
from widgets.server.db import open_database
from widgets.server.handlers import class_handlers

STEP_MS = 30_000


@pytest.fixture(scope="module")
def class_site(tmp_path_factory):
    """The class's handlers alone on a loopback port, in a thread of their own."""
    folder = tmp_path_factory.mktemp("join")
    service = ClassService(open_database(f"sqlite:///{folder / 'classes.sqlite'}"))
    started = threading.Event()
    state: dict = {}

    def run() -> None:
        async def main() -> None:
            sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
            server = tornado.httpserver.HTTPServer(tornado.web.Application(class_handlers(service, "/")))
            server.add_sockets(sockets)
            state["port"] = sockets[0].getsockname()[1]
            state["stop"] = asyncio.Event()
            state["loop"] = asyncio.get_running_loop()
            started.set()
            await state["stop"].wait()
            server.stop()

        asyncio.run(main())

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert started.wait(30)
    yield service, f"http://127.0.0.1:{state['port']}/"
    state["loop"].call_soon_threadsafe(state["stop"].set)
    thread.join(10)


def _device(browser, lang: str, size: tuple[int, int]):
    context = browser.new_context(
        viewport={"width": size[0], "height": size[1]},
        locale="sv-SE" if lang == "sv" else "en-GB",
        has_touch=True,
    )
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    return context, page


def _fill(page, code: str, name: str, pictures: list[str]) -> None:
    page.fill("#vd-join-code", code)
    page.fill("#vd-join-name", name)
    for picture in pictures:
        page.tap(f"button[data-picture='{picture}']")


@pytest.mark.parametrize(("lang", "size"), [("sv", (390, 844)), ("en", (768, 1024))])
def test_a_pupil_joins_with_two_pictures_and_signs_in_on_another_device(
    browser, class_site, lang, size, tmp_path
):
    service, url = class_site
    made = service.create_class("4B")
    nickname = "Alva" if lang == "sv" else "Ada"
    context, page = _device(browser, lang, size)
    refused = guard_requests(page, url)
    page.goto(f"{url}vandatta/join/{made.code}?lang={lang}")
    page.wait_for_selector("button[data-picture='owl']", timeout=STEP_MS)
    assert page.input_value("#vd-join-code") == made.code
    _fill(page, "", nickname, ["owl", "fox"])
    page.fill("#vd-join-code", made.code)
    badges = page.locator(".vd-join-picture[aria-pressed='true'] .vd-join-badge").all_text_contents()
    assert sorted(badges) == sorted([t("kj_first", lang), t("kj_second", lang)])
    assert axe_violations(page) == []
    page.screenshot(path=str(tmp_path / f"class-join-{lang}.png"), full_page=True)
    page.get_by_role("button", name=t("kj_join", lang), exact=True).tap()
    page.wait_for_selector(".vd-join-done", timeout=STEP_MS)
    assert t("kj_joined", lang, name=nickname) in page.inner_text(".vd-join-done")
    page.reload()  # stays signed in on this device
    page.wait_for_selector(".vd-join-done", timeout=STEP_MS)
    page.screenshot(path=str(tmp_path / f"class-joined-{lang}.png"), full_page=True)
    assert page.errors == [] and refused == []
    context.close()

    other, there = _device(browser, lang, (1024, 768))
    there.goto(f"{url}vandatta/join?lang={lang}")
    there.wait_for_selector("#vd-join-code", timeout=STEP_MS)
    _fill(there, made.code, nickname, ["fox", "owl"])  # the wrong order
    there.get_by_role("button", name=t("kj_sign_in", lang)).tap()
    there.wait_for_function(
        "(text) => document.querySelector('.vd-join-said').textContent === text",
        arg=t("kl_wrong_pictures", lang),
        timeout=STEP_MS,
    )
    assert there.locator(".vd-join-picture[aria-pressed='true']").count() == 0  # to choose again
    _fill(there, made.code, nickname, ["owl", "fox"])
    there.get_by_role("button", name=t("kj_sign_in", lang)).tap()
    there.wait_for_selector(".vd-join-done", timeout=STEP_MS)
    assert there.errors == []
    other.close()
