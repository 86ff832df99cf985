
function render({ model, el }) {
  el.classList.add("vd-decl");
  const make = (tag, cls, parent) => {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (parent) parent.appendChild(node);
    return node;
  };
  const head = make("div", "vd-decl-head", el);
  const title = make("span", "vd-decl-title", head);
  const chosen = make("span", "vd-decl-chosen", head);
  chosen.setAttribute("aria-live", "polite");
  const suits = make("div", "vd-decl-suits", el);
  suits.setAttribute("role", "group");
  const ranks = make("div", "vd-decl-ranks", el);
  ranks.setAttribute("role", "group");
  const RED = [false, true, true, false];
  const SUIT_GLYPHS = ["♠", "♥", "♦", "♣"];
  const RANK_GLYPHS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
  const suitButtons = SUIT_GLYPHS.map((glyph, i) => {
    const b = make("button", "vd-decl-suit" + (RED[i] ? " vd-red" : ""), suits);
    b.type = "button";
    b.dataset.suit = String(i);
    make("span", "vd-decl-glyph", b).textContent = glyph;
    make("span", "vd-decl-name", b);
    b.addEventListener("click", () => {
      if (model.get("disabled")) return;
      model.set("suit", model.get("suit") === i ? -1 : i);
      model.save_changes();
    });
    return b;
  });
  const rankButtons = RANK_GLYPHS.map((glyph, i) => {
    const b = make("button", "vd-decl-rank", ranks);
    b.type = "button";
    b.dataset.rank = String(i + 1);
    b.textContent = glyph;
    b.addEventListener("click", () => {
      if (model.get("disabled")) return;
      model.set("rank", model.get("rank") === i + 1 ? -1 : i + 1);
      model.save_changes();
    });
    return b;
  });
  const draw = () => {
    const words = model.get("words") || {};
    const suitNames = words.suits || [];
    const rankNames = words.ranks || [];
    const suit = model.get("suit");
    const rank = model.get("rank");
    const suitOnly = model.get("suit_only");
    const disabled = model.get("disabled");
    title.textContent = words.title || "";
    el.setAttribute("role", "group");
    el.setAttribute("aria-label", words.title || "");
    suits.setAttribute("aria-label", words.suit || "");
    ranks.setAttribute("aria-label", words.rank || "");
    ranks.hidden = !!suitOnly;
    suitButtons.forEach((b, i) => {
      b.querySelector(".vd-decl-name").textContent = suitNames[i] || "";
      b.setAttribute("aria-label", suitNames[i] || SUIT_GLYPHS[i]);
      b.setAttribute("aria-pressed", String(suit === i));
      b.disabled = !!disabled;
    });
    rankButtons.forEach((b, i) => {
      b.setAttribute("aria-label", rankNames[i] || RANK_GLYPHS[i]);
      b.title = rankNames[i] || "";
      b.setAttribute("aria-pressed", String(rank === i + 1));
      b.disabled = !!disabled;
    });
    let text = (suitOnly ? words.nothing_suit : words.nothing) || "";
    const s = suit >= 0 ? suitNames[suit] : null;
    const r = rank >= 1 ? rankNames[rank - 1] : null;
    if (suitOnly) {
      if (s) text = s;
    } else if (s && r) {
      text = (words.pair || "{suit} {rank}").replace("{suit}", s).replace("{rank}", r);
    } else if (s) {
      text = s + " – " + (words.need_rank || "");
    } else if (r) {
      text = r + " – " + (words.need_suit || "");
    }
    chosen.textContent = text;
    el.dataset.declared =
      (suit >= 0 ? (suitOnly || rank < 1 ? "" : RANK_GLYPHS[rank - 1]) + SUIT_GLYPHS[suit] : "");
  };
  ["suit", "rank", "suit_only", "words", "disabled"].forEach((name) => model.on("change:" + name, draw));
  draw();
}
export default { render };
