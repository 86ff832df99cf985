"""The profile pictures: a simple face per animal (:data:`vandatta_widgets.learner.profiles.PICTURES`),
drawn as inline SVG so that it looks the same on every device (no emoji font needed).

>>> svg = picture_svg("fox", "en", size=40)
>>> svg.startswith("<svg") and 'aria-label="Fox"' in svg
True
"""

from __future__ import annotations

from html import escape

from ..base.i18n import t
from ..learner.profiles import PICTURES

__all__ = ["picture_svg", "picture_name"]

# face colour, ear shape, muzzle colour
_LOOKS = {
    "fox": ("#e07a2e", "pointy", "#fff4e6"),
    "owl": ("#8d6e4f", "tufts", "#f2d7a6"),
    "cat": ("#9aa5b1", "pointy", "#eef1f4"),
    "bear": ("#7b5134", "round", "#c99f7a"),
    "frog": ("#5aa454", "eyes", "#c6e8b5"),
    "rabbit": ("#d9d0c7", "long", "#fbeff2"),
    "hedgehog": ("#8a7560", "spikes", "#f0dcc4"),
    "moose": ("#6d4c35", "antlers", "#a98365"),
    "seal": ("#7d8b99", "none", "#c9d3dc"),
    "bee": ("#f2c230", "feelers", "#3a3a3a"),
    "fish": ("#4a90d9", "fins", "#bcdcf7"),
    "bird": ("#d94a4a", "crest", "#ffd36b"),
}
assert set(_LOOKS) == set(PICTURES)

_EARS = {
    "pointy": '<path d="M14 22 L20 4 L30 16 Z M50 16 L60 4 L66 22 Z" fill="{c}"/>',
    "round": '<circle cx="18" cy="16" r="9" fill="{c}"/><circle cx="62" cy="16" r="9" fill="{c}"/>',
    "long": '<ellipse cx="28" cy="10" rx="6" ry="16" fill="{c}"/><ellipse cx="52" cy="10" rx="6" ry="16" fill="{c}"/>',
    "tufts": '<path d="M16 20 L18 4 L30 14 Z M50 14 L62 4 L64 20 Z" fill="{c}"/>',
    "eyes": '<circle cx="26" cy="18" r="10" fill="{c}"/><circle cx="54" cy="18" r="10" fill="{c}"/>',
    "spikes": '<path d="M10 34 L14 10 L24 22 L30 4 L40 18 L50 4 L56 22 L66 10 L70 34 Z" fill="{c}"/>',
    "antlers": '<path d="M22 22 L12 6 M17 14 L6 12 M58 22 L68 6 M63 14 L74 12" stroke="{c}" stroke-width="5" '
    'stroke-linecap="round" fill="none"/>',
    "none": "",
    "feelers": '<path d="M30 18 L22 2 M50 18 L58 2" stroke="#3a3a3a" stroke-width="3" fill="none"/>'
    '<circle cx="22" cy="3" r="3" fill="#3a3a3a"/><circle cx="58" cy="3" r="3" fill="#3a3a3a"/>',
    "fins": '<path d="M40 14 L30 2 L50 2 Z" fill="{c}"/>',
    "crest": '<path d="M34 14 L38 0 L42 10 L48 2 L46 16 Z" fill="{c}"/>',
}


def picture_name(picture: str, lang: str) -> str:
    """The animal's name: ``"Räv"``, ``"Fox"``."""
    return t(f"pa_pic_{picture}", lang)


def picture_svg(picture: str, lang: str, *, size: int = 48) -> str:
    """The picture as an inline SVG named for screen readers."""
    face, ears, muzzle = _LOOKS.get(picture, _LOOKS["fox"])
    eye = "#ffffff" if picture == "bee" else "#222222"
    body = (
        _EARS[ears].replace("{c}", face)
        + f'<circle cx="40" cy="44" r="28" fill="{face}"/>'
        + f'<ellipse cx="40" cy="54" rx="15" ry="11" fill="{muzzle}"/>'
        + f'<circle cx="30" cy="38" r="4" fill="{eye}"/><circle cx="50" cy="38" r="4" fill="{eye}"/>'
        + '<ellipse cx="40" cy="50" rx="4" ry="3" fill="#222222"/>'
    )
    name = escape(picture_name(picture, lang))
    return (
        f'<svg class="vd-picture" role="img" aria-label="{name}" width="{size}" height="{size}" '
        f'viewBox="0 0 80 80" xmlns="http://www.w3.org/2000/svg">{body}</svg>'
    )
