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

function initialize({ model }) {
  const key = model.get("storage_key");
  if (!String(key).startsWith("vandatta-ui:")) return undefined;
  const kept = read(key);
  const choices = model.get("choices") || [];
  if (kept !== null && choices.includes(kept) && kept !== model.get("value")) {
    model.set("value", kept);
    model.save_changes();
  }
  const onChange = () => {
    const value = model.get("value");
    if (choices.includes(value) && read(key) !== value) keep(key, value);
  };
  model.on("change:value", onChange);
  return () => model.off("change:value", onChange);
}

export default { initialize };
