"""The page's link to the record: answers kept in the lessons' widgets, the storage's writes,
profiles, a storage that is full or missing."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from vandatta import Game
from vandatta.lang import LocalText
from vandatta_widgets.learner.store import LearnerFileError
from vandatta_widgets.lessons.exercise import Exercise, goes_out
from vandatta_widgets.lessons.quiz import talon_quiz
from vandatta_widgets.path.plan import LESSON_COUNTS, LESSON_FILES, LESSON_PLAN
from vandatta_widgets.path.session import CURRENT_KEY, LearnerSession, use_session
from vandatta_widgets.path.storage import DeviceStorage

NOTEBOOKS = Path(__file__).resolve().parents[3] / "notebooks"


class Browser:
    """A page's localStorage, answering the storage widget as storage.js does."""

    def __init__(self, stored=None, problem=None):
        self.stored = dict(stored or {})
        self.problem = problem
        self.downloads = []

    def attach(self, storage: DeviceStorage, address: str = "") -> None:
        def send(content, buffers=None):
            if "write" in content:
                if self.problem is None:
                    for k, v in content["write"].items():
                        if v is None:
                            self.stored.pop(k, None)
                        else:
                            self.stored[k] = v
                storage.receive({"written": content["id"], "problem": self.problem})
            elif "download" in content:
                self.downloads.append(content["download"])
            elif content.get("reload"):
                storage.receive({"loaded": dict(self.stored), "problem": self.problem, "address": address})

        storage.send = send  # what the front end would do, at once
        storage.receive(
            {"loaded": dict(self.stored), "problem": self.problem, "address": address, "zone": "UTC"}
        )


def open_page(browser: Browser, address: str = "", lang: str = "sv") -> LearnerSession:
    storage = DeviceStorage()
    session = LearnerSession(storage, lang=lang, now=lambda: 1_780_000_000)
    browser.attach(storage, address)
    use_session(session)
    return session


@pytest.fixture(autouse=True)
def no_session():
    yield
    use_session(None)


LESSON1 = "http://h/voila/render/sv/01-goal-and-deal.ipynb"


def lesson1_exercise() -> Exercise:
    return Exercise(
        Game.from_position(hands=["K♦", "4♣ 9♠ J♥", "2♥ 6♣"], top="5♦", talon="Q♥ 3♠ 7♣"),
        prompt=LocalText(sv="Lägg ditt sista kort och gå ut!", en="Lay your last card and go out!"),
        accept=goes_out(),
        actions=["play"],
    )


def test_an_exercise_keeps_its_answers_and_they_survive_a_reload():
    browser = Browser()
    session = open_page(browser, LESSON1)
    ex = lesson1_exercise()
    assert ex.attempt_move("Q♠") == "illegal"  # not in the hand
    assert ex.attempt_move("K♦") == "right"
    events = session.learner.events
    assert [(e.kind, e.lesson, e.item, e.outcome) for e in events] == [
        ("exercise", 1, ex.item, "not_allowed"),
        ("exercise", 1, ex.item, "right"),
    ]
    again = open_page(browser, LESSON1)  # the page is opened again: the storage is all there is
    assert again.learner.events == events and again.profile.name == "Jag"
    assert browser.stored[CURRENT_KEY] == again.profile_id


def test_lesson_1_earns_stars_from_its_exercise_and_questions():
    browser = Browser()
    session = open_page(browser, LESSON1)
    quizzes = [talon_quiz(Game.deal(players=3, seed=1)), talon_quiz(Game.deal(players=7, seed=2))]
    from vandatta_widgets.lessons.quiz import first_player_quiz

    quizzes.append(first_player_quiz(Game.deal(players=4, seed=5, dealer=2)))
    ex = lesson1_exercise()
    assert sorted([ex.item, *[q.item for q in quizzes]]) == sorted(LESSON_PLAN.of(1))
    for quiz in quizzes:
        quiz.choose(quiz.right_index)
    assert session.path().lessons[0].stars == 0
    ex.attempt_move("K♦")
    assert session.path().lessons[0].stars == 3
    assert "vd-celebrate" in ex.feedback.value


def test_answers_before_the_storage_answered_are_kept_when_it_does():
    storage = DeviceStorage()
    session = LearnerSession(storage, now=lambda: 1_780_000_000)
    use_session(session)
    lesson1_exercise().attempt_move("K♦")
    assert session.device is None
    Browser().attach(storage, LESSON1)
    assert len(session.learner.events) == 1 and session.learner.events[0].lesson == 1


def test_a_star_earned_before_the_storage_answered_is_celebrated_when_it_does():
    storage = DeviceStorage()
    session = LearnerSession(storage, now=lambda: 1_780_000_000)
    use_session(session)
    heard: list[list[str]] = []
    session.on_news(heard.append)
    quizzes = [talon_quiz(Game.deal(players=3, seed=1)), talon_quiz(Game.deal(players=7, seed=2))]
    from vandatta_widgets.lessons.quiz import first_player_quiz

    quizzes.append(first_player_quiz(Game.deal(players=4, seed=5, dealer=2)))
    for quiz in quizzes:
        quiz.choose(quiz.right_index)
    lesson1_exercise().attempt_move("K♦")
    assert session.device is None and heard == []
    Browser().attach(storage, LESSON1)
    assert session.path().lessons[0].stars == 3
    assert len(heard) == 1 and heard[0], heard  # the news of the answers kept late, told once


def test_no_session_outside_a_kernel_keeps_nothing():
    ex = lesson1_exercise()
    assert ex.attempt_move("K♦") == "right"  # and nothing raised


@pytest.mark.parametrize("problem", ["full", "unavailable"])
def test_a_storage_that_cannot_keep_leaves_the_app_working(problem):
    browser = Browser(problem=problem)
    session = open_page(browser, LESSON1)
    ex = lesson1_exercise()
    assert ex.attempt_move("K♦") == "right"
    assert session.problem == problem and len(session.learner.events) == 1
    assert not browser.stored


def test_two_profiles_see_only_their_own_answers_and_delete_removes_every_key():
    browser = Browser()
    session = open_page(browser, LESSON1)
    alva = session.add_profile("Alva", "owl")
    lesson1_exercise().attempt_move("K♦")
    bo = session.add_profile("Bo", "frog")
    assert session.learner.events == []
    session.choose(alva.id)
    assert len(session.learner.events) == 1
    session.delete_profile(alva.id)
    assert session.profile_id == bo.id
    assert not [k for k in browser.stored if alva.id in k]
    assert open_page(browser).profile_id == bo.id


def test_a_foreign_file_changes_nothing_and_a_good_one_comes_back():
    browser = Browser()
    session = open_page(browser)
    alva = session.add_profile("Alva", "owl")
    lesson1_exercise().attempt_move("K♦")
    text = session.device.export_profile(alva.id)
    before = dict(browser.stored)
    with pytest.raises(LearnerFileError) as caught:
        session.import_file(json.dumps({"format": "something-else"}))
    assert caught.value.key == "lr_file_foreign" and browser.stored == before
    session.delete_profile(alva.id)
    back = session.import_file(text)
    assert back.name == "Alva" and len(session.learner.events) == 1
    assert open_page(browser).learner.events == session.learner.events


def test_the_plan_counts_what_each_lesson_shows():
    for lang in ("sv", "en"):
        for number, name in LESSON_FILES.items():
            cells = json.loads((NOTEBOOKS / lang / name).read_text(encoding="utf-8"))["cells"]
            source = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
            exercises = len(re.findall(r"\bExercise\(", source))
            quizzes = len(re.findall(r"\b\w*_quiz\(|\bQuiz\(", source))
            assert (exercises, quizzes) == LESSON_COUNTS[number], (lang, name)


def test_a_round_against_the_computer_keeps_each_of_the_childs_moves_and_refusals():
    from vandatta import IllegalMoveError
    from vandatta_widgets.play.session import PlaySession, Seat

    session = open_page(Browser())
    play = PlaySession([Seat.person("Alva"), Seat.computer("beginner")], seed=3)
    while play.waiting_for() == "computer":
        play.computer_move()
    game = play.game
    wrong = next(c for c in game.hands[game.to_move] if not game.check(str(c)).legal)
    with pytest.raises(IllegalMoveError):
        play.play(0, str(wrong))
    play.play(0, "draw")
    kept = session.learner.events
    assert [e.kind for e in kept] == ["round"] * len(kept) and kept[-1].move == "draw"
    assert [e.outcome for e in kept] == ["not_allowed", "right"]


def test_two_people_at_one_device_keep_nothing_in_one_childs_record():
    from vandatta_widgets.play.session import PlaySession, Seat

    session = open_page(Browser())
    play = PlaySession([Seat.person("Alva"), Seat.person("Bo")], seed=3)
    play.play(play.to_move, "draw")
    assert session.learner is None or session.learner.events == []


@pytest.mark.parametrize(
    "variable,value,lesson",
    [
        ("SCRIPT_NAME", "/voila/render/en/07-variants.ipynb", 7),  # Voilà
        ("JPY_SESSION_NAME", "notebooks/sv/11-play-smart.ipynb", 11),  # JupyterLab
        ("SCRIPT_NAME", "/voila/render/dashboard.ipynb", None),
    ],
)
def test_the_page_knows_its_lesson_from_the_server(monkeypatch, variable, value, lesson):
    for name in ("SCRIPT_NAME", "JPY_SESSION_NAME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv(variable, value)
    session = open_page(Browser())
    assert session.page_lesson == lesson


def test_jupyterlite_pages_know_their_lesson_from_the_address(monkeypatch):
    for name in ("SCRIPT_NAME", "JPY_SESSION_NAME"):
        monkeypatch.delenv(name, raising=False)
    session = open_page(Browser(), "http://site/notebooks/index.html?path=sv%2F03-eights.ipynb")
    Exercise(
        Game.from_position(hands=["8♣ 4♦", "2♦"], top="5♥"),
        prompt=LocalText(sv="Lägg åttan.", en="Lay the eight."),
    ).attempt_move("8♣=H")
    assert session.learner.events[0].lesson == 3
