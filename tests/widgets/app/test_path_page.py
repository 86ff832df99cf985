"""The path page: profiles, files, the lessons' stars, practice in a fresh position."""

from __future__ import annotations

import json

from tests.widgets.path.test_session import LESSON1, Browser, lesson1_exercise, no_session, open_page  # noqa: F401
from vandatta import Game
from vandatta.lang import LocalText
from vandatta_widgets.app.path_page import PathPage
from vandatta_widgets.lessons.exercise import Exercise, everyone_draws

LESSON4 = "http://h/voila/render/sv/04-aces.ipynb"


def aces_exercise() -> Exercise:
    table = Game.from_position(hands=["A♠ 5♠ K♥ 9♦", "2♦ 3♦ 4♣", "J♣ 6♥"], top="2♠", talon="9♠ 4♦ 6♣ 7♣ Q♦")
    return Exercise(
        table,
        prompt=LocalText(
            sv="Lägg ett kort som får alla andra att dra, och gör sedan klart din tur.",
            en="Lay a card that makes everyone else draw, then finish your turn.",
        ),
        accept=everyone_draws(),
        actions=["play"],
    )


def test_stars_of_lesson_1_show_on_the_path_after_a_reload():
    browser = Browser()
    open_page(browser, LESSON1)
    lesson1_exercise().attempt_move("K♦")
    page = PathPage(session=open_page(browser, "http://h/voila/render/dashboard.ipynb"), lang="en")
    assert "1 of 3 stars" not in page.lessons.value  # the questions are not answered yet
    assert 'href="sv/01-goal-and-deal.ipynb"' not in page.lessons.value
    assert 'href="en/01-goal-and-deal.ipynb"' in page.lessons.value
    assert "Go on with lesson 1" in page.lessons.value


def test_a_move_not_allowed_in_lesson_4_comes_back_as_a_fresh_position_for_its_rule():
    browser = Browser()
    session = open_page(browser, LESSON4)
    ex = aces_exercise()
    ex.attempt_move("A♠")  # the ace: now the turn goes on, and K♥ does not follow it
    assert ex.attempt_move("9♦") == "illegal"
    rules = session.learner.events[-1].rules
    page = PathPage(session=open_page(browser), lang="sv")
    path = page.session.path()
    assert [item.rule for item in path.practice] and set(i.rule for i in path.practice) <= set(rules)
    assert "att öva i dag" in page.practice_text.value
    page.practice_button.click()
    drill_ex = page.runner.exercise
    assert drill_ex is not None and drill_ex.position.to_move == 0
    before = len(page.session.learner.events)
    answer = drill_ex.solve()
    for move in answer:
        drill_ex.attempt_move(move)
    kept = page.session.learner.events[before:]
    assert [e.kind for e in kept] == ["drill"] and kept[0].item == path.practice[0].rule


def test_profiles_files_and_delete_on_the_page():
    browser = Browser()
    page = PathPage(session=open_page(browser), lang="sv")
    page.name_box.value = "Alva"
    page.picture_choice.value = "owl"
    page.add_button.click()
    lesson1_exercise().attempt_move("K♦")
    page.save_button.click()
    saved = browser.downloads[-1]
    assert saved["name"] == "vandatta-Alva.json" and json.loads(saved["text"])["profile"]["name"] == "Alva"
    page.name_box.value = "Bo"
    page.add_button.click()
    assert "Alva" in page.session.profile.name or page.session.profile.name == "Bo"
    assert page.session.learner.events == []
    page.open_file.receive({"file": {"name": "x.json"}}, [memoryview(b'{"format": "x"}')])
    assert "Inget har ändrats" in page.message.value
    page.delete_button.click()
    assert page.confirm.asking
    page.confirm.yes_button.click()
    assert [p.name for p in page.session.device.profiles.values()] == ["Alva"]
    assert "Bo är borttagen" in page.message.value
    text = page.session.device.export_profile(page.session.profile_id)
    page.delete_button.click()
    page.confirm.yes_button.click()
    assert not page.session.device.profiles
    page.open_file.receive({"file": {"name": "alva.json"}}, [memoryview(text.encode())])
    assert page.session.profile.name == "Alva" and len(page.session.learner.events) == 1
    assert json.loads(text)["profile"]["picture"] == "owl"


def test_lessons_link_beside_the_page_in_voila_and_nowhere_where_the_server_renders_none():
    browser = Browser()
    rendered = PathPage(session=open_page(browser, "http://h/voila/render/dashboard.ipynb"), lang="sv")
    assert 'href="sv/04-aces.ipynb"' in rendered.lessons.value
    single = PathPage(session=open_page(browser, "http://h:8866/"), lang="sv")
    assert "href=" not in single.lessons.value and "Lektion 4" in single.lessons.value
    fixed = PathPage(session=open_page(browser, "http://h:8866/"), lang="en", lesson_base="/lessons/")
    assert 'href="/lessons/en/04-aces.ipynb"' in fixed.lessons.value
