"""The one "new round" form (widgets/settings.py) and the dashboard's settings flow: who plays,
the seats, the additional rules, the game number, the question before a game in progress is
thrown away, and no message left standing on the wrong tab."""

from __future__ import annotations

import pytest
import traitlets

from vandatta import Rules
from widgets.dashboard import Dashboard
from widgets.settings import MAX_GAME_NUMBER, RoundSettings, SettingsForm, SettingsProblem


def test_the_form_says_who_plays_and_where_they_sit():
    form = SettingsForm(lang="sv", players=4)
    assert [label for label, _ in form.who.options] == [
        "Jag mot datorn",
        "Spelet till 100 mot datorn",
        "Bara datorspelare",
    ]
    assert form.settings() == RoundSettings("play", ("human", "expert", "random", "beginner"), Rules(), 41)
    assert form.settings().computers == ["expert", "random", "beginner"]
    assert "Spelare 1: <b>du</b>" in form.you_label.value
    form.who.value = "watch"
    assert form.settings().seats == ("expert", "expert", "random", "beginner")
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
    dash.tabs.selected_index = 1
    dash.who.value = "match"
    dash.variant_boxes["O3"].value = True
    dash.start_button.click()
    assert dash.tabs.selected_index == 3
    match = dash.match_table
    assert match.match is not None and match.rules == Rules(first_to_100_ends=True)
    assert 'data-rules="O3"' in match.rules_view.value
    match.run_computers()
    assert match.in_progress
    dash.tabs.selected_index = 1
    dash.start_button.click()
    assert dash.settings_form.confirm.asking
    assert "You have a game to 100 going on" in dash.settings_form.confirm.question.value
    dash.settings_form.confirm.yes_button.click()
    assert dash.match_table is not match and dash.tabs.selected_index == 3
    assert dash.errors == []


def test_no_message_is_left_standing_on_another_tab():
    dash = Dashboard(lang="sv")
    dash.tabs.selected_index = 1
    dash.who.value = "watch"
    dash.start_button.click()
    assert dash.tabs.selected_index == 0 and dash.message_kind == "ok"
    assert "Klart" not in dash.message_text() and "Datorspelarna har spelat" in dash.message_text()
    dash.tabs.selected_index = 2
    assert dash.message_kind is None and dash.message.layout.display == "none"
    dash.load_file("x.json", b"{")
    assert dash.message_kind == "error"
    dash.tabs.selected_index = 0
    assert dash.message_kind is None


def test_plain_words_for_upload_and_autoplay():
    dash = Dashboard(lang="sv")
    dash.tabs.selected_index = 1
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
    assert settings.seats == ("human", "expert", "human", "beginner")
    assert settings.names == ("Alva", None, "<script>alert(1)</sc", None)
    assert settings.computers == ["expert", "beginner"]
    from widgets.session import Seat

    assert settings.play_seats() == (
        Seat.person("Alva"),
        Seat.computer("expert"),
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
    dash.tabs.selected_index = 1
    form = dash.settings_form
    form.players.value = 3
    form.seat_choices[1].value = "human"
    form.name_boxes[0].value = "Alva"
    form.name_boxes[1].value = "Bo"
    dash.start_button.click()
    table = dash.play_table
    assert dash.tabs.selected_index == 2 and table is not None
    assert [s.kind for s in table.session.seats] == ["person", "person", "computer"]
    assert table.session.names("en") == ["Alva", "Bo", "Player 3"]
    # Bo sits after the dealer: the tablet goes to him first, his cards hidden until he taps
    assert table.screen_up and table.screen_text() == "Hand the tablet to Bo – tap when ready"
    assert table.hand.cards == []
    table.ready()
    assert len(table.hand.cards) == table.game.hand_size(1)
    assert dash.errors == [] and table.errors == []
