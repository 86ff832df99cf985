"""The card art: faces, backs, badges, a hand, the pile and the whole table, as SVG.

Standard library only: the pictures are built with :mod:`xml.etree.ElementTree` and
returned as strings, ready for ``_repr_svg_``, an ``ipywidgets.HTML`` value or a file.

>>> from vandatta.cards import Card
>>> svg = card(Card.parse("K♥"), size=100, lang="sv")
>>> svg.startswith("<svg") and "<title>hjärter kung</title>" in svg
True

Conventions:

- A card face is ``size`` px tall and 0.7 × ``size`` wide. Every card picture reserves the
  same room above the face (for the lift of a legal or selected card and the marker of the
  last played card) and a little around it (outline, shadow), so a row of cards never jumps
  when a state changes. :func:`card` is therefore 1.2 × ``size`` tall.
- States are shown by shape as well as by colour (colour-blind safe): ``"legal"`` lifts the
  card and draws a thick solid outline, ``"selected"`` lifts it further and adds a check mark,
  ``"last"`` draws a dashed outline and a ▼ marker above the card, ``"dimmed"`` fades the card
  (opacity 0.62: the indices stay readable, 3:1 or more) and hatches it.
- No ids, filters, gradients or patterns are used, so any number of pictures can share one
  HTML page; there are no external references (no images, web fonts or CDNs).
- Every picture carries a ``<title>`` and an ``aria-label`` in the requested language.
- ``deck="four"`` (keyword-only, on every public function that draws a face) draws the
  four-colour deck — ♠ black, ♥ red, ♦ blue, ♣ green — with the suit's first letter in the
  language under each corner's pip ("K" for klöver, "C" for clubs), for children who tell
  red from green poorly; the default ``"classic"`` is the two colours of a real deck.

>>> four = card(Card.parse("5♣"), lang="sv", deck="four")
>>> GREEN in four and ">K</text>" in four, GREEN in card(Card.parse("5♣"))
(True, False)

The face of each card (and the back, the outlines, …) is built and serialized once at import;
a picture holds a stand-in for it (an XML comment naming it) that :func:`_tostring` replaces
with the stored text, so a table of 64 cards does not serialize 64 faces anew.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING, TypedDict, cast

from .lang import LANGS, check_lang, plural
from .messages import MESSAGES, TERMS, count, term

# A leaf: the pictures are drawn from the public attributes of the cards, moves and games they
# are given (rank, suit, symbol, name …), so the engine's types may import this module lazily
# for their _repr_svg_ without an import cycle.
if TYPE_CHECKING:
    from .cards import Card, Rank, Suit
    from .game import Game
    from .moves import Move

__all__ = [
    "card",
    "back",
    "hand",
    "pile",
    "table",
    "arrangement",
    "move_html",
    "svg_element",
    "svg_number",
    "STATES",
    "DECKS",
]

STATES: tuple[str, ...] = ("legal", "selected", "last", "dimmed")
DECKS: tuple[str, ...] = ("classic", "four")  # two colours, or one colour per suit

# -- the catalog ---------------------------------------------------------------------------


class _Captions(dict[str, str]):
    """One language's captions (key -> text), knowing their language: a count's form is the
    language's to choose (vandatta.lang.plural)."""

    def __init__(self, lang: str, texts: dict[str, str]) -> None:
        super().__init__(texts)
        self.lang = lang


# The captions and alternative texts of the pictures, from the engine's catalog (vandatta.messages,
# ``svg_…``): language -> key -> text. A seat's name and its count of cards are the game's terms
# (vandatta.messages.TERMS).
TEXT: dict[str, _Captions] = {
    lang: _Captions(
        lang,
        {key[4:]: entry[lang] for key, entry in MESSAGES.items() if key.startswith("svg_")}
        | {
            "player": term("player", lang, capital=True),
            "cards": TERMS["cards.other"][lang],
            "cards_1": count("cards", 1, lang, digits=True),
        },
    )
    for lang in LANGS
}


def _lang(lang: str) -> _Captions:
    return TEXT[check_lang(lang)]


def _count_text(t: _Captions, key: str, n: int) -> str:
    """``t[key]`` with ``{n}``, or its ``key_1`` form where the language says one."""
    return plural(n, t.lang, one=t[key + "_1"], other=t[key])


# -- geometry and colours (card units: a face is 70 × 100) ---------------------------------

CW, CH = 70.0, 100.0  # the face
PAD_X = 4.0  # room for the outline at the sides
PAD_TOP = 16.0  # room for the lift and the "last" marker
PAD_BOTTOM = 4.0  # room for the shadow and the outline
BOX_W = CW + 2 * PAD_X
BOX_H = PAD_TOP + CH + PAD_BOTTOM
RADIUS = 4.0
LIFT = {"legal": 8.0, "selected": 12.0}
DIM_OPACITY = 0.62  # a card that cannot be played: faded and hatched, its indices still 3:1 on white
GAP = 8.0  # between cards of a hand without overlap

RED = "#c8102e"
BLACK = "#1b1b1b"
BLUE = "#0b5cad"  # the four-colour deck's diamonds (6.4:1 on white)
GREEN = "#11703a"  # and its clubs (6.3:1 on white)
_FOUR = {0: BLACK, 1: RED, 2: BLUE, 3: GREEN}  # by suit value: ♠ ♥ ♦ ♣
INK = "#222222"
FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
SERIF = "DejaVu Serif, Georgia, Times New Roman, serif"
LEGAL = "#0b3d91"  # dark blue
SELECTED = "#e66100"  # orange: told apart from the blue by every kind of colour vision
LAST = "#5e3c99"  # purple, dashed
GOLD = "#f2c14e"
FELT = "#2f6b4f"
NAVY = "#2b3f66"
BACK_RED = "#9b3a46"

_SVG_NS = "http://www.w3.org/2000/svg"


def svg_number(x: float, *, places: int = 2) -> str:
    """A number for an SVG attribute: at most ``places`` decimals, no trailing zeros.

    >>> svg_number(12.5), svg_number(3.14159), svg_number(-0.001), svg_number(2.25, places=1)
    ('12.5', '3.14', '0', '2.2')
    """
    text = f"{x:.{places}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _n(x: float) -> str:
    return svg_number(x)


def svg_element(
    parent: ET.Element | None, tag: str, text: str | None = None, /, **attrs: object
) -> ET.Element:
    """An SVG element ``tag`` under ``parent`` (or alone), holding ``text``; each attribute's
    ``_`` becomes ``-`` (a trailing one is dropped: ``class_``) and a float is written by
    :func:`svg_number`. The engine's pictures and the UI's charts draw with it.

    >>> g = svg_element(None, "g", class_="vd-x")
    >>> ET.tostring(svg_element(g, "rect", x=1.5, y=0.333, stroke_width=2), encoding="unicode")
    '<rect x="1.5" y="0.33" stroke-width="2" />'
    """
    attrib = {
        k.rstrip("_").replace("_", "-"): (svg_number(v) if isinstance(v, float) else str(v))
        for k, v in attrs.items()
    }
    element = ET.Element(tag, attrib) if parent is None else ET.SubElement(parent, tag, attrib)
    if text is not None:
        element.text = text
    return element


def _rect(parent: ET.Element | None, x: float, y: float, w: float, h: float, **attrs: object) -> ET.Element:
    return svg_element(parent, "rect", x=float(x), y=float(y), width=float(w), height=float(h), **attrs)


def _suit_colour(suit: Suit, deck: str = "classic") -> str:
    if deck == "four":
        return _FOUR[int(suit)]
    return RED if suit.is_red else BLACK


def _check_deck(deck: str) -> str:
    if deck not in DECKS:
        raise ValueError(f"deck must be one of {', '.join(DECKS)}, not {deck!r}")
    return deck


# Suit shapes centred on the origin in a 100 × 100 box; pips are these paths scaled, so the
# pips never depend on a font.
_SUIT_PATHS = {  # by suit value: ♠ 0, ♥ 1, ♦ 2, ♣ 3
    1: "M0,46C-22,28-48,10-48,-16C-48,-34-34,-44-22,-44C-10,-44-3,-37 0,-28"
    "C3,-37 10,-44 22,-44C34,-44 48,-34 48,-16C48,10 22,28 0,46Z",
    2: "M0,-48C10,-30 22,-14 38,0C22,14 10,30 0,48C-10,30-22,14-38,0C-22,-14-10,-30 0,-48Z",
    0: "M0,-48C14,-30 46,-12 46,10C46,24 36,32 24,32C14,32 7,27 4,21C5,33 10,42 18,48"
    "L-18,48C-10,42-5,33-4,21C-7,27-14,32-24,32C-36,32-46,24-46,10C-46,-12-14,-30 0,-48Z",
    # Three clockwise circles, a clockwise centre and a clockwise stem: their union.
    3: "M-20,-25a20,20 0 1 1 40,0a20,20 0 1 1-40,0Z"
    "M-44,10a20,20 0 1 1 40,0a20,20 0 1 1-40,0Z"
    "M4,10a20,20 0 1 1 40,0a20,20 0 1 1-40,0Z"
    "M-10,-8L10,-8L14,14L-14,14Z"
    "M4,12C4,30 10,42 18,48L-18,48C-10,42-4,30-4,12Z",
}


def _pip(parent: ET.Element, suit: Suit, x: float, y: float, size: float, flip: bool = False) -> ET.Element:
    k = size / 100 * (-1 if flip else 1)
    return svg_element(
        parent, "path", d=_SUIT_PATHS[suit], transform=f"translate({_n(x)},{_n(y)}) scale({_n(k)})"
    )


# Classic pip arrangements: (column, row) with columns L M R and rows as y in card units.
_L, _M, _R = 24.5, 35.0, 45.5
_T, _B = 20.0, 80.0
_ROW4 = (20.0, 40.0, 60.0, 80.0)
_PIP_LAYOUT: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((_M, _T), (_M, _B)),
    3: ((_M, _T), (_M, 50.0), (_M, _B)),
    4: ((_L, _T), (_R, _T), (_L, _B), (_R, _B)),
    5: ((_L, _T), (_R, _T), (_M, 50.0), (_L, _B), (_R, _B)),
    6: ((_L, _T), (_R, _T), (_L, 50.0), (_R, 50.0), (_L, _B), (_R, _B)),
    7: ((_L, _T), (_R, _T), (_M, 35.0), (_L, 50.0), (_R, 50.0), (_L, _B), (_R, _B)),
    8: ((_L, _T), (_R, _T), (_M, 35.0), (_L, 50.0), (_R, 50.0), (_M, 65.0), (_L, _B), (_R, _B)),
    9: (*((c, r) for r in _ROW4 for c in (_L, _R)), (_M, 50.0)),
    10: (*((c, r) for r in _ROW4 for c in (_L, _R)), (_M, 30.0), (_M, 70.0)),
}
_PIP_SIZE = 14.5


def _corner(parent: ET.Element, card: Card, letter: str | None = None) -> None:
    rank = card.rank.symbol
    attrs = {"x": 8.8, "y": 18.5, "font_size": 18.0, "font_weight": "bold", "text_anchor": "middle"}
    if len(rank) == 2:  # "10" is squeezed like on a real deck
        attrs |= {"textLength": 14.5, "lengthAdjust": "spacingAndGlyphs", "x": 9.3}
    svg_element(parent, "text", rank, **attrs)
    _pip(parent, card.suit, 9.0, 28.0, 11.5)
    if letter:  # the four-colour deck: the suit's letter too, so no colour has to be told
        svg_element(
            parent, "text", letter, x=9.0, y=46.0, font_size=12.0, font_weight="bold", text_anchor="middle"
        )


def _hatch(x0: float, y0: float, x1: float, y1: float, step: float, *, both: bool = False) -> str:
    """Diagonal lines clipped to a rectangle, as one path (no clipPath, so no id)."""
    parts = []
    c = x0 + y0 + step / 2
    while c < x1 + y1:  # lines x + y = c
        a, b = max(x0, c - y1), min(x1, c - y0)
        if a < b:
            parts.append(f"M{_n(a)},{_n(c - a)}L{_n(b)},{_n(c - b)}")
        c += step
    if both:
        c = x0 - y1 + step / 2
        while c < x1 - y0:  # lines x - y = c
            a, b = max(x0, y0 + c), min(x1, y1 + c)
            if a < b:
                parts.append(f"M{_n(a)},{_n(a - c)}L{_n(b)},{_n(b - c)}")
            c += step
    return "".join(parts)


def _card_base(parent: ET.Element) -> None:
    """Shadow and white face with a thin grey edge."""
    _rect(parent, 1.2, 1.8, CW, CH, rx=RADIUS, fill="#000", opacity=0.22)
    _rect(parent, 0.5, 0.8, CW, CH, rx=RADIUS, fill="#000", opacity=0.14)
    _rect(parent, 0.0, 0.0, CW, CH, rx=RADIUS, fill="#fff", stroke="#8c8c8c", stroke_width=0.8)


def _build_face(card: Card, deck: str = "classic", lang: str = "en") -> ET.Element:
    colour = _suit_colour(card.suit, deck)
    letter = card.suit.name_in(lang)[:1].upper() if deck == "four" else None
    g = svg_element(None, "g", fill=colour)
    _card_base(g)
    _corner(g, card, letter)
    _corner(svg_element(g, "g", transform=f"rotate(180 {_n(CW / 2)} {_n(CH / 2)})"), card, letter)
    rank, suit = card.rank, card.suit
    if card.is_ace:
        _pip(g, suit, CW / 2, CH / 2, 40.0)
    elif rank <= 10:
        for x, y in _PIP_LAYOUT[int(rank)]:
            _pip(g, suit, x, y, _PIP_SIZE, flip=y > 50)
    else:
        tint = "#fdeef0" if suit.is_red else "#eef1f7"
        _rect(g, 16.0, 13.0, 38.0, 74.0, rx=2.5, fill=tint, stroke=colour, stroke_width=1.4)
        _rect(g, 18.5, 15.5, 33.0, 69.0, rx=1.5, fill="none", stroke=colour, stroke_width=0.5)
        _pip(g, suit, CW / 2, 26.0, 13.0)
        _pip(g, suit, CW / 2, 74.0, 13.0, flip=True)
        svg_element(
            g,
            "text",
            rank.symbol,
            x=CW / 2,
            y=62.0,
            font_size=34.0,
            font_weight="bold",
            font_family=SERIF,
            text_anchor="middle",
        )
    return g


def _build_back() -> ET.Element:
    g = svg_element(None, "g")
    _card_base(g)
    x0, y0, x1, y1 = 4.5, 4.5, CW - 4.5, CH - 4.5
    _rect(g, x0, y0, x1 - x0, y1 - y0, rx=2.5, fill=NAVY)
    svg_element(
        g, "path", d=_hatch(x0, y0, x1, y1, 8.0, both=True), stroke="#4f6592", stroke_width=1.3, fill="none"
    )
    dots = []
    for i in range(-20, 21):
        for j in range(-20, 21):
            # intersections of x + y = a and x - y = b, on the lattice of _hatch
            a = x0 + y0 + 4 + 8 * i
            b = x0 - y1 + 4 + 8 * j
            x, y = (a + b) / 2, (a - b) / 2
            if x0 + 2.5 < x < x1 - 2.5 and y0 + 2.5 < y < y1 - 2.5:
                dots.append(f"M{_n(x)},{_n(y - 1.6)}l1.6,1.6l-1.6,1.6l-1.6,-1.6Z")
    svg_element(g, "path", d="".join(dots), fill=BACK_RED)
    _rect(g, x0 + 2, y0 + 2, x1 - x0 - 4, y1 - y0 - 4, rx=1.5, fill="none", stroke=BACK_RED, stroke_width=1.2)
    _rect(g, x0, y0, x1 - x0, y1 - y0, rx=2.5, fill="none", stroke="#1c2b47", stroke_width=0.8)
    return g


def _build_outline(colour: str, dashed: bool = False) -> ET.Element:
    attrs = {"stroke_dasharray": "7 3.5"} if dashed else {}
    return svg_element(
        None,
        "rect",
        x=-1.6,
        y=-1.6,
        width=CW + 3.2,
        height=CH + 3.2,
        rx=RADIUS + 1.6,
        fill="none",
        stroke=colour,
        stroke_width=3.6,
        **attrs,
    )


def _build_check() -> ET.Element:
    g = svg_element(None, "g", transform=f"translate(10,{_n(CH - 10)})")
    svg_element(g, "circle", r=8.5, fill=SELECTED, stroke="#fff", stroke_width=1.6)
    svg_element(
        g,
        "path",
        d="M-4.2,0.2L-1.2,3.6L4.4,-3.4",
        fill="none",
        stroke="#fff",
        stroke_width=2.6,
        stroke_linecap="round",
        stroke_linejoin="round",
    )
    return g


def _build_last_marker(x: float = CW / 2) -> ET.Element:
    return svg_element(
        None,
        "path",
        d=f"M{_n(x - 8)},-14.5L{_n(x + 8)},-14.5L{_n(x)},-4.5Z",
        fill=LAST,
        stroke="#fff",
        stroke_width=1.0,
        stroke_linejoin="round",
    )


def _build_dim() -> ET.Element:
    g = svg_element(None, "g")
    _rect(g, 0.0, 0.0, CW, CH, rx=RADIUS, fill="#8a8f96", opacity=0.2)
    svg_element(
        g,
        "path",
        d=_hatch(2.5, 2.5, CW - 2.5, CH - 2.5, 6.0),
        stroke="#4a4f57",
        stroke_width=1.1,
        fill="none",
    )
    return g


_SNIPPETS: dict[str, str] = {}
_SNIPPET_RE = re.compile(r"<!--vd:(\d+)-->")


def _shared(element: ET.Element) -> ET.Element:
    """A stand-in for ``element``, which many pictures use: an XML comment that
    :func:`_tostring` replaces with ``element`` serialized once here. (Text and attributes
    are escaped, so no user text can forge a comment.)"""
    key = str(len(_SNIPPETS))
    _SNIPPETS[key] = ET.tostring(element, encoding="unicode")
    return cast(ET.Element, ET.Comment("vd:" + key))  # a comment goes wherever an element may


class _Faces(dict["Card | tuple[Card, str, str]", ET.Element]):
    """The 52 faces, each drawn the first time a picture needs it (drawing all of them took
    most of this module's import time, which every dashboard kernel pays before its first
    page). A classic face is keyed by its card; a four-colour one by (card, "four", lang),
    its letter being the language's."""

    def __missing__(self, key: Card | tuple[Card, str, str]) -> ET.Element:
        if isinstance(key, tuple):
            face = self[key] = _shared(_build_face(*key))
        else:
            face = self[key] = _shared(_build_face(key))
        return face


def _face(card: Card, deck: str, lang: str) -> ET.Element:
    return _FACES[card] if deck == "classic" else _FACES[(card, deck, lang)]


_FACES = _Faces()
_BACK = _shared(_build_back())
_OUTLINES = {
    "legal": _shared(_build_outline(LEGAL)),
    "selected": _shared(_build_outline(SELECTED)),
    "last": _shared(_build_outline(LAST, True)),
}
_CHECK = _shared(_build_check())
_LAST_MARKER = _shared(_build_last_marker())
_DIM = _shared(_build_dim())
_UNDERLAY = _shared(_rect(None, 0.0, 0.0, CW, CH, rx=RADIUS, fill="#fff"))

# -- text widths (estimates for DejaVu Sans, to size badges and labels) --------------------

_NARROW = set("il.,:;!|'ıjI ")
_WIDE = set("mwMW%@")
_SYMBOL = set("♠♥♦♣★▶▼=")


def _text_width(text: str, size: float, bold: bool = False) -> float:
    width = 0.0
    for ch in text:
        if ch in _NARROW:
            width += 0.34
        elif ch in _WIDE:
            width += 0.95
        elif ch in _SYMBOL:
            width += 0.84
        elif ch.isdigit():
            width += 0.64
        elif ch.isupper():
            width += 0.72
        else:
            width += 0.6
    return width * size * (1.08 if bold else 1.0)


# -- pieces --------------------------------------------------------------------------------


def _check_state(state: str | None) -> None:
    if state is not None and state not in STATES:
        raise ValueError(f"unknown card state {state!r}: use None or one of {', '.join(STATES)}")


def _is_card(value: object) -> bool:
    """Whether ``value`` is a card (duck-typed: this module imports no engine type)."""
    return (
        isinstance(getattr(value, "index", None), int) and hasattr(value, "rank") and hasattr(value, "suit")
    )


def _declared_parts(declared: tuple[Suit, Rank | None]) -> tuple[Suit, Rank | None]:
    try:
        suit, rank = declared
    except (TypeError, ValueError):
        raise ValueError(f"declared must be (Suit, Rank or None), not {declared!r}") from None
    if not hasattr(suit, "symbol") or not (rank is None or hasattr(rank, "symbol")):
        raise ValueError(f"declared must be (Suit, Rank or None), not {declared!r}")
    return suit, rank


def _card_title(card: Card, declared: tuple[Suit, Rank | None] | None, t: _Captions, lang: str) -> str:
    name = card.name(lang)
    if declared is None:
        return name
    suit, rank = _declared_parts(declared)
    what = suit.name_in(lang) if rank is None else type(card)(rank, suit).name(lang)
    return t["counts_as"].format(card=name, what=what)


def _badge(parent: ET.Element, declared: tuple[Suit, Rank | None], deck: str = "classic") -> None:
    suit, rank = _declared_parts(declared)
    text = "=" + ("" if rank is None else rank.symbol) + suit.symbol
    size = 17.0
    w = min(CW - 2, _text_width(text, size, True) + 9)
    h = 22.0
    y = 43.0  # below the top index, above the bottom one: both stay readable
    g = svg_element(parent, "g", class_="vd-badge")
    _rect(g, CW / 2 - w / 2, y, w, h, rx=7.0, fill="#fff6cc", stroke=BLACK, stroke_width=1.8)
    svg_element(
        g,
        "text",
        text,
        x=CW / 2,
        y=y + 16.5,
        font_size=size,
        font_weight="bold",
        text_anchor="middle",
        fill=_suit_colour(suit, deck),
    )


def _card_group(
    card: Card | None,
    *,
    state: str | None,
    declared: tuple[Suit, Rank | None] | None,
    t: _Captions,
    lang: str,
    x: float = 0.0,
    index: int | None = None,
    count: int | None = None,
    title: str | None = None,
    marker_x: float | None = None,
    deck: str = "classic",
) -> ET.Element:
    """One card (``None``: a back) in card units, its face's top-left at (x, 0).

    ``marker_x`` moves the "last" marker off the centre, into the visible part of an
    overlapped card."""
    classes = "vd-card" if state is None else f"vd-card vd-{state}"
    if card is None:
        name = title or (t["back"] if count is None else _count_text(t, "face_down", count))
    else:
        name = title or _card_title(card, declared, t, lang)
    label = name if state is None else f"{name} ({t['state_' + state]})"
    g = svg_element(None, "g", class_=classes, role="img", aria_label=label)
    if x:
        g.set("transform", f"translate({_n(x)},0)")
    if index is not None:
        g.set("data-index", str(index))
    svg_element(g, "title", label)
    lift = LIFT.get(state or "", 0.0)
    if state == "dimmed":
        g.append(_UNDERLAY)
        inner = svg_element(g, "g", opacity=DIM_OPACITY)
    else:
        inner = svg_element(g, "g", transform=f"translate(0,{_n(-lift)})") if lift else g
    inner.append(_BACK if card is None else _face(card, deck, lang))
    if card is not None and declared is not None:
        _badge(inner, declared, deck)
    if card is None and count is not None:
        _count_badge(inner, count)
    if state == "dimmed":
        inner.append(_DIM)
    elif state is not None:
        inner.append(_OUTLINES[state])
        if state == "selected":
            inner.append(_CHECK)
        elif state == "last":
            g.append(_LAST_MARKER if marker_x is None else _build_last_marker(marker_x))
    return g


def _count_badge(parent: ET.Element, count: int) -> None:
    text = str(count)
    size = 20.0
    w = max(30.0, _text_width(text, size, True) + 14)
    g = svg_element(parent, "g", class_="vd-count")
    _rect(g, CW / 2 - w / 2, CH / 2 - 14, w, 28.0, rx=14.0, fill="#fff", stroke="#1c2b47", stroke_width=1.6)
    svg_element(
        g,
        "text",
        text,
        x=CW / 2,
        y=CH / 2 + 7,
        font_size=size,
        font_weight="bold",
        text_anchor="middle",
        fill="#1c2b47",
    )


def _svg_root(
    width: float, height: float, view: tuple[float, float, float, float], title: str, role: str = "img"
) -> ET.Element:
    root = svg_element(
        None,
        "svg",
        xmlns=_SVG_NS,
        width=_n(width),
        height=_n(height),
        viewBox=" ".join(_n(v) for v in view),
        role=role,
        aria_label=title,
        font_family=FONT,
    )
    svg_element(root, "title", title)
    return root


def _unlabel(g: ET.Element) -> str:
    """Move a lone card group's text alternative up to the root: returns its label."""
    label = g.attrib.pop("aria-label", "")
    del g.attrib["role"]
    g.remove(g[0])  # its <title>
    return label


def _tostring(root: ET.Element) -> str:
    text = ET.tostring(root, encoding="unicode")
    return _SNIPPET_RE.sub(lambda m: _SNIPPETS[m.group(1)], text)


def _check_size(size: float) -> float:
    if (
        not isinstance(size, (int, float))
        or isinstance(size, bool)
        or not size > 0
        or not math.isfinite(size)
    ):
        raise ValueError(f"size must be a positive number of pixels, not {size!r}")
    return float(size)


# -- public: card, back, hand --------------------------------------------------------------


def card(
    card: Card,
    *,
    size: float = 100,
    state: str | None = None,
    declared: tuple[Suit, Rank | None] | None = None,
    lang: str = "en",
    back: bool = False,
    deck: str = "classic",
) -> str:
    """One card as an SVG string; the face is ``size`` px tall (the picture 1.2 × ``size``).

    ``state``: ``None``, ``"legal"``, ``"selected"``, ``"last"`` or ``"dimmed"``.
    ``declared``: for an eight, what it counts as: ``(Suit.HEARTS, Rank.KING)`` or
    ``(Suit.HEARTS, None)``; shown as a badge ("=K♥") and in the title.
    ``back=True`` draws the card face down (its title then says only "card back").
    ``deck``: ``"classic"`` or ``"four"`` (one colour per suit, see the module docstring).
    """
    t = _lang(lang)
    size = _check_size(size)
    _check_state(state)
    _check_deck(deck)
    if not _is_card(card):
        raise TypeError(f"card() needs a Card, not {card!r}")
    if declared is not None and not card.is_eight and not back:
        raise ValueError(f"only an eight carries a declaration, and {card} is not an eight")
    g = _card_group(
        None if back else card, state=state, declared=None if back else declared, t=t, lang=lang, deck=deck
    )
    root = _svg_root(BOX_W * size / 100, BOX_H * size / 100, (-PAD_X, -PAD_TOP, BOX_W, BOX_H), _unlabel(g))
    root.append(g)
    return _tostring(root)


def back(*, size: float = 100, count: int | None = None, lang: str = "en") -> str:
    """The card back; with ``count``, a badge with that number (the talon, a hidden hand)."""
    t = _lang(lang)
    size = _check_size(size)
    if count is not None and (not isinstance(count, int) or count < 0):
        raise ValueError(f"count must be a non-negative int or None, not {count!r}")
    g = _card_group(None, state=None, declared=None, t=t, lang=lang, count=count)
    root = _svg_root(BOX_W * size / 100, BOX_H * size / 100, (-PAD_X, -PAD_TOP, BOX_W, BOX_H), _unlabel(g))
    root.append(g)
    return _tostring(root)


def _states_list(states: Sequence[str | None] | None, n: int) -> list[str | None]:
    if states is None:
        return [None] * n
    states = list(states)
    if len(states) != n:
        raise ValueError(f"states has {len(states)} entries for {n} cards")
    for s in states:
        _check_state(s)
    return states


def _placeholder(
    parent: ET.Element, t: _Captions, *, colour: str = "#777", x: float = 0.0, text: str | None = None
) -> None:
    """A dashed card outline with a word or two in it ("no cards", "empty")."""
    g = svg_element(parent, "g", class_="vd-empty")
    if x:
        g.set("transform", f"translate({_n(x)},0)")
    _rect(
        g,
        1.0,
        1.0,
        CW - 2,
        CH - 2,
        rx=RADIUS,
        fill="none",
        stroke=colour,
        stroke_width=2.0,
        stroke_dasharray="6 4",
    )
    lines: list[str] = []
    for word in (text or t["no_cards"]).split():
        if lines and _text_width(lines[-1] + " " + word, 15.0) <= CW - 10:
            lines[-1] += " " + word
        else:
            lines.append(word)
    font = min(15.0, min((CW - 10) / max(_text_width(line, 1.0), 0.01) for line in lines))
    y = CH / 2 + font * 0.35 - (len(lines) - 1) * font * 0.6
    for line in lines:
        svg_element(g, "text", line, x=CW / 2, y=y, font_size=font, text_anchor="middle", fill=colour)
        y += font * 1.2


def _hand_group(
    cards: Sequence[Card],
    states: list[str | None],
    step: float,
    *,
    hidden: bool,
    t: _Captions,
    lang: str,
    count_on_last: bool = False,
    placeholder_colour: str = "#777",
    deck: str = "classic",
) -> tuple[ET.Element, float]:
    """A row of cards in card units, starting at x = 0; returns (group, width of the row)."""
    g = svg_element(None, "g", class_="vd-hand")
    if not cards:
        _placeholder(g, t, colour=placeholder_colour)
        return g, CW
    n = len(cards)
    for i, c in enumerate(cards):
        count = n if (hidden and count_on_last and i == n - 1) else None
        title = t["back"] if hidden and count is None else None
        g.append(
            _card_group(
                None if hidden else c,
                state=states[i],
                declared=None,
                t=t,
                lang=lang,
                x=i * step,
                index=i,
                count=count,
                title=title,
                marker_x=None if step >= CW or i == n - 1 else max(9.0, step / 2),
                deck=deck,
            )
        )
    return g, CW + (n - 1) * step


def hand(
    cards: Sequence[Card],
    *,
    size: float = 90,
    states: Sequence[str | None] | None = None,
    overlap: float = 0.0,
    lang: str = "en",
    hidden: bool = False,
    deck: str = "classic",
) -> str:
    """A row of cards in one SVG; each card is a ``<g class="vd-card …" data-index="i">``.

    ``states`` runs parallel to ``cards`` (each ``None`` or a state). ``overlap`` is the part
    of each card's width covered by the next one (0 to 0.85). ``hidden=True`` draws backs.
    ``deck``: ``"classic"`` or ``"four"``.
    """
    t = _lang(lang)
    size = _check_size(size)
    _check_deck(deck)
    cards = list(cards)
    for c in cards:
        if not _is_card(c):
            raise TypeError(f"hand() needs Cards, not {c!r}")
    states_ = _states_list(states, len(cards))
    if not isinstance(overlap, (int, float)) or not 0 <= overlap <= 0.85:
        raise ValueError(f"overlap must be between 0 and 0.85, not {overlap!r}")
    step = CW + GAP if overlap == 0 else CW * (1 - overlap)
    g, width = _hand_group(cards, states_, step, hidden=hidden, t=t, lang=lang, deck=deck)
    n = len(cards)
    title = t["hand_0"] if n == 0 else _count_text(t, "hand", n)
    if hidden and n:
        title += " (" + _count_text(t, "face_down", n) + ")"
    view_w = width + 2 * PAD_X
    root = _svg_root(
        view_w * size / 100, BOX_H * size / 100, (-PAD_X, -PAD_TOP, view_w, BOX_H), title, role="group"
    )
    root.append(g)
    return _tostring(root)


# -- public: pile --------------------------------------------------------------------------


def _pile_group(
    top: Card | None,
    *,
    declared: tuple[Suit, Rank | None] | None,
    talon_size: int | None,
    follow_up: Suit | None,
    draws: int,
    max_draws: int | None,
    scale: float,
    t: _Captions,
    lang: str,
    on_felt: bool,
    deck: str = "classic",
) -> tuple[ET.Element, float, float, str]:
    """The talon and the pile in px, top-left at (0, 0): (group, width, height, summary)."""
    ink = "#ffffff" if on_felt else INK
    faint = "#d9e8df" if on_felt else "#777"
    font = max(16.0, round(16 * scale, 1))
    g = svg_element(None, "g", class_="vd-pile")
    gap = 16 * scale
    cards_w = 2 * CW * scale + gap
    # the talon
    tg = svg_element(g, "g", class_="vd-talon", transform=f"translate(0,0) scale({_n(scale)})")
    # a talon nobody knows: face down, neither its cards nor its size told
    talon_said = t["talon_unknown"] if talon_size is None else t["talon"].format(n=talon_size)
    if talon_size is None:
        tg.append(_card_group(None, state=None, declared=None, t=t, lang=lang, title=t["talon_unknown"]))
    elif talon_size > 0:
        tg.append(
            _card_group(
                None,
                state=None,
                declared=None,
                t=t,
                lang=lang,
                count=talon_size,
                title=_count_text(t, "talon_title", talon_size),
            )
        )
    else:
        _placeholder(tg, t, colour=faint, text=t["empty"])
    # the top card, in a group of its own inside the placed one: a view may animate that
    # group (CSS transforms replace a transform attribute) and the card still lands on the pile
    pg = svg_element(
        g, "g", class_="vd-top", transform=f"translate({_n(CW * scale + gap)},0) scale({_n(scale)})"
    )
    drop = svg_element(pg, "g", class_="vd-drop")
    if top is not None:
        title = t["top"].format(card=_card_title(top, declared, t, lang))
        drop.append(_card_group(top, state=None, declared=declared, t=t, lang=lang, title=title, deck=deck))
    else:
        _placeholder(drop, t, colour=faint, text=t["empty_pile"])
    # the lines of text
    lines: list[tuple[str, Suit | None]] = [(talon_said, None)]
    if follow_up is not None:
        lines.append((t["follow_up"], follow_up))
    elif draws:  # (after an ace the draws are over: the follow-up is a card from the hand)
        lines.append((_draws_text(t, draws, max_draws), None))
    text_w = max(_text_width(s + ("♠" if suit is not None else ""), font, True) for s, suit in lines)
    width = max(cards_w, text_w)
    if width > cards_w:  # centre the cards over wider text
        for child in (tg, pg):
            tr = child.get("transform", "")
            child.set("transform", f"translate({_n((width - cards_w) / 2)},0) {tr}")
    y = CH * scale + 6 + font
    for text, suit in lines:
        te = svg_element(
            g,
            "text",
            text,
            x=width / 2,
            y=y,
            font_size=font,
            font_weight="bold",
            fill=ink,
            text_anchor="middle",
        )
        if suit is not None:
            span = svg_element(te, "tspan", suit.symbol, font_size=font * 1.15)
            if on_felt:
                span.set("fill", "#ffb3bf" if suit.is_red else "#ffffff")
            else:
                span.set("fill", _suit_colour(suit, deck))
        y += font * 1.35
    height = y - font * 1.35 + font * 0.4
    summary_parts = [
        t["top"].format(card=_card_title(top, declared, t, lang)) if top is not None else t["empty_pile"],
        talon_said,
    ]
    if follow_up is not None:
        summary_parts.append(t["follow_up"] + follow_up.symbol)
    elif draws:
        summary_parts.append(_draws_text(t, draws, max_draws))
    return g, width, height, "; ".join(summary_parts)


# Rule R8: the most cards drawn in one turn — vandatta.game.DRAW_LIMIT, the one statement of it
# (this module is a leaf and imports no engine module: an example of draw_limit checks the two agree).
# Where a game is at hand the pile follows its rules instead (Game.draw_limit: rule O8).
R8_DRAW_LIMIT = 3


def _draws_text(t: _Captions, draws: int, max_draws: int | None) -> str:
    """The draws of the turn: "Drawn this turn: 2 of 3", or with no limit (rule O8: drawing
    until a card fits) "Drawn this turn: 2"."""
    if max_draws is None:
        return t["draws_open"].format(n=draws)
    return t["draws"].format(n=draws, m=max_draws)


def pile(
    top: Card | None,
    *,
    declared: tuple[Suit, Rank | None] | None = None,
    talon_size: int | None = 0,
    follow_up: Suit | None = None,
    draws: int = 0,
    size: float = 110,
    lang: str = "en",
    max_draws: int | None = R8_DRAW_LIMIT,
    deck: str = "classic",
) -> str:
    """The centre of the table: the talon (with its count) and the pile's top card (with an
    eight's declaration), and under them "Talon: 23", an owed ace follow-up and the draws
    made this turn ("Drawn this turn: 2 of 3"; ``max_draws`` is the limit: R8's three by
    default, a game's :attr:`~vandatta.Game.draw_limit` under rule O8, ``None`` for none).
    ``talon_size=None``: a talon nobody knows (a position kept without it), face down and
    not counted.

    >>> from vandatta import Card
    >>> "Talon: 15" in pile(Card.parse("7C"), talon_size=15)
    True
    >>> unknown = pile(Card.parse("7C"), talon_size=None)
    >>> ">Talon<" in unknown, "Talon:" in unknown
    (True, False)
    """
    t = _lang(lang)
    size = _check_size(size)
    _check_deck(deck)
    if top is not None and not _is_card(top):
        raise TypeError(f"pile() needs a Card or None as top, not {top!r}")
    if declared is not None and (top is None or not top.is_eight):
        raise ValueError(f"only an eight carries a declaration, and {top} is not an eight")
    if talon_size is not None and (not isinstance(talon_size, int) or talon_size < 0):
        raise ValueError(f"talon_size must be a non-negative int or None, not {talon_size!r}")
    if not isinstance(draws, int) or draws < 0:
        raise ValueError(f"draws must be a non-negative int, not {draws!r}")
    scale = size / 100
    g, width, height, summary = _pile_group(
        top,
        declared=declared,
        talon_size=talon_size,
        follow_up=follow_up,
        draws=draws,
        max_draws=max_draws,
        scale=scale,
        t=t,
        lang=lang,
        on_felt=False,
        deck=deck,
    )
    pad = 4 * scale
    root = _svg_root(
        width + 2 * pad, height + 2 * pad, (-pad, -pad, width + 2 * pad, height + 2 * pad), summary
    )
    root.append(g)
    return _tostring(root)


# -- public: table -------------------------------------------------------------------------

# The table's width in card heights by the number of players. The height follows from the
# rows: a row of seats along the top, the pile (with one seat each side of it from four
# players on), a row along the bottom.
_TABLE_WIDTH = {2: 8.8, 3: 9.2, 4: 9.8, 5: 10.0, 6: 10.2, 7: 10.5, 8: 10.5}
# Where the seats sit: (top row, left of the pile, right of the pile, bottom row), each row
# left to right; seat 0 is in the middle of the bottom row and the seats run clockwise.
_TABLE_ROWS: dict[int, tuple[tuple[int, ...], ...]] = {
    2: ((1,), (), (), (0,)),
    3: ((1, 2), (), (), (0,)),
    4: ((2,), (1,), (3,), (0,)),
    5: ((2, 3), (1,), (4,), (0,)),
    6: ((2, 3, 4), (1,), (5,), (0,)),
    7: ((3, 4), (2,), (5,), (1, 0, 6)),
    8: ((3, 4, 5), (2,), (6,), (1, 0, 7)),
}
_MIN_STEP = 19.0  # card units of each overlapped card left visible: the corner index shows
_LABEL_H = 34.0
_LABEL_GAP = 6.0  # px between a seat's label and its cards
_LABEL_FONT = 18.0
_TAG_FONT = 16.0
_RESULT_FONT = 20.0
_RESULT_LINE = 24.0
_TAG_ROW = _LABEL_H - 2  # px a seat grows when its tags go on a line of their own
_EDGE = 16.0  # px between the felt's edge and a seat (the glow of the seat to move takes 8)
_SEAT_GAP = 32.0  # px between seats side by side
_ROW_GAP = 16.0  # px between rows
_NAME_MAX = 18  # characters of a name written on the table (the titles carry it whole)
_ROUND_MIN_SCALE = 0.7  # below this the seats go one under another (see arrangement())
_PHONE_CARD = 63.0  # px: the least card height one under another (44 px wide)
_MIN_PICTURE = 260.0  # px: the narrowest picture drawn
_FOCUS_WIDTH = 4.8  # the focus arrangement's width in card heights
_FOCUS_GAP = 16.0  # px between the pile's cards and the name plates beside them

Box = tuple[float, float, float, float]  # x, y, width, height in px


class _Layout(TypedDict):
    """Where a table's parts go, in px: the canvas, each seat's box, the pile's top-left,
    the result pill's box, the seats whose tags go under their name, each seat's card scale
    and the seats shown by their label alone."""

    width: float
    height: float
    seats: dict[int, Box]
    pile: tuple[float, float]
    result: Box | None
    stacked: set[int]
    scales: dict[int, float]
    label_only: set[int]


def _short(name: str, limit: int = _NAME_MAX) -> str:
    name = " ".join(name.split())
    return name if len(name) <= limit else name[: max(limit - 1, 1)].rstrip() + "…"


def _table_names(game: Game, names: Sequence[str] | None, players: int, t: _Captions) -> list[str]:
    """The seat names: ``names``, else the game's own ``names``, else "Player 1" …; a blank
    entry falls back to the default name."""
    if names is None:
        names = getattr(game, "names", None) or None
    elif isinstance(names, str) or not isinstance(names, Sequence):
        raise TypeError(f"names must be a sequence of {players} strings, not {names!r}")
    if names is None:
        return [t["player"].format(n=i + 1) for i in range(players)]
    names = list(names)
    if len(names) != players or not all(isinstance(n, str) for n in names):
        raise ValueError(f"names must be {players} strings, one per seat, not {names!r}")
    return [n.strip() or t["player"].format(n=i + 1) for i, n in enumerate(names)]


def _split_two(text: str, font: float) -> list[str]:
    """``text`` on two lines, broken at the space that makes the wider line narrowest."""
    words = text.split(" ")
    if len(words) < 2:
        return [text]
    best = min(
        range(1, len(words)),
        key=lambda i: max(
            _text_width(" ".join(words[:i]), font, True), _text_width(" ".join(words[i:]), font, True)
        ),
    )
    return [" ".join(words[:best]), " ".join(words[best:])]


def _result_lines(text: str, one_line_max: float) -> tuple[list[str], float, float]:
    """The result pill's lines, width and height: one line if it fits, else two."""
    lines = [text]
    if _text_width(text, _RESULT_FONT, True) + 36 > one_line_max:
        lines = _split_two(text, _RESULT_FONT)
    width = max(_text_width(line, _RESULT_FONT, True) for line in lines) + 36
    return lines, width, 18 + _RESULT_LINE * len(lines)


def _share(avail: float, want: list[float], least: list[float]) -> list[float]:
    """Widths for seats side by side: what they want if it fits, else every seat cut to a
    common level (never below its least); below the least, all shrink in proportion."""
    if sum(want) <= avail:
        return list(want)
    if sum(least) >= avail:
        total = sum(least)
        return [w * avail / total for w in least] if total > 0 else list(least)
    lo, hi = 0.0, max(want)
    for _ in range(40):
        level = (lo + hi) / 2
        if sum(min(w, max(m, level)) for w, m in zip(want, least)) > avail:
            hi = level
        else:
            lo = level
    return [min(w, max(m, lo)) for w, m in zip(want, least)]


def _cards_width(n: int, step: float, scale: float) -> float:
    return (CW + max(n - 1, 0) * step + 2 * PAD_X) * scale


def _table_layout(
    players: int,
    *,
    size: float,
    want: list[float],
    least: list[float],
    label_w: list[float],
    pile_w: float,
    centre_w: float,
    result: tuple[float, float] | None,
    result_h: float,
    min_width: float = 0.0,
) -> _Layout:
    """Where everything goes, in px: the canvas, each seat's box (x, y, width, height: its
    label on top, its cards under it), the pile's top-left, the result pill's box and the
    seats whose tags go under their name.

    ``want``/``least`` are the seats' widths with their cards spread out and squeezed;
    ``label_w`` the widths of their labels with the tags beside the name (a seat beside
    the pile narrower than that has room to put its tags on a line of their own);
    ``centre_w`` is the room the side seats leave for the pile and the result;
    ``result`` the result pill's (width, height) and ``result_h`` the height reserved for
    it under the talon line; ``min_width`` the room the labels need in a row. The canvas
    depends only on the number of players, ``size``, ``centre_w``, ``result_h`` and
    ``min_width``, so it does not change during a round."""
    scale = size / 100
    width = max(_TABLE_WIDTH[players] * size, min_width)
    seat_h = _LABEL_H + _LABEL_GAP + (CH + PAD_BOTTOM) * scale
    font = max(16.0, round(16 * scale, 1))
    text_h = max(font * (1 + 2 * 1.35 + 0.4), font * 1.4 + 8 + result_h)
    pile_h = CH * scale + 6 + text_h  # the pile with room for all its lines (or the result)
    top, left, right, bottom = _TABLE_ROWS[players]
    band_h = max(pile_h, seat_h + _TAG_ROW if left else 0.0)
    band_y = _EDGE + seat_h + _ROW_GAP
    height = band_y + band_h + _ROW_GAP + seat_h + _EDGE
    boxes: dict[int, Box] = {}
    stacked: set[int] = set()
    side_y = band_y + (band_h - seat_h - _TAG_ROW) / 2  # labels level, room for tags under them

    def row(seats: tuple[int, ...], x0: float, x1: float, y: float | None) -> None:
        """Seats side by side from x0 to x1; ``y=None``: beside the pile, centred on it."""
        if not seats:
            return
        avail = x1 - x0 - _SEAT_GAP * (len(seats) - 1)
        widths = _share(avail, [want[s] for s in seats], [least[s] for s in seats])
        spare = (avail - sum(widths)) / len(seats)
        x = x0
        for s, w in zip(seats, widths):
            h = seat_h
            if y is None and w < label_w[s] - 0.5:
                stacked.add(s)
                h += _TAG_ROW
            boxes[s] = (x + spare / 2, side_y if y is None else y, w, h)
            x += w + spare + _SEAT_GAP

    row(top, _EDGE, width - _EDGE, _EDGE)
    row(bottom, _EDGE, width - _EDGE, band_y + band_h + _ROW_GAP)
    inner = _SEAT_GAP - 8  # the pile's lines are narrower than their estimate
    row(left, _EDGE, width / 2 - centre_w / 2 - inner, None)
    row(right, width / 2 + centre_w / 2 + inner, width - _EDGE, None)
    pile = (width / 2 - pile_w / 2, band_y + (band_h - pile_h) / 2)
    pill = None
    if result is not None:
        rw, rh = result
        pill = (width / 2 - rw / 2, pile[1] + CH * scale + 6 + font * 1.4 + 8, rw, rh)
    return {
        "width": width,
        "height": height,
        "seats": boxes,
        "pile": pile,
        "result": pill,
        "stacked": stacked,
        "scales": dict.fromkeys(range(players), scale),
        "label_only": set(),
    }


def _pile_max_width(t: _Captions, scale: float) -> float:
    """The widest the pile can get: its two cards or its widest line of text."""
    font = max(16.0, round(16 * scale, 1))
    lines = (t["talon"].format(n=888), t["follow_up"] + "♠", _draws_text(t, R8_DRAW_LIMIT, R8_DRAW_LIMIT))
    return max(2 * CW * scale + 16 * scale, *(_text_width(s, font, True) for s in lines))


def _pile_height(scale: float, result_h: float) -> tuple[float, float]:
    """The pile's height with room for all its lines (or the result), and its font."""
    font = max(16.0, round(16 * scale, 1))
    text_h = max(font * (1 + 2 * 1.35 + 0.4), font * 1.4 + 8 + result_h)
    return CH * scale + 6 + text_h, font


def _pill_box(
    result: tuple[float, float] | None, pile: tuple[float, float], width: float, scale: float, font: float
) -> Box | None:
    if result is None:
        return None
    rw, rh = result
    return (width / 2 - rw / 2, pile[1] + CH * scale + 6 + font * 1.4 + 8, rw, rh)


def _turn_order(players: int, anchor: int) -> list[int]:
    """The seats after ``anchor`` in turn order (clockwise), ``anchor`` itself left out."""
    return [(anchor + k) % players for k in range(1, players)]


def _column_layout(
    players: int,
    *,
    anchor: int,
    width: float,
    scale: float,
    want: list[float],
    least: list[float],
    label_w: list[float],
    pile_w: float,
    result: tuple[float, float] | None,
    result_h: float,
) -> _Layout:
    """Seats one under another for a narrow screen: the others in turn order, side by side
    only where they fit (stacks of backs), then the pile, then ``anchor`` at the bottom. A
    seat too narrow for its tags beside its name puts them under it."""
    seat_h = _LABEL_H + _LABEL_GAP + (CH + PAD_BOTTOM) * scale
    pile_h, font = _pile_height(scale, result_h)
    inner = width - 2 * _EDGE
    boxes: dict[int, Box] = {}
    stacked: set[int] = set()
    y = _EDGE

    def place(seats: list[int]) -> None:
        nonlocal y
        avail = inner - _SEAT_GAP * (len(seats) - 1)
        widths = _share(avail, [min(want[s], avail) for s in seats], [min(least[s], avail) for s in seats])
        spare = (avail - sum(widths)) / len(seats)
        x, row_h = _EDGE, seat_h
        for seat, w in zip(seats, widths):
            h = seat_h
            if w < label_w[seat] - 0.5:
                stacked.add(seat)
                h += _TAG_ROW
            boxes[seat] = (x + spare / 2, y, w, h)
            row_h = max(row_h, h)
            x += w + spare + _SEAT_GAP
        y += row_h + _ROW_GAP

    row: list[int] = []
    for seat in _turn_order(players, anchor):
        if row and sum(least[s] for s in [*row, seat]) + _SEAT_GAP * len(row) > inner:
            place(row)
            row = []
        row.append(seat)
    if row:
        place(row)
    pile = (width / 2 - pile_w / 2, y)
    y += pile_h + _ROW_GAP
    place([anchor])
    return {
        "width": width,
        "height": y - _ROW_GAP + _EDGE,
        "seats": boxes,
        "pile": pile,
        "result": _pill_box(result, pile, width, scale, font),
        "stacked": stacked,
        "scales": dict.fromkeys(range(players), scale),
        "label_only": set(),
    }


def _focus_layout(
    players: int,
    *,
    focus: int,
    width: float,
    scale: float,
    want: list[float],
    label_w: list[float],
    pile_w: float,
    result: tuple[float, float] | None,
    result_h: float,
) -> _Layout:
    """For a projector: the pile in the middle with the other seats as name plates beside its
    cards (in turn order: up the left, down the right), and ``focus``'s hand along the bottom,
    its cards and the pile's as large as the picture allows."""
    pile_h, font = _pile_height(scale, result_h)
    inner = width - 2 * _EDGE
    side_w = (width - _pile_cards_width(scale)) / 2 - _EDGE - _FOCUS_GAP
    others = _turn_order(players, focus)
    half = (len(others) + 1) // 2
    columns = (list(reversed(others[:half])), others[half:])  # each from the top down
    boxes: dict[int, Box] = {}
    stacked: set[int] = set()
    heights: dict[int, float] = {}
    for seat in others:
        heights[seat] = _LABEL_H
        if label_w[seat] > side_w + 0.5 and label_w[seat] > 0:
            stacked.add(seat)
            heights[seat] += _TAG_ROW
    plate_gap = 12.0
    band_h = max(
        pile_h, *(sum(heights[s] for s in col) + plate_gap * (len(col) - 1) for col in columns if col)
    )
    band_y = _EDGE
    for col, x in ((columns[0], _EDGE), (columns[1], width - _EDGE - side_w)):
        y = band_y  # level with the pile's cards, above its lines of text
        for seat in col:
            w = min(label_w[seat], side_w)
            boxes[seat] = (x + (side_w - w) / 2, y, w, heights[seat])
            y += heights[seat] + plate_gap
    pile = (width / 2 - pile_w / 2, band_y)
    y = band_y + band_h + _ROW_GAP
    seat_h = _LABEL_H + _LABEL_GAP + (CH + PAD_BOTTOM) * scale
    w = min(inner, want[focus])
    if w < label_w[focus] - 0.5:
        stacked.add(focus)
        seat_h += _TAG_ROW
    boxes[focus] = (width / 2 - w / 2, y, w, seat_h)
    return {
        "width": width,
        "height": y + seat_h + _EDGE,
        "seats": boxes,
        "pile": pile,
        "result": _pill_box(result, pile, width, scale, font),
        "stacked": stacked,
        "scales": dict.fromkeys(range(players), scale),
        "label_only": set(others),
    }


def _pile_cards_width(scale: float) -> float:
    """The width of the pile's two cards (its lines of text may be wider)."""
    return 2 * CW * scale + 16 * scale


def arrangement(
    players: int, *, width: float | None = None, size: float = 90, focus: int | None = None
) -> str:
    """Which arrangement :func:`table` picks: ``"focus"`` with a seat in focus, ``"column"``
    when ``width`` px is too narrow for the seats round the pile with cards at least 0.7 of
    ``size`` (a phone), else ``"round"``.

    >>> arrangement(3, width=390), arrangement(3, width=1200), arrangement(3), arrangement(3, focus=0)
    ('column', 'round', 'round', 'focus')
    """
    if focus is not None:
        return "focus"
    if width is not None and width < _TABLE_WIDTH[players] * size * _ROUND_MIN_SCALE:
        return "column"
    return "round"


def table(
    game: Game,
    *,
    lang: str = "en",
    open_hands: bool = True,
    viewer: int | None = None,
    size: float = 90,
    names: Sequence[str] | None = None,
    width: float | None = None,
    focus: int | None = None,
    deck: str = "classic",
) -> str:
    """The whole table as one SVG: felt, the pile and talon in the middle, the seats round it
    (seat 0 at the bottom, then clockwise in turn order), the player to move marked with ▶
    and a gold frame, "Lappen!" tags and, when the round is over, its result under the pile.

    A card on the table is ``size`` px tall; the table is about 9 (two players) to 10.5
    (eight players) card heights wide. With ``open_hands=False`` only ``viewer``'s hand is
    shown face up (no hand when ``viewer`` is ``None``). ``names`` label the seats (default:
    the game's ``names`` if it has any, else "Player 1", …). Reads only ``players``,
    ``hand(seat)``, ``to_move``, ``top``, ``declaration``, ``talon_size``,
    ``follow_up_suit``, ``draws_this_turn``, ``lappen_called``, ``is_over``, ``winner`` and
    (if present) ``names`` and ``draw_limit`` of ``game``.

    The table chooses its arrangement (:func:`arrangement`) for ``width``, the room in px it
    will be shown in: seats round the pile where they fit, else (a phone) one seat under
    another, the picture ``width`` px wide and its cards no narrower than 44 px, with
    ``viewer`` (or seat 0) at the bottom. ``focus`` (a seat) draws that seat's hand along
    the bottom and the pile above it, both ``size`` px tall, in a picture about five card
    heights wide, and the other seats as name plates with their number of cards (never their
    cards): a projector's view of one player's choice.

    Every card has its name for a screen reader: each seat is a group named after it, and a
    hand shown face up is a list of its cards.
    """
    t = _lang(lang)
    size = _check_size(size)
    _check_deck(deck)
    players = game.players
    if not isinstance(players, int) or not 2 <= players <= 8:
        raise ValueError(f"a table seats 2 to 8 players, not {players!r}")
    if viewer is not None and not (isinstance(viewer, int) and 0 <= viewer < players):
        raise ValueError(f"viewer must be a seat 0..{players - 1} or None, not {viewer!r}")
    if focus is not None and not (
        isinstance(focus, int) and not isinstance(focus, bool) and 0 <= focus < players
    ):
        raise ValueError(f"focus must be a seat 0..{players - 1} or None, not {focus!r}")
    if width is not None:
        width = max(_check_size(width), _MIN_PICTURE)
    kind = arrangement(players, width=width, size=size, focus=focus)
    if kind == "column":
        size = min(size, max(_PHONE_CARD, width * 0.19))  # type: ignore[operator]  # a column has a width
    names = _table_names(game, names, players, t)
    shown_names = [_short(name) for name in names]
    scale = size / 100
    to_move = game.to_move
    is_over = bool(game.is_over)
    winner = game.winner if is_over else None
    lappen = tuple(game.lappen_called)
    hands = [tuple(game.hand(seat)) for seat in range(players)]
    shown = [open_hands or seat == viewer for seat in range(players)]
    if kind == "focus":
        shown = [seat == focus and (open_hands or seat == viewer) for seat in range(players)]

    # the seats' labels and the widths they want
    sides = set(_TABLE_ROWS[players][1] + _TABLE_ROWS[players][2]) if kind == "round" else set()
    labels, flags, want, least = [], [], [], []
    for seat in range(players):
        n = len(hands[seat])
        flags.append(
            (n, seat == to_move and not is_over, seat < len(lappen) and bool(lappen[seat]), winner == seat)
        )
        label = _seat_label(names[seat], *flags[seat], t, shown_names[seat])
        labels.append(label)
        if shown[seat]:
            full, tight = _cards_width(n, CW + GAP, scale), _cards_width(n, _MIN_STEP, scale)
        else:
            full = tight = _cards_width(n, _back_step(n), scale)
        parts, total, _ = _seat_label(names[seat], *flags[seat], t, _short(names[seat], 6))
        if seat in sides or kind == "column":  # a seat may put its tags under its name
            total = max(parts[0][3], total - parts[0][3] - 8)
        want.append(max(label[1], full))
        least.append(min(want[-1], max(total, tight)))

    # the result pill: one line when it fits, else two; the same room is kept all round
    has_sides = bool(_TABLE_ROWS[players][1])
    pile_max = _pile_max_width(t, scale)
    # labels are in px, not card units: at a small ``size`` the table grows to hold a row of them
    nominal = [_seat_label(name, 88, True, False, False, t, _short(name, 6))[1] for name in names]
    min_width = max(
        sum(nominal[s] for s in seats) + _SEAT_GAP * (len(seats) - 1) + 2 * _EDGE
        for seats in (_TABLE_ROWS[players][0], _TABLE_ROWS[players][3])
    )
    if kind == "round":
        table_w = max(_TABLE_WIDTH[players] * size, min_width)
        one_line_max = pile_max + 40 if has_sides else table_w - 2 * _EDGE - 2 * _SEAT_GAP
    elif kind == "column":
        table_w = float(width)  # type: ignore[arg-type]  # a column has a width
        one_line_max = table_w - 2 * _EDGE
    else:
        plates = [_seat_label(name, 88, False, False, False, t, _short(name, 10))[1] for name in names]
        table_w = max(_FOCUS_WIDTH * size, _pile_cards_width(scale) + 2 * (max(plates) + _EDGE + _FOCUS_GAP))
        one_line_max = pile_max + 40
    outcomes = ["★ " + t["wins_short"].format(player=name) for name in shown_names]
    outcomes.append("★ " + t["blocked_short"])
    pills = [_result_lines(text, one_line_max) for text in outcomes]
    centre_w = max(pile_max, *(p[1] for p in pills)) if has_sides else pile_max
    result_h = max(p[2] for p in pills)

    title = t["table"].format(n=players) + ". "
    if is_over:
        title += t["wins"].format(player=names[winner]) if winner is not None else t["blocked"]
    else:
        title += t["to_move"].format(player=names[to_move])

    # the pile: once the round is over, an owed follow-up or the draws of a turn no longer
    # matter, and the result takes their place
    pg, pw, _, summary = _pile_group(
        game.top,
        declared=game.declaration,
        talon_size=int(game.talon_size),
        follow_up=None if is_over else game.follow_up_suit,
        draws=0 if is_over else int(game.draws_this_turn),
        max_draws=getattr(game, "draw_limit", R8_DRAW_LIMIT),  # rule R8 (O8: the game's rules)
        scale=scale,
        t=t,
        lang=lang,
        on_felt=True,
        deck=deck,
    )
    pill = None
    if is_over:
        pill = pills[-1] if winner is None else pills[winner]
    result = None if pill is None else (pill[1], pill[2])
    label_w = [label[1] for label in labels]
    if kind == "round":
        layout = _table_layout(
            players,
            size=size,
            want=want,
            least=least,
            label_w=label_w,
            pile_w=pw,
            centre_w=centre_w,
            result=result,
            result_h=result_h,
            min_width=min_width,
        )
    elif kind == "column":
        anchor = viewer if viewer is not None else 0
        layout = _column_layout(
            players,
            anchor=anchor,
            width=table_w,
            scale=scale,
            want=want,
            least=least,
            label_w=label_w,
            pile_w=pw,
            result=result,
            result_h=result_h,
        )
    else:
        layout = _focus_layout(
            players,
            focus=focus,  # type: ignore[arg-type]  # "focus" comes only with a seat in focus
            width=table_w,
            scale=scale,
            want=want,
            label_w=label_w,
            pile_w=pw,
            result=result,
            result_h=result_h,
        )
    width, height = layout["width"], layout["height"]
    boxes = layout["seats"]
    label_only = layout["label_only"]

    root = _svg_root(width, height, (0.0, 0.0, width, height), title, role="group")
    root.set("data-arrangement", kind)
    # felt: a rounded table, a darker rim, a softly lighter centre (no gradient, so no id)
    _rect(root, 2.0, 2.0, width - 4, height - 4, rx=28.0, fill=FELT, stroke="#24553e", stroke_width=4.0)
    for k in (0.94, 0.76, 0.56, 0.36):
        svg_element(
            root,
            "ellipse",
            cx=width / 2,
            cy=height / 2,
            rx=width / 2 * k,
            ry=height / 2 * k,
            fill="#fff",
            opacity=0.035,
        )
    px, py = layout["pile"]
    pg.set("transform", f"translate({_n(px)},{_n(py)})")
    pg.set("role", "group")
    pg.set("aria-label", summary)
    svg_element(pg, "title", summary)
    for line in pg.iter("text"):  # the pile's lines repeat its summary: read once
        line.set("aria-hidden", "true")
    root.append(pg)

    stacked = layout["stacked"]

    def label_width(label: tuple[list[tuple[str, str, str, float]], float, str], stack: bool) -> float:
        parts, total, _ = label
        return max(parts[0][3], total - parts[0][3] - 8) if stack and len(parts) > 1 else total

    for seat in range(players):
        x, y, w, h = boxes[seat]
        moving = seat == to_move and not is_over
        label = labels[seat]
        cut = len(shown_names[seat])
        while label_width(label, seat in stacked) > w + 0.5 and cut > 3:  # squeezed: a shorter name
            cut -= 1
            label = _seat_label(names[seat], *flags[seat], t, _short(names[seat], cut))
        sg = svg_element(root, "g", class_="vd-seat vd-to-move" if moving else "vd-seat")
        sg.set("data-seat", str(seat))
        sg.set("role", "group")
        sg.set("aria-label", label[2])
        sg.set("transform", f"translate({_n(x + w / 2)},{_n(y)})")
        _seat(
            sg,
            seat=seat,
            cards=hands[seat],
            shown=shown[seat],
            label=label,
            moving=moving,
            seat_w=w,
            seat_h=h,
            scale=layout["scales"][seat],
            t=t,
            lang=lang,
            stacked=seat in stacked,
            label_only=seat in label_only,
            deck=deck,
        )

    pill_box = layout["result"]
    if pill is not None and pill_box is not None:  # a pill has its box
        lines, _, _ = pill
        bx, by, bw, bh = pill_box
        said = t["wins"].format(player=names[winner]) if winner is not None else t["blocked"]
        bg = svg_element(root, "g", class_="vd-result", role="img", aria_label=said)
        svg_element(bg, "title", said)
        _rect(bg, bx, by, bw, bh, rx=min(21.0, bh / 2), fill="#fffbea", stroke=GOLD, stroke_width=4.0)
        for i, pill_line in enumerate(lines):
            svg_element(
                bg,
                "text",
                pill_line,
                x=width / 2,
                y=by + 9 + _RESULT_LINE * i + _RESULT_FONT * 0.93,
                font_size=_RESULT_FONT,
                font_weight="bold",
                text_anchor="middle",
                fill=INK,
            )
    return _tostring(root)


def _back_step(n: int) -> float:
    """The step between the backs of a hidden hand: a stack that still shows its size."""
    return 8.0 if n <= 12 else max(3.0, 96.0 / (n - 1))


def _seat_label(
    name: str,
    n: int,
    moving: bool,
    lappen: bool,
    winner: bool,
    t: _Captions,
    shown_name: str | None = None,
) -> tuple[list[tuple[str, str, str, float]], float, str]:
    """The label pill and tags of a seat: (parts, total width, title). ``shown_name`` is the
    name as written (maybe shortened); the title carries ``name`` whole."""
    text = (
        ("▶ " if moving else "")
        + (name if shown_name is None else shown_name)
        + " · "
        + _count_text(t, "cards", n)
    )
    parts = [(text, "", "", _text_width(text, _LABEL_FONT, True) + 26)]
    if lappen:
        parts.append((t["lappen"], "#fff", "#8e1b2c", _text_width(t["lappen"], _TAG_FONT, True) + 16))
    if winner:
        parts.append((t["winner"], INK, GOLD, _text_width(t["winner"], _TAG_FONT, True) + 16))
    total = sum(p[3] for p in parts) + 8 * (len(parts) - 1)
    title = (t["to_move"].format(player=name) if moving else name) + ", " + _count_text(t, "cards", n)
    if lappen:
        title += "; " + t["lappen_title"].format(player=name)
    return parts, total, title


def _seat(
    sg: ET.Element,
    *,
    seat: int,
    cards: tuple[Card, ...],
    shown: bool,
    label: tuple[list[tuple[str, str, str, float]], float, str],
    moving: bool,
    seat_w: float,
    seat_h: float,
    scale: float,
    t: _Captions,
    lang: str,
    stacked: bool = False,
    label_only: bool = False,
    deck: str = "classic",
) -> None:
    """One seat, centred on x = 0, its label's top at y = 0. ``stacked`` puts the tags
    ("Lappen!", "★ Winner") on a line of their own under the name; ``label_only`` draws the
    label and no cards (its number is in the label). The label is drawn for the eye: the
    seat's group carries the same words for a screen reader."""
    n = len(cards)
    parts, total, title = label
    if moving:  # a quiet glow behind the whole seat, besides the gold frame and the arrow
        _rect(
            sg,
            -seat_w / 2 - 8,
            -8.0,
            seat_w + 16,
            seat_h + 12,
            rx=14.0,
            fill="#fff",
            opacity=0.1,
            stroke=GOLD,
            stroke_width=2.0,
            stroke_opacity=0.8,
        )
    lg = svg_element(sg, "g", class_="vd-seat-label", aria_hidden="true")
    svg_element(lg, "title", title)
    text, _, _, lw = parts[0]
    x = -lw / 2 if stacked else -total / 2
    if moving:
        _rect(
            lg,
            x - 3,
            -3.0,
            lw + 6,
            _LABEL_H + 6,
            rx=(_LABEL_H + 6) / 2,
            fill="none",
            stroke=GOLD,
            stroke_width=4.0,
        )
    _rect(lg, x, 0.0, lw, _LABEL_H, rx=_LABEL_H / 2, fill="#0f2a1c", opacity=0.9 if moving else 0.55)
    svg_element(
        lg,
        "text",
        text,
        x=x + lw / 2,
        y=_LABEL_H / 2 + _LABEL_FONT * 0.36,
        font_size=_LABEL_FONT,
        font_weight="bold",
        text_anchor="middle",
        fill=GOLD if moving else "#fff",
    )
    y0 = 0.0
    x += lw + 8
    if stacked and len(parts) > 1:
        y0 = _TAG_ROW
        x = -(total - lw - 8) / 2
    for text, fg, bg, w in parts[1:]:
        tg = svg_element(sg, "g", class_="vd-tag", aria_hidden="true")
        _rect(tg, x, y0 + 3.0, w, _LABEL_H - 6, rx=6.0, fill=bg, stroke="#fff", stroke_width=1.5)
        svg_element(
            tg,
            "text",
            text,
            x=x + w / 2,
            y=y0 + _LABEL_H / 2 + _TAG_FONT * 0.36,
            font_size=_TAG_FONT,
            font_weight="bold",
            text_anchor="middle",
            fill=fg,
        )
        x += w + 8
    if label_only:
        return
    # the hand, in card units scaled into the seat box
    if shown:
        room = seat_w / scale - 2 * PAD_X - CW
        step = CW + GAP if n <= 1 else max(2.0, min(CW + GAP, room / (n - 1)))
    else:
        step = _back_step(n)
    hg, row_w = _hand_group(
        cards,
        [None] * n,
        step,
        hidden=not shown,
        t=t,
        lang=lang,
        count_on_last=True,
        placeholder_colour="#d9e8df",
        deck=deck,
    )
    hy = _LABEL_H + _LABEL_GAP + (_TAG_ROW if stacked else 0.0)
    hg.set("transform", f"translate({_n(-row_w * scale / 2)},{_n(hy)}) scale({_n(scale)})")
    hg.set("data-seat", str(seat))
    if shown and n:  # a list of the cards, each with its name
        hg.set("role", "list")
        hg.set("aria-label", _count_text(t, "hand", n))
        for card_group in list(hg):
            hg.remove(card_group)
            svg_element(hg, "g", role="listitem").append(card_group)
    else:  # face down: one name for the stack, not one "card back" per card
        hg.set("role", "img")
        hg.set("aria-label", _count_text(t, "face_down", n) if n else t["hand_0"])
    sg.append(hg)


# -- public: a move as inline HTML ---------------------------------------------------------


def _inline_card(
    c: Card,
    declared: tuple[Suit, Rank | None] | None,
    size: float,
    t: _Captions,
    lang: str,
    deck: str = "classic",
) -> str:
    """A compact card (no reserved room above it) for running text."""
    g = _card_group(c, state=None, declared=declared, t=t, lang=lang, deck=deck)
    w, h = CW + 2, CH + 3
    root = _svg_root(w * size / 100, h * size / 100, (-0.5, -0.5, w, h), _unlabel(g))
    root.set("style", "vertical-align:middle")
    root.append(g)
    return _tostring(root)


_TAG_STYLE = (
    "display:inline-block;padding:0 0.45em;border-radius:0.4em;font-weight:bold;"
    "background:#8e1b2c;color:#fff;font-size:0.85em;line-height:1.5"
)


def move_html(move: Move, *, size: float = 60, lang: str = "en", deck: str = "classic") -> str:
    """A move as an inline HTML ``<span>``: its cards as small SVGs and the notation, or a
    word for ``draw`` / ``pass``; a lappen call as a small tag."""
    t = _lang(lang)
    size = _check_size(size)
    _check_deck(deck)
    kind = getattr(move, "kind", None)
    if kind not in ("play", "draw", "pass"):
        raise TypeError(f"move_html() needs a vandatta.moves.Move, not {move!r}")
    parts = ['<span class="vd-move" style="display:inline-flex;align-items:center;gap:0.3em;flex-wrap:wrap">']
    if kind == "play":
        cards = move.cards
        declared = move.declaration
        for i, c in enumerate(cards):
            parts.append(_inline_card(c, declared if i == len(cards) - 1 else None, size, t, lang, deck))
        notation = str(move).removesuffix(" lappen")
        parts.append(
            '<span class="vd-notation" style="font-family:DejaVu Sans Mono,Menlo,Consolas,monospace;'
            f'font-size:1.15em;font-weight:bold">{escape(notation)}</span>'
        )
    else:
        parts.append(
            f'<span class="vd-word" style="font-weight:bold;font-size:1.1em">{escape(t[kind])}</span>'
        )
    if getattr(move, "lappen", False):
        parts.append(f'<span class="vd-lappen" style="{_TAG_STYLE}">{escape(t["lappen"])}</span>')
    parts.append("</span>")
    return "".join(parts)
