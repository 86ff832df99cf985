"""The one "new round" form (widgets/app/settings.py) and the dashboard's settings flow: who plays,
the seats, the additional rules, the game number, the question before a game in progress is
thrown away, and no message left standing on the wrong tab."""

from __future__ import annotations

import html

import pytest
import traitlets

from vandatta import Rules
from vandatta_widgets.app.dashboard import MATCH_TAB, NEW_TAB, PLAY_TAB, REPLAY_TAB, Dashboard
from vandatta_widgets.app.settings import (
    MAX_GAME_NUMBER,
    OWN_CHOICE,
    RoundSettings,
    SettingsForm,
    SettingsProblem,
)


def test_the_form_says_who_plays_and_where_they_sit():
    form = SettingsForm(lang="sv", players=4)
    assert [label for label, _ in form.who.options] == [
        "Jag mot datorn",
        "Spelet till 100 mot datorn",
        "Bara datorspelare",
    ]
    assert form.settings() == RoundSettings("play", ("human", "beginner", "random", "beginner"), Rules(), 41)
    assert form.settings().computers == ["beginner", "random", "beginner"]  # easy first (issue 43)
    assert "Spelare 1: <b>du</b>" in form.you_label.value
    form.who.value = "watch"
    assert form.settings().seats == ("beginner", "beginner", "random", "beginner")
    assert form.you_label.layout.display == "none" and form.seat_choices[0].layout.display != "none"
    assert form.start_button.description == "Låt datorspelarna spela ▶"
    form.who.value = "match"
    assert form.start_button.description == "Börja spelet till 100 ▶"


def test_o3_belongs_to_the_game_to_100_only():
    form = SettingsForm(lang="en")
    form.variant_boxes["O3"].value = True
    form.variant_boxes["V2"].value = True
    assert form.variant_boxes["O3"].layout.display == "none"
    assert form.settings().rules == Rules(no_special_finish=True)  # O3 has no meaning in one round
    form.who.value = "match"
    assert form.variant_boxes["O3"].layout.display != "none"
    assert form.settings().rules == Rules(no_special_finish=True, first_to_100_ends=True)


def test_the_game_number_is_checked_and_a_new_one_can_be_picked():
    form = SettingsForm(lang="en")
    for bad in (-1, MAX_GAME_NUMBER + 1):
        form.game_number.value = bad
        with pytest.raises(SettingsProblem, match="game number must be a whole number"):
            form.settings()
    started = []
    form.on_start(started.append)
    form.start_button.click()
    assert started == [] and "The game number must be" in form.problem.value
    form.new_number_button.click()
    assert 1 <= form.game_number.value < 1_000_000
    form.start_button.click()
    assert len(started) == 1 and form.problem.layout.display == "none"
    assert form.game_number.description == "Game number"
    assert "same game number gives the same deal" in form.number_help.value


def test_the_form_speaks_both_languages_in_place():
    form = SettingsForm(lang="sv")
    form.seat_choices[2].value = "strong"
    form.lang = "en"
    assert form.title.value == "<h2>New round</h2>" and form.who_title.value == "<h3>Who plays?</h3>"
    assert form.seat_choices[2].value == "strong" and form.seat_choices[2].options[0] == (
        "random player",
        "random",
    )
    assert form.start_button.description == "Play ▶"
    with pytest.raises(traitlets.TraitError):
        form.lang = "no"


def test_starting_anew_asks_first_and_no_keeps_the_game():
    form = SettingsForm(lang="en")
    started = []
    form.on_start(started.append)
    form.ask_first = lambda settings: lambda lang: "A round is going on. Start a new one?"
    form.start()
    assert started == [] and form.confirm.asking
    assert form.confirm.yes_button.description == "Yes, start a new one"
    assert form.confirm.no_button.description == "No, play on"
    form.confirm.no_button.click()
    assert started == [] and not form.confirm.asking
    form.start()
    form.players.value = 5  # changing the settings closes the question: it was about the old ones
    assert not form.confirm.asking
    form.start()
    form.confirm.yes_button.click()
    assert len(started) == 1 and started[0].seats[0] == "human" and len(started[0].seats) == 5


def test_the_dashboard_plays_the_form_where_it_belongs_and_asks_for_a_match_in_progress():
    dash = Dashboard(lang="en")
    dash.tabs.selected_index = NEW_TAB
    dash.who.value = "match"
    dash.variant_boxes["O3"].value = True
    dash.start_button.click()
    assert dash.tabs.selected_index == MATCH_TAB
    match = dash.match_table
    assert match.match is not None and match.rules == Rules(first_to_100_ends=True)
    assert 'data-rules="O3"' in match.rules_view.value
    match.run_computers()
    assert match.in_progress
    dash.tabs.selected_index = NEW_TAB
    dash.start_button.click()
    assert dash.settings_form.confirm.asking
    assert "You have a game to 100 going on" in dash.settings_form.confirm.question.value
    dash.settings_form.confirm.yes_button.click()
    assert dash.match_table is not match and dash.tabs.selected_index == MATCH_TAB
    assert dash.errors == []


def test_no_message_is_left_standing_on_another_tab():
    dash = Dashboard(lang="sv")
    dash.tabs.selected_index = NEW_TAB
    dash.who.value = "watch"
    dash.start_button.click()
    assert dash.tabs.selected_index == REPLAY_TAB and dash.message_kind == "ok"
    assert "Klart" not in dash.message_text() and "Datorspelarna har spelat" in dash.message_text()
    dash.tabs.selected_index = PLAY_TAB
    assert dash.message_kind is None and dash.message.layout.display == "none"
    dash.load_file("x.json", b"{")
    assert dash.message_kind == "error"
    dash.tabs.selected_index = REPLAY_TAB
    assert dash.message_kind is None


def test_plain_words_for_upload_and_autoplay():
    dash = Dashboard(lang="sv")
    dash.tabs.selected_index = NEW_TAB
    assert dash.upload.label == "Öppna en sparad omgång (.json)"
    assert dash.viewer.buttons["play"].description == "▶ Spela upp"
    dash.lang = "en"
    assert dash.upload.label == "Open a saved round (.json)"
    assert dash.viewer.buttons["play"].description == "▶ Play back"


def test_people_can_sit_at_any_seat_with_their_names_typed():
    form = SettingsForm(lang="sv", players=4)
    assert form.name_boxes[0].layout.display != "none"  # seat 1 is you: a name may be typed
    assert [b.layout.display for b in form.name_boxes[1:4]] == ["none"] * 3  # computers: no name
    assert form.seat_choices[1].options[-1] == ("person vid plattan", "human")
    form.seat_choices[2].value = "human"
    assert form.name_boxes[2].layout.display != "none"
    form.name_boxes[0].value = "  Alva  "
    form.name_boxes[2].value = "<script>alert(1)</script>" + "x" * 50
    form.name_boxes[1].value = "Robot"  # a computer's seat: its name box is not read
    settings = form.settings()
    assert settings.seats == ("human", "beginner", "human", "beginner")
    assert settings.names == ("Alva", None, "<script>alert(1)</sc", None)
    assert settings.computers == ["beginner", "beginner"]
    from vandatta_widgets.play.session import Seat

    assert settings.play_seats() == (
        Seat.person("Alva"),
        Seat.computer("beginner"),
        Seat.person("<script>alert(1)</sc"),
        Seat.computer("beginner"),
    )
    form.lang = "en"  # the words change, the choices stay
    assert form.seat_choices[2].value == "human" and form.name_boxes[2].description == "Name"
    form.who.value = "watch"
    with pytest.raises(SettingsProblem, match="choose a computer player for every seat"):
        form.settings()
    assert all(b.layout.display == "none" for b in form.name_boxes)


def test_the_dashboard_starts_pass_and_play_with_the_forms_people():
    dash = Dashboard(lang="en")
    dash.tabs.selected_index = NEW_TAB
    form = dash.settings_form
    form.players.value = 3
    form.seat_choices[1].value = "human"
    form.name_boxes[0].value = "Alva"
    form.name_boxes[1].value = "Bo"
    dash.start_button.click()
    table = dash.play_table
    assert dash.tabs.selected_index == PLAY_TAB and table is not None
    assert [s.kind for s in table.session.seats] == ["person", "person", "computer"]
    assert table.session.names("en") == ["Alva", "Bo", "Player 3"]
    # Bo sits after the dealer: the tablet goes to him first, his cards hidden until he taps
    assert table.screen_up and table.screen_text() == "Hand the tablet to Bo – tap when ready"
    assert table.hand.cards == []
    table.ready()
    assert len(table.hand.cards) == table.game.hand_size(1)
    assert dash.errors == [] and table.errors == []


# -- the house rules (O4–O9) and the presets (issue 32) ---------------------------------------------


def test_the_house_rules_are_set_in_the_form_in_both_languages():
    form = SettingsForm(lang="sv")
    assert form.house_title.value == "<h3>Husregler</h3>"
    controls = form.house_controls
    assert list(controls) == ["O4", "O5", "O6", "O7", "O8", "O9", "O10", "O11", "O12", "O13", "O14"]
    assert controls["O4"].description == "O4 – Antal kort i given"
    assert controls["O4"].options == (("Sex kort (som i källan)", 6), ("Sju kort", 7), ("Fem kort", 5))
    assert [label for label, _ in controls["O8"].options] == [
        "Dra högst tre kort (som i källan)",
        "Dra ett kort, lägg det eller stå över",
        "Dra tills ett kort passar",
    ]
    assert form.settings().rules == Rules()  # everything as in the source until chosen
    form.variant_boxes["V3"].value = True
    controls["O4"].value = 7
    controls["O5"].value = True
    controls["O6"].value = 2
    controls["O8"].value = "one"
    assert form.settings().rules == Rules(
        lappen=True, cards_dealt=7, drawn_card_only=True, lappen_penalty=2, drawing="one"
    )
    form.lang = "en"  # new words, the same choices
    assert form.house_title.value == "<h3>House rules</h3>"
    assert controls["O4"].description == "O4 – Cards dealt" and controls["O4"].value == 7
    assert (
        controls["O8"].value == "one"
        and ("Draw one card, then lay it or pass", "one") in controls["O8"].options
    )
    assert controls["O5"].description == "O5 – Only the card you drew" and controls["O5"].value is True
    assert str(form.settings().rules) == "v3,o4=7,o5,o6=2,o8=one"


def test_the_house_rules_of_issue_40_are_offered_and_o14_needs_v3():
    form = SettingsForm(lang="sv")
    controls = form.house_controls
    assert [controls[rid].description for rid in ("O10", "O11", "O12", "O13", "O14")] == [
        "O10 – Spela vidare om placeringarna",
        "O11 – Åtta bara när inget annat passar",
        "O12 – En åtta i taget",
        "O13 – Inte gå ut med ess",
        "O14 – Lappen för tidigt",
    ]
    assert controls["O14"].disabled  # it punishes the lappen call: only with V3
    form.variant_boxes["V3"].value = True
    assert not controls["O14"].disabled
    for rid in ("O10", "O11", "O12", "O13", "O14"):
        controls[rid].value = True
    assert str(form.settings().rules) == "v3,o10,o11,o12,o13,o14"
    form.lang = "en"
    assert controls["O10"].description == "O10 – Play on for places"


def test_o6_is_the_size_of_the_lappen_penalty_and_needs_v3():
    form = SettingsForm(lang="sv")
    o6 = form.house_controls["O6"]
    assert o6.disabled and form.lappen_note.layout.display != "none"
    assert "O6 gäller bara när V3 – Lappen eller O9 – Varning är på." in form.lappen_note.value
    o6.value = 2
    assert form.settings().rules == Rules()  # no lappen, no penalty to size
    form.variant_boxes["V3"].value = True
    assert not o6.disabled and form.lappen_note.layout.display == "none"
    assert form.settings().rules == Rules(lappen=True, lappen_penalty=2)
    form.lang = "en"
    assert "O6 counts only when V3 – Lappen or O9 – Varning is on." in form.lappen_note.value


def test_o9_is_a_check_box_and_o6_sizes_the_varning_penalty_too():
    form = SettingsForm(lang="sv")
    o6, o9 = form.house_controls["O6"], form.house_controls["O9"]
    assert o9.value is False and o9.description == "O9 – Varning vid tre kort kvar"
    assert o9.layout.display != "none"  # a rule of every round, not only of the game to 100
    o6.value = 2
    assert o6.disabled and form.settings().rules == Rules()
    o9.value = True  # varning alone: O6 is the size of its penalty
    assert not o6.disabled and form.lappen_note.layout.display == "none"
    assert form.settings().rules == Rules(varning=True, lappen_penalty=2)
    assert form.preset_choice.value == OWN_CHOICE
    o6.value = 3
    form.variant_boxes["V3"].value = True  # both calls: exactly the preset
    assert form.preset_choice.value == "varning_och_lappen"
    assert "”varning” när du har tre kort kvar" in html.unescape(form.preset_text.value)
    o9.value = False  # lappen alone still needs O6
    assert not o6.disabled and form.settings().rules == Rules(lappen=True)
    form.variant_boxes["V3"].value = False
    assert o6.disabled and form.lappen_note.layout.display != "none"
    form.preset_choice.value = "varning_och_lappen"  # the preset sets both
    assert o9.value is True and form.variant_boxes["V3"].value is True
    form.lang = "en"
    assert o9.description == "O9 – Varning at three cards left"
    assert ("Varning and lappen", "varning_och_lappen") in form.preset_choice.options
    assert str(form.settings().rules) == "v3,o9"


def test_o7_belongs_to_the_game_to_100_and_o3_with_o7_is_refused_in_both_languages():
    form = SettingsForm(lang="sv")
    o7 = form.house_controls["O7"]
    assert o7.layout.display == "none"
    o7.value = True
    assert form.settings().rules == Rules()  # one round has no game to 100 to end
    form.who.value = "match"
    assert o7.layout.display != "none"
    assert form.settings().rules == Rules(lowest_wins_past_100=True)
    form.variant_boxes["O3"].value = True
    with pytest.raises(SettingsProblem) as refused:
        form.settings()
    assert refused.value.text("sv") == (
        "O3 och O7 är två olika sätt att avsluta spelet till 100. Välj bara en av dem."
    )
    assert "Choose only one of them" in refused.value.text("en")
    started = []
    form.on_start(started.append)
    form.start_button.click()
    assert started == [] and form.problem.layout.display != "none"
    assert "O3 och O7 är två olika sätt" in form.problem.value
    form.lang = "en"
    assert "O3 and O7 are two different ways to end the game to 100" in form.problem.value
    form.who.value = "play"  # neither counts in one round: nothing left to refuse
    form.start_button.click()
    assert len(started) == 1 and started[0].rules == Rules()


def test_only_the_drawn_card_and_drawing_until_one_fits_go_together():
    """Issue 40: O5 (lay only the card just drawn) and O8=until no longer conflict."""
    form = SettingsForm(lang="en")
    form.house_controls["O5"].value = True
    form.house_controls["O8"].value = "until"
    started = []
    form.on_start(started.append)
    form.start()
    assert len(started) == 1 and started[0].rules == Rules(drawn_card_only=True, drawing="until")
    assert form.problem.layout.display == "none"


def test_a_preset_fills_every_rule_control_and_a_change_by_hand_is_an_own_choice():
    from vandatta.rules import PRESETS, preset_description
    from vandatta_widgets.app.settings import PRESET_ORDER

    form = SettingsForm(lang="sv", who="match")
    assert form.preset_choice.value == "kallan"
    assert [label for label, _ in form.preset_choice.options] == [
        "Källan",
        "Sju kort",
        "Fem kort",
        "Källans tilläggsregler",
        "Crazy Eights",
        "Kortare spel",
        "Varning och lappen",
        "Som i NodeCardGame",
        "Som hos Sparbanken Eken",
        "Som i Mau-Mau",
        "Egna val",
    ]
    assert set(PRESET_ORDER) | {"standard"} == set(PRESETS)  # every preset ("standard" is Källan)
    for name in PRESET_ORDER:
        form.preset_choice.value = name
        assert form.settings().rules == PRESETS[name], name
        assert preset_description(name, "sv") in html.unescape(form.preset_text.value)
    form.preset_choice.value = "strict"
    assert [rid for rid, box in form.variant_boxes.items() if box.value] == ["V1", "V2", "V3"]
    form.preset_choice.value = "sju_kort"
    assert form.house_controls["O4"].value == 7
    assert not any(box.value for box in form.variant_boxes.values())  # the presets' other rules go off
    form.house_controls["O8"].value = "one"  # by hand: no preset has these rules
    assert form.preset_choice.value == OWN_CHOICE
    assert "Du har valt reglerna själv." in form.preset_text.value
    form.house_controls["O8"].value = "three"  # back to exactly Sju kort
    assert form.preset_choice.value == "sju_kort"
    form.house_controls["O4"].value = 6  # the source's rules again
    assert form.preset_choice.value == "kallan"
    form.preset_choice.value = "fem_kort"
    form.lang = "en"  # the words change, the preset stays
    assert form.preset_choice.value == "fem_kort" and form.house_controls["O4"].value == 5
    assert ("Five cards", "fem_kort") in form.preset_choice.options
    five = "Five cards each, as in Olsen, and in Crazy Eights with three or more players."
    assert five in form.preset_text.value
    assert form.preset_choice.description == "Preset"


def test_a_house_rule_value_the_form_does_not_offer_is_refused():
    from tests.helpers.frontend import unoffered

    form = SettingsForm(lang="sv")
    with unoffered(form.house_controls["O4"], 9):
        with pytest.raises(SettingsProblem) as refused:
            form.settings()
        assert "Det valet finns inte: 9" in refused.value.text("sv")
    with unoffered(form.house_controls["O8"], "all"):
        form.start()
        assert "Det valet finns inte: &#x27;all&#x27;" in form.problem.value
    assert form.settings().rules == Rules()


def test_the_badges_say_the_value_of_a_house_rule():
    from vandatta_widgets.play.play_table import rule_value_text, rules_badges_html

    rules = Rules.parse("v3,o4=7,o5,o6=2,o8=one")
    sv = html.unescape(rules_badges_html(rules, "sv"))
    assert 'data-rules="V3,O4,O5,O6,O8"' in sv
    assert "<b>O4</b> · Antal kort i given: 7</span>" in sv
    assert "<b>O5</b> · Bara kortet du drog</span>" in sv  # on or off: no value
    assert "<b>O6</b> · Straffet för lappen: 2 kort</span>" in sv
    assert "<b>O8</b> · Dra ett kort, eller tills något passar: dra ett kort</span>" in sv
    assert sv.count('class="vd-rule-badge"') == 5  # one badge per rule id
    en = html.unescape(rules_badges_html(Rules(drawing="until", cards_dealt=5), "en"))
    assert "<b>O4</b> · Cards dealt: 5</span>" in en
    assert "<b>O8</b> · Draw one, or until a card fits: draw until a card fits</span>" in en
    assert 'title="Cards dealt: 5"' in en
    assert rule_value_text(Rules(), "O4", "sv") == "" and rule_value_text(rules, "V3", "sv") == ""
    varning = html.unescape(rules_badges_html(Rules(varning=True, lappen_penalty=2), "sv"))
    assert 'data-rules="O6,O9"' in varning
    assert "<b>O9</b> · Varning vid tre kort kvar</span>" in varning  # on or off: no value
    assert "<b>O9</b> · Varning at three cards left</span>" in html.unescape(
        rules_badges_html(Rules(varning=True), "en")
    )
    basic = rules_badges_html(Rules(), "sv")
    assert 'data-rules=""' in basic and "grundreglerna" in basic


def test_the_dashboard_deals_seven_cards_in_play_after_sju_kort_in_the_form():
    dash = Dashboard(lang="sv")
    dash.tabs.selected_index = NEW_TAB
    form = dash.settings_form
    form.preset_choice.value = "sju_kort"
    assert [label for label, value in form.preset_choice.options if value == "sju_kort"] == ["Sju kort"]
    dash.start_button.click()
    table = dash.play_table
    assert dash.tabs.selected_index == PLAY_TAB and dash.tabs.titles[PLAY_TAB] == "Spela"
    assert table.rules == Rules(cards_dealt=7)
    game = table.game
    dealt = game.replay(0)
    assert dealt.hand_sizes == (7,) * game.players  # seven cards each, before anyone moved
    assert game.hand_size(0) == 7 and len(table.hand.cards) == 7  # your hand on the table, unplayed
    assert "<b>O4</b> · Antal kort i given: 7" in table.rules_view.value
    assert dash.errors == [] and table.errors == []
