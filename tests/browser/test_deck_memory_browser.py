"""Issue 43: the four-colour deck chosen on a tablet is still chosen when the dashboard is opened
again on it — kept in the browser's localStorage (``vandatta-ui:deck``), as the sound's mute
is — and Spela's cards are drawn in four colours at once; a device that never chose it keeps
the classic deck."""

from __future__ import annotations

from .test_child_pace_browser import BLUE, DASH_PLAY, GREEN, TABLET, device  # noqa: F401

FOUR = (
    "([sel, blue, green]) => [...document.querySelectorAll(sel + ' [fill]')]"
    ".some((e) => [blue, green].includes(e.getAttribute('fill')))"
)


def open_spela(page, url: str) -> None:
    page.goto(url, timeout=120_000)
    page.wait_for_selector(".vd-db-tabs", timeout=120_000)
    page.get_by_role("tab", name="Spela", exact=True).click()
    page.wait_for_selector(f"{DASH_PLAY} .vd-hand [data-index]", timeout=120_000)


def test_the_four_colour_deck_is_remembered_on_the_device(device, dashboard_url):  # noqa: F811
    page = device(TABLET)
    open_spela(page, dashboard_url)
    assert page.evaluate("() => localStorage.getItem('vandatta-ui:deck')") is None
    page.get_by_role("tab", name="Ny omgång", exact=True).click()
    page.get_by_text("Fyrfärgslek", exact=False).first.click()
    page.wait_for_function("() => localStorage.getItem('vandatta-ui:deck') === 'four'", timeout=60_000)

    page.reload()  # the next visit on this tablet: the four colours again, without a tap
    page.wait_for_selector(".vd-db-tabs", timeout=120_000)
    page.get_by_role("tab", name="Spela", exact=True).click()
    page.wait_for_function(FOUR, arg=[f"{DASH_PLAY} .vd-hand svg", BLUE, GREEN], timeout=120_000)
    page.get_by_role("tab", name="Ny omgång", exact=True).click()
    assert page.locator(".vd-st-deck input[type='checkbox']").is_checked()

    # switched off again: kept too
    page.get_by_text("Fyrfärgslek", exact=False).first.click()
    page.wait_for_function("() => localStorage.getItem('vandatta-ui:deck') === 'classic'", timeout=60_000)
    assert page.errors == []
