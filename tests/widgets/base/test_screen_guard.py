"""The one guard of every view's callbacks, with nested callbacks (a click sets a slider, whose
observer draws): an error is reported once, and only a clean outermost call says "all clear"."""

from __future__ import annotations

from vandatta_widgets.base.problem import Problem
from vandatta_widgets.base.screen import guard, guarded


class View:
    expected_errors = (Problem,)

    def __init__(self):
        self.errors, self.reports, self.cleared = [], [], 0

    def _report(self, error):
        self.reports.append(type(error).__name__)

    def _report_cleared(self):
        self.cleared += 1

    @guarded
    def outer(self, fail_inside: bool):
        self.inner(fail_inside)
        return "done"

    @guarded
    def inner(self, fail: bool):
        if fail:
            raise Problem("db_empty")


def test_a_clean_outermost_call_clears_once_and_a_failure_inside_keeps_the_message():
    view = View()
    assert view.outer(False) == "done" and view.cleared == 1  # the inner call did not clear
    assert view.outer(True) == "done"  # the inner failure was caught there
    assert view.reports == ["Problem"] and view.cleared == 1  # ... and its message stays
    assert view.errors == []  # an expected refusal leaves no traceback
    assert view.outer(False) == "done" and view.cleared == 2


def test_an_unexpected_error_keeps_its_traceback_and_the_controls_go_on():
    view = View()
    crash = guard(view, lambda change: 1 // 0)
    assert crash({"new": 1}) is None
    assert view.reports == ["ZeroDivisionError"] and "ZeroDivisionError" in view.errors[0]
    clicked = []
    button = guard(view, lambda: clicked.append(1), arguments=False)
    button(object())  # a button passes itself; the action takes nothing
    assert clicked == [1] and view.cleared == 1
