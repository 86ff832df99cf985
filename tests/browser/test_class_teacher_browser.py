"""The teacher's side of a class (widgets/server/teacher.js) in Chromium, served by the dashboard's
own server (``vandatta_widgets.server.voila_server``) on SQLite and on a real PostgreSQL (``db_url``, as
tests/server do): a teacher at a laptop (1024×768, Swedish) and at a projector (1920×1080,
English) makes a class, makes and prints the sign-in cards (the print layout checked: A4, two
cards a row, nothing else on paper), sees three pupils' progress after their devices sent real
events (the engine judged them) through the class's API, opens the week's most common mistake
as "Vad skulle du spela?", assigns a lesson and sees who has done it. A pupil's device token opens
nothing of the teacher's. No request to another host; no serious accessibility problem.
Screenshots go to the folder ``VANDATTA_SHOTS`` names, if set (else to the test's tmp folder)."""

from __future__ import annotations

import json
import os
import urllib.request
from pathlib import Path

import pytest

from tests.browser.conftest import axe_violations, guard_requests, watch_errors
from tests.browser.test_poll_browser import answer_with_a_card_not_allowed, pupil_device, pupil_state
from tests.helpers.serving import DashboardServer
from vandatta import Game
from vandatta_widgets.base.i18n import t, term
from vandatta_widgets.learner.events import encode_events
from vandatta_widgets.learner.store import Device

STEP_MS = 60_000
SHOTS = os.environ.get("VANDATTA_SHOTS")
PG_URL = os.environ.get("VANDATTA_TEST_PG_URL", "")


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def teacher_server(request, tmp_path_factory):
    """The dashboard's server with the classes in a fresh SQLite file or an emptied PostgreSQL."""
    folder = tmp_path_factory.mktemp("teacher")
    if request.param == "sqlite":
        db_url = f"sqlite:///{folder / 'classes.sqlite'}"
    else:
        if not PG_URL:
            if os.environ.get("VANDATTA_REQUIRE_POSTGRES") == "1":
                pytest.fail("VANDATTA_REQUIRE_POSTGRES=1 but VANDATTA_TEST_PG_URL is not set")
            pytest.skip("no PostgreSQL server (set VANDATTA_TEST_PG_URL)")
        from tests.server.conftest import _clean_postgres

        db_url = _own_database(PG_URL, "teacher")
        _clean_postgres(db_url)
    settings = {
        "DashboardServer": {"db_url": db_url, "tables_db": str(folder / "tables.sqlite")},
        "MappingKernelManager": {"cull_interval": 10, "cull_idle_timeout": 60},
    }
    with DashboardServer(folder / "server.log", settings=settings) as server:
        yield server.url, request.param, db_url


def _own_database(url: str, name: str) -> str:
    """A database of this module's own beside the test server's (the dashboard's server holds it
    for the whole module), made when missing."""
    from sqlalchemy import create_engine, make_url, text

    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    base = make_url(url)
    mine = base.set(database=f"{base.database}_{name}_{worker}")
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as db:
        if (
            db.execute(text("SELECT 1 FROM pg_database WHERE datname = :n"), {"n": mine.database}).first()
            is None
        ):
            db.execute(text(f'CREATE DATABASE "{mine.database}"'))
    admin.dispose()
    return mine.render_as_string(hide_password=False)


def _api(url: str, path: str, body: dict | None = None, headers: dict | None = None) -> tuple[int, dict]:
    data = None if body is None else json.dumps(body).encode()
    sent = {"Content-Type": "application/json", "Origin": url.rstrip("/"), **(headers or {})}
    request = urllib.request.Request(url + path, data=data, headers=sent, method="POST" if data else "GET")
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


def _pupil_works(url: str, code: str, card: dict, *, lesson_one: bool, mistakes: int) -> str:
    """A pupil signs in with their card's pictures over the class's API and their device sends
    what they did: lesson 1 (exercise and quiz, judged right) and rounds where they laid a card
    that does not fit (R4, judged by the engine). Returns their device's token."""
    status, signed = _api(
        url,
        f"vandatta/api/classes/{code}/signin",
        {"nickname": card["nickname"], "pictures": card["pictures"]},
    )
    assert status == 200, signed
    device = Device()
    profile = device.add_profile(card["nickname"], "owl").id
    if lesson_one:
        exercise = Game.from_position(hands=["7♥ K♠", "3♦ 4♦"], top="7♣", talon="9♠ 3♥")
        device.answer(profile, exercise, "7♥", kind="exercise", asked=True, lesson=1, item="ex1")
        for item in ("q1", "q2", "q3"):
            device.quiz(profile, right=True, rules=("R2",), choice="a", lesson=1, item=item)
    hands = ["7♥ K♠ 2♣", "5♥ K♠ 9♣", "Q♦ K♠ 3♣"]
    for n in range(mistakes):
        game = Game.from_position(
            hands=[hands[n % 3], "3♦ 4♦"], top="7♣" if n % 3 != 1 else "9♦", talon="9♠ 3♥"
        )
        device.answer(profile, game, "K♠", kind="round", asked=True, item=f"beginner-{n}:0")
    events = device.learner(profile).unsent({})
    status, synced = _api(
        url,
        "vandatta/api/pupil/sync",
        {"events": encode_events(events)},
        {"X-Vandatta-Pupil": signed["token"]},
    )
    assert status == 200 and len(synced["ids"]) == len(events), synced
    return signed["token"]


def _shot(page, name: str, tmp_path: Path, **options) -> None:
    folder = Path(SHOTS) if SHOTS else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / name), **options)


@pytest.mark.parametrize(("lang", "size"), [("sv", (1024, 768)), ("en", (1920, 1080))])
def test_a_teacher_makes_a_class_prints_cards_and_reads_the_overview(
    browser, teacher_server, lang, size, tmp_path
):
    url, db, db_url = teacher_server
    context = browser.new_context(
        viewport={"width": size[0], "height": size[1]}, locale="sv-SE" if lang == "sv" else "en-GB"
    )
    page = context.new_page()
    errors = watch_errors(page)
    page.on("dialog", lambda dialog: dialog.accept())
    refused = guard_requests(page, url)
    tag = f"{lang}-{size[0]}-{db}"

    # make the class
    page.goto(f"{url}vandatta/teacher?lang={lang}")
    page.wait_for_selector("#vd-t-name", timeout=STEP_MS)
    assert axe_violations(page) == []
    page.fill("#vd-t-name", "4B")
    page.get_by_role("button", name=t("kt_make_button", lang)).click()
    page.wait_for_selector(".vd-t-made .vd-t-code", timeout=STEP_MS)
    code = page.inner_text(".vd-t-made .vd-t-code")
    secret = page.inner_text(".vd-t-made .vd-t-key")
    assert len(code) == 5 and len(secret) > 20
    assert axe_violations(page) == []
    _shot(page, f"teacher-made-{tag}.png", tmp_path)
    assert f"/vandatta/teacher/{code}" in page.url and secret not in page.url
    page.get_by_role("button", name=t("kt_to_overview", lang)).click()
    page.wait_for_selector(".vd-t-tabs", timeout=STEP_MS)
    assert t("kt_no_pupils", lang) in page.inner_text("main")

    # the sign-in cards: three pupils, printed on A4, two a row, nothing else on paper
    page.get_by_role("button", name=t("kt_cards", lang), exact=True).click()
    page.fill("#vd-t-names-list", "Alva\nBo\nCleo")
    page.get_by_role("button", name=t("kt_make_cards", lang)).click()
    page.wait_for_selector(".vd-card >> nth=2", timeout=STEP_MS)
    cards = page.eval_on_selector_all(
        ".vd-card",
        "cards => cards.map(c => ({id: Number(c.dataset.pupil), nickname: c.querySelector('.vd-card-name b').textContent,"
        " pictures: c.dataset.pictures.split(' '), code: c.querySelector('.vd-card-code b').textContent}))",
    )
    assert [c["nickname"] for c in cards] == ["Alva", "Bo", "Cleo"] and {c["code"] for c in cards} == {code}
    first = page.locator(".vd-card").first
    assert first.locator(".vd-card-pictures li").count() == 2
    # each card says where to go, short (no "http://"), and one line for the child
    address = url.split("://", 1)[1] + "j/" + code
    assert first.locator(".vd-card-address").inner_text() == address
    assert first.locator(".vd-card-how").inner_text() == t("kt_card_how", lang)
    assert axe_violations(page) == []
    _shot(page, f"teacher-cards-screen-{tag}.png", tmp_path, full_page=True)
    page.emulate_media(media="print")
    layout = page.evaluate(
        """() => {
          const shown = (sel) => [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length > 0).length;
          const boxes = [...document.querySelectorAll('.vd-card')].map((c) => c.getBoundingClientRect());
          // what a card says, each part inside the card as cut (the card hides what overflows)
          const cut = [...document.querySelectorAll('.vd-card')].flatMap((c) => {
            const box = c.getBoundingClientRect();
            return [...c.querySelectorAll('.vd-card-address, .vd-card-how, .vd-card-name, .vd-card-code, .vd-card-pictures li')]
              .filter((e) => { const r = e.getBoundingClientRect();
                return r.height === 0 || r.top < box.top || r.bottom > box.bottom || r.left < box.left || r.right > box.right; })
              .map((e) => e.className);
          });
          return { tabs: shown('.vd-t-tabs'), form: shown('.vd-t-box'), head: shown('.vd-t-head'), cards: shown('.vd-card'), cut,
                   boxes: boxes.map((b) => [Math.round(b.left), Math.round(b.top), Math.round(b.width), Math.round(b.height)]) };
        }"""
    )
    assert (layout["tabs"], layout["form"], layout["head"], layout["cards"]) == (0, 0, 0, 3)
    assert layout["cut"] == []
    (x0, y0, w0, h0), (x1, y1, _, _), (x2, y2, _, _) = layout["boxes"]
    assert y0 == y1 and x1 > x0 and x2 == x0 and y2 > y0  # two a row
    assert abs(h0 - 68 * 96 / 25.4) < 3 and abs(w0 - 95 * 96 / 25.4) < 3  # 68 mm × 95 mm
    _shot(page, f"teacher-cards-print-{tag}.png", tmp_path, full_page=True)
    if lang == "sv":  # the sheet as Chromium prints it
        folder = Path(SHOTS) if SHOTS else tmp_path
        page.pdf(path=str(folder / f"teacher-cards-{db}.pdf"), format="A4", print_background=True)
    page.emulate_media(media="screen")
    # the card's address, typed as it is printed, opens the join page with the code
    typed = context.new_page()
    typed.goto("http://" + address)
    typed.wait_for_selector("#vd-join-name", timeout=STEP_MS)
    assert typed.input_value("#vd-join-code") == code
    typed.close()

    # three pupils do things on their devices, sent through the class's API
    tokens = [
        _pupil_works(url, code, cards[0], lesson_one=True, mistakes=3),
        _pupil_works(url, code, cards[1], lesson_one=True, mistakes=1),
        _pupil_works(url, code, cards[2], lesson_one=False, mistakes=0),
    ]
    # a pupil's token is not the teacher's key
    for headers in ({"X-Vandatta-Pupil": tokens[0]}, {"X-Vandatta-Teacher": tokens[0]}):
        status, answer = _api(url, f"vandatta/api/classes/{code}/view?lang={lang}", headers=headers)
        assert (
            status == 403 and answer["text"] == t("kl_not_teacher", lang) and "Alva" not in json.dumps(answer)
        )

    # the overview
    page.get_by_role("button", name=t("kt_overview", lang), exact=True).click()
    page.get_by_role("button", name=t("kt_refresh", lang)).click()
    page.wait_for_selector(".vd-t-mistake", timeout=STEP_MS)  # the data after the pupils' work
    stars = page.eval_on_selector_all(
        ".vd-t-lessons tbody tr",
        "rows => rows.map(r => [r.querySelector('th').innerText, r.querySelector('[data-lesson=\"1\"]').dataset.stars])",
    )
    assert stars == [["Alva", "3"], ["Bo", "3"], ["Cleo", "0"]]
    cell = page.locator(".vd-t-lessons tbody tr").nth(0).locator("[data-lesson='1'] .vd-t-sr")
    assert cell.inner_text() == t("lr_stars", lang, n=3)
    levels = page.eval_on_selector_all(
        ".vd-t-rules tbody tr [data-rule='R4']", "cells => cells.map(c => c.dataset.level)"
    )
    assert levels[0] == "practising" and levels[2] == "not_started"
    r4 = page.locator(".vd-t-rules tbody tr").nth(0).locator("[data-rule='R4']")
    assert r4.locator(".vd-t-symbol").inner_text() == "▲" and r4.locator(".vd-t-sr").inner_text() == t(
        "kt_level_practising", lang
    )
    # only the rules somebody tried get a column; the others are named below the table
    assert page.locator(".vd-t-rules [data-rule='R1']").count() == 0
    assert t("kt_rules_untried", lang) in page.inner_text(".vd-t-untried") and "R1" in page.inner_text(
        ".vd-t-untried"
    )
    top = page.locator(".vd-t-mistake").first
    assert top.get_attribute("data-rule") == "R4"
    assert t("kt_mistake_count", lang, n=4, pupils=2) in top.inner_text()
    assert top.locator(".vd-t-words").inner_text().startswith(t("kt_ex_top", lang, card="")[:8])
    assert axe_violations(page) == []
    _shot(page, f"teacher-overview-{tag}.png", tmp_path, full_page=True)

    # names off for the projector, with the keyboard
    page.focus("#vd-t-names")
    page.keyboard.press("Space")
    page.wait_for_function("() => !document.querySelector('#vd-t-names').checked")
    assert page.eval_on_selector_all(".vd-t-lessons tbody th", "cells => cells.map(c => c.innerText)") == [
        t("kt_pupil_n", lang, n=n) for n in (1, 2, 3)
    ]
    assert "Alva" not in page.inner_text("main")
    _shot(page, f"teacher-overview-no-names-{tag}.png", tmp_path)
    page.keyboard.press("Space")
    page.wait_for_function("() => document.querySelector('#vd-t-names').checked")

    # one pupil's page
    page.get_by_role("button", name="Alva").first.click()
    page.wait_for_selector(".vd-t-pupil-page", timeout=STEP_MS)
    assert page.locator(".vd-t-recent li").count() == 3
    assert page.locator(".vd-t-pupil-rules [data-rule='R4']").get_attribute("data-level") == "practising"
    assert t("kt_ex_laid", lang, who=t("kt_the_pupil", lang), cards="").rstrip(".") in page.inner_text(
        ".vd-t-recent"
    )
    assert axe_violations(page) == []
    _shot(page, f"teacher-pupil-{tag}.png", tmp_path, full_page=True)
    page.get_by_role("button", name="◀ " + t("kt_back", lang)).click()

    # the week's most common mistake as a question to the class
    page.locator(".vd-t-mistake").first.get_by_role("button", name=t("kt_ask", lang)).focus()
    page.keyboard.press("Enter")  # the keyboard opens it as well as a click
    page.wait_for_selector(".vd-t-question", timeout=STEP_MS)
    page.wait_for_selector(".vd-t-poll[data-state='question']", timeout=STEP_MS)
    poll_code = page.locator(".vd-t-poll").get_attribute("data-code")
    assert poll_code and poll_code != code
    assert axe_violations(page) == []
    # a pupil answers on their phone with the card that does not fit
    phone_context, phone = pupil_device(browser, lang)
    phone.goto(f"{url}vandatta/class/{poll_code}?lang={lang}")
    pupil_state(phone, "question")
    answered = answer_with_a_card_not_allowed(phone)
    page.wait_for_selector(".vd-t-poll .vd-cl-counts[data-answered='1']", timeout=STEP_MS)
    # the class's code box covers none of the teacher's controls
    overlaps = page.evaluate(
        """() => {
          const box = document.querySelector('.vd-cl-corner').getBoundingClientRect();
          return [...document.querySelectorAll('.vd-t-poll label, .vd-t-poll input, .vd-t-reveal, .vd-t-words')]
            .filter((e) => { const r = e.getBoundingClientRect();
              return r.left < box.right && box.left < r.right && r.top < box.bottom && box.top < r.bottom; })
            .map((e) => e.textContent || e.id);
        }"""
    )
    assert overlaps == []
    _shot(page, f"teacher-question-{tag}.png", tmp_path)
    page.get_by_role("button", name=t("kt_reveal", lang)).click()
    page.wait_for_selector(".vd-t-poll[data-state='revealed']", timeout=STEP_MS)
    assert page.locator(".vd-t-chosen").is_visible()
    row = page.locator(f".vd-cl-row[data-move='{answered}']")
    assert row.get_attribute("data-legal") == "false" and row.get_attribute("data-count") == "1"
    pupil_state(phone, "revealed")
    assert axe_violations(page) == []
    _shot(page, f"teacher-question-revealed-{tag}.png", tmp_path, full_page=True)
    assert phone.errors == []
    phone_context.close()
    page.get_by_role("button", name="◀ " + t("kt_back", lang)).click()

    # an assignment: lesson 1; Alva and Bo have done it, Cleo has not
    page.get_by_role("button", name=t("kt_tasks", lang), exact=True).click()
    page.check("#vd-t-lesson-1")
    page.get_by_role("button", name=t("kt_give_task", lang)).click()
    page.wait_for_selector(".vd-t-task-list li", timeout=STEP_MS)
    assert page.inner_text(".vd-t-done-count") == t("kt_done_count", lang, n=2, m=3)
    done = page.eval_on_selector_all(".vd-t-task-grid tbody tr td", "cells => cells.map(c => c.dataset.done)")
    assert done == ["true", "true", "false"]
    assert axe_violations(page) == []
    _shot(page, f"teacher-tasks-{tag}.png", tmp_path, full_page=True)
    # Cleo does lesson 1 and the overview shows it
    device = Device()
    profile = device.add_profile("Cleo", "owl").id
    device.answer(
        profile,
        Game.from_position(hands=["7♥", "3♦"], top="7♣", talon="9♠"),
        "7♥",
        kind="exercise",
        asked=True,
        lesson=1,
        item="ex1",
    )
    for item in ("q1", "q2", "q3"):
        device.quiz(profile, right=True, rules=("R2",), choice="a", lesson=1, item=item)
    status, _ = _api(
        url,
        "vandatta/api/pupil/sync",
        {"events": encode_events(device.learner(profile).unsent({}))},
        {"X-Vandatta-Pupil": tokens[2]},
    )
    assert status == 200
    page.get_by_role("button", name=t("kt_refresh", lang)).click()
    page.wait_for_function(
        "(text) => document.querySelector('.vd-t-done-count')?.textContent === text",
        arg=t("kt_done_count", lang, n=3, m=3),
        timeout=STEP_MS,
    )
    # puzzles (a level, how many) and a round against a computer, with the keyboard's choices
    page.check("#vd-t-kind-puzzles")
    assert page.locator(".vd-t-lesson-boxes").is_hidden() and page.locator("#vd-t-computer").is_hidden()
    page.select_option("#vd-t-puzzle-level", "2")
    page.fill("#vd-t-puzzle-count", "3")
    page.get_by_role("button", name=t("kt_give_task", lang)).click()
    page.wait_for_selector(".vd-t-task-list li >> nth=1", timeout=STEP_MS)
    page.check("#vd-t-kind-round")
    page.select_option("#vd-t-computer", "beginner")
    page.get_by_role("button", name=t("kt_give_task", lang)).click()
    page.wait_for_selector(".vd-t-task-list li >> nth=2", timeout=STEP_MS)
    listed = page.inner_text(".vd-t-task-list")
    assert t("kt_task_puzzles", lang, count=3, level=2) in listed
    assert t("kt_task_round", lang, level=term("kind_the.beginner", lang)) in listed
    assert page.locator(".vd-t-task-grid tbody tr").first.locator("td").count() == 3
    assert axe_violations(page) == []
    assert errors == [] and refused == []

    # a pupil who opens the teacher's address on their own device sees only the form for the key
    other = browser.new_context(viewport={"width": 390, "height": 844})
    pupil_page = other.new_page()
    pupil_page.goto(f"{url}vandatta/teacher/{code}?lang={lang}")
    pupil_page.wait_for_selector("#vd-t-key", timeout=STEP_MS)
    assert "Alva" not in pupil_page.content() and pupil_page.locator(".vd-t-tabs").count() == 0
    other.close()

    # the pupil's rights from the teacher's pages: new pictures for a new card, export, delete,
    # and ending the class leaves nothing of it in the database
    page.get_by_role("button", name=t("kt_overview", lang), exact=True).click()
    page.get_by_role("button", name="Bo").first.click()
    page.wait_for_selector(".vd-t-pupil-page", timeout=STEP_MS)
    with page.expect_download() as download:
        page.get_by_role("button", name=t("kt_export_json", lang)).click()
    exported = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert exported["profile"]["name"] == "Bo" and exported["events"]["n"] == 5
    page.get_by_role("button", name=t("kt_new_pictures", lang)).click()
    page.wait_for_function(
        "(text) => document.querySelector('.vd-t-said')?.textContent === text",
        arg=t("kt_new_card", lang, name="Bo"),
        timeout=STEP_MS,
    )
    fresh = page.get_attribute(f".vd-card[data-pupil='{cards[1]['id']}']", "data-pictures").split(" ")
    if fresh != cards[1]["pictures"]:  # (one draw in 72 gives the same two again)
        status, _ = _api(
            url, f"vandatta/api/classes/{code}/signin", {"nickname": "Bo", "pictures": cards[1]["pictures"]}
        )
        assert status == 400
    status, _ = _api(url, f"vandatta/api/classes/{code}/signin", {"nickname": "Bo", "pictures": fresh})
    assert status == 200
    page.get_by_role("button", name=t("kt_overview", lang), exact=True).click()
    page.get_by_role("button", name="Cleo").first.click()
    page.wait_for_selector(".vd-t-pupil-page", timeout=STEP_MS)
    page.get_by_role("button", name=t("kt_delete_pupil", lang)).click()  # the dialog is accepted
    page.wait_for_selector(".vd-t-lessons tbody tr >> nth=1", timeout=STEP_MS)
    assert page.eval_on_selector_all(".vd-t-lessons tbody th", "cells => cells.map(c => c.innerText)") == [
        "Alva",
        "Bo",
    ]

    from sqlalchemy import create_engine, func, select

    from vandatta_widgets.server.db import assignments, classes, events, pupils, sessions, summaries

    store = create_engine(db_url)
    with store.connect() as db:
        class_id = db.execute(select(classes.c.id).where(classes.c.code == code)).scalar_one()
        ids = db.execute(select(pupils.c.id).where(pupils.c.class_id == class_id)).scalars().all()
        assert len(ids) == 2 and cards[2]["id"] not in ids
        assert (
            db.execute(
                select(func.count()).select_from(events).where(events.c.pupil_id == cards[2]["id"])
            ).scalar()
            == 0
        )
    page.get_by_role("button", name=t("kt_class_settings", lang), exact=True).click()
    page.get_by_role("button", name=t("kt_end_class", lang)).click()  # the dialog is accepted
    page.wait_for_selector("#vd-t-name", timeout=STEP_MS)
    assert t("kt_ended", lang) in page.inner_text(".vd-t-said")
    with store.connect() as db:
        assert (
            db.execute(select(func.count()).select_from(classes).where(classes.c.id == class_id)).scalar()
            == 0
        )
        assert (
            db.execute(
                select(func.count()).select_from(assignments).where(assignments.c.class_id == class_id)
            ).scalar()
            == 0
        )
        all_ids = [*ids, cards[2]["id"]]
        for table in (pupils, events, sessions, summaries):
            column = table.c.id if table is pupils else table.c.pupil_id
            assert (
                db.execute(select(func.count()).select_from(table).where(column.in_(all_ids))).scalar() == 0
            )
    store.dispose()
    assert errors == [] and refused == []
    context.close()
