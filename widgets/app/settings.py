"""One "new round" form for every way to start: who plays (you against the computer, the game to
100 against the computer, or only computer players while you watch the replay), how many
players and who sits where — a computer player of a strength, or a person taking turns on the
same tablet, with a name if one is typed — the additional rules, the house rules (O4–O14, one by
one or as a preset such as "Sju kort"), and a game number that gives the same round again.

>>> form = SettingsForm(lang="en")
>>> form.who.value, form.players.value, form.game_number.value
('play', 3, 41)
>>> form.players.value = 4; form.variant_boxes["V3"].value = True
>>> settings = form.settings()
>>> settings.seats, settings.rules.ids(), settings.game_number
(('human', 'beginner', 'random', 'beginner'), ('V3',), 41)
>>> form.seat_choices[1].value = "human"; form.name_boxes[1].value = "  Bo "   # pass and play
>>> form.settings().seats, form.settings().names
(('human', 'human', 'random', 'beginner'), (None, 'Bo', None, None))
>>> form.settings().play_seats()[:2]
(Seat.person(), Seat.person('Bo'))
>>> form.preset_choice.value = "sju_kort"; form.settings().rules   # a preset sets every rule
Rules(cards_dealt=7)
>>> form.seat_choices[1].value = "expert"
>>> form.who.value = "watch"; form.settings().seats
('beginner', 'expert', 'random', 'beginner')
>>> form.game_number.value = -5
>>> form.settings()
Traceback (most recent call last):
...
vandatta_widgets.app.settings.SettingsProblem: The game number must be a whole number from 0 to 2147483647, not -5.

The form never starts anything itself: :meth:`SettingsForm.on_start` names what to do with the
settings, and :attr:`SettingsForm.ask_first` what to ask before (a game in progress that a new
one would throw away). Everything the browser sends is checked here.
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import ipywidgets as w

from vandatta import Rules
from vandatta.lang import check_lang
from vandatta.rules import PLAYERS, PRESETS, RulesConflict, check_players, preset_description, rule_title

from ..base.i18n import t, term
from ..base.problem import Problem
from ..base.safe import HTML
from ..base.screen import Lang
from ..controls.confirm import ConfirmBar
from ..controls.device_choice import DeviceChoice
from ..play.session import NAME_LIMIT, STRENGTHS, Seat, clean_name

__all__ = [
    "SettingsForm",
    "RoundSettings",
    "SettingsProblem",
    "WHO",
    "PLAYER_KINDS",
    "SEAT_CHOICES",
    "VARIANTS",
    "HOUSE_RULES",
    "PRESET_ORDER",
    "MAX_GAME_NUMBER",
    "DEFAULT_SEATS",
]

WHO = ("play", "match", "watch")  # you against the computer · the game to 100 · computers only
PLAYER_KINDS = STRENGTHS  # the engine's computer players (vandatta.ai.PLAYER_NAMES)
SEAT_CHOICES = (*PLAYER_KINDS, "human")  # what a seat's drop-down offers: a computer, or a person
VARIANTS = ("V1", "V2", "V3", "O1", "O2", "O3")
MATCH_ONLY = frozenset({"O3", "O7"})  # O3 and O7 change only the game to 100
# The house rules (O4–O14): rule id -> (the switch of vandatta.Rules, the values offered, the
# source's first). O4, O6 and O8 are drop-downs, the others check boxes.
HOUSE_RULES: dict[str, tuple[str, tuple]] = {
    "O4": ("cards_dealt", (6, 7, 5)),
    "O5": ("drawn_card_only", (False, True)),
    "O6": ("lappen_penalty", (3, 2)),
    "O7": ("lowest_wins_past_100", (False, True)),
    "O8": ("drawing", ("three", "one", "until")),
    "O9": ("varning", (False, True)),
    "O10": ("play_for_places", (False, True)),
    "O11": ("eight_last_resort", (False, True)),
    "O12": ("one_eight_a_play", (False, True)),
    "O13": ("no_ace_finish", (False, True)),
    "O14": ("false_lappen_penalty", (False, True)),
}
# The engine's presets in the rulebook's order, one entry per set of rules ("standard" is the
# same as Källan, so only Källan is offered).


def _preset_order() -> tuple[str, ...]:
    order: list[str] = []
    for name in ("kallan", "sju_kort", "fem_kort", "strict", "crazy_eights", "quick", *PRESETS):
        if name in PRESETS and all(PRESETS[name] != PRESETS[other] for other in order):
            order.append(name)
    return tuple(order)


PRESET_ORDER = _preset_order()
OWN_CHOICE = ""  # the preset drop-down's value when the rules were chosen one by one
MAX_GAME_NUMBER = 2**31 - 1
# Who sits where when the player count grows (seat 1 first; seat 1 is "you" when you play).
# Easy opponents first: a child's first round is against the beginner (issue 43).
DEFAULT_SEATS = ("beginner", "beginner", "random", "beginner", "expert", "random", "beginner", "strong")
_WHO_WORDS = {"play": "st_who_play", "match": "st_who_match", "watch": "st_who_watch"}
# The engine's conflicts between rules (vandatta.rules.RulesConflict), in the form's words.
_CONFLICT_WORDS: dict[tuple[str, ...], str] = {("O3", "O7"): "hr_problem_o3_o7"}


class SettingsProblem(Problem):
    """A setting that cannot be used (a catalog key and its values), said in either language."""


@dataclass(frozen=True)
class RoundSettings:
    """What the form says: ``who`` plays (:data:`WHO`), ``seats`` (per seat ``"human"`` — a
    person — or a computer player's name from :data:`PLAYER_KINDS`), the ``rules``, the
    ``game_number`` (the seed of the deal and of the computer players' choices) and the
    ``names`` typed for the people's seats (one per seat, ``None`` where none was; empty when
    no name was typed at all)."""

    who: str
    seats: tuple[str, ...]
    rules: Rules
    game_number: int
    names: tuple[str | None, ...] = ()

    @property
    def computers(self) -> list[str]:
        """The computer players, in seat order (the people's seats left out)."""
        return [kind for kind in self.seats if kind != "human"]

    def play_seats(self) -> tuple[Seat, ...]:
        """The seats for a :class:`~vandatta_widgets.play.session.PlaySession` (people with their names)."""
        names = self.names or (None,) * len(self.seats)
        return tuple(
            Seat.person(name) if kind == "human" else Seat.computer(kind)
            for kind, name in zip(self.seats, names)
        )


def _preset_of(rules: Rules) -> str:
    """The first preset (of :data:`PRESET_ORDER`) with exactly these rules, or :data:`OWN_CHOICE`."""
    return next((name for name in PRESET_ORDER if PRESETS[name] == rules), OWN_CHOICE)


def _preset_name(name: str, lang: str) -> str:
    """A preset's name in ``lang`` ("Sju kort", "Seven cards"); a preset without words: its own name."""
    try:
        return t(f"hr_preset_{name}", lang)
    except KeyError:
        return name.replace("_", " ").capitalize()


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _short(value: object, limit: int = 40) -> str:
    text = " ".join(repr(value).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


class SettingsForm(w.VBox):
    """The form. Widgets worth knowing: :attr:`who` (toggle buttons), :attr:`players`
    (2–8), :attr:`seat_choices` (one drop-down per seat, seat 1's hidden while you play: a
    computer player or "human", a person at this tablet), :attr:`name_boxes` (a name for each
    person's seat),
    :attr:`variant_boxes` (check boxes by rule id; O3 only for the game to 100),
    :attr:`preset_choice` (the engine's presets, :data:`PRESET_ORDER`, or :data:`OWN_CHOICE`;
    choosing one sets every rule control, its one-line description in :attr:`preset_text`),
    :attr:`house_controls` (the house rules by rule id, :data:`HOUSE_RULES`: drop-downs for
    O4, O6, O8, check boxes for O5, O7, O9–O14; O7 only for the game to 100, O6 (the size of
    the penalty for a forgotten call) disabled unless V3 or O9 is on, O14 unless V3 is on,
    :attr:`lappen_note` saying why),
    :attr:`game_number` and :attr:`new_number_button`, :attr:`start_button`, :attr:`confirm`
    (the question before a game in progress is thrown away) and :attr:`problem` (what is wrong,
    shown under the button). ``lang`` re-words everything in place.
    """

    lang = Lang()

    def __init__(
        self,
        *,
        lang: str = "sv",
        who: str = "play",
        players: int = 3,
        seats: Sequence[str] = DEFAULT_SEATS,
        rules: Rules | None = None,
        game_number: int = 41,
        **kwargs: object,
    ) -> None:
        check_lang(lang)
        if who not in WHO:
            raise ValueError(f"who must be one of {', '.join(WHO)}, not {who!r}")
        check_players(players)  # the engine's rule R1
        seats = list(seats) + list(DEFAULT_SEATS[len(seats) :])
        if any(kind not in SEAT_CHOICES for kind in seats[:8]):
            raise ValueError(f"every seat needs one of {', '.join(SEAT_CHOICES)}")
        rules = rules if rules is not None else Rules()
        kwargs.setdefault("layout", w.Layout(width="100%"))
        super().__init__(**kwargs)
        self.add_class("vd-settings")
        self.add_class("vd-db-section")
        self._start: Callable[[RoundSettings], None] | None = None
        self.ask_first: Callable[[RoundSettings], Callable[[str], str] | None] | None = None
        self._problem: Callable[[str], str] | None = None
        self._relabelling = False
        lay = w.Layout

        self.title = HTML()
        self.help = HTML(_dom_classes=("vd-db-help",))
        self.who_title = HTML()
        self.who = w.ToggleButtons(
            options=list(WHO), value=who, style={"button_width": "auto"}, layout=lay(width="auto")
        )
        self.who.add_class("vd-st-who")
        self.players_label = HTML()
        self.players = w.ToggleButtons(
            options=[(str(n), n) for n in range(2, 9)],
            value=players,
            style={"button_width": "48px"},
            layout=lay(width="auto"),
        )
        self.players.add_class("vd-db-players")
        players_row = w.HBox([self.players_label, self.players], layout=lay(width="100%"))
        players_row.add_class("vd-db-row")
        self.seats_title = HTML()
        self.you_label = HTML(layout=lay(width="auto"), _dom_classes=("vd-st-you",))
        self.seat_choices: list[w.Dropdown] = []
        self.name_boxes: list[w.Text] = []
        self.seat_cells: list[w.VBox] = []
        for seat in range(8):
            choice = w.Dropdown(
                options=[(kind, kind) for kind in SEAT_CHOICES],
                value=seats[seat],
                layout=lay(width="auto"),
                style={"description_width": "auto"},
            )
            choice.add_class(f"vd-db-seat-{seat + 1}")
            self.seat_choices.append(choice)
            name = w.Text(value="", layout=lay(width="auto"), style={"description_width": "auto"})
            name.add_class(f"vd-st-name-{seat + 1}")
            self.name_boxes.append(name)
            cell = w.VBox([self.you_label, choice, name] if seat == 0 else [choice, name])
            cell.add_class("vd-st-seat")
            self.seat_cells.append(cell)
        seat_box = w.Box(self.seat_cells, layout=lay(width="100%"))
        seat_box.add_class("vd-db-seats")
        self.bots_help = HTML(_dom_classes=("vd-db-help",))
        self.variants_title = HTML()
        self.variant_boxes: dict[str, w.Checkbox] = {}
        on = set(rules.ids())
        for rule_id in VARIANTS:
            box = w.Checkbox(value=rule_id in on, indent=False, layout=lay(width="auto"))
            box.add_class(f"vd-db-variant-{rule_id.lower()}")
            self.variant_boxes[rule_id] = box
        variants = w.Box(list(self.variant_boxes.values()), layout=lay(width="100%"))
        variants.add_class("vd-db-variants")
        self.house_title = HTML()
        self.house_help = HTML(_dom_classes=("vd-db-help",))
        self.preset_choice = w.Dropdown(
            options=[(name, name) for name in PRESET_ORDER] + [(OWN_CHOICE, OWN_CHOICE)],
            value=_preset_of(rules),
            layout=lay(width="auto"),
            style={"description_width": "auto"},
        )
        self.preset_choice.add_class("vd-st-preset")
        self.preset_text = HTML(_dom_classes=("vd-db-help", "vd-st-preset-text"))
        self.house_controls: dict[str, w.Dropdown | w.Checkbox] = {}
        for rule_id, (name, values) in HOUSE_RULES.items():
            value = getattr(rules, name)
            if isinstance(value, bool):
                control = w.Checkbox(value=value, indent=False, layout=lay(width="auto"))
            else:
                control = w.Dropdown(
                    options=[(str(v), v) for v in values],
                    value=value,
                    layout=lay(width="auto"),
                    style={"description_width": "auto"},
                )
            control.add_class(f"vd-st-house-{rule_id.lower()}")
            self.house_controls[rule_id] = control
        self.lappen_note = HTML(_dom_classes=("vd-db-help", "vd-st-o6-note"))
        house = w.VBox(
            [
                w.HBox([self.preset_choice], layout=lay(width="100%")),
                self.preset_text,
                *self.house_controls.values(),
                self.lappen_note,
            ],
            layout=lay(width="100%"),
        )
        house.add_class("vd-st-house")
        # the cards' colours: a display setting, kept by the form for every table it starts
        self.deck_box = w.Checkbox(value=False, indent=False, layout=lay(width="auto"))
        self.deck_box.add_class("vd-st-deck")
        # ... and remembered on the device, as the sound's mute is (issue 43)
        self.deck_memory = DeviceChoice("deck", ("classic", "four"))
        self.deck_memory.observe(lambda c: setattr(self.deck_box, "value", c["new"] == "four"), names="value")
        self.deck_box.observe(lambda _c: setattr(self.deck_memory, "value", self.deck), names="value")
        self.number_title = HTML()
        self.game_number = w.IntText(
            value=game_number, layout=lay(width="auto"), style={"description_width": "auto"}
        )
        self.game_number.add_class("vd-db-seed")
        self.new_number_button = w.Button(layout=lay(width="auto"))
        self.new_number_button.add_class("vd-db-random-seed")
        number_row = w.HBox([self.game_number, self.new_number_button], layout=lay(width="100%"))
        number_row.add_class("vd-db-row")
        self.number_help = HTML(_dom_classes=("vd-db-help",))
        self.start_button = w.Button(
            button_style="primary", layout=lay(width="auto", align_self="flex-start")
        )
        self.start_button.add_class("vd-db-start")
        self.problem = HTML(layout=lay(display="none"), _dom_classes=("vd-st-problem",))
        self.confirm = ConfirmBar(lang=lang)
        self.children = [
            self.title,
            self.help,
            self.who_title,
            self.who,
            players_row,
            self.seats_title,
            seat_box,
            self.bots_help,
            self.variants_title,
            variants,
            self.house_title,
            self.house_help,
            house,
            self.deck_box,
            self.deck_memory,
            self.number_title,
            number_row,
            self.number_help,
            self.start_button,
            self.problem,
            self.confirm,
        ]
        self.set_trait("lang", lang)
        self.who.observe(self._on_change, names="value")
        self.players.observe(self._on_change, names="value")
        for choice in self.seat_choices:
            choice.observe(self._on_seat, names="value")
        for control in [*self.variant_boxes.values(), *self.house_controls.values()]:
            control.observe(self._on_rule, names="value")
        self.preset_choice.observe(self._on_preset, names="value")
        self.new_number_button.on_click(self._on_new_number)
        self.start_button.on_click(self._on_start)
        self.observe(self._on_lang, names="lang")
        self._show()
        self.relabel()

    # -- what the form says ---------------------------------------------------------------------

    @property
    def deck(self) -> str:
        """The cards' colours chosen: ``"four"`` (one colour per suit) or ``"classic"``."""
        return "four" if self.deck_box.value is True else "classic"

    def settings(self) -> RoundSettings:
        """The form's settings, checked (the browser may have sent anything); raises
        :class:`SettingsProblem` naming what is wrong."""
        who = self.who.value
        if who not in WHO:
            shown = _short(who)
            raise SettingsProblem("db_bad_choice", value=shown)
        number = self.game_number.value
        if not _is_int(number) or not 0 <= number <= MAX_GAME_NUMBER:
            shown = _short(number)
            raise SettingsProblem("st_number_range", max=MAX_GAME_NUMBER, value=shown)
        players = self.players.value
        if not _is_int(players) or players not in PLAYERS:  # the engine's rule R1
            shown = _short(players)
            raise SettingsProblem("db_players_range", value=shown)
        seats = []
        for seat, choice in enumerate(self.seat_choices[:players]):
            if seat == 0 and who != "watch":
                seats.append("human")
                continue
            if choice.value not in SEAT_CHOICES:
                shown = _short(choice.value)
                raise SettingsProblem("db_bad_choice", value=shown)
            if who == "watch" and choice.value == "human":
                raise SettingsProblem("st_watch_person")
            seats.append(choice.value)
        names = []
        for kind, box in zip(seats, self.name_boxes):
            typed = box.value if isinstance(box.value, str) else ""
            names.append(clean_name(typed) if kind == "human" else None)
        named = tuple(names) if any(names) else ()
        return RoundSettings(who, tuple(seats), self._rules(who), number, named)

    def _rules(self, who: str) -> Rules:
        """The rules of the check boxes and the house rules' controls, for ``who``: O3 and O7
        only for the game to 100, O6 only with V3 or O9 (the calls it is the penalty of); a
        combination the engine refuses raises :class:`SettingsProblem`."""
        checked = [
            rid
            for rid, box in self.variant_boxes.items()
            if box.value is True and (who == "match" or rid not in MATCH_ONLY)
        ]
        house: dict[str, bool | int | str] = {}
        for rule_id, (name, values) in HOUSE_RULES.items():
            value = self.house_controls[rule_id].value
            if value not in values or type(value) is not type(values[0]):
                shown = _short(value)
                raise SettingsProblem("db_bad_choice", value=shown)
            if rule_id in MATCH_ONLY and who != "match":
                continue
            if rule_id == "O6" and not self._has_call():  # the size of a penalty that never comes
                continue
            house[name] = value
        try:  # the engine decides which rules go together; the form says it in a child's words
            return Rules.parse(",".join(checked)).replace(**house)
        except RulesConflict as conflict:
            raise SettingsProblem(_CONFLICT_WORDS.get(conflict.rules, "hr_problem_other")) from None
        except ValueError:  # any other combination the engine refuses
            raise SettingsProblem("hr_problem_other") from None

    def on_start(self, callback: Callable[[RoundSettings], None]) -> None:
        """What "Start" does with the settings (after the question, if one is asked)."""
        self._start = callback

    def start(self) -> None:
        """Press "Start" (for programs and tests)."""
        self._on_start()

    def show_problem(self, text: Callable[[str], str] | None) -> None:
        """Show what is wrong under the button (``None`` hides it)."""
        self._problem = text
        self._render_problem()

    # -- callbacks --------------------------------------------------------------------------------

    def _on_start(self, _button: object = None) -> None:
        self.confirm.close_question()
        try:
            settings = self.settings()
        except SettingsProblem as problem:
            self.show_problem(problem.text)
            return
        self.show_problem(None)
        question = self.ask_first(settings) if self.ask_first is not None else None
        if question is not None:
            self.confirm.ask(
                question,
                on_yes=lambda: self._go(settings),
                yes=lambda lang: t("st_confirm_yes", lang),
                no=lambda lang: t("st_confirm_no", lang),
            )
            return
        self._go(settings)

    def _go(self, settings: RoundSettings) -> None:
        if self._start is not None:
            self._start(settings)

    def _on_preset(self, change: dict) -> None:
        """A preset sets every rule control (the additional rules and the house rules)."""
        if self._relabelling or change["new"] not in PRESETS:
            self._render_preset_text()
            return
        rules = PRESETS[change["new"]]
        self._relabelling = True  # the controls follow the preset: no "own choice" on the way
        try:
            for rid, box in self.variant_boxes.items():
                box.value = rid in rules.ids()
            for rule_id, (name, _) in HOUSE_RULES.items():
                self.house_controls[rule_id].value = getattr(rules, name)
        finally:
            self._relabelling = False
        self.confirm.close_question()
        self._show()
        self._render_preset_text()

    def _on_rule(self, change: dict) -> None:
        """A rule chosen by hand: the preset drop-down says which preset that is, if any."""
        if self._relabelling:
            return
        self.confirm.close_question()
        preset = self._preset_shown()
        if preset != self.preset_choice.value:
            self._relabelling = True
            try:
                self.preset_choice.value = preset
            finally:
                self._relabelling = False
        self._show()
        self._render_preset_text()

    def _preset_shown(self) -> str:
        """The preset whose rules every control shows (hidden ones too), or :data:`OWN_CHOICE`;
        the one chosen stays chosen while it still fits."""
        switches = {rid for rid, box in self.variant_boxes.items() if box.value is True}
        house = {name: self.house_controls[rid].value for rid, (name, _) in HOUSE_RULES.items()}
        try:
            rules = Rules.parse(",".join(sorted(switches))).replace(**house)
        except (ValueError, TypeError):
            return OWN_CHOICE
        current = self.preset_choice.value
        if current in PRESETS and PRESETS[current] == rules:
            return current
        return _preset_of(rules)

    def _render_preset_text(self, lang: str | None = None) -> None:
        lang = lang or self.lang
        name = self.preset_choice.value
        text = preset_description(name, lang) if name in PRESETS else t("hr_preset_own_text", lang)
        self.preset_text.value = f"<p>{html.escape(text)}</p>"

    def _on_new_number(self, _button: object = None) -> None:
        self.game_number.value = random.SystemRandom().randrange(1, 1_000_000)

    def _on_change(self, change: dict) -> None:
        self.confirm.close_question()
        self._show()
        self.relabel()

    def _on_seat(self, change: dict) -> None:
        if self._relabelling:  # the words changed, not the choice
            return
        self.confirm.close_question()
        self._show()

    def _on_lang(self, change: dict) -> None:
        self.relabel()

    def _show(self) -> None:
        """Seats shown for the player count; seat 1 is "you" unless only computers play; O3
        only for the game to 100."""
        who = self.who.value
        players = self.players.value if _is_int(self.players.value) else 3
        you = who != "watch"
        self.you_label.layout.display = "" if you else "none"
        for seat, choice in enumerate(self.seat_choices):
            shown = seat < players and not (seat == 0 and you)
            choice.layout.display = "" if shown else "none"
            self.seat_cells[seat].layout.display = "" if seat < players else "none"
            person = (seat == 0 and you) or (choice.value == "human" and who != "watch")
            self.name_boxes[seat].layout.display = "" if seat < players and person else "none"
        for rid, box in self.variant_boxes.items():
            box.layout.display = "" if (rid not in MATCH_ONLY or who == "match") else "none"
        for rid, control in self.house_controls.items():
            control.layout.display = "" if (rid not in MATCH_ONLY or who == "match") else "none"
        called = self._has_call()
        self.house_controls["O6"].disabled = not called  # O6 is the size of V3's and O9's penalty
        # O14 punishes a lappen call made too early: only with V3
        self.house_controls["O14"].disabled = self.variant_boxes["V3"].value is not True
        self.lappen_note.layout.display = "none" if called else ""

    def _has_call(self) -> bool:
        """Whether O6 (the size of a missed call's penalty) matters with the calls chosen: the
        engine says (``Rules.matters``): with lappen (V3) or varning (O9)."""
        chosen = Rules(
            lappen=self.variant_boxes["V3"].value is True, varning=self.house_controls["O9"].value is True
        )
        return chosen.matters("O6")

    def _render_problem(self) -> None:
        if self._problem is None:
            self.problem.value = ""
            self.problem.layout.display = "none"
            return
        text = html.escape(self._problem(self.lang))
        self.problem.value = f'<div class="vd-db-msg vd-db-error" role="alert">⚠ {text}</div>'
        self.problem.layout.display = ""

    def relabel(self, lang: str | None = None) -> None:
        """Every word in ``lang`` (default: the form's)."""
        lang = lang or self.lang
        who = self.who.value if self.who.value in WHO else "play"
        self.title.value = f"<h2>{html.escape(t('st_title', lang))}</h2>"
        self.help.value = f"<p>{html.escape(t('st_help', lang))}</p>"
        self.who_title.value = f"<h3>{html.escape(t('st_who', lang))}</h3>"
        self.who.options = [(t(_WHO_WORDS[x], lang), x) for x in WHO]
        self.who.value = who
        self.who.tooltips = [t(_WHO_WORDS[x] + "_tip", lang) for x in WHO]
        self.players_label.value = f"<b>{html.escape(t('db_players', lang))}</b>"
        self.seats_title.value = f"<h3>{html.escape(t('db_seats', lang))}</h3>"
        self.you_label.value = (
            f'<div class="vd-st-you-text">{html.escape(term("player", lang, n=1, capital=True))}: '
            f"<b>{html.escape(t('st_you', lang))}</b></div>"
        )
        words = {kind: term("kind_short." + kind, lang) for kind in PLAYER_KINDS} | {
            "human": t("st_seat_person", lang)
        }
        for seat, choice in enumerate(self.seat_choices):
            value = choice.value
            self._relabelling = True
            try:
                choice.options = [(words[kind], kind) for kind in SEAT_CHOICES]
                choice.value = value if value in SEAT_CHOICES else DEFAULT_SEATS[seat]
            finally:
                self._relabelling = False
            choice.description = term("player", lang, n=seat + 1, capital=True)
            box = self.name_boxes[seat]
            box.description = t("st_name", lang)
            box.placeholder = term("player", lang, n=seat + 1, capital=True)
            box.tooltip = t("st_name_tip", lang, n=NAME_LIMIT)
        self.bots_help.value = (
            f"<p>{html.escape(t('db_bots_help', lang))}</p><p>{html.escape(t('st_people_help', lang))}</p>"
        )
        self.variants_title.value = f"<h3>{html.escape(t('db_variants', lang))}</h3>"
        for rule_id, box in self.variant_boxes.items():
            box.description = f"{rule_id} – {rule_title(rule_id, lang)}"
        self.house_title.value = f"<h3>{html.escape(t('hr_title', lang))}</h3>"
        self.house_help.value = f"<p>{html.escape(t('hr_help', lang))}</p>"
        self._relabelling = True  # new words, the same choices
        try:
            preset = self.preset_choice.value
            self.preset_choice.options = [(_preset_name(name, lang), name) for name in PRESET_ORDER] + [
                (t("hr_preset_own", lang), OWN_CHOICE)
            ]
            self.preset_choice.value = preset if preset in (*PRESET_ORDER, OWN_CHOICE) else OWN_CHOICE
            for rule_id, control in self.house_controls.items():
                control.description = f"{rule_id} – {rule_title(rule_id, lang)}"
                if isinstance(control, w.Dropdown):
                    value = control.value
                    values = HOUSE_RULES[rule_id][1]
                    control.options = [(t(f"hr_{rule_id.lower()}_{v}", lang), v) for v in values]
                    control.value = value if value in values else values[0]
        finally:
            self._relabelling = False
        self.preset_choice.description = t("hr_preset", lang)
        self.preset_choice.tooltip = t("hr_preset_tip", lang)
        self._render_preset_text(lang)
        self.lappen_note.value = f"<p>{html.escape(t('hr_o6_needs_v3', lang))}</p>"
        self.number_title.value = f"<h3>{html.escape(t('st_number', lang))}</h3>"
        self.game_number.description = t("st_number", lang)
        self.game_number.tooltip = t("st_number_tip", lang)
        self.new_number_button.description = t("st_new_number", lang)
        self.new_number_button.tooltip = t("st_new_number_tip", lang)
        self.number_help.value = f"<p>{html.escape(t('st_number_tip', lang))}.</p>"
        self.deck_box.description = t("cp_deck_four", lang)
        self.deck_box.tooltip = t("cp_deck_four_tip", lang)
        self.start_button.description = t("st_start_" + who, lang)
        self.start_button.tooltip = t("st_start_" + who + "_tip", lang)
        self.confirm.relabel(lang)
        self._render_problem()
