// A choice this device remembers (device_choice.py): the word is kept in localStorage under
// "vandatta-ui:<key>", as sound.js keeps the mute. When the page opens, a word kept earlier
// goes to the kernel; each later change is kept. Runs as the model's initialize, so it works
// whether or not the widget is ever shown. Nothing is sent anywhere else.

function read(key) {
  try { return window.localStorage.getItem(key); } catch { return null; }  // private mode: not kept
}

function keep(key, value) {
  try { window.localStorage.setItem(key, value); } catch { /* private mode: this page only */ }
}

// Choices waiting for the page (see initialize): applied by the first view drawn (or, should
// none ever be drawn, after a while).
const waiting = new Set();
const LONGEST_VIEW_WAIT = 10000; // ms

function initialize({ model }) {
  const key = model.get("storage_key");
  if (!String(key).startsWith("vandatta-ui:")) return undefined;
  const choices = model.get("choices") || [];
  // The kept word goes to the kernel once a view is drawn: while the page loads its widgets
  // one by one, what the kernel redraws for it (every card in four colours) would be lost on
  // the widgets not made yet. A view is drawn only once every widget around it is made.
  let applied = false;
  const apply = () => {
    if (applied) return;
    applied = true;
    waiting.delete(apply);
    clearTimeout(unshown);
    const kept = read(key);
    if (kept !== null && choices.includes(kept) && kept !== model.get("value")) {
      model.set("value", kept);
      model.save_changes();
    }
  };
  waiting.add(apply);
  const unshown = setTimeout(apply, LONGEST_VIEW_WAIT);
  const onChange = () => {
    const value = model.get("value");
    if (applied && choices.includes(value) && read(key) !== value) keep(key, value);
  };
  model.on("change:value", onChange);
  return () => {
    waiting.delete(apply);
    clearTimeout(unshown);
    model.off("change:value", onChange);
  };
}

function render() {
  for (const apply of [...waiting]) apply();
}

export default { initialize, render };
