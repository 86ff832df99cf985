"""The table view's seat boxes (widgets/controls/table.py) with the calls: the "Varning!" tag (O9)
beside "Lappen!" (V3), from the engine's ``Game.varning_called``, and the tag's colours."""

from __future__ import annotations

import re
from pathlib import Path

import vandatta as v
from vandatta_widgets.base import style
from vandatta_widgets.controls.table import TableView

# Seat 0 holds four cards and may lay 9♣ on 9♠, leaving three: under O9 the play carries the call.
HANDS = ["5♠ 6♥ K♦ 9♣", "2♦ 3♦ 4♥ 7♥ 8♥"]
TALON = "K♥ 4♦ 2♣ 5♣ 6♣ 7♣"


ROOT = Path(__file__).resolve().parents[3]


def game(rules: v.Rules) -> v.Game:
    return v.Game.from_position(hands=HANDS, top="9♠", talon=TALON, rules=rules)


def test_a_seat_that_called_varning_shows_the_tag_in_both_languages():
    g = game(v.Rules(varning=True))
    view = TableView(g, lang="sv", view="seats", viewer=1)
    assert "Varning!" not in view.value and "vd-varning-tag" not in view.value  # nobody has called yet
    assert g.play("9♣ varning").legal
    assert g.varning_called == (True, False)
    view.update(g)
    box = re.search(r'<div class="vd-seat-box" data-seat="0".*?</div></div>', view.value, flags=re.S).group(0)
    assert '<span class="vd-tag vd-varning-tag">Varning!</span>' in box
    other = re.search(r'data-seat="1".*', view.value, flags=re.S).group(0)
    assert "Varning!" not in other  # only the seat that called
    view.update(g, lang="en")
    assert view.value.count("vd-varning-tag") == 1 and "Varning!" in view.value
    assert "Lappen!" not in view.value


def test_a_forgotten_call_shows_no_tag():
    g = game(v.Rules(varning=True))
    g.play("9♣")  # three cards left without the call: the engine's penalty, not a tag
    assert g.varning_called == (False, False)
    view = TableView(g, lang="en", view="seats", viewer=1)
    assert "vd-varning-tag" not in view.value and "Varning!" not in view.value


def test_the_varning_tag_beside_another_seats_lappen_tag():
    g = v.Game.from_position(
        hands=["5♠ 6♥ K♦ 9♣", "9♥ 2♦"], top="9♠", talon=TALON, rules=v.Rules(lappen=True, varning=True)
    )
    assert g.play("9♣ varning").legal and g.play("9♥ lappen").legal
    assert g.varning_called == (True, False) and g.lappen_called == (False, True)
    view = TableView(g, lang="en", view="seats", viewer=0)
    first, second = re.split(r'(?=<div class="vd-seat-box[^"]*" data-seat="1")', view.value)
    assert "Varning!" in first and "Lappen!" not in first
    assert "Lappen!" in second and "Varning!" not in second


def test_the_tag_colours_meet_wcag_aa():
    rule = re.search(r"\.vd-varning-tag\s*\{([^}]*)\}", style.CSS).group(1)
    # the background is the palette's varning colour, wherever the tag is drawn
    assert re.search(r"background:\s*var\(--vd-varning\)", rule), rule
    background = style.PALETTE["varning"]
    for css in (style.CSS, (ROOT / "widgets" / "tables" / "client.css").read_text(encoding="utf-8")):
        for used in re.findall(r"\.vd-[\w-]*varning[\w-]*\s*\{([^}]*)\}", css):
            assert "var(--vd-varning)" in used, used
    colour = re.search(r"(?<![-\w])color:\s*(#[0-9a-fA-F]{3,6})", rule).group(1)
    colour = "#ffffff" if colour.lower() == "#fff" else colour
    assert style.contrast(colour, background) >= 4.5
