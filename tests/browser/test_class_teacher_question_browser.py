"""A week's most common mistake opened from the teacher's overview as "Vad skulle du spela?"
(widgets/server/teacher.js), in Chromium at a laptop (1024×768) and a projector (1920×1080), in
Swedish: until the teacher shows the answer, nothing on the screen tells it (no rule chip, no
rule title, nothing about what was chosen); then the rule's chip and title come, large enough to
read from the back of a classroom, with the engine's explanation. Only what the child saw is
drawn: the pile's top card, their hand and the talon face down; no card that nobody saw. The
class's code and the address the pupils type stay whole on one line (never broken inside a
word). Screenshots go to the folder ``VANDATTA_SHOTS`` names (else /tmp/shots-teacher)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
import tornado.web

from tests.browser.conftest import axe_violations, guard_requests, watch_errors
from tests.helpers.serving import app_in_a_thread
from vandatta import rule_title
from vandatta_widgets.base.i18n import t
from vandatta_widgets.learner.events import Event, encode_events, position_game
from vandatta_widgets.server.classes import ClassService
from vandatta_widgets.server.db import open_database
from vandatta_widgets.server.handlers import class_handlers
from vandatta_widgets.server.poll_handlers import poll_handlers
from vandatta_widgets.server.table_handlers import table_handlers
from vandatta_widgets.server.table_store import TableStore
from vandatta_widgets.server.teacher import teacher_handlers
from vandatta_widgets.tables.poll_service import PollService
from vandatta_widgets.tables.service import TableService

STEP_MS = 60_000
SHOTS = Path(os.environ.get("VANDATTA_SHOTS") or "/tmp/shots-teacher")
POSITION, MOVE, RULE = "7H KS 2C|7C", "KS", "R4"  # K♠ laid on 7♣: the week's mistake


@pytest.fixture(scope="module")
def question_site(tmp_path_factory):
    """The class's, the teacher's, the tables' and the class answering's handlers on a loopback
    port (what the dashboard's server serves), in a thread of their own."""
    folder = tmp_path_factory.mktemp("question")
    service = ClassService(open_database(f"sqlite:///{folder / 'classes.sqlite'}"))
    services: list = []

    def build():
        services.append(TableService(TableStore(":memory:"), pace=0.0))
        polls = PollService(TableStore(":memory:", kind="polls"))
        return tornado.web.Application(
            class_handlers(service, "/")
            + teacher_handlers(service, "/")
            + table_handlers(services[0], "/")
            + poll_handlers(polls, "/")
        )

    with app_in_a_thread(build, stop=lambda: services[0].close()) as url:
        yield service, url
    service.engine.dispose()


def _class_with_a_mistake(service: ClassService) -> tuple[str, str]:
    """A class whose two pupils both laid K♠ on 7♣ this week; its code and teacher's key."""
    made = service.create_class("4B")
    class_id = service.teacher(made.code, made.secret)
    now = int(service.clock())
    for n, card in enumerate(service.add_pupils(class_id, ["Alva", "Bo"])):
        signed = service.sign_in(made.code, card["nickname"], card["pictures"], address="10.0.0.7")
        sent = [
            Event(f"tab{n}", k, now - 60 + k, "round", "not_allowed", (RULE,), 0, f"r1:{k}", POSITION, MOVE)
            for k in (1, 2)
        ]
        service.sync(signed.token, encode_events(sent))
    return made.code, made.secret


def _lines(page, selector: str) -> int:
    """How many lines the text of ``selector`` takes on the screen."""
    return page.eval_on_selector(
        selector,
        """(e) => { const range = document.createRange(); range.selectNodeContents(e);
                    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size; }""",
    )


def ask_a_mistake(browser, service, url: str, *, size: tuple[int, int], lang: str):
    """A class with a week's mistake, its teacher's overview opened in a browser that kept the
    class's key, and "Vad skulle du spela?" clicked on the mistake: the context, the page, the
    page's errors and the requests it made elsewhere (lists that fill as the test goes on)."""
    code, secret = _class_with_a_mistake(service)
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale="sv-SE")
    keys = json.dumps({code: {"secret": secret, "name": "4B"}})  # as this browser kept it
    context.add_init_script(f"window.localStorage.setItem('vandatta:teacher', {json.dumps(keys)});")
    page = context.new_page()
    errors = watch_errors(page)
    refused = guard_requests(page, url)
    page.goto(f"{url}vandatta/teacher/{code}?lang={lang}")
    mistake = page.locator(f".vd-t-mistake[data-rule='{RULE}']")
    mistake.wait_for(timeout=STEP_MS)
    mistake.get_by_role("button", name=t("kt_ask", lang)).click()
    return context, page, errors, refused


@pytest.mark.parametrize("size", [(1920, 1080), (1024, 768)], ids=["1920x1080", "1024x768"])
def test_a_mistake_opens_as_a_question_that_tells_the_rule_only_with_the_answer(browser, question_site, size):
    service, url = question_site
    lang = "sv"
    context, page, errors, refused = ask_a_mistake(browser, service, url, size=size, lang=lang)
    page.wait_for_selector(".vd-t-poll[data-state='question']", timeout=STEP_MS)
    page.wait_for_selector(".vd-t-join-area .vd-cl-address", timeout=STEP_MS)

    # before the answer: the position and the question, nothing that tells the answer
    title = rule_title(RULE, lang)
    shown = page.inner_text("body")
    assert page.locator(".vd-t-chip").count() == 0
    assert RULE not in shown and title not in shown
    assert t("kt_ex_not_allowed", lang) not in shown
    assert t("kt_ex_unknown", lang) in shown and t("kt_ask_then", lang) in shown
    # only what the child saw is drawn: the talon face down, the top card, the hand
    game = position_game(POSITION)
    drawn = " ".join(
        page.eval_on_selector_all(".vd-t-question svg title", "ts => ts.map((x) => x.textContent)")
    )
    for card in (*game.hand(1), *game.talon):
        assert card.name(lang) not in drawn, card
    for card in (*game.hand(0), game.pile[-1]):
        assert card.name(lang) in drawn, card
    assert str(game.talon_size) not in page.inner_text(".vd-t-question")
    # the code and the address the pupils type: whole, on one line, inside the window
    for part in (".vd-t-join-area .vd-cl-code", ".vd-t-join-area .vd-cl-address"):
        assert _lines(page, part) == 1, part
        box = page.locator(part).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= size[0], part
    assert page.eval_on_selector(
        ".vd-t-join-area .vd-cl-address", "(e) => getComputedStyle(e).overflowWrap"
    ) not in ("anywhere", "break-word")
    assert axe_violations(page) == []
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"teacher-mistake-question-{lang}-{size[0]}.png"))

    # the answer: the rule's chip and title, large, what was chosen, the engine's explanation
    page.get_by_role("button", name=t("kt_reveal", lang)).click()
    page.wait_for_selector(".vd-t-poll[data-state='revealed']", timeout=STEP_MS)
    chip = page.locator(f".vd-t-answer [data-rule='{RULE}'] .vd-t-chip")
    assert chip.is_visible() and chip.inner_text() == RULE
    assert page.locator(".vd-t-answer").inner_text().count(title) == 1
    assert t("kt_ex_not_allowed", lang) in page.inner_text(".vd-t-chosen")
    assert page.locator(".vd-t-strong").inner_text().startswith(t("cl_other_strong", lang, move="")[:20])
    least = 36 if size[0] >= 1600 else 24  # px: read from the back of a classroom
    chip_px = float(chip.evaluate("(e) => parseFloat(getComputedStyle(e).fontSize)"))
    assert chip_px >= least, chip_px
    assert _lines(page, ".vd-t-join-area .vd-cl-address") == 1
    assert axe_violations(page) == []
    page.screenshot(path=str(SHOTS / f"teacher-mistake-revealed-{lang}-{size[0]}.png"), full_page=True)
    assert errors == [] and refused == []
    context.close()
