"""Issue 43: the four-colour deck chosen on a device stays chosen there (localStorage
``vandatta-ui:deck``, as the sound's mute is kept): the New round form's box and the device's
memory follow each other; the browser can only choose one of the decks."""

from __future__ import annotations

from vandatta_widgets.app.settings import SettingsForm
from vandatta_widgets.controls.device_choice import DeviceChoice


def test_the_form_remembers_its_deck_on_the_device() -> None:
    form = SettingsForm(lang="sv")
    memory = form.deck_memory
    assert isinstance(memory, DeviceChoice) and memory.storage_key == "vandatta-ui:deck"
    assert memory in form.children  # on the page, so the browser's side of it runs
    assert memory.value == "classic" and form.deck == "classic"
    memory.set_state({"value": "four"})  # the device kept "four" from an earlier visit
    assert form.deck_box.value is True and form.deck == "four"
    form.deck_box.value = False  # the child switches it off: the device keeps that
    assert memory.value == "classic"
    memory.set_state({"value": "rainbow"})  # not a deck: refused, nothing changes
    assert memory.value == "classic" and form.deck == "classic"
