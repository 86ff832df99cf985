// Short sounds made in the browser (Web Audio oscillators, no sound files): a card laid, an ace,
// a round won. A mute switch remembered on this device (localStorage); off until switched on in
// classroom mode. No AudioContext is made before the person has pressed or tapped something,
// nor while the sound is off. Used as an anywidget (sound.py's SoundCue) and by the tables' page.

const KEY = "vandatta-sound";
let context = null;
let touched = false;  // a user gesture has happened on this page (browsers refuse audio before)

if (typeof window !== "undefined") {
  const mark = () => { touched = true; };
  for (const kind of ["pointerdown", "keydown", "touchstart"]) window.addEventListener(kind, mark, { capture: true, passive: true });
}

// Whether sound is on here: what this device remembers, else on (off in classroom mode).
export function soundOn(classroom = false) {
  let kept = null;
  try { kept = window.localStorage.getItem(KEY); } catch { /* private mode: the default */ }
  if (kept === "on") return true;
  if (kept === "off") return false;
  return !classroom;
}

export function setSound(on) {
  try { window.localStorage.setItem(KEY, on ? "on" : "off"); } catch { /* this page only */ }
  if (!on && context) { context.close(); context = null; }
}

// notes: [frequency Hz, start s, length s]; a soft triangle wave with a short fade
const CUES = {
  card: [[660, 0, 0.08]],
  ace: [[880, 0, 0.09], [1175, 0.1, 0.12]],
  win: [[523, 0, 0.12], [659, 0.13, 0.12], [784, 0.26, 0.12], [1047, 0.39, 0.25]],
};

// Play a cue ("card", "ace", "win") if sound is on and a gesture has happened. True if played.
export function playCue(kind, classroom = false) {
  const notes = CUES[kind];
  const Audio = window.AudioContext || window.webkitAudioContext;
  if (!notes || !Audio || !touched || !soundOn(classroom)) return false;
  if (!context) context = new Audio();
  if (context.state === "suspended" && context.resume) context.resume();
  const now = context.currentTime;
  for (const [frequency, start, length] of notes) {
    const tone = context.createOscillator();
    const gain = context.createGain();
    tone.type = "triangle";
    tone.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, now + start);
    gain.gain.exponentialRampToValueAtTime(0.2, now + start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
    tone.connect(gain).connect(context.destination);
    tone.start(now + start);
    tone.stop(now + start + length + 0.02);
  }
  return true;
}

// The mute switch: a button with aria-pressed (pressed: sound on). label(on) gives its words;
// classroom is a flag or a function asked each time (the classroom's default is off).
export function soundSwitch({ label, classroom = false }) {
  const inClass = () => (typeof classroom === "function" ? classroom() : classroom);
  const button = document.createElement("button");
  button.type = "button";
  button.className = "vd-sound-switch";
  const show = () => {
    const on = soundOn(inClass());
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.textContent = label(on);
  };
  button.addEventListener("click", () => { setSound(!soundOn(inClass())); show(); });
  button.refresh = show;
  show();
  return button;
}

const STYLE = `
.vd-sound-switch { min-height: 44px; padding: 6px 14px; font: inherit; font-size: 16px; border-radius: 22px;
  border: 2px solid var(--vd-navy, #1d3557); background: var(--vd-paper, #fff); color: var(--vd-ink, #1b1b1b); cursor: pointer; }
.vd-sound-switch[aria-pressed="true"] { background: var(--vd-ok-bg, #f1f8f1); border-color: var(--vd-ok, #1b5e20); }
.vd-sound-switch:focus-visible { outline: 3px solid var(--vd-gold, #b8860b); outline-offset: 2px; }
`;

export function addSoundStyle() {
  if (document.querySelector("style[data-vd-sound]")) return;
  const style = document.createElement("style");
  style.setAttribute("data-vd-sound", "");
  style.textContent = STYLE;
  document.head.append(style);
}

function render({ model, el }) {
  addSoundStyle();
  const words = () => (model.get("words") || {})[model.get("lang")] || {};
  const button = soundSwitch({ label: (on) => (on ? words().on : words().off) || "", classroom: () => model.get("classroom") });
  el.append(button);
  let heard = (model.get("cue") || {}).n || 0;  // a cue already sent before this view: not played
  model.on("change:cue", () => {
    const cue = model.get("cue") || {};
    if ((cue.n || 0) > heard) { heard = cue.n; playCue(cue.kind, model.get("classroom")); }
  });
  model.on("change:lang", () => button.refresh());
  model.on("change:classroom", () => button.refresh());
}

export default { render };
