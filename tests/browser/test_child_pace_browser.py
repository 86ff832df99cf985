"""Spela at a child's pace (issue 43) in Chromium: a child's tablet (768×1024, touch) and phone
(390×844, touch), in Swedish and English. The computers' moves come by themselves — nobody
presses "Fortsätt" — a button that cannot be used is disabled and says why, "Tips" marks a card
beside the hand, the end of a round speaks to the child, the four-colour deck's colours are in
the cards' SVG, screen readers are told each move, and a round is played with the keyboard
alone.

Notebooks: tests/browser/notebooks/child_lost_round.ipynb (the child draws three, passes, and
the computer goes out by itself: the child comes second) and child_tips.ipynb (the hint, the
four-colour deck). The dashboard (served as ``vandatta dashboard`` serves it) opens on Spela.

Screenshots go to ``VANDATTA_SCREENSHOTS`` when it names a folder."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from .conftest import axe_violations, open_notebook, watch_errors

READY = '.vd-play .vd-status[data-turn="human"]'
OVER = '.vd-play .vd-status[data-turn="over"]'
TABLET = {"viewport": {"width": 768, "height": 1024}, "has_touch": True, "is_mobile": True}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
BLUE, GREEN, RED, BLACK = "#0b5cad", "#11703a", "#c8102e", "#1b1b1b"  # vandatta.svg's four colours
FILLS = "(sel) => [...document.querySelectorAll(sel + ' [fill]')].map((e) => e.getAttribute('fill'))"


def shot(page, name: str) -> None:
    """A screenshot for a person to look at, when VANDATTA_SCREENSHOTS names a folder."""
    folder = os.environ.get("VANDATTA_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / name))


@pytest.fixture
def device(browser):
    """``device(TABLET)``: a new page on that device; the page's errors in ``page.errors``."""
    contexts = []

    def make(kind: dict):
        context = browser.new_context(**kind)
        contexts.append(context)
        page = context.new_page()
        watch_errors(page)
        return page

    yield make
    for context in contexts:
        context.close()


def wait_for_ply(page, n: int, timeout: float = 30_000) -> None:
    page.wait_for_selector(f'.vd-play .vd-status[data-ply="{n}"]', timeout=timeout)


def button(page, word: str):
    return page.locator(".vd-play button", has_text=word).first


def test_a_lost_round_on_a_tablet_plays_on_by_itself_and_speaks_to_the_child(device, voila_url):
    from playwright.sync_api import expect

    page = device(TABLET)
    open_notebook(page, voila_url, "child_lost_round.ipynb", ready=READY)
    assert not page.locator(".vd-play .vd-continue").is_visible(), "no Fortsätt to press"
    # nothing fits 7♣: "Lägg kort" cannot be used, and says why
    expect(button(page, "Lägg kort")).to_be_disabled()
    expect(page.locator(".vd-play .vd-button-why")).to_contain_text("Inget av dina kort passar på högen nu")
    draw = button(page, "Dra ett kort")
    for n in range(3):
        draw.tap()
        wait_for_ply(page, n + 1)
    # the draws allowed are used up: the engine refuses a fourth, the button says so
    expect(draw).to_be_disabled()
    why = page.locator(".vd-play .vd-button-why")
    expect(why).to_contain_text("”Dra ett kort” går inte nu. Du har redan dragit tre kort")
    expect(why.locator(".vd-rule", has_text="R8")).to_have_count(1)
    assert draw.get_attribute("title").startswith("du har redan dragit tre kort")
    box = why.bounding_box()
    assert box["y"] + box["height"] <= 1024, "the reason is on the screen, not below it"
    shot(page, "spela-768-sv-draw-disabled.png")
    button(page, "Stå över").tap()
    page.wait_for_selector(OVER, timeout=30_000)  # the computer's move came by itself
    assert not page.locator(".vd-play .vd-continue").is_visible()
    status = page.locator(".vd-play .vd-status")
    text = re.sub(r"\s+", " ", status.inner_text())
    assert text.startswith("Du kom tvåa!"), text
    assert "Den som har minst poäng är bäst." in text and "1. Spelare 2 0 · 2. Du" in text
    expect(page.get_by_role("button", name="Spela igen")).to_be_visible()
    # screen readers: one live region, told the last move and how the round ended
    region = page.locator(".vd-play .vd-announce")
    assert region.get_attribute("aria-live") == "polite" and region.get_attribute("role") == "status"
    expect(region).to_contain_text("Spelare 2: 5♣.")
    expect(region).to_contain_text("Du kom tvåa!")
    shot(page, "spela-768-sv-end.png")
    assert axe_violations(page) == []
    page.get_by_role("button", name="English").tap()
    expect(status).to_contain_text("You came second!")
    expect(status).to_contain_text("Fewest points is best.")
    expect(page.get_by_role("button", name="Play again")).to_be_visible()
    shot(page, "spela-768-en-end.png")
    page.get_by_role("button", name="Play again").tap()
    page.wait_for_selector('.vd-play .vd-status[data-ply="0"]', timeout=30_000)
    assert page.errors == []


def test_a_lost_round_on_a_phone_in_english(device, voila_url):
    from playwright.sync_api import expect

    page = device(PHONE)
    open_notebook(page, voila_url, "child_lost_round.ipynb", ready=READY)
    page.get_by_role("button", name="English").tap()
    draw = page.get_by_role("button", name="Draw a card")
    for n in range(3):
        draw.tap()
        wait_for_ply(page, n + 1)
    expect(draw).to_be_disabled()
    expect(page.locator(".vd-play .vd-button-why")).to_contain_text(
        "“Draw a card” cannot be used now. You have already drawn three cards"
    )
    page.get_by_role("button", name="Pass").tap()
    page.wait_for_selector(OVER, timeout=30_000)
    status = page.locator(".vd-play .vd-status")
    expect(status).to_contain_text("You came second!")
    expect(status).to_contain_text("Fewest points is best.")
    status.scroll_into_view_if_needed()
    shot(page, "spela-390-en-end.png")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.errors == []


def test_tips_marks_a_card_beside_the_hand_and_the_four_colour_deck_shows(device, voila_url):
    from playwright.sync_api import expect

    page = device(TABLET)
    open_notebook(page, voila_url, "child_tips.ipynb", ready=READY)
    # the four-colour deck: ♦ blue, ♣ green, ♥ red, ♠ black, each with its letter
    fills = set(page.evaluate(FILLS, ".vd-play .vd-hand svg"))
    assert {BLUE, GREEN, RED, BLACK} <= fills, fills
    letters = page.evaluate(
        "() => [...document.querySelectorAll('.vd-play .vd-hand svg text')].map((e) => e.textContent)"
    )
    assert {"R", "K", "H", "S"} <= set(letters), letters  # ruter, klöver, hjärter, spader
    assert GREEN in page.evaluate(FILLS, ".vd-play .vd-pile-box svg"), "the pile's 7♣ too"
    button(page, "Tips").tap()
    say = page.locator(".vd-play .vd-hint-say")
    expect(say).to_contain_text("Tips: lägg", timeout=60_000)
    expect(say).to_contain_text("markerat i din hand")
    assert "%" not in page.locator(".vd-play .vd-hint-beside").inner_text(), "no per cent for a child"
    chosen = page.locator(".vd-play .vd-hand [data-index].vd-selected")
    expect(chosen).to_have_count(1)
    hint_box, hand = say.bounding_box(), page.locator(".vd-play div.vd-hand").bounding_box()
    assert hint_box["y"] < hand["y"] and hint_box["y"] + hint_box["height"] <= 1024, (
        "beside the hand, on screen"
    )
    shot(page, "spela-768-sv-tips.png")
    card = chosen.get_attribute("data-name")
    button(page, "Lägg kort").tap()
    wait_for_ply(page, 1)
    expect(page.locator(".vd-play .vd-last")).to_contain_text("Ditt senaste drag")
    # the computer draws (and lays or passes) by itself: its moves come without a tap
    page.wait_for_function(
        "() => { const s = document.querySelector('.vd-play .vd-status');"
        " return s.dataset.turn === 'human' && Number(s.dataset.ply) >= 2; }",
        timeout=30_000,
    )
    assert not page.locator(".vd-play .vd-continue").is_visible()
    expect(page.locator(".vd-play .vd-feedback")).to_contain_text("Spelare 2:s drag")  # shown, in words
    assert card
    assert page.errors == []


def test_a_round_with_the_keyboard_alone(device, voila_url):
    """Tab to a button, Enter: three draws; the draw button disabled, the focus moves on to
    "Pass" beside it, Enter; the computer goes out by itself and the end is told. No mouse, no
    touch."""
    page = device({"viewport": {"width": 1024, "height": 768}})
    open_notebook(page, voila_url, "child_lost_round.ipynb", ready=READY)
    page.locator(".vd-play button", has_text="English").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(".vd-play button:text-is('Draw a card')")

    def tab_to(word: str) -> None:
        for _ in range(60):
            if page.evaluate(
                "(w) => { const e = document.activeElement; return !!e && e.tagName === 'BUTTON' && "
                "e.textContent.trim() === w && !e.disabled; }",
                word,
            ):
                return
            page.keyboard.press("Tab")
        raise AssertionError(f"Tab never reached {word!r}")

    for n in range(3):
        tab_to("Draw a card")
        page.keyboard.press("Enter")
        wait_for_ply(page, n + 1)
    assert page.locator(".vd-play button:text-is('Draw a card')").is_disabled()
    # the focus was on the button its own press disabled: it moved on to "Pass", beside it
    page.wait_for_function(
        "() => document.activeElement?.tagName === 'BUTTON' && document.activeElement.textContent.trim() === 'Pass'",
        timeout=10_000,
    )
    page.keyboard.press("Enter")
    page.wait_for_selector(OVER, timeout=30_000)
    assert "You came second!" in page.locator(".vd-play .vd-status").inner_text()
    tab_to("Play again")
    page.keyboard.press("Enter")
    page.wait_for_selector('.vd-play .vd-status[data-ply="0"]', timeout=30_000)
    assert page.errors == []


DASH_PLAY = ".vd-db-play .vd-play"


@pytest.mark.parametrize("kind,size", [(TABLET, 768), (PHONE, 390)])
def test_the_dashboard_opens_on_spela_and_the_computers_move_by_themselves(device, dashboard_url, kind, size):
    from playwright.sync_api import expect

    page = device(kind)
    page.goto(dashboard_url, timeout=120_000)
    # the page opens on the child's path (issue 41); Spela is one tap away, the child's hand shown
    page.wait_for_selector(".vd-path .vd-path-list", timeout=120_000)
    assert page.locator(".vd-db-tabs [role='tab'][aria-selected='true']").inner_text().strip() == "Min väg"
    page.get_by_role("tab", name="Spela", exact=True).tap()
    page.wait_for_selector(f"{DASH_PLAY} .vd-hand [data-index]", timeout=120_000)
    status = page.locator(f"{DASH_PLAY} .vd-status")
    # the computers (beginner, random) play first, by themselves: no "Fortsätt"
    page.wait_for_selector(f'{DASH_PLAY} .vd-status[data-turn="human"]', timeout=60_000)
    assert int(status.get_attribute("data-ply")) >= 2
    assert not page.locator(f"{DASH_PLAY} .vd-continue").is_visible()
    expect(page.locator(f"{DASH_PLAY} .vd-announce")).to_contain_text("Nu är det din tur.")
    shot(page, f"spela-{size}-sv-dashboard-mid-round.png")
    # the four-colour deck from the New round form, remembered there, shown at once in Spela
    page.get_by_role("tab", name="Ny omgång", exact=True).click()
    page.get_by_text("Fyrfärgslek", exact=False).first.click()
    page.get_by_role("tab", name="Spela", exact=True).click()
    page.wait_for_function(
        "([sel, blue, green]) => [...document.querySelectorAll(sel + ' [fill]')]"
        ".some((e) => [blue, green].includes(e.getAttribute('fill')))",
        arg=[f"{DASH_PLAY} .vd-hand svg", BLUE, GREEN],
        timeout=30_000,
    )
    shot(page, f"spela-{size}-sv-dashboard-four-colours.png")
    assert page.errors == []
