"""The tables for people on different devices (widgets/tables), without a browser: codes and
tokens, the rules of a table (who may do what), what each seat's page is sent, the store
through a restart, seats covered while their person is away, caps and bad input."""

from __future__ import annotations

import json
import random
import time

import pytest

from tests.helpers.loops import in_a_fresh_loop
from tests.helpers.tables_check import leaked
from vandatta import Card, IllegalMoveError, standard_deck
from vandatta.record import read_game, write_record
from vandatta_widgets.play.session import NAME_LIMIT
from vandatta_widgets.server.table_store import TableStore
from vandatta_widgets.tables.codes import ALPHABET, CodeError, RateLimit, new_code, parse_code, token_hash
from vandatta_widgets.tables.service import RecordingPage, ServiceLimits, TableService
from vandatta_widgets.tables.table import Table, TableProblem, TableSettings

# -- codes and tokens ----------------------------------------------------------------------------


def test_codes_have_no_look_alike_characters_and_forgive_case_spaces_and_dashes():
    for a, b in ("0O", "0Q", "0D", "1I", "1L", "2Z", "5S", "6G", "8B", "UV"):
        assert not (a in ALPHABET and b in ALPHABET), (a, b)
    rng = random.Random(5)
    codes = {new_code(rng) for _ in range(2000)}
    assert len(codes) > 1990 and all(len(c) == 5 and set(c) <= set(ALPHABET) for c in codes)
    code = next(iter(codes))
    assert parse_code(f" {code[:2].lower()}-{code[2:]} ") == code
    for bad in ("", "ABC", "AHCK77", "AHCK0", None, 12345, "A" * 100):
        with pytest.raises(CodeError):
            parse_code(bad)


def test_the_rate_limit_counts_each_visitor_apart_and_forgets_after_its_window():
    limit = RateLimit(attempts=5, per_seconds=10)
    assert all(limit.allow("a", now=t) for t in range(5))
    assert not limit.allow("a", now=5) and limit.allow("b", now=5)
    assert limit.allow("a", now=10.5)  # the first attempt left the window


# -- one table ---------------------------------------------------------------------------------


def three(**extra) -> tuple[Table, str, str]:
    """Ada (the maker, seat 0) and Bo (seat 1) with a computer (seat 2), started."""
    table = Table.create(
        TableSettings.parse({"seats": ["person", "person", "beginner"], **extra}), code="AHCK7", now=0
    )
    ada = table.join(0, "Ada", now=0, token=table.owner_token)
    bo = table.join(1, "Bo", now=0)
    table.start(ada, now=0)
    return table, ada, bo


def state_of(table: Table) -> str:
    return json.dumps(table.to_json(), sort_keys=True)


def test_settings_are_checked_with_a_reason_in_both_languages():
    for data, key in [
        ({"seats": ["person"]}, "tb_bad_seats"),
        ({"seats": ["person"] * 9}, "tb_bad_seats"),
        ({"seats": ["person", "wizard"]}, "tb_bad_seats"),
        ({"seats": ["expert", "strong"]}, "tb_no_person"),
        ({"seats": ["person", "expert"], "rules": "v9"}, "tb_bad_rules"),
        ({"seats": ["person", "expert"], "match": "yes"}, "tb_bad_request"),
        ("seats", "tb_bad_request"),
    ]:
        with pytest.raises(TableProblem) as caught:
            TableSettings.parse(data)
        assert caught.value.key == key
        assert caught.value.text("sv") != caught.value.text("en")
    assert TableSettings.parse({"seats": ["person", "expert"], "rules": "v3"}).rules.lappen
    seven = Table.create(
        TableSettings.parse({"seats": ["person", "expert"], "rules": "o4=7,v3"}), code="AHCK7", now=0
    )
    assert seven.frame(None, lang="en")["rules_text"] == (
        "Rules: as in the source, and Lappen (V3), Cards dealt (O4)."
    )
    token = seven.join(0, "Ada", now=0, token=seven.owner_token)
    seven.start(token, now=0)
    assert len(seven.frame(0)["hand"]) in (7, 8)  # seven cards dealt (one more after an ace starter)


def test_the_page_offers_the_engines_presets_and_switches_in_both_languages():
    from vandatta_widgets.tables.page import rule_choices

    choices = rule_choices()
    names = {p["name"] for p in choices["presets"]}
    assert {"standard", "sju_kort", "fem_kort"} <= names
    assert all(p["text"]["sv"] != p["text"]["en"] for p in choices["presets"])
    assert [s["id"] for s in choices["switches"]] == [  # every switch (issue 40)
        *("V1", "V2", "V3", "O1", "O2", "O3", "O4", "O5", "O6", "O7"),
        *("O8", "O9", "O10", "O11", "O12", "O13", "O14"),
    ]
    o8 = next(s for s in choices["switches"] if s["id"] == "O8")
    assert [v["value"] for v in o8["values"]] == ["three", "one", "until"]  # the source's first
    assert o8["values"][2]["text"]["sv"] == "Dra tills ett kort passar"
    chosen = TableSettings.parse({"seats": ["person", "expert"], "rules": "nodecardgame,o8=until,o14"})
    assert (
        chosen.rules.drawing == "until" and chosen.rules.play_for_places and chosen.rules.false_lappen_penalty
    )
    varning = TableSettings.parse({"seats": ["person", "expert"], "rules": "o9"})
    assert varning.rules.varning and varning.rules.ids() == ("O9",)  # the switch a table accepts
    for preset in choices["presets"]:  # every preset's rules are ones a table accepts
        TableSettings.parse({"seats": ["person", "expert"], "rules": preset["rules"]})


def test_a_seat_is_taken_only_once_only_by_a_person_and_with_a_clean_name():
    table = Table.create(TableSettings.parse({"seats": ["person", "person", "expert"]}), code="AHCK7", now=0)
    bo = table.join(1, "  Bo \n Bergström ", now=1)
    assert table.claims[1].name == "Bo Bergström" and table.seat_of(bo) == 1
    assert table.claims[1].token == token_hash(bo) and bo not in json.dumps(table.to_json())
    for seat, name, key in [
        (1, "Cleo", "tb_seat_taken"),
        (2, "Cleo", "tb_bad_seat"),
        (7, "Cleo", "tb_bad_seat"),
        ("0", "Cleo", "tb_bad_seat"),
        (0, ["Cleo"], "tb_bad_name"),
    ]:
        before = state_of(table)
        with pytest.raises(TableProblem) as caught:
            table.join(seat, name, now=2)
        assert caught.value.key == key and state_of(table) == before
    table.join(0, "x" * (NAME_LIMIT + 5), now=3)
    assert table.claims[0].name == "x" * NAME_LIMIT  # a long name is cut, as the session does
    table.claims.pop(0)
    # a name is text, never markup: it reaches the page as a JSON string (the page sets textContent)
    table.join(0, "<b>Ada</b>", now=3)
    assert table.frame(1)["seats"][0]["name"] == "<b>Ada</b>"


def test_someone_who_takes_a_free_seat_of_a_table_already_playing_is_named_in_the_moves():
    table = Table.create(
        TableSettings.parse({"seats": ["person", "person", "beginner"]}), code="AHCK7", now=0
    )
    ada = table.join(0, "Ada", now=0, token=table.owner_token)
    table.start(ada, now=1)  # seat 1 free: a computer keeps it
    assert table.session.covered == {1} and table.computer_due()
    table.computer_step(now=2)
    bo = table.join(1, "Bo", now=3)
    assert table.session.covered == set() and table.session.names("en")[1] == "Bo"
    if table.session.to_move == 1:
        move = str(table.session.game.legal_moves()[0])
        table.act(bo, {"type": "move", "move": move}, now=4)
        assert table.frame(0, lang="en")["log"][-1]["who"] == "Bo"


def test_only_the_maker_starts_pauses_and_closes_and_nobody_moves_for_another_seat():
    table = Table.create(
        TableSettings.parse({"seats": ["person", "person", "beginner"]}), code="AHCK7", now=0
    )
    ada = table.join(0, "Ada", now=0, token=table.owner_token)
    bo = table.join(1, "Bo", now=0)
    with pytest.raises(TableProblem, match="Only the one who made"):
        table.start(bo, now=1)
    table.start(ada, now=1)
    assert table.session.to_move == 1  # Bo, after the dealer (R3)
    before = state_of(table)
    for token, message, key in [
        (ada, {"type": "move", "move": "draw"}, "pt_not_your_turn"),  # Bo's turn, not Ada's
        ("a guessed token", {"type": "move", "move": "draw"}, "tb_no_seat"),
        (None, {"type": "move", "move": "draw"}, "tb_no_seat"),
        (bo, {"type": "pause"}, "tb_owner_only"),
        (bo, {"type": "close"}, "tb_owner_only"),
        (bo, {"type": "start"}, "tb_owner_only"),
        (bo, {"type": "move", "move": "7♥ 7♥ 7♥ nonsense"}, "tb_bad_move"),
        (bo, {"type": "move", "move": 7}, "tb_bad_move"),
        (bo, {"type": "move", "move": "8♥" * 50}, "tb_bad_move"),
        (bo, {"type": "fly"}, "tb_bad_request"),
        (bo, {"move": "draw"}, "tb_bad_request"),
        (bo, ["move", "draw"], "tb_bad_request"),
        (bo, {"type": "next_round"}, "tb_round_on"),
    ]:
        with pytest.raises(TableProblem) as caught:
            table.act(token, message, now=2)
        assert caught.value.key == key, (message, caught.value.key)
        assert state_of(table) == before
    with pytest.raises(TableProblem) as caught:
        table.act(ada, {"type": "move", "move": "draw"}, now=2)
    assert (
        caught.value.text("sv") == "Vänta – nu är det Bos tur."
        and caught.value.text("en") == "Wait – it is Bo's turn."
    )


def test_an_illegal_move_gets_the_engines_verdict_and_changes_nothing():
    table, _, bo = three()
    game = table.session.game
    # a card Bo does not hold, and (if he has one) a card of his that does not fit the pile
    absent = next(c for c in standard_deck() if c not in game.hand(1) and c not in game.pile)
    misfits = [
        c
        for c in game.hand(1)
        if not c.is_eight and c.suit != game.current_suit and c.rank != game.current_rank
    ]
    for card in [absent, *misfits[:1]]:
        before = state_of(table)
        with pytest.raises(IllegalMoveError) as caught:
            table.act(bo, {"type": "move", "move": str(card)}, now=1)
        verdict = caught.value.verdict
        assert not verdict.legal and verdict.text("sv") != verdict.text("en")
        assert state_of(table) == before


def test_the_maker_pauses_and_resumes_and_a_closed_table_takes_nothing():
    table, ada, bo = three()
    table.act(ada, {"type": "pause"}, now=1)
    assert table.frame(1)["status"] == "paused" and not table.computer_due()
    with pytest.raises(TableProblem, match="paused"):
        table.act(bo, {"type": "move", "move": "draw"}, now=2)
    table.act(ada, {"type": "resume"}, now=3)
    table.act(bo, {"type": "move", "move": "draw"}, now=4)
    table.act(ada, {"type": "close"}, now=5)
    for token, message in [(bo, {"type": "move", "move": "draw"}), (ada, {"type": "resume"})]:
        with pytest.raises(TableProblem, match="closed"):
            table.act(token, message, now=6)
    with pytest.raises(TableProblem, match="closed"):
        table.join(0, "Cleo", now=6)


# -- what each seat sees: no hidden card, ever ------------------------------------------------------


def play_round_through_the_service(
    seed: int, lang: str, *, moves: int = 0
) -> tuple[TableService, str, dict[int, RecordingPage], list, dict[int, str], int]:
    """Ada and Bo play random legal moves (``seed``) beside an expert at a table of the service,
    each frame their pages get checked for cards that seat may not see, until a round is over
    and at least ``moves`` moves were played in all — the table deals at random, so a short
    round is followed by another, begun by Ada. Returns the service, the code, the pages, the
    leaks, the tokens and the number of moves played."""
    service = TableService(TableStore(":memory:"), pace=0.0)
    made = service.create({"seats": ["person", "person", "expert"]}, name="Ada", lang=lang)
    code, ada = made["code"], made["token"]
    bo = service.join(code, 1, "Bo")["token"]
    pages = {0: RecordingPage(), 1: RecordingPage()}
    service.connect(code, ada, pages[0], lang=lang)
    service.connect(code, bo, pages[1], lang=lang)
    service.act(code, ada, {"type": "start"})
    table = service.tables[code]
    tokens = {0: ada, 1: bo}
    rng = random.Random(seed)
    leaks = []
    seen = {0: 0, 1: 0}
    played = 0

    def check_new_frames() -> None:
        for seat, page in pages.items():
            for frame in page.frames[seen[seat] :]:
                named = leaked(frame, table.session.game, seat, lang)
                if named:
                    leaks.append((seat, frame.get("ply"), sorted(map(str, named))))
            seen[seat] = len(page.frames)

    for _ in range(400 + 4 * moves):
        check_new_frames()
        if table.session.game.is_over:
            played += table.session.game.ply
            if played >= moves:
                break
            service.act(code, ada, {"type": "next_round"})
            continue
        if table.computer_due():
            service.step_computers(code, max_moves=1)
            continue
        seat = table.session.to_move
        move = rng.choice(list(table.session.game.legal_moves()))
        service.act(code, tokens[seat], {"type": "move", "move": str(move)})
    check_new_frames()
    return service, code, pages, leaks, tokens, played


@pytest.mark.parametrize(("seed", "lang"), [(1, "sv"), (2, "en"), (3, "sv"), (4, "en")])
def test_no_frame_sent_to_a_seat_names_a_card_that_seat_may_not_see(seed, lang):
    service, code, pages, leaks, _, played = play_round_through_the_service(seed, lang, moves=40)
    assert service.tables[code].session.game.is_over and played >= 40
    assert all(len(p.frames) >= played for p in pages.values())  # a frame after every move
    assert leaks == []
    # and the check can fail: a frame of Bo's hand sent to Ada's seat names Bo's cards
    table = service.tables[code]
    table.session.next_round()
    own = table.frame(1, lang=lang)
    assert leaked(own, table.session.game, 0, lang)


def test_a_frame_holds_the_seats_hand_and_its_plays_and_the_pile():
    table, _, _ = three()
    frame = table.frame(1, lang="en")
    game = table.session.game
    assert {Card.parse(h["card"]) for h in frame["hand"]} == set(game.hand(1))
    assert frame["your_turn"] and frame["to_move"] == 1 and frame["top"] == str(game.top)
    assert frame["title"] == "▶ Your turn"
    legal_plays = {tuple(sorted(map(str, g))) for g, _, _ in game.legal_moves().plays()}
    assert {tuple(sorted(frame["hand"][i]["card"] for i in play)) for play in frame["plays"]} == legal_plays
    other = table.frame(0, lang="sv")
    assert not other["your_turn"] and other["plays"] == [] and other["title"] == "Det är Bos tur."
    assert table.frame(None, lang="en")["hand"] == []  # a page without a seat holds no hand


def _varning_round(rng: random.Random, done: set[str]) -> None:
    """One round of two people under O9 (the deal is the table's own): a call made, a call
    forgotten and a call at the wrong time, each checked once, as the pages send them."""
    from vandatta_widgets.play.turn import move_label

    table = Table.create(
        TableSettings.parse({"seats": ["person", "person"], "rules": "o9"}), code="AHCK7", now=0
    )
    tokens = [table.join(0, "Ada", now=0, token=table.owner_token), table.join(1, "Bo", now=0)]
    table.start(tokens[0], now=0)
    game = table.session.game
    for now in range(1, 600):
        if game.is_over or len(done) == 3:
            return
        seat = game.to_move
        frame = table.frame(seat, lang="en")
        assert frame["varning_rule"] is True and frame["lappen_rule"] is False
        moves = list(game.legal_moves())
        calls = [m for m in moves if m.varning]
        if calls and "called" not in done:  # the call, as the page sends it: the move's words then " varning"
            move = rng.choice(calls)
            table.act(tokens[seat], {"type": "move", "move": str(move)}, now=now)
            assert game.varning_called[seat] and game.hand_size(seat) == 3
            after = table.frame(1 - seat, lang="sv")
            assert after["seats"][seat]["varning"] is True
            assert (
                after["log"][-1]["move"] == move_label(move, "sv") and "varning" in after["log"][-1]["move"]
            )
            assert "(O9)" in after["log"][-1]["text"]
            done.add("called")
            continue
        if calls and "forgot" not in done:  # the same move without the call: the engine's penalty
            move = rng.choice(calls).with_varning(False)
            table.act(tokens[seat], {"type": "move", "move": str(move)}, now=now)
            assert not game.varning_called[seat] and game.hand_size(seat) > 3
            assert (
                "as a penalty for not calling varning (O9)" in table.frame(seat, lang="en")["log"][-1]["text"]
            )
            assert table.frame(seat)["seats"][seat]["varning"] is False
            done.add("forgot")
            continue
        plays = [m for m in moves if m.is_play and not m.varning]
        wrong = [m for m in plays if game.hand_size(seat) - len(m.cards) != 3]
        if wrong and "refused" not in done:  # a call at the wrong time: the engine says no, nothing changes
            before = state_of(table)
            with pytest.raises(IllegalMoveError) as caught:
                table.act(tokens[seat], {"type": "move", "move": str(wrong[0].with_varning())}, now=now)
            assert "(O9)" in caught.value.verdict.text("en") and state_of(table) == before
            done.add("refused")
        move = rng.choice(plays or [m for m in moves if not m.varning])
        table.act(tokens[seat], {"type": "move", "move": str(move)}, now=now)


def test_the_varning_call_o9_is_offered_sent_shown_and_a_forgotten_one_costs_the_penalty():
    from vandatta_widgets.play.turn import move_label

    plain, _, _ = three()
    assert plain.frame(1)["varning_rule"] is False  # the page shows no varning toggle
    rng, done = random.Random(3), set()
    for _ in range(20):  # a round may end before all three happened: another deal
        _varning_round(rng, done)
        if len(done) == 3:
            break
    assert done == {"called", "forgot", "refused"}
    assert move_label("pass varning", "sv") == "Stå över varning"  # the calls as the notation says them
    assert move_label("pass varning lappen", "en") == "Pass varning lappen"


# -- the service: pages, computers, away seats, the store ---------------------------------------------


def test_every_page_gets_its_own_seats_frames_in_its_own_language():
    service = TableService(TableStore(":memory:"), pace=0.0)
    made = service.create({"seats": ["person", "person", "expert"]}, name="Ada")
    code = made["code"]
    bo = service.join(code, 1, "Bo")["token"]
    ada_page, bo_page, onlooker = RecordingPage(), RecordingPage(), RecordingPage()
    service.connect(code, made["token"], ada_page, lang="sv")
    service.connect(code, bo, bo_page, lang="en")
    service.connect(code, None, onlooker, lang="en")
    service.act(code, made["token"], {"type": "start"})
    assert ada_page.frames[-1]["seat"] == 0 and ada_page.frames[-1]["lang"] == "sv"
    assert bo_page.frames[-1]["seat"] == 1 and bo_page.frames[-1]["title"] == "▶ Your turn"
    assert onlooker.frames[-1]["seat"] is None and onlooker.frames[-1]["hand"] == []
    assert ada_page.frames[-1]["owner"] and not bo_page.frames[-1]["owner"]
    # a refusal goes to the page that asked, in its language, and to nobody else
    count = len(ada_page.frames)
    service.page_act(bo_page, bo, {"type": "close"})
    assert bo_page.frames[-1] == {
        "type": "error",
        "key": "tb_owner_only",
        "text": "Only the one who made the table can do that.",
    }
    assert len(ada_page.frames) == count


def test_the_computers_move_at_their_pace_on_the_servers_loop():
    async def run() -> tuple[int, int]:
        service = TableService(TableStore(":memory:"), pace=0.01)
        made = service.create({"seats": ["person", "expert", "expert"]}, name="Ada")
        page = RecordingPage()
        service.connect(made["code"], made["token"], page)
        service.act(made["code"], made["token"], {"type": "start"})
        table = service.tables[made["code"]]
        before = table.session.game.ply
        await service.settle()
        return before, table.session.game.ply

    before, after = in_a_fresh_loop(run)
    assert before == 0 and after > 0  # seat 1 and 2 moved; seat 0 (Ada) is to move or the round ended


def test_a_seat_left_empty_is_played_by_a_computer_until_its_person_comes_back():
    now = [0.0]
    service = TableService(
        TableStore(":memory:"), limits=ServiceLimits(away_seconds=30), pace=0.0, clock=lambda: now[0]
    )
    made = service.create({"seats": ["person", "person"]}, name="Ada")
    code = made["code"]
    bo = service.join(code, 1, "Bo")["token"]
    ada_page, bo_page = RecordingPage(), RecordingPage()
    service.connect(code, made["token"], ada_page)
    service.connect(code, bo, bo_page)
    service.act(code, made["token"], {"type": "start"})
    table = service.tables[code]
    assert table.session.to_move == 1
    service.disconnect(bo_page)  # Bo's tablet went to sleep
    now[0] = 29.0
    service.check_away()
    assert 1 not in table.session.covered
    assert ada_page.frames[-1]["seats"][1]["here"] is False
    now[0] = 31.0
    service.check_away()
    assert 1 in table.session.covered and ada_page.frames[-1]["seats"][1]["covered"]
    service.step_computers(code, max_moves=50)  # the computer plays Bo's turns
    assert table.session.game.ply > 0
    back = RecordingPage()
    service.connect(code, bo, back)  # Bo is back: the seat is his again
    assert 1 not in table.session.covered and back.frames[-1]["seat"] == 1
    assert not back.frames[-1]["seats"][1]["covered"]


def test_every_table_goes_on_at_the_same_move_with_the_same_seats_after_a_restart(tmp_path):
    path = tmp_path / "tables.sqlite"
    service = TableService(TableStore(path), pace=0.0)
    made = service.create({"seats": ["person", "person", "expert"], "match": True}, name="Ada")
    code = made["code"]
    bo = service.join(code, 1, "Bo")["token"]
    service.act(code, made["token"], {"type": "start"})
    table = service.tables[code]
    rng = random.Random(9)
    for _ in range(12):
        if table.session.game.is_over:
            break
        if table.computer_due():
            service.step_computers(code, max_moves=1)
        else:
            token = made["token"] if table.session.to_move == 0 else bo
            service.act(
                code, token, {"type": "move", "move": str(rng.choice(list(table.session.game.legal_moves())))}
            )
    before = table.frame(1, lang="en")
    # a new server on the same file (nothing was closed: as after kill -9)
    again = TableService(TableStore(path), pace=0.0)
    restored = again.tables[code]
    after = restored.frame(1, lang="en")
    assert (
        after["ply"] == before["ply"]
        and after["hand"] == before["hand"]
        and after["seats"] == [dict(s, here=False) for s in before["seats"]]
    )
    assert restored.seat_of(bo) == 1 and restored.is_owner(made["token"])
    assert write_record(restored.session.game) == write_record(table.session.game)
    # and plays on exactly as the first would have: the computers' moves too
    for server in (again, service):
        server.step_computers(code, max_moves=30)
    restored = again.tables[code]
    if not restored.session.game.is_over:
        token = made["token"] if restored.session.to_move == 0 else bo
        move = str(restored.session.game.legal_moves()[0])
        again.act(code, token, {"type": "move", "move": move})
        service.act(code, token, {"type": "move", "move": move})
    assert write_record(again.tables[code].session.game) == write_record(service.tables[code].session.game)


def test_a_server_caps_its_tables_and_closed_or_idle_tables_go_with_their_codes():
    now = [0.0]
    service = TableService(
        TableStore(":memory:"),
        limits=ServiceLimits(max_tables=3, idle_hours=1),
        pace=0.0,
        clock=lambda: now[0],
    )
    made = [service.create({"seats": ["person", "expert"]}) for _ in range(3)]
    with pytest.raises(TableProblem, match="no room for another table"):
        service.create({"seats": ["person", "expert"]})
    service.act(made[0]["code"], made[0]["token"], {"type": "close"})
    service.create({"seats": ["person", "expert"]})  # the closed one made room
    with pytest.raises(TableProblem, match="There is no table with the code"):
        in_a_fresh_loop(lambda: service.find(made[0]["code"], visitor="x"))
    now[0] = 3601.0
    service.check_away()
    assert service.tables == {}


def test_codes_cannot_be_tried_quickly():
    service = TableService(TableStore(":memory:"), limits=ServiceLimits(lookups_per_minute=5), pace=0.0)
    made = service.create({"seats": ["person", "expert"]})

    async def look_up() -> None:
        for _ in range(5):
            with pytest.raises(TableProblem, match="no table"):
                await service.find("AAAAA", visitor="10.1.2.3")
        assert service.lookups.slowed("10.1.2.3", now=time.monotonic())  # its next guesses wait
        # the right code waits its turn (the first at once) and is never refused: a whole class
        # behind one address finds its tables, and right codes do not count
        assert (await service.find(made["code"], visitor="10.1.2.3")).code == made["code"]
        for _ in range(50):
            assert (await service.find(made["code"], visitor="10.9.9.9")).code == made["code"]
        assert not service.lookups.slowed("10.9.9.9", now=time.monotonic())

    in_a_fresh_loop(look_up)


def test_a_table_caps_its_open_pages():
    service = TableService(TableStore(":memory:"), limits=ServiceLimits(pages_per_table=5), pace=0.0)
    made = service.create({"seats": ["person", "expert"]})
    for _ in range(5):
        service.connect(made["code"], None, RecordingPage())
    with pytest.raises(TableProblem, match="as many screens open"):
        service.connect(made["code"], None, RecordingPage())
    assert len(service.tables[made["code"]].claims) == 1


def test_the_server_keeps_working_when_many_pages_drop_at_once():
    class Dropping(RecordingPage):
        def send(self, frame: dict) -> None:
            raise ConnectionError("gone")

    service = TableService(TableStore(":memory:"), pace=0.0)
    made = service.create({"seats": ["person", "person", "expert"]}, name="Ada")
    code = made["code"]
    keeper = RecordingPage()
    service.connect(code, made["token"], keeper)
    for _ in range(200):
        service.connect(code, None, Dropping())  # its first frame already fails: it is dropped
    service.act(code, made["token"], {"type": "start"})
    assert keeper.frames[-1]["status"] == "playing"
    bo = service.join(code, 1, "Bo")["token"]
    service.act(code, bo, {"type": "move", "move": "draw"})
    assert keeper.frames[-1]["ply"] == 1


def test_the_record_is_given_to_a_seat_once_the_round_is_over():

    service, code, _, _, tokens, _ = play_round_through_the_service(7, "en")
    table = service.tables[code]
    assert table.session.game.is_over
    with pytest.raises(TableProblem, match="no seat"):
        table.record("not a seat")
    record = table.record(tokens[1])
    assert read_game(record).moves == table.session.game.moves
    table.act(tokens[0], {"type": "next_round"}, now=1)
    with pytest.raises(TableProblem, match="still going on"):
        table.record(tokens[1])


def test_the_dashboards_tab_mounts_the_tables_page_and_follows_the_dashboards_language():
    from vandatta_widgets.app.dashboard import Dashboard

    dash = Dashboard(lang="sv")
    assert dash.tables_tab is None  # built when first opened
    dash.tabs.selected_index = len(dash.tabs.children) - 1
    tab = dash.tables_tab
    assert tab is not None and tab.lang == "sv" and dash.tabs.titles[-1] == "Spela med andra"
    assert tab.words["tbc_join"] == {"sv": "Gå med", "en": "Join"} and "tbc_no_server" in tab.words
    dash.lang = "en"
    assert tab.lang == "en" and dash.tabs.titles[-1] == "Play with others"
    assert "Play friends" in dash.tables_page.children[0].value
    tab.set_state({"words": {}, "base": "//evil.example/"})  # the browser may write nothing
    assert tab.base == "" and tab.words["tbc_join"]["en"] == "Join"


def test_the_tabs_import_no_web_server_so_they_load_in_the_browsers_own_python_too():
    """The static site runs the widgets in Pyodide, where tornado is not: the dashboard's tab
    and the projector's widget must import without it (they then say there are no tables)."""
    import subprocess
    import sys

    code = (
        "import sys, vandatta_widgets.tables.tab, vandatta_widgets.tables.poll_tab;"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('tornado', 'jupyter_server', 'voila')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert out.stdout.strip() == "[]", out.stdout


def test_a_table_with_places_shows_each_players_place():
    """Rule O10 (issue 40): a seat that goes out shows its place while the others play on."""
    table = Table.create(
        TableSettings.parse({"seats": ["person", "person", "person"], "rules": "o10"}), code="AHCK7", now=0
    )
    tokens = [table.join(0, "Ada", now=0, token=table.owner_token), table.join(1, "Bo", now=0)]
    tokens.append(table.join(2, "Cy", now=0))
    table.start(tokens[0], now=0)
    game = table.session.game
    rng = random.Random(4)
    now = 1
    while not game.is_over and now < 5000:
        seat = game.to_move
        plays = [m for m in game.legal_moves() if m.is_play]  # keen to go out: a play where there is one
        move = rng.choice(plays or list(game.legal_moves()))
        table.act(tokens[seat], {"type": "move", "move": str(move)}, now=now)
        now += 1
        if game.places and not game.is_over:
            first = game.places[0]
            frame = table.frame(1 - first if first < 2 else 0, lang="sv")
            assert frame["seats"][first]["place"] == 1
            assert [s["place"] for i, s in enumerate(frame["seats"]) if i != first] == [None, None]
    assert game.is_over
    if not game.is_blocked:
        assert sorted(s["place"] for s in table.frame(0, lang="en")["seats"]) == [1, 2, 3]


def test_a_shared_win_of_a_game_to_100_is_said_as_shared_in_the_title():
    from tests.engine.test_match import finish_round

    settings = TableSettings.parse({"seats": ["person", "person", "person"], "rules": "o7", "match": True})
    table = Table.create(settings, code="AHCK7", now=0)
    ada = table.join(0, "Ada", now=0, token=table.owner_token)
    table.join(1, "Bo", now=0)
    table.join(2, "Cleo", now=0)
    table.start(ada, now=0)
    match = table.session.match
    finish_round(match, [105, 20, 20])  # O7: over 100 ends the game; Bo and Cleo tie lowest
    assert match.winners == [1, 2]
    assert table.frame(0, lang="en")["title"] == "★ The game to 100 is over – Bo and Cleo share the win!"
    assert table.frame(0, lang="sv")["title"] == "★ Spelet till 100 är slut – Bo och Cleo delar segern!"
