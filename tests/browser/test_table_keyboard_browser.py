"""A whole round at a table (the page of /vandatta/table) with the keyboard alone — Tab,
Shift+Tab, the arrows, Enter and Space; never the mouse — against a computer seat, as a child
who cannot use a mouse plays it (issue 43, item 6). The hand is one stop of the Tab key and the
arrows move along it; the focus is always visible and never falls back to the top of the page
while the computer plays. The moves' explanations read without rule ids: each rule is a chip
that opens with Enter (issue 43, item 3). The test only reads the page and presses keys."""

from __future__ import annotations

import re

import pytest

from tests.helpers.serving import DashboardServer

from .conftest import axe_violations, watch_errors
from .test_keyboard_browser import FOCUS_RING, focused, tab_to
from .test_tables_browser import STEP_S, state, wait_started, wait_state

ROUND_MOVES = 300  # the person's turns: a round ends long before
CITED = re.compile(r"\((?:[RVSO]\d{1,2})(?:, [RVSO]\d{1,2})*\)")
WORDS = {
    "sv": {"lay": "Lägg kort", "draw": "Dra ett kort", "pass": "Stå över", "you_draw": "Du drar "},
    "en": {"lay": "Lay cards", "draw": "Draw a card", "pass": "Pass", "you_draw": "You draw "},
}


@pytest.fixture(scope="module")
def table_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("table-keys")
    settings = {
        "DashboardServer": {"tables_db": str(folder / "tables.sqlite"), "tables_pace": 0.2},
        "MappingKernelManager": {"cull_interval": 10, "cull_idle_timeout": 60},
    }
    with DashboardServer(folder / "server.log", settings=settings) as server:
        yield server


def button(text: str) -> str:
    return f"e.tagName === 'BUTTON' && e.textContent.trim() === {text!r} && !e.disabled"


def in_page(page) -> bool:
    """The focus is somewhere in the table's page, not lost to the page's body."""
    return page.evaluate(
        "() => !!document.activeElement && document.querySelector('.vd-tables').contains(document.activeElement)"
    )


def place(e: str = "e") -> str:
    """A card button's place in the hand (a JS expression)."""
    return f"[...document.querySelectorAll('.vd-tb-card-button')].indexOf({e})"


def index_of(locator) -> int:
    return locator.evaluate(f"(b) => {place('b')}")


def press_card(page, index: int) -> None:
    """Into the hand with Tab (one stop), then the arrows to card ``index``, then Enter."""
    tab_to(page, "e.classList.contains('vd-tb-card-button')")
    stops = page.eval_on_selector_all(".vd-tb-card-button", "bs => bs.filter((b) => b.tabIndex === 0).length")
    assert stops == 1, "the hand is one stop of the Tab key"
    assert page.evaluate(FOCUS_RING), "the card in focus shows it"
    for _ in range(30):
        if focused(page, f"{place()} === {index}"):
            break
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.wait_for_function(
        f"() => document.querySelectorAll('.vd-tb-card-button')[{index}].classList.contains('vd-tb-chosen')"
    )
    assert focused(page, f"{place()} === {index}"), "the focus stays on the card"


def declare_if_eight(page) -> None:
    if page.locator(".vd-tb-declare").count():
        tab_to(page, "e.classList.contains('vd-tb-suit')")
        page.keyboard.press("Space")
        page.wait_for_selector(".vd-tb-suit[aria-pressed='true']")
        if page.locator(".vd-tb-rank").count():
            tab_to(page, "e.classList.contains('vd-tb-rank')")
            page.keyboard.press("Enter")
            page.wait_for_selector(".vd-tb-rank[aria-pressed='true']")


def moved_on(page, ply: str) -> bool:
    """Wait until the round moved past ``ply`` (True) or the page said why not (False)."""
    page.wait_for_function(
        """(ply) => { const d = document.querySelector('.vd-tables').dataset;
          const said = document.querySelector('.vd-tb-message');
          return d.ply !== ply || d.state === 'over' || (said && said.textContent.length > 0); }""",
        arg=ply,
        timeout=STEP_S * 1000,
    )
    return page.evaluate("(p) => document.querySelector('.vd-tables').dataset.ply !== p", ply) or (
        state(page) == "over"
    )


def take_turn_by_keys(page, words: dict) -> str:
    """The person's move with the keys: a card the engine marks as fitting (and the cards that
    may join it, where the engine refuses it alone), else draw, else pass. Returns the kind."""
    ply = page.evaluate("() => document.querySelector('.vd-tables').dataset.ply")
    legal = page.locator(".vd-tb-card-button.vd-tb-legal")
    if legal.count():
        press_card(page, index_of(legal.first))
        for _ in range(4):
            declare_if_eight(page)
            tab_to(page, button(words["lay"]))
            page.keyboard.press("Enter")
            if moved_on(page, ply):
                return "play"
            more = page.locator(".vd-tb-card-button.vd-tb-legal:not(.vd-tb-chosen)")
            if not more.count():
                break
            press_card(page, index_of(more.first))
        tab_to(page, "e.classList.contains('vd-tb-clear') && !e.disabled")
        page.keyboard.press("Enter")
    kind = "draw" if page.locator(".vd-tb-draw:enabled").count() else "pass"
    tab_to(page, button(words[kind]))
    page.keyboard.press("Enter")
    assert moved_on(page, ply)
    return kind


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_a_whole_round_at_a_table_with_the_keyboard_alone(browser, table_server, lang) -> None:
    words = WORDS[lang]
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    errors = watch_errors(page)
    try:
        page.goto(f"{table_server.url}vandatta/table?lang={lang}")
        wait_state(page, "start")
        # a table of two: the child, and a beginner computer in seat 2 (the arrows in its list)
        tab_to(page, "e.id === 'vd-tb-myname'")
        page.keyboard.type("Ada")
        tab_to(
            page,
            "e.tagName === 'SELECT' && [...document.querySelectorAll('.vd-tb-seats select')].indexOf(e) === 1",
        )
        assert page.evaluate(FOCUS_RING)
        page.keyboard.press("ArrowDown")
        page.wait_for_function(
            "() => document.querySelectorAll('.vd-tb-seats select')[1].value === 'beginner'"
        )
        tab_to(page, "e.tagName === 'BUTTON' && e.textContent === '−'")
        page.keyboard.press("Enter")
        assert page.locator(".vd-tb-seats select").count() == 2
        tab_to(page, "e.classList.contains('vd-tb-create')")
        page.keyboard.press("Enter")
        page.wait_for_selector(".vd-tb-begin", timeout=STEP_S * 1000)
        tab_to(page, "e.classList.contains('vd-tb-begin')")
        assert page.evaluate(FOCUS_RING)
        page.keyboard.press("Enter")
        wait_started(page)

        moves: list[str] = []
        for _ in range(ROUND_MOVES):
            if wait_state(page, "turn", "over") == "over":
                break
            moves.append(take_turn_by_keys(page, words))
            if moves[-1] == "draw" and moves.count("draw") == 1:
                # the child's own draw is told to the child — checked now, while it is the
                # newest entry: the log shows only the latest moves of a long round
                page.wait_for_function(
                    "(w) => document.querySelector('.vd-tb-log').innerText.includes(w)",
                    arg=words["you_draw"],
                    timeout=STEP_S * 1000,
                )
            # while the computer plays, the focus stays in the page (the hand's heading keeps
            # it): the next Tab lands in the hand, not at the top of the page
            assert in_page(page), "the focus fell out of the table's page"
        else:
            raise AssertionError("the round did not end")
        assert "play" in moves and len(moves) >= 2, moves
        assert page.locator(".vd-tb-result").count() == 1
        result = page.locator(".vd-tb-result").evaluate("(e) => e.firstChild.textContent")
        assert not CITED.search(result) and page.locator(".vd-tb-result .vd-chip-rule").count() == 1, result

        # the explanations: sentences without rule ids, each rule a chip that Enter opens
        whys = page.locator(".vd-tb-log .vd-tb-why")
        assert whys.count() >= 2
        for text in whys.evaluate_all(
            "els => els.map((e) => [...e.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join(''))"
        ):
            assert not CITED.search(text), text
        chips = page.locator(".vd-tb-log .vd-chip > summary")
        assert chips.count() >= 1
        tab_to(page, "e.tagName === 'SUMMARY' && e.closest('.vd-tb-log')")
        assert page.evaluate(FOCUS_RING)
        page.keyboard.press("Enter")
        page.wait_for_selector(".vd-tb-log .vd-chip[open] .vd-chip-says")
        assert len(page.inner_text(".vd-tb-log .vd-chip[open] .vd-chip-says")) > 20
        page.screenshot(path=str(table_server.log.parent / f"table-keys-1024-{lang}.png"), full_page=True)
        assert axe_violations(page) == []
        assert errors == []
    finally:
        context.close()


def test_a_name_being_typed_survives_someone_joining(browser, table_server) -> None:
    """The page is drawn anew at every frame: a child typing a name while another joins keeps
    both the focus and every letter typed, and goes on typing at the end."""
    from .test_tables_browser import device, join_table, make_table

    contexts = []
    try:
        ada_context, ada = device(browser, width=1024, height=768, lang="sv")
        bo_context, bo = device(browser, width=390, height=844, lang="sv")
        cleo_context, cleo = device(browser, width=390, height=844, lang="sv")
        contexts = [ada_context, bo_context, cleo_context]
        code = make_table(ada, table_server.url, "Ada")
        bo.goto(f"{table_server.url}vandatta/table/{code}?lang=sv")
        wait_state(bo, "choose")
        tab_to(bo, "e.id === 'vd-tb-name'")
        bo.keyboard.type("Bo")
        join_table(cleo, table_server.url, code, "Cleo")  # a frame to Bo's page: it is drawn anew
        bo.wait_for_function("() => document.querySelector('.vd-tb-strip').textContent.includes('Cleo')")
        bo.keyboard.type("sse")
        assert bo.input_value("#vd-tb-name") == "Bosse"
        assert focused(bo, "e.id === 'vd-tb-name'")
        assert bo.errors == []
    finally:
        for context in contexts:
            context.close()
