"""One widget for a whole hand of cards (never one button per card): the cards are drawn by
``vandatta.svg`` and clicks come back as the synced ``selected`` trait, in click order.

>>> from vandatta import parse_cards
>>> h = HandView(cards=parse_cards("7♣ 7♥ K♠"))
>>> h.selected = [1, 0]
>>> [str(c) for c in h.selected_cards]
['7♥', '7♣']
>>> h.selected = [5, -1, 1, 1]      # what the browser sends is validated: in range, distinct
>>> h.selected
[1]

The picture is Python's alone: the browser may write only ``selected`` (see :mod:`vandatta_widgets.base.safe`),
and the front end puts the picture in as parsed SVG without scripts, handlers or links.

>>> h.set_state({"svg": "<img src=x onerror=alert(1)>", "selected": [0]})
>>> h.svg.startswith("<svg"), h.selected
(True, [0])

In the browser the hand is one stop of the Tab key: the arrows (and Home, End) move between
the cards, Enter or Space chooses one; a card that had the focus keeps it through a redraw.
A card that can be chosen is a button named by its ``<title>`` ("seven of hearts"), also kept
in ``data-name``.
Looks come from the page's stylesheet (:mod:`vandatta_widgets.base.style`).
"""

from __future__ import annotations

from pathlib import Path

import anywidget
import traitlets as tr

from vandatta import Card, svg
from vandatta.svg import DECKS

from ..base.safe import BrowserGuard
from ..base.screen import Lang

__all__ = ["HandView"]

_HERE = Path(__file__).resolve().parent  # the front ends (hand.js) live beside the module


class HandView(BrowserGuard, anywidget.AnyWidget):
    """A hand of cards. Set ``cards`` (and optionally ``legal`` indices to highlight);
    read ``selected`` (indices in click order) or ``selected_cards``."""

    _esm = _HERE / "hand.js"
    browser_writable = frozenset({"selected"})  # the picture and clickability only Python sets

    svg = tr.Unicode("").tag(sync=True)
    selected = tr.List(tr.Int(), default_value=[]).tag(sync=True)  # non-integers are refused
    clickable = tr.Bool(True).tag(sync=True)

    cards: tr.List[Card] = tr.List(default_value=[])
    legal = tr.List(tr.Int(), default_value=[])  # indices of cards that may start a play
    highlight = tr.Bool(False)  # lift legal cards and dim the others
    hidden = tr.Bool(False)  # draw backs (another seat's hand)
    last = tr.List(tr.Int(), default_value=[])  # indices to mark as just played/drawn
    size = tr.Int(96)
    lang = Lang()
    deck = tr.Enum(DECKS, default_value="classic")  # the four-colour deck: one colour per suit

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.observe(
            self._redraw,
            names=["cards", "legal", "highlight", "hidden", "size", "lang", "selected", "last", "deck"],
        )
        self._redraw()

    @tr.validate("cards")
    def _valid_cards(self, proposal: dict) -> list:
        cards = list(proposal["value"])
        for c in cards:
            if not isinstance(c, Card):
                raise tr.TraitError(f"HandView.cards must hold vandatta.Card values, not {c!r}")
        return cards

    @tr.validate("selected")
    def _valid_selected(self, proposal: dict) -> list[int]:
        # The browser may send anything: keep in-range, distinct indices, in click order.
        seen: list[int] = []
        n = len(self.cards)
        for i in proposal["value"]:
            if isinstance(i, int) and not isinstance(i, bool) and 0 <= i < n and i not in seen:
                seen.append(i)
        return seen

    @property
    def selected_cards(self) -> list[Card]:
        return [self.cards[i] for i in self.selected]

    def clear(self) -> None:
        self.selected = []

    def states(self) -> list[str | None]:
        """Each card's state as drawn: "legal", "selected", "dimmed" or None."""
        return self._states()

    # Hooks for a hand drawn a little differently (the play table's): which cards are legal now,
    # whether the others dim while a card is chosen, and how much the cards overlap.
    _dim_while_chosen = True

    def _legal_now(self) -> set[int]:
        return set(self.legal)

    def _overlap_now(self) -> float:
        return 0.0

    def _states(self) -> list[str | None]:
        states: list[str | None] = []
        legal = self._legal_now()
        dim = self._dim_while_chosen or not self.selected
        for i in range(len(self.cards)):
            if i in self.selected:
                states.append("selected")
            elif i in self.last:
                states.append("last")
            elif self.highlight and i in legal:
                states.append("legal")
            elif self.highlight and dim:
                states.append("dimmed")
            else:
                states.append(None)
        return states

    def _redraw(self, change: object = None) -> None:
        if self.selected and max(self.selected) >= len(self.cards):
            self.selected = []  # the hand changed under the selection
            return
        self.svg = svg.hand(
            self.cards,
            size=self.size,
            states=self._states(),
            lang=self.lang,
            hidden=self.hidden,
            overlap=self._overlap_now(),
            deck=self.deck,
        )
