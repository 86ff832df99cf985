"""The hint advisor: ranked candidates with chances and reasons in Swedish and English."""

from __future__ import annotations

import dataclasses
import random

import pytest

import vandatta as v
from tests.conftest import permuted
from tests.helpers.positions import TEN_CARD_TALON, position_builder
from vandatta.ai.hint import Hint, HintCandidate

PLAYOUTS = 120  # few playouts: the tests check the shape and the reasons, not the strength


position = position_builder(talon=TEN_CARD_TALON)


def reasons(h: Hint, lang: str) -> dict[str, str]:
    return {str(c.move): c.reason(lang) for c in h.candidates}


def test_hint_ranks_candidates_with_chances_and_reasons_in_both_languages():
    g = v.Game.deal(4, seed=12)
    h = v.hint(g, playouts=PLAYOUTS, seed=3)
    assert isinstance(h, Hint) and h.seat == g.to_move
    assert h.playouts == sum(c.playouts for c in h.candidates) >= PLAYOUTS
    plays = [c.win for c in h.candidates if c.move.is_play]
    assert plays == sorted(plays, reverse=True)  # ranked by chance (a draw by choice needs a margin)
    wins = [c.win for c in h.candidates]
    assert all(0.0 <= w <= 1.0 for w in wins)
    assert all(g.is_legal(c.move) for c in h.candidates)
    assert h.move == h.best.move == h.candidates[0].move
    for c in h.candidates:
        assert isinstance(c, HintCandidate)
        assert c.reason("en") and c.reason("sv") and c.reason("en") != c.reason("sv")
        assert c.reason("en").endswith(".") and c.reason("sv").endswith(".")


def test_hint_is_a_frozen_value_that_shows_itself():
    g = v.Game.deal(3, seed=4)
    h = v.hint(g, playouts=60, seed=1, lang="sv")
    with pytest.raises(dataclasses.FrozenInstanceError):
        h.playouts = 0  # type: ignore[misc]
    assert h == v.hint(g, playouts=60, seed=1, lang="sv")  # same seed, same advice
    assert "Tips till spelare" in h.text() and "Hint for player" in h.text("en")
    assert str(h) == h.text("sv")
    html = h._repr_html_()
    assert html.startswith("<div") and "<table" in html and "chans att vinna" in html
    best = h.candidates[0].win  # a Swedish decimal comma and a space before the per cent sign
    assert f"{100 * best:.1f} %".replace(".", ",") in html and f"{100 * best:.1f}%" in h.text("en")
    assert h.to_dict()["candidates"][0]["reason"].keys() == {"en", "sv"}


def test_reasons_say_what_the_move_does():
    # Only the eight and the last heart fit: "your last ♥ — … only follow with an eight".
    g = position(["5♥ 8♠ K♣ 2♣", "2♦ 3♦ 4♠ 6♦", "J♦ 10♦ 9♦ 7♦"], "7♥")
    h = v.hint(g, playouts=PLAYOUTS)
    en, sv = reasons(h, "en"), reasons(h, "sv")
    assert "your last ♥ — after this you can only follow with an eight" in en["5♥"]
    assert "ditt sista ♥ – efter det kan du bara följa med en åtta" in sv["5♥"]
    assert "keeps your eight for later" in en["5♥"].lower()
    assert "sparar åttan till senare" in sv["5♥"].lower()
    assert any("spends your eight" in r.lower() for m, r in en.items() if m.startswith("8♠"))
    # An ace with two others at the table.
    g = position(["A♠ 4♠ 9♦ K♥", "2♦ 3♣ 4♣", "5♦ 6♦ 7♦ 9♣"], "7♠")
    h = v.hint(g, playouts=PLAYOUTS)
    assert "makes the two others draw" in reasons(h, "en")["A♠"].lower()
    assert "får de två andra att dra" in reasons(h, "sv")["A♠"].lower()
    assert "then 4♠ follows in spades" in reasons(h, "en")["A♠"]


def test_a_draw_by_choice_must_beat_the_best_play_by_a_margin():
    g = v.Game.deal(4, seed=12)
    h = v.hint(g, playouts=PLAYOUTS, seed=3)
    draw = next(c for c in h.candidates if c.move.is_draw)
    best_play = max(c.win for c in h.candidates if c.move.is_play)
    ahead = [c for c in h.candidates[: h.candidates.index(draw)] if c.move.is_play]
    assert all(c.win > draw.win - 0.03 - 1e-12 for c in ahead)
    if h.best.move.is_draw:
        assert draw.win >= best_play + 0.03


def test_going_out_is_the_top_hint():
    g = position(["7♣ 7♥", "2♦ 3♦ 4♠"], "7♦")
    h = v.hint(g, playouts=PLAYOUTS)
    assert len(h.move.cards) == 2 and h.best.win == 1.0
    assert h.best.reason("en") == "Goes out and wins the round."
    assert h.best.reason("sv") == "Du går ut och vinner omgången."


def test_draw_and_pass_have_reasons_too():
    g = position(["K♣ 2♠", "2♦ 3♦"], "7♥", talon="3♠ 4♠ 6♠")
    h = v.hint(g, playouts=30)
    assert [str(c.move) for c in h.candidates] == ["draw"]
    assert h.best.reason("en").startswith("Nothing fits: draw a card")
    for _ in range(3):
        g.play("draw")
    h = v.hint(g, playouts=30)
    assert h.best.reason("sv") == "Du har dragit tre kort: stå över."


def test_the_hint_never_looks_at_hidden_cards():
    g = v.Game.deal(4, seed=30)
    twin = permuted(g, g.to_move, random.Random(1))
    assert v.hint(g, playouts=80, seed=5) == v.hint(twin, playouts=80, seed=5)


def test_hint_refuses_a_finished_round_and_a_bad_language():
    g = position(["7♣", "2♦ 3♦ 4♠"], "7♦")
    with pytest.raises(ValueError, match="language"):
        v.hint(g, lang="de")
    g.play("7♣")
    with pytest.raises(ValueError, match="over"):
        v.hint(g)
