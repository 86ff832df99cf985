
const GONE = ["restarting", "autorestarting", "dead", "terminating"];

function render({ model, el }) {
  el.hidden = true;
  const words = () => (model.get("texts") || {})[model.get("lang")] || {};
  const apply = () => {
    document.documentElement.lang = model.get("lang");
    document.title = model.get("title");
    if (notice) fill(notice);
  };

  // -- the notice: built from words already in the page (a dead kernel answers nothing)
  let notice = null;
  const fill = (box) => {
    const w = words();
    box.querySelector("h2").textContent = w.title || "";
    box.querySelector("p").textContent = w.text || "";
    box.querySelector("button").textContent = w.button || "";
  };
  const lose = (why) => {
    if (notice) return;
    notice = document.createElement("div");
    notice.className = "vd-lost";
    notice.setAttribute("role", "alertdialog");
    notice.setAttribute("aria-modal", "false");
    notice.setAttribute("aria-labelledby", "vd-lost-title");
    notice.dataset.why = why;
    const h2 = document.createElement("h2");
    h2.id = "vd-lost-title";
    const p = document.createElement("p");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "vd-lost-reload";
    button.addEventListener("click", () => location.reload());
    notice.append(h2, p, button);
    fill(notice);
    document.body.append(notice);
    button.focus();
  };
  const found = () => {  // the kernel answers again (a network blip): the notice goes
    if (notice && notice.dataset.why === "silent") { notice.remove(); notice = null; }
  };

  // -- the kernel's state, where the widget manager shows it (JupyterLab, Voilà)
  const kernel = model.widget_manager && model.widget_manager.kernel;
  let busy = false;
  if (kernel && kernel.statusChanged) {
    kernel.statusChanged.connect((_, status) => {
      busy = status === "busy";
      if (GONE.includes(status)) lose("kernel-" + status);
    });
  }
  if (kernel && kernel.connectionStatusChanged) {
    kernel.connectionStatusChanged.connect((_, status) => { if (status === "disconnected") lose("disconnected"); });
  }

  // -- and a heartbeat for everything else (a frozen server, a cut network)
  const every = Math.max(1000, Number(model.get("interval")) || 5000);
  let answered = performance.now();
  model.on("msg:custom", (msg) => {
    if (msg && typeof msg.pong === "number") { answered = performance.now(); found(); }
  });
  document.addEventListener("visibilitychange", () => { if (!document.hidden) answered = performance.now(); });
  const timer = setInterval(() => {
    if (document.hidden) return;  // a tab in the background: its timers are slowed down
    if (!busy && performance.now() - answered > 3 * every) lose("silent");
    try { model.send({ ping: Date.now() % 1e9 }); } catch { lose("closed"); }
  }, every);

  model.on("change:lang", apply);
  model.on("change:title", apply);
  model.on("change:texts", apply);
  apply();
  // what the page was asked for: applied by the kernel now that the page is connected
  model.send({ hello: { query: String(location.search).slice(0, 200) } });
  return () => { clearInterval(timer); if (notice) notice.remove(); };
}
export default { render };
