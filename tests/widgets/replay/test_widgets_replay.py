"""The replay viewer without a browser: click its buttons, set its slider and list, switch
language and view, send it what a browser could send — and compare what it shows with what
the engine says."""

from __future__ import annotations

import base64
import doctest
import html
import json
import re

import pytest

from tests.helpers.frontend import deliver_change, send_custom, unoffered
from vandatta import Game, RecordError, svg
from vandatta.ai.simulate import play_random_game
from vandatta.record import narrate, read_game, write_record
from vandatta_widgets import ReplayViewer
from vandatta_widgets.controls import export as export_module
from vandatta_widgets.controls import keys as keys_module
from vandatta_widgets.controls import navigation as navigation_module
from vandatta_widgets.lessons.chips import uncited
from vandatta_widgets.replay import viewer as replay_module


@pytest.fixture(scope="module")
def game() -> Game:
    g = play_random_game(3, seed=5)
    assert g.is_over and g.ply > 40
    return g


@pytest.fixture
def viewer(game: Game) -> ReplayViewer:
    return ReplayViewer(game)


def text_of(fragment: str) -> str:
    """The words of an HTML fragment, tags removed, entities decoded."""
    return html.unescape(re.sub(r"<[^>]+>", "", fragment))


def titles(svg_text: str) -> list[str]:
    return [html.unescape(x) for x in re.findall(r"<title>(.*?)</title>", svg_text)]


def expected_verdict(game: Game, ply: int, lang: str):
    return game.replay(ply - 1).check(game.moves[ply - 1]), game.replay(ply - 1)


# -- stepping ---------------------------------------------------------------------------------


def test_starts_at_the_deal_in_swedish(viewer: ReplayViewer, game: Game) -> None:
    assert viewer.ply == 0
    assert viewer.label.value == f"Drag 0 av {game.ply}"
    assert viewer.lang == "sv"
    assert viewer.buttons["first"].disabled and viewer.buttons["previous"].disabled
    assert not viewer.buttons["next"].disabled
    assert "Före första draget" in text_of(viewer.explanation.value)
    assert viewer.banner.layout.display == "none"
    assert viewer.error.value == ""


def test_buttons_step_and_jump(viewer: ReplayViewer, game: Game) -> None:
    for _ in range(3):
        viewer.buttons["next"].click()
    assert viewer.ply == 3
    assert viewer.label.value == f"Drag 3 av {game.ply}"
    viewer.buttons["previous"].click()
    assert viewer.ply == 2 and viewer.slider.value == 2 and viewer.move_list.current == 2
    viewer.buttons["last"].click()
    assert viewer.ply == game.ply and viewer.buttons["next"].disabled
    viewer.buttons["next"].click()  # nothing beyond the end
    assert viewer.ply == game.ply
    viewer.buttons["first"].click()
    assert viewer.ply == 0
    viewer.buttons["previous"].click()
    assert viewer.ply == 0
    assert viewer.error.value == ""


def test_label_in_english(game: Game) -> None:
    v = ReplayViewer(game, lang="en", ply=3)
    assert v.label.value == f"Move 3 of {game.ply}"


def test_slider_and_move_list_move_the_view(viewer: ReplayViewer, game: Game) -> None:
    viewer.slider.value = 10
    assert viewer.label.value == f"Drag 10 av {game.ply}"
    assert viewer.slider.valuetext == f"Drag 10 av {game.ply}" and viewer.slider.label == "Drag i omgången"
    assert viewer.move_list.current == 10
    viewer.move_list.receive({"go": 25})  # a click on a row of the list
    assert viewer.ply == 25 and viewer.slider.value == 25
    assert viewer.label.value == f"Drag 25 av {game.ply}"
    rows = dict(viewer.move_list.rows)
    assert rows[25].startswith("25. Spelare ") and rows[0] == "0. Före första draget"
    assert viewer.move_list.label == "Dragen – välj ett för att gå dit"


def test_the_move_list_is_paged_for_long_games(viewer: ReplayViewer, game: Game) -> None:
    # never more rows in the page than one page, whatever the length of the game
    page = len(viewer.move_list.rows)
    assert page < game.ply and viewer.move_list.has_later and not viewer.move_list.has_earlier
    viewer.go(game.ply)
    rows = viewer.move_list.rows
    assert rows[-1][0] == game.ply and len(rows) <= page and viewer.move_list.has_earlier
    viewer.move_list.receive({"page": -1})  # "earlier moves": the list pages, the view stays
    assert viewer.ply == game.ply and viewer.move_list.rows[-1][0] < rows[0][0]
    viewer.move_list.receive({"go": 3})
    assert viewer.ply == 3 and viewer.move_list.rows[0][0] == 0


def test_keys_step(viewer: ReplayViewer, game: Game) -> None:
    def send(content, _buffers=()):
        send_custom(viewer.key_listener, content)

    send({"key": "ArrowRight"}, [])
    send({"key": "ArrowRight"}, [])
    assert viewer.ply == 2
    send({"key": "ArrowLeft"}, [])
    assert viewer.ply == 1
    send({"key": "End"}, [])
    assert viewer.ply == game.ply
    send({"key": "Home"}, [])
    assert viewer.ply == 0
    send({"key": "ArrowLeft"}, [])
    assert viewer.ply == 0


def test_the_table_is_the_engines_position(viewer: ReplayViewer, game: Game) -> None:
    viewer.go(17)
    position = game.replay(17)
    assert svg.table(position, lang="sv") in viewer.table.value


def test_the_play_widget_is_linked_and_the_speed_sets_its_interval(viewer: ReplayViewer) -> None:
    assert viewer.play.max == viewer.n_plies == viewer.slider.max
    assert viewer.play.layout.display == "none"  # its icon-font buttons cannot render offline
    assert viewer.buttons["play"].description == "▶ Spela upp"
    viewer.buttons["play"].value = True
    assert viewer.buttons["play"].description == "❚❚ Paus"
    viewer.buttons["play"].value = False
    viewer.speed.value = 400
    assert viewer.play.interval == 400
    assert [label for label, _ in viewer.speed.options] == ["Långsam", "Normal", "Snabb"]


# -- the explanation ----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_explanation_is_the_engines_verdict_with_its_rule_ids(game: Game, lang: str) -> None:
    v = ReplayViewer(game, lang=lang)
    checked = 0
    for ply in range(1, game.ply + 1, 7):
        v.go(ply)
        verdict, _ = expected_verdict(game, ply, lang)
        words = text_of(v.explanation.value)
        mover = game.player_name(game.replay(ply - 1).to_move, lang)
        lines = uncited(verdict.lines(lang, player=mover))[0]  # about the player by name; rule ids as badges
        assert lines and all(line in words for line in lines), ply
        told = v.explanation.value.split('class="vd-rp-verdict">', 1)[1].split("</div>", 1)[0]
        assert told.count("<p>") == len(lines), ply  # a short sentence at a time, not one long one
        for rule_id in verdict.rules:
            assert f'data-rule="{rule_id}"' in v.explanation.value
        for event in game.events(ply):
            names = [game.player_name(s, lang) for s in range(game.players)]
            assert uncited([event.text(lang, names=names)])[0][0] in words
        checked += 1
    assert checked > 5


def test_explanation_changes_with_the_move(viewer: ReplayViewer) -> None:
    viewer.go(5)
    first = viewer.explanation.value
    viewer.go(6)
    assert viewer.explanation.value != first
    assert "Drag 6 · " in text_of(viewer.explanation.value)


def test_also_legal_lists_the_other_moves_compactly() -> None:
    g = Game.from_position(hands=["7♥ K♠ 8♣ 2♣", "5♦ 9♦"], top="7♣", talon="9♠ 4♦ 3♠")
    g.play("7♥")
    v = ReplayViewer(g, lang="en", ply=1)
    also = re.search(r'<p class="vd-also">(.*?)</p>', v.explanation.value)
    assert also is not None
    items = [x.strip() for x in text_of(also.group(1)).split("·")]
    assert items == ["2♣", "8♣=…", "draw a card"]  # 7♥ was played; K♠ does not fit; eights collapsed
    assert "Also allowed here" in text_of(v.explanation.value)


def test_only_move_says_so() -> None:
    g = Game.from_position(hands=["K♠ Q♠", "5♦"], top="7♣", talon="9♠ 4♦ 3♠")
    g.play("draw")
    v = ReplayViewer(g, lang="en", ply=1)
    assert "Nothing else – this was the only allowed move." in text_of(v.explanation.value)


def test_the_computers_candidates_are_shown() -> None:
    g = Game.from_position(hands=["7♥ K♠ 2♣", "5♦ 9♦"], top="7♣", talon="9♠ 4♦ 3♠")
    g.play(
        "7♥",
        annotation={
            "player": "expert",
            "candidates": [
                {"move": "7♥", "win": 0.62, "reason": {"sv": "behåller klövern", "en": "keeps the club"}},
                {"move": "2♣", "win_chance": 41},
                ["draw", 0.2],
                "garbage",
                {"move": "", "win": 3},
                {"move": "K♠", "win": float("nan")},
            ],
        },
    )
    v = ReplayViewer(g, lang="sv", ply=1)
    words = text_of(v.explanation.value)
    assert "Datorspelaren tänkte på" in words
    assert "7♥ – vinstchans 62 % (behåller klövern)" in words
    assert "2♣ – vinstchans 41 %" in words
    assert "dra ett kort – vinstchans 20 %" in words
    assert "K♠" in words and "garbage" not in words
    v.language.value = "en"
    assert "The computer player thought about" in text_of(v.explanation.value)
    assert "keeps the club" in text_of(v.explanation.value)


def test_the_start_names_who_begins(game: Game) -> None:
    v = ReplayViewer(game, lang="en")
    start = game.replay(0)
    assert f"{game.player_name(start.to_move, 'en')} begins." in text_of(v.explanation.value)


# -- one seat's view ------------------------------------------------------------------------------


def test_seat_view_hides_the_other_hands(viewer: ReplayViewer, game: Game) -> None:
    viewer.go(20)
    position = game.replay(20)
    others = [c for seat in (1, 2) for c in position.hand(seat)]
    assert others
    open_titles = " | ".join(titles(viewer.table.value))
    assert all(c.name("sv") in open_titles for c in others)
    viewer.view.value = 0
    assert viewer.seat_view == 0
    seat_titles = " | ".join(titles(viewer.table.value))
    for c in others:
        assert c.name("sv") not in seat_titles, c
    for c in position.hand(0):
        assert c.name("sv") in seat_titles
    viewer.view.value = -1
    assert viewer.seat_view is None


def test_seat_view_hides_other_players_draws_and_options(game: Game) -> None:
    draws = [
        ply for ply in range(1, game.ply + 1) for e in game.events(ply) if e.kind == "draw" and e.seat == 1
    ]
    assert draws
    ply = draws[0]
    card = game.events(ply)[0].cards[0]
    v = ReplayViewer(game, lang="sv", viewer=0, ply=ply)
    words = text_of(v.explanation.value)
    assert "Spelare 2 drar ett kort." in words  # its rule: a badge after the sentences
    assert f"drar {card}" not in words
    assert "Dolt här – du ser bara Spelare 2:s kort." in words
    v.view.value = -1
    assert f"Spelare 2 drar {card}." in text_of(v.explanation.value)


# -- language ---------------------------------------------------------------------------------------


def test_language_switch_changes_every_word(viewer: ReplayViewer, game: Game) -> None:
    viewer.go(3)
    assert viewer.buttons["next"].description == "Nästa ▶"
    viewer.language.value = "en"
    assert viewer.lang == "en"
    assert viewer.label.value == f"Move 3 of {game.ply}"
    assert viewer.buttons["next"].description == "Next ▶"
    assert viewer.buttons["next"].tooltip == "Next move (→)"
    assert viewer.buttons["first"].description == "❙◀ First"
    assert viewer.buttons["play"].description == "▶ Play back"
    assert dict(viewer.move_list.rows)[0] == "0. Before the first move"
    assert viewer.move_list.current == 3 and viewer.ply == 3
    assert viewer.move_list.label == "The moves – choose one to go there"
    assert viewer.slider.label == "Move in the round" and viewer.slider.valuetext == f"Move 3 of {game.ply}"
    assert viewer.view.options[0][0] == "Everyone (open hands)"
    assert viewer.speed_label.value == "Speed" and viewer.speed.value == 900
    assert "Save the round (JSON)" in viewer.export.value
    verdict, _ = expected_verdict(game, 3, "en")
    assert all(line in text_of(viewer.explanation.value) for line in uncited(verdict.lines("en"))[0])
    assert "Player " in " ".join(titles(viewer.table.value))
    viewer.lang = "sv"
    assert viewer.buttons["next"].description == "Nästa ▶"
    assert all(line in text_of(viewer.explanation.value) for line in uncited(verdict.lines("sv"))[0])


# -- the end -------------------------------------------------------------------------------------------


def test_end_banner_shows_the_winner_and_every_seats_points(viewer: ReplayViewer, game: Game) -> None:
    viewer.go(game.ply - 1)
    assert viewer.banner.layout.display == "none"
    viewer.last()
    assert viewer.banner.layout.display is None
    words = text_of(viewer.banner.value)
    assert f"{game.player_name(game.winner, 'sv')} går ut och vinner omgången!" in words
    assert "Poäng (S1)" in words
    for seat, points in enumerate(game.points()):
        assert f"<td>{game.player_name(seat, 'sv')}</td><td><b>{points}</b>" in viewer.banner.value
    assert sum(1 for p in game.points() if p == 0) >= 1


def test_end_banner_of_a_blocked_round() -> None:
    g = Game.from_position(hands=["K♠ 2♥", "Q♥ 3♦"], top="7♣", talon="")
    g.play("pass")
    g.play("pass")
    assert g.is_blocked
    v = ReplayViewer(g, lang="en", ply=2)
    words = text_of(v.banner.value)
    assert "The round is blocked – nobody can lay or draw." in words
    assert "<td>Player 1</td><td><b>15</b>" in v.banner.value
    assert "<td>Player 2</td><td><b>15</b>" in v.banner.value
    assert "winner" not in words
    assert "the round is blocked" in text_of(v.explanation.value)
    assert 'data-rule="R10"' in v.explanation.value


def test_unfinished_record_says_so() -> None:
    g = Game.deal(3, seed=11)
    for _ in range(5):
        g.play(g.legal_moves()[0])
    v = ReplayViewer(g, lang="en", ply=5)
    assert "The file ends here, but the round is not finished." in text_of(v.banner.value)


def test_a_game_without_moves() -> None:
    v = ReplayViewer(Game.deal(2, seed=1), lang="en")
    assert v.label.value == "Move 0 of 0"
    assert "The round has no moves yet." in text_of(v.explanation.value)
    v.buttons["next"].click()
    assert v.ply == 0 and v.error.value == ""


# -- what the browser may send ----------------------------------------------------------------------


def test_out_of_range_values_are_rejected_without_breaking(viewer: ReplayViewer, game: Game) -> None:
    viewer.go(4)
    viewer.slider.value = 10**6  # the slider clamps
    assert viewer.ply == game.ply and viewer.label.value == f"Drag {game.ply} av {game.ply}"
    viewer.go(4)
    # What a hostile or buggy front end could deliver to the observers:
    deliver_change(viewer.slider, "value", -3)
    assert "Det finns inget drag -3" in text_of(viewer.error.value)
    assert viewer.error.layout.display is None
    assert viewer.ply == 4
    viewer.move_list.receive({"go": 99999})  # beyond the list: ignored
    viewer.move_list.receive({"go": None})
    viewer.move_list.receive("4")
    assert viewer.move_list.current == 4 and viewer.ply == 4
    # fields only Python writes are refused (and sent back), the slider's value is kept in range
    viewer.move_list.set_state({"rows": [[0, "<img src=x onerror=alert(1)>"]], "current": 9})
    assert viewer.move_list.current == 4 and "<img" not in str(viewer.move_list.rows)
    viewer.slider.set_state({"value": 7, "max": 3})
    assert viewer.ply == 7 and viewer.slider.max == game.ply
    viewer.go(4)
    with unoffered(viewer.speed, 5):
        assert viewer.play.interval != 5 and "Det valet finns inte: 5" in text_of(viewer.error.value)
    assert viewer.play.interval == 900
    with unoffered(viewer.view, 7):
        assert viewer.seat_view is None
    with unoffered(viewer.language, "de"):
        assert viewer.lang == "sv"
    send_custom(viewer.key_listener, {"key": "Delete"})
    send_custom(viewer.key_listener, ["ArrowRight"])
    send_custom(viewer.key_listener, {"key": 5})
    assert viewer.ply == 4
    # and it still works, the message gone with the next good step
    viewer.buttons["next"].click()
    assert viewer.ply == 5 and viewer.error.value == "" and viewer.error.layout.display == "none"


def test_errors_in_callbacks_are_shown_in_the_view(viewer: ReplayViewer, monkeypatch) -> None:
    def boom(*args, **kwargs):
        raise RuntimeError("the card painter fell over")

    monkeypatch.setattr(replay_module.svg, "table", boom)
    viewer.buttons["next"].click()
    assert "Något gick fel: RuntimeError: the card painter fell over" in text_of(viewer.error.value)
    monkeypatch.undo()
    viewer.buttons["next"].click()
    assert viewer.ply == 2 and viewer.error.value == ""
    assert "<svg" in viewer.table.value


def test_python_api_validates(viewer: ReplayViewer, game: Game) -> None:
    with pytest.raises(ValueError):
        viewer.go(game.ply + 1)
    with pytest.raises(ValueError):
        viewer.go("3")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        viewer.seat_view = 9
    with pytest.raises(ValueError):
        viewer.lang = "fi"
    with pytest.raises(ValueError):
        ReplayViewer(game, lang="de")
    with pytest.raises(ValueError):
        ReplayViewer(game, viewer=3)
    with pytest.raises(TypeError):
        ReplayViewer(42)  # type: ignore[arg-type]


def test_the_cache_stays_small(viewer: ReplayViewer, game: Game) -> None:
    for ply in range(game.ply + 1):
        viewer.go(ply)
    assert viewer.cached_positions <= replay_module.CACHE_SIZE


# -- sources and export ----------------------------------------------------------------------------


def test_built_from_a_record_json_or_file(game: Game, tmp_path) -> None:
    record = write_record(game)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    for v in (
        ReplayViewer.from_record(record),
        ReplayViewer.from_record(json.dumps(record)),
        ReplayViewer.from_file(path),
        ReplayViewer(str(path)),
        ReplayViewer(path),
        ReplayViewer(record),
    ):
        assert v.n_plies == game.ply
        assert v.game.moves == game.moves
    with pytest.raises(RecordError):
        ReplayViewer.from_record(dict(record, moves=["K♠ Q♠"]))


def test_viewer_keeps_its_own_copy(game: Game) -> None:
    g = Game.deal(3, seed=2)
    for _ in range(4):
        g.play(g.legal_moves()[0])
    v = ReplayViewer(g)
    g.play(g.legal_moves()[0])  # the caller goes on playing
    assert v.n_plies == 4


def _decode(link_html: str, filename: str) -> str:
    match = re.search(
        rf'download="{re.escape(filename)}" href="data:[^;]+;charset=utf-8;base64,([^"]+)"', link_html
    )
    assert match, filename
    return base64.b64decode(match.group(1)).decode("utf-8")


def test_export_links_hold_the_record_and_the_narration(viewer: ReplayViewer, game: Game) -> None:
    stem = f"vandatta-{game.seed}"
    record = json.loads(_decode(viewer.export.value, f"{stem}.json"))
    assert record == json.loads(json.dumps(write_record(game)))
    assert read_game(record).moves == game.moves
    assert _decode(viewer.export.value, f"{stem}-sv.txt").splitlines() == narrate(game, lang="sv")
    viewer.language.value = "en"
    assert _decode(viewer.export.value, f"{stem}-en.txt").splitlines() == narrate(game, lang="en")
    viewer.view.value = 1
    assert _decode(viewer.export.value, f"{stem}-en.txt").splitlines() == narrate(
        game, lang="en", hidden=True
    )


def test_controls_have_words_or_tooltips_in_both_languages(viewer: ReplayViewer) -> None:
    for lang in ("sv", "en"):
        viewer.language.value = lang
        for name, button in viewer.buttons.items():
            assert re.search(r"[A-Za-zåäöÅÄÖ]{3}", button.description), name
            assert button.tooltip, name
        assert viewer.slider.label and viewer.move_list.label and viewer.view.tooltip
        assert not viewer.slider.tooltip and not viewer.move_list.tooltip  # (they break the view)
        assert all(viewer.speed.tooltips)
        for name, button in viewer.buttons.items():  # no icon fonts (they do not load offline)
            assert not button.icon, name


def test_doctests_of_the_replay_modules() -> None:
    for module in (replay_module, keys_module, export_module, navigation_module):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.failed == 0, module.__name__
        assert result.attempted > 0, module.__name__


def test_steps_and_jumps_through_a_long_game_show_the_engines_positions() -> None:
    # one working position walks the game by push and pop (reshuffles of the talon included):
    # every ply it shows, in any order of steps and jumps, is the engine's own replay
    import random
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks"))
    from bench_ui import long_game

    game = long_game(600, seed=3)
    assert any(e.kind == "reshuffle" for ply in range(1, 601) for e in game.events(ply))
    viewer = ReplayViewer(game, lang="en")
    rng = random.Random(7)
    plies = [600, 599, 0, 1, 2, 317, 316, 318] + [rng.randrange(601) for _ in range(12)]
    for ply in plies:
        viewer.go(ply)
        assert svg.table(game.replay(ply), lang="en") in viewer.table.value, ply
        assert viewer.position(ply).hands == game.replay(ply).hands


def test_classroom_mode_asks_before_it_shows(game: Game) -> None:
    viewer = ReplayViewer(game, lang="en", classroom=True)
    viewer.asks_every_move = True  # (by default only real choices: tests/tables/test_poll_choices.py)
    assert viewer.classroom and viewer.follows_mover and "vd-classroom" in viewer.get_state()["_dom_classes"]
    assert viewer.key_listener.presenter and "PageDown" in viewer.key_listener.watched
    assert viewer.move_list.last == 0, "only the moves already played are listed"

    def send(content, _buffers=()):
        send_custom(viewer.key_listener, content)

    send({"key": "PageDown"}, [])  # the question about move 1: the mover's seat, no answer
    mover = game.replay(0).to_move
    assert viewer.question and viewer.ply == 0 and viewer.seat_view == mover
    words = text_of(viewer.explanation.value)
    assert "What would you play?" in words and str(game.moves[0]) not in words
    assert viewer.buttons["reveal"].layout.display is None
    assert viewer.move_list.last == 0 and len(viewer.move_list.rows) == 1
    send({"key": "r"}, [])  # the answer: move 1 with the engine's explanation
    verdict, _ = expected_verdict(game, 1, "en")
    assert not viewer.question and viewer.ply == 1 and viewer.seat_view == mover
    words = text_of(viewer.explanation.value)
    assert all(line in words for line in uncited(verdict.lines("en", player=f"Player {mover + 1}"))[0])
    assert viewer.move_list.last == 1 and viewer.buttons["reveal"].layout.display == "none"
    send({"key": " "}, [])  # space: the next question
    assert viewer.question and viewer.ply == 1 and viewer.seat_view == game.replay(1).to_move
    send({"key": "PageUp"}, [])  # back: the answer before it
    assert not viewer.question and viewer.ply == 1
    send({"key": "PageUp"}, [])
    assert viewer.question and viewer.ply == 0
    viewer.ask.value = False  # "ask first" off: plain steps
    send({"key": "ArrowRight"}, [])
    assert not viewer.question and viewer.ply == 1
    viewer.classroom = False
    assert (
        not viewer.key_listener.presenter and viewer.seat_view is None and viewer.move_list.last == game.ply
    )
