"""The engine's shuffle draws exactly what ``random.Random.shuffle`` draws (a seed gives the
same round on every version), and a shuffle log sets a generator back to its state before
any logged shuffle — the way a game's pop() takes back a reshuffle (R10)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import vandatta as v
from vandatta.shuffling import SAVE_EVERY, ShuffleLog, shuffle


@settings(max_examples=300, deadline=None, database=None)
@given(seed=st.integers(0, 2**64), size=st.integers(0, 120))
def test_the_shuffle_is_random_shuffle_exactly(seed, size):
    ours, theirs = random.Random(seed), random.Random(seed)
    a, b = list(range(size)), list(range(size))
    shuffle(ours, a)
    theirs.shuffle(b)
    assert a == b
    assert ours.getstate() == theirs.getstate()


class Dice(random.Random):
    """A generator that draws its numbers its own way: shuffled by its own method."""

    def random(self) -> float:
        return 0.5

    def shuffle(self, x) -> None:
        x.reverse()


def test_another_kind_of_generator_shuffles_its_own_way():
    cards = list(range(6))
    shuffle(Dice(1), cards)
    assert cards == [5, 4, 3, 2, 1, 0]


@pytest.mark.parametrize("start", ["seed", "state"])
def test_the_log_rewinds_to_the_state_after_any_number_of_shuffles(start):
    rng = random.Random(11)
    log = ShuffleLog(11 if start == "seed" else rng.getstate())
    states = [rng.getstate()]
    sizes = [random.Random(n).randrange(0, 60) for n in range(3 * SAVE_EVERY + 3)]
    for size in sizes:
        shuffle(rng, list(range(size)))
        log.shuffled(rng, size)
        states.append(rng.getstate())
    for count in (len(sizes), 2 * SAVE_EVERY + 1, 2 * SAVE_EVERY, SAVE_EVERY - 1, 1, 0):
        log.rewind(rng, count)
        assert rng.getstate() == states[count] and len(log) == count
    with pytest.raises(ValueError, match="count must be from 0 to 0, not 1"):
        log.rewind(rng, 1)


def test_a_copied_log_rewinds_on_its_own():
    rng = random.Random(3)
    log = ShuffleLog(3)
    for _ in range(SAVE_EVERY + 1):
        shuffle(rng, list(range(30)))
        log.shuffled(rng, 30)
    copy = log.copy()
    log.rewind(rng, 0)
    assert len(copy) == SAVE_EVERY + 1 and len(log) == 0
    other = random.Random()
    copy.rewind(other, SAVE_EVERY)
    expected = random.Random(3)
    for _ in range(SAVE_EVERY):
        expected.shuffle(list(range(30)))
    assert other.getstate() == expected.getstate()


def test_pop_takes_back_a_long_rounds_reshuffles_one_by_one():
    """A heads-up round that reshuffles the pile many times (more than the log keeps states
    for): taken back move by move, every position is the one played, and playing on from
    any of them shuffles as the round did."""
    game = v.Game.deal(players=2, seed=8)
    rng = random.Random(8)
    positions = [(game.hands, game.talon, game.pile)]
    while game.ply < 3000 and not game.is_over:
        moves = game.legal_moves()
        draws = [m for m in moves if m.kind == "draw"]
        game.play(draws[0] if draws and rng.random() < 0.8 else moves.choice(rng))  # draw a lot
        positions.append((game.hands, game.talon, game.pile))
    reshuffles = sum(e.kind == "reshuffle" for ply in range(1, game.ply + 1) for e in game.events(ply))
    assert reshuffles > 2 * SAVE_EVERY
    moves = game.moves
    for ply in range(game.ply, 0, -1):
        game.pop()
        assert (game.hands, game.talon, game.pile) == positions[ply - 1]
        if ply % 97 == 0:  # and on from here, the same as before
            again = game.copy()
            for move in moves[ply - 1 :]:
                again.play(move)
            assert (again.hands, again.talon, again.pile) == positions[-1]
