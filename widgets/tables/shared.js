// What the tables' page (client.js) and the class's page (poll.js) both need: elements built
// from properties, the server's pictures put in safely, the words in the page's language and
// the language button. Served beside client.js (widgets/server/table_handlers.py, STATIC).

const SVG_NS = "http://www.w3.org/2000/svg";
const BANNED = new Set(["script", "foreignObject", "iframe", "object", "embed", "image", "use", "a",
  "animate", "set", "animateMotion", "animateTransform", "style"]);

// A picture the server drew (vandatta.svg), put in as parsed SVG: no scripts, handlers or links.
export function svgNode(text) {
  if (typeof text !== "string" || !text.startsWith("<svg")) return document.createTextNode("");
  const root = new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
  if (!root || root.namespaceURI !== SVG_NS || root.localName !== "svg") return document.createTextNode("");
  const walk = [root, ...root.querySelectorAll("*")];
  for (const node of walk) {
    if (node.namespaceURI !== SVG_NS || BANNED.has(node.localName)) { node.remove(); continue; }
    for (const { name } of [...node.attributes]) {
      if (name.toLowerCase().startsWith("on") || name.toLowerCase().endsWith("href")) node.removeAttribute(name);
    }
  }
  return document.importNode(root, true);
}

export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

// The catalog's words the server sent (config.words: key → {sv, en}) in the language the page
// shows now (state.lang), with {name} fields filled: w("tbc_seat_n", { n: 3 }).
export function words(config, state) {
  const all = config.words || {};
  return (key, values = {}) => {
    let text = (all[key] && all[key][state.lang]) || key;
    for (const [name, value] of Object.entries(values)) text = text.split("{" + name + "}").join(String(value));
    return text;
  };
}

// A count in words: key.one when n is 1, else key.other ("1 card", "2 cards"), n filled in. That is
// the plural rule of every language the pages speak (tests/test_frontend_constants.py checks it
// against vandatta.lang.plural_form); a language with more forms would need them sent per n.
export function counted(w, key, n, values = {}) {
  return w(key + (n === 1 ? ".one" : ".other"), { ...values, n });
}

// A code as typed ("ab-cd e") as the server writes it ("ABCDE").
export function typedCode(text) {
  return String(text).replace(/[\s-]/g, "").toUpperCase();
}

// The button that switches to the other language, named in that language.
export function langButton(state, setLang) {
  const other = state.lang === "sv" ? "en" : "sv";
  return el("button", { class: "vd-tb-lang", type: "button", lang: other,
    text: other === "en" ? "In English" : "På svenska", onclick: () => setLang(other) });
}

// The engine cites rules after a phrase as " (R4)" or " (R4, R9)". A child reads the sentence
// without them, and each rule follows as a chip to tap (issue 43; as widgets/lessons/chips.py).
const CITATION = / \(((?:[RVSO]\d{1,2})(?:, [RVSO]\d{1,2})*)\)/g;

// {text, rules}: the text without its citations, and the rule ids it cited, each once.
export function uncited(text) {
  const rules = [];
  const bare = String(text ?? "").replace(CITATION, (_, ids) => {
    for (const id of ids.split(", ")) if (!rules.includes(id)) rules.push(id);
    return "";
  });
  return { text: bare, rules };
}

// One rule's chip: a <details> that opens with a tap, a click, Enter or Space — the rule in a
// child's words (config.words chip_name_R4 / chip_says_R4, from vandatta_widgets/tables/page.py).
export function ruleChip(rule, w) {
  const name = w("chip_name_" + rule);
  const says = w("chip_says_" + rule);
  return el("details", { class: "vd-chip vd-chip-rule" },
    el("summary", { "aria-label": name.startsWith("chip_") ? rule : name, title: name.startsWith("chip_") ? rule : name, text: rule }),
    says.startsWith("chip_") ? null : el("span", { class: "vd-chip-says", text: says }));
}

// A sentence of the engine's as nodes: the text, then its rules' chips.
export function toldNodes(text, w) {
  const { text: bare, rules } = uncited(text);
  return [document.createTextNode(bare), ...rules.map((rule) => ruleChip(rule, w))];
}
