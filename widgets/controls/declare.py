"""Declaring an eight by touch: four big suit buttons (♠ ♥ ♦ ♣) and thirteen rank buttons
(A 2 … K), or the suit buttons alone under O1. One widget, used by the play table and the
exercises alike (and so by the dashboard's play tabs).

Every button is a real ``<button>``: reachable with Tab, pressed with Enter or Space or a
tap, with its name for screen readers ("hjärter", "kung") and ``aria-pressed`` for the
choice. The browser sends only the numbers of the suit and rank chosen; Python checks them,
and the engine decides whether the eight may be laid (the widget never does).

>>> from vandatta import Rank, Suit
>>> d = EightDeclaration(lang="en")
>>> d.declaration is None
True
>>> d.choose(Suit.HEARTS, Rank.KING)
>>> d.declaration, d.chosen_text()
((Suit.HEARTS, Rank.KING), 'king of hearts')
>>> d.suit_only = True                      # O1: the rank is not part of the declaration
>>> d.declaration, d.chosen_text("sv")
((Suit.HEARTS, None), 'hjärter')
>>> d.set_state({"suit": 7})                # what the browser sends is checked
Traceback (most recent call last):
...
traitlets.traitlets.TraitError: a suit is a number from 0 to 3 (or -1 for none), not 7
"""

from __future__ import annotations

from pathlib import Path

import anywidget
import traitlets as tr

from vandatta import Rank, Suit
from vandatta.explain import declaration_words
from vandatta.lang import check_lang

from ..base.i18n import t
from ..base.safe import BrowserGuard
from ..base.screen import Lang

__all__ = ["EightDeclaration"]

_HERE = Path(__file__).resolve().parent  # the front ends (declare.js) live beside the module

_NONE = -1


def _words(lang: str) -> dict:
    return {
        "title": t("decl_title", lang),
        "suit": t("decl_suit", lang),
        "rank": t("decl_rank", lang),
        "nothing": t("decl_nothing", lang),
        "nothing_suit": t("decl_nothing_suit", lang),
        "need_rank": t("decl_need_rank", lang),
        "need_suit": t("decl_need_suit", lang),
        "pair": t("decl_pair", lang),
        "suits": [s.name_in(lang) for s in Suit],
        "ranks": [r.name_in(lang) for r in Rank],
    }


class EightDeclaration(BrowserGuard, anywidget.AnyWidget):
    """The suit and rank an eight counts as, chosen with big buttons.

    ``suit`` (0–3, or -1) and ``rank`` (1–13, or -1) are what the browser writes, checked
    here; ``suit_only`` (O1) hides the ranks; ``lang`` re-words every button in place;
    ``disabled`` greys the buttons out. :attr:`declaration` is what a
    :class:`vandatta.Move` takes as ``declare=``: ``(Suit, Rank)``, ``(Suit, None)`` (a suit
    alone: the engine explains a missing rank) or ``None``.
    """

    _esm = _HERE / "declare.js"  # its look is in widgets/base/style.css ("the eight's declaration")

    suit = tr.Int(_NONE).tag(sync=True)
    rank = tr.Int(_NONE).tag(sync=True)
    suit_only = tr.Bool(False).tag(sync=True)
    disabled = tr.Bool(False).tag(sync=True)
    words = tr.Dict().tag(sync=True)
    lang = Lang()

    # Only these fields may come from the browser; the others are Python's to write.
    browser_writable = frozenset({"suit", "rank"})

    def __init__(self, *, lang: str = "sv", **kwargs: object) -> None:
        check_lang(lang)
        super().__init__(lang=lang, words=_words(lang), **kwargs)

    @tr.validate("suit")
    def _valid_suit(self, proposal: dict) -> int:
        value = proposal["value"]
        if isinstance(value, bool) or value not in (_NONE, *range(4)):
            raise tr.TraitError(f"a suit is a number from 0 to 3 (or -1 for none), not {value!r}")
        return value

    @tr.validate("rank")
    def _valid_rank(self, proposal: dict) -> int:
        value = proposal["value"]
        if isinstance(value, bool) or value not in (_NONE, *range(1, 14)):
            raise tr.TraitError(f"a rank is a number from 1 to 13 (or -1 for none), not {value!r}")
        return value

    @tr.observe("lang")
    def _on_lang(self, change: dict) -> None:
        self.words = _words(change["new"])

    @property
    def declaration(self) -> tuple[Suit, Rank | None] | None:
        if self.suit == _NONE:
            return None
        suit = Suit(self.suit)
        if self.suit_only or self.rank == _NONE:
            return (suit, None)
        return (suit, Rank(self.rank))

    @property
    def complete(self) -> bool:
        """A suit is chosen, and a rank too unless ``suit_only``."""
        return self.suit != _NONE and (self.suit_only or self.rank != _NONE)

    def choose(self, suit: Suit | str | None, rank: Rank | str | None = None) -> None:
        """Choose as a tap would: ``choose("♥", "K")``; ``None`` clears that part."""
        with self.hold_sync():
            self.suit = _NONE if suit is None else int(suit if isinstance(suit, Suit) else Suit.parse(suit))
            self.rank = _NONE if rank is None else int(rank if isinstance(rank, Rank) else Rank.parse(rank))

    def clear(self) -> None:
        with self.hold_sync():
            self.suit = _NONE
            self.rank = _NONE

    def chosen_text(self, lang: str | None = None) -> str:
        """The declaration in words ("hjärter kung" / "king of hearts"), or ``""``."""
        decl = self.declaration
        if decl is None:
            return ""
        return declaration_words(*decl, lang or self.lang)
