"""Issue 43 items 5, 6 (read-aloud, announcements) and 7 in Chromium, in Swedish and English.

- The class's questions on the projector (the dashboard's replay in classroom mode, "Klassen
  svarar" on): the class code and its address inside the window at 1024×768 and 1920×1080
  without scrolling; "Fråga först" a real switch (aria-pressed, "på"/"av"); turned off, the
  teacher reads what that means and a pupil's phone says the moves are shown on the board.
- Read-aloud: Spela's "Läs upp" calls ``speechSynthesis.speak`` with the explanation and hint and
  the language sv-SE (en-GB in English); the button is hidden on a device with no voice. The
  page's ``speechSynthesis`` is a stub (an init script) that records the calls and offers voices
  or none.
- Sound: no ``AudioContext`` before a tap or a key, one after a card is laid with sound on, none
  with the sound switched off (remembered in localStorage), none in the classroom's pace
  unless switched on. ``AudioContext`` is a stub that counts.

axe-core finds nothing serious on these pages. Screenshots of the projector under
``VANDATTA_SCREENSHOTS`` when it names a folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.helpers.serving import DashboardServer

from .conftest import axe_violations, open_notebook, watch_errors

STEP_MS = 120_000  # a generous bound under load: every wait ends on its condition
READY = '.vd-play .vd-status[data-turn="human"]'

SPEECH_STUB = """
(voices) => {
  window.__spoken = [];
  const list = voices.map(([name, lang]) => ({ name, lang, default: false, localService: true, voiceURI: name }));
  window.SpeechSynthesisUtterance = function (text) { this.text = text; this.lang = ""; this.voice = null; };
  const listeners = [];
  const stub = {
    getVoices: () => list,
    speak: (u) => window.__spoken.push({ text: u.text, lang: u.lang, voice: u.voice && u.voice.name }),
    cancel: () => {},
    addEventListener: (kind, f) => listeners.push(f),
  };
  Object.defineProperty(window, "speechSynthesis", { value: stub, configurable: true });
}
"""

AUDIO_STUB = """
() => {
  window.__audio = { made: 0, tones: 0 };
  const param = () => ({ value: 0, setValueAtTime() {}, exponentialRampToValueAtTime() {} });
  window.AudioContext = function () {
    window.__audio.made += 1;
    this.state = "running"; this.currentTime = 0; this.destination = {};
    this.createOscillator = () => { window.__audio.tones += 1;
      return { type: "", frequency: param(), connect: (n) => n, start() {}, stop() {} }; };
    this.createGain = () => ({ gain: param(), connect: (n) => n });
    this.close = () => Promise.resolve();
  };
}
"""


def shot(page, name: str) -> None:
    folder = os.environ.get("VANDATTA_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / name))


SCROLL_ALL = """
(to) => { for (const e of [document.scrollingElement, ...document.querySelectorAll('*')]) {
  if (!e || e.scrollHeight <= e.clientHeight + 4) continue;
  const o = getComputedStyle(e).overflowY;
  if (e === document.scrollingElement || o === 'auto' || o === 'scroll') e.scrollTop = to === 'end' ? e.scrollHeight : 0;
} }
"""


def inside_window(page, selector: str) -> bool:
    return page.evaluate(
        """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
           return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }""",
        selector,
    )


@pytest.fixture(scope="module")
def class_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("class43")
    settings = {
        "DashboardServer": {"tables_db": str(folder / "tables.sqlite")},
        "MappingKernelManager": {"cull_interval": 10, "cull_idle_timeout": 60},
    }
    with DashboardServer(folder / "server.log", settings=settings) as server:
        yield server


WORDS = {
    "sv": {
        "toggle": "Klassen svarar",
        "ask": "Fråga först",
        "on": "på",
        "off": "av",
        "note": "Klassen får inga frågor nu",
        "paused": "Titta på tavlan!",
    },
    "en": {
        "toggle": "The class answers",
        "ask": "Ask first",
        "on": "on",
        "off": "off",
        "note": "The class gets no questions now",
        "paused": "Look at the board!",
    },
}


@pytest.mark.parametrize(
    ("width", "height", "lang"), [(1024, 768, "sv"), (1920, 1080, "en")], ids=["1024x768-sv", "1920x1080-en"]
)
def test_the_projector_keeps_the_code_in_sight_and_ask_first_is_a_switch(
    browser, class_server, width, height, lang
) -> None:
    words = WORDS[lang]
    board = browser.new_context(viewport={"width": width, "height": height})
    projector = board.new_page()
    errors = watch_errors(projector)
    phone = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    phone.add_init_script(f"({SPEECH_STUB})({[['Alva', 'sv-SE'], ['Daniel', 'en-GB']]!r})")
    pupil = phone.new_page()
    try:
        projector.goto(f"{class_server.url}?classroom=1&lang={lang}", timeout=180_000)
        projector.wait_for_selector(".vd-replay.vd-classroom .vd-rp-table svg", timeout=180_000)
        answers = projector.locator(".vd-replay .vd-rp-class-answers button.vd-toggle")
        assert answers.locator(".vd-toggle-label").inner_text() == words["toggle"]
        answers.click()
        assert answers.get_attribute("aria-pressed") == "true"
        projector.wait_for_function(
            "() => (document.querySelector('.vd-cl-projector .vd-cl-code')?.textContent || '').length === 5",
            timeout=STEP_MS,
        )
        code = projector.locator(".vd-cl-code").inner_text()
        # in sight without scrolling, and large: at the top of the page, and scrolled to its end
        for where in ("top", "end", "top"):
            projector.evaluate(SCROLL_ALL, where)
            assert inside_window(projector, ".vd-cl-projector .vd-cl-code"), where
            assert inside_window(projector, ".vd-cl-projector .vd-cl-address"), where
        size = projector.evaluate(
            "() => parseFloat(getComputedStyle(document.querySelector('.vd-cl-code')).fontSize)"
        )
        assert size >= 48, size

        ask = projector.locator(".vd-replay .vd-rp-ask button.vd-toggle")
        assert ask.get_attribute("aria-pressed") == "true"
        assert ask.locator(".vd-toggle-label").inner_text() == words["ask"]
        assert ask.locator(".vd-toggle-state").inner_text() == words["on"]
        shot(projector, f"projector-class-{width}x{height}-{lang}.png")

        pupil.goto(f"{class_server.url}vandatta/class/{code}?lang={lang}")
        pupil.wait_for_function(
            "() => document.getElementById('vd-class')?.dataset.state === 'waiting'", timeout=STEP_MS
        )

        ask.click()  # off: the teacher is told what happens, the pupil's phone says why
        projector.wait_for_function(
            "() => document.querySelector('.vd-rp-ask button')?.getAttribute('aria-pressed') === 'false'",
            timeout=STEP_MS,
        )
        assert ask.locator(".vd-toggle-state").inner_text() == words["off"]
        note = projector.locator(".vd-replay .vd-rp-ask .vd-toggle-note")
        note.filter(has_text=words["note"]).wait_for(timeout=STEP_MS)
        pupil.wait_for_function(
            "() => document.getElementById('vd-class')?.dataset.state === 'paused'", timeout=STEP_MS
        )
        assert words["paused"] in pupil.locator(".vd-cl-paused").inner_text()
        shot(pupil, f"pupil-paused-390x844-{lang}.png")
        # told to a screen reader too
        pupil.wait_for_function(
            "(t) => (document.querySelector('.vd-tb-live')?.textContent || '').includes(t)",
            arg=words["paused"],
            timeout=STEP_MS,
        )
        projector.wait_for_selector(
            ".vd-cl-projector[data-state='paused'] .vd-cl-paused-note", timeout=STEP_MS
        )
        shot(projector, f"projector-ask-off-{width}x{height}-{lang}.png")
        assert axe_violations(projector) == []
        assert axe_violations(pupil) == []

        ask.click()  # on again: the phone waits for the next question
        pupil.wait_for_function(
            "() => document.getElementById('vd-class')?.dataset.state === 'waiting'", timeout=STEP_MS
        )
        assert ask.get_attribute("aria-pressed") == "true"
        # the next real choice: the phone asks, says so to a screen reader, and reads it aloud
        label = ".vd-replay .vd-ply-label"
        for _ in range(12):  # → past the moves with no choice (each a step), to the question
            before = projector.locator(label).inner_text()
            projector.keyboard.press("ArrowRight")
            projector.wait_for_function(
                "([sel, b]) => !!document.querySelector('.vd-rp-question') || document.querySelector(sel).textContent !== b",
                arg=[label, before],
                timeout=STEP_MS,
            )
            if projector.locator(".vd-rp-question").count():
                break
        pupil.wait_for_function(
            "() => document.getElementById('vd-class')?.dataset.state === 'question'", timeout=STEP_MS
        )
        asked = "Vad skulle du spela?" if lang == "sv" else "What would you play?"
        pupil.wait_for_function(
            "(t) => (document.querySelector('.vd-tb-live')?.textContent || '').includes(t)",
            arg=asked,
            timeout=STEP_MS,
        )
        pupil.locator(".vd-class .vd-read-aloud").click()
        spoken = pupil.evaluate("() => window.__spoken")
        assert spoken and spoken[-1]["lang"] == ("sv-SE" if lang == "sv" else "en-GB")
        assert spoken[-1]["text"].startswith(asked)
        # the teacher's switch: the phones stop lifting the cards that fit, and start again
        assert pupil.locator(".vd-tb-card-button.vd-tb-legal").count() >= 2  # a real choice
        shot(pupil, f"pupil-question-390x844-{lang}.png")
        projector.locator("#vd-cl-marks").uncheck()
        pupil.wait_for_function(
            "() => document.querySelectorAll('.vd-tb-card-button').length > 0"
            " && !document.querySelector('.vd-tb-card-button.vd-tb-legal')",
            timeout=STEP_MS,
        )
        projector.locator("#vd-cl-marks").check()
        pupil.wait_for_selector(".vd-tb-card-button.vd-tb-legal", timeout=STEP_MS)
        # the class's answers turned off: the code leaves the screen with them
        answers.click()
        projector.wait_for_selector(".vd-cl-corner", state="hidden", timeout=STEP_MS)
        assert errors == []
    finally:
        phone.close()
        board.close()


@pytest.mark.parametrize(("lang", "tag"), [("sv", "sv-SE"), ("en", "en-GB")])
def test_read_aloud_speaks_the_explanation_in_the_childs_language(browser, voila_url, lang, tag) -> None:
    context = browser.new_context(viewport={"width": 768, "height": 1024}, has_touch=True)
    context.add_init_script(f"({SPEECH_STUB})({[['Alva', 'sv-SE'], ['Daniel', 'en-GB']]!r})")
    page = context.new_page()
    try:
        open_notebook(page, voila_url, "child_tips.ipynb", ready=READY)
        if lang == "en":
            page.locator(".vd-play .widget-toggle-button", has_text="English").first.click()
            page.wait_for_selector(".vd-play .vd-read-aloud:text('Read aloud')", timeout=STEP_MS)
        page.locator(".vd-play button", has_text="Tips" if lang == "sv" else "Hint").first.click()
        say = page.locator(".vd-play .vd-hint-say")
        say.wait_for(timeout=STEP_MS)
        button = page.locator(".vd-play .vd-read-aloud")
        assert button.is_visible() and button.inner_text() == ("Läs upp" if lang == "sv" else "Read aloud")
        page.wait_for_function(
            "() => !document.querySelector('.vd-play .vd-read-aloud').disabled", timeout=STEP_MS
        )
        hint = " ".join(say.inner_text().split())
        page.wait_for_timeout(300)  # the hint's text reaches the button in the same update
        button.click()
        spoken = page.evaluate("() => window.__spoken")
        assert len(spoken) == 1, spoken
        assert spoken[0]["lang"] == tag and spoken[0]["voice"] == ("Alva" if lang == "sv" else "Daniel")
        assert hint in spoken[0]["text"], (hint, spoken)
        assert "<" not in spoken[0]["text"]
        assert axe_violations(page) == []
    finally:
        context.close()


def test_no_voice_no_button(browser, voila_url) -> None:
    context = browser.new_context(viewport={"width": 768, "height": 1024})
    context.add_init_script(f"({SPEECH_STUB})({[['Daniel', 'en-GB']]!r})")  # English only
    page = context.new_page()
    try:
        open_notebook(page, voila_url, "child_tips.ipynb", ready=READY)
        page.wait_for_selector(".vd-play .vd-read-aloud", state="attached", timeout=STEP_MS)
        assert page.locator(".vd-play .vd-read-aloud").is_hidden(), "no Swedish voice here: no button"
        page.locator(".vd-play .widget-toggle-button", has_text="English").first.click()
        page.wait_for_selector(".vd-play .vd-read-aloud:visible", timeout=STEP_MS)
    finally:
        context.close()


def lay_a_card(page) -> None:
    page.locator('.vd-play .vd-hand [data-index][data-name^="hjärter sjua"]').click()
    page.wait_for_selector(".vd-play .vd-hand .vd-selected")
    page.locator(".vd-play button", has_text="Lägg kort").first.click()
    page.wait_for_selector('.vd-pile-box[data-top="7♥"]', timeout=STEP_MS)


def test_sounds_only_after_a_gesture_and_never_when_muted(browser, voila_url) -> None:
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    context.add_init_script(f"({AUDIO_STUB})()")
    page = context.new_page()
    try:
        open_notebook(page, voila_url, "child_tips.ipynb", ready=READY)
        switch = page.locator(".vd-play .vd-sound-switch")
        assert switch.get_attribute("aria-pressed") == "true" and switch.inner_text() == "Ljud: på"
        assert page.evaluate("() => window.__audio.made") == 0, "no AudioContext before a gesture"
        lay_a_card(page)
        page.wait_for_function("() => window.__audio.tones > 0", timeout=STEP_MS)
        assert page.evaluate("() => window.__audio.made") == 1
        assert axe_violations(page) == []

        switch.click()  # off: remembered on this device
        assert switch.get_attribute("aria-pressed") == "false" and switch.inner_text() == "Ljud: av"
        assert page.evaluate("() => localStorage.getItem('vandatta-sound')") == "off"
        page.reload()
        page.wait_for_selector(READY, timeout=STEP_MS)
        assert page.locator(".vd-play .vd-sound-switch").get_attribute("aria-pressed") == "false"
        lay_a_card(page)
        page.wait_for_timeout(500)
        assert page.evaluate("() => window.__audio.made") == 0, "muted: no AudioContext at all"
    finally:
        context.close()


def test_the_classrooms_pace_is_silent_until_switched_on(browser, voila_url) -> None:
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    context.add_init_script(f"({AUDIO_STUB})()")
    page = context.new_page()
    try:
        open_notebook(page, voila_url, "child_tips.ipynb", ready=READY)
        page.locator(".vd-play .vd-pace select").select_option(label="Vänta på ”Fortsätt”")
        switch = page.locator(".vd-play .vd-sound-switch")
        page.wait_for_function(
            "() => document.querySelector('.vd-play .vd-sound-switch').getAttribute('aria-pressed') === 'false'",
            timeout=STEP_MS,
        )
        assert switch.inner_text() == "Ljud: av"
        page.locator(".vd-play .vd-hand [data-index]").first.focus()  # a gesture (a key), no sound yet
        page.keyboard.press("Shift")
        assert page.evaluate("() => window.__audio.made") == 0, "classroom pace: off by default"
        switch.click()  # the teacher turns it on: remembered, and the next card is heard
        assert page.evaluate("() => localStorage.getItem('vandatta-sound')") == "on"
        lay_a_card(page)
        page.wait_for_function("() => window.__audio.tones > 0", timeout=STEP_MS)
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_a_table_tells_each_move_and_whose_turn_and_sounds_after_a_tap(browser, class_server, lang) -> None:
    from .test_tables_browser import take_turn, wait_started, wait_state

    context = browser.new_context(viewport={"width": 1024, "height": 768})
    context.add_init_script(f"({AUDIO_STUB})()")
    page = context.new_page()
    errors = watch_errors(page)
    try:
        page.goto(f"{class_server.url}vandatta/table?lang={lang}")
        wait_state(page, "start")
        page.fill("#vd-tb-myname", "Ada")
        page.locator(".vd-tb-seats select").nth(1).select_option("beginner")
        page.locator(".vd-tb-seats select").nth(2).select_option("beginner")
        page.click(".vd-tb-create")
        page.wait_for_selector(".vd-tb-begin", timeout=STEP_MS)
        switch = page.locator(".vd-tb-header .vd-sound-switch")
        assert switch.get_attribute("aria-pressed") == "true"
        assert switch.inner_text() == ("Ljud: på" if lang == "sv" else "Sound: on")
        page.click(".vd-tb-begin")
        wait_started(page)
        live = page.locator(".vd-tb-live")
        assert live.get_attribute("aria-live") == "polite"
        turn = "Din tur" if lang == "sv" else "Your turn"
        page.wait_for_function(
            "() => ['turn', 'over'].includes(document.querySelector('.vd-tables').dataset.state)",
            timeout=STEP_MS,
        )
        if page.evaluate("() => document.querySelector('.vd-tables').dataset.state") == "turn":
            page.wait_for_function(
                "(t) => document.querySelector('.vd-tb-live').textContent.includes(t)",
                arg=turn,
                timeout=STEP_MS,
            )
            before = live.text_content()
            take_turn(page)  # a tap: the move is said and, if a card was laid, heard
            page.wait_for_function(
                "(b) => document.querySelector('.vd-tb-live').textContent !== b", arg=before, timeout=STEP_MS
            )
            assert "Ada: " in live.text_content()
            laid = page.evaluate("() => document.querySelector('.vd-tb-pile')?.dataset.top")
            assert laid
        # every frame said something: no announcement was left empty
        assert live.text_content().strip()
        assert axe_violations(page) == []
        assert errors == []
    finally:
        context.close()
