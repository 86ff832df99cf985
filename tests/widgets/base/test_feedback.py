"""One table of feedback marks for every screen (widgets/base/feedback.py)."""

from __future__ import annotations

import pytest

from vandatta_widgets.base.feedback import MARKS, mark, rule_chips_html


def test_every_kind_a_screen_shows_has_its_mark_in_the_one_table():
    from vandatta_widgets.lessons import exercise, puzzle
    from vandatta_widgets.play.presenter import FEEDBACK_KINDS

    kinds = (
        set(FEEDBACK_KINDS) | set(exercise.STATUSES) | {"right", "step", "wrong", "illegal", "info", "error"}
    )
    assert kinds <= set(MARKS)
    assert not hasattr(puzzle, "_MARKS") and not hasattr(exercise, "_MARKS")
    # allowed and not allowed look the same wherever they are said
    assert mark("legal") == mark("right") == "✔" and mark("illegal") == "✘"


def test_a_kind_without_a_mark_is_refused_by_name():
    with pytest.raises(ValueError, match="'fine'"):
        mark("fine")


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_rule_chips_are_each_rule_once_with_its_title(lang):
    from vandatta.rules import rule_title

    chips = rule_chips_html(["R7", "", "R4", "R7"], lang)
    assert chips.count('class="vd-rule"') == 2 and chips.index("R7") < chips.index("R4")
    assert rule_title("R4", lang) in chips
