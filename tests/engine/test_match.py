"""The game to 100 (S2) and first to 100 (O3) as a ``Match`` over several rounds.

Scripted rounds: the match deals each round itself (its dealer and seats are what is checked);
to give a round exact points, the dealt game is then replaced by a teaching position of the
same players that ends blocked at once (nobody can lay or draw), so every player scores
exactly the hand the test chose (S1). Random rounds check that the totals always agree with
the rounds' own ``points()``.
"""

from __future__ import annotations

import random

import pytest

import vandatta as v
from vandatta.ai.simulate import random_move

S2 = v.Rules()
O3 = v.Rules(first_to_100_ends=True)

# Cards that cannot be laid on 9♥ (no ♥, no nine, no eight), by points.
_TENS = v.parse_cards("10♠ J♠ Q♠ K♠ 10♦ J♦ Q♦ K♦ 10♣ J♣ Q♣ K♣") * 2
_FIVES = v.parse_cards("2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣") * 2


def hands_worth(points: list[int]) -> list[list[v.Card]]:
    tens, fives = list(_TENS), list(_FIVES)
    hands = []
    for p in points:
        assert p % 5 == 0
        hand = []
        while p >= 10 and tens:
            hand.append(tens.pop())
            p -= 10
        while p > 0:
            hand.append(fives.pop())
            p -= 5
        hands.append(hand)
    return hands


def finish_round(match: v.Match, points: list[int]) -> v.Game:
    """End the current round with exactly ``points`` per round seat (a blocked round)."""
    dealt = match.game
    assert not dealt.is_over and len(points) == dealt.players
    game = v.Game.from_position(
        hands=hands_worth(points), top="9♥", talon="", pile="", to_move=dealt.to_move, rules=match.rules
    )
    for _ in range(game.players):
        game.play("pass")
    assert game.is_blocked and game.points() == points
    match.game = game
    return game


def cards_in(game: v.Game) -> int:
    return sum(len(h) for h in game.hands) + game.talon_size + len(game.pile)


def test_match_starts_with_seat_0_dealing():
    m = v.Match(players=3, seed=1)
    assert m.seats == [0, 1, 2] and m.game.dealer == 0 and m.game.to_move == 1
    assert m.totals == [0, 0, 0] and m.winners == [] and not m.is_over and m.round_number == 1
    assert m.game.rules == S2 and m.rules == S2
    named = v.Match(players=2, seed=1, names=["Anna", "Bo"], rules=O3)
    assert named.game.names == ("Anna", "Bo") and named.game.rules == O3
    with pytest.raises(ValueError):
        v.Match(players=3, seed=1, names=["Anna"])
    with pytest.raises(ValueError):
        v.Match(players=3, seed="1")


def test_next_round_before_the_round_is_over_raises():
    m = v.Match(players=3, seed=1)
    with pytest.raises(ValueError, match="not over"):
        m.next_round()
    assert m.round_number == 1


def test_the_deal_rotates():
    m = v.Match(players=4, seed=2)
    dealers = []
    for _ in range(6):
        dealers.append((m.game.dealer, m.game.to_move))
        finish_round(m, [0, 0, 0, 0])
        assert not m.is_over
        m.next_round()
    assert dealers == [(0, 1), (1, 2), (2, 3), (3, 0), (0, 1), (1, 2)]
    assert m.round_number == 7 and len(m.rounds) == 6
    assert m.totals == [0, 0, 0, 0]


def test_rounds_are_dealt_from_the_match_seed():
    a, b = v.Match(players=4, seed=9), v.Match(players=4, seed=9)
    assert a.game.hands == b.game.hands
    finish_round(a, [5, 5, 5, 5])
    finish_round(b, [5, 5, 5, 5])
    assert a.next_round().hands == b.next_round().hands
    assert v.Match(players=4, seed=10).game.hands != v.Match(players=4, seed=9).game.hands


def test_eliminations_seats_and_the_last_below_100_wins():
    m = v.Match(players=4, seed=3)
    finish_round(m, [100, 95, 0, 50])  # reaching exactly 100 is out (S2)
    assert m.totals == [100, 95, 0, 50] and m.history() == [[100, 95, 0, 50]]
    assert not m.is_over and m.winners == []
    m.next_round()
    assert m.seats == [1, 2, 3] and m.alive == [1, 2, 3]
    assert m.game.players == 3
    assert m.game.dealer == 0  # match seat 1, the next seat still in after seat 0
    assert m.totals == [100, 95, 0, 50]  # the new round is not counted before it ends
    finish_round(m, [5, 20, 0])  # round seats 0, 1, 2 are match seats 1, 2, 3
    assert m.totals == [100, 100, 20, 50]
    m.next_round()
    assert m.seats == [2, 3] and m.game.dealer == 0  # match seat 2 (seat 1 dealt and is out)
    finish_round(m, [10, 10])
    assert m.totals == [100, 100, 30, 60] and not m.is_over
    m.next_round()
    assert m.seats == [2, 3] and m.game.dealer == 1  # match seat 3
    finish_round(m, [0, 40])
    assert m.totals == [100, 100, 30, 100]
    assert m.is_over and m.winners == [2]
    assert m.history() == [[100, 95, 0, 50], [100, 100, 20, 50], [100, 100, 30, 60], [100, 100, 30, 100]]
    with pytest.raises(ValueError, match="over"):
        m.next_round()


def test_everyone_reaching_100_in_one_round_the_lowest_wins():
    m = v.Match(players=3, seed=4)
    finish_round(m, [60, 70, 80])
    m.next_round()
    finish_round(m, [50, 30, 25])
    assert m.totals == [110, 100, 105]
    assert m.is_over and m.winners == [1]


def test_equal_lowest_totals_share_the_win():
    m = v.Match(players=3, seed=4)
    finish_round(m, [100, 120, 100])
    assert m.is_over and m.winners == [0, 2]
    m = v.Match(players=4, seed=4)
    finish_round(m, [100, 0, 0, 10])
    m.next_round()
    finish_round(m, [100, 110, 100])  # match seats 1, 2, 3 all reach 100 in this round
    assert m.totals == [100, 100, 110, 110]
    assert m.winners == [1]  # seat 0 was already out and is not among them


def test_a_match_of_7_falling_to_5_goes_on_with_one_deck():
    m = v.Match(players=7, seed=5)
    assert cards_in(m.game) == 104
    finish_round(m, [0, 0, 0, 0, 0, 0, 100])
    m.next_round()
    assert m.seats == [0, 1, 2, 3, 4, 5] and cards_in(m.game) == 104  # 6 players: two decks
    finish_round(m, [0, 100, 0, 0, 0, 0])
    m.next_round()
    assert m.seats == [0, 2, 3, 4, 5] and m.game.players == 5
    assert cards_in(m.game) == 52  # R1: 5 players use one deck
    assert sorted(v.write_record(m.game)["deck"]) == sorted(str(c) for c in v.standard_deck())
    assert not m.is_over


def test_o3_first_to_100_ends_the_game_lowest_wins():
    m = v.Match(players=3, seed=6, rules=O3)
    finish_round(m, [30, 0, 50])
    assert not m.is_over
    m.next_round()
    finish_round(m, [75, 20, 10])
    assert m.totals == [105, 20, 60]
    assert m.is_over and m.winners == [1]
    with pytest.raises(ValueError):
        m.next_round()
    m = v.Match(players=3, seed=6, rules=O3)
    finish_round(m, [100, 40, 40])
    assert m.winners == [1, 2]


def test_o3_versus_s2_on_the_same_scores():
    s2 = v.Match(players=3, seed=7, rules=S2)
    o3 = v.Match(players=3, seed=7, rules=O3)
    for m in (s2, o3):
        finish_round(m, [100, 10, 20])
    assert not s2.is_over and s2.winners == []  # two players are still below 100
    assert o3.is_over and o3.winners == [1]


@pytest.mark.parametrize(
    ("players", "rules", "seed"),
    [
        (2, S2, 1),
        (3, S2, 2),
        (4, v.Rules(lappen=True), 3),
        (7, S2, 4),
        (5, O3, 5),
        (6, v.Rules.preset("strict"), 6),
    ],
)
def test_random_matches_keep_consistent_totals(players, rules, seed):
    m = v.Match(players=players, seed=seed, rules=rules)
    rng = random.Random(seed)
    expected = [0] * players
    dealer = 0
    while True:
        game = m.game
        assert m.seats == [s for s in range(players) if expected[s] < 100]
        assert game.players == len(m.seats) and game.rules == rules
        assert cards_in(game) == (104 if game.players >= 6 else 52)
        assert m.seats[game.dealer] == dealer
        while not game.is_over:
            game.play(random_move(game, rng))
        for i, points in enumerate(game.points()):
            expected[m.seats[i]] += points
        assert m.totals == expected
        assert m.history()[-1] == expected
        if m.is_over:
            break
        m.next_round()
        alive = [s for s in range(players) if expected[s] < 100]
        dealer = next(s for s in [*range(dealer + 1, players), *range(dealer + 1)] if s in alive)
        assert m.round_number <= 200
    in_last = m.seats
    if rules.first_to_100_ends:
        assert any(expected[s] >= 100 for s in in_last)
        best = min(expected[s] for s in in_last)
    else:
        below = [s for s in in_last if expected[s] < 100]
        assert len(below) <= 1
        best = expected[below[0]] if below else min(expected[s] for s in in_last)
    assert m.winners == sorted(s for s in in_last if expected[s] == best)
    assert repr(m).startswith(f"<Match {players} players")
