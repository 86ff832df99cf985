"""The engine's public API for search: copy, push and pop, the root and any earlier position
without a record, the verdict play() returns, games dealt anew with hidden cards, and games
sampled consistently with what one seat may know (determinization) — with properties that
sampled games always fit the view and never depend on the hidden cards."""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import vandatta as v
from tests.conftest import permuted
from vandatta import record
from vandatta.ai.players import play_round
from vandatta.rules import SWITCHES
from vandatta.view import PublicLog, Sampler, SeatView

SCALE = int(os.environ.get("VANDATTA_HYPOTHESIS_SCALE", "1"))
SETTINGS = settings(
    max_examples=80 * SCALE, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)
rules_st = st.builds(
    lambda bits: v.Rules(**{name: bool(bits >> i & 1) for i, name in enumerate(SWITCHES)}),
    st.integers(0, 63),
)


@st.composite
def played(draw, max_plies: int = 120) -> v.Game:
    players = draw(st.integers(2, 8))
    rules = draw(rules_st)
    seed = draw(st.integers(0, 2**32 - 1))
    plies = draw(st.integers(0, max_plies))
    game = v.Game.deal(players=players, seed=seed, rules=rules)
    rng = random.Random(seed)
    while not game.is_over and game.ply < plies:
        game.play(game.legal_moves().choice(rng))
    return game


def public_state(game: v.Game) -> tuple:
    return (
        game.hands,
        game.talon,
        game.pile,
        game.to_move,
        game.declaration,
        game.current_suit,
        game.current_rank,
        game.follow_up_suit,
        game.draws_this_turn,
        game.drew_this_turn,
        game.laid_this_turn,
        game.must_draw,
        game.idle_turns,
        game.lappen_called,
        game.is_over,
        game.winner,
        game.is_blocked,
        game.ply,
        tuple(game.legal_moves()),
    )


# -- play() returns the verdict ----------------------------------------------------------------


def test_play_returns_the_verdict_of_check_with_the_events_that_followed():
    g = v.Game.from_position(hands=["A♥ 5♥ 2♣", "4♦", "3♦"], top="7♥", talon="9♠ 9♦ 9♣")
    before = g.check("A♥")
    verdict = g.play("A♥")
    assert verdict == before and verdict.legal and verdict.rules == ("R4", "R7")
    assert verdict.events == g.events() and [e.kind for e in verdict.events] == ["ace_draw", "ace_draw"]
    assert verdict.text("en") == before.text("en")
    assert verdict.lines("en", names=["Anna", "Bo", "Cia"])[-2:] == [
        "Bo draws 9♠ for the ace (R7).",
        "Cia draws 9♦ for the ace (R7).",
    ]


@SETTINGS
@given(game=played())
def test_every_played_verdict_equals_the_check_before_it(game):
    rng = random.Random(game.seed)
    for _ in range(5):
        if game.is_over:
            break
        move = game.legal_moves().choice(rng)
        checked = game.check(move)
        played_ = game.play(move)
        assert played_ == checked and played_.reasons == checked.reasons
        assert played_.events == game.events()
        assert played_.lines("sv")[: len(checked.reasons)] == checked.lines("sv")


def test_a_verdict_is_a_value():
    g = v.Game.from_position(hands=["5♥ 2♣", "K♠"], top="7♥", talon="9♠")
    a = g.check("5♥")
    b = g.play("5♥")
    assert a == b and hash(a) == hash(b) and {a, b} == {a}
    import pickle

    assert pickle.loads(pickle.dumps(b)) == b
    with pytest.raises(AttributeError):
        b.legal = False  # type: ignore[misc]
    with pytest.raises(TypeError):
        len(b)


@SETTINGS
@given(game=played())
def test_playable_cards_are_the_cards_that_may_be_laid_alone_in_hand_order(game):
    """playable_cards() (read from the card bits where it can) names exactly the cards that
    may be laid alone, each once, in the order the hand holds them (R4, R6, R7, V1) — an ace
    that only a group of aces could start (R7) is not among them."""
    rng = random.Random(game.ply)
    for _ in range(20):
        if game.is_over:
            assert game.playable_cards() == []
            break
        alone = {cards[0] for cards, _, _ in game.legal_moves().plays() if len(cards) == 1}
        in_hand_order = list(dict.fromkeys(c for c in game.hand() if c in alone))
        assert game.playable_cards() == in_hand_order
        game.play(game.legal_moves().choice(rng))


@SETTINGS
@given(game=played())
def test_cards_of_rank_are_the_cards_of_that_rank_in_suit_order(game):
    """cards_of_rank() (read from the card bits with one deck) names every card of the rank
    the hand holds, two of a card twice (two decks), in suit order."""
    for seat in range(game.players):
        hand = game.hand(seat)
        for rank in v.Rank:
            held = tuple(sorted((c for c in hand if c.rank is rank), key=lambda c: c.suit))
            assert game.cards_of_rank(rank, seat) == held
    assert game.cards_of_rank(v.Rank.SEVEN) == game.cards_of_rank(v.Rank.SEVEN, game.to_move)
    with pytest.raises(ValueError, match="seat"):
        game.cards_of_rank(v.Rank.SEVEN, game.players)


# -- pop, root, replay ------------------------------------------------------------------------


@SETTINGS
@given(game=played(max_plies=80))
def test_pop_takes_back_exactly_what_push_did(game):
    """Every move, played and popped, leaves the position as it was — hidden cards and the
    talon's order included — and playing it again repeats it exactly."""
    rng = random.Random(game.ply)
    while not game.is_over and game.ply < 400:
        before = public_state(game)
        move = game.legal_moves().choice(rng)
        verdict = game.play(move)
        after = public_state(game)
        assert game.pop() == move
        assert public_state(game) == before
        assert game.play(move).events == verdict.events and public_state(game) == after


@SETTINGS
@given(game=played(max_plies=80), salt=st.integers(0, 2**32 - 1))
def test_pop_restores_the_generator_of_later_shuffles(game, salt):
    """After pop() the game shuffles as it would have without the move: a copy made before
    and the popped game play on alike, reshuffles (R10) and all."""
    if game.is_over:
        return
    twin = game.copy()
    rng = random.Random(salt)
    for _ in range(30):  # moves taken back, several of them reshuffling a long game's pile
        if game.is_over:
            break
        game.play(game.legal_moves().choice(rng))
    while game.ply > twin.ply:
        game.pop()
    assert public_state(game) == public_state(twin)
    rng_a, rng_b = random.Random(salt + 1), random.Random(salt + 1)
    while not game.is_over and game.ply < twin.ply + 600:
        game.play(game.legal_moves().choice(rng_a))
        twin.play(twin.legal_moves().choice(rng_b))
        assert public_state(game) == public_state(twin)


@SETTINGS
@given(game=played())
def test_root_and_replay_give_every_earlier_position(game):
    steps = [public_state(game.root())]
    again = game.root()
    for move in game.moves:
        again.push(move)
        steps.append(public_state(again))
    for ply in sorted({0, game.ply, game.ply // 2, max(game.ply - 1, 0)}):
        assert public_state(game.replay(ply)) == steps[ply]
        assert game.replay(ply).moves == game.moves[:ply]
    undo = game.copy()
    for ply in range(game.ply, 0, -1):
        assert public_state(undo) == steps[ply]
        undo.pop()
    assert public_state(undo) == steps[0] == public_state(game.root())


def test_replay_and_root_need_no_record(monkeypatch):
    g = v.Game.deal(players=3, seed=11)
    rng = random.Random(1)
    for _ in range(30):
        g.play(g.legal_moves().choice(rng))
    expected = public_state(g.replay(12))

    def refuse(*args, **kwargs):
        raise AssertionError("went through a record")

    monkeypatch.setattr(record, "read_game", refuse)
    monkeypatch.setattr(record, "write_record", refuse)
    assert public_state(g.replay(12)) == expected
    assert g.root().ply == 0 and g.replay(g.ply).hands == g.hands


@pytest.mark.parametrize(
    ("position", "move", "kinds"),
    [
        pytest.param(  # rule V3: the penalty's first card empties the talon, the pile is reshuffled for the others
            dict(
                hands=["5♥ 9♣ 9♦", "K♠"], top="7♥", talon="2♠", pile="3♣ 4♦ 6♠ J♣", rules=v.Rules(lappen=True)
            ),
            "5♥",
            ["reshuffle", "penalty"],  # (the penalty's event comes after its three draws)
        ),
        pytest.param(  # rule R7: two aces, three others: the talon runs out in the middle of the draws
            dict(hands=["A♥ A♠ 5♠ 2♣", "K♠", "Q♦", "J♦"], top="7♥", talon="2♠ 3♠", pile="3♣ 4♦ 6♠ J♣ 10♦ 9♥"),
            "A♥ A♠",
            ["ace_draw", "ace_draw", "reshuffle", "ace_draw", "ace_draw", "ace_draw", "ace_draw"],
        ),
    ],
)
def test_pop_takes_back_a_reshuffle_in_the_middle_of_a_moves_draws(position, move, kinds):
    """A reshuffle (R10) between one move's draws: pop() puts the cards drawn after it back
    on the new talon, the pile back under its top, then the cards drawn before it."""
    game = v.Game.from_position(**position, seed=3)
    before = public_state(game)
    verdict = game.play(move)
    assert [e.kind for e in verdict.events] == kinds
    assert sum(len(e.cards) for e in verdict.events) == (3 if kinds[-1] == "penalty" else 6)
    after = public_state(game)
    assert game.pop() == v.Move.parse(move)
    assert public_state(game) == before
    assert game.play(move).events == verdict.events and public_state(game) == after


def test_pop_and_root_refuse_what_they_cannot_do():
    g = v.Game.deal(players=2, seed=1)
    with pytest.raises(IndexError):
        g.pop()
    sim = g.copy(history=False)
    assert not sim.has_history and g.has_history
    for call in (sim.pop, sim.root, lambda: v.write_record(sim), lambda: sim.replay(0)):
        with pytest.raises((ValueError, IndexError)):
            call()
    with pytest.raises(ValueError):
        g.replay(5)


def test_a_copy_is_independent_and_keeps_the_generator():
    g = v.Game.deal(players=4, seed=3)
    c = g.copy()
    c.play(c.legal_moves()[0])
    assert g.ply == 0 and c.ply == 1 and c.moves[0] not in g.moves
    fast = g.copy(history=False, rng=random.Random(5))
    assert fast.hands == g.hands and fast.ply == 0 and not fast.has_history
    # the same generator state: both shuffle alike when their talons run out
    a, b = g.copy(), g.copy()
    rng = random.Random(9)
    while not a.is_over and a.ply < 400:
        move = a.legal_moves().choice(rng)
        assert a.play(move).events == b.play(move).events


def test_a_copy_without_history_shares_player_info_and_play_round_leaves_the_original_alone():
    g = v.Game.deal(players=2, seed=3, names=["Ada", "Bo"])
    kept = [dict(info) for info in g.player_info]
    assert g.copy().player_info == g.player_info and g.copy().player_info is not g.player_info
    sim = g.copy(history=False)
    assert sim.player_info is g.player_info  # (a simulation needs no names: not copied)
    play_round(sim, [v.make_player("expert"), v.make_player("random", seed=1)])
    assert sim.is_over and [p["player"] for p in sim.player_info] == ["expert", "random"]
    assert g.player_info == kept and g.ply == 0


# -- hidden cards dealt anew ---------------------------------------------------------------------


def test_with_hidden_cards_checks_what_it_is_given():
    g = v.Game.from_position(hands=["7♥", "K♠ 2♦"], top="7♣", talon="9♠")
    with pytest.raises(ValueError, match="holds 2 cards"):
        g.with_hidden_cards({1: ["K♠"]}, ["9♠"])
    with pytest.raises(ValueError, match="talon holds 1"):
        g.with_hidden_cards({1: ["K♠", "2♦"]}, [])
    dealt = v.Game.deal(players=2, seed=2)
    hidden = list(dealt.hand(1))
    with pytest.raises(ValueError, match="R1"):  # a card the game holds already
        dealt.with_hidden_cards({1: [dealt.hand(0)[0], *hidden[1:]]}, dealt.talon)
    twin = dealt.with_hidden_cards({1: list(reversed(hidden))}, dealt.talon, rng=random.Random(1))
    assert twin.hand(1) == tuple(reversed(hidden)) and twin.hand(0) == dealt.hand(0)
    assert not twin.has_history


@SETTINGS
@given(game=played(), salt=st.integers(0, 2**32 - 1))
def test_unchecked_hidden_cards_give_the_same_game_as_checked_ones(game, salt):
    """with_hidden_cards(check=False) — the samplers' fast path — builds exactly the game the
    checked path builds from the same redealt cards."""
    if game.is_over:
        return
    rng = random.Random(salt)
    others = [s for s in range(game.players) if s != game.to_move]  # (what the seat to move cannot see)
    hidden = [c for s in others for c in game.hand(s)] + list(game.talon)
    rng.shuffle(hidden)
    hands, i = {}, 0
    for s in others:
        hands[s] = hidden[i : i + game.hand_size(s)]
        i += game.hand_size(s)
    talon = hidden[i:]
    checked = game.with_hidden_cards(hands, talon, rng=random.Random(1))
    fast = game.with_hidden_cards(
        {s: h[:] for s, h in hands.items()}, talon[:], rng=random.Random(1), check=False
    )
    assert public_state(fast)[1:] == public_state(checked)[1:] and fast.hands == checked.hands
    assert [fast.rank_counts(s) for s in range(game.players)] == [
        checked.rank_counts(s) for s in range(game.players)
    ]
    for _ in range(30):  # and they play on alike
        if checked.is_over:
            break
        move = checked.legal_moves().choice(rng)
        checked.push(move)
        fast.push(move)
    assert public_state(fast) == public_state(checked)


@SETTINGS
@given(game=played(), salt=st.integers(0, 2**32 - 1), plies=st.integers(0, 60))
def test_rollout_makes_the_moves_a_push_loop_makes(game, salt, plies):
    """Game.rollout (a search's inner loop) makes exactly the moves that pushing the
    policy's choices one by one makes, with or without history, and stops at max_plies."""

    def policy(g, rng):
        return g.legal_moves().choice(rng)

    by_hand = game.copy()
    rng = random.Random(salt)
    made = 0
    while made < plies and not by_hand.is_over:
        by_hand.push(policy(by_hand, rng))
        made += 1
    with_history = game.copy()
    assert with_history.rollout(policy, random.Random(salt), max_plies=plies) == made
    assert with_history.moves == by_hand.moves and public_state(with_history) == public_state(by_hand)
    bare = game.copy(history=False)
    assert bare.rollout(policy, random.Random(salt), max_plies=plies) == made
    assert public_state(bare)[:-2] == public_state(by_hand)[:-2]  # (no history: no ply count)
    assert bare.is_over or list(bare.legal_moves()) == list(by_hand.legal_moves())


def test_move_lists_met_again_are_those_of_their_own_position():
    """legal_moves keeps the lists of positions with only plain cards to lay and hands them
    out again where the same cards meet the same table: a list must still follow every card
    of those ranks held, which of them may come first, and whether a draw or a pass ends the
    turn — whatever came before, and whatever else is in the hand."""

    def listed(hand, top, *, draws=0, talon="3♣"):
        g = v.Game.from_position(hands=[hand, "2♦"], top=top, talon=talon, draws=draws)
        return [str(m) for m in g.legal_moves()]

    for _ in range(2):  # the second time round, every list is one met before
        assert listed("5♥ 9♥ K♠", "7♥") == ["5♥", "9♥", "draw"]
        assert listed("5♥ 9♥ K♠ Q♣", "7♥") == ["5♥", "9♥", "draw"]  # another rank: the same list
        assert listed("5♥ 9♥ K♠", "7♥", draws=3) == ["5♥", "9♥", "pass"]
        assert listed("5♥ 9♥ K♠", "7♥", talon="") == ["5♥", "9♥", "pass"]
        assert listed("5♥ 5♣ 9♥ K♠", "7♥") == ["5♥", "5♥ 5♣", "9♥", "draw"]
        assert listed("5♥ 5♣ 9♥ K♠", "7♣") == ["5♣", "5♣ 5♥", "draw"]  # the other five first
        assert listed("5♥ 5♣ 5♠ 9♥", "7♥") == ["5♥", "5♥ 5♠", "5♥ 5♣ 5♠", "5♥ 5♣", "5♥ 5♠ 5♣", "9♥", "draw"]
        assert listed("5♥ 5♣ 9♥ 9♠", "5♦") == ["5♥", "5♥ 5♣", "5♣", "5♣ 5♥", "draw"]  # both may begin


@pytest.mark.parametrize("n", [0, 1, 2, 13, 40, 52, 103, 104, 105, 140])
def test_the_samplers_shuffle_is_random_shuffle(n):
    """Sampler.shuffle (a table of steps, the samplers' hot path) gives random.shuffle's order
    for every deck size, so searches keep their results for a seed."""
    for seed in range(20):
        mine, theirs = list(range(n)), list(range(n))
        Sampler.shuffle(random.Random(seed), mine)
        random.Random(seed).shuffle(theirs)
        assert mine == theirs


# -- the seat's view and games sampled from it -------------------------------------------------------


def hidden_counts(game: v.Game, seat: int) -> Counter:
    return Counter(c for s in range(game.players) if s != seat for c in game.hand(s)) + Counter(game.talon)


@SETTINGS
@given(game=played(), infer=st.booleans(), salt=st.integers(0, 2**32 - 1))
def test_sampled_games_are_consistent_with_the_view(game, infer, salt):
    if game.is_over:
        return
    seat = game.to_move
    log = PublicLog(game)
    view = SeatView.of(game, seat, log=log)
    sample = view.sample(random.Random(salt), infer=infer)
    # what the seat sees is the same, history too (given the round's public log)
    assert SeatView.of(sample, seat, log=log) == view
    assert sample.hand(seat) == game.hand(seat) and sample.pile == game.pile
    assert sample.hand_sizes == game.hand_sizes and sample.talon_size == game.talon_size
    # a dealt round holds every card of its deck(s): the hidden cards are the same cards
    assert hidden_counts(sample, seat) == hidden_counts(game, seat)
    # with infer, a seat that drew or passed holds no card that matched then, beyond the
    # cards it received since (special cards aside): the sampler deals the tightest such
    # seat first, so that one is always respected when the unseen cards allow it
    if infer:
        constrained = [
            (sample.hand_size(s) - void[2], s)
            for s, void in enumerate(view.voids)
            if s != seat and void is not None and void[2] < sample.hand_size(s)
        ]
        if constrained:
            _, other = min(constrained, key=lambda t: (-t[0], t[1]))
            suit, rank, new = view.voids[other]
            matching = [
                c for c in sample.hand(other) if not c.is_special and (c.suit is suit or c.rank is rank)
            ]
            if _satisfiable(view, other):
                assert len(matching) <= new, (other, view.voids[other], sample.hand(other))
    # and it plays on: every listed move is legal
    rng = random.Random(salt)
    while not sample.is_over and sample.ply < 60:
        sample.play(sample.legal_moves().choice(rng))


def _satisfiable(view: SeatView, other: int) -> bool:
    """Whether the unseen cards can fill ``other``'s hand respecting its void (else the
    sampler deals it freely, as documented)."""
    suit, rank, new = view.voids[other]
    fitting = [c for c in view.unseen() if c.is_special or (c.suit is not suit and c.rank is not rank)]
    return len(fitting) >= view.hand_sizes[other] - new


@SETTINGS
@given(game=played(), salt=st.integers(0, 2**32 - 1))
def test_a_sample_never_depends_on_the_hidden_cards(game, salt):
    """Two rounds alike in all the seat can know but with the hidden cards dealt otherwise
    give the very same samples."""
    if game.is_over:
        return
    seat = game.to_move
    log = PublicLog(game)
    twin = permuted(game, seat, random.Random(salt))
    assert twin.hands != game.hands or game.talon_size == 0 or game.players * 6 < 2
    view, twin_view = SeatView.of(game, seat, log=log), SeatView.of(twin, seat, log=log)
    assert view == twin_view
    a = view.sample(random.Random(salt))
    b = twin_view.sample(random.Random(salt))
    assert public_state(a) == public_state(b)
    sampler = view.sampler()
    assert [public_state(sampler.sample(random.Random(k))) for k in range(3)] == [
        public_state(twin_view.sampler().sample(random.Random(k))) for k in range(3)
    ]


def test_sampling_deals_every_arrangement_over_many_samples():
    """The hidden cards move about: over many samples each opponent gets many different hands."""
    g = v.Game.deal(players=3, seed=5)
    view = SeatView.of(g, g.to_move)
    sampler = view.sampler(infer=False)
    rng = random.Random(0)
    hands = {sampler.sample(rng).hand((g.to_move + 1) % 3) for _ in range(200)}
    assert len(hands) > 150
    seen = Counter(c for _ in range(300) for c in sampler.sample(rng).hand((g.to_move + 1) % 3))
    assert set(seen) == set(view.unseen())  # any unseen card can be dealt to any hidden place


def test_a_teaching_position_samples_from_every_unseen_card():
    g = v.Game.from_position(hands=["7♥ 7♣ 8♠ K♥", "2♦ 3♦"], top="7♦", talon="9♠ 4♦ 2♣")
    view = SeatView.of(g, 0)
    rng = random.Random(4)
    dealt = {c for _ in range(200) for c in sampler_hand(view, rng)}
    assert len(dealt) > 30 and not dealt & {*g.hand(0), *g.pile}


def sampler_hand(view: SeatView, rng: random.Random) -> tuple[v.Card, ...]:
    return view.sample(rng).hand(1)


def test_a_finished_round_cannot_be_sampled():
    g = v.Game.from_position(hands=["5♥", "K♠"], top="7♥")
    g.play("5♥")
    with pytest.raises(ValueError, match="over"):
        SeatView.of(g, 1).sample(random.Random(1))


def test_a_position_with_a_turn_under_way_round_trips_through_a_record():
    g = v.Game.from_position(
        hands=["A♥ 5♥ 2♣", "4♦ 4♠"],
        top="7♥",
        talon="9♠ 9♦ 9♣",
        rules=v.Rules(lappen=True),
        lappen=[False, True],
    )
    g.play("A♥")
    view = SeatView.of(g, 0)
    sample = view.sample(random.Random(2))
    assert (
        sample.follow_up_suit is v.Suit.HEARTS
        and sample.laid_this_turn
        and sample.lappen_called == (False, True)
    )
    position = v.Game.from_position(**view_kwargs(view))
    assert v.read_game(v.write_record(position)).follow_up_suit is v.Suit.HEARTS
    with pytest.raises(v.RecordError):
        v.read_game({**v.write_record(position), "position": {**position.start_position, "draws": "x"}})


def view_kwargs(view: SeatView) -> dict:
    return {
        "hands": [view.hand, ["9♣"] * 0 + list(view.unseen()[: view.hand_sizes[1]])],
        "top": str(view.top),
        "talon": view.unseen()[view.hand_sizes[1] : view.hand_sizes[1] + view.talon_size],
        "pile": view.pile[:-1],
        "rules": view.rules,
        "follow_up": view.follow_up_suit,
        "lappen": list(view.lappen_called),
    }
