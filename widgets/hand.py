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

The picture is Python's alone: the browser may write only ``selected`` (see :mod:`widgets.safe`),
and the front end puts the picture in as parsed SVG without scripts, handlers or links.

>>> h.set_state({"svg": "<img src=x onerror=alert(1)>", "selected": [0]})
>>> h.svg.startswith("<svg"), h.selected
(True, [0])

In the browser the hand is one stop of the Tab key: the arrows (and Home, End) move between
the cards, Enter or Space chooses one; a card that had the focus keeps it through a redraw.
A card that can be chosen is a button named by its ``<title>`` ("seven of hearts"), also kept
in ``data-name``.
Looks come from the page's stylesheet (:mod:`widgets.style`).
"""

from __future__ import annotations

import anywidget
import traitlets as tr

from vandatta import Card, svg

from .safe import BrowserGuard

__all__ = ["HandView"]

_ESM = r"""
const SVG_NS = "http://www.w3.org/2000/svg";
const UNSAFE = /^(script|foreignObject|iframe|object|embed|image|use|a|animate|set|animateMotion|animateTransform|style)$/i;

// The picture comes from Python (the browser cannot write it), and is still put in as parsed
// SVG, never as HTML: no elements outside SVG, no scripts, no event handlers, no links.
function safeSvg(text) {
  if (typeof text !== "string" || !text) return null;
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  const root = doc.documentElement;
  if (!root || root.namespaceURI !== SVG_NS || root.localName !== "svg") return null;
  for (const node of [root, ...root.querySelectorAll("*")]) {
    if (node.namespaceURI !== SVG_NS || UNSAFE.test(node.localName)) { node.remove(); continue; }
    for (const attr of [...node.attributes]) {
      if (/^on/i.test(attr.name) || /href$/i.test(attr.name)) node.removeAttribute(attr.name);
    }
  }
  return document.importNode(root, true);
}

function render({ model, el }) {
  el.classList.add("vd-hand");
  let current = 0;  // the card that holds the hand's one tab stop (arrows move it)
  const cards = () => [...el.querySelectorAll("[data-index]")];
  const indexOf = (node) => parseInt(node.getAttribute("data-index"), 10);
  const draw = () => {
    // Redrawing replaces the cards: a card that had the focus gives it to the card now at
    // its place, so the keyboard stays in the hand after a choice or a play.
    const had = el.contains(document.activeElement);
    const picture = safeSvg(model.get("svg"));
    el.replaceChildren(...(picture ? [picture] : []));
    const clickable = model.get("clickable");
    el.classList.toggle("vd-clickable", clickable);
    const nodes = cards();
    if (!clickable || !nodes.length) return;
    current = Math.max(0, Math.min(current, nodes.length - 1));
    const selected = model.get("selected");
    nodes.forEach((node, i) => {
      // A card that is a button is named by its own <title> ("klöver åtta"): an aria-label
      // would have to contain the index its corners show ("8"), as WCAG's "label in name"
      // asks of a control (axe: label-content-name-mismatch). data-name keeps the name.
      const name = node.getAttribute("aria-label");
      if (name) { node.dataset.name = name; node.removeAttribute("aria-label"); }
      node.setAttribute("role", "button");
      node.setAttribute("aria-pressed", selected.includes(indexOf(node)) ? "true" : "false");
      node.setAttribute("tabindex", i === current ? "0" : "-1");
    });
    if (had) nodes[current].focus({ preventScroll: true });
  };
  const toggle = (node) => {
    if (!model.get("clickable")) return;
    const index = indexOf(node);
    const selected = [...model.get("selected")];
    const at = selected.indexOf(index);
    if (at >= 0) selected.splice(at, 1); else selected.push(index);
    // Show the choice at once; Python's redraw (one round trip later) confirms it.
    node.classList.toggle("vd-pending", at < 0);
    node.classList.toggle("vd-pending-off", at >= 0);
    node.setAttribute("aria-pressed", at < 0 ? "true" : "false");
    model.set("selected", selected);
    model.save_changes();
  };
  const cardOf = (event) => {
    const node = event.target instanceof Element ? event.target.closest("[data-index]") : null;
    return node && el.contains(node) ? node : null;
  };
  const focusCard = (i) => {
    const nodes = cards();
    if (!nodes.length) return;
    current = (i + nodes.length) % nodes.length;
    nodes.forEach((node, k) => node.setAttribute("tabindex", k === current ? "0" : "-1"));
    nodes[current].focus();
  };
  el.addEventListener("click", (event) => {
    const node = cardOf(event);
    if (node) { current = cards().indexOf(node); toggle(node); }
  });
  el.addEventListener("keydown", (event) => {
    const node = cardOf(event);
    if (!node || !model.get("clickable") || event.altKey || event.ctrlKey || event.metaKey) return;
    const at = cards().indexOf(node);
    const moves = { ArrowLeft: at - 1, ArrowUp: at - 1, ArrowRight: at + 1, ArrowDown: at + 1,
                    Home: 0, End: cards().length - 1 };
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      current = at;
      toggle(node);
    } else if (event.key in moves) {
      event.preventDefault();   // the arrows belong to the hand here, not to a replay's steps
      focusCard(moves[event.key]);
    }
  });
  model.on("change:svg", draw);
  model.on("change:clickable", draw);
  draw();
}
export default { render };
"""


class HandView(BrowserGuard, anywidget.AnyWidget):
    """A hand of cards. Set ``cards`` (and optionally ``legal`` indices to highlight);
    read ``selected`` (indices in click order) or ``selected_cards``."""

    _esm = _ESM
    browser_writable = frozenset({"selected"})  # the picture and clickability only Python sets

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
