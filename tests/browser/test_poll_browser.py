"""The class answers from their own devices, in Chromium: the dashboard on a projector in
classroom mode (1024×768 in Swedish, and 1920×1080), "Klassen svarar" turned on, pupils on
phones (390×844, each a browser context of its own, some in English) answering "Vad skulle du
spela?", the count on the projector (how many, never what), R revealing: each phone says
whether its answer was allowed and how it compares, the projector draws the chart; then a
second question and the summary with its CSV.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from tests.browser.conftest import watch_errors
from tests.helpers.serving import DashboardServer
from vandatta import play_game
from vandatta.ai.discuss import discussion_plies
from vandatta_widgets.app.dashboard import SAMPLE, computer_players

SAMPLE_GAME = play_game(computer_players(list(SAMPLE["players"]), SAMPLE["seed"]), seed=SAMPLE["seed"])
# the class is asked only where the mover had a real choice; the example's second such ply
# comes straight after the first (the second question below counts on it)
Q = discussion_plies(SAMPLE_GAME)[0]
assert discussion_plies(SAMPLE_GAME)[1] == Q + 1
STEP_MS = 120_000  # a generous bound under load: every wait ends on its condition
PROJECTOR = ".vd-cl-projector"


@pytest.fixture(scope="module")
def class_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("class")
    settings = {
        "DashboardServer": {"tables_db": str(folder / "tables.sqlite")},
        "MappingKernelManager": {"cull_interval": 10, "cull_idle_timeout": 60},
    }
    with DashboardServer(folder / "server.log", settings=settings) as server:
        yield server


def pupil_device(browser, lang: str):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="sv-SE" if lang == "sv" else "en-GB", has_touch=True
    )
    page = context.new_page()
    watch_errors(page)
    return context, page


def pupil_state(page, *states: str) -> None:
    page.wait_for_function(
        "(s) => s.includes(document.getElementById('vd-class')?.dataset.state)",
        arg=list(states),
        timeout=STEP_MS,
    )


def projector_answered(page, n: int) -> None:
    page.wait_for_function(
        "(n) => document.querySelector('.vd-cl-projector .vd-cl-counts')?.dataset.answered === String(n)",
        arg=n,
        timeout=STEP_MS,
    )


def answer_with_a_legal_card(page) -> str:
    """Lay the first card the page marks as playable (an eight declared with the big buttons),
    or draw when none is."""
    legal = page.locator(".vd-tb-card-button.vd-tb-legal")
    if legal.count() == 0:
        page.click(".vd-tb-draw")
        return "draw"
    card = legal.first.get_attribute("data-card")
    legal.first.click()
    if card.startswith("8"):
        page.locator(".vd-tb-suit").first.click()
        ranks = page.locator(".vd-tb-rank")
        if ranks.count():
            ranks.first.click()
    page.click(".vd-tb-lay")
    return card


def answer_with_a_card_not_allowed(page) -> str:
    other = page.locator(".vd-tb-card-button:not(.vd-tb-legal)")
    if other.count() == 0:  # every card may be laid here
        return answer_with_a_legal_card(page)
    card = other.first.get_attribute("data-card")
    other.first.click()
    page.click(".vd-tb-lay")
    return card


@pytest.mark.parametrize(
    ("width", "height", "langs"),
    [(1024, 768, ("sv", "en", "sv")), (1920, 1080, ("en", "sv"))],
    ids=["1024x768", "1920x1080"],
)
def test_the_class_answers_on_their_phones(browser, class_server, width, height, langs) -> None:
    url = class_server.url
    board = browser.new_context(
        viewport={"width": width, "height": height}, locale="sv-SE", accept_downloads=True
    )
    projector = board.new_page()
    errors = watch_errors(projector)
    phones = []
    try:
        projector.goto(url + "?classroom=1", timeout=180_000)
        projector.wait_for_selector(".vd-replay.vd-classroom .vd-rp-table svg", timeout=180_000)
        toggle = projector.locator(".vd-replay .vd-rp-class-answers button.vd-toggle")
        assert toggle.locator(".vd-toggle-label").inner_text() == "Klassen svarar"
        assert toggle.get_attribute("aria-pressed") == "false"
        toggle.click()
        projector.wait_for_function(
            "() => (document.querySelector('.vd-cl-projector .vd-cl-code')?.textContent || '').length === 5",
            timeout=STEP_MS,
        )
        code = projector.locator(".vd-cl-code").inner_text()
        # the code and the link large on the projector
        big = projector.evaluate(
            "() => parseFloat(getComputedStyle(document.querySelector('.vd-cl-code')).fontSize)"
        )
        assert big >= 48, big
        assert projector.locator(".vd-cl-address").inner_text().endswith(f"/vandatta/class/{code}")

        for lang in langs:
            context, page = pupil_device(browser, lang)
            phones.append((context, page, lang))
            page.goto(f"{url}vandatta/class/{code}?lang={lang}")
            pupil_state(page, "waiting")
            waiting = page.locator(".vd-cl-waiting").inner_text()
            assert waiting == ("Väntar på nästa fråga" if lang == "sv" else "Waiting for the next question")
        projector.wait_for_function(
            "(n) => document.querySelector('.vd-cl-counts')?.dataset.here === String(n)",
            arg=len(langs),
            timeout=STEP_MS,
        )

        # → past the moves with no choice, then "Vad skulle du spela?": the phones show the
        # mover's hand and the pile
        for ply in range(1, Q + 1):
            projector.keyboard.press("ArrowRight")
            projector.wait_for_function(
                "(p) => (document.querySelector('.vd-replay .vd-ply-label')?.textContent || '').startsWith(p)",
                arg=f"Drag {ply} ",
                timeout=STEP_MS,
            )
        projector.keyboard.press("ArrowRight")
        projector.wait_for_function("() => !!document.querySelector('.vd-rp-question')", timeout=STEP_MS)
        position = SAMPLE_GAME.replay(Q)
        hand = sorted(str(c) for c in position.hand(position.to_move))
        answers = {}
        for i, (_, page, lang) in enumerate(phones):
            pupil_state(page, "question")
            shown = sorted(
                page.eval_on_selector_all(".vd-tb-card-button", "els => els.map((e) => e.dataset.card)")
            )
            assert shown == hand
            assert page.locator(".vd-cl-ask").inner_text() == (
                "Vad skulle du spela?" if lang == "sv" else "What would you play?"
            )
            # 390 px wide: nothing sideways
            assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
            if i == 1:  # one pupil first picks a card not allowed, then changes their mind
                answer_with_a_card_not_allowed(page)
                page.wait_for_function("() => document.getElementById('vd-class').dataset.answer !== ''")
            answers[i] = answer_with_a_legal_card(page) if i != 2 else answer_with_a_card_not_allowed(page)
            page.wait_for_function(
                "(a) => document.getElementById('vd-class').dataset.answer.startsWith(a === 'draw' ? 'draw' : a)",
                arg=answers[i],
                timeout=STEP_MS,
            )
            projector_answered(projector, i + 1)
        counts = projector.locator(".vd-cl-counts").inner_text()
        assert counts == f"{len(langs)} av {len(langs)} har svarat"
        assert projector.locator(".vd-cl-chart").count() == 0, "what they answered is not shown before R"

        # R: each phone gets its verdict, the projector the chart
        projector.keyboard.press("r")
        projector.wait_for_selector(".vd-cl-chart .vd-cl-row", timeout=STEP_MS)
        played = str(SAMPLE_GAME.moves[Q])
        for _, page, lang in phones:
            pupil_state(page, "revealed")
            verdict = page.locator(".vd-cl-verdict")
            text = verdict.inner_text()
            allowed = verdict.get_attribute("data-legal") == "true"
            assert allowed == position.is_legal(
                page.evaluate("() => document.getElementById('vd-class').dataset.answer")
            )
            if lang == "sv":
                assert text.startswith("Ditt svar") and (
                    "I spelet valde" in text or "precis det som spelades" in text
                )
            else:
                assert text.startswith("Your answer") and (
                    "In the game" in text or "exactly what was played" in text
                )
        rows = projector.eval_on_selector_all(
            ".vd-cl-row",
            "els => els.map((e) => ({...e.dataset, why: e.querySelector('.vd-tb-why').textContent}))",
        )
        by_move = {row["move"]: row for row in rows}
        assert by_move[played]["played"] == "true"
        assert any(row["strong"] == "true" for row in rows)
        assert sum(int(row["count"]) for row in rows) == len(langs)
        assert all(row["why"] for row in rows)
        assert any(row["legal"] == "false" for row in rows) == (len(langs) > 2)

        # a second question, then the summary and its CSV
        projector.keyboard.press("ArrowRight")
        for _, page, _ in phones:
            pupil_state(page, "question")
            answer_with_a_legal_card(page)
        projector_answered(projector, len(langs))
        projector.keyboard.press("r")
        projector.wait_for_function(
            "() => document.querySelectorAll('.vd-cl-summary li').length === 2", timeout=STEP_MS
        )
        with projector.expect_download() as download:
            projector.click(".vd-cl-csv")
        table = list(csv.reader(io.StringIO(Path(download.value.path()).read_text(encoding="utf-8"))))
        assert table[0][:3] == ["fråga", "drag", "svar"] and len(table) == 3
        assert table[2][2] == str(len(langs)) and table[2][3] == "1.0"  # every second answer allowed

        # a reload keeps the pupil's answer
        _, page, _ = phones[0]
        page.reload()
        pupil_state(page, "revealed")
        assert page.locator(".vd-cl-verdict").get_attribute("data-legal") == "true"
        assert errors == []
        for _, page, _ in phones:
            assert page.errors == []
    finally:
        for context, _, _ in phones:
            context.close()
        board.close()
