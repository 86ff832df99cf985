"""A rule id is a chip to tap, never part of a sentence a child reads (issue 43): the pile's
note under V2, the game to 100's introduction and the call buttons' tooltips, where the
catalog's sentences still cite their rule for the engine's and the tables' sake."""

from __future__ import annotations

import re

import pytest

from vandatta import Game, Rules
from vandatta_widgets.base.i18n import t
from vandatta_widgets.controls.table import pile_html

CITED = re.compile(r"\((?:[RVSO]\d+)(?:, [RVSO]\d+)*\)")


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_the_piles_note_under_v2_says_its_rule_as_a_chip(lang):
    rules = Rules(no_special_finish=True)  # V2
    game = Game.from_position(hands=["5♥ 2♣", "K♠"], top="8♥", talon="9♠ 3♦", must_draw=True, rules=rules)
    shown = pile_html(game, lang=lang)
    assert "vd-pile-note" in shown
    note = re.search(r'<div class="vd-pile-note">(.*?)<', shown).group(1)
    assert not CITED.search(note), note
    assert note.strip() and note in t("pt_must_draw_note", lang)
    assert 'class="vd-chip' in shown and "V2" in shown


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_the_game_to_100_and_the_call_buttons_cite_no_rule_in_words(lang):
    from vandatta_widgets.app.dashboard import Dashboard

    board = Dashboard()
    board.lang = lang
    board.build_page(match=True)
    intro = board.match_intro.value
    assert not CITED.search(re.sub(r"<[^>]+>", " ", intro.split("vd-chips")[0])), intro
    assert "S2" in intro and "vd-chip" in intro
    table = board.match_table or board.play_table
    if table is not None:
        for button in (table.lappen_button, table.varning_button):
            assert not CITED.search(button.tooltip), button.tooltip
