"""Hypothesis properties of the engine.

- cards are conserved at every step (hands + talon + pile = the starting cards);
- every move of ``legal_moves()`` is accepted by ``check`` and ``play``, and the generator
  and the checker agree on every move tried (``m in legal_moves()`` iff ``check(m).legal``);
- every rejected move — random text, random card combinations — raises
  ``IllegalMoveError`` or ``InvalidMoveError`` and leaves the game exactly as it was;
- a record replays to the same game, through JSON text too;
- cards and moves round-trip through ``str`` and ``repr``;
- the notation parsers and the record loader answer junk only with their documented
  ``ValueError`` subclasses.
"""

from __future__ import annotations

import contextlib
import copy
import json
import os
import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import vandatta as v
from vandatta.ai.simulate import random_move
from vandatta.cards import standard_deck
from vandatta.rules import SWITCHES

# VANDATTA_HYPOTHESIS_SCALE=20 multiplies every example count, for a deeper search by hand.
SCALE = int(os.environ.get("VANDATTA_HYPOTHESIS_SCALE", "1"))


def examples(n: int) -> settings:
    return settings(
        max_examples=n * SCALE, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
    )


FAST = examples(60)
MEDIUM = examples(120)
MANY = examples(400)

ALL_CARDS = standard_deck()

rules_st = st.builds(  # V1–O3, and the house rule O9 (the varning call) on or off
    lambda bits, varning: v.Rules(
        **{name: bool(bits >> i & 1) for i, name in enumerate(SWITCHES)}, varning=varning
    ),
    st.integers(0, 63),
    st.booleans(),
)


@st.composite
def games(draw, max_plies: int = 150) -> v.Game:
    """A dealt game after a random number of random (checked) moves."""
    players = draw(st.integers(2, 8))
    rules = draw(rules_st)
    seed = draw(st.integers(0, 2**32 - 1))
    plies = draw(st.integers(0, max_plies))
    game = v.Game.deal(players=players, seed=seed, rules=rules)
    rng = random.Random(seed)
    while not game.is_over and game.ply < plies:
        game.play(random_move(game, rng))
    return game


def multiset(game: v.Game) -> list[v.Card]:
    cards = [c for h in game.hands for c in h] + list(game.talon) + list(game.pile)
    return sorted(cards, key=lambda c: c.index)


def invariants(game: v.Game, start: list[v.Card]) -> None:
    assert multiset(game) == start
    assert 0 <= game.to_move < game.players
    assert game.pile and game.top is game.pile[-1]
    assert game.talon_size == len(game.talon)
    assert 0 <= game.draws_this_turn <= 3
    if game.is_over:
        assert len(game.legal_moves()) == 0
        assert (game.winner is None) == game.is_blocked
        if game.winner is not None:
            assert game.hand_size(game.winner) == 0
    else:
        assert len(game.legal_moves()) > 0
        assert game.winner is None and not game.is_blocked


# -- conservation and the generator ------------------------------------------------------------


@MEDIUM
@given(players=st.integers(2, 8), rules=rules_st, seed=st.integers(0, 2**32 - 1))
def test_cards_are_conserved_at_every_step(players, rules, seed):
    game = v.Game.deal(players=players, seed=seed, rules=rules)
    start = sorted(standard_deck(decks=2 if players >= 6 else 1), key=lambda c: c.index)
    invariants(game, start)
    rng = random.Random(seed)
    while not game.is_over and game.ply < 3000:
        game.play(random_move(game, rng))
        invariants(game, start)
        for event in game.events():
            assert event.text("sv") and event.text("en", hidden=True)


@MANY
@given(game=games())
def test_every_generated_move_is_accepted(game):
    moves = game.legal_moves()
    listed = list(moves)
    assert len(listed) == len(moves)
    assert len({m.decision() for m in listed}) == len(listed), "each decision once"
    if listed:
        assert moves[-1] == listed[-1] and moves[0] == listed[0]
        assert moves[len(listed) // 2] == listed[len(listed) // 2]
        assert moves[1:3] == listed[1:3]
    with pytest.raises(IndexError):
        moves[len(listed)]
    start = multiset(game)
    rng = random.Random(len(listed))
    for move in listed:
        assert move in moves and str(move) in moves
    sample = listed if len(listed) <= 60 else rng.sample(listed, 60)
    for move in sample:
        verdict = game.check(move)
        assert verdict.legal, verdict.text("en")
        assert verdict.text("sv") and verdict.text("en")
        assert game.is_legal(move)
        after = game.copy()
        after.play(move)
        assert multiset(after) == start
        assert after.ply == game.ply + 1
    # a middle card order other than the listed one is the same decision and accepted
    for move in sample:
        if len(move.cards) > 3:
            shuffled = list(move.cards[1:-1])
            shuffled.reverse()
            other = v.Move.play(
                [move.cards[0], *shuffled, move.cards[-1]],
                declare=move.declaration,
                lappen=move.lappen,
                varning=move.varning,
            )
            assert other in moves and game.check(other).legal


# -- rejected moves leave the game unchanged ------------------------------------------------------


def _try(snapshot, game: v.Game, move) -> None:
    """Play ``move`` (text or Move): either it is legal and listed, or it raises one of the
    two documented errors and changes nothing."""
    before = snapshot(game)
    try:
        verdict = game.check(move)
    except v.InvalidMoveError:
        with pytest.raises(v.InvalidMoveError):
            game.play(move)
        assert snapshot(game) == before
        return
    parsed = v.Move.parse(move)
    assert verdict.legal == (parsed in game.legal_moves()), (str(parsed), verdict.text("en"))
    assert verdict.legal == game.is_legal(move)
    if verdict.legal:
        start = multiset(game)
        game.play(move)
        assert multiset(game) == start
    else:
        assert verdict.text("sv") and verdict.text("en")
        with pytest.raises(v.IllegalMoveError) as info:
            game.play(move)
        assert info.value.verdict == verdict
        assert snapshot(game) == before


@MEDIUM
@given(game=games(), text=st.text(max_size=30))
def test_random_text_moves(snapshot, game, text):
    _try(snapshot, game, text)


notation_tokens = st.sampled_from(
    [str(c) for c in ALL_CARDS]
    + ["draw", "pass", "lappen", "varning", "=", "=K♥", "=♥", "8♠=Q♦", "10", "T♥", "x", ""]
)


@MEDIUM
@given(
    game=games(),
    tokens=st.lists(notation_tokens, min_size=0, max_size=5),
    joiner=st.sampled_from([" ", "", ","]),
)
def test_random_notation_moves(snapshot, game, tokens, joiner):
    _try(snapshot, game, joiner.join(tokens))


@st.composite
def card_moves(draw, game: v.Game):
    hand = list(game.hand(game.to_move))
    pool = hand + ALL_CARDS if hand else ALL_CARDS
    n = draw(st.integers(1, 4))
    cards = [pool[draw(st.integers(0, len(pool) - 1))] for _ in range(n)]
    same_rank = draw(st.booleans())
    if same_rank:
        rank = cards[0].rank
        cards = [c for c in pool if c.rank is rank][:n] or cards
    declare = None
    if cards[-1].is_eight and draw(st.booleans()):
        suit = draw(st.sampled_from(list(v.Suit)))
        rank = draw(st.one_of(st.none(), st.sampled_from(list(v.Rank))))
        declare = suit if rank is None else (suit, rank)
    return v.Move.play(cards, declare=declare, lappen=draw(st.booleans()), varning=draw(st.booleans()))


@MANY
@given(data=st.data(), game=games())
def test_random_card_combinations(snapshot, data, game):
    assume(not game.is_over or data.draw(st.booleans()))
    for _ in range(3):
        move = data.draw(
            st.one_of(
                card_moves(game),
                st.sampled_from(
                    [
                        v.Move.draw(),
                        v.Move.pass_(),
                        v.Move.pass_(lappen=True),
                        v.Move.pass_(varning=True),
                        v.Move.pass_(lappen=True, varning=True),
                    ]
                ),
            )
        )
        _try(snapshot, game, move)
        if game.is_over:
            break


# -- records ------------------------------------------------------------------------------------


def same_game(a: v.Game, b: v.Game) -> None:
    assert a.moves == b.moves
    assert a.hands == b.hands and a.talon == b.talon and a.pile == b.pile
    assert a.top == b.top and a.declaration == b.declaration and a.follow_up_suit == b.follow_up_suit
    assert a.to_move == b.to_move and a.winner == b.winner and a.is_blocked == b.is_blocked
    assert a.is_over == b.is_over and a.rules == b.rules and a.dealer == b.dealer
    assert [a.events(i) for i in range(a.ply + 1)] == [b.events(i) for i in range(b.ply + 1)]
    assert a.points() == b.points()
    assert a.legal_moves() == b.legal_moves()


@MEDIUM
@given(game=games(max_plies=400))
def test_a_record_replays_to_the_same_game(game):
    record = v.write_record(game)
    same_game(v.read_game(record), game)
    text = json.dumps(record, ensure_ascii=False)
    same_game(v.read_game(text), game)
    same_game(v.read_game(text.encode("utf-8")), game)
    same_game(v.read_game(json.loads(json.dumps(record))), game)
    assert v.write_record(v.read_game(record)) == record
    # copies are independent and equal
    twin = copy.deepcopy(game)
    same_game(twin, game)


@MEDIUM
@given(game=games(max_plies=200), data=st.data())
def test_replay_to_any_ply(game, data):
    ply = data.draw(st.integers(0, game.ply))
    earlier = game.replay(ply)
    assert earlier.moves == game.moves[:ply]
    # playing the rest again reaches the same game
    for move in game.moves[ply:]:
        earlier.play(move)
    same_game(earlier, game)


@FAST
@given(
    hands=st.lists(st.lists(st.sampled_from(ALL_CARDS), max_size=5), min_size=2, max_size=4),
    top=st.sampled_from([c for c in ALL_CARDS if not c.is_eight]),
    talon=st.lists(st.sampled_from(ALL_CARDS), max_size=6),
    seed=st.integers(0, 1000),
    rules=rules_st,
)
def test_position_records_replay(hands, top, talon, seed, rules):
    try:
        game = v.Game.from_position(hands=hands, top=top, talon=talon, rules=rules, seed=seed)
    except ValueError:
        return  # a card three times: not even two decks
    rng = random.Random(seed)
    while not game.is_over and game.ply < 60:
        game.play(random_move(game, rng))
    same_game(v.read_game(json.dumps(v.write_record(game))), game)


# -- value types round-trip -----------------------------------------------------------------------


@examples(200)
@given(card=st.sampled_from(ALL_CARDS))
def test_card_round_trips(card):
    assert v.Card.parse(str(card)) is card
    assert v.Card.parse(card.ascii) is card
    assert v.Card.parse(str(card).lower()) is card
    assert eval(repr(card), {"Card": v.Card}) is card


moves_st = st.one_of(
    st.just(v.Move.draw()),
    st.builds(lambda lap, var: v.Move.pass_(lappen=lap, varning=var), st.booleans(), st.booleans()),
    st.builds(
        lambda cards, lap, var: v.Move.play(cards, lappen=lap, varning=var),
        st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=5),
        st.booleans(),
        st.booleans(),
    ),
    st.builds(
        lambda cards, suit, rank, lap, var: v.Move.play(
            [*cards, v.Card(v.Rank.EIGHT, suit)],
            declare=suit if rank is None else (suit, rank),
            lappen=lap,
            varning=var,
        ),
        st.lists(st.sampled_from(ALL_CARDS), max_size=3),
        st.sampled_from(list(v.Suit)),
        st.one_of(st.none(), st.sampled_from(list(v.Rank))),
        st.booleans(),
        st.booleans(),
    ),
)


@examples(300)
@given(move=moves_st)
def test_move_round_trips(move):
    assert v.Move.parse(str(move)) == move
    assert str(move).endswith(("varning", "varning lappen")) == move.varning
    assert eval(repr(move), {"Move": v.Move}) == move
    assert hash(v.Move.parse(str(move))) == hash(move)
    assert v.Move.parse(str(move).lower()) == move


# -- junk answered only with the documented errors ------------------------------------------------


@examples(500)
@given(
    text=st.one_of(
        st.text(max_size=12), st.from_regex(r"[0-9AaTtJjQqKk]{1,3}[♠♥♦♣SHDCshdc♡♤️ ]{0,2}", fullmatch=True)
    )
)
def test_card_parser_answers_junk_with_invalid_card_error(text):
    try:
        card = v.Card.parse(text)
    except v.InvalidCardError:
        return
    assert isinstance(card, v.Card) and v.Card.parse(str(card)) is card


@examples(500)
@given(text=st.one_of(st.text(max_size=40), st.lists(notation_tokens, max_size=6).map(" ".join)))
def test_move_parser_answers_junk_with_invalid_move_error(text):
    try:
        move = v.Move.parse(text)
    except v.InvalidMoveError:
        return
    assert v.Move.parse(str(move)) == move


@examples(200)
@given(text=st.text(max_size=40))
def test_card_list_and_rules_parsers_answer_junk_with_value_errors(text):
    with contextlib.suppress(v.InvalidCardError):
        v.parse_cards(text)
    with contextlib.suppress(ValueError):
        v.Rules.parse(text)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def _load(record) -> None:
    try:
        game = v.read_game(record)
    except v.RecordError as error:
        assert isinstance(error, ValueError)
        assert error.move_number is None or isinstance(error.move_number, int)
        return
    assert isinstance(game, v.Game)


@MANY
@given(
    record=st.one_of(
        json_values,
        st.dictionaries(
            st.sampled_from(
                [
                    "format",
                    "version",
                    "rules",
                    "players",
                    "seed",
                    "dealer",
                    "deck",
                    "moves",
                    "position",
                    "annotations",
                    "result",
                ]
            ),
            json_values,
        ),
    )
)
def test_record_loader_answers_random_dicts_with_record_error(record):
    _load(record)
    _load(json.dumps(record))


@MEDIUM
@given(text=st.one_of(st.text(max_size=60), st.binary(max_size=60)))
def test_record_loader_answers_random_text_with_record_error(text):
    _load(text)


_BASE = {}


def _base_record(seed: int) -> dict:
    if seed not in _BASE:
        game = v.Game.deal(
            players=2 + seed % 7,
            seed=seed,
            rules=v.Rules.parse(["", "v1", "v2,v3", "o1", "strict", "v3,o9"][seed % 6]),
        )
        rng = random.Random(seed)
        while not game.is_over and game.ply < 40:
            game.play(random_move(game, rng))
        _BASE[seed] = v.write_record(game)
    return copy.deepcopy(_BASE[seed])


@MANY
@given(seed=st.integers(0, 9), data=st.data())
def test_record_loader_answers_mutated_records_with_record_error(seed, data):
    record = _base_record(seed)
    for _ in range(data.draw(st.integers(1, 3))):
        field = data.draw(st.sampled_from(sorted(record)))
        action = data.draw(st.sampled_from(["delete", "replace", "tweak"]))
        if action == "delete":
            del record[field]
        elif action == "replace":
            record[field] = data.draw(json_values)
        elif field in ("deck", "moves") and isinstance(record[field], list) and record[field]:
            items = record[field]
            i = data.draw(st.integers(0, len(items) - 1))
            how = data.draw(st.sampled_from(["drop", "swap", "junk", "dup", "card"]))
            if how == "drop":
                del items[i]
            elif how == "swap":
                j = data.draw(st.integers(0, len(items) - 1))
                items[i], items[j] = items[j], items[i]
            elif how == "junk":
                items[i] = data.draw(json_values)
            elif how == "dup":
                items.insert(i, items[i])
            else:
                items[i] = str(data.draw(st.sampled_from(ALL_CARDS)))
        elif field in ("seed", "dealer", "version"):
            record[field] = data.draw(st.integers(-3, 10))
        elif field == "rules" and isinstance(record[field], dict):
            key = data.draw(st.sampled_from([*SWITCHES, "varning", "nope"]))
            record[field][key] = data.draw(json_values)
        elif field == "players" and isinstance(record[field], list):
            record[field] = record[field][: data.draw(st.integers(0, 9))] + data.draw(
                st.lists(json_values, max_size=2)
            )
    _load(record)
    _load(json.dumps(record))
