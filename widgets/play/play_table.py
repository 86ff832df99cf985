"""Play a round — or a whole match to 100 — at a child's pace: against computer players, or
with friends taking turns on one tablet ("pass and play").

>>> import vandatta as v
>>> g = v.Game.from_position(hands=["7♥ K♠ 8♦ 2♣", "5♠ 6♠"], top="7♣", talon="9♠ 10♠ J♠ Q♠")
>>> table = PlayTable.from_game(g, bots=["beginner"], lang="en", pace="wait")  # the classroom's
>>> table.select("K♠"); table.lay_button.click()          # illegal: nothing changes
>>> print(table.feedback_text())
Not allowed: K♠ does not fit: it has neither the suit ♣ nor the rank 7 (R4).
>>> table.select("7♥"); table.lay_button.click()
>>> table.game.top, table.game.to_move
(Card.parse('7♥'), 1)
>>> print(table.last_move_text())                         # kept until the child's next move
Your last move: 7♥ on 7♣: same rank — hearts is now the suit (R4).
>>> table.ticker.tick += 1; table.game.ply                # the computers wait for "Continue"
1
>>> table.continue_button.click()                         # the computer's whole turn
>>> [str(m) for m in table.game.moves[1:]]
['draw', 'draw', 'draw', 'pass']

Two people and a computer on one tablet: between two people's turns the hand is hidden behind
a screen until the next person taps it.

>>> from vandatta_widgets.play.session import Seat
>>> seats = [Seat.person("Alva"), Seat.person("Bo"), Seat.computer("beginner")]
>>> table = PlayTable(seats=seats, seed=4, lang="en")
>>> table.screen_up, table.hand.cards                      # Bo sits after the dealer (R3)
(True, [])
>>> print(table.screen_text())
Hand the tablet to Bo – tap when ready
>>> table.ready_button.click()
>>> table.screen_up, table.hand.cards == sorted(table.game.hand(1), key=lambda c: (c.suit, c.rank))
(False, True)

The table is a view of a :class:`~vandatta_widgets.play.session.PlaySession` (the round or match, the seats,
the turns, the computers' moves, hints and the log): it observes the session and redraws from
it. The UI never decides what is legal: every attempt goes to the engine and its own verdict
is shown, a line at a time. The computers move by themselves, one move at a time, paced by a
front-end clock (:class:`Ticker`, an anywidget whose timer runs in the browser:
``pace="slow"``, the default — a pace a child can follow, each card dropping onto the pile and
the move told in words — ``"normal"`` or ``"fast"``), so no Python thread or timer is
involved; or, for a classroom that talks about every move, only when someone presses
"Fortsätt" / "Continue" (``pace="wait"``). The child's own last move stays on screen with its
explanation ("Ditt senaste drag") until the next one.

A button that cannot be used now is disabled and says why beside the buttons (the engine
decides: after three draws "Dra ett kort" is refused). "Tips" marks the card(s) it suggests in
the hand and says why in one sentence beside it; the chances in per cent only with
``chances=True``. Whose turn it is and every move are told to screen readers (a live region,
:class:`Announcer`).

>>> g = v.Game.from_position(hands=["K♠ 2♣", "5♠ 6♠"], top="7♣", talon="9♠ 10♠ J♠ Q♠")
>>> table = PlayTable.from_game(g, bots=["beginner"], lang="en")
>>> table.pace, table.draw_button.disabled
('slow', False)
>>> for _ in range(3): table.draw_button.click()
>>> table.draw_button.disabled, table.pass_button.disabled
(True, False)
>>> print(table.button_why_text())
“Draw a card” cannot be used now. You have already drawn three cards: lay a card or pass.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import contextmanager
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anywidget
import ipywidgets as w
import traitlets as tr

from vandatta import Card, Game, Move, Rank, Rules, Suit, svg
from vandatta.lang import check_lang

from ..base.chips import without_citations
from ..base.i18n import LANGS, language_switch, t
from ..base.safe import HTML, BrowserGuard
from ..base.screen import Lang, guarded
from ..base.style import stylesheet
from ..controls.confirm import ConfirmBar
from ..controls.declare import EightDeclaration
from ..controls.hand import HandView
from ..controls.review import ReviewPanel
from ..controls.scoreboard import ScoreBoard
from ..controls.sound import SoundCue
from ..controls.speech import ReadAloud
from ..controls.table import PileView, TableView
from .presenter import PlayPresenter, rule_value_text, rules_badges_html
from .session import STRENGTHS, Change, HintUnavailable, PlaySession, RoundNotOver, Seat

if TYPE_CHECKING:
    from vandatta import Match

__all__ = [
    "PlayTable",
    "Ticker",
    "Announcer",
    "PLAYER_NAMES",
    "PACES",
    "DEFAULT_PACE",
    "DEFAULT_BOT",
    "rules_badges_html",
    "rule_value_text",
]

PLAYER_NAMES = STRENGTHS  # the engine's computer players (vandatta.ai.PLAYER_NAMES)
# The computers' pace: "wait" for the child's "Continue", or a clock interval in ms.
PACES: dict[str, int | None] = {"wait": None, "slow": 1600, "normal": 900, "fast": 400}
DEFAULT_PACE = "slow"  # a child can follow each move; "wait" is the classroom's
DEFAULT_BOT = "beginner"  # an easy opponent unless another is asked for
_PACE_WORDS = {"wait": "pace_wait", "slow": "slow", "normal": "normal", "fast": "fast"}
_MAX_TURN = 30  # moves of one computer turn (at most 3 draws, aces, follow-ups): a safety stop


# -- the front-end clock ---------------------------------------------------------------------------

_HERE = Path(__file__).resolve().parent  # the clock's front end (play_ticker.js) lives beside the module


class Ticker(BrowserGuard, anywidget.AnyWidget):
    """A hidden clock that runs in the browser: while ``running``, ``tick`` goes up by one
    every ``interval`` ms. Python observes ``tick``; tests simulate the clock by setting it.

    (Unlike ``ipywidgets.Play``, whose timer starts only when a rendered view sees
    ``playing`` change, this one also starts on page load with ``running`` already true.)
    """

    _esm = _HERE / "play_ticker.js"
    browser_writable = frozenset({"tick"})  # the clock; running and interval only Python sets
    tick = tr.Int(0).tag(sync=True)
    running = tr.Bool(False).tag(sync=True)
    interval = tr.Int(900).tag(sync=True)

    @tr.validate("interval")
    def _valid_interval(self, proposal: dict) -> int:
        return min(10_000, max(50, int(proposal["value"])))


class Announcer(BrowserGuard, anywidget.AnyWidget):
    """A live region for screen readers, made once in the browser: each new ``text`` is
    announced (whose turn it is, the move just made). Invisible on screen."""

    _esm = _HERE / "announce.js"
    browser_writable = frozenset()
    text = tr.Unicode("").tag(sync=True)


# -- the hand with a fitting overlap ---------------------------------------------------------------


def _overlap(n: int) -> float:
    """Overlap so that a long hand stays as wide as eight separate cards (the corner index
    always shows)."""
    if n <= 8:
        return 0.0
    step = (8 * 78 - 78) / (n - 1)
    return round(min(0.72, max(0.0, 1 - step / 70)), 3)


class _PlayHand(HandView):
    """HandView drawn with an overlap for long hands; its legal highlighting comes from a
    callable (the play table asks the engine), so a click redraws it once."""

    def __init__(self, **kwargs: object) -> None:
        self._holding = False
        self.legal_of: Callable[[list[int]], list[int]] | None = None
        super().__init__(**kwargs)

    @contextmanager
    def batch(self):
        """Change several traits, draw once, send one message."""
        with self.hold_sync():
            self._holding = True
            try:
                yield
            finally:
                self._holding = False
            self._redraw()

    _dim_while_chosen = False  # with a card chosen, the others are not dimmed: calmer

    def _legal_now(self) -> set[int]:
        return set(self.legal_of(list(self.selected))) if self.legal_of else super()._legal_now()

    def _overlap_now(self) -> float:
        return _overlap(len(self.cards))

    def _redraw(self, change: object = None) -> None:
        if not self._holding:
            super()._redraw(change)


# -- the play table --------------------------------------------------------------------------------


class PlayTable(w.VBox):
    """A card table to play Vändåtta: a round, or with ``match=True`` a whole match to 100
    (:class:`vandatta.Match`) with a score board — a view of a
    :class:`~vandatta_widgets.play.session.PlaySession`.

    ``seats`` says who sits where (:class:`~vandatta_widgets.play.session.Seat`: people at this device and
    computers of a strength, any mix of 2–8); between two people's turns the hand hides behind
    a screen until the next person taps "ready". Without ``seats``, one person plays at
    ``human_seat`` (``None``: only watching) and ``bots`` names the computer player of every
    other seat in seat order ("random", "beginner", "expert", "strong"; one name for all);
    ``names`` names the seats. ``session`` shows an existing session instead.
    ``seed`` (the game number) makes the deals and the computers' choices repeatable.
    ``pace`` is how the computers move: by themselves at ``"slow"`` (the default: a child can
    follow each move), ``"normal"`` or ``"fast"``, or ``"wait"`` (only after a click on
    "Continue": for a classroom that talks about each move). ``chances`` shows the hint's
    chances to win in per cent (for older players and the teacher). ``deck`` is
    ``"classic"`` (two colours) or ``"four"`` (♠ black, ♥ red, ♦ blue, ♣ green, with the suit's
    letter; a trait: change it at any time).
    ``highlight`` lifts the cards that may be laid (the engine's legal moves); the player can
    switch it off to practise.

    Attributes for programs and tests: ``session``, ``game`` (the current
    :class:`vandatta.Game`), ``match`` (or ``None``), ``hand`` (the
    :class:`~vandatta_widgets.controls.hand.HandView`), the buttons ``lay_button``, ``draw_button``,
    ``pass_button``, ``lappen_button`` and ``varning_button`` (toggles, each shown only under
    its rule, V3 and O9), ``clear_button``, ``hint_button``, ``new_round_button``, ``continue_button``; ``declaration`` (the
    :class:`~vandatta_widgets.controls.declare.EightDeclaration`); ``pace_choice``, ``highlight_box``; ``ticker``
    (the front-end clock); ``feedback``, ``last_move``, ``log_view``, ``hint_box``, ``status``,
    ``rules_view`` (HTML); ``confirm`` (a :class:`~vandatta_widgets.controls.confirm.ConfirmBar`); ``pile_view``,
    ``table_view``, ``scoreboard``; ``screen``, ``screen_note`` and ``ready_button`` (the
    screen between two people); ``errors`` (every exception a callback caught, as text).
    """

    lang = Lang()
    deck = tr.Enum(svg.DECKS, default_value="classic")

    def __init__(
        self,
        players: int = 3,
        bots: Sequence[str] | str | None = None,
        *,
        seed: int | None = None,
        rules: Rules | None = None,
        lang: str = "sv",
        human_seat: int | None = 0,
        match: bool = False,
        names: Sequence[str] | None = None,
        pace: str = DEFAULT_PACE,
        highlight: bool = True,
        chances: bool = False,
        deck: str = "classic",
        hint_playouts: int = 2000,
        game: Game | None = None,
        seats: Sequence[Seat | str] | None = None,
        session: PlaySession | None = None,
        **kwargs: object,
    ) -> None:
        super().__init__(**kwargs)
        check_lang(lang)
        if pace not in PACES:
            raise ValueError(f"pace must be one of {', '.join(PACES)}, not {pace!r}")
        if session is None:
            if game is not None:
                if not isinstance(game, Game):
                    raise TypeError(f"game must be a vandatta.Game, not {type(game).__name__}")
                if match:
                    raise ValueError("a match deals its own rounds: give either game= or match=True")
                players = game.players
            if seats is None:
                seats = _seats_of(players, bots, human_seat)
            parsed = [Seat.parse(s) for s in seats]
            if names is not None:
                if len(names) != len(parsed) or not all(isinstance(n, str) and n.strip() for n in names):
                    raise ValueError(f"names must be {len(parsed)} non-empty strings, one per seat")
                parsed = [Seat(s.kind, n, s.strength) for s, n in zip(parsed, names)]
            session = PlaySession(
                parsed, rules=rules, seed=seed, match=match, game=game, hint_playouts=hint_playouts
            )
        elif not isinstance(session, PlaySession):
            raise TypeError(f"session must be a PlaySession, not {type(session).__name__}")
        self.session = session
        self.errors: list[str] = []
        self.presenter = PlayPresenter(session)  # this device's state and its words
        self.presenter.waits_for_continue = PACES[pace] is None
        self.presenter.show_chances = bool(chances)
        self._last_hand: tuple[Card, ...] = ()

        self._ready = False
        self.set_trait("lang", lang)  # before the views are built: their links start from it
        self.set_trait("deck", deck)
        self._build(lang, pace, highlight, session.match is not None, bool(chances))
        self._relabel()
        self._apply_deck()
        self._start_round()
        self._unsubscribe = session.subscribe(self._on_session)
        self.observe(self._on_deck, names="deck")
        self._ready = True

    # -- construction ---------------------------------------------------------------------------

    @classmethod
    def from_game(
        cls,
        game: Game,
        *,
        bots: Sequence[str] | str | None = None,
        human_seat: int | None = 0,
        lang: str = "sv",
        seed: int = 0,
        **kwargs: Any,  # PlayTable's own options
    ) -> PlayTable:
        """A table that starts from ``game`` (e.g. ``Game.from_position(...)``, a lesson's
        position); "Next round" then deals fresh rounds with the same players and rules."""
        return cls(bots=bots, human_seat=human_seat, lang=lang, seed=seed, game=game, **kwargs)

    def close(self) -> None:
        """Stop observing the session, then close the widget."""
        unsubscribe = getattr(self, "_unsubscribe", None)
        if unsubscribe is not None:
            unsubscribe()
        super().close()

    def _build(self, lang: str, pace: str, highlight: bool, match: bool, chances: bool = False) -> None:
        lay = w.Layout
        self.add_class("vd-play")
        self.add_class("vd-ui")
        self.layout.width = "100%"
        self.switch = language_switch(lang)
        self.status = HTML(layout=lay(flex="1 1 320px", min_width="0"))
        self.rules_view = HTML(layout=lay(width="100%"))
        self.pace_choice = w.Dropdown(options=list(PACES), value=pace, layout=lay(width="auto"))
        self.pace_choice.add_class("vd-pace")
        self.highlight_box = w.Checkbox(value=bool(highlight), indent=False, layout=lay(width="auto"))
        self.highlight_box.add_class("vd-highlight")
        self.chances_box = w.Checkbox(value=chances, indent=False, layout=lay(width="auto"))
        self.chances_box.add_class("vd-chances")
        self.announcer = Announcer(layout=lay(height="0", overflow="hidden"))
        self.ticker = Ticker(interval=PACES[pace] or 900, layout=lay(display="none"))
        self.table_view = TableView(view="seats", lang=lang)
        self.pile_view = PileView(lang=lang, size=100, layout=lay(flex="0 0 auto"))
        self.feedback = HTML(layout=lay(width="100%", min_width="0"))
        self.feedback.add_class("vd-feedback-box")
        self.read_aloud = ReadAloud(lang=lang)  # reads the explanation and the hint (the browser's voice)
        self.sound = SoundCue(lang=lang, classroom=pace == "wait")
        self._heard_ply = 0  # the moves a sound was asked for
        self.continue_button = w.Button(button_style="primary", layout=lay(width="auto", display="none"))
        self.continue_button.add_class("vd-continue")
        news = w.VBox(
            [self.feedback, self.read_aloud, self.continue_button],
            layout=lay(flex="1 1 280px", min_width="0"),
        )
        news.add_class("vd-row")
        self.last_move = HTML(layout=lay(flex="1 1 280px", min_width="0"))
        self.last_move.add_class("vd-last-box")
        self.hand_label = HTML()
        self.hand = _PlayHand(size=96, lang=lang)
        self.hand.legal_of = self._legal_indices
        if not self.presenter.people:  # only watching: no hand of one's own
            self.hand.layout.display = "none"
            self.last_move.layout.display = "none"
        self.screen_note = HTML()
        self.ready_button = w.Button(button_style="primary", layout=lay(width="auto"))
        self.ready_button.add_class("vd-ready")
        self.screen = w.VBox([self.screen_note, self.ready_button], layout=lay(display="none", width="100%"))
        self.screen.add_class("vd-screen")
        self.declaration = EightDeclaration(lang=lang, suit_only=self.rules.suit_only_eights)
        self.declaration.layout.display = "none"
        self.lay_button = w.Button(button_style="primary", layout=lay(width="auto"))
        self.lay_button.add_class("vd-primary")
        self.draw_button = w.Button(layout=lay(width="auto"))
        self.pass_button = w.Button(layout=lay(width="auto"))
        self.lappen_button = w.ToggleButton(layout=lay(width="auto"))
        self.varning_button = w.ToggleButton(layout=lay(width="auto"))
        self.varning_button.add_class("vd-varning")
        self.clear_button = w.Button(layout=lay(width="auto"))
        self.hint_button = w.Button(layout=lay(width="auto"))
        self.new_round_button = w.Button(layout=lay(width="auto"))
        self.new_round_button.add_class("vd-next-round")
        buttons = w.HBox(
            [
                self.lay_button,
                self.draw_button,
                self.pass_button,
                self.varning_button,
                self.lappen_button,
                self.clear_button,
                self.hint_button,
                self.new_round_button,
            ],
            layout=lay(flex_flow="row wrap"),
        )
        buttons.add_class("vd-row")
        self.button_why = HTML(layout=lay(width="100%"))
        self.button_why.add_class("vd-button-why-box")
        self.confirm = ConfirmBar(lang=lang)
        options = w.HBox(
            [self.pace_choice, self.highlight_box, self.chances_box],
            layout=lay(flex_flow="row wrap", align_items="center"),
        )
        options.add_class("vd-row")
        self.log_title = HTML()
        self.log_view = HTML(layout=lay(width="100%"))
        self.hint_box = HTML(layout=lay(width="100%"))
        self.hint_box.add_class("vd-hint-beside")
        self.scoreboard = ScoreBoard(
            lang=lang, language_switch=False, layout=lay(display="flex" if match else "none")
        )
        self.switch.style.button_width = "96px"
        header = w.HBox(
            [self.status, self.switch, self.sound],
            layout=lay(flex_flow="row wrap", align_items="center", width="100%"),
        )
        header.add_class("vd-row")
        middle = w.HBox(
            [self.pile_view, news, self.last_move],
            layout=lay(flex_flow="row wrap", align_items="flex-start", width="100%"),
        )
        middle.add_class("vd-row")
        main = w.VBox(
            [
                self.screen,  # first: between two people's turns it is all there is to do
                self.table_view,
                middle,
                self.hand_label,
                self.hint_box,  # beside the hand it marks, not below the fold
                self.hand,
                self.declaration,
                buttons,
                self.button_why,
                self.confirm,
                options,
            ],
            layout=lay(flex="1 1 600px", min_width="0"),
        )
        main.add_class("vd-main")
        side = w.VBox(
            [self.log_title, self.log_view],
            layout=lay(flex="1 1 300px", min_width="0", max_width="100%"),
        )
        side.add_class("vd-side")
        body = w.HBox([main, side], layout=lay(flex_flow="row wrap", width="100%", align_items="flex-start"))
        body.add_class("vd-body")
        self.review = ReviewPanel(mode="play", lang=lang, layout=lay(display="none"))  # after a round
        self.children = [
            stylesheet(),
            header,
            self.rules_view,
            body,
            self.review,
            self.scoreboard,
            self.ticker,
            self.announcer,
        ]

        self.switch.observe(self._on_switch, names="value")
        self.pace_choice.observe(self._on_pace, names="value")
        self.highlight_box.observe(self._on_highlight, names="value")
        self.chances_box.observe(self._on_chances, names="value")
        self.ticker.observe(self._on_tick, names="tick")
        self.hand.observe(self._on_select, names="selected")
        self.lay_button.on_click(self._on_lay)
        self.draw_button.on_click(self._on_draw)
        self.pass_button.on_click(self._on_pass)
        self.clear_button.on_click(self._on_clear)
        self.hint_button.on_click(self._on_hint)
        self.new_round_button.on_click(self._on_new_round)
        self.continue_button.on_click(self._on_continue)
        self.ready_button.on_click(self._on_ready)
        # the views that speak follow the table's language through links, never set by hand
        for view in (self.hand, self.declaration, self.scoreboard, self.review):
            w.dlink((self, "lang"), (view, "lang"))
        self.observe(self._on_lang, names="lang")

    # -- the session's state, as the view reads it ------------------------------------------------

    @property
    def game(self) -> Game:
        """The current round (the session's)."""
        return self.session.game

    @property
    def match(self) -> Match | None:
        """The match to 100 (the session's), or ``None``."""
        return self.session.match

    @property
    def players(self) -> int:
        return self.session.players

    @property
    def rules(self) -> Rules:
        return self.session.rules

    @property
    def seed(self) -> int:
        return self.session.seed

    @property
    def hint_playouts(self) -> int:
        return self.session.hint_playouts

    @property
    def human(self) -> int | None:
        """The seat of the person whose hand is shown (the one person, when one plays)."""
        return self.presenter.human

    @property
    def names(self) -> list[str | None] | None:
        """The names typed for the seats (``None`` if none was; a seat without one: ``None``)."""
        seats = self.session.seats
        return [s.name for s in seats] if any(s.name for s in seats) else None

    @property
    def kinds(self) -> dict[int, str]:
        """The computer player of each computer seat (match seat -> "random", "expert" …)."""
        return {
            s: seat.strength
            for s, seat in enumerate(self.session.seats)
            if seat.kind == "computer" and seat.strength is not None  # a computer has one
        }

    @property
    def screen_up(self) -> bool:
        """Whether the hand is hidden until the next person taps "ready"."""
        return self.presenter.screen_for is not None

    def screen_text(self, lang: str | None = None) -> str | None:
        """What the screen says ("Hand the tablet to Bo – tap when ready"), or ``None``."""
        return self.presenter.screen_text(lang or self.lang)

    @property
    def pace(self) -> str:
        """How the computers move: "wait" (for "Continue"), "slow", "normal" or "fast"."""
        value = self.pace_choice.value
        return value if value in PACES else "wait"

    @property
    def in_progress(self) -> bool:
        """A game someone has started and not finished: a round with moves made, or a match
        past its first move. Starting anew would throw it away."""
        g = self.game
        if self.match is not None:
            return not self.match.is_over and (self.match.round_number > 1 or g.ply > 0)
        return not g.is_over and g.ply > 0

    def is_human_turn(self) -> bool:
        """Whether the round is on and the person whose hand is shown is to move."""
        return self.presenter.person_to_move()

    def totals(self) -> list[int | None]:
        """Points so far of the current round's seats (the match's, or this table's rounds')."""
        return self.presenter.totals()

    # -- rounds ---------------------------------------------------------------------------------

    def _start_round(self) -> None:
        self.presenter.new_round()
        self.confirm.close_question()
        self.lappen_button.value = False
        self.varning_button.value = False
        self.declaration.clear()
        self.hand.selected = []
        self._refresh()
        self._schedule()

    def next_round(self) -> None:
        """Deal the next round (a new match once a match is over) — what "Next round" does
        once the player has agreed to leave a round in progress."""
        try:
            self.session.next_round()
        except RoundNotOver:
            self._say("info", lambda lang: t("pt_finish_round_first", lang))

    # -- moves ----------------------------------------------------------------------------------

    def _legal_indices(self, selected: list[int]) -> list[int]:
        return self.presenter.legal_indices(self.hand.cards, selected)

    def _play_human(self, move: Move) -> None:
        """Send the move of the person shown; a refused one changes nothing and is answered
        with the session's or the engine's own words."""
        if not self.presenter.play(move):
            self._refresh()

    @guarded
    def _on_session(self, change: Change) -> None:
        """The session changed: follow it (a move, a new round, a seat covered)."""
        if change.kind == "round":
            self._start_round()
            return
        entry = change.entry
        self.presenter.saw(entry)
        if entry is not None:
            move = entry.played  # a change's entry is a move (a round's start returned above)
            if move.is_play or move.is_pass:
                self.lappen_button.value = False
                self.varning_button.value = False
            if move.is_play:
                self.hand.selected = []
                self.declaration.clear()
        self._refresh()
        self._schedule()

    def _schedule(self) -> None:
        """Run the front-end clock while a computer is to move and the pace lets it."""
        computers_move = self.session.waiting_for() == "computer"
        self.ticker.running = computers_move and PACES[self.pace] is not None
        self.continue_button.layout.display = "" if computers_move and self.pace == "wait" else "none"

    # -- what the player reads (the presenter's words) -------------------------------------------

    def _say(
        self,
        kind: str,
        body: Callable[[str], list[str] | str],
        *,
        head: Callable[[str], str] | None = None,
    ) -> None:
        """Show a message in the feedback area (functions of the language: the switch redraws it)."""
        self.presenter.say(kind, body, head=head)
        self._render_feedback()

    def _render_feedback(self) -> None:
        self.feedback.value = self.presenter.feedback_html(self.lang)
        self._speakable()

    def _speakable(self) -> None:
        """What "Läs upp" reads: the explanation, then the hint."""
        with self.read_aloud.hold_sync():
            self.read_aloud.lang = self.lang
            self.read_aloud.say(self.feedback.value + " " + self.hint_box.value)

    def _cue_sound(self) -> None:
        """A sound for each move made since the last: a card laid, an ace, the child's round won."""
        g = self.game
        if g.ply < self._heard_ply:  # a new round
            self._heard_ply = 0
        if g.ply == self._heard_ply:
            return
        self._heard_ply = g.ply
        last = g.moves[-1]
        mine = self.presenter.round_seat_shown()
        self.sound.lang = self.lang
        if g.is_over and g.winner is not None and g.winner == mine:
            self.sound.play("win")
        elif last.is_play:
            self.sound.play("ace" if any(card.rank is Rank.ACE for card in last.cards) else "card")

    def feedback_text(self, lang: str | None = None) -> str:
        """The feedback area as plain text ("Not allowed: K♠ does not fit: it has neither the suit ♣ nor the rank 7 (R4).")."""
        return self.presenter.feedback_text(lang or self.lang)

    def last_move_text(self, lang: str | None = None) -> str:
        """The "your last move" panel as plain text ("" before the player's first move)."""
        return self.presenter.last_move_text(lang or self.lang)

    def button_why_text(self, lang: str | None = None) -> str:
        """Why the buttons that cannot be used now cannot, as plain text ("" when all can)."""
        return " ".join(self.presenter.unusable_lines(lang or self.lang))

    # -- drawing everything ---------------------------------------------------------------------

    def _relabel(self) -> None:
        lang = self.lang
        self.lay_button.description = t("play_cards", lang)
        self.lay_button.tooltip = t("pt_lay_tip", lang)
        self.draw_button.description = t("draw", lang)
        self.draw_button.tooltip = t("pt_draw_tip", lang)
        self.pass_button.description = t("pass", lang)
        self.pass_button.tooltip = t("pt_pass_tip", lang)
        self.lappen_button.description = t("lappen", lang)
        self.lappen_button.tooltip = without_citations(t("pt_lappen_tip", lang))[0]  # a tooltip holds no chip
        self.varning_button.description = t("varning", lang)
        self.varning_button.tooltip = without_citations(t("pt_varning_tip", lang))[0]
        self.clear_button.description = t("clear", lang)
        self.clear_button.tooltip = t("pt_clear_tip", lang)
        self.hint_button.description = t("hint", lang)
        self.hint_button.tooltip = t("pt_hint_tip", lang)
        self.continue_button.description = t("pt_continue", lang)
        self.continue_button.tooltip = t("pt_continue_tip", lang)
        self.log_title.value = f'<h3 class="vd-log-title">{escape(t("moves", lang))}</h3>'
        pace = self.pace
        self.pace_choice.description = t("speed", lang)
        self.pace_choice.style = {"description_width": "auto"}
        self.pace_choice.options = [(t(_PACE_WORDS[p], lang), p) for p in PACES]
        self.pace_choice.value = pace
        self.pace_choice.tooltip = t("pt_pace_tip", lang)
        self.highlight_box.description = t("pt_highlight", lang)
        self.highlight_box.tooltip = t("pt_highlight_tip", lang)
        self.chances_box.description = t("cp_chances", lang)
        self.chances_box.tooltip = t("cp_chances_tip", lang)
        self.rules_view.value = rules_badges_html(self.rules, lang)
        self.confirm.relabel(lang)

    def _refresh(self) -> None:
        """Redraw every view from the session, in the current language."""
        g = self.game
        lang = self.lang
        p = self.presenter
        names = self.session.round_names(lang)
        seats = self.session.round_seats
        mine = p.round_seat_shown()
        human_turn = self.is_human_turn()
        screened = p.screen_for is not None
        self.pile_view.update(g, lang=lang)  # first: the pile is where the eye goes after a play
        cards = p.hand_cards()
        if tuple(cards) != self._last_hand:
            self._last_hand = tuple(cards)
            keep: list[int] = []
        else:
            keep = list(self.hand.selected)
        with self.hand.batch():
            self.hand.cards = cards
            self.hand.selected = keep
            self.hand.highlight = human_turn and bool(self.highlight_box.value)
            self.hand.clickable = human_turn
        self.table_view.update(
            g,
            lang=lang,
            names=names,
            roles=[p.role(s, lang) for s in seats],
            totals=self.totals(),
            skip=() if mine is None else (mine,),
            open_hands=g.is_over,
        )
        self.hand_label.value = p.hand_label_html(lang)
        self.log_view.value = p.log_html(lang)
        self._render_hint()
        self.last_move.value = p.last_move_html(lang)
        if p.several_people:
            self.hand.layout.display = "none" if mine is None else ""
            self.last_move.layout.display = "none" if mine is None else ""
        self.screen_note.value = p.screen_html(lang)
        if p.screen_for is not None:
            self.ready_button.description = t("ps_ready", lang, name=p.player_name(p.screen_for, lang))
        self.screen.layout.display = "flex" if screened else "none"
        self.review.update(g, seat=mine)
        self._render_feedback()
        self._update_declare()
        for b in (self.lay_button, self.draw_button, self.pass_button, self.clear_button, self.hint_button):
            b.disabled = not human_turn
            b.layout.display = "none" if screened else ""
        # the engine decides whether drawing or passing is allowed now; the reason is shown
        unusable = p.unusable(lang)
        self.lay_button.disabled = not human_turn or "lay" in unusable
        self.draw_button.disabled = not human_turn or "draw" in unusable
        self.pass_button.disabled = not human_turn or "pass" in unusable
        self.draw_button.tooltip = unusable.get("draw") or unusable.get("all") or t("pt_draw_tip", lang)
        self.pass_button.tooltip = unusable.get("pass") or unusable.get("all") or t("pt_pass_tip", lang)
        self.lay_button.tooltip = unusable.get("lay") or unusable.get("all") or t("pt_lay_tip", lang)
        why = p.unusable_html(lang)
        self.button_why.value = why
        self.button_why.layout.display = "" if why else "none"
        # the status (whose turn, its data-ply) last of the turn's views: when it says "your
        # turn" the buttons beside it already show what the engine allows on that turn
        self.status.value = p.status_html(lang)
        self.announcer.text = p.announcement(lang)
        self._cue_sound()
        self.lappen_button.disabled = not human_turn
        self.lappen_button.layout.display = "" if self.rules.lappen and not screened else "none"
        self.varning_button.disabled = not human_turn
        self.varning_button.layout.display = "" if self.rules.varning and not screened else "none"
        if self.match is not None:
            over = g.is_over
            self.new_round_button.description = t("new_game" if self.match.is_over else "next_round", lang)
            self.new_round_button.disabled = not over
            self.new_round_button.tooltip = t("pt_new_round_tip" if over else "pt_finish_round_first", lang)
            self.scoreboard.update(self.match, names=self.session.names(lang))
        else:
            over = g.is_over
            self.new_round_button.description = t("cp_play_again" if over else "next_round", lang)
            self.new_round_button.disabled = False
            self.new_round_button.tooltip = t("cp_play_again_tip" if over else "pt_new_round_tip", lang)
        self.new_round_button.button_style = "success" if g.is_over else ""

    def _update_declare(self) -> None:
        """Show the declaration buttons while the chosen play ends on an eight (suit only
        under O1)."""
        chosen = self.hand.selected_cards
        show = bool(chosen) and chosen[-1].is_eight and self.is_human_turn()
        self.declaration.layout.display = "" if show else "none"
        self.declaration.suit_only = self.rules.suit_only_eights

    def _report(self, error: BaseException) -> None:
        """A guarded callback failed (vandatta_widgets.base.screen.guarded): stop the clock, say so."""
        try:
            self.ticker.running = False
            detail = f"{type(error).__name__}: {error}"
            self._say("error", lambda lang: [detail], head=lambda lang: t("error", lang))
        except Exception:
            self.feedback.value = f"<b>⚠ {escape(type(error).__name__)}: {escape(str(error))}</b>"

    # -- handlers (every one guarded) -------------------------------------------------------------

    @guarded
    def _on_switch(self, change: dict) -> None:
        if change["new"] in LANGS:
            self.lang = change["new"]

    @guarded
    def _on_lang(self, change: dict) -> None:
        if not self._ready:
            return
        if self.switch.value != self.lang:
            self.switch.value = self.lang
        self._relabel()
        self._refresh()

    @guarded
    def _on_pace(self, change: dict) -> None:
        pace = change["new"]
        if pace not in PACES:
            return
        interval = PACES[pace]
        if interval is not None:
            self.ticker.interval = interval
        self.presenter.waits_for_continue = PACES[pace] is None
        self.sound.classroom = pace == "wait"  # the classroom's pace: no sound unless switched on
        if self._ready:
            self._schedule()
            self.status.value = self.presenter.status_html(self.lang)
            self._render_feedback()

    def _apply_deck(self) -> None:
        deck = self.deck
        self.presenter.deck = self.pile_view.deck = self.table_view.deck = deck
        self.hand.deck = deck

    @guarded
    def _on_deck(self, change: dict) -> None:
        self._apply_deck()
        self.pile_view.update(self.game, lang=self.lang)
        self._refresh()

    @guarded
    def _on_chances(self, change: dict) -> None:
        self.presenter.show_chances = bool(change["new"])
        self._render_hint()

    @guarded
    def _on_highlight(self, change: dict) -> None:
        self.hand.highlight = self.is_human_turn() and bool(change["new"])

    @guarded
    def _on_select(self, change: dict) -> None:
        self._update_declare()

    @guarded
    def _on_lay(self, _button: object = None) -> None:
        chosen = self.hand.selected_cards
        if not chosen:
            self._say("info", lambda lang: t("nothing_selected", lang))
            return
        declare = self.declaration.declaration if chosen[-1].is_eight else None
        move = Move.play(
            chosen,
            declare=declare,
            lappen=bool(self.lappen_button.value),
            varning=bool(self.varning_button.value),
        )
        self._play_human(move)

    @guarded
    def _on_draw(self, _button: object = None) -> None:
        self._play_human(Move.draw())

    @guarded
    def _on_pass(self, _button: object = None) -> None:
        self._play_human(
            Move.pass_(lappen=bool(self.lappen_button.value), varning=bool(self.varning_button.value))
        )

    @guarded
    def _on_clear(self, _button: object = None) -> None:
        self.hand.selected = []

    @guarded
    def _on_ready(self, _button: object = None) -> None:
        """The next person has the tablet: show their hand."""
        if not self.presenter.ready():
            return
        self._refresh()
        self._schedule()

    def ready(self) -> None:
        """Tap the screen's button (for programs and tests)."""
        self._on_ready()

    @guarded
    def _on_hint(self, _button: object = None) -> None:
        p = self.presenter
        if not self.is_human_turn():
            p.hint_note = lambda lang: t("pt_hint_your_turn", lang)
            self._render_hint()
            return
        p.hint_note = lambda lang: t("pt_thinking", lang)
        self._render_hint()  # sent at once: the search takes a moment
        try:
            result = self.session.hint()
        except HintUnavailable:
            p.hint, p.hint_note = None, lambda lang: t("pt_hint_missing", lang)
        else:
            p.hint, p.hint_note = (self.game.ply, result), None
            self._mark_hint()
        self._render_hint()

    def _render_hint(self) -> None:
        """The hint beside the hand; hidden while there is none (an empty box still takes room)."""
        html = self.presenter.hint_html(self.lang)
        with self.hint_box.hold_sync():
            self.hint_box.value = html
            self.hint_box.layout.display = "" if html else "none"
        self._speakable()

    def _mark_hint(self) -> None:
        """Choose the hint's cards in the hand (and its eight's declaration), so the child sees
        them lifted and can lay them with one press."""
        move = self.presenter.hint_move()
        if move is None or not move.is_play:
            return
        cards = list(self.hand.cards)
        picked: list[int] = []
        for c in move.cards:
            i = next((i for i, h in enumerate(cards) if h == c and i not in picked), None)
            if i is None:
                return
            picked.append(i)
        self.hand.selected = picked
        if move.declared_suit is not None:
            self.declaration.choose(move.declared_suit, move.declared_rank)
        self._update_declare()

    @guarded
    def _on_tick(self, change: dict) -> None:
        if self.session.waiting_for() != "computer" or self.pace == "wait":
            self.ticker.running = False
            return
        self.session.computer_move()

    @guarded
    def _on_continue(self, _button: object = None) -> None:
        """The computer to move makes its whole turn (its draws, an ace and its follow-up)."""
        s = self.session
        if s.waiting_for() != "computer":
            self._schedule()
            return
        seat = s.to_move
        self.presenter.turn = None
        for _ in range(_MAX_TURN):
            self.session.computer_move()
            if s.waiting_for() != "computer" or s.to_move != seat:
                break

    @guarded
    def _on_new_round(self, _button: object = None) -> None:
        if self.match is None and self.in_progress:
            self.confirm.ask(
                lambda lang: t("pt_confirm_new_round", lang),
                on_yes=self._guarded_next_round,
                yes=lambda lang: t("pt_confirm_yes_deal", lang),
                no=lambda lang: t("pt_confirm_no_play_on", lang),
            )
            return
        self.next_round()

    @guarded
    def _guarded_next_round(self) -> None:
        self.next_round()

    # -- conveniences for programs and tests -------------------------------------------------------

    def select(self, *cards: str | Card) -> None:
        """Select cards of the player's hand by notation, in laying order: ``select("7♥")``."""
        wanted = [c if isinstance(c, Card) else Card.parse(c) for c in cards]
        hand = list(self.hand.cards)
        picked: list[int] = []
        for c in wanted:
            i = next((i for i, h in enumerate(hand) if h is c and i not in picked), None)
            if i is None:
                raise ValueError(f"{c} is not in the hand")
            picked.append(i)
        self.hand.selected = picked

    def declare(self, suit: Suit | str, rank: Rank | str | None = None) -> None:
        """Choose an eight's declaration as the buttons would: ``declare("♥", "K")``."""
        self.declaration.choose(suit, rank)

    def run_computers(self, max_moves: int = 1000) -> int:
        """Make the computers' moves now, without the clock or "Continue", until a person is
        to move or the round is over; returns how many were made (for scripts and tests)."""
        made = 0
        while made < max_moves and self.session.waiting_for() == "computer":
            before = self.game.ply
            self._computer_step()
            if self.game.ply == before:
                break
            made += 1
        return made

    @guarded
    def _computer_step(self) -> None:
        self.session.computer_move()


def _seats_of(players: int, bots: Sequence[str] | str | None, human_seat: int | None) -> list[Seat]:
    """The seats of one person at ``human_seat`` and the computer players ``bots`` in the
    other seats (the engine checks the number of players as it deals)."""
    if not isinstance(players, int) or isinstance(players, bool):
        raise ValueError(f"players must be a whole number, not {players!r}")
    if human_seat is not None and (
        not isinstance(human_seat, int) or isinstance(human_seat, bool) or not 0 <= human_seat < players
    ):
        raise ValueError(f"human_seat must be a seat from 0 to {players - 1} or None, not {human_seat!r}")
    computer_seats = [s for s in range(players) if s != human_seat]
    if bots is None:
        bots = [DEFAULT_BOT] * len(computer_seats)
    elif isinstance(bots, str):
        bots = [bots] * len(computer_seats)
    bots = list(bots)
    if len(bots) != len(computer_seats):
        raise ValueError(
            f"bots must name {len(computer_seats)} computer players (one per other seat), not {len(bots)}"
        )
    for name in bots:
        if name not in STRENGTHS:
            raise ValueError(f"unknown computer player {name!r}: choose from {', '.join(STRENGTHS)}")
    kinds = dict(zip(computer_seats, bots))
    return [Seat.person() if s == human_seat else Seat.computer(kinds[s]) for s in range(players)]
