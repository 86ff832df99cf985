"""Every screen in the room (issue #10), in Chromium: the dashboard at a phone's, a tablet's, a
school projector's, a laptop's and a large projector's size; the keyboard alone; a screen
reader's view (axe-core, both languages, every tab); and no request to any other host."""

from __future__ import annotations

import pytest

from .conftest import axe_violations, guard_requests, show_replay, watch_errors

SIZES = [(390, 844), (768, 1024), (1024, 768), (1280, 800), (1920, 1080)]
READY = ".vd-dash .vd-rp-table svg"
LABEL = ".vd-replay .vd-ply-label"
TABS = {
    "sv": ["Min väg", "Repris", "Ny omgång", "Spela", "Spelet till 100", "Pussel", "Spela med andra"],
    "en": ["My path", "Replay", "New round", "Play", "The game to 100", "Puzzles", "Play with others"],
}
CONTROLS = (
    "button, select, input:not([type='file']), [role='slider'], [role='listbox'], [role='tab'], "
    "a[href], [role='option'], .vd-hand [role='button']"
)

# Where the page is wider than its window, controls overlap, a target is small, or text is tiny.
LAYOUT = """
(controls) => {
  const shown = (e) => e.checkVisibility ? e.checkVisibility() : e.offsetParent !== null;
  const box = (e) => e.getBoundingClientRect();
  const name = (e) => (e.getAttribute("aria-label") || e.textContent || e.className || e.tagName).toString().trim().slice(0, 40);
  const doc = document.documentElement;
  const cells = document.querySelector("#rendered_cells") || doc;
  const report = { wide: [], overlaps: [], small: [], tiny: [], cards: [] };
  if (doc.scrollWidth > innerWidth + 1) report.wide.push(`page ${doc.scrollWidth}px in ${innerWidth}px`);
  if (cells.scrollWidth > cells.clientWidth + 1) report.wide.push(`cells ${cells.scrollWidth}px in ${cells.clientWidth}px`);
  const scope = document.querySelector(".vd-dash");
  const found = [...scope.querySelectorAll(controls)].filter((e) => shown(e) && box(e).width > 0 && box(e).height > 0);
  // a list box's rows scroll inside it: only those in its visible part count
  const items = found.filter((e) => {
    const list = e.closest("[role='listbox']");
    if (!list || list === e) return true;
    const r = box(e), l = box(list);
    return r.top >= l.top - 1 && r.bottom <= l.bottom + 1;
  });
  for (const e of items) {
    const r = box(e);
    if (r.right > innerWidth + 1 || r.left < -1) report.wide.push(`${name(e)} at x=${Math.round(r.left)}..${Math.round(r.right)}`);
    if (!e.matches("[role='listbox'], [role='option']") && (r.height < 43.5 || r.width < 43.5))
      report.small.push(`${name(e)} ${Math.round(r.width)}x${Math.round(r.height)}`);
    if (e.matches("[role='option']") && r.height < 43.5) report.small.push(`${name(e)} ${Math.round(r.width)}x${Math.round(r.height)}`);
  }
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      const a = items[i], b = items[j];
      if (a.contains(b) || b.contains(a)) continue;
      const ra = box(a), rb = box(b);
      const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
      const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      if (w > 1 && h > 1 && !(a.closest(".vd-hand") && b.closest(".vd-hand")))
        report.overlaps.push(`${name(a)} / ${name(b)}`);
    }
  }
  const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const e = node.parentElement;
    if (!node.textContent.trim() || !e || e.closest("svg") || !shown(e)) continue;
    const size = parseFloat(getComputedStyle(e).fontSize);
    if (size < 15.9) report.tiny.push(`${node.textContent.trim().slice(0, 30)}: ${size}px`);
  }
  report.cards = [...document.querySelectorAll(".vd-rp-table .vd-card")].map((c) => box(c).width);
  report.explain = parseFloat(getComputedStyle(document.querySelector(".vd-rp-explain")).fontSize);
  return report;
}
"""


def open_dashboard(page, url: str, query: str = "") -> None:
    page.goto(url + query, timeout=120_000)
    show_replay(page)
    page.mouse.click(2, 2)  # the keyboard starts again from the top (the tab was clicked)
    page.wait_for_function(f"() => document.querySelector('{LABEL}')?.textContent.length > 0")


def tab(page, title: str):
    return page.locator(".vd-db-tabs").get_by_role("tab", name=title, exact=True)


def label(page) -> str:
    return page.locator(LABEL).inner_text()


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_dashboard_fits_the_screen(browser, dashboard_url, width, height) -> None:
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    errors = watch_errors(page)
    try:
        refused = guard_requests(page, dashboard_url)
        open_dashboard(page, dashboard_url)
        page.keyboard.press("ArrowRight")  # a move with its explanation, not the deal
        page.wait_for_function(f"() => /^Drag 1 av/.test(document.querySelector('{LABEL}').textContent)")
        page.wait_for_function(
            "() => document.querySelector('.vd-rp-explain h2')?.textContent.startsWith('Drag 1')"
        )
        found = page.evaluate(LAYOUT, CONTROLS)
        assert found["wide"] == [], found["wide"]
        assert found["overlaps"] == [], found["overlaps"]
        assert found["small"] == [], f"touch targets under 44 px: {found['small']}"
        assert found["tiny"] == [], f"text under 16 px: {found['tiny'][:10]}"
        assert found["explain"] >= 18
        cards = found["cards"]
        assert cards and min(cards) >= 44, f"cards {min(cards):.1f} px wide at {width} px"
        if width >= 1920:
            assert min(cards) >= 90, "large screens get large cards"
        arrangement = page.locator(f"{READY}").get_attribute("data-arrangement")
        assert arrangement == ("column" if width < 600 else "round")
        if width in (390, 1024):  # the other tabs, on a phone and a school projector
            ready = {
                1: ".vd-db-start",
                2: ".vd-db-play .vd-play .vd-hand [data-index]",
                3: ".vd-db-match .vd-scoreboard",
                4: ".vd-db-puzzles .vd-pz-hand [data-index]",
                5: ".vd-tables-tab .vd-tb-start",
            }
            for index, title in enumerate(TABS["sv"][2:], 1):
                tab(page, title).click()
                page.locator(ready[index]).first.wait_for(timeout=60_000)
                found = page.evaluate(LAYOUT, CONTROLS)
                assert found["wide"] == [] and found["overlaps"] == [], (
                    title,
                    found["wide"],
                    found["overlaps"],
                )
        assert refused == [], f"requests to other hosts: {refused}"
        assert errors == []
    finally:
        context.close()


def test_keyboard_order_focus_ring_language_and_keys_on_the_shown_tab_only(page, dashboard_url) -> None:
    refused = guard_requests(page, dashboard_url)
    open_dashboard(page, dashboard_url)
    assert page.evaluate("() => [document.documentElement.lang, document.title]") == ["sv", "Vändåtta"]

    # the Tab key follows the page's reading order, each control with a visible ring
    order = []
    for _ in range(40):
        page.keyboard.press("Tab")
        focused = page.evaluate(
            """() => { const e = document.activeElement; const s = getComputedStyle(e);
              const all = [...document.querySelectorAll('*')];
              return { index: all.indexOf(e), name: (e.getAttribute('aria-label') || e.textContent || '').trim().slice(0, 30),
                       role: e.getAttribute('role') || e.tagName.toLowerCase(), inDash: !!e.closest('.vd-dash'),
                       ring: s.outlineStyle !== 'none' ? parseFloat(s.outlineWidth) : 0 }; }"""
        )
        if not focused["inDash"]:
            break
        order.append(focused)
    names = [f["name"] for f in order]
    assert names[:3] == ["Svenska", "English", "Min väg"], names
    indexes = [f["index"] for f in order]
    assert indexes == sorted(indexes), f"the Tab key jumps: {names}"
    expected = ["Spela upp", "Nästa", "Sista", "Drag i omgången", "Dragen", "Spara omgången", "Långsam"]
    positions = [next((i for i, n in enumerate(names) if word in n), -1) for word in expected]
    assert -1 not in positions, names
    assert positions == sorted(positions), names
    rings = {f["name"]: f["ring"] for f in order}
    assert all(width >= 2 for width in rings.values()), rings

    # the language switch re-words the page, its lang and keeps the title
    page.locator(".vd-db-language button", has_text="English").click()
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    assert page.title() == "Vändåtta"
    page.wait_for_function(f"() => /^Move 0 of/.test(document.querySelector('{LABEL}').textContent)")
    assert page.locator(".vd-replay .vd-rp-slider input").get_attribute("aria-label") == "Move in the round"

    # keys act on the shown tab only: the arrows on the Play tab do not step the hidden replay
    before = label(page)
    tab(page, "Play").click()
    page.locator(".vd-db-play .vd-play .vd-hand [data-index]").first.wait_for(timeout=60_000)
    page.locator(".vd-db-play .vd-play").click(position={"x": 5, "y": 5})
    for key in ("ArrowRight", "ArrowRight", "End"):
        page.keyboard.press(key)
    page.wait_for_timeout(800)
    tab(page, "Replay").click()
    page.wait_for_timeout(300)
    assert label(page) == before
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"() => /^Move 1 of/.test(document.querySelector('{LABEL}').textContent)")
    assert refused == []
    assert page.errors == []


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_no_serious_accessibility_problem_on_any_tab(page, dashboard_url, lang) -> None:
    open_dashboard(page, dashboard_url)
    if lang == "en":
        page.locator(".vd-db-language button", has_text="English").click()
        page.wait_for_function("() => document.documentElement.lang === 'en'")
    ready = {
        0: READY,
        1: ".vd-db-start",
        2: ".vd-db-play .vd-play .vd-hand [data-index]",
        3: ".vd-db-match .vd-scoreboard",
        4: ".vd-db-puzzles .vd-pz-hand [data-index]",
        5: ".vd-tables-tab .vd-tb-start",
    }
    problems = {}
    for index, title in enumerate(TABS[lang][1:]):  # the path: tests/browser/test_path_browser.py
        tab(page, title).click()
        page.locator(ready[index]).first.wait_for(timeout=60_000)
        page.wait_for_timeout(300)
        found = axe_violations(page)
        if found:
            problems[title] = found
    assert problems == {}, problems
    # classroom mode too
    tab(page, TABS[lang][1]).click()
    page.locator(".vd-replay .vd-rp-classroom").click()
    page.wait_for_selector(".vd-replay.vd-classroom")
    assert axe_violations(page) == []
    assert page.errors == []


def test_a_lesson_asks_nothing_of_another_host(page, lessons_url) -> None:
    refused = guard_requests(page, lessons_url)
    page.goto(f"{lessons_url}/voila/render/sv/03-eights.ipynb", timeout=120_000)
    page.wait_for_selector(".vd-exercise, .vd-quiz, .jp-RenderedHTMLCommon", timeout=120_000)
    page.wait_for_load_state("networkidle", timeout=60_000)
    assert refused == [], refused
    assert page.errors == []


# Every animation frame for 0.6 s after a card is laid: where the top card of the pile is drawn,
# against the talon beside it (the drop-in used to draw it over the talon, then jump).
PILE_FRAMES = """
() => {
  const frames = window.__vdFrames = [];
  const start = performance.now();
  const look = () => {
    const box = document.querySelector(".vd-pile-box");
    const top = box && box.querySelector(".vd-top .vd-card");
    const talon = box && box.querySelector(".vd-talon");
    if (top && talon && box.classList.contains("vd-fresh"))
      frames.push([top.getBoundingClientRect().left, talon.getBoundingClientRect().right]);
    if (performance.now() - start < 3000) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}
"""


def test_a_laid_card_drops_in_where_it_lands(page, voila_url) -> None:
    from .conftest import open_notebook

    open_notebook(page, voila_url, "play.ipynb", ready='.vd-status[data-turn="human"]')
    page.locator('.vd-play .vd-hand [data-index][data-name^="seven of hearts"]').click()
    page.wait_for_selector(".vd-play .vd-hand .vd-selected")
    page.evaluate(PILE_FRAMES)  # every frame is watched from before the click
    page.get_by_role("button", name="Lay cards").click()
    page.wait_for_selector('.vd-pile-box[data-top="7♥"]')
    page.wait_for_timeout(600)  # the drop-in takes 0.28 s
    seen = page.evaluate("() => window.__vdFrames")
    assert seen, "the card never dropped in"
    assert all(left >= talon_right for left, talon_right in seen), seen
    assert page.errors == []
