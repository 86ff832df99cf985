"""The dashboard's Pussel / Puzzles tab in Chromium: a wrong try answered with the rules' reason
and a hint, a puzzle solved by tapping the cards, an eight's choice made with its big buttons,
the level choice and the streak, the language switch, touch targets, axe-core — and a puzzle
solved with the keyboard alone."""

from __future__ import annotations

import re

import vandatta as v
from vandatta.ai.puzzles import by_level
from vandatta_widgets.lessons.chips import without_citations

from .conftest import axe_violations, guard_requests, show_replay
from .test_keyboard_browser import focused, tab_to

READY = ".vd-dash .vd-rp-table svg"
BOARD = ".vd-db-puzzles .vd-puzzle"
TASK = f"{BOARD} .vd-pz-task-text"
BOX = f"{BOARD} .vd-pz-box"
HAND = f"{BOARD} .vd-pz-hand"

PUZZLES = v.load_puzzles()
LEVEL = {n: by_level(PUZZLES, n) for n in (1, 2, 3)}


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def open_puzzles(page, url: str, title: str = "Pussel") -> None:
    page.goto(url, timeout=120_000)
    show_replay(page)
    page.locator(".vd-db-tabs").get_by_role("tab", name=title, exact=True).click()
    page.wait_for_selector(TASK, timeout=60_000)


def wait_task(page, puzzle: v.Puzzle) -> None:
    page.wait_for_selector(f'{TASK}[data-key="{puzzle.key}"]', timeout=30_000)


def wait_box(page, text: str, timeout: float = 30_000) -> str:
    page.wait_for_function(
        "([sel, t]) => (document.querySelector(sel)?.innerText || '').replace(/\\s+/g, ' ').includes(t)",
        arg=[BOX, text],
        timeout=timeout,
    )
    return squash(page.locator(BOX).inner_text())


def selected(page, index: int) -> None:
    """Wait until Python has drawn card ``index`` as chosen (the page shows a tap at once;
    the redraw from Python confirms it)."""
    page.wait_for_selector(f'{HAND} .vd-selected[data-index="{index}"][aria-pressed="true"]', timeout=30_000)


def tap_cards(page, puzzle: v.Puzzle, hand: list[v.Card], cards) -> None:
    """Tap ``cards`` in order in the hand (the picture's data-index is the card's place)."""
    used: list[int] = []
    for card in cards:
        index = next(i for i, c in enumerate(hand) if c == card and i not in used)
        used.append(index)
        page.locator(f'{HAND} [data-index="{index}"]').click()
        selected(page, index)


def test_a_wrong_try_a_solved_puzzle_levels_and_words(page, dashboard_url):
    from playwright.sync_api import expect

    refused_hosts = guard_requests(page, dashboard_url)
    open_puzzles(page, dashboard_url)
    first = LEVEL[1][0]
    wait_task(page, first)
    expect(page.locator(TASK)).to_have_text(first.task("sv"))
    expect(page.locator(f"{BOARD} .vd-pz-count")).to_have_text(f"Pussel 1 av {len(LEVEL[1])}")
    game = first.game()
    hand = list(game.hand(first.mover))

    # a card the rules refuse: the rules' own reason with its rule, and a hint toward that rule
    refused = next(c for c in hand if not game.is_legal(v.Move.play([c])))
    tap_cards(page, first, hand, [refused])
    page.locator(f"{BOARD} .vd-pz-lay").click()
    text = wait_box(page, "Inte tillåtet")
    said = game.check(v.Move.play([refused]))  # the engine's reason, its rule a chip after it
    assert squash(without_citations(said.text("sv"))[0]).rstrip(".") in text and f"{said.rules[0]} · " in text
    assert "Tips: " in text and "R4" in text
    expect(page.locator(f"{BOARD} .vd-pz-streak-box")).to_have_attribute("data-streak", "0")

    # the answer, tapped card by card; the rules explain it; no streak after a wrong try
    for step in first.solution:
        tap_cards(page, first, hand, step.cards)
        page.locator(f"{BOARD} .vd-pz-lay").click()
    text = wait_box(page, "Rätt!")
    last = first.game_after([s.move for s in first.solution[:-1]]).check(first.solution[-1].move)
    for phrase in last.phrases("sv"):  # its rule ids are the chips after the sentences
        assert without_citations(phrase)[0][1:] in text
    # solved is solved (issue 43): praised for the fight, counted, never "Rätt i rad: 0"
    assert "Bra kämpat – du löste det!" in text and "Rätt i rad: 0" not in text
    expect(page.locator(f"{BOARD} .vd-pz-streak-box")).to_have_attribute("data-solved", "1")
    expect(page.locator(f"{BOARD} .vd-pz-lay")).to_be_disabled()

    # the next puzzle, solved at the first try: the streak counts it
    page.locator(f"{BOARD} .vd-pz-next").click()
    second = LEVEL[1][1]
    wait_task(page, second)
    hand = list(second.game().hand(second.mover))
    for step in second.solution:
        tap_cards(page, second, hand, step.cards)
        page.locator(f"{BOARD} .vd-pz-lay").click()
        if step is not second.solution[-1]:
            wait_box(page, "Rätt – fortsätt!")
    wait_box(page, "Rätt i rad: 1")
    expect(page.locator(f"{BOARD} .vd-pz-streak-box")).to_have_attribute("data-streak", "1")

    # level 3, then the language switch: every word changes in place
    page.locator(f"{BOARD} .vd-pz-levels button", has_text="3 · Svår").click()
    wait_task(page, LEVEL[3][0])
    expect(page.locator(f"{BOARD} .vd-pz-count")).to_have_text(f"Pussel 1 av {len(LEVEL[3])}")
    page.locator(".vd-db-language button", has_text="English").click()
    expect(page.locator(TASK)).to_have_text(LEVEL[3][0].task("en"), timeout=30_000)
    expect(page.locator(f"{BOARD} .vd-pz-lay")).to_have_text("Lay cards")
    expect(page.locator(".vd-db-tabs .lm-TabBar-tab.lm-mod-current")).to_have_text("Puzzles")
    page.locator(f"{BOARD} .vd-pz-hint").click()
    wait_box(page, LEVEL[3][0].hint(0, "en"))
    page.locator(f"{BOARD} .vd-pz-answer").click()
    text = wait_box(page, "The answer:")
    assert LEVEL[3][0].answer_text("en") in text

    # every control a finger can reach is at least 44 px tall
    for selector in (".jupyter-button", ".vd-pz-levels button"):
        boxes = page.locator(f"{BOARD} {selector}")
        for i in range(boxes.count()):
            if boxes.nth(i).is_visible():
                box = boxes.nth(i).bounding_box()
                assert box and box["height"] >= 44, (selector, i, box)
    card = page.locator(f"{HAND} [data-index]").first.bounding_box()
    assert card and card["width"] >= 44 and card["height"] >= 44

    assert axe_violations(page) == []
    assert refused_hosts == [] and page.errors == []


def test_an_eights_choice_with_the_big_buttons_on_a_phone(browser, dashboard_url):
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = context.new_page()
    try:
        open_puzzles(page, dashboard_url)
        page.locator(f"{BOARD} .vd-pz-levels button", has_text="2 · Mellan").click()
        target = next(p for p in LEVEL[2] if p.kind == "choose")
        for _ in range(LEVEL[2].index(target)):
            page.locator(f"{BOARD} .vd-pz-next").click()
        wait_task(page, target)
        assert page.locator(f"{BOARD} .vd-seat-hand.vd-open").count() == 1  # the next player's cards
        step = target.solution[0]
        hand = list(target.game().hand(target.mover))
        tap_cards(page, target, hand, step.cards)
        decl = page.locator(f"{BOARD} .vd-decl")
        expect(decl).to_be_visible(timeout=30_000)
        suit, rank = step.move.declared_suit, step.move.declared_rank
        decl.locator(f'.vd-decl-suit[data-suit="{int(suit)}"]').click()
        decl.locator(f'.vd-decl-rank[data-rank="{int(rank)}"]').click()
        expect(decl).to_have_attribute("data-declared", f"{rank.symbol}{suit.symbol}", timeout=30_000)
        page.locator(f"{BOARD} .vd-pz-lay").click()
        text = wait_box(page, "Rätt!")
        assert "Rätt i rad: 1" in text
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 390 + 1, f"the page is {width} px wide on a 390 px phone"
    finally:
        context.close()


def test_a_puzzle_solved_with_the_keyboard_alone(page, dashboard_url):
    page.goto(dashboard_url, timeout=120_000)
    show_replay(page)
    tab_to(page, "e.getAttribute('role') === 'tab'")
    for _ in range(8):
        if focused(page, "e.textContent.trim() === 'Pussel'"):
            break
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.wait_for_selector(TASK, timeout=60_000)
    first = LEVEL[1][0]
    wait_task(page, first)
    hand = list(first.game().hand(first.mover))
    for step in first.solution:
        for card in step.cards:
            target = hand.index(card)
            tab_to(page, "e.closest('.vd-db-puzzles .vd-pz-hand') && e.hasAttribute('data-index')")
            for _ in range(len(hand) + 1):
                if focused(page, f"e.getAttribute('data-index') === '{target}'"):
                    break
                page.keyboard.press("ArrowRight")
            page.keyboard.press("Enter")
            selected(page, target)
        tab_to(page, "e.tagName === 'BUTTON' && e.closest('.vd-pz-lay')")
        page.keyboard.press("Enter")
    wait_box(page, "Rätt!")
    tab_to(page, "e.tagName === 'BUTTON' && e.closest('.vd-pz-next')")
    page.keyboard.press("Enter")
    wait_task(page, LEVEL[1][1])
