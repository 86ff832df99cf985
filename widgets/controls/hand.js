
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
