""" "Min väg" / "My path" (issue 41) in Chromium, as a child uses it on a tablet (768×1024) and a
phone (390×844), with touch: the record kept in the browser's storage (localStorage), the
lessons recording their answers, stars that survive a reload, a move not allowed in lesson 4
practised again in a fresh position, export / import / delete, two children on one device.

The lessons and the dashboard are served by one Voilà (``lessons_url``: notebooks/), so that
they share one origin — one localStorage — as they do in the dashboard's server and on the
static site; the first test opens the lessons from the path in the real ``vandatta dashboard``
server (``dashboard_server``). Screenshots go to ``VANDATTA_SHOTS`` (if set)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from tests.browser.conftest import axe_violations, watch_errors

TABLET = {"viewport": {"width": 768, "height": 1024}, "has_touch": True, "is_mobile": True}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
SHOTS = os.environ.get("VANDATTA_SHOTS")
PATH = ".vd-path"


def shot(page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / name), full_page=False)


@pytest.fixture
def device(browser):
    """``device(TABLET)``: a new page on a new device (its own storage)."""
    contexts = []

    def make(kind: dict, context=None):
        if context is None:
            context = browser.new_context(**kind)
            contexts.append(context)
        page = context.new_page()
        watch_errors(page)
        return page

    yield make
    for context in contexts:
        context.close()


def open_lesson(page, url: str, lang: str, name: str) -> None:
    page.goto(f"{url}/voila/render/{lang}/{name}", timeout=120_000)
    page.wait_for_selector(".vd-exercise .vd-hand [data-index]", timeout=120_000)


def open_path(page, url: str, lang: str) -> None:
    page.goto(f"{url}/voila/render/dashboard.ipynb?lang={lang}", timeout=120_000)
    page.wait_for_selector(f"{PATH} .vd-path-list", timeout=120_000)
    try:
        page.wait_for_function("() => !document.querySelector('.vd-path .vd-path-loading')", timeout=60_000)
    except Exception:
        shot(page, "path-debug-loading.png")
        print("the path still loading says:", page.locator(PATH).inner_text()[:2000], file=sys.stderr)
        raise


def kept_events(page) -> int:
    """How many events the page's storage holds (read back by the test in Python)."""
    from vandatta_widgets.learner.store import Device

    stored = page.evaluate(
        "() => Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith('vandatta:'))"
        ".map(k => [k, localStorage.getItem(k)]))"
    )
    device = Device.from_storage(stored)
    return sum(len(device.learner(p).events) for p in device.profiles)


def wait_kept(page, n: int) -> None:
    for _ in range(120):
        if kept_events(page) >= n:
            return
        page.wait_for_timeout(250)
    raise AssertionError(f"the storage holds {kept_events(page)} events, not {n}")


def tap_card(page, scope: str, index: int) -> None:
    page.locator(f"{scope} .vd-hand [data-index='{index}']").first.tap()


def play(page, scope: str) -> None:
    page.locator(f"{scope} button.mod-primary").first.tap()


def lesson1_answers(lang: str) -> list[str]:
    """The right answers of lesson 1's three questions, as the engine gives them."""
    from vandatta import Game
    from vandatta_widgets.lessons.quiz import first_player_quiz, talon_quiz

    quizzes = [
        talon_quiz(Game.deal(players=3, seed=1), lang=lang),
        talon_quiz(Game.deal(players=7, seed=2), lang=lang),
        first_player_quiz(Game.deal(players=4, seed=5, dealer=2), lang=lang),
    ]
    return [q.choices[q.right_index][0] for q in quizzes]


def answer_lesson_1(page, lang: str) -> None:
    """Every item of lesson 1 answered right at the first try (three stars), and kept."""
    from playwright.sync_api import expect

    for n, answer in enumerate(lesson1_answers(lang)):
        quiz = page.locator(".vd-quiz").nth(n)
        quiz.get_by_role("button", name=answer, exact=True).tap()
        expect(quiz.locator(".vd-feedback, .widget-html").last).to_be_visible()
    tap_card(page, ".vd-exercise", 0)
    play(page, ".vd-exercise")
    expect(page.locator(".vd-exercise .vd-celebrate")).to_be_visible(timeout=60_000)
    wait_kept(page, 4)


def test_a_lesson_opens_from_the_path_in_the_dashboards_server_and_its_star_is_there_back(
    device, dashboard_url
):
    """``vandatta dashboard`` as the browser tests start it: the child taps lesson 1 on the path
    (a tablet, touch), answers it, taps the way back, and the path shows the star and goes on
    with lesson 2 — one server, one origin, one record."""
    from playwright.sync_api import expect

    page = device(TABLET)
    page.goto(dashboard_url + "?lang=sv", timeout=120_000)
    page.wait_for_selector(f"{PATH} .vd-path-list", timeout=120_000)
    page.wait_for_function("() => !document.querySelector('.vd-path .vd-path-loading')", timeout=60_000)
    first = page.locator(f"{PATH} .vd-path-stop").first
    expect(first.locator("a")).to_have_attribute("href", "/voila/render/sv/01-goal-and-deal.ipynb")
    expect(page.locator(f"{PATH} a.vd-path-continue")).to_have_attribute(
        "href", "/voila/render/sv/01-goal-and-deal.ipynb"
    )
    first.locator("a").tap()
    page.wait_for_url("**/voila/render/sv/01-goal-and-deal.ipynb", timeout=60_000)
    page.wait_for_selector(".vd-exercise .vd-hand [data-index]", timeout=120_000)
    answer_lesson_1(page, "sv")

    back = page.locator("a.vd-back")
    expect(back).to_have_text("← Tillbaka till Min väg")
    back.tap()
    page.wait_for_selector(f"{PATH} .vd-path-list", timeout=120_000)
    page.wait_for_function("() => !document.querySelector('.vd-path .vd-path-loading')", timeout=60_000)
    assert page.evaluate("() => new URL(location.href).pathname") == "/"
    expect(page.locator(f"{PATH} .vd-path-stop").first.locator(".vd-path-stars")).to_have_attribute(
        "aria-label", "3 av 3 stjärnor", timeout=30_000
    )
    go_on = page.locator(f"{PATH} a.vd-path-continue")
    expect(go_on).to_contain_text("2")
    expect(go_on).to_have_attribute("href", "/voila/render/sv/02-matching-and-groups.ipynb")
    shot(page, "path-768-sv-dashboard-server.png")
    go_on.tap()  # "continue where you stopped": lesson 2 opens
    page.wait_for_url("**/voila/render/sv/02-matching-and-groups.ipynb", timeout=60_000)
    expect(page.locator("h1").first).to_contain_text("Lektion 2", timeout=120_000)
    assert not page.errors, page.errors


@pytest.mark.parametrize("lang,kind,size", [("sv", TABLET, 768), ("en", PHONE, 390)])
def test_lesson_1_done_on_a_tablet_keeps_its_stars_after_a_reload(device, lessons_url, lang, kind, size):
    from playwright.sync_api import expect

    page = device(kind)
    open_lesson(page, lessons_url, lang, "01-goal-and-deal.ipynb")
    for n, answer in enumerate(lesson1_answers(lang)):
        quiz = page.locator(".vd-quiz").nth(n)
        quiz.get_by_role("button", name=answer, exact=True).tap()
        expect(quiz.locator(".vd-feedback, .widget-html").last).to_be_visible()
    tap_card(page, ".vd-exercise", 0)
    play(page, ".vd-exercise")
    celebrate = page.locator(".vd-exercise .vd-celebrate")
    expect(celebrate).to_be_visible(timeout=60_000)
    celebrate.scroll_into_view_if_needed()
    page.evaluate("() => window.scrollBy(0, 200)")
    page.wait_for_timeout(1200)  # the star's pop is over (only the picture waits for it)
    shot(page, f"path-{size}-{lang}-celebration.png")
    wait_kept(page, 4)

    open_path(page, lessons_url, lang)
    first = page.locator(f"{PATH} .vd-path-stop").first
    stars = "3 av 3 stjärnor" if lang == "sv" else "3 of 3 stars"
    expect(first.locator(".vd-path-stars")).to_have_attribute("aria-label", stars, timeout=30_000)
    expect(page.locator(f"{PATH} .vd-path-continue")).to_contain_text("2")
    page.reload()  # a reload: still there
    page.wait_for_selector(f"{PATH} .vd-path-list", timeout=120_000)
    page.wait_for_function("() => !document.querySelector('.vd-path .vd-path-loading')", timeout=60_000)
    expect(page.locator(f"{PATH} .vd-path-stop").first.locator(".vd-path-stars")).to_have_attribute(
        "aria-label", stars, timeout=30_000
    )
    link = page.locator(f"{PATH} .vd-path-stop a").nth(1).get_attribute("href")
    assert link == f"/voila/render/{lang}/02-matching-and-groups.ipynb"  # where the server renders them
    shot(page, f"path-{size}-{lang}.png")
    assert not axe_violations(page), axe_violations(page)
    assert not page.errors, page.errors


def test_a_move_not_allowed_in_lesson_4_comes_back_in_practice_in_a_fresh_position(device, lessons_url):
    from playwright.sync_api import expect

    page = device(TABLET)
    open_lesson(page, lessons_url, "sv", "04-aces.ipynb")
    first = page.locator(".vd-exercise").first
    first.locator(".vd-hand [data-index='0']").tap()  # A♠: everyone else draws, the turn goes on
    first.locator("button.mod-primary").first.tap()
    expect(first.locator(".vd-hand [data-index]")).to_have_count(3, timeout=30_000)
    first.locator(".vd-hand [data-index='2']").tap()  # 9♦ does not follow the ace of spades (R7)
    first.locator("button.mod-primary").first.tap()
    expect(first).to_contain_text("Efter esset", timeout=30_000)
    wait_kept(page, 1)

    open_path(page, lessons_url, "sv")
    expect(page.locator(f"{PATH} .vd-path-today")).to_have_text("En sak att öva i dag")
    expect(page.locator(f"{PATH} .vd-path-rule")).to_contain_text(["Esset – öva lite till"])
    page.locator(f"{PATH} .vd-path-practise").tap()
    drill = page.locator(f"{PATH} .vd-path-drill")
    expect(drill).to_contain_text("Esset ligger överst", timeout=30_000)
    # a fresh position: not the lesson's hand
    assert drill.locator(".vd-hand [data-index]").count() >= 1
    shot(page, "path-768-sv-practice.png")
    # answer it: the drill's answer kept as practice
    before = kept_events(page)
    cards = drill.locator(".vd-hand [data-index]")
    cards.first.tap()
    drill.locator("button.mod-primary").first.tap()
    wait_kept(page, before + 1)
    assert not page.errors, page.errors


def test_a_wrong_answer_about_the_deal_is_practised_as_a_fresh_question(device, lessons_url):
    """Lesson 1's first question answered wrong (the talon after the deal): practice asks a fresh
    question about another deal, with big answer buttons; the right one — worked out here from
    the rulebook's words — is kept as practice."""
    import re

    from playwright.sync_api import expect

    page = device(TABLET)
    open_lesson(page, lessons_url, "sv", "01-goal-and-deal.ipynb")
    quiz = page.locator(".vd-quiz").first
    right = lesson1_answers("sv")[0]
    wrong = next(b for b in quiz.locator("button.vd-quiz-choice").all_inner_texts() if b.strip() != right)
    quiz.get_by_role("button", name=wrong.strip(), exact=True).tap()
    wait_kept(page, 1)

    open_path(page, lessons_url, "sv")
    page.locator(f"{PATH} .vd-path-practise").tap()
    question = page.locator(f"{PATH} .vd-path-question")
    expect(question).to_be_visible(timeout=30_000)
    prompt = question.locator(".vd-prompt").inner_text()
    players = int(re.search(r"Ni är (\d+)", prompt).group(1))
    deck = 52 if players <= 5 else 104
    answer = str(deck) if "blandar" in prompt else str(deck - 6 * players - 1)  # R1, else R2
    before = kept_events(page)
    shot(page, "path-768-sv-question.png")
    question.get_by_role("button", name=answer, exact=True).tap()
    expect(question.locator(".vd-q-feedback")).to_contain_text("Rätt!", timeout=30_000)
    wait_kept(page, before + 1)
    assert not axe_violations(page), axe_violations(page)
    assert not page.errors, page.errors


def test_export_import_delete_and_two_children_on_one_device(device, lessons_url, tmp_path):
    from playwright.sync_api import expect

    page = device(PHONE)
    open_path(page, lessons_url, "en")

    def add(name: str, picture: str) -> None:
        page.locator(f"{PATH} .vd-path-name input").fill(name)
        page.locator(f"{PATH} .vd-path-pictures button", has_text=picture).tap()
        page.locator(f"{PATH} .vd-path-add").tap()
        expect(page.locator(f"{PATH} .vd-path-who")).to_contain_text(name, timeout=30_000)

    add("Alva", "Owl")
    open_lesson(page, lessons_url, "en", "01-goal-and-deal.ipynb")
    tap_card(page, ".vd-exercise", 0)
    play(page, ".vd-exercise")
    wait_kept(page, 1)
    open_path(page, lessons_url, "en")
    expect(page.locator(f"{PATH} .vd-path-who")).to_contain_text("Alva")
    expect(page.locator(f"{PATH} .vd-path-stop").first).to_have_class("vd-path-stop vd-path-started")

    add("Bo", "Frog")  # a second child: nothing of Alva's
    expect(page.locator(f"{PATH} .vd-path-started")).to_have_count(0)
    expect(page.locator(f"{PATH} .vd-path-continue")).to_contain_text("Start with lesson 1")
    page.locator(f"{PATH} .vd-path-profile", has_text="Alva").tap()
    expect(page.locator(f"{PATH} .vd-path-started")).to_have_count(1, timeout=30_000)

    # export Alva to a file
    with page.expect_download() as caught:
        page.locator(f"{PATH} .vd-path-save").tap()
    saved = tmp_path / "alva.json"
    caught.value.save_as(saved)
    assert json.loads(saved.read_text(encoding="utf-8"))["profile"]["name"] == "Alva"

    # delete her, after a question
    page.locator(f"{PATH} .vd-path-delete").tap()
    page.locator(f"{PATH} .vd-confirm").get_by_role("button", name="Yes, delete").tap()
    expect(page.locator(f"{PATH} .vd-path-message")).to_contain_text("Alva was deleted", timeout=30_000)
    expect(page.locator(f"{PATH} .vd-path-profile")).to_have_count(1)

    # a foreign file: a clear message, nothing changed
    foreign = tmp_path / "game.json"
    foreign.write_text('{"format": "vandatta-game", "moves": []}', encoding="utf-8")
    page.locator(f"{PATH} .vd-path-open input[type='file']").set_input_files(str(foreign))
    expect(page.locator(f"{PATH} .vd-path-message")).to_contain_text("Nothing has changed", timeout=30_000)
    expect(page.locator(f"{PATH} .vd-path-profile")).to_have_count(1)

    # and the file brings her back, with her lesson
    page.locator(f"{PATH} .vd-path-open input[type='file']").set_input_files(str(saved))
    expect(page.locator(f"{PATH} .vd-path-who")).to_contain_text("Alva", timeout=30_000)
    expect(page.locator(f"{PATH} .vd-path-started")).to_have_count(1)
    page.reload()
    open_path(page, lessons_url, "en")
    expect(page.locator(f"{PATH} .vd-path-profile")).to_have_count(2)
    assert not axe_violations(page), axe_violations(page)
    assert not page.errors, page.errors


@pytest.mark.parametrize("failure", ["QuotaExceededError", "SecurityError"])
def test_a_storage_that_is_full_or_missing_is_said_and_the_lesson_still_works(device, lessons_url, failure):
    """Private mode (no storage) or a full one: a clear sentence on the path, and a lesson's
    exercise still answers."""
    from playwright.sync_api import expect

    page = device(PHONE)
    page.add_init_script(
        f"Storage.prototype.setItem = function () {{ throw new DOMException('no room', '{failure}'); }};"
    )
    open_path(page, lessons_url, "sv")
    page.locator(f"{PATH} .vd-path-name input").fill("Alva")
    page.locator(f"{PATH} .vd-path-add").tap()
    expect(page.locator(f"{PATH} .vd-path-who")).to_contain_text("Alva", timeout=30_000)
    words = "inte plats" if failure == "QuotaExceededError" else "låter inte appen spara"
    expect(page.locator(f"{PATH} .vd-path-status")).to_contain_text(words, timeout=30_000)
    open_lesson(page, lessons_url, "sv", "01-goal-and-deal.ipynb")
    page.locator(".vd-exercise .vd-hand [data-index='0']").tap()
    page.locator(".vd-exercise button.mod-primary").first.tap()
    expect(page.locator(".vd-exercise")).to_contain_text("Rätt", timeout=30_000)
    assert not page.errors, page.errors
