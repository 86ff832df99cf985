"""The house rules (O4–O14) and the presets in the dashboard's New round form, in Chromium: a
refused combination is said under the button and starts nothing; the preset "Sju kort" sets
the controls, and the round it starts deals seven cards under "Spela" with its badge."""

from __future__ import annotations

from tests.browser.test_dashboard_browser import open_dashboard, tab

# The text of a drop-down's chosen option (ipywidgets writes its spaces as no-break spaces).
SELECTED = "s => s.options[s.selectedIndex]?.text.replace(/\\u00a0/g, ' ')"


def selected_text(page, selector: str, text: str) -> None:
    """Wait until the drop-down ``selector`` shows ``text`` (the kernel sets it, then the page)."""
    page.wait_for_function(
        "([sel, t]) => { const s = document.querySelector(sel);"
        " return !!s && s.options[s.selectedIndex]?.text.replace(/\\u00a0/g, ' ') === t; }",
        arg=[selector, text],
        timeout=30_000,
    )


def test_the_house_rules_in_the_new_round_form(page, dashboard_url):
    from playwright.sync_api import expect

    open_dashboard(page, dashboard_url)
    tab(page, "Ny omgång").click()
    start = page.locator(".vd-db-start")
    start.wait_for(state="visible")
    form = page.locator(".vd-settings")
    expect(form.locator("h3", has_text="Husregler")).to_be_visible()
    assert page.locator(".vd-st-preset select").evaluate(SELECTED) == "Källan"
    expect(page.locator(".vd-st-preset-text")).to_contain_text("reglerna precis som källan")
    assert page.locator(".vd-st-house-o7").is_hidden(), "O7 belongs to the game to 100"
    expect(page.locator(".vd-st-house-o6 select")).to_be_disabled()  # no V3, no lappen penalty
    expect(page.locator(".vd-st-o6-note")).to_contain_text(
        "O6 gäller bara när V3 – Lappen eller O9 – Varning är på."
    )
    # a combination the engine refuses (two ways to end the game to 100): said under the
    # button, nothing starts
    page.locator(".vd-st-who button", has_text="Spelet till 100").click()
    page.locator(".vd-st-house-o7 input").wait_for(state="visible")
    page.locator(".vd-db-variant-o3 input").check()
    page.locator(".vd-st-house-o7 input").check()
    selected_text(page, ".vd-st-preset select", "Egna val")
    start.click()
    expect(page.locator(".vd-st-problem")).to_contain_text("Välj bara en av dem", timeout=30_000)
    expect(page.locator(".vd-db-tabs .lm-TabBar-tab.lm-mod-current")).to_have_text("Ny omgång")
    page.locator(".vd-db-variant-o3 input").uncheck()
    page.locator(".vd-st-house-o7 input").uncheck()
    page.locator(".vd-st-who button").first.click()  # back to one round against the computer
    # the preset "Sju kort" sets every control (O5 off, O8 back to the source's three, O4 seven)
    page.locator(".vd-st-preset select").select_option(label="Sju kort")
    selected_text(page, ".vd-st-house-o4 select", "Sju kort")
    selected_text(page, ".vd-st-house-o8 select", "Dra högst tre kort (som i källan)")
    expect(page.locator(".vd-st-house-o5 input")).not_to_be_checked()
    expect(page.locator(".vd-st-preset-text")).to_contain_text("Sju kort var")
    start.click()
    play = page.locator(".vd-db-play .vd-play")
    play.locator(".vd-hand [data-index]").first.wait_for(timeout=60_000)
    expect(page.locator(".vd-db-tabs .lm-TabBar-tab.lm-mod-current")).to_have_text("Spela")
    expect(play.locator(".vd-rules")).to_contain_text("O4 · Antal kort i given: 7")
    expect(play.locator(".vd-hand [data-index]")).to_have_count(7)  # your seven cards, unplayed
    # the words follow the language, the choice stays
    page.locator(".vd-db-language button", has_text="English").click()
    expect(play.locator(".vd-rules")).to_contain_text("O4 · Cards dealt: 7", timeout=30_000)
    tab(page, "New round").click()
    selected_text(page, ".vd-st-preset select", "Seven cards")
    selected_text(page, ".vd-st-house-o4 select", "Seven cards")
    assert page.errors == []
