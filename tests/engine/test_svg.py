"""The card art (vandatta/svg.py): valid SVG, text alternatives in both languages, states
that never rely on colour alone, and the table read from a minimal game-like object."""

from __future__ import annotations

import itertools
import random
import re
import types
import xml.etree.ElementTree as ET

import pytest

from vandatta import svg
from vandatta.cards import Card, Rank, Suit, parse_cards, standard_deck
from vandatta.moves import Move

NS = "{http://www.w3.org/2000/svg}"
ALL_CARDS = standard_deck()


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == NS + "svg"
    return root


def titles(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(NS + "title")]


def texts(root: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in root.iter(NS + "text")]


def empty_text(root: ET.Element) -> list[str]:
    """The words in each dashed placeholder (they may wrap onto two lines)."""
    return [" ".join(texts(g)) for g in root.iter(NS + "g") if "vd-empty" in g.get("class", "").split()]


def card_groups(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(NS + "g") if "vd-card" in g.get("class", "").split()]


def fake_game(
    players: int,
    hands: list[str],
    *,
    to_move: int = 0,
    top: str = "7♥",
    declaration: tuple[Suit, Rank | None] | None = None,
    talon_size: int = 20,
    follow_up_suit: Suit | None = None,
    draws_this_turn: int = 0,
    lappen_called: tuple[bool, ...] | None = None,
    is_over: bool = False,
    winner: int | None = None,
    names: tuple[str, ...] | None = None,
) -> types.SimpleNamespace:
    parsed = [tuple(parse_cards(h)) for h in hands]
    assert len(parsed) == players
    return types.SimpleNamespace(
        players=players,
        hand=lambda seat: parsed[seat],
        to_move=to_move,
        top=Card.parse(top),
        declaration=declaration,
        talon_size=talon_size,
        follow_up_suit=follow_up_suit,
        draws_this_turn=draws_this_turn,
        lappen_called=lappen_called or (False,) * players,
        is_over=is_over,
        winner=winner,
        names=names,
    )


EIGHT_HANDS = ["A♠ 3♥ 5♦ 7♣ 8♠ 9♥ 10♣ J♦ Q♠ K♥ 2♣", "2♦", "6♦ 9♣", "5♠ 5♥", "K♠ K♦ 7♠", "Q♦", "A♥ A♦", "10♠"]


# -- single cards --------------------------------------------------------------------------


@pytest.mark.parametrize("c", ALL_CARDS, ids=str)
def test_every_card_renders_as_svg_with_its_name_in_both_languages(c: Card) -> None:
    for lang in ("en", "sv"):
        root = parse(svg.card(c, lang=lang))
        assert root.get("xmlns") is None  # the namespace is declared, not an attribute
        assert float(root.get("width")) > 0 and float(root.get("height")) > 0
        assert len(root.get("viewBox").split()) == 4
        assert root.get("role") == "img"
        assert titles(root)[0] == c.name(lang)
        assert root.get("aria-label") == c.name(lang)
        # the rank is written in both corners
        assert texts(root).count(c.rank.symbol) >= 2


def test_namespace_and_size() -> None:
    text = svg.card(Card.parse("K♥"), size=100)
    assert 'xmlns="http://www.w3.org/2000/svg"' in text
    root = parse(text)
    width, height = float(root.get("width")), float(root.get("height"))
    # the face is 100 × 70; the picture adds the same room above it for every state
    assert 0.6 < width / height < 0.7
    assert 115 <= height <= 125
    assert parse(svg.card(Card.parse("K♥"), size=60)).get("height") == _n(height * 0.6)


def _n(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".")


def test_titles_use_glossary_names() -> None:
    assert titles(parse(svg.card(Card.parse("K♥"), lang="sv")))[0] == "hjärter kung"
    assert titles(parse(svg.card(Card.parse("K♥"), lang="en")))[0] == "king of hearts"
    assert titles(parse(svg.card(Card.parse("10♣"), lang="sv")))[0] == "klöver tia"


@pytest.mark.parametrize("c", ALL_CARDS, ids=str)
def test_suit_colours(c: Card) -> None:
    root = parse(svg.card(c))
    fills = {g.get("fill") for g in root.iter(NS + "g") if g.get("fill")}
    if c.suit in (Suit.HEARTS, Suit.DIAMONDS):
        assert svg.RED in fills and svg.BLACK not in fills
    else:
        assert svg.BLACK in fills and svg.RED not in fills
    assert svg.RED.lower() == "#c8102e"


def test_pip_count_of_number_cards() -> None:
    # corner suits (2) + the pips; an ace has one big pip
    for rank in range(1, 11):
        root = parse(svg.card(Card(rank, Suit.CLUBS)))
        paths = [p for p in root.iter(NS + "path") if "scale(" in p.get("transform", "")]
        assert len(paths) == 2 + rank, rank


def test_court_cards_have_a_framed_letter() -> None:
    for symbol in "JQK":
        root = parse(svg.card(Card.parse(symbol + "♦")))
        assert texts(root).count(symbol) == 3  # two corners and the big letter
        big = [t for t in root.iter(NS + "text") if t.text == symbol and float(t.get("font-size")) > 30]
        assert len(big) == 1


def _outline_widths(root: ET.Element) -> list[float]:
    return [
        float(r.get("stroke-width"))
        for r in root.iter(NS + "rect")
        if r.get("fill") == "none" and float(r.get("stroke-width", 0)) >= 3
    ]


def _lift(root: ET.Element) -> float:
    for g in root.iter(NS + "g"):
        tr = g.get("transform", "")
        if tr.startswith("translate(0,-"):
            return float(tr[len("translate(0,") : -1])
    return 0.0


def test_states_differ_by_more_than_colour() -> None:
    c = Card.parse("7♣")
    plain = parse(svg.card(c))
    legal = parse(svg.card(c, state="legal"))
    selected = parse(svg.card(c, state="selected"))
    last = parse(svg.card(c, state="last"))
    dimmed = parse(svg.card(c, state="dimmed"))

    assert _outline_widths(plain) == []
    # legal: a thick outline and a lift
    assert _outline_widths(legal) and min(_outline_widths(legal)) >= 3
    assert _lift(legal) <= -7
    # selected: a thick outline, a check mark and a bigger lift
    assert _outline_widths(selected)
    assert _lift(selected) < _lift(legal)
    checks = [p for p in selected.iter(NS + "path") if p.get("stroke-linecap") == "round"]
    assert len(checks) == 1
    assert not [p for p in legal.iter(NS + "path") if p.get("stroke-linecap") == "round"]
    # last: a dashed outline and a marker above the card
    dashed = [r for r in last.iter(NS + "rect") if r.get("stroke-dasharray")]
    assert dashed and float(dashed[0].get("stroke-width")) >= 3
    markers = [p for p in last.iter(NS + "path") if p.get("d", "").startswith("M") and ",-14.5" in p.get("d")]
    assert len(markers) == 1
    # dimmed: reduced opacity and a hatching overlay, no lift
    assert any(g.get("opacity") == str(svg.DIM_OPACITY) for g in dimmed.iter(NS + "g"))
    # faded, not pale: a red index stays at 3:1 on white, a black one at 4.5:1
    from vandatta_widgets.base.style import contrast

    def faded(colour: str) -> str:
        k = svg.DIM_OPACITY
        return "#" + "".join(
            f"{round(k * int(colour[i : i + 2], 16) + (1 - k) * 255):02x}" for i in (1, 3, 5)
        )

    assert contrast(faded(svg.RED), "#ffffff") >= 3 and contrast(faded(svg.BLACK), "#ffffff") >= 4.5
    assert _lift(dimmed) == 0
    hatch = [
        p for p in dimmed.iter(NS + "path") if p.get("fill") == "none" and p.get("d", "").count("M") > 10
    ]
    assert hatch
    # every state reserves the same room, so a row of cards lines up
    sizes = {
        (r.get("width"), r.get("height"), r.get("viewBox")) for r in (plain, legal, selected, last, dimmed)
    }
    assert len(sizes) == 1
    # and the state is spoken too
    assert "(can be played)" in legal.get("aria-label")
    assert "(kan inte läggas)" in parse(svg.card(c, state="dimmed", lang="sv")).get("aria-label")


def test_bad_state_and_size() -> None:
    with pytest.raises(ValueError):
        svg.card(Card.parse("7♣"), state="shiny")
    with pytest.raises(ValueError):
        svg.card(Card.parse("7♣"), size=0)
    with pytest.raises(ValueError):
        svg.card(Card.parse("7♣"), declared=(Suit.HEARTS, Rank.KING))  # not an eight


def test_eight_declaration_badge_and_title() -> None:
    eight = Card.parse("8♠")
    en = parse(svg.card(eight, declared=(Suit.HEARTS, Rank.KING)))
    sv = parse(svg.card(eight, declared=(Suit.HEARTS, Rank.KING), lang="sv"))
    assert "=K♥" in texts(en)
    assert titles(en)[0] == "eight of spades, counts as king of hearts"
    assert titles(sv)[0] == "spader åtta, räknas som hjärter kung"
    badge = next(t for t in en.iter(NS + "text") if "".join(t.itertext()) == "=K♥")
    assert badge.get("fill") == svg.RED
    # a suit only (O1), in black
    suit_only = parse(svg.card(eight, declared=(Suit.CLUBS, None), lang="sv"))
    assert "=♣" in texts(suit_only)
    assert titles(suit_only)[0] == "spader åtta, räknas som klöver"
    badge = next(t for t in suit_only.iter(NS + "text") if "".join(t.itertext()) == "=♣")
    assert badge.get("fill") == svg.BLACK
    assert "=10♦" in texts(parse(svg.card(eight, declared=(Suit.DIAMONDS, Rank.TEN))))


def test_back_and_count() -> None:
    root = parse(svg.back())
    assert titles(root)[0] == "card back"
    assert titles(parse(svg.back(lang="sv")))[0] == "kortets baksida"
    counted = parse(svg.back(count=23))
    assert "23" in texts(counted)
    assert titles(counted)[0] == "23 cards, face down"
    assert titles(parse(svg.back(count=23, lang="sv")))[0] == "23 kort, nedvända"
    assert titles(parse(svg.back(count=1, lang="sv")))[0] == "1 kort, nedvänt"
    # card(back=True) hides the face entirely
    hidden = parse(svg.card(Card.parse("A♠"), back=True))
    assert titles(hidden)[0] == "card back"
    assert "A" not in texts(hidden)


def test_no_ids_and_no_external_references() -> None:
    pictures = [
        svg.card(Card.parse("8♥"), declared=(Suit.SPADES, Rank.ACE), state="selected"),
        svg.back(count=3),
        svg.hand(parse_cards("A♠ 2♥ 3♦"), states=["legal", "dimmed", "last"]),
        svg.pile(Card.parse("A♦"), talon_size=4, follow_up=Suit.DIAMONDS, draws=1),
        svg.table(fake_game(8, EIGHT_HANDS, to_move=3)),
    ]
    for text in pictures:
        parse(text)
        assert ' id="' not in text
        assert "href" not in text and "url(" not in text and "<image" not in text
        assert text.count("http") == 1  # only the namespace
        assert "@font-face" not in text and "@import" not in text


# -- hands ---------------------------------------------------------------------------------


def test_hand_indices_and_states() -> None:
    cards = parse_cards("A♠ 3♥ 5♦ 7♣ 8♠ 9♥ 10♣ J♦ Q♠ K♥")
    states = ["legal", None, "dimmed", "legal", "selected", "dimmed", None, "last", None, "legal"]
    root = parse(svg.hand(cards, states=states, overlap=0.5))
    groups = card_groups(root)
    assert [g.get("data-index") for g in groups] == [str(i) for i in range(10)]
    for g, c, state in zip(groups, cards, states):
        classes = g.get("class").split()
        assert "vd-card" in classes
        assert (f"vd-{state}" in classes) if state else classes == ["vd-card"]
        assert g.find(NS + "title").text.startswith(c.name("en"))
    assert titles(root)[0] == "hand of 10 cards"
    assert root.get("role") == "group"


def test_hand_overlap_makes_it_narrower_and_hidden_hides() -> None:
    cards = parse_cards("A♠ 3♥ 5♦ 7♣")
    wide = float(parse(svg.hand(cards)).get("width"))
    narrow = float(parse(svg.hand(cards, overlap=0.6)).get("width"))
    assert narrow < wide
    hidden = parse(svg.hand(cards, hidden=True, lang="sv"))
    assert all(t in ("kortets baksida", "hand med 4 kort (4 kort, nedvända)") for t in titles(hidden))
    assert len(card_groups(hidden)) == 4
    with pytest.raises(ValueError):
        svg.hand(cards, states=["legal"])
    with pytest.raises(ValueError):
        svg.hand(cards, overlap=0.95)


def test_empty_hand() -> None:
    for lang, word in (("en", "no cards"), ("sv", "inga kort")):
        root = parse(svg.hand([], lang=lang))
        assert empty_text(root) == [word]
        assert any(r.get("stroke-dasharray") for r in root.iter(NS + "rect"))


# -- pile ----------------------------------------------------------------------------------


def test_pile_lines_in_both_languages() -> None:
    kwargs = dict(declared=(Suit.HEARTS, Rank.KING), talon_size=23, follow_up=Suit.SPADES, draws=2)
    en = parse(svg.pile(Card.parse("8♠"), **kwargs))
    sv = parse(svg.pile(Card.parse("8♠"), lang="sv", **kwargs))
    assert {"Talon: 23", "The ace must be followed: ♠", "=K♥", "23"} <= set(texts(en))
    assert {"Talong: 23", "Esset måste följas: ♠"} <= set(texts(sv))
    # while an ace's follow-up is owed the turn's draws are over: their count is not shown
    assert not any("Drawn" in s for s in texts(en)) and not any("Dragna" in s for s in texts(sv))
    drawing = parse(svg.pile(Card.parse("7♥"), talon_size=23, draws=2))
    assert "Drawn this turn: 2 of 3" in texts(drawing)
    assert any("counts as king of hearts" in t for t in titles(en))
    plain = parse(svg.pile(Card.parse("7♥"), talon_size=0))
    assert "Talon: 0" in texts(plain)
    assert not any(t.startswith(("Follow-up", "Drawn")) for t in texts(plain))


# -- table ---------------------------------------------------------------------------------


def _seat_groups(root: ET.Element) -> dict[int, ET.Element]:
    return {
        int(g.get("data-seat")): g for g in root.iter(NS + "g") if "vd-seat" in g.get("class", "").split()
    }


def test_table_two_seats() -> None:
    game = fake_game(2, ["A♠ 3♥ 5♦", "2♦ 4♦"], to_move=1, lappen_called=(False, True), draws_this_turn=1)
    root = parse(svg.table(game))
    seats = _seat_groups(root)
    assert sorted(seats) == [0, 1]
    assert "vd-to-move" in seats[1].get("class") and "vd-to-move" not in seats[0].get("class")
    labels = texts(root)
    assert "▶ Player 2 · 2 cards" in labels and "Player 1 · 3 cards" in labels
    assert "Lappen!" in texts(seats[1]) and "Lappen!" not in texts(seats[0])
    # the gold frame of the seat to move is a thick outline, not only a colour
    assert any(
        r.get("stroke") == svg.GOLD and float(r.get("stroke-width")) >= 4 for r in seats[1].iter(NS + "rect")
    )
    assert "Player 2 to move" in titles(root)[0]
    assert "Drawn this turn: 1 of 3" in labels
    # seat 0 sits at the bottom
    y0 = float(seats[0].get("transform").split(",")[1].rstrip(")"))
    y1 = float(seats[1].get("transform").split(",")[1].rstrip(")"))
    assert y0 > y1


def test_table_eight_seats_open_and_hidden() -> None:
    game = fake_game(8, EIGHT_HANDS, to_move=5, lappen_called=(False,) * 3 + (True,) + (False,) * 4)
    root = parse(svg.table(game, lang="sv"))
    seats = _seat_groups(root)
    assert sorted(seats) == list(range(8))
    assert [s for s, g in seats.items() if "vd-to-move" in g.get("class")] == [5]
    assert "▶ Spelare 6 · 1 kort" in texts(root)
    assert titles(root)[0] == "Kortbord, 8 spelare. Spelare 6 är på tur"
    # open hands: every card named
    for seat, hand_text in enumerate(EIGHT_HANDS):
        names = [g.find(NS + "title").text for g in card_groups(seats[seat])]
        assert names == [c.name("sv") for c in parse_cards(hand_text)]

    hidden = parse(svg.table(game, open_hands=False, viewer=0))
    seats = _seat_groups(hidden)
    names0 = [g.find(NS + "title").text for g in card_groups(seats[0])]
    assert names0 == [c.name("en") for c in parse_cards(EIGHT_HANDS[0])]
    for seat in range(1, 8):
        groups = card_groups(seats[seat])
        assert len(groups) == len(parse_cards(EIGHT_HANDS[seat]))
        seat_titles = [g.find(NS + "title").text for g in groups]
        assert all(
            t == "card back" or t.endswith("cards, face down") or t.endswith("card, face down")
            for t in seat_titles
        )
        # no face of a hidden hand leaks into the picture
        for c in parse_cards(EIGHT_HANDS[seat]):
            assert c.name("en") not in "".join(titles(seats[seat]))

    nobody = parse(svg.table(game, open_hands=False))
    for seat_group in _seat_groups(nobody).values():
        for g in card_groups(seat_group):
            assert "card back" in g.find(NS + "title").text or "face down" in g.find(NS + "title").text


def test_table_result() -> None:
    won = fake_game(3, ["5♠", "", "K♦ 7♠"], to_move=1, is_over=True, winner=1)
    root = parse(svg.table(won))
    assert "★ Player 2 wins the round" in texts(root)
    assert "★ Winner" in texts(root)
    assert "inga kort" in empty_text(parse(svg.table(won, lang="sv")))
    assert not [g for g in _seat_groups(root).values() if "vd-to-move" in g.get("class")]
    blocked = fake_game(2, ["5♠", "K♦"], is_over=True, winner=None)
    assert "★ Låst omgång" in texts(parse(svg.table(blocked, lang="sv")))
    assert "Blocked round" in titles(parse(svg.table(blocked)))[0]


def test_table_rejects_bad_arguments() -> None:
    game = fake_game(2, ["5♠", "K♦"])
    with pytest.raises(ValueError):
        svg.table(game, viewer=2)
    with pytest.raises(ValueError):
        svg.table(types.SimpleNamespace(players=9))


def test_table_result_pill_lines() -> None:
    # with seats beside the pile the result may take two lines; its words are all there
    won = fake_game(4, ["5♠", "K♦ 7♠", "", "2♣"], is_over=True, winner=2)
    for lang, text in (("en", "★ Player 3 wins the round"), ("sv", "★ Spelare 3 vinner omgången")):
        root = parse(svg.table(won, lang=lang))
        pill = next(g for g in root.iter(NS + "g") if g.get("class") == "vd-result")
        assert " ".join(texts(pill)) == text
        assert 1 <= len(texts(pill)) <= 2


def test_table_over_drops_follow_up_and_draws() -> None:
    # once the round is over an owed follow-up or the draws of a turn no longer matter
    game = fake_game(
        3, ["5♠", "", "K♦"], is_over=True, winner=1, follow_up_suit=Suit.SPADES, draws_this_turn=2
    )
    words = " ".join(texts(parse(svg.table(game))))
    assert "Talon: 20" in words and "followed" not in words and "Drawn this turn" not in words
    running = fake_game(3, ["5♠", "2♦", "K♦"], follow_up_suit=Suit.SPADES, draws_this_turn=2)
    words = " ".join(texts(parse(svg.table(running))))
    assert "The ace must be followed: ♠" in words and "Drawn this turn" not in words
    drawing = fake_game(3, ["5♠", "2♦", "K♦"], draws_this_turn=2)
    assert "Drawn this turn: 2 of 3" in " ".join(texts(parse(svg.table(drawing))))


# -- table: names ----------------------------------------------------------------------------


def test_table_names_argument_and_game_names() -> None:
    game = fake_game(3, ["5♠", "2♦ 3♦", "K♦"], to_move=1)
    root = parse(svg.table(game, names=["Anna", "Björn", "Cilla"], lang="sv"))
    assert {"Anna · 1 kort", "▶ Björn · 2 kort", "Cilla · 1 kort"} <= set(texts(root))
    assert titles(root)[0] == "Kortbord, 3 spelare. Björn är på tur"
    assert not any("Spelare" in t for t in texts(root))
    # the game's own names when none are given; the argument wins over them
    named = fake_game(3, ["5♠", "2♦ 3♦", "K♦"], to_move=1, names=("Dag", "Eva", "Fia"))
    assert "▶ Eva · 2 cards" in texts(parse(svg.table(named)))
    assert "▶ Björn · 2 cards" in texts(parse(svg.table(named, names=("Anna", "Björn", "Cilla"))))
    # a game without names (None or empty) keeps the default names; a blank one too
    for names in (None, ()):
        plain = fake_game(2, ["5♠", "K♦"], names=names)
        assert "▶ Player 1 · 1 card" in texts(parse(svg.table(plain)))
    assert "Player 2 · 1 card" in texts(parse(svg.table(fake_game(2, ["5♠", "K♦"]), names=["Anna", "  "])))
    # the result and the winner's tag use the names too
    won = fake_game(3, ["5♠", "", "K♦"], is_over=True, winner=1, names=("Dag", "Eva", "Fia"))
    root = parse(svg.table(won, lang="sv"))
    assert "★ Eva vinner omgången" in texts(root)
    assert "Eva går ut och vinner omgången" in titles(root)[0]


def test_table_names_are_escaped_and_long_names_shortened() -> None:
    game = fake_game(2, ["5♠", "K♦"], names=("<b>Ola & Co</b>", "Maja-Stina Andersson-Lindqvist"))
    text = svg.table(game)
    assert "<b>" not in text and "&lt;b&gt;Ola &amp; Co&lt;/b&gt;" in text
    # nor can a name pose as the stand-in of a shared card face
    forged = svg.table(fake_game(2, ["5♠", "K♦"], names=("<!--vd:0-->", "x")))
    assert "<!--" not in forged and "&lt;!--vd:0--&gt;" in forged
    root = parse(text)
    labels = [t for t in texts(root) if "·" in t]
    assert any(t.startswith("Maja-Stina") and "…" in t for t in labels)
    # the whole name is still spoken
    assert "Maja-Stina Andersson-Lindqvist, 1 card" in titles(root)


def test_table_names_rejected() -> None:
    game = fake_game(2, ["5♠", "K♦"])
    with pytest.raises(ValueError):
        svg.table(game, names=["Anna"])
    with pytest.raises(ValueError):
        svg.table(game, names=["Anna", 7])
    with pytest.raises(TypeError):
        svg.table(game, names="Anna Björn")


def test_table_uses_the_engine_games_names() -> None:
    from vandatta.game import Game

    game = Game.deal(3, seed=4, names=["Anna", "Björn", "Cilla"])
    words = texts(parse(svg.table(game, lang="sv")))
    assert any(w.startswith("▶ Björn · ") or w.startswith("Björn · ") for w in words)
    assert not any(w.startswith("Spelare") for w in words)
    assert any(w.startswith("Spelare 1 · ") for w in texts(parse(svg.table(Game.deal(3, seed=4), lang="sv"))))


# -- table: geometry -------------------------------------------------------------------------

_OP = re.compile(r"(translate|scale)\(([^)]*)\)")
Box = tuple[float, float, float, float]


def _compose(m: tuple[float, float, float], transform: str) -> tuple[float, float, float]:
    """``m`` (a uniform scale k and a shift: p ↦ k·p + t) followed by an SVG transform list
    of translations and scalings (all the table uses outside the card faces)."""
    for op, args in _OP.findall(transform):
        values = [float(v) for v in args.replace(",", " ").split()]
        k, tx, ty = m
        if op == "translate":
            m = (k, tx + k * values[0], ty + k * (values[1] if len(values) > 1 else 0.0))
        else:
            m = (k * values[0], tx, ty)
    return m


def table_boxes(root: ET.Element) -> dict[str, list[tuple[object, Box]]]:
    """The boxes (x, y, width, height in the viewBox) of every card and dashed placeholder
    ("cards"), seat label and tag ("labels") and the result pill ("result"), each with its
    owner: a seat number or "pile"."""
    found: dict[str, list[tuple[object, Box]]] = {"cards": [], "labels": [], "result": []}

    def rect_box(r: ET.Element, m: tuple[float, float, float]) -> Box:
        k, tx, ty = m
        x, y = float(r.get("x", 0)), float(r.get("y", 0))
        return (tx + k * x, ty + k * y, k * float(r.get("width")), k * float(r.get("height")))

    def walk(el: ET.Element, m: tuple[float, float, float], owner: object) -> None:
        m = _compose(m, el.get("transform", ""))
        classes = el.get("class", "").split()
        if "vd-seat" in classes:
            owner = int(el.get("data-seat"))
        elif "vd-pile" in classes:
            owner = "pile"
        if "vd-card" in classes or "vd-empty" in classes:
            k, tx, ty = m
            found["cards"].append((owner, (tx, ty, k * svg.CW, k * svg.CH)))
            return
        if "vd-seat-label" in classes or "vd-tag" in classes:
            for r in el.iter(NS + "rect"):
                found["labels"].append((owner, rect_box(r, m)))
            return
        if "vd-result" in classes:
            found["result"].append(("result", rect_box(el.find(NS + "rect"), m)))
            return
        for child in el:
            walk(child, m, owner)

    walk(root, (1.0, 0.0, 0.0), None)
    return found


def overlap(a: Box, b: Box, gap: float = 0.0) -> bool:
    return (
        a[0] < b[0] + b[2] + gap
        and b[0] < a[0] + a[2] + gap
        and a[1] < b[1] + b[3] + gap
        and b[1] < a[1] + a[3] + gap
    )


def deal_hands(players: int, counts: list[int], seed: int) -> list[str]:
    deck = [str(c) for c in standard_deck()] * 2
    random.Random(seed).shuffle(deck)
    hands, i = [], 0
    for n in counts:
        hands.append(" ".join(deck[i : i + n]))
        i += n
    return hands


def canvas(root: ET.Element) -> tuple[float, float]:
    _, _, w, h = (float(v) for v in root.get("viewBox").split())
    return w, h


@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("open_hands", [True, False])
def test_table_seats_never_overlap(players: int, open_hands: bool) -> None:
    names = ("Anna", "Björn", "Cecilia", "Dag", "Eva-Lotta", "Fredrik", "Greta", "Hjalmar")[:players]
    cases = [
        fake_game(players, deal_hands(players, [8] * players, players), to_move=players - 1),
        fake_game(
            players,
            deal_hands(players, [8] * players, 10 + players),
            lappen_called=(True,) * players,
            names=names,
            follow_up_suit=Suit.HEARTS,
            draws_this_turn=3,
        ),
        fake_game(players, deal_hands(players, [13] + [2] * (players - 1), players), to_move=0),
    ]
    for game in cases:
        for lang in ("sv", "en"):
            root = parse(svg.table(game, lang=lang, open_hands=open_hands, viewer=0))
            width, height = canvas(root)
            boxes = table_boxes(root)
            things = boxes["cards"] + boxes["labels"]
            assert len([1 for owner, _ in boxes["cards"] if owner == "pile"]) == 2
            for owner, (x, y, w, h) in things:  # all on the felt
                assert x >= 4 and y >= 4 and x + w <= width - 4 and y + h <= height - 4, owner
            for i, (owner_a, a) in enumerate(things):
                for owner_b, b in things[i + 1 :]:
                    if owner_a != owner_b:
                        assert not overlap(a, b, gap=8), (lang, players, owner_a, owner_b, a, b)


@pytest.mark.parametrize("players", range(2, 9))
def test_table_result_covers_no_card(players: int) -> None:
    counts = [7] * players
    counts[players // 2] = 0
    for winner, names in (
        (players // 2, None),
        (players // 2, ("Maja-Stina Andersson",) * players),
        (None, None),
    ):
        game = fake_game(
            players,
            deal_hands(players, counts, players),
            is_over=True,
            winner=winner,
            names=names,
            lappen_called=(True,) * players,
        )
        for lang in ("sv", "en"):
            root = parse(svg.table(game, lang=lang))
            boxes = table_boxes(root)
            [(_, pill)] = boxes["result"]
            width, _ = canvas(root)
            assert pill[0] >= 4 and pill[0] + pill[2] <= width - 4
            for owner, box in boxes["cards"] + boxes["labels"]:
                assert not overlap(pill, box), (lang, owner, pill, box)
            # and it sits under the pile's line of text
            pile = next(g for g in root.iter(NS + "g") if g.get("class") == "vd-pile")
            py = float(re.search(r"translate\([^,]+,([^)]+)\)", pile.get("transform")).group(1))
            lowest = max(float(t.get("y")) for t in pile.iter(NS + "text") if t.get("font-size") == "16")
            assert pill[1] >= py + lowest + 4


def _steps(root: ET.Element) -> dict[object, list[float]]:
    """The distance between neighbouring cards of each seat, in px."""
    xs: dict[object, list[float]] = {}
    for owner, box in table_boxes(root)["cards"]:
        xs.setdefault(owner, []).append(box[0])
    return {owner: [b - a for a, b in itertools.pairwise(x)] for owner, x in xs.items()}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7, 8])
def test_table_hands_of_eight_show_every_corner(players: int) -> None:
    size = 90
    game = fake_game(
        players, deal_hands(players, [8] * players, 3), to_move=1, lappen_called=(True,) * players
    )
    for lang in ("sv", "en"):
        steps = _steps(parse(svg.table(game, lang=lang, size=size)))
        for seat in range(players):
            # the corner index and suit of each card stay in view (19 of a card's 70 units)
            assert min(steps[seat]) >= 19.0 * size / 100 - 0.01, (seat, steps[seat])
        if players <= 3:
            # and the overlap is mild: a third of a card or less
            assert all(min(steps[seat]) >= 0.62 * svg.CW * size / 100 for seat in range(players))
        if players == 2:  # room enough not to overlap at all
            assert all(min(steps[seat]) >= svg.CW * size / 100 for seat in range(players))


def test_table_is_compact_enough_for_a_projector() -> None:
    # the replay shows the table scaled to ~950 px: its cards must stay 90 px or taller
    for players in range(2, 9):
        size = 90
        game = fake_game(players, deal_hands(players, [6] * players, 1))
        width, height = canvas(parse(svg.table(game, size=size)))
        card_at_950 = 950 / width * size
        if players <= 5:
            assert card_at_950 >= 90, players
            assert width / size <= 10, players
        assert card_at_950 >= 86, players
        assert height / width <= 0.66, players  # fits a 16:10 screen under the controls


def test_table_canvas_does_not_change_during_a_round() -> None:
    for players in (3, 4, 8):
        names = ("Anna", "Björn", "Cecilia", "Dag", "Eva", "Fia", "Gun", "Hans")[:players]
        sizes = set()
        for seed, counts in enumerate(([6] * players, [1] * players, [12] + [0] * (players - 1))):
            hands = deal_hands(players, counts, seed)
            for over in (False, True):
                game = fake_game(
                    players,
                    hands,
                    is_over=over,
                    winner=1 if over else None,
                    names=names,
                    draws_this_turn=2,
                    follow_up_suit=Suit.CLUBS,
                    lappen_called=(True,) * players,
                )
                for open_hands in (True, False):
                    sizes.add(canvas(parse(svg.table(game, open_hands=open_hands))))
        assert len(sizes) == 1, (players, sizes)


def test_table_side_seat_puts_its_tags_under_its_name() -> None:
    # a seat beside the pile keeps its whole name: the "Lappen!" tag moves under it
    game = fake_game(4, deal_hands(4, [8, 8, 8, 8], 3), lappen_called=(False, True, False, True))
    root = parse(svg.table(game, lang="sv"))
    words = texts(root)
    assert "Spelare 2 · 8 kort" in words and "Spelare 4 · 8 kort" in words
    assert words.count("Lappen!") == 2


def test_table_output_stays_small() -> None:
    # the faces are pasted in from text serialized once (no wall-time assertion here: see
    # benchmarks/); an 8-seat table of 64 open cards stays under 200 kB and valid
    game = fake_game(8, deal_hands(8, [8] * 8, 2), to_move=3, draws_this_turn=1)
    text = svg.table(game)
    assert len(text) < 200_000 and "<!--" not in text
    assert len(card_groups(parse(text))) == 64 + 2


# -- moves ---------------------------------------------------------------------------------


def test_move_html() -> None:
    html = svg.move_html(Move.parse("8♠ 8♦=Q♥ lappen"))
    assert html.startswith("<span") and html.endswith("</span>")
    assert html.count("<svg") == 2
    assert "8♠ 8♦=Q♥" in html and "Lappen!" in html
    assert "=Q♥" in html  # the badge on the last eight
    assert "counts as queen of hearts" in html
    ET.fromstring(html)  # well-formed as XML too
    assert ">draw<" in svg.move_html(Move.draw())
    assert ">dra ett kort<" in svg.move_html(Move.draw(), lang="sv")
    assert ">stå över<" in svg.move_html(Move.pass_(), lang="sv")
    assert Move.parse("7♥")._repr_html_().count("<svg") == 1
    assert Card.parse("7♥")._repr_svg_().startswith("<svg")


# -- languages -----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["de", "EN", "", None, "svenska"])
def test_invalid_language(lang: object) -> None:
    c = Card.parse("7♥")
    calls = [
        lambda: svg.card(c, lang=lang),
        lambda: svg.back(lang=lang),
        lambda: svg.hand([c], lang=lang),
        lambda: svg.pile(c, lang=lang),
        lambda: svg.table(fake_game(2, ["5♠", "K♦"]), lang=lang),
        lambda: svg.move_html(Move.draw(), lang=lang),
    ]
    for call in calls:
        with pytest.raises(ValueError):
            call()


def test_catalog_has_the_same_keys_in_both_languages() -> None:
    assert set(svg.TEXT["en"]) == set(svg.TEXT["sv"])


# -- the table's arrangements: for a phone's width, and for a projector's focus --------------


def test_the_table_chooses_its_arrangement_for_the_width() -> None:
    assert svg.arrangement(3, width=390) == "column"
    assert svg.arrangement(3, width=1200) == svg.arrangement(3) == "round"
    assert svg.arrangement(8, width=560) == "column" and svg.arrangement(2, width=600) == "round"
    assert svg.arrangement(3, width=390, focus=1) == "focus"
    game = fake_game(3, ["5♠ 6♠", "K♦", "2♣ 3♣ 4♣"])
    assert 'data-arrangement="round"' in svg.table(game, width=1200)
    with pytest.raises(ValueError):
        svg.table(game, focus=3)
    with pytest.raises(ValueError):
        svg.table(game, width=-5)


@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("width", [360, 390, 430])
def test_on_a_phone_seats_go_one_under_another_with_cards_of_44_px(players: int, width: int) -> None:
    game = fake_game(
        players,
        deal_hands(players, [13] + [6] * (players - 1), players),
        to_move=1,
        lappen_called=(True,) * players,
        names=("Maja-Stina Andersson",) + ("Björn",) * (players - 1),
    )
    for lang in ("sv", "en"):
        for open_hands, viewer in ((True, None), (False, players - 1)):
            root = parse(svg.table(game, lang=lang, width=width, open_hands=open_hands, viewer=viewer))
            assert root.get("data-arrangement") == "column"
            canvas_w, canvas_h = canvas(root)
            assert canvas_w == width  # drawn at the size it is shown: nothing scales it down
            boxes = table_boxes(root)
            cards = [box for _, box in boxes["cards"]]
            assert min(w for _, _, w, _ in cards) >= 44, (players, width)
            things = boxes["cards"] + boxes["labels"]
            for owner, (x, y, w, h) in things:
                assert x >= 4 and y >= 4 and x + w <= canvas_w - 4 and y + h <= canvas_h - 4, owner
            for i, (owner_a, a) in enumerate(things):
                for owner_b, b in things[i + 1 :]:
                    if owner_a != owner_b:
                        assert not overlap(a, b), (players, lang, owner_a, owner_b)
            # the viewer (or seat 0) sits at the bottom, under the pile
            seats = _seat_groups(root)
            ys = {s: float(g.get("transform").split(",")[1].rstrip(")")) for s, g in seats.items()}
            bottom = viewer if viewer is not None else 0
            assert max(ys, key=ys.get) == bottom


@pytest.mark.parametrize("players", range(2, 9))
def test_the_focus_arrangement_draws_one_hand_and_the_pile_large(players: int) -> None:
    size = 160
    counts = [7] * players
    game = fake_game(players, deal_hands(players, counts, players + 7), to_move=players - 1)
    focus = players - 1
    for lang in ("sv", "en"):
        root = parse(svg.table(game, lang=lang, focus=focus, viewer=focus, open_hands=False, size=size))
        assert root.get("data-arrangement") == "focus"
        width, height = canvas(root)
        assert width == pytest.approx(4.8 * size) and height / width <= 0.72, (width, height)
        boxes = table_boxes(root)
        owners = {owner for owner, _ in boxes["cards"]}
        assert owners == {"pile", focus}, "the other seats show their names and counts, not cards"
        cards = [box for _, box in boxes["cards"]]
        assert {round(w, 2) for _, _, w, _ in cards} == {round(svg.CW * size / 100, 2)}  # all as large
        # every card 1/12 of a 1024 px projector's width at the picture's 64 % of it
        assert svg.CW * size / 100 / width * 0.64 * 1024 >= 1024 / 12
        for i, (owner_a, a) in enumerate(boxes["cards"] + boxes["labels"]):
            for owner_b, b in (boxes["cards"] + boxes["labels"])[i + 1 :]:
                if owner_a != owner_b:
                    assert not overlap(a, b), (players, owner_a, owner_b)
        seats = _seat_groups(root)
        for seat, group in seats.items():
            assert group.get("aria-label", "").startswith(
                f"{'Spelare' if lang == 'sv' else 'Player'} {seat + 1}"
            )


def test_each_card_on_the_table_has_its_name_in_a_list_per_seat() -> None:
    game = fake_game(3, ["7♥ K♠", "2♦ 3♦ 4♦", "A♣"], to_move=1, lappen_called=(False, True, False))
    root = parse(svg.table(game, lang="sv", open_hands=False, viewer=0))
    assert root.get("role") == "group" and root.get("aria-label").startswith("Kortbord, 3 spelare")
    seats = _seat_groups(root)
    assert seats[1].get("role") == "group"
    assert seats[1].get("aria-label") == "Spelare 2 är på tur, 3 kort; Spelare 2 har sagt lappen"
    mine = next(g for g in seats[0].iter(NS + "g") if g.get("class") == "vd-hand")
    assert mine.get("role") == "list" and mine.get("aria-label") == "hand med 2 kort"
    items = [g for g in mine if g.get("role") == "listitem"]
    assert [i[0].get("aria-label") for i in items] == [c.name("sv") for c in parse_cards("7♥ K♠")]
    theirs = next(g for g in seats[1].iter(NS + "g") if g.get("class") == "vd-hand")
    assert theirs.get("role") == "img" and theirs.get("aria-label") == "3 kort, nedvända"
    # the drawn label repeats the seat's name: hidden from a screen reader, which reads the group's
    label = next(g for g in seats[1].iter(NS + "g") if g.get("class") == "vd-seat-label")
    assert label.get("aria-hidden") == "true"
    pile = next(g for g in root.iter(NS + "g") if g.get("class") == "vd-pile")
    assert pile.get("role") == "group" and "översta kortet" in pile.get("aria-label")
