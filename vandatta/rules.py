"""The rule switches (V1–V3, O1–O3), named presets, and the titles of every rule id.

>>> Rules()
Rules()
>>> Rules.parse("v1,v3")
Rules(no_special_on_special=True, lappen=True)
>>> str(Rules(lappen=True, suit_only_eights=True))
'v3,o1'
>>> Rules.preset("strict").ids()
('V1', 'V2', 'V3')
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from .messages import RULE_TITLES

__all__ = ["Rules", "RULE_IDS", "rule_title", "PRESETS"]

# Switch name -> rule id, in the order the rulebook (docs/rules.en.md) lists them.
_SWITCHES: dict[str, str] = {
    "no_special_on_special": "V1",
    "no_special_finish": "V2",
    "lappen": "V3",
    "suit_only_eights": "O1",
    "redraw_special_starter": "O2",
    "first_to_100_ends": "O3",
}


@dataclass(frozen=True, slots=True)
class Rules:
    """Which variants (V1–V3) and options (O1–O3) are on. Everything is off by default.

    The settings of a game, kept apart from its changing state. Frozen and hashable.
    """

    no_special_on_special: bool = False  # V1: no eight or ace on an eight or ace
    no_special_finish: bool = False  # V2: laying a special card last does not go out
    lappen: bool = False  # V3: call "lappen" when one turn could empty the hand
    suit_only_eights: bool = False  # O1: an eight names a suit only
    redraw_special_starter: bool = False  # O2: an ace starter is shuffled back too
    first_to_100_ends: bool = False  # O3: the game to 100 ends when anyone reaches 100

    def __post_init__(self) -> None:
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            if not isinstance(value, bool):
                raise TypeError(f"Rules.{field.name} must be True or False, not {value!r}")

    def __repr__(self) -> str:
        on = [f"{f.name}=True" for f in dataclasses.fields(self) if getattr(self, f.name)]
        return f"Rules({', '.join(on)})"

    def __str__(self) -> str:
        """The switches that are on, as lower-case ids (``"v1,v3"``), or ``"standard"``."""
        return ",".join(i.lower() for i in self.ids()) or "standard"

    def ids(self) -> tuple[str, ...]:
        """The rule ids of the switches that are on: ``("V1", "V3")``."""
        return tuple(rid for name, rid in _SWITCHES.items() if getattr(self, name))

    def to_dict(self) -> dict[str, bool]:
        return {name: getattr(self, name) for name in _SWITCHES}

    @classmethod
    def from_dict(cls, data: dict) -> Rules:
        """The inverse of :meth:`to_dict`; unknown keys raise ``ValueError`` naming them."""
        if not isinstance(data, dict):
            raise ValueError(f"rules must be an object of switches, not {type(data).__name__}")
        unknown = sorted(set(data) - set(_SWITCHES))
        if unknown:
            raise ValueError(f"unknown rule switch {unknown[0]!r} (known: {', '.join(_SWITCHES)})")
        for key, value in data.items():
            if not isinstance(value, bool):
                raise ValueError(f"rule switch {key!r} must be true or false, not {value!r}")
        return cls(**data)

    @classmethod
    def parse(cls, text: str) -> Rules:
        """Read ``"v1,v3"``, ``"V2 O1"``, a preset name (``"strict"``) or ``""``/``"standard"``."""
        if not isinstance(text, str):
            raise ValueError(f"rules must be given as text, not {type(text).__name__}")
        words = text.replace(",", " ").replace("+", " ").split()
        switches: dict[str, bool] = {}
        by_id = {rid: name for name, rid in _SWITCHES.items()}
        for word in words:
            if word.lower() in PRESETS:
                switches.update({k: v for k, v in PRESETS[word.lower()].to_dict().items() if v})
            elif word.upper() in by_id:
                switches[by_id[word.upper()]] = True
            elif word in _SWITCHES:
                switches[word] = True
            else:
                raise ValueError(
                    f"unknown rule {word!r}: use ids V1 V2 V3 O1 O2 O3 or a preset ({', '.join(PRESETS)})"
                )
        return cls(**switches)

    @classmethod
    def preset(cls, name: str) -> Rules:
        """A named preset: ``standard``, ``strict`` (V1–V3), ``crazy_eights`` (O1), ``quick`` (O3)."""
        try:
            return PRESETS[name]
        except KeyError:
            raise ValueError(f"unknown preset {name!r} (known: {', '.join(PRESETS)})") from None

    def replace(self, **changes: bool) -> Rules:
        return dataclasses.replace(self, **changes)


PRESETS: dict[str, Rules] = {
    "standard": Rules(),
    "strict": Rules(no_special_on_special=True, no_special_finish=True, lappen=True),
    "crazy_eights": Rules(suit_only_eights=True, redraw_special_starter=True),
    "quick": Rules(first_to_100_ends=True),
}

# Every rule id of the rulebook with its short title in both languages (the catalog's).
RULE_IDS: dict[str, dict[str, str]] = RULE_TITLES


def rule_title(rule_id: str, lang: str = "en") -> str:
    """``rule_title("R6", "sv") == "Åttan är joker"``."""
    try:
        return RULE_IDS[rule_id][lang]
    except KeyError:
        raise ValueError(f"unknown rule id {rule_id!r} or language {lang!r}") from None
