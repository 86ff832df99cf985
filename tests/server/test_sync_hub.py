"""The classes in the hub's service (widgets/server/hub.py), with the stand-in hub of
tests/tables/test_tables_hub.py: the pupil's hub sign-in is enough to join (a nickname, no
pictures), their device's progress is taken and their assignments given; a visitor not
signed in is refused in words with the class's page to open; a store that cannot be opened
leaves the tables running and is said in both languages, as the dashboard says it."""

from __future__ import annotations

import io
import json
import logging

import pytest

pytest.importorskip("jupyterhub")

import tornado.httpclient
import tornado.httpserver

from tests.helpers.loops import in_a_fresh_loop
from tests.tables.test_tables_hub import PREFIX, SCOPE, StandInHub, _free_port
from vandatta_widgets.base.i18n import t
from vandatta_widgets.learner.events import Event, encode_events
from vandatta_widgets.server.classes import ClassService
from vandatta_widgets.server.hub import make_app, open_classes
from vandatta_widgets.server.serve import _Teacher
from vandatta_widgets.server.table_store import TableStore
from vandatta_widgets.tables.service import TableService


def _serve(engine, check) -> None:
    async def main() -> None:
        service = TableService(TableStore(":memory:"), pace=0.0)
        classes = ClassService(engine)
        auth = StandInHub(api_token="test", access_scopes={SCOPE}, login_url="/hub/api/oauth2/authorize")
        app = make_app(service, prefix=PREFIX, cookie_secret=b"s" * 32, hub_auth=auth, classes=classes)
        port = _free_port()
        server = tornado.httpserver.HTTPServer(app)
        server.listen(port, address="127.0.0.1")
        client = tornado.httpclient.AsyncHTTPClient(force_instance=True)
        base = f"http://127.0.0.1:{port}{PREFIX}"

        async def fetch(path, *, pupil=None, body=None, headers=None, **options):
            sent = {"Origin": f"http://127.0.0.1:{port}", **(headers or {})}
            if pupil:
                sent["X-Pupil"] = pupil
            if body is not None:
                sent["Content-Type"] = "application/json"
                options.update(method="POST", body=json.dumps(body))
            return await client.fetch(
                base + path, headers=sent, raise_error=False, follow_redirects=False, **options
            )

        try:
            await check(fetch, classes)
        finally:
            client.close()
            server.stop()

    in_a_fresh_loop(main)


def test_on_the_hub_the_hub_sign_in_is_enough_to_join_and_send(engine):
    async def check(fetch, classes: ClassService) -> None:
        made = classes.create_class("4B")
        # not signed in at the hub: refused in words, with the class's page to open once
        refused = await fetch(f"vandatta/api/classes/{made.code}/join?lang=en", body={"nickname": "Alva"})
        page = PREFIX + "vandatta/join"
        assert refused.code == 403 and json.loads(refused.body) == {
            "error": "kl_hub_sign_in",
            "text": t("hub_class_sign_in", "en", page=page),
            "page": page,
        }
        assert classes.pupils(made.id) == []
        # the class's and the teacher's pages send a visitor to the hub's sign-in; their
        # scripts are anyone's; signed in at the hub, the teacher's page opens
        assert (await fetch("vandatta/join")).code == 302
        assert (await fetch("vandatta/join-static/join.js")).code == 200
        assert (await fetch("vandatta/teacher")).code == 302
        assert (await fetch("vandatta/teacher-static/teacher.js")).code == 200
        assert (await fetch("vandatta/teacher", pupil="larare")).code == 200
        # signed in at the hub: a nickname, no pictures
        joined = await fetch(
            f"vandatta/api/classes/{made.code}/join", pupil="alva@skolan.se", body={"nickname": "Alva"}
        )
        assert joined.code == 200, joined.body
        signed = json.loads(joined.body)
        assert signed["nickname"] == "Alva" and signed["token"]
        [pupil] = classes.pupils(made.id)
        assert pupil["hub"] and not pupil["pictures"]
        # on another device, the hub's sign-in alone finds the same pupil
        again = await fetch(f"vandatta/api/classes/{made.code}/signin", pupil="alva@skolan.se", body={})
        assert again.code == 200 and json.loads(again.body)["pupil"] == signed["pupil"]
        # the device's progress, with its token
        now = int(classes.clock())
        record = [Event("tab", s, now - 5 + s, "quiz", "right", ("R4",), 1, f"q{s}") for s in (1, 2)]
        token = {"X-Vandatta-Pupil": signed["token"]}
        sent = await fetch(
            "vandatta/api/pupil/sync",
            pupil="alva@skolan.se",
            headers=token,
            body={"events": encode_events(record)},
        )
        assert sent.code == 200 and json.loads(sent.body)["acknowledged"] == {"tab": 2}
        me = await fetch("vandatta/api/pupil/me", pupil="alva@skolan.se", headers=token)
        assert me.code == 200 and json.loads(me.body) == {
            "assignments": [],
            "class": {"code": made.code, "name": "4B"},  # the name the path shows
        }
        # someone else signed in at the hub cannot send with it... without the token: refused
        other = await fetch("vandatta/api/pupil/sync", pupil="bo", body={"events": encode_events(record)})
        assert other.code == 401

    _serve(engine, check)


def test_classes_that_cannot_be_kept_leave_the_tables_running_and_are_said_in_both_languages(
    tmp_path, caplog
):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the store's folder would be")
    with caplog.at_level(logging.WARNING, logger="vandatta.server.hub"):
        assert open_classes(f"sqlite:///{blocker}/classes.sqlite") is None
    said = caplog.text
    assert t("srv_classes_unavailable", "sv", error="FileExistsError") in said
    assert t("srv_classes_unavailable", "en", error="FileExistsError") in said


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_the_dashboards_teacher_reads_that_the_classes_are_unavailable(lang):
    out = io.StringIO()
    _Teacher(host="127.0.0.1", lang=lang, out=out).event(
        {"event": "classes_unavailable", "error": "OperationalError"}
    )
    assert out.getvalue().strip() == t("srv_classes_unavailable", lang, error="OperationalError")
