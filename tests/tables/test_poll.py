"""The class answering from their own devices (vandatta_widgets.tables.poll), without a browser: answers,
a second answer replacing the first until reveal, the verdicts on reveal, anonymity, the
summary and its CSV, bad input changing nothing, a restart from the store, and the handlers
over real HTTP and websockets."""

from __future__ import annotations

import csv
import io
import json
import time

import pytest

from tests.helpers.frontend import send_custom
from tests.helpers.loops import in_a_fresh_loop
from vandatta.ai import demo_game
from vandatta.record import write_record
from vandatta_widgets.replay.viewer import ReplayViewer
from vandatta_widgets.server.table_store import TableStore
from vandatta_widgets.tables.poll import MAX_PUPILS, Poll, PollProblem
from vandatta_widgets.tables.poll_service import PollService
from vandatta_widgets.tables.service import RecordingPage

GAME = demo_game()
RECORD = write_record(GAME)


def legal_and_illegal(ply: int) -> tuple[str, str]:
    """A legal answer and a move of the mover's own cards the engine refuses, after ``ply``."""
    position = GAME.replay(ply)
    legal = str(position.legal_moves()[0])
    for card in position.hand(position.to_move):
        if not position.is_legal(str(card)):
            return legal, str(card)
    raise AssertionError("no illegal card in this hand")


@pytest.fixture
def service():
    return PollService(TableStore(":memory:", kind="polls"))


def open_class(service, *, pupils: int = 3, langs=("sv", "en", "sv")):
    made = service.create(RECORD)
    teacher = RecordingPage()
    service.connect(made["code"], made["token"], teacher, lang="sv")
    pages = []
    for i in range(pupils):
        page = RecordingPage()
        service.connect(made["code"], None, page, lang=langs[i % len(langs)])
        pages.append(page)
    return made, teacher, pages


def test_pupils_wait_then_see_the_movers_hand_and_the_pile(service):
    _made, teacher, (ada, bo, _cy) = open_class(service)
    assert ada.frames[0]["type"] == "welcome" and len(ada.frames[0]["token"]) >= 32
    assert ada.frames[-1]["state"] == "waiting"
    assert teacher.frames[-1]["here"] == 3 and teacher.frames[-1]["answered"] == 0
    service.page_act(teacher, {"type": "ask", "ply": 4, "strong": "draw"})
    frame = ada.frames[-1]
    assert frame["state"] == "question"
    position = GAME.replay(4)
    hand = sorted(str(c) for c in position.hand(position.to_move))
    assert sorted(c["card"] for c in frame["question"]["hand"]) == hand
    assert frame["question"]["top"] == str(position.top)
    assert frame["question"]["can_draw"] == position.legal_moves().can_draw()
    # only the mover's hand: no card of another hand in the frame
    others = {str(c) for s in range(position.players) if s != position.to_move for c in position.hand(s)}
    text = json.dumps(frame, ensure_ascii=False)
    assert not any(f'"card": "{c}"' in text for c in others)
    assert bo.frames[-1]["question"]["player"] == GAME.player_name(position.to_move, "en")


def test_the_question_shows_the_varning_toggle_where_o9_is_on(service):
    """Issue 40: a class question from a round with O9 tells the page to show "varning"."""
    from vandatta import Rules

    varning = demo_game(players=3, seed=2, rules=Rules.parse("v3,o9"))
    made = service.create(write_record(varning))
    teacher, pupil = RecordingPage(), RecordingPage()
    service.connect(made["code"], made["token"], teacher, lang="sv")
    service.connect(made["code"], None, pupil, lang="sv")
    service.page_act(teacher, {"type": "ask", "ply": 2, "strong": "draw"})
    question = pupil.frames[-1]["question"]
    assert question["varning_rule"] is True and question["lappen_rule"] is True
    _made, teacher, (ada, *_rest) = open_class(service)
    service.page_act(teacher, {"type": "ask", "ply": 2, "strong": "draw"})
    assert ada.frames[-1]["question"]["varning_rule"] is False  # the source's rules: no toggle


def test_answers_are_counted_not_shown_and_a_second_replaces_the_first(service):
    made, teacher, (ada, bo, _cy) = open_class(service)
    service.page_act(teacher, {"type": "ask", "ply": 2})
    legal, illegal = legal_and_illegal(2)
    service.page_act(ada, {"type": "answer", "move": illegal})
    service.page_act(bo, {"type": "answer", "move": legal})
    assert teacher.frames[-1]["answered"] == 2
    assert "tally" not in teacher.frames[-1]  # how many, never what, until reveal
    assert illegal not in json.dumps(teacher.frames[-1], ensure_ascii=False)  # what Ada chose: not told
    service.page_act(ada, {"type": "answer", "move": legal})  # Ada changes her mind
    assert teacher.frames[-1]["answered"] == 2
    assert ada.frames[-1]["answer"] == legal
    poll = service.polls[made["code"]]
    assert sorted(poll.current.answers.values()) == [legal, legal]


def test_reveal_sends_each_pupil_the_engines_verdict_in_their_language(service):
    made, teacher, (ada, bo, cy) = open_class(service)
    service.page_act(teacher, {"type": "ask", "ply": 2, "strong": str(GAME.moves[2])})
    _legal, illegal = legal_and_illegal(2)
    service.page_act(ada, {"type": "answer", "move": illegal})  # sv
    service.page_act(bo, {"type": "answer", "move": str(GAME.moves[2])})  # en
    service.page_act(teacher, {"type": "reveal"})
    a, b, c = ada.frames[-1], bo.frames[-1], cy.frames[-1]
    assert a["state"] == b["state"] == c["state"] == "revealed"
    assert a["legal"] is False and a["lines"][0].startswith("Ditt svar") and "inte tillåtet" in a["lines"][0]
    why = GAME.replay(2).check(illegal).lines("sv")
    assert why[0] in a["lines"]
    assert b["legal"] is True and "That is exactly what was played!" in b["lines"]
    assert "The strong computer player would play that too." in b["lines"]
    assert c["legal"] is None and c["lines"][0] == "Du svarade inte på den här frågan."
    # after reveal an answer changes nothing
    service.page_act(bo, {"type": "answer", "move": illegal})
    assert bo.frames[-1]["type"] == "error" and bo.frames[-1]["key"] == "cl_revealed"
    assert service.polls[made["code"]].current.answers != {} and teacher.frames[-1]["answered"] == 2
    tally = {row["move"]: row for row in teacher.frames[-1]["tally"]}
    assert tally[illegal]["count"] == 1 and tally[illegal]["legal"] is False
    assert tally[str(GAME.moves[2])]["played"] and tally[str(GAME.moves[2])]["strong"]
    # the engine's sentences without "(R4)": the rule ids beside them, chips on the projector
    assert tally[illegal]["why"] == " ".join(why).replace(" (R4)", "") and tally[illegal]["rules"] == ["R4"]


def test_anonymous_unless_the_teacher_turns_names_on(service):
    _made, teacher, (ada, _bo, _cy) = open_class(service)
    service.page_act(ada, {"type": "name", "name": "Ada"})
    service.page_act(teacher, {"type": "ask", "ply": 0})
    service.page_act(ada, {"type": "answer", "move": "draw"})
    service.page_act(teacher, {"type": "reveal"})
    assert "Ada" not in json.dumps(teacher.frames[-1], ensure_ascii=False)
    service.page_act(teacher, {"type": "names", "on": True})
    assert ada.frames[-1]["names"] is True
    row = next(r for r in teacher.frames[-1]["tally"] if r["move"] == "draw")
    assert row["names"] == ["Ada"]
    service.page_act(ada, {"type": "names", "on": False})  # a pupil cannot turn them off
    assert ada.frames[-1]["key"] == "cl_not_teacher"


def test_summary_and_csv(service):
    made, teacher, (ada, bo, _cy) = open_class(service)
    for ply in (0, 1):
        service.page_act(teacher, {"type": "ask", "ply": ply})
        _legal, illegal = legal_and_illegal(ply)
        service.page_act(ada, {"type": "answer", "move": str(GAME.moves[ply])})
        service.page_act(bo, {"type": "answer", "move": illegal})
        service.page_act(teacher, {"type": "reveal"})
    summary = teacher.frames[-1]["summary"]
    assert [(r["question"], r["answers"], r["legal"], r["played_share"]) for r in summary] == [
        (1, 2, 0.5, 0.5),
        (2, 2, 0.5, 0.5),
    ]
    rows = list(csv.reader(io.StringIO(teacher.frames[-1]["csv"])))
    assert rows[0] == [
        "fråga",
        "drag",
        "svar",
        "andel_tillåtna",
        "andel_som_spelat",
        "spelat_drag",
        "starka_datorn",
    ]
    assert rows[1][:5] == ["1", "1", "2", "0.5", "0.5"] and rows[2][1] == "2"
    assert service.polls[made["code"]].summary_csv("en").startswith("question,move,answers")


@pytest.mark.parametrize(
    ("message", "key"),
    [
        ({"type": "answer", "move": "K♠ " * 30}, "cl_bad_move"),
        ({"type": "answer", "move": "hello"}, "cl_bad_move"),
        ({"type": "answer", "move": 7}, "cl_bad_move"),
        ({"type": "ask", "ply": 0}, "cl_not_teacher"),
        ({"type": "reveal"}, "cl_not_teacher"),
        ({"type": "shout"}, "cl_bad_request"),
        ("not a dict", "cl_bad_request"),
    ],
)
def test_bad_input_gets_a_clear_error_and_changes_nothing(service, message, key):
    made, teacher, (_ada, bo, _cy) = open_class(service)
    service.page_act(teacher, {"type": "ask", "ply": 0})
    poll = service.polls[made["code"]]
    before = json.dumps(poll.to_json(), sort_keys=True)
    service.page_act(bo, message)
    assert bo.frames[-1]["type"] == "error" and bo.frames[-1]["key"] == key
    assert bo.frames[-1]["text"]  # in English, Bo's language
    assert json.dumps(poll.to_json(), sort_keys=True) == before


def test_a_card_not_in_the_hand_is_refused(service):
    _made, teacher, (ada, _, _) = open_class(service)
    service.page_act(teacher, {"type": "ask", "ply": 0})
    position = GAME.replay(0)
    other = next(c for c in position.hand((position.to_move + 1) % position.players))
    service.page_act(ada, {"type": "answer", "move": str(other)})
    assert ada.frames[-1]["key"] == "cl_not_in_hand" and ada.frames[-1]["text"].startswith("Välj bara")


def test_teacher_input_checked():
    poll = Poll.create(RECORD, code="AHCK7", now=0)
    with pytest.raises(PollProblem, match="not in the round"):
        poll.ask(poll.owner_token, ply=len(GAME.moves), now=1)
    with pytest.raises(PollProblem):
        poll.ask(poll.owner_token, ply=True, now=1)
    poll.ask(poll.owner_token, ply=0, strong="K♠ K♠", now=1)  # not legal there: dropped
    assert poll.current.strong is None
    with pytest.raises(PollProblem):
        Poll.create({"moves": ["nonsense"]}, code="AHCK7", now=0)


def test_a_reloaded_page_keeps_its_answers_and_a_restart_keeps_the_class(tmp_path):
    path = tmp_path / "tables.sqlite"
    service = PollService(TableStore(path, kind="polls"))
    made, teacher, (ada, _bo, _cy) = open_class(service)
    token = ada.frames[0]["token"]
    service.page_act(teacher, {"type": "ask", "ply": 3})
    service.page_act(ada, {"type": "answer", "move": "draw"})
    service.disconnect(ada)
    again = RecordingPage()
    service.connect(made["code"], token, again, lang="sv")  # Ada reloads: her token from localStorage
    assert again.frames[0]["state"] == "question" and again.frames[0]["answer"] == "draw"
    assert not any(f["type"] == "welcome" for f in again.frames)
    # the server stops; a new one on the same file has the class, Ada's answer and the teacher
    restarted = PollService(TableStore(path, kind="polls"))
    assert TableStore(path).load_all(now=0) == {}  # the tables' own rows are apart from the polls
    back, board = RecordingPage(), RecordingPage()
    restarted.connect(made["code"], token, back, lang="en")
    restarted.connect(made["code"], made["token"], board, lang="sv")
    assert back.frames[-1]["answer"] == "draw" and back.frames[-1]["question"]["ply"] == 3
    assert board.frames[-1]["type"] == "teacher" and board.frames[-1]["answered"] == 1
    restarted.page_act(board, {"type": "reveal"})
    assert back.frames[-1]["state"] == "revealed"


def test_codes_rate_limited_and_the_class_capped():
    service = PollService(TableStore(":memory:", kind="polls"), lookups_per_minute=3)
    made = service.create(RECORD)

    async def look_up() -> None:
        for _ in range(3):
            with pytest.raises(PollProblem):
                await service.find("AAAAA", visitor="10.0.0.9")
        assert service.lookups.slowed("10.0.0.9", now=time.monotonic())
        # a right code waits its turn (the first at once), never refused
        assert (await service.find(made["code"], visitor="10.0.0.9")).code == made["code"]
        assert (await service.find(made["code"].lower(), visitor="10.0.0.10")).code == made["code"]

    in_a_fresh_loop(look_up)
    poll = service.polls[made["code"]]
    for _ in range(MAX_PUPILS):
        poll.add_pupil(now=1)
    with pytest.raises(PollProblem) as error:
        poll.add_pupil(now=1)
    assert error.value.key == "cl_full"


def test_the_replay_asks_the_class_and_reveals():
    viewer = ReplayViewer(GAME, classroom=True, lang="sv")
    viewer.asks_every_move = True  # (by default only real choices: tests/tables/test_poll_choices.py)
    assert (
        viewer.class_answers.layout.display is None and viewer.class_answers.description == "Klassen svarar"
    )
    viewer.class_answers.value = True
    poll = viewer.class_poll
    assert poll is not None and poll in viewer.children and poll.record == RECORD
    viewer.next()  # "Vad skulle du spela?" about the first move
    assert viewer.question and poll.question["ply"] == 0
    assert GAME.replay(0).is_legal(poll.question["strong"])
    send_custom(viewer.key_listener, {"key": "r"})  # R reveals: the class is told too
    assert poll.revealed == 0 and viewer.ply == 1
    viewer.next()
    assert poll.question["ply"] == 1 and poll.revealed == 0
    viewer.language.value = "en"
    assert poll.lang == "en" and viewer.class_answers.description == "The class answers"
    viewer.classroom = False
    assert viewer.class_answers.layout.display == "none" and poll.layout.display == "none"


def test_handlers_over_http_and_websockets():
    import tornado.httpserver
    import tornado.netutil
    import tornado.web
    from tornado.httpclient import AsyncHTTPClient, HTTPRequest
    from tornado.websocket import websocket_connect

    from vandatta_widgets.server.poll_handlers import poll_handlers

    async def run():
        service = PollService(TableStore(":memory:", kind="polls"))
        app = tornado.web.Application(poll_handlers(service, "/"))
        sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
        server = tornado.httpserver.HTTPServer(app)
        server.add_sockets(sockets)
        port = sockets[0].getsockname()[1]
        http = AsyncHTTPClient()
        url = f"http://127.0.0.1:{port}/vandatta/"
        page = await http.fetch(url + "class/AHCK7?lang=en")
        assert b"mountPupil" in page.body and b"The class answers" in page.body
        made = json.loads(
            (
                await http.fetch(
                    HTTPRequest(
                        url + "api/class",
                        method="POST",
                        body=json.dumps({"record": RECORD}),
                        headers={"Content-Type": "application/json"},
                    )
                )
            ).body
        )
        bad = await http.fetch(
            HTTPRequest(
                url + "api/class", method="POST", body="{}", headers={"Content-Type": "application/json"}
            ),
            raise_error=False,
        )
        assert bad.code == 400 and json.loads(bad.body)["error"] == "cl_bad_record"
        ws_url = f"ws://127.0.0.1:{port}/vandatta/api/class/{made['code']}/ws"
        teacher = await websocket_connect(ws_url)
        await teacher.write_message(json.dumps({"type": "hello", "token": made["token"], "lang": "sv"}))
        assert json.loads(await teacher.read_message())["type"] == "teacher"
        pupil = await websocket_connect(ws_url)
        await pupil.write_message(json.dumps({"type": "hello", "lang": "en"}))
        assert json.loads(await pupil.read_message())["type"] == "welcome"
        assert json.loads(await pupil.read_message())["state"] == "waiting"
        await pupil.write_message("{not json")
        assert json.loads(await pupil.read_message())["key"] == "cl_bad_request"
        await teacher.write_message(json.dumps({"type": "ask", "ply": 0}))
        while json.loads(await pupil.read_message()).get("state") != "question":
            pass
        await pupil.write_message(json.dumps({"type": "answer", "move": "draw"}))
        while json.loads(await teacher.read_message()).get("answered") != 1:
            pass
        static = await http.fetch(url + "class-static/poll.js")
        assert b"mountProjector" in static.body
        teacher.close()
        pupil.close()
        server.stop()

    # in a thread of its own: a browser test run before in this process may hold a loop here
    in_a_fresh_loop(run, timeout=120)
