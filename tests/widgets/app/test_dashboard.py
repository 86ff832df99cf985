"""The dashboard without a browser: its sample game, a new game from the panel, uploads good
and bad, the language switch, the lazily built play tables, what a browser could send, and
how ``vandatta dashboard`` serves it."""

from __future__ import annotations

import doctest
import importlib
import io
import json
from pathlib import Path

import ipywidgets as w
import pytest
import traitlets

from tests.helpers.frontend import deliver_change, unoffered
from tests.helpers.loops import in_a_fresh_loop
from vandatta import Game, Move, Rules, play_game
from vandatta.ai import QUICK_SEARCH
from vandatta.ai import computer_players as quick_players
from vandatta.cards import Card
from vandatta.record import write_record
from vandatta_widgets.app import dashboard as dashboard_module
from vandatta_widgets.app.dashboard import (
    MATCH_TAB,
    MAX_UPLOAD_BYTES,
    NEW_TAB,
    PATH_TAB,
    PLAY_TAB,
    REPLAY_TAB,
    SAMPLE,
    Dashboard,
    close_all,
    computer_players,
)
from vandatta_widgets.replay.viewer import ReplayViewer
from vandatta_widgets.server import serve

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def dash() -> Dashboard:
    return Dashboard()


def upload(dash: Dashboard, name: str, data: bytes) -> None:
    """What the browser sends for a file within the limit: its name, and its bytes as a buffer."""
    dash.upload.receive({"file": {"name": name, "size": len(data)}}, [memoryview(data)])


def record_bytes(game: Game) -> bytes:
    return json.dumps(write_record(game), ensure_ascii=False).encode("utf-8")


def illegal_at(game: Game, ply: int) -> str:
    """A move that is not allowed in the position before move ``ply`` (1-based)."""
    before = game.replay(ply - 1)
    hand = before.hand(before.to_move)
    for card in hand:
        if not before.is_legal(Move.play([card])):
            return str(card)
    for text in ("K♠", "2♥", "9♣", "5♦"):
        card = Card.parse(text)
        if card not in hand and not before.is_legal(Move.play([card])):
            return text
    raise AssertionError("no illegal move found")


@pytest.fixture(scope="module")
def other_game() -> Game:
    return play_game(computer_players(["beginner", "expert"], 7), seed=7, rules=Rules.parse("v2"))


# -- the sample game --------------------------------------------------------------------------------


def test_opens_with_a_sample_game_ready_to_step(dash: Dashboard) -> None:
    game = dash.game
    assert game.players == len(SAMPLE["players"])
    assert game.seed == SAMPLE["seed"]
    assert [p["player"] for p in write_record(game)["players"]] == list(SAMPLE["players"])
    assert game.is_over and game.ply > 10
    assert dash.viewer.ply == 0 and not dash.viewer.buttons["next"].disabled
    dash.viewer.buttons["next"].click()
    assert dash.viewer.ply == 1
    assert dash.tabs.selected_index == PATH_TAB, "it opens on the child's path (issues 41, 43)"
    assert dash.lang == "sv"
    assert dash.tabs.titles == (
        "Min väg",
        "Repris",
        "Ny omgång",
        "Spela",
        "Spelet till 100",
        "Pussel",
        "Spela med andra",
    )
    assert "Exempelomgång" in dash.caption.value and "spelnummer 41" in dash.caption.value
    assert dash.message_kind is None and dash.message.layout.display == "none"
    # it opens on the path (issue 41); the other tabs are filled when they open
    assert dash.play_table is None and dash.match_table is None
    assert dash.match_page.children == ()
    dash.tabs.selected_index = NEW_TAB
    assert dash.settings_form in dash.new_page.children and dash.upload in dash.new_page.children
    assert dash.start_button in dash.settings_form.children, "opening the tab fills it"
    assert dash.who.value == "play" and dash.start_button.description == "Spela ▶"
    # one language switch: the viewer's own is hidden
    assert dash.viewer.language.layout.display == "none"


def test_the_sample_is_the_new_game_of_the_default_panel(dash: Dashboard) -> None:
    before = dash.game
    dash.who.value = "watch"
    for choice, kind in zip(dash.seat_choices, SAMPLE["players"]):  # the sample's computers
        choice.value = kind
    dash.start_button.click()
    assert dash.game is not before
    assert dash.game.moves == before.moves and dash.game.seed == before.seed


# -- a new game ---------------------------------------------------------------------------------


def test_new_game_with_chosen_options(dash: Dashboard) -> None:
    dash.tabs.selected_index = NEW_TAB
    dash.who.value = "watch"
    dash.game_number.value = 2024
    dash.players.value = 4
    kinds = ["beginner", "random", "expert", "strong"]
    for choice, kind in zip(dash.seat_choices, kinds):
        choice.value = kind
    dash.variant_boxes["V1"].value = True
    dash.variant_boxes["O1"].value = True
    old_viewer = dash.viewer
    dash.start_button.click()
    game = dash.game
    assert game.players == 4
    assert game.seed == 2024
    assert game.rules == Rules(no_special_on_special=True, suit_only_eights=True)
    assert [p["player"] for p in write_record(game)["players"]] == kinds
    assert game.is_over
    assert dash.viewer is not old_viewer and dash.replay_box.children == (dash.viewer,)
    assert dash.tabs.selected_index == REPLAY_TAB, "the new game is shown under Replay"
    assert dash.message_kind == "ok" and f"{game.ply} drag" in dash.message_text()
    assert "Ny omgång" in dash.caption.value and "V1, O1" in dash.caption.value
    assert "stark" in dash.caption.value
    assert not dash.start_button.disabled
    # the old viewer's widgets are closed, not left behind in the kernel
    assert old_viewer.comm is None and old_viewer.slider.comm is None and old_viewer.table.comm is None
    # the same settings give the same game
    again = Dashboard()
    again.who.value = "watch"
    again.game_number.value = 2024
    again.players.value = 4
    for choice, kind in zip(again.seat_choices, kinds):
        choice.value = kind
    again.variant_boxes["V1"].value = again.variant_boxes["O1"].value = True
    again.start()
    assert again.game.moves == game.moves


def test_fewer_seats_hide_their_choices(dash: Dashboard) -> None:
    dash.who.value = "watch"
    dash.players.value = 2
    shown = [c.layout.display != "none" for c in dash.seat_choices]
    assert shown == [True, True] + [False] * 6
    dash.players.value = 8
    assert all(c.layout.display != "none" for c in dash.seat_choices)
    dash.who.value = "play"  # seat 1 is "you": no computer player to choose there
    shown = [c.layout.display != "none" for c in dash.seat_choices]
    assert shown == [False] + [True] * 7
    assert dash.settings_form.you_label.layout.display != "none"


def test_the_dashboards_computer_players_are_the_engines_quick_game() -> None:
    # (the budgets themselves are the engine's: tests/ai/test_quick_players.py)
    kinds = ["strong", "strong", "expert"]
    ours = play_game(computer_players(kinds, 2), seed=2)
    engines = play_game(quick_players(kinds, seed=2, budget=QUICK_SEARCH), seed=2)
    assert ours.moves == engines.moves


# -- what the browser may send --------------------------------------------------------------------


@pytest.mark.parametrize("seed", [-1, 2**31, 10**30])
@pytest.mark.parametrize("who", ["watch", "play"])
def test_a_game_number_out_of_range_is_refused(dash: Dashboard, seed: int, who: str) -> None:
    before, table = dash.game, dash.play_table
    dash.who.value = who
    dash.game_number.value = seed
    dash.start_button.click()
    assert dash.game is before and dash.play_table is table
    problem = dash.settings_form.problem
    assert problem.layout.display != "none", "said under the button that was pressed"
    assert "Spelnumret ska vara ett heltal från 0 till" in problem.value
    dash.game_number.value = 7
    dash.start_button.click()
    assert problem.layout.display == "none"


def test_odd_values_from_the_browser_are_refused(dash: Dashboard) -> None:
    form = dash.settings_form
    with unoffered(dash.players, 99):
        form.start()
        assert "2 till 8 spelare, inte 99" in form.problem.value
    deliver_change(dash.tabs, "selected_index", 17)
    assert "Det valet finns inte: 17" in dash.message_text()
    with unoffered(dash.language, "fr"):
        assert dash.lang == "sv" and "'fr'" in dash.message_text()
    dash.who.value = "watch"
    with unoffered(dash.seat_choices[0], "genius"):
        dash.start_button.click()
        assert "Det valet finns inte: &#x27;genius&#x27;" in form.problem.value
    shown = dash.message_text()
    dash.upload.receive({"file": {"name": "x.json"}}, [])  # no data: nothing happens
    dash.upload.receive({"file": "x.json"}, [b"{}"])
    dash.upload.receive({"refused": {"name": "x.json", "size": 12}}, [])  # not over the limit
    assert dash.message_text() == shown
    dash.upload.receive({"unreadable": {"name": "x.json"}}, [])
    assert dash.message_kind == "error" and "x.json" in dash.message_text()
    assert dash.errors == [], "refusals are messages, not crashes"


def test_an_error_in_a_callback_is_shown_in_the_page(dash: Dashboard, monkeypatch) -> None:
    def broken(*args, **kwargs):
        raise RuntimeError("the bots went on strike")

    monkeypatch.setattr(dashboard_module, "play_game", broken)
    before = dash.game
    dash.who.value = "watch"
    dash.start_button.click()
    assert dash.message_kind == "error"
    assert dash.message_text() == "Något gick fel: RuntimeError: the bots went on strike"
    assert "Något gick fel" in dash.message.value and "⚠" in dash.message.value
    assert dash.game is before and not dash.start_button.disabled
    assert len(dash.errors) == 1 and "RuntimeError" in dash.errors[0]
    dash.lang = "en"
    assert dash.message_text() == "Something went wrong: RuntimeError: the bots went on strike"


# -- uploads --------------------------------------------------------------------------------------


def test_upload_a_good_record(dash: Dashboard, other_game: Game) -> None:
    upload(dash, "mitt parti.json", record_bytes(other_game))
    assert dash.game.moves == other_game.moves and dash.game.rules == other_game.rules
    assert dash.message_kind == "ok"
    assert dash.message_text() == (
        f"Filen ”mitt parti.json” är öppnad: {other_game.ply} drag. Stega igenom den med ”Nästa ▶”."
    )
    assert "Från filen ”mitt parti.json”" in dash.caption.value
    assert not [
        name
        for name in dash.upload.keys
        if name not in ("label", "tip", "accept", "limit") and name.startswith(("value", "data", "content"))
    ], "no file is kept in a synced field"
    assert dash.tabs.selected_index == REPLAY_TAB
    # the viewer steps through it
    dash.viewer.last()
    assert dash.viewer.ply == other_game.ply


def test_upload_takes_a_byte_order_mark_and_the_saved_file(dash: Dashboard, other_game: Game) -> None:
    from vandatta_widgets.controls.export import record_json

    upload(dash, "GAME.JSON", b"\xef\xbb\xbf" + record_json(other_game).encode("utf-8"))
    assert dash.message_kind == "ok" and dash.game.moves == other_game.moves


def test_upload_too_big_is_refused_before_parsing(dash: Dashboard, monkeypatch) -> None:
    before = dash.game
    monkeypatch.setattr(
        dashboard_module.json, "loads", lambda *a, **k: pytest.fail("a too big file was parsed")
    )
    data = b" " * (MAX_UPLOAD_BYTES + 1)
    upload(dash, "big.json", data)
    assert dash.game is before
    assert dash.message_kind == "error"
    assert dash.message_text() == (
        "Filen ”big.json” kunde inte öppnas: den är 1000001 byte stor, men högst 1000000 byte (1 MB) "
        "går att öppna. Omgången som visades förut finns kvar."
    )
    dash.lang = "en"
    assert "it is 1000001 bytes large, but at most 1000000 bytes (1 MB)" in dash.message_text()


def test_a_file_over_the_limit_is_kept_back_by_the_browser(dash: Dashboard, other_game: Game) -> None:
    # the browser sends only the name and size of a file over the limit (its bytes never leave)
    assert dash.upload.limit == MAX_UPLOAD_BYTES
    before = dash.game
    dash.upload.receive({"refused": {"name": "huge.json", "size": 11 * 2**20}}, [])
    assert dash.game is before and dash.message_kind == "error"
    assert dash.message_text() == (
        f"Filen ”huge.json” kunde inte öppnas: den är {11 * 2**20} byte stor, men högst 1000000 byte (1 MB) "
        "går att öppna. Omgången som visades förut finns kvar."
    )
    # and the button is ready for the next file
    upload(dash, "bra.json", record_bytes(other_game))
    assert dash.message_kind == "ok" and dash.game.moves == other_game.moves


def test_upload_not_json(dash: Dashboard) -> None:
    before = dash.game
    upload(dash, "notes.json", b"Hej!\nDet har ar ingen omgang.")
    assert dash.game is before
    assert dash.message_text() == (
        "Filen ”notes.json” kunde inte öppnas: det är inte JSON – fel på rad 1, kolumn 1 "
        "(Expecting value). Omgången som visades förut finns kvar."
    )
    upload(dash, "latin1.json", '{"namn": "Åsa"}'.encode("latin-1"))
    assert "det är ingen text (UTF-8)" in dash.message_text()
    upload(dash, "empty.json", b"")
    assert "filen är tom" in dash.message_text()
    upload(dash, "deep.json", b"[" * 100_000 + b"]" * 100_000)
    assert "det är inte JSON" in dash.message_text()
    upload(dash, "game.txt", b"{}")
    assert "välj en fil vars namn slutar på .json" in dash.message_text()
    assert dash.game is before and dash.errors == []


def test_upload_with_an_illegal_move_5_names_it(dash: Dashboard, other_game: Game) -> None:
    before = dash.game
    record = write_record(other_game)
    bad = illegal_at(other_game, 5)
    record["moves"][4] = bad
    upload(dash, "fusk.json", json.dumps(record, ensure_ascii=False).encode("utf-8"))
    assert dash.game is before, "the previous game stays"
    assert dash.message_kind == "error"
    position = other_game.replay(4)
    verdict = position.check(bad)
    assert not verdict.legal and verdict.rules
    sv = dash.message_text()
    assert sv.startswith(f"Filen ”fusk.json” kunde inte öppnas: drag 5 (”{bad}”) är inte tillåtet: ")
    mover = position.to_move
    told_sv = verdict.text("sv", player=position.player_name(mover, "sv"))
    assert told_sv in sv and sv.endswith("Omgången som visades förut finns kvar.")
    dash.lang = "en"
    en = dash.message_text()
    told_en = verdict.text("en", player=position.player_name(mover, "en"))
    assert f"move 5 (“{bad}”) is not allowed: {told_en}" in en
    # and the dashboard still works
    dash.viewer.next()
    assert dash.viewer.ply == 1
    dash.who.value = "watch"
    dash.start_button.click()
    assert dash.message_kind == "ok"


def test_upload_with_bad_fields_and_bad_notation(dash: Dashboard, other_game: Game) -> None:
    record = write_record(other_game)
    upload(dash, "a.json", json.dumps(dict(record, players=[{"name": "Ann"}] * 9)).encode())
    assert (
        "fältet ”players” är fel: fältet 'players' ska räkna upp 2 till 8 spelare, inte 9"
        in dash.message_text()
    )
    dash.lang = "en"  # the engine's own words in each language
    assert "field “players” is wrong: field 'players' must list 2 to 8 players, not 9" in dash.message_text()
    dash.lang = "sv"
    upload(dash, "b.json", json.dumps(dict(record, rules={"no_such_rule": True})).encode())
    assert "fältet ”rules” är fel" in dash.message_text()
    moves = list(record["moves"])
    moves[2] = "K♠ och Q♠"
    upload(dash, "c.json", json.dumps(dict(record, moves=moves), ensure_ascii=False).encode())
    assert "drag 3 (”K♠ och Q♠”) går inte att läsa" in dash.message_text()
    moves = [*record["moves"], "draw"]
    upload(dash, "d.json", json.dumps(dict(record, moves=moves, result=None), ensure_ascii=False).encode())
    assert f"drag {len(moves)} (”draw”) kommer efter att omgången redan är slut" in dash.message_text()
    upload(dash, "e.json", b"[1, 2, 3]")
    assert (
        "det är ingen giltig omgång: en sparad omgång ska vara ett JSON-objekt, inte list"
        in dash.message_text()
    )
    assert dash.errors == []


def test_a_file_name_is_shown_as_text_not_markup(dash: Dashboard, other_game: Game) -> None:
    upload(dash, "<img src=x onerror=alert(1)>.json", b"nope")
    assert "<img" not in dash.message.value and "&lt;img src=x" in dash.message.value
    upload(dash, "<b>bold</b>.json", record_bytes(other_game))
    assert dash.message_kind == "ok"
    assert "<b>bold" not in dash.caption.value and "&lt;b&gt;bold" in dash.caption.value


def test_load_file_is_the_upload_without_the_widget(dash: Dashboard, other_game: Game) -> None:
    dash.load_file("x.json", record_bytes(other_game))
    assert dash.game.moves == other_game.moves
    dash.load_file("x.json", io.BytesIO(b"{").getvalue())
    assert dash.message_kind == "error" and dash.game.moves == other_game.moves


# -- the language switch ----------------------------------------------------------------------------


def test_language_switch_relabels_everything(dash: Dashboard) -> None:
    dash.viewer.next()
    assert dash.viewer.label.value.startswith("Drag 1 av")
    assert dash.start_button.description == "Spela ▶"
    assert dash.variant_boxes["V1"].description == "V1 – Inget specialkort på specialkort"
    assert dash.seat_choices[2].options[0] == ("slumpspelare", "random")
    dash.tabs.selected_index = PLAY_TAB
    table = dash.play_table
    assert table is not None and table.lang == "sv"
    dash.language.value = "en"  # the click on "English"
    assert dash.lang == "en"
    assert dash.tabs.titles == (
        "My path",
        "Replay",
        "New round",
        "Play",
        "The game to 100",
        "Puzzles",
        "Play with others",
    )
    assert dash.viewer.lang == "en" and dash.viewer.label.value.startswith("Move 1 of")
    assert dash.start_button.description == "Play ▶"
    assert dash.variant_boxes["V1"].description == "V1 – No special card on a special card"
    assert dash.seat_choices[2].options[0] == ("random player", "random")
    assert dash.seat_choices[2].value == "random", "the choices are kept"
    assert dash.seat_choices[0].description == "Player 1"
    assert dash.game_number.description == "Game number"
    assert dash.upload.label == "Open a saved round (.json)"
    assert "Sample round" in dash.caption.value and "game number 41" in dash.caption.value
    assert table.lang == "en" and table.lay_button.description == "Lay cards"
    dash.tabs.selected_index = MATCH_TAB
    assert dash.match_table.lang == "en"
    assert "Score board" in dash.match_table.scoreboard.title.value
    dash.lang = "sv"
    assert dash.language.value == "sv"
    assert dash.match_table.lang == "sv" and "Poängtavla" in dash.match_table.scoreboard.title.value
    assert dash.viewer.label.value.startswith("Drag 1 av")
    with pytest.raises(traitlets.TraitError):
        dash.lang = "de"


def test_a_new_viewer_speaks_the_current_language(dash: Dashboard) -> None:
    dash.lang = "en"
    dash.who.value = "watch"
    dash.start()
    assert dash.viewer.lang == "en" and dash.viewer.label.value.startswith("Move 0 of")
    assert dash.message_text().startswith("The computer players have played a new round of")


# -- the play tables ------------------------------------------------------------------------------


def test_play_tab_builds_a_table_with_the_panel_settings(dash: Dashboard) -> None:
    dash.tabs.selected_index = PLAY_TAB  # Spela opens with the form's defaults (issue 43)
    opened = dash.play_table
    assert opened is not None and opened.kinds == {1: "beginner", 2: "random"}
    dash.players.value = 4
    for choice, kind in zip(dash.seat_choices, ["strong", "beginner", "random", "expert"]):
        choice.value = kind
    dash.variant_boxes["V3"].value = True
    dash.who.value = "play"
    dash.start_button.click()  # nothing played yet: no question, the form's settings at once
    table = dash.play_table
    assert table is not opened and dash.tabs.selected_index == PLAY_TAB
    assert dash.play_page.children[1] is dash.play_box
    assert dash.play_box.children == (table,)
    assert table.players == 4 and table.human == 0 and table.rules == Rules(lappen=True)
    assert table.kinds == {1: "beginner", 2: "random", 3: "expert"}
    assert table.match is None and table.switch.layout.display == "none"
    assert table.pace == "slow", "the computer players move by themselves, at a child's pace"
    assert 'data-rules="V3"' in table.rules_view.value, "the rules in force are on the table"
    table.run_computers()
    assert not table.errors
    dash.play_change.click()  # "Other players or rules …": to the form, ready to play
    assert dash.tabs.selected_index == NEW_TAB and dash.who.value == "play"
    dash.start_button.click()  # the round has begun: ask before throwing it away
    confirm = dash.settings_form.confirm
    assert confirm.asking and "Du har en omgång på gång under ”Spela”" in confirm.question.value
    assert dash.play_table is table and dash.tabs.selected_index == NEW_TAB
    confirm.no_button.click()
    assert dash.play_table is table and not confirm.asking
    dash.start_button.click()
    assert confirm.yes_button.description == "Ja, börja en ny"
    confirm.yes_button.click()
    assert dash.tabs.selected_index == PLAY_TAB
    assert dash.play_table is not table and table.comm is None and table.hand.comm is None
    assert dash.match_table is None


def test_match_tab_plays_to_100_with_a_score_board(dash: Dashboard) -> None:
    dash.tabs.selected_index = MATCH_TAB
    table = dash.match_table
    assert table is not None and table.match is not None
    assert table.scoreboard.layout.display != "none"
    dash.match_change.click()
    assert dash.who.value == "match"
    dash.start_button.click()
    assert dash.match_table is not table and dash.match_table.match is not None
    assert dash.tabs.selected_index == MATCH_TAB


def test_the_module_examples_hold() -> None:
    results = doctest.testmod(dashboard_module)
    assert results.attempted > 5 and results.failed == 0


# -- housekeeping -------------------------------------------------------------------------------------


def test_close_all_closes_a_whole_view(other_game: Game) -> None:
    viewer = ReplayViewer(other_game)
    inner = [viewer.slider, viewer.play, viewer.key_listener, viewer.export, viewer.layout, *viewer.links]
    assert all(x.comm is not None for x in inner)
    closed = close_all(viewer)
    assert closed > 30 and all(x.comm is None for x in inner) and viewer.comm is None
    assert close_all(w.HTML()) == 3  # the widget, its layout and its style


# -- the notebook and serving ---------------------------------------------------------------------------


def test_the_notebook_is_one_call_titled_vandatta() -> None:
    notebook = json.loads((ROOT / "notebooks" / "dashboard.ipynb").read_text(encoding="utf-8"))
    assert notebook["cells"] == serve.NOTEBOOK["cells"]
    # the page's <title>; the heading is the dashboard's own, beside its language switch
    assert notebook["metadata"]["title"] == serve.NOTEBOOK["metadata"]["title"] == "Vändåtta"
    kinds = [c["cell_type"] for c in notebook["cells"]]
    assert kinds == ["code"]
    assert (
        "".join(notebook["cells"][0]["source"])
        == "from vandatta_widgets.app.page import DashboardPage\n\nDashboardPage()"
    )


# (serving the dashboard, the command line and the server: tests/server/test_serve.py)


# -- what a dashboard kernel pays before its first page ------------------------------------------


def _ours_imported_by(statement: str) -> list[str]:
    """The modules of ``widgets`` and ``vandatta`` that ``statement`` imports in a fresh
    interpreter, like a Voilà kernel running the dashboard notebook's cell."""
    import subprocess
    import sys

    code = (
        f"import sys\n{statement}\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith(('widgets', 'vandatta')))))\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    return run.stdout.split()


def test_the_dashboard_imports_only_what_its_first_page_shows() -> None:
    loaded = _ours_imported_by("from vandatta_widgets.app.dashboard import Dashboard")
    assert "vandatta_widgets.replay.viewer" in loaded
    for later in (
        "vandatta_widgets.play.play_table",
        "vandatta_widgets.controls.hand",
        "vandatta_widgets.controls.table",
        "vandatta_widgets.controls.scoreboard",
        "vandatta_widgets.controls.charts",
    ):
        assert later not in loaded, f"{later} is imported before its tab opens"


def test_the_widgets_package_names_resolve_lazily() -> None:
    import vandatta_widgets

    for name in vandatta_widgets.__all__:
        value = getattr(vandatta_widgets, name)
        home = importlib.import_module(value.__module__)
        assert (
            value.__name__ == name
            and value.__module__.startswith("vandatta_widgets.")
            and getattr(home, name) is value
        )
        assert name in dir(vandatta_widgets)
    with pytest.raises(AttributeError, match="no attribute 'Nothing'"):
        vandatta_widgets.Nothing  # noqa: B018


def test_the_server_writes_the_bytecode_the_kernels_import() -> None:
    import importlib.util

    from vandatta_widgets.server import voila_server as server

    assert server.precompile() is True
    for module in (
        "vandatta.game",
        "vandatta.svg",
        "vandatta_widgets.replay.viewer",
        "vandatta_widgets.app.dashboard",
    ):
        spec = importlib.util.find_spec(module)
        cached = Path(importlib.util.cache_from_source(spec.origin))
        assert cached.exists() and cached.stat().st_mtime >= Path(spec.origin).stat().st_mtime


# -- the page Voilà serves: the dashboard built right after the cell ------------------------------


def _in_own_thread(function):
    """Call ``function`` in a thread of its own, where no event loop runs whichever tests ran
    before (Playwright's leaves one running in the main thread)."""
    import threading

    result: dict = {}

    def run():
        try:
            result["value"] = function()
        except BaseException as error:  # re-raised in the test's thread
            result["error"] = error

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if "error" in result:
        raise result["error"]
    return result["value"]


def test_the_page_builds_the_dashboard_right_after_the_cell() -> None:
    import asyncio

    from vandatta_widgets.app.page import DashboardPage

    async def cell_then_idle():
        page = DashboardPage(lang="en")
        # the cell ends here: only a notice so far
        assert page.dashboard is None and len(page.children) == 1
        assert "Loading Vändåtta" in page.children[0].value
        await asyncio.sleep(0)  # the kernel goes idle: the build runs
        return page

    page = in_a_fresh_loop(cell_then_idle)
    assert isinstance(page.dashboard, Dashboard) and page.children[-1] is page.dashboard
    assert [type(c).__name__ for c in page.children] == ["Stylesheet", "PageBridge", "Dashboard"]
    assert page.dashboard.lang == "en" and page.dashboard.viewer is not None
    assert page.build() is page.dashboard  # once only


def test_the_page_builds_at_once_without_an_event_loop_and_checks_its_language() -> None:
    from vandatta_widgets.app.page import DashboardPage

    page = _in_own_thread(DashboardPage)
    assert page.dashboard.lang == "sv" and page.children[-1] is page.dashboard
    with pytest.raises(ValueError, match="unknown language 'de'"):
        DashboardPage(lang="de")


def test_a_page_whose_dashboard_fails_says_so_in_the_page(monkeypatch, capsys) -> None:
    from vandatta_widgets.app.page import DashboardPage

    def broken(**kwargs):
        raise RuntimeError("no cards today")

    monkeypatch.setattr(dashboard_module, "Dashboard", broken)
    page = DashboardPage(lang="sv", defer=False)
    assert page.dashboard is None and "no cards today" in page.error
    (shown,) = page.children
    assert shown.value == (
        "<p>Något gick fel när instrumentpanelen byggdes: RuntimeError: no cards today</p>"
    )
    assert "Traceback" in capsys.readouterr().err
    assert page.build() is None  # not retried behind the user's back


def test_the_page_cell_itself_imports_neither_the_engine_nor_the_views() -> None:
    assert _ours_imported_by("from vandatta_widgets.app.page import DashboardPage") == [
        "vandatta_widgets",
        "vandatta_widgets.app",  # the packages of the levels hold a docstring only
        "vandatta_widgets.app.page",
        "vandatta_widgets.app.visit",  # standard library only: it waits for the visitor's query
        "vandatta_widgets.base",
        "vandatta_widgets.base.safe",
    ]


def test_the_page_doctests_pass() -> None:
    from vandatta_widgets.app import page

    assert doctest.testmod(page).failed == 0


def test_a_record_with_more_moves_than_the_replay_shows_smoothly_is_refused(
    dash: Dashboard, other_game: Game
) -> None:
    from vandatta_widgets.app.dashboard import MAX_RECORD_MOVES

    record = write_record(other_game)
    record["moves"] = ["draw"] * (MAX_RECORD_MOVES + 1)  # counted before any move is replayed
    before = dash.game
    upload(dash, "lång.json", json.dumps(record).encode())
    assert dash.game is before and dash.message_kind == "error"
    assert f"fler än de {MAX_RECORD_MOVES} som en sparad omgång får ha" in dash.message_text()


def test_classroom_mode_stays_on_for_a_new_game_and_an_opened_file(dash: Dashboard, other_game: Game) -> None:
    dash.set_classroom(True)
    assert dash.viewer.classroom and dash.tabs.selected_index == REPLAY_TAB
    upload(dash, "bra.json", record_bytes(other_game))
    assert dash.viewer.classroom and dash.viewer.follows_mover
    dash.set_classroom(False)
    assert not dash.viewer.classroom and not dash.viewer.follows_mover
