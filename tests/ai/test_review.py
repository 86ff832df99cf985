"""The game review (vandatta.review): verdicts on positions where the better move is known,
honesty about uncertainty, determinism, no peeking at hidden cards, annotations that survive a
record, the playout policy as a parameter, and errors that say what is wrong."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import vandatta as v
from tests.conftest import permuted
from vandatta.ai.players import policy_move
from vandatta.ai.review import (
    GOOD_BELOW,
    INACCURACY_BELOW,
    MISTAKE_BELOW,
    Decision,
    Grade,
    Playout,
    Review,
    ReviewError,
    ReviewJob,
    grade_of,
    judge,
)
from vandatta.lang import LocalText
from vandatta.view import PublicLog

TALON = "9♠ 4♣ 2♣ 5♥ J♣ 6♠ 10♦ 3♥ Q♠ 4♥ K♦ 9♥ 2♠"
PLAYOUTS = 300  # enough for the scripted positions' clear differences


def view_of(hands, top, talon=TALON, **kw) -> v.SeatView:
    return v.SeatView.of(v.Game.from_position(hands=hands, top=top, talon=talon, **kw), 0)


def finished_round(seed: int = 4, players: int = 3) -> v.Game:
    bots = [v.make_player("beginner"), v.make_player("expert"), v.make_player("random", seed=seed)]
    return v.play_game(bots[:players], seed=seed, notes=False)


# -- verdicts where the better move is known ------------------------------------------------------


def test_laying_the_last_eight_when_a_plain_card_fits_is_marked():
    view = view_of(["7♥ 8♠ K♣ 4♦", "2♦ 3♠ 5♣ 9♣", "J♦ 6♠ Q♣ 2♥"], "7♦")
    d = judge(view, "8♠=K♣", playouts=PLAYOUTS)
    assert d.grade.severity >= Grade.INACCURACY.severity and d.grade is not Grade.GOOD
    assert d.drop > d.margin  # a real difference, not the luck of the deals
    assert d.best.is_play and not d.best.cards[0].is_eight
    assert "keeping the eight would have given you a way out later" in d.reason("en")
    assert "om du hade sparat åttan" in d.reason("sv")
    kept = judge(view, "7♥", playouts=PLAYOUTS)  # (4♦ does about as well: either may rank first)
    assert kept.grade in (Grade.BEST, Grade.GOOD) and kept.before == d.before
    assert kept.after - d.after > kept.margin + d.margin  # clearly better than spending the eight


def test_going_out_is_best_and_missing_it_is_a_blunder():
    view = view_of(["7♥ 7♣", "2♦ 3♠ 5♣ 9♣", "J♦ 6♠ Q♣ 2♥"], "7♦")
    out = judge(view, "7♥ 7♣", playouts=PLAYOUTS)
    assert out.grade is Grade.BEST and out.before == out.after == 1.0
    assert out.reason("en") == "You went out and won the round."
    assert out.reason("sv") == "Du gick ut och vann omgången."
    missed = judge(view, "7♥", playouts=PLAYOUTS)
    assert missed.grade is Grade.BLUNDER and missed.best.decision()[1] in (
        (v.Card.parse("7♥"), v.Card.parse("7♣")),
        (v.Card.parse("7♣"), v.Card.parse("7♥")),
    )
    assert missed.before == 1.0 and missed.after < 1.0
    assert "you could have gone out" in missed.reason("en")


def test_an_ace_when_the_next_player_has_one_card_is_praised_and_its_absence_marked():
    view = view_of(["A♦ 5♦ K♠ 9♣", "3♣", "4♠ 6♥ 10♣ J♥"], "2♦")
    ace = judge(view, "A♦", playouts=PLAYOUTS)
    assert ace.grade is Grade.BEST
    assert ace.reason("en").startswith("The ace made the next player draw when they had only one card left")
    assert "Esset fick nästa spelare, som bara hade ett kort kvar, att dra" in ace.reason("sv")
    plain = judge(view, "5♦", playouts=PLAYOUTS)
    assert plain.grade.severity >= Grade.MISTAKE.severity and plain.best == v.Move.parse("A♦")
    assert "the ace would have made the next player draw" in plain.reason("en")


def test_a_forgotten_lappen_is_marked_with_its_penalty():
    view = view_of(["7♥ 5♠ 5♣", "2♦ 3♠ 9♣ K♥", "J♦ 6♠ Q♣ 2♥"], "7♦", rules=v.Rules(lappen=True))
    d = judge(view, "7♥", playouts=PLAYOUTS)
    assert d.best == v.Move.parse("7♥ lappen") and d.grade is Grade.BLUNDER
    assert "forgot to call “lappen”" in d.reason("en") and "(V3)" in d.reason("sv")


def test_a_forced_move_is_not_judged_and_a_wrong_move_is_refused():
    view = view_of(["K♠ Q♠", "2♦ 3♠"], "7♦")  # nothing fits: the draw is forced
    assert judge(view, "draw") is None
    with pytest.raises(ReviewError, match="not an allowed move") as info:
        judge(view, "K♠")
    assert "inte ett tillåtet drag" in info.value.text("sv")
    other = v.SeatView.of(v.Game.from_position(hands=["K♠", "2♦"], top="7♦"), 1)
    with pytest.raises(ReviewError, match="seat to move"):
        judge(other, "draw")


def test_a_played_eight_is_judged_as_played_and_the_others_by_suit():
    view = view_of(["8♠ K♣ 4♦ 9♥", "2♦ 3♠ 5♣ 9♣"], "7♠")
    d = judge(view, "8♠=Q♥", playouts=60)  # a declaration no candidate has
    compared = [m for m, _ in d.candidates]
    assert v.Move.parse("8♠=Q♥") in compared
    eights = [m for m in compared if m.is_play and m.cards[0].is_eight]
    assert len({m.declared_suit for m in eights}) == 4 and len(eights) == 5  # 4 suits + the move played
    assert len(compared) < 15  # not the 52 declarations


# -- honesty about uncertainty ----------------------------------------------------------------------


@given(st.floats(0, 1), st.floats(0, 1), st.booleans())
def test_a_mistake_is_called_only_beyond_its_own_interval(drop, margin, best):
    grade = grade_of(drop, margin, best=best)
    if best:
        assert grade is Grade.BEST
        return
    if grade in (Grade.MISTAKE, Grade.BLUNDER):
        assert drop > margin and drop >= INACCURACY_BELOW
    if grade is Grade.BLUNDER:
        assert drop >= MISTAKE_BELOW
    if grade is Grade.GOOD:
        assert drop < GOOD_BELOW
    if drop >= INACCURACY_BELOW and drop <= margin:
        assert grade is Grade.INACCURACY  # too uncertain to say more


def test_few_deals_say_less_never_more():
    view = view_of(["7♥ 8♠ K♣ 4♦", "2♦ 3♠ 5♣ 9♣", "J♦ 6♠ Q♣ 2♥"], "7♦")
    for playouts in (4, 12, 40):
        d = judge(view, "8♠=K♣", playouts=playouts, seed=2)
        if d.grade.severity >= Grade.MISTAKE.severity:
            assert d.drop > d.margin
        assert d.margin >= 0 and d.spread >= 0 and d.playouts == playouts


def test_every_verdict_of_a_round_keeps_the_rules():
    r = v.review(finished_round(), playouts=80, workers=1, annotate=False)
    assert r.seat is None and len({d.seat for d in r}) >= 2
    for d in r:
        assert 0 <= d.after <= d.before <= 1
        assert d.grade is grade_of(d.before - d.after, d.margin, best=d.grade is Grade.BEST)
        assert d.candidates[0][1] == d.before and (d.move, d.after) in d.candidates
        assert d.reason("en").endswith(".") and d.reason("sv").endswith(".")
        assert d.reason("en") != d.reason("sv")


# -- determinism, processes, steps --------------------------------------------------------------------


def test_the_same_seed_gives_the_same_review_in_one_process_or_two_and_in_steps():
    game = finished_round(seed=9)
    one = v.review(game, seat=0, playouts=60, seed=5, workers=1, annotate=False)
    two = v.review(game, seat=0, playouts=60, seed=5, workers=2, annotate=False)
    assert one == two and len(one) > 3
    job = ReviewJob(game, 0, playouts=60, seed=5)
    steps = 0
    while not job.step(deals=7):
        steps += 1
        assert 0 <= job.fraction < 1
    assert steps > len(one) and job.result() == one
    other = v.review(game, seat=0, playouts=60, seed=6, workers=1, annotate=False)
    assert [d.ply for d in other] == [d.ply for d in one]
    assert [d.after for d in other] != [d.after for d in one]  # another seed, other deals


def test_progress_counts_the_decisions():
    game = finished_round(seed=9)
    calls = []
    r = v.review(game, seat=1, playouts=20, workers=1, annotate=False, progress=lambda *a: calls.append(a))
    assert calls[0] == (0, len(r)) and calls[-1] == (len(r), len(r))
    assert [done for done, _ in calls] == sorted(done for done, _ in calls)


# -- information: the seat's view only ------------------------------------------------------------------


def test_a_decision_is_judged_from_the_seats_view_only():
    game = v.Game.deal(3, seed=30)
    view = v.SeatView.of(game, game.to_move)
    twin = permuted(game, game.to_move, random.Random(1))  # other hidden cards, same view
    twin_view = v.SeatView.of(twin, game.to_move, log=PublicLog(game))
    assert twin.hands != game.hands and twin_view == view
    move = game.legal_moves()[0]
    assert judge(view, move, playouts=40, seed=3) == judge(twin_view, move, playouts=40, seed=3)


def _twin_deck(game: v.Game, seat: int, upto: int, rng: random.Random) -> list[v.Card]:
    """The deck order of ``game`` with the cards ``seat`` never saw in the first ``upto``
    moves (other hands, the talon, cards drawn by others and not laid) shuffled among their
    places."""
    deck = list(game.deck)
    seen = set(game.root().hand(seat)) | set(game.root().pile)
    for ply in range(1, upto + 1):
        for e in game.events(ply):
            if e.seat == seat:
                seen.update(e.cards)
        move = game.move_at(ply)
        if move.is_play:
            seen.update(move.cards)
    places = [i for i, c in enumerate(deck) if c not in seen]
    cards = [deck[i] for i in places]
    rng.shuffle(cards)
    for i, c in zip(places, cards):
        deck[i] = c
    return deck


def test_changing_the_hidden_cards_does_not_change_the_review_of_a_decision():
    game = finished_round(seed=11)
    upto = game.ply // 2
    twin = v.Game.deal(3, seed=game.seed, deck=_twin_deck(game, 0, upto, random.Random(2)))
    for move in game.moves[:upto]:
        twin.play(move)  # the same public moves are allowed with the other hidden cards
    assert any(twin.hand(s) != game.replay(upto).hand(s) for s in (1, 2))
    assert twin.hand(0) == game.replay(upto).hand(0)
    mine = [d for d in v.review(game, seat=0, playouts=40, workers=1, annotate=False) if d.ply <= upto]
    theirs = v.review(twin, seat=0, playouts=40, workers=1, annotate=False)
    assert mine and list(theirs) == mine


# -- annotations: a reviewed game replays with its review ---------------------------------------------------


def test_the_review_is_kept_in_the_record_and_read_back():
    game = v.play_game(
        [
            v.make_player("strong", seed=1, playouts=40),
            v.make_player("expert"),
            v.make_player("random", seed=2),
        ],
        seed=21,
    )
    notes_before = game.annotations
    r = v.review(game, seat=0, playouts=40, workers=1)
    assert game.is_over and Review.from_game(game) == r
    for d in r:
        note = game.annotation(d.ply)
        assert note["review"]["grade"] == d.grade.value
        for key, value in (notes_before.get(d.ply) or {}).items():
            assert note[key] == value  # the strong player's notes stay beside the review
    text = json.dumps(v.write_record(game), ensure_ascii=False)
    back = v.read_game(json.loads(text))
    assert Review.from_game(back) == r and back.moves == game.moves and back.points() == game.points()
    assert Review.from_game(back, lang="sv").text().startswith("Granskning av spelare 1s omgång")
    # each language writes its chances its own way: "48 %" in Swedish, "48%" in English
    first = r.decisions[0]
    assert f"vinstchans {round(100 * first.before)} % före" in first.text("sv")
    assert f"chance to win {round(100 * first.before)}% before" in first.text("en")


def test_a_second_review_replaces_the_first_and_annotate_checks_the_moves():
    game = finished_round(seed=4)
    first = v.review(game, seat=0, playouts=20, seed=1, workers=1)
    second = v.review(game, seat=0, playouts=30, seed=2, workers=1)
    assert Review.from_game(game) == second != first
    other = finished_round(seed=5)
    with pytest.raises(ReviewError, match="move"):
        second.annotate(other)
    with pytest.raises(ReviewError, match="without its moves"):
        second.annotate(game.copy(history=False))


def test_a_damaged_review_in_a_record_is_refused_with_its_move():
    game = finished_round(seed=4)
    r = v.review(game, seat=0, playouts=20, workers=1)
    record = v.write_record(game)
    ply = r.decisions[0].ply
    for note in record["annotations"]:
        if note["move"] == ply:
            note["review"]["after"] = 7
    with pytest.raises(ReviewError, match=f"move {ply}") as info:
        Review.from_game(v.read_game(record))
    assert f"drag {ply}" in info.value.text("sv")


# -- value types ------------------------------------------------------------------------------------------


def test_decisions_and_reviews_are_frozen_values_that_paste_back():
    game = finished_round(seed=4)
    r = v.review(game, seat=0, playouts=20, workers=1, annotate=False)
    d = r.decisions[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        d.after = 0.5  # type: ignore[misc]
    namespace = {
        "Decision": Decision,
        "Move": v.Move,
        "Grade": Grade,
        "Review": Review,
        "LocalText": LocalText,
    }
    assert eval(repr(d), namespace) == d
    assert eval(repr(r), namespace) == r
    assert Decision.from_dict(d.to_dict(), ply=d.ply, move=d.move) == d
    assert Grade.parse("?!") is Grade.INACCURACY and Grade.parse("blunder") is Grade.BLUNDER
    with pytest.raises(ValueError, match="not a verdict"):
        Grade.parse("!!")
    assert [g.symbol for g in Grade] == ["!", "✓", "?!", "?", "??"]
    assert Grade.MISTAKE.name_in("sv") == "Misstag" and Grade.BLUNDER.name_in("en") == "Blunder"
    assert sum(r.counts().values()) == len(r) and list(r.counts()) == list(Grade)
    html = r._repr_html_()
    assert html.startswith("<div") and "<table" in html and d.grade.symbol in html
    assert d.label("sv").startswith(f"Drag {d.ply}, ")


def test_the_playout_policy_is_a_parameter():
    calls = []

    def counting(game, rng):
        calls.append(1)
        return policy_move(game, rng)

    view = view_of(["7♥ 8♠ K♣ 4♦", "2♦ 3♠ 5♣ 9♣"], "7♦")
    d = judge(view, "7♥", playouts=10, policy=Playout(policy=counting, max_plies=None))
    assert calls and d.playouts == 10
    assert repr(Playout()) == "Playout(policy=policy_move, max_plies=14, estimate=win_estimate)"


def test_bad_settings_are_refused_in_both_languages():
    game = finished_round(seed=4)
    with pytest.raises(ReviewError, match="playouts"):
        v.review(game, playouts=1)
    with pytest.raises(ReviewError, match="seat") as info:
        v.review(game, seat=3)
    assert "platsen" in info.value.text("sv")
    with pytest.raises(ReviewError, match="nothing to review"):
        v.review(game.copy(history=False))
    with pytest.raises(ValueError, match="language"):
        v.review(game, lang="de")


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(list(v.PRESETS.values())))
def test_any_round_under_any_rules_can_be_reviewed(seed, rules):
    game = v.play_game([v.make_player("random", seed=seed), v.make_player("expert")], seed=seed, rules=rules)
    r = v.review(game, seat=0, playouts=6, workers=1)
    assert Review.from_game(v.read_game(v.write_record(game))) == r
    assert all(game.move_at(d.ply) == d.move for d in r)


@pytest.mark.parametrize(
    ("move", "en"),
    [("pass varning", "varning"), ("pass varning lappen", "varning lappen"), ("9♣ varning", "9♣ varning")],
)
def test_a_reviewed_move_keeps_its_calls_in_words(move, en):
    for lang in ("sv", "en"):
        assert v.move_words(v.Move.parse(move), lang, phrase=True).endswith(en), lang
