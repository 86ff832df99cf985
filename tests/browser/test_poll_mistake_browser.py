"""A week's mistake asked on the pupils' phones, in Chromium: the teacher's projector (1920×1080)
opens the mistake as "Vad skulle du spela?", a pupil answers on a phone (390×844) in Swedish.
The phone draws the talon face down and uncounted (its size was never kept); after the reveal it
never says that anybody played the move the round made up in place of the child's, which was
not allowed; the projector's chart gives the engine's sentences without "(R4)", the rule as a
chip beside them. Screenshots go to ``VANDATTA_SHOTS`` (else /tmp/shots-teacher)."""

from __future__ import annotations

import re

from tests.browser.conftest import axe_violations, guard_requests, watch_errors
from tests.browser.test_class_teacher_question_browser import (  # noqa: F401 (a fixture)
    MOVE,
    POSITION,
    RULE,
    SHOTS,
    STEP_MS,
    ask_a_mistake,
    question_site,
)
from vandatta import Card
from vandatta_widgets.base.i18n import t
from vandatta_widgets.learner.events import position_game


def _pupil_state(page, state: str) -> None:
    page.wait_for_function(
        "(s) => document.getElementById('vd-class')?.dataset.state === s", arg=state, timeout=STEP_MS
    )


def test_a_pupils_phone_tells_nothing_made_up_about_a_mistake(browser, question_site):  # noqa: F811
    service, url = question_site
    lang = "sv"
    teacher, projector, errors, refused = ask_a_mistake(browser, service, url, size=(1920, 1080), lang=lang)
    projector.wait_for_selector(".vd-t-join-area .vd-cl-code", timeout=STEP_MS)
    poll_code = projector.inner_text(".vd-t-join-area .vd-cl-code").strip()

    phone_context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="sv-SE", has_touch=True
    )
    phone = phone_context.new_page()
    watch_errors(phone, errors)
    refused_by_phone = guard_requests(phone, url)
    phone.goto(f"{url}vandatta/class/{poll_code}?lang={lang}")
    _pupil_state(phone, "question")
    game = position_game(POSITION)
    # the talon face down, no number on it or under it; the top card and the pupil's hand
    pile = phone.locator(".vd-tb-pile svg")
    drawn = pile.evaluate("(e) => [...e.querySelectorAll('text, title')].map((n) => n.textContent).join(' ')")
    assert not re.search(rf"\b{game.talon_size}\b", drawn), drawn
    assert "Talong" in drawn and game.pile[-1].name(lang) in drawn
    assert str(game.talon_size) not in phone.inner_text(".vd-tb-middle")
    assert axe_violations(phone) == []
    SHOTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(SHOTS / f"pupil-mistake-question-{lang}-390.png"), full_page=True)

    # the pupil answers with the child's own move (K♠ on 7♣, not allowed)
    child = str(Card.parse(MOVE))
    phone.locator(f".vd-tb-card-button[data-card='{child}']").click()
    phone.click(".vd-tb-lay")
    phone.wait_for_function(
        "() => document.getElementById('vd-class')?.dataset.answer !== ''", timeout=STEP_MS
    )
    projector.wait_for_function(
        "() => document.querySelector('.vd-cl-counts')?.dataset.answered === '1'", timeout=STEP_MS
    )
    projector.get_by_role("button", name=t("kt_reveal", lang)).click()
    _pupil_state(phone, "revealed")
    verdict = phone.inner_text(".vd-cl-verdict")
    assert t("cl_verdict_illegal", lang, move="")[:10] in verdict
    assert t("cl_other_played", lang, move="")[:12] not in verdict  # "I spelet valde spelaren"
    assert t("cl_same_played", lang) not in verdict
    assert t("cl_other_strong", lang, move="")[:20] in verdict
    assert "(R" not in verdict and phone.locator(".vd-cl-verdict .vd-chip summary").count() >= 1
    assert axe_violations(phone) == []
    phone.screenshot(path=str(SHOTS / f"pupil-mistake-revealed-{lang}-390.png"), full_page=True)

    # the projector's chart: sentences without "(R4)", the rule a chip to tap beside them
    projector.wait_for_selector(".vd-t-poll[data-state='revealed'] .vd-cl-chart", timeout=STEP_MS)
    whys = projector.locator(".vd-cl-chart .vd-tb-why")
    assert whys.count() >= 2
    for i in range(whys.count()):
        why = whys.nth(i)
        sentence = why.evaluate(
            "(e) => [...e.childNodes].filter((n) => n.nodeType === 3).map((n) => n.data).join('')"
        )
        assert sentence and "(R" not in sentence and not re.search(r"\bR\d", sentence), sentence
        rules = (why.get_attribute("data-rules") or "").split()
        assert [s.strip() for s in why.locator(".vd-chip summary").all_inner_texts()] == rules
    refused_row = projector.locator(f".vd-cl-chart .vd-cl-row[data-move='{child}']")
    assert RULE in refused_row.locator(".vd-tb-why").get_attribute("data-rules").split()
    assert axe_violations(projector) == []
    projector.screenshot(path=str(SHOTS / f"teacher-mistake-chart-{lang}-1920.png"), full_page=True)
    assert errors == [] and refused == [] and refused_by_phone == []
    phone_context.close()
    teacher.close()
