"""The play table in a real browser: Voilà serving tests/browser/notebooks/play.ipynb (a
seeded position: the player may lay 7♥ or 2♣ or the eight 8♦ on 7♣, and holds K♠ that does
not fit; the computer holds only spades and cannot answer), driven by Playwright in Debian's
Chromium. The table waits for "Continue" (pace="wait", the classroom's setting; by default the
computers play on by themselves: tests/browser/test_child_pace_browser.py)."""

from __future__ import annotations

import os
from pathlib import Path

from .conftest import axe_violations, open_notebook, watch_errors

READY = '.vd-status[data-turn="human"]'


def card(page, name: str):
    """A card of the player's hand by its text alternative ("seven of hearts")."""
    return page.locator(f'.vd-play .vd-hand [data-index][data-name^="{name}"]')


def lay(page) -> None:
    page.get_by_role("button", name="Lay cards").click()


def ply(page) -> str:
    return page.locator(".vd-status").get_attribute("data-ply")


def test_lay_a_legal_card_then_the_computer_waits_for_continue(page, voila_url):
    open_notebook(page, voila_url, "play.ipynb", ready=READY)
    assert page.locator(".vd-pile-box").get_attribute("data-top") == "7♣"
    assert page.locator(".vd-play .vd-hand [data-index]").count() == 5
    seven = card(page, "seven of hearts")
    assert "vd-legal" in seven.get_attribute("class")  # the engine's legal cards are lifted
    assert "vd-dimmed" in card(page, "king of spades").get_attribute("class")
    assert not page.locator(".vd-continue").is_visible()  # the player's turn
    seven.click()
    page.wait_for_selector('.vd-play .vd-hand .vd-selected[data-name^="seven of hearts"]')
    lay(page)
    page.wait_for_selector('.vd-pile-box[data-top="7♥"]')
    last = page.locator(".vd-last")
    last.wait_for()
    assert "Your last move" in last.inner_text()
    assert "7♥ on 7♣: same rank — hearts is now the suit." in last.inner_text()  # R4: a chip after it
    assert last.locator("details.vd-chip-rule summary", has_text="R4").count() == 1
    assert page.locator(".vd-play .vd-hand [data-index]").count() == 4
    # the computer is to move, and waits: "Continue" is offered, the clock does not run
    button = page.get_by_role("button", name="Continue ▶")
    button.wait_for()
    page.locator(".vd-status", has_text="It is Player 2's turn.").wait_for()
    page.wait_for_timeout(1500)  # three times the fastest pace: nothing may have moved
    assert ply(page) == "1" and page.locator(".vd-log-entry[data-ply='2']").count() == 0
    button.click()
    # one press: the computer's whole turn (three draws and a pass), then the player's turn
    page.wait_for_selector('.vd-status[data-turn="human"][data-ply="5"]', timeout=30_000)
    feedback = page.locator(".vd-feedback").inner_text()
    assert "Player 2's move" in feedback and "Player 2 draws a card" in feedback
    assert "7♥ on 7♣" in page.locator(".vd-last").inner_text()  # the player's move is still there
    button.wait_for(state="hidden")  # (its layout is a message of its own, after the status)
    # the language switch changes the words in place
    page.get_by_role("button", name="Svenska").click()
    page.get_by_role("button", name="Lägg kort").wait_for()
    page.locator(".vd-status", has_text="Din tur").wait_for()
    page.locator(".vd-last", has_text="Ditt senaste drag").wait_for()
    assert page.errors == []


def test_at_a_faster_pace_the_computers_move_by_themselves(page, voila_url):
    open_notebook(page, voila_url, "play.ipynb", ready=READY)
    page.locator(".vd-pace select").select_option(label="Fast")
    card(page, "seven of hearts").click()
    page.wait_for_selector('.vd-play .vd-hand .vd-selected[data-name^="seven of hearts"]')
    lay(page)
    page.wait_for_selector('.vd-log-entry[data-ply="2"]', timeout=30_000)
    assert (
        "Player 2 draws a card. R8" in page.locator('.vd-log-entry[data-ply="2"]').inner_text()
    )  # R8: a chip
    page.wait_for_selector('.vd-status[data-turn="human"][data-ply="5"]', timeout=30_000)
    assert "7♥ on 7♣" in page.locator(".vd-last").inner_text()
    assert page.errors == []


def test_an_illegal_card_is_explained_and_changes_nothing(page, voila_url):
    open_notebook(page, voila_url, "play.ipynb", ready=READY)
    talon = page.locator(".vd-pile-box").get_attribute("data-talon")
    card(page, "king of spades").click()
    page.wait_for_selector('.vd-play .vd-hand .vd-selected[data-name^="king of spades"]')
    lay(page)
    page.wait_for_selector('.vd-feedback[data-kind="illegal"]')
    text = page.locator(".vd-feedback").inner_text()
    assert "Not allowed" in text
    assert "K♠ does not fit: it has neither the suit ♣ nor the rank 7." in text and "(R4)" not in text
    pile = page.locator(".vd-pile-box")
    assert pile.get_attribute("data-top") == "7♣"
    assert pile.get_attribute("data-talon") == talon
    assert page.locator(".vd-play .vd-hand [data-index]").count() == 5
    assert page.locator(".vd-status").get_attribute("data-turn") == "human"
    assert ply(page) == "0"
    assert page.errors == []


def test_declare_an_eight_with_big_buttons_by_touch_on_a_tablet(browser, voila_url):
    """768×1024 with touch events: tap the eight, tap ♥ and K, tap "Lay cards"."""
    context = browser.new_context(viewport={"width": 768, "height": 1024}, has_touch=True, is_mobile=True)
    page = context.new_page()
    errors = watch_errors(page)
    try:
        open_notebook(page, voila_url, "play.ipynb", ready=READY)
        declare = page.locator(".vd-decl")
        assert not declare.is_visible()
        card(page, "eight of diamonds").tap()
        declare.wait_for(state="visible")
        suits = page.locator(".vd-decl-suit")
        ranks = page.locator(".vd-decl-rank")
        assert suits.count() == 4 and ranks.count() == 13
        # big enough for a finger (≥ 44 px), named for screen readers
        for i in range(4):
            box = suits.nth(i).bounding_box()
            assert box["width"] >= 44 and box["height"] >= 44, box
        for i in range(13):
            box = ranks.nth(i).bounding_box()
            assert box["width"] >= 44 and box["height"] >= 44, box
        names = [suits.nth(i).get_attribute("aria-label") for i in range(4)]
        assert names == ["spades", "hearts", "diamonds", "clubs"]
        assert page.locator(".vd-decl").get_attribute("aria-label") == "The eight counts as:"
        hearts = page.get_by_role("button", name="hearts", exact=True)
        hearts.tap()
        page.wait_for_selector('.vd-decl-suit[data-suit="1"][aria-pressed="true"]')
        assert page.locator(".vd-decl-chosen").inner_text().startswith("hearts")
        page.get_by_role("button", name="king", exact=True).tap()
        page.wait_for_selector('.vd-decl-rank[data-rank="13"][aria-pressed="true"]')
        page.locator(".vd-decl-chosen", has_text="king of hearts").wait_for()
        mine = [v for v in axe_violations(page) if any("vd-decl" in x for x in v["targets"])]
        assert mine == [], "the buttons are named, pressed states told, contrast enough"
        page.get_by_role("button", name="Lay cards").tap()
        page.wait_for_selector('.vd-pile-box[data-top="8♦"][data-declared="K♥"]')
        badge = page.locator(".vd-pile-box .vd-top .vd-badge")
        assert badge.is_visible() and badge.text_content().strip() == "=K♥"
        assert "it now counts as king of hearts" in page.locator(".vd-last").inner_text()
        declare.wait_for(state="hidden")
        # and nothing on the page is wider than the tablet
        assert page.evaluate("document.documentElement.scrollWidth") <= 768
        assert errors == []
    finally:
        context.close()


def test_declare_an_eight_with_the_keyboard_only(page, voila_url):
    open_notebook(page, voila_url, "play.ipynb", ready=READY)
    eight = card(page, "eight of diamonds")
    eight.focus()
    page.keyboard.press("Enter")
    page.locator(".vd-decl").wait_for(state="visible")
    spades = page.get_by_role("button", name="spades", exact=True)
    spades.focus()
    # the focus is visible: a thick outline on the focused button
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineWidth")
    assert outline not in ("0px", ""), outline
    page.keyboard.press("Space")
    page.wait_for_selector('.vd-decl-suit[data-suit="0"][aria-pressed="true"]')
    page.get_by_role("button", name="nine", exact=True).focus()
    page.keyboard.press("Enter")
    page.wait_for_selector('.vd-decl-rank[data-rank="9"][aria-pressed="true"]')
    page.get_by_role("button", name="Lay cards").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector('.vd-pile-box[data-top="8♦"][data-declared="9♠"]')
    assert page.errors == []


def test_a_lesson_quiz_tells_a_wrong_answer_why_and_the_right_one_everything(page, lessons_url):
    """Lesson 1 in Voilà: the talon quiz's answer is nowhere on the page until it is chosen; a
    wrong answer gets the engine's reason and a hint, the right one the whole count."""
    page.goto(f"{lessons_url}/voila/render/sv/01-goal-and-deal.ipynb", timeout=120_000)
    quiz = page.locator(".vd-quiz").first
    quiz.wait_for(timeout=120_000)
    assert "33 kort" not in page.locator("body").inner_text(), "the answer is not on the page"
    assert "Nu har tre spelare fått sina kort" in quiz.inner_text()
    quiz.get_by_role("button", name="34", exact=True).click()
    feedback = quiz.locator(".vd-feedback")
    feedback.wait_for()
    text = feedback.inner_text()
    assert "Inte riktigt – ”34” är inte rätt svar." in text
    assert "Glömde du kortet som vändes upp och började högen?" in text and "(R2)" not in text
    assert "Tips: Räkna alla kort i kortleken" in text and "Försök igen!" in text
    assert "= 33 kort" not in text
    assert quiz.get_by_role("button", name="✘ 34").is_disabled()
    quiz.get_by_role("button", name="33", exact=True).click()
    quiz.locator(".vd-feedback", has_text="Rätt!").wait_for()
    text = quiz.locator(".vd-feedback").inner_text()
    assert "Alla tre spelarna får sex kort var: 3 × 6 = 18 kort på händerna." in text
    assert "Kvar i talongen: 52 − 18 − 1 = 33 kort." in text
    assert axe_violations(page) == []
    assert page.errors == []


# -- pass and play: two people and a computer on one phone -----------------------------------------

SCREEN = '.vd-status[data-turn="screen"]'


def _secret(page, names: list[str]) -> list[str]:
    """Which of these card names are anywhere in the page (its DOM, hidden parts included)."""
    html = page.content()
    return [name for name in names if name in html]


def _shot(page, name: str) -> None:
    """A screenshot for a person to look at, when VANDATTA_SCREENSHOTS names a folder."""
    folder = os.environ.get("VANDATTA_SCREENSHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / name))  # what the person holding it sees


def test_two_people_and_a_computer_pass_one_phone_round_behind_a_screen(browser, voila_url):
    """At 390×844 with touch: the screen hides every hand until its person taps; the cards of
    the one before are gone from the page (not merely covered), and the computer's draws stay
    hidden from both."""
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    errors = watch_errors(page)
    alva = ["king of spades", "two of clubs", "nine of hearts", "seven of hearts"]
    bo = ["six of diamonds", "three of clubs", "jack of clubs", "five of hearts"]
    try:
        open_notebook(page, voila_url, "pass_and_play.ipynb", ready=SCREEN)
        screen = page.locator(".vd-screen")
        expect(screen).to_contain_text("Hand the tablet to Alva – tap when ready")
        assert page.locator(".vd-play .vd-hand [data-index]").count() == 0
        assert _secret(page, alva + bo) == []
        ready = page.get_by_role("button", name="I am Alva – show my cards")
        box = ready.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44, box
        _shot(page, "pass-390-screen.png")
        ready.tap()
        page.wait_for_selector(READY)
        assert page.locator(".vd-play .vd-hand [data-index]").count() == 4
        card(page, "seven of hearts").tap()
        page.wait_for_selector('.vd-play .vd-hand .vd-selected[data-name^="seven of hearts"]')
        page.get_by_role("button", name="Lay cards").tap()
        # Bo's turn: the screen at once, Alva's cards gone from the page
        page.locator(SCREEN, has_text="Hand the tablet to Bo").wait_for()
        expect(screen).to_be_in_viewport()  # where the eye is, however far down the page was
        page.wait_for_selector('.vd-pile-box[data-top="7♥"]')
        assert page.locator(".vd-play .vd-hand [data-index]").count() == 0
        assert _secret(page, alva[:3] + bo) == []
        assert "Alva's move" in page.locator(".vd-feedback").inner_text()
        page.get_by_role("button", name="I am Bo – show my cards").tap()
        page.wait_for_selector(READY)
        card(page, "five of hearts").tap()
        page.wait_for_selector('.vd-play .vd-hand .vd-selected[data-name^="five of hearts"]')
        page.get_by_role("button", name="Lay cards").tap()
        page.wait_for_selector('.vd-pile-box[data-top="5♥"]')
        # the computer waits for "Continue", then draws (its cards hidden) and passes
        page.get_by_role("button", name="Continue ▶").tap()
        page.locator(SCREEN, has_text="Hand the tablet to Alva").wait_for(timeout=30_000)
        expect(screen).to_be_in_viewport()
        assert page.locator(".vd-play .vd-hand [data-index]").count() == 0
        assert _secret(page, alva[:3] + bo[:3] + ["nine of spades", "9♠"]) == []
        assert "Player 3 draws a card" in page.locator(".vd-log").inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        _shot(page, "pass-390-screen-2.png")
        # in Swedish, in place
        page.get_by_role("button", name="Svenska").tap()
        expect(screen).to_contain_text("Ge plattan till Alva – tryck när du är redo")
        page.set_viewport_size({"width": 1024, "height": 768})
        expect(screen).to_be_in_viewport()
        _shot(page, "pass-1024-screen.png")
        page.set_viewport_size({"width": 390, "height": 844})
        page.get_by_role("button", name="Jag är Alva – visa mina kort").tap()
        page.wait_for_selector(READY)
        assert page.locator(".vd-play .vd-hand [data-index]").count() == 3
        assert _secret(page, bo[:3]) == []
        _shot(page, "pass-390-alva.png")
        page.set_viewport_size({"width": 1024, "height": 768})
        _shot(page, "pass-1024-alva.png")
        mine = [
            v for v in axe_violations(page) if any("vd-screen" in x or "vd-ready" in x for x in v["targets"])
        ]
        assert mine == []
        assert errors == []
    finally:
        context.close()
