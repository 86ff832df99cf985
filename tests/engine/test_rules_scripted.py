"""A scripted test for every rule id of the rulebook (docs/rules.en.md) and each "decided" case.

Positions come from ``Game.from_position`` (teaching positions) and ``Game.deal`` with an
explicit deck order. Each test asserts the resulting state exactly (hands, top, declaration,
current suit and rank, follow-up, whose turn, talon, pile, the events of the move, winner,
points) and the rule ids of the verdicts. Every illegal attempt goes through the ``illegal``
fixture (tests/conftest.py): the ``IllegalMoveError`` must carry a verdict citing the rule,
and the whole game — record, hands, talon, pile, turn, draws, follow-up, random state — must
be exactly as before.
"""

from __future__ import annotations

import itertools

import pytest

import vandatta as v
from tests.helpers.positions import position_builder
from vandatta.cards import standard_deck

S, H, D, C = v.Suit.SPADES, v.Suit.HEARTS, v.Suit.DIAMONDS, v.Suit.CLUBS

STANDARD = v.Rules()
V1 = v.Rules(no_special_on_special=True)
V2 = v.Rules(no_special_finish=True)
V3 = v.Rules(lappen=True)
O1 = v.Rules(suit_only_eights=True)
O2 = v.Rules(redraw_special_starter=True)


pos = position_builder(rules=STANDARD)


def fmt(cards) -> str:
    return v.format_cards(cards)


def decl_text(game: v.Game) -> str | None:
    d = game.declaration
    if d is None:
        return None
    return ("" if d[1] is None else d[1].symbol) + d[0].symbol


_VIEWS = {
    "hands": lambda g: [fmt(h) for h in g.hands],
    "top": lambda g: str(g.top),
    "decl": decl_text,
    "suit": lambda g: g.current_suit.symbol,
    "rank": lambda g: None if g.current_rank is None else g.current_rank.symbol,
    "follow": lambda g: None if g.follow_up_suit is None else g.follow_up_suit.symbol,
    "to_move": lambda g: g.to_move,
    "talon": lambda g: fmt(g.talon),
    "talon_size": lambda g: g.talon_size,
    "pile": lambda g: fmt(g.pile),
    "kinds": lambda g: [e.kind for e in g.events()],
    "winner": lambda g: g.winner,
    "over": lambda g: g.is_over,
    "blocked": lambda g: g.is_blocked,
    "points": lambda g: g.points(),
    "draws": lambda g: g.draws_this_turn,
    "must_draw": lambda g: g.must_draw,
    "lappen": lambda g: g.lappen_called,
    "legal": lambda g: [str(m) for m in g.legal_moves()],
}


def expect(game: v.Game, **want) -> None:
    """Assert the named parts of the state exactly (see ``_VIEWS`` for the names)."""
    got = {key: _VIEWS[key](game) for key in want}
    assert got == want


def legal(game: v.Game, move: str, *rules: str) -> v.Verdict:
    """Assert ``move`` is legal, listed by legal_moves(), and that its verdict cites ``rules``."""
    verdict = game.check(move)
    assert verdict.legal, verdict.text("en")
    assert move in game.legal_moves()
    for rule in rules:
        assert rule in verdict.rules, (move, verdict.rules, verdict.text("en"))
    return verdict


def total(game: v.Game) -> list[v.Card]:
    everything = [c for h in game.hands for c in h] + list(game.talon) + list(game.pile)
    return sorted(everything, key=lambda c: c.index)


def deck_with(front: str, *, decks: int = 1) -> list[v.Card]:
    """A full deck order that starts with ``front`` and goes on in standard order."""
    head = v.parse_cards(front)
    rest = standard_deck(decks=decks)
    for c in head:
        rest.remove(c)
    return head + rest


# ---------------------------------------------------------------------------- R1


@pytest.mark.parametrize("players", range(2, 9))
def test_r1_players_and_decks(players):
    g = v.Game.deal(players=players, seed=11)
    decks = 2 if players >= 6 else 1
    assert total(g) == sorted(standard_deck(decks=decks), key=lambda c: c.index)
    assert [len(h) for h in g.hands] == [6] * players
    assert len(v.write_record(g)["deck"]) == 52 * decks


@pytest.mark.parametrize("players", [-1, 0, 1, 9, 10, 2.0, "4", True, None])
def test_r1_players_outside_2_to_8_are_refused(players):
    with pytest.raises(ValueError, match="R1"):
        v.Game.deal(players=players, seed=1)
    with pytest.raises(ValueError, match="R1"):
        v.Match(players=players, seed=1)


def test_r1_one_hand_cannot_be_a_whole_table():
    with pytest.raises(ValueError, match="R1"):
        pos(["5♥"], "7♥")
    with pytest.raises(ValueError):
        pos(["5♥"] * 9, "7♥")


def test_r1_two_decks_hold_identical_cards():
    deck = deck_with("7♥ 7♥", decks=2)
    g = v.Game.deal(players=6, deck=deck, seed=0)
    # seat 1 and seat 2 each receive one of the two hearts sevens
    assert g.hand(1)[0] is g.hand(2)[0] is v.Card.parse("7♥")
    with pytest.raises(ValueError, match="R1"):
        v.Game.deal(players=6, deck=standard_deck(), seed=0)
    with pytest.raises(ValueError, match="R1"):
        v.Game.deal(players=5, deck=standard_deck(decks=2), seed=0)
    with pytest.raises(ValueError, match="R1"):
        pos(["7♥ 7♥", "7♥"], "2♣")  # three of one card: not even two decks


def test_r1_ranks_and_suits():
    assert [r.symbol for r in v.Rank] == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    assert [s.symbol for s in v.Suit] == ["♠", "♥", "♦", "♣"]
    assert len(set(standard_deck())) == 52


# ---------------------------------------------------------------------------- R2


def test_r2_deal_order_from_the_player_after_the_dealer():
    deck = standard_deck()  # A♠ 2♠ … K♠ A♥ …: card i of the deck order is deck[i]
    g = v.Game.deal(players=3, deck=deck, seed=4, dealer=0)
    # one card at a time: seat 1, 2, 0, 1, 2, 0, …
    assert [fmt(h) for h in g.hands] == [fmt(deck[2:18:3]), fmt(deck[0:18:3]), fmt(deck[1:18:3])]
    expect(g, top="6♥", pile="6♥", talon=fmt(deck[19:]), talon_size=33, to_move=1, decl=None, follow=None)
    assert [e.kind for e in g.events(0)] == ["turn_up"]
    assert g.events(0)[0].cards == (v.Card.parse("6♥"),)
    assert v.write_record(g)["deck"] == [str(c) for c in deck]

    g = v.Game.deal(players=3, deck=deck, seed=4, dealer=2)
    assert [fmt(h) for h in g.hands] == [fmt(deck[0:18:3]), fmt(deck[1:18:3]), fmt(deck[2:18:3])]
    expect(g, top="6♥", to_move=0)


def test_r2_seeded_deal_is_reproducible_and_matches_its_deck_order():
    a = v.Game.deal(players=4, seed=2024)
    b = v.Game.deal(players=4, seed=2024)
    assert a.hands == b.hands and a.talon == b.talon and a.pile == b.pile
    deck = v.write_record(a)["deck"]
    c = v.Game.deal(players=4, seed=2024, deck=deck)
    assert c.hands == a.hands and c.talon == a.talon and c.pile == a.pile
    assert v.Game.deal(players=4, seed=2025).hands != a.hands


def test_r2_deck_strings_and_bad_decks():
    deck = [str(c) for c in standard_deck()]
    g = v.Game.deal(players=2, deck=" ".join(deck), seed=0)
    assert fmt(g.hand(1)) == "A♠ 3♠ 5♠ 7♠ 9♠ J♠"
    with pytest.raises(ValueError, match="missing"):
        v.Game.deal(players=2, deck=deck[:-1], seed=0)
    with pytest.raises(ValueError):
        v.Game.deal(players=2, deck=[*deck[:-1], "XX"], seed=0)
    with pytest.raises(ValueError):
        v.Game.deal(players=2, seed=0, dealer=2)


# ---------------------------------------------------------------------------- R3


def test_r3_turn_order_wraps_and_dealer_is_seat_0():
    g = v.Game.deal(players=4, seed=9)
    assert g.dealer == 0 and g.to_move == 1
    g = pos(["2♣ 3♣", "4♣ 5♣", "6♣ 7♣"], "9♥", to_move=1)  # nothing to lay or draw: passes
    assert g.dealer == 0
    for seat in (1, 2):
        expect(g, to_move=seat)
        legal(g, "pass", "R10", "R3")
        g.play("pass")
    expect(g, to_move=0, over=False)


def test_r3_only_the_player_to_move_acts(illegal):
    g = pos(["2♣", "7♥ 5♥"], "9♥", talon="K♠")
    # the ♥ cards belong to seat 1; seat 0 is to move and cannot lay them
    assert illegal(g, "5♥", None).text("en") == "You hold no 5♥."
    assert g.check("draw").legal


# ---------------------------------------------------------------------------- R4


def test_r4_same_suit():
    g = pos(["5♥ K♠ 2♣", "4♦"], "7♥", talon="9♠")
    legal(g, "5♥", "R4")
    g.play("5♥")
    expect(
        g,
        hands=["K♠ 2♣", "4♦"],
        top="5♥",
        pile="7♥ 5♥",
        decl=None,
        suit="♥",
        rank="5",
        to_move=1,
        talon="9♠",
        kinds=[],
        over=False,
        winner=None,
    )


def test_r4_same_rank_changes_the_suit():
    g = pos(["7♣ K♠", "4♦"], "7♥", talon="9♠")
    assert g.check("7♣").rules == ("R4",)
    g.play("7♣")
    expect(g, top="7♣", suit="♣", rank="7", to_move=1, hands=["K♠", "4♦"], pile="7♥ 7♣")


def test_r4_neither_suit_nor_rank(illegal):
    g = pos(["K♠ 5♥", "4♦"], "7♥", talon="9♠")
    verdict = illegal(g, "K♠", "R4")
    assert verdict.rules == ("R4",)
    assert verdict.text("en") == "K♠ does not fit: it has neither the suit ♥ nor the rank 7 (R4)."


def test_r4_declared_eight_is_matched_by_its_declaration(illegal):
    g = pos(["K♣ 5♥ 7♠ 2♠", "4♦"], "8♠=K♥", talon="9♠")
    expect(g, top="8♠", decl="K♥", suit="♥", rank="K")
    legal(g, "K♣", "R4")
    legal(g, "5♥", "R4")
    illegal(g, "7♠", "R4")  # the eight's own suit does not count
    illegal(g, "2♠", "R4")
    g.play("K♣")
    expect(g, top="K♣", decl=None, suit="♣", rank="K")


def test_r4_bare_eight_top_counts_as_itself(illegal):
    g = pos(["5♠ 8♦ 7♥", "4♦"], "8♠", talon="9♠")
    expect(g, decl=None, suit="♠", rank="8")
    legal(g, "5♠", "R4")
    legal(g, "8♦=2♣", "R6")
    illegal(g, "7♥", "R4")


# ---------------------------------------------------------------------------- R5


def test_r5_group_in_any_order_last_card_sets_the_suit():
    g = pos(["7♦ 7♣ 7♠ 2♥", "4♦"], "7♥", talon="9♠")
    for order in itertools.permutations(["7♦", "7♣", "7♠"]):
        move = " ".join(order)
        verdict = legal(g, move, "R4", "R5")
        assert verdict.rules == ("R4", "R5")
    g.play("7♦ 7♠ 7♣")
    expect(g, hands=["2♥", "4♦"], top="7♣", suit="♣", rank="7", pile="7♥ 7♦ 7♠ 7♣", to_move=1)
    assert g.moves == (v.Move.parse("7♦ 7♠ 7♣"),)  # the record keeps the order laid
    assert v.write_record(g)["moves"] == ["7♦ 7♠ 7♣"]


def test_r5_the_first_card_must_be_legal_alone(illegal):
    g = pos(["7♥ 7♣ K♠", "4♦"], "5♥", talon="9♠")
    legal(g, "7♥ 7♣", "R5")
    illegal(g, "7♣ 7♥", "R4")
    g.play("7♥ 7♣")
    expect(g, top="7♣", suit="♣", rank="7", hands=["K♠", "4♦"])


def test_r5_one_rank_only_and_held_cards_only(illegal):
    g = pos(["7♥ 8♥ 7♣", "4♦"], "5♥", talon="9♠")
    assert illegal(g, "7♥ 8♥=K♥", "R5").text("en").startswith("7♥ and 8♥ differ in rank")
    assert illegal(g, "7♥ 7♥", None).text("en") == "You hold only 1 × 7♥, not 2."
    assert illegal(g, "7♥ 7♦", None).text("en") == "You hold no 7♦."


def test_r5_legal_moves_lists_each_group_once_middle_ascending():
    g = pos(["7♣ 7♥ 7♦ 7♠ 2♠", "2♦"], "7♥", talon="9♠")
    moves = list(g.legal_moves())
    plays = [m for m in moves if m.is_play]
    # 4 first cards × (alone + 3 last cards × 4 subsets of the other two) = 52
    assert len(plays) == 52 and len(moves) == 53
    assert len({m.decision() for m in moves}) == len(moves)
    for m in plays:
        middle = m.cards[1:-1]
        assert list(middle) == sorted(middle, key=lambda c: c.index)
    sevens = v.parse_cards("7♣ 7♥ 7♦ 7♠")
    for n in range(1, 5):
        for perm in itertools.permutations(sevens, n):
            move = v.Move.play(perm)
            assert move in g.legal_moves()
            assert g.check(move).legal
            listed = [m for m in moves if m.decision() == move.decision()]
            assert len(listed) == 1


def test_r5_groups_with_identical_cards_two_decks():
    g = pos(["7♥ 7♥ 7♣", "2♦"], "5♥", talon="9♠")
    plays = [str(m) for m in g.legal_moves() if m.is_play]
    assert sorted(plays) == sorted(["7♥", "7♥ 7♥", "7♥ 7♣", "7♥ 7♥ 7♣", "7♥ 7♣ 7♥"])
    g.play("7♥ 7♣ 7♥")
    expect(g, hands=["", "2♦"], over=True, winner=0)


# ---------------------------------------------------------------------------- R6


def test_r6_any_of_the_52_declarations():
    g = pos(["8♠ 5♦", "4♦ 2♣"], "7♥", talon="9♠ 9♦")
    eights = [m for m in g.legal_moves() if m.cards[:1] == (v.Card.parse("8♠"),)]
    assert len(eights) == 52
    assert {(m.declared_suit, m.declared_rank) for m in eights} == {(s, r) for s in v.Suit for r in v.Rank}
    for m in eights:
        verdict = g.check(m)
        assert verdict.legal and verdict.rules == ("R6",)
    g.play("8♠=Q♣")
    expect(g, top="8♠", decl="Q♣", suit="♣", rank="Q", to_move=1, pile="7♥ 8♠", hands=["5♦", "4♦ 2♣"])


def test_r6_undeclared_eight_is_illegal(illegal):
    g = pos(["8♠ 5♦", "4♦"], "7♥", talon="9♠")
    verdict = illegal(g, "8♠", "R6")
    assert verdict.text("en") == "An eight counts as another card: choose a suit and a rank for 8♠ (R6)."
    illegal(g, "8♠=♥", "R6")  # a suit-only declaration needs O1


def test_r6_declaration_only_on_the_last_eight(invalid):
    g = pos(["8♠ 8♦ 7♥ 7♣", "4♦"], "7♦", talon="9♠")
    for text in ["8♠=K♥ 8♦", "7♥=K♥", "8♠ 7♥=K♥", "8♠=K♥ 8♦=Q♥", "7♣=♣"]:
        error = invalid(g, text)
        assert isinstance(error, ValueError)
    with pytest.raises(v.InvalidMoveError):
        v.Move.play(["7♥"], declare="K♥")
    legal(g, "8♠ 8♦=Q♥", "R5", "R6")
    legal(g, "8♦ 8♠=Q♥", "R5", "R6")
    g.play("8♦ 8♠=Q♥")
    expect(g, top="8♠", decl="Q♥", suit="♥", rank="Q", pile="7♦ 8♦ 8♠", hands=["7♥ 7♣", "4♦"])


def test_r6_declaring_an_ace_triggers_no_ace_effect():
    g = pos(["8♠ 5♦", "4♦", "2♣"], "7♥", talon="9♠ 9♦ 9♣")
    verdict = g.check("8♠=A♦")
    assert "R7" not in verdict.rules
    g.play("8♠=A♦")
    expect(
        g,
        hands=["5♦", "4♦", "2♣"],
        talon="9♠ 9♦ 9♣",
        follow=None,
        to_move=1,
        kinds=[],
        decl="A♦",
        suit="♦",
        rank="A",
    )
    # the next player matches ♦ or an ace: 4♦ fits
    legal(g, "4♦", "R4")


def test_r6_the_eight_stays_an_eight(illegal):
    # V1: declared as a king, it is still an eight: no eight on it
    g = pos(["8♦ K♣ A♥ 5♥", "4♦"], "8♠=K♥", talon="9♠", rules=V1)
    illegal(g, "8♦=2♣", "V1")
    illegal(g, "A♥", "V1")
    legal(g, "K♣", "R4")
    # declared as an ace, it is not an ace: under V1 the check is about the eight itself
    g = pos(["A♣ 5♣", "4♦"], "8♠=A♥", talon="9♠", rules=V1)
    illegal(g, "A♣", "V1")
    # V2: declared as a five, still special when laid last
    g = pos(["8♠", "4♦"], "7♥", talon="9♠", rules=V2)
    g.play("8♠=5♥")
    expect(g, over=False, must_draw=True, to_move=0, legal=["draw"])
    # scoring: an eight in hand is 25 whatever it was declared as elsewhere
    g = pos(["8♠", "8♥"], "8♦=K♥", rules=STANDARD)
    assert g.points() == [25, 25]


# ---------------------------------------------------------------------------- R7


def test_r7_others_draw_in_turn_order_starting_with_the_next(illegal):
    g = pos(["A♠ 5♠ K♥", "2♦", "3♦", "4♦"], "7♠", talon="9♠ 9♦ 9♣ 10♠ 10♦", to_move=0)
    verdict = legal(g, "A♠", "R4", "R7")
    assert verdict.rules == ("R4", "R7")
    g.play("A♠")
    expect(
        g,
        hands=["5♠ K♥", "2♦ 9♠", "3♦ 9♦", "4♦ 9♣"],
        talon="10♠ 10♦",
        top="A♠",
        suit="♠",
        rank="A",
        follow="♠",
        to_move=0,
        kinds=["ace_draw", "ace_draw", "ace_draw"],
        legal=["5♠"],
    )
    assert [e.seat for e in g.events()] == [1, 2, 3]
    assert [e.rule for e in g.events()] == ["R7"] * 3
    # the follow-up is owed: no drawing, no passing, no other suit
    illegal(g, "draw", "R7")
    illegal(g, "pass", "R7")
    illegal(g, "K♥", "R7")
    legal(g, "5♠", "R7")
    g.play("5♠")
    expect(
        g,
        follow=None,
        to_move=1,
        top="5♠",
        suit="♠",
        rank="5",
        kinds=[],
        hands=["K♥", "2♦ 9♠", "3♦ 9♦", "4♦ 9♣"],
    )


def test_r7_draw_order_wraps_from_a_later_seat():
    g = pos(["2♦", "3♦", "A♠ 5♠ K♥"], "7♠", talon="9♠ 9♦ 9♣", to_move=2)
    g.play("A♠")
    assert [(e.seat, fmt(e.cards)) for e in g.events()] == [(0, "9♠"), (1, "9♦")]
    expect(g, hands=["2♦ 9♠", "3♦ 9♦", "5♠ K♥"], talon="9♣", to_move=2)


def test_r7_group_of_aces_one_draw_per_ace_in_laying_order(illegal):
    g = pos(["A♠ A♥ 5♥ K♣", "2♦", "3♦"], "A♦", talon="9♠ 9♦ 9♣ 10♠ 10♦")
    illegal(g, "A♥ A♠", "R7")  # the last ace is ♠ and no ♠ is left to follow
    illegal(g, "A♠", "R7")  # alone: A♥ is no follow-up of ♠ (it would need a ♠)
    legal(g, "A♥", "R7")
    verdict = legal(g, "A♠ A♥", "R5", "R7")
    assert verdict.text("en") == (
        "A♠ on A♦: same rank (R4); two aces at once; the last one laid, A♥, "
        "is on top: hearts is now the suit (R5); every other player draws two cards (R7); then you must "
        "lay a card of hearts in the same turn (R7)."
    )
    g.play("A♠ A♥")
    # for A♠: seat 1, seat 2; then for A♥: seat 1, seat 2
    assert [(e.seat, fmt(e.cards)) for e in g.events()] == [(1, "9♠"), (2, "9♦"), (1, "9♣"), (2, "10♠")]
    expect(
        g, hands=["5♥ K♣", "2♦ 9♠ 9♣", "3♦ 9♦ 10♠"], follow="♥", suit="♥", top="A♥", talon="10♦", to_move=0
    )
    illegal(g, "K♣", "R7")
    g.play("5♥")
    expect(g, to_move=1, follow=None, hands=["K♣", "2♦ 9♠ 9♣", "3♦ 9♦ 10♠"])


def test_r7_follow_up_group_whose_first_card_has_the_suit(illegal):
    g = pos(["A♠ 5♠ 5♥ K♣", "2♦"], "7♠", talon="9♠ 9♦")
    g.play("A♠")
    illegal(g, "5♥ 5♠", "R7")
    verdict = legal(g, "5♠ 5♥", "R7", "R5")
    assert verdict.text("en").startswith("5♠ follows the ace with its suit, spades (R7); two fives at once")
    g.play("5♠ 5♥")
    expect(g, top="5♥", suit="♥", rank="5", follow=None, to_move=1, hands=["K♣", "2♦ 9♠"])


def test_r7_an_eight_of_another_suit_does_not_count(illegal):
    g = pos(["A♠ 8♥ 8♠ 2♠", "2♦"], "7♠", talon="9♠ 9♦")
    g.play("A♠")
    verdict = illegal(g, "8♥=K♠", "R7")
    assert (
        verdict.text("en")
        == "An eight of another suit does not count: the ace must be followed by spades (R7)."
    )
    legal(g, "8♠=K♥", "R7")
    g.play("8♠=K♥")
    expect(g, top="8♠", decl="K♥", suit="♥", rank="K", follow=None, to_move=1)


def test_r7_an_ace_needs_a_follow_up_in_hand(illegal):
    g = pos(["A♠ K♥ 8♥", "2♦"], "7♠", talon="9♠")
    verdict = illegal(g, "A♠", "R7")
    assert verdict.text("en") == (
        "An ace needs a card of its suit to follow (R7): after A♠ you would hold no spades to lay."
    )
    assert [str(m) for m in g.legal_moves() if not m.cards or not m.cards[0].is_eight] == ["draw"]
    # an eight of the ace's suit is a follow-up (without V1)
    g = pos(["A♠ 8♠", "2♦"], "7♠", talon="9♠")
    legal(g, "A♠", "R7")
    g = pos(["A♠ 8♠", "2♦"], "7♠", talon="9♠", rules=V1)
    illegal(g, "A♠", "R7")


def test_r7_two_decks_an_ace_may_follow_an_ace(illegal):
    g = pos(["A♠ A♠ A♥ 5♥", "2♦"], "7♠", talon="9♠ 9♦ 9♣ 10♠")
    legal(g, "A♠", "R7")  # then A♠ A♥, then 5♥
    g.play("A♠")
    expect(g, follow="♠", hands=["A♠ A♥ 5♥", "2♦ 9♠"])
    illegal(g, "A♠", "R7")  # the second A♠ alone would owe ♠, and none is left
    legal(g, "A♠ A♥", "R7")
    g.play("A♠ A♥")
    expect(g, follow="♥", hands=["5♥", "2♦ 9♠ 9♦ 9♣"], to_move=0, kinds=["ace_draw", "ace_draw"], talon="10♠")
    g.play("5♥")
    expect(g, over=True, winner=0, points=[0, 20])
    # without a card of the last suit nothing can follow: the first ace is illegal
    g = pos(["A♠ A♠ K♥", "2♦"], "7♠", talon="9♠")
    illegal(g, "A♠", "R7")
    illegal(g, "A♠ A♠", "R7")


# ---------------------------------------------------------------------------- R8


def test_r8_draw_up_to_three_then_pass(illegal):
    g = pos(["2♣", "4♦"], "7♥", talon="K♠ Q♠ J♠ 10♠")
    illegal(g, "pass", "R8")
    for n in (1, 2, 3):
        verdict = legal(g, "draw", "R8")
        assert verdict.rules[0] == "R8"
        g.play("draw")
        expect(g, draws=n, to_move=0, kinds=["draw"])
        assert g.events()[0].cards == (g.hand(0)[-1],)
        if n < 3:
            illegal(g, "pass", "R8")
    expect(g, hands=["2♣ K♠ Q♠ J♠", "4♦"], talon="10♠", legal=["pass"])
    verdict = illegal(g, "draw", "R8")
    assert verdict.text("en") == "You have already drawn three cards: lay a card or pass (R8)."
    verdict = legal(g, "pass", "R8")
    assert verdict.text("en") == "You have drawn three cards and pass (R8); the turn goes to player 2 (R3)."
    g.play("pass")
    expect(g, to_move=1, draws=0, kinds=[])


def test_r8_play_after_any_draw():
    g = pos(["2♣", "4♦"], "7♥", talon="5♥ Q♠")
    g.play("draw")
    expect(g, hands=["2♣ 5♥", "4♦"], legal=["5♥", "draw"], to_move=0)
    g.play("5♥")
    expect(g, to_move=1, top="5♥", draws=0, hands=["2♣", "4♦"])


def test_r8_drawing_while_holding_a_legal_play_is_allowed():
    g = pos(["5♥ 2♣", "4♦"], "7♥", talon="Q♠")
    legal(g, "draw", "R8")
    g.play("draw")
    expect(g, hands=["5♥ 2♣ Q♠", "4♦"], draws=1, to_move=0)


def test_r8_pass_at_once_when_nothing_can_be_drawn(illegal):
    g = pos(["2♣", "4♦"], "7♥", talon="", pile="")
    verdict = illegal(g, "draw", "R10")
    assert verdict.text("en") == (
        "There is nothing to draw: the talon is empty and the pile has only its top card (R10)."
    )
    expect(g, legal=["pass"])
    legal(g, "pass", "R10")


# ---------------------------------------------------------------------------- R9


def test_r9_going_out_ends_the_round_at_once(illegal):
    g = pos(["5♥", "4♦ K♠", "A♣"], "7♥", talon="9♠")
    verdict = legal(g, "5♥", "R9")
    assert verdict.rules == ("R4", "R9")
    g.play("5♥")
    expect(g, over=True, winner=0, blocked=False, kinds=["out"], legal=[], points=[0, 15, 15], to_move=0)
    assert g.events()[0].seat == 0
    for move in ["draw", "pass", "4♦"]:
        illegal(g, move, "R9")


def test_r9_going_out_with_a_group_and_after_an_ace():
    g = pos(["5♥ 5♠", "4♦"], "7♥", talon="9♠")
    g.play("5♥ 5♠")
    expect(g, winner=0, top="5♠")
    g = pos(["A♥ 5♥", "4♦", "K♦"], "7♥", talon="9♠ 9♦")
    g.play("A♥")
    expect(g, over=False, follow="♥")
    g.play("5♥")
    expect(g, over=True, winner=0, points=[0, 10, 15], kinds=["out"])


def test_r9_a_going_out_play_cannot_carry_lappen(illegal):
    g = pos(["5♥", "4♦"], "7♥", talon="9♠", rules=V3)
    verdict = illegal(g, "5♥ lappen", "R9")
    assert verdict.text("en") == "A play that goes out cannot carry the lappen call (R9)."
    g.play("5♥")
    expect(g, winner=0, kinds=["out"])


# ---------------------------------------------------------------------------- R10


def test_r10_reshuffle_keeps_the_top_and_its_declaration():
    g = pos(["2♣", "4♦"], "8♠=K♥", talon="", pile="3♥ 4♣ 9♦")
    g.play("draw")
    expect(g, kinds=["reshuffle", "draw"], top="8♠", decl="K♥", suit="♥", rank="K", pile="8♠", talon_size=2)
    reshuffle, draw = g.events()
    assert reshuffle.count == 3 and reshuffle.rule == "R10"
    assert sorted(g.hand(0)[1:] + g.talon) == sorted(v.parse_cards("3♥ 4♣ 9♦"))
    assert draw.cards == (g.hand(0)[-1],)


def test_r10_reshuffle_during_ace_draws_keeps_the_follow_up():
    g = pos(["A♠ 5♠", "2♦", "3♦"], "7♠", talon="9♠", pile="3♥ 4♣")
    g.play("A♠")
    expect(g, kinds=["ace_draw", "reshuffle", "ace_draw"], follow="♠", top="A♠", pile="A♠", talon_size=2)
    assert fmt(g.hand(1)) == "2♦ 9♠"
    assert g.hand(2)[-1] in v.parse_cards("3♥ 4♣ 7♠")


def test_r10_ace_draws_lapse_when_nothing_is_left():
    g = pos(["A♠ 5♠", "2♦", "3♦"], "7♠", talon="", pile="")
    g.play("A♠")
    # 7♠ is shuffled back and drawn by seat 1; nothing is left for seat 2
    expect(g, kinds=["reshuffle", "ace_draw", "lapse"], hands=["5♠", "2♦ 7♠", "3♦"], pile="A♠", talon_size=0)
    assert g.events()[2].seat == 2
    assert g.events()[2].text("en") == "Nothing is left to draw, so player 3's draw lapses (R10)."
    g.play("5♠")
    expect(g, over=True, winner=0)


def test_r10_blocked_round(illegal):
    g = pos(["2♣ K♠", "3♣", "A♦ 8♣"], "9♥", talon="", pile="", rules=STANDARD)
    for seat in (0, 1):
        verdict = legal(g, "pass", "R10")
        assert "blocked" not in verdict.text("en")
        g.play("pass")
        expect(g, over=False, to_move=seat + 1, kinds=[])
    # seat 2 could lay 8♣, but with nothing to draw it may pass while holding a legal play
    verdict = legal(g, "pass", "R10")
    assert verdict.text("en") == (
        "Nothing is left to draw, so you pass (R10); everyone has had a turn and nobody has laid or "
        "drawn a card: the round is blocked (R10)."
    )
    g.play("pass")
    expect(g, over=True, blocked=True, winner=None, kinds=["blocked"], legal=[], points=[15, 5, 40])
    illegal(g, "pass", "R10")


def test_r10_a_turn_with_a_draw_or_a_lay_is_not_idle():
    g = pos(["2♣", "3♣"], "9♥", talon="", pile="4♣")
    g.play("draw")  # the pile's 4♣ is shuffled into the talon and drawn
    expect(g, kinds=["reshuffle", "draw"], hands=["2♣ 4♣", "3♣"], legal=["pass"])
    g.play("pass")  # this turn drew: not idle
    g.play("pass")  # seat 1: idle 1
    expect(g, over=False, to_move=0)
    g.play("pass")  # seat 0: idle 2 = players
    expect(g, over=True, blocked=True, winner=None, points=[10, 5])

    g = pos(["5♥ 2♣", "3♣"], "9♥", talon="", pile="")
    g.play("pass")  # idle 1
    g.play("pass")  # idle 2: blocked, although seat 0 held 5♥ (passing is allowed here)
    expect(g, blocked=True)

    g = pos(["5♥ 2♣", "3♣", "4♣"], "9♥", talon="", pile="")
    g.play("pass")  # idle 1
    g.play("pass")  # idle 2
    expect(g, over=False, to_move=2)
    g = pos(["2♣", "3♣", "5♥ 4♣"], "9♥", talon="", pile="")
    g.play("pass")
    g.play("pass")
    g.play("5♥")  # a lay resets the count
    expect(g, over=False, to_move=0, legal=["draw"])


def test_r10_forced_penalty_draws_do_not_count_against_blocking():
    # V3: seat 0 is lappen-ready (one rank) and passes without the call: the penalty lapses
    g = pos(["2♣ 2♠", "3♣"], "9♥", talon="", pile="", rules=V3)
    g.play("pass")
    expect(g, kinds=["lapse", "lapse", "lapse", "penalty"], hands=["2♣ 2♠", "3♣"])
    assert g.events()[-1].cards == ()
    g.play("pass")
    expect(g, over=True, blocked=True, winner=None, points=[10, 5])


# ---------------------------------------------------------------------------- R11


def test_r11_eight_starter_is_shuffled_back():
    deck = deck_with("2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 9♠ 10♠ J♠ Q♠ K♠ 2♥ 8♥")
    g = v.Game.deal(players=2, deck=deck, seed=5)
    expect(
        g, hands=["3♠ 5♠ 7♠ 10♠ Q♠ 2♥", "2♠ 4♠ 6♠ 9♠ J♠ K♠"], to_move=1, talon_size=39, follow=None, decl=None
    )
    events = g.events(0)
    assert [e.kind for e in events] == ["starter_back", "turn_up"]
    assert events[0].cards == (v.Card.parse("8♥"),) and events[0].rule == "R11"
    assert events[1].cards == (g.top,) and not g.top.is_eight
    assert v.Card.parse("8♥") in g.talon
    assert fmt(g.pile) == str(g.top)
    assert total(g) == sorted(standard_deck(), key=lambda c: c.index)
    again = v.Game.deal(players=2, deck=deck, seed=5)
    assert again.talon == g.talon and again.top == g.top


def test_r11_eights_are_shuffled_back_until_a_non_eight_shows():
    deck = deck_with("2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 9♠ 10♠ J♠ Q♠ K♠ 2♥ 8♥")
    seen_repeat = False
    for seed in range(300):
        g = v.Game.deal(players=2, deck=deck, seed=seed)
        kinds = [e.kind for e in g.events(0)]
        up = kinds.index("turn_up")
        assert kinds[:up] == ["starter_back"] * up and up >= 1
        assert all(e.cards[0].is_eight and e.rule == "R11" for e in g.events(0)[:up])
        assert kinds[up + 1 :] == ["starter_draw"] * (2 if g.top.is_ace else 0)
        assert not g.top.is_eight and g.events(0)[up].cards == (g.top,)
        seen_repeat |= up > 1
    assert seen_repeat, "some seed turns up a second eight"


def test_r11_ace_starter_everyone_draws_starting_after_the_dealer():
    deck = deck_with("2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 9♠ 10♠ J♠ Q♠ K♠ 2♥ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ A♥ 3♥ 4♥ 5♥")
    g = v.Game.deal(players=3, deck=deck, seed=5, dealer=1)
    events = g.events(0)
    assert [e.kind for e in events] == ["turn_up", "starter_draw", "starter_draw", "starter_draw"]
    assert [(e.seat, fmt(e.cards)) for e in events[1:]] == [(2, "3♥"), (0, "4♥"), (1, "5♥")]
    expect(
        g,
        top="A♥",
        pile="A♥",
        suit="♥",
        rank="A",
        follow=None,
        to_move=2,
        talon_size=52 - 18 - 1 - 3,
        hands=["3♠ 6♠ 10♠ K♠ 3♦ 6♦ 4♥", "4♠ 7♠ J♠ 2♥ 4♦ 7♦ 5♥", "2♠ 5♠ 9♠ Q♠ 2♦ 5♦ 3♥"],
    )
    # no follow-up is owed: seat 2 may draw, or lay a card matching the ace's suit or rank
    expect(g, legal=["3♥", "draw"])
    legal(g, "draw", "R8")
    assert g.check("3♥").rules == ("R4",)


def test_r11_ace_starter_is_still_an_ace_for_v1(illegal):
    deck = deck_with("8♠ A♣ 3♠ 2♣ 5♠ 6♠ 7♠ 9♠ 10♠ J♠ Q♠ K♠ A♥ 2♥ 3♥")
    g = v.Game.deal(players=2, deck=deck, seed=1, rules=V1)
    expect(g, top="A♥", to_move=1, hands=["A♣ 2♣ 6♠ 9♠ J♠ K♠ 3♥", "8♠ 3♠ 5♠ 7♠ 10♠ Q♠ 2♥"])
    illegal(g, "8♠=K♥", "V1")
    g.play("draw")
    g.play("draw")
    g.play("draw")
    g.play("pass")
    illegal(g, "A♣", "V1")
    legal(g, "3♥", "R4")


def test_o2_redraw_special_starter_shuffles_an_ace_back():
    deck = deck_with("2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 9♠ 10♠ J♠ Q♠ K♠ 2♥ A♥ 3♥")
    g = v.Game.deal(players=2, deck=deck, seed=5, rules=O2)
    events = g.events(0)
    assert events[0].kind == "starter_back" and events[0].cards == (v.Card.parse("A♥"),)
    assert events[0].rule == "O2"
    assert events[-1].kind == "turn_up" and not g.top.is_special
    assert all(e.kind in ("starter_back", "turn_up") for e in events)
    expect(g, hands=["3♠ 5♠ 7♠ 10♠ Q♠ 2♥", "2♠ 4♠ 6♠ 9♠ J♠ K♠"], talon_size=39)
    assert v.Card.parse("A♥") in g.talon
    # eights are still shuffled back under O2
    deck = deck_with("2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 9♠ 10♠ J♠ Q♠ K♠ 2♥ 8♥")
    g = v.Game.deal(players=2, deck=deck, seed=5, rules=O2)
    assert g.events(0)[0].cards == (v.Card.parse("8♥"),) and g.events(0)[0].rule == "R11"
    assert not g.top.is_special
    # without O2 the ace stays
    g = v.Game.deal(players=2, deck=deck_with("2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 9♠ 10♠ J♠ Q♠ K♠ 2♥ A♥"), seed=5)
    assert str(g.top) == "A♥"


# ---------------------------------------------------------------------------- V1


@pytest.mark.parametrize(
    ("top", "hand", "move"),
    [
        ("8♠=K♥", "8♦ K♣", "8♦=2♣"),  # an eight on an eight
        ("A♦", "A♠ 5♠", "A♠"),  # an ace on an ace
        ("A♦", "8♠ 5♠", "8♠=K♥"),  # an eight on an ace
        ("8♠=K♥", "A♥ 5♥", "A♥"),  # an ace on an eight
    ],
)
def test_v1_no_special_card_on_a_special_card(illegal, top, hand, move):
    g = pos([hand, "4♦"], top, talon="9♠", rules=V1)
    verdict = illegal(g, move, "V1")
    assert verdict.rules == ("V1",)
    assert move not in [str(m) for m in g.legal_moves()]
    # without V1 the same move is legal
    assert pos([hand, "4♦"], top, talon="9♠").check(move).legal


def test_v1_forbids_groups_of_eights_and_of_aces(illegal):
    g = pos(["8♠ 8♦ A♥ A♠ 5♠", "4♦"], "7♥", talon="9♠", rules=V1)
    verdict = illegal(g, "8♠ 8♦=Q♥", "V1")
    assert verdict.text("en") == "8♦ may not be laid on 8♠: no special card on a special card (V1)."
    illegal(g, "A♥ A♠", "V1")
    plays = {m.cards for m in g.legal_moves() if m.is_play}
    assert plays == {(v.Card.parse("8♠"),), (v.Card.parse("8♦"),)}
    # A♥ is not listed: after it only A♠ and 5♠ are left, no ♥ follow-up
    legal(g, "8♦=Q♥", "R6")


def test_v1_no_eight_as_the_aces_follow_up(illegal):
    g = pos(["A♠ 8♠ 5♠", "4♦"], "7♠", talon="9♠", rules=V1)
    g.play("A♠")
    expect(g, legal=["5♠"])
    illegal(g, "8♠=K♥", "V1")
    g.play("5♠")
    expect(g, to_move=1, top="5♠")


def test_v1_no_ace_as_the_aces_follow_up(illegal):
    g = pos(["A♠ A♠ 5♠", "4♦"], "7♠", talon="9♠ 9♦", rules=V1)
    g.play("A♠")
    illegal(g, "A♠", "V1")
    expect(g, legal=["5♠"])


# ---------------------------------------------------------------------------- V2


def test_v2_eight_as_the_last_card_must_draw(illegal):
    g = pos(["8♠", "2♦ 3♦"], "7♠", talon="9♠ 4♦ 2♣ 5♣", rules=V2)
    verdict = legal(g, "8♠=9♠", "V2")
    assert verdict.rules == ("R6", "V2")
    g.play("8♠=9♠")
    expect(
        g, over=False, winner=None, must_draw=True, draws=0, to_move=0, hands=["", "2♦ 3♦"], legal=["draw"]
    )
    verdict = illegal(g, "pass", "V2")
    assert verdict.text("en") == (
        "Your last card was a special card, so you must draw — you have drawn 0 of three (V2)."
    )
    verdict = legal(g, "draw", "V2", "R8")
    g.play("draw")
    expect(g, hands=["9♠", "2♦ 3♦"], draws=1, legal=["9♠", "draw"], must_draw=True)
    g.play("9♠")  # not special: goes out
    expect(g, over=True, winner=0, kinds=["out"], points=[0, 10])


def test_v2_three_draws_then_the_turn_passes():
    g = pos(["8♠", "2♦ 3♦"], "7♠", talon="K♥ 4♦ 2♣ 5♣", rules=V2)
    g.play("8♠=9♠")
    for _ in range(3):
        g.play("draw")
    expect(g, hands=["K♥ 4♦ 2♣", "2♦ 3♦"], legal=["pass"], draws=3)
    g.play("pass")
    expect(g, to_move=1, must_draw=False, draws=0, over=False)


def test_v2_empty_handed_player_draws_on_the_next_turn(illegal):
    # By play the must-draw turn always finds a card (the pile holds the special card's
    # predecessor), so the empty hand at the start of a turn is set up as a position.
    g = pos(["", "2♦ 3♦"], "9♠", talon="K♥ 4♦", rules=V2)
    expect(g, over=False, legal=["draw"])
    illegal(g, "pass", "R8")
    g.play("draw")
    expect(g, hands=["K♥", "2♦ 3♦"], legal=["draw"])


def test_v2_special_last_again_restarts_the_draw_count():
    g = pos(["8♠", "2♦ 3♦"], "7♠", talon="8♦ 2♣ 3♣ 4♣ 5♣", rules=V2)
    g.play("8♠=K♥")
    g.play("draw")
    expect(g, hands=["8♦", "2♦ 3♦"], draws=1)
    g.play("8♦=Q♥")
    expect(g, must_draw=True, draws=0, hands=["", "2♦ 3♦"], to_move=0, over=False)
    for n in (1, 2, 3):
        g.play("draw")
        expect(g, draws=n)
    expect(g, legal=["pass"], hands=["2♣ 3♣ 4♣", "2♦ 3♦"])


def test_v2_ace_follow_up_eight_as_last_card():
    g = pos(["A♠ 8♠", "2♦ 3♦"], "7♠", talon="K♥ 4♦ 2♣ 5♣", rules=V2)
    g.play("A♠")
    g.play("8♠=K♦")
    expect(g, must_draw=True, over=False, to_move=0, hands=["", "2♦ 3♦ K♥"])
    g = pos(["A♠ 5♠", "2♦ 3♦"], "7♠", talon="K♥ 4♦ 2♣ 5♣", rules=V2)
    g.play("A♠")
    g.play("5♠")
    expect(g, over=True, winner=0)


# ---------------------------------------------------------------------------- V3


@pytest.mark.parametrize(
    ("hand", "standard", "v1", "v2"),
    [
        ("5♠", True, True, True),
        ("5♠ 5♥", True, True, True),
        ("5♠ 5♥ 5♦ 5♣", True, True, True),
        ("5♠ 6♠", False, False, False),
        ("A♠", False, False, False),
        ("A♠ A♥", False, False, False),
        ("A♠ 5♠", True, True, True),
        ("A♠ 5♥", False, False, False),
        ("A♠ 5♠ 5♥", True, True, True),
        ("A♥ 5♠ 5♦", False, False, False),
        ("A♠ A♥ 5♥", True, False, True),
        ("A♠ A♥ 5♣", False, False, False),
        ("A♠ A♥ 5♥ 6♥", False, False, False),
        ("8♠", True, True, False),
        ("8♠ 8♥", True, False, False),
        ("A♠ 8♠", True, False, False),
        ("A♠ 8♥", False, False, False),
        ("", False, False, False),
    ],
)
def test_v3_lappen_ready_definition(hand, standard, v1, v2):
    for rules, expected in [
        (V3, standard),
        (V3.replace(no_special_on_special=True), v1),
        (V3.replace(no_special_finish=True), v2),
    ]:
        g = pos([hand, "4♦"], "7♥", rules=rules)
        assert g.lappen_ready(0) is expected, (hand, rules)


def test_v3_call_with_a_play(illegal):
    g = pos(["5♠ 5♥ 9♣", "2♦ 3♦"], "9♠", talon="K♥ 4♦ 2♣ 5♣", rules=V3)
    expect(g, legal=["5♠", "5♠ 5♥", "5♠ 5♥ lappen", "9♣", "9♣ lappen", "draw"])
    verdict = legal(g, "9♣ lappen", "V3")
    assert verdict.rules == ("R4", "V3")
    illegal(g, "5♠ lappen", "V3")  # 5♥ 9♣ left: not ready
    g.play("9♣ lappen")
    expect(g, kinds=[], hands=["5♠ 5♥", "2♦ 3♦"], lappen=(True, False), to_move=1, talon="K♥ 4♦ 2♣ 5♣")


def test_v3_uncalled_ready_turn_draws_three_as_penalty():
    g = pos(["5♠ 5♥ 9♣", "2♦ 3♦"], "9♠", talon="K♥ 4♦ 2♣ 5♣", rules=V3)
    verdict = g.check("9♣")
    assert verdict.rules == ("R4", "V3")
    assert "penalty" in verdict.text("en")
    g.play("9♣")
    expect(
        g, kinds=["penalty"], hands=["5♠ 5♥ K♥ 4♦ 2♣", "2♦ 3♦"], lappen=(False, False), to_move=1, talon="5♣"
    )
    assert g.events()[0].cards == tuple(v.parse_cards("K♥ 4♦ 2♣"))
    assert g.events()[0].seat == 0 and g.events()[0].rule == "V3"


def test_v3_penalty_follows_r10_when_the_talon_runs_out():
    g = pos(["5♠ 5♥ 9♣", "2♦ 3♦"], "9♠", talon="K♥", pile="3♥ 4♣", rules=V3)
    g.play("9♣")
    expect(g, kinds=["reshuffle", "penalty"], pile="9♣", talon_size=1, to_move=1)
    penalty = g.events()[1]
    assert len(penalty.cards) == 3 and penalty.cards[0] == v.Card.parse("K♥")
    assert g.hand(0)[:2] == tuple(v.parse_cards("5♠ 5♥")) and g.hand(0)[2:] == penalty.cards


def test_v3_call_with_pass_after_three_draws(illegal):
    g = pos(["5♠ 5♥", "2♦ 3♦"], "9♦", talon="K♥ 4♦ 2♣ 6♣", rules=V3)
    for _ in range(3):
        g.play("draw")
    # 5♠ 5♥ K♥ 4♦ 2♣: 4♦ fits, but a pass ends the turn; not ready: no call
    illegal(g, "pass lappen", "V3")
    g = pos(["5♠", "2♦ 3♦"], "9♦", talon="5♥ 5♣ 5♠ 6♣", rules=V3)  # two decks
    for _ in range(3):
        g.play("draw")
    expect(g, legal=["pass", "pass lappen"], hands=["5♠ 5♥ 5♣ 5♠", "2♦ 3♦"])
    legal(g, "pass lappen", "V3")
    g.play("pass lappen")
    expect(g, kinds=[], lappen=(True, False), to_move=1)


def test_v3_never_with_a_draw_or_an_ace_owing_a_follow_up(illegal, invalid):
    g = pos(["A♠ 5♠ 5♥ 9♣", "2♦ 3♦"], "9♠", talon="K♥ 4♦ 2♣ 5♣", rules=V3)
    error = invalid(g, "draw lappen")
    assert error.token == "lappen"
    verdict = illegal(g, "A♠ lappen", "V3")
    assert verdict.text("en") == (
        "Lappen is called with the move that ends the turn, and after this the turn goes on (V3)."
    )
    g.play("A♠")
    illegal(g, "pass lappen", "R7")
    with pytest.raises(v.InvalidMoveError):
        v.Move.draw().with_lappen()


def test_v3_the_aces_follow_up_ends_the_turn_and_carries_the_call(illegal):
    g = pos(["A♠ 5♠ 7♥ 7♦", "2♦ 3♦"], "9♠", talon="K♥ 4♦ 2♣ 5♣", rules=V3)
    g.play("A♠")
    expect(g, legal=["5♠", "5♠ lappen"], follow="♠", hands=["5♠ 7♥ 7♦", "2♦ 3♦ K♥"])
    legal(g, "5♠ lappen", "R7", "V3")
    uncalled = g.copy()
    uncalled.play("5♠")
    expect(uncalled, kinds=["penalty"], hands=["7♥ 7♦ 4♦ 2♣ 5♣", "2♦ 3♦ K♥"], to_move=1)
    g.play("5♠ lappen")
    expect(g, kinds=[], hands=["7♥ 7♦", "2♦ 3♦ K♥"], lappen=(True, False), to_move=1)


def test_v3_calling_when_not_ready_or_when_off(illegal):
    g = pos(["5♠ 6♥ 9♣", "2♦ 3♦"], "9♠", talon="K♥", rules=V3)
    verdict = illegal(g, "9♣ lappen", "V3")
    assert verdict.text("en") == "You cannot call “lappen”: your hand could not be emptied in one turn (V3)."
    g = pos(["5♠ 5♥ 9♣", "2♦ 3♦"], "9♠", talon="K♥")
    verdict = illegal(g, "9♣ lappen", "V3")
    assert verdict.rules == ("V3",)
    g = pos(["2♣", "2♦ 3♦"], "9♥", rules=STANDARD)
    illegal(g, "pass lappen", "V3")


def test_v3_interactions_with_v1_and_v2(illegal):
    # aces followed by a group: 9♣ leaves A♠ 5♠ 5♥, which is ready
    g = pos(["9♣ A♠ 5♠ 5♥", "2♦"], "9♠", talon="K♥ 4♦ 2♣", rules=V3)
    legal(g, "9♣ lappen", "V3")
    g.play("9♣")
    expect(g, kinds=["penalty"])
    # V1: two eights cannot go in one turn, so the hand is not ready
    rules = V3.replace(no_special_on_special=True)
    g = pos(["9♣ 8♠ 8♥", "2♦"], "9♠", talon="K♥ 4♦ 2♣", rules=rules)
    illegal(g, "9♣ lappen", "V3")
    g.play("9♣")
    expect(g, kinds=[], to_move=1)
    # V2: a lone eight cannot go out, so it is not ready either
    rules = V3.replace(no_special_finish=True)
    g = pos(["5♠ 8♠", "2♦"], "9♠", talon="K♥ 4♦ 2♣", rules=rules)
    illegal(g, "5♠ lappen", "V3")
    g.play("5♠")
    expect(g, kinds=[], to_move=1)
    # V2: the special last card does not go out and the turn goes on: no call with it
    g = pos(["8♠", "2♦"], "9♠", talon="K♥ 4♦ 2♣", rules=rules)
    illegal(g, "8♠=K♥ lappen", "V3")


# ---------------------------------------------------------------------------- S1


def test_s1_card_points():
    for card in standard_deck():
        expected = {8: 25, 1: 15, 10: 10, 11: 10, 12: 10, 13: 10}.get(int(card.rank), 5)
        assert card.points == expected
        assert v.hand_points([card]) == expected
    assert v.hand_points(["8♠", "A♥"]) == 40
    assert v.hand_points("10♦ K♣ 2♠") == 25
    assert v.hand_points([]) == 0
    g = pos(["5♥", "8♠ A♥ 10♦ J♣ Q♠ K♥ 2♣ 9♦"], "7♥", talon="3♣")
    g.play("5♥")
    expect(g, points=[0, 25 + 15 + 40 + 5 + 5])


# ---------------------------------------------------------------------------- O1


def test_o1_suit_only_eights(illegal):
    g = pos(["8♠ K♥ K♠ 8♦", "4♦ 2♥"], "7♣", talon="9♠", rules=O1)
    eights = [str(m) for m in g.legal_moves() if m.is_play and m.cards[0].is_eight]
    assert eights[:4] == ["8♠=♠", "8♠=♥", "8♠=♦", "8♠=♣"]
    assert len(eights) == 4 * 4  # 8♠, 8♦, and the two groups, each with 4 suits
    verdict = legal(g, "8♠=♥", "R6")
    assert verdict.text("en") == "8♠ is an eight and may be laid on anything; it now counts as hearts (R6)."
    verdict = illegal(g, "8♠=K♥", "O1")
    assert (
        verdict.text("en")
        == "When an eight counts as a suit only, you choose only a suit for 8♠, no rank (O1)."
    )
    illegal(g, "8♠", "O1")
    g.play("8♠=♥")
    expect(g, decl="♥", suit="♥", rank=None, to_move=1)
    legal(g, "2♥", "R4")
    verdict = illegal(g, "4♦", "O1")
    assert verdict.text("en") == ("4♦ is not hearts, and on 8♠ only hearts or an eight may be laid (O1).")
    g.play("2♥")
    # K♥ on 2♥ fine; after it, an eight by seat 0 is always legal
    legal(g, "8♦=♣", "R6")


def test_o1_suit_only_declaration_is_illegal_without_o1(illegal):
    g = pos(["8♠ K♥", "4♦"], "7♣", talon="9♠")
    verdict = illegal(g, "8♠=♥", "R6")
    assert verdict.text("en") == "An eight counts as a suit and a rank: choose a rank for 8♠ too (R6)."


def test_o1_teaching_positions_declare_accordingly():
    with pytest.raises(ValueError, match="O1"):
        pos(["5♥", "4♦"], "8♠=K♥", rules=O1)
    with pytest.raises(ValueError, match="R6"):
        pos(["5♥", "4♦"], "8♠=♥")
    g = pos(["5♥", "4♦"], "8♠=♥", rules=O1)
    expect(g, decl="♥", suit="♥", rank=None)
    with pytest.raises(ValueError, match="R6"):
        pos(["5♥", "4♦"], "7♠=♥")
