"""The card art (vandatta/svg.py): valid SVG, text alternatives in both languages, states
that never rely on colour alone, and the table read from a minimal game-like object."""

from __future__ import annotations

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
    assert any(g.get("opacity") == "0.45" for g in dimmed.iter(NS + "g"))
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
    assert {"Talon: 23", "Follow-up owed: ♠", "Drawn this turn: 2 of 3", "=K♥", "23"} <= set(texts(en))
    assert {"Talong: 23", "Esset måste följas: ♠", "Dragna kort: 2 av 3"} <= set(texts(sv))
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
    assert set(svg._TEXT["en"]) == set(svg._TEXT["sv"])
