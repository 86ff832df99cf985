"""The replay viewer in Voilà and Chromium: buttons, keys, the move list, playback and the
language switch all move the view, and the explanation is the engine's for that move."""

from __future__ import annotations

import re

from vandatta.ai.simulate import play_random_game
from vandatta_widgets.lessons.chips import uncited

from .conftest import open_notebook

# The game of notebooks/replay.ipynb, rebuilt here to know what the page must say.
GAME = play_random_game(3, seed=5)
M = GAME.ply


def wait_label(page, text: str, timeout: float = 10_000) -> None:
    page.wait_for_function(
        "(t) => document.querySelector('.vd-replay .vd-ply-label')?.textContent === t",
        arg=text,
        timeout=timeout,
    )


def label(page) -> str:
    return page.locator(".vd-replay .vd-ply-label").inner_text()


def explanation(page) -> str:
    return page.locator(".vd-replay .vd-rp-explain").inner_text()


def verdict(ply: int, lang: str) -> str:
    before = GAME.replay(ply - 1)
    lines = before.check(GAME.moves[ply - 1]).lines(lang, player=GAME.player_name(before.to_move, lang))
    return " ".join(uncited(lines)[0])  # a sentence a line, its rule ids as badges, as the replay shows them


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_replay_steps_jumps_explains_and_switches_language(page, voila_url):
    open_notebook(page, voila_url, "replay.ipynb", ready=".vd-replay .vd-rp-table svg")
    wait_label(page, f"Drag 0 av {M}")
    assert "Före första draget" in explanation(page)

    # buttons
    page.locator(".vd-replay .vd-rp-next").click()
    wait_label(page, f"Drag 1 av {M}")
    first_svg = page.locator(".vd-replay .vd-rp-table").inner_html()
    page.locator(".vd-replay .vd-rp-next").click()
    wait_label(page, f"Drag 2 av {M}")
    assert page.locator(".vd-replay .vd-rp-table").inner_html() != first_svg
    assert squash(verdict(2, "sv")) in squash(explanation(page))
    page.locator(".vd-replay .vd-rp-previous").click()
    wait_label(page, f"Drag 1 av {M}")
    assert squash(verdict(1, "sv")) in squash(explanation(page))

    # the explanation names its rule ids as badges
    badges = page.locator(".vd-replay .vd-rp-explain .vd-rule")
    assert badges.count() >= 1
    ids = [badges.nth(i).get_attribute("data-rule") for i in range(badges.count())]
    assert all(re.fullmatch(r"[RVSO]\d+", x or "") for x in ids)
    assert set(GAME.replay(0).check(GAME.moves[0]).rules) <= set(ids)

    # keyboard: the focus is on a button, not in a field
    page.keyboard.press("ArrowRight")
    wait_label(page, f"Drag 2 av {M}")
    page.keyboard.press("ArrowRight")
    wait_label(page, f"Drag 3 av {M}")
    page.keyboard.press("ArrowLeft")
    wait_label(page, f"Drag 2 av {M}")
    page.keyboard.press("End")
    wait_label(page, f"Drag {M} av {M}")
    banner = page.locator(".vd-replay .vd-rp-banner")
    banner.wait_for(state="visible")
    assert "går ut och vinner omgången" in banner.inner_text()
    assert "Poäng (S1)" in banner.inner_text()
    page.keyboard.press("Home")
    wait_label(page, f"Drag 0 av {M}")
    banner.wait_for(state="hidden")

    # the move list jumps; keys typed in the list belong to the list (one step, not two)
    moves = page.locator(".vd-replay .vd-rp-moves [role='listbox']")
    moves.locator("[role='option'][data-ply='10']").click()
    wait_label(page, f"Drag 10 av {M}")
    assert squash(verdict(10, "sv")) in squash(explanation(page))
    assert "Drag 10 · " in explanation(page)
    assert moves.get_attribute("aria-activedescendant").endswith("-10")
    page.keyboard.press("ArrowDown")  # the list has the focus: its own next row
    wait_label(page, f"Drag 11 av {M}")
    page.wait_for_timeout(700)
    assert label(page) == f"Drag 11 av {M}"
    page.locator(".vd-replay .vd-rp-first").click()
    wait_label(page, f"Drag 0 av {M}")
    page.locator(".vd-replay .vd-rp-next").click()
    wait_label(page, f"Drag 1 av {M}")

    # playback, fast
    page.locator(".vd-replay .vd-rp-speed button", has_text="Snabb").click()
    page.locator(".vd-replay .vd-rp-play").click()
    wait_label(page, f"Drag 3 av {M}", timeout=15_000)
    page.locator(".vd-replay .vd-rp-play").click()  # pause
    page.wait_for_function(
        "() => document.querySelector('.vd-replay .vd-rp-play').textContent.includes('Spela')"
    )
    stopped = label(page)
    page.wait_for_timeout(1200)
    assert label(page) == stopped

    # language, in place
    page.locator(".vd-replay .vd-rp-language button", has_text="English").click()
    n = int(re.match(r"Drag (\d+)", stopped).group(1))
    wait_label(page, f"Move {n} of {M}")
    assert page.locator(".vd-replay .vd-rp-next").inner_text().strip() == "Next ▶"
    if n:
        assert squash(verdict(n, "en")) in squash(explanation(page))
    assert "Also allowed here" in explanation(page) or n == 0
    assert "Save the round (JSON)" in page.locator(".vd-replay .vd-export").inner_text()
    page.locator(".vd-replay .vd-rp-language button", has_text="Svenska").click()
    wait_label(page, f"Drag {n} av {M}")
    assert page.locator(".vd-replay .vd-rp-next").inner_text().strip() == "Nästa ▶"

    assert page.locator(".vd-replay .vd-rp-error").is_hidden()
    assert page.errors == []


def test_replay_seat_view_and_no_icon_fonts(page, voila_url):
    open_notebook(page, voila_url, "replay.ipynb", ready=".vd-replay .vd-rp-table svg")
    page.locator(".vd-replay .vd-rp-view select").select_option(label="Spelare 1")
    page.wait_for_function(
        "() => document.querySelector('.vd-replay .vd-rp-table svg').innerHTML.includes('kortets baksida')"
    )
    # every control shows a word; none relies on an icon font
    for name in ("first", "previous", "play", "next", "last"):
        text = page.locator(f".vd-replay .vd-rp-{name}").inner_text()
        assert re.search(r"[a-zåäö]{3}", text, re.I), name
    assert page.locator(".vd-replay .vd-rp-controls i.fa").count() == 0
    assert page.errors == []


def test_a_button_its_own_press_disables_hands_the_focus_to_its_neighbour(page, voila_url):
    """Enter on "Sista" (or "Första") moves to the end (the start) and disables the button
    pressed: the focus goes to the nearest button that can still be pressed, not out of the
    view, so that the next Tab carries on from there (a keyboard user is not sent back to the
    top of the page)."""
    open_notebook(page, voila_url, "replay.ipynb", ready=".vd-replay .vd-rp-table svg")
    wait_label(page, f"Drag 0 av {M}")
    focused = (
        "() => { const e = document.activeElement;"
        " return e && e.closest('.vd-replay .vd-rp-controls') && e.tagName === 'BUTTON' && !e.disabled"
        " ? e.className : null; }"
    )
    page.locator(".vd-replay .vd-rp-last").focus()
    page.keyboard.press("Enter")
    wait_label(page, f"Drag {M} av {M}")
    assert page.locator(".vd-replay .vd-rp-last").is_disabled()
    page.wait_for_function(focused, timeout=10_000)
    assert "vd-rp-play" in page.evaluate(focused)  # the nearest: Nästa is disabled too
    page.locator(".vd-replay .vd-rp-first").focus()
    page.keyboard.press("Enter")
    wait_label(page, f"Drag 0 av {M}")
    page.wait_for_function(focused, timeout=10_000)
    assert "vd-rp-play" in page.evaluate(focused)
    page.keyboard.press("ArrowRight")  # and the keys still move the replay
    wait_label(page, f"Drag 1 av {M}")

    # after a click elsewhere the focus is left where the click put it
    page.locator(".vd-replay .vd-rp-last").focus()
    page.locator(".vd-replay .vd-ply-label").click()
    page.keyboard.press("End")
    wait_label(page, f"Drag {M} av {M}")
    page.wait_for_timeout(500)
    assert page.evaluate(focused) is None
    assert page.errors == []
