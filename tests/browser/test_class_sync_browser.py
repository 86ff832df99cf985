"""Progress follows the pupil (issue 42), in Chromium with one browser context per pupil's
device, on a phone (390×844) and a tablet (768×1024), Swedish and English: three pupils join
one class — one on the class's join page, two from their path — and answer in lesson 1; one
of them is offline while answering and comes back; the class's database (read directly)
then holds each pupil's events once, the same as their devices hold. The teacher's assignment
shows first on the path and is ticked once done. A pupil the teacher deletes (through the
API) is gone from the database, and their device says so on the path. A pupil who signs in on
a second device finds her record there, and the first device gets what she did on the second.

The dashboard's server (vandatta_widgets.server.voila_server, as ``vandatta dashboard`` runs it) serves the
lessons, the path and the classes on one origin, its classes kept in a SQLite file of the
test's own. Screenshots go to ``VANDATTA_SHOTS`` (if set)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
import urllib.request

import pytest
from sqlalchemy import select

from tests.browser.conftest import REPO, axe_violations, free_port, serving, watch_errors
from tests.browser.test_hub import _sign_in, hub  # noqa: F401  (the hub's fixture, used below)
from tests.browser.test_path_browser import (
    PATH,
    PHONE,
    TABLET,
    lesson1_answers,
    open_lesson,
    open_path,
    play,
    shot,
    tap_card,
)
from vandatta_widgets.base.i18n import t
from vandatta_widgets.learner.store import Device
from vandatta_widgets.server.classes import ClassService
from vandatta_widgets.server.db import events, open_database, pupils, sessions

STEP_MS = 60_000


@pytest.fixture(scope="module")
def school(tmp_path_factory):
    """The dashboard's server over notebooks/ with its classes in a file of this test's;
    yields ``(url, service on that file)``."""
    folder = tmp_path_factory.mktemp("class-sync")
    db_url = f"sqlite:///{folder / 'classes.sqlite'}"
    port = free_port()
    cmd = [
        sys.executable,
        "-m",
        "vandatta_widgets.server.voila_server",
        str(REPO / "notebooks"),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--MappingKernelManager.cull_interval=10",
        "--MappingKernelManager.cull_idle_timeout=120",
        "--VoilaExecutor.timeout=120",
        f"--DashboardServer.db_url={db_url}",
        "--DashboardServer.tables_db=:memory:",
    ]
    log = (folder / "voila.log").open("w")
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, cwd=REPO / "notebooks")
    with serving(proc, port) as url:
        service = ClassService(open_database(db_url))
        yield url, service
        service.engine.dispose()


def _api(url: str, path: str, body: object = None, *, method: str | None = None, secret: str = "") -> dict:
    request = urllib.request.Request(
        f"{url}/vandatta/api/{path}",
        data=None if body is None else json.dumps(body).encode(),
        method=method or ("POST" if body is not None else "GET"),
        headers={"Content-Type": "application/json", "Origin": url, "X-Vandatta-Teacher": secret},
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.loads(answer.read())


def _device(browser, kind: dict, lang: str):
    context = browser.new_context(**kind, locale="sv-SE" if lang == "sv" else "en-GB")
    page = context.new_page()
    watch_errors(page)
    return context, page


def _stored(page) -> dict[str, str]:
    return page.evaluate(
        "() => Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith('vandatta:'))"
        ".map(k => [k, localStorage.getItem(k)]))"
    )


def _device_events(page) -> list[tuple[str, int]]:
    device = Device.from_storage(_stored(page))
    return sorted((e.device, e.seq) for p in device.profiles for e in device.learner(p).events)


def _held(service: ClassService, nickname: str) -> list[tuple[str, int]]:
    with service.engine.connect() as db:
        rows = db.execute(
            select(events.c.device, events.c.seq)
            .select_from(events.join(pupils, events.c.pupil_id == pupils.c.id))
            .where(pupils.c.nickname == nickname)
        ).all()
    return sorted((r.device, r.seq) for r in rows)


def _wait_held(page, service: ClassService, nickname: str, n: int) -> None:
    for _ in range(240):
        if len(_held(service, nickname)) >= n:
            return
        page.wait_for_timeout(250)
    raise AssertionError(f"the class holds {len(_held(service, nickname))} of {nickname}'s events, not {n}")


def _wait_kept(page, n: int) -> None:
    for _ in range(240):
        if len(_device_events(page)) >= n:
            return
        page.wait_for_timeout(250)
    raise AssertionError(f"the device holds {len(_device_events(page))} events, not {n}")


def _answer_exercise(page) -> None:
    tap_card(page, ".vd-exercise", 0)
    play(page, ".vd-exercise")
    page.locator(".vd-exercise .vd-feedback, .vd-exercise .vd-celebrate").first.wait_for(timeout=STEP_MS)


def _join_on_the_path(
    page, lang: str, code: str, name: str, pictures: list[str], *, again: bool = False, class_name: str = "4B"
) -> None:
    """Join the class from the path (``again``: "I have joined before", on another device)."""
    box = page.locator(f"{PATH} .vd-path-class")
    box.locator(".vd-path-class-code input").fill(code)
    box.locator(".vd-path-class-name input").fill(name)
    for picture in pictures:
        box.locator(f"button[data-picture='{picture}']").tap()
    box.locator(".vd-path-class-again" if again else ".vd-path-class-join").tap()
    # the class's code at first, its name ("4B") once the server has told the assignments
    named = (t("pa_class_in", lang, code=code, name=name), t("pa_class_in", lang, code=class_name, name=name))
    joined = box.locator(".vd-path-class-in")
    joined.wait_for(timeout=STEP_MS)
    assert joined.inner_text() in named


def _add_child(page, name: str, picture: str) -> None:
    page.locator(f"{PATH} .vd-path-name input").fill(name)
    page.locator(f"{PATH} .vd-path-pictures button", has_text=picture).tap()
    page.locator(f"{PATH} .vd-path-add").tap()
    page.locator(f"{PATH} .vd-path-who").filter(has_text=name).wait_for(timeout=STEP_MS)


def test_three_pupils_progress_reaches_the_class_once_even_offline(browser, school):
    url, service = school
    made = _api(url, "classes", {"name": "4B"})
    code, secret = made["code"], made["secret"]
    week = int(service.clock()) + 7 * 86400
    _api(
        f"{url}",
        f"classes/{code}/assignments",
        {"kind": "lessons", "lessons": [1], "due": week},
        secret=secret,
    )
    devices = []

    # Alva (phone, Swedish) joins on the class's own page, then answers in lesson 1
    alva_context, alva = _device(browser, PHONE, "sv")
    devices.append(alva_context)
    alva.goto(f"{url}/vandatta/join/{code}?lang=sv")
    alva.fill("#vd-join-name", "Alva")
    alva.get_by_role("button", name=t("kj_next", "sv"), exact=True).tap()  # a new name: pictures next
    alva.tap("button[data-picture='fox']")
    alva.tap("button[data-picture='owl']")
    alva.get_by_role("button", name=t("kj_join", "sv"), exact=True).tap()
    alva.wait_for_selector(".vd-join-done", timeout=STEP_MS)
    open_lesson(alva, url, "sv", "01-goal-and-deal.ipynb")
    _answer_exercise(alva)
    _wait_held(alva, service, "Alva", 1)

    # Bo (tablet, English) joins from his path, sees the assignment first, does lesson 1
    bo_context, bo = _device(browser, TABLET, "en")
    devices.append(bo_context)
    open_path(bo, url, "en")
    _add_child(bo, "Bo", "Frog")
    _join_on_the_path(bo, "en", code, "Bo", ["cat", "bear"])
    tasks = bo.locator(f"{PATH} .vd-path-tasks")
    tasks.locator(".vd-path-task-todo").filter(has_text="Do lesson 1").wait_for(timeout=STEP_MS)
    shot(bo, "class-sync-path-768-en-task.png")
    assert not axe_violations(bo), axe_violations(bo)
    open_lesson(bo, url, "en", "01-goal-and-deal.ipynb")
    for n, answer in enumerate(lesson1_answers("en")):
        quiz = bo.locator(".vd-quiz").nth(n)
        quiz.get_by_role("button", name=answer, exact=True).tap()
        quiz.locator(".vd-feedback, .widget-html").last.wait_for(timeout=STEP_MS)
    _answer_exercise(bo)
    _wait_held(bo, service, "Bo", 4)
    open_path(bo, url, "en")
    tasks.locator(".vd-path-task-done").filter(has_text="Do lesson 1").wait_for(timeout=STEP_MS)
    assert t("pa_task_done", "en") in tasks.inner_text()
    shot(bo, "class-sync-path-768-en-done.png")

    # Cleo (phone, Swedish) joins from her path, then answers offline and comes back
    cleo_context, cleo = _device(browser, PHONE, "sv")
    devices.append(cleo_context)
    open_path(cleo, url, "sv")
    _add_child(cleo, "Cleo", "Katt")
    _join_on_the_path(cleo, "sv", code, "Cleo", ["seal", "moose"])
    open_lesson(cleo, url, "sv", "01-goal-and-deal.ipynb")
    # first the class's server cannot be reached (the page's own server still can): the
    # answer is kept on the device and the browser keeps trying …
    cleo.route("**/vandatta/api/pupil/**", lambda route: route.abort("internetdisconnected"))
    first = cleo.locator(".vd-quiz").first
    first.get_by_role("button", name=lesson1_answers("sv")[0], exact=True).tap()
    first.locator(".vd-feedback, .widget-html").last.wait_for(timeout=STEP_MS)
    _wait_kept(cleo, 1)
    # … then the device goes offline altogether and the child answers on
    cleo_context.set_offline(True)
    tap_card(cleo, ".vd-exercise", 0)
    play(cleo, ".vd-exercise")
    cleo.wait_for_timeout(3000)
    assert _held(service, "Cleo") == []
    # back online: what was done offline arrives, once
    cleo.unroute("**/vandatta/api/pupil/**")
    cleo_context.set_offline(False)
    cleo.locator(".vd-exercise .vd-feedback, .vd-exercise .vd-celebrate").first.wait_for(timeout=STEP_MS)
    _wait_kept(cleo, 2)
    _wait_held(cleo, service, "Cleo", 2)

    # each pupil's events in the class's database once, the same as on their device
    for page, name in ((alva, "Alva"), (bo, "Bo"), (cleo, "Cleo")):
        assert _held(service, name) == _device_events(page), name
    overview = _api(url, f"classes/{code}", secret=secret)
    done = {p["nickname"]: p["assignments"] for p in overview["pupils"]}
    assert done["Bo"] == {str(overview["assignments"][0]["id"]): True} and not any(done["Alva"].values())

    # the teacher deletes Alva: gone from the database, and her device is told
    alva_id = next(p["id"] for p in overview["pupils"] if p["nickname"] == "Alva")
    _api(url, f"classes/{code}/pupils/{alva_id}", {}, method="DELETE", secret=secret)
    with service.engine.connect() as db:
        assert db.execute(select(pupils.c.id).where(pupils.c.id == alva_id)).first() is None
        assert db.execute(select(events.c.seq).where(events.c.pupil_id == alva_id)).first() is None
        assert db.execute(select(sessions.c.pupil_id).where(sessions.c.pupil_id == alva_id)).first() is None
    open_path(alva, url, "sv")
    told = alva.locator(f"{PATH} .vd-path-class-out")
    told.wait_for(timeout=STEP_MS)
    # the class by its name once the path has heard it, else by its code
    assert told.inner_text() in (t("pa_class_out", "sv", code=c) for c in ("4B", code))
    assert len(_device_events(alva)) == 1  # her record stays on her device
    told.scroll_into_view_if_needed()
    shot(alva, "class-sync-path-390-sv-out.png")

    for page in (alva, bo, cleo):
        assert not page.errors, page.errors
    for context in devices:
        context.close()


def test_a_pupil_signed_in_on_a_second_device_finds_her_stars_there(browser, school):
    """Dana answers in lesson 1 on the school's tablet; at home she signs in on a phone with
    her pictures ("I have joined before"): her path there shows lesson 1 begun, what she does
    on the phone reaches the class, and the tablet, opened again, holds that too."""
    url, service = school
    code = _api(url, "classes", {"name": "5A"})["code"]
    tablet_context, tablet = _device(browser, TABLET, "en")
    phone_context, phone = _device(browser, PHONE, "sv")
    try:
        open_path(tablet, url, "en")
        _add_child(tablet, "Dana", "Owl")
        _join_on_the_path(tablet, "en", code, "Dana", ["fox", "owl"], class_name="5A")
        open_lesson(tablet, url, "en", "01-goal-and-deal.ipynb")
        _answer_exercise(tablet)
        _wait_held(tablet, service, "Dana", 1)

        open_path(phone, url, "sv")
        _add_child(phone, "Dana", "Uggla")
        started = phone.locator(f"{PATH} .vd-path-started")
        assert started.count() == 0
        again = phone.locator(f"{PATH} .vd-path-class-again-text")
        assert again.inner_text() == t("pa_class_again", "sv", again=t("kj_sign_in", "sv"))
        _join_on_the_path(phone, "sv", code, "Dana", ["fox", "owl"], again=True, class_name="5A")
        started.first.wait_for(timeout=STEP_MS)  # the tablet's answer, on the phone's path
        assert _device_events(phone) == _held(service, "Dana")
        shot(phone, "class-sync-path-390-sv-second-device.png")
        assert not axe_violations(phone), axe_violations(phone)

        open_lesson(phone, url, "sv", "01-goal-and-deal.ipynb")
        _answer_exercise(phone)
        _wait_held(phone, service, "Dana", 2)
        open_path(tablet, url, "en")
        _wait_kept(tablet, 2)
        assert _device_events(tablet) == _device_events(phone) == _held(service, "Dana")
        assert len({device for device, _seq in _held(service, "Dana")}) == 2
        for page in (tablet, phone):
            assert not page.errors, page.errors
    finally:
        tablet_context.close()
        phone_context.close()


JOIN_ON_HUB = "/services/vandatta-tables/vandatta/join"


@pytest.mark.hub
@pytest.mark.slow
def test_on_the_hub_the_hub_sign_in_is_enough_and_the_progress_follows(browser, hub):  # noqa: F811
    """The real hub (deploy/jupyterhub, trial users): the teacher makes a class at the hub's
    service; Alva, signed in at the hub, joins from her path with her nickname only (no
    pictures) — first told to open the class's page once, as a pupil who never opened the
    service is — and the answers her tablet kept before she joined reach the class's database
    under her hub name."""
    url, folder = hub
    teacher_context = browser.new_context(viewport={"width": 1024, "height": 768})
    teacher = teacher_context.new_page()
    _sign_in(teacher, url, JOIN_ON_HUB, "larare")
    status, made = teacher.evaluate(
        """async () => {
          const r = await fetch('/services/vandatta-tables/vandatta/api/classes', { method: 'POST',
            headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: '4B' }) });
          return [r.status, await r.json()];
        }"""
    )
    assert status == 201, made
    code = made["code"]

    # Alva's tablet already holds two answers of hers (kept as the app keeps them)
    kept = Device()
    now = int(time.time())  # the class keeps six months: answers of today
    alva_id = kept.add_profile("Alva", "fox", created=now - 3600).id
    for n in (1, 2):
        kept.quiz(alva_id, right=True, rules=("R4",), choice="x", lesson=1, item=f"q{n}", at=now - 60 + n)
    stored = {**kept.storage(), "vandatta-ui:current": alva_id}
    context, alva = _device(browser, TABLET, "sv")
    context.add_init_script(
        "if (!localStorage.getItem('vandatta:device')) { const s = "
        + json.dumps(stored)
        + "; for (const k in s) localStorage.setItem(k, s[k]); }"
    )
    alva.goto(f"{url}/hub/login", timeout=60_000)
    alva.fill("input[name=username]", "alva")
    alva.fill("input[name=password]", "any")
    alva.click("[type=submit]")
    alva.wait_for_url(re.compile(r"/user/alva/voila/render/dashboard\.ipynb"), timeout=180_000)
    alva.wait_for_selector(f"{PATH} .vd-path-list", timeout=180_000)
    box = alva.locator(f"{PATH} .vd-path-class")
    box.locator(".vd-path-class-code input").fill(code)
    assert box.locator(".vd-password").is_hidden()  # the hub's sign-in instead of pictures
    box.locator(".vd-path-class-join").tap()
    # never at the service before: told to open the class's page once, which signs her in there
    link = box.locator(f"a[href='{JOIN_ON_HUB}']")
    link.wait_for(timeout=STEP_MS)
    with context.expect_page() as opened:
        link.tap()
    there = opened.value
    there.wait_for_selector("#vd-join-code", timeout=STEP_MS)
    there.close()
    box.locator(".vd-path-class-join").tap()
    box.locator(".vd-path-class-in").wait_for(timeout=STEP_MS)

    service = ClassService(open_database(f"sqlite:///{folder / 'vandatta-classes.sqlite'}"))
    try:
        _wait_held(alva, service, "Alva", 2)
        assert _held(service, "Alva") == _device_events(alva)
        with service.engine.connect() as db:
            row = db.execute(select(pupils.c.hub_name, pupils.c.pictures_hash)).one()
        assert row.hub_name == "alva" and row.pictures_hash is None
    finally:
        service.engine.dispose()
    assert not alva.errors, alva.errors
    context.close()
    teacher_context.close()
