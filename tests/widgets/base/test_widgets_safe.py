"""Widget fields the browser can write (issue #12, item 7): every widget of the dashboard, the
play table, the exercises and the replay viewer gets a hostile update — HTML with a script,
JavaScript for an anywidget, HTML descriptions — through the same entry point a browser's
message takes (``Widget.set_state``), and nothing that is drawn as HTML or run as code may
change."""

from __future__ import annotations

import anywidget
import ipywidgets as w
import pytest

from vandatta import Game, parse_cards
from vandatta.ai import play_random_game
from vandatta.lang import LocalText
from vandatta_widgets.app.dashboard import Dashboard
from vandatta_widgets.base import safe
from vandatta_widgets.controls.hand import HandView
from vandatta_widgets.lessons.exercise import Exercise
from vandatta_widgets.lessons.quiz import Quiz
from vandatta_widgets.replay.viewer import ReplayViewer

EVIL = '<img src=x onerror="alert(1)">'
ESM = "alert(1); export default { render() {} };"
# ipywidgets controls whose value the browser sets by design; the views check those values in
# the callbacks that read them, and draw none of them as HTML
PLAIN_CONTROLS = (
    w.Button,
    w.ToggleButton,
    w.ToggleButtons,
    w.Dropdown,
    w.Select,
    w.Checkbox,
    w.IntText,
    w.Text,  # a name typed for a seat: read only through vandatta_widgets.play.session.clean_name
    w.Play,
    w.Box,
    w.Tab,
    w.Layout,
    w.widgets.widget_style.Style,  # looks, set as CSS properties
    w.widgets.widget_link.Link,
)


def _all(root: w.Widget) -> list[w.Widget]:
    seen: dict[int, w.Widget] = {}
    stack = [root]
    while stack:
        widget = stack.pop()
        if id(widget) in seen:
            continue
        seen[id(widget)] = widget
        for name in widget.keys:
            value = getattr(widget, name, None)
            values = value if isinstance(value, (list, tuple)) else [value]
            stack.extend(v for v in values if isinstance(v, w.Widget))
        stack.extend(v for v in vars(widget).values() if isinstance(v, w.Widget))
        for value in vars(widget).values():
            if isinstance(value, (list, tuple, dict)):
                items = value.values() if isinstance(value, dict) else value
                stack.extend(v for v in items if isinstance(v, w.Widget))
    return list(seen.values())


def _views() -> list[w.Widget]:
    dash = Dashboard(lang="sv")
    # build the New game panel, the play table, the match, the puzzles, the tables
    for index in (1, 2, 3, 4, 5):
        dash.tabs.selected_index = index
    game = Game.from_position(hands=["7♥ K♠ 8♦", "5♠ 6♠"], top="7♣", talon="9♠ 10♠ J♠")
    exercise = Exercise(game, prompt=LocalText(sv="Lägg ett kort.", en="Lay a card."), lang="en")
    quiz = Quiz(prompt=LocalText(sv="Vilket?", en="Which?"), choices=["a", "b"], answer="a", lang="en")
    viewer = ReplayViewer(play_random_game(3, seed=5), lang="en")
    return [dash, exercise, quiz, viewer, HandView(cards=parse_cards("7♣ 7♥"))]


def test_every_widget_that_draws_html_or_runs_code_refuses_the_browser() -> None:
    roots = _views()
    widgets = {id(x): x for root in roots for x in _all(root)}.values()
    kinds = set()
    for widget in widgets:
        kinds.add(type(widget).__name__)
        if isinstance(widget, (w.HTML, w.HTMLMath, w.Label, anywidget.AnyWidget)):
            assert isinstance(widget, safe.BrowserGuard), f"{type(widget).__module__}.{type(widget).__name__}"
        elif not isinstance(widget, (*PLAIN_CONTROLS, safe.BrowserGuard)):  # a guarded control is audited
            pytest.fail(f"not audited: {type(widget).__module__}.{type(widget).__name__}")
    assert {"HTML", "HandView", "PlySlider", "MoveList", "KeyListener", "Stylesheet"} <= kinds


def test_a_hostile_update_changes_nothing_that_is_drawn_or_run() -> None:
    for root in _views():
        for widget in _all(root):
            if not isinstance(widget, safe.BrowserGuard):
                continue
            hostile = {}
            for name in widget.keys:
                if name in widget.browser_writable:
                    continue
                value = getattr(widget, name)
                if name == "_esm":
                    hostile[name] = ESM
                elif isinstance(value, str):
                    hostile[name] = EVIL
                elif name == "description_allow_html":
                    hostile[name] = True
            before = {name: getattr(widget, name) for name in hostile}
            widget.set_state(hostile)
            after = {name: getattr(widget, name) for name in hostile}
            assert after == before, type(widget).__name__


def test_the_fields_the_browser_may_write_are_checked() -> None:
    hand = HandView(cards=parse_cards("7♣ 7♥ K♠"))
    hand.set_state({"selected": [2, 9, -1, 2, 0]})
    assert hand.selected == [2, 0]
    viewer = ReplayViewer(play_random_game(2, seed=3), lang="en")
    viewer.slider.set_state({"value": 10**9})
    assert viewer.ply == viewer.n_plies
    from vandatta_widgets.play.play_table import Ticker

    ticker = Ticker()
    ticker.set_state({"running": True, "interval": 1, "tick": 5})
    assert (ticker.running, ticker.interval, ticker.tick) == (False, 900, 5)
