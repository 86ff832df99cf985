"""Cards, moves and rule switches: the value types and the notation of the rulebook (docs/rules.en.md)."""

from __future__ import annotations

import copy
import pickle

import pytest

import vandatta as v
from vandatta.cards import parse_cards, plural, standard_deck, without
from vandatta.rules import SWITCHES

# -- cards ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["10H", "10♥", "th", "T♥", "t♥", "10h", " 10♥ ", "10♡", "10♥\ufe0f", "TH", "T♡"],
)
def test_card_parse_accepts_every_spelling_of_the_ten_of_hearts(text):
    card = v.Card.parse(text)
    assert card is v.Card(v.Rank.TEN, v.Suit.HEARTS)
    assert str(card) == "10♥"
    assert card.ascii == "10H"


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("A♠", "A♠"),
        ("as", "A♠"),
        ("1s", "A♠"),
        ("qd", "Q♦"),
        ("Q♦", "Q♦"),
        ("kc", "K♣"),
        ("2S", "2♠"),
        ("jH", "J♥"),
    ],
)
def test_card_parse_case_insensitive_letters(text, canonical):
    assert str(v.Card.parse(text)) == canonical


@pytest.mark.parametrize("text", ["", " ", "10", "H10", "11H", "XX", "10HH", "♥", "0♥", "AA", "A♠♠", "Z♠"])
def test_card_parse_refuses_bad_text_with_invalid_card_error(text):
    with pytest.raises(v.InvalidCardError) as info:
        v.Card.parse(text)
    assert isinstance(info.value, ValueError)
    assert info.value.token == text


@pytest.mark.parametrize("value", [10, None, 1.5, b"10H", ["10H"]])
def test_card_parse_refuses_non_text(value):
    with pytest.raises(v.InvalidCardError):
        v.Card.parse(value)


def test_cards_are_interned_immutable_values():
    deck = standard_deck()
    assert len(deck) == 52 and len(set(deck)) == 52
    assert [c.index for c in deck] == list(range(52))
    for card in deck:
        assert v.Card.parse(str(card)) is card
        assert eval(repr(card), {"Card": v.Card}) is card
        assert v.Card.from_index(card.index) is card
        assert v.Card(card.rank, card.suit) is card
        assert v.Card(int(card.rank), int(card.suit)) is card
        assert hash(card) == card.index
        assert copy.copy(card) is card and copy.deepcopy(card) is card
        assert pickle.loads(pickle.dumps(card)) is card
        assert card.is_eight == (card.rank == 8) and card.is_ace == (card.rank == 1)
        assert card.is_special == (card.is_eight or card.is_ace)
    card = v.Card.parse("7♥")
    with pytest.raises(AttributeError):
        card.rank = v.Rank.KING
    with pytest.raises(AttributeError):
        del card.suit
    with pytest.raises(v.InvalidCardError):
        v.Card(14, 0)
    with pytest.raises(v.InvalidCardError):
        v.Card.from_index(52)
    with pytest.raises(TypeError):
        v.Card([1], 0)


def test_card_order_names_and_points():
    assert sorted(v.parse_cards("K♣ A♥ 2♠ A♠ 10♦")) == v.parse_cards("A♠ A♥ 2♠ 10♦ K♣")
    assert v.Card.parse("Q♦").name("sv") == "ruter dam"
    assert v.Card.parse("Q♦").name("en") == "queen of diamonds"
    assert v.Card.parse("K♥").name("sv") == "hjärter kung"
    assert v.Card.parse("A♠").name("sv") == "spader ess"
    assert v.Card.parse("10♣").name("sv") == "klöver tia"
    assert v.Card.parse("10♣").name("en") == "ten of clubs"
    with pytest.raises(ValueError):
        v.Card.parse("10♣").name("de")
    assert [v.Suit.parse(t) for t in ["♠", "h", "D", "♣"]] == list(v.Suit)
    assert [s.name_in("sv") for s in v.Suit] == ["spader", "hjärter", "ruter", "klöver"]
    assert [s.is_red for s in v.Suit] == [False, True, True, False]
    assert v.Rank.parse("t") is v.Rank.TEN and v.Rank.parse("10") is v.Rank.TEN
    assert [v.Rank.KING.name_in(lang) for lang in ("sv", "en")] == ["kung", "king"]
    assert plural(v.Rank.SEVEN, "sv") == "sjuor" and plural(v.Rank.SEVEN, "en") == "sevens"
    with pytest.raises(v.InvalidCardError):
        v.Suit.parse("X")
    with pytest.raises(v.InvalidCardError):
        v.Rank.parse("14")
    assert [v.Card.parse(t).points for t in ["8♠", "A♥", "10♦", "J♣", "Q♠", "K♥", "2♣", "9♦"]] == [
        25,
        15,
        10,
        10,
        10,
        10,
        5,
        5,
    ]


def test_decks_and_card_lists():
    assert len(standard_deck(decks=2)) == 104
    assert sorted(standard_deck(decks=2), key=lambda c: c.index)[:2] == [v.Card.parse("A♠")] * 2
    with pytest.raises(ValueError):
        standard_deck(decks=3)
    assert v.parse_cards("7c, 8s  A♠") == [v.Card.parse(t) for t in ("7♣", "8♠", "A♠")]
    assert v.parse_cards(["7c", v.Card.parse("8♠")]) == v.parse_cards("7♣ 8♠")
    assert v.parse_cards("") == []
    assert v.format_cards(v.parse_cards("th qd 2c")) == "10♥ Q♦ 2♣"
    with pytest.raises(v.InvalidCardError):
        v.parse_cards("7♣ 7X")


# -- moves ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical", "kind", "n_cards", "declaration", "lappen"),
    [
        ("7♥", "7♥", "play", 1, None, False),
        ("7c 7h", "7♣ 7♥", "play", 2, None, False),
        ("7♣, 7♥", "7♣ 7♥", "play", 2, None, False),
        ("A♠", "A♠", "play", 1, None, False),
        ("8♠=K♥", "8♠=K♥", "play", 1, (v.Suit.HEARTS, v.Rank.KING), False),
        ("8s=kh", "8♠=K♥", "play", 1, (v.Suit.HEARTS, v.Rank.KING), False),
        ("8♠=T♥", "8♠=10♥", "play", 1, (v.Suit.HEARTS, v.Rank.TEN), False),
        ("8♠ 8♦=Q♥", "8♠ 8♦=Q♥", "play", 2, (v.Suit.HEARTS, v.Rank.QUEEN), False),
        ("8♠=♥", "8♠=♥", "play", 1, (v.Suit.HEARTS, None), False),
        ("8♠=h", "8♠=♥", "play", 1, (v.Suit.HEARTS, None), False),
        ("5♠ 5♥ lappen", "5♠ 5♥ lappen", "play", 2, None, True),
        ("5s 5h LAPPEN", "5♠ 5♥ lappen", "play", 2, None, True),
        ("8♠=K♥ lappen", "8♠=K♥ lappen", "play", 1, (v.Suit.HEARTS, v.Rank.KING), True),
        ("draw", "draw", "draw", 0, None, False),
        ("DRAW", "draw", "draw", 0, None, False),
        ("dra", "draw", "draw", 0, None, False),
        ("pass", "pass", "pass", 0, None, False),
        ("Pass", "pass", "pass", 0, None, False),
        ("stå", "pass", "pass", 0, None, False),
        ("pass lappen", "pass lappen", "pass", 0, None, True),
    ],
)
def test_move_notation(text, canonical, kind, n_cards, declaration, lappen):
    move = v.Move.parse(text)
    assert str(move) == canonical
    assert move.kind == kind and len(move.cards) == n_cards
    assert move.declaration == declaration and move.lappen is lappen
    assert v.Move.parse(canonical) == move and hash(v.Move.parse(canonical)) == hash(move)
    assert eval(repr(move), {"Move": v.Move}) == move
    assert pickle.loads(pickle.dumps(move)) == move
    assert (
        move.is_play == (kind == "play")
        and move.is_draw == (kind == "draw")
        and move.is_pass == (kind == "pass")
    )
    assert bool(move) is True
    assert v.Move.parse(move) is move


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("", ""),
        ("   ", ""),
        ("lappen", "lappen"),
        ("draw lappen", "lappen"),
        ("draw pass", "pass"),
        ("pass pass", "pass"),
        ("7♥ draw", "draw"),
        ("7♥ lappen 7♣", "lappen"),
        ("8♠=", ""),
        ("8♠=X", "X"),
        ("8♠=8♠=K♥", "8♠=K♥"),
        ("7♥=K♥", "7♥=K♥"),
        ("8♠=K♥ 8♦", "8♠=K♥"),
        ("8♠=K♥ 8♦=Q♥", "8♠=K♥"),
        ("zz", "zz"),
        ("7♥ 11♥", "11♥"),
    ],
)
def test_move_syntax_errors_name_the_bad_token(text, token):
    with pytest.raises(v.InvalidMoveError) as info:
        v.Move.parse(text)
    assert isinstance(info.value, ValueError)
    assert info.value.token == token
    assert info.value.text == text


@pytest.mark.parametrize("value", [5, None, 1.5, ["7♥"], b"7H"])
def test_move_parse_refuses_non_text(value):
    with pytest.raises(v.InvalidMoveError):
        v.Move.parse(value)


def test_move_builders():
    assert v.Move.play("8♠", declare="K♥") == v.Move.parse("8♠=K♥")
    assert v.Move.play(["8♠"], declare=(v.Suit.HEARTS, v.Rank.KING)) == v.Move.parse("8♠=K♥")
    assert v.Move.play("8♠", declare=v.Suit.HEARTS) == v.Move.parse("8♠=♥")
    assert v.Move.play(["5♠", v.Card.parse("5♥")], lappen=True) == v.Move.parse("5♠ 5♥ lappen")
    assert v.Move.draw() == v.Move.parse("draw")
    assert v.Move.pass_() == v.Move.parse("pass")
    assert v.Move.pass_(lappen=True) == v.Move.parse("pass lappen")
    assert v.Move.parse("7♥").with_lappen() == v.Move.parse("7♥ lappen")
    assert v.Move.parse("7♥ lappen").with_lappen(False) == v.Move.parse("7♥")
    with pytest.raises(v.InvalidMoveError):
        v.Move.play([])
    with pytest.raises(v.InvalidMoveError):
        v.Move.play("7♥", declare="K♥")
    with pytest.raises(v.InvalidMoveError):
        v.Move.play("8♥", declare="X")
    with pytest.raises(v.InvalidCardError):
        v.Move.play("7X")
    with pytest.raises(v.InvalidMoveError):
        v.Move.draw().with_lappen()
    with pytest.raises(TypeError):
        v.Move()
    with pytest.raises(TypeError):
        len(v.Move.parse("7♥"))
    with pytest.raises(TypeError):
        iter(v.Move.parse("7♥"))


def test_move_equality_and_decision():
    a = v.Move.parse("7♠ 7♦ 7♥ 7♣")
    b = v.Move.parse("7♠ 7♥ 7♦ 7♣")
    assert a != b  # the record keeps the order laid
    assert a.decision() == b.decision()  # but the middle order is no decision
    assert v.Move.parse("7♦ 7♠ 7♥ 7♣").decision() != a.decision()  # the first card is
    assert v.Move.parse("7♠ 7♦ 7♣ 7♥").decision() != a.decision()  # and so is the last
    assert a.rank is v.Rank.SEVEN and v.Move.draw().rank is None
    assert len({v.Move.parse("7h"), v.Move.parse("7♥"), v.Move.parse("7♥ lappen")}) == 2


# -- rules ---------------------------------------------------------------------------------


def test_rules_switches_and_presets():
    rules = v.Rules()
    assert repr(rules) == "Rules()" and str(rules) == "standard" and rules.ids() == ()
    assert all(value is False for value in rules.to_dict().values())
    assert list(SWITCHES.values()) == ["V1", "V2", "V3", "O1", "O2", "O3"]
    every = v.Rules(**dict.fromkeys(SWITCHES, True))
    assert every.ids() == ("V1", "V2", "V3", "O1", "O2", "O3")
    assert v.Rules.parse(str(every)) == every
    assert v.Rules.parse("v1,v3") == v.Rules(no_special_on_special=True, lappen=True)
    assert v.Rules.parse("V2 O1") == v.Rules(no_special_finish=True, suit_only_eights=True)
    assert v.Rules.parse("lappen") == v.Rules(lappen=True)
    assert v.Rules.parse("") == v.Rules.parse("standard") == v.Rules()
    assert v.Rules.parse("strict") == v.Rules.preset("strict") == v.PRESETS["strict"]
    assert v.Rules.preset("strict").ids() == ("V1", "V2", "V3")
    assert v.Rules.preset("crazy_eights").ids() == ("O1", "O2")
    assert v.Rules.preset("quick").ids() == ("O3",)
    assert v.Rules.from_dict(every.to_dict()) == every
    assert eval(repr(every), {"Rules": v.Rules}) == every
    assert rules.replace(lappen=True) == v.Rules(lappen=True)
    assert hash(v.Rules(lappen=True)) == hash(v.Rules(lappen=True))
    with pytest.raises(TypeError):
        v.Rules(lappen=1)
    with pytest.raises(ValueError):
        v.Rules.parse("V9")
    with pytest.raises(ValueError):
        v.Rules.preset("nope")
    with pytest.raises(ValueError):
        v.Rules.from_dict({"nope": True})
    with pytest.raises(ValueError):
        v.Rules.from_dict({"lappen": "yes"})
    with pytest.raises(ValueError):
        v.Rules.from_dict([])
    with pytest.raises(AttributeError):
        rules.lappen = True  # frozen


def test_rule_ids_cover_the_rulebook():
    expected = [f"R{i}" for i in range(1, 12)] + ["V1", "V2", "V3", "S1", "S2", "O1", "O2", "O3"]
    expected += ["O4", "O5", "O6", "O7", "O8", "O9"]  # the house rules (tests/engine/test_house_rules.py)
    expected += ["O10", "O11", "O12", "O13", "O14"]  # issue 40
    assert sorted(v.RULE_IDS) == sorted(expected)
    for rule_id in expected:
        assert v.rule_title(rule_id, "en") and v.rule_title(rule_id, "sv")
    assert v.rule_title("R6", "sv") == "Åttan är joker"
    assert v.rule_title("R6") == "Eights are wild"
    with pytest.raises(ValueError):
        v.rule_title("R12")
    with pytest.raises(ValueError):
        v.rule_title("R1", "de")


@pytest.mark.parametrize(
    "taken", ["7♣", "7♣ 2♦ 7♣", "A♠ 2♠ 3♠ 4♠ 5♠ 7♣ 7♣"]
)  # few (list.remove) and many (counted)
def test_without_takes_the_first_of_two_alike_and_names_a_card_not_there(taken):
    cards = parse_cards("7♣ K♠ A♠ 7♣ 2♦ 2♠ 3♠ 4♠ 5♠ 9♥")
    rest = without(cards, parse_cards(taken))
    expected = list(cards)
    for c in parse_cards(taken):
        expected.remove(c)
    assert rest == expected and cards == parse_cards("7♣ K♠ A♠ 7♣ 2♦ 2♠ 3♠ 4♠ 5♠ 9♥")  # a new list
    assert without(tuple(cards), tuple(parse_cards(taken))) == expected  # tuples as well
    with pytest.raises(ValueError, match="Q♥ is not among the cards"):
        without(cards, parse_cards(taken + " Q♥"))
    with pytest.raises(ValueError, match="7♣ is not among the cards"):
        without(cards, parse_cards(taken + " 7♣ 7♣"))
