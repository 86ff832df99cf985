""" "Min väg" on the static site (scripts/build_site.py) with the network cut (issue 41): once a
page has loaded, ``context.set_offline(True)`` takes the site's own server away too, and the
child goes on — a lesson's answers kept in the browser's storage, the path showing them, a new
child added — all with no network at all, since the record lives on the device and Python runs
in the page.

Opened once online, the site opens again offline: its pages register its service worker
(site/offline_worker.js), which keeps every file of the build in a cache named by the build's
hash. The last test reloads the path and opens a lesson with the network cut.

Needs a built site (``$VANDATTA_SITE`` or ``.site-cache/site``), as tests/browser/test_site.py."""

from __future__ import annotations

import json
import os
import re

import pytest

from .offline_site import launch_offline, notebook_url, offline_context, run_all_cells, serving_site, site_dir
from .test_path_browser import TABLET, answer_lesson_1, kept_events, shot

pytestmark = pytest.mark.slow  # Pyodide in Chromium

SLOW = 240_000
PATH = ".vd-path"


@pytest.fixture(scope="module")
def built_site():
    root = site_dir()
    if root is None or not (root / "index.html").exists():
        why = f"no built site at {root}: run `python scripts/build_site.py DIR` and set VANDATTA_SITE=DIR"
        if os.environ.get("VANDATTA_REQUIRE_BROWSER") == "1":
            pytest.fail(why + " (VANDATTA_REQUIRE_BROWSER=1: browser tests must run)")
        pytest.skip(why)
    with serving_site(root) as server:
        yield server


@pytest.fixture(scope="module")
def offline_chromium(browser):
    offline = launch_offline(browser.browser_type)
    yield offline
    offline.close()


@pytest.fixture
def tablet(offline_chromium, built_site):
    context = offline_context(offline_chromium, built_site.url, **TABLET)
    page = context.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    yield page
    blocked = list(context.blocked)
    context.close()
    assert blocked == [], f"the site tried to reach other hosts: {blocked}"


def open_site_path(page, url: str) -> None:
    page.goto(notebook_url(url, "dashboard.ipynb"), timeout=SLOW)
    run_all_cells(page, timeout=SLOW)
    page.wait_for_selector(f"{PATH} .vd-path-list", timeout=SLOW)
    page.wait_for_function("() => !document.querySelector('.vd-path .vd-path-loading')", timeout=SLOW)


def test_lesson_1_answered_with_the_network_cut_shows_on_the_path(tablet, built_site):
    from playwright.sync_api import expect

    page = tablet
    built_site = built_site.url
    page.goto(notebook_url(built_site, "sv/01-goal-and-deal.ipynb"), timeout=SLOW)
    run_all_cells(page, timeout=SLOW)
    page.wait_for_selector(".vd-exercise .vd-hand [data-index]", timeout=SLOW)
    page.wait_for_selector(".vd-quiz >> nth=2", timeout=SLOW)
    page.context.set_offline(True)  # no network from here on, not even the site's own server
    answer_lesson_1(page, "sv")  # every answer kept on the device
    assert kept_events(page) == 4

    page.context.set_offline(False)  # (opening pages offline, from the cache: the next test)
    open_site_path(page, built_site)
    page.context.set_offline(True)
    first = page.locator(f"{PATH} .vd-path-stop").first
    expect(first.locator(".vd-path-stars")).to_have_attribute("aria-label", "3 av 3 stjärnor", timeout=60_000)
    # the lessons open beside the app, in JupyterLite's notebook page
    expect(first.locator("a")).to_have_attribute("href", "index.html?path=sv/01-goal-and-deal.ipynb")
    shot(page, "path-768-sv-site-offline.png")

    # a second child, added offline: kept on the device, and the first child's stars are hers
    page.locator(f"{PATH} .vd-path-name input").fill("Bo")
    page.locator(f"{PATH} .vd-path-add").tap()
    expect(page.locator(f"{PATH} .vd-path-who")).to_contain_text("Bo", timeout=60_000)
    expect(page.locator(f"{PATH} .vd-path-done")).to_have_count(0)
    page.wait_for_function(
        "() => (localStorage.getItem('vandatta:device') || '').includes('\"Bo\"')", timeout=60_000
    )
    page.locator(f"{PATH} .vd-path-profile").first.tap()
    expect(page.locator(f"{PATH} .vd-path-done")).to_have_count(1, timeout=60_000)
    assert not page.errors, page.errors


def kept_for_offline(root) -> tuple[str, list[str]]:
    """The build's hash and the files its service worker keeps (the line the build wrote)."""
    worker = (root / "offline_worker.js").read_text(encoding="utf-8")
    site = json.loads(re.search(r"^const SITE = (\{.*\});$", worker, re.MULTILINE).group(1))
    return site["build"], site["files"]


def test_the_path_and_a_lesson_open_again_with_the_network_cut(tablet, built_site):
    """Opened once online, the site is kept by its service worker: with the network cut, the
    path opens again (a reload), a lesson opens from it, its answers are kept, and the path
    shows its stars — and not one file comes from the site's server meanwhile."""
    from playwright.sync_api import expect

    page = tablet
    server = built_site
    build, files = kept_for_offline(site_dir())
    assert (
        "index.html" in files
        and "notebooks/index.html" in files
        and "static/pyodide/pyodide.asm.wasm" in files
    )
    open_site_path(page, server.url)
    # the worker is activated only once every file is cached: then it controls the page
    page.wait_for_function("() => window.vandattaOffline === 'ready'", timeout=SLOW)
    cached = page.evaluate(
        """async () => Object.fromEntries(await Promise.all((await caches.keys()).map(
            async name => [name, (await (await caches.open(name)).keys()).map(r => new URL(r.url).pathname)])))"""
    )
    assert list(cached) == [f"vandatta-site-{build}"], list(cached)
    assert sorted(cached[f"vandatta-site-{build}"]) == sorted("/" + f for f in files)

    page.context.set_offline(True)  # no network from here on, not even the site's own server
    server.take_count()
    page.reload(timeout=SLOW)
    run_all_cells(page, timeout=SLOW)
    page.wait_for_selector(f"{PATH} .vd-path-list", timeout=SLOW)
    first = page.locator(f"{PATH} .vd-path-stop").first
    expect(first.locator(".vd-path-stars")).to_have_attribute("aria-label", "0 av 3 stjärnor", timeout=60_000)
    first.locator("a").tap()  # lesson 1, from the path
    page.wait_for_url("**/notebooks/index.html?path=sv/01-goal-and-deal.ipynb", timeout=SLOW)
    run_all_cells(page, timeout=SLOW)
    page.wait_for_selector(".vd-exercise .vd-hand [data-index]", timeout=SLOW)
    page.wait_for_selector(".vd-quiz >> nth=2", timeout=SLOW)
    answer_lesson_1(page, "sv")  # every answer kept on the device
    assert kept_events(page) == 4

    page.goto(notebook_url(server.url, "dashboard.ipynb"), timeout=SLOW)
    run_all_cells(page, timeout=SLOW)
    first = page.locator(f"{PATH} .vd-path-stop").first
    expect(first.locator(".vd-path-stars")).to_have_attribute("aria-label", "3 av 3 stjärnor", timeout=SLOW)
    assert server.take_count() == (0, 0), "every file came from the service worker's cache"
    assert not page.errors, page.errors


def test_a_new_build_replaces_the_kept_site(tablet, built_site):
    """A new build is a new worker (the build's hash in its SITE line): once it has kept every
    file it takes over, and the old build's cache is dropped."""
    page, server = tablet, built_site
    build, files = kept_for_offline(site_dir())
    page.goto(server.url + "/", timeout=SLOW)
    page.wait_for_function("() => window.vandattaOffline === 'ready'", timeout=SLOW)
    assert page.evaluate("async () => await caches.keys()") == [f"vandatta-site-{build}"]

    worker = (site_dir() / "offline_worker.js").read_text(encoding="utf-8")
    new = "0123456789abcdef"
    assert new != build
    server.overrides["/offline_worker.js"] = worker.replace(
        f'"build":"{build}"', f'"build":"{new}"', 1
    ).encode()
    try:
        page.evaluate("async () => (await navigator.serviceWorker.getRegistration()).update()")
        page.wait_for_function(
            # (a predicate's promise counts as true at once: each poll reads the names for the next)
            "(name) => { caches.keys().then(k => { window.cacheNames = k; });"
            " return JSON.stringify(window.cacheNames) === JSON.stringify([name]); }",
            arg=f"vandatta-site-{new}",
            polling=100,
            timeout=SLOW,
        )
    finally:
        del server.overrides["/offline_worker.js"]
    kept = page.evaluate(f"async () => (await (await caches.open('vandatta-site-{new}')).keys()).length")
    assert kept == len(files)
