"""The pupil's page for joining a class (widgets/server/join.js), in Chromium on a phone and a
tablet, Swedish and English: the code and the nickname first; a new name then chooses two
pictures in order and is signed in after a reload; on another device the same nickname goes
straight to "tap your two pictures", the wrong order is refused in words and the right order
signs in. A child holding a printed sign-in card types their name and taps the card's pictures,
with the keyboard alone as well. No request to another host, no serious accessibility problem
on any step. Screenshots go to the folder ``VANDATTA_SHOTS`` names, if set."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import tornado.httpserver
import tornado.netutil
import tornado.web

from tests.browser.conftest import axe_violations, guard_requests, watch_errors
from tests.helpers.serving import app_in_a_thread
from vandatta_widgets.base.i18n import t
from vandatta_widgets.server.classes import ClassService
from vandatta_widgets.server.db import open_database
from vandatta_widgets.server.handlers import class_handlers

STEP_MS = 30_000
SHOTS = os.environ.get("VANDATTA_SHOTS")


def shot(page, name: str, tmp_path: Path) -> None:
    folder = Path(SHOTS) if SHOTS else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / name), full_page=True)


@pytest.fixture(scope="module")
def class_site(tmp_path_factory):
    """The class's handlers alone on a loopback port, in a thread of their own."""
    folder = tmp_path_factory.mktemp("join")
    service = ClassService(open_database(f"sqlite:///{folder / 'classes.sqlite'}"))
    with app_in_a_thread(lambda: tornado.web.Application(class_handlers(service, "/"))) as url:
        yield service, url


def _device(browser, lang: str, size: tuple[int, int]):
    context = browser.new_context(
        viewport={"width": size[0], "height": size[1]},
        locale="sv-SE" if lang == "sv" else "en-GB",
        has_touch=True,
    )
    page = context.new_page()
    watch_errors(page)
    return context, page


def _name(page, code: str, name: str, lang: str) -> None:
    """The first step: the code and the nickname, then "Fortsätt"."""
    page.fill("#vd-join-code", code)
    page.fill("#vd-join-name", name)
    page.get_by_role("button", name=t("kj_next", lang), exact=True).tap()


def _tap(page, pictures: list[str]) -> None:
    for picture in pictures:
        page.tap(f"button[data-picture='{picture}']")


def _step(page) -> str:
    page.wait_for_selector(".vd-join-step", timeout=STEP_MS)
    return page.get_attribute(".vd-join-step", "data-step")


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
    page.wait_for_selector("#vd-join-name", timeout=STEP_MS)
    assert page.input_value("#vd-join-code") == made.code
    assert page.locator("button[data-picture]").count() == 0  # the pictures come second
    assert axe_violations(page) == []
    shot(page, f"class-join-name-{lang}.png", tmp_path)
    _name(page, made.code, nickname, lang)
    assert _step(page) == "new"  # a new name chooses two pictures
    assert page.inner_text(".vd-join-step") == t("kj_new_name", lang, name=nickname)
    assert page.evaluate("() => document.activeElement.className") == "vd-join-step"
    _tap(page, ["owl", "fox"])
    badges = page.locator(".vd-join-picture[aria-pressed='true'] .vd-join-badge").all_text_contents()
    assert sorted(badges) == sorted([t("kj_first", lang), t("kj_second", lang)])
    assert axe_violations(page) == []
    shot(page, f"class-join-new-{lang}.png", tmp_path)
    page.get_by_role("button", name=t("kj_join", lang), exact=True).tap()
    page.wait_for_selector(".vd-join-done", timeout=STEP_MS)
    assert t("kj_joined", lang, name=nickname) in page.inner_text(".vd-join-done")
    page.reload()  # stays signed in on this device
    page.wait_for_selector(".vd-join-done", timeout=STEP_MS)
    shot(page, f"class-joined-{lang}.png", tmp_path)
    assert page.errors == [] and refused == []
    context.close()

    other, there = _device(browser, lang, (1024, 768))
    there.goto(f"{url}vandatta/join?lang={lang}")
    there.wait_for_selector("#vd-join-code", timeout=STEP_MS)
    _name(there, made.code, nickname.upper(), lang)  # the same nickname, in any case
    assert _step(there) == "pictures"  # straight to "tap your two pictures"
    _tap(there, ["fox", "owl"])  # the wrong order
    there.get_by_role("button", name=t("kj_enter", lang), exact=True).tap()
    there.wait_for_function(
        "(text) => document.querySelector('.vd-join-said').textContent === text",
        arg=t("kl_wrong_pictures", lang),
        timeout=STEP_MS,
    )
    assert there.locator(".vd-join-picture[aria-pressed='true']").count() == 0  # to choose again
    _tap(there, ["owl", "fox"])
    there.get_by_role("button", name=t("kj_enter", lang), exact=True).tap()
    there.wait_for_selector(".vd-join-done", timeout=STEP_MS)
    assert t("kj_joined", lang, name=nickname) in there.inner_text(".vd-join-done")
    assert there.errors == []
    other.close()


@pytest.mark.parametrize(("lang", "size"), [("sv", (390, 844)), ("en", (768, 1024))])
def test_a_child_with_a_sign_in_card_types_the_name_and_taps_the_pictures_by_keyboard(
    browser, class_site, lang, size, tmp_path
):
    """The card (widgets/server/teacher.js) says the address, the name and two pictures in
    order: the address opens the page with the code filled in; the name and Enter; then the
    pictures and "Logga in", all with the keyboard. A typo is a new name, said so, and
    "Ändra namnet" goes back with what was typed."""
    service, url = class_site
    made = service.create_class("5A")
    class_id = service.teacher(made.code, made.secret)
    [card] = service.add_pupils(class_id, ["Selma"])
    context, page = _device(browser, lang, size)
    refused = guard_requests(page, url)
    page.goto(f"{url}vandatta/join/{made.code}?lang={lang}")
    page.wait_for_selector("#vd-join-name", timeout=STEP_MS)
    # a typo first: told it is a new name, and back to change it
    page.focus("#vd-join-name")
    page.keyboard.type("Selmaa")
    page.keyboard.press("Enter")
    assert _step(page) == "new"
    assert t("kj_new_name", lang, name="Selmaa") == page.inner_text(".vd-join-step")
    page.get_by_role("button", name=t("kj_change_name", lang)).focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#vd-join-name", timeout=STEP_MS)
    assert page.input_value("#vd-join-name") == "Selmaa" and page.input_value("#vd-join-code") == made.code
    assert page.evaluate("() => document.activeElement.id") == "vd-join-name"
    page.keyboard.press("Backspace")
    page.keyboard.press("Enter")
    assert _step(page) == "pictures"
    assert page.inner_text(".vd-join-step") == t("kj_your_pictures", lang, name="Selma")
    assert axe_violations(page) == []
    shot(page, f"class-join-card-pictures-{lang}.png", tmp_path)
    # one picture is not enough: said, and nothing is sent (no miss counted)
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.get_by_role("button", name=t("kj_enter", lang), exact=True).focus()
    page.keyboard.press("Enter")
    assert page.inner_text(".vd-join-said") == t("kl_pick_pictures", lang, n=2)
    page.get_by_role("button", name=t("kj_again", lang)).focus()
    page.keyboard.press("Enter")
    # the card's pictures in order, each chosen with Enter or Space
    for picture, key in zip(card["pictures"], ("Enter", " "), strict=True):
        page.locator(f"button[data-picture='{picture}']").focus()
        page.keyboard.press(key)
    assert [page.get_attribute(f"button[data-picture='{p}']", "aria-pressed") for p in card["pictures"]] == [
        "true",
        "true",
    ]
    page.get_by_role("button", name=t("kj_enter", lang), exact=True).focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(".vd-join-done", timeout=STEP_MS)
    assert t("kj_joined", lang, name="Selma") in page.inner_text(".vd-join-done")
    assert axe_violations(page) == []
    shot(page, f"class-join-card-done-{lang}.png", tmp_path)
    assert [p["nickname"] for p in service.pupils(class_id)] == ["Selma"]  # the typo made nobody
    assert page.errors == [] and refused == []
    context.close()
