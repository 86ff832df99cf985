"""A round played at a table of the dashboard's server goes into the child's record (issue 41,
item 1): the table page (plain JavaScript) leaves what this device played and the round's record
on the device; the app's next page — here the child's path — reads it with the engine, keeps one
event per move, and removes the note. Ada plays against the computer from a tablet."""

from __future__ import annotations

import json

import pytest

from tests.browser.conftest import watch_errors
from tests.helpers.serving import DashboardServer

from .test_path_browser import TABLET, wait_kept
from .test_tables_browser import STEP_S, play_until, wait_started, wait_state


@pytest.fixture(scope="module")
def table_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("table-record")
    settings = {
        "DashboardServer": {"tables_db": str(folder / "tables.sqlite"), "tables_pace": 0.2},
        "MappingKernelManager": {"cull_interval": 10, "cull_idle_timeout": 60},
    }
    with DashboardServer(folder / "server.log", settings=settings) as server:
        yield server


def test_a_round_at_a_table_shows_on_the_childs_path(browser, table_server):
    url = table_server.url
    context = browser.new_context(**TABLET)
    page = context.new_page()
    watch_errors(page)
    try:
        page.goto(f"{url}vandatta/table?lang=sv")
        wait_state(page, "start")
        page.fill("#vd-tb-myname", "Ada")
        page.get_by_role("button", name="En plats mindre").click()  # Ada and one computer
        page.locator(".vd-tb-seats li").nth(1).locator("select").select_option("random")
        page.click(".vd-tb-create")
        page.wait_for_selector(".vd-tb-code")
        code = page.inner_text(".vd-tb-code")
        page.wait_for_selector(".vd-tb-begin", timeout=STEP_S * 1000)
        page.click(".vd-tb-begin")
        wait_started(page)
        play_until([page], lambda: False)
        wait_state(page, "over")
        key = f"vandatta-ui:table:{code}:1"
        page.wait_for_function("(key) => localStorage.getItem(key) !== null", arg=key, timeout=60_000)
        note = json.loads(page.evaluate("(key) => localStorage.getItem(key)", key))
        assert (
            note["format"] == "vandatta-table-round" and note["sent"] and json.loads(note["record"])["moves"]
        )

        # the path (the dashboard) opens: the round is in Ada's record, the note is gone
        page.goto(url + "?lang=sv", timeout=120_000)
        page.wait_for_selector(".vd-path .vd-path-list", timeout=120_000)
        page.wait_for_function("(key) => localStorage.getItem(key) === null", arg=key, timeout=60_000)
        wait_kept(page, len([s for s in note["sent"] if not s.get("refused")]))
        from vandatta_widgets.learner.store import Device

        stored = page.evaluate(
            "() => Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith('vandatta:'))"
            ".map(k => [k, localStorage.getItem(k)]))"
        )
        device = Device.from_storage(stored)
        events = [e for p in device.profiles for e in device.learner(p).events]
        assert events and all(e.kind == "round" and e.item.startswith(f"t{code}-1:") for e in events)
        assert all(e.rules for e in events)
        page.wait_for_function(
            "() => document.querySelector('.vd-path .vd-path-rules')?.textContent.includes('R')",
            timeout=60_000,
        )
        assert not page.errors, page.errors
    finally:
        context.close()
