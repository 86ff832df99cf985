// The projector's part of "Klassen svarar" (poll_tab.py): poll.js's projector, loaded from the
// server the dashboard runs in, driven by the kernel's traits (the question, the reveal).
function baseUrl(model) {
  const given = model.get("base");
  if (given) return given;
  const data = document.getElementById("jupyter-config-data");
  try {
    const base = data ? JSON.parse(data.textContent).baseUrl : "/";
    return base && base.endsWith("/") ? base : (base || "") + "/";
  } catch {
    return "/";
  }
}

function stylesheet(href, mark) {
  if (document.querySelector(`link[data-${mark}]`)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  link.setAttribute("data-" + mark, "");
  document.head.append(link);
}

async function render({ model, el }) {
  el.classList.add("vd-class-tab");
  const base = baseUrl(model);
  const words = model.get("words");
  const root = document.createElement("div");
  el.append(root);
  let view = null;
  try {
    const response = await fetch(base + "vandatta/class-static/poll.js", { method: "GET" });
    if (!response.ok) throw new Error(String(response.status));
    stylesheet(base + "vandatta/table-static/client.css", "vandatta-tables");
    stylesheet(base + "vandatta/class-static/poll.css", "vandatta-class");
    // a full URL: this module comes from a blob: URL, against which a path cannot resolve
    const poll = await import(new URL(base + "vandatta/class-static/poll.js", window.location.origin).href);
    // a second view of the same widget (or the view drawn again) shows the class already open
    const code = model.get("code");
    let token = null;
    try { token = code ? window.sessionStorage.getItem("vandatta-class-teacher-" + code) : null; } catch { /* none */ }
    view = poll.mountProjector(root, {
      base, lang: model.get("lang"), words, record: model.get("record"), code: token ? code : null, token,
      onOpen: (opened, secret) => {
        try { window.sessionStorage.setItem("vandatta-class-teacher-" + opened, secret); } catch { /* this view only */ }
      },
      onFrame: (frame) => {
        if (model.get("code") !== frame.code || model.get("answered") !== frame.answered) {
          model.set("code", frame.code);
          model.set("answered", frame.answered);
          model.save_changes();
        }
      },
    });
  } catch (error) {
    console.warn("vandatta class:", error);
    root.className = "vd-tables-note";
    root.textContent = (words.clc_no_server || {})[model.get("lang")] || "";
    return;
  }
  const ask = () => { const q = model.get("question"); if (q && q.ply !== undefined) view.ask(q.ply, q.strong); };
  const reveal = () => { const q = model.get("question"); if (q && model.get("revealed") === q.ply) view.reveal(); };
  const pause = () => view.pause(model.get("paused"));
  ask(); reveal();
  if (model.get("paused")) pause();  // after the question: asking again would end a pause
  model.on("change:paused", pause);
  model.on("change:question", ask);
  model.on("change:revealed", reveal);
  model.on("change:lang", () => view.setLang(model.get("lang")));
  return () => {
    view.dispose();
    if (view.state.socket) { view.state.socket.onclose = null; view.state.socket.close(); }
  };
}

export default { render };
