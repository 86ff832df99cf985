"""The screens' shared base (widgets.base): one language trait type, followed through links."""

from __future__ import annotations

import importlib

import pytest
import traitlets

from vandatta.ai import play_random_game
from widgets.base import Lang
from widgets.dashboard import PLAY_TAB, Dashboard
from widgets.export import record_json

SPEAKING = [
    ("widgets.bridge", "PageBridge"),
    ("widgets.dashboard", "Dashboard"),
    ("widgets.declare", "EightDeclaration"),
    ("widgets.hand", "HandView"),
    ("widgets.play", "PlayTable"),
    ("widgets.puzzle", "PuzzleBoard"),
    ("widgets.review", "ReviewPanel"),
    ("widgets.scoreboard", "ScoreBoard"),
    ("widgets.settings", "SettingsForm"),
]


@pytest.mark.parametrize(("module", "name"), SPEAKING)
def test_every_view_that_speaks_has_the_one_language_trait(module, name):
    cls = getattr(importlib.import_module(module), name)
    trait = cls.class_traits()["lang"]
    assert type(trait) is Lang
    assert trait.default_value == "sv"  # one default for all (the hand said "en")


def test_the_trait_refuses_other_languages_with_one_message():
    class View(traitlets.HasTraits):
        lang = Lang()

    view = View()
    for bad in ("de", "SV", "", 3, None):
        with pytest.raises(traitlets.TraitError):
            view.lang = bad
    with pytest.raises(traitlets.TraitError, match="unknown language 'de': use 'sv' or 'en'"):
        view.lang = "de"
    assert view.lang == "sv"
    with pytest.raises(ValueError):
        Lang("fr")


def test_the_dashboard_children_follow_its_switch_by_links():
    dash = Dashboard(lang="sv")
    dash.tabs.selected_index = PLAY_TAB  # builds the play table
    play = dash.play_table
    puzzles = dash.build_puzzles()
    dash.language.value = "en"  # the page's switch, as a click sets it
    assert dash.lang == "en"
    assert dash.viewer.lang == "en" and play.lang == "en" and puzzles.lang == "en"
    assert play.hand.lang == play.declaration.lang == play.scoreboard.lang == play.review.lang == "en"
    assert dash.settings_form.lang == "en"
    # a new game's viewer is linked in its turn, and the old one's link is gone
    old = dash.viewer
    dash.load_file("game.json", record_json(play_random_game(3, seed=2)).encode("utf-8"))
    assert dash.viewer is not old and dash.viewer.lang == "en"
    dash.lang = "sv"
    assert dash.viewer.lang == "sv" and play.hand.lang == "sv"
    assert old.lang == "en"  # the replaced viewer is no longer linked
    assert dash.errors == []
