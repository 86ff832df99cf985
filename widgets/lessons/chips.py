"""The rule and word chips, as the lessons import them (``from vandatta_widgets.lessons.chips import
chips``): they live in :mod:`vandatta_widgets.base.chips`, below every level that shows them."""

from __future__ import annotations

from ..base.chips import (
    WORDS,
    Chips,
    Told,
    UnknownChip,
    chip_html,
    chip_row_html,
    chip_words,
    chips,
    told,
    uncited,
    without_citations,
)

__all__ = [
    "Chips",
    "Told",
    "UnknownChip",
    "WORDS",
    "chips",
    "chip_html",
    "chip_row_html",
    "chip_words",
    "told",
    "uncited",
    "without_citations",
]
