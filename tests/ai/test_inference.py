"""Reading the other hands from the public history, and deals that respect what was read."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import vandatta as v
from tests.conftest import permuted
from vandatta.ai.inference import ChoiceSampler, InferenceSampler, _group_rivals, hand_readings, past_plays
from vandatta.ai.players import ExpertPlayer, _blocking_eights
from vandatta.cards import Card, Rank, Suit
from vandatta.moves import Move
from vandatta.rules import Rules
from vandatta.view import PublicLog, SeatView

TALON = "9♠ 4♦ 2♣ 5♥ J♣ 6♠ 10♦ 3♥ Q♠ 4♣ 2♦ 3♠"


def play(game, *moves):
    for m in moves:
        game.play(m)
    return game


def hidden(game, seat):
    """The cards ``seat`` cannot see, as a multiset."""
    return Counter(c for s in range(game.players) if s != seat for c in game.hand(s)) + Counter(game.talon)


def cards(text):
    return {Card.parse(t) for t in text.split()}


def test_a_draw_rules_out_every_card_that_could_have_been_laid():
    g = play(v.Game.from_position(hands=["7♥ 2♣", "9♦ K♠ 3♣"], top="9♥", talon=TALON), "7♥", "draw")
    [(ruled_out, received)] = hand_readings(SeatView.of(g, 0))[1]
    assert received == 1  # the card drawn came after the reading
    assert cards("2♥ K♥ 7♠ 7♦ 7♣ 8♠ 8♥ 8♦ 8♣") <= ruled_out
    assert not ruled_out & cards("A♥ 9♦ K♠ 3♣")  # an ace needs a follow-up: it proves nothing


def test_an_eight_rules_out_plain_matches_and_a_group_its_rank():
    g = v.Game.from_position(hands=["7♥ 2♥ 3♦ 4♦", "8♠ 5♣ K♣ Q♠ 6♦", "7♠ 9♣ 2♠"], top="9♥", talon=TALON)
    play(g, "7♥", "8♠=K♣", "9♣")  # seat 1 laid an eight on 7♥: no heart, no seven
    readings = hand_readings(SeatView.of(g, 0))
    [(after_eight, received)] = readings[1]
    assert received == 0 and cards("2♥ K♥ 7♣ 7♦") <= after_eight and Card.parse("5♣") not in after_eight
    [(after_nine, _)] = readings[2]
    assert after_nine == cards("9♠ 9♥ 9♦ 9♣")  # a group goes down at once: no other nine


def test_an_aces_follow_up_proves_nothing_and_the_ace_draws_count_as_received():
    g = v.Game.from_position(hands=["5♥ 6♠", "A♥ 2♥ 2♣ K♠", "J♦ 4♠ 9♦"], top="7♥", talon=TALON)
    play(g, "5♥", "A♥", "2♥")  # seat 1's follow-up 2♥ is forced by the ace, not a free choice
    readings = hand_readings(SeatView.of(g, 0))
    assert readings[1] == []
    assert readings[2] == []  # it drew for the ace, but made no move yet


def test_readings_hold_for_players_with_the_habits_they_assume():
    """Against the expert every reading holds but for rare exceptions (it sometimes keeps a
    card of a group back, or lays an eight over a plain card it wants to keep): at most a
    few percent of the readings have more of their cards in hand than the seat received."""
    checked = wrong = 0
    for seed in range(12):
        n = 2 + seed % 3
        g = v.Game.deal(n, seed=seed)
        expert = ExpertPlayer()
        while not g.is_over:
            for seat, readings in hand_readings(SeatView.of(g, (g.to_move + 1) % n)).items():
                hand = g.hand(seat)
                for ruled_out, received in readings:
                    checked += 1
                    wrong += sum(1 for c in hand if c in ruled_out) > received
            g.play(expert.choose(SeatView.of(g)))
    assert checked > 500
    assert wrong <= 0.03 * checked


@pytest.mark.parametrize("declarations", [0, 12])
def test_sampled_deals_keep_the_view_and_respect_the_readings(declarations):
    """Also when the seats that declared are dealt first (``declarations``): their hands are
    drawn card by card under the same readings."""
    g = v.Game.deal(3, seed=5)
    expert = ExpertPlayer()
    rng = random.Random(3)
    samples = 0
    while not g.is_over and samples < 200:
        view = SeatView.of(g)
        sampler = InferenceSampler(view, declarations=declarations)
        readings = hand_readings(view)
        for _ in range(5):
            deal = sampler.sample(rng)
            assert SeatView.of(deal, view.seat).position() == view.position()
            assert hidden(deal, view.seat) == hidden(g, view.seat)  # the same cards, dealt anew
            for seat, rs in readings.items():
                for ruled_out, received in rs:
                    if not any(c in ruled_out for c in g.hand(seat)):  # satisfiable: the real hand is
                        assert sum(1 for c in deal.hand(seat) if c in ruled_out) <= received
            samples += 1
        g.play(expert.choose(view))
    assert samples >= 50


def test_the_sampler_reads_only_the_view():
    g = play(v.Game.deal(3, seed=9), *[])
    expert = ExpertPlayer()
    for _ in range(10):
        g.play(expert.choose(SeatView.of(g)))
    seat = g.to_move
    twin = permuted(g, seat, random.Random(1))
    assert twin.hands != g.hands
    a = InferenceSampler(SeatView.of(g)).sample(random.Random(4))
    b = InferenceSampler(SeatView.of(twin, log=PublicLog(g))).sample(random.Random(4))
    assert a.hands == b.hands and a.talon == b.talon


def test_an_eight_can_declare_what_the_next_seat_showed_it_lacks():
    g = v.Game.from_position(
        hands=["8♠ 5♥ K♦ 6♣", "2♦ 3♦ 4♦ K♠ J♠"], top="7♥", talon="9♠ 4♣ 2♣ 5♠ 6♦ 10♣ J♦", to_move=1
    )
    play(g, "draw", "draw", "draw", "pass")  # no heart, no seven, no eight, three times over
    view = SeatView.of(g)
    eight = Move.from_parts("play", (Card.parse("8♠"),), Suit.SPADES, Rank.KING, False)
    [blocking] = _blocking_eights(view, [eight], InferenceSampler(view), random.Random(0))
    assert blocking.cards == eight.cards and blocking.declared_suit is Suit.HEARTS
    assert blocking in view.legal


def _expert_round_until(seed, wanted):
    """A heads-up round between experts, dealt with ``seed``, stopped right after the first
    play for which ``wanted(move)`` holds (unless it ends the round): the game, that move and
    the suit and rank it was laid on."""
    g = v.Game.deal(2, seed=seed)
    expert = ExpertPlayer()
    move = top = None
    while not g.is_over:
        move = expert.choose(SeatView.of(g))
        top = g.current_suit, g.current_rank
        g.play(move)
        if move.is_play and wanted(move) and not g.is_over:
            break
    return g, move, top


def test_a_declaration_says_what_the_seat_holds_most_of():
    """The expert declares the suit and rank it holds most of: with ``declarations`` the
    sampler's deals agree with that far more often than plain deals, and the real hands
    always do (the expert's habit, which the reading assumes)."""
    agree = {0: 0, 12: 0}
    truth = positions = 0
    for seed in range(40):
        g, move, _ = _expert_round_until(seed, lambda m: m.cards[-1].is_eight)
        if g.is_over:
            continue
        seat, view = 1 - g.to_move, SeatView.of(g)
        suit, rank = move.declared_suit, move.declared_rank
        positions += 1
        truth += _holds_most(g.hand(seat), suit, rank)
        for tries in agree:
            sampler = InferenceSampler(view, declarations=tries)
            rng = random.Random(seed)
            agree[tries] += sum(_holds_most(sampler.sample(rng).hand(seat), suit, rank) for _ in range(20))
    assert positions >= 20 and truth == positions
    assert agree[12] > 2 * agree[0], agree


def _holds_most(hand, suit, rank) -> bool:
    plain = [c for c in hand if not c.is_eight]
    suits = [sum(1 for c in plain if c.suit is s) for s in Suit]
    ranks = [sum(1 for c in plain if c.rank is r) for r in Rank]
    return suits[suit] == max(suits) and (rank is None or ranks[list(Rank).index(rank)] == max(ranks))


def test_the_sampler_with_declarations_reads_only_the_view():
    g = v.Game.from_position(hands=["7♥ 2♣ 9♠ 4♦", "8♠ 5♣ K♣ Q♠ 6♦ 3♣"], top="9♥", talon=TALON, to_move=1)
    play(g, "8♠=K♣")
    twin = permuted(g, 0, random.Random(1))
    assert twin.hands != g.hands
    a = InferenceSampler(SeatView.of(g), declarations=12).sample(random.Random(4))
    b = InferenceSampler(SeatView.of(twin, log=PublicLog(g)), declarations=12).sample(random.Random(4))
    assert a.hands == b.hands and a.talon == b.talon


def test_a_play_that_follows_the_suit_says_no_ace_of_that_suit():
    """The ace with that very play as its follow-up was legal, and a player who lays an ace
    whenever it can would have laid it; a play that matches the rank only proves nothing
    about the ace (its follow-up would need another card of the suit)."""
    g = play(v.Game.from_position(hands=["7♥ 2♣", "5♥ K♠ 3♣", "9♦ 4♠"], top="9♥", talon=TALON), "7♥", "5♥")
    [(plain, _)] = hand_readings(SeatView.of(g, 0))[1]
    [(with_aces, _)] = hand_readings(SeatView.of(g, 0), aces=True)[1]
    assert Card.parse("A♥") not in plain and with_aces == plain | cards("A♥")
    g = play(v.Game.from_position(hands=["7♥ 2♣", "7♣ K♠ 3♣", "9♦ 4♠"], top="9♥", talon=TALON), "7♥", "7♣")
    [(by_rank, _)] = hand_readings(SeatView.of(g, 0), aces=True)[1]
    assert not by_rank & cards("A♥ A♣ A♠ A♦")


def test_the_expert_never_plays_against_the_ace_reading():
    checked = 0
    for seed in range(30):
        g = v.Game.deal(2 + seed % 2, seed=seed)
        expert = ExpertPlayer()
        while not g.is_over:
            for seat, readings in hand_readings(
                SeatView.of(g, (g.to_move + 1) % g.players), aces=True
            ).items():
                for ruled_out, received in readings:
                    aces = [c for c in ruled_out if c.is_ace]
                    if aces and received == 0:  # the seat held then all it holds now
                        checked += 1
                        assert not any(c in aces for c in g.hand(seat)), (seed, g.ply)
            g.play(expert.choose(SeatView.of(g)))
    assert checked > 200


def test_a_group_ends_on_the_suit_the_rest_holds_most_of():
    """With ``groups`` the deals agree with that tell (the expert's habit: the real hands
    always do) far more often than plain deals; a group whose first card was forced ends
    where it must and tells nothing."""
    agree = {False: 0, True: 0}
    truth = positions = 0
    for seed in range(200):
        g, move, top = _expert_round_until(seed, lambda m: len(m.cards) > 1 and not m.cards[-1].is_special)
        if g.is_over or _group_rivals(move.cards, *top) == 0:
            continue
        seat, view = 1 - g.to_move, SeatView.of(g)
        rivals = _group_rivals(move.cards, *top)
        positions += 1
        truth += _ends_on_most(g.hand(seat), move.cards[-1].suit, rivals)
        for groups in agree:
            sampler = InferenceSampler(view, declarations=12, groups=groups)
            rng = random.Random(seed)
            agree[groups] += sum(
                _ends_on_most(sampler.sample(rng).hand(seat), move.cards[-1].suit, rivals) for _ in range(20)
            )
    assert positions >= 20 and truth == positions
    assert agree[True] > 1.2 * agree[False] and agree[True] >= 0.9 * 20 * positions, agree
    assert (
        _group_rivals([Card.parse("7♥"), Card.parse("7♣")], Suit.HEARTS, Rank.NINE) == 0
    )  # 7♥ had to go first


def _ends_on_most(hand, suit, rivals) -> bool:
    counts = [sum(1 for c in hand if not c.is_eight and c.suit is s) for s in Suit]
    return counts[suit] >= min(3, max(counts[s] for s in Suit if rivals >> s & 1))


# -- reading the other seats' choices (past_plays, ChoiceSampler) ---------------------------


@pytest.mark.parametrize(("depth", "across_draws"), [(1, False), (3, False), (3, True)])
def test_past_plays_rebuild_the_position_each_play_was_chosen_in(depth, across_draws):
    """Against the expert, the expert's own choice in every rebuilt position, with the real
    hand put back, is the play that was made: the position (pile, declaration, ace owed,
    draws, hand sizes) and the hand then are exactly right — over 2–4 players and the
    variants. And each rebuilt hand is the one the game really held then."""
    expert = ExpertPlayer()
    checked = 0
    for seed in range(16):
        rules = Rules(
            no_special_on_special=seed % 4 == 1,
            no_special_finish=seed % 4 == 2,
            lappen=seed % 4 == 3,
            suit_only_eights=seed % 5 == 4,
        )
        g = v.Game.deal(2 + seed % 3, seed=seed, rules=rules)
        while not g.is_over:
            view = SeatView.of(g)
            plays = past_plays(view, depth=depth, across_draws=across_draws)
            if across_draws:  # the same plays and more
                key = lambda p: (p.seat, p.ply, p.move, p.old, p.laid)  # noqa: E731
                assert {key(p) for p in past_plays(view, depth=depth)} <= {key(p) for p in plays}
            for p in plays:
                then = g.replay(p.ply)  # (the view's history starts at the game's first move)
                assert then.to_move == p.seat and g.move_at(p.ply + 1) == p.move
                assert Counter(p.hand_then(g.hand(p.seat))) == Counter(then.hand(p.seat))
                rebuilt, real = (
                    SeatView.of(p.position_with(g.hand(p.seat)), p.seat),
                    SeatView.of(then, p.seat),
                )
                # pile, declaration, suit and rank to match, ace owed, draws; sizes, talon
                assert rebuilt.position()[5:11] == real.position()[5:11]
                assert (rebuilt.hand_sizes, rebuilt.talon_size) == (real.hand_sizes, real.talon_size)
                assert set(rebuilt.legal) == set(real.legal)
                assert expert.choose(rebuilt) == p.move
                checked += 1
            assert len({p.seat for p in plays}) == len(plays) or depth > 1
            g.play(expert.choose(view))
    assert checked > (1200 if depth == 1 else 2450 if across_draws else 2000)  # (2,501 and 2,310 read)


def test_a_play_is_not_read_across_a_card_received_before_a_later_play():
    """Seat 1 laid 9♥, then drew, then laid the card it drew: which of its cards it held at
    9♥ is not known to seat 0 for certain, so only its latest play is read — unless it reads
    across such draws (``across_draws``): a player who draws only when nothing fits laid the
    card it drew, so the hand at 9♥ was the two cards it holds now and 9♥."""
    g = v.Game.from_position(hands=["7♥ 2♣ 5♥", "9♥ K♣ 3♣"], top="7♦", talon="4♥ 6♣ 9♠")
    play(g, "7♥", "9♥", "5♥", "draw", "4♥")
    plays = past_plays(SeatView.of(g, 0), depth=3)
    assert [(str(p.move), p.old, p.laid) for p in plays] == [("4♥", 2, (Card.parse("4♥"),))]
    plays = past_plays(SeatView.of(g, 0), depth=3, across_draws=True)
    assert [(str(p.move), p.old, p.laid) for p in plays] == [
        ("4♥", 2, (Card.parse("4♥"),)),
        ("9♥", 2, (Card.parse("9♥"),)),
    ]
    assert Counter(plays[1].hand_then(g.hand(1))) == Counter(cards("9♥ K♣ 3♣"))
    # two draws in the turn, or a draw not followed by a play: which card came when is not known
    g = v.Game.from_position(hands=["7♥ 2♣ 5♥", "9♥ K♣ 3♣"], top="7♦", talon="4♥ 6♣ 9♠")
    play(g, "7♥", "9♥", "5♥", "draw", "draw", "4♥")  # drew 4♥, then 6♣, then laid 4♥
    assert [str(p.move) for p in past_plays(SeatView.of(g, 0), depth=3, across_draws=True)] == ["4♥"]
    g = v.Game.from_position(hands=["7♥ 2♥ 3♠", "9♥ K♥ 3♣"], top="7♦", talon="5♥ 4♦ 9♠ 6♣")
    play(g, "7♥", "9♥", "2♥", "K♥")
    assert [str(p.move) for p in past_plays(SeatView.of(g, 0), depth=3)] == ["K♥", "9♥"]


def test_the_choice_sampler_deals_the_unseen_cards_and_favours_hands_that_explain_the_plays():
    expert = ExpertPlayer()
    rng = random.Random(7)
    explained = dealt = pooled = pool_explained = 0
    for seed in range(6):
        g = v.Game.deal(2 + seed % 2, seed=seed)
        while not g.is_over and g.ply < 40:
            view = SeatView.of(g)
            inner = InferenceSampler(view, declarations=12, groups=True)
            sampler = ChoiceSampler(view, inner, expert.choose, random.Random(seed), pool=40)
            plays = past_plays(view)
            for _ in range(20):
                deal = sampler.sample(rng)
                assert SeatView.of(deal, view.seat).position() == view.position()
                assert hidden(deal, view.seat) == hidden(g, view.seat)
                if plays:
                    dealt += 1
                    explained += all(
                        expert.choose(SeatView.of(p.position_with(deal.hand(p.seat)), p.seat)) == p.move
                        for p in plays
                    )
            if plays:
                pooled += 40
                pool_explained += sampler.explained
            g.play(expert.choose(view))
    assert dealt > 300
    assert 0.2 * pooled < pool_explained < 0.8 * pooled  # the readings' deals explain some plays, not all
    assert explained > 0.8 * dealt  # weighed, the deals nearly all do


def test_the_choice_sampler_deals_two_decks_whole():
    """With two decks (six players or more) two cards alike meet: a deal's talon is the
    unseen cards less those in the hands dealt, each of two alike counted."""
    expert = ExpertPlayer()
    twins = 0
    for seed in range(3):
        g = v.Game.deal(6, seed=seed)
        for _ in range(14):
            g.play(expert.choose(SeatView.of(g)))
        view = SeatView.of(g)
        assert not g.is_over and past_plays(view, depth=3)
        sampler = ChoiceSampler(
            view, InferenceSampler(view), expert.choose, random.Random(seed), pool=20, depth=3
        )
        for i in range(20):
            deal = sampler.sample(random.Random(i))
            assert SeatView.of(deal, view.seat).position() == view.position()
            assert hidden(deal, view.seat) == hidden(g, view.seat)
        twins += 2 in hidden(g, view.seat).values()
    assert twins  # (two cards alike were among the hidden ones: the case this test is about)


def test_the_choice_sampler_never_rules_a_player_out():
    """A player unlike the model (it lays the first card it may): every deal of the pool is
    unlikely, none impossible — the sampler still deals, as the inner sampler would."""
    g = v.Game.from_position(hands=["7♥ 2♣ 3♠", "9♥ K♥ 3♣ 5♥"], top="7♦", talon=TALON)
    play(g, "7♥", "9♥")  # the expert would have laid the group-free 5♥ or 9♥: a model that never does
    view = SeatView.of(g, 0)
    never = ChoiceSampler(view, InferenceSampler(view), lambda seen: Move.draw(), random.Random(1), pool=30)
    assert never.explained == 0
    deals = {tuple(never.sample(random.Random(i)).hand(1)) for i in range(30)}
    assert len(deals) > 10


def test_the_choice_sampler_reads_only_the_view():
    g = v.Game.deal(2, seed=9)
    expert = ExpertPlayer()
    for _ in range(5):
        g.play(expert.choose(SeatView.of(g)))
    assert not g.is_over and past_plays(SeatView.of(g))
    seat = g.to_move
    twin = permuted(g, seat, random.Random(1))
    assert twin.hands != g.hands
    deals = []
    for game, log in ((g, None), (twin, PublicLog(g))):
        view = SeatView.of(game, log=log)
        deals.append(
            ChoiceSampler(view, InferenceSampler(view), expert.choose, random.Random(2)).sample(
                random.Random(4)
            )
        )
    assert deals[0].hands == deals[1].hands and deals[0].talon == deals[1].talon


def test_the_choice_sampler_refuses_a_weight_that_would_rule_deals_out():
    view = SeatView.of(v.Game.deal(2, seed=1))
    with pytest.raises(ValueError, match="unlikely"):
        ChoiceSampler(view, InferenceSampler(view), ExpertPlayer().choose, random.Random(1), unlikely=0)


def _effective(sampler: ChoiceSampler) -> float:
    weights = [b - a for a, b in zip([0.0, *sampler.cumulative], sampler.cumulative)]
    return sum(weights) ** 2 / sum(w * w for w in weights)


def _read_positions(first_seed: int, games: int, *, moves: int, across_draws: bool = False):
    """(index, view, plays read to depth 3) after ``moves`` expert moves in heads-up rounds
    dealt from ``first_seed`` on: those still going with a play to read."""
    expert = ExpertPlayer()
    for i in range(games):
        g = v.Game.deal(2, seed=first_seed + i)
        for _ in range(moves):
            if g.is_over:
                break
            g.play(expert.choose(SeatView.of(g)))
        if g.is_over:
            continue
        view = SeatView.of(g)
        plays = past_plays(view, depth=3, across_draws=across_draws)
        if plays:
            yield i, view, plays


def test_the_choice_sampler_deals_more_where_few_deals_explain_the_plays():
    """With ``ess`` the pool grows past ``pool`` until its effective number of deals
    reaches ``ess`` or the model has been asked ``checks`` times; without, it stays."""
    expert = ExpertPlayer()
    grown = stopped = 0
    for seed, view, plays in _read_positions(40, 8, moves=8):
        inner = InferenceSampler(view)
        fixed = ChoiceSampler(
            view, inner, expert.choose, random.Random(seed), pool=24, unlikely=0.01, depth=3
        )
        adaptive = ChoiceSampler(
            view,
            inner,
            expert.choose,
            random.Random(seed),
            pool=24,
            unlikely=0.01,
            depth=3,
            ess=30,
            checks=240,
        )
        assert len(fixed.pool) == 24
        assert fixed.effective == pytest.approx(_effective(fixed))
        assert adaptive.effective == pytest.approx(_effective(adaptive))
        assert adaptive.pool[:24] == fixed.pool  # the same first deals, then more
        assert len(adaptive.pool) * len(plays) <= max(240, 24 * len(plays))
        if fixed.effective >= 30:
            assert len(adaptive.pool) == 24
        elif len(adaptive.pool) > 24:
            grown += 1
            # it stopped at the target, or when one more deal would pass the budget
            assert adaptive.effective >= 30 or (len(adaptive.pool) + 1) * len(plays) > 240
            stopped += adaptive.effective >= 30
    assert grown >= 2
    assert 0 < stopped < grown  # both ends were met: the target, and the budget


def test_the_choice_sampler_asks_the_model_once_per_hand_and_weighs_each_deal_as_asked_afresh():
    """Deals that give a seat the same cards when it made a play rebuild the same position:
    the model is asked once for it, and every deal still gets the weight that asking the
    model about that very deal gives."""
    expert = ExpertPlayer()
    asked = Counter()

    def counting(view):
        asked[(view.ply, view.hand)] += 1
        return expert.choose(view)

    saved = 0
    for seed, view, plays in _read_positions(70, 6, moves=10, across_draws=True):
        asked.clear()
        sampler = ChoiceSampler(
            view,
            InferenceSampler(view),
            counting,
            random.Random(seed),
            pool=60,
            unlikely=0.01,
            depth=3,
            across_draws=True,
        )
        assert max(asked.values()) == 1  # never the same position twice
        saved += len(sampler.pool) * len(plays) - sum(asked.values())
        previous = 0.0
        for hands, total in zip(sampler.pool, sampler.cumulative):
            w = 1.0
            for p in plays:
                if expert.choose(SeatView.of(p.position_with(hands[p.seat]), p.seat)) != p.move:
                    w *= 0.01
            assert total - previous == pytest.approx(w)
            previous = total
    assert saved > 0  # some deals did agree on a hand then
