// toggle.py's switch: a button with aria-pressed, a track and knob, and the state in words.
const STYLE = `
.vd-toggle { display: inline-flex; align-items: center; gap: 10px; min-height: 44px; padding: 6px 14px;
  font: inherit; font-size: 16px; border: 2px solid var(--vd-navy, #1d3557); border-radius: 24px; background: var(--vd-paper, #fff); color: var(--vd-ink, #1b1b1b);
  cursor: pointer; }
.vd-toggle:focus-visible { outline: 3px solid var(--vd-gold, #b8860b); outline-offset: 2px; }
.vd-toggle-track { position: relative; width: 46px; height: 26px; border-radius: 13px; background: #6b6b6b;
  flex: none; transition: background 0.15s; }
.vd-toggle-knob { position: absolute; top: 3px; left: 3px; width: 20px; height: 20px; border-radius: 50%;
  background: #fff; transition: left 0.15s; }
.vd-toggle[aria-pressed="true"] { background: var(--vd-ok-bg, #e6f2ea); border-color: var(--vd-ok, #1b5e20); }
.vd-toggle[aria-pressed="true"] .vd-toggle-track { background: var(--vd-ok, #1b5e20); }
.vd-toggle[aria-pressed="true"] .vd-toggle-knob { left: 23px; }
.vd-toggle-state { font-weight: bold; min-width: 2.5em; text-align: left; }
.vd-toggle-note { margin: 4px 0 0; font-size: 16px; max-width: 40em; }
@media (prefers-reduced-motion: reduce) { .vd-toggle-track, .vd-toggle-knob { transition: none; } }
`;

function addStyle() {
  if (document.querySelector("style[data-vd-toggle]")) return;
  const style = document.createElement("style");
  style.setAttribute("data-vd-toggle", "");
  style.textContent = STYLE;
  document.head.append(style);
}

function render({ model, el }) {
  addStyle();
  const button = document.createElement("button");
  button.type = "button";
  button.className = "vd-toggle";
  const track = document.createElement("span");
  track.className = "vd-toggle-track";
  track.setAttribute("aria-hidden", "true");
  const knob = document.createElement("span");
  knob.className = "vd-toggle-knob";
  track.append(knob);
  const label = document.createElement("span");
  label.className = "vd-toggle-label";
  const stateWord = document.createElement("span");
  stateWord.className = "vd-toggle-state";
  stateWord.setAttribute("aria-hidden", "true");  // aria-pressed says it to a screen reader
  button.append(track, label, stateWord);
  const note = document.createElement("p");
  note.className = "vd-toggle-note";
  note.setAttribute("role", "status");
  el.append(button, note);
  const show = () => {
    const on = Boolean(model.get("value"));
    button.setAttribute("aria-pressed", on ? "true" : "false");
    label.textContent = model.get("description");
    stateWord.textContent = on ? model.get("on_text") : model.get("off_text");
    if (model.get("tip")) button.title = model.get("tip"); else button.removeAttribute("title");
    note.textContent = model.get("note");
    note.hidden = !model.get("note");
  };
  button.addEventListener("click", () => {
    model.set("value", !model.get("value"));
    model.save_changes();
    show();
  });
  model.on("change", show);
  show();
}

export default { render };
