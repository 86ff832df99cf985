"""The Vändåtta dashboard: one page for a classroom projector or a laptop, served by Voilà
(``vandatta dashboard``; ``notebooks/dashboard.ipynb`` holds
``DashboardPage()``, which builds this dashboard right after its cell, see :mod:`vandatta_widgets.app.page`).

>>> dash = Dashboard(lang="en")
>>> dash.tabs.selected_index == PATH_TAB, dash.play_page.children == ()  # the child's path
(True, True)
>>> dash.tabs.selected_index = PLAY_TAB; dash.play_table.kinds  # something to do: play
{1: 'beginner', 2: 'random'}
>>> dash.game.players, dash.viewer.n_plies == dash.game.ply     # a sample round, ready to step
(3, True)
>>> dash.viewer.buttons["next"].click(); dash.viewer.ply
1
>>> dash.who.value = "watch"; dash.players.value = 4; dash.variant_boxes["V1"].value = True
>>> dash.start_button.click()                                   # the computer players play it
>>> dash.game.players, dash.game.rules.ids(), dash.tabs.selected_index == REPLAY_TAB
(4, ('V1',), True)
>>> dash.who.value = "play"; dash.start_button.click()          # you against the computer
>>> dash.tabs.selected_index == PLAY_TAB, dash.play_table.game.players, dash.play_table.rules.ids()
(True, 4, ('V1',))
>>> dash.load_file("bad.json", b"{not json")
>>> print(dash.message_text())
The file “bad.json” could not be opened: it is not JSON – an error at line 1, column 2 (Expecting property name enclosed in double quotes). The round shown before is still there.
>>> dash.game.players
4
>>> dash.lang = "sv"; dash.tabs.titles
('Min väg', 'Repris', 'Ny omgång', 'Spela', 'Spelet till 100', 'Pussel', 'Spela med andra')

Seven tabs, with words. The page opens on **Min väg** — the child's path, where a child starts
(:class:`~vandatta_widgets.app.path_page.PathPage`); the replay stays a tab, and the classroom's start (``?classroom=1`` opens on it, the
play tables then wait for "Fortsätt" and show the hint's chances in per cent).

- **Repris / Replay** — the :class:`~vandatta_widgets.replay.viewer.ReplayViewer` of the current round. On
  opening it shows a sample round between computer players (game number 41: expert, expert,
  random player), so a classroom starts with one click on "Next".
- **Ny omgång / New round** — one form for every way to start
  (:class:`~vandatta_widgets.app.settings.SettingsForm`): who plays (you against the computer, the game to
  100 against the computer, or only computer players), 2–8 players and the computer player of
  each seat, the additional rules, a game number. Its button starts the round where it is
  played — under Play, under The game to 100, or (played by :func:`vandatta.play_game`) under
  Replay — and asks first if that would throw away a game in progress. Below: open a saved
  record, read as UTF-8 JSON only, at most 1 MB (the size is checked before parsing), replayed
  through the engine's checked path; a bad file gets a message naming what is wrong (which
  move, which field) and the round shown before stays.
- **Spela / Play** — a :class:`~vandatta_widgets.play.play_table.PlayTable` against the computer (you are
  Player 1), with the form's players, rules and game number; the rules in force are shown on
  the table. "Other players or rules …" leads to the form.
- **Spelet till 100 / The game to 100** — ``PlayTable(match=True)``: the class plays a whole
  game to 100 against the computer and its :class:`~vandatta_widgets.controls.scoreboard.ScoreBoard` chart
  grows after every round.
- **Pussel / Puzzles** — a :class:`~vandatta_widgets.lessons.puzzle.PuzzleBoard`: the shipped puzzles, each
  with exactly one answer, at the level chosen (1–3), with the number solved in a row.
- **Spela med andra / Play with others** — tables for people on their own devices
  (:mod:`vandatta_widgets.tables`): make a table and show its code, or join one; the game is decided on
  the server, and this page gets only its own seat's cards.

A message at the top (a round played, a file opened, an error) belongs to the moment: it goes
away when another tab is opened.

The New round form, the two play tables and the puzzles are built the first time their tab
opens (or a program touches their widgets), so the first page carries few widgets and appears
fast.

One language switch at the top changes every word in place, the replay viewer's, the play
tables' and the score board's included (their own switches are hidden). Every callback is
guarded: an error is shown in the page in the current language (ipywidgets would swallow
it), and values coming from the browser are checked before use.

The strong computer player searches with the engine's small budget for a quick game
(:data:`vandatta.ai.QUICK_SEARCH`: 32 playouts a decision and at most 2000 a round for all
strong seats together, then it plays like the expert), so a new round appears within a few
seconds even with eight strong players; the budget counts playouts, not seconds, so the same
game number still gives the same round on every machine.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TypedDict

import ipywidgets as w

from vandatta import Game, Rules, play_game
from vandatta.ai import Player
from vandatta.ai import computer_players as quick_players
from vandatta.lang import LocalText, check_lang
from vandatta.record import RecordError, read_game, record_fault

from ..base.chips import chip_row_html, without_citations
from ..base.i18n import LANGS, join_words, language_switch, t, term
from ..base.problem import Problem
from ..base.safe import HTML
from ..base.screen import Lang, error_text, guarded
from ..base.style import Stylesheet, stylesheet
from ..controls.upload import LIMIT, RecordPicker
from ..replay.viewer import ReplayViewer
from .settings import (
    DEFAULT_SEATS,
    MAX_GAME_NUMBER,
    PLAYER_KINDS,
    VARIANTS,
    RoundSettings,
    SettingsForm,
)

if TYPE_CHECKING:
    from ..lessons.puzzle import PuzzleBoard
    from ..play.play_table import PlayTable
    from ..tables.tab import TablesTab

__all__ = ["Dashboard", "PLAYER_KINDS", "VARIANTS", "MAX_UPLOAD_BYTES", "SAMPLE", "computer_players"]

MAX_UPLOAD_BYTES = LIMIT
# Moves a record may hold to be opened here: fewer than the engine's MAX_MOVES (20,000, what
# the command line reads), so that a record opens within about a second and every step and
# jump stays quick (benchmarks/bench_ui.py: a 2,000-move record opens in well under a second).
MAX_RECORD_MOVES = 5_000
MAX_SEED = MAX_GAME_NUMBER


# The sample game on opening: short, with groups, eights and aces, ending with a winner.
class Sample(TypedDict):
    seed: int
    players: tuple[str, ...]
    rules: Rules


SAMPLE: Sample = {"seed": 41, "players": ("expert", "expert", "random"), "rules": Rules()}
_TAB_KEYS = (
    "pa_tab",
    "db_tab_replay",
    "db_tab_new",
    "db_tab_play",
    "db_tab_match",
    "db_tab_puzzles",
    "db_tab_tables",
)
PATH_TAB, REPLAY_TAB, NEW_TAB, PLAY_TAB, MATCH_TAB, PUZZLE_TAB, TABLES_TAB = range(7)
START_TAB = PATH_TAB  # a child opens the page on their path (the replay: the classroom's)
_PANEL_ATTRS = frozenset(
    [
        "settings_form",
        "who",
        "game_number",
        "new_number_button",
        "players",
        "seat_choices",
        "variant_boxes",
        "start_button",
        "upload_title",
        "upload_help",
        "upload",
    ]
)
_PAGE_ATTRS = frozenset(["play_intro", "play_change", "play_box", "match_intro", "match_change", "match_box"])


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _shorten(text: str, limit: int = 60) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


# -- computer players ---------------------------------------------------------------------------


def computer_players(kinds: Sequence[str], seed: int) -> list[Player]:
    """The computer players of a dashboard game: the engine's quick game
    (:func:`vandatta.ai.computer_players`), the strong seats on its small shared budget
    (:data:`vandatta.ai.QUICK_SEARCH`)."""
    return quick_players(kinds, seed=seed)


# -- widget housekeeping ------------------------------------------------------------------------


def _widgets_in(value: object) -> Iterator[w.Widget]:
    if isinstance(value, w.Widget):
        yield value
    elif isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            if isinstance(item, w.Widget):
                yield item
    elif isinstance(value, dict):
        for item in value.values():
            if isinstance(item, w.Widget):
                yield item


def close_all(root: w.Widget) -> int:
    """Close ``root`` and every widget it holds (children, layouts, styles, links, helpers),
    so a replaced view leaves no widget behind in the kernel — but not the page's shared
    :func:`~vandatta_widgets.base.style.stylesheet`. Returns how many were closed."""
    seen: set[int] = set()
    stack = [root]
    closed = 0
    while stack:
        widget = stack.pop()
        if id(widget) in seen:
            continue
        seen.add(id(widget))
        refs: list[w.Widget] = []
        for name in widget.trait_names():
            try:
                refs.extend(_widgets_in(getattr(widget, name)))
            except Exception:
                continue
        for value in list(vars(widget).values()):
            refs.extend(_widgets_in(value))
        stack.extend(r for r in refs if id(r) not in seen)
        if isinstance(widget, Stylesheet):
            continue  # shared by every view on the page
        if widget.comm is not None:
            closed += 1
            widget.close()
    return closed


# -- the dashboard ------------------------------------------------------------------------------


class Dashboard(w.VBox):
    """The whole app: a sample game ready to step through, a new game played by the computer,
    an uploaded record, a table to play at and a match to 100, with one language switch.

    ``lang`` ("sv" or "en") is a trait: setting it (or clicking the switch) re-words every
    view in place. Children worth knowing (for tests and scripts): :attr:`language`,
    :attr:`message`, :attr:`tabs`, :attr:`viewer` (the current
    :class:`~vandatta_widgets.replay.viewer.ReplayViewer`), :attr:`game`, :attr:`seed`, :attr:`players`,
    :attr:`seat_choices`, :attr:`variant_boxes`, :attr:`start_button`, :attr:`upload`,
    :attr:`play_table` and :attr:`match_table` (``None`` until their tab is opened), and
    :attr:`errors` (the tracebacks of unexpected errors a callback caught).
    """

    lang = Lang()
    expected_errors = (Problem,)  # a refused choice or file: its message, no traceback

    def __init__(self, *, lang: str = "sv", **kwargs: Any) -> None:
        check_lang(lang)
        # Boxes that only fill the width share one layout model (each model costs the
        # browser about a millisecond on the first render); classes are given at creation,
        # since each one added later is a message of its own.
        self._full_width = w.Layout(width="100%")
        kwargs.setdefault("layout", self._full_width)
        kwargs["_dom_classes"] = (*kwargs.get("_dom_classes", ()), "vd-dash", "vd-ui")
        super().__init__(**kwargs)
        self.errors: list[str] = []
        self._message: tuple[str, Callable[[str], str]] | None = None
        self._source: dict = {}
        self.viewer: ReplayViewer | None = None
        self.play_table: PlayTable | None = None
        self.match_table: PlayTable | None = None
        self._links: dict[str, w.dlink] = {}  # the page's language, linked to each child view
        self._classroom = False
        self._build(lang)
        self.set_trait("lang", lang)
        self._follow("path", (self.path, "lang"))
        seed, kinds, rules = SAMPLE["seed"], list(SAMPLE["players"]), SAMPLE["rules"]
        game = play_game(computer_players(kinds, seed), seed=seed, rules=rules)
        self._show_game(game, {"kind": "sample", "seed": seed, "kinds": kinds})
        self._relabel()
        self.observe(self._on_lang, names="lang")
        self.tabs.selected_index = START_TAB

    # -- building ------------------------------------------------------------------------------

    def _follow(self, role: str, target: tuple[w.Widget, str]) -> None:
        """Link the page's ``lang`` to ``target`` (a child's language trait), the one link of
        ``role``: a child built anew replaces the old one's link."""
        old = self._links.pop(role, None)
        if old is not None:
            old.unlink()
        self._links[role] = w.dlink((self, "lang"), target)

    def _build(self, lang: str) -> None:
        lay = w.Layout
        full = self._full_width
        auto = lay(width="auto")
        # In reading order, which is also the order of the Tab key: the title and the language
        # switch, the message, the tabs. (No CSS reordering: it would break that order.)
        self.subtitle = HTML(layout=auto, _dom_classes=("vd-db-title",))
        text_style = self.subtitle.style  # one style model for every text of the page
        self.language = language_switch(lang, button_width="auto", classes=("vd-db-language",))
        header = w.HBox([self.subtitle, self.language], layout=full, _dom_classes=("vd-db-header",))

        self.message = HTML(
            layout=lay(display="none", width="auto", margin="0 0 6px 0"),
            style=text_style,
            _dom_classes=("vd-db-message",),
        )

        # Replay tab: a caption naming the game, then the viewer.
        self.caption = HTML(layout=auto, style=text_style, _dom_classes=("vd-db-caption",))
        self.replay_box = w.VBox(layout=full)
        replay_page = w.VBox([self.caption, self.replay_box], layout=full, _dom_classes=("vd-db-replay",))

        # The other tabs are filled the first time they open (or when a program asks for their
        # widgets): the page then starts with few widgets and appears fast.
        self.new_page = w.VBox(layout=full, _dom_classes=("vd-db-section", "vd-db-new"))
        self.play_page = w.VBox(layout=full, _dom_classes=("vd-db-play",))
        self.match_page = w.VBox(layout=full, _dom_classes=("vd-db-match",))
        self.puzzle_page = w.VBox(layout=full, _dom_classes=("vd-db-puzzles",))
        self.puzzle_board: PuzzleBoard | None = None
        self.tables_page = w.VBox(layout=full, _dom_classes=("vd-db-tables",))
        self.tables_tab: TablesTab | None = None  # once its tab is opened
        self._panel_built = False
        self._pages_built = {False: False, True: False}

        # Min väg: the child's path, the page's start (vandatta_widgets.path; its lessons open beside the
        # dashboard's notebook, as /voila/render/sv/01-….ipynb)
        from .path_page import PathPage

        self.path = PathPage(lang=lang, open_tab=self._open_tab)
        self.tabs = w.Tab(
            children=[
                self.path,
                replay_page,
                self.new_page,
                self.play_page,
                self.match_page,
                self.puzzle_page,
                self.tables_page,
            ],
            layout=full,
            _dom_classes=("vd-db-tabs",),
        )
        self.children = [stylesheet(), header, self.message, self.tabs]

        self.language.observe(self._on_switch, names="value")
        self.tabs.observe(self._on_tab, names="selected_index")

    def build_panel(self) -> None:
        """Build the New round tab (once; it is built when first shown or read): the one "new
        round" form; below it, opening a saved round."""
        if self.__dict__.get("_panel_built"):
            return
        lay = w.Layout
        self._panel_built = True
        self.settings_form = form = SettingsForm(
            lang=self.lang,
            who="play",
            players=len(SAMPLE["players"]),
            seats=DEFAULT_SEATS,
            game_number=SAMPLE["seed"],
        )
        # the form's controls, by the names programs and tests know them
        self.who = form.who
        self.game_number = form.game_number
        self.new_number_button = form.new_number_button
        self.players = form.players
        self.seat_choices = form.seat_choices
        self.variant_boxes = form.variant_boxes
        self.start_button = form.start_button
        self._follow("settings", (form, "lang"))
        form.ask_first = self._ask_first
        form.on_start(self._start_round)
        form.deck_box.observe(self._on_deck, names="value")
        self.upload_title = HTML()
        self.upload_help = HTML()
        self.upload_help.add_class("vd-db-help")
        # the size is checked in the browser, before anything is sent (see vandatta_widgets.controls.upload)
        self.upload = RecordPicker(limit=MAX_UPLOAD_BYTES, layout=lay(width="auto", align_self="flex-start"))
        self.upload.add_class("vd-db-upload")
        self.new_page.children = [
            form,
            HTML('<hr class="vd-db-rule">'),
            self.upload_title,
            self.upload_help,
            self.upload,
        ]
        self.upload.on_file(self.load_file)
        self.upload.on_refused(self._on_refused)
        self.upload.on_unreadable(self._on_unreadable)
        self._relabel_panel()

    def build_page(self, *, match: bool) -> None:
        """Build the play or match tab (once): an introduction, and a way to the New round
        form, above the table."""
        if self._pages_built[match]:
            return
        lay = w.Layout
        self._pages_built[match] = True
        name = "match" if match else "play"
        intro = HTML(layout=lay(flex="1 1 360px", width="auto"))
        intro.add_class("vd-db-help")
        change = w.Button(layout=lay(width="auto", flex="0 0 auto"))
        change.add_class(f"vd-db-{name}-change")
        box = w.VBox(layout=lay(width="100%"))
        row = w.HBox([intro, change], layout=lay(width="100%"))
        row.add_class("vd-db-row")
        setattr(self, f"{name}_intro", intro)
        setattr(self, f"{name}_change", change)
        setattr(self, f"{name}_box", box)
        (self.match_page if match else self.play_page).children = [row, box]
        change.on_click(self._on_match_change if match else self._on_play_change)
        self._relabel_page(match=match)

    # -- public API --------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game in the replay viewer."""
        assert self.viewer is not None
        return self.viewer.game

    def settings(self) -> RoundSettings:
        """The New round form's settings, checked (the browser may have sent anything)."""
        return self.settings_form.settings()  # a SettingsProblem is a Problem: shown as it is

    def start(self) -> None:
        """Start a round with the form's settings (its button), asking first if that would
        throw away a game in progress."""
        self.settings_form.start()

    def set_classroom(self, on: bool = True) -> None:
        """Turn the replay's classroom mode on or off (``?classroom=1`` in the page's address
        does this once the page has connected) and show the replay."""
        self._classroom = bool(on)
        if self.viewer is not None:
            self.viewer.classroom = bool(on)
        for table in (self.play_table, self.match_table):
            if table is not None:  # the class talks about each move: "Fortsätt", and the chances
                from ..play.play_table import DEFAULT_PACE

                table.pace_choice.value = "wait" if on else DEFAULT_PACE
                table.chances_box.value = bool(on)
        if on:
            self.tabs.selected_index = REPLAY_TAB

    @guarded
    def load_file(self, name: str, data: bytes | bytearray | memoryview) -> None:
        """Open an uploaded record (what the upload button does with a file); a bad one
        gets its message at the top and the game shown before stays."""
        self._load(name, data)

    def message_text(self) -> str:
        """The message shown at the top, as plain text ("" when there is none)."""
        if self._message is None:
            return ""
        return self._message[1](self.lang)

    @property
    def message_kind(self) -> str | None:
        """``"error"``, ``"ok"``, ``"busy"`` or ``None``."""
        return None if self._message is None else self._message[0]

    # -- showing a game ----------------------------------------------------------------------

    def _show_game(self, game: Game, source: dict) -> None:
        old = self.viewer
        # a new game keeps classroom mode: the teacher at the projector stays in it
        viewer = ReplayViewer(game, lang=self.lang, classroom=old is not None and old.classroom)
        viewer.language.layout.display = "none"  # the dashboard's switch speaks for all
        self._follow("viewer", (viewer.language, "value"))  # the viewer's language is its switch
        self.viewer = viewer
        self._source = source
        self.replay_box.children = [viewer]
        self.caption.value = self._caption_html(self.lang)
        if old is not None:
            close_all(old)

    def _caption_html(self, lang: str) -> str:
        source = self._source
        if self.viewer is None:
            return ""
        game = self.viewer.game
        kind = source.get("kind")
        if kind == "file":
            head = t("db_from_file", lang, name=source.get("name", ""))
        else:
            head = t("db_sample" if kind == "sample" else "db_new", lang)
        parts = [f"<b>{html.escape(head)}</b>"]
        if "seed" in source:
            parts.append(html.escape(t("db_seed_is", lang, seed=source["seed"])))
        kinds = [game.player_info[seat].get("player") for seat in range(game.players)]
        known = [k for k in kinds if isinstance(k, str) and k in PLAYER_KINDS]
        if len(known) == len(kinds):
            words = ", ".join(term("kind_short." + k, lang) for k in known)
            parts.append(html.escape(t("db_players_n", lang, n=game.players, kinds=words)))
        else:  # a record from elsewhere
            parts.append(html.escape(t("db_players_count", lang, n=game.players)))
        ids = game.rules.ids()
        parts.append(
            html.escape(t("db_rules_with", lang, ids=", ".join(ids)) if ids else t("db_rules_basic", lang))
        )
        text = " · ".join(parts)
        if kind == "sample":
            text += f'<span class="vd-db-tip"> – {html.escape(t("db_step_tip", lang))}</span>'
        return f"<div>{text}</div>"

    # -- messages ---------------------------------------------------------------------------

    def _say(self, kind: str, text: Callable[[str], str] | None) -> None:
        self._message = None if text is None else (kind, text)
        self._render_message()

    def _render_message(self) -> None:
        if self._message is None:
            with self.message.hold_sync():
                self.message.value = ""
                self.message.layout.display = "none"
            return
        kind, text = self._message
        mark = {"error": "⚠ ", "ok": "✓ "}.get(kind, "")
        body = html.escape(text(self.lang))
        with self.message.hold_sync():
            self.message.value = f'<div class="vd-db-msg vd-db-{kind}" role="status">{mark}{body}</div>'
            self.message.layout.display = None

    # -- words ----------------------------------------------------------------------------------

    def _relabel(self) -> None:
        lang = self.lang
        self.subtitle.value = (
            f"<h1>{html.escape(t('page_title', lang))}</h1>"
            f'<span class="vd-db-sub">{html.escape(t("db_subtitle", lang))}</span>'
        )
        self.language.tooltips = [t("db_language_tip", lang)] * 2
        self.tabs.titles = tuple(t(key, lang) for key in _TAB_KEYS)
        if self._panel_built:
            self._relabel_panel()
        for match in (False, True):
            if self._pages_built[match]:
                self._relabel_page(match=match)
        self.caption.value = self._caption_html(lang)
        self._render_message()

    def _relabel_panel(self) -> None:
        lang = self.lang
        self.upload_title.value = f"<h3>{html.escape(t('db_upload_title', lang))}</h3>"
        self.upload_help.value = f"<p>{html.escape(t('db_upload_help', lang))}</p>"
        self.upload.label = t("db_upload", lang)
        self.upload.tip = t("db_upload_tip", lang)

    def _relabel_page(self, *, match: bool) -> None:
        lang = self.lang
        name = "match" if match else "play"
        intro, change, box = (getattr(self, f"{name}_{part}") for part in ("intro", "change", "box"))
        text, rules = without_citations(self._intro_text(match, lang))  # the rule id: a chip to tap
        intro.value = f"<p>{html.escape(text)}</p>{chip_row_html(rules, lang)}"
        change.description = t("db_change", lang)
        change.tooltip = t("db_change_tip", lang)
        if box.children and isinstance(box.children[0], HTML):
            box.children[0].value = self._loading_html(lang)

    def _intro_text(self, match: bool, lang: str) -> str:
        """The words above a play table: with several people at the tablet, their names."""
        table = self.match_table if match else self.play_table
        if table is None or len(table.presenter.people) < 2:
            return t("db_match_intro" if match else "db_play_intro", lang)
        names = table.session.names(lang)
        people = [names[s] for s in table.presenter.people]
        computers = [s for s in table.session.seats if s.kind == "computer"]
        if match:
            everyone = people + [names[i] for i, s in enumerate(table.session.seats) if s.kind == "computer"]
            return t("cp_match_people", lang, people=join_words(everyone, lang))
        key = (
            "cp_people_only"
            if not computers
            else "cp_people_vs_one"
            if len(computers) == 1
            else "cp_people_vs_many"
        )
        return t(key, lang, people=join_words(people, lang))

    @staticmethod
    def _loading_html(lang: str) -> str:
        return f'<p class="vd-db-help">{html.escape(t("db_loading", lang))}</p>'

    # -- callbacks (every one guarded) ---------------------------------------------------------

    def _report(self, error: BaseException) -> None:
        """A guarded callback failed (vandatta_widgets.base.screen.guarded): say so at the top of the page."""
        self._say("error", error_text(error))  # a Problem says itself in the visitor's language

    @guarded
    def _on_switch(self, change: dict) -> None:
        value = change.get("new")
        if value not in LANGS:
            shown = _shorten(repr(value))
            raise Problem("db_bad_choice", value=shown)
        self.lang = value

    @guarded
    def _on_lang(self, change: dict) -> None:
        lang = self.lang
        if self.language.value != lang:
            self.language.value = lang
        self._relabel()  # the child views follow through their links (see _follow)

    @guarded
    def _on_tab(self, change: dict) -> None:
        index = change.get("new")
        if index is None:
            return
        if not _is_int(index) or not 0 <= index < len(_TAB_KEYS):
            shown = _shorten(repr(index))
            raise Problem("db_bad_choice", value=shown)
        if self._message is not None and change.get("old") != index:
            self._say("ok", None)  # a message belongs to the moment: not carried to another tab
        if index == NEW_TAB and not self._panel_built:
            self.build_panel()
        elif index == PLAY_TAB and self.play_table is None:
            self._build_table(self.settings_for("play"), match=False)
        elif index == MATCH_TAB and self.match_table is None:
            self._build_table(self.settings_for("match"), match=True)
        elif index == PUZZLE_TAB and self.puzzle_board is None:
            self.build_puzzles()
        elif index == TABLES_TAB and self.tables_tab is None:
            self.build_tables()

    def _open_tab(self, name: str) -> None:
        if name == "puzzles":
            self.tabs.selected_index = PUZZLE_TAB

    def build_puzzles(self) -> PuzzleBoard:
        """The Puzzles tab's :class:`~vandatta_widgets.lessons.puzzle.PuzzleBoard` (built when the tab is
        first opened; the dashboard's language switch speaks for it)."""
        if self.puzzle_board is None:
            from ..lessons.puzzle import PuzzleBoard

            self.puzzle_board = PuzzleBoard(lang=self.lang)
            self._follow("puzzles", (self.puzzle_board, "lang"))
            self.puzzle_page.children = [self.puzzle_board]
        return self.puzzle_board

    def build_tables(self):
        """The "Play with others" tab: the tables of the server the dashboard runs in
        (:mod:`vandatta_widgets.tables`), built when the tab is first opened; it follows the
        dashboard's language (a link, not a push)."""
        if self.tables_tab is None:
            from ..tables.tab import TablesTab

            self.tables_tab = TablesTab(lang=self.lang)
            self._follow("tables", (self.tables_tab, "lang"))
            help_text = HTML(_dom_classes=("vd-db-help",))
            w.dlink(
                (self, "lang"),
                (help_text, "value"),
                transform=lambda lang: f"<p>{html.escape(t('tbc_tab_help', lang))}</p>",
            )
            self.tables_page.children = [help_text, self.tables_tab]
        return self.tables_tab

    def settings_for(self, who: str) -> RoundSettings:
        """The form's players, rules and game number, for ``who`` ("play", "match", "watch")."""
        settings = self.settings()
        if settings.who == who:
            return settings
        form = self.settings_form
        current = form.who.value
        form.who.value = who
        try:
            return self.settings()
        finally:
            form.who.value = current

    def _ask_first(self, settings: RoundSettings) -> Callable[[str], str] | None:
        """The question to ask before ``settings`` would throw away a game in progress."""
        table = {"play": self.play_table, "match": self.match_table}.get(settings.who)
        if table is not None and table.in_progress:
            key = "db_confirm_match" if settings.who == "match" else "db_confirm_play"
            return lambda lang: t(key, lang)
        return None

    @guarded
    def _start_round(self, settings: RoundSettings) -> None:
        """The form's button (after the question, if one was asked): a round where it is played."""
        if settings.who == "watch":
            seed, kinds, rules = settings.game_number, list(settings.seats), settings.rules
            self._say("busy", lambda lang: t("db_playing", lang))
            self.start_button.disabled = True
            try:
                game = play_game(computer_players(kinds, seed), seed=seed, rules=rules)
            finally:
                self.start_button.disabled = False
            self._show_game(game, {"kind": "new", "seed": seed, "kinds": kinds})
            self.tabs.selected_index = REPLAY_TAB
            n = game.ply
            self._say("ok", lambda lang: t("db_started", lang, n=n))
            return
        match = settings.who == "match"
        self._build_table(settings, match=match)
        self.tabs.selected_index = MATCH_TAB if match else PLAY_TAB

    @guarded
    def _on_refused(self, name: str, size: int) -> None:
        """The browser kept back a file over the limit (and sent only its name and size)."""
        shown = _shorten(name)
        raise Problem(
            "db_file_refused", name=shown, reason=Problem("db_too_big", size=size, limit=MAX_UPLOAD_BYTES)
        )

    @guarded
    def _on_unreadable(self, name: str) -> None:
        shown = _shorten(name)
        raise Problem("db_file_refused", name=shown, reason=Problem("db_unreadable"))

    @guarded
    def _on_deck(self, change: dict) -> None:
        """The four-colour deck on or off: every play table redraws its cards at once."""
        for table in (self.play_table, self.match_table):
            if table is not None:
                table.deck = self.settings_form.deck

    @guarded
    def _on_play_change(self, _button: object = None) -> None:
        self.settings_form.who.value = "play"
        self.tabs.selected_index = NEW_TAB

    @guarded
    def _on_match_change(self, _button: object = None) -> None:
        self.settings_form.who.value = "match"
        self.tabs.selected_index = NEW_TAB

    # -- work ----------------------------------------------------------------------------------

    def _build_table(self, settings: RoundSettings, *, match: bool) -> None:
        from ..play.play_table import DEFAULT_PACE, PlayTable

        if not self._pages_built[match]:
            self.build_page(match=match)
        box = self.match_box if match else self.play_box
        old = self.match_table if match else self.play_table
        box.children = [HTML(self._loading_html(self.lang))]
        table = PlayTable(
            seats=settings.play_seats(),  # people (pass and play) and computers, as the form says
            seed=settings.game_number,
            rules=settings.rules,
            lang=self.lang,
            match=match,
            pace="wait" if self._classroom else DEFAULT_PACE,  # the class talks about each move
            chances=self._classroom,
            deck=self.settings_form.deck,
        )
        table.switch.layout.display = "none"  # the dashboard's switch speaks for all
        self._follow("match" if match else "play", (table, "lang"))
        if match:
            self.match_table = table
        else:
            self.play_table = table
        placeholder = box.children[0]
        box.children = [table]
        placeholder.close()
        if old is not None:
            close_all(old)
        self._relabel_page(match=match)  # the people at the table, by name

    def _load(self, name: str, data: bytes | bytearray | memoryview) -> None:
        shown = _shorten(name if isinstance(name, str) else "?")

        def fail(reason: Problem) -> Problem:
            return Problem("db_file_refused", name=shown, reason=reason)

        if not isinstance(name, str) or not name.strip().lower().endswith(".json"):
            raise fail(Problem("db_not_json_name"))
        size = len(data) if not isinstance(data, memoryview) else data.nbytes
        if size > MAX_UPLOAD_BYTES:  # before any parsing
            raise fail(Problem("db_too_big", size=size, limit=MAX_UPLOAD_BYTES))
        if size == 0:
            raise fail(Problem("db_empty"))
        try:
            text = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise fail(Problem("db_not_utf8")) from None
        try:
            record = json.loads(text)
        except json.JSONDecodeError as error:
            line, col, detail = error.lineno, error.colno, error.msg
            raise fail(Problem("db_not_json", line=line, col=col, detail=detail)) from None
        except (ValueError, RecursionError) as error:  # huge numbers, deep nesting
            detail = _shorten(str(error), 120)
            raise fail(Problem("db_not_json_plain", detail=detail)) from None
        try:
            game = read_game(record, max_moves=MAX_RECORD_MOVES)
        except RecordError as error:
            raise fail(_record_reason(record, error)) from None
        self._show_game(game, {"kind": "file", "name": shown})
        self.tabs.selected_index = REPLAY_TAB
        n = game.ply
        self._say("ok", lambda lang: t("db_loaded", lang, name=shown, n=n))


def _built_on_first_use(name: str) -> property:
    """A part of the New round panel or of a play page, built the first time it is read (the
    dashboard opens on the replay: the other tabs' widgets wait until they are wanted)."""
    panel = name in _PANEL_ATTRS

    def get(dash: Dashboard) -> object:
        own = dash.__dict__
        if name not in own:
            if panel and own.get("_panel_built") is False:
                dash.build_panel()
            elif not panel and own.get("_pages_built") is not None:
                match = name.startswith("match_")
                if not own["_pages_built"][match]:
                    dash.build_page(match=match)
        if name not in own:
            raise AttributeError(f"'Dashboard' object has no attribute {name!r} yet")
        return own[name]

    def set_(dash: Dashboard, value: object) -> None:
        dash.__dict__[name] = value

    return property(get, set_, doc=f"{name} (built on first use)")


for _name in _PANEL_ATTRS | _PAGE_ATTRS:
    setattr(Dashboard, _name, _built_on_first_use(_name))


def _record_reason(record: object, error: RecordError) -> Problem:
    """What is wrong with ``record``, in either language: the engine's diagnosis
    (:func:`vandatta.record.record_fault`) — for a bad move, its number and the engine's own
    verdict; for a field, its name — in the page's words."""
    fault = record_fault(record, error)
    n, shown = fault.move_number, _shorten(fault.move or "", 40)
    if fault.kind == "move_after_end":
        return Problem("db_move_after_end", n=n, move=shown)
    if fault.kind == "unreadable_move":
        return Problem("db_bad_move_text", n=n, move=shown, why=fault.detail)
    if fault.kind == "illegal_move" and fault.verdict is not None and fault.before is not None:
        verdict, before = fault.verdict, fault.before
        seat = before.to_move

        def why(lang: str) -> str:  # told about the player, as the replay tells it
            return verdict.text(lang, player=before.player_name(seat, lang))

        return Problem("db_bad_move", n=n, move=shown, why=LocalText.of(why))
    if fault.kind == "field":
        return Problem("db_bad_field", field=error.field, why=error)
    return Problem("db_bad_record", why=error)
