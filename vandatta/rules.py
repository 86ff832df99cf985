"""The rule switches (V1–V3, O1–O14), named presets, and the titles of every rule id.

>>> Rules()
Rules()
>>> Rules.parse("v1,v3")
Rules(no_special_on_special=True, lappen=True)
>>> str(Rules(lappen=True, suit_only_eights=True))
'v3,o1'
>>> Rules.preset("strict").ids()
('V1', 'V2', 'V3')

The house rules O4–O14 (other rule pages' ways) take a value where they are not simply on:

>>> r = Rules.parse("v3 o4=7 o6=2")
>>> r
Rules(lappen=True, cards_dealt=7, lappen_penalty=2)
>>> str(r), r.ids()
('v3,o4=7,o6=2', ('V3', 'O4', 'O6'))
>>> Rules.parse("Sju kort") == Rules(cards_dealt=7)
True
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from .messages import PRESET_DESCRIPTIONS, RULE_TITLES

__all__ = [
    "Rules",
    "RulesConflict",
    "RULE_IDS",
    "rule_title",
    "PRESETS",
    "preset_description",
    "PLAYERS",
    "check_players",
]

# Rule R1: how many play (more than five with two decks).
PLAYERS = range(2, 9)


def check_players(players: object) -> int:
    """``players`` if rule R1 allows that many, else ``ValueError`` saying so — the one check of
    the number of players, for a deal, a match and a table made for people on their devices.

    >>> check_players(4)
    4
    >>> check_players(9)
    Traceback (most recent call last):
    ...
    ValueError: Vändåtta is played by 2 to 8 players, not 9 (R1)
    """
    if not isinstance(players, int) or isinstance(players, bool) or players not in PLAYERS:
        raise ValueError(f"Vändåtta is played by {PLAYERS[0]} to {PLAYERS[-1]} players, not {players!r} (R1)")
    return players


# Switch name -> rule id, in the order the rulebook (docs/rules.en.md) lists them: the six
# switches that are simply on or off (also what tests and the soak combine).
SWITCHES: dict[str, str] = {
    "no_special_on_special": "V1",
    "no_special_finish": "V2",
    "lappen": "V3",
    "suit_only_eights": "O1",
    "redraw_special_starter": "O2",
    "first_to_100_ends": "O3",
}

# The house rules (O4–O14): switch name -> (rule id, default, the values allowed), in the
# rulebook's order. Each is at its default (the source's way) unless asked for.
_HOUSE: dict[str, tuple[str, object, tuple]] = {
    "cards_dealt": ("O4", 6, (6, 7, 5)),
    "drawn_card_only": ("O5", False, (False, True)),
    "lappen_penalty": ("O6", 3, (3, 2)),
    "lowest_wins_past_100": ("O7", False, (False, True)),
    "drawing": ("O8", "three", ("three", "one", "until")),
    "varning": ("O9", False, (False, True)),
    "play_for_places": ("O10", False, (False, True)),
    "eight_last_resort": ("O11", False, (False, True)),
    "one_eight_a_play": ("O12", False, (False, True)),
    "no_ace_finish": ("O13", False, (False, True)),
    "false_lappen_penalty": ("O14", False, (False, True)),
}


class RulesConflict(ValueError):
    """Two rules that do not go together; ``rules`` names them (``("O3", "O7")``), so that a
    form can say which in its own words.

    >>> try:
    ...     Rules(first_to_100_ends=True, lowest_wins_past_100=True)
    ... except RulesConflict as conflict:
    ...     print(conflict.rules)
    ('O3', 'O7')
    """

    def __init__(self, message: str, *, rules: tuple[str, ...]) -> None:
        super().__init__(message)
        self.rules = rules


# A house rule that only matters beside another: O6 is the size of V3's and O9's penalty; O14
# punishes a lappen call (V3) made too early.
_NEEDS: dict[str, tuple[str, ...]] = {"O6": ("lappen", "varning"), "O14": ("lappen",)}


@dataclass(frozen=True, slots=True)
class Rules:
    """Which variants (V1–V3) and options (O1–O14) are on. Everything is off by default: the
    source's rules.

    The settings of a game, kept apart from its changing state. Frozen and hashable.
    """

    no_special_on_special: bool = False  # V1: no eight or ace on an eight or ace
    no_special_finish: bool = False  # V2: laying a special card last does not go out
    lappen: bool = False  # V3: call "lappen" when one turn could empty the hand
    suit_only_eights: bool = False  # O1: an eight names a suit only
    redraw_special_starter: bool = False  # O2: an ace starter is shuffled back too
    first_to_100_ends: bool = False  # O3: the game to 100 ends when anyone reaches 100
    cards_dealt: int = 6  # O4: cards dealt to each player (6, 7 or 5)
    drawn_card_only: bool = False  # O5: after drawing, only the card just drawn may be laid
    lappen_penalty: int = 3  # O6: cards drawn for a missing lappen call (3 or 2; with V3)
    lowest_wins_past_100: bool = False  # O7: the game ends when anyone passes 100, lowest wins
    drawing: str = "three"  # O8: draw up to three ("three"), one ("one"), or until a card fits ("until")
    varning: bool = False  # O9: call "varning" when a turn ends with three cards left (penalty: O6's size)
    play_for_places: bool = False  # O10: the round goes on until one player is left; places 1, 2, 3 …
    eight_last_resort: bool = False  # O11: an eight only when no other card may be laid
    one_eight_a_play: bool = False  # O12: one eight a play (no group of eights)
    no_ace_finish: bool = False  # O13: no going out with an ace and its follow-up as the last cards
    false_lappen_penalty: bool = False  # O14: a lappen call made too early costs a card (with V3)

    def __post_init__(self) -> None:
        for name in SWITCHES:
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise TypeError(f"Rules.{name} must be True or False, not {value!r}")
        for name, (rule_id, default, allowed) in _HOUSE.items():
            value = getattr(self, name)
            if type(value) is not type(default):
                kind = (
                    "True or False"
                    if isinstance(default, bool)
                    else "a whole number"
                    if isinstance(default, int)
                    else "a word"
                )
                raise TypeError(f"Rules.{name} must be {kind}, not {value!r}")
            if value not in allowed:
                raise ValueError(
                    f"Rules.{name} ({rule_id}) must be one of {', '.join(map(str, allowed))}, not {value!r}"
                )
        if self.first_to_100_ends and self.lowest_wins_past_100:
            raise RulesConflict(
                "O3 and O7 are two ends of the game to 100: choose one of them", rules=("O3", "O7")
            )

    def __repr__(self) -> str:
        on = [f"{name}=True" for name in SWITCHES if getattr(self, name)]
        on += [f"{name}={getattr(self, name)!r}" for name in _house_changed(self)]
        return f"Rules({', '.join(on)})"

    def __str__(self) -> str:
        """The switches that are on, as lower-case ids (``"v1,v3"``; a house rule with its
        value, ``"o4=7"``), or ``"standard"``."""
        parts = [rid.lower() for name, rid in SWITCHES.items() if getattr(self, name)]
        for name in _house_changed(self):
            value = getattr(self, name)
            rid = _HOUSE[name][0].lower()
            parts.append(rid if value is True else f"{rid}={value}")
        return ",".join(parts) or "standard"

    def matters(self, rule_id: str) -> bool:
        """Whether rule ``rule_id`` can change anything under these rules: O6, the size of a
        missed call's penalty, only while a call is on — "lappen" (V3) or "varning" (O9); O14,
        the penalty for calling lappen too early, only with V3; every other rule always can.
        (A form asks this before offering O6 or O14.)

        >>> Rules().matters("O6"), Rules(varning=True).matters("O6"), Rules().matters("O4")
        (False, True, True)
        >>> Rules().matters("O14"), Rules(lappen=True).matters("O14")
        (False, True)
        """
        if rule_id not in RULE_IDS:
            raise ValueError(f"unknown rule id {rule_id!r}: use one of {', '.join(RULE_IDS)}")
        needs = _NEEDS.get(rule_id)
        return needs is None or any(getattr(self, name) for name in needs)

    def ids(self) -> tuple[str, ...]:
        """The rule ids of the switches that are on (a house rule: not at its default): ``("V1", "V3")``."""
        on = [rid for name, rid in SWITCHES.items() if getattr(self, name)]
        return (*on, *(_HOUSE[name][0] for name in _house_changed(self)))

    def to_dict(self) -> dict[str, bool | int | str]:
        """The switches as a JSON-ready object: the six of V1–O3 always, a house rule
        (O4–O14) only when it is not at its default — so a record of the source's rules is the
        same as before the house rules existed."""
        out: dict[str, bool | int | str] = {name: getattr(self, name) for name in SWITCHES}
        for name in _house_changed(self):
            out[name] = getattr(self, name)
        return out

    @classmethod
    def from_dict(cls, data: dict) -> Rules:
        """The inverse of :meth:`to_dict`; unknown keys raise ``ValueError`` naming them,
        missing ones are at their default."""
        if not isinstance(data, dict):
            raise ValueError(f"rules must be an object of switches, not {type(data).__name__}")
        known = [*SWITCHES, *_HOUSE]
        unknown = sorted(set(data) - set(known))
        if unknown:
            raise ValueError(f"unknown rule switch {unknown[0]!r} (known: {', '.join(known)})")
        for key, value in data.items():
            if key in SWITCHES or isinstance(_HOUSE[key][1], bool):
                if not isinstance(value, bool):
                    raise ValueError(f"rule switch {key!r} must be true or false, not {value!r}")
            elif (
                value not in _HOUSE[key][2]
                or isinstance(value, bool)
                or type(value) is not type(_HOUSE[key][1])
            ):
                allowed = ", ".join(map(str, _HOUSE[key][2]))
                raise ValueError(f"rule switch {key!r} must be one of {allowed}, not {value!r}")
        try:
            return cls(**data)
        except TypeError as error:
            raise ValueError(str(error)) from None

    @classmethod
    def parse(cls, text: str) -> Rules:
        """Read ``"v1,v3"``, ``"V2 O1"``, a house rule with its value (``"o4=7"``, ``"o6=2"``;
        ``"o5"`` for one that is on or off; ``"o8=one"``, ``"o8=until"``), a preset name (``"strict"``, ``"källan"``) or
        ``""``/``"standard"``."""
        if not isinstance(text, str):
            raise ValueError(f"rules must be given as text, not {type(text).__name__}")
        whole = _preset_key(text)
        if whole in PRESETS and " " in text.strip():  # a preset named in words: "Sju kort"
            return PRESETS[whole]
        words = text.replace(",", " ").replace("+", " ").split()
        switches: dict[str, object] = {}
        by_id = {rid: name for name, rid in SWITCHES.items()}
        house_by_id = {spec[0]: name for name, spec in _HOUSE.items()}
        for word in words:
            head, eq, value = word.partition("=")
            key = head.upper()
            if not eq and _preset_key(word) in PRESETS:
                switches.update(_changed(PRESETS[_preset_key(word)]))
            elif not eq and key in by_id:
                switches[by_id[key]] = True
            elif not eq and word in SWITCHES:
                switches[word] = True
            elif key in house_by_id or head in _HOUSE:
                name = house_by_id.get(key, head)
                switches[name] = _house_value(name, value if eq else None, word)
            else:
                raise ValueError(
                    f"unknown rule {word!r}: use ids V1 V2 V3 O1 O2 O3, O4=7 O4=5 O5 O6=2 O7 O8=one O8=until O9 "
                    "O10 O11 O12 O13 O14 "
                    f"or a preset ({', '.join(PRESETS)})"
                )
        return cls(**switches)  # type: ignore[arg-type]  # __post_init__ checks each value

    @classmethod
    def preset(cls, name: str) -> Rules:
        """A named preset: ``standard`` or ``kallan`` (the source), ``strict`` (V1–V3),
        ``crazy_eights`` (O1, O2), ``quick`` (O3), ``sju_kort`` (seven cards, O4=7),
        ``fem_kort`` (five cards, O4=5), ``varning_och_lappen`` (both calls: V3, O9),
        ``nodecardgame``, ``sparbanken_eken``, ``mau_mau`` (as those pages play). Case, spaces and å ä ö
        do not matter:
        ``Rules.preset("Källan")``. Each has a one-line description: :func:`preset_description`."""
        try:
            return PRESETS[_preset_key(name)]
        except (KeyError, AttributeError):
            raise ValueError(f"unknown preset {name!r} (known: {', '.join(PRESETS)})") from None

    def replace(self, **changes: bool | int | str) -> Rules:
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]  # __post_init__ checks them


def _changed(rules: Rules) -> dict[str, object]:
    """The switches not at their default, by name."""
    out: dict[str, object] = {name: True for name in SWITCHES if getattr(rules, name)}
    out.update({name: getattr(rules, name) for name in _house_changed(rules)})
    return out


def _house_changed(rules: Rules) -> list[str]:
    return [name for name, (_, default, _) in _HOUSE.items() if getattr(rules, name) != default]


def _house_value(name: str, text: str | None, word: str) -> bool | int | str:
    rule_id, default, allowed = _HOUSE[name]
    if isinstance(default, bool):
        if text is None or text.lower() in ("on", "true", "1"):
            return True
        if text.lower() in ("off", "false", "0"):
            return False
    elif isinstance(default, str):
        if text is not None and text.lower() in allowed:
            return text.lower()
    elif text is not None and text.strip().isdigit() and int(text) in allowed:
        return int(text)
    choices = " or ".join(f"{rule_id.lower()}={v}" for v in allowed if v != default)
    raise ValueError(f"{word!r}: {rule_id} needs a value — {choices}")


def _preset_key(name: str) -> str:
    """``"Sju kort"`` -> ``"sju_kort"``, ``"Källan"`` -> ``"kallan"``."""
    key = "_".join(name.lower().replace("-", " ").replace("_", " ").split())
    return key.translate(str.maketrans("åäö", "aao"))


PRESETS: dict[str, Rules] = {
    "standard": Rules(),
    "strict": Rules(no_special_on_special=True, no_special_finish=True, lappen=True),
    "crazy_eights": Rules(suit_only_eights=True, redraw_special_starter=True),
    "quick": Rules(first_to_100_ends=True),
    "kallan": Rules(),
    "sju_kort": Rules(cards_dealt=7),
    "fem_kort": Rules(cards_dealt=5),
    "varning_och_lappen": Rules(lappen=True, varning=True),
    # the web game NodeCardGame's rules page ("Vändåtta", content/templates/T8rules.html.ejs)
    "nodecardgame": Rules(
        no_special_finish=True,
        cards_dealt=7,
        play_for_places=True,
        eight_last_resort=True,
        one_eight_a_play=True,
    ),
    # Sparbanken Eken's page: seven cards, V1–V3, its "varning" variant, no going out with an ace
    "sparbanken_eken": Rules(
        no_special_on_special=True,
        no_special_finish=True,
        lappen=True,
        cards_dealt=7,
        varning=True,
        no_ace_finish=True,
    ),
    # Mau-Mau (Wikipedia; Live Mau-Mau's rules): five cards, draw one and lay only it, a call too early costs a card
    "mau_mau": Rules(
        lappen=True, cards_dealt=5, drawn_card_only=True, drawing="one", false_lappen_penalty=True
    ),
}


def preset_description(name: str, lang: str = "en") -> str:
    """A preset's one-line description: ``preset_description("sju_kort", "sv")`` →
    ``'Sju kort var, som på de andra svenska regelsidorna.'``"""
    try:
        return PRESET_DESCRIPTIONS[_preset_key(name)][lang]
    except (KeyError, AttributeError):
        raise ValueError(f"unknown preset {name!r} or language {lang!r}") from None


# Every rule id of the rulebook with its short title in both languages (the catalog's).
RULE_IDS: dict[str, dict[str, str]] = RULE_TITLES


def rule_title(rule_id: str, lang: str = "en") -> str:
    """``rule_title("R6", "sv") == "Åttan är joker"``."""
    try:
        return RULE_IDS[rule_id][lang]
    except KeyError:
        raise ValueError(f"unknown rule id {rule_id!r} or language {lang!r}") from None
