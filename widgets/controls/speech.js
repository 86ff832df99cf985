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

const STYLE = `
.vd-read-aloud { min-height: 44px; padding: 6px 14px; font: inherit; font-size: 16px; border-radius: 22px;
  border: 2px solid var(--vd-navy, #1d3557); background: var(--vd-paper, #fff); color: var(--vd-ink, #1b1b1b); cursor: pointer; }
.vd-read-aloud:focus-visible { outline: 3px solid var(--vd-gold, #b8860b); outline-offset: 2px; }
.vd-read-aloud[hidden] { display: none; }
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
  return () => stop();
}

export default { render };
