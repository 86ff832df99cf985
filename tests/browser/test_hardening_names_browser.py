"""Issue #45, item 8, in Chromium: long names and stacked combining marks on a phone.

A seat named with 20 "W"s made the table page 601 px wide on a 375 px phone, and a name of one
letter with dozens of combining marks drew over the lines above and below it. Now a name wraps
inside its box (or the box cuts it), no page is wider than the phone, and a name keeps at most
two combining marks on a letter (vandatta_widgets.play.session.clean_name, where every name is taken:
the tables, the class's pupils, pass-and-play)."""

from __future__ import annotations

import unicodedata

import pytest

from tests.helpers.serving import DashboardServer
from vandatta_widgets.play.session import clean_name

from .test_tables_browser import device, make_table, play_until, ply_of, wait_started, wait_state

LONG = "W" * 20
STACKED = "Z" + "\u0336\u0301\u0308\u0323\u0330" * 3 + "oé" + "\u0301" * 10  # 30 characters typed
STEP_MS = 180_000


@pytest.fixture(scope="module")
def names_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("names")
    settings = {
        "DashboardServer": {"tables_db": str(folder / "tables.sqlite"), "tables_pace": 0.2},
        "MappingKernelManager": {"cull_interval": 10, "cull_idle_timeout": 60},
    }
    with DashboardServer(folder / "server.log", settings=settings) as server:
        yield server


def too_wide(page) -> list[str]:
    """What sticks out: the page wider than the phone, or a seat or line wider than its box."""
    return page.evaluate(
        """() => {
          const out = [];
          const doc = document.documentElement;
          if (doc.scrollWidth > doc.clientWidth) out.push(`page ${doc.scrollWidth} > ${doc.clientWidth}`);
          const boxes = '.vd-tb-seat, .vd-tb-title, .vd-tb-news, .vd-tb-log li, .vd-tb-sit, .vd-tb-people li';
          for (const box of document.querySelectorAll(boxes)) {
            if (box.scrollWidth > box.clientWidth + 1) out.push(`${box.className}: ${box.scrollWidth} > ${box.clientWidth}`);
            const r = box.getBoundingClientRect();
            if (r.right > doc.clientWidth + 1) out.push(`${box.className} ends at ${r.right}`);
          }
          return out;
        }"""
    )


def most_marks(text: str) -> int:
    most = run = 0
    for ch in text:
        run = run + 1 if unicodedata.combining(ch) else 0
        most = max(most, run)
    return most


@pytest.mark.parametrize("width", [375, 390])
def test_long_and_stacked_names_stay_inside_a_phones_page(browser, names_server, width) -> None:
    url = names_server.url
    ada_context, ada = device(browser, width=width, height=740, lang="sv")
    bo_context, bo = device(browser, width=width, height=740, lang="en")
    try:
        code = make_table(ada, url, LONG)
        assert too_wide(ada) == [], "Ada's page before the start"
        bo.goto(f"{url}vandatta/table/{code}?lang=en")
        wait_state(bo, "choose")
        assert too_wide(bo) == [], "Bo choosing a seat"
        bo.fill("#vd-tb-name", STACKED)
        bo.click(".vd-tb-sit")
        wait_state(bo, "wait")
        kept = clean_name(STACKED)  # what the server keeps of what Bo typed
        ada.wait_for_function(
            "(name) => document.querySelector('.vd-tb-strip li[data-seat=\"1\"] b')?.textContent === name",
            arg=kept,
        )
        # at most two marks on a letter, counting those a composed letter carries ("Ẓ" is Z and one)
        assert most_marks(unicodedata.normalize("NFD", kept)) == 2, ascii(kept)
        assert unicodedata.is_normalized("NFC", kept)
        ada.click(".vd-tb-begin")
        wait_started(ada, timeout=STEP_MS / 1000)
        wait_started(bo, timeout=STEP_MS / 1000)
        play_until([ada, bo], lambda: ply_of(ada) >= 2)  # a few moves: the log names them
        for page, who in ((ada, "Ada"), (bo, "Bo")):
            assert too_wide(page) == [], f"{who}'s page while playing"
            assert page.errors == []
        # the seat's box holds the whole long name, wrapped: it is neither cut off unseen nor spilled
        box = ada.locator(".vd-tb-strip li[data-seat='0'] b")
        assert LONG in box.inner_text().replace("\n", "")
        ada.screenshot(path=str(names_server.log.parent / f"long-names-{width}.png"), full_page=True)
    finally:
        ada_context.close()
        bo_context.close()


def test_a_long_name_in_pass_and_play_stays_inside_a_phones_screen(browser, dashboard_url) -> None:
    """Two people at one tablet (the New round form's "person vid plattan"), one of them named
    with 20 "W"s: the screen between their turns, the status and the seats keep it inside."""
    context = browser.new_context(viewport={"width": 375, "height": 800}, locale="sv-SE")
    page = context.new_page()
    try:
        page.goto(dashboard_url, timeout=STEP_MS)
        page.wait_for_selector(".vd-dash .vd-db-tabs", timeout=STEP_MS)
        page.locator(".vd-db-tabs").get_by_role("tab", name="Ny omgång", exact=True).click()
        page.wait_for_selector(".vd-db-start", state="visible", timeout=STEP_MS)
        seat = page.locator(".vd-db-seat-2 select")
        seat.select_option(label="person\xa0vid\xa0plattan")
        name = page.locator(".vd-st-name-2 input")
        name.wait_for(state="visible", timeout=STEP_MS)
        name.fill(LONG)
        page.locator(".vd-db-start").click()
        page.wait_for_function(
            "(name) => (document.querySelector('.vd-db-play .vd-play')?.textContent || '').includes(name)",
            arg=LONG,
            timeout=STEP_MS,
        )
        sticking_out = page.evaluate(
            """() => {
              const width = document.documentElement.clientWidth;
              return [...document.querySelectorAll('.vd-db-play .vd-play *')]
                .filter((e) => e.offsetParent !== null && e.getBoundingClientRect().right > width + 1)
                .slice(0, 6).map((e) => `${e.className}: ${Math.round(e.getBoundingClientRect().right)}`);
            }"""
        )
        assert sticking_out == [], sticking_out
        assert page.evaluate(
            "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"
        )
    finally:
        context.close()
