// The learner's record in the browser's own storage (localStorage: per origin, the same in
// Voilà, JupyterLab and JupyterLite; nothing leaves the device). The kernel asks for writes;
// this file only reads and writes keys of the app's two prefixes and says what happened.
const PREFIXES = ["vandatta:", "vandatta-ui:"];
const ours = (key) => typeof key === "string" && PREFIXES.some((p) => key.startsWith(p));

// The storage and whether it takes writes: private mode or storage switched off gives none
// ("unavailable"); a full one is still read ("full").
function openStorage() {
  let s;
  try {
    s = window.localStorage;
  } catch {
    return { s: null, problem: "unavailable" };
  }
  if (!s) return { s: null, problem: "unavailable" };
  try {
    const probe = "vandatta-ui:probe";
    s.setItem(probe, "1");
    s.removeItem(probe);
    return { s, problem: null };
  } catch (error) {
    const problem = problemOf(error);
    return { s: problem === "full" ? s : null, problem };
  }
}

function problemOf(error) {
  const full = error && (error.name === "QuotaExceededError" || error.code === 22 || error.code === 1014);
  return full ? "full" : "unavailable";
}

function zone() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  } catch {
    return "";
  }
}

// Widgets whose first hello waits for the page (see initialize): started by the first view
// drawn (or, should none ever be drawn, after a while).
const waiting = new Set();
const LONGEST_VIEW_WAIT = 10000; // ms

function initialize({ model }) {
  // The kernel says "heard" when it has the storage. A first message can be lost while the
  // page and the kernel connect, so it is said again, less and less often, until heard.
  //
  // On a page that shows the widget (the path: ``shown``), the first hello waits until its
  // view is drawn. While a page loads, its widgets are made one by one in the browser, and
  // the kernel's answer to a hello (the child's path drawn from the record) would be lost on
  // any widget not made yet: the path would say "loading" for good. A view is drawn only once
  // every widget of the page around it is made. Elsewhere (a lesson) nothing waits for it.
  let heard = false;
  let retry = null;
  const again = (wait) => {
    retry = setTimeout(() => {
      if (heard) return;
      hello();
      // never give up: a kernel that starts slowly (a busy server) hears a later one
      again(Math.min(20000, Math.round(wait * 1.5)));
    }, wait);
  };
  const hello = () => {
    const { s, problem } = openStorage();
    const stored = {};
    if (s) {
      for (let i = 0; i < s.length; i++) {
        const key = s.key(i);
        if (ours(key)) stored[key] = s.getItem(key);
      }
    }
    model.send({ loaded: stored, problem, address: String(window.location.href), zone: zone() });
  };
  const onMessage = (msg) => {
    if (!msg || typeof msg !== "object") return;
    if (msg.heard) {
      heard = true;
      return;
    }
    if (msg.reload) return hello();
    if (msg.download && typeof msg.download.text === "string") {
      // a file the child saves (their record): made here, never sent anywhere
      const blob = new Blob([msg.download.text], { type: "application/json" });
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = String(msg.download.name || "vandatta.json");
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60000);
      return;
    }
    if (msg.write && typeof msg.write === "object") {
      const { s } = openStorage();
      let problem = s ? null : "unavailable";
      if (s) {
        for (const [key, text] of Object.entries(msg.write)) {
          if (!ours(key)) continue;
          try {
            if (text === null) s.removeItem(key);
            else s.setItem(key, String(text));
          } catch (error) {
            problem = problemOf(error);
            break;
          }
        }
      }
      model.send({ written: msg.id, problem });
    }
  };
  model.on("msg:custom", onMessage);
  // another tab of the same site kept an answer: the kernel reads the storage again
  const onStorage = (event) => {
    if (event.key === null || ours(event.key)) model.send({ changed: true });
  };
  window.addEventListener("storage", onStorage);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    waiting.delete(start);
    clearTimeout(unshown);
    hello();
    again(2000);
  };
  waiting.add(start);
  const unshown = setTimeout(start, model.get("shown") === true ? LONGEST_VIEW_WAIT : 0);
  return () => {
    waiting.delete(start);
    clearTimeout(unshown);
    clearTimeout(retry);
    window.removeEventListener("storage", onStorage);
    model.off("msg:custom", onMessage);
  };
}

function render({ el }) {
  el.classList.add("vd-storage");
  for (const start of [...waiting]) start();
}

export default { initialize, render };
