"""The play table in a real browser: Voilà serving tests/browser/notebooks/play.ipynb (a
seeded position: the player may lay 7♥ or 2♣ or the eight 8♦ on 7♣, and holds K♠ that does
not fit; the computer holds only spades and cannot answer), driven by Playwright in Debian's
Chromium."""

from __future__ import annotations

from .conftest import open_notebook

READY = '.vd-status[data-turn="human"]'


def card(page, name: str):
    """A card of the player's hand by its text alternative ("seven of hearts")."""
    return page.locator(f'.vd-play .vd-hand [data-index][aria-label^="{name}"]')


def lay(page) -> None:
    page.get_by_role("button", name="Lay cards").click()


def test_lay_a_legal_card_and_see_it_on_the_pile(page, voila_url):
    open_notebook(page, voila_url, "play.ipynb", ready=READY)
    assert page.locator(".vd-pile-box").get_attribute("data-top") == "7♣"
    assert page.locator(".vd-play .vd-hand [data-index]").count() == 5
    seven = card(page, "seven of hearts")
    assert "vd-legal" in seven.get_attribute("class")  # the engine's legal cards are lifted
    assert "vd-dimmed" in card(page, "king of spades").get_attribute("class")
    seven.click()
    page.wait_for_selector('.vd-play .vd-hand .vd-selected[aria-label^="seven of hearts"]')
    lay(page)
    page.wait_for_selector('.vd-pile-box[data-top="7♥"]')
    feedback = page.locator(".vd-feedback")
    assert "7♥ on 7♣: same rank — hearts is now the suit (R4)" in feedback.inner_text()
    assert page.locator(".vd-play .vd-hand [data-index]").count() == 4
    # the computer's moves come one by one from the front-end clock, then it is our turn again
    page.wait_for_selector('.vd-log-entry[data-ply="2"]', timeout=30_000)
    assert "Player 2 draws a card (R8)" in page.locator('.vd-log-entry[data-ply="2"]').inner_text()
    page.wait_for_selector('.vd-status[data-turn="human"][data-ply="5"]', timeout=30_000)
    assert page.locator(".vd-pile-box").get_attribute("data-top") == "7♥"
    # the language switch changes the words in place
    page.get_by_role("button", name="Svenska").click()
    page.get_by_role("button", name="Lägg kort").wait_for()
    page.locator(".vd-status", has_text="Din tur").wait_for()
    page.locator(".vd-pile-box", has_text="Talong").wait_for()
    assert page.errors == []


def test_an_illegal_card_is_explained_and_changes_nothing(page, voila_url):
    open_notebook(page, voila_url, "play.ipynb", ready=READY)
    talon = page.locator(".vd-pile-box").get_attribute("data-talon")
    card(page, "king of spades").click()
    page.wait_for_selector('.vd-play .vd-hand .vd-selected[aria-label^="king of spades"]')
    lay(page)
    page.wait_for_selector('.vd-feedback[data-kind="illegal"]')
    text = page.locator(".vd-feedback").inner_text()
    assert "Not allowed" in text
    assert "K♠ does not fit: it has neither the suit ♣ nor the rank 7 (R4)." in text
    pile = page.locator(".vd-pile-box")
    assert pile.get_attribute("data-top") == "7♣"
    assert pile.get_attribute("data-talon") == talon
    assert page.locator(".vd-play .vd-hand [data-index]").count() == 5
    assert page.locator(".vd-status").get_attribute("data-turn") == "human"
    assert page.locator(".vd-status").get_attribute("data-ply") == "0"
    assert page.errors == []


def test_declare_an_eight_and_see_its_badge(page, voila_url):
    open_notebook(page, voila_url, "play.ipynb", ready=READY)
    assert not page.locator(".vd-declare").is_visible()
    card(page, "eight of diamonds").click()
    page.wait_for_selector(".vd-declare", state="visible")
    selects = page.locator(".vd-declare select")
    assert selects.count() == 2
    selects.nth(0).select_option(label="♥ hearts")
    selects.nth(1).select_option(label="K – king")
    lay(page)
    page.wait_for_selector('.vd-pile-box[data-top="8♦"][data-declared="K♥"]')
    badge = page.locator(".vd-pile-box .vd-top .vd-badge")
    assert badge.is_visible() and badge.text_content().strip() == "=K♥"
    assert "it now counts as king of hearts (R6)" in page.locator(".vd-feedback").inner_text()
    page.wait_for_selector(".vd-declare", state="hidden")
    assert page.errors == []
