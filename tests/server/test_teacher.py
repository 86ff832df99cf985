"""The teacher's pages and what they read (widgets/server/teacher.py), over real HTTP on SQLite
and PostgreSQL: pupils added with pictures for their sign-in cards sign in with exactly those
pictures; the teacher's page holds nothing about pupils and every read of the class's data is
refused without the teacher's key (a pupil's token is not one); a week's mistake comes in a
child's words and opens as a question the class's poll can ask."""

from __future__ import annotations

import pytest
import tornado.httpserver
import tornado.netutil
import tornado.web
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers.loops import in_a_fresh_loop
from tests.server.test_handlers import Client, body
from vandatta import Game
from vandatta.record import read_game, write_record
from vandatta_widgets.base.i18n import t
from vandatta_widgets.learner.events import Event, PositionError, encode_events, position_game
from vandatta_widgets.server.classes import ClassProblem, ClassService
from vandatta_widgets.server.handlers import class_handlers
from vandatta_widgets.server.teacher import (
    position_parts,
    question_record,
    teacher_handlers,
)
from vandatta_widgets.tables.poll import Poll


def serve(engine, check) -> None:
    async def main() -> None:
        service = ClassService(engine)
        app = tornado.web.Application(class_handlers(service, "/") + teacher_handlers(service, "/"))
        sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
        server = tornado.httpserver.HTTPServer(app)
        server.add_sockets(sockets)
        client = Client(sockets[0].getsockname()[1])
        try:
            await check(client, service)
        finally:
            client.http.close()
            server.stop()

    in_a_fresh_loop(main, timeout=300)


# -- positions of the learner's record, read back ----------------------------------------------


@pytest.mark.parametrize(
    ("position", "legal"),
    [
        ("7H KS 2C|7C", ["2♣", "7♥", "draw"]),  # R4: same suit or rank
        ("5H 2C|AH|f=H", ["5♥"]),  # R7: the ace owes a heart
        ("5H KS|8C=KH", ["5♥", "K♠", "draw"]),  # R6: an eight counting as the king of hearts
        ("5H 9D|7H|d=3", ["5♥", "pass"]),  # R8: three drawn, so pass or lay
    ],
)
def test_a_positions_text_is_read_back_into_the_same_position(position, legal):
    from vandatta_widgets.learner.events import position_of

    game = position_game(position)
    assert sorted(str(m) for m in game.legal_moves()) == sorted(legal)
    assert position_of(game) == position  # what the record wrote, written again


def test_the_other_hand_and_the_talon_are_dealt_the_same_way_every_time():
    first, again = position_game("7H KS 2C|7C"), position_game("7H KS 2C|7C")
    assert write_record(first) == write_record(again)
    assert len(first.hand(1)) == 5
    seen = {*first.hand(0), first.pile[-1]}
    assert not seen & set(first.hand(1))


@pytest.mark.parametrize("bad", ["", "7H|", "7H KS", "XX|7C", "7H|7C|q=1", "7H|7C|r=nonsense", 5, "7H 7H|7C"])
def test_a_damaged_position_is_refused_with_its_own_error(bad):
    with pytest.raises(PositionError):
        position_game(bad)


def test_a_mistake_in_a_childs_words_in_both_languages():
    seen, chose = position_parts("5H KS|8C=KH", "KS", "not_allowed", "sv")
    assert (
        seen
        == "Överst i högen ligger klöver åtta, som räknas som hjärter kung. Du har hjärter femma och spader kung."
    )
    assert chose == "Någon i klassen lade spader kung. Det fick man inte."
    seen, chose = position_parts("7H KS 2C|7C", "draw", "mistake", "en")
    assert (
        seen
        == "On top of the pile is the seven of clubs. You have the seven of hearts, the king of spades and the two of clubs."
    )
    assert chose == "Someone in the class drew a card. That was allowed, but there was a better move."
    assert position_parts("nonsense", "KS", "mistake", "sv") == ("", "")


def test_a_mistake_becomes_a_round_the_class_can_be_asked_about():
    for position, move in (("7H KS 2C|7C", "KS"), ("7H KS 2C|7C", "2C"), ("5H 2C|AH|f=H", "2C")):
        found = question_record(position, move)
        game = read_game(found["record"])
        assert len(game.moves) == 1 and game.replay(0).is_legal(game.moves[0])
        poll = Poll.create(found["record"], code="AHCK7", now=0)
        poll.ask(poll.owner_token, ply=0, strong=found["strong"], now=1)
        assert poll.current is not None and poll.current.strong == found["strong"]
    # a move the rules allow is the one the record plays: the chart marks it as played
    assert [str(m) for m in read_game(question_record("7H KS 2C|7C", "2C")["record"]).moves] == ["2♣"]


# -- the class's service: cards ------------------------------------------------------------------


def test_cards_pictures_sign_their_pupil_in_and_new_pictures_replace_them(engine):
    service = ClassService(engine)
    made = service.create_class("4B")
    cards = service.add_pupils(made.id, ["Alva", "Bo", "Cleo"])
    assert [c["nickname"] for c in cards] == ["Alva", "Bo", "Cleo"]
    for card in cards:
        assert len(set(card["pictures"])) == 2
        signed = service.sign_in(made.code, card["nickname"], card["pictures"], address="10.0.0.1")
        assert signed.pupil_id == card["id"]
    alva = cards[0]
    fresh = service.new_pictures(made.id, alva["id"])
    while fresh == alva["pictures"]:  # one draw in 72 gives the same two again
        fresh = service.new_pictures(made.id, alva["id"])
    with pytest.raises(ClassProblem) as refused:
        service.sign_in(made.code, "Alva", alva["pictures"], address="10.0.0.1")
    assert refused.value.key == "kl_wrong_pictures"
    assert service.sign_in(made.code, "Alva", fresh, address="10.0.0.1").pupil_id == alva["id"]


def test_a_taken_nickname_adds_nobody(engine):
    service = ClassService(engine)
    made = service.create_class("4B")
    service.add_pupils(made.id, ["Alva"])
    for names in (["Bo", "alva"], ["Cleo", "CLEO"], [], ["ok"] * 41, "Bo"):
        with pytest.raises(ClassProblem):
            service.add_pupils(made.id, names)
    assert [p["nickname"] for p in service.pupils(made.id)] == ["Alva"]


# -- over HTTP --------------------------------------------------------------------------------------


def test_the_teachers_pages_over_http(engine):
    async def check(client: Client, service: ClassService) -> None:
        made = body(await client.fetch("vandatta/api/classes", {"name": "4B"}))
        code, teacher = made["code"], {"X-Vandatta-Teacher": made["secret"]}
        added = await client.fetch(
            f"vandatta/api/classes/{code}/pupils", {"nicknames": ["Zyxo", "Bo"]}, headers=teacher
        )
        assert added.code == 201
        zyxo = body(added)["pupils"][0]
        signed = body(
            await client.fetch(
                f"vandatta/api/classes/{code}/signin", {"nickname": "Zyxo", "pictures": zyxo["pictures"]}
            )
        )
        pupil = {"X-Vandatta-Pupil": signed["token"]}
        now = int(service.clock())
        events = [
            Event("tab", 1, now - 60, "round", "not_allowed", ("R4",), 0, "r:1", "7H KS 2C|7C", "KS"),
            Event("tab", 2, now - 50, "round", "not_allowed", ("R7",), 0, "r:2", "5H 2C|AH|f=H", "2C"),
            Event("tab", 3, now - 40, "round", "not_allowed", ("R4",), 0, "r:3", "7H KS 2C|7C", "KS"),
        ]
        await client.fetch("vandatta/api/pupil/sync", {"events": encode_events(events)}, headers=pupil)

        # the page: a shell in the visitor's language, nothing about a pupil in it
        for path in (f"vandatta/teacher/{code}", "vandatta/teacher", f"vandatta/teacher/{code}?lang=en"):
            page = await client.fetch(path)
            assert page.code == 200 and page.headers["Content-Type"].startswith("text/html")
            text = page.body.decode()
            assert "teacher.js" in text and "Zyxo" not in text and made["secret"] not in text
        assert t("kt_title", "en") in (await client.fetch("vandatta/teacher?lang=en")).body.decode()
        for name in ("teacher.js", "teacher.css"):
            assert (await client.fetch(f"vandatta/teacher-static/{name}")).code == 200
        assert (await client.fetch("vandatta/teacher-static/secret.py")).code == 404

        # the class's data: the teacher's key only; a pupil's token or a guess is refused in words
        reads = [f"vandatta/api/classes/{code}/view", f"vandatta/api/classes/{code}/pupils/{zyxo['id']}/view"]
        for path in reads:
            for headers in (
                {},
                pupil,
                {"X-Vandatta-Teacher": signed["token"]},
                {"X-Vandatta-Teacher": "guess"},
            ):
                refused = await client.fetch(path + "?lang=sv", headers=headers)
                assert refused.code == 403 and body(refused)["text"] == t("kl_not_teacher", "sv")
                assert b"Zyxo" not in refused.body
        for headers in ({}, pupil):
            assert (
                await client.fetch(
                    f"vandatta/api/classes/{code}/pupils", {"nicknames": ["Eve"]}, headers=headers
                )
            ).code == 403
            assert (
                await client.fetch(
                    f"vandatta/api/classes/{code}/question",
                    {"position": "7H KS 2C|7C", "move": "KS"},
                    headers=headers,
                )
            ).code == 403
        assert [p["nickname"] for p in service.pupils(service.teacher(code, made["secret"]))] == [
            "Bo",
            "Zyxo",
        ]

        view = body(await client.fetch(f"vandatta/api/classes/{code}/view?lang=sv", headers=teacher))
        top = view["mistakes"][0]
        assert (top["rule"], top["count"], top["pupils"]) == ("R4", 2, 1)
        assert top["example"]["words"].startswith("Överst i högen ligger klöver sjua.")
        assert top["example"]["chose"] == "Någon i klassen lade spader kung. Det fick man inte."
        assert top["example"]["svg"].startswith("<svg")
        page = body(
            await client.fetch(
                f"vandatta/api/classes/{code}/pupils/{zyxo['id']}/view?lang=en", headers=teacher
            )
        )
        assert page["mistakes"][0]["words"].startswith("On top of the pile is the seven of clubs.")

        asked = body(
            await client.fetch(
                f"vandatta/api/classes/{code}/question",
                {"position": top["example"]["position"], "move": top["example"]["move"]},
                headers=teacher,
            )
        )
        assert len(read_game(asked["record"]).moves) == 1
        bad = await client.fetch(
            f"vandatta/api/classes/{code}/question?lang=en",
            {"position": "XX|7C", "move": "KS"},
            headers=teacher,
        )
        assert bad.code == 400 and body(bad)["text"] == t("kl_bad_request", "en")

        # new pictures for a new card: the old ones no longer sign in
        fresh = body(
            await client.fetch(
                f"vandatta/api/classes/{code}/pupils/{zyxo['id']}",
                {"action": "new_pictures"},
                headers=teacher,
            )
        )["pictures"]
        assert len(set(fresh)) == 2
        gone = await client.fetch("vandatta/api/pupil/me", headers=pupil)
        assert gone.code == 401
        again = await client.fetch(
            f"vandatta/api/classes/{code}/signin", {"nickname": "Zyxo", "pictures": fresh}
        )
        assert again.code == 200

    serve(engine, check)


# -- every position a round passes through reads back with the same choices -----------------------


def _choices(game: Game) -> set:
    # the cards a play lays, or drawing / passing; an eight's declaration and a call are details
    return {
        tuple(sorted(str(c) for c in m.cards)) if m.is_play else str(m).split()[0] for m in game.legal_moves()
    }


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), preset=st.sampled_from(["standard", "strict"]), seats=st.integers(2, 4))
def test_every_position_of_a_round_reads_back_with_the_same_choices(seed, preset, seats):
    from vandatta import Rules, make_player, play_game
    from vandatta_widgets.learner.events import position_of

    players = [make_player("random", seed=seed + i) for i in range(seats)]
    game = play_game(players, seed=seed, rules=Rules.preset(preset), notes=False)
    for ply in range(0, len(game.moves), 3):
        position = game.replay(ply)
        if position.talon_size == 0:  # the talon's true size is not kept: drawing may differ
            continue
        text = position_of(position)
        back = position_game(text)
        assert position_of(back) == text
        assert _choices(back) == _choices(position), (text, ply)


def test_a_position_that_cannot_be_read_is_shown_as_nothing_never_as_markup(engine):
    from vandatta_widgets.server.teacher import teacher_view

    service = ClassService(engine)
    made = service.create_class("4B")
    card = service.add_pupils(made.id, ["Alva"])[0]
    token = service.sign_in(made.code, "Alva", card["pictures"], address="a").token
    now = int(service.clock())
    sent = [Event("tab", 1, now - 5, "round", "not_allowed", ("R4",), 0, "r:1", "<img src=x>|7C", "KS")]
    service.sync(token, encode_events(sent))
    example = teacher_view(service, made.id, lang="sv")["mistakes"][0]["example"]
    assert (example["words"], example["chose"], example["svg"]) == ("", "", "")
