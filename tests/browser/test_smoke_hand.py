"""The smallest real-browser check: an anywidget hand renders in Voilà (offline) and a click
on a card comes back to Python."""

from .conftest import open_notebook


def test_hand_click_round_trip(page, voila_url):
    open_notebook(page, voila_url, "smoke_hand.ipynb", ready=".vd-hand [data-index]")
    cards = page.locator(".vd-hand [data-index]")
    assert cards.count() == 4
    cards.nth(1).click()
    page.wait_for_function(
        "() => [...document.querySelectorAll('.widget-label')].some(e => e.textContent === '1')"
    )
    cards.nth(0).click()
    page.wait_for_function(
        "() => [...document.querySelectorAll('.widget-label')].some(e => e.textContent === '1,0')"
    )
    assert page.errors == []
