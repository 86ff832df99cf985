"""Issue #12 in Chromium, tried as a hostile or unlucky visitor would: an 11 MB upload, a kernel
killed under the page, and widget messages that try to put a script into the page."""

from __future__ import annotations

import json
import os
import re
import signal
import time
from pathlib import Path

import pytest

from vandatta import play_game
from vandatta.record import write_record
from vandatta_widgets.app.dashboard import computer_players

from .conftest import open_notebook, show_replay

READY = ".vd-dash .vd-rp-table svg"
LABEL = ".vd-replay .vd-ply-label"
GOOD = play_game(computer_players(["expert", "random"], 12), seed=12)


def open_dashboard(page, url: str) -> list[str]:
    """Open the dashboard; returns the list its kernel's id is put in (from its websocket)."""
    kernels: list[str] = []

    def seen(ws) -> None:
        found = re.search(r"/api/kernels/([0-9a-f-]{36})/channels", ws.url)
        if found:
            kernels.append(found.group(1))

    page.on("websocket", seen)
    page.goto(url, timeout=120_000)
    show_replay(page)
    page.wait_for_function(f"() => document.querySelector('{LABEL}')?.textContent.length > 0")
    return kernels


def choose_file(page, path) -> None:
    with page.expect_file_chooser() as chooser:
        page.locator(".vd-db-upload button").click()
    chooser.value.set_files(str(path))


def test_an_11_mb_upload_leaves_a_message_and_a_working_button(page, dashboard_url, tmp_path) -> None:
    open_dashboard(page, dashboard_url)
    page.locator(".vd-db-tabs").get_by_role("tab", name="Ny omgång", exact=True).click()
    big = tmp_path / "stor.json"
    big.write_bytes(b'{"moves": [' + b" " * (11 * 2**20) + b"]}")
    choose_file(page, big)
    error = page.locator(".vd-db-msg.vd-db-error")
    error.wait_for(timeout=30_000)
    text = re.sub(r"\s+", " ", error.inner_text())
    size = big.stat().st_size
    assert text == (
        f"⚠ Filen ”stor.json” kunde inte öppnas: den är {size} byte stor, men högst 1000000 byte (1 MB) "
        "går att öppna. Omgången som visades förut finns kvar."
    )
    # the connection held, and the same button opens a good record right after
    good = tmp_path / "bra.json"
    good.write_text(json.dumps(write_record(GOOD), ensure_ascii=False), encoding="utf-8")
    choose_file(page, good)
    page.locator(".vd-db-msg.vd-db-ok").wait_for(timeout=30_000)
    assert "Filen ”bra.json” är öppnad" in page.locator(".vd-db-msg").inner_text()
    page.wait_for_function(
        "(t) => document.querySelector('.vd-replay .vd-ply-label')?.textContent === t",
        arg=f"Drag 0 av {GOOD.ply}",
    )
    assert page.locator(".vd-lost").count() == 0
    assert page.errors == []


def _parent(pid: int) -> int:
    stat = Path(f"/proc/{pid}/stat").read_text()
    return int(stat[stat.rindex(")") + 2 :].split()[1])  # (the name may hold spaces)


def kernel_pid(server_pid: int, kernel_id: str) -> int:
    """The process of kernel ``kernel_id`` under the server ``server_pid`` (read from /proc:
    its command line names the kernel's connection file)."""
    if not Path("/proc/self/stat").exists():
        pytest.skip("needs /proc to find the kernel's process")
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if kernel_id not in (entry / "cmdline").read_bytes().decode(errors="replace"):
                continue
            pid = int(entry.name)
            ancestor = pid
            while ancestor > 1:
                ancestor = _parent(ancestor)
                if ancestor == server_pid:
                    return pid
        except (OSError, ValueError):
            continue
    raise AssertionError(f"no process of kernel {kernel_id} under the server")


def test_a_killed_kernel_is_noticed_and_the_page_offers_a_reload(page, dashboard_server) -> None:
    url, server = dashboard_server
    kernels = open_dashboard(page, url)
    assert kernels, "the page opened no kernel websocket"
    os.kill(kernel_pid(server.pid, kernels[0]), signal.SIGKILL)
    notice = page.locator(".vd-lost")
    notice.wait_for(timeout=30_000)
    assert notice.get_attribute("role") == "alertdialog"
    assert notice.locator("h2").inner_text() == "Sidan har tappat kontakten"
    button = notice.get_by_role("button", name="Ladda om sidan")
    page.wait_for_function("() => document.activeElement?.classList.contains('vd-lost-reload')")
    started = time.monotonic()
    button.click()
    show_replay(page)
    assert time.monotonic() - started < 60
    assert page.locator(".vd-lost").count() == 0
    page.locator(".vd-replay .vd-rp-next").click()
    page.wait_for_function(
        "() => /^Drag 1 av/.test(document.querySelector('.vd-replay .vd-ply-label').textContent)"
    )


def test_the_notice_speaks_the_pages_language(page, dashboard_server) -> None:
    url, server = dashboard_server
    kernels = open_dashboard(page, url + "?lang=en")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    os.kill(kernel_pid(server.pid, kernels[0]), signal.SIGKILL)
    page.locator(".vd-lost").wait_for(timeout=30_000)
    assert page.locator(".vd-lost h2").inner_text() == "The page lost its connection"
    assert page.locator(".vd-lost button").inner_text() == "Reload the page"


HOSTILE = """
async () => {
  const manager = window.__vdManager, ids = window.__vdIds;
  const evil = '<img src=x onerror="window.__pwned = (window.__pwned || 0) + 1">';
  const hand = await manager.get_model(ids.hand), text = await manager.get_model(ids.text);
  // what any client of the kernel's websocket can send: updates of fields only Python writes
  hand.comm.send({ method: "update", state: { svg: evil, clickable: false }, buffer_paths: [] });
  text.comm.send({ method: "update", state: { value: evil }, buffer_paths: [] });
  text.comm.send({ method: "update", state: { description_allow_html: true, description: evil }, buffer_paths: [] });
  // anywidget reloads a view's JavaScript when its _esm changes
  const esm = "window.__pwned = (window.__pwned || 0) + 1; export default { render() {} };";
  hand.comm.send({ method: "update", state: { _esm: esm }, buffer_paths: [] });
}
"""


def test_widget_messages_cannot_put_a_script_into_the_page(page, voila_url) -> None:
    open_notebook(page, voila_url, "hostile.ipynb", ready=".vd-probe")
    page.wait_for_selector(".vd-hand [data-index]")
    page.evaluate(HOSTILE)
    page.wait_for_timeout(1500)  # the kernel's answer (an echo, before) has long arrived
    assert page.evaluate("() => window.__pwned") is None
    assert page.locator(".vd-hand [data-index]").count() == 4
    assert page.locator(".vd-hand [role='button']").count() == 4, "still clickable"
    assert page.locator(".vd-kept").inner_text() == "kept"
    assert page.locator("img").count() == 0
    assert page.errors == []
