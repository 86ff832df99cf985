"""The puzzle rating (Glicko-2): wins raise it, losses lower it, its uncertainty shrinks with
games, and the puzzles offered are those nearest the child's rating."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from vandatta_widgets.learner.events import Event
from vandatta_widgets.learner.rating import (
    START,
    Rating,
    puzzle_ratings,
    puzzles_at_level,
    rating_from_events,
)


@settings(max_examples=100, deadline=None)
@given(st.floats(800, 2400), st.floats(100, 350), st.floats(800, 2400))
def test_a_win_raises_and_a_loss_lowers_the_rating(rating, rd, opponent):
    player = Rating(rating, rd)
    other = Rating(opponent, 60)
    won, lost = player.update([(other, 1.0)]), player.update([(other, 0.0)])
    assert won.rating > rating > lost.rating


def test_games_make_the_rating_surer():
    player = Rating()
    for _ in range(5):
        player = player.update([(Rating(player.rating, 60), 1.0)])
    assert player.rd < 150 < Rating().rd


def test_solving_puzzles_moves_the_child_up_and_the_offer_with_it():
    ratings = puzzle_ratings()
    assert len(ratings) >= 120 and min(ratings.values()) >= 1000
    hard = sorted(ratings, key=ratings.get)[-30:]
    events = [
        Event("d", n, 86_400 * n, "puzzle", "right", ("R4",), item=key) for n, key in enumerate(hard, 1)
    ]
    strong = rating_from_events(events)
    assert strong.rating > START + 300
    offer = puzzles_at_level(strong, solved=hard)
    weak_offer = puzzles_at_level(Rating())
    assert not set(offer) & set(hard)
    assert sum(ratings[k] for k in offer) > sum(ratings[k] for k in weak_offer)


def test_only_the_first_try_of_a_puzzle_on_a_day_counts():
    events = [
        Event("d", 1, 100, "puzzle", "not_allowed", ("R4",), item="go_out-1-1"),
        Event("d", 2, 200, "puzzle", "right", ("R4",), item="go_out-1-1"),
    ]
    assert rating_from_events(events) == rating_from_events(events[:1])
    assert rating_from_events(events).rating < START
