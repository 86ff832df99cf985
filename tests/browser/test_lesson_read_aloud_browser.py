"""Issue 43: a lesson's own prose (its markdown cells) is read aloud too, where the page has
read-aloud (a lesson with a quiz, an exercise or a puzzle): each block of prose has its "Läs
upp" / "Read aloud" button, and a tap calls the browser's ``speechSynthesis.speak`` with that
block's words (not its chips' nor another block's) in sv-SE or en-GB. ``speechSynthesis`` is
the stub of test_class_voice_sound_browser (an init script that records the calls)."""

from __future__ import annotations

import re

import pytest

from .conftest import axe_violations, watch_errors
from .test_class_voice_sound_browser import SPEECH_STUB

TABLET = {"viewport": {"width": 768, "height": 1024}, "has_touch": True, "is_mobile": True}
PROSE = ".jp-MarkdownCell .jp-RenderedMarkdown"

# what a block says, read from the page itself: its text without the button and the chips
SHOWN = """(block) => { const copy = block.cloneNode(true);
  for (const e of copy.querySelectorAll('.vd-prose-read, .vd-chip, svg')) e.remove();
  document.body.append(copy); const text = copy.innerText; copy.remove(); return text; }"""


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


@pytest.mark.parametrize(
    ("lang", "tag", "label"), [("sv", "sv-SE", "Läs upp"), ("en", "en-GB", "Read aloud")]
)
def test_a_lessons_prose_is_read_aloud_block_by_block(browser, lessons_url, lang, tag, label) -> None:
    context = browser.new_context(**TABLET)
    context.add_init_script(f"({SPEECH_STUB})({[['Alva', 'sv-SE'], ['Daniel', 'en-GB']]!r})")
    page = context.new_page()
    errors = watch_errors(page)
    try:
        page.goto(f"{lessons_url}/voila/render/{lang}/01-goal-and-deal.ipynb", timeout=300_000)
        page.wait_for_selector(f"{PROSE} .vd-read-aloud-prose", timeout=300_000)
        blocks = page.locator(PROSE)
        assert blocks.count() >= 3
        page.wait_for_function(
            f"() => [...document.querySelectorAll('{PROSE}')].every((b) => b.querySelector('.vd-read-aloud-prose'))",
            timeout=120_000,
        )
        for heard, i in enumerate(
            (0, blocks.count() - 1), start=1
        ):  # the first block, the last: their own words
            block = blocks.nth(i)
            button = block.locator(".vd-read-aloud-prose")
            assert button.is_visible() and button.inner_text() == label
            expected = squash(block.evaluate(SHOWN))
            button.click()
            spoken = page.evaluate("() => window.__spoken")
            assert len(spoken) == heard, spoken
            assert spoken[-1]["lang"] == tag and spoken[-1]["voice"] == ("Alva" if lang == "sv" else "Daniel")
            assert squash(spoken[-1]["text"]) == expected and len(expected) > 20, (spoken[-1], expected)
            assert label not in spoken[-1]["text"]
        assert axe_violations(page) == []
        assert errors == []
    finally:
        context.close()
