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
"""

from __future__ import annotations

import anywidget
import traitlets as tr

from vandatta import Card, svg

__all__ = ["HandView"]

_ESM = r"""
function render({ model, el }) {
  el.classList.add("vd-hand");
  const draw = () => {
    el.innerHTML = model.get("svg");
    const clickable = model.get("clickable");
    el.querySelectorAll("[data-index]").forEach((node) => {
      if (!clickable) return;
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      node.style.cursor = "pointer";
    });
  };
  const toggle = (index, node) => {
    if (!model.get("clickable")) return;
    const selected = [...model.get("selected")];
    const at = selected.indexOf(index);
    if (at >= 0) selected.splice(at, 1); else selected.push(index);
    // Show the choice at once; Python's redraw (one round trip later) confirms it.
    node.classList.toggle("vd-pending", at < 0);
    node.classList.toggle("vd-pending-off", at >= 0);
    model.set("selected", selected);
    model.save_changes();
  };
  const target = (event) => {
    const node = event.target.closest("[data-index]");
    return node && el.contains(node) ? parseInt(node.getAttribute("data-index"), 10) : null;
  };
  el.addEventListener("click", (event) => {
    const index = target(event);
    if (index !== null) toggle(index, event.target.closest("[data-index]"));
  });
  el.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const index = target(event);
    if (index !== null) { event.preventDefault(); toggle(index, event.target.closest("[data-index]")); }
  });
  model.on("change:svg", draw);
  model.on("change:clickable", draw);
  draw();
}
export default { render };
"""

_CSS = """
.vd-hand { line-height: 0; }
.vd-hand svg { max-width: 100%; height: auto; }
.vd-hand [data-index]:focus { outline: 3px dashed #1a237e; outline-offset: 2px; }
.vd-hand .vd-pending { translate: 0 -10px; filter: drop-shadow(0 0 3px #e65100); }
.vd-hand .vd-pending-off { translate: 0 6px; opacity: 0.8; }
"""


class HandView(anywidget.AnyWidget):
    """A hand of cards. Set ``cards`` (and optionally ``legal`` indices to highlight);
    read ``selected`` (indices in click order) or ``selected_cards``."""

    _esm = _ESM
    _css = _CSS

    svg = tr.Unicode("").tag(sync=True)
    selected = tr.List(tr.Int(), default_value=[]).tag(sync=True)  # non-integers are refused
    clickable = tr.Bool(True).tag(sync=True)

    cards = tr.List(default_value=[])
    legal = tr.List(tr.Int(), default_value=[])  # indices of cards that may start a play
    highlight = tr.Bool(False)  # lift legal cards and dim the others
    hidden = tr.Bool(False)  # draw backs (another seat's hand)
    last = tr.List(tr.Int(), default_value=[])  # indices to mark as just played/drawn
    size = tr.Int(96)
    lang = tr.Unicode("en")

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.observe(
            self._redraw, names=["cards", "legal", "highlight", "hidden", "size", "lang", "selected", "last"]
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

    def _states(self) -> list[str | None]:
        states: list[str | None] = []
        legal = set(self.legal)
        for i in range(len(self.cards)):
            if i in self.selected:
                states.append("selected")
            elif i in self.last:
                states.append("last")
            elif self.highlight and i in legal:
                states.append("legal")
            elif self.highlight:
                states.append("dimmed")
            else:
                states.append(None)
        return states

    def _redraw(self, change: object = None) -> None:
        if self.selected and max(self.selected) >= len(self.cards):
            self.selected = []  # the hand changed under the selection
            return
        self.svg = svg.hand(
            self.cards, size=self.size, states=self._states(), lang=self.lang, hidden=self.hidden
        )
