"""Issue #45, item 8, without a browser: every name a child types — a seat at a table, a pupil
in the class's questions, a player of pass-and-play — is kept composed (NFC) with at most two
combining marks on a letter, so that no name draws over the lines around it. (How a long name
wraps on a phone: tests/browser/test_hardening_names_browser.py.)"""

from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from vandatta.ai import demo_game
from vandatta.record import write_record
from vandatta_widgets.play.session import MARKS_PER_LETTER, NAME_LIMIT, Seat, clean_name
from vandatta_widgets.tables.poll import Poll
from vandatta_widgets.tables.table import Table, TableSettings

STACKED = "Z" + "\u0301\u0308\u0323\u0330\u0336" * 8 + "o"


def most_marks(text: str) -> int:
    """The most combining marks on one letter, those of a composed letter counted ("Ẓ": 1)."""
    most = run = 0
    for ch in unicodedata.normalize("NFD", text):
        run = run + 1 if unicodedata.combining(ch) else 0
        most = max(most, run)
    return most


@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=60))
def test_a_kept_name_is_composed_short_and_has_few_marks_on_a_letter(typed: str) -> None:
    name = clean_name(typed)
    if name is None:
        return
    assert unicodedata.is_normalized("NFC", name)
    assert 0 < len(name) <= NAME_LIMIT and name == name.strip()
    assert most_marks(name) <= MARKS_PER_LETTER
    assert not unicodedata.combining(name[0])
    assert clean_name(name) == name  # cleaning twice changes nothing


def test_names_a_child_writes_are_kept_as_written() -> None:
    for name in ("Åsa", "Zoë", "Nguyễn", "Ệ", "Jürgen-Öberg", "Ana María"):
        assert clean_name(name) == unicodedata.normalize("NFC", name)
    assert clean_name("A\u030asa") == "Åsa"  # the same letter written in two parts


def test_a_seat_a_pupil_and_a_pass_and_play_player_keep_two_marks_at_most() -> None:
    table = Table.create(TableSettings.parse({"seats": ["person", "person"]}), code="AHCK7", now=0)
    table.join(1, STACKED, now=1)
    poll = Poll.create(write_record(demo_game()), code="BCDFG", now=0)
    pupil = poll.add_pupil(now=0)
    poll.set_name(pupil, STACKED, now=1)
    for name in (table.names("sv")[1], next(iter(poll.pupils.values())), Seat.person(STACKED).name):
        assert most_marks(name) == MARKS_PER_LETTER, ascii(name)
        assert unicodedata.normalize("NFD", name)[0] == "Z" and name.endswith("o")
