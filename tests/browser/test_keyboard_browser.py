"""A whole round on the dashboard's Play tab with the keyboard alone — Tab, Shift+Tab, the
arrows, Enter and Space; never the mouse — as a child who cannot use a mouse plays it. The
test only reads the page (which cards the engine marks as playable, whose turn it is) and
presses keys."""

from __future__ import annotations

import re

from .conftest import show_replay

READY = ".vd-dash .vd-rp-table svg"
STATUS = ".vd-db-play .vd-play .vd-status"
HAND = ".vd-db-play .vd-play .vd-hand"
ROUND_PLIES = 400  # a round ends long before this many plies


def focused(page, test: str) -> bool:
    return page.evaluate(
        f"() => {{ const e = document.activeElement; return !!(e && e !== document.body && ({test})); }}"
    )


def tab_to(page, test: str, *, limit: int = 80) -> None:
    """Press Tab — or Shift+Tab, when the element sought comes before the focus — until the
    focused element passes ``test`` (a JS expression about ``e``)."""
    before = page.evaluate(
        f"""() => {{
          const target = [...document.querySelectorAll('*')].find((e) => {test});
          const here = document.activeElement;
          return !!(target && here && here !== document.body &&
                    (target.compareDocumentPosition(here) & Node.DOCUMENT_POSITION_FOLLOWING));
        }}"""
    )
    key = "Shift+Tab" if before else "Tab"
    for _ in range(limit):
        if focused(page, test):
            return
        page.keyboard.press(key)
    raise AssertionError(f"Tab never reached {test}")


def open_tab(page, title: str) -> None:
    """Tab onto the tab bar, the arrows to ``title``, Enter."""
    tab_to(page, "e.getAttribute('role') === 'tab'")
    for _ in range(8):
        if focused(page, f"e.textContent.trim() === {title!r}"):
            break
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")


def button_named(word: str) -> str:
    return f"e.tagName === 'BUTTON' && e.closest('.vd-db-play') && e.textContent.trim().startsWith({word!r}) && !e.disabled"


def status(page) -> tuple[str, int]:
    node = page.locator(STATUS)
    return node.get_attribute("data-turn"), int(node.get_attribute("data-ply"))


def wait_for_turn(page, timeout: float = 60_000) -> str:
    page.wait_for_function(
        f"() => ['human', 'over'].includes(document.querySelector('{STATUS}')?.dataset.turn)", timeout=timeout
    )
    return status(page)[0]


def test_a_whole_round_with_the_keyboard_alone(page, dashboard_url) -> None:
    page.goto(dashboard_url, timeout=120_000)
    show_replay(page)

    # two players (a shorter round): Tab onto the tab bar, the arrows along it, Enter; then
    # Tab to the players' "2" and Space
    open_tab(page, "Ny omgång")
    page.wait_for_selector(".vd-db-players button")
    tab_to(page, "e.tagName === 'BUTTON' && e.closest('.vd-db-players') && e.textContent.trim() === '2'")
    page.keyboard.press("Space")
    page.wait_for_selector(".vd-db-players button.mod-active:text-is('2')")
    # then the Play tab
    open_tab(page, "Spela")
    page.wait_for_selector(f"{HAND} [data-index]", timeout=60_000)
    assert page.locator(".vd-db-play .vd-play .vd-seat-box").count() == 1, "one computer to play against"

    # the computers' pace: the speed list, from "wait for Continue" down to "fast"
    tab_to(page, "e.tagName === 'SELECT' && e.closest('.vd-db-play') && e.textContent.includes('Snabb')")
    for _ in range(3):
        page.keyboard.press("ArrowDown")
    page.wait_for_function("() => document.querySelector('.vd-db-play .vd-pace select').selectedIndex === 3")

    plays = draws = 0
    for _ in range(ROUND_PLIES):
        if wait_for_turn(page) == "over":
            break
        ply = status(page)[1]
        legal = page.locator(f"{HAND} [data-index].vd-legal")
        if legal.count():
            target = int(legal.first.get_attribute("data-index"))
            # into the hand (one stop of the Tab key), then the arrows to the card
            tab_to(page, "e.closest('.vd-hand') && e.closest('.vd-db-play')")
            for _ in range(20):
                if focused(page, f"e.getAttribute('data-index') === '{target}'"):
                    break
                page.keyboard.press("ArrowRight")
            page.keyboard.press("Enter")
            page.wait_for_selector(f"{HAND} [data-index='{target}'].vd-selected")
            assert focused(page, f"e.getAttribute('data-index') === '{target}'"), (
                "the focus stays on the card"
            )
            if page.locator(".vd-db-play .vd-decl").is_visible():  # an eight: what it counts as
                tab_to(page, "e.tagName === 'BUTTON' && e.closest('.vd-decl-suits')")
                page.keyboard.press("Space")
                page.wait_for_selector(".vd-db-play .vd-decl-suit[aria-pressed='true']")
                if page.locator(".vd-db-play .vd-decl-ranks").is_visible():
                    tab_to(page, "e.tagName === 'BUTTON' && e.closest('.vd-decl-ranks')")
                    page.keyboard.press("Enter")
                    page.wait_for_selector(".vd-db-play .vd-decl-rank[aria-pressed='true']")
            tab_to(page, button_named("Lägg kort"))
            page.keyboard.press("Enter")
            plays += 1
        else:
            # no draw allowed now (the engine says so): the button is disabled, and says why.
            # The buttons are widgets of their own: wait until they show the child's turn too.
            page.wait_for_function(
                "() => [...document.querySelectorAll('.vd-db-play .vd-play button')].some((b) => "
                "['Dra ett kort', 'Stå över'].includes(b.textContent.trim()) && !b.disabled)",
                timeout=120_000,
            )
            draw = page.locator(".vd-db-play .vd-play button", has_text="Dra ett kort")
            tab_to(page, button_named("Dra ett kort" if draw.is_enabled() else "Stå över"))
            page.keyboard.press("Enter")
            draws += 1
        try:  # a loaded machine can take long; the page's words say what happened if never
            page.wait_for_function(
                f"(p) => document.querySelector('{STATUS}').dataset.ply !== String(p)",
                arg=ply,
                timeout=120_000,
            )
        except Exception as error:
            said = page.locator(".vd-db-play .vd-play").inner_text()
            raise AssertionError(f"the move after ply {ply} never came; the page says: {said}") from error
    else:
        raise AssertionError("the round did not end")

    text = re.sub(r"\s+", " ", page.locator(STATUS).inner_text())
    # the end speaks to the child (issue 43): the place, and that fewest points is best
    assert ("Du vann omgången!" in text or "Du kom " in text) and "minst poäng är bäst" in text, text
    assert plays >= 1 and plays + draws >= 3
    assert page.errors == []


FOCUS_RING = """() => {
  const s = getComputedStyle(document.activeElement);
  return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2;
}"""


def test_the_replays_review_and_the_puzzles_with_the_keyboard_alone(page, dashboard_url) -> None:
    """Analysera: reached with Tab, its choice of whose moves with the arrows, started with
    Enter; its marks are one stop of the Tab key (the arrows move along them, the replay
    follows), each named in words; a visible focus ring all the way; axe-core finds nothing
    serious with the review shown — nor on the Puzzles tab opened from the keyboard."""
    from .conftest import axe_violations

    page.goto(dashboard_url, timeout=120_000)
    show_replay(page)
    tab_to(page, "e.tagName === 'SELECT' && e.closest('.vd-rv-seat')")
    assert page.evaluate(FOCUS_RING)
    page.keyboard.press("ArrowDown")  # from every player to Player 1: a shorter review
    page.wait_for_function("() => document.querySelector('.vd-rv-seat select').selectedIndex === 1")
    tab_to(page, "e.tagName === 'BUTTON' && e.classList.contains('vd-rv-start')")
    assert page.evaluate(FOCUS_RING)
    page.keyboard.press("Enter")
    marks = page.locator(".vd-replay button.vd-rv-mark")
    marks.first.wait_for(timeout=300_000)
    page.wait_for_selector(".vd-replay .vd-rv-progress", state="hidden", timeout=300_000)
    count = marks.count()
    assert count >= 3
    names = marks.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    assert all(re.match(r"Drag \d+ · Spelare 1: .+ – .+ \(", n or "") for n in names), names

    # into the marks with one Tab; the arrows move along them and the replay follows
    tab_to(page, "e.classList.contains('vd-rv-mark')")
    assert page.evaluate(FOCUS_RING)
    assert marks.evaluate_all("els => els.filter(e => e.tabIndex === 0).length") == 1
    first = int(page.evaluate("() => document.activeElement.dataset.ply"))
    page.keyboard.press("ArrowRight")
    page.wait_for_function(
        "(p) => Number(document.querySelector(\".vd-replay button.vd-rv-mark[aria-pressed='true']\")?.dataset.ply) > p",
        arg=first,
        timeout=30_000,
    )
    chosen = int(page.evaluate("() => document.activeElement.dataset.ply"))
    page.wait_for_function(
        "(p) => document.querySelector('.vd-replay .vd-ply-label')?.textContent.startsWith(`Drag ${p} `)",
        arg=chosen - 1,
        timeout=30_000,
    )
    page.keyboard.press("Tab")  # and out of them with one more
    assert not focused(page, "e.classList.contains('vd-rv-mark')")
    page.keyboard.press("Shift+Tab")  # back: onto the chosen mark
    assert focused(page, f"e.dataset.ply === '{chosen}'")
    assert axe_violations(page) == []

    open_tab(page, "Pussel")
    page.wait_for_selector(".vd-db-puzzles .vd-pz-task-text", timeout=60_000)
    tab_to(page, "e.closest('.vd-db-puzzles .vd-pz-hand') && e.hasAttribute('data-index')")
    assert page.evaluate(FOCUS_RING)
    assert axe_violations(page) == []
    assert page.errors == []
