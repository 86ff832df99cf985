// Read-aloud with the browser's own speech (Web Speech API: speechSynthesis): nothing is sent
// anywhere. A button reads a text in Swedish (an sv-SE voice) or English; where the device has
// no voice for the language the button stays hidden. Used as an anywidget (speech.py's
// ReadAloud) and imported by plain pages.

const TAGS = { sv: "sv-SE", en: "en-GB" };

function synth() {
  return typeof window !== "undefined" && window.speechSynthesis ? window.speechSynthesis : null;
}

// The device's voice for "sv" or "en" (sv-SE first), or null.
export function voiceFor(lang) {
  const speech = synth();
  if (!speech || typeof speech.getVoices !== "function") return null;
  const voices = speech.getVoices() || [];
  const tag = TAGS[lang] || lang;
  const base = tag.slice(0, 2).toLowerCase();
  const norm = (v) => String(v.lang || "").replace("_", "-").toLowerCase();
  return voices.find((v) => norm(v) === tag.toLowerCase()) || voices.find((v) => norm(v).startsWith(base)) || null;
}

// Read `text` aloud in `lang`; whatever was being read stops first. False when it cannot be.
export function speak(text, lang) {
  const speech = synth();
  const voice = voiceFor(lang);
  if (!speech || !voice || !text || typeof window.SpeechSynthesisUtterance !== "function") return false;
  speech.cancel();
  const utterance = new window.SpeechSynthesisUtterance(text);
  utterance.lang = TAGS[lang] || lang;
  utterance.voice = voice;
  utterance.rate = 0.9;  // a little slower: a child follows along
  speech.speak(utterance);
  return true;
}

export function stop() {
  const speech = synth();
  if (speech) speech.cancel();
}

// Every button made, told when the device's voices arrive (often after the page has loaded);
// one listener for them all, buttons no longer on the page let go.
const buttons = new Set();
let listening = false;

function listen() {
  const speech = synth();
  if (listening || !speech || typeof speech.addEventListener !== "function") return;
  listening = true;
  speech.addEventListener("voiceschanged", () => {
    for (const button of [...buttons]) {
      if (button.isConnected) button.refresh(); else if (button.dataset.shown) buttons.delete(button);
    }
  });
}

// A "Läs upp" button: text() and lang() are asked at each click; label(lang) names it. Hidden
// while the device has no voice for the language.
export function readAloudButton({ text, lang, label }) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "vd-read-aloud";
  const refresh = () => {
    const has = Boolean(voiceFor(lang()));
    button.hidden = !has;
    button.textContent = label(lang());
    if (button.isConnected) button.dataset.shown = "1";
  };
  button.addEventListener("click", () => speak(text(), lang()));
  button.refresh = refresh;
  refresh();
  buttons.add(button);
  listen();
  return button;
}

// The lesson's own prose (its markdown cells, as Voilà, JupyterLab and the site draw them): where
// the page has a read-aloud button already, each block of prose gets one too, reading its words
// without the chips (a rule id or a word a child taps open) and the cards' pictures.
const PROSE = ".jp-MarkdownCell .jp-RenderedMarkdown";
const UNREAD = ".vd-chip, .vd-prose-read, .anchor-link, .jp-InternalAnchorLink, [aria-hidden=\"true\"], svg, style, script, template";

export function proseText(block) {
  const parts = [];
  const walk = (node) => {
    for (const child of node.childNodes) {
      if (child.nodeType === 3) parts.push(child.textContent);
      else if (child.nodeType === 1 && !child.matches(UNREAD)) {
        const block = /^(P|LI|H[1-6]|DIV|BR|TR|UL|OL)$/.test(child.tagName);
        if (block) parts.push(" ");
        walk(child);
        if (block) parts.push(" ");
      }
    }
  };
  walk(block);
  return parts.join("").replace(/\s+/g, " ").trim();
}

let proseLang = null;  // the language of the page's read-aloud widget (its lesson's language)
let proseLabels = {};
let proseWatch = null;

function addProseButtons() {
  for (const block of document.querySelectorAll(PROSE)) {
    if (block.querySelector(":scope > .vd-prose-read") || proseText(block).length < 2) continue;
    const button = readAloudButton({ text: () => proseText(block), lang: () => proseLang,
      label: (lang) => proseLabels[lang] || "" });
    button.classList.add("vd-read-aloud-prose");
    const box = document.createElement("div");
    box.className = "vd-prose-read";
    box.append(button);
    block.append(box);
  }
}

function readProse(lang, labels) {
  proseLang = lang;
  proseLabels = labels || {};
  for (const button of document.querySelectorAll(".vd-read-aloud-prose")) if (button.refresh) button.refresh();
  if (proseWatch || typeof MutationObserver !== "function") { addProseButtons(); return; }
  let queued = false;
  // Voilà draws the cells one after another: new prose gets its button as it comes
  proseWatch = new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; addProseButtons(); });
  });
  proseWatch.observe(document.body, { childList: true, subtree: true });
  addProseButtons();
}

const STYLE = `
.vd-read-aloud { min-height: 44px; padding: 6px 14px; font: inherit; font-size: 16px; border-radius: 22px;
  border: 2px solid var(--vd-navy, #1d3557); background: var(--vd-paper, #fff); color: var(--vd-ink, #1b1b1b); cursor: pointer; }
.vd-read-aloud:focus-visible { outline: 3px solid var(--vd-gold, #b8860b); outline-offset: 2px; }
.vd-read-aloud[hidden] { display: none; }
.vd-prose-read { margin: 4px 0 10px; }
.vd-prose-read:has(> .vd-read-aloud[hidden]) { display: none; }
`;

function render({ model, el }) {
  if (!document.querySelector("style[data-vd-read-aloud]")) {
    const style = document.createElement("style");
    style.setAttribute("data-vd-read-aloud", "");
    style.textContent = STYLE;
    document.head.append(style);
  }
  const button = readAloudButton({
    text: () => model.get("text"),
    lang: () => model.get("lang"),
    label: (lang) => (model.get("labels") || {})[lang] || "",
  });
  el.append(button);
  const refresh = () => { button.refresh(); button.disabled = !model.get("text"); };
  requestAnimationFrame(refresh);  // once on the page
  model.on("change", refresh);
  refresh();
  readProse(model.get("lang"), model.get("labels"));
  model.on("change:lang", () => readProse(model.get("lang"), model.get("labels")));
  return () => stop();
}

export default { render };
