"""Lesson 11's figures and players: the playing styles (vandatta/ai/styles.py) change one habit
of the expert and nothing else; the stored tournaments (vandatta/ai/strategy.json) are
reproduced by playing their first rounds again; the reviewed round is the round its players
play, with the review its settings give; the puzzles chosen for each idea practise it; and the
lesson's widgets (widgets/lessons/strategy.py) show the stored numbers."""

from __future__ import annotations

import copy
import re
from math import comb
from pathlib import Path

import pytest

import vandatta as v
from vandatta.ai import strategy
from vandatta.ai.players import ExpertPlayer, expert_scores, make_player
from vandatta.ai.review import Grade, Review, judge
from vandatta.ai.simulate import wilson
from vandatta.ai.styles import (
    STYLES,
    AceSaverPlayer,
    EightAtOncePlayer,
    OneAtATimePlayer,
    WatcherPlayer,
    next_player_misses,
    style,
)
from vandatta.cards import Rank, Suit
from vandatta.lang import LocalText
from vandatta.view import PublicLog, SeatView
from vandatta_widgets.base.i18n import UI
from vandatta_widgets.controls.charts import bar_chart
from vandatta_widgets.lessons import strategy as ws
from vandatta_widgets.lessons.puzzle import PuzzleBoard

# -- the styles -------------------------------------------------------------------------------------


def decisions(lineup, seeds, players=3):
    """(view, move, seat's player) for every decision of seeded rounds between ``lineup``."""
    for seed in seeds:
        made = [cls() for cls in lineup]
        game = v.Game.deal(players, seed=seed)
        log = PublicLog(game)
        while not game.is_over:
            seat = game.to_move
            view = SeatView.of(game, seat, log=log)
            move = made[seat].choose(view)
            yield view, move, made[seat]
            game.play(move)


def expert_move(view):
    return ExpertPlayer().choose(view)


def goes_out(view, move):
    return expert_scores(view)[0][0] >= 900 and move == expert_move(view)


def test_make_player_takes_a_player_class():
    player = make_player(EightAtOncePlayer, seed=3)
    assert isinstance(player, EightAtOncePlayer) and player.name == "eight_at_once"
    assert isinstance(make_player(WatcherPlayer, close=1), WatcherPlayer)
    with pytest.raises(ValueError, match="unknown player"):
        make_player(int)  # a class, but not a player's
    assert style("expert") is ExpertPlayer and set(STYLES) == {
        "one_at_a_time",
        "eight_at_once",
        "ace_saver",
        "watcher",
    }
    with pytest.raises(ValueError, match="unknown style 'nobody'"):
        style("nobody")


def test_each_style_keeps_the_experts_judgement_but_one_habit():
    lineup = [OneAtATimePlayer, EightAtOncePlayer, AceSaverPlayer]
    seen = {"one": 0, "eight": 0, "ace": 0, "same": 0}
    for view, move, player in decisions(lineup, range(40)):
        expert = expert_move(view)
        if goes_out(view, move):
            continue
        plays = view.legal.plays()
        if isinstance(player, OneAtATimePlayer):
            assert not (move.is_play and len(move.cards) > 1), f"{move} from {view.hand}"
            if expert.is_play and len(expert.cards) > 1:
                seen["one"] += 1
            else:
                assert move == expert
                seen["same"] += 1
        elif isinstance(player, EightAtOncePlayer):
            has_eight = any(cards[0].is_eight for cards, _, _ in plays)
            assert (move.is_play and move.cards[0].is_eight) == has_eight, f"{move} from {view.hand}"
            if not has_eight:
                assert move == expert
            elif not expert.cards[0].is_eight:
                seen["eight"] += 1
        else:
            close = min(view.hand_sizes[s] for s in view.opponents()) <= 2
            others = [cards for cards, _, _ in plays if not cards[0].is_ace]
            if move.is_play and move.cards[0].is_ace:
                assert close or not others, f"an ace laid while {others} fitted"
            if close or not others:
                assert move == expert
            elif expert.is_play and expert.cards[0].is_ace:
                seen["ace"] += 1
    assert all(seen.values()), seen  # each habit did change some decisions


def test_the_watcher_is_the_expert_until_the_next_player_is_close():
    changed = 0
    for view, move, player in decisions([WatcherPlayer, ExpertPlayer], range(30), players=2):
        if not isinstance(player, WatcherPlayer):
            continue
        following = (view.seat + 1) % view.players
        if view.hand_sizes[following] > 2 or goes_out(view, move):
            assert move == expert_move(view)
        elif move != expert_move(view):
            changed += 1
            assert move.is_play
    assert changed > 0


def test_next_player_misses_counts_the_unseen_cards_and_what_they_lacked():
    # ten clubs on the pile: the next player's card is less likely a club than a heart
    g = v.Game.from_position(
        hands=["7♥ 7♣", "K♠"], top="7♦", talon="9♠", pile="2♣ 3♣ 4♣ 5♣ 6♣ 9♣ 10♣ J♣ Q♣ K♣"
    )
    view = SeatView.of(g, 0)
    clubs, hearts = (next_player_misses(view, s, Rank.SEVEN) for s in (Suit.CLUBS, Suit.HEARTS))
    assert 0 < hearts < clubs < 1
    # counted exactly: 39 unseen cards, 1 held; fitting ♣ or 7: A♣ 8♣ 7♠, and the eights 8♠ 8♥ 8♦
    assert clubs == pytest.approx(1 - 6 / 39)
    # a player who drew and passed on 5♥ holds no heart and no five (eights aside), and has
    # had no card since: of the 48 unseen cards only 36 can be theirs, 7 of which fit 9♥
    g = v.Game.from_position(hands=["5♥ 9♥ Q♣", "K♠ 3♦"], top="7♥", talon="J♦ 10♣ 6♦ 2♦ 9♣")
    for move in ("5♥", "draw", "draw", "draw", "pass"):
        g.play(move)
    view = SeatView.of(g, 0)
    assert view.voids[1] == (Suit.HEARTS, Rank.FIVE, 0) and view.hand_sizes[1] == 5
    assert next_player_misses(view, Suit.HEARTS, Rank.NINE) == pytest.approx(comb(29, 5) / comb(36, 5))
    # the same cards without the drawing seen: any 5 of the 48 unseen, 16 of which fit
    blind = v.Game.from_position(hands=["9♥ Q♣", "K♠ 3♦ J♦ 10♣ 6♦"], top="5♥", talon="2♦ 9♣", pile="7♥")
    blind_view = SeatView.of(blind, 0)
    assert blind_view.voids[1] is None and sorted(blind_view.unseen()) == sorted(view.unseen())
    assert next_player_misses(blind_view, Suit.HEARTS, Rank.NINE) == pytest.approx(comb(32, 5) / comb(48, 5))


# -- the stored figures ----------------------------------------------------------------------------


@pytest.mark.parametrize("key", list(strategy.IDEAS))
def test_the_stored_run_is_reproduced_by_its_first_rounds(key):
    assert strategy.check_run(key) == []


def test_a_changed_figure_is_caught():
    stored = copy.deepcopy(strategy.stored_run("ace"))
    stored["check"]["wins"][0] += 1
    problems = strategy.check_run("ace", stored)
    assert len(problems) == 1 and "wins" in problems[0] and "ace" in problems[0]


def test_the_file_holds_every_idea_with_honest_intervals():
    data = strategy.load_strategy()
    assert data["made_by"] == strategy.COMMAND == "python scripts/make_strategy.py"
    for key, idea in strategy.IDEAS.items():
        run = data["ideas"][key]
        assert run["games"] == idea.games == strategy.GAMES >= 20_000
        assert run["seed"] == idea.seed and run["duplicate"] and run["players"] == 2
        assert [e["player"] for e in run["entries"]] == [idea.follows.name, idea.skips.name]
        assert sum(e["wins"] for e in run["entries"]) + run["blocked"] == run["games"]
        for e in run["entries"]:
            assert e["win_rate"] == e["wins"] / run["games"]
            assert e["ci95"] == list(wilson(e["wins"], run["games"]))
            assert e["ci95"][1] - e["ci95"][0] < 0.015  # honest: the interval is narrow
        assert run["check"]["games"] == strategy.CHECK_GAMES
    # seeds are distinct: the ideas are measured on different deals
    assert len({idea.seed for idea in strategy.IDEAS.values()}) == len(strategy.IDEAS)


def test_every_idea_pays_off_beyond_its_uncertainty():
    """The lesson says each idea pays off: the follower's whole interval is above 50 %."""
    for key in strategy.IDEAS:
        follows, skips = strategy.stored_run(key)["entries"]
        assert follows["ci95"][0] > 0.5 > skips["ci95"][1], key


def test_the_file_is_read_with_checks(monkeypatch):
    good = strategy.load_strategy()
    bad = copy.deepcopy(good)
    bad["ideas"]["ace"]["entries"][0]["win_rate"] += 0.01
    monkeypatch.setattr(strategy.json, "loads", lambda text: bad)
    strategy.load_strategy.cache_clear()
    try:
        with pytest.raises(ValueError, match="idea 'ace'"):
            strategy.load_strategy()
        del bad["ideas"]["ace"]
        with pytest.raises(ValueError, match=re.escape("python scripts/make_strategy.py")):
            strategy.load_strategy()
    finally:
        monkeypatch.undo()
        strategy.load_strategy.cache_clear()
    assert strategy.load_strategy() == good


def test_an_unknown_idea_is_refused():
    with pytest.raises(ValueError, match="unknown idea 'luck'"):
        strategy.run("luck", games=2)
    with pytest.raises(ValueError, match="unknown idea"):
        ws.idea_chart("luck")


# -- the reviewed round -------------------------------------------------------------------------------


def test_the_reviewed_round_is_its_players_round_with_its_review():
    stored = strategy.reviewed_round()
    again = strategy.play_reviewed_round()
    assert stored.moves == again.moves and stored.winner == again.winner
    review = Review.from_game(stored)
    settings = strategy.REVIEWED
    assert review is not None and review.seat == settings["seat"] == 0
    assert review.playouts == settings["playouts"] and review.seed == settings["review_seed"]
    shown = review.decision(settings["show"])
    # the mistake the lesson talks about: both eights laid although J♥ fitted
    assert shown.move.cards[0].is_eight and len(shown.move.cards) == 2
    assert shown.grade in (Grade.MISTAKE, Grade.BLUNDER)
    assert str(shown.best) == "J♥" and shown.drop > shown.margin
    assert "eight" in shown.reason("en") and "åttan" in shown.reason("sv")
    # the stored decision is what the review gives with its settings (each decision is
    # seeded by the review's seed and its move number alone)
    before = stored.replay(shown.ply - 1)
    fresh = judge(
        SeatView.of(before, shown.seat),
        shown.move,
        playouts=settings["playouts"],
        seed=settings["review_seed"],
    )
    assert (fresh.grade, fresh.best, fresh.before, fresh.after, fresh.margin) == (
        shown.grade,
        shown.best,
        shown.before,
        shown.after,
        shown.margin,
    )
    assert stored.winner != settings["seat"]  # the player who spent its eights lost


# -- puzzles ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("key", list(strategy.IDEAS))
def test_the_puzzles_of_an_idea_practise_it(key):
    chosen = strategy.idea_puzzles(key)
    levels = [p.level for p in chosen]
    assert chosen and all(levels.count(n) <= strategy.PUZZLES_PER_LEVEL for n in set(levels))
    for p in chosen:
        cards = [c for step in p.solution for c in step.cards]
        if key == "several":
            assert any(len(s.cards) > 1 and not s.cards[0].is_ace for s in p.solution), p.key
        elif key == "eight":
            assert any(c.is_eight for c in cards) and p.kind in ("go_out", "ace_out", "choose"), p.key
        elif key == "ace":
            assert p.kind == "ace_out" and cards[0].is_ace, p.key
        else:
            assert p.kind == "stuck", p.key
    assert len({p.key for p in chosen}) == len(chosen)


def test_a_board_of_a_few_puzzles_offers_only_their_levels():
    board = ws.idea_board("eight", lang="en")
    assert board.levels == (2, 3) and board.level == 2
    assert [value for _, value in board.level_buttons.options] == [2, 3]
    assert all(p.level == 2 for p in board.puzzles())
    with pytest.raises(ValueError, match="one of 2, 3"):
        board.set_level(1)
    board.level_buttons.set_state({"value": 1})  # not offered here: refused, nothing breaks
    assert board.level == 2 and board.errors == []
    board.set_level(3)
    assert board.puzzle.level == 3
    assert PuzzleBoard(lang="en").levels == (1, 2, 3)


# -- the widgets ------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_the_idea_chart_shows_the_stored_shares(lang):
    for key in strategy.IDEAS:
        follows, skips = strategy.stored_run(key)["entries"]
        svg = ws.idea_chart(key, lang=lang).svg
        assert UI[f"sg_{key}_follows"][lang] in svg and UI[f"sg_{key}_skips"][lang] in svg
        for e in (follows, skips):
            assert f"{100 * e['win_rate']:.0f} %" in svg
            assert f"({100 * e['ci95'][0]:.0f} %–{100 * e['ci95'][1]:.0f} %)" in svg
        assert "vd-reference" in svg and UI["sg_chart_even"][lang] in svg
        assert ("20\u00a0000 omgångar" if lang == "sv" else "20,000 rounds") in svg
    summary = ws.ideas_chart(lang=lang).svg
    assert ("20\u00a0000 omgångar" if lang == "sv" else "20,000 rounds") in summary
    assert all(UI[f"sg_short_{key}"][lang] in summary for key in strategy.IDEAS)


def test_a_small_run_is_drawn_too_and_a_wrong_one_refused():
    small = strategy.run("eight", games=20, seed=1)
    assert "20 rounds" in ws.idea_chart("eight", small, lang="en").svg
    with pytest.raises(ValueError, match="not idea 'ace'"):
        ws.idea_chart("ace", small, lang="en")


def test_the_idea_quiz_answers_with_the_stored_share():
    for key in strategy.IDEAS:
        follows, skips = strategy.stored_run(key)["entries"]
        quiz = ws.idea_quiz(key, lang="en")
        assert quiz.answer == round(100 * follows["win_rate"])
        values = [value for _, value in quiz.choices]
        assert round(100 * skips["win_rate"]) in values and 50 in values and len(values) >= 3
        assert quiz.choose(values.index(50)) == "wrong" and "equally good" in quiz.message
        assert quiz.choose(quiz.right_index) == "right"
        assert "pays off" in quiz.message and str(quiz.answer) in quiz.message


def test_the_biggest_idea_quiz_names_the_idea_that_made_the_most_difference():
    quiz = ws.biggest_idea_quiz(lang="sv")
    gaps = {}
    for key in strategy.IDEAS:
        follows, skips = strategy.stored_run(key)["entries"]
        gaps[key] = follows["win_rate"] - skips["win_rate"]
    assert quiz.answer == max(gaps, key=gaps.get)
    for i, (_, value) in enumerate(quiz.choices):
        if value != quiz.answer:
            assert quiz.choose(i) == "wrong" and "En annan idé gav" in quiz.message


def test_keeps_eights_is_reached_by_a_plain_card_only():
    from vandatta_widgets.lessons.exercise import Exercise

    position = v.Game.from_position(hands=["8♣ 6♥ K♥ 3♠", "Q♦ 5♠", "9♣ 2♥"], top="6♦", talon="9♠ 4♦ 2♣")
    ex = Exercise(position, prompt=LocalText(sv="…", en="…"), accept=ws.keeps_eights(), lang="en")
    assert ex.attempt_move("8♣=6♥") == "miss"
    assert "Save the eight for when nothing else fits" in ex.feedback.value
    assert ex.attempt_move("6♥") == "right"
    assert "R6" in ex.practises


def test_the_reviewed_round_panel_opens_at_the_mistake():
    panel = ws.reviewed_round_panel(lang="sv")
    assert panel.review is not None and not panel.running
    detail = panel.detail.value
    assert "Drag 3" in detail and "Bättre" in detail and "J♥" in detail
    assert panel.marks.current == strategy.REVIEWED["show"]
    assert any(sign == "??" for _, sign, *_ in panel.marks.marks) or any(
        sign == "?" for _, sign, *_ in panel.marks.marks
    )


def test_a_bar_chart_draws_its_reference_line_and_refuses_a_bad_one():
    chart = bar_chart(["a", "b"], [0.6, 0.4], reference=0.5, reference_label="equally good (50 %)")
    assert 'class="vd-reference"' in chart.svg and "<title>equally good (50 %)</title>" in chart.svg
    assert "vd-reference" not in bar_chart(["a"], [0.5]).svg
    with pytest.raises(ValueError, match="reference line"):
        bar_chart(["a"], [0.5], reference=float("nan"))


def test_the_readme_quotes_the_stored_figures():
    text = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    for key in strategy.IDEAS:
        follows, skips = strategy.stored_run(key)["entries"]
        low, high = follows["ci95"]
        quoted = f"{100 * follows['win_rate']:.1f} % ({100 * low:.1f}–{100 * high:.1f}) | {100 * skips['win_rate']:.1f} %"
        assert quoted in text, f"README.md does not quote idea {key!r} as {quoted!r}"
