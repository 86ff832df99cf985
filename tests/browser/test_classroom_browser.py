"""A classroom's pool of ready pages in Chromium (``vandatta dashboard --classroom N``): pages
built before their visitors arrived still follow each visitor's URL (``?lang=en``), and two
visitors opening the page at the same moment get a kernel each, stepping independently."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import show_replay, watch_errors
from tests.helpers.serving import DashboardServer, kernel_of

READY = ".vd-dash .vd-rp-table svg"
LABEL = ".vd-replay .vd-ply-label"


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    log = tmp_path_factory.mktemp("classroom") / "server.log"
    settings = {"VoilaKernelManager": {"fill_delay": 0}}
    with DashboardServer(log, classroom=2, max_kernels=6, settings=settings) as server:
        server.pool_full(2)
        yield server


def _label(page) -> str:
    return page.locator(LABEL).inner_text()


def test_two_visitors_of_ready_pages_get_their_own_kernel_and_language(browser, classroom) -> None:
    from playwright.sync_api import expect

    contexts = [browser.new_context(viewport={"width": 1024, "height": 768}) for _ in range(2)]
    pages = [c.new_page() for c in contexts]
    errors: list[str] = []
    for p in pages:
        watch_errors(p, errors)
    try:
        # both requests go out before either page is waited for: the class opens it together
        english, swedish = pages
        english.goto(classroom.url + "?lang=en", wait_until="commit", timeout=120_000)
        swedish.goto(classroom.url, wait_until="commit", timeout=120_000)
        for p in pages:
            show_replay(p)
        pool = [e for e in classroom.events if e.get("event") == "pool"]
        assert any(e["ready"] == 0 for e in pool[1:]), pool  # both pages came from the pool

        kernels = [kernel_of(p.content()) for p in pages]
        assert kernels[0] and kernels[1] and kernels[0] != kernels[1]

        tabs = ".vd-db-tabs .lm-TabBar-tab"
        expect(english.locator(tabs)).to_have_text(
            ["My path", "Replay", "New round", "Play", "The game to 100", "Puzzles", "Play with others"],
            timeout=30_000,
        )
        expect(swedish.locator(tabs)).to_have_text(
            ["Min väg", "Repris", "Ny omgång", "Spela", "Spelet till 100", "Pussel", "Spela med andra"],
            timeout=30_000,
        )
        expect(english.locator(LABEL)).to_have_text(re.compile(r"^Move 0 of \d+$"), timeout=30_000)
        expect(swedish.locator(LABEL)).to_have_text(re.compile(r"^Drag 0 av \d+$"), timeout=30_000)

        # a step on one page moves that page only
        english.locator(".vd-replay .vd-rp-next").click()
        expect(english.locator(LABEL)).to_have_text(re.compile(r"^Move 1 of \d+$"), timeout=30_000)
        swedish.locator(".vd-replay .vd-rp-next").click()
        swedish.locator(".vd-replay .vd-rp-next").click()
        expect(swedish.locator(LABEL)).to_have_text(re.compile(r"^Drag 2 av \d+$"), timeout=30_000)
        expect(english.locator(LABEL)).to_have_text(re.compile(r"^Move 1 of \d+$"))
        assert errors == []
        for kernel in kernels:
            assert classroom.kernel_alive(kernel)
    finally:
        for c in contexts:
            c.close()


def test_a_projector_page_from_the_pool_follows_its_whole_query(browser, classroom) -> None:
    """``?classroom=1`` (the replay's classroom mode) comes through the page's bridge once the
    page has connected, ``?lang=`` from the server before: both survive preheating."""
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    try:
        page = context.new_page()
        page.goto(classroom.url + "?classroom=1&lang=en", timeout=120_000)
        page.wait_for_selector(READY, timeout=120_000)
        expect(page.locator(".vd-replay.vd-classroom")).to_have_count(1, timeout=30_000)
        # classroom mode opens on the replay (a child's page opens on "My path")
        current = page.locator(".vd-db-tabs .lm-TabBar-tab.lm-mod-current")
        expect(current).to_have_text("Replay", timeout=30_000)
        expect(page.locator("html")).to_have_attribute("lang", "en", timeout=30_000)
    finally:
        context.close()


def test_the_pool_refills_after_the_visitors_took_it(classroom) -> None:
    events = classroom.events
    emptied = max(i for i, e in enumerate(events) if e.get("event") == "pool" and e["ready"] == 0)

    def after_emptied(event: dict) -> bool:
        return event["ready"] == 2 and any(event is e for e in events[emptied + 1 :])

    refilled = classroom.wait_for("pool", after_emptied, timeout=240)
    assert refilled["size"] == 2
