"""The join page's first step (widgets/server/join.js): the nickname typed, the server says
whether it is in the class (a child holding a sign-in card taps their pictures next; a new name
chooses pictures). What a visitor with only the class code learns is one nickname's yes or no
per lookup, slowed per address as wrong pictures are; nothing is made or changed by a lookup;
the fast path of today (``join``'s "already called …") is slowed the same way. On SQLite and
PostgreSQL, over the service and over HTTP."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import func, select

from tests.server.test_classes import Clock
from tests.server.test_handlers import body, serve
from vandatta_widgets.base.i18n import t
from vandatta_widgets.server.classes import LOOKUP_MISSES, ClassProblem, ClassService
from vandatta_widgets.server.db import pupils


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def service(engine, clock):
    return ClassService(engine, clock=clock)


def _pupil_count(engine) -> int:
    with engine.connect() as db:
        return db.execute(select(func.count()).select_from(pupils)).scalar_one()


def test_a_lookup_says_which_step_comes_next_and_changes_nothing(service, engine):
    made = service.create_class("4B")
    class_id = service.teacher(made.code, made.secret)
    [card] = service.add_pupils(class_id, ["Alva"])
    service.join(made.code, "Bo", ["fox", "owl"], address="10.0.0.7")
    cleo = service.join(made.code, "Cleo", ["cat", "owl"], address="10.0.0.7")
    service.reset_pictures(class_id, cleo.pupil_id)
    before = _pupil_count(engine)
    look = service.name_step
    assert look(made.code, "alva", address="10.0.0.9") == "pictures"  # the card's name, any case
    assert look(made.code, " Bo ", address="10.0.0.9") == "pictures"
    assert look(made.code, "Cleo", address="10.0.0.9") == "reset"
    assert look(made.code, "Dani", address="10.0.0.9") == "new"
    assert _pupil_count(engine) == before  # a lookup makes nobody
    # the card's pictures then sign in, as printed
    assert service.sign_in(made.code, "Alva", card["pictures"], address="10.0.0.9").nickname == "Alva"


@pytest.mark.parametrize(
    ("code", "nickname", "key"),
    [("ZZZZZ", "Alva", "kl_no_class"), (None, "Alva", "kl_no_class"), ("OK", "", "lr_name_empty")],
)
def test_a_bad_lookup_is_refused_in_words(service, code, nickname, key):
    made = service.create_class("4B")
    with pytest.raises(ClassProblem) as refused:
        service.name_step(made.code if code == "OK" else code, nickname, address="10.0.0.9")
    assert refused.value.key == key


def test_lookups_of_names_not_in_the_class_are_slowed_per_address(service, clock):
    made = service.create_class("4B")
    service.join(made.code, "Alva", ["fox", "owl"], address="192.0.2.1")
    guesser = "198.51.100.7"
    for i in range(LOOKUP_MISSES):  # a visitor with the code tries names
        assert service.lookup_wait(made.code, f"Namn{i}", address=guesser) == 0.0
        assert service.name_step(made.code, f"Namn{i}", address=guesser) == "new"
    waits = [service.lookup_wait(made.code, "Alva", address=guesser) for _ in range(3)]
    assert waits[0] == 0.0 and 0 < waits[1] < waits[2]  # each waits its turn, hits as misses
    # a wrong class code counts as a miss too
    for _ in range(LOOKUP_MISSES):
        with pytest.raises(ClassProblem):
            service.name_step("QQQQQ", "Alva", address="203.0.113.5")
    assert [service.lookup_wait(made.code, "Alva", address="203.0.113.5") > 0 for _ in "ab"] == [False, True]
    # others are not slowed; a pupil who signed in from the guesser's address never waits
    assert service.lookup_wait(made.code, "Alva", address="10.0.0.1") == 0.0
    assert service.lookup_wait(made.code, "Alva", address="192.0.2.1") == 0.0
    clock.now += 3600  # the misses leave the window
    assert service.lookup_wait(made.code, "Namn0", address=guesser) == 0.0


def test_names_found_do_not_count_as_misses(service):
    made = service.create_class("4B")
    class_id = service.teacher(made.code, made.secret)
    service.add_pupils(class_id, [f"Elev{i}" for i in range(30)])
    for _ in range(LOOKUP_MISSES // 30 + 2):  # a class of card holders, again and again
        for i in range(30):
            assert service.name_step(made.code, f"Elev{i}", address="192.0.2.1") == "pictures"
    assert service.lookup_wait(made.code, "Ny", address="192.0.2.1") == 0.0


def test_joining_with_a_name_in_the_class_counts_as_a_missed_lookup(service):
    made = service.create_class("4B")
    service.join(made.code, "Alva", ["fox", "owl"], address="192.0.2.1")
    for _ in range(LOOKUP_MISSES):
        with pytest.raises(ClassProblem) as taken:
            service.join(made.code, "Alva", ["cat", "owl"], address="198.51.100.7")
        assert taken.value.key == "kl_name_taken"
    assert [service.lookup_wait(made.code, "Bo", address="198.51.100.7") > 0 for _ in "ab"] == [False, True]


def test_the_lookup_over_http_answers_the_step_and_nothing_else(engine):
    async def check(client, service: ClassService) -> None:
        made = service.create_class("4B")
        class_id = service.teacher(made.code, made.secret)
        service.add_pupils(class_id, ["Alva"])
        found = await client.fetch(f"vandatta/api/classes/{made.code}/name", {"nickname": "ALVA"})
        assert found.code == 200 and body(found) == {"step": "pictures"}
        new = await client.fetch(f"vandatta/api/classes/{made.code}/name", {"nickname": "Bo"})
        assert new.code == 200 and body(new) == {"step": "new"}
        wrong = await client.fetch("vandatta/api/classes/ZZZZZ/name?lang=sv", {"nickname": "Bo"})
        assert wrong.code == 404 and body(wrong)["text"] == t("kl_no_class", "sv")
        # from another site, or not JSON: refused before anything is looked up
        elsewhere = await client.fetch(
            f"vandatta/api/classes/{made.code}/name",
            {"nickname": "Alva"},
            headers={"Origin": "http://evil.example"},
        )
        assert elsewhere.code == 403 and "pictures" not in json.dumps(body(elsewhere))
        assert [p["nickname"] for p in service.pupils(class_id)] == ["Alva"]

    serve(engine, check)


def test_the_cards_short_address_opens_the_join_page_with_the_code(engine):
    async def check(client, service: ClassService) -> None:
        made = service.create_class("4B")
        page = await client.fetch(f"j/{made.code.lower()}?lang=en")
        assert page.code == 200 and page.headers["Content-Type"].startswith("text/html")
        text = page.body.decode()
        assert "join.js" in text and f"&quot;code&quot;: &quot;{made.code.lower()}&quot;" in text
        assert (await client.fetch("j/not-a-code-at-all")).code == 404

    serve(engine, check)
