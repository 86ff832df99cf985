"""The game review in the static lesson site (Pyodide, no worker processes, the network cut):
"Analysera" in the dashboard's replay runs in steps on the browser's event loop, so the replay
still answers meanwhile, and ends with its marks. Needs a built site, as tests/browser/test_site.py."""

from __future__ import annotations

import re

import pytest

from .conftest import show_replay
from .offline_site import expect_cells_ran, run_all_cells
from .test_site import SLOW, offline_browser, site, site_page, site_url  # noqa: F401

pytestmark = pytest.mark.slow  # (started first: see tests/conftest.py)

REVIEW = 900_000  # ms: WebAssembly on a loaded machine; bench_review.py has the native figure


def test_analyse_runs_in_pyodide_in_steps(site_page, site_url):  # noqa: F811
    from playwright.sync_api import expect

    page = site_page
    page.goto(site_url + "/")
    page.get_by_role("link", name=re.compile("Öppna appen")).click()
    page.wait_for_url(re.compile(r"path=dashboard\.ipynb"))
    run_all_cells(page, timeout=SLOW)
    show_replay(page, timeout=SLOW)  # the app opens on the child's path
    start = page.locator(".vd-replay .vd-rv-start")
    expect(start).to_be_visible(timeout=SLOW)
    expect_cells_ran(page)
    assert start.inner_text().strip() == "Analysera"
    # every player's decisions: a review long enough to try the page while it runs
    page.locator(".vd-replay .vd-rv-seat select").select_option(label="Alla spelare")
    label = page.locator(".vd-replay .vd-ply-label")
    before = label.inner_text()
    start.click()
    progress = page.locator(".vd-replay .vd-rv-progress")
    expect(progress).to_be_visible(timeout=60_000)
    # the browser's Python takes turns: the replay still steps while the review runs. The
    # page notes, at the moment the move label changes, whether the review was still running.
    page.evaluate(
        """() => {
            const label = document.querySelector('.vd-replay .vd-ply-label');
            const before = label.textContent;
            window.vdStepWhileReviewing = null;
            new MutationObserver(() => {
                if (window.vdStepWhileReviewing === null && label.textContent !== before) {
                    const bar = document.querySelector('.vd-replay .vd-rv-progress');
                    window.vdStepWhileReviewing = !!bar && bar.checkVisibility();
                }
            }).observe(label, { subtree: true, childList: true, characterData: true });
        }"""
    )
    page.locator(".vd-replay .vd-rp-next").click()
    expect(label).not_to_have_text(before, timeout=60_000)
    assert page.evaluate("window.vdStepWhileReviewing") is True, "the review ended before the step"
    marks = page.locator(".vd-replay button.vd-rv-mark")
    marks.first.wait_for(timeout=REVIEW)
    assert marks.count() >= 3
    marks.first.click()
    expect(page.locator(".vd-replay .vd-rv-detail")).to_contain_text("Spelat:", timeout=60_000)
    assert page.errors == []
