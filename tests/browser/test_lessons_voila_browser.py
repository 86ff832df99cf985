"""Every lesson as Voilà shows it to a child on a tablet (768×1024, touch), in Swedish and
English: no instruction about cells or code, no rule id inside a sentence, no typewriter font,
and nothing serious for axe-core; in lesson 1 the chips open on a tap and are touch-sized and
what the computer says is in the normal font.

The words are those of tests/test_lesson_text.py, which checks the notebooks' text without a
browser; here it is the page, after the Voilà template has left out the cells tagged
``jupyterlab-only`` and every cell has run.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import axe_violations, guard_requests, watch_errors
from tests.test_lesson_text import ALL, CELL_WORDS, RULE_ID

# The one place a rule id may stand outside a chip: the computer's own citation closing a
# sentence, "… börjar högen (R2)." (the play table's log and the replay tell moves so);
# "(R4); det var …", "Med V1 får …" or a heading "V1: …" have it inside.
CITED_AT_THE_END = re.compile(r" \([RVSO]\d{1,2}(?:, [RVSO]\d{1,2})*\)(?=[.!?](?:\s|$)|$)", re.M)

TABLET = {"viewport": {"width": 768, "height": 1024}, "has_touch": True, "is_mobile": True}

# The text a child reads: every visible text node of the rendered cells except inside a chip or
# a rule badge (where a rule id belongs) and the cards' pictures.
SHOWN_TEXT = """() => {
  const skip = '.vd-chip, .vd-rule, .vd-rule-badge, svg, script, style, template';
  const parts = [];
  const walk = (el) => {
    for (const node of el.childNodes) {
      if (node.nodeType === Node.TEXT_NODE) parts.push(node.textContent);
      else if (node.nodeType === Node.ELEMENT_NODE && !node.matches(skip)) {
        const style = getComputedStyle(node);
        if (style.display !== 'none' && style.visibility !== 'hidden') walk(node);
        parts.push('\\n');
      }
    }
  };
  walk(document.querySelector('#rendered_cells'));
  return parts.join('').replace(/[ \\t]+/g, ' ');
}"""


def open_lesson(browser, lessons_url: str, lang: str, name: str):
    context = browser.new_context(**TABLET)
    page = context.new_page()
    errors = watch_errors(page)
    refused = guard_requests(page, lessons_url)
    page.goto(f"{lessons_url}/voila/render/{lang}/{name}", timeout=300_000)
    page.wait_for_selector("#rendered_cells", state="visible", timeout=300_000)
    # the widgets draw themselves after the cells have run: wait until the text stops growing
    page.wait_for_function(
        """() => {
          const n = document.querySelector('#rendered_cells').innerText.length;
          const same = window.__vdLength === n;
          window.__vdLength = n;
          return same && n > 0;
        }""",
        polling=700,
        timeout=120_000,
    )
    return context, page, errors, refused


@pytest.mark.parametrize(("lang", "name"), ALL)
def test_a_lesson_shows_no_cell_instruction_and_no_rule_id_in_a_sentence(browser, lessons_url, lang, name):
    context, page, errors, refused = open_lesson(browser, lessons_url, lang, name)
    try:
        text = page.evaluate(SHOWN_TEXT)
        assert len(text) > 500, f"{lang}/{name}: the lesson did not render:\n{text[:300]}"
        words = CELL_WORDS[lang].findall(text)
        assert not words, f"{lang}/{name}: {words} on the page"
        inside = [line for line in text.splitlines() if RULE_ID.search(CITED_AT_THE_END.sub("", line))]
        assert not inside, f"{lang}/{name}: a rule id inside a sentence: {inside[:5]}"
        assert page.locator(".jp-InputArea-editor:visible").count() == 0, "no code in Voilà"
        # printed text and the replay's lists read as prose: no typewriter font, no word broken
        fonts = page.evaluate(
            """() => [...document.querySelectorAll('.jp-OutputArea-output pre, .vd-told, .vd-also, .vd-log')]
                 .map(e => [getComputedStyle(e).fontFamily, getComputedStyle(e).wordBreak])"""
        )
        assert all("mono" not in f.lower() and b == "normal" for f, b in fonts), fonts
        assert axe_violations(page) == []
        assert refused == [] and errors == []
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_lesson_one_chips_open_on_a_tap_and_the_log_reads_as_prose(browser, lessons_url, lang):
    context, page, errors, _ = open_lesson(browser, lessons_url, lang, "01-goal-and-deal.ipynb")
    try:
        chip = page.locator("details.vd-chip-rule", has=page.locator("summary", has_text="R2")).first
        summary = chip.locator("summary")
        box = summary.bounding_box()
        assert box is not None and box["width"] >= 44 and box["height"] >= 44
        says = chip.locator(".vd-chip-says")
        assert not says.is_visible()
        summary.tap()
        says.wait_for(state="visible")
        assert ("sex kort" if lang == "sv" else "six cards") in says.inner_text()
        summary.focus()
        page.keyboard.press("Enter")  # the keyboard closes it again
        says.wait_for(state="hidden")
        assert summary.get_attribute("aria-label").startswith("Regel R2" if lang == "sv" else "Rule R2")
        assert page.evaluate("document.documentElement.lang") == lang  # a Swedish voice for Swedish
        # what the computer says: whole words, the page's own font, its rule ids in chips
        told = page.locator(".vd-told").first
        style = told.evaluate("e => [getComputedStyle(e).fontFamily, getComputedStyle(e).wordBreak]")
        assert "mono" not in style[0].lower() and style[1] == "normal", style
        assert told.locator("details.vd-chip").count() >= 2
        assert axe_violations(page) == []
        assert errors == []
    finally:
        context.close()
